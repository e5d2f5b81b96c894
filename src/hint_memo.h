/* hint_memo.h: which digits a single-digit technique has searched in vain, remembered. */
#ifndef KAKUDO_HINT_MEMO_H
#define KAKUDO_HINT_MEMO_H

#include <stdbool.h>

#include "hint.h"

/*
 * A single-digit technique (fish, X-chains, colouring, ...) searching digit d reads d's
 * places only: the empty cells that may hold it and the cells that hold it (and the
 * puzzle's units).  A rating's walk asks again at every step, and most digits' places
 * have not moved since, so a digit whose search reported nothing is remembered (per
 * thread) with its places, and skipped while they stay the same.  A bounded search also
 * gives what it spent (its effort) so that the caller takes it from its budget as the
 * search would have: the same hints are found, in the same order, as without the memo.
 * Only where the places alone decide: Sudoku and its variants without cages.
 */

/* Whether technique s->id searched digit d in vain where d's places were as they are now:
 * true and *effort (if not NULL) what that search spent. */
bool hint_memo_vain(struct hint_search *s, int d, long *effort);
/* Remembers that technique s->id's search of digit d, which spent effort, found nothing. */
void hint_memo_keep_vain(struct hint_search *s, int d, long effort);
/* Frees what s keeps for the memo (search_done). */
void hint_memo_search_done(struct hint_search *s);
/* Forgets everything this thread remembers; how many searches of a digit it has skipped
 * (both for the tests: a walk with and without the memo must agree). */
void hint_memo_forget(void);
unsigned long hint_memo_skips(void);

#endif
