/* test_tui.c: the player on a pseudo-terminal: screens, keys, attributes, saves, resizes. */
#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "tap.h"
#include "tui_test.h"

/* More box-drawing pieces as the player draws them in UTF-8. */
#define HTL "\xe2\x94\x8f"    /* heavy top-left corner */
#define DIAG "\xe2\x95\xb2"   /* the diagonal of a Kakuro clue */

/* The solution of tt_sudoku. */
static const char sudoku_solution[] =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

static char sudoku_path[300], almost_path[300], kakuro_path[300], many_path[300];

static void setup(void)
{
    char almost[128], many[512];

    tt_write_file(tt_scratch_path(sudoku_path, sizeof sudoku_path, "sudoku.txt"), tt_sudoku);
    /* The solution with r1c3 left open: one digit from done. */
    snprintf(almost, sizeof almost, "%s\n", sudoku_solution);
    almost[2] = '.';
    tt_write_file(tt_scratch_path(almost_path, sizeof almost_path, "almost.txt"), almost);
    tt_write_file(tt_scratch_path(kakuro_path, sizeof kakuro_path, "kakuro.txt"), tt_kakuro);
    /* Two good puzzles and a bad line, for browsing a file in the picker. */
    snprintf(many, sizeof many, "%s%sthis is not a puzzle\n", tt_sudoku, tt_sudoku);
    many[82 + 2] = '4';     /* the second puzzle also gives r1c3 */
    tt_write_file(tt_scratch_path(many_path, sizeof many_path, "many.txt"), many);
}

/* Starts the player on file (NULL: the picker) with extra options and environment. */
static struct th *start(const char *file, const char *opt1, const char *opt2,
                        const char *env1, int rows, int cols)
{
    const char *args[4] = { NULL };
    const char *env[] = { env1, NULL };
    int n = 0;

    if (opt1 != NULL)
        args[n++] = opt1;
    if (opt2 != NULL)
        args[n++] = opt2;
    if (file != NULL)
        args[n++] = file;
    return tt_start(args, env, rows, cols);
}

static bool cell_is(struct th *t, const char *text, bool (*pred)(const VTermScreenCell *), int offset)
{
    VTermScreenCell cell;

    return tt_cell_at(t, text, offset, &cell) && pred(&cell);
}

static bool is_reverse(const VTermScreenCell *c) { return c->attrs.reverse; }
static bool is_underlined(const VTermScreenCell *c) { return c->attrs.underline != 0; }
static bool is_bold(const VTermScreenCell *c) { return c->attrs.bold; }

static void test_sudoku_play(void)
{
    struct th *t = start(sudoku_path, NULL, NULL, NULL, 24, 80);
    int row, col;

    tap_ok(tt_wait_text(t, "Sudoku 9x9"), "a Sudoku file opens on the board");
    tap_ok(th_find(t, HTL, NULL, NULL), "UTF-8 box drawing in a UTF-8 locale");
    tap_ok(tt_wait_text(t, "Cell r1c3"), "the cursor starts on the first empty cell");
    tap_ok(cell_is(t, "  5  " LV "  3  " LV, is_bold, 2), "givens are bold");
    th_send(t, "l");
    tap_ok(tt_wait_text(t, "Cell r1c4"), "l moves right");
    th_send(t, "\033OB");
    tap_ok(tt_wait_text(t, "Cell r2c4"), "the down arrow moves down");
    th_send(t, "kh");
    tap_ok(tt_wait_text(t, "Cell r1c3"), "k and h move up and left");
    th_send(t, "4");
    tap_ok(tt_wait_text(t, "  3  " LV "  4  " HV), "a digit is entered");
    tap_ok(th_find(t, "  3  " LV "  4  ", &row, &col) && th_fg_index(t, row, col + 8) == 6,
           "the user's digit is coloured apart from the givens");
    tap_ok(cell_is(t, "  3  " LV "  4  ", is_reverse, 8), "the cursor cell is drawn in reverse video");
    th_send(t, "\x7f");
    tap_ok(th_wait_gone(t, "  3  " LV "  4  ", tt_wait_ms), "Backspace erases");
    th_send(t, "1");
    tap_ok(tt_wait_text(t, "  3  " LV "  1  "), "another digit");
    th_send(t, "0");
    tap_ok(th_wait_gone(t, "  3  " LV "  1  ", tt_wait_ms), "0 erases");
    th_send(t, "m1m2");
    tap_ok(tt_wait_text(t, LV "12   " HV), "m and a digit toggle marks");
    th_send(t, "u");
    tap_ok(tt_wait_text(t, LV "1    " HV), "u undoes a mark");
    th_send(t, "\x12");
    tap_ok(tt_wait_text(t, LV "12   " HV), "Ctrl-R redoes it");
    th_send(t, "p4p");
    tap_ok(tt_wait_text(t, LV "12 4 " HV), "pencil mode toggles marks with digits");
    th_send(t, "x");
    tap_ok(th_wait_gone(t, LV "12 4 " HV, tt_wait_ms), "x clears the marks");
    th_send(t, "5");
    tap_ok(tt_wait_text(t, "  3  " LV "  5  "), "a clashing digit is entered");
    tap_ok(th_find(t, "  3  " LV "  5  ", &row, &col) && th_fg_index(t, row, col + 8) == 1 &&
           th_fg_index(t, row, col - 4) == 1, "both clashing digits are shown as conflicts (red)");
    /* Conflicts made both bold: the given and the user's digit looked alike. */
    tap_ok(cell_is(t, "  3  " LV "  5  ", is_bold, -4) && !cell_is(t, "  3  " LV "  5  ", is_bold, 8),
           "in conflict, the given stays bold and the user's digit does not");
    th_send(t, "e");
    tap_ok(th_wait_text(t, "Conflicts hidden", tt_wait_ms) && th_find(t, "  3  " LV "  5  ", &row, &col) &&
           th_fg_index(t, row, col - 4) != 1, "e hides conflicts");
    th_send(t, "e");
    th_send(t, "c");
    tap_ok(tt_wait_text(t, "1 wrong: r1c3"), "c says how many entries are wrong and where");
    th_send(t, "f");
    tap_ok(tt_wait_text(t, "Filled in every candidate"), "f fills candidates");
    th_send(t, "?");
    tap_ok(tt_wait_text(t, "pencil mode"), "? shows the help");
    th_send(t, " ");
    tap_ok(tt_wait_text(t, "Sudoku 9x9"), "any key leaves the help");
    th_send(t, " ");
    tap_ok(tt_wait_text(t, "Paused") && !th_find(t, "  5  " LV "  3  ", NULL, NULL),
           "Space pauses and hides the board");
    th_send(t, " ");
    tap_ok(tt_wait_text(t, "  5  " LV "  3  "), "Space again shows it");
    th_send(t, "\033[<0;4;2M\033[<0;4;2m");
    tap_ok(tt_wait_text(t, "Cell r1c1"), "a mouse click moves the cursor");
    th_send(t, "7");
    tap_ok(tt_wait_text(t, "given by the puzzle"), "a given cannot be changed, and it says why");
    tap_ok(tt_quit_cleanly(t), "q quits with status 0");
    th_free(t);
}

static void test_completion(void)
{
    struct th *t = start(almost_path, NULL, NULL, NULL, 24, 80);

    tap_ok(tt_wait_text(t, "Cell r1c3"), "a nearly solved puzzle opens");
    th_send(t, "4");
    tap_ok(tt_wait_text(t, "Solved in"), "completion is detected at once, with the time");
    tap_ok(tt_quit_cleanly(t), "quit after completion");
    th_free(t);
}

static bool file_exists(const char *path)
{
    struct stat st;

    return stat(path, &st) == 0;
}

static bool any_file_ending(const char *dir, const char *suffix, char *found, size_t size)
{
    char cmd[600];
    FILE *p;
    bool ok;

    snprintf(cmd, sizeof cmd, "ls %s/*%s 2>/dev/null | head -1", dir, suffix);
    p = popen(cmd, "r");
    if (p == NULL)
        return false;
    ok = fgets(found, (int)size, p) != NULL;
    pclose(p);
    if (ok)
        found[strcspn(found, "\n")] = '\0';
    return ok;
}

static void test_save_resume(void)
{
    struct th *t = start(sudoku_path, NULL, NULL, NULL, 24, 80);
    char dir[400], save[600] = "";

    snprintf(dir, sizeof dir, "%s/state/kakudo", tt_dir());
    tt_wait_text(t, "Cell r1c3");
    th_send(t, "4l");
    tt_wait_text(t, "Cell r1c4");
    tap_ok(any_file_ending(dir, ".save", save, sizeof save), "progress is saved after a move, under XDG_STATE_HOME");
    tap_ok(tt_quit_cleanly(t), "quit with a saved game");
    th_free(t);

    t = start(sudoku_path, NULL, NULL, NULL, 24, 80);
    tap_ok(tt_wait_text(t, "saved game"), "reopening offers the saved game");
    th_send(t, "r");
    tap_ok(tt_wait_text(t, "  3  " LV "  4  " HV), "resuming brings the digit back");
    tt_quit_cleanly(t);
    th_free(t);

    t = start(sudoku_path, NULL, NULL, NULL, 24, 80);
    tt_wait_text(t, "saved game");
    th_send(t, "s");
    tt_wait_text(t, "Start over?");
    th_send(t, "y");
    tap_ok(tt_wait_text(t, "Started over") && !th_find(t, "  3  " LV "  4  ", NULL, NULL),
           "s and y start over");
    th_send(t, "9");
    tt_wait_text(t, "  3  " LV "  9  ");
    /* Killed: the last move is already on disk. */
    kill(t->pid, SIGTERM);
    {
        int status = th_wait_exit(t, tt_wait_ms);
        tap_ok(status != -1 && WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM,
               "SIGTERM ends the player by that signal");
        tap_ok(!th_find(t, "Sudoku 9x9", NULL, NULL), "the terminal's normal screen is restored");
    }
    th_free(t);

    t = start(sudoku_path, NULL, NULL, NULL, 24, 80);
    tt_wait_text(t, "saved game");
    th_send(t, "r");
    tap_ok(tt_wait_text(t, "  3  " LV "  9  "), "nothing is lost when killed");
    tt_quit_cleanly(t);
    th_free(t);

    if (save[0] == '\0') {
        tap_ok(false, "a corrupt save is reported (no save file to corrupt)");
        return;
    }
    tt_write_file(save, "this is not a save file\n");
    t = start(sudoku_path, NULL, NULL, NULL, 24, 80);
    tap_ok(tt_wait_text(t, "corrupt"), "a corrupt save is reported");
    {
        char aside[700];
        snprintf(aside, sizeof aside, "%s.corrupt", save);
        tap_ok(file_exists(aside) && !file_exists(save), "and set aside, not loaded");
    }
    tap_ok(tt_quit_cleanly(t), "the player still works after a corrupt save");
    th_free(t);
}

static void test_resize(void)
{
    struct th *t = start(sudoku_path, NULL, NULL, NULL, 24, 80);

    tt_wait_text(t, "Sudoku 9x9");
    th_resize(t, 10, 30);
    tap_ok(tt_wait_text(t, "too small"), "a small terminal says it is too small");
    tap_ok(tt_wait_text(t, "need"), "and how large it must be");
    th_resize(t, 40, 120);
    tap_ok(tt_wait_text(t, "Sudoku 9x9") && th_find(t, "   5   " LV "   3   " LV, NULL, NULL),
           "a larger terminal re-lays out with large cells");
    th_resize(t, 24, 80);
    tap_ok(tt_wait_text(t, "  5  " LV "  3  "), "and back");
    tap_ok(tt_quit_cleanly(t), "quit after resizes");
    th_free(t);
}

/* The size "too small" asks for is enough, and no more than it takes: one column less
 * is still too small (a narrower panel fits where a full one does not). */
static void test_too_small_says_enough(void)
{
    struct th *t = start(sudoku_path, NULL, NULL, NULL, 24, 80);
    char buf[4096];
    const char *need = NULL;
    int w = 0, h = 0;

    tt_wait_text(t, "Sudoku 9x9");
    th_resize(t, 15, 40);
    tt_wait_text(t, "too small");
    tt_wait_text(t, "have 40x15");
    for (int r = 0; r < t->rows && need == NULL; r++)
        need = strstr(th_row(t, r, buf, sizeof buf), "need ");
    if (need == NULL || sscanf(need, "need %dx%d", &w, &h) != 2)
        w = h = 0;
    tap_ok(w > 40 && h > 0 && h <= 15, "at 40x15 a 9x9 needs more columns (%dx%d)", w, h);
    if (w > 40 && h > 0) {
        th_resize(t, h, w);
        tap_ok(tt_wait_text(t, "Filled 30/81") && th_wait_gone(t, "too small", tt_wait_ms),
               "%dx%d is enough", w, h);
        th_resize(t, h, w - 1);
        tap_ok(tt_wait_text(t, "too small"), "and %dx%d is not", w - 1, h);
    }
    th_resize(t, 24, 80);
    tt_wait_text(t, "Filled 30/81");
    tap_ok(tt_quit_cleanly(t), "quit after resizes");
    th_free(t);
}

static void test_ascii_and_mono(void)
{
    struct th *t = start(sudoku_path, "--ascii", NULL, NULL, 24, 80);

    tap_ok(tt_wait_text(t, "+=====+") && !th_find(t, "\xe2\x94", NULL, NULL), "--ascii draws with plain ASCII");
    tt_quit_cleanly(t);
    th_free(t);

    t = start(sudoku_path, NULL, NULL, "LANG=C", 24, 80);
    tap_ok(tt_wait_text(t, "+=====+"), "LANG=C draws with plain ASCII");
    tt_quit_cleanly(t);
    th_free(t);

    t = start(sudoku_path, NULL, NULL, "NO_COLOR=1", 24, 80);
    tt_wait_text(t, "Cell r1c3");
    th_send(t, "5");
    tt_wait_text(t, "  3  " LV "  5  ");
    {
        int row, col;
        bool found = th_find(t, "  3  " LV "  5  ", &row, &col);
        tap_ok(found && th_fg_index(t, row, col + 8) == -1 && th_fg_index(t, row, col - 4) == -1,
               "NO_COLOR: no colours");
        tap_ok(found && cell_is(t, "  3  " LV "  5  ", is_underlined, -4)
               && cell_is(t, "  3  " LV "  5  ", is_underlined, 8),
               "NO_COLOR: conflicts are underlined");
        tap_ok(found && cell_is(t, "  3  " LV "  5  ", is_bold, -4)
               && !cell_is(t, "  3  " LV "  5  ", is_bold, 8),
               "NO_COLOR: in conflict, the given stays bold and the user's digit does not");
        tap_ok(found && cell_is(t, "  3  " LV "  5  ", is_reverse, 8),
               "NO_COLOR: the cursor is reverse video");
    }
    tt_quit_cleanly(t);
    th_free(t);
}

/* How many times text stands on the screen of rows lines. */
static int count_text(struct th *t, int rows, const char *text)
{
    char row[1024];
    int n = 0;

    for (int r = 0; r < rows && th_row(t, r, row, sizeof row) != NULL; r++)
        for (const char *s = strstr(row, text); s != NULL; s = strstr(s + 1, text))
            n++;
    return n;
}

/* Without colours the cells of the cursor's runs are bracketed (3 of them in tt_kakuro). */
static void test_kakuro_mono_runs(void)
{
    struct th *t;
    int row, col;

    tt_fresh_state();
    t = start(kakuro_path, NULL, NULL, "NO_COLOR=1", 24, 80);
    tt_wait_text(t, "Cell r2c2");
    tap_ok(count_text(t, 24, "[   ]") == 3 && th_find(t, "[   ]" LV "[   ]", &row, &col),
           "NO_COLOR: the cells of the cursor's runs are bracketed");
    th_send(t, "jjll");
    tt_wait_text(t, "Cell r4c4");
    {
        char line[1024];
        bool r2_plain = th_row(t, row, line, sizeof line) != NULL && strchr(line, '[') == NULL;
        tap_ok(count_text(t, 24, "[   ]") == 3 && r2_plain,
               "NO_COLOR: the brackets follow the cursor's runs");
    }
    tt_quit_cleanly(t);
    th_free(t);
}

static void test_kakuro(void)
{
    struct th *t = start(kakuro_path, NULL, NULL, NULL, 24, 80);

    tap_ok(tt_wait_text(t, "Kakuro 4x4"), "a Kakuro file opens");
    tap_ok(th_find(t, "17 " DIAG, NULL, NULL) && th_find(t, DIAG " 16", NULL, NULL),
           "clue cells show the down sum under the diagonal and the across sum above");
    tap_ok(cell_is(t, "10 " DIAG, is_reverse, 0), "clue cells are black (reverse video)");
    tap_ok(cell_is(t, "17 " DIAG, is_bold, 0) && !cell_is(t, "17 " DIAG, is_reverse, 0),
           "the clues of the cursor's runs are highlighted");
    tap_ok(tt_wait_text(t, "Across 16 in 2"), "the panel shows the across run of the cursor");
    tap_ok(th_find(t, "Down 17 in 2", NULL, NULL), "and the down run");
    tap_ok(th_find(t, " 79 ", NULL, NULL), "with its digit combinations");
    th_send(t, "lj");
    tt_wait_text(t, "Cell r3c3");
    th_send(t, "7");
    tap_ok(tt_wait_text(t, "given by the puzzle"), "a Kakuro given cannot be changed");
    th_send(t, "h");
    tt_wait_text(t, "Cell r3c2");
    th_send(t, "8");
    tap_ok(tt_wait_text(t, "left 4 in 1"), "the remaining sum of the run");
    th_send(t, "x\x7f");
    th_send(t, "kk");
    tap_ok(tt_wait_text(t, "Cell r1c2"), "the cursor moves onto a clue cell");
    th_send(t, "5");
    tap_ok(tt_wait_text(t, "clue cell cannot be changed"), "a clue cell cannot be changed, and it says why");
    tt_quit_cleanly(t);
    th_free(t);

    tt_fresh_state();
    t = start(kakuro_path, "--ascii", NULL, NULL, 24, 80);
    tap_ok(tt_wait_text(t, "17 \\") && th_find(t, "\\ 16", NULL, NULL), "Kakuro clues in ASCII");
    tt_quit_cleanly(t);
    th_free(t);
    test_kakuro_mono_runs();
}

/* A run without a clue: the panel says it has no sum and which digits it can still use. */
static void test_kakuro_sumless(void)
{
    char path[300];
    struct th *t;

    tt_write_file(tt_scratch_path(path, sizeof path, "sumless.txt"),
                  "\\ 2\\ 4\\ \\\n\\13 _ _ _\n\\ \\ _ _\n");
    tt_fresh_state();
    t = start(path, NULL, NULL, NULL, 24, 80);
    tap_ok(tt_wait_text(t, "Across 13 in 3"), "a Kakuro with a run without a clue opens");
    th_send(t, "jl");
    tap_ok(tt_wait_text(t, "Across ? in 2") && th_find(t, "Down 4 in 2", NULL, NULL)
           && th_find(t, "no sum, 2 cells empty", NULL, NULL) && th_find(t, "can use 123456789", NULL, NULL),
           "its run in the panel: no sum, every digit still possible");
    th_send(t, "5");
    tap_ok(tt_wait_text(t, "can use 12346789") && th_find(t, "no sum, 1 cell empty", NULL, NULL),
           "a digit in it leaves the others");
    th_send(t, "l5");
    tap_ok(tt_wait_text(t, "full, no sum to reach"), "full, with no sum to reach");
    th_send(t, "hh");
    tap_ok(tt_wait_text(t, "Cell r3c2") && !th_find(t, "Across ? in 2", NULL, NULL),
           "the black cell before it selects no run");
    tt_quit_cleanly(t);
    th_free(t);
}

static void test_picker(void)
{
    struct th *t = start(NULL, NULL, NULL, NULL, 24, 80);

    tap_ok(tt_wait_text(t, "choose a puzzle"), "no file: the picker");
    tap_ok(th_find(t, "Puzzles", NULL, NULL) && th_find(t, "Open a file", NULL, NULL),
           "the picker lists bundled puzzles and open file");
    th_send(t, "\r");
    tap_ok(tt_wait_text(t, "Cell r"), "Enter opens a bundled puzzle");
    tt_send_settled(t, "1");   /* the digit is in before q leaves */
    th_send(t, "q");
    tap_ok(tt_wait_text(t, "choose a puzzle"), "q on the board returns to the picker");
    tap_ok(tt_wait_text(t, "Recent games"), "the game just played is listed among the recent games");
    th_send(t, "o");
    tt_wait_text(t, "File");
    th_send(t, kakuro_path);
    th_send(t, "\r");
    tap_ok(tt_wait_text(t, "Kakuro 4x4"), "open file reads a path");
    th_send(t, "q");
    tt_wait_text(t, "choose a puzzle");
    tap_ok(tt_quit_cleanly(t), "q in the picker quits");
    th_free(t);
}

static void test_browse_file(void)
{
    struct th *t = start(NULL, NULL, NULL, NULL, 24, 80);

    tt_wait_text(t, "choose a puzzle");
    th_send(t, "o");
    tt_wait_text(t, "File");
    th_send(t, many_path);
    th_send(t, "\r");
    tap_ok(tt_wait_text(t, "Puzzles in the file") && th_find(t, "#1 ", NULL, NULL) &&
           th_find(t, "#2 ", NULL, NULL), "a file of several puzzles is listed in the picker");
    tap_ok(th_find(t, "#3     unreadable: ", NULL, NULL) && th_find(t, "many.txt:3:1:", NULL, NULL),
           "a bad puzzle in it is listed with its error");
    th_send(t, "j\r");
    tap_ok(tt_wait_text(t, "many.txt:2") && th_find(t, "  3  " LV "  4  " HV, NULL, NULL),
           "Enter opens the chosen puzzle, titled by file and number");
    th_send(t, "6");
    tt_wait_text(t, "  4  " HV "  6  ");
    th_send(t, "q");
    tap_ok(tt_wait_text(t, "(saved game)"), "q goes back to the file's list, which marks the game saved");
    th_send(t, "\033");
    tap_ok(th_wait_gone(t, "Puzzles in the file", tt_wait_ms) && th_find(t, "Recent games", NULL, NULL)
           && !th_find(t, "choose a puzzle of", NULL, NULL), "Esc goes back to the main list");
    tap_ok(th_find(t, "many.txt:2", NULL, NULL), "where the game is among the recent ones, by name");
    tap_ok(tt_quit_cleanly(t), "q quits from the main list");
    th_free(t);
}

/* At 40 columns the list's title keeps the file's name: a long path gives way from its
 * start, after an ellipsis (it was cut at its end, "of /tmp/kakudo-tui-...", the name
 * lost). */
static void test_browse_title_narrow(void)
{
    struct th *t = start(NULL, NULL, NULL, NULL, 24, 40);

    tt_wait_text(t, "choose a puzzle");
    th_send(t, "o");
    tt_wait_text(t, "File");
    th_send(t, many_path);
    th_send(t, "\r");
    tap_ok(tt_wait_text(t, "Puzzles in the file") && tt_wait_text(t, "choose a puzzle of \xe2\x80\xa6")
           && tt_wait_text(t, "/many.txt"), "40 columns: the title ends in the file's name, after an ellipsis");
    th_send(t, "\033");
    th_wait_gone(t, "Puzzles in the file", tt_wait_ms);
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
}

/* Bytes that make no UTF-8 character are dropped alone: the keys after them still count
 * (ncurses' get_wch went on reading after such a byte until a second passed without
 * a key, swallowing every key typed meanwhile; the soak test found it, seed 101). */
static void test_stray_bytes(void)
{
    struct th *t = start(sudoku_path, NULL, NULL, NULL, 24, 80);

    tt_wait_text(t, "Cell r1c3");
    th_send(t, "\xff" "l");
    tap_ok(tt_wait_text(t, "Cell r1c4"), "a byte that starts no character does not swallow the key after it");
    th_send(t, "\xc3" "l");
    tap_ok(tt_wait_text(t, "Cell r1c5"), "nor does a character cut short");
    th_send(t, "\xe2\x94" "\xc3\xa9" "\xbf" "l");
    tap_ok(tt_wait_text(t, "Cell r1c6"), "nor stray continuation bytes, nor a whole character");
    tap_ok(tt_quit_cleanly(t), "q still quits");
    th_free(t);
}

/* Random keys (every command, digits, arrows, resizes) must never crash the player. */
static void random_keys(const char *file, int rows, int cols, unsigned seed)
{
    static const char *const keys[] = {
        "1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "h", "j", "k", "l", "m", "p", "f",
        "x", "u", "\x12", "r", "c", "e", " ", "t", "?", "\x7f", "\033OA", "\033OB", "\033OC",
        "\033OD", "\033[3~", "\0331", "A", "Z", "n", "y", "\033", "\r", "o", "/", "\033[<0;3;3M",
    };
    static const struct tt_monkey monkey = {
        .keys = keys, .n_keys = sizeof keys / sizeof keys[0], .presses = 600,
        .resize_every = 97, .pump_every = 50, .pump_ms = 10, .check_every = 50,
    };
    struct th *t = start(file, NULL, NULL, NULL, rows, cols);
    struct tt_monkey_run run;
    bool ok = tt_random_keys(t, &monkey, seed, rows, cols, &run);

    tap_ok(ok,
           "random keys at %dx%d on %s: no crash (status %d)", cols, rows, file ? "a file" : "the picker", run.status);
    th_free(t);
}

int main(void)
{
    if (!tt_init("tui", 30000))
        return 0;
    setup();
    test_sudoku_play();
    tt_fresh_state();
    test_completion();
    tt_fresh_state();
    test_save_resume();
    tt_fresh_state();
    test_resize();
    test_too_small_says_enough();
    tt_fresh_state();
    test_ascii_and_mono();
    tt_fresh_state();
    test_kakuro();
    test_kakuro_sumless();
    tt_fresh_state();
    test_picker();
    tt_fresh_state();
    test_browse_file();
    test_browse_title_narrow();
    tt_fresh_state();
    test_stray_bytes();
    tt_fresh_state();
    /* Each run on a fresh state: a save left by the one before would open on the resume
     * question, where the monkey's Escape goes back to the shell and ends the run early. */
    random_keys(sudoku_path, 24, 80, 1);
    tt_fresh_state();
    random_keys(kakuro_path, 24, 80, 2);
    tt_fresh_state();
    random_keys(sudoku_path, 6, 20, 3);
    tt_fresh_state();
    random_keys(NULL, 24, 80, 4);
    tt_cleanup();
    return tap_done();
}
