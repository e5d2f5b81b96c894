/* puzzle.h: the model both puzzle kinds share: a grid of cells bound by all-different groups. */
#ifndef KAKUDO_PUZZLE_H
#define KAKUDO_PUZZLE_H

#include <stdbool.h>
#include <stdint.h>

/*
 * Sudoku and Kakuro are both "cells that take a digit 1..max_digit, bound by groups whose
 * digits must all differ": a Sudoku row, column or box (whose sum is then forced) and a
 * Kakuro run (whose sum is its clue).  Rules, the game, hints and the view are written
 * once against this model; each kind supplies its own table of operations for what
 * really differs (the fast solver, names of places).
 */

#define PUZZLE_MAX_DIGIT 25         /* 25x25 Sudoku is the largest kind supported */
/* Sudoku: row, column, box or region, both diagonals (the centre of an odd X), a cage;
 * Kakuro: across, down */
#define PUZZLE_MAX_CELL_GROUPS 6
#define KAKURO_MAX_SIDE 128         /* rows and columns of a Kakuro board (the UI sizes arrays by it) */
#define SUDOKU_MIN_SIZE 4
#define SUDOKU_MAX_SIZE 25

typedef uint32_t digitset;          /* bit d set: digit d (bit 0 unused) */

enum puzzle_kind { PUZZLE_SUDOKU, PUZZLE_KAKURO };

enum group_kind {
    GROUP_ROW, GROUP_COLUMN, GROUP_BOX, GROUP_ACROSS, GROUP_DOWN,
    GROUP_REGION,       /* a Jigsaw region: a box of irregular shape */
    GROUP_DIAGONAL,     /* Sudoku X: the main diagonal, then the anti-diagonal */
    GROUP_CAGE,         /* a Killer cage: distinct digits adding up to its sum */
};

/* The variants of Sudoku, as flags that combine (Killer X, Killer Jigsaw, Jigsaw X...).
 * Each only adds or replaces groups; the kind stays PUZZLE_SUDOKU. */
enum puzzle_variant {
    VARIANT_X = 1,          /* both diagonals are units */
    VARIANT_JIGSAW = 2,     /* irregular regions of N cells replace the boxes */
    VARIANT_KILLER = 4,     /* cages with sums */
};

struct puzzle_group {
    enum group_kind kind;
    int sum;        /* total of its digits: the clue, N(N+1)/2 for a Sudoku unit, a Killer
                       cage's sum, or 0 for a Kakuro run without a clue (any sum) */
    int clue;       /* Kakuro: the clue cell; Killer cage: its first cell (where its sum is
                       written); -1 for a run without a clue and for Sudoku units */
    int ncells;
    const int *cells;   /* in reading order */
};

struct puzzle;
struct solve_request;
struct solve_result;
struct solve_stats;
struct solve_budget;

/* What differs between the kinds; one const table per kind. */
struct puzzle_ops {
    enum puzzle_kind kind;
    const char *name;   /* "sudoku", "kakuro" */
    /* Searches for solutions from grid (ncells digits, 0 empty); see solve.h. */
    void (*solve)(const struct puzzle *p, const uint8_t *grid,
                  const struct solve_request *req, struct solve_result *res);
    /* Writes the lexicographically smallest solution extending grid (cells in reading
     * order, digits ascending), given known, one solution extending it, and adds the
     * search's counts to stats.  Returns (an enum solve_outcome) SOLVE_SEVERAL, SOLVE_SEVERAL_UNORDERED (a valid
     * solution, perhaps not the smallest: budget ran out first), or SOLVE_NONE if known
     * is no such solution. */
    int (*smallest)(const struct puzzle *p, const uint8_t *grid, const uint8_t *known,
                    uint8_t *solution, const struct solve_budget *budget,
                    struct solve_stats *stats);
};

struct puzzle {
    const struct puzzle_ops *ops;
    int width, height, ncells;
    int max_digit;
    int box_rows, box_cols;     /* Sudoku box shape; 0 for Kakuro (Jigsaw keeps the shape
                                   its size would have, for the drawing's proportions) */
    unsigned variant;   /* enum puzzle_variant flags; 0 for plain Sudoku and Kakuro */
    uint8_t *region;    /* VARIANT_JIGSAW: per cell its region 0..max_digit-1, else NULL */
    int16_t *cage;      /* VARIANT_KILLER: per cell its cage 0..ncages-1 or -1, else NULL */
    int ncages;
    int *cage_sum;      /* VARIANT_KILLER: per cage its sum */
    uint8_t *given;     /* per cell: 0, or the digit the puzzle gives */
    uint8_t *block;     /* per cell: non-zero for a Kakuro black or clue cell */
    uint8_t *down;      /* per cell: Kakuro down sum in a clue cell, 0 for none */
    uint8_t *across;    /* per cell: Kakuro across sum in a clue cell, 0 for none */
    int ngroups;
    struct puzzle_group *groups;
    int16_t (*cell_groups)[PUZZLE_MAX_CELL_GROUPS];  /* per cell, -1 padded */
    int nwhite;         /* cells that take a digit */
    char *name;         /* from the file, or NULL */
    /* Storage behind groups, their cells and cell_groups: built once by puzzle_finish,
     * then shared (counted references) by every puzzle puzzle_finish_like gives the same
     * layout, such as each puzzle of a long file. */
    struct puzzle_group_store *groups_store_;
};

/* An error in a puzzle's content; formats add the file, line and column. */
struct puzzle_error {
    int cell;           /* the cell concerned, or -1 */
    char message[160];
};

extern const struct puzzle_ops sudoku_ops;
extern const struct puzzle_ops kakuro_ops;

/* Sudoku of box_rows x box_cols boxes (size = their product), all cells empty. NULL if
 * the shape is unsupported. */
struct puzzle *sudoku_new(int box_rows, int box_cols);
/* An empty Sudoku of size n (4..25) with its usual boxes, or rows as boxes (1 x n) for
 * a size without a box shape (5, 7, 11...), which only a Jigsaw can use; groups not
 * built yet (set a variant, then puzzle_finish).  NULL for a size out of range. */
struct puzzle *sudoku_new_unfinished(int n);
/* The usual box shape for a Sudoku of size n (9 -> 3x3, 6 -> 2x3, 12 -> 3x4); false if
 * there is none among the supported sizes. */
bool sudoku_box_shape(int n, int *box_rows, int *box_cols);
/* The symbol for digit d (1-9, then A, B, ...) and back; 0 for no digit. */
char sudoku_symbol(int d);
int sudoku_symbol_value(int ch);

/* Whether a group's digits must add up to a given sum on top of being all different: a
 * Kakuro run with a clue or a Killer cage.  A Sudoku unit's sum follows from its digits;
 * a Kakuro run without a clue has none. */
static inline bool puzzle_group_has_sum(const struct puzzle_group *grp)
{
    return grp->clue >= 0;
}

/* Whether a group holds every digit 1..max_digit once (a Sudoku row, column, box,
 * region or diagonal): what a technique reasoning "digit d must go somewhere in this
 * group" needs.  A Killer cage or a Kakuro run holds only some digits. */
static inline bool puzzle_group_is_unit(const struct puzzle *p, const struct puzzle_group *grp)
{
    return grp->ncells == p->max_digit && grp->kind != GROUP_ACROSS && grp->kind != GROUP_DOWN
           && grp->kind != GROUP_CAGE;
}

/* Whether a group plays a box's part in the techniques that cross boxes with lines (a
 * Sudoku box or a Jigsaw region). */
static inline bool puzzle_group_is_box(const struct puzzle_group *grp)
{
    return grp->kind == GROUP_BOX || grp->kind == GROUP_REGION;
}

/* Variants.  Set them on a Sudoku after sudoku_new (or puzzle_alloc) and before
 * puzzle_finish, which builds their groups and checks them (regions of N contiguous
 * cells, contiguous cages with sums distinct digits can make, givens).  Adds the flags
 * and makes room for what they need: the region map (all 0) for VARIANT_JIGSAW, the
 * cage map (all -1, no cages) for VARIANT_KILLER. */
void puzzle_set_variant(struct puzzle *p, unsigned flags);
/* Adds a Killer cage of the given sum (VARIANT_KILLER set first); returns its number.
 * Its cells are those whose p->cage entry the caller sets to that number. */
int puzzle_add_cage(struct puzzle *p, int sum);
/* "sudoku", "sudoku-x", "jigsaw", "killer", "killer-x", "killer-jigsaw", "jigsaw-x",
 * "killer-jigsaw-x": the variant's name, as formats and saves write it. */
const char *puzzle_variant_name(unsigned flags);
/* The flags of a name puzzle_variant_name gives (also "x" for "sudoku-x"); false if
 * the name is none of them. */
bool puzzle_variant_by_name(const char *name, unsigned *flags);
/* The digits a group of this puzzle may still take when those in used are placed in
 * it: for a group with a sum, those some set of distinct digits 1..max_digit adding to
 * it holds (the Kakuro tables for 9 digits, a search otherwise); for others, those not used. */
digitset puzzle_group_allows(const struct puzzle *p, const struct puzzle_group *grp, digitset used);
/* Digits 1..max_digit that some len distinct digits adding to sum and holding every
 * digit of used take (besides used); 0 when there is no such set. */
digitset sum_digits(int len, int sum, digitset used, int max_digit);
/* Whether len distinct digits 1..max_digit holding used can add up to sum. */
bool sum_feasible(int len, int sum, digitset used, int max_digit);

/* Kakuro board of width x height white empty cells; set block, down, across and given,
 * then call puzzle_finish. */
struct puzzle *kakuro_new(int width, int height);

/* Builds the groups from the cells and checks the puzzle is consistent (givens that
 * clash, Kakuro runs longer than 9, sums no run of that length can make, clues pointing
 * at nothing, white cells in no run).  A Kakuro run of two or more cells without a clue
 * becomes a group of sum 0: its digits differ but may add up to anything.  Returns false and
 * fills err on failure. */
bool puzzle_finish(struct puzzle *p, struct puzzle_error *err);

/* puzzle_finish for a Sudoku whose variant maps (regions, cages) the caller has checked
 * already with variant_check or its halves, as a reader does to say which map a fault is
 * in: they are not checked twice.  Without check_givens the givens are left to the
 * caller (puzzle_check_givens), as puzzle_finish_like_unchecked leaves them. */
bool puzzle_finish_maps_checked(struct puzzle *p, bool check_givens, struct puzzle_error *err);

/* puzzle_finish for a puzzle laid out as shape, a finished one (same kind, size, black
 * cells and clues: only the givens may differ), whose groups it shares rather than
 * builds: what a reader of a million one-line Sudoku does.  Any other shape falls back
 * to puzzle_finish. */
bool puzzle_finish_like(struct puzzle *p, const struct puzzle *shape, struct puzzle_error *err);
/* The same, but the givens are left for the caller to check (puzzle_check_givens): for a
 * search that finds clashing givens as it starts anyway.  A puzzle of another layout is
 * finished, givens checked, by puzzle_finish. */
bool puzzle_finish_like_unchecked(struct puzzle *p, const struct puzzle *shape,
                                  struct puzzle_error *err);
/* A new puzzle with shape's layout (a finished puzzle) and no givens, sharing shape's
 * groups: nothing compared, nothing built, so a reader that knows the layout of what it
 * reads (a file of 9x9 one-line Sudoku) pays an allocation per puzzle and no more.  The
 * caller fills in the givens and checks them (puzzle_check_givens). */
struct puzzle *puzzle_new_like(const struct puzzle *shape);
/* Whether no group of a finished puzzle repeats a given (or breaks its sum); err says
 * where when one does. */
bool puzzle_check_givens(const struct puzzle *p, struct puzzle_error *err);

/* For the kinds' constructors: a board of empty white cells without groups. */
struct puzzle *puzzle_alloc(const struct puzzle_ops *ops, int width, int height, int max_digit);
struct puzzle *puzzle_clone(const struct puzzle *p);
void puzzle_free(struct puzzle *p);
void puzzle_set_name(struct puzzle *p, const char *name);

static inline int puzzle_index(const struct puzzle *p, int row, int col)
{
    return row * p->width + col;
}
static inline bool puzzle_is_white(const struct puzzle *p, int cell)
{
    return !p->block[cell];
}

/* "r4c7": the 1-based name of a cell, written into buf (PUZZLE_CELL_NAME_MAX bytes). */
#define PUZZLE_CELL_NAME_MAX 32
const char *puzzle_cell_name(const struct puzzle *p, int cell, char *buf);

/* --- Rules, asked of a grid of p->ncells digits (0 = empty) --- */

/* Digits a white cell may take given the digits in its groups (all-different and, for
 * Kakuro, the sums the rest of the run can still make). */
digitset puzzle_candidates(const struct puzzle *p, const uint8_t *grid, int cell);
/* Marks in bad (ncells bytes) every cell in conflict: a digit repeated in a group, or a
 * Kakuro run whose digits exceed or cannot reach its sum, or complete with a wrong sum.
 * Returns the number of cells marked. */
int puzzle_conflicts(const struct puzzle *p, const uint8_t *grid, uint8_t *bad);
bool puzzle_is_complete(const struct puzzle *p, const uint8_t *grid);
/* Complete, and every group holds distinct digits with the right sum. */
bool puzzle_is_solved(const struct puzzle *p, const uint8_t *grid);
/* The givens as a grid of p->ncells digits, to start a search or a game from. */
void puzzle_start_grid(const struct puzzle *p, uint8_t *grid);

/* --- Kakuro run arithmetic --- */

/* Digits that can appear in a run of len distinct digits adding to sum, when the digits
 * in used are already placed in it (len and sum count the whole run). */
digitset kakuro_run_digits(int len, int sum, digitset used);
/* Whether some len distinct digits adding to sum include every digit of used. */
bool kakuro_run_feasible(int len, int sum, digitset used);
/* Whether len distinct digits 1-9 can add up to sum. */
bool kakuro_sum_possible(int len, int sum);
/* Number of digit sets of len digits adding to sum; their masks into sets (up to max). */
int kakuro_combinations(int len, int sum, digitset *sets, int max);
/* kakuro_run_digits with nothing placed, from a table: what a run of len cells adding to
 * sum allows each of its cells before anything else is known (0: no such run). */
digitset kakuro_run_union(int len, int sum);

#endif
