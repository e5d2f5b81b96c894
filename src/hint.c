/* hint.c: the technique engine: the table of techniques, the search driver, hint text. */
#include "config.h"
#include "hint.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hint_kakuro_links.h"
#include "hint_memo.h"
#include "i18n.h"
#include "solve.h"
#include "util.h"

#define BOTH (HINT_KIND_SUDOKU | HINT_KIND_KAKURO)

/* Indexed by enum technique; the order is the order of difficulty they are tried in. */
static const struct technique_info techniques[TECH_COUNT] = {
    [TECH_MISTAKE] = { TECH_MISTAKE, "mistake", N_("Mistake"),
        N_("A digit or a pencil mark of the position contradicts the solution."),
        LEVEL_BEGINNER, BOTH, false, 0, NULL },
    [TECH_FULL_HOUSE] = { TECH_FULL_HOUSE, "full-house", N_("Full house"),
        N_("A unit with one empty cell: it takes the one digit the unit is missing."),
        LEVEL_BEGINNER, HINT_KIND_SUDOKU, false, 1, hint_find_full_house },
    [TECH_LONE_SQUARE] = { TECH_LONE_SQUARE, "lone-square", N_("Lone square"),
        N_("The last empty cell of a run takes what its sum still needs."),
        LEVEL_BEGINNER, HINT_KIND_KAKURO, false, 1, hint_find_lone_square },
    [TECH_HIDDEN_SINGLE_BOX] = { TECH_HIDDEN_SINGLE_BOX, "hidden-single-box", N_("Hidden single (box)"),
        N_("A digit that fits only one cell of a box goes there."),
        LEVEL_BEGINNER, HINT_KIND_SUDOKU, false, 2, hint_find_hidden_single_box },
    [TECH_HIDDEN_SINGLE_LINE] = { TECH_HIDDEN_SINGLE_LINE, "hidden-single-line", N_("Hidden single (line)"),
        N_("A digit that fits only one cell of a row or column goes there."),
        LEVEL_BEGINNER, HINT_KIND_SUDOKU, false, 3, hint_find_hidden_single_line },
    [TECH_NAKED_SINGLE] = { TECH_NAKED_SINGLE, "naked-single", N_("Naked single"),
        N_("A cell with only one candidate left takes it."),
        LEVEL_BEGINNER, BOTH, false, 4, hint_find_naked_single },
    [TECH_UNIQUE_SUM] = { TECH_UNIQUE_SUM, "unique-sum", N_("Unique sum"),
        N_("Some sums can be made from one set of digits only (16 in two cells: 7+9)."),
        LEVEL_EASY, HINT_KIND_KAKURO, false, 5, hint_find_unique_sum },
    [TECH_CROSS_REFERENCE] = { TECH_CROSS_REFERENCE, "cross-reference", N_("Cross-reference"),
        N_("A cell takes a digit both its across and its down run can use."),
        LEVEL_EASY, HINT_KIND_KAKURO, false, 6, hint_find_cross_reference },
    [TECH_EXCLUDED_DIGITS] = { TECH_EXCLUDED_DIGITS, "excluded-digits", N_("Excluded digits"),
        N_("Digits that no combination of a run's sum uses cannot appear in it."),
        LEVEL_EASY, HINT_KIND_KAKURO, false, 8, hint_find_excluded_digits },
    [TECH_REQUIRED_DIGIT] = { TECH_REQUIRED_DIGIT, "required-digit", N_("Required digit"),
        N_("A digit every combination of a run uses must go in the one cell that can take it."),
        LEVEL_EASY, HINT_KIND_KAKURO, false, 8, hint_find_required_digit },
    [TECH_POINTING] = { TECH_POINTING, "pointing", N_("Pointing"),
        N_("A digit confined to one line within a box cannot be elsewhere in that line."),
        LEVEL_EASY, HINT_KIND_SUDOKU, false, 10, hint_find_pointing },
    [TECH_CLAIMING] = { TECH_CLAIMING, "claiming", N_("Claiming"),
        N_("A digit confined to one box within a line cannot be elsewhere in that box."),
        LEVEL_EASY, HINT_KIND_SUDOKU, false, 12, hint_find_claiming },
    [TECH_CAGE_COMBINATIONS] = { TECH_CAGE_COMBINATIONS, "cage-combinations", N_("Cage combinations"),
        N_("A cage's cells keep only the digits of the sets of distinct digits that make its sum and fit their candidates."),
        LEVEL_EASY, HINT_KIND_SUDOKU, false, 8, hint_find_cage_combinations },
    [TECH_CAGE_UNIT] = { TECH_CAGE_UNIT, "cage-unit", N_("Cage/unit interaction"),
        N_("A digit a cage needs, confined to one unit within it, is not elsewhere in that unit; a digit of a unit confined to one cage is in that cage."),
        LEVEL_EASY, HINT_KIND_SUDOKU, false, 12, hint_find_cage_unit },
    [TECH_SUM_BOUNDS] = { TECH_SUM_BOUNDS, "sum-bounds", N_("Sum bounds"),
        N_("What the rest of a run can add up to bounds a cell from below and above."),
        LEVEL_MEDIUM, HINT_KIND_KAKURO, false, 15, hint_find_sum_bounds },
    [TECH_INNIES_OUTIES] = { TECH_INNIES_OUTIES, "innies-outies", N_("Rule of 45"),
        N_("Units add up to 45 each: less the cages wholly inside, the one or two cells left over (innies), or the cells of the cages sticking out (outies), add up to the rest."),
        LEVEL_MEDIUM, HINT_KIND_SUDOKU, false, 18, hint_find_innies_outies },
    [TECH_INNIES_OUTIES_BOXES] = { TECH_INNIES_OUTIES_BOXES, "innies-outies-boxes", N_("Rule of 45 over boxes"),
        N_("Several boxes or regions, or a box and a line beside it, add up to 45 each: less the cages wholly inside, the one or two cells left over, or the cells of the cages sticking out, add up to the rest."),
        LEVEL_MEDIUM, HINT_KIND_SUDOKU, false, 19, hint_find_innies_outies_boxes },
    [TECH_CAGE_SPLITTING] = { TECH_CAGE_SPLITTING, "cage-splitting", N_("Cage splitting"),
        N_("When the rule of 45 gives the sum of part of a cage, the rest of the cage adds up to what is left."),
        LEVEL_MEDIUM, HINT_KIND_SUDOKU, false, 22, hint_find_cage_splitting },
    [TECH_INNIE_OUTIE_DIFFERENCE] = { TECH_INNIE_OUTIE_DIFFERENCE, "innie-outie-difference", N_("Innie-outie difference"),
        N_("Counting some of the cages that stick out of an area and not the others, the innies left add up to a known amount more or less than the outies: candidates that cannot balance go."),
        LEVEL_MEDIUM, HINT_KIND_SUDOKU, false, 24, hint_find_innie_outie_difference },
    [TECH_HIDDEN_CAGE] = { TECH_HIDDEN_CAGE, "hidden-cage", N_("Hidden cage"),
        N_("The cells of a unit the whole cages inside it leave over form a cage of their own, with a known sum."),
        LEVEL_MEDIUM, HINT_KIND_SUDOKU, false, 25, hint_find_hidden_cage },
    [TECH_REGION_INNIES] = { TECH_REGION_INNIES, "region-innies-outies", N_("Jigsaw rule of 45"),
        N_("k rows (or columns) and the k regions overlapping them most hold each digit k times: the cells of the lines outside the regions hold the digits of the cells of the regions outside the lines."),
        LEVEL_MEDIUM, HINT_KIND_SUDOKU, false, 20, hint_find_region_innies },
    [TECH_NAKED_PAIR] = { TECH_NAKED_PAIR, "naked-pair", N_("Naked pair"),
        N_("Two cells of a unit holding only the same two digits take both; the unit's other cells cannot."),
        LEVEL_MEDIUM, BOTH, false, 20, hint_find_naked_subset },
    [TECH_HIDDEN_PAIR] = { TECH_HIDDEN_PAIR, "hidden-pair", N_("Hidden pair"),
        N_("Two digits that fit only the same two cells of a unit fill them; those cells take nothing else."),
        LEVEL_MEDIUM, HINT_KIND_SUDOKU, false, 25, hint_find_hidden_subset },
    [TECH_NAKED_TRIPLE] = { TECH_NAKED_TRIPLE, "naked-triple", N_("Naked triple"),
        N_("Three cells of a unit holding only three digits between them take all three."),
        LEVEL_MEDIUM, BOTH, false, 30, hint_find_naked_subset },
    [TECH_HIDDEN_TRIPLE] = { TECH_HIDDEN_TRIPLE, "hidden-triple", N_("Hidden triple"),
        N_("Three digits that fit only the same three cells of a unit fill them."),
        LEVEL_MEDIUM, HINT_KIND_SUDOKU, false, 35, hint_find_hidden_subset },
    [TECH_NAKED_QUAD] = { TECH_NAKED_QUAD, "naked-quad", N_("Naked quad"),
        N_("Four cells of a unit holding only four digits between them take all four."),
        LEVEL_MEDIUM, BOTH, false, 40, hint_find_naked_subset },
    [TECH_HIDDEN_QUAD] = { TECH_HIDDEN_QUAD, "hidden-quad", N_("Hidden quad"),
        N_("Four digits that fit only the same four cells of a unit fill them."),
        LEVEL_MEDIUM, HINT_KIND_SUDOKU, false, 45, hint_find_hidden_subset },
    [TECH_COMBINATIONS] = { TECH_COMBINATIONS, "combinations", N_("Combinations"),
        N_("Only some combinations of a run's sum fit its cells' candidates (set by the crossing runs)."),
        LEVEL_MEDIUM, HINT_KIND_KAKURO, false, 20, hint_find_combinations },
    [TECH_AREA_SUM] = { TECH_AREA_SUM, "area-sum", N_("Area sum"),
        N_("Across runs and down runs covering the same cells but one: their sums differ by that cell."),
        LEVEL_HARD, HINT_KIND_KAKURO, false, 50, hint_find_area_sum },
    [TECH_X_WING] = { TECH_X_WING, "x-wing", N_("X-wing"),
        N_("A digit confined to the same two columns in two rows (or rows in two columns)."),
        LEVEL_HARD, HINT_KIND_SUDOKU, false, 50, hint_find_fish },
    [TECH_SWORDFISH] = { TECH_SWORDFISH, "swordfish", N_("Swordfish"),
        N_("A digit confined to the same three columns in three rows (or the other way)."),
        LEVEL_HARD, HINT_KIND_SUDOKU, false, 70, hint_find_fish },
    [TECH_JELLYFISH] = { TECH_JELLYFISH, "jellyfish", N_("Jellyfish"),
        N_("A digit confined to the same four columns in four rows (or the other way)."),
        LEVEL_HARD, HINT_KIND_SUDOKU, false, 90, hint_find_fish },
    [TECH_SKYSCRAPER] = { TECH_SKYSCRAPER, "skyscraper", N_("Skyscraper"),
        N_("Two parallel lines with two places each for a digit, one pair of ends lined up."),
        LEVEL_HARD, HINT_KIND_SUDOKU, false, 60, hint_find_skyscraper },
    [TECH_TWO_STRING_KITE] = { TECH_TWO_STRING_KITE, "two-string-kite", N_("Two-string kite"),
        N_("A row and a column with two places each for a digit, joined in a box."),
        LEVEL_HARD, HINT_KIND_SUDOKU, false, 60, hint_find_two_string_kite },
    [TECH_XY_WING] = { TECH_XY_WING, "xy-wing", N_("XY-wing"),
        N_("A two-digit pivot XY seeing pincers XZ and YZ: a cell seeing both pincers is not Z."),
        LEVEL_HARD, HINT_KIND_SUDOKU, false, 65, hint_find_xy_wing },
    [TECH_XYZ_WING] = { TECH_XYZ_WING, "xyz-wing", N_("XYZ-wing"),
        N_("A pivot XYZ seeing pincers XZ and YZ: a cell seeing all three is not Z."),
        LEVEL_HARD, HINT_KIND_SUDOKU, false, 75, hint_find_xyz_wing },
    [TECH_W_WING] = { TECH_W_WING, "w-wing", N_("W-wing"),
        N_("Two cells XY joined through a unit where X has only two places: a cell seeing both is not Y."),
        LEVEL_HARD, HINT_KIND_SUDOKU, false, 80, hint_find_w_wing },
    [TECH_TURBOT_FISH] = { TECH_TURBOT_FISH, "turbot-fish", N_("Turbot fish"),
        N_("Two places of a digit in a unit, two in another, one of each seeing the other: one far end is it."),
        LEVEL_HARD, HINT_KIND_SUDOKU, false, 65, hint_find_turbot_fish },
    [TECH_EMPTY_RECTANGLE] = { TECH_EMPTY_RECTANGLE, "empty-rectangle", N_("Empty rectangle"),
        N_("A digit confined to one row and one column of a box, crossed by a line where it has two places."),
        LEVEL_HARD, HINT_KIND_SUDOKU, false, 70, hint_find_empty_rectangle },
    [TECH_FINNED_X_WING] = { TECH_FINNED_X_WING, "finned-x-wing", N_("Finned X-wing"),
        N_("An X-wing but for extra places (fins) in one box: cells the fish and the fins both rule out."),
        LEVEL_HARD, HINT_KIND_SUDOKU, false, 80, hint_find_finned_fish },
    [TECH_FINNED_SWORDFISH] = { TECH_FINNED_SWORDFISH, "finned-swordfish", N_("Finned swordfish"),
        N_("A swordfish but for fins in one box: cells the fish and the fins both rule out."),
        LEVEL_HARD, HINT_KIND_SUDOKU, false, 90, hint_find_finned_fish },
    [TECH_FINNED_JELLYFISH] = { TECH_FINNED_JELLYFISH, "finned-jellyfish", N_("Finned jellyfish"),
        N_("A jellyfish but for fins in one box: cells the fish and the fins both rule out."),
        LEVEL_HARD, HINT_KIND_SUDOKU, false, 100, hint_find_finned_fish },
    [TECH_SIMPLE_COLOURING] = { TECH_SIMPLE_COLOURING, "simple-colouring", N_("Simple colouring"),
        N_("Places of a digit linked in pairs alternate between two colours, one of them true."),
        LEVEL_EXPERT, HINT_KIND_SUDOKU, false, 100, hint_find_simple_colouring },
    [TECH_MULTI_COLOURING] = { TECH_MULTI_COLOURING, "multi-colouring", N_("Multi-colouring"),
        N_("Two colour clusters of one digit whose colours see each other: those colours are not both true."),
        LEVEL_EXPERT, HINT_KIND_SUDOKU, false, 105, hint_find_multi_colouring },
    [TECH_UNIQUE_RECTANGLE] = { TECH_UNIQUE_RECTANGLE, "unique-rectangle", N_("Unique rectangle"),
        N_("Four cells in two boxes that could swap two digits would give two solutions."),
        LEVEL_HARD, HINT_KIND_SUDOKU, true, 100, hint_find_unique_rectangle },
    [TECH_BUG_PLUS_ONE] = { TECH_BUG_PLUS_ONE, "bug-plus-one", N_("BUG+1"),
        N_("All cells but one have two candidates: that one takes the digit that breaks the deadlock."),
        LEVEL_EXPERT, HINT_KIND_SUDOKU, true, 110, hint_find_bug_plus_one },
    [TECH_UR_TYPE_2] = { TECH_UR_TYPE_2, "unique-rectangle-2", N_("Unique rectangle type 2"),
        N_("A rectangle of two digits whose two other corners, in one line, share one extra digit: it is there."),
        LEVEL_HARD, HINT_KIND_SUDOKU, true, 105, hint_find_unique_rectangle_more },
    [TECH_UR_TYPE_4] = { TECH_UR_TYPE_4, "unique-rectangle-4", N_("Unique rectangle type 4"),
        N_("A rectangle of two digits whose other two corners hold one of them in their unit: not the other."),
        LEVEL_HARD, HINT_KIND_SUDOKU, true, 105, hint_find_unique_rectangle_more },
    [TECH_UR_TYPE_5] = { TECH_UR_TYPE_5, "unique-rectangle-5", N_("Unique rectangle type 5"),
        N_("A rectangle of two digits whose other corners (diagonal, or three) share one extra digit."),
        LEVEL_HARD, HINT_KIND_SUDOKU, true, 110, hint_find_unique_rectangle_more },
    [TECH_UR_TYPE_6] = { TECH_UR_TYPE_6, "unique-rectangle-6", N_("Unique rectangle type 6"),
        N_("A rectangle of two digits, one of them only in its corners along both lines: not in the extra corners."),
        LEVEL_HARD, HINT_KIND_SUDOKU, true, 110, hint_find_unique_rectangle_more },
    [TECH_HIDDEN_RECTANGLE] = { TECH_HIDDEN_RECTANGLE, "hidden-rectangle", N_("Hidden rectangle"),
        N_("A rectangle of two digits, one only in the rectangle along the lines of a corner: not the other there."),
        LEVEL_HARD, HINT_KIND_SUDOKU, true, 115, hint_find_unique_rectangle_more },
    [TECH_UR_TYPE_3] = { TECH_UR_TYPE_3, "unique-rectangle-3", N_("Unique rectangle type 3"),
        N_("A rectangle of two digits whose two extra corners act as one cell in a naked subset."),
        LEVEL_HARD, HINT_KIND_SUDOKU, true, 115, hint_find_unique_rectangle_more },
    [TECH_AVOIDABLE_RECTANGLE] = { TECH_AVOIDABLE_RECTANGLE, "avoidable-rectangle", N_("Avoidable rectangle"),
        N_("A rectangle of cells that are not givens, solved so far that two digits could swap: avoid completing it."),
        LEVEL_HARD, HINT_KIND_SUDOKU, true, 115, hint_find_avoidable_rectangle },
    [TECH_BUG_TYPE_2] = { TECH_BUG_TYPE_2, "bug-type-2", N_("BUG type 2"),
        N_("All cells two candidates but a few, whose extras are one digit: it is in one of them."),
        LEVEL_EXPERT, HINT_KIND_SUDOKU, true, 115, hint_find_bug_more },
    [TECH_BUG_TYPE_3] = { TECH_BUG_TYPE_3, "bug-type-3", N_("BUG type 3"),
        N_("All cells two candidates but two in one unit, whose extras act as one cell in a naked subset."),
        LEVEL_EXPERT, HINT_KIND_SUDOKU, true, 120, hint_find_bug_more },
    [TECH_BUG_TYPE_4] = { TECH_BUG_TYPE_4, "bug-type-4", N_("BUG type 4"),
        N_("All cells two candidates but two in one unit sharing a digit only they hold there."),
        LEVEL_EXPERT, HINT_KIND_SUDOKU, true, 120, hint_find_bug_more },
    [TECH_UNIQUE_LOOP] = { TECH_UNIQUE_LOOP, "unique-loop", N_("Unique loop"),
        N_("A loop of six or more cells that could swap two digits: a cell breaking it keeps another digit."),
        LEVEL_HARD, HINT_KIND_SUDOKU, true, 125, hint_find_unique_loop },
    [TECH_X_CHAIN] = { TECH_X_CHAIN, "x-chain", N_("X-chain"),
        N_("A chain of places for one digit, alternately the only two in a unit and seeing each other."),
        LEVEL_EXPERT, BOTH, false, 130, hint_find_x_chain },
    [TECH_XY_CHAIN] = { TECH_XY_CHAIN, "xy-chain", N_("XY-chain"),
        N_("A chain of two-digit cells, each seeing the next and sharing a digit with it."),
        LEVEL_EXPERT, BOTH, false, 140, hint_find_xy_chain },
    [TECH_AIC] = { TECH_AIC, "aic", N_("Alternating inference chain"),
        N_("A chain of candidates, linked in turn by \"one of the two is true\" and \"not both\"."),
        LEVEL_EXPERT, BOTH, false, 150, hint_find_aic },
    [TECH_NICE_LOOP] = { TECH_NICE_LOOP, "nice-loop", N_("Nice loop"),
        N_("An alternating chain that closes on itself: every link then has exactly one true end."),
        LEVEL_EXPERT, BOTH, false, 160, hint_find_nice_loop },
    [TECH_GROUPED_X_CHAIN] = { TECH_GROUPED_X_CHAIN, "grouped-x-chain", N_("Grouped X-chain"),
        N_("An X-chain whose links may join groups: the cells of a box and a line that can hold the digit."),
        LEVEL_EXPERT, HINT_KIND_SUDOKU, false, 170, hint_find_grouped_x_chain },
    [TECH_GROUPED_AIC] = { TECH_GROUPED_AIC, "grouped-aic", N_("Grouped AIC"),
        N_("An alternating inference chain whose nodes may be groups: the cells of a box and a line that can hold a digit."),
        LEVEL_EXPERT, HINT_KIND_SUDOKU, false, 172, hint_find_grouped_aic },
    [TECH_GROUPED_NICE_LOOP] = { TECH_GROUPED_NICE_LOOP, "grouped-nice-loop", N_("Grouped nice loop"),
        N_("A nice loop whose nodes may be groups: the cells of a box and a line that can hold a digit."),
        LEVEL_EXPERT, HINT_KIND_SUDOKU, false, 175, hint_find_grouped_nice_loop },
    [TECH_SUE_DE_COQ] = { TECH_SUE_DE_COQ, "sue-de-coq", N_("Sue de Coq"),
        N_("Cells where a box meets a line, with cells of the line and of the box, hold as many digits as cells, each once."),
        LEVEL_EXPERT, HINT_KIND_SUDOKU, false, 160, hint_find_sue_de_coq },
    [TECH_ALIGNED_PAIR] = { TECH_ALIGNED_PAIR, "aligned-pair-exclusion", N_("Aligned pair exclusion"),
        N_("Two cells of a unit: digits no possible combination of the two uses are ruled out."),
        LEVEL_EXPERT, HINT_KIND_SUDOKU, false, 162, hint_find_aligned_pair },
    [TECH_WXYZ_WING] = { TECH_WXYZ_WING, "wxyz-wing", N_("WXYZ-wing"),
        N_("Four cells of a box and a line, or of a row and a column, holding four digits, all but one confined: a cell seeing every place of that one cannot take it."),
        LEVEL_EXPERT, HINT_KIND_SUDOKU, false, 163, hint_find_wxyz_wing },
    [TECH_BENT_SET] = { TECH_BENT_SET, "bent-set", N_("Bent set"),
        N_("Five cells of a box and a line, or of a row and a column, holding five digits, all but one confined: a cell seeing every place of that one cannot take it."),
        LEVEL_EXPERT, HINT_KIND_SUDOKU, false, 164, hint_find_bent_set },
    [TECH_ALS_XZ] = { TECH_ALS_XZ, "als-xz", N_("ALS-XZ"),
        N_("Two almost locked sets (N cells, N+1 digits) that cannot both hold X: one of them holds their common Z."),
        LEVEL_EXPERT, HINT_KIND_SUDOKU, false, 165, hint_find_als_xz },
    [TECH_ALS_XY_WING] = { TECH_ALS_XY_WING, "als-xy-wing", N_("ALS-XY-wing"),
        N_("Two almost locked sets each tied to a third by a restricted digit: one of the two holds their common Z."),
        LEVEL_EXPERT, HINT_KIND_SUDOKU, false, 170, hint_find_als_xy_wing },
    [TECH_DEATH_BLOSSOM] = { TECH_DEATH_BLOSSOM, "death-blossom", N_("Death blossom"),
        N_("A stem cell and, per candidate, an almost locked set that loses it if the stem takes it: one of them holds Z."),
        LEVEL_EXPERT, HINT_KIND_SUDOKU, false, 180, hint_find_death_blossom },
    [TECH_ALIGNED_TRIPLE] = { TECH_ALIGNED_TRIPLE, "aligned-triple-exclusion", N_("Aligned triple exclusion"),
        N_("Three aligned cells: digits no possible combination of the three uses are ruled out."),
        LEVEL_EXPERT, HINT_KIND_SUDOKU, false, 185, hint_find_aligned_triple },
    [TECH_ALS_CHAIN] = { TECH_ALS_CHAIN, "als-chain", N_("ALS chain"),
        N_("Almost locked sets linked in turn by restricted digits: one of the two ends holds their common Z."),
        LEVEL_EXPERT, HINT_KIND_SUDOKU, false, 190, hint_find_als_chain },
    [TECH_FRANKEN_FISH] = { TECH_FRANKEN_FISH, "franken-fish", N_("Franken fish"),
        N_("A fish whose base or cover units include boxes: the base units' places lie in as many cover units."),
        LEVEL_EXPERT, HINT_KIND_SUDOKU, false, 125, hint_find_franken_fish },
    [TECH_MUTANT_FISH] = { TECH_MUTANT_FISH, "mutant-fish", N_("Mutant fish"),
        N_("A fish mixing rows, columns and boxes freely in its base and cover units."),
        LEVEL_EXPERT, HINT_KIND_SUDOKU, false, 135, hint_find_mutant_fish },
    [TECH_CONTRADICTION_CHAIN] = { TECH_CONTRADICTION_CHAIN, "contradiction-chain", N_("Contradiction chain"),
        N_("Supposing a candidate true (or false) forces singles that end in a contradiction."),
        LEVEL_MASTER, BOTH, false, 200, hint_find_contradiction_chain },
    [TECH_CELL_FORCING_CHAIN] = { TECH_CELL_FORCING_CHAIN, "cell-forcing-chain", N_("Cell forcing chain"),
        N_("Each candidate of a cell, followed through the singles it forces, gives the same conclusion."),
        LEVEL_MASTER, BOTH, false, 220, hint_find_cell_forcing_chain },
    [TECH_UNIT_FORCING_CHAIN] = { TECH_UNIT_FORCING_CHAIN, "unit-forcing-chain", N_("Unit forcing chain"),
        N_("Each place of a digit in a unit, followed through the singles it forces, gives the same conclusion."),
        LEVEL_MASTER, BOTH, false, 230, hint_find_unit_forcing_chain },
    [TECH_DYNAMIC_FORCING_CHAIN] = { TECH_DYNAMIC_FORCING_CHAIN, "dynamic-forcing-chain", N_("Dynamic forcing chain"),
        N_("Supposing a candidate true (or false), the basic techniques it sets off end in a contradiction."),
        LEVEL_MASTER, BOTH, false, 250, hint_find_dynamic_forcing_chain },
    [TECH_DYNAMIC_CELL_FORCING_CHAIN] = { TECH_DYNAMIC_CELL_FORCING_CHAIN, "dynamic-cell-forcing-chain",
        N_("Dynamic cell forcing chain"),
        N_("Each candidate of a cell, followed through the basic techniques it sets off, gives the same conclusion."),
        LEVEL_MASTER, BOTH, false, 260, hint_find_dynamic_cell_forcing_chain },
    [TECH_DYNAMIC_UNIT_FORCING_CHAIN] = { TECH_DYNAMIC_UNIT_FORCING_CHAIN, "dynamic-unit-forcing-chain",
        N_("Dynamic unit forcing chain"),
        N_("Each place of a digit in a unit, followed through the basic techniques it sets off, gives the same conclusion."),
        LEVEL_MASTER, BOTH, false, 265, hint_find_dynamic_unit_forcing_chain },
    [TECH_NESTED_FORCING_CHAIN] = { TECH_NESTED_FORCING_CHAIN, "nested-forcing-chain", N_("Nested forcing chain"),
        N_("A supposition whose steps include suppositions of their own ends in a contradiction."),
        LEVEL_MASTER, BOTH, false, 280, hint_find_nested_forcing_chain },
    [TECH_TRIAL] = { TECH_TRIAL, "trial", N_("Trial"),
        N_("No technique applies: try a digit and follow it through (a guess)."),
        LEVEL_MASTER, BOTH, false, 300, hint_find_trial },
};

static const char *const level_names[LEVEL_COUNT] = {
    N_("Beginner"), N_("Easy"), N_("Medium"), N_("Hard"), N_("Expert"), N_("Master"),
};

const struct technique_info *hint_technique(enum technique id)
{
    if ((int)id < 0 || id >= TECH_COUNT)
        return NULL;
    return &techniques[id];
}

bool hint_technique_by_key(const char *key, enum technique *id)
{
    for (int t = 0; t < TECH_COUNT; t++) {
        if (strcmp(techniques[t].key, key) == 0) {
            *id = (enum technique)t;
            return true;
        }
    }
    return false;
}

/* The words a variant's players use where the table's name a box or a line: a Jigsaw's
 * regions take the boxes' part, Sudoku X's diagonals are lines too (a count of hidden
 * singles takes both; each hint says which, hint_begin_named).  NULL: the table's. */
static const struct {
    enum technique id;
    unsigned variant;
    const char *name, *definition;
} variant_words[] = {
    { TECH_HIDDEN_SINGLE_BOX, VARIANT_JIGSAW, N_("Hidden single (region)"),
      N_("A digit that fits only one cell of a region goes there.") },
    { TECH_HIDDEN_SINGLE_LINE, VARIANT_X, N_("Hidden single (line or diagonal)"),
      N_("A digit that fits only one cell of a row, column or diagonal goes there.") },
    { TECH_POINTING, VARIANT_JIGSAW, NULL,
      N_("A digit confined to one line within a region cannot be elsewhere in that line.") },
    { TECH_CLAIMING, VARIANT_JIGSAW, NULL,
      N_("A digit confined to one region within a line cannot be elsewhere in that region.") },
    { TECH_INNIES_OUTIES_BOXES, VARIANT_JIGSAW, N_("Rule of 45 over regions"),
      N_("Several regions, or regions nearly filling some lines, add up to 45 each: less the cages wholly inside, the one or two cells left over, or the cells of the cages sticking out, add up to the rest.") },
    { TECH_TWO_STRING_KITE, VARIANT_JIGSAW, NULL,
      N_("A row and a column with two places each for a digit, joined in a region.") },
    { TECH_EMPTY_RECTANGLE, VARIANT_JIGSAW, NULL,
      N_("A digit confined to one row and one column of a region, crossed by a line where it has two places.") },
    { TECH_FINNED_X_WING, VARIANT_JIGSAW, NULL,
      N_("An X-wing but for extra places (fins) in one region: cells the fish and the fins both rule out.") },
    { TECH_FINNED_SWORDFISH, VARIANT_JIGSAW, NULL,
      N_("A swordfish but for fins in one region: cells the fish and the fins both rule out.") },
    { TECH_FINNED_JELLYFISH, VARIANT_JIGSAW, NULL,
      N_("A jellyfish but for fins in one region: cells the fish and the fins both rule out.") },
    { TECH_UNIQUE_RECTANGLE, VARIANT_JIGSAW, NULL,
      N_("Four cells in two regions that could swap two digits would give two solutions.") },
    { TECH_GROUPED_X_CHAIN, VARIANT_JIGSAW, NULL,
      N_("An X-chain whose links may join groups: the cells of a region and a line that can hold the digit.") },
    { TECH_GROUPED_AIC, VARIANT_JIGSAW, NULL,
      N_("An alternating inference chain whose nodes may be groups: the cells of a region and a line that can hold a digit.") },
    { TECH_GROUPED_NICE_LOOP, VARIANT_JIGSAW, NULL,
      N_("A nice loop whose nodes may be groups: the cells of a region and a line that can hold a digit.") },
    { TECH_SUE_DE_COQ, VARIANT_JIGSAW, NULL,
      N_("Cells where a region meets a line, with cells of the line and of the region, hold as many digits as cells, each once.") },
    { TECH_WXYZ_WING, VARIANT_JIGSAW, NULL,
      N_("Four cells of a region and a line, or of a row and a column, holding four digits, all but one confined: a cell seeing every place of that one cannot take it.") },
    { TECH_BENT_SET, VARIANT_JIGSAW, NULL,
      N_("Five cells of a region and a line, or of a row and a column, holding five digits, all but one confined: a cell seeing every place of that one cannot take it.") },
    { TECH_FRANKEN_FISH, VARIANT_JIGSAW, NULL,
      N_("A fish whose base or cover units include regions: the base units' places lie in as many cover units.") },
    { TECH_MUTANT_FISH, VARIANT_JIGSAW, NULL,
      N_("A fish mixing rows, columns and regions freely in its base and cover units.") },
};

const char *hint_technique_name(enum technique id, unsigned variant)
{
    for (size_t i = 0; i < sizeof variant_words / sizeof variant_words[0]; i++)
        if (variant_words[i].id == id && (variant & variant_words[i].variant) && variant_words[i].name)
            return variant_words[i].name;
    return techniques[id].name;
}

const char *hint_technique_definition(enum technique id, unsigned variant)
{
    for (size_t i = 0; i < sizeof variant_words / sizeof variant_words[0]; i++)
        if (variant_words[i].id == id && (variant & variant_words[i].variant)
            && variant_words[i].definition)
            return variant_words[i].definition;
    return techniques[id].definition;
}

const char *hint_level_name(enum hint_level level)
{
    if ((int)level < 0 || level >= LEVEL_COUNT)
        return "?";
    return level_names[level];
}

/* --- Candidates --- */

digitset hint_basic_candidates(const struct puzzle *p, const uint8_t *grid, int cell)
{
    digitset cand;

    if (p->block[cell] || grid[cell])
        return 0;
    if (p->ops->kind == PUZZLE_SUDOKU)
        return puzzle_candidates(p, grid, cell);
    cand = ((1u << (p->max_digit + 1)) - 1) & ~1u;
    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][k] >= 0; k++) {
        const struct puzzle_group *grp = &p->groups[p->cell_groups[cell][k]];
        for (int i = 0; i < grp->ncells; i++)
            cand &= ~(1u << grid[grp->cells[i]]);
    }
    return cand;
}

void hint_fill_candidates(const struct puzzle *p, const uint8_t *grid, const digitset *marks,
                          digitset *cands)
{
    for (int cell = 0; cell < p->ncells; cell++) {
        digitset basic = hint_basic_candidates(p, grid, cell);
        cands[cell] = marks != NULL && marks[cell] != 0 ? basic & marks[cell] : basic;
    }
}

/* --- Building hints --- */

void hint_begin(const struct hint_search *s, struct hint *h)
{
    hint_begin_named(s, h, hint_technique_name(s->id, s->pos->p->variant));
}

void hint_begin_named(const struct hint_search *s, struct hint *h, const char *name)
{
    h->id = s->id;
    h->puzzle = s->pos->p;
    h->quiet = s->pos->quiet;
    /* Quiet hints (the rating's) are never read: no catalogue look-up for them. */
    h->name = name;
    if (!h->quiet)
        h->name = _(h->name);
    h->ngroups = h->ncells = h->nplace = h->nelim = h->length = 0;
    h->digits = 0;
    h->text[0] = '\0';
    if (!h->quiet)
        snprintf(h->text, sizeof h->text, "%s: ", h->name);
}

/* Techniques whose pattern is the candidates its digits have in its cells, and whose
 * conclusions lie outside it.  Were one of them to remove a digit from its own cells, the
 * pattern would be a simpler one in disguise (a skyscraper whose base sees both tops is a
 * claiming): such eliminations are left to that simpler technique.  Uniqueness, colouring
 * and chains of several digits conclude on their own cells by design and are not here.  Their finders add the pattern's cells and digits before the
 * eliminations. */
static bool concludes_outside(enum technique id)
{
    switch (id) {
    case TECH_POINTING: case TECH_CLAIMING:
    case TECH_NAKED_PAIR: case TECH_NAKED_TRIPLE: case TECH_NAKED_QUAD:
    case TECH_X_WING: case TECH_SWORDFISH: case TECH_JELLYFISH:
    case TECH_SKYSCRAPER: case TECH_TWO_STRING_KITE: case TECH_TURBOT_FISH:
    case TECH_EMPTY_RECTANGLE:
    case TECH_FINNED_X_WING: case TECH_FINNED_SWORDFISH: case TECH_FINNED_JELLYFISH:
    case TECH_FRANKEN_FISH: case TECH_MUTANT_FISH:
    case TECH_XY_WING: case TECH_XYZ_WING: case TECH_W_WING:
    case TECH_X_CHAIN: case TECH_XY_CHAIN:
        return true;
    default:
        return false;
    }
}

/* Whether the pattern of h (its cells with its digits) includes the candidate. */
static bool in_own_pattern(const struct hint *h, int cell, int digit)
{
    if (!(h->digits & (1u << digit)))
        return false;
    for (int k = 0; k < h->ncells; k++)
        if (h->cells[k] == cell)
            return true;
    return false;
}

bool hint_concludes_on_own_cells(const struct hint *h, int i)
{
    return in_own_pattern(h, h->elim[i].cell, h->elim[i].digit);
}

bool hint_emit(struct hint_search *s, struct hint *h)
{
    if (h->nplace == 0 && h->nelim == 0)
        return true;
    s->found++;
    if (!s->visit(h, s->user))
        s->stopped = true;
    return !s->stopped;
}

void hint_add_group(struct hint *h, int group)
{
    for (int i = 0; i < h->ngroups; i++)
        if (h->groups[i] == group)
            return;
    if (h->ngroups < HINT_MAX_GROUPS)
        h->groups[h->ngroups++] = group;
}

void hint_add_cell(struct hint *h, int cell)
{
    for (int i = 0; i < h->ncells; i++)
        if (h->cells[i] == cell)
            return;
    if (h->ncells < HINT_MAX_CELLS)
        h->cells[h->ncells++] = cell;
}

void hint_add_place(struct hint *h, int cell, int digit)
{
    for (int i = 0; i < h->nplace; i++)
        if (h->place[i].cell == cell)
            return;
    if (h->nplace < HINT_MAX_PLACE)
        h->place[h->nplace++] = (struct hint_move){ cell, digit };
}

void hint_add_elim(const struct hint_search *s, struct hint *h, int cell, int digit)
{
    if (s->pos->grid[cell] || !(s->pos->cands[cell] & (1u << digit)))
        return;
    if (concludes_outside(h->id) && in_own_pattern(h, cell, digit))
        return;
    for (int i = 0; i < h->nelim; i++)
        if (h->elim[i].cell == cell && h->elim[i].digit == digit)
            return;
    if (h->nelim < HINT_MAX_ELIM)
        h->elim[h->nelim++] = (struct hint_move){ cell, digit };
}

char hint_digit_symbol(int digit)
{
    return sudoku_symbol(digit);
}

/* "and" or "or", as the fragment writers are told. */
static enum hint_conj conj_of(const char *conj)
{
    return strcmp(conj, "or") == 0 ? HINT_OR : HINT_AND;
}

void hint_say_cell(struct hint *h, int cell)
{
    hint_say(h, "%s", hint_cell(h, cell));
}

void hint_say_cells(struct hint *h, const int *cells, int n, const char *conj)
{
    hint_say(h, "%s", hint_cells(h, cells, n, conj_of(conj)));
}

void hint_say_digits(struct hint *h, digitset set, const char *conj)
{
    hint_say(h, "%s", hint_digits(h, set, conj_of(conj)));
}

void hint_say_group(struct hint *h, int group)
{
    hint_say(h, "%s", hint_group(h, group));
}

/* The cells of h's eliminations, each once, with the digits removed from each. */
static int elim_by_cell(const struct hint *h, int *cells, digitset *sets)
{
    int n = 0;

    for (int i = 0; i < h->nelim; i++) {
        int k = 0;
        while (k < n && cells[k] != h->elim[i].cell)
            k++;
        if (k == n) {
            cells[n] = h->elim[i].cell;
            sets[n++] = 0;
        }
        sets[k] |= 1u << h->elim[i].digit;
    }
    return n;
}

/* One clause of the eliminations: digits from cells. */
static void add_elim_clause(struct hint_buf *b, const char *digits, const char *cells)
{
    if (b->len > 0)
        /* TRANSLATORS: between the clauses of a list of eliminations. */
        hint_buf_add(b, "%s", _("; "));
    /* TRANSLATORS: candidates removed: "3 from r1c8 and r1c9", "1, 2 and 8 from r2c6". */
    hint_buf_add(b, _("%1$s from %2$s"), digits, cells);
}

/* "3 from r1c8 and r1c9; 7 from r1c8": one clause per digit. */
static void elims_by_digit(const struct hint *h, struct hint_buf *b, digitset digits)
{
    for (int d = 1; d <= PUZZLE_MAX_DIGIT; d++) {
        int cells[HINT_MAX_ELIM], n = 0;

        if (!(digits & (1u << d)))
            continue;
        for (int i = 0; i < h->nelim; i++)
            if (h->elim[i].digit == d)
                cells[n++] = h->elim[i].cell;
        add_elim_clause(b, hint_digits(h, 1u << d, HINT_AND), hint_cells(h, cells, n, HINT_AND));
    }
}

/* "1, 2 and 8 from r2c6 and r2c7; 9 from r2c8": one clause per set of digits; n cells
 * with sets. */
static void elims_by_set(const struct hint *h, struct hint_buf *b, const int *cells,
                         const digitset *sets, int n)
{
    bool done[HINT_MAX_ELIM] = { false };

    for (int i = 0; i < n; i++) {
        int group[HINT_MAX_ELIM], m = 0;

        if (done[i])
            continue;
        for (int j = i; j < n; j++) {
            if (!done[j] && sets[j] == sets[i]) {
                done[j] = true;
                group[m++] = cells[j];
            }
        }
        add_elim_clause(b, hint_digits(h, sets[i], HINT_AND), hint_cells(h, group, m, HINT_AND));
    }
}

static int count_distinct_sets(const digitset *sets, int n)
{
    int distinct = 0;

    for (int i = 0; i < n; i++) {
        bool seen = false;
        for (int j = 0; j < i && !seen; j++)
            seen = sets[j] == sets[i];
        distinct += !seen;
    }
    return distinct;
}

/* Eliminations in as few clauses as possible, by digit or by set of digits. */
void hint_say_eliminations(struct hint *h)
{
    int cells[HINT_MAX_ELIM];
    digitset sets[HINT_MAX_ELIM], digits = 0;
    struct hint_buf b = HINT_BUF_INIT;
    int n;

    if (h->quiet)
        return;
    n = elim_by_cell(h, cells, sets);
    for (int i = 0; i < h->nelim; i++)
        digits |= 1u << h->elim[i].digit;
    if (digits == 0) {
        hint_say(h, ".");
        return;
    }
    if (count_distinct_sets(sets, n) < popcount32(digits))
        elims_by_set(h, &b, cells, sets, n);
    else
        elims_by_digit(h, &b, digits);
    /* TRANSLATORS: ends a hint's sentence with what it removes ("3 from r1c8; 7 from r1c9"). */
    hint_say(h, _("; remove %s."), b.s);
}

/* --- The rungs before the conclusion --- */

/* A scratch hint to build a sentence in with the hint_say functions. */
static void scratch_begin(struct hint *t, const struct hint *h)
{
    t->puzzle = h->puzzle;
    t->quiet = false;
    t->text[0] = '\0';
}

static void scratch_copy(const struct hint *t, char *buf, size_t size)
{
    snprintf(buf, size, "%s", t->text);
}

void hint_where(const struct hint *h, char *buf, size_t size)
{
    struct hint *t = xmalloc(sizeof *t);
    bool kakuro = h->puzzle->ops->kind == PUZZLE_KAKURO;

    scratch_begin(t, h);
    if (h->id == TECH_MISTAKE) {
        hint_say(t, _("Something in %s is not right."), hint_groups(t, h->groups, h->ngroups, HINT_OR));
    } else if (h->ngroups > 3) {
        if (kakuro)
            hint_say(t, P_("Look at the %d run highlighted.", "Look at the %d runs highlighted.",
                           h->ngroups), h->ngroups);
        else
            hint_say(t, P_("Look at the %d unit highlighted.", "Look at the %d units highlighted.",
                           h->ngroups), h->ngroups);
    } else if (h->ngroups > 0) {
        hint_say(t, _("Look at %s."), hint_groups(t, h->groups, h->ngroups, HINT_AND));
    } else if (popcount32(h->digits) == 1) {
        hint_say(t, _("Look at the places for %c (highlighted)."), hint_digit_symbol(lowest_bit(h->digits)));
    } else {
        hint_say(t, "%s", _("Look at the highlighted cells."));
    }
    scratch_copy(t, buf, size);
    free(t);
}

void hint_pattern(const struct hint *h, char *buf, size_t size)
{
    struct hint *t = xmalloc(sizeof *t);
    const char *cells;

    scratch_begin(t, h);
    if (h->id == TECH_MISTAKE) {
        hint_say(t, _("It is %s."), hint_cells(t, h->cells, h->ncells, HINT_AND));
    } else {
        if (h->ncells > 8)
            cells = hint_words(t, P_("%d cell (highlighted)", "%d cells (highlighted)", h->ncells),
                               h->ncells);
        else
            cells = hint_cells(t, h->cells, h->ncells, HINT_AND);
        if (h->digits != 0)
            /* TRANSLATORS: %1$s is the pattern's cells, %2$s its digits. */
            hint_say(t, _("The pattern: %1$s, with %2$s."), cells, hint_digits(t, h->digits, HINT_AND));
        else
            hint_say(t, _("The pattern: %s."), cells);
    }
    scratch_copy(t, buf, size);
    free(t);
}

const char *hint_reason(const struct hint *h)
{
    size_t n = strlen(h->name);

    if (strncmp(h->text, h->name, n) == 0 && h->text[n] == ':' && h->text[n + 1] == ' ')
        return h->text + n + 2;
    return h->text;
}

/* --- Geometry --- */

bool hint_in_group(const struct puzzle *p, int cell, int group)
{
    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][k] >= 0; k++)
        if (p->cell_groups[cell][k] == group)
            return true;
    return false;
}

bool hint_sees(const struct puzzle *p, int a, int b)
{
    if (a == b)
        return false;
    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[a][k] >= 0; k++)
        if (hint_in_group(p, b, p->cell_groups[a][k]))
            return true;
    return false;
}

bool hint_rectangle_can_swap(const struct puzzle *p, const int *corners)
{
    for (int g = 0; g < p->ngroups; g++) {
        int in[4], n = 0;
        for (int i = 0; i < 4; i++)
            if (hint_in_group(p, corners[i], g))
                in[n++] = corners[i];
        if (n == 0)
            continue;
        if (n != 2 || (in[0] / p->width != in[1] / p->width && in[0] % p->width != in[1] % p->width))
            return false;
    }
    return true;
}

bool hint_cells_share_group(const struct puzzle *p, const int *cells, int n)
{
    for (int k = 0; n > 0 && k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cells[0]][k] >= 0; k++) {
        int g = p->cell_groups[cells[0]][k], i;
        for (i = 1; i < n && hint_in_group(p, cells[i], g); i++)
            ;
        if (i == n)
            return true;
    }
    return false;
}

int hint_group_of_kind(const struct puzzle *p, int cell, enum group_kind kind)
{
    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][k] >= 0; k++) {
        const struct puzzle_group *grp = &p->groups[p->cell_groups[cell][k]];
        /* A Jigsaw region plays the box's part. */
        if (grp->kind == kind || (kind == GROUP_BOX && puzzle_group_is_box(grp)))
            return p->cell_groups[cell][k];
    }
    return -1;
}

int hint_cells_with(const struct hint_position *pos, int g, int d, int *out)
{
    const struct puzzle_group *grp = &pos->p->groups[g];
    int n = 0;

    for (int i = 0; i < grp->ncells; i++) {
        int cell = grp->cells[i];
        if (!pos->grid[cell] && (pos->cands[cell] & (1u << d)))
            out[n++] = cell;
    }
    return n;
}

digitset hint_group_placed(const struct hint_position *pos, int g)
{
    const struct puzzle_group *grp = &pos->p->groups[g];
    digitset placed = 0;

    for (int i = 0; i < grp->ncells; i++)
        if (pos->grid[grp->cells[i]])
            placed |= 1u << pos->grid[grp->cells[i]];
    return placed;
}

static void build_strong_table(struct hint_search *s)
{
    const struct hint_position *pos = s->pos;
    const struct puzzle *p = pos->p;
    int stride = p->max_digit + 1;
    size_t n = (size_t)p->ngroups * (size_t)stride * 2;

    s->strong = xmalloc(n * sizeof *s->strong);
    for (size_t i = 0; i < n; i++)
        s->strong[i] = -1;
    for (int g = 0; g < p->ngroups; g++) {
        const struct puzzle_group *grp = &p->groups[g];
        int16_t *row = s->strong + (size_t)g * (size_t)stride * 2;
        uint8_t count[PUZZLE_MAX_DIGIT + 1] = { 0 };

        for (int i = 0; i < grp->ncells; i++) {
            int cell = grp->cells[i];
            if (p->block[cell] || pos->grid[cell])
                continue;
            for (digitset c = pos->cands[cell]; c; c &= c - 1) {
                int d = lowest_bit(c);
                if (d <= p->max_digit && count[d]++ < 2)
                    row[2 * d + count[d] - 1] = (int16_t)cell;
            }
        }
        /* Two places make a strong link only for a digit the group must hold (a Kakuro
         * run may do without it). */
        digitset required = hint_group_required(pos, g);
        for (int d = 1; d <= p->max_digit; d++)
            if (count[d] != 2 || !(required & (1u << d)))
                row[2 * d] = row[2 * d + 1] = -1;
    }
}

bool hint_strong_pair(struct hint_search *s, int g, int d, int *a, int *b)
{
    const int16_t *pair;

    if (s->strong == NULL)
        build_strong_table(s);
    pair = s->strong + ((size_t)g * (size_t)(s->pos->p->max_digit + 1) + (size_t)d) * 2;
    if (pair[0] < 0)
        return false;
    *a = pair[0];
    *b = pair[1];
    return true;
}

/* --- The driver --- */

/* Whether a technique is known sound on a Sudoku variant.  These reason over units
 * (groups holding every digit, which a Jigsaw region and a diagonal are) and over
 * groups whose digits differ, each asking the group its role; the others take every
 * group with two places of a digit for a strong link (untrue of a cage, which need not
 * hold the digit: technique_links_fit_variant) or rest on uniqueness arguments that the
 * extra groups may break (technique_deadly_fits_variant).  Each is walked for soundness
 * over solved variants (test_variant, test_hint_killer). */
static bool technique_fits_variant(enum technique t)
{
    switch (t) {
    case TECH_MISTAKE: case TECH_FULL_HOUSE: case TECH_HIDDEN_SINGLE_BOX:
    case TECH_HIDDEN_SINGLE_LINE: case TECH_NAKED_SINGLE: case TECH_POINTING:
    case TECH_CLAIMING: case TECH_NAKED_PAIR: case TECH_HIDDEN_PAIR: case TECH_NAKED_TRIPLE:
    case TECH_HIDDEN_TRIPLE: case TECH_NAKED_QUAD: case TECH_HIDDEN_QUAD: case TECH_X_WING:
    case TECH_SWORDFISH: case TECH_JELLYFISH: case TECH_XY_WING: case TECH_XYZ_WING:
    case TECH_CAGE_COMBINATIONS: case TECH_CAGE_UNIT: case TECH_INNIES_OUTIES:
    case TECH_INNIES_OUTIES_BOXES: case TECH_CAGE_SPLITTING: case TECH_INNIE_OUTIE_DIFFERENCE:
    case TECH_HIDDEN_CAGE: case TECH_REGION_INNIES: case TECH_TRIAL:
    /* Their strong links are in rows and columns, the link joining them a cross line or
     * a box or region (whose cells see each other), and a cell is ruled out when it sees
     * both ends through any group: a diagonal or a cage rules out as well as a row (the
     * turbot fish takes the pairs joined another way, a diagonal among them). */
    case TECH_SKYSCRAPER: case TECH_TWO_STRING_KITE:
    /* An empty rectangle needs only that the box's places lie in one row and one column
     * of it: a Jigsaw region's places in a row and a column through one of its cells say
     * the same, whatever its shape (hint_single_digit.c). */
    case TECH_EMPTY_RECTANGLE:
    /* A fin's cell rules out what it sees; the fins in one box or region, the cells of the
     * cover lines in it see them all.  Franken and mutant fish take their base and cover
     * sets from the units alone (rows, columns, boxes or regions, diagonals): a unit holds
     * each digit once, which is all a fish needs (hint_fish.c). */
    case TECH_FINNED_X_WING: case TECH_FINNED_SWORDFISH: case TECH_FINNED_JELLYFISH:
    case TECH_FRANKEN_FISH: case TECH_MUTANT_FISH:
    /* A unique loop is closed only when every group meeting it (diagonal, region, cage)
     * holds two of its cells an odd step apart along it: each then holds one of each
     * digit, and swapping the two digits around the loop keeps every group's digits, a
     * cage's sum too: a second solution. */
    case TECH_UNIQUE_LOOP:
        return true;
    default:
        return false;
    }
}

/* The BUGs: with every empty cell two candidates and every digit in every group 0 or 2
 * times, each cell taking its other candidate gives a second solution when each group is
 * a unit: a unit lacking d has it in exactly one of its two places, so it has it in the
 * other afterwards, once.  A diagonal or a region is a unit (a cell on a diagonal is in
 * four of them, which only adds groups to check).  A cage is not: it may hold neither of
 * its two places' d, and would then hold d twice after the swap, its sum changed; so the
 * BUGs stay off on Killers. */
static bool technique_deadly_fits_variant(const struct puzzle *p, enum technique t)
{
    switch (t) {
    case TECH_BUG_PLUS_ONE: case TECH_BUG_TYPE_2: case TECH_BUG_TYPE_3: case TECH_BUG_TYPE_4:
        return !(p->variant & VARIANT_KILLER);
    default:
        return false;
    }
}

/* Techniques whose strong links come from hint_strong_pair (two places of a digit in a
 * group that must hold it: a unit, or a cage whose every fitting combination does,
 * hint_group_required: the Kakuro tables up to 9 digits, the digit sets one by one
 * beyond) and whose weak links from cells sharing a group: sound on a variant of any
 * size. */
static bool technique_links_fit_variant(enum technique t)
{
    switch (t) {
    case TECH_W_WING: case TECH_SIMPLE_COLOURING: case TECH_MULTI_COLOURING:
    case TECH_X_CHAIN: case TECH_XY_CHAIN:
    /* hint_links gives every cell all its groups (diagonals, regions, cages), group nodes
     * only where a box or region crosses a line (a diagonal on X), strong links between
     * group nodes only in groups of N cells, which hold every digit. */
    case TECH_AIC: case TECH_NICE_LOOP: case TECH_GROUPED_AIC: case TECH_GROUPED_NICE_LOOP:
    /* Grouped X-chains: group nodes where a box or region meets a row, column or
     * diagonal, strong links in groups that must hold the digit (hint_group_required: a
     * unit, a cage whose every combination has it), weak links through every group. */
    case TECH_GROUPED_X_CHAIN:
    /* The turbot fish's strong links come from hint_strong_pair, its weak one from
     * hint_sees (every group); the wings, aligned pairs and the ALS family take their
     * sets from any group whose digits differ (a cage too: N cells, N+1 digits hold all
     * but one) and what sees what from every group's cells (hint_peer_sets). */
    case TECH_TURBOT_FISH: case TECH_WXYZ_WING: case TECH_BENT_SET: case TECH_ALIGNED_PAIR:
    case TECH_ALIGNED_TRIPLE: case TECH_ALS_XZ: case TECH_ALS_XY_WING: case TECH_DEATH_BLOSSOM:
    case TECH_ALS_CHAIN: case TECH_SUE_DE_COQ:
    /* The rectangles are searched only where the swap keeps every group
     * (hint_rectangle_can_swap): on X no corner on a diagonal, on Jigsaw the four corners
     * in two regions, on Killer each cage holding none or a swapped pair of them.  (Unique
     * loops and the BUGs: technique_fits_variant and technique_deadly_fits_variant.) */
    case TECH_UNIQUE_RECTANGLE: case TECH_UR_TYPE_2: case TECH_UR_TYPE_3: case TECH_UR_TYPE_4:
    case TECH_UR_TYPE_5: case TECH_UR_TYPE_6: case TECH_HIDDEN_RECTANGLE:
    case TECH_AVOIDABLE_RECTANGLE:
    /* The forcing chains follow singles over every group, and cage sums as Kakuro runs;
     * the dynamic and nested ones also the techniques up to Medium, which all fit. */
    case TECH_CONTRADICTION_CHAIN: case TECH_CELL_FORCING_CHAIN: case TECH_UNIT_FORCING_CHAIN:
    case TECH_DYNAMIC_FORCING_CHAIN: case TECH_DYNAMIC_CELL_FORCING_CHAIN:
    case TECH_DYNAMIC_UNIT_FORCING_CHAIN: case TECH_NESTED_FORCING_CHAIN:
        return true;
    default:
        return false;
    }
}

static bool technique_applies(const struct hint_position *pos, enum technique t)
{
    const struct technique_info *info = &techniques[t];

    if (info->find == NULL || !(info->kinds & (1u << pos->p->ops->kind)))
        return false;
    if (pos->p->variant != 0 && !technique_fits_variant(t) && !technique_links_fit_variant(t)
        && !technique_deadly_fits_variant(pos->p, t))
        return false;
    return !info->needs_unique || pos->unique;
}

static void run_technique(struct hint_search *s, enum technique t)
{
    s->id = t;
    techniques[t].find(s);
}

static bool copy_first(const struct hint *h, void *user)
{
    memcpy(user, h, sizeof *h);
    return false;
}

static bool grid_complete(const struct hint_position *pos)
{
    return puzzle_is_complete(pos->p, pos->grid);
}

/* Frees what the techniques kept in the search. */
static void search_done(struct hint_search *s)
{
    free(s->strong);
    hint_chains_free(s->chains);
    hint_als_free(s->als);
    hint_memo_search_done(s);
}

bool hint_find(const struct hint_position *pos, enum technique id, struct hint *h)
{
    struct hint_search s = { .pos = pos, .visit = copy_first, .user = h };

    if ((int)id < 0 || id >= TECH_COUNT || !technique_applies(pos, id) || grid_complete(pos))
        return false;
    run_technique(&s, id);
    search_done(&s);
    return s.found > 0;
}

int hint_find_all(const struct hint_position *pos, enum technique id, hint_visit_fn visit,
                  void *user)
{
    struct hint_search s = { .pos = pos, .visit = visit, .user = user };

    if ((int)id < 0 || id >= TECH_COUNT || !technique_applies(pos, id) || grid_complete(pos))
        return 0;
    run_technique(&s, id);
    search_done(&s);
    return s.found;
}

/* One search for every technique, so that what one builds (the strong links, the
 * suppositions followed) serves the next. */
bool hint_next(const struct hint_position *pos, struct hint *h)
{
    struct hint_search s = { .pos = pos, .visit = copy_first, .user = h };

    if (grid_complete(pos))
        return false;
    for (int t = 0; t < TECH_COUNT && s.found == 0; t++)
        if (technique_applies(pos, (enum technique)t))
            run_technique(&s, (enum technique)t);
    search_done(&s);
    return s.found > 0;
}

bool hint_next_in_order(const struct hint_position *pos, const enum technique *order, int n,
                        struct hint *h)
{
    struct hint_search s = { .pos = pos, .visit = copy_first, .user = h };

    if (grid_complete(pos))
        return false;
    for (int i = 0; i < n && s.found == 0; i++)
        if ((int)order[i] >= 0 && order[i] < TECH_COUNT && technique_applies(pos, order[i]))
            run_technique(&s, order[i]);
    search_done(&s);
    return s.found > 0;
}

/* Techniques that find something almost anywhere, being a kind of search: hint_all lists
 * them only where nothing else applies.  They come last in the table. */
static bool last_resort(enum technique t)
{
    return t >= TECH_CONTRADICTION_CHAIN;
}

/* hint_all's record of the steps listed so far: a pattern (Hard and above) is not listed
 * when easier steps already listed, each on cells of the pattern, prove all it proves (an
 * XY-wing or a skyscraper that is a naked triple or a claiming in disguise).  Singles and
 * subsets that agree with an easier step are different reasoning, and stay. */
struct listed {
    enum technique id;
    int ncells, nconc;
    int *cells, *conc;                  /* sorted; conclusions as cell * 64 + digit, */
};                                      /* placements negative */

struct all_filter {
    hint_visit_fn visit;
    void *user;
    struct listed *steps;
    size_t n, cap;
};

static int compare_ints(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;

    return (x > y) - (x < y);
}

/* Whether the sorted list a (na) is within the sorted list b (nb). */
static bool sorted_within(const int *a, int na, const int *b, int nb)
{
    int j = 0;

    for (int i = 0; i < na; i++) {
        while (j < nb && b[j] < a[i])
            j++;
        if (j == nb || b[j] != a[i])
            return false;
    }
    return true;
}

static struct listed listed_of(const struct hint *h)
{
    struct listed l = { .id = h->id, .ncells = h->ncells, .nconc = h->nplace + h->nelim };

    l.cells = xmalloc((size_t)(l.ncells + 1) * sizeof *l.cells);
    l.conc = xmalloc((size_t)(l.nconc + 1) * sizeof *l.conc);
    memcpy(l.cells, h->cells, (size_t)l.ncells * sizeof *l.cells);
    for (int i = 0; i < h->nplace; i++)
        l.conc[i] = -(h->place[i].cell * 64 + h->place[i].digit) - 1;
    for (int i = 0; i < h->nelim; i++)
        l.conc[h->nplace + i] = h->elim[i].cell * 64 + h->elim[i].digit;
    qsort(l.cells, (size_t)l.ncells, sizeof *l.cells, compare_ints);
    qsort(l.conc, (size_t)l.nconc, sizeof *l.conc, compare_ints);
    return l;
}

/* Whether every conclusion of l is proved by some easier step listed on cells of l's. */
static bool proved_by_easier(const struct all_filter *f, const struct listed *l)
{
    bool *inside = xmalloc((f->n + 1) * sizeof *inside);
    bool all = true;

    for (size_t i = 0; i < f->n; i++)
        inside[i] = f->steps[i].id < l->id
                    && sorted_within(f->steps[i].cells, f->steps[i].ncells, l->cells, l->ncells);
    for (int c = 0; c < l->nconc && all; c++) {
        bool proved = false;
        for (size_t i = 0; i < f->n && !proved; i++)
            proved = inside[i] && sorted_within(&l->conc[c], 1, f->steps[i].conc, f->steps[i].nconc);
        all = proved;
    }
    free(inside);
    return all;
}

static bool filtered_visit(const struct hint *h, void *user)
{
    struct all_filter *f = user;
    struct listed l = listed_of(h);

    if (techniques[h->id].level >= LEVEL_HARD && proved_by_easier(f, &l)) {
        free(l.cells);
        free(l.conc);
        return true;
    }
    f->steps = xgrow(f->steps, &f->cap, f->n + 1, sizeof *f->steps);
    f->steps[f->n++] = l;
    return f->visit(h, f->user);
}

int hint_all(const struct hint_position *pos, hint_visit_fn visit, void *user)
{
    struct all_filter f = { .visit = visit, .user = user };
    struct hint_search s = { .pos = pos, .visit = filtered_visit, .user = &f };

    if (grid_complete(pos))
        return 0;
    for (int t = 0; t < TECH_COUNT && !s.stopped; t++) {
        if (last_resort((enum technique)t) && s.found > 0)
            break;
        if (technique_applies(pos, (enum technique)t))
            run_technique(&s, (enum technique)t);
    }
    search_done(&s);
    for (size_t i = 0; i < f.n; i++) {
        free(f.steps[i].cells);
        free(f.steps[i].conc);
    }
    free(f.steps);
    return (int)f.n;
}

void hint_apply(const struct puzzle *p, const struct hint *h, uint8_t *grid, digitset *cands)
{
    for (int i = 0; i < h->nplace; i++) {
        int cell = h->place[i].cell, d = h->place[i].digit;

        grid[cell] = (uint8_t)d;
        cands[cell] = 0;
        for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][k] >= 0; k++) {
            const struct puzzle_group *grp = &p->groups[p->cell_groups[cell][k]];
            for (int j = 0; j < grp->ncells; j++)
                cands[grp->cells[j]] &= ~(1u << d);
        }
    }
    for (int i = 0; i < h->nelim; i++)
        cands[h->elim[i].cell] &= ~(1u << h->elim[i].digit);
}

int hint_count_solutions_within(const struct puzzle *p, const uint8_t *grid, uint8_t *solution,
                                const struct solve_budget *budget, bool *gave_up)
{
    struct solve_request req = {
        .limit = 2, .budget = budget != NULL ? *budget : solve_budget_nodes(SOLVE_DEFAULT_NODES),
    };
    struct solve_result res = { .solution = solution };

    puzzle_solve(p, grid, &req, &res);
    if (gave_up != NULL)
        *gave_up = res.gave_up;
    if (res.gave_up)
        return res.count > 0 ? 2 : -1;
    return (int)res.count;
}

int hint_count_solutions(const struct puzzle *p, const uint8_t *grid, uint8_t *solution)
{
    return hint_count_solutions_within(p, grid, solution, NULL, NULL);
}

int hint_start_open(struct hint_start *s, const struct puzzle *p)
{
    return hint_start_open_within(s, p, NULL);
}

int hint_start_open_within(struct hint_start *s, const struct puzzle *p,
                           const struct solve_budget *budget)
{
    size_t n = (size_t)p->ncells;

    s->grid = xmalloc(n);
    s->solution = xmalloc(n);
    s->cands = xmalloc(n * sizeof *s->cands);
    s->count = hint_count_solutions_within(p, p->given, s->solution, budget, &s->gave_up);
    puzzle_start_grid(p, s->grid);
    hint_fill_candidates(p, s->grid, NULL, s->cands);
    s->pos = (struct hint_position){
        .p = p, .grid = s->grid, .cands = s->cands,
        .unique = s->count == 1, .solution = s->solution,
    };
    return s->count;
}

void hint_start_close(struct hint_start *s)
{
    free(s->cands);
    free(s->solution);
    free(s->grid);
}

/* --- The player's position --- */

static void mistake_begin(const struct puzzle *p, struct hint *h, int cell)
{
    h->id = TECH_MISTAKE;
    h->puzzle = p;
    h->name = _(techniques[TECH_MISTAKE].name);
    h->ngroups = h->ncells = h->nplace = h->nelim = h->length = 0;
    h->digits = 0;
    h->quiet = false;
    snprintf(h->text, sizeof h->text, "%s: ", h->name);
    hint_add_cell(h, cell);
    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][k] >= 0; k++)
        hint_add_group(h, p->cell_groups[cell][k]);
}

static bool wrong_digit(const struct puzzle *p, const uint8_t *grid, const uint8_t *solution,
                        const uint8_t *bad, struct hint *h)
{
    for (int cell = 0; cell < p->ncells; cell++) {
        int d = grid[cell];
        if (p->block[cell] || d == 0 || p->given[cell])
            continue;
        if (solution != NULL ? solution[cell] == d : !bad[cell])
            continue;
        mistake_begin(p, h, cell);
        h->digits = 1u << d;
        h->elim[h->nelim++] = (struct hint_move){ cell, d };
        if (solution != NULL)
            hint_say(h, _("%1$s holds %2$c, which is not its digit in the solution; erase it."),
                     hint_cell(h, cell), hint_digit_symbol(d));
        else
            hint_say(h, _("%1$s holds %2$c, which clashes with a digit it sees; erase it."),
                     hint_cell(h, cell), hint_digit_symbol(d));
        return true;
    }
    return false;
}

static bool lost_candidate(const struct puzzle *p, const uint8_t *grid, const digitset *marks,
                           const uint8_t *solution, struct hint *h)
{
    for (int cell = 0; cell < p->ncells; cell++) {
        if (p->block[cell] || grid[cell] || marks[cell] == 0)
            continue;
        if (marks[cell] & (1u << solution[cell]))
            continue;
        mistake_begin(p, h, cell);
        h->digits = marks[cell];
        /* TRANSLATORS: %2$s is the cell's pencil marks ("1, 4 and 7"). */
        hint_say(h, _("the pencil marks of %1$s (%2$s) leave out a digit that is still possible "
                      "there; a candidate was removed by mistake."),
                 hint_cell(h, cell), hint_digits(h, marks[cell], HINT_AND));
        return true;
    }
    return false;
}

bool hint_check_position(const struct puzzle *p, const uint8_t *grid, const digitset *marks,
                         const uint8_t *solution, struct hint *h)
{
    uint8_t *bad = xmalloc((size_t)p->ncells);
    bool found;

    puzzle_conflicts(p, grid, bad);
    found = wrong_digit(p, grid, solution, bad, h);
    if (!found && marks != NULL && solution != NULL)
        found = lost_candidate(p, grid, marks, solution, h);
    free(bad);
    return found;
}

/* The player's digits fit no solution of a puzzle that has several: the first of them
 * that differs from one solution is named (some digit must go, and that one may). */
static bool dead_end(const struct puzzle *p, const uint8_t *grid, const uint8_t *solution,
                     struct hint *h)
{
    for (int cell = 0; cell < p->ncells; cell++) {
        int d = grid[cell];
        if (p->block[cell] || d == 0 || p->given[cell] || solution[cell] == d)
            continue;
        mistake_begin(p, h, cell);
        h->digits = 1u << d;
        h->elim[h->nelim++] = (struct hint_move){ cell, d };
        hint_say(h, _("no solution keeps every digit entered so far. %1$s holds %2$c, which one "
                      "solution does not have there; erase it."),
                 hint_cell(h, cell), hint_digit_symbol(d));
        return true;
    }
    return false;
}

bool hint_for_player(const struct puzzle *p, const uint8_t *grid, const digitset *marks,
                     struct hint *h, const struct solve_budget *budget, bool *gave_up)
{
    uint8_t *solution = xmalloc((size_t)p->ncells);
    digitset *cands = xmalloc((size_t)p->ncells * sizeof *cands);
    int count = hint_count_solutions_within(p, p->given, solution, budget, gave_up);
    struct hint_position pos = {
        .p = p, .grid = grid, .cands = cands, .unique = count == 1, .solution = solution,
    };
    bool found = false;

    if (count == 1) {
        found = hint_check_position(p, grid, marks, solution, h);
    } else if (count > 1) {
        /* With several solutions a digit differing from one of them may still be right:
         * only clashes are mistakes, and a trial step follows a solution of the player's
         * own digits. */
        found = hint_check_position(p, grid, NULL, NULL, h);
        if (!found && hint_count_solutions_within(p, grid, solution, budget, NULL) == 0) {
            hint_count_solutions_within(p, p->given, solution, budget, NULL);
            found = dead_end(p, grid, solution, h);
        }
    }
    if (count > 0 && !found) {
        hint_fill_candidates(p, grid, marks, cands);
        found = hint_next(&pos, h);
    }
    free(cands);
    free(solution);
    return found;
}
