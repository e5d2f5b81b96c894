/* bench_rate_time.c: the CPU time of rating one puzzle (grade_puzzle, what `kakudo rate` runs per puzzle): median, 90th percentile and worst per set. */
#include "config.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hint.h"

#include "bench_set.h"

/*
 * Usage: bench_rate_time [--each] [--every=K] [--max=N] FILE...
 * For each FILE it takes every Kth puzzle (default 1), at most N (default all), rates each
 * once, timing each in CPU time, and prints the median, the 90th percentile and the worst,
 * with how many puzzles ended in a trial step.  It uses only grade_puzzle, so the same
 * source builds against an older kakudo to measure before and after a change
 * (bench/rate_time.sh does that).  With --each it also prints one line per puzzle (its
 * number in the file, CPU ms, rating, trial and gave-up marks), to find the slow or failing
 * ones of a sample.
 */

static bool print_each;

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

    return (x > y) - (x < y);
}

static void bench_file(const char *path, long every, size_t max)
{
    struct bench_set set = { 0 };
    const char *name = strrchr(path, '/') != NULL ? strrchr(path, '/') + 1 : path;
    uint64_t *ns, total = 0;
    long trials = 0;

    if (!bench_load(path, every, max, &set)) {
        fprintf(stderr, "%s: no puzzle\n", path);
        bench_set_free(&set);
        return;
    }
    ns = xmalloc(set.n * sizeof *ns);
    for (size_t i = 0; i < set.n; i++) {
        struct grade g;
        uint64_t t0 = bench_cpu_ns();

        grade_puzzle(set.puzzles[i], &g);
        ns[i] = bench_cpu_ns() - t0;
        total += ns[i];
        trials += g.counts[TECH_TRIAL] > 0;
        if (print_each)
            printf("%s:%ld: %.2f ms, rating %d.%d%s%s\n", name, (long)i * every + 1, ns[i] / 1e6,
                   g.rating / 10, g.rating % 10, g.counts[TECH_TRIAL] > 0 ? ", trial" : "",
                   g.gave_up ? ", gave up" : "");
    }
    qsort(ns, set.n, sizeof *ns, compare_u64);
    printf("%s: %zu puzzles (every %ld%s): rating CPU ms/puzzle median %.2f, p90 %.2f, "
           "worst %.2f, mean %.2f; %ld needed trial\n", name, set.n, every,
           every == 1 ? "" : "th", ns[set.n / 2] / 1e6, ns[set.n * 9 / 10] / 1e6,
           ns[set.n - 1] / 1e6, (double)total / (double)set.n / 1e6, trials);
    free(ns);
    bench_set_free(&set);
}

int main(int argc, char **argv)
{
    int kept = 1;

    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "--each") == 0)
            print_each = true;
        else
            argv[kept++] = argv[a];
    }
    return bench_set_main(kept, argv, bench_file);
}
