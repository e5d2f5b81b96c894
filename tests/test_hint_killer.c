/* test_hint_killer.c: the Killer techniques (hint_killer.c) on positions built for each, with their exact conclusions and the cases where they must not fire. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "hint.h"
#include "puzzle.h"
#include "tap.h"
#include "test_util.h"
#include "util.h"

/* A 9x9 Killer from a map of cage letters ('.' for no cage) and the sums by letter; a
 * Killer Jigsaw when regions (81 digits 1-9) is not NULL. */
static struct puzzle *killer_jigsaw_new(const char *map, const int *sums, const char *regions)
{
    return tu_variant9_new(VARIANT_KILLER | (regions != NULL ? VARIANT_JIGSAW : 0), map, sums, regions);
}

static struct puzzle *killer_new(const char *map, const int *sums)
{
    return killer_jigsaw_new(map, sums, NULL);
}

/* A position with the basic candidates, some cells' candidates set by hand. */
struct position {
    uint8_t grid[81];
    digitset cands[81];
    struct hint_position pos;
};

static void position_open(struct position *x, const struct puzzle *p)
{
    memset(x->grid, 0, sizeof x->grid);
    hint_fill_candidates(p, x->grid, NULL, x->cands);
    x->pos = (struct hint_position){ .p = p, .grid = x->grid, .cands = x->cands };
}

static void set_cands(struct position *x, int row, int col, const char *digits)
{
    x->cands[(row - 1) * 9 + col - 1] = tu_digits(digits);
}

static bool show(const struct hint *h, void *user)
{
    char got[1024];

    (void)user;
    tu_hint_conclusions(h, got, sizeof got);
    tap_diag("%s: %s", got, h->text);
    return true;
}

/* Whether technique t finds a hint concluding exactly want (see tu_finds). */
static bool finds(struct position *x, enum technique t, const char *want, struct tu_found *f)
{
    return tu_finds(&x->pos, t, want, f);
}

/* Whether any hint of t concludes the word (a placement or an elimination). */
struct any {
    const char *word;
    bool seen;
};

static bool has_word(const struct hint *h, void *user)
{
    struct any *a = user;
    char got[1024], *w;

    tu_hint_conclusions(h, got, sizeof got);
    for (w = strtok(got, " "); w != NULL; w = strtok(NULL, " "))
        if (strcmp(w, a->word) == 0)
            a->seen = true;
    return true;
}

static bool concludes(struct position *x, enum technique t, const char *word)
{
    struct any a = { .word = word };

    hint_find_all(&x->pos, t, has_word, &a);
    return a.seen;
}

static void test_cage_combinations(void)
{
    static const int sums[26] = { 10 };
    struct puzzle *p = killer_new("aa..............................................................................."
                                  , sums);
    struct position x;
    struct tu_found f;

    position_open(&x, p);
    set_cands(&x, 1, 2, "78");
    tap_ok(finds(&x, TECH_CAGE_COMBINATIONS, "r1c1-1 r1c1-4 r1c1-6 r1c1-7 r1c1-8 r1c1-9", &f),
           "cage combinations: with r1c2 7 or 8, the cage of 10 leaves r1c1 2 or 3: %s", f.text);
    tap_ok(strstr(f.text, "2+8 or 3+7") != NULL, "the hint names the sets that fit");
    set_cands(&x, 1, 2, "12346789");
    tap_ok(finds(&x, TECH_CAGE_COMBINATIONS, "", &f) && f.count == 0,
           "cage combinations: nothing when every candidate has a partner");
    puzzle_free(p);
}

static void test_cage_unit(void)
{
    static const int sums[26] = { 6, 15 };
    struct puzzle *p = killer_new("aa.......a......................................................................."
                                  , sums);
    struct puzzle *q = killer_new("bb..............................................................................."
                                  , sums);
    struct position x;
    struct tu_found f;

    /* The cage of 6 is 1+2+3; its 3 can only go in row 1. */
    position_open(&x, p);
    set_cands(&x, 2, 1, "12");
    tap_ok(finds(&x, TECH_CAGE_UNIT, "r1c3-3 r1c4-3 r1c5-3 r1c6-3 r1c7-3 r1c8-3 r1c9-3", &f),
           "cage/unit: the cage's 3 in row 1 is not elsewhere in row 1: %s", f.text);
    set_cands(&x, 2, 1, "123");
    tap_ok(!concludes(&x, TECH_CAGE_UNIT, "r1c5-3"),
           "cage/unit: not when the cage's 3 may be outside row 1");
    puzzle_free(p);

    /* Row 1's 9 only in the cage of 15 (6+9 or 7+8): the cage is 6+9. */
    position_open(&x, q);
    for (int c = 3; c <= 9; c++)
        x.cands[c - 1] &= ~(1u << 9);
    tap_ok(finds(&x, TECH_CAGE_UNIT, "r1c1-7 r1c1-8 r1c2-7 r1c2-8", &f),
           "cage/unit: a digit of a row confined to a cage keeps the cage's sets with it: %s", f.text);
    x.cands[2] |= 1u << 9;
    tap_ok(!concludes(&x, TECH_CAGE_UNIT, "r1c1-7"), "cage/unit: not when the digit has a place outside");
    puzzle_free(q);
}

static void test_innies_outies(void)
{
    /* Row 1: a (6) and b (15) and c (17) wholly inside, d (10) sticks out to r2c9. */
    static const int sums[26] = { 6, 15, 17, 10 };
    struct puzzle *p = killer_new("aaabbbccd"
                                  "........d"
                                  "........................................................................."
                                  , sums);
    /* Row 1: a (6) and b (30) inside; two innies r1c8, r1c9 add up to 9. */
    static const int sums2[26] = { 6, 30, 10, 10 };
    struct puzzle *q = killer_new("aaabbbbcd"
                                  ".......cd"
                                  "........................................................................."
                                  , sums2);
    struct position x;
    struct tu_found f;

    position_open(&x, p);
    tap_ok(finds(&x, TECH_INNIES_OUTIES, "r1c9=7", &f), "rule of 45: one innie of row 1 is 7: %s", f.text);
    tap_ok(finds(&x, TECH_INNIES_OUTIES, "r2c9=3", &f), "rule of 45: one outie of row 1 is 3: %s", f.text);
    tap_ok(finds(&x, TECH_CAGE_SPLITTING, "r2c9=3", &f),
           "cage splitting: the cage of 10 less its innie 7 leaves 3: %s", f.text);
    tap_ok(!concludes(&x, TECH_HIDDEN_CAGE, "r2c9=3"), "hidden cage: not for a single cell");
    puzzle_free(p);

    position_open(&x, q);
    if (!finds(&x, TECH_INNIES_OUTIES, "r1c8-4 r1c8-9 r1c9-4 r1c9-9", &f))
        hint_find_all(&x.pos, TECH_INNIES_OUTIES, show, NULL);
    tap_ok(f.seen,
           "rule of 45: two innies of row 1 add up to 9, so neither is 9 (nor 4, 5 being out): %s", f.text);
    tap_ok(!concludes(&x, TECH_INNIES_OUTIES, "r1c8-8"), "rule of 45: 8 has its partner 1");
    tap_ok(!concludes(&x, TECH_HIDDEN_CAGE, "r1c8-9"), "hidden cage: not for two cells");
    puzzle_free(q);
}

/* Rows 1 and 2 together: eight dominoes of 10 inside, a cage of 15 down column 9 from
 * r1c9 to r3c9: its outie r3c9 is 80 + 15 - 90 = 5, which no single row shows. */
static void test_two_rows(void)
{
    static const int sums[26] = { 10, 10, 10, 10, 10, 10, 10, 10, 15 };
    struct puzzle *p = killer_new("abcdefghi"
                                  "abcdefghi"
                                  "........i"
                                  "......................................................"
                                  , sums);
    struct position x;
    struct tu_found f;

    position_open(&x, p);
    tap_ok(finds(&x, TECH_INNIES_OUTIES, "r3c9=5", &f) && strstr(f.text, "row 1 and row 2") != NULL,
           "rule of 45 over two rows: the outie r3c9 is 5: %s", f.text);
    tap_ok(finds(&x, TECH_INNIES_OUTIES, "r1c9-5 r2c9-5", &f),
           "rule of 45 over two rows: the innies r1c9 and r2c9 add up to 10 in one column: %s", f.text);
    puzzle_free(p);
}

/* Rows 1 and 2: dominoes of 10 and a cage of 15 (r1c8, r1c9, r2c9) inside leave r1c1,
 * r2c7 and r2c8, adding up to 90 - 75 = 15.  r1c1 holds 5 and shares no unit with the
 * other two, which share row 2: they need 10 and differ, so the text names the sets. */
static void test_leftover_filled(void)
{
    static const int sums[26] = { 10, 10, 10, 0, 10, 10, 10, 0, 15 };
    struct puzzle *p = killer_new(".aabbccii"
                                  "eeffgg..i"
                                  "......................................................"
                                  "..........."
                                  , sums);
    struct position x;
    struct tu_found f;

    position_open(&x, p);
    x.grid[0] = 5;
    hint_fill_candidates(p, x.grid, NULL, x.cands);
    tap_ok(finds(&x, TECH_INNIES_OUTIES, "r2c7-5 r2c8-5", &f) && strstr(f.text, "row 1 and row 2") != NULL
           && strstr(f.text, "r2c7 and r2c8, share a unit and need 10, which only 1+9, 2+8, 3+7 or 4+6") != NULL,
           "rule of 45 with a filled cell among the leftovers: the empty ones share a unit: %s", f.text);
    puzzle_free(p);
}

static void test_hidden_cage(void)
{
    /* Row 1: a (6) and b (24) inside; r1c7-r1c9 add up to 15. */
    static const int sums[26] = { 6, 24, 10, 10, 10 };
    struct puzzle *p = killer_new("aaabbbcde"
                                  "......cde"
                                  "........................................................................."
                                  , sums);
    struct position x;
    struct tu_found f;

    position_open(&x, p);
    for (int c = 7; c <= 9; c++)
        set_cands(&x, 1, c, "4569");
    tap_ok(finds(&x, TECH_HIDDEN_CAGE, "r1c7-9 r1c8-9 r1c9-9", &f),
           "hidden cage: r1c7-r1c9 add up to 15, only 4+5+6 fits: %s", f.text);
    tap_ok(!concludes(&x, TECH_INNIES_OUTIES, "r1c7-9"), "rule of 45: not for three cells");
    for (int c = 7; c <= 9; c++)
        set_cands(&x, 1, c, "123456789");
    tap_ok(!concludes(&x, TECH_HIDDEN_CAGE, "r1c7-9"), "hidden cage: 9 fits with full candidates (1+5+9)");
    puzzle_free(p);
}

/* Innie-outie difference.  Cages over the solution 123456789 / 456789123 / 789123456:
 * row 1 holds a (6) and b (15); c (17) covers r1c7, r1c8 and r2c8, d (18) r1c9, r2c9 and
 * r3c9.  Counting c and not d, r1c9 less r2c8 is 45 - 21 - 17 = 7. */
static void test_innie_outie_difference(void)
{
    static const int sums[26] = { 6, 15, 17, 18 };
    struct puzzle *p = killer_new("aaabbbccd"
                                  ".......cd"
                                  "........d"
                                  "......................................................"
                                  , sums);
    struct position x;
    struct tu_found f;

    position_open(&x, p);
    tap_ok(finds(&x, TECH_INNIE_OUTIE_DIFFERENCE, "r1c9-1 r1c9-2 r1c9-3 r1c9-4 r1c9-5 r1c9-6 r1c9-7 "
                 "r2c8-3 r2c8-4 r2c8-5 r2c8-6 r2c8-7 r2c8-8 r2c8-9", &f)
           && strstr(f.text, "the sum of r1c9 is 7 more than the sum of r2c8") != NULL,
           "innie-outie difference: r1c9 is r2c8 + 7, so 8 or 9 against 1 or 2: %s", f.text);
    /* (A hidden cage says r1c7-r1c9 are 7+8+9, not how r1c9 and r2c8 pair.) */
    tap_ok(!concludes(&x, TECH_INNIES_OUTIES, "r1c9-1") && !concludes(&x, TECH_INNIES_OUTIES, "r2c8-9"),
           "the rule of 45 of one or two cells says nothing of r1c9 or r2c8 here");
    set_cands(&x, 1, 9, "89");
    set_cands(&x, 2, 8, "12");
    finds(&x, TECH_INNIE_OUTIE_DIFFERENCE, "", &f);
    tap_ok(f.count == 0, "innie-outie difference: nothing when every candidate has its partner (%d hints)",
           f.count);
    x.grid[2 * 9 - 2] = 2;      /* r2c8 */
    x.cands[2 * 9 - 2] = 0;
    tap_ok(finds(&x, TECH_INNIE_OUTIE_DIFFERENCE, "r1c9=9", &f),
           "innie-outie difference: r2c8 placed, r1c9 is 9: %s", f.text);
    puzzle_free(p);
}

/* The rule of 45 over two units together (the hint naming them as where says) finds the
 * innie and the outie, each a placement; the rule over one unit finds neither. */
static void check_two_units(struct position *x, const char *where, const char *innie, const char *outie)
{
    struct tu_found f;

    tap_ok(finds(x, TECH_INNIES_OUTIES_BOXES, innie, &f) && strstr(f.text, where) != NULL,
           "rule of 45 over %s: the innie %s: %s", where, innie, f.text);
    tap_ok(finds(x, TECH_INNIES_OUTIES_BOXES, outie, &f),
           "rule of 45 over %s: the outie %s: %s", where, outie, f.text);
    tap_ok(!concludes(x, TECH_INNIES_OUTIES, innie) && !concludes(x, TECH_INNIES_OUTIES, outie),
           "rule of 45 over single units: neither %s nor %s", innie, outie);
}

/* Killers whose two units together (and no line or single box) show an innie and an outie. */
static void test_two_units(void)
{
    static const struct {
        const char *cages;
        int sums[26];
        const char *where, *innie, *outie;
    } cases[] = {
        /* Boxes 1 and 2 together (the solution 123456 / 456789 / 789123 / 234567 in their
         * columns): dominoes across the box edge and a cage of three inside, one innie
         * r3c6 in the cage of 10 down to r4c6. */
        { "aaddgg..." "bbeehh..." "ccffhi..." ".....i..."
          ".............................................",
          { 3, 9, 15, 7, 13, 10, 11, 19, 10 }, "box 1 and box 2", "r3c6=3", "r4c6=7" },
        /* Box 1 and row 4 beside it (solution rows 123/456/789, 234567891, 567891234): the
         * columns of box 1 go down into row 4, which ends in a cage of 5 down to r5c9. */
        { "aab......" "ccb......" "def......" "defgghhhi" "........i"
          "....................................",
          { 3, 9, 9, 9, 11, 13, 11, 24, 5 }, "box 1 and row 4", "r4c9=1", "r5c9=4" },
    };

    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct puzzle *p = killer_new(cases[i].cages, cases[i].sums);
        struct position x;

        position_open(&x, p);
        check_two_units(&x, cases[i].where, cases[i].innie, cases[i].outie);
        puzzle_free(p);
    }
}

/* Killer Jigsaw: regions 1 and 2 nearly fill rows 1-2 (region 3 has r2c2, region 2
 * reaches r3c8).  Over the solution 123456789 / 912345678 / 234568917 / 741239856:
 * dominoes down across the regions' edge, and the innie r3c8 in a cage of 6 with r4c8. */
static void test_two_regions(void)
{
    static const char regions[] = "111111112" "132222222" "333333324" "344444444" "555555555"
                                  "666666666" "777777777" "888888888" "999999999";
    static const int sums[26] = { 12, 5, 7, 9, 11, 13, 15, 17, 6, 4 };
    struct puzzle *p = killer_jigsaw_new("aabcdefgh"
                                         "ajbcdefgh"
                                         ".j.....i."
                                         ".......i."
                                         "............................................."
                                         , sums, regions);
    struct position x;
    struct tu_found f;

    if (!tap_ok(p != NULL, "a Killer Jigsaw of two regions nearly filling a band")) {
        puzzle_free(p);
        return;
    }
    position_open(&x, p);
    check_two_units(&x, "region 1 and region 2", "r3c8=1", "r4c8=5");
    tap_ok(finds(&x, TECH_INNIES_OUTIES, "r2c2=1", &f),
           "rows 1 and 2 leave r2c2 (of region 3), 1 as well: %s", f.text);
    puzzle_free(p);
}

/* The Wikipedia Killer (no givens) and the Killers of the variant set: rated without
 * trial now that their cages are reasoned about. */
static void test_rating(const char *name, int first, int count)
{
    FILE *f = fopen(tap_data_path(name), "r");
    struct reader *r = reader_open(f, name, FORMAT_AUTO);
    struct format_error err;
    struct puzzle *p;
    int n = 0;

    while (reader_next(r, &p, NULL, &err) > 0) {
        struct grade g;
        if (n++ >= first && n <= first + count && (p->variant & VARIANT_KILLER)) {
            /* grade_puzzle's default budgets, as rate's. */
            bool rated = grade_puzzle(p, &g);
            tap_ok(rated && !g.gave_up && g.unique && g.counts[TECH_TRIAL] == 0
                   && g.level <= LEVEL_MEDIUM,
                   "%s:%d (%s) rated without trial within the default budget: %s, rating %d.%d, "
                   "%d steps%s", name, n, puzzle_variant_name(p->variant), hint_level_name(g.level),
                   g.rating / 10, g.rating % 10, g.steps, g.gave_up ? " (gave up)" : "");
        }
        puzzle_free(p);
    }
    reader_close(r);
    fclose(f);
}

/* Jigsaw: region 1 is row 1 but r1c9, plus r2c1; the two cells hold the same digit. */
static void test_region_innies(void)
{
    static const char regions[] = "111111112" "122222222" "333333333" "444444444" "555555555"
                                  "666666666" "777777777" "888888888" "999999999";
    struct puzzle *p = sudoku_new_unfinished(9);
    struct puzzle_error err;
    struct position x;
    struct tu_found f;

    puzzle_set_variant(p, VARIANT_JIGSAW);
    for (int c = 0; c < 81; c++)
        p->region[c] = (uint8_t)(regions[c] - '1');
    if (!tap_ok(puzzle_finish(p, &err), "a Jigsaw of row-like regions checks: %s", err.message)) {
        puzzle_free(p);
        return;
    }
    position_open(&x, p);
    set_cands(&x, 1, 9, "123");
    set_cands(&x, 2, 1, "345");
    tap_ok(finds(&x, TECH_REGION_INNIES, "r1c9-1 r1c9-2 r2c1-4 r2c1-5", &f),
           "Jigsaw rule of 45: r1c9 (row 1 outside region 1) and r2c1 (region 1 outside row 1) "
           "hold the same digit: %s", f.text);
    set_cands(&x, 2, 1, "123");
    tap_ok(!concludes(&x, TECH_REGION_INNIES, "r1c9-1"),
           "Jigsaw rule of 45: nothing when both sides can hold the same digits");
    puzzle_free(p);
}

/* --- Soundness on Killers built here: random cages over a known solution --- */

static unsigned rng_next(unsigned *state)
{
    *state = *state * 1103515245u + 12345u;
    return (*state >> 16) & 0x7fff;
}

/* A Killer without givens: cages of 1-5 cells grown at random over solution (no digit
 * twice in a cage), their sums from it. */
static struct puzzle *random_killer(const uint8_t *solution, unsigned seed)
{
    struct puzzle *p = sudoku_new_unfinished(9);
    struct puzzle_error err;
    int sums[81] = { 0 }, cage_of[81], ncages = 0;

    puzzle_set_variant(p, VARIANT_KILLER);
    for (int c = 0; c < 81; c++)
        cage_of[c] = -1;
    for (int c = 0; c < 81; c++) {
        int size = 1 + (int)(rng_next(&seed) % 4) + (rng_next(&seed) % 5 == 0), n = 1;
        digitset used = 1u << solution[c];
        if (cage_of[c] >= 0)
            continue;
        cage_of[c] = ncages;
        sums[ncages] = solution[c];
        for (int tries = 0; n < size && tries < 40; tries++) {
            /* A random cell of the cage, a random neighbour of it. */
            int from, to, dir = (int)(rng_next(&seed) % 4), pick = (int)(rng_next(&seed) % (unsigned)n);
            for (from = 0; from < 81; from++)
                if (cage_of[from] == ncages && pick-- == 0)
                    break;
            to = dir == 0 ? from - 9 : dir == 1 ? from + 9 : dir == 2 ? from - 1 : from + 1;
            if (to < 0 || to >= 81 || (dir >= 2 && to / 9 != from / 9) || cage_of[to] >= 0
                || (used & (1u << solution[to])))
                continue;
            cage_of[to] = ncages;
            used |= 1u << solution[to];
            sums[ncages] += solution[to];
            n++;
        }
        ncages++;
    }
    for (int k = 0; k < ncages; k++)
        puzzle_add_cage(p, sums[k]);
    for (int c = 0; c < 81; c++)
        p->cage[c] = (int16_t)cage_of[c];
    if (!puzzle_finish(p, &err)) {
        tap_diag("random Killer %u: %s", seed, err.message);
        puzzle_free(p);
        return NULL;
    }
    return p;
}

struct walk {
    const uint8_t *solution;
    int wrong, checked;
    int steps[TECH_COUNT];          /* steps of the walks */
    int found[TECH_COUNT];          /* hints found at their positions */
    bool counting;                  /* check_hint counts into found */
    char first_wrong[HINT_TEXT_MAX];
};

static bool check_hint(const struct hint *h, void *user)
{
    struct walk *w = user;

    if (w->counting)
        w->found[h->id]++;

    for (int i = 0; i < h->nplace; i++)
        if (w->checked++, w->solution[h->place[i].cell] != h->place[i].digit && w->wrong++ == 0)
            snprintf(w->first_wrong, sizeof w->first_wrong, "%s", h->text);
    for (int i = 0; i < h->nelim; i++)
        if (w->checked++, w->solution[h->elim[i].cell] == h->elim[i].digit && w->wrong++ == 0)
            snprintf(w->first_wrong, sizeof w->first_wrong, "%s", h->text);
    return true;
}

/* Each step of the rating walk, and every hint of the Killer techniques at its position
 * (and of the Sudoku techniques that take a cage among their groups: fish, single-digit
 * patterns, unique loops). */
static bool check_step(const struct hint *h, int rating, const struct hint_position *pos, void *user)
{
    static const enum technique killer[] = {
        TECH_CAGE_COMBINATIONS, TECH_CAGE_UNIT, TECH_INNIES_OUTIES, TECH_INNIES_OUTIES_BOXES,
        TECH_CAGE_SPLITTING, TECH_INNIE_OUTIE_DIFFERENCE, TECH_HIDDEN_CAGE,
        TECH_SKYSCRAPER, TECH_TWO_STRING_KITE, TECH_TURBOT_FISH,
        TECH_EMPTY_RECTANGLE, TECH_FINNED_X_WING, TECH_FINNED_SWORDFISH, TECH_FINNED_JELLYFISH,
        TECH_FRANKEN_FISH, TECH_MUTANT_FISH, TECH_UNIQUE_LOOP,
    };
    struct walk *w = user;

    (void)rating;
    w->steps[h->id]++;
    check_hint(h, user);
    w->counting = true;
    for (size_t k = 0; k < sizeof killer / sizeof killer[0]; k++)
        hint_find_all(pos, killer[k], check_hint, user);
    w->counting = false;
    return true;
}

static void test_random_killers(int count)
{
    uint8_t solution[81];
    struct walk w = { .solution = solution };
    int made = 0, trials = 0;

    /* A valid grid, its digits relabelled per puzzle. */
    for (unsigned seed = 1; made < count && seed < (unsigned)count * 10; seed++) {
        unsigned st = seed * 7919u;
        uint8_t relabel[10] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 };
        struct puzzle *p;
        struct grade g;
        uint8_t found[81];

        for (int i = 9; i > 1; i--) {
            int j = 1 + (int)(rng_next(&st) % (unsigned)i), t = relabel[i];
            relabel[i] = relabel[j];
            relabel[j] = (uint8_t)t;
        }
        for (int r = 0; r < 9; r++)
            for (int c = 0; c < 9; c++)
                solution[r * 9 + c] = relabel[(r * 3 + r / 3 + c) % 9 + 1];
        if ((p = random_killer(solution, seed)) == NULL)
            continue;
        if (hint_count_solutions(p, p->given, found) == 1) {
            made++;
            if (grade_puzzle_walk(p, &g, 0, NULL, check_step, &w) == 1 && g.counts[TECH_TRIAL] > 0)
                trials++;
        }
        puzzle_free(p);
    }
    tap_ok(made == count && w.wrong == 0 && w.checked > 0,
           "%d random Killers: every Killer hint along their rating walks agrees with the solution "
           "(%d conclusions, %d wrong%s%s)", made, w.checked, w.wrong, w.wrong ? ": " : "",
           w.first_wrong);
    tap_diag("steps: cage combinations %d, cage/unit %d, rule of 45 %d, over boxes %d, cage "
             "splitting %d, innie-outie difference %d, hidden cage %d; %d of %d walks needed trial",
             w.steps[TECH_CAGE_COMBINATIONS], w.steps[TECH_CAGE_UNIT], w.steps[TECH_INNIES_OUTIES],
             w.steps[TECH_INNIES_OUTIES_BOXES], w.steps[TECH_CAGE_SPLITTING],
             w.steps[TECH_INNIE_OUTIE_DIFFERENCE], w.steps[TECH_HIDDEN_CAGE], trials, made);
    tap_diag("hints found at the walks' positions: rule of 45 %d, over boxes %d, cage splitting %d, "
             "innie-outie difference %d, hidden cage %d",
             w.found[TECH_INNIES_OUTIES], w.found[TECH_INNIES_OUTIES_BOXES], w.found[TECH_CAGE_SPLITTING],
             w.found[TECH_INNIE_OUTIE_DIFFERENCE], w.found[TECH_HIDDEN_CAGE]);
    tap_ok(w.found[TECH_INNIES_OUTIES_BOXES] > 0 && w.found[TECH_INNIE_OUTIE_DIFFERENCE] > 0,
           "the walks meet the rule of 45 over boxes and innie-outie differences, checked as above");
}

/* Generated Killers whose walks take the rule of 45 over boxes and innie-outie
 * differences (tests/data/variant/killer_45.txt): every Killer hint at every position of
 * their walks agrees with the solution, and the new forms are steps of them. */
static void test_generated_walks(void)
{
    FILE *f = fopen(tap_data_path("variant/killer_45.txt"), "r");
    struct reader *r = reader_open(f, "variant/killer_45.txt", FORMAT_AUTO);
    struct format_error err;
    struct puzzle *p;
    uint8_t solution[81];
    struct walk w = { .solution = solution };
    int n = 0, unique = 0, trials = 0;

    while (reader_next(r, &p, NULL, &err) > 0) {
        struct grade g;
        n++;
        if (hint_count_solutions(p, p->given, solution) == 1) {
            unique++;
            if (grade_puzzle_walk(p, &g, GRADE_DEFAULT_WORK, NULL, check_step, &w) == 1)
                trials += g.counts[TECH_TRIAL];
        }
        puzzle_free(p);
    }
    reader_close(r);
    fclose(f);
    tap_ok(n == 9 && unique == n && w.wrong == 0 && w.checked > 0,
           "%d generated Killers: every Killer hint along their walks agrees with the solution "
           "(%d conclusions, %d wrong%s%s)", n, w.checked, w.wrong, w.wrong ? ": " : "", w.first_wrong);
    tap_ok(w.steps[TECH_INNIES_OUTIES_BOXES] > 0 && w.steps[TECH_INNIE_OUTIE_DIFFERENCE] > 0 && trials == 0,
           "their walks take the rule of 45 over boxes (%d steps) and innie-outie differences (%d), "
           "no trial (%d)", w.steps[TECH_INNIES_OUTIES_BOXES], w.steps[TECH_INNIE_OUTIE_DIFFERENCE], trials);
    tap_diag("hints found at their positions: rule of 45 %d, over boxes %d, cage splitting %d, "
             "innie-outie difference %d, hidden cage %d",
             w.found[TECH_INNIES_OUTIES], w.found[TECH_INNIES_OUTIES_BOXES], w.found[TECH_CAGE_SPLITTING],
             w.found[TECH_INNIE_OUTIE_DIFFERENCE], w.found[TECH_HIDDEN_CAGE]);
}

int main(void)
{
    test_cage_combinations();
    test_cage_unit();
    test_innies_outies();
    test_two_rows();
    test_leftover_filled();
    test_hidden_cage();
    test_innie_outie_difference();
    test_two_units();
    test_two_regions();
    test_region_innies();
    test_rating("variant/killer_wiki.txt", 0, 1);
    test_rating("variant/variants.txt", 3, 2);
    test_random_killers(20);
    test_generated_walks();
    return tap_done();
}
