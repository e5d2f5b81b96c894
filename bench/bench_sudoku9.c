/* bench_sudoku9.c: times the fast 9x9 search proving uniqueness (limit 2) on one-line puzzle files. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

int main(int argc, char **argv)
{
    int status = 0;

    if (argc < 2) {
        fprintf(stderr, "usage: %s PUZZLE-FILE...\n", argv[0]);
        return 2;
    }
    for (int a = 1; a < argc; a++) {
        size_t n = 0;
        uint8_t *grids = read_puzzles(argv[a], &n);
        uint8_t solution[81];
        struct solve_stats stats = { 0, 0, 0 };
        size_t unique = 0, several = 0, none = 0;

        if (grids == NULL) {
            status = 1;
            continue;
        }
        /* Wall time, and this process's CPU time, which other load on the machine
         * barely disturbs. */
        double start = seconds(CLOCK_MONOTONIC), cpu_start = seconds(CLOCK_PROCESS_CPUTIME_ID);
        for (size_t i = 0; i < n; i++) {
            long found = sudoku9_solve(grids + 81 * i, 2, solution, &stats);
            if (found == 1)
                unique++;
            else if (found > 1)
                several++;
            else
                none++;
        }
        double cpu = seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu_start;
        double elapsed = seconds(CLOCK_MONOTONIC) - start;
        double per = n ? elapsed / (double)n : 0.0;
        printf("%s: %zu puzzles, %.0f puzzles/s, %.2f us/puzzle (cpu %.2f), %.2f guesses/puzzle, "
               "%.2f nodes/puzzle; unique %zu, several %zu, none %zu\n",
               argv[a], n, per > 0 ? 1.0 / per : 0.0, per * 1e6, n ? cpu / (double)n * 1e6 : 0.0,
               n ? (double)stats.guesses / (double)n : 0.0,
               n ? (double)stats.nodes / (double)n : 0.0, unique, several, none);
        free(grids);
    }
    return status;
}
