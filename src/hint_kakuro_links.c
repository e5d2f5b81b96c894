/* hint_kakuro_links.c: a Kakuro run's sum as the chains see it: the combinations that fit
 * its cells, the digits every one of them needs (strong links, forcing), the digits each
 * cell can still take (a supposition followed through the run's sum). */
#include "config.h"
#include "hint_kakuro_links.h"

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

int kakuro_fit_group(const struct puzzle *p, int g, const uint8_t *grid, const digitset *cands,
                     digitset *allowed, digitset *common)
{
    const struct puzzle_group *grp = &p->groups[g];
    digitset cand[KAKURO_RUN_MAX], fit[KAKURO_RUN_MAX], placed = 0;
    int where[KAKURO_RUN_MAX], n = 0, rem = grp->sum, sets;

    if (!puzzle_group_has_sum(grp) || grp->ncells > KAKURO_RUN_MAX)
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
            cand[n++] = cands[c] & ~placed;
        }
    }
    if (n == 0) {
        if (common != NULL)
            *common = 0;
        return rem == 0;
    }
    sets = kakuro_fit(n, cand, rem, fit, common);
    for (int k = 0; k < n; k++)
        allowed[where[k]] = fit[k];
    return sets;
}

digitset hint_group_required(const struct hint_position *pos, int g)
{
    const struct puzzle *p = pos->p;
    const struct puzzle_group *grp = &p->groups[g];
    digitset allowed[KAKURO_RUN_MAX], common;

    if (grp->ncells == p->max_digit)
        return (((1u << (p->max_digit + 1)) - 1) & ~1u) & ~hint_group_placed(pos, g);
    if (kakuro_fit_group(p, g, pos->grid, pos->cands, allowed, &common) <= 0)
        return 0;
    return common;
}
