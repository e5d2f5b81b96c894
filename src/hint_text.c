/* hint_text.c: the words of hint sentences (cells, units, lists, eliminations) as strings, for whole translatable sentences. */
#include "config.h"
#include "hint.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "util.h"

/*
 * A hint's sentence is one format string for the translator, with positional arguments
 * ("%1$s has only two places in %2$s"), so that a language may put them in any order.
 * Its arguments are rendered first, into a ring of text per thread: a string stays valid
 * until WORDS_RING more bytes have been rendered on the thread.  Each string is at most
 * HINT_TEXT_MAX bytes and a sentence has fewer than a dozen of them, so the ring holds
 * every argument of the sentence being said, and more.  No one frees them.
 */
enum { WORDS_RING = 32 * HINT_TEXT_MAX };

/* WORDS_RING bytes, made on first use (util_thread_room: not zeroed at every start). */
static _Thread_local char *words_ring;
static _Thread_local size_t words_used;

/*
 * Text longer than its buffer (a nested chain's steps, each with its own) loses its
 * middle, not its end: the start (the supposition) and the end (the contradiction and the
 * conclusion) are kept whole, cut between list items where possible, and the cut is
 * marked.  A text cut before keeps its start up to the mark, so that cutting it again as
 * it grows moves its end along and marks nothing twice.
 */
static const char elision[] = " ... ";

/* Whether a cut may fall before s[i]: not inside a UTF-8 character. */
static bool char_start(const char *s, size_t i)
{
    return ((unsigned char)s[i] & 0xc0) != 0x80;
}

/* How a character changes the depth of brackets and parentheses, read forwards. */
static int depth_step(char ch)
{
    return ch == '(' || ch == '[' ? 1 : ch == ')' || ch == ']' ? -1 : 0;
}

/* Where the kept start of s ends, at most limit bytes in: before a list separator outside
 * brackets and parentheses (an item of the chain itself, not of a step's own words), else
 * before any separator, else before a space, else at a character. */
static size_t head_end(const char *s, size_t limit)
{
    size_t outer = 0, any = 0, space = 0;
    int depth = 0;

    for (size_t i = 0; i < limit; i++) {
        if (s[i] == ',' && s[i + 1] == ' ') {
            any = i;
            if (depth == 0)
                outer = i;
        } else if (s[i] == ' ') {
            space = i;
        }
        depth += depth_step(s[i]);
    }
    if (outer > 0 || any > 0 || space > 0)
        return outer > 0 ? outer : any > 0 ? any : space;
    while (limit > 0 && !char_start(s, limit))
        limit--;
    return limit;
}

/* Where the kept end of s (n bytes) starts, from bytes from on: after a list separator
 * outside brackets and parentheses, else after any, else after a space, else at a
 * character. */
static size_t tail_start(const char *s, size_t n, size_t from)
{
    size_t outer = 0, any = 0, space = 0;
    int depth = 0;

    for (size_t i = n; i-- > from;) {
        depth -= depth_step(s[i]);
        if (s[i] == ',' && s[i + 1] == ' ') {
            any = i + 2;
            if (depth == 0)
                outer = i + 2;
        } else if (s[i] == ' ') {
            space = i + 1;
        }
    }
    if (outer > 0 || any > 0 || space > 0)
        return outer > 0 ? outer : any > 0 ? any : space;
    while (from < n && !char_start(s, from))
        from++;
    return from;
}

/* s into dst (size bytes), whole if it fits, else its start and end around the mark. */
static void fit_keeping_end(char *dst, size_t size, const char *s)
{
    size_t n = strlen(s), mark = sizeof elision - 1;
    const char *cut = strstr(s, elision);
    size_t head, tail;

    if (n < size) {
        memcpy(dst, s, n + 1);
        return;
    }
    head = cut != NULL && (size_t)(cut - s) <= size / 2 ? (size_t)(cut - s) : head_end(s, size / 2);
    tail = tail_start(s, n, n - (size - 1 - head - mark));
    memcpy(dst, s, head);
    memcpy(dst + head, elision, mark);
    memcpy(dst + head + mark, s + tail, n - tail + 1);
}

/* fmt's words after the len bytes of dst (size bytes), fitted as above: the new length. */
static size_t append_fitting(char *dst, size_t size, size_t len, const char *fmt, va_list ap)
{
    va_list again;
    char *all;
    int n;

    va_copy(again, ap);
    n = vsnprintf(dst + len, size - len, fmt, ap);
    if (n < 0 || len + (size_t)n < size) {
        va_end(again);
        dst[n < 0 ? len : len + (size_t)n] = '\0';
        return n < 0 ? len : len + (size_t)n;
    }
    all = xmalloc(len + (size_t)n + 1);
    memcpy(all, dst, len);
    vsnprintf(all + len, (size_t)n + 1, fmt, again);
    va_end(again);
    fit_keeping_end(dst, size, all);
    free(all);
    return strlen(dst);
}

/* A copy of s (fitted to HINT_TEXT_MAX bytes as above) in the ring. */
static const char *words_keep(const char *s)
{
    size_t n = strlen(s);
    char *out;

    if (n >= HINT_TEXT_MAX)
        n = HINT_TEXT_MAX - 1;
    if (words_ring == NULL)
        words_ring = util_thread_room(WORDS_RING);
    if (words_used + n + 1 > WORDS_RING)
        words_used = 0;
    out = words_ring + words_used;
    fit_keeping_end(out, n + 1, s);
    words_used += n + 1;
    return out;
}

void hint_buf_add(struct hint_buf *b, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    b->len = append_fitting(b->s, sizeof b->s, b->len, fmt, ap);
    va_end(ap);
}

void hint_sayf(struct hint *h, const char *fmt, ...)
{
    va_list ap;

    if (h->quiet)
        return;
    va_start(ap, fmt);
    append_fitting(h->text, sizeof h->text, strlen(h->text), fmt, ap);
    va_end(ap);
}

const char *hint_buf_words(const struct hint *h, const struct hint_buf *b)
{
    return h->quiet ? "" : words_keep(b->s);
}

const char *hint_words(const struct hint *h, const char *fmt, ...)
{
    char buf[HINT_TEXT_MAX];
    va_list ap;

    if (h->quiet)
        return "";
    va_start(ap, fmt);
    append_fitting(buf, sizeof buf, 0, fmt, ap);
    va_end(ap);
    return words_keep(buf);
}

/* The separator before item i of n in a list joined by conj. */
static const char *list_sep(int i, int n, enum hint_conj conj)
{
    if (i == 0)
        return "";
    if (i < n - 1)
        /* TRANSLATORS: between the items of a list, but before the last. */
        return _(", ");
    /* TRANSLATORS: before the last item of a list: "r1c2, r1c5 and r3c4". */
    return conj == HINT_OR ? _(" or ") : _(" and ");
}

/* The chains' words for a digit they place (hint.h): one msgid each, shared by every chain. */
void hint_buf_add_fact(const struct hint *h, struct hint_buf *out, enum hint_fact_why why, int cell, int digit,
                       int group)
{
    if (h->quiet)
        return;
    if (why == HINT_FACT_NAKED)
        /* TRANSLATORS: a fact of a chain: a cell, its digit. */
        hint_buf_add(out, _("%1$s = %2$c (its last digit)"), hint_cell(h, cell), hint_digit_symbol(digit));
    else if (why == HINT_FACT_HIDDEN)
        /* TRANSLATORS: a fact of a chain: a cell, its digit, the unit where it has one place. */
        hint_buf_add(out, _("%1$s = %2$c (the only place for %2$c in %3$s)"), hint_cell(h, cell),
                     hint_digit_symbol(digit), hint_group(h, group));
    else
        hint_buf_add(out, "%s = %c", hint_cell(h, cell), hint_digit_symbol(digit));
}

void hint_buf_item(struct hint_buf *b, int i, int n, enum hint_conj conj, const char *item)
{
    hint_buf_add(b, "%s%s", list_sep(i, n, conj), item);
}

const char *hint_cell(const struct hint *h, int cell)
{
    char name[PUZZLE_CELL_NAME_MAX];

    return h->quiet ? "" : words_keep(puzzle_cell_name(h->puzzle, cell, name));
}

const char *hint_cells(const struct hint *h, const int *cells, int n, enum hint_conj conj)
{
    struct hint_buf b = { .len = 0 };
    char name[PUZZLE_CELL_NAME_MAX];

    if (h->quiet)
        return "";
    b.s[0] = '\0';
    for (int i = 0; i < n; i++)
        hint_buf_item(&b, i, n, conj, puzzle_cell_name(h->puzzle, cells[i], name));
    return words_keep(b.s);
}

const char *hint_digits(const struct hint *h, digitset set, enum hint_conj conj)
{
    struct hint_buf b = { .len = 0 };
    int n = popcount32(set), i = 0;

    if (h->quiet)
        return "";
    b.s[0] = '\0';
    for (int d = 1; d <= PUZZLE_MAX_DIGIT; d++) {
        if (set & (1u << d))
            hint_buf_item(&b, i++, n, conj, (char[]){ hint_digit_symbol(d), '\0' });
    }
    return words_keep(b.s);
}

/* The number of the group among the puzzle's groups of its kind, from 1. */
static int group_number(const struct puzzle *p, int group)
{
    int index = 0;

    for (int g = 0; g < group; g++)
        index += p->groups[g].kind == p->groups[group].kind;
    return index + 1;
}

static const char *run_words(const struct hint *h, const struct puzzle_group *grp)
{
    char first[PUZZLE_CELL_NAME_MAX], last[PUZZLE_CELL_NAME_MAX], cells[2 * PUZZLE_CELL_NAME_MAX + 2];
    bool across = grp->kind == GROUP_ACROSS;

    puzzle_cell_name(h->puzzle, grp->cells[0], first);
    puzzle_cell_name(h->puzzle, grp->cells[grp->ncells - 1], last);
    if (grp->ncells > 1)
        snprintf(cells, sizeof cells, "%s-%s", first, last);
    else
        snprintf(cells, sizeof cells, "%s", first);
    if (!puzzle_group_has_sum(grp))
        return hint_words(h, across ? _("the across run %s (no sum)") : _("the down run %s (no sum)"),
                          cells);
    /* TRANSLATORS: %1$s is the run's cells ("r3c2-r3c4"), %2$d its sum. */
    return hint_words(h, across ? _("the across run %1$s (sum %2$d)") : _("the down run %1$s (sum %2$d)"),
                      cells, grp->sum);
}

const char *hint_group(const struct hint *h, int group)
{
    const struct puzzle_group *grp = &h->puzzle->groups[group];
    int number = group_number(h->puzzle, group);

    if (h->quiet)
        return "";
    switch (grp->kind) {
    case GROUP_ROW: return hint_words(h, _("row %d"), number);
    case GROUP_COLUMN: return hint_words(h, _("column %d"), number);
    case GROUP_BOX: return hint_words(h, _("box %d"), number);
    case GROUP_REGION: return hint_words(h, _("region %d"), number);
    case GROUP_DIAGONAL: return number == 1 ? _("the main diagonal") : _("the anti-diagonal");
    case GROUP_CAGE:
        /* TRANSLATORS: %1$s is the cage's first cell, %2$d its sum. */
        return hint_words(h, _("the cage at %1$s (sum %2$d)"), hint_cell(h, grp->cells[0]), grp->sum);
    case GROUP_ACROSS:
    case GROUP_DOWN:
        return run_words(h, grp);
    }
    return "";
}

const char *hint_lines(const struct hint *h, bool rows, const int *lines, int n)
{
    struct hint_buf b = HINT_BUF_INIT;

    if (h->quiet)
        return "";
    for (int i = 0; i < n; i++) {
        char number[16];
        snprintf(number, sizeof number, "%d", lines[i] + 1);
        hint_buf_item(&b, i, n, HINT_AND, number);
    }
    /* TRANSLATORS: %s is a row or column number, or a list of them ("1, 4 and 7"). */
    return hint_words(h, rows ? P_("row %s", "rows %s", n) : P_("column %s", "columns %s", n), b.s);
}

const char *hint_groups(const struct hint *h, const int *groups, int n, enum hint_conj conj)
{
    struct hint_buf b = { .len = 0 };

    if (h->quiet)
        return "";
    b.s[0] = '\0';
    for (int i = 0; i < n; i++)
        hint_buf_item(&b, i, n, conj, hint_group(h, groups[i]));
    return words_keep(b.s);
}
