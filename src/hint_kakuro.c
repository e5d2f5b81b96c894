/* hint_kakuro.c: Kakuro techniques over runs: sums, their digit combinations, area sums. */
#include "config.h"
#include "hint.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "hint_kakuro_links.h"
#include "i18n.h"
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
 * the techniques ask for them at every step, so they are listed once, by whichever
 * thread asks first (the generator's workers rate at once: pthread_once builds it, and
 * the flag, read with acquire, spares the call to pthread_once once it is built). */
static struct {
    atomic_bool ready;
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
    atomic_store_explicit(&combo_table.ready, true, memory_order_release);
}

/* The sets of len digits adding to sum: a pointer into the table and their count. */
static const digitset *combos_of(int len, int sum, int *count)
{
    static pthread_once_t built = PTHREAD_ONCE_INIT;
    int end;

    *count = 0;
    if (len < 1 || len > RUN_MAX || sum < 1 || sum > 45)
        return NULL;
    if (!atomic_load_explicit(&combo_table.ready, memory_order_acquire))
        pthread_once(&built, combo_table_build);
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

/* "1+3+8" */
static void add_combo(struct hint_buf *b, digitset set)
{
    bool first = true;

    for (int d = 1; d <= 9; d++) {
        if (set & (1u << d)) {
            hint_buf_add(b, first ? "%d" : "+%d", d);
            first = false;
        }
    }
}

/* "1+3+8, 1+4+7 or 2+3+7": the combinations, joined by conj. */
static const char *combos_words(const struct hint *h, const digitset *sets, int n, enum hint_conj conj)
{
    struct hint_buf b = HINT_BUF_INIT;

    if (h->quiet)
        return "";
    for (int i = 0; i < n; i++) {
        hint_buf_item(&b, i, n, conj, "");
        add_combo(&b, sets[i]);
    }
    return hint_buf_words(h, &b);
}

/* "the 3 empty cells of the across run r1c2-r1c5 (sum 20) need 3 different digits adding
 * up to 12 (without 8, already placed)": the clause that starts a run's sentence. */
static const char *run_need_words(const struct hint *h, const struct run_view *rv)
{
    const struct puzzle_group *grp = &h->puzzle->groups[rv->g];

    if (h->quiet)
        return "";
    if (rv->n == grp->ncells)
        /* TRANSLATORS: %1$s is a run, %2$d how many cells it has, %3$d their sum. */
        return hint_words(h, _("%1$s needs %2$d different digits adding up to %3$d"),
                          hint_group(h, rv->g), rv->n, rv->rem);
    /* TRANSLATORS: %1$d empty cells of the run %2$s need digits adding up to %3$d; %4$s
     * are the digits the run already holds. */
    return hint_words(h, _("the %1$d empty cells of %2$s need %1$d different digits adding up to "
                           "%3$d (without %4$s, already placed)"),
                      rv->n, hint_group(h, rv->g), rv->rem, hint_digits(h, rv->placed, HINT_OR));
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
    /* TRANSLATORS: %1$s is a cell, %2$s its run, %3$d the run's sum, %4$d what the other
     * cells add up to, %5$d the cell's digit. */
    hint_say(&h, _("%1$s is the last empty cell of %2$s; the other cells add up to %4$d, so %1$s "
                   "is %3$d - %4$d = %5$d."),
             hint_cell(&h, cell), hint_group(&h, g), s->pos->p->groups[g].sum,
             s->pos->p->groups[g].sum - d, d);
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
    if (unique) {
        /* TRANSLATORS: %1$s says what the run needs, %2$s is its one combination ("1+2+4"),
         * %3$s its digits joined by "or". */
        hint_say(&h, _("%1$s, which can only be %2$s; so its cells can only be %3$s"),
                 run_need_words(&h, &rv), combos_words(&h, &allowed, 1, HINT_OR),
                 hint_digits(&h, allowed, HINT_OR));
    } else {
        digitset removed = 0;
        for (int i = 0; i < h.nelim; i++)
            removed |= 1u << h.elim[i].digit;
        hint_say(&h, _("%1$s; no such set of digits uses %2$s"), run_need_words(&h, &rv),
                 hint_digits(&h, removed, HINT_OR));
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
    /* TRANSLATORS: %1$s is the across run, %2$s the cell, %3$s the digits it allows, %4$s
     * the down run, %5$s the digits that allows, %6$d the one digit both allow. */
    hint_say(&h, _("for %1$s, %2$s can be %3$s; for %4$s, %5$s. The only digit both allow is "
                   "%6$d, so %2$s is %6$d."),
             hint_group(&h, ga), hint_cell(&h, cell), hint_digits(&h, a, HINT_OR), hint_group(&h, gd),
             hint_digits(&h, d, HINT_OR), digit);
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
        /* TRANSLATORS: %1$s says what the run needs, %2$d is a digit, %3$s a cell. */
        hint_say(&h, _("%1$s; every such set uses %2$d, and %3$s is the only one of them that can "
                       "take it, so %3$s is %2$d."),
                 run_need_words(&h, &rv), d, hint_cell(&h, where));
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
    if (rv->n == 2)
        /* TRANSLATORS: %1$s says what the run needs, %2$s is the other cell, %3$d and %4$d
         * its bounds, %5$s the cell, %6$d and %7$d its bounds. */
        hint_say(&h, _("%1$s; the other cell, %2$s, is at least %3$d and at most %4$d, so %5$s is "
                       "between %6$d and %7$d"),
                 run_need_words(&h, rv), hint_cell(&h, rv->cells[!i]), lo, hi, hint_cell(&h, cell),
                 min < 1 ? 1 : min, max > 9 ? 9 : max);
    else
        /* TRANSLATORS: %1$s says what the run needs, %2$s is the cell, %3$d and %4$d bound
         * the sum of the run's other cells, %5$d and %6$d the cell's digit. */
        hint_say(&h, _("%1$s; the cells other than %2$s can add up to at least %3$d and at most "
                       "%4$d, so %2$s is between %5$d and %6$d"),
                 run_need_words(&h, rv), hint_cell(&h, cell), lo, hi, min < 1 ? 1 : min,
                 max > 9 ? 9 : max);
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

/* Per cell, the digits some fitting assignment gives it; the fitting sets in sets (in
 * ascending order).  The fitting is the chains' (kakuro_fit), which visits only the digit
 * sets the cells reach: a table over all 512, built for every run at every step, was a
 * quarter of the grading of a 48x48 board. */
static int fit_run(const struct hint_position *pos, const struct run_view *rv, digitset *allowed,
                   digitset *sets)
{
    digitset cand[RUN_MAX];

    for (int i = 0; i < rv->n; i++)
        cand[i] = pos->cands[rv->cells[i]] & ~rv->placed;
    return kakuro_fit_sets(rv->n, cand, rv->rem, allowed, sets);
}

/* "r1c2 1 or 3 and r1c3 2 or 4": each empty cell of the run with its candidates. */
static const char *run_cands_words(const struct hint *h, const struct hint_position *pos,
                                   const struct run_view *rv)
{
    struct hint_buf b = HINT_BUF_INIT;

    if (h->quiet)
        return "";
    for (int i = 0; i < rv->n; i++)
        /* TRANSLATORS: a cell and what it can be: "r1c2 1 or 3". */
        hint_buf_item(&b, i, rv->n, HINT_AND,
                      hint_words(h, _("%1$s %2$s"), hint_cell(h, rv->cells[i]),
                                 hint_digits(h, pos->cands[rv->cells[i]], HINT_OR)));
    return hint_buf_words(h, &b);
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
    if (nsets <= 4)
        /* TRANSLATORS: %1$s says what the run needs, %2$s what its cells can be ("r1c2 1 or
         * 3 and r1c3 2 or 4"), %3$s the combinations that fit ("1+2 or 3+4"). */
        hint_say(&h, P_("%1$s. Its cells can be %2$s; only %3$s fits them",
                        "%1$s. Its cells can be %2$s; only %3$s fit them", nsets),
                 run_need_words(&h, &rv), run_cands_words(&h, s->pos, &rv),
                 combos_words(&h, sets, nsets, HINT_OR));
    else
        hint_say(&h, _("%1$s. Its cells can be %2$s; not every digit can be placed with a sum that "
                       "fits the others"),
                 run_need_words(&h, &rv), run_cands_words(&h, s->pos, &rv));
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
    int grown[2];           /* per kind grown (0 across, 1 down): the runs before this
                             * one had their crossing runs of that kind added */
    int open_once;          /* empty cells covered in one direction only: an area
                             * proves something only when there is one */
};

/* A run without a clue stays out: its cells then count as covered one way only, which
 * keeps the arithmetic right. */
static void area_add(struct area *a, const struct puzzle *p, const uint8_t *grid, int g)
{
    const struct puzzle_group *grp;
    enum group_kind other;

    if (g < 0 || a->in[g] || a->nruns >= 2 * AREA_MAX_CELLS || !puzzle_group_has_sum(&p->groups[g]))
        return;
    a->in[g] = 1;
    a->runs[a->nruns++] = g;
    grp = &p->groups[g];
    a->ncells += grp->ncells;
    other = grp->kind == GROUP_ACROSS ? GROUP_DOWN : GROUP_ACROSS;
    /* An empty cell the area covered once is now covered twice, or one it did not cover
     * is covered once. */
    for (int j = 0; j < grp->ncells; j++) {
        int c = grp->cells[j], o = hint_group_of_kind(p, c, other);

        if (!grid[c])
            a->open_once += o >= 0 && a->in[o] ? -1 : 1;
    }
}

/* Adds the runs of the given kind crossing the cells of the chosen runs of the other kind.
 * Runs grown that way before have all theirs in already (a run refused for the area's
 * size stays refused), so only the runs chosen since are looked at: the same runs, in
 * the same order, as looking at them all. */
static bool area_grow(struct area *a, const struct puzzle *p, const uint8_t *grid,
                      enum group_kind kind)
{
    int before = a->nruns, n = a->nruns, k = kind == GROUP_DOWN;

    for (int i = a->grown[k]; i < n; i++) {
        const struct puzzle_group *grp = &p->groups[a->runs[i]];
        if (grp->kind == kind)
            continue;
        for (int j = 0; j < grp->ncells; j++)
            area_add(a, p, grid, hint_group_of_kind(p, grp->cells[j], kind));
    }
    a->grown[k] = n;
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
static const char *area_runs_words(const struct hint *h, const struct area *a, enum group_kind kind,
                                   int count, int sum)
{
    int groups[2 * AREA_MAX_CELLS], n = 0;
    const char *runs;

    if (h->quiet)
        return "";
    for (int i = 0; i < a->nruns; i++)
        if (h->puzzle->groups[a->runs[i]].kind == kind)
            groups[n++] = a->runs[i];
    runs = hint_groups(h, groups, n, HINT_AND);
    if (count > 1)
        /* TRANSLATORS: %1$s is a list of runs, %2$d the sum of their sums. */
        return hint_words(h, _("%1$s (%2$d in all)"), runs, sum);
    return runs;
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
    const char *across = area_runs_words(&h, a, GROUP_ACROSS, counts[0], sums[0]);
    const char *down = area_runs_words(&h, a, GROUP_DOWN, counts[1], sums[1]);
    const char *cell = hint_cell(&h, res->cell);
    if (res->filled[0] && res->filled[1])
        /* TRANSLATORS: %1$s are across runs, %2$s down runs, %3$s the cell only one kind
         * covers, %4$d and %5$d the digits of filled cells only across or only down runs
         * cover, %6$d the cell's digit. */
        hint_say(&h, res->by_across
                 ? _("%1$s cover the same cells as %2$s, except %3$s, which only the across runs "
                     "cover, and filled cells holding %4$d (across only) and %5$d (down only); the "
                     "sums differ by %3$s's digit, so it is %6$d.")
                 : _("%1$s cover the same cells as %2$s, except %3$s, which only the down runs "
                     "cover, and filled cells holding %4$d (across only) and %5$d (down only); the "
                     "sums differ by %3$s's digit, so it is %6$d."),
                 across, down, cell, res->filled[0], res->filled[1], res->value);
    else if (res->filled[0] || res->filled[1])
        /* Filled cells on one side only: a side holding nothing is not named as "0".
         * TRANSLATORS: %1$s are across runs, %2$s down runs, %3$s the cell only one kind
         * covers, %4$d the digits of the filled cells only one kind covers, %5$d the
         * cell's digit. */
        hint_say(&h, res->by_across
                 ? (res->filled[0]
                    ? _("%1$s cover the same cells as %2$s, except %3$s and filled cells holding "
                        "%4$d, which only the across runs cover; the sums differ by %3$s's digit "
                        "and %4$d, so it is %5$d.")
                    : _("%1$s cover the same cells as %2$s, except %3$s, which only the across "
                        "runs cover, and filled cells holding %4$d, which only the down runs cover; "
                        "the sums differ by %3$s's digit, so it is %5$d."))
                 : (res->filled[0]
                    ? _("%1$s cover the same cells as %2$s, except %3$s, which only the down runs "
                        "cover, and filled cells holding %4$d, which only the across runs cover; "
                        "the sums differ by %3$s's digit, so it is %5$d.")
                    : _("%1$s cover the same cells as %2$s, except %3$s and filled cells holding "
                        "%4$d, which only the down runs cover; the sums differ by %3$s's digit and "
                        "%4$d, so it is %5$d.")),
                 across, down, cell, res->filled[0] + res->filled[1], res->value);
    else
        /* TRANSLATORS: %1$s are across runs, %2$s down runs, %3$s the cell only one kind
         * covers, %4$d its digit. */
        hint_say(&h, res->by_across
                 ? _("%1$s cover the same cells as %2$s, except %3$s, which only the across runs "
                     "cover; the sums differ by %3$s's digit, so it is %4$d.")
                 : _("%1$s cover the same cells as %2$s, except %3$s, which only the down runs "
                     "cover; the sums differ by %3$s's digit, so it is %4$d."),
                 across, down, cell, res->value);
    return hint_emit(s, &h);
}

static bool area_check(struct hint_search *s, const struct area *a, int *done, int *ndone)
{
    struct area_result res;

    if (a->open_once != 1 || !area_unknown(s->pos, a, &res) || res.value < 1 || res.value > 9
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
    /* Only the runs the last area chose are marked: clearing every group for every run
     * made a call cost the square of the board (15 ms at 100x100). */
    for (int i = 0; i < a->nruns; i++)
        a->in[a->runs[i]] = 0;
    a->nruns = a->ncells = a->open_once = 0;
    a->grown[0] = a->grown[1] = 0;
    area_add(a, p, s->pos->grid, g);
    for (int round = 0; grew && a->ncells <= 2 * AREA_MAX_CELLS; round++) {
        enum group_kind kind = round % 2 ? p->groups[g].kind : other;
        grew = area_grow(a, p, s->pos->grid, kind);
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

    a.in = xcalloc((size_t)p->ngroups, 1);
    a.nruns = 0;
    for (int g = 0; g < p->ngroups; g++)
        if (!area_from(s, g, &a, done, &ndone))
            break;
    free(a.in);
}
