/* bench_rate.c: what rating costs: grade_puzzle (the techniques, easiest step first) against proving the same puzzles unique with the solver, in the same run, with the levels found. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "format.h"
#include "hint.h"
#include "puzzle.h"
#include "util.h"

#include "bench_set.h"

/*
 * Usage: bench_rate [--every=K] [--max=N] FILE...
 * For each FILE (any format kakudo reads) it takes every Kth puzzle (default 1), at most
 * N of them (default all), and times in CPU time one pass of grade_puzzle over them (what
 * `kakudo rate` runs) and one of hint_count_solutions (the uniqueness proof rating starts
 * with), then prints the time per puzzle of each, their ratio, and the levels.
 */

/* Rates every puzzle of the set; counts the levels (LEVEL_COUNT: no solution). */
static uint64_t rate_pass(const struct bench_set *set, long *levels)
{
    uint64_t t0 = bench_cpu_ns();

    for (size_t i = 0; i < set->n; i++) {
        struct grade g;
        levels[grade_puzzle(set->puzzles[i], &g) ? g.level : LEVEL_COUNT]++;
    }
    return bench_cpu_ns() - t0;
}

static uint64_t solve_pass(const struct bench_set *set)
{
    uint64_t t0 = bench_cpu_ns();

    for (size_t i = 0; i < set->n; i++) {
        uint8_t *solution = xmalloc((size_t)set->puzzles[i]->ncells);
        hint_count_solutions(set->puzzles[i], set->puzzles[i]->given, solution);
        free(solution);
    }
    return bench_cpu_ns() - t0;
}

static void bench_file(const char *path, long every, size_t max)
{
    struct bench_set set = { 0 };
    long levels[LEVEL_COUNT + 1] = { 0 };
    const char *name = strrchr(path, '/') != NULL ? strrchr(path, '/') + 1 : path;
    uint64_t solve_ns, rate_ns;
    double n;

    if (!bench_load(path, every, max, &set)) {
        fprintf(stderr, "%s: no puzzle\n", path);
        bench_set_free(&set);
        return;
    }
    n = (double)set.n;
    solve_ns = solve_pass(&set);
    rate_ns = rate_pass(&set, levels);
    printf("%s: %zu puzzles (every %ld%s): rate %.3f ms/puzzle, uniqueness proof %.1f us/puzzle "
           "(rating %.0fx)\n", name, set.n, every, every == 1 ? "" : "th", rate_ns / n / 1e6,
           solve_ns / n / 1e3, solve_ns > 0 ? (double)rate_ns / (double)solve_ns : 0.0);
    printf("  levels:");
    for (int l = 0; l < LEVEL_COUNT; l++)
        printf(" %s %ld%s", hint_level_name((enum hint_level)l), levels[l], l + 1 < LEVEL_COUNT ? "," : "");
    if (levels[LEVEL_COUNT] > 0)
        printf(", no solution %ld", levels[LEVEL_COUNT]);
    printf("\n");
    bench_set_free(&set);
}

int main(int argc, char **argv)
{
    return bench_set_main(argc, argv, bench_file);
}
