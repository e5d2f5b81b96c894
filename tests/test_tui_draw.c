/* test_tui_draw.c: what the board shows is what the puzzle says, on a pseudo-terminal:
 * whole clues when scrolled, the whole board when it can fit, legible pencil marks,
 * framed dialogs, and hints drawn without colour. */
#include "config.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "tui_test.h"

#define DIAG "\xe2\x95\xb2"   /* the diagonal of a Kakuro clue */
#define DOT "\xc2\xb7"         /* the place of an absent mark, without colour */

/* The clue cells of a Kakuro file: down and across sums, 0 for none. */
struct clues {
    int n;
    int down[1024], across[1024];
};

static char kakuro15_path[600], kakuro12_path[600], kakuro30_path[600], sudoku25_path[600];

/* Reads the clue cells of a Kakuro file in kakudo's format ("d\a" tokens). */
static void read_clues(const char *path, struct clues *c)
{
    FILE *f = fopen(path, "r");
    char line[4096];

    c->n = 0;
    if (f == NULL) {
        perror(path);
        exit(99);
    }
    while (fgets(line, sizeof line, f) != NULL) {
        if (line[0] == '#')
            continue;
        for (char *tok = strtok(line, " \n"); tok != NULL; tok = strtok(NULL, " \n")) {
            char *slash = strchr(tok, '\\');
            if (slash == NULL || c->n == 1024)
                continue;
            c->down[c->n] = atoi(tok);
            c->across[c->n] = atoi(slash + 1);
            if (c->down[c->n] != 0 || c->across[c->n] != 0)
                c->n++;
        }
    }
    fclose(f);
}

static bool is_clue(const struct clues *c, int down, int across)
{
    for (int i = 0; i < c->n; i++)
        if (c->down[i] == down && c->across[i] == across)
            return true;
    return false;
}

/* The number of digits ending just before s (looking back no further than start). */
static int digits_before(const char *start, const char *s, int *value)
{
    int n = 0;

    while (s - n > start && s[-n - 1] >= '0' && s[-n - 1] <= '9')
        n++;
    *value = n > 0 ? atoi(s - n) : 0;
    return n;
}

/* A check of the screen; when report is set, one that fails says why and dumps it. */
typedef bool screen_check(struct th *t, void *arg, bool report);

/* Waits until check holds, as the screen may still be arriving; false, reported, if it
 * does not by the deadline. */
static bool eventually(struct th *t, screen_check *check, void *arg)
{
    long end = th_now_ms() + tt_wait_ms;

    while (!check(t, arg, false)) {
        if (th_now_ms() >= end)
            return check(t, arg, true);
        th_pump(t, 50);
    }
    return true;
}

/* Every clue drawn on the screen is whole: the numbers at each diagonal are the sums of
 * a clue cell of the puzzle, never a part of one or two run together; and there are want
 * of them (any number if want < 0). */
struct clue_check {
    const struct clues *c;
    const char *diag;
    int want, shown;
};

static bool check_clues(struct th *t, void *arg, bool report)
{
    struct clue_check *k = arg;
    char row[4096];

    k->shown = 0;
    for (int r = 0; r < t->rows; r++) {
        const char *s = th_row(t, r, row, sizeof row);
        for (const char *d = strstr(s, k->diag); d != NULL; d = strstr(d + 1, k->diag)) {
            const char *after = d + strlen(k->diag);
            int down, across, nd = digits_before(s, d, &down), na = 0;
            while (after[na] >= '0' && after[na] <= '9')
                na++;
            across = na > 0 ? atoi(after) : 0;
            if (nd > 2 || na > 2 || !is_clue(k->c, down, across)) {
                if (report) {
                    tap_diag("row %d shows the clue %.*s, not a clue of the puzzle", r,
                             (int)(na + (after - d) + nd), d - nd);
                    th_dump(t);
                }
                return false;
            }
            k->shown++;
        }
    }
    if (k->want >= 0 && k->shown != k->want) {
        if (report) {
            tap_diag("%d clues shown, not %d", k->shown, k->want);
            th_dump(t);
        }
        return false;
    }
    return true;
}

/* Waits until the clues shown are whole, and want of them (any number if want < 0). */
static bool clues_whole(struct th *t, const struct clues *c, const char *diag, int want, int *shown)
{
    struct clue_check k = { c, diag, want, 0 };
    bool ok = eventually(t, check_clues, &k);

    if (shown != NULL)
        *shown = k.shown;
    return ok;
}

static struct th *start(const char *file, const char *env1, int rows, int cols)
{
    const char *args[] = { file, NULL };
    const char *env[] = { env1, NULL };

    return tt_start(args, env, rows, cols);
}

/* The cursor's cell as the panel names it; false if it does not. */
static bool cursor_cell(struct th *t, int *r, int *c)
{
    char row[4096];
    int y, x;

    return th_find(t, "Cell r", &y, &x) && th_row(t, y, row, sizeof row) != NULL &&
           sscanf(strstr(row, "Cell r"), "Cell r%dc%d", r, c) == 2;
}

/* Walks the cursor over a Kakuro of side n too large for rows x cols, right along its row,
 * down the last column and left along the last row: every clue shown at every step is
 * whole, and marks at the edges say where more of the board lies. */
static void test_scrolled_clues(const char *path, int n, const char *env, int rows, int cols,
                                const char *diag, const char *left, const char *right)
{
    const char *mode = env ? env : "UTF-8";
    struct clues c;
    struct th *t;
    bool whole = true;
    int r0, c0;
    char cell[32];

    read_clues(path, &c);
    tt_fresh_state();
    t = start(path, env, rows, cols);
    tap_ok(tt_wait_text(t, "Cell r") && cursor_cell(t, &r0, &c0), "%s: a %dx%d Kakuro opens at %dx%d",
           mode, n, n, cols, rows);
    tap_ok(th_find(t, right, NULL, NULL) && !th_find(t, left, NULL, NULL),
           "%s: a mark on the right edge says more of the board lies there", mode);
    for (int leg = 0; leg < 3 && whole; leg++) {
        int steps = leg == 0 ? n - c0 : leg == 1 ? n - r0 : n - 1;
        for (int k = 1; k <= steps && whole; k++) {
            int r = leg == 0 ? r0 : leg == 1 ? r0 + k : n, col = leg == 0 ? c0 + k : leg == 1 ? n : n - k;
            th_send(t, leg == 0 ? "l" : leg == 1 ? "j" : "h");
            snprintf(cell, sizeof cell, "Cell r%dc%d ", r, col);
            whole = tt_wait_text(t, cell) && clues_whole(t, &c, diag, -1, NULL);
        }
        if (leg == 0)
            tap_ok(th_find(t, left, NULL, NULL), "%s: scrolled right, a mark on the left edge too", mode);
    }
    tap_ok(whole, "%s: scrolling over the whole board, every clue shown is a clue of the puzzle", mode);
    tt_quit_cleanly(t);
    th_free(t);
}

/* The board's top line is shown with both its corners (arg: whether in UTF-8). */
static bool check_frame_whole(struct th *t, void *arg, bool report)
{
    bool utf8 = *(bool *)arg;
    char row[4096];
    const char *s = th_row(t, 0, row, sizeof row);

    if (utf8 ? strstr(s, "\xe2\x94\x8c") != NULL && strstr(s, "\xe2\x94\x90") != NULL
             : strncmp(s, "+-", 2) == 0 && strstr(s, "-+") != NULL)
        return true;
    if (report) {
        tap_diag("the board's frame is cut");
        th_dump(t);
    }
    return false;
}

/* The whole board is shown, with the panel beside, narrower or below it, whenever it can
 * fit: every clue cell of the puzzle is on the screen, and no edge says more lies beyond. */
static void test_whole_board(const char *path, const char *env, int rows, int cols, const char *diag,
                             const char *name)
{
    struct clues c;
    struct th *t;
    int shown = 0;
    bool ok, utf8 = strcmp(diag, "\\") != 0;

    read_clues(path, &c);
    tt_fresh_state();
    t = start(path, env, rows, cols);
    ok = tt_wait_text(t, "Cell r") && tt_wait_text(t, name) && clues_whole(t, &c, diag, c.n, &shown) &&
         eventually(t, check_frame_whole, &utf8);
    tap_ok(ok && th_find(t, "Across", NULL, NULL),
           "%s at %dx%d%s%s: all %d clue cells shown (%d), with the panel", name, cols, rows,
           env ? ", " : "", env ? env : "", c.n, shown);
    tt_quit_cleanly(t);
    th_free(t);
}

/* No two symbols (digits, letters or '+') stand side by side on the board, left of the
 * panel whose name line holds arg: in a layout of one symbol a cell, they would belong to
 * two cells. */
static bool check_apart(struct th *t, void *arg, bool report)
{
    int row, right;

    if (!th_find(t, arg, &row, &right))
        return false;
    for (int r = 0; r < t->rows - 1; r++) {
        for (int c = 0; c + 2 < right; c++) {
            VTermScreenCell a, b;
            if (th_cell(t, r, c, &a) && th_cell(t, r, c + 1, &b) && a.chars[0] < 128 && b.chars[0] < 128 &&
                (isalnum((int)a.chars[0]) || a.chars[0] == '+') &&
                (isalnum((int)b.chars[0]) || b.chars[0] == '+')) {
                if (report) {
                    tap_diag("row %d, columns %d-%d: %c%c", r, c, c + 1, (int)a.chars[0], (int)b.chars[0]);
                    th_dump(t);
                }
                return false;
            }
        }
    }
    return true;
}

/* Item 7: pencil marks never run into a clue or another cell, and a lone candidate does
 * not look like a placed digit without colour. */
static void test_marks(void)
{
    char path[300];
    struct clues c;
    struct th *t;

    /* The 15x15 Kakuro at 80x24 has no line between cells: every candidate filled in. */
    read_clues(kakuro15_path, &c);
    tt_fresh_state();
    t = start(kakuro15_path, NULL, 24, 80);
    tt_wait_text(t, "Cell r");
    th_send(t, "f");
    tap_ok(tt_wait_text(t, "Filled in every candidate") && clues_whole(t, &c, DIAG, c.n, NULL),
           "Kakuro 15x15 at 80x24 with every candidate: no mark runs into a clue");
    tt_quit_cleanly(t);
    th_free(t);

    /* The 16x16 Sudoku at 80x24: one column a cell, no lines within a box. */
    tap_src_path(path, sizeof path, "data/10-sudoku16-easy.txt");
    tt_fresh_state();
    t = start(path, NULL, 24, 80);
    tt_wait_text(t, "Cell r");
    th_send(t, ":f");           /* on boards of letter symbols, f is a symbol */
    tap_ok(tt_wait_text(t, "Filled in every candidate") && eventually(t, check_apart, (char[]){ "Sudoku 16x16" }),
           "Sudoku 16x16 at 80x24 with every candidate: what two cells show never touches");
    tt_quit_cleanly(t);
    th_free(t);

    /* The 25x25 Sudoku at 80x24: two columns a cell, no lines within a box. */
    tt_fresh_state();
    t = start(sudoku25_path, NULL, 24, 80);
    tt_wait_text(t, "Cell r");
    th_send(t, ":f");
    tap_ok(tt_wait_text(t, "Filled in every candidate") && eventually(t, check_apart, (char[]){ "Sudoku 25x25" }),
           "Sudoku 25x25 at 80x24 with every candidate: what two cells show never touches");
    tt_quit_cleanly(t);
    th_free(t);

    /* Without colour, a lone 3 in r1c3 of tt_sudoku (at 80x24: two rows of five places,
     * the 3's where a digit goes) is not drawn as a placed 3 would be. */
    tt_write_file(tt_scratch_path(path, sizeof path, "sudoku.txt"), tt_sudoku);
    tt_fresh_state();
    t = start(path, "NO_COLOR=1", 24, 80);
    tt_wait_text(t, "Cell r1c3");
    th_send(t, "m3");
    tap_ok(tt_wait_text(t, "  3  " LV DOT DOT "3" DOT DOT HV) &&
           !th_find(t, "  3  " LV "  3  " HV, NULL, NULL),
           "no colour: a lone candidate shows the places of the others, unlike a placed digit");
    th_send(t, "l4");
    tap_ok(tt_wait_text(t, "  3  " LV DOT DOT "3" DOT DOT HV "  4  "),
           "and a placed digit stands alone");
    tt_quit_cleanly(t);
    th_free(t);
}

/* Opens path at cols x rows with env, sends keys (a lone mark in the cursor's cell) and
 * checks the screen shows pattern, each '.' in it a place drawn as dot. */
static void lone_mark_shown(const char *path, const char *env, const char *dot, int rows, int cols,
                            const char *keys, const char *pattern, const char *what)
{
    char want[64] = "";
    struct th *t;

    for (const char *s = pattern; *s != '\0'; s++)
        strncat(want, *s == '.' ? dot : (char[]){ *s, '\0' }, sizeof want - strlen(want) - 1);
    tt_fresh_state();
    t = start(path, env, rows, cols);
    tt_wait_text(t, "Cell r");
    th_send(t, keys);
    tap_ok(tt_wait_text(t, want), "%s: %s, among the places of the others", env ? env : "colour", what);
    tt_quit_cleanly(t);
    th_free(t);
}

/* Follow-up to item 7: a lone mark standing just where a placed digit goes shows the
 * places of the others in every way the player draws, colour (where a highlighted run
 * gives mark and digit one colour) as well as none, ASCII and the Linux console: a lone 3
 * of two rows of five (Sudoku, Kakuro and Killer), a lone 5 of a 3x3 grid. */
static void test_lone_mark(void)
{
    static const struct { const char *env, *dot; } looks[] = {
        { NULL, DOT }, { "NO_COLOR=1", DOT }, { "LANG=C", "." }, { "TERM=linux", DOT },
    };
    char sudoku[300], killer[600];

    tt_write_file(tt_scratch_path(sudoku, sizeof sudoku, "sudoku.txt"), tt_sudoku);
    tap_src_path(killer, sizeof killer, "data/16-killer9-easy.txt");
    for (size_t i = 0; i < sizeof looks / sizeof looks[0]; i++) {
        const char *env = looks[i].env, *d = looks[i].dot;

        lone_mark_shown(sudoku, env, d, 24, 80, "m3", "..3..", "Sudoku 9x9 at 80x24, a lone 3");
        lone_mark_shown(sudoku, env, d, 40, 120, "m5", ". 5 .", "Sudoku 9x9 at 120x40, a lone 5");
        lone_mark_shown(kakuro12_path, env, d, 40, 120, "m3", "..3..", "Kakuro 12x12 at 120x40, a lone 3");
        lone_mark_shown(killer, env, d, 32, 100, "m3", "..3..", "Killer 9x9 at 100x32, a lone 3");
        lone_mark_shown(killer, env, d, 44, 130, "m5", ". 5 .", "Killer 9x9 at 130x44, a lone 5");
    }
}

/* The dialog whose text starts with arg (two columns in from its frame) has a frame:
 * corners above and below it, lines at its sides. */
static bool check_framed(struct th *t, void *arg, bool report)
{
    int row, col, top, bottom, right = -1;

    if (!th_find(t, arg, &row, &col))
        return false;
    col -= 3;
    for (top = row; top >= 0 && tt_char_at(t, top, col) == 0x2502; top--)
        ;
    for (bottom = row; bottom < t->rows && tt_char_at(t, bottom, col) == 0x2502; bottom++)
        ;
    for (int c = col + 1; top >= 0 && c < t->cols && right < 0; c++)
        if (tt_char_at(t, top, c) == 0x2510)
            right = c;
    if (top >= 0 && bottom < t->rows && tt_char_at(t, top, col) == 0x250C &&
        tt_char_at(t, bottom, col) == 0x2514 && right > 0 && tt_char_at(t, bottom, right) == 0x2518 &&
        tt_char_at(t, row, right) == 0x2502)
        return true;
    if (report) {
        tap_diag("no frame around \"%s\"", (const char *)arg);
        th_dump(t);
    }
    return false;
}

/* Item 8: dialogs over a Kakuro have a frame, and no part of a clue shows at its edges. */
static void test_dialogs(void)
{
    struct clues c;
    struct th *t;
    int shown;
    bool ok;

    read_clues(kakuro15_path, &c);
    tt_fresh_state();
    t = start(kakuro15_path, NULL, 24, 80);
    tt_wait_text(t, "Cell r");
    th_send(t, "n");
    tap_ok(tt_wait_text(t, "New game") && eventually(t, check_framed, (char[]){ "New game" }),
           "the New game dialog has a frame");
    ok = clues_whole(t, &c, DIAG, -1, &shown);
    tap_ok(ok, "and no part of a clue shows at its edges (%d shown)", shown);
    th_send(t, "\033");
    th_wait_gone(t, "New game", tt_wait_ms);
    th_send(t, "3");
    tt_wait_text(t, "Filled 1/");
    tt_quit_cleanly(t);
    th_free(t);

    t = start(kakuro15_path, NULL, 24, 80);
    tap_ok(tt_wait_text(t, "saved game") && eventually(t, check_framed, (char[]){ "This puzzle" }),
           "the resume dialog has a frame");
    ok = clues_whole(t, &c, DIAG, -1, &shown);
    tap_ok(ok, "and no part of a clue shows at its edges (%d shown)", shown);
    th_send(t, "y");
    tt_quit_cleanly(t);
    th_free(t);
}

/* The New game dialog at 44 columns: its footer wraps and every key stays in view (it
 * was cut to "Esc b"); the Kakuro note too. */
static void test_newgame_narrow(void)
{
    struct th *t;

    tt_fresh_state();
    t = start(NULL, NULL, 24, 44);
    tt_wait_text(t, "choose a puzzle");
    th_send(t, "n");
    tap_ok(tt_wait_text(t, "Enter makes it, Esc") && tt_wait_text(t, "back "),
           "New game at 44 columns: the footer wraps, Esc back whole");
    th_send(t, "\033OC");
    tap_ok(tt_wait_text(t, "Kakuro") && tt_wait_text(t, "generate "),
           "and the Kakuro note whole under it");
    th_send(t, "\033");
    th_wait_gone(t, "Enter makes it", tt_wait_ms);
    tap_ok(tt_quit_cleanly(t), "Esc closes it, q quits");
    th_free(t);
}

/* Where the panel has no room for all the keys (a 15x15 Kakuro at 80x24, or a 12x12 one
 * with a hint open), it still says how to get help and how to quit, and ? works. */
/* At a size where the cursor's runs fill the panel below the board, the keys' row holds
 * the keys alone: the runs' lines stop above it (they reached it, and the keys were
 * written over them, leaving "quitcells"). */
static void test_keys_row_alone(const char *file, int rows, int cols)
{
    struct th *t;
    char row[4096];
    int r = -1, c = -1;
    const char *after;
    bool alone = false;

    tt_fresh_state();
    t = start(file, NULL, rows, cols);
    if (tt_wait_text(t, "Cell r") && tt_wait_text(t, "q quit") && th_find(t, "q quit", &r, &c)) {
        after = strstr(th_row(t, r, row, sizeof row), "q quit") + strlen("q quit");
        alone = after[strspn(after, " ")] == '\0';
    }
    if (!tap_ok(alone, "%s at %dx%d: the keys' row under the runs holds the keys alone",
                strrchr(file, '/') + 1, cols, rows))
        th_dump(t);
    tt_quit_cleanly(t);
    th_free(t);
}

static void test_help_key_shown(const char *file, const char *keys)
{
    struct th *t;

    tt_fresh_state();
    t = start(file, NULL, 24, 80);
    tt_wait_text(t, "Cell r");
    th_send(t, keys);
    tap_ok(tt_wait_text(t, "Cell r") && tt_wait_text(t, "? help") && tt_wait_text(t, "q quit"),
           "%s at 80x24%s: the panel says ? helps and q quits", strrchr(file, '/') + 1,
           keys[0] != '\0' ? " with a hint open" : "");
    th_send(t, "?");
    tap_ok(tt_wait_text(t, "kakudo - keys"), "and ? shows the keys");
    th_send(t, " ");
    th_wait_gone(t, "kakudo - keys", tt_wait_ms);
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
}

/* The hint items of "the rest": no '?' in a pattern's empty cells, and without colour
 * the hint's cells are marked by more than an underline, so an empty reversed one does
 * not look like a black cell.  tt_kakuro's first hint is the run r2c2-r2c3 (the cursor
 * on r2c2 flips its reverse video, so r2c3 is the one to look at). */
static void test_hint_cells(void)
{
    char path[300];
    struct th *t;
    VTermScreenCell cell;

    tt_write_file(tt_scratch_path(path, sizeof path, "kakuro.txt"), tt_kakuro);
    tt_fresh_state();
    t = start(path, "NO_COLOR=1", 24, 80);
    tt_wait_text(t, "Cell r");
    th_send(t, "iii");
    tap_ok(tt_wait_text(t, "Hint 3/5") && tt_wait_text(t, LV ">   <" LV ">   <" LV) &&
           tt_cell_at(t, LV ">   <" LV, 9, &cell) && cell.attrs.reverse && !th_find(t, "  ?  ", NULL, NULL),
           "no colour: the pattern's empty cells are reversed and point inwards, with no '?'");
    tt_quit_cleanly(t);
    th_free(t);
}

/* Random keys and sizes on a board that scrolls, lays out in every way and opens
 * dialogs over it: the player never crashes. */
static void random_keys(const char *file, const char *env, unsigned seed)
{
    static const char *const keys[] = {
        "h", "j", "k", "l", "h", "j", "k", "l", "\033OA", "\033OB", "\033OC", "\033OD",
        "1", "5", "9", "0", "m", "p", "f", "x", "u", "i", "i", "n", "\033", " ", "w", "\033",
        "\033[<0;30;10M\033[<0;30;10m",
    };
    static const struct tt_monkey monkey = {
        .keys = keys, .n_keys = sizeof keys / sizeof keys[0], .presses = 300,
        .resize_every = 23, .pump_every = 20, .pump_ms = 10, .check_every = 40,
    };
    struct tt_monkey_run run;
    struct th *t;
    bool ok;

    tt_fresh_state();
    t = start(file, env, 24, 80);
    ok = tt_random_keys(t, &monkey, seed, 24, 80, &run);
    tap_ok(ok, "random keys and sizes on %s%s%s: no crash (status %d)",
           strrchr(file, '/') + 1, env ? ", " : "", env ? env : "", run.status);
    th_free(t);
}

int main(void)
{
    if (!tt_init("draw", 8000))
        return 0;
    tap_src_path(kakuro15_path, sizeof kakuro15_path, "data/15-kakuro15-master.txt");
    tap_src_path(kakuro12_path, sizeof kakuro12_path, "data/14-kakuro12-hard.txt");
    /* Made by kakudo generate (the first line of each says how). */
    tap_src_path(kakuro30_path, sizeof kakuro30_path, "tests/data/tui/kakuro30.txt");
    tap_src_path(sudoku25_path, sizeof sudoku25_path, "tests/data/tui/sudoku25.txt");

    /* Issue 11, item 5: a scrolled Kakuro never cuts a clue. */
    test_scrolled_clues(kakuro15_path, 15, NULL, 20, 60, DIAG, "\xe2\x97\x80", "\xe2\x96\xb6");
    test_scrolled_clues(kakuro15_path, 15, "LANG=C", 20, 60, "\\", "<", ">");
    /* The Linux console's fonts: an ASCII slash, CP437's arrows (no U+2572, U+25C0). */
    test_scrolled_clues(kakuro15_path, 15, "TERM=linux", 20, 60, "\\", "\xe2\x97\x84", "\xe2\x96\xba");
    test_scrolled_clues(kakuro30_path, 30, NULL, 24, 80, DIAG, "\xe2\x97\x80", "\xe2\x96\xb6");
    /* Item 6: the space there is shows the whole board. */
    test_whole_board(kakuro15_path, NULL, 24, 80, DIAG, "Kakuro 15x15");
    test_whole_board(kakuro12_path, NULL, 24, 80, DIAG, "Kakuro 12x12");
    test_whole_board(kakuro15_path, NULL, 32, 100, DIAG, "Kakuro 15x15");
    test_whole_board(kakuro15_path, "LANG=C", 24, 80, "\\", "Kakuro 15x15");
    test_marks();
    test_lone_mark();
    test_dialogs();
    test_newgame_narrow();
    test_help_key_shown(kakuro15_path, "");
    test_keys_row_alone(kakuro15_path, 20, 60);
    test_keys_row_alone(kakuro15_path, 22, 70);
    test_help_key_shown(kakuro12_path, "i");
    test_hint_cells();
    random_keys(kakuro15_path, NULL, 21);
    random_keys(kakuro15_path, "LANG=C", 22);
    tt_cleanup();
    return tap_done();
}
