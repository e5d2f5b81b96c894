/* test_hint_variant.c: the Sudoku techniques on a variant's units (Jigsaw regions, Sudoku X's
 * diagonals, Killer cages): exact conclusions on positions built for each, and the cases
 * where they must not fire. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hint.h"
#include "hint_kakuro_links.h"
#include "puzzle.h"
#include "tap.h"
#include "test_util.h"
#include "util.h"

/* A Jigsaw layout (kakudo generate jigsaw --seed 5): region 1 is r1c1-r1c3, r2c1, r2c3,
 * r3c1, r3c3, r4c1 and r5c1, no box's shape. */
static const char jigsaw_regions[] = "111222233" "141522233" "141555223" "144545533" "144445563"
                                     "777666663" "777789966" "887789996" "888889999";

static struct puzzle *variant_new(unsigned variant, const char *cages, const int *sums)
{
    return tu_variant9_new(variant, cages, sums, jigsaw_regions);
}

/* A position: every cell empty with every digit, or (filled) every cell holding a digit
 * but those opened by hand. */
struct position {
    uint8_t grid[81];
    digitset cands[81];
    struct hint_position pos;
};

static void position_open(struct position *x, const struct puzzle *p, bool filled)
{
    memset(x->grid, filled ? 1 : 0, sizeof x->grid);
    for (int c = 0; c < 81; c++)
        x->cands[c] = filled ? 0 : 0x3fe;
    x->pos = (struct hint_position){ .p = p, .grid = x->grid, .cands = x->cands, .unique = filled };
}

static int cell_of(const char *name)
{
    return (name[1] - '1') * 9 + name[3] - '1';
}

/* Opens the cells "r1c1 r2c5 ..." with candidates digits. */
static void open_cells(struct position *x, const char *cells, const char *digits)
{
    for (const char *c = cells; *c; c += c[4] == ' ' ? 5 : 4) {
        x->grid[cell_of(c)] = 0;
        x->cands[cell_of(c)] = tu_digits(digits);
    }
}

/* Digit d has its places in unit g in the cells "r1c1 r2c5 ..." only. */
static void places_in(struct position *x, int g, int d, const char *cells)
{
    const struct puzzle_group *grp = &x->pos.p->groups[g];

    for (int i = 0; i < grp->ncells; i++) {
        int cell = grp->cells[i];
        bool keep = false;
        for (const char *c = cells; *c && !keep; c += c[4] == ' ' ? 5 : 4)
            keep = cell_of(c) == cell;
        if (keep)
            x->cands[cell] |= 1u << d;
        else
            x->cands[cell] &= ~(1u << d);
    }
}

static int row(int r) { return r - 1; }
static int column(int c) { return 9 + c - 1; }
static int box(int b) { return 18 + b - 1; }    /* or region */
static int diagonal(int k) { return 27 + k; }   /* 0 main, 1 anti */

/* Whether technique t finds a hint concluding exactly want (see tu_finds). */
static bool finds(struct position *x, enum technique t, const char *want, struct tu_found *f)
{
    return tu_finds(&x->pos, t, want, f);
}

static void report(bool ok, const struct tu_found *f, const char *what)
{
    tap_ok(ok, "%s: %s", what, f->seen ? f->text : f->count ? f->first : "(nothing)");
}

/* --- Fish --- */

/* Rows 2 and 8 hold 4 only in columns 1 and 7, but for the fin r2c3 in region 1, which
 * runs down column 1 to r5c1: a box would stop at r3c1. */
static void test_finned_jigsaw(void)
{
    struct puzzle *p = variant_new(VARIANT_JIGSAW, NULL, NULL);
    struct position x;
    struct tu_found f;

    position_open(&x, p, false);
    places_in(&x, row(2), 4, "r2c1 r2c3 r2c7");
    places_in(&x, row(8), 4, "r8c1 r8c7");
    report(finds(&x, TECH_FINNED_X_WING, "r1c1-4 r3c1-4 r4c1-4 r5c1-4", &f), &f,
           "Jigsaw finned X-wing: the fin's region reaches r4c1 and r5c1");
    tap_ok(strstr(f.text, "region 1") != NULL, "the fin's region is named a region");
    places_in(&x, row(2), 4, "r2c1 r2c3 r2c4 r2c7");
    report(finds(&x, TECH_FINNED_X_WING, "", &f), &f,
           "Jigsaw finned X-wing: not with fins in two regions (r2c3, r2c4)");
    puzzle_free(p);
}

/* Region 1 holds 6 only in r1c3 and r4c1, row 8 only in r8c1 and r8c3: the two base units
 * fill columns 1 and 3. */
static void test_franken_jigsaw(void)
{
    struct puzzle *p = variant_new(VARIANT_JIGSAW, NULL, NULL);
    struct position x;
    struct tu_found f;

    position_open(&x, p, false);
    places_in(&x, box(1), 6, "r1c3 r4c1");
    places_in(&x, row(8), 6, "r8c1 r8c3");
    report(finds(&x, TECH_FRANKEN_FISH, "r4c3-6 r5c3-6 r6c1-6 r6c3-6 r7c1-6 r7c3-6 r9c1-6 r9c3-6", &f),
           &f, "Jigsaw Franken X-wing: region 1 and row 8 against columns 1 and 3");
    places_in(&x, row(8), 6, "r8c1 r8c3 r8c5");
    report(finds(&x, TECH_FRANKEN_FISH, "", &f), &f, "not when row 8 has a place outside the cover");
    puzzle_free(p);
}

/* The main diagonal holds 1 only in r1c1 and r5c5, row 8 only in r8c1 and r8c5. */
static void test_mutant_x(void)
{
    struct puzzle *p = variant_new(VARIANT_X, NULL, NULL);
    struct position x;
    struct tu_found f;

    position_open(&x, p, false);
    places_in(&x, diagonal(0), 1, "r1c1 r5c5");
    places_in(&x, row(8), 1, "r8c1 r8c5");
    report(finds(&x, TECH_MUTANT_FISH, "r1c5-1 r2c1-1 r2c5-1 r3c1-1 r3c5-1 r4c1-1 r4c5-1 r5c1-1 r6c1-1 "
                 "r6c5-1 r7c1-1 r7c5-1 r9c1-1 r9c5-1", &f),
           &f, "Sudoku X mutant X-wing: the main diagonal and row 8 against columns 1 and 5");
    tap_ok(strstr(f.text, "the main diagonal") != NULL, "the diagonal is named");
    places_in(&x, diagonal(0), 1, "r1c1 r5c5 r9c9");
    report(finds(&x, TECH_MUTANT_FISH, "", &f), &f, "not when the diagonal has a third place");
    puzzle_free(p);
}

/* Box 1 holds 1 only in row 1 and column 1 (r1c1-r1c3, r2c1, r3c1: three rows, three
 * columns), the anti-diagonal only in r1c9 and r9c1: the two base units against row 1 and
 * column 1, a cover of a box mixing a row and a column. */
static void test_mutant_mixed_cover(void)
{
    struct puzzle *p = variant_new(VARIANT_X, NULL, NULL);
    struct position x;
    struct tu_found f;

    position_open(&x, p, false);
    places_in(&x, box(1), 1, "r1c1 r1c2 r1c3 r2c1 r3c1");
    places_in(&x, diagonal(1), 1, "r1c9 r9c1");
    report(finds(&x, TECH_MUTANT_FISH, "r1c4-1 r1c5-1 r1c6-1 r1c7-1 r1c8-1 r4c1-1 r5c1-1 r6c1-1 "
                 "r7c1-1 r8c1-1", &f), &f,
           "Sudoku X mutant X-wing: box 1 and the anti-diagonal against row 1 and column 1");
    places_in(&x, box(1), 1, "r1c1 r1c2 r1c3 r2c1 r3c1 r2c2");
    report(finds(&x, TECH_MUTANT_FISH, "", &f), &f, "not when box 1 has r2c2 outside row 1 and column 1");
    puzzle_free(p);
}

/* --- Single-digit patterns --- */

/* Rows 1 and 4: 5 in r1c3, r1c9 and r4c3, r4c4: the tops r1c9 and r4c4 lie on the two
 * diagonals, which see r5c5, r6c4 and r9c9 (on plain Sudoku, no cell sees both). */
static void test_skyscraper_x(void)
{
    struct puzzle *x_p = variant_new(VARIANT_X, NULL, NULL), *plain = variant_new(0, NULL, NULL);
    struct position x;
    struct tu_found f;

    position_open(&x, x_p, false);
    places_in(&x, row(1), 5, "r1c3 r1c9");
    places_in(&x, row(4), 5, "r4c3 r4c4");
    report(finds(&x, TECH_SKYSCRAPER, "r5c5-5 r6c4-5 r9c9-5", &f), &f,
           "Sudoku X skyscraper: cells seeing both tops through a diagonal");
    x.pos.p = plain;
    report(finds(&x, TECH_SKYSCRAPER, "", &f), &f, "the same places on plain Sudoku: nothing");
    puzzle_free(x_p);
    puzzle_free(plain);
}

/* Row 2 and column 7 hold 3 in two places each, r2c2 and r7c7 joined by the main diagonal
 * only: a turbot fish (no skyscraper or kite). */
static void test_turbot_diagonal(void)
{
    struct puzzle *p = variant_new(VARIANT_X, NULL, NULL);
    struct position x;
    struct tu_found f;

    position_open(&x, p, false);
    places_in(&x, row(2), 3, "r2c2 r2c5");
    places_in(&x, column(7), 3, "r7c7 r4c7");
    report(finds(&x, TECH_TURBOT_FISH, "r4c5-3", &f), &f,
           "Sudoku X turbot fish: r2c2 and r7c7 on the main diagonal");
    tap_ok(strstr(f.text, "share the main diagonal") != NULL, "the diagonal link is named");
    places_in(&x, row(2), 3, "r2c3 r2c5");
    report(finds(&x, TECH_TURBOT_FISH, "", &f), &f, "not from r2c3, off the diagonal");
    puzzle_free(p);
}

/* Row 5 (r5c1, r5c8) and column 3 (r2c3, r9c3): r5c1 and r2c3 share region 1 only. */
static void test_kite_jigsaw(void)
{
    struct puzzle *p = variant_new(VARIANT_JIGSAW, NULL, NULL);
    struct position x;
    struct tu_found f;

    position_open(&x, p, false);
    places_in(&x, row(5), 7, "r5c1 r5c8");
    places_in(&x, column(3), 7, "r2c3 r9c3");
    report(finds(&x, TECH_TWO_STRING_KITE, "r9c8-7", &f), &f,
           "Jigsaw two-string kite joined in region 1");
    tap_ok(strstr(f.text, "region 1") != NULL, "the kite's region is named");
    places_in(&x, column(3), 7, "r6c3 r9c3");
    report(finds(&x, TECH_TWO_STRING_KITE, "", &f), &f,
           "not when the column's place r6c3 shares no region with r5c1");
    puzzle_free(p);
}

/* Region 1 holds 8 only in r1c3 (row 1) and r4c1 (column 1), crossing at r1c1; column 6
 * holds it only in r1c6 and r7c6: r7c1 cannot be 8. */
static void test_empty_rectangle_jigsaw(void)
{
    struct puzzle *p = variant_new(VARIANT_JIGSAW, NULL, NULL);
    struct position x;
    struct tu_found f;

    position_open(&x, p, false);
    places_in(&x, box(1), 8, "r1c3 r4c1");
    places_in(&x, column(6), 8, "r1c6 r7c6");
    report(finds(&x, TECH_EMPTY_RECTANGLE, "r7c1-8", &f), &f,
           "Jigsaw empty rectangle in region 1 (row 1 and column 1)");
    places_in(&x, box(1), 8, "r1c3 r3c3 r4c1");
    report(finds(&x, TECH_EMPTY_RECTANGLE, "", &f), &f,
           "not when r3c3 is in neither row 1 nor column 1");
    puzzle_free(p);
}

/* Box 1 holds 9 only in r1c3 (row 1) and r3c1 (column 1); the anti-diagonal only in r1c9
 * and r5c5: were r5c1 9, r5c5 would not be, r1c9 would, and box 1 would have no place. */
static void test_empty_rectangle_diagonal(void)
{
    struct puzzle *xp = variant_new(VARIANT_X, NULL, NULL), *plain = variant_new(0, NULL, NULL);
    struct position x;
    struct tu_found f;

    position_open(&x, xp, false);
    places_in(&x, box(1), 9, "r1c3 r3c1");
    places_in(&x, diagonal(1), 9, "r1c9 r5c5");
    report(finds(&x, TECH_EMPTY_RECTANGLE, "r5c1-9", &f), &f,
           "Sudoku X empty rectangle with its strong link in the anti-diagonal");
    x.pos.p = plain;
    report(finds(&x, TECH_EMPTY_RECTANGLE, "", &f), &f, "the same places on plain Sudoku: nothing");
    puzzle_free(xp);
    puzzle_free(plain);
}

/* --- Uniqueness --- */

/* Six cells in rows 1, 8, 5 and columns 4-6, off the diagonals, each row, column and box
 * holding two of them: a loop of 3 and 7 (the last also 5). */
static const char loop_x[] = "r1c4 r1c5 r8c5 r8c6 r5c6 r5c4";
/* The same in columns 1-3: r1c1 is on the main diagonal. */
static const char loop_diag[] = "r1c1 r1c2 r4c2 r4c3 r7c3 r7c1";

static void open_loop(struct position *x, const struct puzzle *p, const char *cells)
{
    position_open(x, p, true);
    open_cells(x, cells, "37");
    x->cands[cell_of(cells + strlen(cells) - 4)] = tu_digits("357");
}

/* A Killer whose cages are given as "a:r1c1 r1c2;b:r4c2 r5c2" (sums 10 each: the sums
 * play no part in these positions). */
static struct puzzle *killer_with(const char *cages)
{
    static const int sums[26] = { 10, 10, 10, 10 };
    char map[82];
    char letter = 'a';

    memset(map, '.', 81);
    map[81] = '\0';
    for (const char *c = cages; *c; c++) {
        if (*c == ':' || *c == ' ')
            continue;
        if (*c == ';') {
            letter++;
            continue;
        }
        if (*c == 'r') {
            map[cell_of(c)] = letter;
            c += 3;
        }
    }
    return variant_new(VARIANT_KILLER, map, sums);
}

static void test_unique_loop(void)
{
    struct puzzle *xp = variant_new(VARIANT_X, NULL, NULL);
    struct puzzle *k_in = killer_with("a:r1c1 r1c2");
    struct puzzle *k_out = killer_with("a:r4c2 r5c2");
    struct position x;
    struct tu_found f;

    open_loop(&x, xp, loop_x);
    report(finds(&x, TECH_UNIQUE_LOOP, "r5c4-3 r5c4-7", &f), &f, "Sudoku X unique loop off the diagonals");
    /* The extra digit in the loop's first cell in reading order: the loop is found from
     * another of its cells. */
    open_loop(&x, xp, loop_x);
    x.cands[cell_of("r5c4")] = tu_digits("37");
    x.cands[cell_of("r1c4")] = tu_digits("357");
    report(finds(&x, TECH_UNIQUE_LOOP, "r1c4-3 r1c4-7", &f), &f,
           "Sudoku X unique loop whose first cell holds the extra digit");
    open_loop(&x, xp, loop_diag);
    report(finds(&x, TECH_UNIQUE_LOOP, "", &f), &f,
           "Sudoku X: no unique loop through r1c1, whose diagonal holds one of its cells");
    open_loop(&x, k_in, loop_diag);
    report(finds(&x, TECH_UNIQUE_LOOP, "r7c1-3 r7c1-7", &f), &f,
           "Killer unique loop: the cage of r1c1 and r1c2 holds two of its cells, swapped");
    open_loop(&x, k_out, loop_diag);
    report(finds(&x, TECH_UNIQUE_LOOP, "", &f), &f,
           "Killer: no unique loop when a cage (r4c2, r5c2) holds one of its cells");
    puzzle_free(xp);
    puzzle_free(k_in);
    puzzle_free(k_out);
}

/* A rectangle of 3 and 7, r1c4 also 5: every group holds 0 or 2 places of each digit but
 * for r1c4's 5, a BUG+1 (and a unique rectangle). */
static void open_rectangle(struct position *x, const struct puzzle *p, const char *corners)
{
    position_open(x, p, true);
    open_cells(x, corners, "37");
    x->cands[cell_of(corners)] = tu_digits("357");
}

static void test_bug(void)
{
    struct puzzle *xp = variant_new(VARIANT_X, NULL, NULL), *jp = variant_new(VARIANT_JIGSAW, NULL, NULL);
    struct puzzle *kp = killer_with("a:r1c4 r1c5");
    struct position x;
    struct tu_found f;

    open_rectangle(&x, xp, "r1c4 r1c5 r8c4 r8c5");
    report(finds(&x, TECH_BUG_PLUS_ONE, "r1c4=5", &f), &f, "Sudoku X BUG+1 off the diagonals");
    open_rectangle(&x, xp, "r2c2 r2c4 r5c2 r5c4");
    report(finds(&x, TECH_BUG_PLUS_ONE, "", &f), &f,
           "Sudoku X: no BUG+1 when the main diagonal holds one 3/7 cell (r2c2)");
    /* r1c1 r1c3 in region 1, r7c1 r7c3 in region 7 */
    open_rectangle(&x, jp, "r1c1 r1c3 r7c1 r7c3");
    report(finds(&x, TECH_BUG_PLUS_ONE, "r1c1=5", &f), &f, "Jigsaw BUG+1 over two regions");
    open_rectangle(&x, jp, "r1c3 r1c4 r7c3 r7c4");
    report(finds(&x, TECH_BUG_PLUS_ONE, "", &f), &f,
           "Jigsaw: no BUG+1 when regions 1, 2, 7 and 8 hold one corner each");
    open_rectangle(&x, kp, "r1c4 r1c5 r8c4 r8c5");
    report(finds(&x, TECH_BUG_PLUS_ONE, "", &f), &f, "Killer: no BUG (a cage need not hold its digits)");
    open_rectangle(&x, jp, "r1c1 r1c3 r7c1 r7c3");
    x.cands[cell_of("r7c1")] = tu_digits("347");
    x.cands[cell_of("r1c1")] = tu_digits("347");
    report(finds(&x, TECH_BUG_TYPE_2, "", &f), &f, "BUG type 2 on Jigsaw: r1c1 and r7c1 see nothing to rule out");
    puzzle_free(xp);
    puzzle_free(jp);
    puzzle_free(kp);
}

/* --- Cages past nine digits --- */

/* A 16x16 Killer's cage of r1c1-r1c3 adding up to 45 can only be 14+15+16 (the Kakuro
 * tables stop at 9): the digits it needs, what each cell keeps, and none when no cell
 * can be 16. */
static void test_wide_cage(void)
{
    struct puzzle *p = sudoku_new_unfinished(16);
    struct puzzle_error err;
    uint8_t grid[256] = { 0 };
    digitset cands[256], allowed[KAKURO_GROUP_MAX], common = 0;
    digitset want = 1u << 14 | 1u << 15 | 1u << 16;
    struct hint_position pos = { .p = p, .grid = grid, .cands = cands };
    int g, sets;

    puzzle_set_variant(p, VARIANT_KILLER);
    int k = puzzle_add_cage(p, 45);
    p->cage[0] = p->cage[1] = p->cage[2] = (int16_t)k;
    tap_ok(puzzle_finish(p, &err), "a 16x16 Killer with a cage of 45 in three cells: %s", err.message);
    hint_fill_candidates(p, grid, NULL, cands);
    g = hint_group_of_kind(p, 0, GROUP_CAGE);
    sets = kakuro_fit_group(p, g, grid, cands, allowed, &common);
    tap_ok(sets == 1 && common == want && allowed[0] == want && allowed[2] == want
           && hint_group_required(&pos, g) == want,
           "16x16 cage of 45 in three cells: 14+15+16 only (%d sets, common %#x)", sets, common);
    for (int c = 0; c < 3; c++)
        cands[c] &= ~(1u << 16);
    tap_ok(kakuro_fit_group(p, g, grid, cands, allowed, &common) == 0 && hint_group_required(&pos, g) == 0,
           "and no set when no cell can be 16");
    puzzle_free(p);
}

/* --- Wording --- */

static void test_wording(void)
{
    struct puzzle *jp = variant_new(VARIANT_JIGSAW, NULL, NULL), *xp = variant_new(VARIANT_X, NULL, NULL);
    struct position x;
    struct hint h;

    open_rectangle(&x, jp, "r1c1 r1c3 r7c1 r7c3");
    tap_ok(hint_find(&x.pos, TECH_UNIQUE_RECTANGLE, &h) && strstr(h.text, "in two regions") != NULL
           && strstr(h.text, "box") == NULL, "Jigsaw unique rectangle: %s", h.text);
    position_open(&x, jp, false);
    places_in(&x, box(1), 2, "r5c1");
    tap_ok(hint_find(&x.pos, TECH_HIDDEN_SINGLE_BOX, &h) && strcmp(h.name, "Hidden single (region)") == 0
           && strncmp(h.text, "Hidden single (region): in region 1,", 36) == 0,
           "Jigsaw hidden single: %s", h.text);
    position_open(&x, xp, false);
    places_in(&x, box(1), 2, "r2c2");
    tap_ok(hint_find(&x.pos, TECH_HIDDEN_SINGLE_BOX, &h) && strcmp(h.name, "Hidden single (box)") == 0,
           "Sudoku X hidden single in a box: %s", h.text);
    position_open(&x, xp, false);
    places_in(&x, diagonal(1), 4, "r3c7");
    tap_ok(hint_find(&x.pos, TECH_HIDDEN_SINGLE_LINE, &h) && strcmp(h.name, "Hidden single (diagonal)") == 0
           && strncmp(h.text, "Hidden single (diagonal): in the anti-diagonal,", 47) == 0,
           "Sudoku X hidden single in a diagonal: %s", h.text);
    position_open(&x, xp, false);
    places_in(&x, column(4), 4, "r3c4");
    tap_ok(hint_find(&x.pos, TECH_HIDDEN_SINGLE_LINE, &h) && strcmp(h.name, "Hidden single (line)") == 0,
           "Sudoku X hidden single in a column: %s", h.text);
    tap_ok(strcmp(hint_technique_name(TECH_HIDDEN_SINGLE_LINE, VARIANT_X), "Hidden single (line or diagonal)") == 0
           && strcmp(hint_technique_name(TECH_HIDDEN_SINGLE_LINE, 0), "Hidden single (line)") == 0
           && strstr(hint_technique_definition(TECH_HIDDEN_SINGLE_LINE, VARIANT_X), "diagonal") != NULL,
           "Sudoku X: the technique counts lines and diagonals, and its definition says so");
    tap_ok(strcmp(hint_technique_name(TECH_INNIES_OUTIES_BOXES, VARIANT_JIGSAW | VARIANT_KILLER),
                  "Rule of 45 over regions") == 0
           && strstr(hint_technique_definition(TECH_HIDDEN_SINGLE_BOX, VARIANT_JIGSAW), "region") != NULL
           && strstr(hint_technique_definition(TECH_POINTING, VARIANT_JIGSAW), "box") == NULL
           && strstr(hint_technique_definition(TECH_CLAIMING, VARIANT_JIGSAW), "box") == NULL
           && strstr(hint_technique_definition(TECH_POINTING, VARIANT_X), "box") != NULL,
           "Jigsaw: names and definitions say region where the table says box");
    {
        int boxed = 0, left = 0;

        for (int id = 0; id < TECH_COUNT; id++) {
            const char *plain = hint_technique_definition((enum technique)id, 0);
            const char *jigsaw = hint_technique_definition((enum technique)id, VARIANT_JIGSAW);

            if (plain == NULL || strstr(plain, "box") == NULL)
                continue;
            boxed++;
            if (jigsaw == NULL || strstr(jigsaw, "box") != NULL) {
                tap_diag("on a Jigsaw: %s", plain);
                left++;
            }
        }
        tap_ok(boxed >= 10 && left == 0, "Jigsaw: no definition of the %d that name a box does so", boxed);
    }
    puzzle_free(jp);
    puzzle_free(xp);
}

/* Pointing and claiming name the group that confines the digit as what it is: a cage, a
 * region, a diagonal. */
static void test_locked_words(void)
{
    struct puzzle *kp = killer_with("a:r2c3 r3c2 r3c3 r3c4"), *xp = variant_new(VARIANT_X, NULL, NULL);
    struct puzzle *jp = variant_new(VARIANT_JIGSAW, NULL, NULL);
    struct position x;
    struct tu_found f;

    position_open(&x, kp, false);
    places_in(&x, box(1), 5, "r3c2 r2c3");
    report(finds(&x, TECH_POINTING, "r3c4-5", &f) && strstr(f.text, "all in the cage at r2c3 (sum 10)") != NULL,
           &f, "Killer pointing: box 1's 5s in one cage, not in one line");
    position_open(&x, xp, false);
    places_in(&x, diagonal(0), 5, "r1c1 r2c2");
    report(finds(&x, TECH_CLAIMING, "r1c2-5 r1c3-5 r2c1-5 r2c3-5 r3c1-5 r3c2-5", &f)
           && strstr(f.text, "in the main diagonal, 5 can only go in r1c1 or r2c2, all in box 1") != NULL,
           &f, "Sudoku X claiming from the main diagonal");
    position_open(&x, jp, false);
    places_in(&x, box(1), 5, "r4c1 r5c1");
    report(finds(&x, TECH_POINTING, "r6c1-5 r7c1-5 r8c1-5 r9c1-5", &f)
           && strstr(f.text, "in region 1, 5 can only go in r4c1 or r5c1, all in column 1") != NULL,
           &f, "Jigsaw pointing from region 1");
    puzzle_free(kp);
    puzzle_free(xp);
    puzzle_free(jp);
}

int main(void)
{
    test_finned_jigsaw();
    test_franken_jigsaw();
    test_mutant_x();
    test_mutant_mixed_cover();
    test_skyscraper_x();
    test_turbot_diagonal();
    test_kite_jigsaw();
    test_empty_rectangle_jigsaw();
    test_empty_rectangle_diagonal();
    test_unique_loop();
    test_bug();
    test_wide_cage();
    test_wording();
    test_locked_words();
    return tap_done();
}
