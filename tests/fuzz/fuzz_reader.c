/* fuzz_reader.c: fuzz target: every puzzle reader (detected and each format forced), each puzzle written back and solved. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "fuzz.h"
#include "puzzle.h"
#include "solve.h"
#include "util.h"

/*
 * The input is a puzzle file.  It goes through the reader with the format detected and
 * with each format forced.  What must hold: the reader ends (a bounded number of calls),
 * errors have a message and a position inside the input, and every puzzle it returns is
 * consistent (no conflict among its givens), writes back in its style to a text that
 * reads as the same puzzle, and, when small, solves to grids the rules accept.
 */

/* fuzz_variant.c includes this file with its own formats and corpus: the variant readers,
 * forced, are fuzzed with the same checks. */
#ifndef FUZZ_READER_FORMATS
#define FUZZ_READER_FORMATS FORMAT_AUTO, FORMAT_SUDOKU_LINE, FORMAT_SUDOKU_GRID, \
        FORMAT_KAKURO2, FORMAT_KAKURO_GRID, FORMAT_PENCILMARKS
#define FUZZ_READER_DIRS "tests/fuzz/corpus/reader", "tests/data/format/good", \
        "tests/data/format/bad", "tests/data/cli"
#endif

const struct fuzz_replay fuzz_replay = {
    .dirs = { FUZZ_READER_DIRS },
    .mutants = 40,
};

static long count_lines(const uint8_t *s, size_t len)
{
    long n = 1;

    for (size_t i = 0; i < len; i++)
        n += s[i] == '\n';
    return n;
}

/* Whether q has p's variant: its rules, regions, cages and their sums. */
static bool same_variant(const struct puzzle *p, const struct puzzle *q)
{
    size_t n = (size_t)p->ncells;

    if (p->variant != q->variant || (p->region == NULL) != (q->region == NULL)
        || (p->cage == NULL) != (q->cage == NULL) || p->ncages != q->ncages)
        return false;
    if (p->region != NULL && memcmp(p->region, q->region, n) != 0)
        return false;
    for (size_t cell = 0; p->cage != NULL && cell < n; cell++)
        if (p->cage[cell] != q->cage[cell]
            || (p->cage[cell] >= 0 && p->cage_sum[p->cage[cell]] != q->cage_sum[q->cage[cell]]))
            return false;
    return true;
}

/* Writes p's givens in style and reads them back: the same puzzle? */
static bool writes_back(const struct puzzle *p, const struct format_style *style)
{
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len), *in;
    struct reader *r;
    struct puzzle *q = NULL;
    struct format_error err;
    bool same;
    size_t n = (size_t)p->ncells;

    if (style->id == FORMAT_KAKURO2) {
        char why[200];
        format_write_kakuro2_header(out, 1);
        if (!format_write_kakuro2_case(out, p, why, sizeof why))
            fprintf(out, "%s\n", why);
    } else {
        format_write(out, p, p->given, style);
    }
    fclose(out);
    in = fmemopen(text, len, "rb");
    r = reader_open(in, "written", style->id);
    same = reader_next(r, &q, NULL, &err) == 1 && q->ops == p->ops && q->width == p->width
           && q->height == p->height && memcmp(q->block, p->block, n) == 0
           && memcmp(q->down, p->down, n) == 0 && memcmp(q->across, p->across, n) == 0
           && same_variant(p, q)
           && (style->id == FORMAT_KAKURO2 || memcmp(q->given, p->given, n) == 0);
    if (!same)
        fprintf(stderr, "written as:\n%s", text);
    puzzle_free(q);
    reader_close(r);
    fclose(in);
    free(text);
    return same;
}

/* Small puzzles are solved: whatever is found must obey the rules and keep the givens. */
static bool solves_sanely(const struct puzzle *p)
{
    uint8_t start[81], solution[81];
    struct solve_request req = { .limit = 2 };
    struct solve_result res = { .solution = solution };

    if (p->ncells > 81)
        return true;
    puzzle_start_grid(p, start);
    puzzle_solve(p, start, &req, &res);
    if (res.count == 0)
        return true;
    for (int cell = 0; cell < p->ncells; cell++)
        if (p->given[cell] != 0 && solution[cell] != p->given[cell])
            return false;
    return puzzle_is_solved(p, solution);
}

/* What is wrong with a puzzle a reader returned, or NULL. */
static const char *puzzle_problem(const struct puzzle *p, const struct format_style *style)
{
    static uint8_t bad[KAKURO_MAX_SIDE * KAKURO_MAX_SIDE];

    if (puzzle_conflicts(p, p->given, bad) != 0)
        return "a puzzle whose givens conflict";
    if (!writes_back(p, style))
        return "a puzzle that does not write back as itself";
    if (!solves_sanely(p))
        return "a solution that breaks the rules";
    return NULL;
}

/* Reads all of text with the format forced (or detected); aborts on a fault. */
static void read_all(const uint8_t *text, size_t len, enum format_id forced)
{
    static const uint8_t nothing[1];
    FILE *f = fmemopen((void *)(uintptr_t)(len > 0 ? text : nothing), len > 0 ? len : 1, "rb");
    struct reader *r = reader_open(f, "mutant", forced);
    long lines = count_lines(text, len), calls = 0, limit = (long)len + 10;
    struct format_style style;
    struct format_error err;
    struct puzzle *p;
    char why[700];
    int rc;

    /* fmemopen refuses a size of 0; an empty text is one byte read as nothing. */
    if (len == 0)
        fgetc(f);
    while ((rc = reader_next(r, &p, &style, &err)) != 0) {
        if (++calls > limit)
            fuzz_fail("format %s: the reader does not end", format_name(forced));
        if (rc < 0) {
            format_error_string(&err, why, sizeof why);
            if (err.message[0] == '\0' || err.line < 0 || err.line > lines + 1 || err.col < 0
                || strncmp(why, "mutant", 6) != 0)
                fuzz_fail("format %s: a bad error: %s", format_name(forced), why);
        } else {
            const char *problem = puzzle_problem(p, &style);
            if (problem != NULL)
                fuzz_fail("format %s: %s", format_name(forced), problem);
            puzzle_free(p);
        }
    }
    reader_close(r);
    fclose(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const enum format_id formats[] = { FUZZ_READER_FORMATS };

    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
        read_all(data, size, formats[i]);
    return 0;
}
