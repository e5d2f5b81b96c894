/* puzzle.c: building and checking the shared puzzle model, and the rules asked of a grid. */
#include "config.h"
#include "puzzle.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "util.h"
#include "variant.h"

/* A puzzle whose four byte arrays are still to be filled in. */
static struct puzzle *puzzle_alloc_unfilled(const struct puzzle_ops *ops, int width, int height,
                                            int max_digit)
{
    size_t n = (size_t)width * (size_t)height;
    /* One block: the struct, then the four byte arrays (a reader of a million puzzles
     * makes a puzzle for each), given, block, down and across in that order, which
     * puzzle_new_like copies at once, and a Sudoku's room for a Jigsaw's region map
     * (puzzle_region_room).  puzzle_free frees it whole. */
    size_t head = (sizeof (struct puzzle) + 15) & ~(size_t)15;
    char *block = xmalloc(head + (ops->kind == PUZZLE_SUDOKU ? 5 : 4) * n);
    struct puzzle *p = (struct puzzle *)(void *)block;

    *p = (struct puzzle){ .ops = ops, .width = width, .height = height, .ncells = (int)n,
                          .max_digit = max_digit };
    p->given = (uint8_t *)block + head;
    p->block = p->given + n;
    p->down = p->block + n;
    p->across = p->down + n;
    return p;
}

struct puzzle *puzzle_alloc(const struct puzzle_ops *ops, int width, int height, int max_digit)
{
    struct puzzle *p = puzzle_alloc_unfilled(ops, width, height, max_digit);

    memset(p->given, 0, 4 * (size_t)p->ncells);
    return p;
}

uint8_t *puzzle_region_room(struct puzzle *p)
{
    return p->ops->kind == PUZZLE_SUDOKU ? p->across + p->ncells : NULL;
}

/* The groups of puzzles of one layout: one allocation per layout, not per puzzle, freed
 * with the last puzzle that holds it.  Puzzles of one file are freed on whichever
 * thread printed them, so the count is atomic. */
struct puzzle_group_store {
    atomic_int refs;
    bool inside;                    /* groups and cells are in this block, not apart */
    struct puzzle_group *groups;
    int *cells;                     /* behind groups[].cells */
    int16_t cell_groups[][PUZZLE_MAX_CELL_GROUPS];      /* per cell */
};

/* Where in a store's block of ncells cells its groups start, and its cells after
 * ngroups of them, each aligned for its type. */
static size_t store_groups_at(size_t ncells)
{
    size_t at = sizeof(struct puzzle_group_store) + ncells * PUZZLE_MAX_CELL_GROUPS * sizeof(int16_t);
    size_t align = _Alignof(struct puzzle_group);

    return (at + align - 1) / align * align;
}

static size_t store_cells_at(size_t ncells, size_t ngroups)
{
    size_t at = store_groups_at(ncells) + ngroups * sizeof(struct puzzle_group), align = _Alignof(int);

    return (at + align - 1) / align * align;
}

/* A store for a puzzle of ncells cells, every cell in no group yet; one reference.  With
 * room for ngroups groups of group_cells cells in all (a Sudoku's, whose counts are known
 * before they are built), the groups and their cells are in the same block: three
 * allocations and their frees a puzzle were a seventh of building a Jigsaw's groups.
 * With none (a Kakuro's), they are allocated apart as they are built. */
static struct puzzle_group_store *store_new(size_t ncells, size_t ngroups, size_t group_cells)
{
    bool inside = ngroups > 0;
    size_t size = inside ? store_cells_at(ncells, ngroups) + group_cells * sizeof(int)
                         : sizeof(struct puzzle_group_store) + ncells * PUZZLE_MAX_CELL_GROUPS * sizeof(int16_t);
    struct puzzle_group_store *s = xmalloc(size);

    atomic_init(&s->refs, 1);
    s->inside = inside;
    s->groups = inside ? (struct puzzle_group *)(void *)((char *)s + store_groups_at(ncells)) : NULL;
    s->cells = inside ? (int *)(void *)((char *)s + store_cells_at(ncells, ngroups)) : NULL;
    memset(s->cell_groups, 0xff, ncells * sizeof s->cell_groups[0]);
    return s;
}

static void store_release(struct puzzle_group_store *s)
{
    if (s == NULL || atomic_fetch_sub_explicit(&s->refs, 1, memory_order_acq_rel) != 1)
        return;
    if (!s->inside) {
        free(s->groups);
        free(s->cells);
    }
    free(s);
}

static void free_groups(struct puzzle *p)
{
    store_release(p->groups_store_);
    p->groups_store_ = NULL;
    p->groups = NULL;
    p->cell_groups = NULL;
    p->ngroups = 0;
}

void puzzle_free(struct puzzle *p)
{
    if (p == NULL)
        return;
    free_groups(p);
    if (p->region != NULL || p->cage != NULL || p->cage_sum != NULL)    /* a variant's maps */
        variant_free(p);
    free(p->name);
    free(p);    /* with its arrays (puzzle_alloc) */
}

void puzzle_set_name(struct puzzle *p, const char *name)
{
    free(p->name);
    p->name = name != NULL ? xstrdup(name) : NULL;
}

struct puzzle *puzzle_clone(const struct puzzle *p)
{
    struct puzzle *q = puzzle_alloc(p->ops, p->width, p->height, p->max_digit);
    struct puzzle_error err;
    size_t n = (size_t)p->ncells;

    q->box_rows = p->box_rows;
    q->box_cols = p->box_cols;
    memcpy(q->given, p->given, n);
    memcpy(q->block, p->block, n);
    memcpy(q->down, p->down, n);
    memcpy(q->across, p->across, n);
    puzzle_set_name(q, p->name);
    variant_copy(q, p);
    if (p->groups != NULL && !puzzle_finish_like(q, p, &err))
        fatal("internal error: a finished puzzle no longer checks: %s", err.message);
    return q;
}

const char *puzzle_cell_name(const struct puzzle *p, int cell, char *buf)
{
    snprintf(buf, PUZZLE_CELL_NAME_MAX, "r%dc%d", cell / p->width + 1, cell % p->width + 1);
    return buf;
}

void puzzle_start_grid(const struct puzzle *p, uint8_t *grid)
{
    memcpy(grid, p->given, (size_t)p->ncells);
}

/* --- Building the groups --- */

/* The most groups a Sudoku of p's size and variant has, and the cells they hold in all:
 * rows, columns and boxes or regions, the diagonals, the cages (which cover each cell
 * once at most). */
static void sudoku_groups_room(const struct puzzle *p, size_t *ngroups, size_t *ncells)
{
    size_t n = (size_t)p->max_digit, x = (p->variant & VARIANT_X) ? 2 : 0;

    *ngroups = 3 * n + x + (size_t)(p->ncages > 0 ? p->ncages : 0);
    *ncells = 3 * n * n + x * n + ((p->variant & VARIANT_KILLER) ? (size_t)p->ncells : 0);
}

struct group_builder {
    struct puzzle *p;
    int *cells;
    size_t ncells_used, cells_cap;
    size_t groups_cap;
    /* In a store with its groups inside (a Sudoku's), the room is the store's, made for
     * all of them, and never moves: each group points at its cells as it is added.
     * Otherwise offsets holds the start of each group's cells, fixed up once storage
     * stops moving. */
    bool fixed;
    size_t *offsets;
    uint8_t *filled;    /* per cell: its slots of cell_groups taken so far */
};

/* Group g's cells start at b->cells + at. */
static void builder_place(struct group_builder *b, int g, size_t at)
{
    if (b->fixed)
        b->p->groups[g].cells = b->cells + at;
    else
        b->offsets[g] = at;
}

static void builder_add(struct group_builder *b, enum group_kind kind, int sum, int clue,
                        const int *cells, int n)
{
    struct puzzle *p = b->p;

    /* The room is checked here, not in xgrow: the call per group was a sixth of adding
     * one.  A store's own room was made for all of its groups. */
    if ((size_t)p->ngroups + 1 > b->groups_cap || b->ncells_used + (size_t)n > b->cells_cap) {
        if (b->fixed)
            fatal("internal error: a Sudoku's groups outgrew the room made for them");
        if ((size_t)p->ngroups + 1 > b->groups_cap) {
            p->groups = xgrow(p->groups, &b->groups_cap, (size_t)p->ngroups + 1, sizeof *p->groups);
            b->offsets = xrealloc(b->offsets, b->groups_cap * sizeof *b->offsets);
        }
        if (b->ncells_used + (size_t)n > b->cells_cap)
            b->cells = xgrow(b->cells, &b->cells_cap, b->ncells_used + (size_t)n, sizeof *b->cells);
    }
    memcpy(b->cells + b->ncells_used, cells, (size_t)n * sizeof *cells);
    p->groups[p->ngroups] = (struct puzzle_group){
        .kind = kind, .sum = sum, .clue = clue, .ncells = n, .cells = NULL,
    };
    builder_place(b, p->ngroups, b->ncells_used);
    /* A cell's groups take its slots in turn (the last one kept for the last group),
     * counted rather than looked for. */
    int16_t (*slots)[PUZZLE_MAX_CELL_GROUPS] = p->cell_groups, group = (int16_t)p->ngroups;
    uint8_t *filled = b->filled;

    for (int i = 0; i < n; i++) {
        int cell = cells[i], k = filled[cell];

        slots[cell][k] = group;
        filled[cell] = (uint8_t)(k + (k < PUZZLE_MAX_CELL_GROUPS - 1));
    }
    b->ncells_used += (size_t)n;
    p->ngroups++;
}

/* The N groups of N cells each that part the grid, whose cells the caller has written
 * at b->cells from b->ncells_used on (group g's from g * N on) and whose slot it has
 * given every cell, as builder_add's of each in turn would, in the store's own room (a
 * Sudoku's): a builder_add a group was half of building a 9x9 Jigsaw's regions. */
static void add_partition(struct group_builder *b, enum group_kind kind, int sum, int slot)
{
    struct puzzle *p = b->p;
    int n = p->max_digit, first = p->ngroups;

    for (int g = 0; g < n; g++) {
        p->groups[first + g] = (struct puzzle_group){
            .kind = kind, .sum = sum, .clue = -1, .ncells = n, .cells = NULL,
        };
        builder_place(b, first + g, b->ncells_used + (size_t)g * (size_t)n);
    }
    memset(b->filled, slot + 1, (size_t)p->ncells);
    b->ncells_used += (size_t)p->ncells;
    p->ngroups += n;
}

/* A builder for p into its store: the store's own room when it has it (a Sudoku's),
 * else room that grows as groups are added; filled is ncells bytes of zeros. */
static struct group_builder builder_start(struct puzzle *p, uint8_t *filled)
{
    struct puzzle_group_store *s = p->groups_store_;
    struct group_builder b = { .p = p, .filled = filled };

    if (s->inside) {
        b.fixed = true;
        p->groups = s->groups;
        b.cells = s->cells;
        sudoku_groups_room(p, &b.groups_cap, &b.cells_cap);
    }
    return b;
}

/* The groups handed to the store (where they are not in it already). */
static void builder_done(struct group_builder *b)
{
    struct puzzle *p = b->p;

    if (b->fixed)
        return;
    p->groups_store_->groups = p->groups;
    p->groups_store_->cells = b->cells;
    for (int g = 0; g < p->ngroups; g++)
        p->groups[g].cells = b->cells + b->offsets[g];
    free(b->offsets);
}

/* Whether the region map of p parts its n * n cells into n regions 0..n-1 of n cells
 * each, counted by byte value (out of range too) without a test a cell. */
static bool regions_part_grid(const struct puzzle *p)
{
    int n = p->max_digit;
    uint16_t count[256] = { 0 };    /* 625 cells at most */

    if (p->ncells != n * n)
        return false;
    for (int cell = 0; cell < p->ncells; cell++)
        count[p->region[cell]]++;
    for (int r = 0; r < n; r++)
        if (count[r] != n)
            return false;
    return true;
}

/* A Jigsaw's regions in the boxes' place, after the rows and columns: region r's cells
 * in reading order, gathered in one pass over the grid (a pass per region was a fifth of
 * building a 9x9 Jigsaw's groups), straight into the store when the regions part the
 * grid (the checked regions of a reader's Jigsaw): a pass counting them, then one with
 * no test a cell, cost half of one pass testing each cell's region and its room.  Any
 * other map (as when regions are set unchecked) goes cell by cell: a cell beyond a
 * region's N is left out, never written past its room. */
static void add_regions(struct group_builder *b, int sum)
{
    struct puzzle *p = b->p;
    int n = p->max_digit, count[SUDOKU_MAX_SIZE] = { 0 }, first = p->ngroups;
    int cells[SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE];
    int16_t (*slots)[PUZZLE_MAX_CELL_GROUPS] = p->cell_groups;

    /* Each cell listed in its region and given the region as its third group (after its
     * row and column) in the same pass: what builder_add would give it. */
    if (b->fixed && regions_part_grid(p)) {
        /* Read into locals: a store through an int pointer might change p's fields. */
        const uint8_t *region = p->region;
        int ncells = p->ncells, *next[SUDOKU_MAX_SIZE];

        for (int r = 0; r < n; r++)
            next[r] = b->cells + b->ncells_used + (size_t)r * (size_t)n;
        for (int cell = 0; cell < ncells; cell++) {
            int r = region[cell];

            *next[r]++ = cell;
            slots[cell][2] = (int16_t)(first + r);
        }
        add_partition(b, GROUP_REGION, sum, 2);
        return;
    }
    for (int cell = 0; cell < p->ncells; cell++) {
        int r = p->region[cell];

        if (r < n && count[r] < n) {
            cells[r * n + count[r]++] = cell;
            slots[cell][2] = (int16_t)(first + r);
        }
    }
    for (int r = 0; r < n; r++)
        builder_add(b, GROUP_REGION, sum, -1, cells + r * n, count[r]);
}

/* Sudoku X: the main diagonal, then the anti-diagonal, each from the top row down. */
static void add_diagonals(struct group_builder *b, int sum)
{
    int n = b->p->max_digit, cells[SUDOKU_MAX_SIZE];

    for (int i = 0; i < n; i++)
        cells[i] = i * n + i;
    builder_add(b, GROUP_DIAGONAL, sum, -1, cells, n);
    for (int i = 0; i < n; i++)
        cells[i] = i * n + (n - 1 - i);
    builder_add(b, GROUP_DIAGONAL, sum, -1, cells, n);
}

/* Killer cages in the order of their numbers, each a group with its sum whose clue is
 * its first cell; a cage without cells is skipped.  Each cage's cells in reading order,
 * sorted by cage in two passes over the grid (a pass per cage cost more than the rest of
 * a Killer's groups). */
static void add_cages(struct group_builder *b)
{
    struct puzzle *p = b->p;
    int nc = p->ncages;
    int *start = xcalloc((size_t)nc + 1 + (size_t)p->ncells, sizeof *start), *cells = start + nc + 1;

    for (int cell = 0; cell < p->ncells; cell++)
        if (p->cage[cell] >= 0 && p->cage[cell] < nc)
            start[p->cage[cell] + 1]++;
    for (int k = 0; k < nc; k++)
        start[k + 1] += start[k];
    for (int cell = 0; cell < p->ncells; cell++)
        if (p->cage[cell] >= 0 && p->cage[cell] < nc)
            cells[start[p->cage[cell]]++] = cell;
    /* start[k] is now where cage k + 1 begins: cage k's cells end there. */
    for (int k = 0, from = 0; k < nc; from = start[k++])
        if (start[k] > from)
            builder_add(b, GROUP_CAGE, p->cage_sum[k], cells[from], cells + from, start[k] - from);
    free(start);
}

/* The rows and columns, and the boxes unless regions take their place, of a Sudoku of
 * p's size: the same for every puzzle of that size and kind of shape. */
static void add_lines_and_boxes(struct group_builder *b, bool boxes)
{
    struct puzzle *p = b->p;
    int n = p->max_digit, sum = n * (n + 1) / 2;
    int cells[SUDOKU_MAX_SIZE];

    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++)
            cells[c] = r * n + c;
        builder_add(b, GROUP_ROW, sum, -1, cells, n);
    }
    for (int c = 0; c < n; c++) {
        for (int r = 0; r < n; r++)
            cells[r] = r * n + c;
        builder_add(b, GROUP_COLUMN, sum, -1, cells, n);
    }
    for (int box = 0; box < n && boxes; box++) {
        int r0 = box / (n / p->box_cols) * p->box_rows;
        int c0 = box % (n / p->box_cols) * p->box_cols;
        int k = 0;
        for (int r = r0; r < r0 + p->box_rows; r++)
            for (int c = c0; c < c0 + p->box_cols; c++)
                cells[k++] = r * n + c;
        builder_add(b, GROUP_BOX, sum, -1, cells, n);
    }
}

/* What add_lines_and_boxes built last on this thread, to be copied rather than built
 * again: a file of variants is read puzzle by puzzle, each building its own groups (a
 * Jigsaw's regions and a Killer's cages are new with each), and the lines were half of
 * the building of a Sudoku X's groups. */
struct lines_kept {
    int n, box_rows, box_cols, ngroups;     /* ngroups 0: nothing kept */
    struct puzzle_group groups[3 * SUDOKU_MAX_SIZE];
    int cells[3 * SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE];
    int16_t slots[SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE][PUZZLE_MAX_CELL_GROUPS];
    uint8_t filled[SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE];
};

static _Thread_local struct lines_kept *lines_kept;    /* made on first use (util_thread_room) */

/* The lines (and boxes) of p, copied from those kept when they are p's, else built and
 * kept.  They are the first groups: the builder holds nothing yet. */
static void lines_and_boxes(struct group_builder *b, bool boxes)
{
    struct puzzle *p = b->p;
    struct lines_kept *kept = lines_kept != NULL ? lines_kept
                              : (lines_kept = util_thread_room(sizeof *lines_kept));
    int n = p->max_digit, ngroups = (boxes ? 3 : 2) * n;
    size_t ncells = (size_t)p->ncells, used = (size_t)ngroups * (size_t)n;

    if (kept->ngroups != ngroups || kept->n != n || kept->box_rows != p->box_rows
        || kept->box_cols != p->box_cols) {
        add_lines_and_boxes(b, boxes);
        kept->n = n;
        kept->box_rows = p->box_rows;
        kept->box_cols = p->box_cols;
        kept->ngroups = ngroups;
        memcpy(kept->groups, p->groups, (size_t)ngroups * sizeof *p->groups);
        memcpy(kept->cells, b->cells, used * sizeof *b->cells);
        memcpy(kept->slots, p->cell_groups, ncells * sizeof *p->cell_groups);
        memcpy(kept->filled, b->filled, ncells);
        return;
    }
    memcpy(p->groups, kept->groups, (size_t)ngroups * sizeof *p->groups);
    memcpy(b->cells, kept->cells, used * sizeof *b->cells);
    memcpy(p->cell_groups, kept->slots, ncells * sizeof *p->cell_groups);
    memcpy(b->filled, kept->filled, ncells);
    for (int g = 0; g < ngroups; g++)
        builder_place(b, g, (size_t)g * (size_t)n);
    b->ncells_used = used;
    p->ngroups = ngroups;
}

/* Rows, columns, then boxes or regions (so that group 2N + i is box or region i), then
 * the variant's diagonals and cages. */
static void build_sudoku_groups(struct group_builder *b)
{
    struct puzzle *p = b->p;
    int n = p->max_digit, sum = n * (n + 1) / 2;

    lines_and_boxes(b, !(p->variant & VARIANT_JIGSAW));
    if (p->variant & VARIANT_JIGSAW)
        add_regions(b, sum);
    if (p->variant & VARIANT_X)
        add_diagonals(b, sum);
    if (p->variant & VARIANT_KILLER)
        add_cages(b);
}

static bool fail(struct puzzle_error *err, int cell, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static bool fail(struct puzzle_error *err, int cell, const char *fmt, ...)
{
    va_list ap;

    err->cell = cell;
    /* fmt is translated here: xgettext takes the callers' messages (po/Makevars). */
    va_start(ap, fmt);
    util_vformat_cut(err->message, sizeof err->message, _(fmt), ap);
    va_end(ap);
    return false;
}

/* Collects the white cells from (row, col) stepping by (dr, dc) until a block or the edge. */
static int collect_run(const struct puzzle *p, int row, int col, int dr, int dc, int *cells, int max)
{
    int n = 0;

    while (row < p->height && col < p->width && !p->block[puzzle_index(p, row, col)]) {
        if (n < max)
            cells[n] = puzzle_index(p, row, col);
        n++;
        row += dr;
        col += dc;
    }
    return n;
}

static bool add_kakuro_run(struct group_builder *b, int clue, bool across, struct puzzle_error *err)
{
    struct puzzle *p = b->p;
    int row = clue / p->width, col = clue % p->width;
    int sum = across ? p->across[clue] : p->down[clue];
    const char *dir = across ? _("across") : _("down");
    int cells[KAKURO_MAX_SIDE];
    int n = collect_run(p, row + !across, col + across, !across, across, cells, KAKURO_MAX_SIDE);
    char name[PUZZLE_CELL_NAME_MAX];

    puzzle_cell_name(p, clue, name);
    if (n == 0)
        return fail(err, clue, "the %s clue %d at %s points at no white cell", dir, sum, name);
    if (n > 9)
        return fail(err, clue, "the %s run at %s has %d cells; a run holds at most 9", dir, name, n);
    if (!kakuro_sum_possible(n, sum))
        return fail(err, clue, "the %s sum %d at %s cannot be made from %d different digits 1-9",
                    dir, sum, name, n);
    builder_add(b, across ? GROUP_ACROSS : GROUP_DOWN, sum, clue, cells, n);
    return true;
}

/* Adds the run without a clue that starts at white cell `start`, when it has two cells
 * or more (a single cell needs no group in that direction): its digits must differ, and
 * may add up to anything, so its sum is 0. */
static bool add_sumless_run(struct group_builder *b, int start, bool across, struct puzzle_error *err)
{
    struct puzzle *p = b->p;
    int row = start / p->width, col = start % p->width;
    int cells[KAKURO_MAX_SIDE];
    int n = collect_run(p, row, col, !across, across, cells, KAKURO_MAX_SIDE);
    char name[PUZZLE_CELL_NAME_MAX];

    if (n < 2)
        return true;
    if (n > 9)
        return fail(err, start, "the %s run starting at %s has %d cells; a run holds at most 9",
                    across ? _("across") : _("down"), puzzle_cell_name(p, start, name), n);
    builder_add(b, across ? GROUP_ACROSS : GROUP_DOWN, 0, -1, cells, n);
    return true;
}

/* Whether white cell `cell` starts a run (across or down) that no clue introduces. */
static bool starts_unclued_run(const struct puzzle *p, int cell, bool across)
{
    int before = across ? cell - 1 : cell - p->width;
    bool at_edge = across ? cell % p->width == 0 : cell < p->width;

    if (p->block[cell])
        return false;
    if (at_edge)
        return true;
    return p->block[before] && (across ? p->across[before] : p->down[before]) == 0;
}

/* The runs of one direction in reading order: from clues, and those without one. */
static bool add_kakuro_runs(struct group_builder *b, bool across, struct puzzle_error *err)
{
    const struct puzzle *p = b->p;

    for (int cell = 0; cell < p->ncells; cell++) {
        if ((across ? p->across[cell] : p->down[cell]) && !add_kakuro_run(b, cell, across, err))
            return false;
        if (starts_unclued_run(p, cell, across) && !add_sumless_run(b, cell, across, err))
            return false;
    }
    return true;
}

static bool check_kakuro_cells(const struct puzzle *p, struct puzzle_error *err)
{
    for (int cell = 0; cell < p->ncells; cell++) {
        char name[PUZZLE_CELL_NAME_MAX];
        if (!p->block[cell] && (p->down[cell] || p->across[cell]))
            return fail(err, cell, "a white cell %s cannot hold a clue", puzzle_cell_name(p, cell, name));
        if (p->block[cell] && p->given[cell])
            return fail(err, cell, "a black cell %s cannot hold a digit", puzzle_cell_name(p, cell, name));
        if (p->given[cell] > 9)
            return fail(err, cell, "%s holds %d; Kakuro digits are 1-9", puzzle_cell_name(p, cell, name),
                        p->given[cell]);
    }
    return true;
}

static bool build_kakuro_groups(struct group_builder *b, struct puzzle_error *err)
{
    struct puzzle *p = b->p;

    if (!check_kakuro_cells(p, err) || !add_kakuro_runs(b, true, err) || !add_kakuro_runs(b, false, err))
        return false;
    /* A white cell with no white neighbour would take any digit at all. */
    for (int cell = 0; cell < p->ncells; cell++) {
        char name[PUZZLE_CELL_NAME_MAX];
        if (!p->block[cell] && p->cell_groups[cell][0] < 0)
            return fail(err, cell, "the white cell %s belongs to no run", puzzle_cell_name(p, cell, name));
    }
    /* A board of black cells alone has nothing to fill: no puzzle, rather than one the
     * solver would call unsolvable. */
    if (memchr(p->block, 0, (size_t)p->ncells) == NULL)
        return fail(err, 0, "no white cell: expected a Kakuro with a run of white cells to fill");
    return true;
}

/* Whether the givens of a group are distinct digits in range, without branching on
 * each cell: most groups of most puzzles are, and a reader of a million puzzles asks
 * this of every group. */
static bool group_givens_plain(const struct puzzle *p, const struct puzzle_group *grp)
{
    digitset used = 0, repeated = 0;
    unsigned too_big = 0;

    for (int i = 0; i < grp->ncells; i++) {
        unsigned d = p->given[grp->cells[i]];
        digitset bit = (1u << (d & 31)) & ~1u;

        too_big |= d > (unsigned)p->max_digit;
        repeated |= used & bit;
        used |= bit;
    }
    return !too_big && !repeated;
}

/* The givens of one group that break it: a repeated digit, a digit out of range, or a
 * Kakuro run its givens cannot complete. */
static bool check_group_givens(const struct puzzle *p, const struct puzzle_group *grp,
                               struct puzzle_error *err)
{
    int where[PUZZLE_MAX_DIGIT + 1];
    digitset used = 0;
    char a[PUZZLE_CELL_NAME_MAX], b[PUZZLE_CELL_NAME_MAX];

    for (int i = 0; i < grp->ncells; i++) {
        int cell = grp->cells[i], d = p->given[cell];
        if (d == 0)
            continue;
        if (d > p->max_digit)
            return fail(err, cell, "%s holds %d; this puzzle takes digits 1-%d",
                        puzzle_cell_name(p, cell, a), d, p->max_digit);
        if ((used & (1u << d)) && grp->kind == GROUP_DIAGONAL)
            return fail(err, cell, _("the givens at %1$s and %2$s are both %3$d, on one diagonal"),
                        puzzle_cell_name(p, where[d], a), puzzle_cell_name(p, cell, b), d);
        if ((used & (1u << d)) && grp->kind == GROUP_CAGE)
            return fail(err, cell, _("the givens at %1$s and %2$s are both %3$d, in one cage"),
                        puzzle_cell_name(p, where[d], a), puzzle_cell_name(p, cell, b), d);
        if (used & (1u << d))
            return fail(err, cell, "the givens at %s and %s are both %d",
                        puzzle_cell_name(p, where[d], a), puzzle_cell_name(p, cell, b), d);
        used |= 1u << d;
        where[d] = cell;
    }
    if (grp->kind == GROUP_CAGE && !sum_feasible(grp->ncells, grp->sum, used, p->max_digit))
        return fail(err, grp->cells[0], _("the digits given in the cage at %1$s cannot make its sum %2$d"),
                    puzzle_cell_name(p, grp->clue, a), grp->sum);
    if (grp->kind != GROUP_CAGE && puzzle_group_has_sum(grp)
        && !kakuro_run_feasible(grp->ncells, grp->sum, used))
        return fail(err, grp->cells[0], "the digits given in the run of %s cannot make its sum %d",
                    puzzle_cell_name(p, grp->clue, a), grp->sum);
    return true;
}

/* The same for every row, column and box of a plain Sudoku at once, in one pass over
 * the cells: the reader asks it of every puzzle of a file.  Each unit's mask of digits is
 * gathered without looking for repeats cell by cell: the givens are distinct in every
 * unit exactly when the units' masks hold, between them, three bits per given.  A digit
 * out of range sets bit 0, which no digit uses.  The masks of a row and of a box are
 * gathered in registers segment by segment (a row within one box). */
static inline bool givens_plain_shape(const struct puzzle *p, int n, int height, int width)
{
    digitset col[SUDOKU_MAX_SIZE] = { 0 }, box[SUDOKU_MAX_SIZE] = { 0 }, bad = 0;
    int stacks = n / width, band = 0, row_in_band = 0, givens = 0, bits = 0;

    for (int r = 0; r < n; r++) {
        const uint8_t *given = p->given + r * n;
        digitset *boxes = box + band * stacks, row = 0;

        if (++row_in_band == height) {      /* no division per row */
            row_in_band = 0;
            band++;
        }
        for (int s = 0; s < stacks; s++) {
            digitset segment = 0;

            for (int c = s * width; c < (s + 1) * width; c++) {
                unsigned d = given[c];
                digitset bit = d <= (unsigned)n ? (1u << d) & ~1u : 1u;

                givens += d != 0;
                segment |= bit;
                col[c] |= bit;
            }
            row |= segment;
            boxes[s] |= segment;
        }
        bits += popcount32(row);
        bad |= row;
    }
    for (int i = 0; i < n; i++)
        bits += popcount32(col[i]) + popcount32(box[i]);
    return !(bad & 1u) && bits == 3 * givens;
}

/* Per cell of a 9x9 Sudoku: its row, column and box, 4 bits each. */
#define UNITS9(c) ((c) / 9 | (c) % 9 << 4 | ((c) / 27 * 3 + (c) % 9 / 3) << 8)
#define UNITS9_ROW(c) UNITS9(c), UNITS9((c) + 1), UNITS9((c) + 2), UNITS9((c) + 3), \
                      UNITS9((c) + 4), UNITS9((c) + 5), UNITS9((c) + 6), UNITS9((c) + 7), \
                      UNITS9((c) + 8)
static const uint16_t units9[81] = {
    UNITS9_ROW(0), UNITS9_ROW(9), UNITS9_ROW(18), UNITS9_ROW(27), UNITS9_ROW(36),
    UNITS9_ROW(45), UNITS9_ROW(54), UNITS9_ROW(63), UNITS9_ROW(72),
};

/* The 9x9 case, over the givens alone (17 to 30 of 81 cells in the usual sets): each
 * given's digit against the masks of its row, column and box (its region when region is
 * not NULL) and, when x, of the diagonals through it.  A digit out of range sets bit 0,
 * which no digit uses. */
static bool givens_units_9(const uint8_t *given, const uint8_t *region, bool x)
{
    uint16_t row[9] = { 0 }, col[9] = { 0 }, box[9] = { 0 }, diagonal[2] = { 0 };
    unsigned clash = 0;
    uint64_t cells[2];

    util_nonzero_bytes(given, 81, cells);
    for (int w = 0; w < 2; w++)
        for (uint64_t m = cells[w]; m != 0; m &= m - 1) {
            int c = 64 * w + __builtin_ctzll(m);
            unsigned d = given[c], units = units9[c];
            unsigned r = units & 15, k = units >> 4 & 15, b = region != NULL ? region[c] : units >> 8;
            uint16_t bit = (uint16_t)(d <= 9 ? 1u << d : 1u);

            if (b >= 9)
                return false;
            clash |= ((row[r] | col[k] | box[b]) & bit) | (bit & 1u);
            row[r] |= bit;
            col[k] |= bit;
            box[b] |= bit;
            if (x && r == k) {
                clash |= diagonal[0] & bit;
                diagonal[0] |= bit;
            }
            if (x && r + k == 8) {
                clash |= diagonal[1] & bit;
                diagonal[1] |= bit;
            }
        }
    return clash == 0;
}

static bool sudoku_givens_plain(const struct puzzle *p)
{
    if (p->max_digit == 9 && p->box_rows == 3 && p->box_cols == 3)
        return givens_units_9(p->given, NULL, false);
    return givens_plain_shape(p, p->max_digit, p->box_rows, p->box_cols);
}

/* Whether p is a Sudoku whose groups are its rows, columns and boxes alone. */
static bool is_plain_sudoku(const struct puzzle *p)
{
    return p->ops->kind == PUZZLE_SUDOKU && p->box_rows > 0 && p->box_cols > 0
           && p->width == p->max_digit && p->max_digit <= SUDOKU_MAX_SIZE
           && p->ngroups == 3 * p->max_digit && p->variant == 0;
}

/* The most groups without a sum a Sudoku has: rows, columns, boxes or regions, and two
 * diagonals; a Killer's cages, which have sums, come after them. */
#define SUDOKU_MAX_UNITS (3 * SUDOKU_MAX_SIZE + 2)

/* Whether the givens of a Sudoku (of any variant) are distinct digits in range in each
 * of its groups without a sum, given by given through the groups holding each
 * (cell_groups): a variant's reader asks it of every puzzle, and group by group through
 * every cell of every group cost three times as much.  false also where the groups are
 * not as expected: the caller then goes group by group. */
static bool sudoku_givens_distinct(const struct puzzle *p)
{
    digitset used[SUDOKU_MAX_UNITS] = { 0 };

    if (p->ops->kind != PUZZLE_SUDOKU || p->ncells > SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE)
        return false;
    /* A 9x9 variant's units are rows, columns, boxes or regions, and diagonals: checked
     * as a plain Sudoku's, given by given against masks, at a quarter of the cost of
     * going through each given's groups. */
    if (p->max_digit == 9 && p->width == 9 && p->box_rows * p->box_cols == 9
        && p->ngroups == 27 + ((p->variant & VARIANT_X) ? 2 : 0) + p->ncages)
        return givens_units_9(p->given, (p->variant & VARIANT_JIGSAW) ? p->region : NULL,
                              (p->variant & VARIANT_X) != 0);
    for (int cell = 0; cell < p->ncells; cell++) {
        unsigned d = p->given[cell];

        if (d == 0)
            continue;
        if (d > (unsigned)p->max_digit)
            return false;
        for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][k] >= 0; k++) {
            int g = p->cell_groups[cell][k];

            if (puzzle_group_has_sum(&p->groups[g]))
                continue;
            if (g >= SUDOKU_MAX_UNITS || (used[g] & (1u << d)))
                return false;
            used[g] |= 1u << d;
        }
    }
    return true;
}

static bool check_givens(const struct puzzle *p, struct puzzle_error *err)
{
    bool units_plain;

    if (is_plain_sudoku(p) && sudoku_givens_plain(p))
        return true;
    units_plain = sudoku_givens_distinct(p);
    for (int g = 0; g < p->ngroups; g++) {
        const struct puzzle_group *grp = &p->groups[g];
        bool plain = !puzzle_group_has_sum(grp) && (units_plain || group_givens_plain(p, grp));

        if (!plain && !check_group_givens(p, grp, err))
            return false;
    }
    return true;
}

/* How many of the n bytes are not zero, eight at a time: a cell at a time was a tenth of
 * building a Jigsaw's groups. */
static int count_nonzero(const uint8_t *bytes, size_t n)
{
    const uint64_t ones = 0x0101010101010101ull;
    size_t i = 0;
    int count = 0;

    for (; i + 8 <= n; i += 8) {
        uint64_t word;

        memcpy(&word, bytes + i, 8);
        /* The top bits moved to the bytes' low bits, added up in the top byte by one
         * multiply. */
        count += (int)((util_nonzero_byte_tops(word) >> 7) * ones >> 56);
    }
    for (; i < n; i++)
        count += bytes[i] != 0;
    return count;
}

/* The groups built and, when givens, the givens checked: puzzle_finish once a Sudoku's
 * variant maps are known good. */
static bool finish_checked(struct puzzle *p, bool givens, struct puzzle_error *err)
{
    /* A Sudoku's cells counted on the stack, a Kakuro's (up to 128x128) apart. */
    uint8_t room[SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE];
    bool sudoku = p->ops->kind == PUZZLE_SUDOKU && p->ncells <= SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE;
    uint8_t *filled = sudoku ? memset(room, 0, (size_t)p->ncells) : xcalloc((size_t)p->ncells, 1);
    struct group_builder b = builder_start(p, filled);
    bool built = sudoku ? (build_sudoku_groups(&b), true) : build_kakuro_groups(&b, err);

    builder_done(&b);
    if (!sudoku)
        free(filled);
    if (!built)
        return false;
    p->nwhite = p->ncells - count_nonzero(p->block, (size_t)p->ncells);
    return !givens || check_givens(p, err);
}

/* Ready to build: no error yet, the groups of before dropped, a store for new ones. */
static void finish_start(struct puzzle *p, struct puzzle_error *err)
{
    err->cell = -1;
    err->message[0] = '\0';
    size_t ngroups = 0, group_cells = 0;

    free_groups(p);
    if (p->ops->kind == PUZZLE_SUDOKU && p->ncells <= SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE)
        sudoku_groups_room(p, &ngroups, &group_cells);
    p->groups_store_ = store_new((size_t)p->ncells, ngroups, group_cells);
    p->cell_groups = p->groups_store_->cell_groups;
}

bool puzzle_finish(struct puzzle *p, struct puzzle_error *err)
{
    finish_start(p, err);
    if (p->ops->kind == PUZZLE_SUDOKU && !variant_check(p, err))
        return false;
    return finish_checked(p, true, err);
}

bool puzzle_finish_maps_checked(struct puzzle *p, bool check_givens, struct puzzle_error *err)
{
    finish_start(p, err);
    return finish_checked(p, check_givens, err);
}

/* Whether p has shape's layout, so shape's groups are p's too. */
static bool same_layout(const struct puzzle *p, const struct puzzle *shape)
{
    size_t n = (size_t)p->ncells;

    return shape->groups != NULL && shape->ops == p->ops && shape->width == p->width
           && shape->height == p->height && shape->max_digit == p->max_digit
           && shape->box_rows == p->box_rows && shape->box_cols == p->box_cols
           && memcmp(shape->block, p->block, n) == 0 && memcmp(shape->down, p->down, n) == 0
           && memcmp(shape->across, p->across, n) == 0 && variant_same(p, shape);
}

/* Gives p shape's groups when it has shape's layout; false when it has not. */
static bool adopt_layout(struct puzzle *p, const struct puzzle *shape, struct puzzle_error *err)
{
    if (!same_layout(p, shape))
        return false;
    err->cell = -1;
    err->message[0] = '\0';
    /* Copied and referenced first, so that p may be its own shape. */
    struct puzzle_group_store *store = shape->groups_store_;
    struct puzzle_group *groups = shape->groups;
    int ngroups = shape->ngroups, nwhite = shape->nwhite;

    atomic_fetch_add_explicit(&store->refs, 1, memory_order_relaxed);
    free_groups(p);
    p->groups_store_ = store;
    p->groups = groups;
    p->cell_groups = store->cell_groups;
    p->ngroups = ngroups;
    p->nwhite = nwhite;
    return true;
}

bool puzzle_finish_like(struct puzzle *p, const struct puzzle *shape, struct puzzle_error *err)
{
    if (!adopt_layout(p, shape, err))
        return puzzle_finish(p, err);
    return check_givens(p, err);
}

bool puzzle_finish_like_unchecked(struct puzzle *p, const struct puzzle *shape,
                                  struct puzzle_error *err)
{
    return adopt_layout(p, shape, err) || puzzle_finish(p, err);
}

struct puzzle *puzzle_new_like(const struct puzzle *shape)
{
    struct puzzle *p = puzzle_alloc_unfilled(shape->ops, shape->width, shape->height,
                                             shape->max_digit);
    size_t n = (size_t)shape->ncells;

    p->box_rows = shape->box_rows;
    p->box_cols = shape->box_cols;
    memset(p->given, 0, n);
    memcpy(p->block, shape->block, 3 * n);      /* block, down, across */
    if (shape->variant != 0)
        variant_copy(p, shape);
    atomic_fetch_add_explicit(&shape->groups_store_->refs, 1, memory_order_relaxed);
    p->groups_store_ = shape->groups_store_;
    p->groups = shape->groups;
    p->cell_groups = shape->cell_groups;
    p->ngroups = shape->ngroups;
    p->nwhite = shape->nwhite;
    return p;
}

bool puzzle_check_givens(const struct puzzle *p, struct puzzle_error *err)
{
    err->cell = -1;
    err->message[0] = '\0';
    return check_givens(p, err);
}

/* --- Rules --- */

/* The digits in group g other than at cell skip. */
static digitset group_digits(const struct puzzle *p, const struct puzzle_group *grp,
                             const uint8_t *grid, int skip)
{
    digitset used = 0;

    for (int i = 0; i < grp->ncells; i++)
        if (grp->cells[i] != skip && grid[grp->cells[i]])
            used |= 1u << grid[grp->cells[i]];
    (void)p;
    return used;
}

digitset puzzle_candidates(const struct puzzle *p, const uint8_t *grid, int cell)
{
    digitset all = ((1u << (p->max_digit + 1)) - 1) & ~1u;
    digitset cand = all;

    if (p->block[cell])
        return 0;
    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][k] >= 0; k++) {
        const struct puzzle_group *grp = &p->groups[p->cell_groups[cell][k]];
        digitset used = group_digits(p, grp, grid, cell);

        cand &= puzzle_group_allows(p, grp, used);
    }
    return cand;
}

static void mark_group(const struct puzzle_group *grp, const uint8_t *grid, uint8_t *bad, bool filled_only)
{
    for (int i = 0; i < grp->ncells; i++)
        if (!filled_only || grid[grp->cells[i]])
            bad[grp->cells[i]] = 1;
}

int puzzle_conflicts(const struct puzzle *p, const uint8_t *grid, uint8_t *bad)
{
    int marked = 0;

    memset(bad, 0, (size_t)p->ncells);
    for (int g = 0; g < p->ngroups; g++) {
        const struct puzzle_group *grp = &p->groups[g];
        int first[PUZZLE_MAX_DIGIT + 1];
        digitset seen = 0;
        int filled = 0, total = 0;

        for (int i = 0; i < grp->ncells; i++) {
            int cell = grp->cells[i], d = grid[cell];
            if (d == 0)
                continue;
            filled++;
            total += d;
            if (seen & (1u << d)) {
                bad[cell] = 1;
                bad[first[d]] = 1;
            } else {
                seen |= 1u << d;
                first[d] = cell;
            }
        }
        if (!puzzle_group_has_sum(grp) || filled == 0)
            continue;
        if (filled == grp->ncells ? total != grp->sum
                                  : !sum_feasible(grp->ncells, grp->sum, seen, p->max_digit))
            mark_group(grp, grid, bad, true);
    }
    for (int cell = 0; cell < p->ncells; cell++)
        marked += bad[cell];
    return marked;
}

bool puzzle_is_complete(const struct puzzle *p, const uint8_t *grid)
{
    for (int cell = 0; cell < p->ncells; cell++)
        if (!p->block[cell] && grid[cell] == 0)
            return false;
    return true;
}

bool puzzle_is_solved(const struct puzzle *p, const uint8_t *grid)
{
    for (int g = 0; g < p->ngroups; g++) {
        const struct puzzle_group *grp = &p->groups[g];
        digitset seen = 0;
        int total = 0;

        for (int i = 0; i < grp->ncells; i++) {
            int d = grid[grp->cells[i]];
            if (d == 0 || d > p->max_digit || (seen & (1u << d)))
                return false;
            seen |= 1u << d;
            total += d;
        }
        if (grp->sum > 0 && total != grp->sum)
            return false;
    }
    for (int cell = 0; cell < p->ncells; cell++)
        if (p->given[cell] && grid[cell] != p->given[cell])
            return false;
    return puzzle_is_complete(p, grid);
}
