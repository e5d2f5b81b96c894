/* test_hint_kakuro.c: what the chains know of Kakuro: a run's sum fitted to its cells, the
 * digits it requires (strong links only for those), forcing chains and chains that settle
 * janko puzzles without Trial, and area sums that name their runs. */
#include "config.h"
#include "hint.h"
#include "hint_kakuro_links.h"
#include "hint_links.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "tap.h"
#include "tap_puzzle.h"
#include "util.h"

static digitset digits(const char *s)
{
    digitset set = 0;

    for (; *s; s++)
        set |= 1u << (*s - '0');
    return set;
}

/* --- kakuro_fit: the digits each cell takes in some fitting combination --- */

static void test_fit(void)
{
    digitset cand[3], allowed[3], common;
    int sets;

    cand[0] = cand[1] = digits("123456789");
    sets = kakuro_fit(2, cand, 8, allowed, &common);
    tap_ok(sets == 3 && allowed[0] == digits("123567") && allowed[1] == digits("123567")
           && common == 0, "fit: 8 in two cells is 1+7, 2+6 or 3+5 (not 4+4), no digit required");
    cand[0] = digits("7");
    cand[1] = digits("12");
    sets = kakuro_fit(2, cand, 8, allowed, &common);
    tap_ok(sets == 1 && allowed[1] == digits("1") && common == digits("17"),
           "fit: with 7 in one cell, the other takes 1 only");
    cand[0] = cand[1] = cand[2] = digits("123456789");
    sets = kakuro_fit(3, cand, 7, allowed, &common);
    tap_ok(sets == 1 && common == digits("124") && allowed[2] == digits("124"),
           "fit: 7 in three cells is 1+2+4 only");
    cand[0] = digits("4");
    cand[1] = digits("4");
    tap_ok(kakuro_fit(2, cand, 8, allowed, &common) == 0 && allowed[0] == 0,
           "fit: no combination when the cells can only repeat a digit");
    tap_ok(kakuro_fit(2, cand, 20, allowed, NULL) == 0, "fit: no combination for a sum too large");
}

/* Whether cells i..n-1 can take distinct digits of set, none of used, each from its
 * candidates: the plain search kakuro_fit_sets is checked against. */
static bool assignable(const digitset *cand, int n, int i, digitset used, digitset set)
{
    if (i == n)
        return true;
    for (int d = 1; d <= 9; d++) {
        digitset bit = 1u << d;

        if ((set & cand[i] & ~used & bit) && assignable(cand, n, i + 1, used | bit, set))
            return true;
    }
    return false;
}

/* kakuro_fit_sets against every digit set of n digits adding to rem, tried one by one:
 * the same sets in ascending order, and for each cell the digits some set gives it. */
static bool fit_sets_agree(const digitset *cand, int n, int rem, int *fitting)
{
    digitset allowed[9], sets[126], want[9] = { 0 };
    int nsets = kakuro_fit_sets(n, cand, rem, allowed, sets), found = 0;

    for (unsigned m = 0; m < 512; m++) {
        digitset set = (digitset)(m << 1);
        int total = 0;

        for (int d = 1; d <= 9; d++)
            total += (set >> d & 1) * d;
        if (popcount32(m) != n || total != rem || !assignable(cand, n, 0, 0, set))
            continue;
        if (found >= nsets || sets[found++] != set)
            return false;
        for (int i = 0; i < n; i++)
            for (int d = 1; d <= 9; d++) {
                digitset one[9];

                memcpy(one, cand, (size_t)n * sizeof *one);
                one[i] = 1u << d;
                if ((set & cand[i] & one[i]) && assignable(one, n, 0, 0, set))
                    want[i] |= one[i];
            }
    }
    for (int i = 0; i < n; i++)
        if (allowed[i] != want[i])
            return false;
    *fitting += nsets > 0;
    return found == nsets;
}

static void test_fit_sets(void)
{
    uint64_t state = 13;
    int agreed = 0, trials = 400, fitting = 0;

    for (int t = 0; t < trials; t++) {
        digitset cand[9];
        int n = 1 + t % 9, rem;

        /* Most cells with six or seven candidates, most sums in reach of n digits (one
         * in five anywhere up to 49, none fitting then). */
        for (int i = 0; i < n; i++) {
            state = state * 6364136223846793005u + 1442695040888963407u;
            cand[i] = (digitset)(((state >> 33) | (state >> 43)) & 0x3feu);
        }
        state = state * 6364136223846793005u + 1442695040888963407u;
        rem = t % 5 == 0 ? (int)((state >> 33) % 50)
                         : n * (n + 1) / 2 + (int)((state >> 33) % (unsigned)(n * (9 - n) + 1));
        agreed += fit_sets_agree(cand, n, rem, &fitting);
    }
    tap_ok(agreed == trials && fitting >= trials / 4,
           "fit sets: %d of %d random runs (%d with sets that fit) as a search of every digit "
           "set finds", agreed, trials, fitting);
}

/* --- hint_group_required: two places make a strong link only for these --- */

static void test_required(void)
{
    struct puzzle *p = tap_load_puzzle("hint/kakuro_fit.txt");
    uint8_t grid[16] = { 0 };
    digitset cands[16];
    struct hint_position pos = { .p = p, .grid = grid, .cands = cands };
    int top, bottom;

    if (!tap_ok(p != NULL && p->ncells == 9, "required: the 3x3 Kakuro loads"))
        return;
    top = hint_group_of_kind(p, puzzle_index(p, 1, 1), GROUP_ACROSS);
    bottom = hint_group_of_kind(p, puzzle_index(p, 2, 1), GROUP_ACROSS);
    hint_fill_candidates(p, grid, NULL, cands);
    tap_ok(hint_group_required(&pos, bottom) == digits("13"),
           "required: 4 in two cells needs 1 and 3");
    tap_ok(hint_group_required(&pos, top) == 0,
           "required: 10 in two cells needs no digit (1+9, 2+8, 3+7, 4+6)");
    cands[puzzle_index(p, 1, 1)] = cands[puzzle_index(p, 1, 2)] = digits("1379");
    tap_ok(hint_group_required(&pos, top) == 0,
           "required: 1 with two places in 10 = 1+9 or 3+7 is not required: no strong link");
    cands[puzzle_index(p, 1, 2)] = digits("13");
    cands[puzzle_index(p, 1, 1)] = digits("7");
    tap_ok(hint_group_required(&pos, top) == digits("37"),
           "required: with r2c2 only 7, the run needs 3 and 7");
    puzzle_free(p);
}

/* --- Sum links: two digits of a run that no combination of its sum holds together --- */

static void test_sum_links(void)
{
    struct puzzle *p = tap_load_puzzle("hint/kakuro_fit.txt");
    uint8_t grid[16] = { 0 };
    digitset cands[16];
    struct hint_position pos = { .p = p, .grid = grid, .cands = cands };
    struct hint_search s = { .pos = &pos };
    const struct cand_links *l;
    int r2c2 = puzzle_index(p, 1, 1), r2c3 = puzzle_index(p, 1, 2), r3c3 = puzzle_index(p, 2, 2);
    int out[256], n;
    bool listed = false;

    if (!tap_ok(p != NULL, "sum links: the 3x3 Kakuro loads"))
        return;
    hint_fill_candidates(p, grid, NULL, cands);
    l = links_get(&s);
    tap_ok(links_weak(l, links_node(l, r2c2, 1), links_node(l, r2c3, 3)),
           "sum links: r2c2 1 and r2c3 3 cannot both be (no 10 = 1 + 3)");
    tap_ok(!links_weak(l, links_node(l, r2c2, 1), links_node(l, r2c3, 9)),
           "sum links: r2c2 1 and r2c3 9 can (10 = 1 + 9)");
    tap_ok(links_weak(l, links_node(l, r2c2, 1), links_node(l, r2c3, 1)),
           "sum links: one digit twice in a run cannot");
    tap_ok(!links_weak(l, links_node(l, r2c2, 1), links_node(l, r3c3, 5)),
           "sum links: cells of no common run are not linked by a sum");
    tap_ok(links_weak_reason(l, links_node(l, r2c2, 1), links_node(l, r2c3, 3))
           == hint_group_of_kind(p, r2c2, GROUP_ACROSS), "sum links: the reason is the across run");
    n = links_weak_all(l, links_node(l, r2c2, 1), out);
    for (int i = 0; i < n; i++)
        listed |= out[i] == links_node(l, r2c3, 3);
    tap_ok(listed, "sum links: listed among the weak links of r2c2 1");
    free(s.strong);
    hint_chains_free(s.chains);
    puzzle_free(p);
}

/* --- Whole puzzles --- */

/* Walks the puzzle hint by hint; the number of steps of technique t, and whether every
 * step was right. */
static int walk_count(const struct puzzle *p, enum technique t, bool *sound, struct hint *last)
{
    struct hint_start s;
    struct hint h;
    int n = 0;

    *sound = hint_start_open(&s, p) == 1;
    while (*sound && hint_next(&s.pos, &h)) {
        for (int i = 0; i < h.nplace; i++)
            *sound &= s.solution[h.place[i].cell] == h.place[i].digit;
        for (int i = 0; i < h.nelim; i++)
            *sound &= s.solution[h.elim[i].cell] != h.elim[i].digit;
        if (h.id == t) {
            n++;
            if (last != NULL)
                *last = h;
        }
        hint_apply(p, &h, s.grid, s.cands);
    }
    hint_start_close(&s);
    return n;
}

static void test_janko(const char *spec, const char *name, enum technique hardest)
{
    struct puzzle *p = tap_load_puzzle(spec);
    struct grade g;
    bool sound, rated;

    if (!tap_ok(p != NULL, "%s loads", name))
        return;
    rated = grade_puzzle(p, &g);
    tap_ok(rated && g.unique && g.counts[TECH_TRIAL] == 0 && g.hardest == hardest,
           "%s: rated without Trial, hardest %s (got %s)", name, hint_technique(hardest)->name,
           hint_technique(g.hardest)->name);
    tap_ok(walk_count(p, TECH_TRIAL, &sound, NULL) == 0 && sound,
           "%s: the walk hint by hint is right at every step", name);
    puzzle_free(p);
}

/* The example: janko 330 after 135 steps, where r2c7 = 7 leads through the
 * across runs' sums to a run with no combination left; the hint names each run. */
static void test_forcing_text(void)
{
    struct puzzle *p = tap_load_puzzle("hint/kakuro_sources.txt:14");
    struct hint_start s;
    struct hint h;
    int steps = 0;

    if (!tap_ok(p != NULL && hint_start_open(&s, p) == 1, "forcing text: janko 330 opens"))
        return;
    while (steps < 135 && hint_next(&s.pos, &h)) {
        hint_apply(p, &h, s.grid, s.cands);
        steps++;
    }
    tap_ok(hint_find(&s.pos, TECH_CONTRADICTION_CHAIN, &h) && h.nelim == 1
           && strstr(h.text, "If r2c7 were 7, then the across run r2c6-r2c9 (sum 24) leaves r2c8 "
                     "only 2") != NULL
           && strstr(h.text, "no combination of the across run r4c7-r4c8 (sum 8) would fit its "
                     "cells") != NULL,
           "forcing text: the supposition, the runs it goes through and the run left without a "
           "combination are named");
    tap_diag("%s", h.text);
    hint_start_close(&s);
    puzzle_free(p);
}

/* Each run an area sum adds up is named in its text. */
static void test_area_sum_names(void)
{
    struct puzzle *p = tap_load_puzzle("hint/kakuro_sources.txt:12");
    struct hint h;
    bool sound, named = true;
    char name[256];

    if (!tap_ok(p != NULL, "area sum: janko 375 loads"))
        return;
    if (!tap_ok(walk_count(p, TECH_AREA_SUM, &sound, &h) > 0 && sound, "area sum: janko 375 uses one"))
        return;
    for (int i = 0; i < h.ngroups; i++) {
        struct hint scratch = { .puzzle = p };
        const struct puzzle_group *grp = &p->groups[h.groups[i]];
        hint_say_group(&scratch, h.groups[i]);
        /* "the across run r8c7-r8c9 (sum 15)": the cells and sum part, without "the ... run" */
        snprintf(name, sizeof name, "%s", strstr(scratch.text, "run ") + 4);
        named &= strstr(h.text, name) != NULL && grp->ncells > 0;
        if (strstr(h.text, name) == NULL)
            tap_diag("not named: %s in %s", name, h.text);
    }
    tap_ok(h.ngroups >= 3 && named, "area sum: every run it adds up is named (%d runs)", h.ngroups);
    puzzle_free(p);
}

int main(void)
{
    test_fit();
    test_fit_sets();
    test_required();
    test_sum_links();
    test_janko("hint/kakuro_sources.txt:14", "janko 330", TECH_AIC);
    /* A cell forcing chain (8.3 and up) is tried before contradiction chains (SE's
     * dynamic chains, 8.5 and up) and settles it. */
    test_janko("hint/kakuro_sources.txt:18", "janko 350", TECH_CELL_FORCING_CHAIN);
    test_janko("hint/kakuro_sources.txt:13", "janko 219", TECH_X_CHAIN);
    test_area_sum_names();
    test_forcing_text();
    return tap_done();
}
