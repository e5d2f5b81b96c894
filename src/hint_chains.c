/* hint_chains.c: Sudoku patterns beyond subsets: single-digit patterns, wings, colouring,
 * uniqueness and chains. */
#include "config.h"
#include "hint.h"
#include "hint_memo.h"

#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "util.h"

#define MAX_CELLS (SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE)
#define MAX_CHAIN 24        /* longest chain (in cells) worth explaining */

static bool has(const struct hint_position *pos, int cell, int d)
{
    return !pos->p->block[cell] && !pos->grid[cell] && (pos->cands[cell] & (1u << d));
}

static bool is_bivalue(const struct hint_position *pos, int cell)
{
    return !pos->p->block[cell] && !pos->grid[cell] && popcount32(pos->cands[cell]) == 2;
}

/* Removes d from every cell that sees all n cells (the cells themselves excluded). */
static void elim_seeing_all(const struct hint_search *s, struct hint *h, int d, const int *cells, int n)
{
    const struct puzzle *p = s->pos->p;
    int first = cells[0];

    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[first][k] >= 0; k++) {
        const struct puzzle_group *grp = &p->groups[p->cell_groups[first][k]];
        for (int i = 0; i < grp->ncells; i++) {
            int c = grp->cells[i];
            bool all = has(s->pos, c, d);
            for (int j = 0; j < n && all; j++)
                all = c != cells[j] && (j == 0 || hint_sees(p, c, cells[j]));
            if (all)
                hint_add_elim(s, h, c, d);
        }
    }
}

static int cross_index(const struct puzzle *p, int cell, bool rows)
{
    return rows ? cell % p->width : cell / p->width;
}

/* --- Skyscraper --- */

static bool skyscraper_emit(struct hint_search *s, int d, int g1, int g2, const int *base, const int *top)
{
    struct hint h;

    hint_begin(s, &h);
    hint_add_group(&h, g1);
    hint_add_group(&h, g2);
    h.digits = 1u << d;
    hint_add_cell(&h, base[0]);
    hint_add_cell(&h, top[0]);
    hint_add_cell(&h, base[1]);
    hint_add_cell(&h, top[1]);
    elim_seeing_all(s, &h, d, top, 2);
    /* TRANSLATORS: %1$c is a digit, %2$s and %4$s lines with its two places %3$s and %5$s;
     * %6$s the two bases, %7$s the two tops. */
    hint_say(&h, _("%1$c has only two places in %2$s (%3$s) and in %4$s (%5$s); %6$s see each "
                   "other, so they are not both %1$c, and one of %7$s is %1$c: a cell seeing both "
                   "cannot be %1$c"),
             hint_digit_symbol(d), hint_group(&h, g1), hint_cells(&h, (int[]){ base[0], top[0] }, 2, HINT_AND),
             hint_group(&h, g2), hint_cells(&h, (int[]){ base[1], top[1] }, 2, HINT_AND),
             hint_cells(&h, base, 2, HINT_AND), hint_cells(&h, top, 2, HINT_AND));
    hint_say_eliminations(&h);
    return hint_emit(s, &h);
}

/* The lines of a kind where d has exactly two places; their count. */
static int strong_lines(struct hint_search *s, int d, enum group_kind kind, int *lines)
{
    const struct puzzle *p = s->pos->p;
    int n = 0, a, b;

    for (int g = 0; g < p->ngroups; g++)
        if (p->groups[g].kind == kind && hint_strong_pair(s, g, d, &a, &b))
            lines[n++] = g;
    return n;
}

/* Two parallel lines with two places each, one end of each in the same cross line. */
static bool skyscraper_pair(struct hint_search *s, int d, bool rows, int g1, int g2)
{
    const struct puzzle *p = s->pos->p;
    int e1[2], e2[2];

    hint_strong_pair(s, g1, d, &e1[0], &e1[1]);
    hint_strong_pair(s, g2, d, &e2[0], &e2[1]);
    for (int i = 0; i < 2; i++) {
        for (int j = 0; j < 2; j++) {
            if (cross_index(p, e1[i], rows) != cross_index(p, e2[j], rows)
                || cross_index(p, e1[!i], rows) == cross_index(p, e2[!j], rows))
                continue;
            if (!skyscraper_emit(s, d, g1, g2, (int[]){ e1[i], e2[j] }, (int[]){ e1[!i], e2[!j] }))
                return false;
        }
    }
    return true;
}

void hint_find_skyscraper(struct hint_search *s)
{
    const struct puzzle *p = s->pos->p;
    int lines[SUDOKU_MAX_SIZE];

    for (int d = 1; d <= p->max_digit; d++) {
        int found = s->found;

        if (hint_memo_vain(s, d, NULL))
            continue;
        for (int rows = 1; rows >= 0; rows--) {
            int n = strong_lines(s, d, rows ? GROUP_ROW : GROUP_COLUMN, lines);
            for (int i = 0; i < n; i++)
                for (int j = i + 1; j < n; j++)
                    if (!skyscraper_pair(s, d, rows, lines[i], lines[j]))
                        return;
        }
        if (s->found == found)
            hint_memo_keep_vain(s, d, 0);
    }
}

/* --- Two-string kite --- */

static bool kite_emit(struct hint_search *s, int d, int row, int col, const int *joined, const int *ends)
{
    const struct puzzle *p = s->pos->p;
    int box = hint_group_of_kind(p, joined[0], GROUP_BOX);
    struct hint h;

    hint_begin(s, &h);
    hint_add_group(&h, row);
    hint_add_group(&h, col);
    hint_add_group(&h, box);
    h.digits = 1u << d;
    for (int i = 0; i < 2; i++) {
        hint_add_cell(&h, joined[i]);
        hint_add_cell(&h, ends[i]);
    }
    elim_seeing_all(s, &h, d, ends, 2);
    /* TRANSLATORS: %1$c is a digit, %2$s a row and %4$s a column with its two places %3$s
     * and %5$s; %6$s the two that share the box %7$s, %8$s the two far ends. */
    hint_say(&h, _("%1$c has only two places in %2$s (%3$s) and in %4$s (%5$s); %6$s share %7$s, "
                   "so they are not both %1$c, and one of %8$s is %1$c: a cell seeing both cannot "
                   "be %1$c"),
             hint_digit_symbol(d), hint_group(&h, row), hint_cells(&h, (int[]){ joined[0], ends[0] }, 2, HINT_AND),
             hint_group(&h, col), hint_cells(&h, (int[]){ joined[1], ends[1] }, 2, HINT_AND),
             hint_cells(&h, joined, 2, HINT_AND), hint_group(&h, box), hint_cells(&h, ends, 2, HINT_AND));
    hint_say_eliminations(&h);
    return hint_emit(s, &h);
}

static bool kite_pair(struct hint_search *s, int d, int row, int col)
{
    const struct puzzle *p = s->pos->p;
    int r[2], c[2];

    hint_strong_pair(s, row, d, &r[0], &r[1]);
    hint_strong_pair(s, col, d, &c[0], &c[1]);
    for (int i = 0; i < 2; i++) {
        for (int j = 0; j < 2; j++) {
            if (r[i] == c[j] || r[!i] == c[!j] || r[i] == c[!j] || r[!i] == c[j])
                continue;
            if (hint_group_of_kind(p, r[i], GROUP_BOX) != hint_group_of_kind(p, c[j], GROUP_BOX)
                || hint_group_of_kind(p, r[!i], GROUP_BOX) == hint_group_of_kind(p, c[!j], GROUP_BOX))
                continue;
            if (!kite_emit(s, d, row, col, (int[]){ r[i], c[j] }, (int[]){ r[!i], c[!j] }))
                return false;
        }
    }
    return true;
}

void hint_find_two_string_kite(struct hint_search *s)
{
    const struct puzzle *p = s->pos->p;
    int rows[SUDOKU_MAX_SIZE], cols[SUDOKU_MAX_SIZE];

    for (int d = 1; d <= p->max_digit; d++) {
        int found = s->found, nr, nc;

        if (hint_memo_vain(s, d, NULL))
            continue;
        nr = strong_lines(s, d, GROUP_ROW, rows);
        nc = strong_lines(s, d, GROUP_COLUMN, cols);
        for (int i = 0; i < nr; i++)
            for (int j = 0; j < nc; j++)
                if (!kite_pair(s, d, rows[i], cols[j]))
                    return;
        if (s->found == found)
            hint_memo_keep_vain(s, d, 0);
    }
}

/* --- Wings --- */

/* The empty cells sharing a group with cell, each once. */
static int peers_of(const struct puzzle *p, int cell, int *out)
{
    int n = 0;

    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][k] >= 0; k++) {
        const struct puzzle_group *grp = &p->groups[p->cell_groups[cell][k]];
        for (int i = 0; i < grp->ncells; i++) {
            int c = grp->cells[i];
            bool seen = c == cell;
            for (int j = 0; j < n && !seen; j++)
                seen = out[j] == c;
            if (!seen)
                out[n++] = c;
        }
    }
    return n;
}

/* "r1c2 (1 or 2)" */
static const char *cell_digits_words(const struct hint *h, int cell, digitset set)
{
    if (h->quiet)
        return "";
    /* TRANSLATORS: a cell and its candidates: "r1c2 (1 or 2)". */
    return hint_words(h, _("%1$s (%2$s)"), hint_cell(h, cell), hint_digits(h, set, HINT_OR));
}

static bool wing_emit(struct hint_search *s, int pivot, int a, int b, int z, bool xyz)
{
    const struct hint_position *pos = s->pos;
    int cells[3] = { pivot, a, b };
    struct hint h;

    /* Three cells of one unit with three digits between them are a naked triple, listed
     * as that. */
    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && pos->p->cell_groups[pivot][k] >= 0; k++)
        if (hint_in_group(pos->p, a, pos->p->cell_groups[pivot][k])
            && hint_in_group(pos->p, b, pos->p->cell_groups[pivot][k]))
            return true;
    hint_begin(s, &h);
    for (int i = 0; i < 3; i++)
        hint_add_cell(&h, cells[i]);
    h.digits = pos->cands[pivot] | pos->cands[a] | pos->cands[b];
    elim_seeing_all(s, &h, z, xyz ? cells : cells + 1, xyz ? 3 : 2);
    if (xyz)
        /* TRANSLATORS: %1$s is the pivot with its candidates, %2$s and %3$s the pincers
         * with theirs, %4$c the digit. */
        hint_say(&h, _("the pivot %1$s sees %2$s and %3$s; whichever digit the pivot takes, one "
                       "of the three is %4$c, so a cell seeing all three cannot be %4$c"),
                 cell_digits_words(&h, pivot, pos->cands[pivot]), cell_digits_words(&h, a, pos->cands[a]),
                 cell_digits_words(&h, b, pos->cands[b]), hint_digit_symbol(z));
    else
        hint_say(&h, _("the pivot %1$s sees %2$s and %3$s; whichever digit the pivot takes, one "
                       "of the pincers is %4$c, so a cell seeing both pincers cannot be %4$c"),
                 cell_digits_words(&h, pivot, pos->cands[pivot]), cell_digits_words(&h, a, pos->cands[a]),
                 cell_digits_words(&h, b, pos->cands[b]), hint_digit_symbol(z));
    hint_say_eliminations(&h);
    return hint_emit(s, &h);
}

/* Pincers a and b of pivot: each shares one different pivot digit, plus one common z. */
static int wing_digit(const struct hint_position *pos, int pivot, int a, int b, bool xyz)
{
    digitset pv = pos->cands[pivot], ca = pos->cands[a], cb = pos->cands[b];

    if (xyz) {
        if ((ca & ~pv) || (cb & ~pv) || ca == cb || popcount32(ca & cb) != 1)
            return 0;
        return lowest_bit(ca & cb);
    }
    if (popcount32(ca & pv) != 1 || popcount32(cb & pv) != 1 || (ca & pv) == (cb & pv))
        return 0;
    if ((ca & ~pv) != (cb & ~pv) || popcount32(ca & ~pv) != 1)
        return 0;
    return lowest_bit(ca & ~pv);
}

static void wings(struct hint_search *s, bool xyz)
{
    const struct hint_position *pos = s->pos;
    const struct puzzle *p = pos->p;
    int peers[3 * PUZZLE_MAX_DIGIT], pincers[3 * PUZZLE_MAX_DIGIT];

    for (int pivot = 0; pivot < p->ncells; pivot++) {
        int n, nw = 0;

        if (p->block[pivot] || pos->grid[pivot] || popcount32(pos->cands[pivot]) != (xyz ? 3 : 2))
            continue;
        n = peers_of(p, pivot, peers);
        for (int i = 0; i < n; i++)
            if (is_bivalue(pos, peers[i]) && (pos->cands[peers[i]] & pos->cands[pivot]))
                pincers[nw++] = peers[i];
        for (int i = 0; i < nw; i++) {
            for (int j = i + 1; j < nw; j++) {
                int z = wing_digit(pos, pivot, pincers[i], pincers[j], xyz);
                if (z && !wing_emit(s, pivot, pincers[i], pincers[j], z, xyz))
                    return;
            }
        }
    }
}

void hint_find_xy_wing(struct hint_search *s)
{
    wings(s, false);
}

void hint_find_xyz_wing(struct hint_search *s)
{
    wings(s, true);
}

static bool w_wing_emit(struct hint_search *s, int a, int b, int x, int g, const int *link)
{
    const struct hint_position *pos = s->pos;
    int y = lowest_bit(pos->cands[a] & ~(1u << x));
    int ends[2] = { a, b };
    struct hint h;

    hint_begin(s, &h);
    hint_add_group(&h, g);
    hint_add_cell(&h, a);
    hint_add_cell(&h, link[0]);
    hint_add_cell(&h, link[1]);
    hint_add_cell(&h, b);
    h.digits = pos->cands[a];
    elim_seeing_all(s, &h, y, ends, 2);
    /* TRANSLATORS: %1$s are the two cells, %2$c and %3$c their digits, %4$s the unit
     * where %2$c can only go in %5$s; %6$s is the first cell, %7$s the link's far end,
     * %8$s the second cell. */
    hint_say(&h, _("%1$s can only be %2$c or %3$c; in %4$s, %2$c can only go in %5$s, which see "
                   "them; if %6$s is not %3$c it is %2$c, then %7$s is %2$c and %8$s is %3$c; so "
                   "one of them is %3$c and a cell seeing both cannot be %3$c"),
             hint_cells(&h, ends, 2, HINT_AND), hint_digit_symbol(x), hint_digit_symbol(y),
             hint_group(&h, g), hint_cells(&h, link, 2, HINT_OR), hint_cell(&h, a),
             hint_cell(&h, link[1]), hint_cell(&h, b));
    hint_say_eliminations(&h);
    return hint_emit(s, &h);
}

/* A unit where x has two places, one seeing a and the other seeing b. */
static bool w_wing_links(struct hint_search *s, int a, int b, int x)
{
    const struct puzzle *p = s->pos->p;

    for (int g = 0; g < p->ngroups; g++) {
        int u[2];
        if (!hint_strong_pair(s, g, x, &u[0], &u[1]))
            continue;
        if (u[0] == a || u[0] == b || u[1] == a || u[1] == b)
            continue;
        for (int i = 0; i < 2; i++) {
            if (hint_sees(p, u[i], a) && hint_sees(p, u[!i], b)
                && !w_wing_emit(s, a, b, x, g, (int[]){ u[i], u[!i] }))
                return false;
        }
    }
    return true;
}

void hint_find_w_wing(struct hint_search *s)
{
    const struct hint_position *pos = s->pos;
    const struct puzzle *p = pos->p;

    for (int a = 0; a < p->ncells; a++) {
        if (!is_bivalue(pos, a))
            continue;
        for (int b = a + 1; b < p->ncells; b++) {
            digitset pair = pos->cands[a];
            if (!is_bivalue(pos, b) || pos->cands[b] != pair || hint_sees(p, a, b))
                continue;
            for (int d = 1; d <= p->max_digit; d++)
                if ((pair & (1u << d)) && !w_wing_links(s, a, b, d))
                    return;
        }
    }
}

/* --- Graphs of one digit's places: colouring and X-chains --- */

struct digit_graph {
    int d, n;
    /* Sized by the board's cells (a Kakuro may have far more than a Sudoku). */
    int *cells;
    int *node_of;                   /* per cell: node index or -1 */
    int *nstrong;
    int (*strong)[PUZZLE_MAX_CELL_GROUPS];  /* the other end of each pair */
};

static struct digit_graph *graph_new(const struct puzzle *p)
{
    struct digit_graph *gr = xmalloc(sizeof *gr);
    size_t n = (size_t)p->ncells;

    gr->cells = xmalloc(n * sizeof *gr->cells);
    gr->node_of = xmalloc(n * sizeof *gr->node_of);
    gr->nstrong = xmalloc(n * sizeof *gr->nstrong);
    gr->strong = xmalloc(n * sizeof *gr->strong);
    return gr;
}

static void graph_free(struct digit_graph *gr)
{
    free(gr->cells);
    free(gr->node_of);
    free(gr->nstrong);
    free(gr->strong);
    free(gr);
}

static void graph_build(struct hint_search *s, int d, struct digit_graph *gr)
{
    const struct hint_position *pos = s->pos;
    const struct puzzle *p = pos->p;

    gr->d = d;
    gr->n = 0;
    for (int cell = 0; cell < p->ncells; cell++) {
        gr->node_of[cell] = -1;
        if (has(pos, cell, d)) {
            gr->node_of[cell] = gr->n;
            gr->nstrong[gr->n] = 0;
            gr->cells[gr->n++] = cell;
        }
    }
    for (int g = 0; g < p->ngroups; g++) {
        int a, b, na, nb;
        if (!hint_strong_pair(s, g, d, &a, &b))
            continue;
        na = gr->node_of[a];
        nb = gr->node_of[b];
        /* A row and a box can make the same pair twice; once is enough. */
        bool dup = false;
        for (int i = 0; i < gr->nstrong[na]; i++)
            dup |= gr->strong[na][i] == nb;
        if (dup || gr->nstrong[na] >= PUZZLE_MAX_CELL_GROUPS || gr->nstrong[nb] >= PUZZLE_MAX_CELL_GROUPS)
            continue;
        gr->strong[na][gr->nstrong[na]++] = nb;
        gr->strong[nb][gr->nstrong[nb]++] = na;
    }
}

/* Colours the component of start 0/1 by strong links; false if it is not two-colourable
 * (a broken position).  colour[] is -1 for nodes outside; members listed in comp. */
static bool colour_component(const struct digit_graph *gr, int start, int *colour, int *comp, int *ncomp)
{
    int head = 0;

    *ncomp = 0;
    colour[start] = 0;
    comp[(*ncomp)++] = start;
    while (head < *ncomp) {
        int u = comp[head++];
        for (int i = 0; i < gr->nstrong[u]; i++) {
            int v = gr->strong[u][i];
            if (colour[v] < 0) {
                colour[v] = !colour[u];
                comp[(*ncomp)++] = v;
            } else if (colour[v] == colour[u]) {
                return false;
            }
        }
    }
    return true;
}

/* Each colour's cells in reading order (nodes are numbered in cell order; nodes outside
 * the component have no colour). */
/* The cells of colour c. */
static const char *colour_words(const struct hint *h, const struct digit_graph *gr, const int *colour, int c)
{
    int cells[MAX_CELLS], n = 0;

    for (int i = 0; i < gr->n; i++)
        if (colour[i] == c)
            cells[n++] = gr->cells[i];
    return hint_cells(h, cells, n, HINT_AND);
}

const char *hint_strong_links_words(struct hint_search *s, struct hint *h, int d,
                                    bool (*keep)(int cell, const void *user), const void *user)
{
    const struct puzzle *p = s->pos->p;
    struct hint_buf b = HINT_BUF_INIT;

    for (int g = 0; g < p->ngroups; g++) {
        int x, y;
        if (!hint_strong_pair(s, g, d, &x, &y) || !keep(x, user))
            continue;
        hint_add_group(h, g);
        if (!h->quiet)
            hint_buf_add(&b, "%s%s: %s-%s", b.len > 0 ? _(", ") : "", hint_group(h, g),
                         hint_cell(h, x), hint_cell(h, y));
    }
    return hint_buf_words(h, &b);
}

/* A digit graph's colouring: which places are coloured. */
struct coloured {
    const struct digit_graph *gr;
    const int *colour;
};

static bool is_coloured(int cell, const void *user)
{
    const struct coloured *c = user;

    return c->colour[c->gr->node_of[cell]] >= 0;
}

/* Two cells of one colour seeing each other: that colour is false everywhere. */
static int colour_wrap(const struct digit_graph *gr, const struct puzzle *p, const int *colour,
                       const int *comp, int ncomp, int *a, int *b)
{
    for (int i = 0; i < ncomp; i++) {
        for (int j = i + 1; j < ncomp; j++) {
            int u = comp[i], v = comp[j];
            if (colour[u] == colour[v] && hint_sees(p, gr->cells[u], gr->cells[v])) {
                *a = gr->cells[u];
                *b = gr->cells[v];
                return colour[u];
            }
        }
    }
    return -1;
}

static bool sees_colour(const struct digit_graph *gr, const struct puzzle *p, int cell,
                        const int *colour, const int *comp, int ncomp, int c)
{
    for (int i = 0; i < ncomp; i++)
        if (colour[comp[i]] == c && hint_sees(p, cell, gr->cells[comp[i]]))
            return true;
    return false;
}

static bool colouring_component(struct hint_search *s, const struct digit_graph *gr,
                                const int *colour, const int *comp, int ncomp)
{
    const struct puzzle *p = s->pos->p;
    int d = gr->d, a = -1, b = -1, wrap = colour_wrap(gr, p, colour, comp, ncomp, &a, &b);
    struct hint h;

    hint_begin(s, &h);
    h.digits = 1u << d;
    for (int i = 0; i < ncomp; i++)
        hint_add_cell(&h, gr->cells[comp[i]]);
    const char *links = hint_strong_links_words(s, &h, d, is_coloured,
                                                &(struct coloured){ gr, colour });
    /* TRANSLATORS: %1$c is a digit, %2$s the units that link its places ("row 1:
     * r1c2-r1c5, box 3: r2c7-r3c9"), %3$s and %4$s the cells of colours A and B. */
    hint_say(&h, _("the places for %1$c joined by units where %1$c has only two places (%2$s) "
                   "alternate between two colours (colour A %3$s, colour B %4$s); one colour holds "
                   "the %1$cs. "),
             hint_digit_symbol(d), links, colour_words(&h, gr, colour, 0), colour_words(&h, gr, colour, 1));
    if (wrap >= 0) {
        for (int i = 0; i < ncomp; i++)
            if (colour[comp[i]] == wrap)
                hint_add_elim(s, &h, gr->cells[comp[i]], d);
        /* TRANSLATORS: %1$s are two cells, %2$c their colour (A or B), %3$c the digit. */
        hint_say(&h, _("%1$s have colour %2$c and see each other, so colour %2$c cannot be %3$c"),
                 hint_cells(&h, (int[]){ a, b }, 2, HINT_AND), wrap ? 'B' : 'A', hint_digit_symbol(d));
    } else {
        for (int i = 0; i < gr->n; i++) {
            int cell = gr->cells[i];
            if (colour[i] < 0 && sees_colour(gr, p, cell, colour, comp, ncomp, 0)
                && sees_colour(gr, p, cell, colour, comp, ncomp, 1))
                hint_add_elim(s, &h, cell, d);
        }
        hint_say(&h, _("A cell that sees both colours cannot be %c"), hint_digit_symbol(d));
    }
    hint_say_eliminations(&h);
    return hint_emit(s, &h);
}

static bool colouring_digit(struct hint_search *s, struct digit_graph *gr)
{
    int colour[MAX_CELLS], comp[MAX_CELLS], ncomp;
    int done[MAX_CELLS];

    for (int i = 0; i < gr->n; i++)
        done[i] = 0;
    for (int start = 0; start < gr->n; start++) {
        bool ok;
        if (done[start] || gr->nstrong[start] == 0)
            continue;
        for (int i = 0; i < gr->n; i++)
            colour[i] = -1;
        ok = colour_component(gr, start, colour, comp, &ncomp);
        for (int i = 0; i < ncomp; i++)
            done[comp[i]] = 1;
        if (ok && ncomp >= 3 && !colouring_component(s, gr, colour, comp, ncomp))
            return false;
    }
    return true;
}

void hint_find_simple_colouring(struct hint_search *s)
{
    struct digit_graph *gr = graph_new(s->pos->p);

    for (int d = 1; d <= s->pos->p->max_digit; d++) {
        int found = s->found;

        if (hint_memo_vain(s, d, NULL))
            continue;
        graph_build(s, d, gr);
        if (!colouring_digit(s, gr))
            break;
        if (s->found == found)
            hint_memo_keep_vain(s, d, 0);
    }
    graph_free(gr);
}

/* --- X-chains: strong and weak links alternate, strong at both ends --- */

struct chain_search {
    int *parent;                /* per state (two per cell): previous state or -1 */
    int *queue;
    int *depth;
};

static struct chain_search *chain_search_new(const struct puzzle *p)
{
    struct chain_search *cs = xmalloc(sizeof *cs);
    size_t n = 2 * (size_t)p->ncells;

    cs->parent = xmalloc(n * sizeof *cs->parent);
    cs->queue = xmalloc(n * sizeof *cs->queue);
    cs->depth = xmalloc(n * sizeof *cs->depth);
    return cs;
}

static void chain_search_free(struct chain_search *cs)
{
    free(cs->parent);
    free(cs->queue);
    free(cs->depth);
    free(cs);
}

/* The states from the search's start to state, in order; their count. */
static int state_path(const struct chain_search *cs, int state, int *states)
{
    int n = 0;

    for (int st = state; st >= 0 && n < MAX_CHAIN + 1; st = cs->parent[st])
        states[n++] = st;
    for (int i = 0; i < n / 2; i++) {
        int t = states[i];
        states[i] = states[n - 1 - i];
        states[n - 1 - i] = t;
    }
    return n;
}

/* States are node*2 + 1 when reached by a strong link (a weak one must follow). */
static int chain_path(const struct chain_search *cs, int state, int *nodes)
{
    int n = state_path(cs, state, nodes);

    for (int i = 0; i < n; i++)
        nodes[i] /= 2;
    return n;
}

static bool path_repeats(const int *nodes, int n)
{
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (nodes[i] == nodes[j])
                return true;
    return false;
}

/* Whether a chain of states (node*2 + k) visits a node twice. */
static bool states_repeat_cells(const int *states, int n)
{
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (states[i] / 2 == states[j] / 2)
                return true;
    return false;
}

/* A unit where d has only the two places a and b (there is one: they are strongly
 * linked). */
static int strong_unit(struct hint_search *s, int d, int a, int b)
{
    const struct puzzle *p = s->pos->p;

    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[a][k] >= 0; k++) {
        int g = p->cell_groups[a][k], x, y;
        if (hint_strong_pair(s, g, d, &x, &y) && ((x == a && y == b) || (x == b && y == a)))
            return g;
    }
    return -1;
}

static bool x_chain_emit(struct hint_search *s, const struct digit_graph *gr, const int *nodes, int n)
{
    int d = gr->d, ends[2] = { gr->cells[nodes[0]], gr->cells[nodes[n - 1]] };
    struct hint h;

    hint_begin(s, &h);
    h.digits = 1u << d;
    for (int i = 0; i < n; i++)
        hint_add_cell(&h, gr->cells[nodes[i]]);
    elim_seeing_all(s, &h, d, ends, 2);
    if (h.nelim == 0)
        return true;
    struct hint_buf chain = HINT_BUF_INIT;
    for (int i = 0; i < n; i++) {
        if (i > 0 && !h.quiet)
            hint_buf_add(&chain, "%s", i % 2 ? " = " : " - ");
        if (!h.quiet)
            hint_buf_add(&chain, "%s", hint_cell(&h, gr->cells[nodes[i]]));
        if (i % 2 == 1) {
            int g = strong_unit(s, d, gr->cells[nodes[i - 1]], gr->cells[nodes[i]]);
            if (g >= 0) {
                hint_add_group(&h, g);
                if (!h.quiet)
                    hint_buf_add(&chain, " (%s)", hint_group(&h, g));
            }
        }
    }
    /* TRANSLATORS: %1$c is a digit, %2$s the chain ("r1c2 = r1c5 (row 1) - r3c5 = ..."),
     * %3$s and %4$s its ends. */
    hint_say(&h, s->pos->p->ops->kind == PUZZLE_KAKURO
             ? _("for %1$c, %2$s (= the only two places for %1$c in the run (whose sum needs it) "
                 "named, so one is %1$c; - cells that see each other, so not both). If %3$s is not "
                 "%1$c, the links make %4$s %1$c; so one of the ends is %1$c and a cell seeing both "
                 "cannot be %1$c")
             : _("for %1$c, %2$s (= the only two places for %1$c in the unit named, so one is "
                 "%1$c; - cells that see each other, so not both). If %3$s is not %1$c, the links "
                 "make %4$s %1$c; so one of the ends is %1$c and a cell seeing both cannot be %1$c"),
             hint_digit_symbol(d), chain.s, hint_cell(&h, ends[0]), hint_cell(&h, ends[1]));
    hint_say_eliminations(&h);
    return hint_emit(s, &h);
}

/* Does some cell holding d see both ends?  (Cheap test before building the hint.) */
static bool ends_share_victim(const struct hint_position *pos, const struct digit_graph *gr, int a, int b)
{
    for (int i = 0; i < gr->n; i++) {
        int c = gr->cells[i];
        if (c != a && c != b && hint_sees(pos->p, c, a) && hint_sees(pos->p, c, b))
            return true;
    }
    return false;
}

static bool x_chain_from(struct hint_search *s, const struct digit_graph *gr, int start,
                         struct chain_search *cs)
{
    const struct puzzle *p = s->pos->p;
    int head = 0, tail = 0;

    for (int i = 0; i < 2 * gr->n; i++)
        cs->parent[i] = -2;
    cs->parent[start * 2] = -1;
    cs->depth[start * 2] = 0;
    cs->queue[tail++] = start * 2;
    while (head < tail) {
        int st = cs->queue[head++], u = st / 2;
        bool strong_next = st % 2 == 0;

        if (cs->depth[st] >= MAX_CHAIN - 1)
            continue;
        for (int v = 0; v < gr->n; v++) {
            int next = v * 2 + strong_next;
            bool linked = false;
            if (cs->parent[next] != -2 || v == u)
                continue;
            if (strong_next) {
                for (int i = 0; i < gr->nstrong[u]; i++)
                    linked |= gr->strong[u][i] == v;
            } else {
                linked = hint_sees(p, gr->cells[u], gr->cells[v]);
            }
            if (!linked)
                continue;
            cs->parent[next] = st;
            cs->depth[next] = cs->depth[st] + 1;
            cs->queue[tail++] = next;
            if (strong_next && cs->depth[next] >= 3 && v > start
                && ends_share_victim(s->pos, gr, gr->cells[start], gr->cells[v])) {
                int nodes[MAX_CHAIN + 1], n = chain_path(cs, next, nodes);
                if (!path_repeats(nodes, n) && !x_chain_emit(s, gr, nodes, n))
                    return false;
            }
        }
    }
    return true;
}

void hint_find_x_chain(struct hint_search *s)
{
    struct digit_graph *gr = graph_new(s->pos->p);
    struct chain_search *cs = chain_search_new(s->pos->p);

    for (int d = 1; d <= s->pos->p->max_digit; d++) {
        bool more = true;
        int found = s->found;

        if (hint_memo_vain(s, d, NULL))
            continue;
        graph_build(s, d, gr);
        for (int start = 0; start < gr->n && more; start++)
            more = gr->nstrong[start] == 0 || x_chain_from(s, gr, start, cs);
        if (!more)
            break;
        if (s->found == found)
            hint_memo_keep_vain(s, d, 0);
    }
    chain_search_free(cs);
    graph_free(gr);
}

/* --- XY-chains: two-digit cells, each seeing the next and sharing a digit with it --- */

struct xy_graph {
    int n;
    int *cells;                 /* sized by the board's cells */
    digitset *cands;
};

/* State node*2 + k: the node's digit k (0 low, 1 high) is what it must be if the chain's
 * first cell is not the end digit. */
static int xy_digit(const struct xy_graph *xg, int state)
{
    digitset c = xg->cands[state / 2];
    return state % 2 ? 31 - __builtin_clz(c) : lowest_bit(c);
}

static int xy_state(const struct xy_graph *xg, int node, int digit)
{
    return node * 2 + (lowest_bit(xg->cands[node]) != digit);
}

static bool xy_chain_emit(struct hint_search *s, const struct xy_graph *xg, const int *states, int n, int x)
{
    int ends[2] = { xg->cells[states[0] / 2], xg->cells[states[n - 1] / 2] };
    struct hint h;

    hint_begin(s, &h);
    h.digits = 1u << x;
    for (int i = 0; i < n; i++)
        hint_add_cell(&h, xg->cells[states[i] / 2]);
    elim_seeing_all(s, &h, x, ends, 2);
    if (h.nelim == 0)
        return true;
    if (!h.quiet) {
        struct hint_buf chain = HINT_BUF_INIT, steps = HINT_BUF_INIT;
        for (int i = 0; i < n; i++)
            hint_buf_add(&chain, "%s%s", i > 0 ? " - " : "",
                         cell_digits_words(&h, xg->cells[states[i] / 2], xg->cands[states[i] / 2]));
        /* TRANSLATORS: the first step of an XY-chain's reasoning: a cell, the digit it is
         * not, the digit it then is. */
        hint_buf_add(&steps, _("if %1$s is not %2$c it is %3$c"), hint_cell(&h, ends[0]),
                     hint_digit_symbol(x), hint_digit_symbol(xy_digit(xg, states[0])));
        for (int i = 1; i < n; i++)
            /* TRANSLATORS: each next step of an XY-chain's reasoning. */
            hint_buf_add(&steps, _(", so %1$s is %2$c"), hint_cell(&h, xg->cells[states[i] / 2]),
                         hint_digit_symbol(xy_digit(xg, states[i])));
        /* TRANSLATORS: %1$s is the chain, %2$s its steps, %3$c the digit. */
        hint_say(&h, _("%1$s: %2$s; one of the ends is %3$c, so a cell seeing both cannot be %3$c"),
                 chain.s, steps.s, hint_digit_symbol(x));
    }
    hint_say_eliminations(&h);
    return hint_emit(s, &h);
}

static bool xy_chain_from(struct hint_search *s, const struct xy_graph *xg, int start_state,
                          struct chain_search *cs)
{
    const struct puzzle *p = s->pos->p;
    int start = start_state / 2, x = xy_digit(xg, start_state ^ 1);
    int head = 0, tail = 0;

    for (int i = 0; i < 2 * xg->n; i++)
        cs->parent[i] = -2;
    cs->parent[start_state] = -1;
    cs->depth[start_state] = 0;
    cs->queue[tail++] = start_state;
    while (head < tail) {
        int st = cs->queue[head++], u = st / 2, v_digit = xy_digit(xg, st);

        if (cs->depth[st] >= MAX_CHAIN - 1)
            continue;
        for (int v = 0; v < xg->n; v++) {
            int next;
            if (v == u || !(xg->cands[v] & (1u << v_digit)) || !hint_sees(p, xg->cells[u], xg->cells[v]))
                continue;
            next = xy_state(xg, v, v_digit) ^ 1;    /* v is not v_digit: its other digit */
            if (cs->parent[next] != -2)
                continue;
            cs->parent[next] = st;
            cs->depth[next] = cs->depth[st] + 1;
            cs->queue[tail++] = next;
            if (xy_digit(xg, next) == x && cs->depth[next] >= 2 && v > start) {
                int states[MAX_CHAIN + 1], n = state_path(cs, next, states);
                if (!states_repeat_cells(states, n) && !xy_chain_emit(s, xg, states, n, x))
                    return false;
            }
        }
    }
    return true;
}

void hint_find_xy_chain(struct hint_search *s)
{
    const struct hint_position *pos = s->pos;
    struct xy_graph xg_data, *xg = &xg_data;
    struct chain_search *cs = chain_search_new(pos->p);

    xg->n = 0;
    xg->cells = xmalloc((size_t)pos->p->ncells * sizeof *xg->cells);
    xg->cands = xmalloc((size_t)pos->p->ncells * sizeof *xg->cands);
    for (int cell = 0; cell < pos->p->ncells; cell++) {
        if (is_bivalue(pos, cell)) {
            xg->cells[xg->n] = cell;
            xg->cands[xg->n++] = pos->cands[cell];
        }
    }
    for (int st = 0; st < 2 * xg->n; st++)
        if (!xy_chain_from(s, xg, st, cs))
            break;
    chain_search_free(cs);
    free(xg->cells);
    free(xg->cands);
}

/* --- Uniqueness: only for puzzles known to have one solution --- */

static bool rectangle_emit(struct hint_search *s, const int *corners, int extra, digitset pair)
{
    const struct puzzle *p = s->pos->p;
    int others[3], n = 0;
    struct hint h;

    hint_begin(s, &h);
    h.digits = pair;
    for (int i = 0; i < 4; i++) {
        hint_add_cell(&h, corners[i]);
        hint_add_group(&h, hint_group_of_kind(p, corners[i], GROUP_BOX));
        if (corners[i] != extra)
            others[n++] = corners[i];
    }
    for (int d = 1; d <= p->max_digit; d++)
        if (pair & (1u << d))
            hint_add_elim(s, &h, extra, d);
    /* TRANSLATORS: %1$s are the four corners, %2$s three of them, %3$s their two digits
     * joined by "or", %4$s the fourth corner. */
    hint_say(&h, (p->variant & VARIANT_JIGSAW)
             ? _("%1$s form a rectangle in two regions; %2$s can only be %3$s. If %4$s were one "
                 "of them too, the two digits could be swapped around the rectangle and the "
                 "puzzle would have two solutions; it has one, so %4$s is neither")
             : _("%1$s form a rectangle in two boxes; %2$s can only be %3$s. If %4$s were one "
                 "of them too, the two digits could be swapped around the rectangle and the "
                 "puzzle would have two solutions; it has one, so %4$s is neither"),
             hint_cells(&h, corners, 4, HINT_AND), hint_cells(&h, others, 3, HINT_AND),
             hint_digits(&h, pair, HINT_OR), hint_cell(&h, extra));
    hint_say_eliminations(&h);
    return hint_emit(s, &h);
}

static bool rectangle_at(struct hint_search *s, const int *corners)
{
    const struct hint_position *pos = s->pos;
    const struct puzzle *p = pos->p;
    digitset pair = 0;
    int nboxes = 0, boxes[4], extra = -1, nbi = 0;

    for (int i = 0; i < 4; i++) {
        int box = hint_group_of_kind(p, corners[i], GROUP_BOX);
        bool seen = false;
        if (pos->grid[corners[i]])
            return true;
        for (int j = 0; j < nboxes; j++)
            seen |= boxes[j] == box;
        if (!seen)
            boxes[nboxes++] = box;
        if (popcount32(pos->cands[corners[i]]) == 2) {
            if (pair && pos->cands[corners[i]] != pair)
                return true;
            pair = pos->cands[corners[i]];
            nbi++;
        } else {
            extra = corners[i];
        }
    }
    if (nboxes != 2 || nbi != 3 || (pos->cands[extra] & pair) != pair)
        return true;
    if (p->variant != 0 && !hint_rectangle_can_swap(p, corners))
        return true;
    return rectangle_emit(s, corners, extra, pair);
}

void hint_find_unique_rectangle(struct hint_search *s)
{
    const struct puzzle *p = s->pos->p;
    int n = p->width;
    uint32_t empty[SUDOKU_MAX_SIZE] = { 0 };

    /* Only rectangles of four empty cells can be one (rectangle_at passes over the
     * others): per row a mask of its empty cells, and for two rows only the columns
     * empty in both, in the same order as every pair of columns (a 25x25 board has
     * 90,000 rectangles).  A board wider than a Sudoku has no boxes, so none. */
    if (n > SUDOKU_MAX_SIZE || p->height != n)
        return;
    for (int cell = 0; cell < p->ncells; cell++)
        empty[cell / n] |= (uint32_t)(s->pos->grid[cell] == 0) << (cell % n);
    for (int r1 = 0; r1 < n; r1++)
        for (int r2 = r1 + 1; r2 < n; r2++)
            for (uint32_t m1 = empty[r1] & empty[r2]; m1 != 0; m1 &= m1 - 1)
                for (uint32_t m2 = m1 & (m1 - 1); m2 != 0; m2 &= m2 - 1) {
                    int c1 = lowest_bit(m1), c2 = lowest_bit(m2);
                    int corners[4] = { r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2 };
                    if (!rectangle_at(s, corners))
                        return;
                }
}

/* In a BUG (every empty cell two candidates, every digit twice in each unit it can go
 * in) the puzzle would have two solutions; one cell with three breaks it. */
static bool bug_without(const struct hint_position *pos, int extra, int z)
{
    const struct puzzle *p = pos->p;

    for (int g = 0; g < p->ngroups; g++) {
        int count[PUZZLE_MAX_DIGIT + 1] = { 0 };
        const struct puzzle_group *grp = &p->groups[g];
        for (int i = 0; i < grp->ncells; i++) {
            int c = grp->cells[i];
            digitset cand = pos->grid[c] ? 0 : pos->cands[c];
            if (c == extra)
                cand &= ~(1u << z);
            for (int d = 1; d <= p->max_digit; d++)
                count[d] += (cand >> d) & 1;
        }
        for (int d = 1; d <= p->max_digit; d++)
            if (count[d] != 0 && count[d] != 2)
                return false;
    }
    return true;
}

void hint_find_bug_plus_one(struct hint_search *s)
{
    const struct hint_position *pos = s->pos;
    const struct puzzle *p = pos->p;
    int extra = -1;
    struct hint h;

    for (int cell = 0; cell < p->ncells; cell++) {
        int n = pos->grid[cell] ? 0 : popcount32(pos->cands[cell]);
        if (n == 0 || n == 2)
            continue;
        if (n != 3 || extra >= 0)
            return;
        extra = cell;
    }
    if (extra < 0)
        return;
    for (int z = 1; z <= p->max_digit; z++) {
        if (!(pos->cands[extra] & (1u << z)) || !bug_without(pos, extra, z))
            continue;
        hint_begin(s, &h);
        hint_add_cell(&h, extra);
        h.digits = pos->cands[extra];
        hint_add_place(&h, extra, z);
        hint_say(&h, _("every empty cell but %1$s has two candidates; without %2$c there, every "
                       "digit would have exactly two places in each unit that lacks it, a deadly "
                       "pattern with two solutions. The puzzle has one, so %1$s is %2$c."),
                 hint_cell(&h, extra), hint_digit_symbol(z));
        hint_emit(s, &h);
        return;
    }
}
