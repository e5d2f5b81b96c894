/* rating_nishio.c: Sudoku Explainer's Nishio forcing chain, found and measured as SE does, for the number of steps SE would take one in place of. */
#include "config.h"
#include "rating.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

/*
 * SE tries its chains in a fixed order and takes the first kind that finds anything:
 * alternating chains and cycles (6.5-7.0 and their length), aligned triple exclusion
 * (7.5), Nishio chains (7.5), cell and region forcing chains (8.0), dynamic ones (8.5),
 * nested ones (9.0 and up).  A Nishio supposes one candidate true (or false) and follows
 * that digit alone: placed, it leaves its peers; a unit where the digit keeps one place
 * puts it there (the grid updated as it goes).  Two conclusions about one candidate, on
 * and off, are a contradiction, and the supposition is refuted.  SE's length for it is
 * the number of candidates the two conclusions rest on: each one's ancestors (itself, the
 * candidate whose change forced it, and for a hidden single every place of the digit the
 * chain removed from that unit), the two counted apart and added, less two.  Only the
 * rule for one digit is followed, so a Nishio cannot make the deductions of the locked
 * sets (the ALS family) or of several digits at once; what it makes is often a finned
 * fish, a grouped X-chain, or a refutation elsewhere in the grid.
 *
 * SE rates plain 9x9 Sudoku, and only these are rated by its order: other sizes and the
 * variants keep their techniques' numbers (and so their levels, which the generator aims
 * at; a 6x6 Sudoku X settled by a contradiction chain would have no Master left).
 */

#define NISHIO_BASE 75
#define NISHIO_MAX_PARENTS 10       /* a hidden single: its trigger and 8 removed places */

/* A conclusion not stored (the second of a contradiction): its node, parents and (an "on"
 * node) its unit. */
struct fresh {
    int node, npar;
    int16_t par[NISHIO_MAX_PARENTS];
    int16_t group;
};

/* A candidate of the chain's digit: node = cell * 2 + (1 if on, 0 if off). */
struct nishio {
    const struct puzzle *p;
    const digitset *cands;
    int d, nnodes;
    int conflict;               /* the cell of the contradiction's candidate */
    uint8_t *cur;               /* per cell: the digit still a candidate (the updated grid) */
    uint8_t *known;             /* per node: concluded by the chain */
    uint8_t *seen;              /* per node: for counting ancestors */
    uint8_t *npar;
    int16_t (*par)[NISHIO_MAX_PARENTS];
    int16_t *group;             /* per "on" node: the unit where it was the last place */
    int *found;                 /* the nodes concluded, in the order found */
    int nfound;
    int *queue_on, *queue_off;
    int on_head, on_tail, off_head, off_tail;
    int stored;                 /* the contradiction's conclusions (contradiction_size) */
    struct fresh last;
};

static void nishio_clear(struct nishio *n)
{
    for (int c = 0; c < n->p->ncells; c++)
        n->cur[c] = (n->cands[c] >> n->d) & 1u;
    memset(n->known, 0, (size_t)n->nnodes);
    memset(n->npar, 0, (size_t)n->nnodes);
    n->on_head = n->on_tail = n->off_head = n->off_tail = 0;
    n->nfound = 0;
}

static void nishio_add(struct nishio *n, const struct fresh *f)
{
    n->known[f->node] = 1;
    n->npar[f->node] = (uint8_t)f->npar;
    memcpy(n->par[f->node], f->par, (size_t)f->npar * sizeof f->par[0]);
    n->group[f->node] = f->group;
    n->found[n->nfound++] = f->node;
    if (f->node & 1)
        n->queue_on[n->on_tail++] = f->node / 2;
    else
        n->queue_off[n->off_tail++] = f->node / 2;
}

/* The ancestors of node, counted into n->seen (each once); returns how many were new. */
static int ancestors(struct nishio *n, int node)
{
    int count;

    if (n->seen[node])
        return 0;
    n->seen[node] = 1;
    count = 1;
    for (int i = 0; i < n->npar[node]; i++)
        count += ancestors(n, n->par[node][i]);
    return count;
}

/* SE's complexity of a contradiction: the ancestors of the stored conclusion, and apart
 * from them those of the fresh one (its own node and its parents'). */
static int contradiction_size(struct nishio *n, int stored, const struct fresh *f)
{
    int size;

    n->last = *f;
    n->conflict = stored / 2;
    n->stored = stored;
    memset(n->seen, 0, (size_t)n->nnodes);
    size = ancestors(n, stored);
    memset(n->seen, 0, (size_t)n->nnodes);
    n->seen[f->node] = 1;
    size++;
    for (int i = 0; i < f->npar; i++)
        size += ancestors(n, f->par[i]);
    return size;
}

/* The units of cell, boxes first (SE looks at the box, then the row and column). */
static int units_of(const struct puzzle *p, int cell, int *units)
{
    int n = 0;

    for (int pass = 0; pass < 2; pass++)
        for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][k] >= 0; k++) {
            const struct puzzle_group *grp = &p->groups[p->cell_groups[cell][k]];

            if (puzzle_group_is_unit(p, grp) && puzzle_group_is_box(grp) == (pass == 0))
                units[n++] = p->cell_groups[cell][k];
        }
    return n;
}

/* The digit placed in cell x leaves its peers; a peer already concluded on is a
 * contradiction (returns its size), else 0. */
static int follow_on(struct nishio *n, int x)
{
    int units[PUZZLE_MAX_CELL_GROUPS], nunits = units_of(n->p, x, units);

    for (int u = 0; u < nunits; u++) {
        const struct puzzle_group *grp = &n->p->groups[units[u]];

        for (int i = 0; i < grp->ncells; i++) {
            int y = grp->cells[i];
            struct fresh f = { y * 2, 1, { (int16_t)(x * 2 + 1) }, -1 };

            if (y == x || !n->cur[y])
                continue;
            if (n->known[y * 2 + 1])
                return contradiction_size(n, y * 2 + 1, &f);
            if (!n->known[y * 2])
                nishio_add(n, &f);
        }
    }
    return 0;
}

/* The digit leaves cell y: in each unit of y where it had two places, it goes to the
 * other, resting on y and on every place of the unit the chain removed before.  Then y
 * loses it.  A place already concluded off is a contradiction (returns its size). */
static int follow_off(struct nishio *n, int y)
{
    int units[PUZZLE_MAX_CELL_GROUPS], nunits = units_of(n->p, y, units), nfound = 0;
    struct fresh found[PUZZLE_MAX_CELL_GROUPS];

    for (int u = 0; u < nunits; u++) {
        const struct puzzle_group *grp = &n->p->groups[units[u]];
        int places = 0, other = -1;
        struct fresh f = { 0, 1, { (int16_t)(y * 2) }, -1 };
        bool again = false;

        for (int i = 0; i < grp->ncells; i++) {
            int c = grp->cells[i];

            if (n->cur[c]) {
                places++;
                other = c != y ? c : other;
            } else if ((n->cands[c] >> n->d) & 1u && f.npar < NISHIO_MAX_PARENTS) {
                f.par[f.npar++] = (int16_t)(c * 2);
            }
        }
        if (places != 2 || other < 0)
            continue;
        f.node = other * 2 + 1;
        f.group = (int16_t)units[u];
        for (int k = 0; k < nfound; k++)
            again = again || found[k].node == f.node;
        if (!again)
            found[nfound++] = f;
    }
    n->cur[y] = 0;
    for (int k = 0; k < nfound; k++) {
        if (n->known[found[k].node - 1])
            return contradiction_size(n, found[k].node - 1, &found[k]);
        if (!n->known[found[k].node])
            nishio_add(n, &found[k]);
    }
    return 0;
}

/* Supposes (cell, d) on or off and follows it: the size of the contradiction reached
 * first (as SE's search meets them, the conclusions "on" first), or 0. */
static int nishio_suppose(struct nishio *n, int cell, bool on)
{
    struct fresh start = { cell * 2 + on, 0, { 0 }, -1 };

    nishio_clear(n);
    nishio_add(n, &start);
    while (n->on_head < n->on_tail || n->off_head < n->off_tail) {
        int size = n->on_head < n->on_tail ? follow_on(n, n->queue_on[n->on_head++])
                                           : follow_off(n, n->queue_off[n->off_head++]);

        if (size > 0)
            return size;
    }
    return 0;
}

/* The first unit of cell x that holds cell y. */
static int unit_with(const struct puzzle *p, int x, int y)
{
    int units[PUZZLE_MAX_CELL_GROUPS], nunits = units_of(p, x, units);

    for (int u = 0; u < nunits; u++)
        for (int i = 0; i < p->groups[units[u]].ncells; i++)
            if (p->groups[units[u]].cells[i] == y)
                return units[u];
    return -1;
}

/* The proof of the contradiction just reached, into best: the digits placed that the two
 * conclusions rest on (their ancestors, as SE counts them), in the order found, and the
 * contradiction: a digit placed where one was placed in a peer (the fresh conclusion is
 * "off"), or a unit's last place of the digit ruled out (it is "on"). */
static void nishio_proof(struct nishio *n, struct rating_nishio *best)
{
    memset(n->seen, 0, (size_t)n->nnodes);
    ancestors(n, n->stored);
    for (int i = 0; i < n->last.npar; i++)
        ancestors(n, n->last.par[i]);
    best->nsteps = 0;
    for (int k = 0; k < n->nfound; k++) {
        int node = n->found[k];

        if (n->seen[node] && (node & 1) && n->npar[node] > 0 && best->nsteps < RATING_NISHIO_MAX_STEPS) {
            best->steps[best->nsteps].cell = (int16_t)(node / 2);
            best->steps[best->nsteps++].group = n->group[node];
        }
    }
    best->twice = !(n->last.node & 1);
    best->end_cell = best->twice ? n->last.par[0] / 2 : -1;
    best->end_group = best->twice ? unit_with(n->p, best->end_cell, best->conflict) : n->last.group;
}

bool rating_nishio(const struct hint_position *pos, struct rating_nishio *best)
{
    const struct puzzle *p = pos->p;
    struct nishio n = { .p = p, .cands = pos->cands, .nnodes = 2 * p->ncells };

    best->tenths = 0;
    if (!rating_puzzle_is_se(p))
        return false;
    n.cur = xmalloc((size_t)p->ncells);
    n.known = xmalloc((size_t)n.nnodes);
    n.seen = xmalloc((size_t)n.nnodes);
    n.npar = xmalloc((size_t)n.nnodes);
    n.par = xmalloc((size_t)n.nnodes * sizeof *n.par);
    n.group = xmalloc((size_t)n.nnodes * sizeof *n.group);
    n.found = xmalloc((size_t)n.nnodes * sizeof *n.found);
    n.queue_on = xmalloc((size_t)p->ncells * sizeof *n.queue_on);
    n.queue_off = xmalloc((size_t)p->ncells * sizeof *n.queue_off);
    for (int cell = 0; cell < p->ncells && best->tenths != NISHIO_BASE; cell++) {
        if (pos->grid[cell] != 0 || popcount32(pos->cands[cell]) < 2)
            continue;
        for (n.d = 1; n.d <= p->max_digit; n.d++) {
            if (!((pos->cands[cell] >> n.d) & 1u))
                continue;
            for (int on = 1; on >= 0; on--) {
                int size = nishio_suppose(&n, cell, on);
                int tenths = size > 0 ? NISHIO_BASE + rating_length_bonus(size - 2) : 0;

                if (tenths > 0 && (best->tenths == 0 || tenths < best->tenths))
                    *best = (struct rating_nishio){ .cell = cell, .digit = n.d, .conflict = n.conflict,
                                                    .size = size, .tenths = tenths, .on = on };
            }
        }
    }
    if (best->tenths > 0) {
        /* Followed again, to keep the proof of the one kept. */
        n.d = best->digit;
        nishio_suppose(&n, best->cell, best->on);
        nishio_proof(&n, best);
    }
    free(n.cur);
    free(n.known);
    free(n.seen);
    free(n.npar);
    free(n.par);
    free(n.group);
    free(n.found);
    free(n.queue_on);
    free(n.queue_off);
    return best->tenths > 0;
}
