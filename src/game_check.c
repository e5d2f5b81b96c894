/* game_check.c: which of the player's digits no solution of the puzzle has, on puzzles of
 * one solution or several, with what the searches learnt kept for the next check. */
#include "config.h"
#include "game.h"

#include <stdlib.h>
#include <string.h>

#include "solve.h"
#include "util.h"

/*
 * On a puzzle of one solution a digit is wrong when it is not that solution's.  With
 * several, the first solution found says nothing of a digit it lacks: another solution may
 * have it.  So a digit is wrong when no solution (of the givens alone) has it in its cell,
 * which takes a search from the givens and that one digit; every solution any search finds
 * shows each of its digits possible, so most digits are settled without a search of their
 * own.  The puzzle never changes under a game, so what is learnt is kept.
 */
struct game_check {
    const struct puzzle *p;
    bool searched;          /* the first search (up to two solutions) is done */
    bool unsolvable;        /* ... and found none */
    bool unique;            /* ... and found one, proven the only one */
    uint8_t *first;         /* the first solution found */
    digitset *possible;     /* per cell: digits some solution found has there */
    digitset *impossible;   /* per cell: digits a search proved no solution has there */
    uint8_t *trial;         /* scratch: the grid a search starts from */
    uint8_t *found;         /* scratch: the solution a search finds */
    uint64_t spent;         /* nodes the current check's searches have used */
};

struct game_check *game_check_new(const struct puzzle *p)
{
    struct game_check *gc = xcalloc(1, sizeof *gc);
    size_t n = (size_t)p->ncells;

    gc->p = p;
    gc->first = xmalloc(n);
    gc->possible = xcalloc(n, sizeof *gc->possible);
    gc->impossible = xcalloc(n, sizeof *gc->impossible);
    gc->trial = xmalloc(n);
    gc->found = xmalloc(n);
    return gc;
}

void game_check_free(struct game_check *gc)
{
    if (gc == NULL)
        return;
    free(gc->first);
    free(gc->possible);
    free(gc->impossible);
    free(gc->trial);
    free(gc->found);
    free(gc);
}

/* Every digit of a solution is possible in its cell. */
static void learn_solution(struct game_check *gc, const uint8_t *solution)
{
    for (int cell = 0; cell < gc->p->ncells; cell++)
        if (solution[cell] != 0)
            gc->possible[cell] |= (digitset)1 << solution[cell];
}

/* A search from grid for up to limit solutions, the first into gc->found, within what the
 * check's budget has left: the number found, *gave_up telling whether the budget ran out
 * before the search was over. */
static long search(struct game_check *gc, const uint8_t *grid, long limit,
                   const struct solve_budget *budget, bool *gave_up)
{
    struct solve_request req = { .limit = limit, .budget = solve_budget_left(budget, gc->spent) };
    struct solve_result res = { .solution = gc->found };

    puzzle_solve(gc->p, grid, &req, &res);
    gc->spent += res.stats.nodes;
    if (res.count > 0)
        learn_solution(gc, gc->found);
    *gave_up = res.gave_up;
    return res.count;
}

/* A search for one solution from grid: 1 found, 0 none, -1 not known (out of budget). */
static int any_solution(struct game_check *gc, const uint8_t *grid,
                        const struct solve_budget *budget)
{
    bool gave_up;
    long found = search(gc, grid, 1, budget, &gave_up);

    return found > 0 ? 1 : gave_up ? -1 : 0;
}

/* The first search, from the givens: whether there is a solution, and whether it is the
 * only one (a uniqueness the budget could not prove counts as several: slower, as true).
 * false when the budget ran out before any was found. */
static bool search_givens(struct game_check *gc, const struct solve_budget *budget)
{
    bool gave_up;
    long found = search(gc, gc->p->given, 2, budget, &gave_up);

    if (found == 0 && gave_up)
        return false;
    gc->searched = true;
    gc->unsolvable = found == 0;
    gc->unique = found == 1 && !gave_up;
    if (found > 0)
        memcpy(gc->first, gc->found, (size_t)gc->p->ncells);
    return true;
}

/* Whether some solution of the givens has digit d in cell: 1 yes, 0 no, -1 not known
 * (the budget ran out). */
static int digit_possible(struct game_check *gc, int cell, int d, const struct solve_budget *budget)
{
    digitset bit = (digitset)1 << d;
    int found;

    if (gc->possible[cell] & bit)
        return 1;
    if (gc->impossible[cell] & bit)
        return 0;
    memcpy(gc->trial, gc->p->given, (size_t)gc->p->ncells);
    gc->trial[cell] = (uint8_t)d;
    found = any_solution(gc, gc->trial, budget);
    if (found == 0)
        gc->impossible[cell] |= bit;
    return found;
}

/* Marks in bad the player's digits no solution has; their number, or -1 when the budget
 * ran out. */
static int impossible_digits(struct game_check *gc, const struct game *g, uint8_t *bad,
                             const struct solve_budget *budget)
{
    const struct puzzle *p = gc->p;
    int n = 0;

    memset(bad, 0, (size_t)p->ncells);
    for (int cell = 0; cell < p->ncells; cell++) {
        int ok;

        if (p->block[cell] || p->given[cell] != 0 || g->grid[cell] == 0)
            continue;
        ok = digit_possible(gc, cell, g->grid[cell], budget);
        if (ok < 0)
            return -1;
        bad[cell] = ok == 0;
        n += ok == 0;
    }
    return n;
}

enum game_check_verdict game_check(struct game_check *gc, const struct game *g,
                                   const struct solve_budget *budget, uint8_t *bad, int *nbad)
{
    int n, together;

    *nbad = 0;
    gc->spent = 0;
    if (!gc->searched && !search_givens(gc, budget))
        return GAME_CHECK_GAVE_UP;
    if (gc->unsolvable)
        return GAME_CHECK_UNSOLVABLE;
    if (gc->unique) {
        *nbad = game_wrong_cells(g, gc->first, bad);
        return *nbad > 0 ? GAME_CHECK_WRONG : GAME_CHECK_RIGHT;
    }
    n = impossible_digits(gc, g, bad, budget);
    if (n < 0)
        return GAME_CHECK_GAVE_UP;
    if (n > 0) {
        *nbad = n;
        return GAME_CHECK_WRONG;
    }
    together = any_solution(gc, g->grid, budget);
    if (together < 0)
        return GAME_CHECK_GAVE_UP;
    return together > 0 ? GAME_CHECK_RIGHT : GAME_CHECK_TOGETHER;
}
