/* test_sudoku_solve.c: the Sudoku search of every size, the solver entry points and the seeds' plain backtracking. */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "puzzle.h"
#include "solve.h"
#include "tap.h"
#include "util.h"

#define MAX_CELLS (SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE)
#define MAX_KEPT 16

/* --- Building puzzles --- */

static struct puzzle *sudoku_from(int box_rows, int box_cols, const char *givens)
{
    struct puzzle *p = sudoku_new(box_rows, box_cols);
    struct puzzle_error err;

    for (int i = 0; i < p->ncells && givens[i]; i++)
        p->given[i] = (uint8_t)sudoku_symbol_value(givens[i]);
    puzzle_finish(p, &err);     /* fails on clashing givens, which some tests want */
    return p;
}

/* A Kakuro from rows of tokens in kakudo's grid format ("\\", "_", "D\\A"). */
static struct puzzle *kakuro_from(const char *const *rows, int height)
{
    int width = 0;
    struct puzzle *p;
    struct puzzle_error err;

    for (const char *s = rows[0]; *s; s += strspn(s, " "))
        width++, s += strcspn(s, " ");
    p = kakuro_new(width, height);
    for (int r = 0; r < height; r++) {
        const char *s = rows[r];
        for (int c = 0; c < width; c++) {
            int cell = r * width + c;
            size_t len;
            char tok[16];

            s += strspn(s, " ");
            len = strcspn(s, " ");
            snprintf(tok, sizeof tok, "%.*s", (int)len, s);
            s += len;
            if (strcmp(tok, "_") == 0)
                continue;
            p->block[cell] = 1;
            p->down[cell] = (uint8_t)atoi(tok);
            p->across[cell] = (uint8_t)atoi(strchr(tok, '\\') + 1);
        }
    }
    if (!puzzle_finish(p, &err))
        tap_diag("kakuro: %s", err.message);
    return p;
}

static void grid_from(const struct puzzle *p, const char *digits, uint8_t *grid)
{
    for (int i = 0; i < p->ncells; i++)
        grid[i] = (uint8_t)sudoku_symbol_value(digits[i]);
}

static bool grid_equals(const struct puzzle *p, const uint8_t *grid, const char *digits)
{
    for (int i = 0; i < p->ncells; i++)
        if (grid[i] != (p->block[i] ? 0 : sudoku_symbol_value(digits[i])))
            return false;
    return true;
}

static struct solve_result run(const struct puzzle *p, const uint8_t *grid, long limit,
                               enum solve_strategy strategy, const struct solve_observer *ob,
                               uint8_t *solution)
{
    struct solve_request req = { .limit = limit, .observer = ob, .strategy = strategy };
    struct solve_result res = { .solution = solution };

    puzzle_solve(p, grid, &req, &res);
    return res;
}

/* --- Watching the search --- */

/* Checks every step against a grid rebuilt from the steps themselves: placements and
 * guesses fill empty cells, backtracking empties them latest first at the depth they
 * were placed, depth counts the open guesses, and the working grid matches throughout. */
struct watcher {
    const struct puzzle *p;
    uint8_t shadow[MAX_CELLS];
    int placed[MAX_CELLS], placed_depth[MAX_CELLS];
    bool placed_guess[MAX_CELLS];
    int nplaced, open_guesses;
    long steps, stop_after;
    long counts[STEP_SOLVED + 1];
    enum solve_step_kind last;
    int solved_ok;              /* SOLVED steps whose grid was a solution */
    uint8_t kept[MAX_KEPT][MAX_CELLS];  /* grids at SOLVED */
    int nkept;
    char *text;                 /* the steps written out, when recording */
    size_t text_len, text_cap;
    const char *error;          /* the first broken rule */
    long error_step;
};

static void watch_fail(struct watcher *w, const char *what)
{
    if (w->error == NULL) {
        w->error = what;
        w->error_step = w->steps;
    }
}

static void watch_record(struct watcher *w, const struct solve_step *st)
{
    static const char kinds[] = "PEGBCS";
    char buf[64];
    int n;

    if (st->kind == STEP_GUESS)
        n = snprintf(buf, sizeof buf, "G%d=%d(%d/%d)@%d ", st->cell, st->digit, st->choice,
                     st->nchoices, st->depth);
    else if (st->kind == STEP_SOLVED || st->kind == STEP_CONTRADICTION)
        n = snprintf(buf, sizeof buf, "%c%d@%d ", kinds[st->kind], st->cell, st->depth);
    else
        n = snprintf(buf, sizeof buf, "%c%d=%d@%d ", kinds[st->kind], st->cell, st->digit, st->depth);
    w->text = xgrow(w->text, &w->text_cap, w->text_len + (size_t)n + 1, 1);
    memcpy(w->text + w->text_len, buf, (size_t)n + 1);
    w->text_len += (size_t)n;
}

static void watch_place(struct watcher *w, const struct solve_step *st)
{
    if (st->cell < 0 || w->shadow[st->cell] != 0 || st->digit < 1 || st->digit > w->p->max_digit)
        return watch_fail(w, "placed on a filled cell, or a bad digit");
    if (st->kind == STEP_GUESS) {
        w->open_guesses++;
        if (st->choice < 1 || st->choice > st->nchoices)
            watch_fail(w, "guess choice out of range");
    }
    if (st->depth != w->open_guesses)
        watch_fail(w, "placement depth is not the open guesses");
    w->shadow[st->cell] = (uint8_t)st->digit;
    w->placed[w->nplaced] = st->cell;
    w->placed_depth[w->nplaced] = st->depth;
    w->placed_guess[w->nplaced++] = st->kind == STEP_GUESS;
}

static void watch_backtrack(struct watcher *w, const struct solve_step *st)
{
    int top = w->nplaced - 1;

    if (top < 0 || w->placed[top] != st->cell || w->shadow[st->cell] != st->digit)
        return watch_fail(w, "backtracked a cell out of order");
    if (st->depth != w->placed_depth[top])
        watch_fail(w, "backtrack depth differs from the placement's");
    w->shadow[st->cell] = 0;
    w->open_guesses -= w->placed_guess[top];
    w->nplaced--;
}

static int watch_step(const struct solve_step *st, void *user)
{
    struct watcher *w = user;
    const struct puzzle *p = w->p;

    w->steps++;
    w->counts[st->kind]++;
    w->last = st->kind;
    if (w->text_cap > 0)
        watch_record(w, st);
    switch (st->kind) {
    case STEP_PLACE:
    case STEP_GUESS:
        watch_place(w, st);
        break;
    case STEP_BACKTRACK:
        watch_backtrack(w, st);
        break;
    case STEP_ELIMINATE:
        if (st->cell < 0 || w->shadow[st->cell] != 0 || st->digit < 1 || st->digit > p->max_digit)
            watch_fail(w, "eliminated from a filled cell, or a bad digit");
        break;
    case STEP_CONTRADICTION:
        if (st->cell >= 0 && w->shadow[st->cell] != 0)
            watch_fail(w, "contradiction at a filled cell");
        if (st->depth != w->open_guesses)
            watch_fail(w, "contradiction depth");
        break;
    case STEP_SOLVED:
        if (st->depth != w->open_guesses)
            watch_fail(w, "solved depth");
        w->solved_ok += puzzle_is_solved(p, st->grid);
        if (w->nkept < MAX_KEPT)
            memcpy(w->kept[w->nkept++], st->grid, (size_t)p->ncells);
        break;
    }
    if (memcmp(w->shadow, st->grid, (size_t)p->ncells) != 0)
        watch_fail(w, "working grid differs from the steps");
    return w->stop_after > 0 && w->steps >= w->stop_after;
}

static void watch_init(struct watcher *w, const struct puzzle *p, const uint8_t *grid)
{
    memset(w, 0, sizeof *w);
    w->p = p;
    memcpy(w->shadow, grid, (size_t)p->ncells);
}

/* --- The puzzles of every size --- */

struct sized {
    int box_rows, box_cols;
    long count;
    char givens[MAX_CELLS + 1], solution[MAX_CELLS + 1];
};

static bool read_sized(FILE *f, struct sized *z)
{
    char line[2 * MAX_CELLS + 64];

    while (fgets(line, sizeof line, f) != NULL) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (sscanf(line, "%d %d %ld %625s %625s", &z->box_rows, &z->box_cols, &z->count,
                   z->givens, z->solution) == 5)
            return true;
    }
    return false;
}

/* The smallest of the solutions the watcher kept (all of them, when fewer than
 * MAX_KEPT): reading order, digits ascending, which is memcmp's order. */
static const uint8_t *smallest_kept(const struct watcher *w)
{
    const uint8_t *best = NULL;

    for (int i = 0; i < w->nkept; i++)
        if (best == NULL || memcmp(w->kept[i], best, (size_t)w->p->ncells) < 0)
            best = w->kept[i];
    return best;
}

static void test_counts(const struct puzzle *p, const uint8_t *start, const struct sized *z,
                        const char *name)
{
    static const long limits[] = { 1, 2, 10 };
    uint8_t sol[MAX_CELLS];

    for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++) {
        long want = z->count < limits[i] ? z->count : limits[i];
        struct solve_result res = run(p, start, limits[i], SOLVE_SMART, NULL, sol);
        bool ok = res.count == want && !res.stopped;

        if (res.count > 0)
            ok = ok && puzzle_is_solved(p, sol);
        if (z->count == 1)
            ok = ok && grid_equals(p, sol, z->solution);
        tap_ok(ok, "%s: limit %ld finds %ld (got %ld), solution checks", name, limits[i], want, res.count);
    }
}

/* The search without an observer finds hidden singles as they appear (counting each
 * digit's places) where the observed one looks group by group: the same propagation's
 * end, so the same branches, nodes and first solution (watch shows the search solve runs). */
static void test_same_search(const struct puzzle *p, const uint8_t *start, const char *name,
                             struct watcher *w)
{
    uint8_t quiet_sol[MAX_CELLS], watched_sol[MAX_CELLS];
    struct solve_observer ob = { watch_step, w };
    struct solve_result quiet, watched;

    watch_init(w, p, start);
    quiet = run(p, start, 2, SOLVE_SMART, NULL, quiet_sol);
    watched = run(p, start, 2, SOLVE_SMART, &ob, watched_sol);
    tap_ok(quiet.count == watched.count && quiet.stats.nodes == watched.stats.nodes
           && quiet.stats.guesses == watched.stats.guesses
           && (quiet.count == 0 || memcmp(quiet_sol, watched_sol, (size_t)p->ncells) == 0),
           "%s: with and without an observer: %ld solutions, %llu nodes (%llu watched)", name,
           quiet.count, (unsigned long long)quiet.stats.nodes,
           (unsigned long long)watched.stats.nodes);
}

static void test_watched(const struct puzzle *p, const uint8_t *start, const struct sized *z,
                         const char *name, struct watcher *w)
{
    uint8_t sol[MAX_CELLS];
    struct solve_observer ob = { watch_step, w };
    struct solve_result res;

    watch_init(w, p, start);
    res = run(p, start, 10, SOLVE_SMART, &ob, sol);
    tap_ok(res.count == z->count && w->counts[STEP_SOLVED] == z->count && w->solved_ok == z->count
           && (z->count != 1 || grid_equals(p, sol, z->solution)),
           "%s: observed search finds %ld, each SOLVED grid a solution", name, z->count);
    if (!tap_ok(w->error == NULL, "%s: %ld steps consistent", name, w->steps))
        tap_diag("step %ld: %s", w->error_step, w->error);
}

static void test_first(const struct puzzle *p, const uint8_t *start, const struct sized *z,
                       const char *name, const struct watcher *w)
{
    uint8_t sol[MAX_CELLS], plain[MAX_CELLS];
    struct solve_stats stats;
    enum solve_outcome any = puzzle_solve_first(p, start, false, sol, NULL, NULL);
    enum solve_outcome out = puzzle_solve_first(p, start, true, sol, NULL, &stats);

    if (z->count == 0) {
        tap_ok(out == SOLVE_NONE && any == SOLVE_NONE, "%s: solve_first says none", name);
        return;
    }
    tap_ok(any == SOLVE_FOUND, "%s: solve_first without uniqueness finds one", name);
    if (z->count == 1) {
        tap_ok(out == SOLVE_UNIQUE && grid_equals(p, sol, z->solution), "%s: solve_first: unique", name);
        return;
    }
    tap_ok(out == SOLVE_SEVERAL && memcmp(sol, smallest_kept(w), (size_t)p->ncells) == 0,
           "%s: solve_first: several, the smallest of all %ld", name, z->count);
    if (p->max_digit <= 9) {
        /* Plain backtracking meets solutions in lexicographic order. */
        struct solve_result res = run(p, start, 1, SOLVE_PLAIN, NULL, plain);
        tap_ok(res.count == 1 && memcmp(sol, plain, (size_t)p->ncells) == 0,
               "%s: solve_first agrees with plain backtracking's first", name);
    }
}

static void test_sizes(void)
{
    FILE *f = fopen(tap_data_path("sudoku_sizes/puzzles.txt"), "r");
    struct sized z;
    struct watcher *w = xmalloc(sizeof *w);
    int n = 0;

    if (!tap_ok(f != NULL, "open sudoku_sizes/puzzles.txt")) {
        free(w);
        return;
    }
    while (read_sized(f, &z)) {
        struct puzzle *p = sudoku_from(z.box_rows, z.box_cols, z.givens);
        uint8_t start[MAX_CELLS];
        char name[64];

        snprintf(name, sizeof name, "%dx%d with %ld solution%s", p->max_digit, p->max_digit,
                 z.count, z.count == 1 ? "" : "s");
        puzzle_start_grid(p, start);
        test_counts(p, start, &z, name);
        test_watched(p, start, &z, name, w);
        test_first(p, start, &z, name, w);
        test_same_search(p, start, name, w);
        puzzle_free(p);
        n++;
    }
    tap_ok(n >= 21, "read %d puzzles of seven sizes", n);
    fclose(f);
    free(w);
}

/* --- Special cases --- */

static void test_clashing(void)
{
    /* Two 1s in the first row, and two 3s in a box of a 9x9. */
    static const char *const cases[][3] = {
        { "2", "2", "1..1............" },
        { "3", "3", "3.......9" ".3......." "........." "........." "........."
                    "........." "........." "........." "........." },
    };

    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct puzzle *p = sudoku_from(atoi(cases[i][0]), atoi(cases[i][1]), cases[i][2]);
        uint8_t start[MAX_CELLS], sol[MAX_CELLS];
        struct watcher w;
        struct solve_observer ob = { watch_step, &w };
        struct solve_result quiet, watched, plain;

        puzzle_start_grid(p, start);
        watch_init(&w, p, start);
        quiet = run(p, start, 2, SOLVE_SMART, NULL, sol);
        watched = run(p, start, 2, SOLVE_SMART, &ob, sol);
        plain = run(p, start, 2, SOLVE_PLAIN, NULL, sol);
        tap_ok(quiet.count == 0 && watched.count == 0 && plain.count == 0
               && puzzle_solve_first(p, start, true, sol, NULL, NULL) == SOLVE_NONE,
               "%dx%d with clashing givens: no solution, every way", p->max_digit, p->max_digit);
        puzzle_free(p);
    }
}

/* A digit out of range at any cell of a 9x9, in the words the check reads eight cells at
 * a time or in the last cell after them, finds nothing; 9 everywhere it may be finds. */
static void test_digits_out_of_range(void)
{
    struct puzzle *p = sudoku_new(3, 3);
    static const uint8_t bad[] = { 10, 25, 127, 128, 200, 255 };
    uint8_t grid[81] = { 0 }, sol[81];
    struct solve_result res;
    int found = 0;

    for (int cell = 0; cell < 81; cell++) {
        for (size_t i = 0; i < sizeof bad; i++) {
            grid[cell] = bad[i];
            res = run(p, grid, 1, SOLVE_SMART, NULL, sol);
            found += res.count != 0;
        }
        grid[cell] = 9;
        res = run(p, grid, 1, SOLVE_SMART, NULL, sol);
        found += res.count == 1 ? 0 : 1000;
        grid[cell] = 0;
    }
    tap_ok(found == 0, "a digit out of range at any cell finds nothing (%d wrong)", found);
    puzzle_free(p);
}

static void test_bad_requests(void)
{
    struct puzzle *p = sudoku_from(2, 2, "......34..4..2..");
    uint8_t start[16], sol[16];
    struct solve_result res;

    puzzle_start_grid(p, start);
    res = run(p, start, 0, SOLVE_SMART, NULL, sol);
    tap_ok(res.count == 0, "limit 0 finds nothing");
    start[0] = 5;
    res = run(p, start, 2, SOLVE_SMART, NULL, sol);
    tap_ok(res.count == 0, "a digit beyond the size finds nothing");
    start[0] = 0;
    res = run(p, start, 2, SOLVE_SMART, NULL, NULL);
    tap_ok(res.count == 1 && res.solution == NULL, "no solution buffer: still counts");
    puzzle_free(p);
    test_digits_out_of_range();
}

/* A 4x4 with several solutions whose first guess fails, recorded step by step. */
static void test_step_stream(void)
{
    static const char expect[] =
        "G4=2(1/2)@1 E7=2@1 E0=2@1 E8=2@1 E12=2@1 E1=2@1 P7=3@1 E11=3@1 E2=3@1 P12=4@1 "
        "E14=4@1 E8=4@1 P1=1@1 E0=1@1 E9=1@1 P11=2@1 E9=2@1 C9@1 "
        "B11=2@1 B1=1@1 B12=4@1 B7=3@1 B4=2@1 "
        "G4=3(2/2)@1 E7=3@1 E0=3@1 P7=2@1 E11=2@1 E2=2@1 P11=3@1 E10=3@1 P2=3@1 "
        "G9=1(1/2)@2 E8=1@2 E1=1@2 P1=2@2 E0=2@2 P0=1@2 "
        "G8=2(1/2)@3 E10=2@3 E12=2@3 P10=4@3 E14=4@3 P12=4@3 P14=2@3 S-1@3 ";
    struct puzzle *p = sudoku_from(2, 2, "...4.41......3.1");
    uint8_t start[16], sol[16];
    struct watcher w;
    struct solve_observer ob = { watch_step, &w };
    struct solve_result res;

    puzzle_start_grid(p, start);
    watch_init(&w, p, start);
    w.text = xgrow(NULL, &w.text_cap, 256, 1);
    w.text[0] = '\0';
    res = run(p, start, 1, SOLVE_SMART, &ob, sol);
    if (!tap_ok(strcmp(w.text, expect) == 0, "4x4 step stream as recorded"))
        tap_diag("got %s", w.text);
    tap_ok(w.error == NULL && w.last == STEP_SOLVED && w.solved_ok == 1 && res.count == 1
           && memcmp(sol, w.kept[0], 16) == 0,
           "4x4 steps consistent, SOLVED last with the solution");
    tap_ok(res.stats.guesses == 4 && res.stats.backtracks == 1 && res.stats.nodes == 5,
           "4x4 stats: 5 nodes, 4 guesses, 1 backtrack");
    free(w.text);

    /* No solution, no clash: a dead end before any guess, at depth 0. */
    puzzle_free(p);
    p = sudoku_from(2, 2, "......343.4..2..");
    puzzle_start_grid(p, start);
    watch_init(&w, p, start);
    res = run(p, start, 1, SOLVE_SMART, &ob, sol);
    tap_ok(res.count == 0 && w.counts[STEP_CONTRADICTION] == 1 && w.counts[STEP_GUESS] == 0
           && w.last == STEP_CONTRADICTION && w.error == NULL,
           "dead end at the root: one contradiction, no guess");
    puzzle_free(p);
}

static void test_stop(const struct puzzle *p, const uint8_t *start, enum solve_strategy strategy,
                      long k, const char *name)
{
    uint8_t sol[MAX_CELLS];
    struct watcher *w = xmalloc(sizeof *w);
    struct solve_observer ob = { watch_step, w };
    struct solve_result res;

    watch_init(w, p, start);
    w->stop_after = k;
    res = run(p, start, 2, strategy, &ob, sol);
    tap_ok(res.stopped && res.count == 0 && w->steps == k && w->error == NULL,
           "%s stops at step %ld of %ld: stopped, count 0", name, w->steps, k);
    free(w);
}

static void test_stopping(void)
{
    const char *g16 = NULL;
    FILE *f = fopen(tap_data_path("sudoku_sizes/puzzles.txt"), "r");
    struct sized z;
    struct puzzle *p;
    uint8_t start[MAX_CELLS];
    static const long ks[] = { 1, 2, 7, 60, 500 };

    while (f != NULL && read_sized(f, &z))
        if (z.box_rows == 4 && z.count == 1) {
            g16 = z.givens;
            break;
        }
    if (!tap_ok(g16 != NULL, "a 16x16 to stop")) {
        if (f != NULL)
            fclose(f);
        return;
    }
    p = sudoku_from(4, 4, g16);
    puzzle_start_grid(p, start);
    for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++)
        test_stop(p, start, SOLVE_SMART, ks[i], "16x16 search");
    for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++)
        test_stop(p, start, SOLVE_PLAIN, ks[i], "16x16 plain");
    puzzle_free(p);
    fclose(f);
}

/* --- The seeds' plain backtracking --- */

static void test_plain_sudoku(void)
{
    /* BOJ 2580's example; seed000_boj2580.cpp prints this and places 14 digits. */
    static const char boj2580[] =
        "035469278" "782105609" "060278135" "321046897" "804913506"
        "596820413" "917652080" "603701952" "258394760";
    static const char boj2580_answer[] =
        "135469278" "782135649" "469278135" "321546897" "874913526"
        "596827413" "917652384" "643781952" "258394761";
    /* From tests/data/sudoku_sizes: the seeds (seed000 in C++, seed001 in Python,
     * instrumented) place 28,670 digits on the first and 4,052 on the second. */
    static const struct { const char *givens, *answer; uint64_t tries; long count; } cases[] = {
        { boj2580, boj2580_answer, 14, 1 },
        { "...763.2..8...176......5..1.1.....764.9............3.....418..9.4.6.......3.5...8",
          "194763825582941763376825941218394576439576182657182394725418639841639257963257418", 28670, 1 },
        { "...763.2..8...176......5..1.1.....764.9............3.....41...9.4.6.......3.5...8",
          "194763825285941763367825941812394576439576182756182394528417639941638257673259418", 4052, 5 },
    };

    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct puzzle *p = sudoku_new(3, 3);
        uint8_t start[81], sol[81];
        struct solve_result res;
        struct watcher *w = xmalloc(sizeof *w);
        struct solve_observer ob = { watch_step, w };

        grid_from(p, cases[i].givens, start);
        res = run(p, start, 1, SOLVE_PLAIN, NULL, sol);
        tap_ok(res.count == 1 && grid_equals(p, sol, cases[i].answer),
               "plain 9x9 #%zu: the seed's answer", i + 1);
        if (!tap_ok(res.stats.guesses == cases[i].tries, "plain 9x9 #%zu: %" PRIu64 " digits tried, as the seed",
                    i + 1, cases[i].tries))
            tap_diag("tried %llu", (unsigned long long)res.stats.guesses);
        watch_init(w, p, start);
        res = run(p, start, 10, SOLVE_PLAIN, &ob, sol);
        tap_ok(res.count == cases[i].count && w->solved_ok == cases[i].count && w->error == NULL
               && (uint64_t)w->counts[STEP_GUESS] == res.stats.guesses
               && w->counts[STEP_BACKTRACK] == w->counts[STEP_GUESS] && w->counts[STEP_PLACE] == 0,
               "plain 9x9 #%zu: counts %ld, steps consistent", i + 1, cases[i].count);
        free(w);
        puzzle_free(p);
    }
}

static void test_plain_kakuro(void)
{
    static const char *const tiny[] = {
        "\\ 6\\ 15\\ 14\\", "\\7 _ _ _", "\\17 _ _ _", "\\11 _ _ _",
    };
    /* The "wikipedia" 8x8 of /work/shared/data/kakuro/garus.txt (MarcelGarus/kakuro). */
    static const char *const wiki[] = {
        "\\ 23\\ 30\\ \\ \\ 27\\ 12\\ 16\\", "\\16 _ _ \\ 17\\24 _ _ _",
        "\\17 _ _ 15\\29 _ _ _ _", "\\35 _ _ _ _ _ 12\\ \\", "\\ \\7 _ _ 7\\8 _ _ 7\\",
        "\\ 11\\ 10\\16 _ _ _ _ _", "\\21 _ _ _ _ \\5 _ _", "\\6 _ _ _ \\ \\3 _ _",
    };
    /* seed004_kakuro2.cpp, instrumented, tries 9 and 420 digits and prints these. */
    static const char tiny_answer[] = "0000" "0124" "0269" "0371";
    static const char wiki_answer[] =
        "00000000" "09700879" "08908957" "06859700" "00610260" "00046132" "08931014" "03120021";
    static const struct {
        const char *const *rows;
        int height;
        const char *answer;
        uint64_t tries;
        long count;
    } cases[] = {
        { tiny, 4, tiny_answer, 9, 10 },
        { wiki, 8, wiki_answer, 420, 1 },
    };

    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct puzzle *p = kakuro_from(cases[i].rows, cases[i].height);
        uint8_t start[64], sol[64];
        struct watcher *w = xmalloc(sizeof *w);
        struct solve_observer ob = { watch_step, w };
        struct solve_result res;

        puzzle_start_grid(p, start);
        res = run(p, start, 1, SOLVE_PLAIN, NULL, sol);
        tap_ok(res.count == 1 && puzzle_is_solved(p, sol) && grid_equals(p, sol, cases[i].answer),
               "plain Kakuro %dx%d: a valid solution, the seed's", p->width, p->height);
        tap_ok(res.stats.guesses == cases[i].tries, "plain Kakuro %dx%d: %" PRIu64 " digits tried, as the seed",
               p->width, p->height, cases[i].tries);
        watch_init(w, p, start);
        res = run(p, start, 100, SOLVE_PLAIN, &ob, sol);
        tap_ok(res.count == cases[i].count && w->solved_ok == cases[i].count && w->error == NULL
               && w->counts[STEP_BACKTRACK] == w->counts[STEP_GUESS],
               "plain Kakuro %dx%d: %ld solution(s), steps consistent", p->width, p->height,
               cases[i].count);
        free(w);
        puzzle_free(p);
    }
}

/* --- Budgets --- */

/* An empty Sudoku with boxes of br rows and bc columns, and its start grid. */
static struct puzzle *empty_sudoku(int br, int bc, uint8_t *start)
{
    struct puzzle *p = sudoku_new(br, bc);

    memset(start, 0, (size_t)p->ncells);
    return p;
}

/* Every search keeps to a budget of nodes, and says it gave up. */
static void test_budget_nodes(void)
{
    static const int shapes[][2] = { { 3, 3 }, { 4, 4 }, { 5, 5 } };
    uint8_t start[MAX_CELLS], sol[MAX_CELLS];

    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        uint8_t start_plain[MAX_CELLS];
        struct puzzle *p = empty_sudoku(shapes[i][0], shapes[i][1], start);
        int n = p->max_digit;

        for (int strategy = SOLVE_SMART; strategy <= SOLVE_PLAIN; strategy++) {
            struct solve_request req = {
                .limit = 1000000, .strategy = (enum solve_strategy)strategy,
                .budget = solve_budget_nodes(10),
            };
            struct solve_result res = { .solution = sol };

            memcpy(start_plain, start, (size_t)p->ncells);
            puzzle_solve(p, start_plain, &req, &res);
            tap_ok(res.gave_up && !res.stopped && res.stats.nodes <= 10,
                   "empty %dx%d, %s search, 10 nodes: gave up after %llu nodes with %ld found",
                   n, n, strategy == SOLVE_SMART ? "smart" : "plain",
                   (unsigned long long)res.stats.nodes, res.count);
        }
        puzzle_free(p);
    }
}

/* puzzle_solve_first within a budget: the smallest of several when the budget allows,
 * a valid solution noted as perhaps not the smallest when only the search for it runs
 * out, and nothing when even the first search does. */
static void test_budget_first(void)
{
    uint8_t start[MAX_CELLS], sol[MAX_CELLS], again[MAX_CELLS];
    struct puzzle *p = empty_sudoku(4, 4, start);
    struct solve_budget tiny = solve_budget_nodes(1), some = solve_budget_nodes(600);
    enum solve_outcome out;
    struct solve_request check = { .limit = 2 };
    struct solve_result res = { .solution = again };
    bool first_row = true;

    out = puzzle_solve_first(p, start, true, sol, NULL, NULL);
    for (int c = 0; c < 16; c++)
        first_row = first_row && sol[c] == c + 1;
    tap_ok(out == SOLVE_SEVERAL && first_row,
           "empty 16x16: the first solution in reading order within the default budget");
    tap_ok(puzzle_solve_first(p, start, true, sol, &tiny, NULL) == SOLVE_GAVE_UP,
           "empty 16x16, a budget of 1 node: gave up");
    puzzle_free(p);

    p = empty_sudoku(5, 5, start);
    out = puzzle_solve_first(p, start, true, sol, &some, NULL);
    puzzle_solve(p, sol, &check, &res);
    tap_ok(out == SOLVE_SEVERAL_UNORDERED && res.count == 1 && memcmp(again, sol, (size_t)p->ncells) == 0,
           "empty 25x25, 600 nodes: a valid solution, perhaps not the smallest");
    puzzle_free(p);
}

/* A deadline on this thread's CPU clock: spent once the thread has worked past it (a
 * loop of real work, so the test waits on work done, not on time passing), and not
 * spent before, however long the thread sleeps or waits for the processor. */
static void test_budget_cpu_clock(void)
{
    struct solve_budget b = { .cpu_clock = true };
    volatile uint64_t sink = 0;

    b.deadline_ns = solve_budget_now(&b) + 1000000u;      /* 1 ms of this thread's work */
    tap_ok(!solve_budget_spent(&b, SOLVE_CLOCK_EVERY), "CPU-clock deadline: not spent at once");
    while (solve_budget_now(&b) < b.deadline_ns)
        sink += 1;
    tap_ok(solve_budget_spent(&b, SOLVE_CLOCK_EVERY) && sink > 0,
           "CPU-clock deadline: spent once the thread has worked 1 ms");
}

int main(void)
{
    test_budget_nodes();
    test_budget_cpu_clock();
    test_budget_first();
    test_sizes();
    test_clashing();
    test_bad_requests();
    test_step_stream();
    test_stopping();
    test_plain_sudoku();
    test_plain_kakuro();
    return tap_done();
}
