/* bench_big.c: Sudoku above 9x9: the general search proving uniqueness, and generation, against the previous search run on the same puzzles in the same run. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_set.h"
#include "generate.h"
#include "solve.h"

/*
 * Usage: bench_big [--quick] [--rounds N]
 *
 * For 16x16 and 25x25: makes puzzles with `generate --level any` (seeds 1..K), timing
 * the generation (CPU, mean per puzzle), then solves each with the general search,
 * proving uniqueness (limit 2), N rounds (default 3), and with the search as it was
 * before issue 16 (sudoku_solve_previous.c, compiled into this program only) in turn:
 * CPU time per puzzle, mean over the puzzles of each puzzle's best round, nodes per
 * puzzle, and the ratio.  Targets (issue 16): 16x16 < 0.5 ms, 25x25 < 5 ms per puzzle,
 * 25x25 generation < 1 s per puzzle.
 */

void previous_sudoku_solve_general(const struct puzzle *p, const uint8_t *grid,
                                   const struct solve_request *req, struct solve_result *res);

typedef void search_fn(const struct puzzle *p, const uint8_t *grid,
                       const struct solve_request *req, struct solve_result *res);

struct figures {
    double cpu_ns;          /* sum over the puzzles of each one's best round */
    uint64_t nodes;
    long unique;
};

static void solve_all(search_fn *search, struct puzzle **puzzles, int n, int rounds,
                      struct figures *f)
{
    memset(f, 0, sizeof *f);
    for (int i = 0; i < n; i++) {
        const struct puzzle *p = puzzles[i];
        uint8_t *solution = xmalloc((size_t)p->ncells);
        double best = 0;

        for (int r = 0; r < rounds; r++) {
            struct solve_request req = { .limit = 2 };
            struct solve_result res = { .solution = solution };
            uint64_t t0 = bench_cpu_ns();
            double spent;

            search(p, p->given, &req, &res);
            spent = (double)(bench_cpu_ns() - t0);
            if (r == 0 || spent < best)
                best = spent;
            if (r == 0) {
                f->nodes += res.stats.nodes;
                f->unique += res.count == 1;
            }
        }
        f->cpu_ns += best;
        free(solution);
    }
}

static void bench_size(int size, int count, int rounds)
{
    struct puzzle **puzzles = xcalloc((size_t)count, sizeof *puzzles);
    struct figures now, before;
    double gen_ns = 0, n = count;
    int made = 0;

    for (int i = 0; i < count; i++) {
        struct gen_request req = { .kind = PUZZLE_SUDOKU, .size = size,
                                   .symmetry = GEN_SYM_ROTATE180, .level = GEN_ANY_LEVEL,
                                   .seed = (uint64_t)i + 1 };
        struct gen_result res;
        uint64_t t0 = bench_cpu_ns();

        gen_generate(&req, &res);
        gen_ns += (double)(bench_cpu_ns() - t0);
        if (res.puzzle != NULL)
            puzzles[made++] = res.puzzle;
    }
    n = made;
    solve_all(sudoku_solve_general, puzzles, made, rounds, &now);
    solve_all(previous_sudoku_solve_general, puzzles, made, rounds, &before);
    printf("Sudoku %dx%d, %d generated puzzles (level any, seeds 1-%d), CPU time:\n", size, size,
           made, count);
    printf("  generation:        %9.1f ms per puzzle (mean)%s\n", gen_ns / count / 1e6,
           size == 25 ? "  (target < 1000)" : "");
    printf("  search, unique:    %9.3f ms per puzzle (mean), %7.0f nodes; %ld/%d unique%s\n",
           now.cpu_ns / n / 1e6, (double)now.nodes / n, now.unique, made,
           size == 16 ? "  (target < 0.5)" : size == 25 ? "  (target < 5)" : "");
    printf("  previous search:   %9.3f ms per puzzle (mean), %7.0f nodes (same run)\n",
           before.cpu_ns / n / 1e6, (double)before.nodes / n);
    printf("  speed-up:          %9.2fx\n", before.cpu_ns / now.cpu_ns);
    for (int i = 0; i < made; i++)
        puzzle_free(puzzles[i]);
    free(puzzles);
}

int main(int argc, char **argv)
{
    bool quick = false;
    int rounds = 3;

    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "--quick") == 0)
            quick = true;
        else if (strcmp(argv[a], "--rounds") == 0 && a + 1 < argc)
            rounds = atoi(argv[++a]);
        else {
            fputs("usage: bench_big [--quick] [--rounds N]\n", stderr);
            return 2;
        }
    }
    if (rounds < 1)
        rounds = 1;
    bench_size(16, quick ? 4 : 12, rounds);
    bench_size(25, quick ? 2 : 4, rounds);
    return 0;
}
