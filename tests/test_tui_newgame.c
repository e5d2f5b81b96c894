/* test_tui_newgame.c: the player's "New game" on a pseudo-terminal: the form, a puzzle made
 * in the background and opened, progress and cancelling, from the picker and the board. */
#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "tap.h"
#include "tui_test.h"

#define KEY_LEFT "\033OD"
#define KEY_RIGHT "\033OC"
#define KEY_DOWN "\033OB"

/* The player on the picker, its first new game made from seed (the next from seed + 1). */
static struct th *start(const char *seed)
{
    char seed_env[64];
    const char *env[] = { seed_env, "LANG=C", NULL };

    snprintf(seed_env, sizeof seed_env, "KAKUDO_SEED=%s", seed);
    return tt_start(NULL, env, 24, 80);
}

/* Seed 1 would make the bundled 9x9 Medium (data/bundle.sh makes it from seed 1), which
 * is called by its bundled name: seed 2 makes puzzles of their own. */
static void test_from_picker(void)
{
    struct th *t = start("2");

    tap_ok(tt_wait_text(t, "New game: Sudoku, Kakuro"), "the picker offers a new game");
    th_send(t, "n");
    tap_ok(tt_wait_text(t, "Kind   < Sudoku") && tt_wait_text(t, "9x9") && tt_wait_text(t, "Easy"),
           "n opens the form: Sudoku, 9x9, Easy");
    th_send(t, KEY_DOWN KEY_DOWN KEY_RIGHT);
    tap_ok(tt_wait_text(t, "Level  < Medium"), "Down moves between fields, Right changes one");
    th_send(t, "\r");
    tap_ok(tt_wait_text(t, "Sudoku 9x9 Medium #2"), "Enter makes the puzzle and opens it on the board");
    tap_ok(tt_wait_text(t, "one solution, rated Medium"), "the board says it has one solution");
    th_send(t, "1");
    tap_ok(th_wait_gone(t, "rated Medium", tt_wait_ms), "it can be played: a digit goes in");
    th_send(t, "q");
    tap_ok(tt_wait_text(t, "Recent games") && tt_wait_text(t, "Sudoku 9x9 Medium #2"),
           "q returns to the picker, where the new game is among the recent ones");

    /* Kakuro: the size and level lists follow the kind. */
    th_send(t, "n");
    tap_ok(tt_wait_text(t, "Kind   < Sudoku") && tt_wait_text(t, "Level    Medium"),
           "the form keeps the last choice, and opens on its first field");
    th_send(t, KEY_RIGHT KEY_DOWN KEY_LEFT KEY_LEFT KEY_LEFT);
    tap_ok(tt_wait_text(t, "Size   < 6x6"), "Kakuro sizes");
    th_send(t, KEY_DOWN KEY_LEFT);
    tap_ok(tt_wait_text(t, "Level  < Easy"), "Kakuro levels");
    th_send(t, KEY_LEFT);
    tap_ok(tt_wait_text(t, "Level  < Master"), "Kakuro has no Beginner level: Left from Easy goes round to Master");
    th_send(t, KEY_RIGHT);
    tap_ok(tt_wait_text(t, "Level  < Easy"), "and Right from Master back to Easy");
    th_send(t, "\r");
    tap_ok(tt_wait_text(t, "Kakuro 6x6 Easy #3"), "a Kakuro is made from the next seed");
    th_send(t, "q");
    tap_ok(tt_wait_text(t, "choose a puzzle") && tt_quit_cleanly(t), "q, q quits");
    th_free(t);
}

/* The givens the try under way has left ("taking out givens: 412 left"), or -1. */
static long givens_left(struct th *t)
{
    static const char label[] = "taking out givens: ";
    char row[1024];
    int r;

    if (!th_find(t, label, &r, NULL))
        return -1;
    return strtol(strstr(th_row(t, r, row, sizeof row), label) + sizeof label - 1, NULL, 10);
}

/* Whether the progress says how many givens the first try has left while no try has been
 * counted: a 25x25 Master's first try takes seconds, said as "0 tried" alone until it
 * ended.  Seen once is enough: waiting for the count to fall let a quick machine finish
 * the puzzle (the try then ends, the line goes), leaving nothing to cancel below. */
static bool givens_shown(struct th *t)
{
    long end = th_now_ms() + tt_wait_ms, now = -1;

    while (th_now_ms() < end && !t->exited) {
        if ((now = givens_left(t)) > 0)
            return true;
        th_pump(t, 20);
    }
    tap_diag("no count of the givens left (last read %ld)", now);
    th_dump(t);
    return false;
}

static void test_from_board_and_cancel(void)
{
    struct th *t = start("0");

    th_send(t, "n\r");
    tap_ok(tt_wait_text(t, "Sudoku 9x9 Easy #0"), "a new game from the picker's defaults");
    th_send(t, "n");
    tap_ok(tt_wait_text(t, "Kind   < Sudoku"), "n on the board opens the form over it");
    th_send(t, "\033");
    tap_ok(th_wait_gone(t, "Kind   <", tt_wait_ms) && tt_wait_text(t, "Sudoku 9x9 Easy #0"),
           "Esc goes back to the board");

    /* A 25x25 Master takes seconds of work (some 4 s here), far past the 300 ms before
     * progress shows even on a much faster machine: time to see progress and cancel. */
    th_send(t, "n" KEY_DOWN KEY_LEFT KEY_LEFT KEY_LEFT KEY_LEFT KEY_DOWN KEY_RIGHT KEY_RIGHT KEY_RIGHT KEY_RIGHT);
    tap_ok(tt_wait_text(t, "Size     25x25") && tt_wait_text(t, "Level  < Master"), "25x25 Master chosen");
    th_send(t, "\r");
    /* While the puzzle is being made the screen never settles: see, not wait. */
    tap_ok(tt_see(t, "Making a Master 25x25 Sudoku"), "it says what it is making");
    tap_ok(tt_see(t, " tried"), "after a moment, progress: time and tries");
    tap_ok(givens_shown(t), "and what the first try does, while no try is counted");
    th_send(t, "\033");
    tap_ok(tt_wait_text(t, "Cancelled."), "Esc cancels");
    tap_ok(tt_wait_text(t, "Level  < Master"), "and the form is back");
    /* A new try is not told as cancelled: the last outcome stood under "Making". */
    th_send(t, "\r");
    tap_ok(tt_see(t, "Making a Master 25x25 Sudoku") && !th_find(t, "Cancelled.", NULL, NULL),
           "Enter again: making it, and no word of the try before");
    th_send(t, "\033");
    tap_ok(tt_wait_text(t, "Cancelled.") && tt_wait_text(t, "Level  < Master"), "Esc cancels that too");
    th_send(t, "\033");
    tap_ok(tt_wait_text(t, "Sudoku 9x9 Easy #0"), "the game under it is still there");
    th_send(t, "q");
    tap_ok(tt_wait_text(t, "choose a puzzle") && tt_quit_cleanly(t), "q, q quits");
    th_free(t);
}

/* The form's ends: sizes and levels both go round; a level that a size cannot have (4x4
 * is all Beginner) comes back after it; every size the generator makes is offered. */
static void test_form_ends(void)
{
    struct th *t = start("1");

    tt_wait_text(t, "New game: Sudoku, Kakuro");
    th_send(t, "n" KEY_DOWN KEY_DOWN KEY_RIGHT KEY_RIGHT);
    tap_ok(tt_wait_text(t, "Level  < Hard"), "Level Hard chosen");
    th_send(t, "\033OA" KEY_LEFT KEY_LEFT KEY_LEFT);
    tap_ok(tt_wait_text(t, "Size   < 4x4") && tt_wait_text(t, "Level    Beginner"),
           "4x4 Sudoku is Beginner");
    th_send(t, KEY_RIGHT);
    tap_ok(tt_wait_text(t, "Size   < 6x6") && tt_wait_text(t, "Level    Hard"),
           "past 4x4 the level chosen is back");
    th_send(t, KEY_LEFT KEY_LEFT);
    tap_ok(tt_wait_text(t, "Size   < 25x25"), "Left from 4x4 goes round to 25x25");
    th_send(t, KEY_RIGHT);
    tap_ok(tt_wait_text(t, "Size   < 4x4"), "Right from 25x25 goes round to 4x4");
    th_send(t, KEY_LEFT KEY_LEFT);
    tap_ok(tt_wait_text(t, "Size   < 24x24"), "every size that makes boxes is offered (24x24)");
    th_send(t, KEY_RIGHT KEY_RIGHT KEY_RIGHT KEY_RIGHT KEY_RIGHT KEY_DOWN KEY_RIGHT KEY_RIGHT);
    tap_ok(tt_wait_text(t, "Size     9x9") && tt_wait_text(t, "Level  < Master"), "9x9 Master");
    th_send(t, KEY_RIGHT);
    tap_ok(tt_wait_text(t, "Level  < Beginner"), "Right from Master goes round to Beginner, as sizes do");
    th_send(t, KEY_LEFT);
    tap_ok(tt_wait_text(t, "Level  < Master"), "and Left back to Master");
    th_send(t, "\033");
    th_wait_gone(t, "Level  <", tt_wait_ms);
    th_send(t, "n" KEY_RIGHT KEY_DOWN KEY_LEFT KEY_LEFT KEY_LEFT KEY_LEFT KEY_LEFT KEY_LEFT);
    tap_ok(tt_wait_text(t, "Size   < 30x30") && tt_wait_text(t, "kakudo generate"),
           "Kakuro goes round from 4x4 to 30x30, and says where the larger ones are");
    th_send(t, "\033");
    tap_ok(th_wait_gone(t, "Size   <", tt_wait_ms) && tt_quit_cleanly(t), "Esc, q quits");
    th_free(t);
}

/* Opens data/path (under srcdir) on the board, shown once its name is, and sends keys:
 * the New game form opens on kind and size. */
static void form_over(const char *path, const char *name, const char *keys, const char *kind,
                      const char *size)
{
    const char *srcdir = getenv("srcdir");
    char file[600], want_kind[64], want_size[64];
    const char *args[] = { file, NULL }, *env[] = { "LANG=C", NULL };
    struct th *t;

    snprintf(file, sizeof file, "%s/%s", srcdir ? srcdir : ".", path);
    snprintf(want_kind, sizeof want_kind, "Kind   < %s", kind);
    snprintf(want_size, sizeof want_size, "Size     %s", size);
    t = tt_start(args, env, 24, 80);
    tt_wait_text(t, name);
    th_send(t, keys);
    tap_ok(tt_wait_text(t, want_kind) && tt_wait_text(t, want_size),
           "New game over %s opens the form on %s %s", name, kind, size);
    th_send(t, "\033");
    tap_ok(th_wait_gone(t, "Kind   <", tt_wait_ms) && tt_quit_cleanly(t), "Esc, q quits");
    th_free(t);
}

/* Over a game opened from a file, the form offers another of its kind and size: a
 * Kakuro 10x12 (the sample's first) gives Kakuro 12x12, a 16x16 Killer a 16x16 Killer
 * (on its board of letter symbols, commands take ':' first). */
static void test_board_kind(void)
{
    form_over("tests/data/kakuro_sample.txt", "1_10x12", "n", "Kakuro", "12x12");
    form_over("tests/data/tui/killer16.txt", "killer16", ":n", "Killer", "16x16");
}

/* Quitting while a puzzle is being made stops the generator and exits cleanly. */
static void test_quit_while_making(void)
{
    struct th *t = start("1");
    int status;

    th_send(t, "n" KEY_DOWN KEY_LEFT KEY_LEFT KEY_DOWN KEY_RIGHT "\r");
    tap_ok(tt_see(t, "Making a Medium 6x6 Sudoku"), "making a slow one");
    kill(t->pid, SIGTERM);
    status = th_wait_exit(t, tt_wait_ms);
    tap_ok(status != -1 && WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM,
           "SIGTERM while making: the generator is stopped and the player ends (status %d)",
           status);
    th_free(t);
}

/* In a narrow box (30 columns) the chosen value keeps its '>' next to it, and a kind
 * wider than the room ends in an ellipsis: the padding to the longest kind pushed '>' off
 * ("Kind   < Sudoku        "), and "Killer Jigsaw X" lost its end unmarked. */
static void test_narrow_form(void)
{
    const char *env[] = { "NO_COLOR=1", NULL };
    struct th *t = tt_start(NULL, env, 12, 30);

    tt_wait_text(t, "Puzzles");
    th_send(t, "n");
    tap_ok(tt_wait_text(t, "Kind   < Sudoku >"), "30 columns: '>' follows the kind");
    th_send(t, KEY_LEFT);
    tap_ok(tt_wait_text(t, "Kind   < Killer Jigsa\xe2\x80\xa6"), "a kind too wide is cut with an ellipsis");
    th_send(t, KEY_DOWN);
    tap_ok(tt_wait_text(t, "Size   < 9x9 >"), "'>' follows the size too");
    th_send(t, "\033");
    tap_ok(th_wait_gone(t, "Size   <", tt_wait_ms) && tt_quit_cleanly(t), "Esc, q quits");
    th_free(t);
}

int main(void)
{
    /* Generous waits: under the sanitizers making a puzzle is slower. */
    if (!tt_init("newgame", 60000))
        return 0;
    test_from_picker();
    tt_fresh_state();
    test_from_board_and_cancel();
    test_quit_while_making();
    tt_fresh_state();
    test_form_ends();
    tt_fresh_state();
    test_board_kind();
    tt_fresh_state();
    test_narrow_form();
    tt_cleanup();
    return tap_done();
}
