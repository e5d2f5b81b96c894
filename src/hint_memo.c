/* hint_memo.c: which digits a single-digit technique has searched in vain, remembered per
 * thread by the digit's places (hint_memo.h). */
#include "config.h"
#include "hint_memo.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

#define MEMO_WORDS ((SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE + 63) / 64)
#define MEMO_SLOTS 2            /* places remembered per digit: the walk's position and
                                 * the one before, or two puzzles rated in turn */

/* A digit's places: where it may go and where it is. */
struct memo_places {
    uint64_t may[MEMO_WORDS], is[MEMO_WORDS];
};

/* Every digit's places in a search's position, worked out once per search. */
struct hint_memo_keys {
    uint64_t shape;
    int words;
    struct memo_places digit[SUDOKU_MAX_SIZE + 1];
};

/* What was searched in vain with a digit's places: per technique, the effort it spent, or
 * -1 when not known to be in vain. */
struct memo_entry {
    const struct puzzle *p;
    uint64_t shape;
    struct memo_places places;
    int32_t effort[TECH_COUNT];
    bool used;
};

/* SUDOKU_MAX_SIZE + 1 rows of MEMO_SLOTS, made on first use (util_thread_room: a
 * _Thread_local table is zeroed at every process's start, used or not). */
static _Thread_local struct memo_entry (*memo)[MEMO_SLOTS];

static struct memo_entry (*memo_table(void))[MEMO_SLOTS]
{
    if (memo == NULL)
        memo = util_thread_room((SUDOKU_MAX_SIZE + 1) * sizeof *memo);
    return memo;
}
static _Thread_local unsigned memo_next[SUDOKU_MAX_SIZE + 1];
static _Thread_local unsigned long memo_skips;

/* Where the places alone decide a single-digit search: a cage's sum makes a digit's links
 * depend on the others (hint_group_required). */
static bool memo_applies(const struct puzzle *p)
{
    return p->ops->kind == PUZZLE_SUDOKU && !(p->variant & VARIANT_KILLER)
           && p->max_digit <= SUDOKU_MAX_SIZE && p->ncells <= 64 * MEMO_WORDS;
}

/* A hash of the puzzle's units, so that a puzzle freed and another made at its address
 * is told apart. */
static uint64_t units_shape(const struct puzzle *p)
{
    uint64_t h = 1469598103934665603ull ^ (uint64_t)p->ngroups;

    for (int g = 0; g < p->ngroups; g++)
        for (int i = 0; i < p->groups[g].ncells; i++)
            h = (h ^ (uint64_t)(p->groups[g].cells[i] + 1 + 128 * g)) * 1099511628211ull;
    return h;
}

static const struct hint_memo_keys *search_keys(struct hint_search *s)
{
    const struct hint_position *pos = s->pos;
    struct hint_memo_keys *k = s->memo_keys;

    if (k != NULL)
        return k;
    k = s->memo_keys = xcalloc(1, sizeof *k);
    k->shape = units_shape(pos->p);
    k->words = (pos->p->ncells + 63) / 64;
    for (int cell = 0; cell < pos->p->ncells; cell++) {
        uint64_t bit = 1ull << (cell % 64);
        int w = cell / 64;

        if (pos->p->block[cell])
            continue;
        if (pos->grid[cell] != 0) {
            if (pos->grid[cell] <= SUDOKU_MAX_SIZE)
                k->digit[pos->grid[cell]].is[w] |= bit;
            continue;
        }
        for (digitset m = pos->cands[cell] & ~1u; m != 0; m &= m - 1)
            if (lowest_bit(m) <= SUDOKU_MAX_SIZE)
                k->digit[lowest_bit(m)].may[w] |= bit;
    }
    return k;
}

static bool same_places(const struct memo_places *a, const struct memo_places *b, int words)
{
    return memcmp(a->may, b->may, (size_t)words * sizeof a->may[0]) == 0
           && memcmp(a->is, b->is, (size_t)words * sizeof a->is[0]) == 0;
}

/* The entry remembering d's places now, NULL if none. */
static struct memo_entry *entry_of(struct hint_search *s, int d, const struct hint_memo_keys *k)
{
    for (int i = 0; i < MEMO_SLOTS; i++) {
        struct memo_entry *e = &memo_table()[d][i];
        if (e->used && e->p == s->pos->p && e->shape == k->shape
            && same_places(&e->places, &k->digit[d], k->words))
            return e;
    }
    return NULL;
}

bool hint_memo_vain(struct hint_search *s, int d, long *effort)
{
    const struct hint_memo_keys *k;
    const struct memo_entry *e;

    if (!memo_applies(s->pos->p) || d < 1 || d > SUDOKU_MAX_SIZE)
        return false;
    k = search_keys(s);
    if ((e = entry_of(s, d, k)) == NULL || e->effort[s->id] < 0)
        return false;
    if (effort != NULL)
        *effort = e->effort[s->id];
    memo_skips++;
    return true;
}

void hint_memo_keep_vain(struct hint_search *s, int d, long effort)
{
    const struct hint_memo_keys *k;
    struct memo_entry *e;

    if (!memo_applies(s->pos->p) || d < 1 || d > SUDOKU_MAX_SIZE || effort < 0 || effort > INT32_MAX)
        return;
    k = search_keys(s);
    if ((e = entry_of(s, d, k)) == NULL) {
        e = &memo_table()[d][memo_next[d]++ % MEMO_SLOTS];
        e->p = s->pos->p;
        e->shape = k->shape;
        e->places = k->digit[d];
        for (int t = 0; t < TECH_COUNT; t++)
            e->effort[t] = -1;
        e->used = true;
    }
    e->effort[s->id] = (int32_t)effort;
}

void hint_memo_search_done(struct hint_search *s)
{
    free(s->memo_keys);
    s->memo_keys = NULL;
}

void hint_memo_forget(void)
{
    if (memo != NULL)
        memset(memo, 0, (SUDOKU_MAX_SIZE + 1) * sizeof *memo);
}

unsigned long hint_memo_skips(void)
{
    return memo_skips;
}
