/* cmd_solve.c: `kakudo solve`, the batch solver: reads any known format, writes solutions back in it. */
#include "config.h"
#include "cli.h"

#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "pool.h"
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

/* One puzzle of the input, or one message in its place (a file that cannot be opened, a
 * puzzle that cannot be read), as an item of the work pool: solve_work searches, on a
 * worker thread, and solve_deliver prints, in input order; --trace searches as it prints. */
struct solve_job {
    const char *name;       /* the file as named in messages */
    long index;             /* puzzle number within the file, 1-based */
    long unchecked_line;    /* not 0: the reader left the givens to the search (the
                             * puzzle's line): checked only when it finds nothing */
    bool unchecked_rows;    /* its digits in rows from that line on, or all on it */
    struct puzzle *p;       /* NULL: message instead */
    struct format_style style;
    char *message;          /* for stderr, then status EXIT_BAD_INPUT */
    uint8_t *start, *solution;     /* in the job's block, after it */
    enum solve_outcome outcome;
    struct solve_result counted;    /* --count */
    struct solve_stats stats;
    uint64_t ns;            /* the search's time, for --stats */
    size_t grid_cap;        /* cells each grid after it has room for */
    struct solve_job *next_spare;
};

struct solve_run {
    const struct cli_options *opt;
    long written;           /* puzzles written to standard output so far, all files */
    int status;
    /* Jobs delivered, kept for the next puzzles rather than freed: an allocation per
     * puzzle was a tenth of what solve costs beyond the search.  The pool delivers on
     * the thread that submits, so only that thread touches the list; it holds at most
     * the pool's window of jobs. */
    struct solve_job *spare;
    struct pool *pool;      /* opened at the first item (solve_pool) */
    /* The file being read, to which puzzles delivered go back to be filled in again
     * (on the submitting thread, as the spare jobs); NULL between files. */
    struct reader *reader;
};

/* The pool, opened at the first item, whose size sets the window: a 9x9 search takes
 * microseconds, so 16 puzzles a job gave the workers well under a millisecond of work
 * while the reader, woken to refill the window, waited for a processor; on a busy
 * machine they sat idle 23% of their time (forum_hardest at -j2, bench_jobs), 2% with
 * 128.  Bigger puzzles (16x16, Kakuro boards) keep 16, which holds their memory where
 * it was (janko at -j2 3.8 MiB, 4.8 with 128). */
static struct pool *solve_pool(struct solve_run *run, size_t ncells);

/* Notes that a search of the puzzle gave up, and why, on stderr. */
static void report_gave_up(struct solve_run *run, const struct solve_job *job, const char *what)
{
    uint64_t nodes = cli_budget(run->opt).nodes;

    /* TRANSLATORS: the third argument is one of the "before ..." or "counting ..." phrases. */
    fprintf(stderr, P_("kakudo: %1$s: puzzle %2$ld: gave up %3$s: the search ran out of its "
                       "budget of %4$" PRIu64 " node (--nodes=N sets it)\n",
                       "kakudo: %1$s: puzzle %2$ld: gave up %3$s: the search ran out of its "
                       "budget of %4$" PRIu64 " nodes (--nodes=N sets it)\n", (unsigned long)nodes),
            job->name, job->index, _(what), nodes);
    run->status = CLI_EXIT_GAVE_UP > run->status ? CLI_EXIT_GAVE_UP : run->status;
}

static void report_stats(const struct solve_job *job)
{
    fprintf(stderr, _("%s: puzzle %ld: %" PRIu64 " nodes, %" PRIu64 " guesses, %" PRIu64
                      " backtracks, %.1f us\n"), job->name, job->index, job->stats.nodes,
            job->stats.guesses, job->stats.backtracks, (double)job->ns / 1000.0);
}

/* Puzzles in multi-line layouts are separated by a blank line, so output reads back. */
static void write_separator(struct solve_run *run, const struct format_style *style)
{
    bool multiline = style->id == FORMAT_SUDOKU_GRID || style->id == FORMAT_KAKURO_GRID
                     || style->id == FORMAT_VARIANT;

    if (multiline && run->written > 0)
        putchar('\n');
    ++run->written;
}

static void count_solutions(const struct cli_options *opt, struct solve_job *job)
{
    long limit = opt->count_limit > 0 ? opt->count_limit : LONG_MAX;
    struct solve_request req = {
        .limit = limit == LONG_MAX ? LONG_MAX : limit + 1, .strategy = opt->strategy,
        .budget = cli_budget(opt),
    };

    job->counted = (struct solve_result){ .solution = job->solution };
    puzzle_solve(job->p, job->start, &req, &job->counted);
    job->stats = job->counted.stats;
}

static void print_count(struct solve_run *run, const struct solve_job *job)
{
    const struct solve_result *res = &job->counted;
    long limit = run->opt->count_limit > 0 ? run->opt->count_limit : LONG_MAX;

    if (res->count > limit)
        printf("%ld+\n", limit);
    else if (res->gave_up)
        printf("%ld+\n", res->count);   /* at least that many */
    else
        printf("%ld\n", res->count);
    if (res->gave_up && res->count <= limit)
        report_gave_up(run, job, N_("counting (the count printed is of those found by then)"));
    if (run->opt->stats)
        report_stats(job);
}

/* What one search of the chosen strategy says: count solutions up to limit (1 with
 * --any, else 2 to prove uniqueness). */
static enum solve_outcome outcome_of(const struct cli_options *opt, const struct solve_result *res)
{
    if (res->count == 0)
        return res->gave_up ? SOLVE_GAVE_UP : SOLVE_NONE;
    if (opt->any)
        return SOLVE_FOUND;
    if (res->count == 1)
        return res->gave_up ? SOLVE_UNPROVEN : SOLVE_UNIQUE;
    return SOLVE_SEVERAL;
}

/* The plain strategy fills cells in reading order with digits ascending, so the first
 * solution it finds is already the smallest: one search says all. */
static enum solve_outcome solve_plain_first(const struct cli_options *opt, const struct puzzle *p,
                                            const uint8_t *start, uint8_t *solution,
                                            struct solve_stats *stats)
{
    struct solve_request req = {
        .limit = opt->any ? 1 : 2, .strategy = SOLVE_PLAIN, .budget = cli_budget(opt),
    };
    struct solve_result res = { .solution = solution };

    puzzle_solve(p, start, &req, &res);
    *stats = res.stats;
    return outcome_of(opt, &res);
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
static enum solve_outcome trace_search(struct solve_run *run, const struct solve_job *job,
                                       const uint8_t *start, uint8_t *solution,
                                       struct solve_stats *stats)
{
    const struct puzzle *p = job->p;
    struct tracer t = { .p = p };
    struct solve_observer observer = { trace_step, &t };
    struct solve_request req = {
        .limit = run->opt->any ? 1 : 2, .observer = &observer, .strategy = run->opt->strategy,
        .budget = cli_budget(run->opt),
    };
    struct solve_result res = { .solution = solution };
    struct solve_budget budget = req.budget;
    enum solve_outcome outcome;

    printf("# trace of puzzle %ld: %s %dx%d, %s strategy, up to %ld solution%s\n", job->index,
           p->variant != 0 ? puzzle_variant_name(p->variant) : p->ops->name, p->width, p->height,
           run->opt->strategy == SOLVE_PLAIN ? "plain" : "smart",
           req.limit, req.limit > 1 ? "s" : "");
    puzzle_solve(p, start, &req, &res);
    *stats = res.stats;
    outcome = res.stopped ? SOLVE_STOPPED : outcome_of(run->opt, &res);
    printf("# %s: %llu steps, %llu guesses\n", outcome_name(outcome), (unsigned long long)t.steps,
           (unsigned long long)res.stats.guesses);
    /* The smart search's first solution need not be the smallest that solve prints. */
    if (outcome == SOLVE_SEVERAL && run->opt->strategy == SOLVE_SMART)
        outcome = puzzle_solve_first(p, start, true, solution, &budget, NULL);
    return outcome;
}

/* Whether the search found no solution: all a search says of givens that clash. */
static bool found_nothing(const struct cli_options *opt, const struct solve_job *job)
{
    return opt->count ? job->counted.count == 0 && !job->counted.gave_up
                      : job->outcome == SOLVE_NONE;
}

/* The reader's check of givens it left to the search: when they clash, the job says
 * what the reader would have said, in place of the search's answer. */
static void check_givens_now(struct solve_job *job)
{
    struct format_error err;
    char msg[600];

    if (format_check_givens(job->p, job->name, job->unchecked_line, job->unchecked_rows, &err))
        return;
    format_error_string(&err, msg, sizeof msg);
    job->message = xstrdup(msg);
}

/* The search of one puzzle (a worker's part): all but --trace, which prints as it goes. */
static void solve_work(void *item, void *user)
{
    struct solve_job *job = item;
    const struct cli_options *opt = ((struct solve_run *)user)->opt;
    struct solve_budget budget = cli_budget(opt);
    uint64_t t0;

    if (job->p == NULL || opt->trace)
        return;
    /* The clock only for --stats: read twice per puzzle it cost a tenth of the time
     * solve spends beyond the search. */
    t0 = opt->stats ? util_now_ns() : 0;
    if (opt->count)
        count_solutions(opt, job);
    else if (opt->strategy == SOLVE_PLAIN)
        job->outcome = solve_plain_first(opt, job->p, job->start, job->solution, &job->stats);
    else
        job->outcome = puzzle_solve_first(job->p, job->start, !opt->any, job->solution, &budget,
                                          &job->stats);
    if (opt->stats)
        job->ns = util_now_ns() - t0;
    if (job->unchecked_line > 0 && found_nothing(opt, job))
        check_givens_now(job);
}

/* What the search found, on standard output and error (in input order). */
/* "# NAME" and its line end: one write when the name is of a usual length (the reader
 * keeps 200 bytes at most), not printf, whose parsing of its format cost a tenth of what
 * solve spends writing a variant, nor three writes, a tenth of writing a Sudoku X. */
static void write_name_line(const char *name)
{
    char line[256];
    size_t len = strlen(name);

    if (len > sizeof line - 3) {
        fputs("# ", stdout);
        fputs(name, stdout);
        putchar('\n');
        return;
    }
    line[0] = '#';
    line[1] = ' ';
    memcpy(line + 2, name, len);
    line[len + 2] = '\n';
    fwrite(line, 1, len + 3, stdout);
}

static void print_outcome(struct solve_run *run, const struct solve_job *job)
{
    enum solve_outcome outcome = job->outcome;
    const struct puzzle *p = job->p;

    if (run->opt->stats)
        report_stats(job);
    if (outcome == SOLVE_STOPPED) {
        run->status = EXIT_BAD_INPUT > run->status ? EXIT_BAD_INPUT : run->status;
        return;
    }
    if (outcome == SOLVE_GAVE_UP) {
        report_gave_up(run, job, N_("before finding a solution (none printed)"));
        return;
    }
    if (outcome == SOLVE_UNPROVEN)
        report_gave_up(run, job, N_("before knowing whether the solution printed is the only one"));
    if (outcome == SOLVE_NONE) {
        fprintf(stderr, _("kakudo: %s: puzzle %ld has no solution\n"), job->name, job->index);
        run->status = run->status > EXIT_NO_SOLUTION ? run->status : EXIT_NO_SOLUTION;
        return;
    }
    if (outcome == SOLVE_SEVERAL)
        fprintf(stderr, _("kakudo: %s: puzzle %ld has several solutions; "
                          "printed the first in reading order\n"), job->name, job->index);
    if (outcome == SOLVE_SEVERAL_UNORDERED)
        fprintf(stderr, _("kakudo: %s: puzzle %ld has several solutions; the one printed may "
                          "not be the first in reading order (the search for it ran out of budget)\n"),
                job->name, job->index);
    write_separator(run, &job->style);
    if ((job->style.id == FORMAT_KAKURO_GRID || job->style.id == FORMAT_VARIANT) && p->name != NULL)
        write_name_line(p->name);
    format_write(stdout, p, job->solution, &job->style);
}

/* Done with a job: its puzzle handed back to the reader or freed, its message freed,
 * the job itself kept for reuse. */
static void solve_job_release(struct solve_run *run, struct solve_job *job)
{
    if (run->reader != NULL)
        reader_give_back(run->reader, job->p);
    else
        puzzle_free(job->p);
    free(job->message);
    job->next_spare = run->spare;
    run->spare = job;
}

/* A job for a puzzle of ncells cells (0 for a message), its fields zero: a spare one
 * when it has room, else a new one. */
static struct solve_job *take_job(struct solve_run *run, size_t ncells)
{
    struct solve_job *job = run->spare;
    size_t cap;

    if (job != NULL && job->grid_cap >= ncells) {
        run->spare = job->next_spare;
    } else {
        /* The grids in the job's block: one allocation, and none once spares exist. */
        job = xmalloc(sizeof *job + 2 * ncells);
        job->grid_cap = ncells;
    }
    cap = job->grid_cap;
    *job = (struct solve_job){ .grid_cap = cap };
    job->start = (uint8_t *)(job + 1);
    job->solution = job->start + cap;
    memset(job->solution, 0, ncells);   /* zero, as a new job's were */
    return job;
}

static void free_spare_jobs(struct solve_run *run)
{
    while (run->spare != NULL) {
        struct solve_job *next = run->spare->next_spare;

        free(run->spare);
        run->spare = next;
    }
}

static void solve_deliver(void *item, void *user)
{
    struct solve_job *job = item;
    struct solve_run *run = user;

    if (job->message != NULL) {
        fprintf(stderr, "kakudo: %s\n", job->message);
        run->status = EXIT_BAD_INPUT > run->status ? EXIT_BAD_INPUT : run->status;
    } else if (run->opt->count) {
        print_count(run, job);
    } else {
        if (run->opt->trace) {
            uint64_t t0 = util_now_ns();

            job->outcome = trace_search(run, job, job->start, job->solution, &job->stats);
            job->ns = util_now_ns() - t0;
        }
        print_outcome(run, job);
    }
    solve_job_release(run, job);
}

static void submit_message(struct solve_run *run, const char *name, char *message)
{
    struct solve_job *job = take_job(run, 0);

    job->name = name;
    job->message = message;
    pool_submit(solve_pool(run, 0), job);
}

/* Hands the index-th puzzle of the file name, p (the job's to free), to the pool, to be
 * written in style; unchecked_line and unchecked_rows as the job's.  Inline: as a call, which gcc did not
 * inline, it cost solve_stream 25 instructions a puzzle (callgrind, 17_clue). */
static inline void submit_puzzle(struct solve_run *run, const char *name, long index,
                                 struct puzzle *p, const struct format_style *style,
                                 long unchecked_line, bool unchecked_rows)
{
    struct solve_job *job = take_job(run, (size_t)p->ncells);

    job->name = name;
    job->index = index;
    job->unchecked_line = unchecked_line;
    job->unchecked_rows = unchecked_rows;
    job->p = p;
    job->style = *style;
    puzzle_start_grid(p, job->start);
    pool_submit(solve_pool(run, (size_t)p->ncells), job);
}

/* Solves the puzzles of one open file: all when only < 0, else its only-th (FILE:N). */
static void solve_stream(struct solve_run *run, const char *name, FILE *f, long only)
{
    const struct cli_options *opt = run->opt;
    struct reader *r = reader_open(f, name, opt->format);
    struct format_error err;
    struct format_style style;
    struct puzzle *p;
    long found = 0, index = 0, last = LONG_MAX;   /* last: the number of the last to read */
    bool failed = false;
    int got;

    /* Every search but the traced one (which prints as it goes) finds clashing givens as
     * it starts: the reader's check of them would be done twice. */
    if (!opt->trace)
        reader_leave_givens(r);
    run->reader = r;
    if (only >= 0 && reader_skip_to(r, only, &err)) {
        index = only - 1;
        last = only;
    } else if (only >= 0) {
        char msg[600];
        format_error_string(&err, msg, sizeof msg);
        submit_message(run, name, xstrdup(msg));
        failed = true;
        last = 0;
    }
    while (index < last && !cli_output_lost() && (got = reader_next(r, &p, &style, &err)) != 0) {
        index++;
        if (got < 0) {
            char msg[600];
            format_error_string(&err, msg, sizeof msg);
            submit_message(run, name, xstrdup(msg));
            failed = true;
            /* The reader resumes at the next puzzle where the format shows where it
             * starts (the next line, past a blank line, the next KAKURO2 case). */
            if (reader_lost(r))
                break;
            continue;
        }
        found++;
        submit_puzzle(run, name, index, p, &style, reader_givens_unchecked(r), reader_givens_in_rows(r));
    }
    if (found == 0 && !failed && only >= 0) {
        char msg[600];
        format_error_too_few(&err, name, only - 1);
        format_error_string(&err, msg, sizeof msg);
        submit_message(run, name, xstrdup(msg));
    } else if (found == 0 && !failed) {
        submit_message(run, name, xasprintf(_("%s: no puzzle found"), name));
    }
    run->reader = NULL;
    reader_close(r);
}

static struct pool *solve_pool(struct solve_run *run, size_t ncells)
{
    const struct cli_options *opt = run->opt;

    /* --trace prints the steps as the search takes them: one job, unless asked. */
    if (run->pool == NULL)
        run->pool = pool_open_window(opt->trace && opt->jobs == 0 ? 1 : cli_jobs(opt),
                                     ncells <= 81 ? 128 : 16, solve_work, solve_deliver, run);
    return run->pool;
}

/* Solves the puzzle of a saved game (its givens, as rate reads one), printed in the layout
 * it was read in; a save that cannot be read gets game_load's message. */
static void solve_saved_game(struct solve_run *run, const struct cli_input *in)
{
    char why[600];
    struct format_style style;
    struct puzzle *p = cli_load_saved_puzzle(in->arg, &style, why, sizeof why);

    if (p == NULL) {
        submit_message(run, in->name, xstrdup(why));
        return;
    }
    submit_puzzle(run, in->name, 1, p, &style, 0, false);   /* game_load checked the givens */
}

static void solve_input(const struct cli_input *in, void *user)
{
    struct solve_run *run = user;

    if (run->opt->format == FORMAT_AUTO && cli_is_save_file(in->arg))
        solve_saved_game(run, in);
    else if (in->f == NULL)
        submit_message(run, in->name, xasprintf("%s: %s", in->name, strerror(in->error)));
    else
        solve_stream(run, in->name, in->f, in->only);
}

static void solve_finish(void *user)
{
    struct solve_run *run = user;

    pool_close(run->pool);
}

int cli_solve(char **files, int nfiles, const struct cli_options *opt)
{
    struct solve_run run = { .opt = opt };

    cli_each_input(files, nfiles, solve_input, solve_finish, &run);
    free_spare_jobs(&run);
    return run.status;     /* a write error is main's to report (finish_output) */
}
