/* hint_als.c: almost locked sets (ALS-XZ, ALS-XY-wing, death blossom, ALS chains) and
 * Sue de Coq, on the groups of any Sudoku size. */
#include "config.h"
#include "hint.h"

#include <stdlib.h>
#include <string.h>

#include "hint_cellset.h"
#include "i18n.h"
#include "util.h"

/*
 * An almost locked set (ALS) is N empty cells of one unit holding N+1 digits between them:
 * whichever digit it lacks, it holds all the others.  Two ALS share a restricted common
 * digit X when every cell of one that can be X sees every cell of the other that can be
 * X: they cannot both hold X, so one of them lacks X and holds all its other digits.  The
 * ALS techniques chain that fact; they differ only in the shape of the chain.  The ALS of
 * a position are found once per technique (als_list_build) and shared by all of them.
 *
 * Kakuro is left out: its runs' digits differ, but "N cells, N+1 digits, so all but one"
 * ignores the run's sum, which may rule out the very combinations the argument needs.
 */

#define ALS_MAX_CELLS 4         /* larger sets are rare in hints and cost most */
#define ALS_MAX_DIGITS (ALS_MAX_CELLS + 1)
#define ALS_MAX_COUNT 4000      /* a cap on the sets kept: a 25x25 grid early on has many */
#define CHAIN_MAX_SETS 6        /* the longest ALS chain explained */
#define CHAIN_WORK 10000        /* states a chain search may visit per call */

struct als {
    int n;                              /* cells */
    int cells[ALS_MAX_CELLS];
    int group;
    digitset digits;                    /* n + 1 of them */
    cellset members;
    cellset holders[ALS_MAX_DIGITS];    /* per digit (by rank in digits): its cells */
    cellset seen[ALS_MAX_DIGITS];       /* cells seeing every one of those */
};

struct als_link {
    int to;
    digitset rcc;                       /* the restricted common digits */
};

struct als_list {
    struct hint_search *s;
    const struct hint_position *pos;
    const struct puzzle *p;
    int nw;
    cellset *peers;                     /* per cell */
    cellset with[PUZZLE_MAX_DIGIT + 1]; /* per digit: the empty cells that can take it */
    int n;
    size_t cap;
    struct als *v;
    struct elim_seen seen;              /* what the current technique reported */
    int *link_start;                    /* links of set i: link[link_start[i]..[i + 1]) */
    struct als_link *link;
};

/* --- Cell sets shared with hint_wings.c --- */

cellset *hint_peer_sets(const struct puzzle *p)
{
    cellset *peers = xcalloc((size_t)p->ncells, sizeof *peers);

    for (int cell = 0; cell < p->ncells; cell++) {
        for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][k] >= 0; k++) {
            const struct puzzle_group *grp = &p->groups[p->cell_groups[cell][k]];
            for (int i = 0; i < grp->ncells; i++)
                cellset_add(&peers[cell], grp->cells[i]);
        }
        peers[cell].w[cell >> 6] &= ~(1ull << (cell & 63));
    }
    return peers;
}

void hint_cells_seeing_all(const struct hint_position *pos, const cellset *peers,
                           const cellset *holders, int d, const cellset *skip, cellset *out)
{
    const struct puzzle *p = pos->p;
    int nw = cellset_words(p), first = cellset_next(holders, 0, nw);

    cellset_clear(out);
    if (first < 0)
        return;
    *out = peers[first];
    for (int c = cellset_next(holders, first + 1, nw); c >= 0; c = cellset_next(holders, c + 1, nw))
        cellset_and(out, &peers[c], nw);
    if (skip != NULL)
        cellset_minus(out, skip, nw);
    for (int c = cellset_next(out, 0, nw); c >= 0; c = cellset_next(out, c + 1, nw))
        if (p->block[c] || pos->grid[c] || !(pos->cands[c] & (1u << d)))
            out->w[c >> 6] &= ~(1ull << (c & 63));
}

/* --- Finding the sets --- */

static int digit_rank(digitset digits, int d)
{
    return digits_count(digits & ((1u << d) - 1));
}

static bool is_empty(const struct hint_position *pos, int cell)
{
    return !pos->p->block[cell] && !pos->grid[cell];
}

/* Whether another group before g holds every cell (the set was found there already). */
static bool found_before(const struct puzzle *p, int g, const int *cells, int n)
{
    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cells[0]][k] >= 0; k++) {
        int h = p->cell_groups[cells[0]][k];
        bool all = h < g;
        for (int i = 1; i < n && all; i++)
            all = hint_in_group(p, cells[i], h);
        if (all)
            return true;
    }
    return false;
}

/* The cells seeing every cell of holders, whatever they hold: each use intersects them
 * with the cells that can take the digit (l->with) or with the places of a digit. */
static void seen_by_all(const struct als_list *l, const cellset *holders, cellset *out)
{
    int first = cellset_next(holders, 0, l->nw);

    *out = l->peers[first];
    for (int c = cellset_next(holders, first + 1, l->nw); c >= 0; c = cellset_next(holders, c + 1, l->nw))
        cellset_and(out, &l->peers[c], l->nw);
}

static void als_add(struct als_list *l, int g, const int *cells, int n, digitset digits)
{
    struct als *a;
    int r = 0;

    if (l->n >= ALS_MAX_COUNT || found_before(l->p, g, cells, n))
        return;
    l->v = xgrow(l->v, &l->cap, (size_t)l->n + 1, sizeof *l->v);
    a = &l->v[l->n++];
    memset(a, 0, sizeof *a);
    a->n = n;
    a->group = g;
    a->digits = digits;
    memcpy(a->cells, cells, (size_t)n * sizeof *cells);
    for (int i = 0; i < n; i++)
        cellset_add(&a->members, cells[i]);
    for (digitset ds = digits; ds; ds &= ds - 1, r++) {
        int d = lowest_bit(ds);
        for (int i = 0; i < n; i++)
            if (l->pos->cands[cells[i]] & (1u << d))
                cellset_add(&a->holders[r], cells[i]);
        seen_by_all(l, &a->holders[r], &a->seen[r]);
    }
}

/* Subsets of the empty cells of g, grown in order; a union of more than ALS_MAX_DIGITS
 * digits cannot shrink back. */
static void als_grow(struct als_list *l, int g, const int *empty, int m, int start,
                     int *cells, int n, digitset digits)
{
    if (n > 0 && digits_count(digits) == n + 1)
        als_add(l, g, cells, n, digits);
    if (n == ALS_MAX_CELLS)
        return;
    for (int i = start; i < m; i++) {
        digitset next = digits | l->pos->cands[empty[i]];
        if (digits_count(next) > ALS_MAX_DIGITS)
            continue;
        cells[n] = empty[i];
        als_grow(l, g, empty, m, i + 1, cells, n + 1, next);
    }
}

static void als_list_build(struct hint_search *s, struct als_list *l)
{
    const struct puzzle *p = s->pos->p;

    memset(l, 0, sizeof *l);
    l->s = s;
    l->pos = s->pos;
    l->p = p;
    l->nw = cellset_words(p);
    l->peers = hint_peer_sets(p);
    for (int cell = 0; cell < p->ncells; cell++)
        if (is_empty(s->pos, cell))
            for (digitset c = s->pos->cands[cell]; c; c &= c - 1)
                cellset_add(&l->with[lowest_bit(c)], cell);
    for (int g = 0; g < p->ngroups; g++) {
        const struct puzzle_group *grp = &p->groups[g];
        int empty[PUZZLE_MAX_DIGIT], m = 0, cells[ALS_MAX_CELLS];
        for (int i = 0; i < grp->ncells; i++)
            if (is_empty(s->pos, grp->cells[i]))
                empty[m++] = grp->cells[i];
        als_grow(l, g, empty, m, 0, cells, 0, 0);
    }
}

void hint_als_free(struct als_list *l)
{
    if (l == NULL)
        return;
    free(l->peers);
    free(l->v);
    free(l->link_start);
    free(l->link);
    free(l);
}

/* The search's sets, found on first use and kept for the next ALS technique. */
static struct als_list *als_get(struct hint_search *s)
{
    if (s->als == NULL) {
        s->als = xmalloc(sizeof *s->als);
        als_list_build(s, s->als);
    }
    s->als->s = s;
    memset(&s->als->seen, 0, sizeof s->als->seen);
    return s->als;
}

static const cellset *als_holders(const struct als *a, int d)
{
    return &a->holders[digit_rank(a->digits, d)];
}

static const cellset *als_seen(const struct als *a, int d)
{
    return &a->seen[digit_rank(a->digits, d)];
}

/* The digits both hold whose every place in one sees every place in the other. */
static digitset rcc_digits(const struct als_list *l, const struct als *a, const struct als *b)
{
    digitset common = a->digits & b->digits, rcc = 0;

    if (common == 0 || cellset_meets(&a->members, &b->members, l->nw))
        return 0;
    for (; common; common &= common - 1) {
        int d = lowest_bit(common);
        if (cellset_within(als_holders(b, d), als_seen(a, d), l->nw))
            rcc |= 1u << d;
    }
    return rcc;
}

/* Every pair of sets with a restricted common digit, as adjacency lists.  A partner of a
 * on digit d has all its places for d among the cells seeing a's places for d: indexing
 * the sets by their first place for each digit, only those few cells are looked up. */
static void als_links_build(struct als_list *l)
{
    int stride = l->p->max_digit + 1, nkeys = l->p->ncells * stride;
    int *start = xcalloc((size_t)nkeys + 1, sizeof *start), *by_first, *stamp;
    size_t cap = 0, n = 0;

    if (l->link_start != NULL) {
        free(start);
        return;
    }
    for (int b = 0; b < l->n; b++)
        for (digitset ds = l->v[b].digits; ds; ds &= ds - 1)
            start[cellset_next(als_holders(&l->v[b], lowest_bit(ds)), 0, l->nw) * stride
                  + lowest_bit(ds) + 1]++;
    for (int k = 0; k < nkeys; k++)
        start[k + 1] += start[k];
    by_first = xmalloc(((size_t)start[nkeys] + 1) * sizeof *by_first);
    for (int b = 0; b < l->n; b++)
        for (digitset ds = l->v[b].digits; ds; ds &= ds - 1) {
            int key = cellset_next(als_holders(&l->v[b], lowest_bit(ds)), 0, l->nw) * stride
                      + lowest_bit(ds);
            by_first[start[key]++] = b;
        }
    for (int k = nkeys; k > 0; k--)         /* back to the starts */
        start[k] = start[k - 1];
    start[0] = 0;
    stamp = xmalloc(((size_t)l->n + 1) * sizeof *stamp);
    for (int b = 0; b < l->n; b++)
        stamp[b] = -1;
    l->link_start = xmalloc(((size_t)l->n + 1) * sizeof *l->link_start);
    for (int a = 0; a < l->n; a++) {
        const struct als *sa = &l->v[a];
        l->link_start[a] = (int)n;
        for (digitset ds = sa->digits; ds; ds &= ds - 1) {
            int d = lowest_bit(ds);
            cellset near = *als_seen(sa, d);
            cellset_and(&near, &l->with[d], l->nw);
            for (int c = cellset_next(&near, 0, l->nw); c >= 0; c = cellset_next(&near, c + 1, l->nw)) {
                for (int k = start[c * stride + d]; k < start[c * stride + d + 1]; k++) {
                    int b = by_first[k];
                    digitset rcc;
                    if (stamp[b] == a)
                        continue;
                    stamp[b] = a;
                    if ((rcc = rcc_digits(l, sa, &l->v[b])) == 0)
                        continue;
                    l->link = xgrow(l->link, &cap, n + 1, sizeof *l->link);
                    l->link[n++] = (struct als_link){ b, rcc };
                }
            }
        }
    }
    l->link_start[l->n] = (int)n;
    free(stamp);
    free(by_first);
    free(start);
}

/* The cells that can be z and see every z of each set, none of the pattern's cells. */
static void targets(const struct als_list *l, const struct als *const *sets, int nsets, int z,
                    const cellset *pattern, cellset *out)
{
    *out = l->with[z];
    for (int i = 0; i < nsets; i++)
        cellset_and(out, als_seen(sets[i], z), l->nw);
    cellset_minus(out, pattern, l->nw);
}

static void add_elims(const struct als_list *l, struct hint *h, const cellset *cells, int d)
{
    for (int c = cellset_next(cells, 0, l->nw); c >= 0; c = cellset_next(cells, c + 1, l->nw))
        hint_add_elim(l->s, h, c, d);
}

/* --- Text --- */

static void add_set(struct hint *h, const struct als *a)
{
    hint_add_group(h, a->group);
    for (int i = 0; i < a->n; i++)
        hint_add_cell(h, a->cells[i]);
    h->digits |= a->digits;
}

/* "r1c2 and r1c5 in row 1 (1, 3 and 7)" or "r4c4 (2 and 5)" */
static const char *set_words(const struct hint *h, const struct als *a)
{
    if (h->quiet)
        return "";
    if (a->n > 1)
        /* TRANSLATORS: an almost locked set: its cells, their unit, their digits. */
        return hint_words(h, _("%1$s in %2$s (%3$s)"), hint_cells(h, a->cells, a->n, HINT_AND),
                          hint_group(h, a->group), hint_digits(h, a->digits, HINT_AND));
    /* TRANSLATORS: a cell and its candidates: "r1c2 (1 or 2)". */
    return hint_words(h, _("%1$s (%2$s)"), hint_cell(h, a->cells[0]), hint_digits(h, a->digits, HINT_AND));
}

static const char *const set_names = "ABCDEFGHIJ";

/* --- ALS-XZ --- */

static bool xz_emit(struct als_list *l, const struct als *a, const struct als *b, digitset rcc)
{
    const struct als *sets[2] = { a, b };
    digitset common = a->digits & b->digits, zs = common & ~rcc;
    bool doubly = digits_count(rcc) >= 2;
    cellset pattern = a->members, t;
    struct hint h;

    cellset_or(&pattern, &b->members, l->nw);
    hint_begin(l->s, &h);
    add_set(&h, a);
    add_set(&h, b);
    /* Singly linked: A or B holds each other common digit z.  Doubly linked: each holds
     * all its digits but the restricted ones, and A or B holds each restricted one. */
    for (digitset ds = doubly ? rcc : zs; ds; ds &= ds - 1) {
        targets(l, sets, 2, lowest_bit(ds), &pattern, &t);
        add_elims(l, &h, &t, lowest_bit(ds));
    }
    for (int i = 0; doubly && i < 2; i++) {
        for (digitset ds = sets[i]->digits & ~rcc; ds; ds &= ds - 1) {
            targets(l, &sets[i], 1, lowest_bit(ds), &pattern, &t);
            add_elims(l, &h, &t, lowest_bit(ds));
        }
    }
    if (h.nelim == 0 || elim_seen_before(&l->seen, &h))
        return true;
    if (!h.quiet) {
        struct hint_buf every = HINT_BUF_INIT;
        int n = digits_count(rcc), i = 0;
        for (digitset ds = rcc; ds; ds &= ds - 1, i++)
            /* TRANSLATORS: before the last of the restricted digits in "Every 7 and every 9
             * of A sees every one of B". */
            hint_buf_add(&every, "%s%c", i == 0 ? "" : i < n - 1 ? _(", ") : _(" and every "),
                         hint_digit_symbol(lowest_bit(ds)));
        if (doubly)
            /* TRANSLATORS: %1$s and %2$s are the two almost locked sets, %3$s the digits
             * they share ("7 and every 9"), %4$s the same digits joined by "and". */
            hint_say(&h, _("A = %1$s and B = %2$s are almost locked sets (one digit more than cells: "
                           "each holds all its digits but one). Every %3$s of A sees every one of B, "
                           "so they do not both hold either of those digits. So each lacks one of "
                           "%4$s and holds all its other digits, and one of them holds each of %4$s: "
                           "a cell seeing all the places of a digit so held cannot take it"),
                     set_words(&h, a), set_words(&h, b), every.s, hint_digits(&h, rcc, HINT_AND));
        else
            /* TRANSLATORS: %1$s and %2$s are the two almost locked sets, %3$s the digit
             * they share, %4$s and %5$s the digits one of them holds, joined by "and" and
             * by "or". */
            hint_say(&h, _("A = %1$s and B = %2$s are almost locked sets (one digit more than cells: "
                           "each holds all its digits but one). Every %3$s of A sees every one of B, "
                           "so they do not both hold it. One of them lacks it and so holds %4$s: a "
                           "cell seeing all the places of %5$s in A and B cannot take it"),
                     set_words(&h, a), set_words(&h, b), every.s, hint_digits(&h, zs, HINT_AND),
                     hint_digits(&h, zs, HINT_OR));
    }
    hint_say_eliminations(&h);
    return hint_emit(l->s, &h);
}

void hint_find_als_xz(struct hint_search *s)
{
    struct als_list *l = als_get(s);

    als_links_build(l);
    for (int i = 0; i < l->n && !s->stopped; i++) {
        for (int k = l->link_start[i]; k < l->link_start[i + 1] && !s->stopped; k++) {
            int j = l->link[k].to;
            /* Two cells alone would be a naked pair. */
            if (j > i && (l->v[i].n > 1 || l->v[j].n > 1))
                xz_emit(l, &l->v[i], &l->v[j], l->link[k].rcc);
        }
    }
}

/* --- ALS chains: A -x- B -y- C ... each link a restricted common digit, no two
 * consecutive links on the same digit; the ends share z --- */

/* The chain sets[0..n) linked by digits x[0..n-1); ends share z. */
static bool chain_emit(struct als_list *l, const struct als *const *sets, int n, const int *x,
                       int z, const cellset *t)
{
    struct hint h;

    hint_begin(l->s, &h);
    for (int i = 0; i < n; i++)
        add_set(&h, sets[i]);
    add_elims(l, &h, t, z);
    if (elim_seen_before(&l->seen, &h))
        return true;
    if (!h.quiet) {
        struct hint_buf named = HINT_BUF_INIT, links = HINT_BUF_INIT, steps = HINT_BUF_INIT;
        for (int i = 0; i < n; i++)
            hint_buf_item(&named, i, n, HINT_AND,
                          hint_words(&h, "%c = %s", set_names[i], set_words(&h, sets[i])));
        for (int i = 0; i + 1 < n; i++)
            /* TRANSLATORS: %1$c is a digit, %2$c and %3$c two almost locked sets (A, B...). */
            hint_buf_add(&links, i == 0 ? _("Every %1$c of %2$c sees every %1$c of %3$c")
                                        : _("; every %1$c of %2$c sees every %1$c of %3$c"),
                         hint_digit_symbol(x[i]), set_names[i], set_names[i + 1]);
        /* TRANSLATORS: the first step of an ALS chain's reasoning: %1$c the digit the ends
         * share, %2$c the first link's digit. */
        hint_buf_add(&steps, _("If A lacks %1$c it holds %2$c, so B lacks %2$c"), hint_digit_symbol(z),
                     hint_digit_symbol(x[0]));
        for (int i = 1; i + 1 < n; i++)
            /* TRANSLATORS: each next step: %1$c a link's digit, %2$c the next set. */
            hint_buf_add(&steps, _(" and holds %1$c, so %2$c lacks %1$c"), hint_digit_symbol(x[i]),
                         set_names[i + 1]);
        /* TRANSLATORS: %1$s names the sets ("A = ..., B = ... and C = ..."), %2$s how they
         * are linked, %3$s the reasoning, %4$c the last set, %5$c the digit the ends share. */
        hint_say(&h, _("%1$s are almost locked sets (one digit more than cells); each holds all its "
                       "digits but one. %2$s. %3$s and holds %5$c. So A or %4$c holds %5$c, and a "
                       "cell seeing all its places in both cannot be %5$c"),
                 named.s, links.s, steps.s, set_names[n - 1], hint_digit_symbol(z));
    }
    hint_say_eliminations(&h);
    return hint_emit(l->s, &h);
}

void hint_find_als_xy_wing(struct hint_search *s)
{
    struct als_list *l = als_get(s);

    als_links_build(l);
    for (int c = 0; c < l->n && !s->stopped; c++) {
        for (int i = l->link_start[c]; i < l->link_start[c + 1] && !s->stopped; i++) {
            for (int j = i + 1; j < l->link_start[c + 1] && !s->stopped; j++) {
                const struct als *a = &l->v[l->link[i].to], *b = &l->v[l->link[j].to];
                const struct als *sets[3] = { a, &l->v[c], b };
                cellset pattern = a->members, t;

                if (cellset_meets(&a->members, &b->members, l->nw))
                    continue;
                cellset_or(&pattern, &b->members, l->nw);
                cellset_or(&pattern, &l->v[c].members, l->nw);
                for (digitset xs = l->link[i].rcc; xs; xs &= xs - 1) {
                    for (digitset ys = l->link[j].rcc; ys; ys &= ys - 1) {
                        int x = lowest_bit(xs), y = lowest_bit(ys);
                        digitset zs = a->digits & b->digits & ~(1u << x) & ~(1u << y);
                        if (x == y)
                            continue;
                        for (; zs && !s->stopped; zs &= zs - 1) {
                            int z = lowest_bit(zs);
                            const struct als *ends[2] = { a, b };
                            targets(l, ends, 2, z, &pattern, &t);
                            if (!cellset_empty(&t, l->nw))
                                chain_emit(l, sets, 3, (int[]){ x, y }, z, &t);
                        }
                    }
                }
            }
        }
    }
}

/* Breadth first from set a (lacking z), over states "set i entered by digit x", for the
 * shortest chains of 4 sets and more (3 are the XY-wing). */
struct chain_bfs {
    int *state_set, *state_digit, *parent, *depth;
    int *seen;                          /* per set * stride + digit: the stamp of the visit */
    int stamp, cap;
    long work;
};

static int chain_path(const struct chain_bfs *b, int st, const struct als **sets,
                      const struct als_list *l, int *x)
{
    int n = 0, path[CHAIN_MAX_SETS];

    for (int u = st; u >= 0; u = b->parent[u])
        path[n++] = u;
    for (int i = 0; i < n; i++) {
        int u = path[n - 1 - i];
        sets[i] = &l->v[b->state_set[u]];
        if (i > 0)
            x[i - 1] = b->state_digit[u];
    }
    return n;
}

static bool sets_disjoint(const struct als_list *l, const struct als **sets, int n)
{
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (cellset_meets(&sets[i]->members, &sets[j]->members, l->nw))
                return false;
    return true;
}

static bool chain_end(struct als_list *l, struct chain_bfs *b, int st, int z, const cellset *t0)
{
    const struct als *sets[CHAIN_MAX_SETS];
    int x[CHAIN_MAX_SETS], n = chain_path(b, st, sets, l, x);
    cellset pattern, t = *t0;

    if (n < 4 || !sets_disjoint(l, sets, n))
        return true;
    pattern = sets[0]->members;
    for (int i = 1; i < n; i++)
        cellset_or(&pattern, &sets[i]->members, l->nw);
    cellset_and(&t, als_seen(sets[n - 1], z), l->nw);
    cellset_minus(&t, &pattern, l->nw);
    if (cellset_empty(&t, l->nw))
        return true;
    return chain_emit(l, sets, n, x, z, &t);
}

static bool chain_from(struct als_list *l, struct chain_bfs *b, int start, int z)
{
    int stride = l->p->max_digit + 1, head = 0, tail = 0;
    cellset t0;
    const struct als *first = &l->v[start];

    targets(l, &first, 1, z, &first->members, &t0);
    if (cellset_empty(&t0, l->nw))
        return true;
    b->stamp++;
    b->state_set[tail] = start;
    b->state_digit[tail] = z;
    b->parent[tail] = -1;
    b->depth[tail++] = 1;
    b->seen[start * stride + z] = b->stamp;
    while (head < tail) {
        int u = head++, set = b->state_set[u], entry = b->state_digit[u];
        if (b->depth[u] >= CHAIN_MAX_SETS)
            continue;
        for (int i = l->link_start[set]; i < l->link_start[set + 1]; i++) {
            const struct als_link *k = &l->link[i];
            for (digitset xs = k->rcc & ~(1u << entry); xs; xs &= xs - 1) {
                int x = lowest_bit(xs), v;
                if (b->seen[k->to * stride + x] == b->stamp || tail >= b->cap)
                    continue;
                if (++b->work > CHAIN_WORK)
                    return false;
                b->seen[k->to * stride + x] = b->stamp;
                v = tail++;
                b->state_set[v] = k->to;
                b->state_digit[v] = x;
                b->parent[v] = u;
                b->depth[v] = b->depth[u] + 1;
                if (b->depth[v] >= 4 && x != z && (l->v[k->to].digits & (1u << z))
                    && !chain_end(l, b, v, z, &t0))
                    return false;
            }
        }
    }
    return true;
}

void hint_find_als_chain(struct hint_search *s)
{
    struct als_list *l = als_get(s);
    struct chain_bfs b = { 0 };
    int stride = s->pos->p->max_digit + 1;

    als_links_build(l);
    b.cap = l->n * stride;
    b.state_set = xmalloc((size_t)b.cap * sizeof *b.state_set);
    b.state_digit = xmalloc((size_t)b.cap * sizeof *b.state_digit);
    b.parent = xmalloc((size_t)b.cap * sizeof *b.parent);
    b.depth = xmalloc((size_t)b.cap * sizeof *b.depth);
    b.seen = xcalloc((size_t)b.cap, sizeof *b.seen);
    for (int a = 0; a < l->n && !s->stopped; a++)
        for (digitset zs = l->v[a].digits; zs && !s->stopped; zs &= zs - 1)
            if (!chain_from(l, &b, a, lowest_bit(zs)))
                goto done;
done:
    free(b.state_set);
    free(b.state_digit);
    free(b.parent);
    free(b.depth);
    free(b.seen);
}

/* --- Death blossom: a stem cell, and for each of its digits a petal ALS whose places
 * for that digit all see the stem; the petals share z --- */

#define BLOSSOM_MAX_STEM 4
#define BLOSSOM_MAX_PETALS 64   /* candidates per stem digit and z kept */
#define BLOSSOM_MAX_ANY 256     /* candidates per stem digit, any z */

struct blossom {
    struct als_list *l;
    int stem, z, k;
    int digit[BLOSSOM_MAX_STEM];
    int npetal[BLOSSOM_MAX_STEM];
    int petal[BLOSSOM_MAX_STEM][BLOSSOM_MAX_PETALS];
    int nany[BLOSSOM_MAX_STEM];
    int any[BLOSSOM_MAX_STEM][BLOSSOM_MAX_ANY];
    int pick[BLOSSOM_MAX_STEM];
};

static bool blossom_emit(struct blossom *bl, const cellset *t)
{
    struct als_list *l = bl->l;
    struct hint h;

    hint_begin(l->s, &h);
    hint_add_cell(&h, bl->stem);
    h.digits = l->pos->cands[bl->stem];
    for (int i = 0; i < bl->k; i++)
        add_set(&h, &l->v[bl->pick[i]]);
    add_elims(l, &h, t, bl->z);
    if (elim_seen_before(&l->seen, &h))
        return true;
    if (!h.quiet) {
        struct hint_buf petals = HINT_BUF_INIT;
        for (int i = 0; i < bl->k; i++)
            /* TRANSLATORS: a death blossom's petal: %1$c a digit of the stem, %2$s an almost
             * locked set, %3$c the digit it then holds. */
            hint_buf_add(&petals, i == 0 ? _("If it is %1$c, the almost locked set %2$s loses %1$c and holds %3$c")
                                         : _("; if it is %1$c, the almost locked set %2$s loses %1$c and holds %3$c"),
                         hint_digit_symbol(bl->digit[i]), set_words(&h, &l->v[bl->pick[i]]),
                         hint_digit_symbol(bl->z));
        /* TRANSLATORS: %1$s is the stem cell, %2$s its candidates joined by "or", %3$s the
         * petals, %4$c the digit. */
        hint_say(&h, _("the stem %1$s can only be %2$s. %3$s. Either way one of these sets holds %4$c, "
                       "so a cell seeing all their places for %4$c cannot be %4$c"),
                 hint_cell(&h, bl->stem), hint_digits(&h, l->pos->cands[bl->stem], HINT_OR), petals.s,
                 hint_digit_symbol(bl->z));
    }
    hint_say_eliminations(&h);
    return hint_emit(l->s, &h);
}

/* Picks a petal for stem digit i on, disjoint from those picked, keeping targets t. */
static bool blossom_pick(struct blossom *bl, int i, const cellset *t, const cellset *used)
{
    struct als_list *l = bl->l;

    if (i == bl->k)
        return blossom_emit(bl, t);
    for (int j = 0; j < bl->npetal[i]; j++) {
        const struct als *a = &l->v[bl->petal[i][j]];
        cellset t2 = *t, used2 = *used;
        if (cellset_meets(&a->members, used, l->nw))
            continue;
        cellset_and(&t2, als_seen(a, bl->z), l->nw);
        cellset_minus(&t2, &a->members, l->nw);
        if (cellset_empty(&t2, l->nw))
            continue;
        cellset_or(&used2, &a->members, l->nw);
        bl->pick[i] = bl->petal[i][j];
        if (!blossom_pick(bl, i + 1, &t2, &used2))
            return false;
    }
    return true;
}

/* Per stem cell and digit d, the sets that can be its petal for d, whatever z: every d
 * of the set sees the stem (the stem is in the set's seen cells for d), the stem not in
 * it.  Built by going over the sets once: petals[start[c * stride + d] ..]. */
struct petal_index {
    int *start, *petals;
};

static bool stem_shape(const struct hint_position *pos, int cell)
{
    int k = digits_count(pos->cands[cell]);

    return is_empty(pos, cell) && k >= 2 && k <= BLOSSOM_MAX_STEM;
}

static void petal_index_build(const struct als_list *l, struct petal_index *ix)
{
    int stride = l->p->max_digit + 1, nkeys = l->p->ncells * stride;

    ix->start = xcalloc((size_t)nkeys + 1, sizeof *ix->start);
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1) {
            for (int k = 0; k < nkeys; k++)
                ix->start[k + 1] += ix->start[k];
            ix->petals = xmalloc(((size_t)ix->start[nkeys] + 1) * sizeof *ix->petals);
        }
        for (int i = 0; i < l->n; i++) {
            const struct als *a = &l->v[i];
            for (digitset ds = a->digits; ds; ds &= ds - 1) {
                int d = lowest_bit(ds);
                cellset stems = *als_seen(a, d);
                cellset_and(&stems, &l->with[d], l->nw);
                cellset_minus(&stems, &a->members, l->nw);
                for (int c = cellset_next(&stems, 0, l->nw); c >= 0; c = cellset_next(&stems, c + 1, l->nw)) {
                    if (!stem_shape(l->pos, c))
                        continue;
                    if (pass == 0)
                        ix->start[c * stride + d + 1]++;
                    else
                        ix->petals[ix->start[c * stride + d]++] = i;
                }
            }
        }
    }
    for (int k = nkeys; k > 0; k--)         /* the fill moved each start to the next */
        ix->start[k] = ix->start[k - 1];
    ix->start[0] = 0;
}

void hint_find_death_blossom(struct hint_search *s)
{
    const struct hint_position *pos = s->pos;
    struct als_list *l = als_get(s);
    struct blossom *bl = xcalloc(1, sizeof *bl);
    int stride = pos->p->max_digit + 1;
    struct petal_index ix;

    petal_index_build(l, &ix);
    bl->l = l;
    for (int stem = 0; stem < pos->p->ncells && !s->stopped; stem++) {
        digitset sc = pos->cands[stem], ds = sc, zs = ~0u;
        int k = digits_count(sc);
        if (!stem_shape(pos, stem))
            continue;
        bl->stem = stem;
        bl->k = k;
        for (int i = 0; i < k; i++, ds &= ds - 1) {
            int key = stem * stride + lowest_bit(ds);
            digitset some = 0;
            bl->digit[i] = lowest_bit(ds);
            bl->nany[i] = 0;
            for (int j = ix.start[key]; j < ix.start[key + 1] && bl->nany[i] < BLOSSOM_MAX_ANY; j++) {
                bl->any[i][bl->nany[i]++] = ix.petals[j];
                some |= l->v[ix.petals[j]].digits;
            }
            zs &= some;                 /* z must be in some petal of every digit */
        }
        for (zs &= ~sc & ~1u; zs && !s->stopped; zs &= zs - 1) {
            int z = lowest_bit(zs);
            cellset used, t;
            bl->z = z;
            for (int i = 0; i < k; i++) {
                bl->npetal[i] = 0;
                for (int j = 0; j < bl->nany[i] && bl->npetal[i] < BLOSSOM_MAX_PETALS; j++)
                    if (l->v[bl->any[i][j]].digits & (1u << z))
                        bl->petal[i][bl->npetal[i]++] = bl->any[i][j];
            }
            cellset_clear(&used);
            cellset_add(&used, stem);
            t = l->with[z];
            cellset_minus(&t, &used, l->nw);
            if (!blossom_pick(bl, 0, &t, &used))
                break;
        }
    }
    free(ix.start);
    free(ix.petals);
    free(bl);
}

/* --- Sue de Coq: cells of a box-line intersection with at least two digits more than
 * cells, completed by cells of the line only and of the box only --- */

#define SDC_MAX_DIGITS 4

struct sdc {
    struct hint_search *s;
    int box, line;
    int core[3], ncore;
    digitset vcore;
    int lonly[PUZZLE_MAX_DIGIT], nl;    /* the empty cells of the line outside the box */
    int bonly[PUZZLE_MAX_DIGIT], nb;
    int lpick[4], nlp;
    digitset dl;
};

static const char *cells_digits_words(const struct hint *h, const int *cells, int n, digitset digits)
{
    if (h->quiet)
        return "";
    return hint_words(h, _("%1$s (%2$s)"), hint_cells(h, cells, n, HINT_AND), hint_digits(h, digits, HINT_AND));
}

static bool in_list(const int *v, int n, int x)
{
    for (int i = 0; i < n; i++)
        if (v[i] == x)
            return true;
    return false;
}

/* The pattern: core + line cells + box cells hold as many digits as cells, the line
 * cells' digits and the box cells' digits apart. */
static bool sdc_emit(struct sdc *c, const int *bpick, int nbp, digitset db)
{
    const struct hint_position *pos = c->s->pos;
    const struct puzzle *p = pos->p;
    digitset all = c->vcore | c->dl | db;
    int cells[12], n = 0;
    struct hint h;

    for (int i = 0; i < c->ncore; i++)
        cells[n++] = c->core[i];
    for (int i = 0; i < c->nlp; i++)
        cells[n++] = c->lpick[i];
    for (int i = 0; i < nbp; i++)
        cells[n++] = bpick[i];
    hint_begin(c->s, &h);
    hint_add_group(&h, c->box);
    hint_add_group(&h, c->line);
    for (int i = 0; i < n; i++)
        hint_add_cell(&h, cells[i]);
    h.digits = all;
    for (int gi = 0; gi < 2; gi++) {
        int g = gi == 0 ? c->line : c->box;
        digitset ds = all & ~(gi == 0 ? db : c->dl);     /* digits whose places lie in g */
        const struct puzzle_group *grp = &p->groups[g];
        for (int i = 0; i < grp->ncells; i++) {
            int cell = grp->cells[i];
            if (in_list(cells, n, cell))
                continue;
            for (digitset d = ds; d; d &= d - 1)
                hint_add_elim(c->s, &h, cell, lowest_bit(d));
        }
    }
    if (h.nelim == 0)
        return true;
    /* TRANSLATORS: %1$s is a box (a Jigsaw's region in the second form) and %2$s a line;
     * %3$s the cells where they meet, %4$s cells of the line and %5$s of the box, each with
     * their digits; %6$d how many cells; %7$s and %8$s digits. */
    hint_say(&h, p->groups[c->box].kind == GROUP_REGION
             ? _("where %1$s meets %2$s, %3$s join %4$s of the line and %5$s of the region: %6$d cells "
                 "with %6$d digits between them, and no digit has places both in the line's cells "
                 "and in the region's, so each digit is there once. So %7$s cannot be elsewhere in "
                 "%2$s, nor %8$s elsewhere in %1$s")
             : _("where %1$s meets %2$s, %3$s join %4$s of the line and %5$s of the box: %6$d cells "
                 "with %6$d digits between them, and no digit has places both in the line's cells "
                 "and in the box's, so each digit is there once. So %7$s cannot be elsewhere in "
                 "%2$s, nor %8$s elsewhere in %1$s"),
             hint_group(&h, c->box), hint_group(&h, c->line),
             cells_digits_words(&h, c->core, c->ncore, c->vcore), cells_digits_words(&h, c->lpick, c->nlp, c->dl),
             cells_digits_words(&h, bpick, nbp, db), n, hint_digits(&h, all & ~db, HINT_AND),
             hint_digits(&h, all & ~c->dl, HINT_AND));
    hint_say_eliminations(&h);
    return hint_emit(c->s, &h);
}

/* Box cells from index start on, their digits apart from the line cells'. */
static bool sdc_box(struct sdc *c, int start, int *bpick, int nbp, digitset db)
{
    const struct hint_position *pos = c->s->pos;
    int ncells = c->ncore + c->nlp + nbp;

    if (nbp > 0 && digits_count(c->vcore | c->dl | db) == ncells
        && digits_count(c->vcore | c->dl) > c->ncore + c->nlp
        && digits_count(c->vcore | db) > c->ncore + nbp && !sdc_emit(c, bpick, nbp, db))
        return false;
    if (nbp == 3)
        return true;
    for (int i = start; i < c->nb; i++) {
        digitset next = db | pos->cands[c->bonly[i]];
        if ((next & c->dl) || digits_count(c->vcore | c->dl | next) > ncells + 1 + (2 - nbp))
            continue;
        bpick[nbp] = c->bonly[i];
        if (!sdc_box(c, i + 1, bpick, nbp + 1, next))
            return false;
    }
    return true;
}

/* Line cells from index start on; each choice then tries the box cells. */
static bool sdc_line(struct sdc *c, int start)
{
    const struct hint_position *pos = c->s->pos;
    int bpick[3];

    if (c->nlp > 0 && !sdc_box(c, 0, bpick, 0, 0))
        return false;
    if (c->nlp == 3)
        return true;
    for (int i = start; i < c->nl; i++) {
        digitset saved = c->dl, cand = pos->cands[c->lonly[i]];
        int excess = digits_count(c->vcore | c->dl | cand) - (c->ncore + c->nlp + 1);
        /* A line cell must bring digits of the core, else it only adds to the count; and
         * each cell still to come can take the excess of digits over cells down by one. */
        if (!(cand & c->vcore) || excess > (2 - c->nlp) + 3)
            continue;
        c->dl |= cand;
        c->lpick[c->nlp++] = c->lonly[i];
        if (!sdc_line(c, i + 1))
            return false;
        c->nlp--;
        c->dl = saved;
    }
    return true;
}

static bool sdc_at(struct hint_search *s, int box, int line)
{
    const struct hint_position *pos = s->pos;
    const struct puzzle *p = pos->p;
    const struct puzzle_group *bg = &p->groups[box], *lg = &p->groups[line];
    struct sdc c = { .s = s, .box = box, .line = line };
    int inter[PUZZLE_MAX_DIGIT], ni = 0;

    /* The cells joining the intersection: few candidates each (SDC_MAX_DIGITS), as in
     * every Sue de Coq worth a hint; more would make the count of digits too large. */
    for (int i = 0; i < lg->ncells; i++) {
        int cell = lg->cells[i];
        if (!is_empty(pos, cell))
            continue;
        if (hint_in_group(p, cell, box))
            inter[ni++] = cell;
        else if (digits_count(pos->cands[cell]) <= SDC_MAX_DIGITS)
            c.lonly[c.nl++] = cell;
    }
    for (int i = 0; i < bg->ncells; i++)
        if (is_empty(pos, bg->cells[i]) && !hint_in_group(p, bg->cells[i], line)
            && digits_count(pos->cands[bg->cells[i]]) <= SDC_MAX_DIGITS)
            c.bonly[c.nb++] = bg->cells[i];
    if (ni < 2)
        return true;
    /* Every subset of two or more intersection cells (at most 2^k - k - 1 of them). */
    for (int mask = 0; mask < (1 << ni); mask++) {
        if (digits_count((uint32_t)mask) < 2 || digits_count((uint32_t)mask) > 3)
            continue;
        c.ncore = 0;
        c.vcore = 0;
        for (int i = 0; i < ni; i++) {
            if (mask & (1 << i)) {
                c.core[c.ncore++] = inter[i];
                c.vcore |= pos->cands[inter[i]];
            }
        }
        if (digits_count(c.vcore) < c.ncore + 2)
            continue;
        c.nlp = 0;
        c.dl = 0;
        if (!sdc_line(&c, 0))
            return false;
    }
    return true;
}

void hint_find_sue_de_coq(struct hint_search *s)
{
    const struct puzzle *p = s->pos->p;

    /* A Jigsaw region is a box, a Sudoku X diagonal a line: the argument only asks that
     * each hold every digit once. */
    for (int box = 0; box < p->ngroups; box++) {
        if (p->groups[box].kind != GROUP_BOX && p->groups[box].kind != GROUP_REGION)
            continue;
        for (int line = 0; line < p->ngroups; line++) {
            enum group_kind k = p->groups[line].kind;
            if ((k == GROUP_ROW || k == GROUP_COLUMN || k == GROUP_DIAGONAL) && !sdc_at(s, box, line))
                return;
        }
    }
}
