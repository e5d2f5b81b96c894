/* hint_single_digit.c: single-digit patterns beyond the skyscraper and two-string kite:
 * the turbot fish in general (strong links joined by a weak one, a box, region or
 * diagonal among them) and the empty rectangle (in a box or a Jigsaw region). */
#include "config.h"
#include "hint.h"
#include "hint_memo.h"

#include "i18n.h"
#include "util.h"

static bool has(const struct hint_position *pos, int cell, int d)
{
    return !pos->p->block[cell] && !pos->grid[cell] && (pos->cands[cell] & (1u << d));
}

/* A box or a Jigsaw region. */
static bool is_box(const struct puzzle *p, int g)
{
    return puzzle_group_is_box(&p->groups[g]);
}

static bool is_line(enum group_kind kind)
{
    return kind == GROUP_ROW || kind == GROUP_COLUMN;
}

/* Removes d from every cell seeing both a and b (not a or b themselves). */
static void elim_seeing_both(const struct hint_search *s, struct hint *h, int d, int a, int b)
{
    const struct puzzle *p = s->pos->p;

    for (int c = 0; c < p->ncells; c++)
        if (c != a && c != b && has(s->pos, c, d) && hint_sees(p, c, a) && hint_sees(p, c, b))
            hint_add_elim(s, h, c, d);
}

/* The group other than except that holds both cells, or -1. */
static int shared_group(const struct puzzle *p, int a, int b, int except)
{
    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[a][k] >= 0; k++) {
        int g = p->cell_groups[a][k];
        if (g != except && hint_in_group(p, b, g))
            return g;
    }
    return -1;
}

/* --- Turbot fish --- */

/* A strong link a-b in g1, one c-e in g2, b and c seeing each other: b and c are not both
 * d, so a or e is; a cell seeing both a and e is not d.  The skyscraper (parallel lines,
 * b and c in one cross line) and the kite (a row and a column, b and c in one box or
 * region) are listed under their own names; the turbot fish is every other such pair: a
 * box, region or diagonal link among them, or the lines joined in a box or a diagonal. */
static bool turbot_is_named(const struct puzzle *p, int g1, int g2, int weak)
{
    enum group_kind k1 = p->groups[g1].kind, k2 = p->groups[g2].kind, kw = p->groups[weak].kind;

    if (!is_line(k1) || !is_line(k2))
        return false;
    if (k1 == k2)
        return is_line(kw) && kw != k1;     /* a skyscraper */
    return is_box(p, weak);                 /* a two-string kite */
}

static bool turbot_emit(struct hint_search *s, int d, int g1, int g2, int weak, const int *cells)
{
    int a = cells[0], b = cells[1], c = cells[2], e = cells[3];
    struct hint h;

    hint_begin(s, &h);
    h.digits = 1u << d;
    for (int i = 0; i < 4; i++)
        hint_add_cell(&h, cells[i]);
    hint_add_group(&h, g1);
    hint_add_group(&h, g2);
    hint_add_group(&h, weak);
    elim_seeing_both(s, &h, d, a, e);
    if (h.nelim == 0)
        return true;
    hint_say(&h, _("%1$c has only two places in %2$s (%3$s) and in %4$s (%5$s); %6$s share %7$s, "
                   "so they are not both %1$c, and one of %8$s is %1$c: a cell seeing both cannot "
                   "be %1$c"),
             hint_digit_symbol(d), hint_group(&h, g1), hint_cells(&h, (int[]){ a, b }, 2, HINT_AND),
             hint_group(&h, g2), hint_cells(&h, (int[]){ c, e }, 2, HINT_AND),
             hint_cells(&h, (int[]){ b, c }, 2, HINT_AND), hint_group(&h, weak),
             hint_cells(&h, (int[]){ a, e }, 2, HINT_AND));
    hint_say_eliminations(&h);
    return hint_emit(s, &h);
}

static bool turbot_pair(struct hint_search *s, int d, int g1, int g2)
{
    const struct puzzle *p = s->pos->p;
    int x[2], y[2];

    hint_strong_pair(s, g1, d, &x[0], &x[1]);
    hint_strong_pair(s, g2, d, &y[0], &y[1]);
    for (int i = 0; i < 2; i++) {
        for (int j = 0; j < 2; j++) {
            int a = x[!i], b = x[i], c = y[j], e = y[!j], weak;
            /* four different cells, the ends not in one link already */
            if (a == c || a == e || b == c || b == e || hint_in_group(p, c, g1) || hint_in_group(p, b, g2))
                continue;
            if ((weak = shared_group(p, b, c, -1)) < 0 || turbot_is_named(p, g1, g2, weak))
                continue;
            if (!turbot_emit(s, d, g1, g2, weak, (int[]){ a, b, c, e }))
                return false;
        }
    }
    return true;
}

void hint_find_turbot_fish(struct hint_search *s)
{
    const struct puzzle *p = s->pos->p;
    int a, b;

    for (int d = 1; d <= p->max_digit; d++) {
        int found = s->found;

        if (hint_memo_vain(s, d, NULL))
            continue;
        for (int g1 = 0; g1 < p->ngroups; g1++) {
            if (!hint_strong_pair(s, g1, d, &a, &b))
                continue;
            for (int g2 = g1 + 1; g2 < p->ngroups; g2++) {
                if (hint_strong_pair(s, g2, d, &a, &b) && !turbot_pair(s, d, g1, g2))
                    return;
            }
        }
        if (s->found == found)
            hint_memo_keep_vain(s, d, 0);
    }
}

/* --- Empty rectangle --- */

/* In a box, d's places all lie in one row and one column of it (not in just one of them):
 * the box's d is in that row or that column.  With a strong link on d in a line crossing
 * one of them outside the box, the far end of the link and the other line meet in a cell
 * that cannot be d: were it d, the link's near end would be d, and the box would have no
 * place left. */
static bool er_emit(struct hint_search *s, int d, int box, int row, int col, int link, int near, int far,
                    int target, const int *places, int nplaces)
{
    struct hint h;

    hint_begin(s, &h);
    h.digits = 1u << d;
    hint_add_group(&h, box);
    hint_add_group(&h, link);
    for (int i = 0; i < nplaces; i++)
        hint_add_cell(&h, places[i]);
    hint_add_cell(&h, near);
    hint_add_cell(&h, far);
    hint_add_elim(s, &h, target, d);
    if (h.nelim == 0)
        return true;
    /* TRANSLATORS: %1$s is a box, %2$c a digit, %3$s its places there, all in the row %4$s
     * or the column %5$s; %6$s the line where it has two places, %7$s and %8$s (near and
     * far); %9$s the cell it cannot be in. */
    hint_say(&h, _("in %1$s, %2$c can only go in %3$s, all in %4$s or %5$s (an empty rectangle). In "
                   "%6$s %2$c can only go in %7$s or %8$s. Were %9$s %2$c, %8$s would not be, so %7$s "
                   "would, and %1$s would have no place left for %2$c"),
             hint_group(&h, box), hint_digit_symbol(d), hint_cells(&h, places, nplaces, HINT_OR),
             hint_group(&h, row), hint_group(&h, col), hint_group(&h, link), hint_cell(&h, near),
             hint_cell(&h, far), hint_cell(&h, target));
    hint_say_eliminations(&h);
    return hint_emit(s, &h);
}

/* The box's places for d lie in row r and column c and not in one of them alone. */
static bool er_shape(const struct puzzle *p, const int *places, int n, int row, int col)
{
    bool off_row = false, off_col = false;

    for (int i = 0; i < n; i++) {
        bool in_r = hint_in_group(p, places[i], row), in_c = hint_in_group(p, places[i], col);
        if (!in_r && !in_c)
            return false;
        off_row |= !in_r;
        off_col |= !in_c;
    }
    return off_row && off_col;
}

/* A strong link on d in link from near (in line, outside the box) to its far end: the far
 * end and the box's other line meet at the target (the cell of the other line in the far
 * end's row, or column): were it d, the far end would not be, so near would, and the box
 * would have no place left. */
static bool er_link(struct hint_search *s, int d, int box, int line, int other, int near, int link,
                    const int *places, int n)
{
    const struct puzzle *p = s->pos->p;
    const struct puzzle_group *og = &p->groups[other];
    enum group_kind kind = p->groups[line].kind;
    int a, b, far, target = -1;

    if (!hint_strong_pair(s, link, d, &a, &b))
        return true;
    far = a == near ? b : a;
    for (int j = 0; j < og->ncells; j++) {
        int c = og->cells[j];
        if (hint_group_of_kind(p, c, kind) == hint_group_of_kind(p, far, kind))
            target = c;
    }
    if (target < 0 || target == far || hint_in_group(p, target, box))
        return true;
    return er_emit(s, d, box, kind == GROUP_ROW ? line : other, kind == GROUP_ROW ? other : line, link,
                   near, far, target, places, n);
}

/* For the box's row (or column) line: strong links from its cells outside the box, in the
 * lines crossing it there or (Sudoku X) a diagonal through them, whose two places may lie
 * anywhere: the argument needs only that the link holds d once. */
static bool er_links(struct hint_search *s, int d, int box, int line, int other, const int *places, int n)
{
    const struct puzzle *p = s->pos->p;
    const struct puzzle_group *grp = &p->groups[line];
    enum group_kind cross = p->groups[line].kind == GROUP_ROW ? GROUP_COLUMN : GROUP_ROW;

    for (int i = 0; i < grp->ncells; i++) {
        int near = grp->cells[i];
        if (hint_in_group(p, near, box) || !has(s->pos, near, d))
            continue;
        if (!er_link(s, d, box, line, other, near, hint_group_of_kind(p, near, cross), places, n))
            return false;
        for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[near][k] >= 0; k++) {
            int g = p->cell_groups[near][k];
            if (p->groups[g].kind == GROUP_DIAGONAL && !er_link(s, d, box, line, other, near, g, places, n))
                return false;
        }
    }
    return true;
}

void hint_find_empty_rectangle(struct hint_search *s)
{
    const struct puzzle *p = s->pos->p;
    int places[SUDOKU_MAX_SIZE];

    for (int d = 1; d <= p->max_digit; d++) {
        int found = s->found;

        if (hint_memo_vain(s, d, NULL))
            continue;
        for (int box = 0; box < p->ngroups; box++) {
            int n;
            if (!is_box(p, box) || (n = hint_cells_with(s->pos, box, d, places)) < 2)
                continue;
            /* each row and column through the box's cells */
            for (int i = 0; i < p->groups[box].ncells; i++) {
                int rc = p->groups[box].cells[i];
                int row = hint_group_of_kind(p, rc, GROUP_ROW), col = hint_group_of_kind(p, rc, GROUP_COLUMN);
                if (!er_shape(p, places, n, row, col))
                    continue;
                if (!er_links(s, d, box, row, col, places, n) || !er_links(s, d, box, col, row, places, n))
                    return;
            }
        }
        if (s->found == found)
            hint_memo_keep_vain(s, d, 0);
    }
}
