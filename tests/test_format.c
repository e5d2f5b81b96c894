/* test_format.c: puzzle file formats, driven by tests/data/format: good files, round trips, bad files. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "format.h"
#include "puzzle.h"
#include "tap.h"
#include "test_util.h"
#include "util.h"

/* --- Small helpers --- */

static const char *const txt_files[] = { ".txt", NULL };

static bool same_puzzle(const struct puzzle *a, const struct puzzle *b)
{
    size_t n = (size_t)a->ncells;

    return a->ops == b->ops && a->width == b->width && a->height == b->height
           && a->box_rows == b->box_rows && a->box_cols == b->box_cols
           && a->ngroups == b->ngroups
           && memcmp(a->given, b->given, n) == 0 && memcmp(a->block, b->block, n) == 0
           && memcmp(a->down, b->down, n) == 0 && memcmp(a->across, b->across, n) == 0;
}

/* Writes p (its givens) in its style into a string; KAKURO2 as a whole file of one case. */
static char *write_puzzle(const struct puzzle *p, const struct format_style *style)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);

    if (style->id == FORMAT_KAKURO2) {
        char why[200];
        format_write_kakuro2_header(f, 1);
        if (!format_write_kakuro2_case(f, p, why, sizeof why))
            fprintf(f, "refused: %s\n", why);
    } else {
        format_write(f, p, p->given, style);
    }
    fclose(f);
    return text;
}

/* A KAKURO2 case, or the writer's refusal as a line of text. */
static void write_kakuro2_or_why(FILE *out, const struct puzzle *p)
{
    char why[200];

    if (!format_write_kakuro2_case(out, p, why, sizeof why))
        fprintf(out, "refused: %s\n", why);
}

/* Everything a reader makes of a file, as text: each puzzle written back in its style,
 * each error as "file:line:col: message". */
static char *dump_reader(FILE *f, const char *name, enum format_id forced)
{
    struct reader *r = reader_open(f, name, forced);
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    struct puzzle *p;
    struct format_style style;
    struct format_error err;
    int rc, count = 0;

    while ((rc = reader_next(r, &p, &style, &err)) != 0) {
        count++;
        if (rc < 0) {
            char msg[600];
            format_error_string(&err, msg, sizeof msg);
            fprintf(out, "%s\n", msg);
            continue;
        }
        fprintf(out, "%d: %s %dx%d%s%s%s empty=%c name=%s\n", count, format_name(style.id),
                p->width, p->height, style.spaced ? " spaced" : "", style.boxed ? " boxed" : "",
                style.numbers ? " numbers" : "", style.empty ? style.empty : '-',
                p->name != NULL ? p->name : "-");
        if (style.id == FORMAT_KAKURO2)
            write_kakuro2_or_why(out, p);
        else
            format_write(out, p, p->given, &style);
        puzzle_free(p);
    }
    if (count == 0)
        fprintf(out, "(no puzzle)\n");
    reader_close(r);
    fclose(out);
    return text;
}

static char *dump_file(const char *path, const char *name)
{
    FILE *f = fopen(path, "rb");
    char *text;

    if (f == NULL)
        return xasprintf("cannot open %s: %s\n", path, strerror(errno));
    text = dump_reader(f, name, FORMAT_AUTO);
    fclose(f);
    return text;
}

static char *dump_text(const char *data, size_t len, const char *name, enum format_id forced)
{
    FILE *f = fmemopen((void *)(uintptr_t)data, len, "rb");
    char *text = dump_reader(f, name, forced);

    fclose(f);
    return text;
}

static void diag_lines(const char *text)
{
    while (*text != '\0') {
        int n = (int)strcspn(text, "\n");
        tap_diag("  %.*s", n, text);
        text += n + (text[n] != '\0');
    }
}

static bool same_text(const char *want, const char *got, const char *what)
{
    if (strcmp(want, got) == 0)
        return true;
    tap_diag("%s: expected:", what);
    diag_lines(want);
    tap_diag("got:");
    diag_lines(got);
    return false;
}

/* --- Good files: what they read as, in CRLF too, and round trips --- */

static char *to_crlf(const char *s, size_t len, size_t *out_len)
{
    char *t = xmalloc(2 * len + 1);
    size_t n = 0;

    for (size_t i = 0; i < len; i++) {
        if (s[i] == '\n' && (i == 0 || s[i - 1] != '\r'))
            t[n++] = '\r';
        t[n++] = s[i];
    }
    t[n] = '\0';
    *out_len = n;
    return t;
}

/* Whether the file read with CRLF line ends gives what it gave with LF (got). */
static bool reads_same_with_crlf(const char *path, const char *name, const char *got)
{
    size_t len, crlf_len;
    char *data = tu_read_file(path, &len), *crlf = to_crlf(data, len, &crlf_len);
    char *got_crlf = dump_text(crlf, crlf_len, name, FORMAT_AUTO);
    bool same = same_text(got, got_crlf, name);

    free(data);
    free(crlf);
    free(got_crlf);
    return same;
}

/* Whether the file read without its last line end gives what it gave with it (got). */
static bool reads_same_without_final_newline(const char *path, const char *name, const char *got)
{
    size_t len;
    char *data = tu_read_file(path, &len), *got_cut;
    bool same;

    while (len > 0 && (data[len - 1] == '\n' || data[len - 1] == '\r'))
        len--;
    got_cut = dump_text(data, len, name, FORMAT_AUTO);
    same = same_text(got, got_cut, name);
    free(data);
    free(got_cut);
    return same;
}

/* Each puzzle written in its own style reads back as the same puzzle and style, both
 * detected and with the format forced. */
static bool round_trips(const char *path, const char *name)
{
    FILE *f = fopen(path, "rb");
    struct reader *r = reader_open(f, name, FORMAT_AUTO);
    struct puzzle *p;
    struct format_style style;
    struct format_error err;
    bool ok = true;
    int rc, index = 0;

    while ((rc = reader_next(r, &p, &style, &err)) != 0) {
        char *text;
        index++;
        if (rc < 0)
            continue;
        text = write_puzzle(p, &style);
        for (int forced = 0; forced <= 1; forced++) {
            FILE *g = fmemopen(text, strlen(text), "rb");
            struct reader *back = reader_open(g, "round-trip", forced ? style.id : FORMAT_AUTO);
            struct puzzle *q = NULL, *extra = NULL;
            struct format_style style2;
            bool same = reader_next(back, &q, &style2, &err) == 1 && same_puzzle(p, q)
                        && style2.id == style.id && style2.spaced == style.spaced
                        && style2.boxed == style.boxed && reader_next(back, &extra, &style2, &err) == 0;
            if (!same) {
                tap_diag("%s: puzzle %d does not round-trip (%s):\n%s", name, index,
                         forced ? "forced" : "detected", text);
                ok = false;
            }
            puzzle_free(q);
            puzzle_free(extra);
            reader_close(back);
            fclose(g);
        }
        free(text);
        puzzle_free(p);
    }
    reader_close(r);
    fclose(f);
    return ok;
}

static void test_good_files(void)
{
    char dir[4096];
    int n;
    char **names;

    snprintf(dir, sizeof dir, "%s", tap_data_path("format/good"));
    names = tu_list_files(dir, txt_files, &n);
    tap_ok(n >= 15, "found the good files (%d)", n);
    for (int i = 0; i < n; i++) {
        char path[4200], expected_path[4200], name[300];
        char *expected, *got, *data, *crlf, *got_crlf;
        size_t len, crlf_len;

        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        snprintf(expected_path, sizeof expected_path, "%s/%.*s.expected", dir,
                 (int)(strlen(names[i]) - 4), names[i]);
        snprintf(name, sizeof name, "good/%s", names[i]);
        expected = tu_read_file(expected_path, NULL);
        got = dump_file(path, name);
        tap_ok(expected != NULL && same_text(expected, got, name), "%s reads as expected", name);

        data = tu_read_file(path, &len);
        crlf = to_crlf(data, len, &crlf_len);
        got_crlf = dump_text(crlf, crlf_len, name, FORMAT_AUTO);
        tap_ok(same_text(got, got_crlf, name), "%s reads the same with CRLF line ends", name);
        tap_ok(reads_same_without_final_newline(path, name, got), "%s reads the same without its final newline", name);
        tap_ok(round_trips(path, name), "%s: every puzzle round-trips", name);
        free(expected);
        free(got);
        free(data);
        free(crlf);
        free(got_crlf);
    }
    tu_free_list(names, n);
}

/* --- Bad files: the exact messages --- */

static void test_bad_files(void)
{
    char dir[4096];
    int n;
    char **names;

    snprintf(dir, sizeof dir, "%s", tap_data_path("format/bad"));
    names = tu_list_files(dir, txt_files, &n);
    tap_ok(n >= 25, "found the bad files (%d)", n);
    for (int i = 0; i < n; i++) {
        char path[4200], expected_path[4200], name[300];
        char *expected, *got;

        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        snprintf(expected_path, sizeof expected_path, "%s/%.*s.expected", dir,
                 (int)(strlen(names[i]) - 4), names[i]);
        snprintf(name, sizeof name, "bad/%s", names[i]);
        expected = tu_read_file(expected_path, NULL);
        got = dump_file(path, name);
        tap_ok(expected != NULL && same_text(expected, got, name), "%s gives the expected messages", name);
        tap_ok(reads_same_with_crlf(path, name, got), "%s gives the same messages with CRLF line ends", name);
        free(expected);
        free(got);
    }
    tu_free_list(names, n);
}

/* A line over the 1 MiB cap, made here rather than stored. */
static void test_overlong_line(void)
{
    size_t len = 82 + 1024 * 1024 + 2 + 81;
    char *data = xmalloc(len + 1);
    char *got;

    memcpy(data, "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n", 82);
    memset(data + 82, '.', 1024 * 1024 + 1);
    memcpy(data + len - 82, "\n52...6.........7.13...........4..8..6......5...........418.........3..2...87.....", 82);
    data[len] = '\0';
    got = dump_text(data, len, "gen/overlong.txt", FORMAT_AUTO);
    tap_ok(strstr(got, "gen/overlong.txt:2: line too long (more than 1048576 bytes)\n") != NULL
           && strstr(got, "3: line 9x9") != NULL,
           "a line over 1 MiB is an error, and the next line still reads");
    if (strstr(got, "line too long") == NULL || strstr(got, "3: line 9x9") == NULL)
        diag_lines(got);
    free(got);
    free(data);
}

/* --- Streaming: many puzzles from a generated stream --- */

struct line_stream { long left; size_t off; };

static const char stream_line[] =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n";

static ssize_t stream_read(void *cookie, char *buf, size_t size)
{
    struct line_stream *s = cookie;
    size_t n = 0;

    while (n < size && s->left > 0) {
        size_t take = sizeof stream_line - 1 - s->off;
        if (take > size - n)
            take = size - n;
        memcpy(buf + n, stream_line + s->off, take);
        n += take;
        s->off += take;
        if (s->off == sizeof stream_line - 1) {
            s->off = 0;
            s->left--;
        }
    }
    return (ssize_t)n;
}

static void test_streaming(void)
{
    struct line_stream s = { .left = 100000 };
    cookie_io_functions_t io = { .read = stream_read };
    FILE *f = fopencookie(&s, "r", io);
    struct reader *r = reader_open(f, "stream", FORMAT_AUTO);
    struct puzzle *p;
    struct format_style style;
    struct format_error err;
    long count = 0;
    bool ok = true;
    int rc;

    while ((rc = reader_next(r, &p, &style, &err)) == 1) {
        ok = ok && p->given[0] == 4;
        puzzle_free(p);
        count++;
    }
    tap_ok(rc == 0 && ok && count == 100000, "100000 one-line puzzles stream through (%ld)", count);
    reader_close(r);
    fclose(f);
}

/* An endless line (bytes without a newline), cut off after 64 MiB so that a reader that
 * reads a line to its end before judging it fails here rather than hangs. */
struct endless { size_t given; };

static ssize_t endless_read(void *cookie, char *buf, size_t size)
{
    struct endless *e = cookie;

    if (e->given >= 64u << 20)
        return 0;
    memset(buf, '1', size);
    e->given += size;
    return (ssize_t)size;
}

static void test_endless_line(void)
{
    struct endless e = { 0 };
    cookie_io_functions_t io = { .read = endless_read };
    FILE *f = fopencookie(&e, "r", io);
    struct reader *r = reader_open(f, "endless", FORMAT_AUTO);
    struct puzzle *p = NULL;
    struct format_style style;
    struct format_error err;
    int rc = reader_next(r, &p, &style, &err);

    tap_ok(rc == -1 && strstr(err.message, "line too long") != NULL && e.given < (4u << 20),
           "an endless line is too long as soon as it passes 1 MiB (%zu bytes read): %s", e.given,
           rc == -1 ? err.message : "no error");
    reader_close(r);
    fclose(f);
}

/* Allocations in reading count Killer lines (the wiki's, again and again), puzzles freed
 * as read. */
static unsigned long killer_line_allocs(int count)
{
    static const char line[] = "AABBBCDEFGGHHCCDEFGGIICJKKFLMMINJKOFLPPQNJOORSPTQNUVVRSTTQWUUXXSYZWWaaXXSYZWbbbcc "
                               "3 15 22 4 16 15 25 17 9 8 20 6 14 17 17 13 20 12 27 6 20 6 10 14 8 16 15 13 17\n";
    size_t len = (size_t)count * (sizeof line - 1);
    char *text = xmalloc(len);
    FILE *f;
    struct reader *r;
    struct puzzle *p = NULL;
    struct format_style style;
    struct format_error err;
    unsigned long before;
    int read = 0;

    for (int i = 0; i < count; i++)
        memcpy(text + (size_t)i * (sizeof line - 1), line, sizeof line - 1);
    f = fmemopen(text, len, "rb");
    r = reader_open(f, "killers", FORMAT_AUTO);
    before = util_alloc_calls();
    while (reader_next(r, &p, &style, &err) > 0) {
        puzzle_free(p);
        read++;
    }
    before = util_alloc_calls() - before;
    reader_close(r);
    fclose(f);
    free(text);
    return read == count ? before : 0;
}

/* The reader keeps its room for a Killer line's cell places across the puzzles, as for a
 * Jigsaw line's, numbers the cages straight into the puzzle and gives the sums their room
 * at once: 35 allocations a puzzle were 6 (a calloc of places, a room of cage numbers, a
 * realloc for each of the 29 sums).  What is left is the puzzle's own, handed out, and
 * the cage check's. */
static void test_killer_line_room(void)
{
    unsigned long a = killer_line_allocs(100), b = killer_line_allocs(200);

    tap_ok(a != 0 && b != 0 && b - a <= 6 * 100,
           "a Killer line allocates only the puzzle it makes (%lu for 100 more lines)", b - a);
}

/* --- The rest of the interface --- */

static void test_resume_after_bad_line(void)
{
    static const char text[] =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n"
        "xx\n"
        "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....\n";
    FILE *f = fmemopen((void *)(uintptr_t)text, sizeof text - 1, "rb");
    struct reader *r = reader_open(f, "lines.txt", FORMAT_AUTO);
    struct puzzle *p;
    struct format_style style;
    struct format_error err;
    int a, b, c, d;

    a = reader_next(r, &p, &style, &err);
    puzzle_free(p);
    tap_ok(reader_format(r) == FORMAT_SUDOKU_LINE, "reader_format tells the detected format");
    b = reader_next(r, &p, &style, &err);
    tap_ok(b == -1 && err.line == 2 && strcmp(err.file, "lines.txt") == 0, "a bad line is an error on its line");
    c = reader_next(r, &p, &style, &err);
    tap_ok(c == 1 && p != NULL && p->given[0] == 5, "the next call reads the next line");
    puzzle_free(p);
    d = reader_next(r, &p, &style, &err);
    tap_ok(a == 1 && d == 0 && p == NULL, "then the end");
    reader_close(r);
    fclose(f);
}

/* Lines past the lookahead of a 9x9 one-line file are read in place, in the input
 * buffer: each must read as it does alone (style, empties as '.' or '0', givens). */
static void test_lines_in_place(void)
{
    static const char *const lines[] = {
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "400030000000600800000000001000050090080000600070200000000102700503000040900000000",
        "4...3.......6..8..........1....5..9..8....6...7.2..000000102700503000040900000000",
        "000030000000600800000000001000050090080000600070200000000102700503000040900000...",
        "123456789123456789123456789123456789123456789123456789123456789123456789123456789",
    };
    const int nlines = (int)(sizeof lines / sizeof lines[0]), total = 200;
    char *text = NULL, *got, *want = NULL;
    size_t len = 0, want_len = 0;
    FILE *f = open_memstream(&text, &len), *w = open_memstream(&want, &want_len);

    for (int i = 0; i < total; i++)
        fprintf(f, "%s\n", lines[i % nlines]);
    fclose(f);
    got = dump_text(text, len, "many.txt", FORMAT_AUTO);
    for (int i = 0; i < total; i++) {
        char one[100], *alone;

        snprintf(one, sizeof one, "%s\n", lines[i % nlines]);
        alone = dump_text(one, strlen(one), "many.txt", FORMAT_AUTO);
        /* Alone it is puzzle 1 on line 1. */
        if (strncmp(alone, "1: ", 3) == 0)
            fprintf(w, "%d: %s", i + 1, alone + 3);
        else if (strncmp(alone, "many.txt:1:", 11) == 0)
            fprintf(w, "many.txt:%d:%s", i + 1, alone + 11);
        else
            fputs(alone, w);
        free(alone);
    }
    fclose(w);
    tap_ok(same_text(want, got, "200 lines"), "one-line 9x9 lines past the lookahead read as each alone "
           "(empties as . or 0, clashing givens at their line and column)");
    free(text);
    free(got);
    free(want);
}

/* Puzzles handed back are filled in again with the next lines' givens; one that is not
 * the reader's plain 9x9 (a name set on it, another reader's) is freed, not kept. */
static void test_give_back(void)
{
    static const char line[] =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n";
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len), *in;
    char last[83];
    struct reader *r, *other;
    struct format_error err;
    struct puzzle *p, *q, *kept = NULL;
    int reused = 0, right = 0;

    memset(last, '.', 80);
    memcpy(last + 80, "1\n", 3);    /* a 1 in the last cell */
    for (int i = 0; i < 100; i++)
        fputs(i % 2 == 0 ? line : last, f);
    fclose(f);
    in = fmemopen(text, len, "rb");
    r = reader_open(in, "give.txt", FORMAT_AUTO);
    other = reader_open(fmemopen((void *)(uintptr_t)line, sizeof line - 1, "rb"), "other",
                        FORMAT_AUTO);
    for (int i = 0; i < 100 && reader_next(r, &p, NULL, &err) == 1; i++) {
        reused += p == kept;
        right += p->given[i % 2 == 0 ? 0 : 80] == (i % 2 == 0 ? 4 : 1)
                 && p->given[i % 2 == 0 ? 80 : 0] == 0;
        kept = p;
        if (i == 70)
            puzzle_set_name(p, "named");
        reader_give_back(i == 80 ? other : r, p);
    }
    tap_ok(right == 100, "puzzles filled in again hold the next line's givens (%d of 100)", right);
    tap_ok(reused >= 90 && reused < 99, "each handed back is filled in again, but a named one or "
           "another reader's (%d of 99)", reused);
    q = NULL;
    tap_ok(reader_next(other, &q, NULL, &err) == 1 && q->given[0] == 4, "the other reader reads its own");
    puzzle_free(q);
    reader_close(other);
    reader_close(r);
    fclose(in);
    free(text);
}

static bool starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

static void test_forced_format(void)
{
    static const char grid[] = "103000509\n002109400\n000704000\n300502006\n060000050\n"
                               "700803004\n000401000\n009205800\n804000107\n";
    char *got = dump_text(grid, sizeof grid - 1, "g.txt", FORMAT_SUDOKU_LINE);

    tap_ok(starts_with(got, "g.txt:1:10: expected a one-line Sudoku of N*N symbols (81 for 9x9), got 9 symbols\n"),
           "a grid forced as one-line puzzles is an error");
    free(got);
    got = dump_text(grid, sizeof grid - 1, "g.txt", FORMAT_SUDOKU_GRID);
    tap_ok(starts_with(got, "1: grid 9x9"), "a grid forced as a grid reads");
    free(got);
    got = dump_text(grid, sizeof grid - 1, "g.txt", FORMAT_KAKURO_GRID);
    tap_ok(starts_with(got, "g.txt:1:1: expected \\, _, a digit 1-9, candidates (123, [5], .) or a clue (D\\, \\A, D\\A), got '103000509'\n"),
           "a grid forced as a Kakuro grid is an error");
    free(got);
}

static void test_names(void)
{
    static const enum format_id ids[] = {
        FORMAT_AUTO, FORMAT_SUDOKU_LINE, FORMAT_SUDOKU_GRID, FORMAT_KAKURO2, FORMAT_KAKURO_GRID,
    };
    bool ok = true;
    enum format_id id;

    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
        ok = ok && format_by_name(format_name(ids[i]), &id) && id == ids[i];
    tap_ok(ok, "format_by_name inverts format_name");
    tap_ok(format_by_name("KAKURO2", &id) && id == FORMAT_KAKURO2, "format names are case-insensitive");
    tap_ok(!format_by_name("nonsense", &id) && id == FORMAT_AUTO, "an unknown format name is refused");
    tap_ok(strcmp(format_name(FORMAT_SUDOKU_LINE), "line") == 0 && strcmp(format_name(FORMAT_KAKURO_GRID), "kakuro") == 0,
           "format names as the --format option takes them");
}

static void test_error_strings(void)
{
    struct format_error e = { .file = "p.txt", .line = 4, .col = 7, .message = "m" };
    char buf[600];

    format_error_string(&e, buf, sizeof buf);
    tap_ok(strcmp(buf, "p.txt:4:7: m") == 0, "error with line and column");
    e.col = 0;
    format_error_string(&e, buf, sizeof buf);
    tap_ok(strcmp(buf, "p.txt:4: m") == 0, "error with a line only");
    e.line = 0;
    format_error_string(&e, buf, sizeof buf);
    tap_ok(strcmp(buf, "p.txt: m") == 0, "error with the file only");
    e.file[0] = '\0';
    format_error_string(&e, buf, sizeof buf);
    tap_ok(strcmp(buf, "m") == 0, "error without a file");
}

static void test_load(void)
{
    char spec[4300], msg[600], dir[] = "/tmp/kakudo-test-format-XXXXXX", colon[200];
    struct format_style style;
    struct format_error err;
    struct puzzle *p;
    FILE *f;

    snprintf(spec, sizeof spec, "%s:2", tap_data_path("format/good/multi_grids.txt"));
    p = format_load(spec, FORMAT_AUTO, &style, &err);
    tap_ok(p != NULL && p->name != NULL && strcmp(p->name, "boj2580") == 0 && style.spaced,
           "format_load FILE:2 loads the second puzzle");
    puzzle_free(p);
    p = format_load(tap_data_path("format/good/multi_grids.txt"), FORMAT_AUTO, &style, &err);
    tap_ok(p != NULL && p->name != NULL && strcmp(p->name, "boj2239") == 0, "format_load FILE loads the first");
    puzzle_free(p);

    snprintf(spec, sizeof spec, "%s:4", tap_data_path("format/good/multi_grids.txt"));
    p = format_load(spec, FORMAT_AUTO, &style, &err);
    format_error_string(&err, msg, sizeof msg);
    tap_ok(p == NULL && strstr(msg, "multi_grids.txt has only 3 puzzles") != NULL && strchr(msg, ':') == NULL,
           "format_load past the last puzzle: %s", msg);
    snprintf(spec, sizeof spec, "%s:0", tap_data_path("format/good/multi_grids.txt"));
    p = format_load(spec, FORMAT_AUTO, &style, &err);
    format_error_string(&err, msg, sizeof msg);
    tap_ok(p == NULL && strstr(msg, "puzzle numbers start at 1") != NULL, "format_load FILE:0 is refused");
    p = format_load("/nonexistent/file.txt", FORMAT_AUTO, &style, &err);
    format_error_string(&err, msg, sizeof msg);
    tap_ok(p == NULL && strcmp(msg, "/nonexistent/file.txt: No such file or directory") == 0,
           "format_load of a missing file: %s", msg);
    snprintf(spec, sizeof spec, "%s:1", tap_data_path("format/bad/short_row.txt"));
    p = format_load(spec, FORMAT_AUTO, &style, &err);
    tap_ok(p == NULL && err.line == 5, "format_load reports the puzzle's error");

    /* A file whose name has a colon in it is taken literally. */
    if (mkdtemp(dir) != NULL) {
        snprintf(colon, sizeof colon, "%s/x.txt:2", dir);
        f = fopen(colon, "w");
        fputs("12.4.41.23414.23\n", f);
        fclose(f);
        p = format_load(colon, FORMAT_AUTO, &style, &err);
        tap_ok(p != NULL && p->width == 4, "a file named with a colon is loaded as named");
        puzzle_free(p);
        remove(colon);
        rmdir(dir);
    } else {
        tap_ok(false, "mkdtemp: %s", strerror(errno));
    }
}

/* Writing the solution of the BOJ examples gives what the judges expect. */
static void test_write_solution(void)
{
    static const char solution[] =
        "163842579578139462492764318381572946946318752725693184638471295219685743754921637";
    FILE *f = fopen(tap_data_path("format/good/boj2239.txt"), "rb");
    struct reader *r = reader_open(f, "boj2239", FORMAT_AUTO);
    struct puzzle *p = NULL;
    struct format_style style;
    struct format_error err;
    uint8_t grid[81];
    char *text = NULL;
    size_t len = 0;
    FILE *out;

    reader_next(r, &p, &style, &err);
    for (int i = 0; i < 81; i++)
        grid[i] = (uint8_t)(solution[i] - '0');
    out = open_memstream(&text, &len);
    format_write(out, p, grid, &style);
    style.spaced = true;
    format_write(out, p, grid, &style);
    style.id = FORMAT_SUDOKU_LINE;
    format_write(out, p, grid, &style);
    fclose(out);
    tap_ok(strncmp(text, "163842579\n578139462\n", 20) == 0
           && strstr(text, "\n1 6 3 8 4 2 5 7 9\n5 7 8") != NULL
           && strstr(text, "7 5 4 9 2 1 6 3 7\n163842579578139462") != NULL,
           "a solution is written as BOJ 2239, BOJ 2580 and one line");
    free(text);
    puzzle_free(p);
    reader_close(r);
    fclose(f);
}

/* `test_format --dump FILE NAME` prints what the reader makes of FILE, as the .expected
 * files hold it (to write a new one; check it by eye before keeping it). */
/* KAKURO2 has no run without a clue: its writer refuses one, writing nothing. */
static void test_kakuro2_refuses_sumless(void)
{
    struct format_style style;
    struct format_error err;
    struct puzzle *p = format_load(tap_data_path("format/good/kakuro_sumless_run.txt"), FORMAT_AUTO, &style, &err);
    char why[200] = "", *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    bool wrote;

    tap_ok(p != NULL, "a grid with a run without a clue loads");
    if (p == NULL) {
        fclose(f);
        free(text);
        return;
    }
    wrote = format_write_kakuro2_case(f, p, why, sizeof why);
    fclose(f);
    tap_ok(!wrote && len == 0, "the KAKURO2 writer refuses it and writes nothing");
    tap_ok(strcmp(why, "corner: the across run starting at r3c3 has no clue, which KAKURO2 cannot write") == 0,
           "and says which puzzle and run: %s", why);
    puzzle_free(p);
    free(text);
}

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "--dump") == 0) {
        char *text = dump_file(argv[2], argv[3]);
        fputs(text, stdout);
        free(text);
        return 0;
    }
    test_good_files();
    test_bad_files();
    test_overlong_line();
    test_streaming();
    test_endless_line();
    test_killer_line_room();
    test_resume_after_bad_line();
    test_lines_in_place();
    test_give_back();
    test_forced_format();
    test_names();
    test_error_strings();
    test_load();
    test_write_solution();
    test_kakuro2_refuses_sumless();
    return tap_done();
}
