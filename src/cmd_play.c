/* cmd_play.c: `kakudo [FILE[:N]]`: loads the puzzle before the screen is taken, then plays. */
#include "config.h"
#include "cli.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>

#include "format.h"
#include "puzzle.h"
#include "tui/tui.h"

int cli_play(char **args, int nargs, const struct cli_options *opt)
{
    struct tui_options topt = {
        .ascii = opt->ascii,
        .no_color = opt->no_color || getenv("NO_COLOR") != NULL,
        .no_timer = opt->no_timer,
        .mouse = true,
        .watch = opt->watch,
        .strategy = opt->strategy,
        .nodes = opt->nodes,
    };
    struct format_style style = { .id = FORMAT_AUTO };
    struct format_error err;
    struct puzzle *p = NULL;
    int status;

    /* The terminal's character set decides between UTF-8 and ASCII drawing. */
    setlocale(LC_ALL, "");
    if (nargs > 1) {
        fprintf(stderr, "kakudo: too many files: the player opens one puzzle\n"
                "Try 'kakudo --help' for more information.\n");
        return 2;
    }
    if (nargs == 1) {
        p = format_load(args[0], opt->format, &style, &err);
        if (p == NULL) {
            char msg[600];
            format_error_string(&err, msg, sizeof msg);
            fprintf(stderr, "kakudo: %s\n", msg);
            return 2;
        }
    }
    status = tui_play(p, &style, nargs == 1 ? args[0] : NULL, &topt);
    puzzle_free(p);
    return status;
}
