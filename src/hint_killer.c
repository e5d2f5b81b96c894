/* hint_killer.c: Killer and Jigsaw techniques: cage combinations, cage/unit interactions, the rule of 45 (innies and outies, cage splitting, hidden cages; over Jigsaw regions). */
#include "config.h"
#include "hint.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "hint_kakuro_links.h"
#include "i18n.h"
#include "util.h"

/* Combinations of a cage are listed in a hint's words up to this many. */
#define KILLER_SAY_COMBOS 6
/* A cage whose sum has more fitting digit sets than this is left alone: its candidates
 * say little and listing the sets would cost more than the step is worth (16x16, 25x25). */
#define KILLER_MAX_COMBOS 4096
/* The most lines a rule-of-45 area spans (consecutive rows or columns), and the most
 * units of any area (lines, or boxes and regions). */
#define KILLER_MAX_LINES 4
#define KILLER_MAX_UNITS 4
/* The most empty cells an innie-outie difference weighs against each other. */
#define KILLER_MAX_DIFF_CELLS 3

/* Cells that must add up to a sum: a cage, or the cells the rule of 45 leaves over; or,
 * for an innie-outie difference, cells whose sum less that of the others is known.
 * Only the empty cells are kept; sum is what they still need. */
struct vcage {
    int n;
    int cells[PUZZLE_MAX_DIGIT];
    int npos;                   /* cells[0..npos) add up, cells[npos..n) are taken away */
    int sum;
    bool distinct;              /* the cells share a group: their digits differ */
};

/* What fits a vcage: per cell the digits some fitting assignment puts there, the digit
 * sets that fit (distinct cells), and the digits every one of them holds. */
struct vfit {
    digitset allowed[PUZZLE_MAX_DIGIT];
    int ncombos;
    digitset combos[KILLER_SAY_COMBOS];
    digitset required;
    digitset must;              /* only the sets holding these digits count */
};

/* Adds to fit what the digit set combo allows the cells (nothing if it does not fit). */
struct combo_try {
    const struct hint_position *pos;
    const struct vcage *v;
    struct vfit *fit;
};

static bool fit_combo(digitset combo, void *user)
{
    const struct combo_try *t = user;
    struct vfit *fit = t->fit;
    digitset sets[PUZZLE_MAX_DIGIT];

    if ((combo & fit->must) != fit->must)
        return true;
    for (int i = 0; i < t->v->n; i++)
        sets[i] = t->pos->cands[t->v->cells[i]] & combo;
    /* A digit of a cell fits when the other cells can still take the rest. */
    if (!kakuro_matching_allowed(sets, t->v->n, fit->allowed))
        return true;
    if (fit->ncombos < KILLER_SAY_COMBOS)
        fit->combos[fit->ncombos] = combo;
    fit->required = fit->ncombos++ == 0 ? combo : fit->required & combo;
    return true;
}

/* Every set of v->n distinct digits adding up to v->sum, tried on the cells; false when
 * there are too many sets to list.  Only the sets of digits some cell can take are
 * looked at: a set with another digit leaves that digit no cell. */
static bool fit_sets(const struct hint_position *pos, const struct vcage *v, struct vfit *fit)
{
    struct combo_try t = { pos, v, fit };
    digitset avail = 0;

    if (kakuro_digit_set_count(v->n, pos->p->max_digit, v->sum) > KILLER_MAX_COMBOS)
        return false;
    for (int i = 0; i < v->n; i++)
        avail |= pos->cands[v->cells[i]];
    return kakuro_digit_sets(avail, v->n, pos->p->max_digit, v->sum, fit_combo, &t);
}

/* Digit by digit over v's cells in turn: each leaf whose signed digits make v->sum,
 * no two cells that see each other alike, lets its digits stay. */
struct fit_walk {
    const struct hint_position *pos;
    const struct vcage *v;
    bool sees[KILLER_MAX_DIFF_CELLS][KILLER_MAX_DIFF_CELLS];
    int digit[KILLER_MAX_DIFF_CELLS];
    struct vfit *fit;
};

static void fit_walk_from(struct fit_walk *w, int i, int total)
{
    const struct vcage *v = w->v;

    if (i == v->n) {
        if (total != v->sum)
            return;
        for (int k = 0; k < v->n; k++)
            w->fit->allowed[k] |= 1u << w->digit[k];
        w->fit->ncombos++;
        return;
    }
    for (int d = 1; d <= w->pos->p->max_digit; d++) {
        int k;
        if (!(w->pos->cands[v->cells[i]] & (1u << d)))
            continue;
        for (k = 0; k < i && !(w->sees[i][k] && w->digit[k] == d); k++)
            ;
        if (k < i)
            continue;
        w->digit[i] = d;
        fit_walk_from(w, i + 1, i < v->npos ? total + d : total - d);
    }
}

/* What fits a few cells whose digits may repeat where they do not see each other, or
 * some of which are taken away (an innie-outie difference): every assignment of their
 * candidates is tried, so only when there are few. */
static bool fit_by_assignments(const struct hint_position *pos, const struct vcage *v,
                               struct vfit *fit)
{
    struct fit_walk w = { .pos = pos, .v = v, .fit = fit };
    long leaves = 1;

    if (v->n > KILLER_MAX_DIFF_CELLS)
        return false;
    for (int i = 0; i < v->n; i++) {
        leaves *= popcount32(pos->cands[v->cells[i]]);
        for (int k = 0; k < i; k++)
            w.sees[i][k] = hint_sees(pos->p, v->cells[i], v->cells[k]);
    }
    if (leaves > KILLER_MAX_COMBOS)
        return false;
    fit_walk_from(&w, 0, 0);
    return fit->ncombos > 0;
}

/*
 * What fits distinct cells depends on their candidates, their sum, the digits asked for
 * and the largest digit alone, and a rating's walk asks again at every step, for every
 * cage, where a step changes the candidates of a few: so the answers are remembered per
 * thread, by all of that, the last one for each slot of a table (a 16x16 Killer's walk
 * finds nine in ten there).  Up to FIT_MEMO_CELLS cells: most cages, and the rest cost
 * little next to them.
 */
#define FIT_MEMO_CELLS 8
#define FIT_MEMO_SLOTS 1024

struct fit_memo {
    digitset cands[FIT_MEMO_CELLS];
    digitset must;
    int16_t sum;
    uint8_t n;                  /* 0: an empty slot */
    uint8_t max_digit;
    bool fits;
    digitset allowed[FIT_MEMO_CELLS];
    int ncombos;
    digitset combos[KILLER_SAY_COMBOS];
    digitset required;
};

/* FIT_MEMO_SLOTS slots, made on first use (util_thread_room: not zeroed at every start). */
static _Thread_local struct fit_memo *fit_memo;
static _Thread_local unsigned long fit_memo_hits;

static struct fit_memo *fit_memo_table(void)
{
    if (fit_memo == NULL)
        fit_memo = util_thread_room(FIT_MEMO_SLOTS * sizeof *fit_memo);
    return fit_memo;
}

void hint_killer_memo_forget(void)
{
    if (fit_memo != NULL)
        memset(fit_memo, 0, FIT_MEMO_SLOTS * sizeof *fit_memo);
}

unsigned long hint_killer_memo_hits(void)
{
    return fit_memo_hits;
}

/* The slot the key of v's distinct cells falls in (their candidates in cands). */
static struct fit_memo *fit_memo_slot(const digitset *cands, int n, int sum, digitset must,
                                      int max_digit)
{
    uint64_t h = (uint64_t)n << 48 ^ (uint64_t)(sum & 0xffff) << 32 ^ must ^ (uint64_t)max_digit << 56;

    for (int i = 0; i < n; i++)
        h = (h ^ cands[i]) * 0x100000001b3ull + (uint64_t)i;
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9ull;
    return &fit_memo_table()[(h >> 40) % FIT_MEMO_SLOTS];
}

static bool fit_memo_holds(const struct fit_memo *m, const digitset *cands, int n, int sum,
                           digitset must, int max_digit)
{
    return m->n == n && m->sum == sum && m->must == must && m->max_digit == max_digit
           && memcmp(m->cands, cands, (size_t)n * sizeof *cands) == 0;
}

/* fit_sets, remembered: true when the sets were listed and some fit. */
static bool fit_distinct(const struct hint_position *pos, const struct vcage *v, digitset must,
                         struct vfit *fit)
{
    digitset cands[FIT_MEMO_CELLS];
    struct fit_memo *m;

    fit->must = must;
    if (v->n > FIT_MEMO_CELLS || v->sum < INT16_MIN || v->sum > INT16_MAX)
        return fit_sets(pos, v, fit) && fit->ncombos > 0;
    for (int i = 0; i < v->n; i++)
        cands[i] = pos->cands[v->cells[i]];
    m = fit_memo_slot(cands, v->n, v->sum, must, pos->p->max_digit);
    if (!fit_memo_holds(m, cands, v->n, v->sum, must, pos->p->max_digit)) {
        m->fits = fit_sets(pos, v, fit) && fit->ncombos > 0;
        memcpy(m->cands, cands, (size_t)v->n * sizeof *cands);
        m->n = (uint8_t)v->n;
        m->sum = (int16_t)v->sum;
        m->must = must;
        m->max_digit = (uint8_t)pos->p->max_digit;
        memcpy(m->allowed, fit->allowed, sizeof m->allowed);
        m->ncombos = fit->ncombos;
        memcpy(m->combos, fit->combos, sizeof m->combos);
        m->required = fit->required;
        return m->fits;
    }
    fit_memo_hits++;
    memcpy(fit->allowed, m->allowed, sizeof m->allowed);
    fit->ncombos = m->ncombos;
    memcpy(fit->combos, m->combos, sizeof fit->combos);
    fit->required = m->required;
    return m->fits;
}

/* Works out what fits v; false when nothing does or there are too many sets to tell. */
static bool fit_vcage(const struct hint_position *pos, const struct vcage *v, digitset must,
                      struct vfit *fit)
{
    memset(fit, 0, sizeof *fit);
    if (v->n == 0)
        return false;
    if (v->distinct && v->npos == v->n)
        return fit_distinct(pos, v, must, fit);
    /* Two cells apart, which may repeat a digit (each digit of one needs its complement
     * in the other), or cells taken from others. */
    if (v->npos == v->n && v->n != 2)
        return false;
    return fit_by_assignments(pos, v, fit);
}

/* The empty cells of cells into v with the sum they still need (sum less the digits
 * placed); their digits differ if they share a group (the empty ones: a filled cell
 * elsewhere has its digit already counted off).  false when there are more empty cells
 * than v holds (then nothing is said of them). */
static bool vcage_from(const struct hint_position *pos, const int *cells, int n, int sum,
                       struct vcage *v)
{
    v->n = 0;
    v->sum = sum;
    for (int i = 0; i < n; i++) {
        if (pos->grid[cells[i]])
            v->sum -= pos->grid[cells[i]];
        else if (v->n < PUZZLE_MAX_DIGIT)
            v->cells[v->n++] = cells[i];
        else
            return false;
    }
    v->npos = v->n;
    v->distinct = hint_cells_share_group(pos->p, v->cells, v->n);
    return true;
}

/* "1+2+7 or 1+3+6" */
static const char *combos_words(const struct hint *h, const struct vfit *fit)
{
    struct hint_buf b = HINT_BUF_INIT;
    int n = fit->ncombos < KILLER_SAY_COMBOS ? fit->ncombos : KILLER_SAY_COMBOS;

    if (h->quiet)
        return "";
    for (int i = 0; i < n; i++) {
        struct hint_buf one = HINT_BUF_INIT;
        for (int d = 1; d <= PUZZLE_MAX_DIGIT; d++)
            if (fit->combos[i] & (1u << d))
                hint_buf_add(&one, "%s%c", one.len ? "+" : "", hint_digit_symbol(d));
        hint_buf_item(&b, i, n, HINT_OR, one.s);
    }
    return hint_buf_words(h, &b);
}

/* Removes from v's cells the digits fit does not allow them. */
static void elim_unfitting(const struct hint_search *s, struct hint *h, const struct vcage *v,
                           const struct vfit *fit)
{
    for (int i = 0; i < v->n; i++)
        for (int d = 1; d <= s->pos->p->max_digit; d++)
            if (!(fit->allowed[i] & (1u << d)))
                hint_add_elim(s, h, v->cells[i], d);
}

static bool has_cages(const struct hint_position *pos)
{
    return (pos->p->variant & VARIANT_KILLER) && pos->p->ncages > 0;
}

/* --- Cage combinations --- */

static bool cage_combinations_in(struct hint_search *s, int g)
{
    const struct puzzle_group *grp = &s->pos->p->groups[g];
    struct vcage v;
    struct vfit fit;
    struct hint h;

    vcage_from(s->pos, grp->cells, grp->ncells, grp->sum, &v);
    v.distinct = true;
    if (v.n < 2 || !fit_vcage(s->pos, &v, 0, &fit))
        return true;
    hint_begin(s, &h);
    hint_add_group(&h, g);
    for (int i = 0; i < v.n; i++)
        hint_add_cell(&h, v.cells[i]);
    elim_unfitting(s, &h, &v, &fit);
    if (h.nelim == 0)
        return true;
    if (fit.ncombos <= KILLER_SAY_COMBOS)
        /* TRANSLATORS: %1$s is a cage, %2$s its empty cells, %3$d what they still add up
         * to, %4$s the digit sets that fit their candidates ("1+2+7 or 1+3+6"). */
        hint_say(&h, P_("in %1$s, %2$s must add up to %3$d with different digits; with their "
                        "candidates only %4$s fits",
                        "in %1$s, %2$s must add up to %3$d with different digits; with their "
                        "candidates only %4$s fit", fit.ncombos),
                 hint_group(&h, g), hint_cells(&h, v.cells, v.n, HINT_AND), v.sum,
                 combos_words(&h, &fit));
    else
        hint_say(&h, _("in %1$s, %2$s must add up to %3$d with different digits; not every "
                       "candidate leaves the other cells a way to make it"),
                 hint_group(&h, g), hint_cells(&h, v.cells, v.n, HINT_AND), v.sum);
    hint_say_eliminations(&h);
    return hint_emit(s, &h);
}

void hint_find_cage_combinations(struct hint_search *s)
{
    const struct puzzle *p = s->pos->p;

    if (!has_cages(s->pos))
        return;
    for (int g = 0; g < p->ngroups && !s->stopped; g++)
        if (p->groups[g].kind == GROUP_CAGE && !cage_combinations_in(s, g))
            return;
}

/* --- Cage/unit interactions --- */

/* The cells of group g that can still be d; their count. */
static int places_of(const struct hint_position *pos, int g, int d, int *out)
{
    return hint_cells_with(pos, g, d, out);
}

/* A digit every fitting set of cage g needs, whose places in the cage lie in one unit:
 * the unit's other cells cannot be it. */
static bool cage_needs_digit_in_unit(struct hint_search *s, int g)
{
    const struct puzzle *p = s->pos->p;
    const struct puzzle_group *grp = &p->groups[g];
    struct vcage v;
    struct vfit fit;
    int where[PUZZLE_MAX_DIGIT];

    vcage_from(s->pos, grp->cells, grp->ncells, grp->sum, &v);
    v.distinct = true;
    if (v.n < 2 || !fit_vcage(s->pos, &v, 0, &fit))
        return true;
    for (int d = 1; d <= p->max_digit; d++) {
        int n;
        if (!(fit.required & (1u << d)) || (n = places_of(s->pos, g, d, where)) < 2)
            continue;
        for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[where[0]][k] >= 0; k++) {
            int u = p->cell_groups[where[0]][k], i;
            struct hint h;
            if (u == g || !puzzle_group_is_unit(p, &p->groups[u]))
                continue;
            for (i = 1; i < n && hint_in_group(p, where[i], u); i++)
                ;
            if (i < n)
                continue;
            hint_begin(s, &h);
            hint_add_group(&h, g);
            hint_add_group(&h, u);
            for (i = 0; i < n; i++)
                hint_add_cell(&h, where[i]);
            h.digits = 1u << d;
            for (i = 0; i < p->groups[u].ncells; i++)
                if (!hint_in_group(p, p->groups[u].cells[i], g))
                    hint_add_elim(s, &h, p->groups[u].cells[i], d);
            if (h.nelim == 0)
                continue;
            /* TRANSLATORS: %1$s is a cage, %2$c a digit, %3$s cells, %4$s a unit. */
            hint_say(&h, _("every set of digits that fits %1$s uses %2$c, and in the cage %2$c can "
                           "only go in %3$s, all in %4$s; so %4$s has its %2$c in the cage"),
                     hint_group(&h, g), hint_digit_symbol(d), hint_cells(&h, where, n, HINT_OR), hint_group(&h, u));
            hint_say_eliminations(&h);
            if (!hint_emit(s, &h))
                return false;
        }
    }
    return true;
}

/* A digit whose places in unit u all lie in one cage: the cage holds it there, so only
 * the cage's sets with it fit, and its cells outside u are not it. */
static bool unit_digit_in_cage(struct hint_search *s, int u, int d)
{
    const struct puzzle *p = s->pos->p;
    int where[PUZZLE_MAX_DIGIT], n = places_of(s->pos, u, d, where), g, i;
    struct vcage v;
    struct vfit fit;
    struct hint h;

    if (n < 1 || (g = hint_group_of_kind(p, where[0], GROUP_CAGE)) < 0)
        return true;
    for (i = 1; i < n && hint_in_group(p, where[i], g); i++)
        ;
    if (i < n || (hint_group_placed(s->pos, g) & (1u << d)))
        return true;
    vcage_from(s->pos, p->groups[g].cells, p->groups[g].ncells, p->groups[g].sum, &v);
    v.distinct = true;
    if (!fit_vcage(s->pos, &v, 1u << d, &fit))
        return true;
    hint_begin(s, &h);
    hint_add_group(&h, u);
    hint_add_group(&h, g);
    for (i = 0; i < n; i++)
        hint_add_cell(&h, where[i]);
    elim_unfitting(s, &h, &v, &fit);
    for (i = 0; i < v.n; i++)
        if (!hint_in_group(p, v.cells[i], u))
            hint_add_elim(s, &h, v.cells[i], d);
    if (h.nelim == 0)
        return true;
    /* TRANSLATORS: %1$s is a unit, %2$c a digit, %3$s cells, %4$s a cage, %5$s the digit
     * sets of the cage that hold the digit and fit ("1+2+7 or 1+3+6"). */
    hint_say(&h, _("in %1$s, %2$c can only go in %3$s, all in %4$s; so the cage holds %2$c there, "
                   "and only its sets with %2$c fit: %5$s"),
             hint_group(&h, u), hint_digit_symbol(d), hint_cells(&h, where, n, HINT_OR), hint_group(&h, g),
             combos_words(&h, &fit));
    hint_say_eliminations(&h);
    return hint_emit(s, &h);
}

void hint_find_cage_unit(struct hint_search *s)
{
    const struct puzzle *p = s->pos->p;

    if (!has_cages(s->pos))
        return;
    for (int g = 0; g < p->ngroups && !s->stopped; g++)
        if (p->groups[g].kind == GROUP_CAGE && !cage_needs_digit_in_unit(s, g))
            return;
    for (int u = 0; u < p->ngroups && !s->stopped; u++) {
        if (!puzzle_group_is_unit(p, &p->groups[u]))
            continue;
        for (int d = 1; d <= p->max_digit; d++)
            if (!(hint_group_placed(s->pos, u) & (1u << d)) && !unit_digit_in_cage(s, u, d))
                return;
    }
}

/* --- The rule of 45 --- */

/* The areas the rule of 45 runs over, each kind for its own technique: whole lines (one
 * row, column, box or region, or consecutive rows or columns) and several boxes or
 * regions (or a box and a line beside it). */
enum area_kind { AREA_LINES = 1, AREA_BOXES = 2 };

/* An area of whole units, which holds every digit once per unit, and what its cages
 * leave over. */
struct area {
    int groups[KILLER_MAX_UNITS];
    int ngroups;
    int total;                      /* what the area's cells add up to */
    int inner;                      /* the sums of the cages wholly inside */
    int ninnie, nout;
    int innies[PUZZLE_MAX_DIGIT * PUZZLE_MAX_DIGIT];    /* in no cage first (nloose) */
    int outies[PUZZLE_MAX_DIGIT * PUZZLE_MAX_DIGIT];
    int nloose;
    int outer;                      /* the sums of the cages partly inside */
    bool covered;                   /* every cell of the area is in a cage */
    int npartial;                   /* the cages partly inside, by group */
    int partial[PUZZLE_MAX_DIGIT * KILLER_MAX_UNITS];
    int nshown;                     /* cages a hint points at besides the units */
    int shown[HINT_MAX_GROUPS];
    uint8_t *in;                    /* per cell: in the area */
    const int *cage_of;             /* per cell: its cage's group, or -1 (cage_groups) */
    struct reported *reported;      /* what the search over the areas has said so far */
    int diff_cells;                 /* the empty cells a difference weighs, exactly */
};

/* The conclusions reported by one search over the areas: the same conclusion reached
 * over another area (row 1, then rows 1 and 2; a difference counted two ways) is not
 * listed again. */
struct reported {
    uint64_t *sig;
    size_t n, cap;
};

static uint64_t mix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15u;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
    return x ^ (x >> 31);
}

/* A hint's conclusions as one number, whatever their order. */
static uint64_t conclusions_signature(const struct hint *h)
{
    uint64_t sig = mix64((uint64_t)h->nplace << 32 | (uint64_t)h->nelim);

    for (int i = 0; i < h->nplace; i++)
        sig += mix64(((uint64_t)h->place[i].cell << 8 | (uint64_t)h->place[i].digit) | 1u << 31);
    for (int i = 0; i < h->nelim; i++)
        sig += mix64((uint64_t)h->elim[i].cell << 8 | (uint64_t)h->elim[i].digit);
    return sig;
}

/* Reports h unless the search has reported its conclusions already. */
static bool emit_once(struct hint_search *s, const struct area *a, struct hint *h)
{
    struct reported *r = a->reported;
    uint64_t sig = conclusions_signature(h);

    for (size_t i = 0; i < r->n; i++)
        if (r->sig[i] == sig)
            return true;
    if (r->n == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 32;
        r->sig = xrealloc(r->sig, r->cap * sizeof *r->sig);
    }
    r->sig[r->n++] = sig;
    return hint_emit(s, h);
}

/* Adds cage group g to the n cages of list (by group index, ascending) unless there. */
static void add_cage_sorted(int *list, int *n, int g)
{
    int i = *n;

    for (int k = 0; k < *n; k++)
        if (list[k] == g)
            return;
    while (i > 0 && list[i - 1] > g) {
        list[i] = list[i - 1];
        i--;
    }
    list[i] = g;
    (*n)++;
}

/* Per cell of p its cage's group (-1 outside any cage), into cage_of: the areas of one
 * search look each cell's cage up many times, and hint_group_of_kind scans its groups. */
static void cage_groups(const struct puzzle *p, int *cage_of)
{
    for (int c = 0; c < p->ncells; c++)
        cage_of[c] = p->cage[c] >= 0 ? hint_group_of_kind(p, c, GROUP_CAGE) : -1;
}

/* Fills the innies (cells of the area outside the cages wholly inside it) and outies
 * (cells outside it of the cages partly inside); a->in marks the area's cells. */
static void area_fill(const struct puzzle *p, struct area *a)
{
    int cages[PUZZLE_MAX_DIGIT * KILLER_MAX_UNITS], ncages = 0;

    memset(a->in, 0, (size_t)p->ncells);
    a->total = a->inner = a->outer = a->ninnie = a->nout = a->npartial = a->nshown = 0;
    a->covered = true;
    for (int k = 0; k < a->ngroups; k++) {
        const struct puzzle_group *grp = &p->groups[a->groups[k]];
        a->total += grp->sum;
        for (int i = 0; i < grp->ncells; i++)
            a->in[grp->cells[i]] = 1;
    }
    for (int k = 0; k < a->ngroups; k++) {
        const struct puzzle_group *grp = &p->groups[a->groups[k]];
        for (int i = 0; i < grp->ncells; i++) {
            int c = grp->cells[i];
            if (p->cage[c] >= 0) {
                add_cage_sorted(cages, &ncages, a->cage_of[c]);
            } else {
                a->covered = false;
                a->innies[a->ninnie++] = c;
            }
        }
    }
    a->nloose = a->ninnie;
    for (int k = 0; k < ncages; k++) {
        const struct puzzle_group *grp = &p->groups[cages[k]];
        int inside = 0;
        for (int i = 0; i < grp->ncells; i++)
            inside += a->in[grp->cells[i]];
        if (inside == grp->ncells) {
            a->inner += grp->sum;
            continue;
        }
        a->outer += grp->sum;
        a->partial[a->npartial++] = cages[k];
        for (int i = 0; i < grp->ncells; i++) {
            if (a->in[grp->cells[i]])
                a->innies[a->ninnie++] = grp->cells[i];
            else
                a->outies[a->nout++] = grp->cells[i];
        }
    }
}

/* One side of an area: its innies (cells) adding up to sum, or its outies. */
struct leftover {
    const int *cells;
    int n;
    int sum;
    bool outies;
};

/* "row 1 and row 2 add up to 90 and the cages wholly inside them to 75, so the cells
 * left over, r1c1 and r2c9, add up to 15": the clause every rule-of-45 hint starts with. */
static const char *leftover_words(const struct hint *h, const struct area *a,
                                  const struct leftover *lo)
{
    const char *units = hint_groups(h, a->groups, a->ngroups, HINT_AND);
    const char *cells = hint_cells(h, lo->cells, lo->n, HINT_AND);

    if (h->quiet)
        return "";
    if (!lo->outies)
        /* TRANSLATORS: %1$s is a unit or units, %2$d what they add up to, %3$d the sums of
         * the cages wholly inside them, %4$s the cells left over (innies), %5$d their sum. */
        return hint_words(h, P_("%1$s adds up to %2$d and the cages wholly inside it to %3$d, so "
                                "the cells left over, %4$s, add up to %5$d",
                                "%1$s add up to %2$d and the cages wholly inside them to %3$d, so "
                                "the cells left over, %4$s, add up to %5$d", a->ngroups),
                          units, a->total, a->inner, cells, lo->sum);
    /* TRANSLATORS: %1$s is a unit or units, %2$d what they add up to, %3$d the sums of the
     * cages covering them, %4$s the cells of those cages outside them (outies), %5$d
     * their sum. */
    return hint_words(h, P_("%1$s adds up to %2$d and the cages covering it to %3$d, so the "
                            "cells of those cages outside it, %4$s, add up to %5$d",
                            "%1$s add up to %2$d and the cages covering them to %3$d, so the "
                            "cells of those cages outside them, %4$s, add up to %5$d", a->ngroups),
                      units, a->total, a->inner + a->outer, cells, lo->sum);
}

static void begin_area_hint(struct hint_search *s, struct hint *h, const struct area *a,
                            const struct vcage *v)
{
    hint_begin(s, h);
    for (int k = 0; k < a->ngroups; k++)
        hint_add_group(h, a->groups[k]);
    for (int k = 0; k < a->nshown; k++)
        hint_add_group(h, a->shown[k]);
    for (int i = 0; i < v->n; i++)
        hint_add_cell(h, v->cells[i]);
}

/* The digit the one empty cell of v must be (taken away, it is minus the rest). */
static int lone_digit(const struct vcage *v)
{
    return v->npos == 1 ? v->sum : -v->sum;
}

/* The conclusion of cells v that must add up to v->sum: one empty cell is placed, more
 * keep the candidates that fit.  clause says why they add up to it. */
static bool conclude_sum(struct hint_search *s, const struct area *a, const struct vcage *v,
                         const char *clause, int nclause)
{
    struct vfit fit;
    struct hint h;

    if (v->n == 1) {
        int d = lone_digit(v);
        if (d < 1 || d > s->pos->p->max_digit || !(s->pos->cands[v->cells[0]] & (1u << d)))
            return true;
        begin_area_hint(s, &h, a, v);
        hint_add_place(&h, v->cells[0], d);
        if (nclause == 1)
            /* TRANSLATORS: %1$s says which one cell adds up to what and why, %2$s is that
             * cell, %3$c its digit. */
            hint_say(&h, _("%1$s; so %2$s is %3$c."), clause, hint_cell(&h, v->cells[0]),
                     hint_digit_symbol(d));
        else
            /* TRANSLATORS: %1$s says which cells add up to what and why, %2$s the one of
             * them still empty, %3$c its digit. */
            hint_say(&h, _("%1$s; only %2$s of them is empty, so it is %3$c."), clause,
                     hint_cell(&h, v->cells[0]), hint_digit_symbol(d));
        return emit_once(s, a, &h);
    }
    if (!fit_vcage(s->pos, v, 0, &fit))
        return true;
    begin_area_hint(s, &h, a, v);
    elim_unfitting(s, &h, v, &fit);
    if (h.nelim == 0)
        return true;
    if (v->npos < v->n)
        /* TRANSLATORS: %1$s says how the sum of some cells compares with the sum of
         * others and why, %2$s the empty ones among them. */
        hint_say(&h, _("%1$s; of the candidates of %2$s, only those the other cells' "
                       "candidates can balance stay"),
                 clause, hint_cells(&h, v->cells, v->n, HINT_AND));
    else if (v->distinct && fit.ncombos <= KILLER_SAY_COMBOS)
        /* TRANSLATORS: %1$s says which cells add up to what and why, %2$s the empty ones,
         * %3$d what they still add up to, %4$s the digit sets that fit ("1+2 or 3+4"). */
        hint_say(&h, P_("%1$s; the empty ones, %2$s, share a unit and need %3$d, which only %4$s "
                        "makes with their candidates",
                        "%1$s; the empty ones, %2$s, share a unit and need %3$d, which only %4$s "
                        "make with their candidates", fit.ncombos),
                 clause, hint_cells(&h, v->cells, v->n, HINT_AND), v->sum, combos_words(&h, &fit));
    else
        /* TRANSLATORS: as above, without the digit sets. */
        hint_say(&h, _("%1$s; the empty ones, %2$s, need %3$d between them, and not every "
                       "candidate leaves the others a way to make it"),
                 clause, hint_cells(&h, v->cells, v->n, HINT_AND), v->sum);
    hint_say_eliminations(&h);
    return emit_once(s, a, &h);
}

/* The cage all of lo's cells lie in, when they are only part of it; else -1. */
static int split_cage(const struct puzzle *p, const struct leftover *lo)
{
    int cage;

    if (lo->n == 0 || (cage = hint_group_of_kind(p, lo->cells[0], GROUP_CAGE)) < 0)
        return -1;
    for (int i = 1; i < lo->n; i++)
        if (!hint_in_group(p, lo->cells[i], cage))
            return -1;
    return p->groups[cage].ncells > lo->n ? cage : -1;
}

/* What one side of an area proves, for the technique being searched: the rule of 45
 * (one or two cells), a hidden cage (three or more sharing a unit), or a cage split
 * (the rest of the cage holding them). */
static bool leftover_step(struct hint_search *s, const struct area *a, const struct leftover *lo)
{
    const struct puzzle *p = s->pos->p;
    struct vcage v;
    const char *clause;
    struct hint words;

    if (lo->n == 0)
        return true;
    /* The clause's words are made once, in a scratch hint quiet like the search's. */
    hint_begin(s, &words);
    if (s->id == TECH_CAGE_SPLITTING) {
        int cage = split_cage(p, lo), rest[PUZZLE_MAX_DIGIT], nrest = 0;
        const struct puzzle_group *grp;
        if (cage < 0)
            return true;
        grp = &p->groups[cage];
        for (int i = 0; i < grp->ncells; i++) {
            int j;
            for (j = 0; j < lo->n && lo->cells[j] != grp->cells[i]; j++)
                ;
            if (j == lo->n)
                rest[nrest++] = grp->cells[i];
        }
        if (!vcage_from(s->pos, rest, nrest, grp->sum - lo->sum, &v) || v.n == 0)
            return true;
        v.distinct = true;
        /* TRANSLATORS: %1$s says which cells add up to what and why, %2$s is a cage,
         * %3$s its other cells, %4$d what they add up to. */
        clause = words.quiet ? "" : hint_words(&words, _("%1$s, all in %2$s; so its other cells, %3$s, "
                                                         "add up to %4$d"),
                                               leftover_words(&words, a, lo), hint_group(&words, cage),
                                               hint_cells(&words, rest, nrest, HINT_AND),
                                               grp->sum - lo->sum);
        return conclude_sum(s, a, &v, clause, nrest);
    }
    if (!vcage_from(s->pos, lo->cells, lo->n, lo->sum, &v) || v.n == 0)
        return true;
    if (s->id == TECH_HIDDEN_CAGE ? (v.n < 3 || !v.distinct) : v.n > 2)
        return true;
    clause = leftover_words(&words, a, lo);
    return conclude_sum(s, a, &v, clause, lo->n);
}

/* --- Innie-outie differences --- */

/*
 * Each cage partly inside an area may be counted whole, its cells outside then being
 * outies, or not, its cells inside then being innies.  With the cages wholly inside
 * counted too, the area's sum less the cages counted is what the innies add up to less
 * the outies.  Counting none of them gives the innies alone, all of them the outies
 * alone (the rule of 45 above); the choices between weigh a few innies against a few
 * outies, "r1c5 is 3 less than r2c9", and keep the candidates that balance.
 */
struct difference {
    bool whole[PUZZLE_MAX_DIGIT * KILLER_MAX_UNITS];    /* per partial cage: counted */
    int in[PUZZLE_MAX_DIGIT * KILLER_MAX_UNITS], nin;
    int out[PUZZLE_MAX_DIGIT * PUZZLE_MAX_DIGIT], nout;
};

/* The empty cells of group g inside the area (inside true) or outside it. */
static int empty_cells_on(const struct hint_position *pos, const struct area *a, int g, bool inside)
{
    const struct puzzle_group *grp = &pos->p->groups[g];
    int n = 0;

    for (int i = 0; i < grp->ncells; i++)
        n += pos->grid[grp->cells[i]] == 0 && (a->in[grp->cells[i]] != 0) == inside;
    return n;
}

/* "row 1 adds up to 45; the cages wholly inside it and those of r2c9 add up to 48 and
 * cover it but for r1c5; so the sum of r1c5 is 3 less than the sum of r2c9" */
static const char *difference_words(const struct hint *h, const struct area *a,
                                    const struct difference *df, int counted)
{
    const char *units = hint_groups(h, a->groups, a->ngroups, HINT_AND);
    const char *ins = hint_cells(h, df->in, df->nin, HINT_AND);
    const char *outs = hint_cells(h, df->out, df->nout, HINT_AND);
    int diff = a->total - counted;

    if (h->quiet)
        return "";
    if (diff > 0)
        /* TRANSLATORS: %1$s is a unit or units, %2$d what they add up to, %3$s cells outside
         * them (outies) whose cages reach in, %4$d the sums of those cages and of the cages
         * wholly inside, %5$s the cells of the units left out of all those cages (innies),
         * %6$d how much more the innies add up to than the outies. */
        return hint_words(h, P_("%1$s adds up to %2$d; the cages wholly inside it and those of %3$s "
                                "add up to %4$d and cover it but for %5$s; so the sum of %5$s is %6$d "
                                "more than the sum of %3$s",
                                "%1$s add up to %2$d; the cages wholly inside them and those of %3$s "
                                "add up to %4$d and cover them but for %5$s; so the sum of %5$s is %6$d "
                                "more than the sum of %3$s", a->ngroups),
                          units, a->total, outs, counted, ins, diff);
    if (diff < 0)
        /* TRANSLATORS: as above; %6$d is how much less the innies add up to. */
        return hint_words(h, P_("%1$s adds up to %2$d; the cages wholly inside it and those of %3$s "
                                "add up to %4$d and cover it but for %5$s; so the sum of %5$s is %6$d "
                                "less than the sum of %3$s",
                                "%1$s add up to %2$d; the cages wholly inside them and those of %3$s "
                                "add up to %4$d and cover them but for %5$s; so the sum of %5$s is %6$d "
                                "less than the sum of %3$s", a->ngroups),
                          units, a->total, outs, counted, ins, -diff);
    /* TRANSLATORS: as above, the innies adding up to as much as the outies. */
    return hint_words(h, P_("%1$s adds up to %2$d; the cages wholly inside it and those of %3$s "
                            "add up to %4$d and cover it but for %5$s; so the sum of %5$s equals "
                            "the sum of %3$s",
                            "%1$s add up to %2$d; the cages wholly inside them and those of %3$s "
                            "add up to %4$d and cover them but for %5$s; so the sum of %5$s equals "
                            "the sum of %3$s", a->ngroups),
                      units, a->total, outs, counted, ins);
}

/* The cells of one choice and what they prove. */
static bool difference_step(struct hint_search *s, struct area *a, struct difference *df)
{
    const struct puzzle *p = s->pos->p;
    int counted = a->inner;
    struct vcage v = { .sum = 0 };
    struct hint words;
    bool go_on;

    df->nin = df->nout = 0;
    a->nshown = 0;
    for (int i = 0; i < a->nloose; i++)
        df->in[df->nin++] = a->innies[i];
    for (int k = 0; k < a->npartial; k++) {
        const struct puzzle_group *grp = &p->groups[a->partial[k]];
        if (df->whole[k]) {
            counted += grp->sum;
            if (a->nshown < HINT_MAX_GROUPS)
                a->shown[a->nshown++] = a->partial[k];
        }
        for (int i = 0; i < grp->ncells; i++) {
            int c = grp->cells[i];
            if (df->whole[k] && !a->in[c])
                df->out[df->nout++] = c;
            else if (!df->whole[k] && a->in[c])
                df->in[df->nin++] = c;
        }
    }
    if (df->nin == 0 || df->nout == 0)
        return true;        /* innies or outies alone: the rule of 45 */
    v.sum = a->total - counted;
    for (int i = 0; i < df->nin; i++)
        if (s->pos->grid[df->in[i]])
            v.sum -= s->pos->grid[df->in[i]];
        else
            v.cells[v.n++] = df->in[i];
    v.npos = v.n;
    for (int i = 0; i < df->nout; i++)
        if (s->pos->grid[df->out[i]])
            v.sum += s->pos->grid[df->out[i]];
        else
            v.cells[v.n++] = df->out[i];
    if (v.n == 0)
        return true;
    hint_begin(s, &words);
    go_on = conclude_sum(s, a, &v, difference_words(&words, a, df, counted), df->nin + df->nout);
    a->nshown = 0;
    return go_on;
}

/* Tries every choice from partial cage k on that weighs a->diff_cells empty cells in
 * all (nempty so far). */
static bool difference_choices(struct hint_search *s, struct area *a, struct difference *df,
                               int k, int nempty)
{
    int inside, outside;

    if (nempty > a->diff_cells)
        return true;
    if (k == a->npartial)
        return nempty < a->diff_cells || difference_step(s, a, df);
    inside = empty_cells_on(s->pos, a, a->partial[k], true);
    outside = empty_cells_on(s->pos, a, a->partial[k], false);
    df->whole[k] = false;
    if (!difference_choices(s, a, df, k + 1, nempty + inside))
        return false;
    if (inside + outside == 0)
        return true;        /* a full cage: either way says the same */
    df->whole[k] = true;
    return difference_choices(s, a, df, k + 1, nempty + outside);
}

static bool area_differences(struct hint_search *s, struct area *a)
{
    struct difference *df = xmalloc(sizeof *df);
    int loose = 0;
    bool go_on;

    for (int i = 0; i < a->nloose; i++)
        loose += s->pos->grid[a->innies[i]] == 0;
    go_on = difference_choices(s, a, df, 0, loose);
    free(df);
    return go_on;
}

/* What the technique being searched finds in one area. */
static bool area_steps(struct hint_search *s, struct area *a)
{
    struct leftover lo;

    area_fill(s->pos->p, a);
    if (s->id == TECH_INNIE_OUTIE_DIFFERENCE)
        return area_differences(s, a);
    lo = (struct leftover){ a->innies, a->ninnie, a->total - a->inner, false };
    if (!leftover_step(s, a, &lo))
        return false;
    if (!a->covered)
        return true;
    lo = (struct leftover){ a->outies, a->nout, a->inner + a->outer - a->total, true };
    return leftover_step(s, a, &lo);
}

/* --- The areas --- */

/* The boxes (or Jigsaw regions) of a puzzle, numbered in group order, and how they lie. */
struct box_map {
    int n;
    int group[PUZZLE_MAX_DIGIT];
    uint32_t adjacent[PUZZLE_MAX_DIGIT];    /* bit j: box j shares an edge with it */
    uint32_t rows[PUZZLE_MAX_DIGIT];        /* bit r: it has a cell in row r */
    uint32_t cols[PUZZLE_MAX_DIGIT];
    uint32_t near_rows[PUZZLE_MAX_DIGIT];   /* rows and columns of the cells beside it */
    uint32_t near_cols[PUZZLE_MAX_DIGIT];
};

static int box_number(const struct box_map *m, int g)
{
    for (int k = 0; k < m->n; k++)
        if (m->group[k] == g)
            return k;
    return -1;
}

static void box_map_fill(const struct puzzle *p, struct box_map *m)
{
    memset(m, 0, sizeof *m);
    for (int g = 0; g < p->ngroups && m->n < PUZZLE_MAX_DIGIT; g++)
        if (puzzle_group_is_box(&p->groups[g]))
            m->group[m->n++] = g;
    for (int c = 0; c < p->ncells; c++) {
        int r = c / p->width, col = c % p->width;
        int b = box_number(m, hint_group_of_kind(p, c, GROUP_BOX));
        /* The four cells beside c: up, down, left, right. */
        const int beside[4][2] = { { r - 1, col }, { r + 1, col }, { r, col - 1 }, { r, col + 1 } };
        if (b < 0)
            continue;
        m->rows[b] |= 1u << r;
        m->cols[b] |= 1u << col;
        for (int k = 0; k < 4; k++) {
            int nr = beside[k][0], nc = beside[k][1], o;
            if (nr < 0 || nr >= p->height || nc < 0 || nc >= p->width)
                continue;
            o = box_number(m, hint_group_of_kind(p, nr * p->width + nc, GROUP_BOX));
            if (o >= 0 && o != b) {
                m->adjacent[b] |= 1u << o;
                m->near_rows[b] |= 1u << nr;
                m->near_cols[b] |= 1u << nc;
            }
        }
    }
}

/* Whether the boxes of set (bits) are joined edge to edge. */
static bool boxes_connected(const struct box_map *m, uint32_t set)
{
    uint32_t reached = set & -set, grown = reached;

    do {
        reached = grown;
        for (int k = 0; k < m->n; k++)
            if (reached & (1u << k))
                grown |= m->adjacent[k] & set;
    } while (grown != reached);
    return reached == set;
}

/* Whether lines (bits) are k consecutive lines. */
static bool consecutive_lines(uint32_t lines, int k)
{
    return lines != 0 && popcount32(lines) == k && ((lines / (lines & -lines)) + 1) == 1u << k;
}

/* Whether the boxes of set fill exactly k consecutive rows or columns: an area of lines
 * already. */
static bool boxes_are_lines(const struct box_map *m, uint32_t set)
{
    uint32_t rows = 0, cols = 0;
    int k = popcount32(set);

    for (int b = 0; b < m->n; b++)
        if (set & (1u << b)) {
            rows |= m->rows[b];
            cols |= m->cols[b];
        }
    return consecutive_lines(rows, k) || consecutive_lines(cols, k);
}

/* Runs the technique over the area of the boxes of set. */
static bool boxes_area(struct hint_search *s, struct area *a, const struct box_map *m, uint32_t set)
{
    a->ngroups = 0;
    for (int b = 0; b < m->n && a->ngroups < KILLER_MAX_UNITS; b++)
        if (set & (1u << b))
            a->groups[a->ngroups++] = m->group[b];
    return area_steps(s, a);
}

/* The k regions a run of k lines overlaps most (region_area_fill's choice), as a set. */
static uint32_t regions_over_lines(const struct puzzle *p, const struct box_map *m, bool rows,
                                   int first, int k)
{
    int overlap[PUZZLE_MAX_DIGIT] = { 0 };
    uint32_t set = 0;

    for (int c = 0; c < p->ncells; c++) {
        int line = rows ? c / p->width : c % p->width;
        if (line >= first && line < first + k)
            overlap[box_number(m, hint_group_of_kind(p, c, GROUP_BOX))]++;
    }
    for (int i = 0; i < k; i++) {
        int best = -1;
        for (int b = 0; b < m->n; b++)
            if (!(set & (1u << b)) && (best < 0 || overlap[b] > overlap[best]))
                best = b;
        set |= 1u << best;
    }
    return set;
}

/* Several boxes or regions: two or three joined edge to edge (not a band of whole
 * lines), on a Jigsaw also the regions that nearly fill a run of up to four lines, and a
 * box or region with a row or column beside it. */
static bool areas_of_boxes(struct hint_search *s, struct area *a, const struct box_map *m)
{
    const struct puzzle *p = s->pos->p;
    uint32_t seen[2 * PUZZLE_MAX_DIGIT * KILLER_MAX_UNITS];
    int nseen = 0;

    for (int x = 0; x < m->n; x++)
        for (int y = x + 1; y < m->n; y++) {
            uint32_t pair = 1u << x | 1u << y;
            if ((m->adjacent[x] & (1u << y)) && !boxes_are_lines(m, pair) && !boxes_area(s, a, m, pair))
                return false;
            for (int z = y + 1; z < m->n && !s->stopped; z++) {
                uint32_t three = pair | 1u << z;
                if (boxes_connected(m, three) && !boxes_are_lines(m, three)
                    && !boxes_area(s, a, m, three))
                    return false;
            }
        }
    for (int rows = 1; (p->variant & VARIANT_JIGSAW) && rows >= 0; rows--)
        for (int k = 2; k <= KILLER_MAX_UNITS && k < m->n; k++)
            for (int first = 0; first + k <= p->max_digit && !s->stopped; first++) {
                uint32_t set = regions_over_lines(p, m, rows, first, k);
                int i;
                if ((k <= 3 && boxes_connected(m, set)) || boxes_are_lines(m, set))
                    continue;       /* listed above, or lines */
                for (i = 0; i < nseen && seen[i] != set; i++)
                    ;
                if (i < nseen)
                    continue;
                seen[nseen++] = set;
                if (!boxes_area(s, a, m, set))
                    return false;
            }
    for (int b = 0; b < m->n && !s->stopped; b++)
        for (int line = 0; line < p->max_digit; line++)
            for (int rows = 1; rows >= 0; rows--) {
                uint32_t beside = rows ? m->near_rows[b] & ~m->rows[b] : m->near_cols[b] & ~m->cols[b];
                if (!(beside & (1u << line)))
                    continue;
                a->groups[0] = m->group[b];
                a->groups[1] = hint_group_of_kind(p, rows ? line * p->width : line,
                                                  rows ? GROUP_ROW : GROUP_COLUMN);
                a->ngroups = 2;
                if (!area_steps(s, a))
                    return false;
            }
    return true;
}

/* Each row, column, box or region, then runs of 2..KILLER_MAX_LINES consecutive rows
 * and columns. */
static bool areas_of_lines(struct hint_search *s, struct area *a)
{
    const struct puzzle *p = s->pos->p;

    for (int g = 0; g < p->ngroups && !s->stopped; g++) {
        enum group_kind kind = p->groups[g].kind;
        if (kind != GROUP_ROW && kind != GROUP_COLUMN && !puzzle_group_is_box(&p->groups[g]))
            continue;
        a->groups[0] = g;
        a->ngroups = 1;
        if (!area_steps(s, a))
            return false;
    }
    for (int rows = 0; rows < 2; rows++) {
        int n = p->max_digit;
        for (int len = 2; len <= KILLER_MAX_LINES && len < n; len++) {
            for (int first = 0; first + len <= n && !s->stopped; first++) {
                for (int k = 0; k < len; k++) {
                    int line = first + k;
                    int cell = rows ? line * p->width : line;
                    a->groups[k] = hint_group_of_kind(p, cell, rows ? GROUP_ROW : GROUP_COLUMN);
                }
                a->ngroups = len;
                if (!area_steps(s, a))
                    return false;
            }
        }
    }
    return true;
}

/* Runs the technique being searched over every area of the kinds asked (area_kind bits);
 * a difference over every area weighing one empty cell, then two, and so on: the
 * simplest first. */
static void find_leftovers(struct hint_search *s, unsigned kinds)
{
    const struct puzzle *p = s->pos->p;
    struct reported reported = { NULL, 0, 0 };
    struct box_map boxes;
    struct area *a;
    int *cage_of, most = s->id == TECH_INNIE_OUTIE_DIFFERENCE ? KILLER_MAX_DIFF_CELLS : 1;

    if (!has_cages(s->pos))
        return;
    a = xmalloc(sizeof *a);
    a->in = xmalloc((size_t)p->ncells);
    cage_of = xmalloc((size_t)p->ncells * sizeof *cage_of);
    cage_groups(p, cage_of);
    a->cage_of = cage_of;
    a->reported = &reported;
    if (kinds & AREA_BOXES)
        box_map_fill(p, &boxes);
    for (a->diff_cells = 1; a->diff_cells <= most && !s->stopped; a->diff_cells++)
        if (!(kinds & AREA_LINES) || areas_of_lines(s, a))
            if (kinds & AREA_BOXES)
                areas_of_boxes(s, a, &boxes);
    free(reported.sig);
    free(cage_of);
    free(a->in);
    free(a);
}

void hint_find_innies_outies(struct hint_search *s)
{
    find_leftovers(s, AREA_LINES);
}

void hint_find_innies_outies_boxes(struct hint_search *s)
{
    find_leftovers(s, AREA_BOXES);
}

void hint_find_cage_splitting(struct hint_search *s)
{
    find_leftovers(s, AREA_LINES | AREA_BOXES);
}

void hint_find_innie_outie_difference(struct hint_search *s)
{
    find_leftovers(s, AREA_LINES | AREA_BOXES);
}

void hint_find_hidden_cage(struct hint_search *s)
{
    find_leftovers(s, AREA_LINES | AREA_BOXES);
}

/* --- Jigsaw: the rule of 45 over regions --- */

/* k consecutive lines hold each digit k times, and so do any k regions: the cells of the
 * lines outside the k regions that overlap them most (innies) hold the same digits as
 * the cells of those regions outside the lines (outies).  A digit neither side can hold
 * any more (a candidate or a placed digit) is not on the other side. */
static digitset cells_may_hold(const struct hint_position *pos, const int *cells, int n)
{
    digitset may = 0;

    for (int i = 0; i < n; i++)
        may |= pos->grid[cells[i]] ? 1u << pos->grid[cells[i]] : pos->cands[cells[i]];
    return may;
}

struct region_area {
    int lines[KILLER_MAX_LINES], nlines;
    int regions[KILLER_MAX_LINES], nregions;
    int in_lines[PUZZLE_MAX_DIGIT * KILLER_MAX_LINES], nin;     /* lines less regions */
    int in_regions[PUZZLE_MAX_DIGIT * KILLER_MAX_LINES], nout;  /* regions less lines */
};

/* Picks the regions overlapping the marked lines most and splits off the two sides;
 * false when they are too far apart to say anything (more than half a unit each). */
static bool region_area_fill(const struct puzzle *p, const uint8_t *in, struct region_area *ra)
{
    int overlap[PUZZLE_MAX_DIGIT] = { 0 }, region_group[PUZZLE_MAX_DIGIT];
    bool chosen[PUZZLE_MAX_DIGIT] = { false };

    for (int g = 0; g < p->ngroups; g++)
        if (p->groups[g].kind == GROUP_REGION)
            region_group[p->region[p->groups[g].cells[0]]] = g;
    for (int c = 0; c < p->ncells; c++)
        overlap[p->region[c]] += in[c];
    ra->nregions = ra->nin = ra->nout = 0;
    for (int k = 0; k < ra->nlines; k++) {
        int best = -1;
        for (int r = 0; r < p->max_digit; r++)
            if (!chosen[r] && (best < 0 || overlap[r] > overlap[best]))
                best = r;
        chosen[best] = true;
        ra->regions[ra->nregions++] = region_group[best];
    }
    for (int c = 0; c < p->ncells; c++) {
        if (in[c] && !chosen[p->region[c]])
            ra->in_lines[ra->nin++] = c;
        else if (!in[c] && chosen[p->region[c]])
            ra->in_regions[ra->nout++] = c;
        if (ra->nin > p->max_digit / 2 || ra->nout > p->max_digit / 2)
            return false;
    }
    return ra->nin > 0;
}

static void elim_unheld(const struct hint_search *s, struct hint *h, const int *cells, int n,
                        digitset may)
{
    for (int i = 0; i < n; i++)
        for (int d = 1; d <= s->pos->p->max_digit; d++)
            if (!(may & (1u << d)))
                hint_add_elim(s, h, cells[i], d);
}

static bool region_area_step(struct hint_search *s, struct region_area *ra)
{
    digitset in_may = cells_may_hold(s->pos, ra->in_lines, ra->nin);
    digitset out_may = cells_may_hold(s->pos, ra->in_regions, ra->nout);
    struct hint h;

    hint_begin(s, &h);
    for (int k = 0; k < ra->nlines; k++)
        hint_add_group(&h, ra->lines[k]);
    for (int k = 0; k < ra->nregions; k++)
        hint_add_group(&h, ra->regions[k]);
    for (int i = 0; i < ra->nin; i++)
        hint_add_cell(&h, ra->in_lines[i]);
    for (int i = 0; i < ra->nout; i++)
        hint_add_cell(&h, ra->in_regions[i]);
    elim_unheld(s, &h, ra->in_lines, ra->nin, out_may);
    elim_unheld(s, &h, ra->in_regions, ra->nout, in_may);
    if (h.nelim == 0)
        return true;
    /* TRANSLATORS: %1$s are rows or columns, %2$s as many regions; %3$s the cells of the
     * lines outside the regions, %4$s those of the regions outside the lines. */
    hint_say(&h, P_("%1$s holds each digit as often as %2$s, so the cells of the line outside "
                    "the region, %3$s, hold the same digits as the cells of the region outside "
                    "the line, %4$s",
                    "%1$s hold each digit as often as %2$s together, so the cells of the lines "
                    "outside the regions, %3$s, hold the same digits as the cells of the regions "
                    "outside the lines, %4$s", ra->nlines),
             hint_groups(&h, ra->lines, ra->nlines, HINT_AND),
             hint_groups(&h, ra->regions, ra->nregions, HINT_AND),
             hint_cells(&h, ra->in_lines, ra->nin, HINT_AND),
             hint_cells(&h, ra->in_regions, ra->nout, HINT_AND));
    hint_say_eliminations(&h);
    return hint_emit(s, &h);
}

void hint_find_region_innies(struct hint_search *s)
{
    const struct puzzle *p = s->pos->p;
    struct region_area ra;
    uint8_t *in;

    if (!(p->variant & VARIANT_JIGSAW))
        return;
    in = xmalloc((size_t)p->ncells);
    for (int rows = 1; rows >= 0; rows--)
        for (int len = 1; len <= KILLER_MAX_LINES && len < p->max_digit; len++)
            for (int first = 0; first + len <= p->max_digit && !s->stopped; first++) {
                memset(in, 0, (size_t)p->ncells);
                ra.nlines = len;
                for (int k = 0; k < len; k++) {
                    int cell = rows ? (first + k) * p->width : first + k;
                    const struct puzzle_group *grp;
                    ra.lines[k] = hint_group_of_kind(p, cell, rows ? GROUP_ROW : GROUP_COLUMN);
                    grp = &p->groups[ra.lines[k]];
                    for (int i = 0; i < grp->ncells; i++)
                        in[grp->cells[i]] = 1;
                }
                if (region_area_fill(p, in, &ra) && !region_area_step(s, &ra))
                    goto done;
            }
done:
    free(in);
}
