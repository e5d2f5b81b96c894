/* hint_kakuro_links.h: what the chains need to know of a Kakuro run's sum: the digits it
 * requires, and the digits its cells can take in some combination that fits them (not for
 * callers). */
#ifndef KAKUDO_HINT_KAKURO_LINKS_H
#define KAKUDO_HINT_KAKURO_LINKS_H

#include "hint.h"

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

/* The digits that must go in one of group g's empty cells: in a group of max_digit cells
 * every digit it still lacks; in a run with a sum those every combination that fits its
 * cells' candidates uses; none in a run without a sum.  Two places of such a digit make a
 * strong link; one place, a hidden single. */
digitset hint_group_required(const struct hint_position *pos, int g);

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

/* --- Sum links: two candidates of a run that no fitting combination holds together --- */

struct cand_links;
struct sum_links;

/* The links' sum tables, built as nodes ask (freed with the links). */
struct sum_links *sum_links_new(const struct cand_links *l);
void sum_links_free(struct sum_links *sl);
/* Whether nodes a and b, in different cells of one run with a sum and with different
 * digits, cannot both be true: the run's sum, with its cells' candidates, allows no
 * combination that places both.  false for any other pair. */
bool sum_links_weak(struct sum_links *sl, int a, int b);
/* Appends the nodes so linked with node to out; their count (at most
 * SUM_LINKS_MAX). */
#define SUM_LINKS_MAX (2 * (KAKURO_RUN_MAX - 1) * (KAKURO_RUN_MAX - 1))
int sum_links_all(struct sum_links *sl, int node, int *out);
/* The run with a sum holding both cells, or -1. */
int sum_links_run(const struct cand_links *l, int ca, int cb);

#endif
