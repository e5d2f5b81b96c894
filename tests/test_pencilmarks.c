/* test_pencilmarks.c: format_write_pencilmarks: the forum's pencil-mark grid of a Sudoku
 * position (digits, marks, else candidates; columns aligned; | - + boxes) and of a Kakuro. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "puzzle.h"
#include "tap.h"
#include "test_util.h"
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

static bool same_text(const char *got, const char *want, const char *what)
{
    bool ok = tap_ok(strcmp(got, want) == 0, "%s", what);

    if (!ok)
        tap_diag("got:\n%s", got);
    return ok;
}

static void test_sudoku4(void)
{
    struct puzzle *p = read_puzzle("1...\n..2.\n.3..\n...4\n");
    uint8_t grid[16];
    digitset cands[16] = { 0 };
    char *out;

    if (!tap_ok(p != NULL, "a 4x4 Sudoku reads"))
        return;
    memcpy(grid, p->given, sizeof grid);
    grid[puzzle_index(p, 1, 1)] = 4;               /* a digit the player placed */
    out = tu_written(format_write_pencilmarks, p, grid, NULL);
    same_text(out,
              ".----------.----------.\n"
              "| 1    [2] | 34   [3] |\n"
              "| [3]  4   | 2    13  |\n"
              ":----------+----------:\n"
              "| 24   3   | [1]  12  |\n"
              "| [2]  12  | 13   4   |\n"
              "'----------'----------'\n",
              "without candidates given, those the grid leaves ([2]: a lone candidate, not placed); "
              "columns padded; the forums' borders");
    free(out);
    cands[puzzle_index(p, 0, 1)] = 1u << 2 | 1u << 4;
    cands[puzzle_index(p, 0, 2)] = 1u << 3;
    out = tu_written(format_write_pencilmarks, p, grid, cands);
    same_text(out,
              ".-------.--------.\n"
              "| 1  24 | [3]  . |\n"
              "| .  4  | 2    . |\n"
              ":-------+--------:\n"
              "| .  3  | .    . |\n"
              "| .  .  | .    4 |\n"
              "'-------'--------'\n",
              "candidates given: each empty cell's own, '.' with none");
    free(out);
    puzzle_free(p);
}

static void test_kakuro(void)
{
    struct puzzle *p = read_puzzle("\\ 17\\ 10\\ \\\n\\16 _ _ 11\\\n\\13 _ 1 _\n\\ \\9 _ _\n");
    uint8_t grid[16];
    char *out;

    if (!tap_ok(p != NULL, "a small Kakuro reads"))
        return;
    memcpy(grid, p->given, sizeof grid);
    grid[puzzle_index(p, 1, 1)] = 9;
    out = tu_written(format_write_kakuro_marks, p, grid, NULL);
    same_text(out,
              "\\   17\\ 10\\    \\\n"
              "\\16 9   [7]    11\\\n"
              "\\13 [8] 1      345789\n"
              "\\   \\9  234567 2345678\n",
              "a Kakuro: clue cells as in its grid, digits, white cells' candidates (a lone "
              "one in brackets, so that it reads back as a candidate)");
    free(out);
    out = tu_written(format_write_pencilmarks, p, grid, NULL);
    same_text(out, "\\ 17\\ 10\\ \\\n\\16 9 _ 11\\\n\\13 _ 1 _\n\\ \\9 _ _\n",
              "format_write_pencilmarks writes a Kakuro as format_write does");
    free(out);
    puzzle_free(p);
}

int main(void)
{
    test_sudoku4();
    test_kakuro();
    return tap_done();
}
