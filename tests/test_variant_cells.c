/* test_variant_cells.c: the cell sets of the variant search (variant_cells256.h, or variant_cells128.h with VARIANT_CELLS_128) against a cell-by-cell reference: first, last, without the first, at most one, a cell taken from each digit, a unit's cells folded for counting, all cells or none. */
#include "config.h"

#include <stdlib.h>

#include "tap.h"

#ifdef __SIZEOF_INT128__

#ifdef VARIANT_CELLS_128
#include "variant_cells128.h"
#define CELLS 128
#else
#include "variant_cells256.h"
#define CELLS 256
#endif

static bool has(cellset x, int cell)
{
    return (cells_word(x, cell >> 6) >> (cell & 63)) & 1;
}

static int ref_first(cellset x)
{
    for (int c = 0; c < CELLS; c++)
        if (has(x, c))
            return c;
    return -1;
}

static int ref_last(cellset x)
{
    for (int c = CELLS - 1; c >= 0; c--)
        if (has(x, c))
            return c;
    return -1;
}

static int ref_count(cellset x)
{
    int n = 0;

    for (int c = 0; c < CELLS; c++)
        n += has(x, c);
    return n;
}

/* The cells of bits in word w. */
static cellset word_cells(int w, uint64_t bits)
{
    cellset x = FAST_NO_CELLS;

    for (; bits != 0; bits &= bits - 1)
        x |= cell_bit(64 * w + __builtin_ctzll(bits));
    return x;
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
    for (int c = 0; c < CELLS; c++)
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

    for (unsigned words = 0; words < 1u << CELLS / 64; words++)
        for (int kind = 0; kind < 3; kind++) {
            cellset x = FAST_NO_CELLS;

            for (int w = 0; w < CELLS / 64; w++)
                if (words & (1u << w))
                    x |= word_cells(w, kind == 0 ? (uint64_t)1 << (13 * w + 5)
                                       : kind == 1 ? ((uint64_t)1 << 63) | 1u : 0xF0F0F0F00F0F0F0Full);
            all = all && agrees(x);
            tried++;
        }
    tap_ok(all, "%d patterns of empty and non-empty words", tried);
}

/* The cells at either end of each word, and every single cell. */
static void test_single_cells(void)
{
    bool all = true;

    for (int c = 0; c < CELLS; c++) {
        all = all && agrees(cell_bit(c));
        all = all && agrees(cell_bit(c) | cell_bit(CELLS - 1 - c));
    }
    tap_ok(all, "each cell alone, and with its mirror");
}

/* cell_bit_next gives each cell's set from the one before's. */
static void test_next_cell(void)
{
    bool all = true;

    for (int c = 1; c < CELLS; c++)
        all = all && cells_equal(cell_bit_next(cell_bit(c - 1), c), cell_bit(c));
    tap_ok(all, "each cell's set from the one before's");
}

/* cells_if: every cell of every word, or none (the locked candidates' mask). */
static void test_cells_if(void)
{
    bool all = true;

    for (int c = 0; c < CELLS; c++)
        all = all && has(cells_if(true), c) && !has(cells_if(false), c);
    tap_ok(all, "cells_if: every cell or none");
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
            x |= cell_bit(rand() % CELLS);
        all = agrees(x);
    }
    tap_ok(all, "20000 random sets of up to 4 cells");
}

/* cells_take_cell_marking, cell by cell from random digit sets: each set loses the
 * cell and nothing else, and its mark gains the mark given where the set held it. */
static void test_take_cell(void)
{
    enum { NSETS = 6 };
    bool all = true;

    srand(16);
    for (int i = 0; i < 2000 && all; i++) {
        cellset sets[NSETS], before[NSETS];
        uint64_t marks[NSETS], marks_before[NSETS];
        uint64_t mark = (uint64_t)rand() << 32 | (uint64_t)rand();
        int cell = rand() % CELLS;

        for (int k = 0; k < NSETS; k++) {
            sets[k] = FAST_NO_CELLS;
            for (int n = 0; n < 40; n++)
                sets[k] |= cell_bit(rand() % CELLS);
            sets[k] |= cell_bit(cell) & cells_if(rand() % 2);
            marks[k] = (uint64_t)rand() << 16;
            before[k] = sets[k];
            marks_before[k] = marks[k];
        }
        /* The first and the last set left out: only first..last are taken from. */
        cells_take_cell_marking(sets, marks, 1, NSETS - 2, cell, mark);
        for (int k = 0; k < NSETS; k++) {
            bool inside = k >= 1 && k <= NSETS - 2, held = has(before[k], cell);
            cellset want = inside ? before[k] & ~cell_bit(cell) : before[k];
            uint64_t want_marks = inside && held ? marks_before[k] | mark : marks_before[k];

            all = all && cells_equal(sets[k], want) && marks[k] == want_marks;
        }
    }
    tap_ok(all, "a cell taken from digits 1 to %d of %d, 2000 times", NSETS - 2, NSETS);
}

/* A unit of n cells: where the width allows, cells at the same bit of both 64-bit words
 * (c and c + 64), which a fold must turn apart. */
static cellset random_unit(int n)
{
    cellset unit = FAST_NO_CELLS;

    while (ref_count(unit) < n) {
        int c = rand() % CELLS;

        unit |= cell_bit(c);
        if (rand() % 2 && c + 64 < CELLS && ref_count(unit) < n)
            unit |= cell_bit(c + 64);
    }
    return unit;
}

/* cells_fold_one against the count of x's cells in the unit, for x the unit's cells one
 * by one and two by two (with and without cells outside it), then random sets. */
static bool fold_agrees(cellset unit, const struct cells_fold *f)
{
    cellset outside = FAST_NO_CELLS;

    for (int k = 0; k < 30; k++)
        outside |= cell_bit(rand() % CELLS);
    outside &= ~unit;
    if (!cells_fold_one(FAST_NO_CELLS, f) || !cells_fold_one(outside, f))
        return tap_diag("no cell of the unit counted as more than one"), false;
    for (int a = 0; a < CELLS; a++) {
        if (!has(unit, a))
            continue;
        if (!cells_fold_one(cell_bit(a), f) || !cells_fold_one(cell_bit(a) | outside, f))
            return tap_diag("cell %d alone counted as more than one", a), false;
        for (int b = a + 1; b < CELLS; b++)
            if (has(unit, b) && (cells_fold_one(cell_bit(a) | cell_bit(b), f)
                                 || cells_fold_one(cell_bit(a) | cell_bit(b) | outside, f)))
                return tap_diag("cells %d and %d counted as one", a, b), false;
    }
    for (int k = 0; k < 200; k++) {
        cellset x = FAST_NO_CELLS;
        int n = rand() % 4;

        for (int i = 0; i < n; i++)
            x |= cell_bit(rand() % CELLS);
        x |= unit & cell_bit(rand() % CELLS);
        if (cells_fold_one(x, f) != (ref_count(x & unit) <= 1))
            return tap_diag("%d cells of the unit counted wrong", ref_count(x & unit)), false;
        if (cells_fold_unturned(f) && cells_fold_one_unturned(x, f) != (ref_count(x & unit) <= 1))
            return tap_diag("%d cells of the unit counted wrong unturned", ref_count(x & unit)), false;
    }
    return true;
}

/* Units of 1 to 11 cells (a unit holds each digit once, 11 at most at 128 cells) fold,
 * and their folds count as the sets do. */
static void test_folds(void)
{
    bool all = true;
    int unturned = 0;

    srand(45);
    for (int i = 0; i < 3000 && all; i++) {
        cellset unit = random_unit(1 + i % 11);
        struct cells_fold f;

        all = cells_fold_make(unit, &f);
        unturned += all && cells_fold_unturned(&f);
        if (!all)
            tap_diag("a unit of %d cells did not fold", ref_count(unit));
        all = all && fold_agrees(unit, &f);
    }
    tap_ok(all, "3000 units folded, each counting its cells as the sets do (%d unturned)", unturned);
}

int main(void)
{
    tap_diag("sets of %d cells", CELLS);
    test_take_cell();
    test_word_patterns();
    test_single_cells();
    test_next_cell();
    test_cells_if();
    test_random_sets();
    test_folds();
    return tap_done();
}

#else

int main(void)
{
    tap_ok(true, "# SKIP no 128-bit integers: the search is not built");
    return tap_done();
}

#endif
