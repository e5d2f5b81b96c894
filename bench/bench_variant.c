/* bench_variant.c: CPU time per puzzle of the variant searches (Jigsaw, X, Killer), as ratios to plain 9x9 solving of comparable puzzles in the same run. */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_passes.h"
#include "bench_set.h"
#include "generate.h"
#include "hint.h"
#include "solve.h"

/*
 * Every puzzle is solved as `kakudo solve` does (up to two solutions: uniqueness
 * proved), each solve timed alone on the process's CPU clock, less the clock's own cost.
 * All the sets are made or read first, then timed in --passes passes: each pass goes over
 * every set in turn, solving each puzzle of a set in the set's order `repeat` times back
 * to back, so that a spell of the machine's other work falls on the sets compared alike
 * rather than on one of them.  A puzzle's time is the least of its repeats over all the
 * passes (the others measure the machine's other work); its first solve (a pass's first
 * repeat: the puzzle met after the other puzzles of its set, as `kakudo solve FILE` meets
 * each puzzle once) is the least of its passes' first solves, so that one preemption or
 * flushed cache does not count.  A set prints the least, median, 99th percentile and
 * worst of its puzzles' times, and its median and mean over the comparison set's, each
 * ratio followed by its spread: [least-most] of the same ratio computed in each pass
 * alone, which says how firm it is (the ratio of the passes' least times may lie outside
 * it: each puzzle's least comes from whichever pass was kindest to it).
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
 *    killer-x's, a level per file) the same way;
 *  - each --jigsaw and --variant FILE also against kakudo's own plain puzzles of its
 *    level (--plain-level=FILE, kakudo generate sudoku's, the level named in both files'
 *    names): the comparison a user makes, each puzzle paying for its shape.
 * Each set also prints its first solves alone: the repeats of one puzzle take the same
 * branches, which the processor learns, and that flatters branchy code more than
 * table-driven code.
 */

static int repeat = 5;          /* back-to-back solves of a puzzle in each pass (--repeat=N) */
static int passes = 3;          /* passes over all the sets (--passes=K) */
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

static uint64_t nodes_seen;     /* search nodes of the solves so far */

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

/* A set's flush, when set, is a puzzle of another shape solved (untimed) before each of
 * its solves: the variant search keeps the groups of the last shape it met, so a puzzle's
 * second repeat would not pay for working out its shape, where `kakudo solve` over a file
 * of real Jigsaws (each its own regions) pays for it on every puzzle.  One serves every
 * set: a Jigsaw of no irregular Jigsaw's shape (regions = boxes, no givens). */
static struct puzzle *shape_flush;

static void forget_shape(const struct puzzle *flush, uint8_t *solution)
{
    if (flush != NULL)
        count_solutions(flush, flush->given, solution);
}

/* One solve of puzzle i of t, timed: bench_passes' solve function. */
static uint64_t solve_timed(const struct bench_timed *t, size_t i, uint64_t *nodes)
{
    static uint8_t solution[128 * 128];
    const struct puzzle *p = t->puzzles[i];
    uint64_t t0, before;

    forget_shape(t->flush, solution);
    before = nodes_seen;
    t0 = bench_cpu_ns();
    if (count_solutions(p, p->given, solution) != 1)
        fprintf(stderr, "bench_variant: a puzzle without one solution\n");
    t0 = bench_cpu_ns() - t0;
    *nodes = nodes_seen - before;
    return less_clock(t0);
}

static void say_pass(int pass, int total)
{
    fprintf(stderr, "bench_variant: pass %d of %d\n", pass + 1, total);
}

/* Every set to time, in the order they are timed in a pass and printed. */
static struct bench_timed **all_timed;
static size_t ntimed, timed_cap;

static struct bench_timed *timed_of(const struct bench_set *set, const struct puzzle *flush)
{
    struct bench_timed *t = bench_timed_new(set->puzzles, set->n, flush, passes);

    all_timed = xgrow(all_timed, &timed_cap, ntimed + 1, sizeof *all_timed);
    all_timed[ntimed++] = t;
    return t;
}

/* Prints a line of t's figures (warm times, and its first solves'), under name. */
static void print_set(const char *name, const struct bench_timed *t)
{
    uint64_t *sorted;
    size_t n = t->n;

    if (n == 0)
        return;
    sorted = xmalloc(n * sizeof *sorted);
    memcpy(sorted, t->warm, n * sizeof *sorted);
    bench_sort(sorted, n);
    printf("  %-34s %5zu puzzles  us: min %8.2f  median %8.2f  p99 %8.2f  worst %9.2f  mean %8.2f  nodes %6.1f"
           "  (first solves: median %.2f, mean %.2f)\n",
           name, n, sorted[0] / 1e3, sorted[n / 2] / 1e3, sorted[n * 99 / 100] / 1e3,
           sorted[n - 1] / 1e3, bench_total(t->warm, n) / 1e3 / (double)n,
           (double)bench_total(t->nodes, n) / (double)n, bench_median(t->cold, n) / 1e3,
           bench_total(t->cold, n) / 1e3 / (double)n);
    free(sorted);
}

/* Prints the ratios over the passes' least, each with its [least-most] over the passes'
 * own ratios (each[0..passes-1]). */
static void print_ratios(struct bench_ratios r, const struct bench_ratios *each)
{
    struct bench_ratios lo, hi;

    bench_ratios_spread(each, passes, &lo, &hi);
    printf("median %.2fx [%.2f-%.2f], mean %.2fx [%.2f-%.2f]; first solves: median %.2fx [%.2f-%.2f],"
           " mean %.2fx [%.2f-%.2f]\n", r.median, lo.median, hi.median, r.mean, lo.mean, hi.mean,
           r.first_median, lo.first_median, hi.first_median, r.first_mean, lo.first_mean, hi.first_mean);
}

static bool within(struct bench_ratios r, double target)
{
    return r.median <= target && r.mean <= target && r.first_median <= target && r.first_mean <= target;
}

/* The ratios of v to plain, warm and first solves; with a target, a line saying whether
 * both medians and means are within it. */
static const char *set_label = "made here";  /* the set being printed, for target lines */
static const char *plain_label = "plain";    /* what it is compared with, for target lines */

static void print_ratio_target(const char *name, const struct bench_timed *v,
                               const struct bench_timed *plain, double target)
{
    struct bench_ratios r, *each = xcalloc((size_t)passes, sizeof *each);
    bool measured = bench_ratios_of(v, plain, -1, &r);

    for (int p = 0; measured && p < passes; p++)
        measured = bench_ratios_of(v, plain, p, &each[p]);
    if (measured) {
        printf("  %-34s ratio to %s: ", name, plain_label);
        print_ratios(r, each);
        if (target > 0)
            printf("  target %s, %s, within %.0fx of %s (medians and means, both ways): %s\n", name,
                   set_label, target, plain_label, within(r, target) ? "pass" : "MISS");
    }
    free(each);
}

static void print_ratio(const char *name, const struct bench_timed *v, const struct bench_timed *plain)
{
    print_ratio_target(name, v, plain, 0);
}

/* The goal's line for a Killer set: the median against 1 ms, as bench/run.sh's targets
 * print it (run.sh gathers these lines into its summary). */
static void print_killer_target(const char *name, const struct bench_timed *t)
{
    double ms = (double)bench_median(t->warm, t->n) / 1e6;

    if (t->n == 0)
        return;
    printf("  target Killer %s, median: %.4f ms/puzzle CPU (target < 1): %s\n", name, ms,
           ms < 1.0 ? "pass" : "MISS");
}

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

/* --- Against plain puzzles of their rating --- */

static size_t rated_max = 300;  /* puzzles rated per set (--rated=N) */

/* A set's rated puzzles, timed as a set of their own, and each one's rating band. */
struct rated_set { struct bench_timed *t; int *band; };

/* Rates up to rated_max puzzles spread over set and registers them to be timed apart from
 * the set (all the rating comes before the passes: its own searches would teach the
 * processor each puzzle's branches). */
static struct rated_set rate_set(const struct bench_set *set, const struct puzzle *flush)
{
    size_t take = set->n < rated_max ? set->n : rated_max, kept = 0;
    struct puzzle **chosen = xcalloc(take + 1, sizeof *chosen);
    struct rated_set out = { .band = xcalloc(take + 1, sizeof *out.band) };

    for (size_t k = 0; k < take; k++) {
        struct puzzle *p = set->puzzles[k * set->n / take];
        struct grade g;

        if (grade_puzzle(p, &g) && !g.gave_up && g.rating / 5 < BENCH_RATING_BANDS) {
            chosen[kept] = p;
            out.band[kept++] = g.rating / 5;
        }
    }
    out.t = timed_of(&(struct bench_set){ .puzzles = chosen, .n = kept }, flush);
    free(chosen);
    return out;
}

/* The rows of the puzzles of sets for pass (< 0: the passes' least); *n how many. */
static struct bench_rated *rows_of(const struct rated_set *sets, size_t nsets, int pass, size_t *n)
{
    size_t total = 0;
    struct bench_rated *rows;

    for (size_t s = 0; s < nsets; s++)
        total += sets[s].t->n;
    rows = xcalloc(total + 1, sizeof *rows);
    *n = 0;
    for (size_t s = 0; s < nsets; s++)
        bench_rated_rows(sets[s].t, sets[s].band, pass, rows, n);
    return rows;
}

/* The mean search nodes of the puzzles of a band: whether a variant's time comes from
 * more nodes (weaker propagation or harder puzzles) or from each node's cost. */
static double mean_nodes_in_band(const struct bench_rated *r, size_t n, int band)
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

/* The plain puzzles rated once, for every variant set compared with them: the set made
 * here and the public files'. */
struct rated_plain { struct rated_set *sets; size_t n; bool from_files; };

/* A variant set's time against plain puzzles of its rating: kind names it in full
 * ("Sudoku X"), each its puzzles in the band lines ("X"), label the set in its target
 * line ("made here" or the file's name). */
struct variant_kind { const char *kind, *each, *label; };

/* A line per rating band of the variant's puzzles: their median and the plain one's. */
static void print_bands(struct variant_kind v, const struct bench_rated *vr, size_t nv,
                        const struct bench_rated *pr, size_t np)
{
    for (int b = 0; b < BENCH_RATING_BANDS; b++) {
        size_t in_band, plain_n, ignored;
        uint64_t vm = bench_median_in_band(vr, nv, b, false, &in_band);
        uint64_t pm = bench_median_in_band(pr, np, b, false, &plain_n);
        uint64_t pf = bench_median_in_band(pr, np, b, true, &ignored);

        if (in_band == 0)
            continue;
        printf("    SE %4.1f-%4.1f: %4zu %s, median %8.2f us, nodes %6.1f; %4zu plain, median %8.2f us, nodes %6.1f",
               b / 2.0, b / 2.0 + 0.4, in_band, v.each, vm / 1e3, mean_nodes_in_band(vr, nv, b), plain_n,
               pm / 1e3, mean_nodes_in_band(pr, np, b));
        if (plain_n < BENCH_BAND_PLAIN_MIN || pm == 0 || pf == 0)
            printf(" (too few plain to compare)\n");
        else
            printf("; %.2fx\n", (double)vm / (double)pm);
    }
}

/* Each variant puzzle's time against the median plain time of its rating band: per band,
 * then the median of those ratios and the sum of the variant's times over the sum of
 * their bands' plain medians, warm and first solves, each with its spread over the
 * passes; a target line, within 2x both ways. */
static void compare_by_rating(struct variant_kind v, const struct rated_set *vset,
                              const struct rated_plain *plain)
{
    size_t nv, np, matched;
    struct bench_rated *vr = rows_of(vset, 1, -1, &nv), *pr = rows_of(plain->sets, plain->n, -1, &np);
    struct bench_ratios r, *each = xcalloc((size_t)passes, sizeof *each);

    printf("  %s against plain puzzles of its rating (SE, kakudo rate; %zu %s and %zu plain rated,"
           " plain made here%s):\n", v.kind, nv, v.each, np, plain->from_files ? " and the files'" : "");
    print_bands(v, vr, nv, pr, np);
    if (bench_rated_ratios(vr, nv, pr, np, &r, &matched)) {
        for (int p = 0; p < passes; p++) {
            size_t pv, pp, ignored;
            struct bench_rated *pass_v = rows_of(vset, 1, p, &pv);
            struct bench_rated *pass_p = rows_of(plain->sets, plain->n, p, &pp);

            if (!bench_rated_ratios(pass_v, pv, pass_p, pp, &each[p], &ignored))
                each[p] = r;
            free(pass_v);
            free(pass_p);
        }
        printf("  %-34s ratio to plain of its rating (%zu of %zu %s): ", v.kind, matched, nv, v.each);
        print_ratios(r, each);
        printf("  target %s, %s, within 2x of plain of its rating (medians and means, both ways): %s\n",
               v.kind, v.label, within(r, 2) ? "pass" : "MISS");
    } else {
        printf("  target %s, %s, within 2x of plain of its rating: not measured (no rating band"
               " with five plain puzzles)\n", v.kind, v.label);
    }
    free(each);
    free(vr);
    free(pr);
}

static void rated_set_free(struct rated_set *r)
{
    free(r->band);
}

/* --- The sets: made or read first, timed together, printed --- */

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

/* A public file of plain puzzles: as they are, as Jigsaws of their boxes, and (those whose
 * lines can be reordered for distinct diagonals) as plain and Sudoku X puzzles. */
struct public_sets {
    const char *path;
    struct bench_set plain, jigsaw, xplain, xset;
    struct bench_timed *tp, *tj, *txp, *tx;
};

static void plan_public(struct public_sets *s, const char *path, long every, size_t max)
{
    s->path = path;
    if (!bench_load(path, every, max, &s->plain))
        return;
    for (size_t i = 0; i < s->plain.n; i++) {
        struct puzzle *reordered, *x = as_x(s->plain.puzzles[i], &reordered);

        add(&s->jigsaw, as_jigsaw(s->plain.puzzles[i]));
        if (x != NULL) {
            add(&s->xset, x);
            add(&s->xplain, reordered);
        }
    }
    s->tp = timed_of(&s->plain, NULL);
    s->tj = timed_of(&s->jigsaw, NULL);
    if (s->xset.n > 0) {
        s->txp = timed_of(&s->xplain, NULL);
        s->tx = timed_of(&s->xset, NULL);
    }
}

static void report_public(const struct public_sets *s)
{
    if (s->plain.n == 0)
        return;
    printf("%s:\n", s->path);
    set_label = strrchr(s->path, '/') != NULL ? strrchr(s->path, '/') + 1 : s->path;
    print_set("plain 9x9", s->tp);
    print_set("Jigsaw (regions = boxes)", s->tj);
    print_ratio_target("Jigsaw (regions = boxes)", s->tj, s->tp, 2);
    if (s->xset.n > 0) {
        printf("  (Sudoku X: each puzzle's lines reordered so that its diagonals hold distinct digits)\n");
        print_set("plain 9x9, lines reordered", s->txp);
        print_set("Sudoku X, the same", s->tx);
        print_ratio_target("Sudoku X, the same", s->tx, s->txp, 2);
    }
    set_label = "made here";
}

static void public_free(struct public_sets *s)
{
    bench_set_free(&s->plain);
    bench_set_free(&s->jigsaw);
    bench_set_free(&s->xplain);
    bench_set_free(&s->xset);
}

/* The plain puzzles made here and the public files', rated. */
static struct rated_plain rate_plain(const struct bench_set *plain, const struct public_sets *files,
                                     int nfiles)
{
    struct rated_plain out = { .sets = xcalloc((size_t)nfiles + 1, sizeof *out.sets),
                               .from_files = nfiles > 0 };

    out.sets[out.n++] = rate_set(plain, NULL);
    for (int f = 0; f < nfiles; f++)
        if (files[f].plain.n > 0)
            out.sets[out.n++] = rate_set(&files[f].plain, NULL);
    return out;
}

/* The puzzles made here (seed): plain minimal ones, as Jigsaws of their boxes, minimal
 * Sudoku X and Killers with random cages. */
struct made_sets {
    uint64_t seed;
    struct bench_set plain, jigsaw, xset, killer;
    struct bench_timed *tp, *tj, *tx, *tk;
    struct rated_set rated_x;
};

static void make_sets(struct made_sets *s, uint64_t seed, long count)
{
    struct gen_rng rng;

    s->seed = seed;
    gen_rng_seed(&rng, seed);
    for (long i = 0; i < count; i++) {
        add(&s->plain, minimal_puzzle(&rng, 0));
        add(&s->jigsaw, as_jigsaw(s->plain.puzzles[i]));
        add(&s->xset, minimal_puzzle(&rng, VARIANT_X));
    }
    for (long i = 0; i < count; i++)
        add(&s->killer, random_killer(&rng));
}

static void plan_made(struct made_sets *s)
{
    s->tp = timed_of(&s->plain, NULL);
    s->tj = timed_of(&s->jigsaw, NULL);
    s->tx = timed_of(&s->xset, NULL);
    if (rated_max > 0 && s->xset.n > 0)
        s->rated_x = rate_set(&s->xset, NULL);
    s->tk = timed_of(&s->killer, NULL);
}

static void report_made(const struct made_sets *s, const struct rated_plain *rated)
{
    if (s->plain.n == 0)
        return;
    printf("made here (seed %llu): minimal puzzles from random grids; Killers with random cages\n",
           (unsigned long long)s->seed);
    print_set("plain 9x9", s->tp);
    print_set("Jigsaw (regions = boxes)", s->tj);
    print_ratio_target("Jigsaw (regions = boxes)", s->tj, s->tp, 2);
    print_set("Sudoku X", s->tx);
    print_ratio("Sudoku X", s->tx, s->tp);
    if (s->rated_x.t != NULL)
        compare_by_rating((struct variant_kind){ "Sudoku X", "X", "made here" }, &s->rated_x, rated);
    print_set("Killer", s->tk);
    print_ratio("Killer", s->tk, s->tp);
    print_killer_target("random cages", s->tk);
}

static void made_free(struct made_sets *s)
{
    bench_set_free(&s->plain);
    bench_set_free(&s->jigsaw);
    bench_set_free(&s->xset);
    bench_set_free(&s->killer);
    rated_set_free(&s->rated_x);
}

/* --- Against kakudo's own plain puzzles of the same level --- */

/* The user's comparison: `kakudo generate jigsaw --level L` against `kakudo generate
 * sudoku --level L`, the same generator and rater, so the same level and SE ratings.  The
 * rating bands above draw plain puzzles from minimal random ones and the public files,
 * which take more nodes than kakudo's own of the same rating.  A file's level is the
 * word of level_names its name holds (run.sh's cache: jigsaw-master-seed1-n300.txt). */
static const char *const level_names[] = { "beginner", "easy", "medium", "hard", "expert", "master" };
#define NLEVELS ((int)(sizeof level_names / sizeof level_names[0]))

static int level_in_name(const char *path)
{
    const char *base = strrchr(path, '/') != NULL ? strrchr(path, '/') + 1 : path;

    for (int l = 0; l < NLEVELS; l++) {
        size_t len = strlen(level_names[l]);

        for (const char *at = strstr(base, level_names[l]); at != NULL; at = strstr(at + 1, level_names[l]))
            if ((at == base || !isalnum((unsigned char)at[-1])) && !isalnum((unsigned char)at[len]))
                return l;
    }
    return -1;
}

/* Each level's plain puzzles (--plain-level=FILE), timed as they come. */
struct plain_levels {
    const char *path[NLEVELS];
    struct bench_set set[NLEVELS];
    struct bench_timed *timed[NLEVELS];
};

static void plan_plain_level(struct plain_levels *pl, const char *path, size_t max)
{
    int level = level_in_name(path);

    if (level < 0) {
        fprintf(stderr, "bench_variant: %s: no level (beginner ... master) in its name: left out\n", path);
        return;
    }
    if (pl->timed[level] != NULL || !bench_load(path, 1, max, &pl->set[level]))
        return;
    keep_9x9(&pl->set[level], 0);
    pl->path[level] = path;
    pl->timed[level] = timed_of(&pl->set[level], NULL);
}

static void report_plain_levels(const struct plain_levels *pl)
{
    for (int l = 0; l < NLEVELS; l++)
        if (pl->timed[l] != NULL) {
            printf("%s:\n", pl->path[l]);
            print_set("plain 9x9 (kakudo's own)", pl->timed[l]);
        }
}

/* A variant file's times (each puzzle paying for its shape, as kakudo solve FILE) against
 * kakudo's plain puzzles of its level, with a target line within 2x. */
static void compare_by_level(const char *kind, const struct bench_timed *v, const char *path,
                             const struct plain_levels *pl)
{
    char name[200], against[200];
    int level = level_in_name(path);

    if (level < 0 || pl->timed[level] == NULL) {
        printf("  target %s, %s, within 2x of kakudo's plain puzzles of its level: not measured"
               " (no --plain-level file of %s)\n", kind, set_name(path, name, sizeof name),
               level < 0 ? "its level" : level_names[level]);
        return;
    }
    snprintf(against, sizeof against, "kakudo's plain %s (%s)", level_names[level],
             set_name(pl->path[level], name, sizeof name));
    set_label = set_name(path, name, sizeof name);
    plain_label = against;
    print_ratio_target(kind, v, pl->timed[level], 2);
    set_label = "made here";
    plain_label = "plain";
}

/* A file of one kind of puzzle (a --killer, --jigsaw or --variant FILE) and the sets it is
 * timed as: kept (real Jigsaws: their shape kept from repeat to repeat), timed, rated. */
struct file_sets {
    const char *path;
    struct bench_set set;
    size_t other;                       /* puzzles left out */
    char kind[80];
    struct bench_timed *kept, *timed;
    struct rated_set rated;
};

/* A file of Killers, timed against the plain puzzles made here. */
static void plan_killer_file(struct file_sets *f, const char *path, size_t max)
{
    f->path = path;
    if (bench_load(path, 1, max, &f->set))
        f->timed = timed_of(&f->set, NULL);
}

static void report_killer_file(const struct file_sets *f, const struct bench_timed *plain)
{
    char name[200];

    if (f->timed == NULL)
        return;
    printf("%s:\n", f->path);
    print_set("Killer", f->timed);
    print_ratio("Killer", f->timed, plain);
    print_killer_target(set_name(f->path, name, sizeof name), f->timed);
}

/* A file of real Jigsaws (irregular regions; kakudo generate jigsaw's, or published):
 * timed against the plain puzzles made here, then against plain puzzles of their
 * rating. */
static void plan_jigsaw_file(struct file_sets *f, const char *path, size_t max)
{
    f->path = path;
    if (!bench_load(path, 1, max, &f->set))
        return;
    f->other = keep_9x9(&f->set, VARIANT_JIGSAW);
    f->kept = timed_of(&f->set, NULL);
    /* Every solve of these works out its puzzle's shape, as kakudo solve does. */
    f->timed = timed_of(&f->set, shape_flush);
    if (rated_max > 0)
        f->rated = rate_set(&f->set, shape_flush);
}

static void report_jigsaw_file(const struct file_sets *f, const struct bench_timed *plain,
                               const struct rated_plain *rated, const struct plain_levels *levels)
{
    char name[200];

    if (f->timed == NULL)
        return;
    printf("%s:\n", f->path);
    if (f->other > 0)
        printf("  (%zu puzzles left out: not 9x9 Jigsaws of irregular regions alone)\n", f->other);
    print_set("Jigsaw, its shape kept", f->kept);
    print_ratio("Jigsaw, its shape kept", f->kept, plain);
    printf("  (below: another shape solved before each repeat, so that each pays for its own)\n");
    print_set("Jigsaw (irregular regions)", f->timed);
    print_ratio("Jigsaw (irregular regions)", f->timed, plain);
    if (f->rated.t != NULL)
        compare_by_rating((struct variant_kind){ "Jigsaw (irregular regions)", "Jigsaw",
                                                 set_name(f->path, name, sizeof name) },
                          &f->rated, rated);
    compare_by_level("Jigsaw (irregular regions)", f->timed, f->path, levels);
}

/* A file of 9x9 puzzles of one variant (kakudo generate x's, jigsaw-x's, killer-x's...:
 * the first puzzle's variant, a level per file) against plain puzzles of their rating,
 * another shape solved before each solve as for real Jigsaws. */
static void plan_variant_file(struct file_sets *f, const char *path, size_t max)
{
    f->path = path;
    if (!bench_load(path, 1, max, &f->set))
        return;
    snprintf(f->kind, sizeof f->kind, "%s", puzzle_variant_name(f->set.puzzles[0]->variant));
    f->other = keep_9x9(&f->set, f->set.puzzles[0]->variant);
    f->timed = timed_of(&f->set, shape_flush);
    f->rated = rate_set(&f->set, shape_flush);
}

static void report_variant_file(const struct file_sets *f, const struct rated_plain *rated,
                                const struct plain_levels *levels)
{
    char name[200];

    if (f->timed == NULL)
        return;
    printf("%s:\n", f->path);
    if (f->other > 0)
        printf("  (%zu puzzles left out: not 9x9 %s puzzles)\n", f->other, f->kind);
    print_set(f->kind, f->timed);
    compare_by_rating((struct variant_kind){ f->kind, f->kind, set_name(f->path, name, sizeof name) },
                      &f->rated, rated);
    compare_by_level(f->kind, f->timed, f->path, levels);
}

static void file_free(struct file_sets *f)
{
    bench_set_free(&f->set);
    rated_set_free(&f->rated);
}

/* --- Main --- */

/* The command line's files of each kind. */
struct file_args { const char **path; int n; };

static void arg_add(struct file_args *a, const char *path)
{
    a->path[a->n++] = path;
}

int main(int argc, char **argv)
{
    long every = 1, count = 1000;
    size_t max = (size_t)-1;
    uint64_t seed = 1;
    struct file_args files = { xcalloc((size_t)argc, sizeof(char *)), 0 };
    struct file_args killers = { xcalloc((size_t)argc, sizeof(char *)), 0 };
    struct file_args jigsaws = { xcalloc((size_t)argc, sizeof(char *)), 0 };
    struct file_args variants = { xcalloc((size_t)argc, sizeof(char *)), 0 };
    struct file_args plain_files = { xcalloc((size_t)argc, sizeof(char *)), 0 };
    struct plain_levels levels = { 0 };
    struct public_sets *publics;
    struct file_sets *killer_sets, *jigsaw_sets, *variant_sets;
    struct made_sets made = { 0 };
    struct rated_plain rated = { 0 };

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
        else if (strncmp(argv[a], "--passes=", 9) == 0)
            passes = atoi(argv[a] + 9) > 0 ? atoi(argv[a] + 9) : 1;
        else if (strncmp(argv[a], "--killer=", 9) == 0)
            arg_add(&killers, argv[a] + 9);
        else if (strncmp(argv[a], "--jigsaw=", 9) == 0)
            arg_add(&jigsaws, argv[a] + 9);
        else if (strncmp(argv[a], "--variant=", 10) == 0)
            arg_add(&variants, argv[a] + 10);
        else if (strncmp(argv[a], "--plain-level=", 14) == 0)
            arg_add(&plain_files, argv[a] + 14);
        else if (strncmp(argv[a], "--rated=", 8) == 0)
            rated_max = (size_t)atol(argv[a] + 8);
        else if (argv[a][0] != '-')
            arg_add(&files, argv[a]);
    }
    clock_cost = measure_clock_cost();
    make_line_orders();
    shape_flush = finish(blank(VARIANT_JIGSAW));
    printf("bench_variant: CPU time per puzzle, proving uniqueness; %d passes over all the sets, a"
           " puzzle solved %d times back to back in each: its time the least of them all, its first"
           " solve the least of each pass's first; [a-b]: a ratio's least and most over the passes"
           " alone; less the clock's %.2f us\n", passes, repeat, clock_cost / 1e3);

    /* Every set made, read and rated first; timed together; then printed. */
    publics = xcalloc((size_t)files.n + 1, sizeof *publics);
    killer_sets = xcalloc((size_t)killers.n + 1, sizeof *killer_sets);
    jigsaw_sets = xcalloc((size_t)jigsaws.n + 1, sizeof *jigsaw_sets);
    variant_sets = xcalloc((size_t)variants.n + 1, sizeof *variant_sets);
    for (int f = 0; f < files.n; f++)
        plan_public(&publics[f], files.path[f], every, max);
    make_sets(&made, seed, count);
    if (rated_max > 0 && (count > 0 || jigsaws.n > 0 || variants.n > 0))
        rated = rate_plain(&made.plain, publics, files.n);
    plan_made(&made);
    for (int k = 0; k < killers.n; k++)
        plan_killer_file(&killer_sets[k], killers.path[k], max);
    for (int j = 0; j < jigsaws.n; j++)
        plan_jigsaw_file(&jigsaw_sets[j], jigsaws.path[j], max);
    for (int v = 0; rated_max > 0 && v < variants.n; v++)
        plan_variant_file(&variant_sets[v], variants.path[v], max);
    for (int l = 0; l < plain_files.n; l++)
        plan_plain_level(&levels, plain_files.path[l], max);

    bench_passes_run(all_timed, ntimed, passes, repeat, solve_timed, say_pass);

    for (int f = 0; f < files.n; f++)
        report_public(&publics[f]);
    report_made(&made, &rated);
    for (int k = 0; k < killers.n; k++)
        report_killer_file(&killer_sets[k], made.tp);
    report_plain_levels(&levels);
    for (int j = 0; j < jigsaws.n; j++)
        report_jigsaw_file(&jigsaw_sets[j], made.tp, &rated, &levels);
    for (int v = 0; v < variants.n; v++)
        report_variant_file(&variant_sets[v], &rated, &levels);

    for (int f = 0; f < files.n; f++)
        public_free(&publics[f]);
    made_free(&made);
    for (int k = 0; k < killers.n; k++)
        file_free(&killer_sets[k]);
    for (int j = 0; j < jigsaws.n; j++)
        file_free(&jigsaw_sets[j]);
    for (int v = 0; v < variants.n; v++)
        file_free(&variant_sets[v]);
    for (size_t r = 0; r < rated.n; r++)
        rated_set_free(&rated.sets[r]);
    for (size_t t = 0; t < ntimed; t++)
        bench_timed_free(all_timed[t]);
    free(all_timed);
    free(rated.sets);
    free(publics);
    free(killer_sets);
    free(jigsaw_sets);
    free(variant_sets);
    free(files.path);
    free(killers.path);
    free(jigsaws.path);
    free(variants.path);
    free(plain_files.path);
    for (int l = 0; l < NLEVELS; l++)
        bench_set_free(&levels.set[l]);
    puzzle_free(shape_flush);
    return 0;
}
