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

enum { EXIT_NO_SOLUTION = 1, EXIT_BAD_INPUT = 2 };

struct solve_run {
    const struct cli_options *opt;
    const char *name;       /* the file as named in messages */
    long index;             /* puzzle number within the file, 1-based */
    long *written;          /* puzzles written to standard output so far, all files */
    int status;
};

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
    struct solve_request req = { .limit = limit == LONG_MAX ? LONG_MAX : limit + 1 };
    struct solve_result res = { .solution = solution };
    uint64_t t0 = util_now_ns();

    puzzle_solve(p, start, &req, &res);
    if (res.count > limit)
        printf("%ld+\n", limit);
    else
        printf("%ld\n", res.count);
    if (run->opt->stats)
        report_stats(run, &res.stats, util_now_ns() - t0);
}

static void solve_one(struct solve_run *run, const struct puzzle *p, const struct format_style *style)
{
    uint8_t *start = xmalloc((size_t)p->ncells);
    uint8_t *solution = xmalloc((size_t)p->ncells);
    struct solve_stats stats = { 0 };
    enum solve_outcome outcome;
    uint64_t t0;

    puzzle_start_grid(p, start);
    if (run->opt->count) {
        count_solutions(run, p, start, solution);
        goto done;
    }
    t0 = util_now_ns();
    outcome = puzzle_solve_first(p, start, !run->opt->any, solution, &stats);
    if (run->opt->stats)
        report_stats(run, &stats, util_now_ns() - t0);
    if (outcome == SOLVE_NONE) {
        fprintf(stderr, "kakudo: %s: puzzle %ld has no solution\n", run->name, run->index);
        run->status = run->status > EXIT_NO_SOLUTION ? run->status : EXIT_NO_SOLUTION;
        goto done;
    }
    if (outcome == SOLVE_SEVERAL)
        fprintf(stderr, "kakudo: %s: puzzle %ld has several solutions; "
                "printed the first in reading order\n", run->name, run->index);
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
            /* Only one-line Sudoku files can resume cleanly after a bad puzzle. */
            if (reader_format(r) != FORMAT_SUDOKU_LINE)
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
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "kakudo: write error: %s\n", strerror(errno));
        status = EXIT_BAD_INPUT;
    }
    return status;
}
