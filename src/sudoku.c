/* sudoku.c: Sudoku geometry (box shapes, symbols) and its table of operations. */
#include "config.h"
#include "puzzle.h"
#include "solve.h"

#include <ctype.h>
#include <stddef.h>

const struct puzzle_ops sudoku_ops = {
    .kind = PUZZLE_SUDOKU,
    .name = "sudoku",
    .solve = sudoku_solve,
    .smallest = sudoku_solve_smallest,
};

bool sudoku_box_shape(int n, int *box_rows, int *box_cols)
{
    int best = 0;

    if (n < SUDOKU_MIN_SIZE || n > SUDOKU_MAX_SIZE)
        return false;
    /* Boxes as square as possible, wider than tall: 6 -> 2x3, 8 -> 2x4, 12 -> 3x4. */
    for (int r = 2; r * r <= n; r++)
        if (n % r == 0)
            best = r;
    if (best == 0)
        return false;
    *box_rows = best;
    *box_cols = n / best;
    return true;
}

struct puzzle *sudoku_new(int box_rows, int box_cols)
{
    int n = box_rows * box_cols;
    struct puzzle *p;
    struct puzzle_error err;

    if (box_rows < 1 || box_cols < 1 || n < SUDOKU_MIN_SIZE || n > SUDOKU_MAX_SIZE)
        return NULL;
    p = puzzle_alloc(&sudoku_ops, n, n, n);
    p->box_rows = box_rows;
    p->box_cols = box_cols;
    puzzle_finish(p, &err); /* an empty Sudoku always checks */
    return p;
}

struct puzzle *sudoku_new_unfinished(int n)
{
    int rows = 1, cols = n;
    struct puzzle *p;

    if (n < SUDOKU_MIN_SIZE || n > SUDOKU_MAX_SIZE)
        return NULL;
    if (!sudoku_box_shape(n, &rows, &cols)) {
        rows = 1;
        cols = n;
    }
    p = puzzle_alloc(&sudoku_ops, n, n, n);
    p->box_rows = rows;
    p->box_cols = cols;
    return p;
}

char sudoku_symbol(int d)
{
    if (d <= 0 || d > PUZZLE_MAX_DIGIT)
        return '.';
    return d <= 9 ? (char)('0' + d) : (char)('A' + d - 10);
}

int sudoku_symbol_value(int ch)
{
    if (ch >= '1' && ch <= '9')
        return ch - '0';
    ch = toupper((unsigned char)ch);
    if (ch >= 'A' && ch < 'A' + PUZZLE_MAX_DIGIT - 9)
        return ch - 'A' + 10;
    return 0;
}
