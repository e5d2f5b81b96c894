/* variant_fast128.c: the variants' batch search for grids of up to 128 cells (up to 11x11), a 128-bit word per digit. */
#include "config.h"

#ifdef __SIZEOF_INT128__

#include <stdbool.h>
#include <stdint.h>

__extension__ typedef unsigned __int128 cellset;

#define FAST_SOLVE variant_fast128_solve
#define FAST_MAX_CELLS 128
#define FAST_MAX_DIGIT 11
#define FAST_WORDS 2
#define FAST_NO_CELLS ((cellset)0)
#define FAST_MAX_COMBOS 8192
/* The puzzle's cages and those the rule of 45 adds. */
#define FAST_MAX_SUM_GROUPS 256

static inline cellset cell_bit(int cell)
{
    return (cellset)1 << cell;
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
    return -(cellset)b;
}

static inline int first_cell(cellset x)
{
    uint64_t low = (uint64_t)x;

    return low != 0 ? __builtin_ctzll(low) : 64 + __builtin_ctzll((uint64_t)(x >> 64));
}

/* The last cell of x, which is not empty. */
static inline int last_cell(cellset x)
{
    uint64_t high = (uint64_t)(x >> 64);

    return high != 0 ? 127 - __builtin_clzll(high) : 63 - __builtin_clzll((uint64_t)x);
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

#include "variant_fast_body.h"

#endif
