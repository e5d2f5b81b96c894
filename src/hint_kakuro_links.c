/* hint_kakuro_links.c: a Kakuro run's sum as the chains see it: the digits every
 * combination that fits its cells needs (strong links, forcing), the pairs of candidates
 * no fitting combination holds together (a supposition followed through the run's sum). */
#include "config.h"
#include "hint_kakuro_links.h"

#include <stdlib.h>
#include <string.h>

#include "hint_links.h"

#include "util.h"

digitset hint_group_required(const struct hint_position *pos, int g)
{
    const struct puzzle *p = pos->p;
    const struct puzzle_group *grp = &p->groups[g];
    digitset allowed[KAKURO_GROUP_MAX], common;

    if (grp->ncells == p->max_digit)
        return (((1u << (p->max_digit + 1)) - 1) & ~1u) & ~hint_group_placed(pos, g);
    if (kakuro_fit_group(p, g, pos->grid, pos->cands, allowed, &common) <= 0)
        return 0;
    return common;
}

/* --- Sum links --- */

/*
 * For a candidate d of cell c, the digits each other cell of c's runs with a sum can
 * take when c is d: one fit of the run with c held to d.  Two candidates of a run are
 * then linked weakly when neither allows the other.  Kept per node, for both runs (k 0
 * across, 1 down), in the runs' cell order, in 16 bits (Kakuro's digits go to 9): a
 * large board has many nodes.
 */
typedef uint16_t run_digits;

struct sum_links {
    const struct cand_links *l;
    uint8_t *ready;                             /* per node */
    run_digits (*with)[2][KAKURO_RUN_MAX];      /* per node */
};

struct sum_links *sum_links_new(const struct cand_links *l)
{
    struct sum_links *sl = xmalloc(sizeof *sl);

    sl->l = l;
    sl->ready = xcalloc((size_t)l->nnodes + 1, 1);
    sl->with = xmalloc(((size_t)l->nnodes + 1) * sizeof *sl->with);
    return sl;
}

void sum_links_free(struct sum_links *sl)
{
    if (sl == NULL)
        return;
    free(sl->ready);
    free(sl->with);
    free(sl);
}

/* The run of kind k (0 across, 1 down) of the cell when it has a sum, else -1. */
static int sum_run(const struct cand_links *l, int cell, int k)
{
    int g = l->unit[cell][k];

    return g >= 0 && puzzle_group_has_sum(&l->p->groups[g]) ? g : -1;
}

static void sum_links_fill(struct sum_links *sl, int node)
{
    const struct cand_links *l = sl->l;
    int cell = links_cell(l, node), d = links_digit(l, node);

    for (int k = 0; k < 2; k++) {
        int g = sum_run(l, cell, k);
        digitset allowed[KAKURO_RUN_MAX];
        for (int i = 0; i < KAKURO_RUN_MAX; i++)
            allowed[i] = ~0u;       /* no run: everything allowed */
        if (g >= 0 && kakuro_fit_group_holding(l->p, g, l->pos->grid, l->pos->cands, cell, 1u << d, allowed, NULL) <= 0)
            for (int i = 0; i < KAKURO_RUN_MAX; i++)
                allowed[i] = 0;
        for (int i = 0; i < KAKURO_RUN_MAX; i++)
            sl->with[node][k][i] = (run_digits)allowed[i];
    }
    sl->ready[node] = 1;
}

int sum_links_run(const struct cand_links *l, int ca, int cb)
{
    for (int k = 0; k < 2; k++) {
        int g = sum_run(l, ca, k);
        if (g >= 0 && g == l->unit[cb][k])
            return g;
    }
    return -1;
}

/* The index of cell in group g. */
static int index_in(const struct puzzle *p, int g, int cell)
{
    const struct puzzle_group *grp = &p->groups[g];

    for (int i = 0; i < grp->ncells; i++)
        if (grp->cells[i] == cell)
            return i;
    return -1;
}

bool sum_links_weak(struct sum_links *sl, int a, int b)
{
    const struct cand_links *l = sl->l;
    int ca = links_cell(l, a), cb = links_cell(l, b), g, k;

    if (ca == cb || links_digit(l, a) == links_digit(l, b) || (g = sum_links_run(l, ca, cb)) < 0)
        return false;
    if (!sl->ready[a])
        sum_links_fill(sl, a);
    k = l->unit[ca][0] == g ? 0 : 1;
    return !((digitset)sl->with[a][k][index_in(l->p, g, cb)] & (1u << links_digit(l, b)));
}

int sum_links_all(struct sum_links *sl, int node, int *out)
{
    const struct cand_links *l = sl->l;
    int cell = links_cell(l, node), d = links_digit(l, node), n = 0;

    if (!sl->ready[node])
        sum_links_fill(sl, node);
    for (int k = 0; k < 2; k++) {
        int g = sum_run(l, cell, k);
        const struct puzzle_group *grp;
        if (g < 0)
            continue;
        grp = &l->p->groups[g];
        for (int i = 0; i < grp->ncells; i++) {
            int other = grp->cells[i];
            if (other == cell || l->pos->grid[other])
                continue;
            /* Candidates the fit with this one leaves out (the same digit is a plain weak
             * link, listed with the peers). */
            for (digitset c = l->pos->cands[other] & ~(digitset)sl->with[node][k][i] & ~(1u << d);
                 c; c &= c - 1)
                out[n++] = links_node(l, other, lowest_bit(c));
        }
    }
    return n;
}
