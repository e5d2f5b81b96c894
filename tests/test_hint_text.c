/* test_hint_text.c: the words of hint sentences (hint_text.c): lists, units, runs, lines, the ring they live in, positional sentences, text too long for its buffer. */
#include "config.h"
#include "hint.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "tap.h"
#include "tap_puzzle.h"

static void same(const char *got, const char *want, const char *what)
{
    if (!tap_ok(strcmp(got, want) == 0, "%s: \"%s\"", what, want))
        tap_diag("got \"%s\"", got);
}

/* The group of kind with number k (from 1) among the puzzle's groups of that kind. */
static int nth_group(const struct puzzle *p, enum group_kind kind, int k)
{
    for (int g = 0; g < p->ngroups; g++)
        if (p->groups[g].kind == kind && --k == 0)
            return g;
    return -1;
}

static void test_sudoku_words(void)
{
    struct puzzle *p = tap_load_puzzle("hint/ko/sudoku9.txt");
    struct hint *h = calloc(1, sizeof *h);

    if (!tap_ok(p != NULL && h != NULL, "a 9x9 Sudoku loads"))
        return;
    h->puzzle = p;
    same(hint_cell(h, 3 * 9 + 6), "r4c7", "a cell");
    same(hint_cells(h, (int[]){ 1, 4, 21 }, 3, HINT_AND), "r1c2, r1c5 and r3c4", "cells joined by and");
    same(hint_cells(h, (int[]){ 1, 4 }, 2, HINT_OR), "r1c2 or r1c5", "two cells joined by or");
    same(hint_cells(h, (int[]){ 80 }, 1, HINT_AND), "r9c9", "one cell alone");
    same(hint_digits(h, (1u << 1) | (1u << 4) | (1u << 7), HINT_OR), "1, 4 or 7", "digits joined by or");
    same(hint_group(h, nth_group(p, GROUP_ROW, 4)), "row 4", "a row");
    same(hint_group(h, nth_group(p, GROUP_COLUMN, 7)), "column 7", "a column");
    same(hint_group(h, nth_group(p, GROUP_BOX, 5)), "box 5", "a box");
    same(hint_groups(h, (int[]){ nth_group(p, GROUP_ROW, 1), nth_group(p, GROUP_BOX, 3) }, 2, HINT_OR),
         "row 1 or box 3", "units joined by or");
    same(hint_lines(h, true, (int[]){ 0, 3, 6 }, 3), "rows 1, 4 and 7", "rows, plural");
    same(hint_lines(h, false, (int[]){ 2 }, 1), "column 3", "a column, singular");

    /* One sentence with positional arguments, the words rendered first. */
    h->text[0] = '\0';
    hint_say(h, "%2$s holds %1$c; %2$s sees %3$s", '5', hint_cell(h, 0), hint_cells(h, (int[]){ 1, 2 }, 2, HINT_AND));
    same(h->text, "r1c1 holds 5; r1c1 sees r1c2 and r1c3", "a sentence reorders its arguments");

    /* Words stay valid while many more are rendered: the ring holds many sentences. */
    const char *first = hint_cells(h, (int[]){ 0, 10, 20, 30 }, 4, HINT_AND);
    for (int i = 0; i < 200; i++)
        hint_cell(h, i % 81);
    same(first, "r1c1, r2c2, r3c3 and r4c4", "words outlive 200 more renderings");
    bool long_ok = true;
    for (int i = 0; i < 100 && long_ok; i++) {
        int cells[81];
        for (int k = 0; k < 81; k++)
            cells[k] = k;
        const char *all = hint_cells(h, cells, 81, HINT_AND);
        long_ok = strncmp(all, "r1c1, r1c2", 10) == 0 && strstr(all, " and r9c9") != NULL;
    }
    tap_ok(long_ok, "long lists wrap around the ring whole");

    /* Quiet hints render nothing and say nothing. */
    h->quiet = true;
    h->text[0] = '\0';
    same(hint_cells(h, (int[]){ 1, 2 }, 2, HINT_AND), "", "quiet: no words");
    hint_say(h, "%s", "never");
    same(h->text, "", "quiet: no sentence");
    free(h);
    puzzle_free(p);
}

static void test_kakuro_words(void)
{
    struct puzzle *p = tap_load_puzzle("hint/ko/kakuro.txt");
    struct hint *h = calloc(1, sizeof *h);
    int across = -1, down = -1;

    if (!tap_ok(p != NULL && h != NULL, "a Kakuro loads"))
        return;
    h->puzzle = p;
    for (int g = 0; g < p->ngroups && (across < 0 || down < 0); g++) {
        if (p->groups[g].kind == GROUP_ACROSS && across < 0)
            across = g;
        if (p->groups[g].kind == GROUP_DOWN && down < 0)
            down = g;
    }
    same(hint_group(h, across), "the across run r2c2-r2c3 (sum 17)", "an across run, its cells and sum");
    same(hint_group(h, down), "the down run r2c2-r3c2 (sum 12)", "a down run");
    free(h);
    puzzle_free(p);
}

/* --- Text too long for its buffer --- */

/* "r1c1 = 1, r1c2 = 2, ...": items enough for several times HINT_TEXT_MAX, in big. */
static void long_items(char *big, size_t size, int n)
{
    size_t len = 0;

    big[0] = '\0';
    for (int i = 0; i < n && len + 32 < size; i++)
        len += (size_t)snprintf(big + len, size - len, "%sr%dc%d = %d", i ? ", " : "", i / 9 % 9 + 1,
                                i % 9 + 1, i % 9 + 1);
}

/* How often needle occurs in s. */
static int occurrences(const char *s, const char *needle)
{
    int n = 0;

    for (const char *at = strstr(s, needle); at != NULL; at = strstr(at + 1, needle))
        n++;
    return n;
}

/* Whether what follows the cut mark in text starts an item of big (after its ", "). */
static bool cut_between_items(const char *text, const char *big)
{
    const char *mark = strstr(text, " ... ");
    const char *rest = mark != NULL ? mark + 5 : NULL;
    size_t n;

    if (rest == NULL || rest[0] != 'r')
        return false;
    /* The kept end is big's from the start of one of its items on. */
    n = strcspn(rest, ";");
    for (const char *p = strstr(big, ", "); p != NULL; p = strstr(p + 1, ", "))
        if (strncmp(p + 2, rest, n) == 0)
            return true;
    return false;
}

static void test_long_text(void)
{
    struct puzzle *p = tap_load_puzzle("hint/ko/sudoku9.txt");
    struct hint *h = calloc(1, sizeof *h);
    struct hint_buf *b = calloc(1, sizeof *b);
    size_t size = 5 * HINT_TEXT_MAX;
    char *big = malloc(size);

    if (!tap_ok(p != NULL && h != NULL && b != NULL && big != NULL, "long text: a 9x9 Sudoku loads"))
        return;
    h->puzzle = p;
    long_items(big, size, 1000);

    /* A sentence: its start and its conclusion stay, the middle goes between items. */
    h->text[0] = '\0';
    hint_say(h, "If r9c9 were 1, then %s; so r9c9 is not 1.", big);
    tap_ok(strlen(h->text) < HINT_TEXT_MAX && strncmp(h->text, "If r9c9 were 1, then r1c1 = 1, ", 31) == 0
           && strlen(h->text) > 31 + 19 && strcmp(h->text + strlen(h->text) - 19, "; so r9c9 is not 1.") == 0,
           "a sentence too long keeps its supposition and its conclusion");
    tap_ok(occurrences(h->text, " ... ") == 1 && cut_between_items(h->text, big),
           "the middle is cut out between items, marked once");

    /* Items with words of their own in parentheses are cut whole, outside them. */
    size_t len = 0;
    for (int i = 0; i < 200 && len + 64 < size; i++)
        len += (size_t)snprintf(big + len, size - len, "%sr%dc%d = %d (the only place, by row %d)", i ? ", " : "",
                                i / 9 % 9 + 1, i % 9 + 1, i % 9 + 1, i / 9 % 9 + 1);
    bool whole = true;
    for (int pad = 0; pad < 40 && whole; pad++) {    /* the cuts fall at every offset */
        h->text[0] = '\0';
        hint_say(h, "If r9c9 were 1,%*s then %s; so r9c9 is not 1.", pad, "", big);
        whole = occurrences(h->text, "(") == occurrences(h->text, ")") && cut_between_items(h->text, big)
                && strstr(h->text, ") ... r") != NULL;
    }
    tap_ok(whole, "items with parentheses are cut whole, outside them");
    long_items(big, size, 1000);

    /* Said on in pieces, the end moves along and the mark stays one. */
    h->text[0] = '\0';
    hint_say(h, "If r9c9 were 1, then %s", big);
    hint_say(h, ", %s", big);
    hint_say(h, "; so %s is not %c.", hint_cell(h, 80), '1');
    tap_ok(occurrences(h->text, " ... ") == 1 && strncmp(h->text, "If r9c9 were 1, then ", 21) == 0
           && strcmp(h->text + strlen(h->text) - 19, "; so r9c9 is not 1.") == 0,
           "a sentence said in long pieces keeps its start and its last piece, one mark");

    /* Words built piece by piece, then a clause around them. */
    for (int i = 0; i < 1000; i++)
        hint_buf_item(b, i, 1000, HINT_AND, hint_cell(h, i % 81));
    tap_ok(b->len == strlen(b->s) && b->len < HINT_TEXT_MAX && strncmp(b->s, "r1c1, r1c2", 10) == 0
           && strcmp(b->s + b->len - 9, " and r4c1") == 0 && occurrences(b->s, " ... ") == 1,
           "a long list keeps its first items and its last");
    const char *words = hint_words(h, "if r9c9 were 1, then %s, and %s", big, "r5c5 would have no digit left");
    tap_ok(strlen(words) < HINT_TEXT_MAX && strncmp(words, "if r9c9 were 1, then r1c1 = 1, ", 31) == 0
           && strstr(words, ", and r5c5 would have no digit left") != NULL
           && strcmp(words + strlen(words) - 29, "r5c5 would have no digit left") == 0,
           "words too long keep their contradiction at the end");
    free(big);
    free(b);
    free(h);
    puzzle_free(p);
}

/* A nested forcing chain longer than the text buffer (the first of the forum's hardest,
 * 2,471 bytes whole) still ends with its conclusion. */
static void test_long_chain(void)
{
    struct puzzle *p = tap_load_puzzle("hint/sample_forum_hardest.txt:1");
    struct hint_start s;
    struct hint *h = malloc(sizeof *h);

    if (!tap_ok(p != NULL && h != NULL && hint_start_open(&s, p) == 1, "forum_hardest 1 loads, one solution"))
        return;
    if (tap_ok(hint_next(&s.pos, h), "forum_hardest 1: a first step")) {
        size_t n = strlen(h->text);
        const char *so = NULL;
        for (const char *at = strstr(h->text, "; so r"); at != NULL; at = strstr(at + 1, "; so r"))
            so = at;
        bool ends = so != NULL && h->text + n - so < 32 && strstr(so, " is not ") != NULL && h->text[n - 1] == '.';
        if (!tap_ok(ends, "the long first step of forum_hardest 1 ends with its conclusion (%zu bytes)", n))
            tap_diag("ends \"%s\"", n > 80 ? h->text + n - 80 : h->text);
    }
    hint_start_close(&s);
    free(h);
    puzzle_free(p);
}

int main(void)
{
    test_sudoku_words();
    test_kakuro_words();
    test_long_text();
    test_long_chain();
    return tap_done();
}
