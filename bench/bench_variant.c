/* bench_variant.c: CPU time per puzzle of the variant searches (Jigsaw, X, Killer), as ratios to plain 9x9 solving of comparable puzzles in the same run. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_set.h"
#include "generate.h"
#include "hint.h"
#include "solve.h"

/*
 * Every puzzle is solved as `kakudo solve` does (up to two solutions: uniqueness
 * proved), each solve timed alone on the process's CPU clock, `repeat` times; a
 * puzzle's time is the least of its repeats (the others measure the machine's other
 * work), less the clock's own cost.  A set prints the least, median, 99th percentile
 * and worst of its puzzles' times, and its median and total over the comparison set's.
 *
 * The pairs compared:
 *  - Jigsaw (boxes given as regions) against plain, on the same public puzzles (a file
 *    of the command line): the same puzzle to the solver, one reading boxes, the other
 *    regions;
 *  - Jigsaw and Sudoku X against plain, on puzzles made here: a random grid of the kind,
 *    then givens taken away in random order while the solution stays unique (minimal
 *    puzzles, all made the same way, so of similar difficulty);
 *  - Killer (random cages of 1-5 cells over a random grid, givens added until unique),
 *    and the Killers of each --killer=FILE (kakudo's generator's, a level per file, or a
 *    published set), against the same plain puzzles: the goal there is a median under
 *    1 ms, printed as a target line per set;
 *  - Sudoku X against plain puzzles of the same difficulty: minimal X puzzles have fewer
 *    givens than plain ones and most rate Master (SE 8+) where plain ones rate 1-4, so
 *    both are rated (grade_puzzle, what `kakudo rate` does) and each X puzzle's time is
 *    set against the median of the plain ones (made here and the public file's) of its
 *    rating band, SE points in halves;
 *  - real Jigsaws (irregular regions) of each --jigsaw=FILE (kakudo generate jigsaw's, a
 *    level per file, or a published set) against plain puzzles of their rating, as the
 *    Sudoku X puzzles made here: the same plain puzzles, rated once;
 *  - the 9x9 puzzles of each --variant=FILE (kakudo generate x's, jigsaw-x's or
 *    killer-x's, a level per file) the same way.
 * Each set also prints its first solves alone (a single pass, as `kakudo solve` meets
 * each puzzle once): the repeats of one puzzle take the same branches, which the
 * processor learns, and that flatters branchy code more than table-driven code.
 */

static int repeat = 5;
static uint64_t clock_cost;

/* The least CPU time of a timed region holding nothing: taken off every time. */
static uint64_t measure_clock_cost(void)
{
    uint64_t least = UINT64_MAX;

    for (int i = 0; i < 1000; i++) {
        uint64_t t0 = bench_cpu_ns(), t1 = bench_cpu_ns();
        if (t1 - t0 < least)
            least = t1 - t0;
    }
    return least;
}

static uint64_t nodes_seen;     /* search nodes of the solves timed */

static long count_solutions(const struct puzzle *p, const uint8_t *grid, uint8_t *solution)
{
    struct solve_request req = { .limit = 2 };
    struct solve_result res = { .solution = solution };

    puzzle_solve(p, grid, &req, &res);
    nodes_seen += res.stats.nodes;
    return res.count;
}

static uint64_t less_clock(uint64_t t)
{
    return t > clock_cost ? t - clock_cost : 0;
}

/* When set, a puzzle of another shape solved (untimed) before each repeat: the variant
 * search keeps the groups of the last shape it met, so a puzzle's second repeat would not
 * pay for working out its shape, where `kakudo solve` over a file of real Jigsaws (each
 * its own regions) pays for it on every puzzle. */
static const struct puzzle *shape_flush;

static void forget_shape(uint8_t *solution)
{
    struct solve_request req = { .limit = 2 };
    struct solve_result res = { .solution = solution };

    if (shape_flush != NULL)
        puzzle_solve(shape_flush, shape_flush->given, &req, &res);
}

/* A puzzle's time: the least of its repeats, in nanoseconds; *first gets the first
 * repeat's. */
static uint64_t time_puzzle(const struct puzzle *p, uint8_t *solution, uint64_t *first)
{
    uint64_t least = UINT64_MAX;

    for (int r = 0; r < repeat; r++) {
        uint64_t t0, t;

        forget_shape(solution);
        t0 = bench_cpu_ns();

        if (count_solutions(p, p->given, solution) != 1)
            fprintf(stderr, "bench_variant: a puzzle without one solution\n");
        t = bench_cpu_ns() - t0;
        if (r == 0)
            *first = less_clock(t);
        if (t < least)
            least = t;
    }
    return less_clock(least);
}

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

struct timing {
    uint64_t median, total;             /* least of the repeats */
    uint64_t first_median, first_total; /* first solves alone */
    size_t n;
    uint64_t *each;                     /* per puzzle, in the set's order (least) */
};

static uint64_t median_of(const uint64_t *t, size_t n, uint64_t *sorted)
{
    memcpy(sorted, t, n * sizeof *t);
    qsort(sorted, n, sizeof *sorted, compare_u64);
    return sorted[n / 2];
}

/* Times every puzzle of set and prints a line of its figures, under name; keeps each
 * puzzle's time in ->each when keep (the caller frees it). */
static struct timing time_set_keep(const char *name, const struct bench_set *set, bool keep)
{
    uint64_t *t, *first, *sorted;
    uint8_t solution[128 * 128];
    struct timing out = { 0 };

    if (set->n == 0)
        return out;
    t = xmalloc(set->n * sizeof *t);
    first = xmalloc(set->n * sizeof *first);
    sorted = xmalloc(set->n * sizeof *sorted);
    out.n = set->n;
    nodes_seen = 0;
    for (size_t i = 0; i < set->n; i++) {
        t[i] = time_puzzle(set->puzzles[i], solution, &first[i]);
        out.total += t[i];
        out.first_total += first[i];
    }
    out.first_median = median_of(first, set->n, sorted);
    out.median = median_of(t, set->n, sorted);
    printf("  %-34s %5zu puzzles  us: min %8.2f  median %8.2f  p99 %8.2f  worst %9.2f  mean %8.2f  nodes %6.1f"
           "  (first solves: median %.2f, mean %.2f)\n",
           name, set->n, sorted[0] / 1e3, out.median / 1e3, sorted[set->n * 99 / 100] / 1e3,
           sorted[set->n - 1] / 1e3, out.total / 1e3 / (double)set->n,
           (double)nodes_seen / (double)set->n / repeat, out.first_median / 1e3,
           out.first_total / 1e3 / (double)set->n);
    out.each = keep ? t : NULL;
    if (!keep)
        free(t);
    free(first);
    free(sorted);
    return out;
}

static struct timing time_set(const char *name, const struct bench_set *set)
{
    return time_set_keep(name, set, false);
}

static double mean_of(uint64_t total, size_t n)
{
    return (double)total / (double)n;
}

/* The ratios of v to plain, least of the repeats and first solves; with a target, a
 * line saying whether both medians and means are within it. */
static const char *set_label = "made here";  /* the set being timed, for target lines */

static void print_ratio_target(const char *name, struct timing v, struct timing plain, double target)
{
    double median, mean, first_median, first_mean;

    if (v.n == 0 || plain.n == 0 || plain.median == 0 || plain.first_median == 0)
        return;
    median = (double)v.median / (double)plain.median;
    mean = mean_of(v.total, v.n) / mean_of(plain.total, plain.n);
    first_median = (double)v.first_median / (double)plain.first_median;
    first_mean = mean_of(v.first_total, v.n) / mean_of(plain.first_total, plain.n);
    printf("  %-34s ratio to plain: median %.2fx, mean %.2fx; first solves: median %.2fx, mean %.2fx\n",
           name, median, mean, first_median, first_mean);
    if (target > 0)
        printf("  target %s, %s, within %.0fx of plain (medians and means, both ways): %s\n", name,
               set_label, target,
               median <= target && mean <= target && first_median <= target && first_mean <= target
               ? "pass" : "MISS");
}

static void print_ratio(const char *name, struct timing v, struct timing plain)
{
    print_ratio_target(name, v, plain, 0);
}

/* The goal's line for a Killer set: the median against 1 ms, as bench/run.sh's targets
 * print it (run.sh gathers these lines into its summary). */
static void print_killer_target(const char *name, struct timing t)
{
    double ms = (double)t.median / 1e6;

    if (t.n == 0)
        return;
    printf("  target Killer %s, median: %.4f ms/puzzle CPU (target < 1): %s\n", name, ms,
           ms < 1.0 ? "pass" : "MISS");
}

/* The name of a set's file for its target line: its last component, less ".txt". */
static const char *set_name(const char *path, char *buf, size_t size)
{
    const char *base = strrchr(path, '/') != NULL ? strrchr(path, '/') + 1 : path;
    size_t len = strlen(base);

    if (len > 4 && strcmp(base + len - 4, ".txt") == 0)
        len -= 4;
    snprintf(buf, size, "%.*s", (int)len, base);
    return buf;
}

static void add(struct bench_set *set, struct puzzle *p)
{
    set->puzzles = xgrow(set->puzzles, &set->cap, set->n + 1, sizeof *set->puzzles);
    set->puzzles[set->n++] = p;
}

/* --- Puzzles of each kind --- */

/* An unfinished 9x9 of the given variant with regions = boxes (a Jigsaw's). */
static struct puzzle *blank(unsigned variant)
{
    struct puzzle *p = sudoku_new_unfinished(9);

    puzzle_set_variant(p, variant);
    if (variant & VARIANT_JIGSAW)
        for (int cell = 0; cell < 81; cell++)
            p->region[cell] = (uint8_t)(cell / 27 * 3 + cell % 9 / 3);
    return p;
}

static struct puzzle *finish(struct puzzle *p)
{
    struct puzzle_error err;

    if (!puzzle_finish(p, &err)) {
        fprintf(stderr, "bench_variant: %s\n", err.message);
        exit(1);
    }
    return p;
}

/* The plain puzzle as a Jigsaw whose regions are its boxes. */
static struct puzzle *as_jigsaw(const struct puzzle *plain)
{
    struct puzzle *p = blank(VARIANT_JIGSAW);

    memcpy(p->given, plain->given, 81);
    return finish(p);
}

/* --- Sudoku X from a plain puzzle --- */

/* The 1296 orders of a 9x9's lines that keep it a Sudoku: bands permuted, and lines
 * within each band. */
static uint8_t line_orders[1296][9];

static void make_line_orders(void)
{
    static const uint8_t perm3[6][3] = { {0,1,2}, {0,2,1}, {1,0,2}, {1,2,0}, {2,0,1}, {2,1,0} };
    int n = 0;

    for (int b = 0; b < 6; b++)
        for (int x = 0; x < 6; x++)
            for (int y = 0; y < 6; y++)
                for (int z = 0; z < 6; z++, n++) {
                    const int inner[3] = { x, y, z };

                    for (int i = 0; i < 9; i++)
                        line_orders[n][i] = (uint8_t)(3 * perm3[b][i / 3] + perm3[inner[i / 3]][i % 3]);
                }
}

/* Chooses cols[k..8] (stacks and columns within them unused in taken) so that both
 * diagonals of the grid whose line r is rows[r] and column c is cols[c] hold distinct
 * digits. */
static bool diagonal_columns(const uint8_t *grid, const uint8_t *rows, uint8_t *cols, int k,
                             unsigned taken, digitset main, digitset anti)
{
    if (k == 9)
        return true;
    for (int c = 0; c < 9; c++) {
        digitset dm = 1u << grid[9 * rows[k] + c], da = 1u << grid[9 * rows[8 - k] + c];

        /* Position k's column lies in the stack of position k's first column. */
        if ((taken & (1u << c)) || (k % 3 != 0 && c / 3 != cols[k - k % 3] / 3))
            continue;
        if (k % 3 == 0 && (taken & (7u << (3 * (c / 3)))))
            continue;
        if ((main & dm) || (anti & da))
            continue;
        cols[k] = (uint8_t)c;
        if (diagonal_columns(grid, rows, cols, k + 1, taken | 1u << c, main | dm, anti | da))
            return true;
    }
    return false;
}

/* The plain puzzle with its lines reordered so that its solution's diagonals hold
 * distinct digits, as a plain puzzle (*plain) and as a Sudoku X (returned, unique since
 * the plain one is); NULL when no order of its lines does it. */
static struct puzzle *as_x(const struct puzzle *from, struct puzzle **plain)
{
    uint8_t solution[81], cols[9];

    if (count_solutions(from, from->given, solution) != 1)
        return NULL;
    for (int r = 0; r < 1296; r++) {
        const uint8_t *rows = line_orders[r];

        if (diagonal_columns(solution, rows, cols, 0, 0, 0, 0)) {
            struct puzzle *x = blank(VARIANT_X), *p = blank(0);

            for (int cell = 0; cell < 81; cell++)
                x->given[cell] = p->given[cell] = from->given[9 * rows[cell / 9] + cols[cell % 9]];
            *plain = finish(p);
            return finish(x);
        }
    }
    return NULL;
}

/* A random solution grid of the variant: random digits in random cells while some
 * solution remains, then the smallest solution they lead to (whatever the search, the
 * same grid). */
static void random_grid(struct gen_rng *rng, unsigned variant, uint8_t *grid)
{
    struct puzzle *p = finish(blank(variant));
    uint8_t start[81] = { 0 }, solution[81];

    for (int placed = 0; placed < 12;) {
        int cell = gen_rng_below(rng, 81), d = 1 + gen_rng_below(rng, 9);

        if (start[cell] != 0)
            continue;
        start[cell] = (uint8_t)d;
        if (count_solutions(p, start, solution) == 0)
            start[cell] = 0;
        else
            placed++;
    }
    {
        struct solve_budget budget = { 0 };
        struct solve_stats stats = { 0 };

        count_solutions(p, start, solution);
        p->ops->smallest(p, start, solution, grid, &budget, &stats);
    }
    puzzle_free(p);
}

/* A minimal puzzle of the variant: a random grid, givens taken away in random order
 * while the solution stays unique. */
static struct puzzle *minimal_puzzle(struct gen_rng *rng, unsigned variant)
{
    struct puzzle *p = finish(blank(variant));
    uint8_t grid[81], solution[81];
    int order[81];

    random_grid(rng, variant, grid);
    memcpy(p->given, grid, 81);
    for (int i = 0; i < 81; i++)
        order[i] = i;
    gen_rng_shuffle(rng, order, 81);
    for (int i = 0; i < 81; i++) {
        int cell = order[i], d = p->given[cell];

        p->given[cell] = 0;
        if (count_solutions(p, p->given, solution) != 1)
            p->given[cell] = (uint8_t)d;
    }
    return p;
}

/* Grows cage k from cell over free orthogonal neighbours of distinct digits, up to size
 * cells. */
static int grow_cage(struct gen_rng *rng, struct puzzle *p, const uint8_t *grid, int cell,
                     int k, int size)
{
    int cells[9], n = 0, sum = 0;
    digitset used = 0;

    cells[n++] = cell;
    p->cage[cell] = (int16_t)k;
    used |= 1u << grid[cell];
    sum += grid[cell];
    while (n < size) {
        int from = cells[gen_rng_below(rng, n)], next[4], m = 0;
        int r = from / 9, c = from % 9;

        if (r > 0) next[m++] = from - 9;
        if (r < 8) next[m++] = from + 9;
        if (c > 0) next[m++] = from - 1;
        if (c < 8) next[m++] = from + 1;
        int to = next[gen_rng_below(rng, m)];

        if (p->cage[to] >= 0 || (used & (1u << grid[to]))) {
            /* Stop after a few tries rather than hunt for a free neighbour. */
            if (gen_rng_below(rng, 4) == 0)
                break;
            continue;
        }
        cells[n++] = to;
        p->cage[to] = (int16_t)k;
        used |= 1u << grid[to];
        sum += grid[to];
    }
    return sum;
}

/* A Killer: random cages of 1-5 cells (mostly 2-3) over a random grid, then givens in
 * random cells until the solution is unique. */
static struct puzzle *random_killer(struct gen_rng *rng)
{
    static const int sizes[] = { 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5 };
    struct puzzle *p = blank(VARIANT_KILLER);
    uint8_t grid[81], solution[81];
    int order[81];

    random_grid(rng, 0, grid);
    for (int i = 0; i < 81; i++)
        order[i] = i;
    gen_rng_shuffle(rng, order, 81);
    for (int i = 0; i < 81; i++) {
        int cell = order[i];

        if (p->cage[cell] < 0) {
            int k = puzzle_add_cage(p, 0);
            p->cage_sum[k] = grow_cage(rng, p, grid, cell, k,
                                       sizes[gen_rng_below(rng, (int)(sizeof sizes / sizeof sizes[0]))]);
        }
    }
    finish(p);
    for (int i = 0; count_solutions(p, p->given, solution) != 1 && i < 81; i++)
        p->given[order[i]] = grid[order[i]];
    return p;
}

/* --- Sudoku X against plain puzzles of its rating --- */

static size_t rated_max = 300;  /* puzzles rated per set (--rated=N) */

#define RATING_BANDS 25         /* SE 0.0-12.4 in halves of a point */

struct rated { int band; uint64_t time, first, nodes; };

/* Rates up to rated_max puzzles spread over set, then times them (apart: the rating's
 * own searches would teach the processor each puzzle's branches). */
static void rate_and_time(const struct bench_set *set, struct rated **all, size_t *n)
{
    size_t take = set->n < rated_max ? set->n : rated_max, start = *n;
    const struct puzzle **kept = xcalloc(take + 1, sizeof *kept);
    uint8_t solution[81];

    *all = xrealloc(*all, (*n + take + 1) * sizeof **all);
    for (size_t k = 0; k < take; k++) {
        const struct puzzle *p = set->puzzles[k * set->n / take];
        struct grade g;

        if (grade_puzzle(p, &g) && !g.gave_up && g.rating / 5 < RATING_BANDS) {
            kept[*n - start] = p;
            (*all)[(*n)++].band = g.rating / 5;
        }
    }
    for (size_t i = start; i < *n; i++) {
        uint64_t before = nodes_seen;

        (*all)[i].time = time_puzzle(kept[i - start], solution, &(*all)[i].first);
        (*all)[i].nodes = (nodes_seen - before) / (uint64_t)repeat;
    }
    free(kept);
}

static uint64_t median_in_band(const struct rated *r, size_t n, int band, bool first, size_t *count)
{
    uint64_t *t = xcalloc(n + 1, sizeof *t);
    uint64_t m = 0;

    *count = 0;
    for (size_t i = 0; i < n; i++)
        if (r[i].band == band)
            t[(*count)++] = first ? r[i].first : r[i].time;
    if (*count > 0) {
        qsort(t, *count, sizeof *t, compare_u64);
        m = t[*count / 2];
    }
    free(t);
    return m;
}

/* The mean search nodes of the puzzles of a band: whether a variant's time comes from
 * more nodes (weaker propagation or harder puzzles) or from each node's cost. */
static double mean_nodes_in_band(const struct rated *r, size_t n, int band)
{
    uint64_t total = 0;
    size_t count = 0;

    for (size_t i = 0; i < n; i++)
        if (r[i].band == band) {
            total += r[i].nodes;
            count++;
        }
    return count > 0 ? (double)total / (double)count : 0;
}

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The plain puzzles rated once, for every variant set compared with them: the set made
 * here and the public files'. */
struct rated_plain { struct rated *r; size_t n; bool from_files; };

static struct rated_plain rate_plain(const struct bench_set *plain, const char **files, int nfiles,
                                     long every, size_t max)
{
    struct rated_plain out = { .from_files = nfiles > 0 };

    rate_and_time(plain, &out.r, &out.n);
    for (int f = 0; f < nfiles; f++) {
        struct bench_set file = { 0 };

        if (bench_load(files[f], every, max, &file))
            rate_and_time(&file, &out.r, &out.n);
        bench_set_free(&file);
    }
    return out;
}

/* A variant set's time against plain puzzles of its rating: kind names it in full
 * ("Sudoku X"), each its puzzles in the band lines ("X"), label the set in its target
 * line ("made here" or the file's name). */
struct variant_kind { const char *kind, *each, *label; };

/* Each variant puzzle's time against the median plain time of its rating band (bands
 * with five plain puzzles or more): per band, then the median of those ratios and the
 * sum of the variant's times over the sum of their bands' plain medians, for the least
 * of the repeats and the first solves; a target line, within 2x both ways. */
static void compare_by_rating(struct variant_kind v, const struct bench_set *vset,
                              const struct rated_plain *plain)
{
    struct rated *vr = NULL;
    const struct rated *pr = plain->r;
    size_t nv = 0, np = plain->n, matched = 0;
    double *ratio, *first_ratio, sum_v = 0, sum_p = 0, sum_vf = 0, sum_pf = 0;

    rate_and_time(vset, &vr, &nv);
    printf("  %s against plain puzzles of its rating (SE, kakudo rate; %zu %s and %zu plain rated,"
           " plain made here%s):\n", v.kind, nv, v.each, np, plain->from_files ? " and the files'" : "");
    ratio = xcalloc(nv + 1, sizeof *ratio);
    first_ratio = xcalloc(nv + 1, sizeof *first_ratio);
    for (int b = 0; b < RATING_BANDS; b++) {
        size_t in_band, plain_n, ignored;
        uint64_t vm = median_in_band(vr, nv, b, false, &in_band);
        uint64_t pm = median_in_band(pr, np, b, false, &plain_n);
        uint64_t pf = median_in_band(pr, np, b, true, &ignored);

        if (in_band == 0)
            continue;
        printf("    SE %4.1f-%4.1f: %4zu %s, median %8.2f us, nodes %6.1f; %4zu plain, median %8.2f us, nodes %6.1f",
               b / 2.0, b / 2.0 + 0.4, in_band, v.each, vm / 1e3, mean_nodes_in_band(vr, nv, b), plain_n,
               pm / 1e3, mean_nodes_in_band(pr, np, b));
        if (plain_n < 5 || pm == 0 || pf == 0) {
            printf(" (too few plain to compare)\n");
            continue;
        }
        printf("; %.2fx\n", (double)vm / (double)pm);
        for (size_t i = 0; i < nv; i++)
            if (vr[i].band == b) {
                ratio[matched] = (double)vr[i].time / (double)pm;
                first_ratio[matched++] = (double)vr[i].first / (double)pf;
                sum_v += (double)vr[i].time;
                sum_p += (double)pm;
                sum_vf += (double)vr[i].first;
                sum_pf += (double)pf;
            }
    }
    if (matched > 0) {
        double median, first_median;

        qsort(ratio, matched, sizeof *ratio, compare_double);
        qsort(first_ratio, matched, sizeof *first_ratio, compare_double);
        median = ratio[matched / 2];
        first_median = first_ratio[matched / 2];
        printf("  %-34s ratio to plain of its rating (%zu of %zu %s): median %.2fx, mean %.2fx;"
               " first solves: median %.2fx, mean %.2fx\n", v.kind, matched, nv, v.each,
               median, sum_v / sum_p, first_median, sum_vf / sum_pf);
        printf("  target %s, %s, within 2x of plain of its rating (medians and means, both ways): %s\n",
               v.kind, v.label,
               median <= 2 && sum_v <= 2 * sum_p && first_median <= 2 && sum_vf <= 2 * sum_pf
               ? "pass" : "MISS");
    } else {
        printf("  target %s, %s, within 2x of plain of its rating: not measured (no rating band"
               " with five plain puzzles)\n", v.kind, v.label);
    }
    free(ratio);
    free(first_ratio);
    free(vr);
}

/* --- Main --- */

/* Keeps in set only its 9x9 puzzles of the given variant alone (what is compared with
 * plain 9x9); how many were left out. */
static size_t keep_9x9(struct bench_set *set, unsigned variant)
{
    size_t kept = 0, n = set->n;

    for (size_t i = 0; i < n; i++) {
        struct puzzle *p = set->puzzles[i];

        if (p->ncells == 81 && p->max_digit == 9 && p->variant == variant)
            set->puzzles[kept++] = p;
        else
            puzzle_free(p);
    }
    set->n = kept;
    return n - kept;
}

/* A file of real Jigsaws (irregular regions; kakudo generate jigsaw's, or published):
 * timed against the plain puzzles made here, then against plain puzzles of their
 * rating. */
static void bench_jigsaw_file(const char *path, struct timing tp, const struct rated_plain *rated,
                              size_t max)
{
    struct bench_set file = { 0 };
    struct timing t;
    char name[200];
    size_t other;
    /* Of no irregular Jigsaw's shape: regions = boxes, no givens (two solutions at once). */
    struct puzzle *flush = finish(blank(VARIANT_JIGSAW));

    if (!bench_load(path, 1, max, &file)) {
        puzzle_free(flush);
        return;
    }
    other = keep_9x9(&file, VARIANT_JIGSAW);
    printf("%s:\n", path);
    if (other > 0)
        printf("  (%zu puzzles left out: not 9x9 Jigsaws of irregular regions alone)\n", other);
    t = time_set("Jigsaw, its shape kept", &file);
    print_ratio("Jigsaw, its shape kept", t, tp);
    /* From here on every repeat works out its puzzle's shape, as kakudo solve does. */
    printf("  (below: another shape solved before each repeat, so that each pays for its own)\n");
    shape_flush = flush;
    t = time_set("Jigsaw (irregular regions)", &file);
    print_ratio("Jigsaw (irregular regions)", t, tp);
    if (rated_max > 0)
        compare_by_rating((struct variant_kind){ "Jigsaw (irregular regions)", "Jigsaw",
                                                 set_name(path, name, sizeof name) },
                          &file, rated);
    shape_flush = NULL;
    puzzle_free(flush);
    bench_set_free(&file);
}

/* A file of 9x9 puzzles of one variant (kakudo generate x's, jigsaw-x's, killer-x's...:
 * the first puzzle's variant, a level per file) against plain puzzles of their rating,
 * another shape solved before each repeat as for real Jigsaws. */
static void bench_rated_file(const char *path, const struct rated_plain *rated, size_t max)
{
    struct bench_set file = { 0 };
    struct puzzle *flush = finish(blank(VARIANT_JIGSAW));
    char name[200], kind[80];
    size_t other;

    if (!bench_load(path, 1, max, &file)) {
        puzzle_free(flush);
        return;
    }
    snprintf(kind, sizeof kind, "%s", puzzle_variant_name(file.puzzles[0]->variant));
    other = keep_9x9(&file, file.puzzles[0]->variant);
    printf("%s:\n", path);
    if (other > 0)
        printf("  (%zu puzzles left out: not 9x9 %s puzzles)\n", other, kind);
    shape_flush = flush;
    time_set(kind, &file);
    compare_by_rating((struct variant_kind){ kind, kind, set_name(path, name, sizeof name) }, &file, rated);
    shape_flush = NULL;
    puzzle_free(flush);
    bench_set_free(&file);
}

static void bench_public(const char *path, long every, size_t max)
{
    struct bench_set plain = { 0 }, jigsaw = { 0 }, xplain = { 0 }, xset = { 0 };
    struct timing tp, t;

    if (!bench_load(path, every, max, &plain))
        return;
    for (size_t i = 0; i < plain.n; i++) {
        struct puzzle *reordered, *x = as_x(plain.puzzles[i], &reordered);

        add(&jigsaw, as_jigsaw(plain.puzzles[i]));
        if (x != NULL) {
            add(&xset, x);
            add(&xplain, reordered);
        }
    }
    printf("%s:\n", path);
    set_label = strrchr(path, '/') != NULL ? strrchr(path, '/') + 1 : path;
    tp = time_set("plain 9x9", &plain);
    t = time_set("Jigsaw (regions = boxes)", &jigsaw);
    print_ratio_target("Jigsaw (regions = boxes)", t, tp, 2);
    if (xset.n > 0) {
        printf("  (Sudoku X: each puzzle's lines reordered so that its diagonals hold distinct digits)\n");
        tp = time_set("plain 9x9, lines reordered", &xplain);
        t = time_set("Sudoku X, the same", &xset);
        print_ratio_target("Sudoku X, the same", t, tp, 2);
    }
    bench_set_free(&plain);
    bench_set_free(&jigsaw);
    bench_set_free(&xplain);
    bench_set_free(&xset);
    set_label = "made here";
}

int main(int argc, char **argv)
{
    long every = 1, count = 1000;
    size_t max = (size_t)-1;
    uint64_t seed = 1;
    const char **killers = xcalloc((size_t)argc, sizeof *killers);
    const char **jigsaws = xcalloc((size_t)argc, sizeof *jigsaws);
    const char **variants = xcalloc((size_t)argc, sizeof *variants);
    int nkillers = 0, njigsaws = 0, nvariants = 0;
    struct rated_plain rated = { 0 };
    struct gen_rng rng;
    struct bench_set plain = { 0 }, jigsaw = { 0 }, xset = { 0 }, killer = { 0 };
    struct timing tp = { 0 }, t;
    const char **files = xcalloc((size_t)argc, sizeof *files);
    int nfiles = 0;

    for (int a = 1; a < argc; a++) {
        if (strncmp(argv[a], "--every=", 8) == 0)
            every = atol(argv[a] + 8) > 0 ? atol(argv[a] + 8) : 1;
        else if (strncmp(argv[a], "--max=", 6) == 0)
            max = (size_t)atol(argv[a] + 6);
        else if (strncmp(argv[a], "--count=", 8) == 0)
            count = atol(argv[a] + 8);
        else if (strncmp(argv[a], "--seed=", 7) == 0)
            seed = strtoull(argv[a] + 7, NULL, 10);
        else if (strncmp(argv[a], "--repeat=", 9) == 0)
            repeat = atoi(argv[a] + 9) > 0 ? atoi(argv[a] + 9) : 1;
        else if (strncmp(argv[a], "--killer=", 9) == 0)
            killers[nkillers++] = argv[a] + 9;
        else if (strncmp(argv[a], "--jigsaw=", 9) == 0)
            jigsaws[njigsaws++] = argv[a] + 9;
        else if (strncmp(argv[a], "--variant=", 10) == 0)
            variants[nvariants++] = argv[a] + 10;
        else if (strncmp(argv[a], "--rated=", 8) == 0)
            rated_max = (size_t)atol(argv[a] + 8);
        else if (argv[a][0] != '-')
            files[nfiles++] = argv[a];
    }
    clock_cost = measure_clock_cost();
    make_line_orders();
    printf("bench_variant: CPU time per puzzle, proving uniqueness; least of %d repeats, "
           "less the clock's %.2f us\n", repeat, clock_cost / 1e3);
    for (int a = 1; a < argc; a++)
        if (argv[a][0] != '-')
            bench_public(argv[a], every, max);

    gen_rng_seed(&rng, seed);
    for (long i = 0; i < count; i++) {
        add(&plain, minimal_puzzle(&rng, 0));
        add(&jigsaw, as_jigsaw(plain.puzzles[i]));
        add(&xset, minimal_puzzle(&rng, VARIANT_X));
    }
    for (long i = 0; i < count; i++)
        add(&killer, random_killer(&rng));
    if (rated_max > 0 && (count > 0 || njigsaws > 0 || nvariants > 0))
        rated = rate_plain(&plain, files, nfiles, every, max);
    if (count > 0) {
        printf("made here (seed %llu): minimal puzzles from random grids; Killers with random cages\n",
               (unsigned long long)seed);
        tp = time_set("plain 9x9", &plain);
        t = time_set("Jigsaw (regions = boxes)", &jigsaw);
        print_ratio_target("Jigsaw (regions = boxes)", t, tp, 2);
        t = time_set("Sudoku X", &xset);
        print_ratio("Sudoku X", t, tp);
        if (rated_max > 0)
            compare_by_rating((struct variant_kind){ "Sudoku X", "X", "made here" }, &xset, &rated);
        t = time_set("Killer", &killer);
        print_ratio("Killer", t, tp);
        print_killer_target("random cages", t);
    }
    for (int k = 0; k < nkillers; k++) {
        struct bench_set file = { 0 };
        char name[200];

        if (!bench_load(killers[k], 1, max, &file))
            continue;
        printf("%s:\n", killers[k]);
        t = time_set("Killer", &file);
        print_ratio("Killer", t, tp);
        print_killer_target(set_name(killers[k], name, sizeof name), t);
        bench_set_free(&file);
    }
    for (int j = 0; j < njigsaws; j++)
        bench_jigsaw_file(jigsaws[j], tp, &rated, max);
    if (rated_max > 0)
        for (int v = 0; v < nvariants; v++)
            bench_rated_file(variants[v], &rated, max);
    free(killers);
    free(jigsaws);
    free(variants);
    free(rated.r);
    free(files);
    bench_set_free(&plain);
    bench_set_free(&jigsaw);
    bench_set_free(&xset);
    bench_set_free(&killer);
    return 0;
}
