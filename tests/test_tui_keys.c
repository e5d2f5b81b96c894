/* test_tui_keys.c: keys that do what the player means, on a pseudo-terminal: letter symbols
 * on large boards, Esc and the hint, Backspace and marks, the terminal given back on
 * SIGQUIT, Home/End/PgUp/PgDn, the mouse in the picker. */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tap.h"
#include "tui_test.h"

static char sudoku_path[300], kakuro_path[300];

static void setup(void)
{
    tt_write_file(tt_scratch_path(sudoku_path, sizeof sudoku_path, "sudoku.txt"), tt_sudoku);
    tt_write_file(tt_scratch_path(kakuro_path, sizeof kakuro_path, "kakuro.txt"), tt_kakuro);
}

/* Starts the player on file (NULL: the picker). */
static struct th *start(const char *file, int rows, int cols)
{
    const char *args[] = { file, NULL };

    return tt_start(args, NULL, rows, cols);
}

/* --- The terminal's modes, as libvterm sees them --- */

struct term_modes { bool altscreen; };

static int on_termprop(VTermProp prop, VTermValue *val, void *user)
{
    struct term_modes *m = user;

    if (prop == VTERM_PROP_ALTSCREEN)
        m->altscreen = val->boolean;
    return 1;
}

static const VTermScreenCallbacks mode_callbacks = { .settermprop = on_termprop };

/* Reads what the program writes until it closes the terminal (it ended), feeding the
 * screen as th_pump does, and keeps the last size - 1 bytes of it in buf. */
static void read_until_closed(struct th *t, char *buf, size_t size)
{
    long end = th_now_ms() + tt_wait_ms;
    size_t n = 0;

    buf[0] = '\0';
    while (th_now_ms() < end) {
        struct pollfd pfd = { .fd = t->fd, .events = POLLIN };
        char chunk[4096];
        ssize_t r;

        if (poll(&pfd, 1, 50) <= 0)
            continue;
        r = read(t->fd, chunk, sizeof chunk);
        if (r < 0 && errno == EAGAIN)
            continue;
        if (r <= 0)
            break;      /* EIO: the terminal's last user is gone */
        vterm_input_write(t->vt, chunk, (size_t)r);
        if ((size_t)r >= size - 1) {
            memcpy(buf, chunk + (size_t)r - (size - 1), size - 1);
            n = size - 1;
        } else {
            if (n + (size_t)r > size - 1) {
                size_t drop = n + (size_t)r - (size - 1);
                memmove(buf, buf + drop, n - drop);
                n -= drop;
            }
            memcpy(buf + n, chunk, (size_t)r);
            n += (size_t)r;
        }
        buf[n] = '\0';
    }
    vterm_screen_flush_damage(t->screen);
}

/* Whether the last private mode sequence (CSI ? ... h or l) of out that names a mouse
 * reporting mode (9, 1000, 1002, 1003) turns it off.  (libvterm 0.1.4 does not track a
 * reset with several modes, ncurses' "CSI ? 1006;1000 l", so the bytes are read.) */
static bool mouse_left_off(const char *out)
{
    bool seen = false, off = false;

    for (const char *s = strstr(out, "\033[?"); s != NULL; s = strstr(s + 1, "\033[?")) {
        const char *p = s + 3;
        bool mouse = false;
        while ((*p >= '0' && *p <= '9') || *p == ';') {
            long mode = strtol(p, (char **)&p, 10);
            mouse |= mode == 9 || mode == 1000 || mode == 1002 || mode == 1003;
            if (*p == ';')
                p++;
        }
        if (mouse && (*p == 'h' || *p == 'l')) {
            seen = true;
            off = *p == 'l';
        }
    }
    return seen && off;
}

/* Ctrl-\ (SIGQUIT) ends the player, which leaves the alternate screen and turns the mouse
 * reporting off on its way out, as for SIGTERM. */
static void test_sigquit_restores(void)
{
    struct th *t = start(sudoku_path, 24, 80);
    struct term_modes modes = { false };
    char out[4096];
    int status;

    vterm_screen_set_callbacks(t->screen, &mode_callbacks, &modes);
    tt_wait_text(t, "Cell r1c3");
    tap_ok(modes.altscreen, "the player runs in the alternate screen");
    th_send(t, "\x1c");
    read_until_closed(t, out, sizeof out);
    status = th_wait_exit(t, tt_wait_ms);
    tap_ok(status != -1 && WIFSIGNALED(status) && WTERMSIG(status) == SIGQUIT,
           "Ctrl-\\ ends the player by SIGQUIT (status %d)", status);
    tap_ok(!modes.altscreen, "SIGQUIT: the alternate screen is left");
    tap_ok(mouse_left_off(out), "SIGQUIT: mouse reporting is off");
    tap_ok(!th_find(t, "Sudoku 9x9", NULL, NULL), "SIGQUIT: the normal screen is back");
    th_free(t);
}

/* Backspace (and Del) on an empty cell with pencil marks clears its marks, as one move
 * that u undoes. */
static void test_backspace_clears_marks(void)
{
    struct th *t = start(sudoku_path, 24, 80);

    tt_wait_text(t, "Cell r1c3");
    th_send(t, "m1m2");
    tap_ok(tt_wait_text(t, LV "12   " HV), "marks in an empty cell");
    th_send(t, "\x7f");
    tap_ok(th_wait_gone(t, LV "12   " HV, tt_wait_ms) && !th_find(t, "already empty", NULL, NULL),
           "Backspace on an empty cell clears its marks");
    th_send(t, "u");
    tap_ok(tt_wait_text(t, LV "12   " HV), "u brings them all back: one move");
    th_send(t, "\033[3~");
    tap_ok(th_wait_gone(t, LV "12   " HV, tt_wait_ms), "Del clears them too");
    th_send(t, "\x7f");
    tap_ok(tt_wait_text(t, "already empty"), "an empty cell without marks is already empty");
    tt_quit_cleanly(t);
    th_free(t);
}

/* Esc closes a hint; while one is shown, the Kakuro runs of the cursor stay in the panel
 * (a long hint pages instead of pushing them off a short terminal). */
static void test_esc_closes_hint(void)
{
    struct th *t = start(kakuro_path, 16, 80);

    tt_wait_text(t, "Across 16 in 2");
    th_send(t, "i");
    tap_ok(tt_wait_text(t, "Hint 1/5"), "i shows a hint");
    th_send(t, "\033");
    tap_ok(th_wait_gone(t, "Hint 1/5", tt_wait_ms), "Esc closes it");
    th_send(t, "iiii");
    tap_ok(tt_wait_text(t, "Hint 4/5") && th_find(t, "Across 16 in 2", NULL, NULL)
           && th_find(t, "Down 17 in 2", NULL, NULL),
           "at 80x16 the conclusion leaves the runs and their combinations on screen");
    th_send(t, "\033");
    tap_ok(th_wait_gone(t, "Hint 4/5", tt_wait_ms) && th_find(t, "Across 16 in 2", NULL, NULL),
           "Esc closes the conclusion; the runs stay");
    th_send(t, "i");
    tap_ok(tt_wait_text(t, "Hint 1/5"), "the next i starts the hint again");
    tt_quit_cleanly(t);
    th_free(t);
}

int main(void)
{
    if (!tt_init("keys", 8000))
        return 0;
    setup();
    test_sigquit_restores();
    tt_fresh_state();
    test_backspace_clears_marks();
    tt_fresh_state();
    test_esc_closes_hint();
    tt_cleanup();
    return tap_done();
}
