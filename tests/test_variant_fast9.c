/* test_variant_fast9.c: the batch search's build for 9 digits (variant_fast9.c) against its build for up to 11 (variant_fast128.c): the same counts, solutions, smallest solutions and nodes on every 9x9 variant, and other sizes left to the other builds. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzle.h"
#include "solve.h"
#include "tap.h"
#include "test_util.h"
#include "variant_fast.h"

/*
 * Both builds are one body (variant_fast_body.h); the 9-digit one runs its loops over the
 * digits to a constant.  A loop cut short or run past the digits in use would lose or
 * invent candidates: the counts, the solutions or at least the nodes would differ.  Each
 * puzzle is solved by both from grids of none, one and several solutions (puzzle_grids),
 * first in the search's order, then in reading order (the smallest solution), then
 * looking for a solution other than the first found.
 */

#ifdef __SIZEOF_INT128__

typedef bool search_fn(const struct puzzle *p, const uint8_t *grid, const uint8_t *avoid,
                       const struct solve_request *req, struct solve_result *res,
                       bool reading_order);

struct outcome {
    bool served;
    long count;
    uint64_t nodes;
    uint8_t solution[81];
};

static void run(search_fn *search, const struct puzzle *p, const uint8_t *grid,
                const uint8_t *avoid, bool reading_order, struct outcome *out)
{
    struct solve_request req = { .limit = 2 };
    struct solve_result res = { 0 };

    memset(out, 0, sizeof *out);
    res.solution = out->solution;
    out->served = search(p, grid, avoid, &req, &res, reading_order);
    out->count = res.count;
    out->nodes = res.stats.nodes;
}

static bool same(const struct outcome *a, const struct outcome *b)
{
    return a->served && b->served && a->count == b->count && a->nodes == b->nodes
           && memcmp(a->solution, b->solution, sizeof a->solution) == 0;
}

/* Whether both builds agree on p from grid in each of the three ways. */
static bool builds_agree(const struct puzzle *p, const uint8_t *grid)
{
    struct outcome nine, eleven, first;

    run(variant_fast9_solve, p, grid, NULL, false, &nine);
    run(variant_fast128_solve, p, grid, NULL, false, &eleven);
    if (!same(&nine, &eleven))
        return false;
    first = nine;
    run(variant_fast9_solve, p, grid, NULL, true, &nine);
    run(variant_fast128_solve, p, grid, NULL, true, &eleven);
    if (!same(&nine, &eleven))
        return false;
    run(variant_fast9_solve, p, grid, first.solution, false, &nine);
    run(variant_fast128_solve, p, grid, first.solution, false, &eleven);
    return same(&nine, &eleven);
}

/* The grids each puzzle is solved from: its givens; with some of its solution's digits
 * added (one cell in three, five, nine: one solution in fewer nodes); with one given in
 * three taken away, and none (several solutions); with a wrong digit added (none). */
static int puzzle_grids(const struct puzzle *p, uint8_t grids[][81])
{
    static const int added[] = { 3, 5, 9 };
    uint8_t solution[81];
    struct outcome o;
    int n = 0, givens = 0;

    memcpy(grids[n++], p->given, 81);
    run(variant_fast128_solve, p, p->given, NULL, true, &o);
    memcpy(solution, o.solution, 81);
    for (size_t k = 0; k < sizeof added / sizeof added[0] && o.count > 0; k++, n++)
        for (int cell = 0; cell < 81; cell++)
            grids[n][cell] = p->given[cell] != 0 || cell % added[k] == 0 ? solution[cell] : 0;
    memcpy(grids[n], p->given, 81);
    for (int cell = 0; cell < 81; cell++)
        if (grids[n][cell] != 0 && givens++ % 3 == 0)
            grids[n][cell] = 0;
    n++;
    memset(grids[n++], 0, 81);
    memcpy(grids[n], p->given, 81);
    for (int cell = 0; cell < 81 && o.count > 0; cell++)
        if (grids[n][cell] == 0) {
            grids[n][cell] = (uint8_t)(solution[cell] % 9 + 1);
            break;
        }
    return n + 1;
}

/* Every 9x9 puzzle of the file from each of its grids; the file's other sizes are counted
 * in *others. */
static void test_file(const char *name, int *others)
{
    struct puzzle *ps[32];
    int n = tu_read_puzzles(tap_data_path(name), name, ps, 32);

    tap_ok(n > 0, "%s: read", name);
    for (int i = 0; i < n; i++) {
        struct puzzle *p = ps[i];
        uint8_t grids[8][81];
        int ngrids, agreed = 0;
        long counts[3] = { 0, 0, 0 };

        if (p->ncells != 81 || p->max_digit != 9) {
            ++*others;
            puzzle_free(p);
            continue;
        }
        ngrids = puzzle_grids(p, grids);
        for (int k = 0; k < ngrids; k++) {
            struct outcome o;

            agreed += builds_agree(p, grids[k]);
            run(variant_fast9_solve, p, grids[k], NULL, false, &o);
            counts[o.count]++;
        }
        tap_ok(agreed == ngrids, "%s #%d (%s): both builds agree on %d of %d grids (%ld, %ld, %ld with 0, 1, 2 solutions)",
               name, i + 1, puzzle_variant_name(p->variant), agreed, ngrids, counts[0], counts[1],
               counts[2]);
        puzzle_free(p);
    }
}

/* The 9-digit build turns away other puzzles (the caller then uses another build). */
static void test_other_sizes(void)
{
    struct puzzle *ps[20];
    int n = tu_read_puzzles(tap_data_path("variant/sizes.txt"), "variant/sizes.txt", ps, 20);
    int refused = 0, others = 0;

    for (int i = 0; i < n; i++) {
        if (ps[i]->max_digit != 9) {
            struct outcome o;

            others++;
            run(variant_fast9_solve, ps[i], ps[i]->given, NULL, false, &o);
            refused += !o.served;
        }
        puzzle_free(ps[i]);
    }
    tap_ok(others > 0 && refused == others, "variant/sizes.txt: the 9-digit build turns away %d of %d other sizes",
           refused, others);
}

int main(void)
{
    static const char *const files[] = {
        "variant/variants.txt", "variant/jigsaw_random.txt", "variant/jigsaw_nodes.txt",
        "variant/x_minimal.txt", "variant/killer_wiki.txt", "variant/sizes.txt",
    };
    int others = 0;

    for (size_t k = 0; k < sizeof files / sizeof files[0]; k++)
        test_file(files[k], &others);
    tap_diag("%d puzzles of other sizes left out", others);
    test_other_sizes();
    return tap_done();
}

#else

int main(void)
{
    tap_ok(1, "# SKIP no 128-bit integers: the batch search is not built");
    return tap_done();
}

#endif
