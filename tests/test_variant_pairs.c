/* test_variant_pairs.c: the Jigsaw rule of 45 in the variants' batch search: the pairs of line and region cells built for hand-checked shapes, and what each narrows that the other rules do not. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "puzzle.h"
#include "tap.h"
#include "test_util.h"

/* The search itself, compiled here under another name so that its shapes can be looked
 * into. */
#include "fast128_inside.h"

#ifdef FAST128_INSIDE

/* The cells listed (ending at -1) as a set. */
static cellset cells_of(const int *list)
{
    cellset out = FAST_NO_CELLS;

    for (int i = 0; list[i] >= 0; i++)
        out |= cell_bit(list[i]);
    return out;
}

static bool has_pair(const struct fast_geometry *g, const int *a, const int *b, bool distinct)
{
    for (int k = 0; k < g->npairs; k++)
        if (cells_equal(g->pairs[k].a, cells_of(a)) && cells_equal(g->pairs[k].b, cells_of(b))
            && g->pairs[k].distinct == distinct && g->pairs[k].ncells == cell_count(cells_of(a)))
            return true;
    return false;
}

/* The shape's geometry with its pairs built (or not). */
static const struct fast_geometry *shape(const struct puzzle *p, bool pairs)
{
    const struct fast_geometry *g = geometry_for(p);

    if (pairs && !g->pairs_built) {
        add_line_region_pairs(thread_geometry());
        thread_geometry()->pairs_built = true;
    }
    return g;
}

/* Shape 1: columns 0-2 against regions 1, 4 and 7 leave (2,2) and (0,3), columns 3-5 the
 * same two the other way round; rows meet their regions whole. */
static void test_pairs_one_trade(const struct puzzle *p)
{
    const struct fast_geometry *g = shape(p, true);

    tap_ok(g->fits && g->npairs == 1 && has_pair(g, (const int[]){ 20, -1 }, (const int[]){ 3, -1 }, true),
           "one trade: one pair, (2,2) against (0,3) (%d)", g->npairs);
}

/* Shape 2: rows 1-2 against regions 2 and 3 (row 2) leave (1,0) (1,1) and (0,7) (0,8),
 * each side in one row; columns 0-2 against regions 1, 4 and 7 leave (1,2) (2,0) (2,1)
 * (2,2) and (0,3)-(0,6); columns 6-8 against regions 2, 6 and 9 leave (0,6) (2,6) (2,7)
 * (2,8) and (1,2)-(1,5).  Row 0 against region 1 (the first pair the other way round)
 * is a run of one line: left out. */
static void test_pairs_hook(const struct puzzle *p)
{
    const struct fast_geometry *g = shape(p, true);

    tap_ok(g->fits && g->npairs == 3, "hook: three pairs (%d)", g->npairs);
    tap_ok(has_pair(g, (const int[]){ 9, 10, -1 }, (const int[]){ 7, 8, -1 }, true),
           "hook: rows 1-2 against regions 2 and 3, distinct digits a side");
    tap_ok(has_pair(g, (const int[]){ 11, 18, 19, 20, -1 }, (const int[]){ 3, 4, 5, 6, -1 }, false),
           "hook: columns 0-2 against regions 1, 4 and 7");
    tap_ok(has_pair(g, (const int[]){ 6, 24, 25, 26, -1 }, (const int[]){ 11, 12, 13, 14, -1 }, false),
           "hook: columns 6-8 against regions 2, 6 and 9");
}

/* Regions shaped as boxes and Sudoku X's boxes and diagonals make no pairs. */
static void test_no_pairs(const struct puzzle *p, const char *what)
{
    const struct fast_geometry *g = shape(p, true);

    tap_ok(g->fits && g->npairs == 0, "%s: no pairs (%d)", what, g->npairs);
}

/* The empty grid of shape 2, with lose[d] taken from the cells listed, propagated with
 * the pairs or without them. */
static bool propagated(const struct puzzle *p, const int *cells, digitset lose, bool pairs,
                       struct fast_state *s)
{
    struct fast_ctx c = { .p = p, .max_digit = p->max_digit };
    uint8_t grid[81] = { 0 };

    c.g = shape(p, pairs);
    if (!pairs)
        thread_geometry()->npairs = 0;
    if (!fast_start(&c, grid, s))
        return false;
    for (int d = 1; d <= p->max_digit; d++)
        if (lose & (1u << d))
            s->cand[d] &= ~cells_of(cells);
    s->touched = s->pair_touched = c.g->all;
    return fast_propagate(c.g, s);
}

static bool cell_has(const struct fast_state *s, int cell, int d)
{
    return cells_any(s->cand[d] & cell_bit(cell));
}

/* 5 taken from (0,3)-(0,6): region 1 keeps it in rows 0 and 1, columns 0-2 (no lock),
 * so only the pair of columns 0-2 takes it from (1,2) (2,0) (2,1) (2,2). */
static void test_pair_presence(struct puzzle *p)
{
    static const int b[] = { 3, 4, 5, 6, -1 }, a[] = { 11, 18, 19, 20 };
    struct fast_state with, without;
    bool ok_with = propagated(p, b, 1u << 5, true, &with), kept = true, lost = true;

    thread_geometry()->built = false;       /* the next shape() builds it again */
    bool ok_without = propagated(p, b, 1u << 5, false, &without);

    thread_geometry()->built = false;
    for (int i = 0; i < 4; i++) {
        kept &= cell_has(&without, a[i], 5);
        lost &= !cell_has(&with, a[i], 5);
    }
    tap_ok(ok_with && ok_without && kept, "5 off (0,3)-(0,6): without the pairs (1,2) (2,0) (2,1) (2,2) keep it");
    tap_ok(ok_with && lost, "5 off (0,3)-(0,6): the pair of columns 0-2 takes it from them");
}

/* (0,7) and (0,8) left 1 and 2: row 0's other digits lie in region 1, so (1,0) and
 * (1,1) are left 1 and 2 too (locked candidates), a naked pair the search has no rule
 * for.  Their pair (of rows 1-2; here alone) holds distinct digits, as many as its
 * cells, so both go in (1,0) (1,1), and the other cells of row 1 and region 1 lose them. */
static void test_pair_distinct(struct puzzle *p)
{
    static const int a[] = { 7, 8, -1 }, b[] = { 9, 10, -1 };
    const struct fast_pair pair = { .a = cells_of(b), .b = cells_of(a), .ncells = 2, .distinct = true };
    digitset others = ((1u << 10) - 1) & ~0x7u;
    struct fast_state s;
    bool ok = propagated(p, a, others, false, &s), kept = true, narrowed = true, changed = false;

    thread_geometry()->built = false;
    for (int d = 1; d <= 9; d++)
        kept &= cell_has(&s, 9, d) == (d <= 2) && cell_has(&s, 0, d) && cell_has(&s, 13, d);
    tap_ok(ok && kept,
           "(0,7) (0,8) left 1 and 2: without the pairs (1,0) is left 1 and 2, (0,0) and (1,4) keep every digit");
    ok = ok && pair_equal(shape(p, false), &s, &pair, &changed);
    thread_geometry()->built = false;
    for (int d = 1; d <= 9; d++)
        narrowed &= cell_has(&s, 9, d) == (d <= 2) && cell_has(&s, 10, d) == (d <= 2);
    tap_ok(ok && changed && narrowed && !cell_has(&s, 0, 1) && !cell_has(&s, 0, 2)
           && !cell_has(&s, 13, 1) && cell_has(&s, 0, 3),
           "(0,7) (0,8) left 1 and 2: their pair with (1,0) (1,1) takes 1 and 2 from (0,0) and (1,4)");
}

static void test_shapes(void)
{
    struct puzzle *ps[4];
    int n = tu_read_puzzles(tap_data_path("variant/jigsaw_pairs.txt"), "variant/jigsaw_pairs.txt", ps, 4);

    tap_ok(n == 4, "variant/jigsaw_pairs.txt: read (%d)", n);
    if (n == 4) {
        test_pairs_one_trade(ps[0]);
        test_pairs_hook(ps[1]);
        test_pair_presence(ps[1]);
        test_pair_distinct(ps[1]);
        test_no_pairs(ps[2], "regions shaped as boxes");
        test_no_pairs(ps[3], "Sudoku X");
    }
    for (int i = 0; i < n; i++)
        puzzle_free(ps[i]);
}

/* Stack bytes all ones, as a deeper call may leave them, under what the next call puts
 * there. */
static __attribute__((noinline)) void dirty_stack(void)
{
    unsigned char junk[1 << 16];

    memset(junk, 0xff, sizeof junk);
    __asm__ volatile("" : : "r"(junk) : "memory");
}

/* A Jigsaw of one 64-bit word of cells has its regions from its map (add_region_map),
 * whatever the stack held: the masks took their second word from stack bytes that
 * util_byte_value_masks does not write, so that with ones there the regions covered
 * cells past the grid and were taken from the groups' lists instead. */
static void test_small_region_maps(void)
{
    struct puzzle *ps[3];
    int n = tu_read_puzzles(tap_data_path("variant/jigsaw_small.txt"), "variant/jigsaw_small.txt", ps, 3);

    tap_ok(n == 3, "variant/jigsaw_small.txt: read (%d)", n);
    for (int i = 0; i < n; i++) {
        const struct fast_geometry *g;

        thread_geometry()->built = false;
        dirty_stack();
        g = geometry_for(ps[i]);
        tap_ok(g->fits && g->map_regions >= 0, "%dx%d Jigsaw with ones on the stack: regions from the map",
               ps[i]->max_digit, ps[i]->max_digit);
        puzzle_free(ps[i]);
    }
}

#endif

int main(void)
{
#ifdef FAST128_INSIDE
    test_shapes();
    test_small_region_maps();
#else
    tap_ok(true, "# SKIP no 128-bit integers: the batch search is not built");
#endif
    return tap_done();
}
