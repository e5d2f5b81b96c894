/* kakuro_solve.c: the fast Kakuro search: every run kept arc-consistent with its sum, most constrained cell first. */
#include "config.h"
#include "solve.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

/*
 * Each run is one constraint "these cells hold distinct digits adding to the clue" (or,
 * for a run without a clue, only "distinct digits", kept by plainer means).  It
 * is kept generalised arc-consistent: a digit stays a candidate of a cell only if some
 * completion of the whole run uses it there.  The supports come from a small dynamic
 * programme over the set of digits used so far (at most 512 states for the nine digits),
 * so there is no table of combinations to build, and hidden singles, naked pairs and the
 * arithmetic of combinations all fall out of it.  Runs whose cells changed wait in a
 * queue until nothing changes; then the search guesses at the cell with the fewest
 * candidates, undoing through a trail of the candidate sets it narrowed.
 *
 * Open cells that share no undecided run are independent: after each propagation the
 * search splits the open cells of the part it branched in into connected parts, and
 * finishes one part before it starts the next.  A part with no solution then dooms the
 * guess that created it, whatever the parts solved in between hold, so the search backs
 * up straight to that guess (a backjump) instead of trying every other way to fill the
 * parts in between.  On a large board this is the difference between seconds and hours;
 * the solutions are still found one by one, each a full grid, so counting and the
 * observer see the same things as in a plain depth-first search.
 *
 * Until the first solution, a search that has backed up many times starts again from
 * the top (a restart), keeping the weights the dead ends gave the runs, so the runs that
 * failed are branched on first; after a restart the digits of a guess are tried in a
 * pseudo-random order with a fixed seed, which breaks the habit of ascending digits of
 * steering every part the same wrong way (results stay reproducible).  Once a solution
 * is found there are no more restarts, so none is counted twice.
 */

/* The search is written once and instantiated twice, with a constant `observed`, so a
 * batch run without an observer carries no test for it in the inner loops. */
#if defined(__GNUC__)
#define SEARCH_INLINE static inline __attribute__((always_inline))
#define SEARCH_RARE static __attribute__((noinline, cold))
#define UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define SEARCH_INLINE static inline
#define SEARCH_RARE static
#define UNLIKELY(x) (x)
#endif

#define RUN_MAX 9
#define ALL_DIGITS 0x3feu   /* bits 1..9 */

typedef uint16_t dset;      /* candidate digits of a cell, bits 1..9 */

struct run {
    int sum;
    int len;
    const int *cells;       /* white indices */
    int group;              /* the puzzle's group it is */
};

/* A cell's candidates before a change, to put back when the search backs up.  Four
 * bytes, not eight: the trail is the search's largest array (nine entries a cell). */
struct trail_entry {
    uint16_t cell;          /* white index */
    dset old;
};
_Static_assert(KAKURO_MAX_SIDE * KAKURO_MAX_SIDE <= UINT16_MAX + 1,
               "a white index fits a trail entry");

/* A set of open cells connected through undecided runs, waiting to be solved: its
 * cells (some may be placed since; they are skipped) and the next part of the list. */
struct part {
    int start, len;         /* slice of part_cells */
    int creator;            /* the branch whose guess made it, -1 for the start */
    int next;               /* the part below it on the pending list, -1 for none */
};

/* A branch point: the cell guessed, the digits still to try, and where the trail stood
 * before the first guess, so each further guess starts from the same state. */
struct branch {
    int cell;               /* white index */
    dset untried;
    int choice, nchoices;
    int trail_mark;
    int part;               /* the part branched in */
    int parts_mark, cells_mark;     /* the part storage in use when the branch opened */
    long found;             /* solutions found before it opened */
};

struct search {
    const struct puzzle *p;
    const struct solve_observer *observer;
    struct solve_result *res;
    long limit;
    int nwhite, nruns;
    int *white_cell;        /* white index -> cell of the puzzle */
    int (*runs_of)[2];      /* white index -> its runs, -1 padded */
    struct run *runs;
    int *run_cells;         /* storage behind runs[].cells */
    dset *cand;             /* per white cell; a single digit means placed */
    uint8_t *grid;          /* the working grid the observer sees */
    struct trail_entry *trail;
    int ntrail;
    /* Runs to revise, one FIFO list per run length: short runs are cheap and narrow the
     * most, so they go first and the long ones are revised fewer times. */
    int qhead[RUN_MAX + 1], qtail[RUN_MAX + 1];
    unsigned qlengths;      /* bit k: the list of runs of length k is not empty */
    int *qnext;             /* per run: the next in its list */
    uint8_t *queued;
    uint32_t *weight;       /* per run: 1 + the dead ends it caused (dom/wdeg) */
    struct branch *branches;    /* grown as deep as a search goes, kept between searches */
    int depth;              /* branches open: the guesses on the current branch */
    int branches_cap;
    struct part *parts;     /* a stack, cut back as the search backs up */
    int nparts, parts_cap;
    int *part_cells;        /* white indices, a stack like parts */
    int ncells, cells_cap;
    int pending;            /* the parts left to solve, a list through part.next */
    uint32_t split_stamp;   /* marks the cells and runs seen by the current split */
    int root_trail, root_parts, root_cells, root_pending;  /* the state restarts go back to */
    uint64_t restart_after; /* backtracks allowed before the next restart */
    uint64_t last_restart;  /* backtracks at the last restart */
    uint32_t random;        /* the digit order's generator state, 0 before any restart */
    uint32_t *cell_seen, *run_seen;
    size_t cells_alloc, groups_alloc, trail_alloc;  /* the sizes of the arrays above */
    int *white_of;          /* cell of the puzzle -> white index, -1 outside the model
                             * (kept so between searches: only the model's are reset) */
    int *open_groups;       /* the runs of the model, as groups of the puzzle */
    uint32_t *group_mark, group_stamp;  /* groups already in open_groups */
    int broken_group;       /* a run given whole that breaks its rule, or -1 */
    int nwhite_listed;      /* the cells of white_cell whose white_of build_model set */
    uint32_t stamp;         /* marks the states of the current run revision */
    uint32_t mark[512];     /* per digit set (bits 1..9 shifted down): last stamp */
    const uint8_t *prefer;  /* per cell: the digit to try first, or NULL */
    uint64_t max_backtracks;    /* stop after this many, 0 for no limit */
    const struct solve_budget *budget;  /* the request's: give up when spent */
    struct solve_stats stats;
    bool stop;              /* the observer asked to stop */
    bool gave_up;           /* the request's budget ran out */
};

static inline bool single(dset c)
{
    return (c & (c - 1)) == 0;
}

static inline int highest_bit(dset c)
{
    return 31 - __builtin_clz(c);
}

/* The number of digits in c: without a popcount instruction (a build for any x86-64 has
 * none) __builtin_popcount is a library call, and this is on the hot path. */
static inline int dset_count(dset c)
{
    unsigned x = c;

    x -= (x >> 1) & 0x5555u;
    x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
    x = (x + (x >> 4)) & 0x0f0fu;
    return (int)((x + (x >> 8)) & 0x1fu);
}

/* Reports a step (group: the run found broken by a dead end, else -1); false when the
 * observer asks to stop. */
static bool report_step(struct search *s, enum solve_step_kind kind, int white, int digit,
                        int choice, int nchoices, int group)
{
    struct solve_step step = {
        .kind = kind, .cell = white >= 0 ? s->white_cell[white] : -1, .digit = digit,
        .depth = s->depth, .choice = choice, .nchoices = nchoices, .group = group,
        .grid = s->grid,
    };

    if (s->observer->step(&step, s->observer->user) != 0)
        s->stop = true;
    return !s->stop;
}

static bool report(struct search *s, enum solve_step_kind kind, int white, int digit,
                   int choice, int nchoices)
{
    return report_step(s, kind, white, digit, choice, nchoices, -1);
}

/* Reports a dead end at a white cell (-1: a whole run) found by run r, which weighs
 * more in choosing where to branch from now on; always false. */
SEARCH_INLINE bool dead_end(struct search *s, bool observed, int r, int white)
{
    s->weight[r]++;
    if (observed && !s->stop)
        report_step(s, STEP_CONTRADICTION, white, 0, 0, 0, s->runs[r].group);
    return false;
}

static void enqueue(struct search *s, int run)
{
    int len;

    if (run < 0 || s->queued[run])
        return;
    len = s->runs[run].len;
    s->queued[run] = 1;
    s->qnext[run] = -1;
    if (s->qlengths & (1u << len))
        s->qnext[s->qtail[len]] = run;
    else
        s->qhead[len] = run;
    s->qtail[len] = run;
    s->qlengths |= 1u << len;
}

/* The first run of the shortest length queued; the queue must not be empty. */
static int dequeue(struct search *s)
{
    int len = lowest_bit(s->qlengths);
    int run = s->qhead[len];

    s->qhead[len] = s->qnext[run];
    if (s->qhead[len] < 0)
        s->qlengths &= ~(1u << len);
    s->queued[run] = 0;
    return run;
}

static void clear_queue(struct search *s)
{
    while (s->qlengths != 0)
        dequeue(s);
}

/* Narrows a cell's candidates to c (a subset), placing its digit when one is left, and
 * queues the cell's runs other than from_run.  False when the observer stops. */
SEARCH_INLINE bool narrow(struct search *s, bool observed, int w, dset c, int from_run)
{
    dset old = s->cand[w];

    s->trail[s->ntrail++] = (struct trail_entry){ .cell = (uint16_t)w, .old = old };
    s->cand[w] = c;
    if (observed) {
        for (dset gone = old & ~c; gone != 0; gone &= gone - 1)
            if (!report(s, STEP_ELIMINATE, w, lowest_bit(gone), 0, 0))
                return false;
    }
    if (single(c)) {
        s->grid[s->white_cell[w]] = (uint8_t)lowest_bit(c);
        if (observed && !report(s, STEP_PLACE, w, lowest_bit(c), 0, 0))
            return false;
    }
    for (int k = 0; k < 2; k++)
        if (s->runs_of[w][k] != from_run)
            enqueue(s, s->runs_of[w][k]);
    return true;
}

/* Supports of n cells (candidates cd, sorted fewest first) that must take n distinct
 * digits adding to rem: sup[i] gets every digit cell i takes in some such assignment.
 * False when there is none.  Forward, the sets of digits the first j cells can take
 * (pruned by what the rest can still add up to); backward, those that complete. */
static bool run_supports(struct search *s, int n, int rem, const dset *cd, dset *sup)
{
    /* Every digit set at most once, and one more: a state is written before it is
     * known to be new. */
    uint16_t masks[512 + 1];
    uint8_t sums[512 + 1];
    int level[RUN_MAX + 2];
    int lo_after[RUN_MAX], hi_after[RUN_MAX];
    int count = 1;
    uint32_t seen, live;

    /* What the cells after j can add up to at least and at most: the bounds for any
     * distinct digits, tightened by each cell's own smallest and largest candidate. */
    lo_after[n - 1] = hi_after[n - 1] = 0;
    for (int j = n - 1, lo = 0, hi = 0; j > 0; j--) {
        int left = n - j, least = left * (left + 1) / 2, most = left * (19 - left) / 2;

        if (cd[j] == 0)
            return false;   /* only placed digits were left to it */
        lo += lowest_bit(cd[j]);
        hi += highest_bit(cd[j]);
        lo_after[j - 1] = lo > least ? lo : least;
        hi_after[j - 1] = hi < most ? hi : most;
    }

    s->stamp += 2;
    if (s->stamp < 2) {     /* wrapped: old marks could look current */
        memset(s->mark, 0, sizeof s->mark);
        s->stamp = 2;
    }
    seen = s->stamp;
    live = s->stamp + 1;
    masks[0] = 0;
    sums[0] = 0;
    level[0] = 0;
    level[1] = 1;
    for (int j = 0; j < n; j++) {
        int lo = lo_after[j], hi = hi_after[j];

        for (int i = level[j]; i < level[j + 1]; i++) {
            unsigned m = masks[i];

            for (dset ds = cd[j] & ~m; ds != 0; ds &= ds - 1) {
                int d = lowest_bit(ds);
                int r = rem - sums[i] - d;
                unsigned nm;

                if (r > hi)
                    continue;
                if (r < lo)
                    break;      /* larger digits leave even less */
                nm = m | (1u << d);
                /* Written always, kept (count moved on) only if new: no branch on the
                 * marks, which follow no pattern a processor could predict. */
                masks[count] = (uint16_t)nm;
                sums[count] = (uint8_t)(sums[i] + d);
                count += s->mark[nm >> 1] != seen;
                s->mark[nm >> 1] = seen;
            }
        }
        level[j + 2] = count;
        if (count == level[j + 1])
            return false;
    }
    /* Every state of the last level adds up to rem exactly (left = 0 above). */
    for (int i = level[n]; i < level[n + 1]; i++)
        s->mark[masks[i] >> 1] = live;
    for (int j = n - 1; j >= 0; j--) {
        dset got = 0;

        for (int i = level[j]; i < level[j + 1]; i++) {
            unsigned m = masks[i];
            dset hits = 0;

            for (dset ds = cd[j] & ~m; ds != 0; ds &= ds - 1) {
                dset bit = ds & -ds;

                hits |= (dset)(bit & -(dset)(s->mark[(m | bit) >> 1] == live));
            }
            got |= hits;
            s->mark[m >> 1] = hits != 0 ? live : s->mark[m >> 1];
        }
        sup[j] = got;
    }
    return true;
}

/* Two cells adding to rem: the common case, without the general machinery. */
static bool pair_supports(int rem, const dset *cd, dset *sup)
{
    sup[0] = sup[1] = 0;
    for (dset ds = cd[0]; ds != 0; ds &= ds - 1) {
        int d = lowest_bit(ds), e = rem - d;

        if (e >= 1 && e <= 9 && e != d && (cd[1] & (1u << e))) {
            sup[0] |= (dset)(1u << d);
            sup[1] |= (dset)(1u << e);
        }
    }
    return sup[0] != 0;
}

/* A run without a clue (sum 0) only wants distinct digits: its placed digits leave the
 * other cells, again whenever that places one, and its open cells must still have as
 * many digits between them as they are.  False at a dead end (or when stopped). */
SEARCH_RARE bool revise_sumless_run(struct search *s, bool observed, int r)
{
    const struct run *run = &s->runs[r];
    bool again = true;

    while (again) {
        dset placed = 0, open_digits = 0;
        int open = 0;

        again = false;
        for (int i = 0; i < run->len; i++) {
            dset c = s->cand[run->cells[i]];

            if (single(c) && (placed & c))
                return dead_end(s, observed, r, run->cells[i]);
            if (single(c))
                placed |= c;
        }
        for (int i = 0; i < run->len; i++) {
            int w = run->cells[i];
            dset c = s->cand[w], left = c & (dset)~placed;

            if (single(c))
                continue;
            if (left == 0)
                return dead_end(s, observed, r, w);
            if (left != c && !narrow(s, observed, w, left, r))
                return false;
            again = again || single(left);
            open_digits |= left;
            open++;
        }
        if (!again && dset_count(open_digits) < open)
            return dead_end(s, observed, r, -1);
    }
    return true;
}

/* Brings run r to arc consistency; false at a dead end (or when stopped). */
SEARCH_INLINE bool revise_run(struct search *s, bool observed, int r)
{
    const struct run *run = &s->runs[r];
    int cells[RUN_MAX];
    dset cd[RUN_MAX], sup[RUN_MAX];
    dset placed = 0;
    int rem = run->sum, n = 0;
    bool ok;

    /* Kept out of line: most puzzles have no such run, and the arithmetic is the hot path. */
    if (UNLIKELY(rem == 0))
        return revise_sumless_run(s, observed, r);
    for (int i = 0; i < run->len; i++) {
        int w = run->cells[i];
        dset c = s->cand[w];

        if (single(c)) {
            if (placed & c)
                return dead_end(s, observed, r, w);
            placed |= c;
            rem -= lowest_bit(c);
        } else {
            /* Insertion by candidate count keeps the forward states few. */
            int k = n++, pc = dset_count(c);

            while (k > 0 && dset_count(cd[k - 1]) > pc) {
                cd[k] = cd[k - 1];
                cells[k] = cells[k - 1];
                k--;
            }
            cd[k] = c;
            cells[k] = w;
        }
    }
    if (n == 0)
        return rem == 0 || dead_end(s, observed, r, -1);
    for (int i = 0; i < n; i++)
        cd[i] &= (dset)~placed;
    if (n == 1) {
        sup[0] = rem >= 1 && rem <= 9 ? cd[0] & (dset)(1u << rem) : 0;
        ok = sup[0] != 0;
    } else if (n == 2) {
        ok = pair_supports(rem, cd, sup);
    } else {
        ok = rem > 0 && run_supports(s, n, rem, cd, sup);
    }
    if (!ok)
        return dead_end(s, observed, r, n == 1 ? cells[0] : -1);
    for (int i = 0; i < n; i++)
        if (sup[i] != s->cand[cells[i]] && !narrow(s, observed, cells[i], sup[i], r))
            return false;
    return true;
}

/* Revises the queued runs until none is left; false at a dead end. */
SEARCH_INLINE bool propagate(struct search *s, bool observed)
{
    while (s->qlengths != 0) {
        if (!revise_run(s, observed, dequeue(s))) {
            clear_queue(s);
            return false;
        }
    }
    return true;
}

/* The open cell with the fewest candidates for the weight of its runs (dom/wdeg: runs
 * that failed often mark where the puzzle is hard, so the search settles them first
 * instead of thrashing elsewhere); -1 when every cell is placed. */
static int most_constrained_cell(const struct search *s, const struct part *part)
{
    int best = -1;
    uint64_t best_count = 1, best_weight = 0;

    for (int i = 0; i < part->len; i++) {
        int w = s->part_cells[part->start + i];
        dset c = s->cand[w];
        uint64_t count, weight;

        if (single(c))
            continue;
        count = (uint64_t)dset_count(c);
        weight = s->weight[s->runs_of[w][0]];
        if (s->runs_of[w][1] >= 0)
            weight += s->weight[s->runs_of[w][1]];
        /* count / weight < best_count / best_weight */
        if (count * best_weight < best_count * weight) {
            best = w;
            best_count = count;
            best_weight = weight;
        }
    }
    return best;
}

#define RESTART_FIRST 1000u    /* backtracks; then 10% more each time */

/* The digit to try next of untried: the smallest, or after a restart a pseudo-random
 * one (a linear congruential generator: the order needs no quality, only variety). */
static int next_digit(struct search *s, int w, dset untried)
{
    int k;

    if (s->prefer != NULL && (untried & (1u << s->prefer[s->white_cell[w]])))
        return s->prefer[s->white_cell[w]];
    if (s->random == 0)
        return lowest_bit(untried);
    s->random = s->random * 1103515245u + 12345u;
    for (k = (int)((s->random >> 16) % (uint32_t)dset_count(untried)); k > 0; k--)
        untried &= untried - 1;
    return lowest_bit(untried);
}

/* Opens a branch on the most constrained cell of the first pending part. */
static void open_branch(struct search *s)
{
    int part = s->pending;
    int w = most_constrained_cell(s, &s->parts[part]);

    /* Searches rarely go deeper than a few hundred guesses: room for every cell of the
     * board would be most of the scratch's memory on a large board. */
    if (s->depth == s->branches_cap) {
        s->branches_cap *= 2;
        s->branches = xrealloc(s->branches, (size_t)s->branches_cap * sizeof *s->branches);
    }
    s->branches[s->depth++] = (struct branch){
        .cell = w, .untried = s->cand[w], .nchoices = dset_count(s->cand[w]),
        .trail_mark = s->ntrail, .part = part, .parts_mark = s->nparts,
        .cells_mark = s->ncells, .found = s->res->count,
    };
}

static int new_part(struct search *s, int start, int len, int creator, int next)
{
    if (s->nparts == s->parts_cap) {
        s->parts_cap *= 2;
        s->parts = xrealloc(s->parts, (size_t)s->parts_cap * sizeof *s->parts);
    }
    s->parts[s->nparts] = (struct part){
        .start = start, .len = len, .creator = creator, .next = next,
    };
    return s->nparts++;
}

static void reserve_cells(struct search *s, int more)
{
    if (s->ncells + more <= s->cells_cap)
        return;
    while (s->ncells + more > s->cells_cap)
        s->cells_cap *= 2;
    s->part_cells = xrealloc(s->part_cells, (size_t)s->cells_cap * sizeof *s->part_cells);
}

/* Appends to part_cells, from the open cell first, every open cell connected to it
 * through runs (the cells already appended are the queue); returns how many. */
static int collect_connected(struct search *s, int first)
{
    int start = s->ncells;

    s->cell_seen[first] = s->split_stamp;
    s->part_cells[s->ncells++] = first;
    for (int q = start; q < s->ncells; q++) {
        int w = s->part_cells[q];

        for (int k = 0; k < 2; k++) {
            int r = s->runs_of[w][k];

            if (r < 0 || s->run_seen[r] == s->split_stamp)
                continue;
            s->run_seen[r] = s->split_stamp;
            for (int i = 0; i < s->runs[r].len; i++) {
                int v = s->runs[r].cells[i];

                if (!single(s->cand[v]) && s->cell_seen[v] != s->split_stamp) {
                    s->cell_seen[v] = s->split_stamp;
                    s->part_cells[s->ncells++] = v;
                }
            }
        }
    }
    return s->ncells - start;
}

/* A new stamp for the cells and runs a split sees. */
static void next_split_stamp(struct search *s)
{
    if (++s->split_stamp == 0) {    /* wrapped: old marks could look current */
        memset(s->cell_seen, 0, s->cells_alloc * sizeof *s->cell_seen);
        memset(s->run_seen, 0, s->groups_alloc * sizeof *s->run_seen);
        s->split_stamp = 1;
    }
}

/* Splits the open cells of part `from` into connected parts made by branch creator,
 * pushed on the pending list `rest` smallest first, so the part likeliest to be done
 * (or refuted) quickly comes next. */
static void split_part(struct search *s, const struct part *from, int creator, int rest)
{
    int first_part = s->nparts, open = 0;

    next_split_stamp(s);
    reserve_cells(s, from->len);
    for (int i = 0; i < from->len; i++) {
        int w = s->part_cells[from->start + i];

        if (!single(s->cand[w]) && s->cell_seen[w] != s->split_stamp) {
            int start = s->ncells, len = collect_connected(s, w);

            new_part(s, start, len, creator, -1);
            open += len;
        }
    }
    /* One part, most of the old list: keep the old list rather than a copy of it. */
    if (s->nparts == first_part + 1 && 2 * open >= from->len) {
        s->ncells = s->parts[first_part].start;
        s->parts[first_part].start = from->start;
        s->parts[first_part].len = from->len;
    }
    /* Linked largest first below the rest, so the smallest is on top (insertion sort
     * on sizes: there are few parts). */
    for (int i = first_part + 1; i < s->nparts; i++)
        for (int j = i; j > first_part && s->parts[j - 1].len < s->parts[j].len; j--) {
            struct part t = s->parts[j];

            s->parts[j] = s->parts[j - 1];
            s->parts[j - 1] = t;
        }
    s->pending = rest;
    for (int i = first_part; i < s->nparts; i++) {
        s->parts[i].next = s->pending;
        s->pending = i;
    }
}

/* After a guess propagated: the open cells of the part branched in, split. */
static void split_after_guess(struct search *s)
{
    const struct branch *b = &s->branches[s->depth - 1];
    struct part from = s->parts[b->part];

    split_part(s, &from, s->depth - 1, from.next);
}

/* Puts back the candidates narrowed since mark, emptying the cells they had placed. */
SEARCH_INLINE bool undo_to(struct search *s, bool observed, int mark)
{
    while (s->ntrail > mark) {
        const struct trail_entry *t = &s->trail[--s->ntrail];
        int cell = s->white_cell[t->cell];

        s->cand[t->cell] = t->old;
        if (s->grid[cell] != 0 && !single(t->old)) {
            int d = s->grid[cell];

            s->grid[cell] = 0;
            if (observed && !report(s, STEP_BACKTRACK, t->cell, d, 0, 0))
                return false;
        }
    }
    return true;
}

/* Undoes the current guess and tries the next digit of the innermost branch that has
 * one left.  Returns 1 when a guess is placed, 0 when it failed at once, -1 when the
 * search is over (no branch left, or stopped). */
SEARCH_INLINE int next_guess(struct search *s, bool observed)
{
    while (s->depth > 0) {
        struct branch *b = &s->branches[s->depth - 1];
        int w = b->cell, d;

        if (b->choice > 0) {
            s->stats.backtracks++;
            if (!undo_to(s, observed, b->trail_mark))
                return -1;
        }
        if (b->untried == 0) {
            s->depth--;
            /* No solution under this branch: its part has none, whatever was guessed in
             * the parts solved since the guess that made it, so back up to that guess. */
            if (s->res->count == b->found)
                s->depth = s->parts[b->part].creator + 1;
            continue;
        }
        s->nparts = b->parts_mark;
        s->ncells = b->cells_mark;
        d = next_digit(s, w, b->untried);
        b->untried &= (dset)~(1u << d);
        b->choice++;
        s->stats.guesses++;
        s->stats.nodes++;
        s->trail[s->ntrail++] = (struct trail_entry){ .cell = (uint16_t)w, .old = s->cand[w] };
        s->cand[w] = (dset)(1u << d);
        s->grid[s->white_cell[w]] = (uint8_t)d;
        if (observed && !report(s, STEP_GUESS, w, d, b->choice, b->nchoices))
            return -1;
        enqueue(s, s->runs_of[w][0]);
        enqueue(s, s->runs_of[w][1]);
        return 1;
    }
    return -1;
}

/* Records a solution; false when the search should end (limit reached or stopped). */
SEARCH_INLINE bool found_solution(struct search *s, bool observed)
{
    solve_keep_solution(s->res, s->grid, s->p->ncells);
    if (observed && !report(s, STEP_SOLVED, -1, 0, 0, 0))
        return false;
    return s->res->count < s->limit;
}

/* Whether to go back to the top: no solution yet and many dead ends since the last
 * restart. */
static bool restart_due(const struct search *s)
{
    return s->res->count == 0 && s->stats.backtracks - s->last_restart > s->restart_after;
}

/* Undoes every guess, back to the state after the first propagation. */
SEARCH_INLINE bool restart(struct search *s, bool observed)
{
    s->depth = 0;
    if (!undo_to(s, observed, s->root_trail))
        return false;
    s->nparts = s->root_parts;
    s->ncells = s->root_cells;
    s->pending = s->root_pending;
    s->last_restart = s->stats.backtracks;
    s->restart_after += s->restart_after / 10;
    if (s->random == 0)
        s->random = 1;
    return true;
}

/* Every open cell narrowed to the digits its two runs allow on their sums alone (a
 * table), then every run queued.  This is what revising each run first would do when
 * all its cells are open, at the cost of a look-up: the first revisions are the costly
 * ones, where candidates are many, and one at a time they narrow the board a run at a
 * time (on janko's largest boards this halves the work).  False at a dead end. */
SEARCH_INLINE bool start_propagation(struct search *s, bool observed)
{
    for (int r = 0; r < s->nruns; r++) {
        const struct run *run = &s->runs[r];
        dset allowed = (dset)kakuro_run_union(run->len, run->sum);

        for (int i = 0; i < run->len && run->sum != 0; i++) {
            int w = run->cells[i];
            dset c = s->cand[w];

            if (single(c) || (c & allowed) == c)
                continue;
            if ((c & allowed) == 0 || !narrow(s, observed, w, c & allowed, -1)) {
                clear_queue(s);
                return (c & allowed) != 0 ? false : dead_end(s, observed, r, w);
            }
        }
    }
    for (int r = 0; r < s->nruns; r++)
        enqueue(s, r);
    return propagate(s, observed);
}

SEARCH_INLINE void run_search(struct search *s, bool observed)
{
    bool ok;

    s->stats.nodes++;
    if (s->broken_group >= 0) {
        if (observed)
            report_step(s, STEP_CONTRADICTION, -1, 0, 0, 0, s->broken_group);
        ok = false;
    } else {
        ok = start_propagation(s, observed);
    }
    if (ok) {
        struct part all = { .start = 0, .len = s->nwhite, .creator = -1, .next = -1 };

        for (int w = 0; w < s->nwhite; w++)
            s->part_cells[w] = w;
        s->ncells = s->nwhite;
        split_part(s, &all, -1, -1);
    }
    s->root_trail = s->ntrail;
    s->root_parts = s->nparts;
    s->root_cells = s->ncells;
    s->root_pending = s->pending;
    s->restart_after = RESTART_FIRST;
    for (;;) {
        int r;

        if (s->stop)
            break;
        if (!ok && s->max_backtracks != 0 && s->stats.backtracks >= s->max_backtracks) {
            s->stop = true;
            break;
        }
        if (solve_budget_spent(s->budget, s->stats.nodes)) {
            s->gave_up = true;
            break;
        }
        if (!ok && s->depth > 0 && restart_due(s)) {
            if (!restart(s, observed))
                break;
            ok = true;
            continue;
        }
        if (ok) {
            if (s->pending < 0) {
                if (!found_solution(s, observed))
                    break;
            } else {
                open_branch(s);
            }
        }
        r = next_guess(s, observed);
        if (r < 0)
            break;
        ok = propagate(s, observed);
        if (ok)
            split_after_guess(s);
    }
}

static void run_quiet(struct search *s)
{
    run_search(s, false);
}

static void run_observed(struct search *s)
{
    run_search(s, true);
}

/* Whether a run the grid fills whole keeps its rule: distinct digits, adding to its
 * clue if it has one. */
static bool full_group_keeps_rule(const struct puzzle_group *grp, const uint8_t *grid)
{
    unsigned seen = 0;
    int total = 0;

    for (int i = 0; i < grp->ncells; i++) {
        int d = grid[grp->cells[i]];

        if (d == 0)
            return true;    /* open: the search sees to it */
        if (seen & (1u << d))
            return false;
        seen |= 1u << d;
        total += d;
    }
    return grp->sum == 0 || total == grp->sum;
}

static int compare_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;

    return (x > y) - (x < y);
}

/* Adds the groups of open cell to open_groups (once each); false when it is in none. */
static bool add_open_cell_groups(struct search *s, int cell, int *ngroups)
{
    const int16_t *groups = s->p->cell_groups[cell];

    if (groups[0] < 0)
        return false;   /* puzzle_finish refuses a white cell outside every run; so does the search */
    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && groups[k] >= 0; k++) {
        if (s->group_mark[groups[k]] != s->group_stamp) {
            s->group_mark[groups[k]] = s->group_stamp;
            s->open_groups[(*ngroups)++] = groups[k];
        }
    }
    return true;
}

/* A new stamp for the groups build_model collects. */
static void next_group_stamp(struct search *s)
{
    if (++s->group_stamp == 0) {    /* wrapped: old marks could look current */
        memset(s->group_mark, 0, s->groups_alloc * sizeof *s->group_mark);
        s->group_stamp = 1;
    }
}

/*
 * The model the search works on: the runs with an open cell, and their cells numbered
 * densely in reading order, with their starting candidates (a digit in the grid, else
 * all nine).  A run the grid fills whole is only checked (s->broken_group): the cells
 * it alone holds cannot change, so the search need not see them.  The generator's checks
 * leave a few runs open on a board of thousands; a model of the whole board made each
 * of them cost the board's size in the search's own arrays, where now the board costs a
 * scan of its digits.  False when a digit is out of range or the puzzle is not a
 * finished Kakuro.
 */
static bool model_from_groups(struct search *s, const uint8_t *grid, int *white_of,
                              int ngroups);

static bool build_model(struct search *s, const uint8_t *grid, int *white_of)
{
    const struct puzzle *p = s->p;
    int ngroups = 0;
    bool out_of_range = false;

    s->broken_group = -1;
    memcpy(s->grid, grid, (size_t)p->ncells);
    for (int cell = 0; cell < p->ncells; cell++)
        out_of_range |= grid[cell] > (p->block[cell] ? 0 : 9);
    if (out_of_range) {
        for (int cell = 0; cell < p->ncells; cell++) {
            if (!p->block[cell] && grid[cell] > 9)
                return false;
            if (p->block[cell])
                s->grid[cell] = 0;  /* a digit on a black cell is not the search's */
        }
    }
    next_group_stamp(s);
    for (int cell = 0; cell < p->ncells; cell++)
        if (s->grid[cell] == 0 && !p->block[cell] && !add_open_cell_groups(s, cell, &ngroups))
            return false;
    for (int g = 0; g < p->ngroups; g++) {
        const struct puzzle_group *grp = &p->groups[g];

        if (grp->ncells < 1 || grp->ncells > RUN_MAX)
            return false;
        if (s->group_mark[g] != s->group_stamp && s->broken_group < 0
            && !full_group_keeps_rule(grp, s->grid))
            s->broken_group = g;
    }
    return model_from_groups(s, grid, white_of, ngroups);
}

/*
 * The model of build_model for a grid whose open cells the caller lists (each white and
 * 0 in grid): the board is not scanned, and the runs it fills whole are not checked,
 * the caller vouching for them.  The generator checks areas of a few dozen cells on
 * boards of ten thousand, thousands of times: the scans of the board were half its time.
 */
static bool build_model_open(struct search *s, const uint8_t *grid, const int *open, int nopen)
{
    const struct puzzle *p = s->p;
    int ngroups = 0;

    s->broken_group = -1;
    memcpy(s->grid, grid, (size_t)p->ncells);
    next_group_stamp(s);
    for (int i = 0; i < nopen; i++) {
        int cell = open[i];

        if (cell < 0 || cell >= p->ncells || p->block[cell] || grid[cell] != 0
            || !add_open_cell_groups(s, cell, &ngroups))
            return false;
    }
    return model_from_groups(s, grid, s->white_of, ngroups);
}

/* The rest of the model from its runs (s->open_groups, marked with the group stamp): the
 * runs in the puzzle's order, their cells numbered in reading order. */
static bool model_from_groups(struct search *s, const uint8_t *grid, int *white_of,
                              int ngroups)
{
    const struct puzzle *p = s->p;
    int used = 0, ncells = 0;

    for (int i = 0; i < ngroups; i++) {
        const struct puzzle_group *grp = &p->groups[s->open_groups[i]];

        if (grp->ncells < 1 || grp->ncells > RUN_MAX)
            return false;
    }
    /* The model's cells in reading order, its runs in the puzzle's order: sorted when
     * they are few, read off the marks in order when they are many (most searches). */
    if (8 * ngroups < p->ngroups) {
        qsort(s->open_groups, (size_t)ngroups, sizeof *s->open_groups, compare_int);
    } else {
        ngroups = 0;
        for (int g = 0; g < p->ngroups; g++)
            if (s->group_mark[g] == s->group_stamp)
                s->open_groups[ngroups++] = g;
    }
    for (int i = 0; i < ngroups; i++) {
        const struct puzzle_group *grp = &p->groups[s->open_groups[i]];

        for (int j = 0; j < grp->ncells; j++) {
            int cell = grp->cells[j];

            if (p->block[cell])
                return false;
            if (white_of[cell] < 0) {
                white_of[cell] = 0;
                s->white_cell[ncells++] = cell;
                s->nwhite_listed = ncells;
            }
        }
    }
    if (8 * ncells < p->ncells) {
        qsort(s->white_cell, (size_t)ncells, sizeof *s->white_cell, compare_int);
    } else {
        ncells = 0;
        for (int cell = 0; cell < p->ncells; cell++)
            if (white_of[cell] >= 0)
                s->white_cell[ncells++] = cell;
    }
    for (int w = 0; w < ncells; w++) {
        int cell = s->white_cell[w];

        if (grid[cell] > 9)
            return false;
        white_of[cell] = w;
        s->cand[w] = grid[cell] ? (dset)(1u << grid[cell]) : ALL_DIGITS;
        s->runs_of[w][0] = s->runs_of[w][1] = -1;
    }
    s->nwhite = ncells;
    for (int i = 0; i < ngroups; i++) {
        int g = s->open_groups[i];
        const struct puzzle_group *grp = &p->groups[g];
        struct run *run = &s->runs[s->nruns];

        run->sum = grp->sum;
        run->len = grp->ncells;
        run->cells = s->run_cells + used;
        run->group = g;
        for (int j = 0; j < grp->ncells; j++) {
            int w = white_of[grp->cells[j]];

            s->run_cells[used++] = w;
            /* A cell in a third run (not a Kakuro's) is refused, as puzzle_finish would. */
            if (s->runs_of[w][1] >= 0)
                return false;
            s->runs_of[w][s->runs_of[w][0] >= 0] = s->nruns;
        }
        s->nruns++;
    }
    return true;
}

/*
 * A search's storage lives in a scratch, which a caller may keep for the next search
 * (solve_request.scratch): the arrays are grown to the largest puzzle seen and never
 * shrunk.  Allocating them afresh on every call cost little on a small board but, past
 * malloc's trim threshold (a 60x60 board), the heap went back to the system after each
 * search and was faulted in again by the next: the generator, which runs thousands of
 * searches, spent 40% of its time in the kernel.
 */
struct solve_scratch {
    struct search s;
    struct solve_scratch *probe;    /* kakuro_solve_smallest's searches of one part */
};

struct solve_scratch *solve_scratch_new(void)
{
    struct solve_scratch *sc = xcalloc(1, sizeof *sc);

    sc->s.parts_cap = 64;
    sc->s.parts = xmalloc((size_t)sc->s.parts_cap * sizeof *sc->s.parts);
    sc->s.branches_cap = 64;
    sc->s.branches = xmalloc((size_t)sc->s.branches_cap * sizeof *sc->s.branches);
    return sc;
}

static void search_free_arrays(struct search *s)
{
    free(s->group_mark);
    free(s->open_groups);
    free(s->white_of);
    free(s->run_seen);
    free(s->cell_seen);
    free(s->part_cells);
    free(s->weight);
    free(s->queued);
    free(s->qnext);
    free(s->run_cells);
    free(s->runs);
    free(s->trail);
    free(s->grid);
    free(s->cand);
    free(s->runs_of);
    free(s->white_cell);
}

void solve_scratch_free(struct solve_scratch *sc)
{
    if (sc == NULL)
        return;
    search_free_arrays(&sc->s);
    free(sc->s.parts);
    free(sc->s.branches);
    solve_scratch_free(sc->probe);
    free(sc);
}

/* Grows the arrays for a puzzle of n cells, ng groups and white white cells.  What is
 * in them need not survive (a search fills them in), but the seen marks start at 0, as
 * a stamp must not find an old one equal to it. */
static void search_reserve(struct search *s, size_t n, size_t ng)
{
    if (n > s->cells_alloc || ng > s->groups_alloc) {
        n = n > s->cells_alloc ? n : s->cells_alloc;
        ng = ng > s->groups_alloc ? ng : s->groups_alloc;
        search_free_arrays(s);
        s->white_cell = xmalloc(n * sizeof *s->white_cell);
        s->runs_of = xmalloc(n * sizeof *s->runs_of);
        s->cand = xmalloc(n * sizeof *s->cand);
        s->grid = xmalloc(n);
        s->white_of = xmalloc(n * sizeof *s->white_of);
        memset(s->white_of, -1, n * sizeof *s->white_of);
        s->open_groups = xmalloc((ng + 1) * sizeof *s->open_groups);
        s->group_mark = xcalloc(ng + 1, sizeof *s->group_mark);
        s->group_stamp = 0;
        s->run_cells = xmalloc((2 * n + 1) * sizeof *s->run_cells);
        s->cells_cap = (int)n + 64;     /* grown when a search needs more */
        s->part_cells = xmalloc((size_t)s->cells_cap * sizeof *s->part_cells);
        s->cell_seen = xcalloc(n + 1, sizeof *s->cell_seen);
        s->runs = xmalloc((ng + 1) * sizeof *s->runs);
        s->qnext = xmalloc((ng + 1) * sizeof *s->qnext);
        s->queued = xcalloc(ng + 1, 1);
        s->weight = xmalloc((ng + 1) * sizeof *s->weight);
        s->run_seen = xcalloc(ng + 1, sizeof *s->run_seen);
        s->trail = NULL;
        s->trail_alloc = 0;
        s->cells_alloc = n;
        s->groups_alloc = ng;
    }
}

/* Room on the trail for the model built: every narrowing removes a digit, so a cell is
 * on it at most nine times.  Then the model's runs start with nothing queued and a
 * weight of 1. */
static void search_ready(struct search *s)
{
    size_t need = 9 * (size_t)s->nwhite + 1;

    if (need > s->trail_alloc) {
        free(s->trail);
        s->trail_alloc = need;
        s->trail = xmalloc(s->trail_alloc * sizeof *s->trail);
    }
    memset(s->queued, 0, (size_t)s->nruns);
    for (int r = 0; r < s->nruns; r++)
        s->weight[r] = 1;
}

/* The scratch's search made ready for puzzle p, before build_model: its arrays large
 * enough, everything of an earlier search forgotten but its stamps (which only grow). */
static struct search *search_start(struct solve_scratch *sc, const struct puzzle *p,
                                   const struct solve_request *req, struct solve_result *res)
{
    struct search *s = &sc->s;
    size_t ng = (size_t)p->ngroups;

    /* white_of is -1 but for the cells of the last model (its numbering may have stopped
     * half-way, so every cell it listed is reset). */
    for (int w = 0; w < s->nwhite_listed; w++)
        s->white_of[s->white_cell[w]] = -1;
    s->nwhite_listed = 0;
    search_reserve(s, (size_t)p->ncells, ng);
    s->p = p;
    s->observer = req->observer;
    s->res = res;
    s->limit = req->limit;
    s->budget = &req->budget;
    s->nwhite = s->nruns = s->ntrail = 0;
    s->qlengths = 0;
    s->depth = s->nparts = s->ncells = 0;
    s->pending = -1;
    s->root_trail = s->root_parts = s->root_cells = s->root_pending = 0;
    s->restart_after = s->last_restart = 0;
    s->random = 0;
    s->prefer = NULL;
    s->max_backtracks = 0;
    memset(&s->stats, 0, sizeof s->stats);
    s->stop = s->gave_up = false;
    return s;
}

/* The search from grid in the scratch sc, trying the digit of prefer first in each cell
 * if not NULL, and stopping (res->stopped) after max_backtracks if not 0. */
static void search_grid_open(struct solve_scratch *sc, const struct puzzle *p,
                             const uint8_t *grid, const int *open, int nopen,
                             const uint8_t *prefer, uint64_t max_backtracks,
                             const struct solve_request *req, struct solve_result *res)
{
    struct search *s;
    bool built;

    res->count = 0;
    res->stopped = res->gave_up = false;
    if (req->limit < 1)
        return;
    s = search_start(sc, p, req, res);
    s->prefer = prefer;
    s->max_backtracks = max_backtracks;
    built = open != NULL ? build_model_open(s, grid, open, nopen)
                         : build_model(s, grid, s->white_of);
    if (built) {
        search_ready(s);
        if (s->observer != NULL)
            run_observed(s);
        else
            run_quiet(s);
    }
    res->stopped = s->stop;
    res->gave_up = s->gave_up;
    solve_stats_add(&res->stats, &s->stats);
}

/* The search from grid with every empty white cell open. */
static void search_grid(struct solve_scratch *sc, const struct puzzle *p, const uint8_t *grid,
                        const uint8_t *prefer, uint64_t max_backtracks,
                        const struct solve_request *req, struct solve_result *res)
{
    search_grid_open(sc, p, grid, NULL, 0, prefer, max_backtracks, req, res);
}

void kakuro_solve_open(const struct puzzle *p, const uint8_t *grid, const int *open, int nopen,
                       const struct solve_request *req, struct solve_result *res)
{
    struct solve_scratch *own = req->scratch != NULL ? NULL : solve_scratch_new();
    uint8_t *solution = res->solution;

    memset(res, 0, sizeof *res);
    res->solution = solution;
    search_grid_open(own != NULL ? own : req->scratch, p, grid, open, nopen, NULL, 0, req, res);
    solve_scratch_free(own);
}

void kakuro_solve(const struct puzzle *p, const uint8_t *grid,
                  const struct solve_request *req, struct solve_result *res)
{
    struct solve_scratch *own;

    if (req->strategy == SOLVE_PLAIN) {
        solve_plain(p, grid, req, res);
    } else if (req->scratch != NULL) {
        search_grid(req->scratch, p, grid, NULL, 0, req, res);
    } else {
        own = solve_scratch_new();
        search_grid(own, p, grid, NULL, 0, req, res);
        solve_scratch_free(own);
    }
}

/*
 * The smallest solution in reading order, given one solution known.  The cells are
 * fixed in reading order, each to the smallest digit some solution still allows, as
 * puzzle_solve_first does for any kind; what makes it fast on a large board:
 *  - the prefix fixed so far is kept propagated, so a digit propagation refutes costs
 *    no search, and a cell propagation settles costs nothing;
 *  - open cells that share no undecided run are independent, so whether a digit fits
 *    depends only on the cell's part: the search that decides it starts with every
 *    other open cell fixed to the known solution, and searches that part alone.
 * The known solution always agrees with the prefix, so its digit needs no search.  The
 * searches try the known solution's digits first, so one that fits is found at once.
 * Refuting a digit can still take a long search in a large part (minutes on garus
 * 'huge'); each search has a budget of backtracks, and a digit it leaves undecided is
 * passed over, so the solution written is valid and, only then, perhaps not the
 * smallest (the budget counts backtracks, not time, so the result is reproducible).
 * The searches together spend at most the caller's budget: once it is spent, the cells
 * left keep the known solution's digits.
 */

#define PROBE_BACKTRACKS 20000u

enum fit { FIT_NO, FIT_YES, FIT_UNDECIDED };

/* Places digit d in white cell w and propagates; false at a dead end. */
static bool assume(struct search *s, int w, int d)
{
    s->trail[s->ntrail++] = (struct trail_entry){ .cell = (uint16_t)w, .old = s->cand[w] };
    s->cand[w] = (dset)(1u << d);
    s->grid[s->white_cell[w]] = (uint8_t)d;
    enqueue(s, s->runs_of[w][0]);
    enqueue(s, s->runs_of[w][1]);
    return propagate(s, false);
}

/* Whether some solution agreeing with the prefix has digit d in open white cell w; if
 * so it is written to known (FIT_UNDECIDED: the search ran out of budget, its own or, then
 * setting s->gave_up, the whole search's).  The cells of w's part (marked by the current
 * split stamp) are left open, every other open cell takes its digit in known. */
static enum fit digit_fits(struct search *s, struct solve_scratch *probe_scratch, int w, int d,
                           uint8_t *known, uint8_t *probe)
{
    struct solve_request req = { .limit = 1, .budget = solve_budget_left(s->budget, s->stats.nodes) };
    struct solve_result res = { .solution = probe };
    enum fit fits = FIT_NO;
    int mark = s->ntrail;

    if (assume(s, w, d)) {
        for (int v = 0; v < s->nwhite; v++) {
            int cell = s->white_cell[v];

            if (single(s->cand[v]))
                probe[cell] = (uint8_t)lowest_bit(s->cand[v]);
            else
                probe[cell] = s->cell_seen[v] == s->split_stamp ? 0 : known[cell];
        }
        search_grid(probe_scratch, s->p, probe, known, PROBE_BACKTRACKS, &req, &res);
        solve_stats_add(&s->stats, &res.stats);
        if (res.count > 0) {
            fits = FIT_YES;
            memcpy(known, probe, (size_t)s->p->ncells);
        } else if (res.stopped || res.gave_up) {
            fits = FIT_UNDECIDED;
            s->gave_up = s->gave_up || res.gave_up;
        }
    }
    undo_to(s, false, mark);
    return fits;
}

/* Fixes the open cells in reading order (white indices follow it); *proven is cleared
 * when a digit was left undecided.  Once the whole budget is spent, the cells left take
 * their digits in known without a search. */
static bool fix_in_reading_order(struct search *s, struct solve_scratch *probe_scratch,
                                 uint8_t *known, uint8_t *probe, bool *proven)
{
    for (int w = 0; w < s->nwhite; w++) {
        int cell = s->white_cell[w];

        if (single(s->cand[w]))
            continue;
        next_split_stamp(s);
        s->ncells = 0;
        reserve_cells(s, s->nwhite);
        collect_connected(s, w);
        for (dset ds = s->cand[w]; ds != 0 && !s->gave_up; ds &= ds - 1) {
            int d = lowest_bit(ds);
            enum fit fits;

            if (d >= known[cell])
                break;
            fits = digit_fits(s, probe_scratch, w, d, known, probe);
            if (fits == FIT_YES)
                break;
            if (fits == FIT_UNDECIDED)
                *proven = false;
        }
        if (!assume(s, w, known[cell]))
            return false;   /* known was no solution */
    }
    return true;
}

int kakuro_solve_smallest(const struct puzzle *p, const uint8_t *grid, const uint8_t *known,
                          uint8_t *solution, const struct solve_budget *budget,
                          struct solve_stats *stats)
{
    size_t n = (size_t)p->ncells;
    struct solve_request req = { .limit = 1, .budget = *budget };
    struct solve_result res = { 0 };
    /* One scratch for the prefix, one that every probe search reuses. */
    struct solve_scratch *sc = solve_scratch_new(), *probe_scratch = solve_scratch_new();
    struct search *s = search_start(sc, p, &req, &res);
    uint8_t *best = xmalloc(n), *probe = xmalloc(n);
    bool ok = build_model(s, grid, s->white_of) && s->broken_group < 0, proven = true;

    if (ok)
        search_ready(s);
    memcpy(best, known, n);
    /* The cells outside the model keep their digits in every probe. */
    memcpy(probe, s->grid, n);
    if (ok) {
        ok = start_propagation(s, false)
             && fix_in_reading_order(s, probe_scratch, best, probe, &proven);
    }
    if (ok)
        memcpy(solution, s->grid, n);
    free(probe);
    free(best);
    if (stats != NULL)
        solve_stats_add(stats, &s->stats);
    solve_scratch_free(probe_scratch);
    solve_scratch_free(sc);
    if (!ok)
        return SOLVE_NONE;
    return proven ? SOLVE_SEVERAL : SOLVE_SEVERAL_UNORDERED;
}
