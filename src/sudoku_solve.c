/* sudoku_solve.c: the general Sudoku search, any size: candidate masks, singles, locked candidates, fewest-candidates branching. */
#include "config.h"
#include "solve.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

/* The search is written once and instantiated twice, with a constant `observed`, so a
 * batch run without an observer carries no test for it in the inner loops. */
#if defined(__GNUC__)
#define SEARCH_INLINE static inline __attribute__((always_inline))
#else
#define SEARCH_INLINE static inline
#endif

/* The number of digits in a set, inline: without a popcount instruction (the default
 * x86-64 target has none) __builtin_popcount is a call, in the search's inner loops. */
static inline int count_digits(digitset x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    return (int)((x * 0x01010101u) >> 24);
}

/* Where a line and a box meet (two or more cells): the positions of those cells in the
 * line and in the box, as masks of the places entries (see struct search). */
struct crossing {
    int16_t line, box;
    uint32_t in_line, in_box;
};

/* A branch point: the cell guessed, the digits still to try there, and where the trail
 * stood before the first guess, so each further guess starts from the same state. */
struct branch {
    int cell;
    digitset untried;
    int choice, nchoices;
    int trail_mark;
    int nempty;
};

struct search {
    const struct puzzle *p;
    const struct solve_observer *observer;
    struct solve_result *res;
    long limit;
    digitset all;           /* digits 1..max_digit */
    uint8_t *grid;          /* the working grid */
    digitset *cand;         /* per empty cell: the digits still possible there */
    int nempty;
    int *trail;             /* cells placed, in order, so backing up can empty them */
    int ntrail;
    int *queue;             /* cells left with one candidate, still to place */
    int qhead, qtail;
    /* Without an observer: per group and digit, the positions within the group (bit i:
     * the group's i-th cell) of the cells that can take the digit (a placed cell counts
     * for its own), kept as candidates go, so that a digit left with one place is found
     * when it happens (queued in hidden) rather than by a pass over every group changed
     * since the last, and a placed digit's peers that hold it, or the cells a locked
     * digit leaves, are visited without looking at the others.  The observer keeps the
     * passes, whose order of steps it shows.  Digit d at d - 1. */
    uint32_t *places;       /* [group * max_digit + digit - 1] */
    uint8_t (*place_pos)[3];    /* per cell and group k: the cell's position in the group */
    int *hidden;            /* the places index of a digit fallen to one place */
    int hhead, htail;
    uint32_t *saved_places; /* per branch: places as it was before its first guess */
    size_t saved_places_cap;
    /* Per group: the digits whose places changed since the group's last look for locked
     * candidates (a propagated state has none: the look at a digit's places finds all
     * it can, and places only shrink). */
    digitset lock_dirty[3 * SUDOKU_MAX_SIZE];
    /* The crossings of lines and boxes, and per group and position the crossings the
     * cell there lies in (a box's cell: its row's and its column's; a line's: its box's),
     * -1 where there is none. */
    struct crossing *crossings;
    int16_t (*crossing_at)[2];  /* [group * max_digit + position] */
    /* Each cell's peers (the other cells of its groups, once each, in group order) from
     * peer_start[cell] to peer_start[cell + 1], and room for those that lose a digit. */
    int16_t *peers, *hits;
    int *peer_start;
    /* Groups whose candidates changed since their last hidden-single check: a
     * propagated state has none, so only these need looking at again. */
    uint8_t dirty[3 * SUDOKU_MAX_SIZE];
    int empty_in[3 * SUDOKU_MAX_SIZE];     /* per group: its empty cells, kept as cells fill */
    struct branch *branches;
    int depth;              /* branches open: the guesses on the current branch */
    size_t branches_cap;
    digitset *saved;        /* per branch: cand as it was before its first guess */
    size_t saved_cap;       /* in digitsets */
    struct solve_stats stats;
    const struct solve_budget *budget;
    bool reading_order;     /* branch on the first empty cell, not the most constrained */
    bool stop;              /* the observer asked to stop */
    bool gave_up;           /* the budget ran out */
};

/* Reports a step; false when the observer asks to stop. */
static bool report_step(struct search *s, enum solve_step_kind kind, int cell, int digit,
                        int choice, int nchoices, int group)
{
    struct solve_step step = {
        .kind = kind, .cell = cell, .digit = digit, .depth = s->depth,
        .choice = choice, .nchoices = nchoices, .group = group, .grid = s->grid,
    };

    if (s->observer->step(&step, s->observer->user) != 0)
        s->stop = true;
    return !s->stop;
}

static bool report(struct search *s, enum solve_step_kind kind, int cell, int digit,
                   int choice, int nchoices)
{
    return report_step(s, kind, cell, digit, choice, nchoices, -1);
}

/* Notes that the candidates of cell's groups changed. */
SEARCH_INLINE void touch_groups(struct search *s, bool observed, int cell)
{
    if (!observed)
        return;     /* the counts of places do this work (see struct search) */
    const int16_t *groups = s->p->cell_groups[cell];

    /* Every Sudoku cell lies in exactly three groups. */
    s->dirty[groups[0]] = s->dirty[groups[1]] = s->dirty[groups[2]] = 1;
}

/* Notes that cell lost the candidates in lost (no observer): a digit of one of its groups
 * left with one place is queued, one left with none is a dead end (false). */
SEARCH_INLINE bool lose_places(struct search *s, int cell, digitset lost)
{
    const int16_t *groups = s->p->cell_groups[cell];
    int stride = s->p->max_digit;
    int base[3] = { groups[0] * stride - 1, groups[1] * stride - 1, groups[2] * stride - 1 };
    const uint8_t *pos = s->place_pos[cell];
    uint32_t keep[3] = { ~(1u << pos[0]), ~(1u << pos[1]), ~(1u << pos[2]) };
    unsigned none = 0;
    /* In locals: the stores through places would otherwise make the compiler reload
     * s->htail and s->hidden after every entry. */
    uint32_t *places = s->places;
    int *hidden = s->hidden, htail = s->htail;

    for (int k = 0; k < 3; k++)
        s->lock_dirty[groups[k]] |= lost;
    /* Without a branch on each entry, which goes either way at random: the queue takes
     * every entry and keeps those left with one place or none (none is a dead end). */
    for (; lost != 0; lost &= lost - 1) {
        int d = lowest_bit(lost);

        for (int k = 0; k < 3; k++) {
            int at = base[k] + d;
            uint32_t left = places[at] &= keep[k];

            hidden[htail] = at;
            htail += (left & (left - 1)) == 0;
            none |= left == 0;
        }
    }
    s->htail = htail;
    return !none;
}

/* Reports a dead end at cell (no candidate left) or, with cell -1, in group g where
 * digit d has no place left; false. */
SEARCH_INLINE bool dead_end(struct search *s, bool observed, int cell, int g, int d)
{
    if (observed && !s->stop)
        report_step(s, STEP_CONTRADICTION, cell, d, 0, 0, g);
    return false;
}

/* Removes d from a peer's candidates (no observer); false at a dead end. */
SEARCH_INLINE bool take_from_peer(struct search *s, int peer, int d)
{
    digitset left = s->cand[peer] &= ~(1u << d);

    if (left == 0 || !lose_places(s, peer, 1u << d))
        return false;
    if ((left & (left - 1)) == 0)
        s->queue[s->qtail++] = peer;
    return true;
}

/* The peers of cell that can still take d, into s->hits (their number returned),
 * gathered without a branch per peer (which would go either way at random); a placed
 * peer never can, as its digit left the candidates of this cell when it was placed. */
SEARCH_INLINE int gather_peers_with(struct search *s, int cell, int d)
{
    const int16_t *next = s->peers + s->peer_start[cell];
    const int16_t *end = s->peers + s->peer_start[cell + 1];
    int nhits = 0;

    for (; next < end; next++) {
        s->hits[nhits] = *next;
        nhits += (int)((s->cand[*next] >> d) & 1u);
    }
    return nhits;
}

/* Removes digit d from the cells of group g at the positions in others (no observer);
 * false at a dead end. */
SEARCH_INLINE bool take_from_group(struct search *s, int g, uint32_t others, int d)
{
    const int *cells = s->p->groups[g].cells;

    for (; others != 0; others &= others - 1)
        if (!take_from_peer(s, cells[__builtin_ctz(others)], d))
            return false;
    return true;
}

/* Removes digit d, just placed in cell, from its peers (no observer): in each of the
 * cell's groups, the cells its places entry names, without looking at the other peers.
 * False at a dead end. */
SEARCH_INLINE bool take_from_peers(struct search *s, int cell, int d)
{
    const int16_t *groups = s->p->cell_groups[cell];

    for (int k = 0; k < 3; k++) {
        /* Read now: a peer met in an earlier group has left this one's entry too. */
        uint32_t others = s->places[groups[k] * s->p->max_digit + d - 1]
                          & ~(1u << s->place_pos[cell][k]);

        if (!take_from_group(s, groups[k], others, d))
            return false;
    }
    return true;
}

/* Puts d in cell and removes it from the candidates of the cell's peers; false at a
 * peer left with no candidate (or when the observer stops the search). */
SEARCH_INLINE bool place(struct search *s, bool observed, int cell, int d,
                         enum solve_step_kind kind, int choice, int nchoices)
{
    const struct puzzle *p = s->p;
    digitset bit = 1u << d;

    if (!observed && !lose_places(s, cell, s->cand[cell] & ~bit))
        return false;
    s->grid[cell] = (uint8_t)d;
    s->cand[cell] = bit;
    s->trail[s->ntrail++] = cell;
    s->nempty--;
    for (int k = 0; k < 3; k++)
        s->empty_in[p->cell_groups[cell][k]]--;
    touch_groups(s, observed, cell);
    if (observed && !report(s, kind, cell, d, choice, nchoices))
        return false;
    if (!observed)
        return take_from_peers(s, cell, d);
    {
        int nhits = gather_peers_with(s, cell, d);

        for (int i = 0; i < nhits; i++) {
            int peer = s->hits[i];
            digitset left;

            left = s->cand[peer] &= ~bit;
            touch_groups(s, observed, peer);
            if (observed && !report(s, STEP_ELIMINATE, peer, d, 0, 0))
                return false;
            if (left == 0)
                return dead_end(s, observed, peer, -1, 0);
            if (!observed && !lose_places(s, peer, bit))
                return false;
            if ((left & (left - 1)) == 0)
                s->queue[s->qtail++] = peer;
        }
    }
    return true;
}

/* Places every cell that has a single candidate, and what those placements force. */
SEARCH_INLINE bool place_naked_singles(struct search *s, bool observed)
{
    while (s->qhead < s->qtail) {
        int cell = s->queue[s->qhead++];

        if (s->grid[cell] == 0
            && !place(s, observed, cell, lowest_bit(s->cand[cell]), STEP_PLACE, 0, 0))
            return false;
    }
    return true;
}

/* Places digit d in the one empty cell of group g that can still take it. */
SEARCH_INLINE bool place_hidden_single(struct search *s, bool observed,
                                       const struct puzzle_group *grp, int d)
{
    digitset bit = 1u << d;

    /* A placed cell's candidates are its digit: one test finds either. */
    for (int i = 0; i < grp->ncells; i++) {
        int cell = grp->cells[i];

        if (!(s->cand[cell] & bit))
            continue;
        if (s->grid[cell] == d)
            return true;    /* placed meanwhile */
        return place(s, observed, cell, d, STEP_PLACE, 0, 0);
    }
    /* Its only cell took another hidden single of the same group. */
    return dead_end(s, observed, -1, (int)(grp - s->p->groups), d);
}

/* One pass over the groups placing each digit that fits only one cell of a group.
 * Returns -1 at a dead end, else the number of digits placed. */
SEARCH_INLINE int place_hidden_singles(struct search *s, bool observed)
{
    const struct puzzle *p = s->p;
    int placed = 0;

    for (int g = 0; g < p->ngroups; g++) {
        const struct puzzle_group *grp = &p->groups[g];
        digitset once = 0, twice = 0, filled = 0, hidden;

        if (!s->dirty[g])
            continue;
        s->dirty[g] = 0;
        for (int i = 0; i < grp->ncells; i++) {
            int cell = grp->cells[i];

            if (s->grid[cell] != 0) {
                filled |= 1u << s->grid[cell];
            } else {
                twice |= once & s->cand[cell];
                once |= s->cand[cell];
            }
        }
        if ((once | filled) != s->all) {
            dead_end(s, observed, -1, g, lowest_bit(s->all & ~(once | filled)));
            return -1;
        }
        for (hidden = once & ~twice; hidden != 0; hidden &= hidden - 1) {
            if (!place_hidden_single(s, observed, grp, lowest_bit(hidden)))
                return -1;
            placed++;
        }
    }
    return placed;
}

/* Without an observer: places the digits queued as left with one place in a group (see
 * places).  Returns -1 at a dead end, else the number of digits placed. */
SEARCH_INLINE int place_queued_hidden(struct search *s)
{
    int placed = 0;

    while (s->hhead < s->htail) {
        int at = s->hidden[s->hhead++];
        uint32_t entry = s->places[at];
        int g = at / s->p->max_digit, d = at - g * s->p->max_digit + 1;
        int cell;

        if (entry == 0)
            continue;       /* none left: the dead end was met when it fell to 0 */
        cell = s->p->groups[g].cells[__builtin_ctz(entry)];
        if (s->grid[cell] == d)
            continue;       /* placed meanwhile */
        if (!(s->cand[cell] & (1u << d)) || !place(s, false, cell, d, STEP_PLACE, 0, 0))
            return -1;
        placed++;
        /* Its placements queue naked singles: those first, as the observed pass does. */
        if (s->qhead < s->qtail)
            break;
    }
    return placed;
}

/* Removes the digits in digits from an empty cell's candidates.  Returns -1 at a dead
 * end, 1 if anything was removed, else 0. */
SEARCH_INLINE int eliminate(struct search *s, bool observed, int cell, digitset digits)
{
    digitset hit = s->cand[cell] & digits, left;

    if (s->grid[cell] != 0 || hit == 0)
        return 0;
    left = s->cand[cell] &= ~hit;
    touch_groups(s, observed, cell);
    if (observed)
        for (digitset h = hit; h != 0; h &= h - 1)
            if (!report(s, STEP_ELIMINATE, cell, lowest_bit(h), 0, 0))
                return -1;
    if (left == 0) {
        dead_end(s, observed, cell, -1, 0);
        return -1;
    }
    if (!observed && !lose_places(s, cell, hit))
        return -1;
    if ((left & (left - 1)) == 0)
        s->queue[s->qtail++] = cell;
    return 1;
}

/* The candidates of the empty cells of each row segment (a row within one stack of
 * boxes) and each column segment (a column within one band). */
struct segments {
    digitset row[SUDOKU_MAX_SIZE][SUDOKU_MAX_SIZE];     /* [row][stack] */
    digitset col[SUDOKU_MAX_SIZE][SUDOKU_MAX_SIZE];     /* [column][band] */
};

static void collect_segments(const struct search *s, struct segments *seg)
{
    const struct puzzle *p = s->p;
    int n = p->max_digit;

    /* Boxes by band and stack: no division per cell.  A placed cell counts with its
     * candidates, which are its digit alone: that digit is in no other cell of the box or
     * the line, so it can neither point nor claim. */
    for (int r = 0, band = 0; r < n; band++) {
        /* A band's column segments row by row, along the contiguous rows of cand (a
         * loop the compiler runs several columns at a time), then stored once. */
        digitset down[SUDOKU_MAX_SIZE] = { 0 };

        for (int rr = 0; rr < p->box_rows; rr++, r++) {
            const digitset *cand = s->cand + r * n;

            for (int c = 0; c < n; c++)
                down[c] |= cand[c];
            for (int c = 0, stack = 0; c < n; stack++) {
                digitset segment = 0;

                for (int cc = 0; cc < p->box_cols; cc++, c++)
                    segment |= cand[c];
                seg->row[r][stack] = segment;
            }
        }
        for (int c = 0; c < n; c++)
            seg->col[c][band] = down[c];
    }
}

/* Locked candidates along one line through one box.  The segment is where the line
 * and the box meet; a digit the rest of the box cannot take must go in the segment,
 * so the rest of the line loses it (pointing), and the other way round (claiming).
 * line_out and box_out are the cells of the line and of the box outside the segment. */
SEARCH_INLINE int lock_segment(struct search *s, bool observed, digitset segment,
                               digitset box_rest, digitset line_rest,
                               const int *line_out, int nline_out,
                               const int *box_out, int nbox_out)
{
    digitset pointing = segment & ~box_rest & line_rest;
    digitset claiming = segment & ~line_rest & box_rest;
    int changed = 0;

    for (int i = 0; pointing != 0 && i < nline_out; i++) {
        int r = eliminate(s, observed, line_out[i], pointing);
        if (r < 0)
            return -1;
        changed |= r;
    }
    for (int i = 0; claiming != 0 && i < nbox_out; i++) {
        int r = eliminate(s, observed, box_out[i], claiming);
        if (r < 0)
            return -1;
        changed |= r;
    }
    return changed;
}

/* The digits of some segments: in at least one of them, and in at least two. */
struct spread {
    digitset once, twice;
};

static void spread_add(struct spread *sp, digitset segment)
{
    sp->twice |= sp->once & segment;
    sp->once |= segment;
}

/* For each line, the spread of its segments along it (rows across the stacks, columns
 * down the bands), and for each box, of its row segments and of its column segments:
 * what else the box and the line hold, for each segment, without a loop over the others. */
static void spread_segments(const struct puzzle *p, const struct segments *seg,
                            struct spread *rows_of_line, struct spread *cols_of_line,
                            struct spread *rows_of_box, struct spread *cols_of_box)
{
    int n = p->max_digit, bands = n / p->box_rows, stacks = n / p->box_cols;

    memset(rows_of_line, 0, (size_t)n * sizeof *rows_of_line);
    memset(cols_of_line, 0, (size_t)n * sizeof *cols_of_line);
    memset(rows_of_box, 0, (size_t)n * sizeof *rows_of_box);
    memset(cols_of_box, 0, (size_t)n * sizeof *cols_of_box);
    /* The boxes of a line found by counting, not dividing: a division by a size known
     * only at run time costs more than the rest of the loop body. */
    for (int line = 0, line_band = 0, row_in_band = 0, line_stack = 0, col_in_stack = 0;
         line < n; line++) {
        struct spread *row_boxes = rows_of_box + line_band * stacks;

        for (int stack = 0; stack < stacks; stack++) {
            spread_add(&rows_of_line[line], seg->row[line][stack]);
            spread_add(&row_boxes[stack], seg->row[line][stack]);
        }
        for (int band = 0; band < bands; band++) {
            spread_add(&cols_of_line[line], seg->col[line][band]);
            spread_add(&cols_of_box[band * stacks + line_stack], seg->col[line][band]);
        }
        if (++row_in_band == p->box_rows) {
            row_in_band = 0;
            line_band++;
        }
        if (++col_in_stack == p->box_cols) {
            col_in_stack = 0;
            line_stack++;
        }
    }
}

/* Where box (band, stack) meets its line `line` (a row when across, else a column):
 * the cells of the line outside the box, and of the box outside the line. */
static void segment_outsides(const struct puzzle *p, int band, int stack, int line, bool across,
                             int *line_out, int *nline_out, int *box_out, int *nbox_out)
{
    int n = p->max_digit, r0 = band * p->box_rows, c0 = stack * p->box_cols;

    /* The box's cells along the line: from `from`, `width` of them (no division). */
    int from = across ? c0 : r0, width = across ? p->box_cols : p->box_rows;

    *nline_out = *nbox_out = 0;
    for (int k = 0; k < n; k++) {
        if (k >= from && k < from + width)
            continue;
        line_out[(*nline_out)++] = across ? line * n + k : k * n + line;
    }
    for (int r = r0; r < r0 + p->box_rows; r++)
        for (int c = c0; c < c0 + p->box_cols; c++)
            if (across ? r != line : c != line)
                box_out[(*nbox_out)++] = r * n + c;
}

/* One pass of locked candidates over every box and line.  Returns -1 at a dead end,
 * else whether any candidate was removed. */
SEARCH_INLINE int lock_candidates(struct search *s, bool observed)
{
    const struct puzzle *p = s->p;
    int n = p->max_digit, bands = n / p->box_rows, stacks = n / p->box_cols;
    struct segments seg;
    int line_out[SUDOKU_MAX_SIZE], box_out[SUDOKU_MAX_SIZE];
    int changed = 0;

    struct spread rows_of_line[SUDOKU_MAX_SIZE], cols_of_line[SUDOKU_MAX_SIZE];
    struct spread rows_of_box[SUDOKU_MAX_SIZE], cols_of_box[SUDOKU_MAX_SIZE];

    collect_segments(s, &seg);
    spread_segments(p, &seg, rows_of_line, cols_of_line, rows_of_box, cols_of_box);
    for (int band = 0; band < bands; band++) {
        for (int stack = 0; stack < stacks; stack++) {
            for (int across = 0; across <= 1; across++) {
                int first = across ? band * p->box_rows : stack * p->box_cols;
                int count = across ? p->box_rows : p->box_cols;
                const struct spread *box = across ? &rows_of_box[band * stacks + stack]
                                                  : &cols_of_box[band * stacks + stack];

                for (int line = first; line < first + count; line++) {
                    digitset here = across ? seg.row[line][stack] : seg.col[line][band];
                    const struct spread *whole = across ? &rows_of_line[line] : &cols_of_line[line];
                    /* In another segment: in one and not here, or in two. */
                    digitset box_rest = (box->once & ~here) | box->twice;
                    digitset line_rest = (whole->once & ~here) | whole->twice;
                    int nline_out, nbox_out, r;

                    if (here == 0)
                        continue;
                    if ((here & ~box_rest & line_rest) == 0 && (here & ~line_rest & box_rest) == 0)
                        continue;
                    segment_outsides(p, band, stack, line, across, line_out, &nline_out,
                                     box_out, &nbox_out);
                    r = lock_segment(s, observed, here, box_rest, line_rest,
                                     line_out, nline_out, box_out, nbox_out);
                    if (r < 0)
                        return -1;
                    changed |= r;
                }
            }
        }
    }
    return changed;
}

/* Locked candidates from digit d's places in group g (no observer): where they lie
 * within one of g's crossings, the group on the other side of it loses d outside it.
 * Returns -1 at a dead end, else whether any candidate was removed. */
SEARCH_INLINE int lock_digit(struct search *s, int g, int d)
{
    int stride = s->p->max_digit;
    uint32_t here = s->places[g * stride + d - 1];
    const int16_t *at = s->crossing_at[g * stride + __builtin_ctz(here)];

    /* One place is a placed cell (singles come first), which locks nothing new. */
    if ((here & (here - 1)) == 0)
        return 0;
    for (int j = 0; j < 2 && at[j] >= 0; j++) {
        const struct crossing *x = &s->crossings[at[j]];
        bool from_box = x->box == g;
        int other = from_box ? x->line : x->box;
        uint32_t others;

        if ((here & ~(from_box ? x->in_box : x->in_line)) != 0)
            continue;
        others = s->places[other * stride + d - 1] & ~(from_box ? x->in_line : x->in_box);
        if (others == 0)
            return 0;
        return take_from_group(s, other, others, d) ? 1 : -1;
    }
    return 0;
}

/* Locked candidates over the digits whose places changed (no observer; see lock_dirty).
 * Returns -1 at a dead end, else whether any candidate was removed. */
SEARCH_INLINE int lock_changed(struct search *s)
{
    int changed = 0;

    for (int g = 0; g < s->p->ngroups; g++) {
        digitset digits = s->lock_dirty[g];

        s->lock_dirty[g] = 0;
        for (; digits != 0; digits &= digits - 1) {
            int r = lock_digit(s, g, lowest_bit(digits));

            if (r < 0)
                return -1;
            changed |= r;
        }
    }
    return changed;
}

/* Looks for a digit for the i-th of cells, taking one from another cell that can move
 * to a digit not yet seen (an augmenting path); owner[d] is the cell holding digit d. */
static bool match_cell(const struct search *s, const int *cells, int *owner, int i,
                       digitset *seen)
{
    for (digitset c = s->cand[cells[i]]; c != 0; c &= c - 1) {
        int d = lowest_bit(c);

        if (*seen & (1u << d))
            continue;
        *seen |= 1u << d;
        if (owner[d] < 0 || match_cell(s, cells, owner, owner[d], seen)) {
            owner[d] = i;
            return true;
        }
    }
    return false;
}

/* Whether the empty cells of group g can all take different digits of their
 * candidates (a matching of cells to digits): where they cannot, say five cells
 * left with only four digits among them, no solution remains, though no cell or
 * digit has run out of places yet. */
static bool group_matches(const struct search *s, int g)
{
    const struct puzzle_group *grp = &s->p->groups[g];
    int cells[SUDOKU_MAX_SIZE], owner[PUZZLE_MAX_DIGIT + 1], n = 0;

    for (int i = 0; i < grp->ncells; i++)
        if (s->grid[grp->cells[i]] == 0)
            cells[n++] = grp->cells[i];
    for (int d = 0; d <= PUZZLE_MAX_DIGIT; d++)
        owner[d] = -1;
    for (int i = 0; i < n; i++) {
        digitset seen = 0;

        if (!match_cell(s, cells, owner, i, &seen))
            return false;
    }
    return true;
}

/* Whether every group can still be completed (see group_matches). */
static bool groups_match(const struct search *s)
{
    for (int g = 0; g < s->p->ngroups; g++)
        if (!group_matches(s, g))
            return false;
    return true;
}

/* Applies naked and hidden singles, then locked candidates, until nothing changes;
 * false at a dead end.  The search for the smallest solution, whose order of cells
 * cannot follow the constraints, also looks for groups that cannot be completed. */
SEARCH_INLINE bool propagate(struct search *s, bool observed)
{
    for (;;) {
        int placed, removed;

        if (!place_naked_singles(s, observed))
            return false;
        if (s->nempty == 0)
            return true;
        placed = observed ? place_hidden_singles(s, observed) : place_queued_hidden(s);
        if (placed < 0)
            return false;
        if (placed > 0)
            continue;
        removed = observed ? lock_candidates(s, observed) : lock_changed(s);
        if (removed < 0)
            return false;
        if (removed == 0)
            return !s->reading_order || groups_match(s) || dead_end(s, observed, -1, -1, 0);
    }
}

/* The empty cell with two candidates whose groups hold the most empty cells, the first
 * in reading order among equals; -1 if none has two.  One test per cell: a propagated
 * state has no empty cell with one candidate, and a placed cell's candidates are its
 * digit alone, so two digits mean an empty pair. */
static int pair_cell(const struct search *s)
{
    const struct puzzle *p = s->p;
    const int *empty_in = s->empty_in;
    int best = -1, best_reach = -1;

    /* The pairs of 64 cells at a time as bits, without a branch per cell (which would
     * go either way at random), then only those looked at. */
    for (int from = 0; from < p->ncells; from += 64) {
        int to = from + 64 < p->ncells ? from + 64 : p->ncells;
        uint64_t pairs = 0;

        for (int cell = from; cell < to; cell++) {
            digitset rest = s->cand[cell] & (s->cand[cell] - 1);

            pairs |= (uint64_t)((rest != 0) & ((rest & (rest - 1)) == 0)) << (cell - from);
        }
        for (; pairs != 0; pairs &= pairs - 1) {
            int cell = from + __builtin_ctzll(pairs);
            const int16_t *groups = p->cell_groups[cell];
            int reach = empty_in[groups[0]] + empty_in[groups[1]] + empty_in[groups[2]];

            if (reach > best_reach) {
                best = cell;
                best_reach = reach;
            }
        }
    }
    return best;
}

/* The empty cell with the fewest candidates; among equals, the one whose groups hold
 * the most empty cells (its digit then constrains the most), then the first in reading
 * order.  The tie-break halves the nodes on hard 16x16 puzzles. */
static int most_constrained_cell(const struct search *s)
{
    const struct puzzle *p = s->p;
    int best = pair_cell(s), best_count = PUZZLE_MAX_DIGIT + 1, best_reach = -1;
    const int *empty_in = s->empty_in;

    if (best >= 0)
        return best;
    for (int cell = 0; cell < p->ncells; cell++) {
        const int16_t *groups = p->cell_groups[cell];
        int count, reach;

        if (s->grid[cell] != 0)
            continue;
        if (best_count <= 2) {
            /* The common case once a pair is found: only pairs matter, and a third
             * digit is seen without counting them all. */
            digitset rest = s->cand[cell] & (s->cand[cell] - 1);

            if (rest & (rest - 1))
                continue;
        }
        count = count_digits(s->cand[cell]);
        if (count > best_count)
            continue;
        reach = empty_in[groups[0]] + empty_in[groups[1]] + empty_in[groups[2]];
        if (count < best_count || reach > best_reach) {
            best = cell;
            best_count = count;
            best_reach = reach;
        }
    }
    return best;
}

/* The first empty cell in reading order: digits tried ascending there make the first
 * solution found the smallest in reading order (propagation only removes digits that no
 * solution has, so it changes how fast, not which). */
static int first_empty_cell(const struct search *s)
{
    for (int cell = 0; cell < s->p->ncells; cell++)
        if (s->grid[cell] == 0)
            return cell;
    return -1;
}

/* Opens a branch point at the most constrained cell, saving the state to return to. */
static void open_branch(struct search *s)
{
    size_t n = (size_t)s->p->ncells;
    int cell = s->reading_order ? first_empty_cell(s) : most_constrained_cell(s);
    struct branch *b;

    s->branches = xgrow(s->branches, &s->branches_cap, (size_t)s->depth + 1, sizeof *s->branches);
    if (((size_t)s->depth + 1) * n > s->saved_cap) {
        s->saved_cap = ((size_t)s->depth + 1) * n * 2;
        s->saved = xrealloc(s->saved, s->saved_cap * sizeof *s->saved);
    }
    memcpy(s->saved + (size_t)s->depth * n, s->cand, n * sizeof *s->cand);
    if (s->places != NULL) {
        size_t np = (size_t)s->p->ngroups * (size_t)s->p->max_digit;

        if (((size_t)s->depth + 1) * np > s->saved_places_cap) {
            s->saved_places_cap = ((size_t)s->depth + 1) * np * 2;
            s->saved_places = xrealloc(s->saved_places, s->saved_places_cap * sizeof *s->places);
        }
        memcpy(s->saved_places + (size_t)s->depth * np, s->places, np * sizeof *s->places);
    }
    b = &s->branches[s->depth++];
    *b = (struct branch){
        .cell = cell, .untried = s->cand[cell], .nchoices = count_digits(s->cand[cell]),
        .trail_mark = s->ntrail, .nempty = s->nempty,
    };
}

/* Empties the cells placed since branch b opened, latest first, and restores its state. */
SEARCH_INLINE bool undo_branch(struct search *s, bool observed, const struct branch *b)
{
    size_t n = (size_t)s->p->ncells;

    while (s->ntrail > b->trail_mark) {
        int cell = s->trail[--s->ntrail];
        int d = s->grid[cell];

        s->grid[cell] = 0;
        for (int k = 0; k < 3; k++)
            s->empty_in[s->p->cell_groups[cell][k]]++;
        if (observed && !report(s, STEP_BACKTRACK, cell, d, 0, 0))
            return false;
    }
    memcpy(s->cand, s->saved + (size_t)(s->depth - 1) * n, n * sizeof *s->cand);
    if (s->places != NULL) {
        size_t np = (size_t)s->p->ngroups * (size_t)s->p->max_digit;

        memcpy(s->places, s->saved_places + (size_t)(s->depth - 1) * np, np * sizeof *s->places);
        memset(s->lock_dirty, 0, sizeof s->lock_dirty);
    }
    s->nempty = b->nempty;
    memset(s->dirty, 0, sizeof s->dirty);  /* the branch opened on a propagated state */
    return true;
}

/* Undoes the current guess and places the next digit of the innermost branch that has
 * one left.  Returns 1 when a guess is placed, 0 when it fails at once, -1 when the
 * search is over (no branch left, or stopped). */
SEARCH_INLINE int next_guess(struct search *s, bool observed)
{
    while (s->depth > 0) {
        struct branch *b = &s->branches[s->depth - 1];
        int d;

        if (b->choice > 0) {
            s->stats.backtracks++;
            if (!undo_branch(s, observed, b))
                return -1;
        }
        if (b->untried == 0) {
            s->depth--;
            continue;
        }
        if ((d = solve_take_guess(&b->untried, &b->choice, &s->stats, s->budget, &s->gave_up)) < 0)
            return -1;
        s->qhead = s->qtail = 0;
        s->hhead = s->htail = 0;
        if (place(s, observed, b->cell, d, STEP_GUESS, b->choice, b->nchoices))
            return 1;
        return s->stop ? -1 : 0;
    }
    return -1;
}

/* Records a solution; false when the search should end (limit reached or stopped). */
SEARCH_INLINE bool found_solution(struct search *s, bool observed)
{
    solve_keep_solution(s->res, s->grid, s->p->ncells);
    if (observed && !report(s, STEP_SOLVED, -1, 0, 0, 0))
        return false;
    return s->res->count < s->limit;
}

/* Candidates of every empty cell from the digits placed in its groups; false when some
 * cell has none. */
SEARCH_INLINE bool init_candidates(struct search *s, bool observed, const digitset *used)
{
    const struct puzzle *p = s->p;

    for (int cell = 0; cell < p->ncells; cell++) {
        digitset c = s->all;

        if (s->grid[cell] != 0) {
            s->cand[cell] = 1u << s->grid[cell];   /* what place() leaves, too */
            continue;
        }
        s->nempty++;
        for (int k = 0; k < 3; k++)
            s->empty_in[p->cell_groups[cell][k]]++;
        for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][k] >= 0; k++)
            c &= ~used[p->cell_groups[cell][k]];
        s->cand[cell] = c;
        if (c == 0)
            return dead_end(s, observed, cell, -1, 0);
        if ((c & (c - 1)) == 0)
            s->queue[s->qtail++] = cell;
    }
    return true;
}

/* Counts the places of every digit in every group from the candidates (no observer);
 * false when a digit has none in some group. */
static bool count_places(struct search *s)
{
    const struct puzzle *p = s->p;
    int stride = p->max_digit;

    memset(s->places, 0, (size_t)p->ngroups * (size_t)stride * sizeof *s->places);
    for (int cell = 0; cell < p->ncells; cell++) {
        digitset c = s->grid[cell] != 0 ? 1u << s->grid[cell] : s->cand[cell];

        for (int k = 0; k < 3; k++) {
            int row = p->cell_groups[cell][k] * stride - 1;

            for (digitset b = c; b != 0; b &= b - 1)
                s->places[row + lowest_bit(b)] |= 1u << s->place_pos[cell][k];
        }
    }
    for (int g = 0; g < p->ngroups; g++) {
        s->lock_dirty[g] = s->all;
        for (int d = 1; d <= p->max_digit; d++) {
            int at = g * stride + d - 1;
            uint32_t entry = s->places[at];

            if (entry == 0)
                return false;
            if ((entry & (entry - 1)) == 0)
                s->hidden[s->htail++] = at;
        }
    }
    return true;
}

SEARCH_INLINE void run_search(struct search *s, bool observed, const digitset *used)
{
    bool ok;

    s->stats.nodes++;
    ok = init_candidates(s, observed, used) && (observed || count_places(s))
         && propagate(s, observed);
    for (;;) {
        int r;

        if (s->stop)
            break;
        if (ok && s->nempty == 0) {
            if (!found_solution(s, observed))
                break;
        } else if (ok) {
            open_branch(s);
        }
        r = next_guess(s, observed);
        if (r < 0)
            break;
        ok = r > 0 && propagate(s, observed);
    }
}

static void run_quiet(struct search *s, const digitset *used)
{
    run_search(s, false, used);
}

static void run_observed(struct search *s, const digitset *used)
{
    run_search(s, true, used);
}

/* The digits placed in each group; false if one repeats or is out of range. */
static bool group_digits(const struct puzzle *p, const uint8_t *grid, digitset *used)
{
    for (int g = 0; g < p->ngroups; g++) {
        const struct puzzle_group *grp = &p->groups[g];

        used[g] = 0;
        for (int i = 0; i < grp->ncells; i++) {
            int d = grid[grp->cells[i]];

            if (d == 0)
                continue;
            if (d > p->max_digit || (used[g] & (1u << d)))
                return false;
            used[g] |= 1u << d;
        }
    }
    return true;
}

/* Lists each cell's peers (see struct search), for the observed search. */
static void build_peers(struct search *s)
{
    const struct puzzle *p = s->p;
    int *seen = xmalloc((size_t)p->ncells * sizeof *seen), n = 0;
    size_t cap = (size_t)p->ncells * 3 * SUDOKU_MAX_SIZE;

    s->peer_start = xmalloc(((size_t)p->ncells + 1) * sizeof *s->peer_start);
    s->peers = xmalloc(cap * sizeof *s->peers);
    for (int cell = 0; cell < p->ncells; cell++)
        seen[cell] = -1;
    for (int cell = 0; cell < p->ncells; cell++) {
        s->peer_start[cell] = n;
        seen[cell] = cell;
        /* Every Sudoku cell lies in exactly three groups. */
        for (int k = 0; k < 3; k++) {
            const struct puzzle_group *grp = &p->groups[p->cell_groups[cell][k]];

            for (int i = 0; i < grp->ncells; i++) {
                if (seen[grp->cells[i]] != cell && (size_t)n < cap) {
                    seen[grp->cells[i]] = cell;
                    s->peers[n++] = (int16_t)grp->cells[i];
                }
            }
        }
    }
    s->peer_start[p->ncells] = n;
    s->hits = xmalloc((size_t)p->ncells * sizeof *s->hits);
    free(seen);
}

/* Each cell's position in each of its groups (bits of the places entries), for the
 * search without an observer. */
static void build_positions(struct search *s)
{
    const struct puzzle *p = s->p;

    s->place_pos = xmalloc((size_t)p->ncells * sizeof *s->place_pos);
    for (int g = 0; g < p->ngroups; g++)
        for (int i = 0; i < p->groups[g].ncells; i++) {
            int cell = p->groups[g].cells[i];

            /* Every Sudoku cell lies in exactly three groups. */
            for (int k = 0; k < 3; k++)
                if (p->cell_groups[cell][k] == g)
                    s->place_pos[cell][k] = (uint8_t)i;
        }
}

/* The crossings of lines and boxes (see struct search): each box's cells, row by row
 * and column by column, are where the box meets a line. */
static void build_crossings(struct search *s)
{
    const struct puzzle *p = s->p;
    int n = p->max_digit, nx = 0;

    s->crossings = xmalloc((size_t)n * (size_t)(p->box_rows + p->box_cols) * sizeof *s->crossings);
    s->crossing_at = xmalloc((size_t)p->ngroups * (size_t)n * sizeof *s->crossing_at);
    memset(s->crossing_at, 0xff, (size_t)p->ngroups * (size_t)n * sizeof *s->crossing_at);
    for (int box = 0; box < p->ngroups; box++) {
        const struct puzzle_group *grp = &p->groups[box];
        int first = nx;     /* this box's crossings from here */

        if (grp->kind != GROUP_BOX)
            continue;
        for (int i = 0; i < grp->ncells; i++) {
            int cell = grp->cells[i];

            for (int k = 0; k < 3; k++) {
                int line = p->cell_groups[cell][k], x;

                if (line == box)
                    continue;
                /* The crossing of this box and line, made at the first cell met. */
                for (x = nx - 1; x >= first && !(s->crossings[x].box == box && s->crossings[x].line == line); x--)
                    ;
                if (x < first) {
                    x = nx++;
                    s->crossings[x] = (struct crossing){ .line = (int16_t)line, .box = (int16_t)box };
                }
                s->crossings[x].in_box |= 1u << i;
                s->crossings[x].in_line |= 1u << s->place_pos[cell][k];
                s->crossing_at[box * n + i][p->groups[line].kind == GROUP_COLUMN] = (int16_t)x;
                s->crossing_at[line * n + s->place_pos[cell][k]][0] = (int16_t)x;
            }
        }
    }
}

static void general_solve(const struct puzzle *p, const uint8_t *grid,
                          const struct solve_request *req, struct solve_result *res,
                          const digitset *used, bool reading_order)
{
    size_t n = (size_t)p->ncells;
    struct search s = {
        .p = p, .observer = req->observer, .res = res, .limit = req->limit,
        .budget = &req->budget, .reading_order = reading_order,
        .all = ((1u << (p->max_digit + 1)) - 1) & ~1u,
        .grid = xmalloc(n), .cand = xmalloc(n * sizeof *s.cand),
        .trail = xmalloc(n * sizeof *s.trail), .queue = xmalloc(n * sizeof *s.queue),
    };

    memcpy(s.grid, grid, n);
    memset(s.dirty, 1, sizeof s.dirty);
    if (s.observer != NULL) {
        build_peers(&s);
        run_observed(&s, used);
    } else {
        size_t np = (size_t)p->ngroups * (size_t)p->max_digit;

        build_positions(&s);
        build_crossings(&s);
        s.places = xmalloc(np * sizeof *s.places);
        /* Each (group, digit) falls to one place at most once between two guesses, and
         * the last call of lose_places may queue each of its entries once more (none
         * left: a dead end). */
        s.hidden = xmalloc((np + 3 * PUZZLE_MAX_DIGIT) * sizeof *s.hidden);
        run_quiet(&s, used);
    }
    res->stopped = s.stop;
    res->gave_up = s.gave_up;
    res->stats.nodes += s.stats.nodes;
    res->stats.guesses += s.stats.guesses;
    res->stats.backtracks += s.stats.backtracks;
    free(s.grid);
    free(s.cand);
    free(s.trail);
    free(s.queue);
    free(s.branches);
    free(s.saved);
    free(s.places);
    free(s.place_pos);
    free(s.crossings);
    free(s.crossing_at);
    free(s.hidden);
    free(s.saved_places);
    free(s.peers);
    free(s.hits);
    free(s.peer_start);
}

/* Whether there is a search to run: a Sudoku, a limit, and givens that do not clash
 * already (their digits per group into used). */
static bool search_wanted(const struct puzzle *p, const uint8_t *grid,
                          const struct solve_request *req, struct solve_result *res, digitset *used)
{
    res->count = 0;
    res->stopped = res->gave_up = false;
    return p->ngroups <= 3 * SUDOKU_MAX_SIZE && req->limit >= 1 && group_digits(p, grid, used);
}

void sudoku_solve_general(const struct puzzle *p, const uint8_t *grid,
                          const struct solve_request *req, struct solve_result *res)
{
    digitset used[3 * SUDOKU_MAX_SIZE];     /* per group: the digits placed */

    if (p->variant != 0) {
        variant_solve(p, grid, req, res);
        return;
    }
    if (search_wanted(p, grid, req, res, used))
        general_solve(p, grid, req, res, used, false);
}

void sudoku_solve(const struct puzzle *p, const uint8_t *grid,
                  const struct solve_request *req, struct solve_result *res)
{
    digitset used[3 * SUDOKU_MAX_SIZE];

    if (req->strategy == SOLVE_PLAIN) {
        solve_plain(p, grid, req, res);
        return;
    }
    if (p->variant != 0) {      /* the searches below know only rows, columns and boxes */
        variant_solve(p, grid, req, res);
        return;
    }
    /* The batch 9x9 path finds clashing digits itself; the others are checked first. */
    if (p->max_digit == 9 && p->box_rows == 3 && req->observer == NULL) {
        res->count = sudoku9_solve_within(grid, req->limit, res->solution, &res->stats,
                                          &req->budget, &res->gave_up);
        res->stopped = false;
    } else if (!search_wanted(p, grid, req, res, used)) {
        return;
    } else if (p->max_digit == 9 && p->box_rows == 3) {
        sudoku9_solve_observed(p, grid, req, res);
    } else {
        general_solve(p, grid, req, res, used, false);
    }
}

int sudoku_solve_smallest(const struct puzzle *p, const uint8_t *grid, const uint8_t *known,
                          uint8_t *solution, const struct solve_budget *budget,
                          struct solve_stats *stats)
{
    digitset used[3 * SUDOKU_MAX_SIZE];
    struct solve_request req = { .limit = 1, .budget = *budget };
    struct solve_result res = { .solution = solution };

    if (p->variant != 0)
        return variant_solve_smallest(p, grid, known, solution, budget, stats);
    if (!search_wanted(p, grid, &req, &res, used))
        return SOLVE_NONE;
    general_solve(p, grid, &req, &res, used, true);
    solve_stats_add(stats, &res.stats);
    if (res.count > 0)
        return SOLVE_SEVERAL;
    if (!res.gave_up)
        return SOLVE_NONE;
    /* Out of budget: known is a solution, if perhaps not the first. */
    memcpy(solution, known, (size_t)p->ncells);
    return SOLVE_SEVERAL_UNORDERED;
}
