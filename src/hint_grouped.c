/* hint_grouped.c: grouped X-chains: chains of places for one digit in which a node may be a
 * group, the cells of a box-line intersection that can hold the digit. */
#include "config.h"
#include "hint.h"
#include "hint_memo.h"

#include <stdlib.h>
#include <string.h>

#include "hint_kakuro_links.h"
#include "i18n.h"
#include "util.h"

/*
 * A group node stands for "the digit is in one of these cells" (two or more cells where a
 * box, or a Jigsaw's region, and a row, column or diagonal cross).  Two nodes are strongly
 * linked in a group that holds both and must hold the digit (a unit; a Killer cage whose
 * every combination has it) when every place of the digit in that group is in one of
 * them (one of them holds it), weakly linked when every cell of one sees every cell of the
 * other through any group, a cage too (not both).  A
 * chain alternates strong and weak links, strong at both ends, so one end holds the digit:
 * a cell seeing every cell of both ends cannot.  Chains without a group are X-chains,
 * found before; here at least one group is required.  Search: breadth first from each
 * node, chains of at most GROUPED_MAX_NODES nodes, bounded by GROUPED_EFFORT links.
 */
#define GROUPED_MAX_NODES 12
#define GROUPED_MAX_CELLS 9         /* cells of a group node: a box's width on plain
                                     * Sudoku; a region's or a diagonal's share may be more
                                     * (a node of more is left out) */
#define GROUPED_EFFORT 200000L

struct gnode {
    int n;
    int cells[GROUPED_MAX_CELLS];
};

struct glink {
    int to, unit;               /* unit: the strong link's, or -1 for a weak link */
};

struct grouped {
    struct hint_search *s;
    const struct puzzle *p;
    int d;
    struct gnode *nodes;
    int nnodes;
    size_t nodes_cap;
    struct glink *strong;       /* per node: its strong links, in strong_start .. */
    int *strong_start;
    size_t strong_cap;
    int *parent, *depth, *stamp, *queue, *via;  /* per state (node * 2 + strong-next) */
    int gen;
    long effort;
    uint8_t *meets;             /* [a * ngroups + b]: groups a and b share a cell */
    /* Each box-line crossing build_nodes looks at, in its order: the line's cells in the
     * box, in the line's order, from crossing_start[i] to crossing_start[i + 1]; worked
     * out once, not per digit. */
    int *crossing_cells, *crossing_start, ncrossings;
    /* Per group, the nodes wholly inside it (ascending), from inside_start[u] to
     * inside_start[u + 1], for build_strong: by each node's groups, not by asking every
     * group about every node. */
    int *inside, *inside_start;
    /* Per node u, once asked (weak_known[u]), bit v of weak[u * weak_words ..] for each
     * node v with a strong link: u and v are disjoint and every cell of one sees every
     * cell of the other.  Every start's search asks the same questions: answered once
     * per digit, not once per start. */
    uint64_t *weak;
    uint8_t *weak_known;
    size_t weak_words;
    int *linked, nlinked;       /* the nodes with a strong link, ascending: a chain
                                 * goes on only from those */
    digitset *required;         /* per group: the digits it must hold (hint_group_required) */
};

static bool has_d(const struct grouped *g, int cell)
{
    return !g->p->block[cell] && !g->s->pos->grid[cell] && (g->s->pos->cands[cell] & (1u << g->d));
}

static void add_node(struct grouped *g, const int *cells, int n)
{
    g->nodes = xgrow(g->nodes, &g->nodes_cap, (size_t)g->nnodes + 1, sizeof *g->nodes);
    g->nodes[g->nnodes].n = n;
    memcpy(g->nodes[g->nnodes].cells, cells, (size_t)n * sizeof *cells);
    g->nnodes++;
}

static bool in_node(const struct gnode *a, int cell)
{
    for (int i = 0; i < a->n; i++)
        if (a->cells[i] == cell)
            return true;
    return false;
}

static bool disjoint(const struct gnode *a, const struct gnode *b)
{
    for (int i = 0; i < a->n; i++)
        if (in_node(b, a->cells[i]))
            return false;
    return true;
}

/* Every cell of a sees every cell of b. */
static bool sees_all(const struct grouped *g, const struct gnode *a, const struct gnode *b)
{
    for (int i = 0; i < a->n; i++)
        for (int j = 0; j < b->n; j++)
            if (!hint_sees(g->p, a->cells[i], b->cells[j]))
                return false;
    return true;
}

/* Whether a group is a line a group node may lie along: a row, a column, a diagonal. */
static bool is_line(const struct puzzle_group *grp)
{
    return grp->kind == GROUP_ROW || grp->kind == GROUP_COLUMN || grp->kind == GROUP_DIAGONAL;
}

/* The nodes: each place of d, then each box-line intersection with two or more (a Jigsaw
 * region plays the box, a diagonal the line). */
static void build_nodes(struct grouped *g)
{
    const struct puzzle *p = g->p;

    g->nnodes = 0;
    for (int cell = 0; cell < p->ncells; cell++)
        if (has_d(g, cell))
            add_node(g, &cell, 1);
    for (int x = 0; x < g->ncrossings; x++) {
        int cells[GROUPED_MAX_CELLS], n = 0;

        for (int i = g->crossing_start[x]; i < g->crossing_start[x + 1] && n >= 0; i++) {
            if (!has_d(g, g->crossing_cells[i]))
                continue;
            if (n == GROUPED_MAX_CELLS)
                n = -1;             /* too many: no node */
            else
                cells[n++] = g->crossing_cells[i];
        }
        if (n >= 2)
            add_node(g, cells, n);
    }
}

/* The box-line crossings (see struct grouped). */
static void find_crossings(struct grouped *g)
{
    const struct puzzle *p = g->p;
    size_t n = 0, cap = 0, xcap = 0;

    g->crossing_cells = NULL;
    g->crossing_start = xmalloc(sizeof *g->crossing_start);
    g->crossing_start[0] = 0;
    g->ncrossings = 0;
    for (int box = 0; box < p->ngroups; box++) {
        if (!puzzle_group_is_box(&p->groups[box]))
            continue;
        for (int line = 0; line < p->ngroups; line++) {
            const struct puzzle_group *lg = &p->groups[line];
            /* A line that misses the box has no cell in it: not walked (on a 25x25, 40
             * of the 50 lines miss each box). */
            if (!is_line(lg) || !g->meets[box * p->ngroups + line])
                continue;
            for (int i = 0; i < lg->ncells; i++)
                if (hint_in_group(p, lg->cells[i], box)) {
                    g->crossing_cells = xgrow(g->crossing_cells, &cap, n + 1, sizeof *g->crossing_cells);
                    g->crossing_cells[n++] = lg->cells[i];
                }
            g->crossing_start = xgrow(g->crossing_start, &xcap, (size_t)g->ncrossings + 2,
                                      sizeof *g->crossing_start);
            g->crossing_start[++g->ncrossings] = (int)n;
        }
    }
}

/* The groups holding every cell of node a: the first cell's groups that hold the rest. */
static int node_groups(const struct grouped *g, const struct gnode *a, int *groups)
{
    const int16_t *first = g->p->cell_groups[a->cells[0]];
    int n = 0;

    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && first[k] >= 0; k++) {
        bool all = true;

        for (int i = 1; i < a->n && all; i++)
            all = hint_in_group(g->p, a->cells[i], first[k]);
        if (all)
            groups[n++] = first[k];
    }
    return n;
}

/* The nodes inside each group (see struct grouped), by counting then filling. */
static void find_inside(struct grouped *g)
{
    int ngroups = g->p->ngroups, groups[PUZZLE_MAX_CELL_GROUPS];
    int *fill;

    g->inside_start = xcalloc((size_t)ngroups + 1, sizeof *g->inside_start);
    for (int a = 0; a < g->nnodes; a++) {
        int n = node_groups(g, &g->nodes[a], groups);

        for (int k = 0; k < n; k++)
            g->inside_start[groups[k] + 1]++;
    }
    for (int u = 0; u < ngroups; u++)
        g->inside_start[u + 1] += g->inside_start[u];
    g->inside = xmalloc(((size_t)g->inside_start[ngroups] + 1) * sizeof *g->inside);
    fill = xmalloc(((size_t)ngroups + 1) * sizeof *fill);
    memcpy(fill, g->inside_start, ((size_t)ngroups + 1) * sizeof *fill);
    for (int a = 0; a < g->nnodes; a++) {
        int n = node_groups(g, &g->nodes[a], groups);

        for (int k = 0; k < n; k++)
            g->inside[fill[groups[k]]++] = a;
    }
    free(fill);
}

/* The strong links: in each unit, the pairs of disjoint nodes inside it that hold all its
 * places of d. */
static void build_strong(struct grouped *g)
{
    const struct puzzle *p = g->p;
    struct glink *links = NULL;
    int *from = NULL;
    size_t nlinks = 0, cap = 0, fcap = 0;

    for (int u = 0; u < p->ngroups; u++) {
        int places = 0, nin = g->inside_start[u + 1] - g->inside_start[u];
        const int *inside = g->inside + g->inside_start[u];

        /* a cage that may do without d links nothing */
        if (!(g->required[u] & (1u << g->d)))
            continue;
        for (int i = 0; i < p->groups[u].ncells; i++)
            places += has_d(g, p->groups[u].cells[i]);
        if (places < 2)
            continue;
        for (int i = 0; i < nin; i++) {
            for (int j = 0; j < nin; j++) {
                const struct gnode *a = &g->nodes[inside[i]], *b = &g->nodes[inside[j]];
                if (i == j || a->n + b->n != places || !disjoint(a, b))
                    continue;
                links = xgrow(links, &cap, nlinks + 1, sizeof *links);
                from = xgrow(from, &fcap, nlinks + 1, sizeof *from);
                from[nlinks] = inside[i];
                links[nlinks++] = (struct glink){ inside[j], u };
            }
        }
    }
    /* Sorted by the node they leave. */
    g->strong_start = xcalloc((size_t)g->nnodes + 1, sizeof *g->strong_start);
    for (size_t i = 0; i < nlinks; i++)
        g->strong_start[from[i] + 1]++;
    for (int a = 0; a < g->nnodes; a++)
        g->strong_start[a + 1] += g->strong_start[a];
    g->strong = xmalloc((nlinks + 1) * sizeof *g->strong);
    {
        int *fill = xmalloc(((size_t)g->nnodes + 1) * sizeof *fill);
        memcpy(fill, g->strong_start, ((size_t)g->nnodes + 1) * sizeof *fill);
        for (size_t i = 0; i < nlinks; i++)
            g->strong[fill[from[i]]++] = links[i];
        free(fill);
    }
    free(links);
    free(from);
}

/* "r1c2/r1c3": a node's cells. */
static const char *node_words(const struct hint *h, const struct gnode *a)
{
    struct hint_buf b = HINT_BUF_INIT;

    if (h->quiet)
        return "";
    for (int i = 0; i < a->n; i++)
        hint_buf_add(&b, "%s%s", i > 0 ? "/" : "", hint_cell(h, a->cells[i]));
    return hint_buf_words(h, &b);
}

/* The chain's nodes from the start to state; their count. */
static int chain_path(const struct grouped *g, int state, int *nodes, int *units)
{
    int n = 0;

    for (int st = state; st >= 0 && n < GROUPED_MAX_NODES; st = g->parent[st]) {
        units[n] = g->via[st];
        nodes[n++] = st / 2;
    }
    for (int i = 0; i < n / 2; i++) {
        int t = nodes[i], u = units[i];
        nodes[i] = nodes[n - 1 - i];
        units[i] = units[n - 1 - i];
        nodes[n - 1 - i] = t;
        units[n - 1 - i] = u;
    }
    return n;
}

/* Whether the chain is worth reporting: its nodes share no cell, and one is a group. */
static bool chain_ok(const struct grouped *g, const int *nodes, int n)
{
    bool group = false;

    for (int i = 0; i < n; i++) {
        group |= g->nodes[nodes[i]].n > 1;
        for (int j = i + 1; j < n; j++)
            if (!disjoint(&g->nodes[nodes[i]], &g->nodes[nodes[j]]))
                return false;
    }
    return group;
}

static bool chain_emit(struct grouped *g, const int *nodes, const int *units, int n)
{
    const struct gnode *x = &g->nodes[nodes[0]], *y = &g->nodes[nodes[n - 1]];
    struct hint h;

    hint_begin(g->s, &h);
    h.digits = 1u << g->d;
    /* Its length is its nodes, a group one node: SE's strong links (rating.c). */
    h.length = n;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < g->nodes[nodes[i]].n; j++)
            hint_add_cell(&h, g->nodes[nodes[i]].cells[j]);
    /* The cells that can hold d are the one-cell nodes, which build_nodes lists first
     * and in cell order: walked instead of every cell of the board. */
    for (int a = 0; a < g->nnodes && g->nodes[a].n == 1; a++) {
        int cell = g->nodes[a].cells[0];
        struct gnode c = { 1, { cell } };
        bool inside = false;

        for (int i = 0; i < n && !inside; i++)
            inside = in_node(&g->nodes[nodes[i]], cell);
        if (!inside && sees_all(g, &c, x) && sees_all(g, &c, y))
            hint_add_elim(g->s, &h, cell, g->d);
    }
    if (h.nelim == 0)
        return true;
    struct hint_buf chain = HINT_BUF_INIT;
    for (int i = 0; i < n; i++) {
        if (!h.quiet)
            hint_buf_add(&chain, "%s%s", i == 0 ? "" : i % 2 ? " = " : " - ",
                         node_words(&h, &g->nodes[nodes[i]]));
        if (i % 2 == 1) {
            hint_add_group(&h, units[i]);
            if (!h.quiet)
                hint_buf_add(&chain, " (%s)", hint_group(&h, units[i]));
        }
    }
    /* TRANSLATORS: %1$c is a digit, %2$s the chain ("r1c2/r1c3 = r5c2 (column 2) - ..."),
     * %3$s and %4$s its ends. */
    hint_say(&h, _("for %1$c, %2$s (a/b: the digit is in one of those cells; = every place for %1$c in "
                   "the unit named, so one side holds it; - every cell of one sees every cell of the "
                   "other, so not both). If %3$s does not hold %1$c, the links put it in %4$s; so one "
                   "end holds %1$c and a cell seeing every cell of both cannot be %1$c"),
             hint_digit_symbol(g->d), chain.s, node_words(&h, x), node_words(&h, y));
    hint_say_eliminations(&h);
    return hint_emit(g->s, &h);
}

/* The weak links of node u (see struct grouped), worked out on first use. */
static const uint64_t *weak_links(struct grouped *g, int u)
{
    uint64_t *row = g->weak + (size_t)u * g->weak_words;

    if (!g->weak_known[u]) {
        memset(row, 0, g->weak_words * sizeof *row);
        for (int i = 0; i < g->nlinked; i++) {
            int v = g->linked[i];

            if (v != u && disjoint(&g->nodes[u], &g->nodes[v])
                && sees_all(g, &g->nodes[u], &g->nodes[v]))
                row[v / 64] |= (uint64_t)1 << (v % 64);
        }
        g->weak_known[u] = 1;
    }
    return row;
}

/* Breadth first from node start (its strong link first); false when the search must stop. */
static bool chain_from(struct grouped *g, int start)
{
    int head = 0, tail = 0;

    g->gen++;
    g->stamp[start * 2] = g->gen;
    g->parent[start * 2] = -1;
    g->depth[start * 2] = 0;
    g->via[start * 2] = -1;
    g->queue[tail++] = start * 2;
    while (head < tail) {
        int st = g->queue[head++], u = st / 2;
        bool strong_next = st % 2 == 0;

        if (g->depth[st] >= GROUPED_MAX_NODES - 1)
            continue;
        if (strong_next) {
            for (int i = g->strong_start[u]; i < g->strong_start[u + 1]; i++) {
                int v = g->strong[i].to, ns = v * 2 + 1;
                g->effort++;
                if (g->stamp[ns] == g->gen)
                    continue;
                g->stamp[ns] = g->gen;
                g->parent[ns] = st;
                g->depth[ns] = g->depth[st] + 1;
                g->via[ns] = g->strong[i].unit;
                g->queue[tail++] = ns;
                if (g->depth[ns] >= 3 && v > start) {
                    int nodes[GROUPED_MAX_NODES], units[GROUPED_MAX_NODES];
                    int n = chain_path(g, ns, nodes, units);
                    if (chain_ok(g, nodes, n) && !chain_emit(g, nodes, units, n))
                        return false;
                }
            }
        } else {
            const uint64_t *weak = weak_links(g, u);

            for (int i = 0; i < g->nlinked; i++) {
                int v = g->linked[i], ns = v * 2;
                if (g->stamp[ns] == g->gen || v == u)
                    continue;
                g->effort++;
                if (!(weak[v / 64] >> (v % 64) & 1))
                    continue;
                g->stamp[ns] = g->gen;
                g->parent[ns] = st;
                g->depth[ns] = g->depth[st] + 1;
                g->via[ns] = -1;
                g->queue[tail++] = ns;
            }
        }
        if (g->effort > GROUPED_EFFORT)
            return false;
    }
    return true;
}

/* Which groups share a cell, for build_nodes. */
static uint8_t *groups_meeting(const struct puzzle *p)
{
    uint8_t *meets = xcalloc((size_t)p->ngroups * (size_t)p->ngroups, 1);

    for (int cell = 0; cell < p->ncells; cell++)
        for (int a = 0; a < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][a] >= 0; a++)
            for (int b = 0; b < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][b] >= 0; b++)
                meets[p->cell_groups[cell][a] * p->ngroups + p->cell_groups[cell][b]] = 1;
    return meets;
}

void hint_find_grouped_x_chain(struct hint_search *s)
{
    struct grouped g = { .s = s, .p = s->pos->p };

    g.meets = groups_meeting(g.p);
    find_crossings(&g);
    g.required = xmalloc((size_t)g.p->ngroups * sizeof *g.required);
    for (int u = 0; u < g.p->ngroups; u++)
        g.required[u] = hint_group_required(s->pos, u);

    for (int d = 1; d <= g.p->max_digit && !s->stopped && g.effort <= GROUPED_EFFORT; d++) {
        bool more = true;
        int found = s->found;
        long effort = g.effort, spent;

        /* a digit searched in vain spends its effort again: past the bound, its search
         * would have stopped there, and the loop with it */
        if (hint_memo_vain(s, d, &spent)) {
            g.effort += spent;
            continue;
        }
        g.d = d;
        build_nodes(&g);
        find_inside(&g);
        build_strong(&g);
        g.parent = xmalloc((size_t)g.nnodes * 2 * sizeof *g.parent);
        g.depth = xmalloc((size_t)g.nnodes * 2 * sizeof *g.depth);
        g.stamp = xcalloc((size_t)g.nnodes * 2, sizeof *g.stamp);
        g.queue = xmalloc((size_t)g.nnodes * 2 * sizeof *g.queue);
        g.via = xmalloc((size_t)g.nnodes * 2 * sizeof *g.via);
        g.weak_words = ((size_t)g.nnodes + 63) / 64;
        g.weak = xmalloc(((size_t)g.nnodes * g.weak_words + 1) * sizeof *g.weak);
        g.weak_known = xcalloc((size_t)g.nnodes + 1, 1);
        g.linked = xmalloc(((size_t)g.nnodes + 1) * sizeof *g.linked);
        g.nlinked = 0;
        for (int v = 0; v < g.nnodes; v++)
            if (g.strong_start[v] != g.strong_start[v + 1])
                g.linked[g.nlinked++] = v;
        g.gen = 0;
        for (int start = 0; start < g.nnodes && more; start++)
            more = g.strong_start[start] == g.strong_start[start + 1] || chain_from(&g, start);
        free(g.parent);
        free(g.depth);
        free(g.stamp);
        free(g.queue);
        free(g.via);
        free(g.weak);
        free(g.weak_known);
        free(g.linked);
        free(g.strong);
        free(g.strong_start);
        free(g.inside);
        free(g.inside_start);
        if (!more)
            break;
        if (s->found == found)
            hint_memo_keep_vain(s, d, g.effort - effort);
    }
    free(g.nodes);
    free(g.meets);
    free(g.crossing_cells);
    free(g.crossing_start);
    free(g.required);
}
