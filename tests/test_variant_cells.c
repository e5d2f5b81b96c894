/* test_variant_cells.c: the 256-cell sets of the wide variant search (variant_cells256.h) against a cell-by-cell reference: first, last, without the first, at most one. */
#include "config.h"

#include <stdlib.h>

#include "tap.h"

#ifdef __SIZEOF_INT128__

#include "variant_cells256.h"

static bool has(cellset x, int cell)
{
    return (x[cell >> 6] >> (cell & 63)) & 1;
}

static int ref_first(cellset x)
{
    for (int c = 0; c < 256; c++)
        if (has(x, c))
            return c;
    return -1;
}

static int ref_last(cellset x)
{
    for (int c = 255; c >= 0; c--)
        if (has(x, c))
            return c;
    return -1;
}

static int ref_count(cellset x)
{
    int n = 0;

    for (int c = 0; c < 256; c++)
        n += has(x, c);
    return n;
}

/* first_cell, last_cell, cells_drop_first and one_cell on x against the reference;
 * false (with a diagnostic) at the first that differs. */
static bool agrees(cellset x)
{
    int n = ref_count(x);
    cellset dropped = cells_drop_first(x);

    if (one_cell(x) != (n <= 1))
        return tap_diag("one_cell wrong on %d cells", n), false;
    if (n == 0)
        return ref_count(dropped) == 0;
    if (first_cell(x) != ref_first(x) || last_cell(x) != ref_last(x))
        return tap_diag("first %d/%d, last %d/%d", first_cell(x), ref_first(x), last_cell(x),
                        ref_last(x)), false;
    if (ref_count(dropped) != n - 1 || has(dropped, ref_first(x)))
        return tap_diag("cells_drop_first wrong from cell %d", ref_first(x)), false;
    for (int c = 0; c < 256; c++)
        if (c != ref_first(x) && has(dropped, c) != has(x, c))
            return tap_diag("cells_drop_first changed cell %d", c), false;
    return true;
}

/* Every pattern of words empty or not (the words' order is what the branch-free word
 * choice gets right or wrong), each non-empty word holding one cell, two, or many. */
static void test_word_patterns(void)
{
    bool all = true;
    int tried = 0;

    for (unsigned words = 0; words < 16; words++)
        for (int kind = 0; kind < 3; kind++) {
            cellset x = FAST_NO_CELLS;

            for (int w = 0; w < 4; w++)
                if (words & (1u << w))
                    x[w] = kind == 0 ? (uint64_t)1 << (13 * w + 5)
                           : kind == 1 ? ((uint64_t)1 << 63) | 1u : 0xF0F0F0F00F0F0F0Full;
            all = all && agrees(x);
            tried++;
        }
    tap_ok(all, "%d patterns of empty and non-empty words", tried);
}

/* The cells at either end of each word, and every single cell. */
static void test_single_cells(void)
{
    bool all = true;

    for (int c = 0; c < 256; c++) {
        all = all && agrees(cell_bit(c));
        all = all && agrees(cell_bit(c) | cell_bit(255 - c));
    }
    tap_ok(all, "each cell alone, and with its mirror");
}

/* Random sparse sets, as a digit's places in a unit are. */
static void test_random_sets(void)
{
    bool all = true;

    srand(14);
    for (int i = 0; i < 20000 && all; i++) {
        cellset x = FAST_NO_CELLS;
        int n = rand() % 5;

        for (int k = 0; k < n; k++)
            x |= cell_bit(rand() % 256);
        all = agrees(x);
    }
    tap_ok(all, "20000 random sets of up to 4 cells");
}

int main(void)
{
    test_word_patterns();
    test_single_cells();
    test_random_sets();
    return tap_done();
}

#else

int main(void)
{
    tap_ok(true, "# SKIP no 128-bit integers: the wide search is not built");
    return tap_done();
}

#endif
