/* game.h: the "midend": a game in progress - digits, pencil marks, history, timer, saves. */
#ifndef KAKUDO_GAME_H
#define KAKUDO_GAME_H

#include <stdbool.h>
#include <stdint.h>

#include "format.h"
#include "puzzle.h"

/*
 * Every change to the board is a move: a short printable string (as in Simon Tatham's
 * midend), so a save file is the puzzle plus its moves, replayed on load.
 *   "S<cell>,<digit>"   set a digit (removes that digit from the marks of the cells it sees)
 *   "E<cell>"           erase the digit of a cell
 *   "M<cell>,<digit>"   toggle one pencil mark
 *   "F"                 fill every empty cell's marks with its candidates
 *   "C"                 clear all marks
 *   "G<digits>"         set the whole grid at once (e.g. keeping the solver's solution):
 *                       one symbol per cell, '.' for empty/black
 *   "K<cell>,<symbols>" set the pencil marks of an empty cell to exactly these digits,
 *                       written as symbols (1-9, A, B...) in ascending order; none clears
 *   "<move>;<move>..."  several moves made as one, undone in one step (a hint applied:
 *                       "K12,38;K13,18;S40,7"), each applied after the ones before it
 * <cell> is the 0-based cell index and <digit> a decimal number, both without sign or
 * leading zeros ("S40,7").  Setting a digit keeps the cell's own marks (they show again
 * when it is erased); a digit set in a cell is also removed from the marks of every cell
 * that shares a group with it, inside the same move, so undo brings those marks back.
 * A move that changes nothing, or names a given, a black cell or a bad digit, is refused
 * (game_move returns false and sets a reason) and does not enter the history.  A game the
 * player solved is over: its record (the time, the hints) stands, and moves, undo, redo
 * and hints are refused.  A grid completed by keeping the solver's solution (a "G" move
 * among the moves done) is not the player's solve: it stops the timer, but the player may
 * undo it or go on, and breaking it restarts the timer.  (Saves from before this rule may
 * hold moves after a solve; loading replays them all the same.)
 *
 * Save file (text, UTF-8, '\n' line ends, every line required unless noted):
 *   kakudo-save 2                        (version 1, without rung counts, is read too)
 *   kind sudoku|kakuro
 *   format NAME SPACED BOXED NUMBERS EMPTY   the style: format_name(), 0|1 x3, '.' or '0'
 *   boxes ROWS COLS                      the Sudoku box shape (0 0 for Kakuro)
 *   name TEXT                            optional: the puzzle's name
 *   elapsed MS                           time played (the completion time if completed)
 *   completed 0|1                        must agree with the grid at the position
 *   hints N R1 R2 R3 R4 R5               hints asked for, and how many of them went as
 *                                        far as rung k (R1+..+R5 <= N: older saves
 *                                        kept no rungs)
 *   key HEX                              game_puzzle_key of the puzzle below
 *   puzzle                               then the givens written by format_write: a
 *   ...                                  one-line Sudoku ('.' empty) or a Kakuro grid
 *   end
 *   move TEXT                            zero or more: the whole history, oldest first
 *   position K                           moves [0, K) are done, the rest can be redone
 * Loading replays every move, then undoes back to K; anything malformed or inconsistent
 * (a refused move, a key that does not match, text after the last line) rejects the file.
 */

#define GAME_HINT_RUNGS 5   /* where to look, technique, pattern, conclusion, applied */

struct game_change {
    int cell;
    uint8_t old_digit, new_digit;
    digitset old_marks, new_marks;
};

struct game_move {
    char *text;
    struct game_change *changes;
    int nchanges;
};

struct game {
    struct puzzle *puzzle;
    struct format_style style;  /* how the puzzle was read; used in the save file */
    uint8_t *grid;              /* current digits, givens included; 0 empty */
    digitset *marks;            /* pencil marks per cell */
    struct game_move *history;  /* moves[0..nmoves): done are [0..pos) */
    int nmoves, pos;
    size_t history_cap;
    uint64_t elapsed_ms;        /* play time before the current timer run */
    uint64_t started_ns;        /* when the timer last started; 0 while paused */
    bool completed;             /* the grid is solved; the time is frozen */
    bool solved;                /* completed by the player (not the solver): game over */
    uint64_t completed_ms;
    int hints_used;
    int hint_rungs[GAME_HINT_RUNGS];    /* hints whose deepest rung was k + 1 */
    char *save_path;            /* where progress is saved, or NULL */
};

/* Starts a game on a copy of p (givens filled in); the timer is paused until game_resume.
 * style may be NULL: the kind's usual format (one-line Sudoku, Kakuro grid). */
struct game *game_new(const struct puzzle *p, const struct format_style *style);
void game_free(struct game *g);

/* Applies a move string; false (with *why set to a static message) if it is refused. */
bool game_move(struct game *g, const char *move, const char **why);
/* Convenience wrappers that build the move strings. */
bool game_set(struct game *g, int cell, int digit, const char **why);
bool game_erase(struct game *g, int cell, const char **why);
bool game_toggle_mark(struct game *g, int cell, int digit, const char **why);
bool game_fill_marks(struct game *g, const char **why);
bool game_clear_marks(struct game *g, const char **why);
bool game_set_grid(struct game *g, const uint8_t *grid, const char **why);
/* Sets an empty cell's marks (the "K" move). */
bool game_set_marks(struct game *g, int cell, digitset marks, const char **why);

struct hint;
/* Applies a hint (hint.h) as one move: eliminations set the marks of their cells (a cell
 * without marks starts from its candidates), placements set digits; a mistake erases the
 * wrong digit or gives the cell its candidates back.  false with *why if refused. */
bool game_apply_hint(struct game *g, const struct hint *h, const char **why);

/* Counts a hint: rung 1 is a new hint; rung k > 1 means the last hint went on to rung k
 * (it then counts at k instead of k - 1).  Not a move: hints are not undone. */
void game_note_hint(struct game *g, int rung);

bool game_can_undo(const struct game *g);
bool game_can_redo(const struct game *g);
bool game_undo(struct game *g);
bool game_redo(struct game *g);

/* Timer: milliseconds played (frozen once completed; game_resume does nothing then). */
void game_pause(struct game *g);
void game_resume(struct game *g);
bool game_is_paused(const struct game *g);
uint64_t game_elapsed_ms(const struct game *g);

/* Whether the cell can be changed by the player. */
bool game_cell_editable(const struct game *g, int cell);
/* Cells whose digit differs from the solution (sol = ncells digits): count, marked in bad. */
int game_wrong_cells(const struct game *g, const uint8_t *solution, uint8_t *bad);

/* Save files: the puzzle, the moves, the position in the history and the time.  Written to
 * a temporary file and renamed into place.  false with a message on failure. */
bool game_save(const struct game *g, const char *path, char *err, size_t errsize);
/* Loads a save file; NULL with a message ("path:line: what") if it is corrupt or
 * unreadable.  The loaded game's timer is paused. */
struct game *game_load(const char *path, char *err, size_t errsize);
/* A stable key for a puzzle (a hash of its kind, size and clues) naming its save file:
 * 16 lowercase hex digits (FNV-1a 64).  Caller frees. */
char *game_puzzle_key(const struct puzzle *p);
/* $XDG_STATE_HOME/kakudo (or ~/.local/state/kakudo; a relative $XDG_STATE_HOME is
 * ignored, as the XDG spec says), created with its parents (mode 0700) if missing; NULL
 * on error.  Caller frees. */
char *game_state_dir(void);
/* The same, saying in err what went wrong when there is none (no $HOME, a file in the way). */
char *game_find_state_dir(char *err, size_t errsize);

#endif
