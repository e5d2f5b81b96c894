/* digit_sets.c: sums of distinct digits (Kakuro runs, Killer cages): the digit sets that
 * fit a group's cells, matchings of cells to digits, the sets adding up to a sum. */
#include "config.h"
#include "digit_sets.h"

#include <stdlib.h>
#include <string.h>

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
static _Thread_local struct fit_levels *fit_scratch;

/* This thread's scratch, made on first use (util_thread_room: a _Thread_local object is
 * zeroed at every process's start, used or not). */
static struct fit_levels *fit_room(void)
{
    if (fit_scratch == NULL)
        fit_scratch = util_thread_room(sizeof *fit_scratch);
    return fit_scratch;
}

int kakuro_fit(int n, const digitset *cand, int rem, digitset *allowed, digitset *common)
{
    struct fit_levels *t = fit_room();
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
    const struct fit_levels *t = fit_room();
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
struct set_counts {
    int top;
    uint32_t count[PUZZLE_MAX_DIGIT + 1][PUZZLE_MAX_DIGIT * (PUZZLE_MAX_DIGIT + 1) / 2 + 1];
};
static _Thread_local struct set_counts *set_counts;    /* made on first use, as fit_room */

long kakuro_digit_set_count(int k, int top, int sum)
{
    const int most = PUZZLE_MAX_DIGIT * (PUZZLE_MAX_DIGIT + 1) / 2;

    if (k < 0 || k > top || top > PUZZLE_MAX_DIGIT || sum < 0 || sum > most)
        return 0;
    if (set_counts == NULL)
        set_counts = util_thread_room(sizeof *set_counts);
    if (set_counts->top != top) {
        memset(set_counts->count, 0, sizeof set_counts->count);
        set_counts->count[0][0] = 1;
        for (int d = 1; d <= top; d++)
            for (int j = d; j >= 1; j--)
                for (int s = most; s >= d; s--)
                    set_counts->count[j][s] += set_counts->count[j - 1][s - d];
        set_counts->top = top;
    }
    return (long)set_counts->count[k][sum];
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
int kakuro_fit_group_holding(const struct puzzle *p, int g, const uint8_t *grid,
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
    return kakuro_fit_group_holding(p, g, grid, cands, -1, 0, allowed, common);
}
