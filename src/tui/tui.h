/* tui.h: the interactive ncursesw player: its one entry point, called by `kakudo [FILE[:N]]`. */
#ifndef KAKUDO_TUI_H
#define KAKUDO_TUI_H

#include <stdbool.h>

#include "format.h"
#include "game.h"
#include "prefs.h"
#include "puzzle.h"
#include "solve.h"

struct tui_options {
    enum prefs_charset charset; /* the lines' glyphs (ASCII where the locale is not UTF-8) */
    bool no_color;      /* attributes only (the caller also sets it for NO_COLOR) */
    bool no_timer;      /* start with the timer hidden */
    bool mouse;         /* accept mouse clicks */
    bool watch;         /* start watching the solver as soon as the board is shown */
    enum solve_strategy strategy;   /* the solver's strategy to watch first */
    long nodes;         /* the watched search's budget (--nodes); 0: the strategy's default */
    struct prefs prefs; /* theme, keys, hint start, watch speed (charset, no_color and
                           no_timer above agree with it) */
    const digitset *marks;  /* the puzzle's pencil marks as its file gives them, or NULL */
    struct game *save;  /* a saved game to resume in the place of a puzzle (taken), or NULL */
    const char *save_path;  /* the file it was read from, where its progress goes on */
    char config_path[4096]; /* the config file, where the timer and the watch speed the
                               player sets are kept; "" for none */
    int config_errors;  /* bad lines in the config file, */
    char config_note[300];  /* the first of which is said on the status line */
};

/* Runs the player on p (a copy is kept), on opt->save when it is given, or the picker;
 * source_name names the file for messages (may be NULL).  Returns the process exit
 * status. */
int tui_play(struct puzzle *p, const struct format_style *style, const char *source_name,
             const struct tui_options *opt);

#endif
