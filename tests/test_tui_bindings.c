/* test_tui_bindings.c: the picker's, the solver animation's and the dialogs' keys rebound
 * in the config file (key.picker.ACTION, key.watch.ACTION, key.dialog.ACTION), on a
 * pseudo-terminal: the bound keys work, the old ones no longer do, the keys that always
 * work still do, and every footer, help line and message names the keys as bound. */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "tap.h"
#include "tui_test.h"

static char sudoku_path[300], config_path[300];

static void setup(void)
{
    char dir[300];

    tt_write_file(tt_scratch_path(sudoku_path, sizeof sudoku_path, "sudoku.txt"), tt_sudoku);
    /* The player's XDG_CONFIG_HOME is the scratch config/ (tt_start). */
    mkdir(tt_scratch_path(dir, sizeof dir, "config"), 0700);
    mkdir(tt_scratch_path(dir, sizeof dir, "config/kakudo"), 0700);
    tt_scratch_path(config_path, sizeof config_path, "config/kakudo/config");
}

/* Starts the player with text as its config file, on file (NULL: the picker). */
static struct th *start_with(const char *config, const char *file)
{
    const char *args[] = { file, NULL };

    tt_write_file(config_path, config);
    return tt_start(file != NULL ? args : NULL, NULL, 24, 80);
}

static bool exits_cleanly(struct th *t)
{
    return tt_exited_cleanly(th_wait_exit(t, tt_wait_ms));
}

static void test_picker(void)
{
    struct th *t;

    tt_fresh_state();
    t = start_with("key.picker.new-game = g\nkey.picker.quit = x\nkey.picker.down = s\n"
                   "key.picker.paste = v\nkey.picker.help = F2\n", NULL);
    tap_ok(tt_wait_text(t, "choose a puzzle"), "a config with picker keys opens the picker");
    tap_ok(th_find(t, "g new game", NULL, NULL) && th_find(t, "F2 help", NULL, NULL)
           && th_find(t, "x quit", NULL, NULL) && !th_find(t, "q quit", NULL, NULL)
           && th_find(t, "Enter open", NULL, NULL),
           "the picker's footer names the keys as bound (g new game, F2 help, x quit)");
    tap_ok(th_find(t, "Jigsaw and mixes (g)", NULL, NULL), "the New game item names its key as bound");
    tt_send_settled(t, "n");
    tap_ok(!th_find(t, "Arrows choose, Enter makes it", NULL, NULL), "n no longer opens New game");
    th_send(t, "g");
    tap_ok(tt_wait_text(t, "Arrows choose, Enter makes it"), "g opens New game");
    th_send(t, "\033");
    tap_ok(th_wait_gone(t, "Arrows choose, Enter makes it", tt_wait_ms), "Esc closes it");
    th_send(t, "\033OQ");
    tap_ok(tt_wait_text(t, "In the picker") && th_find(t, "arrows, s k", NULL, NULL)
           && th_find(t, "v                  paste a puzzle", NULL, NULL)
           && th_find(t, "g                  new game", NULL, NULL)
           && th_find(t, "d Del              delete", NULL, NULL),
           "F2 opens the help, which lists the picker's keys as bound");
    th_send(t, "q");
    tap_ok(th_wait_gone(t, "In the picker", tt_wait_ms) && tt_wait_text(t, "choose a puzzle"),
           "any other key leaves the help");
    tt_send_settled(t, "q");
    tap_ok(th_wait_exit(t, 0) == -1 && th_find(t, "choose a puzzle", NULL, NULL), "q no longer quits");
    th_send(t, "v");
    tap_ok(tt_wait_text(t, "Paste a puzzle now"), "v asks for a paste");
    th_send(t, "\033");
    tap_ok(th_wait_gone(t, "Paste a puzzle now", tt_wait_ms) && tt_wait_text(t, "Paste a puzzle... (v)"),
           "Esc cancels; the Paste item, now in view, names its key as bound");
    th_send(t, "\033OH\033OB");   /* Home and Down, which always move */
    th_send(t, "ss");
    th_send(t, "\r");       /* the fourth bundled puzzle */
    tap_ok(tt_wait_text(t, "Cell r"), "Down (fixed) and s (bound) move, Enter (fixed) opens");
    th_send(t, "q");
    tap_ok(tt_wait_text(t, "choose a puzzle"), "the board's q, not rebound, goes back to the picker");
    th_send(t, "x");
    tap_ok(exits_cleanly(t), "x quits");
    th_free(t);

    /* keys = arrows: no letter moves in the picker, the arrows and Enter do. */
    tt_fresh_state();
    t = start_with("keys = arrows\n", NULL);
    tt_wait_text(t, "choose a puzzle");
    tt_send_settled(t, "l");
    tap_ok(!th_find(t, "Cell r", NULL, NULL), "keys = arrows: l does not open in the picker");
    th_send(t, "\033OB\r");
    tap_ok(tt_wait_text(t, "Cell r"), "keys = arrows: Down and Enter do");
    th_send(t, "q");
    tt_wait_text(t, "choose a puzzle");
    tap_ok(tt_quit_cleanly(t), "quits");
    th_free(t);
}

static void test_watch(void)
{
    struct th *t;

    tt_fresh_state();
    t = start_with("watch-speed = 2\nkey.watch.pause = p\nkey.watch.quit = x\nkey.watch.help = F3\n"
                   "key.watch.faster = Up\n", sudoku_path);
    tt_wait_text(t, "Cell r1c3");
    th_send(t, "w");
    tap_ok(tt_see(t, "Speed 2 steps/s") && tt_see(t, "p pause") && tt_see(t, "x stop")
           && tt_see(t, "F3 keys") && tt_see(t, "Up/- speed"),
           "the watch panel names its keys as bound (p pause, x stop, F3 keys, Up/- speed)");
    th_send(t, "p");
    tap_ok(tt_wait_text(t, "Paused") && tt_wait_text(t, "p resume"), "p pauses, and the panel says p resumes");
    th_send(t, "\033OA");
    tap_ok(tt_wait_text(t, "Speed 5 steps/s"), "Up is faster");
    tap_ok(tt_still_after(t, "+", "Speed 5 steps/s"), "+ no longer is");
    th_send(t, "\033OR");
    tap_ok(tt_wait_text(t, "watching the solver") && th_find(t, "p                  pause or resume", NULL, NULL)
           && th_find(t, "x Esc              stop", NULL, NULL),
           "F3 opens the watch's help, listing the keys as bound");
    th_send(t, " ");
    tap_ok(tt_wait_text(t, "p resume"), "a key leaves the help, still paused");
    tap_ok(tt_still_after(t, " ", "Paused"), "Space no longer resumes");
    tap_ok(tt_still_after(t, "q", "Paused"), "q no longer stops");
    th_send(t, "x");
    tap_ok(tt_wait_text(t, "Stopped after") && tt_wait_text(t, "Cell r1c3"), "x stops watching");
    th_send(t, "w");
    tt_see(t, "x stop");
    th_send(t, "\033");
    tap_ok(tt_wait_text(t, "Stopped after"), "Esc always stops");
    tap_ok(tt_quit_cleanly(t), "quits");
    th_free(t);

    /* A solved search: the message and the panel name keep, back and strategy as bound. */
    tt_fresh_state();
    t = start_with("watch-speed = full\nkey.watch.keep = K\nkey.watch.strategy = z\n", sudoku_path);
    tt_wait_text(t, "Cell r1c3");
    th_send(t, "w");
    tap_ok(tt_wait_text(t, "K keeps it, q goes back, z tries plain") && tt_wait_text(t, "K keep the solution"),
           "once solved, the message and panel name K and z");
    tap_ok(tt_still_after(t, "k", "K keeps it"), "k no longer keeps");
    th_send(t, "K");
    tap_ok(tt_wait_text(t, "Kept the solver's solution"), "K keeps the solution");
    tap_ok(tt_quit_cleanly(t), "quits");
    th_free(t);
}

static void test_dialogs(void)
{
    struct th *t;

    tt_fresh_state();
    t = start_with("key.dialog.resume = o\nkey.dialog.start-over = S\n", sudoku_path);
    tap_ok(tt_wait_text(t, "Cell r1c3") && th_find(t, "config:2: key 'S' cannot be bound", NULL, NULL),
           "a capital for a dialog's answer is a bad line, said on the status line");
    th_send(t, "4");
    tt_wait_text(t, "Filled 31/81");
    tap_ok(tt_quit_cleanly(t), "a move, and quit");
    th_free(t);
    t = start_with("key.dialog.resume = o\n", sudoku_path);
    tap_ok(tt_wait_text(t, "saved game") && tt_wait_text(t, "o: resume") && tt_wait_text(t, "s: start over")
           && tt_wait_text(t, "Esc: back"), "the saved-game question names o for resume");
    tap_ok(tt_still_after(t, "r", "o: resume"), "r no longer resumes");
    tt_send_settled(t, "c");
    tap_ok(th_find(t, "o: resume", NULL, NULL),
           "c is no answer here: the question stays (as cancel it would leave the player)");
    th_send(t, "O");
    tap_ok(tt_wait_text(t, "Resumed the saved game") && tt_wait_text(t, "Filled 31/81"),
           "O, o's capital, resumes");
    tap_ok(tt_quit_cleanly(t), "quits");
    th_free(t);

    /* Deleting a saved game from the picker: yes and no as bound. */
    t = start_with("key.dialog.yes = j\nkey.dialog.no = k\nkey.dialog.cancel = none\n", NULL);
    tt_wait_text(t, "Recent games");
    th_send(t, "\033OF\033OA\033OA\033OA");    /* End, then up to the recent game */
    th_send(t, "d");
    tap_ok(tt_wait_text(t, "Delete the saved game") && tt_wait_text(t, "k: no") && tt_wait_text(t, "j: yes"),
           "the yes/no question names j and k");
    tap_ok(tt_still_after(t, "yq", "Delete the saved game"), "y and q no longer answer");
    th_send(t, "j");
    tap_ok(tt_wait_text(t, "Deleted the saved game") && th_wait_gone(t, "Recent games", tt_wait_ms),
           "j says yes");
    tap_ok(tt_quit_cleanly(t), "quits");
    th_free(t);
}

/* A board too small to draw takes its quit key, as bound, and no other key. */
static void test_too_small(void)
{
    const char *args[] = { sudoku_path, NULL };
    struct th *t;

    tt_fresh_state();
    tt_write_file(config_path, "key.quit = x\n");
    t = tt_start(args, NULL, 8, 30);
    tap_ok(tt_wait_text(t, "Terminal too small"), "a board on 30x8 is too small");
    tt_send_settled(t, "q");
    tap_ok(th_wait_exit(t, 0) == -1, "q, not the quit key now, does nothing there");
    th_send(t, "x");
    tap_ok(exits_cleanly(t), "x, the quit key as bound, quits from the too-small screen");
    th_free(t);
}

int main(void)
{
    if (!tt_init("bindings", 30000))
        return 0;
    setup();
    test_picker();
    test_watch();
    test_dialogs();
    test_too_small();
    tt_cleanup();
    return tap_done();
}
