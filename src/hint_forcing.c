/* hint_forcing.c: forcing chains: suppose a candidate true (or false), follow the singles
 * (and Kakuro's run sums) that forces, and see where it leads: to a contradiction, or,
 * from each candidate of a cell or each place of a digit in a unit, to the same
 * conclusion. */
#include "config.h"
#include "hint.h"

#include <stdlib.h>
#include <string.h>

#include "hint_kakuro_links.h"
#include "hint_links.h"
#include "i18n.h"
#include "util.h"

/*
 * A branch follows one supposition: a cell that keeps one candidate takes it (naked
 * single), a digit with one place left in a unit goes there (hidden single), and each
 * digit so placed leaves its cell's other candidates and its peers.  The branch ends in a
 * contradiction (a cell with no candidate, a digit with no place in a unit), when no
 * single is left, or after FORCE_MAX_FACTS singles.  Hidden singles and missing places
 * count only in groups that must hold every digit (a Sudoku unit, a Kakuro run of nine
 * cells).  A Kakuro run with a sum is followed through its combinations: once singles
 * are done, a run whose cells lost a candidate keeps in each cell only the digits some
 * combination that fits them gives it (what Kakuro's basic techniques, from the lone
 * square to the combinations, find in one run), and no combination left is a
 * contradiction.  Such a run step is a fact of its own, which the removals it makes
 * point to.  No chain is followed inside a chain: what needs more is left to the trial
 * step.
 *
 * A conclusion rests on some of the singles found, not all: each removed candidate
 * remembers the single that removed it, so walking back from the conclusion gives the
 * singles a reader needs, in the order they were found.  Hints name at most
 * FORCE_MAX_SHOWN of them.  Contradictions are looked for in reading order, and one
 * whose proof is short (FORCE_SHORT_PROOF) is reported at once; the longer ones are kept
 * and reported after the sweep, shortest first.  Waiting for the shortest of all would
 * sweep every supposition each step, which costs too much when rating.
 */
#define FORCE_MAX_FACTS 64
#define FORCE_MAX_SHOWN 24
#define FORCE_SHORT_PROOF 16        /* a contradiction this short is reported at once */
#define FORCE_MAX_BRANCHES 3
#define FORCE_EFFORT 100000L        /* work in one search, in peers looked at (9x9: 50000 at most) */

enum fact_why { WHY_SUPPOSED, WHY_NAKED, WHY_HIDDEN, WHY_RUN };

/* A cell found to hold a digit, and why; or (WHY_RUN, cell -1) a run's sum removing
 * digits from its cells. */
struct fact {
    int cell, digit, group;     /* group: the unit of a hidden single, the run of a run step */
    enum fact_why why;
};

enum ending { END_NONE, END_NO_DIGIT, END_NO_PLACE, END_NO_COMBINATION };

/* A cell a branch changed: the candidates it left there, and the digit it found (or 0). */
struct cell_change {
    int cell;
    digitset cands;
    uint8_t on;
};

/*
 * A branch touches few cells of a large board, so it keeps a list of them: they are what
 * a reset puts back and what its outcome lists, and nothing else is copied.  A cell is
 * touched once it differs from the position: a candidate removed or a digit found.
 */
struct branch {
    digitset *cands;            /* per cell */
    uint8_t *count;             /* per unit and digit: places left */
    uint8_t *on;                /* per cell: the digit found for it, or 0 */
    int16_t *cause;             /* per removed node: the fact that removed it, -1 the supposition */
    struct fact *facts;
    int nfacts, head;
    enum ending end;            /* a contradiction, if any */
    int end_cell, end_group, end_digit;
    uint8_t *needed;            /* per fact: the conclusion rests on it */
    uint8_t *queued;            /* per group: a run with a sum waiting for its run step */
    int *queue, qhead, qtail;   /* those runs, in the order their cells lost candidates */
    int *touched, ntouched;     /* the cells that differ from the position, as first changed */
    struct cell_change *diff;   /* branch_diff: those cells in reading order */
};

struct forcing {
    struct hint_search *s;
    const struct cand_links *l;
    digitset *cands;            /* the position's candidates (0 for filled cells) */
    uint8_t *count;             /* per unit and digit: places in the position */
    uint8_t *every;             /* per group: it must hold every digit (count matters) */
    int nopen;                  /* cells with candidates: at most the cells a branch touches */
    struct branch br[FORCE_MAX_BRANCHES];
    long effort;                /* work done, against FORCE_EFFORT */
};

/*
 * What supposing a candidate true led to, kept in the search for the next technique: in
 * hint_next the contradiction chains follow every supposition, and the cell and unit
 * forcing chains that come next (when no contradiction was found) need the same ones.
 * An outcome is kept as the cells it changed (a branch stops after FORCE_MAX_FACTS
 * singles, so a few dozen cells, on any board).  How many are kept is the number of
 * whole boards (candidates and digits) MEMO_MAX_BYTES would hold, as when outcomes were
 * kept whole: which suppositions are recalled decides the effort spent, so the hints found
 * within FORCE_EFFORT stay the same.
 */
#define MEMO_MAX_BYTES (1u << 20)

/* The cells an outcome changed: changes[start .. start + n). */
struct memo_outcome {
    size_t start;
    int n;
    bool refuted;               /* it ran into a contradiction */
};

struct forcing_memo {
    int *slot;                  /* per node: its outcome, or -1 */
    struct memo_outcome *out;
    int n, max;                 /* outcomes kept, and room for at most max */
    size_t out_cap;
    struct cell_change *changes;
    size_t nchanges, changes_cap;
};

/* What a branch left, as the cells it changed in reading order: a view into the memo or
 * into a branch.  A cell not listed keeps the position's candidates. */
struct outcome {
    const struct cell_change *cells;
    int n;
    bool refuted;
};

static struct forcing_memo *memo_new(const struct cand_links *l)
{
    struct forcing_memo *m = xcalloc(1, sizeof *m);
    size_t per = (size_t)l->p->ncells * (sizeof(digitset) + 1);     /* a whole board */

    m->slot = xmalloc((size_t)l->nnodes * sizeof *m->slot);
    for (int i = 0; i < l->nnodes; i++)
        m->slot[i] = -1;
    m->max = (int)(MEMO_MAX_BYTES / per);
    if (m->max > l->nnodes)
        m->max = l->nnodes;
    return m;
}

void forcing_memo_free(struct forcing_memo *m)
{
    if (m == NULL)
        return;
    free(m->slot);
    free(m->out);
    free(m->changes);
    free(m);
}

static bool memo_get(const struct forcing_memo *m, int node, struct outcome *o)
{
    int k = m->slot[node];

    if (k < 0)
        return false;
    *o = (struct outcome){ m->changes + m->out[k].start, m->out[k].n, m->out[k].refuted };
    return true;
}

/* --- Following a supposition --- */

/* A branch in the position's state (f->cands, f->count). */
static void branch_alloc(struct branch *b, const struct forcing *f)
{
    const struct puzzle *p = f->l->p;
    size_t ncells = (size_t)p->ncells, open = (size_t)f->nopen;

    b->cands = xmalloc(ncells * sizeof *b->cands);
    memcpy(b->cands, f->cands, ncells * sizeof *b->cands);
    b->count = xmalloc((size_t)p->ngroups * (size_t)f->l->stride);
    memcpy(b->count, f->count, (size_t)p->ngroups * (size_t)f->l->stride);
    b->on = xcalloc(ncells, 1);
    b->cause = xmalloc((size_t)f->l->nnodes * sizeof *b->cause);
    /* Placements (one per open cell, and the supposition) and run steps (one per step). */
    b->facts = xmalloc((open + FORCE_MAX_FACTS + 2) * sizeof *b->facts);
    b->needed = xmalloc(open + FORCE_MAX_FACTS + 2);
    b->queued = xcalloc((size_t)p->ngroups, 1);
    b->queue = xmalloc((size_t)p->ngroups * sizeof *b->queue);
    b->qhead = b->qtail = 0;
    b->touched = xmalloc((open + 1) * sizeof *b->touched);
    b->diff = xmalloc((open + 1) * sizeof *b->diff);
    b->ntouched = 0;
}

static void branch_free(struct branch *b)
{
    free(b->cands);
    free(b->count);
    free(b->on);
    free(b->cause);
    free(b->facts);
    free(b->needed);
    free(b->queued);
    free(b->queue);
    free(b->touched);
    free(b->diff);
}

static void forcing_init(struct forcing *f, struct hint_search *s)
{
    const struct puzzle *p = s->pos->p;
    const struct cand_links *l = links_get(s);

    f->s = s;
    f->l = l;
    f->effort = 0;
    if (s->chains->memo == NULL)
        s->chains->memo = memo_new(l);
    f->cands = xmalloc((size_t)p->ncells * sizeof *f->cands);
    f->count = xcalloc((size_t)p->ngroups * (size_t)l->stride, 1);
    f->every = xmalloc((size_t)p->ngroups);
    for (int g = 0; g < p->ngroups; g++)
        f->every[g] = p->groups[g].ncells == p->max_digit;
    f->nopen = 0;
    for (int cell = 0; cell < p->ncells; cell++) {
        f->cands[cell] = p->block[cell] || s->pos->grid[cell] ? 0 : s->pos->cands[cell];
        f->nopen += f->cands[cell] != 0;
        for (int k = 0; k < LINKS_MAX_UNITS; k++)
            for (digitset c = f->cands[cell]; c && l->unit[cell][k] >= 0; c &= c - 1)
                f->count[l->unit[cell][k] * l->stride + lowest_bit(c)]++;
    }
    for (int i = 0; i < FORCE_MAX_BRANCHES; i++)
        branch_alloc(&f->br[i], f);
}

static void forcing_free(struct forcing *f)
{
    for (int i = 0; i < FORCE_MAX_BRANCHES; i++)
        branch_free(&f->br[i]);
    free(f->cands);
    free(f->count);
    free(f->every);
}

/* Puts the cells the branch touched, and their units' counts, back as in the position. */
static void branch_reset(struct forcing *f, struct branch *b)
{
    const struct cand_links *l = f->l;
    const struct puzzle *p = l->p;

    /* Charged as the whole copy it once was: the effort decides where a search stops. */
    f->effort += p->ncells / 4;
    for (int i = 0; i < b->ntouched; i++) {
        int cell = b->touched[i];
        b->cands[cell] = f->cands[cell];
        b->on[cell] = 0;
        for (int k = 0; k < LINKS_MAX_UNITS; k++)
            if (l->unit[cell][k] >= 0)
                memcpy(b->count + l->unit[cell][k] * l->stride, f->count + l->unit[cell][k] * l->stride,
                       (size_t)l->stride);
    }
    b->ntouched = 0;
    b->nfacts = b->head = 0;
    b->end = END_NONE;
    while (b->qhead < b->qtail)
        b->queued[b->queue[b->qhead++ % p->ngroups]] = 0;
    b->qhead = b->qtail = 0;
}

/* Notes the cell as touched before its first change. */
static void touch(const struct forcing *f, struct branch *b, int cell)
{
    if (b->on[cell] == 0 && b->cands[cell] == f->cands[cell])
        b->touched[b->ntouched++] = cell;
}

static void add_fact(const struct forcing *f, struct branch *b, int cell, int digit, enum fact_why why,
                     int group)
{
    touch(f, b, cell);
    b->on[cell] = (uint8_t)digit;
    b->facts[b->nfacts++] = (struct fact){ cell, digit, group, why };
}

static void contradiction(struct branch *b, enum ending end, int cell, int group, int digit)
{
    b->end = end;
    b->end_cell = cell;
    b->end_group = group;
    b->end_digit = digit;
}

/* The cell of unit g that still has d (there is one). */
static int last_place(const struct forcing *f, const struct branch *b, int g, int d)
{
    const struct puzzle_group *grp = &f->l->p->groups[g];

    for (int i = 0; i < grp->ncells; i++)
        if (b->cands[grp->cells[i]] & (1u << d))
            return grp->cells[i];
    return -1;
}

/* Removes d from the cell, and notes the singles and contradictions that makes. */
static void remove_cand(const struct forcing *f, struct branch *b, int cell, int d, int cause)
{
    const struct cand_links *l = f->l;

    if (b->end != END_NONE || !(b->cands[cell] & (1u << d)))
        return;
    touch(f, b, cell);
    b->cands[cell] &= ~(1u << d);
    b->cause[links_node(l, cell, d)] = (int16_t)cause;
    if (b->cands[cell] == 0) {
        contradiction(b, END_NO_DIGIT, cell, -1, d);
        return;
    }
    if ((b->cands[cell] & (b->cands[cell] - 1)) == 0 && !b->on[cell])
        add_fact(f, b, cell, lowest_bit(b->cands[cell]), WHY_NAKED, -1);
    for (int k = 0; k < LINKS_MAX_UNITS; k++) {
        int g = l->unit[cell][k], left, z;
        if (g < 0)
            continue;
        left = --b->count[g * l->stride + d];
        if (!f->every[g]) {
            if (puzzle_group_has_sum(&l->p->groups[g]) && !b->queued[g]) {
                b->queued[g] = 1;
                b->queue[b->qtail++ % l->p->ngroups] = g;
            }
            continue;
        }
        if (left == 0) {
            contradiction(b, END_NO_PLACE, -1, g, d);
            return;
        }
        if (left == 1 && (z = last_place(f, b, g, d)) >= 0 && !b->on[z])
            add_fact(f, b, z, d, WHY_HIDDEN, g);
    }
}

/* The fact's digit leaves its cell's other candidates and its peers. */
static void apply_fact(const struct forcing *f, struct branch *b, int i)
{
    const struct cand_links *l = f->l;
    int cell = b->facts[i].cell, d = b->facts[i].digit;

    if (!(b->cands[cell] & (1u << d)))
        return;     /* already refuted: the contradiction is on record */
    for (digitset c = b->cands[cell] & ~(1u << d); c; c &= c - 1)
        remove_cand(f, b, cell, lowest_bit(c), i);
    for (int k = l->peer_start[cell]; k < l->peer_start[cell + 1]; k++)
        if (b->cands[l->peers[k]] & (1u << d))
            remove_cand(f, b, l->peers[k], d, i);
}

/* Run g's sum, with what its cells can still take: each cell keeps the digits some
 * fitting combination gives it.  The step is the fact at index head, kept only if it
 * removed something. */
static void run_step(struct forcing *f, struct branch *b, int g)
{
    const struct puzzle *p = f->l->p;
    const struct puzzle_group *grp = &p->groups[g];
    digitset allowed[KAKURO_GROUP_MAX];
    int i = b->nfacts;
    bool removed = false;

    f->effort += 4 * grp->ncells;
    if (kakuro_fit_group(p, g, f->s->pos->grid, b->cands, allowed, NULL) == 0) {
        b->facts[b->nfacts++] = (struct fact){ -1, 0, g, WHY_RUN };
        b->head++;
        contradiction(b, END_NO_COMBINATION, -1, g, 0);
        return;
    }
    b->facts[b->nfacts++] = (struct fact){ -1, 0, g, WHY_RUN };
    b->head++;
    for (int k = 0; k < grp->ncells && b->end == END_NONE; k++) {
        int cell = grp->cells[k];
        for (digitset c = b->cands[cell] & ~allowed[k]; c && b->end == END_NONE; c &= c - 1) {
            remove_cand(f, b, cell, lowest_bit(c), i);
            removed = true;
        }
    }
    if (!removed) {
        b->nfacts--;        /* nothing new: no step to name */
        b->head--;
    }
}

/* Follows the singles of a branch, then its runs' sums; true if it ended (a contradiction
 * or nothing left), false if stopped at the limit. */
static bool branch_run(struct forcing *f, struct branch *b, int limit)
{
    const struct cand_links *l = f->l;

    while (b->end == END_NONE) {
        if (b->head < b->nfacts) {
            int cell = b->facts[b->head].cell;
            if (b->head >= limit)
                return false;
            f->effort += l->peer_start[cell + 1] - l->peer_start[cell];    /* peers looked at */
            apply_fact(f, b, b->head++);
        } else if (b->qhead < b->qtail) {
            int g;
            if (b->head >= limit)
                return false;
            g = b->queue[b->qhead++ % l->p->ngroups];
            b->queued[g] = 0;
            run_step(f, b, g);
        } else {
            break;
        }
    }
    return true;
}

/* Supposes the cell holds d (on) or not; follows it up to limit singles. */
static bool branch_suppose(struct forcing *f, struct branch *b, int cell, int d, bool on, int limit)
{
    branch_reset(f, b);
    if (on)
        add_fact(f, b, cell, d, WHY_SUPPOSED, -1);
    else
        remove_cand(f, b, cell, d, -1);
    return branch_run(f, b, limit);
}

static int compare_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;

    return (x > y) - (x < y);
}

/* What the branch left, as the cells it changed in reading order (into b->diff). */
static struct outcome branch_outcome(struct branch *b)
{
    qsort(b->touched, (size_t)b->ntouched, sizeof *b->touched, compare_int);
    for (int i = 0; i < b->ntouched; i++) {
        int cell = b->touched[i];
        b->diff[i] = (struct cell_change){ cell, b->cands[cell], b->on[cell] };
    }
    return (struct outcome){ b->diff, b->ntouched, b->end != END_NONE };
}

/* Keeps what supposing the node true led to (b followed it to FORCE_MAX_FACTS). */
static void memo_put(struct forcing *f, int node, struct branch *b)
{
    struct forcing_memo *m = f->s->chains->memo;
    struct outcome o;

    if (m->slot[node] >= 0 || m->n >= m->max)
        return;
    o = branch_outcome(b);
    m->out = xgrow(m->out, &m->out_cap, (size_t)m->n + 1, sizeof *m->out);
    m->changes = xgrow(m->changes, &m->changes_cap, m->nchanges + (size_t)o.n, sizeof *m->changes);
    memcpy(m->changes + m->nchanges, o.cells, (size_t)o.n * sizeof *o.cells);
    m->out[m->n] = (struct memo_outcome){ m->nchanges, o.n, o.refuted };
    m->nchanges += (size_t)o.n;
    m->slot[node] = m->n++;
}

/* --- What a conclusion rests on --- */

static void need_node(const struct forcing *f, struct branch *b, int cell, int d)
{
    int cause = b->cause[links_node(f->l, cell, d)];

    if (cause >= 0)
        b->needed[cause] = 1;
}

/* Every removal of a candidate the cell had in the position. */
static void need_cell(const struct forcing *f, struct branch *b, int cell, digitset except)
{
    for (digitset c = f->cands[cell] & ~except; c; c &= c - 1)
        need_node(f, b, cell, lowest_bit(c));
}

/* Every removal of d from the other places it had in unit g. */
static void need_unit(const struct forcing *f, struct branch *b, int g, int d, int except)
{
    const struct puzzle_group *grp = &f->l->p->groups[g];

    for (int i = 0; i < grp->ncells; i++) {
        int c = grp->cells[i];
        if (c != except && (f->cands[c] & (1u << d)))
            need_node(f, b, c, d);
    }
}

/* Every removal from run g's cells made before fact i (all of them: i = nfacts): what
 * its sum was fitted to. */
static void need_run(const struct forcing *f, struct branch *b, int g, int i)
{
    const struct puzzle_group *grp = &f->l->p->groups[g];

    for (int k = 0; k < grp->ncells; k++) {
        int c = grp->cells[k];
        for (digitset r = f->cands[c] & ~b->cands[c]; r; r &= r - 1) {
            int cause = b->cause[links_node(f->l, c, lowest_bit(r))];
            if (cause >= 0 && cause < i)
                b->needed[cause] = 1;
        }
    }
}

/* With the conclusion's own needs marked, marks what they rest on in turn (a fact only
 * rests on earlier ones); returns how many facts are needed. */
static int need_close(const struct forcing *f, struct branch *b)
{
    int n = 0;

    for (int i = b->nfacts - 1; i >= 0; i--) {
        const struct fact *fa = &b->facts[i];
        if (!b->needed[i])
            continue;
        n++;
        if (fa->why == WHY_NAKED)
            need_cell(f, b, fa->cell, 1u << fa->digit);
        else if (fa->why == WHY_HIDDEN)
            need_unit(f, b, fa->group, fa->digit, fa->cell);
        else if (fa->why == WHY_RUN)
            need_run(f, b, fa->group, i);
    }
    return n;
}

static void need_clear(struct branch *b)
{
    memset(b->needed, 0, (size_t)b->nfacts);
}

/* The facts the branch's contradiction rests on; their count. */
static int need_contradiction(const struct forcing *f, struct branch *b)
{
    need_clear(b);
    if (b->end == END_NO_DIGIT)
        need_cell(f, b, b->end_cell, 0);
    else if (b->end == END_NO_COMBINATION)
        need_run(f, b, b->end_group, b->nfacts - 1);
    else
        need_unit(f, b, b->end_group, b->end_digit, -1);
    return need_close(f, b);
}

/* The facts that make the cell d (on) or remove d from it; their count. */
static int need_conclusion(const struct forcing *f, struct branch *b, int cell, int d, bool on)
{
    need_clear(b);
    if (on) {
        for (int i = 0; i < b->nfacts; i++)
            if (b->facts[i].cell == cell)
                b->needed[i] = 1;
    } else {
        need_node(f, b, cell, d);
    }
    return need_close(f, b);
}

/* --- How long a proof is --- */

/* A candidate supposed true (on) or false. */
struct supposition {
    int cell, digit;
    bool on;
};


/* Counts the candidate (cell, d) once: 1 the first time, 0 after. */
static int count_node(const struct forcing *f, uint8_t *seen, int cell, int d)
{
    int node = links_node(f->l, cell, d);

    if (seen[node])
        return 0;
    seen[node] = 1;
    return 1;
}

/* The candidates removed from run g's cells, each once. */
static int count_run(const struct forcing *f, const struct branch *b, uint8_t *seen, int g)
{
    const struct puzzle_group *grp = &f->l->p->groups[g];
    int n = 0;

    for (int k = 0; k < grp->ncells; k++)
        for (digitset r = f->cands[grp->cells[k]] & ~b->cands[grp->cells[k]]; r; r &= r - 1)
            n += count_node(f, seen, grp->cells[k], lowest_bit(r));
    return n;
}

/* The candidates cell keeps in the position but digit (none: -1), or d's places in unit
 * g but cell (none: -1), each once. */
static int count_cell(const struct forcing *f, uint8_t *seen, int cell, int except)
{
    int n = 0;

    for (digitset c = f->cands[cell]; c; c &= c - 1)
        if (lowest_bit(c) != except)
            n += count_node(f, seen, cell, lowest_bit(c));
    return n;
}

static int count_unit(const struct forcing *f, uint8_t *seen, int g, int d, int except)
{
    const struct puzzle_group *grp = &f->l->p->groups[g];
    int n = 0;

    for (int i = 0; i < grp->ncells; i++)
        if (grp->cells[i] != except && (f->cands[grp->cells[i]] & (1u << d)))
            n += count_node(f, seen, grp->cells[i], d);
    return n;
}

/* The candidates the needed facts of b go through, each once (seen): the one supposed,
 * each needed single's digit and the candidates whose removal made it. */
static int needed_nodes(const struct forcing *f, const struct branch *b, uint8_t *seen,
                        const struct supposition *sp)
{
    int n = count_node(f, seen, sp->cell, sp->digit);

    for (int i = 0; i < b->nfacts; i++) {
        const struct fact *fa = &b->facts[i];

        if (!b->needed[i])
            continue;
        if (fa->why == WHY_RUN) {
            n += count_run(f, b, seen, fa->group);
            continue;
        }
        n += count_node(f, seen, fa->cell, fa->digit);
        if (fa->why == WHY_NAKED)
            n += count_cell(f, seen, fa->cell, fa->digit);
        else if (fa->why == WHY_HIDDEN)
            n += count_unit(f, seen, fa->group, fa->digit, fa->cell);
    }
    return n;
}

/* The candidates a contradiction's proof goes through, each once: the one supposed,
 * each needed single's digit and the candidates whose removal made it, and those whose
 * removal is the contradiction (the singles alone, as the hint shows them, are a third to
 * a half of them). */
static int proof_nodes(const struct forcing *f, const struct branch *b, const struct supposition *sp)
{
    uint8_t *seen = xcalloc((size_t)f->l->nnodes, 1);
    int n = needed_nodes(f, b, seen, sp);

    if (b->end == END_NO_DIGIT)
        n += count_cell(f, seen, b->end_cell, -1);
    else if (b->end == END_NO_COMBINATION)
        n += count_run(f, b, seen, b->end_group);
    else
        n += count_unit(f, seen, b->end_group, b->end_digit, -1);
    free(seen);
    return n;
}

/* The ending's candidates in the position: the cell's candidates, or d's places in the
 * unit (one that must hold every digit), as cells and digits into cell and digit (room
 * for PUZZLE_MAX_DIGIT); how many. */
static int ending_nodes(const struct forcing *f, const struct branch *b, int *cell, int *digit)
{
    const struct puzzle_group *grp;
    int n = 0;

    if (b->end == END_NO_DIGIT) {
        for (digitset c = f->cands[b->end_cell]; c && n < PUZZLE_MAX_DIGIT; c &= c - 1) {
            cell[n] = b->end_cell;
            digit[n++] = lowest_bit(c);
        }
        return n;
    }
    grp = &f->l->p->groups[b->end_group];
    for (int i = 0; i < grp->ncells && n < PUZZLE_MAX_DIGIT; i++)
        if (f->cands[grp->cells[i]] & (1u << b->end_digit)) {
            cell[n] = grp->cells[i];
            digit[n++] = b->end_digit;
        }
    return n;
}

/* The candidates one side of a contradiction rests on, each once: what need_close marks
 * from the removals need_node was given, with the supposition, and the nodes given. */
static int side_nodes(const struct forcing *f, struct branch *b, const struct supposition *sp,
                      const int *cell, const int *digit, int n)
{
    uint8_t *seen = xcalloc((size_t)f->l->nnodes, 1);
    int count;

    need_clear(b);
    for (int i = 0; i < n; i++)
        need_node(f, b, cell[i], digit[i]);
    need_close(f, b);
    count = needed_nodes(f, b, seen, sp);
    for (int i = 0; i < n; i++)
        count += count_node(f, seen, cell[i], digit[i]);
    free(seen);
    return count;
}

/* A contradiction's length as SE counts it: SE sees the last candidate of the cell (or
 * the last place of the digit in the unit) both on, as the single the other removals
 * make, and off, as the removal that came last, and adds the candidates each of the two
 * rests on, counted apart (BinaryChainingHint: the ancestors of both), less two.  The
 * needs of b are those of its contradiction again afterwards. */
static int se_contradiction_length(const struct forcing *f, struct branch *b, const struct supposition *sp)
{
    int cell[PUZZLE_MAX_DIGIT], digit[PUZZLE_MAX_DIGIT], n, last = 0, length;

    if (b->end == END_NO_COMBINATION || (n = ending_nodes(f, b, cell, digit)) == 0)
        return proof_nodes(f, b, sp);
    for (int i = 1; i < n; i++)
        if (b->cause[links_node(f->l, cell[i], digit[i])] > b->cause[links_node(f->l, cell[last], digit[last])])
            last = i;
    length = side_nodes(f, b, sp, &cell[last], &digit[last], 1) - 2;
    cell[last] = cell[n - 1];
    digit[last] = digit[n - 1];
    length += side_nodes(f, b, sp, cell, digit, n - 1) + 1;
    need_contradiction(f, b);
    return length;
}

/* --- Saying it --- */

/* "r4c2 = 5 (the only place for 5 in row 4)" */
static void add_fact_words(struct hint *h, struct hint_buf *out, const struct fact *fa)
{
    enum hint_fact_why why = fa->why == WHY_NAKED ? HINT_FACT_NAKED
                           : fa->why == WHY_HIDDEN ? HINT_FACT_HIDDEN : HINT_FACT_PLAIN;

    hint_buf_add_fact(h, out, why, fa->cell, fa->digit, fa->group);
}

/* The candidates of a cell of a run step's run just after step i: what it has now, and
 * what later facts removed. */
static digitset cands_after(const struct forcing *f, const struct branch *b, int cell, int i)
{
    digitset left = b->cands[cell];

    for (digitset r = f->cands[cell] & ~b->cands[cell]; r; r &= r - 1)
        if (b->cause[links_node(f->l, cell, lowest_bit(r))] > i)
            left |= 1u << lowest_bit(r);
    return left;
}

/* "the down run r2c7-r4c7 (19) leaves r4c7 only 7, r3c7 only 1 or 2" (the cells it took
 * digits from, which join the hint) */
static void add_run_step(struct hint *h, struct hint_buf *out, const struct forcing *f,
                         const struct branch *b, int i)
{
    const struct puzzle_group *grp = &f->l->p->groups[b->facts[i].group];
    struct hint_buf left_words = HINT_BUF_INIT;

    hint_add_group(h, b->facts[i].group);
    for (int k = 0; k < grp->ncells; k++) {
        int c = grp->cells[k];
        bool took = false;
        digitset left;
        for (digitset r = f->cands[c] & ~b->cands[c]; r && !took; r &= r - 1)
            took = b->cause[links_node(f->l, c, lowest_bit(r))] == i;
        if (!took || (left = cands_after(f, b, c, i)) == 0)
            continue;
        hint_add_cell(h, c);
        if (!h->quiet)
            /* TRANSLATORS: what a run leaves a cell: "r3c7 only 1 or 2". */
            hint_buf_add(&left_words, "%s%s", left_words.len > 0 ? _(", ") : "",
                         hint_words(h, _("%1$s only %2$s"), hint_cell(h, c), hint_digits(h, left, HINT_OR)));
    }
    if (h->quiet)
        return;
    if (left_words.len > 0)
        /* TRANSLATORS: %1$s is a run, %2$s what it leaves its cells. */
        hint_buf_add(out, _("%1$s leaves %2$s"), hint_group(h, b->facts[i].group), left_words.s);
    else
        hint_buf_add(out, _("%s leaves no digit to some cell"), hint_group(h, b->facts[i].group));
}

/* The needed facts in order, as a list; the cells go into the hint, in that order. */
static void add_needed(struct hint *h, struct hint_buf *out, const struct forcing *f,
                       const struct branch *b)
{
    for (int i = 0; i < b->nfacts; i++) {
        if (!b->needed[i] || b->facts[i].why == WHY_SUPPOSED)
            continue;
        if (!h->quiet && out->len > 0)
            hint_buf_add(out, "%s", _(", "));
        if (b->facts[i].why == WHY_RUN) {
            add_run_step(h, out, f, b, i);
            continue;
        }
        hint_add_cell(h, b->facts[i].cell);
        h->digits |= 1u << b->facts[i].digit;
        add_fact_words(h, out, &b->facts[i]);
    }
}

static bool any_needed(const struct branch *b)
{
    for (int i = 0; i < b->nfacts; i++)
        if (b->needed[i] && b->facts[i].why != WHY_SUPPOSED)
            return true;
    return false;
}

/* "no combination of the across run r4c7-r4c8 (sum 8) would fit its cells (r4c7 1 or 6,
 * r4c8 1 or 7)" */
static const char *run_left_words(const struct hint *h, const struct branch *b, int g)
{
    const struct puzzle_group *grp = &h->puzzle->groups[g];
    struct hint_buf cells = HINT_BUF_INIT;

    if (h->quiet)
        return "";
    for (int k = 0; k < grp->ncells; k++) {
        int c = grp->cells[k];
        if (b->cands[c] == 0)
            continue;       /* filled in the position */
        hint_buf_add(&cells, "%s%s", cells.len > 0 ? _(", ") : "",
                     hint_words(h, _("%1$s %2$s"), hint_cell(h, c), hint_digits(h, b->cands[c], HINT_OR)));
    }
    if (cells.len > 0)
        /* TRANSLATORS: %1$s is a run, %2$s its cells with their candidates. */
        return hint_words(h, _("no combination of %1$s would fit its cells (%2$s)"), hint_group(h, g), cells.s);
    return hint_words(h, _("no combination of %s would fit its cells"), hint_group(h, g));
}

/* How the branch ends: the contradiction (its cell or unit joins the hint). */
static const char *ending_words(struct hint *h, const struct branch *b)
{
    if (b->end == END_NO_DIGIT) {
        hint_add_cell(h, b->end_cell);
        return h->quiet ? "" : hint_words(h, _("%s would have no digit left"), hint_cell(h, b->end_cell));
    }
    if (b->end == END_NO_COMBINATION) {
        hint_add_group(h, b->end_group);
        return run_left_words(h, b, b->end_group);
    }
    if (h->quiet)
        return "";
    /* TRANSLATORS: %1$c is a digit, %2$s a unit. */
    return hint_words(h, _("%1$c would have no place left in %2$s"), hint_digit_symbol(b->end_digit),
                      hint_group(h, b->end_group));
}

/* The needed facts of a supposition of (cell, d) into needed (the cell joins the hint);
 * false if there are none (the branch's outcome follows from the supposition alone). */
static bool supposition_facts(struct hint *h, struct hint_buf *needed, const struct forcing *f,
                              const struct branch *b, int cell, int d)
{
    hint_add_cell(h, cell);
    h->digits |= 1u << d;
    if (!any_needed(b))
        return false;
    add_needed(h, needed, f, b);
    return true;
}

/* Where to look: the units of the cell a chain starts from. */
static void add_cell_units(struct hint *h, const struct forcing *f, int cell)
{
    for (int k = 0; k < LINKS_MAX_UNITS; k++)
        if (f->l->unit[cell][k] >= 0)
            hint_add_group(h, f->l->unit[cell][k]);
}

/* --- Contradiction chains --- */

/* Reports the contradiction br[0] has just run into, with its needs marked. */
static bool contradiction_emit(struct forcing *f, const struct supposition *sp)
{
    struct branch *b = &f->br[0];
    struct hint h;

    hint_begin(f->s, &h);
    add_cell_units(&h, f, sp->cell);
    if (sp->on)
        hint_add_elim(f->s, &h, sp->cell, sp->digit);
    else
        hint_add_place(&h, sp->cell, sp->digit);
    struct hint_buf needed = HINT_BUF_INIT;
    bool facts = supposition_facts(&h, &needed, f, b, sp->cell, sp->digit);
    h.length = se_contradiction_length(f, b, sp);
    const char *ending = ending_words(&h, b), *cell = hint_cell(&h, sp->cell);
    char d = hint_digit_symbol(sp->digit);
    /* TRANSLATORS: %1$s is a cell, %2$c a digit, %3$s the facts that follow from the
     * supposition, %4$s the contradiction they end in. */
    if (facts)
        hint_say(&h, sp->on ? _("If %1$s were %2$c, then %3$s, and %4$s; so %1$s is not %2$c.")
                            : _("If %1$s were not %2$c, then %3$s, and %4$s; so %1$s is %2$c."),
                 cell, d, needed.s, ending);
    else
        /* TRANSLATORS: %1$s is a cell, %2$c a digit, %3$s the contradiction. */
        hint_say(&h, sp->on ? _("If %1$s were %2$c, %3$s; so %1$s is not %2$c.")
                            : _("If %1$s were not %2$c, %3$s; so %1$s is %2$c."),
                 cell, d, ending);
    return hint_emit(f->s, &h);
}

/* The next supposition worth following (hint.h): each candidate true, cells with fewer
 * candidates first (refuting one of a two-digit cell's digits places the other); then
 * each false where its cell has more than two (false in a two-digit cell is the other
 * digit true).  Walked one by one, so no list of them is kept. */
bool hint_next_supposition(const struct hint_position *pos, struct hint_sweep *w, int *cell, int *digit,
                           bool *on)
{
    const struct puzzle *p = pos->p;

    while (w->left == 0) {
        int size;
        if (++w->cell == p->ncells) {
            w->cell = 0;
            if (++w->k > p->max_digit + 1)
                return false;
        }
        size = p->block[w->cell] || pos->grid[w->cell] ? 0 : popcount32(pos->cands[w->cell]);
        if (w->k <= p->max_digit ? size == w->k : size > 2)
            w->left = pos->cands[w->cell];
    }
    *cell = w->cell;
    *digit = lowest_bit(w->left);
    *on = w->k <= p->max_digit;
    w->left &= w->left - 1;
    return true;
}

/* A contradiction found, how many singles its proof names, and its place in the sweep. */
struct refuted {
    struct supposition sp;
    int size, order;
};

static int compare_refuted(const void *a, const void *b)
{
    const struct refuted *x = a, *y = b;

    return x->size != y->size ? x->size - y->size : x->order - y->order;
}

void hint_find_contradiction_chain(struct hint_search *s)
{
    struct forcing f;
    struct hint_sweep w = HINT_SWEEP_START;
    struct supposition sp;
    struct refuted *found = NULL;
    size_t nfound = 0, cap = 0;
    bool more = true;

    forcing_init(&f, s);
    for (int i = 0; more && f.effort < FORCE_EFFORT && hint_next_supposition(s->pos, &w, &sp.cell, &sp.digit, &sp.on); i++) {
        struct branch *b = &f.br[0];
        int size, node = links_node(f.l, sp.cell, sp.digit);
        struct outcome o;
        if (sp.on && memo_get(s->chains->memo, node, &o) && !o.refuted)
            continue;
        branch_suppose(&f, b, sp.cell, sp.digit, sp.on, FORCE_MAX_FACTS);
        if (sp.on)
            memo_put(&f, node, b);
        if (b->end == END_NONE || (size = need_contradiction(&f, b)) > FORCE_MAX_SHOWN)
            continue;
        if (size <= FORCE_SHORT_PROOF) {
            more = contradiction_emit(&f, &sp);
        } else {
            found = xgrow(found, &cap, nfound + 1, sizeof *found);
            found[nfound++] = (struct refuted){ sp, size, i };
        }
    }
    if (nfound > 0)
        qsort(found, nfound, sizeof *found, compare_refuted);
    for (size_t i = 0; i < nfound && more; i++) {
        struct branch *b = &f.br[0];
        branch_suppose(&f, b, found[i].sp.cell, found[i].sp.digit, found[i].sp.on, FORCE_MAX_FACTS);
        need_contradiction(&f, b);
        more = contradiction_emit(&f, &found[i].sp);
    }
    free(found);
    forcing_free(&f);
}

/* --- Cell and unit forcing chains --- */

/* The branches of one forcing set: a cell's candidates or a digit's places in a unit. */
struct forcing_set {
    int n;
    int cell[FORCE_MAX_BRANCHES], digit[FORCE_MAX_BRANCHES];
    int group;                  /* unit forcing: the unit; -1 for a cell */
};

struct conclusion {
    int cell, digit, size;
    bool place;
};

/* Follows every branch of the set (or recalls them) into o; false if one refutes itself
 * (a contradiction chain's business).  The views are taken once all are kept, as keeping
 * one may move the others. */
static bool set_outcomes(struct forcing *f, const struct forcing_set *fs, struct outcome *o)
{
    for (int i = 0; i < fs->n; i++) {
        int node = links_node(f->l, fs->cell[i], fs->digit[i]);
        if (!memo_get(f->s->chains->memo, node, &o[i])) {
            branch_suppose(f, &f->br[i], fs->cell[i], fs->digit[i], true, FORCE_MAX_FACTS);
            memo_put(f, node, &f->br[i]);
        }
    }
    for (int i = 0; i < fs->n; i++) {
        if (!memo_get(f->s->chains->memo, links_node(f->l, fs->cell[i], fs->digit[i]), &o[i]))
            o[i] = branch_outcome(&f->br[i]);
        if (o[i].refuted)
            return false;
    }
    return true;
}

/* Follows every branch of the set into f->br, to explain a conclusion. */
static void set_run(struct forcing *f, const struct forcing_set *fs)
{
    for (int i = 0; i < fs->n; i++)
        branch_suppose(f, &f->br[i], fs->cell[i], fs->digit[i], true, FORCE_MAX_FACTS);
}

/* The cost of proving a conclusion in every branch of f->br, or -1 if too long to show. */
static int conclusion_size(struct forcing *f, const struct forcing_set *fs, int cell, int d, bool place)
{
    int total = 0;

    for (int i = 0; i < fs->n; i++)
        total += need_conclusion(f, &f->br[i], cell, d, place);
    return total <= FORCE_MAX_SHOWN ? total : -1;
}

/* Walks the cells every branch of a set changed, in reading order: where each outcome
 * stands in its list. */
struct agreement {
    int at[FORCE_MAX_BRANCHES];
};

/* What outcome o left in cell, asked in increasing order of cells (*at follows them). */
static struct cell_change outcome_cell(const struct forcing *f, const struct outcome *o, int *at, int cell)
{
    while (*at < o->n && o->cells[*at].cell < cell)
        (*at)++;
    if (*at < o->n && o->cells[*at].cell == cell)
        return o->cells[*at];
    return (struct cell_change){ cell, f->cands[cell], 0 };
}

/* The next cell, in reading order, where every branch agrees on something: the candidates
 * all remove (*removed) and the digit all place (*placed, 0 if none); false when there is
 * none left.  Only a cell the first branch changed can be one. */
static bool next_agreed(const struct forcing *f, const struct forcing_set *fs, const struct outcome *o,
                        struct agreement *it, int *cell, digitset *removed, int *placed)
{
    while (it->at[0] < o[0].n) {
        struct cell_change first = o[0].cells[it->at[0]++];
        int c = first.cell, d = first.on;
        digitset gone = f->cands[c];

        if ((f->cands[c] & (f->cands[c] - 1)) == 0)
            d = 0;      /* a cell with one candidate left is no news */
        for (int i = 0; i < fs->n; i++) {
            struct cell_change x = i == 0 ? first : outcome_cell(f, &o[i], &it->at[i], c);
            gone &= ~x.cands;
            if (x.on != d || !(x.cands & (1u << d)))
                d = 0;
        }
        if (d != 0 || gone != 0) {
            *cell = c;
            *removed = gone;
            *placed = d;
            return true;
        }
    }
    return false;
}

/* The best conclusion every branch agrees on: a digit placed, else a candidate removed,
 * the shortest proof first.  false if there is none. */
static bool set_conclusion(struct forcing *f, const struct forcing_set *fs, const struct outcome *o,
                           struct conclusion *best)
{
    struct agreement it = { { 0 } };
    bool explained = false;
    int cell, d, size;
    digitset removed;

    *best = (struct conclusion){ .size = -1, .place = false };
    while (next_agreed(f, fs, o, &it, &cell, &removed, &d)) {
        if (!explained) {
            set_run(f, fs);     /* the branches again, with what each fact rests on */
            explained = true;
        }
        if (d != 0 && (size = conclusion_size(f, fs, cell, d, true)) >= 0
            && (best->size < 0 || !best->place || size < best->size))
            *best = (struct conclusion){ cell, d, size, true };
        for (; removed && !(best->size >= 0 && best->place); removed &= removed - 1) {
            size = conclusion_size(f, fs, cell, lowest_bit(removed), false);
            if (size >= 0 && (best->size < 0 || size < best->size))
                *best = (struct conclusion){ cell, lowest_bit(removed), size, false };
        }
    }
    return best->size >= 0;
}

/* "r4c7 is 3", "r4c7 is not 3" */
static const char *move_words(const struct hint *h, int cell, int digit, bool place)
{
    if (h->quiet)
        return "";
    return hint_words(h, place ? _("%1$s is %2$c") : _("%1$s is not %2$c"), hint_cell(h, cell),
                      hint_digit_symbol(digit));
}

static const char *conclusion_words(const struct hint *h, const struct conclusion *c)
{
    return move_words(h, c->cell, c->digit, c->place);
}

/* Every other conclusion the branches in f->br agree on joins the hint, named after the
 * one explained: the same suppositions prove them. */
static void say_also(struct forcing *f, const struct forcing_set *fs, struct hint *h,
                     const struct conclusion *c)
{
    struct outcome o[FORCE_MAX_BRANCHES];
    struct agreement it = { { 0 } };
    int nplace = h->nplace, nelim = h->nelim, cell, d;
    digitset removed;

    for (int i = 0; i < fs->n; i++)
        o[i] = branch_outcome(&f->br[i]);
    while (next_agreed(f, fs, o, &it, &cell, &removed, &d)) {
        if (c->place && c->cell == cell)
            continue;
        if (d != 0)
            hint_add_place(h, cell, d);
        else
            for (; removed; removed &= removed - 1)
                hint_add_elim(f->s, h, cell, lowest_bit(removed));
    }
    if ((h->nplace == nplace && h->nelim == nelim) || h->quiet)
        return;
    struct hint_buf more = HINT_BUF_INIT;
    for (int i = nplace; i < h->nplace; i++)
        hint_buf_add(&more, "%s%s", i > nplace ? _(", ") : "",
                     move_words(h, h->place[i].cell, h->place[i].digit, true));
    for (int i = nelim; i < h->nelim; i++) {
        if (h->elim[i].cell == c->cell && h->elim[i].digit == c->digit)
            continue;
        hint_buf_add(&more, "%s%s", i > nelim || h->nplace > nplace ? _(", ") : "",
                     move_words(h, h->elim[i].cell, h->elim[i].digit, false));
    }
    /* TRANSLATORS: %s lists more conclusions ("r1c2 is 3, r4c4 is not 5"). */
    hint_say(h, _(" The same branches also agree that %s."), more.s);
}

static bool set_emit(struct forcing *f, const struct forcing_set *fs, const struct conclusion *c)
{
    struct hint h;

    hint_begin(f->s, &h);
    if (c->place)
        hint_add_place(&h, c->cell, c->digit);
    else
        hint_add_elim(f->s, &h, c->cell, c->digit);
    if (fs->group < 0) {
        add_cell_units(&h, f, fs->cell[0]);
        hint_add_cell(&h, fs->cell[0]);
        /* TRANSLATORS: a cell and its candidates, joined by "or". */
        hint_say(&h, _("%1$s can only be %2$s. "), hint_cell(&h, fs->cell[0]),
                 hint_digits(&h, f->cands[fs->cell[0]], HINT_OR));
    } else {
        hint_add_group(&h, fs->group);
        /* TRANSLATORS: a unit, a digit, its places joined by "or". */
        hint_say(&h, _("in %1$s, %2$c can only go in %3$s. "), hint_group(&h, fs->group),
                 hint_digit_symbol(fs->digit[0]), hint_cells(&h, fs->cell, fs->n, HINT_OR));
    }
    for (int i = 0; i < fs->n; i++) {
        struct branch *b = &f->br[i];
        struct hint_buf needed = HINT_BUF_INIT;
        need_conclusion(f, b, c->cell, c->digit, c->place);
        /* A placement is the last fact named; a removal follows from the last. */
        bool facts = supposition_facts(&h, &needed, f, b, fs->cell[i], fs->digit[i]);
        const char *cell = hint_cell(&h, fs->cell[i]);
        char d = hint_digit_symbol(fs->digit[i]);
        if (!facts)
            /* TRANSLATORS: a branch: %1$s is a cell, %2$c its digit, %3$s the conclusion. */
            hint_say(&h, _("If %1$s is %2$c, %3$s. "), cell, d, conclusion_words(&h, c));
        else if (c->place)
            /* TRANSLATORS: a branch: %1$s is a cell, %2$c its digit, %3$s the facts that
             * follow, the last of them the conclusion. */
            hint_say(&h, _("If %1$s is %2$c, then %3$s. "), cell, d, needed.s);
        else
            /* TRANSLATORS: a branch: %1$s is a cell, %2$c its digit, %3$s the facts that
             * follow, %4$s the conclusion. */
            hint_say(&h, _("If %1$s is %2$c, then %3$s, so %4$s. "), cell, d, needed.s,
                     conclusion_words(&h, c));
    }
    hint_add_cell(&h, c->cell);
    hint_say(&h, _("Either way, %s."), conclusion_words(&h, c));
    say_also(f, fs, &h, c);
    return hint_emit(f->s, &h);
}

struct found_set {
    struct forcing_set fs;
    struct conclusion c;
    int order;
};

/* Placements first, then the shortest proofs, then the order found. */
static int compare_found(const void *a, const void *b)
{
    const struct found_set *x = a, *y = b;

    if (x->c.place != y->c.place)
        return x->c.place ? -1 : 1;
    return x->c.size != y->c.size ? x->c.size - y->c.size : x->order - y->order;
}

/* The next forcing set after *at (start at -1): a cell with two or three candidates
 * (*at: the cell), or a digit with two or three places in a unit (*at: unit * stride +
 * digit); false when there is none left. */
static bool next_set(const struct forcing *f, bool units, int *at, struct forcing_set *out)
{
    const struct puzzle *p = f->l->p;
    int stride = f->l->stride;

    while (!units && ++*at < p->ncells) {
        int cell = *at, k = popcount32(f->cands[cell]);
        if (k < 2 || k > FORCE_MAX_BRANCHES)
            continue;
        *out = (struct forcing_set){ .n = 0, .group = -1 };
        for (digitset c = f->cands[cell]; c; c &= c - 1) {
            out->cell[out->n] = cell;
            out->digit[out->n++] = lowest_bit(c);
        }
        return true;
    }
    while (units && ++*at < p->ngroups * stride) {
        int g = *at / stride, d = *at % stride, k = f->count[*at], cells[SUDOKU_MAX_SIZE];
        /* Only a digit the group must hold is in one of its places. */
        if (d == 0 || k < 2 || k > FORCE_MAX_BRANCHES || !(hint_group_required(f->s->pos, g) & (1u << d)))
            continue;
        k = hint_cells_with(f->s->pos, g, d, cells);
        *out = (struct forcing_set){ .n = k, .group = g };
        for (int i = 0; i < k; i++) {
            out->cell[i] = cells[i];
            out->digit[i] = d;
        }
        return true;
    }
    return false;
}

static void find_forcing_sets(struct hint_search *s, bool units)
{
    struct forcing f;
    struct forcing_set fs;
    struct found_set *found = NULL;
    size_t nfound = 0, cap = 0;
    int at = -1;
    bool more = true;

    forcing_init(&f, s);
    while (f.effort < FORCE_EFFORT && next_set(&f, units, &at, &fs)) {
        struct outcome o[FORCE_MAX_BRANCHES];
        struct conclusion c;
        if (set_outcomes(&f, &fs, o) && set_conclusion(&f, &fs, o, &c)) {
            found = xgrow(found, &cap, nfound + 1, sizeof *found);
            found[nfound] = (struct found_set){ fs, c, (int)nfound };
            nfound++;
        }
    }
    if (nfound > 0)
        qsort(found, nfound, sizeof *found, compare_found);
    for (size_t i = 0; i < nfound && more; i++) {
        set_run(&f, &found[i].fs);
        more = set_emit(&f, &found[i].fs, &found[i].c);
    }
    free(found);
    forcing_free(&f);
}

void hint_find_cell_forcing_chain(struct hint_search *s)
{
    find_forcing_sets(s, false);
}

void hint_find_unit_forcing_chain(struct hint_search *s)
{
    find_forcing_sets(s, true);
}
