/* tui.c: the player's entry point: terminal set-up and restore, signals, the screen switch. */
#include "config.h"
#include "tui.h"

#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ui.h"
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
};

static volatile sig_atomic_t pending_signal;
static struct ui *active_ui;     /* for the fatal-error hook */
static bool curses_on;

static void on_signal(int sig)
{
    pending_signal = sig;
}

static void restore_terminal(void)
{
    if (curses_on) {
        curses_on = false;
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
    static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };

    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    /* No SA_RESTART: the key read returns so the loop sees the signal at once.  Installed
     * before the screen starts, so ncurses keeps ours (and handles SIGTSTP itself). */
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
        sigaction(sigs[i], &sa, NULL);
}

static bool start_curses(struct ui *ui)
{
    const char *codeset = nl_langinfo(CODESET);
    SCREEN *screen;
    char *cup;

    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        fprintf(stderr, "kakudo: the player needs a terminal\n");
        return false;
    }
    ui->utf8 = !ui->opt.ascii && codeset != NULL && strcmp(codeset, "UTF-8") == 0;
    install_signals();
    if ((screen = newterm(NULL, stdout, stdin)) == NULL) {
        fprintf(stderr, "kakudo: cannot use the terminal '%s'\n",
                getenv("TERM") != NULL ? getenv("TERM") : "");
        return false;
    }
    /* A terminal that cannot put the cursor anywhere (TERM=dumb) would get a scroll of
     * garbage: refused as an unknown one is. */
    cup = tigetstr("cup");
    if (cup == NULL || cup == (char *)-1) {
        endwin();
        delscreen(screen);
        fprintf(stderr, "kakudo: cannot use the terminal '%s': it cannot move the cursor\n",
                getenv("TERM") != NULL ? getenv("TERM") : "");
        return false;
    }
    curses_on = true;
    util_set_fatal_hook(fatal_hook);
    set_escdelay(25);
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    curs_set(0);
    ui_colors_init(ui);
    if (ui->opt.mouse) {
        mousemask(BUTTON1_PRESSED | BUTTON1_CLICKED, NULL);
        mouseinterval(0);
    }
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

bool ui_handle_key(struct ui *ui, int wait_ms)
{
    wint_t w;
    int r;

    timeout(wait_ms < 0 ? 250 : wait_ms);
    r = get_wch(&w);
    if (r == ERR)
        return false;
    if (r == KEY_CODE_YES && w == KEY_RESIZE)
        return true;
    if (board_too_small(ui) && !(r == OK && w == 'q'))
        return true;
    screens[ui->screen].key(ui, (int)w, r == KEY_CODE_YES);
    return true;
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
    struct ui ui = { .opt = *opt, .show_conflicts = true, .show_timer = !opt->no_timer };
    int sig;

    if (!start_curses(&ui))
        return 2;
    active_ui = &ui;
    if (p != NULL) {
        char *title = source_name != NULL ? base_name(source_name) : NULL;
        ui_board_open(&ui, p, style, title);
        free(title);
    } else {
        ui_picker_enter(&ui);
    }
    run(&ui);
    ui_watch_free(&ui);
    ui_newgame_free(&ui);
    ui_board_close(&ui);         /* saves */
    ui_picker_free(&ui);
    free(ui.browse_path);
    free(ui.title);
    active_ui = NULL;
    util_set_fatal_hook(NULL);
    restore_terminal();
    sig = pending_signal;
    if (sig != 0) {
        /* Die of the signal as the caller expects, now that all is saved and restored. */
        signal(sig, SIG_DFL);
        raise(sig);
        return 128 + sig;
    }
    return ui.status;
}
