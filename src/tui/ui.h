/* ui.h: what the player's screens share: the state, drawing roles, glyphs and screen hooks. */
#ifndef KAKUDO_UI_H
#define KAKUDO_UI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <curses.h>

#include "format.h"
#include "game.h"
#include "i18n.h"      /* every screen has text to translate */
#include "puzzle.h"
#include "tui.h"

enum ui_screen { UI_PICKER, UI_BOARD, UI_HELP, UI_CONFIRM, UI_INPUT, UI_WATCH, UI_NEWGAME,
                 UI_PASTE, UI_NSCREENS };

/* What a piece of the screen is; each maps to colours or, without them, attributes. */
enum ui_role {
    ROLE_NORMAL, ROLE_GIVEN, ROLE_USER, ROLE_MARK, ROLE_CONFLICT, ROLE_BLOCK, ROLE_CLUE,
    ROLE_CLUE_HI, ROLE_RUN_HI, ROLE_LINE, ROLE_BOX_LINE, ROLE_TITLE, ROLE_DIM, ROLE_MESSAGE,
    ROLE_WRONG, ROLE_SELECTED, ROLE_HINT_AREA, ROLE_HINT_PATTERN, ROLE_HINT_TARGET,
    ROLE_CAGE, ROLE_CAGE_SUM, ROLE_DIAGONAL, ROLE_COUNT
};

/* One way to lay the board out: the size of a cell and where lines are drawn. */
struct ui_layout {
    int cell_w, cell_h;
    bool hsep_all, vsep_all;    /* lines between every cell; else only at box edges */
};

/* The board placed on the screen: cell and line positions in board coordinates. */
struct ui_geometry {
    struct ui_layout lay;
    int width, height;          /* of the whole board, lines included */
    int colx[KAKURO_MAX_SIDE + 1], rowy[KAKURO_MAX_SIDE + 1];  /* first column/row of cells */
    bool vline[KAKURO_MAX_SIDE + 1], hline[KAKURO_MAX_SIDE + 1]; /* line before cell c/r */
    bool vheavy[KAKURO_MAX_SIDE + 1], hheavy[KAKURO_MAX_SIDE + 1];
    int lx[KAKURO_MAX_SIDE + 1], ly[KAKURO_MAX_SIDE + 1];       /* where those lines are */
    /* Where the board is shown: a screen window onto it, scrolled by (sy, sx) to whole
     * cells: rows r0..r1 and columns c0..c1 are shown. */
    int top, left, view_h, view_w, sy, sx;
    int r0, r1, c0, c1;
    bool hscroll, vscroll;      /* the window is narrower / shorter than the board: the
                                   column or row around it marks what lies beyond */
    /* The panel's rectangle: beside the board, or under it (then it flows in columns). */
    int panel_top, panel_left, panel_h, panel_w;
    bool panel_below;
};

struct picker_item {
    enum { ITEM_BUNDLED, ITEM_RECENT, ITEM_NEW, ITEM_OPEN, ITEM_IN_FILE, ITEM_PASTE } kind;
    int index;                  /* bundled: index into bundled_puzzles; in file: 1-based */
    char *path;                 /* recent: the save file */
    char *label;
};

struct ui;

/* One answer of a dialog: the action whose keys pick it (key.dialog.yes..., letters in
 * either case; PREFS_DIALOG_CANCEL for the answer Escape gives, which the cancel keys
 * also mean; Enter picks the first answer), its words in the dialog's footer, and what it
 * does once the dialog is closed (NULL: nothing more). */
struct ui_choice {
    enum prefs_action answer;
    const char *label;
    void (*action)(struct ui *ui);
};
#define UI_MAX_CHOICES 4

/* The lines' glyphs: the Linux console's fonts hold light and double box drawing and
 * the shade blocks but no heavy, dashed or diagonal lines (ui_outline.c, ui_glyph). */
enum ui_glyphs { UI_GLYPHS_ASCII, UI_GLYPHS_UNICODE, UI_GLYPHS_CONSOLE };

struct ui {
    struct tui_options opt;
    bool utf8, color;
    enum ui_glyphs glyphs;              /* ASCII unless utf8 */
    enum ui_screen screen, back;        /* back: where help and dialogs return to */
    bool quit;
    int status;
    bool from_picker;                   /* q on the board returns to the picker */

    /* The board screen */
    struct game *game;
    struct game *pending;               /* a saved game offered for resuming */
    char *save_path;
    bool save_unreadable;       /* the save could not be read: never saved over */
    int save_lock;              /* the lock held on the save while playing, or -1 */
    bool save_busy;             /* another kakudo holds it: never saved over */
    bool save_holds_game;       /* the save holds this game as it was (resumed from it, or
                                 * saved by this player): a failed save loses only the rest */
    int opening_moves;          /* moves the opening made (the file's marks), 0 once the
                                 * player changes anything: until then, nothing to save */
    char save_error[800];               /* why the last save failed ("" if it worked) */
    /* The path of that save ("" without a directory), whole: a later save that works makes
     * up for the failure only when the two paths are the same. */
    char failed_save[4096];
    bool failed_save_kept;              /* that save still holds the game as saved before */
    char *title;                        /* name shown in the panel */
    int cursor;
    bool command_next;                  /* ':' was typed: the next key is a command */
    bool pencil, mark_next, show_conflicts, show_timer, show_wrong, paused;
    uint8_t *conflicts, *wrong;
    struct game_check *check;           /* what checks learnt of the puzzle, or NULL */
    bool was_completed;
    char message[512];
    struct ui_geometry geo;
    struct ui_watch *watch;             /* watching the solver (ui_watch.c), or NULL */
    struct ui_hint *hint;               /* the hint ladder being climbed (ui_hint.c), or NULL */

    int help_top;                       /* first help line shown */

    /* The picker */
    char *browse_path;                  /* the file whose puzzles it lists, or NULL */
    struct picker_item *items;
    int nitems, sel, top;
    char input[1024];                   /* the "open file" line */
    size_t input_len;

    /* The dialog: a question and its answers */
    char question[512];
    struct ui_choice choices[UI_MAX_CHOICES];
    int nchoices;

    struct newgame *newgame;            /* the "New game" dialog and its generation */
    struct ui_paste *paste;             /* "Paste a puzzle" waiting for one (ui_paste.c) */
};

/* ui_draw.c: colours, attributes, glyphs and text */
void ui_colors_init(struct ui *ui);
attr_t ui_attr(const struct ui *ui, enum ui_role role);
/* A box-drawing junction or line piece with arms up/down/left/right (0 none, 1 light,
 * 2 heavy), as a UTF-8 or ASCII string. */
const char *ui_glyph(const struct ui *ui, int up, int down, int left, int right);
/* Display width of a UTF-8 string. */
int ui_width(const char *s);
/* Drops an incomplete UTF-8 character at the end of s (what a full snprintf buffer leaves). */
void ui_trim_utf8(char *s);
/* s padded with spaces to w display columns, or cut to whole characters within them, in
 * buf (of size bytes); returns buf.  printf's "%-22s" counts bytes, not columns. */
const char *ui_pad(char *buf, size_t size, const char *s, int w);
/* ui_pad, but a cut s ends in an ellipsis (in ASCII "...") within the w columns. */
const char *ui_fit(const struct ui *ui, char *buf, size_t size, const char *s, int w);
/* s in buf; a longer s than w columns as an ellipsis and its tail (a path keeps its
 * file's name in view). */
const char *ui_fit_tail(const struct ui *ui, char *buf, size_t size, const char *s, int w);
/* The longest tail of s (whole characters) that fits in w columns. */
const char *ui_tail(const char *s, int w);
/* Prints s at (y, x) cut to w columns; returns the columns used. */
int ui_print(int y, int x, int w, const char *s, attr_t attr);
/* Prints s at (y, x) in w columns (fewer at the screen's edge); a longer s ends in an
 * ellipsis where it is cut, so that a cut label does not read as a whole one. */
int ui_print_cut(const struct ui *ui, int y, int x, int w, const char *s, attr_t attr);
/* Prints s wrapped into w columns from row y, at most maxlines; returns the rows used. */
int ui_print_wrapped(int y, int x, int w, int maxlines, const char *s, attr_t attr);
/* Prints s wrapped into w columns, at most maxlines, so that its last line is row bottom,
 * clearing those rows first; returns the rows used (a prompt over an input line). */
int ui_print_wrapped_above(int bottom, int x, int w, int maxlines, const char *s, attr_t attr);
/* One line of wrapped text: bytes [start, start + len) of the string. */
struct ui_line { size_t start, len; };
/* Splits s into lines of at most w columns (libunistring's line breaking); fills up to
 * max of them and returns how many there are in all. */
int ui_wrap_lines(const char *s, int w, struct ui_line *lines, int max);
int ui_print_line(int y, int x, int w, const char *s, struct ui_line line, attr_t attr);
/* Prints s centred on row y of the screen. */
void ui_print_centered(int y, const char *s, attr_t attr);
void ui_message(struct ui *ui, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The message on the bottom row; one wider than the screen (a file's path and what is
 * wrong with it can be longer than any line) wraps upwards onto UI_MESSAGE_ROWS_MAX rows,
 * over what is drawn there, until it is cleared. */
void ui_draw_message(const struct ui *ui);
/* A dialog's box of h x w at (y, x), filled with attr: a frame around it, and what is
 * under the frame and a column or row beyond cleared - over the board, to whole cells, so
 * no part of a clue shows at its edges. */
void ui_dialog_box(const struct ui *ui, bool over_board, int y, int x, int h, int w, attr_t attr);

/* What a white cell shows instead of the game's digit and marks (the watched solver's
 * board): a digit or a glyph, else candidates (only where every mark has its place),
 * some of them just ruled out. */
struct ui_cell_look {
    int digit;
    const char *glyph;          /* instead of a digit, or NULL */
    attr_t attr;
    digitset marks, struck;     /* struck: shown among the marks in struck_attr */
    attr_t mark_attr, struck_attr;
};

/* ui_view.c: the board, for both kinds */
/* Chooses the first layout, from large cells to compact ones and with the panel beside,
 * narrower or below, in which the whole board fits rows x cols; if none does, the compact
 * one scrolls by whole cells.  False if the screen is too small, with the size needed in
 * *need_h, *need_w. */
bool ui_view_layout(struct ui *ui, int rows, int cols, int *need_h, int *need_w);
void ui_view_draw_board(struct ui *ui);
/* Puts a string of single-width characters at board coordinates, clipped to the window. */
void ui_view_put(const struct ui *ui, int by, int bx, const char *s, attr_t attr);
void ui_view_draw_panel(struct ui *ui, int top, int left, int h, int w);
/* Whether the layout has a place in a cell for every mark (else marks are shown cut). */
bool ui_view_marks_fit(const struct ui *ui);
/* Widens the screen columns [*x0, *x1) to the whole board cells they cut into. */
void ui_view_widen_to_cells(const struct ui *ui, int *x0, int *x1);
/* The cell at screen (y, x), or -1. */
int ui_view_cell_at(const struct ui *ui, int y, int x);
/* Formats milliseconds as m:ss or h:mm:ss. */
void ui_format_time(uint64_t ms, char *buf, size_t size);

/* ui_outline.c: the board's lines from its groups: box and region edges heavy, cage
 * outlines dashed, diagonals marked where the lines cross */
/* Whether p has lines of its own shape (Jigsaw regions, Killer cages, Sudoku X's
 * diagonals), which need a line between every two cells. */
bool ui_outline_irregular(const struct puzzle *p);
/* Draws every line of the board, and the diagonals' marks. */
void ui_outline_draw(const struct ui *ui);
/* The cage whose sum is written at cell (its first cell), or NULL. */
const struct puzzle_group *ui_outline_cage_at(const struct puzzle *p, int cell);
/* The slash of a Kakuro clue cell, in the terminal's glyph set. */
const char *ui_outline_clue_slash(const struct ui *ui);
/* The arrow beside a scrolled board that points to where more of it lies. */
enum ui_side { UI_SIDE_LEFT, UI_SIDE_RIGHT, UI_SIDE_UP, UI_SIDE_DOWN };
const char *ui_outline_scroll_arrow(const struct ui *ui, enum ui_side side);

/* ui_board.c: the board screen */
/* After a move: conflicts, completion and saving; false when the save failed, which the
 * status line then says (a caller with its own message adds it after that). */
bool ui_board_after_move(struct ui *ui);
void ui_board_draw(struct ui *ui);
void ui_board_key(struct ui *ui, int key, bool is_code);
/* Opens a puzzle (copied), offering a saved game to resume; marks (NULL: none) are the
 * pencil marks the puzzle came with (a pencil-mark grid's), the player's from the start. */
void ui_board_open(struct ui *ui, const struct puzzle *p, const struct format_style *style,
                   const char *title, const digitset *marks);
/* Opens a saved game directly (from the picker's recent list). */
bool ui_board_open_save(struct ui *ui, const char *path);
/* Puts the loaded game g (taken) on the board as it was saved, its progress saved to path
 * from then on (NULL: not saved). */
void ui_board_resume(struct ui *ui, struct game *g, const char *path);
void ui_board_close(struct ui *ui);
/* Saves progress now (after a move, on quit, on a signal); false when it was not saved,
 * which the status line then says. */
bool ui_board_save(struct ui *ui);
/* Runs the play clock while the board is on screen and not paused, else stops it. */
void ui_board_sync_timer(struct ui *ui);
/* Keeps a setting the player changed (name = value) in the config file, for the next
 * sessions; says on the status line when it cannot, or (why not NULL) writes the
 * sentence into why for the caller to say beside its own message ("" when kept). */
void ui_keep_setting(struct ui *ui, const char *name, const char *value, char *why, size_t size);
/* Whether the game of the save at save_path is open in another kakudo (it holds the
 * save's lock while the game is on its board). */
bool ui_save_in_use(const char *save_path);
/* Deletes the save at save_path (one already gone counts as deleted) unless its game is
 * open in another kakudo (*busy); false with errno's value in *err when unlink fails. */
bool ui_save_delete(const char *save_path, bool *busy, int *err);

/* ui_keys.c: the board's keys, which depend on the board: where letters are symbols
 * (more than 9 digits) the commands bound to letters take Alt or ':' first */
enum ui_cmd {
    CMD_NONE, CMD_QUIT, CMD_HELP, CMD_PAUSE, CMD_TIMER, CMD_NEWGAME, CMD_PENCIL, CMD_MARK,
    CMD_FILL, CMD_CLEAR, CMD_UNDO, CMD_REDO, CMD_RESTART, CMD_CHECK, CMD_WATCH, CMD_HINT,
    CMD_CONFLICTS,
    CMD_LEFT, CMD_DOWN, CMD_UP, CMD_RIGHT, CMD_ERASE, CMD_ESCAPE, CMD_PREFIX,
    CMD_ROW_START, CMD_ROW_END, CMD_COLUMN_TOP, CMD_COLUMN_BOTTOM, CMD_COPY_PUZZLE,
    CMD_COPY_POSITION
};
#define UI_KEYS_LINE_MAX 256    /* a footer or help line, in bytes (Hangul: 3 bytes for 2 columns) */
/* The key bindings to use from now on (the player's preferences; the defaults before). */
void ui_keys_init(const struct prefs *p);
/* The command of a curses key code (arrows, Home, F1...), bound as the preferences say. */
enum ui_cmd ui_keys_code_command(int code);
/* Whether letters are symbols on p's board (p may be NULL: no board). */
bool ui_keys_letter_symbols(const struct puzzle *p);
/* The command of a key on p's board, typed alone, or as_command (after Alt or ':', where
 * only letters count, in either case); CMD_NONE for none (a symbol, perhaps). */
enum ui_cmd ui_keys_command(const struct puzzle *p, int key, bool as_command);
/* The symbol a key enters on p's board (perhaps past its last), or 0. */
int ui_keys_symbol(const struct puzzle *p, int key);
/* Says which symbols the board takes (and, where letters are symbols, how to command). */
void ui_keys_symbols_message(struct ui *ui);
/* How the board shown names the key of a letter command: "u", or ":u" where letters are
 * symbols; into buf. */
const char *ui_keys_name(const struct ui *ui, enum ui_cmd cmd, char *buf, size_t size);
/* The footer of the board's keys, flowed into w columns: up to max lines; their count. */
int ui_keys_footer(const struct ui *ui, int w, char lines[][UI_KEYS_LINE_MAX], int max);
/* The help of the board shown (or, with no game, of boards in general); its line count. */
int ui_keys_help(const struct ui *ui, char lines[][UI_KEYS_LINE_MAX], int max);
/* The bindings in force (ui_keys_init's, else the defaults). */
const struct prefs *ui_keys_prefs(void);
/* The config's key (PREFS_KEY_UP...) of a curses key code, or 0. */
int ui_keys_of_code(int code);
/* Adds item to footer lines, two spaces after the one before, flowing into w columns up
 * to max lines (*n the last one in use); false when it no longer fits. */
bool ui_keys_flow(char lines[][UI_KEYS_LINE_MAX], int *n, int max, int w, const char *item);
/* Appends one help line, "  KEYS  what they do" (the keys padded to 18 columns, as wide
 * as they show), or a heading when keys is NULL. */
void ui_keys_help_add(char lines[][UI_KEYS_LINE_MAX], int *n, int max, const char *keys,
                      const char *text);

/* ui_bindings.c: the keys of the picker, the solver animation and the dialogs, as the
 * preferences bind them (key.picker.ACTION...), and how their texts name them */
/* The action of scope s a key runs (a curses key code when is_code), or -1; in dialogs a
 * capital letter answers as its small letter. */
int ui_bind_action(enum prefs_scope s, int key, bool is_code);
/* How a's first key is typed ("Space", "Ctrl-T"), into buf; without keys, fixed (a key
 * that always does it, such as "Enter"), or else "(no key)". */
const char *ui_bind_key(enum prefs_action a, const char *fixed, char *buf, size_t size);
/* All of a's keys, spaces between, then fixed (may be NULL), into buf: "d Del". */
const char *ui_bind_keys(enum prefs_action a, const char *fixed, char *buf, size_t size);
/* Whether a has a key. */
bool ui_bind_has_key(enum prefs_action a);
/* Adds a footer item worded from a's first key: fmt (a translated msgid with one %s) with
 * the key; nothing when a has none.  Flows as ui_keys_flow. */
void ui_bind_item(char lines[][UI_KEYS_LINE_MAX], int *n, int max, int w, enum prefs_action a,
                  const char *fmt);
/* The same item's text into buf; false (buf empty) when a has no key. */
bool ui_bind_item_text(enum prefs_action a, const char *fmt, char *buf, size_t size);

/* ui_hint.c: the hint ladder: where to look, the technique, the pattern, the conclusion,
 * then the step applied as one undoable move */
/* The hint key: one rung further; true when the last rung changed the position. */
bool ui_hint_next(struct ui *ui);
void ui_hint_forget(struct ui *ui);         /* the position changed: the hint is gone */
/* How a cell shows the hint: ROLE_NORMAL (none), ROLE_HINT_AREA, _PATTERN, _TARGET, or
 * ROLE_CLUE_HI for the clue of a Kakuro run in focus. */
enum ui_role ui_hint_role(const struct ui *ui, int cell);
/* A digit's or mark's attributes inside a hinted cell (role from ui_hint_role). */
attr_t ui_hint_text_attr(const struct ui *ui, enum ui_role role, attr_t a);
/* The marks of a cell that belong to the hint's pattern (shown emphasised). */
digitset ui_hint_marks(const struct ui *ui, int cell);
/* The rows the hint's panel text takes at width w (title, text, the next key's line), 0
 * with no hint. */
int ui_hint_rows(const struct ui *ui, int w);
/* Draws the hint's text in the panel from row y down to bottom; returns the next row. */
int ui_hint_draw_panel(struct ui *ui, int y, int x, int w, int bottom);

/* ui_picker.c: the picker and the "open file" line */
void ui_picker_enter(struct ui *ui);
void ui_picker_free(struct ui *ui);
void ui_picker_draw(struct ui *ui);
/* The picker's title and list, leaving the screen's last rows to the caller (a prompt). */
void ui_picker_draw_above(struct ui *ui, int rows);
void ui_picker_key(struct ui *ui, int key, bool is_code);
void ui_input_draw(struct ui *ui);
void ui_input_key(struct ui *ui, int key, bool is_code);
/* Back to the picker from a game, its saved game (may be NULL) selected in Recent games. */
void ui_picker_return(struct ui *ui, const char *left_save);
/* ui_picker_list.c: the picker's sections from row y to row limit (exclusive), each a
 * blank row (while there is room), a heading and a window onto its items that keeps the
 * selection in view; the item the last draw put on row y (on a "more" row, the first item
 * hidden beyond it), or -1. */
void ui_picker_list_draw(struct ui *ui, int y, int limit);
int ui_picker_item_at(int y);
/* The name of a bundled puzzle with p's givens ("Sudoku 9x9 (expert)"), however it was
 * opened; NULL if p is none of them.  Caller frees. */
char *ui_bundled_title(const struct puzzle *p);
/* "Sudoku", "Killer Sudoku", "Jigsaw Sudoku X"..., "Kakuro": what p is, translated. */
const char *ui_kind_name(const struct puzzle *p);
/* Whether name already says p's kind and size ("Sudoku 9x9 (expert)"), so that they are
 * not said twice. */
bool ui_name_tells_size(const char *name, const struct puzzle *p);
/* name, with p's size unless it says it already.  Caller frees. */
char *ui_puzzle_name(const struct puzzle *p, const char *name);

/* ui_share.c: copies the puzzle (a one-line Sudoku, or the Kakuro grid) or, with
 * position, the position with its pencil marks (a pencil-mark grid) to the terminal's
 * clipboard with OSC 52, and says what it copied. */
void ui_share_copy(struct ui *ui, bool position);

/* ui_paste.c: "Paste a puzzle": bracketed paste turned on only while asking */
void ui_paste_open(struct ui *ui);
void ui_paste_draw(struct ui *ui);
void ui_paste_key(struct ui *ui, int key, bool is_code);
void ui_paste_free(struct ui *ui);
/* Turns bracketed paste off if it is on (on exit and Ctrl-Z); whether it was asking; on again. */
void ui_paste_restore(void);
bool ui_paste_asking(void);
void ui_paste_resume(void);
/* The key codes of a paste's start and end (ESC [200~, ESC [201~), defined in tui.c. */
#define UI_KEY_PASTE_START (KEY_MAX + 1)
#define UI_KEY_PASTE_END (KEY_MAX + 2)

/* ui_watch.c: watching the solver from the board's position */
void ui_watch_start(struct ui *ui);
/* Whether the board's digits keep the solver from starting (they clash): then says so. */
bool ui_watch_refused(struct ui *ui);
void ui_watch_draw(struct ui *ui);
void ui_watch_key(struct ui *ui, int key, bool is_code);
/* The help of the watch: its keys, as bound, and what its styles mean, into lines (help
 * lines, as ui_keys_help_add makes them); their count.  Shown by the help screen. */
int ui_watch_help(const struct ui *ui, char lines[][UI_KEYS_LINE_MAX], int max);
void ui_watch_cell_look(const struct ui *ui, int cell, struct ui_cell_look *look);
/* Ends watching without touching the game (on exit). */
void ui_watch_free(struct ui *ui);

/* tui.c: the main loop's pieces, for work that calls back into the UI (the watch) */
void ui_redraw(struct ui *ui);
/* Reads a key as get_wch does, within the current timeout: OK with a character,
 * KEY_CODE_YES with a key code, ERR when none came.  It decodes UTF-8 itself, because
 * ncurses' get_wch, given a byte that starts no character, reads on until a whole wait
 * passes without a key, so one stray byte swallowed every key typed after it; here such
 * bytes are dropped alone (ERR). */
int ui_get_key(wint_t *key);
/* Waits up to wait_ms (-1: a while) for a key and hands it to the current screen;
 * false when none came. */
bool ui_handle_key(struct ui *ui, int wait_ms);
/* Quitting, or a signal arrived: long work should stop. */
bool ui_stop_requested(const struct ui *ui);
/* The nodes a search the player waits on may visit (--nodes; 0: the default). */
uint64_t ui_search_nodes(const struct ui *ui);
/* ui_newgame.c: "New game": kind, size, level; generated in a background thread */
void ui_newgame_open(struct ui *ui);
void ui_newgame_draw(struct ui *ui);
void ui_newgame_key(struct ui *ui, int key, bool is_code);
/* Called each turn of the main loop: opens the puzzle once the generator is done. */
void ui_newgame_poll(struct ui *ui);
/* Whether a puzzle is being generated (then the screen redraws often, for progress). */
bool ui_newgame_busy(const struct ui *ui);
/* Cancels a generation under way, waits for its thread, and frees the dialog. */
void ui_newgame_free(struct ui *ui);

/* ui_screens.c: help, confirm, too small */
/* Shows the keys; any key but scrolling ones returns to the current screen. */
void ui_help_open(struct ui *ui);
void ui_help_draw(struct ui *ui);
void ui_help_key(struct ui *ui, int key, bool is_code);
/* Draws help lines ("  keys   what they do", headings unindented) from wrapped row from,
 * at most rows of them from screen row y, in w columns from x: each line's words wrap
 * under themselves.  Returns the number of wrapped rows in all (rows 0 only counts). */
int ui_help_text(const struct ui *ui, const char *const *lines, int n, int from, int y,
                 int rows, int x, int w);
/* Asks a question over the current screen, answered by one of n choices. */
void ui_choose(struct ui *ui, const char *question, const struct ui_choice *choices, int n);
/* A yes/no question: dialog.yes's key (y) does on_yes, dialog.no's (n), Enter, Esc or
 * dialog.cancel's (q) on_no. */
void ui_confirm(struct ui *ui, const char *question, void (*on_yes)(struct ui *),
                void (*on_no)(struct ui *));
void ui_confirm_draw(struct ui *ui);
void ui_confirm_key(struct ui *ui, int key, bool is_code);
void ui_too_small_draw(int need_h, int need_w);

/* The mouse wheel turned down (ncurses' mouse version 2; none in older ones). */
#ifdef BUTTON5_PRESSED
#define UI_BUTTON_WHEEL_DOWN BUTTON5_PRESSED
#else
#define UI_BUTTON_WHEEL_DOWN 0
#endif

/* A press of the left button, however ncurses reports it. */
#define UI_BUTTON1_ANY (BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED \
                        | BUTTON1_TRIPLE_CLICKED)

#define UI_KEY_CTRL(c) ((c) & 0x1f)
#define UI_KEY_ESC 27
#define UI_PANEL_W 24   /* side panel width */
#define UI_PANEL_MIN_W 20   /* narrowest side panel before it goes under the board */
#define UI_HINT_MIN_ROWS 3  /* a hint's fewest rows: its title, a line, the next key */
/* Fewest rows of a panel, beside the board or under it: its title, a hint, the keys. */
#define UI_PANEL_MIN_H (1 + UI_HINT_MIN_ROWS + 1)
#define UI_PROMPT_ROWS_MAX 3   /* rows a prompt over an input line may wrap onto */
#define UI_MESSAGE_ROWS_MAX 3  /* rows a long message may wrap onto (ui_draw_message) */
#define UI_MIN_VIEW 12  /* smallest board window (rows and columns) worth scrolling */

#endif
