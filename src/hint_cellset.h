/* hint_cellset.h: sets of cells as bitmaps, and each cell's peers, for the techniques
 * that intersect "the cells seeing all of these" (hint_als.c, hint_wings.c; not for callers). */
#ifndef KAKUDO_HINT_CELLSET_H
#define KAKUDO_HINT_CELLSET_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "hint.h"

/* Enough words for the largest grid (25x25 Sudoku: 625 cells); loops stop at the
 * puzzle's own count (nw), two words for 9x9. */
#define CELLSET_WORDS 10

typedef struct { uint64_t w[CELLSET_WORDS]; } cellset;

/* The bits of a digit set, inline: without -mpopcnt __builtin_popcount is a library
 * call, and these techniques count digits in their innermost loops. */
static inline int digits_count(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    return (int)((x * 0x01010101u) >> 24);
}

static inline int cellset_words(const struct puzzle *p)
{
    return (p->ncells + 63) / 64;
}

static inline void cellset_clear(cellset *s)
{
    memset(s, 0, sizeof *s);
}

static inline void cellset_add(cellset *s, int cell)
{
    s->w[cell >> 6] |= 1ull << (cell & 63);
}

static inline bool cellset_has(const cellset *s, int cell)
{
    return (s->w[cell >> 6] >> (cell & 63)) & 1u;
}

static inline void cellset_and(cellset *s, const cellset *t, int nw)
{
    for (int i = 0; i < nw; i++)
        s->w[i] &= t->w[i];
}

static inline void cellset_or(cellset *s, const cellset *t, int nw)
{
    for (int i = 0; i < nw; i++)
        s->w[i] |= t->w[i];
}

static inline void cellset_minus(cellset *s, const cellset *t, int nw)
{
    for (int i = 0; i < nw; i++)
        s->w[i] &= ~t->w[i];
}

static inline bool cellset_empty(const cellset *s, int nw)
{
    for (int i = 0; i < nw; i++)
        if (s->w[i])
            return false;
    return true;
}

static inline bool cellset_meets(const cellset *s, const cellset *t, int nw)
{
    for (int i = 0; i < nw; i++)
        if (s->w[i] & t->w[i])
            return true;
    return false;
}

/* Whether every cell of s is in t. */
static inline bool cellset_within(const cellset *s, const cellset *t, int nw)
{
    for (int i = 0; i < nw; i++)
        if (s->w[i] & ~t->w[i])
            return false;
    return true;
}

/* The next cell of s from cell on (inclusive), or -1. */
static inline int cellset_next(const cellset *s, int cell, int nw)
{
    int i = cell >> 6;
    uint64_t word;

    if (i >= nw)
        return -1;
    word = s->w[i] & (~0ull << (cell & 63));
    while (word == 0) {
        if (++i >= nw)
            return -1;
        word = s->w[i];
    }
    return i * 64 + __builtin_ctzll(word);
}

/* The eliminations reported so far by one technique's search: a pattern whose every
 * elimination is already there is a longer way to the same end, and left out (the
 * ALS family finds the same conclusion through many sets). */
struct elim_seen {
    cellset digit[PUZZLE_MAX_DIGIT + 1];
};

/* True when h removes nothing new; else marks what it removes. */
static inline bool elim_seen_before(struct elim_seen *seen, const struct hint *h)
{
    bool all = true;

    for (int i = 0; i < h->nelim && all; i++)
        all = cellset_has(&seen->digit[h->elim[i].digit], h->elim[i].cell);
    if (all)
        return true;
    for (int i = 0; i < h->nelim; i++)
        cellset_add(&seen->digit[h->elim[i].digit], h->elim[i].cell);
    return false;
}

/* Per cell, the cells sharing a group with it (itself excluded); free() the result. */
cellset *hint_peer_sets(const struct puzzle *p);

/* The empty cells holding candidate d that see every cell of holders (none of them
 * in holders, as a cell does not see itself), less the cells of skip. */
void hint_cells_seeing_all(const struct hint_position *pos, const cellset *peers,
                           const cellset *holders, int d, const cellset *skip, cellset *out);

#endif
