/* test_pencilmarks.c: format_write_pencilmarks: the forum's pencil-mark grid of a Sudoku
 * position (digits, marks, else candidates; columns aligned; | - + boxes) and of a Kakuro. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "puzzle.h"
#include "tap.h"
#include "util.h"

/* The first puzzle of text, read as kakudo reads files. */
static struct puzzle *read_puzzle(const char *text)
{
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    struct reader *r = reader_open(f, "text", FORMAT_AUTO);
    struct format_style style;
    struct format_error err;
    struct puzzle *p = NULL;

    if (reader_next(r, &p, &style, &err) <= 0)
        p = NULL;
    reader_close(r);
    fclose(f);
    return p;
}

static char *write_marks(const struct puzzle *p, const uint8_t *grid, const digitset *marks)
{
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);

    format_write_pencilmarks(f, p, grid, marks);
    fclose(f);
    return out;
}

static void test_sudoku4(void)
{
    struct puzzle *p = read_puzzle("1...\n..2.\n.3..\n...4\n");
    uint8_t grid[16];
    digitset marks[16] = { 0 };
    char *out;
    const char *want =
        "+-------+-------+\n"
        "| 1  24 | 34 3  |\n"
        "| 3  4  | 2  13 |\n"
        "+-------+-------+\n"
        "| 24 3  | 1  12 |\n"
        "| 2  12 | 13 4  |\n"
        "+-------+-------+\n";

    if (!tap_ok(p != NULL, "a 4x4 Sudoku reads"))
        return;
    memcpy(grid, p->given, sizeof grid);
    grid[puzzle_index(p, 1, 1)] = 4;               /* a digit the player placed */
    marks[puzzle_index(p, 0, 1)] = 1u << 2 | 1u << 4;  /* marks: 24 */
    out = write_marks(p, grid, marks);
    tap_ok(strcmp(out, want) == 0, "digits, marks, else candidates; columns padded; boxes of | - +");
    if (strcmp(out, want) != 0)
        tap_diag("got:\n%s", out);
    free(out);
    puzzle_free(p);
}

static void test_kakuro(void)
{
    struct puzzle *p = read_puzzle("\\ 17\\ 10\\ \\\n\\16 _ _ 11\\\n\\13 _ 1 _\n\\ \\9 _ _\n");
    uint8_t grid[16];
    char *out;
    const char *want =
        "\\   17\\ 10\\    \\\n"
        "\\16 9   7      11\\\n"
        "\\13 89  1      345789\n"
        "\\   \\9  234567 2345678\n";

    if (!tap_ok(p != NULL, "a small Kakuro reads"))
        return;
    memcpy(grid, p->given, sizeof grid);
    out = write_marks(p, grid, NULL);
    tap_ok(strcmp(out, want) == 0, "a Kakuro: clue cells as in its grid, white cells' candidates");
    if (strcmp(out, want) != 0)
        tap_diag("got:\n%s", out);
    free(out);
    puzzle_free(p);
}

int main(void)
{
    test_sudoku4();
    test_kakuro();
    return tap_done();
}
