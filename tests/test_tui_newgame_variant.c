/* test_tui_newgame_variant.c: the player's "New game" offering the Sudoku variants: the kinds, their sizes, the levels each small size has, a Killer and a Jigsaw made and opened. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "tap.h"
#include "tui_test.h"

#define KEY_LEFT "\033OD"
#define KEY_RIGHT "\033OC"
#define KEY_DOWN "\033OB"
#define KEY_UP "\033OA"

static struct th *start(const char *seed)
{
    char seed_env[64];
    const char *env[] = { seed_env, "LANG=C", NULL };

    snprintf(seed_env, sizeof seed_env, "KAKUDO_SEED=%s", seed);
    return tt_start(NULL, env, 24, 80);
}

/* How many rows of the screen hold text. */
static int rows_with(struct th *t, const char *text)
{
    char buf[1024];
    int n = 0;

    for (int r = 0; r < 24; r++)
        n += strstr(th_row(t, r, buf, sizeof buf), text) != NULL;
    return n;
}

/* Right goes through the kinds: Sudoku, Kakuro, then the variants and back. */
static void test_kinds(void)
{
    static const char *const kinds[] = {
        "Kakuro", "Killer", "Sudoku X", "Jigsaw", "Killer X", "Killer Jigsaw", "Jigsaw X", "Killer Jigsaw X",
        "Sudoku",
    };
    struct th *t = start("5");
    bool all = true;

    tt_wait_text(t, "New game: Sudoku, Kakuro");
    th_send(t, "n");
    tap_ok(tt_wait_text(t, "Kind   < Sudoku"), "the form opens on Sudoku");
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        char want[64];

        snprintf(want, sizeof want, "Kind   < %s ", kinds[i]);
        th_send(t, KEY_RIGHT);
        if (!tt_wait_text(t, want)) {
            tap_diag("missing: %s", want);
            all = false;
        }
    }
    tap_ok(all, "Right goes through Kakuro, Killer, Sudoku X, Jigsaw and their combinations");

    /* Sizes follow the kind: a Jigsaw takes 7x7, Sudoku X only sizes with boxes. */
    th_send(t, KEY_LEFT KEY_LEFT KEY_LEFT KEY_LEFT KEY_LEFT KEY_DOWN KEY_LEFT KEY_LEFT);
    tap_ok(tt_wait_text(t, "Kind     Jigsaw ") && tt_wait_text(t, "Size   < 7x7"),
           "a Jigsaw offers 7x7 (9x9, 8x8, 7x7)");
    th_send(t, KEY_UP KEY_LEFT);
    tap_ok(tt_wait_text(t, "Kind   < Sudoku X ") && tt_wait_text(t, "Size     6x6"),
           "Sudoku X has no 7x7: the nearest size, 6x6, instead");
    th_send(t, KEY_DOWN KEY_RIGHT);
    tap_ok(tt_wait_text(t, "Size   < 8x8"), "and Right goes from 6x6 to 8x8");
    th_send(t, KEY_LEFT KEY_LEFT KEY_LEFT);
    tap_ok(tt_wait_text(t, "Size   < 16x16"), "variants go round to 16x16 at most");
    th_send(t, "\033");
    tap_ok(th_wait_gone(t, "Size   <", tt_wait_ms) && tt_quit_cleanly(t), "Esc, q quits");
    th_free(t);
}

/* A 6x6 Killer and a 7x7 Jigsaw made in the background and opened on the board. */
static void test_make(void)
{
    struct th *t = start("3");

    tt_wait_text(t, "New game: Sudoku, Kakuro");
    th_send(t, "n" KEY_RIGHT KEY_RIGHT KEY_DOWN KEY_LEFT KEY_LEFT);
    tap_ok(tt_wait_text(t, "Kind     Killer ") && tt_wait_text(t, "Size   < 6x6"), "Killer 6x6 chosen");
    th_send(t, "\r");
    tap_ok(tt_wait_text(t, "Killer Sudoku 6x6 ") && tt_wait_text(t, "one solution"),
           "Enter makes a Killer and opens it on the board");
    tap_ok(rows_with(t, "Killer Sudoku 6x6") == 1 && rows_with(t, "Killer 6x6") == 0,
           "its name says the kind as the board does, and the panel says it once");
    tap_ok(tt_wait_text(t, "Cage ") && tt_wait_text(t, "in "),
           "the panel shows the cursor's cage: it has cages");
    th_send(t, "n" KEY_RIGHT KEY_DOWN KEY_LEFT);
    tap_ok(tt_wait_text(t, "Kind     Sudoku X ") && tt_wait_text(t, "Size   < 4x4"),
           "the form, over the board, keeps the last choice: Sudoku X 4x4");
    th_send(t, KEY_UP KEY_RIGHT KEY_DOWN KEY_RIGHT KEY_RIGHT KEY_RIGHT "\r");
    tap_ok(tt_wait_text(t, "Jigsaw Sudoku 7x7 ") && tt_wait_text(t, "one solution"),
           "a 7x7 Jigsaw is made from the next seed and opened");
    tap_ok(rows_with(t, "Jigsaw Sudoku 7x7") == 1, "the panel says its kind and size once");
    th_send(t, "q");
    tap_ok(tt_wait_text(t, "choose a puzzle") && tt_quit_cleanly(t), "q, q quits");
    th_free(t);
}

/* Right on Level, from the level shown, goes through exactly the levels of want, in
 * order and round to the first: no other is offered. */
static bool offers_levels(struct th *t, const char *const *want, int n)
{
    for (int i = 1; i <= n; i++) {
        char line[64];

        snprintf(line, sizeof line, "Level  < %s ", want[i % n]);
        th_send(t, KEY_RIGHT);
        if (!tt_wait_text(t, line)) {
            tap_diag("missing: %s", line);
            return false;
        }
    }
    return true;
}

/* A 4x4 Jigsaw X offers Beginner, Easy and Hard (rating every minimal one finds no
 * other), a 4x4 Sudoku X Beginner alone, a 4x4 Jigsaw Beginner, Easy, Hard and Expert;
 * a Hard 4x4 Jigsaw X and a Hard 4x4 Jigsaw are made. */
static void test_small_levels(void)
{
    static const char *const jigsaw_x[] = { "Easy", "Hard", "Beginner" };
    static const char *const sudoku_x[] = { "Beginner" };
    static const char *const jigsaw[] = { "Hard", "Expert", "Beginner", "Easy" };
    struct th *t = start("1");

    tt_wait_text(t, "New game: Sudoku, Kakuro");
    th_send(t, "n" KEY_LEFT KEY_LEFT KEY_DOWN KEY_LEFT KEY_LEFT KEY_LEFT KEY_LEFT KEY_LEFT KEY_DOWN);
    tap_ok(tt_wait_text(t, "Kind     Jigsaw X ") && tt_wait_text(t, "Size     4x4")
           && tt_wait_text(t, "Level  < Easy "), "Jigsaw X 4x4 chosen, at Easy");
    tap_ok(offers_levels(t, jigsaw_x, 3), "a 4x4 Jigsaw X offers Easy, Hard, Beginner: no Medium, Expert or Master");
    th_send(t, KEY_UP KEY_UP KEY_LEFT KEY_LEFT KEY_LEFT KEY_LEFT KEY_DOWN KEY_DOWN);
    tap_ok(tt_wait_text(t, "Kind     Sudoku X ") && tt_wait_text(t, "Size     4x4")
           && tt_wait_text(t, "Level  < Beginner "), "Sudoku X 4x4: Beginner, the nearest level it has");
    tap_ok(offers_levels(t, sudoku_x, 1), "a 4x4 Sudoku X offers Beginner alone");
    th_send(t, KEY_UP KEY_UP KEY_RIGHT KEY_RIGHT KEY_RIGHT KEY_RIGHT KEY_DOWN KEY_DOWN KEY_RIGHT);
    tap_ok(tt_wait_text(t, "Kind     Jigsaw X ") && tt_wait_text(t, "Level  < Hard "),
           "back to Jigsaw X 4x4, Hard chosen");
    th_send(t, "\r");
    tap_ok(tt_wait_text(t, "A new Jigsaw X puzzle: one solution, rated Hard."),
           "Enter makes a Hard 4x4 Jigsaw X");
    /* A 4x4 Jigsaw's Hard and Expert need givens without symmetry: offered, and made so. */
    th_send(t, "n" KEY_LEFT KEY_LEFT KEY_LEFT KEY_DOWN KEY_DOWN);
    tap_ok(tt_wait_text(t, "Kind     Jigsaw ") && tt_wait_text(t, "Size     4x4")
           && tt_wait_text(t, "Level  < Hard "), "Jigsaw 4x4 chosen, at Hard");
    tap_ok(offers_levels(t, jigsaw, 4), "a 4x4 Jigsaw offers Expert, Beginner, Easy, Hard: no Medium or Master");
    th_send(t, "\r");
    tap_ok(tt_wait_text(t, "A new Jigsaw puzzle: one solution, rated Hard."),
           "Enter makes a Hard 4x4 Jigsaw");
    th_send(t, "q");
    tap_ok(tt_wait_text(t, "choose a puzzle") && tt_quit_cleanly(t), "q, q quits");
    th_free(t);
}

int main(void)
{
    /* Generous waits: under the sanitizers making a puzzle is slower. */
    if (!tt_init("newgame_variant", 60000))
        return 0;
    test_kinds();
    tt_fresh_state();
    test_make();
    tt_fresh_state();
    test_small_levels();
    tt_cleanup();
    return tap_done();
}
