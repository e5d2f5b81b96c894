/* test_hint_memo.c: the single-digit techniques' memo (hint_memo.c) changes no step: a
 * rating's walk finds the same steps with it as with a memo forgotten before each one. */
#include "config.h"
#include "hint.h"
#include "hint_memo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "rating.h"
#include "tap.h"
#include "tap_puzzle.h"

/* Whether two steps are the same technique with the same conclusions, in order. */
static bool same_step(const struct hint *a, const struct hint *b)
{
    return a->id == b->id && a->nplace == b->nplace && a->nelim == b->nelim
           && memcmp(a->place, b->place, (size_t)a->nplace * sizeof a->place[0]) == 0
           && memcmp(a->elim, b->elim, (size_t)a->nelim * sizeof a->elim[0]) == 0;
}

/* The single-digit techniques, which the memo serves. */
static const enum technique single_digit[] = {
    TECH_X_WING, TECH_SWORDFISH, TECH_JELLYFISH, TECH_SKYSCRAPER, TECH_TWO_STRING_KITE,
    TECH_TURBOT_FISH, TECH_EMPTY_RECTANGLE, TECH_FINNED_X_WING, TECH_FINNED_SWORDFISH,
    TECH_FINNED_JELLYFISH, TECH_SIMPLE_COLOURING, TECH_MULTI_COLOURING, TECH_X_CHAIN,
    TECH_GROUPED_X_CHAIN, TECH_FRANKEN_FISH, TECH_MUTANT_FISH,
};
#define NSINGLE ((int)(sizeof single_digit / sizeof single_digit[0]))

static bool count_one(const struct hint *h, void *user)
{
    (void)h;
    ++*(int *)user;
    return true;
}

/* How many instances technique t finds now: with the memo as it is, and forgotten. */
static bool same_instances(const struct hint_position *pos, enum technique t)
{
    int with = 0, without = 0;

    hint_find_all(pos, t, count_one, &with);
    hint_memo_forget();
    hint_find_all(pos, t, count_one, &without);
    return with == without;
}

/* Walks p as the rating does; at each step the easiest step found with the memo (kept
 * from the steps before) must be the one found with the memo forgotten, and each
 * single-digit technique must find as many instances either way.  Returns the steps
 * walked, -1 at the first that differs. */
static int walk_agrees(const struct puzzle *p, int max_steps, int *skipped)
{
    struct hint_start s;
    struct hint *with = malloc(sizeof *with), *without = malloc(sizeof *without);
    enum technique order[TECH_COUNT];
    int norder = rating_order(order), steps = 0;
    unsigned long skips = hint_memo_skips();

    hint_memo_forget();
    hint_start_open(&s, p);
    s.pos.quiet = true;
    while (steps < max_steps && hint_next_in_order(&s.pos, order, norder, with)) {
        hint_memo_forget();
        if (!hint_next_in_order(&s.pos, order, norder, without) || !same_step(with, without)) {
            tap_diag("step %d: %s with the memo, %s without", steps + 1,
                     hint_technique(with->id)->key, hint_technique(without->id)->key);
            steps = -1;
            break;
        }
        for (int i = 0; i < NSINGLE && steps % 7 == 0; i++)
            if (!same_instances(&s.pos, single_digit[i])) {
                tap_diag("step %d: %s finds another number of instances with the memo",
                         steps + 1, hint_technique(single_digit[i])->key);
                steps = -1;
                goto out;
            }
        hint_apply(p, with, s.grid, s.cands);
        steps++;
    }
out:
    *skipped = (int)(hint_memo_skips() - skips);
    hint_start_close(&s);
    free(with);
    free(without);
    return steps;
}

/* Walks spec's puzzle; returns how many digit searches the memo skipped. */
static int test_walk(const char *spec, int max_steps)
{
    struct puzzle *p = tap_load_puzzle(spec);
    int steps, skipped = 0;

    if (!tap_ok(p != NULL, "%s loads", spec))
        return 0;
    steps = walk_agrees(p, max_steps, &skipped);
    tap_ok(steps > 0, "%s: %d steps alike with and without the memo (%d digit searches "
           "skipped)", spec, steps, skipped);
    puzzle_free(p);
    return skipped;
}

int main(void)
{
    int skipped;

    /* the walks must meet the memo, or they would show nothing */
    tap_ok(test_walk("rating/big16.txt", 400) > 0, "the memo serves a 16x16's walk");
    skipped = 0;
    for (int i = 1; i <= 200; i += 33) {
        char spec[64];
        snprintf(spec, sizeof spec, "top200.txt:%d", i);
        skipped += test_walk(spec, 200);
    }
    tap_ok(skipped > 0, "the memo serves 9x9 walks");
    skipped = 0;
    for (int i = 1; i <= 5; i++) {
        char spec[64];
        snprintf(spec, sizeof spec, "variant/variants.txt:%d", i);
        skipped += test_walk(spec, 200);
    }
    tap_ok(skipped > 0, "the memo serves the variants' walks");
    return tap_done();
}
