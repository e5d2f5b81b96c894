/* test_variant_geometry.c: the variants' batch search's geometry of a shape (units and their folds, each cell's peers and units, cages and their digit sets) against one built here from the puzzle's group lists, on Jigsaw, X, Killer and mixed shapes of 4x4 to 16x16, read and random, its start from givens that see each other, its start state against the givens placed one by one, and the Jigsaw rule of 45's pairs against a plain reference; variant_fast256.c's width, or variant_fast128.c's with VARIANT_GEOMETRY_128. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "generate.h"
#include "puzzle.h"
#include "solve.h"
#include "tap.h"
#include "test_util.h"

#ifdef __SIZEOF_INT128__

/* The search itself, compiled here under another name so that its geometry can be
 * looked into. */
#define FAST_SOLVE test_fast_solve

bool test_fast_solve(const struct puzzle *p, const uint8_t *grid, const uint8_t *avoid,
                     const struct solve_request *req, struct solve_result *res,
                     bool reading_order);

#ifdef VARIANT_GEOMETRY_128
#include "variant_fast128.c"
#else
#include "variant_fast256.c"
#endif

#define MAX_PUZZLES 64

/* The geometry the group lists give, written out plainly: units numbered in the order
 * of their groups, a cell's peers the cells of its groups but itself. */
struct reference {
    int nunits, ncages;
    cellset units[FAST_MAX_UNITS], peers[FAST_MAX_CELLS], all, cages[FAST_MAX_SUM_GROUPS];
    unitset cell_units[FAST_MAX_CELLS], region_units;
    int cage_sum[FAST_MAX_SUM_GROUPS], cage_sets[FAST_MAX_SUM_GROUPS];
};

/* How many sets of len distinct digits 1..max_digit add up to sum. */
static int count_sets(int max_digit, int len, int sum)
{
    int n = 0;

    for (int bits = 1; bits < 1 << max_digit; bits++) {
        int total = 0;

        for (int d = 0; d < max_digit; d++)
            total += (bits >> d & 1) * (d + 1);
        n += popcount32((uint32_t)bits) == len && total == sum;
    }
    return n;
}

static void build_reference(const struct puzzle *p, struct reference *r)
{
    memset(r, 0, sizeof *r);
    for (int k = 0; k < p->ngroups; k++) {
        const struct puzzle_group *grp = &p->groups[k];
        cellset mask = FAST_NO_CELLS;

        for (int i = 0; i < grp->ncells; i++)
            mask |= cell_bit(grp->cells[i]);
        for (int i = 0; i < grp->ncells; i++)
            r->peers[grp->cells[i]] |= mask;
        if (puzzle_group_is_unit(p, grp)) {
            for (int i = 0; i < grp->ncells; i++)
                r->cell_units[grp->cells[i]] |= (unitset)1 << r->nunits;
            if (grp->kind == GROUP_REGION)
                r->region_units |= (unitset)1 << r->nunits;
            r->units[r->nunits++] = mask;
        }
        if (puzzle_group_has_sum(grp)) {
            r->cages[r->ncages] = mask;
            r->cage_sum[r->ncages] = grp->sum;
            r->cage_sets[r->ncages++] = count_sets(p->max_digit, grp->ncells, grp->sum);
        }
    }
    for (int cell = 0; cell < p->ncells; cell++) {
        r->peers[cell] &= ~cell_bit(cell);
        if (!p->block[cell])
            r->all |= cell_bit(cell);
    }
}

/* Whether f counts unit's cells as the unit does: each alone at most one, each two
 * more (the folds narrow_units tests the hidden singles with), unturned too where the
 * geometry says it is. */
static bool fold_counts(const struct cells_fold *f, cellset unit, int ncells, bool unturned)
{
    for (int a = 0; a < ncells; a++) {
        if (!cells_any(unit & cell_bit(a)))
            continue;
        if (!cells_fold_one(cell_bit(a), f) || (unturned && !cells_fold_one_unturned(cell_bit(a), f)))
            return false;
        for (int b = a + 1; b < ncells; b++)
            if (cells_any(unit & cell_bit(b))
                && (cells_fold_one(cell_bit(a) | cell_bit(b), f)
                    || (unturned && cells_fold_one_unturned(cell_bit(a) | cell_bit(b), f))))
                return false;
    }
    return true;
}

/* What of g differs from r, or NULL. */
static const char *geometry_differs(const struct fast_geometry *g, const struct reference *r,
                                    const struct puzzle *p)
{
    if (!g->fits)
        return "does not fit";
    if (g->nunits != r->nunits || g->nreal_cages != r->ncages)
        return "unit or cage count";
    if (!cells_equal(g->all, r->all) || g->region_units != r->region_units)
        return "cells or regions";
    if (g->all_units != (g->nunits == 64 ? ~(unitset)0 : ((unitset)1 << g->nunits) - 1))
        return "all units";
    for (int u = 0; u < r->nunits; u++)
        if (!cells_equal(g->units[u], r->units[u]))
            return "a unit's cells";
    for (int u = 0; u < r->nunits; u++)
        if (!fold_counts(&g->unit_folds[u], r->units[u], p->ncells, !(g->turned_units >> u & 1)))
            return "a unit's fold";
    for (int cell = 0; cell < p->ncells; cell++)
        if (!cells_equal(g->peers[cell], r->peers[cell]) || g->cell_units[cell] != r->cell_units[cell])
            return "a cell's peers or units";
    for (int k = 0; k < r->ncages; k++)
        if (!cells_equal(g->cages[k].cells, r->cages[k]) || g->cages[k].sum != r->cage_sum[k]
            || g->cages[k].ncombos != r->cage_sets[k])
            return "a cage";
    return NULL;
}

/* p's geometry as the search builds it against the reference. */
static void check_shape(const struct puzzle *p, const char *what)
{
    struct reference *r = xmalloc(sizeof *r);
    const struct fast_geometry *g;
    const char *diff;

    build_reference(p, r);
    g = geometry_for(p);
    diff = geometry_differs(g, r, p);
    tap_ok(diff == NULL, "%s (%dx%d): geometry as the group lists give it%s%s", what, p->width,
           p->height, diff != NULL ? ": differs in " : "", diff != NULL ? diff : "");
    free(r);
}

static bool fits(const struct puzzle *p)
{
    return p->ncells <= FAST_MAX_CELLS && p->max_digit <= FAST_MAX_DIGIT;
}

/* The shapes of the files that fit this width, each in turn and then the first again
 * (kept lines and a new shape after another size). */
static void test_files(void)
{
    static const char *const files[] = {
        "variant/sizes.txt", "variant/variants.txt", "variant/wide.txt", "variant/jigsaw_random.txt",
        "variant/killer_master.txt", "variant/killer_45.txt", "variant/x_master.txt",
        "variant/killer16_hard.txt", "variant/killer_jigsaw16_hard.txt", "variant/walk_sizes.txt",
    };

    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        struct puzzle *ps[MAX_PUZZLES];
        int n = tu_read_puzzles(tap_data_path(files[f]), files[f], ps, MAX_PUZZLES), checked = 0;

        for (int i = 0; i < n; i++) {
            char what[160];

            if (fits(ps[i])) {
                snprintf(what, sizeof what, "%s #%d", files[f], i + 1);
                check_shape(ps[i], what);
                checked++;
            }
        }
        if (checked > 0)
            check_shape(ps[0], files[f]);
        else
            tap_ok(n > 0, "%s: read (%d), none of this width", files[f], n);
        for (int i = 0; i < n; i++)
            puzzle_free(ps[i]);
    }
}

/* A Jigsaw of size n (with diagonals when x) whose regions are random, each of n cells
 * or, when uneven, one of n + 1 and one of n - 1: the groups puzzle.c builds from any
 * map, contiguous or not. */
static struct puzzle *random_jigsaw(int n, bool x, bool uneven, struct gen_rng *rng)
{
    struct puzzle *p = sudoku_new_unfinished(n);
    int labels[FAST_MAX_CELLS];
    struct puzzle_error err;

    puzzle_set_variant(p, VARIANT_JIGSAW | (x ? VARIANT_X : 0));
    for (int cell = 0; cell < n * n; cell++)
        labels[cell] = cell / n;
    if (uneven)
        labels[n] = 0;      /* region 1 loses a cell to region 0 */
    gen_rng_shuffle(rng, labels, n * n);
    for (int cell = 0; cell < n * n; cell++)
        p->region[cell] = (uint8_t)labels[cell];
    if (!puzzle_finish_maps_checked(p, true, &err)) {
        puzzle_free(p);
        return NULL;
    }
    return p;
}

static void test_random_jigsaws(void)
{
    struct gen_rng rng;

    gen_rng_seed(&rng, 14);
    for (int n = 4; n <= FAST_MAX_DIGIT; n++)
        for (int k = 0; k < 6; k++) {
            bool x = k % 3 == 1, uneven = k % 3 == 2;
            struct puzzle *p = random_jigsaw(n, x, uneven, &rng);
            char what[80];

            snprintf(what, sizeof what, "random %s%s #%d", x ? "Jigsaw X" : "Jigsaw",
                     uneven ? " of uneven regions" : "", k + 1);
            if (!tap_ok(p != NULL, "%s of size %d: built", what, n))
                continue;
            check_shape(p, what);
            puzzle_free(p);
        }
}

/* p solved from grid by the search: how many solutions, up to two. */
static long fast_count(const struct puzzle *p, const uint8_t *grid)
{
    struct solve_request req = { .limit = 2 };
    struct solve_result res = { 0 };

    if (!test_fast_solve(p, grid, NULL, &req, &res, false))
        return -1;
    return res.count;
}

/* Each puzzle that fits, with a given's digit written again in an empty cell that sees
 * it (a row, a column, a region, a diagonal or a cage holding both): no solution, where
 * its own givens have one: fast_start stops at such givens at once (the rules after it
 * reach the dead end later: a unit holding the digit twice leaves another without it). */
static void test_givens_that_clash(void)
{
    static const char *const files[] = { "variant/sizes.txt", "variant/variants.txt", "variant/wide.txt" };

    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        struct puzzle *ps[MAX_PUZZLES];
        int n = tu_read_puzzles(tap_data_path(files[f]), files[f], ps, MAX_PUZZLES);

        for (int i = 0; i < n; i++) {
            const struct puzzle *p = ps[i];
            const struct fast_geometry *g;
            uint8_t grid[FAST_MAX_CELLS];
            int given = -1, empty = -1;

            if (!fits(p))
                continue;
            g = geometry_for(p);
            memcpy(grid, p->given, (size_t)p->ncells);
            for (int cell = 0; cell < p->ncells && empty < 0; cell++)
                for (int other = 0; other < p->ncells && grid[cell] != 0 && empty < 0; other++)
                    if (grid[other] == 0 && cells_any(g->peers[cell] & cell_bit(other))) {
                        given = cell;
                        empty = other;
                    }
            if (empty < 0)
                continue;
            tap_ok(fast_count(p, grid) == 1, "%s #%d: one solution from its givens", files[f], i + 1);
            grid[empty] = grid[given];
            tap_ok(fast_count(p, grid) == 0, "%s #%d: none with cell %d given %d as cell %d sees",
                   files[f], i + 1, empty, grid[given], given);
        }
        for (int i = 0; i < n; i++)
            puzzle_free(ps[i]);
    }
}

/* The start state as the givens placed one by one gave it before fast_start made it at
 * once: every cell open to every digit, then fast_place at each given in reading order
 * (false at a given out of range or one an earlier given took its digit from), every
 * unit to be looked at and every cell touched, nothing lost. */
static bool start_one_by_one(const struct fast_ctx *c, const uint8_t *grid, struct fast_state *s)
{
    const struct fast_geometry *g = c->g;

    memset(s, 0, sizeof *s);
    for (int d = 1; d <= c->max_digit; d++)
        s->cand[d] = g->all;
    for (int cell = 0; cell < c->p->ncells; cell++) {
        int d = grid[cell];

        if (d == 0 || !cells_any(g->all & cell_bit(cell)))
            continue;
        if (d > c->max_digit || !cells_any(s->cand[d] & cell_bit(cell)))
            return false;
        fast_place(g, s, cell, d);
    }
    for (int d = 1; d <= c->max_digit; d++) {
        s->lost[d] = FAST_NO_CELLS;
        s->todo[d] = g->all_units;
    }
    s->touched = g->all;
    return true;
}

/* Whether two start states are the same, field by field. */
static bool same_state(const struct fast_state *a, const struct fast_state *b)
{
    for (int d = 0; d <= FAST_MAX_DIGIT; d++)
        if (!cells_equal(a->cand[d], b->cand[d]) || !cells_equal(a->lost[d], b->lost[d])
            || a->todo[d] != b->todo[d] || a->locked_todo[d] != b->locked_todo[d]
            || a->settled[d] != b->settled[d])
            return false;
    return cells_equal(a->solved, b->solved) && cells_equal(a->touched, b->touched)
           && cells_equal(a->pair_touched, b->pair_touched);
}

/* Counts of start states compared for one source. */
struct start_tally { int grids, refused, differ; };

/* fast_start from grid against start_one_by_one: both refuse it, or both make the
 * same state. */
static void compare_start(const struct puzzle *p, const uint8_t *grid, struct start_tally *t)
{
    struct fast_ctx c = { .p = p, .max_digit = p->max_digit, .g = geometry_for(p) };
    struct fast_state *batch = xmalloc(sizeof *batch), *one = xmalloc(sizeof *one);
    bool ok_batch, ok_one;

    if (c.g->fits) {
        ok_batch = fast_start(&c, grid, batch);
        ok_one = start_one_by_one(&c, grid, one);
        t->grids++;
        t->refused += !ok_one;
        t->differ += ok_batch != ok_one || (ok_one && !same_state(batch, one));
    }
    free(batch);
    free(one);
}

/* p's start from its givens, from random givens (a cell in four given a digit at random:
 * most such grids hold givens that see each other) and from a given one past the largest
 * digit. */
static void compare_starts(const struct puzzle *p, struct gen_rng *rng, struct start_tally *t)
{
    uint8_t grid[FAST_MAX_CELLS];

    compare_start(p, p->given, t);
    for (int k = 0; k < 8; k++) {
        int share = k < 4 ? 4 : 3 * p->max_digit;

        for (int cell = 0; cell < p->ncells; cell++)
            grid[cell] = gen_rng_below(rng, share) == 0 ? (uint8_t)(1 + gen_rng_below(rng, p->max_digit)) : 0;
        compare_start(p, grid, t);
    }
    memcpy(grid, p->given, (size_t)p->ncells);
    grid[gen_rng_below(rng, p->ncells)] = (uint8_t)(p->max_digit + 1);
    compare_start(p, grid, t);
}

static void report_starts(const char *what, const struct start_tally *t)
{
    tap_ok(t->grids > 0 && t->refused > 0 && t->refused < t->grids && t->differ == 0,
           "%s: the start state made at once as placing the givens one by one made it"
           " (%d grids, %d refused, %d differ)", what, t->grids, t->refused, t->differ);
}

/* Every variant and size of the files that fits this width, and random Jigsaw and
 * Jigsaw X maps. */
static void test_start_states(void)
{
    static const char *const files[] = {
        "variant/sizes.txt", "variant/variants.txt", "variant/wide.txt", "variant/jigsaw_random.txt",
        "variant/killer_master.txt", "variant/x_master.txt", "variant/killer_jigsaw16_hard.txt",
    };
    struct gen_rng rng;

    gen_rng_seed(&rng, 26);
    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        struct puzzle *ps[MAX_PUZZLES];
        int n = tu_read_puzzles(tap_data_path(files[f]), files[f], ps, MAX_PUZZLES);
        struct start_tally t = { 0, 0, 0 };

        for (int i = 0; i < n; i++) {
            if (fits(ps[i]))
                compare_starts(ps[i], &rng, &t);
            puzzle_free(ps[i]);
        }
        if (t.grids > 0)
            report_starts(files[f], &t);
    }
    for (int n = 4; n <= FAST_MAX_DIGIT; n++) {
        struct start_tally t = { 0, 0, 0 };
        char what[80];

        for (int k = 0; k < 4; k++) {
            struct puzzle *p = random_jigsaw(n, k % 2 == 1, false, &rng);

            if (p == NULL)
                continue;
            compare_starts(p, &rng, &t);
            puzzle_free(p);
        }
        snprintf(what, sizeof what, "random Jigsaws and Jigsaw Xs of size %d", n);
        report_starts(what, &t);
    }
}

/* The Jigsaw rule of 45's pairs written out plainly: each run of 2 to half the rows
 * (then columns) against the regions holding more than half their cells in it, where
 * they are as many as its lines and the cells apart 1 to FAST_PAIR_MAX_CELLS a side,
 * a pair unless one already (either way round). */
static int reference_pairs(const struct fast_geometry *g, struct fast_pair *out)
{
    int region_unit[FAST_MAX_DIGIT], nregions = 0, npairs = 0;

    if (g->width > FAST_MAX_DIGIT || g->height > FAST_MAX_DIGIT)
        return 0;
    for (int u = 0; u < g->nunits && nregions < FAST_MAX_DIGIT; u++)
        if (g->region_units >> u & 1)
            region_unit[nregions++] = u;
    for (int columns = 0; columns < 2; columns++) {
        int nlines = columns ? g->width : g->height;

        for (int first = 0; first < nlines; first++)
            for (int last = first + 1; last < nlines && 2 * (last - first + 1) <= nlines; last++) {
                cellset lines = FAST_NO_CELLS, regions = FAST_NO_CELLS, a, b;
                int chosen = 0, dup = 0;

                for (int cell = 0; cell < g->width * g->height; cell++) {
                    int line = columns ? cell % g->width : cell / g->width;

                    if (line >= first && line <= last)
                        lines |= cell_bit(cell);
                }
                lines &= g->all;
                for (int i = 0; i < nregions; i++)
                    if (2 * cell_count(g->units[region_unit[i]] & lines) > g->max_digit) {
                        regions |= g->units[region_unit[i]];
                        chosen++;
                    }
                a = lines & ~regions;
                b = regions & ~lines;
                if (chosen != last - first + 1 || !cells_any(a) || cell_count(a) > FAST_PAIR_MAX_CELLS
                    || npairs == FAST_MAX_PAIRS)
                    continue;
                for (int k = 0; k < npairs; k++)
                    dup |= (cells_equal(out[k].a, a) && cells_equal(out[k].b, b))
                           || (cells_equal(out[k].a, b) && cells_equal(out[k].b, a));
                if (!dup)
                    out[npairs++] = (struct fast_pair){ a, b, cell_count(a), mutual_peers(g, a) && mutual_peers(g, b) };
            }
    }
    return npairs;
}

/* p's pairs as the search builds them against the reference, in the same order. */
static bool pairs_as_reference(const struct puzzle *p, int *npairs)
{
    static struct fast_pair want[FAST_MAX_PAIRS];
    const struct fast_geometry *g = geometry_for(p);
    int n;

    if (!g->fits)
        return false;
    if (!g->pairs_built) {
        add_line_region_pairs(thread_geometry());
        thread_geometry()->pairs_built = true;
    }
    n = reference_pairs(g, want);
    *npairs = g->npairs;
    if (n != g->npairs)
        return false;
    for (int k = 0; k < n; k++)
        if (!cells_equal(g->pairs[k].a, want[k].a) || !cells_equal(g->pairs[k].b, want[k].b)
            || g->pairs[k].ncells != want[k].ncells || g->pairs[k].distinct != want[k].distinct)
            return false;
    return true;
}

/* A Jigsaw of size n (with diagonals when x) whose regions are its boxes (its rows where
 * n has no boxes) with a few cells traded between neighbouring regions: the shapes that
 * make pairs, where a random map makes none from 7x7 on. */
static struct puzzle *traded_jigsaw(int n, bool x, struct gen_rng *rng)
{
    struct puzzle *p = sudoku_new_unfinished(n);
    bool boxes = p->box_rows > 1 && p->box_rows * p->box_cols == n;
    struct puzzle_error err;

    puzzle_set_variant(p, VARIANT_JIGSAW | (x ? VARIANT_X : 0));
    for (int cell = 0; cell < n * n; cell++)
        p->region[cell] = (uint8_t)(boxes ? cell / n / p->box_rows * p->box_rows + cell % n / p->box_cols
                                          : cell / n);
    for (int trades = 1 + gen_rng_below(rng, 4); trades > 0;) {
        int cell = gen_rng_below(rng, n * n), other = gen_rng_below(rng, 2) ? cell + 1 : cell + n;
        uint8_t r;

        if (other >= n * n || (other == cell + 1 && other % n == 0) || p->region[cell] == p->region[other])
            continue;
        r = p->region[cell];
        p->region[cell] = p->region[other];
        p->region[other] = r;
        trades--;
    }
    if (!puzzle_finish_maps_checked(p, true, &err)) {
        puzzle_free(p);
        return NULL;
    }
    return p;
}

/* The pairs of random and traded Jigsaw and Jigsaw X maps of each size the pairs are
 * built for, and of the Jigsaws of the files. */
static void test_line_region_pairs(void)
{
    static const char *const files[] = { "variant/jigsaw_random.txt", "variant/sizes.txt", "variant/variants.txt" };
    struct gen_rng rng;

    gen_rng_seed(&rng, 45);
    for (int n = 4; n <= FAST_MAX_DIGIT && n <= 11; n++) {
        int shapes = 0, same = 0, pairs = 0;

        for (int k = 0; k < 30; k++) {
            struct puzzle *p = k < 10 ? random_jigsaw(n, k % 3 == 1, k % 3 == 2, &rng)
                                      : traded_jigsaw(n, k % 2 == 1, &rng);
            int np = 0;

            if (p == NULL)
                continue;
            shapes++;
            same += pairs_as_reference(p, &np);
            pairs += np;
            puzzle_free(p);
        }
        tap_ok(shapes > 0 && same == shapes, "random and traded Jigsaw maps of size %d: the rule of 45's pairs"
               " as the runs of lines give them (%d of %d shapes, %d pairs)", n, same, shapes, pairs);
    }
    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        struct puzzle *ps[MAX_PUZZLES];
        int n = tu_read_puzzles(tap_data_path(files[f]), files[f], ps, MAX_PUZZLES), shapes = 0, same = 0, pairs = 0;

        for (int i = 0; i < n; i++) {
            int np = 0;

            if (fits(ps[i]) && ps[i]->region != NULL) {
                shapes++;
                same += pairs_as_reference(ps[i], &np);
                pairs += np;
            }
            puzzle_free(ps[i]);
        }
        tap_ok(shapes > 0 && same == shapes, "%s: the rule of 45's pairs as the runs of lines give them"
               " (%d of %d Jigsaw shapes, %d pairs)", files[f], same, shapes, pairs);
    }
}

#endif

int main(void)
{
#ifdef __SIZEOF_INT128__
    test_files();
    test_givens_that_clash();
    test_random_jigsaws();
    test_start_states();
    test_line_region_pairs();
#else
    tap_ok(true, "# SKIP no 128-bit integers: the search is not built");
#endif
    return tap_done();
}
