/* test_sudoku9_x.c: the 9x9 Sudoku X band search (sudoku9_x.c) against the general variant searches: the same counts, solutions and smallest solutions. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "generate.h"
#include "puzzle.h"
#include "solve.h"
#include "sudoku9_x.h"
#include "tap.h"
#include "test_util.h"
#include "util.h"
#include "variant_fast.h"

/*
 * Three searches solve a 9x9 Sudoku X: the band search (without an observer, what
 * `kakudo solve` and the generator use), the general bitboard search (variant_fast.c,
 * which Jigsaw X and Killer X still take) and the observed cell-by-cell one (watch and
 * --trace).  On each grid they must find as many solutions (up to the limit), the same
 * one when it is unique, and the same smallest one in reading order.
 */

static int quiet_step(const struct solve_step *step, void *user)
{
    (void)step;
    (void)user;
    return 0;
}

/* Whether solution keeps grid's digits and every group of p holds distinct digits. */
static bool solves(const struct puzzle *p, const uint8_t *grid, const uint8_t *solution)
{
    for (int cell = 0; cell < p->ncells; cell++)
        if (solution[cell] < 1 || solution[cell] > 9 || (grid[cell] != 0 && grid[cell] != solution[cell]))
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

struct found {
    long count;
    bool gave_up;
    uint8_t solution[81];
};

enum search_kind { BAND, GENERAL, OBSERVED };

/* Solves p from grid with one of the searches, up to limit (the smallest first when
 * reading_order). */
static struct found search(enum search_kind kind, const struct puzzle *p, const uint8_t *grid,
                           long limit, bool reading_order)
{
    struct solve_observer obs = { .step = quiet_step };
    struct solve_request req = { .limit = limit };
    struct found out;
    struct solve_result res;

    memset(&out, 0, sizeof out);
    res = (struct solve_result){ .solution = out.solution };
    if (kind == BAND) {
        if (!sudoku9_x_solve(p, grid, &req, &res, reading_order))
            res.count = -1;
    } else if (kind == GENERAL) {
        if (!variant_fast_solve(p, grid, &req, &res, reading_order))
            res.count = -1;
    } else {
        req.observer = &obs;
        if (reading_order) {
            struct solve_budget budget = { 0 };
            struct solve_stats stats = { 0 };

            res.count = variant_solve_smallest(p, grid, grid, out.solution, &budget, &stats) == SOLVE_NONE
                        ? 0 : 1;
        } else {
            variant_solve(p, grid, &req, &res);
        }
    }
    out.count = res.count;
    out.gave_up = res.gave_up;
    return out;
}

/* Whether the searches agree on p from grid; returns the band search's count (up to 2). */
static long agree(const struct puzzle *p, const uint8_t *grid, bool observed, const char *what)
{
    struct found band = search(BAND, p, grid, 2, false);
    struct found general = search(GENERAL, p, grid, 2, false);
    struct found band_min = search(BAND, p, grid, 1, true);
    struct found general_min = search(GENERAL, p, grid, 1, true);
    struct found band_10 = search(BAND, p, grid, 10, false);
    struct found general_10 = search(GENERAL, p, grid, 10, false);
    bool same = band.count == general.count && band_10.count == general_10.count
                && band_min.count == general_min.count
                && (band.count == 0 || solves(p, grid, band.solution))
                && (band.count != 1 || memcmp(band.solution, general.solution, 81) == 0)
                && (band_min.count == 0 || memcmp(band_min.solution, general_min.solution, 81) == 0);

    if (observed && same) {
        struct found slow = search(OBSERVED, p, grid, 2, false);

        same = slow.count == band.count && (band.count != 1 || memcmp(slow.solution, band.solution, 81) == 0);
    }
    if (what != NULL || !same)
        tap_ok(same, "%s: %ld solution(s) (%ld up to 10), the same in every search", what != NULL ? what : "a random grid",
               band.count, band_10.count);
    return same ? band.count : -1;
}

static struct puzzle *blank_x(void)
{
    struct puzzle *p = sudoku_new_unfinished(9);
    struct puzzle_error err;

    puzzle_set_variant(p, VARIANT_X);
    if (!puzzle_finish(p, &err))
        abort();
    return p;
}

/* A random X solution grid: random digits in random cells while some solution remains,
 * then the smallest solution they lead to. */
static void random_solution(struct gen_rng *rng, const struct puzzle *p, uint8_t *out)
{
    uint8_t start[81] = { 0 };

    for (int placed = 0; placed < 10;) {
        int cell = gen_rng_below(rng, 81);

        if (start[cell] != 0)
            continue;
        start[cell] = (uint8_t)(1 + gen_rng_below(rng, 9));
        if (search(BAND, p, start, 1, false).count == 0)
            start[cell] = 0;
        else
            placed++;
    }
    memcpy(out, search(BAND, p, start, 1, true).solution, 81);
}

/* Random grids: a random solution's digits in random cells (8 to 40 of them), some with
 * one digit changed; every count 0, 1 and 2 must come up. */
static void test_random(void)
{
    struct puzzle *p = blank_x();
    struct gen_rng rng;
    int seen[3] = { 0, 0, 0 }, cases = 600, wrong = 0;

    gen_rng_seed(&rng, 14);
    for (int i = 0; i < cases; i++) {
        uint8_t solution[81], grid[81] = { 0 };
        int order[81], keep = 8 + gen_rng_below(&rng, 33);
        long count;

        random_solution(&rng, p, solution);
        for (int cell = 0; cell < 81; cell++)
            order[cell] = cell;
        gen_rng_shuffle(&rng, order, 81);
        for (int k = 0; k < keep; k++)
            grid[order[k]] = solution[order[k]];
        if (i % 3 == 2)
            grid[order[0]] = (uint8_t)(solution[order[0]] % 9 + 1);
        count = agree(p, grid, i % 10 == 0, NULL);
        if (count < 0)
            wrong++;
        else
            seen[count]++;
    }
    tap_ok(wrong == 0, "%d random grids: the same counts, solutions and smallest solutions (%d differ)",
           cases, wrong);
    tap_ok(seen[0] > 0 && seen[1] > 0 && seen[2] > 0,
           "random grids with no solution (%d), one (%d) and several (%d)", seen[0], seen[1], seen[2]);
    puzzle_free(p);
}

/* Reads the puzzles of a file (at most max). */
static int load(const char *path, struct puzzle **out, int max)
{
    return tu_read_puzzles(path, path, out, max);
}

/* Each 9x9 X puzzle of a file as given, with every third given gone (several
 * solutions), and with a digit its solution does not have (none). */
static void test_file(const char *path, const char *name)
{
    struct puzzle *ps[16];
    int n = load(path, ps, 16);

    tap_ok(n > 0, "%s: read", name);
    for (int i = 0; i < n; i++) {
        struct puzzle *p = ps[i];
        uint8_t grid[81];
        char what[96];
        int givens = 0;
        struct found one = search(BAND, p, p->given, 2, false);

        snprintf(what, sizeof what, "%s #%d", name, i + 1);
        tap_ok(one.count == 1, "%s: one solution", what);
        agree(p, p->given, true, what);
        memcpy(grid, p->given, 81);
        for (int cell = 0; cell < 81; cell++)
            if (grid[cell] != 0 && givens++ % 3 == 0)
                grid[cell] = 0;
        snprintf(what, sizeof what, "%s #%d, a third of its givens gone", name, i + 1);
        agree(p, grid, true, what);
        memcpy(grid, p->given, 81);
        for (int cell = 0; cell < 81; cell++)
            if (grid[cell] == 0) {
                grid[cell] = (uint8_t)(one.solution[cell] % 9 + 1);
                break;
            }
        snprintf(what, sizeof what, "%s #%d, a wrong digit added", name, i + 1);
        agree(p, grid, true, what);
        puzzle_free(p);
    }
}

static void test_bundled(void)
{
    static const char *const files[] = { "18-x9-easy.txt", "19-x9-hard.txt" };
    const char *srcdir = getenv("srcdir");

    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char path[512];

        snprintf(path, sizeof path, "%s/data/%s", srcdir != NULL ? srcdir : ".", files[i]);
        test_file(path, files[i]);
    }
}

/* Givens that break the rules, limits, the budget, and puzzles the search leaves to the
 * general one. */
static void test_edges(void)
{
    struct puzzle *p = blank_x();
    uint8_t grid[81] = { 0 };
    struct solve_request req = { .limit = 2, .budget = solve_budget_nodes(1) };
    struct solve_result res = { .solution = NULL };

    grid[0] = grid[80] = 5;      /* the main diagonal's ends */
    tap_ok(agree(p, grid, true, "two 5s on the main diagonal") == 0, "no solution for a main diagonal clash");
    memset(grid, 0, sizeof grid);
    grid[8] = grid[72] = 3;      /* the anti-diagonal's ends */
    tap_ok(agree(p, grid, true, "two 3s on the anti-diagonal") == 0, "no solution for an anti-diagonal clash");
    /* The centre lies on both diagonals: a given there takes its digit off both. */
    memset(grid, 0, sizeof grid);
    grid[40] = grid[8] = 7;
    tap_ok(agree(p, grid, true, "7 at the centre and at r1c9") == 0,
           "no solution for a clash of the centre on the anti-diagonal");
    memset(grid, 0, sizeof grid);
    grid[40] = grid[80] = 7;
    tap_ok(agree(p, grid, true, "7 at the centre and at r9c9") == 0,
           "no solution for a clash of the centre on the main diagonal");
    memset(grid, 0, sizeof grid);
    grid[40] = 7;
    grid[0] = 1;
    grid[72] = 2;
    tap_ok(agree(p, grid, true, "7 at the centre, 1 at r1c1, 2 at r9c1") == 2,
           "givens on both diagonals and the centre: several solutions, the same in every search");
    /* No given clashes, but rows 1 and 9 each leave 5 one cell, r1c1 and r9c9: both
     * settled in one step, on the main diagonal. */
    memset(grid, 0, sizeof grid);
    grid[9 * 1 + 4] = grid[9 * 2 + 7] = grid[9 * 3 + 6] = 5;
    grid[9 * 4 + 1] = grid[9 * 6 + 3] = grid[9 * 7 + 2] = 5;
    tap_ok(agree(p, grid, true, "5 forced twice on the main diagonal") == 0,
           "no solution when a digit is forced twice on a diagonal at once");
    memset(grid, 0, sizeof grid);
    grid[40] = 10;
    tap_ok(search(BAND, p, grid, 2, false).count == 0, "a byte above 9: no solution");
    memset(grid, 0, sizeof grid);
    tap_ok(search(BAND, p, grid, 0, false).count == 0, "limit 0 finds nothing");
    tap_ok(sudoku9_x_solve(p, grid, &req, &res, false) && res.gave_up && res.count == 0,
           "empty grid, a budget of one node: gave up");
    req.budget = (struct solve_budget){ 0 };
    res = (struct solve_result){ .solution = NULL };
    tap_ok(sudoku9_x_solve(p, grid, &req, &res, false) && res.count == 2 && !res.gave_up,
           "empty grid, no solution buffer: still counts two");
    agree(p, grid, false, "empty grid");
    puzzle_free(p);

    static const unsigned others[] = { 0, VARIANT_X | VARIANT_JIGSAW, VARIANT_X | VARIANT_KILLER };
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
        struct puzzle *q = sudoku_new_unfinished(9);
        struct puzzle_error err;

        puzzle_set_variant(q, others[i]);
        if (q->region != NULL)
            for (int cell = 0; cell < 81; cell++)
                q->region[cell] = (uint8_t)(cell / 27 * 3 + cell % 9 / 3);
        if (q->cage != NULL) {
            int k = puzzle_add_cage(q, 45);
            for (int cell = 0; cell < 9; cell++)
                q->cage[cell] = (int16_t)k;
        }
        tap_ok(puzzle_finish(q, &err) && !sudoku9_x_solve(q, grid, &req, &res, false),
               "%s: left to the general search", puzzle_variant_name(others[i]));
        puzzle_free(q);
    }
}

/* How a puzzle's givens are changed before a node count: kept, every third gone, or
 * the first empty cell given a digit its solution does not have. */
enum givens_change { GIVENS_KEPT, GIVENS_THINNED, GIVENS_WRONG };

/* The givens of p changed as said, into grid. */
static void change_givens(const struct puzzle *p, enum givens_change change, uint8_t grid[81])
{
    int givens = 0;

    memcpy(grid, p->given, 81);
    if (change == GIVENS_THINNED)
        for (int cell = 0; cell < 81; cell++)
            if (grid[cell] != 0 && givens++ % 3 == 0)
                grid[cell] = 0;
    if (change == GIVENS_WRONG) {
        const uint8_t *solution = search(BAND, p, p->given, 1, false).solution;

        for (int cell = 0; cell < 81; cell++)
            if (grid[cell] == 0) {
                grid[cell] = (uint8_t)(solution[cell] % 9 + 1);
                break;
            }
    }
}

/* The nodes the band search takes on a file's puzzles (at most 16), their givens changed
 * as said, up to limit solutions each; -1 when the file holds another number of them. */
static long file_nodes(const char *name, int expected, enum givens_change change, long limit)
{
    struct puzzle *ps[16];
    int n = load(tap_data_path(name), ps, 16);
    long nodes = 0;

    for (int i = 0; i < n; i++) {
        struct solve_request req = { .limit = limit };
        struct solve_result res = { .solution = NULL };
        uint8_t grid[81];

        change_givens(ps[i], change, grid);
        sudoku9_x_solve(ps[i], grid, &req, &res, false);
        nodes += res.stats.nodes;
        puzzle_free(ps[i]);
    }
    return n == expected ? nodes : -1;
}

/* The nodes the band search takes: what its deductions find and where it branches.  A
 * change that weakens the deductions takes more (say the diagonal cases' memory taken
 * for a case's result when the plane has lost some of its cells, which keeps the
 * answers), one that strengthens them fewer, and one that scores the branch cells
 * otherwise (their open peers on the diagonals, say) other counts: each says so here.
 * The puzzles with a third of their givens gone branch most, on every kind of cell, and
 * those with a wrong digit end in dead ends at every depth. */
static void test_strength(void)
{
    long nodes = file_nodes("variant/x_master.txt", 16, GIVENS_KEPT, 2);

    tap_ok(nodes == 574, "variant/x_master.txt: %ld nodes in all, as the deductions find", nodes);
    nodes = file_nodes("variant/x_master.txt", 16, GIVENS_THINNED, 10);
    tap_ok(nodes == 772,
           "variant/x_master.txt, a third of the givens gone, up to 10 solutions: %ld nodes", nodes);
    nodes = file_nodes("variant/x_master.txt", 16, GIVENS_WRONG, 2);
    tap_ok(nodes == 30, "variant/x_master.txt, a wrong digit added: %ld nodes", nodes);
    nodes = file_nodes("variant/x_levels.txt", 16, GIVENS_THINNED, 10);
    tap_ok(nodes == 611,
           "variant/x_levels.txt, a third of the givens gone, up to 10 solutions: %ld nodes", nodes);
}

int main(void)
{
    test_edges();
    test_bundled();
    test_file(tap_data_path("variant/x_minimal.txt"), "variant/x_minimal.txt");
    test_file(tap_data_path("variant/x_levels.txt"), "variant/x_levels.txt");
    test_file(tap_data_path("variant/x_master.txt"), "variant/x_master.txt");
    test_strength();
    test_random();
    return tap_done();
}
