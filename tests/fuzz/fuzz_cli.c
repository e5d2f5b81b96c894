/* fuzz_cli.c: fuzz target: the command line, every command's options and generate's. */
#include "config.h"

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "fuzz.h"

/*
 * The input is a command line, one argument per line (the program name comes first by
 * itself).  It goes through cli_is_generate, cli_parse (main.c's reading of it) and
 * generate's own reading (cli_generate_check), which print help and usage errors (sent
 * to /dev/null here) but run nothing.  What must hold: each ends with "go on" or an exit
 * status of 0 or 2, and what it hands on lies inside the command line.
 */

const struct fuzz_replay fuzz_replay = {
    .dirs = { "tests/fuzz/corpus/cli" },
    .mutants = 1000,
};

#define MAX_ARGS 40
#define MAX_ARG_BYTES 300

static int quiet_fd = -1, saved_out, saved_err;

/* Help and messages go to /dev/null while the parsers run. */
static void silence(bool on)
{
    fflush(stdout);
    fflush(stderr);
    if (quiet_fd < 0) {
        quiet_fd = open("/dev/null", O_WRONLY);
        saved_out = dup(STDOUT_FILENO);
        saved_err = dup(STDERR_FILENO);
        if (quiet_fd < 0 || saved_out < 0 || saved_err < 0)
            fuzz_fail("cannot open /dev/null");
    }
    dup2(on ? quiet_fd : saved_out, STDOUT_FILENO);
    dup2(on ? quiet_fd : saved_err, STDERR_FILENO);
}

static int split_args(const uint8_t *data, size_t size, char store[][MAX_ARG_BYTES + 1], char **argv)
{
    int argc = 0;
    size_t at = 0;

    argv[argc++] = (char *)"kakudo";
    while (at < size && argc < MAX_ARGS) {
        const uint8_t *nl = memchr(data + at, '\n', size - at);
        size_t len = nl != NULL ? (size_t)(nl - (data + at)) : size - at;
        size_t n = len < MAX_ARG_BYTES ? len : MAX_ARG_BYTES;

        memcpy(store[argc], data + at, n);
        store[argc][n] = '\0';
        argv[argc] = store[argc];
        argc++;
        at += len + 1;
    }
    argv[argc] = NULL;
    return argc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char store[MAX_ARGS + 1][MAX_ARG_BYTES + 1];
    char *argv[MAX_ARGS + 1], *copy[MAX_ARGS + 1];
    struct cli_options opt;
    struct cli_parsed cmd;
    int argc = split_args(data, size, store, argv), status;

    memcpy(copy, argv, sizeof argv);
    silence(true);
    (void)cli_is_generate(argc, argv);
    status = cli_parse(argc, argv, &opt, &cmd);
    silence(false);
    if (status != -1 && status != 0 && status != 2)
        fuzz_fail("cli_parse: exit status %d", status);
    if (status == -1 && (cmd.nargs < 0 || cmd.args < argv || cmd.args + cmd.nargs > argv + argc
                         || opt.count_limit < 0 || (opt.trace && opt.count)))
        fuzz_fail("cli_parse: arguments or options out of range");
    memcpy(argv, copy, sizeof argv);
    silence(true);
    status = cli_generate_check(argc, argv);
    silence(false);
    if (status != -1 && status != 0 && status != 2)
        fuzz_fail("cli_generate_check: exit status %d", status);
    return 0;
}
