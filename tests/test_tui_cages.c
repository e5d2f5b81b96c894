/* test_tui_cages.c: the panel of the cursor's Killer cage at sizes other than 9x9 (a 4x4's
 * cage lists only sets of the digits 1-4, in the order of their smallest digits as every
 * size's), the board's keys under the panel kept whole where they take five rows, and a
 * Killer watched at its smallest size still saying how to stop. */
#include "config.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "tui_test.h"

/* A 4x4 Killer Jigsaw X whose cage b (r1c2, r1c3, r1c4) is 9 in 3: of the 1-9 sets 234,
 * 135 and 126, only 234 has digits a 4x4 holds.  Solution 1432 / 3214 / 2341 / 4123. */
static const char killer4[] =
    "# cages4\n"
    "killer-jigsaw-x\n"
    ".... 1122 abbb\n"
    ".... 3142 acdd\n"
    ".... 3142 eccf\n"
    ".... 3344 ecff\n"
    "a=4 b=9 c=10 d=5 e=6 f=6\n";

static struct th *start(const char *path, int rows, int cols)
{
    const char *args[] = { path, NULL };

    tt_fresh_state();
    return tt_start(args, NULL, rows, cols);
}

/* The path of a bundled puzzle, from the source tree. */
static char *data_path(char *path, size_t size, const char *name)
{
    const char *srcdir = getenv("srcdir");

    snprintf(path, size, "%s/data/%s", srcdir != NULL ? srcdir : ".", name);
    return path;
}

/* A 4x4 cage's sets hold the digits 1-4 only (they came from Kakuro's 1-9 table). */
static void test_small_cage_sets(void)
{
    char path[600];
    struct th *t;

    tt_write_file(tt_scratch_path(path, sizeof path, "cages4.txt"), killer4);
    t = start(path, 24, 80);
    tt_wait_text(t, "Cell r1c1");
    th_send(t, "l");
    tap_ok(tt_wait_text(t, "Cell r1c2") && tt_wait_text(t, "Cage 9 in 3") && tt_wait_text(t, "234"),
           "4x4 Killer: the cage 9 in 3 lists 234");
    tap_ok(!th_find(t, "135", NULL, NULL) && !th_find(t, "126", NULL, NULL),
           "and not 135 or 126, whose 5 and 6 a 4x4 has not");
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
}

/* A 9x9 cage's sets in the order of their smallest digits, as a 4x4's and a 16x16's (the
 * 9x9's came in the table's order: 2346 first, 1239 last). */
static void test_sets_order(void)
{
    char path[600];
    struct th *t = start(data_path(path, sizeof path, "16-killer9-easy.txt"), 24, 80);
    int r1, c1, r2, c2;

    tap_ok(tt_wait_text(t, "Cage 15 in 4") && tt_wait_text(t, "1239") && tt_wait_text(t, "2346"),
           "9x9 Killer: the cage 15 in 4 lists 1239 and 2346");
    tap_ok(th_find(t, "1239", &r1, &c1) && th_find(t, "2346", &r2, &c2) &&
           (r1 < r2 || (r1 == r2 && c1 < c2)), "1239 before 2346");
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
}

/* Under the board (44 columns) a 12x12's keys take five rows of the panel's 24 columns:
 * all are shown, redo too (the fifth row was dropped). */
static void test_keys_below(void)
{
    char path[600];
    struct th *t = start(data_path(path, sizeof path, "09-sudoku12-medium.txt"), 60, 44);

    tap_ok(tt_wait_text(t, "Sudoku 12x12") && tt_wait_text(t, ":p pencil") && tt_wait_text(t, ":m mark"),
           "12x12 at 44x60: the keys under the board");
    tap_ok(tt_wait_text(t, ":r redo"), "end with redo, on a fifth row");
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
}

/* Watching a 9x9 Killer at 51x15, the smallest size it takes: the counters, the step and
 * its cage fill the panel, and its last row says how to stop and how to see the keys (no
 * key was shown at all). */
static void test_watch_smallest(void)
{
    char path[600];
    const char *args[] = { "watch", data_path(path, sizeof path, "16-killer9-easy.txt"), NULL };
    struct th *t;

    tt_fresh_state();
    t = tt_start(args, NULL, 15, 51);
    tap_ok(tt_see(t, "Backtracks") && tt_see(t, "Cage "), "Killer watched at 51x15: counters and a cage");
    tap_ok(tt_see(t, "q stop") && tt_see(t, "? keys"), "and how to stop and see the keys");
    th_send(t, "q");
    tap_ok(tt_wait_text(t, "Cell r1c1") && tt_quit_cleanly(t), "q stops, q quits");
    th_free(t);
}

#define DT "\xe2\x94\xaf"     /* the frame's top, a light line down from it */

/* A 16x16 Killer whose cages are its columns, each 136 in 16: a three-digit sum. */
static void write_column_cages(const char *path)
{
    static const char names[] = "abcdefghijklmnop";
    FILE *f = fopen(path, "w");

    if (f == NULL)
        return;
    fputs("killer\n", f);
    for (int r = 0; r < 16; r++)
        fprintf(f, "................ %s\n", names);
    for (int c = 0; c < 16; c++)
        fprintf(f, "%c=136%c", names[c], c < 15 ? ' ' : '\n');
    fclose(f);
}

/* At 80x24 a 16x16 Killer has cells two columns wide: a sum of three digits ran over the
 * line beside its cell into the next cage's ("136136136..."), the frame's corner too.
 * Such a board is given cells that hold its sums, and scrolls; the watch too. */
static void test_wide_sums(void)
{
    char path[600], line[1024];
    const char *watch[] = { "watch", path, NULL };
    struct th *t;

    write_column_cages(tt_scratch_path(path, sizeof path, "columns16.txt"));
    t = start(path, 24, 80);
    tap_ok(tt_wait_text(t, "Cage 136 in 16"), "16x16 Killer of 136-sums at 80x24: opened");
    th_row(t, 1, line, sizeof line);
    tap_ok(strstr(line, "136" DT "136" DT "136") != NULL && strstr(line, "136136") == NULL,
           "the sums stand apart, a line between them: %s", line);
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);

    tt_fresh_state();
    t = tt_start(watch, NULL, 24, 80);
    tap_ok(tt_wait_text(t, "Solver:"), "watched");
    th_row(t, 1, line, sizeof line);
    tap_ok(strstr(line, "136" DT "136" DT "136") != NULL && strstr(line, "136136") == NULL,
           "the watch's sums stand apart too: %s", line);
    th_send(t, "q");
    tap_ok(tt_wait_text(t, "Cell r1c1") && tt_quit_cleanly(t), "q stops, q quits");
    th_free(t);
}

/* A 16x16 Killer whose first row is three cages (1-5, 6-11 and 12-16 of the row 1..16)
 * and whose other rows are a cage each: the cage r1c6-r1c11 is 51 in 6, which 338 sets of
 * the digits 1-G make, more than the panel holds. */
static void write_wide_cage(const char *path)
{
    static const char rows[] = "defghijklmnopqr";
    FILE *f = fopen(path, "w");

    if (f == NULL)
        return;
    fputs("killer\n................ aaaaabbbbbbccccc\n", f);
    for (int r = 0; r < 15; r++) {
        fputs("................ ", f);
        for (int c = 0; c < 16; c++)
            fputc(rows[r], f);
        fputc('\n', f);
    }
    fputs("a=15 b=51 c=70", f);
    for (int r = 0; r < 15; r++)
        fprintf(f, " %c=136", rows[r]);
    fputc('\n', f);
    fclose(f);
}

/* The panel showed the first 128 sets of a cage in the order of their smallest digits,
 * and of those only what fits, with nothing said of the rest: with 4, 5, 6 and 7 entered
 * in the 51 in 6, its two sets left (4567DG and 4567EF) were past the list, and every set
 * shown was struck out, as if the cage could not be finished.  A list cut short puts the
 * sets still possible first and says how many more there are. */
static void test_cut_sets(void)
{
    char path[600];
    const char *args[] = { path, NULL }, *env[] = { "NO_COLOR=1", NULL };
    struct th *t;

    write_wide_cage(tt_scratch_path(path, sizeof path, "widecage16.txt"));
    tt_fresh_state();
    t = tt_start(args, env, 24, 80);
    tt_wait_text(t, "Cell r1c1");
    th_send(t, "lllll");
    tap_ok(tt_wait_text(t, "Cell r1c6") && tt_wait_text(t, "Cage 51 in 6") && tt_wait_text(t, " more, "),
           "16x16 Killer at 80x24: the cage 51 in 6 says its list goes on");
    th_send(t, "4l5l6l7");
    tap_ok(tt_wait_text(t, "Cell r1c9") && tt_wait_text(t, "left 29 in 2 cells") &&
           tt_wait_text(t, " 4567DG ") && tt_wait_text(t, " 4567EF "),
           "with 4, 5, 6 and 7 in it the two sets left are listed, not struck out");
    tap_ok(tt_wait_text(t, "more, 0 possible"), "and none of the sets not shown is possible");
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
}

/* Where the panel is narrower than the note (22 columns at 120x60), the note wraps onto a
 * second row: one row was kept for it, so that " +240 more, 240" stood without its
 * "possible". */
static void test_cut_sets_narrow_note(void)
{
    char path[600];
    const char *args[] = { path, NULL }, *env[] = { "NO_COLOR=1", NULL };
    struct th *t;

    write_wide_cage(tt_scratch_path(path, sizeof path, "widecage16.txt"));
    tt_fresh_state();
    t = tt_start(args, env, 60, 120);
    tt_wait_text(t, "Cell r1c1");
    th_send(t, "lllll");
    tap_ok(tt_wait_text(t, "Cell r1c6") && tt_wait_text(t, "Cage 51 in 6") && tt_wait_text(t, " more, ")
           && tt_wait_text(t, "possible"),
           "16x16 Killer at 120x60: the note under the cut list is there whole, on two rows");
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
}

/* Under the board (a 9x9 Killer at 60x40) a hint's column pushed the cursor's cage out:
 * the runs were to follow the hint, in a third column the panel has not, and were not
 * drawn at all, while the column of the status lines had rows to spare.  The cage now
 * stays there, under the status lines, while the hint is open. */
static void test_cage_beside_hint(void)
{
    char path[600];
    struct th *t = start(data_path(path, sizeof path, "26-killer-jigsaw9-hard.txt"), 40, 60);

    tap_ok(tt_wait_text(t, "Cell r1c1") && tt_wait_text(t, "Cage 6 in 2") && tt_wait_text(t, "left 6 in 2 cells"),
           "9x9 Killer at 60x40: the cage under the board");
    th_send(t, "i");
    tap_ok(tt_wait_text(t, "Hint 1/5") && tt_wait_text(t, "Cage 6 in 2") && tt_wait_text(t, "left 6 in 2 cells") &&
           tt_wait_text(t, " 15  24 "), "a hint open beside it keeps it, its sets too");
    th_send(t, "ii");
    tap_ok(tt_wait_text(t, "Hint 3/5") && tt_wait_text(t, "Cage 6 in 2"), "at the hint's third step too");
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
}

/* A 15x15 Kakuro at 80x24: the cursor's Across run (19 in 4 at r6c9, 11 sets) and Down
 * run (20 in 4, 12 sets) share the panel under the board, each cut with its own "+N more"
 * note: the Across run's sets filled it, and the Down run had its title alone. */
static void test_runs_share_panel(void)
{
    char path[600];
    struct th *t;

    t = start(data_path(path, sizeof path, "15-kakuro15-master.txt"), 24, 80);
    tt_wait_text(t, "Cell r2c2");
    th_send(t, "jjjjlllllll");
    tap_ok(tt_wait_text(t, "Cell r6c9") && tt_wait_text(t, "Across 19 in 4")
           && tt_wait_text(t, "1279") && tt_wait_text(t, "+8 more, 8 possible"),
           "15x15 Kakuro at 80x24: the Across run shows its first sets and what it cuts");
    tap_ok(tt_wait_text(t, "Down 20 in 4") && tt_wait_text(t, "1289")
           && tt_wait_text(t, "+9 more, 9 possible"),
           "and the Down run beside it too, its own cut counted");
    tap_ok(tt_wait_text(t, "? help  q quit"), "the help and quit keys stay");
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);

    /* A 12x12 with a hint open: the runs have the column after the hint's, one column of
     * seven rows, for Across 13 in 3 (7 sets) and Down 21 in 4 (11). */
    t = start(data_path(path, sizeof path, "14-kakuro12-hard.txt"), 24, 80);
    tt_wait_text(t, "Cell r2c2");
    th_send(t, "jjll");
    tt_wait_text(t, "Cell r4c4");
    th_send(t, "i");
    tap_ok(tt_wait_text(t, "Hint 1/5") && tt_wait_text(t, "Across 13 in 3") && tt_wait_text(t, "139  148")
           && tt_wait_text(t, "Down 21 in 4") && tt_wait_text(t, "+11 more, 11 possible"),
           "12x12 Kakuro at 80x24 with a hint: both runs in the column left, the Down run's cut counted");
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
}

/* A 16x16 Killer of 32 cages of 8 cells (each box's left and right halves, 68 each): its
 * sums have two digits, so at 80x24 its cells are two columns wide. */
static void write_half_box_cages(const char *path)
{
    static const char names[] = "abcdefghijklmnopqrstuvwxyzABCDEF";
    FILE *f = fopen(path, "w");

    if (f == NULL)
        return;
    fputs("killer\n", f);
    for (int r = 0; r < 16; r++) {
        fputs("................ ", f);
        for (int c = 0; c < 16; c++)
            fputc(names[2 * ((r / 4) * 4 + c / 4) + (c % 4) / 2], f);
        fputc('\n', f);
    }
    for (int i = 0; i < 32; i++)
        fprintf(f, "%s%c=68", i ? " " : "", names[i]);
    fputc('\n', f);
    fclose(f);
}

/* How many times c stands on the screen. */
static int count_on_screen(struct th *t, char c)
{
    char line[1024];
    int n = 0;

    for (int r = 0; r < 24; r++) {
        th_row(t, r, line, sizeof line);
        for (const char *s = line; (s = strchr(s, c)) != NULL; s++)
            n++;
    }
    return n;
}

/* Without colour, cells two columns wide: the cursor's cage (r1c1-r4c2, 8 cells) was told
 * only by its sum in the panel; its cells are marked '[' in their first column, as cells
 * three wide get '[' and ']'. */
static void test_cage_marked_two_wide(void)
{
    char path[600], line[1024];
    const char *args[] = { path, NULL }, *env[] = { "NO_COLOR=1", NULL };
    struct th *t;

    write_half_box_cages(tt_scratch_path(path, sizeof path, "halves16.txt"));
    tt_fresh_state();
    t = tt_start(args, env, 24, 80);
    tap_ok(tt_wait_text(t, "Cage 68 in 8") && tt_wait_text(t, "Cell r1c1"),
           "16x16 Killer of 68-sums at 80x24 without colour: opened");
    tap_ok(count_on_screen(t, '[') == 8 && count_on_screen(t, ']') == 0,
           "the cursor's cage has its 8 cells marked '[' (%d)", count_on_screen(t, '['));
    th_row(t, 2, line, sizeof line);
    tap_ok(strncmp(line, "\u2503[", strlen("\u2503[")) == 0, "in the first column of r1c1: %s", line);
    th_send(t, "lll");
    tt_wait_text(t, "Cell r1c4");
    th_row(t, 2, line, sizeof line);
    tap_ok(count_on_screen(t, '[') == 8 && strstr(line, "\u2503[") == NULL
           && strstr(line, "\u2506[") != NULL,
           "the cursor in the next cage (r1c3-r4c4): its cells are marked instead: %s", line);
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
}

int main(void)
{
    if (!tt_init("cages", 30000))
        return 0;
    test_small_cage_sets();
    test_sets_order();
    test_keys_below();
    test_watch_smallest();
    test_wide_sums();
    test_cut_sets();
    test_cut_sets_narrow_note();
    test_cage_beside_hint();
    test_runs_share_panel();
    test_cage_marked_two_wide();
    tt_cleanup();
    return tap_done();
}
