/* format.c: reading (streaming, with exact error positions) and writing every puzzle file format. */
#include "config.h"
#include "format.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "format_internal.h"
#include "i18n.h"
#include "util.h"
#include "variant.h"

#define LINE_MAX_BYTES (1024 * 1024)
#define CHUNK_BYTES 65536
/* Lines read ahead of the parser, in which detection tries each reading of the input:
 * enough for two 16x16 grids with box separators, a blank and a comment line each, so
 * that 4x4 one-line puzzles that happen to stack into one valid 16x16 grid are still
 * told from it by the next. */
#define LOOKAHEAD 48
/* The slots of the ring holding them: as many or more, a power of two, so that a line's
 * slot is found with a mask (a division by 48 was a tenth of peeking at a line). */
#define RING_SLOTS 64
_Static_assert(RING_SLOTS >= LOOKAHEAD && (RING_SLOTS & (RING_SLOTS - 1)) == 0,
               "RING_SLOTS: a power of two, LOOKAHEAD or more");
/* The most bytes of those lines a trial reading copies. */
#define TRIAL_MAX_BYTES (256 * 1024)
#define KAKURO_MAX_SUM 45
#define KAKURO2_MAX_CASES 100000000L
#define NAME_MAX_BYTES 200
#define READER_SPARE_PUZZLES 256

/* ===================================================================================
 * Lines: every format reads its input through one line source, which checks each line
 * (length, NUL bytes, UTF-8) once and keeps a few lines of lookahead for detection.
 * =================================================================================== */

enum line_fault { FAULT_NONE, FAULT_TOO_LONG, FAULT_BINARY, FAULT_NOT_UTF8, FAULT_READ };

struct line {
    char *text;             /* NUL-terminated, without the line end */
    size_t len, cap;
    long number;            /* 1-based */
    enum line_fault fault;
    size_t fault_at;        /* byte offset of the NUL or the bad UTF-8 */
};

struct line_source {
    FILE *f;
    char *chunk;
    size_t chunk_pos, chunk_end;
    bool eof;
    bool read_failed, read_reported;
    int read_errno;
    long lines_read;
    bool last_terminated;   /* the last line read ended with a newline */
    bool skipping;          /* the rest of a line too long to keep is still to be skipped */
    struct line ring[RING_SLOTS];
    int head, count;
};

static void line_append(struct line *ln, const char *s, size_t n)
{
    if (ln->fault == FAULT_TOO_LONG)
        return;
    if (n > LINE_MAX_BYTES - ln->len) {
        ln->fault = FAULT_TOO_LONG;
        ln->len = 0;
        return;
    }
    if (ln->len + n + 1 > ln->cap)     /* checked here: a call a line otherwise */
        ln->text = xgrow(ln->text, &ln->cap, ln->len + n + 1, 1);
    memcpy(ln->text + ln->len, s, n);
    ln->len += n;
}

/* No more lines from s: what is left of it is not read. */
static void source_stop(struct line_source *s)
{
    s->eof = true;
    s->chunk_pos = s->chunk_end;
    s->skipping = false;
}

/* Whether the next take bytes of a line, at start, hold a NUL byte when the line goes on
 * past them: then the line is binary data (FAULT_BINARY, at the NUL), decided there
 * without reading on to its end.  Read on, /dev/zero or a binary without newlines was
 * "line too long" after a MiB (and, after a puzzle, read without end). */
static bool line_binary_so_far(struct line_source *s, struct line *ln, const char *start, size_t take)
{
    const char *nul = memchr(start, '\0', take);

    if (nul == NULL)
        return false;
    line_append(ln, start, (size_t)(nul - start));
    if (ln->fault == FAULT_NONE) {
        ln->fault = FAULT_BINARY;
        ln->fault_at = ln->len;
    }
    source_stop(s);
    return true;
}

/* Reads the bytes up to the next newline into ln; false when there are none left.  A
 * line too long to keep is returned (faulty) as soon as it is, and the rest of it skipped
 * on the next call: an endless line (/dev/zero, a pipe without newlines) is reported at
 * once rather than read to its end first. */
static bool source_read_raw(struct line_source *s, struct line *ln, bool *terminated)
{
    bool got = false;

    *terminated = false;
    for (;;) {
        const char *start, *nl;
        size_t avail, take;

        if (s->chunk_pos == s->chunk_end) {
            size_t n;
            if (s->eof)
                break;
            n = fread(s->chunk, 1, CHUNK_BYTES, s->f);
            if (n == 0) {
                s->eof = true;
                if (ferror(s->f)) {
                    s->read_errno = errno;
                    s->read_failed = true;
                }
                break;
            }
            s->chunk_pos = 0;
            s->chunk_end = n;
        }
        start = s->chunk + s->chunk_pos;
        avail = s->chunk_end - s->chunk_pos;
        nl = memchr(start, '\n', avail);
        take = nl != NULL ? (size_t)(nl - start) : avail;
        s->chunk_pos += take + (nl != NULL);
        if (s->skipping) {
            s->skipping = nl == NULL;
            if (nl == NULL && memchr(start, '\0', take) != NULL)
                source_stop(s);     /* binary data on and on (/dev/zero): no end to skip to */
            continue;
        }
        got = true;
        if (nl == NULL && line_binary_so_far(s, ln, start, take)) {
            *terminated = true;
            break;
        }
        line_append(ln, start, take);
        if (nl != NULL || ln->fault == FAULT_TOO_LONG) {
            s->skipping = nl == NULL;
            *terminated = true;
            break;
        }
    }
    return got;
}

/* Whether every byte of the line is ASCII, so valid UTF-8: the common case, checked
 * a word at a time. */
static bool line_is_ascii(const struct line *ln)
{
    uint64_t any = 0;
    size_t i = 0;

    for (; i + 8 <= ln->len; i += 8) {
        uint64_t word;
        memcpy(&word, ln->text + i, 8);
        any |= word;
    }
    for (; i < ln->len; i++)
        any |= (unsigned char)ln->text[i];
    return (any & 0x8080808080808080ull) == 0;
}

/* Whether the line is ASCII without a NUL byte, the common case, looked at a word at a
 * time (a memchr for NUL, then a pass for ASCII, cost twice as much on a short line). */
static bool line_is_plain_ascii(const struct line *ln)
{
    const uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
    uint64_t bad = 0;
    size_t i = 0;

    for (; i + 8 <= ln->len; i += 8) {
        uint64_t word;
        memcpy(&word, ln->text + i, 8);
        bad |= word | ((word - ones) & ~word);     /* top bit: beyond ASCII, or a NUL */
    }
    /* The last bytes as the line's last word, some looked at again, where it has one: a
     * byte at a time they were half of the check. */
    if (i < ln->len && ln->len >= 8) {
        uint64_t word;
        memcpy(&word, ln->text + ln->len - 8, 8);
        bad |= word | ((word - ones) & ~word);
        i = ln->len;
    }
    for (; i < ln->len; i++)
        bad |= ((unsigned char)ln->text[i] - 1u) | (unsigned char)ln->text[i];
    return (bad & high) == 0;
}

/* Drops the line end and a byte order mark, and finds NUL bytes and bad UTF-8. */
static void line_check(struct line *ln)
{
    const char *nul;
    const uint8_t *bad;

    if (ln->len > 0 && ln->text[ln->len - 1] == '\r')
        ln->text[--ln->len] = '\0';
    if (ln->number == 1 && ln->len >= 3 && memcmp(ln->text, "\xEF\xBB\xBF", 3) == 0) {
        memmove(ln->text, ln->text + 3, ln->len - 2);
        ln->len -= 3;
    }
    if (line_is_plain_ascii(ln))
        return;
    nul = memchr(ln->text, '\0', ln->len);
    if (nul != NULL) {
        ln->fault = FAULT_BINARY;
        ln->fault_at = (size_t)(nul - ln->text);
        return;
    }
    bad = line_is_ascii(ln) ? NULL : util_utf8_check((const uint8_t *)ln->text, ln->len);
    if (bad != NULL) {
        ln->fault = FAULT_NOT_UTF8;
        ln->fault_at = (size_t)((const char *)bad - ln->text);
    }
}

/* source_fill's common case: a whole line ahead in the chunk, its newline there too, that
 * fits the line's room, nothing being skipped; false, nothing done, for any other.  The
 * general reading's loop and appending checks were a fifth of reading a line of a
 * variant's rows. */
static bool source_fill_whole(struct line_source *s, struct line *ln)
{
    const char *start = s->chunk + s->chunk_pos, *nl;
    size_t take;

    if (s->skipping || s->chunk_pos == s->chunk_end
        || (nl = memchr(start, '\n', s->chunk_end - s->chunk_pos)) == NULL
        || (take = (size_t)(nl - start)) >= ln->cap || take > LINE_MAX_BYTES)
        return false;
    memcpy(ln->text, start, take);
    ln->text[take] = '\0';
    ln->len = take;
    ln->fault = FAULT_NONE;
    ln->fault_at = 0;
    s->chunk_pos += take + 1;
    s->lines_read++;
    s->last_terminated = true;
    ln->number = s->lines_read;
    line_check(ln);
    if (ln->fault == FAULT_BINARY)
        source_stop(s);
    return true;
}

static bool source_fill(struct line_source *s, struct line *ln)
{
    bool terminated;

    if (source_fill_whole(s, ln))
        return true;
    ln->len = 0;
    ln->fault = FAULT_NONE;
    ln->fault_at = 0;
    if (ln->cap == 0)
        ln->text = xgrow(ln->text, &ln->cap, 1, 1);
    if (!source_read_raw(s, ln, &terminated)) {
        /* A read error becomes one last line carrying it. */
        if (!s->read_failed || s->read_reported)
            return false;
        s->read_reported = true;
        ln->fault = FAULT_READ;
        ln->number = s->lines_read + 1;
        ln->text[0] = '\0';
        return true;
    }
    s->lines_read++;
    s->last_terminated = terminated;
    ln->number = s->lines_read;
    ln->text[ln->len] = '\0';
    if (ln->fault == FAULT_NONE)
        line_check(ln);
    if (ln->fault == FAULT_BINARY)
        source_stop(s);     /* a file with a NUL byte is binary data: its lines are no puzzles */
    return true;
}

/* The kth line ahead (0 = the current one), or NULL past the end of the input. */
static const struct line *source_peek(struct line_source *s, int k)
{
    while (s->count <= k) {
        struct line *ln = &s->ring[(s->head + s->count) & (RING_SLOTS - 1)];
        if (!source_fill(s, ln))
            return NULL;
        s->count++;
    }
    return &s->ring[(s->head + k) & (RING_SLOTS - 1)];
}

/* Moves past the current line.  Its text stays valid until the next peek. */
static void source_drop(struct line_source *s)
{
    if (s->count > 0) {
        s->head = (s->head + 1) & (RING_SLOTS - 1);
        s->count--;
    }
}

/* The line number where the input ended, for "unexpected end of file". */
static long source_end_line(const struct line_source *s)
{
    return s->lines_read + (s->last_terminated || s->lines_read == 0);
}

static bool is_space(int ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f';
}

enum line_kind { LINE_BLANK, LINE_COMMENT, LINE_CONTENT };

/* A faulty line counts as content, so that whoever reads it reports the fault. */
static enum line_kind line_kind(const struct line *ln)
{
    size_t i = 0;

    if (ln->fault != FAULT_NONE)
        return LINE_CONTENT;
    while (i < ln->len && is_space(ln->text[i]))
        i++;
    if (i == ln->len)
        return LINE_BLANK;
    return ln->text[i] == '#' ? LINE_COMMENT : LINE_CONTENT;
}

/* A position in a line; col counts characters, not bytes (the line is valid UTF-8). */
struct cursor {
    const struct line *ln;
    size_t off;
    long col;
};

static struct cursor cursor_at_start(const struct line *ln)
{
    return (struct cursor){ .ln = ln, .off = 0, .col = 1 };
}

/* The byte under the cursor, or -1 at the end of the line. */
static int cursor_byte(const struct cursor *c)
{
    return c->off < c->ln->len ? (unsigned char)c->ln->text[c->off] : -1;
}

static void cursor_step(struct cursor *c)
{
    c->off++;
    /* The column moves on when a new character starts (not on a continuation byte). */
    if (c->off >= c->ln->len || ((unsigned char)c->ln->text[c->off] & 0xC0) != 0x80)
        c->col++;
}

static void cursor_skip_spaces(struct cursor *c)
{
    while (is_space(cursor_byte(c)))
        cursor_step(c);
}

/* A word of the input and where it starts. */
struct token {
    const char *s;
    size_t len;
    long line, col;
};

/* The next whitespace-separated token from c; false at the end of the line. */
static bool cursor_token(struct cursor *c, struct token *t)
{
    cursor_skip_spaces(c);
    if (cursor_byte(c) < 0)
        return false;
    t->s = c->ln->text + c->off;
    t->line = c->ln->number;
    t->col = c->col;
    while (cursor_byte(c) >= 0 && !is_space(cursor_byte(c)))
        cursor_step(c);
    t->len = (size_t)(c->ln->text + c->off - t->s);
    return true;
}

/* ===================================================================================
 * The reader
 * =================================================================================== */

/* Where a cell (or a clue) was read, for errors found once the whole puzzle is in. */
struct srcpos {
    long line, col;
};

struct reader {
    char *name;
    enum format_id format;  /* forced, or detected from the first puzzle */
    struct line_source src;
    bool done;              /* nothing more can be read after an error that loses sync */
    bool detect_again;      /* the format is still to be found after the last error */
    bool skip_block;        /* after an error in a multi-line puzzle: skip to the next */
    bool hit_end;           /* the last error was an unexpected end of the input */
    int line_size;          /* FORMAT_SUDOKU_LINE: N, fixed by the first puzzle */
    long cases_left;        /* FORMAT_KAKURO2: -1 before the count is read */
    long cases_total;
    struct cursor tok;      /* FORMAT_KAKURO2: the token stream's place ... */
    long tok_line;          /* ... and its line number, 0 when at no line */
    struct srcpos *pos;     /* per cell; for KAKURO2 also per across and down clue */
    size_t pos_cap;
    bool clue_pos;          /* pos holds the KAKURO2 clue positions too */
    long packed_line;       /* not 0: pos is not filled in, cell i was read at column i+1
                             * of this line (a one-line Sudoku read in one pass) */
    struct puzzle *shape;   /* an empty Sudoku of the size last read, whose groups the
                             * next of that size copies rather than builds */
    struct puzzle *variant_shape;   /* the same for a variant whose groups are its size's
                                     * (Sudoku X): fmt_finish_variant_groups */
    digitset *marks;        /* FORMAT_PENCILMARKS: the last puzzle's candidates */
    size_t marks_cap;
    bool has_marks;         /* marks belong to the last puzzle read */
    bool leave_givens;      /* reader_leave_givens: one-line Sudoku unchecked ... */
    long unchecked_line;    /* ... and the line of the last puzzle read so, else 0, */
    bool unchecked_rows;    /* its digits in rows from that line on, or all on it */
    /* Puzzles handed back (reader_give_back), of shape's layout, to be filled in again:
     * as many as a caller keeps in flight (solve's window), so that none is allocated
     * once the first are. */
    struct puzzle *spare[READER_SPARE_PUZZLES];
    int nspare;
    void *scratch;          /* fmt_scratch's room */
    size_t scratch_cap;
};

static int fail(const struct reader *r, struct format_error *err, long line, long col,
                const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static int fail(const struct reader *r, struct format_error *err, long line, long col,
                const char *fmt, ...)
{
    va_list ap;

    util_copy_cut(err->file, sizeof err->file, r->name);
    err->line = line;
    err->col = col;
    /* fmt is translated here: xgettext takes the callers' messages (po/Makevars). */
    va_start(ap, fmt);
    util_vformat_cut(err->message, sizeof err->message, _(fmt), ap);
    va_end(ap);
    return -1;
}

static int fail_fault(const struct reader *r, struct format_error *err, const struct line *ln)
{
    long col = (long)util_utf8_count((const uint8_t *)ln->text, ln->fault_at) + 1;

    switch (ln->fault) {
    case FAULT_TOO_LONG:
        return fail(r, err, ln->number, 0, "line too long (more than %d bytes)", LINE_MAX_BYTES);
    case FAULT_BINARY:
        return fail(r, err, ln->number, col, "binary data (a NUL byte): expected a text file");
    case FAULT_NOT_UTF8:
        return fail(r, err, ln->number, col, "not UTF-8 text");
    case FAULT_READ:
        if (r->src.read_errno == EISDIR)    /* was "read error: Is a directory" */
            return fail(r, err, 0, 0, "a directory: expected a file of puzzles");
        return fail(r, err, 0, 0, "read error: %s", strerror(r->src.read_errno));
    case FAULT_NONE:
        break;
    }
    return fail(r, err, ln->number, 0, "internal error: a line without fault");
}

static int fail_at_end(struct reader *r, struct format_error *err, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int fail_at_end(struct reader *r, struct format_error *err, const char *fmt, ...)
{
    char what[200];
    va_list ap;

    r->hit_end = true;
    va_start(ap, fmt);
    util_vformat_cut(what, sizeof what, _(fmt), ap);
    va_end(ap);
    return fail(r, err, source_end_line(&r->src), 0, "unexpected end of file: expected %s", what);
}

static void reader_need_positions(struct reader *r, int ncells)
{
    r->pos = xgrow(r->pos, &r->pos_cap, (size_t)ncells * 3, sizeof *r->pos);
}

/* Whether the run from Kakuro clue cell `clue` (across or down) is one puzzle_finish
 * rejects: it tells which of a cell's two clues an error is about. */
static bool kakuro_run_is_bad(const struct puzzle *p, int clue, bool across)
{
    int sum = across ? p->across[clue] : p->down[clue];
    int row = clue / p->width + !across, col = clue % p->width + across, n = 0;

    if (sum == 0)
        return false;
    while (row < p->height && col < p->width && !p->block[puzzle_index(p, row, col)]) {
        n++;
        row += !across;
        col += across;
    }
    return !kakuro_sum_possible(n, sum);
}

static struct srcpos error_position(const struct reader *r, const struct puzzle *p, int cell)
{
    if (cell < 0 || cell >= p->ncells)
        return (struct srcpos){ 0, 0 };
    if (r->packed_line > 0)
        return (struct srcpos){ r->packed_line, (long)cell + 1 };
    if (r->clue_pos && p->block[cell]) {
        bool across = p->across[cell] && (kakuro_run_is_bad(p, cell, true) || !p->down[cell]);
        if (p->across[cell] || p->down[cell])
            return r->pos[(across ? 1 : 2) * p->ncells + cell];
    }
    return r->pos[cell];
}

/* Frees p and reports where its fault lies, from puzzle_finish's error. */
static int fail_puzzle(struct reader *r, struct puzzle *p, const struct puzzle_error *perr,
                       struct format_error *err)
{
    struct srcpos at = error_position(r, p, perr->cell);

    fail(r, err, at.line, at.col, "%s", perr->message);
    puzzle_free(p);
    return -1;
}

/* A one-line Sudoku given its groups (puzzle_new_like): its givens checked, or left to
 * the caller (reader_leave_givens). */
static int finish_givens(struct reader *r, struct puzzle *p, struct puzzle **out,
                         struct format_error *err)
{
    struct puzzle_error perr;

    if (r->leave_givens)
        r->unchecked_line = r->packed_line;
    else if (!puzzle_check_givens(p, &perr))
        return fail_puzzle(r, p, &perr, err);
    *out = p;
    return 1;
}

/* Checks a puzzle read whole; on failure frees it and reports where the fault lies. */
static int finish_puzzle(struct reader *r, struct puzzle *p, struct puzzle **out,
                         struct format_error *err)
{
    struct puzzle_error perr;
    bool ok;

    if (p->ops->kind == PUZZLE_SUDOKU) {
        if (r->shape == NULL || r->shape->width != p->width) {
            puzzle_free(r->shape);
            r->shape = sudoku_new(p->box_rows, p->box_cols);
            /* The puzzles handed back have the old shape's layout. */
            while (r->nspare > 0)
                puzzle_free(r->spare[--r->nspare]);
        }
        /* Left to the caller only where the error's place is the line alone. */
        if (r->leave_givens && r->packed_line > 0 && p->variant == 0) {
            ok = puzzle_finish_like_unchecked(p, r->shape, &perr);
            r->unchecked_line = r->packed_line;
        } else {
            ok = puzzle_finish_like(p, r->shape, &perr);
        }
    } else {
        ok = puzzle_finish(p, &perr);
    }
    if (!ok)
        return fail_puzzle(r, p, &perr, err);
    *out = p;
    return 1;
}

/* Skips blank and comment lines up to the next content line.  A comment line right
 * before it names the puzzle (its first word, its control characters escaped as in a
 * message: a name is shown as it is read).  False at the end of the input. */
static bool reach_puzzle(struct reader *r, char **name)
{
    *name = NULL;
    for (;;) {
        const struct line *ln = source_peek(&r->src, 0);
        enum line_kind kind;

        if (ln == NULL)
            break;
        kind = line_kind(ln);
        if (kind == LINE_CONTENT)
            return true;
        free(*name);
        *name = NULL;
        if (kind == LINE_COMMENT) {
            const char *s = strchr(ln->text, '#') + 1;
            size_t n;
            s += strspn(s, " \t");
            n = strcspn(s, " \t\r\v\f");
            if (n > 0 && n <= NAME_MAX_BYTES)   /* printed by solve, hint, rate, the player */
                *name = util_escape_controls_n(s, n);
        }
        source_drop(&r->src);
    }
    free(*name);
    *name = NULL;
    return false;
}

/* After an error inside a multi-line puzzle: its remaining lines up to a blank or a
 * comment line. */
static void skip_rest_of_puzzle(struct reader *r)
{
    const struct line *ln;

    while ((ln = source_peek(&r->src, 0)) != NULL && line_kind(ln) == LINE_CONTENT)
        source_drop(&r->src);
}

/* ===================================================================================
 * Sudoku: symbols, rows, one-line puzzles and grids
 * =================================================================================== */

/* 0 for an empty cell ('0', '.'), the digit of a symbol, -1 for anything else. */
static int symbol_value(int ch)
{
    int v;

    if (ch >= '0' && ch <= '9')
        return ch - '0';
    if (ch == '.')
        return 0;
    if (ch < 0 || ch > 0x7f)
        return -1;
    v = sudoku_symbol_value(ch);
    return v > 0 ? v : -1;
}

static bool sudoku_size_ok(int n)
{
    int rows, cols;
    return sudoku_box_shape(n, &rows, &cols);
}

/* n if count is n*n for a supported Sudoku size n, else 0. */
static int sudoku_size_of_square(int count)
{
    for (int n = SUDOKU_MIN_SIZE; n <= SUDOKU_MAX_SIZE; n++)
        if (n * n == count && sudoku_size_ok(n))
            return n;
    return 0;
}

static bool is_row_separator(int ch)
{
    return ch == '|';
}

/* A line of dashes ('-' or '='), blanks and corners ('+' '|', and with pm_corners the
 * pencil-mark forums' '.' ':' '\'' '*') only, at least one dash among them.  Compared a
 * character at a time: every line a reader looks at as a grid's row is asked. */
static bool is_dash_line(const struct line *ln, bool pm_corners)
{
    bool dash = false;

    if (ln->fault != FAULT_NONE)
        return false;
    for (size_t i = 0; i < ln->len; i++) {
        char ch = ln->text[i];
        if (ch == '-' || ch == '=')
            dash = true;
        else if (ch != '+' && ch != '|' && !is_space(ch)
                 && !(pm_corners && (ch == '.' || ch == ':' || ch == '\'' || ch == '*')))
            return false;
    }
    return dash;
}

/* A line of box separators only, as "------+-------+------" or "+---+---+". */
static bool is_separator_line(const struct line *ln)
{
    return is_dash_line(ln, false);
}

/* A piece of a row: a run of characters between spaces and '|'. */
static bool row_piece(struct cursor *c, struct token *t, bool *boxed)
{
    for (;;) {
        int ch = cursor_byte(c);
        if (is_row_separator(ch) && boxed != NULL)
            *boxed = true;
        if (!is_space(ch) && !is_row_separator(ch))
            break;
        cursor_step(c);
    }
    if (cursor_byte(c) < 0)
        return false;
    t->s = c->ln->text + c->off;
    t->line = c->ln->number;
    t->col = c->col;
    while (cursor_byte(c) >= 0 && !is_space(cursor_byte(c)) && !is_row_separator(cursor_byte(c)))
        cursor_step(c);
    t->len = (size_t)(c->ln->text + c->off - t->s);
    return true;
}

/* The value of a decimal piece ("10") up to the largest digit, or -1. */
static int piece_number(const struct token *t)
{
    int v = 0;

    if (t->len == 0 || t->len > 2)
        return -1;
    for (size_t i = 0; i < t->len; i++) {
        if (t->s[i] < '0' || t->s[i] > '9')
            return -1;
        v = v * 10 + (t->s[i] - '0');
    }
    return v <= PUZZLE_MAX_DIGIT ? v : -1;
}

/* The value of a piece of a spaced row: one symbol, or a number 10, 11...; -1 if neither. */
static int piece_value(const struct token *t)
{
    if (t->len == 1)
        return symbol_value((unsigned char)t->s[0]);
    return piece_number(t);
}

/* What a Sudoku row looks like before its size is known. */
struct row_shape {
    bool spaced;        /* its symbols are separated by spaces (or '|') */
    int pieces;         /* runs of characters between spaces and '|' */
    int count;          /* symbols before anything that is not one */
    int max_value;      /* largest digit among them */
    int loose;          /* pieces or characters, as if everything were a symbol */
    int loose_max;
};

/* A row is spaced when it has two pieces or more and each is one character or a number
 * (so "1 2 3" and "10 0 3" are spaced; "123 456 789" is not). */
static void row_shape(const struct line *ln, struct row_shape *sh)
{
    struct cursor c = cursor_at_start(ln);
    struct token t;
    int pieces = 0;
    bool counting = true;

    memset(sh, 0, sizeof *sh);
    sh->spaced = true;
    while (row_piece(&c, &t, NULL)) {
        pieces++;
        if (t.len > 1 && piece_number(&t) < 0)
            sh->spaced = false;
    }
    sh->spaced = sh->spaced && pieces >= 2;
    sh->pieces = pieces;
    c = cursor_at_start(ln);
    while (row_piece(&c, &t, NULL)) {
        size_t n = sh->spaced ? 1 : t.len;
        for (size_t i = 0; i < n; i++) {
            int v = sh->spaced ? piece_value(&t) : symbol_value((unsigned char)t.s[i]);
            if (v < 0)
                counting = false;
            if (counting) {
                sh->count++;
                sh->max_value = v > sh->max_value ? v : sh->max_value;
            }
            sh->loose++;
            sh->loose_max = v > sh->loose_max ? v : sh->loose_max;
        }
    }
}

/* Row sizes as a grid row (n symbols) or a one-line puzzle (n*n); 0 where it is none. */
static void row_sizes(const struct row_shape *sh, int *grid_n, int *line_n)
{
    int counts[2] = { sh->count, sh->loose }, maxes[2] = { sh->max_value, sh->loose_max };

    *grid_n = *line_n = 0;
    for (int k = 0; k < 2 && *grid_n == 0 && *line_n == 0; k++) {
        int sq = sudoku_size_of_square(counts[k]);
        if (sq != 0 && maxes[k] <= sq)
            *line_n = sq;
        if (sudoku_size_ok(counts[k]) && maxes[k] <= counts[k])
            *grid_n = counts[k];
    }
}

/* Whether every character of the piece is a symbol of a grid of side n. */
static bool symbols_at_most(const struct token *t, int n)
{
    for (size_t i = 0; i < t->len; i++) {
        int v = symbol_value((unsigned char)t->s[i]);
        if (v < 0 || v > n)
            return false;
    }
    return true;
}

/* The side of a one-line puzzle followed by words or numbers ("PUZZLE 9.0", "PUZZLE
 * hard"), from its first piece; 0 if it is none.  row_sizes counts the symbols on into
 * what follows, so such a first line was "not a puzzle" (or, forced, "got 84 symbols")
 * where the same line further down read, its rest ignored. */
static int first_piece_side(const struct line *ln, const struct row_shape *sh)
{
    struct cursor c = cursor_at_start(ln);
    struct token t, u;
    int n;

    if (sh->pieces < 2 || !row_piece(&c, &t, NULL))
        return 0;
    /* A stray space in the puzzle ("PUZZLE-A PUZZLE-B 9.0"): the first two pieces, as the
     * same line further down reads them, where the first alone is no square. */
    if (sudoku_size_of_square((int)t.len) == 0 && sh->pieces >= 3 && row_piece(&c, &u, NULL)
        && t.len > 1 && u.len > 1 && (n = sudoku_size_of_square((int)(t.len + u.len))) != 0)
        return symbols_at_most(&t, n) && symbols_at_most(&u, n) ? n : 0;
    if ((n = sudoku_size_of_square((int)t.len)) == 0)
        return 0;
    return symbols_at_most(&t, n) ? n : 0;
}

static const char *symbol_alphabet(int n, bool spaced, char *buf, size_t size)
{
    if (n <= 9)
        snprintf(buf, size, _("a digit 0-%d or '.'"), n);
    else if (n == 10)
        snprintf(buf, size, "%s", spaced ? _("a number 0-10, the letter A or '.'")
                 : _("a digit 0-9, the letter A or '.'"));
    else if (spaced)
        snprintf(buf, size, _("a number 0-%d, a letter A-%c or '.'"), n, sudoku_symbol(n));
    else
        snprintf(buf, size, _("a digit 0-9, a letter A-%c or '.'"), sudoku_symbol(n));
    return buf;
}

/* What was seen while reading Sudoku symbols, to write the solution the same way. */
struct sudoku_look {
    bool spaced, boxed, numbers;
    char empty;
};

/* symbol_value as a table, for the loop over a line's symbols: a branch per symbol
 * ('.' or a digit, at random) would be mispredicted half the time. */
static int8_t symbol_values[256];

static void build_symbol_values(void)
{
    for (int ch = 0; ch < 256; ch++)
        symbol_values[ch] = (int8_t)symbol_value(ch > 0x7f ? -1 : ch);
}

/* The common case in one pass: the line starts with its `want` symbols, nothing between
 * them, and what follows is allowed.  False sends the line to the general reader, which
 * also finds the errors. */
static bool read_packed_symbols(const struct line *ln, int n, int want, bool one_line,
                                uint8_t *digits, struct srcpos *pos, struct sudoku_look *look)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    const unsigned char *text = (const unsigned char *)ln->text;
    size_t w = (size_t)want;
    unsigned bad = 0;

    if (ln->len < w)
        return false;
    pthread_once(&once, build_symbol_values);
    for (size_t i = 0; i < w; i++) {
        int v = symbol_values[text[i]];

        bad |= (unsigned)(v < 0) | (unsigned)(v > n);
        digits[i] = (uint8_t)v;
    }
    if (bad)
        return false;
    if (one_line ? symbol_value(text[w]) >= 0 && w < ln->len
                 : strspn(ln->text + w, " \t|") != ln->len - w)
        return false;
    for (size_t i = 0; pos != NULL && i < w; i++)
        pos[i] = (struct srcpos){ ln->number, (long)i + 1 };
    if (look->empty == '\0') {
        const uint8_t *empty = memchr(digits, 0, w);

        if (empty != NULL)
            look->empty = ln->text[empty - digits] == '.' ? '.' : '0';
    }
    look->spaced = false;
    return true;
}

/* Reads `want` symbols of a Sudoku of size n from ln into digits and their positions.
 * A one-line puzzle may go on after its symbols (tdoku's "puzzle:count:solution"); a
 * grid row may not.  In a grid whose rows are spaced (spaced_grid), a row with spaces is
 * read spaced even with a bad piece in it, so that the piece is what the error quotes. */
static int read_symbols(struct reader *r, const struct line *ln, int n, int want,
                        bool one_line, bool spaced_grid, uint8_t *digits, struct srcpos *pos,
                        struct sudoku_look *look, struct format_error *err)
{
    struct row_shape sh;
    struct cursor c = cursor_at_start(ln);
    struct token t;
    char alpha[80], got[UTIL_QUOTE_SIZE];
    int count = 0;

    /* A one-line puzzle read in one pass has its positions in r->packed_line. */
    if (read_packed_symbols(ln, n, want, one_line, digits, one_line ? NULL : pos, look)) {
        r->packed_line = one_line ? ln->number : 0;
        return 1;
    }
    r->packed_line = 0;
    row_shape(ln, &sh);
    if (spaced_grid && sh.pieces >= 2)
        sh.spaced = true;
    look->spaced = sh.spaced;
    while (row_piece(&c, &t, &look->boxed)) {
        size_t pieces = sh.spaced ? 1 : t.len;
        for (size_t i = 0; i < pieces; i++) {
            const char *s = sh.spaced ? t.s : t.s + i;
            int n8 = sh.spaced ? 0 : util_utf8_len((const uint8_t *)s, t.len - i);
            size_t len = sh.spaced ? t.len : (size_t)(n8 > 0 ? n8 : 1);
            /* Within a piece every character before this one was an ASCII symbol. */
            long col = t.col + (long)i;
            int v = sh.spaced ? piece_value(&t) : symbol_value((unsigned char)*s);

            if (count == want) {
                if (one_line && (sh.spaced || i == 0 || v < 0))
                    return 1;   /* the rest of the line is not the puzzle's */
                if (v >= 0)
                    return fail(r, err, ln->number, col,
                                one_line ? N_("too many symbols: expected %d on the line")
                                : N_("too many symbols: expected %d in a row"), want);
            }
            if (v < 0 || v > n)
                return fail(r, err, ln->number, col, "expected %s, got '%s'",
                            symbol_alphabet(n, sh.spaced, alpha, sizeof alpha),
                            util_quote(s, len, got, sizeof got));
            if (v == 0 && look->empty == '\0')
                look->empty = *s == '.' ? '.' : '0';
            if (len > 1)
                look->numbers = true;
            digits[count] = (uint8_t)v;
            pos[count] = (struct srcpos){ ln->number, col };
            count++;
            i += len - 1;
        }
    }
    if (count < want)
        return fail(r, err, ln->number, c.col, "expected %d symbols, got %d", want, count);
    return 1;
}

/* An empty Sudoku of a size the caller has checked, its groups still to be built by
 * finish_puzzle (sudoku_new would build them twice: a cost in million-line files). */
static struct puzzle *sudoku_of_size(int n)
{
    int rows = 0, cols = 0;
    struct puzzle *p;

    if (!sudoku_box_shape(n, &rows, &cols))
        fatal("internal error: no Sudoku of size %d", n);
    p = puzzle_alloc(&sudoku_ops, n, n, n);
    p->box_rows = rows;
    p->box_cols = cols;
    return p;
}

static void set_sudoku_style(struct format_style *style, enum format_id id, const struct sudoku_look *look)
{
    style->id = id;
    style->spaced = look->spaced;
    style->boxed = look->boxed;
    style->numbers = look->numbers;
    style->empty = look->empty != '\0' ? look->empty : '.';
}

/* Eight symbols of a 9x9 one-line Sudoku ('1'-'9', '0' or '.' for empty) as digits, at
 * once; false when one of them is anything else. */
static bool packed_word_digits(const char *text, uint8_t *digits)
{
    const uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
    uint64_t word, x, dots;

    memcpy(&word, text, 8);
    x = word ^ (ones * '0');                    /* '0'-'9' -> 0-9 */
    /* Bytes that were '.', found exactly: a zero byte of x ^ ('.' ^ '0'). */
    dots = x ^ (ones * ('.' ^ '0'));
    dots = ~(((dots & ~high) + ~high) | dots | ~high) & high;
    x &= ~((dots >> 7) * 0xff);
    memcpy(digits, &x, 8);
    /* Every byte now below 10: adding 118 leaves the top bit clear. */
    return (((x & ~high) + ones * 118) | x) & high ? false : true;
}

/* The common case of a 9x9 one-line file, read where it lies in the input buffer without
 * copying the line: 81 symbols then the line end, the line wholly in the buffer and no
 * line held for lookahead.  0 when the line is not of that kind: the general reader then
 * takes it (and reports its faults). */
static int read_sudoku_line_in_place(struct reader *r, struct puzzle **out,
                                     struct format_style *style, struct format_error *err)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    struct line_source *src = &r->src;
    const char *text = src->chunk + src->chunk_pos;
    size_t avail = src->chunk_end - src->chunk_pos, end;
    uint8_t digits[88];
    const uint8_t *empty;
    bool ok = true;
    struct puzzle *p;

    if (r->line_size != 9 || src->count != 0 || avail < 83 || src->skipping)
        return 0;
    end = text[81] == '\n' ? 82 : text[81] == '\r' && text[82] == '\n' ? 83 : 0;
    if (end == 0)
        return 0;
    for (int i = 0; i < 80; i += 8)
        ok &= packed_word_digits(text + i, digits + i);
    digits[80] = (uint8_t)(text[80] == '.' ? 0 : text[80] - '0');
    if (!ok || digits[80] > 9)
        return 0;
    src->chunk_pos += end;
    src->lines_read++;
    src->last_terminated = true;
    r->packed_line = src->lines_read;
    empty = memchr(digits, 0, 81);
    *style = (struct format_style){
        .id = FORMAT_SUDOKU_LINE,
        .empty = empty != NULL && text[empty - digits] == '0' ? '0' : '.',
    };
    /* No 9x9 read yet (the first line was not one): the puzzle's groups are built. */
    if (r->shape == NULL || r->shape->width != 9) {
        p = sudoku_of_size(9);
        memcpy(p->given, digits, 81);
        return finish_puzzle(r, p, out, err);
    }
    /* Every 9x9 one-line puzzle has the shape's layout: it takes the groups unchecked,
     * or is one handed back, which has them. */
    p = r->nspare > 0 ? r->spare[--r->nspare] : puzzle_new_like(r->shape);
    memcpy(p->given, digits, 81);
    return finish_givens(r, p, out, err);
#else
    (void)r, (void)out, (void)style, (void)err;
    return 0;
#endif
}

/* Where a one-line Sudoku of the wrong length goes wrong: past its last symbol when it
 * is short of the nearest square's, else at the first symbol beyond it; 0 (no column)
 * for symbols spaced out or split by '|'. */
static long miscount_col(const struct line *ln, const struct row_shape *sh)
{
    struct cursor c = cursor_at_start(ln);
    struct token t;
    int side = SUDOKU_MIN_SIZE, at;

    if (sh->pieces > 2 || (sh->pieces == 2 && (sh->spaced || sh->count != sh->loose))
        || !row_piece(&c, &t, NULL))
        return 0;
    for (int n = SUDOKU_MIN_SIZE + 1; n <= SUDOKU_MAX_SIZE; n++)
        if (abs(n * n - sh->loose) < abs(side * side - sh->loose))
            side = n;
    /* Counted on past a stray space into the second piece: its symbols are the puzzle's. */
    at = sh->loose < side * side ? sh->loose : side * side;
    if (sh->pieces == 2 && (at > (int)t.len || (at == (int)t.len && sh->loose > side * side))) {
        at -= (int)t.len;
        if (!row_piece(&c, &t, NULL))
            return 0;
    }
    return t.col + at;
}

static int read_sudoku_line(struct reader *r, struct puzzle **out, struct format_style *style,
                            struct format_error *err)
{
    const struct line *ln;
    struct sudoku_look look = { .spaced = false };
    struct puzzle *p;
    int rc = read_sudoku_line_in_place(r, out, style, err);

    if (rc != 0)
        return rc;
    while ((ln = source_peek(&r->src, 0)) != NULL && line_kind(ln) != LINE_CONTENT)
        source_drop(&r->src);
    if (ln == NULL)
        return 0;
    /* Consumed whatever happens, so that the next call goes on with the next line. */
    source_drop(&r->src);
    if (ln->fault != FAULT_NONE)
        return fail_fault(r, err, ln);
    if (r->line_size == 0) {
        struct row_shape sh;
        int grid_n;
        row_shape(ln, &sh);
        row_sizes(&sh, &grid_n, &r->line_size);
        if (r->line_size == 0)
            r->line_size = first_piece_side(ln, &sh);
        if (r->line_size == 0)
            return fail(r, err, ln->number, miscount_col(ln, &sh), "expected a one-line Sudoku of N*N symbols "
                        "(81 for 9x9), got %d symbols", sh.loose);
    }
    p = sudoku_of_size(r->line_size);
    reader_need_positions(r, p->ncells);
    rc = read_symbols(r, ln, r->line_size, p->ncells, true, false, p->given, r->pos, &look, err);
    if (rc < 0) {
        puzzle_free(p);
        return rc;
    }
    look.spaced = false;
    look.boxed = false;
    set_sudoku_style(style, FORMAT_SUDOKU_LINE, &look);
    return finish_puzzle(r, p, out, err);
}

/* The size of the grid whose first row is ln, or 0 after reporting an error. */
static int grid_size(const struct reader *r, const struct line *ln, struct format_error *err)
{
    struct row_shape sh;
    int n, line_n;

    row_shape(ln, &sh);
    row_sizes(&sh, &n, &line_n);
    if (n == 0)
        fail(r, err, ln->number, 0, "expected a Sudoku row of N symbols "
             "(N = 4, 6, 8, 9, 10, 12, 14, 15, 16, ... 25), got %d", sh.loose);
    return n;
}

static int read_sudoku_grid(struct reader *r, struct puzzle **out, struct format_style *style,
                            struct format_error *err)
{
    struct sudoku_look look = { .spaced = false }, first = { .spaced = false };
    struct puzzle *p = NULL;
    char *name;
    long start = 0;
    int n = 0, rows = 0, rc;

    if (!reach_puzzle(r, &name))
        return 0;
    while (p == NULL || rows < n) {
        const struct line *ln = source_peek(&r->src, 0);
        enum line_kind kind = ln != NULL ? line_kind(ln) : LINE_BLANK;

        if (ln == NULL && p == NULL) {
            rc = 0;     /* only box separators were left */
            goto out;
        }
        if (ln == NULL) {
            rc = fail_at_end(r, err, P_("%d more row", "%d more rows", (unsigned long)(n - rows)), n - rows);
            goto out;
        }
        if (kind == LINE_BLANK && p != NULL) {
            rc = fail(r, err, start, 0, "expected %d rows, got %d", n, rows);
            goto out;
        }
        if (kind != LINE_CONTENT || is_separator_line(ln)) {
            look.boxed |= kind == LINE_CONTENT;
            source_drop(&r->src);
            continue;
        }
        if (ln->fault != FAULT_NONE) {
            rc = fail_fault(r, err, ln);
            goto out;
        }
        if (p == NULL) {
            if ((n = grid_size(r, ln, err)) == 0) {
                rc = -1;
                goto out;
            }
            p = sudoku_of_size(n);
            reader_need_positions(r, p->ncells);
            start = ln->number;
        }
        rc = read_symbols(r, ln, n, n, false, rows > 0 && first.spaced, p->given + rows * n,
                          r->pos + rows * n, &look, err);
        if (rc < 0)
            goto out;
        if (rows == 0)
            first = look;
        rows++;
        source_drop(&r->src);
    }
    first.boxed = look.boxed;
    first.numbers = look.numbers;
    first.empty = look.empty;
    set_sudoku_style(style, FORMAT_SUDOKU_GRID, &first);
    puzzle_set_name(p, name);
    rc = finish_puzzle(r, p, out, err);
    p = NULL;
out:
    puzzle_free(p);
    free(name);
    return rc;
}

/* ===================================================================================
 * KAKURO2 (algospot): a token stream of case count, size, 0/1 board, clue count, clues
 * =================================================================================== */

/* The next token of the stream, skipping line ends and comment lines; 0 at the end. */
static int stream_token(struct reader *r, struct token *t, struct format_error *err)
{
    for (;;) {
        const struct line *ln = source_peek(&r->src, 0);

        if (ln == NULL)
            return 0;
        if (r->tok_line != ln->number) {
            if (ln->fault != FAULT_NONE)
                return fail_fault(r, err, ln);
            if (line_kind(ln) == LINE_COMMENT) {
                source_drop(&r->src);
                continue;
            }
            r->tok = cursor_at_start(ln);
            r->tok_line = ln->number;
        }
        if (cursor_token(&r->tok, t))
            return 1;
        source_drop(&r->src);
        r->tok_line = 0;
    }
}

static bool token_number(const struct token *t, long min, long max, long *value)
{
    long v = 0;

    if (t->len == 0 || t->len > 9)
        return false;
    for (size_t i = 0; i < t->len; i++) {
        if (t->s[i] < '0' || t->s[i] > '9')
            return false;
        v = v * 10 + (t->s[i] - '0');
    }
    *value = v;
    return v >= min && v <= max;
}

/* The next number in min..max; 0 at the end of the input (the caller says what was
 * missing), -1 when the token is something else (what says what was expected). */
static int stream_number(struct reader *r, long min, long max, const char *what, long *value,
                         struct token *t, struct format_error *err)
{
    char got[UTIL_QUOTE_SIZE];
    int rc = stream_token(r, t, err);

    if (rc <= 0)
        return rc;
    if (!token_number(t, min, max, value))
        return fail(r, err, t->line, t->col, "expected %s, got '%s'", _(what),
                    util_quote(t->s, t->len, got, sizeof got));
    return 1;
}

static int kakuro2_board(struct reader *r, struct puzzle *p, struct format_error *err)
{
    int n = p->width;

    for (int cell = 0; cell < p->ncells; cell++) {
        struct token t;
        long v;
        int rc = stream_number(r, 0, 1, "0 (black) or 1 (white)", &v, &t, err);
        if (rc == 0) {
            int more = n - cell / n;
            return fail_at_end(r, err, P_("%d more row of the board", "%d more rows of the board",
                                                  (unsigned long)more), more);
        }
        if (rc < 0)
            return rc;
        p->block[cell] = v == 0;
        r->pos[cell] = (struct srcpos){ t.line, t.col };
    }
    return 1;
}

static int kakuro2_clue(struct reader *r, struct puzzle *p, long left, struct format_error *err)
{
    long n = p->width, y, x, dir, sum;
    char what[40], name[PUZZLE_CELL_NAME_MAX];
    struct token ty, t;
    uint8_t *slot;
    int rc, cell;

    snprintf(what, sizeof what, _("a row 1-%ld"), n);
    if ((rc = stream_number(r, 1, n, what, &y, &ty, err)) == 1) {
        snprintf(what, sizeof what, _("a column 1-%ld"), n);
        if ((rc = stream_number(r, 1, n, what, &x, &t, err)) == 1
            && (rc = stream_number(r, 0, 1, "a direction, 0 (across) or 1 (down)", &dir, &t, err)) == 1)
            rc = stream_number(r, 1, KAKURO_MAX_SUM, "a sum 1-45", &sum, &t, err);
    }
    if (rc == 0)
        return fail_at_end(r, err, P_("%ld more clue", "%ld more clues", (unsigned long)left), left);
    if (rc < 0)
        return rc;
    cell = (int)((y - 1) * n + (x - 1));
    puzzle_cell_name(p, cell, name);
    if (!p->block[cell])
        return fail(r, err, ty.line, ty.col, "a clue on the white cell %s: clues sit in black cells", name);
    slot = dir == 0 ? &p->across[cell] : &p->down[cell];
    if (*slot != 0)
        return fail(r, err, ty.line, ty.col, "a second %s clue for %s", dir == 0 ? _("across") : _("down"), name);
    *slot = (uint8_t)sum;
    r->pos[(dir == 0 ? 1 : 2) * p->ncells + cell] = (struct srcpos){ ty.line, ty.col };
    return 1;
}

/* KAKURO2 lists a clue for every run, so a run without one is a fault there (it could
 * not be written back either), unlike in the grid format where it has no sum. */
static int kakuro2_check_clued(struct reader *r, struct puzzle **out, struct format_error *err)
{
    struct puzzle *p = *out;

    for (int g = 0; g < p->ngroups; g++) {
        const struct puzzle_group *grp = &p->groups[g];
        char name[PUZZLE_CELL_NAME_MAX];
        struct srcpos at;

        if (puzzle_group_has_sum(grp))
            continue;
        at = error_position(r, p, grp->cells[0]);
        fail(r, err, at.line, at.col, "the %s run starting at %s has no clue",
             grp->kind == GROUP_ACROSS ? _("across") : _("down"), puzzle_cell_name(p, grp->cells[0], name));
        puzzle_free(p);
        *out = NULL;
        return -1;
    }
    return 1;
}

static int read_kakuro2_case(struct reader *r, struct puzzle **out, struct format_error *err)
{
    char what[60];
    struct puzzle *p;
    struct token t;
    long n, q;
    int rc;

    /* Until the case is read whole, an error loses the stream's place for good. */
    r->done = true;
    snprintf(what, sizeof what, _("a board size 1-%d"), KAKURO_MAX_SIDE);
    rc = stream_number(r, 1, KAKURO_MAX_SIDE, what, &n, &t, err);
    if (rc == 0)
        return fail_at_end(r, err, P_("%ld more case", "%ld more cases", (unsigned long)r->cases_left),
                               r->cases_left);
    if (rc < 0)
        return rc;
    p = kakuro_new((int)n, (int)n);
    reader_need_positions(r, p->ncells);
    r->clue_pos = true;
    r->packed_line = 0;
    if ((rc = kakuro2_board(r, p, err)) < 0)
        goto bad;
    snprintf(what, sizeof what, _("the number of clues, 0-%d"), 2 * p->ncells);
    rc = stream_number(r, 0, 2L * p->ncells, what, &q, &t, err);
    if (rc == 0)
        rc = fail_at_end(r, err, "the number of clues");
    if (rc < 0)
        goto bad;
    for (long i = 0; i < q; i++)
        if ((rc = kakuro2_clue(r, p, q - i, err)) < 0)
            goto bad;
    /* The case is read whole: an error in its content leaves the next case readable. */
    r->done = false;
    r->cases_left--;
    if ((rc = finish_puzzle(r, p, out, err)) < 0)
        return rc;
    return kakuro2_check_clued(r, out, err);
bad:
    puzzle_free(p);
    return -1;
}

static int read_kakuro2(struct reader *r, struct puzzle **out, struct format_style *style,
                        struct format_error *err)
{
    struct token t;
    char got[UTIL_QUOTE_SIZE];
    int rc;

    style->id = FORMAT_KAKURO2;
    if (r->cases_left < 0) {
        rc = stream_number(r, 0, KAKURO2_MAX_CASES, "the number of cases", &r->cases_left, &t, err);
        if (rc <= 0) {
            r->done = true;
            return rc;
        }
        r->cases_total = r->cases_left;
    }
    if (r->cases_left > 0)
        return read_kakuro2_case(r, out, err);
    r->done = true;
    rc = stream_token(r, &t, err);
    if (rc <= 0)
        return rc;
    return fail(r, err, t.line, t.col, P_("expected the end of the file after %ld case, got '%s'",
                                          "expected the end of the file after %ld cases, got '%s'",
                                          (unsigned long)r->cases_total),
                r->cases_total, util_quote(t.s, t.len, got, sizeof got));
}

/* ===================================================================================
 * kakudo's readable Kakuro grid: \ _ 1-9 D\ \A D\A tokens, one line per row; a
 * position's white cells may hold candidates instead (123, [5], .)
 * =================================================================================== */

/* A Kakuro board being read: rows are stored KAKURO_MAX_SIDE cells apart until the
 * height is known. */
struct kakuro_rows {
    int width, height;
    uint8_t *block, *down, *across, *given;
    digitset *marks;        /* per cell, once a cell has candidates (NULL before) */
};

#define KAKURO_ROWS_CELLS (KAKURO_MAX_SIDE * KAKURO_MAX_SIDE)

/* A clue's sum: empty (0) or 1-45; false for anything else. */
static bool clue_sum(const char *s, size_t len, uint8_t *sum)
{
    struct token t = { .s = s, .len = len };
    long v;

    if (len == 0) {
        *sum = 0;
        return true;
    }
    if (!token_number(&t, 1, KAKURO_MAX_SUM, &v))
        return false;
    *sum = (uint8_t)v;
    return true;
}

/* Whether t is a white cell's candidates: two or more digits, or digits in brackets
 * (which a lone candidate needs, a lone digit being a placed one), or '.' for none. */
static bool is_candidates_token(const struct token *t)
{
    return (t->len > 1 && strspn(t->s, "123456789") >= 2) || t->s[0] == '['
           || (t->len == 1 && t->s[0] == '.');
}

/* Reads a candidates token into cell's marks (0 for '.': none known, as '_'). */
static int kakuro_candidates(const struct reader *r, const struct token *t, struct kakuro_rows *k,
                             int cell, struct format_error *err)
{
    bool bracket = t->s[0] == '[';
    size_t end = t->len - (bracket && t->s[t->len - 1] == ']');
    digitset set = 0;
    char got[UTIL_QUOTE_SIZE];

    util_quote(t->s, t->len, got, sizeof got);
    if (k->marks == NULL)
        k->marks = xcalloc(KAKURO_ROWS_CELLS, sizeof *k->marks);
    if (bracket && end == t->len)
        return fail(r, err, t->line, t->col + (long)t->len, "expected ']' to close the "
                    "candidates '%s'", got);
    for (size_t i = bracket; i < end && !(t->len == 1 && t->s[0] == '.'); i++) {
        int d = t->s[i] - '0';
        if (d < 1 || d > 9)
            return fail(r, err, t->line, t->col + (long)i, "expected candidates (digits 1-9) "
                        "in '%s'", got);
        if (set & (1u << d))
            return fail(r, err, t->line, t->col + (long)i, "candidate %d twice in '%s'", d, got);
        set |= 1u << d;
    }
    if (bracket && set == 0)
        return fail(r, err, t->line, t->col, "expected candidates (digits 1-9) in '%s'", got);
    k->marks[cell] = set;
    return 1;
}

static int kakuro_cell(const struct reader *r, const struct token *t, struct kakuro_rows *k,
                       int cell, struct format_error *err)
{
    const char *slash = memchr(t->s, '\\', t->len);
    char got[UTIL_QUOTE_SIZE];

    k->block[cell] = k->down[cell] = k->across[cell] = k->given[cell] = 0;
    if (k->marks != NULL)
        k->marks[cell] = 0;
    if (t->len == 1 && (t->s[0] == '_' || (t->s[0] >= '1' && t->s[0] <= '9'))) {
        k->given[cell] = t->s[0] == '_' ? 0 : (uint8_t)(t->s[0] - '0');
        return 1;
    }
    if (slash == NULL && is_candidates_token(t))
        return kakuro_candidates(r, t, k, cell, err);
    if (slash != NULL && memchr(slash + 1, '\\', t->len - (size_t)(slash + 1 - t->s)) == NULL) {
        size_t left = (size_t)(slash - t->s), right = t->len - left - 1;
        bool digits = strspn(t->s, "0123456789") >= left
                      && strspn(slash + 1, "0123456789") >= right;
        k->block[cell] = 1;
        if (digits && !clue_sum(t->s, left, &k->down[cell]))
            return fail(r, err, t->line, t->col, "expected a sum 1-45, got '%s'",
                        util_quote(t->s, left, got, sizeof got));
        if (digits && !clue_sum(slash + 1, right, &k->across[cell]))
            return fail(r, err, t->line, t->col + (long)left + 1, "expected a sum 1-45, got '%s'",
                        util_quote(slash + 1, right, got, sizeof got));
        if (digits)
            return 1;
    }
    return fail(r, err, t->line, t->col, "expected \\, _, a digit 1-9, candidates (123, [5], .) "
                "or a clue (D\\, \\A, D\\A), got '%s'", util_quote(t->s, t->len, got, sizeof got));
}

static int kakuro_row(struct reader *r, const struct line *ln, struct kakuro_rows *k,
                      struct format_error *err)
{
    struct cursor c = cursor_at_start(ln);
    struct token t;
    int count = 0, base;

    if (k->height == KAKURO_MAX_SIDE)
        return fail(r, err, ln->number, 0, "more than %d rows", KAKURO_MAX_SIDE);
    base = k->height * KAKURO_MAX_SIDE;
    while (cursor_token(&c, &t)) {
        if (count == KAKURO_MAX_SIDE)
            return fail(r, err, t.line, t.col, "more than %d cells in a row", KAKURO_MAX_SIDE);
        if (kakuro_cell(r, &t, k, base + count, err) < 0)
            return -1;
        r->pos[base + count] = (struct srcpos){ t.line, t.col };
        count++;
    }
    if (k->height > 0 && count != k->width)
        return fail(r, err, ln->number, 0, "expected %d cells as in the first row, got %d",
                    k->width, count);
    k->width = count;
    k->height++;
    return 1;
}

/* A solution file (janko_solutions.txt) has digits and blocks but no clues: each run
 * whose digits are all there gets the clue they add up to, so it reads as a puzzle. */
static void derive_clues(struct puzzle *p)
{
    for (int cell = 0; cell < p->ncells; cell++)
        if (p->across[cell] || p->down[cell])
            return;
    for (int cell = 0; cell < p->ncells; cell++) {
        if (!p->block[cell])
            continue;
        for (int across = 0; across <= 1; across++) {
            int row = cell / p->width + !across, col = cell % p->width + across;
            int len = 0, sum = 0;
            bool full = true;
            while (row < p->height && col < p->width && !p->block[puzzle_index(p, row, col)]) {
                int d = p->given[puzzle_index(p, row, col)];
                full = full && d != 0;
                sum += d;
                len++;
                row += !across;
                col += across;
            }
            if (len >= 2 && full && sum <= KAKURO_MAX_SUM)
                (across ? p->across : p->down)[cell] = (uint8_t)sum;
        }
    }
}

/* The board read, as a puzzle; positions (and the candidates, into r->marks) move from
 * the rows' stride to the width's. */
static struct puzzle *kakuro_from_rows(struct reader *r, const struct kakuro_rows *k)
{
    struct puzzle *p = kakuro_new(k->width, k->height);

    if (k->marks != NULL)
        r->marks = xgrow(r->marks, &r->marks_cap, (size_t)p->ncells, sizeof *r->marks);
    for (int row = 0; row < k->height; row++) {
        size_t from = (size_t)row * KAKURO_MAX_SIDE, to = (size_t)row * (size_t)k->width;
        size_t n = (size_t)k->width;
        memcpy(p->block + to, k->block + from, n);
        memcpy(p->down + to, k->down + from, n);
        memcpy(p->across + to, k->across + from, n);
        memcpy(p->given + to, k->given + from, n);
        if (k->marks != NULL)
            memcpy(r->marks + to, k->marks + from, n * sizeof *r->marks);
        memmove(r->pos + to, r->pos + from, n * sizeof *r->pos);
    }
    return p;
}

static int read_kakuro_grid(struct reader *r, struct puzzle **out, struct format_style *style,
                            struct format_error *err)
{
    struct kakuro_rows k = { .width = 0 };
    const struct line *ln;
    struct puzzle *p;
    char *name;
    int rc = 1;

    style->id = FORMAT_KAKURO_GRID;
    if (!reach_puzzle(r, &name))
        return 0;
    r->clue_pos = false;
    r->packed_line = 0;
    reader_need_positions(r, KAKURO_ROWS_CELLS);
    k.block = xcalloc(KAKURO_ROWS_CELLS, 4);
    k.down = k.block + KAKURO_ROWS_CELLS;
    k.across = k.down + KAKURO_ROWS_CELLS;
    k.given = k.across + KAKURO_ROWS_CELLS;
    while (rc > 0 && (ln = source_peek(&r->src, 0)) != NULL && line_kind(ln) == LINE_CONTENT) {
        rc = ln->fault != FAULT_NONE ? fail_fault(r, err, ln) : kakuro_row(r, ln, &k, err);
        if (rc > 0)
            source_drop(&r->src);
    }
    if (rc > 0) {
        p = kakuro_from_rows(r, &k);
        derive_clues(p);
        puzzle_set_name(p, name);
        rc = finish_puzzle(r, p, out, err);
        r->has_marks = rc > 0 && k.marks != NULL;
    }
    free(k.marks);
    free(k.block);
    free(name);
    return rc;
}

/* ===================================================================================
 * Pencil-mark grids: N rows of N candidate sets, in the forums' borders
 * =================================================================================== */

/* A border line of a pencil-mark grid: dashes with corners of . : ' * + | only. */
static bool is_pm_border_line(const struct line *ln)
{
    return is_dash_line(ln, true);
}

/* The next piece of a pencil-mark row (between spaces and '|'); false at the end. */
static bool pm_piece(struct cursor *c, struct token *t)
{
    while (is_space(cursor_byte(c)) || cursor_byte(c) == '|')
        cursor_step(c);
    if (cursor_byte(c) < 0)
        return false;
    t->s = c->ln->text + c->off;
    t->line = c->ln->number;
    t->col = c->col;
    while (cursor_byte(c) >= 0 && !is_space(cursor_byte(c)) && cursor_byte(c) != '|')
        cursor_step(c);
    t->len = (size_t)(c->ln->text + c->off - t->s);
    return true;
}

static int pm_pieces(const struct line *ln)
{
    struct cursor c = cursor_at_start(ln);
    struct token t;
    int n = 0;

    while (pm_piece(&c, &t))
        n++;
    return n;
}

/* Whether a piece is in brackets, "[7]": candidates, however few (kakudo writes a lone
 * candidate so, as a lone symbol is a placed digit in the forums' grids). */
static bool pm_bracketed(const struct token *t)
{
    return t->len >= 2 && t->s[0] == '[' && t->s[t->len - 1] == ']';
}

/* Whether ln reads as a pencil-mark row: pieces of symbols, one of them several (a cell
 * with candidates, "[7]" too), or a pencil-mark border with the forums' corners. */
static bool line_looks_pencilmarks(const struct line *ln)
{
    struct cursor c = cursor_at_start(ln);
    struct token t;
    bool several = false;

    if (ln->fault != FAULT_NONE)
        return false;
    if (is_pm_border_line(ln))
        return strpbrk(ln->text, ".:'*") != NULL;
    while (pm_piece(&c, &t)) {
        bool bracketed = pm_bracketed(&t);
        for (size_t i = bracketed; i < t.len - bracketed; i++)
            if (symbol_value((unsigned char)t.s[i]) <= 0 && !(t.len == 1 && t.s[0] == '.'))
                return false;
        several |= t.len > 1;
    }
    return several;
}


/* Reads one piece as a cell of an n-Sudoku: its digit (one symbol), or 0 and its
 * candidates (several, or any in brackets: "[7]"; '.' or '0' alone: none known). */
static int pm_cell(const struct reader *r, const struct token *t, int n, uint8_t *digit,
                   digitset *marks, struct format_error *err)
{
    char buf[UTIL_QUOTE_SIZE];
    bool bracketed = pm_bracketed(t);

    *digit = 0;
    *marks = 0;
    if (t->len == 1 && (t->s[0] == '.' || t->s[0] == '0'))
        return 1;
    if (bracketed && t->len == 2)
        return fail(r, err, t->line, t->col + 1, "expected candidates (symbols 1 to %1$c) "
                    "between '[' and ']' in '%2$s'", sudoku_symbol(n), util_quote(t->s, t->len, buf, sizeof buf));
    for (size_t i = bracketed; i < t->len - bracketed; i++) {
        int v = symbol_value((unsigned char)t->s[i]);
        if (v <= 0 || v > n)
            return fail(r, err, t->line, t->col + (long)i, "expected a cell's digit or candidates "
                        "(symbols 1 to %c) in '%s'", sudoku_symbol(n),
                        util_quote(t->s, t->len, buf, sizeof buf));
        if (*marks & (1u << v))
            return fail(r, err, t->line, t->col + (long)i, "candidate %c twice in '%s'",
                        t->s[i], util_quote(t->s, t->len, buf, sizeof buf));
        *marks |= 1u << v;
    }
    if (t->len == 1 && !bracketed) {
        *digit = (uint8_t)lowest_bit(*marks);
        *marks = 0;
    }
    return 1;
}

/* One row of n cells into given and marks (n each). */
static int pm_row(struct reader *r, const struct line *ln, int n, uint8_t *given,
                  digitset *marks, struct srcpos *pos, struct format_error *err)
{
    struct cursor c = cursor_at_start(ln);
    struct token t;
    int k = 0, got = pm_pieces(ln);

    if (got != n)
        return fail(r, err, ln->number, 0, "expected a pencil-mark row of %d cells, got %d", n, got);
    while (pm_piece(&c, &t)) {
        if (pm_cell(r, &t, n, &given[k], &marks[k], err) < 0)
            return -1;
        pos[k] = (struct srcpos){ t.line, t.col };
        k++;
    }
    return 1;
}

static int next_content(struct reader *r, int k);
static bool line_has_kakuro_marks(const struct line *ln);

static int read_pencilmarks(struct reader *r, struct puzzle **out, struct format_style *style,
                            struct format_error *err)
{
    struct puzzle *p = NULL;
    char *name;
    long start = 0;
    int n = 0, rows = 0, rc;

    /* A Kakuro position's candidates are in its grid (backslashes on the first line). */
    if (next_content(r, 0) >= 0 && line_has_kakuro_marks(source_peek(&r->src, next_content(r, 0))))
        return read_kakuro_grid(r, out, style, err);
    if (!reach_puzzle(r, &name))
        return 0;
    while (p == NULL || rows < n) {
        const struct line *ln = source_peek(&r->src, 0);
        enum line_kind kind = ln != NULL ? line_kind(ln) : LINE_BLANK;

        if (ln == NULL && p == NULL) {
            rc = 0;     /* a bottom border was all that was left */
            goto out;
        }
        if (ln == NULL) {
            rc = fail_at_end(r, err, P_("%d more pencil-mark row", "%d more pencil-mark rows",
                                                 (unsigned long)(n - rows)), n - rows);
            goto out;
        }
        if (kind == LINE_BLANK && p != NULL) {
            rc = fail(r, err, start, 0, "expected %d pencil-mark rows, got %d", n, rows);
            goto out;
        }
        if (kind != LINE_CONTENT || is_pm_border_line(ln)) {
            source_drop(&r->src);
            continue;
        }
        if (ln->fault != FAULT_NONE) {
            rc = fail_fault(r, err, ln);
            goto out;
        }
        if (p == NULL) {
            n = pm_pieces(ln);
            if (!sudoku_size_ok(n)) {
                rc = fail(r, err, ln->number, 0, "expected a pencil-mark row of N cells (N = 4, 6, "
                          "8, 9, 10, 12, ... 25) between '|' borders, got %d", n);
                goto out;
            }
            p = sudoku_of_size(n);
            reader_need_positions(r, p->ncells);
            r->marks = xgrow(r->marks, &r->marks_cap, (size_t)p->ncells, sizeof *r->marks);
            start = ln->number;
        }
        rc = pm_row(r, ln, n, p->given + rows * n, r->marks + rows * n, r->pos + rows * n, err);
        if (rc < 0)
            goto out;
        rows++;
        source_drop(&r->src);
    }
    /* The bottom border belongs to this grid. */
    while (source_peek(&r->src, 0) != NULL && is_pm_border_line(source_peek(&r->src, 0)))
        source_drop(&r->src);
    style->id = FORMAT_PENCILMARKS;
    style->empty = '.';
    puzzle_set_name(p, name);
    rc = finish_puzzle(r, p, out, err);
    r->has_marks = rc > 0;
    p = NULL;
out:
    puzzle_free(p);
    free(name);
    return rc;
}

/* ===================================================================================
 * The line source and messages for the formats in other files (format_internal.h)
 * =================================================================================== */

bool fmt_peek(struct reader *r, int k, struct fmt_line *out)
{
    const struct line *ln = source_peek(&r->src, k);
    enum line_kind kind;

    if (ln == NULL)
        return false;
    kind = line_kind(ln);
    *out = (struct fmt_line){
        .text = ln->text, .len = ln->len, .number = ln->number, .blank = kind == LINE_BLANK,
        .comment = kind == LINE_COMMENT, .faulty = ln->fault != FAULT_NONE,
    };
    return true;
}

void fmt_drop(struct reader *r)
{
    source_drop(&r->src);
}

int fmt_fail(const struct reader *r, struct format_error *err, long line, long col, const char *fmt, ...)
{
    va_list ap;

    util_copy_cut(err->file, sizeof err->file, r->name);
    err->line = line;
    err->col = col;
    va_start(ap, fmt);
    util_vformat_cut(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return -1;
}

int fmt_fail_fault(struct reader *r, struct format_error *err)
{
    return fail_fault(r, err, source_peek(&r->src, 0));
}

int fmt_fail_at_end(struct reader *r, struct format_error *err, const char *what)
{
    return fail_at_end(r, err, "%s", what);
}

/* Whether the line after the puzzle just read is known, without waiting for more input,
 * to be no line of it: a blank or comment line, or the end.  A fault in the puzzle found
 * later then leaves the reader where it is, as the reader's own message would have (it
 * skips the rest of a faulty puzzle: skip_rest_of_puzzle). */
static bool puzzle_ended(struct reader *r)
{
    struct line_source *s = &r->src;
    const struct line *ln;

    if (s->count == 0 && !s->eof
        && memchr(s->chunk + s->chunk_pos, '\n', s->chunk_end - s->chunk_pos) == NULL)
        return false;
    ln = source_peek(s, 0);
    return ln == NULL || line_kind(ln) != LINE_CONTENT;
}

bool fmt_finish_variant_groups(struct reader *r, struct puzzle *p, long rows_line, long digits_line,
                               struct puzzle_error *err)
{
    /* Givens left to a caller whose search finds repeated ones as it starts: a check of
     * distinct digits alone (a Killer's cages have sums, which a search may take long to
     * find unreachable), where the caller can say where a clash is from rows_line and
     * where the reader would go on from the same line after it, or from digits_line (a
     * one-line form, whose line the reader has left already). */
    bool leave = r->leave_givens && !(p->variant & VARIANT_KILLER)
                 && (digits_line > 0 || (rows_line > 0 && puzzle_ended(r)));
    bool check = !leave;

    if (leave) {
        r->unchecked_line = digits_line > 0 ? digits_line : rows_line;
        r->unchecked_rows = digits_line == 0;
    }
    if (p->variant & (VARIANT_JIGSAW | VARIANT_KILLER))
        return puzzle_finish_maps_checked(p, check, err);
    /* Every Sudoku X of a size has the same groups: the last one's are shared, not built
     * again (building them was a fifth of reading one). */
    const struct puzzle *shape = r->variant_shape;

    if (shape != NULL && shape->variant == p->variant && shape->width == p->width
        && shape->box_rows == p->box_rows && shape->box_cols == p->box_cols)
        return check ? puzzle_finish_like(p, shape, err) : puzzle_finish_like_unchecked(p, shape, err);
    if (!puzzle_finish_maps_checked(p, check, err))
        return false;
    puzzle_free(r->variant_shape);
    r->variant_shape = puzzle_new_like(p);
    return true;
}

void *fmt_scratch(struct reader *r, size_t size)
{
    if (size > r->scratch_cap) {
        free(r->scratch);
        r->scratch = xmalloc(size);
        r->scratch_cap = size;
    }
    return r->scratch;
}

bool fmt_reach_puzzle(struct reader *r, char **name)
{
    return reach_puzzle(r, name);
}

int fmt_symbol_value(int ch)
{
    return symbol_value(ch);
}

/* Sudoku X from a one-line Sudoku (FORMAT_X_LINE): the diagonals added and checked, or
 * left to the caller with the rest of the givens. */
static int read_x_line(struct reader *r, struct puzzle **out, struct format_style *style,
                       struct format_error *err)
{
    int rc = read_sudoku_line(r, out, style, err);
    struct puzzle_error perr;

    if (rc <= 0)
        return rc;
    style->id = FORMAT_X_LINE;
    puzzle_set_variant(*out, VARIANT_X);
    /* The groups of the last Sudoku X of the size, not built again (building and checking
     * them was half of what solve spends reading one); givens the one-line reading left
     * to the caller (on its line, r->unchecked_line) left to it with the diagonals'. */
    if (!fmt_finish_variant_groups(r, *out, 0, r->unchecked_line, &perr)) {
        struct srcpos at = error_position(r, *out, perr.cell);
        fail(r, err, at.line, at.col, "%s", perr.message);
        puzzle_free(*out);
        *out = NULL;
        return -1;
    }
    return 1;
}

/* ===================================================================================
 * Detection
 * =================================================================================== */

/* Index of the next content line at or after k within the lookahead, or -1. */
static int next_content(struct reader *r, int k)
{
    for (; k < LOOKAHEAD; k++) {
        const struct line *ln = source_peek(&r->src, k);
        if (ln == NULL)
            return -1;
        if (line_kind(ln) == LINE_CONTENT)
            return k;
    }
    return -1;
}

/* Whether ln holds one number up to max, written without leading zeros: a grid row of
 * digits ("002109400") is not a KAKURO2 count.  The board size is taken up to 999 (a
 * Sudoku row has 4 symbols or more) so that a size out of range gets its own message. */
static bool line_is_single_integer(const struct line *ln, long max)
{
    struct cursor c = cursor_at_start(ln);
    struct token t;
    long v;

    return ln->fault == FAULT_NONE && cursor_token(&c, &t) && token_number(&t, 0, max, &v)
           && (t.s[0] != '0' || t.len == 1) && !cursor_token(&c, &t);
}

static bool line_has_kakuro_marks(const struct line *ln)
{
    return memchr(ln->text, '\\', ln->len) != NULL || memchr(ln->text, '_', ln->len) != NULL;
}

/* 16 symbols make a 4x4 one-line puzzle or the first row of a 16x16 grid: a grid when
 * the next 15 rows (box separators and comments aside) have 16 symbols too. */
static bool is_grid_of_16(struct reader *r, int first)
{
    int rows = 1;

    for (int k = first + 1; k < LOOKAHEAD && rows < 16; k++) {
        const struct line *ln = source_peek(&r->src, k);
        struct row_shape sh;
        if (ln == NULL || line_kind(ln) == LINE_BLANK || ln->fault != FAULT_NONE)
            return false;
        if (line_kind(ln) == LINE_COMMENT || is_separator_line(ln))
            continue;
        row_shape(ln, &sh);
        if (sh.count != 16)
            return false;
        rows++;
    }
    return rows == 16;
}

/* Whether a row of the grid starting at line k (up to a blank line, at most the rows of
 * the largest Sudoku) reads as a pencil-mark row: a forum's grid may begin with rows of
 * placed digits only, the shape of a digit grid's rows. */
static bool grid_has_pencilmark_row(struct reader *r, int k)
{
    for (int rows = 0; k < LOOKAHEAD && rows < SUDOKU_MAX_SIZE; k++) {
        const struct line *ln = source_peek(&r->src, k);
        if (ln == NULL || line_kind(ln) == LINE_BLANK || ln->fault != FAULT_NONE)
            return false;
        if (line_kind(ln) == LINE_COMMENT || is_separator_line(ln) || is_pm_border_line(ln))
            continue;
        if (line_looks_pencilmarks(ln))
            return true;
        rows++;
    }
    return false;
}

/* The readings the first content line (at first) allows, most likely first: its shape
 * alone says which formats could hold it.  Returns how many, 0 if none. */
static int format_candidates(struct reader *r, int first, enum format_id cands[5])
{
    const struct line *ln = source_peek(&r->src, first);
    bool lone_number = line_is_single_integer(ln, KAKURO2_MAX_CASES);
    bool kakuro2 = false;
    struct row_shape sh;
    int grid_n, line_n, n = 0, k;

    if (line_has_kakuro_marks(ln)) {
        /* '\\' and '_' may also be a Killer's cage or a Jigsaw's region symbols: such a
         * line has a token of N*N symbols, longer than any Kakuro cell is. */
        enum format_id v = ln->fault == FAULT_NONE ? fmt_variant_detect(ln->text, ln->len)
                                                   : FORMAT_AUTO;
        cands[n++] = v == FORMAT_KILLER_LINE || v == FORMAT_JIGSAW_LINE ? v : FORMAT_KAKURO_GRID;
        return n;
    }
    /* A border holds no symbols, whatever its length (a 9x9 pencil-mark grid's can be 72
     * characters, twice a 6x6 square's), so it is never a variant's line. */
    if (ln->fault == FAULT_NONE && !is_pm_border_line(ln)
        && (cands[0] = fmt_variant_detect(ln->text, ln->len)) != FORMAT_AUTO)
        return 1;   /* a variant's name, or a line twice a square's length: nothing else */
    if (fmt_variant_jigsaw_pair(r, first)) {
        cands[n++] = FORMAT_JIGSAW_LINE;    /* digits, then a region map on the next line */
        return n;
    }
    if (fmt_variant_headerless(r, first) != 0) {
        cands[n++] = FORMAT_VARIANT;    /* rows with maps, then cage sums: CodinGame's Killer */
        return n;
    }
    if (is_pm_border_line(ln) && line_looks_pencilmarks(ln)) {
        cands[n++] = FORMAT_PENCILMARKS;    /* only a pencil-mark grid has such corners */
        return n;
    }
    if (lone_number && (k = next_content(r, first + 1)) >= 0
        && line_is_single_integer(source_peek(&r->src, k), 999)) {
        cands[n++] = FORMAT_KAKURO2;
        kakuro2 = true;
    }
    k = first;
    while (k >= 0 && is_separator_line(source_peek(&r->src, k)))
        k = next_content(r, k + 1);
    if (k >= 0) {
        row_shape(source_peek(&r->src, k), &sh);
        row_sizes(&sh, &grid_n, &line_n);
        /* 16 symbols: a 16x16 grid's first row is likelier when 15 more rows follow. */
        if (line_n != 0 && grid_n != 0 && line_n * line_n == 16 && is_grid_of_16(r, k)) {
            cands[n++] = FORMAT_SUDOKU_GRID;
            cands[n++] = FORMAT_SUDOKU_LINE;
        } else {
            if (line_n != 0)
                cands[n++] = FORMAT_SUDOKU_LINE;
            if (grid_n != 0)
                cands[n++] = FORMAT_SUDOKU_GRID;
        }
    }
    /* A row with several candidates in a cell reads as nothing else; a grid's first row
     * of digits may be followed by such rows. */
    if (k >= 0 && (line_looks_pencilmarks(source_peek(&r->src, k))
                   || (grid_n != 0 && grid_has_pencilmark_row(r, k))))
        cands[n++] = FORMAT_PENCILMARKS;
    /* Only KAKURO2 starts with a lone number: its reader says what is wrong after it (a
     * board size out of range, a missing case) better than "not a puzzle" would. */
    if (lone_number && !kakuro2)
        cands[n++] = FORMAT_KAKURO2;
    /* Nothing reads it: a one-line form a symbol or two off still gets its reader, which
     * says which count is wrong and where ("not a puzzle" said neither). */
    if (n == 0 && ln->fault == FAULT_NONE
        && (cands[0] = fmt_variant_detect_miscount(ln->text, ln->len)) != FORMAT_AUTO)
        n = 1;
    if (n == 0 && k >= 0 && first_piece_side(source_peek(&r->src, k), &sh) != 0)
        cands[n++] = FORMAT_SUDOKU_LINE;
    /* One piece of symbols, or two (a stray space among them), too many for a row. */
    if (n == 0 && k >= 0 && (sh.pieces == 1 || (sh.pieces == 2 && !sh.spaced)) && sh.count == sh.loose
        && sh.count > SUDOKU_MAX_SIZE)
        cands[n++] = FORMAT_SUDOKU_LINE;
    if (n == 0 && ln->fault == FAULT_NONE && fmt_variant_near_header(ln->text, ln->len)
        && (k = next_content(r, first + 1)) >= 0 && source_peek(&r->src, k)->fault == FAULT_NONE
        && fmt_variant_row_with_map(source_peek(&r->src, k)->text, source_peek(&r->src, k)->len))
        cands[n++] = FORMAT_VARIANT;
    return n;
}

/* The lines in the lookahead as one text, up to the first faulty one: *cut when more
 * input may follow.  Caller frees. */
static char *lookahead_text(struct reader *r, size_t *len, bool *cut)
{
    char *text = NULL;
    size_t cap = 0;
    int k;

    *len = 0;
    *cut = true;
    for (k = 0; k < LOOKAHEAD; k++) {
        const struct line *ln = source_peek(&r->src, k);
        if (ln == NULL) {
            *cut = false;
            break;
        }
        if (ln->fault != FAULT_NONE || *len + ln->len + 1 > TRIAL_MAX_BYTES)
            break;
        text = xgrow(text, &cap, *len + ln->len + 2, 1);
        memcpy(text + *len, ln->text, ln->len);
        *len += ln->len;
        text[(*len)++] = '\n';
    }
    if (text == NULL)
        text = xcalloc(1, 1);
    return text;
}

/* How far reading the lookahead text as format id goes without an error: the lines
 * taken by the puzzles read whole before the first error, or LOOKAHEAD + 1 when every
 * puzzle in it reads (a puzzle cut off where the lookahead ends included). */
static long trial_reading(const char *text, size_t len, bool cut, enum format_id id)
{
    FILE *f = fmemopen((void *)(uintptr_t)text, len, "rb");
    struct reader *t;
    struct puzzle *p;
    struct format_error err;
    long good = 0;
    int rc;

    if (f == NULL)
        return 0;
    t = reader_open(f, "", id);
    while ((rc = reader_next(t, &p, NULL, &err)) > 0) {
        puzzle_free(p);
        good = t->src.lines_read - t->src.count;
    }
    if (rc == 0 || (t->hit_end && cut))
        good = LOOKAHEAD + 1;
    reader_close(t);
    fclose(f);
    return good;
}

/* Of several readings, the one under which the most of the lookahead reads without an
 * error; the likelier one (first) when they go as far.  The rest of the input is then
 * read the same way, as a stream: the decision needs no more than the lookahead. */
static enum format_id best_reading(struct reader *r, const enum format_id *cands, int n)
{
    size_t len;
    bool cut;
    char *text = lookahead_text(r, &len, &cut);
    enum format_id best = cands[0];
    long best_good = -1;

    for (int i = 0; i < n && len > 0; i++) {
        long good = trial_reading(text, len, cut, cands[i]);
        if (good > best_good) {
            best = cands[i];
            best_good = good;
        }
    }
    free(text);
    return best;
}

/* The fewest symbols of a Killer line's map (4x4); a Kakuro cell is at most 11 long
 * ("[123456789]"). */
#define KILLER_MAP_MIN 16

/* Whether ln has a token that looks like a Killer line's map and like no Kakuro cell: as
 * long as a map, with a symbol no cell has (a clue's digits may run long: its reader says
 * what is wrong with them); the first such in *t. */
static bool line_has_map_token(const struct line *ln, struct token *t)
{
    struct cursor c = cursor_at_start(ln);

    while (cursor_token(&c, t)) {
        size_t cell_symbols = 0;
        while (cell_symbols < t->len && strchr("0123456789\\_[].", t->s[cell_symbols]) != NULL
               && t->s[cell_symbols] != '\0')
            cell_symbols++;
        if (t->len >= KILLER_MAP_MIN && cell_symbols < t->len)
            return true;
    }
    return false;
}

/* Decides the format from the first lines (bounded lookahead, nothing consumed): every
 * reading the first line allows is tried on the lookahead, and the one that reads it
 * without an error wins (a file of 4x4 one-line puzzles is not a 16x16 grid with clashes). */
static int detect_format(struct reader *r, struct format_error *err)
{
    int first = next_content(r, 0), n;
    const struct line *ln;
    struct token t;
    enum format_id cands[5];

    /* Past the lookahead window with no content: drop what was seen and look again. */
    while (first < 0 && source_peek(&r->src, LOOKAHEAD - 1) != NULL) {
        for (int i = 0; i < LOOKAHEAD - 1; i++)
            source_drop(&r->src);
        first = next_content(r, 0);
    }
    if (first < 0)
        return 0;
    /* Keep the line before the first content line: it may name the puzzle. */
    for (; first > 1; first--)
        source_drop(&r->src);
    ln = source_peek(&r->src, first);
    if (ln->fault == FAULT_NOT_UTF8 && ln->text[0] == '#') {
        /* A comment not in UTF-8 (an old collection's heading, in Latin-1): said, and the
         * format looked for past it, as past such a comment further down.  The whole
         * file was lost. */
        int rc = fail_fault(r, err, ln);
        for (; first >= 0; first--)
            source_drop(&r->src);
        r->detect_again = true;
        return rc;
    }
    if (ln->fault != FAULT_NONE)
        return fail_fault(r, err, ln);
    n = format_candidates(r, first, cands);
    if (n == 0 && strncmp(ln->text, "kakudo-save ", 12) == 0)     /* a pipe's, or the player's */
        return fail(r, err, ln->number, 0, "a saved game, not a puzzle: solve, hint and rate read "
                    "a save from its file (FILE, FILE:1 or < FILE), not through a pipe");
    if (n == 0)
        return fail(r, err, ln->number, 0, "not a puzzle: expected a Sudoku (N*N symbols on a line, or "
                    "N rows of N), a Sudoku variant (its name on a line, then its rows and maps; or a "
                    "Jigsaw or Killer line), a KAKURO2 file or a Kakuro grid");
    if (n == 1 && cands[0] == FORMAT_KAKURO_GRID && line_has_map_token(ln, &t)) {
        /* A '\\' says Kakuro, a token this long a Killer or Jigsaw line: neither reads. */
        char got[UTIL_QUOTE_SIZE];
        return fail(r, err, ln->number, t.col, "'%s' is too long for a Kakuro cell, yet the "
                    "line is not a Killer line (N*N cage symbols, then the cages' sums) nor a "
                    "Jigsaw line: name its format with --format=killer-line, "
                    "--format=jigsaw-line or --format=kakuro", util_quote(t.s, t.len, got, sizeof got));
    }
    r->format = n == 1 ? cands[0] : best_reading(r, cands, n);
    return 1;
}

/* ===================================================================================
 * The public reader
 * =================================================================================== */

struct reader *reader_open(FILE *f, const char *name, enum format_id forced)
{
    struct reader *r = xcalloc(1, sizeof *r);

    r->name = xstrdup(name != NULL ? name : "<input>");
    r->format = forced;
    r->src.f = f;
    r->src.chunk = xmalloc(CHUNK_BYTES);
    r->cases_left = -1;
    return r;
}

int reader_next(struct reader *r, struct puzzle **out, struct format_style *style,
                struct format_error *err)
{
    struct format_style unused;
    int rc = 0;

    *out = NULL;
    r->unchecked_line = 0;
    r->unchecked_rows = false;
    if (style == NULL)
        style = &unused;
    *style = (struct format_style){ .id = r->format, .empty = '.' };
    /* No error yet: the fields cleared, not the whole 528 bytes, once per puzzle. */
    err->file[0] = err->message[0] = '\0';
    err->line = err->col = 0;
    if (r->done)
        return 0;
    if (r->skip_block) {
        skip_rest_of_puzzle(r);
        r->skip_block = false;
    }
    if (r->format == FORMAT_AUTO && (rc = detect_format(r, err)) <= 0) {
        r->done = rc == 0 || !r->detect_again;
        r->detect_again = false;
        return rc;
    }
    style->id = r->format;
    r->has_marks = false;
    switch (r->format) {
    case FORMAT_SUDOKU_LINE: rc = read_sudoku_line(r, out, style, err); break;
    case FORMAT_SUDOKU_GRID: rc = read_sudoku_grid(r, out, style, err); break;
    case FORMAT_KAKURO2: rc = read_kakuro2(r, out, style, err); break;
    case FORMAT_KAKURO_GRID: rc = read_kakuro_grid(r, out, style, err); break;
    case FORMAT_PENCILMARKS: rc = read_pencilmarks(r, out, style, err); break;
    case FORMAT_VARIANT: rc = fmt_read_variant(r, out, err); break;
    case FORMAT_JIGSAW_LINE: rc = fmt_read_jigsaw_line(r, out, err); break;
    case FORMAT_KILLER_LINE: rc = fmt_read_killer_line(r, out, err); break;
    case FORMAT_X_LINE: rc = read_x_line(r, out, style, err); break;
    case FORMAT_AUTO: break;
    }
    if (rc < 0 && (r->format == FORMAT_SUDOKU_GRID || r->format == FORMAT_KAKURO_GRID
                   || r->format == FORMAT_PENCILMARKS || r->format == FORMAT_VARIANT))
        r->skip_block = true;
    return rc;
}

const digitset *reader_marks(const struct reader *r)
{
    return r->has_marks ? r->marks : NULL;
}

enum format_id reader_format(const struct reader *r)
{
    return r->format;
}

bool reader_lost(const struct reader *r)
{
    return r->done;
}

void reader_leave_givens(struct reader *r)
{
    r->leave_givens = true;
}

long reader_givens_unchecked(const struct reader *r)
{
    return r->unchecked_line;
}

bool reader_givens_in_rows(const struct reader *r)
{
    return r->unchecked_rows;
}

bool format_check_givens(const struct puzzle *p, const char *file, long line, bool rows,
                         struct format_error *err)
{
    struct puzzle_error perr;

    if (puzzle_check_givens(p, &perr))
        return true;
    /* As the reader reports it: for a line read in one pass, column = cell + 1; for a
     * variant's rows, one a line, the cell's row's line and column. */
    memset(err, 0, sizeof *err);
    util_copy_cut(err->file, sizeof err->file, file);
    if (perr.cell >= 0 && perr.cell < p->ncells) {
        err->line = rows ? line + perr.cell / p->width : line;
        err->col = (long)(rows ? perr.cell % p->width : perr.cell) + 1;
    }
    util_copy_cut(err->message, sizeof err->message, perr.message);
    return false;
}

void reader_give_back(struct reader *r, struct puzzle *p)
{
    /* Only a puzzle that is still just the shape with givens: a plain 9x9 sharing the
     * shape's groups, nothing else set on it. */
    bool reusable = p != NULL && r->shape != NULL && r->shape->width == 9
                    && p->groups == r->shape->groups && p->variant == 0 && p->name == NULL
                    && r->nspare < READER_SPARE_PUZZLES;

    if (reusable)
        r->spare[r->nspare++] = p;
    else
        puzzle_free(p);
}

void reader_close(struct reader *r)
{
    if (r == NULL)
        return;
    while (r->nspare > 0)
        puzzle_free(r->spare[--r->nspare]);
    for (int i = 0; i < RING_SLOTS; i++)
        free(r->src.ring[i].text);
    free(r->src.chunk);
    free(r->pos);
    free(r->marks);
    free(r->scratch);
    free(r->name);
    puzzle_free(r->shape);
    puzzle_free(r->variant_shape);
    free(r);
}

/* ===================================================================================
 * Writing
 * =================================================================================== */

/* One Sudoku symbol as written in the style: a letter or, spaced with numbers, 10... */
static int sudoku_put_symbol(char *buf, int d, const struct format_style *style)
{
    if (d == 0) {
        buf[0] = style->empty == '0' ? '0' : '.';
        return 1;
    }
    if (d > 9 && style->numbers && style->spaced)
        return sprintf(buf, "%d", d);
    buf[0] = sudoku_symbol(d);
    return 1;
}

void fmt_digit_symbols(const uint8_t *grid, int n, char empty, char *out)
{
    /* A symbol per digit (sudoku_symbol's), looked up: a line is written for every
     * puzzle of a file. */
    static const char dots[] = ".123456789ABCDEFGHIJKLMNOP", zeros[] = "0123456789ABCDEFGHIJKLMNOP";
    const char *symbols = empty == '0' ? zeros : dots;
    int cell = 0;

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    /* Eight digits 1-9 at once (a solution is all of them): '0' + d is 0x30 | d. */
    for (; cell + 8 <= n; cell += 8) {
        const uint64_t ones = 0x0101010101010101ull, high = ones * 0x80;
        uint64_t x;

        memcpy(&x, grid + cell, 8);
        if (((x - ones) & ~x & high) | ((x + ones * 118) & high) | (x & high))
            break;      /* a 0 or a digit above 9: the table below */
        x |= ones * '0';
        memcpy(out + cell, &x, 8);
    }
#endif
    for (; cell < n; cell++)
        out[cell] = symbols[grid[cell] < sizeof dots - 1 ? grid[cell] : 0];
}

static void write_sudoku_line(FILE *out, const struct puzzle *p, const uint8_t *grid,
                              const struct format_style *style)
{
    char buf[SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE + 2];
    int n = p->ncells;

    fmt_digit_symbols(grid, n, style->empty, buf);
    buf[n] = '\n';
    fwrite(buf, 1, (size_t)n + 1, out);
}

/* The row under a row of a boxed grid: '+' below each '|', '-' elsewhere. */
static void write_separator_under(FILE *out, const char *row, int len)
{
    for (int i = 0; i < len; i++)
        putc(row[i] == '|' ? '+' : '-', out);
    putc('\n', out);
}

static void write_sudoku_grid(FILE *out, const struct puzzle *p, const uint8_t *grid,
                              const struct format_style *style)
{
    int n = p->width;
    char row[SUDOKU_MAX_SIZE * 8 + 2];

    for (int r = 0; r < n; r++) {
        int len = 0;
        for (int c = 0; c < n; c++) {
            if (c > 0 && style->boxed && c % p->box_cols == 0)
                len += sprintf(row + len, style->spaced ? " |" : "|");
            if (c > 0 && style->spaced)
                row[len++] = ' ';
            len += sudoku_put_symbol(row + len, grid[r * n + c], style);
        }
        if (r > 0 && style->boxed && r % p->box_rows == 0)
            write_separator_under(out, row, len);
        row[len++] = '\n';
        fwrite(row, 1, (size_t)len, out);
    }
}

static void write_kakuro2_board(FILE *out, const struct puzzle *p, const uint8_t *grid)
{
    for (int r = 0; r < p->height; r++) {
        for (int c = 0; c < p->width; c++) {
            int cell = puzzle_index(p, r, c);
            if (c > 0)
                putc(' ', out);
            putc(p->block[cell] ? '0' : '0' + grid[cell], out);
        }
        putc('\n', out);
    }
}

static void write_kakuro_grid(FILE *out, const struct puzzle *p, const uint8_t *grid)
{
    for (int r = 0; r < p->height; r++) {
        for (int c = 0; c < p->width; c++) {
            int cell = puzzle_index(p, r, c);
            if (c > 0)
                putc(' ', out);
            if (!p->block[cell]) {
                putc(grid[cell] ? '0' + grid[cell] : '_', out);
                continue;
            }
            if (p->down[cell])
                fprintf(out, "%d", p->down[cell]);
            putc('\\', out);
            if (p->across[cell])
                fprintf(out, "%d", p->across[cell]);
        }
        putc('\n', out);
    }
}

/* A puzzle (or a solution) as a pencil-mark grid: its digits, '.' for the empty cells, so
 * that it reads back as the same puzzle (a cell shown with one candidate would read as a
 * digit). */
static void write_pencilmark_puzzle(FILE *out, const struct puzzle *p, const uint8_t *grid)
{
    digitset *none = xcalloc((size_t)p->ncells, sizeof *none);

    format_write_pencilmarks(out, p, grid, none);
    free(none);
}

void format_write(FILE *out, const struct puzzle *p, const uint8_t *grid,
                  const struct format_style *style)
{
    bool sudoku = p->ops->kind == PUZZLE_SUDOKU;
    struct format_style def = { .id = sudoku ? FORMAT_SUDOKU_LINE : FORMAT_KAKURO_GRID };
    enum format_id id = style != NULL ? style->id : FORMAT_AUTO;

    /* A variant is written in its own format unless the style asked for holds it. */
    if (p->variant != 0) {
        char empty = style != NULL ? style->empty : '.';
        if (id == FORMAT_JIGSAW_LINE && fmt_variant_fits(p, id))
            fmt_write_jigsaw_line(out, p, grid, empty);
        else if (id == FORMAT_KILLER_LINE && fmt_variant_fits(p, id))
            fmt_write_killer_line(out, p, grid, empty);
        else if (id == FORMAT_X_LINE && fmt_variant_fits(p, id))
            write_sudoku_line(out, p, grid, style);
        else
            fmt_write_variant(out, p, grid, empty);
        return;
    }
    /* A style that does not fit the kind (or none) falls back to the kind's usual one. */
    if (id == FORMAT_AUTO || sudoku != (id == FORMAT_SUDOKU_LINE || id == FORMAT_SUDOKU_GRID
                                        || id == FORMAT_PENCILMARKS))
        style = &def;
    switch (style->id) {
    case FORMAT_SUDOKU_LINE: write_sudoku_line(out, p, grid, style); break;
    case FORMAT_SUDOKU_GRID: write_sudoku_grid(out, p, grid, style); break;
    case FORMAT_KAKURO2: write_kakuro2_board(out, p, grid); break;
    case FORMAT_KAKURO_GRID: write_kakuro_grid(out, p, grid); break;
    case FORMAT_PENCILMARKS: write_pencilmark_puzzle(out, p, grid); break;
    case FORMAT_VARIANT: fmt_write_variant(out, p, grid, style->empty); break;
    default: break;     /* the variants' one-line forms hold no plain Sudoku */
    }
}

bool format_line_style(const struct puzzle *p, struct format_style *style)
{
    static const enum format_id lines[] = {
        FORMAT_SUDOKU_LINE, FORMAT_X_LINE, FORMAT_JIGSAW_LINE, FORMAT_KILLER_LINE,
    };

    if (p->ops->kind != PUZZLE_SUDOKU)
        return false;
    for (size_t i = 0; i < sizeof lines / sizeof *lines; i++)
        if (fmt_variant_fits(p, lines[i])) {
            *style = (struct format_style){ .id = lines[i], .empty = '.' };
            return true;
        }
    return false;
}

void format_write_kakuro2_header(FILE *out, long cases)
{
    fprintf(out, "%ld\n", cases);
}

/* The first run without a clue, or -1: KAKURO2 has no way to say a run has no sum. */
static int first_sumless_run(const struct puzzle *p)
{
    for (int g = 0; g < p->ngroups; g++)
        if (!puzzle_group_has_sum(&p->groups[g]))
            return g;
    return -1;
}

bool format_write_kakuro2_case(FILE *out, const struct puzzle *p, char *why, size_t size)
{
    int n = p->width > p->height ? p->width : p->height, clues = 0;
    int sumless = first_sumless_run(p);

    if (sumless >= 0) {
        const struct puzzle_group *grp = &p->groups[sumless];
        char name[PUZZLE_CELL_NAME_MAX];

        snprintf(why, size, _("%s%sthe %s run starting at %s has no clue, which KAKURO2 cannot write"),
                 p->name != NULL ? p->name : "", p->name != NULL ? ": " : "",
                 grp->kind == GROUP_ACROSS ? _("across") : _("down"), puzzle_cell_name(p, grp->cells[0], name));
        return false;
    }
    fprintf(out, "%d\n", n);
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            bool white = r < p->height && c < p->width && !p->block[puzzle_index(p, r, c)];
            fprintf(out, c > 0 ? " %d" : "%d", white);
        }
        putc('\n', out);
    }
    for (int cell = 0; cell < p->ncells; cell++)
        clues += (p->across[cell] != 0) + (p->down[cell] != 0);
    fprintf(out, "%d\n", clues);
    /* Across clues first, then down, each in reading order, as the algospot sample. */
    for (int dir = 0; dir <= 1; dir++)
        for (int cell = 0; cell < p->ncells; cell++) {
            int sum = dir == 0 ? p->across[cell] : p->down[cell];
            if (sum)
                fprintf(out, "%d %d %d %d\n", cell / p->width + 1, cell % p->width + 1, dir, sum);
        }
    return true;
}

/* ===================================================================================
 * Names, messages, loading one puzzle
 * =================================================================================== */

static const struct {
    const char *name;
    enum format_id id;
} format_names[] = {
    { "auto", FORMAT_AUTO },
    { "line", FORMAT_SUDOKU_LINE },
    { "grid", FORMAT_SUDOKU_GRID },
    { "kakuro2", FORMAT_KAKURO2 },
    { "kakuro", FORMAT_KAKURO_GRID },
    { "pencilmarks", FORMAT_PENCILMARKS },
    { "pm", FORMAT_PENCILMARKS },
    { "variant", FORMAT_VARIANT },
    { "jigsaw-line", FORMAT_JIGSAW_LINE },
    { "killer-line", FORMAT_KILLER_LINE },
    { "x-line", FORMAT_X_LINE },
};

bool format_by_name(const char *name, enum format_id *id)
{
    for (size_t i = 0; i < sizeof format_names / sizeof format_names[0]; i++)
        if (strcasecmp(name, format_names[i].name) == 0) {
            *id = format_names[i].id;
            return true;
        }
    *id = FORMAT_AUTO;
    return false;
}

const char *format_name(enum format_id id)
{
    for (size_t i = 0; i < sizeof format_names / sizeof format_names[0]; i++)
        if (format_names[i].id == id)
            return format_names[i].name;
    return "unknown";
}

/* The file's name, in err->file and in messages that say it ("FILE has only 2 puzzles"),
 * is the user's: its control characters are shown as \xNN, whichever command reads it. */
void format_error_string(const struct format_error *err, char *buf, size_t size)
{
    const char *sep = err->file[0] != '\0' ? ":" : "";
    char *text, *shown;

    if (err->line > 0 && err->col > 0)
        text = xasprintf("%s%s%ld:%ld: %s", err->file, sep, err->line, err->col, err->message);
    else if (err->line > 0)
        text = xasprintf("%s%s%ld: %s", err->file, sep, err->line, err->message);
    else if (err->file[0] != '\0')
        text = xasprintf("%s: %s", err->file, err->message);
    else
        text = xstrdup(err->message);
    shown = util_escape_controls(text);
    snprintf(buf, size, "%s", shown);
    free(shown);
    free(text);
}

static void load_error(struct format_error *err, const char *file, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void load_error(struct format_error *err, const char *file, const char *fmt, ...)
{
    va_list ap;

    memset(err, 0, sizeof *err);
    util_copy_cut(err->file, sizeof err->file, file);
    va_start(ap, fmt);
    util_vformat_cut(err->message, sizeof err->message, _(fmt), ap);
    va_end(ap);
}

bool format_split_spec(const char *spec, char **path, long *index)
{
    char *colon, *digits;
    struct stat st;

    *path = xstrdup(spec);
    colon = strrchr(*path, ':');
    *index = 1;
    if (stat(spec, &st) == 0 || colon == NULL)
        return false;
    digits = colon + 1 + (colon[1] == '-');
    if (*digits == '\0' || strspn(digits, "0123456789") != strlen(digits))
        return false;
    /* A number past LONG_MAX asks for a puzzle no file holds, as LONG_MAX does: the
     * message then says how many the file has, not that "FILE:N" is no file.  A negative
     * one (FILE:-1 was no file) asks for none, as 0 does: "puzzle numbers start at 1". */
    *index = strtol(colon + 1, NULL, 10);
    if (*index < 0)
        *index = 0;
    *colon = '\0';
    return true;
}

void format_error_too_few(struct format_error *err, const char *name, long seen)
{
    if (seen == 0)
        load_error(err, "", "%s: no puzzle found", name);
    else
        load_error(err, "", P_("%s has only %ld puzzle", "%s has only %ld puzzles",
                               (unsigned long)seen), name, seen);
}

bool format_index_exists(const char *name, long index, long count, struct format_error *err)
{
    if (index < 1)
        load_error(err, name, "puzzle numbers start at 1");
    else if (index > count)
        format_error_too_few(err, name, count);
    return index >= 1 && index <= count;
}

bool reader_skip_to(struct reader *r, long index, struct format_error *err)
{
    if (!format_index_exists(r->name, index, LONG_MAX, err))
        return false;
    for (long seen = 0; seen < index - 1; seen++) {
        struct puzzle *p;
        int rc = reader_next(r, &p, NULL, err);

        if (rc == 0) {
            format_error_too_few(err, r->name, seen);
            return false;
        }
        if (rc > 0)
            puzzle_free(p);
        else if (reader_lost(r))
            return false;
    }
    return true;
}

/* The index-th puzzle (1-based) of the open file f, read as path. */
static struct puzzle *load_nth(FILE *f, const char *path, long index, enum format_id forced,
                               struct format_style *style, digitset **marks,
                               struct format_error *err)
{
    struct reader *r = reader_open(f, path, forced);
    struct puzzle *p = NULL;

    if (reader_skip_to(r, index, err) && reader_next(r, &p, style, err) == 0)
        format_error_too_few(err, path, index - 1);
    if (marks != NULL && p != NULL && reader_marks(r) != NULL) {
        *marks = xmalloc((size_t)p->ncells * sizeof **marks);
        memcpy(*marks, reader_marks(r), (size_t)p->ncells * sizeof **marks);
    }
    reader_close(r);
    return p;
}

char *format_input_name(const char *arg)
{
    return strcmp(arg, "-") == 0 ? xstrdup("<stdin>") : util_escape_controls(arg);
}

/* Puzzle index of path; "-" is standard input where stdin_ok. */
static struct puzzle *load_path_index(const char *path, long index, bool stdin_ok,
                                      enum format_id forced, struct format_style *style,
                                      digitset **marks, struct format_error *err)
{
    bool is_stdin = stdin_ok && strcmp(path, "-") == 0;
    const char *name = is_stdin ? "<stdin>" : path;
    struct puzzle *p;
    FILE *f;

    if (marks != NULL)
        *marks = NULL;
    f = is_stdin ? stdin : fopen(path, "rb");
    if (f == NULL && errno == ENOENT && strcmp(path, "-") == 0) {
        /* The player (the one that takes no standard input) reads its keys there. */
        load_error(err, path, "the player reads its keys from standard input: give the "
                   "puzzle as a file");
        return NULL;
    }
    if (f == NULL) {
        load_error(err, path, "%s", strerror(errno));
        return NULL;
    }
    p = load_nth(f, name, index, forced, style, marks, err);
    if (!is_stdin)
        fclose(f);
    return p;
}

/* FILE or FILE:N; "-" (or "-:N") is standard input where stdin_ok. */
static struct puzzle *load_spec(const char *spec, bool stdin_ok, enum format_id forced,
                                struct format_style *style, digitset **marks,
                                struct format_error *err)
{
    long index;
    char *path;
    struct puzzle *p;

    format_split_spec(spec, &path, &index);
    p = load_path_index(path, index, stdin_ok, forced, style, marks, err);

    free(path);
    return p;
}

struct puzzle *format_load_index(const char *path, long index, enum format_id forced,
                                 struct format_style *style, digitset **marks,
                                 struct format_error *err)
{
    return load_path_index(path, index, false, forced, style, marks, err);
}

struct puzzle *format_load(const char *spec, enum format_id forced,
                           struct format_style *style, struct format_error *err)
{
    return load_spec(spec, false, forced, style, NULL, err);
}

struct puzzle *format_load_marks(const char *spec, enum format_id forced,
                                 struct format_style *style, digitset **marks,
                                 struct format_error *err)
{
    return load_spec(spec, false, forced, style, marks, err);
}

struct puzzle *format_load_arg_marks(const char *spec, enum format_id forced,
                                     struct format_style *style, digitset **marks,
                                     struct format_error *err)
{
    return load_spec(spec, true, forced, style, marks, err);
}
