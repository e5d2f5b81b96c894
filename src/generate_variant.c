/* generate_variant.c: one attempt at a Sudoku variant (X, Jigsaw, Killer, combined): regions, a full grid, cages, then givens removed. */
#include "config.h"
#include "generate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "rating.h"
#include "solve.h"
#include "util.h"
#include "variant.h"
#include "variant_fast.h"

/*
 * A variant is a Sudoku with other groups (puzzle.h), so one attempt is:
 *   1. Jigsaw: random regions of N contiguous cells, by swapping border cells between
 *      neighbouring regions of a regular layout until none of it is left;
 *   2. a random full grid obeying every group (the diagonals, the regions);
 *   3. Killer: the grid cut into random contiguous cages of distinct digits, mostly of
 *      2 to 4 cells, whose sums the solution gives;
 *   4. givens removed in symmetric groups while the puzzle keeps one solution and, below
 *      Master, stays within the level: a Killer starts from its cages alone and down to
 *      no givens, as published Killers have, when its cages are enough.
 */

/* --- Jigsaw regions --- */

static const int step_dr[4] = { -1, 1, 0, 0 }, step_dc[4] = { 0, 0, -1, 1 };

/* The neighbour of cell in direction k, or -1 off the board. */
static int neighbour(int n, int cell, int k)
{
    int r = cell / n + step_dr[k], c = cell % n + step_dc[k];

    return r < 0 || r >= n || c < 0 || c >= n ? -1 : r * n + c;
}

/* Whether the cells of region reg (in map) form one piece. */
static bool region_connected(int n, const uint8_t *map, int reg, int *stack, uint8_t *seen)
{
    int first = -1, count = 0, reached = 0, top = 0;

    for (int cell = 0; cell < n * n; cell++) {
        if (map[cell] == reg) {
            count++;
            if (first < 0)
                first = cell;
        }
    }
    if (first < 0)
        return true;
    memset(seen, 0, (size_t)(n * n));
    stack[top++] = first;
    seen[first] = 1;
    while (top > 0) {
        int cell = stack[--top];

        reached++;
        for (int k = 0; k < 4; k++) {
            int next = neighbour(n, cell, k);

            if (next >= 0 && !seen[next] && map[next] == reg) {
                seen[next] = 1;
                stack[top++] = next;
            }
        }
    }
    return reached == count;
}

/* A cell of region from next to region to, chosen at random; -1 if none. */
static int random_border_cell(int n, const uint8_t *map, int from, int to, struct gen_rng *rng)
{
    int found = -1, seen = 0;

    for (int cell = 0; cell < n * n; cell++) {
        if (map[cell] != from)
            continue;
        for (int k = 0; k < 4; k++) {
            int next = neighbour(n, cell, k);

            if (next >= 0 && map[next] == to) {
                /* Reservoir sampling: each border cell equally likely. */
                if (gen_rng_below(rng, ++seen) == 0)
                    found = cell;
                break;
            }
        }
    }
    return found;
}

/* Renumbers the regions in order of their first cell, as the formats' readers number
 * them, so that a puzzle written and read back is the same. */
static void number_regions(int n, uint8_t *map)
{
    int renumber[SUDOKU_MAX_SIZE], next = 0;

    for (int reg = 0; reg < n; reg++)
        renumber[reg] = -1;
    for (int cell = 0; cell < n * n; cell++) {
        if (renumber[map[cell]] < 0)
            renumber[map[cell]] = next++;
        map[cell] = (uint8_t)renumber[map[cell]];
    }
}

/* Whether region reg of map lies within rows rows and cols columns. */
static bool region_within(int n, const uint8_t *map, int reg, int rows, int cols)
{
    int top = n, bottom = -1, left = n, right = -1;

    for (int cell = 0; cell < n * n; cell++) {
        int r = cell / n, c = cell % n;

        if (map[cell] != reg)
            continue;
        top = r < top ? r : top;
        bottom = r > bottom ? r : bottom;
        left = c < left ? c : left;
        right = c > right ? c : right;
    }
    return bottom - top < rows && right - left < cols;
}

/*
 * The largest Jigsaw whose regions may take any shape.  Past it, a region stays within
 * one row and one column more than a box (5x5 cells for a 16x16's 4x4 boxes): regions
 * strung across the grid leave a 16x16 few grids or none (kakudo solve found one for
 * none of 5 such Jigsaw X layouts in 1,000,000 nodes each), and the filler seldom found
 * one (in 20 starts of 2,048 nodes, none of 10 layouts for a Jigsaw X, 3 of 10 for a
 * Jigsaw; with compact regions 2 and 9 of 10).  9x9 and below keep their layouts, and
 * so their puzzles.
 */
#define JIGSAW_FREE_SHAPE_MAX 9

/* Fills map with n random contiguous regions of n cells: from the boxes (rows where the
 * size has no boxes), many swaps of two border cells between neighbouring regions, each
 * kept only when both regions stay in one piece (and, past JIGSAW_FREE_SHAPE_MAX, near
 * the size of a box). */
static void make_regions(int n, uint8_t *map, struct gen_rng *rng)
{
    int br, bc, *stack = xmalloc((size_t)(n * n) * sizeof *stack);
    uint8_t *seen = xmalloc((size_t)(n * n));
    long swaps = 0, tries = 0;
    bool compact = n > JIGSAW_FREE_SHAPE_MAX && sudoku_box_shape(n, &br, &bc);

    if (!sudoku_box_shape(n, &br, &bc)) {
        br = 1;
        bc = n;
    }
    for (int cell = 0; cell < n * n; cell++) {
        int r = cell / n, c = cell % n;

        map[cell] = (uint8_t)(r / br * (n / bc) + c / bc);
    }
    /* Enough swaps that nothing of the regular layout shows. */
    while (swaps < 20L * n * n && tries < 400L * n * n) {
        int a = gen_rng_below(rng, n * n), k = gen_rng_below(rng, 4), b = neighbour(n, a, k);
        int ra, rb, a2;

        tries++;
        if (b < 0 || map[a] == map[b])
            continue;
        ra = map[a];
        rb = map[b];
        /* a goes to rb, and some cell of rb next to ra goes to ra. */
        a2 = random_border_cell(n, map, rb, ra, rng);
        if (a2 < 0 || a2 == b)
            a2 = b;
        map[a] = (uint8_t)rb;
        map[a2] = (uint8_t)ra;
        if (region_connected(n, map, ra, stack, seen) && region_connected(n, map, rb, stack, seen)
            && (!compact || (region_within(n, map, ra, br + 1, bc + 1)
                             && region_within(n, map, rb, br + 1, bc + 1)))) {
            swaps++;
        } else {
            map[a] = (uint8_t)ra;
            map[a2] = (uint8_t)rb;
        }
    }
    free(seen);
    free(stack);
    number_regions(n, map);
}

/* --- A full grid over the puzzle's groups --- */

struct vfiller {
    const struct puzzle *p;
    struct gen_rng *rng;
    uint8_t *grid;
    uint32_t *used;         /* per group: the digits placed in it */
    uint32_t *cands;        /* per cell: its candidates, as vfiller_pick last saw them */
    long nodes, node_limit;
    bool gave_up;
    bool by_places;         /* branch on a unit's digit too, where it has fewer places */
};

static void vfiller_toggle(struct vfiller *f, int cell, int d)
{
    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && f->p->cell_groups[cell][k] >= 0; k++)
        f->used[f->p->cell_groups[cell][k]] ^= 1u << d;
}

static uint32_t vfiller_candidates(const struct vfiller *f, int cell)
{
    uint32_t all = ((1u << (f->p->max_digit + 1)) - 1) & ~1u, taken = 0;

    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && f->p->cell_groups[cell][k] >= 0; k++)
        taken |= f->used[f->p->cell_groups[cell][k]];
    return all & ~taken;
}

/* The empty cell with the fewest candidates (-1: full), its candidates in *cands; when
 * it has two or more, every empty cell's are left in f->cands. */
static int vfiller_pick(struct vfiller *f, uint32_t *cands)
{
    int best = -1, best_count = f->p->max_digit + 1;

    *cands = 0;
    for (int cell = 0; cell < f->p->ncells; cell++) {
        uint32_t cand;
        int count;

        if (f->grid[cell])
            continue;
        cand = f->cands[cell] = vfiller_candidates(f, cell);
        count = popcount32(cand);
        if (count < best_count) {
            best = cell;
            best_count = count;
            *cands = cand;
            if (count <= 1)
                break;
        }
    }
    return best;
}

/* The unit and digit with the fewest places left (*places of them, in *cells), over
 * the units of n cells that still lack the digit: 0 places is a dead end, 1 a hidden
 * single.  *places stays at limit when none has fewer.  Reads the candidates vfiller_pick
 * left in f->cands: worked out again for each unit and digit, they took two thirds of a
 * 16x16's fill. */
static void vfiller_fewest_places(const struct vfiller *f, int limit, int *places, int *digit,
                                  int *cells)
{
    const struct puzzle *p = f->p;

    *places = limit;
    for (int g = 0; g < p->ngroups && *places > 0; g++) {
        const struct puzzle_group *grp = &p->groups[g];
        uint32_t missing = ((1u << (p->max_digit + 1)) - 2) & ~f->used[g];

        if (grp->ncells != p->max_digit)
            continue;
        for (; missing != 0 && *places > 0; missing &= missing - 1) {
            int d = lowest_bit(missing), count = 0, at[SUDOKU_MAX_SIZE];

            for (int i = 0; i < grp->ncells && count < *places; i++) {
                int cell = grp->cells[i];

                if (f->grid[cell] == 0 && (f->cands[cell] & (1u << d)))
                    at[count++] = cell;
            }
            if (count < *places) {
                *places = count;
                *digit = d;
                memcpy(cells, at, (size_t)count * sizeof *cells);
            }
        }
    }
}

/* Places d at cell and searches on; false (cell emptied again) if that fails. */
static bool vfiller_try(struct vfiller *f, int cell, int d);

static bool vfiller_search(struct vfiller *f)
{
    int digits[SUDOKU_MAX_SIZE], n = 0, places, digit = 0, cells[SUDOKU_MAX_SIZE];
    uint32_t cands;
    int cell = vfiller_pick(f, &cands);

    if (cell < 0)
        return true;
    places = popcount32(cands);
    /* Past 9x9, a Jigsaw layout defeats naked candidates alone (a 16x16 seldom filled
     * in 20 starts): a digit with fewer places in a unit than the cell has candidates
     * is branched on instead.  9x9 keeps its search, so its puzzles stay the same. */
    if (f->by_places && places > 1)
        vfiller_fewest_places(f, places, &places, &digit, cells);
    if (places == 0 || ++f->nodes > f->node_limit) {
        f->gave_up = f->nodes > f->node_limit;
        return false;
    }
    if (places < popcount32(cands)) {
        gen_rng_shuffle(f->rng, cells, places);
        for (int i = 0; i < places && !f->gave_up; i++)
            if (vfiller_try(f, cells[i], digit))
                return true;
        return false;
    }
    for (uint32_t m = cands; m != 0; m &= m - 1)
        digits[n++] = lowest_bit(m);
    gen_rng_shuffle(f->rng, digits, n);
    for (int i = 0; i < n && !f->gave_up; i++)
        if (vfiller_try(f, cell, digits[i]))
            return true;
    return false;
}

static bool vfiller_try(struct vfiller *f, int cell, int d)
{
    f->grid[cell] = (uint8_t)d;
    vfiller_toggle(f, cell, d);
    if (vfiller_search(f))
        return true;
    vfiller_toggle(f, cell, d);
    f->grid[cell] = 0;
    return false;
}

/* Fills grid with a random solution of p's groups (no cages yet); false when several
 * fresh starts all wandered, as on a Jigsaw layout with few or no solutions. */
static bool fill_variant_grid(const struct puzzle *p, struct gen_rng *rng, uint8_t *grid,
                              uint64_t *nodes)
{
    struct vfiller f = { .p = p, .rng = rng, .grid = grid, .by_places = p->max_digit > 9 };
    bool ok = false;

    f.used = xmalloc((size_t)p->ngroups * sizeof *f.used);
    f.cands = xmalloc((size_t)p->ncells * sizeof *f.cands);
    for (int start = 0; start < 20 && !ok; start++) {
        memset(grid, 0, (size_t)p->ncells);
        memset(f.used, 0, (size_t)p->ngroups * sizeof *f.used);
        f.nodes = 0;
        f.node_limit = 8L * p->ncells;
        f.gave_up = false;
        ok = vfiller_search(&f);
        *nodes += (uint64_t)f.nodes;
    }
    free(f.cands);
    free(f.used);
    return ok;
}

/* --- Killer cages --- */

#define KILLER_SPLITS_MAX 60    /* cage splits to make the cages alone have one solution */
/* The largest grid whose cages alone the batch search settles: a 12x12 Killer's mostly
 * within its budget, a 16x16's 79 cages not one in twenty within 51,200 nodes (nor in a
 * million), so there the givens prove the solution unique. */
#define KILLER_BARE_MAX_CELLS 144

/* The size a new cage aims at: mostly 2 to 4 cells, some of 5 or 6, few lone cells, as
 * in published Killers (1: 2%, 2: 38%, 3: 32%, 4: 18%, 5: 7%, 6: 3%). */
static int cage_target_size(struct gen_rng *rng, int n)
{
    static const int weights[] = { 0, 2, 38, 32, 18, 7, 3 };
    int roll = gen_rng_below(rng, 100), size = 1, acc = 0;

    for (; size < 6; size++) {
        acc += weights[size];
        if (roll < acc)
            break;
    }
    return size > n ? n : size;
}

/* A random free neighbour of the cells[0..len-1] whose digit is not in digits, or -1. */
static int cage_free_neighbour(int n, const int16_t *cage, const uint8_t *solution,
                               const int *cells, int len, uint32_t digits, struct gen_rng *rng)
{
    int found = -1, seen = 0;

    for (int i = 0; i < len; i++) {
        for (int k = 0; k < 4; k++) {
            int next = neighbour(n, cells[i], k);

            if (next >= 0 && cage[next] < 0 && !(digits & (1u << solution[next]))
                && gen_rng_below(rng, ++seen) == 0)
                found = next;
        }
    }
    return found;
}

static int cage_size(const int16_t *cage, int ncells, int id, uint32_t *digits,
                     const uint8_t *solution)
{
    int size = 0;

    *digits = 0;
    for (int cell = 0; cell < ncells; cell++) {
        if (cage[cell] == id) {
            size++;
            *digits |= 1u << solution[cell];
        }
    }
    return size;
}

/* Joins the lone cell to its smallest neighbouring cage that lacks its digit, if any:
 * a lone cell is a given in disguise. */
static void cage_join_lone(int n, int16_t *cage, const uint8_t *solution, int cell)
{
    int best = -1, best_size = n < 6 ? n : 6;
    uint32_t digits;

    for (int k = 0; k < 4; k++) {
        int next = neighbour(n, cell, k), size;

        if (next < 0 || cage[next] == cage[cell])
            continue;
        size = cage_size(cage, n * n, cage[next], &digits, solution);
        if (size < best_size && !(digits & (1u << solution[cell]))) {
            best = cage[next];
            best_size = size;
        }
    }
    if (best >= 0)
        cage[cell] = (int16_t)best;
}

/* The most cages a Killer may have: as many as the variant format has cage symbols
 * (format_variant.c's cage_symbols); a 16x16 of random cages has some 84. */
#define KILLER_CAGES_MAX 79

/* The number of distinct cage numbers of the map. */
static int cage_count(const int16_t *cage, int ncells)
{
    int count = 0;

    for (int cell = 0; cell < ncells; cell++) {
        bool first = true;

        for (int before = 0; before < cell && first; before++)
            first = cage[before] != cage[cell];
        count += first;
    }
    return count;
}

/* Joins neighbouring cages of distinct digits, smallest pairs first, until there are
 * at most KILLER_CAGES_MAX (a map within it is left as it is). */
static void cages_fit_symbols(int n, int16_t *cage, const uint8_t *solution)
{
    int ncells = n * n, count = cage_count(cage, ncells);

    for (int limit = 2; count > KILLER_CAGES_MAX && limit <= n; limit++) {
        for (int cell = 0; cell < ncells && count > KILLER_CAGES_MAX; cell++) {
            for (int k = 1; k < 4 && count > KILLER_CAGES_MAX; k += 2) {
                int next = neighbour(n, cell, k);
                uint32_t da, db;
                int16_t from;

                if (next < 0 || cage[next] == cage[cell]
                    || cage_size(cage, ncells, cage[cell], &da, solution)
                       + cage_size(cage, ncells, cage[next], &db, solution) > limit
                    || (da & db) != 0)
                    continue;
                from = cage[next];
                for (int c = 0; c < ncells; c++)
                    if (cage[c] == from)
                        cage[c] = cage[cell];
                count--;
            }
        }
    }
}

/* Cuts the solution into contiguous cages of distinct digits: cage (n*n entries) gets
 * each cell's cage number (not necessarily consecutive). */
static void make_cages(int n, const uint8_t *solution, int16_t *cage, struct gen_rng *rng)
{
    int ncells = n * n, ncages = 0;
    int *order = xmalloc((size_t)ncells * sizeof *order), *cells = xmalloc((size_t)n * sizeof *cells);
    uint32_t digits;

    for (int i = 0; i < ncells; i++) {
        order[i] = i;
        cage[i] = -1;
    }
    gen_rng_shuffle(rng, order, ncells);
    for (int i = 0; i < ncells; i++) {
        int len = 1, target, next;

        if (cage[order[i]] >= 0)
            continue;
        target = cage_target_size(rng, n);
        cells[0] = order[i];
        cage[order[i]] = (int16_t)ncages;
        digits = 1u << solution[order[i]];
        while (len < target
               && (next = cage_free_neighbour(n, cage, solution, cells, len, digits, rng)) >= 0) {
            cage[next] = (int16_t)ncages;
            cells[len++] = next;
            digits |= 1u << solution[next];
        }
        ncages++;
    }
    for (int cell = 0; cell < ncells; cell++)
        if (cage_size(cage, ncells, cage[cell], &digits, solution) == 1)
            cage_join_lone(n, cage, solution, cell);
    cages_fit_symbols(n, cage, solution);
    free(cells);
    free(order);
}

/* One random split of the cage of members (len cells, holding cell) in two contiguous
 * parts, grown at random from cell and from another of its cells; new_id numbers the
 * second part. */
static void split_cage_once(int n, int16_t *cage, const int *members, int len, int cell,
                            int16_t new_id, struct gen_rng *rng)
{
    int16_t old = cage[cell];
    int queue[SUDOKU_MAX_SIZE], head = 0, tail = 0, other;

    do
        other = members[gen_rng_below(rng, len)];
    while (other == cell);
    /* Unclaimed members are marked -2 while the two parts grow from their seeds. */
    for (int i = 0; i < len; i++)
        cage[members[i]] = -2;
    cage[cell] = old;
    cage[other] = new_id;
    queue[tail++] = cell;
    queue[tail++] = other;
    while (head < tail) {
        /* A random queued cell grows next, so the parts take random shapes. */
        int pick = head + gen_rng_below(rng, tail - head), c = queue[pick];

        queue[pick] = queue[head];
        queue[head++] = c;
        for (int k = 0; k < 4; k++) {
            int next = neighbour(n, c, k);

            if (next >= 0 && cage[next] == -2) {
                cage[next] = cage[c];
                queue[tail++] = next;
            }
        }
    }
}

#define SPLIT_TRIES 8     /* splits of a cage of 4+ cells tried for one without lone cells */

/* Splits the cage holding cell in two.  A cage of four cells or more is split, where a
 * few tries find it, into parts of two cells or more: lone cells are rare in published
 * Killers. */
static void split_cage(int n, int16_t *cage, int cell, int16_t new_id, struct gen_rng *rng)
{
    int members[SUDOKU_MAX_SIZE], len = 0;
    int16_t old = cage[cell];

    for (int c = 0; c < n * n; c++)
        if (cage[c] == old)
            members[len++] = c;
    for (int try = 0; len >= 2; try++) {
        int part = 0;

        split_cage_once(n, cage, members, len, cell, new_id, rng);
        for (int i = 0; i < len; i++)
            part += cage[members[i]] == new_id;
        if (len < 4 || (part >= 2 && len - part >= 2) || try == SPLIT_TRIES)
            break;
        for (int i = 0; i < len; i++)
            cage[members[i]] = old;
    }
}

/* Splits the largest cage holding one of the cells (the first such in their order), so
 * that splits seldom leave lone cells. */
static void split_largest_cage(int n, int16_t *cage, const int *cells, int ncells, int16_t new_id,
                               struct gen_rng *rng)
{
    int best = -1, best_size = 1;
    uint32_t digits;
    static const uint8_t no_solution[SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE];

    for (int i = 0; i < ncells; i++) {
        int size = cage_size(cage, n * n, cage[cells[i]], &digits, no_solution);

        if (size > best_size) {
            best = cells[i];
            best_size = size;
        }
    }
    if (best >= 0)
        split_cage(n, cage, best, new_id, rng);
}

/* The Killer of the frame's variant with the cage map and the sums the solution gives,
 * every cell given; NULL if it does not check (a generator bug). */
static struct puzzle *killer_build(const struct puzzle *frame, unsigned variant,
                                   const int16_t *cage, const uint8_t *solution)
{
    struct puzzle_error err;
    struct puzzle *p = sudoku_new_unfinished(frame->max_digit);
    /* Cage numbers run up to a cell's number and one more per split. */
    int nids = 2 * p->ncells + KILLER_SPLITS_MAX, *renumber = xmalloc((size_t)nids * sizeof *renumber);

    p->box_rows = frame->box_rows;
    p->box_cols = frame->box_cols;
    puzzle_set_variant(p, variant);
    if (variant & VARIANT_JIGSAW)
        memcpy(p->region, frame->region, (size_t)p->ncells);
    if (variant & VARIANT_KILLER) {
        /* Cages numbered in order of their first cell, as readers number them. */
        for (int i = 0; i < nids; i++)
            renumber[i] = -1;
        for (int cell = 0; cell < p->ncells; cell++) {
            if (renumber[cage[cell]] < 0)
                renumber[cage[cell]] = puzzle_add_cage(p, 0);
            p->cage[cell] = (int16_t)renumber[cage[cell]];
            p->cage_sum[p->cage[cell]] += solution[cell];
        }
    }
    free(renumber);
    memcpy(p->given, solution, (size_t)p->ncells);
    if (!puzzle_finish(p, &err)) {
        puzzle_free(p);
        return NULL;
    }
    return p;
}

/* Keeps the first two solutions a search meets. */
struct two_solutions {
    uint8_t *grid[2];
    int found;
    int ncells;
};

static int keep_solution(const struct solve_step *step, void *user)
{
    struct two_solutions *two = user;

    if (step->kind == STEP_SOLVED && two->found < 2)
        memcpy(two->grid[two->found++], step->grid, (size_t)two->ncells);
    return 0;
}

/* The number of p's solutions from grid (0, 1 or 2) within a budget of nodes, *gave_up
 * when it ran out, the nodes visited added to *nodes; with two, other gets one differing
 * from solution (NULL if none known).  The batch search where the grid fits it (a cut
 * cage is settled in a few microseconds), else the observed one keeping the first two
 * solutions.  *beyond when cages alone are past the search's depth (a grid over
 * KILLER_BARE_MAX_CELLS, or the observed search): it then seldom finds even one
 * solution, so it has ten times less budget, as the proofs with givens. */
static long second_solution(const struct puzzle *p, const uint8_t *grid, const uint8_t *solution,
                            uint8_t *grids, const uint8_t **other, bool *gave_up, bool *beyond,
                            uint64_t *nodes)
{
    size_t n = (size_t)p->ncells;
    struct solve_request req = { .limit = 2 };
    struct solve_result res = { .solution = grids };
    struct two_solutions two = { .grid = { grids, grids + n }, .ncells = p->ncells };
    struct solve_observer obs = { .step = keep_solution, .user = &two };

    *other = NULL;
    *beyond = p->ncells > KILLER_BARE_MAX_CELLS;
    req.budget = solve_budget_nodes((*beyond ? 20u : 200u) * (uint64_t)n);
    if (variant_fast_solve_other(p, grid, solution, &req, &res)) {
        if (res.count == 2)
            *other = grids;
    } else {
        *beyond = true;
        req.budget = solve_budget_nodes(20u * (uint64_t)n);
        req.observer = &obs;
        res.solution = NULL;
        puzzle_solve(p, grid, &req, &res);
        if (two.found == 2)
            *other = memcmp(two.grid[0], solution, n) == 0 ? two.grid[1] : two.grid[0];
    }
    *gave_up = res.gave_up;
    *nodes += res.stats.nodes;
    return res.count;
}

/* What settling a Killer's cages came to. */
enum killer_settled {
    KILLER_AMBIGUOUS,       /* still several solutions after the splits: cut others */
    KILLER_CAGES_UNIQUE,    /* the cages alone have one solution */
    KILLER_CAGES_UNKNOWN,   /* the search ran out before finding any solution (a 16x16
                             * Killer of cages alone is past its depth): the givens must
                             * prove the solution unique */
};

/* Makes the cages alone (no givens) have one solution, splitting a cage where a second
 * solution differs from the first, as setters do. */
static enum killer_settled killer_settle_cages(struct gen_context *ctx, const struct puzzle *frame,
                                               int16_t *cage, const uint8_t *solution)
{
    int ncells = frame->ncells, next_id = ncells;
    uint8_t *grids = xmalloc(2 * (size_t)ncells), *empty = xcalloc((size_t)ncells, 1);
    enum killer_settled settled = KILLER_AMBIGUOUS;
    bool unique = false;

    for (int round = 0; round < KILLER_SPLITS_MAX && !unique && gen_tick(ctx); round++) {
        struct puzzle *p = killer_build(frame, ctx->req->variant, cage, solution);
        int differ[SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE], ndiffer = 0;
        const uint8_t *other;
        bool gave_up, beyond;
        long count;

        if (p == NULL)
            break;
        count = second_solution(p, empty, solution, grids, &other, &gave_up, &beyond,
                                &ctx->cage_nodes);
        puzzle_free(p);
        unique = count == 1 && !gave_up;
        /* Lost in cages alone past its depth (within it, only in cages too costly to
         * keep). */
        if (count == 0 && gave_up && beyond)
            settled = KILLER_CAGES_UNKNOWN;
        if (unique || count == 0)
            break;
        /* Out of budget (no other solution known): split a random cage, which narrows
         * the search too. */
        for (int cell = 0; cell < ncells; cell++)
            if (other == NULL || other[cell] != solution[cell])
                differ[ndiffer++] = cell;
        gen_rng_shuffle(&ctx->rng, differ, ndiffer);
        split_largest_cage(frame->max_digit, cage, differ, ndiffer, (int16_t)next_id++, &ctx->rng);
    }
    free(empty);
    free(grids);
    return unique ? KILLER_CAGES_UNIQUE : settled;
}

/* --- Rating up to the level --- */

/* Stops a grading walk at its first step above the level it is handed, or at its first
 * step when the puzzle has not one solution (as far as the walk's count went).  A step
 * counts at the level the walk counts it at (a direct one at its number's band). */
static bool walk_within_level(const struct hint *h, int rating, const struct hint_position *pos,
                              void *user)
{
    return pos->unique && (int)rating_step_level(h, rating) <= *(const int *)user;
}

/* Rates p as gen_grade does, but stops at the first step above level: the walk is the
 * same step for step, so g->level > level exactly when the whole walk's would be, and a
 * puzzle at most at the level gets its whole rating.  A rejected puzzle costs its walk up
 * to that step, not the harder steps after it (chains and forcing, the most costly
 * searches, come again at every step of a puzzle past the level).  The walk first counts
 * the solutions (g->unique), in at most nodes nodes when nodes is not 0. */
static bool grade_upto(const struct gen_context *ctx, const struct puzzle *p, int level,
                       uint64_t nodes, struct grade *g)
{
    struct solve_budget budget = gen_search_budget(ctx);

    budget.nodes = nodes;
    return grade_puzzle_walk_quiet(p, g, 0, &budget, walk_within_level, &level) != 0;
}

/* --- Givens --- */

#define VARIANT_GUESS_LIMIT_PER_CELL 20
#define KILLER_RETRY_PROOF 2

/* The search nodes in which p's givens must prove it has one solution; KILLER_RETRY_PROOF
 * times as many for a removal tried again (retried: see remove_givens). */
static uint64_t variant_proof_nodes(const struct puzzle *p, bool retried)
{
    return (uint64_t)VARIANT_GUESS_LIMIT_PER_CELL * (retried ? KILLER_RETRY_PROOF : 1)
           * (uint64_t)p->ncells + 1;
}

/* Whether p's givens have exactly one solution, proven within nodes search nodes. */
static bool variant_has_one_solution(const struct puzzle *p, uint64_t nodes)
{
    struct solve_request req = { .limit = 2 };
    struct solve_result res = { .solution = NULL };

    req.budget = solve_budget_nodes(nodes);
    puzzle_solve(p, p->given, &req, &res);
    return res.count == 1 && !res.gave_up;
}

/* Whether p (all but cages_unique proven unique by its givens, within proof search
 * nodes) has one solution and, when rate_each, rates at most at the level, into *g: the
 * rating's count of the solutions, within the same nodes, is the proof (it was the same
 * search made twice). */
static bool within_level_unique(struct gen_context *ctx, const struct puzzle *p, bool cages_unique,
                                uint64_t proof, bool rate_each, struct grade *g)
{
    if (!rate_each) {
        g->unique = cages_unique || variant_has_one_solution(p, proof);
        return g->unique;
    }
    return grade_upto(ctx, p, ctx->req->level, cages_unique ? 0 : proof, g)
           && g->unique && !g->gave_up && (int)g->level <= ctx->req->level;
}

/* The empty puzzle of the request's variant and size, with its regions (Jigsaw) drawn at
 * random and its groups built, but no cages yet; NULL if the size has none. */
static struct puzzle *variant_frame(struct gen_context *ctx, unsigned variant)
{
    struct puzzle_error err;
    struct puzzle *p = sudoku_new_unfinished(ctx->req->size);

    if (p == NULL)
        return NULL;
    puzzle_set_variant(p, variant & (unsigned)~VARIANT_KILLER);
    if (variant & VARIANT_JIGSAW)
        make_regions(p->max_digit, p->region, &ctx->rng);
    if (!puzzle_finish(p, &err)) {
        puzzle_free(p);
        return NULL;
    }
    return p;
}

/* The puzzle with every cell given; a Killer's cages cut from the solution and split
 * until they alone have one solution (else, rarely, NULL: another attempt), *cages_unique
 * when they do (false: its givens must prove it). */
static struct puzzle *variant_full(struct gen_context *ctx, const struct puzzle *frame,
                                   const uint8_t *solution, int16_t *cage, bool *cages_unique)
{
    *cages_unique = false;
    for (int i = 0; i < frame->ncells; i++)
        cage[i] = 0;
    if (ctx->req->variant & VARIANT_KILLER) {
        enum killer_settled settled;

        make_cages(frame->max_digit, solution, cage, &ctx->rng);
        settled = killer_settle_cages(ctx, frame, cage, solution);
        /* Split into more cages than the format has symbols: cut others. */
        if (settled == KILLER_AMBIGUOUS || cage_count(cage, frame->ncells) > KILLER_CAGES_MAX)
            return NULL;
        *cages_unique = settled == KILLER_CAGES_UNIQUE;
    }
    return killer_build(frame, ctx->req->variant, cage, solution);
}

/* Whether a request at Master, whose removals are not rated, rates below Master with p's
 * givens (into g), so that it must go on past the range as the levels below do: a 9x9
 * Jigsaw X at Master's 20-26 givens is mostly Beginner or Easy (none of 40 attempts of
 * seed 1 was Master: no Master in 40 s) and is Master at 14-15.  Only when may. */
static bool master_below(struct gen_context *ctx, const struct puzzle *p, bool may, struct grade *g)
{
    return may && ctx->req->level == LEVEL_MASTER && gen_grade(ctx, p, g, false) && !g->gave_up
           && (int)g->level < LEVEL_MASTER;
}

/* The groups given back, one at a time, for a removal that passed the level (in a Killer
 * its givens prove): each costs a rating. */
#define KILLER_GIVE_BACK_TRIES 6

/*
 * p, whose removal of group removed passed the level asked for, gets back one of the
 * other groups removed (of the ngroups, in a random order, at most
 * KILLER_GIVE_BACK_TRIES): true, with its rating in *g and that group's size in *size,
 * when one makes it rate at the level exactly (its one solution needs no new proof:
 * givens added keep it); false, p as it was, when none does.  A 16x16 Killer's rating
 * leaps: its attempts at Expert mostly stay at Medium with some 20 givens, and a removal
 * there may rate Master (seed 3's second attempt: Medium at 22 givens, Master at 20); a
 * group given back for the one removed keeps as many givens and may land between.
 */
static bool give_back_to_level(struct gen_context *ctx, struct puzzle *p, const uint8_t *solution,
                               const int *cells, const int *start, int ngroups, int removed,
                               struct grade *g, int *size)
{
    int *back = xmalloc((size_t)ngroups * sizeof *back), nback = 0;
    bool found = false;

    for (int grp = 0; grp < ngroups; grp++)
        if (grp != removed && !gen_group_given(p, cells, start, grp))
            back[nback++] = grp;
    gen_rng_shuffle(&ctx->rng, back, nback);
    for (int t = 0; t < nback && t < KILLER_GIVE_BACK_TRIES && !found && gen_tick(ctx); t++) {
        struct grade trial;

        gen_group_set(p, cells, start, back[t], solution);
        if (grade_upto(ctx, p, ctx->req->level, variant_proof_nodes(p, false), &trial)
            && trial.unique && !trial.gave_up && (int)trial.level == ctx->req->level) {
            *g = trial;
            *size = start[back[t] + 1] - start[back[t]];
            found = true;
        } else {
            gen_group_set(p, cells, start, back[t], NULL);
        }
    }
    free(back);
    return found;
}

/* Removes givens from p (all given) down to the request's range, in symmetric groups,
 * each removal kept when one solution remains and, below Master, the level is not
 * passed.  A variant's diagonals and regions make it easier than a plain Sudoku with as
 * many givens (a Jigsaw X at Hard's 25-29 givens is seldom past Medium), so a puzzle
 * still below the level at the range's least (at Master: rated there once) goes on
 * losing givens, each removal rated, until it reaches the level, unless --givens holds
 * them.  A removal is proven to keep one solution unless
 * cages_unique (a Killer whose cages alone have one).  A Killer its givens prove (a
 * 16x16, whose cages alone are past the search) still below the level once every group
 * was tried tries once more the groups refused for want of a proof (not for the level),
 * each proof with KILLER_RETRY_PROOF times the nodes: with few givens left most
 * proofs ran out and the removals were refused for good, so that a 16x16 Killer Jigsaw
 * stayed at Medium with 14 givens (seeds 1 and 2 found no Hard in 30 s).  Only a Killer
 * one level below: a retry took as long again as the attempt (about 0.8 s of CPU) and
 * seldom gained a level, let alone two, so that a 16x16 Killer at Expert, whose attempts
 * mostly end at Medium, made half as many attempts and seed 1 no longer reached Expert in
 * 30 s (its 21st attempt is Expert, at 21.5 s without retries).  Such a Killer's removal
 * that passes the level gives back another group instead where that lands at the level
 * (give_back_to_level).  Rates the result into g.  false when cancelled. */
static bool remove_givens(struct gen_context *ctx, struct puzzle *p, bool cages_unique,
                          struct grade *g)
{
    const struct gen_request *req = ctx->req;
    int n = p->max_digit, *cells, *start, *order, ngroups, min, max, target, givens = p->ncells;
    bool rate_each = req->level != GEN_ANY_LEVEL && req->level < LEVEL_MASTER;
    bool rated = false, strict, ok = true;
    /* Still below the level past the range: the groups whose proof ran out again, with
     * longer proofs. */
    bool retry = !cages_unique && (p->variant & VARIANT_KILLER) && p->ncells > KILLER_BARE_MAX_CELLS;
    uint8_t *unproven, *solution = xmalloc((size_t)p->ncells);

    memcpy(solution, p->given, (size_t)p->ncells);
    cells = xmalloc((size_t)p->ncells * sizeof *cells);
    start = xmalloc(((size_t)p->ncells + 1) * sizeof *start);
    ngroups = gen_symmetry_groups(n, req->symmetry, cells, start);
    order = xmalloc((size_t)ngroups * sizeof *order);
    unproven = xcalloc((size_t)ngroups, 1);
    for (int i = 0; i < ngroups; i++)
        order[i] = i;
    gen_rng_shuffle(&ctx->rng, order, ngroups);
    gen_givens(req, &min, &max, &strict);
    target = min + gen_rng_below(&ctx->rng, max - min + 1);

    for (int i = 0, pass = 0; pass < 3; pass++) {
        if (pass == 1) {
            if (master_below(ctx, p, i < ngroups && ok && !strict && !rate_each, g)) {
                rate_each = rated = true;   /* on past the range, rated, to Master */
            } else if (!ok || !rate_each || strict || !rated || (int)g->level >= req->level) {
                break;
            }
            min = target = 0;   /* below the level: on past the range */
        } else if (pass == 2) {
            if (!retry || !ok || (int)g->level != req->level - 1)
                break;
            i = 0;              /* one level below: the groups refused unproven again */
        }
        for (; i < ngroups && givens > target; i++) {
            int grp = order[i], size = start[grp + 1] - start[grp], back_size = 0;
            struct grade trial;

            if (givens - size < min || (pass == 2 && !unproven[grp]))
                continue;
            if (!gen_tick(ctx)) {
                ok = !ctx->cancelled;
                break;
            }
            gen_group_set(p, cells, start, grp, NULL);
            if (within_level_unique(ctx, p, cages_unique, variant_proof_nodes(p, pass == 2),
                                    rate_each, &trial)
                || (retry && rate_each && trial.unique && !trial.gave_up
                    && (int)trial.level > req->level
                    && give_back_to_level(ctx, p, solution, cells, start, ngroups, grp, &trial,
                                          &back_size))) {
                if (rate_each) {
                    *g = trial;
                    rated = true;
                }
                givens += back_size - size;
                if (pass >= 1 && (int)g->level == req->level) {
                    i++;
                    break;      /* the level reached: no further */
                }
                continue;
            }
            gen_group_set(p, cells, start, grp, solution);
            /* Refused for want of a proof (a rating also for running out), not the level. */
            unproven[grp] = pass < 2 && (!trial.unique || (rate_each && trial.gave_up));
        }
    }
    if (ok && !rated)
        gen_grade(ctx, p, g, true);
    free(solution);
    free(unproven);
    free(order);
    free(start);
    free(cells);
    return ok;
}

/* --- Killers of cages alone --- */

/*
 * A Killer asked at a level and without --givens MIN-MAX is published with no givens
 * when its cages allow.  Its cages alone have one solution already, so it is rated once
 * with none: below the level (most random cages make an Easy or Medium Killer), it is
 * made harder the way setters do, by joining neighbouring cages while the cages still
 * have one solution and the level is not passed; above the level, givens are kept
 * (remove_givens).  One rating of the bare puzzle, then one per join tried, instead of
 * one per given removed: and a join turns a Medium into a Hard where before the attempt
 * was thrown away.
 */

#define KILLER_JOIN_MAX_CELLS 5     /* a joined cage at most this big: mostly 2-4 stay */
#define KILLER_JOIN_RATINGS 24      /* joins rated in one attempt at most */
/* The search nodes a joined Killer's proof of uniqueness may take (kakudo solve's search,
 * a few microseconds a node on big cages): the 1 ms a 9x9 Killer may take to solve. */
#define KILLER_JOIN_NODES 256

/* Whether the request asks for a Killer at a level with no givens where its cages allow:
 * no --givens range, or --givens 0. */
static bool killer_aims_bare(const struct gen_request *req)
{
    int min, max;
    bool strict;

    if (!(req->variant & VARIANT_KILLER) || req->level == GEN_ANY_LEVEL)
        return false;
    gen_givens(req, &min, &max, &strict);
    return max == 0;
}

/* The Killer of the cage map with no givens, rated into g; NULL if it does not build or
 * its rating gave up (out of time). */
static struct puzzle *killer_rated_bare(struct gen_context *ctx, const struct puzzle *frame,
                                        const int16_t *cage, const uint8_t *solution,
                                        struct grade *g)
{
    struct puzzle *p = killer_build(frame, ctx->req->variant, cage, solution);

    if (p == NULL)
        return NULL;
    memset(p->given, 0, (size_t)p->ncells);
    if (!grade_upto(ctx, p, ctx->req->level, 0, g) || g->gave_up) {
        puzzle_free(p);
        return NULL;
    }
    return p;
}

/* Whether the cages of the map alone have one solution, proven by the search kakudo
 * solve runs (counting to two) within KILLER_JOIN_NODES nodes: a join whose proof costs
 * more is refused, so that joins make the logic harder, not the search. */
static bool killer_cages_unique(const struct puzzle *frame, unsigned variant,
                                const int16_t *cage, const uint8_t *solution)
{
    struct puzzle *p = killer_build(frame, variant, cage, solution);
    struct solve_request req = { .limit = 2, .budget = solve_budget_nodes(KILLER_JOIN_NODES) };
    struct solve_result res = { .solution = NULL };
    bool unique = false;

    if (p != NULL) {
        memset(p->given, 0, (size_t)p->ncells);
        puzzle_solve(p, p->given, &req, &res);
        unique = res.count == 1 && !res.gave_up;
    }
    puzzle_free(p);
    return unique;
}

/* Whether cages a and b of the map may be joined: different cages whose digits differ,
 * together small enough. */
static bool killer_can_join(const int16_t *cage, int ncells, int a, int b, const uint8_t *solution)
{
    uint32_t da, db;

    if (cage[a] == cage[b])
        return false;
    return cage_size(cage, ncells, cage[a], &da, solution)
           + cage_size(cage, ncells, cage[b], &db, solution) <= KILLER_JOIN_MAX_CELLS
           && (da & db) == 0;
}

/* Joins cages at random neighbouring pairs of cells, each pair tried once, keeping a
 * join while the cages alone have one solution and the rating stays at most the level,
 * until the level is reached; *p and *g follow the joins kept. */
static void killer_harden(struct gen_context *ctx, const struct puzzle *frame, int16_t *cage,
                          const uint8_t *solution, struct puzzle **p, struct grade *g)
{
    int n = frame->max_digit, ncells = frame->ncells, npairs = 0, ratings = 0;
    int *pairs = xmalloc(2 * (size_t)ncells * sizeof *pairs);
    int16_t *was = xmalloc((size_t)ncells * sizeof *was);

    /* Each cell with its right and lower neighbour: every neighbouring pair once. */
    for (int cell = 0; cell < ncells; cell++)
        for (int k = 1; k < 4; k += 2)
            if (neighbour(n, cell, k) >= 0)
                pairs[npairs++] = 4 * cell + k;
    gen_rng_shuffle(&ctx->rng, pairs, npairs);
    for (int i = 0; i < npairs && (int)g->level < ctx->req->level
                    && ratings < KILLER_JOIN_RATINGS && gen_tick(ctx); i++) {
        int a = pairs[i] / 4, b = neighbour(n, a, pairs[i] % 4);
        int16_t from = cage[b];
        struct puzzle *q;
        struct grade trial;

        if (!killer_can_join(cage, ncells, a, b, solution))
            continue;
        memcpy(was, cage, (size_t)ncells * sizeof *cage);
        for (int cell = 0; cell < ncells; cell++)
            if (cage[cell] == from)
                cage[cell] = cage[a];
        if (killer_cages_unique(frame, ctx->req->variant, cage, solution)) {
            ratings++;
            q = killer_rated_bare(ctx, frame, cage, solution, &trial);
            if (q != NULL && (int)trial.level <= ctx->req->level) {
                puzzle_free(*p);
                *p = q;
                *g = trial;
                continue;
            }
            puzzle_free(q);
        }
        memcpy(cage, was, (size_t)ncells * sizeof *cage);
    }
    free(was);
    free(pairs);
}

/* A Killer with no givens at most at the level, made harder by joins toward it: true
 * with *p replaced by it and g its rating; false (*p kept, all given) when the bare cages
 * are above the level, so that givens must stay; *p NULL when out of time. */
static bool killer_bare(struct gen_context *ctx, const struct puzzle *frame, int16_t *cage,
                        const uint8_t *solution, struct puzzle **p, struct grade *g)
{
    struct puzzle *bare = killer_rated_bare(ctx, frame, cage, solution, g);

    if (bare == NULL || (int)g->level > ctx->req->level) {
        puzzle_free(bare);
        if (!gen_tick(ctx)) {
            puzzle_free(*p);
            *p = NULL;
        }
        return false;
    }
    killer_harden(ctx, frame, cage, solution, &bare, g);
    puzzle_free(*p);
    *p = bare;
    return true;
}

struct puzzle *gen_variant_attempt(struct gen_context *ctx, struct grade *g)
{
    struct puzzle *frame = NULL, *p = NULL;
    size_t ncells = (size_t)ctx->req->size * (size_t)ctx->req->size;
    uint8_t *solution = xmalloc(ncells);
    int16_t *cage = xmalloc(ncells * sizeof *cage);
    bool bare = false, cages_unique = false;

    /* A Jigsaw layout may have no solution, or none the filler finds soon: draw another.
     * So may a Killer's cages stay ambiguous after many splits: cut others. */
    while (p == NULL) {
        if (!gen_tick(ctx))
            goto out;
        puzzle_free(frame);
        frame = variant_frame(ctx, ctx->req->variant);
        if (frame == NULL) {
            ctx->impossible = true;
            goto out;
        }
        if (fill_variant_grid(frame, &ctx->rng, solution, &ctx->fill_nodes))
            p = variant_full(ctx, frame, solution, cage, &cages_unique);
    }
    /* A Killer its givens prove keeps them: others would too. */
    ctx->fewest_givens = (ctx->req->variant & VARIANT_KILLER) && !cages_unique;
    if (cages_unique && killer_aims_bare(ctx->req)) {
        bare = killer_bare(ctx, frame, cage, solution, &p, g);
        if (p == NULL)
            goto out;
    }
    if (!bare && !remove_givens(ctx, p, cages_unique, g)) {
        puzzle_free(p);
        p = NULL;
    }
out:
    puzzle_free(frame);
    free(cage);
    free(solution);
    return p;
}

/* The smallest side whose Killers take the longer budget: a 12x12's attempts take a
 * tenth of a second. */
#define BIG_CAGES_SIZE 16

int gen_default_budget_s(const struct gen_request *req)
{
    return req->kind == PUZZLE_SUDOKU && (req->variant & VARIANT_KILLER) && req->size >= BIG_CAGES_SIZE
           ? GEN_BIG_CAGES_BUDGET_S : GEN_BUDGET_S;
}

bool gen_variant_check(const struct gen_request *req, char *why, size_t size)
{
    const char *name = puzzle_variant_name(req->variant);
    int br, bc;

    if ((req->variant & ~(unsigned)(VARIANT_X | VARIANT_JIGSAW | VARIANT_KILLER)) != 0) {
        snprintf(why, size, _("unknown variant: expected killer, x, jigsaw or a combination"));
        return false;
    }
    if (req->size < SUDOKU_MIN_SIZE || req->size > 16) {
        snprintf(why, size, _("no %1$s of size %2$d: sizes are 4 to 16"), name, req->size);
        return false;
    }
    if (!(req->variant & VARIANT_JIGSAW) && !sudoku_box_shape(req->size, &br, &bc)) {
        snprintf(why, size, _("no %1$s of size %2$d: sizes are 4 to 16 that make boxes, such as "
                              "4, 6, 8, 9, 12 or 16 (a Jigsaw takes any)"), name, req->size);
        return false;
    }
    return gen_check_symmetry(req, why, size) && gen_check_givens(req, name, why, size)
           && gen_check_level(req, why, size);
}
