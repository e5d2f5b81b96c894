/* cmd_config.c: the player's settings from the config file and the command line, and --print-config. */
#include "config.h"
#include "cli.h"

#include <stdio.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "prefs.h"
#include "util.h"

static void say_on_stderr(const char *message, void *user)
{
    (void)user;
    fprintf(stderr, "kakudo: %s\n", message);
}

int cli_load_prefs(const struct cli_options *opt, struct prefs *p,
                   void (*report)(const char *message, void *user), void *user)
{
    char *path = opt->config != NULL ? NULL : prefs_default_path();
    int bad = 0;

    /* NO_COLOR gives way to a theme the config or the command line names (no-color.org). */
    prefs_defaults(p, getenv("NO_COLOR") != NULL);
    if (opt->config != NULL && access(opt->config, F_OK) != 0 && report != NULL) {
        /* A file named on the command line is meant to be there. */
        const char *why = strerror(errno);
        char *name = util_escape_controls(opt->config), msg[600];

        util_format_cut(msg, sizeof msg, "%s: %s", name, why);
        free(name);
        report(msg, user);
        bad = 1;
    } else if (opt->config != NULL) {
        bad = prefs_load(p, opt->config, report, say_on_stderr, user);
    } else if (path != NULL) {
        bad = prefs_load(p, path, report, say_on_stderr, user);
    }
    free(path);
    if (opt->charset >= 0)
        p->charset = (enum prefs_charset)opt->charset;
    if (opt->no_timer)
        p->show_timer = false;
    if (opt->timer)
        p->show_timer = true;
    if (opt->no_color)
        p->theme = PREFS_THEME_MONO;
    if (opt->theme >= 0)
        p->theme = (enum prefs_theme)opt->theme;
    return bad;
}

int cli_print_config(const struct cli_options *opt)
{
    struct prefs p;
    int bad = cli_load_prefs(opt, &p, say_on_stderr, NULL);

    prefs_write(stdout, &p);
    return bad > 0 ? 2 : 0;
}
