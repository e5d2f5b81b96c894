/* bench_set.h: what the benchmark programs share: a CPU clock and a set of puzzles read
 * from a file of any format kakudo reads. */
#ifndef KAKUDO_BENCH_SET_H
#define KAKUDO_BENCH_SET_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "format.h"
#include "puzzle.h"
#include "util.h"

struct bench_set {
    struct puzzle **puzzles;
    size_t n, cap;
};

/* CPU time of the process, in nanoseconds: what the benchmarks compare. */
static inline uint64_t bench_cpu_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* Adds every Kth good puzzle of path to set (bad ones are skipped), up to max in the set;
 * whether the set has any. */
static inline bool bench_load(const char *path, long every, size_t max, struct bench_set *set)
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

static inline void bench_set_free(struct bench_set *set)
{
    for (size_t i = 0; i < set->n; i++)
        puzzle_free(set->puzzles[i]);
    free(set->puzzles);
}

/* The main of a program that measures each FILE of its command line, every K-th puzzle
 * (--every=K) up to N of them (--max=N): one parser for the set benchmarks. */
static inline int bench_set_main(int argc, char **argv,
                                 void (*bench_file)(const char *path, long every, size_t max))
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

#endif
