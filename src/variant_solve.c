/* variant_solve.c: the search over any Sudoku's groups (X diagonals, Jigsaw regions, Killer cages): singles, cage sums, branching. */
#include "config.h"
#include "solve.h"

#include <stdlib.h>
#include <string.h>

#include "digit_sets.h"
#include "util.h"
#include "sudoku9_x.h"
#include "variant_fast.h"

/*
 * The plain and 9x9 searches know the rows, columns and boxes of a standard grid; this
 * one knows only groups, so every variant is solved by the same code: a unit (a group
 * holding every digit) gives hidden singles, a group with a sum (a cage) narrows its
 * empty cells to the digits some set making its sum can still use, and every group
 * keeps its digits distinct.  Branching takes the cell with the fewest candidates, or
 * the first empty cell in reading order when the smallest solution is wanted (digits
 * ascending, so the first solution found is the smallest).
 */

struct vbranch {
    int cell;
    digitset untried;
    int choice, nchoices;
    int trail_mark;
};

struct vsearch {
    const struct puzzle *p;
    const struct solve_observer *observer;
    struct solve_result *res;
    long limit;
    const struct solve_budget *budget;
    bool reading_order;
    digitset all;
    uint8_t *grid;
    digitset *cand;         /* per cell: its digit's bit once placed */
    digitset *used;         /* per group: the digits placed in it */
    uint8_t *unit;          /* per group: holds every digit */
    digitset *sum_used;     /* per group with a sum: the digits placed when ... */
    digitset *sum_allows;   /* ... its allowed digits were last worked out (a cache:
                             * the digit-set search costs more than the rest) */
    int *trail, ntrail;     /* cells placed, in order */
    /* What propagation still has to look at: cells left with one candidate or none
     * (queued), and groups whose candidates changed since they were last looked at
     * (dirty).  A state the search branches from has neither. */
    int *queue, qlen;
    uint8_t *queued, *dirty;
    int nempty;
    struct vbranch *branches;
    size_t branches_cap;
    int depth;
    digitset *saved;        /* per open branch: cand then used, as before its first guess */
    size_t saved_cap;
    struct solve_stats stats;
    bool stop, gave_up;
};

static bool vreport(struct vsearch *s, enum solve_step_kind kind, int cell, int digit,
                    int choice, int nchoices, int group)
{
    struct solve_step step = {
        .kind = kind, .cell = cell, .digit = digit, .depth = s->depth,
        .choice = choice, .nchoices = nchoices, .group = group, .grid = s->grid,
    };

    if (s->observer == NULL)
        return true;
    if (s->observer->step(&step, s->observer->user) != 0)
        s->stop = true;
    return !s->stop;
}

/* A dead end at cell (no digit left) or in group (digit with no place, or a sum that
 * cannot be made); always false. */
static bool vdead(struct vsearch *s, int cell, int group, int digit)
{
    vreport(s, STEP_CONTRADICTION, cell, digit, 0, 0, group);
    return false;
}

/* Notes that cell's candidates shrank: its groups need looking at again, and the cell
 * itself when one digit or none is left. */
static void vchanged(struct vsearch *s, int cell)
{
    const int16_t *groups = s->p->cell_groups[cell];
    digitset c = s->cand[cell];

    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && groups[k] >= 0; k++)
        s->dirty[groups[k]] = 1;
    if ((c & (c - 1)) == 0 && !s->queued[cell]) {
        s->queued[cell] = 1;
        s->queue[s->qlen++] = cell;
    }
}

/* Forgets what was queued: the state is restored to one propagated already. */
static void vforget(struct vsearch *s)
{
    while (s->qlen > 0)
        s->queued[s->queue[--s->qlen]] = 0;
    memset(s->dirty, 0, (size_t)s->p->ngroups);
}

/* Places d at cell and takes it from the cell's groups; false if the observer stops. */
static bool vplace(struct vsearch *s, int cell, int d, enum solve_step_kind kind,
                   int choice, int nchoices)
{
    const struct puzzle *p = s->p;
    digitset bit = 1u << d;

    s->grid[cell] = (uint8_t)d;
    s->cand[cell] = bit;
    s->trail[s->ntrail++] = cell;
    s->nempty--;
    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][k] >= 0; k++) {
        int g = p->cell_groups[cell][k];
        const struct puzzle_group *grp = &p->groups[g];

        s->used[g] |= bit;
        s->dirty[g] = 1;
        for (int i = 0; i < grp->ncells; i++) {
            int peer = grp->cells[i];

            if (s->grid[peer] == 0 && (s->cand[peer] & bit)) {
                s->cand[peer] &= ~bit;
                vchanged(s, peer);
            }
        }
    }
    return vreport(s, kind, cell, d, choice, nchoices, -1);
}

/* The queued cells: none left is a dead end, one left is placed. */
static bool naked_singles(struct vsearch *s)
{
    while (s->qlen > 0) {
        int cell = s->queue[--s->qlen];
        digitset c = s->cand[cell];

        s->queued[cell] = 0;
        if (s->grid[cell] != 0)
            continue;
        if (c == 0)
            return vdead(s, cell, -1, 0);
        if (!vplace(s, cell, lowest_bit(c), STEP_PLACE, 0, 0))
            return false;
    }
    return true;
}

/* A digit of a unit with one place goes there; with none, a dead end. */
static bool hidden_singles(struct vsearch *s, int g, bool *changed)
{
    const struct puzzle_group *grp = &s->p->groups[g];
    digitset once = 0, more = 0, missing;

    for (int i = 0; i < grp->ncells; i++) {
        int cell = grp->cells[i];
        digitset c = s->grid[cell] == 0 ? s->cand[cell] : 0;

        more |= once & c;
        once |= c;
    }
    missing = s->all & ~s->used[g] & ~once;
    if (missing != 0)
        return vdead(s, -1, g, lowest_bit(missing));
    for (digitset single = once & ~more; single != 0; single &= single - 1) {
        int d = lowest_bit(single);

        for (int i = 0; i < grp->ncells; i++) {
            int cell = grp->cells[i];
            if (s->grid[cell] == 0 && (s->cand[cell] & (1u << d))) {
                if (!vplace(s, cell, d, STEP_PLACE, 0, 0))
                    return false;
                *changed = true;
                break;
            }
        }
        /* A placement may have emptied another cell of this unit: the next pass sees it. */
        if (*changed)
            return true;
    }
    return true;
}

/* Narrows an empty cell's candidates to keep, each digit ruled out told to the observer;
 * false if the observer stops. */
static bool vnarrow(struct vsearch *s, int cell, digitset keep)
{
    digitset gone = s->cand[cell] & ~keep;

    if (gone == 0)
        return true;
    s->cand[cell] &= keep;
    vchanged(s, cell);
    for (; gone != 0 && s->observer != NULL; gone &= gone - 1)
        if (!vreport(s, STEP_ELIMINATE, cell, lowest_bit(gone), 0, 0, -1))
            return false;
    return true;
}

static bool in_group(const struct puzzle *p, int cell, int g)
{
    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][k] >= 0; k++)
        if (p->cell_groups[cell][k] == g)
            return true;
    return false;
}

/* Locked candidates over group g and any unit (a box and a line, a line and a region,
 * a diagonal and a box, a cage and a box...): when the places of a digit g must hold
 * (must) all lie in unit h too, the digit is in h there, and no other cell of h can
 * take it.  False if the observer stops. */
static bool locked_candidates(struct vsearch *s, int g, digitset must, bool *changed)
{
    const struct puzzle *p = s->p;
    const struct puzzle_group *grp = &p->groups[g];
    int places[PUZZLE_MAX_DIGIT + 1][3], count[PUZZLE_MAX_DIGIT + 1] = { 0 };

    for (int i = 0; i < grp->ncells; i++) {
        int cell = grp->cells[i];

        if (s->grid[cell] != 0)
            continue;
        for (digitset c = s->cand[cell]; c != 0; c &= c - 1) {
            int d = lowest_bit(c);
            if (count[d] < 3)
                places[d][count[d]] = cell;
            count[d]++;
        }
    }
    for (int d = 1; d <= p->max_digit; d++) {
        int first = places[d][0];

        if (count[d] < 2 || count[d] > 3 || !(must & (1u << d)))
            continue;
        for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[first][k] >= 0; k++) {
            int h = p->cell_groups[first][k];
            const struct puzzle_group *other = &p->groups[h];
            bool all = h != g;

            for (int i = 1; i < count[d] && all; i++)
                all = in_group(p, places[d][i], h);
            if (!all)
                continue;
            for (int i = 0; i < other->ncells; i++) {
                int cell = other->cells[i];
                if (s->grid[cell] == 0 && (s->cand[cell] & (1u << d)) && !in_group(p, cell, g)) {
                    *changed = true;
                    if (!vnarrow(s, cell, ~(1u << d)))
                        return false;
                }
            }
        }
    }
    return true;
}

/* The digits some set making cage g's sum still uses, whatever its cells hold (cached
 * per placed digits); bit 0 when the sum can still be made. */
static digitset cage_digits(struct vsearch *s, int g)
{
    const struct puzzle *p = s->p;
    const struct puzzle_group *grp = &p->groups[g];

    if (s->sum_used[g] != s->used[g] || s->sum_allows[g] == 0) {
        s->sum_used[g] = s->used[g];
        /* Bit 0 (no digit ever) marks "feasible", so a full cage that makes its sum is
         * told from one that cannot. */
        s->sum_allows[g] = sum_digits(grp->ncells, grp->sum, s->used[g], p->max_digit)
                           | (sum_feasible(grp->ncells, grp->sum, s->used[g], p->max_digit) ? 1u : 0u);
    }
    return s->sum_allows[g];
}

/* A digit every set that fits cage g's empty cells uses (common), with one place left
 * among them, goes there: a hidden single in the cage. */
static bool cage_hidden_singles(struct vsearch *s, int g, const digitset *allowed, digitset common,
                                bool *changed)
{
    const struct puzzle_group *grp = &s->p->groups[g];

    for (; common != 0; common &= common - 1) {
        digitset bit = 1u << lowest_bit(common);
        int place = -1, places = 0;

        for (int i = 0; i < grp->ncells; i++)
            if (s->grid[grp->cells[i]] == 0 && (allowed[i] & bit)) {
                place = grp->cells[i];
                places++;
            }
        if (places == 1 && s->cand[place] != bit) {
            *changed = true;
            /* Placed as a naked single (the next pass), so the cell's peers lose it. */
            if (!vnarrow(s, place, bit))
                return false;
        }
    }
    return true;
}

/* A cage's empty cells keep only the digits of some set that makes its sum and that
 * they can take, each a different one, given their candidates (the Kakuro runs' fitting,
 * kakuro_fit_group); a digit every such set needs with one place left goes there. */
static bool cage_sums(struct vsearch *s, int g, bool *changed)
{
    const struct puzzle *p = s->p;
    const struct puzzle_group *grp = &p->groups[g];
    digitset sums = cage_digits(s, g), allowed[KAKURO_GROUP_MAX], common = 0;
    bool narrowed = false;
    int sets;

    if (!(sums & 1u))
        return vdead(s, -1, g, 0);
    for (int i = 0; i < grp->ncells; i++) {
        int cell = grp->cells[i];

        if (s->grid[cell] == 0 && (s->cand[cell] & ~sums) != 0) {
            narrowed = true;
            if (!vnarrow(s, cell, sums))
                return false;
        }
    }
    sets = kakuro_fit_group(p, g, s->grid, s->cand, allowed, &common);
    if (sets == 0)
        return vdead(s, -1, g, 0);
    /* sets < 0: a cage too long for the fitting, narrowed by its sum alone (above). */
    for (int i = 0; i < grp->ncells && sets > 0; i++) {
        int cell = grp->cells[i];

        if (s->grid[cell] == 0 && (s->cand[cell] & ~allowed[i]) != 0) {
            narrowed = true;
            if (!vnarrow(s, cell, allowed[i]))
                return false;
        }
    }
    if (sets > 0 && !cage_hidden_singles(s, g, allowed, common, &narrowed))
        return false;
    /* Locked candidates read the candidates as narrowed: the next look at the cage. */
    if (sets > 0 && !narrowed && !locked_candidates(s, g, common, &narrowed))
        return false;
    *changed = *changed || narrowed;
    return true;
}

/* Everything the rules force, until nothing more is; false at a dead end or a stop. */
static bool vpropagate(struct vsearch *s)
{
    const struct puzzle *p = s->p;
    bool changed = false;
    int g = 0;

    /* The queued cells first, then the next group whose candidates changed, until
     * nothing is left to look at. */
    for (;;) {
        const struct puzzle_group *grp;

        if (!naked_singles(s))
            return false;
        if (s->nempty == 0)
            break;
        for (int n = 0; n < p->ngroups && !s->dirty[g]; n++)
            g = g + 1 < p->ngroups ? g + 1 : 0;
        if (!s->dirty[g])
            break;
        s->dirty[g] = 0;
        grp = &p->groups[g];
        if (puzzle_group_has_sum(grp) && !cage_sums(s, g, &changed))
            return false;
        changed = false;
        if (s->unit[g] && !hidden_singles(s, g, &changed))
            return false;
        if (s->unit[g] && !changed && !locked_candidates(s, g, s->all, &changed))
            return false;
    }
    /* The last cell placed may complete a cage with the wrong sum. */
    for (int k = 0; k < p->ngroups && s->nempty == 0; k++)
        if (puzzle_group_has_sum(&p->groups[k]) && !cage_sums(s, k, &changed))
            return false;
    return true;
}

static int branch_cell(const struct vsearch *s)
{
    int best = -1, fewest = 99;

    for (int cell = 0; cell < s->p->ncells; cell++) {
        int n;

        if (s->grid[cell] != 0 || s->p->block[cell])
            continue;
        if (s->reading_order)
            return cell;
        n = popcount32(s->cand[cell]);
        if (n < fewest) {
            fewest = n;
            best = cell;
        }
    }
    return best;
}

static void open_vbranch(struct vsearch *s)
{
    size_t n = (size_t)s->p->ncells, ng = (size_t)s->p->ngroups, per = n + ng;
    int cell = branch_cell(s);

    s->branches = xgrow(s->branches, &s->branches_cap, (size_t)s->depth + 1, sizeof *s->branches);
    if (((size_t)s->depth + 1) * per > s->saved_cap) {
        s->saved_cap = ((size_t)s->depth + 1) * per * 2;
        s->saved = xrealloc(s->saved, s->saved_cap * sizeof *s->saved);
    }
    memcpy(s->saved + (size_t)s->depth * per, s->cand, n * sizeof *s->cand);
    memcpy(s->saved + (size_t)s->depth * per + n, s->used, ng * sizeof *s->used);
    s->branches[s->depth++] = (struct vbranch){
        .cell = cell, .untried = s->cand[cell], .nchoices = popcount32(s->cand[cell]),
        .trail_mark = s->ntrail,
    };
}

/* Empties the cells placed since the innermost branch opened; false if stopped. */
static bool undo_vbranch(struct vsearch *s, const struct vbranch *b)
{
    size_t n = (size_t)s->p->ncells, ng = (size_t)s->p->ngroups, per = n + ng;

    while (s->ntrail > b->trail_mark) {
        int cell = s->trail[--s->ntrail], d = s->grid[cell];

        s->grid[cell] = 0;
        s->nempty++;
        if (!vreport(s, STEP_BACKTRACK, cell, d, 0, 0, -1))
            return false;
    }
    memcpy(s->cand, s->saved + (size_t)(s->depth - 1) * per, n * sizeof *s->cand);
    memcpy(s->used, s->saved + (size_t)(s->depth - 1) * per + n, ng * sizeof *s->used);
    return true;
}

/* Undoes the current guess and tries the next digit of the innermost branch with one
 * left: 1 when a guess is placed, -1 when the search is over. */
static int next_vguess(struct vsearch *s)
{
    while (s->depth > 0) {
        struct vbranch *b = &s->branches[s->depth - 1];
        int d;

        if (b->choice > 0) {
            s->stats.backtracks++;
            if (!undo_vbranch(s, b))
                return -1;
        }
        vforget(s);
        if (b->untried == 0) {
            s->depth--;
            continue;
        }
        if ((d = solve_take_guess(&b->untried, &b->choice, &s->stats, s->budget, &s->gave_up)) < 0)
            return -1;
        return vplace(s, b->cell, d, STEP_GUESS, b->choice, b->nchoices) ? 1 : -1;
    }
    return -1;
}

static bool vfound(struct vsearch *s)
{
    solve_keep_solution(s->res, s->grid, s->p->ncells);
    if (!vreport(s, STEP_SOLVED, -1, 0, 0, 0, -1))
        return false;
    return s->res->count < s->limit;
}

/* The digits placed per group and every empty cell's candidates; false when the grid
 * already breaks a group or leaves a cell nothing. */
static bool vinit(struct vsearch *s)
{
    const struct puzzle *p = s->p;

    for (int g = 0; g < p->ngroups; g++) {
        const struct puzzle_group *grp = &p->groups[g];

        s->unit[g] = puzzle_group_is_unit(p, grp);
        for (int i = 0; i < grp->ncells; i++) {
            int d = s->grid[grp->cells[i]];

            if (d > p->max_digit || (d != 0 && (s->used[g] & (1u << d))))
                return false;
            s->used[g] |= d != 0 ? 1u << d : 0;
        }
    }
    for (int cell = 0; cell < p->ncells; cell++) {
        if (p->block[cell])
            continue;
        if (s->grid[cell] != 0) {
            s->cand[cell] = 1u << s->grid[cell];
            continue;
        }
        s->nempty++;
        s->cand[cell] = s->all;
        for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][k] >= 0; k++)
            s->cand[cell] &= ~s->used[p->cell_groups[cell][k]];
        vchanged(s, cell);  /* queued if it has one digit or none */
    }
    memset(s->dirty, 1, (size_t)p->ngroups);
    return true;
}

static void vsearch_run(struct vsearch *s)
{
    bool ok;

    s->stats.nodes++;
    ok = vpropagate(s);
    for (;;) {
        if (s->stop)
            break;
        if (ok && s->nempty == 0) {
            if (!vfound(s))
                break;
        } else if (ok) {
            open_vbranch(s);
        }
        if (next_vguess(s) < 0)
            break;
        ok = vpropagate(s);
    }
}

/* The search cell by cell, each step reported: what an observer watches, and the
 * search of grids too large for variant_fast.c. */
static void variant_observed_search(const struct puzzle *p, const uint8_t *grid,
                                    const struct solve_request *req, struct solve_result *res,
                                    bool reading_order)
{
    size_t n = (size_t)p->ncells;
    struct vsearch s = {
        .p = p, .observer = req->observer, .res = res, .limit = req->limit,
        .budget = &req->budget, .reading_order = reading_order,
        .all = ((1u << (p->max_digit + 1)) - 1) & ~1u,
        .grid = xmalloc(n), .cand = xcalloc(n, sizeof *s.cand),
        .used = xcalloc((size_t)p->ngroups, sizeof *s.used),
        .unit = xcalloc((size_t)p->ngroups, 1),
        .sum_used = xcalloc((size_t)p->ngroups, sizeof *s.sum_used),
        .sum_allows = xcalloc((size_t)p->ngroups, sizeof *s.sum_allows),
        .trail = xmalloc(n * sizeof *s.trail),
        .queue = xmalloc(n * sizeof *s.queue), .queued = xcalloc(n, 1),
        .dirty = xcalloc((size_t)p->ngroups, 1),
    };

    res->count = 0;
    res->stopped = res->gave_up = false;
    memcpy(s.grid, grid, n);
    if (req->limit >= 1 && vinit(&s))
        vsearch_run(&s);
    res->stopped = s.stop;
    res->gave_up = s.gave_up;
    solve_stats_add(&res->stats, &s.stats);
    free(s.grid);
    free(s.cand);
    free(s.used);
    free(s.unit);
    free(s.sum_used);
    free(s.sum_allows);
    free(s.trail);
    free(s.queue);
    free(s.queued);
    free(s.dirty);
    free(s.branches);
    free(s.saved);
}

/* The search from grid, in reading order when reading_order. */
static void variant_search(const struct puzzle *p, const uint8_t *grid, const struct solve_request *req,
                           struct solve_result *res, bool reading_order)
{
    if (req->observer == NULL && sudoku9_x_solve(p, grid, req, res, reading_order))
        return;     /* a 9x9 Sudoku X: the plain 9x9 band search and its diagonals */
    if (req->observer == NULL && variant_fast_solve(p, grid, req, res, reading_order))
        return;     /* a batch search of a grid the bitboards hold: variant_fast.c */
    variant_observed_search(p, grid, req, res, reading_order);
}

void variant_solve(const struct puzzle *p, const uint8_t *grid,
                   const struct solve_request *req, struct solve_result *res)
{
    variant_search(p, grid, req, res, false);
}

int variant_solve_smallest(const struct puzzle *p, const uint8_t *grid, const uint8_t *known,
                           uint8_t *solution, const struct solve_budget *budget,
                           struct solve_stats *stats)
{
    struct solve_request req = { .limit = 1, .budget = *budget };
    struct solve_result res = { .solution = solution };

    variant_search(p, grid, &req, &res, true);
    solve_stats_add(stats, &res.stats);
    if (res.count > 0)
        return SOLVE_SEVERAL;
    if (!res.gave_up)
        return SOLVE_NONE;
    memcpy(solution, known, (size_t)p->ncells);
    return SOLVE_SEVERAL_UNORDERED;
}
