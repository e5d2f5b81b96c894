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
};

struct forcing {
    struct hint_search *s;
    const struct cand_links *l;
    digitset *cands;            /* the position's candidates (0 for filled cells) */
    uint8_t *count;             /* per unit and digit: places in the position */
    uint8_t *every;             /* per group: it must hold every digit (count matters) */
    struct branch br[FORCE_MAX_BRANCHES];
    long effort;                /* work done, against FORCE_EFFORT */
};

/*
 * What supposing a candidate true led to, kept in the search for the next technique: in
 * hint_next the contradiction chains follow every supposition, and the cell and unit
 * forcing chains that come next (when no contradiction was found) need the same ones.
 */
#define MEMO_MAX_BYTES (1u << 20)   /* 9x9 needs 300 kB at most */

struct forcing_memo {
    int ncells;
    int *slot;                  /* per node: its outcome, or -1 */
    digitset *cands;            /* per outcome: the candidates left (ncells) */
    uint8_t *on;                /* per outcome: the digits found (ncells) */
    bool *refuted;              /* per outcome: it ran into a contradiction */
    int n, max;                 /* outcomes kept, and room for at most max */
    size_t cap;                 /* outcomes allocated */
};

/* What a branch left: views into the memo or into a branch. */
struct outcome {
    const digitset *cands;
    const uint8_t *on;
    bool refuted;
};

static struct forcing_memo *memo_new(const struct cand_links *l)
{
    struct forcing_memo *m = xcalloc(1, sizeof *m);
    size_t per = (size_t)l->p->ncells * (sizeof *m->cands + 1);

    m->ncells = l->p->ncells;
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
    free(m->cands);
    free(m->on);
    free(m->refuted);
    free(m);
}

static bool memo_get(const struct forcing_memo *m, int node, struct outcome *o)
{
    int k = m->slot[node];

    if (k < 0)
        return false;
    o->cands = m->cands + (size_t)k * (size_t)m->ncells;
    o->on = m->on + (size_t)k * (size_t)m->ncells;
    o->refuted = m->refuted[k];
    return true;
}

/* --- Following a supposition --- */

static void branch_alloc(struct branch *b, const struct cand_links *l)
{
    size_t ncells = (size_t)l->p->ncells;

    b->cands = xmalloc(ncells * sizeof *b->cands);
    b->count = xmalloc((size_t)l->p->ngroups * (size_t)l->stride);
    b->on = xmalloc(ncells);
    b->cause = xmalloc((size_t)l->nnodes * sizeof *b->cause);
    /* Placements (one per cell, and the supposition) and run steps (one per step). */
    b->facts = xmalloc((ncells + FORCE_MAX_FACTS + 2) * sizeof *b->facts);
    b->needed = xmalloc(ncells + FORCE_MAX_FACTS + 2);
    b->queued = xcalloc((size_t)l->p->ngroups, 1);
    b->queue = xmalloc((size_t)l->p->ngroups * sizeof *b->queue);
    b->qhead = b->qtail = 0;
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
    for (int cell = 0; cell < p->ncells; cell++) {
        f->cands[cell] = p->block[cell] || s->pos->grid[cell] ? 0 : s->pos->cands[cell];
        for (int k = 0; k < LINKS_MAX_UNITS; k++)
            for (digitset c = f->cands[cell]; c && l->unit[cell][k] >= 0; c &= c - 1)
                f->count[l->unit[cell][k] * l->stride + lowest_bit(c)]++;
    }
    for (int i = 0; i < FORCE_MAX_BRANCHES; i++)
        branch_alloc(&f->br[i], l);
}

static void forcing_free(struct forcing *f)
{
    for (int i = 0; i < FORCE_MAX_BRANCHES; i++)
        branch_free(&f->br[i]);
    free(f->cands);
    free(f->count);
    free(f->every);
}

static void branch_reset(struct forcing *f, struct branch *b)
{
    const struct puzzle *p = f->l->p;

    f->effort += p->ncells / 4;     /* the copy below */
    memcpy(b->cands, f->cands, (size_t)p->ncells * sizeof *b->cands);
    memcpy(b->count, f->count, (size_t)p->ngroups * (size_t)f->l->stride);
    memset(b->on, 0, (size_t)p->ncells);
    b->nfacts = b->head = 0;
    b->end = END_NONE;
    while (b->qhead < b->qtail)
        b->queued[b->queue[b->qhead++ % p->ngroups]] = 0;
    b->qhead = b->qtail = 0;
}

static void add_fact(struct branch *b, int cell, int digit, enum fact_why why, int group)
{
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
    b->cands[cell] &= ~(1u << d);
    b->cause[links_node(l, cell, d)] = (int16_t)cause;
    if (b->cands[cell] == 0) {
        contradiction(b, END_NO_DIGIT, cell, -1, d);
        return;
    }
    if ((b->cands[cell] & (b->cands[cell] - 1)) == 0 && !b->on[cell])
        add_fact(b, cell, lowest_bit(b->cands[cell]), WHY_NAKED, -1);
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
            add_fact(b, z, d, WHY_HIDDEN, g);
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
        add_fact(b, cell, d, WHY_SUPPOSED, -1);
    else
        remove_cand(f, b, cell, d, -1);
    return branch_run(f, b, limit);
}

/* Keeps what supposing the node true led to (b followed it to FORCE_MAX_FACTS). */
static void memo_put(struct forcing *f, int node, const struct branch *b)
{
    struct forcing_memo *m = f->s->chains->memo;
    size_t k = (size_t)m->n, n = (size_t)m->ncells;

    if (m->slot[node] >= 0 || m->n >= m->max)
        return;
    if (k + 1 > m->cap) {
        m->refuted = xgrow(m->refuted, &m->cap, k + 1, sizeof *m->refuted);
        m->cands = xrealloc(m->cands, m->cap * n * sizeof *m->cands);
        m->on = xrealloc(m->on, m->cap * n);
    }
    m->slot[node] = m->n++;
    memcpy(m->cands + k * n, b->cands, n * sizeof *b->cands);
    memcpy(m->on + k * n, b->on, n);
    m->refuted[k] = b->end != END_NONE;
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

/* --- Saying it --- */

/* "r4c2 = 5 (the only place for 5 in row 4)" */
static void add_fact_words(struct hint *h, struct hint_buf *out, const struct fact *fa)
{
    if (h->quiet)
        return;
    if (fa->why == WHY_NAKED)
        /* TRANSLATORS: a fact of a chain: a cell, its digit. */
        hint_buf_add(out, _("%1$s = %2$c (its last digit)"), hint_cell(h, fa->cell), hint_digit_symbol(fa->digit));
    else if (fa->why == WHY_HIDDEN)
        /* TRANSLATORS: a fact of a chain: a cell, its digit, the unit where it has one place. */
        hint_buf_add(out, _("%1$s = %2$c (the only place for %2$c in %3$s)"), hint_cell(h, fa->cell),
                     hint_digit_symbol(fa->digit), hint_group(h, fa->group));
    else
        hint_buf_add(out, "%s = %c", hint_cell(h, fa->cell), hint_digit_symbol(fa->digit));
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

struct supposition {
    int cell, digit;
    bool on;
};

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

/* The suppositions worth following: each candidate true, cells with fewer candidates
 * first (refuting one of a two-digit cell's digits places the other); then each false
 * where its cell has more than two (false in a two-digit cell is the other digit true). */
static int list_suppositions(const struct forcing *f, struct supposition *out)
{
    const struct puzzle *p = f->l->p;
    uint8_t *size = xmalloc((size_t)p->ncells);
    int n = 0;

    for (int cell = 0; cell < p->ncells; cell++)
        size[cell] = (uint8_t)popcount32(f->cands[cell]);
    for (int k = 2; k <= p->max_digit; k++)
        for (int cell = 0; cell < p->ncells; cell++)
            if (size[cell] == k)
                for (digitset r = f->cands[cell]; r; r &= r - 1)
                    out[n++] = (struct supposition){ cell, lowest_bit(r), true };
    for (int cell = 0; cell < p->ncells; cell++)
        if (size[cell] > 2)
            for (digitset r = f->cands[cell]; r; r &= r - 1)
                out[n++] = (struct supposition){ cell, lowest_bit(r), false };
    free(size);
    return n;
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
    struct supposition *sup;
    struct refuted *found;
    int n, nfound = 0;
    bool more = true;

    forcing_init(&f, s);
    sup = xmalloc((size_t)f.l->nnodes * 2 * sizeof *sup);
    found = xmalloc((size_t)f.l->nnodes * 2 * sizeof *found);
    n = list_suppositions(&f, sup);
    for (int i = 0; i < n && more && f.effort < FORCE_EFFORT; i++) {
        struct branch *b = &f.br[0];
        int size, node = links_node(f.l, sup[i].cell, sup[i].digit);
        struct outcome o;
        if (sup[i].on && memo_get(s->chains->memo, node, &o) && !o.refuted)
            continue;
        branch_suppose(&f, b, sup[i].cell, sup[i].digit, sup[i].on, FORCE_MAX_FACTS);
        if (sup[i].on)
            memo_put(&f, node, b);
        if (b->end == END_NONE || (size = need_contradiction(&f, b)) > FORCE_MAX_SHOWN)
            continue;
        if (size <= FORCE_SHORT_PROOF)
            more = contradiction_emit(&f, &sup[i]);
        else
            found[nfound++] = (struct refuted){ sup[i], size, i };
    }
    qsort(found, (size_t)nfound, sizeof *found, compare_refuted);
    for (int i = 0; i < nfound && more; i++) {
        struct branch *b = &f.br[0];
        branch_suppose(&f, b, found[i].sp.cell, found[i].sp.digit, found[i].sp.on, FORCE_MAX_FACTS);
        need_contradiction(&f, b);
        more = contradiction_emit(&f, &found[i].sp);
    }
    free(found);
    free(sup);
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
        const struct branch *b = &f->br[i];
        if (!memo_get(f->s->chains->memo, links_node(f->l, fs->cell[i], fs->digit[i]), &o[i]))
            o[i] = (struct outcome){ b->cands, b->on, b->end != END_NONE };
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

/* What every branch agrees on in a cell: the candidates all remove, and the digit all
 * place (0 if none). */
static digitset agreed(const struct forcing *f, const struct forcing_set *fs,
                       const struct outcome *o, int cell, int *placed)
{
    digitset removed = f->cands[cell];
    int d = o[0].on[cell];

    if (o[0].cands[cell] == removed && d == 0) {
        *placed = 0;
        return 0;       /* the first branch changed nothing here: most cells */
    }
    if ((f->cands[cell] & (f->cands[cell] - 1)) == 0)
        d = 0;      /* a cell with one candidate left is no news */
    for (int i = 0; i < fs->n; i++) {
        removed &= ~o[i].cands[cell];
        if (o[i].on[cell] != d || !(o[i].cands[cell] & (1u << d)))
            d = 0;
    }
    *placed = d;
    return removed;
}

/* The best conclusion every branch agrees on: a digit placed, else a candidate removed,
 * the shortest proof first.  false if there is none. */
static bool set_conclusion(struct forcing *f, const struct forcing_set *fs, const struct outcome *o,
                           struct conclusion *best)
{
    const struct puzzle *p = f->l->p;
    bool explained = false;

    *best = (struct conclusion){ .size = -1, .place = false };
    for (int cell = 0; cell < p->ncells; cell++) {
        int d, size;
        digitset removed = agreed(f, fs, o, cell, &d);

        if (d == 0 && removed == 0)
            continue;
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
    int nplace = h->nplace, nelim = h->nelim;

    for (int i = 0; i < fs->n; i++)
        o[i] = (struct outcome){ f->br[i].cands, f->br[i].on, f->br[i].end != END_NONE };
    for (int cell = 0; cell < f->l->p->ncells; cell++) {
        int d;
        digitset removed = agreed(f, fs, o, cell, &d);
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

/* The cells with two or three candidates, or the digits with two or three places in a
 * unit, as forcing sets; their count. */
static int list_sets(const struct forcing *f, bool units, struct forcing_set *out)
{
    const struct puzzle *p = f->l->p;
    int n = 0;

    if (!units) {
        for (int cell = 0; cell < p->ncells; cell++) {
            int k = popcount32(f->cands[cell]);
            if (k < 2 || k > FORCE_MAX_BRANCHES)
                continue;
            out[n] = (struct forcing_set){ .n = 0, .group = -1 };
            for (digitset c = f->cands[cell]; c; c &= c - 1) {
                out[n].cell[out[n].n] = cell;
                out[n].digit[out[n].n++] = lowest_bit(c);
            }
            n++;
        }
        return n;
    }
    for (int g = 0; g < p->ngroups; g++) {
        /* Only a digit the group must hold is in one of its places. */
        digitset required = hint_group_required(f->s->pos, g);
        for (int d = 1; d <= p->max_digit; d++) {
            int k = f->count[g * f->l->stride + d], cells[SUDOKU_MAX_SIZE];
            if (k < 2 || k > FORCE_MAX_BRANCHES || !(required & (1u << d)))
                continue;
            k = hint_cells_with(f->s->pos, g, d, cells);
            out[n] = (struct forcing_set){ .n = k, .group = g };
            for (int i = 0; i < k; i++) {
                out[n].cell[i] = cells[i];
                out[n].digit[i] = d;
            }
            n++;
        }
    }
    return n;
}

static void find_forcing_sets(struct hint_search *s, bool units)
{
    struct forcing f;
    struct forcing_set *sets;
    struct found_set *found;
    int n, nfound = 0;
    bool more = true;

    forcing_init(&f, s);
    sets = xmalloc((size_t)(f.l->p->ncells + f.l->p->ngroups * f.l->stride) * sizeof *sets);
    n = list_sets(&f, units, sets);
    found = xmalloc((size_t)(n + 1) * sizeof *found);
    for (int i = 0; i < n && f.effort < FORCE_EFFORT; i++) {
        struct outcome o[FORCE_MAX_BRANCHES];
        if (set_outcomes(&f, &sets[i], o) && set_conclusion(&f, &sets[i], o, &found[nfound].c)) {
            found[nfound].fs = sets[i];
            found[nfound].order = nfound;
            nfound++;
        }
    }
    qsort(found, (size_t)nfound, sizeof *found, compare_found);
    for (int i = 0; i < nfound && more; i++) {
        set_run(&f, &found[i].fs);
        more = set_emit(&f, &found[i].fs, &found[i].c);
    }
    free(found);
    free(sets);
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
