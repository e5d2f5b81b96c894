/* cmd_hint.c: `kakudo hint` (the next step, explained) and `kakudo rate` (difficulty). */
#include "config.h"
#include "cli.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "game.h"
#include "hint.h"
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

/* --apply: takes up to n steps from pos (its grid and candidates change), printing each,
 * then prints the position reached as a pencil-mark grid. */
static void apply_steps(struct hint_position *pos, uint8_t *grid, digitset *cands, long n)
{
    struct hint h;
    long taken = 0;

    while (taken < n && hint_next(pos, &h)) {
        printf("%ld. %s\n", ++taken, h.text);
        hint_apply(pos->p, &h, grid, cands);
    }
    if (taken < n && puzzle_is_complete(pos->p, grid))
        printf("(Solved after %ld step%s.)\n", taken, taken == 1 ? "" : "s");
    format_write_pencilmarks(stdout, pos->p, grid, cands);
}

/* Prints the next step (or every step, or --apply's) from a position of p: its digits
 * (grid) and pencil marks (marks, NULL: none); returns the exit status. */
static int hint_position(const struct puzzle *p, const uint8_t *given_grid, const digitset *marks,
                         const struct cli_options *opt)
{
    struct solve_budget budget = cli_budget(opt);
    struct hint_start s;
    int count = hint_start_open_within(&s, p, &budget);
    struct hint h;
    int status = 0;

    memcpy(s.grid, given_grid, (size_t)p->ncells);
    hint_fill_candidates(p, s.grid, marks, s.cands);
    if (count < 0) {
        fprintf(stderr, "kakudo: gave up: no solution found within the budget of %" PRIu64
                " nodes (--nodes=N sets it), so no hint\n", budget.nodes);
        status = CLI_EXIT_GAVE_UP;
    } else if (count == 0) {
        printf("The puzzle has no solution.\n");
        status = EXIT_NO_SOLUTION;
    } else if (hint_check_position(p, s.grid, marks, count == 1 ? s.solution : NULL, &h)) {
        printf("%s\n", h.text);     /* a mistake in the position comes first */
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
        else if (opt->apply >= 0)
            apply_steps(&s.pos, s.grid, s.cands, opt->apply);
        else if (hint_next(&s.pos, &h))
            printf("%s\n", h.text);
    }
    hint_start_close(&s);
    return status;
}

/* Whether the file at path is a saved game (it starts as game_save writes). */
static bool is_save_file(const char *path)
{
    FILE *f = strcmp(path, "-") == 0 ? NULL : fopen(path, "rb");
    char head[16] = "";
    bool save;

    if (f == NULL)
        return false;
    save = fgets(head, sizeof head, f) != NULL && strncmp(head, "kakudo-save ", 12) == 0;
    fclose(f);
    return save;
}

/* hint on one argument: a saved game, or a puzzle (a pencil-mark grid gives its marks). */
static int hint_file(const char *arg, const struct cli_options *opt)
{
    struct format_style style;
    struct format_error err;
    digitset *marks = NULL;
    struct puzzle *p;
    int status;

    if (opt->format == FORMAT_AUTO && is_save_file(arg)) {
        char why[600];
        struct game *g = game_load(arg, why, sizeof why);

        if (g == NULL) {
            fprintf(stderr, "kakudo: %s\n", why);
            return EXIT_BAD_INPUT;
        }
        status = hint_position(g->puzzle, g->grid, g->marks, opt);
        game_free(g);
        return status;
    }
    p = format_load_arg_marks(arg, opt->format, &style, &marks, &err);
    if (p == NULL)
        return report_error(&err);
    status = hint_position(p, p->given, marks, opt);
    free(marks);
    puzzle_free(p);
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
        int st;

        if (nfiles > 1)
            printf("%s%s:\n", i > 0 ? "\n" : "", files[i]);
        st = hint_file(files[i], opt);
        if (st > status)
            status = st;
    }
    return status;
}

/* The puzzle as collections list it: a Sudoku on one line ('.' empty), a Kakuro (which
 * has no such line) as FILE:N. */
static void print_puzzle_id(const struct puzzle *p, const char *name, long index)
{
    if (p->ops->kind != PUZZLE_SUDOKU) {
        printf("%s:%ld", name, index);
        return;
    }
    for (int cell = 0; cell < p->ncells; cell++)
        putchar(p->given[cell] ? sudoku_symbol(p->given[cell]) : '.');
}

/* --path: one line per step, its rating and its text. */
static bool print_path_step(const struct hint *h, int rating, const struct hint_position *pos,
                            void *user)
{
    char number[16];

    (void)pos;
    printf("%4s  %s\n", rating_format(rating, number, sizeof number), h->text);
    ++*(long *)user;
    return true;
}

/* After a rating in the collectors' columns: why it is not the whole story, if it is not. */
static const char *rating_note(const struct grade *g)
{
    if (g->gave_up)
        return " (gave up)";
    return g->unique ? "" : " (several solutions)";
}

/* One rated puzzle in the output rate was asked for. */
static void print_rated(const struct puzzle *p, const struct grade *g, const char *name,
                        long index, const struct cli_options *opt)
{
    char line[1024], er[16], ep[16], ed[16];

    rating_format(g->rating, er, sizeof er);
    switch (opt->rate_output) {
    case RATE_OUTPUT_SE:
        print_puzzle_id(p, name, index);
        printf(" ED=%s/%s/%s%s\n", er, rating_format(g->rating_ep, ep, sizeof ep),
               rating_format(g->rating_ed, ed, sizeof ed), rating_note(g));
        return;
    case RATE_OUTPUT_RATING:
        print_puzzle_id(p, name, index);
        printf(" %s%s\n", er, rating_note(g));
        return;
    case RATE_OUTPUT_TEXT:
        break;
    }
    grade_describe(g, line, sizeof line);
    printf("%s:%ld%s%s%s: %s%s%s\n", name, index, p->name ? " (" : "",
           p->name ? p->name : "", p->name ? ")" : "",
           g->gave_up ? "at least " : "", line,
           g->gave_up ? " (gave up: the budget ran out after these steps)"
           : g->unique ? "" : " (several solutions)");
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
    long index = 0, steps = 0;

    while ((rc = reader_next(r, &p, &style, &err)) != 0) {
        struct grade g;
        int rated;

        budget.deadline_ns = util_now_ns() + GRADE_CEILING_MS * 1000000ull;
        index++;
        if (rc < 0) {
            status = report_error(&err);
            continue;
        }
        if (opt->path)
            printf("%s:%ld%s%s%s:\n", name, index, p->name ? " (" : "", p->name ? p->name : "",
                   p->name ? ")" : "");
        rated = grade_puzzle_walk(p, &g, GRADE_DEFAULT_WORK, &budget,
                                  opt->path ? print_path_step : NULL, &steps);
        if (rated == 0) {
            printf("%s:%ld: no solution\n", name, index);
            if (status == 0)
                status = EXIT_NO_SOLUTION;
        } else if (rated < 0) {
            printf("%s:%ld: gave up: no solution found within the budget of %" PRIu64
                   " nodes\n", name, index, budget.nodes);
            status = CLI_EXIT_GAVE_UP;
        } else {
            print_rated(p, &g, name, index, opt);
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
