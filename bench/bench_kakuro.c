/* bench_kakuro.c: times the Kakuro solver on puzzle files, proving uniqueness (limit 2). */
#include "config.h"
#include "solve.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "format.h"
#include "puzzle.h"
#include "util.h"

/*
 * Usage: bench_kakuro [--verbose] [--repeat N] [--skip NAME] [--check SOLUTIONS] FILE...
 * Each puzzle is solved with limit 2 (N times), timed in CPU time: on a machine shared
 * with other work that is what it cost, where wall-clock time also counts the waits for a
 * processor.  Per file it prints the number of puzzles, how many have one, several or no
 * solution (naming those with several), the median, 99th percentile and worst time per
 * puzzle over the puzzles, each puzzle counting with its fastest run and again with its
 * median run, the slowest puzzle, the mean and largest number of search nodes, and the
 * peak memory of the process so far (ru_maxrss).  --check compares the
 * solutions of the next FILE, in order, with a file of solutions in the Kakuro grid
 * format (digits for white cells, `\` for the rest, puzzles separated by blank lines), as
 * janko_solutions.txt.  --verbose prints a line per puzzle: name, solutions found (at
 * most 2), time and search nodes.  --skip passes over the puzzles named NAME (which the
 * comment line before them gives) and says so.
 */

static bool verbose;
static const char *skip_name;

/* This process's CPU time in nanoseconds. */
static uint64_t cpu_now_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

struct timing {
    uint64_t ns;
    long index;
};

struct file_stats {
    long puzzles, unique, several, none, errors, wrong, unsolved, skipped;
    uint64_t nodes_total, nodes_max;
    uint64_t ns_total, median_ns_total;
    struct timing *times, *median_times;
    size_t ntimes, times_cap;
    char worst_name[128];
    uint64_t worst_ns;
    char several_names[512];    /* the puzzles with several solutions, as a list */
    char error_lines[1024];     /* the messages about unreadable puzzles */
};

/* The solutions file: the digits of each puzzle's white cells in reading order. */
struct solutions {
    FILE *f;
};

/* Reads the next solution's digits (0 for `\`) into buf; their number, 0 at the end. */
static size_t next_solution(struct solutions *sol, uint8_t **buf, size_t *cap)
{
    char line[8192];
    size_t n = 0;

    while (fgets(line, sizeof line, sol->f) != NULL) {
        if (line[0] == '#')
            continue;
        if (strspn(line, " \t\r\n") == strlen(line)) {
            if (n > 0)
                break;
            continue;
        }
        for (char *t = strtok(line, " \t\r\n"); t != NULL; t = strtok(NULL, " \t\r\n")) {
            *buf = xgrow(*buf, cap, n + 1, 1);
            (*buf)[n++] = (uint8_t)(t[0] >= '1' && t[0] <= '9' ? t[0] - '0' : 0);
        }
    }
    return n;
}

static int compare_ns(const void *a, const void *b)
{
    const struct timing *x = a, *y = b;

    return x->ns < y->ns ? -1 : x->ns > y->ns;
}

static double ms(uint64_t ns)
{
    return (double)ns / 1e6;
}

/* Whether found agrees with the expected digits (cells in reading order). */
static bool matches(const struct puzzle *p, const uint8_t *found, const uint8_t *expected, size_t n)
{
    if (n != (size_t)p->ncells)
        return false;
    for (int cell = 0; cell < p->ncells; cell++)
        if (!p->block[cell] && found[cell] != expected[cell])
            return false;
    return true;
}

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

    return (x > y) - (x < y);
}

/* The fastest of repeat runs; *median gets the median run. */
static uint64_t time_solve(const struct puzzle *p, const uint8_t *grid, int repeat,
                           struct solve_result *res, uint64_t *median)
{
    struct solve_request req = { .limit = 2 };
    uint64_t *took = xmalloc((size_t)repeat * sizeof *took), best;

    for (int k = 0; k < repeat; k++) {
        uint64_t start = cpu_now_ns();

        memset(&res->stats, 0, sizeof res->stats);
        puzzle_solve(p, grid, &req, res);
        took[k] = cpu_now_ns() - start;
    }
    qsort(took, (size_t)repeat, sizeof *took, compare_u64);
    best = took[0];
    *median = took[repeat / 2];
    free(took);
    return best;
}

static void bench_puzzle(struct file_stats *st, const struct puzzle *p, int repeat,
                         struct solutions *sol, uint8_t **expected, size_t *expected_cap)
{
    uint8_t *grid = xmalloc((size_t)p->ncells), *solution = xmalloc((size_t)p->ncells);
    struct solve_result res = { .solution = solution };
    uint64_t ns, median_ns;
    size_t cap = st->times_cap;

    puzzle_start_grid(p, grid);
    ns = time_solve(p, grid, repeat, &res, &median_ns);
    st->times = xgrow(st->times, &st->times_cap, st->ntimes + 1, sizeof *st->times);
    st->median_times = xgrow(st->median_times, &cap, st->ntimes + 1, sizeof *st->median_times);
    st->median_times[st->ntimes] = (struct timing){ .ns = median_ns, .index = st->puzzles };
    st->times[st->ntimes++] = (struct timing){ .ns = ns, .index = st->puzzles };
    st->ns_total += ns;
    st->median_ns_total += median_ns;
    if (ns >= st->worst_ns) {
        st->worst_ns = ns;
        snprintf(st->worst_name, sizeof st->worst_name, "%s",
                 p->name != NULL ? p->name : "(unnamed)");
    }
    st->nodes_total += res.stats.nodes;
    if (res.stats.nodes > st->nodes_max)
        st->nodes_max = res.stats.nodes;
    if (verbose)
        printf("%s %ld %.3f ms %llu nodes\n", p->name != NULL ? p->name : "(unnamed)", res.count,
               ms(ns), (unsigned long long)res.stats.nodes);
    if (res.count == 0) {
        st->none++;
    } else if (res.count == 1) {
        st->unique++;
    } else {
        size_t used = strlen(st->several_names);
        st->several++;
        snprintf(st->several_names + used, sizeof st->several_names - used, "%s%s",
                 used > 0 ? " " : "", p->name != NULL ? p->name : "(unnamed)");
    }
    if (res.count > 0 && !puzzle_is_solved(p, solution)) {
        st->unsolved++;
        fprintf(stderr, "%s: the solution found breaks the rules\n", p->name ? p->name : "?");
    }
    if (sol != NULL) {
        size_t n = next_solution(sol, expected, expected_cap);

        if (res.count == 1 && !matches(p, solution, *expected, n)) {
            st->wrong++;
            fprintf(stderr, "%s: the solution differs from the expected one\n",
                    p->name ? p->name : "?");
        }
    }
    st->puzzles++;
    free(grid);
    free(solution);
}

/* The median and 99th percentile of n times (sorted here), 0 when there are none. */
static void percentiles(struct timing *times, size_t n, uint64_t *median, uint64_t *p99)
{
    *median = *p99 = 0;
    if (n == 0)
        return;
    qsort(times, n, sizeof *times, compare_ns);
    *median = times[n / 2].ns;
    *p99 = times[(n * 99) / 100 < n ? (n * 99) / 100 : n - 1].ns;
}

static void print_stats(const char *path, struct file_stats *st, int repeat)
{
    uint64_t median, p99, run_median, run_p99;
    struct rusage ru;

    percentiles(st->times, st->ntimes, &median, &p99);
    percentiles(st->median_times, st->ntimes, &run_median, &run_p99);
    printf("%s: %ld puzzles: %ld unique, %ld several, %ld none", path, st->puzzles,
           st->unique, st->several, st->none);
    if (st->errors)
        printf(", %ld unreadable", st->errors);
    if (st->skipped)
        printf(", %ld skipped (%s)", st->skipped, skip_name);
    printf("%s", st->error_lines);
    if (st->several)
        printf("\n  several solutions: %s", st->several_names);
    printf("\n  per puzzle, CPU, its fastest of %d runs: median %.3f ms, p99 %.3f ms, worst %.3f ms (%s), "
           "mean %.3f ms, total %.1f ms\n", repeat,
           ms(median), ms(p99), ms(st->worst_ns), st->worst_name,
           st->puzzles ? ms(st->ns_total) / (double)st->puzzles : 0.0, ms(st->ns_total));
    if (repeat > 1)
        printf("  per puzzle, CPU, its median run: median %.3f ms, p99 %.3f ms, worst %.3f ms, "
               "total %.1f ms\n", ms(run_median), ms(run_p99),
               ms(st->ntimes ? st->median_times[st->ntimes - 1].ns : 0), ms(st->median_ns_total));
    printf("  search nodes: mean %.1f, max %llu\n",
           st->puzzles ? (double)st->nodes_total / (double)st->puzzles : 0.0,
           (unsigned long long)st->nodes_max);
    if (st->wrong || st->unsolved)
        printf("  WRONG: %ld differ from the expected solutions, %ld break the rules\n",
               st->wrong, st->unsolved);
    if (getrusage(RUSAGE_SELF, &ru) == 0)
        printf("  peak memory of the process so far: %.1f MiB\n", (double)ru.ru_maxrss / 1024);
}

static int bench_file(const char *path, const char *check, int repeat)
{
    FILE *f = fopen(path, "r");
    struct solutions sol = { 0 };
    struct file_stats st = { 0 };
    struct reader *r;
    struct puzzle *p;
    struct format_style style;
    struct format_error err;
    uint8_t *expected = NULL;
    size_t expected_cap = 0;
    int got;

    if (f == NULL) {
        perror(path);
        return 1;
    }
    if (check != NULL && (sol.f = fopen(check, "r")) == NULL) {
        perror(check);
        fclose(f);
        return 1;
    }
    r = reader_open(f, path, FORMAT_KAKURO_GRID);
    while ((got = reader_next(r, &p, &style, &err)) != 0) {
        if (got < 0) {
            char msg[600];

            size_t used = strlen(st.error_lines);
            format_error_string(&err, msg, sizeof msg);
            snprintf(st.error_lines + used, sizeof st.error_lines - used, "\n  unreadable: %s", msg);
            st.errors++;
            continue;
        }
        if (skip_name != NULL && p->name != NULL && strcmp(p->name, skip_name) == 0) {
            st.skipped++;
            if (sol.f != NULL)
                next_solution(&sol, &expected, &expected_cap);
        } else {
            bench_puzzle(&st, p, repeat, sol.f != NULL ? &sol : NULL, &expected, &expected_cap);
        }
        puzzle_free(p);
    }
    reader_close(r);
    fclose(f);
    if (sol.f != NULL)
        fclose(sol.f);
    print_stats(path, &st, repeat);
    free(st.times);
    free(st.median_times);
    free(expected);
    return st.errors || st.wrong || st.unsolved ? 1 : 0;
}

int main(int argc, char **argv)
{
    const char *check = NULL;
    int repeat = 1, status = 0;

    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--check") == 0 && i + 1 < argc) {
            check = argv[++i];
        } else if (strcmp(argv[i], "--repeat") == 0 && i + 1 < argc) {
            repeat = atoi(argv[++i]);
            if (repeat < 1)
                repeat = 1;
        } else if (strcmp(argv[i], "--skip") == 0 && i + 1 < argc) {
            skip_name = argv[++i];
        } else if (strcmp(argv[i], "--verbose") == 0) {
            verbose = true;
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "usage: %s [--verbose] [--repeat N] [--skip NAME] "
                    "[--check SOLUTIONS] FILE...\n", argv[0]);
            return 2;
        } else {
            status |= bench_file(argv[i], check, repeat);
            check = NULL;
        }
    }
    return status;
}
