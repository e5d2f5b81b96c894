/* generate_sudoku.c: one Sudoku attempt: a random full grid, then givens removed in symmetric
 * groups while the puzzle keeps one solution and stays within the level asked for. */
#include "config.h"
#include "generate.h"

#include <stdlib.h>
#include <string.h>

#include "solve.h"
#include "util.h"

/* --- A full grid by randomised search --- */

/* Backtracking over the most constrained cell, digits in random order.  A search that
 * wanders (more than node_limit nodes) is abandoned and started afresh, which is far
 * quicker on large grids than waiting for a bad early choice to be undone. */
struct filler {
    const struct puzzle *p;
    struct gen_rng *rng;
    uint8_t *grid;
    uint32_t row[SUDOKU_MAX_SIZE], col[SUDOKU_MAX_SIZE], box[SUDOKU_MAX_SIZE];
    long nodes, node_limit;
    bool gave_up;
};

static int box_of(const struct puzzle *p, int r, int c)
{
    return r / p->box_rows * p->box_rows + c / p->box_cols;
}

static void filler_set(struct filler *f, int cell, int d)
{
    const struct puzzle *p = f->p;
    int r = cell / p->width, c = cell % p->width;
    uint32_t bit = 1u << d;

    f->grid[cell] = (uint8_t)d;
    f->row[r] ^= bit;
    f->col[c] ^= bit;
    f->box[box_of(p, r, c)] ^= bit;
}

static void filler_clear(struct filler *f, int cell)
{
    filler_set(f, cell, f->grid[cell]);     /* the same bits again: xor takes them out */
    f->grid[cell] = 0;
}

/* The empty cell with the fewest candidates (-1: the grid is full) and its candidates;
 * *cands is 0 when some cell has none left. */
static int filler_pick(const struct filler *f, uint32_t *cands)
{
    const struct puzzle *p = f->p;
    uint32_t all = ((1u << (p->max_digit + 1)) - 1) & ~1u;
    int best = -1, best_count = p->max_digit + 1;

    *cands = 0;
    for (int cell = 0; cell < p->ncells; cell++) {
        int r = cell / p->width, c = cell % p->width;
        uint32_t cand;
        int count;

        if (f->grid[cell])
            continue;
        cand = all & ~(f->row[r] | f->col[c] | f->box[box_of(p, r, c)]);
        count = popcount32(cand);
        if (count < best_count) {
            best = cell;
            best_count = count;
            *cands = cand;
            if (count <= 1)
                break;
        }
    }
    return best;
}

static bool filler_search(struct filler *f)
{
    int digits[SUDOKU_MAX_SIZE], n = 0;
    uint32_t cands;
    int cell = filler_pick(f, &cands);

    if (cell < 0)
        return true;
    if (cands == 0 || ++f->nodes > f->node_limit) {
        f->gave_up = f->nodes > f->node_limit;
        return false;
    }
    for (uint32_t m = cands; m != 0; m &= m - 1)
        digits[n++] = lowest_bit(m);
    gen_rng_shuffle(f->rng, digits, n);
    for (int i = 0; i < n && !f->gave_up; i++) {
        filler_set(f, cell, digits[i]);
        if (filler_search(f))
            return true;
        filler_clear(f, cell);
    }
    return false;
}

/* Fills grid (all cells) with a random solved Sudoku of p's shape. */
static void fill_grid(const struct puzzle *p, struct gen_rng *rng, uint8_t *grid)
{
    struct filler f = { .p = p, .rng = rng, .grid = grid };

    for (;;) {
        memset(grid, 0, (size_t)p->ncells);
        memset(f.row, 0, sizeof f.row);
        memset(f.col, 0, sizeof f.col);
        memset(f.box, 0, sizeof f.box);
        f.nodes = 0;
        f.node_limit = 4L * p->ncells;
        f.gave_up = false;
        if (filler_search(&f))
            return;
    }
}

/* --- Removing givens --- */

#define GUESS_LIMIT_PER_CELL 2

/* Above 9x9, removals stop after this many in a row have failed: each failure there is a
 * search run to its node budget (milliseconds at 25x25), and once the puzzle is near
 * minimal nearly every later one fails too (25x25: half the generation time went to such
 * tails, for 0-6 givens more). 9x9 searches are short, so 9x9 tries every group. */
#define FAILED_REMOVALS_IN_A_ROW 32

/* Stops a search after so many guesses: on a large grid with few givens proving one
 * solution can take very long, and a removal that cannot be proven quickly is not made. */
/* Whether p's givens have exactly one solution, proven within the guess limit: a budget
 * of nodes (the root, then one per guess), so the search runs without an observer, on
 * the general search's fast path. */
static bool has_one_solution(const struct puzzle *p)
{
    struct solve_request req = { .limit = 2 };
    struct solve_result res = { .solution = NULL };

    /* 9x9 has its own fast path, and its searches are always short: no limit. */
    if (p->width != 9)
        req.budget = solve_budget_nodes((uint64_t)GUESS_LIMIT_PER_CELL * (uint64_t)p->ncells + 1);
    puzzle_solve(p, p->given, &req, &res);
    return res.count == 1 && !res.gave_up;
}

/* --- Swapping givens down to the range --- */

/* Swaps tried on one puzzle at most, and ratings of those that leave fewer givens: a 9x9
 * Master is one attempt in 200, and one such swap in 80 still rates Master (most rate
 * Beginner, cheaply); 100 Masters of seed 1000 kept 6 above the range with 32 ratings, 4
 * with 128, 2 with 400 (and 2 with 1,000, at 60 s CPU instead of 48). */
#define SWAP_TRIALS_MAX 3000
#define SWAP_RATINGS_MAX 400
#define SWAP_BACK_MAX 2     /* groups given back in one swap: one or two */
/* ...and, where those leave it above the range, one to four: 100 Masters of seed 1000
 * kept 2 at 28 givens, each minimal once one or two groups go back. */
#define SWAP_BACK_WIDE 4

/* Gives the groups back[0..nback-1] back (from solution) and removes in order every
 * other given group whose removal keeps one solution, never below min givens: the groups
 * removed are listed in gone (*ngone), and the givens this leaves returned. */
static int swap_in(struct puzzle *p, const int *cells, const int *start, const int *order,
                   int ngroups, const int *back, int nback, const uint8_t *solution, int givens,
                   int min, int *gone, int *ngone)
{
    for (int k = 0; k < nback; k++) {
        gen_group_set(p, cells, start, back[k], solution);
        givens += start[back[k] + 1] - start[back[k]];
    }
    *ngone = 0;
    for (int i = 0; i < ngroups; i++) {
        int grp = order[i], size = start[grp + 1] - start[grp];
        bool was_back = false;

        for (int k = 0; k < nback; k++)
            was_back |= grp == back[k];
        if (was_back || !gen_group_given(p, cells, start, grp) || givens - size < min)
            continue;
        gen_group_set(p, cells, start, grp, NULL);
        if (has_one_solution(p)) {
            gone[(*ngone)++] = grp;
            givens -= size;
        } else {
            gen_group_set(p, cells, start, grp, solution);
        }
    }
    return givens;
}

/* A group not given, at random (-1: none). */
static int random_removed_group(struct gen_rng *rng, const struct puzzle *p, const int *cells,
                                const int *start, int ngroups)
{
    int removed = 0, pick;

    for (int grp = 0; grp < ngroups; grp++)
        removed += !gen_group_given(p, cells, start, grp);
    if (removed == 0)
        return -1;
    pick = gen_rng_below(rng, removed);
    for (int grp = 0; grp < ngroups; grp++)
        if (!gen_group_given(p, cells, start, grp) && pick-- == 0)
            return grp;
    return -1;
}

/*
 * A puzzle at the level asked for whose givens stay above the level's range (no group
 * could go without a second solution: half of 9x9 Masters stop at 27-30) swaps givens
 * down to it rather than being thrown away: a removed group or two at random is given
 * back and the other groups removed again in a random order where one solution remains,
 * kept when that leaves fewer givens and the puzzle still rates at the level.  Up to
 * back_max groups go back in one swap; rng is the swaps' own random stream.  g follows
 * the puzzle; returns the givens left.
 */
static int swap_down(struct gen_context *ctx, struct gen_rng *rng, struct puzzle *p,
                     const uint8_t *solution, const int *cells, const int *start, int ngroups,
                     int givens, int min, int max, int back_max, struct grade *g)
{
    int *order = xmalloc((size_t)ngroups * sizeof *order);
    int *gone = xmalloc((size_t)ngroups * sizeof *gone);
    int ratings = 0;

    for (int i = 0; i < ngroups; i++)
        order[i] = i;
    for (int t = 0; t < SWAP_TRIALS_MAX && givens > max && ratings < SWAP_RATINGS_MAX
                    && gen_tick(ctx); t++) {
        int back[SWAP_BACK_WIDE], nback = 1 + gen_rng_below(rng, back_max), ngone, left;
        struct grade trial;

        /* Each drawn given for the moment, so that two differ; swap_in gives them. */
        for (int k = 0; k < nback; k++) {
            back[k] = random_removed_group(rng, p, cells, start, ngroups);
            if (back[k] < 0) {
                nback = k;
                break;
            }
            gen_group_set(p, cells, start, back[k], solution);
        }
        for (int k = 0; k < nback; k++)
            gen_group_set(p, cells, start, back[k], NULL);
        gen_rng_shuffle(rng, order, ngroups);
        left = swap_in(p, cells, start, order, ngroups, back, nback, solution, givens, min, gone,
                       &ngone);
        if (left < givens) {
            ratings++;
            if (gen_grade(ctx, p, &trial, false) && !trial.gave_up
                && (int)trial.level == ctx->req->level) {
                *g = trial;
                givens = left;
                continue;
            }
        }
        for (int k = 0; k < ngone; k++)
            gen_group_set(p, cells, start, gone[k], solution);
        for (int k = 0; k < nback; k++)
            gen_group_set(p, cells, start, back[k], NULL);
    }
    free(gone);
    free(order);
    return givens;
}

struct puzzle *gen_sudoku_attempt(struct gen_context *ctx, struct grade *g)
{
    const struct gen_request *req = ctx->req;
    int n = req->size, br, bc;
    struct puzzle *p;
    int *cells, *start, *order, ngroups;
    /* Below Master each removal is rated, so the puzzle never passes the level. */
    bool rate_each = req->level != GEN_ANY_LEVEL && req->level < LEVEL_MASTER;
    bool rated = false, strict;
    int min, max, target, givens;
    uint8_t solution[SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE];

    if (!sudoku_box_shape(n, &br, &bc) || (p = sudoku_new(br, bc)) == NULL)
        return NULL;
    fill_grid(p, &ctx->rng, p->given);
    memcpy(solution, p->given, (size_t)p->ncells);
    cells = xmalloc((size_t)p->ncells * sizeof *cells);
    start = xmalloc(((size_t)p->ncells + 1) * sizeof *start);
    ngroups = gen_symmetry_groups(n, req->symmetry, cells, start);
    order = xmalloc((size_t)ngroups * sizeof *order);
    for (int i = 0; i < ngroups; i++)
        order[i] = i;
    gen_rng_shuffle(&ctx->rng, order, ngroups);
    /* Givens are removed down to a count drawn from the range, never below its least. */
    gen_givens(req, &min, &max, &strict);
    target = min + gen_rng_below(&ctx->rng, max - min + 1);
    givens = p->ncells;

    int failed_in_a_row = 0;
    for (int i = 0; i < ngroups && givens > target; i++) {
        int grp = order[i], size = start[grp + 1] - start[grp];
        uint8_t kept[4];
        struct grade trial;

        if (givens - size < min)
            continue;

        ctx->progress.givens_left = givens;
        if (!gen_tick(ctx)) {
            /* Out of time, the puzzle so far is unique still (and the closest there is);
             * cancelled, nothing is wanted. */
            if (ctx->cancelled) {
                puzzle_free(p);
                p = NULL;
            }
            break;
        }
        for (int k = start[grp]; k < start[grp + 1]; k++) {
            kept[k - start[grp]] = p->given[cells[k]];
            p->given[cells[k]] = 0;
        }
        if (has_one_solution(p) && (!rate_each || (gen_grade(ctx, p, &trial, false) && !trial.gave_up
                                                   && (int)trial.level <= req->level))) {
            if (rate_each) {
                *g = trial;
                rated = true;
            }
            givens -= size;
            failed_in_a_row = 0;
            continue;
        }
        for (int k = start[grp]; k < start[grp + 1]; k++)
            p->given[cells[k]] = kept[k - start[grp]];
        if (p->width > 9 && ++failed_in_a_row >= FAILED_REMOVALS_IN_A_ROW)
            break;
    }
    if (p != NULL && !rated)
        gen_grade(ctx, p, g, true);
    /* At the level but above its range: swapped down to it where it can be, on a copy of
     * the random stream, so that the attempts after a puzzle the swaps do not bring within
     * the range are those made before; wider swaps only where narrow ones leave it above,
     * so that the puzzles they brought within it stay the same. */
    if (p != NULL && !strict && req->level != GEN_ANY_LEVEL && !g->gave_up
        && (int)g->level == req->level && givens > max) {
        struct gen_rng rng = ctx->rng;

        givens = swap_down(ctx, &rng, p, solution, cells, start, ngroups, givens, min, max,
                           SWAP_BACK_MAX, g);
        if (givens > max)
            swap_down(ctx, &rng, p, solution, cells, start, ngroups, givens, min, max,
                      SWAP_BACK_WIDE, g);
    }
    free(order);
    free(start);
    free(cells);
    return p;
}
