/* test_generate_variant.c: generated Killer, X and Jigsaw puzzles: unique, at the level, sound cages and regions, reproducible, read back. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "generate.h"
#include "hint.h"
#include "solve.h"
#include "tap.h"
#include "variant.h"

/* Attempts per puzzle, so the tests make the same puzzles on every machine and under
 * the sanitizers, whatever the load. */
#define ATTEMPTS 4

static struct gen_request request(unsigned variant, int size, int level, uint64_t seed)
{
    return (struct gen_request){
        .kind = PUZZLE_SUDOKU, .variant = variant, .size = size, .level = level,
        .symmetry = GEN_SYM_ROTATE180, .seed = seed, .max_attempts = ATTEMPTS,
    };
}

/* The solution of p, or false when it has not exactly one. */
static bool unique_solution(const struct puzzle *p, uint8_t *solution)
{
    struct solve_request req = { .limit = 2 };
    struct solve_result res = { .solution = solution };

    puzzle_solve(p, p->given, &req, &res);
    return res.count == 1 && !res.gave_up;
}

/* Each cage's cells hold distinct digits of the solution adding up to its sum. */
static bool cages_fit(const struct puzzle *p, const uint8_t *solution)
{
    for (int cage = 0; cage < p->ncages; cage++) {
        uint32_t seen = 0;
        int sum = 0, cells = 0;

        for (int cell = 0; cell < p->ncells; cell++) {
            if (p->cage[cell] != cage)
                continue;
            if (seen & (1u << solution[cell]))
                return false;
            seen |= 1u << solution[cell];
            sum += solution[cell];
            cells++;
        }
        if (cells == 0 || sum != p->cage_sum[cage])
            return false;
    }
    return true;
}

/* Writes p in the variant format and reads it back. */
static struct puzzle *round_trip(const struct puzzle *p, enum format_id id)
{
    struct format_style style = { .id = id };
    struct format_error err;
    struct puzzle *back = NULL;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    struct reader *r;

    format_write(f, p, p->given, &style);
    fclose(f);
    f = fmemopen(text, len, "rb");
    r = reader_open(f, "generated", FORMAT_AUTO);
    if (reader_next(r, &back, &style, &err) != 1)
        back = NULL;
    reader_close(r);
    fclose(f);
    free(text);
    return back;
}

static int given_count(const struct puzzle *p)
{
    int n = 0;

    for (int cell = 0; cell < p->ncells; cell++)
        n += p->given[cell] != 0;
    return n;
}

/* One generated puzzle of the request checked through: the rules, uniqueness, the
 * level, the geometry, the format.  Returns the attempts it took. */
static int check_request(const struct gen_request *r)
{
    struct gen_request req = *r;
    unsigned variant = req.variant;
    int size = req.size, level = req.level;
    uint64_t seed = req.seed;
    struct gen_result res;
    struct puzzle_error perr;
    const char *name = puzzle_variant_name(variant);
    uint8_t solution[16 * 16];

    gen_generate(&req, &res);
    tap_ok(res.status == GEN_OK || res.status == GEN_OTHER_LEVEL,
           "%s %dx%d %s seed %llu: made", name, size, size,
           level == GEN_ANY_LEVEL ? "any" : hint_level_name((enum hint_level)level),
           (unsigned long long)seed);
    if (res.puzzle == NULL)
        return res.attempts;
    tap_ok(res.puzzle->variant == variant && res.puzzle->max_digit == size,
           "  it is a %s of size %d", name, size);
    tap_ok(unique_solution(res.puzzle, solution), "  one solution");
    tap_ok(variant_check(res.puzzle, &perr) && variant_check_cover(res.puzzle, &perr),
           "  regions of N contiguous cells, contiguous cages covering the grid");
    if (variant & VARIANT_KILLER)
        tap_ok(cages_fit(res.puzzle, solution), "  cage sums are the solution's, digits distinct");
    if (res.status == GEN_OK && level != GEN_ANY_LEVEL) {
        struct grade g;

        tap_ok(grade_puzzle(res.puzzle, &g) && (int)g.level == level,
               "  rated at the level asked for");
    }
    {
        struct puzzle *back = round_trip(res.puzzle, FORMAT_VARIANT);

        tap_ok(back != NULL && variant_same(back, res.puzzle)
               && memcmp(back->given, res.puzzle->given, (size_t)back->ncells) == 0,
               "  read back the same from the variant format");
        puzzle_free(back);
    }
    puzzle_free(res.puzzle);
    return res.attempts;
}

static void check_variant(unsigned variant, int size, int level, uint64_t seed)
{
    struct gen_request req = request(variant, size, level, seed);

    check_request(&req);
}

/* A 16x16 Jigsaw: its random layouts were seldom filled (no puzzle made in 10 s).  The
 * budget, in CPU time, is only a guard against looking for ever. */
static void check_big_jigsaw(void)
{
    struct gen_request req = request(VARIANT_JIGSAW, 16, LEVEL_BEGINNER, 1);

    req.max_attempts = 1;
    req.budget_ms = 120000;
    req.cpu_clock = true;
    check_request(&req);
}

/* Whether each region of p lies within side x side cells. */
static bool regions_within(const struct puzzle *p, int side)
{
    int n = p->max_digit;

    for (int reg = 0; reg < n; reg++) {
        int top = n, bottom = -1, left = n, right = -1;

        for (int cell = 0; cell < p->ncells; cell++) {
            if (p->region[cell] != reg)
                continue;
            top = cell / n < top ? cell / n : top;
            bottom = cell / n > bottom ? cell / n : bottom;
            left = cell % n < left ? cell % n : left;
            right = cell % n > right ? cell % n : right;
        }
        if (bottom - top >= side || right - left >= side)
            return false;
    }
    return true;
}

/* A 16x16 Jigsaw X: the filler seldom found a grid for its random layouts, regions
 * strung across the grid (no puzzle made in 10 s at any level), until regions past 9x9
 * were kept within a box and one more row and column. */
static void check_big_jigsaw_x(void)
{
    struct gen_request req = request(VARIANT_JIGSAW | VARIANT_X, 16, LEVEL_HARD, 1);
    struct gen_result res;

    req.budget_ms = 60000;
    req.cpu_clock = true;
    check_request(&req);
    req.level = GEN_ANY_LEVEL;
    gen_generate(&req, &res);
    tap_ok(res.puzzle != NULL && regions_within(res.puzzle, 5),
           "  a 16x16 Jigsaw's regions each within 5x5 cells");
    puzzle_free(res.puzzle);
}

/* A 12x12 Medium Killer is taken soon after its first attempt at the level, not after
 * the best of 30 more looking for one with fewer givens (which took 4-8 s at 12x12): the
 * extra attempts stop once settling cages has cost their node allowance. */
static void check_big_killer(void)
{
    struct gen_request req = request(VARIANT_KILLER, 12, LEVEL_MEDIUM, 1);
    int attempts;

    req.max_attempts = 60;
    attempts = check_request(&req);
    tap_ok(attempts < 30, "  taken at its first attempt at the level (%d attempts)", attempts);
}

/* A Beginner Killer keeps givens (its bare cages rate above Beginner), and the attempts
 * after the first at the level look for one with fewer: at 12x12, where settling the
 * cages of each takes thousands of search nodes, only until they have cost
 * GIVENS_EXTRA_NODES_PER_CELL a cell (before: all 30 more, 6-7 s); a 9x9 Killer's,
 * settled in a few hundred nodes, still all 30. */
static void check_killer_extra_attempts(void)
{
    struct gen_request req = request(VARIANT_KILLER, 12, LEVEL_BEGINNER, 1);
    int attempts;

    req.max_attempts = 60;
    attempts = check_request(&req);
    tap_ok(attempts <= 10, "  12x12 Beginner Killer: few attempts after the first at the "
           "level (%d in all)", attempts);
    req = request(VARIANT_KILLER, 9, LEVEL_BEGINNER, 1);
    req.max_attempts = 60;
    attempts = check_request(&req);
    tap_ok(attempts == 31, "  9x9 Beginner Killer: 30 attempts after the first at the level "
           "(%d in all)", attempts);
    /* A 9x9 Killer Jigsaw X's attempt fills many layouts that have no fill (a third of a
     * second each): only until filling has cost GIVENS_EXTRA_FILL_NODES_PER_CELL a cell
     * (before: all 30 more, its whole 10 s budget). */
    req = request(VARIANT_KILLER | VARIANT_JIGSAW | VARIANT_X, 9, LEVEL_BEGINNER, 1);
    req.max_attempts = 60;
    attempts = check_request(&req);
    tap_ok(attempts <= 5, "  9x9 Beginner Killer Jigsaw X: few attempts after the first at the "
           "level (%d in all)", attempts);
}

/* A 9x9 Jigsaw X at Master: at the 20-26 givens of Master's range none of 40 attempts
 * of seed 1 rated Master (most Beginner or Easy); rated below Master there, it goes on
 * losing givens until it is Master, at its first attempt. */
static void check_jigsaw_x_master(void)
{
    struct gen_request req = request(VARIANT_JIGSAW | VARIANT_X, 9, LEVEL_MASTER, 1);
    struct gen_result res;
    struct grade g;

    req.max_attempts = 2;
    gen_generate(&req, &res);
    tap_ok(res.status == GEN_OK && res.puzzle != NULL && grade_puzzle(res.puzzle, &g)
           && g.level == LEVEL_MASTER && g.unique,
           "Jigsaw X 9x9 Master seed 1: made in %d attempts, %d givens", res.attempts,
           res.puzzle != NULL ? given_count(res.puzzle) : -1);
    puzzle_free(res.puzzle);
}

/* The same request twice: the same puzzle. */
static void test_reproducible(unsigned variant, int size)
{
    struct gen_request req = request(variant, size, GEN_ANY_LEVEL, 77);
    struct gen_result a, b;

    gen_generate(&req, &a);
    gen_generate(&req, &b);
    tap_ok(a.puzzle != NULL && b.puzzle != NULL && variant_same(a.puzzle, b.puzzle)
           && memcmp(a.puzzle->given, b.puzzle->given, (size_t)a.puzzle->ncells) == 0,
           "%s %dx%d: the same seed gives the same puzzle", puzzle_variant_name(variant), size,
           size);
    puzzle_free(a.puzzle);
    puzzle_free(b.puzzle);
}

/* Killers as published: no givens asked, none given; cages mostly of 2 to 4 cells. */
static void test_killer_shape(void)
{
    int sizes[10] = { 0 }, cages = 0, largest = 0, without_givens = 0;

    for (uint64_t seed = 1; seed <= 6; seed++) {
        struct gen_request req = request(VARIANT_KILLER, 9, GEN_ANY_LEVEL, seed);
        struct gen_result res;

        req.givens_none = true;
        gen_generate(&req, &res);
        if (res.puzzle == NULL)
            continue;
        without_givens += given_count(res.puzzle) == 0;
        for (int cage = 0; cage < res.puzzle->ncages; cage++) {
            int n = variant_cell_count(res.puzzle, cage);

            sizes[n < 9 ? n : 9]++;
            cages++;
            largest = n > largest ? n : largest;
        }
        puzzle_free(res.puzzle);
    }
    tap_ok(without_givens == 6, "--givens 0: six Killers of cages alone (%d)", without_givens);
    tap_ok(cages > 0 && 100 * (sizes[2] + sizes[3] + sizes[4]) >= 75 * cages,
           "three cages in four or more have 2 to 4 cells (%d of %d)",
           sizes[2] + sizes[3] + sizes[4], cages);
    tap_ok(largest <= 6 && 100 * sizes[1] <= 8 * cages,
           "no cage over 6 cells (largest %d), lone cells 8%% at most (%d)", largest, sizes[1]);
}

/* Attempts for a Killer at Hard or Expert: a join is kept only while its proof of
 * uniqueness stays cheap, so most attempts end at Medium (one in ten to fifteen reaches
 * Hard); an attempt costs about a tenth of a second. */
#define KILLER_LEVEL_ATTEMPTS 16

/* The search nodes `kakudo solve` spends on p (counting to two solutions). */
static uint64_t solve_nodes(const struct puzzle *p)
{
    struct solve_request req = { .limit = 2 };
    struct solve_result res = { .solution = NULL };

    puzzle_solve(p, p->given, &req, &res);
    return res.stats.nodes;
}

/* Killers at Hard and Expert within some attempts, of cages alone: the cages of an
 * attempt rated below the level are joined, pair by pair, until it is reached (random
 * cages alone rate Easy or Medium); the joined cages stay small, their search too (a
 * join whose proof of uniqueness costs more than 256 nodes is refused), and the puzzle is
 * the same for the same seed. */
static void test_killer_levels(void)
{
    static const struct { int level; uint64_t seed; } asks[] = {
        { LEVEL_HARD, 4 }, { LEVEL_EXPERT, 1 }, { LEVEL_EXPERT, 5 },
    };

    for (size_t i = 0; i < sizeof asks / sizeof asks[0]; i++) {
        struct gen_request req = request(VARIANT_KILLER, 9, asks[i].level, asks[i].seed);
        struct gen_result res, again;
        struct grade g;
        int largest = 0;
        uint64_t nodes;

        req.max_attempts = KILLER_LEVEL_ATTEMPTS;
        gen_generate(&req, &res);
        tap_ok(res.status == GEN_OK && res.puzzle != NULL && grade_puzzle(res.puzzle, &g)
               && (int)g.level == asks[i].level, "Killer %s seed %llu within %d attempts",
               hint_level_name((enum hint_level)asks[i].level),
               (unsigned long long)asks[i].seed, KILLER_LEVEL_ATTEMPTS);
        if (res.puzzle == NULL)
            continue;
        for (int cage = 0; cage < res.puzzle->ncages; cage++) {
            int n = variant_cell_count(res.puzzle, cage);
            largest = n > largest ? n : largest;
        }
        tap_ok(given_count(res.puzzle) == 0 && largest <= 6,
               "  no givens (%d), no cage over 6 cells (%d)", given_count(res.puzzle), largest);
        nodes = solve_nodes(res.puzzle);
        tap_ok(nodes <= 256, "  solved in %llu search nodes (256 at most)", (unsigned long long)nodes);
        gen_generate(&req, &again);
        tap_ok(again.puzzle != NULL && variant_same(again.puzzle, res.puzzle),
               "  the same seed: the same cages");
        puzzle_free(again.puzzle);
        puzzle_free(res.puzzle);
    }
}

static void test_requests(void)
{
    struct gen_request req = request(VARIANT_X, 10, GEN_ANY_LEVEL, 1);
    char why[200];

    tap_ok(gen_check_request(&req, why, sizeof why), "a 10x10 Sudoku X can be asked for");
    req.size = 7;
    tap_ok(!gen_check_request(&req, why, sizeof why) && strstr(why, "Jigsaw") != NULL,
           "a 7x7 Sudoku X cannot: only a Jigsaw takes sizes without boxes (%s)", why);
    req.variant = VARIANT_JIGSAW;
    tap_ok(gen_check_request(&req, why, sizeof why), "a 7x7 Jigsaw can");
    req.size = 17;
    tap_ok(!gen_check_request(&req, why, sizeof why), "variants stop at 16x16");
    req.size = 9;
    req.givens_none = true;
    tap_ok(!gen_check_request(&req, why, sizeof why), "no givens at all is for Killers only");
    req.variant = VARIANT_KILLER | VARIANT_JIGSAW;
    tap_ok(gen_check_request(&req, why, sizeof why), "a Killer Jigsaw may have none");
    req = request(VARIANT_X, 4, LEVEL_EASY, 1);
    tap_ok(!gen_check_request(&req, why, sizeof why) && strstr(why, "finds only Beginner"),
           "no 4x4 Sudoku X above Beginner: every minimal one is Beginner (%s)", why);
    req.level = LEVEL_BEGINNER;
    tap_ok(gen_check_request(&req, why, sizeof why), "a Beginner 4x4 Sudoku X can be asked for");
    req.level = LEVEL_EASY;
    req.variant = VARIANT_X | VARIANT_KILLER;
    tap_ok(gen_check_request(&req, why, sizeof why), "so can an Easy 4x4 Killer X");
}

/* A Jigsaw X at Hard's 25-29 givens is Beginner or Easy: below the level there, givens
 * go on being removed until it is reached; an explicit --givens holds them. */
static void test_past_the_givens_range(void)
{
    struct gen_request req = request(VARIANT_JIGSAW | VARIANT_X, 9, LEVEL_HARD, 2);
    struct gen_result res;
    struct grade g;

    gen_generate(&req, &res);
    tap_ok(res.status == GEN_OK && res.puzzle != NULL && grade_puzzle(res.puzzle, &g)
           && g.level == LEVEL_HARD, "Jigsaw X at Hard within %d attempts", ATTEMPTS);
    tap_ok(res.puzzle != NULL && given_count(res.puzzle) < 25,
           "  with fewer givens than a plain Hard's 25-29 (%d)",
           res.puzzle != NULL ? given_count(res.puzzle) : -1);
    puzzle_free(res.puzzle);

    req.givens_min = 25;
    req.givens_max = 29;
    gen_generate(&req, &res);
    tap_ok(res.puzzle != NULL && given_count(res.puzzle) >= 25 && given_count(res.puzzle) <= 29,
           "  --givens 25-29 holds them (%d)", res.puzzle != NULL ? given_count(res.puzzle) : -1);
    puzzle_free(res.puzzle);
}

/* The command's default budget: longer for a 16x16 with cages only. */
static void test_default_budget(void)
{
    struct gen_request killer16 = request(VARIANT_KILLER | VARIANT_JIGSAW | VARIANT_X, 16, LEVEL_HARD, 1);
    struct gen_request killer12 = request(VARIANT_KILLER, 12, LEVEL_EXPERT, 1);
    struct gen_request x16 = request(VARIANT_X, 16, LEVEL_MASTER, 1);
    struct gen_request sudoku16 = { .kind = PUZZLE_SUDOKU, .size = 16, .level = LEVEL_HARD };

    tap_ok(gen_default_budget_s(&killer16) == GEN_BIG_CAGES_BUDGET_S
           && GEN_BIG_CAGES_BUDGET_S > GEN_BUDGET_S,
           "budget: a 16x16 Killer Jigsaw X is given the longer default budget");
    tap_ok(gen_default_budget_s(&killer12) == GEN_BUDGET_S && gen_default_budget_s(&x16) == GEN_BUDGET_S
           && gen_default_budget_s(&sudoku16) == GEN_BUDGET_S,
           "budget: a 12x12 Killer, a 16x16 Sudoku X and a 16x16 Sudoku keep the usual one");
}

int main(void)
{
    test_requests();
    test_default_budget();
    check_variant(VARIANT_KILLER, 9, GEN_ANY_LEVEL, 1);
    check_variant(VARIANT_KILLER, 9, LEVEL_HARD, 2);
    check_variant(VARIANT_KILLER, 6, GEN_ANY_LEVEL, 3);
    check_variant(VARIANT_KILLER, 4, GEN_ANY_LEVEL, 4);
    check_variant(VARIANT_X, 9, GEN_ANY_LEVEL, 5);
    check_variant(VARIANT_X, 9, LEVEL_EASY, 6);
    check_variant(VARIANT_X, 8, GEN_ANY_LEVEL, 7);
    check_variant(VARIANT_JIGSAW, 9, GEN_ANY_LEVEL, 8);
    check_variant(VARIANT_JIGSAW, 9, LEVEL_MEDIUM, 9);
    check_variant(VARIANT_JIGSAW, 5, GEN_ANY_LEVEL, 10);
    check_variant(VARIANT_JIGSAW, 7, GEN_ANY_LEVEL, 11);
    check_big_jigsaw();
    check_big_jigsaw_x();
    check_big_killer();
    check_killer_extra_attempts();
    check_jigsaw_x_master();
    check_variant(VARIANT_KILLER | VARIANT_X, 9, GEN_ANY_LEVEL, 12);
    check_variant(VARIANT_KILLER | VARIANT_JIGSAW, 9, GEN_ANY_LEVEL, 13);
    check_variant(VARIANT_JIGSAW | VARIANT_X, 9, GEN_ANY_LEVEL, 14);
    check_variant(VARIANT_KILLER | VARIANT_JIGSAW | VARIANT_X, 6, GEN_ANY_LEVEL, 15);
    test_reproducible(VARIANT_KILLER, 9);
    test_reproducible(VARIANT_JIGSAW, 7);
    test_killer_shape();
    test_killer_levels();
    test_past_the_givens_range();
    return tap_done();
}
