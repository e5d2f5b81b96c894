/* bench_logic.c: how far the techniques go without Trial on hard sets: the share of puzzles rated without a trial step, and the CPU time per rating (median and worst). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hint.h"
#include "puzzle.h"
#include "util.h"

#include "bench_set.h"

/*
 * Usage: bench_logic [--every=K] [--max=N] [--list] FILE...
 * For each FILE it rates every Kth puzzle (at most N) with grade_puzzle, as `kakudo rate`
 * does, timing each in CPU time, and prints how many were rated without a Trial step
 * (the walk not cut short by its budget), the median and worst time per puzzle, and how
 * often each of the hardest techniques was used.  --list prints each puzzle needing Trial.
 * With --player, the FILEs after it are walked hint by hint as the player asks, and the
 * worst CPU time of one hint is printed (the goal: under 100 ms), with the path's
 * candidates as the player's marks and again with digits only (no marks).
 */

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

    return x < y ? -1 : x > y;
}

static void bench_file(const char *path, long every, size_t max, bool list)
{
    struct bench_set set = { 0 };
    const char *name = strrchr(path, '/') != NULL ? strrchr(path, '/') + 1 : path;
    uint64_t *times;
    long logical = 0, gave_up = 0, uses[TECH_COUNT] = { 0 }, hardest[TECH_COUNT] = { 0 };
    double total = 0;

    if (!bench_load(path, every, max, &set)) {
        fprintf(stderr, "%s: no puzzle\n", path);
        bench_set_free(&set);
        return;
    }
    times = xmalloc(set.n * sizeof *times);
    for (size_t i = 0; i < set.n; i++) {
        struct grade g;
        uint64_t t0 = bench_cpu_ns();
        grade_puzzle(set.puzzles[i], &g);
        times[i] = bench_cpu_ns() - t0;
        total += (double)times[i];
        gave_up += g.gave_up;
        if (g.counts[TECH_TRIAL] == 0 && !g.gave_up)
            logical++;
        else if (list)
            printf("  trial: puzzle %zu (%d trial steps%s)\n", i * (size_t)every + 1,
                   g.counts[TECH_TRIAL], g.gave_up ? ", cut short" : "");
        for (int t = 0; t < TECH_COUNT; t++)
            uses[t] += g.counts[t] > 0;
        hardest[g.hardest]++;
    }
    qsort(times, set.n, sizeof *times, compare_u64);
    printf("%s: %zu puzzles (every %ld%s): without Trial %ld (%.1f%%), cut short %ld; CPU per "
           "puzzle: median %.1f ms, mean %.1f ms, worst %.1f ms\n", name, set.n, every,
           every == 1 ? "" : "th", logical, 100.0 * (double)logical / (double)set.n, gave_up,
           times[set.n / 2] / 1e6, total / (double)set.n / 1e6, times[set.n - 1] / 1e6);
    printf("  puzzles using:");
    for (int t = TECH_X_CHAIN; t < TECH_COUNT; t++)
        if (uses[t] > 0)
            printf(" %s %ld (hardest %ld);", hint_technique((enum technique)t)->key, uses[t], hardest[t]);
    printf("\n");
    free(times);
    bench_set_free(&set);
}

/* The worst CPU time of one player's hint so far, and its technique. */
struct player_worst {
    uint64_t ns;
    enum technique id;
};

/* Times hint_for_player on the position with marks (NULL: none, as a player who has
 * entered digits only, whose hint starts again from the digits' candidates). */
static bool time_player_hint(const struct puzzle *p, const uint8_t *grid, const digitset *marks,
                             struct hint *h, struct player_worst *w)
{
    uint64_t t0 = bench_cpu_ns(), t;
    bool found = hint_for_player(p, grid, marks, h, NULL, NULL);

    t = bench_cpu_ns() - t0;
    if (found && t > w->ns) {
        w->ns = t;
        w->id = h->id;
    }
    return found;
}

/* The player's hint at every position along the easiest-first path of each puzzle (as
 * hint_for_player gives it, solving the puzzle each time), with the path's candidates as
 * the player's marks and with no marks: the worst CPU time of one of each. */
static void bench_player(const char *path)
{
    struct bench_set set = { 0 };
    const char *name = strrchr(path, '/') != NULL ? strrchr(path, '/') + 1 : path;
    struct player_worst marked = { 0, TECH_MISTAKE }, bare = { 0, TECH_MISTAKE };
    long hints = 0;

    if (!bench_load(path, 1, (size_t)-1, &set)) {
        fprintf(stderr, "%s: no puzzle\n", path);
        bench_set_free(&set);
        return;
    }
    for (size_t i = 0; i < set.n; i++) {
        const struct puzzle *p = set.puzzles[i];
        struct hint_start st;
        struct hint *h = xmalloc(sizeof *h), *digits_only = xmalloc(sizeof *digits_only);
        if (hint_start_open(&st, p) > 0) {
            while (time_player_hint(p, st.grid, st.cands, h, &marked)) {
                hints++;
                time_player_hint(p, st.grid, NULL, digits_only, &bare);
                hint_apply(p, h, st.grid, st.cands);
            }
        }
        hint_start_close(&st);
        free(h);
        free(digits_only);
    }
    printf("%s: %zu puzzles, %ld player hints along their paths: worst %.1f ms (%s); "
           "without marks %.1f ms (%s)\n", name, set.n, hints, marked.ns / 1e6,
           hint_technique(marked.id)->key, bare.ns / 1e6, hint_technique(bare.id)->key);
    bench_set_free(&set);
}

int main(int argc, char **argv)
{
    long every = 1;
    size_t max = (size_t)-1;
    int files = 0;
    bool list = false, player = false;

    for (int a = 1; a < argc; a++) {
        if (strncmp(argv[a], "--every=", 8) == 0) {
            every = atol(argv[a] + 8);
            if (every < 1)
                every = 1;
        } else if (strncmp(argv[a], "--max=", 6) == 0) {
            max = (size_t)atol(argv[a] + 6);
        } else if (strcmp(argv[a], "--list") == 0) {
            list = true;
        } else if (strcmp(argv[a], "--player") == 0) {
            player = true;
        } else if (player) {
            bench_player(argv[a]);
            files++;
        } else {
            bench_file(argv[a], every, max, list);
            files++;
        }
    }
    if (files == 0) {
        fprintf(stderr, "usage: %s [--every=K] [--max=N] [--list] FILE... [--player FILE...]\n", argv[0]);
        return 2;
    }
    return 0;
}
