/* bench_passes.c: sets of puzzles timed in alternating passes, a puzzle's least over the
 * passes, and ratios between sets with their spread from pass to pass. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "bench_passes.h"
#include "util.h"

struct bench_timed *bench_timed_new(struct puzzle *const *puzzles, size_t n,
                                    const struct puzzle *flush, int passes)
{
    struct bench_timed *t = xcalloc(1, sizeof *t);
    size_t cells = n + 1, pass_cells = (size_t)passes * n + 1;

    t->puzzles = xcalloc(cells, sizeof *t->puzzles);
    if (n > 0)
        memcpy(t->puzzles, puzzles, n * sizeof *puzzles);
    t->n = n;
    t->flush = flush;
    t->warm = xcalloc(cells, sizeof *t->warm);
    t->cold = xcalloc(cells, sizeof *t->cold);
    t->nodes = xcalloc(cells, sizeof *t->nodes);
    t->pass_warm = xcalloc(pass_cells, sizeof *t->pass_warm);
    t->pass_cold = xcalloc(pass_cells, sizeof *t->pass_cold);
    return t;
}

void bench_timed_free(struct bench_timed *t)
{
    if (t == NULL)
        return;
    free(t->puzzles);
    free(t->warm);
    free(t->cold);
    free(t->nodes);
    free(t->pass_warm);
    free(t->pass_cold);
    free(t);
}

/* One pass over t: each puzzle's repeats back to back, the first kept apart. */
static void time_pass(struct bench_timed *t, int pass, int repeat, bench_solve_fn *solve)
{
    for (size_t i = 0; i < t->n; i++) {
        uint64_t least = UINT64_MAX;

        for (int r = 0; r < repeat; r++) {
            uint64_t nodes = 0, time = solve(t, i, &nodes);

            if (r == 0) {
                t->pass_cold[(size_t)pass * t->n + i] = time;
                if (pass == 0)
                    t->nodes[i] = nodes;
            }
            if (time < least)
                least = time;
        }
        t->pass_warm[(size_t)pass * t->n + i] = least;
    }
}

/* Each puzzle's least over the passes, of per_pass[pass * n + i]. */
static void least_over_passes(const uint64_t *per_pass, size_t n, int passes, uint64_t *least)
{
    for (size_t i = 0; i < n; i++) {
        least[i] = UINT64_MAX;
        for (int p = 0; p < passes; p++)
            if (per_pass[(size_t)p * n + i] < least[i])
                least[i] = per_pass[(size_t)p * n + i];
    }
}

void bench_passes_run(struct bench_timed *const *sets, size_t nsets, int passes, int repeat,
                      bench_solve_fn *solve, void (*progress)(int pass, int passes))
{
    for (int p = 0; p < passes; p++) {
        if (progress != NULL)
            progress(p, passes);
        for (size_t s = 0; s < nsets; s++)
            time_pass(sets[s], p, repeat, solve);
    }
    for (size_t s = 0; s < nsets; s++) {
        least_over_passes(sets[s]->pass_warm, sets[s]->n, passes, sets[s]->warm);
        least_over_passes(sets[s]->pass_cold, sets[s]->n, passes, sets[s]->cold);
    }
}

const uint64_t *bench_times(const struct bench_timed *t, int pass, bool first)
{
    if (pass < 0)
        return first ? t->cold : t->warm;
    return (first ? t->pass_cold : t->pass_warm) + (size_t)pass * t->n;
}

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void bench_sort(uint64_t *t, size_t n)
{
    qsort(t, n, sizeof *t, compare_u64);
}

/* The median of n times (the upper one of an even count), 0 for none. */
uint64_t bench_median(const uint64_t *t, size_t n)
{
    uint64_t *sorted, m;

    if (n == 0)
        return 0;
    sorted = xmalloc(n * sizeof *sorted);
    memcpy(sorted, t, n * sizeof *t);
    bench_sort(sorted, n);
    m = sorted[n / 2];
    free(sorted);
    return m;
}

uint64_t bench_total(const uint64_t *t, size_t n)
{
    uint64_t total = 0;

    for (size_t i = 0; i < n; i++)
        total += t[i];
    return total;
}

static double mean_of(const uint64_t *t, size_t n)
{
    return (double)bench_total(t, n) / (double)n;
}

bool bench_ratios_of(const struct bench_timed *v, const struct bench_timed *plain, int pass,
                     struct bench_ratios *out)
{
    const uint64_t *vw, *vc, *pw, *pc;
    uint64_t pm, pfm;

    if (v->n == 0 || plain->n == 0)
        return false;
    vw = bench_times(v, pass, false);
    vc = bench_times(v, pass, true);
    pw = bench_times(plain, pass, false);
    pc = bench_times(plain, pass, true);
    pm = bench_median(pw, plain->n);
    pfm = bench_median(pc, plain->n);
    if (pm == 0 || pfm == 0 || bench_total(pw, plain->n) == 0 || bench_total(pc, plain->n) == 0)
        return false;
    out->median = (double)bench_median(vw, v->n) / (double)pm;
    out->mean = mean_of(vw, v->n) / mean_of(pw, plain->n);
    out->first_median = (double)bench_median(vc, v->n) / (double)pfm;
    out->first_mean = mean_of(vc, v->n) / mean_of(pc, plain->n);
    return true;
}

static void keep_least_most(double x, double *least, double *most)
{
    if (x < *least)
        *least = x;
    if (x > *most)
        *most = x;
}

void bench_ratios_spread(const struct bench_ratios *each, int n, struct bench_ratios *least,
                         struct bench_ratios *most)
{
    *least = *most = each[0];
    for (int i = 1; i < n; i++) {
        keep_least_most(each[i].median, &least->median, &most->median);
        keep_least_most(each[i].mean, &least->mean, &most->mean);
        keep_least_most(each[i].first_median, &least->first_median, &most->first_median);
        keep_least_most(each[i].first_mean, &least->first_mean, &most->first_mean);
    }
}

/* --- Against plain puzzles of the same rating --- */

void bench_rated_rows(const struct bench_timed *t, const int *band, int pass,
                      struct bench_rated *rows, size_t *n)
{
    const uint64_t *warm = bench_times(t, pass, false), *cold = bench_times(t, pass, true);

    for (size_t i = 0; i < t->n; i++)
        rows[(*n)++] = (struct bench_rated){ band[i], warm[i], cold[i], t->nodes[i] };
}

uint64_t bench_median_in_band(const struct bench_rated *r, size_t n, int band, bool first,
                              size_t *count)
{
    uint64_t *t = xcalloc(n + 1, sizeof *t), m;

    *count = 0;
    for (size_t i = 0; i < n; i++)
        if (r[i].band == band)
            t[(*count)++] = first ? r[i].first : r[i].time;
    m = bench_median(t, *count);
    free(t);
    return m;
}

bool bench_rated_ratios(const struct bench_rated *v, size_t nv, const struct bench_rated *plain,
                        size_t np, struct bench_ratios *out, size_t *matched)
{
    double *ratio = xcalloc(nv + 1, sizeof *ratio), *first_ratio = xcalloc(nv + 1, sizeof *first_ratio);
    double sum_v = 0, sum_p = 0, sum_vf = 0, sum_pf = 0;

    *matched = 0;
    for (int b = 0; b < BENCH_RATING_BANDS; b++) {
        size_t plain_n, ignored;
        uint64_t pm = bench_median_in_band(plain, np, b, false, &plain_n);
        uint64_t pf = bench_median_in_band(plain, np, b, true, &ignored);

        if (plain_n < BENCH_BAND_PLAIN_MIN || pm == 0 || pf == 0)
            continue;
        for (size_t i = 0; i < nv; i++)
            if (v[i].band == b) {
                ratio[*matched] = (double)v[i].time / (double)pm;
                first_ratio[(*matched)++] = (double)v[i].first / (double)pf;
                sum_v += (double)v[i].time;
                sum_p += (double)pm;
                sum_vf += (double)v[i].first;
                sum_pf += (double)pf;
            }
    }
    if (*matched > 0) {
        qsort(ratio, *matched, sizeof *ratio, compare_double);
        qsort(first_ratio, *matched, sizeof *first_ratio, compare_double);
        out->median = ratio[*matched / 2];
        out->mean = sum_v / sum_p;
        out->first_median = first_ratio[*matched / 2];
        out->first_mean = sum_vf / sum_pf;
    }
    free(ratio);
    free(first_ratio);
    return *matched > 0;
}
