/* hint_colouring.c: multi-colouring: clusters of one digit's strong links, two colours
 * each, related across clusters by cells that see each other (any Sudoku size). */
#include "config.h"
#include "hint.h"
#include "hint_memo.h"

#include <stdlib.h>

#include "i18n.h"
#include "util.h"

/*
 * In a cluster (places of digit d joined by units where d has only two places) the places
 * alternate between colours; exactly one colour is true.  Simple colouring looks at one
 * cluster.  Across two clusters P and Q: when a place of colour p sees one of colour q,
 * p and q are not both true, so p' (p's other colour) or q' is true.
 *  - Trap: a cell seeing a place of p' and one of q' is not d.
 *  - Wrap: when p sees both colours of Q, p is false: all its places lose d.
 */

#define MAX_CELLS (SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE)

struct clusters {
    int d, n;
    int cell[MAX_CELLS];            /* per node */
    int node_of[MAX_CELLS];         /* per cell: node or -1 */
    int cluster[MAX_CELLS];         /* per node: cluster or -1 (no strong link) */
    int colour[MAX_CELLS];          /* per node: 0 or 1 */
    int nclusters;
    int size[MAX_CELLS];            /* per cluster */
};

static bool has(const struct hint_position *pos, int cell, int d)
{
    return !pos->p->block[cell] && !pos->grid[cell] && (pos->cands[cell] & (1u << d));
}

/* Colours the cluster of start by breadth-first search over strong links; false when it
 * is not two-colourable (a broken position). */
static bool colour_from(struct hint_search *s, struct clusters *c, int start, int *queue)
{
    const struct puzzle *p = s->pos->p;
    int head = 0, tail = 0, id = c->nclusters;
    bool ok = true;

    c->cluster[start] = id;
    c->colour[start] = 0;
    queue[tail++] = start;
    while (head < tail) {
        int u = queue[head++], cell = c->cell[u];
        for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][k] >= 0; k++) {
            int a, b, v;
            if (!hint_strong_pair(s, p->cell_groups[cell][k], c->d, &a, &b))
                continue;
            v = c->node_of[a == cell ? b : a];
            if (c->cluster[v] < 0) {
                c->cluster[v] = id;
                c->colour[v] = !c->colour[u];
                queue[tail++] = v;
            } else if (c->colour[v] == c->colour[u]) {
                ok = false;
            }
        }
    }
    c->size[id] = tail;
    c->nclusters++;
    return ok;
}

static bool clusters_build(struct hint_search *s, int d, struct clusters *c)
{
    const struct puzzle *p = s->pos->p;
    int *queue = xmalloc(MAX_CELLS * sizeof *queue);
    bool ok = true;

    c->d = d;
    c->n = 0;
    c->nclusters = 0;
    for (int cell = 0; cell < p->ncells; cell++) {
        c->node_of[cell] = -1;
        if (has(s->pos, cell, d)) {
            c->node_of[cell] = c->n;
            c->cluster[c->n] = -1;
            c->cell[c->n++] = cell;
        }
    }
    for (int u = 0; u < c->n && ok; u++) {
        int a, b;
        bool linked = false;
        if (c->cluster[u] >= 0)
            continue;
        for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[c->cell[u]][k] >= 0; k++)
            linked |= hint_strong_pair(s, p->cell_groups[c->cell[u]][k], d, &a, &b);
        if (linked)
            ok = colour_from(s, c, u, queue);
    }
    free(queue);
    return ok;
}

/* Whether a node of cluster k, colour col, sees cell (the cell's own node excluded). */
static bool sees_colour(const struct hint_position *pos, const struct clusters *c, int cell,
                        int k, int col, int *witness)
{
    for (int v = 0; v < c->n; v++) {
        if (c->cluster[v] == k && c->colour[v] == col && hint_sees(pos->p, cell, c->cell[v])) {
            if (witness != NULL)
                *witness = c->cell[v];
            return true;
        }
    }
    return false;
}

/* A place of cluster P colour p seeing one of cluster Q colour q: the pair's cells. */
static bool colours_see(const struct hint_position *pos, const struct clusters *c, int P, int p,
                        int Q, int q, int *a, int *b)
{
    for (int u = 0; u < c->n; u++)
        if (c->cluster[u] == P && c->colour[u] == p && sees_colour(pos, c, c->cell[u], Q, q, b)) {
            *a = c->cell[u];
            return true;
        }
    return false;
}

static const char *colour_words(const struct hint *h, const struct clusters *c, int k, int col)
{
    int cells[MAX_CELLS], n = 0;

    for (int v = 0; v < c->n && n < 12; v++)
        if (c->cluster[v] == k && c->colour[v] == col)
            cells[n++] = c->cell[v];
    return hint_cells(h, cells, n, HINT_AND);
}

static void add_cluster_cells(struct hint *h, const struct clusters *c, int k)
{
    for (int v = 0; v < c->n; v++)
        if (c->cluster[v] == k)
            hint_add_cell(h, c->cell[v]);
}

/* Two clusters of a digit's places. */
struct cluster_pair {
    const struct clusters *c;
    int P, Q;
};

static bool in_cluster_pair(int cell, const void *user)
{
    const struct cluster_pair *cp = user;
    int cluster = cp->c->cluster[cp->c->node_of[cell]];

    return cluster == cp->P || cluster == cp->Q;
}

/* P's colour p and Q's colour q cannot both be true (cells a and b see each other). */
static bool multi_emit(struct hint_search *s, const struct clusters *c, int P, int p, int Q,
                       int q, int a, int b)
{
    const struct hint_position *pos = s->pos;
    int d = c->d, wrap_a = -1, wrap_b = -1;
    bool wrap = colours_see(pos, c, P, p, Q, !q, &wrap_a, &wrap_b);
    struct hint h;

    hint_begin(s, &h);
    h.digits = 1u << d;
    add_cluster_cells(&h, c, P);
    add_cluster_cells(&h, c, Q);
    if (wrap) {
        for (int v = 0; v < c->n; v++)
            if (c->cluster[v] == P && c->colour[v] == p)
                hint_add_elim(s, &h, c->cell[v], d);
    } else {
        for (int v = 0; v < c->n; v++) {
            int cell = c->cell[v];
            if (c->cluster[v] != P && c->cluster[v] != Q
                && sees_colour(pos, c, cell, P, !p, NULL) && sees_colour(pos, c, cell, Q, !q, NULL))
                hint_add_elim(s, &h, cell, d);
        }
    }
    if (h.nelim == 0)
        return true;
    const char *links = hint_strong_links_words(s, &h, d, in_cluster_pair,
                                                &(struct cluster_pair){ c, P, Q });
    /* TRANSLATORS: %1$c is a digit, %2$s the units that link its places ("row 1:
     * r1c2-r1c5, box 3: r2c7-r3c9"), %3$s to %6$s the cells of colours A, A', B and B'. */
    hint_say(&h, _("the places for %1$c joined by units where %1$c has only two places (%2$s) form "
                   "two clusters, each of two colours, one of them true: A (%3$s) against A' (%4$s), "
                   "and B (%5$s) against B' (%6$s). "),
             hint_digit_symbol(d), links, colour_words(&h, c, P, p), colour_words(&h, c, P, !p),
             colour_words(&h, c, Q, q), colour_words(&h, c, Q, !q));
    if (wrap)
        /* TRANSLATORS: %1$s is a cell of A, %2$s one of B; %3$s another of A, %4$s one of B';
         * %5$c the digit. */
        hint_say(&h, _("%1$s of A sees %2$s of B, so A and B are not both true; %3$s of A also sees "
                       "%4$s of B', so A would leave neither B nor B' true: A is false, and its places "
                       "cannot be %5$c"),
                 hint_cell(&h, a), hint_cell(&h, b), hint_cell(&h, wrap_a), hint_cell(&h, wrap_b),
                 hint_digit_symbol(d));
    else
        hint_say(&h, _("%1$s of A sees %2$s of B, so A and B are not both true: A' or B' is true, and "
                       "a cell seeing a place of A' and one of B' cannot be %3$c"),
                 hint_cell(&h, a), hint_cell(&h, b), hint_digit_symbol(d));
    hint_say_eliminations(&h);
    return hint_emit(s, &h);
}

static bool multi_digit(struct hint_search *s, const struct clusters *c)
{
    const struct hint_position *pos = s->pos;

    for (int P = 0; P < c->nclusters; P++) {
        for (int Q = 0; Q < c->nclusters; Q++) {
            /* Two lone strong links are a four-place X-chain (a turbot fish): that
             * technique's to report. */
            if (Q == P || c->size[P] < 2 || c->size[Q] < 2 || c->size[P] + c->size[Q] < 5)
                continue;
            for (int p = 0; p < 2; p++) {
                for (int q = 0; q < 2; q++) {
                    int a, b, a2, b2;
                    /* A trap is found from both clusters: once, from the lower one; a
                     * wrap of either cluster's colour from its own side. */
                    if (!colours_see(pos, c, P, p, Q, q, &a, &b))
                        continue;
                    if (P > Q && !colours_see(pos, c, P, p, Q, !q, &a2, &b2))
                        continue;
                    if (!multi_emit(s, c, P, p, Q, q, a, b))
                        return false;
                }
            }
        }
    }
    return true;
}

void hint_find_multi_colouring(struct hint_search *s)
{
    struct clusters *c = xmalloc(sizeof *c);

    for (int d = 1; d <= s->pos->p->max_digit; d++) {
        int found = s->found;

        if (hint_memo_vain(s, d, NULL))
            continue;
        if (clusters_build(s, d, c) && !multi_digit(s, c))
            break;
        if (s->found == found)
            hint_memo_keep_vain(s, d, 0);
    }
    free(c);
}
