/* watch.c: watching the solver: the board the steps leave, their account and trace lines, and the pacing of an animation. */
#include "config.h"
#include "watch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "util.h"

struct watch *watch_new(const struct puzzle *p)
{
    size_t n = (size_t)p->ncells;
    struct watch *w = xcalloc(1, sizeof *w);

    w->p = p;
    w->start = xmalloc(n);
    w->grid = xmalloc(n);
    w->state = xmalloc(n);
    w->undone = xmalloc(n);
    w->gone = xmalloc(n * sizeof *w->gone);
    w->fresh = xmalloc(n * sizeof *w->fresh);
    w->news = xmalloc(n * sizeof *w->news);
    /* A branch guesses each empty cell at most once, so depths stay within ncells. */
    w->guess_cell = xmalloc((n + 2) * sizeof *w->guess_cell);
    /* A branch rules each candidate out at most once: room for all, so no step grows it. */
    w->elims_cap = n * (size_t)p->max_digit + 1;
    w->elims = xmalloc(w->elims_cap * sizeof *w->elims);
    w->solution = xmalloc(n);
    watch_reset(w, p->given);
    return w;
}

void watch_free(struct watch *w)
{
    if (w == NULL)
        return;
    free(w->start);
    free(w->grid);
    free(w->state);
    free(w->undone);
    free(w->gone);
    free(w->fresh);
    free(w->elims);
    free(w->news);
    free(w->guess_cell);
    free(w->solution);
    free(w);
}

void watch_reset(struct watch *w, const uint8_t *grid)
{
    size_t n = (size_t)w->p->ncells;

    memcpy(w->start, grid, n);
    memcpy(w->grid, grid, n);
    for (size_t c = 0; c < n; c++)
        w->state[c] = grid[c] ? WATCH_START : WATCH_EMPTY;
    memset(w->undone, 0, n);
    memset(w->gone, 0, n * sizeof *w->gone);
    memset(w->fresh, 0, n * sizeof *w->fresh);
    memset(w->news, 0xff, n * sizeof *w->news);
    memset(w->solution, 0, n);
    w->nelims = 0;
    w->guess_cell[0] = -1;
    w->last = (struct solve_step){ .kind = STEP_SOLVED, .cell = -1, .group = -1 };
    w->prev_kind = STEP_SOLVED;
    w->back_to = -1;
    w->focus = -1;
    w->n = (struct watch_counts){ 0 };
}

/* --- Taking in steps --- */

/* What an undone or dead cell shows, and the candidates just ruled out, are news only
 * until the next guess: each cell notes the guess its news came after. */
static inline uint32_t guess_stamp(const struct watch *w)
{
    return (uint32_t)w->n.guesses;
}

static inline bool is_news(const struct watch *w, int cell)
{
    return w->news[cell] == guess_stamp(w);
}

/* Makes cell's news current, forgetting what was news before the latest guess. */
static inline void make_news(struct watch *w, int cell)
{
    if (!is_news(w, cell)) {
        w->fresh[cell] = 0;
        w->news[cell] = guess_stamp(w);
    }
}

static void fill(struct watch *w, int cell, int digit, enum watch_cell state)
{
    w->grid[cell] = (uint8_t)digit;
    w->state[cell] = (uint8_t)state;
}

/* Backing up to depth restores the candidates ruled out at that depth and deeper. */
static void restore_eliminations(struct watch *w, int depth)
{
    while (w->nelims > 0 && w->elims[w->nelims - 1].depth >= depth) {
        const struct watch_elim *e = &w->elims[--w->nelims];

        w->gone[e->cell] &= ~e->bit;
        w->fresh[e->cell] &= ~e->bit;
    }
}

static void eliminate(struct watch *w, int cell, int digit, int depth)
{
    digitset bit = 1u << digit;

    if (w->nelims == w->elims_cap)
        w->elims = xgrow(w->elims, &w->elims_cap, w->nelims + 1, sizeof *w->elims);
    w->elims[w->nelims++] = (struct watch_elim){ .cell = cell, .depth = depth, .bit = bit };
    w->gone[cell] |= bit;
    make_news(w, cell);
    w->fresh[cell] |= bit;
}

static void backtrack(struct watch *w, int cell, int digit, int depth)
{
    if (w->prev_kind != STEP_BACKTRACK)
        w->n.backtracks++;
    w->n.undone++;
    fill(w, cell, 0, WATCH_UNDONE);
    w->undone[cell] = (uint8_t)digit;
    make_news(w, cell);
    restore_eliminations(w, depth);
}

static void dead_end(struct watch *w, const struct solve_step *st)
{
    w->n.dead_ends++;
    w->back_to = st->depth > 0 && st->depth <= w->p->ncells ? w->guess_cell[st->depth] : -1;
    if (st->cell >= 0) {
        w->state[st->cell] = WATCH_DEAD;
        make_news(w, st->cell);
    }
}

/* The work of watch_apply, inlined into the animation's observer too. */
static inline void apply_step(struct watch *w, const struct solve_step *st)
{
    bool on_cell = st->cell >= 0 && st->cell < w->p->ncells;

    w->n.steps++;
    w->n.depth = st->depth;
    if (st->depth > w->n.max_depth)
        w->n.max_depth = st->depth;
    switch (st->kind) {
    case STEP_GUESS:
        if (!on_cell)
            break;
        w->n.guesses++;
        if (st->depth >= 0 && st->depth <= w->p->ncells)
            w->guess_cell[st->depth] = st->cell;
        fill(w, st->cell, st->digit, WATCH_GUESSED);
        break;
    case STEP_PLACE:
        if (!on_cell)
            break;
        w->n.places++;
        fill(w, st->cell, st->digit, WATCH_PLACED);
        break;
    case STEP_ELIMINATE:
        if (!on_cell || st->digit < 1 || st->digit > w->p->max_digit)
            break;
        w->n.eliminations++;
        eliminate(w, st->cell, st->digit, st->depth);
        break;
    case STEP_BACKTRACK:
        if (on_cell)
            backtrack(w, st->cell, st->digit, st->depth);
        break;
    case STEP_CONTRADICTION:
        if (st->cell < w->p->ncells)
            dead_end(w, st);
        break;
    case STEP_SOLVED:
        if (w->n.solutions++ == 0)
            memcpy(w->solution, w->grid, (size_t)w->p->ncells);
        break;
    }
    w->prev_kind = st->kind;
    if (on_cell)
        w->focus = st->cell;
}

/* Keeps the step to tell it; only what is drawn needs it, so an animation keeps just the
 * steps it may draw after. */
static inline void keep_last(struct watch *w, const struct solve_step *st)
{
    /* Field by field: the solver has just stored them one by one, and a whole-struct
     * copy reads them back in wider pieces, which stalls on those fresh stores. */
    w->last.kind = st->kind;
    w->last.cell = st->cell;
    w->last.digit = st->digit;
    w->last.depth = st->depth;
    w->last.choice = st->choice;
    w->last.nchoices = st->nchoices;
    w->last.group = st->group;
}

void watch_apply(struct watch *w, const struct solve_step *st)
{
    apply_step(w, st);
    keep_last(w, st);
}

/* --- What the view asks --- */

enum watch_cell watch_cell_state(const struct watch *w, int cell, int *digit)
{
    enum watch_cell state = (enum watch_cell)w->state[cell];

    if ((state == WATCH_UNDONE || state == WATCH_DEAD) && !is_news(w, cell))
        state = WATCH_EMPTY;
    *digit = state == WATCH_UNDONE ? w->undone[cell] : w->grid[cell];
    return state;
}

digitset watch_candidates(const struct watch *w, int cell)
{
    if (w->p->block[cell] || w->grid[cell] != 0)
        return 0;
    return puzzle_candidates(w->p, w->grid, cell) & ~w->gone[cell];
}

digitset watch_just_ruled_out(const struct watch *w, int cell)
{
    return w->grid[cell] != 0 || !is_news(w, cell) ? 0 : w->fresh[cell];
}

const char *watch_group_name(const struct puzzle *p, int g, bool compact, char *buf, size_t size)
{
    /* The compact form is --trace's (the same in every language); the other the panel's. */
    static const char *const kinds[] = {
        [GROUP_ROW] = N_("row"), [GROUP_COLUMN] = N_("column"), [GROUP_BOX] = N_("box"),
        [GROUP_ACROSS] = N_("across"), [GROUP_DOWN] = N_("down"),
    };
    const struct puzzle_group *grp;
    const char *kind;
    char first[PUZZLE_CELL_NAME_MAX], last[PUZZLE_CELL_NAME_MAX];
    int index = 0;

    if (g < 0 || g >= p->ngroups) {
        snprintf(buf, size, "-");
        return buf;
    }
    grp = &p->groups[g];
    kind = compact ? kinds[grp->kind] : _(kinds[grp->kind]);
    if (grp->kind == GROUP_ACROSS || grp->kind == GROUP_DOWN) {
        puzzle_cell_name(p, grp->cells[0], first);
        puzzle_cell_name(p, grp->cells[grp->ncells - 1], last);
        if (compact || grp->ncells == 1)
            snprintf(buf, size, "%s%s%s", kind, compact ? ":" : " ", first);
        else
            snprintf(buf, size, "%s %s-%s", kind, first, last);
        return buf;
    }
    for (int k = 0; k < g; k++)
        index += p->groups[k].kind == grp->kind;
    snprintf(buf, size, compact ? "%s%d" : "%s %d", kind, index + 1);
    return buf;
}

/* "-> back to r4c7", or "-> no solution" when there is no guess to return to. */
static void say_back_to(const struct watch *w, char *buf, size_t size, size_t used)
{
    char name[PUZZLE_CELL_NAME_MAX];

    if (used >= size)
        return;
    if (w->back_to >= 0)
        snprintf(buf + used, size - used, _(" -> back to %s"), puzzle_cell_name(w->p, w->back_to, name));
    else
        snprintf(buf + used, size - used, "%s", _(" -> no solution"));
}

static size_t said(int n, size_t size)
{
    return n < 0 ? 0 : (size_t)n < size ? (size_t)n : size;
}

static const char *account_dead_end(const struct watch *w, char *buf, size_t size)
{
    const struct solve_step *st = &w->last;
    const struct puzzle *p = w->p;
    char name[64];
    int n;

    if (st->cell >= 0)
        n = snprintf(buf, size, _("%s: no digit fits"), puzzle_cell_name(p, st->cell, name));
    else if (st->group >= 0 && st->digit > 0)
        n = snprintf(buf, size, _("%s: no place for %c"), watch_group_name(p, st->group, false, name, sizeof name),
                     sudoku_symbol(st->digit));
    else if (st->group >= 0 && puzzle_group_has_sum(&p->groups[st->group]))
        n = snprintf(buf, size, _("%s: %d cannot be made"), watch_group_name(p, st->group, false, name, sizeof name),
                     p->groups[st->group].sum);
    else if (st->group >= 0)
        n = snprintf(buf, size, _("%s: too few digits left to differ"),
                     watch_group_name(p, st->group, false, name, sizeof name));
    else if (st->digit > 0)
        n = snprintf(buf, size, _("no room left for %c"), sudoku_symbol(st->digit));
    else
        n = snprintf(buf, size, "%s", _("dead end"));
    say_back_to(w, buf, size, said(n, size));
    return buf;
}

const char *watch_account(const struct watch *w, char *buf, size_t size)
{
    const struct solve_step *st = &w->last;
    char name[PUZZLE_CELL_NAME_MAX];

    if (size == 0)
        return buf;
    buf[0] = '\0';
    if (w->n.steps == 0)
        return buf;
    if (st->cell >= 0)
        puzzle_cell_name(w->p, st->cell, name);
    switch (st->kind) {
    case STEP_GUESS:
        if (st->nchoices > 0)
            snprintf(buf, size, _("%s = %c (guess %d of %d)"), name, sudoku_symbol(st->digit),
                     st->choice, st->nchoices);
        else
            snprintf(buf, size, _("%s = %c (guess)"), name, sudoku_symbol(st->digit));
        break;
    case STEP_PLACE:
        snprintf(buf, size, _("%s = %c (forced)"), name, sudoku_symbol(st->digit));
        break;
    case STEP_ELIMINATE:
        snprintf(buf, size, _("%s: %c ruled out"), name, sudoku_symbol(st->digit));
        break;
    case STEP_BACKTRACK:
        snprintf(buf, size, _("%s = %c taken back"), name, sudoku_symbol(st->digit));
        break;
    case STEP_CONTRADICTION:
        return account_dead_end(w, buf, size);
    case STEP_SOLVED:
        snprintf(buf, size, "%s", _("solved: every cell filled"));
        break;
    }
    return buf;
}

int watch_focus_groups(const struct watch *w, int *groups, int max)
{
    int n = 0;

    if (w->n.steps > 0 && w->last.kind == STEP_CONTRADICTION && w->last.group >= 0) {
        if (max > 0)
            groups[n++] = w->last.group;
        return n;
    }
    if (w->focus < 0)
        return 0;
    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && n < max; k++)
        if (w->p->cell_groups[w->focus][k] >= 0)
            groups[n++] = w->p->cell_groups[w->focus][k];
    return n;
}

void watch_group_left(const struct watch *w, int g, int *sum_left, int *empty)
{
    const struct puzzle_group *grp = &w->p->groups[g];

    *sum_left = grp->sum;
    *empty = 0;
    for (int i = 0; i < grp->ncells; i++) {
        *sum_left -= w->grid[grp->cells[i]];
        *empty += w->grid[grp->cells[i]] == 0;
    }
}

/* --- The trace --- */

const char *watch_step_kind_name(enum solve_step_kind kind)
{
    static const char *const names[] = {
        [STEP_PLACE] = "place", [STEP_ELIMINATE] = "eliminate", [STEP_GUESS] = "guess",
        [STEP_BACKTRACK] = "backtrack", [STEP_CONTRADICTION] = "contradiction",
        [STEP_SOLVED] = "solved",
    };

    return kind <= STEP_SOLVED ? names[kind] : "?";
}

const char *watch_trace_line(const struct puzzle *p, uint64_t n, const struct solve_step *st,
                             char *buf, size_t size)
{
    char cell[PUZZLE_CELL_NAME_MAX] = "-", digit[2] = "-", extra[64] = "";

    if (st->cell >= 0 && st->cell < p->ncells)
        puzzle_cell_name(p, st->cell, cell);
    if (st->digit > 0)
        digit[0] = sudoku_symbol(st->digit);
    if (st->kind == STEP_GUESS)
        snprintf(extra, sizeof extra, " %d/%d", st->choice, st->nchoices);
    else if (st->kind == STEP_CONTRADICTION && st->group >= 0) {
        extra[0] = ' ';
        watch_group_name(p, st->group, true, extra + 1, sizeof extra - 1);
    }
    snprintf(buf, size, "%llu %s %s %s %d%s", (unsigned long long)n, watch_step_kind_name(st->kind),
             cell, digit, st->depth, extra);
    return buf;
}

/* --- Pacing --- */

const long watch_speeds[] = {
    1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100000,
    200000, 500000, 1000000, WATCH_FULL_SPEED,
};
const int watch_nspeeds = (int)(sizeof watch_speeds / sizeof watch_speeds[0]);

/* At full speed the clock is read every this many steps: a step takes well under a
 * microsecond, so frames stay on time, and the clock costs nothing next to the search. */
#define FULL_SPEED_BATCH 64
#define BEHIND_NS 250000000u    /* further behind than this, a set speed starts afresh */
#define MS 1000000u

int watch_speed_index(long steps_per_second)
{
    if (steps_per_second <= 0)
        return watch_nspeeds - 1;
    for (int i = 0; i < watch_nspeeds - 1; i++)
        if (watch_speeds[i] >= steps_per_second)
            return i;
    return watch_nspeeds - 2;
}

static bool full_speed(const struct watch_pacer *pc)
{
    return watch_speeds[pc->speed] == WATCH_FULL_SPEED;
}

static void set_batch(struct watch_pacer *pc)
{
    pc->batch = !pc->paused && full_speed(pc) ? FULL_SPEED_BATCH : 1;
    pc->countdown = pc->batch;
}

/* The speed counts from now: the next step is due one step's time later. */
static void anchor(struct watch_pacer *pc, uint64_t now)
{
    pc->anchor_ns = now;
    pc->anchor_steps = pc->steps;
}

void watch_pacer_start(struct watch_pacer *pc, const struct watch_pace_ops *ops, void *user,
                       int speed, bool paused)
{
    uint64_t now = ops->now(user);

    *pc = (struct watch_pacer){ .ops = ops, .user = user, .paused = paused };
    pc->speed = speed < 0 ? 0 : speed >= watch_nspeeds ? watch_nspeeds - 1 : speed;
    pc->run_since = now;
    pc->next_frame_ns = now + WATCH_FRAME_NS;
    anchor(pc, now);
    set_batch(pc);
}

/* Draws a frame, then looks at the keys: a frame is also when the view answers them. */
static void frame(struct watch_pacer *pc, uint64_t now)
{
    pc->redraw = false;
    pc->frames++;
    pc->next_frame_ns = now + WATCH_FRAME_NS;
    pc->ops->draw(pc->user);
    pc->ops->input(pc->user, 0);
}

static uint64_t step_due(const struct watch_pacer *pc)
{
    double rate = (double)watch_speeds[pc->speed];

    return pc->anchor_ns + (uint64_t)((double)(pc->steps - pc->anchor_steps) * 1e9 / rate);
}

/* At a set speed: waits for the step's time, answering keys meanwhile, then shows it
 * (every step up to 60 a second, else a frame every 1/60 s). */
static void pace_speed(struct watch_pacer *pc, uint64_t now)
{
    int speed = pc->speed;
    uint64_t due = step_due(pc);

    if (now > due + BEHIND_NS) {
        anchor(pc, now);
        due = now;
    }
    while (!pc->stop && !pc->paused && !full_speed(pc) && now + MS <= due) {
        uint64_t left = due - now;
        int wait = (int)((left + MS - 1) / MS);

        if (pc->redraw)
            frame(pc, now);
        pc->ops->input(pc->user, wait < WATCH_KEY_WAIT_MS ? wait : WATCH_KEY_WAIT_MS);
        now = pc->ops->now(pc->user);
        if (pc->speed != speed) {
            speed = pc->speed;
            if (full_speed(pc))
                break;
            due = step_due(pc);
        }
    }
    if (pc->stop || pc->paused)
        return;
    if (watch_speeds[pc->speed] <= 60 || now >= pc->next_frame_ns || pc->redraw)
        frame(pc, now);
}

int watch_pace(struct watch_pacer *pc)
{
    uint64_t now = pc->ops->now(pc->user);

    pc->steps += pc->batch;
    if (!pc->paused) {
        if (full_speed(pc)) {
            if (now >= pc->next_frame_ns || pc->redraw)
                frame(pc, now);
        } else {
            pace_speed(pc, now);
        }
    }
    /* Paused (also by a key just now): this step is shown, then only keys move on. */
    if (pc->paused)
        pc->redraw = true;
    while (pc->paused && !pc->stop) {
        if (pc->redraw) {
            pc->redraw = false;
            pc->frames++;
            pc->ops->draw(pc->user);
        }
        if (pc->step_once) {
            pc->step_once = false;
            break;
        }
        pc->ops->input(pc->user, -1);
    }
    set_batch(pc);
    return pc->stop;
}

void watch_pacer_set_speed(struct watch_pacer *pc, int speed)
{
    if (speed < 0)
        speed = 0;
    if (speed >= watch_nspeeds)
        speed = watch_nspeeds - 1;
    pc->speed = speed;
    anchor(pc, pc->ops->now(pc->user));
    pc->redraw = true;
    set_batch(pc);
}

void watch_pacer_pause(struct watch_pacer *pc, bool paused)
{
    uint64_t now = pc->ops->now(pc->user);

    if (paused == pc->paused)
        return;
    if (paused) {
        pc->run_ns += now - pc->run_since;
    } else {
        pc->run_since = now;
        anchor(pc, now);
    }
    pc->paused = paused;
    pc->step_once = false;
    pc->redraw = true;
    set_batch(pc);
}

void watch_pacer_single_step(struct watch_pacer *pc)
{
    if (!pc->paused)
        watch_pacer_pause(pc, true);
    else
        pc->step_once = true;
}

void watch_pacer_stop(struct watch_pacer *pc)
{
    pc->stop = true;
}

void watch_pacer_redraw(struct watch_pacer *pc)
{
    pc->redraw = true;
}

uint64_t watch_pacer_elapsed_ns(const struct watch_pacer *pc)
{
    if (pc->paused || pc->ops == NULL)
        return pc->run_ns;
    return pc->run_ns + (pc->ops->now(pc->user) - pc->run_since);
}

void watch_pacer_finish(struct watch_pacer *pc)
{
    watch_pacer_pause(pc, true);
    pc->redraw = false;
}

/* "Solved" is not a move: what is worth telling when the search ends is the move that
 * completed the grid, which a fast animation may not have kept (it keeps only the steps
 * it draws).  It was a placement or a guess on the cell in focus. */
static void keep_final_move(struct watch *w)
{
    if (w->focus < 0 || (w->prev_kind != STEP_PLACE && w->prev_kind != STEP_GUESS))
        return;
    if (w->last.kind == w->prev_kind && w->last.cell == w->focus)
        return;     /* kept already, with its choice of a guess */
    w->last = (struct solve_step){ .kind = w->prev_kind, .cell = w->focus,
                                   .digit = w->grid[w->focus], .group = -1 };
}

int watch_animation_step(const struct solve_step *step, void *user)
{
    struct watch_animation *a = user;

    if (step->kind == STEP_SOLVED)
        keep_final_move(a->watch);
    apply_step(a->watch, step);
    if (!watch_pacer_due(&a->pace))
        return 0;
    /* Frames are drawn only in watch_pace, so the step told is always this one. */
    if (step->kind != STEP_SOLVED)
        keep_last(a->watch, step);
    return watch_pace(&a->pace);
}
