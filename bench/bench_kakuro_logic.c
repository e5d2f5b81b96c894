/* bench_kakuro_logic.c: how far logic goes on a set of puzzles: how many need Trial, the levels, the rating time per puzzle (CPU median and worst), and optionally a soundness walk against the solution. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hint.h"
#include "puzzle.h"
#include "util.h"

#include "bench_set.h"

/*
 * Usage: bench_kakuro_logic [--every=K] [--max=N] [--check] [--list] [--hint] FILE...
 * Rates every Kth puzzle of each FILE (grade_puzzle, what `kakudo rate` runs), timing each
 * in CPU time, and prints how many needed Trial, the levels, how many uses each technique
 * had, and the median and worst time.  Puzzles with several solutions are counted apart
 * (Trial is right for them).  --check also walks every puzzle hint by hint (hint_next,
 * applied) and checks each step against the unique solution: no digit placed wrong, no
 * true candidate removed.  --list names the puzzles that needed Trial.  --hint times the
 * player's hint (hint_for_player, which also solves the puzzle) at every step of the walk
 * and prints the worst.
 */

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

    return x < y ? -1 : x > y;
}

/* Walks p hint by hint from its givens; the number of wrong steps (0: sound).  With
 * worst_hint, the CPU time of the slowest player's hint on the way goes there. */
static long soundness_walk(const struct puzzle *p, long *steps, uint64_t *worst_hint)
{
    struct hint_start s;
    struct hint h;
    long wrong = 0;

    if (hint_start_open(&s, p) != 1) {
        hint_start_close(&s);
        return 0;
    }
    while (hint_next(&s.pos, &h)) {
        if (worst_hint != NULL) {
            struct hint ph;
            uint64_t t0 = bench_cpu_ns(), t;
            hint_for_player(p, s.grid, s.cands, &ph, NULL, NULL);
            t = bench_cpu_ns() - t0;
            if (t > *worst_hint)
                *worst_hint = t;
        }
        for (int i = 0; i < h.nplace; i++)
            wrong += s.solution[h.place[i].cell] != h.place[i].digit;
        for (int i = 0; i < h.nelim; i++)
            wrong += s.solution[h.elim[i].cell] == h.elim[i].digit;
        if (wrong > 0) {
            fprintf(stderr, "%s: wrong step: %s\n", p->name ? p->name : "?", h.text);
            break;
        }
        (*steps)++;
        hint_apply(p, &h, s.grid, s.cands);
    }
    hint_start_close(&s);
    return wrong;
}

static void bench_file(const char *path, long every, size_t max, bool check, bool list,
                       bool hint)
{
    struct bench_set set = { 0 };
    long levels[LEVEL_COUNT] = { 0 }, uses[TECH_COUNT] = { 0 }, trial = 0, several = 0;
    long wrong = 0, steps = 0;
    uint64_t *ns, worst_hint = 0;

    if (!bench_load(path, every, max, &set)) {
        fprintf(stderr, "%s: no puzzle\n", path);
        bench_set_free(&set);
        return;
    }
    ns = xmalloc(set.n * sizeof *ns);
    for (size_t i = 0; i < set.n; i++) {
        struct grade g;
        uint64_t t0 = bench_cpu_ns();
        bool ok = grade_puzzle(set.puzzles[i], &g);

        ns[i] = bench_cpu_ns() - t0;
        if (!ok)
            continue;
        if (!g.unique) {
            several++;
            continue;
        }
        levels[g.level]++;
        for (int t = 0; t < TECH_COUNT; t++)
            uses[t] += g.counts[t] > 0;
        if (g.counts[TECH_TRIAL] > 0) {
            trial++;
            if (list)
                printf("  needs trial: %s\n", set.puzzles[i]->name ? set.puzzles[i]->name : "?");
        }
        if (check || hint)
            wrong += soundness_walk(set.puzzles[i], &steps, hint ? &worst_hint : NULL);
    }
    qsort(ns, set.n, sizeof *ns, compare_u64);
    printf("%s: %zu puzzles, %ld unique: %ld need Trial, %ld rated by logic alone "
           "(%ld with several solutions)\n", path, set.n, (long)set.n - several, trial,
           (long)set.n - several - trial, several);
    printf("  rating CPU per puzzle: median %.1f ms, worst %.1f ms\n",
           ns[set.n / 2] / 1e6, ns[set.n - 1] / 1e6);
    printf("  levels:");
    for (int l = 0; l < LEVEL_COUNT; l++)
        printf(" %s %ld%s", hint_level_name((enum hint_level)l), levels[l],
               l + 1 < LEVEL_COUNT ? "," : "\n");
    printf("  puzzles using:");
    for (int t = TECH_AREA_SUM; t < TECH_COUNT; t++)
        if (uses[t] > 0)
            printf(" %s %ld;", hint_technique((enum technique)t)->key, uses[t]);
    printf("\n");
    if (check || hint)
        printf("  soundness walk: %ld steps, %ld wrong\n", steps, wrong);
    if (hint)
        printf("  player's hint: worst %.1f ms CPU\n", worst_hint / 1e6);
    free(ns);
    bench_set_free(&set);
}

int main(int argc, char **argv)
{
    long every = 1;
    size_t max = (size_t)-1;
    bool check = false, list = false, hint = false;
    int files = 0;

    for (int a = 1; a < argc; a++) {
        if (strncmp(argv[a], "--every=", 8) == 0) {
            every = atol(argv[a] + 8);
            if (every < 1)
                every = 1;
        } else if (strncmp(argv[a], "--max=", 6) == 0) {
            max = (size_t)atol(argv[a] + 6);
        } else if (strcmp(argv[a], "--check") == 0) {
            check = true;
        } else if (strcmp(argv[a], "--list") == 0) {
            list = true;
        } else if (strcmp(argv[a], "--hint") == 0) {
            hint = true;
        } else {
            bench_file(argv[a], every, max, check, list, hint);
            files++;
        }
    }
    if (files == 0) {
        fprintf(stderr, "usage: %s [--every=K] [--max=N] [--check] [--list] [--hint] FILE...\n", argv[0]);
        return 2;
    }
    return 0;
}
