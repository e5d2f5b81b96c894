/* hint_follow.c: following a supposition through singles, the engine's own techniques and
 * suppositions within it, remembering what each step rests on (hint_follow.h). */
#include "config.h"
#include "hint_follow.h"

#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "util.h"

#define FOLLOW_ENGINE_HINTS 16      /* steps taken from one technique at a time */

enum step_why { WHY_SUPPOSED, WHY_NAKED, WHY_HIDDEN, WHY_ENGINE, WHY_NESTED };
enum ending { END_NONE, END_NO_DIGIT, END_NO_PLACE, END_SUM };

/* One thing a branch found: a digit placed, or the engine's step, or a candidate a
 * supposition within refuted. */
struct step {
    enum step_why why;
    int cell, digit, group;     /* group: a hidden single's */
    bool on;                    /* the supposition: placed, or removed */
    int dep_start, ndep;        /* ENGINE: its cells (>= 0) and groups (-1 - g);
                                 * NESTED: the steps of the branch it rests on */
    int text;                   /* offset in the text pool, or -1 */
    int size, nesting;          /* NESTED: its own proof's */
};

struct branch {
    struct branch *parent;      /* the branch a nested supposition is made in */
    uint8_t *grid;
    digitset *cands;
    uint8_t *count;             /* per group and digit: the empty cells that can take it */
    digitset *placed;           /* per group: its digits */
    uint8_t *pending;           /* per cell: the digit a step waiting to be applied gives it */
    int *cause;                 /* per node (follow_node): the step that removed it */
    uint32_t *stamp;            /* per node: the run that removed it */
    int *placed_by;             /* per cell: the step that placed its digit */
    uint32_t run;
    int empty;                  /* cells left empty */
    struct step *steps;
    int nsteps, head;
    size_t steps_cap;
    int *deps;
    size_t ndeps, deps_cap;
    char *text;
    size_t text_len, text_cap;
    uint8_t *needed;            /* per step */
    size_t needed_cap;
    int *out;                   /* parent's steps this branch's proof rests on */
    size_t nout, out_cap;
    bool explain;               /* keep the text of each step */
    enum ending end;
    int end_cell, end_group, end_digit;
};

struct follow {
    struct hint_search *s;
    const struct puzzle *p;
    struct follow_options opt;
    int stride;
    int *node_first;            /* per cell: its candidate d of the position is node node_first + d */
    size_t nnodes;
    int *peer_start, *peers;
    bool *full;                 /* per group: it must hold every digit */
    struct branch root;         /* the position itself */
    struct branch outer, inner;
    uint32_t runs;
    long work;
    enum technique techs[TECH_COUNT];
    int ntechs;
    long technique_cost;        /* work charged for asking one technique */
};

/* --- Setting up --- */

/* The peers of every cell, listed once each, in room for the cells of each cell's groups. */
static void build_peers(struct follow *f)
{
    const struct puzzle *p = f->p;
    int *mark = xmalloc((size_t)p->ncells * sizeof *mark), n = 0;
    size_t room = 0;

    for (int cell = 0; cell < p->ncells; cell++) {
        mark[cell] = -1;
        for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][k] >= 0; k++)
            room += (size_t)p->groups[p->cell_groups[cell][k]].ncells;
    }
    f->peer_start = xmalloc((size_t)(p->ncells + 1) * sizeof *f->peer_start);
    f->peers = xmalloc((room + 1) * sizeof *f->peers);
    for (int cell = 0; cell < p->ncells; cell++) {
        f->peer_start[cell] = n;
        mark[cell] = cell;
        for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][k] >= 0; k++) {
            const struct puzzle_group *grp = &p->groups[p->cell_groups[cell][k]];
            for (int i = 0; i < grp->ncells; i++) {
                if (mark[grp->cells[i]] != cell) {
                    mark[grp->cells[i]] = cell;
                    f->peers[n++] = grp->cells[i];
                }
            }
        }
    }
    f->peer_start[p->ncells] = n;
    f->peers = xrealloc(f->peers, ((size_t)n + 1) * sizeof *f->peers);     /* a cell is not its own peer */
    free(mark);
}

/*
 * A branch can only remove candidates the position has, so what it notes per removal is
 * kept per node: each empty cell of the position has a node for every digit from its
 * lowest candidate to its highest.  On a large board, late in a solution path, that is
 * a few digits of a few cells, not every digit of every cell.
 */
static void number_nodes(struct follow *f)
{
    const struct puzzle *p = f->p;
    const struct hint_position *pos = f->s->pos;
    int n = 0;

    f->node_first = xmalloc((size_t)p->ncells * sizeof *f->node_first);
    for (int cell = 0; cell < p->ncells; cell++) {
        digitset c = p->block[cell] || pos->grid[cell] ? 0 : pos->cands[cell];
        f->node_first[cell] = c ? n - lowest_bit(c) : n;
        n += c ? 32 - __builtin_clz(c) - lowest_bit(c) : 0;
    }
    f->nnodes = (size_t)n;
}

/* Node of candidate d of the cell (one the position has). */
static inline size_t follow_node(const struct follow *f, int cell, int d)
{
    return (size_t)(f->node_first[cell] + d);
}

/* A branch's state: the grid, candidates and counts (all the root needs). */
static void branch_alloc_state(struct follow *f, struct branch *b)
{
    size_t ncells = (size_t)f->p->ncells;

    memset(b, 0, sizeof *b);
    b->grid = xmalloc(ncells);
    b->cands = xmalloc(ncells * sizeof *b->cands);
    b->count = xmalloc((size_t)f->p->ngroups * (size_t)f->stride);
    b->placed = xmalloc((size_t)f->p->ngroups * sizeof *b->placed);
}

/* A branch that follows suppositions: its state, and what each step rests on. */
static void branch_alloc(struct follow *f, struct branch *b)
{
    size_t ncells = (size_t)f->p->ncells;

    branch_alloc_state(f, b);
    b->pending = xmalloc(ncells);
    b->cause = xmalloc((f->nnodes + 1) * sizeof *b->cause);
    b->stamp = xcalloc(f->nnodes + 1, sizeof *b->stamp);
    b->placed_by = xmalloc(ncells * sizeof *b->placed_by);
}

static void branch_free(struct branch *b)
{
    free(b->grid);
    free(b->cands);
    free(b->count);
    free(b->placed);
    free(b->pending);
    free(b->cause);
    free(b->stamp);
    free(b->placed_by);
    free(b->steps);
    free(b->deps);
    free(b->text);
    free(b->needed);
    free(b->out);
}

/* The root branch: the position, its places per group and digit. */
static void root_init(struct follow *f)
{
    const struct puzzle *p = f->p;
    const struct hint_position *pos = f->s->pos;
    struct branch *r = &f->root;

    branch_alloc_state(f, r);
    memset(r->count, 0, (size_t)p->ngroups * (size_t)f->stride);
    r->empty = 0;
    for (int cell = 0; cell < p->ncells; cell++) {
        r->grid[cell] = p->block[cell] ? 0 : pos->grid[cell];
        r->cands[cell] = p->block[cell] || pos->grid[cell] ? 0 : pos->cands[cell];
        r->empty += !p->block[cell] && !pos->grid[cell];
    }
    for (int g = 0; g < p->ngroups; g++) {
        const struct puzzle_group *grp = &p->groups[g];
        r->placed[g] = 0;
        for (int i = 0; i < grp->ncells; i++) {
            int cell = grp->cells[i];
            r->placed[g] |= r->grid[cell] ? 1u << r->grid[cell] : 0;
            for (digitset c = r->cands[cell]; c; c &= c - 1)
                r->count[g * f->stride + lowest_bit(c)]++;
        }
        f->full[g] = grp->ncells == p->max_digit;
    }
}

/* The techniques a branch may ask the engine for, easiest first: beyond the singles
 * (found here), up to the ceiling and no higher than LEVEL_MEDIUM. */
static void list_techniques(struct follow *f)
{
    unsigned kind = 1u << f->p->ops->kind;

    f->ntechs = 0;
    for (int t = TECH_FULL_HOUSE; t <= (int)f->opt.ceiling && t < TECH_COUNT; t++) {
        const struct technique_info *info = hint_technique((enum technique)t);
        if (t == TECH_FULL_HOUSE || t == TECH_HIDDEN_SINGLE_BOX || t == TECH_HIDDEN_SINGLE_LINE
            || t == TECH_NAKED_SINGLE)
            continue;
        if (info->find == NULL || !(info->kinds & kind) || info->needs_unique
            || info->level > LEVEL_MEDIUM)
            continue;
        f->techs[f->ntechs++] = (enum technique)t;
    }
}

struct follow *follow_new(struct hint_search *s, const struct follow_options *opt)
{
    struct follow *f = xcalloc(1, sizeof *f);

    f->s = s;
    f->p = s->pos->p;
    f->opt = *opt;
    f->stride = f->p->max_digit + 1;
    f->full = xmalloc((size_t)f->p->ngroups * sizeof *f->full);
    build_peers(f);
    number_nodes(f);
    root_init(f);
    branch_alloc(f, &f->outer);
    if (opt->nested)
        branch_alloc(f, &f->inner);     /* only suppositions within use it */
    list_techniques(f);
    /* A technique looks over the grid, and the subsets over the combinations of each
     * unit's cells, which grow much faster than the grid: 81 on 9x9, 4800 on 25x25. */
    f->technique_cost = (long)f->p->ncells * f->p->max_digit * f->p->max_digit / 81;
    return f;
}

void follow_free(struct follow *f)
{
    if (f == NULL)
        return;
    branch_free(&f->root);
    branch_free(&f->outer);
    branch_free(&f->inner);
    free(f->peer_start);
    free(f->peers);
    free(f->node_first);
    free(f->full);
    free(f);
}

bool follow_spent(const struct follow *f)
{
    return f->opt.work > 0 && f->work >= f->opt.work;
}

/* --- A branch's state --- */

static void branch_start(struct follow *f, struct branch *b, const struct branch *from,
                         struct branch *parent, bool explain)
{
    const struct puzzle *p = f->p;
    size_t ncells = (size_t)p->ncells;

    f->work += p->ncells / 8 + 1;       /* the copies */
    memcpy(b->grid, from->grid, ncells);
    memcpy(b->cands, from->cands, ncells * sizeof *b->cands);
    memcpy(b->count, from->count, (size_t)p->ngroups * (size_t)f->stride);
    memcpy(b->placed, from->placed, (size_t)p->ngroups * sizeof *b->placed);
    memset(b->pending, 0, ncells);
    b->empty = from->empty;
    b->parent = parent;
    b->run = ++f->runs;
    b->nsteps = b->head = 0;
    b->ndeps = b->text_len = b->nout = 0;
    b->explain = explain;
    b->end = END_NONE;
}

static int add_step(struct branch *b, struct step st)
{
    b->steps = xgrow(b->steps, &b->steps_cap, (size_t)b->nsteps + 1, sizeof *b->steps);
    st.text = -1;
    b->steps[b->nsteps] = st;
    return b->nsteps++;
}

static void add_dep(struct branch *b, int value)
{
    b->deps = xgrow(b->deps, &b->deps_cap, b->ndeps + 1, sizeof *b->deps);
    b->deps[b->ndeps++] = value;
}

static void keep_text(struct branch *b, int step, const char *text)
{
    size_t n = strlen(text) + 1;

    b->text = xgrow(b->text, &b->text_cap, b->text_len + n, 1);
    memcpy(b->text + b->text_len, text, n);
    b->steps[step].text = (int)b->text_len;
    b->text_len += n;
}

static void end_branch(struct branch *b, enum ending end, int cell, int group, int digit)
{
    if (b->end != END_NONE)
        return;
    b->end = end;
    b->end_cell = cell;
    b->end_group = group;
    b->end_digit = digit;
}

/* A single found: the cell takes d, once the steps before it are applied. */
static void push_single(struct branch *b, enum step_why why, int cell, int d, int group)
{
    if (b->pending[cell] || b->grid[cell])
        return;
    b->pending[cell] = (uint8_t)d;
    add_step(b, (struct step){ .why = why, .cell = cell, .digit = d, .group = group });
}

/* The empty cell of group g that can still take d (there is one). */
static int last_place(const struct follow *f, const struct branch *b, int g, int d)
{
    const struct puzzle_group *grp = &f->p->groups[g];

    for (int i = 0; i < grp->ncells; i++)
        if (!b->grid[grp->cells[i]] && (b->cands[grp->cells[i]] & (1u << d)))
            return grp->cells[i];
    return -1;
}

/* d left the cell's candidates: one place fewer in each of its groups. */
static void count_down(struct follow *f, struct branch *b, int cell, int d)
{
    const struct puzzle *p = f->p;

    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][k] >= 0; k++) {
        int g = p->cell_groups[cell][k], left = --b->count[g * f->stride + d], z;
        if (!f->full[g] || (b->placed[g] & (1u << d)))
            continue;
        if (left == 0) {
            end_branch(b, END_NO_PLACE, -1, g, d);
            return;
        }
        if (left == 1 && (z = last_place(f, b, g, d)) >= 0)
            push_single(b, WHY_HIDDEN, z, d, g);
    }
}

static void mark_removed(struct follow *f, struct branch *b, int cell, int d, int cause)
{
    size_t node = follow_node(f, cell, d);

    b->cause[node] = cause;
    b->stamp[node] = b->run;
    f->work++;
}

/* Removes d from the empty cell, noting the singles and contradictions that makes. */
static void remove_cand(struct follow *f, struct branch *b, int cell, int d, int cause)
{
    if (b->end != END_NONE || b->grid[cell] || !(b->cands[cell] & (1u << d)))
        return;
    b->cands[cell] &= ~(1u << d);
    mark_removed(f, b, cell, d, cause);
    if (b->cands[cell] == 0) {
        end_branch(b, END_NO_DIGIT, cell, -1, d);
        return;
    }
    if ((b->cands[cell] & (b->cands[cell] - 1)) == 0)
        push_single(b, WHY_NAKED, cell, lowest_bit(b->cands[cell]), -1);
    count_down(f, b, cell, d);
}

/* A group with a sum whose digits can no longer make it. */
static void check_sums(struct follow *f, struct branch *b, int cell)
{
    const struct puzzle *p = f->p;

    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][k] >= 0; k++) {
        int g = p->cell_groups[cell][k], sum = 0, empty = 0;
        const struct puzzle_group *grp = &p->groups[g];
        if (grp->clue < 0 || grp->sum <= 0)
            continue;
        for (int i = 0; i < grp->ncells; i++) {
            sum += b->grid[grp->cells[i]];
            empty += b->grid[grp->cells[i]] == 0;
        }
        if (sum > grp->sum || (empty == 0 && sum != grp->sum) || (empty > 0 && sum == grp->sum)) {
            end_branch(b, END_SUM, -1, g, 0);
            return;
        }
    }
}

/* The cell takes d: its other candidates go, and d leaves its peers. */
static void place(struct follow *f, struct branch *b, int cell, int d, int cause)
{
    const struct puzzle *p = f->p;
    digitset others;

    if (b->end != END_NONE || b->grid[cell] || !(b->cands[cell] & (1u << d)))
        return;     /* refuted meanwhile: the contradiction is on record */
    b->grid[cell] = (uint8_t)d;
    b->placed_by[cell] = cause;
    b->empty--;
    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][k] >= 0; k++) {
        int g = p->cell_groups[cell][k];
        b->placed[g] |= 1u << d;
        b->count[g * f->stride + d]--;
    }
    others = b->cands[cell] & ~(1u << d);
    b->cands[cell] = 0;
    for (digitset c = others; c && b->end == END_NONE; c &= c - 1) {
        mark_removed(f, b, cell, lowest_bit(c), cause);
        count_down(f, b, cell, lowest_bit(c));
    }
    for (int i = f->peer_start[cell]; i < f->peer_start[cell + 1] && b->end == END_NONE; i++)
        if (b->cands[f->peers[i]] & (1u << d))
            remove_cand(f, b, f->peers[i], d, cause);
    if (b->end == END_NONE)
        check_sums(f, b, cell);
}

/* Applies the singles found, in order. */
static void run_singles(struct follow *f, struct branch *b)
{
    while (b->head < b->nsteps && b->end == END_NONE) {
        const struct step *st = &b->steps[b->head];
        int i = b->head++;
        if (st->why == WHY_NAKED || st->why == WHY_HIDDEN || (st->why == WHY_SUPPOSED && st->on))
            place(f, b, st->cell, st->digit, i);
    }
}

/* --- The engine's steps --- */

struct collected {
    struct hint *hints;
    int n;
};

static bool collect_hint(const struct hint *h, void *user)
{
    struct collected *c = user;

    c->hints[c->n++] = *h;
    return c->n < FOLLOW_ENGINE_HINTS;
}

/* Asks the engine for the easiest technique that applies in the branch; applies every
 * instance it finds as one step each.  false if none applies. */
static bool engine_step(struct follow *f, struct branch *b)
{
    struct hint_position pos = {
        .p = f->p, .grid = b->grid, .cands = b->cands, .unique = false, .solution = NULL,
        .quiet = !b->explain,
    };
    struct collected c = { .hints = NULL, .n = 0 };

    for (int t = 0; t < f->ntechs && c.n == 0; t++) {
        if (c.hints == NULL)
            c.hints = xmalloc(FOLLOW_ENGINE_HINTS * sizeof *c.hints);
        f->work += f->technique_cost;
        hint_find_all(&pos, f->techs[t], collect_hint, &c);
    }
    for (int i = 0; i < c.n && b->end == END_NONE; i++) {
        const struct hint *h = &c.hints[i];
        int k = add_step(b, (struct step){ .why = WHY_ENGINE, .cell = -1,
                                           .dep_start = (int)b->ndeps });
        for (int j = 0; j < h->ncells; j++)
            add_dep(b, h->cells[j]);
        for (int j = 0; j < h->ngroups; j++)
            add_dep(b, -1 - h->groups[j]);
        b->steps[k].ndep = (int)b->ndeps - b->steps[k].dep_start;
        if (b->explain)
            keep_text(b, k, h->text);
        for (int j = 0; j < h->nplace; j++)
            place(f, b, h->place[j].cell, h->place[j].digit, k);
        for (int j = 0; j < h->nelim; j++)
            remove_cand(f, b, h->elim[j].cell, h->elim[j].digit, k);
    }
    free(c.hints);
    return c.n > 0;
}

/* --- What a contradiction rests on --- */

static void need_step(struct branch *b, int step)
{
    if (step >= 0 && step < b->nsteps)
        b->needed[step] = 1;
}

/* The removal of d from the cell, if made before step `before` (in this branch, or, for
 * a nested branch, in its parent: noted in b->out). */
static void need_node(const struct follow *f, struct branch *b, int cell, int d, int before)
{
    size_t node = follow_node(f, cell, d);

    if (b->stamp[node] == b->run) {
        if (b->cause[node] < before)
            need_step(b, b->cause[node]);
    } else if (b->parent != NULL && b->parent->stamp[node] == b->parent->run) {
        b->out = xgrow(b->out, &b->out_cap, b->nout + 1, sizeof *b->out);
        b->out[b->nout++] = b->parent->cause[node];
    }
}

/* Every removal of a candidate the cell had in the position. */
static void need_cell(const struct follow *f, struct branch *b, int cell, int except, int before)
{
    for (digitset c = f->root.cands[cell]; c; c &= c - 1)
        if (lowest_bit(c) != except)
            need_node(f, b, cell, lowest_bit(c), before);
}

/* Every removal of d (or of every digit, d = 0) from the group's cells but except. */
static void need_group(const struct follow *f, struct branch *b, int g, int d, int except, int before)
{
    const struct puzzle_group *grp = &f->p->groups[g];

    for (int i = 0; i < grp->ncells; i++) {
        int cell = grp->cells[i];
        if (cell == except)
            continue;
        if (d == 0)
            need_cell(f, b, cell, -1, before);
        else if (f->root.cands[cell] & (1u << d))
            need_node(f, b, cell, d, before);
    }
}

/* The placements of the group's digits (a sum that cannot be made rests on them). */
static void need_placements(const struct follow *f, struct branch *b, int g)
{
    const struct puzzle_group *grp = &f->p->groups[g];

    for (int i = 0; i < grp->ncells; i++) {
        int cell = grp->cells[i];
        if (f->root.grid[cell] || !b->grid[cell])
            continue;
        if (b->parent != NULL && b->parent->grid[cell]) {
            b->out = xgrow(b->out, &b->out_cap, b->nout + 1, sizeof *b->out);
            b->out[b->nout++] = b->parent->placed_by[cell];
        } else {
            need_step(b, b->placed_by[cell]);
        }
    }
}

static void need_what_step_rests_on(const struct follow *f, struct branch *b, int i)
{
    const struct step *st = &b->steps[i];

    switch (st->why) {
    case WHY_SUPPOSED:
        break;
    case WHY_NAKED:
        need_cell(f, b, st->cell, st->digit, i);
        break;
    case WHY_HIDDEN:
        need_group(f, b, st->group, st->digit, st->cell, i);
        break;
    case WHY_ENGINE:
        for (int j = st->dep_start; j < st->dep_start + st->ndep; j++) {
            if (b->deps[j] >= 0)
                need_cell(f, b, b->deps[j], -1, i);
            else
                need_group(f, b, -1 - b->deps[j], 0, -1, i);
        }
        break;
    case WHY_NESTED:
        for (int j = st->dep_start; j < st->dep_start + st->ndep; j++)
            need_step(b, b->deps[j]);
        break;
    }
}

static void need_start(struct branch *b)
{
    b->needed = xgrow(b->needed, &b->needed_cap, (size_t)b->nsteps + 1, 1);
    memset(b->needed, 0, (size_t)b->nsteps);
    b->nout = 0;
}

/* With the needs of a conclusion marked, marks what they rest on in turn (a step rests
 * only on earlier ones); returns the proof's size. */
static int need_close(const struct follow *f, struct branch *b, int *nesting)
{
    int size = 0;

    *nesting = 0;
    for (int i = b->nsteps - 1; i >= 0; i--) {
        if (!b->needed[i])
            continue;
        need_what_step_rests_on(f, b, i);
        if (b->steps[i].why == WHY_SUPPOSED)
            continue;
        size++;
        if (b->steps[i].why == WHY_NESTED) {
            size += b->steps[i].size;
            if (b->steps[i].nesting + 1 > *nesting)
                *nesting = b->steps[i].nesting + 1;
        }
    }
    return size;
}

/* Marks the steps the branch's contradiction rests on (and, for a nested branch, lists
 * its parent's in b->out); returns the proof's size. */
static int need_contradiction(const struct follow *f, struct branch *b, int *nesting)
{
    need_start(b);
    if (b->end == END_NO_DIGIT)
        need_cell(f, b, b->end_cell, -1, b->nsteps);
    else if (b->end == END_NO_PLACE)
        need_group(f, b, b->end_group, b->end_digit, -1, b->nsteps);
    else
        need_placements(f, b, b->end_group);
    return need_close(f, b, nesting);
}

/* The same for a conclusion the branch reached: the cell given d (place), or d removed
 * from it. */
static int need_conclusion(const struct follow *f, struct branch *b, int cell, int d, bool place,
                           int *nesting)
{
    need_start(b);
    if (place)
        need_step(b, b->grid[cell] == d ? b->placed_by[cell] : -1);
    else
        need_node(f, b, cell, d, b->nsteps);
    return need_close(f, b, nesting);
}

/* --- Saying it --- */

/* "r4c2 = 5 (its last digit)": a step of a branch, into out (its cell joins the hint). */
static void add_step_words(struct hint *h, struct hint_buf *out, const struct branch *b,
                           const struct step *st)
{
    if (st->why != WHY_ENGINE) {
        hint_add_cell(h, st->cell);
        h->digits |= 1u << st->digit;
    }
    if (h->quiet)
        return;
    if (st->why == WHY_ENGINE) {
        /* TRANSLATORS: a step of a chain made by another technique, shown in brackets. */
        hint_buf_add(out, "[%s]", st->text >= 0 ? b->text + st->text : _("a basic step"));
    } else if (st->why == WHY_NESTED) {
        /* TRANSLATORS: a step of a chain: a cell, a digit, and (in parentheses) the
           supposition that refutes it, "if r2c3 were 4, then ...". */
        hint_buf_add(out, _("%1$s is not %2$c (%3$s)"), hint_cell(h, st->cell), hint_digit_symbol(st->digit),
                     st->text >= 0 ? b->text + st->text : _("a supposition refutes it"));
    } else {
        hint_buf_add_fact(h, out, st->why == WHY_NAKED ? HINT_FACT_NAKED
                                  : st->why == WHY_HIDDEN ? HINT_FACT_HIDDEN : HINT_FACT_PLAIN,
                          st->cell, st->digit, st->group);
    }
}

/* How the branch ends: the contradiction (its cell joins the hint). */
static const char *ending_words(struct hint *h, const struct branch *b)
{
    if (b->end == END_NO_DIGIT) {
        hint_add_cell(h, b->end_cell);
        return h->quiet ? "" : hint_words(h, _("%s would have no digit left"), hint_cell(h, b->end_cell));
    }
    if (h->quiet)
        return "";
    if (b->end == END_NO_PLACE)
        /* TRANSLATORS: %1$c is a digit, %2$s a unit. */
        return hint_words(h, _("%1$c would have no place left in %2$s"), hint_digit_symbol(b->end_digit),
                          hint_group(h, b->end_group));
    /* TRANSLATORS: %s is a Kakuro run. */
    return hint_words(h, _("%s could not make its sum"), hint_group(h, b->end_group));
}

/* The needed steps of a branch whose needs are marked, "r4c2 = 5 (its last digit), ...",
 * into out (the supposed cell and digit join the hint); whether any step is named. */
static bool steps_words(struct hint *h, struct hint_buf *out, const struct branch *b, int cell, int d)
{
    bool first = true;

    hint_add_cell(h, cell);
    h->digits |= 1u << d;
    out->len = 0;
    out->s[0] = '\0';
    for (int i = 0; i < b->nsteps; i++) {
        if (!b->needed[i] || b->steps[i].why == WHY_SUPPOSED)
            continue;
        if (!first && !h->quiet)
            hint_buf_add(out, "%s", _(", "));
        add_step_words(h, out, b, &b->steps[i]);
        first = false;
    }
    return !first;
}

/* "if r4c7 were 3, then r4c2 = 5 (its last digit), ..., and r5c5 would have no digit
 * left" for a branch whose needs are marked; "If ..." at the start of a sentence. */
static const char *branch_words(struct hint *h, const struct branch *b, int cell, int d, bool on,
                                enum follow_start start)
{
    struct hint_buf steps;
    bool any = steps_words(h, &steps, b, cell, d), own = start == FOLLOW_SENTENCE;
    const char *ending = ending_words(h, b);

    if (any)
        /* TRANSLATORS: a clause, not a sentence (it may follow other words): the
           supposition (%1$s a cell, %2$c a digit), the steps it forces, the contradiction.
           With a capital, the same words start a sentence. */
        return hint_words(h, on ? (own ? _("If %1$s were %2$c, then %3$s, and %4$s")
                                       : _("if %1$s were %2$c, then %3$s, and %4$s"))
                                : (own ? _("If %1$s were not %2$c, then %3$s, and %4$s")
                                       : _("if %1$s were not %2$c, then %3$s, and %4$s")),
                          hint_cell(h, cell), hint_digit_symbol(d), hint_buf_words(h, &steps), ending);
    /* TRANSLATORS: a clause, not a sentence: the supposition, its contradiction (%3$s). */
    return hint_words(h, on ? (own ? _("If %1$s were %2$c, %3$s") : _("if %1$s were %2$c, %3$s"))
                            : (own ? _("If %1$s were not %2$c, %3$s") : _("if %1$s were not %2$c, %3$s")),
                      hint_cell(h, cell), hint_digit_symbol(d), ending);
}

/* --- Following --- */

static void suppose(struct follow *f, struct branch *b, int cell, int d, bool on)
{
    int k = add_step(b, (struct step){ .why = WHY_SUPPOSED, .cell = cell, .digit = d, .on = on });

    if (on) {
        b->pending[cell] = (uint8_t)d;
    } else {
        b->head = 1;
        remove_cand(f, b, cell, d, k);
    }
}

/* Suppositions within b: each candidate, followed through singles; those refuted leave
 * b.  true if any did. */
static bool nested_step(struct follow *f, struct branch *b)
{
    struct branch *in = &f->inner;
    bool found = false;

    for (int cell = 0; cell < f->p->ncells && b->end == END_NONE; cell++) {
        if (b->grid[cell] || f->p->block[cell])
            continue;
        for (digitset c = b->cands[cell]; c && b->end == END_NONE; c &= c - 1) {
            int d = lowest_bit(c), nesting, size, k;
            if (follow_spent(f))
                return found;
            if (!(b->cands[cell] & (1u << d)))
                continue;
            branch_start(f, in, b, b, b->explain);
            suppose(f, in, cell, d, true);
            run_singles(f, in);
            if (in->end == END_NONE)
                continue;
            size = need_contradiction(f, in, &nesting);
            k = add_step(b, (struct step){ .why = WHY_NESTED, .cell = cell, .digit = d,
                                           .dep_start = (int)b->ndeps, .size = size,
                                           .nesting = nesting });
            for (size_t j = 0; j < in->nout; j++)
                add_dep(b, in->out[j]);
            b->steps[k].ndep = (int)b->ndeps - b->steps[k].dep_start;
            if (b->explain) {
                struct hint *t = xmalloc(sizeof *t);
                t->puzzle = f->p;
                t->quiet = false;
                t->text[0] = '\0';
                t->ncells = 0;
                t->digits = 0;
                keep_text(b, k, branch_words(t, in, cell, d, true, FOLLOW_CLAUSE));
                free(t);
            }
            remove_cand(f, b, cell, d, k);
            run_singles(f, b);
            found = true;
        }
    }
    return found;
}

static enum follow_result follow_branch(struct follow *f, struct branch *b)
{
    for (;;) {
        run_singles(f, b);
        if (b->end != END_NONE)
            return FOLLOW_CONTRADICTION;
        if (b->empty == 0)
            return FOLLOW_SOLVED;
        if (follow_spent(f))
            return FOLLOW_OUT_OF_WORK;
        if (engine_step(f, b))
            continue;
        if (f->opt.nested && b->parent == NULL && nested_step(f, b))
            continue;
        return follow_spent(f) ? FOLLOW_OUT_OF_WORK : FOLLOW_OPEN;
    }
}

static enum follow_result follow_run(struct follow *f, int cell, int d, bool on, bool explain)
{
    branch_start(f, &f->outer, &f->root, NULL, explain);
    suppose(f, &f->outer, cell, d, on);
    return follow_branch(f, &f->outer);
}

enum follow_result follow_suppose(struct follow *f, int cell, int d, bool on)
{
    return follow_run(f, cell, d, on, false);
}

int follow_proof_size(struct follow *f, int *nesting)
{
    int dummy;

    return need_contradiction(f, &f->outer, nesting != NULL ? nesting : &dummy);
}

const char *follow_contradiction_words(struct follow *f, struct hint *h, int cell, int d, bool on,
                                       enum follow_start start)
{
    long work = f->opt.work;
    int nesting;

    f->opt.work = 0;        /* it was followed within the budget once already */
    follow_run(f, cell, d, on, !h->quiet);
    f->opt.work = work;
    if (f->outer.end == END_NONE)
        return "";
    need_contradiction(f, &f->outer, &nesting);
    return branch_words(h, &f->outer, cell, d, on, start);
}

const uint8_t *follow_grid(const struct follow *f)
{
    return f->outer.grid;
}

const digitset *follow_cands(const struct follow *f)
{
    return f->outer.cands;
}

int follow_conclusion_size(struct follow *f, int cell, int d, bool place)
{
    int nesting;

    return need_conclusion(f, &f->outer, cell, d, place, &nesting);
}

const char *follow_conclusion_words(struct follow *f, struct hint *h, int cell, int d, int at, int digit,
                                    bool place)
{
    long work = f->opt.work;
    int nesting;

    f->opt.work = 0;        /* it was followed within the budget once already */
    follow_run(f, cell, d, true, !h->quiet);
    f->opt.work = work;
    need_conclusion(f, &f->outer, at, digit, place, &nesting);
    /* A placement is the last step named; a removal follows from the last. */
    {
        struct hint_buf steps;
        bool any = steps_words(h, &steps, &f->outer, cell, d);
        const char *at_words = hint_cell(h, at);

        if (any && place)
            /* TRANSLATORS: a branch of a forcing chain as a sentence (its period comes
               after): the supposition (%1$s a cell, %2$c a digit) and the steps it forces. */
            return hint_words(h, _("If %1$s is %2$c, then %3$s"), hint_cell(h, cell), hint_digit_symbol(d),
                     hint_buf_words(h, &steps));
        else if (any)
            /* TRANSLATORS: a sentence (its period comes after): the supposition, its steps,
               and the cell (%4$s) that loses digit %5$c. */
            return hint_words(h, _("If %1$s is %2$c, then %3$s, so %4$s is not %5$c"), hint_cell(h, cell),
                     hint_digit_symbol(d), hint_buf_words(h, &steps), at_words, hint_digit_symbol(digit));
        else
            /* TRANSLATORS: a sentence (its period comes after): the supposition and the cell
               (%3$s) that gets (or loses) digit %4$c. */
            return hint_words(h, place ? _("If %1$s is %2$c, so %3$s is %4$c") : _("If %1$s is %2$c, so %3$s is not %4$c"),
                     hint_cell(h, cell), hint_digit_symbol(d), at_words, hint_digit_symbol(digit));
    }
}

long follow_set_budget(struct follow *f, long work)
{
    long old = f->opt.work;

    f->opt.work = work;
    return old;
}
