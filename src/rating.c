/* rating.c: the Sudoku Explainer-scale numbers of the techniques, of steps and of puzzles. */
#include "config.h"
#include "rating.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/*
 * Base ratings in tenths.  Sudoku techniques take Sudoku Explainer 1.2.1's published
 * numbers (the table of its difficulty ratings, as on SukakuExplainer's wiki): singles
 * 1.0-2.3, locked candidates 2.6/2.8, subsets and fish 3.0-5.4, XY/XYZ-wing 4.2/4.4,
 * unique rectangles from 4.5, BUG 5.6, and for chains the base SE gives each kind before
 * its length bonus: X-chains and cycles 6.5/6.6, chains mixing cell and unit links 7.0,
 * Nishio (a supposition's singles ending in a contradiction) 7.5, cell and region
 * forcing chains 8.0, dynamic forcing chains 8.5, with basic techniques in them ("+")
 * 9.0, and nested ones 9.5, 10.0 and 10.5 as they nest forcing chains, cell and region
 * forcing chains, or dynamic ones.
 *
 * Where Sukaku Explainer (SE's maintained descendant, which rated the puzzles of
 * tests/data/rating/se_rated.txt) has a technique SE 1.2.1 lacks, its number: a
 * skyscraper 4.0, a two-string kite 4.1, a turbot fish or empty rectangle 4.2; a chain of
 * one digit with 3 to 8 strong links 5.4, 5.8, 6.2 ... 7.4 (strong_links_rating, SE's
 * X-chain where lower); a WXYZ-wing 5.5 and a VWXYZ-wing (kakudo's bent set of five
 * cells) 6.2, each plus a tenth or two by the shape of its largest cell (wing_bonus).
 * Sukaku Explainer's wings are an almost locked set of one unit and a cell of two digits;
 * a bent set of another shape is none of them, and rates as the chain SE proves it with
 * (wing_has_se_shape).
 *
 * Techniques neither has take the number of what SE does in their place, so that a step
 * rates what SE would charge for the same deduction.  A W-wing is a six-link chain of
 * cell and unit links (7.1 with its length), simple colouring a chain or cycle of one
 * digit (6.6 + length).  The almost-locked-set family (ALS-XZ, ALS-XY-wing, ALS chains,
 * death blossom) and Sue de Coq rest on locked sets, which SE's chains of singles cannot
 * follow: SE proves their conclusions with cell or region forcing chains, 8.0 plus the
 * length bonus of two candidates per cell of the sets (an ALS-XZ over six cells 8.3,
 * an ALS-XY-wing over eight 8.4, as SE rates the puzzles they solve).  kakudo's forcing
 * chains follow a supposition through the singles it forces, every digit's and with
 * what earlier singles removed: a contradiction chain is SE's dynamic forcing chain,
 * 8.5, and its length SE's (hint.length): the last candidate of the contradiction's cell
 * or unit is both on (the single the other removals make) and off (the removal that came
 * last), and SE adds the candidates each of the two rests on, counted apart (the
 * supposition, the singles, the candidates whose removal made each), less two.  Rated
 * 7.9 plus two candidates per cell shown, the 30 held-out puzzles (se_heldout.txt) SE
 * rates 9.0-9.2 rated 8.4-8.6; so, 29 of them agree within 0.2, and se_rated.txt's two
 * at 9.0-9.4 as well.  Its finder reports a short proof at once, not the lowest-rated
 * first, so the walk looks at every contradiction chain and takes the lowest, as SE
 * takes its lowest chain: with the first found, second held-out puzzles (se_heldout2.txt)
 * SE rates 8.3-8.9 rated 9.0-9.2.  Cell and unit forcing chains stay at 8.3 plus
 * two candidates per cell (neither set has a puzzle they settle to measure them by).
 * A dynamic forcing chain follows its supposition
 * through the basic techniques, SE's dynamic chains (8.5); a nested one refutes
 * suppositions within it by further chains, as SE's nested chains of the second and
 * third kind do (10.0).  SE's length for these counts every candidate of the proof, its
 * eliminations too, where kakudo counts the steps it shows: each step counts as
 * PROOF_STEP_CANDIDATES, so that the hardest known puzzles (forum_hardest, all SE 11.0
 * or more) rate 10.8-11.3 and a supposition settled by a few basic steps 8.7-9.4, SE's
 * common range for its dynamic chains.  Kakuro techniques take the number of the Sudoku
 * technique of the same kind and within the band of their level, so that a Kakuro's
 * number and level agree as a Sudoku's do: the last cell of a run is a full house (1.0),
 * a cell's one candidate a naked single (2.3), reading a sum's digits and crossing them
 * are like locked candidates (2.5-2.8), bounds and combinations like subsets (3.0, 3.4),
 * area sums like the easier bent sets (4.5).  Sudoku of other sizes use the same numbers:
 * the techniques are the same, and SE's scale measures the reasoning, not the grid.
 *
 * SE tries its Nishio chains (7.5, rating_nishio.c: one digit followed from a supposition)
 * before every forcing chain of 8.0 and up and takes the first kind that finds a step, so
 * a step rated as one of those (rating_after_nishio) is, where the position has a Nishio
 * rating lower, that Nishio (grade.c).  Of the held-out puzzles SE rates 7.8 whose step
 * was an ALS-XZ or a grouped AIC (8.2-8.3 here), SE's number is one only a Nishio gives.
 *
 * Trial is not a technique SE has: where kakudo has nothing logical left, SE goes on with
 * dynamic and nested forcing chains (8.5 and up, past 11 for the hardest known puzzles).
 * rating_trial rates a trial from how much was still open when it was needed.
 *
 * Techniques added to enum technique get their number here, by designated initialiser;
 * one without an entry rates at its level's default (level_default), never at 0.
 */
/* What SE counts in a supposition's proof for each step kakudo shows (a placement and the
 * candidates it rules out). */
#define PROOF_STEP_CANDIDATES 4

static const struct rating_entry ratings[TECH_COUNT] = {
    [TECH_FULL_HOUSE] = { 10, LENGTH_NONE },
    [TECH_LONE_SQUARE] = { 10, LENGTH_NONE },
    [TECH_HIDDEN_SINGLE_BOX] = { 12, LENGTH_NONE },
    [TECH_HIDDEN_SINGLE_LINE] = { 15, LENGTH_NONE },
    [TECH_NAKED_SINGLE] = { 23, LENGTH_NONE },
    [TECH_UNIQUE_SUM] = { 25, LENGTH_NONE },
    [TECH_CROSS_REFERENCE] = { 26, LENGTH_NONE },
    [TECH_EXCLUDED_DIGITS] = { 27, LENGTH_NONE },
    [TECH_REQUIRED_DIGIT] = { 28, LENGTH_NONE },
    /* SE's direct techniques: a pointing, claiming, hidden pair or triple whose
     * eliminations leave a hidden single (direct_step) rates 1.7, 1.9, 2.0, 2.5. */
    [TECH_POINTING] = { 26, LENGTH_NONE, .direct = 17 },
    [TECH_CLAIMING] = { 28, LENGTH_NONE, .direct = 19 },
    [TECH_SUM_BOUNDS] = { 30, LENGTH_NONE },
    /* Killer: SE has no cages.  Its scale for the steps a Killer solver takes in their
     * place: a cage's combinations as a unique sum and cage/unit interactions as the
     * intersections (claiming), the rule of 45 and what follows from it as subsets,
     * easiest first, the order the Killer guides teach them in: over lines before
     * boxes (a band of boxes is harder to see whole), a difference of innies and
     * outies after a split cage (it weighs cells against each other, a pair's work). */
    [TECH_CAGE_COMBINATIONS] = { 25, LENGTH_NONE },
    [TECH_CAGE_UNIT] = { 28, LENGTH_NONE },
    [TECH_INNIES_OUTIES] = { 30, LENGTH_NONE },
    [TECH_INNIES_OUTIES_BOXES] = { 31, LENGTH_NONE },
    [TECH_CAGE_SPLITTING] = { 32, LENGTH_NONE },
    [TECH_INNIE_OUTIE_DIFFERENCE] = { 33, LENGTH_NONE },
    [TECH_HIDDEN_CAGE] = { 34, LENGTH_NONE },
    [TECH_REGION_INNIES] = { 31, LENGTH_NONE },
    [TECH_NAKED_PAIR] = { 30, LENGTH_NONE },
    [TECH_HIDDEN_PAIR] = { 34, LENGTH_NONE, .direct = 20 },
    [TECH_NAKED_TRIPLE] = { 36, LENGTH_NONE },
    [TECH_HIDDEN_TRIPLE] = { 40, LENGTH_NONE, .direct = 25 },
    [TECH_NAKED_QUAD] = { 50, LENGTH_NONE },
    [TECH_HIDDEN_QUAD] = { 54, LENGTH_NONE },
    [TECH_COMBINATIONS] = { 34, LENGTH_NONE },
    [TECH_AREA_SUM] = { 45, LENGTH_NONE },
    [TECH_X_WING] = { 32, LENGTH_NONE },
    [TECH_SWORDFISH] = { 38, LENGTH_NONE },
    [TECH_JELLYFISH] = { 52, LENGTH_NONE },
    [TECH_SKYSCRAPER] = { 40, LENGTH_NONE },
    [TECH_TWO_STRING_KITE] = { 41, LENGTH_NONE },
    [TECH_XY_WING] = { 42, LENGTH_NONE },
    [TECH_XYZ_WING] = { 44, LENGTH_NONE },
    [TECH_W_WING] = { 71, LENGTH_NONE },
    [TECH_SIMPLE_COLOURING] = { 66, LENGTH_CELLS },
    [TECH_UNIQUE_RECTANGLE] = { 45, LENGTH_NONE },
    [TECH_BUG_PLUS_ONE] = { 56, LENGTH_NONE },
    [TECH_X_CHAIN] = { 54, LENGTH_STRONG_LINKS },
    [TECH_XY_CHAIN] = { 70, LENGTH_TWO_PER_CELL },
    [TECH_AIC] = { 70, LENGTH_TWO_PER_CELL },
    [TECH_NICE_LOOP] = { 70, LENGTH_TWO_PER_CELL },
    [TECH_CONTRADICTION_CHAIN] = { 85, LENGTH_TWO_PER_CELL },
    [TECH_CELL_FORCING_CHAIN] = { 83, LENGTH_TWO_PER_CELL, true },
    [TECH_UNIT_FORCING_CHAIN] = { 83, LENGTH_TWO_PER_CELL, true },
    [TECH_TRIAL] = { 95, LENGTH_NONE },
    /* SE 1.2.1's numbers where SE has the technique (unique rectangles and loops 4.5-5.0,
     * BUG 5.6-6.0, aligned pair 6.2 and triple 7.5 exclusion), Sukaku Explainer's where it
     * has it (turbot fish, empty rectangle, WXYZ-wings and bent sets), else the number of
     * what SE does in its place: finned fish are X-chains or X-cycles (6.5-6.7),
     * multi-colouring a longer one, the ALS family and Sue de Coq cell and region forcing
     * chains (8.0 + length).  Finned, Franken and mutant fish (se_replaces) rate at least
     * that: where SE has no X-chain there, it takes an AIC or a Nishio (grade.c). */
    [TECH_TURBOT_FISH] = { 42, LENGTH_NONE },
    [TECH_EMPTY_RECTANGLE] = { 42, LENGTH_NONE },
    [TECH_FINNED_X_WING] = { 65, LENGTH_NONE, .se_replaces = true },
    [TECH_FINNED_SWORDFISH] = { 66, LENGTH_NONE, .se_replaces = true },
    [TECH_FINNED_JELLYFISH] = { 67, LENGTH_NONE, .se_replaces = true },
    [TECH_MULTI_COLOURING] = { 67, LENGTH_CELLS },
    [TECH_UR_TYPE_2] = { 46, LENGTH_NONE },
    [TECH_UR_TYPE_4] = { 46, LENGTH_NONE },
    [TECH_UR_TYPE_5] = { 46, LENGTH_NONE, false, true },
    [TECH_UR_TYPE_6] = { 46, LENGTH_NONE, false, true },
    [TECH_HIDDEN_RECTANGLE] = { 47, LENGTH_NONE, false, true },
    [TECH_UR_TYPE_3] = { 47, LENGTH_NONE },
    [TECH_AVOIDABLE_RECTANGLE] = { 47, LENGTH_NONE, false, true },
    [TECH_BUG_TYPE_2] = { 57, LENGTH_NONE },
    [TECH_BUG_TYPE_3] = { 58, LENGTH_NONE },
    [TECH_BUG_TYPE_4] = { 57, LENGTH_NONE },
    [TECH_UNIQUE_LOOP] = { 48, LENGTH_NONE },
    [TECH_SUE_DE_COQ] = { 80, LENGTH_TWO_PER_CELL },
    [TECH_ALIGNED_PAIR] = { 62, LENGTH_NONE },
    [TECH_WXYZ_WING] = { 55, LENGTH_WING },
    [TECH_BENT_SET] = { 62, LENGTH_WING },
    [TECH_ALS_XZ] = { 80, LENGTH_TWO_PER_CELL },
    [TECH_ALS_XY_WING] = { 80, LENGTH_TWO_PER_CELL },
    [TECH_DEATH_BLOSSOM] = { 80, LENGTH_TWO_PER_CELL },
    [TECH_ALIGNED_TRIPLE] = { 75, LENGTH_NONE },
    [TECH_ALS_CHAIN] = { 80, LENGTH_TWO_PER_CELL },
    [TECH_FRANKEN_FISH] = { 67, LENGTH_NONE, .se_replaces = true },
    [TECH_MUTANT_FISH] = { 69, LENGTH_NONE, .se_replaces = true },
    /* Grouped X-chains rate as Sukaku Explainer's chains of strong links, whose box
     * links may hold the digit in a group of cells: by their strong links, a group one
     * node (hint.length), as the ungrouped X-chain (at 6.6 and a tenth per cell they
     * rated 0.9 above SE's 5.2-5.7 on the five se_rated.txt puzzles they settle, now
     * 5.4-5.5 where they stay the hardest step); the dynamic forcing chain
     * follows a supposition through the techniques up to Medium, as SE's dynamic forcing
     * chains do (8.5, and its proof's steps make its length); a nested one uses
     * suppositions within suppositions, SE's nested forcing chains (10.0 here). */
    [TECH_GROUPED_X_CHAIN] = { 54, LENGTH_STRONG_LINKS },
    /* Grouped AICs and nice loops: SE has no group nodes outside its forcing chains, so it
     * makes the same deduction with a cell or region forcing chain (8.0 and the length
     * bonus), as it does the ALS family's; at 7.1 (a plain AIC and a tenth) four of the
     * Sukaku-rated puzzles SE puts at 8.0-8.4 rated 7.3-7.6. */
    [TECH_GROUPED_AIC] = { 80, LENGTH_TWO_PER_CELL },
    [TECH_GROUPED_NICE_LOOP] = { 80, LENGTH_TWO_PER_CELL },
    [TECH_DYNAMIC_FORCING_CHAIN] = { 85, LENGTH_PROOF, true },
    [TECH_DYNAMIC_CELL_FORCING_CHAIN] = { 85, LENGTH_PROOF, true },     /* SE's dynamic cell */
    [TECH_DYNAMIC_UNIT_FORCING_CHAIN] = { 85, LENGTH_PROOF, true },     /* and region chains */
    [TECH_NESTED_FORCING_CHAIN] = { 100, LENGTH_PROOF, true },
};

/* The lowest rating of each level's band: a technique's number and its level agree when
 * the number lies in its level's band (rating_level_band).  Singles are below 2.5, locked
 * candidates below 3.0, subsets from 3.0, wings and single-digit patterns from 4.1,
 * chains from 5.4 (three strong links), WXYZ-wings and BUGs from 5.5 and suppositions
 * from 8.5, where SE's dynamic forcing chains start.  The bands cannot hold every
 * technique: SE rates the Hard finned fish as X-chains (6.5-6.7) and the W-wing as a
 * chain (7.1), X-wing and swordfish (Hard) among the subsets (3.2, 3.8), and both the ALS
 * family (Expert, HoDoKu's "unfair") and the short contradiction and forcing chains
 * (Master, HoDoKu's "extreme") as forcing chains of 7.9-8.4, so the edge between Expert
 * and Master falls among them.  At 8.5 rather than 7.9 (the contradiction chain), level
 * and band agreed on 253 of 259 SE-rated puzzles instead of 245, on 1299 of top1465
 * instead of 1219 and on 84 of norvig's top95 instead of 83 (8.4 and 8.6: 251/1295/84
 * and 255/1060/75).  Unique rectangles and loops (4.5-4.8) are Hard, in their band, as
 * HoDoKu has them. */
static const int band_floor[LEVEL_COUNT] = {
    [LEVEL_BEGINNER] = 0, [LEVEL_EASY] = 25, [LEVEL_MEDIUM] = 30,
    [LEVEL_HARD] = 41, [LEVEL_EXPERT] = 54, [LEVEL_MASTER] = 85,
};

/* A technique without an entry: the middle of its level's band. */
static int level_default(enum hint_level level)
{
    static const int mid[LEVEL_COUNT] = { 23, 28, 36, 50, 70, 90 };

    return (int)level >= 0 && level < LEVEL_COUNT ? mid[level] : 90;
}

int rating_base(enum technique t)
{
    const struct technique_info *info = hint_technique(t);

    if (info == NULL || t == TECH_MISTAKE)
        return 0;
    return ratings[t].base > 0 ? ratings[t].base : level_default(info->level);
}

int rating_floor(enum technique t)
{
    int base = rating_base(t), direct = (int)t >= 0 && t < TECH_COUNT ? ratings[t].direct : 0;

    return direct > 0 && direct < base ? direct : base;
}

enum rating_length rating_length_kind(enum technique t)
{
    return (int)t >= 0 && t < TECH_COUNT ? ratings[t].length : LENGTH_NONE;
}

bool rating_first_is_lowest(enum technique t)
{
    if (rating_floor(t) < rating_base(t))
        return false;           /* its direct steps rate lower than the others */
    return t == TECH_TRIAL || rating_length_kind(t) == LENGTH_NONE
           || ((int)t >= 0 && t < TECH_COUNT && ratings[t].shortest_first);
}

int rating_length_bonus(int length)
{
    int bonus = 0, ceiling = 4;
    bool half = true;

    /* 4, 6, 8, 12, 16, 24...: alternately half again and a third again. */
    while (length > ceiling && bonus < 100) {
        bonus++;
        ceiling = half ? ceiling * 3 / 2 : ceiling * 4 / 3;
        half = !half;
    }
    return bonus;
}

int rating_step_length(const struct hint *h)
{
    enum rating_length kind = rating_length_kind(h->id);

    if (kind == LENGTH_PROOF)
        return PROOF_STEP_CANDIDATES * h->length;
    if (h->length > 0 && kind != LENGTH_NONE && kind != LENGTH_WING)
        return h->length;
    switch (kind) {
    case LENGTH_CELLS: case LENGTH_STRONG_LINKS: return h->ncells;
    case LENGTH_TWO_PER_CELL: return 2 * h->ncells;
    case LENGTH_PROOF: case LENGTH_WING: case LENGTH_NONE: break;
    }
    return 0;
}

/* Sukaku Explainer's numbers for a chain of one digit with n strong links (a pattern of n
 * "strong-linked fishes"), or SE's X-chain (6.6 and its length bonus) where lower. */
static int strong_links_rating(int cells)
{
    static const int by_links[] = { 0, 0, 40, 54, 58, 62, 66, 70, 74 };
    int links = cells / 2, chain = 66 + rating_length_bonus(cells);

    if (links < 2 || links >= (int)(sizeof by_links / sizeof by_links[0]))
        return chain;
    return by_links[links] < chain ? by_links[links] : chain;
}

int rating_step(const struct hint *h)
{
    if (rating_length_kind(h->id) == LENGTH_STRONG_LINKS)
        return strong_links_rating(h->length > 0 ? h->length : h->ncells);
    return rating_base(h->id) + rating_length_bonus(rating_step_length(h));
}

/* Sukaku Explainer's bonus for a wing of n cells (WXYZ 4, VWXYZ 5) whose largest cell has
 * most candidates: wings whose largest cell is middling are the hardest to see, a tenth
 * for each candidate it is nearer the middle (3), less for a small wing. */
static int wing_bonus(const struct hint *h, const struct hint_position *pos)
{
    int most = 0, bonus;

    for (int i = 0; i < h->ncells; i++) {
        int n = popcount32(pos->cands[h->cells[i]]);

        most = n > most ? n : most;
    }
    bonus = (h->ncells - 3) - (most > 3 ? most - 3 : 3 - most);
    return bonus > 0 ? bonus : 0;
}

/* The places d keeps in unit g once the step's removals are made; the last into *at. */
static int places_left(const struct hint *h, const struct hint_position *pos, int g, int d,
                       struct hint_move *at)
{
    const struct puzzle_group *grp = &pos->p->groups[g];
    int n = 0;

    for (int i = 0; i < grp->ncells; i++) {
        int c = grp->cells[i];
        bool removed = false;

        if (pos->grid[c] != 0 || !(pos->cands[c] & (1u << d)))
            continue;
        for (int e = 0; e < h->nelim && !removed; e++)
            removed = h->elim[e].cell == c && h->elim[e].digit == d;
        if (!removed) {
            n++;
            *at = (struct hint_move){ c, d };
        }
    }
    return n;
}

/* Whether a wing has Sukaku Explainer's shape: a cell of two digits and the others in
 * one unit (an almost locked set).  A bent set of another shape (two cells of a line and
 * two of a box, say) is no wing of SE's: it proves the same with an alternating chain
 * through the cells, and so the set rates as an AIC over them (7.2 for four cells, 7.3
 * for five).  Of the 26 tests/data/rating/se_rated.txt puzzles whose hardest step was
 * a bent set rated as a wing, 5 rated 6.3-6.4 where SE has 7.1-7.2; with sets of other
 * shapes rated as chains all five agree within 0.1. */
static bool wing_has_se_shape(const struct hint *h, const struct hint_position *pos)
{
    for (int i = 0; i < h->ncells; i++) {
        int rest[HINT_MAX_CELLS], n = 0;

        if (popcount32(pos->cands[h->cells[i]]) != 2)
            continue;
        for (int j = 0; j < h->ncells; j++)
            if (j != i)
                rest[n++] = h->cells[j];
        if (hint_cells_share_group(pos->p, rest, n))
            return true;
    }
    return false;
}

bool rating_direct_single(const struct hint *h, const struct hint_position *pos, struct hint_move *single)
{
    const struct puzzle *p = pos->p;
    bool own_unit = h->id == TECH_HIDDEN_PAIR || h->id == TECH_HIDDEN_TRIPLE;

    if (h->ngroups == 0 || rating_floor(h->id) == rating_base(h->id))
        return false;
    for (int e = 0; e < h->nelim; e++) {
        int cell = h->elim[e].cell, d = h->elim[e].digit;

        for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][k] >= 0; k++) {
            int g = p->cell_groups[cell][k];

            if (own_unit ? g != h->groups[0] : p->groups[g].kind != p->groups[h->groups[0]].kind)
                continue;
            if (puzzle_group_is_unit(p, &p->groups[g]) && places_left(h, pos, g, d, single) == 1)
                return true;
        }
    }
    return false;
}

int rating_step_in(const struct hint *h, const struct hint_position *pos)
{
    struct hint_move single;

    if (pos != NULL && rating_direct_single(h, pos, &single))
        return rating_floor(h->id);
    if (rating_length_kind(h->id) == LENGTH_WING && pos != NULL) {
        if (!wing_has_se_shape(h, pos))
            return rating_base(TECH_AIC) + rating_length_bonus(2 * h->ncells);
        return rating_base(h->id) + wing_bonus(h, pos);
    }
    return rating_step(h);
}

enum hint_level rating_step_level(const struct hint *h, int tenths)
{
    enum hint_level level = hint_technique(h->id)->level;
    bool direct = tenths == rating_floor(h->id) && tenths < rating_base(h->id);
    /* Rated as the Nishio SE takes in its place (grade.c): that chain's level. */
    bool nishio = rating_after_nishio(h->id) && tenths < rating_floor(h->id);

    if ((direct || nishio) && rating_level_band(tenths) < level)
        return rating_level_band(tenths);
    return level;
}

enum hint_level rating_level_band(int tenths)
{
    enum hint_level level = LEVEL_BEGINNER;

    for (int l = 0; l < LEVEL_COUNT; l++)
        if (tenths >= band_floor[l])
            level = (enum hint_level)l;
    return level;
}

const char *rating_format(int tenths, char *buf, size_t size)
{
    snprintf(buf, size, "%d.%d", tenths / 10, tenths % 10);
    return buf;
}

/* --- The order of the walk --- */

/*
 * The walk tries techniques by their numbers, as SE does, within tiers: every pattern
 * first (those SE lacks last), then the suppositions (the Master techniques: contradiction and forcing chains),
 * then trial.  The number and the order part where SE rates a pattern as the forcing
 * chain it uses in its place: the ALS family, Sue de Coq and grouped AICs rate 8.0 and
 * up, yet a player sees them as patterns, and a puzzle one of them settles is Expert.
 * Ordered by number alone, the contradiction chain (then 7.9) came first and such
 * puzzles were Master.  Among the suppositions, cell and unit forcing chains (8.3) come
 * before contradiction chains (8.5, SE's dynamic chains), as SE tries its static cell and
 * region chains (8.0) before its dynamic ones.
 *
 * The uniqueness patterns SE lacks (unique rectangle types 5 and 6, hidden and avoidable
 * rectangles; SE has types 1-4, loops and the BUGs) come after every other pattern: where
 * one applies, SE takes the easiest step it has, and so does the walk; the rectangle is
 * taken, at its own number (HoDoKu's "Hard", 4.6-4.7 among SE's rectangles), only where
 * no other pattern applies.  Ordered by their numbers, they settled five of the
 * se_rated.txt puzzles at 4.6-4.7 where SE has 5.5-7.2; after the patterns SE has, all
 * five agree within 0.1 (a WXYZ-wing 5.5-5.6, an AIC 7.2), as the step SE takes.
 */
int rating_walk_tier(enum technique t)
{
    const struct technique_info *info = hint_technique(t);

    if (t == TECH_TRIAL)
        return 3;
    if (info != NULL && info->level == LEVEL_MASTER)
        return 2;
    return (int)t >= 0 && t < TECH_COUNT && ratings[t].se_lacks ? 1 : 0;
}

static int compare_by_rating(const void *a, const void *b)
{
    enum technique x = *(const enum technique *)a, y = *(const enum technique *)b;
    int tx = rating_walk_tier(x), ty = rating_walk_tier(y);
    int rx = rating_base(x), ry = rating_base(y);

    if (tx != ty)
        return tx < ty ? -1 : 1;
    if (rx != ry)
        return rx < ry ? -1 : 1;
    return (x > y) - (x < y);
}

int rating_order(enum technique order[TECH_COUNT])
{
    int n = 0;

    for (int t = 0; t < TECH_COUNT; t++)
        if (t != TECH_MISTAKE)
            order[n++] = (enum technique)t;
    qsort(order, (size_t)n, sizeof *order, compare_by_rating);
    return n;
}

/* --- Trial --- */

/*
 * What a trial step stands for on SE's scale.  SE solves every known puzzle with forcing
 * chains: dynamic ones (8.5 + length) for most that need more than kakudo's chains of
 * singles, nested ones (9.5 to 11.x) for the hardest.  The more of the grid is still
 * open when nothing else applies, the longer and deeper SE's chains are: so a trial rates
 * 9.5 and a tenth for every two open cells past 25 (scaled to 81 cells), at most 11.9.
 * The forum's hardest (all SE 11.0 or more) are stuck with 55 to 60 cells open and rate
 * 11.0-11.2 so; magictour's 77th (SE 9.8) is stuck at 56 too and rates 11.0: the number
 * cannot tell them apart, which only real dynamic and nested chains can.
 */
int rating_trial(const struct hint_position *pos)
{
    const struct puzzle *p = pos->p;
    int open = 0, ncells = 0, tenths;

    for (int cell = 0; cell < p->ncells; cell++) {
        if (p->block[cell])
            continue;
        ncells++;
        open += pos->grid[cell] == 0;
    }
    /* Scaled to 81 cells, so other sizes and Kakuro read the same. */
    open = ncells > 0 ? open * 81 / ncells : 0;
    tenths = rating_base(TECH_TRIAL) + (open > 25 ? (open - 25) / 2 : 0);
    return tenths > 119 ? 119 : tenths;
}

/* SE's cell and region forcing chains start at 8.0, and the patterns it proves with them
 * (the ALS family, Sue de Coq, grouped AICs) take that base here. */
bool rating_after_nishio(enum technique t)
{
    return rating_base(t) >= 80;
}

bool rating_se_replaces(enum technique t)
{
    return (int)t >= 0 && t < TECH_COUNT && ratings[t].se_replaces;
}

bool rating_puzzle_is_se(const struct puzzle *p)
{
    return p->ops->kind == PUZZLE_SUDOKU && p->max_digit == 9 && p->variant == 0;
}

int rating_of_step(const struct hint *h, const struct hint_position *pos)
{
    return h->id == TECH_TRIAL ? rating_trial(pos) : rating_step_in(h, pos);
}
