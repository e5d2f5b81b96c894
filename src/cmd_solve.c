/* cmd_solve.c: `kakudo solve`, the batch solver: reads any known format, writes solutions back in it. */
#include "config.h"
#include "cli.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzle.h"
#include "solve.h"
#include "util.h"
#include "watch.h"

enum { EXIT_NO_SOLUTION = 1, EXIT_BAD_INPUT = 2 };

struct solve_budget cli_budget(const struct cli_options *opt)
{
    if (opt->nodes > 0)
        return solve_budget_nodes((uint64_t)opt->nodes);
    return solve_budget_nodes(opt->strategy == SOLVE_PLAIN ? SOLVE_DEFAULT_PLAIN_NODES
                                                           : SOLVE_DEFAULT_NODES);
}

struct solve_run {
    const struct cli_options *opt;
    const char *name;       /* the file as named in messages */
    long index;             /* puzzle number within the file, 1-based */
    long *written;          /* puzzles written to standard output so far, all files */
    int status;
};

/* Notes that a search of the puzzle gave up, and why, on stderr. */
static void report_gave_up(struct solve_run *run, const char *what)
{
    uint64_t nodes = cli_budget(run->opt).nodes;

    fprintf(stderr, "kakudo: %s: puzzle %ld: gave up %s: the search ran out of its budget "
            "of %" PRIu64 " node%s (--nodes=N sets it)\n", run->name, run->index, what,
            nodes, nodes == 1 ? "" : "s");
    run->status = CLI_EXIT_GAVE_UP > run->status ? CLI_EXIT_GAVE_UP : run->status;
}

static void report_stats(const struct solve_run *run, const struct solve_stats *st, uint64_t ns)
{
    fprintf(stderr, "%s: puzzle %ld: %" PRIu64 " nodes, %" PRIu64 " guesses, %" PRIu64
            " backtracks, %.1f us\n", run->name, run->index, st->nodes, st->guesses,
            st->backtracks, (double)ns / 1000.0);
}

/* Puzzles in multi-line layouts are separated by a blank line, so output reads back. */
static void write_separator(struct solve_run *run, const struct format_style *style)
{
    bool multiline = style->id == FORMAT_SUDOKU_GRID || style->id == FORMAT_KAKURO_GRID;

    if (multiline && *run->written > 0)
        putchar('\n');
    ++*run->written;
}

static void count_solutions(struct solve_run *run, const struct puzzle *p, const uint8_t *start,
                            uint8_t *solution)
{
    long limit = run->opt->count_limit > 0 ? run->opt->count_limit : LONG_MAX;
    struct solve_request req = {
        .limit = limit == LONG_MAX ? LONG_MAX : limit + 1, .strategy = run->opt->strategy,
        .budget = cli_budget(run->opt),
    };
    struct solve_result res = { .solution = solution };
    uint64_t t0 = util_now_ns();

    puzzle_solve(p, start, &req, &res);
    if (res.count > limit)
        printf("%ld+\n", limit);
    else if (res.gave_up)
        printf("%ld+\n", res.count);   /* at least that many */
    else
        printf("%ld\n", res.count);
    if (res.gave_up && res.count <= limit)
        report_gave_up(run, "counting (the count printed is of those found by then)");
    if (run->opt->stats)
        report_stats(run, &res.stats, util_now_ns() - t0);
}

/* What one search of the chosen strategy says: count solutions up to limit (1 with
 * --any, else 2 to prove uniqueness). */
static enum solve_outcome outcome_of(const struct solve_run *run, const struct solve_result *res)
{
    if (res->count == 0)
        return res->gave_up ? SOLVE_GAVE_UP : SOLVE_NONE;
    if (run->opt->any)
        return SOLVE_FOUND;
    if (res->count == 1)
        return res->gave_up ? SOLVE_UNPROVEN : SOLVE_UNIQUE;
    return SOLVE_SEVERAL;
}

/* The plain strategy fills cells in reading order with digits ascending, so the first
 * solution it finds is already the smallest: one search says all. */
static enum solve_outcome solve_plain_first(const struct solve_run *run, const struct puzzle *p,
                                            const uint8_t *start, uint8_t *solution,
                                            struct solve_stats *stats)
{
    struct solve_request req = {
        .limit = run->opt->any ? 1 : 2, .strategy = SOLVE_PLAIN, .budget = cli_budget(run->opt),
    };
    struct solve_result res = { .solution = solution };

    puzzle_solve(p, start, &req, &res);
    *stats = res.stats;
    return outcome_of(run, &res);
}

/* --- --trace --- */

struct tracer {
    const struct puzzle *p;
    uint64_t steps;
    bool failed;            /* standard output failed (a closed pipe): stop searching */
};

static int trace_step(const struct solve_step *step, void *user)
{
    struct tracer *t = user;
    char line[128];

    watch_trace_line(t->p, ++t->steps, step, line, sizeof line);
    if (puts(line) == EOF) {
        t->failed = true;
        return 1;
    }
    return 0;
}

static const char *outcome_name(enum solve_outcome outcome)
{
    switch (outcome) {
    case SOLVE_NONE: return "no solution";
    case SOLVE_UNIQUE: return "unique";
    case SOLVE_SEVERAL: return "several solutions";
    case SOLVE_FOUND: return "found";
    case SOLVE_STOPPED: return "stopped";
    case SOLVE_SEVERAL_UNORDERED: return "several solutions";
    case SOLVE_UNPROVEN: return "found, gave up proving it unique";
    case SOLVE_GAVE_UP: return "gave up";
    }
    return "?";
}

/* Prints the steps of one search, between a heading and a summary, and returns what it
 * found; the solution written is the one `kakudo solve` prints. */
static enum solve_outcome trace_search(struct solve_run *run, const struct puzzle *p,
                                       const uint8_t *start, uint8_t *solution,
                                       struct solve_stats *stats)
{
    struct tracer t = { .p = p };
    struct solve_observer observer = { trace_step, &t };
    struct solve_request req = {
        .limit = run->opt->any ? 1 : 2, .observer = &observer, .strategy = run->opt->strategy,
        .budget = cli_budget(run->opt),
    };
    struct solve_result res = { .solution = solution };
    struct solve_budget budget = req.budget;
    enum solve_outcome outcome;

    printf("# trace of puzzle %ld: %s %dx%d, %s strategy, up to %ld solution%s\n", run->index,
           p->ops->name, p->width, p->height, run->opt->strategy == SOLVE_PLAIN ? "plain" : "smart",
           req.limit, req.limit > 1 ? "s" : "");
    puzzle_solve(p, start, &req, &res);
    *stats = res.stats;
    outcome = res.stopped ? SOLVE_STOPPED : outcome_of(run, &res);
    printf("# %s: %llu steps, %llu guesses\n", outcome_name(outcome), (unsigned long long)t.steps,
           (unsigned long long)res.stats.guesses);
    /* The smart search's first solution need not be the smallest that solve prints. */
    if (outcome == SOLVE_SEVERAL && run->opt->strategy == SOLVE_SMART)
        outcome = puzzle_solve_first(p, start, true, solution, &budget, NULL);
    return outcome;
}

static void solve_one(struct solve_run *run, const struct puzzle *p, const struct format_style *style)
{
    uint8_t *start = xmalloc((size_t)p->ncells);
    uint8_t *solution = xmalloc((size_t)p->ncells);
    struct solve_stats stats = { 0 };
    struct solve_budget budget = cli_budget(run->opt);
    enum solve_outcome outcome;
    uint64_t t0;

    puzzle_start_grid(p, start);
    if (run->opt->count) {
        count_solutions(run, p, start, solution);
        goto done;
    }
    t0 = util_now_ns();
    if (run->opt->trace)
        outcome = trace_search(run, p, start, solution, &stats);
    else if (run->opt->strategy == SOLVE_PLAIN)
        outcome = solve_plain_first(run, p, start, solution, &stats);
    else
        outcome = puzzle_solve_first(p, start, !run->opt->any, solution, &budget, &stats);
    if (run->opt->stats)
        report_stats(run, &stats, util_now_ns() - t0);
    if (outcome == SOLVE_STOPPED) {
        run->status = EXIT_BAD_INPUT;
        goto done;
    }
    if (outcome == SOLVE_GAVE_UP) {
        report_gave_up(run, "before finding a solution (none printed)");
        goto done;
    }
    if (outcome == SOLVE_UNPROVEN)
        report_gave_up(run, "before knowing whether the solution printed is the only one");
    if (outcome == SOLVE_NONE) {
        fprintf(stderr, "kakudo: %s: puzzle %ld has no solution\n", run->name, run->index);
        run->status = run->status > EXIT_NO_SOLUTION ? run->status : EXIT_NO_SOLUTION;
        goto done;
    }
    if (outcome == SOLVE_SEVERAL)
        fprintf(stderr, "kakudo: %s: puzzle %ld has several solutions; "
                "printed the first in reading order\n", run->name, run->index);
    if (outcome == SOLVE_SEVERAL_UNORDERED)
        fprintf(stderr, "kakudo: %s: puzzle %ld has several solutions; the one printed may "
                "not be the first in reading order (the search for it ran out of budget)\n",
                run->name, run->index);
    write_separator(run, style);
    if (style->id == FORMAT_KAKURO_GRID && p->name != NULL)
        printf("# %s\n", p->name);
    format_write(stdout, p, solution, style);
done:
    free(start);
    free(solution);
}

static void solve_stream(struct solve_run *run, FILE *f)
{
    struct reader *r = reader_open(f, run->name, run->opt->format);
    struct format_error err;
    struct format_style style;
    struct puzzle *p;
    long found = 0;
    int got;

    while ((got = reader_next(r, &p, &style, &err)) != 0) {
        run->index++;
        if (got < 0) {
            char msg[600];
            format_error_string(&err, msg, sizeof msg);
            fprintf(stderr, "kakudo: %s\n", msg);
            run->status = EXIT_BAD_INPUT;
            /* The reader resumes at the next puzzle where the format shows where it
             * starts (the next line, past a blank line, the next KAKURO2 case). */
            if (reader_lost(r))
                break;
            continue;
        }
        found++;
        solve_one(run, p, &style);
        puzzle_free(p);
    }
    if (found == 0 && run->status == 0) {
        fprintf(stderr, "kakudo: %s: no puzzle found\n", run->name);
        run->status = EXIT_BAD_INPUT;
    }
    reader_close(r);
}

int cli_solve(char **files, int nfiles, const struct cli_options *opt)
{
    static char dash[] = "-";
    static char *stdin_only[] = { dash };
    int status = 0;
    long written = 0;

    if (nfiles == 0) {
        files = stdin_only;
        nfiles = 1;
    }
    for (int i = 0; i < nfiles; i++) {
        struct solve_run run = { .opt = opt, .name = files[i], .written = &written };
        bool is_stdin = strcmp(files[i], "-") == 0;
        FILE *f = is_stdin ? stdin : fopen(files[i], "rb");

        if (f == NULL) {
            fprintf(stderr, "kakudo: %s: %s\n", files[i], strerror(errno));
            status = EXIT_BAD_INPUT;
            continue;
        }
        if (is_stdin)
            run.name = "<stdin>";
        solve_stream(&run, f);
        if (!is_stdin)
            fclose(f);
        if (run.status > status)
            status = run.status;
    }
    return status;     /* a write error is main's to report (finish_output) */
}
