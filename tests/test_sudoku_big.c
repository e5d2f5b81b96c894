/* test_sudoku_big.c: the general search on random 16x16 and 25x25 puzzles against the search as it was (bench/sudoku_solve_previous.c): the same counts, first solution and nodes. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "puzzle.h"
#include "solve.h"
#include "tap.h"
#include "util.h"

#define MAX_CELLS (SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE)

void previous_sudoku_solve_general(const struct puzzle *p, const uint8_t *grid,
                                   const struct solve_request *req, struct solve_result *res);

/* A small seeded generator (xorshift64): the same puzzles on every run. */
static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static unsigned rng_below(unsigned n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state % n);
}

/* A random solved grid: the pattern grid with its digits relabelled and rows and
 * columns moved within their bands and stacks. */
static void random_solution(int br, int bc, uint8_t *grid)
{
    int n = br * bc, label[SUDOKU_MAX_SIZE + 1], row[SUDOKU_MAX_SIZE], col[SUDOKU_MAX_SIZE];

    for (int i = 0; i < n; i++) {
        label[i + 1] = i + 1;
        row[i] = col[i] = i;
    }
    for (int i = n; i > 1; i--) {
        int j = (int)rng_below((unsigned)i) + 1, t = label[i];

        label[i] = label[j];
        label[j] = t;
    }
    /* Swaps within a band keep it a band (rows r and r' with r / br == r' / br). */
    for (int i = 0; i < n; i++) {
        int j = i / br * br + (int)rng_below((unsigned)br), t = row[i];

        row[i] = row[j];
        row[j] = t;
        j = i / bc * bc + (int)rng_below((unsigned)bc);
        t = col[i];
        col[i] = col[j];
        col[j] = t;
    }
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int rr = row[r], cc = col[c];

            grid[r * n + c] = (uint8_t)label[((rr % br) * bc + rr / br + cc) % n + 1];
        }
}

/* Givens: keep of the solution's cells, at random; with wrong, one more empty cell
 * given a digit its groups do not hold yet, which can leave no solution or others. */
static void random_givens(const struct puzzle *p, const uint8_t *solution, int keep,
                          bool wrong, uint8_t *grid)
{
    int n = p->ncells;

    memset(grid, 0, (size_t)n);
    for (int kept = 0; kept < keep;) {
        int cell = (int)rng_below((unsigned)n);

        if (grid[cell] == 0) {
            grid[cell] = solution[cell];
            kept++;
        }
    }
    for (int tries = 0; wrong && tries < 1000; tries++) {
        int cell = (int)rng_below((unsigned)n), d = (int)rng_below((unsigned)p->max_digit) + 1;
        bool clash = grid[cell] != 0 || d == solution[cell];

        for (int k = 0; k < 3 && !clash; k++) {
            const struct puzzle_group *g = &p->groups[p->cell_groups[cell][k]];

            for (int i = 0; i < g->ncells; i++)
                clash = clash || grid[g->cells[i]] == d;
        }
        if (!clash) {
            grid[cell] = (uint8_t)d;
            break;
        }
    }
}

/* One puzzle through both searches, with the limit and a budget of nodes. */
static bool same_as_previous(const struct puzzle *p, const uint8_t *grid, long limit)
{
    uint8_t now_sol[MAX_CELLS], before_sol[MAX_CELLS];
    struct solve_request req = { .limit = limit, .budget = solve_budget_nodes(20000) };
    struct solve_result now = { .solution = now_sol }, before = { .solution = before_sol };

    memset(now_sol, 0, sizeof now_sol);
    memset(before_sol, 0, sizeof before_sol);
    sudoku_solve_general(p, grid, &req, &now);
    previous_sudoku_solve_general(p, grid, &req, &before);
    if (now.count == before.count && now.gave_up == before.gave_up
        && now.stats.nodes == before.stats.nodes
        && memcmp(now_sol, before_sol, (size_t)p->ncells) == 0)
        return true;
    tap_diag("count %ld / %ld, gave up %d / %d, nodes %llu / %llu", now.count, before.count,
             now.gave_up, before.gave_up, (unsigned long long)now.stats.nodes,
             (unsigned long long)before.stats.nodes);
    return false;
}

/* The smallest solution in reading order (the reading-order search with its extra
 * pruning) against plain backtracking, which finds it by trying cells in reading order;
 * false only when both finish and differ (plain may run out of its budget). */
static bool smallest_as_plain(const struct puzzle *p, const uint8_t *grid, bool *compared)
{
    uint8_t smallest[MAX_CELLS], plain[MAX_CELLS];
    struct solve_budget budget = solve_budget_nodes(30000);
    struct solve_request req = { .limit = 1, .strategy = SOLVE_PLAIN, .budget = budget };
    struct solve_result res = { .solution = plain };
    struct solve_stats stats = { 0 };
    int got = sudoku_solve_smallest(p, grid, grid, smallest, &budget, &stats);

    sudoku_solve(p, grid, &req, &res);
    *compared = !res.gave_up && got != SOLVE_SEVERAL_UNORDERED;
    if (!*compared)
        return true;
    if (res.count == 0)
        return got == SOLVE_NONE;
    return got == SOLVE_SEVERAL && memcmp(smallest, plain, (size_t)p->ncells) == 0;
}

/* count puzzles of box_rows x box_cols boxes, from few givens (many solutions) to many
 * (one), a third with a wrong digit. */
static void test_random(int br, int bc, int count)
{
    struct puzzle *p = sudoku_new(br, bc);
    uint8_t solution[MAX_CELLS], grid[MAX_CELLS];
    int n = p->ncells, agree = 0, unique = 0, none = 0, several = 0;
    int smallest_agree = 0, smallest_compared = 0;

    for (int i = 0; i < count; i++) {
        /* From 40% to 75% of the cells given. */
        int keep = n * 40 / 100 + (int)rng_below((unsigned)(n * 35 / 100));
        bool ok;

        random_solution(br, bc, solution);
        random_givens(p, solution, keep, i % 3 == 2, grid);
        ok = same_as_previous(p, grid, 2) && same_as_previous(p, grid, 1);
        if (!ok)
            tap_diag("%dx%d puzzle %d (%d givens) differs", n == 256 ? 16 : 25,
                     n == 256 ? 16 : 25, i, keep);
        agree += ok;
        {
            bool compared;

            smallest_agree += smallest_as_plain(p, grid, &compared);
            smallest_compared += compared;
        }
        {
            struct solve_request req = { .limit = 2, .budget = solve_budget_nodes(20000) };
            struct solve_result res = { 0 };

            sudoku_solve_general(p, grid, &req, &res);
            unique += res.count == 1;
            none += res.count == 0 && !res.gave_up;
            several += res.count == 2;
        }
    }
    tap_ok(agree == count, "%dx%d: %d/%d random puzzles as the previous search (count, first "
           "solution, nodes)", br * bc, br * bc, agree, count);
    tap_ok(smallest_agree == count && smallest_compared >= count / 3,
           "%dx%d: the smallest solution as plain backtracking finds it (%d compared)",
           br * bc, br * bc, smallest_compared);
    /* The set must hold every outcome, or the comparison proves less than it says. */
    tap_ok(unique > 0 && none > 0 && several > 0, "%dx%d: unique %d, none %d, several %d",
           br * bc, br * bc, unique, none, several);
    puzzle_free(p);
}

int main(void)
{
    test_random(4, 4, 60);
    test_random(5, 5, 15);
    return tap_done();
}
