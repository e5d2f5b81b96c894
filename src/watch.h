/* watch.h: watching the solver: what the steps leave on the board, their account and trace lines, and the pacing of an animation. */
#ifndef KAKUDO_WATCH_H
#define KAKUDO_WATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "puzzle.h"
#include "solve.h"

/*
 * A watch follows a search step by step (the solver's observer hands it each step) and
 * keeps what a view needs to draw it, without any drawing itself: the digit and state of
 * every cell, the candidates ruled out on the current branch, counters, and the step to
 * tell in words.  Applying a step is a few stores, so a watch costs little next to the
 * search; the words are only made when asked for.
 */

enum watch_cell {
    WATCH_EMPTY,        /* empty, as far as the search has gone */
    WATCH_START,        /* filled before the search began (givens, the player's digits) */
    WATCH_PLACED,       /* filled by propagation: the only digit left */
    WATCH_GUESSED,      /* filled by a guess */
    WATCH_UNDONE,       /* emptied by a backtrack since the latest guess; its digit shown */
    WATCH_DEAD,         /* a dead end found since the latest guess (empty, no digit fits) */
};

struct watch_counts {
    uint64_t steps;
    uint64_t guesses, places, eliminations;
    uint64_t dead_ends;     /* STEP_CONTRADICTION */
    uint64_t backtracks;    /* times the search backed up: runs of STEP_BACKTRACK */
    uint64_t undone;        /* cells emptied while backing up */
    uint64_t solutions;
    int depth, max_depth;   /* guesses on the current branch */
};

struct watch_elim {
    int cell;
    int depth;
    digitset bit;
};

struct watch {
    const struct puzzle *p;
    uint8_t *start;         /* the grid the search began from */
    uint8_t *grid;          /* the working grid, as the steps left it */
    uint8_t *state;         /* per cell: enum watch_cell */
    uint8_t *undone;        /* per cell: the digit a backtrack took out */
    digitset *gone;         /* per cell: candidates ruled out on the current branch */
    digitset *fresh;        /* per cell: those ruled out since the latest guess */
    struct watch_elim *elims;   /* the eliminations on the current branch, oldest first */
    size_t nelims, elims_cap;
    uint32_t *news;         /* per cell: the guess (count) after which it was undone, found
                             * dead or lost candidates; news only until the next guess */
    int *guess_cell;        /* per depth: the cell guessed there */
    struct solve_step last; /* the latest step (its grid pointer not kept); in an
                             * animation, the latest one the pacer looked at */
    enum solve_step_kind prev_kind;     /* the kind of the step before */
    int back_to;            /* the latest dead end: the cell of the guess it returns to, or -1 */
    int focus;              /* the cell the latest step was about, or the one before */
    uint8_t *solution;      /* the first solution, once found */
    struct watch_counts n;
};

/* A watch of searches on p, which must outlive it. */
struct watch *watch_new(const struct puzzle *p);
void watch_free(struct watch *w);
/* Forgets everything and starts again from grid (p->ncells digits). */
void watch_reset(struct watch *w, const uint8_t *grid);
/* Takes in one step of the search. */
void watch_apply(struct watch *w, const struct solve_step *step);

/* What cell shows: its state, and the digit drawn (0 if none). */
enum watch_cell watch_cell_state(const struct watch *w, int cell, int *digit);
/* The candidates an empty white cell still has on the current branch, and those of them
 * just ruled out (since the latest guess; they are no longer candidates). */
digitset watch_candidates(const struct watch *w, int cell);
digitset watch_just_ruled_out(const struct watch *w, int cell);
/* The latest step in words ("r4c7 = 3 (guess 2 of 3)"), or "" before the first. */
const char *watch_account(const struct watch *w, char *buf, size_t size);
/* The groups the latest step concerns (a dead end's group, else the groups of its
 * cell, or of the cell before): their number, at most max, into groups. */
int watch_focus_groups(const struct watch *w, int *groups, int max);
/* What a group still needs: the sum of its empty cells (meaningless for a run without a
 * clue: see puzzle_group_has_sum) and how many there are. */
void watch_group_left(const struct watch *w, int g, int *sum_left, int *empty);

/* A group's name: "row 3", "column 5", "box 2", "across r2c3-r2c5", "down r1c4-r4c4";
 * compact drops the space and the run's end ("row3", "across:r2c3"). */
const char *watch_group_name(const struct puzzle *p, int g, bool compact, char *buf, size_t size);

/* One step as a line of `kakudo solve --trace`, without the newline:
 *   N KIND CELL DIGIT DEPTH [EXTRA]
 * N counts steps from 1; KIND is guess, place, eliminate, backtrack, contradiction or
 * solved; CELL is rRcC or "-"; DIGIT is the symbol or "-"; DEPTH is the number of guesses
 * on the current branch; EXTRA is "K/M" for a guess (the Kth of M candidates) and, for a
 * dead end that a group found, the group's compact name.  Returns buf. */
const char *watch_trace_line(const struct puzzle *p, uint64_t n, const struct solve_step *step,
                             char *buf, size_t size);
const char *watch_step_kind_name(enum solve_step_kind kind);

/* --- Pacing an animation --- */

/*
 * The observer callback is where a view gets control during the search, as ncdu's scan
 * calls back into its UI.  The pacer decides from the clock what to do after a step:
 * at full speed it reads the clock only every few steps and draws at most a frame every
 * 1/60 s, the search running in between; at a set speed it waits for the next step's
 * time while handing key input waits of at most 50 ms; paused, it waits for keys only.
 * The view supplies the clock, the drawing and the key handling (which calls the
 * watch_pacer_* controls below); the benchmark supplies no-op ones.
 */

#define WATCH_FRAME_NS (1000000000u / 60u)
#define WATCH_KEY_WAIT_MS 50
#define WATCH_FULL_SPEED 0L

/* Steps per second of each speed, slowest first; the last, WATCH_FULL_SPEED, is as fast
 * as the machine goes. */
extern const long watch_speeds[];
extern const int watch_nspeeds;
/* The speed index closest to steps per second (0: full). */
int watch_speed_index(long steps_per_second);

struct watch_pace_ops {
    uint64_t (*now)(void *user);            /* monotonic nanoseconds */
    void (*draw)(void *user);               /* draws a frame */
    /* Waits up to wait_ms milliseconds (0: only looks, -1: as long as it takes) for
     * keys, and handles those that came. */
    void (*input)(void *user, int wait_ms);
};

struct watch_pacer {
    const struct watch_pace_ops *ops;
    void *user;
    int speed;              /* index into watch_speeds */
    bool paused, step_once, stop, redraw;
    uint32_t countdown;     /* steps until watch_pace is due */
    uint32_t batch;         /* steps between two calls of watch_pace */
    uint64_t steps;         /* steps paced so far */
    uint64_t anchor_ns, anchor_steps;   /* the set speed counts from here */
    uint64_t next_frame_ns;
    uint64_t frames;
    uint64_t run_ns, run_since;         /* search time before and since the last pause */
};

void watch_pacer_start(struct watch_pacer *pc, const struct watch_pace_ops *ops, void *user,
                       int speed, bool paused);
/* Counts a step; true when watch_pace must be called. */
static inline bool watch_pacer_due(struct watch_pacer *pc)
{
    return --pc->countdown == 0;
}
/* After the steps counted: draws, waits and handles keys as the speed says; non-zero
 * when the search is to stop. */
int watch_pace(struct watch_pacer *pc);
/* Controls, for the key handling. */
void watch_pacer_set_speed(struct watch_pacer *pc, int speed);
void watch_pacer_pause(struct watch_pacer *pc, bool paused);
void watch_pacer_single_step(struct watch_pacer *pc);
void watch_pacer_stop(struct watch_pacer *pc);
void watch_pacer_redraw(struct watch_pacer *pc);
/* Search time so far, without the pauses. */
uint64_t watch_pacer_elapsed_ns(const struct watch_pacer *pc);
/* The search ended: stops the search clock. */
void watch_pacer_finish(struct watch_pacer *pc);

/* An animation: the watch of the search and its pacer.  watch_animation_step is its
 * observer (user: the struct watch_animation): the step goes into the watch, and the
 * pacer runs when due. */
struct watch_animation {
    struct watch *watch;
    struct watch_pacer pace;
};
int watch_animation_step(const struct solve_step *step, void *user);

#endif
