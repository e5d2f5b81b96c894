/* hint_fish.c: fish beyond the basic ones: finned and sashimi X-wing, swordfish and
 * jellyfish (fins in a box or Jigsaw region); Franken and mutant fish, whose base and
 * cover sets include boxes, regions and Sudoku X's diagonals. */
#include "config.h"
#include "hint.h"
#include "hint_memo.h"

#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "util.h"

static bool has(const struct hint_position *pos, int cell, int d)
{
    return !pos->p->block[cell] && !pos->grid[cell] && (pos->cands[cell] & (1u << d));
}

static int fish_size(enum technique id)
{
    switch (id) {
    case TECH_FINNED_X_WING: return 2;
    case TECH_FINNED_SWORDFISH: return 3;
    default: return 4;
    }
}

/* TRANSLATORS: the fish, within a sentence. */
static const char *const fish_names[] = { "", "", N_("X-wing"), N_("swordfish"), N_("jellyfish") };

/* --- Finned and sashimi fish --- */

struct finned {
    struct hint_search *s;
    int d, k, n;
    bool rows;                          /* base lines are rows */
    uint32_t where[SUDOKU_MAX_SIZE];    /* per line: the cross positions of d */
    int base[4];
    int fin_span;                       /* the most cross lines a box or region meets */
    uint32_t spans[SUDOKU_MAX_SIZE];    /* the cross lines each box or region meets, each */
    int nspans;                         /* set once, by lowest line: where fins may lie */
    uint32_t *box_span;                 /* per box or region: the cross lines it meets */
    int *box;                           /* per cell: its box or region */
    int emitted;                        /* fish reported */
};

static int cell_at(const struct finned *f, int line, int cross)
{
    return f->rows ? line * f->n + cross : cross * f->n + line;
}

/* Whether no j < k of the base lines fit in j cover lines: a fish holding a smaller one
 * collapses into it and singles, and is listed as that. */
static bool fish_is_whole(const uint32_t *masks, int k)
{
    for (int sub = 1; sub < (1 << k) - 1; sub++) {
        uint32_t uni = 0;
        for (int i = 0; i < k; i++)
            if (sub & (1 << i))
                uni |= masks[i];
        if (popcount32(uni) <= popcount32((uint32_t)sub))
            return false;
    }
    return true;
}

static bool finned_emit(struct finned *f, uint32_t cover, const int *fins, int nfins, int box)
{
    const struct puzzle *p = f->s->pos->p;
    int covers[4], nc = 0, d = f->d;
    bool sashimi = false;
    uint32_t masks[4];
    struct hint h;

    for (int i = 0; i < f->k; i++) {
        masks[i] = f->where[f->base[i]] & cover;
        sashimi |= popcount32(masks[i]) == 1;
    }
    if (!fish_is_whole(masks, f->k))
        return true;
    hint_begin(f->s, &h);
    h.digits = 1u << d;
    for (uint32_t m = cover; m; m &= m - 1)
        covers[nc++] = lowest_bit(m);
    for (int i = 0; i < f->k; i++) {
        hint_add_group(&h, hint_group_of_kind(p, cell_at(f, f->base[i], 0), f->rows ? GROUP_ROW : GROUP_COLUMN));
        for (uint32_t m = f->where[f->base[i]]; m; m &= m - 1)
            hint_add_cell(&h, cell_at(f, f->base[i], lowest_bit(m)));
    }
    for (int c = 0; c < nc; c++) {
        for (int line = 0; line < f->n; line++) {
            int cell = cell_at(f, line, covers[c]);
            bool in_base = false;
            for (int i = 0; i < f->k; i++)
                in_base |= f->base[i] == line;
            if (!in_base && hint_in_group(p, cell, box))
                hint_add_elim(f->s, &h, cell, d);
        }
    }
    if (h.nelim == 0)
        return true;
    f->emitted++;
    hint_add_group(&h, box);
    const char *fish = h.quiet ? "" : hint_words(&h, "%s", _(fish_names[f->k]));
    /* TRANSLATORS: a sashimi fish's note, %s the fish ("swordfish"). */
    const char *note = sashimi ? hint_words(&h, _(" (a sashimi %s: a base line keeps one place besides the fins)"), fish) : "";
    /* TRANSLATORS: %1$s are the base lines ("rows 1 and 5"), %2$c the digit, %3$s the
     * cover lines, %4$s the fins, %5$s their box, %6$s a note on sashimi fish (or
     * nothing), %7$s the fish ("X-wing"). */
    hint_say(&h, f->rows
             ? P_("in %1$s, %2$c can only go in %3$s, but for the fin %4$s in %5$s%6$s. If no fin is "
                  "%2$c, the %7$s puts the %2$cs of those columns in its base lines; if one is, %5$s "
                  "has its %2$c there. Either way a cell of those columns in %5$s outside the base "
                  "lines cannot be %2$c",
                  "in %1$s, %2$c can only go in %3$s, but for the fins %4$s in %5$s%6$s. If no fin is "
                  "%2$c, the %7$s puts the %2$cs of those columns in its base lines; if one is, %5$s "
                  "has its %2$c there. Either way a cell of those columns in %5$s outside the base "
                  "lines cannot be %2$c", nfins)
             : P_("in %1$s, %2$c can only go in %3$s, but for the fin %4$s in %5$s%6$s. If no fin is "
                  "%2$c, the %7$s puts the %2$cs of those rows in its base lines; if one is, %5$s "
                  "has its %2$c there. Either way a cell of those rows in %5$s outside the base "
                  "lines cannot be %2$c",
                  "in %1$s, %2$c can only go in %3$s, but for the fins %4$s in %5$s%6$s. If no fin is "
                  "%2$c, the %7$s puts the %2$cs of those rows in its base lines; if one is, %5$s "
                  "has its %2$c there. Either way a cell of those rows in %5$s outside the base "
                  "lines cannot be %2$c", nfins),
             hint_lines(&h, f->rows, f->base, f->k), hint_digit_symbol(d), hint_lines(&h, !f->rows, covers, nc),
             hint_cells(&h, fins, nfins, HINT_AND), hint_group(&h, box), note, fish);
    hint_say_eliminations(&h);
    return hint_emit(f->s, &h);
}

/* With the fins in the cross lines fin (the rest of the union the cover), whether the
 * fins lie in one box or region, one that meets the cross lines span: emits the fish if
 * so (a fin set within several spans is tried from its own box's). */
static bool finned_try(struct finned *f, uint32_t cover, uint32_t fin, uint32_t span)
{
    int fins[SUDOKU_MAX_SIZE * 4], nfins = 0, box = -1;

    for (int i = 0; i < f->k; i++) {
        if (!(f->where[f->base[i]] & cover))
            return true;
        for (uint32_t m = f->where[f->base[i]] & fin; m; m &= m - 1) {
            int cell = cell_at(f, f->base[i], lowest_bit(m)), b = f->box[cell];
            if (box >= 0 && b != box)
                return true;
            box = b;
            fins[nfins++] = cell;
        }
    }
    return nfins == 0 || f->box_span[box] != span || finned_emit(f, cover, fins, nfins, box);
}

/* The cover lines: k lines of the union; the rest, the fins, within one box or region:
 * so the fin lines are some of the union's lines through one box or region. */
static bool finned_covers(struct finned *f, uint32_t uni)
{
    int extra = popcount32(uni) - f->k;

    for (int i = 0; i < f->nspans; i++) {
        uint32_t span = f->spans[i] & uni;
        /* every subset of span with extra lines */
        for (uint32_t fin = span; fin; fin = (fin - 1) & span)
            if (popcount32(fin) == extra && !finned_try(f, uni & ~fin, fin, f->spans[i]))
                return false;
    }
    return true;
}

/* The cross lines each box or region meets (per box in box_span, each distinct set once
 * in spans, by lowest line), and the most of them one meets. */
static void finned_spans(struct finned *f)
{
    const struct puzzle *p = f->s->pos->p;

    f->nspans = f->fin_span = 0;
    for (int g = 0; g < p->ngroups; g++) {
        const struct puzzle_group *grp = &p->groups[g];
        uint32_t span = 0;
        int at;

        f->box_span[g] = 0;
        if (!puzzle_group_is_box(grp))
            continue;
        for (int i = 0; i < grp->ncells; i++)
            span |= 1u << (f->rows ? grp->cells[i] % f->n : grp->cells[i] / f->n);
        f->box_span[g] = span;
        if (popcount32(span) > f->fin_span)
            f->fin_span = popcount32(span);
        for (at = 0; at < f->nspans && f->spans[at] != span; at++)
            ;
        if (at < f->nspans || f->nspans == SUDOKU_MAX_SIZE)
            continue;
        for (at = f->nspans++; at > 0 && lowest_bit(f->spans[at - 1]) > lowest_bit(span); at--)
            f->spans[at] = f->spans[at - 1];
        f->spans[at] = span;
    }
}

/* Whether the lines of uni, and so of any union grown from it, can still leave k cover
 * lines beside fins within one span: some span holds all but k of them at most.  A
 * branch that fails this would find no fish at any depth, so it is not walked. */
static bool finned_may_fit(const struct finned *f, uint32_t uni)
{
    for (int i = 0; i < f->nspans; i++)
        if (popcount32(uni & ~f->spans[i]) <= f->k)
            return true;
    return false;
}

static bool finned_choose(struct finned *f, int start, int depth, uint32_t uni)
{
    if (depth == f->k)
        return popcount32(uni) <= f->k || finned_covers(f, uni);
    for (int i = start; i <= f->n - (f->k - depth); i++) {
        uint32_t next = uni | f->where[i];
        int w = popcount32(f->where[i]);
        /* fins lie in one box: at most a box's width beyond the k cover lines */
        if (w < 2 || popcount32(next) > f->k + f->fin_span || !finned_may_fit(f, next))
            continue;
        f->base[depth] = i;
        if (!finned_choose(f, i + 1, depth + 1, next))
            return false;
    }
    return true;
}

void hint_find_finned_fish(struct hint_search *s)
{
    const struct puzzle *p = s->pos->p;
    struct finned f = { .s = s, .k = fish_size(s->id), .n = p->width };

    f.box = xmalloc((size_t)p->ncells * sizeof *f.box);
    f.box_span = xmalloc((size_t)p->ngroups * sizeof *f.box_span);
    for (int cell = 0; cell < p->ncells; cell++)
        f.box[cell] = hint_group_of_kind(p, cell, GROUP_BOX);
    for (f.d = 1; f.d <= p->max_digit; f.d++) {
        int emitted = f.emitted;

        if (hint_memo_vain(s, f.d, NULL))
            continue;
        for (int rows = 1; rows >= 0; rows--) {
            f.rows = rows;
            finned_spans(&f);
            for (int line = 0; line < f.n; line++) {
                f.where[line] = 0;
                for (int cross = 0; cross < f.n; cross++)
                    if (has(s->pos, cell_at(&f, line, cross), f.d))
                        f.where[line] |= 1u << cross;
            }
            if (!finned_choose(&f, 0, 0, 0))
                goto done;
        }
        if (f.emitted == emitted)
            hint_memo_keep_vain(s, f.d, 0);
    }
done:
    free(f.box_span);
    free(f.box);
}

/* --- Franken and mutant fish: boxes among the base and cover sets --- */

#define FM_MAX 3                        /* base sets of up to three units: bounded, fast */
#define FM_MAX_CELLS (FM_MAX * SUDOKU_MAX_SIZE)
#define FM_WORDS ((SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE + 63) / 64)
#define FM_MAX_GROUPS (3 * SUDOKU_MAX_SIZE + 2)   /* the units: lines, boxes, diagonals */

/* A set of cells, one bit each. */
struct cellset {
    uint64_t w[FM_WORDS];
};

struct fm {
    struct hint_search *s;
    int d, k, nw;
    int units[FM_MAX_GROUPS], nunits;         /* groups where d has 2+ places */
    struct cellset places[FM_MAX_GROUPS];     /* per group: d's places in it */
    int base[FM_MAX], cover[FM_MAX], ncover;
    struct cellset basecells, covered;
    int cells[FM_MAX_CELLS], ncells;          /* the base cells, listed at emission */
    bool franken;                             /* which of the two is searched */
    long nodes;                               /* cover choices left to try */
    int count[FM_MAX_GROUPS];                 /* per group: base cells in it */
    int need[FM_MAX_GROUPS];                  /* per group: covers its places need at least */
    int nbase;                                /* base cells */
    bool is_base[FM_MAX_GROUPS];              /* the group is a base unit now */
    bool is_cover[FM_MAX_GROUPS];             /* the group is a cover unit now */
    int hist[SUDOKU_MAX_SIZE + 1];            /* per count c > 0: the groups other than
                                               * the base units holding c base cells */
    int max_count;                            /* the most base cells a group can hold */
    /* per group where d has 2+ places: the groups its places lie in, with how many */
    struct fm_touch { int16_t group, n; } touch[FM_MAX_GROUPS][PUZZLE_MAX_CELL_GROUPS * SUDOKU_MAX_SIZE];
    int ntouch[FM_MAX_GROUPS], nplaces[FM_MAX_GROUPS];
    int emitted;                              /* fish reported */
};

/* The search's bound: cover choices tried per call, over every digit and size.  The
 * Franken search stays well within it on 9x9; the mutant one, the widest, may stop short
 * on a crowded grid (the same way every time: the result depends on the position only). */
#define FM_NODES 200000
#define FM_MUTANT_NODES 200000

static bool set_meets(const struct fm *f, const struct cellset *a, const struct cellset *b)
{
    for (int i = 0; i < f->nw; i++)
        if (a->w[i] & b->w[i])
            return true;
    return false;
}

static void set_xor(const struct fm *f, struct cellset *a, const struct cellset *b)
{
    for (int i = 0; i < f->nw; i++)
        a->w[i] ^= b->w[i];
}

/* The first base cell no cover unit holds, or -1. */
static int first_uncovered(const struct fm *f)
{
    for (int i = 0; i < f->nw; i++) {
        uint64_t left = f->basecells.w[i] & ~f->covered.w[i];
        if (left)
            return i * 64 + __builtin_ctzll(left);
    }
    return -1;
}

/* A fish's units are p's units (rows, columns, boxes or regions, diagonals): each holds
 * every digit once, which is all the fish's count needs.  Cages (which need not hold the
 * digit) are never base sets, nor cover sets here.  Units come first among the groups. */
static bool fm_unit(const struct puzzle *p, int g)
{
    return g < FM_MAX_GROUPS && puzzle_group_is_unit(p, &p->groups[g]);
}

/* The line kinds (rows, columns, diagonals) among the k groups, as bits; *box when a box
 * or region is among them. */
static unsigned line_kinds(const struct puzzle *p, const int *groups, int k, bool *box)
{
    unsigned kinds = 0;

    for (int i = 0; i < k; i++) {
        if (puzzle_group_is_box(&p->groups[groups[i]]))
            *box = true;
        else
            kinds |= 1u << p->groups[groups[i]].kind;
    }
    return kinds;
}

/* 0: a basic fish (rows against columns); 1: Franken (lines of one direction and boxes
 * against lines of the other and boxes); 2: mutant (anything else: a diagonal among its
 * units makes a fish mutant). */
static int fm_kind(const struct fm *f)
{
    const struct puzzle *p = f->s->pos->p;
    bool box = false;
    unsigned bk = line_kinds(p, f->base, f->k, &box), ck = line_kinds(p, f->cover, f->k, &box);

    if (popcount32(bk) > 1 || popcount32(ck) > 1 || (bk & ck) != 0
        || ((bk | ck) & (1u << GROUP_DIAGONAL)))
        return 2;
    return box ? 1 : 0;
}

/* Whether some j < k of the base units lie within j of the cover units: the fish then
 * falls apart into a smaller one (or locked candidates) and singles, and is listed as
 * those. */
static bool fm_collapses(const struct fm *f)
{
    const struct puzzle *p = f->s->pos->p;
    unsigned touches[FM_MAX] = { 0 };   /* per base unit: the cover units its cells meet */

    for (int m = 0; m < f->ncells; m++) {
        int base = 0;
        while (!hint_in_group(p, f->cells[m], f->base[base]))
            base++;
        for (int i = 0; i < f->k; i++)
            if (hint_in_group(p, f->cells[m], f->cover[i]))
                touches[base] |= 1u << i;
    }
    for (int sub = 1; sub < (1 << f->k) - 1; sub++) {
        unsigned touched = 0;
        for (int base = 0; base < f->k; base++)
            if (sub & (1 << base))
                touched |= touches[base];
        if (popcount32(touched) <= popcount32((uint32_t)sub))
            return true;
    }
    return false;
}

static bool fm_emit(struct fm *f)
{
    int kind = fm_kind(f);
    struct hint h;

    if (kind == 0 || (kind == 1) != f->franken || fm_collapses(f))
        return true;
    hint_begin(f->s, &h);
    h.digits = 1u << f->d;
    for (int m = 0; m < f->ncells; m++)
        hint_add_cell(&h, f->cells[m]);
    for (int i = 0; i < f->k; i++) {
        const struct puzzle_group *grp = &f->s->pos->p->groups[f->cover[i]];
        for (int j = 0; j < grp->ncells; j++) {
            int c = grp->cells[j];
            if (!(f->basecells.w[c / 64] & (1ull << (c % 64))))
                hint_add_elim(f->s, &h, c, f->d);
        }
    }
    if (h.nelim == 0)
        return true;
    for (int i = 0; i < f->k; i++)
        hint_add_group(&h, f->base[i]);
    for (int i = 0; i < f->k; i++)
        hint_add_group(&h, f->cover[i]);
    f->emitted++;
    /* TRANSLATORS: %1$c is a digit, %2$s the base units, %3$s the cover units, %4$d how
     * many of each. */
    hint_say(&h, _("%1$c has its places in %2$s (no cell in two of them) all within %3$s. The %4$d "
                   "base units need %4$d %1$cs, each in a different cover unit, which then have "
                   "theirs: no other cell of the cover units can be %1$c"),
             hint_digit_symbol(f->d), hint_groups(&h, f->base, f->k, HINT_AND),
             hint_groups(&h, f->cover, f->k, HINT_AND), f->k);
    hint_say_eliminations(&h);
    return hint_emit(f->s, &h);
}

/* Lists the base cells for the hint. */
static void fm_list_cells(struct fm *f)
{
    f->ncells = 0;
    for (int i = 0; i < f->nw; i++)
        for (uint64_t m = f->basecells.w[i]; m && f->ncells < FM_MAX_CELLS; m &= m - 1)
            f->cells[f->ncells++] = i * 64 + __builtin_ctzll(m);
}

/* A Franken fish's cover lines run across its base lines, all one way. */
static bool franken_cover_fits(const struct fm *f, int g)
{
    const struct puzzle *p = f->s->pos->p;
    enum group_kind kind = p->groups[g].kind;

    if (puzzle_group_is_box(&p->groups[g]))
        return true;
    if (kind == GROUP_DIAGONAL)
        return false;
    for (int i = 0; i < f->k; i++)
        if (p->groups[f->base[i]].kind == kind)
            return false;
    for (int i = 0; i < f->ncover; i++)
        if (!puzzle_group_is_box(&p->groups[f->cover[i]]) && p->groups[f->cover[i]].kind != kind)
            return false;
    return true;
}

/* Chooses cover units, each through a base cell not yet covered. */
static bool fm_cover(struct fm *f)
{
    const struct puzzle *p = f->s->pos->p;
    int cell = first_uncovered(f);

    if (--f->nodes < 0)
        return false;
    if (cell < 0) {
        if (f->ncover != f->k || fm_kind(f) == 0 || (fm_kind(f) == 1) != f->franken)
            return true;
        fm_list_cells(f);
        return fm_emit(f);
    }
    if (f->ncover == f->k)
        return true;
    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][k] >= 0; k++) {
        int g = p->cell_groups[cell][k];
        uint64_t before[FM_WORDS];

        if (!fm_unit(p, g) || f->is_base[g] || f->is_cover[g]
            || (f->franken && !franken_cover_fits(f, g)))
            continue;
        f->cover[f->ncover++] = g;
        f->is_cover[g] = true;
        for (int i = 0; i < f->nw; i++) {
            before[i] = f->covered.w[i];
            f->covered.w[i] |= f->places[g].w[i];
        }
        bool go = fm_cover(f);
        memcpy(f->covered.w, before, (size_t)f->nw * sizeof *before);
        f->is_cover[g] = false;
        f->ncover--;
        if (!go)
            return false;
    }
    return true;
}

/* Adds delta to the count of base cells of every group holding one of g's places, and
 * keeps the histogram of the counts of the groups that are not base units (g is one by
 * now: a base unit shares no place with another, so no other base unit's count moves). */
static void fm_count(struct fm *f, int g, int delta)
{
    f->nbase += delta * f->nplaces[g];
    for (int t = 0; t < f->ntouch[g]; t++) {
        int h = f->touch[g][t].group, n = delta * f->touch[g][t].n;

        if (f->is_base[h]) {
            f->count[h] += n;
            continue;
        }
        f->hist[f->count[h]]--;
        f->count[h] += n;
        f->hist[f->count[h]]++;
    }
}

/* Lists the groups g's places lie in, with how many, for fm_count. */
static void fm_touch_build(struct fm *f, int g)
{
    const struct puzzle *p = f->s->pos->p;

    f->ntouch[g] = f->nplaces[g] = 0;
    for (int i = 0; i < f->nw; i++) {
        for (uint64_t m = f->places[g].w[i]; m; m &= m - 1) {
            int cell = i * 64 + __builtin_ctzll(m);
            f->nplaces[g]++;
            for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][k] >= 0; k++) {
                int h = p->cell_groups[cell][k], t = 0;
                if (!fm_unit(p, h))
                    continue;
                while (t < f->ntouch[g] && f->touch[g][t].group != h)
                    t++;
                if (t == f->ntouch[g])
                    f->touch[g][f->ntouch[g]++] = (struct fm_touch){ (int16_t)h, 0 };
                f->touch[g][t].n++;
            }
        }
    }
}

/* Whether k units could hold every base cell: the k units (not base units) holding most
 * of them hold them all at best.  Most base sets fail this at once.  The histogram of
 * counts gives those k units without a pass over the groups. */
static bool fm_coverable(const struct fm *f)
{
    int left = f->k, sum = 0;

    for (int c = f->max_count; c > 0 && left > 0; c--) {
        int take = f->hist[c] < left ? f->hist[c] : left;
        sum += take * c;
        left -= take;
    }
    return sum >= f->nbase;
}

/* Base sets: k units with no place of d in common.  A Franken base has lines of one
 * direction only. */
static bool fm_choose(struct fm *f, int start, int depth, unsigned kinds)
{
    const struct puzzle *p = f->s->pos->p;

    if (depth == f->k) {
        /* the mutant search takes the bases with rows and columns, or a diagonal (the
         * Franken one those with lines of one way): bounded, it leaves out mutants whose
         * lines of one way meet mixed covers */
        if ((!f->franken && popcount32(kinds) < 2 && !(kinds & (1u << GROUP_DIAGONAL)))
            || !fm_coverable(f))
            return true;
        f->ncover = 0;
        memset(&f->covered, 0, sizeof f->covered);
        return fm_cover(f);
    }
    for (int i = start; i < f->nunits; i++) {
        int g = f->units[i];
        unsigned next = kinds;

        if (!puzzle_group_is_box(&p->groups[g]))
            next |= 1u << p->groups[g].kind;
        if ((f->franken && (popcount32(next) > 1 || (next & (1u << GROUP_DIAGONAL))))
            || f->need[g] > f->k
            || set_meets(f, &f->basecells, &f->places[g]))
            continue;
        set_xor(f, &f->basecells, &f->places[g]);
        f->is_base[g] = true;           /* its count is 0: no base cell lies in it yet */
        fm_count(f, g, 1);
        f->base[depth] = g;
        /* what k units cannot hold now, they cannot hold with more base cells */
        bool go = (depth + 1 < f->k && depth > 0 && !fm_coverable(f))
                  || fm_choose(f, i + 1, depth + 1, next);
        fm_count(f, g, -1);
        f->is_base[g] = false;
        set_xor(f, &f->basecells, &f->places[g]);
        if (!go)
            return false;
    }
    return true;
}

/* The most of the n cells from i on (cells in taken already chosen) that no unit holds
 * two of, clash[j] being the cells sharing a unit with cell j. */
static int most_apart(const uint32_t *clash, int n, int i, uint32_t taken)
{
    if (i == n)
        return 0;
    int without = most_apart(clash, n, i + 1, taken);
    if (clash[i] & taken)
        return without;
    int with = 1 + most_apart(clash, n, i + 1, taken | 1u << i);
    return with > without ? with : without;
}

/* How many cover units base unit g's places of d need at least.  A Franken fish's covers
 * are lines of one way and boxes: a line's places need a box or region each, a box's
 * places a row each or a column each.  A mutant's covers mix rows, columns, boxes or
 * regions and diagonals freely (a box's places in row 1 and column 1 take two covers,
 * however many rows and columns they meet): they need at least as many as the most
 * places no other unit holds two of, each then wanting a cover of its own. */
static int covers_needed(const struct fm *f, int g, int d)
{
    const struct puzzle *p = f->s->pos->p;
    const struct puzzle_group *grp = &p->groups[g];
    int cells[SUDOKU_MAX_SIZE], n = 0;

    for (int i = 0; i < grp->ncells; i++)
        if (has(f->s->pos, grp->cells[i], d))
            cells[n++] = grp->cells[i];
    if (f->franken) {
        int seen[3][SUDOKU_MAX_SIZE], count[3] = { 0, 0, 0 };
        enum group_kind kinds[3] = { GROUP_BOX, GROUP_ROW, GROUP_COLUMN };
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < 3; k++) {
                int h = hint_group_of_kind(p, cells[i], kinds[k]);
                bool known = false;
                for (int j = 0; j < count[k] && !known; j++)
                    known = seen[k][j] == h;
                if (!known)
                    seen[k][count[k]++] = h;
            }
        }
        if (puzzle_group_is_box(grp))
            return count[1] < count[2] ? count[1] : count[2];
        return count[0];
    }
    uint32_t clash[SUDOKU_MAX_SIZE] = { 0 };
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            for (int k = 0; j != i && k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cells[i]][k] >= 0; k++) {
                int h = p->cell_groups[cells[i]][k];
                if (h != g && fm_unit(p, h) && hint_in_group(p, cells[j], h))
                    clash[i] |= 1u << j;
            }
    return most_apart(clash, n, 0, 0);
}

static void franken_mutant(struct hint_search *s, bool franken)
{
    const struct puzzle *p = s->pos->p;
    struct fm *f;

    /* Up to 9x9: beyond, the base sets to try grow too fast (48 units at 16x16) to pay
     * at every step that reaches them. */
    if (p->ops->kind != PUZZLE_SUDOKU || p->width > 9)
        return;
    f = xmalloc(sizeof *f);
    memset(f, 0, sizeof *f);
    f->s = s;
    f->franken = franken;
    f->nw = (p->ncells + 63) / 64;
    f->nodes = franken ? FM_NODES : FM_MUTANT_NODES;
    for (int g = 0; g < p->ngroups; g++)
        f->max_count = p->groups[g].ncells > f->max_count ? p->groups[g].ncells : f->max_count;
    if (f->max_count > SUDOKU_MAX_SIZE)
        f->max_count = SUDOKU_MAX_SIZE;
    for (f->d = 1; f->d <= p->max_digit; f->d++) {
        long nodes = f->nodes, spent;
        int emitted = f->emitted;

        if (hint_memo_vain(s, f->d, &spent)) {
            /* the search would take spent choices and report nothing: with fewer left,
             * it would stop within them */
            if (f->nodes < spent)
                goto done;
            f->nodes -= spent;
            continue;
        }
        f->nunits = 0;
        for (int g = 0; g < p->ngroups && g < FM_MAX_GROUPS; g++) {
            const struct puzzle_group *grp = &p->groups[g];
            int n = 0;
            memset(&f->places[g], 0, sizeof f->places[g]);
            for (int i = 0; i < grp->ncells; i++) {
                if (has(s->pos, grp->cells[i], f->d)) {
                    f->places[g].w[grp->cells[i] / 64] |= 1ull << (grp->cells[i] % 64);
                    n++;
                }
            }
            if (n >= 2 && fm_unit(p, g)) {
                f->need[g] = covers_needed(f, g, f->d);
                f->units[f->nunits++] = g;
                fm_touch_build(f, g);
            }
        }
        for (f->k = 2; f->k <= FM_MAX; f->k++) {
            memset(&f->basecells, 0, sizeof f->basecells);
            if (!fm_choose(f, 0, 0, 0))
                goto done;
        }
        if (f->emitted == emitted)
            hint_memo_keep_vain(s, f->d, nodes - f->nodes);
    }
done:
    free(f);
}

void hint_find_franken_fish(struct hint_search *s)
{
    franken_mutant(s, true);
}

void hint_find_mutant_fish(struct hint_search *s)
{
    franken_mutant(s, false);
}
