/* sudoku9_x.c: the batch search for 9x9 Sudoku X: the plain 9x9 band search, plus the two diagonals as units. */
#include "config.h"
#include "sudoku9_x.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "puzzle.h"
#include "sudoku9_bands.h"
#include "util.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/*
 * The general variant search (variant_fast.c) holds an X grid as one 128-bit word per
 * digit and its units as masks; the plain 9x9 search (sudoku9.c) holds it as three band
 * words per digit, whose box-line shrinking does in a few table look-ups what the masks
 * do unit pair by unit pair.  An X grid is a plain grid and two units more, so it is
 * searched here as a plain one, with one step added to each digit's propagation: after
 * the band and stack shrinking of digit d, both diagonals are looked at for d, and the
 * shrinking goes on until neither changes d.
 *
 * A diagonal's cells lie in the three boxes it crosses, three cells in each, and its
 * cells' band bits differ from band to band (the main diagonal's are bits 12r + b of
 * band b, the anti-diagonal's 20 - 6r - b), so the OR of its cells in the three band
 * words is the whole diagonal in one word.  For digit d, after each shrinking:
 *  - a diagonal with a cell settled to d keeps d there only (a second one: dead end);
 *  - a box whose d lies on the diagonal only puts d there: the diagonal's cells in the
 *    other boxes lose d (box-diagonal locked candidates);
 *  - a diagonal whose d lies in one box puts d there: the box's cells off the diagonal
 *    lose d (the same the other way), which also places d when the diagonal has one
 *    cell left for it (a hidden single: the box keeps d in that cell alone);
 *  - a diagonal with no cell left for d is a dead end.
 * Then, once the rest is at a fixpoint, each digit changed since the node began is
 * looked at by cases, once a node: d's place on each diagonal lies in one of the boxes it crosses,
 * and with each pair of such boxes (one per diagonal) holding it there, and the other
 * diagonal boxes off the diagonals, d's plane is shrunk again; d keeps only the cells
 * some feasible case keeps.  This finds what the interplay of the diagonals with the
 * rows, columns and boxes of several bands allows and the rules above do not see: on
 * bench_variant's 300 minimal X puzzles, 43.6 nodes a puzzle become 17.6 (22.3 with
 * each diagonal's cases apart) for about twice the cost of a node.
 * What this removes is d's alone, so d is shrunk again, and the cells it settles clear
 * the other digits as in the plain search.  A digit whose cases have been looked at is
 * not looked at again in the same node when what follows changes it: on those 300
 * puzzles that again finds little (17.8 nodes a puzzle against 17.6) for 8% of the
 * instructions (callgrind).  Rows and columns cross a diagonal in one
 * cell and add nothing more.  The branching is the plain search's (a cell with two
 * digits and the most open peers, here counting the diagonals' cells too), or the first
 * open cell in reading order when the smallest solution is wanted, digits ascending so
 * that the first found is it.
 */

/* The cells of a diagonal in band b, and those of box k of a band. */
#define MAIN_DIAGONAL(b) (0x1001001u << (b))
#define ANTI_DIAGONAL(b) (0x104100u >> (b))
#define BAND_BOX(k) (0x1249249u << (k))

struct diagonal {
    uint32_t cells[3];      /* per band: its cells */
    uint32_t off[3];        /* per band: the cells of the box it crosses, off it */
};

/* Diagonal g (0 main, 1 anti) in band b: its cells, and the rest of the box it crosses. */
#define DIAGONAL_CELLS(g, b) ((g) == 0 ? MAIN_DIAGONAL(b) : ANTI_DIAGONAL(b))
#define DIAGONAL_OFF(g, b) (BAND_BOX((g) == 0 ? (b) : 2 - (b)) & ~DIAGONAL_CELLS(g, b))
#define DIAGONAL(g) { { DIAGONAL_CELLS(g, 0), DIAGONAL_CELLS(g, 1), DIAGONAL_CELLS(g, 2) }, \
                      { DIAGONAL_OFF(g, 0), DIAGONAL_OFF(g, 1), DIAGONAL_OFF(g, 2) } }

static const struct diagonal diagonals[2] = { DIAGONAL(0), DIAGONAL(1) };

/*
 * Digit d's shrinking with its diagonals (shrink_digit_x) and its settling
 * (settle_digit_x) come in two forms: in SSE2 lanes, a lane per band, where there is
 * SSE2 (x86-64 always), and a word at a time elsewhere, the code as it was before the
 * lanes, so that those targets run no more instructions than then.
 */
#if defined(__SSE2__)

/*
 * A word per band, as the diagonals' rules and the settling take them: lanes 0-2 of an
 * SSE2 vector, lane 3 0.  In lanes, the cells a digit holds alone in their row, what
 * counts as settled and what is newly settled are worked out for the three bands at
 * once (callgrind, Master X: 4.9% fewer instructions in all than a band at a time).
 */
typedef __m128i band_words;

static inline band_words band_words_of(uint32_t w0, uint32_t w1, uint32_t w2)
{
    return _mm_set_epi32(0, (int)w2, (int)w1, (int)w0);
}

/* The word of band b (a constant once inlined). */
static inline uint32_t band_word(band_words v, int b)
{
    if (b == 1)
        v = _mm_shuffle_epi32(v, _MM_SHUFFLE(1, 1, 1, 1));
    else if (b == 2)
        v = _mm_shuffle_epi32(v, _MM_SHUFFLE(2, 2, 2, 2));
    return (uint32_t)_mm_cvtsi128_si32(v);
}

static inline band_words band_or(band_words a, band_words b)
{
    return _mm_or_si128(a, b);
}

/* a without b. */
static inline band_words band_without(band_words a, band_words b)
{
    return _mm_andnot_si128(b, a);
}

static inline bool band_none(band_words a)
{
    return _mm_movemask_epi8(_mm_cmpeq_epi32(a, _mm_setzero_si128())) == 0xFFFF;
}

/* lone_row_cells in every band; the multiply that widens mini-rows to cells is its
 * three shifts (SSE2 has no 32-bit multiply). */
static inline band_words band_lone_row_cells(band_words w, band_words fixed)
{
    const __m128i slice = _mm_set1_epi32((int)SLICE);
    __m128i a = _mm_and_si128(w, slice), b = _mm_and_si128(_mm_srli_epi32(w, 9), slice);
    __m128i c = _mm_srli_epi32(w, 18);
    __m128i lone = _mm_andnot_si128(_mm_and_si128(_mm_and_si128(a, b), c),
                                    _mm_xor_si128(_mm_xor_si128(a, b), c));

    lone = _mm_and_si128(lone, fixed);
    lone = _mm_or_si128(_mm_or_si128(lone, _mm_slli_epi32(lone, 9)), _mm_slli_epi32(lone, 18));
    return _mm_and_si128(w, lone);
}

/* What the diagonals' rules do to a plane: find a dead end, take nothing, or take cells. */
enum diagonal_outcome { DIAGONALS_DEAD, DIAGONALS_STABLE, DIAGONALS_SHRUNK };

/*
 * Both diagonals' rules for digit d, its plane p (per band) shrunk to the box-line
 * fixpoint, sure the cells counted as settled; p loses what they take.  Without a
 * branch but the outcome's: whether a diagonal has a settled cell for d, and whether it
 * is done (its one cell for d settled), are each about as often so as not, and their
 * branches took 13% of the mispredictions on Master X (cachegrind --branch-sim).  A done
 * diagonal needs no test of its own: its cell is alone in its row at the box-line
 * fixpoint and so alone in its box, and what it loses for the diagonal is not in p.
 * Without the branches, the rules a word at a time ran 5% more instructions for no less
 * CPU; in SSE2 lanes, both diagonals at once, 0.7% more instructions than with the
 * branches (whole kakudo solve -j1 on 300 generated Master X, callgrind: 38.77M against
 * 38.50M; a word at a time without branches 40.47M) and 4% less CPU (bench_runs, least
 * of 60 runs, Master and Expert).
 */

/* Per diagonal, per band (lanes 0-2): its cells and the rest of the box it crosses.
 * Lane 3, which no band uses, has every cell on the diagonal and none off it: with p
 * and sure 0 there, it finds nothing, keeps everything and loses nothing from p. */
#define DIAGONAL_LANES(g) { DIAGONAL_CELLS(g, 0), DIAGONAL_CELLS(g, 1), DIAGONAL_CELLS(g, 2), ~0u }
#define OFF_LANES(g) { DIAGONAL_OFF(g, 0), DIAGONAL_OFF(g, 1), DIAGONAL_OFF(g, 2), 0u }
static const _Alignas(16) uint32_t diagonal_lanes[2][2][4] = {
    { DIAGONAL_LANES(0), OFF_LANES(0) }, { DIAGONAL_LANES(1), OFF_LANES(1) },
};

/* Every lane: the OR, or the AND, of x's four lanes. */
static inline __m128i or_lanes(__m128i x)
{
    x = _mm_or_si128(x, _mm_shuffle_epi32(x, _MM_SHUFFLE(1, 0, 3, 2)));
    return _mm_or_si128(x, _mm_shuffle_epi32(x, _MM_SHUFFLE(2, 3, 0, 1)));
}

static inline __m128i and_lanes(__m128i x)
{
    x = _mm_and_si128(x, _mm_shuffle_epi32(x, _MM_SHUFFLE(1, 0, 3, 2)));
    return _mm_and_si128(x, _mm_shuffle_epi32(x, _MM_SHUFFLE(2, 3, 0, 1)));
}

/* Diagonal g's rules, a lane per band: what p loses; *dead gets a nonzero lane at a dead
 * end.  A diagonal's cells are distinct bits in every band, so the OR of its lanes is
 * the whole diagonal in one word, and so is every lane of what it keeps. */
static inline __m128i diagonal_losses(__m128i p, __m128i sure, int g, __m128i *dead)
{
    const __m128i zero = _mm_setzero_si128(), ones = _mm_cmpeq_epi32(zero, zero);
    const __m128i cells = _mm_load_si128((const __m128i *)(const void *)diagonal_lanes[g][0]);
    const __m128i off = _mm_load_si128((const __m128i *)(const void *)diagonal_lanes[g][1]);
    __m128i on = _mm_and_si128(p, cells);
    __m128i settled = or_lanes(_mm_and_si128(on, sure));
    /* settled if any, else on (settled lies inside on). */
    __m128i keep = _mm_and_si128(or_lanes(on), _mm_or_si128(settled, _mm_cmpeq_epi32(settled, zero)));
    __m128i twice = _mm_and_si128(settled, _mm_add_epi32(settled, ones));
    /* A box with d on the diagonal only: the diagonal holds it there. */
    __m128i only_on = _mm_cmpeq_epi32(_mm_and_si128(p, off), zero);

    keep = _mm_and_si128(keep, and_lanes(_mm_or_si128(cells, _mm_andnot_si128(only_on, ones))));
    *dead = _mm_or_si128(*dead, _mm_or_si128(twice, _mm_cmpeq_epi32(keep, zero)));
    /* The diagonal's d in one box: the box holds it on the diagonal. */
    __m128i in_box = _mm_cmpeq_epi32(_mm_andnot_si128(cells, keep), zero);
    return _mm_or_si128(_mm_andnot_si128(keep, cells), _mm_and_si128(in_box, off));
}

/* Both diagonals at once, a lane per band. */
static inline enum diagonal_outcome diagonals_shrink(band_words *p, band_words sure)
{
    const __m128i zero = _mm_setzero_si128();
    __m128i dead = zero;
    __m128i lose = _mm_or_si128(diagonal_losses(*p, sure, 0, &dead), diagonal_losses(*p, sure, 1, &dead));

    if (_mm_movemask_epi8(_mm_cmpeq_epi32(dead, zero)) != 0xFFFF)
        return DIAGONALS_DEAD;
    if (_mm_movemask_epi8(_mm_cmpeq_epi32(_mm_and_si128(*p, lose), zero)) == 0xFFFF)
        return DIAGONALS_STABLE;
    *p = _mm_andnot_si128(lose, *p);
    return DIAGONALS_SHRUNK;
}

/* clear_other_digits for the three bands at once (cells[b] in band b, maybe none): the
 * planes of a group of four digits in the three bands are tested together, one mask of
 * changed digits a group rather than one a band and group, and no loop over the bands
 * (callgrind, Master X: about 75 instructions fewer a call, 4.6% of the whole). */
static inline void clear_other_digits_x(struct state *s, int d, band_words cells)
{
    uint32_t keep[3] = { s->plane[0][d], s->plane[1][d], s->plane[2][d] }, changed = 0;
    const __m128i zero = _mm_setzero_si128();
    const __m128i m0 = _mm_shuffle_epi32(cells, _MM_SHUFFLE(0, 0, 0, 0));
    const __m128i m1 = _mm_shuffle_epi32(cells, _MM_SHUFFLE(1, 1, 1, 1));
    const __m128i m2 = _mm_shuffle_epi32(cells, _MM_SHUFFLE(2, 2, 2, 2));

    for (int e = 0; e < PLANE_WORDS; e += 4) {
        __m128i *p0 = (__m128i *)(void *)&s->plane[0][e], *p1 = (__m128i *)(void *)&s->plane[1][e];
        __m128i *p2 = (__m128i *)(void *)&s->plane[2][e];
        __m128i v0 = _mm_load_si128(p0), v1 = _mm_load_si128(p1), v2 = _mm_load_si128(p2);
        __m128i hit = _mm_or_si128(_mm_or_si128(_mm_and_si128(v0, m0), _mm_and_si128(v1, m1)),
                                   _mm_and_si128(v2, m2));

        changed |= (uint32_t)(~_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(hit, zero))) & 15) << e;
        _mm_store_si128(p0, _mm_andnot_si128(m0, v0));
        _mm_store_si128(p1, _mm_andnot_si128(m1, v1));
        _mm_store_si128(p2, _mm_andnot_si128(m2, v2));
    }
    s->plane[0][d] = keep[0];
    s->plane[1][d] = keep[1];
    s->plane[2][d] = keep[2];
    s->dirty |= changed & ~(1u << d);
}

/* Shrinks digit d's plane with both diagonals' rules (diagonals_shrink), to
 * their joint fixpoint; false at a dead end.  *lone receives the cells of each band the
 * digit then holds alone in their row: they count as settled on the diagonals before
 * settle_digit_x marks them, so a diagonal loses the digit in the same loop, and the
 * settling takes them from here rather than working them out again (callgrind, whole
 * kakudo solve -j1 on generated X: Easy -4.0%, Master -4.9%).  The
 * rules used to follow the settling, and what they took marked the digit to be settled
 * again in the next sweep: in one loop, 5-6% less CPU on generated Easy and Master X
 * (the loops' iterations on Master: 116,308 -> 114,218; instructions, callgrind, Easy
 * -2.7%, Master +0.8%). */
static bool shrink_digit_x(struct state *s, int d, band_words *lone)
{
    const band_words solved = band_words_of(s->solved[0], s->solved[1], s->solved[2]);
    uint32_t fixed[3];

    for (;;) {
        if (!shrink_plane(&s->plane[0][d], &s->plane[1][d], &s->plane[2][d], fixed))
            return false;

        band_words p = band_words_of(s->plane[0][d], s->plane[1][d], s->plane[2][d]);
        *lone = band_lone_row_cells(p, band_words_of(fixed[0], fixed[1], fixed[2]));
        enum diagonal_outcome outcome = diagonals_shrink(&p, band_or(solved, *lone));

        if (outcome != DIAGONALS_SHRUNK)
            return outcome == DIAGONALS_STABLE;
        s->plane[0][d] = band_word(p, 0);
        s->plane[1][d] = band_word(p, 1);
        s->plane[2][d] = band_word(p, 2);
    }
}

/* Digit d shrunk with its diagonals, and the cells it holds alone in their row settled:
 * the plain search's settle_digit, for X. */
static bool settle_digit_x(struct state *s, int d)
{
    band_words lone;

    if (!shrink_digit_x(s, d, &lone))
        return false;
    /* One test for the three bands, then each band cleared whether it settles a cell or
     * not (nothing is cleared then): a test per band, taken at random about half the
     * time, was 15% of the mispredictions on Master X (cachegrind --branch-sim: 40k of
     * 270k; now 9k): 3.5% more instructions, 1-2% less CPU (bench_runs). */
    band_words solved = band_words_of(s->solved[0], s->solved[1], s->solved[2]);
    band_words fresh = band_without(lone, solved);

    if (band_none(fresh))
        return true;
    solved = band_or(solved, fresh);
    s->solved[0] = band_word(solved, 0);
    s->solved[1] = band_word(solved, 1);
    s->solved[2] = band_word(solved, 2);
    clear_other_digits_x(s, d, fresh);
    return true;
}

#else

/* What diagonal_losses finds of a diagonal: a dead end; d's place on it settled and
 * the only cell of it left for d, so that the rules have nothing to take for it, now or
 * later (a plane only loses cells); or neither. */
enum diagonal_outcome { DIAGONAL_DEAD, DIAGONAL_DONE, DIAGONAL_OPEN };

/* What digit d (its plane p, per band) loses for diagonal g, added to lose[] (nothing
 * when the outcome is not DIAGONAL_OPEN).  A diagonal done is told from the cells that
 * the rules look at anyway, rather than by a test of its own before them: 0.9% fewer
 * instructions on Master X (callgrind). */
static inline enum diagonal_outcome diagonal_losses(const uint32_t p[3], const uint32_t solved[3],
                                                    const struct diagonal *g, uint32_t lose[3])
{
    uint32_t on0 = p[0] & g->cells[0], on1 = p[1] & g->cells[1], on2 = p[2] & g->cells[2];
    uint32_t on = on0 | on1 | on2;
    uint32_t settled = (on0 & solved[0]) | (on1 & solved[1]) | (on2 & solved[2]);
    uint32_t keep = settled != 0 ? settled : on;

    if (settled & (settled - 1))
        return DIAGONAL_DEAD;
    if (on == settled && settled != 0)
        return DIAGONAL_DONE;
    /* A box with d on the diagonal only: the diagonal holds it there. */
    keep &= (p[0] & g->off[0]) == 0 ? g->cells[0] : ~0u;
    keep &= (p[1] & g->off[1]) == 0 ? g->cells[1] : ~0u;
    keep &= (p[2] & g->off[2]) == 0 ? g->cells[2] : ~0u;
    if (keep == 0)
        return DIAGONAL_DEAD;
    /* The diagonal's d in one box: the box holds it on the diagonal. */
    lose[0] |= (g->cells[0] & ~keep) | ((keep & ~g->cells[0]) == 0 ? g->off[0] : 0);
    lose[1] |= (g->cells[1] & ~keep) | ((keep & ~g->cells[1]) == 0 ? g->off[1] : 0);
    lose[2] |= (g->cells[2] & ~keep) | ((keep & ~g->cells[2]) == 0 ? g->off[2] : 0);
    return DIAGONAL_OPEN;
}

/* Shrinks digit d's plane with the rules of diagonal_losses for both diagonals, to
 * their joint fixpoint; false at a dead end; lone[b] the cells of band b it holds alone
 * in their row (as the lanes' shrink_digit_x above). */
static bool shrink_digit_x(struct state *s, int d, uint32_t lone[3])
{
    uint32_t fixed[3];

    for (;;) {
        if (!shrink_plane(&s->plane[0][d], &s->plane[1][d], &s->plane[2][d], fixed))
            return false;

        uint32_t p[3] = { s->plane[0][d], s->plane[1][d], s->plane[2][d] };
        lone[0] = lone_row_cells(p[0], fixed[0]);
        lone[1] = lone_row_cells(p[1], fixed[1]);
        lone[2] = lone_row_cells(p[2], fixed[2]);
        uint32_t sure[3] = { s->solved[0] | lone[0], s->solved[1] | lone[1], s->solved[2] | lone[2] };
        uint32_t lose[3] = { 0, 0, 0 };

        enum diagonal_outcome main = diagonal_losses(p, sure, &diagonals[0], lose);
        enum diagonal_outcome anti = diagonal_losses(p, sure, &diagonals[1], lose);

        if (main == DIAGONAL_DEAD || anti == DIAGONAL_DEAD)
            return false;
        if (main == DIAGONAL_DONE && anti == DIAGONAL_DONE)
            return true;
        if (((p[0] & lose[0]) | (p[1] & lose[1]) | (p[2] & lose[2])) == 0)
            return true;
        s->plane[0][d] = p[0] & ~lose[0];
        s->plane[1][d] = p[1] & ~lose[1];
        s->plane[2][d] = p[2] & ~lose[2];
    }
}

/* Digit d shrunk with its diagonals, and the cells it holds alone in their row settled:
 * the plain search's settle_digit, for X. */
static bool settle_digit_x(struct state *s, int d)
{
    uint32_t lone[3];

    if (!shrink_digit_x(s, d, lone))
        return false;
    for (int b = 0; b < 3; b++)
        settle_band_cells(s, d, b, lone[b]);
    return true;
}

#endif

/* Case i of diagonal_cases_digit, per band: the cells it keeps, the main diagonal
 * holding d in band hm = i % 3 and the anti-diagonal in band hx = (hm + i / 3) % 3 (a
 * diagonal's d off its cells in the other bands, and off the rest of its box in band h).
 * The cases come in that order, (0, 0), (1, 1), (2, 2), (0, 1)...: the first ones use
 * every band, so they keep between them the most cells soonest and the loop, which stops
 * once every cell is kept, ends sooner (1.0% fewer instructions on Master X than band
 * by band, the same cases and so the same nodes). */
#define CASE_DIAGONAL(g, h, b) ((b) == (h) ? DIAGONAL_OFF(g, b) : DIAGONAL_CELLS(g, b))
#define CASE_KEEP(hm, hx, b) (~CASE_DIAGONAL(0, hm, b) & ~CASE_DIAGONAL(1, hx, b))
#define CASE_ROW(hm, hx) { CASE_KEEP(hm, hx, 0), CASE_KEEP(hm, hx, 1), CASE_KEEP(hm, hx, 2) }
#define CASE(i) CASE_ROW((i) % 3, ((i) % 3 + (i) / 3) % 3)
static const uint32_t case_keep[9][3] = {
    CASE(0), CASE(1), CASE(2), CASE(3), CASE(4), CASE(5), CASE(6), CASE(7), CASE(8),
};

/* A set of bands (bit h for band h) turned by one: bit h is bit (h + 1) % 3 of bands. */
static inline uint32_t next_bands(uint32_t bands)
{
    return (bands >> 1 | bands << 2) & 7u;
}

/* The bands (as bits) where diagonal g may hold the digit of plane p. */
static inline uint32_t diagonal_bands(const uint32_t p[3], const struct diagonal *g)
{
    return (uint32_t)((p[0] & g->cells[0]) != 0) | (uint32_t)((p[1] & g->cells[1]) != 0) << 1
           | (uint32_t)((p[2] & g->cells[2]) != 0) << 2;
}

/* The X search's state: the plain one, and per digit and case of diagonal_cases_digit
 * the cells that case kept when last looked at here or above (at first the case's own
 * mask).  A plane only loses cells, so what a case keeps now lies inside what it kept
 * then, and is the same when that still lies inside the plane (it was shrunk to the
 * box-line fixpoint, which depends on the cells alone): the case need not be shrunk
 * again, and an infeasible case (nothing kept) stays infeasible.  On 300 generated Master
 * X puzzles this takes 3.5% off the instructions (callgrind), though the state a guess
 * copies grows from 176 to 1148 bytes. */
struct x_state {
    struct state s;
    uint32_t case_cells[9][9][3];
};

/* Digit d by cases of the boxes holding its places on the two diagonals; false when no
 * case is feasible.  Marks d to be shrunk again when its plane changed.  With one box
 * possible for each diagonal, the rules of diagonals_shrink have done it. */
static inline bool diagonal_cases_digit(struct x_state *xs, int d)
{
    struct state *s = &xs->s;
    uint32_t p[3] = { s->plane[0][d], s->plane[1][d], s->plane[2][d] }, u[3] = { 0, 0, 0 };
    uint32_t mh = diagonal_bands(p, &diagonals[0]), xh = diagonal_bands(p, &diagonals[1]);
    /* The cases (bit i as case_keep[i]) for each pair of bands the diagonals may use:
     * the loop visits only these and takes their masks from the table (working the
     * masks out band by band cost 3% of the search's instructions on Master puzzles). */
    uint32_t cases = mh * 0x49u & (xh | next_bands(xh) << 3 | next_bands(next_bands(xh)) << 6);

    if ((mh & (mh - 1)) == 0 && (xh & (xh - 1)) == 0)
        return true;
    for (; cases != 0; cases &= cases - 1) {
        uint32_t *kept = xs->case_cells[d][lowest(cases)];
        uint32_t w[3] = { p[0] & kept[0], p[1] & kept[1], p[2] & kept[2] };

        if (w[0] != kept[0] || w[1] != kept[1] || w[2] != kept[2]) {
            /* shrink_plane inlined, without the fixed mini-rows (unused here), rather
             * than a call to shrink_digit: 5.4% fewer instructions on Master X. */
            if (!shrink_plane(&w[0], &w[1], &w[2], NULL))
                w[0] = w[1] = w[2] = 0;
            kept[0] = w[0];
            kept[1] = w[1];
            kept[2] = w[2];
        }
        u[0] |= w[0];
        u[1] |= w[1];
        u[2] |= w[2];
        /* Every cell kept by some case: the cases left cannot remove one. */
        if (u[0] == p[0] && u[1] == p[1] && u[2] == p[2])
            return true;
    }
    if ((u[0] | u[1] | u[2]) == 0)
        return false;
    p[0] &= u[0];
    p[1] &= u[1];
    p[2] &= u[2];
    if (p[0] == s->plane[0][d] && p[1] == s->plane[1][d] && p[2] == s->plane[2][d])
        return true;
    s->plane[0][d] = p[0];
    s->plane[1][d] = p[1];
    s->plane[2][d] = p[2];
    s->dirty |= 1u << d;
    return true;
}

#if defined(__SSE2__)

/* Of three counts of digits per cell (bit-sliced: cells with at least 1, 2 and 3), the
 * same for two groups of digits together. */
static inline void add_counts(__m128i *c1, __m128i *c2, __m128i *c3, __m128i d1, __m128i d2, __m128i d3)
{
    *c3 = _mm_or_si128(_mm_or_si128(*c3, d3),
                       _mm_or_si128(_mm_and_si128(*c2, d1), _mm_and_si128(*c1, d2)));
    *c2 = _mm_or_si128(_mm_or_si128(*c2, d2), _mm_and_si128(*c1, d1));
    *c1 = _mm_or_si128(*c1, d1);
}

/* count_candidates in SSE2 lanes: band b's twelve plane words (the last three 0) as
 * three vectors of four digits, counted lane by lane, then the lanes added two by two:
 * about 45 instructions a band against 103 (callgrind, Master X). */
static inline void count_candidates_x(const struct state *s, int b,
                                      uint32_t *one, uint32_t *two, uint32_t *three)
{
    const __m128i *v = (const __m128i *)(const void *)s->plane[b];
    __m128i x = _mm_load_si128(v), y = _mm_load_si128(v + 1), z = _mm_load_si128(v + 2);
    __m128i xy_or = _mm_or_si128(x, y), xy_and = _mm_and_si128(x, y);
    __m128i c1 = _mm_or_si128(xy_or, z);
    __m128i c2 = _mm_or_si128(xy_and, _mm_and_si128(xy_or, z));
    __m128i c3 = _mm_and_si128(xy_and, z);

    add_counts(&c1, &c2, &c3, _mm_shuffle_epi32(c1, _MM_SHUFFLE(1, 0, 3, 2)),
               _mm_shuffle_epi32(c2, _MM_SHUFFLE(1, 0, 3, 2)), _mm_shuffle_epi32(c3, _MM_SHUFFLE(1, 0, 3, 2)));
    add_counts(&c1, &c2, &c3, _mm_shuffle_epi32(c1, _MM_SHUFFLE(2, 3, 0, 1)),
               _mm_shuffle_epi32(c2, _MM_SHUFFLE(2, 3, 0, 1)), _mm_shuffle_epi32(c3, _MM_SHUFFLE(2, 3, 0, 1)));
    *one = (uint32_t)_mm_cvtsi128_si32(c1);
    *two = (uint32_t)_mm_cvtsi128_si32(c2);
    *three = (uint32_t)_mm_cvtsi128_si32(c3);
}

#else

static inline void count_candidates_x(const struct state *s, int b,
                                      uint32_t *one, uint32_t *two, uint32_t *three)
{
    count_candidates(s, b, one, two, three);
}

#endif

/* The plain search's place_naked_singles, its counting count_candidates_x. */
static bool place_naked_singles_x(struct state *s, int b, uint32_t *pairs)
{
    uint32_t a1, a2, a3;

    count_candidates_x(s, b, &a1, &a2, &a3);
    return place_counted_singles(s, b, a1, a2, a3, pairs);
}

/* The plain propagation, each digit's shrinking with its diagonals' rules
 * (shrink_digit_x), and at its fixpoint the cases of each digit changed; false on a
 * contradiction.  pairs[b] receives the cells of band b with exactly two candidates.
 * The changed digits are shrunk in sweeps: each digit of a sweep once, in turn, and what
 * they change in the next sweep.  Taking the lowest changed digit each time (the plain
 * search's order) shrinks again at once a digit whose diagonals have just taken cells
 * from it, before the digits after it take more: on 300 generated Master X puzzles the
 * sweeps run 3.7% fewer instructions (callgrind), Expert 2.1%, Easy 1.3%.  The rules
 * reach the same fixpoint in any order, so the cases, the nodes and the answers are the
 * same. */
static bool propagate_x(struct x_state *xs, uint32_t pairs[3])
{
    struct state *s = &xs->s;
    uint32_t changed = 0, cased = 0;

    for (;;) {
        while (s->dirty) {
            uint32_t sweep = s->dirty;

            s->dirty = 0;
            changed |= sweep & ~cased;
            for (; sweep != 0; sweep &= sweep - 1) {
                int d = lowest(sweep);

                s->dirty &= ~(1u << d);
                if (!settle_digit_x(s, d))
                    return false;
            }
        }
        for (int b = 0; b < 3; b++)
            if (!place_naked_singles_x(s, b, &pairs[b]))
                return false;
        if (s->dirty != 0)
            continue;
        /* Until one changes (it is shrunk again first, the cheaper deduction); each digit
         * once a node. */
        for (; changed != 0 && s->dirty == 0; changed &= changed - 1) {
            cased |= changed & -changed;
            if (!diagonal_cases_digit(xs, lowest(changed)))
                return false;
        }
        if (s->dirty == 0)
            return true;
    }
}

/* Open cells on the diagonals through bit i of band b, outside its band (those inside
 * are in its box).  A diagonal's cells are distinct bits in every band, so its open cells
 * in the two other bands are one word, and both diagonals' one 64-bit word: one count
 * (0.8% fewer instructions on Master X than a count per band and diagonal). */
static int open_diagonal_peers(const struct state *s, int b, int i)
{
    uint64_t open = 0;

    for (int g = 0; g < 2; g++) {
        const struct diagonal *diag = &diagonals[g];

        if (diag->cells[b] >> i & 1u)
            for (int o = 0; o < 3; o++)
                if (o != b)
                    open |= (uint64_t)(~s->solved[o] & diag->cells[o]) << (32 * g);
    }
    return open != 0 ? count_bits(open) : 0;
}

/* The plain search's branch cell, with the diagonals among a cell's peers: of the cells
 * with two candidates, the one with most open peers, as 27*band + bit. */
static int busiest_pair_cell_x(const struct state *s, const uint32_t pairs[3])
{
    int best = -1, best_score = -1;

    for (int b = 0; b < 3; b++)
        for (uint32_t m = pairs[b]; m; m &= m - 1) {
            int i = lowest(m);
            int score = unsolved_peers(s, b, i) + open_diagonal_peers(s, b, i);

            if (score > best_score) {
                best_score = score;
                best = 27 * b + i;
            }
        }
    return best;
}

/* The first open cell in reading order, as 27*band + bit. */
static int first_open_cell(const struct state *s)
{
    for (int b = 0; b < 3; b++) {
        uint32_t open = ~s->solved[b] & BAND_CELLS;
        int best = -1;

        for (; open != 0; open &= open - 1) {
            int i = lowest(open);

            if (best < 0 || bit_offset[i] < bit_offset[best])
                best = i;
        }
        if (best >= 0)
            return 27 * b + best;
    }
    return -1;
}

struct x_search {
    long limit;
    bool reading_order;
    const struct solve_budget *budget;
    struct solve_result *res;
    struct solve_stats stats;
    bool gave_up;
};

/* Searches on from s, its guess assigned (the root: its givens). */
static void search_x(struct x_search *ctx, struct x_state *xs)
{
    struct state *s = &xs->s;
    uint32_t pairs[3], digits;
    int cell, b, i;

    if (solve_budget_spent(ctx->budget, ctx->stats.nodes)) {
        ctx->gave_up = true;
        return;
    }
    ctx->stats.nodes++;
    if (!propagate_x(xs, pairs)) {
        ctx->stats.backtracks++;
        return;
    }
    if (all_solved(s)) {
        if (ctx->res->count++ == 0 && ctx->res->solution != NULL)
            write_grid(s, ctx->res->solution);
        return;
    }
    if (ctx->reading_order)
        cell = first_open_cell(s);
    else if (pairs[0] | pairs[1] | pairs[2])
        cell = busiest_pair_cell_x(s, pairs);
    else
        cell = fewest_candidates_cell(s);
    b = cell / 27;
    i = cell % 27;
    digits = cell_digits(s, b, i);
    while (digits) {
        int d = lowest(digits);

        digits &= digits - 1;
        ctx->stats.guesses++;
        if (digits == 0) {      /* the last choice may reuse this node's state */
            assign(s, b, i, d);
            search_x(ctx, xs);
            return;
        }
        struct x_state child = *xs;
        assign(&child.s, b, i, d);
        search_x(ctx, &child);
        if (ctx->res->count >= ctx->limit || ctx->gave_up)
            return;
    }
}

/* Takes the digit of a given on diagonal g (0 main, 1 anti) at cell c (reading order)
 * off the diagonal's other cells. */
static void clear_diagonal_peers(struct state *s, int g, int c, int d)
{
    unsigned where = cell_band_bit[c];
    int band = (int)(where >> 8);

    for (int b = 0; b < 3; b++) {
        uint32_t others = diagonals[g].cells[b] & ~(b == band ? 1u << (where & 31) : 0u);

        s->plane[b][d - 1] &= ~others;
    }
}

/* The givens on the diagonals put in their place: each digit off the rest of its
 * diagonal before the first shrinking, which the rules would otherwise find after it and
 * shrink the digit again.  False when the givens repeat a digit on a diagonal
 * (start_state checks the rest). */
static bool place_diagonal_givens(const uint8_t *grid, struct state *s)
{
    digitset main = 0, anti = 0, clash = 0;

    for (int r = 0; r < 9; r++) {
        int mc = 10 * r, ac = 9 * r + 8 - r, m = grid[mc], a = grid[ac];

        if (m != 0 && m <= 9) {
            clash |= main & (1u << m);
            main |= 1u << m;
            clear_diagonal_peers(s, 0, mc, m);
        }
        if (a != 0 && a <= 9) {
            clash |= anti & (1u << a);
            anti |= 1u << a;
            clear_diagonal_peers(s, 1, ac, a);
        }
    }
    return clash == 0;
}

/* Whether p is what this search holds: 9x9 with 3x3 boxes and the diagonals alone. */
static bool fits_x(const struct puzzle *p)
{
    return p->variant == VARIANT_X && p->width == 9 && p->height == 9 && p->max_digit == 9
           && p->box_rows == 3 && p->box_cols == 3;
}

bool sudoku9_x_solve(const struct puzzle *p, const uint8_t *grid,
                     const struct solve_request *req, struct solve_result *res,
                     bool reading_order)
{
    struct x_search ctx = {
        .limit = req->limit, .reading_order = reading_order, .budget = &req->budget, .res = res,
    };
    struct x_state xs;

    if (!fits_x(p))
        return false;
    res->count = 0;
    res->stopped = res->gave_up = false;
    /* Each case at first its mask, whose bits above a band's 27 are set: no plane holds
     * it all, so each case is shrunk the first time. */
    for (int d = 0; d < 9; d++)
        memcpy(xs.case_cells[d], case_keep, sizeof case_keep);
    if (req->limit >= 1 && start_state(grid, &xs.s) && place_diagonal_givens(grid, &xs.s))
        search_x(&ctx, &xs);
    res->gave_up = ctx.gave_up;
    solve_stats_add(&res->stats, &ctx.stats);
    return true;
}
