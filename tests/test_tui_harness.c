/* test_tui_harness.c: the pty harness itself: its emulated terminal survives output and
 * resizes in any order (libvterm 0.1.4 corrupted memory when the window shrank past a
 * scrolling region's top, which made the soak test crash now and then on a busy machine),
 * and the process it watches is the player that kakudo execs, not a parent waiting on it. */
#include "config.h"

#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tap.h"
#include "tui_test.h"

static void feed(struct th *t, const char *bytes)
{
    th_feed(t, bytes, strlen(bytes));
}

/* Whether every cell of the screen can be read and the cursor is on it. */
static bool screen_whole(struct th *t)
{
    VTermPos cursor;

    for (int r = 0; r < t->rows; r++)
        for (int c = 0; c < t->cols; c++) {
            VTermScreenCell cell;
            if (!th_cell(t, r, c, &cell))
                return false;
        }
    vterm_state_get_cursorpos(vterm_obtain_state(t->vt), &cursor);
    return cursor.row >= 0 && cursor.row < t->rows && cursor.col >= 0 && cursor.col < t->cols;
}

/* The soak test's crash: ncurses scrolls rows 5-10 of 24, the window shrinks to 3 rows
 * before it resets the region, and the line feed after lands on the last row. */
static void test_shrink_below_scrolling_region(void)
{
    struct th *t = th_new_terminal(24, 80);
    int row = -1;

    feed(t, "\033[5;10r\033[10;1H");
    th_resize(t, 3, 20);
    feed(t, "\nabc");
    tap_ok(th_find(t, "abc", &row, NULL) && row == 2 && screen_whole(t),
           "a line feed after the window shrank past the scrolling region scrolls the whole screen");
    th_free(t);
}

/* The same with a scroll-up whose control sequence the resize cut in two. */
static void test_sequence_cut_by_resize(void)
{
    struct th *t = th_new_terminal(24, 80);

    feed(t, "\033[5;10r\033[");
    th_resize(t, 3, 20);
    feed(t, "Sxyz");
    tap_ok(th_find(t, "xyz", NULL, NULL) && !th_find(t, "S", NULL, NULL) && screen_whole(t),
           "a control sequence cut by a resize still acts as one");
    th_free(t);
}

/* A UTF-8 character cut by a resize stays one character. */
static void test_character_cut_by_resize(void)
{
    struct th *t = th_new_terminal(24, 80);
    VTermScreenCell cell;

    feed(t, "\xe2\x94");
    th_resize(t, 5, 10);
    feed(t, "\x82");
    tap_ok(th_cell(t, 0, 0, &cell) && cell.chars[0] == 0x2502, "a UTF-8 character cut by a resize stays whole");
    th_free(t);
}

/* A resize keeps the cursor where it was, moved onto the screen if it fell off. */
static void test_cursor_kept(void)
{
    struct th *t = th_new_terminal(24, 80);
    VTermPos at, small;

    feed(t, "\033[3;7H");
    th_resize(t, 10, 40);
    vterm_state_get_cursorpos(vterm_obtain_state(t->vt), &at);
    th_resize(t, 2, 4);
    vterm_state_get_cursorpos(vterm_obtain_state(t->vt), &small);
    tap_ok(at.row == 2 && at.col == 6 && small.row == 1 && small.col == 3,
           "a resize keeps the cursor (%d,%d then %d,%d)", at.row, at.col, small.row, small.col);
    th_free(t);
}

static unsigned next_random(unsigned *state)
{
    unsigned x = *state;

    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *state = x;
}

/* A random piece of what a full-screen program writes: scrolling regions, cursor moves,
 * scrolls, line feeds, insertions and deletions, erasures, screen and mode switches,
 * text, wide and combining characters, box drawing.  No cursor saved before a resize and
 * restored after: libvterm 0.1.4 puts it back off the smaller screen (the player saves
 * the cursor only on entering the alternate screen, at the start, where it is home). */
static int random_output(unsigned *rng, char *buf, size_t size)
{
    int a = 1 + (int)(next_random(rng) % 62), b = 1 + (int)(next_random(rng) % 62);
    int n = 1 + (int)(next_random(rng) % 4);
    char hl = n % 2 ? 'h' : 'l';

    switch (next_random(rng) % 24) {
    case 0:
        return snprintf(buf, size, "\033[%d;%dr", a < b ? a : b, a < b ? b : a);
    case 1:
        return snprintf(buf, size, "\033[r");
    case 2:
        return snprintf(buf, size, "\033[%d;%dH", a, b * 3);
    case 3:
        return snprintf(buf, size, "\n\n\r\n");
    case 4:
        return snprintf(buf, size, "\033M\033D\033E");
    case 5:
        return snprintf(buf, size, "\033[%dS\033[%dT", n, n);
    case 6:
        return snprintf(buf, size, "\033[%dL\033[%dM", n, n);
    case 7:
        return snprintf(buf, size, "\033[%d@\033[%dP\033[%dX=\033[%db", n, n, n, a);
    case 8:
        return snprintf(buf, size, "\033[J\033[1K\033[2J\033[3J");
    case 9:
        return snprintf(buf, size, "\033[?1047%c", hl);
    case 10:
        return snprintf(buf, size, "\033[?6%c", hl);
    case 11:
        return snprintf(buf, size, "\033[38;5;%dm\xe2\x94\x82\xe2\x94\x83\033[0m", a);
    case 12:
        return snprintf(buf, size, "\033]0;title\007\033(B\033)0");
    case 13:
        return snprintf(buf, size, "\033[%d;%dH\n", a, 1);
    case 14:
        return snprintf(buf, size, "\033[%dE\033[%dF", n, n);
    case 15:
        return snprintf(buf, size, "\033[%dG\033[%dd\t\033[%dI\033[%dZ", b * 3, a, n, n);
    case 16:
        return snprintf(buf, size, "\xe4\xb8\xad\xf0\x9f\x98\x80" "e\xcc\x81");
    case 17:
        return snprintf(buf, size, "\033[4%c\033[?7%c", hl, hl);
    case 18:
        return snprintf(buf, size, "\033#8");
    case 19:
        return snprintf(buf, size, "\033[?25%c\033[?1000%c\033[?1006%c", hl, hl, hl);
    case 20:
        return snprintf(buf, size, "\033[%dA\033[%dB\033[%dC\033[%dD", a, a, b, b);
    default:
        return snprintf(buf, size, "Sudoku %d", a);
    }
}

/* Random output cut at random places, with random resizes (down to 1x1) in between:
 * the emulated screen stays whole throughout. */
static void test_random_output_and_resizes(unsigned seed, int events)
{
    struct th *t = th_new_terminal(24, 80);
    unsigned rng = seed * 2654435761u + 1;
    char out[64 * 1024];
    size_t n = 0, sent = 0;
    int broken_at = -1;

    for (int i = 0; i < events && n + 64 < sizeof out; i++)
        n += (size_t)random_output(&rng, out + n, sizeof out - n);
    for (int i = 0; sent < n && broken_at < 0; i++) {
        size_t cut = sent + 1 + next_random(&rng) % 40;
        th_feed(t, out + sent, (cut < n ? cut : n) - sent);
        sent = cut < n ? cut : n;
        if (next_random(&rng) % 3 == 0) {
            int rows = 1 + (int)(next_random(&rng) % (next_random(&rng) % 2 ? 3 : 60));
            int cols = 1 + (int)(next_random(&rng) % (next_random(&rng) % 2 ? 4 : 200));
            th_resize(t, rows, cols);
        }
        if (!screen_whole(t))
            broken_at = i;
    }
    tap_ok(broken_at < 0, "seed %u: %zu bytes of random output among random resizes, the screen whole throughout%s",
           seed, n, broken_at < 0 ? "" : " (broken)");
    th_free(t);
}

/* kakudo execs kakudo-player in its own process: the process the harness waits on, and
 * whose threads tell it when the program is idle, is the player's. */
static void test_watches_the_player(void)
{
    char sudoku_path[300], exe[PATH_MAX];
    const char *args[] = { tt_scratch_path(sudoku_path, sizeof sudoku_path, "sudoku.txt"), NULL };
    struct th *t;
    char proc[64];
    ssize_t n;

    tt_write_file(sudoku_path, tt_sudoku);
    t = tt_start(args, NULL, 24, 80);
    tt_wait_text(t, "Cell r1c3");
    snprintf(proc, sizeof proc, "/proc/%d/exe", (int)t->pid);
    n = readlink(proc, exe, sizeof exe - 1);
    exe[n > 0 ? n : 0] = '\0';
    if (n <= 0)
        tap_ok(true, "# SKIP no /proc to see which program runs");
    else
        tap_ok(strstr(exe, "kakudo-player") != NULL, "the process the harness watches is the player (%s)", exe);
    tap_ok(th_settle(t, tt_wait_ms) && th_idle(t), "the player settles once drawn");
    tap_ok(tt_quit_cleanly(t), "and quits cleanly");
    th_free(t);
}

/* A program that waits for a child of its own (a shell running the player, say) is idle
 * only when the child is: here the child never stops working, so nothing settles. */
static void test_watches_children(void)
{
    char *argv[] = { (char *)"/bin/sh", (char *)"-c", (char *)"sh -c 'while :; do :; done' & wait", NULL };
    struct th *t;

    if (access("/bin/sh", X_OK) != 0 || access("/proc/self/task", R_OK) != 0) {
        tap_ok(true, "# SKIP no /bin/sh or no /proc");
        return;
    }
    t = th_start(argv, NULL, 24, 80);
    if (t == NULL) {
        printf("Bail out! cannot start /bin/sh\n");
        exit(99);
    }
    tap_ok(!th_settle(t, 500), "a shell waiting for its busy child is not idle");
    kill(-t->pid, SIGKILL);     /* the shell and its child: one process group */
    th_free(t);
}

/* A program that restores the terminal and ends while the harness is not reading (as a
 * busy machine can have it): once its exit is seen, what it wrote last is read too, so
 * the terminal is found restored (the random-key runs reported "the alternate screen is
 * still on" when the exit was seen first). */
static void test_last_output_after_exit(void)
{
    char *argv[] = { (char *)"/bin/sh", (char *)"-c",
                     (char *)"printf '\\033[?1049hready'; read x; printf '\\033[?1049lbye'", NULL };
    siginfo_t info;
    struct th *t;

    if (access("/bin/sh", X_OK) != 0) {
        tap_ok(true, "# SKIP no /bin/sh");
        return;
    }
    t = th_start(argv, NULL, 24, 80);
    if (t == NULL) {
        printf("Bail out! cannot start /bin/sh\n");
        exit(99);
    }
    tap_ok(th_see(t, "ready", 30000) && th_mode(t, 1049) == 1, "the program is on the alternate screen");
    th_send(t, "\n");
    /* Its end, waited for without reading its output or reaping it. */
    info.si_pid = 0;
    waitid(P_PID, (id_t)t->pid, &info, WEXITED | WNOWAIT);
    tap_ok(!th_alive(t) && th_mode(t, 1049) == 0 && th_find(t, "bye", NULL, NULL),
           "its exit seen, what it wrote last is read: the normal screen is back");
    th_free(t);
}

int main(void)
{
    test_shrink_below_scrolling_region();
    test_sequence_cut_by_resize();
    test_character_cut_by_resize();
    test_cursor_kept();
    for (unsigned seed = 1; seed <= 8; seed++)
        test_random_output_and_resizes(seed, 3000);
    /* The player's part, when there is a player (tt_init prints a skip plan without one). */
    test_watches_children();
    test_last_output_after_exit();
    if (getenv("KAKUDO_BIN") != NULL && access(getenv("KAKUDO_BIN"), X_OK) == 0 && tt_init("tui-harness", 60000)) {
        test_watches_the_player();
        tt_cleanup();
    }
    return tap_done();
}
