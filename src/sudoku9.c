/* sudoku9.c: the fast 9x9 Sudoku search: per-digit band bitboards, box-line shrinking, singles, state-copy branching. */
#include "config.h"
#include "solve.h"
#include "sudoku9_bands.h"
#include "util.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* The representation and its propagation are in sudoku9_bands.h, which the Sudoku X
 * search (sudoku9_x.c) shares; here are the search and its observed twin. */

struct search {
    long limit;
    long count;
    uint8_t *solution;
    struct solve_stats stats;
    const struct solve_budget *budget;  /* NULL: none */
    bool gave_up;
};

static void search(struct search *ctx, struct state *s)
{
    uint32_t pairs[3];

    if (solve_budget_spent(ctx->budget, ctx->stats.nodes)) {
        ctx->gave_up = true;
        return;
    }
    ctx->stats.nodes++;
    if (!propagate(s, pairs)) {
        ctx->stats.backtracks++;
        return;
    }
    if (all_solved(s)) {
        if (ctx->count++ == 0)
            write_grid(s, ctx->solution);
        return;
    }

    /* Branch on a cell with two candidates if any: the cheapest split. */
    int b, i;
    if (pairs[0] | pairs[1] | pairs[2]) {
        int cell = busiest_pair_cell(s, pairs);
        b = cell / 27;
        i = cell % 27;
    } else {
        int cell = fewest_candidates_cell(s);
        b = cell / 27;
        i = cell % 27;
    }
    uint32_t digits = cell_digits(s, b, i);
    while (digits) {
        int d = lowest(digits);
        digits &= digits - 1;
        ctx->stats.guesses++;
        if (digits == 0) {      /* the last choice may reuse this node's state */
            assign(s, b, i, d);
            search(ctx, s);
            return;
        }
        struct state child = *s;
        assign(&child, b, i, d);
        search(ctx, &child);
        if (ctx->count >= ctx->limit || ctx->gave_up)
            return;
    }
}

long sudoku9_solve_within(const uint8_t *grid, long limit, uint8_t *solution,
                          struct solve_stats *stats, const struct solve_budget *budget,
                          bool *gave_up)
{
    struct state s;
    struct search ctx = { .limit = limit, .count = 0, .solution = solution, .budget = budget };

    *gave_up = false;
    if (limit < 1 || !start_state(grid, &s))
        return 0;
    search(&ctx, &s);
    if (stats != NULL)
        solve_stats_add(stats, &ctx.stats);
    *gave_up = ctx.gave_up;
    return ctx.count;
}

long sudoku9_solve(const uint8_t *grid, long limit, uint8_t *solution,
                   struct solve_stats *stats)
{
    bool gave_up;

    return sudoku9_solve_within(grid, limit, solution, stats, NULL, &gave_up);
}

/* --- The same search, observed --- */

/*
 * With an observer, each node of the search reports what its propagation changed: the
 * state before it is compared with the state after, giving the cells newly settled
 * (STEP_PLACE) and the candidates gone from the cells still empty (STEP_ELIMINATE).  The
 * working grid and a trail of the cells filled since each guess follow along, so backing
 * up empties them latest first, as the general search reports it.  It is a separate
 * function so the batch search above stays as it is.
 */

struct watched {
    const struct puzzle *p;
    const struct solve_observer *observer;
    struct solve_result *res;
    long limit;
    uint8_t grid[81];
    uint32_t filled[3];     /* per band: the cells filled in grid, as band bits */
    int trail[81];          /* cells filled, in order, as 27 * band + bit */
    int ntrail;
    struct solve_step step; /* the step being reported: its grid stays, the rest changes */
    struct solve_stats stats;
    bool stop;
};

static inline bool watched_report(struct watched *w, enum solve_step_kind kind, int cell, int digit,
                           int depth)
{
    w->step.kind = kind;
    w->step.cell = cell;
    w->step.digit = digit;
    w->step.depth = depth;
    if (w->observer->step(&w->step, w->observer->user) != 0)
        w->stop = true;
    return !w->stop;
}

/* A guess, or a dead end found in a group: the fields other steps leave at 0 and -1. */
static bool watched_report_more(struct watched *w, enum solve_step_kind kind, int cell,
                                int digit, int depth, int choice, int nchoices, int group)
{
    bool go_on;

    w->step.choice = choice;
    w->step.nchoices = nchoices;
    w->step.group = group;
    go_on = watched_report(w, kind, cell, digit, depth);
    w->step.choice = w->step.nchoices = 0;
    w->step.group = -1;
    return go_on;
}

/* The cell index (reading order) of bit i of band b. */
static inline int band_cell(int b, int i)
{
    return 27 * b + bit_offset[i];
}

/* Fills bit i of band b with digit d (1-9) in the working grid and the trail. */
static inline void watched_fill(struct watched *w, int b, int i, int d)
{
    int cell = band_cell(b, i);

    w->grid[cell] = (uint8_t)d;
    w->filled[b] |= 1u << i;
    w->trail[w->ntrail++] = 27 * b + i;
}

/* The cells of each band that see a filled cell holding digit d (same row, column or
 * box): the rules alone keep d out of them. */
static void digit_seen(const struct watched *w, const struct state *s, int d, uint32_t seen[3])
{
    uint32_t columns = 0, held[3];

    for (int b = 0; b < 3; b++) {
        held[b] = s->plane[b][d] & w->filled[b];
        columns |= band_columns(held[b]);
    }
    for (int b = 0; b < 3; b++) {
        /* Mini-rows 3*r + k: a row holding d covers its three, a box k its column of them. */
        uint32_t m = minirows(held[b]);
        uint32_t rows = ((m | m >> 1 | m >> 2) & 0x49u) * 7u, boxes = ((m | m >> 3 | m >> 6) & 7u) * 0x49u;

        seen[b] = (rows | boxes) * MINIROWS_TO_CELLS | columns * COLUMNS_TO_CELLS;
    }
}

/* Reports the cells settled between before and after, then the candidates removed from
 * the cells still empty, digit by digit, but for those the rules remove anyway once a
 * digit is in a group (they are the bulk, and say nothing a view cannot see from the
 * grid); false when the observer stops the search. */
static bool report_changes(struct watched *w, const struct state *before,
                           const struct state *after, int depth)
{
    for (int b = 0; b < 3; b++) {
        uint32_t settled = after->solved[b] & ~w->filled[b];

        /* Digit by digit; a contradiction can leave a settled cell with no digit, or
         * (mid-way) with two, and the first one wins. */
        for (int d = 0; settled && d < 9; d++) {
            for (uint32_t m = after->plane[b][d] & settled; m; m &= m - 1) {
                int i = lowest(m);

                settled &= ~(1u << i);
                watched_fill(w, b, i, d + 1);
                if (!watched_report(w, STEP_PLACE, band_cell(b, i), d + 1, depth))
                    return false;
            }
        }
    }
    for (int d = 0; d < 9; d++) {
        uint32_t gone[3], seen[3];

        gone[0] = before->plane[0][d] & ~after->plane[0][d] & ~w->filled[0];
        gone[1] = before->plane[1][d] & ~after->plane[1][d] & ~w->filled[1];
        gone[2] = before->plane[2][d] & ~after->plane[2][d] & ~w->filled[2];
        if ((gone[0] | gone[1] | gone[2]) == 0)
            continue;
        digit_seen(w, after, d, seen);
        for (int b = 0; b < 3; b++)
            for (uint32_t m = gone[b] & ~seen[b]; m; m &= m - 1)
                if (!watched_report(w, STEP_ELIMINATE, band_cell(b, lowest(m)), d + 1, depth))
                    return false;
    }
    return true;
}

/* The puzzle's group of the given kind through cell. */
static int group_of(const struct puzzle *p, int cell, enum group_kind kind)
{
    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][k] >= 0; k++)
        if (p->groups[p->cell_groups[cell][k]].kind == kind)
            return p->cell_groups[cell][k];
    return -1;
}

/* A row, column or box where digit d has no place left in s: its group, or -1. */
static int broken_group(const struct puzzle *p, const struct state *s, int d)
{
    uint32_t columns = 0;

    for (int b = 0; b < 3; b++) {
        uint32_t rows = minirows(s->plane[b][d]);

        columns |= band_columns(s->plane[b][d]);
        for (int k = 0; k < 3; k++) {
            if ((rows >> (3 * k) & 7u) == 0)
                return group_of(p, 27 * b + 9 * k, GROUP_ROW);
            if ((rows & (0x49u << k)) == 0)
                return group_of(p, 27 * b + 3 * k, GROUP_BOX);
        }
    }
    columns = ~columns & FIRST_ROW_COLUMNS;
    if (columns != 0) {
        int bit = lowest(columns);      /* bit 9*p + k is column 3*k + p */
        return group_of(p, 3 * (bit % 9) + bit / 9, GROUP_COLUMN);
    }
    return -1;
}

/* Where the rules alone show a dead end in the working grid: an empty cell no digit
 * fits (returned), else a group with a digit that fits none of its empty cells (in
 * *group and *digit); -1 when neither. */
static int dead_end_in_grid(const struct watched *w, int *group, int *digit)
{
    const struct puzzle *p = w->p;

    *group = *digit = -1;
    for (int c = 0; c < 81; c++)
        if (w->grid[c] == 0 && puzzle_candidates(p, w->grid, c) == 0)
            return c;
    for (int g = 0; g < p->ngroups; g++) {
        const struct puzzle_group *grp = &p->groups[g];
        digitset placed = 0, fits = 0;

        for (int k = 0; k < grp->ncells; k++) {
            int c = grp->cells[k];
            if (w->grid[c] != 0)
                placed |= 1u << w->grid[c];
            else
                fits |= puzzle_candidates(p, w->grid, c);
        }
        if ((placed | fits) != 0x3FEu) {
            *group = g;
            *digit = lowest(0x3FEu & ~(placed | fits));
            return -1;
        }
    }
    return -1;
}

/* Reports a failed propagation: an empty cell with no candidate left, else a group where
 * a digit has no place left.  Band shrinking can fail with neither in sight (no way to
 * fit a digit into three rows and boxes at once); then, before any guess, the rules on
 * the grid may still name one, and otherwise the dead end names the digit alone. */
static void report_dead_end(struct watched *w, const struct state *s, int depth)
{
    int cell, group, digit;

    for (int b = 0; b < 3; b++) {
        uint32_t any = 0;

        for (int d = 0; d < 9; d++)
            any |= s->plane[b][d];
        for (uint32_t m = ~any & BAND_CELLS & ~w->filled[b]; m; m &= m - 1) {
            watched_report(w, STEP_CONTRADICTION, band_cell(b, lowest(m)), 0, depth);
            return;
        }
    }
    for (int d = 0; d < 9; d++) {
        group = broken_group(w->p, s, d);
        if (group >= 0) {
            watched_report_more(w, STEP_CONTRADICTION, -1, d + 1, depth, 0, 0, group);
            return;
        }
    }
    /* Only before any guess: the grid check is slow, and a puzzle without a solution is
     * where a named place matters most. */
    cell = group = digit = -1;
    if (depth == 0)
        cell = dead_end_in_grid(w, &group, &digit);
    if (cell >= 0) {
        watched_report(w, STEP_CONTRADICTION, cell, 0, depth);
        return;
    }
    if (group < 0) {
        /* Name at least the digit that cannot be fitted into its rows and boxes. */
        for (int d = 0; d < 9 && digit < 0; d++) {
            uint32_t w0 = s->plane[0][d], w1 = s->plane[1][d], w2 = s->plane[2][d], fixed[3];
            if (!shrink_digit(&w0, &w1, &w2, fixed))
                digit = d + 1;
        }
    }
    watched_report_more(w, STEP_CONTRADICTION, -1, digit > 0 ? digit : 0, depth, 0, 0, group);
}

/* Empties the cells filled since mark, latest first; false when stopped. */
static bool watched_undo(struct watched *w, int mark, int depth)
{
    while (w->ntrail > mark) {
        int bit = w->trail[--w->ntrail], cell = band_cell(bit / 27, bit % 27), d = w->grid[cell];

        w->grid[cell] = 0;
        w->filled[bit / 27] &= ~(1u << (bit % 27));
        if (!watched_report(w, STEP_BACKTRACK, cell, d, depth))
            return false;
    }
    return true;
}

/* The node with state s (its guess assigned), whose parent's state was before. */
static void search_observed(struct watched *w, const struct state *before, struct state *s,
                            int depth)
{
    uint32_t pairs[3], digits;
    bool ok;
    int cell, b, i, choice = 0, nchoices;

    w->stats.nodes++;
    ok = propagate(s, pairs);
    if (!report_changes(w, before, s, depth))
        return;
    if (!ok) {
        w->stats.backtracks++;
        report_dead_end(w, s, depth);
        return;
    }
    if (all_solved(s)) {
        if (w->res->count++ == 0 && w->res->solution != NULL)
            write_grid(s, w->res->solution);
        watched_report(w, STEP_SOLVED, -1, 0, depth);
        return;
    }
    cell = (pairs[0] | pairs[1] | pairs[2]) ? busiest_pair_cell(s, pairs) : fewest_candidates_cell(s);
    b = cell / 27;
    i = cell % 27;
    digits = cell_digits(s, b, i);
    nchoices = count_bits(digits);
    for (; digits; digits &= digits - 1) {
        int d = lowest(digits), mark = w->ntrail;
        struct state child = *s;

        w->stats.guesses++;
        assign(&child, b, i, d);
        watched_fill(w, b, i, d + 1);
        if (!watched_report_more(w, STEP_GUESS, band_cell(b, i), d + 1, depth + 1, ++choice, nchoices, -1))
            return;
        search_observed(w, s, &child, depth + 1);
        if (w->stop || w->res->count >= w->limit || !watched_undo(w, mark, depth + 1))
            return;
    }
}

/* The state the search starts from, with each given's digit also cleared from its
 * column and box: the candidates before any deduction, as the general search starts
 * from, so what propagation removes is reported and the rules' own removals are not. */
static void basic_candidates(const uint8_t *grid, const struct state *start, struct state *s)
{
    *s = *start;
    for (int c = 0; c < 81; c++) {
        int d = grid[c] - 1, b = c / 27, i = band_bit(c % 27), col = c % 9;
        uint32_t column, box;

        if (d < 0)
            continue;
        s->solved[b] |= 1u << i;
        column = (1u << (9 * (col % 3) + col / 3)) * COLUMNS_TO_CELLS;
        box = (0x49u << (col / 3)) * MINIROWS_TO_CELLS;
        for (int bb = 0; bb < 3; bb++)
            s->plane[bb][d] &= ~column;
        s->plane[b][d] &= ~box;
        s->plane[b][d] |= 1u << i;
    }
}

void sudoku9_solve_observed(const struct puzzle *p, const uint8_t *grid,
                            const struct solve_request *req, struct solve_result *res)
{
    struct watched w = { .p = p, .observer = req->observer, .res = res, .limit = req->limit };
    struct state s, before;

    /* The caller has checked the givens (sudoku_solve). */
    res->count = 0;
    res->stopped = false;
    if (req->limit < 1)
        return;
    memcpy(w.grid, grid, sizeof w.grid);
    for (int c = 0; c < 81; c++)
        if (grid[c] != 0)
            w.filled[c / 27] |= 1u << band_bit(c % 27);
    w.step = (struct solve_step){ .cell = -1, .group = -1, .grid = w.grid };
    if (!start_state(grid, &s))
        return;     /* givens that clash: none (the caller has checked them) */
    basic_candidates(grid, &s, &before);
    search_observed(&w, &before, &s, 0);
    res->stopped = w.stop;
    res->stats.nodes += w.stats.nodes;
    res->stats.guesses += w.stats.guesses;
    res->stats.backtracks += w.stats.backtracks;
}
