/* test_tui_marks.c: a pencil-mark grid opened in the player keeps its marks, as the
 * player's own: shown, undone and redone, kept by a save once the player moves; from the
 * command line, the picker's prompt and list of a file, and a paste. */
#include "config.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "tui_test.h"

/* 'Sudoku' from Wikipedia after three hints (`kakudo hint --apply=3`): r1c3 has 1, 2, 4. */
static const char pm_grid[] =
    ".-------------------.---------------.------------------.\n"
    "| 5    3     124    | 6    7    8   | 149   1249  24   |\n"
    "| 6    247   247    | 1    9    5   | 3478  234   2478 |\n"
    "| 12   9     8      | 23   34   24  | 5     6     247  |\n"
    ":-------------------+---------------+------------------:\n"
    "| 8    125   1259   | 579  6    147 | 479   2459  3    |\n"
    "| 4    25    2569   | 8    [5]  3   | 79    259   1    |\n"
    "| 7    15    1359   | 59   2    14  | 489   459   6    |\n"
    ":-------------------+---------------+------------------:\n"
    "| 139  6     134579 | 357  35   [7] | 2     8     [4]  |\n"
    "| 23   278   237    | 4    1    9   | 36    [3]   5    |\n"
    "| 123  1245  12345  | 235  8    26  | 1346  7     9    |\n"
    "'-------------------'---------------'------------------'\n";

/* A Kakuro grid of candidates (`kakudo hint --apply=1` of a 4x4): r2c2 and r2c3 have 7, 9. */
static const char kakuro_marks[] =
    "\\   17\\      10\\      \\\n"
    "\\16 79       79       11\\\n"
    "\\13 23456789 1        23456789\n"
    "\\   \\9       23456789 123456789\n";

/* r1c3's marks 1, 2, 4 as the board draws them at 80x24 (the box's edge after them). */
#define R1C3_MARKS LV "12 4 " HV

static char pm_path[300], kakuro_path[300], two_path[300];

/* How many saved games the state directory holds. */
static int count_saves(void)
{
    char dir[400];
    DIR *d;
    struct dirent *e;
    int n = 0;

    snprintf(dir, sizeof dir, "%s/state/kakudo", tt_dir());
    d = opendir(dir);
    while (d != NULL && (e = readdir(d)) != NULL)
        n += strlen(e->d_name) > 5 && strcmp(e->d_name + strlen(e->d_name) - 5, ".save") == 0;
    if (d != NULL)
        closedir(d);
    return n;
}

static struct th *start(const char *path)
{
    const char *args[] = { path, NULL };

    return tt_start(args, NULL, 24, 80);
}

/* The marks show as the board opens; leaving at once saves nothing (the player did
 * nothing). */
static void test_marks_shown(void)
{
    struct th *t = start(pm_path);

    tap_ok(tt_wait_text(t, R1C3_MARKS), "a pencil-mark grid opens with its marks");
    tap_ok(tt_wait_text(t, "Filled 33/81"), "its digits are the givens, as hint reads them");
    tap_ok(tt_quit_cleanly(t), "quits");
    tap_ok(count_saves() == 0, "quitting without a move saves nothing");
    th_free(t);
}

/* The marks are a move like any: undone, redone, and saved once the player changes
 * anything, with their own mark after them. */
static void test_marks_undo_save(void)
{
    struct th *t = start(pm_path);

    tt_wait_text(t, R1C3_MARKS);
    th_send(t, "u");
    tap_ok(tt_wait_text(t, "Undone.") && th_wait_gone(t, R1C3_MARKS, tt_wait_ms),
           "undo takes the grid's marks away");
    th_send(t, "r");
    tap_ok(tt_wait_text(t, "Redone.") && tt_wait_text(t, R1C3_MARKS), "redo brings them back");
    th_send(t, "m3");
    tap_ok(tt_wait_text(t, LV "1234 " HV), "a mark of the player's joins them");
    tap_ok(tt_quit_cleanly(t) && count_saves() == 1, "and the game is saved");
    th_free(t);

    t = start(pm_path);
    tap_ok(tt_wait_text(t, "saved game (0 cells filled, marks in"),
           "reopening offers the saved game, with the grid's marks and the player's");
    th_send(t, "r");
    tap_ok(tt_wait_text(t, LV "1234 " HV), "resuming it shows them");
    tap_ok(tt_quit_cleanly(t), "quits");
    th_free(t);
}

/* A Kakuro grid of candidates gives its marks too. */
static void test_kakuro_marks(void)
{
    struct th *t = start(kakuro_path);

    tap_ok(tt_wait_text(t, LV " 7 9 " LV " 7 9 " LV), "a Kakuro grid of candidates opens with them");
    tap_ok(tt_quit_cleanly(t), "quits");
    th_free(t);
}

/* The picker opens a position with its marks too: typed at its prompt, the second of a
 * file's two (from its list), and pasted. */
static void test_picker_marks(void)
{
    struct th *t = tt_start(NULL, NULL, 24, 80);
    char keys[400];

    tt_wait_text(t, "choose a puzzle");
    snprintf(keys, sizeof keys, "o%s\r", pm_path);
    th_send(t, keys);
    tap_ok(tt_wait_text(t, R1C3_MARKS) && tt_wait_text(t, "pm.txt"), "typed at the prompt");
    th_send(t, "q");
    tt_wait_text(t, "choose a puzzle");
    snprintf(keys, sizeof keys, "o%s\r", two_path);
    th_send(t, keys);
    tt_wait_text(t, "two.txt");
    th_send(t, "\033[B\r");
    tap_ok(tt_wait_text(t, R1C3_MARKS) && tt_wait_text(t, "two.txt:2"), "the second of a file's two");
    th_send(t, "q");
    tt_wait_text(t, "choose a puzzle");
    th_send(t, "p");
    tt_wait_text(t, "Paste a puzzle now");
    th_send(t, "\033[200~");
    th_send(t, pm_grid);
    th_send(t, "\033[201~");
    tap_ok(tt_wait_text(t, R1C3_MARKS) && tt_wait_text(t, "Pasted puzzle"), "pasted");
    th_send(t, "q");
    tt_wait_text(t, "choose a puzzle");
    tap_ok(tt_quit_cleanly(t), "quits");
    th_free(t);
}

int main(void)
{
    char two[2 * sizeof pm_grid + 1];

    if (!tt_init("marks", 30000))
        return 0;
    tt_write_file(tt_scratch_path(pm_path, sizeof pm_path, "pm.txt"), pm_grid);
    tt_write_file(tt_scratch_path(kakuro_path, sizeof kakuro_path, "kakuro.txt"), kakuro_marks);
    snprintf(two, sizeof two, "%s\n%s", pm_grid, pm_grid);
    tt_write_file(tt_scratch_path(two_path, sizeof two_path, "two.txt"), two);
    test_marks_shown();
    tt_fresh_state();
    test_marks_undo_save();
    tt_fresh_state();
    test_kakuro_marks();
    tt_fresh_state();
    test_picker_marks();
    tt_cleanup();
    return tap_done();
}
