/* ui_keys.c: the board's keys: which key runs which command on the board shown.  On a
 * board whose symbols include letters (more than 9 digits) the letters enter symbols, in
 * either case, and the commands bound to letters are typed with Alt or after ':' instead;
 * the footer and the help list the keys in force there. */
#include "config.h"
#include "ui.h"

#include <stdio.h>
#include <string.h>

/* A command bound to a letter on boards of digits only. */
struct letter_key {
    char letter;
    enum ui_cmd cmd;
    /* On boards with letter symbols the key is still bare while this letter is not one of
     * them (0: never): q always, h j k l together up to 16x16 (H is 17). */
    char bare_while;
    const char *help;           /* its help line, or NULL (h j k l share one) */
};

static const struct letter_key letter_keys[] = {
    { 'h', CMD_LEFT, 'h', NULL },
    { 'j', CMD_DOWN, 'h', NULL },
    { 'k', CMD_UP, 'h', NULL },
    { 'l', CMD_RIGHT, 'h', NULL },
    { 'p', CMD_PENCIL, 0, "pencil mode: digits toggle marks" },
    { 'm', CMD_MARK, 0, "then a digit: toggle one mark (also Alt+digit)" },
    { 'f', CMD_FILL, 0, "fill every empty cell with its candidates" },
    { 'x', CMD_CLEAR, 0, "clear all marks" },
    { 'u', CMD_UNDO, 0, "undo" },
    { 'r', CMD_REDO, 0, "redo (also Ctrl-R)" },
    { 'e', CMD_CONFLICTS, 0, "show or hide conflicts" },
    { 'c', CMD_CHECK, 0, "check: how many entries are wrong, and where" },
    { 'i', CMD_HINT, 0, "hint; again for more: where, technique, pattern, why, apply" },
    { 't', CMD_TIMER, 0, "show or hide the timer" },
    { 'w', CMD_WATCH, 0, "watch the solver solve it from here (? there: its keys)" },
    { 'n', CMD_NEWGAME, 0, "new game: a puzzle made now, of the kind, size and level chosen" },
    { 'q', CMD_QUIT, 'q', "quit (progress is saved after every move)" },
};

#define NLETTER_KEYS (sizeof letter_keys / sizeof letter_keys[0])

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

static const struct letter_key *find_letter(int key)
{
    for (size_t i = 0; i < NLETTER_KEYS; i++)
        if (letter_keys[i].letter == key)
            return &letter_keys[i];
    return NULL;
}

/* Whether the letter key k runs its command typed alone on p's board. */
static bool is_bare(const struct puzzle *p, const struct letter_key *k)
{
    if (!ui_keys_letter_symbols(p))
        return true;
    return k->bare_while != 0 && !is_symbol_letter(p, k->bare_while);
}

enum ui_cmd ui_keys_command(const struct puzzle *p, int key, bool as_command)
{
    const struct letter_key *k;

    if (key >= 'A' && key <= 'Z' && as_command)
        key = key - 'A' + 'a';
    k = find_letter(key);
    if (k != NULL)
        return as_command || is_bare(p, k) ? k->cmd : CMD_NONE;
    if (as_command)
        return CMD_NONE;
    switch (key) {
    case '?': return CMD_HELP;
    case ' ': return CMD_PAUSE;
    case ':': return CMD_PREFIX;
    case UI_KEY_CTRL('r'): return CMD_REDO;
    case '0': case '.': case 127: case 8: return CMD_ERASE;
    case UI_KEY_ESC: return CMD_ESCAPE;
    default: return CMD_NONE;
    }
}

int ui_keys_symbol(const struct puzzle *p, int key)
{
    if (key >= '1' && key <= '9')
        return key - '0';
    /* Capitals name symbols on every board (a message says when out of range); small
     * letters only where letters are symbols. */
    if ((key >= 'A' && key <= 'Z') || (key >= 'a' && key <= 'z' && ui_keys_letter_symbols(p)))
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
    char range[16];

    symbol_range(p, range, sizeof range);
    if (ui_keys_letter_symbols(p))
        ui_message(ui, "This puzzle takes %s (either case); commands take Alt or ':' first "
                   "(? lists them).", range);
    else
        ui_message(ui, "This puzzle takes %s.", range);
}

const char *ui_keys_name(const struct ui *ui, enum ui_cmd cmd, char *buf, size_t size)
{
    for (size_t i = 0; i < NLETTER_KEYS; i++) {
        if (letter_keys[i].cmd != cmd)
            continue;
        snprintf(buf, size, "%s%c", is_bare(board_puzzle(ui), &letter_keys[i]) ? "" : ":",
                 letter_keys[i].letter);
        return buf;
    }
    snprintf(buf, size, "?");
    return buf;
}

/* --- The footer --- */

/* What the footer lists, most wanted first: as many as fit are shown. */
static const enum ui_cmd footer_cmds[] = { CMD_PENCIL, CMD_UNDO, CMD_HINT, CMD_HELP, CMD_QUIT,
                                           CMD_CHECK, CMD_MARK, CMD_REDO };

static const char *footer_word(enum ui_cmd cmd)
{
    switch (cmd) {
    case CMD_PENCIL: return "pencil";
    case CMD_UNDO: return "undo";
    case CMD_HINT: return "hint";
    case CMD_HELP: return "help";
    case CMD_QUIT: return "quit";
    case CMD_CHECK: return "check";
    case CMD_MARK: return "mark";
    default: return "redo";
    }
}

/* Whether h j k l move on p's board. */
static bool vi_moves(const struct puzzle *p)
{
    return is_bare(p, find_letter('h'));
}

/* Adds item to the footer's lines, flowing into w columns; false when it no longer fits. */
static bool footer_add(char lines[][UI_KEYS_LINE_MAX], int *n, int max, int w, const char *item)
{
    size_t len = strlen(lines[*n]);

    if (len > 0 && (int)(len + 2 + strlen(item)) > w) {
        if (*n + 1 >= max)
            return false;
        len = strlen(lines[++*n]);
    }
    if ((int)strlen(item) > w)
        return false;
    snprintf(lines[*n] + len, UI_KEYS_LINE_MAX - len, "%s%s", len > 0 ? "  " : "", item);
    return true;
}

int ui_keys_footer(const struct ui *ui, int w, char lines[][UI_KEYS_LINE_MAX], int max)
{
    const struct puzzle *p = board_puzzle(ui);
    char item[64], range[16], key[8];
    int n = 0;

    if (max <= 0)
        return 0;
    for (int i = 0; i < max; i++)
        lines[i][0] = '\0';
    symbol_range(p, range, sizeof range);
    snprintf(item, sizeof item, "%s", vi_moves(p) ? "hjkl/arrows" : "arrows");
    footer_add(lines, &n, max, w, item);
    snprintf(item, sizeof item, "%s set", range);
    footer_add(lines, &n, max, w, item);
    for (size_t i = 0; i < sizeof footer_cmds / sizeof footer_cmds[0]; i++) {
        if (footer_cmds[i] == CMD_HELP)
            snprintf(key, sizeof key, "?");
        else
            ui_keys_name(ui, footer_cmds[i], key, sizeof key);
        snprintf(item, sizeof item, "%s %s", key, footer_word(footer_cmds[i]));
        if (!footer_add(lines, &n, max, w, item))
            break;
    }
    return lines[n][0] != '\0' ? n + 1 : n;
}

/* --- The help --- */

/* Appends one help line, "  KEYS  what they do", or a heading when keys is NULL. */
static void help_add(char lines[][UI_KEYS_LINE_MAX], int *n, int max, const char *keys,
                     const char *text)
{
    if (*n >= max)
        return;
    if (keys == NULL)
        snprintf(lines[*n], UI_KEYS_LINE_MAX, "%s", text);
    else
        snprintf(lines[*n], UI_KEYS_LINE_MAX, "  %-18s %s", keys, text);
    ++*n;
}

/* The help line of the letter command cmd, with its keys on this board. */
static void help_letter(const struct puzzle *p, char lines[][UI_KEYS_LINE_MAX], int *n,
                        int max, enum ui_cmd cmd)
{
    for (size_t i = 0; i < NLETTER_KEYS; i++) {
        const struct letter_key *k = &letter_keys[i];
        char keys[32];
        if (k->cmd != cmd)
            continue;
        if (is_bare(p, k))
            snprintf(keys, sizeof keys, "%c", k->letter);
        else
            snprintf(keys, sizeof keys, "Alt-%c or :%c", k->letter, k->letter);
        help_add(lines, n, max, keys, k->help);
    }
}

int ui_keys_help(const struct ui *ui, char lines[][UI_KEYS_LINE_MAX], int max)
{
    static const enum ui_cmd entering[] = { CMD_PENCIL, CMD_MARK, CMD_FILL, CMD_CLEAR,
                                            CMD_UNDO, CMD_REDO };
    static const enum ui_cmd checking[] = { CMD_CONFLICTS, CMD_CHECK, CMD_HINT };
    static const enum ui_cmd other[] = { CMD_TIMER, CMD_WATCH, CMD_NEWGAME };
    const struct puzzle *p = board_puzzle(ui);
    bool letters = ui_keys_letter_symbols(p);
    char range[16], keys[32];
    int n = 0;

    symbol_range(p, range, sizeof range);
    if (letters) {
        char note[UI_KEYS_LINE_MAX];
        snprintf(note, sizeof note, "Letters are symbols on this board (%s, either case);", range);
        help_add(lines, &n, max, NULL, note);
        help_add(lines, &n, max, NULL, "commands bound to letters take Alt or ':' first: Alt-u or :u undoes.");
        help_add(lines, &n, max, NULL, "");
    }
    help_add(lines, &n, max, NULL, "Moving");
    help_add(lines, &n, max, vi_moves(p) ? "arrows, h j k l" : "arrows",
             "move the cursor (the mouse too)");
    help_add(lines, &n, max, "Home End", "to the start or end of the row");
    help_add(lines, &n, max, "PgUp PgDn", "to the top or bottom of the column");
    help_add(lines, &n, max, NULL, "Entering");
    if (letters) {
        snprintf(keys, sizeof keys, "%s", range);
        help_add(lines, &n, max, keys, "set a symbol (letters in either case)");
    } else {
        help_add(lines, &n, max, p != NULL ? range : "1-9, A-P",
                 p != NULL ? "set a digit" : "set a digit (capital letters above 9)");
    }
    help_add(lines, &n, max, "0 . Backspace Del", "erase the digit, or else the cell's marks");
    for (size_t i = 0; i < sizeof entering / sizeof entering[0]; i++)
        help_letter(p, lines, &n, max, entering[i]);
    help_add(lines, &n, max, NULL, "Checking");
    for (size_t i = 0; i < sizeof checking / sizeof checking[0]; i++)
        help_letter(p, lines, &n, max, checking[i]);
    help_add(lines, &n, max, "Esc", "close the hint (and cancel a mark or command key)");
    help_add(lines, &n, max, NULL, "Other");
    help_add(lines, &n, max, "Space", "pause (hides the board)");
    for (size_t i = 0; i < sizeof other / sizeof other[0]; i++)
        help_letter(p, lines, &n, max, other[i]);
    help_add(lines, &n, max, "?", "this help");
    help_letter(p, lines, &n, max, CMD_QUIT);
    if (letters)
        help_add(lines, &n, max, "Alt or : + a key", "that key's command, whatever the board");
    if (p == NULL) {
        help_add(lines, &n, max, NULL, "");
        help_add(lines, &n, max, NULL, "On boards of more than 9 symbols (10x10 and up) letters are");
        help_add(lines, &n, max, NULL, "symbols, in either case; commands bound to letters then take");
        help_add(lines, &n, max, NULL, "Alt or ':' first: Alt-u or :u undoes.");
    }
    return n;
}
