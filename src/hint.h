/* hint.h: human solving techniques as structured, explained hints, and difficulty ratings. */
#ifndef KAKUDO_HINT_H
#define KAKUDO_HINT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "puzzle.h"
#include "solve.h"

/*
 * A position is a grid of digits plus a set of candidates per empty cell.  Each technique
 * is a small function that finds instances of one pattern in a position and reports each
 * as a struct hint: where to look, the pattern, what it proves and why, in words.  The
 * same engine drives the player's hints, `kakudo hint`, the rating and the generator.
 */

enum hint_level {
    LEVEL_BEGINNER,     /* singles only */
    LEVEL_EASY,         /* locked candidates; Kakuro: sums and their digits */
    LEVEL_MEDIUM,       /* subsets; Kakuro: bounds and combinations */
    LEVEL_HARD,         /* fish, wings, single-digit patterns; Kakuro: area sums */
    LEVEL_EXPERT,       /* colouring, chains, uniqueness */
    LEVEL_MASTER,       /* needs trial */
    LEVEL_COUNT
};

/* In the order they are tried: easiest first.  Each applies to Sudoku, Kakuro or both. */
enum technique {
    TECH_MISTAKE,               /* the player's position is wrong: not a technique */
    TECH_FULL_HOUSE,
    TECH_LONE_SQUARE,           /* Kakuro: the last empty cell of a run */
    TECH_HIDDEN_SINGLE_BOX,
    TECH_HIDDEN_SINGLE_LINE,
    TECH_NAKED_SINGLE,
    TECH_UNIQUE_SUM,            /* Kakuro: a sum made one way only */
    TECH_CROSS_REFERENCE,       /* Kakuro: the digits two crossing runs share */
    TECH_EXCLUDED_DIGITS,       /* Kakuro: digits no combination of a run uses */
    TECH_REQUIRED_DIGIT,        /* Kakuro: a digit every combination uses, one place left */
    TECH_POINTING,
    TECH_CLAIMING,
    TECH_CAGE_COMBINATIONS,     /* Killer (hint_killer.c): a cage's sets that fit its cells */
    TECH_CAGE_UNIT,             /* a digit a cage needs within one unit, or a unit's in one cage */
    TECH_SUM_BOUNDS,            /* Kakuro: the smallest and largest a cell can be */
    TECH_INNIES_OUTIES,         /* Killer: the rule of 45 leaves one or two cells */
    TECH_INNIES_OUTIES_BOXES,   /* the same over several boxes or regions */
    TECH_CAGE_SPLITTING,        /* the rule of 45 tells part of a cage: the rest is a cage */
    TECH_INNIE_OUTIE_DIFFERENCE,    /* innies less outies: their candidates must balance */
    TECH_HIDDEN_CAGE,           /* the rule of 45 leaves three or more cells of one unit */
    TECH_REGION_INNIES,         /* Jigsaw: lines and regions less their overlap hold the same */
    TECH_NAKED_PAIR,
    TECH_HIDDEN_PAIR,
    TECH_NAKED_TRIPLE,
    TECH_HIDDEN_TRIPLE,
    TECH_NAKED_QUAD,
    TECH_HIDDEN_QUAD,
    TECH_COMBINATIONS,          /* Kakuro: combinations that fit the cells' candidates */
    TECH_AREA_SUM,              /* Kakuro: across and down runs covering nearly the same cells */
    TECH_X_WING,
    TECH_SWORDFISH,
    TECH_JELLYFISH,
    TECH_SKYSCRAPER,
    TECH_TWO_STRING_KITE,
    TECH_XY_WING,
    TECH_XYZ_WING,
    TECH_W_WING,
    TECH_TURBOT_FISH,           /* two strong links joined by a weak one, a box among them */
    TECH_EMPTY_RECTANGLE,
    TECH_FINNED_X_WING,         /* finned and sashimi fish */
    TECH_FINNED_SWORDFISH,
    TECH_FINNED_JELLYFISH,
    TECH_UNIQUE_RECTANGLE,      /* only when the puzzle is known to have one solution; */
    TECH_UR_TYPE_2,             /* Hard, as SE's 4.5-4.8 and HoDoKu have them */
    TECH_UR_TYPE_4,
    TECH_UR_TYPE_5,
    TECH_UR_TYPE_6,
    TECH_HIDDEN_RECTANGLE,
    TECH_UR_TYPE_3,
    TECH_AVOIDABLE_RECTANGLE,
    TECH_UNIQUE_LOOP,
    TECH_SIMPLE_COLOURING,
    TECH_MULTI_COLOURING,       /* two clusters of one digit related by a weak link */
    TECH_BUG_PLUS_ONE,          /* only when the puzzle is known to have one solution */
    TECH_BUG_TYPE_2,            /* likewise (hint_unique.c) */
    TECH_BUG_TYPE_3,
    TECH_BUG_TYPE_4,
    TECH_X_CHAIN,
    TECH_XY_CHAIN,
    TECH_AIC,                   /* alternating inference chain: strong and weak links */
    TECH_NICE_LOOP,             /* such a chain closed into a loop */
    TECH_GROUPED_X_CHAIN,       /* an X-chain whose nodes may be box-line groups */
    TECH_SUE_DE_COQ,            /* a box-line intersection completed on both sides */
    TECH_ALIGNED_PAIR,          /* two aligned cells' combinations, some impossible */
    TECH_WXYZ_WING,             /* four cells, four digits, one of them unrestricted */
    TECH_BENT_SET,              /* a WXYZ-wing's logic with five cells */
    TECH_ALS_XZ,                /* two almost locked sets sharing a restricted digit */
    TECH_ALS_XY_WING,           /* three almost locked sets: two pincers on a pivot */
    TECH_DEATH_BLOSSOM,         /* a stem cell with an almost locked set per digit */
    TECH_ALIGNED_TRIPLE,        /* three aligned cells' combinations */
    TECH_ALS_CHAIN,             /* a chain of four or more almost locked sets */
    TECH_FRANKEN_FISH,          /* boxes among the base and cover sets (hint_fish.c): */
    TECH_MUTANT_FISH,           /* Expert, tried after the chains for their cost */
    TECH_GROUPED_AIC,           /* an alternating chain with box-line groups among its nodes */
    TECH_GROUPED_NICE_LOOP,     /* such a chain closed into a loop (both: Expert, last for */
                                /* their cost: the ungrouped chains are searched first) */
    TECH_CONTRADICTION_CHAIN,   /* a supposition whose singles end in a contradiction */
    TECH_CELL_FORCING_CHAIN,    /* every candidate of a cell forces the same conclusion */
    TECH_UNIT_FORCING_CHAIN,    /* every place of a digit in a unit forces the same */
    TECH_DYNAMIC_FORCING_CHAIN, /* a supposition followed through the basic techniques */
    TECH_DYNAMIC_CELL_FORCING_CHAIN,    /* cell and unit forcing chains followed likewise */
    TECH_DYNAMIC_UNIT_FORCING_CHAIN,
    TECH_NESTED_FORCING_CHAIN,  /* ... and through suppositions within it */
    TECH_TRIAL,                 /* nothing logical is left: try a digit */
    TECH_COUNT
};

#define HINT_KIND_SUDOKU (1u << PUZZLE_SUDOKU)
#define HINT_KIND_KAKURO (1u << PUZZLE_KAKURO)

struct hint_search;

struct technique_info {
    enum technique id;
    const char *key;            /* "x-wing": for files and the command line */
    const char *name;           /* "X-wing" */
    const char *definition;     /* one line: what the technique looks for */
    enum hint_level level;
    unsigned kinds;             /* HINT_KIND_* it applies to */
    bool needs_unique;          /* sound only when the puzzle has one solution */
    int weight;                 /* its share of a rating's score, per use */
    void (*find)(struct hint_search *s);        /* NULL for TECH_MISTAKE */
};

/* The technique's entry; NULL for an id out of range. */
const struct technique_info *hint_technique(enum technique id);
/* Looks a technique up by key; false if there is none. */
bool hint_technique_by_key(const char *key, enum technique *id);
/* The technique's name (untranslated) on a puzzle of that variant: the table's, but for
 * the words a variant's players use ("Hidden single (region)" on a Jigsaw). */
const char *hint_technique_name(enum technique id, unsigned variant);
/* Its definition (untranslated) on a puzzle of that variant, likewise. */
const char *hint_technique_definition(enum technique id, unsigned variant);
const char *hint_level_name(enum hint_level level);

#define HINT_MAX_GROUPS 16
#define HINT_MAX_CELLS 96
#define HINT_MAX_PLACE 16
#define HINT_MAX_ELIM 256
#define HINT_TEXT_MAX 2048

struct hint_move {
    int cell;
    int digit;
};

/* One step: lists that overflow their array are cut short (the cut hint stays true). */
struct hint {
    enum technique id;
    const char *name;
    const struct puzzle *puzzle;        /* the puzzle it was found in */
    int ngroups;                        /* units or runs in focus: where to look */
    int groups[HINT_MAX_GROUPS];        /* indices into p->groups */
    int ncells;                         /* the pattern's cells (chains: in chain order) */
    int cells[HINT_MAX_CELLS];
    digitset digits;                    /* the pattern's digits */
    int nplace;                         /* digits it proves */
    struct hint_move place[HINT_MAX_PLACE];
    int length;                         /* a chain's candidates (its nodes), for its
                                         * rating; 0: rating.c estimates it from ncells */
    int nelim;                          /* candidates it removes */
    struct hint_move elim[HINT_MAX_ELIM];
    char text[HINT_TEXT_MAX];           /* "Naked pair: r1c2 and r1c5 can only be ..." */
    bool quiet;                         /* text left empty (hint_position.quiet) */
};

/* What the techniques look at.  cands[cell] matters for empty white cells only. */
struct hint_position {
    const struct puzzle *p;
    const uint8_t *grid;                /* ncells digits, 0 empty */
    const digitset *cands;              /* ncells candidate sets */
    bool unique;                        /* known to have one solution: uniqueness allowed */
    const uint8_t *solution;            /* for the trial step; NULL: it solves the grid */
    bool quiet;                         /* leave hint text empty: only conclusions count */
};

/* Candidates implied by the digits alone: Sudoku, the digits its row, column and box do
 * not hold yet; Kakuro, 1-9 less the digits already in its runs (the sums are left to
 * the techniques, which explain them). */
digitset hint_basic_candidates(const struct puzzle *p, const uint8_t *grid, int cell);
/* Fills cands for every cell: marks[cell] (when marks is non-NULL and the cell has any)
 * within the basic candidates, else the basic candidates; 0 for filled and black cells. */
void hint_fill_candidates(const struct puzzle *p, const uint8_t *grid, const digitset *marks,
                          digitset *cands);

/* Called for each hint found; return false to stop. */
typedef bool (*hint_visit_fn)(const struct hint *h, void *user);

/* The easiest step available (trial last): true and *h filled, false if the grid is full
 * or no step applies (a broken position). */
bool hint_next(const struct hint_position *pos, struct hint *h);
/* The same, trying the n techniques of order in that order (the rating's, rating.c). */
bool hint_next_in_order(const struct hint_position *pos, const enum technique *order, int n,
                        struct hint *h);
/* Calls visit for every step every technique finds now (the forcing chains and trial,
 * which find something almost anywhere, only if nothing before them applies); returns
 * how many were visited. */
int hint_all(const struct hint_position *pos, hint_visit_fn visit, void *user);
/* One technique only: the first instance, or all of them. */
bool hint_find(const struct hint_position *pos, enum technique id, struct hint *h);
int hint_find_all(const struct hint_position *pos, enum technique id, hint_visit_fn visit,
                  void *user);

/* Applies a hint's placements (also removing the digit from the candidates of the cells
 * sharing a unit or run) and eliminations to grid and cands. */
void hint_apply(const struct puzzle *p, const struct hint *h, uint8_t *grid, digitset *cands);

/* The rungs of a hint before its conclusion, for a player who asks step by step:
 * where to look ("Look at row 3 and box 4."), and the pattern ("The pattern: r1c2 and
 * r1c5, with 3 and 7.").  The technique's name and definition come from its table entry,
 * the conclusion is hint_reason. */
void hint_where(const struct hint *h, char *buf, size_t size);
void hint_pattern(const struct hint *h, char *buf, size_t size);
/* The text without the technique's name in front. */
const char *hint_reason(const struct hint *h);

/* A player's mistake: a digit that differs from solution (or, without a solution, one in
 * conflict), or pencil marks of an empty cell that no longer hold its digit.  true and a
 * TECH_MISTAKE hint saying where; marks may be NULL. */
bool hint_check_position(const struct puzzle *p, const uint8_t *grid, const digitset *marks,
                         const uint8_t *solution, struct hint *h);

/* Solves from grid for the techniques: any one solution into solution (when there is
 * one) and the number found, at most 2 (2: several; unlike kakudo solve, no search for
 * the smallest of several, which can take long on large sparse grids).  Within budget
 * (NULL: SOLVE_DEFAULT_NODES): when it runs out, -1 if no solution was found, 2 if one
 * was (it may be the only one, but the uniqueness techniques must not count on it), and
 * *gave_up (if not NULL) is set. */
int hint_count_solutions(const struct puzzle *p, const uint8_t *grid, uint8_t *solution);
int hint_count_solutions_within(const struct puzzle *p, const uint8_t *grid, uint8_t *solution,
                                const struct solve_budget *budget, bool *gave_up);

/* The position at the givens of p, for hinting or rating from the start: the grid, its
 * candidates and a solution, owned here; pos points at them. */
struct hint_start {
    struct hint_position pos;
    uint8_t *grid, *solution;
    digitset *cands;
    int count;                          /* solutions found, as hint_count_solutions */
    bool gave_up;                       /* the search for them ran out of budget */
};
/* Opens s at the givens of p (unique when p has one solution); returns s->count.  Close
 * it with hint_start_close whatever the count. */
int hint_start_open(struct hint_start *s, const struct puzzle *p);
/* The same, the search for solutions within budget (NULL: the default). */
int hint_start_open_within(struct hint_start *s, const struct puzzle *p,
                           const struct solve_budget *budget);
void hint_start_close(struct hint_start *s);

/* The hint for a player's position: a mistake first, else the easiest step from the
 * player's marks.  Solves the puzzle, within budget (NULL: the default), to know its
 * solution.  false when the grid is complete and right, or the puzzle has no solution,
 * or (*gave_up set, if not NULL) the search for one ran out of budget. */
bool hint_for_player(const struct puzzle *p, const uint8_t *grid, const digitset *marks,
                     struct hint *h, const struct solve_budget *budget, bool *gave_up);

/* --- Rating (grade.c) --- */

struct grade {
    enum hint_level level;
    enum technique hardest;             /* of the highest level, the one rated highest;
                                         * TECH_MISTAKE when no step was needed */
    int counts[TECH_COUNT];             /* uses of each technique on the path */
    int steps;
    long score;                         /* sum of the techniques' weights over the path */
    int rating;                         /* tenths on Sudoku Explainer's scale (rating.h):
                                         * the hardest step (SE's ER), */
    int rating_ep;                      /* the hardest up to the first placement (EP), */
    int rating_ed;                      /* the first step (ED) */
    enum technique rated_hardest;       /* the step rated highest (TECH_MISTAKE: none) */
    int hardest_rating;                 /* the rating of hardest's hardest step */
    enum hint_level hardest_level;      /* the level that step counts at (a direct step
                                         * at its number's, rating_step_level) */
    bool unique;                        /* the puzzle has exactly one solution */
    bool gave_up;                       /* the budget ran out: the rating is of the steps
                                         * made by then, the level a lower bound */
    unsigned variant;                   /* the puzzle's, for the techniques' names */
};

/* The grading walk's budget of work: the candidates left in the position, added up over
 * the steps (a step's techniques look over them).  The same on every machine: enough for
 * a 64x64 Kakuro, a second or two on most boards; but a step's techniques cost from a few
 * to a few hundred nanoseconds per candidate, so `kakudo rate` also has a ceiling of
 * GRADE_CEILING_MS of CPU time per puzzle. */
#define GRADE_DEFAULT_WORK 80000000u
#define GRADE_CEILING_MS 5000u

/* Solves p from its givens with the techniques, easiest applicable step first (by the
 * techniques' ratings, as Sudoku Explainer: rating_order), trial when stuck, and rates
 * it: the level of its hardest technique and the number of its hardest step.  false if the puzzle has no solution.  Within the default
 * budgets (the solution search's and GRADE_DEFAULT_WORK). */
bool grade_puzzle(const struct puzzle *p, struct grade *g);
/* The same within work (0: no bound) and budget for the searches (NULL: the default),
 * whose deadline, if any, also ends the walk.  Returns 1 when rated (g->gave_up: the walk
 * was cut short), 0 when the puzzle has no solution, -1 when the search for one gave up. */
int grade_puzzle_within(const struct puzzle *p, struct grade *g, uint64_t work,
                        const struct solve_budget *budget);
/* Called for each step of a grading walk with the step's rating and the position before
 * it; false stops the walk (the grade is then of the steps seen). */
typedef bool (*grade_step_fn)(const struct hint *h, int rating, const struct hint_position *pos,
                              void *user);
/* Counts a step rated tenths into g, as the rating's walk does: ED, ER, EP (while
 * *placed is false: no digit placed before it; a step placing one sets it), the counts,
 * the score, and the hardest technique (of the highest level, the step rated highest). */
void grade_count_step(struct grade *g, const struct hint *h, int tenths, bool *placed);
/* grade_puzzle_within, showing each step to step (with its text) when it is not NULL. */
int grade_puzzle_walk(const struct puzzle *p, struct grade *g, uint64_t work,
                      const struct solve_budget *budget, grade_step_fn step, void *user);
/* The same, the steps shown to step without their text (h->text empty): for a step that
 * reads only the technique or the rating, as the generators' stop at a level, at a
 * fraction of the cost (a step's words are most of a quick technique's time). */
int grade_puzzle_walk_quiet(const struct puzzle *p, struct grade *g, uint64_t work,
                            const struct solve_budget *budget, grade_step_fn step, void *user);
/* "Medium, hardest Naked pair, score 123: Full house 5, Hidden single (box) 30, ..." */
void grade_describe(const struct grade *g, char *buf, size_t size);

/* --- For the technique modules (hint_*.c); not for callers --- */

struct hint_chains;
struct als_list;
struct hint_memo_keys;

struct hint_search {
    const struct hint_position *pos;
    enum technique id;                  /* the technique being searched */
    hint_visit_fn visit;
    void *user;
    bool stopped;                       /* the visitor asked to stop */
    int found;
    int16_t *strong;                    /* hint_strong_pair's table, built on first use */
    struct hint_chains *chains;         /* the candidates as a graph, and the suppositions
                                         * followed (hint_links.c), kept for the next
                                         * technique of the same search */
    struct als_list *als;               /* the almost locked sets (hint_als.c), likewise */
    struct hint_memo_keys *memo_keys;   /* every digit's places, for hint_memo.c */
};

/* Starts a hint of the technique being searched. */
void hint_begin(const struct hint_search *s, struct hint *h);
/* The same under a name of its own (untranslated, N_()), where the unit decides it: a
 * hidden single in a diagonal. */
void hint_begin_named(const struct hint_search *s, struct hint *h, const char *name);
/* Whether h's elimination i is of one of its own digits from one of its own cells. */
bool hint_concludes_on_own_cells(const struct hint *h, int i);
/* Reports h if it proves anything; false when the search must stop. */
bool hint_emit(struct hint_search *s, struct hint *h);
void hint_add_group(struct hint *h, int group);
void hint_add_cell(struct hint *h, int cell);
void hint_add_place(struct hint *h, int cell, int digit);
/* Adds the elimination if d is still a candidate of the empty cell (and, for patterns
 * that conclude outside themselves, not one of their own candidates: add the cells and
 * digits first). */
void hint_add_elim(const struct hint_search *s, struct hint *h, int cell, int digit);
/*
 * Hint text is made of whole sentences, each one format string marked for translation
 * with positional arguments where it has several, so that a translator may reorder them:
 *     hint_say(h, _("%1$s has only two places in %2$s"), hint_digits(...), hint_group(...));
 * The words that go into a sentence (cells, units, lists of them, digits) are rendered
 * into strings first by the functions below (hint_text.c), which return "" when h is
 * quiet; hint_say does not even evaluate its arguments then.
 */
void hint_sayf(struct hint *h, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Appends to h->text, unless h is quiet. */
#define hint_say(h, ...) do { if (!(h)->quiet) hint_sayf((h), __VA_ARGS__); } while (0)

enum hint_conj { HINT_AND, HINT_OR };
/* A sentence's words, kept per thread for a while (many sentences; hint_text.c). */
const char *hint_cell(const struct hint *h, int cell);                 /* "r4c7" */
/* "r1c2, r1c5 and r3c4" (HINT_AND) or "... or ..." (HINT_OR) */
const char *hint_cells(const struct hint *h, const int *cells, int n, enum hint_conj conj);
const char *hint_digits(const struct hint *h, digitset set, enum hint_conj conj);
/* "row 1", "column 3", "box 4", "the across run r3c2-r3c4 (sum 17)" */
const char *hint_group(const struct hint *h, int group);
const char *hint_groups(const struct hint *h, const int *groups, int n, enum hint_conj conj);
/* "rows 1, 4 and 7", "column 3": lines numbered from 0 */
const char *hint_lines(const struct hint *h, bool rows, const int *lines, int n);
/* printf into a sentence's words. */
const char *hint_words(const struct hint *h, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A string built piece by piece (a chain, a list of clauses) for a sentence. */
struct hint_buf {
    char s[HINT_TEXT_MAX];
    size_t len;
};
#define HINT_BUF_INIT { .s = "", .len = 0 }
void hint_buf_add(struct hint_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Adds item i of a list of n joined by conj (after its separator). */
void hint_buf_item(struct hint_buf *b, int i, int n, enum hint_conj conj, const char *item);
const char *hint_buf_words(const struct hint *h, const struct hint_buf *b);
/* Why a chain places a digit: its cell's last (naked), its unit's only place (hidden), or
 * not said (the supposition itself). */
enum hint_fact_why { HINT_FACT_PLAIN, HINT_FACT_NAKED, HINT_FACT_HIDDEN };
/* "r4c2 = 5 (its last digit)", "r4c2 = 5 (the only place for 5 in row 4)" (group: the
 * unit) or "r4c2 = 5": a digit a chain places, into out, in words every chain shares. */
void hint_buf_add_fact(const struct hint *h, struct hint_buf *out, enum hint_fact_why why, int cell, int digit,
                       int group);

/* The older fragment writers, for code not yet in whole sentences: conj "and" or "or". */
void hint_say_cell(struct hint *h, int cell);
void hint_say_cells(struct hint *h, const int *cells, int n, const char *conj);
void hint_say_digits(struct hint *h, digitset set, const char *conj);
void hint_say_group(struct hint *h, int group);
/* "; remove 3 from r1c8 and r1c9; 7 from r1c8." - or "." when there is none */
void hint_say_eliminations(struct hint *h);
char hint_digit_symbol(int digit);
bool hint_sees(const struct puzzle *p, int a, int b);
/* Whether swapping the two digits around a rectangle's corners (r1c1 r1c2 r2c1 r2c2)
 * keeps every group of the puzzle: each holds none of them, or two in one row or column,
 * so its digits stay the same (a cage's sum too).  A deadly pattern needs it: on Sudoku X
 * a corner on a diagonal, in Jigsaw corners in three regions, in Killer a cage holding
 * one corner would tell the two solutions apart. */
bool hint_rectangle_can_swap(const struct puzzle *p, const int *corners);
bool hint_in_group(const struct puzzle *p, int cell, int group);
/* Whether the n cells (n > 0) all lie in one group. */
bool hint_cells_share_group(const struct puzzle *p, const int *cells, int n);
/* The cell's group of that kind, or -1. */
int hint_group_of_kind(const struct puzzle *p, int cell, enum group_kind kind);
/* The empty cells of group g whose candidates include d; their count. */
int hint_cells_with(const struct hint_position *pos, int g, int d, int *out);
/* The digits placed in group g. */
digitset hint_group_placed(const struct hint_position *pos, int g);
/* The two empty cells of group g that can be d, when there are exactly two (a strong
 * link: one of them is d); false otherwise. */
bool hint_strong_pair(struct hint_search *s, int g, int d, int *a, int *b);
/* The units where d has only two places, the first of them (a place) kept by keep(cell,
 * user), added to h's groups, and in words: "row 1: r1c2-r1c5, box 3: r2c7-r3c9" (a
 * colouring's strong links, hint_chains.c). */
const char *hint_strong_links_words(struct hint_search *s, struct hint *h, int d,
                                    bool (*keep)(int cell, const void *user), const void *user);

/* The techniques, one function each (hint_sudoku.c, hint_kakuro.c, hint.c). */
void hint_find_full_house(struct hint_search *s);
void hint_find_hidden_single_box(struct hint_search *s);
void hint_find_hidden_single_line(struct hint_search *s);
void hint_find_naked_single(struct hint_search *s);
void hint_find_pointing(struct hint_search *s);
void hint_find_claiming(struct hint_search *s);
void hint_find_naked_subset(struct hint_search *s);
void hint_find_hidden_subset(struct hint_search *s);
void hint_find_fish(struct hint_search *s);
void hint_find_skyscraper(struct hint_search *s);
void hint_find_two_string_kite(struct hint_search *s);
void hint_find_xy_wing(struct hint_search *s);
void hint_find_xyz_wing(struct hint_search *s);
void hint_find_w_wing(struct hint_search *s);
void hint_find_simple_colouring(struct hint_search *s);
void hint_find_unique_rectangle(struct hint_search *s);
void hint_find_bug_plus_one(struct hint_search *s);
void hint_find_turbot_fish(struct hint_search *s);          /* hint_single_digit.c */
void hint_find_empty_rectangle(struct hint_search *s);
void hint_find_finned_fish(struct hint_search *s);          /* hint_fish.c */
void hint_find_franken_fish(struct hint_search *s);
void hint_find_mutant_fish(struct hint_search *s);
void hint_find_unique_rectangle_more(struct hint_search *s);    /* hint_unique.c */
void hint_find_avoidable_rectangle(struct hint_search *s);
void hint_find_unique_loop(struct hint_search *s);
void hint_find_bug_more(struct hint_search *s);
void hint_find_x_chain(struct hint_search *s);
void hint_find_xy_chain(struct hint_search *s);
void hint_find_aic(struct hint_search *s);          /* hint_aic.c */
void hint_find_nice_loop(struct hint_search *s);
void hint_find_grouped_aic(struct hint_search *s);
void hint_find_grouped_nice_loop(struct hint_search *s);
void hint_find_contradiction_chain(struct hint_search *s);  /* hint_forcing.c */
void hint_find_cell_forcing_chain(struct hint_search *s);
void hint_find_unit_forcing_chain(struct hint_search *s);
/* Where a sweep over a position's suppositions stands (the contradiction chains' order,
 * also the dynamic ones'): start it at HINT_SWEEP_START. */
struct hint_sweep {
    int k, cell;                /* pass k: cells with k candidates (max_digit + 1: more than two) */
    digitset left;              /* the cell's candidates not yet supposed */
};
#define HINT_SWEEP_START { 2, -1, 0 }
/* The next supposition: cell is digit (on) or is not; false when the sweep is done. */
bool hint_next_supposition(const struct hint_position *pos, struct hint_sweep *w, int *cell, int *digit,
                           bool *on);
void hint_chains_free(struct hint_chains *chains);          /* hint_links.c */
void hint_find_grouped_x_chain(struct hint_search *s);          /* hint_grouped.c */
void hint_find_dynamic_forcing_chain(struct hint_search *s);    /* hint_dynamic.c */
void hint_find_nested_forcing_chain(struct hint_search *s);
void hint_find_dynamic_cell_forcing_chain(struct hint_search *s);
void hint_find_dynamic_unit_forcing_chain(struct hint_search *s);
void hint_find_trial(struct hint_search *s);
void hint_find_als_xz(struct hint_search *s);               /* hint_als.c */
void hint_als_free(struct als_list *als);
void hint_find_als_xy_wing(struct hint_search *s);
void hint_find_als_chain(struct hint_search *s);
void hint_find_death_blossom(struct hint_search *s);
void hint_find_sue_de_coq(struct hint_search *s);
void hint_find_wxyz_wing(struct hint_search *s);            /* hint_wings.c */
void hint_find_bent_set(struct hint_search *s);
void hint_find_aligned_pair(struct hint_search *s);
void hint_find_aligned_triple(struct hint_search *s);
void hint_find_multi_colouring(struct hint_search *s);      /* hint_colouring.c */
void hint_find_cage_combinations(struct hint_search *s);  /* hint_killer.c */
void hint_find_cage_unit(struct hint_search *s);
void hint_find_innies_outies(struct hint_search *s);
void hint_find_innies_outies_boxes(struct hint_search *s);
void hint_find_cage_splitting(struct hint_search *s);
void hint_find_innie_outie_difference(struct hint_search *s);
void hint_find_hidden_cage(struct hint_search *s);
void hint_find_region_innies(struct hint_search *s);
/* For the tests: forgets the cage fits this thread remembers (hint_killer.c), so that a
 * walk can be compared with one that works them all out; how many it has answered. */
void hint_killer_memo_forget(void);
unsigned long hint_killer_memo_hits(void);
void hint_find_lone_square(struct hint_search *s);
void hint_find_unique_sum(struct hint_search *s);
void hint_find_cross_reference(struct hint_search *s);
void hint_find_excluded_digits(struct hint_search *s);
void hint_find_required_digit(struct hint_search *s);
void hint_find_sum_bounds(struct hint_search *s);
void hint_find_combinations(struct hint_search *s);
void hint_find_area_sum(struct hint_search *s);

#endif
