/* cmd_hint.c: `kakudo hint` (the next step, explained) and `kakudo rate` (difficulty). */
#include "config.h"
#include "cli.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "game.h"
#include "hint.h"
#include "i18n.h"
#include "pool.h"
#include "rating.h"
#include "util.h"

enum { EXIT_NO_SOLUTION = 1, EXIT_BAD_INPUT = 2 };

static int report_error(const struct format_error *err)
{
    char buf[600];

    format_error_string(err, buf, sizeof buf);
    fprintf(stderr, "kakudo: %s\n", buf);
    return EXIT_BAD_INPUT;
}

/* --all: every step, numbered; a technique proving the same conclusions again (an
 * X-chain read from its other end) is listed once. */
struct all_steps {
    FILE *out;
    int printed;
    int **seen;         /* per step listed: its technique, count, then cell*32+digit sorted */
    size_t nseen, cap;
};

static int compare_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;

    return (x > y) - (x < y);
}

/* The technique and its conclusions as a list of ints, placements before eliminations. */
static int *step_key(const struct hint *h)
{
    int n = h->nplace + h->nelim, *key = xmalloc((size_t)(n + 2) * sizeof *key);

    key[0] = (int)h->id;
    key[1] = n;
    for (int i = 0; i < h->nplace; i++)
        key[2 + i] = -(h->place[i].cell * 32 + h->place[i].digit) - 1;
    for (int i = 0; i < h->nelim; i++)
        key[2 + h->nplace + i] = h->elim[i].cell * 32 + h->elim[i].digit;
    qsort(key + 2, (size_t)n, sizeof *key, compare_int);
    return key;
}

static bool print_step(const struct hint *h, void *user)
{
    struct all_steps *all = user;
    int *key = step_key(h);

    for (size_t i = 0; i < all->nseen; i++) {
        const int *seen = all->seen[i];
        if (seen[0] == key[0] && seen[1] == key[1]
            && memcmp(seen + 2, key + 2, (size_t)key[1] * sizeof *key) == 0) {
            free(key);
            return true;
        }
    }
    all->seen = xgrow(all->seen, &all->cap, all->nseen + 1, sizeof *all->seen);
    all->seen[all->nseen++] = key;
    fprintf(all->out, "%d. %s\n", ++all->printed, h->text);
    return true;
}

static void print_all_steps(FILE *out, const struct hint_position *pos)
{
    struct all_steps all = { .out = out };

    hint_all(pos, print_step, &all);
    for (size_t i = 0; i < all.nseen; i++)
        free(all.seen[i]);
    free(all.seen);
}

/* --apply: takes up to n steps from pos (its grid and candidates change), printing each
 * as a comment line ("# 1. ..."), then prints the position reached as a pencil-mark grid,
 * so that the whole output reads back as a position. */
static void apply_steps(FILE *out, struct hint_position *pos, uint8_t *grid, digitset *cands,
                        long n)
{
    struct hint h;
    long taken = 0;

    while (taken < n && hint_next(pos, &h)) {
        fprintf(out, "# %ld. %s\n", ++taken, h.text);
        hint_apply(pos->p, &h, grid, cands);
    }
    if (taken < n && puzzle_is_complete(pos->p, grid)) {
        /* The count goes through the translated format: as a %s argument its "%ld" was
         * printed as it stands. */
        fputs("# ", out);
        fprintf(out, P_("(Solved after one step.)", "(Solved after %ld steps.)", (unsigned long)taken),
                taken);
        fputc('\n', out);
    }
    /* The comment right before a puzzle names it: the puzzle's own name, not a step. */
    if (pos->p->name != NULL)
        fprintf(out, "# %s\n", pos->p->name);
    else if (taken > 0 || puzzle_is_complete(pos->p, grid))
        fputc('\n', out);
    if (pos->p->ops->kind == PUZZLE_KAKURO)
        format_write_kakuro_marks(out, pos->p, grid, cands);
    else
        format_write_pencilmarks(out, pos->p, grid, cands);
}

/* Prints the next step (or every step, or --apply's) from a position of p, its digits
 * (grid) and pencil marks (marks, NULL: none), to out, the messages to err; returns the
 * exit status. */
static int hint_puzzle(FILE *out, FILE *err, const struct puzzle *p, const uint8_t *grid,
                       const digitset *marks, const struct cli_options *opt)
{
    struct solve_budget budget = cli_budget(opt);
    struct hint_start s;
    int count = hint_start_open_within(&s, p, &budget);
    struct hint h;
    int status = 0;
    const char *note = opt->apply >= 0 ? "# " : "";  /* --apply's output reads back */

    memcpy(s.grid, grid, (size_t)p->ncells);
    hint_fill_candidates(p, s.grid, marks, s.cands);
    if (count < 0) {
        fprintf(err, _("kakudo: gave up: no solution found within the budget of %" PRIu64
                       " nodes (--nodes=N sets it), so no hint\n"), budget.nodes);
        status = CLI_EXIT_GAVE_UP;
    } else if (count == 0) {
        fputs(_("The puzzle has no solution.\n"), out);
        status = EXIT_NO_SOLUTION;
    } else if (hint_check_position(p, s.grid, marks, count == 1 ? s.solution : NULL, &h)) {
        fprintf(out, "%s\n", h.text);     /* a mistake in the position comes first */
    } else if (puzzle_is_complete(p, s.grid)) {
        fputs(_("The puzzle is already solved.\n"), out);
    } else {
        if (s.gave_up)
            fprintf(out, "%s%s\n", note, _("(Not known to have one solution: the search gave up, "
                                           "so no uniqueness techniques.)"));
        else if (count > 1)
            fprintf(out, "%s%s\n", note, _("(The puzzle has several solutions: no uniqueness "
                                           "techniques, and a trial follows one of them.)"));
        if (opt->all)
            print_all_steps(out, &s.pos);
        else if (opt->apply >= 0)
            apply_steps(out, &s.pos, s.grid, s.cands, opt->apply);
        else if (hint_next(&s.pos, &h))
            fprintf(out, "%s\n", h.text);
    }
    hint_start_close(&s);
    return status;
}

/* What one job's work wrote, kept in memory until its turn to be printed. */
struct kept_output {
    char *out, *err;
    size_t nout, nerr;
};

static FILE *open_kept(char **buf, size_t *len)
{
    FILE *f = open_memstream(buf, len);

    if (f == NULL)
        fatal(_("out of memory"));
    return f;
}

static void print_kept(struct kept_output *k)
{
    fwrite(k->out, 1, k->nout, stdout);
    fwrite(k->err, 1, k->nerr, stderr);
    free(k->out);
    free(k->err);
}

/* One FILE[:N] of `kakudo hint`, an item of the work pool: hint_work explains it on a
 * worker thread into memory, hint_deliver prints that, in the order of the arguments. */
struct hint_job {
    const char *arg;
    bool heading;           /* several arguments: the name first */
    bool first;             /* the first argument: no blank line before the name */
    struct puzzle *p;       /* NULL: could not be read, err (or message) says why */
    uint8_t *grid;          /* a saved game's digits; NULL: the puzzle's givens */
    digitset *marks;        /* a pencil-mark grid's or a saved game's marks, or NULL */
    struct format_error err;
    char *message;          /* a saved game that cannot be read */
    struct kept_output kept;
    int status;
};

struct hint_run {
    const struct cli_options *opt;
    int status;
};

static void hint_work(void *item, void *user)
{
    struct hint_job *job = item;
    const struct hint_run *run = user;
    FILE *out, *err;

    if (job->p == NULL)
        return;
    out = open_kept(&job->kept.out, &job->kept.nout);
    err = open_kept(&job->kept.err, &job->kept.nerr);
    job->status = hint_puzzle(out, err, job->p, job->grid != NULL ? job->grid : job->p->given,
                              job->marks, run->opt);
    fclose(out);
    fclose(err);
}

static void hint_deliver(void *item, void *user)
{
    struct hint_job *job = item;
    struct hint_run *run = user;

    if (cli_output_lost()) {
        /* Past a failed write nothing more is said (not even a later file's error, which
         * would bury the write error): the jobs in flight are dropped, and main reports
         * the write error. */
        free(job->kept.out);
        free(job->kept.err);
        free(job->message);
        puzzle_free(job->p);
    } else if (job->message != NULL) {
        fprintf(stderr, "kakudo: %s\n", job->message);
        job->status = EXIT_BAD_INPUT;
        free(job->message);
    } else if (job->p == NULL) {
        job->status = report_error(&job->err);
    } else {
        if (job->heading) {
            char *name = format_input_name(job->arg);

            printf("%s%s%s:\n", job->first ? "" : "\n", run->opt->apply >= 0 ? "# " : "",
                   name);   /* --apply's output reads back: a comment */
            free(name);
        }
        print_kept(&job->kept);
        puzzle_free(job->p);
    }
    free(job->grid);
    free(job->marks);
    if (job->status > run->status)
        run->status = job->status;
    free(job);
}

/* Reads what job->arg names: a saved game (its puzzle, digits and marks), or a puzzle (a
 * pencil-mark grid also gives its marks). */
static void hint_load(struct hint_job *job, const struct cli_options *opt)
{
    struct format_style style;

    if (opt->format == FORMAT_AUTO && cli_is_save_file(job->arg)) {
        char why[600];
        struct game *g = cli_load_save(job->arg, why, sizeof why);
        size_t n;

        if (g == NULL) {
            job->message = xstrdup(why);
            return;
        }
        job->p = puzzle_clone(g->puzzle);
        n = (size_t)job->p->ncells;
        job->grid = xmalloc(n);
        memcpy(job->grid, g->grid, n);
        job->marks = xmalloc(n * sizeof *job->marks);
        memcpy(job->marks, g->marks, n * sizeof *job->marks);
        game_free(g);
        return;
    }
    job->p = format_load_arg_marks(job->arg, opt->format, &style, &job->marks, &job->err);
}

int cli_hint(char **files, int nfiles, const struct cli_options *opt)
{
    static char dash[] = "-";
    static char *standard_input[] = { dash };
    struct hint_run run = { .opt = opt };
    struct pool *pool = pool_open(cli_jobs(opt), hint_work, hint_deliver, &run);

    /* Like solve and rate: no file reads standard input. */
    if (nfiles == 0) {
        files = standard_input;
        nfiles = 1;
    }
    /* Once the output has failed (a full disk, a closed pipe) the files left are not
     * read: their hints would be lost too. */
    for (int i = 0; i < nfiles && !cli_output_lost(); i++) {
        struct hint_job *job = xcalloc(1, sizeof *job);

        job->arg = files[i];
        job->heading = nfiles > 1;
        job->first = i == 0;
        hint_load(job, opt);
        pool_submit(pool, job);
    }
    pool_close(pool);
    return run.status;
}

/* One puzzle of `kakudo rate` (or a message in its place), an item of the work pool:
 * rate_work rates it on a worker thread, rate_deliver prints the line, in input order. */
struct rate_job {
    const char *name;
    long index;
    int *status;            /* its file's exit status */
    struct puzzle *p;       /* NULL: message instead */
    struct format_error err;
    char *message;          /* the file cannot be opened */
    struct solve_budget budget;
    struct grade g;
    int rated;
    char *path;             /* --path: the steps, one per line */
    size_t npath;
};

/* --path: one line per step, its rating and its text. */
static bool print_path_step(const struct hint *h, int rating, const struct hint_position *pos,
                            void *user)
{
    char number[16], name[PUZZLE_CELL_NAME_MAX];
    struct hint_move single;

    fprintf(user, "%4s  %s", rating_format(rating, number, sizeof number), h->text);
    if (rating_direct_single(h, pos, &single))
        /* TRANSLATORS: rate --path, after the text of a step Sudoku Explainer calls
         * direct (a pointing or hidden pair that leaves a hidden single): %1$s is a
         * cell, %2$c the digit the walk places there. */
        fprintf(user, _(" Direct: so %1$s is %2$c; the walk places it and keeps the other "
                        "candidates for a later step, as Sudoku Explainer does."),
                puzzle_cell_name(pos->p, single.cell, name), hint_digit_symbol(single.digit));
    fputc('\n', user);
    return true;
}

static void rate_work(void *item, void *user)
{
    struct rate_job *job = item;
    const struct cli_options *opt = user;
    FILE *path = NULL;

    if (job->p == NULL)
        return;
    if (opt->path)
        path = open_kept(&job->path, &job->npath);
    job->budget.cpu_clock = true;       /* the same bound under load as on an idle machine */
    job->budget.deadline_ns = solve_budget_now(&job->budget) + GRADE_CEILING_MS * 1000000ull;
    job->rated = grade_puzzle_walk(job->p, &job->g, GRADE_DEFAULT_WORK, &job->budget,
                                   path != NULL ? print_path_step : NULL, path);
    if (path != NULL)
        fclose(path);
}

/* The puzzle as collections list it: on one line in the form that holds it whole (a
 * Sudoku's givens, a Jigsaw's digits and regions, a Killer's cages and sums), so the
 * line names the puzzle and not only its givens; a puzzle no such line holds (a Kakuro,
 * Killer X, Jigsaw X...) as FILE:N. */
static void print_puzzle_id(const struct puzzle *p, const char *name, long index)
{
    struct format_style line;
    char *text = NULL;
    size_t len = 0;
    FILE *mem;

    if (!format_line_style(p, &line) || (mem = open_memstream(&text, &len)) == NULL) {
        printf("%s:%ld", name, index);
        return;
    }
    format_write(mem, p, p->given, &line);
    fclose(mem);
    if (len > 0 && text[len - 1] == '\n')
        len--;          /* the rating follows on the same line */
    fwrite(text, 1, len, stdout);
    free(text);
}

/* After a rating in the collectors' columns: why it is not the whole story, if it is not. */
static const char *rating_note(const struct grade *g)
{
    if (g->gave_up)
        return " (gave up)";
    return g->unique ? "" : " (several solutions)";
}

/* A rated puzzle in the collectors' columns (--format=se|rating); false for the text. */
static bool print_columns(const struct rate_job *job, const struct cli_options *opt)
{
    const struct grade *g = &job->g;
    char er[16], ep[16], ed[16];

    rating_format(g->rating, er, sizeof er);
    switch (opt->rate_output) {
    case RATE_OUTPUT_SE:
        print_puzzle_id(job->p, job->name, job->index);
        printf(" ED=%s/%s/%s%s\n", er, rating_format(g->rating_ep, ep, sizeof ep),
               rating_format(g->rating_ed, ed, sizeof ed), rating_note(g));
        return true;
    case RATE_OUTPUT_RATING:
        print_puzzle_id(job->p, job->name, job->index);
        printf(" %s%s\n", er, rating_note(g));
        return true;
    case RATE_OUTPUT_TEXT:
        break;
    }
    return false;
}

static void print_rating(const struct rate_job *job, const struct cli_options *opt, int *status)
{
    const struct grade *g = &job->g;
    const struct puzzle *p = job->p;
    char line[1024];

    if (opt->path) {
        printf("%s:%ld%s%s%s:\n", job->name, job->index, p->name ? " (" : "",
               p->name ? p->name : "", p->name ? ")" : "");
        fwrite(job->path, 1, job->npath, stdout);
    }
    if (job->rated == 0) {
        printf(_("%s:%ld: no solution\n"), job->name, job->index);
        if (*status == 0)
            *status = EXIT_NO_SOLUTION;
    } else if (job->rated < 0) {
        printf(_("%s:%ld: gave up: no solution found within the budget of %" PRIu64
                 " nodes\n"), job->name, job->index, job->budget.nodes);
        *status = CLI_EXIT_GAVE_UP;
    } else if (print_columns(job, opt)) {
        if (g->gave_up)
            *status = CLI_EXIT_GAVE_UP;
    } else {
        char where[600];

        util_format_cut(where, sizeof where, "%s:%ld%s%s%s", job->name, job->index,
                 p->name ? " (" : "", p->name ? p->name : "", p->name ? ")" : "");
        grade_describe(g, line, sizeof line);
        /* TRANSLATORS: %1$s names the puzzle, %2$s is its level, rating and techniques. */
        printf(g->gave_up ? _("%1$s: at least %2$s (gave up: the budget ran out after these "
                              "steps)\n")
               /* TRANSLATORS: %1$s names the puzzle, %2$s is its level, rating and techniques. */
               : !g->unique ? _("%1$s: %2$s (several solutions)\n") : "%1$s: %2$s\n",
               where, line);
        if (g->gave_up)
            *status = CLI_EXIT_GAVE_UP;
    }
}

static void rate_deliver(void *item, void *user)
{
    struct rate_job *job = item;
    const struct cli_options *opt = user;

    if (job->message != NULL) {
        fprintf(stderr, "kakudo: %s\n", job->message);
        *job->status = EXIT_BAD_INPUT;
        free(job->message);
    } else if (job->p == NULL) {
        *job->status = report_error(&job->err);
    } else {
        print_rating(job, opt, job->status);
        puzzle_free(job->p);
    }
    free(job->path);
    free(job);
}

/* Submits the error err in the place of a puzzle of the file name. */
static void rate_submit_error(struct pool *pool, const char *name, const struct format_error *err,
                              int *status)
{
    struct rate_job *job = xcalloc(1, sizeof *job);

    job->name = name;
    job->err = *err;
    job->status = status;
    pool_submit(pool, job);
}

/* Rates the puzzles of one open file, all when only < 0, else its only-th (FILE:N); its
 * exit status into *status. */
static void rate_stream(struct pool *pool, FILE *f, const char *name, long only,
                        const struct cli_options *opt, int *status)
{
    struct reader *r = reader_open(f, name, opt->format);
    struct format_style style;
    struct puzzle *p;
    int rc;
    long index = 0, last = LONG_MAX;    /* the number of the last puzzle to read */
    struct format_error err;

    if (only >= 0 && reader_skip_to(r, only, &err)) {
        index = only - 1;
        last = only;
    } else if (only >= 0) {
        rate_submit_error(pool, name, &err, status);
        last = 0;
    }
    while (index < last && !cli_output_lost()) {
        struct rate_job *job = xcalloc(1, sizeof *job);

        rc = reader_next(r, &p, &style, &job->err);
        if (rc == 0) {
            free(job);
            break;
        }
        job->name = name;
        job->index = ++index;
        job->status = status;
        job->p = rc > 0 ? p : NULL;
        job->budget = cli_budget(opt);
        pool_submit(pool, job);
    }
    reader_close(r);
    if (only > 0 && last == only && index < only) {
        format_error_too_few(&err, name, only - 1);
        rate_submit_error(pool, name, &err, status);
    } else if (index == 0 && only < 0) {     /* an empty file is bad input, as for solve */
        struct rate_job *job = xcalloc(1, sizeof *job);

        job->message = xasprintf(_("%s: no puzzle found"), name);
        job->status = status;
        pool_submit(pool, job);
    }
}

/* Rates the puzzle of a saved game (its givens: the player's digits are not the puzzle's),
 * as `hint` and `solve` read one; a save that cannot be read gets game_load's message. */
static void rate_saved_game(struct pool *pool, const struct cli_input *in,
                            const struct cli_options *opt, int *status)
{
    struct rate_job *job = xcalloc(1, sizeof *job);
    char why[600];

    job->name = in->name;
    job->index = 1;
    job->status = status;
    job->p = cli_load_saved_puzzle(in->arg, NULL, why, sizeof why);
    if (job->p == NULL)
        job->message = xstrdup(why);
    else
        job->budget = cli_budget(opt);
    pool_submit(pool, job);
}

/* What rate keeps across its operands: the pool, and each operand's exit status. */
struct rate_run {
    const struct cli_options *opt;
    struct pool *pool;
    int *status;
    int next;               /* the operand being read */
};

static void rate_input(const struct cli_input *in, void *user)
{
    struct rate_run *run = user;
    int *status = &run->status[run->next++];

    if (run->opt->format == FORMAT_AUTO && cli_is_save_file(in->arg)) {
        rate_saved_game(run->pool, in, run->opt, status);
    } else if (in->f == NULL) {
        struct rate_job *job = xcalloc(1, sizeof *job);

        job->message = xasprintf(_("%s: cannot open: %s"), in->name, strerror(in->error));
        job->status = status;
        pool_submit(run->pool, job);
    } else {
        rate_stream(run->pool, in->f, in->name, in->only, run->opt, status);
    }
}

static void rate_finish(void *user)
{
    struct rate_run *run = user;

    pool_close(run->pool);
}

int cli_rate(char **files, int nfiles, const struct cli_options *opt)
{
    int count = nfiles > 0 ? nfiles : 1, total = 0;
    struct rate_run run = {
        .opt = opt, .status = xcalloc((size_t)count, sizeof *run.status),
        /* The workers only read the options. */
        .pool = pool_open(cli_jobs(opt), rate_work, rate_deliver, (void *)(uintptr_t)opt),
    };

    cli_each_input(files, nfiles, rate_input, rate_finish, &run);
    for (int i = 0; i < count; i++)
        if (run.status[i] > total)
            total = run.status[i];
    free(run.status);
    return total;
}
