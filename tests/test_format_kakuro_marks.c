/* test_format_kakuro_marks.c: a Kakuro position with candidates: written and read back (detected, or forced by --format=pencilmarks), and its errors at file:line:col. */
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

/* The first puzzle of text, read as a file called km.txt. */
static void read_text(const char *text, enum format_id forced, struct tu_read_result *res)
{
    tu_read_text(text, "km.txt", forced, res);
}

static char *written(const struct puzzle *p, const uint8_t *grid, const digitset *cands)
{
    return tu_written(format_write_kakuro_marks, p, grid, cands);
}

static const char small[] =
    "\\ 17\\ 10\\ \\\n"
    "\\16 _ _ 11\\\n"
    "\\13 _ _ _\n"
    "\\ \\9 _ _\n";

/* Candidates of every kind read as such: several digits, a lone one in brackets, '.' and
 * '_' (none known), a placed digit. */
static void test_reads(void)
{
    struct tu_read_result res;
    static const char text[] =
        "# pos\n"
        "\\ 17\\ 10\\ \\\n"
        "\\16 97 [7] 11\\\n"
        "\\13 8 . 345789\n"
        "\\ \\9 _ 2345678\n";

    read_text(text, FORMAT_AUTO, &res);
    if (!tap_ok(res.rc > 0 && res.marks != NULL, "a Kakuro grid with candidates reads, with marks"))
        return;
    tap_ok(res.marks[5] == (1u << 7 | 1u << 9) && res.p->given[5] == 0
           && res.marks[6] == 1u << 7 && res.p->given[6] == 0,
           "several digits and a lone one in brackets are candidates");
    tap_ok(res.p->given[9] == 8 && res.marks[9] == 0, "a lone digit is placed");
    tap_ok(res.marks[10] == 0 && res.p->given[10] == 0 && res.marks[14] == 0
           && res.p->given[14] == 0, "'.' and '_': no candidates known");
    tap_ok(res.marks[11] == 0x3b8u && res.p->across[8] == 13 && res.p->down[1] == 17,
           "clues as in the Kakuro grid");
    tap_ok(strcmp(res.p->name, "pos") == 0, "the comment before it names it");
    tu_read_result_free(&res);
    read_text(text, FORMAT_PENCILMARKS, &res);
    tap_ok(res.rc > 0 && res.marks != NULL && res.marks[6] == 1u << 7,
           "--format=pencilmarks reads a Kakuro position too");
    tu_read_result_free(&res);
    read_text(text, FORMAT_KAKURO_GRID, &res);
    tap_ok(res.rc > 0 && res.marks != NULL, "and so does --format=kakuro");
    tu_read_result_free(&res);
    read_text(small, FORMAT_AUTO, &res);
    tap_ok(res.rc > 0 && res.marks == NULL, "a Kakuro grid without candidates has no marks");
    tu_read_result_free(&res);
}

/* The writer's text reads back as the same digits and candidates, a lone candidate too. */
static void test_round_trip(void)
{
    struct tu_read_result in, back;
    uint8_t grid[16];
    digitset cands[16];
    char *text;
    bool same = true;

    read_text(small, FORMAT_AUTO, &in);
    if (!tap_ok(in.rc > 0, "the small Kakuro reads"))
        return;
    memcpy(grid, in.p->given, sizeof grid);
    grid[5] = 9;                        /* placed */
    hint_fill_candidates(in.p, grid, NULL, cands);
    cands[10] = 1u << 3;                /* a lone candidate, not placed */
    cands[11] &= ~(1u << 9);
    text = written(in.p, grid, cands);
    tap_ok(strstr(text, "[3]") != NULL, "a lone candidate is written in brackets");
    read_text(text, FORMAT_AUTO, &back);
    if (tap_ok(back.rc > 0 && back.marks != NULL, "the written position reads back")) {
        for (int cell = 0; cell < in.p->ncells; cell++) {
            if (in.p->block[cell])
                continue;
            same &= back.p->given[cell] == grid[cell]
                    && (grid[cell] != 0 || popcount32(cands[cell]) < 2
                        || back.marks[cell] == cands[cell]);
        }
        same &= back.marks[10] == 1u << 3 && back.p->given[10] == 0;
        tap_ok(same, "the same digits and candidates, the lone candidate still a candidate");
    }
    if (!same)
        printf("# %s", text);
    free(text);
    tu_read_result_free(&back);
    tu_read_result_free(&in);
}

/* An error's "line:col: message" against what is expected. */
static void expect_error(const char *cell, long col, const char *words)
{
    char text[200], msg[600];
    struct tu_read_result res;

    snprintf(text, sizeof text, "\\ 17\\ 10\\ \\\n\\16 _ _ 11\\\n\\13 _ %s _\n\\ \\9 _ _\n", cell);
    read_text(text, FORMAT_AUTO, &res);
    format_error_string(&res.err, msg, sizeof msg);
    tap_ok(res.rc < 0 && res.err.line == 3 && res.err.col == col
           && strstr(res.err.message, words) != NULL, "'%s': %s", cell, msg);
    tu_read_result_free(&res);
}

static void test_errors(void)
{
    expect_error("12x", 9, "expected candidates (digits 1-9) in '12x'");
    expect_error("1202", 9, "expected candidates (digits 1-9) in '1202'");
    expect_error("121", 9, "candidate 1 twice in '121'");
    expect_error("[12", 10, "expected ']' to close the candidates '[12'");
    expect_error("[]", 7, "expected candidates (digits 1-9) in '[]'");
    expect_error("[5]]", 9, "expected candidates (digits 1-9) in '[5]]'");
    expect_error("x5", 7, "expected \\, _, a digit 1-9, candidates (123, [5], .) or a clue");
    expect_error("5.", 7, "expected \\, _, a digit 1-9, candidates (123, [5], .) or a clue");
}

int main(void)
{
    test_reads();
    test_round_trip();
    test_errors();
    return tap_done();
}
