/* cmd_play.c: `kakudo [FILE[:N]]`: loads the puzzle before the screen is taken, then plays. */
#include "config.h"
#include "cli.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "i18n.h"
#include "prefs.h"
#include "puzzle.h"
#include "tui/tui.h"
#include "util.h"

/* A bad config line is said on standard error (seen again after the player), and the
 * first of them on the player's status line. */
static void note_config_error(const char *message, void *user)
{
    struct tui_options *topt = user;

    const char *colon = strstr(message, ": "), *name = message;

    fprintf(stderr, "kakudo: %s\n", message);
    /* The status line is one row: the file's own name is enough there. */
    for (const char *s = message; colon != NULL && s < colon; s++)
        if (*s == '/')
            name = s + 1;
    if (topt->config_note[0] == '\0')
        util_copy_cut(topt->config_note, sizeof topt->config_note, name);
}

/* A saved game named to watch: said as watch's own (the reader's message is for solve,
 * hint and rate fed a save through a pipe). */
static int refuse_save(const char *arg)
{
    char *shown = util_escape_controls(arg);

    fprintf(stderr, _("kakudo: %s: a saved game, not a puzzle: watch opens puzzles; the player "
                      "resumes a saved game (kakudo SAVE), and solve, hint and rate read one\n"),
            shown);
    free(shown);
    return 2;
}

/* A saved game named to play (SAVE or SAVE:1): read before the screen is taken, so that
 * one that does not load is said on the terminal (and left as it is, not set aside as
 * the state directory's are), then resumed as saved: digits, marks, undo history, timer,
 * cursor; its progress goes on being saved to it. */
static int play_save(const char *arg, struct tui_options *topt)
{
    char why[600], *path;
    long only;
    struct format_style style = { .id = FORMAT_AUTO };
    int status;

    topt->save = cli_load_save(arg, why, sizeof why);
    if (topt->save == NULL) {
        fprintf(stderr, "kakudo: %s\n", why);
        return 2;
    }
    format_split_spec(arg, &path, &only);
    topt->save_path = strcmp(path, "-") != 0 ? path : NULL;
    status = tui_play(NULL, &style, arg, topt);
    free(path);
    return status;
}

/* Where the player keeps the settings it changes: the config file it read, --config's or
 * the usual one. */
static void keep_config_path(const struct cli_options *opt, struct tui_options *topt)
{
    char *path = opt->config != NULL ? xstrdup(opt->config) : prefs_default_path();

    if (path != NULL && strlen(path) < sizeof topt->config_path)
        strcpy(topt->config_path, path);
    free(path);
}

int cli_play(char **args, int nargs, const struct cli_options *opt)
{
    struct tui_options topt = {
        .mouse = true,
        .watch = opt->watch,
        .strategy = opt->strategy,
        .nodes = opt->nodes,
    };
    struct format_style style = { .id = FORMAT_AUTO };
    struct format_error err;
    struct puzzle *p = NULL;
    digitset *marks = NULL;     /* a pencil-mark grid's: the player's marks from the start */
    int status;

    /* The terminal's character set decides between UTF-8 and ASCII drawing; the
     * messages' language is set up now, before the screen is, and numbers keep the C
     * locale's form (no LC_ALL). */
    setlocale(LC_CTYPE, "");
    i18n_init();
    topt.config_errors = cli_load_prefs(opt, &topt.prefs, note_config_error, &topt);
    keep_config_path(opt, &topt);
    topt.charset = topt.prefs.charset;
    topt.no_color = topt.prefs.theme == PREFS_THEME_MONO;
    topt.no_timer = !topt.prefs.show_timer;
    if (nargs > 1) {
        fprintf(stderr, _("kakudo: too many files: the player opens one puzzle\n"
                          "Try 'kakudo --help' for more information.\n"));
        return 2;
    }
    if (nargs == 1 && opt->format == FORMAT_AUTO && cli_is_save_file(args[0]))
        return opt->watch ? refuse_save(args[0]) : play_save(args[0], &topt);
    if (nargs == 1) {
        p = format_load_marks(args[0], opt->format, &style, &marks, &err);
        if (p == NULL) {
            char msg[600];
            format_error_string(&err, msg, sizeof msg);
            fprintf(stderr, "kakudo: %s\n", msg);
            return 2;
        }
    }
    topt.marks = marks;
    status = tui_play(p, &style, nargs == 1 ? args[0] : NULL, &topt);
    free(marks);
    puzzle_free(p);
    return status;
}
