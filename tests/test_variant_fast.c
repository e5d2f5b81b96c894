/* test_variant_fast.c: the variants' batch search (variant_fast.c) against the observed cell-by-cell one: the same counts, first and smallest solutions. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "puzzle.h"
#include "solve.h"
#include "tap.h"
#include "util.h"

/*
 * A search with an observer walks the groups cell by cell (variant_solve.c); without
 * one a 9x9 goes to the bitboards.  Both must agree on every grid: the puzzles of the
 * test data, each with givens taken away (several solutions: the smallest must match),
 * with a clashing digit added (none), and with a cage sum made impossible.
 */

static int quiet_step(const struct solve_step *step, void *user)
{
    (void)step;
    (void)user;
    return 0;
}

struct outcome {
    long count;
    uint8_t solution[81];
    int smallest;
    uint8_t smallest_grid[81];
};

static void solve_both_ways(const struct puzzle *p, const uint8_t *grid, bool observed,
                            struct outcome *out)
{
    struct solve_observer obs = { .step = quiet_step };
    struct solve_request req = { .limit = 2, .observer = observed ? &obs : NULL };
    struct solve_result res = { .solution = out->solution };
    struct solve_budget budget = { 0 };
    struct solve_stats stats = { 0 };

    memset(out, 0, sizeof *out);
    res.solution = out->solution;
    puzzle_solve(p, grid, &req, &res);
    out->count = res.count;
    if (out->count > 0)
        out->smallest = p->ops->smallest(p, grid, out->solution, out->smallest_grid, &budget, &stats);
}

/* Whether both searches agree on p from grid; what names the case. */
static void agree(const struct puzzle *p, const uint8_t *grid, const char *what)
{
    struct outcome fast, observed;

    solve_both_ways(p, grid, false, &fast);
    solve_both_ways(p, grid, true, &observed);
    tap_ok(fast.count == observed.count
           && (fast.count != 1 || memcmp(fast.solution, observed.solution, 81) == 0)
           && fast.smallest == observed.smallest
           && (fast.count == 0 || memcmp(fast.smallest_grid, observed.smallest_grid, 81) == 0),
           "%s: %ld solution(s), the same without an observer as with one", what, fast.count);
}

static int load(const char *name, struct puzzle **out, int max)
{
    FILE *f = fopen(tap_data_path(name), "r");
    struct reader *r;
    struct format_style style;
    struct format_error err;
    struct puzzle *p;
    int n = 0;

    if (f == NULL)
        return 0;
    r = reader_open(f, name, FORMAT_AUTO);
    while (n < max && reader_next(r, &p, &style, &err) > 0)
        out[n++] = p;
    reader_close(r);
    fclose(f);
    return n;
}

static void test_file(const char *name)
{
    struct puzzle *ps[16];
    int n = load(name, ps, 16);

    tap_ok(n > 0, "%s: read", name);
    for (int i = 0; i < n; i++) {
        struct puzzle *p = ps[i];
        const char *kind = puzzle_variant_name(p->variant);
        uint8_t grid[81], solution[81];
        char what[96];
        struct solve_request req = { .limit = 1 };
        struct solve_result res = { .solution = solution };
        int givens = 0;

        if (p->ncells != 81) {
            puzzle_free(p);
            continue;
        }
        memcpy(grid, p->given, 81);
        snprintf(what, sizeof what, "%s %s", name, kind);
        agree(p, grid, what);
        /* Fewer givens: every third, then all. */
        for (int cell = 0; cell < 81; cell++)
            if (grid[cell] != 0 && givens++ % 3 == 0)
                grid[cell] = 0;
        snprintf(what, sizeof what, "%s %s, a third of its givens gone", name, kind);
        agree(p, grid, what);
        memset(grid, 0, sizeof grid);
        snprintf(what, sizeof what, "%s %s, no givens", name, kind);
        agree(p, grid, what);
        /* A wrong digit where the solution has another: no solution, or a clash. */
        memcpy(grid, p->given, 81);
        puzzle_solve(p, grid, &req, &res);
        for (int cell = 0; cell < 81 && res.count > 0; cell++)
            if (grid[cell] == 0) {
                grid[cell] = (uint8_t)(solution[cell] % 9 + 1);
                break;
            }
        snprintf(what, sizeof what, "%s %s, a wrong digit added", name, kind);
        agree(p, grid, what);
        if (p->ncages > 0) {
            /* The first cage's sum one more, in the map and its group alike. */
            for (int g = 0; g < p->ngroups; g++)
                if (p->groups[g].kind == GROUP_CAGE) {
                    p->groups[g].sum++;
                    p->cage_sum[p->cage[p->groups[g].cells[0]]]++;
                    break;
                }
            memcpy(grid, p->given, 81);
            snprintf(what, sizeof what, "%s %s, a cage sum one more", name, kind);
            agree(p, grid, what);
        }
        puzzle_free(p);
    }
}

int main(void)
{
    test_file("variant/variants.txt");
    test_file("variant/killer_wiki.txt");
    return tap_done();
}
