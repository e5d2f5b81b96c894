/* test_tui_keys.c: keys that do what the player means, on a pseudo-terminal: letter symbols
 * on large boards, Esc and the hint, Backspace and marks, the terminal given back on
 * SIGQUIT, Home/End/PgUp/PgDn, keys terminfo does not know (TERM=vt100), the mouse in the
 * picker. */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include "tap.h"
#include "tui_test.h"

static char sudoku_path[300], kakuro_path[300], empty16_path[300], empty25_path[300];

/* Writes an empty one-line Sudoku of side n to path. */
static void write_empty(char *path, size_t size, const char *name, int n)
{
    char line[700];

    memset(line, '.', (size_t)(n * n));
    line[n * n] = '\n';
    line[n * n + 1] = '\0';
    tt_write_file(tt_scratch_path(path, size, name), line);
}

static void setup(void)
{
    write_empty(empty16_path, sizeof empty16_path, "empty16.txt", 16);
    write_empty(empty25_path, sizeof empty25_path, "empty25.txt", 25);
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

/* Reads what the program writes until it has ended and all is read, feeding the
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

        if (poll(&pfd, 1, 50) <= 0) {
            /* The harness holds the slave side too, so no EIO: all read, and it ended. */
            if (!th_alive(t))
                break;
            continue;
        }
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
    /* Up to the conclusion: the technique's definition takes two pages here. */
    for (int press = 0; press < 8 && !th_find(t, "Hint 4/5", NULL, NULL); press++)
        tt_send_settled(t, "i");
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

/* Home/End go to the ends of the cursor's row, PgUp/PgDn to the top and bottom of its
 * column. */
static void test_home_end_pages(void)
{
    struct th *t = start(sudoku_path, 24, 80);

    tt_wait_text(t, "Cell r1c3");
    th_send(t, "\033OB\033OB");
    tt_wait_text(t, "Cell r3c3");
    th_send(t, "\033OH");
    tap_ok(tt_wait_text(t, "Cell r3c1"), "Home goes to the start of the row");
    th_send(t, "\033OF");
    tap_ok(tt_wait_text(t, "Cell r3c9"), "End goes to its end");
    th_send(t, "\033[6~");
    tap_ok(tt_wait_text(t, "Cell r9c9"), "PgDn goes to the bottom of the column");
    th_send(t, "\033[5~");
    tap_ok(tt_wait_text(t, "Cell r1c9"), "PgUp goes to the top");
    th_send(t, "\033[1~");
    tap_ok(tt_wait_text(t, "Cell r1c1"), "ESC [1~ (Home in tmux and the Linux console) too");
    th_send(t, "\033[4~");
    tap_ok(tt_wait_text(t, "Cell r1c9"), "ESC [4~ (End) too");
    tt_quit_cleanly(t);
    th_free(t);
}

/* Under TERM=vt100 (whose terminfo knows no PgDn, F5 or Ctrl+arrow) a key's escape
 * sequence is not read as the keys of its bytes: "ESC [ 6 ~" entered a 6 (and closed the
 * help), "ESC [ 1 5 ~" a 1 and a 5.  PgUp, PgDn and Delete work as on any terminal. */
static void test_unknown_sequences(void)
{
    const char *args[] = { sudoku_path, NULL };
    const char *env[] = { "TERM=vt100", NULL };
    struct th *t = tt_start(args, env, 24, 80);

    tt_wait_text(t, "Cell r1c3");
    th_send(t, "\033[6~");
    tap_ok(tt_wait_text(t, "Cell r9c3"), "TERM=vt100: PgDn goes to the bottom of the column");
    th_send(t, "\033[15~\033[1;5C\033[24~");
    th_send(t, "l");
    tap_ok(tt_wait_text(t, "Cell r9c4") && tt_wait_text(t, "Filled 30/81")
           && tt_count_on_screen(t, "Unknown key") == 0 && tt_count_on_screen(t, "No command") == 0,
           "F5, Ctrl+Right and F12 are dropped whole: no digit entered, no key misread");
    th_send(t, "?");
    tt_wait_text(t, "kakudo - keys");
    th_send(t, "\033[6~");
    tap_ok(tt_wait_text(t, "any other key"), "PgDn in the help keeps it open");
    th_send(t, " ");
    th_wait_gone(t, "any other key", tt_wait_ms);
    tap_ok(tt_wait_text(t, "Filled 30/81") && tt_quit_cleanly(t), "the board as it was; q quits");
    th_free(t);
}

/* The cursor keys, Home, End and F1-F4 in the form term's terminfo does not name (ESC O,
 * SS3, under TERM=linux, whose entry has the ESC [ forms; ESC [, CSI, under xterm's, whose
 * entry has ESC O) work as the named ones do: a terminal in the other cursor mode sends
 * them.  The help is bound to F1-F4 (a config file) to see those.  The keypad's digits
 * and point in application mode enter and erase digits; an SS3 key no entry knows is
 * dropped whole, not read as Alt+O and a key. */
static void test_other_cursor_form(const char *term, bool ss3)
{
    const char *args[] = { sudoku_path, NULL };
    char env_term[64], dir[300], config[300], seq[8];
    const char *env[] = { env_term, NULL };
    static const char fkeys[][2][8] = { { "OP", "[11~" }, { "OQ", "[12~" }, { "OR", "[13~" }, { "OS", "[14~" } };
    static const struct { char final; const char *cell; } moves[] = {
        { 'B', "Cell r2c3" }, { 'C', "Cell r2c4" }, { 'D', "Cell r2c3" }, { 'A', "Cell r1c3" },
        { 'F', "Cell r1c9" }, { 'H', "Cell r1c1" },
    };
    struct th *t;
    bool moved = true, helped = true;

    snprintf(env_term, sizeof env_term, "TERM=%s", term);
    mkdir(tt_scratch_path(dir, sizeof dir, "config"), 0700);
    mkdir(tt_scratch_path(dir, sizeof dir, "config/kakudo"), 0700);
    tt_write_file(tt_scratch_path(config, sizeof config, "config/kakudo/config"), "key.help = ? F1 F2 F3 F4\n");
    t = tt_start(args, env, 24, 80);
    tt_wait_text(t, "Cell r1c3");
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        snprintf(seq, sizeof seq, "\033%c%c", ss3 ? 'O' : '[', moves[i].final);
        th_send(t, seq);
        moved = moved && tt_wait_text(t, moves[i].cell);
    }
    tap_ok(moved, "TERM=%s: the arrows, Home and End as ESC %c A-D, H, F move", term, ss3 ? 'O' : '[');
    for (int f = 0; f < 4; f++) {
        snprintf(seq, sizeof seq, "\033%s", fkeys[f][ss3 ? 0 : 1]);
        th_send(t, seq);
        helped = helped && tt_wait_text(t, "kakudo - keys");
        th_send(t, " ");
        helped = helped && th_wait_gone(t, "kakudo - keys", tt_wait_ms);
    }
    tap_ok(helped, "TERM=%s: F1-F4 as ESC %s to ESC %s open the help", term, fkeys[0][ss3 ? 0 : 1],
           fkeys[3][ss3 ? 0 : 1]);
    /* The keypad's 4 (ESC O t) at r1c3; then its point (ESC O n: Alt+O and n, New game,
     * when read byte by byte) erases it. */
    th_send(t, "ll\033Ot");
    tap_ok(tt_wait_text(t, "Filled 31/81") && tt_wait_text(t, "  3  " LV "  4  "),
           "TERM=%s: the keypad's 4 in application mode (ESC O t) enters a 4", term);
    th_send(t, "\033On");
    tap_ok(tt_wait_text(t, "Filled 30/81") && !th_find(t, "New game", NULL, NULL),
           "TERM=%s: its point (ESC O n) erases it, as . does", term);
    th_send(t, "\033Ol");     /* the keypad's comma on a VT220 (and l moves right) */
    th_send(t, "h");
    tap_ok(tt_wait_text(t, "Cell r1c2") && tt_count_on_screen(t, "No command") == 0
           && tt_count_on_screen(t, "Filled 30/81") == 1 && !th_find(t, "New game", NULL, NULL),
           "TERM=%s: an SS3 key no terminfo names (ESC O l) is dropped whole", term);
    tt_quit_cleanly(t);
    th_free(t);
    unlink(config);
}

/* The mouse in the picker: a click selects, a click on the selection (a double click)
 * opens, the wheel moves through the list. */
static void test_picker_mouse(void)
{
    struct th *t = start(NULL, 24, 80);

    tt_wait_text(t, "choose a puzzle");
    tap_ok(tt_shown_reversed(t, "Sudoku 4x4"), "the picker starts on the first puzzle");
    tap_ok(tt_mouse_on(t, "Sudoku 6x6", 0) && tt_wait_reversed(t, "Sudoku 6x6")
           && th_find(t, "choose a puzzle", NULL, NULL), "a click selects an item, without opening it");
    tt_mouse_on(t, "Sudoku 6x6", 0);
    tap_ok(tt_wait_text(t, "Cell r"), "a click on the selected item opens it");
    th_send(t, "q");
    tt_wait_text(t, "choose a puzzle");
    tap_ok(tt_double_click_on(t, "Kakuro 6x6") && tt_wait_text(t, "Kakuro 6x6") && tt_wait_text(t, "Cell r"),
           "a double click opens an item");
    th_send(t, "q");
    tt_wait_text(t, "choose a puzzle");
    tt_quit_cleanly(t);
    th_free(t);

    t = start(NULL, 24, 80);
    tt_wait_text(t, "choose a puzzle");
    tt_mouse_on(t, "Sudoku 4x4", 65);
    tap_ok(tt_wait_reversed(t, "Sudoku 9x9             easy"), "the wheel turned down moves 3 items down");
    tt_mouse_on(t, "Sudoku 4x4", 64);
    tap_ok(tt_wait_reversed(t, "Sudoku 4x4"), "and up again");
    tt_mouse_on(t, "Puzzles", 0);
    th_send(t, "j");
    tap_ok(tt_wait_reversed(t, "Sudoku 6x6") && th_find(t, "choose a puzzle", NULL, NULL),
           "a click on a heading does nothing");
    tt_quit_cleanly(t);
    th_free(t);
}

/* A cursor key split by a slow link: the ESC alone (after the escape delay, here
 * curses' own 25 ms) and then "[A" or "OA".  The lone Esc cancels a message and loses
 * nothing; the rest of the sequence is dropped, where its letter would enter A on a
 * 16x16 board. */
static void test_split_cursor_key(const char *rest, const char *name)
{
    struct th *t = start(empty16_path, 40, 100);
    char label[64];

    snprintf(label, sizeof label, "Esc, then %s", name);
    tt_wait_text(t, "Cell r1c1");
    th_send(t, "x");
    tt_wait_text(t, "takes 1-9 A-G");
    th_send(t, "\033");
    tap_ok(th_wait_gone(t, "takes 1-9 A-G", tt_wait_ms), "%s: the lone Esc clears the message", label);
    tt_send_settled(t, rest);
    tap_ok(!th_find(t, HV " A " LV, NULL, NULL) && !th_find(t, "takes 1-9 A-G", NULL, NULL),
           "%s: its rest enters nothing and says nothing", label);
    th_send(t, "B");
    tap_ok(tt_wait_text(t, HV " B " LV), "%s: the next key is read as itself", label);
    tt_quit_cleanly(t);
    th_free(t);
}

/* ESCDELAY in the environment lengthens the wait for the rest of a sequence (ncurses'
 * documented way): with 3 s, an arrow whose "[B" comes a moment after its ESC is still
 * one key.  The moment is waited for as the screen staying unchanged. */
static void test_escdelay_honoured(void)
{
    const char *args[] = { empty16_path, NULL };
    const char *env[] = { "ESCDELAY=3000", NULL };
    struct th *t = tt_start(args, env, 40, 100);

    tt_wait_text(t, "Cell r1c1");
    th_send(t, "\033");
    th_settle(t, 200);
    th_send(t, "[B");
    tap_ok(tt_wait_text(t, "Cell r2c1"), "ESCDELAY=3000: ESC and, later, [B are one Down");
    tt_quit_cleanly(t);
    th_free(t);
}

/* On 16x16 (symbols 1-9 A-G) letters enter symbols in either case, the letter commands
 * take Alt or ':', h j k l still move (H is not a symbol), and the footer and the help
 * say so. */
static void test_letter_symbols_16(void)
{
    struct th *t = start(empty16_path, 40, 100);

    tt_wait_text(t, "Cell r1c1");
    th_send(t, "f");
    tap_ok(tt_wait_text(t, HV " F " LV) && !th_find(t, "Filled in every", NULL, NULL),
           "16x16: f enters F, not fill every candidate");
    th_send(t, "l");
    tap_ok(tt_wait_text(t, "Cell r1c2"), "16x16: l still moves (H-L are not symbols)");
    th_send(t, "A");
    tap_ok(tt_wait_text(t, HV " F " LV " A " LV), "16x16: capitals enter symbols too");
    th_send(t, "x");
    tap_ok(tt_wait_text(t, "takes 1-9 A-G"), "16x16: x is no symbol and no command: it says so");
    th_send(t, ":f");
    tap_ok(tt_wait_text(t, "Filled in every candidate"), "16x16: :f fills the candidates");
    th_send(t, "\033x");
    tap_ok(tt_wait_text(t, "Cleared all marks"), "16x16: Alt-x clears the marks");
    th_send(t, "\033u");
    tap_ok(tt_wait_text(t, "Undone"), "16x16: Alt-u undoes");
    tap_ok(th_find(t, "1-9 A-G set", NULL, NULL) && th_find(t, ":u undo", NULL, NULL)
           && th_find(t, ":i hint", NULL, NULL), "16x16: the footer shows the keys in force");
    th_send(t, "?");
    tap_ok(tt_wait_text(t, "Alt-u or :u") && th_find(t, "Letters are symbols on this board", NULL, NULL)
           && th_find(t, "arrows, h j k l", NULL, NULL), "16x16: so does the help");
    th_send(t, " ");
    tt_wait_text(t, "Cell r1c2");
    th_send(t, ":i");
    tap_ok(tt_wait_text(t, "Hint 1/5") && th_find(t, ":i: which technique", NULL, NULL),
           "16x16: :i asks for a hint, whose next step is named :i");
    tt_quit_cleanly(t);
    th_free(t);
}

/* On 25x25 (1-9 A-P) h j k l are symbols: they enter them, the arrows move; q still quits. */
static void test_letter_symbols_25(void)
{
    struct th *t = start(empty25_path, 60, 120);

    tt_wait_text(t, "Cell r1c1");
    th_send(t, "h");
    tap_ok(tt_wait_text(t, HV " H ") && th_find(t, "Cell r1c1", NULL, NULL),
           "25x25: h enters H instead of moving");
    tap_ok(th_find(t, "arrows  1-9 A-P set", NULL, NULL) && !th_find(t, "hjkl", NULL, NULL),
           "25x25: the footer offers the arrows only");
    tap_ok(tt_quit_cleanly(t), "25x25: q still quits (Q is not a symbol)");
    th_free(t);
}

/* On boards of digits only, the letters stay commands; Alt and ':' work there too. */
static void test_commands_9(void)
{
    struct th *t = start(sudoku_path, 24, 80);

    tt_wait_text(t, "Cell r1c3");
    th_send(t, ":f");
    tap_ok(tt_wait_text(t, "Filled in every candidate"), "9x9: :f fills the candidates");
    th_send(t, "\033x");
    tap_ok(tt_wait_text(t, "Cleared all marks"), "9x9: Alt-x clears them");
    th_send(t, "f");
    tap_ok(tt_wait_text(t, "Filled in every candidate"), "9x9: f alone still fills");
    th_send(t, "a");
    tap_ok(tt_wait_text(t, "Unknown key 'a'"), "9x9: a is an unknown key");
    /* A capital is no digit where the digits are 1-9: C (a 12x12's twelfth symbol) was
     * answered "This puzzle takes 1-9" (Q, past the symbols' letters, was unknown). */
    th_send(t, "C");
    tap_ok(tt_wait_text(t, "Unknown key 'C'") && !th_find(t, "takes 1-9", NULL, NULL),
           "9x9: C is an unknown key, not a digit out of range");
    th_send(t, "Q");
    tap_ok(tt_wait_text(t, "Unknown key 'Q'"), "9x9: so is Q");
    th_send(t, "\033G");
    tap_ok(tt_wait_text(t, "Unknown key 'G'") && !th_find(t, "takes 1-9", NULL, NULL),
           "9x9: Alt-G is no mark toggle either");
    tap_ok(th_find(t, "hjkl/arrows  1-9 set", NULL, NULL) && th_find(t, "u undo", NULL, NULL)
           && !th_find(t, ":u", NULL, NULL), "9x9: the footer shows the bare letters");
    tt_quit_cleanly(t);
    th_free(t);
}

/* Random keys on a board with letter symbols (letters, ':', Alt, the new moves, the
 * mouse) and in the picker must never crash the player. */
static void random_keys(const char *file, int rows, int cols, unsigned seed)
{
    static const char *const keys[] = {
        /* No q: it would quit before the keys are all pressed. */
        "1", "9", "a", "A", "f", "g", "G", "h", "j", "k", "l", "x", ":", ":u", ":p",
        ":x", ":f", ":m", "\033u", "\033i", "\033f", "\033F", "\0331", "\033", "?", " ",
        "\x7f", "\033OH", "\033OF", "\033[5~", "\033[6~", "\033OA", "\033OB", "\r",
        "\033[<0;5;5M", "\033[<0;5;5m", "\033[<64;5;5M", "\033[<65;5;5M", "i", "u", "n",
    };
    static const struct tt_monkey monkey = {
        .keys = keys, .n_keys = sizeof keys / sizeof keys[0], .presses = 400,
        .resize_every = 89, .pump_every = 50, .pump_ms = 10, .check_every = 50,
    };
    struct th *t = start(file, rows, cols);
    struct tt_monkey_run run;
    bool ok = tt_random_keys(t, &monkey, seed, rows, cols, &run);

    tap_ok(ok, "random keys at %dx%d on %s: no crash (status %d)", cols,
           rows, file != NULL ? "a 16x16 board" : "the picker", run.status);
    th_free(t);
}

/* A fault (here SIGSEGV and SIGABRT sent from outside) still gives the terminal back:
 * the normal screen, mouse reporting off, the terminal's modes as they were; the player
 * dies of the signal. */
static void test_fault_restores(int sig, const char *name)
{
    struct th *t = start(sudoku_path, 24, 80);
    struct term_modes modes = { false };
    struct termios tio;
    char out[4096];
    int status;

    vterm_screen_set_callbacks(t->screen, &mode_callbacks, &modes);
    tt_wait_text(t, "Cell r1c3");
    kill(t->pid, sig);
    read_until_closed(t, out, sizeof out);
    status = th_wait_exit(t, tt_wait_ms);
    tap_ok(status != -1 && WIFSIGNALED(status) && WTERMSIG(status) == sig,
           "%s ends the player by that signal (status %d)", name, status);
    tap_ok(!modes.altscreen && mouse_left_off(out), "%s: the alternate screen is left, the mouse off",
           name);
    tap_ok(tcgetattr(t->fd, &tio) == 0 && (tio.c_lflag & (ICANON | ECHO)) == (ICANON | ECHO),
           "%s: the terminal echoes and reads lines again", name);
    th_free(t);
}

/* Writes over t's screen as another program would, then sends Ctrl-L: whether that text
 * goes and shown (the screen's own text) is still there. */
static bool repainted(struct th *t, const char *shown)
{
    static const char garbage[] = "\033[5;5HWRITTEN BY ANOTHER PROGRAM";

    th_feed(t, garbage, strlen(garbage));
    th_send(t, "\x0c");
    return th_wait_gone(t, "WRITTEN BY ANOTHER PROGRAM", tt_wait_ms) && tt_wait_text(t, shown);
}

/* Ctrl-L repaints the whole screen, taking away what another program wrote over it, on
 * the board and in the help (which stays open): it did nothing, as curses knew nothing of
 * the other program's text. */
static void test_ctrl_l_repaints(void)
{
    const char *args[] = { sudoku_path, NULL };
    struct th *t = tt_start(args, NULL, 24, 80);

    tt_wait_text(t, "Cell r1c3");
    tap_ok(repainted(t, "Cell r1c3"), "Ctrl-L on the board repaints it whole");
    th_send(t, "?");
    tt_wait_text(t, "kakudo - keys");
    tap_ok(repainted(t, "kakudo - keys"), "Ctrl-L in the help repaints it, and the help stays");
    th_send(t, "q");
    tap_ok(tt_wait_text(t, "Cell r1c3") && tt_quit_cleanly(t), "q, q quits");
    th_free(t);
}

int main(void)
{
    if (!tt_init("keys", 30000))
        return 0;
    setup();
    test_sigquit_restores();
    {
        /* The faults below are sent on purpose: no core files of them. */
        struct rlimit no_core = { 0, 0 };
        setrlimit(RLIMIT_CORE, &no_core);
    }
    tt_fresh_state();
    test_fault_restores(SIGSEGV, "SIGSEGV");
    tt_fresh_state();
    test_fault_restores(SIGABRT, "SIGABRT");
    tt_fresh_state();
    test_backspace_clears_marks();
    tt_fresh_state();
    test_esc_closes_hint();
    tt_fresh_state();
    test_home_end_pages();
    tt_fresh_state();
    test_unknown_sequences();
    tt_fresh_state();
    test_other_cursor_form("linux", true);
    tt_fresh_state();
    test_other_cursor_form("xterm-256color", false);
    tt_fresh_state();
    test_picker_mouse();
    tt_fresh_state();
    test_ctrl_l_repaints();
    tt_fresh_state();
    test_letter_symbols_16();
    tt_fresh_state();
    test_split_cursor_key("[A", "[A");
    tt_fresh_state();
    test_split_cursor_key("OA", "OA");
    tt_fresh_state();
    test_escdelay_honoured();
    tt_fresh_state();
    test_letter_symbols_25();
    tt_fresh_state();
    test_commands_9();
    tt_fresh_state();
    random_keys(empty16_path, 24, 80, 11);
    random_keys(NULL, 24, 80, 12);
    tt_cleanup();
    return tap_done();
}
