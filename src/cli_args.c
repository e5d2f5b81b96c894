/* cli_args.c: the command line of every command but generate: GNU-style options anywhere, then the command word. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "format.h"
#include "game.h"
#include "i18n.h"
#include "pool.h"
#include "prefs.h"
#include "util.h"

enum { EXIT_USAGE = 2 };

enum long_only_option {
    OPT_ANY = 256, OPT_COUNT, OPT_STATS, OPT_FORMAT, OPT_ASCII, OPT_NO_COLOR, OPT_NO_TIMER,
    OPT_VERSION, OPT_TRACE, OPT_STRATEGY, OPT_ALL, OPT_NODES, OPT_PATH, OPT_APPLY,
    OPT_UNICODE, OPT_GLYPHS, OPT_TIMER, OPT_THEME, OPT_CONFIG, OPT_PRINT_CONFIG,
};

/* The most jobs -j takes: far more threads than any machine has cores only cost memory. */
enum { MAX_JOBS = 1024 };
/* The most steps hint --apply takes: more than any puzzle's solve path has. */
enum { MAX_APPLY = 100000 };

static const struct option long_options[] = {
    { "any", no_argument, NULL, OPT_ANY },
    { "count", optional_argument, NULL, OPT_COUNT },
    { "stats", no_argument, NULL, OPT_STATS },
    { "format", required_argument, NULL, OPT_FORMAT },
    { "ascii", no_argument, NULL, OPT_ASCII },
    { "no-color", no_argument, NULL, OPT_NO_COLOR },
    { "no-colour", no_argument, NULL, OPT_NO_COLOR },
    { "no-timer", no_argument, NULL, OPT_NO_TIMER },
    { "trace", no_argument, NULL, OPT_TRACE },
    { "strategy", required_argument, NULL, OPT_STRATEGY },
    { "all", no_argument, NULL, OPT_ALL },
    { "nodes", required_argument, NULL, OPT_NODES },
    { "path", no_argument, NULL, OPT_PATH },
    { "apply", required_argument, NULL, OPT_APPLY },
    { "unicode", no_argument, NULL, OPT_UNICODE },
    { "glyphs", required_argument, NULL, OPT_GLYPHS },
    { "timer", no_argument, NULL, OPT_TIMER },
    { "theme", required_argument, NULL, OPT_THEME },
    { "config", required_argument, NULL, OPT_CONFIG },
    { "print-config", no_argument, NULL, OPT_PRINT_CONFIG },
    { "jobs", required_argument, NULL, 'j' },
    { "help", no_argument, NULL, 'h' },
    { "version", no_argument, NULL, OPT_VERSION },
    { NULL, 0, NULL, 0 },
};

static void print_help(void)
{
    /* One translatable message per section, each a block a translator can lay out anew
     * (the option names and values stay as they are). */
    fputs(_("Usage: kakudo [OPTION]... [FILE[:N]]\n"
            "  or:  kakudo solve [OPTION]... [FILE[:N]]...\n"
            "  or:  kakudo watch [OPTION]... FILE[:N]\n"
            "  or:  kakudo hint [--all|--apply=N] [FILE[:N]]...\n"
            "  or:  kakudo rate [--path] [--format=se|rating] [FILE[:N]]...\n"
            "  or:  kakudo generate sudoku|kakuro|killer|x|jigsaw|killer-x|killer-jigsaw|\n"
            "                       jigsaw-x|killer-jigsaw-x [OPTION]...\n"
            "Play and solve Sudoku and Kakuro in the terminal.\n"
            "\n"), stdout);
    fputs(_("Commands:\n"
            "  (none), play   open the player: the picker, or the Nth puzzle of FILE\n"
            "  solve          solve every puzzle of each FILE (standard input when no FILE\n"
            "                 or FILE is -) and print the solutions in the input's layout\n"
            "  watch          open the player on the Nth puzzle of FILE and watch the solver\n"
            "  hint           explain the next step of a puzzle: the technique, the cells\n"
            "                 (rNcM: row N, column M) and the reason\n"
            "  rate           rate every puzzle of each FILE: level (Beginner, Easy, Medium,\n"
            "                 Hard, Expert, Master), rating on Sudoku Explainer's scale\n"
            "                 (1.0 to 11.9), hardest technique, counts and a score\n"
            "  generate       make new puzzles with exactly one solution at a chosen level\n"
            "                 (--size, --level, --symmetry, --count, --seed, --format;\n"
            "                 see 'kakudo generate --help')\n"
            "\n"), stdout);
    printf(_("Options for solve:\n"
             "      --any            print any one solution without proving it unique\n"
             "      --count[=LIMIT]  print the number of solutions (LIMIT+ if there are more)\n"
             "      --stats          report nodes, guesses and time per puzzle on stderr\n"
             "      --format=NAME    read FILE as NAME: line, grid, kakuro2, kakuro,\n"
             "                       pencilmarks, variant, jigsaw-line, killer-line or\n"
             "                       x-line (also for hint, rate and the player)\n"
             "      --trace          print every step of the search, one per line, before\n"
             "                       the solution\n"
             "      --strategy=NAME  search with NAME: smart (propagation, most constrained\n"
             "                       cell first; the default) or plain (cells in reading\n"
             "                       order, digits ascending); also for watch\n"
             "      --nodes=N        give up a search after N nodes (default %u, or\n"
             "                       %u with --strategy=plain; also for hint,\n"
             "                       rate, watch and the player): exit status 3\n"
             "  -j, --jobs=N         work on N puzzles at once, in N threads (at most the\n"
             "                       processors online, the default; also for hint, rate\n"
             "                       and generate): the output is the same, in input order\n"), SOLVE_DEFAULT_NODES,
           SOLVE_DEFAULT_PLAIN_NODES);
    fputs(_("Options for hint (FILE may also be a pencil-mark grid or a saved game):\n"
            "      --all            list every step available now, not just the easiest\n"
            "      --apply=N        take the next N steps, then print the position as a\n"
            "                       pencil-mark grid\n"), stdout);
    fputs(_("Options for rate:\n"
            "      --path           print every step of the solve, with its rating\n"
            "      --format=se      print each puzzle as a line with ED=ER/EP/ED, as\n"
            "                       Sudoku Explainer's serate (hardest step, hardest before\n"
            "                       the first placement, first step)\n"
            "      --format=rating  print each puzzle as a line and its rating\n"), stdout);
    fputs(_("Options for the player:\n"
            "      --ascii          draw with plain ASCII instead of box-drawing characters\n"
            "      --no-color       do not use colours (also when NO_COLOR is set)\n"
            "      --no-timer       hide the timer\n"
            "      --unicode        draw with box-drawing characters, heavy lines too\n"
            "      --glyphs=SET     lines: auto (console on TERM=linux, else unicode),\n"
            "                       unicode, console (the Linux console's double lines)\n"
            "                       or ascii\n"
            "      --timer          show the timer (over timer = hidden)\n"
            "      --theme=NAME     colours: default, high-contrast, colorblind or mono\n"
            "      --config=FILE    read settings from FILE instead of\n"
            "                       $XDG_CONFIG_HOME/kakudo/config (~/.config/kakudo/config)\n"
            "      --print-config   print the settings in force, as a config file, and exit\n"
            "\n"), stdout);
    fputs(_("      --help           display this help and exit\n"
            "      --version        output version information and exit\n"
            "\n"), stdout);
    fputs(_("Formats: one-line Sudoku (N*N symbols, '.' or '0' empty), Sudoku grids\n"
            "(BOJ 2580 with spaces, BOJ 2239 without, .sdk boxes), pencil-mark grids,\n"
            "algospot KAKURO2, kakudo's Kakuro grid, kakudo's variant format (Killer,\n"
            "Sudoku X, Jigsaw and their combinations), Jigsaw lines and Killer lines.\n"
            "Sudoku sizes 4x4 to 25x25 (variants to 16x16); symbols 1-9 then A, B, ...\n"
            "FILE:N is the Nth puzzle of FILE alone (from 1), for solve, hint, rate, watch\n"
            "and the player.\n"
            "\n"), stdout);
    fputs(_("Exit status: 0 if all went well, 1 if a puzzle has no solution, 2 on bad input,\n"
            "3 if a search gave up (its budget of nodes ran out).\n"), stdout);
}

static void print_version(void)
{
    printf("kakudo %s\n"
           "Copyright (C) 2026 the kakudo authors.\n"
           "License: MIT. This is free software: you are free to change and redistribute it.\n"
           "There is NO WARRANTY, to the extent permitted by law.\n", PACKAGE_VERSION);
}

int cli_usage_error(const char *command, const char *fmt, ...)
{
    va_list ap;
    char *msg, *shown;
    int len;

    /* fmt is translated here: xgettext takes the callers' messages (po/Makevars). */
    va_start(ap, fmt);
    len = vsnprintf(NULL, 0, _(fmt), ap);
    va_end(ap);
    msg = xmalloc(len > 0 ? (size_t)len + 1 : 1);
    msg[0] = '\0';
    va_start(ap, fmt);
    if (len > 0)
        vsnprintf(msg, (size_t)len + 1, _(fmt), ap);
    va_end(ap);
    /* The values a usage message quotes come from the command line: an escape sequence in
     * one (--theme=$'\e[2J') must not clear or recolour the user's terminal. */
    shown = util_escape_controls(msg);
    fprintf(stderr, "%s: %s\n", command, shown);
    free(shown);
    free(msg);
    fprintf(stderr, _("Try '%s --help' for more information.\n"), command);
    return EXIT_USAGE;
}

#define usage_error(...) cli_usage_error("kakudo", __VA_ARGS__)

int cli_bad_option(const char *command, char *const argv[])
{
    /* optopt: a short option's letter, a long option's value (256 and up), or 0. */
    if (optopt > 0 && optopt < 256)
        return cli_usage_error(command, "invalid option -- '%c'", optopt);
    if (optopt >= 256)
        return cli_usage_error(command, "option '%.*s' doesn't allow an argument",
                               (int)strcspn(argv[optind - 1], "="), argv[optind - 1]);
    return cli_usage_error(command, "unrecognized option '%s'", argv[optind - 1]);
}

static const char *const commands[] = { "play", "solve", "watch", "hint", "rate", "generate" };
#define NCOMMANDS (sizeof commands / sizeof commands[0])

/* The edit distance between two short words (insertions, deletions, substitutions). */
static size_t edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b), row[64];

    if (la >= 64 || lb >= 64)
        return la > lb ? la : lb;
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t up = row[j], best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

/* Whether a word on the command line was meant as a command rather than a file: no file
 * has that name, and it looks like a command (letters only, no path, dot or :N). */
static bool looks_like_command(const char *arg)
{
    if (access(arg, F_OK) == 0 || !((*arg >= 'a' && *arg <= 'z') || (*arg >= 'A' && *arg <= 'Z')))
        return false;
    for (const char *s = arg; *s != '\0'; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '-'))
            return false;
    return true;
}

/* An unknown command, with the closest one when it is close enough to be a slip. */
static int unknown_command(const char *word)
{
    size_t best = 0, best_d = (size_t)-1;
    char lower[64];

    snprintf(lower, sizeof lower, "%s", word);
    for (char *s = lower; *s != '\0'; s++)
        if (*s >= 'A' && *s <= 'Z')
            *s = (char)(*s - 'A' + 'a');
    for (size_t i = 0; i < NCOMMANDS; i++) {
        size_t d = edit_distance(lower, commands[i]);
        if (d < best_d) {
            best_d = d;
            best = i;
        }
    }
    if (best_d <= strlen(commands[best]) / 2)
        return usage_error("unknown command '%s' (and no such file): did you mean '%s'?", word,
                           commands[best]);
    return usage_error("unknown command '%s' (and no such file): the commands are play, solve, "
                       "watch, hint, rate and generate", word);
}

/* Whether the option a takes the next word as its value: "-j 4", "--format line". */
static bool takes_next_word(const char *a)
{
    if (strcmp(a, "-j") == 0)
        return true;
    for (const struct option *o = long_options; o->name != NULL; o++)
        if (a[1] == '-' && strcmp(a + 2, o->name) == 0 && o->has_arg == required_argument)
            return true;
    return false;
}

/* The first word of the command line that is not an option or an option's argument
 * (what names the command or the file), or NULL. */
static const char *first_operand(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];

        if (strcmp(a, "--") == 0)
            return i + 1 < argc ? argv[i + 1] : NULL;
        if (a[0] != '-' || a[1] == '\0')
            return a;
        if (takes_next_word(a))
            i++;
    }
    return NULL;
}

/* Whether the command word is an unknown one, said before any option of the command it
 * meant is refused ("kakudo genrate --size 4" is about genrate, not --size). */
static bool is_unknown_command(const char *word)
{
    if (word == NULL || !looks_like_command(word))
        return false;
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(word, commands[i]) == 0)
            return false;
    return true;
}

bool cli_parse_number(const char *s, long min, long max, long *out)
{
    char *end;
    long v;

    if (s == NULL || *s == '\0')
        return false;
    v = strtol(s, &end, 10);
    if (*end != '\0' || v < min || v > max)
        return false;
    *out = v;
    return true;
}

int cli_jobs(const struct cli_options *opt)
{
    return opt->jobs > 0 ? (int)opt->jobs : pool_online_cpus();
}

bool cli_output_lost(void)
{
    return ferror(stdout) != 0;
}

bool cli_parse_option_number(const char *command, const char *option, const char *value,
                             long min, long max, long *out, int *status)
{
    if (cli_parse_number(value, min, max, out))
        return true;
    *status = cli_usage_error(command, "invalid %s '%s': expected a whole number from %ld to %ld",
                              option, value, min, max);
    return false;
}

bool cli_parse_jobs(const char *command, const char *value, long *jobs, int *status)
{
    return cli_parse_option_number(command, "--jobs", value, 1, MAX_JOBS, jobs, status);
}

/* --format's value: an input format, rate's output format, or both separated by a comma
 * ("line,se"); false if a name is neither. */
static bool parse_formats(const char *value, struct cli_options *opt)
{
    char buf[64];
    char *rest = buf;

    if (strlen(value) >= sizeof buf)
        return false;
    strcpy(buf, value);
    /* Every name counts, an empty one too: "--format=" or "line," names no format. */
    for (char *name = strsep(&rest, ","); name != NULL; name = strsep(&rest, ",")) {
        if (*name == '\0')
            return false;
        if (strcasecmp(name, "se") == 0)
            opt->rate_output = RATE_OUTPUT_SE;
        else if (strcasecmp(name, "rating") == 0)
            opt->rate_output = RATE_OUTPUT_RATING;
        else if (!format_by_name(name, &opt->format))
            return false;
    }
    return true;
}

/* Parses the options; returns -1 to go on, else an exit status. */
static int parse_options(int argc, char **argv, struct cli_options *opt)
{
    int c;

    opterr = 0;
    optind = 0;     /* a full reset: also of a scan left inside a cluster like -hx */
    while ((c = getopt_long(argc, argv, ":hj:", long_options, NULL)) != -1) {
        int status;

        switch (c) {
        case OPT_ANY: opt->any = true; break;
        case 'j':
            if (!cli_parse_jobs("kakudo", optarg, &opt->jobs, &status))
                return status;
            break;
        case OPT_STATS: opt->stats = true; break;
        case OPT_ASCII: opt->charset = PREFS_CHARSET_ASCII; break;
        case OPT_UNICODE: opt->charset = PREFS_CHARSET_UNICODE; break;
        case OPT_GLYPHS:
            if (!prefs_charset_by_name(optarg, &opt->charset))
                return usage_error("unknown glyph set '%s': expected auto, unicode, console "
                                   "or ascii", optarg);
            break;
        case OPT_NO_COLOR: opt->no_color = true; opt->theme = -1; break;
        case OPT_THEME:
            if (!prefs_theme_by_name(optarg, &opt->theme))
                return usage_error("unknown theme '%s': expected default, high-contrast, "
                                   "colorblind or mono", optarg);
            opt->no_color = false;
            break;
        case OPT_NO_TIMER: opt->no_timer = true; opt->timer = false; break;
        case OPT_TIMER: opt->timer = true; opt->no_timer = false; break;
        case OPT_CONFIG:
            if (*optarg == '\0')     /* said as ": No such file or directory" */
                return usage_error("invalid --config '': expected a file's name");
            if (strcmp(optarg, "-") == 0)   /* was "-: No such file or directory" */
                return usage_error("--config reads settings from a file, not from standard "
                                   "input: expected a file's name ('./-' for a file named '-')");
            opt->config = optarg;
            break;
        case OPT_PRINT_CONFIG: opt->print_config = true; break;
        case OPT_TRACE: opt->trace = true; break;
        case OPT_STRATEGY:
            if (strcmp(optarg, "plain") == 0)
                opt->strategy = SOLVE_PLAIN;
            else if (strcmp(optarg, "smart") == 0)
                opt->strategy = SOLVE_SMART;
            else
                return usage_error("unknown strategy '%s': expected plain or smart", optarg);
            break;
        case OPT_ALL: opt->all = true; break;
        case OPT_COUNT:
            opt->count = true;
            if (optarg != NULL && !cli_parse_option_number("kakudo", "--count", optarg, 1,
                                                           CLI_MAX_LIMIT, &opt->count_limit,
                                                           &status))
                return status;
            break;
        case OPT_NODES:
            if (!cli_parse_option_number("kakudo", "--nodes", optarg, 1, CLI_MAX_LIMIT,
                                         &opt->nodes, &status))
                return status;
            break;
        case OPT_FORMAT:
            if (!parse_formats(optarg, opt))
                return usage_error("unknown format '%s': expected line, grid, kakuro2, kakuro, "
                                   "pencilmarks, variant, jigsaw-line, killer-line or x-line to read, "
                                   "se or rating for rate's output", optarg);
            break;
        case OPT_PATH: opt->path = true; break;
        case OPT_APPLY:
            if (!cli_parse_option_number("kakudo", "--apply", optarg, 0, MAX_APPLY, &opt->apply,
                                         &status))
                return status;
            break;
        case 'h': print_help(); return 0;
        case OPT_VERSION: print_version(); return 0;
        case ':': return usage_error("option '%s' needs an argument", argv[optind - 1]);
        default: return cli_bad_option("kakudo", argv);
        }
    }
    return -1;
}

/* The command word and its arguments, checked; -1 to go on, else the exit status. */
static int parse_command(char **args, int nargs, const struct cli_options *opt, struct cli_parsed *cmd)
{
    static const struct {
        const char *word;
        enum cli_command command;
    } words[] = {
        { "solve", CLI_SOLVE }, { "watch", CLI_WATCH }, { "hint", CLI_HINT },
        { "rate", CLI_RATE }, { "play", CLI_PLAY },
    };

    if (opt->trace && opt->count)
        return usage_error("--trace and --count cannot be used together");
    cmd->command = CLI_PLAY;
    cmd->args = args;
    cmd->nargs = nargs;
    for (size_t i = 0; nargs > 0 && i < sizeof words / sizeof words[0]; i++)
        if (strcmp(args[0], words[i].word) == 0) {
            cmd->command = words[i].command;
            cmd->args = args + 1;
            cmd->nargs = nargs - 1;
        }
    if (cmd->command == CLI_WATCH && cmd->nargs != 1)
        return usage_error("watch needs one FILE[:N]");
    for (int i = 0; i < cmd->nargs; i++)
        if (cmd->args[i][0] == '\0')   /* was ": No such file or directory", or less */
            return usage_error("an empty FILE: expected a file's name, or '-' for standard input");
    if (opt->apply >= 0 && cmd->command != CLI_HINT)
        return usage_error("--apply is an option of hint");
    if (opt->apply >= 0 && opt->all)
        return usage_error("--apply and --all cannot be used together");
    if ((opt->path || opt->rate_output != RATE_OUTPUT_TEXT) && cmd->command != CLI_RATE)
        return usage_error("%s is an option of rate", opt->path ? "--path" : "--format=se|rating");
    if (opt->path && opt->rate_output != RATE_OUTPUT_TEXT)
        return usage_error("--path prints every step: not with --format=se|rating");
    return -1;
}

/* Whether arg is "-:N", standard input's Nth puzzle: an operand as FILE:N is (N with a
 * sign too, which format_split_spec takes). */
static bool is_stdin_index(const char *arg)
{
    const char *digits = arg + 2 + (arg[0] == '-' && arg[1] == ':' && arg[2] == '-');

    return arg[0] == '-' && arg[1] == ':' && *digits != '\0'
           && strspn(digits, "0123456789") == strlen(digits);
}

/* getopt would read "-:N" as the option ':': parse_options sees each from its ':' on,
 * an operand, and restore_stdin_indexes puts the '-' back wherever getopt moved it. */
static char **hide_stdin_indexes(int argc, char **argv)
{
    char **hidden = xcalloc((size_t)argc + 1, sizeof *hidden);

    for (int i = 1, n = 0; i < argc && strcmp(argv[i], "--") != 0; i++) {
        if (is_stdin_index(argv[i]))
            hidden[n++] = ++argv[i];
        else if (takes_next_word(argv[i]))
            i++;    /* "--config -:3" names a file */
    }
    return hidden;
}

static void restore_stdin_indexes(int argc, char **argv, char **hidden)
{
    for (int i = 1; i < argc; i++)
        for (char **h = hidden; *h != NULL; h++)
            if (argv[i] == *h)
                argv[i]--;
    free(hidden);
}

int cli_parse(int argc, char **argv, struct cli_options *opt, struct cli_parsed *cmd)
{
    int status;
    char **hidden;

    *opt = (struct cli_options){ .format = FORMAT_AUTO, .theme = -1, .charset = -1, .argv = argv,
                                 .apply = -1 };
    if (is_unknown_command(first_operand(argc, argv)))
        return unknown_command(first_operand(argc, argv));
    hidden = hide_stdin_indexes(argc, argv);
    status = parse_options(argc, argv, opt);
    restore_stdin_indexes(argc, argv, hidden);
    if (status >= 0)
        return status;
    return parse_command(argv + optind, argc - optind, opt, cmd);
}

void cli_each_input(char **files, int nfiles, void (*each)(const struct cli_input *in, void *user),
                    void (*finish)(void *user), void *user)
{
    static char dash[] = "-";
    static char *standard_input[] = { dash };
    char **paths, **names;

    if (nfiles == 0) {
        files = standard_input;
        nfiles = 1;
    }
    paths = xcalloc((size_t)nfiles, sizeof *paths);
    names = xcalloc((size_t)nfiles, sizeof *names);
    /* Once the output has failed the rest are not read: each would be cut short, and
     * one named as FILE:N would be said to have fewer puzzles. */
    for (int i = 0; i < nfiles && !cli_output_lost(); i++) {
        long only;
        bool one = format_split_spec(files[i], &paths[i], &only);
        bool is_stdin = strcmp(paths[i], "-") == 0;
        struct cli_input in = {
            .arg = files[i], .path = paths[i], .name = names[i] = format_input_name(paths[i]),
            .only = one ? only : -1, .f = is_stdin ? stdin : fopen(paths[i], "rb"),
        };

        in.error = in.f == NULL ? errno : 0;
        each(&in, user);
        if (in.f != NULL && !is_stdin)
            fclose(in.f);
    }
    finish(user);
    for (int i = 0; i < nfiles; i++) {
        free(paths[i]);
        free(names[i]);
    }
    free(paths);
    free(names);
}

/* The first bytes of the file at path ("-": standard input) in head (size of them at
 * most), read only when it is a regular file: a FIFO read here would lose to this look
 * the puzzles its writer sent, or wait for a writer that has come and gone.  Standard
 * input is looked at where it stands (pread), so that its reader still finds them. */
static bool peek_regular(const char *path, char *head, size_t size)
{
    bool is_stdin = strcmp(path, "-") == 0;
    struct stat st;
    int fd = -1;
    off_t at = 0;
    ssize_t got = -1;

    /* Not even opened otherwise: a FIFO's writer would take this open for its reader. */
    if (is_stdin ? fstat(STDIN_FILENO, &st) != 0 : stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return false;
    fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (is_stdin)
        at = lseek(fd, 0, SEEK_CUR);
    if (fd >= 0 && at >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode))
        got = pread(fd, head, size, at);
    if (fd >= 0 && !is_stdin)
        close(fd);
    return got == (ssize_t)size;
}

bool cli_is_save_file(const char *arg)
{
    static const char magic[] = "kakudo-save ";
    char head[sizeof magic - 1], *path;
    long only;
    bool save;

    format_split_spec(arg, &path, &only);
    save = peek_regular(path, head, sizeof head) && memcmp(head, magic, sizeof head) == 0;
    free(path);
    return save;
}

struct game *cli_load_save(const char *arg, char *why, size_t why_size)
{
    char *path, *name;
    long only;
    struct format_error err;
    struct game *g = NULL;

    format_split_spec(arg, &path, &only);
    name = format_input_name(path);
    if (!format_index_exists(name, only, 1, &err))      /* a save holds one puzzle */
        format_error_string(&err, why, why_size);
    else if (strcmp(path, "-") == 0)
        g = game_load_stream(stdin, name, why, why_size);
    else
        g = game_load(path, why, why_size);
    free(name);
    free(path);
    return g;
}

struct puzzle *cli_load_saved_puzzle(const char *arg, struct format_style *style, char *why,
                                     size_t why_size)
{
    struct game *g = cli_load_save(arg, why, why_size);
    struct puzzle *p;

    if (g == NULL)
        return NULL;
    p = puzzle_clone(g->puzzle);
    if (style != NULL)
        *style = g->style;
    game_free(g);
    return p;
}
