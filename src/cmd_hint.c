/* cmd_hint.c: `kakudo hint` (the next step, explained) and `kakudo rate` (difficulty). */
#include "config.h"
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "hint.h"
#include "solve.h"
#include "util.h"

enum { EXIT_NO_SOLUTION = 1, EXIT_BAD_INPUT = 2 };

static int report_error(const struct format_error *err)
{
    char buf[600];

    format_error_string(err, buf, sizeof buf);
    fprintf(stderr, "kakudo: %s\n", buf);
    return EXIT_BAD_INPUT;
}

static bool print_numbered(const struct hint *h, void *user)
{
    int *n = user;

    printf("%d. %s\n", ++*n, h->text);
    return true;
}

/* Prints the next step (or every step) from the givens of p; returns the exit status. */
static int hint_puzzle(const struct puzzle *p, bool all)
{
    size_t n = (size_t)p->ncells;
    uint8_t *grid = xmalloc(n), *solution = xmalloc(n);
    digitset *cands = xmalloc(n * sizeof *cands);
    enum solve_outcome outcome = puzzle_solve_first(p, p->given, true, solution, NULL);
    struct hint_position pos = {
        .p = p, .grid = grid, .cands = cands,
        .unique = outcome == SOLVE_UNIQUE, .solution = solution,
    };
    struct hint h;
    int status = 0, count = 0;

    puzzle_start_grid(p, grid);
    hint_fill_candidates(p, grid, NULL, cands);
    if (outcome == SOLVE_NONE) {
        printf("The puzzle has no solution.\n");
        status = EXIT_NO_SOLUTION;
    } else if (puzzle_is_complete(p, grid)) {
        printf("The puzzle is already solved.\n");
    } else if (all) {
        hint_all(&pos, print_numbered, &count);
    } else if (hint_next(&pos, &h)) {
        printf("%s\n", h.text);
    }
    free(cands);
    free(solution);
    free(grid);
    return status;
}

int cli_hint(char **files, int nfiles, const struct cli_options *opt)
{
    int status = 0;

    if (nfiles == 0) {
        fprintf(stderr, "kakudo: hint needs a puzzle: kakudo hint FILE[:N]\n");
        return EXIT_BAD_INPUT;
    }
    for (int i = 0; i < nfiles; i++) {
        struct format_style style;
        struct format_error err;
        struct puzzle *p = format_load(files[i], opt->format, &style, &err);
        int st;

        if (p == NULL) {
            status = report_error(&err);
            continue;
        }
        if (nfiles > 1)
            printf("%s%s:\n", i > 0 ? "\n" : "", files[i]);
        st = hint_puzzle(p, opt->all);
        if (st > status)
            status = st;
        puzzle_free(p);
    }
    return status;
}

/* Rates every puzzle of one open file; returns the exit status. */
static int rate_stream(FILE *f, const char *name, enum format_id forced)
{
    struct reader *r = reader_open(f, name, forced);
    struct format_style style;
    struct format_error err;
    struct puzzle *p;
    int rc, status = 0;
    long index = 0;
    char line[1024];

    while ((rc = reader_next(r, &p, &style, &err)) != 0) {
        struct grade g;

        index++;
        if (rc < 0) {
            status = report_error(&err);
            continue;
        }
        if (!grade_puzzle(p, &g)) {
            printf("%s:%ld: no solution\n", name, index);
            if (status == 0)
                status = EXIT_NO_SOLUTION;
        } else {
            grade_describe(&g, line, sizeof line);
            printf("%s:%ld%s%s%s: %s%s\n", name, index, p->name ? " (" : "", p->name ? p->name : "",
                   p->name ? ")" : "", line, g.unique ? "" : " (several solutions)");
        }
        puzzle_free(p);
    }
    reader_close(r);
    return status;
}

int cli_rate(char **files, int nfiles, const struct cli_options *opt)
{
    int status = 0;

    if (nfiles == 0)
        return rate_stream(stdin, "-", opt->format);
    for (int i = 0; i < nfiles; i++) {
        bool is_stdin = strcmp(files[i], "-") == 0;
        FILE *f = is_stdin ? stdin : fopen(files[i], "r");
        int st;

        if (f == NULL) {
            fprintf(stderr, "kakudo: %s: cannot open: %s\n", files[i], strerror(errno));
            status = EXIT_BAD_INPUT;
            continue;
        }
        st = rate_stream(f, files[i], opt->format);
        if (st > status)
            status = st;
        if (!is_stdin)
            fclose(f);
    }
    return status;
}
