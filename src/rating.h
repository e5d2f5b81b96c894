/* rating.h: a numeric difficulty on Sudoku Explainer's scale, for steps, paths and puzzles. */
#ifndef KAKUDO_RATING_H
#define KAKUDO_RATING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hint.h"

/*
 * Ratings are kept in tenths (23 is 2.3), the one decimal Sudoku Explainer (SE) prints.
 * Each technique has a base rating on SE's scale (rating.c has the table and its
 * sources); a chain adds SE's length bonus to it.  A puzzle's rating is its hardest step
 * when solved easiest step first, where "easiest" is by these ratings, as in SE: the
 * walk tries the techniques in the order of their base ratings (the patterns before the
 * suppositions, rating_walk_tier), not in the order of hint_next (which follows the
 * levels).
 */

/* How a technique's hint tells its length, for the chain bonus. */
enum rating_length {
    LENGTH_NONE,                /* a fixed pattern: no bonus */
    LENGTH_CELLS,               /* a chain of one candidate per cell (X-chains) */
    LENGTH_TWO_PER_CELL,        /* two candidates per cell (XY-chains, forcing chains) */
    LENGTH_PROOF,               /* a supposition's proof, hint.length steps, each of
                                 * which SE counts as about four candidates */
    LENGTH_STRONG_LINKS,        /* a chain of one digit, rated by its strong links */
    LENGTH_WING,                /* a wing's shape: its largest cell (Sukaku Explainer) */
};

struct rating_entry {
    int base;                   /* tenths on SE's scale; 0: not rated (rating_base says) */
    enum rating_length length;
    bool shortest_first;        /* its finder reports its shortest chains first */
    bool se_lacks;              /* a uniqueness pattern SE has not: tried after SE's */
    int direct;                 /* tenths for a step whose eliminations leave a hidden
                                 * single (SE's "direct" technique); 0: it has none */
    bool se_replaces;           /* SE has no pattern for it: rated at least as what SE
                                 * takes in its place (rating_se_replaces) */
};

/* The technique's base rating in tenths: its entry, or for a technique without one a
 * default from its level (so a technique added without a number still rates sensibly). */
int rating_base(enum technique t);
/* The lowest number a step of the technique can have: its base, or its direct number
 * (a locked candidates or hidden set step that leaves a hidden single, SE's "direct"
 * techniques, 1.7-2.5). */
int rating_floor(enum technique t);
/* Whether the step is direct on SE's scale: removing its candidates leaves a digit one
 * place in a unit where it had more, a hidden single, into *single.  SE looks for it in
 * a hidden set's own unit, and for locked candidates in the units of the kind the digit
 * is locked in (another box along a pointing's line, another line across a claiming's
 * box), not in the other kind: those pointings SE rates 2.6.  SE's direct step places
 * that single and leaves the candidates, which a later step must remove. */
bool rating_direct_single(const struct hint *h, const struct hint_position *pos, struct hint_move *single);
/* How the technique's length is counted. */
enum rating_length rating_length_kind(enum technique t);
/* Whether the technique's first hint is its lowest-rated one: a fixed pattern, or a chain
 * whose finder reports the shortest first.  For the others the grading walk looks at every
 * instance, as SE takes the shortest chain. */
bool rating_first_is_lowest(enum technique t);
/* SE's bonus for a chain of length links, in tenths: 0.1 for each of 4, 6, 8, 12, 16,
 * 24, 32... (each half again, then a third again, the one before) that length passes. */
int rating_length_bonus(int length);
/* The step's length as SE counts it (the candidates between its ends), 0 for a pattern. */
int rating_step_length(const struct hint *h);
/* One step's rating in tenths: the base of its technique plus its length bonus. */
int rating_step(const struct hint *h);
/* The same, in the position it is taken in (a wing's number depends on its cells'
 * candidates there). */
int rating_step_in(const struct hint *h, const struct hint_position *pos);
/* The level a step rated tenths counts at in the puzzle's level: its technique's, but a
 * direct step (rating_floor) counts at its number's band, among the singles whose work it
 * is, as SE rates it. */
enum hint_level rating_step_level(const struct hint *h, int tenths);
/* The level whose techniques' base ratings band holds this rating (for the levels of
 * techniques without an entry, and for describing a number in words). */
enum hint_level rating_level_band(int tenths);

/* "7.2" into buf (at least 8 bytes). */
const char *rating_format(int tenths, char *buf, size_t size);

/* The walk's tier of a technique: 0 a pattern, 1 a uniqueness pattern SE lacks, 2 a
 * supposition (contradiction and forcing chains), 3 trial.  Lower tiers are tried first,
 * whatever their numbers. */
int rating_walk_tier(enum technique t);
/* The techniques in the walk's order into order: by tier, then by base rating, the
 * table's order between equals, trial last; returns how many (TECH_COUNT - 1: the
 * mistake is no step). */
int rating_order(enum technique order[TECH_COUNT]);

/* A trial step's rating in the position it is taken in (rating.c says how). */
int rating_trial(const struct hint_position *pos);
/* Any step's rating, taken in pos: rating_step, or rating_trial for a trial. */
int rating_of_step(const struct hint *h, const struct hint_position *pos);

/* Whether t is a pattern SE (and Sukaku Explainer) has not and proves with no pattern of
 * its own (finned, Franken and mutant fish): a step of it rates at least what SE takes in
 * its place, its own number the least (grade.c). */
bool rating_se_replaces(enum technique t);
/* Whether SE rates puzzles like p: plain 9x9 Sudoku. */
bool rating_puzzle_is_se(const struct puzzle *p);
/* Whether SE makes the step with a forcing chain of its own (cell, region, dynamic or
 * nested: base 8.0 and up), one it tries only when no Nishio chain is left. */
bool rating_after_nishio(enum technique t);
/* A Nishio chain (rating_nishio.c): the candidate supposed (on: true, else false), which
 * its consequences refute; the cell where they conclude a candidate both ways; SE's
 * complexity (its length plus two) and its number (7.5 and the length bonus).  Its proof:
 * the digits it places (each the only place left in group), in the order found, and how
 * it ends: the digit twice in end_group (in conflict and in end_cell) or, when twice is
 * false, no place left for it in end_group. */
#define RATING_NISHIO_MAX_STEPS 81
struct rating_nishio {
    int cell, digit, conflict, size, tenths;
    bool on;
    bool twice;
    int end_cell, end_group, nsteps;
    struct { int16_t cell, group; } steps[RATING_NISHIO_MAX_STEPS];
};
/* The Nishio chain of the position SE rates lowest into *best; false if there is none
 * (or the puzzle is not a plain 9x9 Sudoku, the puzzles SE rates). */
bool rating_nishio(const struct hint_position *pos, struct rating_nishio *best);

#endif
