/* cmd_hint.c: `kakudo hint` (the next step, explained) and `kakudo rate` (difficulty). */
#include "config.h"
#include "cli.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "hint.h"
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
    printf("%d. %s\n", ++all->printed, h->text);
    return true;
}

static void print_all_steps(const struct hint_position *pos)
{
    struct all_steps all = { .printed = 0 };

    hint_all(pos, print_step, &all);
    for (size_t i = 0; i < all.nseen; i++)
        free(all.seen[i]);
    free(all.seen);
}

/* Prints the next step (or every step) from the givens of p; returns the exit status. */
static int hint_puzzle(const struct puzzle *p, const struct cli_options *opt)
{
    struct solve_budget budget = cli_budget(opt);
    struct hint_start s;
    int count = hint_start_open_within(&s, p, &budget);
    struct hint h;
    int status = 0;

    if (count < 0) {
        fprintf(stderr, "kakudo: gave up: no solution found within the budget of %" PRIu64
                " nodes (--nodes=N sets it), so no hint\n", budget.nodes);
        status = CLI_EXIT_GAVE_UP;
    } else if (count == 0) {
        printf("The puzzle has no solution.\n");
        status = EXIT_NO_SOLUTION;
    } else if (puzzle_is_complete(p, s.grid)) {
        printf("The puzzle is already solved.\n");
    } else {
        if (s.gave_up)
            printf("(Not known to have one solution: the search gave up, so no uniqueness "
                   "techniques.)\n");
        else if (count > 1)
            printf("(The puzzle has several solutions: no uniqueness techniques, and a trial "
                   "follows one of them.)\n");
        if (opt->all)
            print_all_steps(&s.pos);
        else if (hint_next(&s.pos, &h))
            printf("%s\n", h.text);
    }
    hint_start_close(&s);
    return status;
}

int cli_hint(char **files, int nfiles, const struct cli_options *opt)
{
    int status = 0;

    static char dash[] = "-";
    static char *standard_input[] = { dash };

    /* Like solve and rate: no file reads standard input. */
    if (nfiles == 0) {
        files = standard_input;
        nfiles = 1;
    }
    for (int i = 0; i < nfiles; i++) {
        struct format_style style;
        struct format_error err;
        struct puzzle *p = format_load_arg(files[i], opt->format, &style, &err);
        int st;

        if (p == NULL) {
            status = report_error(&err);
            continue;
        }
        if (nfiles > 1)
            printf("%s%s:\n", i > 0 ? "\n" : "", files[i]);
        st = hint_puzzle(p, opt);
        if (st > status)
            status = st;
        puzzle_free(p);
    }
    return status;
}

/* Rates every puzzle of one open file; returns the exit status. */
static int rate_stream(FILE *f, const char *name, const struct cli_options *opt)
{
    struct solve_budget budget = cli_budget(opt);
    struct reader *r = reader_open(f, name, opt->format);
    struct format_style style;
    struct format_error err;
    struct puzzle *p;
    int rc, status = 0;
    long index = 0;
    char line[1024];

    while ((rc = reader_next(r, &p, &style, &err)) != 0) {
        struct grade g;
        int rated;

        budget.deadline_ns = util_now_ns() + GRADE_CEILING_MS * 1000000ull;
        index++;
        if (rc < 0) {
            status = report_error(&err);
            continue;
        }
        rated = grade_puzzle_within(p, &g, GRADE_DEFAULT_WORK, &budget);
        if (rated == 0) {
            printf("%s:%ld: no solution\n", name, index);
            if (status == 0)
                status = EXIT_NO_SOLUTION;
        } else if (rated < 0) {
            printf("%s:%ld: gave up: no solution found within the budget of %" PRIu64
                   " nodes\n", name, index, budget.nodes);
            status = CLI_EXIT_GAVE_UP;
        } else {
            grade_describe(&g, line, sizeof line);
            printf("%s:%ld%s%s%s: %s%s%s\n", name, index, p->name ? " (" : "",
                   p->name ? p->name : "", p->name ? ")" : "",
                   g.gave_up ? "at least " : "", line,
                   g.gave_up ? " (gave up: the budget ran out after these steps)"
                   : g.unique ? "" : " (several solutions)");
            if (g.gave_up)
                status = CLI_EXIT_GAVE_UP;
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
        return rate_stream(stdin, "-", opt);
    for (int i = 0; i < nfiles; i++) {
        bool is_stdin = strcmp(files[i], "-") == 0;
        FILE *f = is_stdin ? stdin : fopen(files[i], "r");
        int st;

        if (f == NULL) {
            fprintf(stderr, "kakudo: %s: cannot open: %s\n", files[i], strerror(errno));
            status = EXIT_BAD_INPUT;
            continue;
        }
        st = rate_stream(f, files[i], opt);
        if (st > status)
            status = st;
        if (!is_stdin)
            fclose(f);
    }
    return status;
}
