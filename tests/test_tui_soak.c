/* test_tui_soak.c: the terminal soak test: thousands of random keys, mouse reports (SGR and
 * X10 forms) and resizes down to 1x1, from fixed seeds, on the player, the hint display,
 * the solver's watch and the New game dialog.  Throughout, the player must live, keep a
 * sane screen and redraw; at the end it must quit on Escape and q and give the terminal
 * back as it found it.  Bounded by counts of events, not by time. */
#include "config.h"

#include <stdio.h>

#include "tap.h"
#include "tui_test.h"

static char sudoku_path[300], kakuro_path[300];

static void setup(void)
{
    tt_write_file(tt_scratch_path(sudoku_path, sizeof sudoku_path, "sudoku.txt"), tt_sudoku);
    tt_write_file(tt_scratch_path(kakuro_path, sizeof kakuro_path, "kakuro.txt"), tt_kakuro);
}

/* Keys every scenario presses: digits and letters, moves, editing and function keys,
 * Alt-digits, control characters, and bytes that are not UTF-8.  No q, which would quit,
 * and none of the control characters the terminal turns into signals or flow control
 * (^C ^Z ^\ ^S ^Q). */
#define COMMON_KEYS \
    "1", "2", "5", "9", "0", "A", "G", "Z", "a", "z", "h", "j", "k", "l", "m", "p", "f", "x", \
    "u", "c", "e", "t", "r", " ", "?", "\r", "\t", "\x7f", "\b", "\x12", "\x01", "\x0c", \
    "\033OA", "\033OB", "\033OC", "\033OD", "\033[A", "\033[D", "\033[H", "\033[F", \
    "\033[1~", "\033[4~", "\033[5~", "\033[6~", "\033[2~", "\033[3~", "\033OP", "\033[15~", \
    "\033[24~", "\033[1;5C", "\033[Z", "\0331", "\0339", "\033x", "\033", "\033\033", \
    "\xff", "\xc3", "\xe2\x94", "\xc3\xa9", "\xe2\x94\x82", "\xf0\x9f\x98\x80", "\033[", \
    "\033[<", "\033[M"

static void soak(const char *what, const char *const args[], const char *env1,
                 const char *const *keys, size_t n_keys, int presses, unsigned seed)
{
    const char *env[] = { env1, NULL };
    const struct tt_monkey monkey = {
        .keys = keys, .n_keys = n_keys, .presses = presses, .mouse_percent = 20,
        .resize_every = 31, .pump_every = 10, .pump_ms = 2, .check_every = 10,
        .answer_every = 200,
    };
    struct th *t = tt_start(args, env, 24, 80);
    struct tt_monkey_run run;
    bool ok = tt_random_keys(t, &monkey, seed, 24, 80, &run);

    tap_ok(ok && run.sent == presses,
           "%s: %d of %d random events (seed %u), alive and sane throughout, terminal restored at exit%s%s",
           what, run.sent, presses, seed, run.why[0] ? ": " : "", run.why);
    th_free(t);
}

static void soak_player(void)
{
    static const char *const keys[] = { COMMON_KEYS };
    const char *sudoku[] = { sudoku_path, NULL }, *kakuro[] = { kakuro_path, NULL };

    /* Seed 101 found that a byte starting no UTF-8 character swallowed the keys after it. */
    soak("the player on a Sudoku", sudoku, NULL, keys, sizeof keys / sizeof keys[0], 1500, 101);
    tt_fresh_state();
    soak("the player on a Kakuro, in ASCII", kakuro, "LANG=C", keys, sizeof keys / sizeof keys[0], 800, 102);
}

static void soak_hints(void)
{
    static const char *const keys[] = { COMMON_KEYS, "i", "i", "i", "i", "i", "i", "i", "i", "i", "i" };
    const char *sudoku[] = { sudoku_path, NULL }, *kakuro[] = { kakuro_path, NULL };

    soak("the hint display on a Sudoku", sudoku, NULL, keys, sizeof keys / sizeof keys[0], 800, 103);
    tt_fresh_state();
    soak("the hint display on a Kakuro, without colour", kakuro, "NO_COLOR=1", keys,
         sizeof keys / sizeof keys[0], 500, 104);
}

static void soak_watch(void)
{
    static const char *const keys[] = {
        COMMON_KEYS, "w", "w", "w", "w", "+", "+", "+", "-", ".", ".", "s", "k", "\033",
    };
    const char *args[] = { "watch", sudoku_path, NULL };

    soak("watching the solver", args, NULL, keys, sizeof keys / sizeof keys[0], 1000, 105);
}

static void soak_newgame(void)
{
    static const char *const keys[] = {
        COMMON_KEYS, "n", "n", "n", "\033OA", "\033OB", "\033OC", "\033OD", "\r", "\033", "\033",
    };

    soak("the picker and the New game dialog", NULL, "KAKUDO_SEED=7", keys,
         sizeof keys / sizeof keys[0], 1000, 106);
}

int main(void)
{
    if (!tt_init("tui-soak", 60000))
        return 0;
    setup();
    soak_player();
    tt_fresh_state();
    soak_hints();
    tt_fresh_state();
    soak_watch();
    tt_fresh_state();
    soak_newgame();
    tt_cleanup();
    return tap_done();
}
