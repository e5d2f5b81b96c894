/* solve.c: the solver entry points for both kinds, and the seeds' plain backtracking. */
#include "config.h"
#include "solve.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

/* --- Entry points --- */

/* The high bit of each byte of v that is not zero. */
static uint64_t nonzero_bytes(uint64_t v)
{
    const uint64_t low7 = 0x7f7f7f7f7f7f7f7full;

    return (((v & low7) + low7) | v) & ~low7;
}

/* Every digit within the puzzle's range, and none on a black cell.  It is checked
 * before every search, and a 9x9 search takes a couple of microseconds: eight cells at
 * a time, without a branch per cell. */
static bool grid_in_range(const struct puzzle *p, const uint8_t *grid)
{
    const uint64_t ones = 0x0101010101010101ull, low7 = ones * 0x7f;
    const uint8_t *block = p->block;
    uint8_t max = (uint8_t)p->max_digit;
    uint64_t bad = 0;
    int cell = 0;

    for (; cell + 8 <= p->ncells; cell += 8) {
        uint64_t g, b;

        memcpy(&g, grid + cell, 8);
        memcpy(&b, block + cell, 8);
        /* A byte above max (max < 127 carries no byte into the next), or a digit on a
         * black cell. */
        bad |= ((g & low7) + ones * (uint64_t)(127 - max)) | g;
        bad |= nonzero_bytes(b) & nonzero_bytes(g);
    }
    for (; cell < p->ncells; cell++)
        bad |= (uint64_t)((grid[cell] > max) | ((block[cell] != 0) & (grid[cell] != 0))) << 7;
    return (bad & ~low7) == 0;
}

static bool request_valid(const struct puzzle *p, const uint8_t *grid, const struct solve_request *req)
{
    if (p == NULL || grid == NULL || req == NULL || p->groups == NULL || req->limit < 1)
        return false;
    if (req->strategy != SOLVE_SMART && req->strategy != SOLVE_PLAIN)
        return false;
    if (req->observer != NULL && req->observer->step == NULL)
        return false;
    return grid_in_range(p, grid);
}

/* A request that cannot be run (no puzzle, a limit below one, digits out of range)
 * finds nothing: count 0. */
void puzzle_solve(const struct puzzle *p, const uint8_t *grid,
                  const struct solve_request *req, struct solve_result *res)
{
    uint8_t *solution, *scratch = NULL;

    if (res == NULL)
        return;
    solution = res->solution;
    memset(res, 0, sizeof *res);
    res->solution = solution;
    if (!request_valid(p, grid, req))
        return;
    /* The searches write the first solution unconditionally. */
    if (solution == NULL)
        res->solution = scratch = xmalloc((size_t)p->ncells);
    if (req->strategy == SOLVE_PLAIN)
        solve_plain(p, grid, req, res);
    else
        p->ops->solve(p, grid, req, res);
    if (scratch != NULL) {
        free(scratch);
        res->solution = NULL;
    }
}

bool solve_budget_spent(const struct solve_budget *budget, uint64_t nodes)
{
    if (budget == NULL)
        return false;
    if (budget->nodes != 0 && nodes >= budget->nodes)
        return true;
    return budget->deadline_ns != 0 && nodes % SOLVE_CLOCK_EVERY == 0
           && solve_budget_now(budget) >= budget->deadline_ns;
}

uint64_t solve_budget_now(const struct solve_budget *budget)
{
    return budget->cpu_clock ? util_thread_cpu_ns() : util_now_ns();
}

struct solve_budget solve_budget_interactive(uint64_t nodes)
{
    return (struct solve_budget){
        .nodes = nodes != 0 ? nodes : SOLVE_DEFAULT_NODES,
        .deadline_ns = util_now_ns() + (uint64_t)SOLVE_INTERACTIVE_MS * 1000000u,
    };
}

struct solve_budget solve_budget_left(const struct solve_budget *budget, uint64_t nodes)
{
    struct solve_budget left = *budget;

    if (left.nodes != 0)
        left.nodes = nodes < left.nodes ? left.nodes - nodes : 1;
    return left;
}

/* What the first search says, before any search for the smallest of several. */
static enum solve_outcome first_outcome(const struct solve_result *res, bool check_unique)
{
    if (res->count == 0)
        return res->gave_up ? SOLVE_GAVE_UP : SOLVE_NONE;
    if (!check_unique)
        return SOLVE_FOUND;
    if (res->count == 1)
        return res->gave_up ? SOLVE_UNPROVEN : SOLVE_UNIQUE;
    return SOLVE_SEVERAL;
}

enum solve_outcome puzzle_solve_first(const struct puzzle *p, const uint8_t *grid,
                                      bool check_unique, uint8_t *solution,
                                      const struct solve_budget *budget,
                                      struct solve_stats *stats)
{
    struct solve_budget whole = budget != NULL ? *budget : solve_budget_nodes(SOLVE_DEFAULT_NODES);
    struct solve_request req = { .limit = check_unique ? 2 : 1, .budget = whole };
    struct solve_result res;
    enum solve_outcome outcome;
    uint8_t small[1024], *first;    /* on the stack up to a 32x32 board: no allocation */

    if (p == NULL || grid == NULL || solution == NULL)
        return SOLVE_NONE;
    first = (size_t)p->ncells <= sizeof small ? small : xmalloc((size_t)p->ncells);
    res = (struct solve_result){ .solution = first };
    puzzle_solve(p, grid, &req, &res);
    outcome = first_outcome(&res, check_unique);
    if (outcome == SOLVE_FOUND || outcome == SOLVE_UNIQUE || outcome == SOLVE_UNPROVEN)
        memcpy(solution, first, (size_t)p->ncells);
    if (outcome == SOLVE_SEVERAL) {
        /* What is left of the budget goes to the search for the smallest. */
        struct solve_budget left = solve_budget_left(&whole, res.stats.nodes);

        outcome = p->ops->smallest(p, grid, first, solution, &left, &res.stats);
    }
    if (first != small)
        free(first);
    if (stats != NULL)
        *stats = res.stats;
    return outcome;
}

/* --- The plain backtracking of the seeds --- */

/*
 * The seeds (BOJ 2580 and 2239, algospot KAKURO2) fill the empty white cells in reading
 * order, trying digits in ascending order, and allow a digit when it repeats in none of
 * the cell's groups and every Kakuro run through the cell can still reach its sum.  This
 * does the same, in the same order, so its trace of tries matches theirs; it keeps an
 * explicit stack so a 100x100 Kakuro cannot overflow the C stack.
 */

#define RUN_USED_SETS 512   /* subsets of the digits 1-9 */

/* For runs of one length and sum: indexed by the digits placed (bits 1-9, shifted down
 * by one), the digits the rest of the run can still take.  The seed's cases[len][sum]. */
typedef uint16_t run_table[RUN_USED_SETS];

struct plain {
    const struct puzzle *p;
    const struct solve_observer *observer;
    struct solve_result *res;
    long limit;
    const struct solve_budget *budget;
    uint8_t *grid;
    digitset all;
    digitset *used;                 /* per group: the digits placed in it */
    const uint16_t **group_table;   /* per group: its run table, NULL for no sum */
    run_table *tables[10][46];      /* by run length and sum, built when needed */
    int *cells;                     /* the empty white cells, in reading order */
    int ncells;
    digitset *untried;              /* per position in cells: digits still to try */
    int *choice, *nchoices;
    struct solve_stats stats;
    bool stop;
};

static const uint16_t *run_table_for(struct plain *s, int len, int sum)
{
    run_table *t = s->tables[len][sum];

    if (t != NULL)
        return *t;
    t = s->tables[len][sum] = xcalloc(1, sizeof *t);
    for (unsigned set = 0; set < RUN_USED_SETS; set++) {
        int total = 0;

        if (popcount32(set) != len)
            continue;
        for (int d = 1; d <= 9; d++)
            total += (set >> (d - 1) & 1) * d;
        if (total != sum)
            continue;
        /* Every subset of a set that makes the sum may be what is placed so far. */
        for (unsigned sub = set;; sub = (sub - 1) & set) {
            (*t)[sub] |= (uint16_t)((set & ~sub) << 1);
            if (sub == 0)
                break;
        }
    }
    return *t;
}

/* The digits placed in each group, and the run tables; false if the grid already
 * breaks a group. */
static bool plain_init_groups(struct plain *s)
{
    const struct puzzle *p = s->p;

    for (int g = 0; g < p->ngroups; g++) {
        const struct puzzle_group *grp = &p->groups[g];

        for (int i = 0; i < grp->ncells; i++) {
            int d = s->grid[grp->cells[i]];

            if (d == 0)
                continue;
            if (s->used[g] & (1u << d))
                return false;
            s->used[g] |= 1u << d;
        }
        if (!puzzle_group_has_sum(grp))
            continue;
        if (!sum_feasible(grp->ncells, grp->sum, s->used[g], p->max_digit))
            return false;
        /* Digits 1-9 have the seeds' tables; a Killer cage of another size asks
         * sum_digits as it goes (plain_allowed). */
        if (p->max_digit == 9)
            s->group_table[g] = run_table_for(s, grp->ncells, grp->sum);
    }
    return true;
}

static digitset plain_allowed(const struct plain *s, int cell)
{
    digitset allowed = s->all;

    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS; k++) {
        int g = s->p->cell_groups[cell][k];

        if (g < 0)
            break;
        allowed &= ~s->used[g];
        if (s->group_table[g] != NULL)
            allowed &= s->group_table[g][s->used[g] >> 1];
        else if (puzzle_group_has_sum(&s->p->groups[g]))
            allowed &= sum_digits(s->p->groups[g].ncells, s->p->groups[g].sum, s->used[g],
                                  s->p->max_digit);
    }
    return allowed;
}

static void plain_set(struct plain *s, int cell, int d)
{
    int old = d != 0 ? d : s->grid[cell];

    s->grid[cell] = (uint8_t)d;
    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && s->p->cell_groups[cell][k] >= 0; k++)
        s->used[s->p->cell_groups[cell][k]] ^= 1u << old;
}

static bool plain_report(struct plain *s, enum solve_step_kind kind, int cell, int digit,
                         int depth, int choice, int nchoices)
{
    struct solve_step step = {
        .kind = kind, .cell = cell, .digit = digit, .depth = depth,
        .choice = choice, .nchoices = nchoices, .group = -1, .grid = s->grid,
    };

    if (s->observer == NULL)
        return true;
    if (s->observer->step(&step, s->observer->user) != 0)
        s->stop = true;
    return !s->stop;
}

/* Records a solution; false when the search should end. */
static bool plain_solved(struct plain *s)
{
    solve_keep_solution(s->res, s->grid, s->p->ncells);
    if (!plain_report(s, STEP_SOLVED, -1, 0, s->ncells, 0, 0))
        return false;
    return s->res->count < s->limit;
}

/* Whether the budget ran out (noted in the result). */
static bool plain_out_of_budget(struct plain *s)
{
    if (!solve_budget_spent(s->budget, s->stats.nodes))
        return false;
    s->res->gave_up = true;
    return true;
}

/* Enters the cell at position pos; false when no digit is allowed there. */
static bool plain_enter(struct plain *s, int pos)
{
    digitset allowed = plain_allowed(s, s->cells[pos]);

    s->stats.nodes++;
    s->untried[pos] = allowed;
    s->choice[pos] = 0;
    s->nchoices[pos] = popcount32(allowed);
    if (allowed == 0) {
        plain_report(s, STEP_CONTRADICTION, s->cells[pos], 0, pos, 0, 0);
        return false;
    }
    return true;
}

static void plain_search(struct plain *s)
{
    int pos = 0;
    bool descend = true;

    for (;;) {
        int cell, d;

        if (descend) {
            if (pos == s->ncells) {
                if (!plain_solved(s))
                    return;
                descend = false;
            } else if (!plain_enter(s, pos)) {
                descend = false;
            }
            if (s->stop || plain_out_of_budget(s))
                return;
        }
        if (!descend) {
            /* Back up to the previous cell and take its digit out. */
            if (pos == 0)
                return;
            pos--;
            cell = s->cells[pos];
            d = s->grid[cell];
            plain_set(s, cell, 0);
            s->stats.backtracks++;
            if (!plain_report(s, STEP_BACKTRACK, cell, d, pos + 1, 0, 0))
                return;
        }
        if (s->untried[pos] == 0) {
            descend = false;
            continue;
        }
        cell = s->cells[pos];
        d = lowest_bit(s->untried[pos]);
        s->untried[pos] &= s->untried[pos] - 1;
        s->choice[pos]++;
        s->stats.guesses++;
        plain_set(s, cell, d);
        if (!plain_report(s, STEP_GUESS, cell, d, pos + 1, s->choice[pos], s->nchoices[pos]))
            return;
        pos++;
        descend = true;
    }
}

void solve_plain(const struct puzzle *p, const uint8_t *grid,
                 const struct solve_request *req, struct solve_result *res)
{
    size_t n = (size_t)p->ncells;
    struct plain s = {
        .p = p, .observer = req->observer, .res = res, .limit = req->limit,
        .budget = &req->budget, .grid = xmalloc(n), .all = ((1u << (p->max_digit + 1)) - 1) & ~1u,
        .used = xcalloc((size_t)p->ngroups, sizeof *s.used),
        .group_table = xcalloc((size_t)p->ngroups, sizeof *s.group_table),
        .cells = xmalloc(n * sizeof *s.cells),
        .untried = xmalloc(n * sizeof *s.untried),
        .choice = xmalloc(n * sizeof *s.choice), .nchoices = xmalloc(n * sizeof *s.nchoices),
    };

    res->count = 0;
    res->stopped = res->gave_up = false;
    memcpy(s.grid, grid, n);
    for (int cell = 0; cell < p->ncells; cell++)
        if (!p->block[cell] && grid[cell] == 0)
            s.cells[s.ncells++] = cell;
    if (req->limit > 0 && grid_in_range(p, grid) && plain_init_groups(&s))
        plain_search(&s);
    res->stopped = s.stop;
    solve_stats_add(&res->stats, &s.stats);
    for (int len = 0; len < 10; len++)
        for (int sum = 0; sum < 46; sum++)
            free(s.tables[len][sum]);
    free(s.grid);
    free(s.used);
    free(s.group_table);
    free(s.cells);
    free(s.untried);
    free(s.choice);
    free(s.nchoices);
}
