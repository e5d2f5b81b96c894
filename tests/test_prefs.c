/* test_prefs.c: the config file's settings: parsing, bad lines, presets and remaps, and
 * that --print-config's output reads back as the same settings. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "prefs.h"
#include "tap.h"
#include "test_util.h"
#include "util.h"

/* What the reader reported, one message a line. */
struct reports {
    char text[4096];
    int n;
};

static void collect(const char *message, void *user)
{
    struct reports *r = user;
    size_t len = strlen(r->text);

    snprintf(r->text + len, sizeof r->text - len, "%s\n", message);
    r->n++;
}

/* Reads len bytes of text as a config named "cfg" over the defaults; the reports into r. */
static int read_bytes(struct prefs *p, const char *text, size_t len, struct reports *r)
{
    FILE *f = fmemopen((void *)text, len, "r");
    int bad;

    memset(r, 0, sizeof *r);
    bad = prefs_read(p, f, "cfg", collect, r);
    fclose(f);
    return bad;
}

static int read_text(struct prefs *p, const char *text, struct reports *r)
{
    return read_bytes(p, text, strlen(text), r);
}

static bool has_key(const struct prefs *p, enum prefs_action a, const char *name)
{
    int key;

    return prefs_key_parse(name, &key) && prefs_key_action(p, key) == (int)a;
}

/* Whether the key called name runs a, in a's scope. */
static bool has_scope_key(const struct prefs *p, enum prefs_action a, const char *name)
{
    int key;

    return prefs_key_parse(name, &key)
           && prefs_scope_key_action(p, prefs_action_scope(a), key) == (int)a;
}

static void test_defaults(void)
{
    struct prefs p;

    prefs_defaults(&p, false);
    tap_ok(p.theme == PREFS_THEME_DEFAULT && p.charset == PREFS_CHARSET_AUTO && p.show_timer
           && p.hint_start == PREFS_HINT_WHERE && p.watch_speed == 20, "the defaults");
    tap_ok(has_key(&p, PREFS_UNDO, "u") && has_key(&p, PREFS_REDO, "C-r")
           && has_key(&p, PREFS_LEFT, "h") && has_key(&p, PREFS_LEFT, "Left")
           && has_key(&p, PREFS_ERASE, "Backspace") && has_key(&p, PREFS_PAUSE, "Space"),
           "the default keys");
    tap_ok(has_scope_key(&p, PREFS_PICKER_UP, "k") && has_scope_key(&p, PREFS_PICKER_OPEN, "l")
           && has_scope_key(&p, PREFS_PICKER_DELETE, "d") && has_scope_key(&p, PREFS_PICKER_DELETE, "Del")
           && has_scope_key(&p, PREFS_PICKER_PASTE, "p") && has_scope_key(&p, PREFS_PICKER_QUIT, "q"),
           "the picker's default keys");
    tap_ok(has_scope_key(&p, PREFS_WATCH_PAUSE, "Space") && has_scope_key(&p, PREFS_WATCH_FASTER, "+")
           && has_scope_key(&p, PREFS_WATCH_FASTER, "=") && has_scope_key(&p, PREFS_WATCH_STEP, ".")
           && has_scope_key(&p, PREFS_WATCH_KEEP, "k") && has_scope_key(&p, PREFS_WATCH_QUIT, "q"),
           "the solver animation's default keys");
    tap_ok(has_scope_key(&p, PREFS_DIALOG_YES, "y") && has_scope_key(&p, PREFS_DIALOG_NO, "n")
           && has_scope_key(&p, PREFS_DIALOG_CANCEL, "q") && has_scope_key(&p, PREFS_DIALOG_DOWN, "Tab")
           && has_scope_key(&p, PREFS_DIALOG_NEXT, "Space"), "the dialogs' default keys");
    tap_ok(prefs_action_scope(PREFS_QUIT) == PREFS_SCOPE_BOARD
           && prefs_action_scope(PREFS_PICKER_UP) == PREFS_SCOPE_PICKER
           && prefs_action_scope(PREFS_PICKER_QUIT) == PREFS_SCOPE_PICKER
           && prefs_action_scope(PREFS_WATCH_FASTER) == PREFS_SCOPE_WATCH
           && prefs_action_scope(PREFS_DIALOG_NEXT) == PREFS_SCOPE_DIALOG
           && strcmp(prefs_action_name(PREFS_WATCH_PAUSE), "watch.pause") == 0,
           "each action has its scope and its name");
    prefs_defaults(&p, true);
    tap_ok(p.theme == PREFS_THEME_MONO, "NO_COLOR's default is the mono theme");
}

static void test_settings(void)
{
    struct prefs p;
    struct reports r;
    int bad;

    prefs_defaults(&p, false);
    bad = read_text(&p, "# a comment\n\n  theme = high-contrast   # trailing comment\n"
                    "charset=ascii\ntimer = hidden\r\nhint-start = technique\n"
                    "watch-speed = 45\n", &r);
    tap_ok(bad == 0 && r.n == 0, "a good file has no bad line (%s)", r.text);
    tap_ok(p.theme == PREFS_THEME_HIGH_CONTRAST && p.charset == PREFS_CHARSET_ASCII && !p.show_timer
           && p.hint_start == 2, "theme, charset, timer and hint-start apply");
    tap_ok(p.watch_speed == 50, "watch-speed is the nearest speed the watch has (%ld)", p.watch_speed);
    read_text(&p, "watch-speed = full\nhint-start = 4\ntheme = ColorBlind\n", &r);
    tap_ok(p.watch_speed == 0 && p.hint_start == 4 && p.theme == PREFS_THEME_COLORBLIND,
           "full speed, a rung by number, names in any case");
}

static void test_bad_lines(void)
{
    struct prefs p;
    struct reports r;
    int bad;

    prefs_defaults(&p, false);
    bad = read_text(&p, "theme = dark\nhint-start = 7\ntimer = shown\nno equals sign\n"
                    "colour = red\nkey.undo = Esc\nkey.frobnicate = z\nkey.hint = F13\n"
                    "watch-speed = 0\n = x\nkey.redo = 5\ncharset = ascii\n", &r);
    tap_ok(bad == 10, "ten bad lines are counted (%d)", bad);
    tap_ok(strstr(r.text, "cfg:1: unknown theme 'dark': expected default, high-contrast, "
                  "colorblind or mono\n") != NULL, "a bad theme: file, line and what was expected");
    tap_ok(strstr(r.text, "cfg:2: hint-start '7': expected where,") != NULL, "a bad rung");
    tap_ok(strstr(r.text, "cfg:4: expected 'setting = value'\n") != NULL, "a line without '='");
    tap_ok(strstr(r.text, "cfg:5: unknown setting 'colour'") != NULL, "an unknown setting");
    tap_ok(strstr(r.text, "cfg:6: key 'Esc' cannot be bound") != NULL
           || strstr(r.text, "cfg:6: unknown key 'Esc'") != NULL, "Esc cannot be bound");
    tap_ok(strstr(r.text, "cfg:7: unknown action 'key.frobnicate'") != NULL, "an unknown action");
    tap_ok(strstr(r.text, "cfg:8: unknown key 'F13'") != NULL, "an unknown key name");
    tap_ok(strstr(r.text, "cfg:9: watch-speed '0'") != NULL, "a speed out of range");
    tap_ok(strstr(r.text, "cfg:10: expected a setting's name") != NULL, "no name");
    tap_ok(strstr(r.text, "cfg:11: key '5' cannot be bound: digits") != NULL, "digits stay digits");
    tap_ok(p.theme == PREFS_THEME_DEFAULT && p.hint_start == 1 && p.charset == PREFS_CHARSET_ASCII,
           "bad lines change nothing, and the good lines after them still apply");
    tap_ok(has_key(&p, PREFS_UNDO, "u") && has_key(&p, PREFS_REDO, "r"),
           "a bad key line leaves the keys as they were");
    bad = read_text(&p, "theme = mono\n\xff\xfe = 1\n", &r);
    tap_ok(bad == 1 && strstr(r.text, "cfg:2: expected UTF-8 text") != NULL
           && p.theme == PREFS_THEME_MONO, "bytes that are not UTF-8 are a bad line");
}

/* What a config that is a device or an endless stream (/dev/zero, a line without end)
 * costs: a NUL byte ends the reading, and so does the first byte past 1 MiB; a long line
 * is skipped in a fixed buffer (reading them with getline took 1.9 GB in 5 s of /dev/zero). */
static void test_bounded_reading(void)
{
    size_t big = (1u << 20) + 4096;
    char *text = xmalloc(big);
    struct prefs p;
    struct reports r;
    int bad;

    prefs_defaults(&p, false);
    memset(text, 0, big);
    bad = read_bytes(&p, text, big, &r);
    tap_ok(bad == 1 && strcmp(r.text, "cfg:1: binary data (a NUL byte): expected a text file\n") == 0,
           "NUL bytes (/dev/zero): one message, and the reading stops (%d: %s)", bad, r.text);
    static const char nul_inside[] = "theme = mono\ncharset = ascii\0\ntimer = off\n";
    bad = read_bytes(&p, nul_inside, sizeof nul_inside - 1, &r);
    tap_ok(bad == 1 && strstr(r.text, "cfg:2: binary data") != NULL && p.theme == PREFS_THEME_MONO
           && p.show_timer, "a NUL byte ends the reading after the lines before it (%s)", r.text);
    memset(text, 'a', big);
    bad = read_bytes(&p, text, big, &r);
    tap_ok(bad == 1 && strcmp(r.text, "cfg:1: expected a config file of at most 1 MiB; "
                              "the rest is not read\n") == 0,
           "a line without end stops at 1 MiB (%d: %s)", bad, r.text);
    memcpy(text, "theme = mono", 12);
    text[4500] = '\n';
    memcpy(text + 4501, "timer = off\n", 12);
    bad = read_bytes(&p, text, 4513, &r);
    tap_ok(bad == 1 && strcmp(r.text, "cfg:1: expected a line shorter than 4000 bytes\n") == 0
           && !p.show_timer, "a long line is reported and skipped, the next one read (%s)", r.text);
    prefs_defaults(&p, false);
    memcpy(text, "theme = mono # ", 15);
    bad = read_bytes(&p, text, 4513, &r);
    tap_ok(bad == 0 && p.theme == PREFS_THEME_MONO && !p.show_timer,
           "a long comment is no long line (%d: %s)", bad, r.text);
    free(text);
}

static void test_keys(void)
{
    struct prefs p;
    struct reports r;
    int bad;

    prefs_defaults(&p, false);
    bad = read_text(&p, "key.undo = z Backspace\nkey.hint = C-h F1 Hash\nkey.check = none\n", &r);
    tap_ok(bad == 0, "remaps read (%s)", r.text);
    tap_ok(has_key(&p, PREFS_UNDO, "z") && has_key(&p, PREFS_UNDO, "Backspace")
           && !has_key(&p, PREFS_UNDO, "u"), "key.undo replaces undo's keys");
    tap_ok(!has_key(&p, PREFS_ERASE, "Backspace") && has_key(&p, PREFS_ERASE, "Del"),
           "a key taken by another action leaves the one it had");
    tap_ok(has_key(&p, PREFS_HINT, "^H") && has_key(&p, PREFS_HINT, "f1")
           && has_key(&p, PREFS_HINT, "Hash"), "Ctrl, function keys and # by name");
    tap_ok(p.nkeys[PREFS_CHECK] == 0, "none leaves an action without keys");

    read_text(&p, "keys = vi\n", &r);
    tap_ok(strcmp(p.keys_preset, "vi") == 0 && has_key(&p, PREFS_ERASE, "x")
           && has_key(&p, PREFS_ROW_START, "0") && has_key(&p, PREFS_ROW_END, "$")
           && has_key(&p, PREFS_CLEAR, "d") && has_key(&p, PREFS_UNDO, "u")
           && !has_key(&p, PREFS_REDO, "r") && has_key(&p, PREFS_REDO, "C-r"),
           "the vi preset: x erases, 0 and $ to the row's ends, Ctrl-R redoes");
    read_text(&p, "keys = arrows\n", &r);
    tap_ok(prefs_key_action(&p, 'h') < 0 && prefs_key_action(&p, 'l') < 0
           && has_key(&p, PREFS_LEFT, "Left") && has_key(&p, PREFS_PENCIL, "Ins")
           && has_key(&p, PREFS_HELP, "F1"), "the arrows preset: no letter moves, Ins pencils, F1 helps");
    bad = read_text(&p, "keys = emacs\n", &r);
    tap_ok(bad == 1 && strstr(r.text, "expected default, vi or arrows") != NULL, "an unknown preset");
    /* "C-" and "Ctrl-" end where their letter should be: the name is read no further (the
     * sanitizers saw a read past it once key lists were taken whole). */
    {
        int key;
        char *c_dash = xstrdup("C-"), *ctrl_dash = xstrdup("Ctrl-");

        tap_ok(!prefs_key_parse(c_dash, &key) && !prefs_key_parse(ctrl_dash, &key),
               "C- and Ctrl- without a letter are no key");
        free(c_dash);
        free(ctrl_dash);
    }
}

/* Only a key quits the player: a line leaving the board's or the picker's quit without
 * one (none, or its last key taken by another action) is refused at its line, and the
 * keys stay as they were; quit may still move to another key. */
static void test_quit_keeps_a_key(void)
{
    struct prefs p;
    struct reports r;
    int bad;

    prefs_defaults(&p, false);
    bad = read_text(&p, "theme = mono\nkey.quit = none\nkey.picker.quit = NONE\nkey.undo = q\n", &r);
    tap_ok(bad == 3 && strstr(r.text, "cfg:2: key.quit would be left without a key: the player "
                              "needs a key to quit (bind key.quit to another key first)\n") != NULL
           && strstr(r.text, "cfg:3: key.picker.quit would be left without a key") != NULL
           && strstr(r.text, "cfg:4: key.quit would be left without a key") != NULL,
           "key.quit = none, key.picker.quit = none and taking quit's last key: refused at "
           "FILE:LINE (%s)", r.text);
    tap_ok(has_key(&p, PREFS_QUIT, "q") && has_key(&p, PREFS_UNDO, "u")
           && has_scope_key(&p, PREFS_PICKER_QUIT, "q"), "and change no key");
    bad = read_text(&p, "key.quit = x\nkey.undo = q\nkey.picker.quit = C-q\n", &r);
    tap_ok(bad == 0 && has_key(&p, PREFS_QUIT, "x") && has_key(&p, PREFS_UNDO, "q")
           && has_scope_key(&p, PREFS_PICKER_QUIT, "C-q"),
           "quit moved to another key first leaves q free (%s)", r.text);
}

/* The picker's, the solver animation's and the dialogs' keys: a scope of their own each,
 * fixed keys refused with file and line, presets. */
static void test_scope_keys(void)
{
    struct prefs p;
    struct reports r;
    int bad;

    prefs_defaults(&p, false);
    bad = read_text(&p, "key.picker.open = u Right\nkey.watch.pause = p\nkey.dialog.yes = o\n"
                    "key.picker.paste = n\nkey.watch.quit = x 5 Q\n", &r);
    tap_ok(bad == 0, "scoped keys read (%s)", r.text);
    tap_ok(has_scope_key(&p, PREFS_PICKER_OPEN, "u") && has_scope_key(&p, PREFS_PICKER_OPEN, "Right")
           && !has_scope_key(&p, PREFS_PICKER_OPEN, "l"), "key.picker.open replaces the picker's open keys");
    tap_ok(has_key(&p, PREFS_UNDO, "u") && has_key(&p, PREFS_PENCIL, "p") && has_key(&p, PREFS_NEWGAME, "n"),
           "the board keeps its keys: scopes are independent");
    tap_ok(has_scope_key(&p, PREFS_PICKER_PASTE, "n") && p.nkeys[PREFS_PICKER_NEWGAME] == 0,
           "a key given twice in one scope moves (n from new-game to paste)");
    tap_ok(has_scope_key(&p, PREFS_WATCH_PAUSE, "p") && !has_scope_key(&p, PREFS_WATCH_PAUSE, "Space")
           && has_scope_key(&p, PREFS_DIALOG_YES, "o") && !has_scope_key(&p, PREFS_DIALOG_YES, "y"),
           "watch.pause and dialog.yes rebound");
    tap_ok(has_scope_key(&p, PREFS_WATCH_QUIT, "5") && has_scope_key(&p, PREFS_WATCH_QUIT, "Q"),
           "digits and capitals are keys outside the board");

    prefs_defaults(&p, false);
    bad = read_text(&p, "key.picker.open = Enter\nkey.picker.delete = d Up\nkey.picker.up = PgUp\n"
                    "key.watch.keep = Enter\nkey.watch.pause = Esc\nkey.dialog.yes = Y\n"
                    "key.dialog.next = Right\nkey.picker.frobnicate = z\nkey.watch.step = Foo\n"
                    "key.watch.step = ,\nkey.dialog.no = C-c\n", &r);
    tap_ok(bad == 10, "ten bad scoped lines (%d)", bad);
    tap_ok(strstr(r.text, "cfg:1: key 'Enter' cannot be bound: Enter, Esc, Up, Down, Left, PgUp, "
                  "PgDn, Home and End always work in the picker\n") != NULL,
           "Enter stays Enter in the picker: file, line and why");
    tap_ok(strstr(r.text, "cfg:2: key 'Up' cannot be bound") != NULL
           && strstr(r.text, "cfg:3: key 'PgUp' cannot be bound") != NULL,
           "the picker's arrows and PgUp stay theirs");
    tap_ok(strstr(r.text, "cfg:4: key 'Enter' cannot be bound: Enter always keeps the solver's solution\n")
           != NULL, "Enter stays in the watch");
    tap_ok(strstr(r.text, "cfg:5: key 'Esc' cannot be bound") != NULL, "Esc cannot be bound in the watch");
    tap_ok(strstr(r.text, "cfg:6: key 'Y' cannot be bound: a capital letter answers a dialog") != NULL,
           "capitals answer dialogs as small letters");
    tap_ok(strstr(r.text, "cfg:7: key 'Right' cannot be bound: Enter, Esc and the arrows always work "
                  "in dialogs\n") != NULL, "the dialogs' arrows stay");
    tap_ok(strstr(r.text, "cfg:8: unknown action 'key.picker.frobnicate': expected key.undo, "
                  "key.picker.open") != NULL, "an unknown picker action");
    tap_ok(strstr(r.text, "cfg:9: unknown key 'Foo'") != NULL, "an unknown key name");
    tap_ok(strstr(r.text, "cfg:11: key 'C-c' cannot be bound: the terminal keeps") != NULL,
           "Ctrl-C stays the terminal's");
    tap_ok(has_scope_key(&p, PREFS_PICKER_OPEN, "l") && has_scope_key(&p, PREFS_PICKER_DELETE, "d")
           && has_scope_key(&p, PREFS_WATCH_PAUSE, "Space") && has_scope_key(&p, PREFS_DIALOG_YES, "y"),
           "bad lines leave the keys as they were");
    tap_ok(has_scope_key(&p, PREFS_WATCH_STEP, ",") && !has_scope_key(&p, PREFS_WATCH_STEP, "."),
           "and the good line after them applies");
    tap_ok(has_key(&p, PREFS_RIGHT, "Right") && has_key(&p, PREFS_UP, "Up"),
           "the board's arrows are the board's to bind");

    read_text(&p, "keys = arrows\n", &r);
    tap_ok(p.nkeys[PREFS_PICKER_UP] == 0 && p.nkeys[PREFS_PICKER_OPEN] == 0
           && p.nkeys[PREFS_PICKER_BACK] == 0 && has_scope_key(&p, PREFS_PICKER_HELP, "F1")
           && has_scope_key(&p, PREFS_PICKER_NEWGAME, "n"),
           "keys = arrows: no letter moves, opens or goes back in the picker; F1 helps");
    tap_ok(has_scope_key(&p, PREFS_WATCH_FASTER, "Up") && has_scope_key(&p, PREFS_WATCH_SLOWER, "Down")
           && has_scope_key(&p, PREFS_WATCH_STEP, "Right") && has_scope_key(&p, PREFS_WATCH_HELP, "F1")
           && has_scope_key(&p, PREFS_WATCH_FASTER, "+"),
           "keys = arrows: the solver's speed on Up and Down, a step on Right");
    tap_ok(p.nkeys[PREFS_DIALOG_UP] == 0 && has_scope_key(&p, PREFS_DIALOG_DOWN, "Tab")
           && has_scope_key(&p, PREFS_DIALOG_NEXT, "Space") && !has_scope_key(&p, PREFS_DIALOG_NEXT, "l"),
           "keys = arrows: the New game form by the arrows, Tab and Space");
    read_text(&p, "keys = vi\n", &r);
    tap_ok(has_scope_key(&p, PREFS_PICKER_UP, "k") && has_scope_key(&p, PREFS_PICKER_DOWN, "j")
           && has_scope_key(&p, PREFS_PICKER_OPEN, "l") && has_scope_key(&p, PREFS_PICKER_BACK, "h")
           && has_scope_key(&p, PREFS_WATCH_PAUSE, "Space") && has_scope_key(&p, PREFS_DIALOG_UP, "k"),
           "keys = vi: the picker and dialogs move by j k h l, as by default");
}

/* Settings printed, read back over the defaults, print the same. */
static void test_round_trip(void)
{
    struct prefs p, q;
    struct reports r;
    char *out = NULL, *again = NULL;
    size_t len = 0, len2 = 0;
    FILE *f;
    int bad;

    prefs_defaults(&p, false);
    read_text(&p, "keys = vi\ntheme = colorblind\ncharset = ascii\ntimer = no\n"
              "hint-start = pattern\nwatch-speed = full\nkey.undo = z \xea\xb0\x80\n"
              "key.hint = C-t Hash Space\nkey.check = none\nkey.picker.open = u Right\n"
              "key.picker.paste = none\nkey.watch.pause = p\nkey.watch.faster = = +\n"
              "key.dialog.cancel = x\nkey.dialog.yes = \xea\xb0\x80\n", &r);
    f = open_memstream(&out, &len);
    prefs_write(f, &p);
    fclose(f);
    prefs_defaults(&q, false);
    bad = read_text(&q, out, &r);
    tap_ok(bad == 0, "printed settings read without a bad line (%s)", r.text);
    tap_ok(memcmp(&p, &q, sizeof p) == 0, "and give the same settings");
    f = open_memstream(&again, &len2);
    prefs_write(f, &q);
    fclose(f);
    tap_ok(len == len2 && strcmp(out, again) == 0, "which print the same");
    tap_ok(strstr(out, "\nkey.picker.open = u Right\n") != NULL && strstr(out, "\nkey.picker.paste = none\n")
           && strstr(out, "\nkey.watch.pause = p\n") && strstr(out, "\nkey.watch.faster = = +\n")
           && strstr(out, "\nkey.dialog.yes = \xea\xb0\x80\n") && strstr(out, "\nkey.dialog.cancel = x\n"),
           "the picker's, watch's and dialogs' keys are printed");
    free(out);
    free(again);
}

/* --print-config's comments name the keys as bound. */
static void test_comment_keys(void)
{
    struct prefs p;
    struct reports r;
    char *out = NULL;
    size_t len = 0;
    FILE *f;

    prefs_defaults(&p, false);
    read_text(&p, "key.timer = C-t\n", &r);
    f = open_memstream(&out, &len);
    prefs_write(f, &p);
    fclose(f);
    tap_ok(strstr(out, "(Ctrl-T shows or hides it while playing)") != NULL && strstr(out, "(t shows") == NULL,
           "the timer's comment names its key as bound");
    free(out);
    out = NULL;
    read_text(&p, "key.timer = none\n", &r);
    f = open_memstream(&out, &len);
    prefs_write(f, &p);
    fclose(f);
    tap_ok(strstr(out, "# The play clock: shown or hidden\n") != NULL, "and none without a key");
    free(out);
}

static void test_paths(void)
{
    char *path;

    setenv("XDG_CONFIG_HOME", "/x/conf", 1);
    setenv("HOME", "/home/u", 1);
    path = prefs_default_path();
    tap_ok(path != NULL && strcmp(path, "/x/conf/kakudo/config") == 0, "$XDG_CONFIG_HOME/kakudo/config");
    free(path);
    setenv("XDG_CONFIG_HOME", "relative", 1);
    path = prefs_default_path();
    tap_ok(path != NULL && strcmp(path, "/home/u/.config/kakudo/config") == 0,
           "a relative XDG_CONFIG_HOME is ignored: ~/.config/kakudo/config");
    free(path);
    unsetenv("XDG_CONFIG_HOME");
    path = prefs_default_path();
    tap_ok(path != NULL && strcmp(path, "/home/u/.config/kakudo/config") == 0, "without it, ~/.config");
    free(path);
}

/* The file at path, whole (NULL when it cannot be read); caller frees. */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *text = xcalloc(1, 4096);

    if (f == NULL) {
        free(text);
        return NULL;
    }
    if (fread(text, 1, 4095, f) == 0)
        text[0] = '\0';
    fclose(f);
    return text;
}

static void put(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "wb");

    if (f == NULL || fwrite(text, 1, len, f) != len || fclose(f) != 0)
        fatal("cannot write %s", path);
}

/* prefs_keep: the one setting's line changed or added, the rest as it was; a missing file
 * and its directory made; a link, a pipe or a device, and a file that is no text left alone. */
static void test_keep(void)
{
    char dir[64], *path, *link, *text = NULL, err[600];
    const char *mine = "# mine\n  Timer = shown   # was\ntheme = mono\ntimer = shown\nkeys = vi";
    struct stat st;

    tu_make_tmpdir(dir, sizeof dir, "/tmp/kakudo-test-prefs.XXXXXX");
    path = xasprintf("%s/a/b/config", dir);
    tap_ok(prefs_keep(path, "timer", "hidden", err, sizeof err) && (text = slurp(path)) != NULL
           && strcmp(text, "timer = hidden\n") == 0, "a missing config is made, with its directories");
    free(text);
    text = NULL;
    put(path, mine, strlen(mine));
    tap_ok(prefs_keep(path, "timer", "hidden", err, sizeof err) && (text = slurp(path)) != NULL
           && strcmp(text, "# mine\ntimer = hidden\ntheme = mono\nkeys = vi\n") == 0,
           "the setting's lines become one, where the first was; the others stay (%s)", err);
    free(text);
    text = NULL;
    tap_ok(prefs_keep(path, "watch-speed", "full", err, sizeof err) && (text = slurp(path)) != NULL
           && strcmp(text, "# mine\ntimer = hidden\ntheme = mono\nkeys = vi\nwatch-speed = full\n") == 0,
           "a setting the file lacks is added at its end");
    free(text);
    text = NULL;
    link = xasprintf("%s/link", dir);
    tap_ok(symlink(path, link) == 0 && !prefs_keep(link, "timer", "shown", err, sizeof err)
           && strstr(err, "link: a symbolic link, which kakudo does not write through") != NULL
           && lstat(link, &st) == 0 && S_ISLNK(st.st_mode) && (text = slurp(path)) != NULL
           && strstr(text, "timer = shown\n") == NULL, "a link is not written through: link and file stay (%s)", err);
    free(text);
    text = NULL;
    free(link);
    /* As --config=/dev/null: a rename over it would replace the device.  A pipe stands
     * for it here; the alarm ends the test should the pipe be opened and waited on. */
    link = xasprintf("%s/pipe", dir);
    alarm(60);
    tap_ok(mkfifo(link, 0600) == 0 && !prefs_keep(link, "timer", "shown", err, sizeof err)
           && strstr(err, "pipe: not a regular file: left as it is") != NULL
           && lstat(link, &st) == 0 && S_ISFIFO(st.st_mode), "a file that is not a regular one is left as it is (%s)", err);
    alarm(0);
    put(path, "timer = shown\n\0junk", 19);
    tap_ok(!prefs_keep(path, "timer", "hidden", err, sizeof err) && strstr(err, "config: binary data (a NUL byte): left as it is") != NULL
           && stat(path, &st) == 0 && st.st_size == 19, "a file with a NUL byte is left as it was (%s)", err);
    free(link);
    free(path);
    tu_remove_tree(dir);
}

int main(void)
{
    test_defaults();
    test_settings();
    test_bad_lines();
    test_bounded_reading();
    test_keys();
    test_scope_keys();
    test_quit_keeps_a_key();
    test_round_trip();
    test_comment_keys();
    test_paths();
    test_keep();
    return tap_done();
}
