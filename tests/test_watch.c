/* test_watch.c: watching the solver on the core alone: the steps of small puzzles in a watch, their accounts and trace lines, stopping half-way, and the pacer on a fake clock. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "puzzle.h"
#include "solve.h"
#include "tap.h"
#include "util.h"
#include "watch.h"

/* --- Puzzles --- */

static struct puzzle *load(const char *name)
{
    struct format_style style;
    struct format_error err;
    struct puzzle *p = format_load(tap_data_path(name), FORMAT_AUTO, &style, &err);

    if (p == NULL) {
        char msg[600];
        format_error_string(&err, msg, sizeof msg);
        printf("Bail out! %s\n", msg);
        exit(99);
    }
    return p;
}

/* A 16x16 of tests/data/sudoku_sizes/puzzles.txt ("4 4 1 givens solution"). */
static struct puzzle *load_16x16(void)
{
    FILE *f = fopen(tap_data_path("sudoku_sizes/puzzles.txt"), "r");
    char line[2048], givens[700];
    int rows, cols;
    long count;
    struct puzzle *p = NULL;
    struct puzzle_error err;

    while (f != NULL && p == NULL && fgets(line, sizeof line, f) != NULL) {
        if (sscanf(line, "%d %d %ld %699s", &rows, &cols, &count, givens) != 4
            || rows != 4 || cols != 4 || count != 1)
            continue;
        p = sudoku_new(4, 4);
        for (int i = 0; i < p->ncells; i++)
            p->given[i] = (uint8_t)sudoku_symbol_value(givens[i]);
        puzzle_finish(p, &err);
    }
    if (f != NULL)
        fclose(f);
    if (p == NULL) {
        printf("Bail out! no unique 16x16 in sudoku_sizes/puzzles.txt\n");
        exit(99);
    }
    return p;
}

/* --- An observer that checks the watch after every step --- */

struct follower {
    struct watch *w;
    const struct puzzle *p;
    long steps, stop_at;
    long kinds[STEP_SOLVED + 1];
    const char *error;
    long error_step;
    char *text;             /* the trace lines, when recording */
    size_t len, cap;
    bool record;
    bool light;             /* only count and stop: no checks */
};

static void follow_fail(struct follower *f, const char *what)
{
    if (f->error == NULL) {
        f->error = what;
        f->error_step = f->steps;
    }
}

static void follow_record(struct follower *f, const struct solve_step *st)
{
    char line[128];
    size_t n;

    watch_trace_line(f->p, (uint64_t)f->steps, st, line, sizeof line);
    n = strlen(line);
    f->text = xgrow(f->text, &f->cap, f->len + n + 2, 1);
    memcpy(f->text + f->len, line, n);
    f->len += n;
    f->text[f->len++] = '\n';
    f->text[f->len] = '\0';
}

/* What the watch shows for the step's cell agrees with the step. */
static void follow_cell(struct follower *f, const struct solve_step *st)
{
    int digit;
    enum watch_cell state = st->cell >= 0 ? watch_cell_state(f->w, st->cell, &digit) : WATCH_EMPTY;
    digitset bit = 1u << st->digit;

    switch (st->kind) {
    case STEP_GUESS:
        if (state != WATCH_GUESSED || digit != st->digit)
            follow_fail(f, "a guessed cell does not show its guess");
        break;
    case STEP_PLACE:
        if (state != WATCH_PLACED || digit != st->digit)
            follow_fail(f, "a placed cell does not show its digit");
        break;
    case STEP_BACKTRACK:
        if (state != WATCH_UNDONE || digit != st->digit || f->w->grid[st->cell] != 0)
            follow_fail(f, "an undone cell does not show the digit taken back, or is not empty");
        break;
    case STEP_ELIMINATE:
        if ((watch_candidates(f->w, st->cell) & bit) || !(watch_just_ruled_out(f->w, st->cell) & bit))
            follow_fail(f, "an eliminated candidate is still a candidate, or not shown as ruled out");
        break;
    case STEP_CONTRADICTION:
        if (st->cell >= 0 && state != WATCH_DEAD)
            follow_fail(f, "a dead end's cell is not marked");
        break;
    case STEP_SOLVED:
        if (!puzzle_is_solved(f->p, f->w->grid))
            follow_fail(f, "solved, but the watch's grid is not a solution");
        break;
    }
}

static int follow_step(const struct solve_step *st, void *user)
{
    struct follower *f = user;
    const struct puzzle *p = f->p;

    f->steps++;
    f->kinds[st->kind]++;
    watch_apply(f->w, st);
    if (f->light)
        return f->stop_at > 0 && f->steps >= f->stop_at;
    if (f->record)
        follow_record(f, st);
    if (memcmp(f->w->grid, st->grid, (size_t)p->ncells) != 0)
        follow_fail(f, "the watch's grid differs from the solver's");
    if (f->w->n.steps != (uint64_t)f->steps || f->w->n.depth != st->depth)
        follow_fail(f, "step count or depth");
    follow_cell(f, st);
    /* The candidates shown are never more than the rules allow. */
    for (int c = 0; c < p->ncells && p->ncells <= 81; c++)
        if (watch_candidates(f->w, c) & ~puzzle_candidates(p, f->w->grid, c))
            follow_fail(f, "a candidate shown that the rules exclude");
    return f->stop_at > 0 && f->steps >= f->stop_at;
}

static void follower_init(struct follower *f, const struct puzzle *p, struct watch *w)
{
    memset(f, 0, sizeof *f);
    f->p = p;
    f->w = w;
    watch_reset(w, p->given);
}

static struct solve_result follow(struct follower *f, const struct puzzle *p, long limit,
                                  enum solve_strategy strategy)
{
    struct solve_observer observer = { follow_step, f };
    struct solve_request req = { .limit = limit, .observer = &observer, .strategy = strategy };
    struct solve_result res = { .solution = NULL };

    puzzle_solve(p, p->given, &req, &res);
    return res;
}

/* --- The step streams of small puzzles --- */

struct stream_case {
    const char *file;       /* under tests/data; NULL: the 16x16 */
    enum solve_strategy strategy;
    long limit;
};

static const struct stream_case stream_cases[] = {
    { "trace/sudoku4_several.txt", SOLVE_SMART, 10 },
    { "trace/sudoku4_several.txt", SOLVE_PLAIN, 10 },
    { "trace/sudoku6.txt", SOLVE_SMART, 2 },
    { "trace/sudoku6.txt", SOLVE_PLAIN, 2 },
    { "trace/sudoku9_guess.txt", SOLVE_SMART, 2 },
    { "cli/boj2239_several.in", SOLVE_SMART, 5 },
    { "cli/boj2239.in", SOLVE_PLAIN, 2 },
    { "cli/none.in", SOLVE_SMART, 2 },
    { NULL, SOLVE_SMART, 2 },
    { "trace/kakuro3.txt", SOLVE_SMART, 2 },
    { "trace/kakuro3.txt", SOLVE_PLAIN, 2 },
    { "cli/kakuro2.in", SOLVE_SMART, 2 },
    { "cli/kakuro2.in", SOLVE_PLAIN, 2 },
};

static struct puzzle *load_case(const struct stream_case *c)
{
    return c->file != NULL ? load(c->file) : load_16x16();
}

static const char *case_name(const struct stream_case *c)
{
    static char buf[128];

    snprintf(buf, sizeof buf, "%s, %s, limit %ld", c->file != NULL ? c->file : "16x16",
             c->strategy == SOLVE_PLAIN ? "plain" : "smart", c->limit);
    return buf;
}

static void test_stream(const struct stream_case *c)
{
    struct puzzle *p = load_case(c);
    struct watch *w = watch_new(p);
    struct follower f;
    struct solve_result res;
    const struct watch_counts *n = &w->n;

    follower_init(&f, p, w);
    res = follow(&f, p, c->limit, c->strategy);
    if (!tap_ok(f.error == NULL && !res.stopped, "%s: %ld steps, the watch agrees with each", case_name(c), f.steps))
        tap_diag("step %ld: %s", f.error_step, f.error);
    tap_ok(n->guesses == (uint64_t)f.kinds[STEP_GUESS] && n->places == (uint64_t)f.kinds[STEP_PLACE]
           && n->eliminations == (uint64_t)f.kinds[STEP_ELIMINATE]
           && n->undone == (uint64_t)f.kinds[STEP_BACKTRACK]
           && n->dead_ends == (uint64_t)f.kinds[STEP_CONTRADICTION]
           && n->solutions == (uint64_t)res.count && n->guesses == res.stats.guesses
           && n->backtracks <= n->undone && (n->undone == 0) == (n->backtracks == 0),
           "%s: counters match the steps and the search's stats", case_name(c));
    if (res.count > 0)
        tap_ok(puzzle_is_solved(p, w->solution), "%s: the first solution is kept", case_name(c));
    watch_free(w);
    puzzle_free(p);
}

/* The steps through watch_trace_line are the expected trace files' step lines. */
static char *expected_steps(const char *name)
{
    char path[256], line[512];
    FILE *f;
    char *text = NULL;
    size_t len = 0, cap = 0;
    bool in_steps = false;

    snprintf(path, sizeof path, "trace/%s.expected", name);
    f = fopen(tap_data_path(path), "r");
    if (f == NULL)
        return NULL;
    while (fgets(line, sizeof line, f) != NULL) {
        size_t n = strlen(line);
        if (strncmp(line, "# trace of", 10) == 0) {
            in_steps = true;
            continue;
        }
        if (line[0] == '#')
            in_steps = false;
        if (!in_steps)
            continue;
        text = xgrow(text, &cap, len + n + 1, 1);
        memcpy(text + len, line, n + 1);
        len += n;
    }
    fclose(f);
    return text != NULL ? text : xstrdup("");
}

static void test_trace_files(void)
{
    FILE *cases = fopen(tap_data_path("trace/cases"), "r");
    char line[512];

    if (cases == NULL) {
        tap_ok(false, "trace/cases opens");
        return;
    }
    while (fgets(line, sizeof line, cases) != NULL) {
        char name[64], file[128], opts[128] = "", path[160];
        struct stream_case c;
        struct puzzle *p;
        struct watch *w;
        struct follower f;
        char *want;

        if (line[0] == '#' || sscanf(line, "%63s %127s %127[^\n]", name, file, opts) < 2)
            continue;
        snprintf(path, sizeof path, "trace/%s", file);
        c = (struct stream_case){
            .file = path, .strategy = strstr(opts, "plain") ? SOLVE_PLAIN : SOLVE_SMART,
            .limit = strstr(opts, "--any") ? 1 : 2,
        };
        p = load_case(&c);
        w = watch_new(p);
        follower_init(&f, p, w);
        f.record = true;
        follow(&f, p, c.limit, c.strategy);
        want = expected_steps(name);
        if (!tap_ok(want != NULL && f.text != NULL && strcmp(want, f.text) == 0,
                    "%s: the steps, in order, are those of trace/%s.expected", name, name))
            tap_diag("got:\n%.600s", f.text != NULL ? f.text : "(nothing)");
        free(want);
        free(f.text);
        watch_free(w);
        puzzle_free(p);
    }
    fclose(cases);
}

/* --- Stopping from the observer, at every step: the search ends there, nothing leaks
 * (the sanitizer build checks) --- */

static void test_stop_everywhere(const struct stream_case *c)
{
    struct puzzle *p = load_case(c);
    struct watch *w = watch_new(p);
    struct follower f;
    long total, wrong = 0, checked = 0;

    follower_init(&f, p, w);
    follow(&f, p, c->limit, c->strategy);
    total = f.steps;
    for (long k = 1; k <= total; k += total > 200 ? total / 97 : 1) {
        struct solve_result res;

        follower_init(&f, p, w);
        f.light = true;
        f.stop_at = k;
        res = follow(&f, p, c->limit, c->strategy);
        checked++;
        wrong += !res.stopped || f.steps != k || w->n.steps != (uint64_t)k;
    }
    tap_ok(wrong == 0, "%s: stopped at %ld points of %ld steps, each search ends at once", case_name(c),
           checked, total);
    watch_free(w);
    puzzle_free(p);
}

/* --- Accounts: the latest step in words --- */

static struct solve_step step(enum solve_step_kind kind, int cell, int digit, int depth)
{
    return (struct solve_step){ .kind = kind, .cell = cell, .digit = digit, .depth = depth, .group = -1 };
}

static bool says(const struct watch *w, const char *want)
{
    char buf[160];

    watch_account(w, buf, sizeof buf);
    if (strcmp(buf, want) != 0) {
        tap_diag("said \"%s\"", buf);
        return false;
    }
    return true;
}

static void test_accounts(void)
{
    struct puzzle *p = sudoku_new(3, 3);
    struct watch *w = watch_new(p);
    struct solve_step st;
    int r4c7 = puzzle_index(p, 3, 6), r2c5 = puzzle_index(p, 1, 4);
    char buf[160];

    tap_ok(strcmp(watch_account(w, buf, sizeof buf), "") == 0, "before any step, nothing to tell");
    st = step(STEP_CONTRADICTION, puzzle_index(p, 0, 8), 0, 0);
    watch_apply(w, &st);
    tap_ok(says(w, "r1c9: no digit fits -> no solution"), "a dead end before any guess: no solution");
    st = step(STEP_GUESS, r4c7, 3, 1);
    st.choice = 2;
    st.nchoices = 3;
    watch_apply(w, &st);
    tap_ok(says(w, "r4c7 = 3 (guess 2 of 3)"), "a guess: the cell, digit, and which of how many");
    st = step(STEP_PLACE, puzzle_index(p, 3, 7), 5, 1);
    watch_apply(w, &st);
    tap_ok(says(w, "r4c8 = 5 (forced)"), "a place");
    st = step(STEP_ELIMINATE, puzzle_index(p, 3, 8), 5, 1);
    watch_apply(w, &st);
    tap_ok(says(w, "r4c9: 5 ruled out"), "an elimination");
    st = step(STEP_CONTRADICTION, r2c5, 0, 1);
    watch_apply(w, &st);
    tap_ok(says(w, "r2c5: no digit fits -> back to r4c7"), "a dead end at a cell goes back to the latest guess");
    st = step(STEP_CONTRADICTION, -1, 7, 1);
    st.group = 2;   /* rows come first */
    watch_apply(w, &st);
    tap_ok(says(w, "row 3: no place for 7 -> back to r4c7"), "a dead end in a group names it and the digit");
    st = step(STEP_CONTRADICTION, -1, 6, 1);
    watch_apply(w, &st);
    tap_ok(says(w, "no room left for 6 -> back to r4c7"), "a dead end with only its digit known");
    st = step(STEP_BACKTRACK, r4c7, 3, 1);
    watch_apply(w, &st);
    tap_ok(says(w, "r4c7 = 3 taken back"), "a backtrack");
    st = step(STEP_SOLVED, -1, 0, 0);
    watch_apply(w, &st);
    tap_ok(says(w, "solved: every cell filled"), "solved");
    watch_free(w);
    puzzle_free(p);
}

static void test_kakuro_runs(void)
{
    struct puzzle *p = load("trace/kakuro3.txt");
    struct watch *w = watch_new(p);
    struct solve_step st;
    int groups[3], n, left, empty, r2c2 = puzzle_index(p, 1, 1);
    char buf[160];

    st = step(STEP_GUESS, r2c2, 9, 1);
    st.choice = 1;
    st.nchoices = 2;
    watch_apply(w, &st);
    n = watch_focus_groups(w, groups, 3);
    tap_ok(n == 2 && p->groups[groups[0]].kind == GROUP_ACROSS && p->groups[groups[1]].kind == GROUP_DOWN,
           "Kakuro: a step's runs are its cell's across and down runs");
    watch_group_left(w, groups[0], &left, &empty);
    tap_ok(left == 7 && empty == 1, "across 16 in two after a 9: 7 left in one cell (got %d in %d)", left, empty);
    watch_group_left(w, groups[1], &left, &empty);
    tap_ok(left == 8 && empty == 1, "down 17 in two after a 9: 8 left in one cell (got %d in %d)", left, empty);
    st = step(STEP_CONTRADICTION, -1, 0, 1);
    st.group = groups[1];
    watch_apply(w, &st);
    n = watch_focus_groups(w, groups, 3);
    tap_ok(n == 1 && groups[0] == st.group, "a dead end in a run focuses on that run");
    tap_ok(says(w, "down r2c2-r3c2: 17 cannot be made -> back to r2c2"), "a run that cannot make its sum");
    watch_trace_line(p, 12, &st, buf, sizeof buf);
    tap_ok(strcmp(buf, "12 contradiction - - 1 down:r2c2") == 0, "trace line of a run's dead end: %s", buf);
    watch_free(w);
    puzzle_free(p);
}

/* A dead end in a run without a clue tells no sum. */
static void test_sumless_run_account(void)
{
    struct puzzle *p = load("format/good/kakuro_sumless_run.txt");
    struct watch *w = watch_new(p);
    struct solve_step st = step(STEP_CONTRADICTION, -1, 0, 0);

    st.group = 0;
    while (st.group < p->ngroups && puzzle_group_has_sum(&p->groups[st.group]))
        st.group++;
    watch_apply(w, &st);
    tap_ok(st.group < p->ngroups && says(w, "across r3c3-r3c4: too few digits left to differ -> no solution"),
           "a run without a clue at a dead end: no sum in the account");
    watch_free(w);
    puzzle_free(p);
}

/* Candidates ruled out on a branch come back when the search backs up past it, and what
 * a backtrack took out shows until the next guess. */
static void test_branch_memory(void)
{
    struct puzzle *p = sudoku_new(2, 2);
    struct watch *w = watch_new(p);
    struct solve_step st;
    int a = 0, b = 5;
    int digit;

    st = step(STEP_ELIMINATE, b, 4, 0);
    watch_apply(w, &st);
    st = step(STEP_GUESS, a, 1, 1);
    watch_apply(w, &st);
    tap_ok(!(watch_just_ruled_out(w, b) & (1u << 4)) && !(watch_candidates(w, b) & (1u << 4)),
           "a guess ends the news of earlier eliminations, which stay ruled out");
    st = step(STEP_ELIMINATE, b, 3, 1);
    watch_apply(w, &st);
    tap_ok(!(watch_candidates(w, b) & (1u << 3)) && (watch_just_ruled_out(w, b) & (1u << 3)),
           "an elimination after the guess shows as just ruled out");
    st = step(STEP_BACKTRACK, a, 1, 1);
    watch_apply(w, &st);
    tap_ok((watch_candidates(w, b) & (1u << 3)) && !(watch_candidates(w, b) & (1u << 4)),
           "backing up the guess restores what its branch ruled out, not what came before");
    tap_ok(watch_cell_state(w, a, &digit) == WATCH_UNDONE && digit == 1 && w->n.backtracks == 1,
           "the undone cell shows the digit taken back");
    st = step(STEP_GUESS, a, 2, 1);
    watch_apply(w, &st);
    st = step(STEP_BACKTRACK, a, 2, 1);
    watch_apply(w, &st);
    st = step(STEP_BACKTRACK, b, 3, 1);
    watch_apply(w, &st);
    tap_ok(w->n.backtracks == 2 && w->n.undone == 3, "backtracks count each backing up once, undone each cell");
    st = step(STEP_GUESS, b, 1, 1);
    watch_apply(w, &st);
    tap_ok(watch_cell_state(w, a, &digit) == WATCH_EMPTY && digit == 0, "the next guess clears the undone marks");
    watch_free(w);
    puzzle_free(p);
}

static void test_trace_lines(void)
{
    struct puzzle *p = sudoku_new(4, 4);
    struct solve_step st = step(STEP_GUESS, puzzle_index(p, 15, 15), 16, 7);
    char buf[128];

    st.choice = 3;
    st.nchoices = 4;
    tap_ok(strcmp(watch_trace_line(p, 1, &st, buf, sizeof buf), "1 guess r16c16 G 7 3/4") == 0,
           "a guess on a 16x16: symbols above 9 are letters: %s", buf);
    st = step(STEP_SOLVED, -1, 0, 0);
    tap_ok(strcmp(watch_trace_line(p, 99, &st, buf, sizeof buf), "99 solved - - 0") == 0, "solved: %s", buf);
    st = step(STEP_CONTRADICTION, -1, 5, 2);
    st.group = 16 + 3;  /* the fourth column */
    tap_ok(strcmp(watch_trace_line(p, 4, &st, buf, sizeof buf), "4 contradiction - 5 2 column4") == 0,
           "a group's dead end: %s", buf);
    puzzle_free(p);
}

/* --- The pacer, on a fake clock --- */

struct fake {
    uint64_t now;
    long steps;             /* steps taken by the driver */
    int frames, inputs, blocking, max_wait;
    long frame_steps[4096];
    long input_steps[64];
    struct watch_pacer *pc;
    bool (*script)(struct fake *f, int input_no);     /* true: a key came */
};

static uint64_t fake_now(void *user)
{
    return ((struct fake *)user)->now;
}

static void fake_draw(void *user)
{
    struct fake *f = user;

    if (f->frames < 4096)
        f->frame_steps[f->frames] = f->steps;
    f->frames++;
}

/* A key from the script comes at once; else the wait runs its course (a blocking one
 * for a quarter of a second). */
static void fake_input(void *user, int wait_ms)
{
    struct fake *f = user;
    int no = f->inputs++;

    if (no < 64)
        f->input_steps[no] = f->steps;
    if (wait_ms < 0)
        f->blocking++;
    if (wait_ms > f->max_wait)
        f->max_wait = wait_ms;
    if (f->script != NULL && f->script(f, no))
        return;
    f->now += (uint64_t)(wait_ms < 0 ? 250 : wait_ms) * 1000000u;
}

static const struct watch_pace_ops fake_ops = { fake_now, fake_draw, fake_input };

/* Takes nsteps steps of step_ns each; returns the steps taken before a stop. */
static long drive(struct fake *f, long nsteps, uint64_t step_ns)
{
    for (long i = 0; i < nsteps; i++) {
        f->now += step_ns;
        f->steps++;
        if (watch_pacer_due(f->pc) && watch_pace(f->pc))
            break;
    }
    return f->steps;
}

static void fake_start(struct fake *f, struct watch_pacer *pc, long speed, bool paused)
{
    memset(f, 0, sizeof *f);
    f->now = 1000000000u;
    f->pc = pc;
    watch_pacer_start(pc, &fake_ops, f, watch_speed_index(speed), paused);
}

static void test_pacer_full_speed(void)
{
    struct watch_pacer pc;
    struct fake f;

    fake_start(&f, &pc, WATCH_FULL_SPEED, false);
    drive(&f, 1000000, 2000);   /* two seconds of steps of 2 us */
    tap_ok(f.frames >= 110 && f.frames <= 121, "full speed: %d frames in 2 s, about 60 a second", f.frames);
    tap_ok(f.inputs == f.frames && f.max_wait == 0 && f.blocking == 0,
           "full speed: keys are looked at each frame, without waiting");
    tap_ok(watch_pacer_elapsed_ns(&pc) == 2000000000u, "full speed: the search time is the time spent");
}

static void test_pacer_slow(void)
{
    struct watch_pacer pc;
    struct fake f;
    uint64_t t0;

    fake_start(&f, &pc, 10, false);
    t0 = f.now;
    drive(&f, 30, 1000);
    tap_ok(f.now - t0 >= 2990000000u && f.now - t0 <= 3010000000u,
           "10 steps/s: 30 steps take 3 s (took %.3f s)", (double)(f.now - t0) / 1e9);
    tap_ok(f.frames == 30, "10 steps/s: every step is drawn (%d frames)", f.frames);
    tap_ok(f.max_wait <= WATCH_KEY_WAIT_MS && f.max_wait > 0 && f.blocking == 0,
           "10 steps/s: waits for keys of at most 50 ms (longest %d ms)", f.max_wait);

    fake_start(&f, &pc, 1, false);
    t0 = f.now;
    drive(&f, 3, 1000);
    tap_ok(f.now - t0 >= 2990000000u && f.now - t0 <= 3010000000u && f.max_wait <= WATCH_KEY_WAIT_MS
           && f.inputs >= 60, "1 step/s: 3 steps in 3 s, keys looked at every 50 ms (%d looks)", f.inputs);

    fake_start(&f, &pc, 1000, false);
    t0 = f.now;
    drive(&f, 5000, 1000);
    tap_ok(f.now - t0 >= 4990000000u && f.now - t0 <= 5010000000u && f.frames <= 5 * 61,
           "1000 steps/s: 5000 steps in 5 s, at most 60 frames a second (%d frames)", f.frames);
}

static bool script_single_steps(struct fake *f, int no)
{
    /* Two quiet waits, then a step, another step, then resume. */
    if (no == 2 || no == 3)
        watch_pacer_single_step(f->pc);
    else if (no == 4)
        watch_pacer_pause(f->pc, false);
    return no >= 2 && no <= 4;
}

static void test_pacer_pause(void)
{
    struct watch_pacer pc;
    struct fake f;

    fake_start(&f, &pc, WATCH_FULL_SPEED, true);
    f.script = script_single_steps;
    drive(&f, 100000, 2000);
    tap_ok(f.blocking == 5 && f.input_steps[0] == 1 && f.input_steps[2] == 1 && f.input_steps[3] == 2
           && f.input_steps[4] == 3, "paused: waits for keys; each single step lets exactly one step run");
    tap_ok(f.frame_steps[0] == 1 && f.frame_steps[1] == 2 && f.frame_steps[2] == 3,
           "paused: each single step is drawn");
    tap_ok(f.steps == 100000, "resumed: the search runs on");
    tap_ok(watch_pacer_elapsed_ns(&pc) <= 100000u * 2000u,
           "the search time leaves out the pause (%.3f s)", (double)watch_pacer_elapsed_ns(&pc) / 1e9);
}

static bool script_stop(struct fake *f, int no)
{
    if (no == 1)
        watch_pacer_stop(f->pc);
    return no == 1;
}

static bool script_faster(struct fake *f, int no)
{
    if (no == 0)
        watch_pacer_set_speed(f->pc, watch_nspeeds - 1);
    return no == 0;
}

static void test_pacer_controls(void)
{
    struct watch_pacer pc;
    struct fake f;
    uint64_t t0;

    fake_start(&f, &pc, 5, false);
    f.script = script_stop;
    tap_ok(drive(&f, 1000, 1000) == 1, "a stop during the wait ends the search at that step");

    fake_start(&f, &pc, 1, false);
    f.script = script_faster;
    t0 = f.now;
    drive(&f, 100000, 1000);
    tap_ok(f.now - t0 < 200000000u, "a speed change during a long wait takes effect at once (%.3f s)",
           (double)(f.now - t0) / 1e9);
    tap_ok(watch_speed_index(20) >= 0 && watch_speeds[watch_speed_index(20)] == 20
           && watch_speeds[0] == 1 && watch_speeds[watch_nspeeds - 1] == WATCH_FULL_SPEED
           && watch_speed_index(0) == watch_nspeeds - 1, "speeds run from 1 step/s to full speed");
}

/* The animation's observer on a real search: stopped from a key during a frame. */
static bool script_stop_at_frame(struct fake *f, int no)
{
    if (no == 2)
        watch_pacer_stop(f->pc);
    return no == 2;
}

static uint64_t ticking_now(void *user)
{
    struct fake *f = user;

    f->now += 1000000u;     /* every look at the clock: a millisecond later */
    return f->now;
}

static const struct watch_pace_ops ticking_ops = { ticking_now, fake_draw, fake_input };

static void test_animation_stop(void)
{
    struct puzzle *p = load("trace/sudoku9_guess.txt");
    struct watch_animation a = { .watch = watch_new(p) };
    struct solve_observer observer = { watch_animation_step, &a };
    struct solve_request req = { .limit = 2, .observer = &observer, .strategy = SOLVE_PLAIN };
    struct solve_result res = { .solution = NULL };
    struct fake f;

    memset(&f, 0, sizeof f);
    f.pc = &a.pace;
    f.script = script_stop_at_frame;
    watch_reset(a.watch, p->given);
    watch_pacer_start(&a.pace, &ticking_ops, &f, watch_nspeeds - 1, false);
    puzzle_solve(p, p->given, &req, &res);
    tap_ok(res.stopped && f.frames == 3 && a.watch->n.steps > 0 && res.count == 0,
           "the animation's observer stops the search from a key (%d frames, %llu steps)", f.frames,
           (unsigned long long)a.watch->n.steps);
    watch_free(a.watch);
    puzzle_free(p);
}

int main(void)
{
    size_t ncases = sizeof stream_cases / sizeof stream_cases[0];

    for (size_t i = 0; i < ncases; i++)
        test_stream(&stream_cases[i]);
    test_trace_files();
    for (size_t i = 0; i < ncases; i++)
        test_stop_everywhere(&stream_cases[i]);
    test_accounts();
    test_kakuro_runs();
    test_sumless_run_account();
    test_branch_memory();
    test_trace_lines();
    test_pacer_full_speed();
    test_pacer_slow();
    test_pacer_pause();
    test_pacer_controls();
    test_animation_stop();
    return tap_done();
}
