/* test_tui_prefs.c: the player's preferences and sharing on a pseudo-terminal: a theme, key
 * remaps and presets, the timer and the hint's first rung from the config file; the puzzle
 * and the position copied with OSC 52; a puzzle pasted with bracketed paste. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tap.h"
#include "tui_test.h"

static char sudoku_path[300], kakuro_path[300], config_path[300], killer_path[300];
static const char killer_text[] =
    "killer\n.... aabb\n.... cdde\n.... cfge\n.... hfgg\na=3 b=7 c=5 d=5 e=5 f=4 g=7 h=4\n";

static void setup(void)
{
    char dir[300];

    tt_write_file(tt_scratch_path(sudoku_path, sizeof sudoku_path, "sudoku.txt"), tt_sudoku);
    tt_write_file(tt_scratch_path(kakuro_path, sizeof kakuro_path, "kakuro.txt"), tt_kakuro);
    tt_write_file(tt_scratch_path(killer_path, sizeof killer_path, "killer.txt"), killer_text);
    /* The player's XDG_CONFIG_HOME is the scratch config/ (tt_start). */
    mkdir(tt_scratch_path(dir, sizeof dir, "config"), 0700);
    mkdir(tt_scratch_path(dir, sizeof dir, "config/kakudo"), 0700);
    tt_scratch_path(config_path, sizeof config_path, "config/kakudo/config");
}

/* Starts the player on file with text as its config file. */
static struct th *start_with(const char *config, const char *file)
{
    const char *args[] = { file, NULL };

    tt_fresh_state();
    tt_write_file(config_path, config);
    return tt_start(args, NULL, 24, 80);
}

static bool cell_attrs(struct th *t, const char *text, int offset, VTermScreenCell *c)
{
    return tt_cell_at(t, text, offset, c);
}

static int fg_of(const VTermScreenCell *c)
{
    return VTERM_COLOR_IS_DEFAULT_FG(&c->fg) ? -1
           : VTERM_COLOR_IS_INDEXED(&c->fg) ? c->fg.indexed.idx : -2;
}

static int bg_of(const VTermScreenCell *c)
{
    return VTERM_COLOR_IS_DEFAULT_BG(&c->bg) ? -1
           : VTERM_COLOR_IS_INDEXED(&c->bg) ? c->bg.indexed.idx : -2;
}

/* Red and green, dark and bright. */
static bool red_or_green(int colour)
{
    return colour == 1 || colour == 2 || colour == 9 || colour == 10;
}

/* Row 1 of the Wikipedia Sudoku at 80x24 once 5 is entered in r1c3: a conflict. */
#define CLASH "  5  " LV "  3  " LV "  5  "
/* Row 1 near r1c6, the first hint's cell. */
#define ROW1_TAIL "  7  " LV

static void test_theme(void)
{
    struct th *t = start_with("# red-green safe\ntheme = colorblind\n", sudoku_path);
    VTermScreenCell c;

    tap_ok(tt_wait_text(t, "Cell r1c3"), "theme = colorblind: the board opens");
    th_send(t, "5");
    tap_ok(tt_wait_text(t, CLASH) && cell_attrs(t, CLASH, 2, &c) && !red_or_green(fg_of(&c))
           && fg_of(&c) >= 0 && c.attrs.underline,
           "colorblind: a conflict is neither red nor green, and underlined (fg %d)", fg_of(&c));
    th_send(t, "u");
    tt_wait_text(t, "Undone");
    th_send(t, "iii");
    tap_ok(tt_wait_text(t, "Hint 3/5") && cell_attrs(t, ROW1_TAIL, 8, &c) && bg_of(&c) >= 0
           && !red_or_green(bg_of(&c)), "colorblind: the hint's pattern is neither red nor green (bg %d)",
           bg_of(&c));
    tap_ok(tt_quit_cleanly(t), "quits");
    th_free(t);

    t = start_with("theme = default\n", sudoku_path);
    tt_wait_text(t, "Cell r1c3");
    th_send(t, "5");
    tap_ok(tt_wait_text(t, CLASH) && cell_attrs(t, CLASH, 2, &c) && fg_of(&c) == 1,
           "theme = default: the same conflict is red");
    tap_ok(tt_quit_cleanly(t), "quits");
    th_free(t);

    t = start_with("theme = mono\n", sudoku_path);
    tt_wait_text(t, "Cell r1c3");
    th_send(t, "5");
    tap_ok(tt_wait_text(t, CLASH) && cell_attrs(t, CLASH, 2, &c) && fg_of(&c) == -1 && c.attrs.underline,
           "theme = mono: no colour, the conflict underlined");
    tap_ok(tt_quit_cleanly(t), "quits");
    th_free(t);
}

static void test_key_remap(void)
{
    /* U+3155, where a Korean keyboard has u: a wide character as a key. */
    struct th *t = start_with("key.undo = z \xe3\x85\x95\nkey.hint = C-t\nkey.help = F1\n"
                              "charset = ascii\n", sudoku_path);

    tap_ok(tt_wait_text(t, "Cell r1c3"), "a config with remapped keys opens");
    tap_ok(th_find(t, "z undo", NULL, NULL) && th_find(t, "Ctrl-T hint", NULL, NULL)
           && th_find(t, "F1 help", NULL, NULL), "the footer shows the remapped keys");
    tap_ok(!th_find(t, "\xe2\x94", NULL, NULL), "charset = ascii: no box drawing");
    th_send(t, "4");
    tt_wait_text(t, "  4  ");
    th_send(t, "z");
    tap_ok(tt_wait_text(t, "Undone"), "z undoes");
    th_send(t, "5");
    tt_wait_text(t, "Filled 31/81");
    th_send(t, "\xe3\x85\x95");
    tap_ok(tt_wait_text(t, "Undone") && tt_wait_text(t, "Filled 30/81"),
           "a key that is a wide character undoes too");
    th_send(t, "u");
    tap_ok(tt_wait_text(t, "Unknown key 'u': press F1 for help"), "u no longer does, and says where help is");
    th_send(t, "\x14");
    tap_ok(tt_wait_text(t, "Hint 1/5"), "Ctrl-T asks for a hint");
    th_send(t, "\033OP");
    tap_ok(tt_wait_text(t, "Moving") && th_find(t, "z \xe3\x85\x95", NULL, NULL) && th_find(t, "undo", NULL, NULL)
           && th_find(t, "Ctrl-T", NULL, NULL), "F1 opens the help, which lists z and the wide key for undo");
    th_send(t, "q");
    tt_wait_text(t, "Cell r1c3");
    tap_ok(tt_quit_cleanly(t), "quits");
    th_free(t);

    t = start_with("keys = vi\n", sudoku_path);
    tt_wait_text(t, "Cell r1c3");
    th_send(t, "$");
    tap_ok(tt_wait_text(t, "Cell r1c9"), "keys = vi: $ goes to the end of the row");
    th_send(t, "0");
    tap_ok(tt_wait_text(t, "Cell r1c1"), "keys = vi: 0 to its start");
    th_send(t, "ll4");
    tt_wait_text(t, "  3  " LV "  4  ");
    th_send(t, "x");
    tap_ok(th_wait_gone(t, "  3  " LV "  4  ", tt_wait_ms), "keys = vi: x erases");
    tap_ok(tt_quit_cleanly(t), "quits");
    th_free(t);

    t = start_with("keys = arrows\n", sudoku_path);
    tt_wait_text(t, "Cell r1c3");
    tap_ok(th_find(t, "arrows  1-9 set", NULL, NULL) && !th_find(t, "hjkl", NULL, NULL),
           "keys = arrows: the footer has no hjkl");
    th_send(t, "l");
    tap_ok(tt_wait_text(t, "Unknown key 'l'"), "keys = arrows: l does not move");
    tap_ok(tt_quit_cleanly(t), "quits");
    th_free(t);
}

static void test_timer_and_rung(void)
{
    const char *args[] = { sudoku_path, NULL };
    struct th *t;

    tt_fresh_state();
    tt_write_file(config_path, "timer = hidden\nhint-start = technique\n");
    t = tt_start_timed(args, NULL, 24, 80);
    tap_ok(tt_wait_text(t, "Cell r1c3") && !th_find(t, "Time ", NULL, NULL), "timer = hidden: no timer");
    th_send(t, "t");
    tap_ok(tt_wait_text(t, "Time "), "t shows it");
    th_send(t, "i");
    tap_ok(tt_wait_text(t, "Hint 2/5: Hidden single"), "hint-start = technique: the first press names the technique");
    tap_ok(tt_quit_cleanly(t), "quits");
    th_free(t);

    tt_fresh_state();
    tt_write_file(config_path, "timer = shown\n");
    t = tt_start_timed(args, NULL, 24, 80);
    tap_ok(tt_wait_text(t, "Cell r1c3") && tt_wait_text(t, "Time "), "timer = shown: the timer");
    tap_ok(tt_quit_cleanly(t), "quits");
    th_free(t);

    tt_write_file(config_path, "timer = shown\nthis is not a setting\n");
    t = tt_start_timed(args, NULL, 24, 80);
    tap_ok(tt_wait_text(t, "config:2: expected 'setting = value'") && tt_wait_text(t, "Time "),
           "a bad line is said on the status line, and the rest applies");
    tap_ok(tt_quit_cleanly(t), "quits");
    th_free(t);
}

/* Whether the file at path holds text (read as the program writes it, until the
 * deadline). */
static bool file_becomes(struct th *t, const char *path, const char *text)
{
    long end = th_now_ms() + tt_wait_ms;
    char buf[4096];

    for (;;) {
        FILE *f = fopen(path, "r");
        size_t n = f != NULL ? fread(buf, 1, sizeof buf - 1, f) : 0;

        if (f != NULL)
            fclose(f);
        buf[n] = '\0';
        if (strcmp(buf, text) == 0)
            return true;
        if (th_now_ms() >= end) {
            tap_diag("%s holds \"%s\"", path, buf);
            return false;
        }
        th_pump(t, 20);
    }
}

/* The timer's toggle and the watch's speed last: kept in the config file (its other
 * lines as they were), and the next session starts with them. */
static void test_settings_kept(void)
{
    const char *args[] = { sudoku_path, NULL };
    struct th *t;

    tt_fresh_state();
    tt_write_file(config_path, "# my settings\ntheme = default\nTimer = shown\n");
    t = tt_start_timed(args, NULL, 24, 80);
    tt_wait_text(t, "Cell r1c3");
    th_send(t, "t");
    tap_ok(file_becomes(t, config_path, "# my settings\ntheme = default\ntimer = hidden\n"),
           "t hides the timer and keeps it so in the config, the other lines as they were");
    tap_ok(tt_quit_cleanly(t), "quits");
    th_free(t);
    t = tt_start_timed(args, NULL, 24, 80);
    tap_ok(tt_wait_text(t, "Cell r1c3") && !th_find(t, "Time ", NULL, NULL),
           "the next session starts with the timer hidden");
    th_send(t, "w");
    tt_see(t, "Speed 20 steps/s");
    th_send(t, "++");
    tt_see(t, "Speed 100 steps/s");
    th_send(t, "q");
    tt_wait_text(t, "Stopped after");
    tap_ok(file_becomes(t, config_path, "# my settings\ntheme = default\ntimer = hidden\n"
                        "watch-speed = 100\n"), "the watch's speed is kept when the watch ends");
    th_send(t, "w");
    tap_ok(tt_see(t, "Speed 100 steps/s"), "the next watch starts at it");
    th_send(t, "q");
    tt_wait_text(t, "Stopped after");
    tap_ok(tt_quit_cleanly(t), "quits");
    th_free(t);
}

/* The "hints" line of the one saved game, into buf; false without one. */
static bool saved_hints(char *buf, size_t size)
{
    char cmd[600];
    FILE *p;
    bool ok;

    snprintf(cmd, sizeof cmd, "grep -h '^hints ' %s/state/kakudo/*.save 2>/dev/null | head -1", tt_dir());
    p = popen(cmd, "r");
    if (p == NULL)
        return false;
    ok = fgets(buf, (int)size, p) != NULL;
    pclose(p);
    if (ok)
        buf[strcspn(buf, "\n")] = '\0';
    return ok;
}

/* A hint that starts past rung 1 is a new hint, not the last one going further. */
static void test_hint_start_counts(void)
{
    const char *args[] = { sudoku_path, NULL };
    char hints[100] = "";
    struct th *t;

    tt_fresh_state();
    tt_write_file(config_path, "");
    t = tt_start(args, NULL, 24, 80);
    tt_wait_text(t, "Cell r1c3");
    th_send(t, "i");
    tt_wait_text(t, "Hint 1/5");
    th_send(t, "q");
    tap_ok(th_wait_exit(t, tt_wait_ms) != -1 && saved_hints(hints, sizeof hints)
           && strcmp(hints, "hints 1 1 0 0 0 0") == 0, "a hint at rung 1 is saved (%s)", hints);
    th_free(t);
    tt_write_file(config_path, "hint-start = technique\n");
    t = tt_start(args, NULL, 24, 80);
    tt_wait_text(t, "saved game");
    th_send(t, "r");
    tt_wait_text(t, "Cell r");
    th_send(t, "i");
    tt_wait_text(t, "Hint 2/5");
    th_send(t, "q");
    tap_ok(th_wait_exit(t, tt_wait_ms) != -1 && saved_hints(hints, sizeof hints)
           && strcmp(hints, "hints 2 1 1 0 0 0") == 0,
           "then one starting at rung 2 counts as a second hint (%s)", hints);
    th_free(t);
}

static void test_watch_speed(void)
{
    struct th *t = start_with("watch-speed = 2\n", sudoku_path);

    tt_wait_text(t, "Cell r1c3");
    th_send(t, "w");
    tap_ok(tt_see(t, "Speed 2 steps/s"), "watch-speed = 2: the solver starts at 2 steps a second");
    th_send(t, "q");
    tap_ok(tt_wait_text(t, "Cell r1c3") && tt_quit_cleanly(t), "q stops watching, q quits");
    th_free(t);

    t = start_with("watch-speed = full\n", sudoku_path);
    tt_wait_text(t, "Cell r1c3");
    th_send(t, "w");
    tap_ok(tt_see(t, "Speed full"), "watch-speed = full: at full speed");
    th_send(t, "q");
    tap_ok(tt_wait_text(t, "Cell r1c3") && tt_quit_cleanly(t), "q stops watching, q quits");
    th_free(t);
}

/* A watch's speed the config cannot keep (a config that is a symbolic link, never written
 * through): why is told beside the watch's closing message, which replaced it at once. */
static void test_watch_speed_not_kept(void)
{
    const char *args[] = { sudoku_path, NULL };
    char target[300];
    struct th *t;

    tt_fresh_state();
    tt_write_file(tt_scratch_path(target, sizeof target, "config-target"), "watch-speed = 20\n");
    unlink(config_path);
    if (symlink(target, config_path) != 0) {
        tap_ok(false, "a config that is a symbolic link is made");
        return;
    }
    t = tt_start(args, NULL, 24, 80);
    tt_wait_text(t, "Cell r1c3");
    th_send(t, "w");
    tt_see(t, "Speed 20 steps/s");
    th_send(t, "+");
    tt_see(t, "Speed 50 steps/s");
    th_send(t, "q");
    tap_ok(tt_wait_text(t, "Stopped after") && tt_wait_text(t, "This setting lasts")
           && tt_wait_text(t, "symbolic link"),
           "a watch ended at a speed the config cannot keep: its closing message and why "
           "the speed is not kept both show");
    th_send(t, "w");
    tt_see(t, "Speed 50 steps/s");
    th_send(t, "\033");
    tap_ok(tt_wait_text(t, "Stopped after") && !th_find(t, "This setting", NULL, NULL),
           "a watch ended at the speed kept for the session says nothing more");
    tap_ok(tt_quit_cleanly(t), "quits");
    th_free(t);
    unlink(config_path);
}

/* --- OSC 52 --- */

static int b64_value(char c)
{
    const char *digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const char *p = c != '\0' ? strchr(digits, c) : NULL;

    return p != NULL ? (int)(p - digits) : -1;
}

/* The text of the last OSC 52 the program wrote (ESC ] 52 ; c ; BASE64 BEL), decoded into
 * out; false if there is none, or it is not base64. */
static bool last_osc52(struct th *t, char *out, size_t size)
{
    const char *all = th_output(t, NULL), *s = NULL, *p;
    size_t n = 0;
    unsigned long acc = 0;
    int bits = 0;

    for (p = strstr(all, "\033]52;c;"); p != NULL; p = strstr(p + 1, "\033]52;c;"))
        s = p + 7;
    if (s == NULL)
        return false;
    for (; *s != '\a'; s++) {
        int v = b64_value(*s);
        if (*s == '=')
            continue;
        if (v < 0 || n + 1 >= size)
            return false;
        acc = acc << 6 | (unsigned long)v;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out[n++] = (char)(acc >> bits & 0xff);
        }
    }
    out[n] = '\0';
    return true;
}

static void test_copy(void)
{
    static const char grid_top[] =
        ".-------------------.-----------------.-------------------.\n"
        "| 5    3     12     | 26    7    2468 | 1489   1249  248  |\n";
    struct th *t = start_with("", sudoku_path);
    char text[4096];

    tt_wait_text(t, "Cell r1c3");
    th_send(t, "y");
    tap_ok(tt_wait_text(t, "Copied the puzzle to the clipboard (OSC 52): one line of 81 cells"),
           "y says what it copied");
    tap_ok(strstr(th_output(t, NULL), "\033]52;c;NTMuLjcuLi4uNi4uMTk1Li4uLjk4Li4uLjYuOC4uLjYuLi4z"
                  "NC4uOC4zLi4xNy4uLjIuLi42LjYuLi4uMjguLi4uNDE5Li41Li4uLjguLjc5Cg==\a") != NULL,
           "the puzzle goes out as OSC 52: the one-line Sudoku in base64");
    th_send(t, "m1m2g");
    tap_ok(tt_wait_text(t, "Copied the position to the clipboard (OSC 52): a pencil-mark grid, 13 lines"),
           "g says what it copied");
    tap_ok(last_osc52(t, text, sizeof text) && strncmp(text, grid_top, strlen(grid_top)) == 0,
           "the position goes out as a pencil-mark grid, with the cell's marks (12) and the "
           "other cells' candidates");
    tap_ok(tt_quit_cleanly(t), "quits");
    th_free(t);

    t = start_with("", kakuro_path);
    tt_wait_text(t, "Cell r");
    th_send(t, "y");
    tap_ok(tt_wait_text(t, "a Kakuro grid, 4 lines") && last_osc52(t, text, sizeof text)
           && strcmp(text, "\\ 17\\ 10\\ \\\n\\16 _ _ 11\\\n\\13 _ 1 _\n\\ \\9 _ _\n") == 0,
           "a Kakuro is copied as kakudo's Kakuro grid");
    tap_ok(tt_quit_cleanly(t), "quits");
    th_free(t);

    t = start_with("", killer_path);
    tt_wait_text(t, "Cell r");
    th_send(t, "y");
    tap_ok(tt_wait_text(t, "kakudo's variant format, 6 lines") &&
           last_osc52(t, text, sizeof text) && strcmp(text, killer_text) == 0,
           "a Killer is copied in kakudo's variant format, its cages and sums with it");
    th_send(t, "1g");
    tap_ok(tt_wait_text(t, "Copied the position to the clipboard (OSC 52): kakudo's variant") &&
           last_osc52(t, text, sizeof text) && strncmp(text, "killer\n1... aabb\n", 17) == 0,
           "g copies a Killer's position in kakudo's variant format, not as a pencil-mark grid");
    tap_ok(tt_quit_cleanly(t), "quits");
    th_free(t);
}

/* --- Bracketed paste --- */

/* Opens the picker and chooses "Paste a puzzle..." (the last item), or with key, types it. */
static struct th *start_paste(bool key)
{
    struct th *t = start_with("", NULL);

    tt_wait_text(t, "choose a puzzle");
    if (key) {
        th_send(t, "p");
        return t;
    }
    th_send(t, "\033[F");       /* End: the last item */
    th_settle(t, tt_wait_ms);
    th_send(t, "\r");
    return t;
}

static void test_paste(void)
{
    struct th *t = start_paste(false);

    tap_ok(tt_wait_text(t, "Paste a puzzle now") && th_mode(t, 2004) == 1,
           "Paste a puzzle asks, with bracketed paste on");
    th_send(t, "\033[200~");
    th_send(t, "# Mine\r4.3.\r..1.\r.3..\r..2.\r");
    th_send(t, "\033[201~");
    tap_ok(tt_wait_text(t, "Mine") && tt_wait_text(t, "Sudoku 4x4") && tt_wait_text(t, "Cell r1c2"),
           "a pasted puzzle opens on the board, named by its comment line");
    tap_ok(th_mode(t, 2004) == 0, "bracketed paste is off again");
    th_send(t, "q");
    tap_ok(tt_wait_text(t, "choose a puzzle") && tt_quit_cleanly(t), "q goes back to the picker, and quits");
    th_free(t);

    t = start_paste(true);
    tap_ok(tt_wait_text(t, "Paste a puzzle now"), "p in the picker asks for a paste too");
    th_send(t, "\033[200~hello world\r\033[201~");
    /* Said once, by the reader: the sentence ends in view at 80 columns (after "The paste
     * is not a puzzle kakudo reads: " it lost "Kakuro grid." to the message's 3 rows). */
    tap_ok(tt_wait_text(t, "the paste:1: not a puzzle: expected a") && tt_wait_text(t, "Kakuro grid.")
           && !th_find(t, "kakudo reads", NULL, NULL) && tt_wait_text(t, "choose a puzzle"),
           "a paste that is no puzzle says so, whole at 80 columns, back in the picker");
    tap_ok(th_mode(t, 2004) == 0, "bracketed paste is off");
    th_send(t, "p");
    tt_wait_text(t, "Paste a puzzle now");
    th_send(t, "\033[200~" "530070000600195000098000060800060003400803001700020006060000280000419005000080079" "\033[201~");
    tap_ok(tt_wait_text(t, "Sudoku 9x9") && tt_wait_text(t, "Cell r1c3"), "a one-line Sudoku pasted opens");
    th_send(t, "q");
    tap_ok(tt_wait_text(t, "choose a puzzle") && tt_quit_cleanly(t), "q goes back to the picker, and quits");
    th_free(t);

    t = start_paste(true);
    tt_wait_text(t, "Paste a puzzle now");
    th_send(t, "\033[200~# a comment alone\r\033[201~");
    tap_ok(tt_wait_text(t, "The paste holds no puzzle.") && tt_wait_text(t, "choose a puzzle"),
           "a paste of a comment alone holds no puzzle");
    th_send(t, "p");
    tt_wait_text(t, "Paste a puzzle now");
    th_send(t, "\033");
    tap_ok(th_wait_gone(t, "Paste a puzzle now", tt_wait_ms) && th_mode(t, 2004) == 0,
           "Esc cancels, bracketed paste off");
    tap_ok(tt_quit_cleanly(t), "quits");
    th_free(t);
}

int main(void)
{
    if (!tt_init("prefs", 30000))
        return 0;
    setup();
    test_theme();
    test_key_remap();
    test_timer_and_rung();
    test_settings_kept();
    test_hint_start_counts();
    test_watch_speed();
    test_watch_speed_not_kept();
    test_copy();
    test_paste();
    tt_cleanup();
    return tap_done();
}
