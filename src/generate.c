/* generate.c: the generator's common part: seeded random numbers, names, and the loop that
 * makes attempts until one rates at the level asked for or the time budget is spent. */
#include "config.h"
#include "generate.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "i18n.h"
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

/* --- The levels small sizes reach --- */

#define B (1u << LEVEL_BEGINNER)
#define E (1u << LEVEL_EASY)
#define M (1u << LEVEL_MEDIUM)
#define H (1u << LEVEL_HARD)
#define X (1u << LEVEL_EXPERT)
#define ALL_LEVELS ((1u << LEVEL_COUNT) - 1)
#define BY_SYMMETRY(none, r180, r90, mirror, diagonal) \
    { [GEN_SYM_NONE] = (none), [GEN_SYM_ROTATE180] = (r180), [GEN_SYM_ROTATE90] = (r90), \
      [GEN_SYM_MIRROR] = (mirror), [GEN_SYM_DIAGONAL] = (diagonal) }
#define ANY_SYMMETRY(levels) BY_SYMMETRY(levels, levels, levels, levels, levels)
/* Measured with rotate180 givens alone: other symmetries are not refused anything. */
#define ROTATE180(levels) BY_SYMMETRY(ALL_LEVELS, levels, ALL_LEVELS, ALL_LEVELS, ALL_LEVELS)
/* Measured with every symmetry: givens with none are not refused anything. */
#define SYMMETRIC(levels) BY_SYMMETRY(ALL_LEVELS, levels, levels, levels, levels)

/*
 * The Sudoku variants and sizes that do not have every level, and the levels they have
 * (a set of 1 << level bits) with each symmetry of the givens: a level not listed is
 * refused at once, and the player's New game offers only those listed.  Sizes not here
 * are not known to lack a level.
 *
 * exhaustive: tests/levels_small (`levels_small VARIANT SYMMETRY`) rated every minimal
 * puzzle (one solution, none once a symmetric group of givens goes) of every grid of
 * every region layout; a puzzle with more givens is solved by the same steps or fewer,
 * so no puzzle of the variant has another level.  tests/test_generate_levels.sh checks
 * these rows against it.
 *
 * Otherwise (Killers, whose cages are too many to list, and 5x5 and up), kakudo
 * generate's runs with rotate180 givens (`--level master --budget 40`, whose closest
 * puzzle is the hardest of all its attempts; at 4x4 each level below too): a level not
 * found may exist, but the generator does not reach it.  A Killer is made with no
 * givens where its cages allow, so its row holds for every symmetry; the others' hold
 * for rotate180 givens alone (a 5x5 Jigsaw with --symmetry none reached Master), a plain
 * 6x6 Sudoku's for every symmetry but none (`--budget 20`).
 *
 * rare: levels the generator reaches only now and then within its budget; missing one
 * says so.
 */
static const struct level_reach {
    unsigned variant;
    int size;
    bool exhaustive;
    unsigned levels[GEN_SYM_COUNT];
    unsigned rare;
} level_reach[] = {
    /* Exhaustive.  Without symmetry: 288 grids, 85,632 minimal puzzles, singles solve
     * them all. */
    { 0, 4, true, ANY_SYMMETRY(B), 0 },
    /* 48 grids, 14,592 minimal puzzles: all Beginner. */
    { VARIANT_X, 4, true, ANY_SYMMETRY(B), 0 },
    /* 117 layouts (109 with grids), 13,872 grids, 4,106,112 minimal puzzles: 97.6%
     * Beginner, 0.06% Easy, no Medium, 2.3% Hard, 384 Expert (3 givens); rotate180 keeps
     * 210,336, all Beginner (the 288 that were Easy have direct locked candidates, SE's
     * 1.7-1.9). */
    { VARIANT_JIGSAW, 4, true, BY_SYMMETRY(B | E | H | X, B, B, B | H, B | E | H), E },
    /* 53 layouts with grids, 1,440 grids, 384,768 minimal puzzles: 98.6% Beginner, 0.2%
     * Easy, no Medium, 1.2% Hard; rotate180 keeps 23,040, of which 384 Hard, no Easy. */
    { VARIANT_JIGSAW | VARIANT_X, 4, true, BY_SYMMETRY(B | E | H, B | H, B, B | H, B), H },
    /* Measured by kakudo generate.  4x4 Killer and Killer X: none past Medium in 197,572
     * and 258,402 attempts at Master, 103,219 and 132,992 at Hard, then 205,627 and
     * 266,478 at Hard from another seed. */
    { VARIANT_KILLER, 4, false, ANY_SYMMETRY(B | E | M), 0 },
    { VARIANT_KILLER | VARIANT_X, 4, false, ANY_SYMMETRY(B | E | M), 0 },
    /* 4x4 Killer Jigsaw (X): Expert made, no Master in 74,126 (40,426) attempts at
     * Master; a Killer Jigsaw X reached Expert in one of two 40 s runs at Expert. */
    { VARIANT_KILLER | VARIANT_JIGSAW, 4, false, ANY_SYMMETRY(B | E | M | H | X), 0 },
    { VARIANT_KILLER | VARIANT_JIGSAW | VARIANT_X, 4, false, ANY_SYMMETRY(B | E | M | H | X), X },
    /* With rotate180 givens, no Master in 52,936 attempts at Master (5x5 Jigsaw) and
     * 2,293 (5x5 Jigsaw X); measured again once a Master attempt below Master at its
     * givens range goes on removing (generate_variant.c, master_below): seeds 1-3, 8-15 s
     * each, still Expert.  6x6 Sudoku X, Jigsaw and Jigsaw X reach Master since then, so
     * they have no row. */
    { VARIANT_JIGSAW, 5, false, ROTATE180(B | E | M | H | X), 0 },
    { VARIANT_JIGSAW | VARIANT_X, 5, false, ROTATE180(B | E | M | H | X), 0 },
    /* Plain 6x6 Sudoku, `--level master --budget 20` (CPU s): no Master with rotate180
     * givens at seeds 1-3 (205,278, 208,780 and 208,336 attempts; Expert at each seed at
     * once), nor at seed 1 with rotate90, mirror or diagonal givens (353,030, 219,983 and
     * 191,509); with none, Master at seeds 1 and 2, seed 3 missed it (144,814). */
    { 0, 6, false, SYMMETRIC(B | E | M | H | X), 1u << LEVEL_MASTER },
};

#undef B
#undef E
#undef M
#undef H
#undef X

/* The row of the table for the request's variant and size; NULL: every level. */
static const struct level_reach *level_reach_of(unsigned variant, int size)
{
    for (size_t i = 0; i < sizeof level_reach / sizeof level_reach[0]; i++)
        if (level_reach[i].variant == variant && level_reach[i].size == size)
            return &level_reach[i];
    return NULL;
}

/* The levels a Sudoku of the variant and size has with the symmetry (a set of 1 << level
 * bits). */
static unsigned sudoku_levels(unsigned variant, int size, enum gen_symmetry sym)
{
    const struct level_reach *row = level_reach_of(variant, size);

    if (row == NULL || (int)sym < 0 || sym >= GEN_SYM_COUNT)
        return ALL_LEVELS;
    return row->levels[sym];
}

bool gen_level_possible(enum puzzle_kind kind, unsigned variant, int size, enum gen_symmetry sym,
                        int level)
{
    if (level == GEN_ANY_LEVEL)
        return true;
    if (level < 0 || level >= LEVEL_COUNT)
        return false;
    if (kind == PUZZLE_KAKURO)
        return level != LEVEL_BEGINNER;
    return (sudoku_levels(variant, size, sym) & (1u << level)) != 0;
}

/* "Beginner, Easy and Hard": the levels of the set, translated. */
static void levels_text(unsigned levels, char *buf, size_t size)
{
    int count = 0, done = 0;

    for (int l = 0; l < LEVEL_COUNT; l++)
        count += (levels >> l) & 1;
    buf[0] = '\0';
    for (int l = 0; l < LEVEL_COUNT; l++) {
        size_t len = strlen(buf);

        if (!((levels >> l) & 1))
            continue;
        /* TRANSLATORS: the separators of a list of levels: "Beginner, Easy and Hard". */
        snprintf(buf + len, size - len, "%s%s", done == 0 ? "" : done == count - 1 ? _(" and ")
                 : _(", "), _(hint_level_name((enum hint_level)l)));
        done++;
    }
}

/* The hardest level of a set of them. */
static enum hint_level hardest_level(unsigned levels)
{
    int l = LEVEL_COUNT - 1;

    while (l > 0 && !((levels >> l) & 1))
        l--;
    return (enum hint_level)l;
}

/* The reason a Sudoku (variant) of the request's size cannot be made at its level, in
 * why: what the levels of the size are, and how that is known. */
static void level_refusal(const struct gen_request *req, char *why, size_t size)
{
    const struct level_reach *row = level_reach_of(req->variant, req->size);
    const char *name = req->variant != 0 ? puzzle_variant_name(req->variant) : "sudoku";
    const char *level = _(hint_level_name((enum hint_level)req->level));
    char have[160], without[160];

    if (row == NULL) {      /* every level: not called then */
        why[0] = '\0';
        return;
    }
    levels_text(sudoku_levels(req->variant, req->size, req->symmetry), have, sizeof have);
    levels_text(row->levels[GEN_SYM_NONE], without, sizeof without);
    if (!row->exhaustive && !(row->levels[GEN_SYM_NONE] & (1u << req->level)))
        snprintf(why, size, _("no %1$dx%2$d %3$s at %4$s: kakudo's generator does not reach it; "
                              "the hardest it makes are %5$s"), req->size, req->size, name, level,
                 _(hint_level_name(hardest_level(row->levels[req->symmetry]))));
    else if (!row->exhaustive)
        snprintf(why, size, _("no %1$dx%2$d %3$s with %4$s givens at %5$s: kakudo's generator "
                              "does not reach it; the hardest it makes are %6$s (with "
                              "--symmetry none it may)"), req->size, req->size, name,
                 gen_symmetry_name(req->symmetry), level,
                 _(hint_level_name(hardest_level(row->levels[req->symmetry]))));
    else if (!(row->levels[GEN_SYM_NONE] & (1u << req->level)))
        snprintf(why, size, _("no %1$dx%2$d %3$s is %4$s: rating every minimal one finds only "
                              "%5$s"), req->size, req->size, name, level, without);
    else
        snprintf(why, size, _("no %1$dx%2$d %3$s with %4$s givens is %5$s: rating every minimal "
                              "one finds only %6$s (with --symmetry none: %7$s)"), req->size,
                 req->size, name, gen_symmetry_name(req->symmetry), level, have, without);
}

bool gen_level_rare(const struct gen_request *req, char *why, size_t size)
{
    const struct level_reach *row = req->kind == PUZZLE_SUDOKU
                                    ? level_reach_of(req->variant, req->size) : NULL;

    if (row == NULL || req->level < 0 || req->level >= LEVEL_COUNT
        || !(row->rare & (1u << req->level)))
        return false;
    snprintf(why, size, _("a %1$dx%2$d %3$s at %4$s is rare: another seed may find one"),
             req->size, req->size, req->variant != 0 ? puzzle_variant_name(req->variant)
             : "sudoku", _(hint_level_name((enum hint_level)req->level)));
    return true;
}

bool gen_check_level(const struct gen_request *req, char *why, size_t size)
{
    if (req->level != GEN_ANY_LEVEL && (req->level < 0 || req->level >= LEVEL_COUNT)) {
        snprintf(why, size, _("unknown level: expected beginner, easy, medium, hard, expert, "
                              "master or any"));
        return false;
    }
    if (!gen_level_possible(req->kind, req->variant, req->size, req->symmetry, req->level)) {
        level_refusal(req, why, size);
        return false;
    }
    return true;
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

void gen_group_set(struct puzzle *p, const int *cells, const int *start, int grp,
                   const uint8_t *values)
{
    for (int k = start[grp]; k < start[grp + 1]; k++)
        p->given[cells[k]] = values == NULL ? 0 : values[cells[k]];
}

bool gen_group_given(const struct puzzle *p, const int *cells, const int *start, int grp)
{
    return p->given[cells[start[grp]]] != 0;
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

bool gen_check_symmetry(const struct gen_request *req, char *why, size_t size)
{
    if ((int)req->symmetry < 0 || req->symmetry >= GEN_SYM_COUNT) {
        snprintf(why, size, _("unknown symmetry: expected none, rotate180, rotate90, mirror or "
                              "diagonal"));
        return false;
    }
    return true;
}

bool gen_check_request(const struct gen_request *req, char *why, size_t size)
{
    int br, bc;

    if (req->kind == PUZZLE_SUDOKU && req->variant != 0)
        return gen_variant_check(req, why, size);
    if (req->kind == PUZZLE_SUDOKU) {
        if (!sudoku_box_shape(req->size, &br, &bc)) {
            snprintf(why, size, _("no Sudoku of size %d: sizes are 4 to 25 that make boxes, "
                                  "such as 4, 6, 8, 9, 12, 16 or 25"), req->size);
            return false;
        }
        if (!gen_check_symmetry(req, why, size))
            return false;
    } else {
        if (req->width < 3 || req->height < 3 || req->width > KAKURO_MAX_SIDE
            || req->height > KAKURO_MAX_SIDE) {
            snprintf(why, size, _("no Kakuro of size %1$dx%2$d: width and height are 3 to %3$d "
                                  "(clue row and column included)"), req->width, req->height,
                     KAKURO_MAX_SIDE);
            return false;
        }
        /* Across a playing area two or three cells wide, a black cell splitting a long
         * down run leaves lone cells beside it unless the whole row goes black, which cuts
         * the board in two: such a board can be at most ten long. */
        if ((req->width < 5 && req->height > 10) || (req->height < 5 && req->width > 10)) {
            snprintf(why, size, _("no Kakuro of size %1$dx%2$d: a board narrower than 5 (clue "
                                  "row and column included) can be at most 10 long"), req->width,
                     req->height);
            return false;
        }
    }
    if (req->kind != PUZZLE_SUDOKU && (req->givens_none || req->givens_min > 0 || req->givens_max > 0)) {
        snprintf(why, size, _("givens are for Sudoku: a Kakuro's clues are its sums"));
        return false;
    }
    if (req->kind == PUZZLE_SUDOKU && !gen_check_givens(req, "Sudoku", why, size))
        return false;
    if (req->kind == PUZZLE_KAKURO && req->level == LEVEL_BEGINNER) {
        snprintf(why, size, _("no Kakuro is %s: Kakuro levels are easy, medium, hard, expert "
                              "and master"), _(hint_level_name((enum hint_level)req->level)));
        return false;
    }
    if (!gen_check_level(req, why, size))
        return false;
    return true;
}

/* --- Givens --- */

/* "24" or "24-28", as --givens takes them. */
void gen_givens_text(int min, int max, char *buf, size_t size)
{
    if (min == max)
        snprintf(buf, size, "%d", min);
    else
        snprintf(buf, size, "%d-%d", min, max);
}

/*
 * The fewest givens a Sudoku with one solution can have: with fewer than size-1, two
 * digits never given could swap places (true of X and Jigsaw too, whose rules treat every
 * digit alike, but not of a Killer, whose sums tell digits apart).  For a plain 9x9 the
 * proven bound is 17 (McGuire, Tugemann and Civario, 2012), for a plain 4x4 it is 4.
 */
static int fewest_unique_givens(const struct gen_request *req)
{
    if (req->variant & VARIANT_KILLER)
        return 0;
    if (req->variant == 0 && req->size == 9)
        return 17;
    if (req->variant == 0 && req->size == 4)
        return 4;
    return req->size - 1;
}

bool gen_check_givens(const struct gen_request *req, const char *name, char *why, size_t size)
{
    int cells = req->size * req->size, fewest = fewest_unique_givens(req);
    char asked[32];

    gen_givens_text(req->givens_min, req->givens_max, asked, sizeof asked);
    if (req->givens_none && !(req->variant & VARIANT_KILLER)) {
        snprintf(why, size, _("a %s needs givens: only a Killer's cages can stand alone"), name);
        return false;
    }
    if (req->givens_none || (req->givens_min == 0 && req->givens_max == 0))
        return true;    /* none, or the level's range */
    if (req->givens_min < 0 || req->givens_max < req->givens_min) {
        snprintf(why, size, _("--givens %s: MIN is more than MAX (did you mean %d-%d?)"), asked,
                 req->givens_max, req->givens_min);
        return false;
    }
    if (req->givens_max > cells) {
        snprintf(why, size, _("no %dx%d %s has %s givens: it has %d cells"), req->size,
                 req->size, name, asked, cells);
        return false;
    }
    if (req->givens_max < fewest) {
        snprintf(why, size, _("no %dx%d %s with %s givens has one solution: it needs at least "
                              "%d"), req->size, req->size, name, asked, fewest);
        return false;
    }
    return true;
}

/*
 * Givens per level for 9x9, from published puzzles: collections and sites give easy
 * puzzles 36 to 45 givens, medium 30 to 35, hard 26 to 29, expert 22 to 25 and the
 * hardest 17 to 23 (for instance numberplace.click's "Sudoku difficulty levels", 2024;
 * newspaper puzzles agree within a given or two).  kakudo's six levels take them in
 * order; the two hardest keep a given or two more than the published low end, as the
 * generator removes givens one symmetric group at a time and seldom reaches 20 with one
 * solution.  Other sizes keep the same share of their cells.
 */
static const struct { int min, max; } level_givens_9x9[LEVEL_COUNT] = {
    [LEVEL_BEGINNER] = { 36, 45 }, [LEVEL_EASY] = { 30, 35 }, [LEVEL_MEDIUM] = { 27, 31 },
    [LEVEL_HARD] = { 25, 29 }, [LEVEL_EXPERT] = { 22, 27 }, [LEVEL_MASTER] = { 20, 26 },
};

void gen_givens(const struct gen_request *req, int *min, int *max, bool *strict)
{
    int cells = req->size * req->size;

    *strict = req->givens_none || req->givens_min > 0 || req->givens_max > 0;
    if (req->givens_none) {
        *min = *max = 0;    /* --givens 0: none at all (a Killer's cages alone) */
    } else if (*strict) {
        *min = req->givens_min;
        *max = req->givens_max > 0 ? req->givens_max : cells;
    } else if (req->variant & VARIANT_KILLER) {
        *min = *max = 0;    /* a Killer: as published, no givens where its cages allow */
    } else if (req->level >= 0 && req->level < LEVEL_COUNT) {
        /* The same share of the cells, rounded to the nearest. */
        *min = (level_givens_9x9[req->level].min * cells + 40) / 81;
        *max = (level_givens_9x9[req->level].max * cells + 40) / 81;
    } else {
        *min = *max = 0;    /* any level: as few as one solution allows */
    }
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

/* How far a puzzle's level is from the one asked for: with any level asked, every level
 * is as near (the givens then choose among the misses). */
static int level_distance(int level, int asked)
{
    if (asked == GEN_ANY_LEVEL)
        return 0;
    return level > asked ? level - asked : asked - level;
}

/* How far a Sudoku's givens are outside the range aimed at (0 within it, or for Kakuro):
 * above it only for a level's range, where fewer givens are no miss; on either side for
 * a range --givens asked for.  *fits: within the range --givens asked for, if any. */
static int givens_over(const struct gen_request *req, const struct puzzle *p, bool *fits)
{
    int min, max, n = 0;
    bool strict;

    *fits = true;
    if (req->kind != PUZZLE_SUDOKU)
        return 0;
    gen_givens(req, &min, &max, &strict);
    if (!strict && req->level == GEN_ANY_LEVEL)
        return 0;   /* any level and no --givens: no range (but --givens holds at any level) */
    for (int cell = 0; cell < p->ncells; cell++)
        n += p->given[cell] != 0;
    *fits = !strict || (n >= min && n <= max);
    if (strict && n < min)
        return min - n;
    return n > max ? n - max : 0;
}

/* A puzzle at the level with more givens than its range is kept while the generator looks
 * for one within it, for at most this many attempts more (none when the attempt said its
 * givens are the fewest its proofs allow: a 16x16 Killer's attempt takes a second). */
#define GIVENS_EXTRA_ATTEMPTS 30
/* ...or, where the level is rare, eight times as many as it took to reach it once: a 9x9
 * Master is about one attempt in 200, and half of them have 27-30 givens, so 30 more
 * attempts seldom met a second one within 20-26. */
#define GIVENS_EXTRA_ATTEMPTS_PER_ATTEMPT_TO_HIT 8
/* ...and while settling Killer cages in them has cost at most this many search nodes a
 * cell (a 9x9 Killer's 30 attempts take at most about 100, a 12x12's 6,400: 6-8 s)... */
#define GIVENS_EXTRA_NODES_PER_CELL 500
/* ...and filling their grids at most this many (a 9x9 Killer Jigsaw's 30 attempts take
 * about 6,000, a 9x9 Killer Jigsaw X's one attempt 11,000, most of its layouts having
 * no fill: 30 of them took its whole 10 s budget). */
#define GIVENS_EXTRA_FILL_NODES_PER_CELL 20000

/* What the attempts have cost so far, to measure the extra ones by. */
struct gen_cost {
    uint64_t cage_nodes, fill_nodes;
};

static struct gen_cost gen_cost_now(const struct gen_context *ctx)
{
    return (struct gen_cost){ .cage_nodes = ctx->cage_nodes, .fill_nodes = ctx->fill_nodes };
}

/* Whether the attempts since the first at the level (first_hit, having cost hit by then)
 * have looked long enough for one within the givens' range. */
static bool givens_search_done(const struct gen_context *ctx, int first_hit, struct gen_cost hit)
{
    uint64_t ncells = (uint64_t)ctx->req->size * (uint64_t)ctx->req->size;

    int extra = first_hit * GIVENS_EXTRA_ATTEMPTS_PER_ATTEMPT_TO_HIT;

    if (extra < GIVENS_EXTRA_ATTEMPTS)
        extra = GIVENS_EXTRA_ATTEMPTS;
    return first_hit > 0 && (ctx->progress.attempts - first_hit >= extra
                             || ctx->cage_nodes - hit.cage_nodes > GIVENS_EXTRA_NODES_PER_CELL * ncells
                             || ctx->fill_nodes - hit.fill_nodes
                                > GIVENS_EXTRA_FILL_NODES_PER_CELL * ncells);
}

/* Whether the closest puzzle kept is at the level asked for (and within --givens). */
static bool kept_is_hit(const struct gen_request *req, const struct gen_result *res)
{
    bool fits;

    if (res->puzzle == NULL || res->grade.gave_up)
        return false;
    givens_over(req, res->puzzle, &fits);
    return fits && (req->level == GEN_ANY_LEVEL || (int)res->grade.level == req->level);
}

/* Whether g and p are closer to the request than what res keeps: within --givens first,
 * then the level (any level: all alike), then the givens outside the range. */
static bool closer(const struct gen_request *req, const struct grade *g, const struct puzzle *p,
                   const struct gen_result *res)
{
    bool fits, kept_fits;
    int d = level_distance((int)g->level, req->level), over = givens_over(req, p, &fits);
    int kd, kover;

    if (res->puzzle == NULL)
        return true;
    kd = level_distance((int)res->grade.level, req->level);
    kover = givens_over(req, res->puzzle, &kept_fits);
    if (fits != kept_fits)
        return fits;
    return d < kd || (d == kd && over < kover);
}


/* The request's clock: its own, this thread's CPU time, or the wall clock. */
static uint64_t gen_request_now(const struct gen_request *req)
{
    if (req->clock_ns != NULL)
        return req->clock_ns(req->user);
    return req->cpu_clock ? util_thread_cpu_ns() : util_now_ns();
}

uint64_t gen_now_ns(const struct gen_context *ctx)
{
    return gen_request_now(ctx->req);
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
    return (struct solve_budget){ .deadline_ns = ctx->deadline_ns, .cpu_clock = ctx->req->cpu_clock };
}

/* Tells the caller what the attempt under way does now, as gen_tick would (its answer,
 * a cancel, is seen at the next tick). */
static void report_rating(const struct gen_context *ctx)
{
    struct gen_progress now = ctx->progress;

    if (ctx->req->progress == NULL)
        return;
    now.rating = true;
    now.elapsed_ms = (gen_now_ns(ctx) - ctx->start_ns) / 1000000u;
    ctx->req->progress(&now, ctx->req->user);
}

bool gen_grade(const struct gen_context *ctx, const struct puzzle *p, struct grade *g,
               bool final)
{
    struct solve_budget budget = gen_search_budget(ctx);

    if (final)
        report_rating(ctx);
    if (final && budget.deadline_ns != 0)
        budget.deadline_ns += ctx->req->budget_ms * 1000000u;
    return grade_puzzle_within(p, g, 0, &budget) != 0;
}

/* The outcome once the time or the attempts are spent: the puzzle kept, at the level or
 * not; or, when none was kept (every grade was cut short by the budget, as a 128x128
 * Master Kakuro's is), a give-up that says so, not a miss with no puzzle to show. */
static void settle_spent(const struct gen_request *req, struct gen_result *res, int attempts)
{
    res->status = kept_is_hit(req, res) ? GEN_OK
                  : res->puzzle != NULL ? GEN_OTHER_LEVEL : GEN_GAVE_UP;
    if (res->puzzle == NULL && req->max_attempts > 0 && attempts >= req->max_attempts)
        snprintf(res->message, sizeof res->message, P_("no puzzle rated in %d attempt",
                 "no puzzle rated in %d attempts", (unsigned long)attempts), attempts);
    else if (res->puzzle == NULL)
        snprintf(res->message, sizeof res->message, _("no puzzle made within %.3g s"),
                 (double)req->budget_ms / 1000.0);
}

void gen_generate(const struct gen_request *req, struct gen_result *res)
{
    struct gen_context ctx = {
        .req = req, .start_ns = gen_request_now(req),
        .progress = { .best_level = GEN_ANY_LEVEL },
    };

    memset(res, 0, sizeof *res);
    if (!gen_check_request(req, res->message, sizeof res->message)) {
        res->status = GEN_INVALID;
        return;
    }
    int first_hit = -1;     /* the attempt that first reached the level */
    struct gen_cost hit = { 0 };    /* what the attempts had cost then */

    gen_rng_seed(&ctx.rng, req->seed);
    if (req->budget_ms != 0)
        ctx.deadline_ns = ctx.start_ns + req->budget_ms * 1000000u;
    for (;;) {
        struct grade g;
        struct puzzle *p;

        ctx.progress.givens_left = 0;       /* a new attempt: the generator counts anew */
        p = req->kind == PUZZLE_KAKURO ? gen_kakuro_attempt(&ctx, &g)
            : req->variant != 0 ? gen_variant_attempt(&ctx, &g)
            : gen_sudoku_attempt(&ctx, &g);

        if (p == NULL && ctx.out_of_time && !ctx.cancelled && !ctx.impossible) {
            /* The budget ran out inside an attempt: the closest so far, if any. */
            settle_spent(req, res, ctx.progress.attempts);
            break;
        }
        if (p == NULL) {
            puzzle_free(res->puzzle);
            res->puzzle = NULL;
            res->status = ctx.impossible ? GEN_INVALID : GEN_CANCELLED;
            if (ctx.impossible && req->kind == PUZZLE_KAKURO)
                snprintf(res->message, sizeof res->message, _("could not lay out a %1$dx%2$d "
                         "Kakuro board with runs of 2 to 9 cells"), req->width, req->height);
            else if (ctx.impossible)
                snprintf(res->message, sizeof res->message, _("could not make a %1$dx%2$d %3$s"),
                         req->size, req->size, puzzle_variant_name(req->variant));
            break;
        }
        ctx.progress.attempts++;
        /* Keep the closest, to hand out if the budget runs out: a rating cut short by the
         * budget gives only a lower bound, so it is a miss. */
        if (g.gave_up || !closer(req, &g, p, res)) {
            puzzle_free(p);
        } else {
            bool fits;
            int over = givens_over(req, p, &fits);

            puzzle_free(res->puzzle);
            res->puzzle = p;
            res->grade = g;
            ctx.progress.best_level = (int)g.level;
            if (kept_is_hit(req, res) && first_hit < 0) {
                first_hit = ctx.progress.attempts;
                hit = gen_cost_now(&ctx);
            }
            if (kept_is_hit(req, res) && (over == 0 || ctx.fewest_givens)) {
                res->status = GEN_OK;
                break;
            }
        }
        /* At the level but above its givens: the best of a few more attempts. */
        if (givens_search_done(&ctx, first_hit, hit)) {
            res->status = GEN_OK;
            break;
        }
        if (gen_budget_spent(&ctx)
            || (req->max_attempts > 0 && ctx.progress.attempts >= req->max_attempts)) {
            settle_spent(req, res, ctx.progress.attempts);
            break;
        }
        if (!gen_tick(&ctx)) {
            puzzle_free(res->puzzle);
            res->puzzle = NULL;
            res->status = GEN_CANCELLED;
            break;
        }
    }
    /* A miss of a level its size seldom reaches says so. */
    if (res->status == GEN_OTHER_LEVEL && (int)res->grade.level != req->level)
        gen_level_rare(req, res->message, sizeof res->message);
    res->attempts = ctx.progress.attempts;
    res->elapsed_ns = gen_now_ns(&ctx) - ctx.start_ns;
}
