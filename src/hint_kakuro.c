/* hint_kakuro.c: Kakuro techniques over runs: sums, their digit combinations, area sums. */
#include "config.h"
#include "hint.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

#define RUN_MAX 9
#define MAX_COMBOS 128      /* C(9,4) = 126 is the most digit sets any sum has */
#define ALL_DIGITS 0x3feu   /* 1-9 */

/* A run as the techniques see it: its empty cells and what they must still add up to. */
struct run_view {
    int g;
    int n;                  /* empty cells */
    int cells[RUN_MAX];
    int rem;                /* the sum less the digits placed */
    digitset placed;
};

static void run_view(const struct hint_position *pos, int g, struct run_view *rv)
{
    const struct puzzle_group *grp = &pos->p->groups[g];

    rv->g = g;
    rv->n = 0;
    rv->rem = grp->sum;
    rv->placed = 0;
    for (int i = 0; i < grp->ncells && i < RUN_MAX; i++) {
        int cell = grp->cells[i], d = pos->grid[cell];
        if (d) {
            rv->rem -= d;
            rv->placed |= 1u << d;
        } else {
            rv->cells[rv->n++] = cell;
        }
    }
}

/* Whether group g has a sum to reason with: a run without a clue only wants distinct
 * digits, which naked singles and subsets already cover, so the techniques that work
 * from a sum pass it by. */
static bool run_has_sum(const struct hint_position *pos, int g)
{
    return puzzle_group_has_sum(&pos->p->groups[g]);
}

/* Every set of distinct digits 1-9, grouped by size and sum: the 511 sets are few, and
 * the techniques ask for them at every step, so they are listed once. */
static struct {
    bool ready;
    digitset sets[511];
    int16_t start[RUN_MAX + 2][46];     /* sets[start[len][sum] .. start[len][sum + 1]) */
} combo_table;

static void combo_table_build(void)
{
    int n = 0;

    for (int len = 1; len <= RUN_MAX; len++) {
        for (int sum = 0; sum <= 45; sum++) {
            combo_table.start[len][sum] = (int16_t)n;
            for (unsigned m = 1; m < 512; m++) {
                digitset set = (digitset)m << 1;
                int total = 0;
                for (int d = 1; d <= 9; d++)
                    total += (set >> d & 1) * d;
                if (popcount32(m) == len && total == sum)
                    combo_table.sets[n++] = set;
            }
        }
        combo_table.start[len + 1][0] = (int16_t)n;     /* ends the last sum of len */
    }
    combo_table.ready = true;
}

/* The sets of len digits adding to sum: a pointer into the table and their count. */
static const digitset *combos_of(int len, int sum, int *count)
{
    int end;

    *count = 0;
    if (len < 1 || len > RUN_MAX || sum < 1 || sum > 45)
        return NULL;
    if (!combo_table.ready)
        combo_table_build();
    end = sum < 45 ? combo_table.start[len][sum + 1] : combo_table.start[len + 1][0];
    *count = end - combo_table.start[len][sum];
    return combo_table.sets + combo_table.start[len][sum];
}

/* The digit sets the empty cells can take: n digits adding to rem, none already placed. */
static int run_combos(const struct run_view *rv, digitset *sets)
{
    int total, n = 0;
    const digitset *all = combos_of(rv->n, rv->rem, &total);

    for (int i = 0; i < total && n < MAX_COMBOS; i++)
        if (!(all[i] & rv->placed))
            sets[n++] = all[i];
    return n;
}

static digitset combos_union(const digitset *sets, int n)
{
    digitset u = 0;

    for (int i = 0; i < n; i++)
        u |= sets[i];
    return u;
}

static digitset combos_common(const digitset *sets, int n)
{
    digitset c = n > 0 ? ALL_DIGITS : 0;

    for (int i = 0; i < n; i++)
        c &= sets[i];
    return c;
}

static void say_combo(struct hint *h, digitset set)
{
    bool first = true;

    for (int d = 1; d <= 9; d++) {
        if (set & (1u << d)) {
            hint_say(h, first ? "%d" : "+%d", d);
            first = false;
        }
    }
}

/* "the 3 empty cells of the across run r1c2-r1c5 (20), which must add up to 12" */
static void say_run_need(struct hint *h, const struct run_view *rv)
{
    const struct puzzle_group *grp = &h->puzzle->groups[rv->g];

    if (rv->n == grp->ncells) {
        hint_say_group(h, rv->g);
        hint_say(h, " needs %d different digits adding up to %d", rv->n, rv->rem);
    } else {
        hint_say(h, "the %d empty cells of ", rv->n);
        hint_say_group(h, rv->g);
        hint_say(h, " need %d different digits adding up to %d (without ", rv->n, rv->rem);
        hint_say_digits(h, rv->placed, "or");
        hint_say(h, ", already placed)");
    }
}

static void begin_run_hint(const struct hint_search *s, struct hint *h, const struct run_view *rv)
{
    hint_begin(s, h);
    hint_add_group(h, rv->g);
    for (int i = 0; i < rv->n; i++)
        hint_add_cell(h, rv->cells[i]);
}

static void elim_outside(const struct hint_search *s, struct hint *h, int cell, digitset keep)
{
    for (int d = 1; d <= 9; d++)
        if (!(keep & (1u << d)))
            hint_add_elim(s, h, cell, d);
}

/* --- Lone square --- */

static bool lone_square_in(struct hint_search *s, int g)
{
    struct run_view rv;
    struct hint h;
    int cell, d;

    if (!run_has_sum(s->pos, g))
        return true;
    run_view(s->pos, g, &rv);
    if (rv.n != 1)
        return true;
    cell = rv.cells[0];
    d = rv.rem;
    if (d < 1 || d > 9 || (rv.placed & (1u << d)) || !(s->pos->cands[cell] & (1u << d)))
        return true;
    begin_run_hint(s, &h, &rv);
    h.digits = 1u << d;
    hint_add_place(&h, cell, d);
    hint_say_cell(&h, cell);
    hint_say(&h, " is the last empty cell of ");
    hint_say_group(&h, g);
    hint_say(&h, "; the other cells add up to %d, so ", s->pos->p->groups[g].sum - d);
    hint_say_cell(&h, cell);
    hint_say(&h, " is %d - %d = %d.", s->pos->p->groups[g].sum, s->pos->p->groups[g].sum - d, d);
    return hint_emit(s, &h);
}

void hint_find_lone_square(struct hint_search *s)
{
    for (int g = 0; g < s->pos->p->ngroups; g++)
        if (!lone_square_in(s, g))
            return;
}

/* --- Unique sums and excluded digits: what the sum alone allows --- */

static bool sum_digits_in(struct hint_search *s, int g, bool unique)
{
    digitset sets[MAX_COMBOS], allowed;
    struct run_view rv;
    struct hint h;
    int n;

    if (!run_has_sum(s->pos, g))
        return true;
    run_view(s->pos, g, &rv);
    if (rv.n < 2 || (n = run_combos(&rv, sets)) == 0 || (unique && n != 1))
        return true;
    allowed = combos_union(sets, n);
    begin_run_hint(s, &h, &rv);
    h.digits = allowed;
    for (int i = 0; i < rv.n; i++)
        elim_outside(s, &h, rv.cells[i], allowed);
    say_run_need(&h, &rv);
    if (unique) {
        hint_say(&h, ", which can only be ");
        say_combo(&h, allowed);
        hint_say(&h, "; so its cells can only be ");
        hint_say_digits(&h, allowed, "or");
    } else {
        digitset removed = 0;
        for (int i = 0; i < h.nelim; i++)
            removed |= 1u << h.elim[i].digit;
        hint_say(&h, "; no such set of digits uses ");
        hint_say_digits(&h, removed, "or");
    }
    hint_say_eliminations(&h);
    return hint_emit(s, &h);
}

void hint_find_unique_sum(struct hint_search *s)
{
    for (int g = 0; g < s->pos->p->ngroups; g++)
        if (!sum_digits_in(s, g, true))
            return;
}

void hint_find_excluded_digits(struct hint_search *s)
{
    for (int g = 0; g < s->pos->p->ngroups; g++)
        if (!sum_digits_in(s, g, false))
            return;
}

/* --- Cross-reference: a cell takes a digit both its runs allow --- */

static digitset run_allows(const struct hint_position *pos, int g)
{
    digitset sets[MAX_COMBOS];
    struct run_view rv;

    run_view(pos, g, &rv);
    if (!run_has_sum(pos, g))
        return ALL_DIGITS & ~rv.placed;
    return combos_union(sets, run_combos(&rv, sets));
}

static bool cross_reference_at(struct hint_search *s, int cell)
{
    const struct puzzle *p = s->pos->p;
    int ga = hint_group_of_kind(p, cell, GROUP_ACROSS), gd = hint_group_of_kind(p, cell, GROUP_DOWN);
    digitset cand = s->pos->cands[cell], a, d, both;
    struct hint h;
    int digit;

    if (ga < 0 || gd < 0)
        return true;
    a = cand & run_allows(s->pos, ga);
    d = cand & run_allows(s->pos, gd);
    both = a & d;
    if (popcount32(both) != 1 || popcount32(a) < 2 || popcount32(d) < 2)
        return true;
    digit = lowest_bit(both);
    hint_begin(s, &h);
    hint_add_group(&h, ga);
    hint_add_group(&h, gd);
    hint_add_cell(&h, cell);
    h.digits = a | d;
    hint_add_place(&h, cell, digit);
    hint_say(&h, "for ");
    hint_say_group(&h, ga);
    hint_say(&h, ", ");
    hint_say_cell(&h, cell);
    hint_say(&h, " can be ");
    hint_say_digits(&h, a, "or");
    hint_say(&h, "; for ");
    hint_say_group(&h, gd);
    hint_say(&h, ", ");
    hint_say_digits(&h, d, "or");
    hint_say(&h, ". The only digit both allow is %d, so ", digit);
    hint_say_cell(&h, cell);
    hint_say(&h, " is %d.", digit);
    return hint_emit(s, &h);
}

void hint_find_cross_reference(struct hint_search *s)
{
    for (int cell = 0; cell < s->pos->p->ncells; cell++)
        if (!s->pos->p->block[cell] && !s->pos->grid[cell] && !cross_reference_at(s, cell))
            return;
}

/* --- Required digit: in every combination, and one cell left for it --- */

static bool required_in(struct hint_search *s, int g)
{
    digitset sets[MAX_COMBOS], common;
    struct run_view rv;
    int n;

    if (!run_has_sum(s->pos, g))
        return true;
    run_view(s->pos, g, &rv);
    if (rv.n < 2 || (n = run_combos(&rv, sets)) == 0)
        return true;
    common = combos_common(sets, n);
    for (int d = 1; d <= 9; d++) {
        int where = -1, count = 0;
        struct hint h;

        if (!(common & (1u << d)))
            continue;
        for (int i = 0; i < rv.n; i++) {
            if (s->pos->cands[rv.cells[i]] & (1u << d)) {
                where = rv.cells[i];
                count++;
            }
        }
        if (count != 1)
            continue;
        begin_run_hint(s, &h, &rv);
        h.digits = 1u << d;
        hint_add_place(&h, where, d);
        say_run_need(&h, &rv);
        hint_say(&h, "; every such set uses %d, and ", d);
        hint_say_cell(&h, where);
        hint_say(&h, " is the only one of them that can take it, so ");
        hint_say_cell(&h, where);
        hint_say(&h, " is %d.", d);
        if (!hint_emit(s, &h))
            return false;
    }
    return true;
}

void hint_find_required_digit(struct hint_search *s)
{
    for (int g = 0; g < s->pos->p->ngroups; g++)
        if (!required_in(s, g))
            return;
}

/* --- Sum bounds: what the other cells can add up to --- */

static int highest(digitset set)
{
    return set ? 31 - __builtin_clz(set) : 0;
}

/* Sum of the k largest (or smallest) digits of set; -1 if it has fewer than k. */
static int extreme_sum(digitset set, int k, bool largest)
{
    int total = 0;

    if (popcount32(set) < k)
        return -1;
    for (int i = 0; i < k; i++) {
        int d = largest ? highest(set) : lowest_bit(set);
        total += d;
        set &= ~(1u << d);
    }
    return total;
}

/* The least and most the empty cells other than skip can add up to, with distinct digits. */
static bool others_range(const struct hint_position *pos, const struct run_view *rv, int skip,
                         int *lo, int *hi)
{
    digitset uni = 0;
    int each_lo = 0, each_hi = 0, lo2, hi2;

    for (int i = 0; i < rv->n; i++) {
        digitset c = pos->cands[rv->cells[i]];
        if (i == skip)
            continue;
        if (c == 0)
            return false;
        uni |= c;
        each_lo += lowest_bit(c);
        each_hi += highest(c);
    }
    lo2 = extreme_sum(uni, rv->n - 1, false);
    hi2 = extreme_sum(uni, rv->n - 1, true);
    if (lo2 < 0)
        return false;
    *lo = each_lo > lo2 ? each_lo : lo2;
    *hi = each_hi < hi2 ? each_hi : hi2;
    return true;
}

static bool bounds_at(struct hint_search *s, const struct run_view *rv, int i)
{
    int cell = rv->cells[i], lo, hi, min, max;
    struct hint h;

    if (!others_range(s->pos, rv, i, &lo, &hi))
        return true;
    min = rv->rem - hi;
    max = rv->rem - lo;
    begin_run_hint(s, &h, rv);
    h.digits = s->pos->cands[cell];
    for (int d = 1; d <= 9; d++)
        if (d < min || d > max)
            hint_add_elim(s, &h, cell, d);
    if (h.nelim == 0)
        return true;
    say_run_need(&h, rv);
    if (rv->n == 2) {
        hint_say(&h, "; the other cell, ");
        hint_say_cell(&h, rv->cells[!i]);
        hint_say(&h, ", is at least %d and at most %d, so ", lo, hi);
    } else {
        hint_say(&h, "; the cells other than ");
        hint_say_cell(&h, cell);
        hint_say(&h, " can add up to at least %d and at most %d, so ", lo, hi);
    }
    hint_say_cell(&h, cell);
    hint_say(&h, " is between %d and %d", min < 1 ? 1 : min, max > 9 ? 9 : max);
    hint_say_eliminations(&h);
    return hint_emit(s, &h);
}

void hint_find_sum_bounds(struct hint_search *s)
{
    for (int g = 0; g < s->pos->p->ngroups; g++) {
        struct run_view rv;
        if (!run_has_sum(s->pos, g))
            continue;
        run_view(s->pos, g, &rv);
        for (int i = 0; i < rv.n && rv.n >= 2; i++)
            if (!bounds_at(s, &rv, i))
                return;
    }
}

/* --- Combinations that fit the cells' candidates --- */

/* Masks over digits 1-9 as bits 0-8: reach[i][m] says the first i cells can take the
 * digits m; fit[i][m] that they can and the rest can complete the sum. */
struct fit_table {
    uint8_t reach[RUN_MAX + 1][512];
    uint8_t fit[RUN_MAX + 1][512];
};

static int mask_sum(int m)
{
    int total = 0;

    for (int d = 1; d <= 9; d++)
        if (m & (1 << (d - 1)))
            total += d;
    return total;
}

/* Per cell, the digits some fitting assignment gives it; the fitting sets in sets. */
static int fit_run(const struct hint_position *pos, const struct run_view *rv, digitset *allowed,
                   digitset *sets)
{
    struct fit_table *t = xcalloc(1, sizeof *t);
    int n = rv->n, nsets = 0;

    t->reach[0][0] = 1;
    for (int i = 0; i < n; i++) {
        int c = (int)((pos->cands[rv->cells[i]] & ~rv->placed) >> 1);
        for (int m = 0; m < 512; m++)
            for (int b = 0; b < 9 && t->reach[i][m]; b++)
                if ((c & (1 << b)) && !(m & (1 << b)))
                    t->reach[i + 1][m | (1 << b)] = 1;
    }
    for (int m = 0; m < 512; m++) {
        t->fit[n][m] = t->reach[n][m] && mask_sum(m) == rv->rem;
        if (t->fit[n][m] && nsets < MAX_COMBOS)
            sets[nsets++] = (digitset)m << 1;
    }
    for (int i = n - 1; i >= 0; i--) {
        int c = (int)((pos->cands[rv->cells[i]] & ~rv->placed) >> 1);
        allowed[i] = 0;
        for (int m = 0; m < 512; m++) {
            if (!t->reach[i][m])
                continue;
            for (int b = 0; b < 9; b++) {
                if ((c & (1 << b)) && !(m & (1 << b)) && t->fit[i + 1][m | (1 << b)]) {
                    t->fit[i][m] = 1;
                    allowed[i] |= 1u << (b + 1);
                }
            }
        }
    }
    free(t);
    return nsets;
}

static bool combinations_in(struct hint_search *s, int g)
{
    digitset allowed[RUN_MAX], sets[MAX_COMBOS];
    struct run_view rv;
    struct hint h;
    int nsets;

    if (!run_has_sum(s->pos, g))
        return true;
    run_view(s->pos, g, &rv);
    if (rv.n < 2 || (nsets = fit_run(s->pos, &rv, allowed, sets)) == 0)
        return true;
    begin_run_hint(s, &h, &rv);
    h.digits = combos_union(sets, nsets);
    for (int i = 0; i < rv.n; i++)
        elim_outside(s, &h, rv.cells[i], allowed[i]);
    if (h.nelim == 0)
        return true;
    say_run_need(&h, &rv);
    hint_say(&h, ". Its cells can be ");
    for (int i = 0; i < rv.n; i++) {
        hint_say(&h, i == 0 ? "" : i == rv.n - 1 ? " and " : ", ");
        hint_say_cell(&h, rv.cells[i]);
        hint_say(&h, " ");
        hint_say_digits(&h, s->pos->cands[rv.cells[i]], "or");
    }
    if (nsets <= 4) {
        hint_say(&h, "; only ");
        for (int i = 0; i < nsets; i++) {
            hint_say(&h, i == 0 ? "" : i == nsets - 1 ? " or " : ", ");
            say_combo(&h, sets[i]);
        }
        hint_say(&h, " fit%s them", nsets == 1 ? "s" : "");
    } else {
        hint_say(&h, "; not every digit can be placed with a sum that fits the others");
    }
    hint_say_eliminations(&h);
    return hint_emit(s, &h);
}

void hint_find_combinations(struct hint_search *s)
{
    for (int g = 0; g < s->pos->p->ngroups; g++)
        if (!combinations_in(s, g))
            return;
}

/* --- Area sums --- */

#define AREA_MAX_CELLS 64

/* A set of across runs and a set of down runs, grown alternately from one run. */
struct area {
    uint8_t *in;            /* per group: chosen */
    int runs[2 * AREA_MAX_CELLS];
    int nruns;
    int ncells;             /* cells covered by the chosen runs, both directions */
};

/* A run without a clue stays out: its cells then count as covered one way only, which
 * keeps the arithmetic right. */
static void area_add(struct area *a, const struct puzzle *p, int g)
{
    if (g < 0 || a->in[g] || a->nruns >= 2 * AREA_MAX_CELLS || !puzzle_group_has_sum(&p->groups[g]))
        return;
    a->in[g] = 1;
    a->runs[a->nruns++] = g;
    a->ncells += p->groups[g].ncells;
}

/* Adds the runs of the given kind crossing the cells of the chosen runs of the other kind. */
static bool area_grow(struct area *a, const struct puzzle *p, enum group_kind kind)
{
    int before = a->nruns, n = a->nruns;

    for (int i = 0; i < n; i++) {
        const struct puzzle_group *grp = &p->groups[a->runs[i]];
        if (grp->kind == kind)
            continue;
        for (int j = 0; j < grp->ncells; j++)
            area_add(a, p, hint_group_of_kind(p, grp->cells[j], kind));
    }
    return a->nruns > before;
}

/* What an area proves: the one empty cell covered in one direction only. */
struct area_result {
    int cell, value;
    bool by_across;         /* the cell is covered by the across runs only */
    int filled[2];          /* digits in filled cells covered one way only: across, down */
};

static bool area_unknown(const struct hint_position *pos, const struct area *a, struct area_result *res)
{
    const struct puzzle *p = pos->p;
    int diff = 0, unknown = -1, sign = 0;

    res->filled[0] = res->filled[1] = 0;
    for (int i = 0; i < a->nruns; i++) {
        const struct puzzle_group *grp = &p->groups[a->runs[i]];
        bool across = grp->kind == GROUP_ACROSS;
        int s = across ? 1 : -1;

        diff += s * grp->sum;
        for (int j = 0; j < grp->ncells; j++) {
            int c = grp->cells[j];
            int other = hint_group_of_kind(p, c, across ? GROUP_DOWN : GROUP_ACROSS);
            if (other >= 0 && a->in[other])
                continue;       /* covered both ways: cancels out */
            if (pos->grid[c]) {
                diff -= s * pos->grid[c];
                res->filled[!across] += pos->grid[c];
            } else {
                if (unknown >= 0)
                    return false;
                unknown = c;
                sign = s;
            }
        }
    }
    if (unknown < 0)
        return false;
    res->cell = unknown;
    res->value = sign * diff;
    res->by_across = sign > 0;
    return true;
}

/* Every run of the kind, by name, so the sum can be checked: "the across runs r3c2-r3c4
 * (sum 17), r5c2-r5c3 (sum 4) and ... (21 in all)". */
static void say_area_runs(struct hint *h, const struct area *a, enum group_kind kind, int count, int sum)
{
    int k = 0;

    for (int i = 0; i < a->nruns; i++) {
        if (h->puzzle->groups[a->runs[i]].kind != kind)
            continue;
        if (k++ > 0)
            hint_say(h, k == count ? " and " : ", ");
        hint_say_group(h, a->runs[i]);
    }
    if (count > 1)
        hint_say(h, " (%d in all)", sum);
}

static bool area_emit(struct hint_search *s, const struct area *a, const struct area_result *res)
{
    const struct puzzle *p = s->pos->p;
    int sums[2] = { 0, 0 }, counts[2] = { 0, 0 };
    struct hint h;

    hint_begin(s, &h);
    for (int i = 0; i < a->nruns; i++) {
        const struct puzzle_group *grp = &p->groups[a->runs[i]];
        int k = grp->kind == GROUP_DOWN;
        sums[k] += grp->sum;
        counts[k]++;
        hint_add_group(&h, a->runs[i]);
        for (int j = 0; j < grp->ncells; j++)
            hint_add_cell(&h, grp->cells[j]);
    }
    h.digits = 1u << res->value;
    hint_add_place(&h, res->cell, res->value);
    say_area_runs(&h, a, GROUP_ACROSS, counts[0], sums[0]);
    hint_say(&h, " cover the same cells as ");
    say_area_runs(&h, a, GROUP_DOWN, counts[1], sums[1]);
    hint_say(&h, ", except ");
    hint_say_cell(&h, res->cell);
    hint_say(&h, ", which only the %s runs cover", res->by_across ? "across" : "down");
    if (res->filled[0] || res->filled[1])
        hint_say(&h, ", and filled cells holding %d (across only) and %d (down only)",
                 res->filled[0], res->filled[1]);
    hint_say(&h, "; the sums differ by ");
    hint_say_cell(&h, res->cell);
    hint_say(&h, "'s digit, so it is %d.", res->value);
    return hint_emit(s, &h);
}

static bool area_check(struct hint_search *s, const struct area *a, int *done, int *ndone)
{
    struct area_result res;

    if (!area_unknown(s->pos, a, &res) || res.value < 1 || res.value > 9
        || !(s->pos->cands[res.cell] & (1u << res.value)))
        return true;
    for (int i = 0; i < *ndone; i++)
        if (done[i] == res.cell)
            return true;
    if (*ndone < AREA_MAX_CELLS)
        done[(*ndone)++] = res.cell;
    return area_emit(s, a, &res);
}

static bool area_from(struct hint_search *s, int g, struct area *a, int *done, int *ndone)
{
    const struct puzzle *p = s->pos->p;
    enum group_kind other = p->groups[g].kind == GROUP_ACROSS ? GROUP_DOWN : GROUP_ACROSS;
    bool grew = true;

    if (!puzzle_group_has_sum(&p->groups[g]))
        return true;
    memset(a->in, 0, (size_t)p->ngroups);
    a->nruns = a->ncells = 0;
    area_add(a, p, g);
    for (int round = 0; grew && a->ncells <= 2 * AREA_MAX_CELLS; round++) {
        enum group_kind kind = round % 2 ? p->groups[g].kind : other;
        grew = area_grow(a, p, kind);
        if (grew && a->nruns >= 3 && !area_check(s, a, done, ndone))
            return false;
    }
    return true;
}

void hint_find_area_sum(struct hint_search *s)
{
    const struct puzzle *p = s->pos->p;
    struct area a;
    int done[AREA_MAX_CELLS], ndone = 0;

    a.in = xmalloc((size_t)p->ngroups);
    for (int g = 0; g < p->ngroups; g++)
        if (!area_from(s, g, &a, done, &ndone))
            break;
    free(a.in);
}
