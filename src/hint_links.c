/* hint_links.c: candidates as the nodes of chains, with their strong and weak links. */
#include "config.h"
#include "hint_links.h"
#include "hint_kakuro_links.h"

#include <stdlib.h>

#include "util.h"

/* The peers of every cell, listed once each: the cells of its three units. */
static void build_peers(struct cand_links *l)
{
    const struct puzzle *p = l->p;
    int *mark = xmalloc((size_t)p->ncells * sizeof *mark), n = 0;

    for (int cell = 0; cell < p->ncells; cell++)
        mark[cell] = -1;
    for (int cell = 0; cell < p->ncells; cell++) {
        l->peer_start[cell] = n;
        mark[cell] = cell;
        for (int k = 0; k < 3; k++) {
            const struct puzzle_group *grp;
            if (l->unit[cell][k] < 0)
                continue;
            grp = &p->groups[l->unit[cell][k]];
            for (int i = 0; i < grp->ncells; i++) {
                int other = grp->cells[i];
                if (mark[other] != cell) {
                    mark[other] = cell;
                    l->peers[n++] = other;
                }
            }
        }
    }
    l->peer_start[p->ncells] = n;
    free(mark);
}

/* Numbers the candidates of the empty cells. */
static void number_nodes(struct cand_links *l)
{
    const struct puzzle *p = l->p;
    size_t n = (size_t)p->ncells * (size_t)l->stride;
    int count = 0;

    l->node_of = xmalloc(n * sizeof *l->node_of);
    for (size_t i = 0; i < n; i++)
        l->node_of[i] = -1;
    for (int cell = 0; cell < p->ncells; cell++)
        if (!p->block[cell] && !l->pos->grid[cell])
            count += popcount32(l->pos->cands[cell]);
    l->nnodes = count;
    l->node_cell = xmalloc(((size_t)count + 1) * sizeof *l->node_cell);
    l->node_digit = xmalloc((size_t)count + 1);
    count = 0;
    for (int cell = 0; cell < p->ncells; cell++) {
        if (p->block[cell] || l->pos->grid[cell])
            continue;
        for (digitset c = l->pos->cands[cell]; c; c &= c - 1) {
            l->node_of[cell * l->stride + lowest_bit(c)] = count;
            l->node_cell[count] = cell;
            l->node_digit[count++] = (uint8_t)lowest_bit(c);
        }
    }
}

/* The cell's groups by kind: a Sudoku cell's row, column and box; a Kakuro cell's across
 * and down runs, then -1 (as for a black cell or a side with no run). */
static void links_cell_units(const struct puzzle *p, int cell, int *unit)
{
    unit[0] = unit[1] = unit[2] = -1;
    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][k] >= 0; k++) {
        int g = p->cell_groups[cell][k];
        enum group_kind kind = p->groups[g].kind;
        unit[kind >= GROUP_ACROSS ? kind - GROUP_ACROSS : kind] = g;
    }
}

static void links_init(struct cand_links *l, struct hint_search *s)
{
    const struct puzzle *p = s->pos->p;

    l->s = s;
    l->pos = s->pos;
    l->p = p;
    l->stride = p->max_digit + 1;
    number_nodes(l);
    l->unit = xmalloc((size_t)p->ncells * sizeof *l->unit);
    for (int cell = 0; cell < p->ncells; cell++)
        links_cell_units(p, cell, l->unit[cell]);
    l->peer_start = xmalloc((size_t)(p->ncells + 1) * sizeof *l->peer_start);
    l->peers = xmalloc((size_t)p->ncells * 3 * (size_t)p->max_digit * sizeof *l->peers);
    build_peers(l);
    l->sums = p->ops->kind == PUZZLE_KAKURO ? sum_links_new(l) : NULL;
}

static void links_free(struct cand_links *l)
{
    free(l->node_of);
    free(l->node_cell);
    free(l->node_digit);
    free(l->unit);
    free(l->peer_start);
    free(l->peers);
    sum_links_free(l->sums);
}

bool links_sees(const struct cand_links *l, int a, int b)
{
    if (a == b)
        return false;
    for (int k = 0; k < 3; k++)
        if (l->unit[a][k] >= 0 && l->unit[a][k] == l->unit[b][k])
            return true;
    return false;
}

bool links_weak(const struct cand_links *l, int a, int b)
{
    int ca = links_cell(l, a), cb = links_cell(l, b);

    if (a == b)
        return false;
    if (ca == cb)
        return true;
    if (links_digit(l, a) == links_digit(l, b))
        return links_sees(l, ca, cb);
    return l->sums != NULL && sum_links_weak(l->sums, a, b);
}

int links_weak_reason(const struct cand_links *l, int a, int b)
{
    int ca = links_cell(l, a), cb = links_cell(l, b);

    if (l->sums == NULL || ca == cb || links_digit(l, a) == links_digit(l, b)
        || !sum_links_weak(l->sums, a, b))
        return -1;
    return sum_links_run(l, ca, cb);
}

/* The other place of d in unit g when d has exactly two there, else -1. */
static int other_place(const struct cand_links *l, int g, int d, int cell)
{
    int a, b;

    if (g < 0 || !hint_strong_pair(l->s, g, d, &a, &b) || (a != cell && b != cell))
        return -1;
    return a == cell ? b : a;
}

int links_strong(const struct cand_links *l, int node, int *out)
{
    int cell = links_cell(l, node), d = links_digit(l, node), n = 0;
    digitset cand = l->pos->cands[cell];

    if (popcount32(cand) == 2)
        out[n++] = links_node(l, cell, lowest_bit(cand & ~(1u << d)));
    for (int k = 0; k < 3; k++) {
        int other = other_place(l, l->unit[cell][k], d, cell), m;
        bool dup = false;
        if (other < 0)
            continue;
        m = links_node(l, other, d);
        for (int i = 0; i < n; i++)
            dup |= out[i] == m;
        if (!dup)
            out[n++] = m;
    }
    return n;
}

int links_weak_all(const struct cand_links *l, int node, int *out)
{
    int cell = links_cell(l, node), d = links_digit(l, node), n = 0;

    for (digitset c = l->pos->cands[cell] & ~(1u << d); c; c &= c - 1)
        out[n++] = links_node(l, cell, lowest_bit(c));
    for (int i = l->peer_start[cell]; i < l->peer_start[cell + 1]; i++) {
        int other = l->peers[i];
        if (!l->pos->grid[other] && (l->pos->cands[other] & (1u << d)))
            out[n++] = links_node(l, other, d);
    }
    if (l->sums != NULL)
        n += sum_links_all(l->sums, node, out + n);
    return n;
}

int links_strong_reason(const struct cand_links *l, int a, int b)
{
    int ca = links_cell(l, a), cb = links_cell(l, b), d = links_digit(l, a);

    if (ca == cb)
        return -1;
    for (int k = 0; k < 3; k++)
        if (l->unit[ca][k] >= 0 && l->unit[ca][k] == l->unit[cb][k] && other_place(l, l->unit[ca][k], d, ca) == cb)
            return l->unit[ca][k];
    return -1;
}

int links_peers_with(const struct cand_links *l, int cell, int d, int *out)
{
    int n = 0;

    for (int i = l->peer_start[cell]; i < l->peer_start[cell + 1]; i++) {
        int other = l->peers[i];
        if (!l->pos->grid[other] && (l->pos->cands[other] & (1u << d)))
            out[n++] = other;
    }
    return n;
}

struct cand_links *links_get(struct hint_search *s)
{
    if (s->chains == NULL) {
        s->chains = xcalloc(1, sizeof *s->chains);
        links_init(&s->chains->links, s);
    }
    return &s->chains->links;
}

void hint_chains_free(struct hint_chains *chains)
{
    if (chains == NULL)
        return;
    links_free(&chains->links);
    forcing_memo_free(chains->memo);
    free(chains);
}
