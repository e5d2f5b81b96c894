/* test_kakuro_solve.c: the Kakuro search: counting, limits, givens, the observer's steps, stopping, janko samples. */
#include "config.h"
#include "solve.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "puzzle.h"
#include "tap.h"
#include "test_util.h"
#include "util.h"

/* A Kakuro from rows of tokens as in kakudo's grid format ("\\", "_", "D\\A", digits),
 * finished; NULL (and a failed test) if it does not check. */
static struct puzzle *kakuro_from(int w, int h, const char *const *tokens)
{
    struct puzzle *p = tu_kakuro_from_tokens(w, h, tokens);
    struct puzzle_error err;

    if (!puzzle_finish(p, &err)) {
        tap_ok(false, "test puzzle builds: %s", err.message);
        puzzle_free(p);
        return NULL;
    }
    return p;
}

/* a b / c d with a+b=3, c+d=7, a+c=4, b+d=6: only 1 2 / 3 4. */
static const char *const unique_2x2[] = {
    "\\", "4\\", "6\\",
    "\\3", "_", "_",
    "\\7", "_", "_",
};
/* Down sums 5 and 5 instead: 1 2 / 4 3 and 2 1 / 3 4. */
static const char *const two_2x2[] = {
    "\\", "5\\", "5\\",
    "\\3", "_", "_",
    "\\7", "_", "_",
};
/* Down sums 4 and 4: the rows add to 10, the columns to 8. */
static const char *const none_2x2[] = {
    "\\", "4\\", "4\\",
    "\\3", "_", "_",
    "\\7", "_", "_",
};
/* One run of three cells adding to 6: the 3! orders of 1 2 3. */
static const char *const six_1x3[] = {
    "\\6", "_", "_", "_",
};

/* Two 2x2 boards side by side, sharing no run: two_2x2 twice, and two_2x2 beside
 * none_2x2. */
static const char *const two_by_two[] = {
    "\\", "5\\", "5\\", "\\", "5\\", "5\\",
    "\\3", "_", "_", "\\3", "_", "_",
    "\\7", "_", "_", "\\7", "_", "_",
};
static const char *const two_by_none[] = {
    "\\", "5\\", "5\\", "\\", "4\\", "4\\",
    "\\3", "_", "_", "\\3", "_", "_",
    "\\7", "_", "_", "\\7", "_", "_",
};

static long solve_count(const struct puzzle *p, const uint8_t *grid, long limit,
                        const struct solve_observer *observer, uint8_t *solution,
                        struct solve_result *out)
{
    struct solve_request req = { .limit = limit, .observer = observer };
    struct solve_result res = { .solution = solution };

    kakuro_solve(p, grid, &req, &res);
    if (out != NULL)
        *out = res;
    return res.count;
}

static long count_from_givens(const struct puzzle *p, long limit, uint8_t *solution)
{
    uint8_t grid[64];

    puzzle_start_grid(p, grid);
    return solve_count(p, grid, limit, NULL, solution, NULL);
}

static void test_counts(void)
{
    struct puzzle *u = kakuro_from(3, 3, unique_2x2), *t = kakuro_from(3, 3, two_2x2);
    struct puzzle *n = kakuro_from(3, 3, none_2x2), *six = kakuro_from(4, 1, six_1x3);
    static const uint8_t unique_solution[9] = { 0, 0, 0, 0, 1, 2, 0, 3, 4 };
    uint8_t sol[64];

    if (u == NULL || t == NULL || n == NULL || six == NULL)
        goto out;
    tap_ok(count_from_givens(u, 2, sol) == 1 && memcmp(sol, unique_solution, 9) == 0
           && puzzle_is_solved(u, sol), "a unique puzzle: one solution, the known one");
    tap_ok(count_from_givens(t, 2, sol) == 2 && puzzle_is_solved(t, sol),
           "two solutions with limit 2, the first one valid");
    tap_ok(count_from_givens(t, 10, sol) == 2, "exactly two with a larger limit");
    tap_ok(count_from_givens(t, 1, sol) == 1 && puzzle_is_solved(t, sol), "limit 1 stops at the first");
    tap_ok(count_from_givens(n, 2, sol) == 0, "a puzzle without solution: count 0");
    tap_ok(count_from_givens(six, 100, sol) == 6, "one run of 3 adding to 6: 6 solutions");
    tap_ok(count_from_givens(six, 4, sol) == 4, "limit 4 counts 4 of them");
    for (int cell = 0; cell < 4; cell++)
        if (six->block[cell] && sol[cell] != 0)
            tap_ok(false, "black cells are 0 in the solution");
out:
    puzzle_free(u);
    puzzle_free(t);
    puzzle_free(n);
    puzzle_free(six);
}

static void test_givens(void)
{
    struct puzzle *t = kakuro_from(3, 3, two_2x2);
    uint8_t grid[9], sol[9];

    if (t == NULL)
        return;
    t->given[4] = 2;    /* a = 2: only 2 1 / 3 4 is left */
    puzzle_start_grid(t, grid);
    tap_ok(solve_count(t, grid, 2, NULL, sol, NULL) == 1 && sol[4] == 2 && sol[5] == 1
           && sol[7] == 3 && sol[8] == 4, "a given digit is kept and settles the puzzle");
    t->given[4] = 0;
    puzzle_start_grid(t, grid);
    grid[8] = 3;        /* a digit in the grid, not a given */
    tap_ok(solve_count(t, grid, 2, NULL, sol, NULL) == 1 && sol[8] == 3,
           "digits in the starting grid are kept like givens");
    grid[8] = 0;
    grid[4] = 1;
    grid[5] = 1;
    tap_ok(solve_count(t, grid, 2, NULL, sol, NULL) == 0, "a grid that already clashes: count 0");
    memset(grid, 0, sizeof grid);
    grid[4] = 9;
    tap_ok(solve_count(t, grid, 2, NULL, sol, NULL) == 0, "a digit no sum allows: count 0");
    puzzle_free(t);
}

/* --- The observer --- */

struct recorded {
    struct solve_step step;
    uint8_t grid[16];
};

struct recorder {
    const struct puzzle *p;
    struct recorded steps[4096];
    int n;
    int stop_at;        /* stop on this step (1-based); 0 never */
};

static int record_step(const struct solve_step *step, void *user)
{
    struct recorder *r = user;

    if (r->n < (int)(sizeof r->steps / sizeof r->steps[0])) {
        r->steps[r->n].step = *step;
        memcpy(r->steps[r->n].grid, step->grid, (size_t)r->p->ncells);
    }
    r->n++;
    return r->stop_at > 0 && r->n >= r->stop_at;
}

static int count_kind(const struct recorder *r, enum solve_step_kind kind)
{
    int n = 0;

    for (int i = 0; i < r->n; i++)
        n += r->steps[i].step.kind == kind;
    return n;
}

/* Steps of the unique puzzle: propagation alone, at depth 0, ending solved. */
static void test_observer_unique(void)
{
    struct puzzle *u = kakuro_from(3, 3, unique_2x2);
    struct recorder *r = xcalloc(1, sizeof *r);
    struct solve_observer obs = { .step = record_step, .user = r };
    struct solve_result res;
    uint8_t grid[9], sol[9];
    bool depth0 = true, places_ok = true;
    const struct recorded *last;

    if (u == NULL)
        goto out;
    r->p = u;
    puzzle_start_grid(u, grid);
    solve_count(u, grid, 2, &obs, sol, &res);
    last = &r->steps[r->n - 1];
    for (int i = 0; i < r->n; i++) {
        const struct recorded *s = &r->steps[i];

        depth0 &= s->step.depth == 0;
        if (s->step.kind == STEP_PLACE)
            places_ok &= s->step.cell >= 0 && s->grid[s->step.cell] == s->step.digit;
    }
    tap_ok(res.count == 1 && !res.stopped, "observed: same count");
    tap_ok(count_kind(r, STEP_GUESS) == 0 && count_kind(r, STEP_PLACE) == 4,
           "observed: four places, no guess");
    tap_ok(count_kind(r, STEP_ELIMINATE) > 0, "observed: eliminations reported");
    tap_ok(places_ok, "observed: each placed digit is in the grid shown");
    tap_ok(depth0, "observed: depth 0 without guesses");
    tap_ok(last->step.kind == STEP_SOLVED && puzzle_is_solved(u, last->grid),
           "observed: the last step is SOLVED with a solved grid");
out:
    free(r);
    puzzle_free(u);
}

/* Steps of the two-solution puzzle: a guess at depth 1, both solutions, backtracks. */
static void test_observer_guesses(void)
{
    struct puzzle *t = kakuro_from(3, 3, two_2x2);
    struct recorder *r = xcalloc(1, sizeof *r);
    struct solve_observer obs = { .step = record_step, .user = r };
    struct solve_result res;
    uint8_t grid[9], sol[9];
    int first_guess = -1, solved = 0, backtracks_ok = 1;
    bool order_ok = true;

    if (t == NULL)
        goto out;
    r->p = t;
    puzzle_start_grid(t, grid);
    solve_count(t, grid, 2, &obs, sol, &res);
    for (int i = 0; i < r->n; i++) {
        const struct recorded *s = &r->steps[i];

        if (s->step.kind == STEP_GUESS && first_guess < 0)
            first_guess = i;
        if (s->step.kind == STEP_SOLVED) {
            solved++;
            order_ok &= puzzle_is_solved(t, s->grid) && s->step.depth == 1;
        }
        if (s->step.kind == STEP_BACKTRACK)
            backtracks_ok &= s->step.cell >= 0 && s->grid[s->step.cell] == 0 && s->step.digit > 0;
    }
    tap_ok(res.count == 2 && solved == 2 && order_ok, "observed: two SOLVED steps at depth 1");
    if (tap_ok(first_guess >= 0, "observed: a guess is made")) {
        const struct recorded *g = &r->steps[first_guess];

        tap_ok(g->step.depth == 1 && g->step.choice == 1 && g->step.nchoices == 2
               && g->grid[g->step.cell] == g->step.digit,
               "observed: first guess at depth 1, choice 1 of 2, shown in the grid");
    }
    tap_ok(count_kind(r, STEP_BACKTRACK) > 0 && backtracks_ok,
           "observed: backtracks empty the cells they name");
    tap_ok(count_kind(r, STEP_GUESS) == 2, "observed: both digits of the branch are guessed");
out:
    free(r);
    puzzle_free(t);
}

/* A non-zero return stops at once, after exactly that step. */
static void test_observer_stop(void)
{
    struct puzzle *t = kakuro_from(3, 3, two_2x2);
    struct recorder *r = xcalloc(1, sizeof *r);
    struct solve_observer obs = { .step = record_step, .user = r };
    struct solve_result res;
    uint8_t grid[9], sol[9];
    int total;
    bool all_ok = true;

    if (t == NULL)
        goto out;
    r->p = t;
    puzzle_start_grid(t, grid);
    solve_count(t, grid, 2, &obs, sol, &res);
    total = r->n;
    for (int k = 1; k <= total; k++) {
        memset(r, 0, sizeof *r);
        r->p = t;
        r->stop_at = k;
        solve_count(t, grid, 2, &obs, sol, &res);
        if (r->n != k || !res.stopped) {
            all_ok = false;
            tap_diag("stop at step %d: %d steps, stopped %d", k, r->n, res.stopped);
        }
    }
    tap_ok(all_ok, "stopping from the observer at each of the %d steps ends the search there", total);
out:
    free(r);
    puzzle_free(t);
}

/* --- Against the plain search on random small puzzles --- */

static unsigned rng_state = 12345;

static unsigned rng(void)
{
    rng_state = rng_state * 1103515245u + 12345u;
    return (rng_state >> 16) & 0x7fff;
}

/* Fills the white cells so no run repeats a digit; false if it got stuck. */
static bool random_fill(const struct puzzle *p, uint8_t *fill)
{
    memset(fill, 0, (size_t)p->ncells);
    for (int cell = 0; cell < p->ncells; cell++) {
        digitset used = 0;
        int options[9], n = 0;

        if (p->block[cell])
            continue;
        /* The runs are not built yet: look left and up to the nearest block. */
        for (int c = cell - 1; c >= cell - cell % p->width && !p->block[c]; c--)
            used |= 1u << fill[c];
        for (int c = cell - p->width; c >= 0 && !p->block[c]; c -= p->width)
            used |= 1u << fill[c];
        for (int d = 1; d <= 9; d++)
            if (!(used & (1u << d)))
                options[n++] = d;
        if (n == 0)
            return false;
        fill[cell] = (uint8_t)options[rng() % (unsigned)n];
    }
    return true;
}

/* A random w x h Kakuro whose clues come from a random filling; NULL if unlucky. */
static struct puzzle *random_kakuro(int w, int h)
{
    struct puzzle *p = kakuro_new(w, h);
    uint8_t fill[64];
    struct puzzle_error err;

    for (int cell = 0; cell < w * h; cell++)
        p->block[cell] = cell < w || cell % w == 0 || rng() % 5 == 0;
    if (!random_fill(p, fill)) {
        puzzle_free(p);
        return NULL;
    }
    for (int cell = 0; cell < w * h; cell++) {
        int across = 0, down = 0;

        if (!p->block[cell])
            continue;
        for (int c = cell + 1; c % w != 0 && !p->block[c]; c++)
            across += fill[c];
        for (int c = cell + w; c < w * h && !p->block[c]; c += w)
            down += fill[c];
        p->across[cell] = (uint8_t)across;
        p->down[cell] = (uint8_t)down;
    }
    if (!puzzle_finish(p, &err)) {
        puzzle_free(p);
        return NULL;
    }
    return p;
}

static int ignore_step(const struct solve_step *step, void *user)
{
    (void)step;
    ++*(long *)user;
    return 0;
}

/* Stops the search at its (*user)th step, leaving it in the middle. */
static int stop_at_step(const struct solve_step *step, void *user)
{
    (void)step;
    return --*(long *)user <= 0;
}

/* Observes the solutions: how many, and whether each grid it was shown is complete. */
struct solutions_seen {
    const struct puzzle *p;
    uint8_t grids[8][64];
    int n;
    bool all_solved;
};

static int see_solution(const struct solve_step *step, void *user)
{
    struct solutions_seen *seen = user;

    if (step->kind != STEP_SOLVED)
        return 0;
    seen->all_solved = seen->all_solved && puzzle_is_solved(seen->p, step->grid);
    if (seen->n < 8)
        memcpy(seen->grids[seen->n], step->grid, (size_t)seen->p->ncells);
    seen->n++;
    return 0;
}

/* Parts that share no run are solved one after the other: the counts multiply, every
 * solution the observer sees is a whole grid, and a part without solution makes none. */
static void test_independent_parts(void)
{
    struct puzzle *both = kakuro_from(6, 3, two_by_two), *none = kakuro_from(6, 3, two_by_none);
    struct solutions_seen seen = { .all_solved = true };
    struct solve_observer obs = { .step = see_solution, .user = &seen };
    uint8_t grid[64], sol[64];
    bool distinct = true;

    if (both == NULL || none == NULL)
        goto out;
    tap_ok(count_from_givens(both, 10, sol) == 4 && puzzle_is_solved(both, sol),
           "two independent parts of two solutions each: four");
    seen.p = both;
    puzzle_start_grid(both, grid);
    tap_ok(solve_count(both, grid, 10, &obs, sol, NULL) == 4 && seen.n == 4 && seen.all_solved,
           "the observer sees four whole solutions (%d)", seen.n);
    for (int i = 0; i < 4 && i < seen.n; i++)
        for (int j = 0; j < i; j++)
            distinct = distinct && memcmp(seen.grids[i], seen.grids[j], 18) != 0;
    tap_ok(distinct && seen.n == 4, "the four solutions differ");
    tap_ok(count_from_givens(none, 10, sol) == 0, "a part without solution beside one with two: none");
out:
    puzzle_free(both);
    puzzle_free(none);
}

/* random_kakuro with some clues taken off, so that their runs have no sum; NULL when
 * that leaves a white cell in no run. */
static struct puzzle *random_sumless_kakuro(int w, int h)
{
    struct puzzle *p = random_kakuro(w, h);
    struct puzzle_error err;
    int taken = 0;

    if (p == NULL)
        return NULL;
    for (int cell = 0; cell < p->ncells; cell++) {
        if (p->across[cell] && rng() % 4 == 0) {
            p->across[cell] = 0;
            taken++;
        }
        if (p->down[cell] && rng() % 4 == 0) {
            p->down[cell] = 0;
            taken++;
        }
    }
    if (taken == 0 || !puzzle_finish(p, &err)) {
        puzzle_free(p);
        return NULL;
    }
    return p;
}

/* Counts of random puzzles from make (NULL when unlucky), what they are in the labels,
 * with the smart search against the plain one, and with an observer against without. */
static void test_against_plain(struct puzzle *(*make)(int w, int h), const char *what, int tries)
{
    int tried = 0, agreed = 0, several = 0, observed_same = 0, reused_same = 0;
    struct solve_scratch *scratch = solve_scratch_new();

    for (int i = 0; i < tries; i++) {
        struct puzzle *p = make(5 + (int)(rng() % 3), 5 + (int)(rng() % 3));
        struct solve_request smart = { .limit = 20 }, plain = { .limit = 20, .strategy = SOLVE_PLAIN };
        struct solve_result a, b;
        uint8_t grid[64], sa[64], sb[64];

        if (p == NULL)
            continue;
        puzzle_start_grid(p, grid);
        a = (struct solve_result){ .solution = sa };
        b = (struct solve_result){ .solution = sb };
        kakuro_solve(p, grid, &smart, &a);
        kakuro_solve(p, grid, &plain, &b);
        {
            long steps = 0;
            struct solve_observer obs = { .step = ignore_step, .user = &steps };
            struct solve_request watched = { .limit = 20, .observer = &obs };
            struct solve_result c = { .solution = sb };

            kakuro_solve(p, grid, &watched, &c);
            observed_same += c.count == a.count && c.stats.nodes == a.stats.nodes && steps > 0
                             && memcmp(sa, sb, (size_t)p->ncells) == 0;
        }
        {
            /* One scratch for every puzzle (larger and smaller ones in turn), after a
             * search in it stopped half-way: the same as a search of its own. */
            long stop_after = 1 + (long)(rng() % 40);
            struct solve_observer stopper = { .step = stop_at_step, .user = &stop_after };
            struct solve_request stopped = { .limit = 20, .observer = &stopper, .scratch = scratch };
            struct solve_request reused = { .limit = 20, .scratch = scratch };
            struct solve_result c = { .solution = sb };

            kakuro_solve(p, grid, &stopped, &c);
            c = (struct solve_result){ .solution = sb };
            kakuro_solve(p, grid, &reused, &c);
            reused_same += c.count == a.count && c.stats.nodes == a.stats.nodes
                           && memcmp(sa, sb, (size_t)p->ncells) == 0;
        }
        tried++;
        several += a.count > 1;
        if (a.count == b.count && a.count >= 1 && puzzle_is_solved(p, sa))
            agreed++;
        else
            tap_diag("random puzzle %d%s: smart %ld, plain %ld", i, what, a.count, b.count);
        puzzle_free(p);
    }
    tap_ok(tried > 100 && agreed == tried,
           "%d of %d random puzzles%s (%d with several solutions) count as the plain search does",
           agreed, tried, what, several);
    tap_ok(observed_same == tried, "with an observer the search is the same: %d of %d", observed_same, tried);
    tap_ok(reused_same == tried, "in a scratch kept from the searches before, the search is the same: "
           "%d of %d", reused_same, tried);
    solve_scratch_free(scratch);
}

/* The smallest solution in reading order as the plain search finds it (its first). */
static bool plain_smallest(const struct puzzle *p, const uint8_t *grid, uint8_t *solution)
{
    struct solve_request plain = { .limit = 1, .strategy = SOLVE_PLAIN };
    struct solve_result res = { .solution = solution };

    kakuro_solve(p, grid, &plain, &res);
    return res.count == 1;
}

/* puzzle_solve_first on several solutions writes the smallest in reading order: the
 * first the plain search (cells in reading order, digits ascending) finds. */
static void test_smallest_solution(void)
{
    struct puzzle *both = kakuro_from(6, 3, two_by_two);
    int tried = 0, agreed = 0;

    if (both != NULL) {
        uint8_t grid[64], sol[64], want[64];

        puzzle_start_grid(both, grid);
        tap_ok(puzzle_solve_first(both, grid, true, sol, NULL, NULL) == SOLVE_SEVERAL
               && plain_smallest(both, grid, want) && memcmp(sol, want, 18) == 0,
               "two independent parts: the smallest solution is each part's smallest");
    }
    puzzle_free(both);
    for (int i = 0; i < 400 && tried < 60; i++) {
        struct puzzle *p = random_kakuro(5 + (int)(rng() % 3), 5 + (int)(rng() % 3));
        uint8_t grid[64], sol[64], want[64];

        if (p == NULL)
            continue;
        puzzle_start_grid(p, grid);
        if (solve_count(p, grid, 2, NULL, sol, NULL) == 2) {
            tried++;
            if (puzzle_solve_first(p, grid, true, sol, NULL, NULL) == SOLVE_SEVERAL
                && plain_smallest(p, grid, want) && memcmp(sol, want, (size_t)p->ncells) == 0)
                agreed++;
            else
                tap_diag("random puzzle %d: not the smallest solution", i);
        }
        puzzle_free(p);
    }
    tap_ok(tried >= 20 && agreed == tried,
           "%d of %d random puzzles with several solutions: the smallest in reading order",
           agreed, tried);
}

/* --- janko samples through the reader --- */

/* The next solution's digits (0 for `\`) in reading order; their number, 0 at the end. */
static size_t read_solution(FILE *f, uint8_t *digits, size_t max)
{
    char line[4096];
    size_t n = 0;

    while (fgets(line, sizeof line, f) != NULL) {
        if (line[0] == '#')
            continue;
        if (strspn(line, " \t\r\n") == strlen(line)) {
            if (n > 0)
                break;
            continue;
        }
        for (char *t = strtok(line, " \t\r\n"); t != NULL; t = strtok(NULL, " \t\r\n"))
            if (n < max)
                digits[n++] = (uint8_t)(t[0] >= '1' && t[0] <= '9' ? t[0] - '0' : 0);
    }
    return n;
}

/* kakuro_solve_open on grid with the cells of area (n of them) emptied against
 * kakuro_solve on the same grid: the same count and first solution, whatever the
 * order area lists its cells in. */
static bool open_agrees(const struct puzzle *p, const uint8_t *grid, const int *area, int n)
{
    size_t size = (size_t)p->ncells;
    uint8_t *start = xmalloc(size), *a = xcalloc(size, 1), *b = xcalloc(size, 1);
    struct solve_request req = { .limit = 2 };
    struct solve_result whole = { .solution = a }, open = { .solution = b };
    bool same;

    memcpy(start, grid, size);
    for (int i = 0; i < n; i++)
        start[area[i]] = 0;
    kakuro_solve(p, start, &req, &whole);
    kakuro_solve_open(p, start, area, n, &req, &open);
    same = whole.count == open.count && memcmp(a, b, size) == 0;
    free(start);
    free(a);
    free(b);
    return same;
}

/* Areas around random white cells of a solved puzzle (the cells of the runs crossing a
 * cell's runs, listed backwards), opened in the solution: the open search agrees with the
 * whole one.  Returns the areas that disagreed. */
static int open_areas_disagree(const struct puzzle *p, const uint8_t *solution, unsigned *seed)
{
    int *area = xmalloc((size_t)p->ncells * sizeof *area), bad = 0;
    uint8_t *in = xmalloc((size_t)p->ncells);

    for (int round = 0; round < 20; round++) {
        int cell, n = 0;

        do {
            *seed = *seed * 1103515245u + 12345u;
            cell = (int)((*seed >> 8) % (unsigned)p->ncells);
        } while (p->block[cell]);
        memset(in, 0, (size_t)p->ncells);
        for (int i = 0; i < 2; i++) {
            const struct puzzle_group *g = &p->groups[p->cell_groups[cell][i]];

            for (int j = 0; j < g->ncells; j++) {
                const struct puzzle_group *x = &p->groups[p->cell_groups[g->cells[j]][1 - i]];

                for (int m = 0; m < x->ncells; m++)
                    if (!in[x->cells[m]]) {
                        in[x->cells[m]] = 1;
                        area[n++] = x->cells[m];
                    }
            }
        }
        for (int i = 0; i < n / 2; i++) {
            int t = area[i];

            area[i] = area[n - 1 - i];
            area[n - 1 - i] = t;
        }
        bad += !open_agrees(p, solution, area, n);
    }
    free(in);
    free(area);
    return bad;
}

static void test_open_small(void)
{
    struct puzzle *t = kakuro_from(3, 3, two_2x2), *u = kakuro_from(3, 3, unique_2x2);
    uint8_t grid[9] = { 0 }, sol[9];
    int all[4] = { 8, 4, 5, 7 }, black[2] = { 4, 0 }, one[1] = { 4 };
    struct solve_request req = { .limit = 10 };
    struct solve_result res = { .solution = sol };

    if (t == NULL || u == NULL)
        return;
    tap_ok(open_agrees(t, grid, all, 4), "open search, every cell open: two solutions, as the whole");
    kakuro_solve_open(t, grid, all, 4, &req, &res);
    tap_ok(res.count == 2, "open search counts both solutions of a two-solution puzzle");
    kakuro_solve_open(t, grid, black, 2, &req, &res);
    tap_ok(res.count == 0, "open search: a black cell in the list finds nothing");
    grid[5] = 2;
    grid[7] = 3;
    grid[8] = 4;
    kakuro_solve_open(u, grid, one, 1, &req, &res);
    tap_ok(res.count == 1 && sol[4] == 1, "open search of one cell: the digit its runs leave");
    kakuro_solve_open(u, grid, all, 4, &req, &res);
    tap_ok(res.count == 0, "open search: a listed cell that holds a digit finds nothing");
    puzzle_free(t);
    puzzle_free(u);
}

static void test_janko_samples(void)
{
    char path[4096];
    FILE *f, *sf;
    struct reader *r;
    struct puzzle *p;
    struct format_style style;
    struct format_error err;
    int puzzles = 0, good = 0, got, disagree = 0;
    unsigned seed = 1;

    snprintf(path, sizeof path, "%s", tap_data_path("kakuro_sample.txt"));
    f = fopen(path, "r");
    sf = fopen(tap_data_path("kakuro_sample_solutions.txt"), "r");
    if (!tap_ok(f != NULL && sf != NULL, "janko samples and their solutions open")) {
        if (f != NULL)
            fclose(f);
        if (sf != NULL)
            fclose(sf);
        return;
    }
    r = reader_open(f, path, FORMAT_KAKURO_GRID);
    while ((got = reader_next(r, &p, &style, &err)) != 0) {
        uint8_t *grid, *sol, *expected;
        size_t n;
        long count;

        if (got < 0) {
            char msg[600];

            format_error_string(&err, msg, sizeof msg);
            tap_diag("%s", msg);
            puzzles++;
            continue;
        }
        grid = xmalloc((size_t)p->ncells);
        sol = xmalloc((size_t)p->ncells);
        expected = xmalloc((size_t)p->ncells);
        puzzle_start_grid(p, grid);
        count = solve_count(p, grid, 2, NULL, sol, NULL);
        n = read_solution(sf, expected, (size_t)p->ncells);
        if (count == 1 && n == (size_t)p->ncells && memcmp(sol, expected, n) == 0) {
            good++;
            disagree += open_areas_disagree(p, expected, &seed);
        } else
            tap_diag("%s: count %ld", p->name != NULL ? p->name : "?", count);
        puzzles++;
        free(grid);
        free(sol);
        free(expected);
        puzzle_free(p);
    }
    reader_close(r);
    fclose(f);
    fclose(sf);
    tap_ok(puzzles == 10 && good == puzzles, "janko samples: %d of %d unique with the known solution",
           good, puzzles);
    tap_ok(good > 0 && disagree == 0,
           "open search of areas around random cells agrees with the whole search (%d of %d differ)",
           disagree, 20 * good);
}

/* Runs without a clue (sum 0): their digits differ, their sum is free. */
static const char *const sumless_1x4[] = { "\\", "_", "_", "_" };
static const char *const sumless_clash[] = { "\\", "3\\", "3\\", "\\", "_", "_" };

static void test_sumless(void)
{
    struct puzzle *free3 = kakuro_from(4, 1, sumless_1x4), *clash = kakuro_from(3, 2, sumless_clash);
    uint8_t sol[64], twice[4] = { 0, 5, 0, 5 };

    if (free3 != NULL && clash != NULL) {
        tap_ok(count_from_givens(free3, 1000, sol) == 504 && puzzle_is_solved(free3, sol),
               "a run of 3 without a clue: 9 * 8 * 7 = 504 fillings");
        tap_ok(solve_count(free3, twice, 10, NULL, sol, NULL) == 0, "a digit twice in it: no solution");
        tap_ok(count_from_givens(clash, 2, sol) == 0,
               "two cells its crossing runs force to 3: no solution");
    }
    puzzle_free(free3);
    puzzle_free(clash);
    test_against_plain(random_sumless_kakuro, " with runs without a clue", 400);
}

/* A digit on a black cell, in either strategy, finds nothing; the empty grid finds. */
static void test_digit_on_black(void)
{
    struct puzzle *u = kakuro_from(3, 3, unique_2x2);
    uint8_t grid[9] = { 0 }, sol[9];
    struct solve_request req = { .limit = 2 };
    struct solve_result res = { .solution = sol };

    if (u == NULL)
        return;
    puzzle_solve(u, grid, &req, &res);
    tap_ok(res.count == 1, "the empty grid: one solution");
    grid[3] = 1;
    puzzle_solve(u, grid, &req, &res);
    tap_ok(res.count == 0, "a digit on a black cell finds nothing");
    req.strategy = SOLVE_PLAIN;
    puzzle_solve(u, grid, &req, &res);
    tap_ok(res.count == 0, "a digit on a black cell finds nothing (plain)");
    puzzle_free(u);
}

int main(void)
{
    test_counts();
    test_givens();
    test_observer_unique();
    test_observer_guesses();
    test_observer_stop();
    test_independent_parts();
    test_against_plain(random_kakuro, "", 300);
    test_sumless();
    test_smallest_solution();
    test_janko_samples();
    test_open_small();
    test_digit_on_black();
    return tap_done();
}
