/* hint_dynamic.c: dynamic and nested forcing chains: a supposition followed through the
 * engine's basic techniques (and, nested, through suppositions within it) that ends in a
 * contradiction; for either puzzle kind. */
#include "config.h"
#include "hint.h"

#include <stdlib.h>
#include <string.h>

#include "hint_follow.h"
#include "hint_kakuro_links.h"
#include "i18n.h"
#include "util.h"

/*
 * The singles-only chains of hint_forcing.c come first; these go on where they stop.  A
 * dynamic chain follows its supposition through the techniques of levels up to Medium
 * (singles, locked candidates and subsets; Kakuro's sums and combinations); a nested
 * chain also lets suppositions within the supposition, each followed through singles,
 * remove what they refute.  Suppositions are tried in the order of hint_forcing.c: each
 * candidate true, cells with fewer candidates first, then each false where its cell has
 * more than two.  A contradiction whose proof is short is reported at once; the others
 * are kept and reported, shortest first, after the sweep.  Every search is bounded by
 * work (removals made and techniques asked), so a hint never takes long.
 */
#define DYNAMIC_WORK 400000L        /* about 40 ms */
#define NESTED_WORK 2000000L
#define DYNAMIC_SHORT_PROOF 12      /* a contradiction this short is reported at once */

struct supposition {
    int cell, digit;
    bool on;
};

struct refuted {
    struct supposition sp;
    int size, nesting, order;
};

static int compare_refuted(const void *a, const void *b)
{
    const struct refuted *x = a, *y = b;

    if (x->nesting != y->nesting)
        return x->nesting - y->nesting;
    return x->size != y->size ? x->size - y->size : x->order - y->order;
}

static void find_refutations_in(struct hint_search *s, bool nested);

static bool refuted_emit(struct hint_search *s, struct follow *f, const struct refuted *r)
{
    const struct puzzle *p = s->pos->p;
    struct hint h;

    hint_begin(s, &h);
    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[r->sp.cell][k] >= 0; k++)
        hint_add_group(&h, p->cell_groups[r->sp.cell][k]);
    if (r->sp.on)
        hint_add_elim(s, &h, r->sp.cell, r->sp.digit);
    else
        hint_add_place(&h, r->sp.cell, r->sp.digit);
    {
        const char *branch = follow_contradiction_words(f, &h, r->sp.cell, r->sp.digit, r->sp.on,
                                                           FOLLOW_CLAUSE);
        /* TRANSLATORS: %1$s is a clause "if r4c7 were 3, then ..., and r5c2 would have no
           digit left"; %2$s the supposed cell, %3$c its digit. */
        hint_say(&h, r->sp.on ? _("%1$s; so %2$s is not %3$c.") : _("%1$s; so %2$s is %3$c."), branch,
                 hint_cell(&h, r->sp.cell), hint_digit_symbol(r->sp.digit));
    }
    h.length = r->size;         /* the steps of the proof: the rating's length */
    return hint_emit(s, &h);
}

/* The deep searches are for puzzles known to have one solution.  With several, a guess
 * is needed sooner or later, and they would look long for the few candidates no
 * solution has: the trial step comes at once. */
static bool worth_searching(const struct hint_position *pos)
{
    return pos->unique;
}

static void find_refutations(struct hint_search *s, bool nested)
{
    const struct hint_position *pos = s->pos;

    if (worth_searching(pos))
        find_refutations_in(s, nested);
}

static void find_refutations_in(struct hint_search *s, bool nested)
{
    const struct hint_position *pos = s->pos;
    struct follow_options opt = {
        .ceiling = TECH_COUNT, .nested = nested, .work = nested ? NESTED_WORK : DYNAMIC_WORK,
    };
    struct follow *f = follow_new(s, &opt);
    struct hint_sweep w = HINT_SWEEP_START;
    struct supposition sp;
    struct refuted *found = NULL;
    size_t nfound = 0, cap = 0;
    bool more = true;

    for (int i = 0; more && !follow_spent(f) && hint_next_supposition(pos, &w, &sp.cell, &sp.digit, &sp.on);
         i++) {
        struct refuted r = { .sp = sp, .order = i };
        if (follow_suppose(f, sp.cell, sp.digit, sp.on) != FOLLOW_CONTRADICTION)
            continue;
        r.size = follow_proof_size(f, &r.nesting);
        /* Nested: one without nesting is a dynamic chain's, which ran out of work before
         * it; it is kept, and comes first. */
        if (r.size <= DYNAMIC_SHORT_PROOF && (!nested || r.nesting > 0)) {
            more = refuted_emit(s, f, &r);
        } else {
            found = xgrow(found, &cap, nfound + 1, sizeof *found);
            found[nfound++] = r;
        }
    }
    if (nfound > 0)
        qsort(found, nfound, sizeof *found, compare_refuted);
    for (size_t i = 0; i < nfound && more; i++)
        more = refuted_emit(s, f, &found[i]);
    free(found);
    follow_free(f);
}

void hint_find_dynamic_forcing_chain(struct hint_search *s)
{
    find_refutations(s, false);
}

void hint_find_nested_forcing_chain(struct hint_search *s)
{
    find_refutations(s, true);
}

/* --- Dynamic cell and unit forcing chains --- */

/*
 * Each candidate of a cell (or each place of a digit in a unit that must hold it) is
 * supposed in turn and followed through the engine's basic techniques, as the dynamic
 * contradiction chains are; what every branch agrees on is true: a digit all of them
 * place, a candidate all of them remove.  What singles alone show in every branch is the
 * static cell and unit forcing chains' (hint_forcing.c), tried first: each branch is
 * followed through singles too, and those conclusions are left out here.  A set with a
 * branch that ends in a contradiction is left to the contradiction chains.  Sets of two
 * or three branches, as the static ones; the conclusions are reported placements first,
 * then the shortest proof (all branches' steps) first, every other conclusion of the same
 * branches joining the hint.
 */
#define SET_MAX_BRANCHES 3

struct dyn_set {
    int n, group;               /* group: the unit, or -1 for a cell's candidates */
    int cell[SET_MAX_BRANCHES], digit[SET_MAX_BRANCHES];
};

struct dyn_found {
    struct dyn_set set;
    int at, digit, size, order;
    bool place;
};

static int compare_dyn_found(const void *a, const void *b)
{
    const struct dyn_found *x = a, *y = b;

    if (x->place != y->place)
        return x->place ? -1 : 1;
    return x->size != y->size ? x->size - y->size : x->order - y->order;
}

/* The cells with two or three candidates, or the digits with two or three places in a
 * unit that must hold them, into *out (grown to *cap); their count. */
static int list_dyn_sets(const struct hint_position *pos, bool units, struct dyn_set **sets, size_t *cap)
{
    const struct puzzle *p = pos->p;
    struct dyn_set *out = *sets;
    int n = 0;

    if (!units) {
        for (int cell = 0; cell < p->ncells; cell++) {
            int k = popcount32(pos->cands[cell]);
            if (p->block[cell] || pos->grid[cell] || k < 2 || k > SET_MAX_BRANCHES)
                continue;
            *sets = out = xgrow(out, cap, (size_t)n + 1, sizeof *out);
            out[n] = (struct dyn_set){ .n = 0, .group = -1 };
            for (digitset c = pos->cands[cell]; c; c &= c - 1) {
                out[n].cell[out[n].n] = cell;
                out[n].digit[out[n].n++] = lowest_bit(c);
            }
            n++;
        }
        return n;
    }
    for (int g = 0; g < p->ngroups; g++) {
        digitset required = hint_group_required(pos, g);
        for (int d = 1; d <= p->max_digit; d++) {
            int cells[PUZZLE_MAX_DIGIT + 1], k;
            if (!(required & (1u << d)) || (hint_group_placed(pos, g) & (1u << d)))
                continue;
            k = hint_cells_with(pos, g, d, cells);
            if (k < 2 || k > SET_MAX_BRANCHES)
                continue;
            *sets = out = xgrow(out, cap, (size_t)n + 1, sizeof *out);
            out[n] = (struct dyn_set){ .n = k, .group = g };
            for (int i = 0; i < k; i++) {
                out[n].cell[i] = cells[i];
                out[n].digit[i] = d;
            }
            n++;
        }
    }
    return n;
}

/* What a cell can still be in a branch: its digit once placed, else its candidates. */
static digitset still_possible(const uint8_t *grid, const digitset *cands, int cell)
{
    return grid[cell] ? 1u << grid[cell] : cands[cell];
}

/* What the branches of a set agree on, per cell: the digits some branch keeps (kept) and
 * the digit all place (placed, 0 if none); and the same through singles alone. */
struct agreement {
    digitset *kept, *kept_static;
    uint8_t *placed, *placed_static;
};

/* Follows every branch of the set, through singles then through the techniques, into a;
 * false if one ends in a contradiction or the work ran out. */
static bool follow_set(struct follow *dyn, struct follow *singles, const struct dyn_set *set,
                       const struct hint_position *pos, struct agreement *a)
{
    const struct puzzle *p = pos->p;

    for (int i = 0; i < set->n; i++) {
        struct follow *f[2] = { singles, dyn };
        for (int k = 0; k < 2; k++) {
            digitset *kept = k ? a->kept : a->kept_static;
            uint8_t *placed = k ? a->placed : a->placed_static;
            enum follow_result r = follow_suppose(f[k], set->cell[i], set->digit[i], true);
            const uint8_t *grid = follow_grid(f[k]);
            const digitset *cands = follow_cands(f[k]);
            if (r == FOLLOW_CONTRADICTION || r == FOLLOW_OUT_OF_WORK)
                return false;
            for (int cell = 0; cell < p->ncells; cell++) {
                if (p->block[cell] || pos->grid[cell])
                    continue;
                if (i == 0) {
                    kept[cell] = 0;
                    placed[cell] = grid[cell];
                } else if (placed[cell] != grid[cell]) {
                    placed[cell] = 0;
                }
                kept[cell] |= still_possible(grid, cands, cell);
            }
        }
    }
    return true;
}

/* The proof of one conclusion in every branch (each followed again); its size. */
static int set_proof_size(struct follow *dyn, const struct dyn_set *set, int at, int digit, bool place)
{
    int size = 0;

    for (int i = 0; i < set->n; i++) {
        follow_suppose(dyn, set->cell[i], set->digit[i], true);
        size += follow_conclusion_size(dyn, at, digit, place);
    }
    return size;
}

/* The set's best new conclusion (a placement, else the first removal in reading order)
 * into found; false if it has none beyond the singles'. */
static bool set_best(const struct hint_position *pos, const struct agreement *a, struct dyn_found *found)
{
    const struct puzzle *p = pos->p;

    found->at = -1;
    for (int cell = 0; cell < p->ncells && !(found->at >= 0 && found->place); cell++) {
        digitset gone;
        if (p->block[cell] || pos->grid[cell])
            continue;
        if (a->placed[cell] && !a->placed_static[cell]) {
            *found = (struct dyn_found){ .set = found->set, .at = cell, .digit = a->placed[cell],
                                         .place = true };
            continue;
        }
        gone = pos->cands[cell] & ~a->kept[cell] & a->kept_static[cell];
        if (gone && found->at < 0)
            *found = (struct dyn_found){ .set = found->set, .at = cell, .digit = lowest_bit(gone),
                                         .place = false };
    }
    return found->at >= 0;
}

/* Reports the set's conclusion, each branch shown, and every other new conclusion its
 * branches agree on. */
static bool dyn_set_emit(struct hint_search *s, struct follow *dyn, struct follow *singles,
                         const struct dyn_found *fd, struct agreement *a)
{
    const struct hint_position *pos = s->pos;
    const struct puzzle *p = pos->p;
    const struct dyn_set *set = &fd->set;
    int nplace, nelim;
    bool whole;
    struct hint h;

    hint_begin(s, &h);
    if (fd->place)
        hint_add_place(&h, fd->at, fd->digit);
    else
        hint_add_elim(s, &h, fd->at, fd->digit);
    if (set->group < 0) {
        for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[set->cell[0]][k] >= 0; k++)
            hint_add_group(&h, p->cell_groups[set->cell[0]][k]);
        hint_add_cell(&h, set->cell[0]);
        hint_say(&h, _("%1$s can only be %2$s. "), hint_cell(&h, set->cell[0]),
                 hint_digits(&h, pos->cands[set->cell[0]], HINT_OR));
    } else {
        hint_add_group(&h, set->group);
        hint_say(&h, _("in %1$s, %2$c can only go in %3$s. "), hint_group(&h, set->group),
                 hint_digit_symbol(set->digit[0]), hint_cells(&h, set->cell, set->n, HINT_OR));
    }
    for (int i = 0; i < set->n; i++) {
        const char *branch = follow_conclusion_words(dyn, &h, set->cell[i], set->digit[i], fd->at, fd->digit,
                                                     fd->place);
        /* TRANSLATORS: a sentence of its own, "If r4c7 is 3, then ..., so r5c2 is not 4",
           and its period. */
        hint_say(&h, _("%s. "), branch);
    }
    hint_add_cell(&h, fd->at);
    hint_say(&h, _("Either way, %s."), hint_words(&h, fd->place ? _("%1$s is %2$c") : _("%1$s is not %2$c"),
                                                  hint_cell(&h, fd->at), hint_digit_symbol(fd->digit)));
    h.length = fd->size;
    /* The others: the branches are followed again (explaining moved the followers), whole
     * as they were in the search, else none is added: a branch cut short agrees on nothing. */
    {
        long dwork = follow_set_budget(dyn, 0), swork = follow_set_budget(singles, 0);
        whole = follow_set(dyn, singles, set, pos, a);
        follow_set_budget(dyn, dwork);
        follow_set_budget(singles, swork);
    }
    nplace = h.nplace;
    nelim = h.nelim;
    for (int cell = 0; cell < p->ncells && whole; cell++) {
        if (p->block[cell] || pos->grid[cell])
            continue;
        if (a->placed[cell] && !a->placed_static[cell]) {
            if (!(fd->place && cell == fd->at))
                hint_add_place(&h, cell, a->placed[cell]);
            continue;
        }
        for (digitset gone = pos->cands[cell] & ~a->kept[cell] & a->kept_static[cell]; gone; gone &= gone - 1)
            hint_add_elim(s, &h, cell, lowest_bit(gone));
    }
    if (h.nplace > nplace || h.nelim > nelim) {
        struct hint_buf more = { .len = 0 };
        bool first = true;

        more.s[0] = '\0';
        for (int i = nplace; i < h.nplace && !h.quiet; i++, first = false)
            hint_buf_add(&more, "%s%s", first ? "" : _(", "),
                         hint_words(&h, _("%1$s is %2$c"), hint_cell(&h, h.place[i].cell),
                                    hint_digit_symbol(h.place[i].digit)));
        for (int i = nelim; i < h.nelim && !h.quiet; i++, first = false)
            hint_buf_add(&more, "%s%s", first ? "" : _(", "),
                         hint_words(&h, _("%1$s is not %2$c"), hint_cell(&h, h.elim[i].cell),
                                    hint_digit_symbol(h.elim[i].digit)));
        hint_say(&h, _(" The same branches also agree that %s."), more.s);
    }
    return hint_emit(s, &h);
}

static void find_dynamic_sets(struct hint_search *s, bool units)
{
    const struct hint_position *pos = s->pos;
    const struct puzzle *p = pos->p;
    struct follow_options dopt = { .ceiling = TECH_COUNT, .nested = false, .work = DYNAMIC_WORK };
    struct follow_options sopt = { .ceiling = TECH_NAKED_SINGLE, .nested = false, .work = DYNAMIC_WORK };
    struct follow *dyn, *singles;
    struct dyn_set *sets = NULL;
    size_t nsets_cap = 0;
    struct dyn_found *found;
    struct agreement a;
    int n, nfound = 0;
    bool more = true;

    if (!worth_searching(pos))
        return;
    dyn = follow_new(s, &dopt);
    singles = follow_new(s, &sopt);
    n = list_dyn_sets(pos, units, &sets, &nsets_cap);
    found = xmalloc(((size_t)n + 1) * sizeof *found);
    a.kept = xmalloc((size_t)p->ncells * sizeof *a.kept);
    a.kept_static = xmalloc((size_t)p->ncells * sizeof *a.kept_static);
    a.placed = xmalloc((size_t)p->ncells);
    a.placed_static = xmalloc((size_t)p->ncells);
    for (int i = 0; i < n && !follow_spent(dyn) && !follow_spent(singles); i++) {
        struct dyn_found *fd = &found[nfound];
        fd->set = sets[i];
        if (!follow_set(dyn, singles, &sets[i], pos, &a) || !set_best(pos, &a, fd))
            continue;
        fd->size = set_proof_size(dyn, &sets[i], fd->at, fd->digit, fd->place);
        fd->order = nfound++;
    }
    qsort(found, (size_t)nfound, sizeof *found, compare_dyn_found);
    for (int i = 0; i < nfound && more; i++)
        more = dyn_set_emit(s, dyn, singles, &found[i], &a);
    free(a.kept);
    free(a.kept_static);
    free(a.placed);
    free(a.placed_static);
    free(found);
    free(sets);
    follow_free(singles);
    follow_free(dyn);
}

void hint_find_dynamic_cell_forcing_chain(struct hint_search *s)
{
    find_dynamic_sets(s, false);
}

void hint_find_dynamic_unit_forcing_chain(struct hint_search *s)
{
    find_dynamic_sets(s, true);
}

/* --- Trial: suppositions shown, the rest left to a search --- */

#define TRIAL_WORK 200000L

/* The empty cell with the fewest candidates (ties: reading order). */
static int trial_cell(const struct hint_position *pos)
{
    int best = -1, best_n = PUZZLE_MAX_DIGIT + 1;

    for (int cell = 0; cell < pos->p->ncells; cell++) {
        int n = popcount32(pos->cands[cell]);
        if (!pos->p->block[cell] && !pos->grid[cell] && n > 0 && n < best_n) {
            best = cell;
            best_n = n;
        }
    }
    return best;
}

/* Whether a search (the solver's guesses) from the position with the cell holding d
 * finds a solution. */
static bool search_finds_solution(const struct hint_position *pos, int cell, int d)
{
    size_t n = (size_t)pos->p->ncells;
    uint8_t *grid = xmalloc(n), *solution = xmalloc(n);
    struct solve_request req = { .limit = 1, .budget = solve_budget_nodes(SOLVE_DEFAULT_NODES) };
    struct solve_result res = { .solution = solution };

    memcpy(grid, pos->grid, n);
    grid[cell] = (uint8_t)d;
    puzzle_solve(pos->p, grid, &req, &res);
    free(grid);
    free(solution);
    return res.count > 0;
}

/* Whether the solution kept with the position (found by a search when the puzzle was
 * opened) fits it: every digit placed and a candidate of every empty cell. */
static bool kept_solution_fits(const struct hint_position *pos)
{
    const struct puzzle *p = pos->p;

    if (pos->solution == NULL)
        return false;
    for (int cell = 0; cell < p->ncells; cell++) {
        if (p->block[cell])
            continue;
        if (pos->grid[cell] ? pos->grid[cell] != pos->solution[cell]
                            : !(pos->cands[cell] & (1u << pos->solution[cell])))
            return false;
    }
    return true;
}

/* The digit of the cell, among left, from which a search finds a solution; 0 if none.
 * A search made before (the solution kept with the position) is used when it fits, as
 * a search from a digit that leads nowhere can take long on a large grid. */
static int searched_digit(const struct hint_position *pos, int cell, digitset left)
{
    if (kept_solution_fits(pos) && (left & (1u << pos->solution[cell])))
        return pos->solution[cell];
    for (digitset c = left; c; c &= c - 1)
        if (search_finds_solution(pos, cell, lowest_bit(c)))
            return lowest_bit(c);
    return 0;
}

/*
 * The step on the cell with the fewest candidates (the first such in reading order).
 * When the puzzle is known to have one solution, each of its candidates is supposed in
 * turn and followed as far as the nested chains go (within TRIAL_WORK); those that end
 * in a contradiction are shown, least nested and shortest first.  If one digit is left,
 * it is the cell's.  Otherwise (and always when the puzzle is not known to have one
 * solution, where nothing is supposed) the digit is the one the solution kept with the
 * position holds, when that solution still fits the position; failing that, the first
 * digit left from which a search (the solver's guesses) finds a solution.  The hint says
 * which: the refuted digits and the one left, or that a search decided.
 */
void hint_find_trial(struct hint_search *s)
{
    const struct hint_position *pos = s->pos;
    const struct puzzle *p = pos->p;
    int cell = trial_cell(pos), nref = 0, d = 0;
    struct follow_options opt = {
        .ceiling = TECH_COUNT, .nested = pos->unique, .work = pos->unique ? TRIAL_WORK : 0,
    };
    struct refuted ref[PUZZLE_MAX_DIGIT];
    digitset left;
    struct follow *f;
    struct hint h;

    if (cell < 0)
        return;
    f = follow_new(s, &opt);
    left = pos->cands[cell];
    for (digitset c = pos->unique ? pos->cands[cell] : 0; c; c &= c - 1) {
        struct refuted r = { .sp = { cell, lowest_bit(c), true }, .order = nref };
        if (follow_suppose(f, cell, r.sp.digit, true) != FOLLOW_CONTRADICTION)
            continue;
        r.size = follow_proof_size(f, &r.nesting);
        ref[nref++] = r;
        left &= ~(1u << r.sp.digit);
    }
    qsort(ref, (size_t)nref, sizeof *ref, compare_refuted);
    d = popcount32(left) == 1 ? lowest_bit(left) : searched_digit(pos, cell, left);
    if (d == 0)
        goto done;
    hint_begin(s, &h);
    hint_add_cell(&h, cell);
    h.digits = pos->cands[cell];
    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][k] >= 0; k++)
        hint_add_group(&h, p->cell_groups[cell][k]);
    hint_add_place(&h, cell, d);
    if (!pos->unique) {
        /* TRANSLATORS: %1$s is a cell, %2$s its digits, %3$c the digit guessed. */
        hint_say(&h, _("the puzzle is not known to have one solution, so a guess is needed. %1$s can be "
                       "%2$s; a search (trial and error) finds a solution with %3$c there (another digit "
                       "may lead to another): guess %1$s is %3$c."),
                 hint_cell(&h, cell), hint_digits(&h, pos->cands[cell], HINT_OR), hint_digit_symbol(d));
    } else {
        /* TRANSLATORS: %1$s is a cell, %2$s its digits. */
        hint_say(&h, _("no technique settles this position, so suppose each digit of %1$s (%2$s) in turn. "),
                 hint_cell(&h, cell), hint_digits(&h, pos->cands[cell], HINT_OR));
        for (int i = 0; i < nref; i++) {
            /* Said outside hint_say, which would not evaluate it when quiet: it adds the
               branch's cells to the hint. */
            const char *branch = follow_contradiction_words(f, &h, cell, ref[i].sp.digit, true, FOLLOW_SENTENCE);

            hint_say(&h, _("%s. "), branch);
        }
        if (popcount32(left) == 1)
            /* TRANSLATORS: %1$c is a digit, %2$s a cell. */
            hint_say(&h, _("Only %1$c is left: %2$s is %1$c."), hint_digit_symbol(d), hint_cell(&h, cell));
        else
            /* TRANSLATORS: %1$s are digits, %2$c the digit found, %3$s the cell. */
            hint_say(&h, _("No chain settles %1$s; a search (trial and error) finds the solution with %2$c "
                           "there, and the puzzle has only one, so %3$s is %2$c."),
                     hint_digits(&h, left, HINT_OR), hint_digit_symbol(d), hint_cell(&h, cell));
    }
    hint_emit(s, &h);
done:
    follow_free(f);
}
