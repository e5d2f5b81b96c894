/* hint_sudoku.c: Sudoku techniques for every size: singles, locked candidates, subsets, fish. */
#include "config.h"
#include "hint.h"
#include "hint_memo.h"

#include <string.h>

#include "i18n.h"
#include "util.h"

/*
 * Units are p->groups (rows, columns, boxes), digits 1..p->max_digit.  Naked singles and
 * naked subsets only need "the digits of a group differ", so they serve Kakuro runs too.
 * Wings, single-digit patterns, colouring, uniqueness and chains are in hint_chains.c.
 */

static bool is_empty(const struct hint_position *pos, int cell)
{
    return !pos->p->block[cell] && !pos->grid[cell];
}

static digitset all_digits(const struct puzzle *p)
{
    return ((1u << (p->max_digit + 1)) - 1) & ~1u;
}

/* Per digit, the empty cells of group g that can take it, as bits over the group's cells:
 * one pass over the group serves every digit. */
static void group_where(const struct hint_position *pos, int g, uint32_t *where)
{
    const struct puzzle_group *grp = &pos->p->groups[g];

    memset(where, 0, (PUZZLE_MAX_DIGIT + 1) * sizeof *where);
    for (int i = 0; i < grp->ncells; i++) {
        int cell = grp->cells[i];
        if (!is_empty(pos, cell))
            continue;
        for (digitset c = pos->cands[cell]; c; c &= c - 1)
            where[lowest_bit(c)] |= 1u << i;
    }
}

/* The cells of group g named by the bits of mask; their count. */
static int where_cells(const struct hint_position *pos, int g, uint32_t mask, int *cells)
{
    const struct puzzle_group *grp = &pos->p->groups[g];
    int n = 0;

    for (; mask; mask &= mask - 1)
        cells[n++] = grp->cells[lowest_bit(mask)];
    return n;
}

/* --- Singles --- */

static bool full_house_in(struct hint_search *s, int g)
{
    const struct puzzle_group *grp = &s->pos->p->groups[g];
    int empty = -1, nempty = 0, d;
    struct hint h;

    for (int i = 0; i < grp->ncells; i++) {
        if (!s->pos->grid[grp->cells[i]]) {
            empty = grp->cells[i];
            nempty++;
        }
    }
    if (nempty != 1)
        return true;
    d = lowest_bit(all_digits(s->pos->p) & ~hint_group_placed(s->pos, g));
    if (!(s->pos->cands[empty] & (1u << d)))
        return true;
    hint_begin(s, &h);
    hint_add_group(&h, g);
    hint_add_cell(&h, empty);
    h.digits = 1u << d;
    hint_add_place(&h, empty, d);
    /* TRANSLATORS: %1$s is a cell ("r4c7"), %2$s a unit ("row 4"), %3$c a digit. */
    hint_say(&h, _("%1$s is the only empty cell of %2$s, and %3$c is the only digit it lacks, "
                   "so %1$s is %3$c."),
             hint_cell(&h, empty), hint_group(&h, g), hint_digit_symbol(d));
    return hint_emit(s, &h);
}

/* Only a unit's last empty cell takes the digit it lacks (a cage holds some digits). */
void hint_find_full_house(struct hint_search *s)
{
    const struct puzzle *p = s->pos->p;

    for (int g = 0; g < p->ngroups; g++)
        if (puzzle_group_is_unit(p, &p->groups[g]) && !full_house_in(s, g))
            return;
}

/* A hidden single is named by its unit: a diagonal's is not a line's, whatever the
 * technique's count calls them both. */
static const char *hidden_single_name(const struct hint_search *s, int g)
{
    const struct puzzle *p = s->pos->p;

    if (p->groups[g].kind == GROUP_DIAGONAL)
        return N_("Hidden single (diagonal)");
    if (s->id == TECH_HIDDEN_SINGLE_LINE)
        return N_("Hidden single (line)");
    return hint_technique_name(s->id, p->variant);
}

static bool hidden_singles_in(struct hint_search *s, int g)
{
    const struct puzzle *p = s->pos->p;
    digitset missing = all_digits(p) & ~hint_group_placed(s->pos, g);
    uint32_t where[PUZZLE_MAX_DIGIT + 1];
    int cells[PUZZLE_MAX_DIGIT];

    group_where(s->pos, g, where);
    for (int d = 1; d <= p->max_digit; d++) {
        struct hint h;

        if (!(missing & (1u << d)) || popcount32(where[d]) != 1)
            continue;
        where_cells(s->pos, g, where[d], cells);
        hint_begin_named(s, &h, hidden_single_name(s, g));
        hint_add_group(&h, g);
        hint_add_cell(&h, cells[0]);
        h.digits = 1u << d;
        hint_add_place(&h, cells[0], d);
        hint_say(&h, _("in %1$s, %2$c fits only %3$s (each other empty cell sees that digit or "
                       "has had it ruled out), so %3$s is %2$c."),
                 hint_group(&h, g), hint_digit_symbol(d), hint_cell(&h, cells[0]));
        if (!hint_emit(s, &h))
            return false;
    }
    return true;
}

/* In boxes (and Jigsaw regions) or in the other units (lines, diagonals): a digit must
 * go somewhere only in a unit. */
static void hidden_singles(struct hint_search *s, bool boxes)
{
    const struct puzzle *p = s->pos->p;

    for (int g = 0; g < p->ngroups; g++)
        if (puzzle_group_is_unit(p, &p->groups[g]) && puzzle_group_is_box(&p->groups[g]) == boxes
            && !hidden_singles_in(s, g))
            return;
}

void hint_find_hidden_single_box(struct hint_search *s)
{
    hidden_singles(s, true);
}

void hint_find_hidden_single_line(struct hint_search *s)
{
    hidden_singles(s, false);
}

/* Says what leaves the cell one candidate: the digits its units hold, and (when they do
 * not rule out every other digit) the candidates eliminated earlier by other steps. */
static void say_naked_single(struct hint_search *s, struct hint *h, int cell, int d)
{
    const struct puzzle *p = s->pos->p;
    bool sudoku = p->ops->kind == PUZZLE_SUDOKU;
    digitset basic = hint_basic_candidates(p, s->pos->grid, cell);
    digitset seen = all_digits(p) & ~basic, earlier = basic & ~(1u << d);

    const char *name = hint_cell(h, cell), *held = "", *gone = "";
    char digit = hint_digit_symbol(d);

    if (seen != 0 && p->variant != 0)
        /* A variant's cell has more groups, and a cage rules digits out by its sum too. */
        held = hint_words(h, _("the digits and cage sums of its groups rule out %s"),
                          hint_digits(h, seen, HINT_AND));
    else if (seen != 0)
        /* TRANSLATORS: %s is a list of digits ("1, 4 and 7"). */
        held = sudoku ? hint_words(h, _("its row, column and box already hold %s"), hint_digits(h, seen, HINT_AND))
               : hint_words(h, P_("its runs already holds %s", "its runs already hold %s", popcount32(seen)),
                            hint_digits(h, seen, HINT_AND));
    if (earlier != 0)
        gone = hint_words(h, P_("%s was eliminated there by earlier steps",
                                "%s were eliminated there by earlier steps", popcount32(earlier)),
                          hint_digits(h, earlier, HINT_AND));
    if (seen != 0 && earlier != 0)
        /* TRANSLATORS: %1$s is a cell, %2$c its digit, %3$s what its units hold, %4$s what
         * earlier steps eliminated. */
        hint_say(h, _("%1$s can only be %2$c: %3$s, and %4$s, so %1$s is %2$c."), name, digit, held, gone);
    else if (earlier != 0 || sudoku)
        hint_say(h, _("%1$s can only be %2$c: %3$s, so %1$s is %2$c."), name, digit, seen != 0 ? held : gone);
    else
        hint_say(h, _("%1$s can only be %2$c: %3$s (each digit once per run), so %1$s is %2$c."),
                 name, digit, held);
}

void hint_find_naked_single(struct hint_search *s)
{
    const struct puzzle *p = s->pos->p;

    for (int cell = 0; cell < p->ncells; cell++) {
        digitset c = s->pos->cands[cell];
        struct hint h;
        int d;

        if (!is_empty(s->pos, cell) || popcount32(c) != 1)
            continue;
        d = lowest_bit(c);
        hint_begin(s, &h);
        for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][k] >= 0; k++)
            hint_add_group(&h, p->cell_groups[cell][k]);
        hint_add_cell(&h, cell);
        h.digits = c;
        hint_add_place(&h, cell, d);
        say_naked_single(s, &h, cell, d);
        if (!hint_emit(s, &h))
            return;
    }
}

/* --- Locked candidates --- */

/* The group other than a of kind-class box/line that holds all n cells, or -1. */
static int common_group(const struct puzzle *p, int a, const int *cells, int n, bool want_box)
{
    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cells[0]][k] >= 0; k++) {
        int g = p->cell_groups[cells[0]][k];
        bool all = true;

        if (g == a || puzzle_group_is_box(&p->groups[g]) != want_box)
            continue;
        for (int i = 1; i < n && all; i++)
            all = hint_in_group(p, cells[i], g);
        if (all)
            return g;
    }
    return -1;
}

static bool locked_in(struct hint_search *s, int a, int d, uint32_t where, bool pointing)
{
    const struct puzzle *p = s->pos->p;
    int cells[PUZZLE_MAX_DIGIT], others[PUZZLE_MAX_DIGIT];
    int n, b, m;
    struct hint h;

    if (popcount32(where) < 2)
        return true;
    n = where_cells(s->pos, a, where, cells);
    if ((b = common_group(p, a, cells, n, !pointing)) < 0)
        return true;
    hint_begin(s, &h);
    hint_add_group(&h, a);
    hint_add_group(&h, b);
    h.digits = 1u << d;
    for (int i = 0; i < n; i++)
        hint_add_cell(&h, cells[i]);
    m = hint_cells_with(s->pos, b, d, others);
    for (int i = 0; i < m; i++)
        if (!hint_in_group(p, others[i], a))
            hint_add_elim(s, &h, others[i], d);
    /* TRANSLATORS: %1$s and %4$s are units, %2$c a digit, %3$s a list of cells joined by "or". */
    hint_say(&h, _("in %1$s, %2$c can only go in %3$s, all in %4$s; so the %2$c of %4$s is one of "
                   "them and no other cell of it can be %2$c"),
             hint_group(&h, a), hint_digit_symbol(d), hint_cells(&h, cells, n, HINT_OR), hint_group(&h, b));
    hint_say_eliminations(&h);
    return hint_emit(s, &h);
}

static void locked_candidates(struct hint_search *s, bool pointing)
{
    const struct puzzle *p = s->pos->p;

    for (int a = 0; a < p->ngroups; a++) {
        uint32_t where[PUZZLE_MAX_DIGIT + 1];

        /* The digit must be somewhere in a: a unit (a box or region when pointing). */
        if (puzzle_group_is_box(&p->groups[a]) != pointing || !puzzle_group_is_unit(p, &p->groups[a]))
            continue;
        group_where(s->pos, a, where);
        for (int d = 1; d <= p->max_digit; d++)
            if (!locked_in(s, a, d, where[d], pointing))
                return;
    }
}

void hint_find_pointing(struct hint_search *s)
{
    locked_candidates(s, true);
}

void hint_find_claiming(struct hint_search *s)
{
    locked_candidates(s, false);
}

/* --- Choosing k items whose masks together have k bits: subsets and fish --- */

struct union_pick {
    int n, k;
    uint32_t masks[PUZZLE_MAX_DIGIT];   /* per item */
    int ids[PUZZLE_MAX_DIGIT];          /* per item: a cell, digit or line */
    int pick[4];                        /* indices of the chosen items */
    bool (*found)(struct union_pick *u, uint32_t uni, void *ctx);  /* false: stop */
    void *ctx;
};

static bool choose_union(struct union_pick *u, int start, int depth, uint32_t uni)
{
    if (depth == u->k)
        return popcount32(uni) != u->k || u->found(u, uni, u->ctx);
    for (int i = start; i <= u->n - (u->k - depth); i++) {
        uint32_t next = uni | u->masks[i];
        if (popcount32(next) > u->k)
            continue;
        u->pick[depth] = i;
        if (!choose_union(u, i + 1, depth + 1, next))
            return false;
    }
    return true;
}

/* Adds an item whose mask has 2..k bits (fewer would be a single, more cannot fit). */
static void union_add(struct union_pick *u, int id, uint32_t mask)
{
    int bits = popcount32(mask);

    if (bits >= 2 && bits <= u->k) {
        u->ids[u->n] = id;
        u->masks[u->n++] = mask;
    }
}

static int subset_size(enum technique id)
{
    switch (id) {
    case TECH_NAKED_PAIR: case TECH_HIDDEN_PAIR: case TECH_X_WING: return 2;
    case TECH_NAKED_TRIPLE: case TECH_HIDDEN_TRIPLE: case TECH_SWORDFISH: return 3;
    default: return 4;
    }
}

/* TRANSLATORS: how many cells or lines a subset or a fish has. */
static const char *const subset_words[] = { "", "", N_("two"), N_("three"), N_("four") };

/* --- Naked subsets --- */

struct subset_ctx {
    struct hint_search *s;
    int g;
};

static bool naked_found(struct union_pick *u, uint32_t uni, void *ctx)
{
    struct subset_ctx *c = ctx;
    const struct puzzle_group *grp = &c->s->pos->p->groups[c->g];
    int cells[4];
    struct hint h;

    hint_begin(c->s, &h);
    hint_add_group(&h, c->g);
    h.digits = uni;
    for (int i = 0; i < u->k; i++) {
        cells[i] = u->ids[u->pick[i]];
        hint_add_cell(&h, cells[i]);
    }
    for (int i = 0; i < grp->ncells; i++) {
        int cell = grp->cells[i];
        bool in = false;
        for (int j = 0; j < u->k; j++)
            in |= cells[j] == cell;
        for (int d = 1; !in && d <= PUZZLE_MAX_DIGIT; d++)
            if (uni & (1u << d))
                hint_add_elim(c->s, &h, cell, d);
    }
    if (u->k == 2)
        /* TRANSLATORS: %1$s is a list of cells, %2$s of digits joined by "or", %3$s a unit. */
        hint_say(&h, _("%1$s can only be %2$s, so they hold these two digits and no other cell "
                       "of %3$s can be %2$s"),
                 hint_cells(&h, cells, u->k, HINT_AND), hint_digits(&h, uni, HINT_OR),
                 hint_group(&h, c->g));
    else
        /* TRANSLATORS: %4$s is "three" or "four". */
        hint_say(&h, _("%1$s can only be %2$s, so they hold these %4$s digits between them and no "
                       "other cell of %3$s can be %2$s"),
                 hint_cells(&h, cells, u->k, HINT_AND), hint_digits(&h, uni, HINT_OR),
                 hint_group(&h, c->g), _(subset_words[u->k]));
    hint_say_eliminations(&h);
    return hint_emit(c->s, &h);
}

static bool naked_in(struct hint_search *s, int g, int k)
{
    const struct puzzle_group *grp = &s->pos->p->groups[g];
    struct union_pick u = { .k = k, .found = naked_found };
    struct subset_ctx c = { s, g };
    int nempty = 0;

    u.ctx = &c;
    for (int i = 0; i < grp->ncells; i++) {
        int cell = grp->cells[i];
        if (is_empty(s->pos, cell)) {
            nempty++;
            union_add(&u, cell, s->pos->cands[cell]);
        }
    }
    if (nempty <= k)
        return true;
    return choose_union(&u, 0, 0, 0);
}

void hint_find_naked_subset(struct hint_search *s)
{
    int k = subset_size(s->id);

    for (int g = 0; g < s->pos->p->ngroups; g++)
        if (!naked_in(s, g, k))
            return;
}

/* --- Hidden subsets --- */

static bool hidden_found(struct union_pick *u, uint32_t uni, void *ctx)
{
    struct subset_ctx *c = ctx;
    const struct puzzle_group *grp = &c->s->pos->p->groups[c->g];
    int cells[4], n = 0;
    digitset digits = 0;
    struct hint h;

    for (int i = 0; i < u->k; i++)
        digits |= 1u << u->ids[u->pick[i]];
    hint_begin(c->s, &h);
    hint_add_group(&h, c->g);
    h.digits = digits;
    for (int i = 0; i < grp->ncells; i++) {
        if (!(uni & (1u << i)))
            continue;
        cells[n++] = grp->cells[i];
        hint_add_cell(&h, grp->cells[i]);
        for (int d = 1; d <= PUZZLE_MAX_DIGIT; d++)
            if (!(digits & (1u << d)))
                hint_add_elim(c->s, &h, grp->cells[i], d);
    }
    /* TRANSLATORS: %1$s is a unit, %2$s a list of digits, %3$s of cells, %4$s "two",
     * "three" or "four". */
    hint_say(&h, _("in %1$s, %2$s fit only %3$s, so these %4$s cells hold them and nothing else"),
             hint_group(&h, c->g), hint_digits(&h, digits, HINT_AND), hint_cells(&h, cells, n, HINT_AND),
             _(subset_words[u->k]));
    hint_say_eliminations(&h);
    return hint_emit(c->s, &h);
}

static bool hidden_in(struct hint_search *s, int g, int k)
{
    const struct puzzle *p = s->pos->p;
    const struct puzzle_group *grp = &p->groups[g];
    digitset missing = all_digits(p) & ~hint_group_placed(s->pos, g);
    struct union_pick u = { .k = k, .found = hidden_found };
    struct subset_ctx c = { s, g };

    u.ctx = &c;
    if (popcount32(missing) <= k)
        return true;
    for (int d = 1; d <= p->max_digit; d++) {
        uint32_t where = 0;
        if (!(missing & (1u << d)))
            continue;
        for (int i = 0; i < grp->ncells; i++)
            if (is_empty(s->pos, grp->cells[i]) && (s->pos->cands[grp->cells[i]] & (1u << d)))
                where |= 1u << i;
        union_add(&u, d, where);
    }
    return choose_union(&u, 0, 0, 0);
}

void hint_find_hidden_subset(struct hint_search *s)
{
    const struct puzzle *p = s->pos->p;
    int k = subset_size(s->id);

    for (int g = 0; g < p->ngroups; g++)
        if (puzzle_group_is_unit(p, &p->groups[g]) && !hidden_in(s, g, k))
            return;
}

/* --- Fish: X-wing, swordfish, jellyfish --- */

struct fish_ctx {
    struct hint_search *s;
    int d;
    bool rows;          /* base lines are rows, cover lines columns */
};

/* The group index of row or column i. */
static int line_group(const struct puzzle *p, bool row, int i)
{
    return hint_group_of_kind(p, row ? i * p->width : i, row ? GROUP_ROW : GROUP_COLUMN);
}


/* Whether no j < k of the chosen lines fit in j cover lines: a fish holding a smaller one
 * falls apart into it and singles, and is listed as that. */
static bool fish_is_whole(const struct union_pick *u)
{
    for (int sub = 1; sub < (1 << u->k) - 1; sub++) {
        uint32_t uni = 0;
        for (int i = 0; i < u->k; i++)
            if (sub & (1 << i))
                uni |= u->masks[u->pick[i]];
        if (popcount32(uni) <= popcount32((uint32_t)sub))
            return false;
    }
    return true;
}

static bool fish_found(struct union_pick *u, uint32_t uni, void *ctx)
{
    struct fish_ctx *c = ctx;
    const struct puzzle *p = c->s->pos->p;
    int n = p->width, base[4], cover[4], ncover = 0;
    struct hint h;

    if (!fish_is_whole(u))
        return true;
    hint_begin(c->s, &h);
    h.digits = 1u << c->d;
    for (int i = 0; i < u->k; i++) {
        base[i] = u->ids[u->pick[i]];
        hint_add_group(&h, line_group(p, c->rows, base[i]));
    }
    for (int j = 0; j < n; j++) {
        if (!(uni & (1u << j)))
            continue;
        cover[ncover++] = j;
        hint_add_group(&h, line_group(p, !c->rows, j));
        for (int i = 0; i < n; i++) {
            int cell = c->rows ? i * n + j : j * n + i;
            bool in_base = false;
            for (int b = 0; b < u->k; b++)
                in_base |= base[b] == i;
            if (in_base && (c->s->pos->cands[cell] & (1u << c->d)) && !c->s->pos->grid[cell])
                hint_add_cell(&h, cell);
            else if (!in_base)
                hint_add_elim(c->s, &h, cell, c->d);
        }
    }
    /* TRANSLATORS: %1$s are the base lines ("rows 1, 4 and 7"), %2$c the digit, %3$s the
     * cover lines, %4$s "two", "three" or "four". */
    hint_say(&h, c->rows ? _("in %1$s, %2$c can only go in %3$s; the %4$s rows put their %2$cs in "
                             "those columns, one in each, so no other cell of those columns can be %2$c")
                         : _("in %1$s, %2$c can only go in %3$s; the %4$s columns put their %2$cs in "
                             "those rows, one in each, so no other cell of those rows can be %2$c"),
             hint_lines(&h, c->rows, base, u->k), hint_digit_symbol(c->d),
             hint_lines(&h, !c->rows, cover, ncover), _(subset_words[u->k]));
    hint_say_eliminations(&h);
    return hint_emit(c->s, &h);
}

static bool fish_for(struct hint_search *s, int d, bool rows, int k)
{
    const struct puzzle *p = s->pos->p;
    int n = p->width;
    struct union_pick u = { .k = k, .found = fish_found };
    struct fish_ctx c = { s, d, rows };

    u.ctx = &c;
    for (int i = 0; i < n; i++) {
        uint32_t where = 0;
        for (int j = 0; j < n; j++) {
            int cell = rows ? i * n + j : j * n + i;
            if (!s->pos->grid[cell] && (s->pos->cands[cell] & (1u << d)))
                where |= 1u << j;
        }
        union_add(&u, i, where);
    }
    return choose_union(&u, 0, 0, 0);
}

void hint_find_fish(struct hint_search *s)
{
    int k = subset_size(s->id);

    for (int d = 1; d <= s->pos->p->max_digit; d++) {
        int found = s->found;

        if (hint_memo_vain(s, d, NULL))
            continue;
        for (int rows = 1; rows >= 0; rows--)
            if (!fish_for(s, d, rows, k))
                return;
        if (s->found == found)
            hint_memo_keep_vain(s, d, 0);
    }
}
