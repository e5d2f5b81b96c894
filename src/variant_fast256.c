/* variant_fast256.c: the variants' batch search for grids of up to 256 cells (12x12 to 16x16), four 64-bit words per digit. */
#include "config.h"

#ifdef __SIZEOF_INT128__

#include <stdbool.h>
#include <stdint.h>

/* A GCC vector: & | ~ work on all four words at once (two SSE steps each).  -Wno-psabi
 * (configure.ac): sets pass by value between this file's static functions only, so the
 * note that their calling convention differs with AVX concerns no caller. */
typedef uint64_t cellset __attribute__((vector_size(32)));

#define FAST_SOLVE variant_fast256_solve
#define FAST_MAX_CELLS 256
#define FAST_MAX_DIGIT 16
#define FAST_WORDS 4
#define FAST_NO_CELLS ((cellset){ 0 })
/* A 16x16 Killer's 80-odd cages of up to 16 digits have more sets than a 9x9's. */
#define FAST_MAX_COMBOS 32768
#define FAST_MAX_SUM_GROUPS 512

static inline cellset cell_bit(int cell)
{
    cellset x = FAST_NO_CELLS;

    x[cell >> 6] = (uint64_t)1 << (cell & 63);
    return x;
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

/* The first cell of x, which is not empty. */
static inline int first_cell(cellset x)
{
    int w = 0;

    while (w < 3 && x[w] == 0)
        w++;
    return 64 * w + __builtin_ctzll(x[w]);
}

/* The last cell of x, which is not empty. */
static inline int last_cell(cellset x)
{
    int w = 3;

    while (w > 0 && x[w] == 0)
        w--;
    return 64 * w + 63 - __builtin_clzll(x[w]);
}

static inline cellset cells_drop_first(cellset x)
{
    for (int w = 0; w < 4; w++)
        if (x[w] != 0) {
            x[w] &= x[w] - 1;
            break;
        }
    return x;
}

/* At most one cell. */
static inline bool one_cell(cellset x)
{
    return !cells_any(cells_drop_first(x));
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

#include "variant_fast_body.h"

#endif
