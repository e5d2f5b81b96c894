/* format_marks.c: a position as the forum's pencil-mark grid: every cell's digit or candidates, columns aligned, | - + borders. */
#include "config.h"
#include "format.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

/* What a white cell holds: its digit, else its marks, else the candidates the grid leaves
 * it (a grid with an empty cell would say nothing of it), as symbols; '.' when none. */
static void cell_text(const struct puzzle *p, const uint8_t *grid, const digitset *marks,
                      int cell, char *buf)
{
    digitset set = grid[cell] ? (digitset)1 << grid[cell]
                   : marks != NULL && marks[cell] ? marks[cell]
                   : puzzle_candidates(p, grid, cell);
    int n = 0;

    for (int d = 1; d <= p->max_digit; d++)
        if (set & ((digitset)1 << d))
            buf[n++] = sudoku_symbol(d);
    if (n == 0)
        buf[n++] = '.';
    buf[n] = '\0';
}

/* A Kakuro clue or black cell as the Kakuro grid writes it: "\", "16\", "\7", "16\7". */
static void clue_text(const struct puzzle *p, int cell, char *buf, size_t size)
{
    char down[8] = "", across[8] = "";

    if (p->down[cell])
        snprintf(down, sizeof down, "%d", p->down[cell]);
    if (p->across[cell])
        snprintf(across, sizeof across, "%d", p->across[cell]);
    snprintf(buf, size, "%s\\%s", down, across);
}

/* Spaces up to width after a string of len. */
static void pad(FILE *out, size_t len, size_t width)
{
    for (; len < width; len++)
        putc(' ', out);
}

/* A rule across the Sudoku grid: + at box edges, - over the cells. */
static void sudoku_rule(FILE *out, const struct puzzle *p, const size_t *width)
{
    for (int c = 0; c < p->width; c++) {
        if (c % p->box_cols == 0)
            fputs(c == 0 ? "+-" : "-+-", out);
        else
            putc('-', out);
        for (size_t i = 0; i < width[c]; i++)
            putc('-', out);
    }
    fputs("-+\n", out);
}

void format_write_pencilmarks(FILE *out, const struct puzzle *p, const uint8_t *grid,
                              const digitset *marks)
{
    bool sudoku = p->ops->kind == PUZZLE_SUDOKU;
    size_t n = (size_t)p->ncells, *width = xcalloc((size_t)p->width, sizeof *width);
    char (*text)[40] = xmalloc(n * sizeof *text);

    for (int cell = 0; cell < p->ncells; cell++) {
        int c = cell % p->width;
        if (p->block[cell])
            clue_text(p, cell, text[cell], sizeof text[cell]);
        else
            cell_text(p, grid, marks, cell, text[cell]);
        if (strlen(text[cell]) > width[c])
            width[c] = strlen(text[cell]);
    }
    for (int r = 0; r < p->height; r++) {
        if (sudoku && r % p->box_rows == 0)
            sudoku_rule(out, p, width);
        for (int c = 0; c < p->width; c++) {
            const char *t = text[puzzle_index(p, r, c)];
            if (sudoku)
                fputs(c == 0 ? "| " : c % p->box_cols == 0 ? " | " : " ", out);
            else if (c > 0)
                putc(' ', out);
            fputs(t, out);
            /* The last column of a Kakuro row needs no padding. */
            if (sudoku || c + 1 < p->width)
                pad(out, strlen(t), width[c]);
        }
        fputs(sudoku ? " |\n" : "\n", out);
    }
    if (sudoku)
        sudoku_rule(out, p, width);
    free(text);
    free(width);
}
