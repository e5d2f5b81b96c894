/* tui_test.c: the scenario helpers the player's pty tests share (see tui_test.h). */
#include "config.h"
#include "tui_test.h"

#include <ctype.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Only tap_diag is used here: tap.h keeps its counters per program file, so the checks
 * themselves (tap_ok) stay in the test programs. */
#include "tap.h"

#define TT_MAX_ARGS 8
#define TT_MAX_ENV 8

const char tt_sudoku[] =
    "530070000600195000098000060800060003400803001700020006060000280000419005000080079\n";
const char tt_kakuro[] =
    "\\ 17\\ 10\\ \\\n"
    "\\16 _ _ 11\\\n"
    "\\13 _ 1 _\n"
    "\\ \\9 _ _\n";

int tt_wait_ms = 30000;

static const char *tt_bin;
static char tt_tmpdir[256];
static char tt_state_env[300];
static char tt_config_env[300];

bool tt_init(const char *name, int wait_ms)
{
    tt_bin = getenv("KAKUDO_BIN");
    if (tt_bin == NULL || access(tt_bin, X_OK) != 0) {
        printf("1..0 # SKIP KAKUDO_BIN is not set to the kakudo binary\n");
        return false;
    }
    tt_wait_ms = wait_ms;
    if (getenv("KAKUDO_TEST_WAIT_SCALE") != NULL) {
        double scale = strtod(getenv("KAKUDO_TEST_WAIT_SCALE"), NULL);
        if (scale > 0 && scale * wait_ms < 1e9)
            tt_wait_ms = (int)(scale * wait_ms);
    }
    signal(SIGPIPE, SIG_IGN);
    snprintf(tt_tmpdir, sizeof tt_tmpdir, "/tmp/kakudo-%s-XXXXXX", name);
    if (mkdtemp(tt_tmpdir) == NULL) {
        perror("mkdtemp");
        exit(99);
    }
    snprintf(tt_state_env, sizeof tt_state_env, "XDG_STATE_HOME=%s/state", tt_tmpdir);
    snprintf(tt_config_env, sizeof tt_config_env, "XDG_CONFIG_HOME=%s/config", tt_tmpdir);
    return true;
}

const char *tt_dir(void)
{
    return tt_tmpdir;
}

char *tt_scratch_path(char *path, size_t size, const char *name)
{
    snprintf(path, size, "%s/%s", tt_tmpdir, name);
    return path;
}

void tt_write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");

    if (f == NULL) {
        perror(path);
        exit(99);
    }
    fputs(text, f);
    fclose(f);
}

/* rm -rf of what, reported (not fatal) when it fails. */
static void remove_tree(const char *what)
{
    char cmd[400];

    snprintf(cmd, sizeof cmd, "rm -rf '%s'", what);
    if (system(cmd) != 0)
        tap_diag("could not remove %s", what);
}

void tt_fresh_state(void)
{
    char state[300];

    snprintf(state, sizeof state, "%s/state", tt_tmpdir);
    remove_tree(state);
    /* The player keeps the timer and the watch speed set in one test in the config: the
     * next test starts from none. */
    snprintf(state, sizeof state, "%s/config/kakudo/config", tt_tmpdir);
    unlink(state);
}

void tt_cleanup(void)
{
    tap_diag("the longest wait that ended well took %ld ms, of %d allowed", th_longest_wait_ms(), tt_wait_ms);
    remove_tree(tt_tmpdir);
}

static struct th *start_player(const char *const args[], const char *const env[], int rows,
                               int cols, bool no_timer)
{
    char *argv[TT_MAX_ARGS + 3];
    const char *envp[TT_MAX_ENV + 3];
    int n = 0, e = 0;
    struct th *t;

    argv[n++] = (char *)tt_bin;
    if (no_timer)
        argv[n++] = (char *)"--no-timer";
    for (int i = 0; args != NULL && args[i] != NULL && i < TT_MAX_ARGS; i++)
        argv[n++] = (char *)args[i];
    argv[n] = NULL;
    envp[e++] = tt_state_env;
    envp[e++] = tt_config_env;     /* never the user's own config */
    for (int i = 0; env != NULL && env[i] != NULL && i < TT_MAX_ENV; i++)
        envp[e++] = env[i];
    envp[e] = NULL;
    t = th_start(argv, envp, rows, cols);
    if (t == NULL) {
        printf("Bail out! cannot start %s\n", tt_bin);
        exit(99);
    }
    return t;
}

struct th *tt_start(const char *const args[], const char *const env[], int rows, int cols)
{
    return start_player(args, env, rows, cols, true);
}

struct th *tt_start_timed(const char *const args[], const char *const env[], int rows, int cols)
{
    return start_player(args, env, rows, cols, false);
}

bool tt_wait_text(struct th *t, const char *text)
{
    bool ok = th_wait_text(t, text, tt_wait_ms);

    if (!ok) {
        tap_diag("expected \"%s\" on the screen:", text);
        th_dump(t);
    }
    return ok;
}

bool tt_see(struct th *t, const char *text)
{
    bool ok = th_see(t, text, tt_wait_ms);

    if (!ok) {
        tap_diag("expected \"%s\" on the screen:", text);
        th_dump(t);
    }
    return ok;
}

bool tt_exited_cleanly(int status)
{
    return status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

bool tt_quit_cleanly(struct th *t)
{
    int status;

    th_send(t, "q");
    status = th_wait_exit(t, tt_wait_ms);
    if (!tt_exited_cleanly(status)) {
        tap_diag("exit status %d", status);
        th_dump(t);
        return false;
    }
    return true;
}

bool tt_cell_at(struct th *t, const char *text, int offset, VTermScreenCell *cell)
{
    int row, col;

    return th_find(t, text, &row, &col) && th_cell(t, row, col + offset, cell);
}

uint32_t tt_char_at(struct th *t, int row, int col)
{
    VTermScreenCell cell;

    if (!th_cell(t, row, col, &cell))
        return 0;
    return cell.chars[0] == 0 ? ' ' : cell.chars[0];
}

int tt_count_on_screen(struct th *t, const char *text)
{
    char buf[4096];
    int n = 0;

    for (int r = 0; r < t->rows; r++)
        for (const char *s = th_row(t, r, buf, sizeof buf); (s = strstr(s, text)) != NULL; s++)
            n++;
    return n;
}

bool tt_shown_reversed(struct th *t, const void *text)
{
    VTermScreenCell cell;

    return tt_cell_at(t, text, 0, &cell) && cell.attrs.reverse;
}

bool tt_wait_reversed(struct th *t, const char *text)
{
    if (th_wait_until(t, tt_shown_reversed, text, true, tt_wait_ms))
        return true;
    tap_diag("expected \"%s\" shown reversed (selected):", text);
    th_dump(t);
    return false;
}

void tt_send_settled(struct th *t, const char *keys)
{
    th_send(t, keys);
    th_settle(t, tt_wait_ms);
}

bool tt_still_after(struct th *t, const char *keys, const char *text)
{
    tt_send_settled(t, keys);
    return th_find(t, text, NULL, NULL);
}

bool tt_mouse_on(struct th *t, const char *text, int button)
{
    char seq[64];
    int row, col;

    if (!th_find(t, text, &row, &col))
        return false;
    snprintf(seq, sizeof seq, "\033[<%d;%d;%dM", button, col + 1, row + 1);
    th_send(t, seq);
    if (button < 64) {
        snprintf(seq, sizeof seq, "\033[<%d;%d;%dm", button, col + 1, row + 1);
        th_send(t, seq);
    }
    return true;
}

bool tt_double_click_on(struct th *t, const char *text)
{
    char seq[64];
    int row, col;

    if (!th_find(t, text, &row, &col))
        return false;
    snprintf(seq, sizeof seq, "\033[<0;%d;%dM\033[<0;%d;%dm", col + 1, row + 1, col + 1, row + 1);
    th_send(t, seq);
    th_send(t, seq);
    return true;
}

/* The monkey's own random numbers (xorshift32), the same on every libc. */
static unsigned next_random(unsigned *state)
{
    unsigned x = *state;

    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *state = x;
}

/* A terminal size, often a tiny one (1x1 included) or one a line or a column wide. */
static void random_size(unsigned *rng, int *rows, int *cols)
{
    switch (next_random(rng) % 4) {
    case 0:
        *rows = 1 + (int)(next_random(rng) % 3);
        *cols = 1 + (int)(next_random(rng) % 4);
        break;
    case 1:     /* one line, or one column */
        *rows = 1 + (int)(next_random(rng) % 60);
        *cols = 1 + (int)(next_random(rng) % 200);
        if (next_random(rng) % 2 == 0)
            *rows = 1;
        else
            *cols = 1;
        break;
    default:
        *rows = 1 + (int)(next_random(rng) % 60);
        *cols = 1 + (int)(next_random(rng) % 200);
        break;
    }
}

/* A mouse coordinate (1-based): mostly on the screen, sometimes just off it, at 0, or far
 * beyond. */
static int random_coordinate(unsigned *rng, int size)
{
    unsigned r = next_random(rng) % 20;

    if (r == 0)
        return 0;
    if (r == 1)
        return 200 + (int)(next_random(rng) % 2000);
    return 1 + (int)(next_random(rng) % (unsigned)(size + 6));
}

/* A number as a byte of an X10 mouse report.  ncurses, expecting the SGR form, reads X10
 * reports as typed keys: never a q, which would quit. */
static char x10_byte(int n)
{
    return (char)(32 + n == 'q' ? 32 + n + 1 : 32 + n);
}

/* One mouse report, in the SGR 1006 form (ESC [ < b ; x ; y M/m) or the X10 form
 * (ESC [ M and three bytes, which cannot say where beyond column 223); into buf. */
static size_t mouse_report(char *buf, size_t size, bool sgr, int button, bool release, int x, int y)
{
    if (sgr)
        return (size_t)snprintf(buf, size, "\033[<%d;%d;%d%c", button, x, y, release ? 'm' : 'M');
    if (size < 7)
        return 0;
    x = x > 223 ? 223 : x;
    y = y > 223 ? 223 : y;
    memcpy(buf, "\033[M", 3);
    buf[3] = x10_byte(release ? 3 : button);
    buf[4] = x10_byte(x);
    buf[5] = x10_byte(y);
    buf[6] = '\0';
    return 6;
}

/* Sends a click, a drag (press, moves, release) or a wheel turn, with random modifiers,
 * at random places on (and off) the screen. */
static void random_mouse(struct th *t, unsigned *rng)
{
    char buf[64];
    bool sgr = next_random(rng) % 3 != 0;
    int mods = next_random(rng) % 4 == 0 ? (int)(next_random(rng) % 8) * 4 : 0;
    int button = (int)(next_random(rng) % 3) | mods;
    int x = random_coordinate(rng, t->cols), y = random_coordinate(rng, t->rows);
    size_t n;

    switch (next_random(rng) % 4) {
    case 0:     /* the wheel: no release */
        n = mouse_report(buf, sizeof buf, sgr, 64 + (int)(next_random(rng) % 2) + mods, false, x, y);
        th_send_n(t, buf, n);
        return;
    case 1:     /* a drag */
        n = mouse_report(buf, sizeof buf, sgr, button, false, x, y);
        th_send_n(t, buf, n);
        for (int i = (int)(next_random(rng) % 4); i >= 0; i--) {
            x = random_coordinate(rng, t->cols);
            y = random_coordinate(rng, t->rows);
            n = mouse_report(buf, sizeof buf, sgr, 32 + button, false, x, y);
            th_send_n(t, buf, n);
        }
        break;
    default:    /* a click; now and then a release without its press */
        if (next_random(rng) % 8 != 0) {
            n = mouse_report(buf, sizeof buf, sgr, button, false, x, y);
            th_send_n(t, buf, n);
        }
        break;
    }
    n = mouse_report(buf, sizeof buf, sgr, button, true, x, y);
    th_send_n(t, buf, n);
}

/* Whether s holds the body of an SGR mouse report ("[<0;12;5M"): one the terminal echoed,
 * or one the program took for typed text. */
static bool has_mouse_report(const char *s)
{
    for (const char *p = strstr(s, "[<"); p != NULL; p = strstr(p + 1, "[<")) {
        const char *q = p + 2;
        int fields = 0;
        while (fields < 3 && isdigit((unsigned char)*q)) {
            q += strspn(q, "0123456789");
            fields++;
            if (fields < 3 && *q++ != ';')
                break;
        }
        if (fields == 3 && (*q == 'M' || *q == 'm'))
            return true;
    }
    return false;
}

bool tt_screen_sane(struct th *t, char *why, size_t size)
{
    char row[4096];
    VTermPos cursor;

    for (int r = 0; r < t->rows; r++) {
        for (int c = 0; c < t->cols; c++) {
            VTermScreenCell cell;
            uint32_t ch;
            if (!th_cell(t, r, c, &cell))
                continue;
            ch = cell.chars[0];
            if (ch == (uint32_t)-1 || ch == 0)
                continue;   /* the right half of a wide character, or never drawn */
            if (ch < 0x20 || (ch >= 0x7f && ch < 0xa0) || ch == 0xfffd || (ch >= 0xd800 && ch < 0xe000)
                || ch > 0x10ffff) {
                snprintf(why, size, "character U+%04X at row %d, column %d", (unsigned)ch, r + 1, c + 1);
                return false;
            }
        }
        th_row(t, r, row, sizeof row);
        if (strstr(row, "^[") != NULL || has_mouse_report(row)) {
            snprintf(why, size, "echoed input on row %d: %s", r + 1, row);
            return false;
        }
    }
    vterm_state_get_cursorpos(vterm_obtain_state(t->vt), &cursor);
    if (cursor.row < 0 || cursor.row >= t->rows || cursor.col < 0 || cursor.col >= t->cols) {
        snprintf(why, size, "the cursor at row %d, column %d, off the %dx%d screen",
                 cursor.row + 1, cursor.col + 1, t->cols, t->rows);
        return false;
    }
    return true;
}

bool tt_terminal_restored(const struct th *t, char *why, size_t size)
{
    static const struct { int mode, want; const char *what; } modes[] = {
        { 1049, 0, "the alternate screen is still on" },
        { 1000, 0, "mouse reports are still on" },
        { 1002, 0, "mouse drag reports are still on" },
        { 1003, 0, "mouse motion reports are still on" },
        { 1006, 0, "SGR mouse reports are still on" },
        { 25, 1, "the cursor is still hidden" },
    };

    if (th_mode(t, 1049) == -1) {
        snprintf(why, size, "the alternate screen was never used");
        return false;
    }
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
        if (th_mode(t, modes[i].mode) == !modes[i].want) {
            snprintf(why, size, "%s", modes[i].what);
            return false;
        }
    }
    return true;
}

/* Whether at least two rows hold something. */
static bool drawn(struct th *t, const void *arg)
{
    char row[4096];
    int n = 0;

    (void)arg;
    for (int r = 0; r < t->rows && n < 2; r++)
        n += strspn(th_row(t, r, row, sizeof row), " ") < strlen(row);
    return n >= 2;
}

/* Whether the program still redraws: shrunk to 1x1, which leaves one cell of the
 * emulated screen, and grown to rows x cols, it must draw more. */
static bool answers(struct th *t, int rows, int cols)
{
    th_resize(t, 1, 1);
    th_pump(t, 1);
    th_resize(t, rows, cols);
    return th_wait_until(t, drawn, NULL, false, tt_wait_ms);
}

/* How long one key of the leaving may take to settle: a tenth of the wait, at most until end. */
static int settle_ms(long end)
{
    long left = end - th_now_ms();

    return (int)(left < tt_wait_ms / 10 ? (left > 0 ? left : 0) : tt_wait_ms / 10);
}

/* Leaves whatever screen it is on: Escape closes dialogs (and stops the solver), q quits;
 * each answered before the next is sent, so they are not read as one Alt-q.  A screen
 * that does not settle (the solver running) gets a tenth of the wait per key: keys are
 * read in order anyway, and a later Escape or q ends it. */
static void leave(struct th *t, long end)
{
    for (int i = 0; i < 10 && th_alive(t) && th_now_ms() < end; i++) {
        th_send(t, "\033");
        th_settle(t, settle_ms(end));
        th_send(t, "q");
        th_settle(t, settle_ms(end));
    }
}

bool tt_random_keys(struct th *t, const struct tt_monkey *m, unsigned seed, int rows, int cols,
                    struct tt_monkey_run *run)
{
    unsigned rng = seed * 2654435761u + 1;
    long end;

    run->status = -1;
    run->sent = 0;
    run->why[0] = '\0';
    th_wait_until(t, drawn, NULL, false, tt_wait_ms);     /* it has started */
    for (int i = 1; i <= m->presses; i++) {
        if (m->mouse_percent > 0 && (int)(next_random(&rng) % 100) < m->mouse_percent) {
            random_mouse(t, &rng);
        } else {
            th_send(t, m->keys[next_random(&rng) % m->n_keys]);
        }
        run->sent = i;
        if (m->resize_every > 0 && i % m->resize_every == 0) {
            int r, c;
            random_size(&rng, &r, &c);
            th_resize(t, r, c);
        }
        if (m->pump_every > 0 && i % m->pump_every == 0)
            th_pump(t, m->pump_ms);
        if (m->check_every > 0 && i % m->check_every == 0) {
            char why[300];
            if (!th_alive(t))
                break;
            if (!tt_screen_sane(t, why, sizeof why)) {
                snprintf(run->why, sizeof run->why, "after %d events at %dx%d: %s", i, t->cols, t->rows, why);
                break;
            }
        }
        if (m->answer_every > 0 && i % m->answer_every == 0 && !answers(t, rows, cols) && th_alive(t)) {
            snprintf(run->why, sizeof run->why, "after %d events: no redraw after a resize", i);
            break;
        }
    }
    if (run->why[0] == '\0' && !th_alive(t))
        snprintf(run->why, sizeof run->why, "ended after %d events", run->sent);
    /* Back at its size, it must draw there (a screen to see, not a guess at when it is
     * done) before the keys that leave are sent. */
    th_resize(t, rows, cols);
    if (run->why[0] == '\0' && th_alive(t) && !answers(t, rows, cols) && th_alive(t))
        snprintf(run->why, sizeof run->why, "after %d events: no redraw at %dx%d", run->sent, cols, rows);
    end = th_now_ms() + tt_wait_ms;
    leave(t, end);
    run->status = th_wait_exit(t, tt_wait_ms);
    if (run->why[0] == '\0' && !tt_exited_cleanly(run->status))
        snprintf(run->why, sizeof run->why, "Escape and q did not end it cleanly");
    if (run->why[0] == '\0') {
        char why[300];
        if (!tt_terminal_restored(t, why, sizeof why))
            snprintf(run->why, sizeof run->why, "at exit: %s", why);
    }
    if (run->why[0] != '\0') {
        tap_diag("seed %u: %s (status %d)", seed, run->why, run->status);
        th_dump(t);
    }
    return run->why[0] == '\0';
}
