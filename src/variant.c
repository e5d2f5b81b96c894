/* variant.c: Sudoku variants (X, Jigsaw, Killer) as more groups: their maps, names, checks and cage arithmetic. */
#include "config.h"
#include "variant.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "util.h"

void puzzle_set_variant(struct puzzle *p, unsigned flags)
{
    size_t n = (size_t)p->ncells;

    p->variant |= flags;
    if ((flags & VARIANT_JIGSAW) && p->region == NULL) {
        uint8_t *room = puzzle_region_room(p);

        p->region = room != NULL ? memset(room, 0, n) : xcalloc(n, 1);
    }
    if ((flags & VARIANT_KILLER) && p->cage == NULL) {
        p->cage = xmalloc(n * sizeof *p->cage);
        for (size_t i = 0; i < n; i++)
            p->cage[i] = -1;
    }
}

int puzzle_add_cage(struct puzzle *p, int sum)
{
    p->cage_sum = xrealloc(p->cage_sum, (size_t)(p->ncages + 1) * sizeof *p->cage_sum);
    p->cage_sum[p->ncages] = sum;
    return p->ncages++;
}

void variant_copy(struct puzzle *to, const struct puzzle *from)
{
    size_t n = (size_t)from->ncells;

    puzzle_set_variant(to, from->variant);
    if (from->region != NULL)
        memcpy(to->region, from->region, n);
    if (from->cage != NULL)
        memcpy(to->cage, from->cage, n * sizeof *from->cage);
    free(to->cage_sum);
    to->cage_sum = NULL;
    to->ncages = from->ncages;
    if (from->ncages > 0) {
        to->cage_sum = xmalloc((size_t)from->ncages * sizeof *to->cage_sum);
        memcpy(to->cage_sum, from->cage_sum, (size_t)from->ncages * sizeof *to->cage_sum);
    }
}

void variant_free(struct puzzle *p)
{
    if (p->region != NULL && p->region != puzzle_region_room(p))
        free(p->region);
    free(p->cage);
    free(p->cage_sum);
    p->region = NULL;
    p->cage = NULL;
    p->cage_sum = NULL;
    p->ncages = 0;
}

bool variant_same(const struct puzzle *a, const struct puzzle *b)
{
    size_t n = (size_t)a->ncells;

    if (a->variant != b->variant || a->ncages != b->ncages)
        return false;
    if (a->region != NULL && memcmp(a->region, b->region, n) != 0)
        return false;
    if (a->cage != NULL && (memcmp(a->cage, b->cage, n * sizeof *a->cage) != 0
                            || memcmp(a->cage_sum, b->cage_sum,
                                      (size_t)a->ncages * sizeof *a->cage_sum) != 0))
        return false;
    return true;
}

/* --- Names --- */

static const struct { unsigned flags; const char *name; } variant_names[] = {
    { 0, "sudoku" },
    { VARIANT_X, "sudoku-x" },
    { VARIANT_JIGSAW, "jigsaw" },
    { VARIANT_KILLER, "killer" },
    { VARIANT_KILLER | VARIANT_X, "killer-x" },
    { VARIANT_KILLER | VARIANT_JIGSAW, "killer-jigsaw" },
    { VARIANT_JIGSAW | VARIANT_X, "jigsaw-x" },
    { VARIANT_KILLER | VARIANT_JIGSAW | VARIANT_X, "killer-jigsaw-x" },
};

const char *puzzle_variant_name(unsigned flags)
{
    for (size_t i = 0; i < sizeof variant_names / sizeof variant_names[0]; i++)
        if (variant_names[i].flags == flags)
            return variant_names[i].name;
    return "sudoku";
}

bool puzzle_variant_by_name(const char *name, unsigned *flags)
{
    if (strcmp(name, "x") == 0) {
        *flags = VARIANT_X;
        return true;
    }
    for (size_t i = 0; i < sizeof variant_names / sizeof variant_names[0]; i++)
        if (strcmp(variant_names[i].name, name) == 0) {
            *flags = variant_names[i].flags;
            return true;
        }
    return false;
}

/* --- Cage arithmetic --- */

/* The digits of avail (bits 1..) that some k of them adding to s use, with bit 0 set
 * when there is any such set at all; the highest digit first, with bounds from the k
 * smallest and k largest digits left. */
static digitset sets_union(digitset avail, int k, int s)
{
    digitset out = 0, rest;
    int lo = 0, hi = 0, taken = 0, d;

    if (k == 0)
        return s == 0 ? 1u : 0u;
    if (s <= 0 || popcount32(avail) < k)
        return 0;
    for (rest = avail; rest != 0 && taken < k; rest &= rest - 1, taken++)
        lo += lowest_bit(rest);
    taken = 0;
    for (rest = avail; rest != 0 && taken < k; taken++) {
        int top = 31 - __builtin_clz(rest);
        hi += top;
        rest &= ~(1u << top);
    }
    if (s < lo || s > hi)
        return 0;
    d = 31 - __builtin_clz(avail);
    rest = avail & ~(1u << d);
    {
        digitset with = sets_union(rest, k - 1, s - d);
        digitset without = sets_union(rest, k, s);

        if (with & 1u)
            out |= with | (1u << d);
        out |= without;
    }
    return out;
}

static int digits_total(digitset set)
{
    int total = 0;

    for (; set != 0; set &= set - 1)
        total += lowest_bit(set);
    return total;
}

digitset sum_digits(int len, int sum, digitset used, int max_digit)
{
    digitset all = ((1u << (max_digit + 1)) - 1) & ~1u;
    int placed = popcount32(used);

    if (len < 1 || len > max_digit || (used & ~all) != 0 || placed > len)
        return 0;
    if (max_digit == 9)     /* Kakuro's digits: its tables */
        return kakuro_run_digits(len, sum, used);
    return sets_union(all & ~used, len - placed, sum - digits_total(used)) & ~1u;
}

bool sum_feasible(int len, int sum, digitset used, int max_digit)
{
    digitset all = ((1u << (max_digit + 1)) - 1) & ~1u;
    int placed = popcount32(used);

    if (len < 1 || len > max_digit || (used & ~all) != 0 || placed > len)
        return false;
    if (max_digit == 9)
        return kakuro_run_feasible(len, sum, used);
    return (sets_union(all & ~used, len - placed, sum - digits_total(used)) & 1u) != 0;
}

digitset puzzle_group_allows(const struct puzzle *p, const struct puzzle_group *grp, digitset used)
{
    if (puzzle_group_has_sum(grp))
        return sum_digits(grp->ncells, grp->sum, used, p->max_digit);
    return ((1u << (p->max_digit + 1)) - 1) & ~1u & ~used;
}

/* --- Checks --- */

static bool fail(struct puzzle_error *err, int cell, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static bool fail(struct puzzle_error *err, int cell, const char *fmt, ...)
{
    va_list ap;

    err->cell = cell;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return false;
}

/* One entry of a cell map (a region or a cage): how many cells it has, the first in
 * reading order, and whether its cells fall into more than one orthogonally connected
 * piece. */
struct map_piece {
    int count, first;
    bool split;
};

/* The first cell of the piece holding cell: parent[] links each cell towards the first
 * cell of its piece, halving the path as it goes. */
static int piece_root(int *parent, int cell)
{
    while (parent[cell] != cell) {
        parent[cell] = parent[parent[cell]];
        cell = parent[cell];
    }
    return cell;
}

/* Joins the pieces of cells a and b, the earlier first cell leading. */
static void join_pieces(int *parent, int a, int b)
{
    int ra = piece_root(parent, a), rb = piece_root(parent, b);

    if (ra < rb)
        parent[rb] = ra;
    else
        parent[ra] = rb;
}

/* The most cells a map is checked over without an allocation: any Sudoku's. */
#define MAP_CELLS_ON_STACK (SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE)

/* Fills piece[0..nentries-1] for the map of the regions or, region NULL, of the cages
 * (cells whose entry is outside 0..nentries-1 belong to none), by union-find: a row's run
 * of cells of one entry is one piece from its first cell on, joined to each run of that
 * entry above it that it touches, so an entry's cells lie in one piece when every run of
 * them reaches its first cell.  A flood fill from each entry's first cell cost 11k
 * instructions a 9x9 Jigsaw, cell by cell union-find through a function a cell 7.9k (and
 * the regions were checked twice a puzzle then), this 6.1k (callgrind). */
static void map_pieces(const struct puzzle *p, const uint8_t *region, int nentries,
                       struct map_piece *piece)
{
    int n = p->ncells, w = p->width, stack[2 * MAP_CELLS_ON_STACK];
    int *which = n <= MAP_CELLS_ON_STACK ? stack : xmalloc(2 * (size_t)n * sizeof *which);
    int *parent = which + n;

    for (int k = 0; k < nentries; k++)
        piece[k] = (struct map_piece){ .count = 0, .first = -1, .split = false };
    for (int cell = 0; cell < n; cell++) {
        int k = region != NULL ? region[cell] : p->cage[cell];

        which[cell] = k < 0 || k >= nentries ? -1 : k;
    }
    for (int cell = 0, col = 0; cell < n; cell++, col = col + 1 == w ? 0 : col + 1) {
        int k = which[cell];
        bool left = col > 0 && which[cell - 1] == k, up = cell >= w && which[cell - w] == k;

        parent[cell] = left ? parent[cell - 1] : cell;
        /* The run above is joined already when the cell to the left joined it. */
        if (k >= 0 && up && !(left && which[cell - w - 1] == k))
            join_pieces(parent, cell - w, cell);
    }
    /* The first cell of an entry leads its own piece: any other piece is a second.  The
     * cells of a run share its first cell's piece. */
    for (int cell = 0, col = 0; cell < n; cell++, col = col + 1 == w ? 0 : col + 1) {
        int k = which[cell];

        if (k < 0)
            continue;
        piece[k].count++;
        if (piece[k].first < 0)
            piece[k].first = cell;
        else if (!(col > 0 && which[cell - 1] == k) && piece_root(parent, cell) != piece[k].first)
            piece[k].split = true;
    }
    if (which != stack)
        free(which);
}

/* Joins the pieces of runs a and b of region k (the runs' union-find is the cells' of
 * map_pieces); one piece fewer for k when they were two. */
static void join_runs(int *parent, int a, int b, int *pieces, int k)
{
    int ra = piece_root(parent, a), rb = piece_root(parent, b);

    if (ra != rb) {
        parent[ra > rb ? ra : rb] = ra > rb ? rb : ra;
        pieces[k]--;
    }
}

/* Whether every region is in range, has N cells and is one piece, in one pass over the
 * grid: a row's run of cells of one region is a piece, joined to each run of that region
 * above it that it touches (union-find over the runs, not the cells).  map_pieces, which
 * also finds where a region's second piece starts, cost 6.1k instructions a 9x9 Jigsaw,
 * which every Jigsaw read paid, this 3.9k; false (then map_pieces finds the fault and
 * says it) for any fault.  Grids of 128 cells or more (12x12 on) come here; smaller ones
 * go through regions_fine_sets. */
static bool regions_fine_runs(const struct puzzle *p)
{
    int n = p->max_digit, w = p->width, nruns = 0;
    int cells[PUZZLE_MAX_DIGIT] = { 0 }, pieces[PUZZLE_MAX_DIGIT] = { 0 };
    int run_of[MAP_CELLS_ON_STACK], parent[MAP_CELLS_ON_STACK];
    const uint8_t *region = p->region;

    if (p->ncells > MAP_CELLS_ON_STACK || n > PUZZLE_MAX_DIGIT)
        return false;
    for (int cell = 0, col = 0; cell < p->ncells; cell++, col = col + 1 == w ? 0 : col + 1) {
        int k = region[cell];
        bool up = cell >= w && region[cell - w] == k;

        if (k >= n)
            return false;
        cells[k]++;
        if (col > 0 && region[cell - 1] == k) {
            run_of[cell] = run_of[cell - 1];
            /* The run above is joined already when the cell to the left touches it. */
            if (up && region[cell - w - 1] != k)
                join_runs(parent, run_of[cell], run_of[cell - w], pieces, k);
            continue;
        }
        run_of[cell] = nruns;
        parent[nruns] = nruns;
        nruns++;
        pieces[k]++;
        if (up)
            join_runs(parent, run_of[cell], run_of[cell - w], pieces, k);
    }
    for (int k = 0; k < n; k++)
        if (cells[k] != n || pieces[k] != 1)
            return false;
    return true;
}

#if defined(__SIZEOF_INT128__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define REGIONS_AS_SETS 1
__extension__ typedef unsigned __int128 cellset128;

/* The bytes in which a and b agree, as bits 0-7 (byte i to bit i). */
static inline unsigned same_bytes(uint64_t a, uint64_t b)
{
    return util_byte_tops_gather(~util_nonzero_byte_tops(a ^ b) & 0x8080808080808080ull);
}

/* The cells whose right neighbour (*right) and whose lower neighbour (*down) are in the
 * same region, eight cells at a time, a 64-bit half at a time; map holds the regions with
 * room for 8 + width bytes past the grid, set to a byte no region has. */
static void same_region_links(const uint8_t *map, int ncells, int w, cellset128 *right, cellset128 *down)
{
    uint64_t half_right[2] = { 0, 0 }, half_down[2] = { 0, 0 };

    for (int i = 0; i < ncells; i += 8) {
        uint64_t here, next, below;

        memcpy(&here, map + i, 8);
        memcpy(&next, map + i + 1, 8);
        memcpy(&below, map + i + w, 8);
        half_right[i >> 6] |= (uint64_t)same_bytes(here, next) << (i & 63);
        half_down[i >> 6] |= (uint64_t)same_bytes(here, below) << (i & 63);
    }
    *right = (cellset128)half_right[1] << 64 | half_right[0];
    *down = (cellset128)half_down[1] << 64 | half_down[0];
}

/* The cells reach grows to through the links (right: to the next cell, down: to the one
 * w on), a step at a time until it grows no more, on the two 64-bit halves: 128-bit
 * shifts by w, a count the compiler cannot bound, each took a test and two moves more
 * (a step cost 55 instructions, this about 35). */
static cellset128 filled_from(cellset128 reach, cellset128 right, cellset128 down, int w)
{
    uint64_t lo = (uint64_t)reach, hi = (uint64_t)(reach >> 64);
    const uint64_t right_lo = (uint64_t)right, right_hi = (uint64_t)(right >> 64);
    const uint64_t down_lo = (uint64_t)down, down_hi = (uint64_t)(down >> 64);
    const unsigned by = (unsigned)w & 63, rest = (64 - by) & 63;   /* w is 1-16 */

    for (;;) {
        uint64_t east_lo = lo & right_lo, east_hi = hi & right_hi;
        uint64_t south_lo = lo & down_lo, south_hi = hi & down_hi;
        uint64_t grown_lo = lo | east_lo << 1 | ((lo >> 1 | hi << 63) & right_lo) | south_lo << by
                            | ((lo >> by | hi << rest) & down_lo);
        uint64_t grown_hi = hi | (east_hi << 1 | east_lo >> 63) | (hi >> 1 & right_hi)
                            | (south_hi << by | south_lo >> rest) | (hi >> by & down_hi);

        if (grown_lo == lo && grown_hi == hi)
            return (cellset128)hi << 64 | lo;
        lo = grown_lo;
        hi = grown_hi;
    }
}

/* regions_fine_runs for grids of up to 127 cells, without a union-find: the cells that
 * share their region with their right or lower neighbour are found eight at a time, and
 * all the regions are filled at once, each from one of its cells, through those links
 * alone (a few word operations a step, as many steps as the widest region is wide); the
 * regions are each one piece when the fill reaches every cell.  The union-find over row
 * runs cost 3.9k instructions a 9x9 Jigsaw (callgrind), this 1.75k. */
static bool regions_fine_sets(const struct puzzle *p)
{
    int n = p->max_digit, w = p->width, ncells = p->ncells;
    /* Counted by byte value, out of range too: when the n regions have n cells each,
     * they hold all n * n cells and none is out of range. */
    uint8_t cells[256], last[256], map[128 + 8 + 16];
    cellset128 all = ((cellset128)1 << ncells) - 1, right, down;
    uint64_t seeds[2] = { 0, 0 }, row_ends[2] = { 0, 0 };

    memset(cells, 0, sizeof cells);
    for (int cell = 0; cell < ncells; cell++) {
        unsigned k = p->region[cell];

        cells[k]++;
        last[k] = (uint8_t)cell;
    }
    /* Each region's last cell its seed, set in its 64-bit half: a 128-bit shift by a
     * count the compiler cannot bound was a ninth of the check (as for the rows' ends). */
    for (int k = 0; k < n; k++) {
        if (cells[k] != n)
            return false;
        seeds[last[k] >> 6] |= (uint64_t)1 << (last[k] & 63);
    }
    /* The last cell of each row, whose right neighbour is the next row's first. */
    for (int cell = w - 1; cell < ncells; cell += w)
        row_ends[cell >> 6] |= (uint64_t)1 << (cell & 63);
    memcpy(map, p->region, (size_t)ncells);
    memset(map + ncells, 0xff, sizeof map - (size_t)ncells);
    same_region_links(map, ncells, w, &right, &down);
    right &= all & ~((cellset128)row_ends[1] << 64 | row_ends[0]);
    down &= all;
    return filled_from((cellset128)seeds[1] << 64 | seeds[0], right, down, w) == all;
}
#endif

/* Whether every region is in range, has N cells and is one piece; false (then map_pieces
 * finds the fault and says it) for any fault. */
bool variant_regions_fine(const struct puzzle *p)
{
#ifdef REGIONS_AS_SETS
    if (p->ncells < 128 && p->width <= 16 && p->width * p->height == p->ncells
        && p->max_digit * p->max_digit == p->ncells)
        return regions_fine_sets(p);
#endif
    return regions_fine_runs(p);
}

bool variant_check_regions(const struct puzzle *p, struct puzzle_error *err)
{
    return variant_check_regions_named(p, NULL, err);
}

bool variant_check_regions_named(const struct puzzle *p, const char *symbols, struct puzzle_error *err)
{
    char name[PUZZLE_CELL_NAME_MAX];

    if (variant_regions_fine(p))
        return true;
    for (int cell = 0; cell < p->ncells; cell++)
        if (p->region[cell] >= p->max_digit)
            return fail(err, cell, _("%1$s is in region %2$d; a %3$dx%3$d Jigsaw has regions 1-%3$d"),
                        puzzle_cell_name(p, cell, name), p->region[cell] + 1, p->max_digit);
    struct map_piece piece[PUZZLE_MAX_DIGIT];

    map_pieces(p, p->region, p->max_digit, piece);
    for (int r = 0; r < p->max_digit; r++) {
        int first = piece[r].first;

        if (piece[r].count != p->max_digit && symbols != NULL)
            return fail(err, first, _("region '%1$c' has %2$d cells; each region of a %3$dx%3$d Jigsaw has %3$d"),
                        symbols[first], piece[r].count, p->max_digit);
        if (piece[r].count != p->max_digit)
            return fail(err, first, _("region %1$d has %2$d cells; each region of a %3$dx%3$d Jigsaw has %3$d"),
                        r + 1, piece[r].count, p->max_digit);
        if (piece[r].split && symbols != NULL)
            return fail(err, first, _("region '%1$c' (from %2$s) is not contiguous"),
                        symbols[first], puzzle_cell_name(p, first, name));
        if (piece[r].split)
            return fail(err, first, _("region %1$d (from %2$s) is not contiguous"),
                        r + 1, puzzle_cell_name(p, first, name));
    }
    return true;
}

bool variant_check_cages(const struct puzzle *p, struct puzzle_error *err)
{
    char name[PUZZLE_CELL_NAME_MAX];
    struct map_piece *piece = xmalloc(((size_t)p->ncages + 1) * sizeof *piece);
    bool ok = true;

    map_pieces(p, NULL, p->ncages, piece);
    for (int k = 0; k < p->ncages && ok; k++) {
        int count = piece[k].count, first = piece[k].first;

        if (count == 0)
            continue;   /* a cage the format named but gave no cell: nothing to check */
        /* The cell named only for a message: naming each cage's first cell (snprintf)
         * was a third of reading a Killer. */
        if (piece[k].split)
            ok = fail(err, first, _("the cage at %1$s is not contiguous"), puzzle_cell_name(p, first, name));
        else if (count > p->max_digit)
            ok = fail(err, first, _("the cage at %1$s has %2$d cells; a cage holds at most %3$d"),
                      puzzle_cell_name(p, first, name), count, p->max_digit);
        else if (count == 1 && !sum_feasible(count, p->cage_sum[k], 0, p->max_digit))
            ok = fail(err, first, _("the sum %1$d of the one-cell cage at %2$s is not a digit 1-%3$d"),
                      p->cage_sum[k], puzzle_cell_name(p, first, name), p->max_digit);
        else if (!sum_feasible(count, p->cage_sum[k], 0, p->max_digit))
            ok = fail(err, first, _("the cage sum %1$d at %2$s cannot be made from %3$d different digits 1-%4$d"),
                      p->cage_sum[k], puzzle_cell_name(p, first, name), count, p->max_digit);
    }
    free(piece);
    return ok;
}

bool variant_check(const struct puzzle *p, struct puzzle_error *err)
{
    if ((p->variant & VARIANT_JIGSAW) && !variant_check_regions(p, err))
        return false;
    if ((p->variant & VARIANT_KILLER) && !variant_check_cages(p, err))
        return false;
    return true;
}

bool variant_check_cover(const struct puzzle *p, struct puzzle_error *err)
{
    char name[PUZZLE_CELL_NAME_MAX];
    int total = 0, want = p->max_digit * p->max_digit * (p->max_digit + 1) / 2;

    if (!(p->variant & VARIANT_KILLER))
        return true;
    for (int cell = 0; cell < p->ncells; cell++)
        if (p->cage[cell] < 0)
            return fail(err, cell, _("%1$s is in no cage; the cages of a Killer must cover the grid"),
                        puzzle_cell_name(p, cell, name));
    /* Covering the grid, the cages hold each digit N times: sums that miss that total
     * leave no solution, which is said here rather than by a search that finds none.  A
     * cage counts once, at its first cell in reading order (a cage without cells not at
     * all): one pass over the grid, where counting each cage's cells was one per cage. */
    bool stack[MAP_CELLS_ON_STACK] = { false };
    bool *counted = p->ncages <= MAP_CELLS_ON_STACK ? stack : xcalloc((size_t)p->ncages, sizeof *counted);

    for (int cell = 0; cell < p->ncells; cell++) {
        int k = p->cage[cell];

        if (k < p->ncages && !counted[k]) {
            counted[k] = true;
            total += p->cage_sum[k];
        }
    }
    if (counted != stack)
        free(counted);
    if (total != want)
        return fail(err, 0, _("the cage sums add up to %1$d, not %2$d as the digits of a %3$dx%3$d grid do"),
                    total, want, p->max_digit);
    return true;
}

int variant_cell_count(const struct puzzle *p, int cage)
{
    int n = 0;

    for (int cell = 0; cell < p->ncells; cell++)
        n += p->cage[cell] == cage;
    return n;
}
