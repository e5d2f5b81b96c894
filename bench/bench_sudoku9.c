/* bench_sudoku9.c: times the 9x9 searches proving uniqueness (limit 2) on one-line puzzle files. */
#include "config.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "puzzle.h"
#include "solve.h"

/* One puzzle per line: 81 cells, '1'-'9' given, anything else empty; '#' starts a comment
 * line and whatever follows the 81 cells (a count, a solution, CR) is ignored. */
static int parse_puzzle(const char *line, uint8_t *grid)
{
    if (line[0] == '#')
        return 0;
    for (int c = 0; c < 81; c++) {
        char ch = line[c];
        if (ch == '\0' || ch == '\n' || ch == '\r')
            return 0;
        grid[c] = (uint8_t)(ch >= '1' && ch <= '9' ? ch - '0' : 0);
    }
    return 1;
}

static uint8_t *read_puzzles(const char *path, size_t *count)
{
    FILE *f = fopen(path, "r");
    char line[1024];
    uint8_t *grids = NULL;
    size_t n = 0, cap = 0;

    if (f == NULL) {
        perror(path);
        return NULL;
    }
    while (fgets(line, sizeof line, f) != NULL) {
        if (n == cap) {
            cap = cap ? 2 * cap : 1024;
            uint8_t *bigger = realloc(grids, cap * 81);
            if (bigger == NULL) {
                fprintf(stderr, "out of memory\n");
                exit(2);
            }
            grids = bigger;
        }
        n += (size_t)parse_puzzle(line, grids + 81 * n);
    }
    fclose(f);
    *count = n;
    return grids;
}

static double seconds(clockid_t clock)
{
    struct timespec ts;

    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The searches that can be timed: the fast 9x9 one (what `kakudo solve` runs), and the
 * general one of any size, without an observer and with one that only counts steps.
 * Fast against general says what the 9x9 path buys; the general search without and
 * with an observer, what watching costs, which a NULL observer does not pay. */
enum path { PATH_FAST, PATH_GENERAL, PATH_WATCHED };

static const char *const path_names[] = {
    "fast 9x9 path", "general path, no observer", "general path, counting observer",
};

static int count_step(const struct solve_step *step, void *user)
{
    (void)step;
    ++*(uint64_t *)user;
    return 0;
}

struct tally {
    size_t unique, several, none;
    struct solve_stats stats;
    uint64_t steps;
};

static void solve_on_path(enum path path, const struct puzzle *p, const uint8_t *grid,
                          uint8_t *solution, struct tally *t)
{
    struct solve_observer watch = { count_step, &t->steps };
    struct solve_request req = { .limit = 2, .observer = path == PATH_WATCHED ? &watch : NULL };
    struct solve_result res = { .solution = solution };
    long found;

    if (path == PATH_FAST) {
        found = sudoku9_solve(grid, 2, solution, &t->stats);
    } else {
        sudoku_solve_general(p, grid, &req, &res);
        found = res.count;
        t->stats.nodes += res.stats.nodes;
        t->stats.guesses += res.stats.guesses;
    }
    if (found == 1)
        t->unique++;
    else if (found > 1)
        t->several++;
    else
        t->none++;
}

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

static int repeat = 1;      /* passes over the set: the least and the median CPU time count */

static void time_path(const char *name, enum path path, const uint8_t *grids, size_t n,
                      bool label)
{
    struct puzzle *p = sudoku_new(3, 3);
    struct tally t = { 0 };
    uint8_t solution[81];
    double cpu[64], elapsed = 0;

    /* CPU time, which other load on a shared machine barely disturbs: the least and the
     * median over the passes; wall time of the first pass, for comparison. */
    for (int k = 0; k < repeat; k++) {
        double start = seconds(CLOCK_MONOTONIC), cpu_start = seconds(CLOCK_PROCESS_CPUTIME_ID);

        t = (struct tally){ 0 };   /* the counts of one pass */
        for (size_t i = 0; i < n; i++)
            solve_on_path(path, p, grids + 81 * i, solution, &t);
        cpu[k] = seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu_start;
        if (k == 0)
            elapsed = seconds(CLOCK_MONOTONIC) - start;
    }
    qsort(cpu, (size_t)repeat, sizeof cpu[0], compare_double);
    double per = n ? cpu[0] / (double)n : 0.0, median = n ? cpu[repeat / 2] / (double)n : 0.0;

    printf("%s%s%s: %zu puzzles, %.0f puzzles/s, %.2f us/puzzle (CPU, least of %d; median %.2f; "
           "wall %.2f), %.2f guesses/puzzle, %.2f nodes/puzzle; unique %zu, several %zu, none %zu\n",
           name, label ? ": " : "", label ? path_names[path] : "", n,
           per > 0 ? 1.0 / per : 0.0, per * 1e6, repeat, median * 1e6,
           n ? elapsed / (double)n * 1e6 : 0.0,
           n ? (double)t.stats.guesses / (double)n : 0.0,
           n ? (double)t.stats.nodes / (double)n : 0.0, t.unique, t.several, t.none);
    if (path == PATH_WATCHED)
        printf("  %.1f steps/puzzle reported\n", n ? (double)t.steps / (double)n : 0.0);
    puzzle_free(p);
}

/*
 * Usage: bench_sudoku9 [--paths] [--repeat N] FILE...
 * Per file: the fast 9x9 search's puzzles per second, CPU time per puzzle (the least and
 * the median of N passes over the set, at most 64), guesses and nodes per puzzle, and
 * how many puzzles have one, several or no solution.  --paths times the general search
 * too, without and with an observer.
 */
int main(int argc, char **argv)
{
    bool paths = false;
    int status = 0;

    for (;;) {
        if (argc > 1 && strcmp(argv[1], "--paths") == 0) {
            paths = true;
        } else if (argc > 2 && strcmp(argv[1], "--repeat") == 0) {
            repeat = atoi(argv[2]);
            repeat = repeat < 1 ? 1 : repeat > 64 ? 64 : repeat;
            argc--;
            argv++;
        } else {
            break;
        }
        argc--;
        argv++;
    }
    if (argc < 2) {
        fprintf(stderr, "usage: bench_sudoku9 [--paths] [--repeat N] PUZZLE-FILE...\n");
        return 2;
    }
    for (int a = 1; a < argc; a++) {
        size_t n = 0;
        uint8_t *grids = read_puzzles(argv[a], &n);

        if (grids == NULL) {
            status = 1;
            continue;
        }
        time_path(argv[a], PATH_FAST, grids, n, paths);
        if (paths) {
            time_path(argv[a], PATH_GENERAL, grids, n, true);
            time_path(argv[a], PATH_WATCHED, grids, n, true);
        }
        free(grids);
    }
    return status;
}
