/* generate.h: new puzzles with exactly one solution and a chosen level, reproducible from a seed. */
#ifndef KAKUDO_GENERATE_H
#define KAKUDO_GENERATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hint.h"
#include "puzzle.h"

/*
 * The generator makes a puzzle, proves it has one solution with the solver, rates it with
 * the technique engine (grade_puzzle) and keeps trying until the rating is the level asked
 * for or the time budget is spent.  Everything random comes from its own seeded generator,
 * so the same request gives the same puzzles on every machine (unless the budget runs out,
 * which depends on the machine's speed).  It keeps no global state, so several threads may
 * generate at once, and it reports progress through a callback that can cancel it.
 */

/* Which cells' givens are removed together (Sudoku); every group maps onto itself. */
enum gen_symmetry {
    GEN_SYM_NONE,
    GEN_SYM_ROTATE180,      /* the default */
    GEN_SYM_ROTATE90,
    GEN_SYM_MIRROR,         /* left-right */
    GEN_SYM_DIAGONAL,       /* about the main diagonal */
    GEN_SYM_COUNT
};

#define GEN_ANY_LEVEL (-1)  /* no level asked for: the first unique puzzle, whatever its level */

/* xoshiro256** seeded through splitmix64: fast, and the same numbers everywhere. */
struct gen_rng {
    uint64_t s[4];
};

void gen_rng_seed(struct gen_rng *rng, uint64_t seed);
uint64_t gen_rng_next(struct gen_rng *rng);
/* Uniform in 0..n-1 (n >= 1), without modulo bias. */
int gen_rng_below(struct gen_rng *rng, int n);
void gen_rng_shuffle(struct gen_rng *rng, int *a, int n);

struct gen_progress {
    int attempts;           /* puzzles made and rated so far */
    uint64_t elapsed_ms;
    int best_level;         /* the level of the closest puzzle so far, or GEN_ANY_LEVEL */
    /* What the attempt under way is doing, so that a long first one (a 25x25 Master's
     * takes seconds) is seen to move: the givens it has left while taking them out (0
     * where the generator does not count them), or that it is rating the puzzle made. */
    int givens_left;
    bool rating;
};

/* Called often from the generating thread; returning true cancels the generation. */
typedef bool (*gen_progress_fn)(const struct gen_progress *progress, void *user);

struct gen_request {
    enum puzzle_kind kind;
    int size;               /* Sudoku: the side, 4 to 25, with a box shape (a Jigsaw:
                             * any side 4 to 16) */
    unsigned variant;       /* Sudoku: enum puzzle_variant flags (Killer, X, Jigsaw, any
                             * combination); 0 for plain Sudoku */
    int width, height;      /* Kakuro: the board, clue row and column included */
    int level;              /* an enum hint_level, or GEN_ANY_LEVEL */
    enum gen_symmetry symmetry;     /* Sudoku only: Kakuro boards are turned by 180 degrees */
    int givens_min, givens_max;     /* Sudoku: how many givens (--givens); both 0: as
                                     * published puzzles of the level have (gen_givens) */
    bool givens_none;       /* a Killer with no givens at all (--givens 0): puzzles
                             * whose cages alone do not make one solution are misses */
    uint64_t seed;
    uint64_t budget_ms;     /* how long to look for the level; 0: no limit */
    int max_attempts;       /* attempts to make at most before settling for the closest
                             * level: a budget the same on every machine; 0: no limit */
    gen_progress_fn progress;       /* may be NULL */
    void *user;
    /* The clock the time budget is measured on, given user: NULL for the monotonic
     * clock; a test's own clock makes the budget's end the same on every machine (the
     * searches inside an attempt then have no deadline of their own). */
    uint64_t (*clock_ns)(void *user);
    /* Without clock_ns: measure the budget in the generating thread's CPU time rather
     * than on the wall clock, so a busy machine makes the same puzzles as an idle one
     * (`kakudo generate`; the player, whose user waits, keeps the wall clock). */
    bool cpu_clock;
};

enum gen_status {
    GEN_OK,                 /* a puzzle at the level asked for */
    GEN_OTHER_LEVEL,        /* the budget ran out: the closest level found instead */
    GEN_CANCELLED,          /* the progress callback cancelled it: no puzzle */
    GEN_INVALID,            /* the request cannot be met: message says why, no puzzle */
    GEN_GAVE_UP,            /* the time budget ran out before any puzzle was made */
};

struct gen_result {
    enum gen_status status;
    struct puzzle *puzzle;  /* the caller frees it; NULL unless GEN_OK or GEN_OTHER_LEVEL */
    struct grade grade;     /* the puzzle's rating */
    int attempts;           /* puzzles made and rated */
    uint64_t elapsed_ns;
    char message[400];      /* GEN_INVALID: what is wrong with the request; GEN_GAVE_UP:
                             * why; GEN_OTHER_LEVEL: that the level is rare, or empty */
};

/* Checks the request (sizes, a level the kind can have, the symmetry); false and a
 * message saying what is accepted when it cannot be met. */
bool gen_check_request(const struct gen_request *req, char *why, size_t size);
/* gen_check_request's part for a Sudoku variant (generate_variant.c). */
bool gen_variant_check(const struct gen_request *req, char *why, size_t size);
/* How long the command looks for the level by default, in seconds: GEN_BUDGET_S, and
 * GEN_BIG_CAGES_BUDGET_S for a 16x16 with cages, whose attempts take a second or more
 * and reach Hard or Expert one time in five or six (generate_variant.c). */
#define GEN_BUDGET_S 10
#define GEN_BIG_CAGES_BUDGET_S 30
int gen_default_budget_s(const struct gen_request *req);
/* gen_check_request's part for --givens, of a Sudoku or a variant called name: a count
 * the grid can hold, MIN at most MAX, enough for one solution, none only for a Killer. */
bool gen_check_givens(const struct gen_request *req, const char *name, char *why, size_t size);
/* "24" for 24-24, else "24-28": a range of givens as --givens takes it. */
void gen_givens_text(int min, int max, char *buf, size_t size);
/* Generates one puzzle; res is always filled in. */
void gen_generate(const struct gen_request *req, struct gen_result *res);

/* The seed of the index-th puzzle (0-based) of a run started with seed: puzzle i of
 * `--seed S` is the only puzzle of `--seed S+i`. */
uint64_t gen_seed_for(uint64_t seed, long index);

/* Names on the command line and in files: "rotate180"; "hard" (any case) or "any". */
bool gen_symmetry_by_name(const char *name, enum gen_symmetry *sym);
const char *gen_symmetry_name(enum gen_symmetry sym);
bool gen_level_by_name(const char *name, int *level);
/* Whether the generator can give a puzzle of the kind (and Sudoku variant, side and
 * symmetry of the givens) the level: Kakuro has no Beginner puzzles (its first step
 * always needs a sum), singles solve every 4x4 Sudoku, and other small sizes lack some
 * levels (generate.c's table, measured). */
bool gen_level_possible(enum puzzle_kind kind, unsigned variant, int size, enum gen_symmetry sym,
                        int level);
/* gen_check_request's part for the level: one the kind, variant, size and symmetry can
 * have (gen_level_possible), else false and why, saying which levels they have. */
bool gen_check_level(const struct gen_request *req, char *why, size_t size);
/* gen_check_request's part for the symmetry: a known one. */
bool gen_check_symmetry(const struct gen_request *req, char *why, size_t size);
/* Whether the request's level is one its variant and size reach only now and then (the
 * generator's table): true with a sentence saying so in why, for a miss's message. */
bool gen_level_rare(const struct gen_request *req, char *why, size_t size);
/* The givens a Sudoku of the request should have, min to max: the request's own range
 * (*strict: puzzles outside it are misses), else the level's range (9x9: Beginner 36-45,
 * Easy 30-35, Medium 27-31, Hard 25-29, Expert 22-27, Master 20-26; other sizes the same
 * share of their cells), which the generator aims at but may stay above when no further
 * given can go (*strict false).  Any level: 0 to 0, as few as one solution allows. */
void gen_givens(const struct gen_request *req, int *min, int *max, bool *strict);
/* Whether the Sudoku's givens are placed with the symmetry. */
bool gen_is_symmetric(const struct puzzle *p, enum gen_symmetry sym);

/* --- For the kinds' generators (generate_sudoku.c, generate_kakuro.c); not for callers --- */

struct gen_context {
    const struct gen_request *req;
    struct gen_rng rng;
    uint64_t start_ns;
    uint64_t deadline_ns;   /* when the time budget is spent; 0: no time budget */
    struct gen_progress progress;
    bool cancelled;
    bool out_of_time;       /* gen_tick found the time budget spent */
    bool impossible;        /* no board of the size could be laid out: give up */
    bool fewest_givens;     /* set by an attempt whose givens are as few as its proofs
                             * allow (a 16x16 Killer, whose givens prove it):
                             * other attempts would not find one with none */
    uint64_t fill_nodes;    /* search nodes spent filling variant grids, most of the work
                             * of a 9x9 Jigsaw X's attempt (most layouts have no fill) */
    uint64_t cage_nodes;    /* search nodes spent settling Killer cages, most of the
                             * work of a 12x12 Killer's attempt */
};

/* Reports progress; false when the caller cancelled or the time budget is spent (and
 * from then on): the generators call it in their inner loops, so one attempt cannot run
 * far past the budget. */
bool gen_tick(struct gen_context *ctx);
/* The deadline of the searches and ratings inside an attempt. */
struct solve_budget gen_search_budget(const struct gen_context *ctx);
/* Rates p within the time budget, its work unbounded (the level must be the whole
 * puzzle's); g->gave_up when the budget ran out first.  The rating of the puzzle an
 * attempt hands out (final) may take the budget once more, so a puzzle made just before
 * the budget ran out is still rated: generation ends within twice the budget. */
bool gen_grade(const struct gen_context *ctx, const struct puzzle *p, struct grade *g,
               bool final);
/* Whether the time budget of the request is spent (checked inside an attempt too, so one
 * slow attempt cannot overrun it far). */
uint64_t gen_now_ns(const struct gen_context *ctx);
bool gen_budget_spent(const struct gen_context *ctx);

/* One attempt: a puzzle with exactly one solution, rated into g, steered towards the
 * level asked for; NULL when cancelled (or ctx->impossible set). */
struct puzzle *gen_sudoku_attempt(struct gen_context *ctx, struct grade *g);
struct puzzle *gen_kakuro_attempt(struct gen_context *ctx, struct grade *g);
/* The sweeps a Kakuro board of width x height cells (clue row and column included) gets
 * to settle before it is given up for a new one: 40 up to 60x60, growing as the cells to
 * the power 1.5 above. */
int gen_kakuro_rounds(int width, int height);
/* Whether a Kakuro board still makes progress towards one solution, told after each
 * counted sweep the cells the whole-board search then left differing (-1: no such
 * search): false once more than 40 sweeps in a row brought them no lower than 7/8 of
 * the last such low.  *low starts at -1 and *since at 0; they carry the state. */
bool gen_kakuro_progressing(int settled, int *low, int *since);
/* Whether a Kakuro board of white white cells is given up at once, told the cells left
 * undecided: over half of them in parts whose search wandered at the first whole-board
 * search after the sweeps (swept), over 3/4 open after propagating the sums before any
 * sweep. */
bool gen_kakuro_hopeless(int undecided, int white, bool swept);
/* The same for a Sudoku variant (req->variant non-zero; generate_variant.c). */
struct puzzle *gen_variant_attempt(struct gen_context *ctx, struct grade *g);

/* The cells of a Sudoku of side n that symmetry sym groups together: each group's cells
 * are stored one after another in cells, group g starting at start[g] (start has
 * n*n+1 entries).  Returns the number of groups. */
int gen_symmetry_groups(int n, enum gen_symmetry sym, int *cells, int *start);
/* Sets the givens of group grp of those groups (cells, start) from values, a solution
 * (NULL: removes them). */
void gen_group_set(struct puzzle *p, const int *cells, const int *start, int grp,
                   const uint8_t *values);
/* Whether group grp of those groups is given. */
bool gen_group_given(const struct puzzle *p, const int *cells, const int *start, int grp);

#endif
