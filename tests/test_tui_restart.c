/* test_tui_restart.c: starting a game over from the board, on a pseudo-terminal: the key
 * asks first, clears every digit and mark back to the givens on every kind of board, undo
 * brings them back, the restart is saved like any move, a solved game is played again, and
 * the help and the footer name the key. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "tui_test.h"

#define ROWS 24
#define COLS 80

/* The solution of tt_sudoku. */
static const char sudoku_solution[] =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

static char sudoku_path[300], kakuro_path[300], almost_path[300];

static void setup(void)
{
    char almost[128];

    tt_write_file(tt_scratch_path(sudoku_path, sizeof sudoku_path, "sudoku.txt"), tt_sudoku);
    tt_write_file(tt_scratch_path(kakuro_path, sizeof kakuro_path, "kakuro.txt"), tt_kakuro);
    /* The solution with r1c3 left open: one digit from done. */
    snprintf(almost, sizeof almost, "%s\n", sudoku_solution);
    almost[2] = '.';
    tt_write_file(tt_scratch_path(almost_path, sizeof almost_path, "almost.txt"), almost);
}

/* The path of a bundled puzzle, from the source tree, into path. */
static char *data_path(char *path, size_t size, const char *name)
{
    const char *srcdir = getenv("srcdir");

    snprintf(path, size, "%s/data/%s", srcdir != NULL ? srcdir : ".", name);
    return path;
}

static struct th *start(const char *file)
{
    const char *args[] = { file, NULL };

    return tt_start(args, NULL, ROWS, COLS);
}

/* The screen above its message row, the board and its panel, as one string (caller
 * frees): what a restart or an undo must bring back, whatever they say. */
static char *board_text(struct th *t)
{
    size_t size = (size_t)ROWS * (COLS * 4 + 2) + 1, n = 0;
    char *s = malloc(size);

    s[0] = '\0';
    for (int r = 0; r < ROWS - 1 && s != NULL; r++) {
        char row[COLS * 4 + 1];
        n += (size_t)snprintf(s + n, size - n, "%s\n", th_row(t, r, row, sizeof row));
    }
    return s;
}

static bool board_is(struct th *t, const void *want)
{
    char *now = board_text(t);
    bool same = now != NULL && strcmp(now, want) == 0;

    free(now);
    return same;
}

/* Waits for the board above the message row to be want; dumps the screen if it is not. */
static bool wait_board(struct th *t, const char *want)
{
    if (th_wait_until(t, board_is, want, true, tt_wait_ms))
        return true;
    tap_diag("the board is not as it was; expected:\n%s", want);
    th_dump(t);
    return false;
}

/* A command key on the board: typed alone, or after ':' where letters are symbols. */
static void command(struct th *t, bool letters, const char *key)
{
    th_send(t, letters ? ":" : "");
    th_send(t, key);
}

/* On the board of file (name in messages): a digit and every candidate's mark, then the
 * start-over key, declined and then taken, undone, redone; saved, reopened and undone. */
static void test_kind(const char *file, const char *name, bool letters)
{
    struct th *t = start(file);
    char *opened, *played;

    tap_ok(tt_wait_text(t, "Cell r"), "%s: the board opens", name);
    opened = board_text(t);
    th_send(t, "1");
    command(t, letters, "f");
    tt_wait_text(t, "Filled in every candidate.");
    played = board_text(t);
    command(t, letters, "s");
    tap_ok(tt_wait_text(t, "Start over, clearing every digit and mark"),
           "%s: the start-over key asks first", name);
    th_send(t, "n");
    tap_ok(th_wait_gone(t, "Start over, clearing", tt_wait_ms) && wait_board(t, played),
           "%s: no keeps every digit and mark", name);
    command(t, letters, "s");
    tt_wait_text(t, "Start over, clearing every digit and mark");
    th_send(t, "y");
    tap_ok(tt_wait_text(t, "Started over: every digit and mark cleared") && wait_board(t, opened),
           "%s: yes clears the board back to its givens", name);
    command(t, letters, "u");
    tap_ok(tt_wait_text(t, "Undone.") && wait_board(t, played),
           "%s: undo brings the digits and marks back", name);
    command(t, letters, "r");
    tap_ok(tt_wait_text(t, "Redone.") && wait_board(t, opened), "%s: redo starts over again", name);
    tap_ok(tt_quit_cleanly(t), "%s: quits", name);
    th_free(t);

    /* The restart was saved: the game reopens at its start, and undo still reaches back. */
    t = start(file);
    tap_ok(tt_wait_text(t, "Cell r") && wait_board(t, opened), "%s: reopened, it is at its start",
           name);
    command(t, letters, "u");
    tap_ok(tt_wait_text(t, "Undone.") && wait_board(t, played),
           "%s: the restart was saved as a move: undo brings the game back", name);
    tt_quit_cleanly(t);
    th_free(t);
    free(played);
    free(opened);
}

/* A board as the puzzle gave it has nothing to start over. */
static void test_nothing_to_clear(void)
{
    struct th *t = start(sudoku_path);

    tt_wait_text(t, "Cell r1c3");
    th_send(t, "s");
    tap_ok(tt_wait_text(t, "Nothing to start over: the board holds only the puzzle's givens."),
           "a board at its start says there is nothing to start over, and asks nothing");
    tt_quit_cleanly(t);
    th_free(t);
}

/* A solved game takes no more moves: starting over plays it again, fresh, and the solved
 * save stands until the first move. */
static void test_solved(void)
{
    struct th *t = start(almost_path);
    char *opened;

    tt_wait_text(t, "Cell r1c3");
    opened = board_text(t);
    th_send(t, "4");
    tt_wait_text(t, "Solved in");
    th_send(t, "s");
    tap_ok(tt_wait_text(t, "Play it again? Your first move replaces the solved game"),
           "a solved game: the start-over key offers to play it again");
    th_send(t, "y");
    tap_ok(tt_wait_text(t, "Started over: your first move replaces the saved game.")
           && wait_board(t, opened), "yes: the board is at its start, playable");
    tt_quit_cleanly(t);
    th_free(t);
    t = start(almost_path);
    tap_ok(tt_wait_text(t, "You solved this puzzle"),
           "quitting before a move keeps the solved game");
    th_send(t, "q");
    th_free(t);
    free(opened);
}

/* The key is in the footer at 80x24 and in the help. */
static void test_keys_shown(void)
{
    struct th *t = start(sudoku_path);

    tap_ok(tt_wait_text(t, "s start over"), "the footer names the start-over key");
    th_send(t, "?");
    tap_ok(tt_wait_text(t, "start over: clear every digit and mark (asks first)"),
           "the help names it, with what it does");
    th_send(t, "q");
    tt_quit_cleanly(t);
    th_free(t);
}

int main(void)
{
    char path[600];

    if (!tt_init("restart", 30000))
        return 0;
    setup();
    test_kind(sudoku_path, "Sudoku", false);
    tt_fresh_state();
    test_kind(kakuro_path, "Kakuro", false);
    tt_fresh_state();
    test_kind(data_path(path, sizeof path, "16-killer9-easy.txt"), "Killer", false);
    test_kind(data_path(path, sizeof path, "28-killer-jigsaw-x9-hard.txt"), "Killer Jigsaw X",
              false);
    test_kind(data_path(path, sizeof path, "10-sudoku16-easy.txt"), "Sudoku 16x16", true);
    tt_fresh_state();
    test_nothing_to_clear();
    test_solved();
    test_keys_shown();
    tt_cleanup();
    return tap_done();
}
