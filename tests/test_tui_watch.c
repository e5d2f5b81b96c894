/* test_tui_watch.c: watching the solver in the player, on a pseudo-terminal: the animation, its counters, pause, single step, speed, stop, keeping the solution, resizes, styles without colour. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "tui_test.h"

#define STILL_MS 400    /* how long a paused screen is watched for not changing */

static char sudoku_path[300], kakuro_path[300];

/* Row 1 of the board as it opens (r1c3 empty, the cursor there) and when solved. */
#define ROW1_START "  5  " LV "  3  " LV "     " HV "     " LV "  7  "
#define ROW1_SOLVED "  5  " LV "  3  " LV "  4  " HV "  6  " LV "  7  " LV "  8  " HV

static void setup(void)
{
    tt_write_file(tt_scratch_path(sudoku_path, sizeof sudoku_path, "sudoku.txt"), tt_sudoku);
    tt_write_file(tt_scratch_path(kakuro_path, sizeof kakuro_path, "kakuro.txt"), tt_kakuro);
}

/* Starts kakudo --no-timer with up to three more arguments (NULL ends them) and one
 * environment setting (may be NULL). */
static struct th *start(const char *env1, int rows, int cols, const char *a1, const char *a2,
                        const char *a3)
{
    const char *args[] = { a1, a2, a3, NULL };
    const char *env[] = { env1, NULL };

    return tt_start(args, env, rows, cols);
}

/* Text on a screen that keeps changing while the solver runs: seen, not settled. */
static bool see(struct th *t, const char *text)
{
    return tt_see(t, text);
}

/* Text on a screen that has stopped changing (before watching, paused, or after the end),
 * once the program has answered every key sent. */
static bool wait(struct th *t, const char *text)
{
    return tt_wait_text(t, text);
}

/* The number after label on the screen ("Steps 12"), or -1. */
static long number_after(struct th *t, const char *label)
{
    char buf[4096];

    for (int r = 0; r < t->rows; r++) {
        const char *hit = strstr(th_row(t, r, buf, sizeof buf), label);
        if (hit != NULL && hit[strlen(label)] >= '0' && hit[strlen(label)] <= '9')
            return strtol(hit + strlen(label), NULL, 10);
    }
    return -1;
}

/* Waits until the number after label is above floor; returns it (-1 on timeout). */
static long wait_above(struct th *t, const char *label, long floor)
{
    long end = th_now_ms() + tt_wait_ms, v;

    while ((v = number_after(t, label)) <= floor) {
        if (th_now_ms() >= end || t->exited) {
            tap_diag("\"%s\" stayed at %ld", label, v);
            th_dump(t);
            return -1;
        }
        th_pump(t, 20);
    }
    return v;
}

/* The whole screen as one string, to compare two moments. */
static char *screen_text(struct th *t)
{
    size_t size = (size_t)t->rows * ((size_t)t->cols * 4 + 2) + 1, n = 0;
    char *all = malloc(size), buf[4096];

    if (all == NULL)
        exit(99);
    all[0] = '\0';
    for (int r = 0; r < t->rows; r++) {
        size_t len = strlen(th_row(t, r, buf, sizeof buf));
        memcpy(all + n, buf, len);
        n += len;
        all[n++] = '\n';
        all[n] = '\0';
    }
    return all;
}

/* Cuts the message line off a screen_text (the rest is the board and the panel). */
static char *without_last_line(char *all)
{
    size_t n = strlen(all);
    char *nl;

    if (n > 0 && all[n - 1] == '\n')
        all[n - 1] = '\0';
    nl = strrchr(all, '\n');
    if (nl != NULL)
        nl[1] = '\0';
    return all;
}

/* Whether the screen stays exactly as it is for STILL_MS (while it should not move,
 * nothing arrives that changes it). */
static bool stays_still(struct th *t)
{
    char *before, *after;
    bool same;

    if (!th_settle(t, tt_wait_ms)) {
        tap_diag("the program never stopped working");
        th_dump(t);
        return false;
    }
    before = screen_text(t);
    th_pump(t, STILL_MS);
    after = screen_text(t);
    same = strcmp(before, after) == 0;
    if (!same)
        th_dump(t);
    free(before);
    free(after);
    return same;
}

/* --- Scenarios --- */

/* From the board: w starts the animation, which changes the board and counts up; Space
 * pauses it (nothing moves), . takes exactly one step, + and - change the speed, and q
 * stops it with the board as it was. */
static void test_animation_controls(void)
{
    struct th *t = start(NULL, 24, 80, sudoku_path, NULL, NULL);
    char *board_before;
    long steps, more;

    wait(t, "Cell r1c3");
    board_before = screen_text(t);
    th_send(t, "w");
    tap_ok(see(t, "Solver: smart") && see(t, "Speed 20 steps/s"), "w starts watching the smart solver at 20 steps a second");
    steps = wait_above(t, "Steps ", 2);
    more = wait_above(t, "Steps ", steps);
    tap_ok(steps > 0 && more > steps, "the step counter grows (%ld, then %ld)", steps, more);
    tap_ok(see(t, "(forced)") && !th_find(t, ROW1_START, NULL, NULL),
           "the board changes as digits are placed, and the step is told in words");
    tap_ok(th_find(t, "Depth ", NULL, NULL) && th_find(t, "Guesses ", NULL, NULL)
           && th_find(t, "Backtracks ", NULL, NULL) && th_find(t, "Dead ends ", NULL, NULL),
           "the panel shows depth, guesses, dead ends and backtracks");
    tap_ok(!th_find(t, "Time ", NULL, NULL), "no clock under --no-timer");

    th_send(t, " ");
    tap_ok(wait(t, "Paused") && wait(t, "Speed 20 steps/s"), "Space pauses");
    tap_ok(wait(t, "Space resume") && !th_find(t, "Space pause", NULL, NULL),
           "paused, the footer says Space resumes");
    steps = number_after(t, "Steps ");
    tap_ok(stays_still(t) && number_after(t, "Steps ") == steps, "paused, the screen stays still (at %ld steps)", steps);
    tt_send_settled(t, ".");   /* paused again: the number read is the whole one */
    more = number_after(t, "Steps ");
    tap_ok(more == steps + 1 && stays_still(t) && number_after(t, "Steps ") == steps + 1,
           ". takes exactly one step (%ld to %ld) and stays paused", steps, more);
    th_send(t, "+");
    tap_ok(wait(t, "Speed 50 steps/s") && wait(t, "Paused"), "+ is faster");
    th_send(t, "--");
    tap_ok(wait(t, "Speed 10 steps/s") && wait(t, "Paused"), "- is slower");
    th_send(t, " ");
    tap_ok(see(t, "Running") && wait_above(t, "Steps ", steps + 1) > steps + 1,
           "Space again resumes");
    tap_ok(see(t, "Space pause") && !th_find(t, "Space resume", NULL, NULL),
           "running again, the footer says Space pauses");

    th_send(t, "q");
    tap_ok(wait(t, "Stopped after"), "q stops the solver and says so");
    {
        char *board_after = screen_text(t);

        tap_ok(strcmp(without_last_line(board_before), without_last_line(board_after)) == 0
               && th_find(t, ROW1_START, NULL, NULL) && th_find(t, "Cell r1c3", NULL, NULL),
               "after stopping, the board, the panel and the cursor are as they were");
        free(board_after);
    }
    free(board_before);
    tap_ok(tt_quit_cleanly(t), "q then quits the player");
    th_free(t);
}

/* At full speed the solver finishes; k keeps the solution as one move, u takes it back. */
static void test_keep_solution(void)
{
    struct th *t = start(NULL, 24, 80, sudoku_path, NULL, NULL);

    wait(t, "Cell r1c3");
    th_send(t, "w");
    see(t, "Solver: smart");
    for (int i = 0; i < 25; i++)
        th_send(t, "+");
    tap_ok(see(t, "Speed full"), "+ reaches full speed");
    tap_ok(wait(t, "Solved in") && wait(t, "k keeps it"), "the solver finishes and offers to keep the solution");
    tap_ok(th_find(t, ROW1_SOLVED, NULL, NULL), "the board shows the solution");
    th_send(t, "k");
    tap_ok(wait(t, "Kept the solver's solution") && wait(t, "Filled 81/81  by solver"),
           "k keeps it: the grid is full, by the solver (not the player's solve)");
    tap_ok(wait(t, "Kept the solver's solution. (u undoes it)"),
           "and says so as the hint's \"Applied\" does: a sentence, then the aside");
    tap_ok(th_find(t, ROW1_SOLVED, NULL, NULL), "the board stays solved");
    th_send(t, "u");
    tap_ok(wait(t, "Undone.") && wait(t, ROW1_START) && wait(t, "Filled 30/81"), "one undo takes the whole solution back");
    th_send(t, "r");
    tap_ok(wait(t, "Filled 81/81") && wait(t, ROW1_SOLVED), "and redo brings it again");
    tap_ok(tt_quit_cleanly(t), "quit after keeping");
    th_free(t);
    t = start(NULL, 24, 80, NULL, NULL, NULL);
    tap_ok(wait(t, "Recent games") && wait(t, "  solved by kakudo"),
           "the picker lists the game as solved by kakudo, not by the player");
    tap_ok(tt_quit_cleanly(t), "quit the picker");
    th_free(t);
}

/* A game the player has begun is not spoilt by a stray w: ":wq", a vim user's habit, asks
 * whether to watch (q answers no) and leaves the board as it was. */
static void test_watch_asks(void)
{
    struct th *t = start(NULL, 24, 80, sudoku_path, NULL, NULL);

    wait(t, "Cell r1c3");
    th_send(t, "4");
    tap_ok(wait(t, "Filled 31/81"), "a digit of the player's");
    th_send(t, ":w");
    tap_ok(wait(t, "Watch the solver solve it? It shows the solution") && wait(t, "1 cell filled"),
           ":w asks first, saying what the player has done");
    th_send(t, "q");
    tap_ok(th_wait_gone(t, "Watch the solver solve it?", tt_wait_ms) && wait(t, "Filled 31/81")
           && !th_find(t, "Solver:", NULL, NULL) && !th_find(t, ROW1_SOLVED, NULL, NULL) && !t->exited,
           "q says no: no solver, no solution shown, the game still on");
    th_send(t, "w\r");
    tap_ok(wait(t, "Filled 31/81") && !th_find(t, "Solver:", NULL, NULL), "Enter says no too");
    th_send(t, "w");
    wait(t, "Watch the solver solve it?");
    th_send(t, "y");
    tap_ok(see(t, "Solver: smart"), "y watches");
    th_send(t, "q");
    tap_ok(see(t, "Stopped after") && tt_quit_cleanly(t), "stop and quit");
    th_free(t);
}

/* Both strategies on one puzzle, without colour: the styles are attributes, and the
 * panel compares the steps. */
static void test_strategies_no_color(void)
{
    struct th *t = start("NO_COLOR=1", 24, 80, "watch", "--strategy=plain", sudoku_path);
    VTermScreenCell given, guessed, placed;
    long plain, smart;

    tap_ok(see(t, "Solver: plain"), "kakudo watch FILE opens straight into watching, --strategy=plain first");
    for (int i = 0; i < 25; i++)
        th_send(t, "+");
    tap_ok(wait(t, "Solved in"), "the plain search finishes at full speed");
    plain = number_after(t, "Steps ");
    tap_ok(tt_cell_at(t, ROW1_SOLVED, 2, &given) && tt_cell_at(t, ROW1_SOLVED, 14, &guessed)
           && given.attrs.bold && !given.attrs.underline && guessed.attrs.bold && guessed.attrs.underline
           && given.fg.type == VTERM_COLOR_DEFAULT_FG && guessed.fg.type == VTERM_COLOR_DEFAULT_FG,
           "NO_COLOR: givens bold, guesses bold and underlined, no colours");
    th_send(t, "s");
    tap_ok(wait(t, "s tries plain") && wait(t, "Solver: smart"), "s switches to the smart strategy and runs it");
    smart = number_after(t, "Steps ");
    tap_ok(tt_cell_at(t, ROW1_SOLVED, 14, &placed) && placed.attrs.underline && !placed.attrs.bold,
           "NO_COLOR: digits forced by propagation are underlined, not bold");
    tap_ok(number_after(t, " smart ") == smart && number_after(t, " plain ") == plain && see(t, "plain: ")
           && plain > smart, "the panel compares the steps: plain %ld, smart %ld", plain, smart);
    th_send(t, "q");
    tap_ok(wait(t, "Back to your position") && wait(t, ROW1_START), "q after the end goes back to the position");
    tap_ok(tt_quit_cleanly(t), "quit");
    th_free(t);
}

/* Kakuro: the runs of the step with what they still need; ASCII under LANG=C. */
static void test_kakuro_ascii(void)
{
    struct th *t = start("LANG=C", 24, 80, "watch", kakuro_path, NULL);

    tap_ok(see(t, "Solver: smart") && see(t, "17 \\"), "a Kakuro is watched, drawn in ASCII under LANG=C");
    tap_ok(see(t, ": left "), "the panel shows the runs of the step and what they still need");
    for (int i = 0; i < 25; i++)
        th_send(t, "+");
    tap_ok(wait(t, "Solved in") && wait(t, ": complete") && !th_find(t, "left 0 in 0", NULL, NULL),
           "solved: the runs of the last step say they are complete (not \"left 0 in 0\")");
    th_send(t, "k");
    tap_ok(wait(t, "Kept the solver's solution"), "k keeps a Kakuro solution");
    tap_ok(tt_quit_cleanly(t), "quit");
    th_free(t);
}

/* The screen follows the terminal's size during the animation; keys go on working. */
static void test_resize_and_help(void)
{
    struct th *t = start(NULL, 24, 80, "watch", "--strategy=plain", sudoku_path);
    long steps;

    see(t, "Solver: plain");
    th_resize(t, 40, 120);
    tap_ok(see(t, "   5   " LV "   3   " LV), "a larger terminal re-lays out the board during the animation");
    th_resize(t, 10, 30);
    tap_ok(see(t, "too small"), "a tiny one says it is too small");
    th_resize(t, 24, 80);
    tap_ok(see(t, "  5  " LV "  3  " LV) && see(t, "Solver: plain"), "and back");
    steps = wait_above(t, "Steps ", 0);
    tap_ok(wait_above(t, "Steps ", steps) > steps, "the search went on through the resizes");
    th_send(t, "?");
    tap_ok(see(t, "watching the solver") && see(t, "one step"), "? lists the watch's keys");
    th_send(t, "x");
    tap_ok(wait(t, "Paused") && see(t, "Solver: plain"), "any key goes back, paused");
    th_send(t, "\033");
    tap_ok(wait(t, "Stopped after"), "Esc stops the solver");
    tap_ok(tt_quit_cleanly(t), "quit");
    th_free(t);
}

/* The watch's help at the smallest size its board takes scrolls, as the board's does:
 * its last lines (Enter keeps the solution, what the styles mean) were cut off there, and
 * PgDn closed it. */
static void test_help_scrolls(void)
{
    struct th *t = start(NULL, 14, 44, "watch", "--strategy=plain", sudoku_path);

    see(t, "Solver: plain");
    th_send(t, "?");
    tap_ok(wait(t, "watching the solver") && wait(t, "PgUp/PgDn scroll"),
           "14x44: the watch's help says how it scrolls");
    th_send(t, "\033[6~\033[6~\033[6~");
    tap_ok(wait(t, "a dead end") && wait(t, "ruled out") && wait(t, "watching the solver"),
           "PgDn pages down to its last line, the help still open");
    th_send(t, "\033[5~\033[5~\033[5~");
    tap_ok(wait(t, "faster, up to") && th_wait_gone(t, "a dead end", tt_wait_ms), "PgUp back to its first");
    th_send(t, "x");
    tap_ok(wait(t, "Paused") && wait(t, "Solver: plain") && !th_find(t, "watching the", NULL, NULL),
           "any other key goes back, paused");
    th_send(t, "\033");
    tap_ok(wait(t, "Stopped after") && tt_quit_cleanly(t), "Esc stops the solver, q quits");
    th_free(t);
}

/* The words at the end: the last step is the move that completed the grid (not "solved"
 * again), and one step is "1 step". */
static void test_end_words(void)
{
    static const char one_empty[] =
        ".34678912672195348198342567859761423426853791713924856961537284287419635345286179\n";
    char path[300];
    struct th *t;

    tt_write_file(tt_scratch_path(path, sizeof path, "one-empty.txt"), one_empty);
    t = start(NULL, 24, 80, path, NULL, NULL);
    see(t, "Cell r1c1");
    th_send(t, "w");
    tap_ok(see(t, "Solved in 2 steps:") && see(t, "r1c1 = 5 (forced)")
           && !th_find(t, "every cell filled", NULL, NULL),
           "after Solved, the last-step line tells the last step");
    th_send(t, "q");
    see(t, "Back to your position");
    th_send(t, "5w");
    tap_ok(see(t, "Solved in 1 step:"), "a search of one step is \"1 step\"");
    th_send(t, "q");
    tap_ok(tt_quit_cleanly(t), "quit");
    th_free(t);
}

/* At the smallest size a 4x4's watch takes (35x10), the words at the end wrap onto the
 * rows above the status line, as the board's messages do: the one row they had cut them
 * after 'q' ('Solved in 9 steps: k keeps it, q'), before what q does and the other
 * strategy's key. */
static void test_end_words_narrow(void)
{
    static const char small[] = "31..42....24..31\n";
    char path[300];
    struct th *t;

    tt_write_file(tt_scratch_path(path, sizeof path, "small.txt"), small);
    t = start(NULL, 10, 35, "watch", path, NULL);
    tap_ok(wait(t, "Solved in ") && wait(t, "goes back,") && wait(t, "tries plain."),
           "35x10: the end's words are whole, the other strategy's key last");
    th_send(t, "\033");
    tap_ok(wait(t, "Back to your position"), "Esc goes back");
    tap_ok(tt_quit_cleanly(t), "quit");
    th_free(t);
}

/* s while paused starts the other strategy paused: nothing moves until Space. */
static void test_switch_while_paused(void)
{
    struct th *t = start(NULL, 24, 80, "watch", "--strategy=plain", sudoku_path);

    see(t, "Solver: plain");
    th_send(t, " ");
    see(t, "Paused");
    th_send(t, "s");
    tap_ok(see(t, "Solver: smart") && see(t, "Paused") && number_after(t, "Steps ") <= 1
           && stays_still(t), "s while paused switches strategy and stays paused");
    th_send(t, " ");
    tap_ok(wait_above(t, "Steps ", 1) > 1, "Space then runs it");
    th_send(t, "q");
    tap_ok(see(t, "Stopped after") && tt_quit_cleanly(t), "stop and quit");
    th_free(t);
}

/* The solver starts from the player's digits, so clashing ones keep it from starting. */
static void test_refusals(void)
{
    struct th *t = start(NULL, 24, 80, sudoku_path, NULL, NULL);

    wait(t, "Cell r1c3");
    th_send(t, "5");
    wait(t, "  3  " LV "  5  ");
    th_send(t, "w");
    tap_ok(wait(t, "fix them first") && !th_find(t, "Solver:", NULL, NULL),
           "w with clashing digits says why it cannot start");
    tap_ok(tt_quit_cleanly(t), "quit");
    th_free(t);

    /* 9 in r4c4 of the Kakuro: its across run (9 in 2) has nothing left for r4c3. */
    tt_fresh_state();
    t = start(NULL, 24, 80, kakuro_path, NULL, NULL);
    wait(t, "Cell r2c2");
    th_send(t, "jjll9");
    wait(t, "Cell r4c4");
    th_send(t, "w");
    tap_ok(wait(t, "Your digits clash in 1 cell: fix it first"), "one clashing cell is one cell");
    tap_ok(tt_quit_cleanly(t), "quit");
    th_free(t);
}

/* The watched search keeps to its budget of nodes (--nodes, as for solve) and says it
 * gave up, rather than that there is no solution. */
static void test_budget(void)
{
    const char *args[] = { "watch", "--strategy=plain", "--nodes=3", sudoku_path, NULL };
    struct th *t = tt_start(args, NULL, 24, 80);

    tap_ok(see(t, "Solver: plain"), "watch --nodes=3 opens watching");
    for (int i = 0; i < 25; i++)
        th_send(t, "+");
    tap_ok(see(t, "Gave up after") && see(t, "(out of budget)") && see(t, "Gave up")
           && !th_find(t, "No solution", NULL, NULL),
           "three nodes of plain backtracking: it gave up, and says so");
    th_send(t, "q");
    tap_ok(see(t, "Back to your position") && tt_quit_cleanly(t), "q goes back; quit");
    th_free(t);
}

/* Random keys, watch keys among them, at a usual and a tiny size: never a crash. */
static void random_keys(int rows, int cols, unsigned seed)
{
    static const char *const keys[] = {
        /* No q: on the board it would quit; Escape leaves the watch as q does. */
        "w", "w", "+", "+", "+", "-", " ", ".", ".", "s", "m", "k", "\033", "\033", "?", "u", "r",
        "1", "h", "j", "\r", "x", "\033OA",
    };
    static const struct tt_monkey monkey = {
        .keys = keys, .n_keys = sizeof keys / sizeof keys[0], .presses = 400,
        .resize_every = 89, .pump_every = 25, .pump_ms = 20, .check_every = 25,
    };
    struct th *t = start(NULL, rows, cols, sudoku_path, NULL, NULL);
    struct tt_monkey_run run;
    bool ok = tt_random_keys(t, &monkey, seed, rows, cols, &run);

    tap_ok(ok,
           "random keys while watching at %dx%d: no crash (status %d)", cols, rows, run.status);
    th_free(t);
}

int main(void)
{
    if (!tt_init("tui-watch", 30000))
        return 0;
    setup();
    test_animation_controls();
    tt_fresh_state();
    test_keep_solution();
    tt_fresh_state();
    test_watch_asks();
    tt_fresh_state();
    test_strategies_no_color();
    tt_fresh_state();
    test_kakuro_ascii();
    tt_fresh_state();
    test_resize_and_help();
    tt_fresh_state();
    test_help_scrolls();
    tt_fresh_state();
    test_refusals();
    tt_fresh_state();
    test_end_words();
    tt_fresh_state();
    test_end_words_narrow();
    tt_fresh_state();
    test_switch_while_paused();
    tt_fresh_state();
    test_budget();
    tt_fresh_state();
    random_keys(24, 80, 5);
    random_keys(7, 24, 6);
    tt_cleanup();
    return tap_done();
}
