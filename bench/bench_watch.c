/* bench_watch.c: what watching the solver costs: the search with a step-counting observer, and with the animation's watch and pacing at full speed (drawing a no-op), against the batch search on the same puzzles in the same run. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "format.h"
#include "puzzle.h"
#include "solve.h"
#include "util.h"
#include "watch.h"

#include "bench_set.h"

/*
 * Usage: bench_watch [--strategy=plain|smart] [--max=N] FILE...
 * For each FILE (any format kakudo reads; at most N puzzles, default all) it times, in
 * CPU time, the fastest of three passes over the puzzles, each pass repeated until it
 * takes at least 0.2 s:
 *   batch, limit 2        what `kakudo solve` runs (no observer)
 *   counting, limit 2     an observer that counts the steps (`solve --trace` without
 *                         the printing)
 *   batch, limit 1        what the animation searches for
 *   animation, limit 1    the player's observer at full speed: every step into a watch,
 *                         the pacer reading the clock, a frame (a no-op) every 1/60 s
 * and prints the ratios to the batch times (the animation's also to `kakudo solve`, the
 * batch search at limit 2), the steps per puzzle, and the frames drawn per second of
 * search (at most 60).  The goal: each ratio at most 2.
 */

#define PASSES 3
#define PASS_NS 200000000ull

/* The puzzles and the grid each starts from. */
struct set {
    struct bench_set all;
    uint8_t **starts;
};

enum mode { BATCH2, COUNTING2, BATCH1, ANIMATION1, NMODES };

static const char *const mode_names[NMODES] = {
    [BATCH2] = "batch, limit 2", [COUNTING2] = "counting observer, limit 2",
    [BATCH1] = "batch, limit 1", [ANIMATION1] = "animation at full speed, limit 1",
};

static enum solve_strategy strategy = SOLVE_SMART;

static bool load(const char *path, size_t max, struct set *set)
{
    if (!bench_load(path, 1, max, &set->all))
        return false;
    set->starts = xmalloc(set->all.n * sizeof *set->starts);
    for (size_t i = 0; i < set->all.n; i++) {
        set->starts[i] = xmalloc((size_t)set->all.puzzles[i]->ncells);
        puzzle_start_grid(set->all.puzzles[i], set->starts[i]);
    }
    return true;
}

static void set_free(struct set *set)
{
    if (set->starts != NULL)
        for (size_t i = 0; i < set->all.n; i++)
            free(set->starts[i]);
    free(set->starts);
    bench_set_free(&set->all);
}

/* --- The observers --- */

static int count_step(const struct solve_step *step, void *user)
{
    (void)step;
    ++*(uint64_t *)user;
    return 0;
}

/* The animation's hooks with nothing to draw or read: the real clock, frames counted. */
static uint64_t frames_drawn;

static uint64_t pace_now(void *user)
{
    (void)user;
    return util_now_ns();
}

static void pace_draw(void *user)
{
    (void)user;
    frames_drawn++;
}

static void pace_input(void *user, int wait_ms)
{
    (void)user;
    (void)wait_ms;
}

static const struct watch_pace_ops pace_ops = {
    .now = pace_now, .draw = pace_draw, .input = pace_input,
};

struct totals {
    uint64_t steps, solutions, search_ns;
};

/* One pass of mode over the set; returns the CPU time. */
static uint64_t run_pass(const struct set *set, enum mode mode, struct watch **watches,
                         struct totals *t)
{
    uint64_t t0 = bench_cpu_ns();

    for (size_t i = 0; i < set->all.n; i++) {
        const struct puzzle *p = set->all.puzzles[i];
        struct watch_animation anim = { .watch = watches[i] };
        uint64_t steps = 0;
        struct solve_observer counter = { count_step, &steps };
        struct solve_observer animator = { watch_animation_step, &anim };
        struct solve_request req = {
            .limit = mode == BATCH2 || mode == COUNTING2 ? 2 : 1, .strategy = strategy,
            .observer = mode == COUNTING2 ? &counter : mode == ANIMATION1 ? &animator : NULL,
        };
        struct solve_result res = { .solution = NULL };

        if (mode == ANIMATION1) {
            watch_reset(anim.watch, set->starts[i]);
            watch_pacer_start(&anim.pace, &pace_ops, NULL, watch_nspeeds - 1, false);
        }
        puzzle_solve(p, set->starts[i], &req, &res);
        if (mode == ANIMATION1) {
            watch_pacer_finish(&anim.pace);
            t->search_ns += anim.pace.run_ns;
            steps = anim.watch->n.steps;
        }
        t->steps += steps;
        t->solutions += (uint64_t)res.count;
    }
    return bench_cpu_ns() - t0;
}

/* The fastest of PASSES passes, each repeating the set reps times; per puzzle. */
static double time_mode(const struct set *set, enum mode mode, size_t reps, struct watch **watches,
                        struct totals *t)
{
    uint64_t best = UINT64_MAX;

    for (int pass = 0; pass < PASSES; pass++) {
        uint64_t ns = 0;

        *t = (struct totals){ 0 };
        frames_drawn = 0;
        for (size_t r = 0; r < reps; r++)
            ns += run_pass(set, mode, watches, t);
        if (ns < best)
            best = ns;
    }
    return (double)best / (double)(set->all.n * reps);
}

static void bench_file(const char *path, size_t max)
{
    struct set set = { 0 };
    struct watch **watches;
    struct totals t[NMODES], probe;
    double per[NMODES];
    size_t reps = 1;
    uint64_t once;

    if (!load(path, max, &set)) {
        fprintf(stderr, "bench_watch: %s: no puzzles\n", path);
        return;
    }
    watches = xmalloc(set.all.n * sizeof *watches);
    for (size_t i = 0; i < set.all.n; i++)
        watches[i] = watch_new(set.all.puzzles[i]);
    /* Enough repeats for a pass of the batch search to last PASS_NS. */
    once = run_pass(&set, BATCH1, watches, &probe);
    if (once < PASS_NS)
        reps = (size_t)(PASS_NS / (once + 1)) + 1;
    for (int m = 0; m < NMODES; m++)
        per[m] = time_mode(&set, (enum mode)m, reps, watches, &t[m]);
    printf("%s: %zu puzzles (%s %dx%d first), %s strategy, %zu repeats\n", path, set.all.n,
           set.all.puzzles[0]->ops->name, set.all.puzzles[0]->width, set.all.puzzles[0]->height,
           strategy == SOLVE_PLAIN ? "plain" : "smart", reps);
    for (int m = 0; m < NMODES; m++) {
        printf("  %-34s %12.2f us/puzzle", mode_names[m], per[m] / 1e3);
        if (m == COUNTING2 || m == ANIMATION1) {
            double ratio = per[m] / per[m - 1];
            printf("  %.2fx the same batch search (%s), %.0f steps/puzzle", ratio,
                   ratio <= 2.0 ? "within 2x" : "OVER 2x", (double)t[m].steps / (double)(set.all.n * reps));
        }
        if (m == ANIMATION1)
            printf("; %.2fx kakudo solve", per[m] / per[BATCH2]);
        printf("\n");
    }
    printf("  frames drawn: %llu in %.3f s of search, %.1f per second (at most 60)\n",
           (unsigned long long)frames_drawn, (double)t[ANIMATION1].search_ns / 1e9,
           t[ANIMATION1].search_ns > 0 ? (double)frames_drawn / ((double)t[ANIMATION1].search_ns / 1e9) : 0.0);
    for (size_t i = 0; i < set.all.n; i++)
        watch_free(watches[i]);
    free(watches);
    set_free(&set);
}

int main(int argc, char **argv)
{
    size_t max = (size_t)-1;
    int files = 0;

    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "--strategy=plain") == 0)
            strategy = SOLVE_PLAIN;
        else if (strcmp(argv[a], "--strategy=smart") == 0)
            strategy = SOLVE_SMART;
        else if (strncmp(argv[a], "--max=", 6) == 0)
            max = (size_t)strtoul(argv[a] + 6, NULL, 10);
        else {
            bench_file(argv[a], max);
            files++;
        }
    }
    if (files == 0) {
        fprintf(stderr, "usage: %s [--strategy=plain|smart] [--max=N] FILE...\n", argv[0]);
        return 2;
    }
    return 0;
}
