/* cli.h: the command-line commands and the options they share. */
#ifndef KAKUDO_CLI_H
#define KAKUDO_CLI_H

#include <limits.h>
#include <stdbool.h>

#include "format.h"
#include "solve.h"

struct game;

/* What rate prints for each puzzle (--format=se|rating). */
enum rate_output {
    RATE_OUTPUT_TEXT,       /* "FILE:N: Level, rating 7.2, hardest ..." */
    RATE_OUTPUT_SE,         /* "PUZZLE ED=7.2/7.2/2.6", as SE's serate */
    RATE_OUTPUT_RATING,     /* "PUZZLE 7.2", as rated puzzle collections */
};

struct cli_options {
    enum format_id format;  /* --format: the input's */
    enum rate_output rate_output;   /* --format=se|rating, for rate */
    bool path;              /* rate --path: every step of the solve */
    long apply;             /* hint --apply=N: take N steps, print the position */
    bool any;               /* --any: any one solution, no uniqueness proof */
    bool count;             /* --count[=LIMIT] */
    long count_limit;       /* 0: unlimited */
    bool stats;             /* --stats */
    bool no_color, no_timer;
    bool timer;             /* --timer: over a config's hidden timer */
    int charset;            /* --glyphs=SET, --ascii, --unicode: an enum prefs_charset, -1 when
                               not given */
    int theme;              /* --theme=NAME: an enum prefs_theme, -1 when not given */
    const char *config;     /* --config=FILE instead of the default file; NULL: default */
    bool print_config;      /* --print-config */
    bool trace;             /* --trace: print the search's steps */
    enum solve_strategy strategy;   /* --strategy=plain|smart */
    bool watch;             /* the `watch` command: the player, watching the solver */
    bool all;               /* hint --all */
    long nodes;             /* --nodes: a search's budget; 0: SOLVE_DEFAULT_NODES */
    long jobs;              /* -j, --jobs: puzzles worked on at once; 0: not given */
    char **argv;            /* the whole command line, which play and watch hand on to
                             * the player program (cmd_player_exec.c) */
};

enum cli_command { CLI_PLAY, CLI_SOLVE, CLI_WATCH, CLI_HINT, CLI_RATE };

/* A command line's command and the arguments after its word. */
struct cli_parsed {
    enum cli_command command;
    char **args;
    int nargs;
};

/* Reads the command line of every command but generate (cli_args.c): the options into
 * opt, the command into cmd.  Returns -1 to go on, else the exit status after printing
 * the help, the version or a usage error.  It can be called again (the fuzz target does). */
int cli_parse(int argc, char **argv, struct cli_options *opt, struct cli_parsed *cmd);

/* Prints "COMMAND: message" and where to find help to standard error, for a bad
 * command line; returns EXIT_USAGE.  COMMAND is "kakudo" or "kakudo generate". */
int cli_usage_error(const char *command, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The usage error for getopt_long's '?' (the options' values must start at 256): an
 * unknown short option (a cluster's argv[optind - 1] is not the option), a long option
 * given an argument it does not take, or an unknown long option. */
int cli_bad_option(const char *command, char *const argv[]);

/* Whether s is a whole decimal number from min to max; if so, it goes in *out. */
bool cli_parse_number(const char *s, long min, long max, long *out);
/* The most a count or a budget (--count, --nodes) takes: LONG_MAX is strtol's overflow. */
#define CLI_MAX_LIMIT (LONG_MAX - 1)
/* Reads the value of a numeric option of command (--apply=12) into *out; false, with a
 * usage error naming the option and the range from min to max printed and *status set,
 * when it is not a whole number in that range. */
bool cli_parse_option_number(const char *command, const char *option, const char *value,
                             long min, long max, long *out, int *status);

/* The number of jobs (threads) of a batch command: -j N, else the processors online.
 * Output is the same whatever it is (the pool of pool.h delivers in input order). */
int cli_jobs(const struct cli_options *opt);
/* Whether standard output has failed (a full disk, a file size limit, a closed pipe's
 * reader): the batch commands then stop reading and making what nobody will get, and
 * main reports the write error. */
bool cli_output_lost(void);
/* Reads the value of -j/--jobs ("4") as cli_parse_option_number does. */
bool cli_parse_jobs(const char *command, const char *value, long *jobs, int *status);

/* One FILE[:N] operand of a batch command, open for reading ("-" is standard input). */
struct cli_input {
    const char *arg;        /* the operand as given */
    const char *path;       /* its file, without the :N */
    const char *name;       /* the file as messages name it ("<stdin>" for "-"; control
                             * characters as \xNN): the only name a message may print */
    long only;              /* N of FILE:N, else -1: every puzzle */
    FILE *f;                /* NULL when it cannot be opened: error is errno's why */
    int error;
};
/* Calls each for every operand of files in turn (standard input when there is none),
 * closing the file after it, then finish (closing the work pool, whose jobs name the
 * paths until they are delivered), then frees the paths and names. */
void cli_each_input(char **files, int nfiles, void (*each)(const struct cli_input *in, void *user),
                    void (*finish)(void *user), void *user);

/* Whether operand arg (FILE, FILE:N, or "-" for standard input) is a saved game (it
 * starts as game_save writes), which solve, hint and rate read when no --format is given.
 * Only a regular file is looked at (standard input too: "< SAVE"), where it stands. */
bool cli_is_save_file(const char *arg);
/* The saved game of operand arg (as above); NULL with game_load's message in why when it
 * cannot be read, or with the reader's when N is not 1 (a save holds one puzzle). */
struct game *cli_load_save(const char *arg, char *why, size_t why_size);
/* Its puzzle (the givens: the player's digits are not the puzzle's; caller frees) and,
 * when style is not NULL, the layout it was read in; NULL with a message as above. */
struct puzzle *cli_load_saved_puzzle(const char *arg, struct format_style *style, char *why,
                                     size_t why_size);

/* Exit status of solve, hint and rate when a search gave up (its budget ran out). */
enum { CLI_EXIT_GAVE_UP = 3 };

/* The search budget the options ask for. */
struct solve_budget cli_budget(const struct cli_options *opt);

/* `kakudo solve`: solves every puzzle of files (standard input when none or "-"); returns
 * the exit status (0 fine, 1 a puzzle without solution, 2 bad input, 3 gave up). */
int cli_solve(char **files, int nfiles, const struct cli_options *opt);

/* `kakudo hint [--all] FILE[:N]...`: the easiest next step (or every step) from each
 * puzzle's givens, explained; returns the exit status (0 fine, 1 no solution, 2 bad input). */
int cli_hint(char **files, int nfiles, const struct cli_options *opt);
/* `kakudo rate [FILE]...`: every puzzle's level, hardest technique, technique counts and
 * score (standard input when no FILE or FILE is -); returns the exit status. */
int cli_rate(char **files, int nfiles, const struct cli_options *opt);

/* The player's preferences (cmd_config.c): the defaults (NO_COLOR's mono theme), then the
 * config file (--config or the default path), then the command line's options.  Each bad
 * line of the file is reported to report (may be NULL); returns how many there were. */
struct prefs;
int cli_load_prefs(const struct cli_options *opt, struct prefs *p,
                   void (*report)(const char *message, void *user), void *user);
/* `kakudo --print-config`: the settings in force, as a config file; returns the exit
 * status (2 when the config file has bad lines, which are said on standard error). */
int cli_print_config(const struct cli_options *opt);

/* `kakudo [play] [FILE[:N]]`: the interactive player; returns the exit status. */
int cli_play(char **args, int nargs, const struct cli_options *opt);

/* `kakudo generate sudoku|kakuro [OPTION]...` (cmd_generate.c): whether the command
 * line asks for it (its options may stand before the word), and the command itself,
 * which reads its own options from the whole command line; returns the exit status. */
bool cli_is_generate(int argc, char **argv);
int cli_generate(int argc, char **argv);
/* Reads and checks generate's command line as cli_generate does, generating nothing:
 * -1 when it would generate, else the exit status after the help or a usage error. */
int cli_generate_check(int argc, char **argv);

#endif
