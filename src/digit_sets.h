/* digit_sets.h: sums of distinct digits (Kakuro runs, Killer cages): which digit sets fit
 * a group's cells, and the sets adding up to a sum; below both the solvers and the hints. */
#ifndef KAKUDO_DIGIT_SETS_H
#define KAKUDO_DIGIT_SETS_H

#include <stdbool.h>
#include <stdint.h>

#include "puzzle.h"

#define KAKURO_RUN_MAX 9

/* The n cells (n <= 9) with candidates cand[] must take distinct digits adding up to rem:
 * allowed[i] gets the digits cell i takes in some such assignment, *common (if not NULL)
 * the digits every one uses; returns how many digit sets fit (0: none, a contradiction). */
int kakuro_fit(int n, const digitset *cand, int rem, digitset *allowed, digitset *common);
/* The same, the sets that fit written to sets (room for 126) in ascending order; returns
 * their number. */
int kakuro_fit_sets(int n, const digitset *cand, int rem, digitset *allowed, digitset *sets);

/* The most cells of a group with a sum: a Kakuro run's 9, a Killer cage's max_digit. */
#define KAKURO_GROUP_MAX PUZZLE_MAX_DIGIT

/* Group g of p with the digits of grid placed and the candidates cands of its empty cells:
 * allowed[i] for its i-th cell (allowed has room for KAKURO_GROUP_MAX) as kakuro_fit (the
 * placed digit for a filled cell, 0 if it clashes), *common as there; returns the number
 * of digit sets that fit, or -1 for a group without a sum (its cells only differ).  A
 * Killer of more than 9 digits tries the digit sets one by one: when there are too many,
 * every candidate is allowed, none common, and 1 is returned.  */
int kakuro_fit_group(const struct puzzle *p, int g, const uint8_t *grid, const digitset *cands,
                     digitset *allowed, digitset *common);


/* Whether each of the n cells can take a different digit of its set sets[i]. */
bool kakuro_matching(const digitset *sets, int n);
/* The same; when they can, allowed[i] also gains every digit of sets[i] that cell i takes
 * in some such choice. */
bool kakuro_matching_allowed(const digitset *sets, int n, digitset *allowed);

/* Calls fn on every set of k distinct digits of avail, none above top, adding up to sum:
 * the largest digits first (9+5+1 before 9+4+2 before 8+6+1).  Stops at the first call
 * that returns false, and returns false then. */
typedef bool (*kakuro_set_fn)(digitset set, void *user);
bool kakuro_digit_sets(digitset avail, int k, int top, int sum, kakuro_set_fn fn, void *user);
/* How many sets of k distinct digits from 1..top add up to sum (top at most
 * PUZZLE_MAX_DIGIT). */
long kakuro_digit_set_count(int k, int top, int sum);

/* kakuro_fit_group with the candidates of cell hold (if not -1) taken
 * as held instead (a supposition's test). */
int kakuro_fit_group_holding(const struct puzzle *p, int g, const uint8_t *grid,
                             const digitset *cands, int hold, digitset held, digitset *allowed,
                             digitset *common);

#endif
