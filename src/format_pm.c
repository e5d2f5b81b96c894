/* format_pm.c: writing a Sudoku position as the pencil-mark grid the puzzle forums use. */
#include "config.h"
#include "format.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

/*
 * The forums' layout (as HoDoKu and Sudoku Explainer copy it): every cell its digit or
 * its candidates, cells padded to the widest of their column, boxes between '|', and
 * borders of '-' with '.' corners on top, ':' and '+' between bands, "'" at the bottom:
 *
 *   .----------------.-----------.
 *   | 1    6789  3   | 2   57  4 | ...
 *   :----------------+-----------:
 *   '----------------'-----------'
 *
 * format.c reads it back (FORMAT_PENCILMARKS): a lone symbol is a digit, several are
 * candidates.
 */

#define PM_CELL_MAX (SUDOKU_MAX_SIZE + 1)

/* The cell's text: its digit, its candidates, or '.' when it has none. */
static void cell_text(const struct puzzle *p, const uint8_t *grid, const digitset *cands,
                      int cell, char *buf)
{
    digitset set;
    int n = 0;

    if (grid[cell] != 0) {
        buf[0] = sudoku_symbol(grid[cell]);
        buf[1] = '\0';
        return;
    }
    set = cands != NULL ? cands[cell] : puzzle_candidates(p, grid, cell);
    for (int d = 1; d <= p->max_digit; d++)
        if (set & (1u << d))
            buf[n++] = sudoku_symbol(d);
    if (n == 0)
        buf[n++] = '.';
    buf[n] = '\0';
}

/* The width of each column: its widest cell. */
static void column_widths(const struct puzzle *p, const uint8_t *grid, const digitset *cands,
                          int *width)
{
    char buf[PM_CELL_MAX];

    for (int c = 0; c < p->width; c++) {
        width[c] = 1;
        for (int r = 0; r < p->height; r++) {
            int len;
            cell_text(p, grid, cands, r * p->width + c, buf);
            len = (int)strlen(buf);
            if (len > width[c])
                width[c] = len;
        }
    }
}

/* The characters between two bars in a band of columns from c0: " a  bc  d ". */
static int box_span(const struct puzzle *p, const int *width, int c0)
{
    int span = 1;

    for (int c = c0; c < c0 + p->box_cols; c++)
        span += width[c] + (c + 1 < c0 + p->box_cols ? 2 : 1);
    return span;
}

/* A border: corner, dashes over each box, inner corners, corner. */
static void write_border(FILE *out, const struct puzzle *p, const int *width, char outer,
                         char inner)
{
    putc(outer, out);
    for (int c0 = 0; c0 < p->width; c0 += p->box_cols) {
        for (int i = box_span(p, width, c0); i > 0; i--)
            putc('-', out);
        putc(c0 + p->box_cols < p->width ? inner : outer, out);
    }
    putc('\n', out);
}

static void write_row(FILE *out, const struct puzzle *p, const uint8_t *grid,
                      const digitset *cands, const int *width, int r)
{
    char buf[PM_CELL_MAX];

    putc('|', out);
    for (int c = 0; c < p->width; c++) {
        cell_text(p, grid, cands, r * p->width + c, buf);
        fprintf(out, "%s%-*s", c % p->box_cols == 0 ? " " : "  ", width[c], buf);
        if ((c + 1) % p->box_cols == 0)
            fputs(" |", out);
    }
    putc('\n', out);
}

void format_write_pencilmarks(FILE *out, const struct puzzle *p, const uint8_t *grid,
                              const digitset *cands)
{
    int width[SUDOKU_MAX_SIZE];

    if (p->ops->kind != PUZZLE_SUDOKU || p->width > SUDOKU_MAX_SIZE) {
        format_write(out, p, grid, NULL);   /* Kakuro has no pencil-mark grid */
        return;
    }
    column_widths(p, grid, cands, width);
    write_border(out, p, width, '.', '.');
    for (int r = 0; r < p->height; r++) {
        if (r > 0 && r % p->box_rows == 0)
            write_border(out, p, width, ':', '+');
        write_row(out, p, grid, cands, width, r);
    }
    write_border(out, p, width, '\'', '\'');
}
