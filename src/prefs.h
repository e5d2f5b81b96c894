/* prefs.h: the player's preferences: defaults, the config file (key = value), key names, printing. */
#ifndef KAKUDO_PREFS_H
#define KAKUDO_PREFS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum prefs_theme {
    PREFS_THEME_DEFAULT, PREFS_THEME_HIGH_CONTRAST, PREFS_THEME_COLORBLIND, PREFS_THEME_MONO,
    PREFS_NTHEMES
};

/* The lines' glyphs: auto is box drawing in a UTF-8 locale, the Linux console's set on
 * TERM=linux, ASCII elsewhere. */
enum prefs_charset {
    PREFS_CHARSET_AUTO, PREFS_CHARSET_UNICODE, PREFS_CHARSET_CONSOLE, PREFS_CHARSET_ASCII,
    PREFS_NCHARSETS
};

/* Where an action's keys work.  Each screen has its own, so one key may do one thing on
 * the board and another in the picker; within one scope a key has one action. */
enum prefs_scope {
    PREFS_SCOPE_BOARD, PREFS_SCOPE_PICKER, PREFS_SCOPE_WATCH, PREFS_SCOPE_DIALOG, PREFS_NSCOPES
};

/* What a key can be bound to, by scope, in the order the config and help list them:
 * the board's (key.undo), the picker's (key.picker.open), the solver animation's
 * (key.watch.pause), the dialogs' answers and the New game form's (key.dialog.yes). */
enum prefs_action {
    PREFS_LEFT, PREFS_DOWN, PREFS_UP, PREFS_RIGHT, PREFS_ROW_START, PREFS_ROW_END,
    PREFS_COLUMN_TOP, PREFS_COLUMN_BOTTOM, PREFS_ERASE, PREFS_PENCIL, PREFS_MARK, PREFS_FILL,
    PREFS_CLEAR, PREFS_UNDO, PREFS_REDO, PREFS_RESTART, PREFS_CONFLICTS, PREFS_CHECK, PREFS_HINT,
    PREFS_COPY_PUZZLE, PREFS_COPY_POSITION, PREFS_TIMER, PREFS_WATCH, PREFS_NEWGAME,
    PREFS_PAUSE, PREFS_HELP, PREFS_COMMAND, PREFS_QUIT,
    PREFS_PICKER_UP, PREFS_PICKER_DOWN, PREFS_PICKER_OPEN, PREFS_PICKER_BACK,
    PREFS_PICKER_OPEN_FILE, PREFS_PICKER_PASTE, PREFS_PICKER_NEWGAME, PREFS_PICKER_DELETE,
    PREFS_PICKER_HELP, PREFS_PICKER_QUIT,
    PREFS_WATCH_FASTER, PREFS_WATCH_SLOWER, PREFS_WATCH_PAUSE, PREFS_WATCH_STEP,
    PREFS_WATCH_STRATEGY, PREFS_WATCH_MARKS, PREFS_WATCH_KEEP, PREFS_WATCH_HELP, PREFS_WATCH_QUIT,
    PREFS_DIALOG_YES, PREFS_DIALOG_NO, PREFS_DIALOG_RESUME, PREFS_DIALOG_START_OVER,
    PREFS_DIALOG_CANCEL, PREFS_DIALOG_UP, PREFS_DIALOG_DOWN, PREFS_DIALOG_PREVIOUS,
    PREFS_DIALOG_NEXT,
    PREFS_NACTIONS
};

/* A key is a Unicode code point (Ctrl-R is 0x12) or one of these named keys. */
enum {
    PREFS_KEY_UP = 0x110000, PREFS_KEY_DOWN, PREFS_KEY_LEFT, PREFS_KEY_RIGHT, PREFS_KEY_HOME,
    PREFS_KEY_END, PREFS_KEY_PGUP, PREFS_KEY_PGDN, PREFS_KEY_BACKSPACE, PREFS_KEY_DELETE,
    PREFS_KEY_INSERT, PREFS_KEY_F1, PREFS_KEY_F12 = PREFS_KEY_F1 + 11
};
#define PREFS_KEY_ESC 27

#define PREFS_KEYS_MAX 6        /* keys one action may have */
#define PREFS_KEY_NAME_MAX 16

/* The hint ladder's rungs a first press may show. */
enum { PREFS_HINT_WHERE = 1, PREFS_HINT_CONCLUSION = 4 };

struct prefs {
    enum prefs_theme theme;
    enum prefs_charset charset; /* the lines' glyphs */
    bool show_timer;
    int hint_start;             /* PREFS_HINT_WHERE .. PREFS_HINT_CONCLUSION */
    long watch_speed;           /* steps per second at first; 0: full speed */
    char keys_preset[16];       /* the preset the bindings started from */
    int keys[PREFS_NACTIONS][PREFS_KEYS_MAX];
    int nkeys[PREFS_NACTIONS];
};

/* The defaults: theme default (mono when no_color), Unicode, timer shown, hints from the
 * first rung, 20 steps a second, the default keys. */
void prefs_defaults(struct prefs *p, bool no_color);
/* Replaces every binding with a preset's: "default", "vi" or "arrows"; false if unknown. */
bool prefs_keys_preset(struct prefs *p, const char *name);

/* Reads settings from f, line by line.  Each bad line is reported to report (may be NULL)
 * as "NAME:LINE: what was expected", and the other lines still apply.  Returns the
 * number of bad lines. */
int prefs_read(struct prefs *p, FILE *f, const char *name,
               void (*report)(const char *message, void *user), void *user);
/* The same for a file; a file that does not exist is no error (the defaults stay), one
 * that cannot be read is one (reported as "PATH: why").  A FIFO or device with nothing to
 * read yet is waited on, after a note to waiting (may be NULL) that says so. */
int prefs_load(struct prefs *p, const char *path,
               void (*report)(const char *message, void *user),
               void (*waiting)(const char *message, void *user), void *user);
/* $XDG_CONFIG_HOME/kakudo/config, else ~/.config/kakudo/config; NULL without either
 * (no HOME).  Caller frees. */
char *prefs_default_path(void);

/* Keeps one setting the player changed (timer, watch-speed) in the config file at path:
 * every "name = ..." line of it becomes "name = value", or the line is added at the end;
 * the other lines, comments included, stay as they are.  Written to a temporary file
 * beside it and renamed into place, as saves are (through a symbolic link: its target
 * is rewritten); a missing file, and its directory, are made.  false with the reason in
 * err when it cannot be written (the file as it was is left). */
bool prefs_keep(const char *path, const char *name, const char *value, char *err,
                size_t errsize);

/* Writes every setting in the form prefs_read reads, with comments. */
void prefs_write(FILE *out, const struct prefs *p);

/* One line's worth: name = value; false, with what was expected in why, when it does
 * not apply (then nothing changed). */
bool prefs_set(struct prefs *p, const char *name, const char *value, char *why, size_t size);

/* A key by its name ("u", "C-r", "Space", "Up", "F1"...); false if none. */
bool prefs_key_parse(const char *name, int *key);
/* The name prefs_key_parse reads back. */
const char *prefs_key_name(int key, char *buf, size_t size);
/* A key's name for people: "Ctrl-R", "Space", "PgUp", "u". */
const char *prefs_key_label(int key, char *buf, size_t size);
/* An action's name in the config ("undo", "copy-puzzle", "picker.open"). */
const char *prefs_action_name(enum prefs_action a);
/* The action a key is bound to on the board, or -1. */
int prefs_key_action(const struct prefs *p, int key);
/* The action a key is bound to in scope s, or -1. */
int prefs_scope_key_action(const struct prefs *p, enum prefs_scope s, int key);
/* The scope whose keys an action's are. */
enum prefs_scope prefs_action_scope(enum prefs_action a);

const char *prefs_theme_name(enum prefs_theme t);
/* A theme by its name; false if none. */
bool prefs_theme_by_name(const char *name, int *theme);
/* The charset named name (auto, unicode, console, ascii) into *charset; false if none. */
bool prefs_charset_by_name(const char *name, int *charset);

#endif
