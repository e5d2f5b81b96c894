/* test_variant_fast.c: the variants' batch search (variant_fast.c) against the observed cell-by-cell one: the same counts, first and smallest solutions. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "puzzle.h"
#include "solve.h"
#include "tap.h"
#include "test_util.h"
#include "util.h"
#include "variant_fast.h"

/*
 * A search with an observer walks the groups cell by cell (variant_solve.c); without
 * one a 9x9 goes to the bitboards.  Both must agree on every grid: the puzzles of the
 * test data, each with givens taken away (several solutions: the smallest must match),
 * with a clashing digit added (none), and with a cage sum made impossible.
 */

static int quiet_step(const struct solve_step *step, void *user)
{
    (void)step;
    (void)user;
    return 0;
}

struct outcome {
    long count;
    uint8_t solution[81];
    int smallest;
    uint8_t smallest_grid[81];
};

static void solve_both_ways(const struct puzzle *p, const uint8_t *grid, bool observed,
                            struct outcome *out)
{
    struct solve_observer obs = { .step = quiet_step };
    struct solve_request req = { .limit = 2, .observer = observed ? &obs : NULL };
    struct solve_result res = { .solution = out->solution };
    struct solve_budget budget = { 0 };
    struct solve_stats stats = { 0 };

    memset(out, 0, sizeof *out);
    res.solution = out->solution;
    puzzle_solve(p, grid, &req, &res);
    out->count = res.count;
    if (out->count > 0)
        out->smallest = p->ops->smallest(p, grid, out->solution, out->smallest_grid, &budget, &stats);
}

/* Whether both searches agree on p from grid; what names the case. */
static void agree(const struct puzzle *p, const uint8_t *grid, const char *what)
{
    struct outcome fast, observed;

    solve_both_ways(p, grid, false, &fast);
    solve_both_ways(p, grid, true, &observed);
    tap_ok(fast.count == observed.count
           && (fast.count != 1 || memcmp(fast.solution, observed.solution, 81) == 0)
           && fast.smallest == observed.smallest
           && (fast.count == 0 || memcmp(fast.smallest_grid, observed.smallest_grid, 81) == 0),
           "%s: %ld solution(s), the same without an observer as with one", what, fast.count);
}

static int load(const char *name, struct puzzle **out, int max)
{
    return tu_read_puzzles(tap_data_path(name), name, out, max);
}

static void test_file(const char *name)
{
    struct puzzle *ps[16];
    int n = load(name, ps, 16);

    tap_ok(n > 0, "%s: read", name);
    for (int i = 0; i < n; i++) {
        struct puzzle *p = ps[i];
        const char *kind = puzzle_variant_name(p->variant);
        uint8_t grid[81], solution[81];
        char what[96];
        struct solve_request req = { .limit = 1 };
        struct solve_result res = { .solution = solution };
        int givens = 0;

        if (p->ncells != 81) {
            puzzle_free(p);
            continue;
        }
        memcpy(grid, p->given, 81);
        snprintf(what, sizeof what, "%s %s", name, kind);
        agree(p, grid, what);
        /* Fewer givens: every third, then all. */
        for (int cell = 0; cell < 81; cell++)
            if (grid[cell] != 0 && givens++ % 3 == 0)
                grid[cell] = 0;
        snprintf(what, sizeof what, "%s %s, a third of its givens gone", name, kind);
        agree(p, grid, what);
        memset(grid, 0, sizeof grid);
        snprintf(what, sizeof what, "%s %s, no givens", name, kind);
        agree(p, grid, what);
        /* A wrong digit where the solution has another: no solution, or a clash. */
        memcpy(grid, p->given, 81);
        puzzle_solve(p, grid, &req, &res);
        for (int cell = 0; cell < 81 && res.count > 0; cell++)
            if (grid[cell] == 0) {
                grid[cell] = (uint8_t)(solution[cell] % 9 + 1);
                break;
            }
        snprintf(what, sizeof what, "%s %s, a wrong digit added", name, kind);
        agree(p, grid, what);
        if (p->ncages > 0) {
            /* The first cage's sum one more, in the map and its group alike. */
            for (int g = 0; g < p->ngroups; g++)
                if (p->groups[g].kind == GROUP_CAGE) {
                    p->groups[g].sum++;
                    p->cage_sum[p->cage[p->groups[g].cells[0]]]++;
                    break;
                }
            memcpy(grid, p->given, 81);
            snprintf(what, sizeof what, "%s %s, a cage sum one more", name, kind);
            agree(p, grid, what);
        }
        puzzle_free(p);
    }
}

/* Whether solution keeps grid's digits and every group of p holds distinct digits (the
 * givens of p itself may differ: grid has fewer). */
static bool solves(const struct puzzle *p, const uint8_t *grid, const uint8_t *solution)
{
    for (int cell = 0; cell < p->ncells; cell++)
        if (solution[cell] == 0 || (grid[cell] != 0 && grid[cell] != solution[cell]))
            return false;
    for (int g = 0; g < p->ngroups; g++) {
        digitset seen = 0;

        for (int i = 0; i < p->groups[g].ncells; i++) {
            digitset bit = 1u << solution[p->groups[g].cells[i]];

            if (seen & bit)
                return false;
            seen |= bit;
        }
    }
    return true;
}

/* The search for a solution other than one known (the generator's check that a second
 * solution differs from the one meant): with one it gives back the one known, with
 * several it finds another than the one the search meets first. */
static void test_other(const struct puzzle *p, const char *what)
{
    uint8_t grid[81], known[81], other[81];
    struct solve_request req = { .limit = 2 };
    struct solve_result res = { .solution = known };
    int givens = 0;

    memcpy(grid, p->given, 81);
    puzzle_solve(p, grid, &req, &res);
    res.solution = other;
    tap_ok(res.count == 1 && variant_fast_solve_other(p, grid, known, &req, &res)
           && res.count == 1 && memcmp(other, known, 81) == 0,
           "%s: one solution; the search for another gives it back", what);
    for (int cell = 0; cell < 81; cell++)
        if (grid[cell] != 0 && givens++ % 3 == 0)
            grid[cell] = 0;
    res.solution = known;
    puzzle_solve(p, grid, &req, &res);
    res.solution = other;
    tap_ok(res.count == 2 && variant_fast_solve_other(p, grid, known, &req, &res) && res.count == 2
           && memcmp(other, known, 81) != 0 && solves(p, grid, other) && solves(p, grid, known),
           "%s, a third of its givens gone: a solution other than the first found, obeying the rules",
           what);
}

/* Minimal Sudoku X that branch hundreds of times, and two that singles and locked
 * candidates (diagonals with boxes included) solve without a guess. */
static void test_minimal_x(void)
{
    struct puzzle *ps[16];
    int n = load("variant/x_minimal.txt", ps, 16);

    tap_ok(n == 10, "variant/x_minimal.txt: read (%d)", n);
    for (int i = 0; i < n; i++) {
        char what[64];
        uint8_t solution[81];
        struct solve_request req = { .limit = 2 };
        struct solve_result res = { .solution = solution };

        snprintf(what, sizeof what, "x-minimal-%d", i + 1);
        test_other(ps[i], what);
        if (i >= 8) {
            puzzle_solve(ps[i], ps[i]->given, &req, &res);
            tap_ok(res.count == 1 && res.stats.guesses == 0,
                   "%s: solved without a guess (%llu guesses)", what,
                   (unsigned long long)res.stats.guesses);
        }
        puzzle_free(ps[i]);
    }
}

/* Killers the batch search settles through cage/unit interactions and the rule of 45
 * over several units (outies included), set against the observed search: the cages
 * alone are too slow for it, so each keeps some of its solution's digits as givens (two
 * cells in three, one in two, one in three), then the same with a digit wrong (none),
 * and a cage's sum made another that its combinations allow (some solutions, or none). */
static void test_killer_partial(void)
{
    struct puzzle *ps[8];
    int n = load("variant/killer_master.txt", ps, 8);
    static const int keep[][2] = { { 2, 3 }, { 1, 2 }, { 1, 3 } };

    tap_ok(n == 4, "variant/killer_master.txt: read (%d)", n);
    for (int i = 0; i < n; i++) {
        struct puzzle *p = ps[i];
        uint8_t solution[81], grid[81];
        struct solve_request req = { .limit = 2 };
        struct solve_result res = { .solution = solution };
        char what[96];

        puzzle_solve(p, p->given, &req, &res);
        tap_ok(res.count == 1 && solves(p, p->given, solution), "killer-master %d: one solution", i + 1);
        for (size_t k = 0; k < sizeof keep / sizeof keep[0]; k++) {
            for (int cell = 0; cell < 81; cell++)
                grid[cell] = cell % keep[k][1] < keep[k][0] ? solution[cell] : 0;
            snprintf(what, sizeof what, "killer-master %d, %d cells in %d given", i + 1,
                     keep[k][0], keep[k][1]);
            agree(p, grid, what);
            for (int cell = 80; cell >= 0; cell--)
                if (grid[cell] != 0) {
                    grid[cell] = (uint8_t)(grid[cell] % 9 + 1);
                    break;
                }
            snprintf(what, sizeof what, "killer-master %d, %d cells in %d given, one wrong",
                     i + 1, keep[k][0], keep[k][1]);
            agree(p, grid, what);
        }
        /* The first cage of two cells or more two more (less where that is past 17):
         * no solution, the cages' sums adding up to the grid's no more. */
        for (int g = 0; g < p->ngroups; g++)
            if (p->groups[g].kind == GROUP_CAGE && p->groups[g].ncells >= 2) {
                int delta = p->groups[g].sum <= 15 ? 2 : -2;

                p->groups[g].sum += delta;
                p->cage_sum[p->cage[p->groups[g].cells[0]]] += delta;
                for (int cell = 0; cell < 81; cell++)
                    grid[cell] = cell % 3 == 0 ? solution[cell] : 0;
                snprintf(what, sizeof what, "killer-master %d, a cage sum changed", i + 1);
                agree(p, grid, what);
                p->groups[g].sum -= delta;
                p->cage_sum[p->cage[p->groups[g].cells[0]]] -= delta;
                break;
            }
        /* Eight cages of three cells or more without their sums (the map's sum changed
         * too, so that the search sees a new shape): several solutions. */
        for (int g = 0, dropped = 0; g < p->ngroups && dropped < 8; g++)
            if (p->groups[g].kind == GROUP_CAGE && p->groups[g].ncells >= 3) {
                p->groups[g].clue = -1;
                p->cage_sum[p->cage[p->groups[g].cells[0]]] = 0;
                dropped++;
            }
        for (int k = 6; k <= 7; k++) {
            for (int cell = 0; cell < 81; cell++)
                grid[cell] = cell % k == 0 ? solution[cell] : 0;
            snprintf(what, sizeof what, "killer-master %d, eight cages without sums, 1 cell in %d given",
                     i + 1, k);
            agree(p, grid, what);
        }
        puzzle_free(p);
    }
}

/* Jigsaws of random regions (the generator's, Jigsaw X too): the batch search's units
 * are then neither boxes nor lines, the layout the benchmark does not time.  Besides
 * test_file's cases, each puzzle with its givens taken away one at a time in reading
 * order until several solutions appear: the search at every depth of a Jigsaw's
 * reasoning, and a second solution found and set apart from the first.  The nodes each
 * puzzle takes are those of the search before its units were marked from the cells lost
 * (the same fixpoint of singles and locked candidates), less what the rule of 45 between
 * runs of lines and regions saves (88, 5, 17, 429 and 141 before it): a rule skipped where
 * it still had something to find shows as more nodes, though never as a wrong answer. */
static void test_random_jigsaws(void)
{
    static const uint64_t nodes[] = { 55, 3, 1, 1, 7, 1, 13, 115, 114 };
    struct puzzle *ps[16];
    int n = load("variant/jigsaw_random.txt", ps, 16);

    tap_ok(n == 9, "variant/jigsaw_random.txt: read (%d)", n);
    for (int i = 0; i < n; i++) {
        uint8_t grid[81];
        char what[96];
        int taken = 0;
        struct solve_request req = { .limit = 2 };
        struct solve_result res = { 0 };

        snprintf(what, sizeof what, "jigsaw-random-%d", i + 1);
        puzzle_solve(ps[i], ps[i]->given, &req, &res);
        tap_ok(res.count == 1 && res.stats.nodes == nodes[i], "%s: one solution in %llu nodes (%llu)",
               what, (unsigned long long)res.stats.nodes, (unsigned long long)nodes[i]);
        test_other(ps[i], what);
        memcpy(grid, ps[i]->given, 81);
        for (int cell = 0; cell < 81 && res.count < 2; cell++)
            if (grid[cell] != 0) {
                grid[cell] = 0;
                taken++;
                res.count = 0;
                puzzle_solve(ps[i], grid, &req, &res);
                snprintf(what, sizeof what, "jigsaw-random-%d, %d givens taken away", i + 1, taken);
                agree(ps[i], grid, what);
            }
        puzzle_free(ps[i]);
    }
}

/* The search keeps the rows' and columns' masks of the last size it met: puzzles of
 * every size from 4x4 to 12x12 (Jigsaws, X, Killers), each after a 9x9 Jigsaw, solve to
 * one solution obeying the rules, and the 9x9 Jigsaw in the same nodes each time. */
static void test_sizes_in_turn(void)
{
    struct puzzle *ps[20], *nine = NULL;
    int n = load("variant/sizes.txt", ps, 20), good = 0, same_nine = 0;

    if (load("variant/jigsaw_random.txt", &nine, 1) != 1)
        nine = NULL;
    tap_ok(n == 16 && nine != NULL, "variant/sizes.txt and a 9x9 Jigsaw: read (%d)", n);
    for (int i = 0; i < n && nine != NULL; i++) {
        uint8_t solution[256];
        struct solve_request req = { .limit = 2 };
        struct solve_result res = { 0 };

        puzzle_solve(nine, nine->given, &req, &res);
        same_nine += res.count == 1 && res.stats.nodes == 55;
        res = (struct solve_result){ .solution = solution };
        puzzle_solve(ps[i], ps[i]->given, &req, &res);
        if (res.count == 1 && solves(ps[i], ps[i]->given, solution))
            good++;
        else
            tap_diag("%s %dx%d: %ld solution(s)", puzzle_variant_name(ps[i]->variant),
                     ps[i]->width, ps[i]->height, res.count);
        puzzle_free(ps[i]);
    }
    tap_ok(good == n && same_nine == n,
           "sizes in turn with a 9x9 Jigsaw: %d of %d solved by the rules, the 9x9 in 55 nodes %d times",
           good, n, same_nine);
    if (nine != NULL)
        puzzle_free(nine);
}

/* Jigsaw X, Killer Jigsaw, an 8x8 Jigsaw and Master Jigsaws that branch a hundred times or
 * more: each the same as the observed search, in the nodes the search took when it found
 * locked candidates through every pair of units sharing two cells or more (a region and
 * a line or a diagonal, a diagonal and a line...) and the rule of 45 between runs of lines
 * and the regions covering most of them (1497, 1431, 107, 168 and 126 nodes without it).
 * A pair left out keeps its solution but shows in the nodes. */
static void test_jigsaw_nodes(void)
{
    static const uint64_t nodes[] = { 939, 1143, 23, 17, 123, 36 };
    struct puzzle *ps[8];
    int n = load("variant/jigsaw_nodes.txt", ps, 8);

    tap_ok(n == 6, "variant/jigsaw_nodes.txt: read (%d)", n);
    for (int i = 0; i < n; i++) {
        char what[96];
        struct solve_request req = { .limit = 2 };
        struct solve_result res = { 0 };

        snprintf(what, sizeof what, "jigsaw-nodes-%d (%s %dx%d)", i + 1,
                 puzzle_variant_name(ps[i]->variant), ps[i]->width, ps[i]->height);
        puzzle_solve(ps[i], ps[i]->given, &req, &res);
        tap_ok(res.count == 1 && res.stats.nodes == nodes[i], "%s: one solution in %llu nodes (%llu)",
               what, (unsigned long long)res.stats.nodes, (unsigned long long)nodes[i]);
        if (ps[i]->ncells == 81)
            agree(ps[i], ps[i]->given, what);
        puzzle_free(ps[i]);
    }
}

int main(void)
{
    test_file("variant/variants.txt");
    test_file("variant/killer_wiki.txt");
    test_file("variant/x_minimal.txt");
    test_file("variant/jigsaw_random.txt");
    test_random_jigsaws();
    test_jigsaw_nodes();
    test_sizes_in_turn();
    test_minimal_x();
    test_killer_partial();
    return tap_done();
}
