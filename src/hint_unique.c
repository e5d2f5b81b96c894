/* hint_unique.c: uniqueness techniques beyond UR type 1 and BUG+1: unique rectangle
 * types 2-6, hidden and avoidable rectangles, unique loops, BUG types 2-4. */
#include "config.h"
#include "hint.h"

#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "util.h"

/*
 * Every technique here rests on one fact: the puzzle has one solution (the driver runs
 * them only then).  A "deadly pattern" - cells that could swap two digits, or a grid of
 * bivalue cells - would give two, so some candidate that breaks it must be true.
 */

static bool is_empty(const struct hint_position *pos, int cell)
{
    return !pos->p->block[cell] && !pos->grid[cell];
}

static bool has(const struct hint_position *pos, int cell, int d)
{
    return is_empty(pos, cell) && (pos->cands[cell] & (1u << d));
}

static int row_of(const struct puzzle *p, int cell) { return cell / p->width; }
static int col_of(const struct puzzle *p, int cell) { return cell % p->width; }

static int box_of(const struct puzzle *p, int cell)
{
    return hint_group_of_kind(p, cell, GROUP_BOX);
}

/* Whether every one of the n cells lies in group g. */
static bool all_in_group(const struct puzzle *p, const int *cells, int n, int g)
{
    for (int i = 0; i < n; i++)
        if (!hint_in_group(p, cells[i], g))
            return false;
    return true;
}

static bool in_list(const int *cells, int n, int cell)
{
    for (int i = 0; i < n; i++)
        if (cells[i] == cell)
            return true;
    return false;
}

/* Removes d from every empty cell that sees all n cells (those cells excluded). */
static void elim_seeing_all(const struct hint_search *s, struct hint *h, int d, const int *cells, int n)
{
    const struct puzzle *p = s->pos->p;

    for (int c = 0; c < p->ncells; c++) {
        bool all = has(s->pos, c, d) && !in_list(cells, n, c);
        for (int j = 0; j < n && all; j++)
            all = hint_sees(p, c, cells[j]);
        if (all)
            hint_add_elim(s, h, c, d);
    }
}

/* The groups holding all n cells; their count. */
static int common_groups(const struct puzzle *p, const int *cells, int n, int *out)
{
    int m = 0;

    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cells[0]][k] >= 0; k++) {
        int g = p->cell_groups[cells[0]][k];
        if (all_in_group(p, cells, n, g))
            out[m++] = g;
    }
    return m;
}

/* --- A pseudo-cell joined to a naked subset (UR type 3, BUG type 3) --- */

/* The cells holding the extra candidates act as one cell that can only be one of extra;
 * with k other cells of group g whose candidates, together with extra, make k+1 digits,
 * they form a naked subset: no other cell of g can be one of those digits. */
struct pseudo {
    struct hint_search *s;
    int g;
    const int *roof;                    /* the cells holding the extras */
    int nroof;
    int cands[PUZZLE_MAX_DIGIT];        /* the other empty cells of g */
    int n;
    int pick[3];
    /* Says the pattern before the subset; called once per subset found. */
    void (*say)(struct hint *h, void *ctx);
    void (*mark)(struct hint *h, void *ctx);
    void *ctx;
};

static bool pseudo_emit(struct pseudo *ps, int k, digitset digits)
{
    const struct puzzle *p = ps->s->pos->p;
    const struct puzzle_group *grp = &p->groups[ps->g];
    int sub[3];
    struct hint h;

    hint_begin(ps->s, &h);
    ps->mark(&h, ps->ctx);
    hint_add_group(&h, ps->g);
    for (int i = 0; i < k; i++) {
        sub[i] = ps->cands[ps->pick[i]];
        hint_add_cell(&h, sub[i]);
    }
    for (int i = 0; i < grp->ncells; i++) {
        int c = grp->cells[i];
        if (in_list(ps->roof, ps->nroof, c) || in_list(sub, k, c))
            continue;
        for (digitset m = digits; m; m &= m - 1)
            hint_add_elim(ps->s, &h, c, lowest_bit(m));
    }
    if (h.nelim == 0)
        return true;
    ps->say(&h, ps->ctx);
    /* TRANSLATORS: %1$s are cells, %2$s digits, %3$d how many, %4$s a unit, %5$s the
     * digits joined by "or". */
    hint_say(&h, _(" Together with %1$s they hold only %2$s, %3$d digits for %3$d places of %4$s: a "
                   "naked subset, so no other cell of it can be %5$s"),
             hint_cells(&h, sub, k, HINT_AND), hint_digits(&h, digits, HINT_AND), k + 1,
             hint_group(&h, ps->g), hint_digits(&h, digits, HINT_OR));
    hint_say_eliminations(&h);
    return hint_emit(ps->s, &h);
}

static bool pseudo_choose(struct pseudo *ps, int start, int depth, digitset uni)
{
    if (depth > 0 && popcount32(uni) == depth + 1 && !pseudo_emit(ps, depth, uni))
        return false;
    if (depth == 3)
        return true;
    for (int i = start; i < ps->n; i++) {
        digitset next = uni | ps->s->pos->cands[ps->cands[i]];
        if (popcount32(next) > 4)
            continue;
        ps->pick[depth] = i;
        if (!pseudo_choose(ps, i + 1, depth + 1, next))
            return false;
    }
    return true;
}

static bool pseudo_subsets(struct pseudo *ps, digitset extra)
{
    const struct puzzle_group *grp = &ps->s->pos->p->groups[ps->g];

    ps->n = 0;
    for (int i = 0; i < grp->ncells; i++) {
        int c = grp->cells[i];
        if (is_empty(ps->s->pos, c) && !in_list(ps->roof, ps->nroof, c))
            ps->cands[ps->n++] = c;
    }
    return pseudo_choose(ps, 0, 0, extra);
}

/* --- Unique rectangles --- */

struct rect {
    int corners[4];             /* r1c1, r1c2, r2c1, r2c2: corner i is diagonal to 3-i */
    digitset pair;
    int floor[4], nfloor;       /* corners holding just the pair */
    int roof[4], nroof;         /* corners holding more */
    digitset extra;             /* the roof's candidates beyond the pair */
};

static int diagonal(const struct rect *r, int cell)
{
    for (int i = 0; i < 4; i++)
        if (r->corners[i] == cell)
            return r->corners[3 - i];
    return -1;
}

static void rect_mark(struct hint *h, const struct rect *r)
{
    const struct puzzle *p = h->puzzle;

    h->digits = r->pair;
    for (int i = 0; i < 4; i++) {
        hint_add_cell(h, r->corners[i]);
        hint_add_group(h, box_of(p, r->corners[i]));
    }
}

/* "r1c1, r1c2, r5c1 and r5c2 form a rectangle in two boxes and can all be 3 or 7; r1c1
 * can be nothing else. Were all four only 3 or 7, ... two solutions": the premise of every
 * rectangle's sentence, which goes on "; it has one, so ...". */
static const char *rect_words(const struct hint *h, const struct rect *r)
{
    bool regions = h->puzzle->variant & VARIANT_JIGSAW;

    if (h->quiet)
        return "";
    if (r->nfloor > 0 && regions)
        /* TRANSLATORS: as "... form a rectangle in two boxes ...", on a Jigsaw. */
        return hint_words(h, _("%1$s form a rectangle in two regions and can all be %2$s; %3$s can be "
                               "nothing else. Were all four only %2$s, the two digits could swap "
                               "around the rectangle and the puzzle would have two solutions"),
                          hint_cells(h, r->corners, 4, HINT_AND), hint_digits(h, r->pair, HINT_OR),
                          hint_cells(h, r->floor, r->nfloor, HINT_AND));
    if (regions)
        return hint_words(h, _("%1$s form a rectangle in two regions and can all be %2$s. Were all four "
                               "only %2$s, the two digits could swap around the rectangle and the puzzle "
                               "would have two solutions"),
                          hint_cells(h, r->corners, 4, HINT_AND), hint_digits(h, r->pair, HINT_OR));
    if (r->nfloor > 0)
        /* TRANSLATORS: %1$s are the rectangle's four corners, %2$s its two digits joined by
         * "or", %3$s the corners that hold only those. */
        return hint_words(h, _("%1$s form a rectangle in two boxes and can all be %2$s; %3$s can be "
                               "nothing else. Were all four only %2$s, the two digits could swap "
                               "around the rectangle and the puzzle would have two solutions"),
                          hint_cells(h, r->corners, 4, HINT_AND), hint_digits(h, r->pair, HINT_OR),
                          hint_cells(h, r->floor, r->nfloor, HINT_AND));
    return hint_words(h, _("%1$s form a rectangle in two boxes and can all be %2$s. Were all four "
                           "only %2$s, the two digits could swap around the rectangle and the puzzle "
                           "would have two solutions"),
                      hint_cells(h, r->corners, 4, HINT_AND), hint_digits(h, r->pair, HINT_OR));
}

static bool ur_emit_extra(struct hint_search *s, const struct rect *r, int z, const char *how)
{
    struct hint h;

    hint_begin(s, &h);
    rect_mark(&h, r);
    elim_seeing_all(s, &h, z, r->roof, r->nroof);
    if (h.nelim == 0)
        return true;
    /* TRANSLATORS: %1$s is the rectangle's premise, %2$s the corners with an extra digit
     * %3$c, %4$s a note on it (or nothing). */
    hint_say(&h, r->nroof == 2
             ? _("%1$s; it has one, so one of %2$s is their only other candidate, %3$c%4$s; a cell "
                 "seeing both cannot be %3$c")
             : _("%1$s; it has one, so one of %2$s is their only other candidate, %3$c%4$s; a cell "
                 "seeing all of them cannot be %3$c"),
             rect_words(&h, r), hint_cells(&h, r->roof, r->nroof, HINT_AND), hint_digit_symbol(z), how);
    hint_say_eliminations(&h);
    return hint_emit(s, &h);
}

/* Types 2 and 5: every roof cell has the same one extra digit z, so z is in one of them. */
static bool ur_type_2_5(struct hint_search *s, const struct rect *r)
{
    int g[PUZZLE_MAX_CELL_GROUPS];
    bool lined;

    if (popcount32(r->extra) != 1 || r->nroof < 2)
        return true;
    for (int i = 0; i < r->nroof; i++)
        if (popcount32(s->pos->cands[r->roof[i]]) != 3)
            return true;
    lined = r->nroof == 2 && common_groups(s->pos->p, r->roof, 2, g) > 0;
    if ((s->id == TECH_UR_TYPE_2) != lined)
        return true;
    return ur_emit_extra(s, r, lowest_bit(r->extra), "");
}

struct ur3_ctx {
    const struct rect *r;
};

static void ur3_mark(struct hint *h, void *ctx)
{
    rect_mark(h, ((struct ur3_ctx *)ctx)->r);
}

static void ur3_say(struct hint *h, void *ctx)
{
    const struct rect *r = ((struct ur3_ctx *)ctx)->r;

    /* TRANSLATORS: %1$s is the rectangle's premise, %2$s two corners, %3$s the rectangle's
     * digits and %4$s the corners' extra digits, joined by "or". */
    hint_say(h, _("%1$s; it has one, so %2$s are not both %3$s: one of them is %4$s, as if they were "
                  "one cell with these candidates."),
             rect_words(h, r), hint_cells(h, r->roof, 2, HINT_AND), hint_digits(h, r->pair, HINT_OR),
             hint_digits(h, r->extra, HINT_OR));
}

/* Type 3: the two roof cells' extras, as one cell, with other cells of a group they share
 * make a naked subset. */
static bool ur_type_3(struct hint_search *s, const struct rect *r)
{
    int g[PUZZLE_MAX_CELL_GROUPS], ng;
    struct ur3_ctx ctx = { r };

    if (r->nroof != 2 || popcount32(r->extra) < 2)
        return true;
    ng = common_groups(s->pos->p, r->roof, 2, g);
    for (int i = 0; i < ng; i++) {
        struct pseudo ps = { .s = s, .g = g[i], .roof = r->roof, .nroof = 2,
                             .say = ur3_say, .mark = ur3_mark, .ctx = &ctx };
        if (!pseudo_subsets(&ps, r->extra))
            return false;
    }
    return true;
}

/* Type 4: in a group the two roof cells share, one pair digit u has no other place: one of
 * them is u, so neither can be the other pair digit v (both u-or-v would be deadly). */
static bool ur_type_4(struct hint_search *s, const struct rect *r)
{
    const struct puzzle *p = s->pos->p;
    int g[PUZZLE_MAX_CELL_GROUPS], ng;

    if (r->nroof != 2)
        return true;
    ng = common_groups(p, r->roof, 2, g);
    for (int i = 0; i < ng; i++) {
        for (digitset m = r->pair; m; m &= m - 1) {
            int u = lowest_bit(m), v = lowest_bit(r->pair & ~(1u << u)), a, b;
            struct hint h;

            if (!hint_strong_pair(s, g[i], u, &a, &b) || !in_list(r->roof, 2, a) || !in_list(r->roof, 2, b))
                continue;
            hint_begin(s, &h);
            rect_mark(&h, r);
            hint_add_group(&h, g[i]);
            hint_add_elim(s, &h, r->roof[0], v);
            hint_add_elim(s, &h, r->roof[1], v);
            if (h.nelim == 0)
                continue;
            /* TRANSLATORS: %1$s is the rectangle's premise, %2$s two corners, %3$c and %4$c
             * the rectangle's digits, %5$s a unit. */
            hint_say(&h, _("%1$s; it has one, so %2$s are not both %3$c or %4$c. In %5$s %3$c can only "
                           "go in one of them, so neither can be %4$c"),
                     rect_words(&h, r), hint_cells(&h, r->roof, 2, HINT_AND), hint_digit_symbol(u),
                     hint_digit_symbol(v), hint_group(&h, g[i]));
            hint_say_eliminations(&h);
            if (!hint_emit(s, &h))
                return false;
        }
    }
    return true;
}

/* Whether u, in the line (row if rows, else column) of cell, can only be at cell or at
 * the corner of the rectangle in that line. */
static bool confined_to_rect(struct hint_search *s, const struct rect *r, int cell, int u, bool rows)
{
    const struct puzzle *p = s->pos->p;
    int g = hint_group_of_kind(p, cell, rows ? GROUP_ROW : GROUP_COLUMN), a, b;

    if (!hint_strong_pair(s, g, u, &a, &b))
        return false;
    for (int i = 0; i < 4; i++) {
        int c = r->corners[i];
        if (c != cell && (rows ? row_of(p, c) == row_of(p, cell) : col_of(p, c) == col_of(p, cell)))
            return (a == cell && b == c) || (a == c && b == cell);
    }
    return false;
}

/* Type 6: floor and roof on the diagonals, and a pair digit u found only in the corners of
 * both rows (or both columns): u in a roof cell would put u in both roof cells and leave
 * the floor to v, deadly.  So the roof cells are not u. */
static bool ur_type_6(struct hint_search *s, const struct rect *r)
{
    if (r->nroof != 2 || r->nfloor != 2 || diagonal(r, r->roof[0]) != r->roof[1])
        return true;
    for (digitset m = r->pair; m; m &= m - 1) {
        int u = lowest_bit(m);
        for (int rows = 1; rows >= 0; rows--) {
            struct hint h;
            if (!confined_to_rect(s, r, r->roof[0], u, rows) || !confined_to_rect(s, r, r->roof[1], u, rows))
                continue;
            hint_begin(s, &h);
            rect_mark(&h, r);
            for (int i = 0; i < 2; i++) {
                hint_add_group(&h, hint_group_of_kind(s->pos->p, r->roof[i], rows ? GROUP_ROW : GROUP_COLUMN));
                hint_add_elim(s, &h, r->roof[i], u);
            }
            if (h.nelim == 0)
                continue;
            /* TRANSLATORS: %1$s is the rectangle's premise, %2$c a digit, %3$s and %4$s two
             * corners, %5$s the other two, %6$c the other digit. */
            hint_say(&h, rows
                     ? _("%1$s; it has one, so in both rows of the rectangle %2$c can only go in its "
                         "corners: were %3$s or %4$s %2$c, both would be, and %5$s both %6$c: deadly. "
                         "So neither is %2$c")
                     : _("%1$s; it has one, so in both columns of the rectangle %2$c can only go in "
                         "its corners: were %3$s or %4$s %2$c, both would be, and %5$s both %6$c: "
                         "deadly. So neither is %2$c"),
                     rect_words(&h, r), hint_digit_symbol(u), hint_cell(&h, r->roof[0]),
                     hint_cell(&h, r->roof[1]), hint_cells(&h, r->floor, 2, HINT_AND),
                     hint_digit_symbol(lowest_bit(r->pair & ~(1u << u))));
            hint_say_eliminations(&h);
            if (!hint_emit(s, &h))
                return false;
        }
    }
    return true;
}

/* Hidden rectangle: a floor corner, and in both the row and the column of the corner
 * diagonal to it a pair digit u only in the rectangle: that corner being v would force
 * the other three corners to u, v, u... a deadly pattern; so it is not v. */
static bool hidden_rectangle(struct hint_search *s, const struct rect *r)
{
    for (int f = 0; f < r->nfloor; f++) {
        int o = diagonal(r, r->floor[f]);
        for (digitset m = r->pair; m; m &= m - 1) {
            int u = lowest_bit(m), v = lowest_bit(r->pair & ~(1u << u));
            struct hint h;

            if (!confined_to_rect(s, r, o, u, true) || !confined_to_rect(s, r, o, u, false))
                continue;
            hint_begin(s, &h);
            rect_mark(&h, r);
            hint_add_group(&h, hint_group_of_kind(s->pos->p, o, GROUP_ROW));
            hint_add_group(&h, hint_group_of_kind(s->pos->p, o, GROUP_COLUMN));
            hint_add_elim(s, &h, o, v);
            if (h.nelim == 0)
                continue;
            /* TRANSLATORS: %1$s is the rectangle's premise, %2$s a corner diagonal to %3$s,
             * %4$c and %5$c the rectangle's digits. */
            hint_say(&h, _("%1$s; it has one, so look at %2$s, diagonal to %3$s: in its row and in its "
                           "column %4$c can only go in the rectangle. Were %2$s %5$c, the %4$cs of its "
                           "row and column would be the two corners beside it, and %3$s %5$c: deadly. "
                           "So it is not %5$c"),
                     rect_words(&h, r), hint_cell(&h, o), hint_cell(&h, r->floor[f]),
                     hint_digit_symbol(u), hint_digit_symbol(v));
            hint_say_eliminations(&h);
            if (!hint_emit(s, &h))
                return false;
        }
    }
    return true;
}

/* Classifies the corners for the pair; false when the rectangle does not hold it. */
static bool rect_classify(const struct hint_position *pos, struct rect *r, digitset pair)
{
    r->pair = pair;
    r->nfloor = r->nroof = 0;
    r->extra = 0;
    for (int i = 0; i < 4; i++) {
        digitset c = pos->cands[r->corners[i]];
        if ((c & pair) != pair)
            return false;
        if (c == pair) {
            r->floor[r->nfloor++] = r->corners[i];
        } else {
            r->roof[r->nroof++] = r->corners[i];
            r->extra |= c & ~pair;
        }
    }
    return r->nfloor > 0;
}

static bool rect_try(struct hint_search *s, struct rect *r)
{
    switch (s->id) {
    case TECH_UR_TYPE_2: case TECH_UR_TYPE_5: return ur_type_2_5(s, r);
    case TECH_UR_TYPE_3: return ur_type_3(s, r);
    case TECH_UR_TYPE_4: return ur_type_4(s, r);
    case TECH_UR_TYPE_6: return ur_type_6(s, r);
    case TECH_HIDDEN_RECTANGLE: return hidden_rectangle(s, r);
    default: return true;
    }
}

/* Every pair of digits the four empty corners share, at least one corner holding just it. */
static bool rect_pairs(struct hint_search *s, const int *corners)
{
    const struct hint_position *pos = s->pos;
    digitset common = ~0u;
    struct rect r;

    memcpy(r.corners, corners, sizeof r.corners);
    for (int i = 0; i < 4; i++)
        common &= pos->cands[corners[i]];
    if (popcount32(common) < 2)
        return true;
    for (int i = 0; i < 4; i++) {
        digitset c = pos->cands[corners[i]];
        bool again = false;

        if (popcount32(c) != 2 || (c & common) != c)
            continue;
        for (int j = 0; j < i; j++)
            again |= pos->cands[corners[j]] == c;
        if (!again && rect_classify(pos, &r, c) && r.nfloor < 3 && !rect_try(s, &r))
            return false;
    }
    return true;
}

/* Whether the four corners lie in exactly two boxes (box: per cell, its box). */
static bool in_two_boxes(const int *box, const int *corners)
{
    int boxes[4], n = 0;

    for (int i = 0; i < 4; i++) {
        int b = box[corners[i]];
        if (!in_list(boxes, n, b))
            boxes[n++] = b;
    }
    return n == 2;
}

/* Calls fn on every rectangle in two boxes (on a variant, whose swap keeps every group)
 * whose four corners pass corner_ok, in order (rows, then columns, ascending).  fn would
 * pass over a rectangle with another corner at once, so those are skipped without being
 * built: per row a mask of the cells that may be corners, and for a pair of rows only the
 * columns both allow (a 25x25 board has 90,000 rectangles, most of them with a given or
 * a placed corner). */
static void each_rectangle(struct hint_search *s,
                           bool (*corner_ok)(const struct hint_position *, int),
                           bool (*fn)(struct hint_search *, const int *))
{
    const struct puzzle *p = s->pos->p;
    int n = p->width, *box = xmalloc((size_t)p->ncells * sizeof *box);
    uint32_t usable[SUDOKU_MAX_SIZE] = { 0 };

    if (n > SUDOKU_MAX_SIZE || p->height != n)
        goto done;
    for (int cell = 0; cell < p->ncells; cell++) {
        box[cell] = box_of(p, cell);
        usable[cell / n] |= (uint32_t)corner_ok(s->pos, cell) << (cell % n);
    }
    for (int r1 = 0; r1 < n; r1++)
        for (int r2 = r1 + 1; r2 < n; r2++)
            for (uint32_t m1 = usable[r1] & usable[r2]; m1 != 0; m1 &= m1 - 1)
                for (uint32_t m2 = m1 & (m1 - 1); m2 != 0; m2 &= m2 - 1) {
                    int c1 = lowest_bit(m1), c2 = lowest_bit(m2);
                    int corners[4] = { r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2 };
                    if (!in_two_boxes(box, corners)
                        || (p->variant != 0 && !hint_rectangle_can_swap(p, corners)))
                        continue;
                    if (!fn(s, corners))
                        goto done;
                }
done:
    free(box);
}

void hint_find_unique_rectangle_more(struct hint_search *s)
{
    each_rectangle(s, is_empty, rect_pairs);
}

/* --- Avoidable rectangle: solved cells that were not givens can swap too --- */

static bool avoidable_at(struct hint_search *s, const int *corners)
{
    const struct hint_position *pos = s->pos;
    const struct puzzle *p = pos->p;
    int want[2] = { 0, 0 }, empty[4], nempty = 0, solved[4], nsolved = 0;
    struct hint h;

    for (int i = 0; i < 4; i++) {
        int c = corners[i], parity = (i == 0 || i == 3) ? 0 : 1;
        if (p->given[c])
            return true;
        if (!pos->grid[c]) {
            empty[nempty++] = c;
            continue;
        }
        if (want[parity] && want[parity] != pos->grid[c])
            return true;
        want[parity] = pos->grid[c];
        solved[nsolved++] = c;
    }
    if (!want[0] || !want[1] || want[0] == want[1] || nempty == 0)
        return true;
    hint_begin(s, &h);
    h.digits = (1u << want[0]) | (1u << want[1]);
    for (int i = 0; i < 4; i++) {
        hint_add_cell(&h, corners[i]);
        hint_add_group(&h, box_of(p, corners[i]));
    }
    if (nempty == 1) {
        int i = 0;
        while (corners[i] != empty[0])
            i++;
        hint_add_elim(s, &h, empty[0], want[(i == 0 || i == 3) ? 0 : 1]);
    } else {
        digitset z = 0;
        for (int k = 0; k < nempty; k++) {
            int i = 0, need;
            while (corners[i] != empty[k])
                i++;
            need = want[(i == 0 || i == 3) ? 0 : 1];
            if (!(pos->cands[empty[k]] & (1u << need)) || popcount32(pos->cands[empty[k]]) != 2)
                return true;
            z |= pos->cands[empty[k]] & ~(1u << need);
        }
        if (popcount32(z) != 1)
            return true;
        elim_seeing_all(s, &h, lowest_bit(z), empty, nempty);
    }
    if (h.nelim == 0)
        return true;
    /* TRANSLATORS: %1$s are the four corners, %2$s those solved with %3$c and %4$c, %5$s
     * the empty ones. */
    const char *premise = (p->variant & VARIANT_JIGSAW)
        ? hint_words(&h, P_("%1$s form a rectangle in two regions, none of them a given; "
                            "%2$s is solved with %3$c and %4$c. Were %5$s to complete "
                            "the %3$c/%4$c pattern, the two digits could swap around it "
                            "and the puzzle would have two solutions",
                            "%1$s form a rectangle in two regions, none of them a given; "
                            "%2$s are solved with %3$c and %4$c. Were %5$s to complete "
                            "the %3$c/%4$c pattern, the two digits could swap around it "
                            "and the puzzle would have two solutions", nsolved),
                     hint_cells(&h, corners, 4, HINT_AND), hint_cells(&h, solved, nsolved, HINT_AND),
                     hint_digit_symbol(want[0]), hint_digit_symbol(want[1]),
                     hint_cells(&h, empty, nempty, HINT_AND))
        : hint_words(&h, P_("%1$s form a rectangle in two boxes, none of them a given; "
                            "%2$s is solved with %3$c and %4$c. Were %5$s to complete "
                            "the %3$c/%4$c pattern, the two digits could swap around it "
                            "and the puzzle would have two solutions",
                            "%1$s form a rectangle in two boxes, none of them a given; "
                            "%2$s are solved with %3$c and %4$c. Were %5$s to complete "
                            "the %3$c/%4$c pattern, the two digits could swap around it "
                            "and the puzzle would have two solutions", nsolved),
                     hint_cells(&h, corners, 4, HINT_AND), hint_cells(&h, solved, nsolved, HINT_AND),
                     hint_digit_symbol(want[0]), hint_digit_symbol(want[1]),
                     hint_cells(&h, empty, nempty, HINT_AND));
    if (nempty == 1)
        /* TRANSLATORS: %1$s is the premise, %2$s a cell, %3$c a digit. */
        hint_say(&h, _("%1$s; it has one, so %2$s is not %3$c"), premise, hint_cell(&h, empty[0]),
                 hint_digit_symbol(h.elim[0].digit));
    else
        hint_say(&h, _("%1$s; it has one, so one of them is its other candidate, %2$c, and a cell "
                       "seeing them all cannot be %2$c"),
                 premise, hint_digit_symbol(h.elim[0].digit));
    hint_say_eliminations(&h);
    return hint_emit(s, &h);
}

/* A corner of an avoidable rectangle is no given. */
static bool not_given(const struct hint_position *pos, int cell)
{
    return pos->p->given[cell] == 0;
}

void hint_find_avoidable_rectangle(struct hint_search *s)
{
    each_rectangle(s, not_given, avoidable_at);
}

/* --- Unique loops: a longer ring of cells that could swap two digits --- */

#define LOOP_MAX 14
#define LOOP_MAX_EXTRA 2

struct loop {
    struct hint_search *s;
    digitset pair;
    int cells[LOOP_MAX], n;
    int nextra;
    uint8_t *in_group_count;     /* per group: loop cells in it */
};

static void loop_count(struct loop *l, int cell, int delta)
{
    const struct puzzle *p = l->s->pos->p;

    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][k] >= 0; k++)
        l->in_group_count[p->cell_groups[cell][k]] = (uint8_t)(l->in_group_count[p->cell_groups[cell][k]] + delta);
}

/* Every group holds 0 or 2 loop cells, the two at odd distance along the loop: then the
 * two digits can swap around it. */
static bool loop_closed(struct loop *l)
{
    const struct puzzle *p = l->s->pos->p;

    for (int i = 0; i < l->n; i++) {
        int cell = l->cells[i];
        for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][k] >= 0; k++) {
            int g = p->cell_groups[cell][k];
            if (l->in_group_count[g] != 2)
                return false;
            for (int j = 0; j < l->n; j++)
                if (j != i && hint_in_group(p, l->cells[j], g) && (j - i) % 2 == 0)
                    return false;
        }
    }
    return true;
}

static bool loop_emit(struct loop *l)
{
    struct hint_search *s = l->s;
    const struct hint_position *pos = s->pos;
    int extra[LOOP_MAX], ne = 0;
    digitset ext = 0;
    struct hint h;

    for (int i = 0; i < l->n; i++) {
        if (pos->cands[l->cells[i]] != l->pair) {
            extra[ne++] = l->cells[i];
            ext |= pos->cands[l->cells[i]] & ~l->pair;
        }
    }
    hint_begin(s, &h);
    h.digits = l->pair;
    for (int i = 0; i < l->n; i++)
        hint_add_cell(&h, l->cells[i]);
    if (ne == 1) {
        for (digitset m = l->pair; m; m &= m - 1)
            hint_add_elim(s, &h, extra[0], lowest_bit(m));
    } else if (popcount32(ext) == 1) {
        for (int i = 0; i < ne; i++)
            if (popcount32(pos->cands[extra[i]]) != 3)
                return true;
        elim_seeing_all(s, &h, lowest_bit(ext), extra, ne);
    }
    if (h.nelim == 0)
        return true;
    if (ne == 1)
        /* TRANSLATORS: %1$s are the loop's cells, %2$s its two digits joined by "or", %3$s
         * the cell that breaks it. */
        hint_say(&h, _("%1$s make a loop, each joined to the next by a unit that holds just those two "
                       "of them, and all can be %2$s. Were they all only %2$s, the two digits could "
                       "swap around the loop and the puzzle would have two solutions; it has one, so "
                       "%3$s takes another digit"),
                 hint_cells(&h, l->cells, l->n, HINT_AND), hint_digits(&h, l->pair, HINT_OR),
                 hint_cell(&h, extra[0]));
    else
        /* TRANSLATORS: %3$s are the cells with an extra digit %4$c. */
        hint_say(&h, _("%1$s make a loop, each joined to the next by a unit that holds just those two "
                       "of them, and all can be %2$s. Were they all only %2$s, the two digits could "
                       "swap around the loop and the puzzle would have two solutions; it has one, so "
                       "one of %3$s is %4$c, and a cell seeing them all cannot be %4$c"),
                 hint_cells(&h, l->cells, l->n, HINT_AND), hint_digits(&h, l->pair, HINT_OR),
                 hint_cells(&h, extra, ne, HINT_AND), hint_digit_symbol(lowest_bit(ext)));
    hint_say_eliminations(&h);
    return hint_emit(s, &h);
}

static bool loop_extend(struct loop *l)
{
    const struct puzzle *p = l->s->pos->p;
    int last = l->cells[l->n - 1];

    if (l->n >= 6 && l->n % 2 == 0 && hint_sees(p, last, l->cells[0]) && loop_closed(l)
        && !loop_emit(l))
        return false;
    if (l->n == LOOP_MAX)
        return true;
    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[last][k] >= 0; k++) {
        const struct puzzle_group *grp = &p->groups[p->cell_groups[last][k]];
        if (l->in_group_count[p->cell_groups[last][k]] != 1)
            continue;
        for (int i = 0; i < grp->ncells; i++) {
            int c = grp->cells[i];
            bool extra, crowded = false;
            if (!is_empty(l->s->pos, c) || (l->s->pos->cands[c] & l->pair) != l->pair
                || in_list(l->cells, l->n, c))
                continue;
            extra = l->s->pos->cands[c] != l->pair;
            /* the loop starts from its first cell holding just the pair: before it in
             * reading order, only cells with extra digits */
            if (c < l->cells[0] && !extra)
                continue;
            if (extra && l->nextra == LOOP_MAX_EXTRA)
                continue;
            for (int j = 0; j < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[c][j] >= 0; j++)
                crowded |= l->in_group_count[p->cell_groups[c][j]] >= 2;
            if (crowded)
                continue;
            l->cells[l->n++] = c;
            l->nextra += extra;
            loop_count(l, c, 1);
            bool go = loop_extend(l);
            loop_count(l, c, -1);
            l->nextra -= extra;
            l->n--;
            if (!go)
                return false;
        }
    }
    return true;
}

void hint_find_unique_loop(struct hint_search *s)
{
    const struct hint_position *pos = s->pos;
    const struct puzzle *p = pos->p;
    /* every group: a variant's diagonals, regions and cages must hold two loop cells or
     * none, as rows and columns must (loop_closed) */
    uint8_t *counts = xcalloc((size_t)p->ngroups, sizeof *counts);
    struct loop l = { .s = s, .in_group_count = counts };

    /* A loop has at least 4 bivalue cells of the pair (at most two extra of 6): it is
     * looked for from the first of them, its other cells anywhere. */
    for (int start = 0; start < p->ncells; start++) {
        if (!is_empty(pos, start) || popcount32(pos->cands[start]) != 2)
            continue;
        l.pair = pos->cands[start];
        l.cells[0] = start;
        l.n = 1;
        l.nextra = 0;
        loop_count(&l, start, 1);
        bool go = loop_extend(&l);
        loop_count(&l, start, -1);
        if (!go)
            break;
    }
    free(counts);
}

/* --- BUG types 2-4: a bivalue grave broken by several cells --- */

#define BUG_MAX_POLY 4

struct bug {
    int poly[BUG_MAX_POLY], npoly;
    digitset keep[BUG_MAX_POLY];        /* per poly cell: its two grave digits */
    digitset extra[BUG_MAX_POLY];       /* the rest */
};

/* Whether, with each poly cell cut to its keep, every digit has 0 or 2 places in every
 * group: the grave. */
static bool bug_grave(const struct hint_position *pos, const struct bug *b)
{
    const struct puzzle *p = pos->p;

    for (int g = 0; g < p->ngroups; g++) {
        const struct puzzle_group *grp = &p->groups[g];
        uint8_t count[PUZZLE_MAX_DIGIT + 1] = { 0 };
        for (int i = 0; i < grp->ncells; i++) {
            int c = grp->cells[i];
            digitset cand = is_empty(pos, c) ? pos->cands[c] : 0;
            for (int k = 0; k < b->npoly; k++)
                if (b->poly[k] == c)
                    cand = b->keep[k];
            for (; cand; cand &= cand - 1)
                count[lowest_bit(cand)]++;
        }
        for (int d = 1; d <= p->max_digit; d++)
            if (count[d] != 0 && count[d] != 2)
                return false;
    }
    return true;
}

/* Tries every choice of two grave digits per poly cell from k on. */
static bool bug_choose(const struct hint_position *pos, struct bug *b, int k)
{
    digitset c;

    if (k == b->npoly)
        return bug_grave(pos, b);
    c = pos->cands[b->poly[k]];
    for (digitset m1 = c; m1; m1 &= m1 - 1) {
        for (digitset m2 = m1 & (m1 - 1); m2; m2 &= m2 - 1) {
            b->keep[k] = (1u << lowest_bit(m1)) | (1u << lowest_bit(m2));
            b->extra[k] = c & ~b->keep[k];
            if (bug_choose(pos, b, k + 1))
                return true;
        }
    }
    return false;
}

static void bug_say(struct hint *h, const struct bug *b)
{
    struct hint_buf extras = HINT_BUF_INIT;

    if (h->quiet)
        return;
    for (int k = 0; k < b->npoly; k++)
        /* TRANSLATORS: digits in a cell: "3 and 7 in r1c2". */
        hint_buf_item(&extras, k, b->npoly, HINT_AND,
                      hint_words(h, _("%1$s in %2$s"), hint_digits(h, b->extra[k], HINT_AND),
                                 hint_cell(h, b->poly[k])));
    /* TRANSLATORS: %1$s are the cells with more than two candidates, %2$s their extra
     * digits, cell by cell. */
    hint_say(h, _("every empty cell but %1$s has two candidates; without %2$s, every digit would "
                  "have exactly two places in each unit that lacks it, a deadly pattern with two "
                  "solutions. The puzzle has one, so one of those is true."),
             hint_cells(h, b->poly, b->npoly, HINT_AND), extras.s);
}

static void bug_mark(struct hint *h, const struct bug *b)
{
    for (int k = 0; k < b->npoly; k++) {
        hint_add_cell(h, b->poly[k]);
        h->digits |= b->extra[k];
    }
}

static bool bug_type_2(struct hint_search *s, const struct bug *b)
{
    digitset z = 0;
    struct hint h;

    for (int k = 0; k < b->npoly; k++) {
        if (popcount32(b->extra[k]) != 1)
            return true;
        z |= b->extra[k];
    }
    if (popcount32(z) != 1)
        return true;
    hint_begin(s, &h);
    bug_mark(&h, b);
    elim_seeing_all(s, &h, lowest_bit(z), b->poly, b->npoly);
    if (h.nelim == 0)
        return true;
    bug_say(&h, b);
    hint_say(&h, _(" One of them is %1$c: a cell seeing them all cannot be %1$c"),
             hint_digit_symbol(lowest_bit(z)));
    hint_say_eliminations(&h);
    return hint_emit(s, &h);
}

struct bug3_ctx {
    const struct bug *b;
};

static void bug3_mark(struct hint *h, void *ctx)
{
    bug_mark(h, ((struct bug3_ctx *)ctx)->b);
}

static void bug3_say(struct hint *h, void *ctx)
{
    const struct bug *b = ((struct bug3_ctx *)ctx)->b;

    bug_say(h, b);
    /* TRANSLATORS: %1$s are two cells, %2$s their extra digits joined by "or". */
    hint_say(h, _(" So %1$s act as one cell that can only be %2$s."),
             hint_cells(h, b->poly, 2, HINT_AND), hint_digits(h, b->extra[0] | b->extra[1], HINT_OR));
}

static bool bug_type_3(struct hint_search *s, const struct bug *b)
{
    int g[PUZZLE_MAX_CELL_GROUPS], ng;
    struct bug3_ctx ctx = { b };
    digitset extra;

    if (b->npoly != 2)
        return true;
    extra = b->extra[0] | b->extra[1];
    if (popcount32(extra) < 2)
        return true;
    ng = common_groups(s->pos->p, b->poly, 2, g);
    for (int i = 0; i < ng; i++) {
        struct pseudo ps = { .s = s, .g = g[i], .roof = b->poly, .nroof = 2,
                             .say = bug3_say, .mark = bug3_mark, .ctx = &ctx };
        if (!pseudo_subsets(&ps, extra))
            return false;
    }
    return true;
}

/* Type 4: two poly cells sharing a group in which a grave digit x has only them: one of
 * them is x and the other its extra, so neither is its other grave digit. */
static bool bug_type_4(struct hint_search *s, const struct bug *b)
{
    int g[PUZZLE_MAX_CELL_GROUPS], ng;
    digitset x;

    if (b->npoly != 2 || popcount32(b->extra[0]) != 1 || popcount32(b->extra[1]) != 1)
        return true;
    x = b->keep[0] & b->keep[1];
    ng = common_groups(s->pos->p, b->poly, 2, g);
    for (int i = 0; i < ng; i++) {
        for (digitset m = x; m; m &= m - 1) {
            int d = lowest_bit(m), a, c;
            struct hint h;

            if (!hint_strong_pair(s, g[i], d, &a, &c) || !in_list(b->poly, 2, a) || !in_list(b->poly, 2, c))
                continue;
            hint_begin(s, &h);
            bug_mark(&h, b);
            hint_add_group(&h, g[i]);
            for (int k = 0; k < 2; k++)
                hint_add_elim(s, &h, b->poly[k], lowest_bit(b->keep[k] & ~(1u << d)));
            if (h.nelim == 0)
                continue;
            bug_say(&h, b);
            /* TRANSLATORS: %1$s is a unit, %2$c a digit, %3$s two cells joined by "or". */
            hint_say(&h, _(" In %1$s %2$c can only go in %3$s, so one of them is %2$c and the other its "
                           "extra digit: neither is its other digit"),
                     hint_group(&h, g[i]), hint_digit_symbol(d), hint_cells(&h, b->poly, 2, HINT_OR));
            hint_say_eliminations(&h);
            if (!hint_emit(s, &h))
                return false;
        }
    }
    return true;
}

void hint_find_bug_more(struct hint_search *s)
{
    const struct hint_position *pos = s->pos;
    const struct puzzle *p = pos->p;
    struct bug b = { .npoly = 0 };

    for (int cell = 0; cell < p->ncells; cell++) {
        int n = is_empty(pos, cell) ? popcount32(pos->cands[cell]) : 0;
        if (n == 0 || n == 2)
            continue;
        if (n == 1 || n > 4 || b.npoly == BUG_MAX_POLY)
            return;
        b.poly[b.npoly++] = cell;
    }
    if (b.npoly < 2 || !bug_choose(pos, &b, 0))
        return;
    switch (s->id) {
    case TECH_BUG_TYPE_2: bug_type_2(s, &b); break;
    case TECH_BUG_TYPE_3: bug_type_3(s, &b); break;
    case TECH_BUG_TYPE_4: bug_type_4(s, &b); break;
    default: break;
    }
}
