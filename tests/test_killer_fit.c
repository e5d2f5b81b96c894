/* test_killer_fit.c: fitting a cage's digit sets to its cells, the fast way: the digits a
 * cell takes in some matching (against one matching per cell and digit), the digit sets of
 * a sum (against every subset), the cage fits remembered in a rating's walk (the same
 * steps as with the memory forgotten before each), and the generators' quiet walk (the
 * same steps and grade as the walk with words, no words). */
#include "config.h"
#include "hint.h"
#include "hint_kakuro_links.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rating.h"
#include "tap.h"
#include "tap_puzzle.h"
#include "util.h"

/* --- kakuro_matching_allowed --- */

/* The digits cell i of sets takes in some matching, one matching per digit tried. */
static digitset allowed_one_by_one(const digitset *sets, int n, int i)
{
    digitset trial[PUZZLE_MAX_DIGIT], allowed = 0;

    memcpy(trial, sets, (size_t)n * sizeof *sets);
    for (digitset c = sets[i]; c; c &= c - 1) {
        trial[i] = c & -c;
        if (kakuro_matching(trial, n))
            allowed |= c & -c;
    }
    return allowed;
}

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint32_t rng_next(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 16);
}

/* n random cells, each a few digits of pool (bits 1..max), where a matching is likely. */
static void random_sets(digitset *sets, int n, digitset pool)
{
    for (int i = 0; i < n; i++) {
        sets[i] = 0;
        for (int tries = 0; tries < 3 || sets[i] == 0; tries++) {
            int d = 1 + (int)(rng_next() % 25);
            if (pool & (1u << d))
                sets[i] |= 1u << d;
        }
    }
}

/* Random cells over exactly n digits (a cage's digit set) and over more digits than
 * cells: the closure agrees with a matching per digit, and says no when there is none. */
static void test_matching_allowed(void)
{
    int cases = 0, matched = 0, wrong = 0;

    for (int round = 0; round < 6000; round++) {
        int n = 1 + round % 9;
        int spare = round % 3;          /* digits beyond the cells' count */
        int top = n + spare > 16 ? 25 : 16;
        digitset sets[PUZZLE_MAX_DIGIT], allowed[PUZZLE_MAX_DIGIT] = { 0 }, pool = 0;
        bool ok;

        while (popcount32(pool) < n + spare)
            pool |= 1u << (1 + rng_next() % (unsigned)top);
        random_sets(sets, n, pool);
        ok = kakuro_matching_allowed(sets, n, allowed);
        cases++;
        if (ok != kakuro_matching(sets, n)) {
            wrong++;
            continue;
        }
        if (!ok)
            continue;
        matched++;
        for (int i = 0; i < n; i++)
            if (allowed[i] != allowed_one_by_one(sets, n, i)) {
                if (wrong++ == 0)
                    tap_diag("n %d cell %d: %#x, one by one %#x", n, i, allowed[i],
                             allowed_one_by_one(sets, n, i));
            }
    }
    tap_ok(wrong == 0 && matched > cases / 4, "matching: %d random cells (%d with a matching): "
           "each cell's digits as one matching per digit finds them (%d differ)", cases, matched,
           wrong);
}

static void test_matching_allowed_adds(void)
{
    digitset sets[3] = { 1u << 1 | 1u << 2, 1u << 2 | 1u << 3, 1u << 1 | 1u << 3 };
    digitset allowed[3] = { 1u << 9, 0, 0 };

    tap_ok(kakuro_matching_allowed(sets, 3, allowed) && allowed[0] == (1u << 1 | 1u << 2 | 1u << 9)
           && allowed[1] == sets[1] && allowed[2] == sets[2],
           "matching: a cycle lets every cell take both its digits, added to what it had");
    sets[2] = 1u << 1;
    allowed[0] = allowed[1] = allowed[2] = 0;
    tap_ok(kakuro_matching_allowed(sets, 3, allowed) && allowed[0] == 1u << 2
           && allowed[1] == 1u << 3 && allowed[2] == 1u << 1,
           "matching: a cell held to one digit leaves the others one each");
    sets[1] = 1u << 1;
    allowed[0] = allowed[1] = allowed[2] = 0;
    tap_ok(!kakuro_matching_allowed(sets, 3, allowed) && allowed[0] == 0 && allowed[2] == 0,
           "matching: two cells held to one digit: none, and nothing allowed");
}

/* --- kakuro_digit_sets and kakuro_digit_set_count --- */

struct listed {
    digitset sets[4096];
    int n;
};

static bool list_set(digitset set, void *user)
{
    struct listed *l = user;

    if (l->n < 4096)
        l->sets[l->n] = set;
    l->n++;
    return true;
}

static bool stop_at_two(digitset set, void *user)
{
    return list_set(set, user) && ((struct listed *)user)->n < 2;
}

/* The digit sets of avail (up to top) with k digits adding up to sum, by every subset. */
static int subsets_of(digitset avail, int k, int top, int sum)
{
    int count = 0;

    for (uint32_t m = 0; m < 1u << top; m++) {
        digitset set = m << 1;
        int total = 0;
        if ((set & ~avail) || popcount32(set) != k)
            continue;
        for (int d = 1; d <= top; d++)
            total += (set >> d & 1) * d;
        count += total == sum;
    }
    return count;
}

static void test_digit_sets(void)
{
    struct listed *l = malloc(sizeof *l);
    digitset all9 = 0x3feu, avail;
    bool counts_agree = true, lists_agree = true, ordered = true;

    l->n = 0;
    kakuro_digit_sets(all9, 3, 9, 15, list_set, l);
    tap_ok(l->n == 8 && l->sets[0] == (1u << 9 | 1u << 5 | 1u << 1)
           && l->sets[1] == (1u << 9 | 1u << 4 | 1u << 2) && l->sets[7] == (1u << 6 | 1u << 5 | 1u << 4),
           "digit sets: 15 in three is 9+5+1, 9+4+2, ... 6+5+4, the largest digits first");
    l->n = 0;
    tap_ok(!kakuro_digit_sets(all9, 3, 9, 15, stop_at_two, l) && l->n == 2,
           "digit sets: the walk stops when asked to, and says so");
    for (int top = 4; top <= 16; top += 4)
        for (int k = 1; k <= top; k += 3)
            for (int sum = 0; sum <= top * (top + 1) / 2; sum += 7)
                if (kakuro_digit_set_count(k, top, sum) != subsets_of(~0u, k, top, sum)) {
                    if (counts_agree)
                        tap_diag("%d digits of 1..%d adding to %d: %ld, by subsets %d", k, top,
                                 sum, kakuro_digit_set_count(k, top, sum), subsets_of(~0u, k, top, sum));
                    counts_agree = false;
                }
    tap_ok(counts_agree, "digit set counts: as many as the subsets of 1..4, 8, 12 and 16");
    tap_ok(kakuro_digit_set_count(12, 25, 156) > 4096 && kakuro_digit_set_count(3, 9, 15) == 8
           && kakuro_digit_set_count(3, 9, 5) == 0 && kakuro_digit_set_count(2, 16, 31) == 1,
           "digit set counts: 25 digits have thousands, 5 is no sum of three digits");
    avail = 1u << 2 | 1u << 3 | 1u << 5 | 1u << 7 | 1u << 8 | 1u << 11 | 1u << 13 | 1u << 16;
    for (int k = 1; k <= 5; k++)
        for (int sum = 1; sum < 60; sum++) {
            l->n = 0;
            kakuro_digit_sets(avail, k, 16, sum, list_set, l);
            lists_agree = lists_agree && l->n == subsets_of(avail, k, 16, sum);
            for (int i = 0; i < l->n; i++)
                ordered = ordered && (l->sets[i] & ~avail) == 0 && popcount32(l->sets[i]) == k
                          && (i == 0 || l->sets[i - 1] > l->sets[i]);
        }
    tap_ok(lists_agree && ordered, "digit sets: of a few digits, every subset once, largest first");
    free(l);
}

/* --- The cage fits remembered in a walk --- */

static bool same_step(const struct hint *a, const struct hint *b)
{
    return a->id == b->id && a->nplace == b->nplace && a->nelim == b->nelim
           && memcmp(a->place, b->place, (size_t)a->nplace * sizeof a->place[0]) == 0
           && memcmp(a->elim, b->elim, (size_t)a->nelim * sizeof a->elim[0]) == 0
           && strcmp(a->text, b->text) == 0;
}

/* Walks spec's puzzle as the rating does, each step found with the fits remembered from
 * the steps before and again with them forgotten: the same step, word for word. */
static void test_walk(const char *spec, int max_steps)
{
    struct puzzle *p = tap_load_puzzle(spec);
    struct hint_start s;
    struct hint *with = malloc(sizeof *with), *without = malloc(sizeof *without);
    enum technique order[TECH_COUNT];
    int norder = rating_order(order), steps = 0;
    unsigned long hits;

    if (!tap_ok(p != NULL, "%s loads", spec))
        return;
    hint_killer_memo_forget();
    hits = hint_killer_memo_hits();
    hint_start_open(&s, p);
    while (steps < max_steps && hint_next_in_order(&s.pos, order, norder, with)) {
        hint_killer_memo_forget();
        if (!hint_next_in_order(&s.pos, order, norder, without) || !same_step(with, without)) {
            tap_diag("step %d: %s with the fits remembered, %s without", steps + 1,
                     hint_technique(with->id)->key, hint_technique(without->id)->key);
            steps = -1;
            break;
        }
        hint_apply(p, with, s.grid, s.cands);
        steps++;
    }
    hits = hint_killer_memo_hits() - hits;
    tap_ok(steps > 0 && hits > 0, "%s: %d steps alike with the cage fits remembered and "
           "forgotten (%lu fits remembered)", spec, steps, hits);
    hint_start_close(&s);
    free(with);
    free(without);
    puzzle_free(p);
}

/* A 16x16 Killer (or Killer Jigsaw) the generator made at Hard rates Hard: one solution,
 * hardest the technique its header names. */
static void test_rates_hard(const char *file, enum technique hardest)
{
    struct puzzle *p = tap_load_puzzle(file);
    struct grade g;
    bool rated;

    if (!tap_ok(p != NULL, "%s loads", file))
        return;
    rated = grade_puzzle(p, &g);
    tap_ok(rated && g.unique && !g.gave_up && g.level == LEVEL_HARD && g.hardest == hardest,
           "%s, of the generator, rates Hard (%s, hardest %s)", file, hint_level_name(g.level),
           hint_technique(g.hardest)->key);
    puzzle_free(p);
}

/* --- grade_puzzle_walk_quiet --- */

/* The steps of one walk: their techniques, and how many had words. */
struct walk_record {
    enum technique id[512];
    int n, worded;
};

static bool record_step(const struct hint *h, int rating, const struct hint_position *pos, void *user)
{
    struct walk_record *r = user;

    (void)rating;
    (void)pos;
    if (r->n < (int)(sizeof r->id / sizeof r->id[0]))
        r->id[r->n++] = h->id;
    r->worded += h->text[0] != '\0';
    return true;
}

/* The quiet walk a generator stops at its level takes the steps of the walk with words,
 * to the same grade, and builds none of their words. */
static void test_quiet_walk(const char *spec)
{
    struct puzzle *p = tap_load_puzzle(spec);
    struct walk_record *worded = xcalloc(1, sizeof *worded), *quiet = xcalloc(1, sizeof *quiet);
    struct grade gw, gq;

    if (tap_ok(p != NULL, "%s loads", spec)) {
        int rw = grade_puzzle_walk(p, &gw, GRADE_DEFAULT_WORK, NULL, record_step, worded);
        int rq = grade_puzzle_walk_quiet(p, &gq, GRADE_DEFAULT_WORK, NULL, record_step, quiet);

        tap_ok(rw == 1 && rq == 1 && gw.level == gq.level && gw.rating == gq.rating
               && gw.score == gq.score && gw.hardest == gq.hardest && worded->n == quiet->n
               && memcmp(worded->id, quiet->id, (size_t)worded->n * sizeof worded->id[0]) == 0,
               "%s: the quiet walk takes the same %d steps to the same grade", spec, quiet->n);
        tap_ok(worded->worded == worded->n && quiet->n > 0 && quiet->worded == 0,
               "%s: the walk with words has them at every step, the quiet walk at none", spec);
    }
    free(quiet);
    free(worded);
    puzzle_free(p);
}

int main(void)
{
    test_matching_allowed();
    test_matching_allowed_adds();
    test_digit_sets();
    test_walk("variant/wide.txt:6", 400);       /* 16x16 Killer */
    test_walk("variant/wide.txt:8", 400);       /* 16x16 Killer Jigsaw */
    test_walk("variant/walk.txt:4", 200);       /* 9x9 Killer X */
    test_walk("variant/wide.txt:1", 300);       /* 12x12 Killer */
    test_quiet_walk("variant/walk.txt:4");      /* 9x9 Killer X */
    test_quiet_walk("variant/killer_wiki.txt");
    test_rates_hard("variant/killer16_hard.txt", TECH_X_WING);
    test_rates_hard("variant/killer_jigsaw16_hard.txt", TECH_TURBOT_FISH);
    return tap_done();
}
