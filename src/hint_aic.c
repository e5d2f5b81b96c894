/* hint_aic.c: alternating inference chains and continuous nice loops: chains of candidates
 * (and, grouped, of box-line groups) whose links alternate between strong (one of the two
 * is true) and weak (not both). */
#include "config.h"
#include "hint.h"

#include <stdlib.h>

#include "hint_kakuro_links.h"
#include "hint_links.h"
#include "i18n.h"
#include "util.h"

/*
 * X-chains keep to one digit and XY-chains to two-digit cells; here a chain may mix both
 * kinds of link.  A chain starts at a candidate A supposed false and follows a strong
 * link (so the next is true), then a weak one (so the next is false), and so on; each
 * true candidate E it reaches gives "A or E is true".  A candidate that cannot be true
 * with A nor with E is false; E = A means A is true.  When E and A cannot both be true
 * either, the chain closes into a loop in which every link has exactly one true end.
 *
 * The search is breadth first from every start, so the chains found are the shortest;
 * states are node * 2 + (1 if true).  A loop is looked for from its smallest node only.
 * Chains are kept to AIC_MAX_NODES candidates, and the links followed in one search to
 * AIC_EFFORT (reached only on grids larger than 9x9).
 *
 * The grouped chains and loops search the same way over a graph with group nodes too
 * (hint_links.h): "the digit is in one of these cells of a box and a line".  One is
 * reported only with a group among its nodes and two digits or more (a chain of one digit
 * is a grouped X-chain), and only for what no chain without groups proves: the
 * conclusions of the ungrouped chains and loops are found first (all of them, once per
 * search), and a grouped chain keeps only the others.
 */
#define AIC_MAX_NODES 20
#define AIC_EFFORT 60000L           /* 9x9 takes 15000 at most */
#define MAX_WEAK LINKS_MAX_WEAK_ANY

enum { PLAIN_ELIM = 1, PLAIN_PLACE = 2 };  /* hint_chains.plain, per candidate */

struct aic_search {
    struct hint_search *s;
    const struct cand_links *l;
    bool loops;                 /* TECH_NICE_LOOP: report closed loops only */
    bool grouped;               /* group nodes too; report chains with one only */
    uint8_t *collect;           /* not NULL: note the conclusions here (PLAIN_*), report none */
    int nall;                   /* nodes: candidates, then group nodes when grouped */
    int *strong_start, *strong;     /* node's strong links: strong[strong_start[node] ..
                                     * strong_start[node + 1]) (few nodes have many) */
    int *weak_start, *weak_count;   /* per node, its weakly linked in weak[], or -1 */
    int *weak;
    size_t weak_used, weak_cap;
    int *parent, *depth, *stamp;    /* per state */
    int *queue;
    int *victim;                /* per node: gen when it cannot be true with the start */
    int gen;
    long effort;
};

/* The weak links of a candidate, listed on first use and kept for the searches from the
 * other starts: *n of them. */
static const int *aic_weak(struct aic_search *a, int node, int *n)
{
    if (a->weak_start[node] < 0) {
        a->weak = xgrow(a->weak, &a->weak_cap, a->weak_used + MAX_WEAK, sizeof *a->weak);
        a->weak_start[node] = (int)a->weak_used;
        a->weak_count[node] = a->grouped ? links_weak_all_any(a->l, node, a->weak + a->weak_used)
                                         : links_weak_all(a->l, node, a->weak + a->weak_used);
        a->weak_used += (size_t)a->weak_count[node];
    }
    *n = a->weak_count[node];
    return a->weak + a->weak_start[node];
}

static void aic_init(struct aic_search *a, struct hint_search *s, bool loops, bool grouped)
{
    struct cand_links *l = links_get(s);
    size_t n, strong_cap = 0;

    a->s = s;
    a->l = l;
    a->loops = loops;
    a->grouped = grouped;
    a->collect = NULL;
    a->nall = l->nnodes + (grouped ? links_groups(l) : 0);
    n = (size_t)a->nall;
    a->strong_start = xmalloc((n + 1) * sizeof *a->strong_start);
    a->strong = NULL;
    a->strong_start[0] = 0;
    for (int node = 0; node < a->nall; node++) {
        size_t at = (size_t)a->strong_start[node];
        a->strong = xgrow(a->strong, &strong_cap, at + LINKS_MAX_STRONG, sizeof *a->strong);
        a->strong_start[node + 1] = (int)at + (grouped ? links_strong_any(l, node, a->strong + at)
                                                        : links_strong(l, node, a->strong + at));
    }
    a->weak_start = xmalloc(n * sizeof *a->weak_start);
    a->weak_count = xmalloc(n * sizeof *a->weak_count);
    for (size_t i = 0; i < n; i++)
        a->weak_start[i] = -1;
    a->weak = NULL;
    a->weak_used = a->weak_cap = 0;
    a->parent = xmalloc(2 * n * sizeof *a->parent);
    a->depth = xmalloc(2 * n * sizeof *a->depth);
    a->stamp = xcalloc(2 * n, sizeof *a->stamp);
    a->queue = xmalloc(2 * n * sizeof *a->queue);
    a->victim = xcalloc(n, sizeof *a->victim);
    a->gen = 0;
    a->effort = 0;
}

static void aic_free(struct aic_search *a)
{
    free(a->strong_start);
    free(a->strong);
    free(a->weak_start);
    free(a->weak_count);
    free(a->weak);
    free(a->parent);
    free(a->depth);
    free(a->stamp);
    free(a->queue);
    free(a->victim);
}

/* The nodes from the start to state, in order; their count. */
static int aic_path(const struct aic_search *a, int state, int *nodes)
{
    int n = 0;

    for (int st = state; st >= 0 && n < AIC_MAX_NODES; st = a->parent[st])
        nodes[n++] = st / 2;
    for (int i = 0; i < n / 2; i++) {
        int t = nodes[i];
        nodes[i] = nodes[n - 1 - i];
        nodes[n - 1 - i] = t;
    }
    return n;
}

/* Two nodes of the same digit on one cell: the same candidate, or a group and one of its
 * cells or another group crossing it. */
static bool nodes_overlap(const struct cand_links *l, int x, int y)
{
    const int *cx, *cy;
    int nx, ny;

    if (x == y)
        return true;
    if (links_digit_any(l, x) != links_digit_any(l, y))
        return false;
    nx = links_cells_any(l, x, &cx);
    ny = links_cells_any(l, y, &cy);
    for (int i = 0; i < nx; i++)
        for (int j = 0; j < ny; j++)
            if (cx[i] == cy[j])
                return true;
    return false;
}

static bool nodes_repeat(const struct cand_links *l, const int *nodes, int n)
{
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (nodes_overlap(l, nodes[i], nodes[j]))
                return true;
    return false;
}

/* Removes every candidate that cannot be true with x nor with y (one of them is). */
static void elim_ruled_out_by_both(const struct aic_search *a, struct hint *h, int x, int y)
{
    int weak[MAX_WEAK], n = a->grouped ? links_weak_all_any(a->l, x, weak) : links_weak_all(a->l, x, weak);

    for (int i = 0; i < n; i++)
        if (!links_is_group(a->l, weak[i]) && weak[i] != y && links_weak_any(a->l, weak[i], y))
            hint_add_elim(a->s, h, links_cell(a->l, weak[i]), links_digit(a->l, weak[i]));
}

/* "r1c2 is 5", "r4c78 holds 5" (one of its cells is 5), and their negations. */
static const char *node_words(const struct hint *h, const struct cand_links *l, int node, bool is)
{
    const char *cells = links_cells_words(h, l, node);
    char d = hint_digit_symbol(links_digit_any(l, node));

    if (links_is_group(l, node))
        /* TRANSLATORS: %1$s is a group of cells of a box and a line ("r4c78"): one of them is
           digit %2$c, or none is. */
        return hint_words(h, is ? _("%1$s holds %2$c") : _("%1$s holds no %2$c"), cells, d);
    return hint_words(h, is ? _("%1$s is %2$c") : _("%1$s is not %2$c"), cells, d);
}

/* Why a strong link makes node true once prev is false: "r9c6 is 6 (the only other place
 * for 6 in column 6)". */
static const char *strong_step_words(const struct hint *h, const struct cand_links *l, int prev, int node)
{
    const char *is = node_words(h, l, node, true);
    int g = links_strong_reason_any(l, prev, node);
    bool group = links_is_group(l, node);
    char d = hint_digit_symbol(links_digit_any(l, node));

    if (g < 0)
        /* TRANSLATORS: a step of a chain: %s is "r1c4 is 6"; the cell had two digits. */
        return hint_words(h, _("%s (its only other digit)"), is);
    if (puzzle_group_has_sum(&l->p->groups[g]))     /* a Kakuro run may not need it */
        /* TRANSLATORS: a step of a chain: %1$s is "r1c4 is 6", %2$c the digit, %3$s a
           Kakuro run. */
        return hint_words(h, group ? _("%1$s (the only other places for %2$c in %3$s, whose sum needs it)")
                                   : _("%1$s (the only other place for %2$c in %3$s, whose sum needs it)"),
                          is, d, hint_group(h, g));
    /* TRANSLATORS: a step of a chain: %1$s is "r9c6 is 6" (or "r4c78 holds 6"), %2$c the
       digit, %3$s the unit. */
    return hint_words(h, group ? _("%1$s (the only other places for %2$c in %3$s)")
                               : _("%1$s (the only other place for %2$c in %3$s)"),
                      is, d, hint_group(h, g));
}

/* Why a weak link makes node false once prev is true: "r1c6 is not 6", and on Kakuro,
 * where two digits can be weakly linked through a run's sum, the run named. */
static const char *weak_step_words(const struct hint *h, const struct cand_links *l, int prev, int node)
{
    const char *is_not = node_words(h, l, node, false);
    int g = links_is_group(l, prev) || links_is_group(l, node) ? -1 : links_weak_reason(l, prev, node);

    if (g < 0)
        return is_not;
    /* TRANSLATORS: a step of a chain: %1$s is "r3c4 is not 2", %2$s the Kakuro run. */
    return hint_words(h, _("%1$s (no combination of %2$s has both)"), is_not, hint_group(h, g));
}

/* "If r1c2 is not 5, r1c2 is 7 (its only other digit), so r3c1 is not 7, ..." */
static const char *walk_words(const struct hint *h, const struct aic_search *a, const int *nodes, int n)
{
    const struct cand_links *l = a->l;
    struct hint_buf steps = HINT_BUF_INIT;

    if (h->quiet)
        return "";
    for (int i = 1; i < n; i++) {
        const char *step = i % 2 == 1 ? strong_step_words(h, l, nodes[i - 1], nodes[i])
                                      : weak_step_words(h, l, nodes[i - 1], nodes[i]);
        if (i == 1)
            hint_buf_add(&steps, "%s", step);
        else
            /* TRANSLATORS: each next step of a chain's walk, after the one before. */
            hint_buf_add(&steps, _(", so %s"), step);
    }
    /* TRANSLATORS: a chain's walk, not a whole sentence: %1$s is the start supposed
       false ("r1c4 is not 2"), %2$s the steps that follow ("r1c4 is 6 (its only other
       digit), so r1c6 is not 6, so ..."). */
    return hint_words(h, _("If %1$s, %2$s"), node_words(h, l, nodes[0], false), hint_buf_words(h, &steps));
}

static void hint_chain_cells(struct hint *h, const struct cand_links *l, const int *nodes, int n)
{
    h->length = n;
    for (int i = 0; i < n; i++) {
        const int *cells;
        int k = links_cells_any(l, nodes[i], &cells);
        for (int j = 0; j < k; j++)
            hint_add_cell(h, cells[j]);
        h->digits |= 1u << links_digit_any(l, nodes[i]);
    }
}

/* "<walk>. So r1c2 is 5 or r5c8 is 4" and why the eliminations follow from that. */
static void say_ends(struct hint *h, const struct cand_links *l, const char *walk, int x, int y)
{
    int cx, cy, dx, dy;

    if (links_is_group(l, x) || links_is_group(l, y)) {
        /* TRANSLATORS: %1$s is a chain's walk ("If r1c4 is not 2, ..."), %2$s and %3$s its
           ends ("r1c4 is 2", "r4c78 holds 6"). */
        hint_say(h, _("%1$s. So %2$s or %3$s, and a candidate that can be true with neither is false"), walk,
                 node_words(h, l, x, true), node_words(h, l, y, true));
        return;
    }
    cx = links_cell(l, x);
    cy = links_cell(l, y);
    dx = links_digit(l, x);
    dy = links_digit(l, y);
    if (l->sums != NULL && cx != cy) {
        /* Kakuro: a run's sum rules out more than the digit's peers. */
        /* TRANSLATORS: %1$s is a chain's walk, %2$s and %3$s its ends ("r1c4 is 2"). */
        hint_say(h, _("%1$s. So %2$s or %3$s, and a candidate that can be true with neither (the same digit "
                      "in a run with one, or a digit no combination of a run allows beside one) is false"),
                 walk, node_words(h, l, x, true), node_words(h, l, y, true));
    } else if (dx == dy) {
        /* TRANSLATORS: %1$s is a chain's walk, %2$s its two ends ("r3c5 or r7c9"), %3$c
           the digit. */
        hint_say(h, _("%1$s. So %2$s is %3$c, and a cell seeing both cannot be %3$c"), walk,
                 hint_cells(h, (int[]){ cx, cy }, 2, HINT_OR), hint_digit_symbol(dx));
    } else if (cx == cy) {
        /* TRANSLATORS: %1$s is a chain's walk, %2$s the cell at both its ends, %3$c and %4$c
           the digits. */
        hint_say(h, _("%1$s. So %2$s is %3$c or %4$c, and no other digit"), walk, hint_cell(h, cx),
                 hint_digit_symbol(dx), hint_digit_symbol(dy));
    } else {
        /* TRANSLATORS: %1$s is a chain's walk, %2$s and %3$s its ends ("r1c4 is 2", "r3c4
           is 3"); the end cells %4$s and %6$s, digits %5$c and %7$c. */
        hint_say(h, _("%1$s. So %2$s or %3$s; they see each other, so %4$s cannot be %5$c and %6$s cannot be %7$c"),
                 walk, node_words(h, l, x, true), node_words(h, l, y, true), hint_cell(h, cx),
                 hint_digit_symbol(dy), hint_cell(h, cy), hint_digit_symbol(dx));
    }
}

/* A grouped chain worth reporting: a group among its nodes, and two digits or more. */
static bool grouped_enough(const struct cand_links *l, const int *nodes, int n)
{
    bool group = false, digits = false;

    for (int i = 0; i < n; i++) {
        group |= links_is_group(l, nodes[i]);
        digits |= links_digit_any(l, nodes[i]) != links_digit_any(l, nodes[0]);
    }
    return group && digits;
}

/* Drops the eliminations of h an ungrouped chain proves; whether any is left. */
static bool aic_report_filter(const struct aic_search *a, struct hint *h)
{
    const uint8_t *plain = a->s->chains->plain;
    int kept = 0;

    for (int i = 0; i < h->nelim; i++)
        if (!(plain[links_node(a->l, h->elim[i].cell, h->elim[i].digit)] & PLAIN_ELIM))
            h->elim[kept++] = h->elim[i];
    h->nelim = kept;
    return kept > 0;
}

/* The table of what ungrouped chains prove, allocated on first use. */
static uint8_t *plain_table(struct hint_search *s)
{
    if (s->chains->plain == NULL)
        s->chains->plain = xcalloc((size_t)s->chains->links.nnodes + 1, 1);
    return s->chains->plain;
}

/* Ungrouped: notes h's conclusions (hint_chains.plain), and when collecting reports none; reporting grouped: not a placement
 * an ungrouped chain proves (their eliminations were dropped by aic_report_filter). */
static bool aic_report(struct aic_search *a, struct hint *h)
{
    const struct cand_links *l = a->l;

    if (!a->grouped) {
        uint8_t *plain = a->collect != NULL ? a->collect : plain_table(a->s);
        for (int i = 0; i < h->nelim; i++)
            plain[links_node(l, h->elim[i].cell, h->elim[i].digit)] |= PLAIN_ELIM;
        for (int i = 0; i < h->nplace; i++)
            plain[links_node(l, h->place[i].cell, h->place[i].digit)] |= PLAIN_PLACE;
        if (a->collect != NULL)
            return true;
    }
    if (a->grouped && h->nplace > 0
        && (a->s->chains->plain[links_node(l, h->place[0].cell, h->place[0].digit)] & PLAIN_PLACE))
        return true;
    return hint_emit(a->s, h);
}

static bool aic_emit(struct aic_search *a, const int *nodes, int n)
{
    const struct cand_links *l = a->l;
    int x = nodes[0], y = nodes[n - 1];
    struct hint h;

    hint_begin(a->s, &h);
    h.quiet |= a->collect != NULL;
    hint_chain_cells(&h, l, nodes, n);
    if (x == y && !links_is_group(l, x)) {
        hint_add_place(&h, links_cell(l, x), links_digit(l, x));
        /* TRANSLATORS: %1$s is a chain's walk ("If r2c9 is not 8, ..."), %2$s what it
           proves ("r2c9 is 8"). */
        hint_say(&h, _("%1$s: a contradiction, so %2$s."), walk_words(&h, a, nodes, n), node_words(&h, l, x, true));
        return aic_report(a, &h);
    }
    elim_ruled_out_by_both(a, &h, x, y);
    if (h.nelim == 0 || (a->grouped && !aic_report_filter(a, &h)))
        return true;
    if (x == y)
        /* TRANSLATORS: %1$s is a chain's walk, %2$s what it proves ("r4c78 holds 6"), %3$c
           the digit. */
        hint_say(&h, _("%1$s: a contradiction, so %2$s, and a cell seeing all of it cannot be %3$c"),
                 walk_words(&h, a, nodes, n), node_words(&h, l, x, true), hint_digit_symbol(links_digit_any(l, x)));
    else
        say_ends(&h, l, walk_words(&h, a, nodes, n), x, y);
    hint_say_eliminations(&h);
    return aic_report(a, &h);
}

/* "r1c7 cannot be both 3 and 1", "r6c7 and r2c7 cannot both be 8" */
static const char *not_both_words(const struct hint *h, const struct cand_links *l, int x, int y)
{
    int cx, cy, dx = links_digit_any(l, x), dy = links_digit_any(l, y);

    if (links_is_group(l, x) || links_is_group(l, y))
        /* TRANSLATORS: %1$s and %2$s are cells or groups of cells ("r4c78"), %3$c a digit. */
        return hint_words(h, _("%1$s and %2$s cannot both hold %3$c"), links_cells_words(h, l, x),
                          links_cells_words(h, l, y), hint_digit_symbol(dx));
    cx = links_cell(l, x);
    cy = links_cell(l, y);
    if (cx == cy)
        /* TRANSLATORS: %1$s is a cell, %2$c and %3$c digits. */
        return hint_words(h, _("%1$s cannot be both %2$c and %3$c"), hint_cell(h, cx), hint_digit_symbol(dx),
                          hint_digit_symbol(dy));
    /* TRANSLATORS: %1$s is two cells ("r6c7 and r2c7"), %2$c a digit. */
    return hint_words(h, _("%1$s cannot both be %2$c"), hint_cells(h, (int[]){ cx, cy }, 2, HINT_AND),
                      hint_digit_symbol(dx));
}

static bool loop_emit(struct aic_search *a, const int *nodes, int n)
{
    const struct cand_links *l = a->l;
    struct hint h;

    hint_begin(a->s, &h);
    h.quiet |= a->collect != NULL;
    hint_chain_cells(&h, l, nodes, n);
    for (int i = 0; i < n; i++)
        elim_ruled_out_by_both(a, &h, nodes[i], nodes[(i + 1) % n]);
    if (h.nelim == 0 || (a->grouped && !aic_report_filter(a, &h)))
        return true;
    /* TRANSLATORS: %1$s is a chain's walk ("If r1c4 is not 2, ..."), %2$s the weak link
       that closes it ("r9c4 and r1c4 cannot both be 2"). */
    hint_say(&h, _("%1$s; and %2$s, so the links close into a loop. Around it, of every two linked candidates "
                   "exactly one is true, and a candidate that rules out both is false"),
             walk_words(&h, a, nodes, n), not_both_words(&h, l, nodes[n - 1], nodes[0]));
    hint_say_eliminations(&h);
    return aic_report(a, &h);
}

/* The true node e reached from start in state: is there a conclusion to report? */
static bool aic_end(struct aic_search *a, int start, int state)
{
    int e = state / 2, nodes[AIC_MAX_NODES], n;
    bool closes = e != start && links_weak_any(a->l, start, e), useful = e == start;

    if (a->depth[state] < 3 || (a->loops != closes) || (!a->loops && e < start))
        return true;
    if (!a->loops && e != start) {
        /* Cheap test first: some candidate ruled out by the start and by e. */
        int nw;
        const int *weak = aic_weak(a, e, &nw);
        for (int i = 0; i < nw && !useful; i++)
            useful = a->victim[weak[i]] == a->gen;
        if (!useful)
            return true;
    }
    n = aic_path(a, state, nodes);
    if (nodes_repeat(a->l, nodes, n - (e == start)) || (a->grouped && !grouped_enough(a->l, nodes, n)))
        return true;
    return a->loops ? loop_emit(a, nodes, n) : aic_emit(a, nodes, n);
}

/* Breadth first from "start is false"; false when the search must stop. */
static bool aic_from(struct aic_search *a, int start)
{
    int head = 0, tail = 0, nv;
    const int *victims;

    a->gen++;
    victims = aic_weak(a, start, &nv);
    for (int i = 0; i < nv; i++)
        a->victim[victims[i]] = a->gen;
    a->stamp[start * 2] = a->gen;
    a->parent[start * 2] = -1;
    a->depth[start * 2] = 0;
    a->queue[tail++] = start * 2;
    while (head < tail) {
        int st = a->queue[head++], u = st / 2, n;
        const int *next;

        if (a->depth[st] >= AIC_MAX_NODES - 1)
            continue;
        if (st % 2 == 0) {
            n = a->strong_start[u + 1] - a->strong_start[u];
            next = a->strong + a->strong_start[u];
        } else {
            /* Weak links lead to false states, which call nothing that could move a->weak. */
            next = aic_weak(a, u, &n);
        }
        a->effort += n;
        for (int i = 0; i < n; i++) {
            int ns = next[i] * 2 + (st % 2 == 0);
            if (a->stamp[ns] == a->gen || (a->loops && next[i] < start))
                continue;
            a->stamp[ns] = a->gen;
            a->parent[ns] = st;
            a->depth[ns] = a->depth[st] + 1;
            a->queue[tail++] = ns;
            if (ns % 2 == 1 && !aic_end(a, start, ns))
                return false;
        }
        if (a->effort > AIC_EFFORT)
            return false;
    }
    return true;
}

static void aic_search_all(struct hint_search *s, bool loops, bool grouped, uint8_t *collect)
{
    struct aic_search a;

    aic_init(&a, s, loops, grouped);
    a.collect = collect;
    for (int node = 0; node < a.nall; node++)
        if (a.strong_start[node + 1] > a.strong_start[node] && !aic_from(&a, node))
            break;
    /* Every ungrouped conclusion is noted unless a visitor stopped the search early (a
     * search cut at AIC_EFFORT stops there each time, collecting or not). */
    if (!grouped && !s->stopped)
        s->chains->plain_done[loops] = true;
    if (!grouped && a.effort > AIC_EFFORT)
        s->chains->plain_cut = true;
    aic_free(&a);
}

/* The conclusions of every ungrouped chain and loop, once per search (hint_chains.plain):
 * the AIC and nice loop techniques, when they ran whole before, noted them already. */
static void find_plain_conclusions(struct hint_search *s)
{
    links_get(s);
    plain_table(s);     /* empty when both ran whole and found nothing */
    for (int loops = 0; loops < 2; loops++)
        if (!s->chains->plain_done[loops])
            aic_search_all(s, loops, false, plain_table(s));
}

void hint_find_aic(struct hint_search *s)
{
    aic_search_all(s, false, false, NULL);
}

void hint_find_nice_loop(struct hint_search *s)
{
    aic_search_all(s, true, false, NULL);
}

/* Where the ungrouped chains ran out of effort (a large grid still open), the grouped
 * ones, over a larger graph, would too: they are not searched. */
void hint_find_grouped_aic(struct hint_search *s)
{
    find_plain_conclusions(s);
    if (!s->chains->plain_cut)
        aic_search_all(s, false, true, NULL);
}

void hint_find_grouped_nice_loop(struct hint_search *s)
{
    find_plain_conclusions(s);
    if (!s->chains->plain_cut)
        aic_search_all(s, true, true, NULL);
}
