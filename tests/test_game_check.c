/* test_game_check.c: game_check against every solution listed: on puzzles of several
 * solutions (Sudoku, X, Killer, Kakuro) a digit is wrong only when no solution has it in
 * its cell; on puzzles of one, the wrong cells are those that differ from it. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "game.h"
#include "puzzle.h"
#include "solve.h"
#include "tap.h"
#include "util.h"

#define MAX_SOLUTIONS 4096

/* Every solution of a small puzzle, listed by the search's observer. */
struct all_solutions {
    const struct puzzle *p;
    uint8_t *grids;     /* n grids of ncells */
    int n;
};

static int keep_solution(const struct solve_step *step, void *user)
{
    struct all_solutions *all = user;
    size_t size = (size_t)all->p->ncells;

    if (step->kind == STEP_SOLVED && all->n < MAX_SOLUTIONS)
        memcpy(all->grids + size * (size_t)all->n++, step->grid, size);
    return 0;
}

static void list_solutions(const struct puzzle *p, struct all_solutions *all)
{
    struct solve_observer obs = { .step = keep_solution, .user = all };
    struct solve_request req = { .limit = MAX_SOLUTIONS, .observer = &obs, .strategy = SOLVE_PLAIN };
    struct solve_result res = { .solution = NULL };

    all->p = p;
    all->n = 0;
    all->grids = xmalloc((size_t)p->ncells * MAX_SOLUTIONS);
    puzzle_solve(p, p->given, &req, &res);
}

static struct puzzle *load(const char *file)
{
    char *path = xasprintf("%s%s", tap_data_path("game/"), file);
    struct format_error err;
    struct puzzle *p = format_load(path, FORMAT_AUTO, NULL, &err);

    if (p == NULL) {
        char msg[600];
        format_error_string(&err, msg, sizeof msg);
        tap_diag("%s", msg);
    }
    free(path);
    return p;
}

/* Whether solution s keeps every digit of grid (only cell, when cell >= 0). */
static bool keeps(const struct puzzle *p, const uint8_t *s, const uint8_t *grid, int cell)
{
    for (int c = 0; c < p->ncells; c++)
        if ((cell < 0 || c == cell) && grid[c] != 0 && s[c] != grid[c])
            return false;
    return true;
}

/* What the check must say of grid, from the list: wrong cells into bad. */
static enum game_check_verdict expected(const struct all_solutions *all, const uint8_t *grid,
                                        uint8_t *bad)
{
    const struct puzzle *p = all->p;
    size_t size = (size_t)p->ncells;
    int nbad = 0;

    for (int c = 0; c < p->ncells; c++) {
        bool some = false;
        for (int i = 0; i < all->n && !some; i++)
            some = keeps(p, all->grids + size * (size_t)i, grid, c);
        bad[c] = !some;
        nbad += !some;
    }
    if (nbad > 0)
        return GAME_CHECK_WRONG;
    for (int i = 0; i < all->n; i++)
        if (keeps(p, all->grids + size * (size_t)i, grid, -1))
            return GAME_CHECK_RIGHT;
    return GAME_CHECK_TOGETHER;
}

/* A position of a few of the player's digits, random (seeded), set straight in the grid. */
static void random_position(struct game *g, unsigned *seed, int count)
{
    const struct puzzle *p = g->puzzle;

    memcpy(g->grid, p->given, (size_t)p->ncells);
    for (int k = 0; k < count; k++) {
        int cell = (int)(rand_r(seed) % (unsigned)p->ncells);
        if (game_cell_editable(g, cell))
            g->grid[cell] = (uint8_t)(1 + rand_r(seed) % (unsigned)p->max_digit);
    }
}

/* Many positions of one puzzle, each checked by one game_check kept across them (as the
 * player keeps it), against what the list of solutions says. */
static void test_against_list(const char *file, int min_solutions, bool every_verdict)
{
    struct puzzle *p = load(file);
    struct all_solutions all;
    struct game *g;
    struct game_check *gc;
    uint8_t *bad, *want;
    unsigned seed = 7;
    int agreed = 0, seen[5] = { 0 }, trials = 400;

    if (p == NULL) {
        tap_ok(false, "%s loads", file);
        return;
    }
    list_solutions(p, &all);
    g = game_new(p, NULL);
    gc = game_check_new(g->puzzle);
    bad = xmalloc((size_t)p->ncells);
    want = xmalloc((size_t)p->ncells);
    for (int t = 0; t < trials; t++) {
        struct solve_budget budget = solve_budget_nodes(0);
        enum game_check_verdict v, w;
        int nbad;

        random_position(g, &seed, 1 + t % 4);
        w = expected(&all, g->grid, want);
        v = game_check(gc, g, &budget, bad, &nbad);
        if (v == w && (v != GAME_CHECK_WRONG || memcmp(bad, want, (size_t)p->ncells) == 0))
            agreed++;
        else if (agreed == t)
            tap_diag("%s, trial %d: verdict %d, expected %d", file, t, (int)v, (int)w);
        seen[v]++;
    }
    tap_ok(all.n >= min_solutions && agreed == trials,
           "%s (%d solutions): %d of %d checks say what the solutions say "
           "(%d right, %d wrong, %d together)", file, all.n, agreed, trials,
           seen[GAME_CHECK_RIGHT], seen[GAME_CHECK_WRONG], seen[GAME_CHECK_TOGETHER]);
    /* The positions drawn reach every verdict, or the test proves less than it says (an
     * empty Sudoku has every digit somewhere: none is wrong alone). */
    if (every_verdict)
        tap_ok(seen[GAME_CHECK_RIGHT] && seen[GAME_CHECK_WRONG] && seen[GAME_CHECK_TOGETHER],
               "%s: the positions drawn reach every verdict", file);
    free(bad);
    free(want);
    free(all.grids);
    game_check_free(gc);
    game_free(g);
    puzzle_free(p);
}

/* An empty 4x4: the first solution found (1234 on the first row) does not make a 4 in
 * r1c1 wrong; two 4s in one box are each right alone but not together: no cell named. */
static void test_empty_4x4(void)
{
    struct puzzle *p = load("check/empty4.txt");
    struct game *g = game_new(p, NULL);
    struct game_check *gc = game_check_new(g->puzzle);
    struct solve_budget budget = solve_budget_nodes(0);
    uint8_t bad[16];
    int nbad;
    enum game_check_verdict v;

    game_set(g, 0, 4, NULL);
    v = game_check(gc, g, &budget, bad, &nbad);
    tap_ok(v == GAME_CHECK_RIGHT && nbad == 0, "empty 4x4: a 4 in r1c1 is no mistake");
    game_set(g, 5, 4, NULL);
    v = game_check(gc, g, &budget, bad, &nbad);
    tap_ok(v == GAME_CHECK_TOGETHER && nbad == 0 && memchr(bad, 1, sizeof bad) == NULL,
           "empty 4x4: 4s in r1c1 and r2c2 leave no solution together, and no cell is named");
    game_check_free(gc);
    game_free(g);
    puzzle_free(p);
}

/* A budget spent before the first search ends: not known, and said so. */
static void test_gave_up(void)
{
    struct puzzle *p = load("check/empty16.txt");
    struct game *g = game_new(p, NULL);
    struct game_check *gc = game_check_new(g->puzzle);
    struct solve_budget budget = solve_budget_nodes(1);
    uint8_t *bad = xmalloc((size_t)p->ncells);
    int nbad;

    tap_ok(game_check(gc, g, &budget, bad, &nbad) == GAME_CHECK_GAVE_UP,
           "a budget of one node gives up on an empty 16x16");
    free(bad);
    game_check_free(gc);
    game_free(g);
    puzzle_free(p);
}

int main(void)
{
    test_empty_4x4();
    test_against_list("check/empty4.txt", 2, false);
    test_against_list("check/given4.txt", 2, true);
    test_against_list("check/x4.txt", 2, true);
    test_against_list("check/killer4.txt", 2, true);
    test_against_list("check/kakuro3.txt", 2, true);
    /* One solution: the wrong cells are exactly those that differ from it. */
    test_against_list("sudoku4.txt", 1, false);
    test_against_list("sudoku6.txt", 1, false);
    test_against_list("kakuro8.txt", 1, false);
    test_gave_up();
    return tap_done();
}
