/* hint_wings.c: bent sets (WXYZ-wing and larger) and aligned pair and triple exclusion,
 * on the groups of any Sudoku size. */
#include "config.h"
#include "hint.h"

#include <stdlib.h>
#include <string.h>

#include "hint_cellset.h"
#include "i18n.h"
#include "util.h"

static bool is_empty(const struct hint_position *pos, int cell)
{
    return !pos->p->block[cell] && !pos->grid[cell];
}

static bool in_list(const int *v, int n, int x)
{
    for (int i = 0; i < n; i++)
        if (v[i] == x)
            return true;
    return false;
}

/* The empty cells of groups g1 and g2, each once; their count. */
static int union_cells(const struct hint_position *pos, int g1, int g2, int *out)
{
    int n = 0;

    for (int k = 0; k < 2; k++) {
        const struct puzzle_group *grp = &pos->p->groups[k == 0 ? g1 : g2];
        for (int i = 0; i < grp->ncells; i++)
            if (is_empty(pos, grp->cells[i]) && (k == 0 || !hint_in_group(pos->p, grp->cells[i], g1)))
                out[n++] = grp->cells[i];
    }
    return n;
}

/* --- Bent sets: N cells within a box and a line crossing it, or a row and a column,
 * holding N digits, all but at most one of them restricted (every two cells that can hold
 * it see each other) --- */

#define BENT_MAX 5
#define BENT_MAX_FOUND 256      /* cell sets reported in one search: a crossing found twice */

struct bent {
    struct hint_search *s;
    cellset *peers;
    int n;                              /* the size looked for */
    int g1, g2;
    int pool[4 * PUZZLE_MAX_DIGIT], npool;
    int nfirst;                         /* the pool's cells of g1 only, first in it */
    int pick[BENT_MAX];
    cellset found[BENT_MAX_FOUND];      /* the sets reported, so that none is twice */
    int nfound;
    struct elim_seen seen;
};

/* The digits with two places among the cells that do not see each other. */
static digitset loose_digits(const struct bent *b)
{
    const struct hint_position *pos = b->s->pos;
    digitset loose = 0;

    for (int i = 0; i < b->n; i++)
        for (int j = i + 1; j < b->n; j++)
            if (!cellset_has(&b->peers[b->pick[i]], b->pick[j]))
                loose |= pos->cands[b->pick[i]] & pos->cands[b->pick[j]];
    return loose;
}

/* Whether some cells of the set hold no more digits than cells: a naked subset inside,
 * which makes it a simpler pattern. */
static bool has_locked_part(const struct hint_position *pos, const int *cells, int n)
{
    for (int mask = 1; mask < (1 << n) - 1; mask++) {
        digitset u = 0;
        for (int i = 0; i < n; i++)
            if (mask & (1 << i))
                u |= pos->cands[cells[i]];
        if (digits_count(u) <= digits_count((uint32_t)mask))
            return true;
    }
    return false;
}

static bool bent_seen(struct bent *b, const int *cells, int n)
{
    cellset set;
    int nw = cellset_words(b->s->pos->p);

    cellset_clear(&set);
    for (int i = 0; i < n; i++)
        cellset_add(&set, cells[i]);
    for (int i = 0; i < b->nfound; i++)
        if (cellset_within(&set, &b->found[i], nw) && cellset_within(&b->found[i], &set, nw))
            return true;
    if (b->nfound < BENT_MAX_FOUND)
        b->found[b->nfound++] = set;
    return false;
}

static bool bent_emit(struct bent *b, digitset digits)
{
    const struct hint_position *pos = b->s->pos;
    const struct puzzle *p = pos->p;
    digitset loose = loose_digits(b);
    cellset holders, pattern, t;
    struct hint h;

    if ((loose & (loose - 1)) != 0 || hint_cells_share_group(p, b->pick, b->n)
        || has_locked_part(pos, b->pick, b->n))
        return true;
    hint_begin(b->s, &h);
    hint_add_group(&h, b->g1);
    hint_add_group(&h, b->g2);
    h.digits = digits;
    cellset_clear(&pattern);
    for (int i = 0; i < b->n; i++) {
        hint_add_cell(&h, b->pick[i]);
        cellset_add(&pattern, b->pick[i]);
    }
    /* With one loose digit z the set holds z; with none it holds every digit once. */
    for (digitset ds = loose ? loose : digits; ds; ds &= ds - 1) {
        int d = lowest_bit(ds), nw = cellset_words(p);
        cellset_clear(&holders);
        for (int i = 0; i < b->n; i++)
            if (pos->cands[b->pick[i]] & (1u << d))
                cellset_add(&holders, b->pick[i]);
        hint_cells_seeing_all(pos, b->peers, &holders, d, &pattern, &t);
        for (int c = cellset_next(&t, 0, nw); c >= 0; c = cellset_next(&t, c + 1, nw))
            hint_add_elim(b->s, &h, c, d);
    }
    if (h.nelim == 0 || bent_seen(b, b->pick, b->n) || elim_seen_before(&b->seen, &h))
        return true;
    /* TRANSLATORS: %1$s are the cells, in %2$s and %3$s; %4$s their digits, %5$d how many
     * (as many as cells). */
    hint_say(&h, _("%1$s, in %2$s and %3$s, hold only %4$s: %5$d digits for %5$d cells. "),
             hint_cells(&h, b->pick, b->n, HINT_AND), hint_group(&h, b->g1), hint_group(&h, b->g2),
             hint_digits(&h, digits, HINT_AND), b->n);
    if (loose)
        hint_say(&h, _("Every digit but %1$c can go in at most one of them (its places see each "
                       "other), so without %1$c they could not all be filled: one of them is %1$c, "
                       "and a cell seeing all its places for %1$c cannot be %1$c"),
                 hint_digit_symbol(lowest_bit(loose)));
    else
        hint_say(&h, "%s", _("Each digit can go in at most one of them (its places see each other), "
                             "so each is there once, and a cell seeing all the places of a digit "
                             "cannot take it"));
    hint_say_eliminations(&h);
    return hint_emit(b->s, &h);
}

/* Grows the set from pool index start; loose: the digits shared so far by two cells that
 * do not see each other, of which there may be one. */
static bool bent_pick(struct bent *b, int start, int k, digitset digits, digitset loose)
{
    const struct hint_position *pos = b->s->pos;

    if (k == b->n)
        return digits_count(digits) != b->n || bent_emit(b, digits);
    /* Not all in one unit, a set has a cell of g1 only: they come first in the pool, so
     * the set's first cell is one of them. */
    int end = k == 0 ? b->nfirst - 1 : b->npool - (b->n - k);

    for (int i = start; i <= end; i++) {
        int cell = b->pool[i];
        digitset next = digits | pos->cands[cell], next_loose = loose;
        if (digits_count(next) > b->n)
            continue;
        for (int j = 0; j < k; j++)
            if (!cellset_has(&b->peers[cell], b->pick[j]))
                next_loose |= pos->cands[cell] & pos->cands[b->pick[j]];
        if (next_loose & (next_loose - 1))
            continue;
        b->pick[k] = cell;
        if (!bent_pick(b, i + 1, k + 1, next, next_loose))
            return false;
    }
    return true;
}

/* Looks for sets within the empty cells of groups g1 and g2 (g1 a line); false when the
 * search was stopped. */
static bool bent_crossing(struct bent *b, int g1, int g2)
{
    const struct hint_position *pos = b->s->pos;
    const struct puzzle *p = pos->p;
    int cells[4 * PUZZLE_MAX_DIGIT], where[4 * PUZZLE_MAX_DIGIT];
    int m = union_cells(pos, g1, g2, cells);

    b->g1 = g1;
    b->g2 = g2;
    b->npool = 0;
    for (int i = 0; i < m; i++)                 /* 1: g1 only, 3: both, 2: g2 only */
        where[i] = digits_count(pos->cands[cells[i]]) > b->n ? 0
                   : hint_in_group(p, cells[i], g1) + 2 * hint_in_group(p, cells[i], g2);
    for (int pass = 0; pass < 3; pass++) {
        for (int i = 0; i < m; i++)
            if (where[i] == (int[]){ 1, 3, 2 }[pass])
                b->pool[b->npool++] = cells[i];
        if (pass == 0)
            b->nfirst = b->npool;
    }
    return b->npool < b->n || bent_pick(b, 0, 0, 0, 0);
}

/* The line of that kind through group g2's jth cell, or -1 when an earlier cell of g2
 * lies on it too: each crossing is searched once. */
static int crossing_line(const struct puzzle *p, int g2, int j, enum group_kind kind)
{
    const struct puzzle_group *grp = &p->groups[g2];
    int g1 = hint_group_of_kind(p, grp->cells[j], kind);

    for (int i = 0; i < j && g1 >= 0; i++)
        if (hint_in_group(p, grp->cells[i], g1))
            return -1;
    return g1;
}

/* Sukaku Explainer's wings that no box and line hold: N-1 cells of the line g1 and a
 * cell y of two digits, first in the pool, on a line crossing g1 at a cell x but in
 * another box (in x's box, box and line hold them).  y sees no cell of g1 but x, so x
 * holds one of y's digits, the one whose places see each other, and is in the set. */
static bool bent_wings_across(struct bent *b, int g1)
{
    const struct hint_position *pos = b->s->pos;
    const struct puzzle *p = pos->p;
    const struct puzzle_group *line = &p->groups[g1];
    enum group_kind across = line->kind == GROUP_ROW ? GROUP_COLUMN : GROUP_ROW;

    b->npool = b->nfirst = 1;
    for (int k = 0; k < line->ncells; k++)
        if (is_empty(pos, line->cells[k]) && digits_count(pos->cands[line->cells[k]]) <= b->n)
            b->pool[b->npool++] = line->cells[k];
    b->g1 = g1;
    for (int k = 1; k < b->npool && b->npool >= b->n && !b->s->stopped; k++) {
        int x = b->pool[k], box = hint_group_of_kind(p, x, GROUP_BOX);
        b->g2 = hint_group_of_kind(p, x, across);
        for (int i = 0; b->g2 >= 0 && i < p->groups[b->g2].ncells; i++) {
            int y = p->groups[b->g2].cells[i];
            if (!is_empty(pos, y) || digits_count(pos->cands[y]) != 2 || hint_in_group(p, y, box)
                || (pos->cands[y] & pos->cands[x]) == 0)
                continue;
            b->pool[0] = y;
            if (!bent_pick(b, 0, 0, 0, 0))
                return false;
        }
    }
    return true;
}

static void bent_sets(struct hint_search *s, int n)
{
    const struct puzzle *p = s->pos->p;
    struct bent *b = xmalloc(sizeof *b);        /* found[] needs no clearing: 20 KB */

    b->nfound = 0;
    memset(&b->seen, 0, sizeof b->seen);
    b->s = s;
    b->n = n;
    b->peers = hint_peer_sets(p);
    /* A box and a line crossing it (g1 the line, g2 the box).  A row and a column, with
     * 17 cells, would cost twice as much again: there only the sets of SE's shape, an
     * almost locked set of one line and a cell of two digits, are looked for. */
    for (int g2 = 0; g2 < p->ngroups && !s->stopped; g2++) {
        const struct puzzle_group *grp = &p->groups[g2];
        if (grp->kind != GROUP_BOX)
            continue;
        for (int j = 0; j < 2 * grp->ncells && !s->stopped; j++) {
            int g1 = crossing_line(p, g2, j / 2, j % 2 ? GROUP_COLUMN : GROUP_ROW);
            if (g1 >= 0 && !bent_crossing(b, g1, g2))
                break;
        }
    }
    for (int g1 = 0; g1 < p->ngroups && !s->stopped; g1++)
        if ((p->groups[g1].kind == GROUP_ROW || p->groups[g1].kind == GROUP_COLUMN)
            && !bent_wings_across(b, g1))
            break;
    free(b->peers);
    free(b);
}

void hint_find_wxyz_wing(struct hint_search *s)
{
    bent_sets(s, 4);
}

void hint_find_bent_set(struct hint_search *s)
{
    bent_sets(s, 5);
}

/* --- Aligned exclusion: of the digits two or three aligned cells could take together,
 * drop the combinations that would leave a cell seeing them without a candidate --- */

#define ALIGNED_MAX_EXCLUDERS 64

struct aligned {
    struct hint_search *s;
    const cellset *peers;
    cellset small;                              /* empty cells with 1 to k candidates */
    int k;
    int cells[3];
    bool see[3][3];                             /* which aligned cells see each other */
    int excl[ALIGNED_MAX_EXCLUDERS], nexcl;     /* cells a combination may empty */
    uint8_t sees[ALIGNED_MAX_EXCLUDERS];        /* per excluder: which aligned cells it sees */
    int last[ALIGNED_MAX_EXCLUDERS];            /* the last of those, where it is checked */
    uint64_t used;                              /* the excluders that ruled a combination out */
    struct elim_seen seen;                      /* what was reported */
    int digit[3];
    digitset allowed[3];
};

/* Whether digit[0..i] still fits: no two seeing cells share a digit, and no excluder
 * whose aligned cells are all chosen has lost every candidate. */
static bool fits_so_far(struct aligned *a, int i)
{
    const struct hint_position *pos = a->s->pos;

    for (int j = 0; j < i; j++)
        if (a->digit[j] == a->digit[i] && a->see[i][j])
            return false;
    for (int e = 0; e < a->nexcl; e++) {
        digitset taken = 0;
        if (a->last[e] != i)
            continue;
        for (int j = 0; j <= i; j++)
            if (a->sees[e] & (1u << j))
                taken |= 1u << a->digit[j];
        if ((pos->cands[a->excl[e]] & ~taken) == 0) {
            a->used |= 1ull << e;
            return false;
        }
    }
    return true;
}

/* A fitting combination from cell i on, cell want taking digit v: true when found, its
 * digits then proven possible. */
static bool fitting_from(struct aligned *a, int i, int want, int v)
{
    const struct hint_position *pos = a->s->pos;

    if (i == a->k) {
        for (int j = 0; j < a->k; j++)
            a->allowed[j] |= 1u << a->digit[j];
        return true;
    }
    for (digitset ds = i == want ? 1u << v : pos->cands[a->cells[i]]; ds; ds &= ds - 1) {
        a->digit[i] = lowest_bit(ds);
        if (fits_so_far(a, i) && fitting_from(a, i + 1, want, v))
            return true;
    }
    return false;
}

/* Each candidate of the aligned cells not yet seen in a fitting combination looks for
 * one; most find one at once, and those that cannot are the eliminations. */
static bool some_excluded(struct aligned *a)
{
    const struct hint_position *pos = a->s->pos;
    bool excluded = false;

    for (int i = 0; i < a->k; i++)
        a->allowed[i] = 0;
    for (int i = 0; i < a->k; i++)
        for (digitset ds = pos->cands[a->cells[i]] & ~a->allowed[i]; ds; ds &= ds - 1)
            if (!(a->allowed[i] & (ds & -ds)) && !fitting_from(a, 0, i, lowest_bit(ds)))
                excluded = true;
    return excluded;
}

/* Whether one unit holds every aligned cell and every excluder. */
static bool one_unit_holds(const struct puzzle *p, const struct aligned *a)
{
    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[a->cells[0]][k] >= 0; k++) {
        int g = p->cell_groups[a->cells[0]][k];
        bool all = true;
        for (int i = 1; i < a->k && all; i++)
            all = hint_in_group(p, a->cells[i], g);
        for (int e = 0; e < a->nexcl && all; e++)
            all = hint_in_group(p, a->excl[e], g);
        if (all)
            return true;
    }
    return false;
}

/* The cells that can run out of candidates: of two (the cells with few candidates seeing
 * at least two of the aligned cells), those with no more candidates than the aligned
 * cells they see. */
static void find_excluders(struct aligned *a, const cellset *two)
{
    const struct hint_position *pos = a->s->pos;
    const cellset *peers = a->peers;
    int nw = cellset_words(pos->p);

    a->nexcl = 0;
    for (int c = cellset_next(two, 0, nw); c >= 0; c = cellset_next(two, c + 1, nw)) {
        uint8_t sees = 0;
        int last = 0;
        digitset reach = 0;             /* what the aligned cells it sees could take */
        if (in_list(a->cells, a->k, c))
            continue;
        for (int i = 0; i < a->k; i++)
            if (cellset_has(&peers[a->cells[i]], c)) {
                sees |= (uint8_t)(1u << i);
                reach |= pos->cands[a->cells[i]];
                last = i;
            }
        if (digits_count(pos->cands[c]) > digits_count(sees) || (pos->cands[c] & ~reach)
            || a->nexcl >= ALIGNED_MAX_EXCLUDERS)
            continue;
        a->sees[a->nexcl] = sees;
        a->last[a->nexcl] = last;
        a->excl[a->nexcl++] = c;
    }
}

/* Keeps the excluders that ruled some combination out, for the text. */
static void keep_used_excluders(struct aligned *a)
{
    int n = 0;

    for (int e = 0; e < a->nexcl; e++) {
        if (a->used & (1ull << e)) {
            a->excl[n] = a->excl[e];
            a->sees[n++] = a->sees[e];
        }
    }
    a->nexcl = n;
}

static bool aligned_emit(struct aligned *a)
{
    const struct hint_position *pos = a->s->pos;
    struct hint h;
    digitset all = 0;

    hint_begin(a->s, &h);
    for (int i = 0; i < a->k; i++) {
        hint_add_cell(&h, a->cells[i]);
        all |= pos->cands[a->cells[i]];
        for (digitset ds = pos->cands[a->cells[i]] & ~a->allowed[i]; ds; ds &= ds - 1)
            hint_add_elim(a->s, &h, a->cells[i], lowest_bit(ds));
    }
    for (int e = 0; e < a->nexcl; e++)
        hint_add_cell(&h, a->excl[e]);
    h.digits = all;
    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && pos->p->cell_groups[a->cells[0]][k] >= 0; k++)
        if (hint_in_group(pos->p, a->cells[1], pos->p->cell_groups[a->cells[0]][k]))
            hint_add_group(&h, pos->p->cell_groups[a->cells[0]][k]);
    if (elim_seen_before(&a->seen, &h))
        return true;
    if (!h.quiet) {
        struct hint_buf seeing = HINT_BUF_INIT, unused = HINT_BUF_INIT;
        for (int e = 0; e < a->nexcl; e++)
            /* TRANSLATORS: a cell and its candidates: "r1c2 (1 or 2)". */
            hint_buf_add(&seeing, "%s%s", e == 0 ? "" : _(", "),
                         hint_words(&h, _("%1$s (%2$s)"), hint_cell(&h, a->excl[e]),
                                    hint_digits(&h, pos->cands[a->excl[e]], HINT_OR)));
        for (int i = 0; i < a->k; i++) {
            digitset gone = pos->cands[a->cells[i]] & ~a->allowed[i];
            if (!gone)
                continue;
            /* TRANSLATORS: between the clauses of "uses 3 or 5 in r1c1, nor 2 in r1c2". */
            hint_buf_add(&unused, "%s", unused.len == 0 ? "" : _(", nor "));
            /* TRANSLATORS: digits a combination does not use, in a cell: "3 or 5 in r1c1". */
            hint_buf_add(&unused, _("%1$s in %2$s"), hint_digits(&h, gone, HINT_OR),
                         hint_cell(&h, a->cells[i]));
        }
        /* TRANSLATORS: %1$s are the aligned cells, %2$s the cells seeing them with their
         * candidates, %3$s the digits no combination uses, cell by cell. */
        hint_say(&h, _("of the digits %1$s could take together, a combination fails when it gives "
                       "two of them that see each other the same digit, or leaves no candidate to a "
                       "cell seeing them: %2$s. No combination that fits uses %3$s"),
                 hint_cells(&h, a->cells, a->k, HINT_AND), seeing.s, unused.s);
    }
    hint_say_eliminations(&h);
    return hint_emit(a->s, &h);
}

static bool aligned_at(struct aligned *a, const cellset *two)
{
    find_excluders(a, two);
    if (a->nexcl == 0 || one_unit_holds(a->s->pos->p, a))
        return true;
    for (int i = 0; i < a->k; i++)
        for (int j = 0; j < a->k; j++)
            a->see[i][j] = cellset_has(&a->peers[a->cells[i]], a->cells[j]);
    a->used = 0;
    if (!some_excluded(a))
        return true;
    keep_used_excluders(a);
    /* Excluders all in one unit with the aligned cells make a subset's logic: found
     * earlier, and not what this technique is for. */
    return one_unit_holds(a->s->pos->p, a) || aligned_emit(a);
}

/* Pairs: two empty cells sharing a unit, each pair once. */
static void aligned_pairs(struct aligned *a)
{
    const struct hint_position *pos = a->s->pos;
    int nw = cellset_words(pos->p);

    for (int c = 0; c < pos->p->ncells && !a->s->stopped; c++) {
        if (!is_empty(pos, c))
            continue;
        for (int d = cellset_next(&a->peers[c], c + 1, nw); d >= 0 && !a->s->stopped;
             d = cellset_next(&a->peers[c], d + 1, nw)) {
            cellset two = a->peers[c];
            if (!is_empty(pos, d))
                continue;
            cellset_and(&two, &a->peers[d], nw);
            cellset_and(&two, &a->small, nw);
            if (cellset_empty(&two, nw))
                continue;
            a->cells[0] = c;
            a->cells[1] = d;
            aligned_at(a, &two);
        }
    }
}

/* Triples: three empty cells of one unit, with a cell outside the unit that sees two of
 * them and has few candidates (excluders inside the unit alone are a subset's logic). */
static void aligned_triples(struct aligned *a)
{
    const struct hint_position *pos = a->s->pos;
    const struct puzzle *p = pos->p;
    const cellset *peers = a->peers;
    int nw = cellset_words(p);

    for (int g = 0; g < p->ngroups && !a->s->stopped; g++) {
        const struct puzzle_group *grp = &p->groups[g];
        int cells[PUZZLE_MAX_DIGIT], m = 0;
        cellset outside = a->small;
        for (int i = 0; i < grp->ncells; i++) {
            outside.w[grp->cells[i] >> 6] &= ~(1ull << (grp->cells[i] & 63));
            if (is_empty(pos, grp->cells[i]))
                cells[m++] = grp->cells[i];
        }
        for (int i = 0; i < m; i++) {
            for (int j = i + 1; j < m; j++) {
                cellset both = peers[cells[i]], either = peers[cells[i]];
                cellset_and(&both, &peers[cells[j]], nw);
                cellset_or(&either, &peers[cells[j]], nw);
                for (int l = j + 1; l < m && !a->s->stopped; l++) {
                    cellset two = either;
                    cellset_and(&two, &peers[cells[l]], nw);
                    cellset_or(&two, &both, nw);
                    cellset_and(&two, &a->small, nw);
                    if (!cellset_meets(&two, &outside, nw))
                        continue;
                    a->cells[0] = cells[i];
                    a->cells[1] = cells[j];
                    a->cells[2] = cells[l];
                    aligned_at(a, &two);
                }
            }
        }
    }
}

static void aligned(struct hint_search *s, int k)
{
    const struct hint_position *pos = s->pos;
    cellset *peers = hint_peer_sets(pos->p);
    struct aligned *a = xcalloc(1, sizeof *a);

    a->s = s;
    a->k = k;
    a->peers = peers;
    for (int c = 0; c < pos->p->ncells; c++)
        if (is_empty(pos, c) && digits_count(pos->cands[c]) <= k)
            cellset_add(&a->small, c);
    if (k == 2)
        aligned_pairs(a);
    else
        aligned_triples(a);
    free(a);
    free(peers);
}

void hint_find_aligned_pair(struct hint_search *s)
{
    aligned(s, 2);
}

void hint_find_aligned_triple(struct hint_search *s)
{
    aligned(s, 3);
}
