/* bench_overhead.c: what `kakudo solve` spends per puzzle beyond the search (reading, printing, bookkeeping), against the search alone in the same run. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench_set.h"
#include "cli.h"
#include "solve.h"

/*
 * Usage: bench_overhead [--rounds N] FILE...
 *
 * For each file: the search alone (puzzle_solve_first from the givens, proving
 * uniqueness, on puzzles read beforehand), and the command itself (cli_solve on the
 * file, one job, standard output to /dev/null), side by side in each of N rounds
 * (default 41), which of the two goes first alternating.  Both are CPU time of this
 * process; the difference per puzzle is what solve costs beyond the search: reading and
 * checking the file, start grids, printing, allocations.  Process start-up is not in it
 * (bench_runs measures that).
 *
 * The difference is a few per cent of either run, so the judge is the median of each
 * round's own difference: a slow stretch of the machine (another process on the core,
 * a lower clock) falls on both runs of a round and cancels, where the difference of two
 * separate minima or medians carries it whole.  The quartiles of the rounds' differences
 * are printed beside it, so a reader sees how steady the figure is.
 */

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

    return (x > y) - (x < y);
}

/* The search as `kakudo solve` runs it, on every puzzle; its CPU time. */
static uint64_t time_search(const struct bench_set *set, uint8_t *start, uint8_t *solution)
{
    struct solve_budget budget = solve_budget_nodes(SOLVE_DEFAULT_NODES);
    uint64_t t0 = bench_cpu_ns();

    for (size_t i = 0; i < set->n; i++) {
        const struct puzzle *p = set->puzzles[i];

        puzzle_start_grid(p, start);
        puzzle_solve_first(p, start, true, solution, &budget, NULL);
    }
    return bench_cpu_ns() - t0;
}

/* Reading alone: every puzzle of the file read and handed back to the reader, as solve
 * does (the reader fills a handed-back puzzle in again rather than allocate one); its
 * CPU time. */
static uint64_t time_reading(const char *path)
{
    FILE *f = fopen(path, "r");
    struct reader *r;
    struct puzzle *p;
    struct format_style style;
    struct format_error err;
    uint64_t t0 = bench_cpu_ns();
    int got;

    if (f == NULL)
        return 0;
    r = reader_open(f, path, FORMAT_AUTO);
    while ((got = reader_next(r, &p, &style, &err)) != 0)
        if (got > 0)
            reader_give_back(r, p);
    reader_close(r);
    fclose(f);
    return bench_cpu_ns() - t0;
}

/* Writing alone: as many lines as puzzles, written as solve writes a solution, from the
 * first few puzzles over and over: solve writes a grid it has just searched, in the
 * cache, where the puzzles read beforehand are mostly out of it. */
static uint64_t time_writing(const struct bench_set *set, FILE *out)
{
    struct format_style style = { .id = FORMAT_SUDOKU_LINE };
    uint64_t t0 = bench_cpu_ns();

    for (size_t i = 0; i < set->n; i++)
        format_write(out, set->puzzles[i % 8], set->puzzles[i % 8]->given, &style);
    fflush(out);
    return bench_cpu_ns() - t0;
}

/* The whole command on the file, output thrown away; its CPU time. */
static uint64_t time_command(char *path)
{
    struct cli_options opt = { .format = FORMAT_AUTO, .jobs = 1 };
    uint64_t t0 = bench_cpu_ns();

    cli_solve(&path, 1, &opt);
    fflush(stdout);
    return bench_cpu_ns() - t0;
}

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

/* The q-th quantile (0..1) of n sorted values, the nearest rank. */
static double quantile(const double *sorted, int n, double q)
{
    return sorted[(int)(q * (n - 1) + 0.5)];
}

/* The ranks around the median of n values that hold the true median with about 95%
 * confidence (the binomial's normal approximation: n/2 -+ 0.98 sqrt(n)). */
static void median_interval(int n, int *lo, int *hi)
{
    int root = 0;

    while ((root + 1) * (root + 1) <= n)
        root++;
    *lo = (n - 1) / 2 - root + root / 50;  /* 0.98 sqrt(n), rounded out */
    *hi = n / 2 + root - root / 50;
    *lo = *lo < 0 ? 0 : *lo;
    *hi = *hi > n - 1 ? n - 1 : *hi;
}

static void bench_file(char *path, int rounds)
{
    struct bench_set set = { 0 };
    uint64_t *search = xcalloc((size_t)rounds, sizeof *search);
    uint64_t *command = xcalloc((size_t)rounds, sizeof *command);
    double *beyond = xcalloc((size_t)rounds, sizeof *beyond);  /* per round, us a puzzle */
    uint64_t *reading = xcalloc((size_t)rounds, sizeof *reading);
    uint64_t *writing = xcalloc((size_t)rounds, sizeof *writing);
    uint8_t *start, *solution;
    size_t most = 1;
    double n;
    int lo, hi;

    if (!bench_load(path, 1, (size_t)-1, &set)) {
        fprintf(stderr, "bench_overhead: %s: no puzzles\n", path);
        return;
    }
    n = (double)set.n;
    for (size_t i = 0; i < set.n; i++)
        most = (size_t)set.puzzles[i]->ncells > most ? (size_t)set.puzzles[i]->ncells : most;
    start = xmalloc(most);
    solution = xmalloc(most);
    for (int r = 0; r < rounds; r++) {
        /* In turn first and second: a run may be slower or faster for following the
         * other (the cache they leave), and that should not fall on one side only. */
        if (r % 2 == 0) {
            search[r] = time_search(&set, start, solution);
            command[r] = time_command(path);
        } else {
            command[r] = time_command(path);
            search[r] = time_search(&set, start, solution);
        }
        beyond[r] = ((double)command[r] - (double)search[r]) / n / 1e3;
        reading[r] = time_reading(path);
        writing[r] = time_writing(&set, stdout);
    }
    qsort(beyond, (size_t)rounds, sizeof *beyond, compare_double);
    qsort(search, (size_t)rounds, sizeof *search, compare_u64);
    qsort(command, (size_t)rounds, sizeof *command, compare_u64);
    qsort(reading, (size_t)rounds, sizeof *reading, compare_u64);
    qsort(writing, (size_t)rounds, sizeof *writing, compare_u64);
    fprintf(stderr, "%s: %zu puzzles, %d rounds, CPU time per puzzle (min / median):\n", path,
            set.n, rounds);
    fprintf(stderr, "  search alone:       %7.3f / %7.3f us\n", (double)search[0] / n / 1e3,
            (double)search[rounds / 2] / n / 1e3);
    fprintf(stderr, "  kakudo solve:       %7.3f / %7.3f us (in process, no start-up)\n",
            (double)command[0] / n / 1e3, (double)command[rounds / 2] / n / 1e3);
    fprintf(stderr, "  beyond the search:  %7.3f us, median of the rounds' differences (target < 0.2)\n",
            quantile(beyond, rounds, 0.5));
    median_interval(rounds, &lo, &hi);
    fprintf(stderr, "    the median within %.3f - %.3f us (95%%); the rounds: quartiles %.3f - %.3f, "
            "least %.3f, most %.3f\n", beyond[lo], beyond[hi], quantile(beyond, rounds, 0.25),
            quantile(beyond, rounds, 0.75), beyond[0], beyond[rounds - 1]);
    fprintf(stderr, "    of which reading: %7.3f / %7.3f us, writing (a line): %.3f / %.3f us\n",
            (double)reading[0] / n / 1e3, (double)reading[rounds / 2] / n / 1e3,
            (double)writing[0] / n / 1e3, (double)writing[rounds / 2] / n / 1e3);
    free(beyond);
    free(reading);
    free(writing);
    free(search);
    free(command);
    free(start);
    free(solution);
    bench_set_free(&set);
}

int main(int argc, char **argv)
{
    int rounds = 41, a = 1;

    if (a + 1 < argc && strcmp(argv[a], "--rounds") == 0) {
        rounds = atoi(argv[a + 1]);
        a += 2;
    }
    if (a >= argc || rounds < 1) {
        fputs("usage: bench_overhead [--rounds N] FILE...\n", stderr);
        return 2;
    }
    /* The solutions go nowhere; the figures go to standard error. */
    if (freopen("/dev/null", "w", stdout) == NULL)
        return 2;
    for (; a < argc; a++)
        bench_file(argv[a], rounds);
    return 0;
}
