/* test_sudoku9.c: the fast 9x9 search: solution counts, valid solutions, limits, clashing givens. */
#include "config.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solve.h"
#include "tap.h"

/* Reads 81 cells ('1'-'9' given, '.' or '0' empty); false if the text is too short. */
static bool parse_grid(const char *text, uint8_t *grid)
{
    for (int c = 0; c < 81; c++) {
        char ch = text[c];
        if (ch == '\0' || ch == '\n' || ch == '\r' || ch == ':')
            return false;
        grid[c] = (uint8_t)(ch >= '1' && ch <= '9' ? ch - '0' : 0);
    }
    return true;
}

/* Every row, column and box a permutation of 1-9, and every given kept. */
static bool valid_solution(const uint8_t *givens, const uint8_t *sol)
{
    for (int u = 0; u < 9; u++) {
        unsigned row = 0, col = 0, box = 0;
        for (int k = 0; k < 9; k++) {
            int r = u / 3 * 3 + k / 3, c = u % 3 * 3 + k % 3;
            row |= 1u << sol[9 * u + k];
            col |= 1u << sol[9 * k + u];
            box |= 1u << sol[9 * r + c];
        }
        if (row != 0x3FE || col != 0x3FE || box != 0x3FE)
            return false;
    }
    for (int c = 0; c < 81; c++)
        if (givens[c] != 0 && givens[c] != sol[c])
            return false;
    return true;
}

static FILE *open_data(const char *name)
{
    FILE *f = fopen(tap_data_path(name), "r");
    if (f == NULL)
        tap_diag("cannot open %s", tap_data_path(name));
    return f;
}

/* tdoku's test puzzles, "puzzle:count:solution": the count (up to a limit one past it)
 * and, for a unique puzzle, the very solution. */
static void test_recorded_counts(void)
{
    FILE *f = open_data("tdoku_test_puzzles.txt");
    char line[512];
    int checked = 0, wrong = 0;

    if (f == NULL) {
        tap_ok(false, "tdoku test puzzles readable");
        return;
    }
    while (fgets(line, sizeof line, f) != NULL) {
        uint8_t grid[81], expected[81], sol[81];
        char *count_text = strchr(line, ':');
        if (line[0] == '#' || count_text == NULL || !parse_grid(line, grid))
            continue;
        long recorded = strtol(count_text + 1, NULL, 10);
        char *sol_text = strchr(count_text + 1, ':');
        bool has_solution = sol_text != NULL && parse_grid(sol_text + 1, expected);

        memset(sol, 0, sizeof sol);
        struct solve_stats stats = { 0, 0, 0 };
        long found = sudoku9_solve(grid, recorded + 1, sol, &stats);
        bool good = found == recorded;
        if (found > 0)
            good = good && valid_solution(grid, sol);
        if (recorded == 1 && has_solution)
            good = good && memcmp(sol, expected, 81) == 0;
        /* A limit at the count itself stops there too. */
        if (recorded > 1)
            good = good && sudoku9_solve(grid, recorded, sol, NULL) == recorded;
        if (!good) {
            wrong++;
            tap_diag("%.81s: recorded %ld, found %ld", line, recorded, found);
        }
        checked++;
    }
    fclose(f);
    tap_ok(checked >= 40 && wrong == 0, "%d tdoku test puzzles: counts and solutions as recorded", checked);
}

static void test_empty_grid(void)
{
    static const long limits[] = { 1, 2, 10 };
    uint8_t grid[81] = { 0 }, sol[81];

    for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++) {
        memset(sol, 0, sizeof sol);
        long found = sudoku9_solve(grid, limits[i], sol, NULL);
        tap_ok(found == limits[i] && valid_solution(grid, sol),
               "empty grid, limit %ld: %ld valid solutions", limits[i], found);
    }
}

static void test_clashes(void)
{
    uint8_t grid[81] = { 0 }, sol[81];
    struct solve_stats stats = { 0, 0, 0 };

    grid[0] = 5;
    grid[8] = 5;
    tap_ok(sudoku9_solve(grid, 2, sol, &stats) == 0, "two 5s in a row: no solution");
    memset(grid, 0, sizeof grid);
    grid[4] = 3;
    grid[76] = 3;
    tap_ok(sudoku9_solve(grid, 2, sol, NULL) == 0, "two 3s in a column: no solution");
    memset(grid, 0, sizeof grid);
    grid[30] = 7;
    grid[50] = 7;
    tap_ok(sudoku9_solve(grid, 2, sol, NULL) == 0, "two 7s in a box: no solution");
    /* No clash among the givens, but r1c1 can take no digit. */
    memset(grid, 0, sizeof grid);
    for (int c = 1; c < 9; c++)
        grid[c] = (uint8_t)c;
    grid[9 * 4] = 9;
    tap_ok(sudoku9_solve(grid, 2, sol, NULL) == 0, "a cell with no candidate: no solution");
    tap_ok(sudoku9_solve(grid, 0, sol, NULL) == 0, "limit 0 finds nothing");
    memset(grid, 0, sizeof grid);
    grid[17] = 10;
    tap_ok(sudoku9_solve(grid, 2, sol, NULL) == 0, "a byte above 9: no solution");
}

/* A grid with one given removed from a solved grid stays unique; a solved grid itself too. */
static void test_full_grids(void)
{
    static const char solved[] =
        "652483917978162435314975628825736149791824563436519872269348751547291386183657294";
    uint8_t grid[81], sol[81];

    parse_grid(solved, grid);
    tap_ok(sudoku9_solve(grid, 2, sol, NULL) == 1 && memcmp(sol, grid, 81) == 0,
           "a solved grid is its own unique solution");
    grid[40] = 0;
    tap_ok(sudoku9_solve(grid, 2, sol, NULL) == 1 && valid_solution(grid, sol),
           "one cell missing: unique");
}

/* The first 200 of magictour's top 1465: hard, and each unique. */
static void test_hard_sample(void)
{
    FILE *f = open_data("top200.txt");
    char line[512];
    int checked = 0, wrong = 0;
    struct solve_stats stats = { 0, 0, 0 };

    if (f == NULL) {
        tap_ok(false, "top200 readable");
        return;
    }
    while (fgets(line, sizeof line, f) != NULL) {
        uint8_t grid[81], sol[81];
        if (line[0] == '#' || !parse_grid(line, grid))
            continue;
        long found = sudoku9_solve(grid, 2, sol, &stats);
        if (found != 1 || !valid_solution(grid, sol)) {
            wrong++;
            tap_diag("%.81s: found %ld", line, found);
        }
        checked++;
    }
    fclose(f);
    tap_ok(checked == 200 && wrong == 0, "%d hard puzzles unique with valid solutions", checked);
    tap_ok(stats.nodes > 0 && stats.guesses > 0 && stats.backtracks > 0,
           "statistics counted (%llu nodes, %llu guesses, %llu backtracks)",
           (unsigned long long)stats.nodes, (unsigned long long)stats.guesses,
           (unsigned long long)stats.backtracks);
}

int main(void)
{
    test_recorded_counts();
    test_empty_grid();
    test_clashes();
    test_full_grids();
    test_hard_sample();
    return tap_done();
}
