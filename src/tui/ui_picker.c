/* ui_picker.c: the picker: bundled puzzles, recent games with progress, and "open file". */
#include "config.h"
#include "ui.h"

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "bundled.h"
#include "util.h"

static void add_item(struct ui *ui, size_t *cap, struct picker_item item)
{
    ui->items = xgrow(ui->items, cap, (size_t)ui->nitems + 1, sizeof *ui->items);
    ui->items[ui->nitems++] = item;
}

static int progress_percent(const struct game *g)
{
    const struct puzzle *p = g->puzzle;
    int open = 0, filled = 0;

    for (int c = 0; c < p->ncells; c++) {
        if (p->block[c] || p->given[c])
            continue;
        open++;
        filled += g->grid[c] != 0;
    }
    return open ? filled * 100 / open : 100;
}

/* Recent games are the save files in the state directory, each loaded for its progress. */
static void add_recent(struct ui *ui, size_t *cap)
{
    char *dir = game_state_dir();
    DIR *d;
    struct dirent *e;

    if (dir == NULL)
        return;
    d = opendir(dir);
    while (d != NULL && (e = readdir(d)) != NULL) {
        size_t n = strlen(e->d_name);
        char *path, err[256];
        struct game *g;

        if (n < 6 || strcmp(e->d_name + n - 5, ".save") != 0)
            continue;
        path = xasprintf("%s/%s", dir, e->d_name);
        g = game_load(path, err, sizeof err);
        if (g == NULL) {
            free(path);
            continue;
        }
        add_item(ui, cap, (struct picker_item){
            .kind = ITEM_RECENT, .path = path,
            .label = xasprintf("%s %dx%d  %s", g->puzzle->name != NULL ? g->puzzle->name
                               : g->puzzle->ops->name, g->puzzle->width, g->puzzle->height,
                               g->completed ? "solved" : "")});
        if (!g->completed) {
            char *l = xasprintf("%s%d%% done", ui->items[ui->nitems - 1].label, progress_percent(g));
            free(ui->items[ui->nitems - 1].label);
            ui->items[ui->nitems - 1].label = l;
        }
        game_free(g);
    }
    if (d != NULL)
        closedir(d);
    free(dir);
}

void ui_picker_free(struct ui *ui)
{
    for (int i = 0; i < ui->nitems; i++) {
        free(ui->items[i].path);
        free(ui->items[i].label);
    }
    free(ui->items);
    ui->items = NULL;
    ui->nitems = 0;
}

void ui_picker_enter(struct ui *ui)
{
    size_t cap = 0;

    ui_picker_free(ui);
    for (int i = 0; i < bundled_count; i++)
        add_item(ui, &cap, (struct picker_item){
            .kind = ITEM_BUNDLED, .index = i,
            .label = xasprintf("%-22s %s", bundled_puzzles[i].name, bundled_puzzles[i].level)});
    add_recent(ui, &cap);
    add_item(ui, &cap, (struct picker_item){
        .kind = ITEM_NEW, .label = xstrdup("New game: Sudoku or Kakuro, any size and level (n)") });
    add_item(ui, &cap, (struct picker_item){ .kind = ITEM_OPEN, .label = xstrdup("Open a file...") });
    if (ui->sel >= ui->nitems)
        ui->sel = ui->nitems - 1;
    ui->screen = UI_PICKER;
}

static const char *section_of(const struct picker_item *it)
{
    switch (it->kind) {
    case ITEM_BUNDLED: return "Puzzles";
    case ITEM_RECENT: return "Recent games";
    default: return "New game or file";
    }
}

void ui_picker_draw(struct ui *ui)
{
    int y = 2, rows = LINES - 4;
    int first;

    ui_print(0, 1, COLS - 1, "kakudo - choose a puzzle", ui_attr(ui, ROLE_TITLE));
    if (rows < 1)
        rows = 1;
    /* Keep the selection in view; section headings take a line each. */
    if (ui->sel < ui->top)
        ui->top = ui->sel;
    if (ui->sel >= ui->top + rows / 2 + rows / 4)
        ui->top = ui->sel - rows / 2 - rows / 4 + 1;
    if (ui->top < 0)
        ui->top = 0;
    first = ui->top;
    for (int i = first; i < ui->nitems && y < LINES - 2; i++) {
        if (i == first || strcmp(section_of(&ui->items[i]), section_of(&ui->items[i - 1])) != 0) {
            if (i != first)
                y++;
            if (y >= LINES - 2)
                break;
            ui_print(y++, 1, COLS - 1, section_of(&ui->items[i]), ui_attr(ui, ROLE_TITLE));
            if (y >= LINES - 2)
                break;
        }
        ui_print(y, 3, COLS - 3, ui->items[i].label,
                 i == ui->sel ? ui_attr(ui, ROLE_SELECTED) : A_NORMAL);
        y++;
    }
    ui_print(LINES - 2, 1, COLS - 1, "Up/Down choose  Enter open  n new game  ? help  q quit", ui_attr(ui, ROLE_DIM));
    ui_print_wrapped(LINES - 1, 0, COLS, 1, ui->message, ui_attr(ui, ROLE_MESSAGE));
}

static void open_bundled(struct ui *ui, const struct bundled_puzzle *b)
{
    FILE *f = fmemopen((void *)(uintptr_t)b->text, strlen(b->text), "r");
    struct reader *r;
    struct puzzle *p = NULL;
    struct format_style style = { .id = FORMAT_AUTO };
    struct format_error err;
    char title[128];

    if (f == NULL) {
        ui_message(ui, "Cannot open the bundled puzzle.");
        return;
    }
    r = reader_open(f, b->name, FORMAT_AUTO);
    if (reader_next(r, &p, &style, &err) != 1) {
        ui_message(ui, "The bundled puzzle %s does not load.", b->name);
        reader_close(r);
        fclose(f);
        return;
    }
    reader_close(r);
    fclose(f);
    snprintf(title, sizeof title, "%s (%s)", b->name, b->level);
    puzzle_set_name(p, title);
    ui->from_picker = true;
    ui_board_open(ui, p, &style, title);
    puzzle_free(p);
}

static void picker_open(struct ui *ui)
{
    const struct picker_item *it;

    if (ui->nitems == 0)
        return;
    it = &ui->items[ui->sel];
    ui->message[0] = '\0';
    switch (it->kind) {
    case ITEM_BUNDLED:
        open_bundled(ui, &bundled_puzzles[it->index]);
        break;
    case ITEM_RECENT:
        ui->from_picker = true;
        if (!ui_board_open_save(ui, it->path))
            ui_picker_enter(ui);
        break;
    case ITEM_NEW:
        ui_newgame_open(ui);
        break;
    case ITEM_OPEN:
        ui->input_len = 0;
        ui->input[0] = '\0';
        ui->screen = UI_INPUT;
        break;
    }
}

void ui_picker_key(struct ui *ui, int key, bool is_code)
{
    if (is_code) {
        switch (key) {
        case KEY_UP: ui->sel--; break;
        case KEY_DOWN: ui->sel++; break;
        case KEY_PPAGE: ui->sel -= 10; break;
        case KEY_NPAGE: ui->sel += 10; break;
        case KEY_HOME: ui->sel = 0; break;
        case KEY_END: ui->sel = ui->nitems - 1; break;
        case KEY_ENTER: picker_open(ui); return;
        default: return;
        }
    } else {
        switch (key) {
        case 'k': ui->sel--; break;
        case 'j': ui->sel++; break;
        case '\r': case '\n': case 'l': picker_open(ui); return;
        case 'o': ui->sel = ui->nitems - 1; picker_open(ui); return;
        case 'n': ui_newgame_open(ui); return;
        case 'q': ui->quit = true; return;
        case '?': ui->back = UI_PICKER; ui->screen = UI_HELP; return;
        default: return;
        }
    }
    if (ui->sel >= ui->nitems)
        ui->sel = ui->nitems - 1;
    if (ui->sel < 0)
        ui->sel = 0;
}

/* --- The "open file" line --- */

void ui_input_draw(struct ui *ui)
{
    int w = ui_width(ui->input);
    int x = 8 + w < COLS ? 0 : COLS - 9 - w;     /* keep the end of a long path in view */

    ui_picker_draw(ui);
    ui_print(LINES - 2, 0, COLS, "File (FILE or FILE:N, Enter opens, Esc cancels):",
             ui_attr(ui, ROLE_TITLE));
    move(LINES - 1, 0);
    clrtoeol();
    ui_print(LINES - 1, 0, COLS, "> ", A_BOLD);
    if (x >= 0) {
        ui_print(LINES - 1, 2, COLS - 3, ui->input, A_NORMAL);
        ui_print(LINES - 1, 2 + w, 1, "_", A_REVERSE);
    } else {
        ui_print(LINES - 1, 2, COLS - 3, ui->input + (ui->input_len > (size_t)(COLS - 4)
                 ? ui->input_len - (size_t)(COLS - 4) : 0), A_NORMAL);
    }
}

static void input_open(struct ui *ui)
{
    struct format_style style = { .id = FORMAT_AUTO };
    struct format_error err;
    struct puzzle *p;
    char msg[600];

    ui->screen = UI_PICKER;
    if (ui->input_len == 0)
        return;
    p = format_load(ui->input, FORMAT_AUTO, &style, &err);
    if (p == NULL) {
        format_error_string(&err, msg, sizeof msg);
        ui_message(ui, "%s", msg);
        return;
    }
    ui->from_picker = true;
    ui_board_open(ui, p, &style, ui->input);
    puzzle_free(p);
}

void ui_input_key(struct ui *ui, int key, bool is_code)
{
    if (is_code) {
        if (key == KEY_BACKSPACE)
            goto backspace;
        if (key == KEY_ENTER)
            input_open(ui);
        return;
    }
    if (key == UI_KEY_ESC) {
        ui->screen = UI_PICKER;
        return;
    }
    if (key == '\r' || key == '\n') {
        input_open(ui);
        return;
    }
    if (key == 127 || key == 8)
        goto backspace;
    if (key == UI_KEY_CTRL('u')) {
        ui->input_len = 0;
        ui->input[0] = '\0';
        return;
    }
    if (key >= ' ') {
        char mb[MB_LEN_MAX];
        mbstate_t st;
        size_t n;

        memset(&st, 0, sizeof st);
        n = wcrtomb(mb, (wchar_t)key, &st);
        if (n == (size_t)-1 || ui->input_len + n >= sizeof ui->input)
            return;
        memcpy(ui->input + ui->input_len, mb, n);
        ui->input_len += n;
        ui->input[ui->input_len] = '\0';
    }
    return;
backspace:
    /* Remove one whole UTF-8 character. */
    while (ui->input_len > 0) {
        unsigned char c = (unsigned char)ui->input[--ui->input_len];
        if ((c & 0xC0) != 0x80)
            break;
    }
    ui->input[ui->input_len] = '\0';
}
