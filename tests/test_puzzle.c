/* test_puzzle.c: the shared model: groups, candidates, conflicts, consistency checks, run sums. */
#include "config.h"

#include <string.h>

#include "puzzle.h"
#include "tap.h"
#include "test_util.h"
#include "util.h"

static struct puzzle *sudoku_from(int box_rows, int box_cols, const char *givens)
{
    struct puzzle *p = sudoku_new(box_rows, box_cols);
    for (int i = 0; i < p->ncells && givens[i]; i++)
        p->given[i] = (uint8_t)sudoku_symbol_value(givens[i]);
    return p;
}

static void test_box_shapes(void)
{
    static const int sizes[][3] = { {4, 2, 2}, {6, 2, 3}, {8, 2, 4}, {9, 3, 3}, {12, 3, 4}, {16, 4, 4}, {25, 5, 5} };
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        int r = 0, c = 0;
        bool found = sudoku_box_shape(sizes[i][0], &r, &c);
        tap_ok(found && r == sizes[i][1] && c == sizes[i][2], "size %d has %dx%d boxes", sizes[i][0], sizes[i][1], sizes[i][2]);
    }
    int r, c;
    tap_ok(!sudoku_box_shape(7, &r, &c) && !sudoku_box_shape(3, &r, &c) && !sudoku_box_shape(26, &r, &c),
           "prime and out-of-range sizes have no box shape");
}

static void test_symbols(void)
{
    tap_ok(sudoku_symbol(9) == '9' && sudoku_symbol(10) == 'A' && sudoku_symbol(16) == 'G', "symbols 1-9 then A..");
    tap_ok(sudoku_symbol_value('a') == 10 && sudoku_symbol_value('G') == 16 && sudoku_symbol_value('0') == 0
           && sudoku_symbol_value('.') == 0, "symbol values, case-insensitive, 0 and . empty");
}

static void test_sudoku_groups(void)
{
    struct puzzle *p = sudoku_new(2, 3);
    bool ok = p->ngroups == 18;
    /* r2c4 (cell 9) lies in row 1, column 3 and the box of rows 0-1, columns 3-5. */
    const struct puzzle_group *box = &p->groups[p->cell_groups[9][2]];
    ok = ok && box->kind == GROUP_BOX && box->cells[0] == 3 && box->cells[5] == 11 && box->sum == 21;
    tap_ok(ok, "6x6 Sudoku: 18 groups, 2x3 boxes, sum 21");
    puzzle_free(p);
}

static void test_sudoku_rules(void)
{
    struct puzzle *p = sudoku_from(2, 2, "1..." "..3." ".4.." "...2");
    uint8_t grid[16], bad[16];
    struct puzzle_error err;

    tap_ok(puzzle_finish(p, &err), "4x4 givens check");
    puzzle_start_grid(p, grid);
    tap_ok(puzzle_candidates(p, grid, 1) == ((1u << 2) | (1u << 3)), "candidates of r1c2 are 2 and 3");
    tap_ok(puzzle_conflicts(p, grid, bad) == 0, "no conflicts among the givens");
    grid[3] = 1;
    tap_ok(puzzle_conflicts(p, grid, bad) == 2 && bad[0] && bad[3], "a repeated 1 in row 1 marks both cells");
    tap_ok(!puzzle_is_complete(p, grid) && !puzzle_is_solved(p, grid), "incomplete grid is not solved");
    memcpy(grid, (const uint8_t[]){1,2,4,3, 4,1,3,2, 2,4,3,1, 3,4,1,2}, 16); /* columns repeat */
    tap_ok(puzzle_is_complete(p, grid) && !puzzle_is_solved(p, grid), "a full grid with repeats is not solved");
    memcpy(grid, (const uint8_t[]){1,2,4,3, 4,1,3,2, 2,4,1,3, 3,4,2,1}, 16);
    tap_ok(!puzzle_is_solved(p, grid), "a full grid breaking boxes and givens is not solved");
    memcpy(grid, (const uint8_t[]){1,2,4,3, 4,1,3,2, 2,4,1,3, 3,3,2,4}, 16);
    tap_ok(!puzzle_is_solved(p, grid), "repeats in a row are not solved");
    puzzle_free(p);

    p = sudoku_from(2, 2, "1..." "1...");
    tap_ok(!puzzle_finish(p, &err) && strcmp(err.message, "the givens at r1c1 and r2c1 are both 1") == 0,
           "clashing givens are rejected: %s", err.message);
    puzzle_free(p);
}

static void test_kakuro_rules(void)
{
    /* garus "mini": 3 rows, 4 columns; solution 9 1 3 / 3 */
    static const char *const mini[] = {
        "\\", "2\\", "4\\", "\\",
        "\\13", "_", "_", "_",
        "\\", "\\", "_", "\\",
    };
    struct puzzle *p = tu_kakuro_from_tokens(4, 3, mini);
    struct puzzle_error err;
    uint8_t grid[12] = { 0 }, bad[12];

    tap_ok(puzzle_finish(p, &err) && p->ngroups == 3, "single cells need no clue in their other direction");
    puzzle_free(p);

    static const char *const unclued[] = { "\\", "3\\", "4\\", "\\", "_", "_" };
    p = tu_kakuro_from_tokens(3, 2, unclued);
    tap_ok(puzzle_finish(p, &err) && p->ngroups == 3, "a run of two without a clue is a group: %s", err.message);
    {
        const struct puzzle_group *run = &p->groups[0];
        uint8_t g6[6] = { 0 };

        tap_ok(run->kind == GROUP_ACROSS && run->sum == 0 && run->clue == -1 && run->ncells == 2
               && !puzzle_group_has_sum(run) && puzzle_group_has_sum(&p->groups[1]),
               "it has no sum and no clue cell");
        tap_ok(puzzle_candidates(p, g6, 4) == (1u << 3) && puzzle_candidates(p, g6, 5) == (1u << 4),
               "its cells take what their down runs allow");
    }
    puzzle_free(p);

    static const char *const alone[] = { "\\", "\\", "\\", "\\", "_", "_" };
    p = tu_kakuro_from_tokens(3, 2, alone);
    tap_ok(puzzle_finish(p, &err) && p->ngroups == 1, "a run without a clue alone: %s", err.message);
    {
        uint8_t g6[6] = { 0 }, bad6[6];

        tap_ok(puzzle_candidates(p, g6, 4) == 0x3feu, "its cells take any digit");
        g6[4] = 7;
        tap_ok(puzzle_candidates(p, g6, 5) == (0x3feu & ~(1u << 7)), "but not one already in it");
        g6[5] = 7;
        tap_ok(puzzle_conflicts(p, g6, bad6) == 2 && !puzzle_is_solved(p, g6), "a digit repeated in it is a conflict");
        g6[5] = 9;
        tap_ok(puzzle_conflicts(p, g6, bad6) == 0 && puzzle_is_solved(p, g6),
               "any sum of different digits completes it");
    }
    puzzle_free(p);

    static const char *const edge[] = { "_", "_", "_", "\\" };
    p = tu_kakuro_from_tokens(2, 2, edge);
    tap_ok(puzzle_finish(p, &err) && p->ngroups == 2 && p->groups[0].clue == -1 && p->groups[1].clue == -1,
           "runs without a clue at the board's edge have no clue cell: %s", err.message);
    puzzle_free(p);

    static const char *const ten[] = { "\\", "_", "_", "_", "_", "_", "_", "_", "_", "_", "_" };
    p = tu_kakuro_from_tokens(11, 1, ten);
    tap_ok(!puzzle_finish(p, &err)
           && strcmp(err.message, "the across run starting at r1c2 has 10 cells; a run holds at most 9") == 0,
           "a run without a clue still holds at most 9 cells: %s", err.message);
    puzzle_free(p);

    static const char *const small[] = {
        "\\", "4\\", "6\\",
        "\\3", "_", "_",
        "\\7", "_", "_",
    };
    p = tu_kakuro_from_tokens(3, 3, small);
    tap_ok(puzzle_finish(p, &err), "2x2 Kakuro checks: %s", err.message);
    tap_ok(p->ngroups == 4 && p->nwhite == 4, "four runs, four white cells");
    tap_ok(puzzle_candidates(p, grid, 4) == ((1u << 1)), "r2c2 in 3-in-2 across and 4-in-2 down: {1,2} & {1,3} = {1}");
    grid[4] = 1;
    tap_ok(puzzle_candidates(p, grid, 5) == (1u << 2), "after a 1, the rest of 3-in-2 must be 2");
    grid[5] = 1;
    tap_ok(puzzle_conflicts(p, grid, bad) == 2, "a repeated digit in a run is a conflict");
    grid[5] = 2; grid[7] = 8; grid[8] = 9;
    tap_ok(puzzle_conflicts(p, grid, bad) > 0, "a complete run with the wrong sum is a conflict");
    grid[7] = 3; grid[8] = 9; /* down: 2+9=11 != 6 */
    tap_ok(puzzle_conflicts(p, grid, bad) > 0 && bad[8], "a run whose digits exceed its sum is a conflict");
    puzzle_free(p);

    static const char *const lonely[] = { "\\", "\\", "\\", "_" };
    p = tu_kakuro_from_tokens(2, 2, lonely);
    tap_ok(!puzzle_finish(p, &err) && strcmp(err.message, "the white cell r2c2 belongs to no run") == 0,
           "a white cell in no run is rejected: %s", err.message);
    puzzle_free(p);

    static const char *const pointless[] = { "\\", "5\\", "\\", "\\" };
    p = tu_kakuro_from_tokens(2, 2, pointless);
    tap_ok(!puzzle_finish(p, &err) && strstr(err.message, "points at no white cell") != NULL,
           "a clue pointing at nothing: %s", err.message);
    puzzle_free(p);

    static const char *const impossible[] = { "\\", "4\\", "\\", "\\18", "_", "_"};
    p = tu_kakuro_from_tokens(3, 2, impossible);
    tap_ok(!puzzle_finish(p, &err) && strstr(err.message, "cannot be made") != NULL,
           "a sum no run of that length can make: %s", err.message);
    puzzle_free(p);
}

static void test_run_arithmetic(void)
{
    digitset sets[16];
    tap_ok(kakuro_combinations(2, 16, sets, 16) == 1 && sets[0] == ((1u << 7) | (1u << 9)), "16 in 2 is {7,9}");
    tap_ok(kakuro_combinations(3, 6, sets, 16) == 1 && kakuro_combinations(9, 45, NULL, 0) == 1, "unique sums 6/3 and 45/9");
    tap_ok(kakuro_combinations(4, 20, NULL, 0) == 12, "20 in 4 has 12 combinations");
    tap_ok(kakuro_run_digits(2, 10, 1u << 3) == (1u << 7), "10 in 2 with a 3 needs a 7");
    tap_ok(kakuro_run_digits(3, 24, 0) == ((1u << 7) | (1u << 8) | (1u << 9)), "24 in 3 is {7,8,9}");
    tap_ok(kakuro_sum_possible(1, 9) && !kakuro_sum_possible(1, 10) && !kakuro_sum_possible(2, 2)
           && kakuro_sum_possible(9, 45) && !kakuro_sum_possible(10, 45), "sum bounds");
    tap_ok(kakuro_run_feasible(2, 3, (1u << 1) | (1u << 2)) && !kakuro_run_feasible(2, 4, (1u << 1) | (1u << 2)),
           "a complete run is feasible only with its sum");
    /* The table the search starts from, against the digit sets counted one by one. */
    int table_wrong = 0;
    for (int len = 0; len <= 10; len++)
        for (int sum = -1; sum <= 46; sum++)
            table_wrong += kakuro_run_union(len, sum) != kakuro_run_digits(len, sum, 0);
    tap_ok(table_wrong == 0, "kakuro_run_union agrees with kakuro_run_digits (%d differ)", table_wrong);
    tap_ok(kakuro_run_union(2, 4) == ((1u << 1) | (1u << 3)), "4 in 2 allows 1 and 3, not 2");
}

static void test_clone(void)
{
    struct puzzle *p = sudoku_from(3, 3, "1.......2");
    struct puzzle_error err;
    puzzle_finish(p, &err);
    puzzle_set_name(p, "clone me");
    struct puzzle *q = puzzle_clone(p);
    tap_ok(q->ngroups == 27 && q->given[8] == 2 && strcmp(q->name, "clone me") == 0
           && q->given != p->given && q->name != p->name && q->groups == p->groups,
           "a clone has its own givens and name, and shares the groups");
    puzzle_free(p);
    /* Under ASan a group store freed with the first puzzle fails here. */
    tap_ok(q->groups[26].cells[8] == 80 && q->cell_groups[80][2] == 26
           && puzzle_candidates(q, q->given, 1) == 0x3f8,
           "the shared groups outlive the puzzle cloned");
    puzzle_free(q);
}

static void test_finish_like(void)
{
    static const char *const k3[] = { "\\", "4\\", "3\\", "\\3", "_", "_", "\\4", "_", "_" };
    struct puzzle *shape = sudoku_new(2, 3), *built = sudoku_from(2, 3, "123..."), *copied;
    struct puzzle *other, *kakuro = tu_kakuro_from_tokens(3, 3, k3), *kakuro2 = tu_kakuro_from_tokens(3, 3, k3);
    struct puzzle_error err;

    copied = puzzle_clone(built);
    puzzle_finish(built, &err);
    tap_ok(puzzle_finish_like(copied, shape, &err) && tu_same_groups(copied, built)
           && copied->groups == shape->groups && copied->cell_groups == shape->cell_groups,
           "finish_like shares a Sudoku's groups, the same as built");
    copied->given[6] = 1;
    tap_ok(!puzzle_finish_like(copied, shape, &err) && strcmp(err.message, "the givens at r1c1 and r2c1 are both 1") == 0,
           "finish_like still finds clashing givens: %s", err.message);
    copied->given[6] = 0;
    copied->given[7] = 9;
    tap_ok(!puzzle_finish_like(copied, shape, &err) && strstr(err.message, "takes digits 1-6") != NULL,
           "finish_like still finds a digit out of range: %s", err.message);
    other = sudoku_from(3, 2, "");
    tap_ok(puzzle_finish_like(other, shape, &err) && other->box_rows == 3 && other->groups[12].cells[2] == 6,
           "another box shape is built, not copied");
    puzzle_finish(kakuro, &err);
    tap_ok(puzzle_finish_like(kakuro2, kakuro, &err) && tu_same_groups(kakuro, kakuro2),
           "finish_like shares a Kakuro of the same layout");
    copied->given[7] = 0;
    puzzle_free(shape);
    tap_ok(puzzle_finish_like(copied, copied, &err) && tu_same_groups(copied, built),
           "the shared groups outlive the shape, and a puzzle may be its own shape");
    puzzle_free(built);
    puzzle_free(copied);
    puzzle_free(other);
    puzzle_free(kakuro);
    puzzle_free(kakuro2);
}

static void test_new_like(void)
{
    static const char *const k3[] = { "\\", "4\\", "3\\", "\\3", "_", "_", "\\4", "_", "_" };
    struct puzzle *shape = sudoku_new(3, 3), *built = sudoku_new(3, 3), *p, *q;
    struct puzzle *kakuro = tu_kakuro_from_tokens(3, 3, k3), *k;
    struct puzzle_error err;

    p = puzzle_new_like(shape);
    tap_ok(p->groups == shape->groups && p->ngroups == 27 && p->nwhite == 81 && p->box_rows == 3
           && tu_same_groups(p, built) && memcmp(p->given, built->given, 81) == 0,
           "new_like: an empty 9x9 sharing the shape's groups");
    p->given[0] = p->given[10] = 5;
    tap_ok(!puzzle_check_givens(p, &err) && strcmp(err.message, "the givens at r1c1 and r2c2 are both 5") == 0,
           "new_like leaves the givens to puzzle_check_givens: %s", err.message);
    puzzle_free(shape);
    q = puzzle_new_like(p);
    tap_ok(tu_same_groups(q, built) && q->given[0] == 0, "the groups outlive the shape; the givens are not copied");
    puzzle_finish(kakuro, &err);
    k = puzzle_new_like(kakuro);
    tap_ok(tu_same_groups(k, kakuro) && memcmp(k->block, kakuro->block, 9) == 0
           && memcmp(k->across, kakuro->across, 9) == 0 && memcmp(k->down, kakuro->down, 9) == 0,
           "new_like copies a Kakuro's layout");
    puzzle_free(p);
    puzzle_free(q);
    puzzle_free(built);
    puzzle_free(kakuro);
    puzzle_free(k);
}

int main(void)
{
    test_box_shapes();
    test_symbols();
    test_sudoku_groups();
    test_sudoku_rules();
    test_kakuro_rules();
    test_run_arithmetic();
    test_clone();
    test_finish_like();
    test_new_like();
    return tap_done();
}
