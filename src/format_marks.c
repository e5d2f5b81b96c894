/* format_marks.c: a position as the forums' pencil-mark grid (Sudoku), and as a Kakuro grid of candidates. */
#include "config.h"
#include "format.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

/* Spaces up to width after a string of len. */
static void pad(FILE *out, size_t len, size_t width)
{
    for (; len < width; len++)
        putc(' ', out);
}

/* A cell's text: its digit, else its candidates (cands, or those the grid leaves it when
 * cands is NULL), as symbols; '.' when it has none.  With bracket_lone, a lone candidate
 * is in brackets ("[5]"), so that it reads back as a candidate, not a placed digit. */
static void cell_text(const struct puzzle *p, const uint8_t *grid, const digitset *cands,
                      int cell, bool bracket_lone, char *buf)
{
    digitset set = grid[cell] ? (digitset)1 << grid[cell]
                   : cands != NULL ? cands[cell] : puzzle_candidates(p, grid, cell);
    int n = 0;

    bool lone = bracket_lone && grid[cell] == 0 && popcount32(set) == 1;

    if (lone)
        buf[n++] = '[';
    for (int d = 1; d <= p->max_digit; d++)
        if (set & ((digitset)1 << d))
            buf[n++] = sudoku_symbol(d);
    if (n == 0)
        buf[n++] = '.';
    if (lone)
        buf[n++] = ']';
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

/* Every cell's text (clues as the Kakuro grid has them) and each column's widest. */
static char (*cell_texts(const struct puzzle *p, const uint8_t *grid, const digitset *cands,
                         size_t *width))[40]
{
    char (*text)[40] = xmalloc((size_t)p->ncells * sizeof *text);

    for (int cell = 0; cell < p->ncells; cell++) {
        int c = cell % p->width;
        if (p->block[cell])
            clue_text(p, cell, text[cell], sizeof text[cell]);
        else
            cell_text(p, grid, cands, cell, true, text[cell]);
        if (strlen(text[cell]) > width[c])
            width[c] = strlen(text[cell]);
    }
    return text;
}

/* A border across the Sudoku grid: outer at the ends, inner between boxes, dashes over
 * each box's cells and the spaces around them. */
static void sudoku_border(FILE *out, const struct puzzle *p, const size_t *width, char outer,
                          char inner)
{
    putc(outer, out);
    for (int c = 0; c < p->width; c++) {
        /* Over a cell: the space or two before it, itself, and before a bar one more. */
        bool first = c % p->box_cols == 0, last = (c + 1) % p->box_cols == 0;
        size_t dashes = width[c] + (first ? 1 : 2) + (last ? 1 : 0);
        for (size_t i = 0; i < dashes; i++)
            putc('-', out);
        if ((c + 1) % p->box_cols == 0)
            putc(c + 1 < p->width ? inner : outer, out);
    }
    putc('\n', out);
}

void format_write_pencilmarks(FILE *out, const struct puzzle *p, const uint8_t *grid,
                              const digitset *cands)
{
    size_t *width;
    char (*text)[40];

    /* A Kakuro, and a Sudoku variant (whose maps a pencil-mark grid cannot hold: its
     * candidates are not kept yet), as the puzzle's own format writes it. */
    if (p->ops->kind != PUZZLE_SUDOKU || p->variant != 0) {
        format_write(out, p, grid, NULL);
        return;
    }
    width = xcalloc((size_t)p->width, sizeof *width);
    text = cell_texts(p, grid, cands, width);
    sudoku_border(out, p, width, '.', '.');
    for (int r = 0; r < p->height; r++) {
        if (r > 0 && r % p->box_rows == 0)
            sudoku_border(out, p, width, ':', '+');
        putc('|', out);
        for (int c = 0; c < p->width; c++) {
            const char *t = text[puzzle_index(p, r, c)];
            fprintf(out, "%s%s", c % p->box_cols == 0 ? " " : "  ", t);
            pad(out, strlen(t), width[c]);
            if ((c + 1) % p->box_cols == 0)
                fputs(" |", out);
        }
        putc('\n', out);
    }
    sudoku_border(out, p, width, '\'', '\'');
    free(text);
    free(width);
}

void format_write_kakuro_marks(FILE *out, const struct puzzle *p, const uint8_t *grid,
                               const digitset *cands)
{
    size_t *width = xcalloc((size_t)p->width, sizeof *width);
    char (*text)[40] = cell_texts(p, grid, cands, width);

    for (int r = 0; r < p->height; r++) {
        for (int c = 0; c < p->width; c++) {
            const char *t = text[puzzle_index(p, r, c)];
            if (c > 0)
                putc(' ', out);
            fputs(t, out);
            if (c + 1 < p->width)      /* no blanks at the end of a line */
                pad(out, strlen(t), width[c]);
        }
        putc('\n', out);
    }
    free(text);
    free(width);
}
