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

/*
 * Usage: bench_rate [--every=K] [--max=N] FILE...
 * For each FILE (any format kakudo reads) it takes every Kth puzzle (default 1), at most
 * N of them (default all), and times in CPU time one pass of grade_puzzle over them (what
 * `kakudo rate` runs) and one of hint_count_solutions (the uniqueness proof rating starts
 * with), then prints the time per puzzle of each, their ratio, and the levels.
 */

struct set {
    struct puzzle **puzzles;
    size_t n, cap;
};

static uint64_t cpu_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static bool load(const char *path, long every, size_t max, struct set *set)
{
    FILE *f = fopen(path, "r");
    struct reader *r;
    struct puzzle *p;
    struct format_style style;
    struct format_error err;
    long index = 0;
    int got;

    if (f == NULL) {
        perror(path);
        return false;
    }
    r = reader_open(f, path, FORMAT_AUTO);
    while (set->n < max && (got = reader_next(r, &p, &style, &err)) != 0) {
        if (got < 0)
            continue;
        if (index++ % every != 0) {
            puzzle_free(p);
            continue;
        }
        set->puzzles = xgrow(set->puzzles, &set->cap, set->n + 1, sizeof *set->puzzles);
        set->puzzles[set->n++] = p;
    }
    reader_close(r);
    fclose(f);
    return set->n > 0;
}

static void set_free(struct set *set)
{
    for (size_t i = 0; i < set->n; i++)
        puzzle_free(set->puzzles[i]);
    free(set->puzzles);
}

/* Rates every puzzle of the set; counts the levels (LEVEL_COUNT: no solution). */
static uint64_t rate_pass(const struct set *set, long *levels)
{
    uint64_t t0 = cpu_ns();

    for (size_t i = 0; i < set->n; i++) {
        struct grade g;
        levels[grade_puzzle(set->puzzles[i], &g) ? g.level : LEVEL_COUNT]++;
    }
    return cpu_ns() - t0;
}

static uint64_t solve_pass(const struct set *set)
{
    uint64_t t0 = cpu_ns();

    for (size_t i = 0; i < set->n; i++) {
        uint8_t *solution = xmalloc((size_t)set->puzzles[i]->ncells);
        hint_count_solutions(set->puzzles[i], set->puzzles[i]->given, solution);
        free(solution);
    }
    return cpu_ns() - t0;
}

static void bench_file(const char *path, long every, size_t max)
{
    struct set set = { 0 };
    long levels[LEVEL_COUNT + 1] = { 0 };
    const char *name = strrchr(path, '/') != NULL ? strrchr(path, '/') + 1 : path;
    uint64_t solve_ns, rate_ns;
    double n;

    if (!load(path, every, max, &set)) {
        fprintf(stderr, "%s: no puzzle\n", path);
        set_free(&set);
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
    set_free(&set);
}

int main(int argc, char **argv)
{
    long every = 1;
    size_t max = (size_t)-1;
    int files = 0;

    for (int a = 1; a < argc; a++) {
        if (strncmp(argv[a], "--every=", 8) == 0) {
            every = atol(argv[a] + 8);
            if (every < 1)
                every = 1;
        } else if (strncmp(argv[a], "--max=", 6) == 0) {
            max = (size_t)atol(argv[a] + 6);
        } else {
            bench_file(argv[a], every, max);
            files++;
        }
    }
    if (files == 0) {
        fprintf(stderr, "usage: %s [--every=K] [--max=N] FILE...\n", argv[0]);
        return 2;
    }
    return 0;
}
