/* ui_picker.c: the picker: bundled puzzles, recent games with progress, and "open file". */
#include "config.h"
#include "ui.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <wchar.h>

#include "bundled.h"
#include "i18n.h"
#include "util.h"

#define PICKER_RECENT_MAX 20    /* recent games listed */
#define PICKER_BUNDLED_NAME 22  /* display columns of a bundled puzzle's name, padded */
#define PICKER_NAME_MAX 38      /* the most columns a recent game's name takes in its row */
#define PICKER_FILE_MAX 10000   /* puzzles of a browsed file listed */
#define PICKER_WHEEL_STEP 3     /* items a turn of the mouse wheel moves */

static void add_item(struct ui *ui, size_t *cap, struct picker_item item)
{
    ui->items = xgrow(ui->items, cap, (size_t)ui->nitems + 1, sizeof *ui->items);
    ui->items[ui->nitems++] = item;
}

/* The share of the open cells the player has filled, from a save's head. */
static int progress_percent(const struct game_summary *sum)
{
    const struct puzzle *p = sum->puzzle;
    int open = 0;

    for (int c = 0; c < p->ncells; c++)
        open += !p->block[c] && !p->given[c];
    return open ? (sum->filled < open ? sum->filled : open) * 100 / open : 100;
}

/* A save file and when it was last written. */
struct recent_save {
    char *path;
    struct timespec mtime;      /* to the nanosecond: games left within a second differ */
};

static int newest_first(const void *a, const void *b)
{
    const struct timespec *x = &((const struct recent_save *)a)->mtime;
    const struct timespec *y = &((const struct recent_save *)b)->mtime;

    if (x->tv_sec != y->tv_sec)
        return (x->tv_sec < y->tv_sec) - (x->tv_sec > y->tv_sec);
    return (x->tv_nsec < y->tv_nsec) - (x->tv_nsec > y->tv_nsec);
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
        saves[n++] = (struct recent_save){ .path = path, .mtime = st.st_mtim };
    }
    if (d != NULL)
        closedir(d);
    free(dir);
    if (n > 1)      /* qsort wants a real array, even of nothing */
        qsort(saves, n, sizeof *saves, newest_first);
    *out = saves;
    return n;
}

/* A recent game read before it is listed: its save, its head and the name it goes by. */
struct recent_row {
    char *path;
    struct game_summary sum;
    char *name;
};

/* The row's label: its name padded to name_width display columns, then its progress. */
static char *recent_label(const struct ui *ui, const struct recent_row *row, int name_width)
{
    const struct game_summary *sum = &row->sum;
    char name[256];

    ui_fit(ui, name, sizeof name, row->name, name_width);
    if (sum->completed && sum->by_kakudo)   /* the solver's solution kept: no solve of theirs */
        return xasprintf(_("%s  solved by kakudo"), name);
    if (sum->completed)
        return xasprintf(_("%s  solved"), name);
    if (sum->filled < 0)    /* an older save, which does not say */
        return xasprintf(_("%s  in progress"), name);
    return xasprintf(_("%s  %d%% done"), name, progress_percent(sum));
}

/* Recent games: the newest save files (at most PICKER_RECENT_MAX into rows), each read only
 * as far as its header and puzzle, so a long history costs nothing here (it is replayed
 * when the game is opened); how many. */
static int read_recent(struct recent_row *rows)
{
    struct recent_save *saves;
    size_t n = list_saves(&saves);
    int shown = 0;

    for (size_t i = 0; i < n; i++) {
        char err[256];
        struct recent_row *row = &rows[shown];
        const struct puzzle *p;

        if (shown >= PICKER_RECENT_MAX || !game_peek(saves[i].path, &row->sum, err, sizeof err)) {
            free(saves[i].path);
            continue;
        }
        p = row->sum.puzzle;
        row->path = saves[i].path;
        /* A bundled puzzle by its name in today's language, not the one it was saved in. */
        row->name = ui_bundled_title(p);
        if (row->name == NULL)
            row->name = ui_puzzle_name(p, p->name != NULL ? p->name : ui_kind_name(p));
        shown++;
    }
    free(saves);
    return shown;
}

/* Where the second column of the bundled and recent rows (level, progress) starts, in
 * display columns from the label's start: past the widest name and two spaces, at least
 * where a bundled level always stood, and at most PICKER_NAME_MAX columns along (a long
 * name from a file is cut, with an ellipsis, rather than push the levels off the screen). */
static int second_column(const struct recent_row *rows, int nrows)
{
    int widest = PICKER_BUNDLED_NAME + 1 - 2;

    for (int i = 0; i < nrows; i++)
        if (ui_width(rows[i].name) > widest)
            widest = ui_width(rows[i].name);
    return (widest < PICKER_NAME_MAX ? widest : PICKER_NAME_MAX) + 2;
}

static void add_recent(struct ui *ui, size_t *cap, struct recent_row *rows, int nrows, int column)
{
    for (int i = 0; i < nrows; i++) {
        add_item(ui, cap, (struct picker_item){
            .kind = ITEM_RECENT, .path = rows[i].path, .label = recent_label(ui, &rows[i], column - 2) });
        free(rows[i].name);
        game_summary_free(&rows[i].sum);
    }
}

/* What a puzzle of a browsed file is: "#3  name  Sudoku 9x9, 25 givens  (in progress)". */
static char *file_puzzle_label(long index, const struct puzzle *p, const char *state_dir)
{
    char *key = game_puzzle_key(p);
    char *save = state_dir != NULL ? xasprintf("%s/%s.save", state_dir, key) : NULL;
    struct stat st;
    bool started = save != NULL && stat(save, &st) == 0;
    char *label, *kind;
    int givens = 0;

    for (int c = 0; c < p->ncells; c++)
        givens += p->given[c] != 0;
    if (p->ops->kind == PUZZLE_SUDOKU)
        kind = xasprintf(P_("%1$s %2$dx%3$d, %4$d given", "%1$s %2$dx%3$d, %4$d givens",
                            (unsigned long)givens), ui_kind_name(p), p->width, p->height, givens);
    else
        kind = xasprintf(_("Kakuro %1$dx%2$d"), p->width, p->height);
    label = xasprintf("#%-5ld %s%s%s%s", index, p->name ? p->name : "", p->name ? "  " : "", kind,
                      started ? _("  (saved game)") : "");
    free(kind);
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
            .label = xasprintf(_("#%-5ld unreadable: %s"), index, msg) });
        if (reader_lost(r))
            break;
    }
    if (index == PICKER_FILE_MAX)
        ui_message(ui, "Showing the first %d puzzles; open FILE:N for the others.", PICKER_FILE_MAX);
    reader_close(r);
    fclose(f);
    free(state_dir);
    if (index == 0)
        ui_message(ui, "%s: no puzzle found.", ui->browse_path);
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

/* A bundled puzzle's level (the "# level:" line of its file in data/) as the picker shows it. */
static const char *level_label(const char *level)
{
    static const char *const levels[] = { N_("beginner"), N_("easy"), N_("medium"), N_("hard"),
                                          N_("expert"), N_("master") };

    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++)
        if (strcmp(level, levels[i]) == 0)
            return _(levels[i]);
    return level;
}

/* A bundled puzzle's name in the user's language: "KIND WxH", its kind (one of
 * kind_msgid's) translated.  Caller frees. */
static char *bundled_name(const struct bundled_puzzle *b)
{
    const char *size = strrchr(b->name, ' ');
    char kind[64];

    if (size == NULL)
        return xstrdup(b->name);
    snprintf(kind, sizeof kind, "%.*s", (int)(size - b->name), b->name);
    return xasprintf("%s%s", _(kind), size);
}

/* A bundled puzzle's row: its name, then its level (translated) from display column
 * column, where the recent games' progress stands too. */
static char *bundled_label(const struct bundled_puzzle *b, int column)
{
    char *name = bundled_name(b), padded[256];
    char *label = xasprintf("%s %s", ui_pad(padded, sizeof padded, name, column - 1),
                            level_label(b->level));

    free(name);
    return label;
}

/* An item's label with the key that opens it from anywhere in the list, as bound:
 * "Paste a puzzle... (p)"; the label alone when no key is. */
static char *label_with_key(const char *label, enum prefs_action a)
{
    char key[PREFS_KEY_NAME_MAX];

    if (!ui_bind_has_key(a))
        return xstrdup(label);
    return xasprintf("%s (%s)", label, ui_bind_key(a, NULL, key, sizeof key));
}

void ui_picker_enter(struct ui *ui)
{
    size_t cap = 0;
    struct recent_row recent[PICKER_RECENT_MAX];
    int nrecent, column;

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
    nrecent = read_recent(recent);
    column = second_column(recent, nrecent);
    for (int i = 0; i < bundled_count; i++)
        add_item(ui, &cap, (struct picker_item){
            .kind = ITEM_BUNDLED, .index = i,
            .label = bundled_label(&bundled_puzzles[i], column) });
    add_recent(ui, &cap, recent, nrecent, column);
    add_item(ui, &cap, (struct picker_item){
        .kind = ITEM_NEW,
        .label = label_with_key(_("New game: Sudoku, Kakuro, Killer, Sudoku X, Jigsaw and mixes"),
                                PREFS_PICKER_NEWGAME) });
    add_item(ui, &cap, (struct picker_item){ .kind = ITEM_OPEN,
                                             .label = label_with_key(_("Open a file..."),
                                                                     PREFS_PICKER_OPEN_FILE) });
    add_item(ui, &cap, (struct picker_item){ .kind = ITEM_PASTE,
                                             .label = label_with_key(_("Paste a puzzle..."),
                                                                     PREFS_PICKER_PASTE) });
    if (ui->sel >= ui->nitems)
        ui->sel = ui->nitems - 1;
}

void ui_picker_return(struct ui *ui, const char *left_save)
{
    ui_picker_enter(ui);
    /* The game just left: its save moved to the top of Recent games, so its old row may
     * hold another game now. */
    for (int i = 0; left_save != NULL && i < ui->nitems; i++)
        if (ui->items[i].kind == ITEM_RECENT && strcmp(ui->items[i].path, left_save) == 0)
            ui->sel = i;
}

/* What deleting a game open in another kakudo says instead: the save is that kakudo's to
 * write, which would make it again at its next move. */
static void say_in_use(struct ui *ui)
{
    ui_message(ui, "Not deleted: this game is open in another kakudo. Quit it there first.");
}

/* Deletes the saved game selected, once confirmed. */
static void delete_selected_save(struct ui *ui)
{
    const struct picker_item *it = &ui->items[ui->sel];
    bool busy;
    int err;

    if (!ui_save_delete(it->path, &busy, &err)) {
        if (busy)
            say_in_use(ui);
        else
            ui_message(ui, "Cannot delete %s: %s.", it->path, strerror(err));
        return;
    }
    ui_message(ui, "Deleted the saved game.");
    ui_picker_enter(ui);
}

static void ask_delete_save(struct ui *ui)
{
    char q[600];
    const char *label = ui->items[ui->sel].label;
    const char *gap = strstr(label, "  ");     /* the name ends before its progress */
    int name_len = gap != NULL ? (int)(gap - label) : (int)strlen(label);

    if (ui_save_in_use(ui->items[ui->sel].path)) {
        say_in_use(ui);
        return;
    }
    snprintf(q, sizeof q, _("Delete the saved game of %.*s? Its progress is lost for good."),
             name_len, label);
    ui_confirm(ui, q, delete_selected_save, NULL);
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

/* Whether the selection is a saved game (which d deletes). */
static bool selected_recent(const struct ui *ui)
{
    return ui->sel >= 0 && ui->sel < ui->nitems && ui->items[ui->sel].kind == ITEM_RECENT;
}

/* The picker's footer wraps onto this many rows at most, so every key stays in view on a
 * narrow screen without taking the list's rows on a short one. */
#define PICKER_FOOTER_ROWS_MAX 3
#define PICKER_FOOTER_TALL 14     /* rows from which the footer may wrap */

/* One item of the footer; help and quit are kept when others must go for room. */
struct footer_item {
    char text[UI_KEYS_LINE_MAX];
    bool kept;
};

/* Adds fmt worded with a's key (nothing if a has none). */
static void add_bound_item(struct footer_item *items, int *n, enum prefs_action a, const char *fmt,
                           bool kept)
{
    if (ui_bind_item_text(a, fmt, items[*n].text, sizeof items[*n].text))
        items[(*n)++].kept = kept;
}

/* The footer's items: what the keys that always work do, then the bound keys of what can
 * be done with the item chosen; their count. */
static int footer_items(const struct ui *ui, struct footer_item *items)
{
    int n = 0;

    snprintf(items[n].text, sizeof items[n].text, "%s", _("Up/Down choose"));
    items[n++].kept = false;
    snprintf(items[n].text, sizeof items[n].text, "%s", _("Enter open"));
    items[n++].kept = false;
    if (ui->browse_path != NULL) {
        snprintf(items[n].text, sizeof items[n].text, "%s", _("Esc back"));
        items[n++].kept = false;
    }
    if (selected_recent(ui))
        /* TRANSLATORS: footer items: the key, then what it does there. */
        add_bound_item(items, &n, PREFS_PICKER_DELETE, _("%s delete"), false);
    add_bound_item(items, &n, PREFS_PICKER_NEWGAME, _("%s new game"), false);
    add_bound_item(items, &n, PREFS_PICKER_HELP, _("%s help"), true);
    add_bound_item(items, &n, PREFS_PICKER_QUIT, _("%s quit"), true);
    return n;
}

/* Flows the items into at most max lines, leaving out the last drop of those not kept;
 * false if one did not fit. */
static bool flow_footer(const struct footer_item *items, int n, int drop, char lines[][UI_KEYS_LINE_MAX],
                        int max, int w, int *nlines)
{
    int optional = 0, line = 0;
    bool all = true;

    for (int i = 0; i < n; i++)
        optional += !items[i].kept;
    for (int i = 0; i < max; i++)
        lines[i][0] = '\0';
    for (int i = 0; i < n; i++) {
        if (!items[i].kept && optional-- <= drop)
            continue;
        all &= ui_keys_flow(lines, &line, max, w, items[i].text);
    }
    *nlines = lines[line][0] != '\0' ? line + 1 : line;
    return all;
}

/* The footer's rows on this screen: up to PICKER_FOOTER_ROWS_MAX where a 9x9 board fits
 * (14 rows); one below that, so a short screen keeps its list (items drop instead). */
static int footer_rows_max(void)
{
    return LINES >= PICKER_FOOTER_TALL ? PICKER_FOOTER_ROWS_MAX : 1;
}

/* The footer's lines, wrapped to the screen: every item if they fit, else without the
 * ones that may go, the last first (help and quit always stay); their count. */
static int picker_footer_lines(const struct ui *ui, char lines[][UI_KEYS_LINE_MAX])
{
    struct footer_item items[8];
    int n = footer_items(ui, items), nlines = 0, max = footer_rows_max();

    for (int drop = 0; drop <= n; drop++)
        if (flow_footer(items, n, drop, lines, max, COLS - 2, &nlines))
            break;
    return nlines;
}

void ui_picker_draw_above(struct ui *ui, int rows)
{
    if (ui->browse_path != NULL) {
        char title[600], path[512];
        char *shown = util_escape_controls(ui->browse_path);
        /* A long path gives way from its start: the file's name is what tells it. */
        snprintf(title, sizeof title, _("kakudo - choose a puzzle of %s"), "");
        ui_fit_tail(ui, path, sizeof path, shown, COLS - 1 - ui_width(title));
        free(shown);
        snprintf(title, sizeof title, _("kakudo - choose a puzzle of %s"), path);
        ui_print_cut(ui, 0, 1, COLS - 1, title, ui_attr(ui, ROLE_TITLE));
    } else {
        ui_print_cut(ui, 0, 1, COLS - 1, _("kakudo - choose a puzzle"), ui_attr(ui, ROLE_TITLE));
    }
    ui_picker_list_draw(ui, 1, LINES - rows);
}

void ui_picker_draw(struct ui *ui)
{
    char lines[PICKER_FOOTER_ROWS_MAX][UI_KEYS_LINE_MAX];
    int n = picker_footer_lines(ui, lines);

    ui_picker_draw_above(ui, n + 1);
    for (int i = 0; i < n; i++)
        ui_print(LINES - 1 - n + i, 1, COLS - 1, lines[i], ui_attr(ui, ROLE_DIM));
    ui_draw_message(ui);
}

/* --- Names --- */

/* What a bundled puzzle is called, wherever it is opened from: "Sudoku 9x9 (expert)",
 * its kind and level in the user's language ("스도쿠 9x9 (전문가)"). */
static char *bundled_title(const struct bundled_puzzle *b)
{
    char *name = bundled_name(b), *title = xasprintf("%s (%s)", name, level_label(b->level));

    free(name);
    return title;
}

#define BUNDLED_KEYS_MAX 256     /* bundled puzzles whose keys are kept */

/* The key (game_puzzle_key) of bundled puzzle i, read once and kept for the program's
 * life; NULL if it does not load. */
static const char *bundled_key(int i)
{
    static char *keys[BUNDLED_KEYS_MAX];
    static bool read[BUNDLED_KEYS_MAX];
    const struct bundled_puzzle *b;
    FILE *f;

    if (i >= BUNDLED_KEYS_MAX)
        return NULL;
    b = &bundled_puzzles[i];
    if (!read[i] && (f = fmemopen((void *)(uintptr_t)b->text, strlen(b->text), "r")) != NULL) {
        struct reader *r = reader_open(f, b->name, FORMAT_AUTO);
        struct format_style style;
        struct format_error err;
        struct puzzle *p;

        if (reader_next(r, &p, &style, &err) == 1) {
            keys[i] = game_puzzle_key(p);
            puzzle_free(p);
        }
        reader_close(r);
        fclose(f);
    }
    read[i] = true;
    return keys[i];
}

char *ui_bundled_title(const struct puzzle *p)
{
    char *key = game_puzzle_key(p), *title = NULL;

    for (int i = 0; i < bundled_count && title == NULL; i++) {
        const char *k = bundled_key(i);
        if (k != NULL && strcmp(k, key) == 0)
            title = bundled_title(&bundled_puzzles[i]);
    }
    free(key);
    return title;
}

/* p's kind in English (a msgid): "Killer Sudoku X". */
static const char *kind_msgid(const struct puzzle *p)
{
    /* By the variant's flags: X 1, Jigsaw 2, Killer 4. */
    static const char *const sudoku[8] = {
        N_("Sudoku"), N_("Sudoku X"), N_("Jigsaw Sudoku"), N_("Jigsaw Sudoku X"),
        N_("Killer Sudoku"), N_("Killer Sudoku X"), N_("Killer Jigsaw"), N_("Killer Jigsaw X"),
    };
    unsigned v = p->variant & (VARIANT_X | VARIANT_JIGSAW | VARIANT_KILLER);

    if (p->ops->kind != PUZZLE_SUDOKU)
        return N_("Kakuro");
    return sudoku[(v & VARIANT_X ? 1 : 0) | (v & VARIANT_JIGSAW ? 2 : 0) |
                  (v & VARIANT_KILLER ? 4 : 0)];
}

const char *ui_kind_name(const struct puzzle *p)
{
    return _(kind_msgid(p));
}

/* Whether name holds "KIND WxH" with p's kind in the words given and p's size. */
static bool name_holds(const char *name, const char *kind, const struct puzzle *p)
{
    char kind_size[128];

    snprintf(kind_size, sizeof kind_size, "%s %dx%d", kind, p->width, p->height);
    return strstr(name, kind_size) != NULL;
}

/* The kind in the user's language or in English: the bundled puzzles' names are English
 * ("Sudoku 9x9 (easy)"), as puzzle files are never translated. */
bool ui_name_tells_size(const char *name, const struct puzzle *p)
{
    return name != NULL && (name_holds(name, ui_kind_name(p), p) || name_holds(name, kind_msgid(p), p));
}

char *ui_puzzle_name(const struct puzzle *p, const char *name)
{
    if (ui_name_tells_size(name, p))
        return xstrdup(name);
    return xasprintf("%s %dx%d", name, p->width, p->height);
}

static void open_bundled(struct ui *ui, const struct bundled_puzzle *b)
{
    FILE *f = fmemopen((void *)(uintptr_t)b->text, strlen(b->text), "r");
    struct reader *r;
    struct puzzle *p = NULL;
    struct format_style style = { .id = FORMAT_AUTO };
    struct format_error err;
    char *title;

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
    title = bundled_title(b);
    puzzle_set_name(p, title);
    ui->from_picker = true;
    ui_board_open(ui, p, &style, title, NULL);
    free(title);
    puzzle_free(p);
}

/* The last component of a path, to title a puzzle by its file. */
static const char *path_base(const char *path)
{
    const char *slash = strrchr(path, '/');

    return slash != NULL ? slash + 1 : path;
}

/* Opens puzzle N of the browsed file: its name is a path, never read as FILE:N (a file
 * called "FILE:N" may lie next to it). */
static void open_in_file(struct ui *ui, int index)
{
    char *spec = xasprintf("%s:%d", ui->browse_path, index);   /* the title */
    struct format_style style = { .id = FORMAT_AUTO };
    struct format_error err;
    digitset *marks;
    struct puzzle *p = format_load_index(ui->browse_path, index, FORMAT_AUTO, &style, &marks,
                                         &err);
    char msg[600];

    if (p == NULL) {
        format_error_string(&err, msg, sizeof msg);
        ui_message(ui, "%s", msg);
    } else {
        ui->from_picker = true;
        ui_board_open(ui, p, &style, path_base(spec), marks);
        free(marks);
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
    case ITEM_PASTE:
        ui_paste_open(ui);
        break;
    }
}

/* Selects the first item of a kind (Open a file, Paste a puzzle). */
static void select_kind(struct ui *ui, int kind)
{
    for (int i = 0; i < ui->nitems; i++)
        if ((int)ui->items[i].kind == kind) {
            ui->sel = i;
            return;
        }
}

/* The mouse: a click selects an item, a click on the selected one (the second of a
 * double click) opens it, the wheel moves through the list. */
static void picker_mouse(struct ui *ui)
{
    MEVENT ev;
    int item;

    if (getmouse(&ev) != OK)
        return;
    if (ev.bstate & BUTTON4_PRESSED) {
        ui->sel -= PICKER_WHEEL_STEP;
    } else if (ev.bstate & UI_BUTTON_WHEEL_DOWN) {
        ui->sel += PICKER_WHEEL_STEP;
    } else if (ev.bstate & UI_BUTTON1_ANY) {
        item = ui_picker_item_at(ev.y);
        if (item < 0 || item >= ui->nitems)
            return;
        /* Presses that came together arrive joined into one double click. */
        if (item == ui->sel || (ev.bstate & (BUTTON1_DOUBLE_CLICKED | BUTTON1_TRIPLE_CLICKED))) {
            ui->sel = item;
            picker_open(ui);
            return;
        }
        ui->sel = item;
    }
    if (ui->sel >= ui->nitems)
        ui->sel = ui->nitems - 1;
    if (ui->sel < 0)
        ui->sel = 0;
}

/* Chooses item sel, kept within the list. */
static void picker_select(struct ui *ui, int sel)
{
    ui->sel = sel >= ui->nitems ? ui->nitems - 1 : sel;
    if (ui->sel < 0)
        ui->sel = 0;
}

/* Back from a browsed file's puzzles; nothing in the main list. */
static void picker_back(struct ui *ui)
{
    if (ui->browse_path != NULL)
        picker_leave_file(ui);
}

/* Opens "Open a file..." or "Paste a puzzle..." (of the main list) from anywhere. */
static void picker_open_kind(struct ui *ui, int kind)
{
    picker_back(ui);
    select_kind(ui, kind);
    picker_open(ui);
}

/* The keys that always work, whatever is bound: the arrows, PgUp, PgDn, Home and End
 * move, Enter opens, Esc and Left go back; false if key is none of them. */
static bool picker_fixed_key(struct ui *ui, int key, bool is_code)
{
    if (!is_code) {
        if (key == '\r' || key == '\n')
            picker_open(ui);
        else if (key == UI_KEY_ESC)
            picker_back(ui);
        else
            return false;
        return true;
    }
    switch (key) {
    case KEY_UP: picker_select(ui, ui->sel - 1); break;
    case KEY_DOWN: picker_select(ui, ui->sel + 1); break;
    case KEY_PPAGE: picker_select(ui, ui->sel - 10); break;
    case KEY_NPAGE: picker_select(ui, ui->sel + 10); break;
    case KEY_HOME: picker_select(ui, 0); break;
    case KEY_END: picker_select(ui, ui->nitems - 1); break;
    case KEY_ENTER: picker_open(ui); break;
    case KEY_LEFT: picker_back(ui); break;
    default: return false;
    }
    return true;
}

/* What a key.picker.ACTION does. */
static void picker_action(struct ui *ui, int a)
{
    switch (a) {
    case PREFS_PICKER_UP: picker_select(ui, ui->sel - 1); break;
    case PREFS_PICKER_DOWN: picker_select(ui, ui->sel + 1); break;
    case PREFS_PICKER_OPEN: picker_open(ui); break;
    case PREFS_PICKER_BACK: picker_back(ui); break;
    case PREFS_PICKER_OPEN_FILE: picker_open_kind(ui, ITEM_OPEN); break;
    case PREFS_PICKER_PASTE: picker_open_kind(ui, ITEM_PASTE); break;
    case PREFS_PICKER_NEWGAME: ui_newgame_open(ui); break;
    case PREFS_PICKER_DELETE:
        if (selected_recent(ui))
            ask_delete_save(ui);
        break;
    case PREFS_PICKER_HELP: ui_help_open(ui); break;
    case PREFS_PICKER_QUIT: ui->quit = true; break;
    default: break;
    }
}

void ui_picker_key(struct ui *ui, int key, bool is_code)
{
    if (is_code && key == KEY_MOUSE)
        picker_mouse(ui);
    else if (!picker_fixed_key(ui, key, is_code))
        picker_action(ui, ui_bind_action(PREFS_SCOPE_PICKER, key, is_code));
}

/* --- The "open file" line --- */

void ui_input_draw(struct ui *ui)
{
    char *input = util_escape_controls(ui->input);     /* as set_title shows names */
    int w = ui_width(input);
    int x = 8 + w < COLS ? 0 : COLS - 9 - w;     /* keep the end of a long path in view */
    /* What Tab found, else the prompt, wrapped (every key it names stays in view). */
    const char *prompt = ui->message[0] != '\0' ? ui->message
        : _("File (FILE or FILE:N, Tab completes, Enter opens, Esc cancels):");
    int rows = ui_wrap_lines(prompt, COLS, NULL, 0);

    rows = rows < 1 ? 1 : rows > UI_PROMPT_ROWS_MAX ? UI_PROMPT_ROWS_MAX : rows;
    /* The prompt's lines are its own: no picker footer or message shows through. */
    ui_picker_draw_above(ui, rows + 1);
    ui_print_wrapped_above(LINES - 2, 0, COLS, rows, prompt,
                           ui_attr(ui, ui->message[0] != '\0' ? ROLE_MESSAGE : ROLE_TITLE));
    move(LINES - 1, 0);
    clrtoeol();
    ui_print(LINES - 1, 0, COLS, "> ", A_BOLD);
    if (x >= 0) {
        ui_print(LINES - 1, 2, COLS - 3, input, A_NORMAL);
        ui_print(LINES - 1, 2 + w, 1, "_", A_REVERSE);
    } else {
        ui_print(LINES - 1, 2, COLS - 3, ui_tail(input, COLS - 4), A_NORMAL);
    }
    free(input);
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

/* A name of more characters than the screen has columns (the line holds 1023 bytes)
 * would fill rows of the message: it is quoted as messages quote long text, its head and
 * its length (util_quote).  A shorter one is shown whole, as messages show file names. */
static const char *shown_name(const char *name, char *buf, size_t size)
{
    size_t len = strlen(name);

    if (util_utf8_count((const uint8_t *)name, len) <= (size_t)COLS)
        return name;
    return util_quote(name, len, buf, size);
}

/* Whether file, a struct format_error's (a long name cut at a character's end, "..."
 * after it: util_copy_cut), names path. */
static bool error_names(const char *file, const char *path)
{
    size_t n = strlen(file);

    if (n > 0 && strncmp(path, file, n) == 0)
        return true;
    return n > 3 && strcmp(file + n - 3, "...") == 0 && strncmp(path, file, n - 3) == 0;
}

/* The load error, the file it names shortened as above: err->file holds only its head,
 * so the typed name (the spec's path) is quoted, with its true length. */
static void say_load_error(struct ui *ui, struct format_error *err)
{
    char *path, msg[600], quoted[UTIL_QUOTE_SIZE];
    long index;

    format_split_spec(ui->input, &path, &index);
    if (error_names(err->file, path))
        snprintf(err->file, sizeof err->file, "%s", shown_name(path, quoted, sizeof quoted));
    free(path);
    format_error_string(err, msg, sizeof msg);
    ui_message(ui, "%s", msg);
}

/* Opens what was typed: FILE:N, or a file of one puzzle, on the board; a file of several
 * is listed for choosing. */
static void input_open(struct ui *ui)
{
    struct format_style style = { .id = FORMAT_AUTO };
    struct format_error err;
    struct puzzle *p;
    digitset *marks;
    char quoted[UTIL_QUOTE_SIZE];
    struct stat st;
    bool known;

    ui->screen = UI_PICKER;
    if (ui->input_len == 0)
        return;
    known = stat(ui->input, &st) == 0;
    if (known && (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode))) {
        /* Opening it would wait for a writer, the player frozen with no key to stop it. */
        ui_message(ui, _("%s is a pipe, not a file: the player cannot wait for its writer"),
                   shown_name(ui->input, quoted, sizeof quoted));
        return;
    }
    if (known && (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))) {
        /* A terminal (/dev/tty, /dev/stdin) would be read until an end that raw keys never
         * send, the keys typed meanwhile taken for the file's lines; no device holds a
         * puzzle to play. */
        ui_message(ui, _("%s is a device, not a file: the player reads puzzles from files"),
                   shown_name(ui->input, quoted, sizeof quoted));
        return;
    }
    if (known && S_ISREG(st.st_mode) && count_up_to_two(ui->input) > 1) {
        free(ui->browse_path);
        ui->browse_path = xstrdup(ui->input);
        ui->sel = ui->top = 0;
        ui->message[0] = '\0';
        ui_picker_enter(ui);
        return;
    }
    p = format_load_marks(ui->input, FORMAT_AUTO, &style, &marks, &err);
    if (p == NULL) {
        say_load_error(ui, &err);
        return;
    }
    ui->from_picker = true;
    ui_board_open(ui, p, &style, path_base(ui->input), marks);
    free(marks);
    puzzle_free(p);
}

/* "~" and "~/..." stand for the home directory ($HOME, else the password database's),
 * "~user/..." for that user's; anything else is returned as it is.  Caller frees. */
static char *expand_home(const char *s)
{
    const char *rest, *home = NULL;
    struct passwd *pw;

    if (s[0] != '~')
        return xstrdup(s);
    rest = s + 1 + strcspn(s + 1, "/");
    if (rest == s + 1) {
        home = getenv("HOME");
        if ((home == NULL || *home == '\0') && (pw = getpwuid(getuid())) != NULL)
            home = pw->pw_dir;
    } else {
        char *user = xasprintf("%.*s", (int)(rest - s - 1), s + 1);
        pw = getpwnam(user);
        free(user);
        home = pw != NULL ? pw->pw_dir : NULL;
    }
    if (home == NULL || *home == '\0')
        return xstrdup(s);
    return xasprintf("%s%s", home, rest);
}

static void set_input(struct ui *ui, const char *text)
{
    snprintf(ui->input, sizeof ui->input, "%s", text);
    ui->input_len = strlen(ui->input);
}

/* Enter opens the file the line names, with "~" expanded as a shell would. */
static void input_expand_home(struct ui *ui)
{
    char *path = expand_home(ui->input);

    set_input(ui, path);
    free(path);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names in dir that start with prefix (hidden ones only if it starts with '.'),
 * sorted; their count, -1 if dir cannot be read. */
static int list_matches(const char *dir, const char *prefix, char ***out)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char **names = NULL;
    size_t n = 0, cap = 0, plen = strlen(prefix);

    *out = NULL;
    if (d == NULL)
        return -1;
    while ((e = readdir(d)) != NULL) {
        if (strncmp(e->d_name, prefix, plen) != 0 || strcmp(e->d_name, ".") == 0
            || strcmp(e->d_name, "..") == 0 || (e->d_name[0] == '.' && prefix[0] != '.'))
            continue;
        names = xgrow(names, &cap, n + 1, sizeof *names);
        names[n++] = xstrdup(e->d_name);
    }
    closedir(d);
    if (n > 1)
        qsort(names, n, sizeof *names, by_name);
    *out = names;
    return (int)n;
}

/* Tab: completes the last part of the path as far as the names in its directory agree;
 * a directory gets its '/'; when they agree no further, the names are listed. */
static void input_complete(struct ui *ui)
{
    const char *slash = strrchr(ui->input, '/');
    size_t dir_len = slash != NULL ? (size_t)(slash - ui->input) + 1 : 0;
    char *typed_dir = xasprintf("%.*s", (int)dir_len, ui->input);
    char *dir = expand_home(dir_len > 0 ? typed_dir : "./");
    const char *prefix = ui->input + dir_len;
    char **names = NULL;
    int n = 0;

    ui->message[0] = '\0';
    if (strcmp(ui->input, "~") == 0) {
        set_input(ui, "~/");
    } else if ((n = list_matches(dir, prefix, &names)) < 0) {
        ui_message(ui, "Cannot read %s: %s.", dir, strerror(errno));
    } else if (n == 0) {
        ui_message(ui, "No file name starts with \"%s\" there.", prefix);
    } else {
        size_t common = strlen(names[0]);
        struct stat st;
        char *full, *line;

        for (int i = 1; i < n; i++)
            for (size_t k = 0; k < common; k++)
                if (names[i][k] != names[0][k]) {
                    common = k;
                    break;
                }
        /* Whole characters: names may share the first bytes of different ones. */
        while (common > 0 && ((uint8_t)names[0][common] & 0xC0) == 0x80)
            common--;
        full = xasprintf("%s%s", dir, names[0]);
        line = xasprintf("%s%.*s%s", typed_dir, (int)common, names[0],
                         n == 1 && stat(full, &st) == 0 && S_ISDIR(st.st_mode) ? "/" : "");
        if (n > 1 && common == strlen(prefix)) {
            /* Nothing more to add: show what there is to choose from, whole names as
             * many as the line holds, and how many more there are. */
            size_t used = 0;
            int shown = 0, width = 0;
            for (; shown < n; shown++) {
                char more[64], *name = util_escape_controls(names[shown]);
                int w = ui_width(name) + (shown > 0 ? 2 : 0);
                int room = COLS;
                bool fits;
                if (shown + 1 < n) {
                    snprintf(more, sizeof more, _("  (+%d more)"), n - shown - 1);
                    room -= ui_width(more);
                }
                fits = width + w <= room && used + strlen(name) + 3 < sizeof ui->message;
                if (fits)
                    used += (size_t)snprintf(ui->message + used, sizeof ui->message - used,
                                             "%s%s", shown > 0 ? "  " : "", name);
                free(name);
                if (!fits)
                    break;
                width += w;
            }
            if (shown < n)
                snprintf(ui->message + used, sizeof ui->message - used, _("%s(+%d more)"),
                         shown > 0 ? "  " : "", n - shown);
        }
        set_input(ui, line);
        free(line);
        free(full);
    }
    for (int i = 0; names != NULL && i < n; i++)
        free(names[i]);
    free(names);
    free(typed_dir);
    free(dir);
}

void ui_input_key(struct ui *ui, int key, bool is_code)
{
    if (!is_code && key == '\t') {
        input_complete(ui);
        return;
    }
    ui->message[0] = '\0';
    if (!is_code && (key == '\r' || key == '\n'))
        input_expand_home(ui);
    if (is_code) {
        if (key == KEY_BACKSPACE)
            goto backspace;
        if (key == KEY_ENTER) {
            input_expand_home(ui);
            input_open(ui);
        }
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
