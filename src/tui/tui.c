/* tui.c: the player's entry point: terminal set-up and restore, signals, the screen switch. */
#include "config.h"
#include "tui.h"

#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <termios.h>
#include <unistd.h>

#include "ui.h"
#include <term.h>       /* setupterm: whether terminfo knows TERM */
#include "util.h"

/* One draw/key pair per screen, as in ncdu. */
static const struct {
    void (*draw)(struct ui *ui);
    void (*key)(struct ui *ui, int key, bool is_code);
} screens[UI_NSCREENS] = {
    [UI_PICKER] = { ui_picker_draw, ui_picker_key },
    [UI_BOARD] = { ui_board_draw, ui_board_key },
    [UI_HELP] = { ui_help_draw, ui_help_key },
    [UI_CONFIRM] = { ui_confirm_draw, ui_confirm_key },
    [UI_INPUT] = { ui_input_draw, ui_input_key },
    [UI_WATCH] = { ui_watch_draw, ui_watch_key },
    [UI_NEWGAME] = { ui_newgame_draw, ui_newgame_key },
    [UI_PASTE] = { ui_paste_draw, ui_paste_key },
};

static volatile sig_atomic_t pending_signal;
static volatile sig_atomic_t pending_suspend;   /* Ctrl-Z: SIGTSTP */
static struct ui *active_ui;     /* for the fatal-error hook */
static bool curses_on;

static void on_signal(int sig)
{
    pending_signal = sig;
}

static void on_suspend(int sig)
{
    (void)sig;
    pending_suspend = 1;
}

/* --- A fault (SIGSEGV, SIGABRT, ...) still gives the terminal back --- */

/* The signals of a program's own faults: the handler may not call endwin, so it writes
 * the bytes endwin would and puts the terminal modes back, both made ready before. */
static const int fault_sigs[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS };
static char fault_restore[512];
static size_t fault_restore_len;
static struct termios fault_termios;
static bool fault_termios_saved;

static void add_fault_restore(const char *s)
{
    size_t len;

    if (s == NULL || s == (const char *)-1)
        return;
    len = strlen(s);
    if (fault_restore_len + len < sizeof fault_restore) {
        memcpy(fault_restore + fault_restore_len, s, len);
        fault_restore_len += len;
    }
}

static void on_fault(int sig)
{
    /* Only async-signal-safe calls here. */
    util_write_all(STDOUT_FILENO, fault_restore, fault_restore_len);
    if (fault_termios_saved)
        tcsetattr(STDIN_FILENO, TCSANOW, &fault_termios);
    signal(sig, SIG_DFL);
    raise(sig);
}

static void set_fault_handlers(bool on)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on ? on_fault : SIG_DFL;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof fault_sigs / sizeof fault_sigs[0]; i++)
        sigaction(fault_sigs[i], &sa, NULL);
}

/* Once the screen is up: what endwin would send (attributes off, the cursor shown, mouse
 * reporting off, keypad mode off, the normal screen back), from the terminal's entry. */
static void prepare_fault_restore(bool mouse)
{
    const char *xm = tigetstr("XM");

    fault_restore_len = 0;
    add_fault_restore(tigetstr("sgr0"));
    add_fault_restore(tigetstr("cnorm"));
    if (mouse && xm != NULL && xm != (const char *)-1)
        add_fault_restore(tiparm(xm, 0));
    else if (mouse)
        add_fault_restore("\033[?1000l");
    add_fault_restore(tigetstr("rmkx"));
    add_fault_restore("\033[?2004l");     /* bracketed paste, on while a paste is asked for */
    add_fault_restore(tigetstr("rmcup"));
    set_fault_handlers(true);
}

static void restore_terminal(void)
{
    if (curses_on) {
        curses_on = false;
        ui_paste_restore();
        set_fault_handlers(false);
        endwin();
    }
}

/* A fatal error (out of memory) still keeps the progress and gives the terminal back. */
static void fatal_hook(void)
{
    if (active_ui != NULL)
        ui_board_save(active_ui);
    restore_terminal();
}

static void install_signals(void)
{
    struct sigaction sa;
    /* Every signal whose default is to end the program (Ctrl-C, Ctrl-\, kill, a closed
     * terminal, timers and limits) ends it through the main loop instead: saved and the
     * terminal restored.  SIGXFSZ alone is ignored: a save over the file size limit is then
     * a write error (EFBIG) that the board reports, and the game goes on. */
    static const int sigs[] = { SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGUSR1, SIGUSR2, SIGALRM,
                                SIGVTALRM, SIGPROF, SIGXCPU };

    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    /* No SA_RESTART: the key read returns so the loop sees the signal at once.  Installed
     * before the screen starts, so ncurses keeps ours, SIGTSTP's included. */
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
        sigaction(sigs[i], &sa, NULL);
    sa.sa_handler = on_suspend;
    sigaction(SIGTSTP, &sa, NULL);
    sa.sa_handler = SIG_IGN;
    sigaction(SIGXFSZ, &sa, NULL);
}

/* Ctrl-Z, taken from ncurses so the play clock stops while the program is stopped: the
 * clock is paused, the terminal given back, and the program stopped by the default action
 * of SIGTSTP (which the kernel skips when nobody could continue it: an orphaned process
 * group); after `fg` the screen is drawn again and the main loop restarts the clock. */
static void suspend(struct ui *ui)
{
    struct sigaction dfl, ours;

    pending_suspend = 0;
    bool pasting = ui_paste_asking();

    if (ui->game != NULL)
        game_pause(ui->game);
    ui_paste_restore();     /* the shell gets its terminal as it left it */
    endwin();
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(SIGTSTP, &dfl, &ours);
    raise(SIGTSTP);
    sigaction(SIGTSTP, &ours, NULL);
    clearok(curscr, TRUE);
    refresh();
    if (pasting)
        ui_paste_resume();
}

/* The numeric keypad in application mode (keypad() may turn it on; PuTTY then sends it
 * even with Num Lock on): its digits and point as the characters they show, for entering
 * digits, whatever terminfo names them (xterm's entry: KEY_A1, KEY_B2 ... for the corners
 * and centre, which the player has no use for). */
static void define_keypad_digits(void)
{
    char seq[] = "\033Op";

    for (int d = 0; d <= 9; d++) {
        seq[2] = (char)('p' + d);
        define_key(seq, 0);         /* forgets terminfo's name for it, if any */
        define_key(seq, '0' + d);
    }
    define_key("\033On", 0);
    define_key("\033On", '.');
}

/* The cursor keys, Home, End and F1-F4 in both the forms terminals send, whatever their
 * terminfo entry says: CSI (ESC [, xterm's normal cursor mode, the Linux console, rxvt)
 * and SS3 (ESC O, xterm's application cursor mode, which keypad() may turn on, and F1-F4
 * on most terminals); the VT220 forms of tmux, screen and the Linux console, and rxvt's;
 * and PgUp, PgDn and Delete in the VT220 form every one of them sends (TERM=vt100 knows
 * none of them).  A terminfo entry names one form of each, or none. */
static void define_cursor_keys(void)
{
    static const struct { const char *seq; int key; } keys[] = {
        { "\033[A", KEY_UP }, { "\033OA", KEY_UP }, { "\033[B", KEY_DOWN }, { "\033OB", KEY_DOWN },
        { "\033[C", KEY_RIGHT }, { "\033OC", KEY_RIGHT }, { "\033[D", KEY_LEFT }, { "\033OD", KEY_LEFT },
        { "\033[H", KEY_HOME }, { "\033OH", KEY_HOME }, { "\033[1~", KEY_HOME },
        { "\033[7~", KEY_HOME }, { "\033[F", KEY_END }, { "\033OF", KEY_END },
        { "\033[4~", KEY_END }, { "\033[8~", KEY_END }, { "\033[5~", KEY_PPAGE },
        { "\033[6~", KEY_NPAGE }, { "\033[3~", KEY_DC },
        { "\033OP", KEY_F(1) }, { "\033OQ", KEY_F(2) }, { "\033OR", KEY_F(3) }, { "\033OS", KEY_F(4) },
        { "\033[11~", KEY_F(1) }, { "\033[12~", KEY_F(2) }, { "\033[13~", KEY_F(3) },
        { "\033[14~", KEY_F(4) },
    };

    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (key_defined(keys[i].seq) == 0)
            define_key(keys[i].seq, keys[i].key);
    define_keypad_digits();
    /* A bracketed paste's start and end, as keys of their own (ui_paste.c). */
    define_key("\033[200~", UI_KEY_PASTE_START);
    define_key("\033[201~", UI_KEY_PASTE_END);
}

/* The set asked for, or by default the Linux console's (terminfo linux, linux-16color,
 * ...) by its name: its fonts lack heavy, dashed and diagonal lines. */
static enum ui_glyphs choose_glyphs(const struct ui *ui)
{
    const char *name = termname();

    if (!ui->utf8)
        return UI_GLYPHS_ASCII;
    if (ui->opt.charset == PREFS_CHARSET_UNICODE)
        return UI_GLYPHS_UNICODE;
    if (ui->opt.charset == PREFS_CHARSET_CONSOLE)
        return UI_GLYPHS_CONSOLE;
    if (name != NULL && strncmp(name, "linux", 5) == 0)
        return UI_GLYPHS_CONSOLE;
    return UI_GLYPHS_UNICODE;
}

/* Whether the environment variable name holds a number above limit. */
static bool env_number_above(const char *name, long limit)
{
    const char *value = getenv(name);
    char *end;
    long n;

    if (value == NULL || *value == '\0')
        return false;
    n = strtol(value, &end, 10);     /* past LONG_MAX: LONG_MAX, above any limit */
    return *end == '\0' && n > limit;
}

/* ncurses takes COLUMNS and LINES over the size the terminal reports (use_env).  Larger
 * than the terminal they cannot be its size (a stale export, or a typo), and a huge one
 * (99999999) made newterm fail for want of memory, which was then said as an unknown
 * terminal.  The terminal's own size is taken instead for the one that is too large
 * (unset, it leaves ncurses the terminal's); the other, smaller (a part of the screen
 * asked for), is still honoured: use_env(FALSE) dropped both. */
static void ignore_env_size_past_terminal(void)
{
    struct winsize ws;

    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) != 0 || ws.ws_row == 0 || ws.ws_col == 0)
        return;     /* no size of its own: COLUMNS and LINES are all there is */
    if (env_number_above("LINES", ws.ws_row))
        unsetenv("LINES");
    if (env_number_above("COLUMNS", ws.ws_col))
        unsetenv("COLUMNS");
}

/* Why newterm failed: TERM unset, unknown to terminfo, or (known) the screen could not be
 * made, which must not be said as an unknown terminal. */
static void say_why_no_terminal(void)
{
    const char *term = getenv("TERM");
    int known = 0;

    if (term == NULL || *term == '\0') {
        fprintf(stderr, _("kakudo: TERM is not set, so the player cannot know the terminal "
                          "(set it, e.g. TERM=xterm-256color)\n"));
        return;
    }
    if (setupterm(term, STDOUT_FILENO, &known) == OK)
        del_curterm(cur_term);
    if (known == 1)
        fprintf(stderr, _("kakudo: cannot start the screen on the terminal '%s' (out of "
                          "memory, or COLUMNS and LINES too large?)\n"), term);
    else
        fprintf(stderr, _("kakudo: unknown terminal '%s': terminfo has no description of "
                          "it (try TERM=xterm-256color)\n"), term);
}

static bool start_curses(struct ui *ui)
{
    const char *codeset = nl_langinfo(CODESET);
    SCREEN *screen;
    char *cup;

    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        fprintf(stderr, _("kakudo: the player needs a terminal\n"));
        return false;
    }
    ui->utf8 = ui->opt.charset != PREFS_CHARSET_ASCII && codeset != NULL
               && strcmp(codeset, "UTF-8") == 0;
    install_signals();
    fault_termios_saved = tcgetattr(STDIN_FILENO, &fault_termios) == 0;
    ignore_env_size_past_terminal();
    if ((screen = newterm(NULL, stdout, stdin)) == NULL) {
        say_why_no_terminal();
        return false;
    }
    /* A terminal that cannot put the cursor anywhere (TERM=dumb) would get a scroll of
     * garbage: refused as an unknown one is. */
    cup = tigetstr("cup");
    if (cup == NULL || cup == (char *)-1) {
        endwin();
        delscreen(screen);
        fprintf(stderr, _("kakudo: cannot use the terminal '%s': it cannot move the cursor\n"),
                getenv("TERM") != NULL ? getenv("TERM") : "");
        return false;
    }
    curses_on = true;
    util_set_fatal_hook(fatal_hook);
    ui->glyphs = choose_glyphs(ui);
    /* A short wait for the rest of an escape sequence, unless the user asked for another
     * in ESCDELAY (ncurses' own way, read by newterm), as one on a slow link must. */
    if (getenv("ESCDELAY") == NULL)
        set_escdelay(25);
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    define_cursor_keys();
    curs_set(0);
    ui_colors_init(ui);
    if (ui->opt.mouse) {
        /* ncurses still joins presses that arrive together into double and triple
         * clicks, with mouseinterval 0: those are asked for too. */
        mousemask(UI_BUTTON1_ANY | BUTTON4_PRESSED | UI_BUTTON_WHEEL_DOWN, NULL);
        mouseinterval(0);
    }
    prepare_fault_restore(ui->opt.mouse);
    return true;
}

static void draw(struct ui *ui)
{
    erase();
    if (ui->screen == UI_CONFIRM && ui->back != UI_CONFIRM)
        screens[ui->back].draw(ui);
    screens[ui->screen].draw(ui);
    refresh();
}

static bool board_too_small(const struct ui *ui)
{
    int need_h, need_w;
    struct ui copy;

    if (ui->screen != UI_BOARD || ui->game == NULL)
        return false;
    copy = *ui;
    return !ui_view_layout(&copy, LINES, COLS, &need_h, &need_w);
}

void ui_redraw(struct ui *ui)
{
    draw(ui);
}

/* How long the bytes of one UTF-8 character may straggle: a terminal sends them together. */
#define UTF8_REST_MS 50

/* The UTF-8 character that starts with byte lead, its other bytes read within
 * UTF8_REST_MS; -1 (the bytes dropped) when they do not make one.  A byte that cannot
 * continue it is put back, to be read as a key of its own. */
static long read_utf8_rest(int lead)
{
    static const long least[] = { 0, 0x80, 0x800, 0x10000 };
    int more = lead >= 0xC2 && lead <= 0xDF ? 1 : lead >= 0xE0 && lead <= 0xEF ? 2
               : lead >= 0xF0 && lead <= 0xF4 ? 3 : 0;
    long cp = lead & (0x3F >> more);
    int n = more, delay = wgetdelay(stdscr);

    if (more == 0)
        return -1;
    timeout(UTF8_REST_MS);
    while (n > 0) {
        int c = getch();
        if (c == ERR)
            break;
        if (c < 0x80 || c > 0xBF) {
            ungetch(c);
            break;
        }
        cp = cp << 6 | (c & 0x3F);
        n--;
    }
    timeout(delay);
    if (n > 0 || cp < least[more] || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
        return -1;
    return cp;
}

/* How long the rest of an escape sequence may straggle once its first bytes came. */
#define ESC_REST_MS 30

/* After an ESC: a control sequence curses did not know (ESC [ parameters final, as a
 * terminal sends for a key its terminfo entry lacks: F5, Ctrl+arrow, anything under
 * TERM=vt100; or ESC O and one final byte, an SS3 key such as the keypad's in
 * application mode) is read whole and dropped, true; its bytes read one by one were keys
 * of their own ("ESC [ 1 5 ~": two digits entered).  Anything else is put back, false.
 * The byte after the ESC is not waited for: curses waited ESCDELAY for it before it gave
 * the ESC alone, and a sequence's bytes it read meanwhile wait in its queue; so a lone
 * Esc costs ESCDELAY, no more. */
static bool skip_unknown_sequence(void)
{
    int delay = wgetdelay(stdscr), c;
    bool dropped = false;

    timeout(0);
    c = getch();
    timeout(ESC_REST_MS);
    if (c == '[') {
        do
            c = getch();
        while (c >= 0x20 && c <= 0x3F);     /* parameter and intermediate bytes */
        if (c != ERR && (c < 0x40 || c > 0x7E))
            ungetch(c);                     /* no final byte: a key of its own */
        dropped = true;
    } else if (c == 'O') {
        c = getch();
        dropped = c != ERR && c >= 0x40 && c <= 0x7E;
        if (!dropped && c != ERR)
            ungetch(c);
        if (!dropped)
            ungetch('O');                   /* Alt+O, or Esc then O: keys of their own */
    } else if (c != ERR) {
        ungetch(c);
    }
    timeout(delay);
    return dropped;
}

/*
 * A key sequence split by a slow link: curses gave its ESC alone once ESCDELAY passed,
 * and "[A" or "OA" follows, whose letter would enter a symbol on a 16x16 board.  A '['
 * or 'O' right after a lone Esc is read as that sequence's rest, with the same rule as
 * one that came at once; true when it was one and is dropped.  Nothing is bound to '['.
 */
static bool skip_split_sequence(int c, bool after_lone_esc)
{
    if (!after_lone_esc || (c != '[' && c != 'O'))
        return false;
    ungetch(c);
    if (skip_unknown_sequence())
        return true;
    getch();        /* the 'O' it put back: taken again below as the key it is */
    return false;
}

int ui_get_key(wint_t *key)
{
    static int utf8 = -1;
    static bool after_lone_esc;
    int c = getch();
    long cp;

    if (c == ERR)
        return ERR;     /* a look for more keys: a lone Esc before it stays the last key */
    if (skip_split_sequence(c, after_lone_esc)) {
        after_lone_esc = false;
        return ERR;
    }
    after_lone_esc = c == UI_KEY_ESC;
    if (c == UI_KEY_ESC && skip_unknown_sequence()) {
        after_lone_esc = false;
        return ERR;
    }
    *key = (wint_t)c;
    /* A terminal that changed size may have lost or reflowed what it showed, and when it
     * shrank and grew back before this read, curses sees no change and would send nothing:
     * the next refresh repaints the whole screen. */
    if (c == KEY_RESIZE)
        clearok(curscr, TRUE);
    if (c >= KEY_MIN)
        return KEY_CODE_YES;
    if (utf8 < 0) {
        const char *codeset = nl_langinfo(CODESET);
        utf8 = codeset != NULL && strcmp(codeset, "UTF-8") == 0;
    }
    if (c < 0x80 || !utf8)
        return OK;
    cp = read_utf8_rest(c);
    if (cp < 0)
        return ERR;
    *key = (wint_t)cp;
    return OK;
}

/* Whether a key is Ctrl-L, which repaints the whole screen as in vi, less and most curses
 * programs (what another program wrote over it goes; curses alone knows nothing of it),
 * unless the player's keys give it to an action. */
static bool is_repaint_key(int r, wint_t w)
{
    if (r != OK || w != UI_KEY_CTRL('l'))
        return false;
    for (int s = 0; s < PREFS_NSCOPES; s++)
        if (prefs_scope_key_action(ui_keys_prefs(), (enum prefs_scope)s, (int)w) >= 0)
            return false;
    return true;
}

bool ui_handle_key(struct ui *ui, int wait_ms)
{
    wint_t w;
    int r;

    timeout(wait_ms < 0 ? 250 : wait_ms);
    r = ui_get_key(&w);
    if (pending_suspend)
        suspend(ui);
    if (r == ERR)
        return false;
    if (r == KEY_CODE_YES && w == KEY_RESIZE)
        return true;
    if (is_repaint_key(r, w)) {
        clearok(curscr, TRUE);
        return true;
    }
    /* A board too small to draw takes only its quit key (as bound). */
    if (board_too_small(ui)
        && !(r == OK && ui_keys_command(ui->game->puzzle, (int)w, false) == CMD_QUIT))
        return true;
    screens[ui->screen].key(ui, (int)w, r == KEY_CODE_YES);
    return true;
}

uint64_t ui_search_nodes(const struct ui *ui)
{
    return ui->opt.nodes > 0 ? (uint64_t)ui->opt.nodes : 0;
}

bool ui_stop_requested(const struct ui *ui)
{
    return ui->quit || pending_signal != 0;
}

static void run(struct ui *ui)
{
    while (!ui_stop_requested(ui)) {
        ui_newgame_poll(ui);
        if (ui->opt.watch && ui->screen == UI_BOARD) {
            /* `kakudo watch`: once the board is up (a resume question answered). */
            ui->opt.watch = false;
            ui_watch_start(ui);
            continue;
        }
        ui_board_sync_timer(ui);
        draw(ui);
        /* The timer and the generator's progress need a redraw every so often; otherwise
         * wait for keys. */
        ui_handle_key(ui, ui_newgame_busy(ui) ? 100
                      : ui->screen == UI_BOARD && ui->show_timer ? 250 : 1000);
    }
}

static char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');

    return xstrdup(slash != NULL ? slash + 1 : path);
}

int tui_play(struct puzzle *p, const struct format_style *style, const char *source_name,
             const struct tui_options *opt)
{
    struct ui ui = { .opt = *opt, .show_conflicts = true, .show_timer = !opt->no_timer,
                     .save_lock = -1 };
    int sig;

    if (!start_curses(&ui)) {
        game_free(opt->save);   /* taken, as the board would have taken it */
        return 2;
    }
    active_ui = &ui;
    ui_keys_init(&ui.opt.prefs);
    if (opt->save != NULL) {
        ui_board_resume(&ui, opt->save, opt->save_path);
        ui.opt.save = NULL;
    } else if (p != NULL) {
        char *title = source_name != NULL ? base_name(source_name) : NULL;
        ui_board_open(&ui, p, style, title, opt->marks);
        free(title);
    } else {
        ui_picker_enter(&ui);
    }
    /* A bad config line is said once more where the player sees it (unless the board
     * has something more pressing to say). */
    if (ui.opt.config_errors > 0 && ui.message[0] == '\0')
        ui_message(&ui, "%s%s", ui.opt.config_note,
                   ui.opt.config_errors > 1 ? _(" (and more: kakudo --print-config lists them)") : "");
    run(&ui);
    ui_watch_free(&ui);
    ui_newgame_free(&ui);
    ui_paste_free(&ui);
    ui_board_close(&ui);         /* saves */
    ui_picker_free(&ui);
    free(ui.browse_path);
    free(ui.title);
    active_ui = NULL;
    util_set_fatal_hook(NULL);
    restore_terminal();
    /* A game that could not be saved is never lost in silence: said on the terminal the
     * player gets back, and in the exit status. */
    if (ui.save_error[0] != '\0') {
        if (ui.failed_save_kept)
            fprintf(stderr, _("kakudo: your last moves and time were not saved (the save keeps "
                              "the game as saved before them): %s\n"), ui.save_error);
        else
            fprintf(stderr, _("kakudo: your game was not saved: %s\n"), ui.save_error);
        if (ui.status == 0)
            ui.status = 1;
    }
    sig = pending_signal;
    if (sig != 0) {
        /* Die of the signal as the caller expects, now that all is saved and restored;
         * without a core file, which would hold nothing but this clean exit. */
        struct rlimit no_core = { 0, 0 };
        setrlimit(RLIMIT_CORE, &no_core);
        signal(sig, SIG_DFL);
        raise(sig);
        return 128 + sig;
    }
    return ui.status;
}
