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
 *   elapsed MS                           time played (the completion time if completed),
 *                                        at most GAME_ELAPSED_MAX; counters saturate
 *   completed 0|1                        must agree with the grid at the position
 *   completed-by kakudo                  only after "completed 1", when the solver's
 *                                        solution was kept on the way (a "G" move done):
 *                                        not the player's solve.  Written only then, so an
 *                                        older kakudo refuses only those saves, as a newer
 *                                        kakudo's (a completed save of an older kakudo
 *                                        lacks it whoever completed the grid)
 *   filled N                             optional: the digits the player has placed at the
 *                                        position (so the picker need not replay the moves)
 *   cursor CELL                          optional: the cell the player's cursor was on
 *                                        (0-based; without it the player puts it where a
 *                                        new game has it)
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
 * A newer version number, or a line whose first word (a lowercase keyword) is none of the
 * above where a header or move line is expected, is a newer kakudo's save: refused as
 * such, and kept rather than set aside.
 */

#define GAME_ELAPSED_MAX UINT64_C(359999999999)   /* 99999:59:59.999: the timer stops there */
#define GAME_HINT_RUNGS 5   /* where to look, technique, pattern, conclusion, applied */

/* One cell's change within a move (kept only while the move is being made). */
struct game_change {
    int cell;
    uint8_t old_digit, new_digit;
    digitset old_marks, new_marks;
};

/* The history keeps the text of every move, not what each move changed (a fill on a large
 * grid changes every cell, and a save of short moves must not load into gigabytes): undo
 * goes back to the nearest snapshot of the board and replays the moves after it.  A
 * snapshot is taken every `every` moves, so memory follows the moves' text. */
struct game_history {
    char *text;                 /* every move's text, NUL-terminated, oldest first */
    size_t len, cap;
    size_t *start;              /* where move i starts in text */
    size_t start_cap;
    uint8_t *snap_grid;         /* snapshot k: the board after moves [0, k * every) */
    digitset *snap_marks;
    int nsnaps, every;
    size_t snap_cap;
    struct game_change *changes;    /* scratch: the changes of the move being made */
    size_t changes_cap;
};

struct game {
    struct puzzle *puzzle;
    struct format_style style;  /* how the puzzle was read; used in the save file */
    uint8_t *grid;              /* current digits, givens included; 0 empty */
    digitset *marks;            /* pencil marks per cell */
    struct game_history hist;
    int nmoves, pos;            /* moves made; moves [0, pos) are done */
    uint64_t elapsed_ms;        /* play time before the current timer run */
    uint64_t started_ns;        /* when the timer last started; 0 while paused */
    bool completed;             /* the grid is solved; the time is frozen */
    bool solved;                /* completed by the player (not the solver): game over */
    uint64_t completed_ms;
    int hints_used;
    int hint_rungs[GAME_HINT_RUNGS];    /* hints whose deepest rung was k + 1 */
    char *save_path;            /* where progress is saved, or NULL */
    int cursor;                 /* the player's cursor, kept in the save; -1: not known */
};

/* Starts a game on a copy of p (givens filled in); the timer is paused until game_resume.
 * style may be NULL: the kind's usual format (one-line Sudoku, Kakuro grid). */
struct game *game_new(const struct puzzle *p, const struct format_style *style);
void game_free(struct game *g);

/* Applies a move string; false (with *why set to a static message, in English: marked
 * with N_ for the player to translate) if it is refused. */
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
/* Whether the board is as the puzzle gave it: no digit of the player's, no mark. */
bool game_at_start(const struct game *g);
/* Starts the game over: every digit of the player's erased and every mark cleared, as one
 * move of the moves above ("E3;E17;C"), so undo brings them back and older saves' readers
 * know it; false with *why when the board is at its start already. */
bool game_restart(struct game *g, const char **why);

struct hint;
/* Applies a hint (hint.h) as one move: eliminations set the marks of their cells (a cell
 * without marks starts from its candidates), placements set digits; a mistake erases the
 * wrong digit or gives the cell its candidates back.  false with *why if refused. */
bool game_apply_hint(struct game *g, const struct hint *h, const char **why);

/* Sets the marks of every empty cell the player can change to marks[cell] (p->ncells
 * sets; a pencil-mark grid's), as one move; false with *why when that changes nothing. */
bool game_take_marks(struct game *g, const digitset *marks, const char **why);

/* Counts a hint: rung 1 is a new hint; rung k > 1 means the last hint went on to rung k
 * (it then counts at k instead of k - 1).  Not a move: hints are not undone. */
void game_note_hint(struct game *g, int rung);

bool game_can_undo(const struct game *g);
bool game_can_redo(const struct game *g);
bool game_undo(struct game *g);
bool game_redo(struct game *g);
/* The text of move i of the history (0 <= i < nmoves), valid until the next move. */
const char *game_move_text(const struct game *g, int i);

/* Timer: milliseconds played (frozen once completed; game_resume does nothing then). */
void game_pause(struct game *g);
void game_resume(struct game *g);
bool game_is_paused(const struct game *g);
uint64_t game_elapsed_ms(const struct game *g);

/* Whether the cell can be changed by the player. */
bool game_cell_editable(const struct game *g, int cell);
/* Cells the player has filled (givens and black cells aside). */
int game_filled_cells(const struct game *g);
/* Cells whose digit differs from the solution (sol = ncells digits): count, marked in bad. */
int game_wrong_cells(const struct game *g, const uint8_t *solution, uint8_t *bad);

/* Checking the player's digits (game_check.c).  A digit is wrong when no solution of the
 * puzzle (of its givens alone) has it in its cell: on a puzzle of one solution, when it is
 * not that solution's; with several, the first one found is not enough to tell.  A check
 * keeps what its searches learnt of the puzzle (p, which must outlive it) for the next. */
struct game_check;
struct game_check *game_check_new(const struct puzzle *p);
void game_check_free(struct game_check *gc);
enum game_check_verdict {
    GAME_CHECK_RIGHT,       /* some solution keeps every digit on the board */
    GAME_CHECK_WRONG,       /* the cells marked in bad hold digits no solution has there */
    GAME_CHECK_TOGETHER,    /* each digit is some solution's, but none keeps them all */
    GAME_CHECK_UNSOLVABLE,  /* the puzzle has no solution */
    GAME_CHECK_GAVE_UP,     /* the budget ran out before it was known */
};
/* Checks g (a game on the puzzle gc was made for) within budget, shared by every search it
 * makes; bad (ncells bytes) marks the wrong cells, *nbad counts them. */
enum game_check_verdict game_check(struct game_check *gc, const struct game *g,
                                   const struct solve_budget *budget, uint8_t *bad, int *nbad);

/* Save files: the puzzle, the moves, the position in the history and the time.  Written to
 * a temporary file and renamed into place.  false with a message on failure. */
bool game_save(const struct game *g, const char *path, char *err, size_t errsize);
/* Loads a save file; NULL with a message ("path:line: what") if it is corrupt or
 * unreadable.  The loaded game's timer is paused. */
struct game *game_load(const char *path, char *err, size_t errsize);
/* The same, telling a save that cannot be read (missing, no permission, not a regular
 * file, saved by a newer kakudo: a newer version or a line this one does not know: left
 * alone) from one that is corrupt (set it aside, game_set_aside). */
enum game_load_status { GAME_LOAD_OK, GAME_LOAD_UNREADABLE, GAME_LOAD_CORRUPT };
struct game *game_load_status(const char *path, enum game_load_status *status, char *err,
                              size_t errsize);

/* The same from the open file f (standard input) from where it stands, named name in
 * messages; the game has no save_path. */
struct game *game_load_stream(FILE *f, const char *name, char *err, size_t errsize);

/* Moves a corrupt save aside, never replacing an earlier copy: renamed PATH.corrupt, or
 * PATH.corrupt.2, .3 ... up to GAME_ASIDE_MAX.  The new name (caller frees), or NULL with a
 * message. */
#define GAME_ASIDE_MAX 1000
char *game_set_aside(const char *path, char *err, size_t errsize);

/* What a list of saves shows, read from the head of the file (header and puzzle) without
 * its history: cheap however long the game was. */
struct game_summary {
    struct puzzle *puzzle;      /* with its name */
    bool completed;
    bool by_kakudo;             /* completed by keeping the solver's solution */
    int filled;                 /* the player's digits; -1 if the save does not say */
    uint64_t elapsed_ms;
    int hints;
};
/* false with a message if the head cannot be read or is malformed; a true answer does not
 * promise the moves after it load (game_load checks them). */
bool game_peek(const char *path, struct game_summary *sum, char *err, size_t errsize);
void game_summary_free(struct game_summary *sum);
/* A stable key for a puzzle (a hash of its kind, size and clues) naming its save file:
 * 16 lowercase hex digits (FNV-1a 64).  Caller frees. */
char *game_puzzle_key(const struct puzzle *p);
/* $XDG_STATE_HOME/kakudo (or ~/.local/state/kakudo; a relative $XDG_STATE_HOME is
 * ignored, as the XDG spec says), created with its parents (mode 0700) if missing; NULL
 * on error, or if it is not the user's own or others can write to it.  Caller frees. */
char *game_state_dir(void);
/* The same, saying in err what went wrong when there is none (no $HOME, a file in the way,
 * a directory that is not the user's own or that others can write to). */
char *game_find_state_dir(char *err, size_t errsize);
/* The state directory's path as the environment names it, neither made nor checked; NULL
 * when neither variable is an absolute path.  Caller frees. */
char *game_state_dir_name(void);

#endif
