/* main.c: kakudo's entry point: locale, the command line (cli_args.c), the command. */
#include "config.h"

#include <locale.h>
#include <stdbool.h>

#include "cli.h"

int main(int argc, char **argv)
{
    struct cli_options opt;
    struct cli_parsed cmd;
    int status;

    setlocale(LC_ALL, "");
    if (cli_is_generate(argc, argv))
        return cli_generate(argc, argv);
    status = cli_parse(argc, argv, &opt, &cmd);
    if (status >= 0)
        return status;
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
