/* tui_test.h: what the player's pty scenarios share, above tui_harness: a scratch directory
 * with its own saved-game state, the common puzzles, starting the player, waiting for text
 * with the screen dumped on failure, quitting, and random keys. */
#ifndef KAKUDO_TUI_TEST_H
#define KAKUDO_TUI_TEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tui_harness.h"

/* Box-drawing pieces as the player draws them in UTF-8. */
#define LV "\xe2\x94\x82"     /* light vertical, between cells */
#define HV "\xe2\x94\x83"     /* heavy vertical, between boxes */

/* 'Sudoku' from Wikipedia's article, one line (solution row 1: 534678912). */
extern const char tt_sudoku[];
/* A small Kakuro made for these tests, whose solution is 97 / 814 / 27. */
extern const char tt_kakuro[];

/* How long a wait may take, in milliseconds (set by tt_init).  Only a failing test waits
 * this long, so it is generous: the program may share a busy machine, under a sanitizer. */
extern int tt_wait_ms;

/* Finds the player in KAKUDO_BIN and makes /tmp/kakudo-NAME-XXXXXX, whose state/ holds the
 * saved games and config/ is the player's XDG_CONFIG_HOME; waits last up to wait_ms times KAKUDO_TEST_WAIT_SCALE (a number, default 1).
 * False, after printing a TAP skip plan, when there is no player to test; exits with
 * status 99 when the directory cannot be made. */
bool tt_init(const char *name, int wait_ms);
/* The scratch directory. */
const char *tt_dir(void);
/* The path of the file called name in the scratch directory, into path; returns path. */
char *tt_scratch_path(char *path, size_t size, const char *name);
/* Writes text to path (a test's setup: exits with status 99 when it cannot). */
void tt_write_file(const char *path, const char *text);
/* Forgets every saved game and the config file, so a scenario does not meet the saves
 * (nor the settings the player kept) of the ones before. */
void tt_fresh_state(void);
/* Removes the scratch directory. */
void tt_cleanup(void);

/* Starts the player as `kakudo --no-timer ARGS...` with the scratch state directory and
 * the settings of env (both NULL-terminated, either may be NULL); bails out if it cannot. */
struct th *tt_start(const char *const args[], const char *const env[], int rows, int cols);
/* The same without --no-timer: the timer as the config (in tt_dir()/config) says. */
struct th *tt_start_timed(const char *const args[], const char *const env[], int rows, int cols);
/* Waits for text to appear (settled), dumping the screen when it does not. */
bool tt_wait_text(struct th *t, const char *text);
/* Waits for text to appear on a screen that keeps changing (th_see), dumping the screen
 * when it does not. */
bool tt_see(struct th *t, const char *text);
/* Quits with q and checks a clean exit, dumping the screen when it is not. */
bool tt_quit_cleanly(struct th *t);
/* The cell offset columns right of where text is on the screen; false if text is absent. */
bool tt_cell_at(struct th *t, const char *text, int offset, VTermScreenCell *cell);
/* The character at (row, col); a cell never written is a space, one off the screen 0. */
uint32_t tt_char_at(struct th *t, int row, int col);
/* How many times text stands on the screen. */
int tt_count_on_screen(struct th *t, const char *text);
/* Whether text is on the screen shown reversed (the picker's selection without colour);
 * a th_wait_until predicate, arg the text. */
bool tt_shown_reversed(struct th *t, const void *text);
/* Waits until text is shown reversed; says so and dumps the screen if it never is. */
bool tt_wait_reversed(struct th *t, const char *text);
/* Sends keys and waits for the screen to settle: to see that they did nothing. */
void tt_send_settled(struct th *t, const char *keys);
/* Sends keys that should do nothing and whether text is still on the settled screen. */
bool tt_still_after(struct th *t, const char *keys, const char *text);
/* Sends a press and release of mouse button (0 left; 64, 65 the wheel up and down, which
 * have no release) on the first character of text, in xterm's SGR encoding; false if
 * text is not on the screen. */
bool tt_mouse_on(struct th *t, const char *text, int button);
/* Two left clicks on the first character of text, both where it stood before the first:
 * the screen is read once, as the program may be redrawing that row after the first
 * click (looking again could miss it and send one click); false if text is absent. */
bool tt_double_click_on(struct th *t, const char *text);

/* Random key presses, mouse reports and resizes, to check that nothing sent to the player
 * crashes it, hangs it or garbles the screen. */
struct tt_monkey {
    const char *const *keys;
    size_t n_keys;
    int presses;            /* events sent in all: keys, mouse reports, resizes */
    int mouse_percent;      /* how many events in a hundred are mouse reports */
    int resize_every;       /* events between random resizes, down to 1x1 */
    int pump_every;         /* events between reads of the output */
    int pump_ms;            /* how long each of those reads */
    int check_every;        /* events between checks that it lives and its screen is sane */
    int answer_every;       /* events between checks that it still redraws (0: never) */
};

/* What a monkey saw. */
struct tt_monkey_run {
    int status;             /* the waitpid status at the end, -1 if it never ended */
    int sent;               /* events sent */
    char why[512];          /* what went wrong; empty if nothing */
};

/* Sends the monkey's events to t from seed, checking as it goes that the program lives,
 * its screen is sane and it answers; then restores rows x cols, leaves with Escape and q,
 * and checks the exit left the terminal as it found it (normal screen, no mouse reports,
 * cursor shown).  Whether all went well; run says what happened, the screen is dumped if
 * not. */
bool tt_random_keys(struct th *t, const struct tt_monkey *m, unsigned seed, int rows, int cols,
                    struct tt_monkey_run *run);
/* Whether the screen holds only what a program draws: printable characters (no control
 * characters, no U+FFFD from broken UTF-8, no echoed input) and the cursor on the screen;
 * if not, why says what is wrong. */
bool tt_screen_sane(struct th *t, char *why, size_t size);
/* Whether the terminal modes the program left are those it found: the normal screen, no
 * mouse reports, the cursor shown; if not, why says which is wrong. */
bool tt_terminal_restored(const struct th *t, char *why, size_t size);
/* Whether a status is a clean exit with 0. */
bool tt_exited_cleanly(int status);

#endif
