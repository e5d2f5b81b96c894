/* test_variant_wide.c: the variants' batch search on 12x12 and 16x16 grids (variant_fast256.c) against the observed cell-by-cell search, and a 12x12 Hard Killer generated with it. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "generate.h"
#include "hint.h"
#include "puzzle.h"
#include "solve.h"
#include "tap.h"
#include "test_util.h"
#include "util.h"
#include "variant_fast.h"

/*
 * Grids of 129 to 256 cells go to the batch search with four 64-bit words per digit;
 * the observed search (an observer makes puzzle_solve take it) lists every solution up
 * to a limit, so the batch search's count, first solution and smallest solution in
 * reading order can each be checked against the whole list, on the puzzles of
 * variant/wide.txt (Killer, Killer X, Killer Jigsaw, Jigsaw and X at 12x12 and 16x16).
 */

#define WIDE_CELLS 256
#define WIDE_LIMIT 32           /* solutions listed at most */
#define WIDE_NODES 4000000u     /* the observed search's budget: none needs near it */

struct listing {
    int ncells, found;
    uint8_t grids[WIDE_LIMIT][WIDE_CELLS];
};

static int list_solution(const struct solve_step *step, void *user)
{
    struct listing *l = user;

    if (step->kind == STEP_SOLVED && l->found < WIDE_LIMIT)
        memcpy(l->grids[l->found++], step->grid, (size_t)l->ncells);
    return 0;
}

/* The observed search's solutions from grid (up to WIDE_LIMIT); -1 when it ran out. */
static long observed_solutions(const struct puzzle *p, const uint8_t *grid, struct listing *l)
{
    struct solve_observer obs = { .step = list_solution, .user = l };
    struct solve_request req = { .limit = WIDE_LIMIT, .observer = &obs,
                                 .budget = solve_budget_nodes(WIDE_NODES) };
    struct solve_result res = { .solution = NULL };

    l->ncells = p->ncells;
    l->found = 0;
    puzzle_solve(p, grid, &req, &res);
    return res.gave_up || res.count != l->found ? -1 : res.count;
}

static bool listed(const struct listing *l, const uint8_t *solution)
{
    for (int i = 0; i < l->found; i++)
        if (memcmp(l->grids[i], solution, (size_t)l->ncells) == 0)
            return true;
    return false;
}

/* The smallest listed solution in reading order. */
static const uint8_t *smallest_listed(const struct listing *l)
{
    const uint8_t *best = l->grids[0];

    for (int i = 1; i < l->found; i++)
        if (memcmp(l->grids[i], best, (size_t)l->ncells) < 0)
            best = l->grids[i];
    return best;
}

/* Whether the batch search takes p from grid and agrees with the observed one: the same
 * count (up to the limit) and, when all are listed, a first solution among them and the
 * smallest of them in reading order; what names the case.  Returns the count. */
static long agree(const struct puzzle *p, const uint8_t *grid, const char *what)
{
    static struct listing l;
    uint8_t first[WIDE_CELLS], smallest[WIDE_CELLS];
    struct solve_request req = { .limit = WIDE_LIMIT };
    struct solve_result res = { .solution = first }, least = { .solution = smallest };
    long observed = observed_solutions(p, grid, &l);
    bool served, ok;

    served = variant_fast_solve(p, grid, &req, &res, false);
    ok = served && !res.gave_up && res.count == observed
         && (res.count == 0 || observed == WIDE_LIMIT || listed(&l, first));
    req.limit = 1;
    served = variant_fast_solve(p, grid, &req, &least, true);
    ok = ok && served && least.count == (observed > 0)
         && (observed <= 0 || observed == WIDE_LIMIT
             || memcmp(smallest, smallest_listed(&l), (size_t)p->ncells) == 0);
    tap_ok(ok, "%s: %ld solution(s) (observed: %ld), the first and the smallest among them",
           what, res.count, observed);
    return res.count;
}

/* The search for a solution other than the one known, where there are several. */
static void other_than(const struct puzzle *p, const uint8_t *grid, const char *what)
{
    uint8_t known[WIDE_CELLS], other[WIDE_CELLS];
    struct solve_request req = { .limit = 2 };
    struct solve_result res = { .solution = known };
    static struct listing l;
    bool served;

    served = variant_fast_solve(p, grid, &req, &res, true);
    res.solution = other;
    served = served && variant_fast_solve_other(p, grid, known, &req, &res);
    tap_ok(served && res.count == 2 && memcmp(known, other, (size_t)p->ncells) != 0
           && observed_solutions(p, grid, &l) >= 2 && listed(&l, other),
           "%s: a solution other than the smallest, among the observed search's", what);
}

static int load(const char *name, struct puzzle **out, int max)
{
    return tu_read_puzzles(tap_data_path(name), name, out, max);
}

/* The first cage of two cells or more one more: its cells' digits no longer make it. */
static void cage_sum_one_more(struct puzzle *p)
{
    for (int g = 0; g < p->ngroups; g++)
        if (p->groups[g].kind == GROUP_CAGE && p->groups[g].ncells >= 2) {
            p->groups[g].sum++;
            p->cage_sum[p->cage[p->groups[g].cells[0]]]++;
            return;
        }
}

/* The puzzle as generated has one solution (the observed search seldom settles a 12x12
 * Killer of few givens, so it is not asked); against the observed search, the solution
 * with its cells emptied in reading order until there are several, every other cell of
 * it given (one solution or several), then with the last of those wrong and, for a
 * Killer, a cage's sum one more. */
static void test_puzzle(struct puzzle *p)
{
    uint8_t grid[WIDE_CELLS], solution[WIDE_CELLS];
    char name[64], what[128];
    struct solve_request req = { .limit = 2 };
    struct solve_result res = { .solution = solution }, several = { .solution = NULL };
    int emptied = 0, last = 0;

    snprintf(name, sizeof name, "%s %dx%d", puzzle_variant_name(p->variant), p->width, p->height);
    tap_ok(variant_fast_solve(p, p->given, &req, &res, false) && res.count == 1 && !res.gave_up,
           "%s as generated: one solution", name);
    /* Up to half the grid: a Killer's cages may keep one solution to the end, where
     * the observed search would be lost. */
    memcpy(grid, solution, (size_t)p->ncells);
    for (int cell = 0; cell < p->ncells / 2 && several.count < 2; cell++) {
        grid[cell] = 0;
        emptied++;
        variant_fast_solve(p, grid, &req, &several, false);
    }
    snprintf(what, sizeof what, "%s, its solution with %d cells emptied", name, emptied);
    if (agree(p, grid, what) >= 2)
        other_than(p, grid, what);
    for (int cell = 0; cell < p->ncells; cell++) {
        grid[cell] = cell % 2 == 0 ? solution[cell] : 0;
        last = grid[cell] != 0 ? cell : last;
    }
    snprintf(what, sizeof what, "%s, every other cell given", name);
    agree(p, grid, what);
    grid[last] = (uint8_t)(solution[last] % p->max_digit + 1);
    snprintf(what, sizeof what, "%s, every other cell given, the last wrong", name);
    agree(p, grid, what);
    grid[last] = solution[last];
    if (p->ncages > 0) {
        cage_sum_one_more(p);
        snprintf(what, sizeof what, "%s, every other cell given, a cage's sum one more", name);
        agree(p, grid, what);
    }
}

static void test_file(void)
{
    struct puzzle *ps[16];
    int n = load("variant/wide.txt", ps, 16);

    tap_ok(n == 10, "variant/wide.txt: read (%d)", n);
    for (int i = 0; i < n; i++) {
        test_puzzle(ps[i]);
        puzzle_free(ps[i]);
    }
}

/* A 25x25 grid (625 cells, 25 digits) is past the batch search: the caller's own. */
static void test_too_large(void)
{
    struct puzzle *p = sudoku_new_unfinished(25);
    struct puzzle_error err;
    struct solve_request req = { .limit = 2 };
    struct solve_result res = { .solution = NULL };

    puzzle_set_variant(p, VARIANT_X);
    tap_ok(puzzle_finish(p, &err) && !variant_fast_solve(p, p->given, &req, &res, false),
           "a 25x25 Sudoku X is left to the observed search");
    puzzle_free(p);
}

/* A 12x12 Killer at Hard, of cages alone: the batch search settles its cages and proves
 * each join unique (the observed one could not within its budget: Medium at best). */
#define HARD_ATTEMPTS 8

static void test_hard_killer(void)
{
    struct gen_request req = {
        .kind = PUZZLE_SUDOKU, .variant = VARIANT_KILLER, .size = 12, .level = LEVEL_HARD,
        .symmetry = GEN_SYM_ROTATE180, .seed = 1, .max_attempts = HARD_ATTEMPTS,
    };
    struct gen_result res;
    struct grade g;
    uint8_t solution[WIDE_CELLS];
    struct solve_request sreq = { .limit = 2 };
    struct solve_result sres = { .solution = solution };

    gen_generate(&req, &res);
    tap_ok(res.status == GEN_OK && res.puzzle != NULL && grade_puzzle(res.puzzle, &g)
           && g.level == LEVEL_HARD, "12x12 Killer at Hard, seed 1, within %d attempts (%d)",
           HARD_ATTEMPTS, res.attempts);
    if (res.puzzle == NULL)
        return;
    tap_ok(variant_fast_solve(res.puzzle, res.puzzle->given, &sreq, &sres, false)
           && sres.count == 1 && !sres.gave_up, "  one solution");
    puzzle_free(res.puzzle);
}

int main(void)
{
    test_file();
    test_too_large();
    test_hard_killer();
    return tap_done();
}
