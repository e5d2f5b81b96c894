/* generate_kakuro.c: one Kakuro attempt: a symmetric board, a random fill, sums from the fill,
 * then digits changed where a second solution differs (and runs split) until it is unique. */
#include "config.h"
#include "generate.h"

#include <stdlib.h>
#include <string.h>

#include "rating.h"
#include "solve.h"
#include "util.h"

#define RUN_MIN 2
#define RUN_MAX 9
#define ALL_DIGITS 0x3feu       /* bits 1..9 */

/* Tuned by generating boards of 6x6 to 30x30 and timing them (bench/bench_generate). */
#define KGEN_DENSITY 18         /* black cells added at random: 18 to 23 in a hundred */
#define KGEN_MAXLEN 6           /* runs are split down to 6 to 8 cells */
#define KGEN_CASCADE 2          /* most black cells one split may add (mirrors apart) */
#define KGEN_SPLIT_CASCADE 1    /* the same for a split that settles uniqueness or eases:
                                 * no more than the cell and its mirror, so the board keeps
                                 * the white share of published ones (about 72%) */
#define KGEN_PATTERN_TRIES 10000
#define KGEN_GUESS_LIMIT 2000   /* guesses a search may take (plus four a cell) */
#define KGEN_PART_GUESSES 500   /* the same for a part of the whole board (plus one for every
                                 * two of its cells): one that needs more has its ambiguity
                                 * reduced (kgen_whole_board), which costs less than the
                                 * search wandering on */
#define KGEN_ROUNDS 40          /* sweeps before a board is given up, on boards of up to */
#define KGEN_ROUNDS_SIDE 60     /* 60x60 cells; above, see gen_kakuro_rounds */
#define KGEN_PROGRESS_SHARE 8   /* progress: 1/8 fewer cells differing (see
                                 * gen_kakuro_progressing) */
#define KGEN_HOPELESS_SHARE 2  /* a board is given up at once when its first whole-board
                                 * search wanders over 1/2 of its white cells, */
#define KGEN_HOPELESS_EARLY 4  /* or whose sums leave over 3/4 of them open before the
                                 * first sweep */
#define KGEN_SPLITS 8           /* runs split on one board (plus one for every 16 runs) */
#define KGEN_LOCAL_PART 12      /* parts up to this size get a change that settles them, */
#define KGEN_LOCAL_CELLS 4      /* tried on up to this many of their cells, */
#define KGEN_LOCAL_ALL_CELLS 3600 /* on all of them on boards of over this many cells
                                 * inside the border (see kgen_local_cells) */
#define KGEN_WIDE 8             /* a larger part gets a change for every 8 of its cells */
#define KGEN_LARGE_CELLS 900    /* boards of over this many cells inside the border (over
                                 * 31x31) are laid out and settled for janko's shape (see
                                 * kgen_split_segment and kgen_refill_part) */
#define KGEN_REFILLS 8          /* new fills of a small part's runs tried before a split, */
#define KGEN_REFILL_NODES 2000  /* each a search of up to this many digits placed */
#define KGEN_PAIR_PIECES 15     /* percent of a large board's layout splits that leave a
                                 * piece of two cells where one can */
#define KGEN_STEER 8            /* steps towards the level (plus one for every 10 cells) */
#define KGEN_STEER_MAX 3        /* and while the stuck cells get fewer, up to 3 times that */
#define KGEN_RETRIES 2          /* changes in a row that did not settle before giving up */
#define KGEN_EASE 8             /* easing changes one stuck cell in 8 */
#define KGEN_TICK_RUNS 32       /* a sweep looks at the budget once every 32 runs */
#define KGEN_WHITEN_WIDE_ROUNDS 12  /* sweeps a whitening batch of a wide board gets to
                                     * settle in (see kgen_whiten) */

/*
 * The board includes its clue row and column (row 0 and column 0 are always black); the
 * black cells of the rest are symmetric under a half turn of that playing area.  Every
 * white cell lies in an across and a down run of 2 to 9 cells, and the white cells are
 * connected.  Runs are found from the black cells whenever the board changes: boards are
 * small next to the solving that follows.
 */
struct kgen {
    struct gen_context *ctx;
    int w, h, n;
    uint8_t *black;             /* per cell: 1 black (clue cells included) */
    uint8_t *digit;             /* per cell: the fill, 0 on black cells */
    int *run_of[2];             /* per cell: its across [0] and down [1] run, or -1 */
    int *run_start, *run_len;   /* per run: first cell and length */
    uint8_t *run_down;          /* per run: 1 for a down run */
    int nruns;
    int *stack;                 /* scratch: cells (flood fill, fill search) */
    int *label;                 /* scratch: component of each cell */
    uint32_t *seen, seen_stamp; /* scratch: cells a bounded flood reached (== stamp) */
    uint16_t *tried;            /* fill search: digits still to try per depth */
    uint8_t *region;            /* per cell: 1 in the neighbourhood being settled */
    int *region_cells, nregion; /* the cells region marks, in the order they were added:
                                 * cleared and searched through this list, since a board
                                 * of thousands of cells is checked an area at a time */
    uint8_t *open_grid;         /* the fill, but 0 on the region's cells while a check
                                 * searches them: kept so between checks */
    uint8_t *local;             /* scratch grid (the steering's and the grade's) */
    uint8_t *scratch;           /* scratch grid: a solution found there */
    uint32_t *changed;          /* per cell: the change count when its digit last changed */
    uint32_t *checked;          /* per run: the change count when its neighbourhood was
                                 * last found settled (0: never) */
    uint32_t changes;           /* digits changed so far, counting from 1 */
    uint8_t *settled_by;        /* per cell: the settling changes made to it in this
                                 * kgen_make_unique (saturating) */
    int failed_patterns;        /* boards that could not be laid out, this attempt */
    bool long_runs;             /* Easy: steering eases digits before it splits runs,
                                 * since published Easy boards have as many runs of 2 as
                                 * harder ones (about 42%) and splitting for ease made
                                 * them 55%.  (Black cells also kept away from cutting
                                 * runs short, but the whitening pass lengthens runs, and
                                 * with both an Easy board ended with 31% runs of 2.) */
    bool keep_black;            /* whitening: settling changes digits, never splits runs */
    bool whiten_wide;           /* whitening a board over KGEN_WHITEN_MAX_CELLS (see there) */
    int *whitened, nwhitened;   /* whitening a wide board: one cell of each pair the batch
                                 * turned white, which settling may turn black again */
    struct solve_scratch *search;       /* the uniqueness searches' storage, kept */
    int combos[RUN_MAX + 1][46];        /* digit sets of each length and sum */
};

static int kgen_mirror(const struct kgen *k, int cell)
{
    int r = cell / k->w, c = cell % k->w;

    return (k->h - r) * k->w + (k->w - c);
}

/* Whether the board is over 31x31 (KGEN_LARGE_CELLS). */
static bool kgen_large(const struct kgen *k)
{
    return (k->w - 1) * (k->h - 1) > KGEN_LARGE_CELLS;
}

static bool kgen_interior(const struct kgen *k, int cell)
{
    return cell / k->w > 0 && cell % k->w > 0;
}

static void kgen_set_black(struct kgen *k, int cell)
{
    k->black[cell] = 1;
    k->black[kgen_mirror(k, cell)] = 1;
    k->digit[cell] = 0;
    k->digit[kgen_mirror(k, cell)] = 0;
}

/* The step between the cells of a run in direction dir (0 across, 1 down). */
static int kgen_step(const struct kgen *k, int dir)
{
    return dir == 0 ? 1 : k->w;
}

static void kgen_number_runs(struct kgen *k);

/* Finds the maximal white segments in both directions, all lengths included.  The runs
 * are numbered afresh, so none counts as checked any more. */
static void kgen_find_runs(struct kgen *k)
{
    memset(k->checked, 0, (size_t)k->n * sizeof *k->checked);
    kgen_number_runs(k);
}

/* After a split: the runs numbered afresh, each run the split left as it was keeping
 * the mark of its neighbourhood found settled.  The cells of the runs the split
 * changed count as changed, so the neighbourhoods that hold them are checked again.
 * Keeping the marks matters on a large board: forgetting them all made every split
 * cost a sweep of local checks over the whole board. */
static void kgen_find_runs_after_split(struct kgen *k, const uint8_t *black_before)
{
    int old_n = k->nruns;
    int *old_start = xmalloc(((size_t)old_n + 1) * sizeof *old_start);
    int *old_len = xmalloc(((size_t)old_n + 1) * sizeof *old_len);
    uint32_t *old_checked = xmalloc(((size_t)old_n + 1) * sizeof *old_checked);
    int *old_at[2] = { xmalloc((size_t)k->n * sizeof(int)), xmalloc((size_t)k->n * sizeof(int)) };
    uint8_t *old_down = xmalloc((size_t)old_n + 1);

    for (int cell = 0; cell < k->n; cell++) {
        old_at[0][cell] = old_at[1][cell] = -1;
        if (!k->black[cell] || black_before[cell])
            continue;
        /* Newly black: every cell of its old runs changes. */
        for (int dir = 0; dir < 2; dir++) {
            int r = k->run_of[dir][cell], step = kgen_step(k, dir);

            for (int i = 0, c = k->run_start[r]; r >= 0 && i < k->run_len[r]; i++, c += step)
                k->changed[c] = ++k->changes;
        }
    }
    for (int r = 0; r < old_n; r++) {
        old_start[r] = k->run_start[r];
        old_len[r] = k->run_len[r];
        old_down[r] = k->run_down[r];
        old_checked[r] = k->checked[r];
        old_at[old_down[r]][old_start[r]] = r;
    }
    memset(k->checked, 0, (size_t)k->n * sizeof *k->checked);
    kgen_number_runs(k);
    for (int r = 0; r < k->nruns; r++) {
        int was = old_at[k->run_down[r]][k->run_start[r]];

        if (was >= 0 && old_len[was] == k->run_len[r])
            k->checked[r] = old_checked[was];
    }
    free(old_down);
    free(old_at[1]);
    free(old_at[0]);
    free(old_checked);
    free(old_len);
    free(old_start);
}

/* Numbers the maximal white segments of both directions as runs. */
static void kgen_number_runs(struct kgen *k)
{
    k->nruns = 0;
    for (int cell = 0; cell < k->n; cell++)
        k->run_of[0][cell] = k->run_of[1][cell] = -1;
    for (int dir = 0; dir < 2; dir++) {
        int step = kgen_step(k, dir);

        for (int cell = 0; cell < k->n; cell++) {
            int len = 0;

            if (k->black[cell] || !k->black[cell - step])
                continue;       /* not the first white cell after a black one */
            for (int c = cell; c < k->n && !k->black[c] && (dir == 1 || c / k->w == cell / k->w);
                 c += step) {
                k->run_of[dir][c] = k->nruns;
                len++;
            }
            k->run_start[k->nruns] = cell;
            k->run_len[k->nruns] = len;
            k->run_down[k->nruns] = (uint8_t)dir;
            k->nruns++;
        }
    }
}

/* --- The board pattern --- */

/* Labels the white cells by connected component; returns the size of the largest. */
static int kgen_components(struct kgen *k)
{
    int nlabels = 0, best_size = 0;

    for (int cell = 0; cell < k->n; cell++)
        k->label[cell] = -1;
    for (int cell = 0; cell < k->n; cell++) {
        int top = 0, count = 0;

        if (k->black[cell] || k->label[cell] >= 0)
            continue;
        k->label[cell] = nlabels;
        k->stack[top++] = cell;
        while (top > 0) {
            int c = k->stack[--top];
            /* Row 0 and column 0 are black, so no neighbour of a white cell is off the board
             * on the top or left, and c + 1 never wraps onto a white cell of the next row. */
            int next[4] = { c - 1, c + 1, c - k->w, c + k->w };

            count++;
            for (int i = 0; i < 4; i++) {
                int d = next[i];
                if (d >= k->n || (i == 1 && d % k->w == 0) || k->black[d] || k->label[d] >= 0)
                    continue;
                k->label[d] = nlabels;
                k->stack[top++] = d;
            }
        }
        if (count > best_size)
            best_size = count;
        nlabels++;
    }
    return best_size;
}

static int kgen_white_count(const struct kgen *k)
{
    int count = 0;

    for (int cell = 0; cell < k->n; cell++)
        count += !k->black[cell];
    return count;
}

/* The length of the white segment through cell in direction dir (0 if cell is black). */
static int kgen_segment(const struct kgen *k, int cell, int dir)
{
    int step = kgen_step(k, dir), len = 0;

    if (cell >= k->n || k->black[cell])
        return 0;
    for (int c = cell; c < k->n && !k->black[c] && (dir == 1 || c / k->w == cell / k->w); c += step)
        len++;
    for (int c = cell - step; !k->black[c]; c -= step)    /* row 0 and column 0 stop it */
        len++;
    return len;
}

/* Whether the row and the column of cell still have a white cell. */
static bool kgen_lines_open(const struct kgen *k, int cell)
{
    int r = cell / k->w, c = cell % k->w;
    bool row = false, col = false;

    for (int i = 1; i < k->w && !row; i++)
        row = !k->black[r * k->w + i];
    for (int i = 1; i < k->h && !col; i++)
        col = !k->black[i * k->w + c];
    return row && col;
}

#define KGEN_NEAR_FLOOD 256     /* cells a flood around new black cells may visit */

/* The white cells beside cell (row 0 and column 0 being black, none is off the board on
 * the top or left) into out; returns their number. */
static int kgen_white_beside(const struct kgen *k, int cell, int *out)
{
    int next[4] = { cell - 1, cell + 1, cell - k->w, cell + k->w }, n = 0;

    for (int i = 0; i < 4; i++)
        if (next[i] < k->n && !(i == 1 && next[i] % k->w == 0) && !k->black[next[i]])
            out[n++] = next[i];
    return n;
}

/*
 * Whether the white cells are still connected after the n cells of gone (connected
 * before) turned black.  They are when the white cells beside those are connected to
 * each other, since any path through a cell gone can go round it through them; a flood
 * from one of them that stays near (KGEN_NEAR_FLOOD cells) almost always reaches the
 * others.  Only when it does not is the whole board flooded: a flood of the board for
 * every black cell tried was most of the time a 60x60 board took to lay out.
 */
static bool kgen_still_connected(struct kgen *k, const int *gone, int n)
{
    int beside[4 * (2 * KGEN_CASCADE + 4)], nbeside = 0, ntarget = 0, reached = 0;
    int head = 0, tail = 0, white;
    uint32_t target_mark, reached_mark;

    if (k->seen_stamp > UINT32_MAX - 2) {   /* about to wrap: old marks could look current */
        memset(k->seen, 0, (size_t)k->n * sizeof *k->seen);
        k->seen_stamp = 0;
    }
    target_mark = ++k->seen_stamp;
    reached_mark = ++k->seen_stamp;
    for (int i = 0; i < n; i++)
        nbeside += kgen_white_beside(k, gone[i], beside + nbeside);
    for (int i = 0; i < nbeside; i++) {
        if (k->seen[beside[i]] != target_mark) {
            k->seen[beside[i]] = target_mark;
            ntarget++;
        }
    }
    if (ntarget > 0) {
        k->stack[tail++] = beside[0];
        k->seen[beside[0]] = reached_mark;
        reached = 1;
    }
    while (head < tail && tail < KGEN_NEAR_FLOOD && reached < ntarget) {
        int next[4], m = kgen_white_beside(k, k->stack[head++], next);

        for (int j = 0; j < m; j++) {
            if (k->seen[next[j]] == reached_mark)
                continue;
            reached += k->seen[next[j]] == target_mark;
            k->seen[next[j]] = reached_mark;
            k->stack[tail++] = next[j];
        }
    }
    if (ntarget > 0 && reached == ntarget)
        return true;
    white = kgen_white_count(k);
    return white > 0 && kgen_components(k) == white;
}

/* Blackens cell and its mirror, and then any white cell left alone in a segment beside
 * them (with its mirror), and so on: near an edge a split often needs two black cells in
 * a row.  Keeps the change if it stays within cascade pairs, leaves white cells in every
 * row and column of the playing area and keeps them connected; false (and the board
 * unchanged) otherwise. */
static bool kgen_try_black(struct kgen *k, int cell, int cascade)
{
    int queue[2 * KGEN_CASCADE + 4], nqueue = 0, saved[2 * KGEN_CASCADE + 4], nsaved = 0;
    uint8_t digits[2 * KGEN_CASCADE + 4];
    bool ok = true;

    if (k->black[cell])
        return false;
    queue[nqueue++] = cell;
    for (int q = 0; q < nqueue && ok; q++) {
        int pair[2] = { queue[q], kgen_mirror(k, queue[q]) };

        if (k->black[pair[0]])
            continue;
        if (nsaved + 2 > 2 * cascade) {
            ok = false;
            break;
        }
        for (int i = 0; i < 2; i++) {
            saved[nsaved] = pair[i];
            digits[nsaved++] = k->digit[pair[i]];
        }
        kgen_set_black(k, pair[0]);
        /* Queue the white neighbours now alone in their segment. */
        for (int i = 0; i < 2; i++) {
            int x = pair[i], beside[4] = { x - 1, x + 1, x - k->w, x + k->w };

            for (int j = 0; j < 4 && nqueue < (int)(sizeof queue / sizeof queue[0]); j++) {
                if ((j == 1 && beside[j] % k->w == 0) || beside[j] >= k->n)
                    continue;
                if (kgen_segment(k, beside[j], j / 2) == 1)
                    queue[nqueue++] = beside[j];
            }
        }
    }
    for (int i = 0; i < nsaved && ok; i++)
        ok = kgen_lines_open(k, saved[i]);
    if (ok && nqueue < (int)(sizeof queue / sizeof queue[0]) && kgen_still_connected(k, saved, nsaved))
        return true;
    for (int i = nsaved - 1; i >= 0; i--) {
        k->black[saved[i]] = 0;
        k->digit[saved[i]] = digits[i];
    }
    return false;
}

/* The white cells after cell in steps of step, up to a black cell. */
static int kgen_piece(const struct kgen *k, int cell, int step)
{
    int len = 0;

    for (int c = cell + step; c < k->n && !k->black[c] && (step != 1 || c / k->w == cell / k->w);
         c += step)
        len++;
    return len;
}

/* Blackens the first of the n cells where the board stays valid; false if none works. */
static bool kgen_black_first(struct kgen *k, const int *cells, int n, int cascade)
{
    for (int i = 0; i < n; i++)
        if (kgen_try_black(k, cells[i], cascade))
            return true;
    return false;
}

/* Moves to the front of the n places of at the first that leaves a piece of two cells
 * of the segment of len cells from first in steps of step, if there is one. */
static void kgen_pair_piece_first(int *at, int n, int first, int len, int step)
{
    for (int i = 0; i < n; i++)
        if (at[i] == first + RUN_MIN * step || at[i] == first + (len - RUN_MIN - 1) * step) {
            int front = at[0];

            at[0] = at[i];
            at[i] = front;
            return;
        }
}

/*
 * Splits the white segment through cell in direction dir at a random place that keeps the
 * board valid; false if there is none.  On a large board KGEN_PAIR_PIECES in a hundred
 * splits leave a piece of two cells first: the layout of a 60x60 board is its long runs
 * split (the black cells added at random after are seldom needed), and at random places
 * that left 25-34% runs of two cells (janko's: 41%) and 13-19% of six to nine (9%); the
 * boards that settled were the least white of them, as long runs leave the sums open,
 * and lost more in splits while they settled (60x60 seeds 1-6, with kgen_refill_part:
 * 68.0-71.0% white, runs of two down to 36.9%; with these, 69.5-70.8% and 38.5-40.5%).
 */
static bool kgen_split_segment(struct kgen *k, int cell, int dir)
{
    int step = kgen_step(k, dir), first = cell, len = kgen_segment(k, cell, dir);
    int at[RUN_MAX * 16], n = 0;

    while (!k->black[first - step])
        first -= step;
    /* Both pieces keep at least two cells. */
    for (int i = RUN_MIN; i < len - RUN_MIN && n < (int)(sizeof at / sizeof at[0]); i++)
        at[n++] = first + i * step;
    gen_rng_shuffle(&k->ctx->rng, at, n);
    if (kgen_large(k) && n > 2 && gen_rng_below(&k->ctx->rng, 100) < KGEN_PAIR_PIECES)
        kgen_pair_piece_first(at, n, first, len, step);
    return kgen_black_first(k, at, n, KGEN_CASCADE);
}

/* A random symmetric board: runs longer than max_len split, then black cells added one
 * pair at a time where they keep every run two cells or longer and the white cells
 * connected, to about a black cell in four.  False if a run over nine cells cannot be
 * split. */
static bool kgen_pattern(struct kgen *k)
{
    int interior = (k->w - 1) * (k->h - 1), npairs = 0;
    int target = interior * (KGEN_DENSITY + gen_rng_below(&k->ctx->rng, 6)) / 100;
    int max_len = KGEN_MAXLEN + gen_rng_below(&k->ctx->rng, 3);
    int black = 0;

    /* One cell of each mirror pair, in random order; run_start is free until the runs
     * are found at the end. */
    memset(k->digit, 0, (size_t)k->n);
    for (int cell = 0; cell < k->n; cell++) {
        k->black[cell] = !kgen_interior(k, cell);
        if (kgen_interior(k, cell) && cell <= kgen_mirror(k, cell))
            k->run_start[npairs++] = cell;
    }
    gen_rng_shuffle(&k->ctx->rng, k->run_start, npairs);
    /* Long runs first, while the board is open and a split rarely leaves a lone cell. */
    for (int dir = 0; dir < 2; dir++) {
        for (int cell = 0; cell < k->n; cell++) {
            int len = kgen_segment(k, cell, dir);
            /* A run up to nine long is kept where it cannot be split. */
            if (len > max_len && !kgen_split_segment(k, cell, dir) && len > RUN_MAX)
                return false;
        }
    }
    for (int cell = 0; cell < k->n; cell++)
        black += kgen_interior(k, cell) && k->black[cell];
    for (int i = 0; i < npairs && black < target; i++) {
        int cell = k->run_start[i];
        if (kgen_try_black(k, cell, KGEN_CASCADE))
            black += cell == kgen_mirror(k, cell) ? 1 : 2;
    }
    kgen_find_runs(k);
    return true;
}

/* --- The fill --- */

static uint16_t kgen_used(const struct kgen *k, int run, int skip)
{
    uint16_t used = 0;
    int step = kgen_step(k, k->run_down[run]);

    for (int i = 0, c = k->run_start[run]; i < k->run_len[run]; i++, c += step)
        if (c != skip)
            used |= (uint16_t)(1u << k->digit[c]);
    return used & ALL_DIGITS;
}

/* The digits a white cell may take: none of those in its two runs but its own. */
static uint16_t kgen_allowed(const struct kgen *k, int cell)
{
    return (uint16_t)(ALL_DIGITS & ~(kgen_used(k, k->run_of[0][cell], cell)
                                     | kgen_used(k, k->run_of[1][cell], cell)));
}

/*
 * The fill's bookkeeping: the digits each empty white cell allows, and per number of
 * digits the set of empty cells that allow that many (bits in reading order).  A change
 * of digit updates the cells of its two runs alone, so finding the most constrained cell
 * costs a scan of a few words, not of the board: at 100x100 a scan of every cell for
 * every digit placed was half the generator's time.
 */
struct kgen_fill_index {
    uint16_t *allowed;          /* per cell, for empty white cells */
    int8_t *count;              /* per cell: its bucket, -1 when in none */
    uint64_t *bucket[10];       /* per number of digits allowed: bits by cell */
    size_t words;
};

static void kgen_index_init(struct kgen_fill_index *ix, const struct kgen *k)
{
    ix->words = ((size_t)k->n + 63) / 64;
    ix->allowed = xcalloc((size_t)k->n, sizeof *ix->allowed);
    ix->count = xmalloc((size_t)k->n);
    memset(ix->count, -1, (size_t)k->n);
    for (int c = 0; c < 10; c++)
        ix->bucket[c] = xcalloc(ix->words, sizeof *ix->bucket[c]);
}

static void kgen_index_free(struct kgen_fill_index *ix)
{
    free(ix->allowed);
    free(ix->count);
    for (int c = 0; c < 10; c++)
        free(ix->bucket[c]);
}

/* Files cell under what it allows now (in no bucket once filled or black). */
static void kgen_index_update(struct kgen_fill_index *ix, const struct kgen *k, int cell)
{
    int old = ix->count[cell], now = -1;

    if (!k->black[cell] && k->digit[cell] == 0) {
        ix->allowed[cell] = kgen_allowed(k, cell);
        now = popcount32(ix->allowed[cell]);
    }
    if (old == now)
        return;
    if (old >= 0)
        ix->bucket[old][cell / 64] &= ~(1ull << (cell % 64));
    if (now >= 0)
        ix->bucket[now][cell / 64] |= 1ull << (cell % 64);
    ix->count[cell] = (int8_t)now;
}

/* After cell's digit changed: cell and the cells of its two runs. */
static void kgen_index_changed(struct kgen_fill_index *ix, const struct kgen *k, int cell)
{
    kgen_index_update(ix, k, cell);
    for (int dir = 0; dir < 2; dir++) {
        int r = k->run_of[dir][cell], step = kgen_step(k, dir);

        for (int i = 0, c = k->run_start[r]; i < k->run_len[r]; i++, c += step)
            kgen_index_update(ix, k, c);
    }
}

/* The first cell in reading order of bucket c, or -1. */
static int kgen_index_first(const struct kgen_fill_index *ix, int c)
{
    for (size_t w = 0; w < ix->words; w++)
        if (ix->bucket[c][w] != 0)
            return (int)(w * 64 + (size_t)__builtin_ctzll(ix->bucket[c][w]));
    return -1;
}

/* The empty white cell with the fewest digits allowed, or -1 when all are filled: the
 * first in reading order that allows one digit or none, else the first of those that
 * allow the fewest (the cell a scan in reading order stopping at one digit would find). */
static int kgen_most_constrained(const struct kgen_fill_index *ix, uint16_t *allowed)
{
    int a = kgen_index_first(ix, 0), b = kgen_index_first(ix, 1), best = -1;

    if (a >= 0 || b >= 0)
        best = a < 0 ? b : b < 0 ? a : a < b ? a : b;
    for (int c = 2; c < 10 && best < 0; c++)
        best = kgen_index_first(ix, c);
    if (best >= 0)
        *allowed = ix->allowed[best];
    return best;
}

/* Takes a random digit out of *set and returns it. */
static int kgen_take_random(struct kgen *k, uint16_t *set)
{
    int pick = gen_rng_below(&k->ctx->rng, popcount32(*set));
    uint16_t m = *set;

    while (pick-- > 0)
        m &= (uint16_t)(m - 1);
    *set &= (uint16_t)~(m & -m);
    return lowest_bit(m);
}

/* Fills the white cells with digits, none repeated in a run: backtracking over the most
 * constrained cell, digits in random order, with an explicit stack (boards can be large),
 * started afresh when it wanders. */
static bool kgen_fill(struct kgen *k)
{
    struct kgen_fill_index ix;
    bool filled = false;

    kgen_index_init(&ix, k);
    for (int restart = 0; restart < 50 && !filled; restart++) {
        long nodes = 0, limit = 20L * k->n;
        int depth = 0;

        for (int cell = 0; cell < k->n; cell++)
            k->digit[cell] = 0;
        for (int cell = 0; cell < k->n; cell++)
            kgen_index_update(&ix, k, cell);
        for (;;) {
            uint16_t allowed = 0;
            int cell = kgen_most_constrained(&ix, &allowed);

            if (cell < 0) {
                filled = true;
                break;
            }
            if (allowed != 0 && ++nodes < limit) {
                k->stack[depth] = cell;
                k->tried[depth] = allowed;
                k->digit[cell] = (uint8_t)kgen_take_random(k, &k->tried[depth]);
                kgen_index_changed(&ix, k, cell);
                depth++;
                continue;
            }
            /* Back up to the last cell with a digit left to try. */
            while (depth > 0 && (k->tried[depth - 1] == 0 || nodes >= limit)) {
                depth--;
                k->digit[k->stack[depth]] = 0;
                kgen_index_changed(&ix, k, k->stack[depth]);
            }
            if (depth == 0)
                break;
            k->digit[k->stack[depth - 1]] = (uint8_t)kgen_take_random(k, &k->tried[depth - 1]);
            kgen_index_changed(&ix, k, k->stack[depth - 1]);
        }
    }
    kgen_index_free(&ix);
    return filled;
}

/* --- Uniqueness --- */

/* The puzzle whose clues are the sums of the fill. */
static struct puzzle *kgen_puzzle(const struct kgen *k)
{
    struct puzzle *p = kakuro_new(k->w, k->h);
    struct puzzle_error err;

    memcpy(p->block, k->black, (size_t)k->n);
    for (int r = 0; r < k->nruns; r++) {
        int step = kgen_step(k, k->run_down[r]), sum = 0;

        for (int i = 0, c = k->run_start[r]; i < k->run_len[r]; i++, c += step)
            sum += k->digit[c];
        if (k->run_down[r])
            p->down[k->run_start[r] - step] = (uint8_t)sum;
        else
            p->across[k->run_start[r] - step] = (uint8_t)sum;
    }
    if (!puzzle_finish(p, &err))
        fatal("generated Kakuro is inconsistent: %s", err.message);
    return p;
}

/* Gives a white cell another digit, in the fill and in the sums of p's two runs (unless p
 * is NULL), for a trial that is put back (the neighbourhoods found settled stay so). */
static void kgen_try_digit(struct kgen *k, struct puzzle *p, int cell, int d)
{
    int change = d - k->digit[cell];

    k->digit[cell] = (uint8_t)d;
    k->open_grid[cell] = (uint8_t)d;
    for (int i = 0; i < 2 && p != NULL; i++) {
        struct puzzle_group *grp = &p->groups[p->cell_groups[cell][i]];
        uint8_t *clue = grp->kind == GROUP_ACROSS ? p->across : p->down;

        grp->sum += change;
        clue[grp->clue] = (uint8_t)grp->sum;
    }
}

/* Gives a white cell another digit for good: its neighbourhood must be checked again. */
static void kgen_set_digit(struct kgen *k, struct puzzle *p, int cell, int d)
{
    kgen_try_digit(k, p, cell, d);
    k->changed[cell] = ++k->changes;
}

/* Watches a search: catches the first solution other than the fill, and stops a search
 * that wanders, since a board whose sums leave that much open is not worth keeping. */
struct other_solution {
    const uint8_t *fill;
    uint8_t *other;
    size_t n;
    const int *open;            /* the cells searched: elsewhere the grid is the fill */
    int nopen;
    long guesses, guess_limit;
    bool found;
};

/* Whether grids a and b agree on the n cells listed. */
static bool kgen_same_on(const uint8_t *a, const uint8_t *b, const int *cells, int n)
{
    for (int i = 0; i < n; i++)
        if (a[cells[i]] != b[cells[i]])
            return false;
    return true;
}

static int catch_other(const struct solve_step *step, void *user)
{
    struct other_solution *o = user;

    if (step->kind == STEP_GUESS && ++o->guesses > o->guess_limit)
        return 1;
    if (step->kind != STEP_SOLVED || kgen_same_on(step->grid, o->fill, o->open, o->nopen))
        return 0;
    memcpy(o->other, step->grid, o->n);
    o->found = true;
    return 1;
}

enum kgen_verdict { KGEN_UNIQUE, KGEN_OTHER, KGEN_TOO_HARD };

static int kgen_open_parts(struct kgen *k, const uint8_t *root, int *cells, int *start);
static int kgen_label_parts(struct kgen *k, int *cells, int *start);

/* Whether the fill is p's only solution extending start (the fill with the nopen cells
 * of open emptied), within guess_limit guesses; KGEN_OTHER with another solution in
 * other. */
static enum kgen_verdict kgen_other_solution(const struct kgen *k, const struct puzzle *p,
                                             const uint8_t *start, const int *open,
                                             int nopen, long guess_limit, uint8_t *other)
{
    struct other_solution o = {
        .fill = k->digit, .other = other, .n = (size_t)k->n, .guess_limit = guess_limit,
        .open = open, .nopen = nopen,
    };
    struct solve_observer observer = { .step = catch_other, .user = &o };
    struct solve_request req = {
        .limit = 2, .observer = &observer, .budget = gen_search_budget(k->ctx),
        .scratch = k->search,
    };
    struct solve_result res = { .solution = NULL };

    kakuro_solve_open(p, start, open, nopen, &req, &res);
    if (o.found)
        return KGEN_OTHER;
    return res.stopped || res.gave_up ? KGEN_TOO_HARD : KGEN_UNIQUE;
}

/* How many digit sets could fill a run if cell took digit d. */
static int kgen_ambiguity(const struct kgen *k, int cell, int d)
{
    int total = 1;

    for (int dir = 0; dir < 2; dir++) {
        int r = k->run_of[dir][cell], step = kgen_step(k, dir), sum = 0;

        for (int i = 0, c = k->run_start[r]; i < k->run_len[r]; i++, c += step)
            sum += c == cell ? d : k->digit[c];
        /* Whitening joins two runs whose digits may repeat until the repair: past 45 no
         * digit set makes the sum, and the run says nothing about d. */
        if (sum <= 45)
            total *= k->combos[k->run_len[r]][sum];
    }
    return total;
}

/* Among the digits in options, one that leaves the cell's runs the fewest digit sets,
 * chosen at random among equals, and fewer than *bound unless *bound is 0; 0 if there is
 * none.  *bound gets the chosen digit's score. */
static int kgen_best_digit(struct kgen *k, int cell, uint16_t options, int *bound)
{
    int best = 0, best_score = 0, ties = 0;

    for (uint16_t m = options; m != 0; m &= (uint16_t)(m - 1)) {
        int d = lowest_bit(m), score = kgen_ambiguity(k, cell, d);

        if (*bound > 0 && score >= *bound)
            continue;
        /* Reservoir sampling among the digits that tie for the lowest score. */
        if (best == 0 || score < best_score) {
            best = d;
            best_score = score;
            ties = 1;
        } else if (score == best_score && gen_rng_below(&k->ctx->rng, ++ties) == 0) {
            best = d;
        }
    }
    if (best != 0)
        *bound = best_score;
    return best;
}

/* The digits a cell could change to: allowed by its runs, other than its own. */
static uint16_t kgen_other_digits(const struct kgen *k, int cell)
{
    return kgen_allowed(k, cell) & (uint16_t)~(1u << k->digit[cell]);
}

/* Empties the region, in the time of its cells. */
static void kgen_region_clear(struct kgen *k)
{
    for (int i = 0; i < k->nregion; i++)
        k->region[k->region_cells[i]] = 0;
    k->nregion = 0;
}

static void kgen_region_add(struct kgen *k, int cell)
{
    if (!k->region[cell]) {
        k->region[cell] = 1;
        k->region_cells[k->nregion++] = cell;
    }
}

/* Adds the cells of cell's run in direction dir to the region. */
static void kgen_mark_run(struct kgen *k, int cell, int dir)
{
    int r = k->run_of[dir][cell], step = kgen_step(k, dir);

    for (int j = 0, c = k->run_start[r]; j < k->run_len[r]; j++, c += step)
        kgen_region_add(k, c);
}

static int kgen_int_cmp(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;

    return (x > y) - (x < y);
}

/* Whether the fill is the only solution of p when only the cells of k->region are open
 * (a quick search of at most guess_limit guesses, with the rest of the board kept).  If not, *ncells (unless NULL) gets
 * the number of cells where another solution (in k->scratch) differs, their cells going
 * to part (unless NULL), or -1 when the search wandered and found none. */
static bool kgen_region_settled(struct kgen *k, const struct puzzle *p, long guess_limit,
                                int *part, int *ncells)
{
    enum kgen_verdict verdict;
    int n = 0;

    for (int i = 0; i < k->nregion; i++)
        k->open_grid[k->region_cells[i]] = 0;
    verdict = kgen_other_solution(k, p, k->open_grid, k->region_cells, k->nregion,
                                  guess_limit, k->scratch);
    for (int i = 0; i < k->nregion; i++) {
        int cell = k->region_cells[i];

        k->open_grid[cell] = k->digit[cell];
        if (verdict == KGEN_OTHER && k->scratch[cell] != k->digit[cell] && part != NULL)
            part[n] = cell;
        n += verdict == KGEN_OTHER && k->scratch[cell] != k->digit[cell];
    }
    /* In board order, as the settling changes draw from them at random. */
    if (part != NULL && n > 1)
        qsort(part, (size_t)n, sizeof *part, kgen_int_cmp);
    if (ncells != NULL)
        *ncells = verdict == KGEN_TOO_HARD ? -1 : n;
    return verdict == KGEN_UNIQUE;
}

/* kgen_region_settled for the neighbourhoods of runs. */
static bool kgen_settled_locally(struct kgen *k, const struct puzzle *p, int *part, int *ncells)
{
    return kgen_region_settled(k, p, KGEN_GUESS_LIMIT + 4L * p->nwhite, part, ncells);
}

/* Watches the search of the whole board up to its first guess: the grid there, but for
 * the digit guessed, is what propagation alone decides from the sums. */
struct root_view {
    uint8_t *grid;
    size_t n;
    bool guessed;
};

static int catch_root(const struct solve_step *step, void *user)
{
    struct root_view *v = user;

    if (step->kind != STEP_GUESS)
        return 0;
    memcpy(v->grid, step->grid, v->n);
    v->grid[step->cell] = 0;    /* the guess is already in the grid; the cell is open */
    v->guessed = true;
    return 1;
}

/* The sums of p propagated over the whole board (its search up to the first guess) into
 * root, the cells left open 0; false when the search needs no guess, *verdict then
 * telling whether it found the fill alone or ran out of time. */
static bool kgen_propagate(struct kgen *k, const struct puzzle *p, uint8_t *root,
                           enum kgen_verdict *verdict)
{
    struct root_view v = { .grid = root, .n = (size_t)k->n };
    struct solve_observer observer = { .step = catch_root, .user = &v };
    struct solve_request req = {
        .limit = 2, .observer = &observer, .budget = gen_search_budget(k->ctx),
        .scratch = k->search,
    };
    struct solve_result res = { .solution = NULL };

    puzzle_solve(p, p->given, &req, &res);
    if (!v.guessed)
        *verdict = res.count == 1 ? KGEN_UNIQUE : KGEN_TOO_HARD;
    return v.guessed;
}

/*
 * Whether the fill is p's only solution; KGEN_OTHER with the cells where other solutions
 * differ from it in other (the fill elsewhere).  The sums are propagated first (the
 * search up to its first guess); the cells left open then fall into parts that share no
 * run, each searched on its own with the rest of the board fixed to the fill.  A part
 * whose search wanders is not a reason to give the board up (on a 100x100 board most
 * are): its cells are all marked as differing, so that they get the changes that leave
 * fewer digit sets, and the next round looks again.  KGEN_TOO_HARD only when the
 * propagation itself ran out of time.  *differing gets the number of cells so marked,
 * *wandered those of them in parts whose search wandered.
 */
static enum kgen_verdict kgen_whole_board(struct kgen *k, const struct puzzle *p, int *cells,
                                          int *start, uint8_t *other, int *wandered,
                                          int *differing)
{
    enum kgen_verdict verdict = KGEN_UNIQUE;
    int nparts;

    *wandered = 0;
    *differing = 0;
    if (!kgen_propagate(k, p, other, &verdict))
        return verdict;
    nparts = kgen_open_parts(k, other, cells, start);
    memcpy(other, k->digit, (size_t)k->n);
    for (int i = 0; i < nparts; i++) {
        int ncells = 0;

        kgen_region_clear(k);
        for (int j = start[i]; j < start[i + 1]; j++)
            kgen_region_add(k, cells[j]);
        if (kgen_region_settled(k, p, KGEN_PART_GUESSES + (start[i + 1] - start[i]) / 2, NULL,
                                &ncells))
            continue;
        verdict = KGEN_OTHER;
        *wandered += ncells < 0 ? start[i + 1] - start[i] : 0;
        *differing += start[i + 1] - start[i];
        /* A part whose search wanders counts as differing whole: it gets the changes
         * that leave fewer digit sets, which a spread ambiguity gets. */
        for (int j = start[i]; j < start[i + 1]; j++)
            other[cells[j]] = ncells < 0 ? (uint8_t)(k->digit[cells[j]] % 9 + 1)
                                         : k->scratch[cells[j]];
    }
    return verdict;
}

/* Makes k->region the cells of the runs through the part's cells. */
static void kgen_region_of_part(struct kgen *k, const int *part, int ncells)
{
    kgen_region_clear(k);
    for (int i = 0; i < ncells; i++) {
        kgen_mark_run(k, part[i], 0);
        kgen_mark_run(k, part[i], 1);
    }
}

/* A change of digit a settling change may make, the digit sets it leaves, and a random
 * key that orders those that tie. */
struct kgen_option {
    int cell, digit, score, reused;
    uint64_t tie;
};

static int kgen_option_cmp(const void *a, const void *b)
{
    const struct kgen_option *x = a, *y = b;

    if (x->reused != y->reused)
        return (x->reused > y->reused) - (x->reused < y->reused);
    if (x->score != y->score)
        return (x->score > y->score) - (x->score < y->score);
    return (x->tie > y->tie) - (x->tie < y->tie);
}

/*
 * The cells of a small part a settling change is tried on before a run is split there.
 * Splits are where a large board loses its white share: a 128x128 board laid out 69.7%
 * white was split 242 times while it settled (two black cells each) and ended 66.9%
 * white, where janko's boards are 72%, and the whitening after gained back 0.2 points.
 * Trying every cell of the part first left 160 splits and 67.7% white.  On smaller
 * boards a split costs little and the changes tried cost time, so they are as before.
 */
static int kgen_local_cells(const struct kgen *k)
{
    return (k->w - 1) * (k->h - 1) > KGEN_LOCAL_ALL_CELLS ? KGEN_LOCAL_PART : KGEN_LOCAL_CELLS;
}

/* The change of one of the part's cells (up to kgen_local_cells of them) that settles the
 * part's neighbourhood (the cells of the runs through it): on the cells settling changes
 * were made to least often, fewest digit sets first, then at random; false if none does.
 * The changes are tried in that order, so the first that settles is the one, and most
 * are never tried.  A cell changed before comes last because two parts can undo each
 * other: on a large board the change settling one unsettled the other and the other's
 * changed the same cell back, round after round, until the board was given up. */
static bool kgen_settling_change(struct kgen *k, struct puzzle *p, const int *part,
                                 int ncells, int *best_cell, int *best_digit)
{
    struct kgen_option opt[KGEN_LOCAL_PART * 9];
    int nopt = 0, ntried = kgen_local_cells(k);

    kgen_region_of_part(k, part, ncells);
    for (int i = 0; i < ncells && i < ntried; i++)
        for (uint16_t m = kgen_other_digits(k, part[i]); m != 0; m &= (uint16_t)(m - 1))
            opt[nopt++] = (struct kgen_option){
                .cell = part[i], .digit = lowest_bit(m),
                .score = kgen_ambiguity(k, part[i], lowest_bit(m)),
                .reused = k->settled_by[part[i]],
                .tie = gen_rng_next(&k->ctx->rng),
            };
    qsort(opt, (size_t)nopt, sizeof *opt, kgen_option_cmp);
    for (int i = 0; i < nopt; i++) {
        int old = k->digit[opt[i].cell];
        bool settled;

        kgen_try_digit(k, p, opt[i].cell, opt[i].digit);
        settled = kgen_settled_locally(k, p, NULL, NULL);
        kgen_try_digit(k, p, opt[i].cell, old);
        if (settled) {
            *best_cell = opt[i].cell;
            *best_digit = opt[i].digit;
            return true;
        }
    }
    return false;
}

/* Changes the digits of a few of the part's cells (one for every KGEN_WIDE), each to the
 * digit that leaves its runs the fewest digit sets; the number changed. */
static int kgen_reduce_ambiguity(struct kgen *k, struct puzzle *p, const int *part, int ncells)
{
    int changed = 0, todo = 1 + ncells / KGEN_WIDE;

    for (int i = 0; i < ncells && changed < todo; i++) {
        int bound = 0, d = kgen_best_digit(k, part[i], kgen_other_digits(k, part[i]), &bound);

        if (d != 0) {
            kgen_set_digit(k, p, part[i], d);
            changed++;
        }
    }
    return changed;
}

/* Whitening a wide board: the cells of its batch still white (one of each pair) on a
 * run through a cell of the part, into undo; returns their number. */
static int kgen_whitened_near(struct kgen *k, const int *part, int ncells, int *undo)
{
    int n = 0;

    kgen_region_of_part(k, part, ncells);
    for (int i = 0; i < k->nwhitened; i++) {
        int cell = k->whitened[i];

        if (!k->black[cell] && (k->region[cell] || k->region[kgen_mirror(k, cell)]))
            undo[n++] = cell;
    }
    return n;
}

/* Blackens one of the part's cells (and its mirror), splitting its runs, where the board
 * stays valid; false if no such cell works.  Whitening keeps the black cells, but on a
 * wide board it may turn a cell of its batch near the part black again: the rest of the
 * batch is then kept, where a batch failed whole. */
static bool kgen_split_run(struct kgen *k, const int *part, int ncells)
{
    uint8_t *black_before;
    int *undo = NULL, nundo = 0;
    bool split = false;

    if (k->keep_black && !k->whiten_wide)
        return false;
    if (k->keep_black) {
        undo = xmalloc(((size_t)k->nwhitened + 1) * sizeof *undo);
        nundo = kgen_whitened_near(k, part, ncells, undo);
        part = undo;
        ncells = nundo;
    }
    black_before = xmalloc((size_t)k->n);
    memcpy(black_before, k->black, (size_t)k->n);
    if (kgen_black_first(k, part, ncells, KGEN_SPLIT_CASCADE)) {
        kgen_find_runs_after_split(k, black_before);
        memcpy(k->open_grid, k->digit, (size_t)k->n);   /* the new black cells' digits */
        split = true;
    }
    free(black_before);
    free(undo);
    return split;
}

/* kgen_split_run within the board's allowance of splits, the puzzle *pp remade. */
static bool kgen_split_part(struct kgen *k, struct puzzle **pp, const int *part, int ncells,
                            int *splits)
{
    if (*splits >= KGEN_SPLITS + k->nruns / 16 || !kgen_split_run(k, part, ncells))
        return false;
    (*splits)++;
    puzzle_free(*pp);
    *pp = kgen_puzzle(k);
    return true;
}

/* Keeps the part's white cells at its front; returns their number.  Parts are settled
 * one after another, and a split settling one turns a cell black with its mirror, which
 * can be a cell of a part still to come: 40x40 boards of seeds 7, 8 and 10 at level any
 * had such parts, whose black cell has no runs (the settling then read and wrote before
 * the runs' array, and a 100x100 board crashed). */
static int kgen_white_only(const struct kgen *k, int *part, int ncells)
{
    int nwhite = 0;

    for (int i = 0; i < ncells; i++)
        if (!k->black[part[i]])
            part[nwhite++] = part[i];
    return nwhite;
}

/* Gives the n cells of cells (their digits cleared) digits no run repeats, in random
 * order, from the i-th on, within *nodes digits placed; false if none is found. */
static bool kgen_refill_from(struct kgen *k, const int *cells, int n, int i, long *nodes)
{
    uint16_t options;

    if (i == n)
        return true;
    if (++*nodes > KGEN_REFILL_NODES)
        return false;
    options = kgen_allowed(k, cells[i]);
    while (options != 0) {
        k->digit[cells[i]] = (uint8_t)kgen_take_random(k, &options);
        if (kgen_refill_from(k, cells, n, i + 1, nodes))
            return true;
    }
    k->digit[cells[i]] = 0;
    return false;
}

/* A new fill of the n cells of cells into now (the fill there as it was in old, and put
 * back): digits at random, then each changed to the one that leaves its runs the fewest
 * digit sets, as kgen_polish does for the board; false if none was found. */
static bool kgen_refill(struct kgen *k, const int *cells, int n, const uint8_t *old,
                        uint8_t *now)
{
    long nodes = 0;
    bool filled;

    for (int i = 0; i < n; i++)
        k->digit[cells[i]] = 0;
    filled = kgen_refill_from(k, cells, n, 0, &nodes);
    for (int i = 0; i < n && filled; i++) {
        int bound = kgen_ambiguity(k, cells[i], k->digit[cells[i]]);
        int better = kgen_best_digit(k, cells[i], kgen_allowed(k, cells[i]), &bound);

        if (better != 0)
            k->digit[cells[i]] = (uint8_t)better;
    }
    for (int i = 0; i < n; i++) {
        now[i] = k->digit[cells[i]];
        k->digit[cells[i]] = old[i];
    }
    return filled;
}

/* Gives the n cells of cells the digits of digits (in the fill and in p's sums, for a
 * trial that is put back). */
static void kgen_try_digits(struct kgen *k, struct puzzle *p, const int *cells, int n,
                            const uint8_t *digits)
{
    for (int i = 0; i < n; i++)
        kgen_try_digit(k, p, cells[i], digits[i]);
}

/*
 * Settles a small part on a board over 31x31 by a new fill of the runs through it, where
 * no change of one digit does, before a run is split there: the runs' cells get new
 * digits (kgen_refill) until the cells of the runs through those have the fill as their
 * only solution, KGEN_REFILLS times at most.  Splits are where a large board loses its
 * white share (two black cells each): a 60x60 board laid out 71.4% white was split 60
 * times while it settled and ended 68.0% white, where janko's are 72%.  With the new
 * fills, 28-31 splits (60x60 seeds 1-6: 67.9% white to 69.2% on average, the worst seed
 * 67.2% to 68.4%).  False (the fill as it was) if no new fill settles.
 */
static bool kgen_refill_part(struct kgen *k, struct puzzle *p, const int *part, int ncells)
{
    int n, *cells;
    uint8_t *old, *now;
    bool settled = false;

    if (!kgen_large(k))
        return false;
    kgen_region_of_part(k, part, ncells);
    n = k->nregion;
    cells = xmalloc((size_t)n * sizeof *cells);
    old = xmalloc((size_t)n);
    now = xmalloc((size_t)n);
    memcpy(cells, k->region_cells, (size_t)n * sizeof *cells);
    for (int i = 0; i < n; i++)
        old[i] = k->digit[cells[i]];
    for (int t = 0; t < KGEN_REFILLS && !settled; t++) {
        if (!kgen_refill(k, cells, n, old, now))
            continue;
        kgen_try_digits(k, p, cells, n, now);
        kgen_region_of_part(k, cells, n);
        settled = kgen_settled_locally(k, p, NULL, NULL);
        if (!settled)
            kgen_try_digits(k, p, cells, n, old);
    }
    /* Kept: the neighbourhoods of the cells changed are checked again. */
    for (int i = 0; i < n && settled; i++)
        if (now[i] != old[i])
            k->changed[cells[i]] = ++k->changes;
    free(now);
    free(old);
    free(cells);
    return settled;
}

/* Settles a part (cells where another solution differs from the fill): a small part by a
 * change of digit that settles its neighbourhood or, failing that, on a board over 31x31
 * by a new fill of its runs (kgen_refill_part), or by splitting a run there (the board
 * and so *pp change); a large one, an ambiguity spread wide, by changes
 * that leave fewer digit sets, but when whitening a wide board first by turning a cell
 * of the batch near it black again (at 100x100 whitened batches otherwise failed on
 * such parts, 600 to 1900 cells each).  False when nothing helps: the board is given up. */
static bool kgen_settle_part(struct kgen *k, struct puzzle **pp, int *part, int ncells,
                             int *splits)
{
    int cell, digit;

    ncells = kgen_white_only(k, part, ncells);
    if (ncells == 0)
        return true;    /* the board changed there: the next sweep looks again */
    gen_rng_shuffle(&k->ctx->rng, part, ncells);
    if (ncells > KGEN_LOCAL_PART)
        return (k->keep_black && kgen_split_part(k, pp, part, ncells, splits))
               || kgen_reduce_ambiguity(k, *pp, part, ncells) > 0;
    if (kgen_settling_change(k, *pp, part, ncells, &cell, &digit)) {
        kgen_set_digit(k, *pp, cell, digit);
        if (k->settled_by[cell] < UINT8_MAX)
            k->settled_by[cell]++;
        return true;
    }
    return kgen_refill_part(k, *pp, part, ncells) || kgen_split_part(k, pp, part, ncells, splits)
           || kgen_reduce_ambiguity(k, *pp, part, ncells) > 0;
}

/* Adds to k->region (the cells of the runs crossing run r) the cells of the runs that
 * cross those: the neighbourhood of a wide sweep. */
static void kgen_widen_region(struct kgen *k, int r)
{
    int dir = k->run_down[r], step = kgen_step(k, dir);

    for (int j = 0, c = k->run_start[r]; j < k->run_len[r]; j++, c += step) {
        int x = k->run_of[!dir][c], xstep = kgen_step(k, !dir);

        for (int m = 0, d = k->run_start[x]; m < k->run_len[x]; m++, d += xstep)
            kgen_mark_run(k, d, dir);
    }
}

/* Looks for another solution near each run in turn (its cells and those of the runs
 * crossing it open, and with wide those of the runs crossing these, the rest of the
 * board kept) and settles each one found.  Local
 * searches are quick where a search of the whole board can wander for long.  Returns the
 * number of parts settled, or -1 when one could not be. */
static int kgen_sweep(struct kgen *k, struct puzzle **pp, int *splits, int *order, int *part,
                      bool wide)
{
    int nruns = k->nruns, settled = 0;

    for (int r = 0; r < nruns; r++)
        order[r] = r;
    gen_rng_shuffle(&k->ctx->rng, order, nruns);
    for (int i = 0; i < nruns; i++) {
        int r = order[i], step, ncells = 0;
        uint32_t latest = 0, now = k->changes;

        /* A split renumbers the runs: the next sweep starts afresh. */
        if (k->nruns != nruns)
            break;
        /* gen_tick reads the clock, a system call when the budget is CPU time: a tick
         * for every run made 70,000 calls on one 60x60 board, 5% of its time. */
        if (i % KGEN_TICK_RUNS == 0 && !gen_tick(k->ctx))
            return -1;
        step = kgen_step(k, k->run_down[r]);
        /* Nothing changed near the run (the cells of the runs crossing it) since it was
         * found settled: it still is.  Looked up along those runs, not over the board. */
        for (int j = 0, c = k->run_start[r]; j < k->run_len[r] && k->checked[r] != 0; j++, c += step) {
            int x = k->run_of[!k->run_down[r]][c], xstep = kgen_step(k, !k->run_down[r]);

            for (int m = 0, d = k->run_start[x]; m < k->run_len[x]; m++, d += xstep)
                if (k->changed[d] > latest)
                    latest = k->changed[d];
        }
        if (!wide && k->checked[r] != 0 && latest < k->checked[r])
            continue;
        kgen_region_clear(k);
        for (int j = 0, c = k->run_start[r]; j < k->run_len[r]; j++, c += step)
            kgen_mark_run(k, c, !k->run_down[r]);
        if (wide)
            kgen_widen_region(k, r);
        if (kgen_settled_locally(k, *pp, part, &ncells)) {
            if (!wide)
                k->checked[r] = now + 1;
            continue;
        }
        if (ncells <= 0 || !kgen_settle_part(k, pp, part, ncells, splits))
            return -1;
        settled++;
    }
    return settled;
}

/* Sorts the cells where the fill and other differ into parts that share no run (see
 * kgen_label_parts).  Returns the number of parts. */
static int kgen_diff_parts(struct kgen *k, const uint8_t *other, int *cells, int *start)
{
    for (int cell = 0; cell < k->n; cell++)
        k->label[cell] = !k->black[cell] && other[cell] != k->digit[cell];
    return kgen_label_parts(k, cells, start);
}

/* Sorts the white cells propagation left open in root into parts that share no run, as
 * kgen_diff_parts does. */
static int kgen_open_parts(struct kgen *k, const uint8_t *root, int *cells, int *start)
{
    for (int cell = 0; cell < k->n; cell++)
        k->label[cell] = !k->black[cell] && root[cell] == 0;
    return kgen_label_parts(k, cells, start);
}

/* Sorts the cells whose label is 1 into parts that share no run, each part's cells
 * together in cells, part p starting at start[p] (start has room for one more than the
 * parts); the labels are cleared.  Returns the number of parts. */
static int kgen_label_parts(struct kgen *k, int *cells, int *start)
{
    int nparts = 0, used = 0;

    for (int cell = 0; cell < k->n; cell++) {
        int head;

        if (!k->label[cell])
            continue;
        start[nparts++] = head = used;
        k->label[cell] = 0;
        cells[used++] = cell;
        while (head < used) {
            int c = cells[head++];

            for (int dir = 0; dir < 2; dir++) {
                int r = k->run_of[dir][c], step = kgen_step(k, dir);

                for (int i = 0, d = k->run_start[r]; i < k->run_len[r]; i++, d += step) {
                    if (k->label[d]) {
                        k->label[d] = 0;
                        cells[used++] = d;
                    }
                }
            }
        }
    }
    start[nparts] = used;
    return nparts;
}

/* Gives each white cell, in random order, the digit that leaves its runs the fewest
 * digit sets, when that is fewer than now: sums that few sets make settle most of the
 * board by themselves, so fewer changes are needed after. */
static void kgen_polish(struct kgen *k)
{
    int nwhite = 0;

    for (int cell = 0; cell < k->n; cell++)
        if (!k->black[cell])
            k->label[nwhite++] = cell;
    gen_rng_shuffle(&k->ctx->rng, k->label, nwhite);
    for (int i = 0; i < nwhite; i++) {
        int cell = k->label[i], now = kgen_ambiguity(k, cell, k->digit[cell]);
        int better = kgen_best_digit(k, cell, kgen_allowed(k, cell), &now);

        if (better != 0)
            k->digit[cell] = (uint8_t)better;
    }
}

/*
 * The sweeps a board gets before it is given up.  A board settles when the slowest of its
 * neighbourhoods does, and a larger board has more of them: a 128x128 board still
 * settling at round 40 (48 were enough) was given up, and the ~35 boards drawn after it
 * fared no better (154 s where the first took 3).  With no limit, 60x60 boards settled
 * within 10-35 sweeps or dragged on for 150-270 (where a new board, a few sweeps' cost,
 * is better); 128x128 boards settled in 48-294, and a limit in proportion to the cells
 * (182) gave up boards that would have settled, as a fixed 40 did.  So the sweeps grow
 * with the cells times the side (cells to the power 1.5): 40 up to 60x60, as before, 185
 * at 100x100 and 388 at 128x128.
 */
static long kgen_isqrt(long x)
{
    long r = 0;

    while ((r + 1) * (r + 1) <= x)
        r++;
    return r;
}

int gen_kakuro_rounds(int width, int height)
{
    long cells = (long)width * height;
    long rounds = KGEN_ROUNDS * cells * kgen_isqrt(cells)
                  / ((long)KGEN_ROUNDS_SIDE * KGEN_ROUNDS_SIDE * KGEN_ROUNDS_SIDE);

    return rounds > KGEN_ROUNDS ? (int)rounds : KGEN_ROUNDS;
}

/*
 * A board gets closer to one solution as the whole-board searches leave fewer cells
 * differing from the fill.  A good board sheds them fast (128x128 seed 4: 5529 to 312 in
 * 23 searches); a poor one creeps (100x100 seed 8: 5782 to 5121 in 28, given up at 185
 * sweeps, twice, before a board that settled).  So a board is given up when KGEN_ROUNDS
 * sweeps in a row bring the cells differing no lower than 7/8 of the last such low;
 * gen_kakuro_rounds stays the limit of those that keep shedding.  Up to 60x60 that limit
 * (40) comes first, and boards are as before.
 */
bool gen_kakuro_progressing(int differing, int *low, int *since)
{
    if (differing >= 0 && (*low < 0 || differing <= *low - *low / KGEN_PROGRESS_SHARE)) {
        *low = differing;
        *since = 0;
        return true;
    }
    return ++*since <= KGEN_ROUNDS;
}

/*
 * Whether a board is not worth settling, told by its first whole-board search: when the
 * parts whose search wandered hold more than half its white cells, the sums leave nearly
 * the whole board open to a search.  At 100x100 and 128x128 such boards (those laid out
 * with runs of up to 8, and most with 7: 64-80% of the white cells in wandering parts,
 * where boards that settled had 30-41%) were mostly given up in the end, after 1.6-12.8 s
 * of sweeps each, where a new board costs the 0.5-1.5 s of sweeps before its first
 * whole-board search.  Small boards' searches do not wander: they settle as before.
 * Before any sweep the propagation of the sums alone tells most of those boards, at a
 * fraction of that cost: at 100x100 and 128x128 it left open 91-94% of the white cells of
 * boards with runs up to 8, 84-87% with 7, and 65-70% on boards that settled; so a board
 * with over 3/4 of its white cells open then (undecided, swept false) is given up before
 * its sweeps.  That is asked of boards over 60x60 alone, those given more than
 * KGEN_ROUNDS sweeps: on smaller ones the sweeps cost little, and some that open start
 * settle (20x20 and 30x30 boards did).
 */
bool gen_kakuro_hopeless(int undecided, int white, bool swept)
{
    return swept ? undecided > white / KGEN_HOPELESS_SHARE
                 : undecided > white - white / KGEN_HOPELESS_EARLY;
}

/* Whether the board is given up before its first sweep (gen_kakuro_hopeless), by the
 * white cells the propagation of its sums leaves open (in root).  The search leaves
 * nothing behind that the sweeps read, so a board kept goes on as if it had not been
 * looked at. */
static bool kgen_hopeless_early(struct kgen *k, const struct puzzle *p, uint8_t *root)
{
    enum kgen_verdict verdict;
    int open = 0;

    if (!kgen_propagate(k, p, root, &verdict))
        return false;
    for (int cell = 0; cell < k->n; cell++)
        open += !k->black[cell] && root[cell] == 0;
    return gen_kakuro_hopeless(open, p->nwhite, false);
}

/* Changes the fill where another solution differs from it (and, where changing digits
 * does not settle it, splits runs) until the sums have one solution: first around each
 * run, then over the whole board.  The unique puzzle, or NULL when it does not settle (a
 * new board is better then) or when cancelled. */
static struct puzzle *kgen_make_unique(struct kgen *k)
{
    uint8_t *other = xmalloc((size_t)k->n);
    int *cells = xmalloc((size_t)k->n * sizeof *cells);
    int *start = xmalloc(((size_t)k->n + 1) * sizeof *start);
    int *order = xmalloc((size_t)k->n * sizeof *order);
    int splits = 0, rounds = gen_kakuro_rounds(k->w, k->h), low = -1, since = 0;
    struct puzzle *p = kgen_puzzle(k);
    bool unique = false, wide = false, wide_swept = false, first_whole = true;

    memset(k->settled_by, 0, (size_t)k->n);
    memcpy(k->open_grid, k->digit, (size_t)k->n);
    if (k->keep_black && k->whiten_wide)
        rounds = KGEN_WHITEN_WIDE_ROUNDS;
    if (rounds > KGEN_ROUNDS && kgen_hopeless_early(k, p, other))
        rounds = 0;
    for (int round = 0; round < rounds && gen_tick(k->ctx); round++) {
        int splits_before = splits, settled = kgen_sweep(k, &p, &splits, order, cells, wide);
        int nparts, differing = -1;
        enum kgen_verdict verdict;
        int wandered = 0;

        /* A sweep a split cut short is not a round: a large board has many splits, and
         * counting them used up the rounds before the board settled. */
        if (splits != splits_before && settled >= 0)
            round--;

        wide_swept = wide;
        wide = false;
        if (settled < 0)
            break;
        if (settled == 0) {
            /* No run has another solution near it: now the whole board. */
            verdict = kgen_whole_board(k, p, cells, start, other, &wandered, &differing);
            if (verdict != KGEN_OTHER) {
                unique = verdict == KGEN_UNIQUE;
                break;
            }
            if (first_whole && gen_kakuro_hopeless(wandered, p->nwhite, true))
                break;
            first_whole = false;
        }
        /* A board no longer shedding differing cells is given up for a new one. */
        if (splits == splits_before && !gen_kakuro_progressing(differing, &low, &since))
            break;
        if (settled > 0)
            continue;
        /* Where the whole board's search wandered, first a sweep of wider neighbourhoods
         * looks for the other solutions it could not reach; the wandering parts are
         * changed blindly only when that finds none. */
        if (wandered > 0 && !wide_swept) {
            wide = true;
            continue;
        }
        nparts = kgen_diff_parts(k, other, cells, start);
        for (int i = 0; i < nparts && settled >= 0; i++)
            if (!kgen_settle_part(k, &p, cells + start[i], start[i + 1] - start[i], &splits))
                settled = -1;
        if (settled < 0)
            break;
    }
    if (!unique) {
        puzzle_free(p);
        p = NULL;
    }
    free(order);
    free(start);
    free(cells);
    free(other);
    return p;
}

static void kgen_init(struct kgen *k, struct gen_context *ctx)
{
    size_t n;

    memset(k, 0, sizeof *k);
    k->ctx = ctx;
    k->w = ctx->req->width;
    k->h = ctx->req->height;
    k->n = k->w * k->h;
    /* Below 10x10 a playing area has no room for pieces of 3 between black cells. */
    k->long_runs = ctx->req->level == LEVEL_EASY && k->w >= 10 && k->h >= 10;
    n = (size_t)k->n;
    k->black = xmalloc(n);
    k->digit = xmalloc(n);
    k->run_of[0] = xmalloc(n * sizeof *k->run_of[0]);
    k->run_of[1] = xmalloc(n * sizeof *k->run_of[1]);
    k->run_start = xmalloc(n * sizeof *k->run_start);
    k->run_len = xmalloc(n * sizeof *k->run_len);
    k->run_down = xmalloc(n);
    k->stack = xmalloc(n * sizeof *k->stack);
    k->label = xmalloc(n * sizeof *k->label);
    k->seen = xcalloc(n, sizeof *k->seen);
    k->tried = xmalloc(n * sizeof *k->tried);
    k->region = xcalloc(n, 1);
    k->region_cells = xmalloc(n * sizeof *k->region_cells);
    k->open_grid = xmalloc(n);
    k->local = xmalloc(n);
    k->scratch = xmalloc(n);
    k->changed = xcalloc(n, sizeof *k->changed);
    k->checked = xcalloc(n, sizeof *k->checked);
    k->settled_by = xmalloc(n);
    k->search = solve_scratch_new();
    for (int len = 0; len <= RUN_MAX; len++)
        for (int sum = 0; sum < 46; sum++)
            k->combos[len][sum] = len == 0 ? 0 : kakuro_combinations(len, sum, NULL, 0);
}

static void kgen_free(struct kgen *k)
{
    free(k->black);
    free(k->digit);
    free(k->run_of[0]);
    free(k->run_of[1]);
    free(k->run_start);
    free(k->run_len);
    free(k->run_down);
    free(k->stack);
    free(k->label);
    free(k->seen);
    free(k->tried);
    free(k->region);
    free(k->region_cells);
    free(k->open_grid);
    free(k->local);
    free(k->scratch);
    free(k->changed);
    free(k->checked);
    free(k->settled_by);
    solve_scratch_free(k->search);
}

/* --- Steering towards a level --- */

/* Where the steps of one technique go: a copy of the position that takes them all, while
 * the technique still looks at the position they were found in. */
struct kgen_batch {
    const struct puzzle *p;
    uint8_t *grid;
    digitset *cands;
    const struct hint_position *pos;    /* the position the steps are found in */
    struct grade *g;                    /* NULL, or where the steps are counted */
};

/* Counts a step of the batch into its grade: as the rating's walk counts its steps,
 * the hardest technique that of the highest level whose step rated highest. */
static void kgen_batch_count(struct kgen_batch *b, const struct hint *h)
{
    bool placed = true;     /* keeps EP (hardest before the first placement) out: no one
                               reads it of a generated Kakuro, and a batch has no order */

    grade_count_step(b->g, h, rating_of_step(h, b->pos), &placed);
}

static bool kgen_batch_apply(const struct hint *h, void *user)
{
    struct kgen_batch *b = user;

    if (b->g != NULL)
        kgen_batch_count(b, h);
    hint_apply(b->p, h, b->grid, b->cands);
    return true;
}

/* Takes every step of one technique at once, then starts again from the easiest, until
 * none up to level applies: the position the rating's walk, easiest step first, reaches
 * before its first step above level, in a few rounds of each technique rather than a
 * round for each step.  Returns the level at which the grid came out complete, or level
 * when it did not. */
static int kgen_closure(const struct hint_position *pos, int level, uint8_t *grid,
                        digitset *cands, struct kgen_batch *next,
                        const enum technique *order, int norder)
{
    size_t n = (size_t)pos->p->ncells;

    next->pos = pos;
    /* next stays a copy of the position between techniques: one that finds nothing
     * leaves it alone, so it is copied again only after steps (at 128x128 a copy before
     * each of ~44,000 techniques tried moved 2 GB). */
    memcpy(next->grid, grid, n);
    memcpy(next->cands, cands, n * sizeof *cands);
    for (int upto = LEVEL_BEGINNER; upto <= level; upto++) {
        bool found = true;

        while (found && !puzzle_is_complete(pos->p, grid)) {
            found = false;
            for (int i = 0; i < norder && !found; i++) {
                if ((int)hint_technique(order[i])->level > upto)
                    continue;
                if (hint_find_all(pos, order[i], kgen_batch_apply, next) > 0) {
                    memcpy(grid, next->grid, n);
                    memcpy(cands, next->cands, n * sizeof *cands);
                    found = true;
                }
            }
        }
        if (puzzle_is_complete(pos->p, grid))
            return upto;
    }
    return level;
}

/* Follows the techniques from the start, as the rating does, up to the first step above
 * level.  Returns the number of cells still empty there, written to stuck (the place of
 * that step's cells first), or 0 when no step above level is needed; *hardest gets the
 * hardest level used before stopping. */
static int kgen_stuck_cells(struct kgen *k, const struct puzzle *p, int level, int *stuck,
                            int *hardest)
{
    uint8_t *grid = k->local;
    digitset *cands = xmalloc((size_t)k->n * sizeof *cands);
    struct kgen_batch next = {
        .p = p, .grid = k->scratch, .cands = xmalloc((size_t)k->n * sizeof *cands),
    };
    struct hint_position pos = {
        .p = p, .grid = grid, .cands = cands, .unique = true, .solution = k->digit,
        .quiet = true,
    };
    struct hint *h = xmalloc(sizeof *h);
    int n = 0;

    puzzle_start_grid(p, grid);
    hint_fill_candidates(p, grid, NULL, cands);
    enum technique order[TECH_COUNT];

    for (int t = 0; t < TECH_COUNT; t++)
        order[t] = (enum technique)t;
    *hardest = kgen_closure(&pos, level, grid, cands, &next, order, TECH_COUNT);
    /* The closure leaves only steps above level, unless a technique finds more once
     * others have been taken: those are taken here one by one. */
    while (hint_next(&pos, h)) {
        int l = (int)hint_technique(h->id)->level;

        if (l > level) {
            kgen_region_clear(k);
            for (int i = 0; i < h->ncells; i++)
                if (grid[h->cells[i]] == 0 && !k->region[h->cells[i]]) {
                    kgen_region_add(k, h->cells[i]);
                    stuck[n++] = h->cells[i];
                }
            for (int cell = 0, first = n; cell < k->n; cell++) {
                if (!k->black[cell] && grid[cell] == 0 && !k->region[cell])
                    stuck[n++] = cell;
                if (cell == k->n - 1)
                    gen_rng_shuffle(&k->ctx->rng, stuck + first, n - first);
            }
            break;
        }
        if (l > *hardest)
            *hardest = l;
        hint_apply(p, h, grid, cands);
    }
    free(h);
    free(next.cands);
    free(cands);
    return n;
}

/* Makes the puzzle easier where the techniques get stuck: a few of the cells there (those
 * of the hard step first) get digits whose runs have fewer digit sets, or with sideways,
 * no more.  False if none could change. */
static bool kgen_ease(struct kgen *k, const int *stuck, int n, bool sideways)
{
    int changed = 0, todo = 1 + n / KGEN_EASE;

    for (int i = 0; i < n && changed < todo; i++) {
        int bound = kgen_ambiguity(k, stuck[i], k->digit[stuck[i]]) + sideways;
        int d = kgen_best_digit(k, stuck[i], kgen_other_digits(k, stuck[i]), &bound);

        if (d != 0) {
            kgen_set_digit(k, NULL, stuck[i], d);
            changed++;
        }
    }
    return changed > 0;
}

/* Makes the puzzle harder: a few random cells get digits whose runs have more digit sets
 * (the uniqueness pass then settles what that opens). */
static bool kgen_harden(struct kgen *k)
{
    int changed = 0, todo = 1 + kgen_white_count(k) / 48;

    for (int tries = 0; tries < 4 * todo && changed < todo; tries++) {
        int cell = gen_rng_below(&k->ctx->rng, k->n), best = 0, most;
        uint16_t options;

        if (k->black[cell])
            continue;
        most = kgen_ambiguity(k, cell, k->digit[cell]);
        options = kgen_other_digits(k, cell);
        for (uint16_t m = options; m != 0; m &= (uint16_t)(m - 1)) {
            int score = kgen_ambiguity(k, cell, lowest_bit(m));
            if (score > most) {
                most = score;
                best = lowest_bit(m);
            }
        }
        if (best != 0) {
            kgen_set_digit(k, NULL, cell, best);
            changed++;
        }
    }
    return changed > 0;
}

/* Replaces the n stuck cells by the cells of the runs through the first few of them,
 * the filled ones included, in random order: where to ease when the stuck cells
 * themselves cannot change.  Returns their number. */
static int kgen_around(struct kgen *k, int *stuck, int n)
{
    int m = 0;

    kgen_region_clear(k);
    for (int i = 0; i < n && i < KGEN_EASE; i++) {
        kgen_mark_run(k, stuck[i], 0);
        kgen_mark_run(k, stuck[i], 1);
    }
    for (int cell = 0; cell < k->n; cell++)
        if (k->region[cell])
            stuck[m++] = cell;
    gen_rng_shuffle(&k->ctx->rng, stuck, m);
    return m;
}

/* One change towards the level, given the n cells where the techniques get stuck (none:
 * the puzzle is easier than asked).  While easing gets the techniques further it eases,
 * else it splits a run where they stop; each falls back on the other, the split on any
 * stuck cell.  With k->long_runs every way of easing comes before a split.  False if
 * nothing could change. */
static bool kgen_steer_change(struct kgen *k, int *stuck, int n, bool progressed)
{
    if (n == 0)
        return kgen_harden(k);
    if (k->long_runs && (kgen_ease(k, stuck, n, false) || kgen_ease(k, stuck, n, true)
                         || kgen_ease(k, stuck, kgen_around(k, stuck, n), false)))
        return true;
    if (progressed && (kgen_ease(k, stuck, n, false) || kgen_split_run(k, stuck, n)))
        return true;
    if (!progressed && (kgen_split_run(k, stuck, n < KGEN_EASE ? n : KGEN_EASE)
                        || kgen_ease(k, stuck, n, false) || kgen_split_run(k, stuck, n)))
        return true;
    return kgen_ease(k, stuck, n, true) || kgen_ease(k, stuck, kgen_around(k, stuck, n), false);
}

/* Changes the unique puzzle p (made from k's board) towards the level asked for, settling
 * uniqueness again after each change; a change that does not settle is undone and
 * another place tried.  Goes on while the techniques get stuck on fewer cells, for at
 * most KGEN_STEER_MAX times the steps it may make without that, or until the budget is
 * spent.  Returns the last unique puzzle, p itself or its successor. */
static struct puzzle *kgen_steer(struct kgen *k, struct puzzle *p)
{
    int level = k->ctx->req->level, last = k->n + 1, best = k->n + 1, stalled = 0;
    int steps = KGEN_STEER + kgen_white_count(k) / 10, failures = 0;
    int *stuck = xmalloc((size_t)k->n * sizeof *stuck);
    uint8_t *saved_black = xmalloc((size_t)k->n), *saved_digit = xmalloc((size_t)k->n);

    for (int step = 0; step < KGEN_STEER_MAX * steps && stalled < steps
                       && !gen_budget_spent(k->ctx) && gen_tick(k->ctx); step++) {
        int hardest, n = kgen_stuck_cells(k, p, level, stuck, &hardest);
        struct puzzle *next;

        if (n == 0 && hardest == level)
            break;
        stalled = n < best ? 0 : stalled + 1;
        best = n < best ? n : best;
        /* After a change that did not settle, the next is made elsewhere. */
        if (failures > 0)
            gen_rng_shuffle(&k->ctx->rng, stuck, n);
        memcpy(saved_black, k->black, (size_t)k->n);
        memcpy(saved_digit, k->digit, (size_t)k->n);
        /* The fill and board change alone, so p stays whole if they cannot be settled. */
        if (!kgen_steer_change(k, stuck, n, n < last))
            break;
        last = n;
        next = kgen_make_unique(k);
        if (next == NULL) {
            memcpy(k->black, saved_black, (size_t)k->n);
            memcpy(k->digit, saved_digit, (size_t)k->n);
            kgen_find_runs(k);
            if (++failures > KGEN_RETRIES)
                break;
            continue;
        }
        failures = 0;
        puzzle_free(p);
        p = next;
    }
    free(saved_digit);
    free(saved_black);
    free(stuck);
    return p;
}

/* --- Whitening: the white share and run lengths of published boards --- */

/*
 * Settling uniqueness and steering towards a level split runs, so a board ends with a
 * third of its cells black where janko's have 28%, and with too many short runs.  The
 * last pass turns black cells white again (with their mirrors), each given a digit
 * neither of its runs holds, where the puzzle stays unique (settled by changes of digit
 * alone) and at its level (steered by them): of a few cells that fit, the one that brings
 * the board nearest janko's shape (white share and run mix, kgen_shape_distance), and
 * only while one brings it nearer.  Each turning settles the whole board again (and
 * grades it, at a level), so a large board takes its turnings a batch at a time, one
 * cell more in a batch for every KGEN_WHITEN_BATCH_CELLS cells inside its border.
 *
 * Boards over KGEN_WHITEN_MAX_CELLS (janko's largest are 26x26 to 31x46) are wide: there
 * the pass as it is cost seconds (at 60x60 24 failed batches of 0.2 s each) and gained
 * little, and at a level it is not made at all.  At level any a wide board is whitened
 * lightly: every candidate is weighed (of the last 24 none brought a 60x60 board nearer
 * after a few batches), a batch's pairs get their digits one at a time (one pair without
 * digits made a whole batch fail), its settling may turn cells of the batch black again
 * (kgen_split_run) and gets KGEN_WHITEN_WIDE_ROUNDS sweeps, and KGEN_WHITEN_WIDE_FAILS
 * batches that do not settle end the pass.  Most whitened cells are turned back: at
 * 60x60 (seeds 1-6) boards went from 67.3% white to 68.0% and runs of 6-9 cells from 5%
 * to 7%, 40x40 from 66.9% to 69.1%; a whiter board also costs more to grade.  Boards up
 * to 31x31 are as before.
 */
#define KGEN_WHITEN_MAX_CELLS 900   /* cells inside the border: up to 31x31 */
#define KGEN_WHITEN_BATCH_CELLS 576 /* a batch of one up to 25x25, of two at 30x30 */
#define KGEN_WHITE_SHARE 72     /* percent of the cells inside the border, as janko's */
#define KGEN_WHITEN_SAMPLE 24   /* black cells weighed for each one turned white */
#define KGEN_WHITEN_MAXLEN 7    /* longest run a cell turned white may make (janko's
                                 * runs of 6-9 are 8%; unchecked, whitening made 12%) */
#define KGEN_WHITEN_FAILS 24    /* turnings that did not keep the puzzle, before stopping */
#define KGEN_WHITEN_WIDE_FAILS 3    /* the same over KGEN_WHITEN_MAX_CELLS */
#define RUN_CLASSES 5           /* runs of 2, 3, 4, 5 and 6-9 cells */

/* janko's boards of 12x12 and over: the share of runs of each class, in percent. */
static const int kgen_run_mix[RUN_CLASSES] = { 41, 25, 15, 10, 9 };

static int kgen_run_class(int len)
{
    return len >= 6 ? 4 : len - 2;
}

/* Counts the white segments of k's board (two cells or more) by class into count, from
 * the black cells alone (the runs need not be numbered); returns their number. */
static int kgen_count_segments(const struct kgen *k, int count[RUN_CLASSES])
{
    int nruns = 0;

    memset(count, 0, RUN_CLASSES * sizeof *count);
    for (int dir = 0; dir < 2; dir++) {
        int step = kgen_step(k, dir);

        for (int cell = 0; cell < k->n; cell++) {
            int len;

            if (k->black[cell] || !k->black[cell - step])
                continue;       /* not the first white cell after a black one */
            len = kgen_piece(k, cell, step) + 1;
            if (len >= RUN_MIN) {
                count[kgen_run_class(len < RUN_MAX ? len : RUN_MAX)]++;
                nruns++;
            }
        }
    }
    return nruns;
}

/* How far a run count is from janko's mix: the squared differences of the shares (in
 * points; not rounded, since one turning moves a share of a 60x60 board's runs by less
 * than a tenth of a point). */
static double kgen_mix_distance(const int count[RUN_CLASSES], int nruns)
{
    double d = 0;

    for (int c = 0; c < RUN_CLASSES && nruns > 0; c++) {
        double diff = (100.0 * count[c] - (double)kgen_run_mix[c] * nruns) / nruns;

        d += diff * diff;
    }
    return d;
}

/* Gives white cell the digit of its runs' fewest digit sets among those neither run
 * holds, skipping the first skip of them in that order; false if there are no more. */
static bool kgen_whiten_digit(struct kgen *k, int cell, int skip)
{
    uint16_t allowed = kgen_allowed(k, cell);
    int best = 0, best_score = 0;

    for (int round = 0; round <= skip; round++) {
        best = 0;
        for (uint16_t m = allowed; m != 0; m &= (uint16_t)(m - 1)) {
            int d = lowest_bit(m), score = kgen_ambiguity(k, cell, d);

            if (best == 0 || score < best_score) {
                best = d;
                best_score = score;
            }
        }
        if (best == 0)
            return false;
        allowed &= (uint16_t)~(1u << best);
    }
    k->digit[cell] = (uint8_t)best;
    return true;
}

/* Gives new digits to the cells of the white segment through cell in direction dir that
 * repeat a digit before them (the pieces a cell turned white joins were runs of their
 * own); false if one has no digit left. */
static bool kgen_segment_repair(struct kgen *k, int cell, int dir)
{
    int step = kgen_step(k, dir), first = cell;
    uint16_t seen = 0;

    while (!k->black[first - step])
        first -= step;
    for (int c = first; c < k->n && !k->black[c] && (dir == 1 || c / k->w == first / k->w);
         c += step) {
        if (k->digit[c] != 0 && (seen & (1u << k->digit[c]))) {
            k->digit[c] = 0;
            if (!kgen_whiten_digit(k, c, 0))
                return false;
        }
        seen |= (uint16_t)(1u << k->digit[c]);
    }
    return true;
}

/* A board's shape as the whitening weighs it: its white cells, the cells inside its
 * border, and its white segments of two cells or more by class.  Kept up to date
 * turning by turning (kgen_shape_whiten), so weighing a candidate costs the few segments
 * next to it, not a count of the whole board: at 60x60 the recount was most of the
 * choosing. */
struct kgen_shape {
    int white, inside, nruns;
    int count[RUN_CLASSES];
};

static void kgen_shape_measure(const struct kgen *k, struct kgen_shape *s)
{
    s->white = kgen_white_count(k);
    s->inside = (k->w - 1) * (k->h - 1);
    s->nruns = kgen_count_segments(k, s->count);
}

/* How far a shape is from janko's: the squared distance of its white share from
 * KGEN_WHITE_SHARE (in points of the cells inside the border) plus that of its run mix
 * (kgen_mix_distance).  The whitening takes a turning only where it brings the
 * board nearer, so a board whose runs of 2 are already few stops short of janko's white
 * share rather than lose more of them: both are then off by a few points, where whitening
 * on made the run mix miss alone (12x12 Hard ended at 34% runs of 2, janko's 41%). */
static double kgen_shape_distance(const struct kgen_shape *s)
{
    double white = (100.0 * s->white - (double)KGEN_WHITE_SHARE * s->inside) / s->inside;

    return white * white + kgen_mix_distance(s->count, s->nruns);
}

/* Counts by class into count the white segments (two cells or more) in either direction
 * that hold or touch a cell of pair, each once; returns their number.  These are the only
 * segments that turning the pair white or black changes. */
static int kgen_segments_near(const struct kgen *k, const int pair[2], int count[RUN_CLASSES])
{
    int nruns = 0;

    memset(count, 0, RUN_CLASSES * sizeof *count);
    for (int dir = 0; dir < 2; dir++) {
        int step = kgen_step(k, dir), firsts[6], nfirsts = 0;

        for (int i = 0; i < 2; i++)
            for (int c = pair[i] - step; c <= pair[i] + step; c += step) {
                int first = c, seen = 0, len;

                if (c >= k->n || k->black[c])
                    continue;   /* column 0 ends a row, so c + 1 stays in it or is black */
                while (!k->black[first - step])        /* row 0 and column 0 stop it */
                    first -= step;
                while (seen < nfirsts && firsts[seen] != first)
                    seen++;
                if (seen < nfirsts)
                    continue;
                firsts[nfirsts++] = first;
                len = kgen_piece(k, first, step) + 1;
                if (len >= RUN_MIN) {
                    count[kgen_run_class(len < RUN_MAX ? len : RUN_MAX)]++;
                    nruns++;
                }
            }
    }
    return nruns;
}

/* Turns black cell and its mirror white (digit 0) and brings shape s up to date. */
static void kgen_shape_whiten(struct kgen *k, struct kgen_shape *s, int cell)
{
    int pair[2] = { cell, kgen_mirror(k, cell) }, before[RUN_CLASSES], after[RUN_CLASSES];
    int nbefore = kgen_segments_near(k, pair, before), nafter;

    k->black[pair[0]] = k->black[pair[1]] = 0;
    k->digit[pair[0]] = k->digit[pair[1]] = 0;
    nafter = kgen_segments_near(k, pair, after);
    for (int c = 0; c < RUN_CLASSES; c++)
        s->count[c] += after[c] - before[c];
    s->nruns += nafter - nbefore;
    s->white += pair[0] == pair[1] ? 1 : 2;
}

/* Whether black cell and its mirror can turn white (every segment through them 2 to 9
 * cells); if so, how far the board's shape (now s) would be from janko's then
 * (kgen_shape_distance).  The board is as it was on return. */
static bool kgen_whiten_fits(struct kgen *k, int cell, const struct kgen_shape *s,
                             double *distance)
{
    int pair[2] = { cell, kgen_mirror(k, cell) };
    struct kgen_shape after = *s;
    bool fits = true;

    kgen_shape_whiten(k, &after, cell);
    for (int i = 0; i < 2 && fits; i++)
        for (int dir = 0; dir < 2; dir++) {
            int len = kgen_segment(k, pair[i], dir);

            fits = fits && len >= RUN_MIN && len <= KGEN_WHITEN_MAXLEN;
        }
    if (fits)
        *distance = kgen_shape_distance(&after);
    k->black[pair[0]] = k->black[pair[1]] = 1;
    return fits;
}

/* Whether puzzle p is at the level asked for (any, when none was). */
static bool kgen_at_level(struct kgen *k, const struct puzzle *p, int *stuck)
{
    int level = k->ctx->req->level, hardest;

    return level == GEN_ANY_LEVEL
           || (kgen_stuck_cells(k, p, level, stuck, &hardest) == 0 && hardest == level);
}

/* Gives white cell and its mirror the digits of fewest digit sets and repairs the
 * segments through them; false if a cell has no digit left. */
static bool kgen_whiten_pair_digits(struct kgen *k, int cell)
{
    int pair[2] = { cell, kgen_mirror(k, cell) };

    return kgen_whiten_digit(k, pair[0], 0) && kgen_whiten_digit(k, pair[1], 0)
           && kgen_segment_repair(k, pair[0], 0) && kgen_segment_repair(k, pair[0], 1)
           && kgen_segment_repair(k, pair[1], 0) && kgen_segment_repair(k, pair[1], 1);
}

/* Turns cell and its mirror black (1) or white (0, digit 0). */
static void kgen_set_pair(struct kgen *k, int cell, uint8_t black)
{
    k->black[cell] = k->black[kgen_mirror(k, cell)] = black;
    if (!black)
        k->digit[cell] = k->digit[kgen_mirror(k, cell)] = 0;
}

/* Turns the n black cells of cells and their mirrors white, all at once, with digits;
 * false if a cell has no digit left. */
static bool kgen_whiten_all(struct kgen *k, const int *cells, int n)
{
    bool ok = true;

    for (int i = 0; i < n; i++)
        kgen_set_pair(k, cells[i], 0);
    kgen_find_runs(k);
    for (int i = 0; i < n && ok; i++)
        ok = kgen_whiten_pair_digits(k, cells[i]);
    return ok;
}

/* Whether the segments through cell and its mirror are all 2 to 9 cells long. */
static bool kgen_pair_runs_ok(const struct kgen *k, int cell)
{
    int pair[2] = { cell, kgen_mirror(k, cell) };

    for (int i = 0; i < 2; i++)
        for (int dir = 0; dir < 2; dir++) {
            int len = kgen_segment(k, pair[i], dir);

            if (len < RUN_MIN || len > RUN_MAX)
                return false;
        }
    return true;
}

/* The same one pair at a time, on a wide board: a pair left without digits turns black
 * again (the fill as it was) and the rest go on, since a batch of 7 to 28 pairs there
 * seldom found digits for all.  A pair chosen next to one turned back can be left in a
 * segment of one cell: it is turned back too.  The pairs kept go to the front of cells;
 * returns their number. */
static int kgen_whiten_each(struct kgen *k, int *cells, int n)
{
    int kept = 0;

    for (int i = 0; i < n; i++) {
        memcpy(k->local, k->digit, (size_t)k->n);       /* scratch until the steering */
        kgen_set_pair(k, cells[i], 0);
        kgen_find_runs(k);
        if (kgen_pair_runs_ok(k, cells[i]) && kgen_whiten_pair_digits(k, cells[i])) {
            cells[kept++] = cells[i];
            continue;
        }
        memcpy(k->digit, k->local, (size_t)k->n);
        kgen_set_pair(k, cells[i], 1);
    }
    kgen_find_runs(k);
    return kept;
}

/* Turns the n black cells of cells and their mirrors white with the digits of fewest
 * digit sets, then settles uniqueness by changes of digit alone (on a wide board, also
 * by turning cells of the batch black again); the new puzzle if it is unique and at its
 * level, else NULL (and the board and fill as they were, from saved_black/saved_digit). */
static struct puzzle *kgen_whiten_cells(struct kgen *k, int *cells, int n, int *stuck,
                                        uint8_t *saved_black, uint8_t *saved_digit)
{
    struct puzzle *p = NULL;
    bool ok;

    memcpy(saved_black, k->black, (size_t)k->n);
    memcpy(saved_digit, k->digit, (size_t)k->n);
    if (k->whiten_wide) {
        k->whitened = cells;
        k->nwhitened = kgen_whiten_each(k, cells, n);
        ok = k->nwhitened > 0;
    } else {
        ok = kgen_whiten_all(k, cells, n);
    }
    if (ok) {
        k->keep_black = true;
        p = kgen_make_unique(k);
        /* Longer runs often make it harder: steered back by changes of digit. */
        if (p != NULL && !kgen_at_level(k, p, stuck))
            p = kgen_steer(k, p);
        k->keep_black = false;
    }
    if (p != NULL && !kgen_at_level(k, p, stuck)) {
        puzzle_free(p);
        p = NULL;
    }
    if (p == NULL) {
        memcpy(k->black, saved_black, (size_t)k->n);
        memcpy(k->digit, saved_digit, (size_t)k->n);
        kgen_find_runs(k);
    }
    return p;
}

/* Of the last KGEN_WHITEN_SAMPLE of the ncand candidates that fit, the index of the one
 * that brings the board nearest janko's shape, if it brings it nearer than it is; -1 if
 * none does. */
static int kgen_whiten_choice(struct kgen *k, const int *cand, int ncand,
                              const struct kgen_shape *s)
{
    int best = -1, weighed = 0, sample = k->whiten_wide ? ncand : KGEN_WHITEN_SAMPLE;
    double best_distance = kgen_shape_distance(s);

    /* The candidates that do not fit now may later: they stay, past those weighed. */
    for (int i = ncand - 1; i >= 0 && weighed < sample; i--) {
        double distance;

        if (!kgen_whiten_fits(k, cand[i], s, &distance))
            continue;
        weighed++;
        if (distance < best_distance) {
            best = i;
            best_distance = distance;
        }
    }
    return best;
}

/* Turns black cells white, a batch at a time, each the one of a few that fit that brings
 * the board nearest janko's shape, while one brings it nearer, every black cell has not
 * been tried and turnings do not keep failing.  Returns the last puzzle kept: p, or its
 * successor. */
static struct puzzle *kgen_whiten(struct kgen *k, struct puzzle *p)
{
    int inside = (k->w - 1) * (k->h - 1), fails = 0, ncand = 0;
    int batch_max = 1 + (inside - 1) / KGEN_WHITEN_BATCH_CELLS;
    int *stuck = xmalloc((size_t)k->n * sizeof *stuck);
    int *cand = xmalloc((size_t)k->n * sizeof *cand);
    int *batch = xmalloc((size_t)batch_max * sizeof *batch);
    uint8_t *saved_black = xmalloc((size_t)k->n), *saved_digit = xmalloc((size_t)k->n);

    /* One cell of each black mirror pair inside the border, in random order. */
    for (int cell = 0; cell < k->n; cell++)
        if (k->black[cell] && kgen_interior(k, cell) && cell <= kgen_mirror(k, cell))
            cand[ncand++] = cell;
    gen_rng_shuffle(&k->ctx->rng, cand, ncand);
    k->whiten_wide = inside > KGEN_WHITEN_MAX_CELLS;
    /* A board the steering left off its level is not made harder still. */
    if ((k->whiten_wide && k->ctx->req->level != GEN_ANY_LEVEL) || !kgen_at_level(k, p, stuck))
        ncand = 0;
    while (ncand > 0 && fails < (k->whiten_wide ? KGEN_WHITEN_WIDE_FAILS : KGEN_WHITEN_FAILS)
           && gen_tick(k->ctx)) {
        int nbatch = 0;
        struct puzzle *next;
        struct kgen_shape shape;

        kgen_shape_measure(k, &shape);
        /* Each chosen cell turns white (digit 0) at once, so the next choice sees it;
         * tried, it leaves the list either way. */
        while (nbatch < batch_max) {
            int best = kgen_whiten_choice(k, cand, ncand, &shape);

            if (best < 0)
                break;
            batch[nbatch++] = cand[best];
            kgen_shape_whiten(k, &shape, cand[best]);
            cand[best] = cand[--ncand];
        }
        if (nbatch == 0)
            break;
        for (int i = 0; i < nbatch; i++)
            k->black[batch[i]] = k->black[kgen_mirror(k, batch[i])] = 1;
        next = kgen_whiten_cells(k, batch, nbatch, stuck, saved_black, saved_digit);
        if (next == NULL) {
            fails++;
            continue;
        }
        puzzle_free(p);
        p = next;
    }
    free(saved_digit);
    free(saved_black);
    free(batch);
    free(cand);
    free(stuck);
    return p;
}

/*
 * The grade of the unique puzzle p made from k's fill when no level was asked: the level
 * at which every step of a technique taken at once, easiest technique first, completes
 * the grid (kgen_closure), which is the level of the rating's walk, one step at a time,
 * since taking a step never hides another.  The steps and the hardest technique are
 * counted as the batches take them.  The walk looks over the whole board for every step
 * it takes, a cost that grows with the square of the board: a minute at 100x100, where
 * this takes a few rounds of each technique.
 */
static void kgen_grade_any(struct kgen *k, const struct puzzle *p, struct grade *g)
{
    digitset *cands = xmalloc((size_t)k->n * sizeof *cands);
    struct kgen_batch next = {
        .p = p, .grid = k->scratch, .cands = xmalloc((size_t)k->n * sizeof *cands), .g = g,
    };
    struct hint_position pos = {
        .p = p, .grid = k->local, .cands = cands, .unique = true, .solution = k->digit,
        .quiet = true,
    };
    enum technique order[TECH_COUNT];
    int norder = rating_order(order);

    memset(g, 0, sizeof *g);
    g->hardest = g->rated_hardest = TECH_MISTAKE;
    g->unique = true;
    puzzle_start_grid(p, k->local);
    hint_fill_candidates(p, k->local, NULL, cands);
    /* In the walk's order, so that of two techniques that both apply, the same is taken. */
    kgen_closure(&pos, LEVEL_MASTER, k->local, cands, &next, order, norder);
    g->level = hint_technique(g->hardest)->level;
    g->gave_up = !puzzle_is_complete(p, k->local);
    free(next.cands);
    free(cands);
}

struct puzzle *gen_kakuro_attempt(struct gen_context *ctx, struct grade *g)
{
    struct kgen k;
    struct puzzle *p = NULL;

    kgen_init(&k, ctx);
    while (p == NULL && gen_tick(ctx)) {
        if (!kgen_pattern(&k)) {
            /* Boards of every shape the request check lets through come in a few tries;
             * this is a guard, not a limit ever met. */
            if (++k.failed_patterns >= KGEN_PATTERN_TRIES) {
                ctx->impossible = true;
                break;
            }
            continue;
        }
        if (!kgen_fill(&k))
            continue;
        kgen_polish(&k);
        p = kgen_make_unique(&k);
    }
    if (p != NULL && ctx->req->level != GEN_ANY_LEVEL)
        p = kgen_steer(&k, p);
    if (p != NULL)
        p = kgen_whiten(&k, p);
    /* The grade searches nothing: the search's arrays go back before its memory (the
     * technique engine's) is taken, not to add to the peak. */
    solve_scratch_free(k.search);
    k.search = NULL;
    if (p != NULL && ctx->req->level == GEN_ANY_LEVEL)
        kgen_grade_any(&k, p, g);
    else if (p != NULL)
        gen_grade(ctx, p, g, true);
    kgen_free(&k);
    return p;
}
