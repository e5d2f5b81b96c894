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

/* Item 3: the time shown does not move while the help is open. */
static void test_timer_help(void)
{
    struct th *t;

    set_clock(0);
    t = start(sudoku_path, NULL);
    tt_wait_text(t, "Cell r1c3");
    th_send(t, "t");
    tt_wait_text(t, "Time 0:00");
    set_clock(5000);
    tap_ok(tt_wait_text(t, "Time 0:05"), "the clock runs on the board");
    th_send(t, "?");
    tt_wait_text(t, "pencil mode");
    set_clock(65000);
    th_send(t, " ");
    tap_ok(th_wait_gone(t, "pencil mode", tt_wait_ms) && tt_wait_text(t, "Time 0:")
           && th_find(t, "Time 0:05", NULL, NULL), "a minute in the help does not count");
    set_clock(70000);
    tap_ok(tt_wait_text(t, "Time 0:10"), "the clock runs again after it");
    tt_quit_cleanly(t);
    th_free(t);
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
    tap_ok(tt_wait_text(t, "Cell r1c3") && tt_wait_text(t, "Time 0:") && th_find(t, "Time 0:05", NULL, NULL),
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
    tap_ok(tt_wait_text(t, "Progress not saved"), "the failed save is said on the board");
    th_send(t, "q");
    status = th_wait_exit(t, tt_wait_ms);
    tap_ok(status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 1, "quitting exits with status 1 (%d)",
           status);
    tap_ok(tt_wait_text(t, "kakudo: your game was not saved: ") && tt_wait_text(t, "File too large")
           && th_find(t, ".save", NULL, NULL), "and says so on the restored terminal, with the path and why");
    th_free(t);
}

int main(void)
{
    if (!tt_init("game", 8000))
        return 0;
    setup();
    test_timer_help();
    tt_fresh_state();
    test_timer_suspend();
    tt_fresh_state();
    test_no_state_dir();
    tt_fresh_state();
    test_save_fails();
    tt_cleanup();
    return tap_done();
}
