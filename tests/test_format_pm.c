/* test_format_pm.c: pencil-mark grids: written and read back, the forums' border styles, detection, and errors at file:line:col. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "hint.h"
#include "puzzle.h"
#include "tap.h"
#include "test_util.h"
#include "util.h"

/* The first puzzle of text, read as a file called pm.txt. */
static void read_text(const char *text, enum format_id forced, struct tu_read_result *res)
{
    tu_read_text(text, "pm.txt", forced, res);
}

static char *written(const struct puzzle *p, const uint8_t *grid, const digitset *cands)
{
    return tu_written(format_write_pencilmarks, p, grid, cands);
}

/* Writes the position (the givens, candidates with some removed), reads it back: the same
 * digits and the same candidates. */
static void round_trip(const char *line, const char *what)
{
    struct tu_read_result in, back;
    digitset *cands;
    char *text;
    bool same = true;
    int removed = 0;

    read_text(line, FORMAT_AUTO, &in);
    if (!tap_ok(in.rc > 0, "%s: the puzzle reads", what)) {
        tu_read_result_free(&in);
        return;
    }
    cands = xmalloc((size_t)in.p->ncells * sizeof *cands);
    hint_fill_candidates(in.p, in.p->given, NULL, cands);
    /* Take a candidate from every third cell with several, as a player's eliminations. */
    for (int cell = 0; cell < in.p->ncells; cell += 3)
        if (popcount32(cands[cell]) > 2) {
            cands[cell] &= cands[cell] - 1;
            removed++;
        }
    text = written(in.p, in.p->given, cands);
    read_text(text, FORMAT_AUTO, &back);
    tap_ok(back.rc > 0 && back.format == FORMAT_PENCILMARKS && back.marks != NULL,
           "%s: the written grid is detected as pencil marks and reads back", what);
    if (back.rc > 0 && back.marks != NULL) {
        /* A cell left one candidate is written in brackets ("[5]"), so it reads back as
         * that candidate, not as a placed digit (the forums' bare digit). */
        for (int cell = 0; cell < in.p->ncells; cell++) {
            int digit = in.p->given[cell];
            same &= back.p->given[cell] == digit
                    && (digit != 0 || back.marks[cell] == cands[cell]);
        }
        tap_ok(same, "%s: the same digits and candidates (%d eliminations)", what, removed);
    } else {
        tap_ok(false, "%s: the same digits and candidates", what);
        printf("# %s", text);
    }
    free(text);
    free(cands);
    tu_read_result_free(&back);
    tu_read_result_free(&in);
}

static const char forum_grid[] =
    "*-----------------------------------------------------------*\n"
    "| 6    7    2    | 3    4    59   | 1    8    59   |\n"
    "| 1    5    89   | 6    89   7    | 2    3    4    |\n"
    "| 4    3    89   | 1    2    589  | 7    6    59   |\n"
    "|----------------+----------------+----------------|\n"
    "| 39   6    5    | 2    37   4    | 8    1    379  |\n"
    "| 389  2    1    | 5    378  6    | 4    9    37   |\n"
    "| 7    4    389  | 89   1    39   | 5    2    6    |\n"
    "|----------------+----------------+----------------|\n"
    "| 2    1    7    | 4    6    3    | 9    5    8    |\n"
    "| 5    9    6    | 7    38   18   | 3    4    12   |\n"
    "| 38   8    4    | 9    5    12   | 6    7    123  |\n"
    "*-----------------------------------------------------------*\n";

/* The same grid, its bands in another order, in '+' corners: its first row holds placed
 * digits only, a digit grid's shape until the rows with candidates. */
static const char plus_grid_digits_first[] =
    "+----------------+----------------+----------------+\n"
    "| 2    1    7    | 4    6    3    | 9    5    8    |\n"
    "| 5    9    6    | 7    38   18   | 3    4    12   |\n"
    "| 38   8    4    | 9    5    12   | 6    7    123  |\n"
    "+----------------+----------------+----------------+\n"
    "| 6    7    2    | 3    4    59   | 1    8    59   |\n"
    "| 1    5    89   | 6    89   7    | 2    3    4    |\n"
    "| 4    3    89   | 1    2    589  | 7    6    59   |\n"
    "+----------------+----------------+----------------+\n"
    "| 39   6    5    | 2    37   4    | 8    1    379  |\n"
    "| 389  2    1    | 5    378  6    | 4    9    37   |\n"
    "| 7    4    389  | 89   1    39   | 5    2    6    |\n"
    "+----------------+----------------+----------------+\n";

/* An error's "line:col: message" against what is expected. */
static void expect_error(const char *text, long line, long col, const char *words, const char *what)
{
    struct tu_read_result res;
    char msg[600];

    read_text(text, FORMAT_PENCILMARKS, &res);
    format_error_string(&res.err, msg, sizeof msg);
    tap_ok(res.rc < 0 && res.err.line == line && (col == 0 || res.err.col == col)
           && strstr(res.err.message, words) != NULL, "%s: %s", what, msg);
    tu_read_result_free(&res);
}

static const char plain_rows[] =
    "1234 1234 1234 1234\n1234 1234 1234 1234\n1234 1234 1234 1234\n1234 1234 1234 1234\n";

/* A grid whose top border is twice a square's length (72 characters: a 6x6 variant line's)
 * is still a pencil-mark grid, in kakudo's corners and in '+' corners. */
static void border_as_long_as_a_variant_line(void)
{
    struct tu_read_result in, back;
    digitset *cands;
    char *text;

    read_text("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n",
              FORMAT_AUTO, &in);
    if (!tap_ok(in.rc > 0, "top1465 puzzle 1 reads"))
        return;
    cands = xmalloc((size_t)in.p->ncells * sizeof *cands);
    hint_fill_candidates(in.p, in.p->given, NULL, cands);
    text = written(in.p, in.p->given, cands);
    tap_ok(strcspn(text, "\n") == 72, "its candidates' grid has a top border of 72 characters");
    for (int pass = 0; pass < 2; pass++) {
        read_text(text, FORMAT_AUTO, &back);
        tap_ok(back.rc > 0 && back.format == FORMAT_PENCILMARKS && back.marks != NULL,
               "a 72-character top border (%s corners) starts a pencil-mark grid", pass ? "'+'" : "kakudo's");
        tu_read_result_free(&back);
        for (char *c = text; *c; c++)   /* the corners of every border become '+' */
            if (*c == '.' || *c == ':' || *c == '\'')
                *c = '+';
    }
    free(text);
    free(cands);
    tu_read_result_free(&in);
}

int main(void)
{
    struct tu_read_result res;

    round_trip("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n",
               "9x9");
    round_trip("1..4.4....2.3..1\n", "4x4");
    round_trip(".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6...\n",
               "9x9 sparse");
    border_as_long_as_a_variant_line();
    round_trip("E...52....A...3..G....E...6...1.1..8.7.......CF.2..74FB.D8CG5...D..G...AC2...B.8..."
               "E..35..7.2FGA..F....B.AE.1..D3...8E.......47..EB.......9C...59..4.B1.F....2..53G2.8"
               "..AB..F...6.7...DF3...A..C...C1DAG.9526..7.96.......4.8..1.7...6...3....2..D...3..."
               ".81...9\n", "16x16 (symbols past 9)");

    /* The forum's '*' corners and '|----+----|' rules, found without --format. */
    read_text(forum_grid, FORMAT_AUTO, &res);
    tap_ok(res.rc > 0 && res.format == FORMAT_PENCILMARKS && res.p->width == 9
           && res.p->given[0] == 6 && res.marks != NULL
           && res.marks[5] == ((1u << 5) | (1u << 9)), "the forums' * corners and | rules read");
    tu_read_result_free(&res);

    /* A grid is told by all its rows, not only the first: the first row of a forum's grid
     * may hold placed digits only. */
    read_text(plus_grid_digits_first, FORMAT_AUTO, &res);
    tap_ok(res.rc > 0 && res.format == FORMAT_PENCILMARKS && res.p->width == 9
           && res.p->given[0] == 2 && res.marks != NULL
           && res.marks[13] == ((1u << 3) | (1u << 8)),
           "'+' corners, the first row digits only: still a pencil-mark grid");
    tu_read_result_free(&res);
    read_text("1 2 3 4\n3 4 1 2\n24 13 24 13\n24 13 24 13\n", FORMAT_AUTO, &res);
    tap_ok(res.rc > 0 && res.format == FORMAT_PENCILMARKS && res.p->width == 4
           && res.marks != NULL && res.marks[8] == ((1u << 2) | (1u << 4)),
           "rows without borders, the first ones digits only: a pencil-mark grid");
    tu_read_result_free(&res);
    read_text("1234\n3412\n2143\n43..\n", FORMAT_AUTO, &res);
    tap_ok(res.rc > 0 && res.format == FORMAT_SUDOKU_GRID && res.marks == NULL,
           "a grid of digit rows is still a grid, not pencil marks");
    tu_read_result_free(&res);

    read_text(plain_rows, FORMAT_AUTO, &res);
    tap_ok(res.rc > 0 && res.format == FORMAT_PENCILMARKS && res.p->width == 4,
           "rows of candidates without borders are a pencil-mark grid too");
    tu_read_result_free(&res);

    /* kakudo's own lone candidate, "[3]": a candidate, where a bare 3 is a placed digit. */
    read_text("[3] 1234 3 1234\n1234 1234 1234 1234\n1234 1234 1234 1234\n1234 1234 1234 1234\n",
              FORMAT_AUTO, &res);
    tap_ok(res.rc > 0 && res.format == FORMAT_PENCILMARKS && res.marks != NULL
           && res.p->given[0] == 0 && res.marks[0] == 1u << 3 && res.p->given[2] == 3,
           "a bracketed lone candidate ([3]) reads as a candidate, a bare 3 as placed");
    tu_read_result_free(&res);

    read_text("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n",
              FORMAT_AUTO, &res);
    tap_ok(res.rc > 0 && res.format == FORMAT_SUDOKU_LINE && res.marks == NULL,
           "a one-line Sudoku is no pencil-mark grid: no marks");
    tu_read_result_free(&res);

    expect_error("1234 1234 1x34 1234\n1234 1234 1234 1234\n1234 1234 1234 1234\n1234 1234 1234 1234\n",
                 1, 12, "expected a cell's digit or candidates", "a bad symbol: line and column");
    expect_error("1234 1234 1234 1234\n1234 1234 1234\n1234 1234 1234 1234\n1234 1234 1234 1234\n",
                 2, 0, "row of 4 cells, got 3", "a short row");
    expect_error("1234 1234 1234 1234\n1234 1234 1234 1234\n", 3, 0, "2 more pencil-mark rows",
                 "rows missing at the end");
    expect_error("1234 1234 1224 1234\n1234 1234 1234 1234\n1234 1234 1234 1234\n1234 1234 1234 1234\n",
                 1, 13, "candidate 2 twice", "a candidate twice");
    expect_error("1234 1234 1239 1234\n1234 1234 1234 1234\n1234 1234 1234 1234\n1234 1234 1234 1234\n",
                 1, 14, "symbols 1 to 4", "a symbol past the size");
    expect_error("1234 1234 1234\n", 1, 0, "N cells", "a row of a size no Sudoku has");
    expect_error("1234 [] 1234 1234\n1234 1234 1234 1234\n1234 1234 1234 1234\n1234 1234 1234 1234\n",
                 1, 7, "between '[' and ']' in '[]'", "empty brackets: what belongs between them");
    expect_error("1234 [12 1234 1234\n1234 1234 1234 1234\n1234 1234 1234 1234\n1234 1234 1234 1234\n",
                 1, 6, "expected a cell's digit or candidates", "a bracket left open");
    expect_error("1234 [5] 1234 1234\n1234 1234 1234 1234\n1234 1234 1234 1234\n1234 1234 1234 1234\n",
                 1, 7, "symbols 1 to 4", "a bracketed symbol past the size: its column");
    expect_error("1 1234 1 1234\n1234 1234 1234 1234\n1234 1234 1234 1234\n1234 1234 1234 1234\n",
                 1, 8, "", "two equal digits in a row: the second's place");

    return tap_done();
}
