/* test_tui_game.c: the player keeps the user's game on a pseudo-terminal: the resume
 * prompt keeps the save, a solve's record stands, the timer stops in the help and while
 * suspended, a failed save is told at quit.  Time comes from a clock file the test writes
 * (KAKUDO_TEST_CLOCK), so nothing here depends on how fast the machine is. */
#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tap.h"
#include "tui_test.h"

/* The solution of tt_sudoku. */
static const char sudoku_solution[] =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

static char sudoku_path[300], almost_path[300], clock_path[300], clock_env[320];
static char state_dir[320];

static void setup(void)
{
    char almost[128];

    tt_write_file(tt_scratch_path(sudoku_path, sizeof sudoku_path, "sudoku.txt"), tt_sudoku);
    /* The solution with r1c3 left open: one digit from done. */
    snprintf(almost, sizeof almost, "%s\n", sudoku_solution);
    almost[2] = '.';
    tt_write_file(tt_scratch_path(almost_path, sizeof almost_path, "almost.txt"), almost);
    tt_scratch_path(clock_path, sizeof clock_path, "clock");
    snprintf(clock_env, sizeof clock_env, "KAKUDO_TEST_CLOCK=%s", clock_path);
    snprintf(state_dir, sizeof state_dir, "%s/state/kakudo", tt_dir());
}

/* n checks that cannot run here, reported as skipped. */
static void skip(int n, const char *why)
{
    for (int i = 0; i < n; i++)
        printf("ok %d # SKIP %s\n", ++tap_count_, why);
}

/* Sets the player's clock to ms milliseconds. */
static void set_clock(long ms)
{
    char text[32];

    snprintf(text, sizeof text, "%ld\n", ms);
    tt_write_file(clock_path, text);
}

/* The player on file at 80x24 with the test's clock and extra settings (may be NULL). */
static struct th *start(const char *file, const char *env1)
{
    const char *args[] = { file, NULL };
    const char *env[] = { clock_env, env1, NULL };

    return tt_start(args, env, 24, 80);
}

/* The one save file in the state directory, into path; false if there is none. */
static bool find_save(char *path, size_t size)
{
    char cmd[600];
    FILE *p;
    bool ok;

    snprintf(cmd, sizeof cmd, "ls %s/*.save 2>/dev/null | head -1", state_dir);
    p = popen(cmd, "r");
    if (p == NULL)
        return false;
    ok = fgets(path, (int)size, p) != NULL;
    pclose(p);
    if (ok)
        path[strcspn(path, "\n")] = '\0';
    return ok;
}

/* How many lines of the save file start with prefix; -1 without a save file. */
static int save_lines(const char *prefix)
{
    char path[600], line[1024];
    FILE *f;
    int n = 0;

    if (!find_save(path, sizeof path) || (f = fopen(path, "r")) == NULL)
        return -1;
    while (fgets(line, sizeof line, f) != NULL)
        n += strncmp(line, prefix, strlen(prefix)) == 0;
    fclose(f);
    return n;
}

/* Waits for the player to end by itself; whether it exited with status 0. */
static bool exits_cleanly(struct th *t)
{
    int status = th_wait_exit(t, tt_wait_ms);

    if (!tt_exited_cleanly(status)) {
        tap_diag("exit status %d", status);
        th_dump(t);
        return false;
    }
    return true;
}

/* Three moves on tt_sudoku (r1c3, r1c4, r1c6), saved, and quit. */
static void play_three_moves(void)
{
    struct th *t = start(sudoku_path, NULL);

    tt_wait_text(t, "Cell r1c3");
    th_send(t, "4l6ll8");
    tt_wait_text(t, "Filled 33/81");
    tt_quit_cleanly(t);
    th_free(t);
}

/* Item 1: Esc, q and n at the "saved game" question keep the save; only s, confirmed,
 * starts over, and even then the save stays until the first move. */
static void test_resume_prompt(void)
{
    struct th *t;

    play_three_moves();
    tap_ok(save_lines("move ") == 3, "three moves are saved");

    t = start(sudoku_path, NULL);
    tap_ok(tt_wait_text(t, "saved game (3 cells filled"), "reopening asks about the saved game, saying how far it went");
    tap_ok(tt_wait_text(t, "r: resume") && tt_wait_text(t, "s: start over") && tt_wait_text(t, "Esc: back"),
           "the question lists its answers");
    th_send(t, "\033");
    tap_ok(exits_cleanly(t), "Esc goes back: out of the program when opened from the command line");
    tap_ok(save_lines("move ") == 3, "and the save is as it was");
    th_free(t);

    t = start(sudoku_path, NULL);
    tt_wait_text(t, "saved game");
    th_send(t, "q");
    tap_ok(exits_cleanly(t) && save_lines("move ") == 3, "q goes back too, keeping the save");
    th_free(t);

    t = start(sudoku_path, NULL);
    tt_wait_text(t, "saved game");
    th_send(t, "n9s");
    tap_ok(tt_wait_text(t, "Start over? Your first move replaces the saved game"),
           "n and a digit do nothing; s asks again before starting over");
    th_send(t, "\r");
    tap_ok(th_wait_gone(t, "Start over?", tt_wait_ms) && tt_wait_text(t, "r: resume"),
           "Enter at that question keeps the game and goes back to the first one");
    th_send(t, "s");
    tt_wait_text(t, "Start over?");
    th_send(t, "\033");
    tap_ok(th_wait_gone(t, "Start over?", tt_wait_ms) && tt_wait_text(t, "r: resume"),
           "so does Esc");
    th_send(t, "r");
    tap_ok(tt_wait_text(t, "Resumed the saved game") && tt_wait_text(t, "Filled 33/81"),
           "r resumes the saved game with its three moves");
    tt_quit_cleanly(t);
    th_free(t);

    t = start(sudoku_path, NULL);
    tt_wait_text(t, "saved game");
    th_send(t, "s");
    tt_wait_text(t, "Start over?");
    th_send(t, "y");
    tap_ok(tt_wait_text(t, "Started over") && tt_wait_text(t, "Filled 30/81"), "s then y starts over");
    tap_ok(tt_quit_cleanly(t) && save_lines("move ") == 3, "quitting before a move still keeps the save");
    th_free(t);

    /* Every answer stays on a small screen. */
    {
        const char *args[] = { sudoku_path, NULL };
        const char *env[] = { clock_env, NULL };
        t = tt_start(args, env, 8, 20);
    }
    tap_ok(tt_wait_text(t, "r: resume") && tt_wait_text(t, "s: start over") && tt_wait_text(t, "Esc: back"),
           "at 20x8 the question still shows every answer");
    th_send(t, "q");
    tap_ok(exits_cleanly(t) && save_lines("move ") == 3, "and q there keeps the save too");
    th_free(t);

    /* At 30x10 the start-over question wraps whole in its box, its answers below it. */
    {
        const char *args[] = { sudoku_path, NULL };
        const char *env[] = { clock_env, NULL };
        t = tt_start(args, env, 10, 30);
    }
    tt_wait_text(t, "saved game");
    th_send(t, "s");
    tap_ok(tt_wait_text(t, "Start over?") && tt_wait_text(t, "played).")
           && tt_wait_text(t, "y: yes, start over") && tt_wait_text(t, "Esc: no, keep it"),
           "at 30x10 the start-over question shows whole, and its answers");
    th_resize(t, 8, 30);
    tap_ok(tt_wait_text(t, "y: yes, start over") && tt_wait_text(t, "Esc: no, keep it"),
           "at 30x8, too low for its box, it still shows its answers");
    th_send(t, "q");
    tap_ok(tt_wait_text(t, "r: resume"), "q keeps the save, back at the first question");
    th_send(t, "q");
    tap_ok(exits_cleanly(t) && save_lines("move ") == 3, "and q there keeps the save");
    th_free(t);

    /* From the picker, back means back to the picker. */
    {
        const char *args[] = { NULL };
        const char *env[] = { clock_env, NULL };
        t = tt_start(args, env, 24, 80);
    }
    tt_wait_text(t, "choose a puzzle");
    th_send(t, "o");
    tt_wait_text(t, "Open");
    th_send(t, sudoku_path);
    th_send(t, "\r");
    tap_ok(tt_wait_text(t, "saved game (3 cells filled"), "a file opened from the picker asks too");
    th_send(t, "\033");
    tap_ok(th_wait_gone(t, "saved game (3", tt_wait_ms) && tt_wait_text(t, "choose a puzzle"),
           "Esc goes back to the picker");
    tap_ok(tt_quit_cleanly(t) && save_lines("move ") == 3, "and the save is kept");
    th_free(t);
}

/* "The rest": a save with nothing filled in is resumed without a question; one with only
 * marks is asked about. */
static void test_nothing_filled(void)
{
    struct th *t = start(sudoku_path, NULL);

    tt_wait_text(t, "Cell r1c3");
    th_send(t, "4");
    tt_wait_text(t, "Filled 31/81");
    th_send(t, "u");
    tt_wait_text(t, "Undone");
    tt_quit_cleanly(t);
    th_free(t);

    t = start(sudoku_path, NULL);
    tap_ok(tt_wait_text(t, "Cell r1c3") && !th_find(t, "saved game (", NULL, NULL),
           "a save with nothing filled in opens without a question");
    th_send(t, "r");
    tap_ok(tt_wait_text(t, "Filled 31/81"), "it was resumed: its move can be redone");
    th_send(t, "um5");
    tt_wait_text(t, "Filled 30/81");
    tt_quit_cleanly(t);
    th_free(t);

    t = start(sudoku_path, NULL);
    tap_ok(tt_wait_text(t, "saved game (0 cells filled, marks in"), "a save with marks is asked about");
    tt_quit_cleanly(t);
    th_free(t);
}

/* Item 2: once solved, the record stands: no stray digit, undo or reopening changes it. */
static void test_solved_record(void)
{
    struct th *t;

    set_clock(0);
    t = start(almost_path, NULL);
    tt_wait_text(t, "Cell r1c3");
    th_send(t, "t");
    tt_wait_text(t, "Time 0:00");
    set_clock(55000);
    tt_wait_text(t, "Time 0:55");
    th_send(t, "4");
    tap_ok(tt_wait_text(t, "Solved in 0:55! Well done"), "solved in 0:55");
    th_send(t, "5");
    tap_ok(tt_wait_text(t, "this game is over") && th_find(t, "SOLVED", NULL, NULL),
           "a stray digit is refused and the game stays solved");
    th_send(t, "u");
    set_clock(60000);
    th_send(t, "x");
    tap_ok(tt_wait_text(t, "Solved in 0:55: this game is over") && tt_wait_text(t, "Time 0:55"),
           "undo and clearing marks are refused too; the time stands");
    tt_quit_cleanly(t);
    th_free(t);
    tap_ok(save_lines("completed 1") == 1 && save_lines("elapsed 55000") == 1,
           "the save holds the solve and its time");

    t = start(almost_path, NULL);
    tap_ok(tt_wait_text(t, "You solved this puzzle in 0:55 without hints"), "reopening tells the record");
    th_send(t, "r");
    tt_wait_text(t, "SOLVED");
    tap_ok(th_wait_gone(t, "see it", tt_wait_ms) && tt_wait_text(t, "You solved this puzzle in 0:55")
           && !th_find(t, "Resumed the saved game", NULL, NULL),
           "r shows the solved game and its record, not \"Resumed the saved game\"");
    th_send(t, "0");
    tap_ok(tt_wait_text(t, "this game is over"), "the solved game opens as it was, and stays solved");
    tt_quit_cleanly(t);
    th_free(t);
    tap_ok(save_lines("completed 1") == 1 && save_lines("move ") == 1, "the record is still saved");

    t = start(almost_path, NULL);
    tt_wait_text(t, "You solved this puzzle");
    th_send(t, "s");
    tap_ok(tt_wait_text(t, "Play it again? Your first move replaces the solved game"),
           "playing it again is asked twice");
    th_send(t, "\033\033");
    tap_ok(exits_cleanly(t) && save_lines("completed 1") == 1, "and backing out keeps the record");
    th_free(t);
}

/* The last empty cell filled wrongly: the full grid is told to be wrong, with the key
 * that shows where (it met silence, and the game looked stuck); the right digit solves. */
static void test_full_but_wrong(void)
{
    struct th *t;

    set_clock(0);
    t = start(almost_path, NULL);
    tt_wait_text(t, "Cell r1c3");
    th_send(t, "9");
    tap_ok(tt_wait_text(t, "Every cell is filled, but not all are right: c shows the wrong ones."),
           "a full grid with a wrong digit says so and names the check key");
    th_send(t, "c");
    tap_ok(tt_wait_text(t, "1 wrong: r1c3."), "c names the wrong cell");
    th_send(t, "4");
    tap_ok(tt_wait_text(t, "Well done") && !th_find(t, "not all are right", NULL, NULL),
           "the right digit solves it");
    tt_quit_cleanly(t);
    th_free(t);
}

/* A puzzle of several solutions (an empty 4x4, read from a file): a digit that one of
 * them has is not wrong because the first one found has another (c called r1c1's 4 wrong,
 * where the hints, and filling the grid, took it as right); once no solution keeps the
 * player's digits, though each alone is some solution's, c says so and names no cell (it
 * named those that differed from the first solution, a right digit among them). */
static void test_check_several(void)
{
    char path[300];
    struct th *t;

    tt_write_file(tt_scratch_path(path, sizeof path, "empty4.txt"), "................\n");
    t = start(path, NULL);
    tt_wait_text(t, "Cell r1c1");
    th_send(t, "4c");
    tap_ok(tt_wait_text(t, "No mistakes so far.") && !th_find(t, "wrong", NULL, NULL),
           "several solutions: a digit one of them has is no mistake");
    th_send(t, "jl4c");
    tap_ok(tt_wait_text(t, "Each digit fits some solution, but no solution keeps them all")
           && !th_find(t, "wrong", NULL, NULL),
           "digits each right alone but not together: c says so and names no cell");
    tt_quit_cleanly(t);
    th_free(t);
}

/* Item 2: the solver's solution, kept with k, is not the player's solve. */
static void test_solver_solution(void)
{
    struct th *t = start(almost_path, NULL);

    tt_wait_text(t, "Cell r1c3");
    th_send(t, "w");
    tt_wait_text(t, "k keeps it");
    th_send(t, "k");
    tap_ok(tt_wait_text(t, "Kept the solver's solution") && tt_wait_text(t, "by solver")
           && !th_find(t, "SOLVED", NULL, NULL) && !th_find(t, "Well done", NULL, NULL),
           "a kept solution is not called a solve");
    tt_quit_cleanly(t);
    th_free(t);

    t = start(almost_path, NULL);
    tap_ok(tt_wait_text(t, "saved game (1 cell filled,") && tt_wait_text(t, "solution kept") && !th_find(t, "You solved", NULL, NULL),
           "reopened, it is a saved game, not a solve");
    th_send(t, "r");
    tt_wait_text(t, "by solver");
    th_send(t, "u");
    tap_ok(tt_wait_text(t, "Filled 80/81"), "and the solver's solution can be undone");
    tt_quit_cleanly(t);
    th_free(t);
}

/* Item 3: the time shown does not move while a screen over the board is up: opened by
 * open (showing shown), a minute passes, close closes it; the time is as it was, then runs
 * again. */
static void check_clock_stands_under(const char *open, const char *shown, const char *close,
                                     const char *what)
{
    struct th *t;

    set_clock(0);
    t = start(sudoku_path, NULL);
    tt_wait_text(t, "Cell r1c3");
    th_send(t, "t");
    tt_wait_text(t, "Time 0:00");
    set_clock(5000);
    tap_ok(tt_wait_text(t, "Time 0:05"), "the clock runs on the board");
    th_send(t, open);
    tt_wait_text(t, shown);
    set_clock(65000);
    th_send(t, close);
    /* Waiting for the right time (not for any time, then looking) holds even when a frame
     * arrives in pieces; the wrong one would be 1:05. */
    tap_ok(th_wait_gone(t, shown, tt_wait_ms) && tt_wait_text(t, "Time 0:05")
           && !th_find(t, "Time 1:05", NULL, NULL), "a minute in %s does not count", what);
    set_clock(70000);
    tap_ok(tt_wait_text(t, "Time 0:10"), "the clock runs again after %s", what);
    tt_quit_cleanly(t);
    th_free(t);
}

static void test_timer_help(void)
{
    check_clock_stands_under("?", "pencil mode", " ", "the help");
}

/* Item 3: nor while the New game dialog is up over the board (the main loop's one
 * clock rule, not the dialog, stops it). */
static void test_timer_newgame(void)
{
    check_clock_stands_under("n", "Kind   <", "\033", "the New game dialog");
}

/* Item 3: nor while the program is suspended with Ctrl-Z.  bash with job control stands in
 * for the user's shell: it reports the stop, waits for a line, then brings the player back
 * with fg. */
static void test_timer_suspend(void)
{
    static const char script[] = "set -m; \"$0\" \"$@\"; read -r line; fg";
    char state_env[340], *bin = getenv("KAKUDO_BIN");
    char *argv[] = { (char *)"/bin/bash", (char *)"-c", (char *)script, bin, (char *)"--no-timer",
                     sudoku_path, NULL };
    const char *env[] = { state_env, clock_env, NULL };
    struct th *t;

    if (access("/bin/bash", X_OK) != 0) {
        skip(4, "no /bin/bash for job control");
        return;
    }
    snprintf(state_env, sizeof state_env, "XDG_STATE_HOME=%s/state", tt_dir());
    set_clock(0);
    t = th_start(argv, env, 24, 80);
    if (t == NULL) {
        printf("Bail out! cannot start bash\n");
        exit(99);
    }
    tt_wait_text(t, "Cell r1c3");
    th_send(t, "t");
    tt_wait_text(t, "Time 0:00");
    set_clock(5000);
    tt_wait_text(t, "Time 0:05");
    th_send(t, "\x1a");
    tap_ok(tt_wait_text(t, "Stopped"), "Ctrl-Z stops the player and gives the shell the terminal");
    set_clock(65000);
    th_send(t, "\n");
    tap_ok(tt_wait_text(t, "Cell r1c3") && tt_wait_text(t, "Time 0:05") && !th_find(t, "Time 1:05", NULL, NULL),
           "after fg, the minute it was stopped does not count");
    set_clock(70000);
    tap_ok(tt_wait_text(t, "Time 0:10"), "the clock runs again after it");
    th_send(t, "q");
    tap_ok(exits_cleanly(t), "the player and the shell end cleanly");
    th_free(t);
}

/* Item 4: without a state directory, quitting says so on the terminal and fails. */
static void test_no_state_dir(void)
{
    char file[300], env[400];
    struct th *t;
    int status;

    tt_write_file(tt_scratch_path(file, sizeof file, "not-a-dir"), "a file where a directory should be\n");
    snprintf(env, sizeof env, "XDG_STATE_HOME=%s", file);
    t = start(sudoku_path, env);
    tap_ok(tt_wait_text(t, "No state directory (cannot create the directory"), "no state directory is said at once");
    th_send(t, "4");
    tt_wait_text(t, "Filled 31/81");
    th_send(t, "q");
    status = th_wait_exit(t, tt_wait_ms);
    tap_ok(status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 1, "quitting exits with status 1 (%d)",
           status);
    tap_ok(tt_wait_text(t, "kakudo: your game was not saved: no state directory: cannot create the directory")
           && tt_wait_text(t, "not-a-dir/kakudo: Not a directory"),
           "and says why on the restored terminal, with the path");
    th_free(t);
}

/* Item 4: a save that cannot be written (here: no file may grow, RLIMIT_FSIZE 0, which
 * holds even for root) is told at quit with the path and the reason. */
static void test_save_fails(void)
{
    struct rlimit old, none;
    struct th *t;
    int status;

    if (getrlimit(RLIMIT_FSIZE, &old) != 0) {
        skip(3, "no RLIMIT_FSIZE");
        return;
    }
    none = old;
    none.rlim_cur = 0;
    /* The player inherits both: writes fail with EFBIG instead of a SIGXFSZ. */
    signal(SIGXFSZ, SIG_IGN);
    setrlimit(RLIMIT_FSIZE, &none);
    t = start(sudoku_path, NULL);
    setrlimit(RLIMIT_FSIZE, &old);
    signal(SIGXFSZ, SIG_DFL);
    tt_wait_text(t, "Cell r1c3");
    th_send(t, "4");
    /* The reason whole at 80 columns: the paths (longer than the line) wait for the quit. */
    tap_ok(tt_wait_text(t, "Progress not saved: File too large."), "the failed save is said on the board, why whole");
    th_send(t, "q");
    status = th_wait_exit(t, tt_wait_ms);
    tap_ok(status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 1, "quitting exits with status 1 (%d)",
           status);
    tap_ok(tt_wait_text(t, "kakudo: your game was not saved: ") && tt_wait_text(t, "File too large")
           && th_find(t, ".save", NULL, NULL), "and says so on the restored terminal, with the path and why");
    th_free(t);
}

/* A save that fails after the game was saved (here: the save may not grow past its size,
 * RLIMIT_FSIZE) keeps the game as saved before: quitting says that only the last moves
 * and time were lost, naming the save, never its temporary. */
static void test_save_fails_after_saved(void)
{
    struct rlimit old, small;
    struct stat st;
    char path[600];
    struct th *t;
    int status;

    play_three_moves();
    if (getrlimit(RLIMIT_FSIZE, &old) != 0 || !find_save(path, sizeof path) || stat(path, &st) != 0) {
        skip(4, "no RLIMIT_FSIZE or no save");
        return;
    }
    small = old;
    small.rlim_cur = (rlim_t)st.st_size;
    signal(SIGXFSZ, SIG_IGN);
    setrlimit(RLIMIT_FSIZE, &small);
    t = start(sudoku_path, NULL);
    setrlimit(RLIMIT_FSIZE, &old);
    signal(SIGXFSZ, SIG_DFL);
    tt_wait_text(t, "r: resume");
    th_send(t, "r");
    tt_wait_text(t, "Filled 33/81");
    th_send(t, "5");        /* r1c6: 8 becomes 5, one more move: the save grows */
    tap_ok(tt_wait_text(t, "Progress not saved: File too large."), "the failed save is said on the board");
    th_send(t, "q");
    status = th_wait_exit(t, tt_wait_ms);
    tap_ok(status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 1, "quitting exits with status 1 (%d)",
           status);
    tap_ok(tt_wait_text(t, "kakudo: your last moves and time were not saved") && tt_wait_text(t, "too large")
           && !th_find(t, "your game was not saved", NULL, NULL),
           "the restored terminal says only the last moves were lost, not the game");
    tap_ok(th_find(t, ".save", NULL, NULL) && !th_find(t, ".tmp.", NULL, NULL) && save_lines("move ") == 3,
           "it names the save, not a temporary, and the save keeps its three moves");
    th_free(t);
}

int main(void)
{
    if (!tt_init("game", 30000))
        return 0;
    setup();
    test_resume_prompt();
    tt_fresh_state();
    test_nothing_filled();
    tt_fresh_state();
    test_solved_record();
    tt_fresh_state();
    test_full_but_wrong();
    tt_fresh_state();
    test_check_several();
    tt_fresh_state();
    test_solver_solution();
    tt_fresh_state();
    test_timer_help();
    test_timer_newgame();
    tt_fresh_state();
    test_timer_suspend();
    tt_fresh_state();
    test_no_state_dir();
    tt_fresh_state();
    test_save_fails();
    tt_fresh_state();
    test_save_fails_after_saved();
    tt_cleanup();
    return tap_done();
}
