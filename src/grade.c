/* grade.c: rating a puzzle by solving it with the techniques, easiest step first. */
#include "config.h"
#include "hint.h"
#include "i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rating.h"
#include "util.h"

void grade_count_step(struct grade *g, const struct hint *h, int tenths, bool *placed)
{
    const struct technique_info *info = hint_technique(h->id);
    enum hint_level level = rating_step_level(h, tenths);

    if (g->steps == 0)
        g->rating_ed = tenths;
    if (tenths > g->rating) {
        g->rating = tenths;
        g->rated_hardest = h->id;
    }
    if (!*placed && tenths > g->rating_ep)
        g->rating_ep = tenths;
    *placed = *placed || h->nplace > 0;

    g->counts[h->id]++;
    g->steps++;
    g->score += info->weight;
    /* The hardest technique: of the highest level, the one whose step rated highest. */
    if (g->hardest == TECH_MISTAKE || level > g->hardest_level
        || (level == g->hardest_level && tenths > g->hardest_rating)) {
        g->hardest = h->id;
        g->hardest_rating = tenths;
        g->hardest_level = level;
    }
}

/* The candidates left in the position: what a step's techniques look over, so a step's
 * cost grows with it. */
static uint64_t candidates_left(const struct puzzle *p, const uint8_t *grid, const digitset *cands)
{
    uint64_t n = 0;

    for (int cell = 0; cell < p->ncells; cell++)
        if (!p->block[cell] && grid[cell] == 0)
            n += (uint64_t)popcount32(cands[cell]);
    return n;
}

/* Whether the walk, having done done work so far, may make one more step. */
static bool walk_may_go_on(uint64_t work, uint64_t done, const struct solve_budget *budget)
{
    if (work != 0 && done >= work)
        return false;
    return budget == NULL || budget->deadline_ns == 0 || solve_budget_now(budget) < budget->deadline_ns;
}

/* The lowest-rated step found so far, for cheapest_step. */
struct cheapest {
    const struct hint_position *pos;
    struct hint *best;
    int tenths;
};

/* Each step rated as the walk rates it, in its position: a wing's number depends on its
 * cells' candidates there, and rating it without them dropped that bonus. */
static bool keep_cheapest(const struct hint *h, void *user)
{
    struct cheapest *c = user;
    int tenths = rating_of_step(h, c->pos);

    if (tenths < c->tenths) {
        memcpy(c->best, h, sizeof *h);
        c->tenths = tenths;
    }
    return true;
}

/* How the Nishio chain n ends, in words of h (its cells join the hint). */
static const char *nishio_ending(struct hint *h, const struct rating_nishio *n)
{
    char d = hint_digit_symbol(n->digit);

    if (!n->twice)
        /* The forcing chains' words: every place of d in the unit was ruled out. */
        return h->quiet ? "" : hint_words(h, _("%1$c would have no place left in %2$s"), d,
                                          hint_group(h, n->end_group));
    hint_add_cell(h, n->end_cell);
    /* TRANSLATORS: how a chain ends: %1$s and %2$s, two cells that see each other, %3$c a digit. */
    return h->quiet ? "" : hint_words(h, _("%1$s and %2$s would both be %3$c"), hint_cell(h, n->conflict),
                                      hint_cell(h, n->end_cell), d);
}

/* The Nishio chain n as the walk's step, into h: a supposition refuted by what it forces,
 * which kakudo calls a contradiction chain; its text lists the digits the supposition
 * places, in the forcing chains' words, up to the contradiction they run into. */
static void nishio_step(const struct hint_position *pos, const struct rating_nishio *n, struct hint *h)
{
    struct hint_buf steps = HINT_BUF_INIT;
    char d = hint_digit_symbol(n->digit);

    memset(h, 0, sizeof *h);
    h->id = TECH_CONTRADICTION_CHAIN;
    h->puzzle = pos->p;
    h->quiet = pos->quiet;
    h->name = hint_technique_name(h->id, pos->p->variant);
    hint_add_cell(h, n->cell);
    hint_add_cell(h, n->conflict);
    h->digits = 1u << n->digit;
    h->length = n->size - 2;
    if (n->on)
        h->elim[h->nelim++] = (struct hint_move){ n->cell, n->digit };
    else
        h->place[h->nplace++] = (struct hint_move){ n->cell, n->digit };
    for (int i = 0; i < n->nsteps; i++) {
        hint_add_cell(h, n->steps[i].cell);
        if (i > 0 && !h->quiet)
            hint_buf_add(&steps, "%s", _(", "));
        hint_buf_add_fact(h, &steps, HINT_FACT_HIDDEN, n->steps[i].cell, n->digit, n->steps[i].group);
    }
    const char *ending = nishio_ending(h, n);
    if (h->quiet)
        return;
    h->name = _(h->name);
    snprintf(h->text, sizeof h->text, "%s: ", h->name);
    const char *cell = hint_cell(h, n->cell);
    if (n->nsteps > 0)
        hint_say(h, n->on ? _("If %1$s were %2$c, then %3$s, and %4$s; so %1$s is not %2$c.")
                          : _("If %1$s were not %2$c, then %3$s, and %4$s; so %1$s is %2$c."),
                 cell, d, steps.s, ending);
    else
        hint_say(h, n->on ? _("If %1$s were %2$c, %3$s; so %1$s is not %2$c.")
                          : _("If %1$s were not %2$c, %3$s; so %1$s is %2$c."),
                 cell, d, ending);
}

/* A step SE makes with one of its cell, region, dynamic or nested forcing chains
 * (rating_after_nishio) is one SE reaches only when its Nishio chains (7.5 and their
 * length, rating_nishio.c), tried before them, find nothing: where one applies and rates
 * lower, SE's step is the Nishio, and so is the walk's (h).  Returns the step's rating. */
static int nishio_in_place(const struct hint_position *pos, struct hint *h, int tenths)
{
    struct rating_nishio n;

    if (!rating_after_nishio(h->id) || !rating_nishio(pos, &n) || n.tenths >= tenths)
        return tenths;
    nishio_step(pos, &n, h);
    return n.tenths;
}

static int cheapest_step(const struct hint_position *pos, const enum technique *order, int n,
                         struct hint *h, int hardest);

/* Whether SE finds steps of technique t as t: a pattern or chain of its own, not one it
 * proves with a forcing chain (rating_after_nishio) or lacks (rating_se_replaces). */
static bool se_finds(enum technique t)
{
    return rating_walk_tier(t) == 0 && !rating_after_nishio(t) && !rating_se_replaces(t);
}

/* Where the walk takes h, a pattern SE has not (rating_se_replaces: a finned fish, say),
 * SE takes the lowest of what it has there: a pattern or chain the walk tries after h's
 * technique (an AIC), else its Nishio chain.  The step keeps h, its text and its level,
 * and rates at least tenths, its own number: where SE has nothing of these, SE's forcing
 * chains (8.0 and up) would rate far above the pattern.  Of the held-out puzzles SE rates
 * 7.1-7.8 whose hardest step was a finned fish at 6.6-6.7, SE's number is what an AIC or
 * a Nishio there gives. */
static int se_step_in_place(const struct hint_position *pos, const enum technique *order, int n,
                            const struct hint *h, int tenths)
{
    enum technique after[TECH_COUNT];
    int nafter = 0, from = 0, se = 0;
    struct hint other;
    struct rating_nishio nishio;

    if (!rating_puzzle_is_se(pos->p))
        return tenths;
    while (from < n && order[from] != h->id)
        from++;
    for (int i = from + 1; i < n; i++)
        if (se_finds(order[i]))
            after[nafter++] = order[i];
    if (hint_next_in_order(pos, after, nafter, &other))
        se = cheapest_step(pos, after, nafter, &other, -1);
    if (rating_nishio(pos, &nishio) && (se == 0 || nishio.tenths < se))
        se = nishio.tenths;
    return se > tenths ? se : tenths;
}

/* SE takes the lowest-rated of all the steps it finds, and a chain rates by its length,
 * a wing by its shape: when the step found (h, the first of its technique) is of a
 * technique whose steps rate differently and rates above the hardest step so far (below
 * it, a cheaper step would not change the puzzle's rating, and the search costs), every
 * instance of the techniques from its own on, in its walk tier, that could rate lower is
 * looked at (of a technique whose steps all rate its base, the first: a BUG+1 at 5.6
 * where the first wing found rates 7.2 as a chain), and the lowest replaces h.  A
 * supposition is no substitute for a pattern (rating_walk_tier): an ALS-XZ stays the
 * step where a contradiction chain would rate a tenth lower; but a Nishio chain, which SE
 * tries before its forcing chains, is (nishio_in_place).  Returns the rating of the step
 * kept. */
static int cheapest_step(const struct hint_position *pos, const enum technique *order, int n,
                         struct hint *h, int hardest)
{
    struct cheapest c = { pos, h, rating_of_step(h, pos) };
    /* A supposition's lowest instance is looked for among its own technique's only: the
     * dynamic and nested chains after it would each cost a sweep of their own searches
     * (top1465's rating 2.4 times as long in all), for a rating none of the SE-rated
     * sets moves by. */
    bool any = !rating_first_is_lowest(h->id)
               && rating_walk_tier(h->id) < rating_walk_tier(TECH_CONTRADICTION_CHAIN);
    int from = 0;

    /* Before the walk's hardest step is compared: SE's step in its place may rate above it. */
    if (rating_se_replaces(h->id))
        return se_step_in_place(pos, order, n, h, c.tenths);
    if (c.tenths <= hardest)
        return c.tenths;
    while (from < n && order[from] != h->id)
        from++;
    for (int i = from; i < n && rating_walk_tier(order[i]) == rating_walk_tier(h->id); i++) {
        struct hint first;
        int floor = rating_floor(order[i]);

        /* A tier is in the order of the base numbers, but a technique with direct steps
         * (rating_floor) may have one below a step found before it: SE takes a direct
         * pointing (1.7) before a naked single (2.3).  Where h's own technique's first
         * step is its lowest, only such direct steps can beat it. */
        if (floor >= c.tenths || (!any && floor == rating_base(order[i])
                                  && (order[i] != h->id || rating_first_is_lowest(h->id))))
            continue;
        /* A technique whose every step rates its base: its first step will do. */
        if (!rating_first_is_lowest(order[i]))
            hint_find_all(pos, order[i], keep_cheapest, &c);
        else if (hint_find(pos, order[i], &first))
            keep_cheapest(&first, &c);
    }
    return nishio_in_place(pos, h, c.tenths);
}

/* Makes the step in the walk's position.  A direct step (rating_direct_single) places
 * only the hidden single it leads to, as SE does: its other removals wait for a step that
 * makes them, which is what SE rates the puzzles by. */
static void apply_step(const struct puzzle *p, const struct hint *h, const struct hint_position *pos,
                       uint8_t *grid, digitset *cands)
{
    struct hint_move at;
    struct hint single;

    if (rating_direct_single(h, pos, &at)) {
        memcpy(&single, h, sizeof single);
        single.place[0] = at;
        single.nplace = 1;
        single.nelim = 0;
        h = &single;
    }
    hint_apply(p, h, grid, cands);
}

/* grade_puzzle_walk, its steps' text built unless quiet. */
static int grade_walk(const struct puzzle *p, struct grade *g, uint64_t work,
                      const struct solve_budget *budget, grade_step_fn step, void *user, bool quiet)
{
    struct hint_start s;
    int count;
    struct hint h;
    uint64_t done = 0;
    enum technique order[TECH_COUNT];
    int norder = rating_order(order);
    bool placed = false, cheap = false;

    memset(g, 0, sizeof *g);
    g->hardest = g->rated_hardest = TECH_MISTAKE;
    count = hint_start_open_within(&s, p, budget);
    s.pos.quiet = quiet;
    g->unique = s.pos.unique;
    g->variant = p->variant;
    g->gave_up = count < 0;    /* no solution found within the budget */
    if (count > 0) {
        /* The clock is not read after a Beginner step (a single): such steps cost about
         * what reading a thread's CPU clock does (a system call), and the step after it
         * is still checked once it is done. */
        while (!(g->gave_up = !walk_may_go_on(work, done, cheap ? NULL : budget))) {
            uint64_t cands = candidates_left(p, s.grid, s.cands);

            int tenths;

            if (!hint_next_in_order(&s.pos, order, norder, &h))
                break;
            done += cands;     /* what the step's techniques looked over */
            tenths = cheapest_step(&s.pos, order, norder, &h, g->rating);
            grade_count_step(g, &h, tenths, &placed);
            cheap = hint_technique(h.id)->level == LEVEL_BEGINNER;
            if (step != NULL && !step(&h, tenths, &s.pos, user))
                break;
            apply_step(p, &h, &s.pos, s.grid, s.cands);
        }
        /* A walk cut short still rates what it met: the level is a lower bound. */
        g->level = g->hardest == TECH_MISTAKE ? hint_technique(g->hardest)->level : g->hardest_level;
    }
    hint_start_close(&s);
    return count > 0 ? 1 : count;
}

int grade_puzzle_walk(const struct puzzle *p, struct grade *g, uint64_t work,
                      const struct solve_budget *budget, grade_step_fn step, void *user)
{
    return grade_walk(p, g, work, budget, step, user, step == NULL);
}

int grade_puzzle_walk_quiet(const struct puzzle *p, struct grade *g, uint64_t work,
                            const struct solve_budget *budget, grade_step_fn step, void *user)
{
    return grade_walk(p, g, work, budget, step, user, true);
}

int grade_puzzle_within(const struct puzzle *p, struct grade *g, uint64_t work,
                        const struct solve_budget *budget)
{
    return grade_puzzle_walk(p, g, work, budget, NULL, NULL);
}

bool grade_puzzle(const struct puzzle *p, struct grade *g)
{
    return grade_puzzle_within(p, g, GRADE_DEFAULT_WORK, NULL) != 0;
}

void grade_describe(const struct grade *g, char *buf, size_t size)
{
    size_t len;

    char number[16];

    /* TRANSLATORS: the rate command's line: %1$s is a level ("Medium"), %2$s the rating
     * on Sudoku Explainer's scale ("2.3"), %3$s the hardest technique, %4$ld a score; the
     * uses of each technique follow ("Naked single 5, Hidden pair 1"). */
    snprintf(buf, size, _("%1$s, rating %2$s, hardest %3$s, score %4$ld:"), _(hint_level_name(g->level)),
             rating_format(g->rating, number, sizeof number),
             g->hardest == TECH_MISTAKE ? _("none") : _(hint_technique_name(g->hardest, g->variant)), g->score);
    for (int t = 0; t < TECH_COUNT; t++) {
        if (g->counts[t] == 0)
            continue;
        len = strlen(buf);
        if (len + 1 >= size)
            break;
        /* TRANSLATORS: a technique and how often the solution path used it. */
        snprintf(buf + len, size - len, _(" %1$s %2$d,"), _(hint_technique_name((enum technique)t, g->variant)),
                 g->counts[t]);
    }
    /* The last use's comma, or the colon where no step was taken (a solved grid). */
    len = strlen(buf);
    if (len > 0 && (buf[len - 1] == ',' || buf[len - 1] == ':'))
        buf[len - 1] = '\0';
}
