/* test_tui_screens.c: the player's help screens wrap long lines at any width instead of
 * cutting them, and a terminal that cannot move the cursor is refused with a message. */
#include "config.h"

#include <signal.h>

#include <stdio.h>
#include <sys/wait.h>

#include "tap.h"
#include "tui_test.h"

static char sudoku_path[300];

/* The board's help at cols columns shows the ends of its longest lines. */
static void test_help_wraps(int cols)
{
    const char *args[] = { sudoku_path, NULL };
    struct th *t = tt_start(args, NULL, 40, cols);

    tt_wait_text(t, "Cell r1c3");
    th_send(t, "?");
    tap_ok(tt_wait_text(t, "kakudo - keys") && tt_wait_text(t, "why,") && tt_wait_text(t, "apply"),
           "%d columns: the help's long lines wrap, not cut", cols);
    /* The last line, at its end (End) where the wrapped help is taller than 40 rows (at
     * 60 columns); where it all fits, End goes back to the board. */
    if (!th_find(t, "saved after every", NULL, NULL))
        th_send(t, "\033OF");
    tap_ok(tt_wait_text(t, "saved after every"), "%d columns: so does its last", cols);
    th_send(t, "x");
    th_wait_gone(t, "kakudo - keys", tt_wait_ms);
    th_send(t, "w?");
    tap_ok(tt_wait_text(t, "watching the solver") && tt_wait_text(t, "(reading order)")
           && tt_wait_text(t, "to full speed"), "%d columns: so do the watch's", cols);
    th_send(t, "x");
    th_wait_gone(t, "(reading order)", tt_wait_ms);
    th_send(t, "q");
    tt_wait_text(t, "Stopped after");
    tap_ok(tt_quit_cleanly(t), "%d columns: quit", cols);
    th_free(t);
}

/* Home and End take the help to its first and last lines, as in less (Home went back to
 * the board); the footer says so. */
static void test_help_home_end(void)
{
    const char *args[] = { sudoku_path, NULL };
    struct th *t = tt_start(args, NULL, 24, 80);

    tt_wait_text(t, "Cell r1c3");
    th_send(t, "?");
    tap_ok(tt_wait_text(t, "kakudo - keys") && tt_wait_text(t, "Home/End to either end"),
           "the help's footer names Home and End");
    th_send(t, "\033OF");
    tap_ok(tt_wait_text(t, "then a key: its command") && th_wait_gone(t, "Moving", tt_wait_ms)
           && th_find(t, "kakudo - keys", NULL, NULL), "End: the help's last line, the help still open");
    th_send(t, "\033OH");
    tap_ok(tt_wait_text(t, "Moving") && th_wait_gone(t, "then a key: its command", tt_wait_ms)
           && th_find(t, "kakudo - keys", NULL, NULL), "Home: back to its first lines");
    th_send(t, "x");
    tap_ok(th_wait_gone(t, "kakudo - keys", tt_wait_ms) && tt_wait_text(t, "Cell r1c3"),
           "another key goes back to the board");
    tap_ok(tt_quit_cleanly(t), "quit");
    th_free(t);
}

/* The status line speaks in sentences with a final period, however a message is made:
 * the check's list of cells, a file's error from the system. */
static void test_messages_end_alike(void)
{
    const char *args[] = { sudoku_path, NULL };
    struct th *t = tt_start(args, NULL, 24, 80);
    char long_line_path[300];
    FILE *f = fopen(tt_scratch_path(long_line_path, sizeof long_line_path, "long-line.txt"), "w");

    for (long i = 0; f != NULL && i < 2L << 20; i++)
        putc('.', f);
    if (f != NULL)
        fclose(f);

    tt_wait_text(t, "Cell r1c3");
    th_send(t, "1c");
    tap_ok(tt_wait_text(t, "1 wrong: r1c3."), "the check's list of wrong cells ends with a period");
    th_send(t, "q");
    tap_ok(th_wait_exit(t, tt_wait_ms) != -1, "q quits");
    th_free(t);

    t = tt_start(NULL, NULL, 24, 80);
    tt_wait_text(t, "choose a puzzle");
    th_send(t, "o/nonexistent/puzzle.txt\r");
    tap_ok(tt_wait_text(t, "No such file or directory."), "a file's error from the system ends with a period");
    /* An aside that ends the sentence is not a sentence's end of its own: a line of 2 MB
     * is too long for the reader "(more than N bytes)" (/dev/zero was, until devices were
     * refused before they are read). */
    th_send(t, "o");
    th_send(t, long_line_path);
    th_send(t, "\r");
    tap_ok(tt_wait_text(t, "line too long (more than") && tt_wait_text(t, "bytes)."),
           "a reason that ends in parentheses still ends with a period");
    th_send(t, "\033");
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
}

/* TERM=dumb has no cursor addressing: refused before the screen is touched. */
static void test_dumb_terminal(void)
{
    const char *env[] = { "TERM=dumb", NULL };
    struct th *t = tt_start(NULL, env, 24, 80);
    int status;

    tap_ok(tt_wait_text(t, "cannot use the terminal 'dumb': it cannot move the cursor"),
           "TERM=dumb: says it cannot use the terminal, and why");
    status = th_wait_exit(t, tt_wait_ms);
    tap_ok(status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 2,
           "TERM=dumb: exit status 2 (status %d)", status);
    th_free(t);
}

/* A TERM without a terminfo description, or none at all, is refused with the reason and
 * what to do (it said only "cannot use the terminal 'X'"). */
static void test_unknown_terminal(void)
{
    static const char *const cases[][2] = {
        { "TERM=no-such-term",
          "unknown terminal 'no-such-term': terminfo has no description of it" },
        { "TERM=", "TERM is not set, so the player cannot know the terminal" },
    };

    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *env[] = { cases[i][0], NULL };
        struct th *t = tt_start(NULL, env, 24, 80);
        int status;

        tap_ok(tt_wait_text(t, cases[i][1]), "%s: says why the terminal cannot be used", cases[i][0]);
        status = th_wait_exit(t, tt_wait_ms);
        tap_ok(status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 2,
               "%s: exit status 2 (status %d)", cases[i][0], status);
        th_free(t);
    }
}

/* COLUMNS and LINES larger than the terminal cannot be its size: ncurses took them over
 * the size the terminal reports, and newterm, unable to make a screen of 99999999 by
 * 99999999, failed, which the player said as "unknown terminal 'xterm'".  The player
 * now takes the terminal's own size, as ncurses does with use_env(FALSE). */
static void test_huge_env_size(void)
{
    static const char *const cases[][2] = {
        { "COLUMNS=99999999", "LINES=99999999" },
        { "COLUMNS=80", "LINES=99999999999999999999" },
    };
    const char *args[] = { sudoku_path, NULL };

    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *env[] = { cases[i][0], cases[i][1], NULL };
        struct th *t = tt_start(args, env, 24, 80);

        tap_ok(tt_wait_text(t, "Cell r1c3"), "%s %s on a 24x80 terminal: the player starts",
               cases[i][0], cases[i][1]);
        tap_ok(tt_quit_cleanly(t), "%s %s: and quits cleanly", cases[i][0], cases[i][1]);
        th_free(t);
    }
}

/* Only the one of COLUMNS and LINES that is too large is dropped: the other, smaller than
 * the terminal, is still taken (use_env(FALSE) dropped both, and the player drew 80x24). */
static void test_huge_env_size_keeps_other(void)
{
    static const char *const cases[][3] = {
        { "COLUMNS=20", "LINES=99999999", "20x24" },
        { "COLUMNS=99999999", "LINES=10", "80x10" },
    };
    const char *args[] = { sudoku_path, NULL };

    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *env[] = { cases[i][0], cases[i][1], NULL };
        struct th *t = tt_start(args, env, 24, 80);

        tap_ok(tt_wait_text(t, cases[i][2]),
               "%s %s on a 24x80 terminal: the sane one is kept (\"too small: ... have %s\")",
               cases[i][0], cases[i][1], cases[i][2]);
        th_send(t, "q");
        tap_ok(tt_exited_cleanly(th_wait_exit(t, tt_wait_ms)), "%s %s: q quits", cases[i][0],
               cases[i][1]);
        th_free(t);
    }
}

/* A terminal that reports no size leaves ncurses COLUMNS and LINES alone: when those are
 * too large for a screen, the player says so, not that terminfo has no such terminal. */
static void test_huge_env_size_no_terminal_size(void)
{
    char config[300], state[300];
    /* Under AddressSanitizer a screen that size is an error, not a null allocation: let
     * the allocation fail as it does elsewhere, so that the player's own message shows. */
    const char *env[] = { "COLUMNS=99999999", "LINES=99999999", config, state,
                          "ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1", NULL };
    char *argv[] = { (char *)"/bin/sh", (char *)"-c",
                     (char *)"stty rows 0 cols 0 && exec \"$0\" \"$@\"",
                     getenv("KAKUDO_BIN"), sudoku_path, NULL };
    struct th *t;
    int status;

    snprintf(config, sizeof config, "XDG_CONFIG_HOME=%s/config", tt_dir());
    snprintf(state, sizeof state, "XDG_STATE_HOME=%s/state", tt_dir());
    t = th_start(argv, env, 24, 80);
    tap_ok(t != NULL && tt_wait_text(t, "cannot start the screen on the terminal 'xterm-256color'"),
           "huge COLUMNS and LINES on a terminal of no size: says the screen cannot be made");
    tap_ok(t != NULL && !th_see(t, "terminfo has no description", 0),
           "huge COLUMNS and LINES: not said as an unknown terminal");
    status = t != NULL ? th_wait_exit(t, tt_wait_ms) : -1;
    tap_ok(status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 2,
           "huge COLUMNS and LINES on a terminal of no size: exit status 2 (status %d)", status);
    if (t != NULL)
        th_free(t);
}

/* A terminal shrunk and grown back before the player reads the change (here: while it is
 * stopped) has lost what it showed, while curses sees the same size as before: the player
 * must paint its whole screen again (the soak test saw a blank screen on a busy machine). */
static void test_repaint_after_shrink_and_grow(void)
{
    const char *args[] = { sudoku_path, NULL };
    struct th *t = tt_start(args, NULL, 24, 80);

    tt_wait_text(t, "Cell r1c3");
    kill(t->pid, SIGSTOP);
    th_resize(t, 1, 1);
    th_resize(t, 24, 80);
    kill(t->pid, SIGCONT);
    tap_ok(th_see(t, "Cell r1c3", tt_wait_ms),
           "shrunk to 1x1 and grown back while stopped, the player paints its screen again");
    tap_ok(tt_quit_cleanly(t), "and quits cleanly");
    th_free(t);
}

int main(void)
{
    if (!tt_init("screens", 30000))
        return 0;
    tt_write_file(tt_scratch_path(sudoku_path, sizeof sudoku_path, "sudoku.txt"), tt_sudoku);
    test_help_wraps(60);
    test_help_wraps(80);
    test_help_home_end();
    test_dumb_terminal();
    test_unknown_terminal();
    tt_fresh_state();
    test_huge_env_size();
    test_huge_env_size_keeps_other();
    test_huge_env_size_no_terminal_size();
    tt_fresh_state();
    test_messages_end_alike();
    tt_fresh_state();
    test_repaint_after_shrink_and_grow();
    tt_cleanup();
    return tap_done();
}
