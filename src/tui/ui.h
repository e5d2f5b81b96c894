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
#include "puzzle.h"
#include "tui.h"

enum ui_screen { UI_PICKER, UI_BOARD, UI_HELP, UI_CONFIRM, UI_INPUT, UI_NEWGAME, UI_NSCREENS };

/* What a piece of the screen is; each maps to colours or, without them, attributes. */
enum ui_role {
    ROLE_NORMAL, ROLE_GIVEN, ROLE_USER, ROLE_MARK, ROLE_CONFLICT, ROLE_BLOCK, ROLE_CLUE,
    ROLE_CLUE_HI, ROLE_RUN_HI, ROLE_LINE, ROLE_BOX_LINE, ROLE_TITLE, ROLE_DIM, ROLE_MESSAGE,
    ROLE_WRONG, ROLE_SELECTED, ROLE_COUNT
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
    /* Where the board is shown: a screen window onto it, scrolled by (sy, sx). */
    int top, left, view_h, view_w, sy, sx;
};

struct picker_item {
    enum { ITEM_BUNDLED, ITEM_RECENT, ITEM_NEW, ITEM_OPEN } kind;
    int index;                  /* bundled: index into bundled_puzzles */
    char *path;                 /* recent: the save file */
    char *label;
};

struct ui {
    struct tui_options opt;
    bool utf8, color;
    enum ui_screen screen, back;        /* back: where help and dialogs return to */
    bool quit;
    int status;
    bool from_picker;                   /* q on the board returns to the picker */

    /* The board screen */
    struct game *game;
    struct game *pending;               /* a saved game offered for resuming */
    char *save_path;
    char *title;                        /* name shown in the panel */
    int cursor;
    bool pencil, mark_next, show_conflicts, show_timer, show_wrong, paused;
    uint8_t *conflicts, *wrong, *solution;
    bool solution_known, solution_failed;
    bool was_completed;
    char message[512];
    struct ui_geometry geo;

    /* The picker */
    struct picker_item *items;
    int nitems, sel, top;
    char input[1024];                   /* the "open file" line */
    size_t input_len;

    /* The confirm dialog: a question and what y/n do */
    char question[512];
    void (*on_yes)(struct ui *ui);
    void (*on_no)(struct ui *ui);

    struct newgame *newgame;            /* the "New game" dialog and its generation */
};

/* ui_draw.c: colours, attributes, glyphs and text */
void ui_colors_init(struct ui *ui);
attr_t ui_attr(const struct ui *ui, enum ui_role role);
/* A box-drawing junction or line piece with arms up/down/left/right (0 none, 1 light,
 * 2 heavy), as a UTF-8 or ASCII string. */
const char *ui_glyph(const struct ui *ui, int up, int down, int left, int right);
/* Display width of a UTF-8 string. */
int ui_width(const char *s);
/* Prints s at (y, x) cut to w columns; returns the columns used. */
int ui_print(int y, int x, int w, const char *s, attr_t attr);
/* Prints s wrapped into w columns from row y, at most maxlines; returns the rows used. */
int ui_print_wrapped(int y, int x, int w, int maxlines, const char *s, attr_t attr);
/* Prints s centred on row y of the screen. */
void ui_print_centered(int y, const char *s, attr_t attr);
void ui_message(struct ui *ui, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ui_view.c: the board, for both kinds */
/* Chooses the largest layout that fits rows x cols (scrolling if none does); false if the
 * screen is too small, with the size needed in *need_h, *need_w. */
bool ui_view_layout(struct ui *ui, int rows, int cols, int *need_h, int *need_w);
void ui_view_draw_board(struct ui *ui);
void ui_view_draw_panel(struct ui *ui, int top, int left, int h, int w);
/* The cell at screen (y, x), or -1. */
int ui_view_cell_at(const struct ui *ui, int y, int x);
/* Formats milliseconds as m:ss or h:mm:ss. */
void ui_format_time(uint64_t ms, char *buf, size_t size);

/* ui_board.c: the board screen */
void ui_board_draw(struct ui *ui);
void ui_board_key(struct ui *ui, int key, bool is_code);
/* Opens a puzzle (copied), offering a saved game to resume. */
void ui_board_open(struct ui *ui, const struct puzzle *p, const struct format_style *style,
                   const char *title);
/* Opens a saved game directly (from the picker's recent list). */
bool ui_board_open_save(struct ui *ui, const char *path);
void ui_board_close(struct ui *ui);
/* Saves progress now (after a move, on quit, on a signal). */
void ui_board_save(struct ui *ui);

/* ui_picker.c: the picker and the "open file" line */
void ui_picker_enter(struct ui *ui);
void ui_picker_free(struct ui *ui);
void ui_picker_draw(struct ui *ui);
void ui_picker_key(struct ui *ui, int key, bool is_code);
void ui_input_draw(struct ui *ui);
void ui_input_key(struct ui *ui, int key, bool is_code);

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
void ui_help_draw(struct ui *ui);
void ui_help_key(struct ui *ui, int key, bool is_code);
void ui_confirm(struct ui *ui, const char *question, void (*on_yes)(struct ui *),
                void (*on_no)(struct ui *));
void ui_confirm_draw(struct ui *ui);
void ui_confirm_key(struct ui *ui, int key, bool is_code);
void ui_too_small_draw(int need_h, int need_w);

#define UI_KEY_CTRL(c) ((c) & 0x1f)
#define UI_KEY_ESC 27
#define UI_PANEL_W 24   /* side panel width */
#define UI_MIN_VIEW 12  /* smallest board window (rows and columns) worth scrolling */

#endif
