/* ui_screens.c: the small screens: help, the yes/no dialog, and "terminal too small". */
#include "config.h"
#include "ui.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define HELP_LINES_MAX 64
#define HELP_MIN_TEXT 16    /* narrower than this, the words wrap under the keys */

/* The byte where a help line's words start: after its keys and the gap of two or more
 * spaces that follows them; a line of words alone starts where they do; 0 for a heading. */
static int help_text_col(const char *line)
{
    const char *s = line + strspn(line, " "), *gap;

    if (s == line)
        return 0;
    gap = strstr(s, "  ");
    return gap != NULL ? (int)(gap - line + (ptrdiff_t)strspn(gap, " ")) : (int)(s - line);
}

int ui_help_text(const struct ui *ui, const char *const *lines, int n, int from, int y,
                 int rows, int x, int w)
{
    int row = 0;

    for (int i = 0; i < n; i++) {
        bool heading = lines[i][0] != ' ' && lines[i][0] != '\0';
        attr_t attr = heading ? ui_attr(ui, ROLE_TITLE) : A_NORMAL;
        int at = help_text_col(lines[i]), col;
        const char *text;
        struct ui_line parts[32];
        int nparts;
        char keys[UI_KEYS_LINE_MAX];

        /* at is in bytes, col in display columns: keys may be double width (a
         * translation's "화살표"). */
        snprintf(keys, sizeof keys, "%.*s", at, lines[i]);
        col = ui_width(keys);
        if (w - col < HELP_MIN_TEXT)
            at = col = 0;
        text = lines[i] + at;
        nparts = ui_wrap_lines(text, w - col, parts, 32);
        if (nparts > 32)
            nparts = 32;
        if (nparts == 0) {      /* a blank line keeps its row */
            parts[0] = (struct ui_line){ 0, 0 };
            nparts = 1;
        }
        for (int k = 0; k < nparts; k++, row++) {
            if (row < from || row >= from + rows)
                continue;
            if (k == 0 && col > 0)
                ui_print(y + row - from, x, col, lines[i], attr);
            ui_print_line(y + row - from, x + col, w - col, text, parts[k], attr);
        }
    }
    return row;
}

/* The help's footer: how to scroll when the text does not fit, else how to leave. */
static const char *help_footer(bool scrolls)
{
    return scrolls ? _("Up/Down/PgUp/PgDn scroll, Home/End to either end; any other key goes back.")
        : _("Press any key to go back.");
}

/* Rows the footer takes, wrapped to the screen's width: every key it names in view. */
static int help_footer_rows(bool scrolls)
{
    int n = ui_wrap_lines(help_footer(scrolls), COLS - 1, NULL, 0);
    int max = LINES - 3 > 1 ? LINES - 3 : 1;

    return n < 1 ? 1 : n > max ? max : n;
}

/* Rows of help text that fit between the title and the footer, a blank row above it,
 * when the footer says the text scrolls or not. */
static int help_rows_with(bool scrolls)
{
    int rows = LINES - 2 - help_footer_rows(scrolls);

    return rows > 1 ? rows : 1;
}

/* The picker's own keys, first in the help opened from it: how to open, delete and
 * leave there, then the board's keys for the game to come.  Each line's keys are the
 * action's, as bound, then those that always do it (fixed, not translated: key names),
 * or fixed alone. */
static const struct {
    int action;                 /* an enum prefs_action, or -1 */
    const char *fixed, *text;
} picker_help[] = {
    { PREFS_PICKER_OPEN, "Enter", N_("open the puzzle or saved game chosen (a click on the one "
                                     "chosen, or a double click, too)") },
    { PREFS_PICKER_BACK, "Esc Left", N_("back from a file's puzzles to the list") },
    { -1, "Home End", N_("the first or the last") },
    { -1, "PgUp PgDn", N_("ten up or down") },
    { PREFS_PICKER_DELETE, NULL, N_("delete the saved game chosen (asks first)") },
    { PREFS_PICKER_OPEN_FILE, NULL, N_("open a file by name (Tab completes, ~ is home)") },
    { PREFS_PICKER_PASTE, NULL, N_("paste a puzzle, in any format kakudo reads") },
    { PREFS_PICKER_NEWGAME, NULL, N_("new game: kind, size and level") },
    { PREFS_PICKER_HELP, NULL, N_("this help") },
    { PREFS_PICKER_QUIT, NULL, N_("quit") },
};

/* The picker's help lines, into lines; their count. */
static int picker_help_lines(char lines[][UI_KEYS_LINE_MAX], int max)
{
    char up[64], down[64], keys[160];
    int n = 0;

    ui_keys_help_add(lines, &n, max, NULL, _("In the picker"));
    ui_bind_keys(PREFS_PICKER_UP, NULL, up, sizeof up);
    ui_bind_keys(PREFS_PICKER_DOWN, NULL, down, sizeof down);
    snprintf(keys, sizeof keys, "%s%s%s%s%s", _("arrows"), up[0] || down[0] ? ", " : "", down,
             up[0] && down[0] ? " " : "", up);
    ui_trim_utf8(keys);
    ui_keys_help_add(lines, &n, max, keys, _("choose (the mouse wheel too)"));
    for (size_t i = 0; i < sizeof picker_help / sizeof picker_help[0]; i++) {
        if (picker_help[i].action >= 0)
            ui_bind_keys((enum prefs_action)picker_help[i].action, picker_help[i].fixed, keys,
                         sizeof keys);
        else
            snprintf(keys, sizeof keys, "%s", picker_help[i].fixed);
        if (keys[0] != '\0')
            ui_keys_help_add(lines, &n, max, keys, _(picker_help[i].text));
    }
    ui_keys_help_add(lines, &n, max, NULL, "");
    ui_keys_help_add(lines, &n, max, NULL, _("On the board"));
    return n;
}

/* The help's lines: the solver's keys when it is opened while watching; else the
 * picker's keys when it is opened from there, then the keys of the board (ui_keys.c);
 * into buf; their count. */
static int help_lines(const struct ui *ui, char buf[][UI_KEYS_LINE_MAX], const char **lines)
{
    int n = 0;

    if (ui->back == UI_WATCH) {
        n = ui_watch_help(ui, buf, HELP_LINES_MAX);
    } else {
        n = ui->back == UI_PICKER ? picker_help_lines(buf, HELP_LINES_MAX) : 0;
        n += ui_keys_help(ui, buf + n, HELP_LINES_MAX - n);
    }
    for (int i = 0; i < n; i++)
        lines[i] = buf[i];
    return n;
}

/* Draws the help's rows from row from on (rows 0: none); the count of them all, at the
 * screen's width, its long lines wrapped. */
static int help_show(const struct ui *ui, int from, int rows)
{
    char buf[HELP_LINES_MAX][UI_KEYS_LINE_MAX];
    const char *lines[HELP_LINES_MAX];
    int n = help_lines(ui, buf, lines);

    return ui_help_text(ui, lines, n, from, 1, rows, 1, COLS - 1);
}

static int help_total_rows(const struct ui *ui)
{
    return help_show(ui, 0, 0);
}

/* Whether the help is longer than the screen shows. */
static bool help_scrolls(const struct ui *ui)
{
    return help_total_rows(ui) > help_rows_with(false);
}

/* Rows of help text on this screen. */
static int help_rows(const struct ui *ui)
{
    return help_rows_with(help_scrolls(ui));
}

void ui_help_open(struct ui *ui)
{
    ui->back = ui->screen;
    ui->screen = UI_HELP;
    ui->help_top = 0;
}

void ui_help_draw(struct ui *ui)
{
    bool scrolls = help_scrolls(ui);
    int rows = help_rows_with(scrolls), total = help_total_rows(ui);
    int footer = help_footer_rows(scrolls);

    if (ui->help_top > total - rows)
        ui->help_top = total - rows > 0 ? total - rows : 0;
    ui_print(0, 1, COLS - 1, ui->back == UI_WATCH ? _("kakudo - watching the solver")
             : _("kakudo - keys"), ui_attr(ui, ROLE_TITLE));
    help_show(ui, ui->help_top, rows);
    ui_print_wrapped(LINES - footer, 1, COLS - 1, footer, help_footer(scrolls), ui_attr(ui, ROLE_DIM));
}

/* Scrolls by delta rows; false when the help fits and there is nothing to scroll. */
static bool help_scroll(struct ui *ui, int delta)
{
    int last = help_total_rows(ui) - help_rows(ui);

    if (last <= 0)
        return false;
    ui->help_top += delta;
    if (ui->help_top > last)
        ui->help_top = last;
    if (ui->help_top < 0)
        ui->help_top = 0;
    return true;
}

/* -1 or 1 when key moves up or down a line where the help was opened (the picker's
 * picker.up and picker.down, the board's up and down), else 0. */
static int help_line_key(const struct ui *ui, int key, bool is_code)
{
    int a;

    if (ui->back == UI_PICKER) {
        a = ui_bind_action(PREFS_SCOPE_PICKER, key, is_code);
        return a == PREFS_PICKER_UP ? -1 : a == PREFS_PICKER_DOWN ? 1 : 0;
    }
    a = is_code ? -1 : prefs_key_action(ui_keys_prefs(), key);
    return a == PREFS_UP ? -1 : a == PREFS_DOWN ? 1 : 0;
}

/* How many rows a key scrolls the help by (Home and End: the whole text, to either end;
 * less and vim users reach for them), 0 for a key that does not scroll. */
static int help_scroll_delta(const struct ui *ui, int key, bool is_code)
{
    int page = help_rows(ui) - 1 > 1 ? help_rows(ui) - 1 : 1;

    if (is_code) {
        switch (key) {
        case KEY_UP: return -1;
        case KEY_DOWN: return 1;
        case KEY_PPAGE: return -page;
        case KEY_NPAGE: return page;
        case KEY_HOME: return -help_total_rows(ui);
        case KEY_END: return help_total_rows(ui);
        default: break;
        }
    }
    return help_line_key(ui, key, is_code);
}

void ui_help_key(struct ui *ui, int key, bool is_code)
{
    int delta;

    if (is_code && key == KEY_RESIZE)
        return;
    if (is_code && key == KEY_MOUSE) {
        /* The wheel scrolls; a click does not leave (nor does a stray mouse event). */
        MEVENT ev;
        if (getmouse(&ev) == OK && (ev.bstate & (BUTTON4_PRESSED | UI_BUTTON_WHEEL_DOWN)))
            help_scroll(ui, ev.bstate & BUTTON4_PRESSED ? -3 : 3);
        return;
    }
    delta = help_scroll_delta(ui, key, is_code);
    if (delta == 0 || !help_scroll(ui, delta))
        ui->screen = ui->back;
}

void ui_choose(struct ui *ui, const char *question, const struct ui_choice *choices, int n)
{
    snprintf(ui->question, sizeof ui->question, "%s", question);
    ui->nchoices = n < UI_MAX_CHOICES ? n : UI_MAX_CHOICES;
    memcpy(ui->choices, choices, (size_t)ui->nchoices * sizeof *choices);
    ui->back = ui->screen;
    ui->screen = UI_CONFIRM;
}

void ui_confirm(struct ui *ui, const char *question, void (*on_yes)(struct ui *),
                void (*on_no)(struct ui *))
{
    /* "no" first: Enter takes the first answer, and a stray Enter must not say yes. */
    const struct ui_choice yes_no[] = {
        { PREFS_DIALOG_NO, N_("no"), on_no },
        { PREFS_DIALOG_YES, N_("yes"), on_yes },
    };

    ui_choose(ui, question, yes_no, 2);
}

/* One answer as the footer shows it, by its first key as bound: "s: start over" (labels
 * are marked with N_ where they are defined, translated here); the cancelling answer by
 * Esc, which always gives it. */
static void choice_text(const struct ui_choice *c, char *buf, size_t size)
{
    char key[PREFS_KEY_NAME_MAX];

    if (c->answer == PREFS_DIALOG_CANCEL)
        snprintf(key, sizeof key, "Esc");
    else
        ui_bind_key(c->answer, NULL, key, sizeof key);
    snprintf(buf, size, "%s: %s", key, _(c->label));
    ui_trim_utf8(buf);
}

/* Lays the answers out from row y in w columns, each one whole, as many to a row as fit
 * ("r: resume   s: start over   Esc: back"), drawing them when draw is set; returns the
 * rows used. */
static int layout_answers(const struct ui *ui, int y, int x, int w, attr_t attr, bool draw)
{
    int rows = 1, col = 0;

    for (int i = 0; i < ui->nchoices; i++) {
        char text[128];
        int width;

        choice_text(&ui->choices[i], text, sizeof text);
        width = ui_width(text);
        if (col > 0 && col + 3 + width > w) {
            rows++;
            col = 0;
        } else if (col > 0) {
            col += 3;
        }
        if (draw)
            ui_print(y + rows - 1, x + col, w - col, text, attr);
        col += width;
    }
    return rows;
}

/* The box as tall as the whole question wrapped needs (by display width), else, where the
 * screen cannot hold that, the question alone on the screen and the answers at the bottom:
 * the answers always show, the question as much of it as fits above them. */
void ui_confirm_draw(struct ui *ui)
{
    int w = COLS - 4 < 60 ? COLS - 4 : 60;
    int qrows = ui_wrap_lines(ui->question, w - 4, NULL, 0);
    int arows = layout_answers(ui, 0, 0, w - 4, A_NORMAL, false);
    int h = qrows + arows + 3, y0 = (LINES - h) / 2, x0 = (COLS - w) / 2;

    if (w < 10 || LINES < h) {
        arows = layout_answers(ui, 0, 0, COLS, A_NORMAL, false);
        erase();
        ui_print_wrapped(0, 0, COLS, LINES - arows > 1 ? LINES - arows : 1, ui->question,
                         ui_attr(ui, ROLE_MESSAGE));
        layout_answers(ui, LINES - arows > 1 ? LINES - arows : 1, 0, COLS, A_NORMAL, true);
        return;
    }
    ui_dialog_box(ui, ui->back == UI_BOARD, y0, x0, h, w, ui_attr(ui, ROLE_SELECTED));
    ui_print_wrapped(y0 + 1, x0 + 2, w - 4, qrows, ui->question, ui_attr(ui, ROLE_SELECTED) | A_BOLD);
    layout_answers(ui, y0 + qrows + 2, x0 + 2, w - 4, ui_attr(ui, ROLE_SELECTED), true);
}

/* The answer a key picks, or -1: one of its own keys, Enter the first answer (by
 * convention the safe one), Esc and dialog.cancel's keys the cancelling one (else the
 * first). */
static int choice_for_key(const struct ui *ui, int key)
{
    int a;

    if (ui->nchoices == 0)
        return -1;
    if (key == '\r' || key == '\n')
        return 0;
    a = key == UI_KEY_ESC ? PREFS_DIALOG_CANCEL : ui_bind_action(PREFS_SCOPE_DIALOG, key, false);
    if (a < 0)
        return -1;
    for (int i = 0; i < ui->nchoices; i++)
        if ((int)ui->choices[i].answer == a)
            return i;
    return a == PREFS_DIALOG_CANCEL ? 0 : -1;
}

void ui_confirm_key(struct ui *ui, int key, bool is_code)
{
    void (*action)(struct ui *);
    int i;

    if (is_code)
        return;
    i = choice_for_key(ui, key);
    if (i < 0)
        return;
    action = ui->choices[i].action;
    ui->screen = ui->back;
    if (action != NULL)
        action(ui);
}

void ui_too_small_draw(int need_h, int need_w)
{
    char buf[128];

    snprintf(buf, sizeof buf, _("Terminal too small: need %dx%d, have %dx%d"), need_w, need_h, COLS,
             LINES);
    erase();
    ui_print_wrapped(0, 0, COLS, LINES, buf, A_BOLD);
}
