/* hint_killer.c: Killer and Jigsaw techniques: cage combinations, cage/unit interactions, the rule of 45 (innies and outies, cage splitting, hidden cages; over Jigsaw regions). */
#include "config.h"
#include "hint.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "util.h"

/* Combinations of a cage are listed in a hint's words up to this many. */
#define KILLER_SAY_COMBOS 6
/* A cage whose sum has more fitting digit sets than this is left alone: its candidates
 * say little and listing the sets would cost more than the step is worth (16x16, 25x25). */
#define KILLER_MAX_COMBOS 4096
/* The most lines a rule-of-45 area spans (consecutive rows or columns). */
#define KILLER_MAX_LINES 4

/* Cells that must add up to a sum: a cage, or the cells the rule of 45 leaves over.
 * Only the empty cells are kept; sum is what they still need. */
struct vcage {
    int n;
    int cells[PUZZLE_MAX_DIGIT];
    int sum;
    bool distinct;              /* the cells share a group: their digits differ */
};

/* What fits a vcage: per cell the digits some fitting assignment puts there, the digit
 * sets that fit (distinct cells), and the digits every one of them holds. */
struct vfit {
    digitset allowed[PUZZLE_MAX_DIGIT];
    int ncombos;
    digitset combos[KILLER_SAY_COMBOS];
    digitset required;
    digitset must;              /* only the sets holding these digits count */
};

static bool kuhn_augment(const digitset *sets, int n, int cell, int *owner, digitset *seen)
{
    for (int d = 1; d <= PUZZLE_MAX_DIGIT; d++) {
        if (!(sets[cell] & (1u << d)) || (*seen & (1u << d)))
            continue;
        *seen |= 1u << d;
        if (owner[d] < 0 || kuhn_augment(sets, n, owner[d], owner, seen)) {
            owner[d] = cell;
            return true;
        }
    }
    return false;
}

/* Whether each of the n cells can take a different digit of its set. */
static bool has_matching(const digitset *sets, int n)
{
    int owner[PUZZLE_MAX_DIGIT + 1];

    for (int d = 0; d <= PUZZLE_MAX_DIGIT; d++)
        owner[d] = -1;
    for (int i = 0; i < n; i++) {
        digitset seen = 0;
        if (!kuhn_augment(sets, n, i, owner, &seen))
            return false;
    }
    return true;
}

/* Adds to fit what the digit set combo allows the cells (nothing if it does not fit). */
static void fit_combo(const struct hint_position *pos, const struct vcage *v, digitset combo,
                      struct vfit *fit)
{
    digitset sets[PUZZLE_MAX_DIGIT], keep;

    if ((combo & fit->must) != fit->must)
        return;
    for (int i = 0; i < v->n; i++)
        sets[i] = pos->cands[v->cells[i]] & combo;
    if (!has_matching(sets, v->n))
        return;
    if (fit->ncombos < KILLER_SAY_COMBOS)
        fit->combos[fit->ncombos] = combo;
    fit->required = fit->ncombos++ == 0 ? combo : fit->required & combo;
    /* A digit of a cell fits when the other cells can still take the rest. */
    for (int i = 0; i < v->n; i++) {
        for (int d = 1; d <= pos->p->max_digit; d++) {
            if (!(sets[i] & (1u << d)) || (fit->allowed[i] & (1u << d)))
                continue;
            keep = sets[i];
            sets[i] = 1u << d;
            if (has_matching(sets, v->n))
                fit->allowed[i] |= 1u << d;
            sets[i] = keep;
        }
    }
}

/* Every set of k distinct digits from 1..top adding up to sum, tried on the cells.
 * false when there are too many sets to list. */
static bool fit_sets(const struct hint_position *pos, const struct vcage *v, int k, int top,
                     int sum, digitset chosen, int *budget, struct vfit *fit)
{
    if (k == 0) {
        if (sum == 0) {
            if (--*budget < 0)
                return false;
            fit_combo(pos, v, chosen, fit);
        }
        return true;
    }
    /* The k largest digits up to top must reach sum, the k smallest must not pass it. */
    if (top < k || sum < k * (k + 1) / 2 || sum > k * (2 * top - k + 1) / 2)
        return true;
    for (int d = top; d >= k; d--)
        if (d <= sum && !fit_sets(pos, v, k - 1, d - 1, sum - d, chosen | 1u << d, budget, fit))
            return false;
    return true;
}

/* Works out what fits v; false when nothing does or there are too many sets to tell. */
static bool fit_vcage(const struct hint_position *pos, const struct vcage *v, digitset must,
                      struct vfit *fit)
{
    int budget = KILLER_MAX_COMBOS;

    memset(fit, 0, sizeof *fit);
    if (v->n == 0)
        return false;
    if (v->distinct) {
        fit->must = must;
        return fit_sets(pos, v, v->n, pos->p->max_digit, v->sum, 0, &budget, fit)
               && fit->ncombos > 0;
    }
    if (v->n != 2)
        return false;
    /* Two cells that may repeat a digit: each digit of one needs its complement in the other. */
    for (int i = 0; i < 2; i++)
        for (int d = 1; d <= pos->p->max_digit; d++) {
            int e = v->sum - d;
            if ((pos->cands[v->cells[i]] & (1u << d)) && e >= 1 && e <= pos->p->max_digit
                && (pos->cands[v->cells[1 - i]] & (1u << e)))
                fit->allowed[i] |= 1u << d;
        }
    fit->ncombos = fit->allowed[0] != 0;
    return fit->ncombos > 0;
}

/* Whether every cell of cells shares some group with the first: they all differ. */
static bool cells_share_group(const struct puzzle *p, const int *cells, int n)
{
    if (n == 0)
        return false;
    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cells[0]][k] >= 0; k++) {
        int g = p->cell_groups[cells[0]][k], i;
        for (i = 1; i < n && hint_in_group(p, cells[i], g); i++)
            ;
        if (i == n)
            return true;
    }
    return false;
}

/* The empty cells of cells into v with the sum they still need (sum less the digits
 * placed); their digits differ if they share a group.  false when there are more empty
 * cells than v holds (then nothing is said of them). */
static bool vcage_from(const struct hint_position *pos, const int *cells, int n, int sum,
                       struct vcage *v)
{
    v->n = 0;
    v->sum = sum;
    for (int i = 0; i < n; i++) {
        if (pos->grid[cells[i]])
            v->sum -= pos->grid[cells[i]];
        else if (v->n < PUZZLE_MAX_DIGIT)
            v->cells[v->n++] = cells[i];
        else
            return false;
    }
    v->distinct = cells_share_group(pos->p, cells, n);
    return true;
}

/* "1+2+7 or 1+3+6" */
static const char *combos_words(const struct hint *h, const struct vfit *fit)
{
    struct hint_buf b = HINT_BUF_INIT;
    int n = fit->ncombos < KILLER_SAY_COMBOS ? fit->ncombos : KILLER_SAY_COMBOS;

    if (h->quiet)
        return "";
    for (int i = 0; i < n; i++) {
        struct hint_buf one = HINT_BUF_INIT;
        for (int d = 1; d <= PUZZLE_MAX_DIGIT; d++)
            if (fit->combos[i] & (1u << d))
                hint_buf_add(&one, "%s%c", one.len ? "+" : "", hint_digit_symbol(d));
        hint_buf_item(&b, i, n, HINT_OR, one.s);
    }
    return hint_buf_words(h, &b);
}

/* Removes from v's cells the digits fit does not allow them. */
static void elim_unfitting(const struct hint_search *s, struct hint *h, const struct vcage *v,
                           const struct vfit *fit)
{
    for (int i = 0; i < v->n; i++)
        for (int d = 1; d <= s->pos->p->max_digit; d++)
            if (!(fit->allowed[i] & (1u << d)))
                hint_add_elim(s, h, v->cells[i], d);
}

static bool has_cages(const struct hint_position *pos)
{
    return (pos->p->variant & VARIANT_KILLER) && pos->p->ncages > 0;
}

/* --- Cage combinations --- */

static bool cage_combinations_in(struct hint_search *s, int g)
{
    const struct puzzle_group *grp = &s->pos->p->groups[g];
    struct vcage v;
    struct vfit fit;
    struct hint h;

    vcage_from(s->pos, grp->cells, grp->ncells, grp->sum, &v);
    v.distinct = true;
    if (v.n < 2 || !fit_vcage(s->pos, &v, 0, &fit))
        return true;
    hint_begin(s, &h);
    hint_add_group(&h, g);
    for (int i = 0; i < v.n; i++)
        hint_add_cell(&h, v.cells[i]);
    elim_unfitting(s, &h, &v, &fit);
    if (h.nelim == 0)
        return true;
    if (fit.ncombos <= KILLER_SAY_COMBOS)
        /* TRANSLATORS: %1$s is a cage, %2$s its empty cells, %3$d what they still add up
         * to, %4$s the digit sets that fit their candidates ("1+2+7 or 1+3+6"). */
        hint_say(&h, P_("in %1$s, %2$s must add up to %3$d with different digits; with their "
                        "candidates only %4$s fits",
                        "in %1$s, %2$s must add up to %3$d with different digits; with their "
                        "candidates only %4$s fit", fit.ncombos),
                 hint_group(&h, g), hint_cells(&h, v.cells, v.n, HINT_AND), v.sum,
                 combos_words(&h, &fit));
    else
        hint_say(&h, _("in %1$s, %2$s must add up to %3$d with different digits; not every "
                       "candidate leaves the other cells a way to make it"),
                 hint_group(&h, g), hint_cells(&h, v.cells, v.n, HINT_AND), v.sum);
    hint_say_eliminations(&h);
    return hint_emit(s, &h);
}

void hint_find_cage_combinations(struct hint_search *s)
{
    const struct puzzle *p = s->pos->p;

    if (!has_cages(s->pos))
        return;
    for (int g = 0; g < p->ngroups && !s->stopped; g++)
        if (p->groups[g].kind == GROUP_CAGE && !cage_combinations_in(s, g))
            return;
}

/* --- Cage/unit interactions --- */

/* The cells of group g that can still be d; their count. */
static int places_of(const struct hint_position *pos, int g, int d, int *out)
{
    return hint_cells_with(pos, g, d, out);
}

/* A digit every fitting set of cage g needs, whose places in the cage lie in one unit:
 * the unit's other cells cannot be it. */
static bool cage_needs_digit_in_unit(struct hint_search *s, int g)
{
    const struct puzzle *p = s->pos->p;
    const struct puzzle_group *grp = &p->groups[g];
    struct vcage v;
    struct vfit fit;
    int where[PUZZLE_MAX_DIGIT];

    vcage_from(s->pos, grp->cells, grp->ncells, grp->sum, &v);
    v.distinct = true;
    if (v.n < 2 || !fit_vcage(s->pos, &v, 0, &fit))
        return true;
    for (int d = 1; d <= p->max_digit; d++) {
        int n;
        if (!(fit.required & (1u << d)) || (n = places_of(s->pos, g, d, where)) < 2)
            continue;
        for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[where[0]][k] >= 0; k++) {
            int u = p->cell_groups[where[0]][k], i;
            struct hint h;
            if (u == g || !puzzle_group_is_unit(p, &p->groups[u]))
                continue;
            for (i = 1; i < n && hint_in_group(p, where[i], u); i++)
                ;
            if (i < n)
                continue;
            hint_begin(s, &h);
            hint_add_group(&h, g);
            hint_add_group(&h, u);
            for (i = 0; i < n; i++)
                hint_add_cell(&h, where[i]);
            h.digits = 1u << d;
            for (i = 0; i < p->groups[u].ncells; i++)
                if (!hint_in_group(p, p->groups[u].cells[i], g))
                    hint_add_elim(s, &h, p->groups[u].cells[i], d);
            if (h.nelim == 0)
                continue;
            /* TRANSLATORS: %1$s is a cage, %2$c a digit, %3$s cells, %4$s a unit. */
            hint_say(&h, _("every set of digits that fits %1$s uses %2$c, and in the cage %2$c can "
                           "only go in %3$s, all in %4$s; so %4$s has its %2$c in the cage"),
                     hint_group(&h, g), hint_digit_symbol(d), hint_cells(&h, where, n, HINT_OR), hint_group(&h, u));
            hint_say_eliminations(&h);
            if (!hint_emit(s, &h))
                return false;
        }
    }
    return true;
}

/* A digit whose places in unit u all lie in one cage: the cage holds it there, so only
 * the cage's sets with it fit, and its cells outside u are not it. */
static bool unit_digit_in_cage(struct hint_search *s, int u, int d)
{
    const struct puzzle *p = s->pos->p;
    int where[PUZZLE_MAX_DIGIT], n = places_of(s->pos, u, d, where), g, i;
    struct vcage v;
    struct vfit fit;
    struct hint h;

    if (n < 1 || (g = hint_group_of_kind(p, where[0], GROUP_CAGE)) < 0)
        return true;
    for (i = 1; i < n && hint_in_group(p, where[i], g); i++)
        ;
    if (i < n || (hint_group_placed(s->pos, g) & (1u << d)))
        return true;
    vcage_from(s->pos, p->groups[g].cells, p->groups[g].ncells, p->groups[g].sum, &v);
    v.distinct = true;
    if (!fit_vcage(s->pos, &v, 1u << d, &fit))
        return true;
    hint_begin(s, &h);
    hint_add_group(&h, u);
    hint_add_group(&h, g);
    for (i = 0; i < n; i++)
        hint_add_cell(&h, where[i]);
    elim_unfitting(s, &h, &v, &fit);
    for (i = 0; i < v.n; i++)
        if (!hint_in_group(p, v.cells[i], u))
            hint_add_elim(s, &h, v.cells[i], d);
    if (h.nelim == 0)
        return true;
    /* TRANSLATORS: %1$s is a unit, %2$c a digit, %3$s cells, %4$s a cage, %5$s the digit
     * sets of the cage that hold the digit and fit ("1+2+7 or 1+3+6"). */
    hint_say(&h, _("in %1$s, %2$c can only go in %3$s, all in %4$s; so the cage holds %2$c there, "
                   "and only its sets with %2$c fit: %5$s"),
             hint_group(&h, u), hint_digit_symbol(d), hint_cells(&h, where, n, HINT_OR), hint_group(&h, g),
             combos_words(&h, &fit));
    hint_say_eliminations(&h);
    return hint_emit(s, &h);
}

void hint_find_cage_unit(struct hint_search *s)
{
    const struct puzzle *p = s->pos->p;

    if (!has_cages(s->pos))
        return;
    for (int g = 0; g < p->ngroups && !s->stopped; g++)
        if (p->groups[g].kind == GROUP_CAGE && !cage_needs_digit_in_unit(s, g))
            return;
    for (int u = 0; u < p->ngroups && !s->stopped; u++) {
        if (!puzzle_group_is_unit(p, &p->groups[u]))
            continue;
        for (int d = 1; d <= p->max_digit; d++)
            if (!(hint_group_placed(s->pos, u) & (1u << d)) && !unit_digit_in_cage(s, u, d))
                return;
    }
}

/* --- The rule of 45 --- */

/* An area of whole units (one row, column, box or region, or consecutive rows or
 * columns), which holds every digit once per unit, and what its cages leave over. */
struct area {
    int groups[KILLER_MAX_LINES];
    int ngroups;
    int total;                      /* what the area's cells add up to */
    int inner;                      /* the sums of the cages wholly inside */
    int ninnie, nout;
    int innies[PUZZLE_MAX_DIGIT * PUZZLE_MAX_DIGIT];
    int outies[PUZZLE_MAX_DIGIT * PUZZLE_MAX_DIGIT];
    int outer;                      /* the sums of the cages partly inside */
    bool covered;                   /* every cell of the area is in a cage */
};

/* Fills the innies (cells of the area outside the cages wholly inside it) and outies
 * (cells outside it of the cages partly inside); in marks the area's cells. */
static void area_fill(const struct puzzle *p, struct area *a, uint8_t *in)
{
    memset(in, 0, (size_t)p->ncells);
    a->total = a->inner = a->outer = a->ninnie = a->nout = 0;
    a->covered = true;
    for (int k = 0; k < a->ngroups; k++) {
        const struct puzzle_group *grp = &p->groups[a->groups[k]];
        a->total += grp->sum;
        for (int i = 0; i < grp->ncells; i++)
            in[grp->cells[i]] = 1;
    }
    for (int k = 0; k < a->ngroups; k++) {
        const struct puzzle_group *grp = &p->groups[a->groups[k]];
        for (int i = 0; i < grp->ncells; i++) {
            int c = grp->cells[i], cage = p->cage[c];
            if (cage < 0) {
                a->covered = false;
                a->innies[a->ninnie++] = c;
            }
        }
    }
    for (int g = 0; g < p->ngroups; g++) {
        const struct puzzle_group *grp = &p->groups[g];
        int inside = 0;
        if (grp->kind != GROUP_CAGE)
            continue;
        for (int i = 0; i < grp->ncells; i++)
            inside += in[grp->cells[i]];
        if (inside == grp->ncells) {
            a->inner += grp->sum;
        } else if (inside > 0) {
            a->outer += grp->sum;
            for (int i = 0; i < grp->ncells; i++) {
                if (in[grp->cells[i]])
                    a->innies[a->ninnie++] = grp->cells[i];
                else
                    a->outies[a->nout++] = grp->cells[i];
            }
        }
    }
}

/* One side of an area: its innies (cells) adding up to sum, or its outies. */
struct leftover {
    const int *cells;
    int n;
    int sum;
    bool outies;
};

/* "row 1 and row 2 add up to 90 and the cages wholly inside them to 75, so the cells
 * left over, r1c1 and r2c9, add up to 15": the clause every rule-of-45 hint starts with. */
static const char *leftover_words(const struct hint *h, const struct area *a,
                                  const struct leftover *lo)
{
    const char *units = hint_groups(h, a->groups, a->ngroups, HINT_AND);
    const char *cells = hint_cells(h, lo->cells, lo->n, HINT_AND);

    if (h->quiet)
        return "";
    if (!lo->outies)
        /* TRANSLATORS: %1$s is a unit or units, %2$d what they add up to, %3$d the sums of
         * the cages wholly inside them, %4$s the cells left over (innies), %5$d their sum. */
        return hint_words(h, P_("%1$s adds up to %2$d and the cages wholly inside it to %3$d, so "
                                "the cells left over, %4$s, add up to %5$d",
                                "%1$s add up to %2$d and the cages wholly inside them to %3$d, so "
                                "the cells left over, %4$s, add up to %5$d", a->ngroups),
                          units, a->total, a->inner, cells, lo->sum);
    /* TRANSLATORS: %1$s is a unit or units, %2$d what they add up to, %3$d the sums of the
     * cages covering them, %4$s the cells of those cages outside them (outies), %5$d
     * their sum. */
    return hint_words(h, P_("%1$s adds up to %2$d and the cages covering it to %3$d, so the "
                            "cells of those cages outside it, %4$s, add up to %5$d",
                            "%1$s add up to %2$d and the cages covering them to %3$d, so the "
                            "cells of those cages outside them, %4$s, add up to %5$d", a->ngroups),
                      units, a->total, a->inner + a->outer, cells, lo->sum);
}

static void begin_area_hint(struct hint_search *s, struct hint *h, const struct area *a,
                            const struct vcage *v)
{
    hint_begin(s, h);
    for (int k = 0; k < a->ngroups; k++)
        hint_add_group(h, a->groups[k]);
    for (int i = 0; i < v->n; i++)
        hint_add_cell(h, v->cells[i]);
}

/* The conclusion of cells v that must add up to v->sum: one empty cell is placed, more
 * keep the candidates that fit.  clause says why they add up to it. */
static bool conclude_sum(struct hint_search *s, const struct area *a, const struct vcage *v,
                         const char *clause, int nclause)
{
    struct vfit fit;
    struct hint h;

    if (v->n == 1) {
        int d = v->sum;
        if (d < 1 || d > s->pos->p->max_digit || !(s->pos->cands[v->cells[0]] & (1u << d)))
            return true;
        begin_area_hint(s, &h, a, v);
        hint_add_place(&h, v->cells[0], d);
        if (nclause == 1)
            /* TRANSLATORS: %1$s says which one cell adds up to what and why, %2$s is that
             * cell, %3$c its digit. */
            hint_say(&h, _("%1$s; so %2$s is %3$c."), clause, hint_cell(&h, v->cells[0]),
                     hint_digit_symbol(d));
        else
            /* TRANSLATORS: %1$s says which cells add up to what and why, %2$s the one of
             * them still empty, %3$c its digit. */
            hint_say(&h, _("%1$s; only %2$s of them is empty, so it is %3$c."), clause,
                     hint_cell(&h, v->cells[0]), hint_digit_symbol(d));
        return hint_emit(s, &h);
    }
    if (!fit_vcage(s->pos, v, 0, &fit))
        return true;
    begin_area_hint(s, &h, a, v);
    elim_unfitting(s, &h, v, &fit);
    if (h.nelim == 0)
        return true;
    if (v->distinct && fit.ncombos <= KILLER_SAY_COMBOS)
        /* TRANSLATORS: %1$s says which cells add up to what and why, %2$s the empty ones,
         * %3$d what they still add up to, %4$s the digit sets that fit ("1+2 or 3+4"). */
        hint_say(&h, P_("%1$s; the empty ones, %2$s, share a unit and need %3$d, which only %4$s "
                        "makes with their candidates",
                        "%1$s; the empty ones, %2$s, share a unit and need %3$d, which only %4$s "
                        "make with their candidates", fit.ncombos),
                 clause, hint_cells(&h, v->cells, v->n, HINT_AND), v->sum, combos_words(&h, &fit));
    else
        /* TRANSLATORS: as above, without the digit sets. */
        hint_say(&h, _("%1$s; the empty ones, %2$s, need %3$d between them, and not every "
                       "candidate leaves the others a way to make it"),
                 clause, hint_cells(&h, v->cells, v->n, HINT_AND), v->sum);
    hint_say_eliminations(&h);
    return hint_emit(s, &h);
}

/* The cage all of lo's cells lie in, when they are only part of it; else -1. */
static int split_cage(const struct puzzle *p, const struct leftover *lo)
{
    int cage;

    if (lo->n == 0 || (cage = hint_group_of_kind(p, lo->cells[0], GROUP_CAGE)) < 0)
        return -1;
    for (int i = 1; i < lo->n; i++)
        if (!hint_in_group(p, lo->cells[i], cage))
            return -1;
    return p->groups[cage].ncells > lo->n ? cage : -1;
}

/* What one side of an area proves, for the technique being searched: the rule of 45
 * (one or two cells), a hidden cage (three or more sharing a unit), or a cage split
 * (the rest of the cage holding them). */
static bool leftover_step(struct hint_search *s, const struct area *a, const struct leftover *lo)
{
    const struct puzzle *p = s->pos->p;
    struct vcage v;
    const char *clause;
    struct hint words;

    if (lo->n == 0)
        return true;
    /* The clause's words are made once, in a scratch hint quiet like the search's. */
    hint_begin(s, &words);
    if (s->id == TECH_CAGE_SPLITTING) {
        int cage = split_cage(p, lo), rest[PUZZLE_MAX_DIGIT], nrest = 0;
        const struct puzzle_group *grp;
        if (cage < 0)
            return true;
        grp = &p->groups[cage];
        for (int i = 0; i < grp->ncells; i++) {
            int j;
            for (j = 0; j < lo->n && lo->cells[j] != grp->cells[i]; j++)
                ;
            if (j == lo->n)
                rest[nrest++] = grp->cells[i];
        }
        if (!vcage_from(s->pos, rest, nrest, grp->sum - lo->sum, &v) || v.n == 0)
            return true;
        v.distinct = true;
        /* TRANSLATORS: %1$s says which cells add up to what and why, %2$s is a cage,
         * %3$s its other cells, %4$d what they add up to. */
        clause = words.quiet ? "" : hint_words(&words, _("%1$s, all in %2$s; so its other cells, %3$s, "
                                                         "add up to %4$d"),
                                               leftover_words(&words, a, lo), hint_group(&words, cage),
                                               hint_cells(&words, rest, nrest, HINT_AND),
                                               grp->sum - lo->sum);
        return conclude_sum(s, a, &v, clause, nrest);
    }
    if (!vcage_from(s->pos, lo->cells, lo->n, lo->sum, &v) || v.n == 0)
        return true;
    if (s->id == TECH_INNIES_OUTIES ? v.n > 2 : (v.n < 3 || !v.distinct))
        return true;
    clause = leftover_words(&words, a, lo);
    return conclude_sum(s, a, &v, clause, lo->n);
}

static bool area_steps(struct hint_search *s, struct area *a, uint8_t *in)
{
    struct leftover lo;

    area_fill(s->pos->p, a, in);
    lo = (struct leftover){ a->innies, a->ninnie, a->total - a->inner, false };
    if (!leftover_step(s, a, &lo))
        return false;
    if (!a->covered)
        return true;
    lo = (struct leftover){ a->outies, a->nout, a->inner + a->outer - a->total, true };
    return leftover_step(s, a, &lo);
}

/* Runs the rule of 45 over every area: each row, column, box or region, then runs of
 * 2..KILLER_MAX_LINES consecutive rows and columns. */
static void find_leftovers(struct hint_search *s)
{
    const struct puzzle *p = s->pos->p;
    uint8_t *in;
    struct area *a;

    if (!has_cages(s->pos))
        return;
    in = xmalloc((size_t)p->ncells);
    a = xmalloc(sizeof *a);
    for (int g = 0; g < p->ngroups && !s->stopped; g++) {
        enum group_kind kind = p->groups[g].kind;
        if (kind != GROUP_ROW && kind != GROUP_COLUMN && !puzzle_group_is_box(&p->groups[g]))
            continue;
        a->groups[0] = g;
        a->ngroups = 1;
        if (!area_steps(s, a, in))
            goto done;
    }
    for (int rows = 0; rows < 2; rows++) {
        int n = p->max_digit;
        for (int len = 2; len <= KILLER_MAX_LINES && len < n; len++) {
            for (int first = 0; first + len <= n && !s->stopped; first++) {
                for (int k = 0; k < len; k++) {
                    int line = first + k;
                    int cell = rows ? line * p->width : line;
                    a->groups[k] = hint_group_of_kind(p, cell, rows ? GROUP_ROW : GROUP_COLUMN);
                }
                a->ngroups = len;
                if (!area_steps(s, a, in))
                    goto done;
            }
        }
    }
done:
    free(a);
    free(in);
}

void hint_find_innies_outies(struct hint_search *s)
{
    find_leftovers(s);
}

void hint_find_cage_splitting(struct hint_search *s)
{
    find_leftovers(s);
}

void hint_find_hidden_cage(struct hint_search *s)
{
    find_leftovers(s);
}

/* --- Jigsaw: the rule of 45 over regions --- */

/* k consecutive lines hold each digit k times, and so do any k regions: the cells of the
 * lines outside the k regions that overlap them most (innies) hold the same digits as
 * the cells of those regions outside the lines (outies).  A digit neither side can hold
 * any more (a candidate or a placed digit) is not on the other side. */
static digitset cells_may_hold(const struct hint_position *pos, const int *cells, int n)
{
    digitset may = 0;

    for (int i = 0; i < n; i++)
        may |= pos->grid[cells[i]] ? 1u << pos->grid[cells[i]] : pos->cands[cells[i]];
    return may;
}

struct region_area {
    int lines[KILLER_MAX_LINES], nlines;
    int regions[KILLER_MAX_LINES], nregions;
    int in_lines[PUZZLE_MAX_DIGIT * KILLER_MAX_LINES], nin;     /* lines less regions */
    int in_regions[PUZZLE_MAX_DIGIT * KILLER_MAX_LINES], nout;  /* regions less lines */
};

/* Picks the regions overlapping the marked lines most and splits off the two sides;
 * false when they are too far apart to say anything (more than half a unit each). */
static bool region_area_fill(const struct puzzle *p, const uint8_t *in, struct region_area *ra)
{
    int overlap[PUZZLE_MAX_DIGIT] = { 0 }, region_group[PUZZLE_MAX_DIGIT];
    bool chosen[PUZZLE_MAX_DIGIT] = { false };

    for (int g = 0; g < p->ngroups; g++)
        if (p->groups[g].kind == GROUP_REGION)
            region_group[p->region[p->groups[g].cells[0]]] = g;
    for (int c = 0; c < p->ncells; c++)
        overlap[p->region[c]] += in[c];
    ra->nregions = ra->nin = ra->nout = 0;
    for (int k = 0; k < ra->nlines; k++) {
        int best = -1;
        for (int r = 0; r < p->max_digit; r++)
            if (!chosen[r] && (best < 0 || overlap[r] > overlap[best]))
                best = r;
        chosen[best] = true;
        ra->regions[ra->nregions++] = region_group[best];
    }
    for (int c = 0; c < p->ncells; c++) {
        if (in[c] && !chosen[p->region[c]])
            ra->in_lines[ra->nin++] = c;
        else if (!in[c] && chosen[p->region[c]])
            ra->in_regions[ra->nout++] = c;
        if (ra->nin > p->max_digit / 2 || ra->nout > p->max_digit / 2)
            return false;
    }
    return ra->nin > 0;
}

static void elim_unheld(const struct hint_search *s, struct hint *h, const int *cells, int n,
                        digitset may)
{
    for (int i = 0; i < n; i++)
        for (int d = 1; d <= s->pos->p->max_digit; d++)
            if (!(may & (1u << d)))
                hint_add_elim(s, h, cells[i], d);
}

static bool region_area_step(struct hint_search *s, struct region_area *ra)
{
    digitset in_may = cells_may_hold(s->pos, ra->in_lines, ra->nin);
    digitset out_may = cells_may_hold(s->pos, ra->in_regions, ra->nout);
    struct hint h;

    hint_begin(s, &h);
    for (int k = 0; k < ra->nlines; k++)
        hint_add_group(&h, ra->lines[k]);
    for (int k = 0; k < ra->nregions; k++)
        hint_add_group(&h, ra->regions[k]);
    for (int i = 0; i < ra->nin; i++)
        hint_add_cell(&h, ra->in_lines[i]);
    for (int i = 0; i < ra->nout; i++)
        hint_add_cell(&h, ra->in_regions[i]);
    elim_unheld(s, &h, ra->in_lines, ra->nin, out_may);
    elim_unheld(s, &h, ra->in_regions, ra->nout, in_may);
    if (h.nelim == 0)
        return true;
    /* TRANSLATORS: %1$s are rows or columns, %2$s as many regions; %3$s the cells of the
     * lines outside the regions, %4$s those of the regions outside the lines. */
    hint_say(&h, P_("%1$s holds each digit as often as %2$s, so the cells of the line outside "
                    "the region, %3$s, hold the same digits as the cells of the region outside "
                    "the line, %4$s",
                    "%1$s hold each digit as often as %2$s together, so the cells of the lines "
                    "outside the regions, %3$s, hold the same digits as the cells of the regions "
                    "outside the lines, %4$s", ra->nlines),
             hint_groups(&h, ra->lines, ra->nlines, HINT_AND),
             hint_groups(&h, ra->regions, ra->nregions, HINT_AND),
             hint_cells(&h, ra->in_lines, ra->nin, HINT_AND),
             hint_cells(&h, ra->in_regions, ra->nout, HINT_AND));
    hint_say_eliminations(&h);
    return hint_emit(s, &h);
}

void hint_find_region_innies(struct hint_search *s)
{
    const struct puzzle *p = s->pos->p;
    struct region_area ra;
    uint8_t *in;

    if (!(p->variant & VARIANT_JIGSAW))
        return;
    in = xmalloc((size_t)p->ncells);
    for (int rows = 1; rows >= 0; rows--)
        for (int len = 1; len <= KILLER_MAX_LINES && len < p->max_digit; len++)
            for (int first = 0; first + len <= p->max_digit && !s->stopped; first++) {
                memset(in, 0, (size_t)p->ncells);
                ra.nlines = len;
                for (int k = 0; k < len; k++) {
                    int cell = rows ? (first + k) * p->width : first + k;
                    const struct puzzle_group *grp;
                    ra.lines[k] = hint_group_of_kind(p, cell, rows ? GROUP_ROW : GROUP_COLUMN);
                    grp = &p->groups[ra.lines[k]];
                    for (int i = 0; i < grp->ncells; i++)
                        in[grp->cells[i]] = 1;
                }
                if (region_area_fill(p, in, &ra) && !region_area_step(s, &ra))
                    goto done;
            }
done:
    free(in);
}
