/* hint_follow.h: following a supposition through the engine's own techniques: the engine
 * of the dynamic and nested forcing chains and of the trial step, for either puzzle kind
 * (not for callers outside the hint modules). */
#ifndef KAKUDO_HINT_FOLLOW_H
#define KAKUDO_HINT_FOLLOW_H

#include "hint.h"

/*
 * A supposition ("r4c7 is 3", or "r4c7 is not 3") is followed in a copy of the position:
 * singles are found at once (a cell with one candidate left; a digit with one place left
 * in a group that must hold every digit, a Sudoku unit); when none is left, the engine's
 * own techniques up to a ceiling are asked for the next steps (locked candidates and
 * subsets for Sudoku; the sum techniques for Kakuro: whatever the technique table holds
 * for the kind); and, when nesting is allowed, suppositions inside the supposition, each
 * followed through singles, remove the candidates they refute.  It stops at a
 * contradiction (a cell with no digit left, a digit with no place left in such a group, a
 * sum its digits cannot make), when nothing is left to do, or when the work budget of
 * the follower runs out.
 *
 * Every step remembers what it rests on, so a contradiction can be shown with only the
 * steps a reader needs, in the order they were found.
 */

struct follow;

enum follow_result {
    FOLLOW_OPEN,            /* nothing more found: no contradiction */
    FOLLOW_CONTRADICTION,   /* the supposition is false */
    FOLLOW_SOLVED,          /* the grid filled up without a contradiction */
    FOLLOW_OUT_OF_WORK,     /* the budget ran out */
};

/* What a follower may use inside a supposition. */
struct follow_options {
    enum technique ceiling;     /* the hardest technique asked for (TECH_NAKED_SINGLE: singles
                                 * only); techniques of a higher level than LEVEL_MEDIUM are
                                 * never asked (they would be chains within chains) */
    bool nested;                /* suppositions within, followed through singles */
    long work;                  /* the follower's budget (removals, roughly) */
};

/* A follower for the search's position; free it with follow_free. */
struct follow *follow_new(struct hint_search *s, const struct follow_options *opt);
void follow_free(struct follow *f);
/* Follows "cell is d" (on) or "cell is not d" from the position. */
enum follow_result follow_suppose(struct follow *f, int cell, int d, bool on);
/* After a contradiction: the size of its proof (steps shown, nested ones counted with
 * their own steps) and how deep the nesting went (0: none). */
int follow_proof_size(struct follow *f, int *nesting);
/* Where a branch's words go: after other words ("if r4c7 were 3, ...") or at the start of
 * a sentence of their own ("If r4c7 were 3, ..."). */
enum follow_start { FOLLOW_CLAUSE, FOLLOW_SENTENCE };
/* After a contradiction, the words "if r4c7 were 3, then ..., and r5c2 would have no digit
 * left" (words of h), adding the cells and digits they name; followed again with text on. */
const char *follow_contradiction_words(struct follow *f, struct hint *h, int cell, int d, bool on,
                                       enum follow_start start);
/* After a supposition followed without a contradiction: the grid and candidates it
 * reached, until the next one is followed (a placed cell has no candidates left). */
const uint8_t *follow_grid(const struct follow *f);
const digitset *follow_cands(const struct follow *f);
/* Then: the size of the proof that it gave the cell `at` digit (place) or removed digit
 * from it, as follow_proof_size's. */
int follow_conclusion_size(struct follow *f, int at, int digit, bool place);
/* The sentence "If r4c7 is 3, then ..., so r5c2 is not 4" (words of h, without its
 * period) for "cell is d" and such a conclusion; followed again with text on. */
const char *follow_conclusion_words(struct follow *f, struct hint *h, int cell, int d, int at, int digit,
                                    bool place);
/* Sets the follower's budget (0: none, for following again what was followed within it
 * once); returns the one it had. */
long follow_set_budget(struct follow *f, long work);
/* Whether the follower's budget is spent. */
bool follow_spent(const struct follow *f);

#endif
