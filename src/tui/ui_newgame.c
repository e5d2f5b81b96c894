/* ui_newgame.c: "New game": kind, size and level chosen, the puzzle generated in a background
 * thread while the screen stays live (progress, cancel, resize), then opened on the board. */
#include "config.h"
#include "ui.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "generate.h"
#include "util.h"

/* How long the player looks for the level before taking the closest one found. */
#define NEWGAME_BUDGET_MS 15000u
/* Generation shorter than this shows no progress line: it would only flicker. */
#define NEWGAME_QUIET_MS 300u

/* Kakuro sides offered (clue row and column included); the generator goes to
 * KAKURO_MAX_SIDE, but past these one attempt takes seconds (30x30: 3 s, 50x50: 15 s,
 * 64x64: a minute), too slow to look for a level: the form says where the
 * larger ones are.  Sudoku offers every side that makes boxes (sudoku_box_shape). */
static const int kakuro_sizes[] = { 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20,
                                    22, 25, 28, 30 };
#define NKAKURO_SIZES ((int)(sizeof kakuro_sizes / sizeof kakuro_sizes[0]))
#define MAX_SIZES (SUDOKU_MAX_SIZE + NKAKURO_SIZES)

/* The kinds offered, in the order Left and Right go through them: Sudoku, Kakuro, then
 * Sudoku's variants (the puzzle's groups, puzzle.h). */
static const struct newgame_kind {
    enum puzzle_kind kind;
    unsigned variant;
    const char *name;
} newgame_kinds[] = {
    { PUZZLE_SUDOKU, 0, N_("Sudoku") },
    { PUZZLE_KAKURO, 0, N_("Kakuro") },
    { PUZZLE_SUDOKU, VARIANT_KILLER, N_("Killer") },
    { PUZZLE_SUDOKU, VARIANT_X, N_("Sudoku X") },
    { PUZZLE_SUDOKU, VARIANT_JIGSAW, N_("Jigsaw") },
    { PUZZLE_SUDOKU, VARIANT_KILLER | VARIANT_X, N_("Killer X") },
    { PUZZLE_SUDOKU, VARIANT_KILLER | VARIANT_JIGSAW, N_("Killer Jigsaw") },
    { PUZZLE_SUDOKU, VARIANT_JIGSAW | VARIANT_X, N_("Jigsaw X") },
    { PUZZLE_SUDOKU, VARIANT_KILLER | VARIANT_JIGSAW | VARIANT_X, N_("Killer Jigsaw X") },
};
#define NKINDS ((int)(sizeof newgame_kinds / sizeof newgame_kinds[0]))
/* Variants go up to 16x16 (gen_variant_check). */
#define VARIANT_MAX_SIZE 16

enum newgame_field { FIELD_KIND, FIELD_SIZE, FIELD_LEVEL, NFIELDS };
enum newgame_state { NG_FORM, NG_RUNNING, NG_CANCELLING };

struct newgame {
    enum ui_screen back;            /* the screen under the dialog */
    enum newgame_state state;
    /* The form; kept between games, so "New game" again offers the last choice. */
    enum puzzle_kind kind;
    unsigned variant;               /* enum puzzle_variant flags of a Sudoku */
    int choice;                     /* newgame_kinds[choice] is kind and variant */
    int size, level, field;
    int wanted_level;               /* the level last chosen; level is the nearest the
                                     * kind and size can have */
    uint64_t next_seed;
    /* The generation: req and result belong to the worker until done is set. */
    pthread_t thread;
    pthread_mutex_t lock;
    bool done, cancel;              /* under lock */
    struct gen_progress progress;   /* under lock: the latest the worker reported */
    struct gen_request req;
    struct gen_result result;
    uint64_t started_ns;
};

static const char *kind_name(const struct newgame *ng)
{
    return _(newgame_kinds[ng->choice].name);
}

static int size_of(const struct newgame *ng)
{
    return ng->size;
}

/* The sides the form offers for a kind (and Sudoku variant), ascending; their count:
 * a variant up to 16, a Jigsaw any side (its regions need no boxes). */
static int sizes_of(enum puzzle_kind kind, unsigned variant, int sizes[MAX_SIZES])
{
    int n = 0, br, bc;
    int largest = variant != 0 ? VARIANT_MAX_SIZE : SUDOKU_MAX_SIZE;

    if (kind == PUZZLE_KAKURO) {
        memcpy(sizes, kakuro_sizes, sizeof kakuro_sizes);
        return NKAKURO_SIZES;
    }
    for (int side = SUDOKU_MIN_SIZE; side <= largest; side++)
        if ((variant & VARIANT_JIGSAW) || sudoku_box_shape(side, &br, &bc))
            sizes[n++] = side;
    return n;
}

/* The offered side nearest to side (the smaller on a tie). */
static int nearest_size(enum puzzle_kind kind, unsigned variant, int side)
{
    int sizes[MAX_SIZES], n = sizes_of(kind, variant, sizes), best = sizes[0];

    for (int i = 1; i < n; i++)
        if (abs(sizes[i] - side) < abs(best - side))
            best = sizes[i];
    return best;
}

/* The offered side dir steps from the current one, round from one end to the other. */
static int next_size(const struct newgame *ng, int dir)
{
    int sizes[MAX_SIZES], n = sizes_of(ng->kind, ng->variant, sizes), i = 0;

    while (i < n - 1 && sizes[i] != ng->size)
        i++;
    return sizes[((i + dir) % n + n) % n];
}

/* The symmetry of a new game's givens: rotate180, as published puzzles have, unless
 * the level needs givens without symmetry (a 4x4 Jigsaw at Hard). */
static enum gen_symmetry symmetry_for(const struct newgame *ng, int level)
{
    return gen_level_possible(ng->kind, ng->variant, size_of(ng), GEN_SYM_ROTATE180, level)
           ? GEN_SYM_ROTATE180 : GEN_SYM_NONE;
}

/* Whether the kind and size have puzzles of the level (with either symmetry). */
static bool level_fits(const struct newgame *ng, int level)
{
    return gen_level_possible(ng->kind, ng->variant, size_of(ng), symmetry_for(ng, level), level);
}

/* The level nearest the one chosen that the kind and size can have, looking down first
 * then up; the choice itself is kept, so passing through a size that cannot have it (4x4
 * Sudoku is all Beginner) does not lose it. */
static void fit_level(struct newgame *ng)
{
    int want = ng->wanted_level;

    for (int d = 0; d < LEVEL_COUNT; d++) {
        if (want - d >= 0 && level_fits(ng, want - d)) {
            ng->level = want - d;
            return;
        }
        if (want + d < LEVEL_COUNT && level_fits(ng, want + d)) {
            ng->level = want + d;
            return;
        }
    }
}

static uint64_t first_seed(void)
{
    const char *s = getenv("KAKUDO_SEED");     /* reproducible games, and tests */

    if (s != NULL && *s != '\0')
        return strtoull(s, NULL, 10);
    return (util_now_ns() ^ (uint64_t)getpid() << 20) % 1000000000u;
}

/* Over a game, the form offers another of its kind: the board's kind and variant, its
 * size or the nearest offered, and the level last chosen as near as they allow (a game
 * from a file says nothing of its level). */
static void take_board_kind(struct newgame *ng, const struct puzzle *p)
{
    unsigned variant = p->ops->kind == PUZZLE_SUDOKU ? p->variant : 0;

    for (int i = 0; i < NKINDS; i++) {
        if (newgame_kinds[i].kind == p->ops->kind && newgame_kinds[i].variant == variant) {
            ng->choice = i;
            ng->kind = p->ops->kind;
            ng->variant = variant;
            ng->size = nearest_size(ng->kind, ng->variant, p->width > p->height ? p->width : p->height);
            fit_level(ng);
            return;
        }
    }
}

void ui_newgame_open(struct ui *ui)
{
    struct newgame *ng = ui->newgame;

    if (ng == NULL) {
        ng = ui->newgame = xcalloc(1, sizeof *ng);
        ng->kind = PUZZLE_SUDOKU;
        ng->size = 9;
        ng->level = ng->wanted_level = LEVEL_EASY;
        ng->next_seed = first_seed();
        pthread_mutex_init(&ng->lock, NULL);
    }
    if (ng->state != NG_FORM)
        return;
    ng->field = FIELD_KIND;     /* the form reads from the top, whatever was changed last */
    /* The clock stops while the dialog is up: ui_board_sync_timer sees a screen that is
     * not the board. */
    ng->back = ui->screen == UI_BOARD && ui->game != NULL ? UI_BOARD : UI_PICKER;
    if (ng->back == UI_BOARD)
        take_board_kind(ng, ui->game->puzzle);
    ui->message[0] = '\0';
    ui->screen = UI_NEWGAME;
}

/* Back to the screen under the dialog. */
static void newgame_leave(struct ui *ui)
{
    struct newgame *ng = ui->newgame;

    ui->screen = ng->back;
}

/* --- The worker --- */

static bool worker_progress(const struct gen_progress *progress, void *user)
{
    struct newgame *ng = user;
    bool cancel;

    pthread_mutex_lock(&ng->lock);
    ng->progress = *progress;
    cancel = ng->cancel;
    pthread_mutex_unlock(&ng->lock);
    return cancel;
}

static void *worker_main(void *arg)
{
    struct newgame *ng = arg;

    gen_generate(&ng->req, &ng->result);
    pthread_mutex_lock(&ng->lock);
    ng->done = true;
    pthread_mutex_unlock(&ng->lock);
    return NULL;
}

static void newgame_start(struct ui *ui)
{
    struct newgame *ng = ui->newgame;
    int n = size_of(ng);

    ng->req = (struct gen_request){
        .kind = ng->kind, .variant = ng->variant, .size = n, .width = n, .height = n,
        .level = ng->level,
        .symmetry = symmetry_for(ng, ng->level), .seed = ng->next_seed++,
        .budget_ms = NEWGAME_BUDGET_MS, .progress = worker_progress, .user = ng,
    };
    ng->done = ng->cancel = false;
    ui->message[0] = '\0';     /* "Cancelled." or "Gave up" was the last try's */
    ng->progress = (struct gen_progress){ .best_level = GEN_ANY_LEVEL };
    ng->started_ns = util_now_ns();
    if (pthread_create(&ng->thread, NULL, worker_main, ng) != 0) {
        ui_message(ui, "Cannot start a thread to make the puzzle.");
        return;
    }
    ng->state = NG_RUNNING;
}

static bool worker_done(struct newgame *ng)
{
    bool done;

    pthread_mutex_lock(&ng->lock);
    done = ng->done;
    pthread_mutex_unlock(&ng->lock);
    return done;
}

/* Opens the generated puzzle on the board, saying so when the budget ran out first. */
static void open_result(struct ui *ui)
{
    struct newgame *ng = ui->newgame;
    struct gen_result *res = &ng->result;
    struct format_style style = { .id = FORMAT_AUTO };
    char name[128], note[800] = "";
    int n = size_of(ng);

    /* The board's word for the kind ("Killer Sudoku", not the form's "Killer"), so that
     * the panel sees its kind and size in the name and does not say them again. */
    snprintf(name, sizeof name, "%s %dx%d %s #%llu", ui_kind_name(res->puzzle), n, n,
             _(hint_level_name(res->grade.level)), (unsigned long long)ng->req.seed);
    puzzle_set_name(res->puzzle, name);
    if (res->status == GEN_OTHER_LEVEL && res->grade.gave_up)
        snprintf(note, sizeof note, _("The budget of %u s ran out while rating it: this one is "
                                      "%s or harder."), NEWGAME_BUDGET_MS / 1000,
                 _(hint_level_name(res->grade.level)));
    else if (res->status == GEN_OTHER_LEVEL)
        snprintf(note, sizeof note, _("No %1$s puzzle came within %2$u s; this one is %3$s."),
                 _(hint_level_name((enum hint_level)ng->req.level)), NEWGAME_BUDGET_MS / 1000,
                 _(hint_level_name(res->grade.level)));
    if (res->status == GEN_OTHER_LEVEL && res->message[0] != '\0') {
        size_t len = strlen(note);

        snprintf(note + len, sizeof note - len, " (%s)", res->message);     /* rare: say so */
    }
    if (ng->back == UI_PICKER)
        ui->from_picker = true;
    ui_board_open(ui, res->puzzle, &style, name, NULL);
    puzzle_free(res->puzzle);
    res->puzzle = NULL;
    /* A resume question (a game made from the same seed before) keeps its own screen. */
    if (note[0] != '\0')
        ui_message(ui, "%s", note);
    else if (ui->message[0] == '\0' && ng->variant != 0)
        /* TRANSLATORS: "A new Killer X puzzle: one solution, rated Hard." */
        ui_message(ui, N_("A new %1$s puzzle: one solution, rated %2$s."), kind_name(ng),
                   _(hint_level_name(res->grade.level)));
    else if (ui->message[0] == '\0')
        ui_message(ui, ng->kind == PUZZLE_SUDOKU ? N_("A new Sudoku grid: one solution, rated %s.")
                   : N_("A new Kakuro board: one solution, rated %s."),
                   _(hint_level_name(res->grade.level)));
}

void ui_newgame_poll(struct ui *ui)
{
    struct newgame *ng = ui->newgame;

    if (ng == NULL || ng->state == NG_FORM || !worker_done(ng))
        return;
    pthread_join(ng->thread, NULL);
    if (ng->state == NG_CANCELLING || ng->result.status == GEN_CANCELLED
        || ng->result.puzzle == NULL) {
        ng->state = NG_FORM;
        puzzle_free(ng->result.puzzle);
        ng->result.puzzle = NULL;
        if (ng->result.status == GEN_GAVE_UP)
            ui_message(ui, "Gave up: no puzzle of this size came within %u s.",
                       NEWGAME_BUDGET_MS / 1000);
        else
            ui_message(ui, "%s", ng->result.status == GEN_INVALID ? ng->result.message
                                                                  : _("Cancelled."));
        return;
    }
    ng->state = NG_FORM;
    open_result(ui);
}

bool ui_newgame_busy(const struct ui *ui)
{
    return ui->newgame != NULL && ui->newgame->state != NG_FORM;
}

void ui_newgame_free(struct ui *ui)
{
    struct newgame *ng = ui->newgame;

    if (ng == NULL)
        return;
    if (ng->state != NG_FORM) {
        pthread_mutex_lock(&ng->lock);
        ng->cancel = true;
        pthread_mutex_unlock(&ng->lock);
        pthread_join(ng->thread, NULL);
        puzzle_free(ng->result.puzzle);
    }
    pthread_mutex_destroy(&ng->lock);
    free(ng);
    ui->newgame = NULL;
}

/* --- Drawing --- */

/* The form's value of a field, as shown. */
static void field_value(const struct newgame *ng, int field, char *buf, size_t size)
{
    int n = size_of(ng);

    switch (field) {
    case FIELD_KIND: snprintf(buf, size, "%s", kind_name(ng)); break;
    case FIELD_SIZE: snprintf(buf, size, "%dx%d", n, n); break;
    default: snprintf(buf, size, "%s", _(hint_level_name((enum hint_level)ng->level))); break;
    }
}

/* The form's footer under its fields, wrapped to w so every key stays in view on a
 * narrow terminal (it was cut at 44 columns): the keys, then for Kakuro a note on sizes.
 * Draws it when draw is set; returns its rows, at least 2 (the note's row is kept for
 * Sudoku too, so the box keeps its size as the kind changes). */
static int form_footer(const struct newgame *ng, int y, int x, int w, attr_t attr, bool draw)
{
    const char *keys = _("Arrows choose, Enter makes it, Esc back");
    const char *note = _("Larger ones take long: kakudo generate");
    int rows = draw ? ui_print_wrapped(y, x, w, 3, keys, attr) : ui_wrap_lines(keys, w, NULL, 0);

    if (ng->kind == PUZZLE_KAKURO)
        rows += draw ? ui_print_wrapped(y + rows, x, w, 2, note, attr) : ui_wrap_lines(note, w, NULL, 0);
    else
        rows++;
    return rows < 2 ? 2 : rows;
}

static void draw_form(struct ui *ui, int y, int x, int w)
{
    static const char *const labels[NFIELDS] = { N_("Kind"), N_("Size"), N_("Level") };
    struct newgame *ng = ui->newgame;
    attr_t box = ui_attr(ui, ROLE_SELECTED);

    for (int f = 0; f < NFIELDS; f++) {
        char value[64], label[64], padded[64], line[200];
        int value_w;

        /* Padded in display columns: the labels and values may be double width; values
         * to the longest kind, "Killer Jigsaw X", where the box has room for it (else
         * not at all, so that '>' follows a short value); a value still too wide ends
         * in an ellipsis. */
        field_value(ng, f, value, sizeof value);
        ui_pad(label, sizeof label, _(labels[f]), 6);
        value_w = w - ui_width(label) - 5 >= 15 ? 15 : ui_width(value);
        snprintf(line, sizeof line, "%s %s %s %s", label, f == ng->field ? "<" : " ",
                 ui_pad(padded, sizeof padded, value, value_w), f == ng->field ? ">" : " ");
        ui_print_cut(ui, y + f, x, w, line, f == ng->field ? box ^ A_REVERSE : box);
    }
    form_footer(ng, y + NFIELDS + 1, x, w, box, true);
}

/* What the attempt under way does, into buf: the count of attempts stands still while
 * one takes long (a 25x25 Master's first takes seconds), so this line moves instead. */
static void say_under_way(const struct gen_progress *pr, char *buf, size_t size)
{
    if (pr->rating)
        snprintf(buf, size, "%s", _("rating the puzzle made"));
    else if (pr->givens_left > 0)
        snprintf(buf, size, _("taking out givens: %d left"), pr->givens_left);
    else
        snprintf(buf, size, "%s", _("making a puzzle"));
    ui_trim_utf8(buf);
}

static void draw_progress(struct ui *ui, int y, int x, int w)
{
    static const char spinner[] = "|/-\\";
    struct newgame *ng = ui->newgame;
    attr_t box = ui_attr(ui, ROLE_SELECTED);
    uint64_t ms = (util_now_ns() - ng->started_ns) / 1000000u;
    struct gen_progress pr;
    char line[160];
    int n = size_of(ng);

    pthread_mutex_lock(&ng->lock);
    pr = ng->progress;
    pthread_mutex_unlock(&ng->lock);
    /* TRANSLATORS: "Making a Hard 9x9 Sudoku...": the level, the size twice, the kind. */
    snprintf(line, sizeof line, ng->state == NG_CANCELLING
             ? (ng->req.level == LEVEL_EASY || ng->req.level == LEVEL_EXPERT
                ? _("Cancelling an %1$s %2$dx%3$d %4$s...") : _("Cancelling a %1$s %2$dx%3$d %4$s..."))
             : ng->req.level == LEVEL_EASY || ng->req.level == LEVEL_EXPERT
             ? _("Making an %1$s %2$dx%3$d %4$s...") : _("Making a %1$s %2$dx%3$d %4$s..."),
             _(hint_level_name((enum hint_level)ng->req.level)), n, n, kind_name(ng));
    ui_print_wrapped(y, x, w, 2, line, box | A_BOLD);
    if (ms >= NEWGAME_QUIET_MS) {
        char tried[150];

        snprintf(tried, sizeof tried, pr.best_level != GEN_ANY_LEVEL
                 ? _("%1$llu.%2$llu s, %3$d tried, closest %4$s") : _("%1$llu.%2$llu s, %3$d tried"),
                 (unsigned long long)(ms / 1000), (unsigned long long)(ms / 100 % 10), pr.attempts,
                 pr.best_level != GEN_ANY_LEVEL ? _(hint_level_name((enum hint_level)pr.best_level))
                 : "");
        snprintf(line, sizeof line, "%c %s", spinner[ms / 125 % 4], tried);
        ui_print(y + 2, x, w, line, box);
        say_under_way(&pr, line, sizeof line);
        ui_print(y + 3, x, w, line, box);
    }
    ui_print(y + 4, x, w, _("Esc cancels"), box);
}

void ui_newgame_draw(struct ui *ui)
{
    struct newgame *ng = ui->newgame;
    int w = COLS - 4 < 46 ? COLS - 4 : 46;
    int h = 7 + (ng->state == NG_FORM ? form_footer(ng, 0, 0, w - 4, 0, false) : 2);
    int y0 = (LINES - h) / 2, x0 = (COLS - w) / 2;

    if (ng->back == UI_BOARD && ui->game != NULL)
        ui_board_draw(ui);
    else
        ui_picker_draw(ui);
    if (w < 16 || LINES < h) {
        /* Too small for the box: the same lines from the top. */
        erase();
        y0 = x0 = 0;
        w = COLS;
    } else {
        ui_dialog_box(ui, ng->back == UI_BOARD && ui->game != NULL, y0, x0, h, w,
                      ui_attr(ui, ROLE_SELECTED));
        y0++;
        x0 += 2;
        w -= 4;
    }
    ui_print(y0, x0, w, _("New game"), ui_attr(ui, ROLE_SELECTED) | A_BOLD);
    if (ng->state == NG_FORM)
        draw_form(ui, y0 + 2, x0, w);
    else
        draw_progress(ui, y0 + 2, x0, w);
}

/* --- Keys --- */

static void change_field(struct newgame *ng, int dir)
{
    switch (ng->field) {
    case FIELD_KIND:
        ng->choice = ((ng->choice + dir) % NKINDS + NKINDS) % NKINDS;
        ng->kind = newgame_kinds[ng->choice].kind;
        ng->variant = newgame_kinds[ng->choice].variant;
        ng->size = nearest_size(ng->kind, ng->variant, ng->size);
        break;
    case FIELD_SIZE:
        ng->size = next_size(ng, dir);
        break;
    default:
        /* The next level this kind and size can have; round from one end to the other,
         * as the sizes are. */
        for (int step = 1; step < LEVEL_COUNT; step++) {
            int l = ((ng->level + dir * step) % LEVEL_COUNT + LEVEL_COUNT) % LEVEL_COUNT;
            if (level_fits(ng, l)) {
                ng->wanted_level = l;
                break;
            }
        }
        break;
    }
    fit_level(ng);
}

/* The form's action of a key: the arrows, Enter and Esc always do theirs (up, down,
 * previous, next, start, cancel), the rest as key.dialog.ACTION binds them; -1 for none,
 * FORM_START for Enter. */
enum { FORM_START = -2 };

static int form_action(int key, bool is_code)
{
    if (is_code) {
        switch (key) {
        case KEY_UP: return PREFS_DIALOG_UP;
        case KEY_DOWN: return PREFS_DIALOG_DOWN;
        case KEY_LEFT: return PREFS_DIALOG_PREVIOUS;
        case KEY_RIGHT: return PREFS_DIALOG_NEXT;
        case KEY_ENTER: return FORM_START;
        default: break;
        }
    } else if (key == '\r' || key == '\n') {
        return FORM_START;
    } else if (key == UI_KEY_ESC) {
        return PREFS_DIALOG_CANCEL;
    }
    return ui_bind_action(PREFS_SCOPE_DIALOG, key, is_code);
}

void ui_newgame_key(struct ui *ui, int key, bool is_code)
{
    struct newgame *ng = ui->newgame;
    int a = form_action(key, is_code);

    if (ng->state != NG_FORM) {
        if (a == PREFS_DIALOG_CANCEL) {
            pthread_mutex_lock(&ng->lock);
            ng->cancel = true;
            pthread_mutex_unlock(&ng->lock);
            ng->state = NG_CANCELLING;
        }
        return;
    }
    switch (a) {
    case PREFS_DIALOG_UP: ng->field = (ng->field + NFIELDS - 1) % NFIELDS; break;
    case PREFS_DIALOG_DOWN: ng->field = (ng->field + 1) % NFIELDS; break;
    case PREFS_DIALOG_PREVIOUS: change_field(ng, -1); break;
    case PREFS_DIALOG_NEXT: change_field(ng, 1); break;
    case FORM_START: newgame_start(ui); break;
    case PREFS_DIALOG_CANCEL: newgame_leave(ui); break;
    default: break;
    }
}
