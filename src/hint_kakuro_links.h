/* hint_kakuro_links.h: what the chains need to know of a Kakuro run's sum: the digits it
 * requires, and the candidates no fitting combination holds together (not for callers;
 * the fitting itself is digit_sets.h's). */
#ifndef KAKUDO_HINT_KAKURO_LINKS_H
#define KAKUDO_HINT_KAKURO_LINKS_H

#include "hint.h"

#include "digit_sets.h"

/* The digits that must go in one of group g's empty cells: in a group of max_digit cells
 * every digit it still lacks; in a run with a sum those every combination that fits its
 * cells' candidates uses; none in a run without a sum.  Two places of such a digit make a
 * strong link; one place, a hidden single. */
digitset hint_group_required(const struct hint_position *pos, int g);

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
