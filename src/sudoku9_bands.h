/* sudoku9_bands.h: the 9x9 band bitboards shared by the plain and Sudoku X searches (sudoku9.c, sudoku9_x.c). */
#ifndef KAKUDO_SUDOKU9_BANDS_H
#define KAKUDO_SUDOKU9_BANDS_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "util.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* The larger functions: static (each search gets its own copy), marked as possibly
 * unused rather than inline, since one of the two files may not call them and an inline
 * hint would change how the plain search is compiled. */
#define SUDOKU9_BANDS_FN __attribute__((unused))

/*
 * Representation.  The grid is cut into three bands of three rows; a band's 27 cells are
 * the bits of a word.  Cell (row r, column 3*k + p) of a band, k its box, is bit
 * 9*p + 3*r + k: the word is three 9-bit slices, one per position p inside a box, and
 * bit 3*r + k of a slice names the mini-row (row r, box k), a row's three cells in one
 * box.  So the mini-rows a digit occupies are the OR of the slices, and a set of
 * mini-rows widens back to cells with one multiply.  For each digit, plane[band][d] holds
 * the cells where d may still go.  A cell is "solved" once its digit is alone in its
 * row (equivalently, after shrinking, alone in its box); a solved cell stays in its
 * digit's plane and is removed from every other plane.
 *
 * Propagation works a digit at a time, on the three band words of its plane:
 *  - band shrink: inside a band, the digit takes one cell per row and one per box, so
 *    the mini-rows it occupies form a permutation of the 3x3 (row, box) square.  A
 *    mini-row on no permutation still open is removed.  This is every box-line
 *    (pointing and claiming) reduction along rows, and it turns box hidden singles into
 *    row hidden singles.
 *  - stack shrink: the same on the 3x3 (band, column) square of each stack, for the
 *    box-line reductions along columns and the column hidden singles.
 *  - a row left with one cell solves that cell.
 * Across digits, bit-sliced counts over the nine planes find the empty cells (dead end),
 * the naked singles, and the cells with two candidates to branch on.
 */

#define BAND_CELLS 0x7FFFFFFu      /* the 27 cells of a band */
#define SLICE 0x1FFu               /* one slice: the 9 mini-rows */
#define MINIROWS_TO_CELLS 0x40201u /* times a set of mini-rows: their cells */
#define FIRST_ROW_COLUMNS 0x1C0E07u /* the bits of row 0: bit 9*p + k is column 3*k + p */
#define COLUMNS_TO_CELLS 0x49u     /* times columns as row-0 bits: those columns, all rows */
#define ALL_DIGITS 0x1FFu

/* --- Tables, all constant expressions --- */

/* The six permutations of a 3x3 square whose bit 3*i + j is (row i, column j). */
#define PERM_ON(m, p) ((((m) & (p)) == (p)) ? (p) : 0u)
/* Of the squares set in m, those that lie on a permutation fully inside m. */
#define PERM_COVER(m) (PERM_ON(m, 0x111u) | PERM_ON(m, 0x0A1u) | PERM_ON(m, 0x10Au) | \
                       PERM_ON(m, 0x062u) | PERM_ON(m, 0x08Cu) | PERM_ON(m, 0x054u))
/* The squares on every permutation inside m (those alone in their row); 0 when none. */
#define PERM_AND(m, p) ((((m) & (p)) == (p)) ? (p) : SLICE)
#define PERM_FIXED(m) (PERM_COVER(m) & PERM_AND(m, 0x111u) & PERM_AND(m, 0x0A1u) & \
                       PERM_AND(m, 0x10Au) & PERM_AND(m, 0x062u) & PERM_AND(m, 0x08Cu) & \
                       PERM_AND(m, 0x054u))
/* Both in one entry: the cover in the low 9 bits, the fixed squares above. */
#define PERM_ENTRY(m) (PERM_COVER(m) | PERM_FIXED(m) << 16)

#define T4(F, n) F(n), F((n) + 1), F((n) + 2), F((n) + 3)
#define T16(F, n) T4(F, n), T4(F, (n) + 4), T4(F, (n) + 8), T4(F, (n) + 12)
#define T64(F, n) T16(F, n), T16(F, (n) + 16), T16(F, (n) + 32), T16(F, (n) + 48)
#define T512(F) T64(F, 0), T64(F, 64), T64(F, 128), T64(F, 192), \
                T64(F, 256), T64(F, 320), T64(F, 384), T64(F, 448)

/* A 3x3 square's occupied places -> those on an open permutation | fixed ones << 16. */
static const uint32_t perm_table[512] = { T512(PERM_ENTRY) };

/* Per band bit: the other cells of its row, and its cell's offset in the band
 * (9*row + column) in reading order. */
#define BIT_ROW(i) (((i) % 9) / 3)
#define BIT_COLUMN(i) (3 * ((i) % 3) + (i) / 9)
#define ROW_PEERS(i) (((7u << (3 * BIT_ROW(i))) * MINIROWS_TO_CELLS) ^ (1u << (i)))
#define OFFSET(i) (9 * BIT_ROW(i) + BIT_COLUMN(i))
#define T27(F) F(0), F(1), F(2), F(3), F(4), F(5), F(6), F(7), F(8), F(9), F(10), F(11), \
               F(12), F(13), F(14), F(15), F(16), F(17), F(18), F(19), F(20), F(21), \
               F(22), F(23), F(24), F(25), F(26)
/* Per band bit: its row and box within the band, and the shift that brings its column
 * (in any band) down to bits 0, 3 and 6. */
#define ROW_AND_BOX(i) (((7u << (3 * BIT_ROW(i))) * MINIROWS_TO_CELLS) | (0x1249249u << ((i) % 3)))
#define COLUMN_SHIFT(i) (9 * ((i) / 9) + (i) % 3)
static const uint32_t row_peers[27] = { T27(ROW_PEERS) };
static const uint8_t bit_offset[27] = { T27(OFFSET) };
static const uint32_t row_and_box[27] = { T27(ROW_AND_BOX) };
static const uint8_t column_shift[27] = { T27(COLUMN_SHIFT) };

/* --- The search state: small, so a guess copies it whole --- */

/* A band's planes are padded to 12 words (the padding stays 0) so SSE2, where present,
 * clears a cell from all of them in three 4-word steps. */
#define PLANE_WORDS 12

struct state {
    _Alignas(16) uint32_t plane[3][PLANE_WORDS];    /* per band, per digit: where it may go */
    uint32_t solved[3];     /* per band: cells whose digit is settled */
    uint32_t dirty;         /* digits whose plane changed since it was last shrunk */
};

static inline int lowest(uint32_t x) { return __builtin_ctz(x); }

/* The band bit of cell offset o (9*row + column) of a band. */
static inline int band_bit(int o)
{
    int r = o / 9, c = o % 9;
    return 9 * (c % 3) + 3 * r + c / 3;
}

/* Mini-rows (bit 3*row + box) where a band word has a cell. */
static inline uint32_t minirows(uint32_t w)
{
    return (w | w >> 9 | w >> 18) & SLICE;
}

/* Mini-rows holding exactly one cell. */
static inline uint32_t lone_minirows(uint32_t w)
{
    uint32_t a = w & SLICE, b = (w >> 9) & SLICE, c = w >> 18;
    return (a ^ b ^ c) & ~(a & b & c);
}

/* Columns where a band word has a cell, as row-0 bits (9*p + k). */
static inline uint32_t band_columns(uint32_t w)
{
    return (w | w >> 3 | w >> 6) & FIRST_ROW_COLUMNS;
}

/*
 * Swaps bit 9*i + 3*band + j with bit 9*j + 3*band + i (i, j, band < 3): column sets
 * laid out as 9*p + 3*band + k become 9*k + 3*band + p (stack-major), and back.
 */
static inline uint32_t transpose_stacks(uint32_t x)
{
    return (x & 0x4912449u) |                               /* i == j: stays */
           ((x & 0x24892u) << 8) | ((x >> 8) & 0x24892u) |  /* j == i + 1 */
           ((x & 0x124u) << 16) | ((x >> 16) & 0x124u);     /* i = 0, j = 2 */
}

/* Shrinks one band word to its open permutations of mini-rows (0 if there is none), and
 * notes in *fixed the mini-rows on all of them: those alone in their row. */
static inline uint32_t shrink_band(uint32_t w, uint32_t *fixed)
{
    uint32_t entry = perm_table[minirows(w)];

    *fixed = entry >> 16;
    return w & (entry & SLICE) * MINIROWS_TO_CELLS;
}

/* Shrinks one digit's plane (its words in the three bands) to the box-line fixpoint of
 * both directions; false if the digit has no place left in some row, column or box.
 * When fixed is not NULL, fixed[b] receives the mini-rows of band b that the digit's row
 * must use.  Always inlined, so that with fixed NULL (a constant) the compiler drops
 * their computation. */
static inline __attribute__((always_inline)) bool shrink_plane(uint32_t *w0p, uint32_t *w1p,
                                                                uint32_t *w2p, uint32_t *fixed)
{
    uint32_t w0 = *w0p, w1 = *w1p, w2 = *w2p, f0, f1, f2;

    for (;;) {
        w0 = shrink_band(w0, &f0);
        w1 = shrink_band(w1, &f1);
        w2 = shrink_band(w2, &f2);
        if (w0 == 0 || w1 == 0 || w2 == 0)
            return false;

        /* The same along columns: per stack, a (band, column) square. */
        uint32_t cols = band_columns(w0) | band_columns(w1) << 3 | band_columns(w2) << 6;
        uint32_t by_stack = transpose_stacks(cols);
        uint32_t s0 = perm_table[by_stack & SLICE] & SLICE;
        uint32_t s1 = perm_table[(by_stack >> 9) & SLICE] & SLICE;
        uint32_t s2 = perm_table[by_stack >> 18] & SLICE;
        uint32_t kept = s0 | s1 << 9 | s2 << 18;
        if (kept == by_stack)
            break;      /* both directions stable: fixed[] is up to date */
        if (s0 == 0 || s1 == 0 || s2 == 0)
            return false;
        kept = transpose_stacks(kept);
        w0 &= (kept & FIRST_ROW_COLUMNS) * COLUMNS_TO_CELLS;
        w1 &= ((kept >> 3) & FIRST_ROW_COLUMNS) * COLUMNS_TO_CELLS;
        w2 &= ((kept >> 6) & FIRST_ROW_COLUMNS) * COLUMNS_TO_CELLS;
    }
    *w0p = w0;
    *w1p = w1;
    *w2p = w2;
    if (fixed != NULL) {
        fixed[0] = f0;
        fixed[1] = f1;
        fixed[2] = f2;
    }
    return true;
}

/* shrink_plane, fixed[] filled. */
static SUDOKU9_BANDS_FN bool shrink_digit(uint32_t *w0p, uint32_t *w1p, uint32_t *w2p, uint32_t fixed[3])
{
    return shrink_plane(w0p, w1p, w2p, fixed);
}

/* Cells of a shrunk band word alone in their row: its fixed mini-rows holding one cell. */
static inline uint32_t lone_row_cells(uint32_t w, uint32_t fixed)
{
    return w & (fixed & lone_minirows(w)) * MINIROWS_TO_CELLS;
}

/* Removes cells of band b from every plane but digit d's, marking those that change. */
static inline void clear_other_digits(struct state *s, int d, int b, uint32_t cells)
{
    uint32_t *planes = s->plane[b];
    uint32_t keep = planes[d], changed = 0;

#if defined(__SSE2__)
    __m128i mask = _mm_set1_epi32((int)cells), zero = _mm_setzero_si128();
    for (int e = 0; e < PLANE_WORDS; e += 4) {
        __m128i v = _mm_load_si128((const __m128i *)(const void *)(planes + e));
        __m128i untouched = _mm_cmpeq_epi32(_mm_and_si128(v, mask), zero);
        changed |= (uint32_t)(~_mm_movemask_ps(_mm_castsi128_ps(untouched)) & 15) << e;
        _mm_store_si128((__m128i *)(void *)(planes + e), _mm_andnot_si128(mask, v));
    }
#else
    for (int e = 0; e < 9; e++) {
        changed |= (uint32_t)((planes[e] & cells) != 0) << e;
        planes[e] &= ~cells;
    }
#endif
    planes[d] = keep;
    s->dirty |= changed & ~(1u << d);
}

/* Settles the cells of band b that digit d holds alone in their row (cells), those not
 * settled yet.  Always inlined: the plain search is compiled as before. */
static inline __attribute__((always_inline)) void settle_band_cells(struct state *s, int d,
                                                                 int b, uint32_t cells)
{
    uint32_t fresh = cells & ~s->solved[b];

    if (fresh) {
        s->solved[b] |= fresh;
        clear_other_digits(s, d, b, fresh);
    }
}

/* Settles the cells digit d holds alone in their row, its plane just shrunk (fixed[] as
 * shrink_plane leaves it). */
static inline __attribute__((always_inline)) void settle_lone_cells(struct state *s, int d,
                                                                 const uint32_t fixed[3])
{
    for (int b = 0; b < 3; b++)
        settle_band_cells(s, d, b, lone_row_cells(s->plane[b][d], fixed[b]));
}

/* Shrinks digit d and settles the cells it now holds alone in their row. */
static SUDOKU9_BANDS_FN bool settle_digit(struct state *s, int d)
{
    uint32_t fixed[3];

    if (!shrink_digit(&s->plane[0][d], &s->plane[1][d], &s->plane[2][d], fixed))
        return false;
    settle_lone_cells(s, d, fixed);
    return true;
}

/* Counts candidates per cell of band b, bit-sliced: cells with at least 1, 2 and 3. */
static inline void count_candidates(const struct state *s, int b,
                                    uint32_t *one, uint32_t *two, uint32_t *three)
{
    uint32_t a1 = 0, a2 = 0, a3 = 0;

    for (int d = 0; d < 9; d++) {
        uint32_t p = s->plane[b][d];
        a3 |= a2 & p;
        a2 |= a1 & p;
        a1 |= p;
    }
    *one = a1;
    *two = a2;
    *three = a3;
}

/* Places the naked singles of band b from its cells' candidate counts (a1: at least one,
 * a2: two, a3: three): each keeps its digit alone in its row.  Returns false at a cell
 * with no candidate.  Always inlined, so that each search counts its own way (sudoku9_x.c
 * in SSE2 lanes) and plain's code is as it was. */
static inline __attribute__((always_inline)) bool place_counted_singles(struct state *s, int b,
                                                                        uint32_t a1, uint32_t a2,
                                                                        uint32_t a3, uint32_t *pairs)
{
    if (a1 != BAND_CELLS)
        return false;
    *pairs = a2 & ~a3;
    uint32_t singles = ~a2 & ~s->solved[b] & BAND_CELLS;
    if (singles == 0)
        return true;
    for (int d = 0; d < 9; d++) {
        uint32_t mine = singles & s->plane[b][d];
        if (mine == 0)
            continue;
        s->dirty |= 1u << d;
        do {
            s->plane[b][d] &= ~row_peers[lowest(mine)];
            mine &= mine - 1;
        } while (mine);
    }
    return true;
}

/* Places the naked singles of band b; false at a cell with no candidate. */
static SUDOKU9_BANDS_FN bool place_naked_singles(struct state *s, int b, uint32_t *pairs)
{
    uint32_t a1, a2, a3;

    count_candidates(s, b, &a1, &a2, &a3);
    return place_counted_singles(s, b, a1, a2, a3, pairs);
}

/* Runs every deduction to a fixpoint; false on a contradiction.  pairs[b] receives the
 * cells of band b with exactly two candidates. */
static SUDOKU9_BANDS_FN bool propagate(struct state *s, uint32_t pairs[3])
{
    for (;;) {
        while (s->dirty) {
            int d = lowest(s->dirty);
            s->dirty &= s->dirty - 1;
            if (!settle_digit(s, d))
                return false;
        }
        for (int b = 0; b < 3; b++)
            if (!place_naked_singles(s, b, &pairs[b]))
                return false;
        if (s->dirty == 0)
            return true;
    }
}

static SUDOKU9_BANDS_FN bool all_solved(const struct state *s)
{
    return (s->solved[0] & s->solved[1] & s->solved[2]) == BAND_CELLS;
}

/* Writes the solved grid, 81 digits in reading order. */
static SUDOKU9_BANDS_FN void write_grid(const struct state *s, uint8_t *out)
{
    for (int b = 0; b < 3; b++)
        for (int d = 0; d < 9; d++)
            for (uint32_t m = s->plane[b][d]; m; m &= m - 1)
                out[27 * b + bit_offset[lowest(m)]] = (uint8_t)(d + 1);
}

/* Digits still possible at bit i of band b. */
static SUDOKU9_BANDS_FN uint32_t cell_digits(const struct state *s, int b, int i)
{
    uint32_t digits = 0;

    for (int d = 0; d < 9; d++)
        digits |= ((s->plane[b][d] >> i) & 1u) << d;
    return digits;
}

/* Bits set in x, without relying on a popcount instruction being available. */
static inline int count_bits(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555u);
    x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Fu;
    return (int)((x * 0x0101010101010101u) >> 56);
}

/* The unsolved cell with fewest candidates, as 27*band + bit; used when no cell has two. */
static SUDOKU9_BANDS_FN int fewest_candidates_cell(const struct state *s)
{
    int best = -1, best_n = 10;

    for (int b = 0; b < 3; b++)
        for (uint32_t m = ~s->solved[b] & BAND_CELLS; m; m &= m - 1) {
            int i = lowest(m);
            int n = count_bits(cell_digits(s, b, i));
            if (n < best_n) {
                best_n = n;
                best = 27 * b + i;
            }
        }
    return best;
}

/* Unsolved cells among the 20 peers of bit i of band b (and the cell itself). */
static inline int unsolved_peers(const struct state *s, int b, int i)
{
    int column = column_shift[i];
    uint64_t in_band = ~s->solved[b] & row_and_box[i];
    uint64_t above = (~s->solved[b == 0 ? 1 : 0] >> column) & 0x49u;
    uint64_t below = (~s->solved[b == 2 ? 1 : 2] >> column) & 0x49u;
    return count_bits(in_band | (above | below << 1) << 27);
}

/*
 * Of the cells with two candidates, the one with most unsolved peers, as 27*band + bit.
 * Either guess there settles a cell in the thick of what is left, so propagation reaches
 * further: this roughly halves the guesses against taking the first such cell.
 */
static SUDOKU9_BANDS_FN int busiest_pair_cell(const struct state *s, const uint32_t pairs[3])
{
    int best = -1, best_score = -1;

    for (int b = 0; b < 3; b++)
        for (uint32_t m = pairs[b]; m; m &= m - 1) {
            int i = lowest(m);
            int score = unsolved_peers(s, b, i);
            if (score > best_score) {
                best_score = score;
                best = 27 * b + i;
            }
        }
    return best;
}

/* Puts digit d at bit i of band b. */
static SUDOKU9_BANDS_FN void assign(struct state *s, int b, int i, int d)
{
    clear_other_digits(s, d, b, 1u << i);
    s->plane[b][d] &= ~row_peers[i];
    s->dirty |= 1u << d;
}
/* Per cell (reading order): its band, its bit in the band, and its row, column and box
 * (4 bits each), for the givens' pass. */
#define CELL_BAND_BIT(c) ((c) / 27 << 8 | (9 * ((c) % 3) + 3 * ((c) % 27 / 9) + (c) % 9 / 3))
#define CELL_UNITS(c) ((c) / 9 | (c) % 9 << 4 | ((c) / 27 * 3 + (c) % 9 / 3) << 8)
#define T9(F, n) F(n), F((n) + 1), F((n) + 2), F((n) + 3), F((n) + 4), F((n) + 5), \
                 F((n) + 6), F((n) + 7), F((n) + 8)
#define T81(F) T9(F, 0), T9(F, 9), T9(F, 18), T9(F, 27), T9(F, 36), T9(F, 45), \
               T9(F, 54), T9(F, 63), T9(F, 72)
static const uint16_t cell_band_bit[81] = { T81(CELL_BAND_BIT) };
static const uint16_t cell_units[81] = { T81(CELL_UNITS) };

/* Every digit possible everywhere, then the givens assigned, to be propagated; false
 * when the givens repeat a digit in a row, column or box, or hold a byte that is no
 * digit (above 9).  One pass over the givens alone does both. */
static SUDOKU9_BANDS_FN bool start_state(const uint8_t *grid, struct state *s)
{
    uint16_t rows[9] = { 0 }, cols[9] = { 0 }, boxes[9] = { 0 };
    uint32_t clash = 0;
    uint64_t givens[2];

    memset(s, 0, sizeof *s);
    for (int b = 0; b < 3; b++)
        for (int d = 0; d < 9; d++)
            s->plane[b][d] = BAND_CELLS;
    s->dirty = ALL_DIGITS;
    util_nonzero_bytes(grid, 81, givens);
    for (int w = 0; w < 2; w++)
        for (uint64_t m = givens[w]; m != 0; m &= m - 1) {
            int c = 64 * w + __builtin_ctzll(m), d = grid[c];
            unsigned units = cell_units[c], where = cell_band_bit[c];
            unsigned r = units & 15, k = units >> 4 & 15, x = units >> 8;

            if (d > 9)
                return false;
            uint16_t bit = (uint16_t)(1u << d);
            clash |= (rows[r] | cols[k] | boxes[x]) & bit;
            rows[r] |= bit;
            cols[k] |= bit;
            boxes[x] |= bit;
            assign(s, (int)(where >> 8), (int)(where & 31), d - 1);
        }
    return clash == 0;
}

#endif
