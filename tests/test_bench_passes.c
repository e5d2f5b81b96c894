/* test_bench_passes.c: bench_variant's timing in alternating passes (bench/bench_passes.c):
 * the order of the solves, each puzzle's least over the passes, the ratios and their
 * spread, against plain puzzles of the same rating; with a scripted clock, no timing. */
#include "config.h"

#include <math.h>

#include "../bench/bench_passes.h"
#include "tap.h"

/* The scripted solves: the time of each call in turn, and which set and puzzle it was. */
#define CALLS 18
static const uint64_t script[CALLS] = {
    50, 40, 70, 60, 30, 35,     /* pass 1: set A's puzzles 0 and 1 twice each, then B's */
    900, 45, 65, 62, 31, 20,    /* pass 2: A's puzzle 0 preempted on its first solve */
    55, 41, 68, 500, 29, 33,    /* pass 3: A's puzzle 1 preempted on a repeat */
};
static const struct bench_timed *called_set[CALLS];
static size_t called_puzzle[CALLS];
static size_t calls;

static uint64_t scripted_solve(const struct bench_timed *t, size_t i, uint64_t *nodes)
{
    uint64_t time = calls < CALLS ? script[calls] : 0;

    if (calls < CALLS) {
        called_set[calls] = t;
        called_puzzle[calls] = i;
    }
    *nodes = calls;
    calls++;
    return time;
}

static bool near(double x, double y)
{
    return fabs(x - y) < 1e-9;
}

static bool solved_in_turn(const struct bench_timed *a, const struct bench_timed *b)
{
    static const size_t puzzle[6] = { 0, 0, 1, 1, 0, 0 };

    if (calls != CALLS)
        return false;
    for (size_t k = 0; k < CALLS; k++)
        if (called_set[k] != (k % 6 < 4 ? a : b) || called_puzzle[k] != puzzle[k % 6])
            return false;
    return true;
}

static void test_passes(void)
{
    struct puzzle *none[2] = { NULL, NULL };
    struct bench_timed *a = bench_timed_new(none, 2, NULL, 3), *b = bench_timed_new(none, 1, NULL, 3);
    struct bench_timed *sets[2] = { a, b };
    struct bench_ratios r, each[3], lo, hi;

    bench_passes_run(sets, 2, 3, 2, scripted_solve, NULL);
    tap_ok(solved_in_turn(a, b), "each pass solves every set in turn, a puzzle's repeats back to back");
    tap_ok(a->cold[0] == 50 && a->cold[1] == 65 && b->cold[0] == 29,
           "a first solve is the least of the passes' first solves (a preempted one does not count)");
    tap_ok(a->warm[0] == 40 && a->warm[1] == 60 && b->warm[0] == 20,
           "a time is the least of its repeats over all the passes");
    tap_ok(a->pass_cold[3 * 0 + 2] == 900 && a->pass_warm[2 + 1] == 62 && a->pass_warm[4 + 1] == 68,
           "each pass keeps its own first solve and least repeat");
    tap_ok(a->nodes[0] == 0 && a->nodes[1] == 2 && b->nodes[0] == 4,
           "a puzzle's nodes are those of its first solve");
    tap_ok(bench_times(a, -1, true) == a->cold && bench_times(a, 1, false) == a->pass_warm + 2,
           "a pass's times or the least are read where they are kept");

    tap_ok(bench_ratios_of(b, a, -1, &r) && near(r.median, 20.0 / 60) && near(r.mean, 20.0 / 50)
           && near(r.first_median, 29.0 / 65) && near(r.first_mean, 29.0 / 57.5),
           "the ratios over the least: medians (the upper of two) and means");
    for (int p = 0; p < 3; p++)
        bench_ratios_of(b, a, p, &each[p]);
    tap_ok(near(each[1].first_median, 31.0 / 900) && near(each[2].median, 29.0 / 68),
           "a pass's ratios from its own times");
    bench_ratios_spread(each, 3, &lo, &hi);
    tap_ok(near(lo.first_median, 31.0 / 900) && near(hi.first_median, 30.0 / 70)
           && near(lo.median, 20.0 / 62) && near(hi.median, 30.0 / 60),
           "the spread is each ratio's least and most over the passes");
    tap_ok(!bench_ratios_of(b, &(struct bench_timed){ .n = 0 }, -1, &r), "no ratio to an empty set");
    bench_timed_free(a);
    bench_timed_free(b);
}

static void test_rated(void)
{
    struct bench_rated plain[] = {
        { 2, 10, 12, 0 }, { 2, 20, 22, 0 }, { 2, 30, 32, 0 }, { 2, 40, 42, 0 }, { 2, 50, 52, 0 },
        { 3, 10, 10, 0 }, { 3, 10, 10, 0 }, { 3, 10, 10, 0 }, { 3, 10, 10, 0 },
    };
    struct bench_rated v[] = { { 2, 60, 64, 0 }, { 2, 90, 96, 0 }, { 3, 1000, 1000, 0 } };
    struct bench_ratios r;
    size_t matched, count;

    tap_ok(bench_median_in_band(plain, 9, 2, true, &count) == 32 && count == 5,
           "a band's median first solve");
    tap_ok(bench_rated_ratios(v, 3, plain, 9, &r, &matched) && matched == 2,
           "only bands with five plain puzzles are compared");
    tap_ok(near(r.median, 3.0) && near(r.mean, 150.0 / 60) && near(r.first_median, 3.0)
           && near(r.first_mean, 160.0 / 64),
           "each puzzle against its band's plain median: median ratio, sums' ratio");
    tap_ok(!bench_rated_ratios(v + 2, 1, plain, 9, &r, &matched) && matched == 0,
           "none compared when no band has enough plain puzzles");
}

int main(void)
{
    test_passes();
    test_rated();
    return tap_done();
}
