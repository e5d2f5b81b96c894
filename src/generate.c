/* generate.c: the generator's common part: seeded random numbers, names, and the loop that
 * makes attempts until one rates at the level asked for or the time budget is spent. */
#include "config.h"
#include "generate.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util.h"

/* --- Random numbers: xoshiro256** (Blackman and Vigna), seeded by splitmix64 --- */

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15u);

    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static inline uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

void gen_rng_seed(struct gen_rng *rng, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        rng->s[i] = splitmix64(&seed);
}

uint64_t gen_rng_next(struct gen_rng *rng)
{
    uint64_t *s = rng->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;

    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

int gen_rng_below(struct gen_rng *rng, int n)
{
    /* Rejection keeps every value equally likely: draws in the last partial block of n
     * values are thrown away. */
    uint64_t bound = (uint64_t)n, limit = UINT64_MAX - UINT64_MAX % bound;
    uint64_t x;

    do
        x = gen_rng_next(rng);
    while (x >= limit);
    return (int)(x % bound);
}

void gen_rng_shuffle(struct gen_rng *rng, int *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = gen_rng_below(rng, i + 1), t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

uint64_t gen_seed_for(uint64_t seed, long index)
{
    return seed + (uint64_t)index;
}

/* --- Names --- */

static const char *const symmetry_names[GEN_SYM_COUNT] = {
    [GEN_SYM_NONE] = "none",
    [GEN_SYM_ROTATE180] = "rotate180",
    [GEN_SYM_ROTATE90] = "rotate90",
    [GEN_SYM_MIRROR] = "mirror",
    [GEN_SYM_DIAGONAL] = "diagonal",
};

bool gen_symmetry_by_name(const char *name, enum gen_symmetry *sym)
{
    for (int s = 0; s < GEN_SYM_COUNT; s++) {
        if (strcasecmp(name, symmetry_names[s]) == 0) {
            *sym = (enum gen_symmetry)s;
            return true;
        }
    }
    return false;
}

const char *gen_symmetry_name(enum gen_symmetry sym)
{
    return (int)sym >= 0 && sym < GEN_SYM_COUNT ? symmetry_names[sym] : "?";
}

bool gen_level_by_name(const char *name, int *level)
{
    if (strcasecmp(name, "any") == 0) {
        *level = GEN_ANY_LEVEL;
        return true;
    }
    for (int l = 0; l < LEVEL_COUNT; l++) {
        if (strcasecmp(name, hint_level_name((enum hint_level)l)) == 0) {
            *level = l;
            return true;
        }
    }
    return false;
}

bool gen_level_possible(enum puzzle_kind kind, int size, int level)
{
    if (level == GEN_ANY_LEVEL)
        return true;
    if (level < 0 || level >= LEVEL_COUNT)
        return false;
    if (kind == PUZZLE_KAKURO)
        return level != LEVEL_BEGINNER;
    /* Checked by rating every unique 4x4 puzzle of several grids: all are Beginner. */
    return size != 4 || level == LEVEL_BEGINNER;
}

/* --- Symmetry --- */

/* Where symmetry sym takes cell (r, c) of an n x n grid. */
static void symmetry_image(int n, enum gen_symmetry sym, int r, int c, int *r2, int *c2)
{
    switch (sym) {
    case GEN_SYM_ROTATE180: *r2 = n - 1 - r; *c2 = n - 1 - c; break;
    case GEN_SYM_ROTATE90: *r2 = c; *c2 = n - 1 - r; break;
    case GEN_SYM_MIRROR: *r2 = r; *c2 = n - 1 - c; break;
    case GEN_SYM_DIAGONAL: *r2 = c; *c2 = r; break;
    default: *r2 = r; *c2 = c; break;
    }
}

int gen_symmetry_groups(int n, enum gen_symmetry sym, int *cells, int *start)
{
    uint8_t *seen = xcalloc((size_t)n * (size_t)n, 1);
    int ngroups = 0, used = 0;

    for (int cell = 0; cell < n * n; cell++) {
        int r = cell / n, c = cell % n;

        if (seen[cell])
            continue;
        start[ngroups++] = used;
        /* The orbit of the cell: apply the symmetry until it comes back. */
        do {
            seen[r * n + c] = 1;
            cells[used++] = r * n + c;
            symmetry_image(n, sym, r, c, &r, &c);
        } while (!seen[r * n + c]);
    }
    start[ngroups] = used;
    free(seen);
    return ngroups;
}

bool gen_is_symmetric(const struct puzzle *p, enum gen_symmetry sym)
{
    int n = p->width;

    if (p->ops->kind != PUZZLE_SUDOKU || (int)sym < 0 || sym >= GEN_SYM_COUNT)
        return false;
    for (int cell = 0; cell < p->ncells; cell++) {
        int r2, c2;

        symmetry_image(n, sym, cell / n, cell % n, &r2, &c2);
        if ((p->given[cell] != 0) != (p->given[r2 * n + c2] != 0))
            return false;
    }
    return true;
}

/* --- The request --- */

bool gen_check_request(const struct gen_request *req, char *why, size_t size)
{
    int br, bc;

    if (req->kind == PUZZLE_SUDOKU) {
        if (!sudoku_box_shape(req->size, &br, &bc)) {
            snprintf(why, size, "no Sudoku of size %d: sizes are 4 to 25 that make boxes, "
                     "such as 4, 6, 8, 9, 12, 16 or 25", req->size);
            return false;
        }
        if ((int)req->symmetry < 0 || req->symmetry >= GEN_SYM_COUNT) {
            snprintf(why, size, "unknown symmetry: expected none, rotate180, rotate90, "
                     "mirror or diagonal");
            return false;
        }
    } else {
        if (req->width < 3 || req->height < 3 || req->width > KAKURO_MAX_SIDE
            || req->height > KAKURO_MAX_SIDE) {
            snprintf(why, size, "no Kakuro of size %dx%d: width and height are 3 to %d "
                     "(clue row and column included)", req->width, req->height, KAKURO_MAX_SIDE);
            return false;
        }
        /* Across a playing area two or three cells wide, a black cell splitting a long
         * down run leaves lone cells beside it unless the whole row goes black, which cuts
         * the board in two: such a board can be at most ten long. */
        if ((req->width < 5 && req->height > 10) || (req->height < 5 && req->width > 10)) {
            snprintf(why, size, "no Kakuro of size %dx%d: a board narrower than 5 (clue row "
                     "and column included) can be at most 10 long", req->width, req->height);
            return false;
        }
    }
    if (!gen_level_possible(req->kind, req->size, req->level)) {
        if (req->kind == PUZZLE_KAKURO && req->level >= 0 && req->level < LEVEL_COUNT)
            snprintf(why, size, "no Kakuro is %s: Kakuro levels are easy, medium, hard, "
                     "expert and master", hint_level_name((enum hint_level)req->level));
        else if (req->level >= 0 && req->level < LEVEL_COUNT)
            snprintf(why, size, "no 4x4 Sudoku is %s: singles solve them all, so they are "
                     "all beginner", hint_level_name((enum hint_level)req->level));
        else
            snprintf(why, size, "unknown level: expected beginner, easy, medium, hard, "
                     "expert, master or any");
        return false;
    }
    return true;
}

/* --- The loop --- */

bool gen_tick(struct gen_context *ctx)
{
    if (ctx->cancelled || ctx->out_of_time)
        return false;
    if (gen_budget_spent(ctx)) {
        ctx->out_of_time = true;
        return false;
    }
    if (ctx->req->progress != NULL) {
        ctx->progress.elapsed_ms = (gen_now_ns(ctx) - ctx->start_ns) / 1000000u;
        if (ctx->req->progress(&ctx->progress, ctx->req->user))
            ctx->cancelled = true;
    }
    return !ctx->cancelled;
}

static int level_distance(int a, int b)
{
    return a > b ? a - b : b - a;
}

uint64_t gen_now_ns(const struct gen_context *ctx)
{
    return ctx->req->clock_ns != NULL ? ctx->req->clock_ns(ctx->req->user) : util_now_ns();
}

bool gen_budget_spent(const struct gen_context *ctx)
{
    return ctx->deadline_ns != 0 && gen_now_ns(ctx) >= ctx->deadline_ns;
}

struct solve_budget gen_search_budget(const struct gen_context *ctx)
{
    /* The searches read the monotonic clock, so they keep to a deadline on it only. */
    if (ctx->req->clock_ns != NULL)
        return (struct solve_budget){ .nodes = 0 };
    return (struct solve_budget){ .deadline_ns = ctx->deadline_ns };
}

bool gen_grade(const struct gen_context *ctx, const struct puzzle *p, struct grade *g,
               bool final)
{
    struct solve_budget budget = gen_search_budget(ctx);

    if (final && budget.deadline_ns != 0)
        budget.deadline_ns += ctx->req->budget_ms * 1000000u;
    return grade_puzzle_within(p, g, 0, &budget) != 0;
}

void gen_generate(const struct gen_request *req, struct gen_result *res)
{
    struct gen_context ctx = {
        .req = req, .start_ns = req->clock_ns != NULL ? req->clock_ns(req->user) : util_now_ns(),
        .progress = { .best_level = GEN_ANY_LEVEL },
    };

    memset(res, 0, sizeof *res);
    if (!gen_check_request(req, res->message, sizeof res->message)) {
        res->status = GEN_INVALID;
        return;
    }
    gen_rng_seed(&ctx.rng, req->seed);
    if (req->budget_ms != 0)
        ctx.deadline_ns = ctx.start_ns + req->budget_ms * 1000000u;
    for (;;) {
        struct grade g;
        struct puzzle *p = req->kind == PUZZLE_SUDOKU ? gen_sudoku_attempt(&ctx, &g)
                                                      : gen_kakuro_attempt(&ctx, &g);

        if (p == NULL && ctx.out_of_time && !ctx.cancelled && !ctx.impossible) {
            /* The budget ran out inside an attempt: the closest so far, if any. */
            res->status = res->puzzle != NULL ? GEN_OTHER_LEVEL : GEN_GAVE_UP;
            if (res->puzzle == NULL)
                snprintf(res->message, sizeof res->message, "no puzzle made within %.3g s",
                         (double)req->budget_ms / 1000.0);
            break;
        }
        if (p == NULL) {
            puzzle_free(res->puzzle);
            res->puzzle = NULL;
            res->status = ctx.impossible ? GEN_INVALID : GEN_CANCELLED;
            if (ctx.impossible)
                snprintf(res->message, sizeof res->message, "could not lay out a %dx%d Kakuro "
                         "board with runs of 2 to 9 cells", req->width, req->height);
            break;
        }
        ctx.progress.attempts++;
        /* A rating cut short by the budget gives only a lower bound: a miss. */
        if (!g.gave_up && (req->level == GEN_ANY_LEVEL || (int)g.level == req->level)) {
            puzzle_free(res->puzzle);
            res->puzzle = p;
            res->grade = g;
            res->status = GEN_OK;
            break;
        }
        /* Keep the closest miss, to hand out if the budget runs out. */
        if (res->puzzle == NULL || level_distance((int)g.level, req->level)
                                   < level_distance((int)res->grade.level, req->level)) {
            puzzle_free(res->puzzle);
            res->puzzle = p;
            res->grade = g;
            ctx.progress.best_level = (int)g.level;
        } else {
            puzzle_free(p);
        }
        if (gen_budget_spent(&ctx)
            || (req->max_attempts > 0 && ctx.progress.attempts >= req->max_attempts)) {
            res->status = GEN_OTHER_LEVEL;
            break;
        }
        if (!gen_tick(&ctx)) {
            puzzle_free(res->puzzle);
            res->puzzle = NULL;
            res->status = GEN_CANCELLED;
            break;
        }
    }
    res->attempts = ctx.progress.attempts;
    res->elapsed_ns = gen_now_ns(&ctx) - ctx.start_ns;
}
