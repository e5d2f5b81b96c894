/* ui_watch.c: watching the solver on the board: the animation's screen, keys, panel and pacing hooks. */
#include "config.h"
#include "ui.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "solve.h"
#include "util.h"
#include "watch.h"

/*
 * The search runs inside puzzle_solve, started from a key; its observer is where this
 * screen gets control, as ncdu's scan calls back into its UI.  Each step goes into the
 * watch (src/watch.c), and the pacer decides when to draw a frame and when to wait for
 * the next step, handing the waits to the main loop's key handling, which brings keys
 * back here through ui_watch_key.  The game is not touched until the player keeps a
 * solution, so stopping leaves the position as it was.
 */

#define KEY_DRAIN 16        /* keys taken in one look, so typing ahead cannot stall a frame */

enum watch_end { END_NONE, END_SOLVED, END_NO_SOLUTION, END_GAVE_UP };

/* A finished or stopped run of one strategy, for comparing the two. */
struct run_record {
    bool valid, finished;
    uint64_t steps;
};

struct ui_watch {
    struct watch_animation anim;
    enum solve_strategy strategy;
    int speed;                  /* index into watch_speeds, kept between runs */
    bool show_marks;
    bool running;               /* inside the search */
    bool leave, switch_strategy;    /* what a key asked the running search for */
    bool switch_paused;             /* the switch came while paused */
    enum watch_end end;         /* once the search is over */
    uint64_t search_ns;         /* the finished run's search time */
    struct run_record runs[2];  /* by strategy */
    uint8_t *start;             /* the player's position */
    int saved_cursor;
};

/* The styles of the steps: attributes that tell them apart on their own (NO_COLOR),
 * with colours added when there are colours.  Pairs from 32 on are this screen's. */
enum { PAIR_PLACED = 32, PAIR_GUESSED, PAIR_UNDONE, PAIR_DEAD, PAIR_STRUCK, PAIR_LAST };

static attr_t style(const struct ui *ui, attr_t mono, short pair)
{
    return ui->color && COLOR_PAIRS >= PAIR_LAST ? mono | COLOR_PAIR(pair) : mono;
}

static void init_styles(const struct ui *ui)
{
    /* The colorblind theme has no red and no green here either. */
    bool safe = ui->opt.prefs.theme == PREFS_THEME_COLORBLIND;

    if (!ui->color || COLOR_PAIRS < PAIR_LAST)
        return;
    init_pair(PAIR_PLACED, safe ? COLOR_CYAN : COLOR_GREEN, -1);
    init_pair(PAIR_GUESSED, COLOR_YELLOW, -1);
    init_pair(PAIR_UNDONE, COLOR_MAGENTA, -1);
    init_pair(PAIR_DEAD, safe ? COLOR_BLACK : COLOR_WHITE, safe ? COLOR_YELLOW : COLOR_RED);
    init_pair(PAIR_STRUCK, safe ? COLOR_BLUE : COLOR_RED, -1);
}

static const char *strategy_name(enum solve_strategy s)
{
    return s == SOLVE_PLAIN ? "plain" : "smart";
}

static enum solve_strategy other_strategy(enum solve_strategy s)
{
    return s == SOLVE_PLAIN ? SOLVE_SMART : SOLVE_PLAIN;
}

/* --- The cells --- */

void ui_watch_cell_look(const struct ui *ui, int cell, struct ui_cell_look *look)
{
    const struct ui_watch *v = ui->watch;
    const struct puzzle *p = ui->game->puzzle;
    int digit;
    enum watch_cell state = watch_cell_state(v->anim.watch, cell, &digit);

    *look = (struct ui_cell_look){
        .mark_attr = ui_attr(ui, ROLE_MARK),
        /* Not underlined: some layouts underline a cell's last row to part the cells. */
        .struck_attr = style(ui, A_REVERSE, PAIR_STRUCK),
    };
    switch (state) {
    case WATCH_START:
        look->digit = digit;
        look->attr = ui_attr(ui, p->given[cell] ? ROLE_GIVEN : ROLE_USER);
        return;
    case WATCH_PLACED:
        look->digit = digit;
        look->attr = style(ui, A_UNDERLINE, PAIR_PLACED);
        return;
    case WATCH_GUESSED:
        look->digit = digit;
        look->attr = style(ui, A_BOLD | A_UNDERLINE, PAIR_GUESSED);
        return;
    case WATCH_UNDONE:
        look->digit = digit;
        look->attr = style(ui, A_DIM | A_UNDERLINE, PAIR_UNDONE);
        return;
    case WATCH_DEAD:
        look->glyph = "!";
        look->attr = style(ui, A_BOLD | A_REVERSE, PAIR_DEAD);
        return;
    case WATCH_EMPTY:
        break;
    }
    /* Candidates cut short would look like digits: only where each has its place. */
    if (v->show_marks && ui_view_marks_fit(ui)) {
        look->struck = watch_just_ruled_out(v->anim.watch, cell);
        look->marks = watch_candidates(v->anim.watch, cell) | look->struck;
    }
}

/* --- The panel --- */

/* Lines go down a column w wide; a panel under the board flows on into more columns
 * side by side, up to right. */
struct panel {
    const struct ui *ui;
    int y, x, w, bottom, top, right;
};

/* Whether n more lines fit, in this column or else at the top of the next one. */
static bool panel_room(struct panel *pn, int n)
{
    if (pn->y + n <= pn->bottom)
        return true;
    if (pn->y == pn->top || pn->x + 2 * pn->w + 2 > pn->right)
        return false;
    pn->x += pn->w + 2;
    pn->y = pn->top;
    return pn->y + n <= pn->bottom;
}

/* A line of the panel, wrapped onto the next rows where it is wider than the panel (the
 * Korean "Cage 18: left 18 in 5" lost its last word at 24 columns), as the board's are. */
static void panel_line(struct panel *pn, const char *s, enum ui_role role)
{
    struct ui_line lines[4];
    int n = ui_wrap_lines(s, pn->w, lines, 4);

    if (n == 0 && panel_room(pn, 1))
        pn->y++;
    for (int i = 0; i < n && i < 4 && panel_room(pn, 1); i++)
        ui_print_line(pn->y++, pn->x, pn->w, s, lines[i], ui_attr(pn->ui, role));
}

static void panel_printf(struct panel *pn, enum ui_role role, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void panel_printf(struct panel *pn, enum ui_role role, const char *fmt, ...)
{
    char buf[160];
    va_list ap;

    /* fmt is translated here: xgettext takes the callers' messages (po/Makevars). */
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, _(fmt), ap);
    va_end(ap);
    ui_trim_utf8(buf);
    panel_line(pn, buf, role);
}

static void format_speed(const struct ui_watch *v, char *buf, size_t size)
{
    long rate = watch_speeds[v->anim.pace.speed];

    if (rate == WATCH_FULL_SPEED)
        snprintf(buf, size, "%s", _("full"));
    else if (rate >= 1000000)
        snprintf(buf, size, _("%ldM steps/s"), rate / 1000000);
    else if (rate >= 1000)
        snprintf(buf, size, _("%ldk steps/s"), rate / 1000);
    else
        snprintf(buf, size, P_("%ld step/s", "%ld steps/s", (unsigned long)rate), rate);
}

static const char *run_state(const struct ui_watch *v)
{
    if (v->running)
        return v->anim.pace.paused ? _("Paused") : _("Running");
    switch (v->end) {
    case END_SOLVED: return _("Solved");
    case END_NO_SOLUTION: return _("No solution");
    case END_GAVE_UP: return _("Gave up");
    case END_NONE: break;
    }
    return _("Stopped");
}

static void panel_counters(const struct ui *ui, struct panel *pn)
{
    const struct ui_watch *v = ui->watch;
    const struct watch_counts *n = &v->anim.watch->n;
    char speed[32];

    format_speed(v, speed, sizeof speed);
    panel_printf(pn, ROLE_TITLE, "Solver: %s", strategy_name(v->strategy));
    panel_printf(pn, ROLE_NORMAL, "Speed %s", speed);
    panel_line(pn, run_state(v), v->running && v->anim.pace.paused ? ROLE_MESSAGE : ROLE_NORMAL);
    panel_printf(pn, ROLE_NORMAL, "Steps %llu", (unsigned long long)n->steps);
    panel_printf(pn, ROLE_NORMAL, "Depth %d (max %d)", n->depth, n->max_depth);
    panel_printf(pn, ROLE_NORMAL, "Guesses %llu", (unsigned long long)n->guesses);
    panel_printf(pn, ROLE_NORMAL, "Dead ends %llu", (unsigned long long)n->dead_ends);
    panel_printf(pn, ROLE_NORMAL, "Backtracks %llu", (unsigned long long)n->backtracks);
    if (ui->show_timer) {
        uint64_t ns = v->running ? watch_pacer_elapsed_ns(&v->anim.pace) : v->search_ns;
        panel_printf(pn, ROLE_NORMAL, "Time %.1f s", (double)ns / 1e9);
    }
}

/* The last step in words, wrapped. */
static void panel_account(const struct ui *ui, struct panel *pn)
{
    char buf[160];
    int room;

    watch_account(ui->watch->anim.watch, buf, sizeof buf);
    if (buf[0] == '\0' || !panel_room(pn, 2))
        return;
    room = pn->bottom - pn->y;
    pn->y += ui_print_wrapped(pn->y, pn->x, pn->w, room < 3 ? room : 3, buf, ui_attr(ui, ROLE_MESSAGE));
}

/* A Killer cage of the step, with what it still needs. */
static void panel_cage(const struct ui *ui, struct panel *pn, int g)
{
    const struct puzzle_group *grp = &ui->game->puzzle->groups[g];
    int left, empty;

    watch_group_left(ui->watch->anim.watch, g, &left, &empty);
    if (empty == 0 && left == 0)
        panel_printf(pn, ROLE_NORMAL, _("Cage %1$d: complete"), grp->sum);
    else if (empty == 0)
        panel_printf(pn, ROLE_NORMAL, _("Cage %1$d: full, wrong sum"), grp->sum);
    else
        panel_printf(pn, ROLE_NORMAL, _("Cage %1$d: left %2$d in %3$d"), grp->sum, left, empty);
}

/* Kakuro and Killer: the runs or cage of the step, with what they still need. */
static void panel_runs(const struct ui *ui, struct panel *pn)
{
    const struct puzzle *p = ui->game->puzzle;
    int groups[PUZZLE_MAX_CELL_GROUPS], n;

    n = watch_focus_groups(ui->watch->anim.watch, groups, PUZZLE_MAX_CELL_GROUPS);
    for (int i = 0; i < n; i++) {
        const struct puzzle_group *grp = &p->groups[groups[i]];
        int left, empty;

        if (grp->kind == GROUP_CAGE)
            panel_cage(ui, pn, groups[i]);
        if (grp->kind != GROUP_ACROSS && grp->kind != GROUP_DOWN)
            continue;
        watch_group_left(ui->watch->anim.watch, groups[i], &left, &empty);
        if (puzzle_group_has_sum(grp) && empty == 0)
            panel_printf(pn, ROLE_NORMAL,
                         grp->kind == GROUP_ACROSS ? (left == 0 ? N_("Across %d: complete")
                                                               : N_("Across %d: full, wrong sum"))
                         : left == 0 ? N_("Down %d: complete") : N_("Down %d: full, wrong sum"),
                         grp->sum);
        else if (puzzle_group_has_sum(grp))
            panel_printf(pn, ROLE_NORMAL, grp->kind == GROUP_ACROSS ? N_("Across %d: left %d in %d")
                         : N_("Down %d: left %d in %d"), grp->sum, left, empty);
        else
            panel_printf(pn, ROLE_NORMAL, grp->kind == GROUP_ACROSS ? N_("Across ?: no sum, %d empty")
                         : N_("Down ?: no sum, %d empty"), empty);
    }
}

/* The steps of each strategy run so far, and how they compare once both finished. */
static void panel_compare(const struct ui *ui, struct panel *pn)
{
    const struct ui_watch *v = ui->watch;
    const struct run_record *smart = &v->runs[SOLVE_SMART], *plain = &v->runs[SOLVE_PLAIN];

    if (!smart->valid && !plain->valid)
        return;
    panel_line(pn, _("Steps to compare:"), ROLE_TITLE);
    for (int s = SOLVE_SMART; s <= SOLVE_PLAIN; s++) {
        const struct run_record *r = &v->runs[s];
        if (r->valid)
            panel_printf(pn, ROLE_NORMAL, " %s %llu%s", strategy_name((enum solve_strategy)s),
                         (unsigned long long)r->steps, r->finished ? "" : _("+ (stopped)"));
    }
    if (smart->valid && plain->valid && smart->finished && smart->steps > 0) {
        double ratio = (double)plain->steps / (double)smart->steps;
        if (ratio >= 1.0)
            panel_printf(pn, ROLE_MESSAGE, " plain: %.*fx smart%s", ratio < 10 ? 1 : 0, ratio,
                         plain->finished ? "" : "+");
        else if (plain->finished && plain->steps > 0)
            panel_printf(pn, ROLE_MESSAGE, " smart: %.*fx plain", ratio > 0.1 ? 1 : 0, 1.0 / ratio);
    }
}

/* The speed keys in short: "+/-", each way's first key as bound ("+" alone when slower
 * has none); false when neither has one. */
static bool speed_keys(char *buf, size_t size)
{
    char faster[PREFS_KEY_NAME_MAX], slower[PREFS_KEY_NAME_MAX];
    bool up = ui_bind_has_key(PREFS_WATCH_FASTER), down = ui_bind_has_key(PREFS_WATCH_SLOWER);

    snprintf(buf, size, "%s%s%s", up ? ui_bind_key(PREFS_WATCH_FASTER, NULL, faster, sizeof faster) : "",
             up && down ? "/" : "", down ? ui_bind_key(PREFS_WATCH_SLOWER, NULL, slower, sizeof slower) : "");
    return up || down;
}

/* The footer in the one row left at the smallest sizes (the counters and a cage take the
 * rest): how to stop or go back and how to learn the other keys, which were not shown. */
static void panel_keys_short(const struct ui *ui, struct panel *pn)
{
    char line[1][UI_KEYS_LINE_MAX] = { "" }, item[UI_KEYS_LINE_MAX], key[PREFS_KEY_NAME_MAX];
    int n = 0;

    if (pn->bottom - 1 < pn->top)
        return;
    snprintf(item, sizeof item, ui->watch->running ? _("%s stop") : _("%s back"),
             ui_bind_key(PREFS_WATCH_QUIT, "Esc", key, sizeof key));
    ui_keys_flow(line, &n, 1, pn->w, item);
    ui_bind_item(line, &n, 1, pn->w, PREFS_WATCH_HELP, _("%s keys"));
    pn->y = pn->bottom - 1;
    panel_line(pn, line[0], ROLE_DIM);
}

/* The panel's footer: the keys for what can be done now, worded from the keys as bound
 * (Space pauses, or resumes once paused; k keeps a solution once there is one), flowed
 * into up to 3 lines of the panel's width. */
static void panel_keys(const struct ui *ui, struct panel *pn)
{
    enum { ROWS = 3 };
    const struct ui_watch *v = ui->watch;
    char lines[ROWS][UI_KEYS_LINE_MAX] = { "", "", "" }, speed[2 * PREFS_KEY_NAME_MAX + 1];
    char item[UI_KEYS_LINE_MAX], key[PREFS_KEY_NAME_MAX];
    int n = 0;

    if (!panel_room(pn, ROWS)) {
        panel_keys_short(ui, pn);
        return;
    }
    if (v->running) {
        /* TRANSLATORS: watch panel items: the key, then what it does there. */
        if (speed_keys(speed, sizeof speed)) {
            snprintf(item, sizeof item, _("%s speed"), speed);
            ui_keys_flow(lines, &n, ROWS, pn->w, item);
        }
        ui_bind_item(lines, &n, ROWS, pn->w, PREFS_WATCH_PAUSE,
                     v->anim.pace.paused ? _("%s resume") : _("%s pause"));
        ui_bind_item(lines, &n, ROWS, pn->w, PREFS_WATCH_STEP, _("%s one step"));
        ui_bind_item(lines, &n, ROWS, pn->w, PREFS_WATCH_STRATEGY, _("%s strategy"));
        ui_bind_item(lines, &n, ROWS, pn->w, PREFS_WATCH_MARKS, _("%s marks"));
        snprintf(item, sizeof item, _("%s stop"), ui_bind_key(PREFS_WATCH_QUIT, "Esc", key, sizeof key));
        ui_keys_flow(lines, &n, ROWS, pn->w, item);
    } else {
        if (v->end == END_SOLVED) {
            snprintf(item, sizeof item, _("%s keep the solution"),
                     ui_bind_key(PREFS_WATCH_KEEP, "Enter", key, sizeof key));
            ui_keys_flow(lines, &n, ROWS, pn->w, item);
            if (n == 0)     /* a line of its own, as it is the one to see */
                n++;
        }
        snprintf(item, sizeof item, _("%s back"), ui_bind_key(PREFS_WATCH_QUIT, "Esc", key, sizeof key));
        ui_keys_flow(lines, &n, ROWS, pn->w, item);
        ui_bind_item(lines, &n, ROWS, pn->w, PREFS_WATCH_STRATEGY, _("%s strategy"));
        if (speed_keys(speed, sizeof speed)) {
            snprintf(item, sizeof item, _("%s speed"), speed);
            ui_keys_flow(lines, &n, ROWS, pn->w, item);
        }
    }
    ui_bind_item(lines, &n, ROWS, pn->w, PREFS_WATCH_HELP, _("%s keys"));
    pn->y = pn->bottom - ROWS;
    for (int i = 0; i < ROWS; i++)
        panel_line(pn, lines[i], ROLE_DIM);
}

static void draw_panel(const struct ui *ui, int top, int left, int h, int w)
{
    int col_w = ui->geo.panel_below && w > UI_PANEL_W ? UI_PANEL_W : w;
    struct panel pn = { ui, top, left, col_w, top + h, top, left + w };

    /* The last row is kept for the keys: the counters, a step and its runs at the
     * smallest sizes left none, not even how to stop. */
    pn.bottom--;
    panel_counters(ui, &pn);
    pn.y++;
    panel_account(ui, &pn);
    panel_runs(ui, &pn);
    pn.y++;
    panel_compare(ui, &pn);
    pn.bottom++;
    panel_keys(ui, &pn);
}

/* --- The screen --- */

/* The keys, each action's as bound and then the one that always does it (fixed: a key
 * name, not translated), and what they do (NULL: words that name another key, made by
 * help_key_text). */
static const struct {
    enum prefs_action action;
    const char *fixed, *text;
} help_keys[] = {
    { PREFS_WATCH_FASTER, NULL, N_("faster, up to full speed") },
    { PREFS_WATCH_SLOWER, NULL, N_("slower, down to 1 step a second") },
    { PREFS_WATCH_PAUSE, NULL, N_("pause or resume") },
    { PREFS_WATCH_STEP, NULL, N_("one step (pauses first when running)") },
    { PREFS_WATCH_STRATEGY, NULL, N_("start again with the other strategy: smart (propagation, "
                                     "most constrained cell first) or plain (reading order)") },
    { PREFS_WATCH_MARKS, NULL, N_("show or hide the candidates") },
    { PREFS_WATCH_QUIT, "Esc", N_("stop: back to your position, unchanged") },
    { PREFS_WATCH_KEEP, "Enter", NULL },
};

/* What the styles mean, help lines as they are. */
static const char *const help_styles[] = {
    N_("Styles"),
    N_("  bold underlined    a guess"),
    N_("  underlined         a forced digit"),
    N_("  dim underlined     taken back"),
    N_("  !                  a dead end"),
    N_("  reversed mark      a candidate just ruled out"),
};

/* help_keys[i]'s text, translated; keeping a solution names the board's undo key. */
static void help_key_text(const struct ui *ui, size_t i, char *buf, size_t size)
{
    char undo[24];

    if (help_keys[i].text == NULL)
        snprintf(buf, size, _("once solved: keep the solution (%s undoes it)"),
                 ui_keys_name(ui, CMD_UNDO, undo, sizeof undo));
    else
        snprintf(buf, size, "%s", _(help_keys[i].text));
    ui_trim_utf8(buf);
}

int ui_watch_help(const struct ui *ui, char lines[][UI_KEYS_LINE_MAX], int max)
{
    int n = 0;

    ui_keys_help_add(lines, &n, max, NULL, _("Watching the solver"));
    for (size_t i = 0; i < sizeof help_keys / sizeof help_keys[0]; i++) {
        char keys[80], text[UI_KEYS_LINE_MAX];

        ui_bind_keys(help_keys[i].action, help_keys[i].fixed, keys, sizeof keys);
        help_key_text(ui, i, text, sizeof text);
        if (keys[0] != '\0')
            ui_keys_help_add(lines, &n, max, keys, text);
    }
    for (size_t i = 0; i < sizeof help_styles / sizeof help_styles[0]; i++)
        ui_keys_help_add(lines, &n, max, NULL, _(help_styles[i]));
    return n;
}

void ui_watch_draw(struct ui *ui)
{
    struct ui_watch *v = ui->watch;
    const struct ui_geometry *geo = &ui->geo;
    int need_h, need_w;

    /* The view follows the search: scrolling and run highlights go with its cell. */
    if (v->anim.watch->focus >= 0)
        ui->cursor = v->anim.watch->focus;
    if (!ui_view_layout(ui, LINES, COLS, &need_h, &need_w)) {
        ui_too_small_draw(need_h, need_w);
        return;
    }
    ui_view_draw_board(ui);
    draw_panel(ui, geo->panel_top, geo->panel_left, geo->panel_h, geo->panel_w);
    ui_draw_message(ui);
}

/* --- Pacing hooks: the pacer's clock, frames and key waits --- */

static uint64_t pace_now(void *user)
{
    (void)user;
    return util_now_ns();
}

static void pace_draw(void *user)
{
    ui_redraw(user);
}

static void pace_input(void *user, int wait_ms)
{
    struct ui *ui = user;
    struct ui_watch *v = ui->watch;

    for (int i = 0; i < KEY_DRAIN && ui_handle_key(ui, i == 0 ? wait_ms : 0); i++)
        watch_pacer_redraw(&v->anim.pace);
    if (ui_stop_requested(ui))
        watch_pacer_stop(&v->anim.pace);
}

static const struct watch_pace_ops pace_ops = {
    .now = pace_now, .draw = pace_draw, .input = pace_input,
};

/* --- Starting, running and ending --- */

/* The speed the watch ended at is the next one's, in this session and the next ones
 * (kept in the config file as "watch-speed = N|full"); why the file could not keep it
 * goes into note (or, note NULL, onto the status line), else note is "". */
static void keep_speed(struct ui *ui, const struct ui_watch *v, char *note, size_t size)
{
    long speed = watch_speeds[v->speed];
    char value[24];

    if (note != NULL)
        note[0] = '\0';
    if (speed == ui->opt.prefs.watch_speed)
        return;
    ui->opt.prefs.watch_speed = speed;
    if (speed == WATCH_FULL_SPEED)
        snprintf(value, sizeof value, "full");
    else
        snprintf(value, sizeof value, "%ld", speed);
    ui_keep_setting(ui, "watch-speed", value, note, size);
}

/* Ends the watch; a failure to keep its speed goes into note as keep_speed says. */
static void close_watch(struct ui *ui, char *note, size_t size)
{
    struct ui_watch *v = ui->watch;

    if (note != NULL)
        note[0] = '\0';
    if (v == NULL)
        return;
    keep_speed(ui, v, note, size);
    ui->cursor = v->saved_cursor;
    watch_free(v->anim.watch);
    free(v->start);
    free(v);
    ui->watch = NULL;
    if (ui->screen == UI_WATCH)
        ui->screen = UI_BOARD;
    else if (ui->back == UI_WATCH)     /* its help, open as the player quits */
        ui->back = UI_BOARD;
}

void ui_watch_free(struct ui *ui)
{
    close_watch(ui, NULL, 0);
}

/* Says note (a failure to keep the speed or the game) after the watch's closing message,
 * which would else replace it at once: both stay on the status line, which wraps. */
static void say_note(struct ui *ui, const char *note)
{
    size_t n = strlen(ui->message);

    if (note[0] == '\0')
        return;
    if (n == 0) {
        ui_message(ui, "%s", note);
        return;
    }
    snprintf(ui->message + n, sizeof ui->message - n, " %s", note);
    ui_trim_utf8(ui->message);
}

/* How the search ended, with the keys for what comes next as they are bound. */
static void say_result(struct ui *ui)
{
    struct ui_watch *v = ui->watch;
    unsigned long long steps = (unsigned long long)v->anim.watch->n.steps;
    const char *other = strategy_name(other_strategy(v->strategy));
    char keep[PREFS_KEY_NAME_MAX], back[PREFS_KEY_NAME_MAX], strategy[PREFS_KEY_NAME_MAX];

    ui_bind_key(PREFS_WATCH_KEEP, "Enter", keep, sizeof keep);
    ui_bind_key(PREFS_WATCH_QUIT, "Esc", back, sizeof back);
    ui_bind_key(PREFS_WATCH_STRATEGY, NULL, strategy, sizeof strategy);
    /* TRANSLATORS: %1$llu steps; then the keys that keep the solution, go back and try
     * the other strategy, whose name (smart or plain) is the last. */
    if (v->end == END_SOLVED)
        ui_message(ui, P_("Solved in %1$llu step: %2$s keeps it, %3$s goes back, %4$s tries %5$s.",
                          "Solved in %1$llu steps: %2$s keeps it, %3$s goes back, %4$s tries %5$s.",
                          (unsigned long)steps), steps, keep, back, strategy, other);
    else if (v->end == END_GAVE_UP)
        ui_message(ui, P_("Gave up after %1$llu step (out of budget): %2$s goes back, %3$s tries %4$s.",
                          "Gave up after %1$llu steps (out of budget): %2$s goes back, %3$s tries %4$s.",
                          (unsigned long)steps), steps, back, strategy, other);
    else
        ui_message(ui, P_("No solution from this position (%1$llu step): %2$s goes back, %3$s tries %4$s.",
                          "No solution from this position (%1$llu steps): %2$s goes back, %3$s tries %4$s.",
                          (unsigned long)steps), steps, back, strategy, other);
}

/* The watched search's budget: --nodes, else the strategy's default, as for solve (at
 * full speed a search must end by itself too). */
static struct solve_budget watch_budget(const struct ui *ui, enum solve_strategy strategy)
{
    if (ui->opt.nodes > 0)
        return solve_budget_nodes((uint64_t)ui->opt.nodes);
    return solve_budget_nodes(strategy == SOLVE_PLAIN ? SOLVE_DEFAULT_PLAIN_NODES
                                                      : SOLVE_DEFAULT_NODES);
}

/* Runs searches until one ends on its own or the player stops: a switch of strategy
 * starts the next at once. */
static void run_searches(struct ui *ui)
{
    struct ui_watch *v = ui->watch;
    const struct puzzle *p = ui->game->puzzle;
    bool paused = false;    /* a switch of strategy while paused starts the next paused */

    for (;;) {
        struct solve_observer observer = { watch_animation_step, &v->anim };
        struct solve_request req = {
            .limit = 1, .observer = &observer, .strategy = v->strategy,
            .budget = watch_budget(ui, v->strategy),
        };
        struct solve_result res = { .solution = NULL };

        watch_reset(v->anim.watch, v->start);
        v->leave = v->switch_strategy = false;
        v->end = END_NONE;
        ui->message[0] = '\0';
        watch_pacer_start(&v->anim.pace, &pace_ops, ui, v->speed, paused);
        v->running = true;
        ui_redraw(ui);
        puzzle_solve(p, v->start, &req, &res);
        v->running = false;
        watch_pacer_finish(&v->anim.pace);
        v->search_ns = watch_pacer_elapsed_ns(&v->anim.pace);
        v->speed = v->anim.pace.speed;
        v->runs[v->strategy] = (struct run_record){
            .valid = true, .finished = !res.stopped && !res.gave_up,
            .steps = v->anim.watch->n.steps,
        };
        if (ui_stop_requested(ui))
            return;
        if (v->switch_strategy) {
            paused = v->switch_paused;
            v->strategy = other_strategy(v->strategy);
            continue;
        }
        if (v->leave) {
            unsigned long long steps = (unsigned long long)v->anim.watch->n.steps;
            char note[800];

            close_watch(ui, note, sizeof note);
            ui_message(ui, P_("Stopped after %llu step; your position is as it was.",
                              "Stopped after %llu steps; your position is as it was.",
                              (unsigned long)steps), steps);
            say_note(ui, note);
            return;
        }
        v->end = res.count > 0 ? END_SOLVED : res.gave_up ? END_GAVE_UP : END_NO_SOLUTION;
        say_result(ui);
        return;
    }
}

bool ui_watch_refused(struct ui *ui)
{
    const struct game *g = ui->game;
    uint8_t *bad = xcalloc((size_t)g->puzzle->ncells, 1);
    int clashes = puzzle_conflicts(g->puzzle, g->grid, bad);

    free(bad);
    if (clashes > 0)
        ui_message(ui, P_("Your digits clash in %d cell: fix it first (the solver starts from "
                          "them).",
                          "Your digits clash in %d cells: fix them first (the solver starts from "
                          "them).", (unsigned long)clashes), clashes);
    return clashes > 0;
}

void ui_watch_start(struct ui *ui)
{
    const struct game *g = ui->game;
    const struct puzzle *p = g->puzzle;
    size_t n = (size_t)p->ncells;
    struct ui_watch *v;

    if (ui->watch != NULL || ui_watch_refused(ui))
        return;
    v = xcalloc(1, sizeof *v);
    v->anim.watch = watch_new(p);
    v->strategy = ui->opt.strategy;
    v->speed = watch_speed_index(ui->opt.prefs.watch_speed);
    v->show_marks = true;
    v->start = xmalloc(n);
    memcpy(v->start, g->grid, n);
    v->saved_cursor = ui->cursor;
    /* The play timer stands still while the solver plays.  The animation runs its own
     * loop, so the main loop's ui_board_sync_timer cannot stop the clock in time; it
     * starts it again, if the board is not paused, once the watch is over. */
    game_pause(ui->game);
    init_styles(ui);
    ui->watch = v;
    ui->screen = UI_WATCH;
    run_searches(ui);
}

/* Keeps the solution as one move of the game, so one undo takes it back.  A failed save
 * of it is said after "Kept ...", which would else replace it at once. */
static void keep_solution(struct ui *ui)
{
    const char *why = NULL;
    char undo[8], note[800], unsaved[sizeof ui->message] = "";
    bool kept = game_set_grid(ui->game, ui->watch->anim.watch->solution, &why);

    close_watch(ui, note, sizeof note);
    if (!kept) {
        ui_message(ui, "%s.", why != NULL ? _(why) : _("The solution could not be kept"));
        say_note(ui, note);
        return;
    }
    if (!ui_board_after_move(ui))
        snprintf(unsaved, sizeof unsaved, "%s", ui->message);
    ui_message(ui, "Kept the solver's solution. (%s undoes it)",
               ui_keys_name(ui, CMD_UNDO, undo, sizeof undo));
    say_note(ui, unsaved);
    say_note(ui, note);
}

static void change_speed(struct ui_watch *v, int by)
{
    watch_pacer_set_speed(&v->anim.pace, v->anim.pace.speed + by);
    v->speed = v->anim.pace.speed;
}

/* Actions that act alike whether the search runs or is over; false if a is none. */
static bool common_action(struct ui *ui, int a)
{
    struct ui_watch *v = ui->watch;

    switch (a) {
    case PREFS_WATCH_FASTER:
        change_speed(v, 1);
        return true;
    case PREFS_WATCH_SLOWER:
        change_speed(v, -1);
        return true;
    case PREFS_WATCH_MARKS:
        v->show_marks = !v->show_marks;
        if (v->show_marks && !ui_view_marks_fit(ui))
            ui_message(ui, "Candidates show when the cells are large enough: a larger terminal.");
        return true;
    case PREFS_WATCH_HELP:
        if (v->running)
            watch_pacer_pause(&v->anim.pace, true);
        ui_help_open(ui);
        return true;
    default:
        return false;
    }
}

static void running_action(struct ui *ui, int a)
{
    struct ui_watch *v = ui->watch;

    switch (a) {
    case PREFS_WATCH_PAUSE:
        watch_pacer_pause(&v->anim.pace, !v->anim.pace.paused);
        break;
    case PREFS_WATCH_STEP:
        watch_pacer_single_step(&v->anim.pace);
        break;
    case PREFS_WATCH_STRATEGY:
        v->switch_strategy = true;
        v->switch_paused = v->anim.pace.paused;
        watch_pacer_stop(&v->anim.pace);
        break;
    case PREFS_WATCH_QUIT:
        v->leave = true;
        watch_pacer_stop(&v->anim.pace);
        break;
    default:
        break;
    }
}

static void finished_action(struct ui *ui, int a)
{
    struct ui_watch *v = ui->watch;

    switch (a) {
    case PREFS_WATCH_KEEP:
        if (v->end == END_SOLVED)
            keep_solution(ui);
        break;
    case PREFS_WATCH_STRATEGY:
        v->strategy = other_strategy(v->strategy);
        run_searches(ui);
        break;
    case PREFS_WATCH_QUIT: {
        char note[800];

        close_watch(ui, note, sizeof note);
        ui_message(ui, "Back to your position.");
        say_note(ui, note);
        break;
    }
    default:
        break;
    }
}

/* The action of a key: as bound, but Enter always keeps a solution and Esc always stops,
 * so that no binding locks anyone in. */
static int watch_action(int key, bool is_code)
{
    if (!is_code && (key == '\r' || key == '\n'))
        return PREFS_WATCH_KEEP;
    if (!is_code && key == UI_KEY_ESC)
        return PREFS_WATCH_QUIT;
    return ui_bind_action(PREFS_SCOPE_WATCH, key, is_code);
}

void ui_watch_key(struct ui *ui, int key, bool is_code)
{
    struct ui_watch *v = ui->watch;
    int a;

    a = watch_action(key, is_code);
    if (common_action(ui, a))
        return;
    if (v->running)
        running_action(ui, a);
    else
        finished_action(ui, a);
}
