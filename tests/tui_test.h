/* tui_test.h: what the player's pty scenarios share, above tui_harness: a scratch directory
 * with its own saved-game state, the common puzzles, starting the player, waiting for text
 * with the screen dumped on failure, quitting, and random keys. */
#ifndef KAKUDO_TUI_TEST_H
#define KAKUDO_TUI_TEST_H

#include <stdbool.h>
#include <stddef.h>

#include "tui_harness.h"

/* Box-drawing pieces as the player draws them in UTF-8. */
#define LV "\xe2\x94\x82"     /* light vertical, between cells */
#define HV "\xe2\x94\x83"     /* heavy vertical, between boxes */

/* 'Sudoku' from Wikipedia's article, one line (solution row 1: 534678912). */
extern const char tt_sudoku[];
/* A small Kakuro made for these tests, whose solution is 97 / 814 / 27. */
extern const char tt_kakuro[];

/* How long a wait may take, in milliseconds (set by tt_init). */
extern int tt_wait_ms;

/* Finds the player in KAKUDO_BIN and makes /tmp/kakudo-NAME-XXXXXX, whose state/ holds the
 * saved games.  False, after printing a TAP skip plan, when there is no player to test;
 * exits with status 99 when the directory cannot be made. */
bool tt_init(const char *name, int wait_ms);
/* The scratch directory. */
const char *tt_dir(void);
/* The path of the file called name in the scratch directory, into path; returns path. */
char *tt_scratch_path(char *path, size_t size, const char *name);
/* Writes text to path (a test's setup: exits with status 99 when it cannot). */
void tt_write_file(const char *path, const char *text);
/* Forgets every saved game, so a scenario does not meet the saves of the ones before. */
void tt_fresh_state(void);
/* Removes the scratch directory. */
void tt_cleanup(void);

/* Starts the player as `kakudo --no-timer ARGS...` with the scratch state directory and
 * the settings of env (both NULL-terminated, either may be NULL); bails out if it cannot. */
struct th *tt_start(const char *const args[], const char *const env[], int rows, int cols);
/* Waits for text to appear (settled), dumping the screen when it does not. */
bool tt_wait_text(struct th *t, const char *text);
/* Quits with q and checks a clean exit, dumping the screen when it is not. */
bool tt_quit_cleanly(struct th *t);
/* The cell offset columns right of where text is on the screen; false if text is absent. */
bool tt_cell_at(struct th *t, const char *text, int offset, VTermScreenCell *cell);

/* Random key presses, to check that no sequence of keys crashes the player. */
struct tt_monkey {
    const char *const *keys;
    size_t n_keys;
    int presses;
    int resize_every;       /* presses between random resizes */
    int pump_every;         /* presses between reads of the output */
    int pump_ms;            /* how long each of those reads */
    int escape_ms;          /* how long to read after each Escape when leaving */
    /* May swap a key for another given the screen (NULL: keys as drawn). */
    const char *(*choose)(struct th *t, const char *key);
};

/* Presses the monkey's keys on t from seed, restores rows x cols, then leaves with Escape
 * and q; the waitpid status (-1 if it never ended), the screen dumped unless a clean 0. */
int tt_random_keys(struct th *t, const struct tt_monkey *m, unsigned seed, int rows, int cols);
/* Whether a status is a clean exit with 0. */
bool tt_exited_cleanly(int status);

#endif
