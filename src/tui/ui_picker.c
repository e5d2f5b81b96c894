/* ui_picker.c: the picker: bundled puzzles, recent games with progress, and "open file". */
#include "config.h"
#include "ui.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <wchar.h>

#include "bundled.h"
#include "util.h"

#define PICKER_RECENT_MAX 20    /* recent games listed */
#define PICKER_FILE_MAX 10000   /* puzzles of a browsed file listed */

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

/* A save file and when it was last written. */
struct recent_save {
    char *path;
    time_t mtime;
};

static int newest_first(const void *a, const void *b)
{
    const struct recent_save *x = a, *y = b;

    return (x->mtime < y->mtime) - (x->mtime > y->mtime);
}

/* The save files of the state directory, newest first; their count. */
static size_t list_saves(struct recent_save **out)
{
    char *dir = game_state_dir();
    struct recent_save *saves = NULL;
    size_t n = 0, cap = 0;
    DIR *d;
    struct dirent *e;

    *out = NULL;
    if (dir == NULL)
        return 0;
    d = opendir(dir);
    while (d != NULL && (e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        struct stat st;
        char *path;

        if (len < 6 || strcmp(e->d_name + len - 5, ".save") != 0)
            continue;
        path = xasprintf("%s/%s", dir, e->d_name);
        if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
            free(path);
            continue;
        }
        saves = xgrow(saves, &cap, n + 1, sizeof *saves);
        saves[n++] = (struct recent_save){ .path = path, .mtime = st.st_mtime };
    }
    if (d != NULL)
        closedir(d);
    free(dir);
    if (n > 1)      /* qsort wants a real array, even of nothing */
        qsort(saves, n, sizeof *saves, newest_first);
    *out = saves;
    return n;
}

static char *recent_label(const struct game *g)
{
    const struct puzzle *p = g->puzzle;
    const char *name = p->name != NULL ? p->name : p->ops->name;

    if (g->solved)
        return xasprintf("%s %dx%d  solved", name, p->width, p->height);
    return xasprintf("%s %dx%d  %d%% done", name, p->width, p->height, progress_percent(g));
}

/* Recent games: the newest save files, each loaded for its progress (the list is capped,
 * since every one is replayed to be shown). */
static void add_recent(struct ui *ui, size_t *cap)
{
    struct recent_save *saves;
    size_t n = list_saves(&saves);
    int shown = 0;

    for (size_t i = 0; i < n; i++) {
        char err[256];
        struct game *g = shown < PICKER_RECENT_MAX ? game_load(saves[i].path, err, sizeof err) : NULL;

        if (g == NULL) {
            free(saves[i].path);
            continue;
        }
        add_item(ui, cap, (struct picker_item){
            .kind = ITEM_RECENT, .path = saves[i].path, .label = recent_label(g) });
        shown++;
        game_free(g);
    }
    free(saves);
}

/* What a puzzle of a browsed file is: "#3  name  Sudoku 9x9, 25 givens  (in progress)". */
static char *file_puzzle_label(long index, const struct puzzle *p, const char *state_dir)
{
    char *key = game_puzzle_key(p);
    char *save = state_dir != NULL ? xasprintf("%s/%s.save", state_dir, key) : NULL;
    struct stat st;
    bool started = save != NULL && stat(save, &st) == 0;
    char *label;
    int givens = 0;

    for (int c = 0; c < p->ncells; c++)
        givens += p->given[c] != 0;
    if (p->ops->kind == PUZZLE_SUDOKU)
        label = xasprintf("#%-5ld %s%sSudoku %dx%d, %d givens%s", index, p->name ? p->name : "",
                          p->name ? "  " : "", p->width, p->height, givens,
                          started ? "  (saved game)" : "");
    else
        label = xasprintf("#%-5ld %s%sKakuro %dx%d%s", index, p->name ? p->name : "",
                          p->name ? "  " : "", p->width, p->height,
                          started ? "  (saved game)" : "");
    free(save);
    free(key);
    return label;
}

/* Lists the puzzles of ui->browse_path, up to PICKER_FILE_MAX; false (with a message) if
 * the file cannot be read or holds no puzzle. */
static bool add_file_puzzles(struct ui *ui, size_t *cap)
{
    FILE *f = fopen(ui->browse_path, "rb");
    char *state_dir;
    struct reader *r;
    struct format_style style;
    struct format_error err;
    struct puzzle *p;
    long index = 0;
    int rc;

    if (f == NULL) {
        ui_message(ui, "%s: %s", ui->browse_path, strerror(errno));
        return false;
    }
    state_dir = game_state_dir();
    r = reader_open(f, ui->browse_path, FORMAT_AUTO);
    while (index < PICKER_FILE_MAX && (rc = reader_next(r, &p, &style, &err)) != 0) {
        char msg[600];

        index++;
        if (rc > 0) {
            add_item(ui, cap, (struct picker_item){
                .kind = ITEM_IN_FILE, .index = (int)index, .label = file_puzzle_label(index, p, state_dir) });
            puzzle_free(p);
            continue;
        }
        format_error_string(&err, msg, sizeof msg);
        add_item(ui, cap, (struct picker_item){
            .kind = ITEM_IN_FILE, .index = (int)index,
            .label = xasprintf("#%-5ld unreadable: %s", index, msg) });
        if (reader_lost(r))
            break;
    }
    if (index == PICKER_FILE_MAX)
        ui_message(ui, "Showing the first %d puzzles; open FILE:N for the others.", PICKER_FILE_MAX);
    reader_close(r);
    fclose(f);
    free(state_dir);
    if (index == 0)
        ui_message(ui, "%s has no puzzle.", ui->browse_path);
    return index > 0;
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
    ui->screen = UI_PICKER;
    if (ui->browse_path != NULL) {
        if (add_file_puzzles(ui, &cap)) {
            if (ui->sel >= ui->nitems)
                ui->sel = ui->nitems - 1;
            return;
        }
        ui_picker_free(ui);
        free(ui->browse_path);
        ui->browse_path = NULL;
        cap = 0;
    }
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
}

/* Back from a browsed file to the main list. */
static void picker_leave_file(struct ui *ui)
{
    free(ui->browse_path);
    ui->browse_path = NULL;
    ui->sel = ui->top = 0;
    ui->message[0] = '\0';
    ui_picker_enter(ui);
}

static const char *section_of(const struct picker_item *it)
{
    switch (it->kind) {
    case ITEM_BUNDLED: return "Puzzles";
    case ITEM_RECENT: return "Recent games";
    case ITEM_IN_FILE: return "Puzzles in the file";
    default: return "New game or file";
    }
}

void ui_picker_draw(struct ui *ui)
{
    int y = 2, rows = LINES - 4;
    int first;

    if (ui->browse_path != NULL) {
        char title[600];
        snprintf(title, sizeof title, "kakudo - choose a puzzle of %s", ui->browse_path);
        ui_print(0, 1, COLS - 1, title, ui_attr(ui, ROLE_TITLE));
    } else {
        ui_print(0, 1, COLS - 1, "kakudo - choose a puzzle", ui_attr(ui, ROLE_TITLE));
    }
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
    ui_print(LINES - 2, 1, COLS - 1, ui->browse_path != NULL
             ? "Up/Down choose  Enter open  Esc back  n new game  ? help  q quit"
             : "Up/Down choose  Enter open  n new game  ? help  q quit", ui_attr(ui, ROLE_DIM));
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

/* The last component of a path, to title a puzzle by its file. */
static const char *path_base(const char *path)
{
    const char *slash = strrchr(path, '/');

    return slash != NULL ? slash + 1 : path;
}

/* Opens puzzle N of the browsed file. */
static void open_in_file(struct ui *ui, int index)
{
    char *spec = xasprintf("%s:%d", ui->browse_path, index);
    struct format_style style = { .id = FORMAT_AUTO };
    struct format_error err;
    struct puzzle *p = format_load(spec, FORMAT_AUTO, &style, &err);
    char msg[600];

    if (p == NULL) {
        format_error_string(&err, msg, sizeof msg);
        ui_message(ui, "%s", msg);
    } else {
        ui->from_picker = true;
        ui_board_open(ui, p, &style, path_base(spec));
        puzzle_free(p);
    }
    free(spec);
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
    case ITEM_IN_FILE:
        open_in_file(ui, it->index);
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
        case KEY_LEFT:
            if (ui->browse_path != NULL)
                picker_leave_file(ui);
            return;
        default: return;
        }
    } else {
        switch (key) {
        case 'k': ui->sel--; break;
        case 'j': ui->sel++; break;
        case '\r': case '\n': case 'l': picker_open(ui); return;
        case 'o':
            if (ui->browse_path != NULL)
                picker_leave_file(ui);
            ui->sel = ui->nitems - 1;
            picker_open(ui);
            return;
        case 'n': ui_newgame_open(ui); return;
        case UI_KEY_ESC: case 'h':
            if (ui->browse_path != NULL)
                picker_leave_file(ui);
            return;
        case 'q': ui->quit = true; return;
        case '?': ui_help_open(ui); return;
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

/* How many puzzles a file holds, counting no further than two. */
static int count_up_to_two(const char *path)
{
    FILE *f = fopen(path, "rb");
    struct reader *r;
    struct format_style style;
    struct format_error err;
    struct puzzle *p;
    int n = 0, rc;

    if (f == NULL)
        return 0;
    r = reader_open(f, path, FORMAT_AUTO);
    while (n < 2 && (rc = reader_next(r, &p, &style, &err)) != 0) {
        n++;
        if (rc > 0)
            puzzle_free(p);
        else if (reader_lost(r))
            break;
    }
    reader_close(r);
    fclose(f);
    return n;
}

/* Opens what was typed: FILE:N, or a file of one puzzle, on the board; a file of several
 * is listed for choosing. */
static void input_open(struct ui *ui)
{
    struct format_style style = { .id = FORMAT_AUTO };
    struct format_error err;
    struct puzzle *p;
    char msg[600];
    struct stat st;

    ui->screen = UI_PICKER;
    if (ui->input_len == 0)
        return;
    if (stat(ui->input, &st) == 0 && S_ISREG(st.st_mode) && count_up_to_two(ui->input) > 1) {
        free(ui->browse_path);
        ui->browse_path = xstrdup(ui->input);
        ui->sel = ui->top = 0;
        ui->message[0] = '\0';
        ui_picker_enter(ui);
        return;
    }
    p = format_load(ui->input, FORMAT_AUTO, &style, &err);
    if (p == NULL) {
        format_error_string(&err, msg, sizeof msg);
        ui_message(ui, "%s", msg);
        return;
    }
    ui->from_picker = true;
    ui_board_open(ui, p, &style, path_base(ui->input));
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
