/* cmd_player_exec.c: the command-line program's `play` and `watch`: runs the player, kakudo-player, in its place. */
#include "config.h"
#include "cli.h"
#include "i18n.h"

#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/*
 * kakudo is two programs: kakudo, the command line (solve, hint, rate, generate), linked
 * against the core alone, and kakudo-player, the same with the terminal player, linked
 * against ncursesw.  Loading the player's libraries took a third of a millisecond of
 * every run, half of kakudo's start-up, for commands that never draw a screen.  play and
 * watch exec the player with the same command line, so it reads it as kakudo would.
 * The player is looked for next to this program first (the build tree, or both installed
 * in one folder), then where `make install` puts it.
 */

/* The player next to this program, from /proc/self/exe, into buf; false when none. */
static bool player_beside_me(char *buf, size_t size)
{
    ssize_t n = readlink("/proc/self/exe", buf, size - 1);
    char *slash;

    if (n <= 0 || (size_t)n >= size - 1)
        return false;
    buf[n] = '\0';
    slash = strrchr(buf, '/');
    if (slash == NULL || (size_t)(slash - buf) + sizeof "/kakudo-player" > size)
        return false;
    strcpy(slash + 1, "kakudo-player");
    return access(buf, X_OK) == 0;
}

int cli_play(char **args, int nargs, const struct cli_options *opt)
{
    char beside[PATH_MAX];
    const char *installed = PLAYER_DIR "/kakudo-player";
    const char *path = player_beside_me(beside, sizeof beside) ? beside : installed;

    (void)args;
    (void)nargs;
    fflush(stdout);
    execv(path, opt->argv);
    fprintf(stderr, _("kakudo: cannot run the player %s: %s\n"), path, strerror(errno));
    return 2;
}
