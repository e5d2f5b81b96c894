/* sudoku_solve_previous.c: the general Sudoku search as it was before issue 16 (src/sudoku_solve.c at 4636258), kept for bench_big as its same-run baseline; not part of the program. */
#include "config.h"
#include "solve.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

/* The search is written once and instantiated twice, with a constant `observed`, so a
 * batch run without an observer carries no test for it in the inner loops. */
#if defined(__GNUC__)
#define SEARCH_INLINE static inline __attribute__((always_inline))
#else
#define SEARCH_INLINE static inline
#endif

/* A branch point: the cell guessed, the digits still to try there, and where the trail
 * stood before the first guess, so each further guess starts from the same state. */
struct branch {
    int cell;
    digitset untried;
    int choice, nchoices;
    int trail_mark;
    int nempty;
};

struct search {
    const struct puzzle *p;
    const struct solve_observer *observer;
    struct solve_result *res;
    long limit;
    digitset all;           /* digits 1..max_digit */
    uint8_t *grid;          /* the working grid */
    digitset *cand;         /* per empty cell: the digits still possible there */
    int nempty;
    int *trail;             /* cells placed, in order, so backing up can empty them */
    int ntrail;
    int *queue;             /* cells left with one candidate, still to place */
    int qhead, qtail;
    /* Groups whose candidates changed since their last hidden-single check: a
     * propagated state has none, so only these need looking at again. */
    uint8_t dirty[3 * SUDOKU_MAX_SIZE];
    struct branch *branches;
    int depth;              /* branches open: the guesses on the current branch */
    size_t branches_cap;
    digitset *saved;        /* per branch: cand as it was before its first guess */
    size_t saved_cap;       /* in digitsets */
    struct solve_stats stats;
    const struct solve_budget *budget;
    bool reading_order;     /* branch on the first empty cell, not the most constrained */
    bool stop;              /* the observer asked to stop */
    bool gave_up;           /* the budget ran out */
};

/* Reports a step; false when the observer asks to stop. */
static bool report_step(struct search *s, enum solve_step_kind kind, int cell, int digit,
                        int choice, int nchoices, int group)
{
    struct solve_step step = {
        .kind = kind, .cell = cell, .digit = digit, .depth = s->depth,
        .choice = choice, .nchoices = nchoices, .group = group, .grid = s->grid,
    };

    if (s->observer->step(&step, s->observer->user) != 0)
        s->stop = true;
    return !s->stop;
}

static bool report(struct search *s, enum solve_step_kind kind, int cell, int digit,
                   int choice, int nchoices)
{
    return report_step(s, kind, cell, digit, choice, nchoices, -1);
}

/* Notes that the candidates of cell's groups changed. */
SEARCH_INLINE void touch_groups(struct search *s, int cell)
{
    const int16_t *groups = s->p->cell_groups[cell];

    /* Every Sudoku cell lies in exactly three groups. */
    s->dirty[groups[0]] = s->dirty[groups[1]] = s->dirty[groups[2]] = 1;
}

/* Reports a dead end at cell (no candidate left) or, with cell -1, in group g where
 * digit d has no place left; false. */
SEARCH_INLINE bool dead_end(struct search *s, bool observed, int cell, int g, int d)
{
    if (observed && !s->stop)
        report_step(s, STEP_CONTRADICTION, cell, d, 0, 0, g);
    return false;
}

/* Puts d in cell and removes it from the candidates of the cell's peers; false at a
 * peer left with no candidate (or when the observer stops the search). */
SEARCH_INLINE bool place(struct search *s, bool observed, int cell, int d,
                         enum solve_step_kind kind, int choice, int nchoices)
{
    const struct puzzle *p = s->p;
    digitset bit = 1u << d;

    s->grid[cell] = (uint8_t)d;
    s->cand[cell] = bit;
    s->trail[s->ntrail++] = cell;
    s->nempty--;
    touch_groups(s, cell);
    if (observed && !report(s, kind, cell, d, choice, nchoices))
        return false;
    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS; k++) {
        int g = p->cell_groups[cell][k];
        const int *cells;

        if (g < 0)
            break;
        cells = p->groups[g].cells;
        for (int i = 0; i < p->groups[g].ncells; i++) {
            int peer = cells[i];
            digitset left;

            if (s->grid[peer] != 0 || !(s->cand[peer] & bit))
                continue;
            left = s->cand[peer] &= ~bit;
            touch_groups(s, peer);
            if (observed && !report(s, STEP_ELIMINATE, peer, d, 0, 0))
                return false;
            if (left == 0)
                return dead_end(s, observed, peer, -1, 0);
            if ((left & (left - 1)) == 0)
                s->queue[s->qtail++] = peer;
        }
    }
    return true;
}

/* Places every cell that has a single candidate, and what those placements force. */
SEARCH_INLINE bool place_naked_singles(struct search *s, bool observed)
{
    while (s->qhead < s->qtail) {
        int cell = s->queue[s->qhead++];

        if (s->grid[cell] == 0
            && !place(s, observed, cell, lowest_bit(s->cand[cell]), STEP_PLACE, 0, 0))
            return false;
    }
    return true;
}

/* Places digit d in the one empty cell of group g that can still take it. */
SEARCH_INLINE bool place_hidden_single(struct search *s, bool observed,
                                       const struct puzzle_group *grp, int d)
{
    digitset bit = 1u << d;

    for (int i = 0; i < grp->ncells; i++) {
        int cell = grp->cells[i];

        if (s->grid[cell] == d)
            return true;    /* placed meanwhile */
        if (s->grid[cell] == 0 && (s->cand[cell] & bit))
            return place(s, observed, cell, d, STEP_PLACE, 0, 0);
    }
    /* Its only cell took another hidden single of the same group. */
    return dead_end(s, observed, -1, (int)(grp - s->p->groups), d);
}

/* One pass over the groups placing each digit that fits only one cell of a group.
 * Returns -1 at a dead end, else the number of digits placed. */
SEARCH_INLINE int place_hidden_singles(struct search *s, bool observed)
{
    const struct puzzle *p = s->p;
    int placed = 0;

    for (int g = 0; g < p->ngroups; g++) {
        const struct puzzle_group *grp = &p->groups[g];
        digitset once = 0, twice = 0, filled = 0, hidden;

        if (!s->dirty[g])
            continue;
        s->dirty[g] = 0;
        for (int i = 0; i < grp->ncells; i++) {
            int cell = grp->cells[i];

            if (s->grid[cell] != 0) {
                filled |= 1u << s->grid[cell];
            } else {
                twice |= once & s->cand[cell];
                once |= s->cand[cell];
            }
        }
        if ((once | filled) != s->all) {
            dead_end(s, observed, -1, g, lowest_bit(s->all & ~(once | filled)));
            return -1;
        }
        for (hidden = once & ~twice; hidden != 0; hidden &= hidden - 1) {
            if (!place_hidden_single(s, observed, grp, lowest_bit(hidden)))
                return -1;
            placed++;
        }
    }
    return placed;
}

/* Removes the digits in digits from an empty cell's candidates.  Returns -1 at a dead
 * end, 1 if anything was removed, else 0. */
SEARCH_INLINE int eliminate(struct search *s, bool observed, int cell, digitset digits)
{
    digitset hit = s->cand[cell] & digits, left;

    if (s->grid[cell] != 0 || hit == 0)
        return 0;
    left = s->cand[cell] &= ~hit;
    touch_groups(s, cell);
    if (observed)
        for (; hit != 0; hit &= hit - 1)
            if (!report(s, STEP_ELIMINATE, cell, lowest_bit(hit), 0, 0))
                return -1;
    if (left == 0) {
        dead_end(s, observed, cell, -1, 0);
        return -1;
    }
    if ((left & (left - 1)) == 0)
        s->queue[s->qtail++] = cell;
    return 1;
}

/* The candidates of the empty cells of each row segment (a row within one stack of
 * boxes) and each column segment (a column within one band). */
struct segments {
    digitset row[SUDOKU_MAX_SIZE][SUDOKU_MAX_SIZE];     /* [row][stack] */
    digitset col[SUDOKU_MAX_SIZE][SUDOKU_MAX_SIZE];     /* [column][band] */
};

static void collect_segments(const struct search *s, struct segments *seg)
{
    const struct puzzle *p = s->p;
    int n = p->max_digit;

    memset(seg->row, 0, (size_t)n * sizeof seg->row[0]);
    memset(seg->col, 0, (size_t)n * sizeof seg->col[0]);
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            if (s->grid[r * n + c] == 0) {
                seg->row[r][c / p->box_cols] |= s->cand[r * n + c];
                seg->col[c][r / p->box_rows] |= s->cand[r * n + c];
            }
}

/* Locked candidates along one line through one box.  The segment is where the line
 * and the box meet; a digit the rest of the box cannot take must go in the segment,
 * so the rest of the line loses it (pointing), and the other way round (claiming).
 * line_out and box_out are the cells of the line and of the box outside the segment. */
SEARCH_INLINE int lock_segment(struct search *s, bool observed, digitset segment,
                               digitset box_rest, digitset line_rest,
                               const int *line_out, int nline_out,
                               const int *box_out, int nbox_out)
{
    digitset pointing = segment & ~box_rest & line_rest;
    digitset claiming = segment & ~line_rest & box_rest;
    int changed = 0;

    for (int i = 0; pointing != 0 && i < nline_out; i++) {
        int r = eliminate(s, observed, line_out[i], pointing);
        if (r < 0)
            return -1;
        changed |= r;
    }
    for (int i = 0; claiming != 0 && i < nbox_out; i++) {
        int r = eliminate(s, observed, box_out[i], claiming);
        if (r < 0)
            return -1;
        changed |= r;
    }
    return changed;
}

/* Where box (band, stack) meets its line `line` (a row when across, else a column):
 * the cells of the line outside the box, and of the box outside the line. */
static void segment_outsides(const struct puzzle *p, int band, int stack, int line, bool across,
                             int *line_out, int *nline_out, int *box_out, int *nbox_out)
{
    int n = p->max_digit, r0 = band * p->box_rows, c0 = stack * p->box_cols;

    *nline_out = *nbox_out = 0;
    for (int k = 0; k < n; k++) {
        bool inside = across ? k / p->box_cols == stack : k / p->box_rows == band;
        if (!inside)
            line_out[(*nline_out)++] = across ? line * n + k : k * n + line;
    }
    for (int r = r0; r < r0 + p->box_rows; r++)
        for (int c = c0; c < c0 + p->box_cols; c++)
            if (across ? r != line : c != line)
                box_out[(*nbox_out)++] = r * n + c;
}

/* One pass of locked candidates over every box and line.  Returns -1 at a dead end,
 * else whether any candidate was removed. */
SEARCH_INLINE int lock_candidates(struct search *s, bool observed)
{
    const struct puzzle *p = s->p;
    int n = p->max_digit, bands = n / p->box_rows, stacks = n / p->box_cols;
    struct segments seg;
    int line_out[SUDOKU_MAX_SIZE], box_out[SUDOKU_MAX_SIZE];
    int changed = 0;

    collect_segments(s, &seg);
    for (int band = 0; band < bands; band++) {
        for (int stack = 0; stack < stacks; stack++) {
            for (int across = 0; across <= 1; across++) {
                int first = across ? band * p->box_rows : stack * p->box_cols;
                int count = across ? p->box_rows : p->box_cols;

                for (int line = first; line < first + count; line++) {
                    digitset here = across ? seg.row[line][stack] : seg.col[line][band];
                    digitset box_rest = 0, line_rest = 0;
                    int nline_out, nbox_out, r;

                    if (here == 0)
                        continue;
                    for (int other = first; other < first + count; other++)
                        if (other != line)
                            box_rest |= across ? seg.row[other][stack] : seg.col[other][band];
                    for (int k = 0; k < (across ? stacks : bands); k++)
                        if (k != (across ? stack : band))
                            line_rest |= across ? seg.row[line][k] : seg.col[line][k];
                    if ((here & ~box_rest & line_rest) == 0 && (here & ~line_rest & box_rest) == 0)
                        continue;
                    segment_outsides(p, band, stack, line, across, line_out, &nline_out,
                                     box_out, &nbox_out);
                    r = lock_segment(s, observed, here, box_rest, line_rest,
                                     line_out, nline_out, box_out, nbox_out);
                    if (r < 0)
                        return -1;
                    changed |= r;
                }
            }
        }
    }
    return changed;
}

/* Looks for a digit for the i-th of cells, taking one from another cell that can move
 * to a digit not yet seen (an augmenting path); owner[d] is the cell holding digit d. */
static bool match_cell(const struct search *s, const int *cells, int *owner, int i,
                       digitset *seen)
{
    for (digitset c = s->cand[cells[i]]; c != 0; c &= c - 1) {
        int d = lowest_bit(c);

        if (*seen & (1u << d))
            continue;
        *seen |= 1u << d;
        if (owner[d] < 0 || match_cell(s, cells, owner, owner[d], seen)) {
            owner[d] = i;
            return true;
        }
    }
    return false;
}

/* Whether the empty cells of group g can all take different digits of their
 * candidates (a matching of cells to digits): where they cannot, say five cells
 * left with only four digits among them, no solution remains, though no cell or
 * digit has run out of places yet. */
static bool group_matches(const struct search *s, int g)
{
    const struct puzzle_group *grp = &s->p->groups[g];
    int cells[SUDOKU_MAX_SIZE], owner[PUZZLE_MAX_DIGIT + 1], n = 0;

    for (int i = 0; i < grp->ncells; i++)
        if (s->grid[grp->cells[i]] == 0)
            cells[n++] = grp->cells[i];
    for (int d = 0; d <= PUZZLE_MAX_DIGIT; d++)
        owner[d] = -1;
    for (int i = 0; i < n; i++) {
        digitset seen = 0;

        if (!match_cell(s, cells, owner, i, &seen))
            return false;
    }
    return true;
}

/* Whether every group can still be completed (see group_matches). */
static bool groups_match(const struct search *s)
{
    for (int g = 0; g < s->p->ngroups; g++)
        if (!group_matches(s, g))
            return false;
    return true;
}

/* Applies naked and hidden singles, then locked candidates, until nothing changes;
 * false at a dead end.  The search for the smallest solution, whose order of cells
 * cannot follow the constraints, also looks for groups that cannot be completed. */
SEARCH_INLINE bool propagate(struct search *s, bool observed)
{
    for (;;) {
        int placed, removed;

        if (!place_naked_singles(s, observed))
            return false;
        if (s->nempty == 0)
            return true;
        placed = place_hidden_singles(s, observed);
        if (placed < 0)
            return false;
        if (placed > 0)
            continue;
        removed = lock_candidates(s, observed);
        if (removed < 0)
            return false;
        if (removed == 0)
            return !s->reading_order || groups_match(s) || dead_end(s, observed, -1, -1, 0);
    }
}

/* The empty cell with the fewest candidates; among equals, the one whose groups hold
 * the most empty cells (its digit then constrains the most), then the first in reading
 * order.  The tie-break halves the nodes on hard 16x16 puzzles. */
static int most_constrained_cell(const struct search *s)
{
    const struct puzzle *p = s->p;
    int best = -1, best_count = PUZZLE_MAX_DIGIT + 1, best_reach = -1;
    int empty_in[3 * SUDOKU_MAX_SIZE];

    for (int g = 0; g < p->ngroups; g++) {
        int empty = 0;

        for (int i = 0; i < p->groups[g].ncells; i++)
            empty += s->grid[p->groups[g].cells[i]] == 0;
        empty_in[g] = empty;
    }
    for (int cell = 0; cell < p->ncells; cell++) {
        const int16_t *groups = p->cell_groups[cell];
        int count, reach;

        if (s->grid[cell] != 0)
            continue;
        count = popcount32(s->cand[cell]);
        if (count > best_count)
            continue;
        reach = empty_in[groups[0]] + empty_in[groups[1]] + empty_in[groups[2]];
        if (count < best_count || reach > best_reach) {
            best = cell;
            best_count = count;
            best_reach = reach;
        }
    }
    return best;
}

/* The first empty cell in reading order: digits tried ascending there make the first
 * solution found the smallest in reading order (propagation only removes digits that no
 * solution has, so it changes how fast, not which). */
static int first_empty_cell(const struct search *s)
{
    for (int cell = 0; cell < s->p->ncells; cell++)
        if (s->grid[cell] == 0)
            return cell;
    return -1;
}

/* Opens a branch point at the most constrained cell, saving the state to return to. */
static void open_branch(struct search *s)
{
    size_t n = (size_t)s->p->ncells;
    int cell = s->reading_order ? first_empty_cell(s) : most_constrained_cell(s);
    struct branch *b;

    s->branches = xgrow(s->branches, &s->branches_cap, (size_t)s->depth + 1, sizeof *s->branches);
    if (((size_t)s->depth + 1) * n > s->saved_cap) {
        s->saved_cap = ((size_t)s->depth + 1) * n * 2;
        s->saved = xrealloc(s->saved, s->saved_cap * sizeof *s->saved);
    }
    memcpy(s->saved + (size_t)s->depth * n, s->cand, n * sizeof *s->cand);
    b = &s->branches[s->depth++];
    *b = (struct branch){
        .cell = cell, .untried = s->cand[cell], .nchoices = popcount32(s->cand[cell]),
        .trail_mark = s->ntrail, .nempty = s->nempty,
    };
}

/* Empties the cells placed since branch b opened, latest first, and restores its state. */
SEARCH_INLINE bool undo_branch(struct search *s, bool observed, const struct branch *b)
{
    size_t n = (size_t)s->p->ncells;

    while (s->ntrail > b->trail_mark) {
        int cell = s->trail[--s->ntrail];
        int d = s->grid[cell];

        s->grid[cell] = 0;
        if (observed && !report(s, STEP_BACKTRACK, cell, d, 0, 0))
            return false;
    }
    memcpy(s->cand, s->saved + (size_t)(s->depth - 1) * n, n * sizeof *s->cand);
    s->nempty = b->nempty;
    memset(s->dirty, 0, sizeof s->dirty);  /* the branch opened on a propagated state */
    return true;
}

/* Undoes the current guess and places the next digit of the innermost branch that has
 * one left.  Returns 1 when a guess is placed, 0 when it fails at once, -1 when the
 * search is over (no branch left, or stopped). */
SEARCH_INLINE int next_guess(struct search *s, bool observed)
{
    while (s->depth > 0) {
        struct branch *b = &s->branches[s->depth - 1];
        int d;

        if (b->choice > 0) {
            s->stats.backtracks++;
            if (!undo_branch(s, observed, b))
                return -1;
        }
        if (b->untried == 0) {
            s->depth--;
            continue;
        }
        if (solve_budget_spent(s->budget, s->stats.nodes)) {
            s->gave_up = true;
            return -1;
        }
        d = lowest_bit(b->untried);
        b->untried &= b->untried - 1;
        b->choice++;
        s->stats.guesses++;
        s->stats.nodes++;
        s->qhead = s->qtail = 0;
        if (place(s, observed, b->cell, d, STEP_GUESS, b->choice, b->nchoices))
            return 1;
        return s->stop ? -1 : 0;
    }
    return -1;
}

/* Records a solution; false when the search should end (limit reached or stopped). */
SEARCH_INLINE bool found_solution(struct search *s, bool observed)
{
    if (s->res->count++ == 0 && s->res->solution != NULL)
        memcpy(s->res->solution, s->grid, (size_t)s->p->ncells);
    if (observed && !report(s, STEP_SOLVED, -1, 0, 0, 0))
        return false;
    return s->res->count < s->limit;
}

/* Candidates of every empty cell from the digits placed in its groups; false when some
 * cell has none. */
SEARCH_INLINE bool init_candidates(struct search *s, bool observed, const digitset *used)
{
    const struct puzzle *p = s->p;

    for (int cell = 0; cell < p->ncells; cell++) {
        digitset c = s->all;

        if (s->grid[cell] != 0)
            continue;
        s->nempty++;
        for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][k] >= 0; k++)
            c &= ~used[p->cell_groups[cell][k]];
        s->cand[cell] = c;
        if (c == 0)
            return dead_end(s, observed, cell, -1, 0);
        if ((c & (c - 1)) == 0)
            s->queue[s->qtail++] = cell;
    }
    return true;
}

SEARCH_INLINE void run_search(struct search *s, bool observed, const digitset *used)
{
    bool ok;

    s->stats.nodes++;
    ok = init_candidates(s, observed, used) && propagate(s, observed);
    for (;;) {
        int r;

        if (s->stop)
            break;
        if (ok && s->nempty == 0) {
            if (!found_solution(s, observed))
                break;
        } else if (ok) {
            open_branch(s);
        }
        r = next_guess(s, observed);
        if (r < 0)
            break;
        ok = r > 0 && propagate(s, observed);
    }
}

static void run_quiet(struct search *s, const digitset *used)
{
    run_search(s, false, used);
}

static void run_observed(struct search *s, const digitset *used)
{
    run_search(s, true, used);
}

/* The digits placed in each group; false if one repeats or is out of range. */
static bool group_digits(const struct puzzle *p, const uint8_t *grid, digitset *used)
{
    for (int g = 0; g < p->ngroups; g++) {
        const struct puzzle_group *grp = &p->groups[g];

        used[g] = 0;
        for (int i = 0; i < grp->ncells; i++) {
            int d = grid[grp->cells[i]];

            if (d == 0)
                continue;
            if (d > p->max_digit || (used[g] & (1u << d)))
                return false;
            used[g] |= 1u << d;
        }
    }
    return true;
}

static void general_solve(const struct puzzle *p, const uint8_t *grid,
                          const struct solve_request *req, struct solve_result *res,
                          const digitset *used, bool reading_order)
{
    size_t n = (size_t)p->ncells;
    struct search s = {
        .p = p, .observer = req->observer, .res = res, .limit = req->limit,
        .budget = &req->budget, .reading_order = reading_order,
        .all = ((1u << (p->max_digit + 1)) - 1) & ~1u,
        .grid = xmalloc(n), .cand = xmalloc(n * sizeof *s.cand),
        .trail = xmalloc(n * sizeof *s.trail), .queue = xmalloc(n * sizeof *s.queue),
    };

    memcpy(s.grid, grid, n);
    memset(s.dirty, 1, sizeof s.dirty);
    if (s.observer != NULL)
        run_observed(&s, used);
    else
        run_quiet(&s, used);
    res->stopped = s.stop;
    res->gave_up = s.gave_up;
    res->stats.nodes += s.stats.nodes;
    res->stats.guesses += s.stats.guesses;
    res->stats.backtracks += s.stats.backtracks;
    free(s.grid);
    free(s.cand);
    free(s.trail);
    free(s.queue);
    free(s.branches);
    free(s.saved);
}

/* Whether there is a search to run: a Sudoku, a limit, and givens that do not clash
 * already (their digits per group into used). */
static bool search_wanted(const struct puzzle *p, const uint8_t *grid,
                          const struct solve_request *req, struct solve_result *res, digitset *used)
{
    res->count = 0;
    res->stopped = res->gave_up = false;
    return p->ngroups <= 3 * SUDOKU_MAX_SIZE && req->limit >= 1 && group_digits(p, grid, used);
}

void previous_sudoku_solve_general(const struct puzzle *p, const uint8_t *grid,
                                   const struct solve_request *req, struct solve_result *res);
void previous_sudoku_solve_general(const struct puzzle *p, const uint8_t *grid,
                          const struct solve_request *req, struct solve_result *res)
{
    digitset used[3 * SUDOKU_MAX_SIZE];     /* per group: the digits placed */

    if (search_wanted(p, grid, req, res, used))
        general_solve(p, grid, req, res, used, false);
}

