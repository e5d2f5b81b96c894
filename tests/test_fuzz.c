/* test_fuzz.c: seeded random mutations of the format test files through every reader: no crash, no hang, sane errors, puzzles that write back. */
#include "config.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "puzzle.h"
#include "solve.h"
#include "tap.h"
#include "test_util.h"
#include "util.h"

/*
 * Each file under tests/data/format/good, format/bad and cli is mutated MUTANTS times:
 * bytes changed to ones that matter to the readers (digits, separators, line ends, NUL,
 * bytes of broken UTF-8), bytes inserted, ranges deleted or copied elsewhere, long runs
 * inserted, numbers made huge or negative, the end cut off.  Each mutant goes through
 * the reader with the format detected and with each format forced.  What must hold:
 * the reader ends (a bounded number of calls), errors have a message and a position
 * inside the input, and every puzzle it returns is consistent (no conflict among its
 * givens), writes back in its style to a text that reads as the same puzzle, and, when
 * small, solves to grids the rules accept.  A crash fails the program (and ASan, in CI,
 * catches what does not crash).  The generator is seeded and the files are taken in
 * sorted order, so every run makes the same mutants: a failure names the file and the
 * seed, and `test_fuzz FILE SEED` replays that one mutant.
 */

#define MUTANTS 40
#define BASE_SEED UINT64_C(0x6b616b75646f)

/* What the mutants made of the readers: both must be many for the test to mean much. */
static long puzzles_read, errors_read;

/* xorshift64*: small, deterministic on every platform. */
static uint64_t rng_state;

static uint64_t rng_next(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * UINT64_C(2685821657736338717);
}

static size_t rng_below(size_t n)
{
    return n > 0 ? (size_t)(rng_next() % n) : 0;
}

struct text {
    char *s;
    size_t len, cap;
};

static void text_insert(struct text *t, size_t at, const char *s, size_t n)
{
    t->s = xgrow(t->s, &t->cap, t->len + n + 1, 1);
    memmove(t->s + at + n, t->s + at, t->len - at);
    memcpy(t->s + at, s, n);
    t->len += n;
}

static void text_delete(struct text *t, size_t at, size_t n)
{
    if (n > t->len - at)
        n = t->len - at;
    memmove(t->s + at, t->s + at + n, t->len - at - n);
    t->len -= n;
}

/* Bytes the readers treat specially, and some they must refuse. */
static const char interesting[] = "0123456789.\\_ \t\n\r#|-+=:ABGZaz\0\xff\xc3\x80\xe2";

static void mutate_once(struct text *t)
{
    static const char *const numbers[] = { "99999999999", "-1", "-", "0", "4294967296", "128", "129" };
    size_t at = rng_below(t->len + 1);
    char byte = interesting[rng_below(sizeof interesting - 1)];

    switch (rng_below(7)) {
    case 0:     /* change a byte */
        if (at < t->len)
            t->s[at] = byte;
        break;
    case 1:     /* insert a byte */
        text_insert(t, at, &byte, 1);
        break;
    case 2:     /* delete a range */
        if (at < t->len)
            text_delete(t, at, 1 + rng_below(40));
        break;
    case 3: {   /* copy a range elsewhere */
        size_t from = rng_below(t->len), n = 1 + rng_below(200);
        char *copy;
        if (t->len == 0)
            break;
        if (n > t->len - from)
            n = t->len - from;
        copy = xmalloc(n);
        memcpy(copy, t->s + from, n);
        text_insert(t, at, copy, n);
        free(copy);
        break;
    }
    case 4: {   /* a long run of one byte */
        size_t n = 1 + rng_below(3000);
        char *run = xmalloc(n);
        memset(run, byte, n);
        text_insert(t, at, run, n);
        free(run);
        break;
    }
    case 5: {   /* a number out of every range */
        const char *num = numbers[rng_below(sizeof numbers / sizeof numbers[0])];
        text_insert(t, at, num, strlen(num));
        break;
    }
    default:    /* cut the end off */
        t->len = at;
        break;
    }
}

static struct text make_mutant(const char *data, size_t len, uint64_t seed)
{
    struct text t = { .len = 0 };
    int rounds;

    rng_state = seed | 1;
    t.s = xmalloc(len + 1);
    memcpy(t.s, data, len);
    t.len = t.cap = len;
    rounds = 1 + (int)rng_below(4);
    for (int i = 0; i < rounds; i++)
        mutate_once(&t);
    return t;
}

static long count_lines(const char *s, size_t len)
{
    long n = 1;

    for (size_t i = 0; i < len; i++)
        n += s[i] == '\n';
    return n;
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
           && (style->id == FORMAT_KAKURO2 || memcmp(q->given, p->given, n) == 0);
    if (!same)
        tap_diag("written as:\n%s", text);
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

/* Reads all of text with the format forced (or detected); NULL if all is well, else
 * what went wrong. */
static const char *read_all(const char *text, size_t len, enum format_id forced)
{
    static char why[700];
    FILE *f = fmemopen((void *)(uintptr_t)text, len > 0 ? len : 1, "rb");
    struct reader *r = reader_open(f, "mutant", forced);
    long lines = count_lines(text, len), calls = 0, limit = (long)len + 10;
    struct format_style style;
    struct format_error err;
    struct puzzle *p;
    const char *problem = NULL;
    int rc;

    /* fmemopen refuses a size of 0; an empty text is one byte read as nothing. */
    if (len == 0)
        fgetc(f);
    while (problem == NULL && (rc = reader_next(r, &p, &style, &err)) != 0) {
        if (++calls > limit) {
            problem = "the reader does not end";
        } else if (rc < 0) {
            errors_read++;
            format_error_string(&err, why, sizeof why);
            if (err.message[0] == '\0' || err.line < 0 || err.line > lines + 1 || err.col < 0
                || strncmp(why, "mutant", 6) != 0)
                problem = why;
        } else {
            puzzles_read++;
            problem = puzzle_problem(p, &style);
        }
        if (rc > 0)
            puzzle_free(p);
    }
    reader_close(r);
    fclose(f);
    return problem;
}

static const enum format_id formats[] = {
    FORMAT_AUTO, FORMAT_SUDOKU_LINE, FORMAT_SUDOKU_GRID, FORMAT_KAKURO2, FORMAT_KAKURO_GRID,
};

/* Runs one mutant through every reader; false (with a diagnosis) on a fault. */
static bool fuzz_one(const char *data, size_t len, uint64_t seed, const char *name)
{
    struct text t = make_mutant(data, len, seed);
    bool ok = true;

    for (size_t i = 0; i < sizeof formats / sizeof formats[0] && ok; i++) {
        const char *problem = read_all(t.s, t.len, formats[i]);
        if (problem != NULL) {
            tap_diag("%s, seed %" PRIu64 ", format %s: %s", name, seed, format_name(formats[i]), problem);
            ok = false;
        }
    }
    free(t.s);
    return ok;
}

/* The data files of one folder, each fuzzed; the next seed is returned. */
static uint64_t fuzz_folder(const char *folder, uint64_t seed, int *files)
{
    static const char *const puzzle_files[] = { ".txt", ".in", NULL };
    char dir[4096];
    char **names;
    int n;

    snprintf(dir, sizeof dir, "%s", tap_data_path(folder));
    names = tu_list_files(dir, puzzle_files, &n);
    if (!tap_ok(names != NULL, "%s opens", dir))
        return seed;
    for (int i = 0; i < n; i++) {
        char path[4400], name[400];
        size_t len;
        char *data;
        int passed = 0;

        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        snprintf(name, sizeof name, "%s/%s", folder, names[i]);
        data = tu_read_file(path, &len);
        if (tap_ok(data != NULL, "%s reads", name)) {
            for (int k = 0; k < MUTANTS; k++)
                passed += fuzz_one(data, len, seed++, name);
            tap_ok(passed == MUTANTS, "%s: %d of %d mutants read without fault", name, passed, MUTANTS);
            ++*files;
        }
        free(data);
        free(names[i]);
    }
    free(names);
    return seed;
}

int main(int argc, char **argv)
{
    uint64_t seed = BASE_SEED;
    int files = 0;

    if (argc == 3) {
        /* Replays one mutant: test_fuzz FILE SEED. */
        size_t len;
        char *data = tu_read_file(argv[1], &len);
        if (data == NULL)
            return 2;
        tap_ok(fuzz_one(data, len, strtoull(argv[2], NULL, 10), argv[1]), "mutant %s of %s", argv[2], argv[1]);
        free(data);
        return tap_done();
    }
    seed = fuzz_folder("format/good", seed, &files);
    seed = fuzz_folder("format/bad", seed, &files);
    fuzz_folder("cli", seed, &files);
    tap_ok(files >= 40, "%d files fuzzed", files);
    tap_ok(puzzles_read > 500 && errors_read > 5000, "the mutants made %ld puzzles and %ld errors",
           puzzles_read, errors_read);
    return tap_done();
}
