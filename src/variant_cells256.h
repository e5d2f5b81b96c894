/* variant_cells256.h: a set of up to 256 cells (four 64-bit words) and its operations, for the variants' batch search on 12x12 to 16x16 grids (variant_fast256.c). */
#ifndef KAKUDO_VARIANT_CELLS256_H
#define KAKUDO_VARIANT_CELLS256_H

#include <stdbool.h>
#include <stdint.h>

/* A GCC vector: & | ~ work on all four words at once (two SSE steps each).  -Wno-psabi
 * (configure.ac): sets pass by value between this file's static functions only, so the
 * note that their calling convention differs with AVX concerns no caller. */
typedef uint64_t cellset __attribute__((vector_size(32)));

#define FAST_NO_CELLS ((cellset){ 0 })

static inline cellset cell_bit(int cell)
{
    cellset x = FAST_NO_CELLS;

    x[cell >> 6] = (uint64_t)1 << (cell & 63);
    return x;
}

/* cell_bit(cell), from prev, cell_bit(cell - 1), where that is cheaper: not here, where
 * one word is set and a step of the four words cost 20 Jigsaws of 12x12 8.8k
 * instructions each in setting up their shapes.  cell may be one past the last (a loop's
 * step after its last cell): the set is then not used, and is kept in the words. */
static inline cellset cell_bit_next(cellset prev, int cell)
{
    (void)prev;
    return cell_bit(cell & 255);
}

static inline bool cells_any(cellset x)
{
    return (x[0] | x[1] | x[2] | x[3]) != 0;
}

static inline bool cells_equal(cellset a, cellset b)
{
    return !cells_any(a ^ b);
}

/* Every cell when b, none otherwise: a mask chosen without a branch. */
static inline cellset cells_if(bool b)
{
    return FAST_NO_CELLS - (uint64_t)b;
}

/* Bit w set for each word w of x holding a cell: which words a unit's places lie in is
 * not predictable, so the words are found from this rather than by a loop that stops
 * at the first. */
static inline unsigned nonempty_words(cellset x)
{
    cellset nz = (cellset)(x != 0);     /* each word all ones or zero */

    return (unsigned)((nz[0] & 1) | (nz[1] & 2) | (nz[2] & 4) | (nz[3] & 8));
}

/* The first cell of x, which is not empty. */
static inline int first_cell(cellset x)
{
    int w = __builtin_ctz(nonempty_words(x));

    return 64 * w + __builtin_ctzll(x[w]);
}

/* The last cell of x, which is not empty. */
static inline int last_cell(cellset x)
{
    int w = 31 - __builtin_clz(nonempty_words(x));

    return 64 * w + 63 - __builtin_clzll(x[w]);
}

/* x without its first cell: the first word holding a cell (the one whose earlier words
 * are all empty) loses its lowest bit, the other words stay as they are. */
static inline cellset cells_drop_first(cellset x)
{
    cellset empty = (cellset)(x == 0), before = { ~(uint64_t)0, empty[0], empty[0] & empty[1],
                                                  empty[0] & empty[1] & empty[2] };
    cellset first = before & ~empty;

    return (x & (x - 1) & first) | (x & ~first);
}

/* At most one cell: no word holds two, and at most one word holds any. */
static inline bool one_cell(cellset x)
{
    unsigned words = nonempty_words(x);

    return !cells_any(x & (x - 1)) && (words & (words - 1)) == 0;
}

/* A unit's cells for counting a set's cells in it (variant_cells128.h packs them in one
 * word; four words are counted as they are). */
struct cells_fold { cellset cells; };

/* f for unit: always made. */
static inline bool cells_fold_make(cellset unit, struct cells_fold *f)
{
    f->cells = unit;
    return true;
}

/* Whether x holds at most one of f's cells. */
static inline bool cells_fold_one(cellset x, const struct cells_fold *f)
{
    return one_cell(x & f->cells);
}

/* Always: nothing is turned here. */
static inline bool cells_fold_unturned(const struct cells_fold *f)
{
    (void)f;
    return true;
}

static inline bool cells_fold_one_unturned(cellset x, const struct cells_fold *f)
{
    return one_cell(x & f->cells);
}

/* Takes cell from each of sets[first..last], adding mark to marks[] where it was: in the
 * word holding it only, the other three being as they were. */
static inline void cells_take_cell_marking(cellset *sets, uint64_t *marks, int first, int last,
                                           int cell, uint64_t mark)
{
    int w = cell >> 6;
    uint64_t b = (uint64_t)1 << (cell & 63);

    for (int i = first; i <= last; i++) {
        marks[i] |= mark & -(uint64_t)((sets[i][w] & b) != 0);
        sets[i][w] &= ~b;
    }
}

/* Word w of x: cells 64w to 64w + 63. */
static inline uint64_t cells_word(cellset x, int w)
{
    return x[w];
}

/* x's cells n later (up) or earlier (down) in reading order, 0 <= n < 256: only in
 * setting up a shape. */
static inline cellset cells_shift_up(cellset x, int n)
{
    cellset out = FAST_NO_CELLS;
    int words = n / 64, bits = n % 64;

    for (int w = 3; w >= words; w--) {
        out[w] = x[w - words] << bits;
        if (bits != 0 && w - words > 0)
            out[w] |= x[w - words - 1] >> (64 - bits);
    }
    return out;
}

static inline cellset cells_shift_down(cellset x, int n)
{
    cellset out = FAST_NO_CELLS;
    int words = n / 64, bits = n % 64;

    for (int w = 0; w + words < 4; w++) {
        out[w] = x[w + words] >> bits;
        if (bits != 0 && w + words < 3)
            out[w] |= x[w + words + 1] << (64 - bits);
    }
    return out;
}

#endif
