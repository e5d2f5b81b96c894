/* variant_fast_body.h: the batch search for X, Jigsaw and Killer grids, written once over a set of cells; variant_fast128.c and variant_fast256.c include it with their width. */

/* The including file defines cellset (a set of up to FAST_MAX_CELLS cells, bit i: cell i
 * in reading order) and its operations that & | ~ do not give (variant_cells128.h and
 * variant_cells256.h), FAST_MAX_DIGIT and the room below that grows with the grid, and
 * FAST_SOLVE, the name of its search. */

#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "variant_fast.h"

/*
 * variant_solve.c walks groups cell by cell, which the observer needs (every step named
 * in order) but which costs a batch search ten times what the 9x9 bitboards do.  Here a
 * grid is one set of cells per digit (bit i: cell i in reading order may still take the
 * digit; a 128-bit word up to 11x11, four 64-bit words up to 16x16), so the rules are a
 * few word operations each:
 *  - placing d at a cell clears the cell from the other digits' words and the cell's
 *    peers (every cell sharing a group with it) from d's word;
 *  - naked singles and empty cells come from bit-sliced counts over the digits' words;
 *  - a unit (row, column, box, region, diagonal) whose cells hold a digit's word in one
 *    place gives a hidden single, in none a dead end;
 *  - a cage keeps only the digits some set making its sum with the digits placed can
 *    still use (sum_digits: Kakuro's tables for 9x9), where a set must also hold each
 *    digit that a unit crossing the cage in two cells or more has only in the cage;
 *  - a digit every such set holds goes in the cage: with one place there it is placed,
 *    and the cells seeing all its places lose it (cage/unit interaction);
 *  - the rule of 45 over units and runs of rows or columns gives more cages, fixed with
 *    the shape: the cells left over inside (innies) and those cages reaching out of it
 *    hold outside (outies), where they see one another;
 *  - locked candidates over every pair of units sharing cells (box and line, region and
 *    line, diagonal and box...): the other units holding a unit's first and last places
 *    for a digit are the only ones that can hold all of them, so only those are tried.
 * Each digit keeps the set of units whose cells for it changed since they were last
 * looked at (for singles, and apart for locked candidates): a cell losing a digit
 * touches only its own three or four units, so most rounds look at a few units rather
 * than all of them.  Cages are looked at again only when one of their cells was solved
 * or lost a digit.  Locked candidates from unit a into unit b can only appear when a
 * loses cells, so a is looked at when it changed.
 * The state is the digits' words and the solved cells: a branch copies it, so nothing
 * is undone.  The branch cell has the fewest candidates (the first in reading order
 * when the smallest solution is wanted, digits ascending, so the first found is it).
 */

#define FAST_MAX_UNITS (3 * FAST_MAX_DIGIT + 2)
/* The rule of 45's cages of more cells have many sets, narrow little and cost at every
 * node: with five cells or more kept, 300 Master Killers took 25% more time for 16% fewer
 * nodes; with three at most, twice the nodes. */
#define FAST_VIRTUAL_MAX_CELLS 4
/* Line and region sets whose cells apart are few (as the rater's rule): with 3 cells a
 * side 300 Master Jigsaws took 29.3 nodes, with 4 24.1, with 5 22.8 for 2% more
 * instructions, with 6 21.8 for 8% more.  Measured again once the pairs of one line
 * and one region were gone (kakudo solve of the 300, callgrind): 4 cells, 24.6 nodes;
 * 5, 23.0 for 3.6% more instructions; 6, 22.0 for 9.6% more; no bound (9 cells, up to
 * 256 pairs), 20.2 for 32% more: the rounds the pairs start cost more than the nodes
 * they save. */
#define FAST_PAIR_MAX_CELLS 4
#define FAST_MAX_PAIRS 64
/* Digit sets keyed by their size and sum: sums of distinct digits up to 11 reach 66. */
#define FAST_SUM_KEYS (FAST_MAX_DIGIT * (FAST_MAX_DIGIT + 1) / 2 + 1)
#define FAST_SET_KEYS ((FAST_MAX_DIGIT + 1) * FAST_SUM_KEYS)

/* A set of units, bit u for unit u. */
typedef uint64_t unitset;

/* The empty unit after the last (struct fast_geometry's units): its bit stands in for
 * none where a loop would be a branch each way. */
#define FAST_NO_UNIT FAST_MAX_UNITS
_Static_assert(FAST_NO_UNIT < 64, "a unitset has a bit for the empty unit");

/* What the search knows of a puzzle's groups, worked out once per shape: a batch or the
 * generator solves many puzzles of one shape (a Jigsaw's regions, a Killer's cages) in a
 * row, and a Killer's digit sets and rule of 45 cost more to find than an easy solve. */
struct fast_geometry {
    /* The shape: everything puzzle_finish builds the groups from. */
    bool built;
    int width, height, max_digit, box_rows, box_cols, ncages;
    unsigned variant;
    uint8_t region[FAST_MAX_CELLS];
    int16_t cage[FAST_MAX_CELLS];
    int cage_sum[FAST_MAX_CELLS];
    /* Its groups. */
    bool fits;                  /* false: the search of variant_solve.c takes it */
    cellset all;               /* the puzzle's cells */
    cellset peers[FAST_MAX_CELLS];     /* per cell: those sharing a group with it */
    /* The groups holding every digit, then an empty set (FAST_NO_UNIT) where a unit
     * looked up without a branch may be none. */
    cellset units[FAST_MAX_UNITS + 1];
    struct cells_fold unit_folds[FAST_MAX_UNITS];  /* the same, packed for counting */
    unitset turned_units;       /* those whose folds are turned (cells_fold_unturned) */
    int nunits;
    unitset all_units;
    unitset cell_units[FAST_MAX_CELLS];  /* per cell: the units holding it */
    /* Cages (the puzzle's, then the rule of 45's), each with the digit sets of its size
     * making its sum, the units holding its cells and those holding two or more (shared). */
    struct fast_cage { cellset cells; unitset units, shared; int sum, first, ncombos; } cages[FAST_MAX_SUM_GROUPS];
    int nsum_groups, nreal_cages;  /* the puzzle's cages first, then the rule of 45's */
    /* The rule of 45 between k lines in a run and the k Jigsaw regions holding most of
     * their cells: both hold every digit k times, so the lines' cells outside the regions
     * (a) hold the digits of the regions' cells outside the lines (b).  distinct: a's
     * cells see one another and b's too, so each side holds each digit once at most. */
    struct fast_pair { cellset a, b; int ncells; bool distinct; } pairs[FAST_MAX_PAIRS];
    int npairs;
    bool pairs_built;           /* false: not yet (with_pairs builds them) */
    unitset region_units;       /* the units that are Jigsaw regions */
    int map_regions;            /* the unit of region 0 where the regions are units in
                                   the order of g->region (add_region_map), or -1 */
    digitset combos[FAST_MAX_COMBOS];
    /* Every set of digits 1..max_digit ordered by size, then sum: those of size n adding
     * to s are sets[set_start[n * FAST_SUM_KEYS + s]] up to the next key's start. */
    digitset sets[1 << FAST_MAX_DIGIT];
    int set_start[FAST_SET_KEYS + 1];
    int sets_digits;            /* the max_digit they were sorted for (0: none yet) */
    int ncombos;
    /* The rows and columns (the groups a Sudoku's list starts with, the same for every
     * shape of a size) alone: their masks, and the peers and units they give each cell.
     * A Jigsaw's new shape brings new regions only; building the lines again took a
     * quarter of an Easy Jigsaw's solve. */
    int lines_width, lines_height, nlines;  /* the grid they were built for (0: none yet) */
    cellset line_masks[2 * FAST_MAX_DIGIT];
    struct cells_fold line_folds[2 * FAST_MAX_DIGIT];
    unitset line_turned;
    cellset line_peers[FAST_MAX_CELLS];
    unitset line_units[FAST_MAX_CELLS];
};

struct fast_state {
    cellset cand[FAST_MAX_DIGIT + 1];  /* per digit: the cells that may take it */
    cellset solved;                    /* cells whose digit is placed */
    unitset todo[FAST_MAX_DIGIT + 1];   /* per digit: units whose cells for it changed
                                           since last looked at for singles ... */
    unitset locked_todo[FAST_MAX_DIGIT + 1];    /* ... and for locked candidates */
    cellset lost[FAST_MAX_DIGIT + 1];  /* per digit: cells losing it whose units are
                                           not marked in todo yet */
    unitset settled[FAST_MAX_DIGIT + 1];    /* per digit: units where it is placed */
    cellset touched;                   /* cells solved or losing a digit since the cages
                                           holding them were last looked at */
    cellset pair_touched;              /* the same for the pairs, less touched */
};

struct fast_ctx {
    const struct fast_geometry *g;
    const struct puzzle *p;
    int max_digit;
    bool reading_order;
    long limit;
    const struct solve_budget *budget;
    struct solve_result *res;
    const uint8_t *avoid;       /* a solution not to write in res->solution, or NULL */
    struct solve_stats stats;
    bool done, gave_up, written;
};

/* Bits set in x: without -mpopcnt, __builtin_popcountll is a call into libgcc. */
static inline int count64(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555u);
    x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Fu;
    return (int)((x * 0x0101010101010101u) >> 56);
}

static inline int cell_count(cellset x)
{
    int n = 0;

    for (int w = 0; w < FAST_WORDS; w++)
        n += count64(cells_word(x, w));
    return n;
}

/* The digits cell may still take. */
static digitset cell_digits(int max_digit, const struct fast_state *s, int cell)
{
    cellset b = cell_bit(cell);
    digitset out = 0;

    /* Without a branch per digit: which digits a cell holds is not predictable. */
    for (int d = 1; d <= max_digit; d++)
        out |= (digitset)cells_any(s->cand[d] & b) << d;
    return out;
}

/* The units holding one of cells. */
static unitset units_of(const struct fast_geometry *g, cellset cells)
{
    unitset out = 0;

    /* A 64-bit word at a time: its steps cost less than the whole set's. */
    for (int w = 0; w < FAST_WORDS; w++)
        for (uint64_t bits = cells_word(cells, w); bits != 0; bits &= bits - 1)
            out |= g->cell_units[64 * w + __builtin_ctzll(bits)];
    return out;
}

/* Takes d from cell's peers, placing it there: d is settled in the cell's units. */
static inline void take_from_peers(const struct fast_geometry *g, struct fast_state *s, int cell, int d)
{
    cellset b = cell_bit(cell), lost = s->cand[d] & g->peers[cell];

    s->solved |= b;
    s->touched |= lost | b;
    s->lost[d] |= lost;
    s->settled[d] |= g->cell_units[cell];
    s->cand[d] = (s->cand[d] & ~g->peers[cell]) | b;
}

/* Places d at cell (which may take it); the cell's own units are to be looked at for
 * the other digits it loses. */
static void fast_place(const struct fast_geometry *g, struct fast_state *s, int cell, int d)
{
    /* Without a branch per digit: which digits the cell holds is not predictable.  The
     * digits losing the cell have its units marked at once, where they are known, rather
     * than the cell kept in lost[] for units_of to look up: over a quarter of its sets
     * were that one cell (300 Master Jigsaws: 0.7% more instructions, CPU 0.98x). */
    cells_take_cell_marking(s->cand, s->todo, 1, g->max_digit, cell, g->cell_units[cell]);
    take_from_peers(g, s, cell, d);
}

/* Places d at cells all at once (as fast_place does each, or take_from_peers where
 * others is false: their other digits are gone): their peers and units gathered first,
 * the state changed once; false when two of them see each other.  A look's singles of a
 * digit are 1.5 cells on average; one at a time (naked and hidden), 300 Jigsaws of each
 * level took 1.2% to 1.5% more instructions. */
static inline __attribute__((always_inline)) bool place_digit_singles(
    const struct fast_geometry *g, struct fast_state *s, cellset cells, int d, bool others)
{
    cellset seen = FAST_NO_CELLS, lost;
    unitset units = 0;

    for (cellset x = cells; cells_any(x); x = cells_drop_first(x)) {
        int cell = first_cell(x);

        /* The other digits lose the cell in the one word holding it, its units marked
         * (fast_place); the whole set taken from each digit at once cost more (+0.6%). */
        if (others)
            cells_take_cell_marking(s->cand, s->todo, 1, g->max_digit, cell, g->cell_units[cell]);
        seen |= g->peers[cell];
        units |= g->cell_units[cell];
    }
    if (cells_any(cells & seen))
        return false;
    lost = s->cand[d] & seen;
    s->solved |= cells;
    s->touched |= lost | cells;
    s->lost[d] |= lost;
    s->settled[d] |= units;
    s->cand[d] = (s->cand[d] & ~seen) | cells;
    return true;
}

/* Cells left with one digit take it; false when a cell has none left. *placed is set
 * when any was placed. */
static bool naked_singles(const struct fast_geometry *g, struct fast_state *s, bool *placed)
{
    cellset unsolved = g->all & ~s->solved, once = FAST_NO_CELLS, more = FAST_NO_CELLS, singles;
    digitset with = 0;

    /* Over every cell: a solved one holds its digit alone, so it is in once, never in
     * more, and is left out after. */
    for (int d = 1; d <= g->max_digit; d++) {
        more |= once & s->cand[d];
        once |= s->cand[d];
    }
    if (cells_any(unsolved & ~once))
        return false;
    singles = once & ~more & unsolved;
    if (!cells_any(singles))
        return true;
    *placed = true;
    /* Digit by digit: a single holds no other digit, so only d's peers lose one.  The
     * digits with singles are gathered first, without a branch per digit. */
    for (int d = 1; d <= g->max_digit; d++)
        with |= (digitset)cells_any(singles & s->cand[d]) << d;
    for (; with != 0; with &= with - 1) {
        int d = lowest_bit(with);

        if (!place_digit_singles(g, s, singles & s->cand[d], d, false))
            return false;
    }
    return true;
}

/* The units among units holding x (a digit's cells) in one place or none: one test per
 * unit, without a branch (whether a unit has one is not predictable); mostly none does.
 * Each on the unit's cells folded into one word (cells_fold_one): the test of the whole
 * set was half the instructions of an Easy Jigsaw's hidden singles. */
static unitset narrow_units(const struct fast_geometry *g, cellset x, unitset units)
{
    unitset narrow = 0;

    /* The units whose folds are unturned first, without the turn (all but a Jigsaw X's
     * diagonals, mostly): 2.1% to 2.4% fewer instructions on 300 Jigsaws a level. */
    for (unitset plain = units & ~g->turned_units; plain != 0; plain &= plain - 1) {
        int u = __builtin_ctzll(plain);

        narrow |= (unitset)cells_fold_one_unturned(x, &g->unit_folds[u]) << u;
    }
    for (unitset turned = units & g->turned_units; turned != 0; turned &= turned - 1) {
        int u = __builtin_ctzll(turned);

        narrow |= (unitset)cells_fold_one(x, &g->unit_folds[u]) << u;
    }
    return narrow;
}

/* Digit d in each unit that changed: with one place it goes there, with none a dead end.
 * The places are gathered first and placed after, and so on to d's fixed point: the
 * places set take d from their peers, which may leave other units one place for it.
 * Looked at now, those cost a pass over the few units the peers are in; left to the
 * next round, a count of every digit's naked singles came first (callgrind, kakudo solve
 * of 300 Master Jigsaws: 1.3% fewer instructions this way).  Every digit's singles to a
 * fixed point before the naked singles again cost more: the cells placed lose their
 * other digits, a pass for each of those. */
static bool hidden_singles(const struct fast_geometry *g, struct fast_state *s, int d, bool *placed)
{
    bool more;

    do {
        unitset todo = (s->todo[d] | units_of(g, s->lost[d])) & ~s->settled[d], narrow;
        cellset singles = FAST_NO_CELLS;

        s->todo[d] = 0;
        s->lost[d] = FAST_NO_CELLS;
        s->locked_todo[d] |= todo;
        for (narrow = narrow_units(g, s->cand[d], todo); narrow != 0; narrow &= narrow - 1) {
            cellset m = s->cand[d] & g->units[__builtin_ctzll(narrow)];

            if (!cells_any(m))
                return false;
            singles |= m;
        }
        singles &= ~s->solved;
        more = cells_any(singles);
        *placed |= more;
        /* Two places of d in one unit see each other. */
        if (more && !place_digit_singles(g, s, singles, d, true))
            return false;
    } while (more);
    return true;
}

/* What unit v's cells outside unit u lose where own, a digit's places in u, all lie in
 * v: nothing when they do not, or when v is the empty unit. */
static inline cellset lock_into(const struct fast_geometry *g, cellset own, int u, int v)
{
    cellset other = g->units[v];

    return other & ~g->units[u] & cells_if(!cells_any(own & ~other));
}

/* Where digit d's places in a unit that changed all lie in another, the rest of the
 * other loses it.  The other holds the first and the last of those places, so the units
 * tried are those holding both: mostly none, where the units sharing two cells or more
 * with a Jigsaw's line are five or so.  A unit where d is placed has taken it from its
 * peers already, and no unit is without a place for d: the singles, all found by now,
 * placed d where a unit had one place for it and stopped where one had none. */
static bool locked_candidates(const struct fast_geometry *g, struct fast_state *s, int d)
{
    cellset x = s->cand[d], lose = FAST_NO_CELLS;
    unitset todo = s->locked_todo[d] & ~s->settled[d];

    s->locked_todo[d] = 0;
    /* Each unit against the digit's cells as they were: a chain of updates would make
     * every step wait for the one before; what one lock leads to is found in the next
     * round. */
    for (; todo != 0; todo &= todo - 1) {
        int u = __builtin_ctzll(todo);
        cellset own = x & g->units[u];
        unitset others;

        if (!cells_any(own))
            continue;   /* not met (see above): first_cell needs a cell */
        others = g->cell_units[first_cell(own)] & g->cell_units[last_cell(own)] & ~((unitset)1 << u);
#if FAST_WORDS <= 2
        /* Two cells share two units at most, u one of them: the other is looked at
         * without a branch (whether there is one is not predictable: 7% of the search's
         * missed branches, cachegrind's model, 300 Master Jigsaws), the empty unit when
         * there is none, any more in a loop.  On four words the test costs more than the
         * missed branches it saves (20 Easy 16x16 Jigsaws, 1.04x CPU). */
        lose |= lock_into(g, own, u, __builtin_ctzll(others | (unitset)1 << FAST_NO_UNIT));
        others &= others - 1;
#endif
        for (; others != 0; others &= others - 1)
            lose |= lock_into(g, own, u, __builtin_ctzll(others));
    }
    x &= ~lose;
    if (cells_equal(x, s->cand[d]))
        return false;
    s->lost[d] |= s->cand[d] & ~x;
    s->touched |= s->cand[d] & ~x;
    s->cand[d] = x;
    return true;
}

/* The digits a cage must hold besides those placed in it: each that a unit crossing
 * it in two cells or more can take only in its open cells. */
static digitset cage_confined(const struct fast_geometry *g, const struct fast_state *s,
                              const struct fast_cage *cage, cellset open, digitset rest)
{
    digitset out = 0;

    for (; rest != 0; rest &= rest - 1) {
        int d = lowest_bit(rest);

        for (unitset sh = cage->shared; sh != 0; sh &= sh - 1) {
            cellset x = s->cand[d] & g->units[__builtin_ctzll(sh)];

            if (cells_any(x) && !cells_any(x & ~open)) {
                out |= 1u << d;
                break;
            }
        }
    }
    return out;
}

/* Digit d, which the cage's open cells must hold: with one place there it goes there,
 * otherwise the cells seeing every place lose it; false when it has none.  Inline: called
 * from the pairs too, GCC made it a call, and 62 Killers took 0.8% more instructions. */
static inline bool cage_required(const struct fast_geometry *g, struct fast_state *s, cellset open,
                          int d, bool *changed)
{
    cellset where = s->cand[d] & open, seen = g->all;

    if (!cells_any(where))
        return false;
    if (one_cell(where)) {
        fast_place(g, s, first_cell(where), d);
        *changed = true;
        return true;
    }
    for (cellset x = where; cells_any(x); x = cells_drop_first(x))
        seen &= g->peers[first_cell(x)];
    seen &= s->cand[d];
    if (cells_any(seen)) {
        s->lost[d] |= seen;
        s->touched |= seen;
        s->cand[d] &= ~seen;
        *changed = true;
    }
    return true;
}

/* A cage's empty cells keep the digits of its sets that hold the digits placed and those
 * it must hold, and whose other digits its empty cells can still take; the digits every
 * such set holds are placed or confined.  false when no set is left (a full cage with
 * the wrong sum included). */
static bool cage_sum(const struct fast_geometry *g, struct fast_state *s,
                     const struct fast_cage *cage, bool *changed)
{
    cellset placed = cage->cells & s->solved, open = cage->cells & ~s->solved;
    digitset used = 0, avail = 0, allowed = 0, required = ~(digitset)0, must;

    for (int d = 1; d <= g->max_digit; d++) {
        cellset x = s->cand[d] & cage->cells;

        used |= cells_any(x & placed) ? 1u << d : 0;
        avail |= cells_any(x & open) ? 1u << d : 0;
    }
    must = used | cage_confined(g, s, cage, open, avail & ~used);
    for (int i = cage->first; i < cage->first + cage->ncombos; i++) {
        digitset set = g->combos[i];

        if ((set & must) == must && (set & ~used & ~avail) == 0) {
            allowed |= set;
            required &= set;
        }
    }
    if (allowed == 0)
        return false;
    for (digitset left = required & ~used; left != 0; left &= left - 1)
        if (!cage_required(g, s, open, lowest_bit(left), changed))
            return false;
    for (digitset lose = avail & ~allowed; lose != 0; lose &= lose - 1) {
        int d = lowest_bit(lose);

        if (cells_any(s->cand[d] & open)) {
            s->touched |= s->cand[d] & open;
            s->lost[d] |= s->cand[d] & open;
            s->cand[d] &= ~open;
        }
        *changed = true;
    }
    return true;
}

/* What the two sides of a pair can take (or hold) and what is placed on each. */
struct pair_digits { digitset in_a, in_b, placed_a, placed_b; };

static struct pair_digits pair_digits(const struct fast_geometry *g, const struct fast_state *s,
                                      const struct fast_pair *pair)
{
    struct pair_digits out = { 0, 0, 0, 0 };

    /* Without a branch per digit: which digits a few cells hold is not predictable. */
    for (int d = 1; d <= g->max_digit; d++) {
        cellset a = s->cand[d] & pair->a, b = s->cand[d] & pair->b;

        out.in_a |= (digitset)cells_any(a) << d;
        out.in_b |= (digitset)cells_any(b) << d;
        out.placed_a |= (digitset)cells_any(a & s->solved) << d;
        out.placed_b |= (digitset)cells_any(b & s->solved) << d;
    }
    return out;
}

/* Takes the digits of lose from cells; false when one of them holds such a digit placed. */
static bool take_digits(struct fast_state *s, cellset cells, digitset lose, bool *changed)
{
    for (; lose != 0; lose &= lose - 1) {
        int d = lowest_bit(lose);
        cellset x = s->cand[d] & cells;

        if (cells_any(x & s->solved))
            return false;
        s->lost[d] |= x;
        s->touched |= x;
        s->cand[d] &= ~x;
        *changed = true;
    }
    return true;
}

/* The digits of need each go in the open cells among cells (cage_required). */
static bool require_digits(const struct fast_geometry *g, struct fast_state *s, cellset cells,
                           digitset need, bool *changed)
{
    for (; need != 0; need &= need - 1)
        if (!cage_required(g, s, cells & ~s->solved, lowest_bit(need), changed))
            return false;
    return true;
}

/* A pair's sides hold the same digits: a digit one side cannot take leaves the other,
 * and one placed on a side and not on the other goes in the other's open cells.  Where
 * each side holds distinct digits and the digits both can take are as many as its
 * cells, each side holds every one of them.  false at a dead end. */
static bool pair_equal(const struct fast_geometry *g, struct fast_state *s,
                       const struct fast_pair *pair, bool *changed)
{
    struct pair_digits x = pair_digits(g, s, pair);
    digitset both = x.in_a & x.in_b, need_a = x.placed_b, need_b = x.placed_a;

    if (pair->distinct) {
        int n = popcount32(both);

        if (n < pair->ncells)
            return false;
        if (n == pair->ncells)
            need_a = need_b = both;
    }
    return take_digits(s, pair->a, x.in_a & ~x.in_b, changed)
           && take_digits(s, pair->b, x.in_b & ~x.in_a, changed)
           && require_digits(g, s, pair->a, need_a & ~x.placed_a, changed)
           && require_digits(g, s, pair->b, need_b & ~x.placed_b, changed);
}

/* Each pair with a cell solved or losing a digit since the last look; false at a dead
 * end. */
static bool pair_equals(const struct fast_geometry *g, struct fast_state *s, bool *changed)
{
    cellset dirty = s->pair_touched | s->touched;

    s->pair_touched = FAST_NO_CELLS;
    for (int k = 0; k < g->npairs; k++)
        if (cells_any((g->pairs[k].a | g->pairs[k].b) & dirty) && !pair_equal(g, s, &g->pairs[k], changed))
            return false;
    return true;
}

/* Each cage with a cell solved or losing a digit since the last look; false at a dead
 * end.  The pairs look at those cells later. */
static bool cage_sums(const struct fast_geometry *g, struct fast_state *s, bool *changed)
{
    cellset dirty = s->touched;

    s->touched = FAST_NO_CELLS;
    s->pair_touched |= dirty;
    for (int k = 0; k < g->nsum_groups; k++)
        if (cells_any(g->cages[k].cells & dirty) && !cage_sum(g, s, &g->cages[k], changed))
            return false;
    return true;
}

/* The digits with units to look at for singles, gathered without a branch per digit:
 * which have some is not predictable, and testing each in turn was 7% of the search's
 * missed branches (callgrind's model, 300 Master Jigsaws).  A digit that gets some while
 * the others are looked at (a cell placed loses its other digits) is looked at in the
 * next round: a cell was placed, so there is one. */
static digitset digits_to_look_at(const struct fast_state *s)
{
    digitset out = 0;

    /* Over all FAST_MAX_DIGIT digits, those above the puzzle's having neither (fast_start
     * clears them, and nothing marks them after): a loop of a fixed count, unrolled, each
     * digit a few instructions with no loop around them.  Up to the puzzle's count, this
     * was 2.1M of the 262.9M instructions of 300 Master Jigsaws (callgrind), 1.5M so. */
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 8
#pragma GCC unroll 16
#endif
    for (int d = 1; d <= FAST_MAX_DIGIT; d++) {
        uint64_t any = s->todo[d];

        for (int w = 0; w < FAST_WORDS; w++)
            any |= cells_word(s->lost[d], w);
        out |= (digitset)(any != 0) << d;
    }
    return out;
}

/* The same for locked candidates, over all FAST_MAX_DIGIT digits as digits_to_look_at
 * (those above the puzzle's have none): 800k instructions of 300 Master Jigsaws' up to
 * the puzzle's count, 540k so. */
static digitset digits_to_lock(const struct fast_state *s)
{
    digitset out = 0;

#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 8
#pragma GCC unroll 16
#endif
    for (int d = 1; d <= FAST_MAX_DIGIT; d++)
        out |= (digitset)(s->locked_todo[d] != 0) << d;
    return out;
}

/* Everything the rules above force, the cheaper first; false at a dead end. */
static bool fast_propagate(const struct fast_geometry *g, struct fast_state *s)
{
    for (;;) {
        bool changed = false;

        if (!naked_singles(g, s, &changed))
            return false;
        if (changed)
            continue;
        if (!cells_any(g->all & ~s->solved))
            return cage_sums(g, s, &changed);
        /* Every digit's hidden singles before the naked singles again: these rules only
         * take candidates away, so the order does not change where they end, and a
         * round of naked singles counts all the digits. */
        for (digitset look = digits_to_look_at(s); look != 0; look &= look - 1)
            if (!hidden_singles(g, s, lowest_bit(look), &changed))
                return false;
        if (changed)
            continue;
        if (!cage_sums(g, s, &changed))
            return false;
        if (changed)
            continue;
        /* A round that changes nothing ends here, rather than counting again. */
        for (digitset look = digits_to_lock(s); look != 0; look &= look - 1)
            changed |= locked_candidates(g, s, lowest_bit(look));
        if (changed)
            continue;
        /* The pairs last: they cost the most and narrow least often. */
        if (g->npairs != 0 && !pair_equals(g, s, &changed))
            return false;
        if (!changed)
            return true;
    }
}

/* The cell to branch on: the first empty one in reading order, or one with the fewest
 * digits left (two, found from bit-sliced counts, when there is one).
 * Why a Master Jigsaw takes about twice the nodes of a plain Master (24.6 against 12.8,
 * 300 of each from kakudo generate --level master --seed 1): it has fewer givens (18.9
 * against 25.7), since a variant rated below Master at Master's givens loses more
 * (generate_variant.c, master_below).  120 Master Jigsaws made with plain's givens
 * (--givens 24-27: 24.4 on average) took 14.9 nodes.  What else was tried on the 300
 * (nodes; instructions of the whole solve against 83.4M, callgrind), none kept:
 *  - branching on the two-digit cell whose digits most of its open peers can take (then
 *    the most open peers): 23.0 nodes, 4.6% more instructions; by its two-digit peers
 *    24.5-26.9 nodes; on a digit's two places in a unit: 28.4 nodes or more;
 *  - fish of two units against two of another partition (rows, columns, regions): 20.7
 *    nodes at 2.7 times the instructions, of three 20.4; rows and columns against
 *    regions alone 21.9 at 2.4 times;
 *  - naked pairs in every unit: 24.2 nodes.
 * 100 Master Jigsaw Xs (14.5 givens, 68.2 nodes) the same: fish 58.2, pairs of up to 9
 * cells 57.0, naked pairs 65.5, that branching 71.0. */
static int branch_cell(const struct fast_ctx *c, const struct fast_state *s)
{
    cellset unsolved = c->g->all & ~s->solved, one = FAST_NO_CELLS, two = FAST_NO_CELLS,
            three = FAST_NO_CELLS, pairs;
    int best = -1, fewest = FAST_MAX_DIGIT + 1;

    if (c->reading_order)
        return first_cell(unsolved);
    for (int d = 1; d <= c->max_digit; d++) {
        cellset x = s->cand[d] & unsolved;

        three |= two & x;
        two |= one & x;
        one |= x;
    }
    pairs = two & ~three;
    if (cells_any(pairs)) {
        /* Of the cells with two digits, the one with the most empty peers: either
         * guess there settles the most. */
        int most = -1;

        for (; cells_any(pairs); pairs = cells_drop_first(pairs)) {
            int cell = first_cell(pairs), n = cell_count(c->g->peers[cell] & unsolved);
            bool better = n > most;

            /* Chosen without a branch: which cell has the most is not predictable. */
            best = better ? cell : best;
            most = better ? n : most;
        }
        return best;
    }
    for (cellset left = unsolved; cells_any(left); left = cells_drop_first(left)) {
        int cell = first_cell(left), n = popcount32(cell_digits(c->max_digit, s, cell));

        if (n < fewest) {
            fewest = n;
            best = cell;
        }
    }
    return best;
}

static void found(struct fast_ctx *c, const struct fast_state *s)
{
    uint8_t *out = c->res->solution;

    c->res->count++;
    if (out != NULL && !c->written) {
        /* Digit by digit: each cell is in one digit's word, block cells in none. */
        memset(out, 0, (size_t)c->p->ncells);
        for (int d = 1; d <= c->max_digit; d++) {
            cellset x = s->cand[d] & c->g->all;

            for (int w = 0; w < FAST_WORDS; w++)
                for (uint64_t bits = cells_word(x, w); bits != 0; bits &= bits - 1)
                    out[64 * w + __builtin_ctzll(bits)] = (uint8_t)d;
        }
        /* The solution to avoid is written over by the next one found. */
        c->written = c->avoid == NULL || memcmp(out, c->avoid, (size_t)c->p->ncells) != 0;
    }
    if (c->res->count >= c->limit)
        c->done = true;
}

/* Searches on from s, propagated already; s is spent: its last choice is made in it
 * rather than in a copy (as the plain 9x9 search does). */
static void fast_search(struct fast_ctx *c, struct fast_state *s)
{
    int cell;
    digitset choices;

    if (!cells_any(c->g->all & ~s->solved)) {
        found(c, s);
        return;
    }
    cell = branch_cell(c, s);
    choices = cell_digits(c->max_digit, s, cell);
    for (; choices != 0 && !c->done; choices &= choices - 1) {
        struct fast_state copy, *next = s;

        if (solve_budget_spent(c->budget, c->stats.nodes)) {
            c->gave_up = c->done = true;
            return;
        }
        if ((choices & (choices - 1)) != 0) {
            copy = *s;
            next = &copy;
        }
        c->stats.nodes++;
        c->stats.guesses++;
        fast_place(c->g, next, cell, lowest_bit(choices));
        if (fast_propagate(c->g, next))
            fast_search(c, next);
        if (!c->done)
            c->stats.backtracks++;
    }
}

/* --- The shape's groups, kept per thread --- */

/* Made on first use: as a _Thread_local object (hundreds of KB at 256 cells) it was
 * zeroed at the start of every kakudo process, a third of `kakudo --version`'s time. */
static _Thread_local struct fast_geometry *geometry_cache;

/* util_thread_room aligns for max_align_t (16 bytes here): the 256-bit width's cell sets
 * are 32-byte vectors, which the x86-64-v3 copy moves with aligned AVX2 instructions, so
 * the room is made larger and the geometry placed at the next multiple of their
 * alignment (under AddressSanitizer's malloc it was 16 bytes off). */
static struct fast_geometry *thread_geometry(void)
{
    if (geometry_cache == NULL) {
        const size_t align = _Alignof(struct fast_geometry);
        char *room = util_thread_room(sizeof *geometry_cache + align - 1);

        geometry_cache = (struct fast_geometry *)(void *)(room + (align - (uintptr_t)room % align) % align);
    }
    return geometry_cache;
}

/* Whether g was built for p's shape. */
static bool same_shape(const struct fast_geometry *g, const struct puzzle *p)
{
    size_t n = (size_t)p->ncells;

    if (!g->built || g->width != p->width || g->height != p->height || g->max_digit != p->max_digit
        || g->box_rows != p->box_rows || g->box_cols != p->box_cols || g->variant != p->variant
        || g->ncages != p->ncages)
        return false;
    if (p->region != NULL && memcmp(g->region, p->region, n) != 0)
        return false;
    if (p->cage != NULL && (memcmp(g->cage, p->cage, n * sizeof *p->cage) != 0
                            || memcmp(g->cage_sum, p->cage_sum,
                                      (size_t)p->ncages * sizeof *p->cage_sum) != 0))
        return false;
    return true;
}

/* Orders the sets of digits 1..max_digit by size and sum (a counting sort), so that a
 * cage's sets are one slice: a Killer's shape is new with each puzzle, and looking over
 * every set for each of its 50-odd cages and unit remainders cost more than its solve. */
static void sort_digit_sets(struct fast_geometry *g)
{
    int count[FAST_SET_KEYS + 1] = { 0 }, nsets = 1 << g->max_digit;

    for (int bits = 1; bits < nsets; bits++) {
        digitset set = (digitset)bits << 1;
        int total = 0;

        for (digitset rest = set; rest != 0; rest &= rest - 1)
            total += lowest_bit(rest);
        count[popcount32(set) * FAST_SUM_KEYS + total + 1]++;
    }
    for (int key = 0; key < FAST_SET_KEYS; key++)
        count[key + 1] += count[key];
    memcpy(g->set_start, count, sizeof g->set_start);
    for (int bits = 1; bits < nsets; bits++) {
        digitset set = (digitset)bits << 1;
        int total = 0;

        for (digitset rest = set; rest != 0; rest &= rest - 1)
            total += lowest_bit(rest);
        g->sets[count[popcount32(set) * FAST_SUM_KEYS + total]++] = set;
    }
}

/* Adds to g the digit sets of len digits 1..max_digit adding to sum; false when they do
 * not fit. */
static bool add_combos(struct fast_geometry *g, struct fast_cage *cage, int len, int sum)
{
    int key = len * FAST_SUM_KEYS + sum, n;

    cage->first = g->ncombos;
    cage->ncombos = 0;
    if (len < 1 || len > g->max_digit || sum < 0 || sum >= FAST_SUM_KEYS)
        return true;
    n = g->set_start[key + 1] - g->set_start[key];
    if (g->ncombos + n > FAST_MAX_COMBOS)
        return false;
    memcpy(&g->combos[g->ncombos], &g->sets[g->set_start[key]], (size_t)n * sizeof *g->combos);
    g->ncombos += n;
    cage->ncombos = n;
    return true;
}

/* Whether cells all see one another (so hold distinct digits). */
static bool mutual_peers(const struct fast_geometry *g, cellset cells)
{
    for (cellset x = cells; cells_any(x); x = cells_drop_first(x)) {
        int cell = first_cell(x);

        if (cells_any(cells & ~cell_bit(cell) & ~g->peers[cell]))
            return false;
    }
    return true;
}

/* Adds cells adding up to sum as one more cage, unless they are none, too many, do not
 * hold distinct digits, or are a cage already; where the room runs out it is left out:
 * the search is only less sharp. */
static void add_virtual_cage(struct fast_geometry *g, cellset cells, int sum)
{
    struct fast_cage *extra = &g->cages[g->nsum_groups];

    if (!cells_any(cells) || g->nsum_groups == FAST_MAX_SUM_GROUPS
        || cell_count(cells) > FAST_VIRTUAL_MAX_CELLS || !mutual_peers(g, cells))
        return;
    for (int k = 0; k < g->nsum_groups; k++)
        if (cells_equal(g->cages[k].cells, cells))
            return;
    extra->cells = cells;
    extra->sum = sum;
    if (add_combos(g, extra, cell_count(cells), sum))
        g->nsum_groups++;
    else
        g->ncombos = extra->first;
}

/* The rule of 45 over area, units holding every digit once each (n of them): its cells
 * outside the cages lying wholly in it (innies) add up to the units' total less those
 * cages' sums; when the cages reaching out of it cover the innies, the cells they hold
 * outside (outies) add up to their sums less the innies'.  Either, on distinct digits,
 * is one more cage to the search: cages are fixed, so this costs once per shape, and a
 * Killer without givens then needs a tenth of the nodes. */
static void add_rule_of_45(struct fast_geometry *g, cellset area, int n)
{
    int total = n * g->max_digit * (g->max_digit + 1) / 2, touching_sum = 0;
    cellset innies = area, touching = FAST_NO_CELLS;

    /* Without a branch per cage: where each lies is not predictable. */
    for (int k = 0; k < g->nreal_cages; k++) {
        cellset cells = g->cages[k].cells;
        bool inside = !cells_any(cells & ~area), reaching = !inside && cells_any(cells & area);

        innies &= ~(cells & cells_if(inside));
        total -= g->cages[k].sum & -(int)inside;
        touching |= cells & cells_if(reaching);
        touching_sum += g->cages[k].sum & -(int)reaching;
    }
    if (cells_equal(innies, area))
        return;     /* no cage inside: the units' own rule */
    add_virtual_cage(g, innies, total);
    if (!cells_any(innies & ~touching))
        add_virtual_cage(g, touching & ~area, touching_sum - total);
}

/* Whether units a and b have cells side by side. */
static bool side_by_side(const struct fast_geometry *g, cellset a, cellset b)
{
    cellset first_column = FAST_NO_CELLS, last_column;

    for (int r = 0; r < g->height; r++)
        first_column |= cell_bit(r * g->width);
    last_column = cells_shift_up(first_column, g->width - 1);
    return cells_any(cells_shift_up(a, g->width) & b) || cells_any(cells_shift_down(a, g->width) & b)
           || cells_any(cells_shift_up(a & ~last_column, 1) & b)
           || cells_any(cells_shift_down(a & ~first_column, 1) & b);
}

/* The rule of 45 over each unit, each run of up to half the rows or columns, and each
 * pair of other units side by side (boxes or regions).  A longer run tells what the rest
 * of the grid tells (its innies are the outies of the rest), and units apart only what
 * each tells. */
static void add_unit_remainders(struct fast_geometry *g)
{
    cellset row = FAST_NO_CELLS, column = FAST_NO_CELLS;
    bool line[FAST_MAX_UNITS];

    if (g->nreal_cages == 0)
        return;
    for (int c = 0; c < g->width; c++)
        row |= cell_bit(c);
    for (int r = 0; r < g->height; r++)
        column |= cell_bit(r * g->width);
    for (int u = 0; u < g->nunits; u++) {
        line[u] = false;
        for (int i = 0; i < g->height && !line[u]; i++)
            line[u] = cells_equal(g->units[u], cells_shift_up(row, i * g->width) & g->all);
        for (int i = 0; i < g->width && !line[u]; i++)
            line[u] = cells_equal(g->units[u], cells_shift_up(column, i) & g->all);
        add_rule_of_45(g, g->units[u], 1);
    }
    for (int first = 0; first < g->height; first++)
        for (int last = first + 1; last < first + g->height / 2 && last < g->height; last++) {
            cellset rows = FAST_NO_CELLS;

            for (int r = first; r <= last; r++)
                rows |= cells_shift_up(row, r * g->width);
            add_rule_of_45(g, rows & g->all, last - first + 1);
        }
    for (int first = 0; first < g->width; first++)
        for (int last = first + 1; last < first + g->width / 2 && last < g->width; last++) {
            cellset columns = FAST_NO_CELLS;

            for (int c = first; c <= last; c++)
                columns |= cells_shift_up(column, c);
            add_rule_of_45(g, columns & g->all, last - first + 1);
        }
    for (int a = 0; a < g->nunits; a++)
        for (int b = a + 1; b < g->nunits; b++)
            if (!line[a] && !line[b] && !cells_any(g->units[a] & g->units[b])
                && side_by_side(g, g->units[a], g->units[b]))
                add_rule_of_45(g, g->units[a] | g->units[b], 2);
}

/* Adds lines against as many regions as a pair, unless it is a pair already
 * (either way round: a region trading cells with the next gives the pair from each side). */
static void add_pair(struct fast_geometry *g, cellset lines, cellset regions)
{
    cellset a = lines & ~regions, b = regions & ~lines;
    struct fast_pair *pair = &g->pairs[g->npairs];

    if (g->npairs == FAST_MAX_PAIRS)
        return;
    for (int k = 0; k < g->npairs; k++)
        if ((cells_equal(g->pairs[k].a, a) && cells_equal(g->pairs[k].b, b))
            || (cells_equal(g->pairs[k].a, b) && cells_equal(g->pairs[k].b, a)))
            return;
    pair->a = a;
    pair->b = b;
    pair->ncells = cell_count(a);
    pair->distinct = mutual_peers(g, a) && mutual_peers(g, b);
    g->npairs++;
}

/* How many cells of each region a set of lines holds: region i in byte i % 8 of word
 * i / 8 (a region has FAST_MAX_DIGIT cells at most, so a byte never carries), so a run
 * of lines adds up all its regions' counts in two additions. */
typedef struct { uint64_t w[2]; } region_counts;

#define FAST_BYTES(x) (0x0101010101010101u * (uint64_t)(x))

/* The regions among counts holding at least least of their cells (at most 127): 1 in
 * their bytes, 0 in the others. */
static region_counts regions_holding(region_counts counts, int least)
{
    region_counts held;

    for (int w = 0; w < 2; w++)
        held.w[w] = ((counts.w[w] + FAST_BYTES(128 - least)) & FAST_BYTES(0x80)) >> 7;
    return held;
}

/* How many regions held marks, and in *cells how many cells of theirs counts has: the
 * bytes of both words added, then all of them by one multiply.  No sum carries out of its
 * byte: one of two regions' counts is 2 * FAST_MAX_DIGIT at most, and the multiply's are
 * at most the cells of a run of half the lines (8 lines of 16 cells, 128). */
static int regions_held(region_counts counts, region_counts held, int *cells)
{
    uint64_t in = (counts.w[0] & held.w[0] * 0xFF) + (counts.w[1] & held.w[1] * 0xFF);

    *cells = (int)((in * FAST_BYTES(1)) >> 56);
    return (int)(((held.w[0] + held.w[1]) * FAST_BYTES(1)) >> 56);
}

/* The regions held marks as bits: a byte's bit 0 to a bit per region, gathered in the
 * top byte by a multiply. */
static unsigned regions_chosen(region_counts held)
{
    unsigned chosen = 0;

    for (int w = 0; w < 2; w++)
        chosen |= (unsigned)((held.w[w] * 0x0102040810204080u) >> 56) << (8 * w);
    return chosen;
}

/* Adds the pair of lines first to last (line 0 is line, the next ones step cells on)
 * against the regions of chosen (region i is unit unit_of[i]).  Apart from the loop over
 * the runs, which few leave a pair: the sets built here cost it registers in every run. */
static __attribute__((noinline)) void add_run_pair(struct fast_geometry *g, const int *unit_of, unsigned chosen,
                                                   int first, int last, cellset line, int step)
{
    cellset lines = FAST_NO_CELLS, regions = FAST_NO_CELLS;

    for (int l = first; l <= last; l++)
        lines |= cells_shift_up(line, l * step);
    for (; chosen != 0; chosen &= chosen - 1)
        regions |= g->units[unit_of[__builtin_ctz(chosen)]];
    add_pair(g, lines & g->all, regions);
}

/* The pairs of the runs of two to half of nlines lines (line 0 is line, the next ones
 * step cells on) against the regions holding more than half their cells in the run: a
 * pair of few cells a side (b small) holds those regions alone (a small).  A longer run
 * tells what the lines outside it tell, and 300 Master Jigsaws took the same nodes
 * without them.  One line against one region tells what locked candidates tell, but for
 * a naked subset now and then: without those pairs (half of them) the Masters took 24.6
 * nodes rather than 24.1, in 5% fewer instructions.  in_line[l] counts the cells of each region (unit unit_of[i]) that line
 * l holds. */
static void add_runs_of_lines(struct fast_geometry *g, const region_counts *in_line,
                              const int *unit_of, int nlines, cellset line, int step)
{
    int most = g->max_digit / 2 + 1;

    /* Runs of two lines on: a run of one is never a pair, and working out its regions
     * was a quarter of the loop's cost.  Which regions a run holds is worked out only for
     * a run that makes a pair: the counts of its regions and of their cells tell which
     * do, in a few word operations. */
    for (int first = 0; first + 1 < nlines; first++) {
        region_counts in_run = in_line[first];

        for (int last = first + 1; last < nlines && 2 * (last - first + 1) <= nlines; last++) {
            int n = last - first + 1, inside, apart, nheld;
            region_counts held;

            in_run.w[0] += in_line[last].w[0];
            in_run.w[1] += in_line[last].w[1];
            held = regions_holding(in_run, most);
            nheld = regions_held(in_run, held, &inside);
            apart = n * g->max_digit - inside;
            if (apart != 0 && apart <= FAST_PAIR_MAX_CELLS && nheld == n)
                add_run_pair(g, unit_of, regions_chosen(held), first, last, line, step);
        }
    }
}

/* How many cells of each region each row and each column hold, from the region map
 * where the regions are units in its order (add_region_map): a pass over the grid
 * without a division a cell.  The regions, at most FAST_MAX_DIGIT, in unit_of. */
static int count_regions_from_map(const struct fast_geometry *g, region_counts *in_row,
                                  region_counts *in_column, int *unit_of)
{
    int n = g->max_digit;

    for (int k = 0; k < n; k++)
        unit_of[k] = g->map_regions + k;
    for (int r = 0, cell = 0; r < g->height; r++)
        for (int c = 0; c < g->width; c++, cell++) {
            int k = g->region[cell];
            uint64_t one = (uint64_t)1 << (8 * (k & 7));

            in_row[r].w[k >> 3] += one;
            in_column[c].w[k >> 3] += one;
        }
    return n;
}

/* The same from the region units' cells, whatever their order. */
static int count_regions_from_units(const struct fast_geometry *g, region_counts *in_row,
                                    region_counts *in_column, int *unit_of)
{
    int nregions = 0;

    for (unitset u = g->region_units; u != 0 && nregions < FAST_MAX_DIGIT; u &= u - 1, nregions++) {
        uint64_t one = (uint64_t)1 << (8 * (nregions & 7));

        unit_of[nregions] = __builtin_ctzll(u);
        for (cellset x = g->units[unit_of[nregions]]; cells_any(x); x = cells_drop_first(x)) {
            int cell = first_cell(x);

            in_row[cell / g->width].w[nregions >> 3] += one;
            in_column[cell % g->width].w[nregions >> 3] += one;
        }
    }
    return nregions;
}

/* The rule of 45 between each run of rows or of columns and the Jigsaw regions covering
 * most of it (struct fast_pair).  Boxes make none: a line and a box tell what locked
 * candidates tell, and runs of lines and boxes have six cells apart or none. */
static void add_line_region_pairs(struct fast_geometry *g)
{
    region_counts in_row[FAST_MAX_DIGIT] = { { { 0, 0 } } }, in_column[FAST_MAX_DIGIT] = { { { 0, 0 } } };
    int unit_of[FAST_MAX_DIGIT], nregions;
    cellset row = FAST_NO_CELLS, column = FAST_NO_CELLS;

    if (g->width > FAST_MAX_DIGIT || g->height > FAST_MAX_DIGIT)
        return;
    nregions = g->map_regions >= 0 ? count_regions_from_map(g, in_row, in_column, unit_of)
                                   : count_regions_from_units(g, in_row, in_column, unit_of);
    if (nregions == 0)
        return;
    for (int c = 0; c < g->width; c++)
        row |= cell_bit(c);
    for (int r = 0; r < g->height; r++)
        column |= cell_bit(r * g->width);
    add_runs_of_lines(g, in_row, unit_of, g->height, row, g->width);
    add_runs_of_lines(g, in_column, unit_of, g->width, column, 1);
}

/* How many of p's groups, from the first, are rows and columns holding every digit: at
 * most 2 * FAST_MAX_DIGIT, each a unit numbered as its group. */
static int leading_lines(const struct puzzle *p)
{
    int n = 0;

    while (n < p->ngroups && n < 2 * FAST_MAX_DIGIT
           && (p->groups[n].kind == GROUP_ROW || p->groups[n].kind == GROUP_COLUMN)
           && puzzle_group_is_unit(p, &p->groups[n]))
        n++;
    return n;
}

/* Adds p's group k from its list of cells: a unit (numbered next) or a cage, its cells'
 * peers (other than each cell itself) and units.  The group's mask builds up in a
 * register and is then given to its cells; going cell by cell through the groups holding
 * each (up to PUZZLE_MAX_CELL_GROUPS, -1 padded), then again for the peers, cost 8.6k
 * instructions a shape against 6.1k.  false when the room runs out. */
static bool add_listed_group(struct fast_geometry *g, const struct puzzle *p, int k)
{
    const struct puzzle_group *grp = &p->groups[k];
    cellset mask = FAST_NO_CELLS;
    unitset bit = 0;

    for (int i = 0; i < grp->ncells; i++)
        mask |= cell_bit(grp->cells[i]);
    if (puzzle_group_is_unit(p, grp)) {
        if (g->nunits == FAST_MAX_UNITS || !cells_fold_make(mask, &g->unit_folds[g->nunits]))
            return false;
        bit = (unitset)1 << g->nunits;
        g->turned_units |= bit & -(unitset)!cells_fold_unturned(&g->unit_folds[g->nunits]);
        g->units[g->nunits++] = mask;
        if (grp->kind == GROUP_REGION)
            g->region_units |= bit;
    }
    for (int i = 0; i < grp->ncells; i++) {
        int cell = grp->cells[i];

        g->peers[cell] |= mask & ~cell_bit(cell);
        g->cell_units[cell] |= bit;
    }
    if (puzzle_group_has_sum(grp)) {
        struct fast_cage *cage = &g->cages[g->nsum_groups++];

        cage->cells = mask;
        cage->sum = grp->sum;
        return add_combos(g, cage, grp->ncells, grp->sum);
    }
    return true;
}

/* The rows' and columns' masks (p's first nlines groups, units 0 to nlines - 1) and the
 * peers and units they give each cell, in g->line_masks, line_peers and line_units: kept
 * from the last shape of p's size (a Sudoku's lines depend on its size alone), or built
 * (through the geometry's own) and kept. */
static void keep_lines(struct fast_geometry *g, const struct puzzle *p, int nlines)
{
    size_t n = (size_t)p->ncells;

    if (g->lines_width == p->width && g->lines_height == p->height && g->nlines == nlines)
        return;
    memset(g->cell_units, 0, n * sizeof *g->cell_units);
    memset(g->peers, 0, n * sizeof *g->peers);
    g->nunits = 0;
    g->turned_units = 0;
    /* Lines are units and no cages: their room is never short, and they fold
     * (cells_fold_make). */
    for (int k = 0; k < nlines; k++)
        (void)add_listed_group(g, p, k);
    memcpy(g->line_masks, g->units, (size_t)nlines * sizeof *g->units);
    memcpy(g->line_folds, g->unit_folds, (size_t)nlines * sizeof *g->unit_folds);
    g->line_turned = g->turned_units;
    memcpy(g->line_peers, g->peers, n * sizeof *g->peers);
    memcpy(g->line_units, g->cell_units, n * sizeof *g->cell_units);
    g->lines_width = p->width;
    g->lines_height = p->height;
    g->nlines = nlines;
}

/* Whether p's groups from first on are its Jigsaw regions in their order, as puzzle.c
 * lays out a whole partition (group first + r holds the cells of region r): each a unit
 * of the region its first cell is in. */
static bool regions_follow(const struct puzzle *p, int first)
{
    int n = p->max_digit;

    if (p->region == NULL || p->ncells != n * n || first + n > p->ngroups)
        return false;
    for (int r = 0; r < n; r++) {
        const struct puzzle_group *grp = &p->groups[first + r];

        if (grp->kind != GROUP_REGION || grp->ncells != n || p->region[grp->cells[0]] != r)
            return false;
    }
    return true;
}

/* The cells of each of p's max_digit regions (cells in none where the map is out of
 * range) put in masks, empty on entry: sixteen cells at a time a region
 * (util_byte_value_masks) where the words of a cellset lie in memory in order, low
 * first.  A cell at a time, a 128-bit shift each, they cost 1.0k instructions of the
 * 4.6k of an Easy Jigsaw's geometry, so 0.65k. */
static void region_masks(const struct puzzle *p, cellset *masks)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t words[FAST_MAX_DIGIT][4];
    /* Only the words the cells reach are written (one for a 4x4 to 8x8, three for a
     * 12x12 or 13x13): the others stay empty in masks, not whatever the stack held,
     * which made regions of cells past the grid (add_region_map then turned the map
     * down for the groups' lists). */
    size_t written = ((size_t)p->ncells + 63) / 64 * sizeof words[0][0];

    _Static_assert(FAST_WORDS <= 4 && sizeof (cellset) == FAST_WORDS * sizeof (uint64_t),
                   "a cellset is its words");
    util_byte_value_masks(p->region, (size_t)p->ncells, p->max_digit, words);
    for (int r = 0; r < p->max_digit; r++)
        memcpy(&masks[r], words[r], written);
#else
    cellset b = cell_bit(0);

    for (int cell = 0; cell < p->ncells; cell++, b = cell_bit_next(b, cell))
        if (p->region[cell] < p->max_digit)
            masks[p->region[cell]] |= b;
#endif
}

/* Each cell's peers and units: the lines' (keep_lines) and, when p's Jigsaw regions are
 * its groups from first on (regions_follow), its region's, from the region of each cell
 * rather than the groups' lists: the regions' masks in one pass over the grid, each
 * cell's peers and units in a second (a new shape with each Jigsaw, where the lists cost
 * 2.5k instructions and clearing each cell from its own peers after 1k).  false, with
 * nothing changed, when the regions are not there. */
static bool add_region_map(struct fast_geometry *g, const struct puzzle *p, int first)
{
    int n = p->max_digit, unit = g->nunits;
    cellset masks[FAST_MAX_DIGIT] = { FAST_NO_CELLS }, b = cell_bit(0), covered = FAST_NO_CELLS;
    unitset turned = 0;
    const uint8_t *region = p->region;

    if (unit + n > FAST_MAX_UNITS || !regions_follow(p, first))
        return false;
    region_masks(p, masks);
    /* A cell in none of the regions is out of range. */
    for (int r = 0; r < n; r++)
        covered |= masks[r];
    if (!cells_equal(covered, cells_shift_down(~FAST_NO_CELLS, FAST_MAX_CELLS - p->ncells)))
        return false;
    for (int r = 0; r < n; r++) {
        if (!cells_fold_make(masks[r], &g->unit_folds[unit + r]))
            return false;
        turned |= (unitset)!cells_fold_unturned(&g->unit_folds[unit + r]) << (unit + r);
    }
    b = cell_bit(0);
    for (int cell = 0; cell < p->ncells; cell++, b = cell_bit_next(b, cell)) {
        /* The region read once: a byte may alias what is stored. */
        int r = region[cell];

        /* Its region's mask holds the cell, its lines' peers do not: an exclusive or
         * leaves it out of its peers in one step a word. */
        g->peers[cell] = (g->line_peers[cell] | masks[r]) ^ b;
        g->cell_units[cell] = g->line_units[cell] | (unitset)1 << (unit + r);
    }
    memcpy(&g->units[unit], masks, (size_t)n * sizeof *masks);
    g->map_regions = unit;
    g->region_units |= (((unitset)1 << n) - 1) << unit;
    g->turned_units |= turned;
    g->nunits += n;
    return true;
}

/* The lines' units, and each cell's peers and units, with the regions' where
 * add_region_map can add them; the first group not added yet. */
static int add_lines_and_regions(struct fast_geometry *g, const struct puzzle *p)
{
    int nlines = leading_lines(p);
    size_t n = (size_t)p->ncells;

    keep_lines(g, p, nlines);
    memcpy(g->units, g->line_masks, (size_t)nlines * sizeof *g->units);
    memcpy(g->unit_folds, g->line_folds, (size_t)nlines * sizeof *g->unit_folds);
    g->nunits = nlines;
    g->turned_units = g->line_turned;
    if (add_region_map(g, p, nlines))
        return nlines + p->max_digit;
    memcpy(g->peers, g->line_peers, n * sizeof *g->peers);
    memcpy(g->cell_units, g->line_units, n * sizeof *g->cell_units);
    return nlines;
}

/* The cells below ncells less the blocks (a Kakuro's: none in a Sudoku), found from a
 * mask of the nonzero bytes rather than a test per cell. */
static cellset grid_cells(const struct puzzle *p)
{
    uint64_t blocks[FAST_WORDS] = { 0 };
    cellset all = FAST_NO_CELLS;

    /* FAST_SOLVE has turned larger grids away: said again for GCC's bounds warning. */
    if (p->ncells <= 0 || p->ncells > FAST_MAX_CELLS)
        return all;
    all = cells_shift_down(~FAST_NO_CELLS, FAST_MAX_CELLS - p->ncells);
    util_nonzero_bytes(p->block, (size_t)p->ncells, blocks);
    for (int w = 0; w < FAST_WORDS; w++)
        for (uint64_t bits = blocks[w]; bits != 0; bits &= bits - 1)
            all &= ~cell_bit(64 * w + __builtin_ctzll(bits));
    return all;
}

/* Masks of p's units, cages and peers and the cages' digit sets, units numbered in the
 * order of their groups: the lines as keep_lines keeps them, the regions from their map
 * where they can be, the other groups from their lists.  false when p does not fit the
 * fixed room. */
static bool build_groups(struct fast_geometry *g, const struct puzzle *p)
{
    g->nunits = g->nsum_groups = g->ncombos = g->npairs = 0;
    g->units[FAST_NO_UNIT] = FAST_NO_CELLS;
    g->region_units = 0;
    g->map_regions = -1;
    if (g->sets_digits != g->max_digit) {
        sort_digit_sets(g);
        g->sets_digits = g->max_digit;
    }
    /* Every group a cage at most: the cages' room holds them all. */
    if (p->ngroups > FAST_MAX_SUM_GROUPS)
        return false;
    for (int k = add_lines_and_regions(g, p); k < p->ngroups; k++)
        if (!add_listed_group(g, p, k))
            return false;
    g->all = grid_cells(p);
    g->nreal_cages = g->nsum_groups;
    g->all_units = g->nunits == 64 ? ~(unitset)0 : ((unitset)1 << g->nunits) - 1;
    add_unit_remainders(g);
    g->pairs_built = false;
    for (int k = 0; k < g->nsum_groups; k++) {
        g->cages[k].units = units_of(g, g->cages[k].cells);
        g->cages[k].shared = 0;
        for (unitset crossing = g->cages[k].units; crossing != 0; crossing &= crossing - 1) {
            int u = __builtin_ctzll(crossing);
            cellset both = g->units[u] & g->cages[k].cells;

            if (cells_any(both) && !one_cell(both))
                g->cages[k].shared |= (unitset)1 << u;
        }
    }
    return true;
}

/* The groups of p's shape, built unless the last puzzle of this thread had it. */
static const struct fast_geometry *geometry_for(const struct puzzle *p)
{
    struct fast_geometry *g = thread_geometry();
    size_t n = (size_t)p->ncells;

    if (same_shape(g, p))
        return g;
    g->built = true;
    g->width = p->width;
    g->height = p->height;
    g->max_digit = p->max_digit;
    g->box_rows = p->box_rows;
    g->box_cols = p->box_cols;
    g->variant = p->variant;
    g->ncages = p->ncages;
    if (p->region != NULL)
        memcpy(g->region, p->region, n);
    if (p->cage != NULL) {
        memcpy(g->cage, p->cage, n * sizeof *p->cage);
        if (p->ncages > FAST_MAX_CELLS)
            g->built = false;
        else
            memcpy(g->cage_sum, p->cage_sum, (size_t)p->ncages * sizeof *p->cage_sum);
    }
    g->fits = g->built && build_groups(g, p);
    return g;
}

/* The givens placed; false when two clash or one is out of range.  The start state is
 * made at once from the givens: each digit's cells are the grid's less the cells solved
 * and less what its givens see (the OR of their peers), its settled units the OR of
 * theirs, every unit to be looked at; placing the givens one by one (fast_place's
 * bookkeeping, then the units of each digit's givens found again) cost more. */
static bool fast_start(const struct fast_ctx *c, const uint8_t *grid, struct fast_state *s)
{
    const struct fast_geometry *g = c->g;
    cellset given[FAST_MAX_DIGIT + 1], seen[FAST_MAX_DIGIT + 1];
    uint64_t nonzero[FAST_WORDS] = { 0 };

    memset(s, 0, sizeof *s);
    for (int d = 1; d <= c->max_digit; d++)
        given[d] = seen[d] = FAST_NO_CELLS;
    /* The givens alone, from a mask of the grid's nonzero bytes: a branch on each cell,
     * given or not at random, was 27 of an Easy Jigsaw's 590 missed branches
     * (callgrind's model) and 1-3% of its first solve. */
    util_nonzero_bytes(grid, (size_t)c->p->ncells, nonzero);
    for (int w = 0; w < FAST_WORDS; w++)
        for (uint64_t bits = nonzero[w] & cells_word(g->all, w); bits != 0; bits &= bits - 1) {
            int cell = 64 * w + __builtin_ctzll(bits), d = grid[cell];

            if (d > c->max_digit)
                return false;
            given[d] |= cell_bit(cell);
            seen[d] |= g->peers[cell];
            s->settled[d] |= g->cell_units[cell];
        }
    for (int d = 1; d <= c->max_digit; d++)
        s->solved |= given[d];
    for (int d = 1; d <= c->max_digit; d++) {
        /* Two givens of d that see each other: once a digit rather than once a given. */
        if (cells_any(given[d] & seen[d]))
            return false;
        s->cand[d] = (g->all & ~seen[d] & ~s->solved) | given[d];
        s->todo[d] = g->all_units;
    }
    s->touched = g->all;
    return true;
}

/* The shape's pairs, built the first time one of its puzzles is left unsolved by the
 * other rules, and s (propagated without them) propagated again with them; false at a
 * dead end.  Most Easy Jigsaws, each of a new shape, are solved before: building the
 * pairs cost a quarter of their solve.  Propagation ends where it would have with the
 * pairs all along, so the search is the same. */
static bool with_pairs(struct fast_ctx *c, struct fast_state *s)
{
    if (c->g->pairs_built || !cells_any(c->g->all & ~s->solved))
        return true;
    /* c->g is this thread's geometry, made by geometry_for. */
    add_line_region_pairs(geometry_cache);
    geometry_cache->pairs_built = true;
    if (geometry_cache->npairs == 0)
        return true;
    s->pair_touched = c->g->all;
    return fast_propagate(c->g, s);
}

/* An Easy Jigsaw (kakudo's generator, 1.13 nodes) is solved at the root: of the 45k
 * instructions a puzzle this search took (callgrind, 300 of them, at f8f83ce), the geometry
 * is 4.4k (the regions' masks, peers and units from the map 2.7k), the start 1.6k, the
 * pairs 1.5k (built for 21 of the 300) and the root's propagation 38k: hidden singles 20k
 * (a test a unit and digit 10.5k, placing 4.2k), locked candidates 9.3k, naked singles
 * 8.2k.  The rules only take candidates away, so any order reaches the same state; the
 * root propagated in another before fast_propagate took over cost more (instructions of
 * the search, Easy / Expert / Master): naked singles once a round then every digit's
 * hidden singles, to their fixed point, +0.44% / +0.22% / +0.10%; hidden singles before
 * naked, +0.67% / +0.24% / +0.10%. */
bool FAST_SOLVE(const struct puzzle *p, const uint8_t *grid, const uint8_t *avoid,
                const struct solve_request *req, struct solve_result *res, bool reading_order)
{
    struct fast_ctx c = {
        .p = p, .max_digit = p->max_digit, .reading_order = reading_order,
        .limit = req->limit, .budget = &req->budget, .res = res, .avoid = avoid,
    };
    struct fast_state start;

    if (p->ncells > FAST_MAX_CELLS || p->max_digit > FAST_MAX_DIGIT)
        return false;
    c.g = geometry_for(p);
    if (!c.g->fits)
        return false;
    res->count = 0;
    res->stopped = res->gave_up = false;
    c.stats.nodes++;
    if (req->limit >= 1 && fast_start(&c, grid, &start) && fast_propagate(c.g, &start)
        && with_pairs(&c, &start))
        fast_search(&c, &start);
    res->gave_up = c.gave_up;
    solve_stats_add(&res->stats, &c.stats);
    return true;
}
