/* prefs.c: the player's preferences: defaults, key presets, the config file's key = value lines. */
#include "config.h"
#include "prefs.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "i18n.h"
#include "util.h"
#include "watch.h"

#define DEFAULT_WATCH_SPEED 20

static const char *const theme_names[PREFS_NTHEMES] = {
    [PREFS_THEME_DEFAULT] = "default", [PREFS_THEME_HIGH_CONTRAST] = "high-contrast",
    [PREFS_THEME_COLORBLIND] = "colorblind", [PREFS_THEME_MONO] = "mono",
};

static const char *const charset_names[PREFS_NCHARSETS] = {
    [PREFS_CHARSET_AUTO] = "auto", [PREFS_CHARSET_UNICODE] = "unicode",
    [PREFS_CHARSET_CONSOLE] = "console", [PREFS_CHARSET_ASCII] = "ascii",
};

static const char *const action_names[PREFS_NACTIONS] = {
    [PREFS_LEFT] = "left", [PREFS_DOWN] = "down", [PREFS_UP] = "up", [PREFS_RIGHT] = "right",
    [PREFS_ROW_START] = "row-start", [PREFS_ROW_END] = "row-end",
    [PREFS_COLUMN_TOP] = "column-top", [PREFS_COLUMN_BOTTOM] = "column-bottom",
    [PREFS_ERASE] = "erase", [PREFS_PENCIL] = "pencil", [PREFS_MARK] = "mark",
    [PREFS_FILL] = "fill-marks", [PREFS_CLEAR] = "clear-marks", [PREFS_UNDO] = "undo",
    [PREFS_REDO] = "redo", [PREFS_RESTART] = "restart", [PREFS_CONFLICTS] = "conflicts", [PREFS_CHECK] = "check",
    [PREFS_HINT] = "hint", [PREFS_COPY_PUZZLE] = "copy-puzzle",
    [PREFS_COPY_POSITION] = "copy-position", [PREFS_TIMER] = "timer", [PREFS_WATCH] = "watch",
    [PREFS_NEWGAME] = "new-game", [PREFS_PAUSE] = "pause", [PREFS_HELP] = "help",
    [PREFS_COMMAND] = "command", [PREFS_QUIT] = "quit",
    [PREFS_PICKER_UP] = "picker.up", [PREFS_PICKER_DOWN] = "picker.down",
    [PREFS_PICKER_OPEN] = "picker.open", [PREFS_PICKER_BACK] = "picker.back",
    [PREFS_PICKER_OPEN_FILE] = "picker.open-file", [PREFS_PICKER_PASTE] = "picker.paste",
    [PREFS_PICKER_NEWGAME] = "picker.new-game", [PREFS_PICKER_DELETE] = "picker.delete",
    [PREFS_PICKER_HELP] = "picker.help", [PREFS_PICKER_QUIT] = "picker.quit",
    [PREFS_WATCH_FASTER] = "watch.faster", [PREFS_WATCH_SLOWER] = "watch.slower",
    [PREFS_WATCH_PAUSE] = "watch.pause", [PREFS_WATCH_STEP] = "watch.step",
    [PREFS_WATCH_STRATEGY] = "watch.strategy", [PREFS_WATCH_MARKS] = "watch.marks",
    [PREFS_WATCH_KEEP] = "watch.keep", [PREFS_WATCH_HELP] = "watch.help",
    [PREFS_WATCH_QUIT] = "watch.quit",
    [PREFS_DIALOG_YES] = "dialog.yes", [PREFS_DIALOG_NO] = "dialog.no",
    [PREFS_DIALOG_RESUME] = "dialog.resume", [PREFS_DIALOG_START_OVER] = "dialog.start-over",
    [PREFS_DIALOG_CANCEL] = "dialog.cancel", [PREFS_DIALOG_UP] = "dialog.up",
    [PREFS_DIALOG_DOWN] = "dialog.down", [PREFS_DIALOG_PREVIOUS] = "dialog.previous",
    [PREFS_DIALOG_NEXT] = "dialog.next",
};

/* Each scope's first action; its actions run up to the next scope's first. */
static const enum prefs_action scope_first[PREFS_NSCOPES + 1] = {
    PREFS_LEFT, PREFS_PICKER_UP, PREFS_WATCH_FASTER, PREFS_DIALOG_YES, PREFS_NACTIONS
};

static const char *const rung_names[] = { NULL, "where", "technique", "pattern", "conclusion" };

/* Named keys, the name printed first among a key's spellings. */
static const struct { const char *name; int key; } key_names[] = {
    { "Space", ' ' }, { "Tab", '\t' }, { "Enter", '\r' }, { "Return", '\r' }, { "Hash", '#' },
    { "Up", PREFS_KEY_UP }, { "Down", PREFS_KEY_DOWN }, { "Left", PREFS_KEY_LEFT },
    { "Right", PREFS_KEY_RIGHT }, { "Home", PREFS_KEY_HOME }, { "End", PREFS_KEY_END },
    { "PgUp", PREFS_KEY_PGUP }, { "PageUp", PREFS_KEY_PGUP }, { "PgDn", PREFS_KEY_PGDN },
    { "PageDown", PREFS_KEY_PGDN }, { "Backspace", PREFS_KEY_BACKSPACE },
    { "BS", PREFS_KEY_BACKSPACE }, { "Del", PREFS_KEY_DELETE }, { "Delete", PREFS_KEY_DELETE },
    { "Ins", PREFS_KEY_INSERT }, { "Insert", PREFS_KEY_INSERT },
    /* Never bound, but named, so that a line binding it says why not. */
    { "Esc", PREFS_KEY_ESC }, { "Escape", PREFS_KEY_ESC },
};
#define NKEY_NAMES (sizeof key_names / sizeof key_names[0])

const char *prefs_theme_name(enum prefs_theme t)
{
    return t >= 0 && t < PREFS_NTHEMES ? theme_names[t] : "default";
}

bool prefs_theme_by_name(const char *name, int *theme)
{
    for (int i = 0; i < PREFS_NTHEMES; i++)
        if (strcasecmp(name, theme_names[i]) == 0) {
            *theme = i;
            return true;
        }
    return false;
}

bool prefs_charset_by_name(const char *name, int *charset)
{
    for (int i = 0; i < PREFS_NCHARSETS; i++)
        if (strcasecmp(name, charset_names[i]) == 0) {
            *charset = i;
            return true;
        }
    return false;
}

const char *prefs_action_name(enum prefs_action a)
{
    return a >= 0 && a < PREFS_NACTIONS ? action_names[a] : "?";
}

enum prefs_scope prefs_action_scope(enum prefs_action a)
{
    int s = PREFS_SCOPE_BOARD;

    while (s + 1 < PREFS_NSCOPES && a >= scope_first[s + 1])
        s++;
    return (enum prefs_scope)s;
}

/* --- Keys --- */

static bool is_arrow(int key)
{
    return key == PREFS_KEY_UP || key == PREFS_KEY_DOWN || key == PREFS_KEY_LEFT
           || key == PREFS_KEY_RIGHT;
}

/* The keys of a scope that cannot be bound, why, or NULL.  So that no binding can lock
 * anyone out, Enter, Esc and the keys that move in a list keep their work on every
 * screen but the board, which binds its own arrows. */
static const char *scope_fixed(enum prefs_scope scope, int key)
{
    switch (scope) {
    case PREFS_SCOPE_BOARD:
        if (key >= '1' && key <= '9')
            return _("digits 1-9 enter digits");
        if (key >= 'A' && key <= 'Z')
            return _("capital letters enter symbols");
        break;
    case PREFS_SCOPE_PICKER:
        if (key == '\r' || (is_arrow(key) && key != PREFS_KEY_RIGHT) || key == PREFS_KEY_PGUP
            || key == PREFS_KEY_PGDN || key == PREFS_KEY_HOME || key == PREFS_KEY_END)
            return _("Enter, Esc, Up, Down, Left, PgUp, PgDn, Home and End always work in the picker");
        break;
    case PREFS_SCOPE_WATCH:
        if (key == '\r')
            return _("Enter always keeps the solver's solution");
        break;
    case PREFS_SCOPE_DIALOG:
        if (key == '\r' || is_arrow(key))
            return _("Enter, Esc and the arrows always work in dialogs");
        if (key >= 'A' && key <= 'Z')
            return _("a capital letter answers a dialog as its small letter does");
        break;
    case PREFS_NSCOPES:
        break;
    }
    return NULL;
}

/* Keys that cannot be bound in scope: Escape cancels and is also Alt, the terminal keeps
 * Ctrl-C, Ctrl-Z and Ctrl-\ for its signals, and each scope has its own (scope_fixed). */
static const char *unbindable(enum prefs_scope scope, int key)
{
    if (key == PREFS_KEY_ESC)
        return _("Esc cancels and starts Alt keys");
    if (key == 3 || key == 26 || key == 28)
        return _("the terminal keeps Ctrl-C, Ctrl-Z and Ctrl-\\ for its signals");
    return scope_fixed(scope, key);
}

/* The code point of the well-formed UTF-8 character of n bytes at s. */
static uint32_t decode_utf8(const uint8_t *s, int n)
{
    uint32_t c = n == 1 ? s[0] : s[0] & (0x7Fu >> n);

    for (int i = 1; i < n; i++)
        c = c << 6 | (s[i] & 0x3Fu);
    return c;
}

/* Writes code point c as UTF-8 into buf (at least 5 bytes), NUL-ended. */
static void encode_utf8(uint32_t c, char *buf)
{
    if (c < 0x80) {
        buf[0] = (char)c;
        buf[1] = '\0';
    } else if (c < 0x800) {
        buf[0] = (char)(0xC0 | c >> 6);
        buf[1] = (char)(0x80 | (c & 0x3F));
        buf[2] = '\0';
    } else if (c < 0x10000) {
        buf[0] = (char)(0xE0 | c >> 12);
        buf[1] = (char)(0x80 | (c >> 6 & 0x3F));
        buf[2] = (char)(0x80 | (c & 0x3F));
        buf[3] = '\0';
    } else {
        buf[0] = (char)(0xF0 | c >> 18);
        buf[1] = (char)(0x80 | (c >> 12 & 0x3F));
        buf[2] = (char)(0x80 | (c >> 6 & 0x3F));
        buf[3] = (char)(0x80 | (c & 0x3F));
        buf[4] = '\0';
    }
}

bool prefs_key_parse(const char *name, int *key)
{
    size_t len = strlen(name);
    uint32_t uc;
    int n;

    for (size_t i = 0; i < NKEY_NAMES; i++)
        if (strcasecmp(name, key_names[i].name) == 0) {
            *key = key_names[i].key;
            return true;
        }
    if ((len == 2 || len == 3) && (name[0] == 'F' || name[0] == 'f') && name[1] >= '1'
        && name[1] <= '9') {
        int f = atoi(name + 1);
        if (f >= 1 && f <= 12 && (len == 2 || (name[2] >= '0' && name[2] <= '9'))) {
            *key = PREFS_KEY_F1 + f - 1;
            return true;
        }
    }
    /* Ctrl-X, C-x, ^X: a control letter. */
    {
        const char *rest = strncasecmp(name, "Ctrl-", 5) == 0 ? name + 5
                           : strncasecmp(name, "C-", 2) == 0 ? name + 2
                           : name[0] == '^' && len == 2 ? name + 1 : NULL;
        if (rest != NULL) {
            int c = rest[0];
            /* c first: "C-" alone ends at rest[0], and rest[1] is past the name. */
            if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) || rest[1] != '\0')
                return false;
            *key = c & 0x1f;
            return true;
        }
    }
    /* One printable character, in UTF-8 (the core's own check: the command-line program
     * links no text library). */
    n = len > 0 ? util_utf8_len((const uint8_t *)name, len) : -1;
    if (n <= 0 || (size_t)n != len)
        return false;
    uc = decode_utf8((const uint8_t *)name, n);
    if (uc <= ' ' || uc == 127 || (uc >= 0x80 && uc < 0xA0))
        return false;
    *key = (int)uc;
    return true;
}

static const char *named_key(int key)
{
    for (size_t i = 0; i < NKEY_NAMES; i++)
        if (key_names[i].key == key)
            return key_names[i].name;
    return NULL;
}

const char *prefs_key_name(int key, char *buf, size_t size)
{
    const char *name = named_key(key);

    if (name != NULL)
        snprintf(buf, size, "%s", name);
    else if (key >= PREFS_KEY_F1 && key <= PREFS_KEY_F12)
        snprintf(buf, size, "F%d", key - PREFS_KEY_F1 + 1);
    else if (key >= 1 && key <= 26)
        snprintf(buf, size, "C-%c", 'a' + key - 1);
    else if (key > ' ' && key < 0x110000) {
        char u[8];
        encode_utf8((uint32_t)key, u);
        snprintf(buf, size, "%s", u);
    } else
        snprintf(buf, size, "?");
    return buf;
}

const char *prefs_key_label(int key, char *buf, size_t size)
{
    if (key >= 1 && key <= 26 && key != '\t' && key != '\r')
        snprintf(buf, size, "Ctrl-%c", 'A' + key - 1);
    else if (key == '#')
        snprintf(buf, size, "#");
    else
        prefs_key_name(key, buf, size);
    return buf;
}

int prefs_scope_key_action(const struct prefs *p, enum prefs_scope s, int key)
{
    if (s < 0 || s >= PREFS_NSCOPES)
        return -1;
    for (int a = scope_first[s]; a < (int)scope_first[s + 1]; a++)
        for (int i = 0; i < p->nkeys[a]; i++)
            if (p->keys[a][i] == key)
                return a;
    return -1;
}

int prefs_key_action(const struct prefs *p, int key)
{
    return prefs_scope_key_action(p, PREFS_SCOPE_BOARD, key);
}

/* Makes keys[0..n) the keys of a, the unused places zero (so that equal settings compare
 * equal byte for byte). */
static void set_action_keys(struct prefs *p, int a, const int *keys, int n)
{
    memmove(p->keys[a], keys, (size_t)n * sizeof keys[0]);
    memset(p->keys[a] + n, 0, (size_t)(PREFS_KEYS_MAX - n) * sizeof keys[0]);
    p->nkeys[a] = n;
}

/* Takes key away from every other action of a's scope (other scopes keep theirs). */
static void unbind_elsewhere(struct prefs *p, int key, int a)
{
    enum prefs_scope s = prefs_action_scope((enum prefs_action)a);

    for (int b = scope_first[s]; b < (int)scope_first[s + 1]; b++) {
        int kept[PREFS_KEYS_MAX], n = 0;

        if (b == a)
            continue;
        for (int i = 0; i < p->nkeys[b]; i++)
            if (p->keys[b][i] != key)
                kept[n++] = p->keys[b][i];
        set_action_keys(p, b, kept, n);
    }
}

/* Binds a preset's keys of a (names, spaces between) without checks: presets are ours. */
static void preset_bind(struct prefs *p, enum prefs_action a, const char *names)
{
    char buf[128], *save = NULL;
    int keys[PREFS_KEYS_MAX], n = 0;

    snprintf(buf, sizeof buf, "%s", names);
    for (char *w = strtok_r(buf, " ", &save); w != NULL; w = strtok_r(NULL, " ", &save)) {
        int key;
        if (prefs_key_parse(w, &key) && n < PREFS_KEYS_MAX)
            keys[n++] = key;
    }
    set_action_keys(p, a, keys, n);
}

static void default_keys(struct prefs *p)
{
    static const char *const keys[PREFS_NACTIONS] = {
        [PREFS_LEFT] = "h Left", [PREFS_DOWN] = "j Down", [PREFS_UP] = "k Up",
        [PREFS_RIGHT] = "l Right", [PREFS_ROW_START] = "Home", [PREFS_ROW_END] = "End",
        [PREFS_COLUMN_TOP] = "PgUp", [PREFS_COLUMN_BOTTOM] = "PgDn",
        [PREFS_ERASE] = "0 . Backspace Del", [PREFS_PENCIL] = "p", [PREFS_MARK] = "m",
        [PREFS_FILL] = "f", [PREFS_CLEAR] = "x", [PREFS_UNDO] = "u", [PREFS_REDO] = "r C-r",
        [PREFS_RESTART] = "s", [PREFS_CONFLICTS] = "e", [PREFS_CHECK] = "c", [PREFS_HINT] = "i",
        [PREFS_COPY_PUZZLE] = "y", [PREFS_COPY_POSITION] = "g", [PREFS_TIMER] = "t",
        [PREFS_WATCH] = "w", [PREFS_NEWGAME] = "n", [PREFS_PAUSE] = "Space",
        [PREFS_HELP] = "?", [PREFS_COMMAND] = ":", [PREFS_QUIT] = "q",
        /* The picker: j k l h as on the board (with Enter, Esc and the arrows). */
        [PREFS_PICKER_UP] = "k", [PREFS_PICKER_DOWN] = "j", [PREFS_PICKER_OPEN] = "l",
        [PREFS_PICKER_BACK] = "h", [PREFS_PICKER_OPEN_FILE] = "o", [PREFS_PICKER_PASTE] = "p",
        [PREFS_PICKER_NEWGAME] = "n", [PREFS_PICKER_DELETE] = "d Del", [PREFS_PICKER_HELP] = "?",
        [PREFS_PICKER_QUIT] = "q",
        [PREFS_WATCH_FASTER] = "+ =", [PREFS_WATCH_SLOWER] = "- _", [PREFS_WATCH_PAUSE] = "Space",
        [PREFS_WATCH_STEP] = ".", [PREFS_WATCH_STRATEGY] = "s", [PREFS_WATCH_MARKS] = "m",
        [PREFS_WATCH_KEEP] = "k", [PREFS_WATCH_HELP] = "?", [PREFS_WATCH_QUIT] = "q",
        [PREFS_DIALOG_YES] = "y", [PREFS_DIALOG_NO] = "n", [PREFS_DIALOG_RESUME] = "r",
        [PREFS_DIALOG_START_OVER] = "s", [PREFS_DIALOG_CANCEL] = "q", [PREFS_DIALOG_UP] = "k",
        [PREFS_DIALOG_DOWN] = "j Tab", [PREFS_DIALOG_PREVIOUS] = "h",
        [PREFS_DIALOG_NEXT] = "l Space",
    };

    for (int a = 0; a < PREFS_NACTIONS; a++)
        preset_bind(p, (enum prefs_action)a, keys[a]);
}

bool prefs_keys_preset(struct prefs *p, const char *name)
{
    if (strcmp(name, "default") != 0 && strcmp(name, "vi") != 0 && strcmp(name, "arrows") != 0)
        return false;
    default_keys(p);
    if (strcmp(name, "vi") == 0) {
        /* vi's motions and deletes: 0 ^ $ to the row's ends, x deletes, Ctrl-R redoes. */
        preset_bind(p, PREFS_ROW_START, "0 ^ Home");
        preset_bind(p, PREFS_ROW_END, "$ End");
        preset_bind(p, PREFS_ERASE, "x . Backspace Del");
        preset_bind(p, PREFS_CLEAR, "d");
        preset_bind(p, PREFS_REDO, "C-r");
    } else if (strcmp(name, "arrows") == 0) {
        /* The keys by the arrows: no letters that move, Insert for pencil mode, F1 help. */
        preset_bind(p, PREFS_LEFT, "Left");
        preset_bind(p, PREFS_DOWN, "Down");
        preset_bind(p, PREFS_UP, "Up");
        preset_bind(p, PREFS_RIGHT, "Right");
        preset_bind(p, PREFS_PENCIL, "p Insert");
        preset_bind(p, PREFS_HELP, "? F1");
        /* The picker and the New game form move, open and go back by the arrows, Enter
         * and Esc alone; the solver's speed is on Up and Down, a step on Right. */
        preset_bind(p, PREFS_PICKER_UP, "");
        preset_bind(p, PREFS_PICKER_DOWN, "");
        preset_bind(p, PREFS_PICKER_OPEN, "");
        preset_bind(p, PREFS_PICKER_BACK, "");
        preset_bind(p, PREFS_PICKER_HELP, "? F1");
        preset_bind(p, PREFS_WATCH_FASTER, "+ = Up");
        preset_bind(p, PREFS_WATCH_SLOWER, "- _ Down");
        preset_bind(p, PREFS_WATCH_STEP, ". Right");
        preset_bind(p, PREFS_WATCH_HELP, "? F1");
        preset_bind(p, PREFS_DIALOG_UP, "");
        preset_bind(p, PREFS_DIALOG_DOWN, "Tab");
        preset_bind(p, PREFS_DIALOG_PREVIOUS, "");
        preset_bind(p, PREFS_DIALOG_NEXT, "Space");
    }
    snprintf(p->keys_preset, sizeof p->keys_preset, "%s", name);
    return true;
}

void prefs_defaults(struct prefs *p, bool no_color)
{
    memset(p, 0, sizeof *p);
    p->theme = no_color ? PREFS_THEME_MONO : PREFS_THEME_DEFAULT;
    p->charset = PREFS_CHARSET_AUTO;
    p->show_timer = true;
    p->hint_start = PREFS_HINT_WHERE;
    p->watch_speed = DEFAULT_WATCH_SPEED;
    prefs_keys_preset(p, "default");
}

/* --- Settings --- */

static bool lookup(const char *const *names, int n, const char *word, int *out)
{
    for (int i = 0; i < n; i++)
        if (names[i] != NULL && strcasecmp(names[i], word) == 0) {
            *out = i;
            return true;
        }
    return false;
}

static bool parse_bool(const char *v, const char *yes, const char *no, bool *out)
{
    if (strcasecmp(v, yes) == 0 || strcasecmp(v, "yes") == 0 || strcasecmp(v, "on") == 0
        || strcasecmp(v, "true") == 0) {
        *out = true;
        return true;
    }
    if (strcasecmp(v, no) == 0 || strcasecmp(v, "no") == 0 || strcasecmp(v, "off") == 0
        || strcasecmp(v, "false") == 0) {
        *out = false;
        return true;
    }
    return false;
}

static bool set_watch_speed(struct prefs *p, const char *v)
{
    char *end;
    long n;

    if (strcasecmp(v, "full") == 0) {
        p->watch_speed = WATCH_FULL_SPEED;
        return true;
    }
    errno = 0;
    n = strtol(v, &end, 10);
    if (end == v || *end != '\0' || errno != 0 || n < 1 || n > 1000000)
        return false;
    /* The speed the watch can run at, nearest to the one asked for. */
    p->watch_speed = watch_speeds[watch_speed_index(n)];
    return true;
}

/* Whether key is among keys[0, n). */
static bool has_key(const int *keys, int n, int key)
{
    for (int i = 0; i < n; i++)
        if (keys[i] == key)
            return true;
    return false;
}

/* The keys of the list v (names between blanks) for action a, in keys (PREFS_KEYS_MAX of
 * them, each once); their count, or -1 with why.  The list is taken whole, however long
 * the line. */
static int parse_keys(int a, const char *v, int *keys, char *why, size_t size)
{
    char *list = xstrdup(v), *save = NULL;
    int n = 0;

    for (char *w = strtok_r(list, " \t", &save); w != NULL && n >= 0; w = strtok_r(NULL, " \t", &save)) {
        int key;
        const char *no;
        char shown[UTIL_QUOTE_SIZE];

        if (!prefs_key_parse(w, &key)) {
            snprintf(why, size, _("unknown key '%s': expected a character, C-x, or a key "
                                  "name such as Space, Up, PgDn, Del, F1"),
                     util_quote(w, strlen(w), shown, sizeof shown));
            n = -1;
        } else if ((no = unbindable(prefs_action_scope((enum prefs_action)a), key)) != NULL) {
            snprintf(why, size, _("key '%s' cannot be bound: %s"),
                     util_quote(w, strlen(w), shown, sizeof shown), no);
            n = -1;
        } else if (has_key(keys, n, key)) {
            continue;   /* named twice: bound once */
        } else if (n == PREFS_KEYS_MAX) {
            snprintf(why, size, _("too many keys: expected at most %d"), PREFS_KEYS_MAX);
            n = -1;
        } else {
            keys[n++] = key;
        }
    }
    free(list);
    return n;
}

/* An action of p's (the board's quit, the picker's) left without a key that only a key
 * can do: Esc leaves the animation and dialogs, but nothing but quit leaves the player.
 * -1 if none. */
static int keyless_quit(const struct prefs *p)
{
    static const enum prefs_action quits[] = { PREFS_QUIT, PREFS_PICKER_QUIT };

    for (size_t i = 0; i < sizeof quits / sizeof quits[0]; i++)
        if (p->nkeys[quits[i]] == 0)
            return quits[i];
    return -1;
}

/* key.ACTION = KEY...: the action's keys become these (taken from other actions), unless
 * that leaves a quit without a key: the line is then refused, as a bad one is. */
static bool set_keys(struct prefs *p, const char *action, const char *v, char *why, size_t size)
{
    int a, keys[PREFS_KEYS_MAX], n = 0, stuck;
    char shown[UTIL_QUOTE_SIZE];
    struct prefs was = *p;

    if (!lookup(action_names, PREFS_NACTIONS, action, &a)) {
        snprintf(why, size, _("unknown action 'key.%s': expected key.undo, key.picker.open, "
                              "key.watch.pause, key.dialog.yes... (kakudo --print-config lists "
                              "them all)"), util_quote(action, strlen(action), shown, sizeof shown));
        return false;
    }
    if (strcasecmp(v, "none") != 0 && (n = parse_keys(a, v, keys, why, size)) < 0)
        return false;
    for (int i = 0; i < n; i++)
        unbind_elsewhere(p, keys[i], a);
    set_action_keys(p, a, keys, n);
    if ((stuck = keyless_quit(p)) >= 0) {
        *p = was;
        snprintf(why, size, _("key.%s would be left without a key: the player needs a key to "
                              "quit (bind key.%s to another key first)"),
                 action_names[stuck], action_names[stuck]);
        return false;
    }
    return true;
}

bool prefs_set(struct prefs *p, const char *name, const char *value, char *why, size_t size)
{
    char shown[UTIL_QUOTE_SIZE];    /* the value as messages quote it */
    int i;

    util_quote(value, strlen(value), shown, sizeof shown);

    if (strcasecmp(name, "theme") == 0) {
        if (!lookup(theme_names, PREFS_NTHEMES, value, &i)) {
            snprintf(why, size, _("unknown theme '%s': expected default, high-contrast, "
                                  "colorblind or mono"), shown);
            return false;
        }
        p->theme = (enum prefs_theme)i;
    } else if (strcasecmp(name, "charset") == 0) {
        if (!prefs_charset_by_name(value, &i)) {
            snprintf(why, size, _("unknown charset '%s': expected auto, unicode, console or ascii"),
                     shown);
            return false;
        }
        p->charset = (enum prefs_charset)i;
    } else if (strcasecmp(name, "timer") == 0) {
        if (!parse_bool(value, "shown", "hidden", &p->show_timer)) {
            snprintf(why, size, _("timer '%s': expected shown or hidden"), shown);
            return false;
        }
    } else if (strcasecmp(name, "hint-start") == 0) {
        if (lookup(rung_names, 5, value, &i) || (value[0] >= '1' && value[0] <= '4'
                                                 && value[1] == '\0' && (i = value[0] - '0'))) {
            p->hint_start = i;
        } else {
            snprintf(why, size, _("hint-start '%s': expected where, technique, pattern or "
                                  "conclusion"), shown);
            return false;
        }
    } else if (strcasecmp(name, "watch-speed") == 0) {
        if (!set_watch_speed(p, value)) {
            snprintf(why, size, _("watch-speed '%s': expected steps a second (1 to 1000000) "
                                  "or full"), shown);
            return false;
        }
    } else if (strcasecmp(name, "keys") == 0) {
        if (!prefs_keys_preset(p, value)) {
            snprintf(why, size, _("unknown keys preset '%s': expected default, vi or arrows"), shown);
            return false;
        }
    } else if (strncasecmp(name, "key.", 4) == 0) {
        return set_keys(p, name + 4, value, why, size);
    } else {
        snprintf(why, size, _("unknown setting '%s': expected theme, charset, timer, hint-start, "
                              "watch-speed, keys or key.ACTION"), util_quote(name, strlen(name), shown, sizeof shown));
        return false;
    }
    return true;
}

/* --- The file --- */

static char *trim(char *s)
{
    char *e;

    while (*s == ' ' || *s == '\t')
        s++;
    e = s + strlen(s);
    while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r' || e[-1] == '\n'))
        *--e = '\0';
    return s;
}

/* Cuts a comment off: '#' at the start or after a blank (a '#' key is "Hash"). */
static void cut_comment(char *s)
{
    for (char *c = s; *c != '\0'; c++)
        if (*c == '#' && (c == s || c[-1] == ' ' || c[-1] == '\t')) {
            *c = '\0';
            return;
        }
}

/* One line: false with why when it is bad. */
static bool read_line(struct prefs *p, char *line, char *why, size_t size)
{
    char *eq, *name, *value;

    cut_comment(line);
    line = trim(line);
    if (*line == '\0')
        return true;
    eq = strchr(line, '=');
    if (eq == NULL) {
        snprintf(why, size, _("expected 'setting = value'"));
        return false;
    }
    *eq = '\0';
    name = trim(line);
    value = trim(eq + 1);
    if (*name == '\0') {
        snprintf(why, size, _("expected a setting's name before '='"));
        return false;
    }
    if (*value == '\0') {
        snprintf(why, size, _("expected a value after '%s ='"), name);
        return false;
    }
    return prefs_set(p, name, value, why, size);
}

/* Bounds on what is read, so that a config that is a device or an endless stream (/dev/zero,
 * a pipe that never ends a line) takes neither memory nor forever: no setting needs a longer
 * line, and the longest useful config (every key bound) is a few kilobytes. */
#define PREFS_LINE_MAX 3999        /* "shorter than 4000 bytes" */
#define PREFS_FILE_MAX (1L << 20)

enum prefs_line { PREFS_LINE_TEXT, PREFS_LINE_LONG, PREFS_LINE_END, PREFS_LINE_BINARY,
                  PREFS_LINE_HUGE };

/* The next line into buf (PREFS_LINE_MAX bytes and a NUL), a byte at a time: the rest of a
 * longer line is skipped (reported unless a comment began in the part kept); a NUL byte
 * or more than PREFS_FILE_MAX bytes in all ends the reading.  *total: bytes read so far. */
static enum prefs_line next_line(FILE *f, char *buf, long *total)
{
    size_t n = 0;
    bool cut = false, first = *total == 0;
    int c;

    while ((c = getc(f)) != EOF && c != '\n') {
        if (++*total > PREFS_FILE_MAX)
            return PREFS_LINE_HUGE;
        if (c == '\0')
            return PREFS_LINE_BINARY;
        if (n < PREFS_LINE_MAX)
            buf[n++] = (char)c;
        else
            cut = true;
    }
    if (c == EOF && n == 0 && !cut)
        return PREFS_LINE_END;
    ++*total;
    buf[n] = '\0';
    /* A byte-order mark (as Windows editors write) is no part of the first setting. */
    if (first && strncmp(buf, "\xef\xbb\xbf", 3) == 0) {
        memmove(buf, buf + 3, n - 2);
        n -= 3;
    }
    cut_comment(buf);
    return cut && strlen(buf) == n ? PREFS_LINE_LONG : PREFS_LINE_TEXT;
}

/* "NAME:LINE: why", or "NAME: why" for the file as a whole (lineno 0). */
static void report_line(void (*report)(const char *message, void *user), void *user,
                        const char *name, long lineno, const char *why)
{
    char *msg, *shown;

    if (report == NULL)
        return;
    msg = lineno > 0 ? xasprintf("%s:%ld: %s", name, lineno, why) : xasprintf("%s: %s", name, why);
    shown = util_escape_controls(msg);     /* the file's name is the user's (--config) */
    report(shown, user);
    free(shown);
    free(msg);
}

int prefs_read(struct prefs *p, FILE *f, const char *name,
               void (*report)(const char *message, void *user), void *user)
{
    char line[PREFS_LINE_MAX + 1];
    long lineno = 0, total = 0;
    int bad = 0;
    enum prefs_line got;

    while ((got = next_line(f, line, &total)) != PREFS_LINE_END) {
        char why[400];
        lineno++;
        /* Only the settings must be UTF-8: a comment may be in the locale's character set,
         * as --print-config writes its translated comments (cut by next_line). */
        if (got == PREFS_LINE_BINARY || got == PREFS_LINE_HUGE) {
            snprintf(why, sizeof why, got == PREFS_LINE_BINARY
                     ? _("binary data (a NUL byte): expected a text file")
                     : _("expected a config file of at most 1 MiB; the rest is not read"));
            report_line(report, user, name, lineno, why);
            return bad + 1;
        }
        if (got == PREFS_LINE_LONG) {
            snprintf(why, sizeof why, _("expected a line shorter than 4000 bytes"));
        } else if (util_utf8_check((const uint8_t *)line, strlen(line)) != NULL) {
            snprintf(why, sizeof why, _("expected UTF-8 text"));
        } else if (read_line(p, line, why, sizeof why)) {
            continue;
        }
        bad++;
        report_line(report, user, name, lineno, why);
    }
    return bad;
}

/* Whether fd has something to read (or its end) within ms milliseconds (-1: however long). */
static bool readable_within(int fd, int ms)
{
    struct pollfd pfd = { .fd = fd, .events = POLLIN };
    int got;

    while ((got = poll(&pfd, 1, ms)) < 0 && errno == EINTR)
        continue;
    return got != 0;
}

/* How long a config that is not a regular file may keep kakudo waiting before it says so. */
#define PREFS_QUIET_WAIT_MS 500

/* Opens the config at path as fopen would, but without waiting in open(): a FIFO with no
 * writer yet is waited on as cat waits (Ctrl-C ends the wait: SIGINT is left as it is),
 * after saying so through waiting, so that a config that never comes is no silent hang. */
static FILE *open_config(const char *path, void (*waiting)(const char *message, void *user), void *user)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC), saved;
    struct stat st;
    FILE *f;

    if (fd < 0)
        return NULL;
    if (fstat(fd, &st) == 0 && !S_ISREG(st.st_mode) && !readable_within(fd, PREFS_QUIET_WAIT_MS)) {
        if (waiting != NULL) {
            char *msg = xasprintf(_("%s: nothing to read yet: waiting for it to be written "
                                    "(Ctrl-C stops)"), path);
            waiting(msg, user);
            free(msg);
        }
        readable_within(fd, -1);
    }
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    if ((f = fdopen(fd, "r")) == NULL) {
        saved = errno;
        close(fd);
        errno = saved;
    }
    return f;
}

int prefs_load(struct prefs *p, const char *path,
               void (*report)(const char *message, void *user),
               void (*waiting)(const char *message, void *user), void *user)
{
    FILE *f = open_config(path, waiting, user);
    struct stat st;
    int bad;

    if (f == NULL) {
        /* No config is no error; a link to one that is not there (a moved dotfiles
         * directory) is, or its settings would be dropped without a word. */
        if (errno == ENOENT && lstat(path, &st) != 0)
            return 0;
        report_line(report, user, path, 0, errno == ENOENT
                    ? _("a symbolic link to a file that does not exist") : strerror(errno));
        return 1;
    }
    bad = prefs_read(p, f, path, report, user);
    if (ferror(f)) {
        report_line(report, user, path, 0, strerror(errno));
        bad++;
    }
    fclose(f);
    return bad;
}

char *prefs_default_path(void)
{
    const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");

    /* The XDG spec: a relative XDG_CONFIG_HOME is invalid and ignored. */
    if (xdg != NULL && xdg[0] == '/')
        return xasprintf("%s/kakudo/config", xdg);
    if (home != NULL && home[0] != '\0')
        return xasprintf("%s/.config/kakudo/config", home);
    return NULL;
}

/* A comment of the written config: "# " before each of its lines (a translation may take
 * more lines than the English), so that the file still reads back. */
static void write_comment(FILE *out, const char *text)
{
    for (const char *line = text; *line != '\0';) {
        const char *end = strchr(line, '\n');
        int len = end != NULL ? (int)(end - line) : (int)strlen(line);

        fprintf(out, "# %.*s\n", len, line);
        line += len + (end != NULL);
    }
}

/* The key.ACTION lines of a scope, after a comment on the keys that always work there. */
static void write_scope_keys(FILE *out, const struct prefs *p, enum prefs_scope s)
{
    char name[PREFS_KEY_NAME_MAX];

    if (s != PREFS_SCOPE_BOARD)
        fprintf(out, "\n");
    switch (s) {
    case PREFS_SCOPE_BOARD:
        break;
    case PREFS_SCOPE_PICKER:
        write_comment(out, _("The picker's keys (key.picker.ACTION); Enter, Esc, Up, Down, Left,\n"
                             "PgUp, PgDn, Home and End always work there."));
        break;
    case PREFS_SCOPE_WATCH:
        write_comment(out, _("The solver animation's keys (key.watch.ACTION); Esc always stops it\n"
                             "and Enter keeps a solution."));
        break;
    case PREFS_SCOPE_DIALOG:
        write_comment(out, _("The dialogs' answers and the New game form's keys (key.dialog.ACTION);\n"
                             "Enter takes the first answer, Esc cancels and the arrows move, always."));
        break;
    case PREFS_NSCOPES:
        return;
    }
    for (int a = scope_first[s]; a < (int)scope_first[s + 1]; a++) {
        fprintf(out, "key.%s =", action_names[a]);
        if (p->nkeys[a] == 0)
            fprintf(out, " none");
        for (int i = 0; i < p->nkeys[a]; i++)
            fprintf(out, " %s", prefs_key_name(p->keys[a][i], name, sizeof name));
        fprintf(out, "\n");
    }
}

/* A comment from a translated text with one %s, the key it names in its place. */
static void format_comment(char *buf, size_t size, const char *text, ...)
{
    va_list ap;

    va_start(ap, text);
    vsnprintf(buf, size, text, ap);
    va_end(ap);
}

void prefs_write(FILE *out, const struct prefs *p)
{
    char comment[400], name[PREFS_KEY_NAME_MAX];

    /* The comments speak the user's language; the settings stay as prefs_read reads them. */
    write_comment(out, _("kakudo configuration: the settings in force (kakudo --print-config).\n"
                         "Lines are 'setting = value'; '#' starts a comment."));
    fprintf(out, "\n");
    write_comment(out, _("Colours: default, high-contrast, colorblind (no red against green) or mono"));
    fprintf(out, "theme = %s\n", prefs_theme_name(p->theme));
    write_comment(out, _("Lines: auto (console on TERM=linux, else unicode), unicode (box\n"
                         "drawing, where the locale is UTF-8), console (double lines) or ascii"));
    fprintf(out, "charset = %s\n", charset_names[p->charset]);
    if (p->nkeys[PREFS_TIMER] > 0) {
        format_comment(comment, sizeof comment, _("The play clock: shown or hidden (%s shows or "
                                                  "hides it while playing)"),
                       prefs_key_label(p->keys[PREFS_TIMER][0], name, sizeof name));
        write_comment(out, comment);
    } else {
        write_comment(out, _("The play clock: shown or hidden"));
    }
    fprintf(out, "timer = %s\n", p->show_timer ? "shown" : "hidden");
    write_comment(out, _("What the first press of the hint key shows: where, technique, pattern or conclusion"));
    fprintf(out, "hint-start = %s\n", rung_names[p->hint_start]);
    write_comment(out, _("The solver animation's first speed: steps a second (1 to 1000000) or full"));
    if (p->watch_speed == WATCH_FULL_SPEED)
        fprintf(out, "watch-speed = full\n");
    else
        fprintf(out, "watch-speed = %ld\n", p->watch_speed);
    fprintf(out, "\n");
    write_comment(out, _("Keys: a preset (default, vi or arrows), then each action's keys, spaces\n"
                         "between: a character, C-x for Ctrl-X, or Space Tab Enter Hash Up Down Left Right\n"
                         "Home End PgUp PgDn Backspace Del Ins F1-F12; 'none' for no key."));
    fprintf(out, "keys = %s\n", p->keys_preset[0] != '\0' ? p->keys_preset : "default");
    for (int s = 0; s < PREFS_NSCOPES; s++)
        write_scope_keys(out, p, (enum prefs_scope)s);
}

/* --- Keeping a setting the player changed --- */

enum { KEEP_MAX_BYTES = 1 << 20 };     /* a config is a few lines; more is no config */

/* Whether line (up to its newline) sets name: blanks, the name in any case, blanks, '='. */
static bool line_sets(const char *line, const char *name)
{
    size_t n = strlen(name);

    line += strspn(line, " \t");
    if (strncasecmp(line, name, n) != 0)
        return false;
    line += n;
    line += strspn(line, " \t");
    return *line == '=';
}

/* The file's text (empty when there is none), or NULL with errno set. */
static char *read_config_text(const char *path, size_t *len)
{
    /* Not through a link, and not waiting on a pipe put there since it was looked at. */
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    FILE *f = fd >= 0 ? fdopen(fd, "r") : NULL;
    char *text;

    *len = 0;
    if (fd >= 0 && f == NULL)
        close(fd);
    if (f == NULL)
        return errno == ENOENT ? xstrdup("") : NULL;
    text = xmalloc(KEEP_MAX_BYTES + 1);
    *len = fread(text, 1, KEEP_MAX_BYTES + 1, f);
    if (ferror(f) || *len > KEEP_MAX_BYTES) {
        errno = ferror(f) ? EIO : EFBIG;
        fclose(f);
        free(text);
        return NULL;
    }
    fclose(f);
    if (memchr(text, '\0', *len) != NULL) {    /* not the text a config is: left alone */
        free(text);
        errno = EINVAL;
        return NULL;
    }
    text[*len] = '\0';
    return text;
}

/* text with each line that sets name replaced by "name = value", or that line added. */
static char *with_setting(const char *text, size_t len, const char *name, const char *value)
{
    char *out = xmalloc(len + strlen(name) + strlen(value) + 8), *o = out;
    bool found = false;

    for (const char *line = text; *line != '\0';) {
        const char *nl = strchr(line, '\n');
        size_t n = nl != NULL ? (size_t)(nl - line) + 1 : strlen(line);

        if (line_sets(line, name)) {
            if (!found)     /* one line for it: the others said the same to no end */
                o += sprintf(o, "%s = %s\n", name, value);
            found = true;
        } else {
            memcpy(o, line, n);
            o += n;
            if (nl == NULL)
                *o++ = '\n';
        }
        line += n;
    }
    if (!found)
        o += sprintf(o, "%s = %s\n", name, value);
    *o = '\0';
    return out;
}

/* Makes the directories above file (mode 0700), as the XDG spec asks. */
static void make_parent_dirs(const char *file)
{
    char *dir = xstrdup(file);

    for (char *s = strchr(dir + 1, '/'); s != NULL; s = strchr(s + 1, '/')) {
        *s = '\0';
        mkdir(dir, 0700);
        *s = '/';
    }
    free(dir);
}

/* Writes text to a new temporary beside path and renames it over path; false with errno. */
static bool replace_file(const char *path, const char *text, mode_t mode)
{
    char *tmp = xasprintf("%s.tmp.XXXXXX", path);
    int fd = mkstemp(tmp), saved;
    bool ok;

    if (fd < 0) {
        free(tmp);
        return false;
    }
    ok = fchmod(fd, mode) == 0 && util_write_all(fd, text, strlen(text)) && util_fsync(fd);
    saved = errno;
    if (close(fd) != 0 && ok) {
        saved = errno;
        ok = false;
    }
    if (ok && rename(tmp, path) != 0) {
        saved = errno;
        ok = false;
    }
    if (!ok)
        unlink(tmp);
    free(tmp);
    errno = saved;
    return ok;
}

bool prefs_keep(const char *path, const char *name, const char *value, char *err,
                size_t errsize)
{
    char *text, *changed;
    struct stat st;
    mode_t mode = 0644;
    size_t len;
    bool ok;

    /* Only a regular file at path itself is rewritten.  Never through a symbolic link,
     * as no save is: the rename would put the file wherever the link points.  Never a
     * device or a pipe: --config=/dev/null asks for no config file, and a rename over it
     * would replace the device for every program. */
    if (lstat(path, &st) == 0) {
        if (S_ISLNK(st.st_mode)) {
            util_format_cut(err, errsize, _("%s: a symbolic link, which kakudo does not write through"), path);
            return false;
        }
        if (!S_ISREG(st.st_mode)) {
            util_format_cut(err, errsize, _("%s: not a regular file: left as it is"), path);
            return false;
        }
        mode = st.st_mode & 07777;
    } else if (errno == ENOENT) {
        make_parent_dirs(path);
    } else {
        util_format_cut(err, errsize, "%s: %s", path, strerror(errno));
        return false;
    }
    text = read_config_text(path, &len);
    if (text == NULL && errno == EINVAL) {
        util_format_cut(err, errsize, _("%s: binary data (a NUL byte): left as it is"), path);
        return false;
    }
    if (text == NULL) {
        util_format_cut(err, errsize, "%s: %s", path, strerror(errno));
        return false;
    }
    changed = with_setting(text, len, name, value);
    ok = replace_file(path, changed, mode);
    if (!ok)
        util_format_cut(err, errsize, "%s: %s", path, strerror(errno));
    free(changed);
    free(text);
    return ok;
}
