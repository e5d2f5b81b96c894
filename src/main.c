/* main.c: kakudo's entry point: the command line (cli_args.c), the command. */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "i18n.h"

enum { EXIT_WRITE_ERROR = 2 };

/* Standard output is flushed and closed before exiting, so that output lost to a full disk or
 * a closed descriptor is an error (as GNU's close_stdout); a write error turns a success into
 * status 2.  A closed descriptor nothing was written to is no error. */
static int finish_output(int status)
{
    bool failed = fflush(stdout) != 0 || ferror(stdout);
    int err = errno;

    if (!failed && fclose(stdout) != 0 && errno != EBADF) {
        failed = true;
        err = errno;
    }
    if (failed) {
        fprintf(stderr, _("kakudo: write error: %s\n"), strerror(err != 0 ? err : EIO));
        if (status == 0 || status == 1)
            status = EXIT_WRITE_ERROR;
    }
    return status;
}

static int run_command(int argc, char **argv)
{
    struct cli_options opt;
    struct cli_parsed cmd;
    int status;

    /* No setlocale here: the command-line paths write ASCII and numbers in the C locale's
     * form, and loading the user's locale costs a fifth of a millisecond, as much as the
     * rest of the start-up; the player sets it (cli_play).  Translated messages would
     * set LC_MESSAGES and LC_CTYPE here, once there is a catalogue to read. */
    if (cli_is_generate(argc, argv))
        return cli_generate(argc, argv);
    status = cli_parse(argc, argv, &opt, &cmd);
    if (status >= 0)
        return status;
    if (opt.print_config)
        return cli_print_config(&opt);
    switch (cmd.command) {
    case CLI_SOLVE: return cli_solve(cmd.args, cmd.nargs, &opt);
    case CLI_WATCH:
        opt.watch = true;
        return cli_play(cmd.args, cmd.nargs, &opt);
    case CLI_HINT: return cli_hint(cmd.args, cmd.nargs, &opt);
    case CLI_RATE: return cli_rate(cmd.args, cmd.nargs, &opt);
    case CLI_PLAY: break;
    }
    return cli_play(cmd.args, cmd.nargs, &opt);
}

int main(int argc, char **argv)
{
    /* Past a file size limit (ulimit -f) a write fails with EFBIG, to be reported as any
     * write error, rather than SIGXFSZ ending kakudo without a word. */
    signal(SIGXFSZ, SIG_IGN);
    return finish_output(run_command(argc, argv));
}
