/* hint_kakuro_links.c: a Kakuro run's sum as the chains see it: the combinations that fit
 * its cells, the digits every one of them needs (strong links, forcing), the digits each
 * cell can still take (a supposition followed through the run's sum). */
#include "config.h"
#include "hint_kakuro_links.h"

#include <stdlib.h>
#include <string.h>

#include "hint_links.h"

#include "util.h"

#define DIGIT_MASKS 1024            /* digit sets as bits 1-9 */

/* The sets of digits the first i cells can take (distinct, one from each cell), level by
 * level, each set once: at most C(9, i) of them, so this stays small where a table over
 * every set would be looked through whole. */
struct fit_levels {
    uint8_t state[KAKURO_RUN_MAX + 1][DIGIT_MASKS];     /* 1 reached, 2 also completes */
    uint16_t list[KAKURO_RUN_MAX + 1][512];
    uint8_t sum[KAKURO_RUN_MAX + 1][512];
    int count[KAKURO_RUN_MAX + 1];
};

/* The least and the most k distinct digits add up to. */
static int least_of(int k)
{
    return k * (k + 1) / 2;
}

static int most_of(int k)
{
    return k * (19 - k) / 2;
}

static void fit_forward(struct fit_levels *t, int n, const digitset *cand, int rem)
{
    t->count[0] = 1;
    t->list[0][0] = 0;
    t->sum[0][0] = 0;
    t->state[0][0] = 1;
    for (int i = 0; i < n; i++) {
        int left = n - i - 1;
        t->count[i + 1] = 0;
        for (int k = 0; k < t->count[i]; k++) {
            unsigned m = t->list[i][k];
            int s = t->sum[i][k];
            for (digitset c = cand[i] & ~m & 0x3feu; c; c &= c - 1) {
                int d = lowest_bit(c), s2 = s + d;
                unsigned m2 = m | 1u << d;
                if (s2 + least_of(left) > rem || s2 + most_of(left) < rem || t->state[i + 1][m2])
                    continue;
                t->state[i + 1][m2] = 1;
                t->list[i + 1][t->count[i + 1]] = (uint16_t)m2;
                t->sum[i + 1][t->count[i + 1]++] = (uint8_t)s2;
            }
        }
    }
}

/* Leaves every state 0 again, for the next call. */
static void fit_clear(struct fit_levels *t, int n)
{
    for (int i = 0; i <= n; i++)
        for (int k = 0; k < t->count[i]; k++)
            t->state[i][t->list[i][k]] = 0;
}

/* Kept from call to call, all zero between them (fit_clear): clearing 10 kB each time
 * would cost more than most runs' fitting. */
static _Thread_local struct fit_levels fit_scratch;

int kakuro_fit(int n, const digitset *cand, int rem, digitset *allowed, digitset *common)
{
    struct fit_levels *t = &fit_scratch;
    digitset all = 0x3feu;
    int sets = 0;

    for (int i = 0; i < n; i++)
        allowed[i] = 0;
    if (common != NULL)
        *common = 0;
    if (n < 1 || n > KAKURO_RUN_MAX || rem < least_of(n) || rem > most_of(n))
        return 0;
    fit_forward(t, n, cand, rem);
    for (int k = 0; k < t->count[n]; k++) {
        if (t->sum[n][k] == rem) {
            t->state[n][t->list[n][k]] = 2;
            all &= t->list[n][k];
            sets++;
        }
    }
    for (int i = n - 1; i >= 0 && sets > 0; i--) {
        for (int k = 0; k < t->count[i]; k++) {
            unsigned m = t->list[i][k];
            for (digitset c = cand[i] & ~m & 0x3feu; c; c &= c - 1) {
                int d = lowest_bit(c);
                if (t->state[i + 1][m | 1u << d] == 2) {
                    t->state[i][m] = 2;
                    allowed[i] |= 1u << d;
                }
            }
        }
    }
    if (common != NULL && sets > 0)
        *common = all;
    fit_clear(t, n);
    return sets;
}

/* kakuro_fit, the digit sets that fit also written to sets (room for 126: C(9, 4)) in
 * ascending order; returns their number.  The level lists outlive the call (fit_clear
 * zeroes the states alone), so the sets are read from the last level's list. */
int kakuro_fit_sets(int n, const digitset *cand, int rem, digitset *allowed, digitset *sets)
{
    const struct fit_levels *t = &fit_scratch;
    int nsets = kakuro_fit(n, cand, rem, allowed, NULL), found = 0;

    for (int k = 0; k < t->count[n] && nsets > 0; k++) {
        digitset set = t->list[n][k];
        int at = found;

        if (t->sum[n][k] != rem)
            continue;
        for (found++; at > 0 && sets[at - 1] > set; at--)
            sets[at] = sets[at - 1];
        sets[at] = set;
    }
    return nsets;
}

/* --- Cages beyond nine digits --- */

static bool matching_augment(const digitset *sets, int cell, int *owner, digitset *seen)
{
    for (digitset c = sets[cell] & ~*seen; c; c &= c - 1) {
        int d = lowest_bit(c);
        if (*seen & (1u << d))
            continue;       /* seen deeper down since c was taken */
        *seen |= 1u << d;
        if (owner[d] < 0 || matching_augment(sets, owner[d], owner, seen)) {
            owner[d] = cell;
            return true;
        }
    }
    return false;
}

/* A digit for each of the n cells, all different, from its set: owner[d] the cell given
 * digit d (-1 for none); false when there is no such choice. */
static bool matching_find(const digitset *sets, int n, int *owner)
{
    for (int d = 0; d <= PUZZLE_MAX_DIGIT; d++)
        owner[d] = -1;
    for (int i = 0; i < n; i++) {
        digitset seen = 0;
        if (!matching_augment(sets, i, owner, &seen))
            return false;
    }
    return true;
}

bool kakuro_matching(const digitset *sets, int n)
{
    int owner[PUZZLE_MAX_DIGIT + 1];

    return matching_find(sets, n, owner);
}

/*
 * With one matching found, the others follow from it (Berge): cell i may take digit d,
 * held by cell j, when j can give d up: take a digit held by another cell, which takes
 * one held by another, and so on, until one of them takes the digit i gives up or a
 * digit nobody holds.  So a cell's digits come from what the cells reach through "a
 * may take b's digit", one closure over at most 25 cells instead of a new matching for
 * each cell and digit (which took a sixth of a 16x16 Killer's generation).
 */
bool kakuro_matching_allowed(const digitset *sets, int n, digitset *allowed)
{
    int owner[PUZZLE_MAX_DIGIT + 1], held[PUZZLE_MAX_DIGIT];
    uint32_t reach[PUZZLE_MAX_DIGIT], frees = 0;       /* bit b: cell b */
    digitset all = 0;

    if (!matching_find(sets, n, owner))
        return false;
    for (int d = 1; d <= PUZZLE_MAX_DIGIT; d++)
        if (owner[d] >= 0) {
            held[owner[d]] = d;
            all |= 1u << d;
        }
    for (int a = 0; a < n; a++) {
        reach[a] = 1u << a;
        for (digitset c = sets[a] & all; c; c &= c - 1)
            reach[a] |= 1u << owner[lowest_bit(c)];
        if (sets[a] & ~all)
            frees |= 1u << a;
    }
    for (int k = 0; k < n; k++)
        for (int a = 0; a < n; a++)
            if (reach[a] & (1u << k))
                reach[a] |= reach[k];
    for (int i = 0; i < n; i++) {
        allowed[i] |= (1u << held[i]) | (sets[i] & ~all);
        for (digitset c = sets[i] & all & ~allowed[i]; c; c &= c - 1) {
            int j = owner[lowest_bit(c)];
            if (reach[j] & ((1u << i) | frees))
                allowed[i] |= c & -c;
        }
    }
    return true;
}

/* kakuro_digit_sets' walk: each level takes a digit of avail below the one above it,
 * the largest first. */
struct set_walk {
    digitset avail;
    kakuro_set_fn fn;
    void *user;
};

static bool set_walk_from(const struct set_walk *w, int k, int top, int sum, digitset chosen)
{
    if (k == 0)
        return sum != 0 || w->fn(chosen, w->user);
    /* The k largest digits up to top must reach sum, the k smallest must not pass it. */
    if (top < k || sum < k * (k + 1) / 2 || sum > k * (2 * top - k + 1) / 2)
        return true;
    for (int d = top < sum ? top : sum; d >= k; d--)
        if ((w->avail & (1u << d)) && !set_walk_from(w, k - 1, d - 1, sum - d, chosen | 1u << d))
            return false;
    return true;
}

bool kakuro_digit_sets(digitset avail, int k, int top, int sum, kakuro_set_fn fn, void *user)
{
    const struct set_walk w = { avail, fn, user };

    return set_walk_from(&w, k, top, sum, 0);
}

/* The number of sets of k digits from 1..top adding up to sum, for every k and sum, as
 * the last call asked (per thread: a table of 34 kB made in some 200,000 steps). */
static _Thread_local struct {
    int top;
    uint32_t count[PUZZLE_MAX_DIGIT + 1][PUZZLE_MAX_DIGIT * (PUZZLE_MAX_DIGIT + 1) / 2 + 1];
} set_counts;

long kakuro_digit_set_count(int k, int top, int sum)
{
    const int most = PUZZLE_MAX_DIGIT * (PUZZLE_MAX_DIGIT + 1) / 2;

    if (k < 0 || k > top || top > PUZZLE_MAX_DIGIT || sum < 0 || sum > most)
        return 0;
    if (set_counts.top != top) {
        memset(set_counts.count, 0, sizeof set_counts.count);
        set_counts.count[0][0] = 1;
        for (int d = 1; d <= top; d++)
            for (int j = d; j >= 1; j--)
                for (int s = most; s >= d; s--)
                    set_counts.count[j][s] += set_counts.count[j - 1][s - d];
        set_counts.top = top;
    }
    return (long)set_counts.count[k][sum];
}

/*
 * A cage of a Killer of more than nine digits (16x16) is past the Kakuro tables and their
 * ten-bit sets: each set of distinct digits adding up to its sum is tried on its cells
 * instead, a digit fitting a cell when the others can still take the rest of the set.
 * Up to FIT_WIDE_SETS sets: with more, the cage is taken to fit every candidate and to
 * need no digit (nothing is concluded from it).
 */
#define FIT_WIDE_SETS 2048

struct wide_fit {
    int n;
    const digitset *cand;
    digitset allowed[PUZZLE_MAX_DIGIT];
    digitset common;
    int sets, budget;
};

static bool wide_try(digitset set, void *user)
{
    struct wide_fit *w = user;
    digitset sets[PUZZLE_MAX_DIGIT];

    if (--w->budget < 0)
        return false;
    for (int i = 0; i < w->n; i++)
        sets[i] = w->cand[i] & set;
    if (kakuro_matching_allowed(sets, w->n, w->allowed))
        w->common = w->sets++ == 0 ? set : w->common & set;
    return true;
}

static int kakuro_fit_wide(int n, const digitset *cand, int rem, int max_digit, digitset *allowed,
                           digitset *common)
{
    struct wide_fit w = { .n = n, .cand = cand, .budget = FIT_WIDE_SETS };
    digitset avail = 0;

    for (int i = 0; i < n; i++)
        avail |= cand[i];
    if (!kakuro_digit_sets(avail, n, max_digit, rem, wide_try, &w)) {
        for (int i = 0; i < n; i++)
            allowed[i] = cand[i];
        if (common != NULL)
            *common = 0;
        return 1;
    }
    for (int i = 0; i < n; i++)
        allowed[i] = w.allowed[i];
    if (common != NULL)
        *common = w.sets > 0 ? w.common : 0;
    return w.sets;
}

/* kakuro_fit_group with the candidates of cell hold (if not -1) taken as held instead. */
static int fit_group_holding(const struct puzzle *p, int g, const uint8_t *grid,
                             const digitset *cands, int hold, digitset held,
                             digitset *allowed, digitset *common)
{
    const struct puzzle_group *grp = &p->groups[g];
    digitset cand[PUZZLE_MAX_DIGIT], fit[PUZZLE_MAX_DIGIT], placed = 0;
    int where[PUZZLE_MAX_DIGIT], n = 0, rem = grp->sum, sets;

    if (!puzzle_group_has_sum(grp) || grp->ncells > KAKURO_GROUP_MAX
        || (p->max_digit <= 9 && grp->ncells > KAKURO_RUN_MAX))
        return -1;
    for (int i = 0; i < grp->ncells; i++) {
        int d = grid[grp->cells[i]];
        if (d) {
            if (placed & (1u << d))
                return 0;
            placed |= 1u << d;
            rem -= d;
        }
    }
    for (int i = 0; i < grp->ncells; i++) {
        int c = grp->cells[i];
        allowed[i] = grid[c] ? 1u << grid[c] : 0;
        if (!grid[c]) {
            where[n] = i;
            cand[n++] = (c == hold ? held : cands[c]) & ~placed;
        }
    }
    if (n == 0) {
        if (common != NULL)
            *common = 0;
        return rem == 0;
    }
    sets = p->max_digit <= 9 ? kakuro_fit(n, cand, rem, fit, common)
                             : kakuro_fit_wide(n, cand, rem, p->max_digit, fit, common);
    for (int k = 0; k < n; k++)
        allowed[where[k]] = fit[k];
    return sets;
}

int kakuro_fit_group(const struct puzzle *p, int g, const uint8_t *grid, const digitset *cands,
                     digitset *allowed, digitset *common)
{
    return fit_group_holding(p, g, grid, cands, -1, 0, allowed, common);
}

digitset hint_group_required(const struct hint_position *pos, int g)
{
    const struct puzzle *p = pos->p;
    const struct puzzle_group *grp = &p->groups[g];
    digitset allowed[KAKURO_GROUP_MAX], common;

    if (grp->ncells == p->max_digit)
        return (((1u << (p->max_digit + 1)) - 1) & ~1u) & ~hint_group_placed(pos, g);
    if (kakuro_fit_group(p, g, pos->grid, pos->cands, allowed, &common) <= 0)
        return 0;
    return common;
}

/* --- Sum links --- */

/*
 * For a candidate d of cell c, the digits each other cell of c's runs with a sum can
 * take when c is d: one fit of the run with c held to d.  Two candidates of a run are
 * then linked weakly when neither allows the other.  Kept per node, for both runs (k 0
 * across, 1 down), in the runs' cell order, in 16 bits (Kakuro's digits go to 9): a
 * large board has many nodes.
 */
typedef uint16_t run_digits;

struct sum_links {
    const struct cand_links *l;
    uint8_t *ready;                             /* per node */
    run_digits (*with)[2][KAKURO_RUN_MAX];      /* per node */
};

struct sum_links *sum_links_new(const struct cand_links *l)
{
    struct sum_links *sl = xmalloc(sizeof *sl);

    sl->l = l;
    sl->ready = xcalloc((size_t)l->nnodes + 1, 1);
    sl->with = xmalloc(((size_t)l->nnodes + 1) * sizeof *sl->with);
    return sl;
}

void sum_links_free(struct sum_links *sl)
{
    if (sl == NULL)
        return;
    free(sl->ready);
    free(sl->with);
    free(sl);
}

/* The run of kind k (0 across, 1 down) of the cell when it has a sum, else -1. */
static int sum_run(const struct cand_links *l, int cell, int k)
{
    int g = l->unit[cell][k];

    return g >= 0 && puzzle_group_has_sum(&l->p->groups[g]) ? g : -1;
}

static void sum_links_fill(struct sum_links *sl, int node)
{
    const struct cand_links *l = sl->l;
    int cell = links_cell(l, node), d = links_digit(l, node);

    for (int k = 0; k < 2; k++) {
        int g = sum_run(l, cell, k);
        digitset allowed[KAKURO_RUN_MAX];
        for (int i = 0; i < KAKURO_RUN_MAX; i++)
            allowed[i] = ~0u;       /* no run: everything allowed */
        if (g >= 0 && fit_group_holding(l->p, g, l->pos->grid, l->pos->cands, cell, 1u << d, allowed, NULL) <= 0)
            for (int i = 0; i < KAKURO_RUN_MAX; i++)
                allowed[i] = 0;
        for (int i = 0; i < KAKURO_RUN_MAX; i++)
            sl->with[node][k][i] = (run_digits)allowed[i];
    }
    sl->ready[node] = 1;
}

int sum_links_run(const struct cand_links *l, int ca, int cb)
{
    for (int k = 0; k < 2; k++) {
        int g = sum_run(l, ca, k);
        if (g >= 0 && g == l->unit[cb][k])
            return g;
    }
    return -1;
}

/* The index of cell in group g. */
static int index_in(const struct puzzle *p, int g, int cell)
{
    const struct puzzle_group *grp = &p->groups[g];

    for (int i = 0; i < grp->ncells; i++)
        if (grp->cells[i] == cell)
            return i;
    return -1;
}

bool sum_links_weak(struct sum_links *sl, int a, int b)
{
    const struct cand_links *l = sl->l;
    int ca = links_cell(l, a), cb = links_cell(l, b), g, k;

    if (ca == cb || links_digit(l, a) == links_digit(l, b) || (g = sum_links_run(l, ca, cb)) < 0)
        return false;
    if (!sl->ready[a])
        sum_links_fill(sl, a);
    k = l->unit[ca][0] == g ? 0 : 1;
    return !((digitset)sl->with[a][k][index_in(l->p, g, cb)] & (1u << links_digit(l, b)));
}

int sum_links_all(struct sum_links *sl, int node, int *out)
{
    const struct cand_links *l = sl->l;
    int cell = links_cell(l, node), d = links_digit(l, node), n = 0;

    if (!sl->ready[node])
        sum_links_fill(sl, node);
    for (int k = 0; k < 2; k++) {
        int g = sum_run(l, cell, k);
        const struct puzzle_group *grp;
        if (g < 0)
            continue;
        grp = &l->p->groups[g];
        for (int i = 0; i < grp->ncells; i++) {
            int other = grp->cells[i];
            if (other == cell || l->pos->grid[other])
                continue;
            /* Candidates the fit with this one leaves out (the same digit is a plain weak
             * link, listed with the peers). */
            for (digitset c = l->pos->cands[other] & ~(digitset)sl->with[node][k][i] & ~(1u << d);
                 c; c &= c - 1)
                out[n++] = links_node(l, other, lowest_bit(c));
        }
    }
    return n;
}
