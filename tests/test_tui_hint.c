/* test_tui_hint.c: the hint ladder in the player, on a pseudo-terminal: each rung, the
 * highlights with and without colour, applying and undoing, mistakes, paging, saves. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "tap.h"
#include "tui_test.h"

/* Colours as the player sets them (curses numbering). */
enum { CYAN = 6, GREEN = 2, MAGENTA = 5 };

/* tt_sudoku: its first step is the hidden single 8 in r1c6 of box 2 (`kakudo hint` says
 * so), and r1c3 is 4 in the solution.  tt_kakuro: the first step is the unique sum
 * 16 = 7+9 of the across run r2c2-r2c3. */
static char sudoku_path[300], kakuro_path[300];

static void setup(void)
{
    tt_write_file(tt_scratch_path(sudoku_path, sizeof sudoku_path, "sudoku.txt"), tt_sudoku);
    tt_write_file(tt_scratch_path(kakuro_path, sizeof kakuro_path, "kakuro.txt"), tt_kakuro);
}

/* Starts the player on file with up to two more environment settings. */
static struct th *start(const char *file, const char *env1, const char *env2, int rows, int cols)
{
    const char *args[] = { file, NULL };
    const char *env[] = { env1, env2, NULL };

    return tt_start(args, env, rows, cols);
}

/* The side panel's text (from the column of its "Mode:" line), rows joined by single
 * spaces, so a sentence wrapped over several rows reads whole. */
static bool panel_text(struct th *t, char *out, size_t size)
{
    char row[4096];
    size_t n = 0;
    int col;

    if (!th_find(t, "Mode:", NULL, &col))
        return false;
    out[0] = '\0';
    for (int r = 0; r < t->rows; r++) {
        const char *s = th_row(t, r, row, sizeof row);
        size_t len;
        for (int c = 0; c < col && *s; c++)     /* skip col characters */
            for (s++; ((unsigned char)*s & 0xC0) == 0x80; s++)
                ;
        while (*s == ' ')
            s++;
        len = strlen(s);
        while (len > 0 && s[len - 1] == ' ')
            len--;
        if (len > 0 && n + len + 2 < size) {
            if (n > 0)
                out[n++] = ' ';
            memcpy(out + n, s, len);
            n += len;
            out[n] = '\0';
        }
    }
    return true;
}

static bool panel_has(struct th *t, const void *text)
{
    char buf[8192];

    return panel_text(t, buf, sizeof buf) && strstr(buf, text) != NULL;
}

static bool wait_panel(struct th *t, const char *text)
{
    if (th_wait_until(t, panel_has, text, true, tt_wait_ms))
        return true;
    tap_diag("expected \"%s\" in the panel:", text);
    th_dump(t);
    return false;
}

static int bg_of(struct th *t, const char *text, int offset)
{
    VTermScreenCell c;

    if (!tt_cell_at(t, text, offset, &c) || VTERM_COLOR_IS_DEFAULT_BG(&c.bg))
        return -1;
    return VTERM_COLOR_IS_INDEXED(&c.bg) ? c.bg.indexed.idx : -2;
}

static bool underlined(struct th *t, const char *text, int offset)
{
    VTermScreenCell c;

    return tt_cell_at(t, text, offset, &c) && c.attrs.underline != 0;
}

static bool reversed(struct th *t, const char *text, int offset)
{
    VTermScreenCell c;

    return tt_cell_at(t, text, offset, &c) && c.attrs.reverse;
}

/* Row 1 of the Wikipedia Sudoku at 80x24: r1c5 holds 7, r1c6 is the hint's cell. */
#define ROW1 "  5  " LV "  3  " LV "     " HV "     " LV "  7  " LV
#define ROW1_TAIL "  7  " LV

static void test_sudoku_ladder(void)
{
    struct th *t = start(sudoku_path, NULL, NULL, 24, 80);

    tt_wait_text(t, "Cell r1c3");
    th_send(t, "i");
    tap_ok(tt_wait_text(t, "Hint 1/5") && wait_panel(t, "Look at box 2."), "rung 1: where to look, in words");
    tap_ok(bg_of(t, ROW1, 26) == CYAN && bg_of(t, ROW1, 2) == -1,
           "rung 1: the unit is highlighted (r1c5 in box 2 is, r1c1 is not)");
    tap_ok(th_find(t, "i: which technique", NULL, NULL), "the panel says what the key does next");
    th_send(t, "i");
    tap_ok(wait_panel(t, "Hint 2/5: Hidden single (box)") && wait_panel(t, "A digit that fits only"),
           "rung 2: the technique and its definition");
    th_send(t, "i");
    tap_ok(wait_panel(t, "The pattern: r1c6, with 8."), "rung 3: the pattern's cells and digits");
    tap_ok(tt_wait_text(t, ROW1_TAIL "     " HV) && bg_of(t, ROW1_TAIL, 8) == GREEN,
           "rung 3: the pattern's cell is highlighted apart from the unit, with no '?' in it");
    th_send(t, "i");
    tap_ok(wait_panel(t, "In box 2, 8 fits only r1c6"), "rung 4: the conclusion with its reason");
    tap_ok(bg_of(t, ROW1_TAIL, 8) == MAGENTA, "rung 4: the cell it concludes about is highlighted");
    tap_ok(wait_panel(t, "i: apply it"), "rung 4 says the key applies the step");
    th_send(t, "i");
    tap_ok(tt_wait_text(t, ROW1_TAIL "  8  " HV) && tt_wait_text(t, "Applied: Hidden single (box)"),
           "rung 5: the step is applied");
    tap_ok(!th_find(t, "Hint ", NULL, NULL) && bg_of(t, ROW1, 26) == -1, "and the hint is gone");
    th_send(t, "u");
    tap_ok(tt_wait_text(t, ROW1_TAIL "     " HV), "u undoes the applied step");
    th_send(t, "ii");
    tap_ok(tt_wait_text(t, "Hint 2/5"), "asking again climbs a new ladder");
    th_send(t, "l");
    tap_ok(tt_wait_text(t, "Cell r1c4") && th_find(t, "Hint 2/5", NULL, NULL), "moving the cursor keeps the hint");
    th_send(t, "h1");
    tap_ok(th_wait_gone(t, "Hint 2/5", tt_wait_ms), "a move makes the hint go");

    /* r1c3 now holds a wrong 1: the first hint says so. */
    th_send(t, "i");
    tap_ok(wait_panel(t, "Something in row 1, column 3 or box 1"), "a wrong digit: rung 1 says where");
    th_send(t, "iii");
    tap_ok(wait_panel(t, "r1c3 holds 1, which is not its digit"), "rung 4 names the wrong digit");
    th_send(t, "i");
    tap_ok(tt_wait_text(t, "Mistake put right") && tt_wait_text(t, "  3  " LV "     " HV),
           "applying it erases the wrong digit");

    /* A correct candidate removed from the marks. */
    th_send(t, "fm4");
    tap_ok(tt_wait_text(t, "  3  " LV "12   " HV), "the marks of r1c3 lose the 4 it needs");
    th_send(t, "iiii");
    tap_ok(wait_panel(t, "leave out a digit that is still possible"), "a lost candidate is reported");
    th_send(t, "i");
    tap_ok(tt_wait_text(t, "Mistake put right") && tt_wait_text(t, "  3  " LV "12 4 " HV),
           "applying it gives the cell its candidates back");
    tap_ok(tt_quit_cleanly(t), "quit after hints");
    th_free(t);
}

/* The save file records the hints and their rungs. */
static void test_saved_hints(void)
{
    char cmd[600], line[256] = "";
    FILE *p;

    snprintf(cmd, sizeof cmd, "grep -h '^hints ' %s/state/kakudo/*.save 2>/dev/null", tt_dir());
    p = popen(cmd, "r");
    if (p != NULL) {
        if (fgets(line, sizeof line, p) == NULL)
            line[0] = '\0';
        pclose(p);
    }
    line[strcspn(line, "\n")] = '\0';
    /* Four hints: applied, to rung 2, applied (the mistake), applied (the lost mark). */
    tap_ok(strcmp(line, "hints 4 0 1 0 0 3") == 0, "the save counts hints per rung (%s)", line);
}

static void test_mono(void)
{
    struct th *t = start(sudoku_path, "NO_COLOR=1", "LANG=C", 24, 80);
    /* Box 2's cells point inwards; r1c6 is the pattern's (and the conclusion's) cell. */
    const char *row1 = "|  5  :  3  :     |>   <:> 7 <:";
    const char *r1c5 = "> 7 <:>   <|";

    tt_wait_text(t, "Cell r1c3");
    th_send(t, "i");
    wait_panel(t, "Look at box 2.");
    tap_ok(tt_wait_text(t, row1) && underlined(t, row1, 26) && !underlined(t, row1, 2),
           "no colour: the unit is underlined, and its cells point inwards; other cells do not");
    th_send(t, "ii");
    tt_wait_text(t, "The pattern");
    tap_ok(tt_wait_text(t, r1c5) && reversed(t, r1c5, 8) && !reversed(t, row1, 26) &&
           !th_find(t, "  ?  ", NULL, NULL),
           "no colour: the pattern's cell is reversed and points inwards, with no '?'");
    th_send(t, "i");
    tt_wait_text(t, "In box 2");
    tap_ok(reversed(t, r1c5, 8) && underlined(t, r1c5, 8),
           "no colour: the concluded cell is reversed and underlined");
    tap_ok(tt_quit_cleanly(t), "quit");
    th_free(t);
}

static void test_paging(void)
{
    struct th *t = start(sudoku_path, NULL, NULL, 14, 60);

    tt_wait_text(t, "Cell r1c3");
    th_send(t, "iiii");
    tap_ok(wait_panel(t, "In box 2, 8 fits only") && wait_panel(t, "i: read on"),
           "a conclusion longer than the panel shows its start and says there is more");
    th_send(t, "i");
    tap_ok(wait_panel(t, "i: apply it") && th_wait_gone(t, "In box 2, 8 fits only", tt_wait_ms),
           "the key reads on before applying");
    th_send(t, "i");
    tap_ok(tt_wait_text(t, "Applied"), "then applies it");
    tap_ok(tt_quit_cleanly(t), "quit");
    th_free(t);
}

static void test_kakuro_ladder(void)
{
    struct th *t = start(kakuro_path, NULL, NULL, 24, 80);

    tt_wait_text(t, "Kakuro 4x4");
    th_send(t, "i");
    tap_ok(wait_panel(t, "Look at the across run r2c2-r2c3 (sum 16)."), "Kakuro rung 1: the run to look at");
    th_send(t, "i");
    tap_ok(tt_wait_text(t, "Hint 2/5: Unique sum") && wait_panel(t, "one set of digits only"),
           "Kakuro rung 2: the technique");
    th_send(t, "i");
    tap_ok(wait_panel(t, "r2c2 and r2c3, with 7 and 9"), "Kakuro rung 3: the pattern");
    tap_ok(bg_of(t, "\xe2\x95\xb2 16" LV, 7) == GREEN && bg_of(t, "\xe2\x95\xb2 16" LV, 13) == GREEN &&
           !th_find(t, "  ?  ", NULL, NULL), "Kakuro rung 3: the run's cells highlighted, with no '?' in them");
    th_send(t, "i");
    tap_ok(wait_panel(t, "which can only be 7+9"), "Kakuro rung 4: the reason");
    th_send(t, "i");
    tap_ok(tt_wait_text(t, "Applied: Unique sum") && tt_wait_text(t, LV " 7 9 " LV " 7 9 " LV),
           "Kakuro rung 5: the marks of the run become 7 and 9");
    th_send(t, "u");
    tap_ok(th_wait_gone(t, " 7 9 ", tt_wait_ms), "and u takes them back");
    tap_ok(tt_quit_cleanly(t), "quit");
    th_free(t);
}

/* The hint key among random keys, resizes included, never crashes the player. */
static void random_keys(const char *file, int rows, int cols, unsigned seed)
{
    static const char *const keys[] = {
        "i", "i", "i", "i", "i", "1", "5", "9", "0", "h", "j", "k", "l", "m", "p", "f", "x", "u",
        "\x12", "c", "e", " ", "?", "\x7f",
    };
    static const struct tt_monkey monkey = {
        .keys = keys, .n_keys = sizeof keys / sizeof keys[0], .presses = 400,
        .resize_every = 97, .pump_every = 40, .pump_ms = 10, .check_every = 40,
    };
    struct th *t = start(file, NULL, NULL, rows, cols);
    struct tt_monkey_run run;
    bool ok = tt_random_keys(t, &monkey, seed, rows, cols, &run);

    tap_ok(ok,
           "hints among random keys at %dx%d: no crash (status %d)", cols, rows, run.status);
    th_free(t);
}

/* The searches behind a hint and a check keep to the budget of nodes (--nodes, as for
 * solve) and say they gave up, not that the puzzle has no solution. */
static void test_budget(void)
{
    char empty_path[300];
    const char *args[] = { "--nodes=1", empty_path, NULL };
    struct th *t;

    tt_write_file(tt_scratch_path(empty_path, sizeof empty_path, "empty.txt"),
                  ".................................................................................\n");
    t = tt_start(args, NULL, 24, 80);
    tap_ok(tt_wait_text(t, "Cell r1c1"), "an empty 9x9 opens with --nodes=1");
    th_send(t, "i");
    tap_ok(tt_wait_text(t, "Gave up looking for a solution to hint from")
           && !th_find(t, "no solution", NULL, NULL),
           "i: the search for a solution gave up, and the player says so");
    th_send(t, "c");
    tap_ok(tt_wait_text(t, "Gave up looking for a solution to check against")
           && !th_find(t, "no solution", NULL, NULL),
           "c: likewise");
    tap_ok(tt_quit_cleanly(t), "quit");
    th_free(t);
}

int main(void)
{
    if (!tt_init("tui-hint", 30000))
        return 0;
    setup();
    test_sudoku_ladder();
    test_saved_hints();
    tt_fresh_state();
    test_mono();
    tt_fresh_state();
    test_paging();
    tt_fresh_state();
    test_kakuro_ladder();
    tt_fresh_state();
    test_budget();
    tt_fresh_state();
    random_keys(sudoku_path, 24, 80, 11);
    random_keys(kakuro_path, 24, 80, 12);
    random_keys(sudoku_path, 8, 30, 13);
    tt_cleanup();
    return tap_done();
}
