/* ui_paste.c: "Paste a puzzle" in the picker: a puzzle pasted with bracketed paste, in any format kakudo reads, opened on the board. */
#include "config.h"
#include "ui.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <unistr.h>

#include "format.h"
#include "util.h"

#define PASTE_MAX (4u << 20)    /* a paste longer than this is no puzzle worth reading */

struct ui_paste {
    char *buf;
    size_t len, cap;
    bool inside;                /* between ESC [200~ and ESC [201~ */
    bool too_long;
};

static bool bracketed_on;

/* Bracketed paste (the terminal wraps a paste in ESC [200~ ... ESC [201~) only while
 * asking for one: elsewhere a paste is typed keys, as it always was. */
static void set_bracketed(bool on)
{
    const char *seq = on ? "\033[?2004h" : "\033[?2004l";

    if (on == bracketed_on)
        return;
    bracketed_on = on;
    fflush(stdout);
    util_write_all(STDOUT_FILENO, seq, strlen(seq));
}

void ui_paste_restore(void)
{
    set_bracketed(false);
}

bool ui_paste_asking(void)
{
    return bracketed_on;
}

void ui_paste_resume(void)
{
    bracketed_on = false;
    set_bracketed(true);
}

static void paste_close(struct ui *ui)
{
    set_bracketed(false);
    if (ui->paste != NULL) {
        free(ui->paste->buf);
        free(ui->paste);
        ui->paste = NULL;
    }
    if (ui->screen == UI_PASTE)
        ui->screen = UI_PICKER;
}

void ui_paste_open(struct ui *ui)
{
    ui->paste = xcalloc(1, sizeof *ui->paste);
    ui->message[0] = '\0';
    ui->screen = UI_PASTE;
    set_bracketed(true);
}

void ui_paste_free(struct ui *ui)
{
    paste_close(ui);
}

void ui_paste_draw(struct ui *ui)
{
    char line[200];
    const char *prompt = _("Paste a puzzle now, in any format kakudo reads (Esc cancels):");
    int rows = ui_wrap_lines(prompt, COLS, NULL, 0);

    /* The prompt wraps, so "Esc cancels" stays in view on a narrow screen. */
    rows = rows < 1 ? 1 : rows > UI_PROMPT_ROWS_MAX ? UI_PROMPT_ROWS_MAX : rows;
    ui_picker_draw_above(ui, rows + 1);
    ui_print_wrapped_above(LINES - 2, 0, COLS, rows, prompt, ui_attr(ui, ROLE_TITLE));
    move(LINES - 1, 0);
    clrtoeol();
    if (ui->paste != NULL && ui->paste->inside) {
        snprintf(line, sizeof line, _("Reading the paste: %zu bytes..."), ui->paste->len);
        ui_print(LINES - 1, 0, COLS, line, ui_attr(ui, ROLE_MESSAGE));
    } else if (ui->message[0] != '\0') {
        ui_draw_message(ui);
    }
}

/* Adds one character of the paste (a terminal sends its line ends as CR). */
static void paste_add(struct ui_paste *ps, wint_t c)
{
    uint8_t u[8];
    int n;

    if (c == '\r')
        c = '\n';
    n = u8_uctomb(u, (ucs4_t)c, (int)sizeof u);
    if (n <= 0)
        return;
    if (ps->len + (size_t)n + 1 > PASTE_MAX) {
        ps->too_long = true;
        return;
    }
    ps->buf = xgrow(ps->buf, &ps->cap, ps->len + (size_t)n + 1, 1);
    memcpy(ps->buf + ps->len, u, (size_t)n);
    ps->len += (size_t)n;
    ps->buf[ps->len] = '\0';
}

/* The paste is whole: its first puzzle opens on the board, or the picker says why not. */
static void paste_done(struct ui *ui)
{
    struct ui_paste *ps = ui->paste;
    struct format_style style = { .id = FORMAT_AUTO };
    struct format_error err;
    struct puzzle *p = NULL, *more = NULL;
    digitset *marks = NULL;     /* a pasted pencil-mark grid's */
    struct reader *r;
    FILE *f;
    int rc;

    set_bracketed(false);
    ps->inside = false;
    if (ps->too_long) {
        paste_close(ui);
        ui_message(ui, "The paste is too long for a puzzle (over %u MB).", PASTE_MAX >> 20);
        return;
    }
    if (ps->len == 0 || ps->buf[strspn(ps->buf, " \t\n")] == '\0') {
        paste_close(ui);
        ui_message(ui, "The paste was empty.");
        return;
    }
    f = fmemopen(ps->buf, ps->len, "r");
    if (f == NULL)
        fatal("out of memory");
    r = reader_open(f, _("the paste"), FORMAT_AUTO);
    rc = reader_next(r, &p, &style, &err);
    if (rc > 0 && reader_marks(r) != NULL) {
        marks = xmalloc((size_t)p->ncells * sizeof *marks);
        memcpy(marks, reader_marks(r), (size_t)p->ncells * sizeof *marks);
    }
    if (rc > 0 && reader_next(r, &more, &(struct format_style){ 0 }, &(struct format_error){ 0 }) > 0)
        puzzle_free(more);
    else
        more = NULL;
    reader_close(r);
    fclose(f);
    paste_close(ui);
    if (rc < 0) {
        /* The reader's own words, "the paste:1: not a puzzle: expected ...", name the
         * paste: said once, they fit the message's rows at 80 columns. */
        char msg[600];
        format_error_string(&err, msg, sizeof msg);
        ui_message(ui, "%s", msg);
        return;
    }
    if (rc == 0) {
        ui_message(ui, "The paste holds no puzzle.");
        return;
    }
    ui->from_picker = true;
    ui_board_open(ui, p, &style, _("Pasted puzzle"), marks);
    free(marks);
    if (more != NULL && ui->message[0] == '\0')
        ui_message(ui, "The paste holds more than one puzzle: this is the first.");
    puzzle_free(p);
}

/* Takes the rest of a paste as it comes, without a redraw per character. */
static void paste_drain(struct ui *ui)
{
    int delay = wgetdelay(stdscr);
    wint_t w;
    int r;

    timeout(0);
    while (ui->paste != NULL && ui->paste->inside && (r = ui_get_key(&w)) != ERR) {
        if (r == KEY_CODE_YES && (int)w == UI_KEY_PASTE_END) {
            timeout(delay);
            paste_done(ui);
            return;
        }
        if (r == OK)
            paste_add(ui->paste, w);
    }
    timeout(delay);
}

void ui_paste_key(struct ui *ui, int key, bool is_code)
{
    struct ui_paste *ps = ui->paste;

    if (ps == NULL) {
        ui->screen = UI_PICKER;
        return;
    }
    if (is_code && key == UI_KEY_PASTE_START) {
        ps->inside = true;
        ps->len = 0;
        ps->too_long = false;
        paste_drain(ui);
        return;
    }
    if (is_code && key == UI_KEY_PASTE_END) {
        paste_done(ui);
        return;
    }
    if (ps->inside) {
        if (!is_code)
            paste_add(ps, (wint_t)key);
        paste_drain(ui);
        return;
    }
    if ((!is_code && key == UI_KEY_ESC)
        || ui_bind_action(PREFS_SCOPE_DIALOG, key, is_code) == PREFS_DIALOG_CANCEL) {
        paste_close(ui);
        return;
    }
    if (is_code && key == KEY_RESIZE)
        return;
    ui_message(ui, "Waiting for a paste (a terminal without bracketed paste cannot send one "
               "here: save the puzzle to a file and open it).");
}
