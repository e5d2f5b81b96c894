/* variant_fast.c: the batch search for X, Jigsaw and Killer grids of up to 128 cells: a bitboard per digit, singles, cage sums from the digit-set tables. */
#include "config.h"
#include "variant_fast.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

/*
 * variant_solve.c walks groups cell by cell, which the observer needs (every step named
 * in order) but which costs a batch search ten times what the 9x9 bitboards do.  Here a
 * grid of up to 128 cells is one 128-bit word per digit (bit i: cell i in reading order
 * may still take the digit), so the rules are a few word operations each:
 *  - placing d at a cell clears the cell from the other digits' words and the cell's
 *    peers (every cell sharing a group with it) from d's word;
 *  - naked singles and empty cells come from bit-sliced counts over the digits' words;
 *  - a unit (row, column, box, region, diagonal) whose cells hold a digit's word in one
 *    place gives a hidden single, in none a dead end;
 *  - a cage keeps only the digits some set making its sum with the digits placed can
 *    still use (sum_digits: Kakuro's tables for 9x9);
 *  - locked candidates over every pair of units sharing cells (box and line, region and
 *    line, diagonal and box...).
 * The state is the digits' words and the solved cells: a branch copies it, so nothing
 * is undone.  The branch cell has the fewest candidates (the first in reading order
 * when the smallest solution is wanted, digits ascending, so the first found is it).
 */

#ifdef __SIZEOF_INT128__

__extension__ typedef unsigned __int128 cells128;

#define FAST_MAX_CELLS 128
#define FAST_MAX_DIGIT 11

struct fast_state {
    cells128 cand[FAST_MAX_DIGIT + 1];  /* per digit: the cells that may take it */
    cells128 solved;                    /* cells whose digit is placed */
};

/* Two units sharing two cells or more: where a digit of one lies only in the overlap,
 * the rest of the other loses it. */
struct fast_overlap {
    cells128 unit, overlap, rest;
};

struct fast_ctx {
    int max_digit;
    cells128 all;               /* the puzzle's cells */
    cells128 peers[FAST_MAX_CELLS];
    cells128 *units;            /* each group holding every digit */
    int nunits;
    struct fast_cage { cells128 cells; int len, sum; } *cages;
    int ncages;
    struct fast_overlap *overlaps;
    int noverlaps;
    bool reading_order;
    long limit;
    const struct solve_budget *budget;
    struct solve_result *res;
    const struct puzzle *p;
    struct solve_stats stats;
    bool done, gave_up;
};

static inline cells128 cell_bit(int cell)
{
    return (cells128)1 << cell;
}

static inline int first_cell(cells128 x)
{
    uint64_t low = (uint64_t)x;

    return low != 0 ? __builtin_ctzll(low) : 64 + __builtin_ctzll((uint64_t)(x >> 64));
}

static inline int cell_count(cells128 x)
{
    return __builtin_popcountll((uint64_t)x) + __builtin_popcountll((uint64_t)(x >> 64));
}

static inline bool one_cell(cells128 x)
{
    return (x & (x - 1)) == 0;
}

/* The digits cell may still take. */
static digitset cell_digits(const struct fast_ctx *c, const struct fast_state *s, int cell)
{
    cells128 b = cell_bit(cell);
    digitset out = 0;

    for (int d = 1; d <= c->max_digit; d++)
        if (s->cand[d] & b)
            out |= 1u << d;
    return out;
}

/* Places d at cell (which may take it). */
static inline void fast_place(const struct fast_ctx *c, struct fast_state *s, int cell, int d)
{
    cells128 b = cell_bit(cell);

    s->solved |= b;
    for (int e = 1; e <= c->max_digit; e++)
        s->cand[e] &= ~b;
    s->cand[d] = (s->cand[d] & ~c->peers[cell]) | b;
}

/* Cells left with one digit take it; false when a cell has none left. *placed is set
 * when any was placed. */
static bool naked_singles(const struct fast_ctx *c, struct fast_state *s, bool *placed)
{
    cells128 unsolved = c->all & ~s->solved, once = 0, more = 0, singles;

    for (int d = 1; d <= c->max_digit; d++) {
        cells128 x = s->cand[d] & unsolved;

        more |= once & x;
        once |= x;
    }
    if (unsolved & ~once)
        return false;
    for (singles = once & ~more; singles != 0; singles &= singles - 1) {
        int cell = first_cell(singles);
        digitset left = cell_digits(c, s, cell);

        /* An earlier single of this pass may have taken the digit from a peer. */
        if (left == 0)
            return false;
        fast_place(c, s, cell, lowest_bit(left));
        *placed = true;
    }
    return true;
}

/* A digit with one place in a unit goes there; with none, a dead end. */
static bool hidden_singles(const struct fast_ctx *c, struct fast_state *s, bool *placed)
{
    for (int u = 0; u < c->nunits; u++) {
        cells128 unit = c->units[u];

        for (int d = 1; d <= c->max_digit; d++) {
            cells128 x = s->cand[d] & unit;

            if (x == 0)
                return false;
            if (one_cell(x) && !(x & s->solved)) {
                fast_place(c, s, first_cell(x), d);
                *placed = true;
            }
        }
    }
    return true;
}

/* Each cage's empty cells keep the digits some set making its sum still uses; false
 * when none can (a full cage with the wrong sum included). */
static bool cage_sums(const struct fast_ctx *c, struct fast_state *s, bool *changed)
{
    for (int k = 0; k < c->ncages; k++) {
        const struct fast_cage *cage = &c->cages[k];
        cells128 placed = cage->cells & s->solved, open = cage->cells & ~s->solved;
        digitset used = 0, allowed;

        for (int d = 1; d <= c->max_digit && placed != 0; d++)
            if (s->cand[d] & placed)
                used |= 1u << d;
        if (!sum_feasible(cage->len, cage->sum, used, c->max_digit))
            return false;
        if (open == 0)
            continue;
        allowed = sum_digits(cage->len, cage->sum, used, c->max_digit);
        for (int d = 1; d <= c->max_digit; d++)
            if (!(allowed & (1u << d)) && (s->cand[d] & open)) {
                s->cand[d] &= ~open;
                *changed = true;
            }
    }
    return true;
}

/* Locked candidates: a digit whose places in a unit all lie where it meets another
 * leaves the rest of the other. */
static void locked_candidates(const struct fast_ctx *c, struct fast_state *s, bool *changed)
{
    for (int i = 0; i < c->noverlaps; i++) {
        const struct fast_overlap *o = &c->overlaps[i];

        for (int d = 1; d <= c->max_digit; d++) {
            cells128 x = s->cand[d];

            if ((x & o->unit & ~o->overlap) == 0 && (x & o->rest)) {
                s->cand[d] = x & ~o->rest;
                *changed = true;
            }
        }
    }
}

/* Everything the rules above force; false at a dead end. */
static bool fast_propagate(const struct fast_ctx *c, struct fast_state *s)
{
    for (;;) {
        bool changed = false;

        if (!naked_singles(c, s, &changed))
            return false;
        if (changed)
            continue;
        if (!hidden_singles(c, s, &changed))
            return false;
        if (changed)
            continue;
        if (!cage_sums(c, s, &changed))
            return false;
        if (changed)
            continue;
        if ((c->all & ~s->solved) == 0)
            return true;
        locked_candidates(c, s, &changed);
        if (!changed)
            return true;
    }
}

/* The cell to branch on: the first empty one in reading order, or one with the fewest
 * digits left (two, found from bit-sliced counts, when there is one). */
static int branch_cell(const struct fast_ctx *c, const struct fast_state *s)
{
    cells128 unsolved = c->all & ~s->solved, one = 0, two = 0, three = 0, pairs;
    int best = -1, fewest = FAST_MAX_DIGIT + 1;

    if (c->reading_order)
        return first_cell(unsolved);
    for (int d = 1; d <= c->max_digit; d++) {
        cells128 x = s->cand[d] & unsolved;

        three |= two & x;
        two |= one & x;
        one |= x;
    }
    pairs = two & ~three;
    if (pairs != 0)
        return first_cell(pairs);
    for (cells128 left = unsolved; left != 0; left &= left - 1) {
        int cell = first_cell(left), n = popcount32(cell_digits(c, s, cell));

        if (n < fewest) {
            fewest = n;
            best = cell;
        }
    }
    return best;
}

static void found(struct fast_ctx *c, const struct fast_state *s)
{
    if (c->res->count++ == 0 && c->res->solution != NULL)
        for (int cell = 0; cell < c->p->ncells; cell++)
            c->res->solution[cell] = c->p->block[cell] ? 0
                                     : (uint8_t)lowest_bit(cell_digits(c, s, cell));
    if (c->res->count >= c->limit)
        c->done = true;
}

/* Searches on from s, propagated already. */
static void fast_search(struct fast_ctx *c, const struct fast_state *s)
{
    int cell;
    digitset choices;

    if ((c->all & ~s->solved) == 0) {
        found(c, s);
        return;
    }
    cell = branch_cell(c, s);
    choices = cell_digits(c, s, cell);
    for (; choices != 0 && !c->done; choices &= choices - 1) {
        struct fast_state next = *s;

        if (solve_budget_spent(c->budget, c->stats.nodes)) {
            c->gave_up = c->done = true;
            return;
        }
        c->stats.nodes++;
        c->stats.guesses++;
        fast_place(c, &next, cell, lowest_bit(choices));
        if (fast_propagate(c, &next))
            fast_search(c, &next);
        if (!c->done)
            c->stats.backtracks++;
    }
}

/* The masks of p's units, cages, peers and unit overlaps. */
static void fast_geometry(struct fast_ctx *c, const struct puzzle *p)
{
    cells128 *masks = xmalloc((size_t)p->ngroups * sizeof *masks);

    c->units = xmalloc((size_t)p->ngroups * sizeof *c->units);
    c->cages = xmalloc((size_t)p->ngroups * sizeof *c->cages);
    for (int g = 0; g < p->ngroups; g++) {
        const struct puzzle_group *grp = &p->groups[g];

        masks[g] = 0;
        for (int i = 0; i < grp->ncells; i++)
            masks[g] |= cell_bit(grp->cells[i]);
        if (puzzle_group_is_unit(p, grp))
            c->units[c->nunits++] = masks[g];
        if (puzzle_group_has_sum(grp))
            c->cages[c->ncages++] = (struct fast_cage){ masks[g], grp->ncells, grp->sum };
    }
    for (int cell = 0; cell < p->ncells; cell++) {
        c->peers[cell] = 0;
        for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][k] >= 0; k++)
            c->peers[cell] |= masks[p->cell_groups[cell][k]];
        c->peers[cell] &= ~cell_bit(cell);
    }
    c->overlaps = xmalloc((size_t)c->nunits * (size_t)c->nunits * sizeof *c->overlaps);
    for (int a = 0; a < c->nunits; a++)
        for (int b = 0; b < c->nunits; b++) {
            cells128 both = c->units[a] & c->units[b];

            if (a != b && cell_count(both) >= 2)
                c->overlaps[c->noverlaps++] = (struct fast_overlap){
                    c->units[a], both, c->units[b] & ~both };
        }
    free(masks);
}

/* The givens placed; false when two clash or one is out of range. */
static bool fast_start(const struct fast_ctx *c, const uint8_t *grid, struct fast_state *s)
{
    memset(s, 0, sizeof *s);
    for (int d = 1; d <= c->max_digit; d++)
        s->cand[d] = c->all;
    for (int cell = 0; cell < c->p->ncells; cell++) {
        int d = grid[cell];

        if (d == 0 || c->p->block[cell])
            continue;
        if (d > c->max_digit || !(s->cand[d] & cell_bit(cell)))
            return false;
        fast_place(c, s, cell, d);
    }
    return true;
}

bool variant_fast_solve(const struct puzzle *p, const uint8_t *grid,
                        const struct solve_request *req, struct solve_result *res,
                        bool reading_order)
{
    struct fast_ctx c = {
        .max_digit = p->max_digit, .reading_order = reading_order, .limit = req->limit,
        .budget = &req->budget, .res = res, .p = p,
    };
    struct fast_state start;

    if (p->ncells > FAST_MAX_CELLS || p->max_digit > FAST_MAX_DIGIT)
        return false;
    for (int cell = 0; cell < p->ncells; cell++)
        if (!p->block[cell])
            c.all |= cell_bit(cell);
    fast_geometry(&c, p);
    res->count = 0;
    res->stopped = res->gave_up = false;
    c.stats.nodes++;
    if (req->limit >= 1 && fast_start(&c, grid, &start) && fast_propagate(&c, &start))
        fast_search(&c, &start);
    res->gave_up = c.gave_up;
    solve_stats_add(&res->stats, &c.stats);
    free(c.units);
    free(c.cages);
    free(c.overlaps);
    return true;
}

#else

bool variant_fast_solve(const struct puzzle *p, const uint8_t *grid,
                        const struct solve_request *req, struct solve_result *res,
                        bool reading_order)
{
    (void)p, (void)grid, (void)req, (void)res, (void)reading_order;
    return false;
}

#endif
