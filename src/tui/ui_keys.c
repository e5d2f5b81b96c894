/* ui_keys.c: the board's keys: which key runs which command on the board shown, as the
 * preferences bind them (prefs.c: the defaults, a preset, the config's key.ACTION lines).
 * On a board whose symbols include letters (more than 9 digits) the letters enter symbols,
 * in either case, and the commands bound to letters are typed with Alt or after ':'
 * instead; the footer and the help list the keys in force there. */
#include "config.h"
#include "ui.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistr.h>

/* The help text of the board's watch key names the key of the watch's help. */
static const enum prefs_action watch_help = PREFS_WATCH_HELP;

/* What each action of the board does, and its help line (NULL: its keys share a line
 * with others, or it has none of its own), which may name the key of another action
 * (names, in the place of its %s).  The other scopes' actions are no commands here. */
static const struct {
    enum ui_cmd cmd;
    const char *help;
    const enum prefs_action *names;
} actions[PREFS_NACTIONS] = {
    [PREFS_LEFT] = { CMD_LEFT, NULL }, [PREFS_DOWN] = { CMD_DOWN, NULL },
    [PREFS_UP] = { CMD_UP, NULL }, [PREFS_RIGHT] = { CMD_RIGHT, NULL },
    [PREFS_ROW_START] = { CMD_ROW_START, NULL }, [PREFS_ROW_END] = { CMD_ROW_END, NULL },
    [PREFS_COLUMN_TOP] = { CMD_COLUMN_TOP, NULL },
    [PREFS_COLUMN_BOTTOM] = { CMD_COLUMN_BOTTOM, NULL },
    [PREFS_ERASE] = { CMD_ERASE, N_("erase the digit, or else the cell's marks") },
    [PREFS_PENCIL] = { CMD_PENCIL, N_("pencil mode: digits toggle marks") },
    [PREFS_MARK] = { CMD_MARK, N_("then a digit: toggle one mark (also Alt+digit)") },
    [PREFS_FILL] = { CMD_FILL, N_("fill every empty cell with its candidates") },
    [PREFS_CLEAR] = { CMD_CLEAR, N_("clear all marks") },
    [PREFS_UNDO] = { CMD_UNDO, N_("undo") },
    [PREFS_REDO] = { CMD_REDO, N_("redo") },
    [PREFS_RESTART] = { CMD_RESTART,
                        N_("start over: clear every digit and mark (asks first)") },
    [PREFS_CONFLICTS] = { CMD_CONFLICTS, N_("show or hide conflicts") },
    [PREFS_CHECK] = { CMD_CHECK, N_("check: how many entries are wrong, and where") },
    [PREFS_HINT] = { CMD_HINT, N_("hint; again for more: where, technique, pattern, why, apply") },
    [PREFS_COPY_PUZZLE] = { CMD_COPY_PUZZLE, N_("copy the puzzle to the clipboard (OSC 52)") },
    [PREFS_COPY_POSITION] = { CMD_COPY_POSITION, N_("copy the position, with pencil marks") },
    [PREFS_TIMER] = { CMD_TIMER, N_("show or hide the timer") },
    [PREFS_WATCH] = { CMD_WATCH, N_("watch the solver solve it from here, asking first once you have begun (%s there: "
                                          "its keys)"),
                      &watch_help },
    [PREFS_NEWGAME] = { CMD_NEWGAME, N_("new game: a puzzle made now, of the kind, size and level chosen") },
    [PREFS_PAUSE] = { CMD_PAUSE, N_("pause (hides the board)") },
    [PREFS_HELP] = { CMD_HELP, N_("this help") },
    [PREFS_COMMAND] = { CMD_PREFIX, N_("then a key: its command, whatever the board") },
    [PREFS_QUIT] = { CMD_QUIT, N_("quit (progress is saved after every move)") },
};

/* The bindings in force: the player's (ui_keys_init), else the defaults. */
static const struct prefs *bindings;
static struct prefs default_bindings;

void ui_keys_init(const struct prefs *p)
{
    bindings = p;
}

static const struct prefs *keymap(void)
{
    if (bindings == NULL) {
        prefs_defaults(&default_bindings, false);
        bindings = &default_bindings;
    }
    return bindings;
}

const struct prefs *ui_keys_prefs(void)
{
    return keymap();
}

/* The board's action that runs cmd, or -1 (the other scopes' actions run no command). */
static int action_of_cmd(enum ui_cmd cmd)
{
    for (int a = 0; a < PREFS_NACTIONS; a++)
        if (actions[a].cmd == cmd && prefs_action_scope((enum prefs_action)a) == PREFS_SCOPE_BOARD)
            return a;
    return -1;
}

/* The puzzle on the board, or NULL (the help opened from the picker). */
static const struct puzzle *board_puzzle(const struct ui *ui)
{
    return ui->game != NULL ? ui->game->puzzle : NULL;
}

bool ui_keys_letter_symbols(const struct puzzle *p)
{
    return p != NULL && p->max_digit > 9;
}

static bool is_symbol_letter(const struct puzzle *p, int letter)
{
    int d = sudoku_symbol_value(letter);

    return p != NULL && d > 9 && d <= p->max_digit;
}

static bool is_letter(int key)
{
    return key >= 'a' && key <= 'z';
}

static bool is_move(int a)
{
    return a == PREFS_LEFT || a == PREFS_DOWN || a == PREFS_UP || a == PREFS_RIGHT;
}

/* Whether a letter key bound to a runs its command typed alone on p's board.  Where
 * letters are symbols, the moving letters stay bare together while none of them is a
 * symbol (h j k l up to 16x16: H is 17), the quit letter while it is none (q always), and
 * the other letter commands take Alt or ':'. */
static bool is_bare(const struct puzzle *p, int a, int key)
{
    const struct prefs *km = keymap();

    if (!is_letter(key) || !ui_keys_letter_symbols(p))
        return true;
    if (a == PREFS_QUIT)
        return !is_symbol_letter(p, key);
    if (!is_move(a))
        return false;
    for (int b = PREFS_LEFT; b <= PREFS_RIGHT; b++)
        for (int i = 0; i < km->nkeys[b]; i++)
            if (is_letter(km->keys[b][i]) && is_symbol_letter(p, km->keys[b][i]))
                return false;
    return true;
}

enum ui_cmd ui_keys_command(const struct puzzle *p, int key, bool as_command)
{
    const struct prefs *km = keymap();
    int a;

    if (key >= 'A' && key <= 'Z' && as_command)
        key = key - 'A' + 'a';
    if (key == UI_KEY_ESC && !as_command)
        return CMD_ESCAPE;
    a = prefs_key_action(km, key);
    /* Backspace arrives as DEL or Ctrl-H, as the terminal has it. */
    if (a < 0 && (key == 127 || key == 8))
        a = prefs_key_action(km, PREFS_KEY_BACKSPACE);
    if (a < 0)
        return CMD_NONE;
    return as_command || is_bare(p, a, key) ? actions[a].cmd : CMD_NONE;
}

int ui_keys_of_code(int code)
{
    static const struct { int code, key; } codes[] = {
        { KEY_UP, PREFS_KEY_UP }, { KEY_DOWN, PREFS_KEY_DOWN }, { KEY_LEFT, PREFS_KEY_LEFT },
        { KEY_RIGHT, PREFS_KEY_RIGHT }, { KEY_HOME, PREFS_KEY_HOME }, { KEY_END, PREFS_KEY_END },
        { KEY_PPAGE, PREFS_KEY_PGUP }, { KEY_NPAGE, PREFS_KEY_PGDN },
        { KEY_BACKSPACE, PREFS_KEY_BACKSPACE }, { KEY_DC, PREFS_KEY_DELETE },
        { KEY_IC, PREFS_KEY_INSERT },
    };

    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
        if (codes[i].code == code)
            return codes[i].key;
    if (code >= KEY_F(1) && code <= KEY_F(12))
        return PREFS_KEY_F1 + code - KEY_F(1);
    return 0;
}

enum ui_cmd ui_keys_code_command(int code)
{
    int key = ui_keys_of_code(code);
    int a = key != 0 ? prefs_key_action(keymap(), key) : -1;

    return a >= 0 ? actions[a].cmd : CMD_NONE;
}

int ui_keys_symbol(const struct puzzle *p, int key)
{
    if (key >= '1' && key <= '9')
        return key - '0';
    /* Letters name symbols, in either case, only where letters are symbols: on a board
     * of 1-9 a capital is no digit ('Q' there was answered "takes 1-9"), but an unknown
     * key, as its small letter would be if unbound. */
    if (((key >= 'A' && key <= 'Z') || (key >= 'a' && key <= 'z')) && ui_keys_letter_symbols(p))
        return sudoku_symbol_value(key);
    return 0;
}

/* "1-9", "1-9 A-G": the symbols of p (1-9 when there is no board). */
static void symbol_range(const struct puzzle *p, char *buf, size_t size)
{
    int max = p != NULL ? p->max_digit : 9;

    if (max <= 9)
        snprintf(buf, size, "1-%d", max);
    else if (max == 10)
        snprintf(buf, size, "1-9 A");
    else
        snprintf(buf, size, "1-9 A-%c", sudoku_symbol(max));
}

void ui_keys_symbols_message(struct ui *ui)
{
    const struct puzzle *p = board_puzzle(ui);
    char range[16], help[24];

    symbol_range(p, range, sizeof range);
    if (ui_keys_letter_symbols(p))
        ui_message(ui, _("This puzzle takes %s (either case); commands take Alt or ':' first "
                         "(%s lists them)."), range, ui_keys_name(ui, CMD_HELP, help, sizeof help));
    else
        ui_message(ui, _("This puzzle takes %s."), range);
}

/* How a key of action a is typed on p's board: "u", "Ctrl-R", or ":u" where letters are
 * symbols and it takes ':' first. */
static const char *key_label(const struct puzzle *p, int a, int key, char *buf, size_t size)
{
    char name[PREFS_KEY_NAME_MAX];

    prefs_key_label(key, name, sizeof name);
    snprintf(buf, size, "%s%s", is_bare(p, a, key) ? "" : ":", name);
    return buf;
}

const char *ui_keys_name(const struct ui *ui, enum ui_cmd cmd, char *buf, size_t size)
{
    const struct prefs *km = keymap();
    int a = action_of_cmd(cmd);

    if (a < 0 || km->nkeys[a] == 0) {
        snprintf(buf, size, "%s", a >= 0 && km->nkeys[PREFS_COMMAND] > 0 ? _("(no key)") : "?");
        return buf;
    }
    return key_label(board_puzzle(ui), a, km->keys[a][0], buf, size);
}

/* --- The footer --- */

/* What the footer lists, most wanted first: as many as fit are shown. */
static const enum ui_cmd footer_cmds[] = { CMD_PENCIL, CMD_UNDO, CMD_HINT, CMD_HELP, CMD_QUIT,
                                           CMD_CHECK, CMD_MARK, CMD_REDO, CMD_RESTART };

static const char *footer_word(enum ui_cmd cmd)
{
    switch (cmd) {
    case CMD_PENCIL: return _("pencil");
    case CMD_UNDO: return _("undo");
    case CMD_HINT: return _("hint");
    case CMD_HELP: return _("help");
    case CMD_QUIT: return _("quit");
    case CMD_CHECK: return _("check");
    case CMD_MARK: return _("mark");
    case CMD_RESTART: return _("start over");
    default: return _("redo");
    }
}

/* The first key of a that is one character typed alone on p's board, or 0. */
static int bare_char_key(const struct puzzle *p, int a)
{
    const struct prefs *km = keymap();

    for (int i = 0; i < km->nkeys[a]; i++) {
        int k = km->keys[a][i];
        if (k > ' ' && k < 127 && is_bare(p, a, k))
            return k;
    }
    return 0;
}

/* Whether each way of moving has its arrow key. */
static bool arrows_move(void)
{
    static const int arrows[] = { PREFS_KEY_LEFT, PREFS_KEY_DOWN, PREFS_KEY_UP, PREFS_KEY_RIGHT };

    for (int a = PREFS_LEFT; a <= PREFS_RIGHT; a++)
        if (prefs_key_action(keymap(), arrows[a - PREFS_LEFT]) != a)
            return false;
    return true;
}

/* The moving keys in short: "hjkl/arrows", "arrows", "hjkl"; "" when neither. */
static void move_keys(const struct puzzle *p, char *buf, size_t size, bool spaced)
{
    char letters[16] = "";
    size_t n = 0;

    for (int a = PREFS_LEFT; a <= PREFS_RIGHT; a++) {
        int k = bare_char_key(p, a);
        if (k == 0) {
            n = 0;
            break;
        }
        if (spaced && n > 0)
            letters[n++] = ' ';
        letters[n++] = (char)k;
    }
    letters[n] = '\0';
    if (spaced)
        snprintf(buf, size, "%s%s%s", arrows_move() ? _("arrows") : "", n > 0 && arrows_move() ? ", " : "",
                 letters);
    else
        snprintf(buf, size, "%s%s%s", letters, n > 0 && arrows_move() ? "/" : "",
                 arrows_move() ? _("arrows") : "");
}

bool ui_keys_flow(char lines[][UI_KEYS_LINE_MAX], int *n, int max, int w, const char *item)
{
    size_t len = strlen(lines[*n]);

    /* Widths in columns: a key may be any character. */
    if (len > 0 && ui_width(lines[*n]) + 2 + ui_width(item) > w) {
        if (*n + 1 >= max)
            return false;
        len = strlen(lines[++*n]);
    }
    if (ui_width(item) > w || len + 2 + strlen(item) >= UI_KEYS_LINE_MAX)
        return false;
    snprintf(lines[*n] + len, UI_KEYS_LINE_MAX - len, "%s%s", len > 0 ? "  " : "", item);
    return true;
}

int ui_keys_footer(const struct ui *ui, int w, char lines[][UI_KEYS_LINE_MAX], int max)
{
    const struct puzzle *p = board_puzzle(ui);
    char item[64], range[16], key[24];
    int n = 0;

    if (max <= 0)
        return 0;
    for (int i = 0; i < max; i++)
        lines[i][0] = '\0';
    symbol_range(p, range, sizeof range);
    move_keys(p, item, sizeof item, false);
    if (item[0] != '\0')
        ui_keys_flow(lines, &n, max, w, item);
    /* TRANSLATORS: the footer's item for the digit keys, such as "1-9 set". */
    snprintf(item, sizeof item, _("%s set"), range);
    ui_keys_flow(lines, &n, max, w, item);
    for (size_t i = 0; i < sizeof footer_cmds / sizeof footer_cmds[0]; i++) {
        int a = action_of_cmd(footer_cmds[i]);
        if (a < 0 || keymap()->nkeys[a] == 0)
            continue;
        ui_keys_name(ui, footer_cmds[i], key, sizeof key);
        snprintf(item, sizeof item, "%s %s", key, footer_word(footer_cmds[i]));
        if (!ui_keys_flow(lines, &n, max, w, item))
            break;
    }
    return lines[n][0] != '\0' ? n + 1 : n;
}

/* --- The help --- */

/* Appends s to the line of len bytes, whole characters only as far as they fit; the new
 * length. */
static size_t append_cut(char *line, size_t len, const char *s)
{
    const uint8_t *u = (const uint8_t *)s;
    size_t n = strlen(s);

    while (n > 0) {
        int k = u8_mblen(u, n);
        if (k <= 0)
            k = 1;
        if (len + (size_t)k >= UI_KEYS_LINE_MAX)
            break;
        memcpy(line + len, u, (size_t)k);
        len += (size_t)k;
        u += k;
        n -= (size_t)k;
    }
    line[len] = '\0';
    return len;
}

void ui_keys_help_add(char lines[][UI_KEYS_LINE_MAX], int *n, int max, const char *keys,
                      const char *text)
{
    char *line;
    size_t len = 0;

    if (*n >= max)
        return;
    line = lines[*n];
    line[0] = '\0';
    if (keys != NULL) {
        len = append_cut(line, append_cut(line, 0, "  "), keys);
        for (int w = ui_width(keys); w < 18; w++)
            len = append_cut(line, len, " ");
        len = append_cut(line, len, " ");
    }
    append_cut(line, len, text);
    ++*n;
}

/* The keys of action a on p's board, spaced, into buf: "r Ctrl-R", "Alt-u or :u". */
static void action_keys(const struct puzzle *p, int a, char *buf, size_t size)
{
    const struct prefs *km = keymap();
    size_t n = 0;

    buf[0] = '\0';
    for (int i = 0; i < km->nkeys[a] && n < size; i++) {
        char name[PREFS_KEY_NAME_MAX];
        int k = km->keys[a][i];
        prefs_key_label(k, name, sizeof name);
        if (is_bare(p, a, k))
            n += (size_t)snprintf(buf + n, size - n, "%s%s", n > 0 ? " " : "", name);
        else
            n += (size_t)snprintf(buf + n, size - n, _("%sAlt-%s or :%s"), n > 0 ? " " : "", name, name);
    }
}

/* A help text (a table's msgid, translated) with the key it names in the place of its %s. */
static void format_help(char *buf, size_t size, const char *text, ...)
{
    va_list ap;

    va_start(ap, text);
    vsnprintf(buf, size, text, ap);
    va_end(ap);
    ui_trim_utf8(buf);
}

/* The help line of the command cmd, with its keys on this board (none without keys). */
static void help_letter(const struct puzzle *p, char lines[][UI_KEYS_LINE_MAX], int *n,
                        int max, enum ui_cmd cmd)
{
    int a = action_of_cmd(cmd);
    char keys[64];

    char text[UI_KEYS_LINE_MAX];

    if (a < 0 || keymap()->nkeys[a] == 0)
        return;
    action_keys(p, a, keys, sizeof keys);
    if (actions[a].names != NULL) {
        char named[PREFS_KEY_NAME_MAX];
        format_help(text, sizeof text, _(actions[a].help),
                    ui_bind_key(*actions[a].names, NULL, named, sizeof named));
    } else {
        snprintf(text, sizeof text, "%s", _(actions[a].help));
    }
    ui_keys_help_add(lines, n, max, keys, text);
}

/* One help line for the keys of two actions (Home End). */
static void help_pair(const struct puzzle *p, char lines[][UI_KEYS_LINE_MAX], int *n, int max,
                      int a, int b, const char *text)
{
    char ka[32], kb[32], keys[64];

    action_keys(p, a, ka, sizeof ka);
    action_keys(p, b, kb, sizeof kb);
    snprintf(keys, sizeof keys, "%s%s%s", ka, ka[0] && kb[0] ? " " : "", kb);
    if (keys[0] != '\0')
        ui_keys_help_add(lines, n, max, keys, text);
}

int ui_keys_help(const struct ui *ui, char lines[][UI_KEYS_LINE_MAX], int max)
{
    static const enum ui_cmd entering[] = { CMD_PENCIL, CMD_MARK, CMD_FILL, CMD_CLEAR,
                                            CMD_UNDO, CMD_REDO, CMD_RESTART };
    static const enum ui_cmd checking[] = { CMD_CONFLICTS, CMD_CHECK, CMD_HINT };
    static const enum ui_cmd other[] = { CMD_PAUSE, CMD_TIMER, CMD_WATCH, CMD_NEWGAME,
                                         CMD_COPY_PUZZLE, CMD_COPY_POSITION, CMD_HELP };
    const struct puzzle *p = board_puzzle(ui);
    bool letters = ui_keys_letter_symbols(p);
    char range[16], keys[64];
    int n = 0;

    symbol_range(p, range, sizeof range);
    if (letters) {
        char note[UI_KEYS_LINE_MAX];
        /* One sentence, wrapped to the screen by the help (ui_help_text). */
        snprintf(note, sizeof note, _("Letters are symbols on this board (%s, either case); commands "
                                      "bound to letters take Alt or ':' first: Alt-u or :u undoes."),
                 range);
        ui_keys_help_add(lines, &n, max, NULL, note);
        ui_keys_help_add(lines, &n, max, NULL, "");
    }
    ui_keys_help_add(lines, &n, max, NULL, _("Moving"));
    move_keys(p, keys, sizeof keys, true);
    ui_keys_help_add(lines, &n, max, keys[0] != '\0' ? keys : _("the mouse"), _("move the cursor (the mouse too)"));
    help_pair(p, lines, &n, max, PREFS_ROW_START, PREFS_ROW_END, _("to the start or end of the row"));
    help_pair(p, lines, &n, max, PREFS_COLUMN_TOP, PREFS_COLUMN_BOTTOM,
              _("to the top or bottom of the column"));
    ui_keys_help_add(lines, &n, max, NULL, _("Entering"));
    if (letters) {
        snprintf(keys, sizeof keys, "%s", range);
        ui_keys_help_add(lines, &n, max, keys, _("set a symbol (letters in either case)"));
    } else {
        ui_keys_help_add(lines, &n, max, p != NULL ? range : "1-9, A-P",
                 p != NULL ? _("set a digit") : _("set a digit (capital letters above 9)"));
    }
    help_letter(p, lines, &n, max, CMD_ERASE);
    for (size_t i = 0; i < sizeof entering / sizeof entering[0]; i++)
        help_letter(p, lines, &n, max, entering[i]);
    ui_keys_help_add(lines, &n, max, NULL, _("Checking"));
    for (size_t i = 0; i < sizeof checking / sizeof checking[0]; i++)
        help_letter(p, lines, &n, max, checking[i]);
    ui_keys_help_add(lines, &n, max, "Esc", _("close the hint (and cancel a mark or command key)"));
    ui_keys_help_add(lines, &n, max, NULL, _("Other"));
    for (size_t i = 0; i < sizeof other / sizeof other[0]; i++)
        help_letter(p, lines, &n, max, other[i]);
    help_letter(p, lines, &n, max, CMD_QUIT);
    if (letters)
        ui_keys_help_add(lines, &n, max, _("Alt + a key"), _("that key's command, whatever the board"));
    help_letter(p, lines, &n, max, CMD_PREFIX);
    if (p == NULL) {
        ui_keys_help_add(lines, &n, max, NULL, "");
        /* One sentence, wrapped to the screen by the help (ui_help_text). */
        ui_keys_help_add(lines, &n, max, NULL, _("On boards of more than 9 symbols (10x10 and up) letters are "
                                         "symbols, in either case; commands bound to letters then take "
                                         "Alt or ':' first: Alt-u or :u undoes."));
    }
    return n;
}
