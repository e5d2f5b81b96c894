/* variant_cells128.h: a set of up to 128 cells (an unsigned __int128) and its operations, for the variants' batch search on grids up to 11x11 (variant_fast128.c). */
#ifndef KAKUDO_VARIANT_CELLS128_H
#define KAKUDO_VARIANT_CELLS128_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

__extension__ typedef unsigned __int128 cellset;

#define FAST_NO_CELLS ((cellset)0)

static inline cellset cell_bit(int cell)
{
    return (cellset)1 << cell;
}

/* cell_bit(cell), from prev, cell_bit(cell - 1), where that is cheaper: a one-bit step
 * here, where a cell's bit from its number is a 128-bit shift of any count.  cell may be
 * one past the last (a loop's step after its last cell): the set is then not used. */
static inline cellset cell_bit_next(cellset prev, int cell)
{
    (void)cell;
    return prev << 1;
}

static inline bool cells_any(cellset x)
{
    return x != 0;
}

static inline bool cells_equal(cellset a, cellset b)
{
    return a == b;
}

/* Every cell when b, none otherwise: a mask chosen without a branch. */
static inline cellset cells_if(bool b)
{
    /* Word by word: GCC negated the 128-bit value through the stack. */
    uint64_t word = -(uint64_t)b;

    return (cellset)word << 64 | word;
}

/* The first cell of x, which is not empty.  The word holding it is chosen without a
 * branch, here and in last_cell: which word a digit's places start or end in is not
 * predictable (a tenth of the missed branches of 300 Master Jigsaws' search,
 * cachegrind's model). */
static inline int first_cell(cellset x)
{
    uint64_t low = (uint64_t)x, high = (uint64_t)(x >> 64);
    int in_high = low == 0;

    return 64 * in_high + __builtin_ctzll(in_high ? high : low);
}

/* The last cell of x, which is not empty. */
static inline int last_cell(cellset x)
{
    uint64_t low = (uint64_t)x, high = (uint64_t)(x >> 64);
    int in_high = high != 0;

    return 64 * in_high + 63 - __builtin_clzll(in_high ? high : low);
}

/* x without its first cell, x & (x - 1), worked out word by word with the borrow made
 * by hand: GCC's 128-bit subtraction moved the words through the stack (28 instructions
 * a unit in narrow_units' loop). */
static inline cellset cells_drop_first(cellset x)
{
    uint64_t low = (uint64_t)x, high = (uint64_t)(x >> 64);

    return (cellset)(low & (low - 1)) | (cellset)(high & (high - (low == 0))) << 64;
}

/* At most one cell. */
static inline bool one_cell(cellset x)
{
    return !cells_any(cells_drop_first(x));
}

/* A unit's cells packed for counting a set's cells in it: its high word's cells turned
 * (rotated) to bits its low word leaves empty, so that those of any set, both words
 * ORed, fall in one 64-bit word without meeting.  At most one is then that word's test,
 * where the whole set's needs the borrow carried between words (narrow_units: 25
 * instructions a unit and digit, the hidden singles' biggest part). */
struct cells_fold { uint64_t low, high; unsigned turn; };

static inline uint64_t turn_left(uint64_t x, unsigned n)
{
    return (x << n) | (x >> (-n & 63));
}

/* f for unit; false when no turn keeps its words apart.  That cannot happen for a unit,
 * 11 cells at most here: of the 64 turns, each pair of a high word's cell and a low
 * word's bars one, 30 pairs at most. */
static inline bool cells_fold_make(cellset unit, struct cells_fold *f)
{
    uint64_t low = (uint64_t)unit, high = (uint64_t)(unit >> 64);

    for (unsigned n = 0; n < 64; n++)
        if ((turn_left(high, n) & low) == 0) {
            *f = (struct cells_fold){ low, high, n };
            return true;
        }
    return false;
}

/* Whether x holds at most one of f's cells. */
static inline bool cells_fold_one(cellset x, const struct cells_fold *f)
{
    uint64_t m = ((uint64_t)x & f->low) | turn_left((uint64_t)(x >> 64) & f->high, f->turn);

    return (m & (m - 1)) == 0;
}

/* Whether f's words are apart as they are.  So are a 9x9 grid's rows' and columns' and
 * most regions': the high word's cells are rows 7 and 8, at the bits of rows 0 and 1 a
 * column on in the low word; of 900 generated Jigsaws (300 a level) 16 have a region
 * reaching that far. */
static inline bool cells_fold_unturned(const struct cells_fold *f)
{
    return f->turn == 0;
}

/* cells_fold_one where f is unturned: without the turn, three instructions of about
 * twenty a test. */
static inline bool cells_fold_one_unturned(cellset x, const struct cells_fold *f)
{
    uint64_t m = ((uint64_t)x & f->low) | ((uint64_t)(x >> 64) & f->high);

    return (m & (m - 1)) == 0;
}

/* Word w of x: cells 64w to 64w + 63. */
static inline uint64_t cells_word(cellset x, int w)
{
    return (uint64_t)(x >> (64 * w));
}

/* x's cells n later (up) or earlier (down) in reading order. */
static inline cellset cells_shift_up(cellset x, int n)
{
    return x << n;
}

static inline cellset cells_shift_down(cellset x, int n)
{
    return x >> n;
}

/* Takes cell from each of sets[first..last], adding mark to marks[] where it was: in the
 * 64-bit word holding it only, a step on one general register where the whole set
 * takes two (the word in memory: on a big-endian machine the high word comes first). */
static inline void cells_take_cell_marking(cellset *sets, uint64_t *marks, int first, int last,
                                           int cell, uint64_t mark)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    size_t at = 8 * (size_t)(1 - (cell >> 6));
#else
    size_t at = 8 * (size_t)(cell >> 6);
#endif
    uint64_t b = (uint64_t)1 << (cell & 63);

    for (int i = first; i <= last; i++) {
        uint64_t in;

        memcpy(&in, (char *)&sets[i] + at, sizeof in);
        marks[i] |= mark & -(uint64_t)((in & b) != 0);
        in &= ~b;
        memcpy((char *)&sets[i] + at, &in, sizeof in);
    }
}

#endif
