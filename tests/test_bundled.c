/* test_bundled.c: every bundled puzzle in data/ has exactly one solution and the level
 * its file records and is named by, no two are the same puzzle (share a solution), and
 * every kind has levels enough: each variant and each combination of variants two at least. */
#include "config.h"

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "format.h"
#include "hint.h"
#include "solve.h"
#include "tap.h"
#include "test_util.h"

static struct puzzle *load_first(const char *path)
{
    struct format_style style;
    struct format_error err;
    struct puzzle *p = format_load(path, FORMAT_AUTO, &style, &err);

    if (p == NULL) {
        char msg[600];
        format_error_string(&err, msg, sizeof msg);
        tap_diag("%s", msg);
    }
    return p;
}

/* A bundled puzzle's solution, to tell the puzzles apart. */
struct solved {
    const char *name;
    enum puzzle_kind kind;
    int width, height;
    uint8_t *grid;
};

/* Whether two bundled puzzles have one solution: then they are one puzzle with more or
 * fewer givens (the Expert 9x9 once was the Easy one minus two). */
static bool same_solution(const struct solved *a, const struct solved *b)
{
    return a->kind == b->kind && a->width == b->width && a->height == b->height
           && memcmp(a->grid, b->grid, (size_t)a->width * (size_t)a->height) == 0;
}

#define KINDS_MAX 16

/* The levels met of each kind ("sudoku", "kakuro", "killer", "killer-x", ...). */
struct kind_levels {
    char kind[64];          /* as wide as main's kind[], so the copy is never cut */
    unsigned levels;        /* bit i: a puzzle of level i */
};
static struct kind_levels kinds[KINDS_MAX];
static int nkinds;

static void add_level(const char *kind, enum hint_level level)
{
    int i = 0;

    while (i < nkinds && strcmp(kinds[i].kind, kind) != 0)
        i++;
    if (i == nkinds) {
        if (nkinds == KINDS_MAX)
            return;
        snprintf(kinds[nkinds++].kind, sizeof kinds[0].kind, "%s", kind);
    }
    kinds[i].levels |= 1u << level;
}

/* How many levels the puzzles of a kind have. */
static int levels_of(const char *kind)
{
    for (int i = 0; i < nkinds; i++)
        if (strcmp(kinds[i].kind, kind) == 0)
            return __builtin_popcount(kinds[i].levels);
    return 0;
}

/* Whether a file's name ends in its level: "16-killer9-easy.txt". */
static bool named_by_level(const char *name, const char *level)
{
    size_t n = strlen(name), k = strlen(level);

    return n > k + 5 && name[n - k - 5] == '-' && strncmp(name + n - k - 4, level, k) == 0
           && strcmp(name + n - 4, ".txt") == 0;
}

/* Checks one bundled file; adds its level to the levels seen for its kind, and its
 * solution to *out. */
static void check_file(const char *dir, const char *name, int *files, struct solved *out)
{
    char path[8192], level[64] = "", kind[64] = "";
    struct puzzle *p;
    struct solve_request req = { .limit = 2 };
    struct solve_result res = { .solution = NULL };
    uint8_t *solution;
    struct grade g;
    bool rated;

    snprintf(path, sizeof path, "%s/%s", dir, name);
    (*files)++;
    if (!tap_ok(tu_header_field(path, "level", level, sizeof level)
                && tu_header_field(path, "kind", kind, sizeof kind), "%s: records its kind and level",
                name))
        return;
    tap_ok(named_by_level(name, level), "%s: its name says its level (%s)", name, level);
    p = load_first(path);
    if (!tap_ok(p != NULL, "%s: reads", name))
        return;
    /* A variant's kind is its name ("killer", "sudoku-x"), as `generate` takes it. */
    tap_ok(strcmp(kind, p->variant != 0 ? puzzle_variant_name(p->variant) : p->ops->name) == 0,
           "%s: is a %s", name, kind);
    solution = calloc((size_t)p->ncells, 1);
    if (solution == NULL)
        exit(99);
    res.solution = solution;
    puzzle_solve(p, p->given, &req, &res);
    *out = (struct solved){ .name = name, .kind = p->ops->kind, .width = p->width,
                            .height = p->height, .grid = solution };
    tap_ok(res.count == 1, "%s: has exactly one solution (found %ld)", name, res.count);
    rated = grade_puzzle(p, &g);
    tap_ok(rated && strcasecmp(level, hint_level_name(g.level)) == 0,
           "%s: rates %s as recorded (%s)", name, hint_level_name(g.level), level);
    if (rated)
        add_level(kind, g.level);
    puzzle_free(p);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(void)
{
    const char *srcdir = getenv("srcdir");
    char dir[4096];
    DIR *d;
    struct dirent *e;
    char *names[256];
    struct solved solved[256] = { { .name = NULL } };
    int n = 0, files = 0, twins = 0;
    static const char *const variants[] = { "killer", "sudoku-x", "jigsaw", "killer-x",
                                            "killer-jigsaw", "jigsaw-x", "killer-jigsaw-x" };

    snprintf(dir, sizeof dir, "%s/data", srcdir != NULL ? srcdir : ".");
    d = opendir(dir);
    if (d == NULL) {
        printf("Bail out! cannot open %s\n", dir);
        return 99;
    }
    while ((e = readdir(d)) != NULL && n < 256) {
        size_t len = strlen(e->d_name);
        if (len > 4 && strcmp(e->d_name + len - 4, ".txt") == 0)
            names[n++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof *names, by_name);
    for (int i = 0; i < n; i++)
        check_file(dir, names[i], &files, &solved[i]);
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (solved[i].grid != NULL && solved[j].grid != NULL
                && same_solution(&solved[i], &solved[j])) {
                tap_diag("%s and %s share a solution", names[i], names[j]);
                twins++;
            }
    tap_ok(twins == 0, "no two bundled puzzles share a solution (%d pairs do)", twins);
    for (int i = 0; i < n; i++) {
        free(solved[i].grid);
        free(names[i]);
    }
    tap_ok(files >= 10, "%d bundled puzzles", files);
    tap_ok(levels_of("sudoku") >= 5 && levels_of("kakuro") >= 3, "Sudoku of %d levels and Kakuro of %d",
           levels_of("sudoku"), levels_of("kakuro"));
    for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++)
        tap_ok(levels_of(variants[i]) >= 2, "%s: %d levels (two at least)", variants[i], levels_of(variants[i]));
    return tap_done();
}
