/* levels_small.c: the levels every minimal unique 4x4 puzzle of a variant rates, over every region layout and grid: how the generator's table of reachable levels was measured. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "generate.h"
#include "hint.h"
#include "puzzle.h"

/*
 * Usage: levels_small [-v] VARIANT [SYMMETRY] (sudoku, x, jigsaw or jigsaw-x; 4x4; none,
 * the default, or a symmetry the givens keep, as generate --symmetry).
 *
 * For each region layout (the boxes, or for a Jigsaw every way to cut the 4x4 into four
 * contiguous regions of four cells), every grid obeying the variant's units is listed.
 * Renaming the digits keeps a puzzle's level, so only the grids whose first row reads
 * 1 2 3 4 are puzzles' solutions here.  A set of givens of grid G has one solution
 * unless another grid agrees with G on all of them: the sets that do not are found by
 * marking each other grid's cells of agreement and every subset of them.  A minimal
 * puzzle (one solution, none once any given goes; with a symmetry, any group of givens
 * the symmetry ties together) is rated as kakudo rate rates it; a
 * puzzle with more givens is solved by the same steps or fewer, so the hardest level of
 * the minimal puzzles is the hardest the variant has at 4x4.
 *
 * Prints (with -v, each layout's hardest level, then) the count of layouts, grids and minimal puzzles, how
 * many rate each level, and one puzzle of the hardest level.
 */

#define N 4
#define NCELLS (N * N)
#define MAX_GRIDS 576   /* the Latin squares of order 4 */

struct survey {
    unsigned variant;
    long layouts, grids, minimal;
    long per_level[LEVEL_COUNT];
    int hardest, layout_hardest;
    bool verbose;               /* -v: each layout's hardest level too */
    int norbits;
    unsigned orbit[NCELLS];     /* the cells each symmetric group of givens holds */
    char example[2 * NCELLS + 8];
};

/* --- Region layouts --- */

static bool cells_connected(unsigned set)
{
    unsigned reached = set & -set, grown;

    do {
        grown = reached;
        for (int cell = 0; cell < NCELLS; cell++) {
            if (!(reached & (1u << cell)))
                continue;
            if (cell % N > 0)
                reached |= (1u << (cell - 1)) & set;
            if (cell % N < N - 1)
                reached |= (1u << (cell + 1)) & set;
            if (cell >= N)
                reached |= (1u << (cell - N)) & set;
            if (cell < NCELLS - N)
                reached |= (1u << (cell + N)) & set;
        }
    } while (grown != reached);
    return reached == set;
}

typedef void (*layout_fn)(const uint8_t *region, struct survey *s);

/* Every way to give the free cells (those not in used) regions from reg on, each N
 * contiguous cells, the lowest free cell's region first. */
static void each_layout(uint8_t *region, unsigned used, int reg, layout_fn fn, struct survey *s)
{
    int first = 0;

    if (used == (1u << NCELLS) - 1) {
        fn(region, s);
        return;
    }
    while (used & (1u << first))
        first++;
    for (unsigned set = 0; set < 1u << NCELLS; set++) {
        if (!(set & (1u << first)) || (set & used) || __builtin_popcount(set) != N
            || !cells_connected(set))
            continue;
        for (int cell = 0; cell < NCELLS; cell++)
            if (set & (1u << cell))
                region[cell] = (uint8_t)reg;
        each_layout(region, used | set, reg + 1, fn, s);
    }
}

/* --- Grids --- */

static struct puzzle *frame_of(unsigned variant, const uint8_t *region)
{
    struct puzzle *p = sudoku_new_unfinished(N);
    struct puzzle_error err;

    puzzle_set_variant(p, variant);
    if (variant & VARIANT_JIGSAW)
        memcpy(p->region, region, NCELLS);
    if (!puzzle_finish(p, &err)) {
        fprintf(stderr, "levels_small: %s\n", err.message);
        exit(1);
    }
    return p;
}

static bool digit_fits(const struct puzzle *p, const uint8_t *grid, int cell, int d)
{
    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][k] >= 0; k++) {
        const struct puzzle_group *grp = &p->groups[p->cell_groups[cell][k]];

        for (int i = 0; i < grp->ncells; i++)
            if (grid[grp->cells[i]] == d)
                return false;
    }
    return true;
}

static void each_grid(const struct puzzle *p, uint8_t *grid, int cell, uint8_t (*grids)[NCELLS],
                      int *ngrids)
{
    if (cell == NCELLS) {
        memcpy(grids[(*ngrids)++], grid, NCELLS);
        return;
    }
    for (int d = 1; d <= N; d++) {
        if (digit_fits(p, grid, cell, d)) {
            grid[cell] = (uint8_t)d;
            each_grid(p, grid, cell + 1, grids, ngrids);
            grid[cell] = 0;
        }
    }
}

/* --- Minimal puzzles --- */

static void rate_minimal(struct puzzle *p, const uint8_t *grid, unsigned givens, struct survey *s)
{
    struct grade g;

    for (int cell = 0; cell < NCELLS; cell++)
        p->given[cell] = givens & (1u << cell) ? grid[cell] : 0;
    if (!grade_puzzle(p, &g) || g.gave_up) {
        fprintf(stderr, "levels_small: a minimal puzzle did not rate\n");
        exit(1);
    }
    s->minimal++;
    s->per_level[g.level]++;
    if ((int)g.level > s->layout_hardest)
        s->layout_hardest = (int)g.level;
    if ((int)g.level > s->hardest) {
        s->hardest = (int)g.level;
        for (int cell = 0; cell < NCELLS; cell++)
            s->example[cell] = p->given[cell] ? (char)('0' + p->given[cell]) : '.';
        s->example[NCELLS] = ' ';
        for (int cell = 0; cell < NCELLS; cell++)
            s->example[NCELLS + 1 + cell] = (char)('1' + (p->region ? p->region[cell] : 0));
        s->example[2 * NCELLS + 1] = '\0';
    }
}

/* Rates the minimal puzzles of grids[g] among the grids of its layout. */
static void survey_grid(struct puzzle *p, uint8_t (*grids)[NCELLS], int ngrids, int g,
                        struct survey *s)
{
    static uint8_t ambiguous[1u << NCELLS];

    memset(ambiguous, 0, sizeof ambiguous);
    for (int o = 0; o < ngrids; o++) {
        unsigned agree = 0;

        for (int cell = 0; cell < NCELLS && o != g; cell++)
            if (grids[o][cell] == grids[g][cell])
                agree |= 1u << cell;
        if (o != g)
            ambiguous[agree] = 1;
    }
    /* Every subset of an ambiguous set is ambiguous: from the largest sets down. */
    for (unsigned set = (1u << NCELLS) - 1; set > 0; set--)
        for (int cell = 0; cell < NCELLS && ambiguous[set]; cell++)
            if (set & (1u << cell))
                ambiguous[set & ~(1u << cell)] = 1;
    /* The sets of givens are the unions of the symmetry's groups of cells. */
    for (unsigned pick = 0; pick < 1u << s->norbits; pick++) {
        unsigned set = 0;
        bool minimal;

        for (int o = 0; o < s->norbits; o++)
            if (pick & (1u << o))
                set |= s->orbit[o];
        minimal = !ambiguous[set];
        for (int o = 0; o < s->norbits && minimal; o++)
            if ((pick & (1u << o)) && !ambiguous[set & ~s->orbit[o]])
                minimal = false;
        if (minimal)
            rate_minimal(p, grids[g], set, s);
    }
}

static void survey_layout(const uint8_t *region, struct survey *s)
{
    static uint8_t grids[MAX_GRIDS][NCELLS];
    uint8_t grid[NCELLS] = { 0 };
    struct puzzle *p = frame_of(s->variant, region);
    int ngrids = 0;

    each_grid(p, grid, 0, grids, &ngrids);
    s->layouts++;
    s->layout_hardest = -1;
    for (int g = 0; g < ngrids; g++) {
        if (memcmp(grids[g], "\1\2\3\4", N) != 0)
            continue;   /* another naming of the digits of a grid surveyed */
        s->grids++;
        survey_grid(p, grids, ngrids, g, s);
    }
    if (s->verbose) {
        printf("layout ");
        for (int cell = 0; cell < NCELLS; cell++)
            putchar('1' + region[cell]);
        printf(": %d grids, hardest %s\n", ngrids, s->layout_hardest < 0 ? "none"
               : hint_level_name((enum hint_level)s->layout_hardest));
    }
    puzzle_free(p);
}

int main(int argc, char **argv)
{
    struct survey s = { .hardest = -1 };
    uint8_t region[NCELLS] = { 0 };
    enum gen_symmetry sym = GEN_SYM_NONE;
    int cells[NCELLS], start[NCELLS + 1];

    if (argc == 3 && strcmp(argv[1], "-v") == 0) {
        s.verbose = true;
        argv++;
        argc--;
    }
    if (argc == 3 && !gen_symmetry_by_name(argv[2], &sym)) {
        fprintf(stderr, "levels_small: unknown symmetry %s\n", argv[2]);
        return 2;
    }
    if (argc < 2 || argc > 3 || (!puzzle_variant_by_name(argv[1], &s.variant) && strcmp(argv[1], "sudoku") != 0)
        || (s.variant & VARIANT_KILLER)) {
        fprintf(stderr, "usage: levels_small [-v] sudoku|x|jigsaw|jigsaw-x [SYMMETRY]\n");
        return 2;
    }
    s.norbits = gen_symmetry_groups(N, sym, cells, start);
    for (int o = 0; o < s.norbits; o++)
        for (int k = start[o]; k < start[o + 1]; k++)
            s.orbit[o] |= 1u << cells[k];
    if (s.variant & VARIANT_JIGSAW)
        each_layout(region, 0, 0, survey_layout, &s);
    else
        survey_layout(region, &s);
    printf("%s 4x4, symmetry %s: %ld layouts, %ld grids (first row 1234), %ld minimal puzzles\n",
           puzzle_variant_name(s.variant), gen_symmetry_name(sym), s.layouts, s.grids, s.minimal);
    for (int l = 0; l < LEVEL_COUNT; l++)
        printf("  %-9s %ld\n", hint_level_name((enum hint_level)l), s.per_level[l]);
    printf("hardest: %s, for instance %s\n", s.hardest >= 0 ? hint_level_name((enum hint_level)s.hardest)
           : "none", s.example);
    return 0;
}
