/* bench_passes.h: sets of puzzles timed in alternating passes, a puzzle's least over the
 * passes, and ratios between sets with their spread from pass to pass. */
#ifndef KAKUDO_BENCH_PASSES_H
#define KAKUDO_BENCH_PASSES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "puzzle.h"

/* A set of puzzles timed in every pass.  In a pass each puzzle is solved `repeat` times
 * back to back, in the set's order: the first of them is its cold solve (the puzzle met
 * after the other puzzles of its set, as `kakudo solve FILE` meets it), the least of them
 * its warm time. */
struct bench_timed {
    const struct puzzle **puzzles;      /* the set's (not owned), in its order */
    size_t n;
    const struct puzzle *flush;         /* for the solve function: solved before each solve, or NULL */
    uint64_t *warm, *cold;              /* per puzzle: the least over the passes */
    uint64_t *pass_warm, *pass_cold;    /* per pass and puzzle: [pass * n + i] */
    uint64_t *nodes;                    /* per puzzle: search nodes of one solve */
};

/* One timed solve of puzzle i of t: its CPU time in nanoseconds; *nodes its search nodes. */
typedef uint64_t bench_solve_fn(const struct bench_timed *t, size_t i, uint64_t *nodes);

struct bench_timed *bench_timed_new(struct puzzle *const *puzzles, size_t n,
                                    const struct puzzle *flush, int passes);
void bench_timed_free(struct bench_timed *t);

/* Times every set in passes passes: each pass goes over all the sets in turn, so that a
 * spell of the machine's other work falls on the sets compared alike; then each puzzle's
 * warm and cold times are its least over the passes.  progress, when not NULL, is told
 * each pass as it starts. */
void bench_passes_run(struct bench_timed *const *sets, size_t nsets, int passes, int repeat,
                      bench_solve_fn *solve, void (*progress)(int pass, int passes));

/* Each puzzle's times in one pass (pass >= 0) or the least over the passes (pass < 0):
 * cold solves when first, warm ones otherwise. */
const uint64_t *bench_times(const struct bench_timed *t, int pass, bool first);

void bench_sort(uint64_t *t, size_t n);
uint64_t bench_median(const uint64_t *t, size_t n);
uint64_t bench_total(const uint64_t *t, size_t n);

/* A variant's time against plain's: of the warm times and of the cold (first) solves. */
struct bench_ratios { double median, mean, first_median, first_mean; };

/* v's ratios to plain in one pass or over the passes' least (pass < 0); false when a set is
 * empty or plain's medians are 0. */
bool bench_ratios_of(const struct bench_timed *v, const struct bench_timed *plain, int pass,
                     struct bench_ratios *out);

/* The least and most of each ratio over n passes' ratios. */
void bench_ratios_spread(const struct bench_ratios *each, int n, struct bench_ratios *least,
                         struct bench_ratios *most);

/* --- Against plain puzzles of the same rating --- */

#define BENCH_RATING_BANDS 25           /* SE 0.0-12.4 in halves of a point */
#define BENCH_BAND_PLAIN_MIN 5          /* plain puzzles a band needs to be compared */

/* A rated puzzle's band and its times in one pass or over the passes' least. */
struct bench_rated { int band; uint64_t time, first, nodes; };

/* Appends the rows of t's puzzles (band[i] each) for pass (< 0: the least) to rows. */
void bench_rated_rows(const struct bench_timed *t, const int *band, int pass,
                      struct bench_rated *rows, size_t *n);

/* The median time (first: of the first solves) of the rows of band; *count of them. */
uint64_t bench_median_in_band(const struct bench_rated *r, size_t n, int band, bool first,
                              size_t *count);

/* Each variant puzzle's time against the median plain time of its band (bands with
 * BENCH_BAND_PLAIN_MIN plain puzzles or more): the median of those ratios and the sum of
 * the variant's times over the sum of their bands' plain medians, warm and first solves;
 * *matched the variant puzzles compared (none: false). */
bool bench_rated_ratios(const struct bench_rated *v, size_t nv, const struct bench_rated *plain,
                        size_t np, struct bench_ratios *out, size_t *matched);

#endif
