/* test_variant_singles.c: the variants' batch search takes a digit's hidden singles to its fixed point in one look: a single it places that leaves another unit one place for the digit, or none, is followed there at once; a digit's singles found together (hidden or naked) are placed together, or end the look where two see each other. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "puzzle.h"
#include "tap.h"
#include "test_util.h"

/* The search itself, compiled here under another name so that its rules can be called
 * one by one. */
#include "fast128_inside.h"

#ifdef FAST128_INSIDE

/* The empty grid of p, started (every unit to look at), with digit 1 left in row 0 at
 * (0,0) alone and in row 1 at the cells of keep (ending at -1) alone. */
static bool started(const struct puzzle *p, const int *keep, struct fast_state *s)
{
    struct fast_ctx c = { .p = p, .max_digit = p->max_digit, .g = geometry_for(p) };
    uint8_t grid[81] = { 0 };
    cellset row1 = FAST_NO_CELLS;

    if (!c.g->fits || !fast_start(&c, grid, s))
        return false;
    for (int i = 0; keep[i] >= 0; i++)
        row1 |= cell_bit(keep[i]);
    for (int col = 1; col < 9; col++)
        s->cand[1] &= ~cell_bit(col);
    for (int col = 0; col < 9; col++)
        if (!cells_any(row1 & cell_bit(9 + col)))
            s->cand[1] &= ~cell_bit(9 + col);
    return true;
}

static bool placed_at(const struct fast_state *s, int cell, int d)
{
    cellset b = cell_bit(cell);
    bool alone = true;

    for (int e = 1; e <= 9; e++)
        alone &= cells_any(s->cand[e] & b) == (e == d);
    return cells_any(s->solved & b) && alone;
}

/* Row 1 keeps 1 at (1,0) and (1,5): placing row 0's single at (0,0) takes it from (1,0)
 * (same column and box), leaving row 1 one place, (1,5), which the same look places. */
static void test_chain(const struct puzzle *p)
{
    struct fast_state s;
    bool ok = started(p, (const int[]){ 9, 14, -1 }, &s), placed = false;

    ok = ok && hidden_singles(geometry_for(p), &s, 1, &placed);
    tap_ok(ok && placed && placed_at(&s, 0, 1), "row 0's one place for 1, (0,0), is taken");
    tap_ok(ok && placed_at(&s, 14, 1) && !cells_any(s.cand[1] & cell_bit(9)),
           "the single it leaves row 1, (1,5), is placed in the same look");
}

/* Row 1 keeps 1 at (1,0) and (1,1), both in (0,0)'s box: once (0,0) holds 1, row 1 has no
 * place for it, a dead end the same look reports. */
static void test_chain_to_dead_end(const struct puzzle *p)
{
    struct fast_state s;
    bool ok = started(p, (const int[]){ 9, 10, -1 }, &s), placed = false;

    tap_ok(ok && !hidden_singles(geometry_for(p), &s, 1, &placed),
           "row 1 left no place for 1 by (0,0)'s single: a dead end in the same look");
}

/* Digit 1 left alone in row 0 at (0,0) and in row 1 at (1,1), both in the first box: the
 * same look finds both singles, which see each other, a dead end. */
static void test_two_hidden_singles_meeting(const struct puzzle *p)
{
    struct fast_state s;
    bool ok = started(p, (const int[]){ 10, -1 }, &s), placed = false;

    tap_ok(ok && !hidden_singles(geometry_for(p), &s, 1, &placed),
           "two hidden singles of 1 in one box, found in one look: a dead end");
}

/* Cells (0,0) and (0,4) left with digit 1 alone, and (5,5) too: the two in row 0 see each
 * other, a dead end; without (0,4), both others are placed, their peers losing 1. */
static void test_naked_singles(const struct puzzle *p)
{
    struct fast_state s;
    struct fast_ctx c = { .p = p, .max_digit = p->max_digit, .g = geometry_for(p) };
    uint8_t grid[81] = { 0 };
    bool placed = false, ok;

    for (int round = 0; round < 2; round++) {
        const int *cells = round == 0 ? (const int[]){ 0, 4, 50, -1 } : (const int[]){ 0, 50, -1 };

        ok = c.g->fits && fast_start(&c, grid, &s);
        for (int i = 0; ok && cells[i] >= 0; i++)
            for (int e = 2; e <= 9; e++)
                s.cand[e] &= ~cell_bit(cells[i]);
        placed = false;
        if (round == 0) {
            tap_ok(ok && !naked_singles(c.g, &s, &placed),
                   "naked singles of 1 at (0,0) and (0,4), one row: a dead end");
        } else {
            ok = ok && naked_singles(c.g, &s, &placed);
            tap_ok(ok && placed && placed_at(&s, 0, 1) && placed_at(&s, 50, 1)
                   && !cells_any(s.cand[1] & (cell_bit(8) | cell_bit(72) | cell_bit(10)
                                              | cell_bit(53) | cell_bit(5) | cell_bit(41))),
                   "naked singles of 1 at (0,0) and (5,5) placed, their rows, columns and boxes losing 1");
        }
    }
}

/* A Jigsaw of regions shaped as boxes (the third of the file), for which the chains above
 * are worked out. */
static void test_box_regions(void)
{
    struct puzzle *ps[3];
    int n = tu_read_puzzles(tap_data_path("variant/jigsaw_pairs.txt"), "variant/jigsaw_pairs.txt", ps, 3);

    tap_ok(n == 3, "variant/jigsaw_pairs.txt: the shape of box regions read (%d)", n);
    if (n == 3) {
        test_chain(ps[2]);
        test_chain_to_dead_end(ps[2]);
        test_two_hidden_singles_meeting(ps[2]);
        test_naked_singles(ps[2]);
    }
    for (int i = 0; i < n; i++)
        puzzle_free(ps[i]);
}

int main(void)
{
    test_box_regions();
    return tap_done();
}

#else

int main(void)
{
    tap_ok(true, "# SKIP no 128-bit integers: the batch search is not built");
    return tap_done();
}

#endif
