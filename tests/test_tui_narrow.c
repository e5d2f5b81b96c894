/* test_tui_narrow.c: at the player's smallest sizes every footer, prompt and panel still
 * names all its keys (they wrap rather than drop what comes last: help and quit), and a
 * hint asked for is seen. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "tap.h"
#include "tui_test.h"

static char kakuro6_path[600], sudoku9_path[600], sudoku4_path[600], killer9_path[600],
    sudoku16_path[600];

static struct th *start(const char *file, int rows, int cols)
{
    const char *args[] = { file, NULL };

    tt_fresh_state();
    return tt_start(file != NULL ? args : NULL, NULL, rows, cols);
}

/* The picker at 44 columns (the width a 9x9 Sudoku needs), tall and short: its footer
 * wraps and ends with help and quit (they were dropped, fitted last). */
static void test_picker_footer(int rows)
{
    struct th *t = start(NULL, rows, 44);

    tt_wait_text(t, "choose a puzzle");
    tap_ok(tt_wait_text(t, "Enter open") && tt_wait_text(t, "n new game") &&
           tt_wait_text(t, "? help  q quit"),
           "picker at 44x%d: the footer keeps every key, help and quit too", rows);
    th_send(t, "?");
    tap_ok(tt_wait_text(t, "kakudo - keys"), "and ? opens the help");
    tap_ok(tt_wait_text(t, "any other key") && tt_wait_text(t, "goes back."),
           "whose footer wraps, whole, at 44 columns");
    th_send(t, " ");
    th_wait_gone(t, "kakudo - keys", tt_wait_ms);
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
}

/* Below 14 rows the footer keeps one row (the list needs the rest): what must stay, help
 * and quit, stays, and other keys go. */
static void test_picker_short(int rows, int cols)
{
    struct th *t = start(NULL, rows, cols);

    tap_ok(tt_wait_text(t, "? help  q quit"), "picker at %dx%d: help and quit in view", cols, rows);
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
}

/* The open-file and paste prompts wrap: how to cancel stays in view. */
static void test_prompts(void)
{
    struct th *t = start(NULL, 14, 44);

    tt_wait_text(t, "choose a puzzle");
    th_send(t, "o");
    tap_ok(tt_wait_text(t, "Enter") && tt_wait_text(t, "opens, Esc cancels):") &&
           tt_wait_text(t, "> _"),
           "open-file prompt at 44 columns: wrapped, Esc cancels in view");
    tap_ok(tt_count_on_screen(t, "? help") == 0, "and no footer shows through it");
    th_send(t, "\033");
    tap_ok(th_wait_gone(t, "Esc cancels", tt_wait_ms) && tt_wait_text(t, "? help  q quit"),
           "Esc leaves it");
    th_send(t, "p");
    tap_ok(tt_wait_text(t, "(Esc cancels):"), "paste prompt at 44 columns: Esc cancels in view");
    th_send(t, "\033");
    th_wait_gone(t, "Esc cancels", tt_wait_ms);
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
}

/* A board at the smallest size it asks for: the panel says how to get help and quit,
 * also where the cursor's runs fill it. */
static void test_board_smallest(const char *file, int rows, int cols, const char *what)
{
    struct th *t = start(file, rows, cols);

    tap_ok(tt_wait_text(t, "Cell r") && tt_wait_text(t, "? help") && tt_wait_text(t, "q quit"),
           "%s at %dx%d: the panel says ? helps and q quits", what, cols, rows);
    th_send(t, "?");
    tap_ok(tt_wait_text(t, "kakudo - keys") && tt_wait_text(t, "goes back."),
           "and the help's footer is whole");
    th_send(t, " ");
    th_wait_gone(t, "kakudo - keys", tt_wait_ms);
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
}

/* A hint asked for at a board's smallest size is seen, every rung with what the key does
 * next: the status lines give way to it (they filled the panel, and the hint was drawn
 * nowhere), and help and quit stay.  A rung longer than the panel is read on page by page
 * (the key says "read on") before the next. */
static void test_hint_smallest(const char *file, int rows, int cols, const char *key,
                               const char *what)
{
    static const char *const next[] = { "which technique", "show the pattern", "the conclusion",
                                        "apply it" };
    struct th *t = start(file, rows, cols);
    bool seen = tt_wait_text(t, "Cell r");

    for (int rung = 1; rung <= 4 && seen; rung++) {
        char title[24];

        snprintf(title, sizeof title, "Hint %d/5", rung);
        th_send(t, key);
        seen = tt_wait_text(t, title) && tt_wait_text(t, "? help") && tt_wait_text(t, "q quit");
        for (int page = 0; page < 30 && seen && th_find(t, "read on", NULL, NULL); page++)
            tt_send_settled(t, key);
        seen = seen && tt_wait_text(t, next[rung - 1]);
    }
    tap_ok(seen, "%s at %dx%d: the hint's four rungs are seen, each with the next key", what,
           cols, rows);
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
}

/* At 33x8, the 4x4 Sudoku's panel has two rows for a hint's lines: the technique's
 * definition (rung 2) and the pattern (rung 3) are read on page by page, as the
 * conclusion is, not cut after their first line. */
static void test_hint_pages(void)
{
    struct th *t = start(sudoku4_path, 8, 33);

    tt_wait_text(t, "Cell r");
    th_send(t, "ii");
    tap_ok(tt_wait_text(t, "Hint 2/5: Hidden") && tt_wait_text(t, "single (box)") && tt_wait_text(t, "i: read on"),
           "rung 2 at 33x8: the technique's whole name, and the key reads on");
    th_send(t, "i");
    tap_ok(tt_wait_text(t, "A digit that fits") && tt_wait_text(t, "only one cell of a"),
           "its definition follows");
    th_send(t, "i");
    tap_ok(tt_wait_text(t, "box goes there.") && tt_wait_text(t, "i: show the pattern"),
           "to its end, then the key climbs");
    th_send(t, "ii");
    tap_ok(tt_wait_text(t, "The pattern: r2c3,") && tt_wait_text(t, "with 1."), "rung 3's pattern is read whole");
    for (int press = 0; press < 8 && !th_find(t, "apply it", NULL, NULL); press++)
        tt_send_settled(t, "i");
    tap_ok(tt_wait_text(t, "i: apply it (u") && tt_wait_text(t, "undoes)"),
           "the conclusion's last page: what the key does next wraps, not cut at 21 columns");
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
}

int main(void)
{
    if (!tt_init("narrow", 8000))
        return 0;
    tap_src_path(kakuro6_path, sizeof kakuro6_path, "data/11-kakuro6-easy.txt");
    tap_src_path(sudoku9_path, sizeof sudoku9_path, "data/04-sudoku9-easy.txt");
    tap_src_path(sudoku4_path, sizeof sudoku4_path, "data/01-sudoku4-beginner.txt");
    tap_src_path(killer9_path, sizeof killer9_path, "data/16-killer9-easy.txt");
    tap_src_path(sudoku16_path, sizeof sudoku16_path, "data/10-sudoku16-easy.txt");

    test_picker_footer(24);
    test_picker_footer(14);
    test_picker_short(12, 44);
    test_picker_short(6, 20);
    test_prompts();
    test_board_smallest(kakuro6_path, 9, 51, "Kakuro 6x6");
    test_board_smallest(sudoku9_path, 14, 44, "Sudoku 9x9");
    test_hint_smallest(sudoku4_path, 8, 33, "i", "Sudoku 4x4");
    test_hint_pages();
    test_hint_smallest(kakuro6_path, 9, 51, "i", "Kakuro 6x6");
    test_hint_smallest(sudoku9_path, 14, 44, "i", "Sudoku 9x9");
    test_hint_smallest(killer9_path, 15, 51, "i", "Killer 9x9");
    test_hint_smallest(sudoku16_path, 15, 51, ":i", "Sudoku 16x16 (its letters are digits)");
    tt_cleanup();
    return tap_done();
}
