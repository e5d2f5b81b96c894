/* cmd_generate.c: `kakudo generate sudoku|kakuro [OPTION]...`: new puzzles with one solution. */
#include "config.h"
#include "cli.h"

#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "format.h"
#include "generate.h"
#include "i18n.h"
#include "pool.h"
#include "util.h"

enum { EXIT_OTHER_LEVEL = 1, EXIT_USAGE = 2, EXIT_GAVE_UP = 3 };

enum generate_option {
    OPT_SIZE = 256, OPT_LEVEL, OPT_SYMMETRY, OPT_COUNT, OPT_SEED, OPT_FORMAT, OPT_BUDGET,
    OPT_ATTEMPTS, OPT_GIVENS, OPT_VARIANT, OPT_HELP,
};

/* Every option of the command takes an argument but --help. */
static const struct option generate_options[] = {
    { "size", required_argument, NULL, OPT_SIZE },
    { "level", required_argument, NULL, OPT_LEVEL },
    { "symmetry", required_argument, NULL, OPT_SYMMETRY },
    { "count", required_argument, NULL, OPT_COUNT },
    { "seed", required_argument, NULL, OPT_SEED },
    { "format", required_argument, NULL, OPT_FORMAT },
    { "budget", required_argument, NULL, OPT_BUDGET },
    { "attempts", required_argument, NULL, OPT_ATTEMPTS },
    { "givens", required_argument, NULL, OPT_GIVENS },
    { "variant", required_argument, NULL, OPT_VARIANT },
    { "jobs", required_argument, NULL, 'j' },
    { "help", no_argument, NULL, OPT_HELP },
    { NULL, 0, NULL, 0 },
};

#define DEFAULT_KAKURO_SIDE 10

struct generate_args {
    struct gen_request req;
    const char *size, *level, *symmetry, *format, *givens;  /* as given, for messages */
    const char *variant;    /* --variant, for `generate sudoku` */
    long count;
    long jobs;              /* -j, --jobs; 0: the processors online */
    bool seed_given;
    bool budget_given;
    enum format_id out;
};

#define generate_usage_error(...) cli_usage_error("kakudo generate", __VA_ARGS__)

static void print_generate_help(void)
{
    /* Two translatable messages: the options, then the exit status. */
    printf(_("Usage: kakudo generate sudoku [--size N] [--level NAME] [--symmetry NAME]\n"
             "                              [--givens MIN-MAX] [--count N] [--seed S]\n"
             "                              [--format line|grid]\n"
             "  or:  kakudo generate kakuro [--size WxH] [--level NAME] [--count N]\n"
             "                              [--seed S] [--format grid|kakuro2]\n"
             "  or:  kakudo generate killer|x|jigsaw|killer-x|killer-jigsaw|jigsaw-x|\n"
             "                       killer-jigsaw-x [OPTION]... (or sudoku --variant=NAME)\n"
             "Make new puzzles with exactly one solution, rated by the techniques they need.\n"
             "\n"
             "      --size N         Sudoku side: 9 (default), 4, 6, 8, 12, 16, ... up to 25;\n"
             "                       variants up to 16, a Jigsaw any side (5, 7 too)\n"
             "      --size WxH       Kakuro board, clue row and column too (default 10x10)\n"
             "      --level NAME     beginner, easy, medium, hard, expert, master, or any\n"
             "                       (the default: the first unique puzzle); Kakuro: easy\n"
             "                       to master\n"
             "      --givens MIN-MAX how many givens a Sudoku has (or N); by default as\n"
             "                       published puzzles of the level have: 9x9 Beginner\n"
             "                       36-45, Easy 30-35, Medium 27-31, Hard 25-29, Expert\n"
             "                       22-27, Master 20-26; other sizes the same share; a\n"
             "                       Killer: none where its cages allow (0: none at all)\n"
             "      --symmetry NAME  where Sudoku givens stand: rotate180 (default),\n"
             "                       rotate90, mirror, diagonal or none\n"
             "      --count N        how many puzzles (default 1)\n"
             "      --seed S         start from seed S (puzzle i gets S+i): a seed gives the\n"
             "                       same puzzles every time; default: from the clock\n"
             "      --format NAME    Sudoku: line (default) or grid; Kakuro: grid (default)\n"
             "                       or kakuro2; variants: variant (default), or\n"
             "                       killer-line, jigsaw-line or x-line for that variant\n"
             "                       alone\n"
             "      --variant NAME   with sudoku: killer, x, jigsaw or a combination\n"
             "      --budget SECONDS how long to look for the level, per puzzle (default %d,\n"
             "                       %d for a 16x16 with cages); then the closest level\n"
             "                       found is printed instead\n"
             "      --attempts N     how many puzzles to make and rate looking for the level,\n"
             "                       per puzzle: the same result on every machine (without\n"
             "                       --budget, no time budget then)\n"
             "  -j, --jobs=N         make N puzzles at once, in N threads (default: the\n"
             "                       processors online): the same puzzles, in the same order\n"
             "      --help           display this help and exit\n"
             "\n"), GEN_BUDGET_S, GEN_BIG_CAGES_BUDGET_S);
    fputs(_("Exit status: 0 if every puzzle has the level asked for, 1 if the budget ran out\n"
            "for some (each is still printed, and named on standard error), 2 on bad\n"
            "options, 3 if the budget ran out before a puzzle was made at all (none printed\n"
            "for it).\n"), stdout);
}

static bool parse_seed(const char *s, uint64_t *out)
{
    char *end;
    unsigned long long v;

    if (s == NULL || *s < '0' || *s > '9')
        return false;
    v = strtoull(s, &end, 10);
    if (*end != '\0' || v == ULLONG_MAX)
        return false;
    *out = (uint64_t)v;
    return true;
}

/* "15x15", "15X15" or "15" (square). */
static bool parse_board_size(const char *s, int *w, int *h)
{
    char *end;
    long a = strtol(s, &end, 10), b = a;

    if (end == s || a < 1 || a > INT_MAX)
        return false;
    if (*end == 'x' || *end == 'X') {
        const char *rest = end + 1;
        b = strtol(rest, &end, 10);
        if (end == rest || b < 1 || b > INT_MAX)
            return false;
    }
    if (*end != '\0')
        return false;
    *w = (int)a;
    *h = (int)b;
    return true;
}

/* Reads the options of the command (anywhere on the line); -1 to go on, else the status. */
static int parse_generate_options(int argc, char **argv, struct generate_args *a, char **kind)
{
    int c;

    *kind = NULL;
    opterr = 0;
    optind = 0;     /* a full reset: also of a scan left inside a cluster like -hx */
    while ((c = getopt_long(argc, argv, ":hj:", generate_options, NULL)) != -1) {
        int status;

        switch (c) {
        case 'j':
            if (!cli_parse_jobs("kakudo generate", optarg, &a->jobs, &status))
                return status;
            break;
        case OPT_SIZE: a->size = optarg; break;
        case OPT_LEVEL: a->level = optarg; break;
        case OPT_GIVENS: a->givens = optarg; break;
        case OPT_VARIANT: a->variant = optarg; break;
        case OPT_SYMMETRY: a->symmetry = optarg; break;
        case OPT_FORMAT: a->format = optarg; break;
        case OPT_COUNT:
            if (!cli_parse_option_number("kakudo generate", "--count", optarg, 1, CLI_MAX_LIMIT,
                                         &a->count, &status))
                return status;
            break;
        case OPT_SEED:
            if (!parse_seed(optarg, &a->req.seed))
                return generate_usage_error("invalid --seed '%s': expected a number from 0 to "
                                            "%llu", optarg, ULLONG_MAX - 1);
            a->seed_given = true;
            break;
        case OPT_BUDGET: {
            long s;
            if (!cli_parse_option_number("kakudo generate", "--budget", optarg, 1, 86400, &s,
                                         &status))
                return status;
            a->req.budget_ms = (uint64_t)s * 1000u;
            a->budget_given = true;
            break;
        }
        case OPT_ATTEMPTS: {
            long n;
            if (!cli_parse_option_number("kakudo generate", "--attempts", optarg, 1, 1000000,
                                         &n, &status))
                return status;
            a->req.max_attempts = (int)n;
            break;
        }
        case 'h': case OPT_HELP: print_generate_help(); return 0;
        case ':': return generate_usage_error("option '%s' needs an argument", argv[optind - 1]);
        default: return cli_bad_option("kakudo generate", argv);
        }
    }
    /* What is left: the command word, then the kind. */
    if (optind + 1 >= argc)
        return generate_usage_error("what to generate? expected 'sudoku', 'kakuro', 'killer', "
                                    "'x', 'jigsaw' or a combination such as 'killer-x'");
    if (optind + 2 < argc)
        return generate_usage_error("unexpected argument '%s'", argv[optind + 2]);
    *kind = argv[optind + 1];
    return -1;
}

/* A --format a variant can be written in: its readable format, or the one-line form of
 * exactly its kind (a Killer X has none). */
static bool variant_format_by_name(const char *name, unsigned variant, enum format_id *out)
{
    if (!format_by_name(name, out))
        return false;
    return *out == FORMAT_VARIANT || (*out == FORMAT_KILLER_LINE && variant == VARIANT_KILLER)
           || (*out == FORMAT_JIGSAW_LINE && variant == VARIANT_JIGSAW)
           || (*out == FORMAT_X_LINE && variant == VARIANT_X);
}

/* The name of the one-line form that holds the variant, or NULL (the combinations). */
static const char *variant_line_format(unsigned variant)
{
    switch (variant) {
    case VARIANT_KILLER: return format_name(FORMAT_KILLER_LINE);
    case VARIANT_JIGSAW: return format_name(FORMAT_JIGSAW_LINE);
    case VARIANT_X: return format_name(FORMAT_X_LINE);
    default: return NULL;
    }
}

/* "24-28" or "26" into min and max; either end may be 0, so "0-0" is "0" (gen_check_givens
 * says whether the kind takes none and how many fit). */
static bool parse_givens(const char *s, int *min, int *max)
{
    char buf[32], *dash;
    long lo, hi;

    if (strlen(s) >= sizeof buf)
        return false;
    strcpy(buf, s);
    dash = strchr(buf, '-');
    if (dash != NULL)
        *dash = '\0';
    if (!cli_parse_number(buf, 0, INT_MAX / 2, &lo))
        return false;
    hi = lo;
    if (dash != NULL && !cli_parse_number(dash + 1, 0, INT_MAX / 2, &hi))
        return false;
    *min = (int)lo;
    *max = (int)hi;
    return true;
}

/* A Sudoku's (or a variant's) --size and --symmetry into the request; -1 to go on, else
 * the status. */
static int settle_sudoku_shape(struct generate_args *a)
{
    struct gen_request *req = &a->req;
    long n = 9;

    req->kind = PUZZLE_SUDOKU;
    if (a->size != NULL && !cli_parse_number(a->size, 1, 1000, &n))
        return generate_usage_error("invalid --size '%s': a Sudoku size is one number from 4 "
                                    "to %d, such as 9 or 16", a->size, SUDOKU_MAX_SIZE);
    req->size = (int)n;
    if (a->symmetry != NULL && !gen_symmetry_by_name(a->symmetry, &req->symmetry))
        return generate_usage_error("unknown --symmetry '%s': expected none, rotate180, "
                                    "rotate90, mirror or diagonal", a->symmetry);
    return -1;
}

/* The size, symmetry and format of a Sudoku variant (req->variant set); -1 to go on,
 * else the status. */
static int settle_variant_args(struct generate_args *a)
{
    struct gen_request *req = &a->req;
    int status = settle_sudoku_shape(a);

    if (status >= 0)
        return status;
    a->out = FORMAT_VARIANT;
    if (a->format == NULL || variant_format_by_name(a->format, req->variant, &a->out))
        return -1;
    /* Name the one form that fits: a Killer X has no one-line form, a Killer one. */
    if (variant_line_format(req->variant) == NULL)
        return generate_usage_error("invalid --format '%1$s' for %2$s: expected variant (no "
                                    "one-line form holds a %2$s)", a->format,
                                    puzzle_variant_name(req->variant));
    return generate_usage_error("invalid --format '%1$s' for %2$s: expected variant or %3$s",
                                a->format, puzzle_variant_name(req->variant),
                                variant_line_format(req->variant));
}

/* Checks the values against the kind and fills the request; -1 to go on, else the status. */
static int settle_generate_args(struct generate_args *a, const char *kind)
{
    struct gen_request *req = &a->req;
    char why[sizeof ((struct gen_result *)NULL)->message];

    if (strcmp(kind, "sudoku") == 0 && a->variant != NULL) {
        /* `generate sudoku --variant=killer-x` is `generate killer-x`. */
        if (!puzzle_variant_by_name(a->variant, &req->variant))
            return generate_usage_error("unknown --variant '%s': expected killer, x, jigsaw "
                                        "or a combination such as killer-x", a->variant);
    } else if (a->variant != NULL) {
        return generate_usage_error("--variant is for Sudoku: expected 'generate sudoku "
                                    "--variant=%s'", a->variant);
    }
    if (req->variant != 0 && strcmp(kind, "kakuro") != 0) {
        int status = settle_variant_args(a);
        if (status >= 0)
            return status;
    } else if (strcmp(kind, "sudoku") == 0) {
        int status = settle_sudoku_shape(a);
        if (status >= 0)
            return status;
        a->out = FORMAT_SUDOKU_LINE;
        if (a->format != NULL && strcmp(a->format, "grid") == 0)
            a->out = FORMAT_SUDOKU_GRID;
        else if (a->format != NULL && strcmp(a->format, "line") != 0)
            return generate_usage_error("unknown --format '%s' for Sudoku: expected line or "
                                        "grid", a->format);
    } else if (strcmp(kind, "kakuro") == 0) {
        req->kind = PUZZLE_KAKURO;
        req->width = req->height = DEFAULT_KAKURO_SIDE;
        if (a->size != NULL && !parse_board_size(a->size, &req->width, &req->height))
            return generate_usage_error("invalid --size '%s': a Kakuro size is WxH, each from 3 "
                                        "to %d, such as 15x15", a->size, KAKURO_MAX_SIDE);
        if (a->symmetry != NULL)
            return generate_usage_error("--symmetry is for Sudoku: Kakuro boards are always "
                                        "symmetric under a half turn");
        a->out = FORMAT_KAKURO_GRID;
        if (a->format != NULL && strcmp(a->format, "kakuro2") == 0)
            a->out = FORMAT_KAKURO2;
        else if (a->format != NULL && strcmp(a->format, "grid") != 0)
            return generate_usage_error("unknown --format '%s' for Kakuro: expected grid or "
                                        "kakuro2", a->format);
    } else if (puzzle_variant_by_name(kind, &req->variant) && req->variant != 0) {
        int status = settle_variant_args(a);
        if (status >= 0)
            return status;
    } else {
        return generate_usage_error("cannot generate '%s': expected 'sudoku', 'kakuro', "
                                    "'killer', 'x', 'jigsaw' or a combination such as "
                                    "'killer-x'", kind);
    }
    if (a->level != NULL && !gen_level_by_name(a->level, &req->level))
        return generate_usage_error("unknown --level '%s': expected beginner, easy, medium, "
                                    "hard, expert, master or any", a->level);
    if (a->givens != NULL && a->givens[0] == '-')
        return generate_usage_error("invalid --givens '%s': a number of givens is never "
                                    "negative", a->givens);
    else if (a->givens != NULL && !parse_givens(a->givens, &req->givens_min, &req->givens_max))
        return generate_usage_error("invalid --givens '%s': expected N or MIN-MAX, whole numbers "
                                    "from 0 to the grid's cells, such as 24-28", a->givens);
    if (a->givens != NULL && req->givens_min == 0 && req->givens_max == 0)
        req->givens_none = true;    /* "0" or "0-0": a Killer of cages alone; gen_check_request says who */
    if (!gen_check_request(req, why, sizeof why))
        return generate_usage_error("%s", why);
    return -1;
}

static int given_count(const struct puzzle *p)
{
    int n = 0;

    for (int cell = 0; cell < p->ncells; cell++)
        n += p->given[cell] != 0;
    return n;
}

/* "hard": a level as --level takes it. */
static const char *level_key(int level)
{
    static const char *const keys[LEVEL_COUNT] = {
        "beginner", "easy", "medium", "hard", "expert", "master",
    };

    return level >= 0 && level < LEVEL_COUNT ? keys[level] : "any";
}

/* "sudoku9-hard-42" or "kakuro15x15-medium-42": a name that reads back as one word. */
static void puzzle_label(const struct gen_request *req, const struct gen_result *res,
                         uint64_t seed, char *buf, size_t size)
{
    const char *level = level_key((int)res->grade.level);

    if (req->variant != 0)
        snprintf(buf, size, "%s%d-%s-%" PRIu64, puzzle_variant_name(req->variant), req->size,
                 level, seed);
    else if (req->kind == PUZZLE_SUDOKU)
        snprintf(buf, size, "sudoku%d-%s-%" PRIu64, req->size, level, seed);
    else
        snprintf(buf, size, "kakuro%dx%d-%s-%" PRIu64, req->width, req->height, level, seed);
}

/* "Hard, hardest X-wing, 24 givens, seed 42": the technique named as rate names it on
 * this variant ("Hidden single (region)" on a Jigsaw), untranslated as the format is. */
static void puzzle_summary(const struct gen_request *req, const struct gen_result *res,
                           uint64_t seed, char *buf, size_t size)
{
    const struct puzzle *p = res->puzzle;
    const char *hardest = res->grade.hardest == TECH_MISTAKE ? "none"
                          : hint_technique_name(res->grade.hardest, p->variant);

    if (p->variant & VARIANT_KILLER)
        snprintf(buf, size, "%s, hardest %s, %d givens, %d cages, seed %" PRIu64,
                 hint_level_name(res->grade.level), hardest, given_count(p), p->ncages, seed);
    else if (req->kind == PUZZLE_SUDOKU)
        snprintf(buf, size, "%s, hardest %s, %d givens, seed %" PRIu64,
                 hint_level_name(res->grade.level), hardest, given_count(p), seed);
    else
        snprintf(buf, size, "%s, hardest %s, %d white cells, seed %" PRIu64,
                 hint_level_name(res->grade.level), hardest, p->nwhite, seed);
}

static void write_puzzle(const struct generate_args *a, const struct gen_result *res,
                         uint64_t seed, long index)
{
    const struct puzzle *p = res->puzzle;
    struct format_style style = { .id = a->out, .spaced = true, .boxed = true };
    char label[64], summary[200];

    puzzle_label(&a->req, res, seed, label, sizeof label);
    puzzle_summary(&a->req, res, seed, summary, sizeof summary);
    if (a->out == FORMAT_KAKURO2) {
        char why[200];
        /* Generated puzzles have every clue, so a refusal here is a generator bug. */
        if (!format_write_kakuro2_case(stdout, p, why, sizeof why))
            fatal(_("internal error: generated puzzle %ld: %s"), index + 1, why);
        return;
    }
    /* Grids are separated by a blank line; one-line puzzles follow one another. */
    if (index > 0 && a->out != FORMAT_SUDOKU_LINE && a->out != FORMAT_KILLER_LINE
        && a->out != FORMAT_JIGSAW_LINE && a->out != FORMAT_X_LINE)
        putchar('\n');
    printf("# %s %s\n", label, summary);
    format_write(stdout, p, p->given, &style);
}

static void print_command(const struct generate_args *a, const char *kind)
{
    const struct gen_request *req = &a->req;

    /* `generate sudoku --variant=x` reads back as `generate sudoku-x`. */
    printf("# kakudo generate %s", req->variant != 0 ? puzzle_variant_name(req->variant) : kind);
    if (req->givens_none)
        printf(" --size %d --symmetry %s --givens 0", req->size, gen_symmetry_name(req->symmetry));
    else if (req->kind == PUZZLE_SUDOKU && req->givens_min > 0)
        printf(" --size %d --symmetry %s --givens %d-%d", req->size,
               gen_symmetry_name(req->symmetry), req->givens_min, req->givens_max);
    else if (req->kind == PUZZLE_SUDOKU)
        printf(" --size %d --symmetry %s", req->size, gen_symmetry_name(req->symmetry));
    else
        printf(" --size %dx%d", req->width, req->height);
    printf(" --level %s --count %ld", level_key(req->level), a->count);
    /* A form other than the kind's own: the command then makes the same lines, and a
     * Sudoku X's line, which reads as a plain Sudoku without --format=x-line, says what
     * it is. */
    if (a->out != FORMAT_SUDOKU_LINE && a->out != FORMAT_KAKURO_GRID && a->out != FORMAT_VARIANT)
        printf(" --format %s", format_name(a->out));
    printf(" --seed %" PRIu64 "\n", req->seed);
}

/* A seed nobody chose: the clock and the process, mixed. */
static uint64_t seed_from_clock(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_REALTIME, &ts);
    return ((uint64_t)ts.tv_sec * 1000003u ^ (uint64_t)ts.tv_nsec ^ (uint64_t)getpid() << 32)
           % 1000000000000u;
}

/* One puzzle to make, an item of the work pool: gen_work makes it on a worker thread
 * (from its own seed, so the puzzles do not depend on the number of jobs), and
 * gen_deliver reports and prints it, in order. */
struct gen_job {
    long index;
    struct gen_request req;
    struct gen_result res;
};

/* KAKURO2 starts with the count of its cases.  They are printed as they are made, as the
 * other forms are (they were kept to the end, so an interrupt or a failure lost them all):
 * the count is printed with the first case, less the puzzles given up on before it; one
 * given up on after it is made again from the next seed past the last one asked for. */
struct gen_run {
    const struct generate_args *a;
    bool kakuro2;               /* the KAKURO2 form: the count first */
    bool counted;               /* its count is printed */
    long given_up;              /* puzzles given up on before the count was printed */
    long extra;                 /* seeds past the count used to make up for give-ups */
    long short_by;              /* cases the count promised that could not be made */
    bool stopped;               /* the request cannot be made: nothing more */
    int status;
};

/* Whether $KAKUDO_TEST_GIVE_UP (seeds, separated by commas) names seed: the tests' way to
 * have the generator give up on a seed, as it does when its budget runs out before any
 * puzzle is made, which no two machines time alike. */
static bool test_gives_up(uint64_t seed)
{
    const char *s = getenv("KAKUDO_TEST_GIVE_UP");

    while (s != NULL && *s != '\0') {
        char *end;
        unsigned long long v = strtoull(s, &end, 10);

        if (end == s)
            return false;
        if (v == seed)
            return true;
        s = *end == ',' ? end + 1 : end;
    }
    return false;
}

/* gen_generate, or a give-up where the tests ask for one. */
static void generate_one(const struct gen_request *req, struct gen_result *res)
{
    if (test_gives_up(req->seed)) {
        memset(res, 0, sizeof *res);
        res->status = GEN_GAVE_UP;
        snprintf(res->message, sizeof res->message, "KAKUDO_TEST_GIVE_UP");
        return;
    }
    gen_generate(req, res);
}

static void gen_work(void *item, void *user)
{
    struct gen_job *job = item;

    (void)user;
    generate_one(&job->req, &job->res);
}

/* Says on stderr how the puzzle missed its level, if it did; the exit status so far. */
static int report_level(const struct gen_job *job, int status)
{
    const struct gen_request *req = &job->req;
    const struct gen_result *res = &job->res;
    long i = job->index;

    if (res->status == GEN_OTHER_LEVEL && res->grade.gave_up) {
        fprintf(stderr, _("kakudo generate: puzzle %ld (seed %" PRIu64 "): the budget ran "
                          "out while rating it: its level is %s or harder\n"), i + 1, req->seed,
                _(hint_level_name(res->grade.level)));
        return status > EXIT_OTHER_LEVEL ? status : EXIT_OTHER_LEVEL;
    }
    if (res->status == GEN_OTHER_LEVEL) {
        char within[64];

        if (req->max_attempts > 0 && res->attempts >= req->max_attempts)
            snprintf(within, sizeof within, P_("%d attempt", "%d attempts",
                                               (unsigned long)res->attempts), res->attempts);
        else
            snprintf(within, sizeof within, _("%" PRIu64 " s (%d tried)"),
                     req->budget_ms / 1000u, res->attempts);
        if (req->level == GEN_ANY_LEVEL || (int)res->grade.level == req->level) {
            /* The level is right: --givens is what was missed. */
            int n = 0;
            char asked[32];

            for (int cell = 0; cell < res->puzzle->ncells; cell++)
                n += res->puzzle->given[cell] != 0;
            gen_givens_text(req->givens_min, req->givens_max, asked, sizeof asked);
            fprintf(stderr, _("kakudo generate: puzzle %ld (seed %" PRIu64 "): none with %s "
                              "givens within %s; printed one with %d instead\n"), i + 1, req->seed,
                    asked, within, n);
        } else {
            fprintf(stderr, _("kakudo generate: puzzle %ld (seed %" PRIu64 "): no %s puzzle "
                              "within %s; printed one at %s instead\n"), i + 1, req->seed,
                    _(hint_level_name((enum hint_level)req->level)), within,
                    _(hint_level_name(res->grade.level)));
            if (res->message[0] != '\0')   /* the level is rare at the size */
                fprintf(stderr, _("kakudo generate: puzzle %ld (seed %" PRIu64 "): %s\n"), i + 1,
                        req->seed, res->message);
        }
        return status > EXIT_OTHER_LEVEL ? status : EXIT_OTHER_LEVEL;
    }
    return status;
}

/* Prints a made puzzle (after the KAKURO2 count, the first time) and frees it. */
static void print_made(struct gen_run *run, struct gen_job *job)
{
    if (run->kakuro2 && !run->counted) {
        format_write_kakuro2_header(stdout, run->a->count - run->given_up);
        run->counted = true;
    }
    write_puzzle(run->a, &job->res, job->req.seed, job->index);
    fflush(stdout);
    puzzle_free(job->res.puzzle);
    job->res.puzzle = NULL;
}

/* A KAKURO2 case given up on after the count was printed: made from the next seeds past
 * those asked for (at most --count of them in all), so that the count stays true. */
static void make_up_for(struct gen_run *run, const struct gen_job *lost)
{
    while (run->extra < run->a->count && !cli_output_lost()) {
        struct gen_job job = { .index = lost->index, .req = lost->req };

        job.req.seed = gen_seed_for(run->a->req.seed, run->a->count + run->extra++);
        generate_one(&job.req, &job.res);
        if (job.res.puzzle != NULL) {
            fprintf(stderr, _("kakudo generate: puzzle %ld made from seed %" PRIu64 " in its "
                              "place\n"), lost->index + 1, job.req.seed);
            run->status = report_level(&job, run->status);
            print_made(run, &job);
            return;
        }
        fprintf(stderr, _("kakudo generate: puzzle %ld (seed %" PRIu64 "): gave up: %s\n"),
                lost->index + 1, job.req.seed, job.res.message);
    }
    run->short_by++;
}

static void gen_deliver(void *item, void *user)
{
    struct gen_job *job = item;
    struct gen_run *run = user;
    struct gen_result *res = &job->res;

    if (run->stopped) {
        puzzle_free(res->puzzle);
    } else if (res->status == GEN_GAVE_UP) {
        fprintf(stderr, _("kakudo generate: puzzle %ld (seed %" PRIu64 "): gave up: %s\n"),
                job->index + 1, job->req.seed, res->message);
        run->status = EXIT_GAVE_UP;
        puzzle_free(res->puzzle);
        if (run->kakuro2 && run->counted)
            make_up_for(run, job);
        else
            run->given_up++;
    } else if (res->puzzle == NULL) {
        fprintf(stderr, "kakudo generate: %s\n", res->message);
        run->status = EXIT_USAGE;
        run->stopped = true;
    } else {
        run->status = report_level(job, run->status);
        print_made(run, job);
    }
    free(job);
}

/* Generates and prints every puzzle; returns the exit status. */
static int generate_all(struct generate_args *a, const char *kind)
{
    struct gen_run run = { .a = a, .kakuro2 = a->out == FORMAT_KAKURO2 };
    struct pool *pool = pool_open(a->jobs > 0 ? (int)a->jobs : pool_online_cpus(), gen_work,
                                  gen_deliver, &run);

    if (!run.kakuro2)
        print_command(a, kind);
    for (long i = 0; i < a->count && !run.stopped && !cli_output_lost(); i++) {
        struct gen_job *job = xcalloc(1, sizeof *job);

        job->index = i;
        job->req = a->req;
        job->req.seed = gen_seed_for(a->req.seed, i);
        pool_submit(pool, job);
    }
    pool_close(pool);
    /* Every puzzle given up on: no case, said as such. */
    if (run.kakuro2 && !run.counted && run.status != EXIT_USAGE && !cli_output_lost())
        format_write_kakuro2_header(stdout, 0);
    if (run.short_by > 0)
        fprintf(stderr, _("kakudo generate: the KAKURO2 count on the first line promises %ld "
                          "more cases than were printed (given up on)\n"), run.short_by);
    return run.status;
}

/* The defaults, then the command line read and checked; -1 to go on, else the status. */
static int read_generate_args(int argc, char **argv, struct generate_args *a, char **kind)
{
    int status;

    *a = (struct generate_args){
        .req = { .level = GEN_ANY_LEVEL, .symmetry = GEN_SYM_ROTATE180,
                 .cpu_clock = true },
        .count = 1,
    };
    status = parse_generate_options(argc, argv, a, kind);
    if (status >= 0)
        return status;
    status = settle_generate_args(a, *kind);
    if (!a->budget_given)
        a->req.budget_ms = (uint64_t)gen_default_budget_s(&a->req) * 1000u;
    return status;
}

int cli_generate_check(int argc, char **argv)
{
    struct generate_args a;
    char *kind;

    return read_generate_args(argc, argv, &a, &kind);
}

int cli_generate(int argc, char **argv)
{
    struct generate_args a;
    char *kind;
    int status = read_generate_args(argc, argv, &a, &kind);

    if (status >= 0)
        return status;
    if (!a.seed_given)
        a.req.seed = seed_from_clock();
    /* A count of attempts alone is the budget, so the result does not depend on speed. */
    if (a.req.max_attempts > 0 && !a.budget_given)
        a.req.budget_ms = 0;
    return generate_all(&a, kind);
}

/* Whether an option of the command takes the next argument as its value. */
static bool takes_separate_value(const char *arg)
{
    if (strcmp(arg, "-j") == 0)
        return true;
    if (strncmp(arg, "--", 2) != 0 || strchr(arg, '=') != NULL)
        return false;
    for (const struct option *o = generate_options; o->name != NULL; o++)
        if (o->has_arg == required_argument && strcmp(arg + 2, o->name) == 0)
            return true;
    return false;
}

bool cli_is_generate(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--") == 0)
            return i + 1 < argc && strcmp(argv[i + 1], "generate") == 0;
        if (argv[i][0] == '-' && argv[i][1] != '\0') {
            i += takes_separate_value(argv[i]);
            continue;
        }
        return strcmp(argv[i], "generate") == 0;
    }
    return false;
}
