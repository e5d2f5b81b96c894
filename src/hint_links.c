/* hint_links.c: candidates as the nodes of chains, with their strong and weak links. */
#include "config.h"
#include "hint_links.h"
#include "hint_kakuro_links.h"

#include <stdlib.h>

#include <string.h>

#include "util.h"

/* The peers of every cell, listed once each: the cells of its units.  The list takes
 * room for the cells of each cell's units, not for the largest units of any board: a
 * Kakuro cell has two runs, and a board's black cells none. */
static void build_peers(struct cand_links *l)
{
    const struct puzzle *p = l->p;
    int *mark = xmalloc((size_t)p->ncells * sizeof *mark), n = 0;
    size_t room = 0;

    for (int cell = 0; cell < p->ncells; cell++) {
        mark[cell] = -1;
        for (int k = 0; k < LINKS_MAX_UNITS; k++)
            room += l->unit[cell][k] >= 0 ? (size_t)p->groups[l->unit[cell][k]].ncells : 0;
    }
    l->peers = xmalloc((room + 1) * sizeof *l->peers);
    for (int cell = 0; cell < p->ncells; cell++) {
        l->peer_start[cell] = n;
        mark[cell] = cell;
        for (int k = 0; k < LINKS_MAX_UNITS; k++) {
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
    l->peers = xrealloc(l->peers, ((size_t)n + 1) * sizeof *l->peers);     /* a cell is not its own peer */
    free(mark);
}

/* Numbers the candidates of the empty cells: a cell's, in digit order, from its first. */
static void number_nodes(struct cand_links *l)
{
    const struct puzzle *p = l->p;
    int count = 0;

    l->node_first = xmalloc((size_t)p->ncells * sizeof *l->node_first);
    for (int cell = 0; cell < p->ncells; cell++) {
        l->node_first[cell] = -1;
        if (!p->block[cell] && !l->pos->grid[cell])
            count += popcount32(l->pos->cands[cell]);
    }
    l->nnodes = count;
    l->node_cell = xmalloc(((size_t)count + 1) * sizeof *l->node_cell);
    l->node_digit = xmalloc((size_t)count + 1);
    count = 0;
    for (int cell = 0; cell < p->ncells; cell++) {
        if (p->block[cell] || l->pos->grid[cell])
            continue;
        l->node_first[cell] = count;
        for (digitset c = l->pos->cands[cell]; c; c &= c - 1) {
            l->node_cell[count] = cell;
            l->node_digit[count++] = (uint8_t)lowest_bit(c);
        }
    }
}

/* The cell's groups: a Sudoku cell's row, column and box (a Jigsaw region in the box's
 * slot), then a variant's diagonals and cage in the extra slots; a Kakuro cell's across
 * and down runs; -1 where it has none (a black cell, a side with no run). */
static void links_cell_units(const struct puzzle *p, int cell, int *unit)
{
    int extra = LINKS_FIRST_EXTRA;

    for (int k = 0; k < LINKS_MAX_UNITS; k++)
        unit[k] = -1;
    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][k] >= 0; k++) {
        int g = p->cell_groups[cell][k];
        enum group_kind kind = p->groups[g].kind;
        if (kind == GROUP_ROW || kind == GROUP_ACROSS)
            unit[0] = g;
        else if (kind == GROUP_COLUMN || kind == GROUP_DOWN)
            unit[1] = g;
        else if (kind == GROUP_BOX || kind == GROUP_REGION)
            unit[2] = g;
        else if (extra < LINKS_MAX_UNITS)
            unit[extra++] = g;
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
    build_peers(l);
    l->sums = p->ops->kind == PUZZLE_KAKURO ? sum_links_new(l) : NULL;
}

static void groups_free(struct group_nodes *g);

static void links_free(struct cand_links *l)
{
    free(l->node_first);
    free(l->node_cell);
    free(l->node_digit);
    free(l->unit);
    free(l->peer_start);
    free(l->peers);
    sum_links_free(l->sums);
    groups_free(l->groups);
}

bool links_sees(const struct cand_links *l, int a, int b)
{
    if (a == b)
        return false;
    for (int k = 0; k < LINKS_FIRST_EXTRA; k++)
        if (l->unit[a][k] >= 0 && l->unit[a][k] == l->unit[b][k])
            return true;
    /* A diagonal may sit in another extra slot of each cell (the centre is on both). */
    for (int k = LINKS_FIRST_EXTRA; k < LINKS_MAX_UNITS && l->unit[a][k] >= 0; k++)
        for (int j = LINKS_FIRST_EXTRA; j < LINKS_MAX_UNITS && l->unit[b][j] >= 0; j++)
            if (l->unit[a][k] == l->unit[b][j])
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
    for (int k = 0; k < LINKS_MAX_UNITS; k++) {
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
    for (int k = 0; k < LINKS_MAX_UNITS; k++)
        if (l->unit[ca][k] >= 0 && other_place(l, l->unit[ca][k], d, ca) == cb)
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
    free(chains->plain);
    free(chains);
}

/* --- Group nodes --- */

struct group_nodes {
    int n;
    int *digit;                 /* per group node */
    int (*unit)[2];             /* per group node: its box and its line */
    int *cell_start;            /* its cells: cells[cell_start[g] .. cell_start[g + 1]) */
    int *cells;
    int *in_start;              /* the group nodes inside unit u for digit d: */
    int *in;                    /* in[in_start[u * stride + d] .. in_start[... + 1]) */
    int *place_start;           /* the places of d in unit u, likewise */
    int *places;
};

/* The empty cells of line inside box, in the line's order; their count.  Most lines
 * miss a given box (on a 25x25, 40 of 50): those give none, and no digit is asked. */
static int crossing_cells(const struct cand_links *l, int box, int line, int *out)
{
    const struct puzzle_group *lg = &l->p->groups[line];
    int n = 0;

    for (int i = 0; i < lg->ncells; i++) {
        int cell = lg->cells[i];
        if (!l->pos->grid[cell] && l->unit[cell][2] == box)
            out[n++] = cell;
    }
    return n;
}

/* Those of the crossing's cells that can hold d; their count. */
static int crossing_places(const struct cand_links *l, const int *cells, int ncells, int d, int *out)
{
    int n = 0;

    for (int i = 0; i < ncells; i++)
        if (l->pos->cands[cells[i]] & (1u << d))
            out[n++] = cells[i];
    return n;
}

/* A Jigsaw region crosses the lines as a box does. */
static bool group_is_box(enum group_kind kind)
{
    return kind == GROUP_BOX || kind == GROUP_REGION;
}

/* On Sudoku X a diagonal is a line: a unit whose crossing with a box is a group node. */
static bool group_is_line(enum group_kind kind)
{
    return kind == GROUP_ROW || kind == GROUP_COLUMN || kind == GROUP_DIAGONAL;
}

/* Each box-line crossing with two or more places for a digit becomes a node. */
static void groups_number(struct cand_links *l, struct group_nodes *g)
{
    const struct puzzle *p = l->p;
    size_t cap = 0, ccap = 0, ncells = 0;
    int places[SUDOKU_MAX_SIZE], crossing[SUDOKU_MAX_SIZE];

    g->cell_start = xmalloc(sizeof *g->cell_start);
    g->cell_start[0] = 0;
    for (int box = 0; box < p->ngroups; box++) {
        if (!group_is_box(p->groups[box].kind))
            continue;
        for (int line = 0; line < p->ngroups; line++) {
            int ncrossing;

            if (!group_is_line(p->groups[line].kind)
                || (ncrossing = crossing_cells(l, box, line, crossing)) < 2)
                continue;
            for (int d = 1; d <= p->max_digit; d++) {
                int k = crossing_places(l, crossing, ncrossing, d, places);
                if (k < 2)
                    continue;
                if ((size_t)g->n + 1 > cap) {
                    size_t c = cap;
                    g->digit = xgrow(g->digit, &c, (size_t)g->n + 1, sizeof *g->digit);
                    c = cap;
                    g->unit = xgrow(g->unit, &c, (size_t)g->n + 1, sizeof *g->unit);
                    g->cell_start = xrealloc(g->cell_start, (c + 1) * sizeof *g->cell_start);
                    cap = c;
                }
                g->cells = xgrow(g->cells, &ccap, ncells + (size_t)k, sizeof *g->cells);
                for (int i = 0; i < k; i++)
                    g->cells[ncells++] = places[i];
                g->digit[g->n] = d;
                g->unit[g->n][0] = box;
                g->unit[g->n][1] = line;
                g->cell_start[++g->n] = (int)ncells;
            }
        }
    }
}

/* The index of group nodes by unit and digit. */
static void groups_index(struct cand_links *l, struct group_nodes *g)
{
    size_t slots = (size_t)l->p->ngroups * (size_t)l->stride;
    int *fill;

    g->in_start = xcalloc(slots + 1, sizeof *g->in_start);
    g->in = xmalloc((2 * (size_t)g->n + 1) * sizeof *g->in);
    for (int k = 0; k < g->n; k++)
        for (int j = 0; j < 2; j++)
            g->in_start[(size_t)g->unit[k][j] * (size_t)l->stride + (size_t)g->digit[k] + 1]++;
    for (size_t i = 0; i < slots; i++)
        g->in_start[i + 1] += g->in_start[i];
    fill = xmalloc((slots + 1) * sizeof *fill);
    memcpy(fill, g->in_start, (slots + 1) * sizeof *fill);
    for (int k = 0; k < g->n; k++)
        for (int j = 0; j < 2; j++)
            g->in[fill[(size_t)g->unit[k][j] * (size_t)l->stride + (size_t)g->digit[k]]++] = k;
    free(fill);
}

/* The places of every digit in every unit, listed once for the strong links. */
static void places_index(struct cand_links *l, struct group_nodes *g)
{
    const struct puzzle *p = l->p;
    size_t n = 0, cap = 0;

    g->place_start = xmalloc(((size_t)p->ngroups * (size_t)l->stride + 1) * sizeof *g->place_start);
    g->places = NULL;
    for (int u = 0; u < p->ngroups; u++) {
        for (int d = 0; d < l->stride; d++) {
            g->place_start[u * l->stride + d] = (int)n;
            if (d == 0)
                continue;
            g->places = xgrow(g->places, &cap, n + (size_t)p->groups[u].ncells, sizeof *g->places);
            n += (size_t)hint_cells_with(l->pos, u, d, g->places + n);
        }
    }
    g->place_start[p->ngroups * l->stride] = (int)n;
}

int links_groups(struct cand_links *l)
{
    if (l->groups == NULL) {
        l->groups = xcalloc(1, sizeof *l->groups);
        if (l->p->ops->kind == PUZZLE_SUDOKU) {
            groups_number(l, l->groups);
            groups_index(l, l->groups);
            places_index(l, l->groups);
        }
    }
    return l->groups->n;
}

static void groups_free(struct group_nodes *g)
{
    if (g == NULL)
        return;
    free(g->digit);
    free(g->unit);
    free(g->cell_start);
    free(g->cells);
    free(g->in_start);
    free(g->in);
    free(g->place_start);
    free(g->places);
    free(g);
}

int links_digit_any(const struct cand_links *l, int node)
{
    return links_is_group(l, node) ? l->groups->digit[node - l->nnodes] : links_digit(l, node);
}

int links_cells_any(const struct cand_links *l, int node, const int **cells)
{
    const struct group_nodes *g = l->groups;
    int k = node - l->nnodes;

    if (!links_is_group(l, node)) {
        *cells = &l->node_cell[node];
        return 1;
    }
    *cells = g->cells + g->cell_start[k];
    return g->cell_start[k + 1] - g->cell_start[k];
}

static bool cells_hold(const int *cells, int n, int cell)
{
    for (int i = 0; i < n; i++)
        if (cells[i] == cell)
            return true;
    return false;
}

bool links_weak_any(const struct cand_links *l, int a, int b)
{
    const int *ca, *cb;
    int na, nb;

    if (!links_is_group(l, a) && !links_is_group(l, b))
        return links_weak(l, a, b);
    if (a == b || links_digit_any(l, a) != links_digit_any(l, b))
        return false;
    na = links_cells_any(l, a, &ca);
    nb = links_cells_any(l, b, &cb);
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++)
            if (!links_sees(l, ca[i], cb[j]))
                return false;       /* also when they share a cell */
    return true;
}

/* The node standing for exactly the places of d in unit u other than those of node's
 * cells: a candidate, a group node, or -1 (none, or no node is those cells). */
static int rest_of_unit(const struct cand_links *l, int u, int d, const int *cells, int n)
{
    const struct group_nodes *g = l->groups;
    const int *places = g->places + g->place_start[u * l->stride + d];
    int rest[SUDOKU_MAX_SIZE], k = g->place_start[u * l->stride + d + 1] - g->place_start[u * l->stride + d];
    int nr = 0;

    /* Group nodes are Sudoku's, whose units hold every digit: d has a place left in u
     * unless u holds it already (and then k is 0). */
    if (k <= n || l->p->groups[u].ncells != l->p->max_digit)
        return -1;      /* d is in the node only, or u need not hold it */
    for (int i = 0; i < n; i++)
        if (!cells_hold(places, k, cells[i]))
            return -1;      /* the node is not inside u */
    for (int i = 0; i < k; i++)
        if (!cells_hold(cells, n, places[i]))
            rest[nr++] = places[i];
    if (nr == 1)
        return links_node(l, rest[0], d);
    for (int i = g->in_start[u * l->stride + d]; i < g->in_start[u * l->stride + d + 1]; i++) {
        const int *gc;
        int gn = links_cells_any(l, l->nnodes + g->in[i], &gc);
        bool same = gn == nr;
        for (int j = 0; j < nr && same; j++)
            same = cells_hold(gc, gn, rest[j]);
        if (same)
            return l->nnodes + g->in[i];
    }
    return -1;
}

/* The units wholly holding the node's cells: a candidate's (three, more in a variant),
 * a group's two. */
static int node_units(const struct cand_links *l, int node, int *units)
{
    if (links_is_group(l, node)) {
        units[0] = l->groups->unit[node - l->nnodes][0];
        units[1] = l->groups->unit[node - l->nnodes][1];
        return 2;
    }
    memcpy(units, l->unit[links_cell(l, node)], LINKS_MAX_UNITS * sizeof *units);
    return LINKS_MAX_UNITS;
}

static int add_once(int *out, int n, int node)
{
    for (int i = 0; i < n; i++)
        if (out[i] == node)
            return n;
    out[n] = node;
    return n + 1;
}

int links_strong_any(const struct cand_links *l, int node, int *out)
{
    int units[LINKS_MAX_UNITS], nu, d, n = 0, nc;
    const int *cells;

    if (l->groups == NULL || l->groups->n == 0)
        return links_strong(l, node, out);     /* Kakuro, or no group node at all */
    nu = node_units(l, node, units);
    d = links_digit_any(l, node);
    nc = links_cells_any(l, node, &cells);
    if (!links_is_group(l, node)) {
        digitset cand = l->pos->cands[cells[0]];
        if (popcount32(cand) == 2)
            out[n++] = links_node(l, cells[0], lowest_bit(cand & ~(1u << d)));
    }
    for (int k = 0; k < nu; k++) {
        int other = units[k] >= 0 ? rest_of_unit(l, units[k], d, cells, nc) : -1;
        if (other >= 0)
            n = add_once(out, n, other);
    }
    return n;
}

int links_weak_all_any(const struct cand_links *l, int node, int *out)
{
    const struct group_nodes *g = l->groups;
    int units[LINKS_MAX_UNITS], nu = node_units(l, node, units), d = links_digit_any(l, node), n = 0;
    const int *cells;
    int nc = links_cells_any(l, node, &cells);

    if (!links_is_group(l, node)) {
        n = links_weak_all(l, node, out);
    } else {
        /* The places of d in its box and line outside it (none where they cross). */
        for (int k = 0; k < 2; k++) {
            const struct puzzle_group *grp = &l->p->groups[units[k]];
            for (int i = 0; i < grp->ncells; i++) {
                int c = grp->cells[i];
                if (!l->pos->grid[c] && (l->pos->cands[c] & (1u << d)) && !cells_hold(cells, nc, c)
                    && (k == 0 || l->unit[c][2] != units[0]))
                    out[n++] = links_node(l, c, d);
            }
        }
    }
    for (int k = 0; k < nu; k++) {
        if (units[k] < 0)
            continue;
        for (int i = g->in_start[units[k] * l->stride + d]; i < g->in_start[units[k] * l->stride + d + 1]; i++) {
            int other = l->nnodes + g->in[i];
            if (other != node && links_weak_any(l, node, other))
                n = add_once(out, n, other);
        }
    }
    return n;
}

int links_strong_reason_any(const struct cand_links *l, int a, int b)
{
    int units[LINKS_MAX_UNITS], nu;

    if (!links_is_group(l, a) && !links_is_group(l, b))
        return links_strong_reason(l, a, b);
    nu = node_units(l, a, units);
    for (int k = 0; k < nu; k++) {
        const int *cells;
        int nc = links_cells_any(l, a, &cells);
        if (units[k] >= 0 && rest_of_unit(l, units[k], links_digit_any(l, a), cells, nc) == b)
            return units[k];
    }
    return -1;
}

const char *links_cells_words(const struct hint *h, const struct cand_links *l, int node)
{
    const struct puzzle *p = l->p;
    const int *cells;
    int n = links_cells_any(l, node, &cells);
    bool row = n < 2 || cells[0] / p->width == cells[1] / p->width, wide = p->width > 9;
    struct hint_buf b = HINT_BUF_INIT;

    if (n == 1)
        return hint_cell(h, cells[0]);
    if (!row && cells[0] % p->width != cells[1] % p->width) {
        /* A group on a Sudoku X diagonal: neither one row nor one column. */
        for (int i = 0; i < n; i++)
            hint_buf_add(&b, "%s%s", i > 0 ? "/" : "", hint_cell(h, cells[i]));
        return hint_buf_words(h, &b);
    }
    if (row)
        hint_buf_add(&b, "r%dc", cells[0] / p->width + 1);
    else
        hint_buf_add(&b, "r");
    for (int i = 0; i < n; i++)
        hint_buf_add(&b, "%s%d", i > 0 && wide ? "/" : "",
                     row ? cells[i] % p->width + 1 : cells[i] / p->width + 1);
    if (!row)
        hint_buf_add(&b, "c%d", cells[0] % p->width + 1);
    return hint_buf_words(h, &b);
}
