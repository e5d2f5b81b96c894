/* bench_generate.c: time per generated puzzle, for each level and size, against an unconstrained
 * puzzle of the same size made in the same run, and what the rating costs of that. */
#include "config.h"
#include "generate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "bench_set.h"
#include "util.h"

/*
 * Usage: bench_generate [--quick]
 *        bench_generate --kakuro-size N [--count C] [--budget SECONDS]
 * For every size and level below it makes COUNT puzzles from seeds 1..COUNT (with a budget
 * of 60 s each, so a miss shows as a miss) and prints the mean, median and worst CPU time
 * per puzzle, the attempts per puzzle, how many reached the level, the ratio of the mean to
 * that of `--level any` (the baseline: one unique puzzle, no level asked), and the time
 * grade_puzzle takes to rate one finished puzzle, the share of the rating in the cost.
 * --quick makes fewer puzzles.
 *
 * --kakuro-size N makes C (default 1) NxN Kakuro at level any, from seeds 1..C, each with
 * a budget of SECONDS (default 120), and prints one line: the cells, the CPU time per
 * puzzle (the least, the median and the worst: seeds differ by 2-5x at 100x100), user and system time, and the peak memory of the
 * process (ru_maxrss; run.sh runs each size in a process of its own, so that it is the
 * peak of that size): how the cost grows with the board.
 */

struct row {
    double mean_ms, median_ms, worst_ms, tries, rate_ms;
    int hits, count;
};

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

static void measure(const struct gen_request *base, int level, int count, struct row *row)
{
    double *ms = xmalloc((size_t)count * sizeof *ms), total = 0, rate_total = 0;
    long tries = 0;

    memset(row, 0, sizeof *row);
    row->count = count;
    for (int i = 0; i < count; i++) {
        struct gen_request req = *base;
        struct gen_result res;
        struct grade g;
        uint64_t t0;

        req.level = level;
        req.seed = (uint64_t)i + 1;
        req.budget_ms = 60000;
        t0 = bench_cpu_ns();
        gen_generate(&req, &res);
        ms[i] = (double)(bench_cpu_ns() - t0) / 1e6;
        total += ms[i];
        tries += res.attempts;
        row->hits += res.status == GEN_OK;
        if (res.puzzle != NULL) {
            t0 = bench_cpu_ns();
            grade_puzzle(res.puzzle, &g);
            rate_total += (double)(bench_cpu_ns() - t0) / 1e6;
        }
        puzzle_free(res.puzzle);
    }
    qsort(ms, (size_t)count, sizeof *ms, cmp_double);
    row->mean_ms = total / count;
    row->median_ms = ms[count / 2];
    row->worst_ms = ms[count - 1];
    row->tries = (double)tries / count;
    row->rate_ms = rate_total / count;
    free(ms);
}

static void print_row(const char *label, const struct row *row, double baseline_ms)
{
    printf("  %-9s %9.2f %9.2f %9.2f %8.1f %5d/%-3d %7.1fx %9.2f\n", label, row->mean_ms,
           row->median_ms, row->worst_ms, row->tries, row->hits, row->count,
           baseline_ms > 0 ? row->mean_ms / baseline_ms : 0, row->rate_ms);
    fflush(stdout);
}

/* One size: the baseline (any level), then every level the kind and size can have. */
static void bench_size(const struct gen_request *base, const char *title, int count,
                       bool every_level)
{
    struct row any, row;

    printf("\n== %s, %d puzzles each (seeds 1-%d)\n", title, count, count);
    printf("  %-9s %9s %9s %9s %8s %9s %8s %9s\n", "level", "mean ms", "median", "worst",
           "tries", "reached", "vs any", "rate ms");
    measure(base, GEN_ANY_LEVEL, count, &any);
    print_row("any", &any, any.mean_ms);
    for (int level = 0; every_level && level < LEVEL_COUNT; level++) {
        if (!gen_level_possible(base->kind, base->size, level))
            continue;
        measure(base, level, count, &row);
        print_row(hint_level_name((enum hint_level)level), &row, any.mean_ms);
    }
}

static double seconds_of(struct timeval tv)
{
    return (double)tv.tv_sec + (double)tv.tv_usec / 1e6;
}

/* One Kakuro size at level any: see the usage above. */
static int bench_kakuro_size(int side, int count, int budget_s)
{
    double *cpu = xmalloc((size_t)count * sizeof *cpu);
    struct rusage before, after;
    int made = 0;

    getrusage(RUSAGE_SELF, &before);
    for (int i = 0; i < count; i++) {
        struct gen_request req = {
            .kind = PUZZLE_KAKURO, .width = side, .height = side, .level = GEN_ANY_LEVEL,
            .seed = (uint64_t)i + 1, .budget_ms = (uint64_t)budget_s * 1000,
        };
        struct gen_result res;
        uint64_t t0 = bench_cpu_ns();

        gen_generate(&req, &res);
        cpu[i] = (double)(bench_cpu_ns() - t0) / 1e9;
        made += res.status == GEN_OK && res.puzzle != NULL;
        puzzle_free(res.puzzle);
    }
    getrusage(RUSAGE_SELF, &after);
    qsort(cpu, (size_t)count, sizeof *cpu, cmp_double);
    double user = seconds_of(after.ru_utime) - seconds_of(before.ru_utime);
    double sys = seconds_of(after.ru_stime) - seconds_of(before.ru_stime);
    printf("  %3dx%-3d %6d cells  %5d/%-3d made  CPU/puzzle least %8.3f s, median %8.3f s,"
           " worst %8.3f s  user %8.2f s, system %6.2f s (%4.1f%%)  peak %.1f MiB\n",
           side, side, side * side, made, count, cpu[0], cpu[count / 2], cpu[count - 1],
           user, sys,
           user > 0 ? 100 * sys / user : 0.0, (double)after.ru_maxrss / 1024);
    free(cpu);
    return made == count ? 0 : 1;
}

int main(int argc, char **argv)
{
    bool quick = argc > 1 && strcmp(argv[1], "--quick") == 0;

    if (argc > 2 && strcmp(argv[1], "--kakuro-size") == 0) {
        int side = atoi(argv[2]), count = 1, budget = 120;

        for (int i = 3; i + 1 < argc; i += 2) {
            if (strcmp(argv[i], "--count") == 0)
                count = atoi(argv[i + 1]);
            else if (strcmp(argv[i], "--budget") == 0)
                budget = atoi(argv[i + 1]);
        }
        if (side < 3 || count < 1 || budget < 1) {
            fprintf(stderr, "usage: bench_generate --kakuro-size N [--count C] [--budget SECONDS]\n");
            return 2;
        }
        return bench_kakuro_size(side, count, budget);
    }
    int n = quick ? 5 : 20;
    static const int sudoku_sizes[] = { 4, 6, 8, 12, 16, 25 };
    static const int kakuro_sides[] = { 10, 15, 30 };
    char title[64];

    printf("kakudo generator: CPU time per puzzle (ms), the attempts it took, how many reached\n"
           "the level within 60 s, the mean against `--level any` of the same size, and the\n"
           "time grade_puzzle takes to rate the finished puzzle once.\n");
    bench_size(&(struct gen_request){ .kind = PUZZLE_SUDOKU, .size = 9,
                                      .symmetry = GEN_SYM_ROTATE180 },
               "Sudoku 9x9, rotate180", n, true);
    for (size_t i = 0; i < sizeof sudoku_sizes / sizeof sudoku_sizes[0]; i++) {
        int size = sudoku_sizes[i];
        snprintf(title, sizeof title, "Sudoku %dx%d, rotate180", size, size);
        bench_size(&(struct gen_request){ .kind = PUZZLE_SUDOKU, .size = size,
                                          .symmetry = GEN_SYM_ROTATE180 },
                   title, size >= 16 ? (quick ? 1 : 3) : (quick ? 3 : 5), size <= 16);
    }
    for (size_t i = 0; i < sizeof kakuro_sides / sizeof kakuro_sides[0]; i++) {
        int side = kakuro_sides[i];
        snprintf(title, sizeof title, "Kakuro %dx%d", side, side);
        bench_size(&(struct gen_request){ .kind = PUZZLE_KAKURO, .width = side,
                                          .height = side },
                   title, side >= 30 ? (quick ? 1 : 3) : (quick ? 3 : n / 2), true);
    }
    return 0;
}
