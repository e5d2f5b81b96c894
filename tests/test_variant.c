/* test_variant.c: Sudoku variants (X, Jigsaw, Killer): their groups, checks, cage arithmetic, rules and search. */
#include "config.h"

#include <string.h>

#include "format.h"
#include "game.h"
#include "hint.h"
#include "puzzle.h"
#include "solve.h"
#include "tap.h"
#include "test_util.h"
#include "util.h"

/* A 9x9 Jigsaw layout of kakudo's own: the boxes with cells traded across their
 * borders, each region still 9 contiguous cells. */
static const char jigsaw9[] =
    "112222333"
    "111222333"
    "111125663"
    "444525633"
    "447555666"
    "447555996"
    "447789966"
    "777888999"
    "778888899";

static struct puzzle *variant_new(int n, unsigned flags, const char *regions)
{
    struct puzzle *p = sudoku_new_unfinished(n);

    puzzle_set_variant(p, flags);
    for (int i = 0; regions != NULL && i < p->ncells; i++)
        p->region[i] = (uint8_t)(regions[i] - '1');
    return p;
}

static bool finish(struct puzzle *p, struct puzzle_error *err)
{
    return puzzle_finish(p, err);
}

static int count_kind(const struct puzzle *p, enum group_kind kind)
{
    int n = 0;

    for (int g = 0; g < p->ngroups; g++)
        n += p->groups[g].kind == kind;
    return n;
}

/* Every group of a solved grid holds distinct digits with the right sum, checked here
 * without the model's rules. */
static bool grid_obeys(const struct puzzle *p, const uint8_t *grid)
{
    for (int g = 0; g < p->ngroups; g++) {
        const struct puzzle_group *grp = &p->groups[g];
        unsigned seen = 0;
        int total = 0;

        for (int i = 0; i < grp->ncells; i++) {
            int d = grid[grp->cells[i]];
            if (d < 1 || d > p->max_digit || (seen & (1u << d)))
                return false;
            seen |= 1u << d;
            total += d;
        }
        if (grp->sum != total)
            return false;
    }
    return true;
}

static enum solve_outcome solve(const struct puzzle *p, const uint8_t *grid, uint8_t *solution)
{
    struct solve_stats stats = { 0 };

    return puzzle_solve_first(p, grid, true, solution, NULL, &stats);
}

/* The first solution in reading order by the seeds' plain search, which tries cells in
 * reading order and digits ascending: the smallest. */
static long plain_first(const struct puzzle *p, const uint8_t *grid, uint8_t *solution)
{
    struct solve_request req = { .limit = 1, .strategy = SOLVE_PLAIN };
    struct solve_result res = { .solution = solution };

    puzzle_solve(p, grid, &req, &res);
    return res.count;
}

static void test_groups(void)
{
    struct puzzle_error err;
    struct puzzle *p = variant_new(9, VARIANT_X, NULL);

    tap_ok(finish(p, &err), "an empty Sudoku X checks");
    tap_ok(p->ngroups == 29 && count_kind(p, GROUP_DIAGONAL) == 2 && count_kind(p, GROUP_BOX) == 9,
           "Sudoku X: rows, columns, boxes and two diagonals");
    tap_ok(p->cell_groups[40][4] >= 0 && p->groups[p->cell_groups[40][3]].kind == GROUP_DIAGONAL
           && p->groups[p->cell_groups[40][4]].kind == GROUP_DIAGONAL, "the centre is on both diagonals");
    tap_ok(p->groups[27].cells[8] == 80 && p->groups[28].cells[0] == 8, "main diagonal, then anti-diagonal");
    puzzle_free(p);

    p = variant_new(9, VARIANT_JIGSAW, jigsaw9);
    tap_ok(finish(p, &err), "the Jigsaw layout checks");
    tap_ok(count_kind(p, GROUP_REGION) == 9 && count_kind(p, GROUP_BOX) == 0
           && puzzle_group_is_box(&p->groups[18]) && puzzle_group_is_unit(p, &p->groups[18]),
           "Jigsaw: regions in the boxes' place, units that act as boxes");
    tap_ok(p->groups[18].cells[4] == 11 && p->groups[19].cells[0] == 2, "region 1 and 2 cells");
    puzzle_free(p);

    p = variant_new(7, VARIANT_JIGSAW | VARIANT_X,
                    "1111111" "1222222" "3333333" "5444444" "5555546" "7577666" "7777666");
    tap_ok(p != NULL && !finish(p, &err) && strstr(err.message, "region 1 has 8 cells") != NULL,
           "a 7x7 Jigsaw with a region of 8 cells: %s", err.message);
    puzzle_free(p);
    p = variant_new(7, VARIANT_JIGSAW | VARIANT_X,
                    "1111112" "1222222" "3333333" "6444444" "5555546" "7577666" "7777665");
    tap_ok(p != NULL && !finish(p, &err) && strstr(err.message, "not contiguous") != NULL,
           "a region in two pieces: %s", err.message);
    puzzle_free(p);
    p = variant_new(7, VARIANT_JIGSAW | VARIANT_X,
                    "1111112" "1222222" "3333333" "5444444" "5555546" "7577666" "7777666");
    tap_ok(p != NULL && finish(p, &err), "a 7x7 Jigsaw X checks: %s", err.message);
    puzzle_free(p);
    /* Region 1 is a U whose arms (r2c1, r2c3) start apart in reading order and meet only
     * in row 3: one piece, though its second arm is met before the join. */
    p = variant_new(5, VARIANT_JIGSAW, "22223" "12133" "11133" "44444" "55555");
    tap_ok(p != NULL && finish(p, &err), "a region whose arms join late is one piece: %s", err.message);
    puzzle_free(p);
    p = variant_new(5, VARIANT_JIGSAW, "22223" "12133" "11433" "14444" "55555");
    tap_ok(p != NULL && !finish(p, &err) && strstr(err.message, "region 1 (from r2c1) is not contiguous") != NULL,
           "the same arms kept apart: %s", err.message);
    puzzle_free(p);
}

static void test_cages(void)
{
    struct puzzle_error err;
    struct puzzle *p = variant_new(4, VARIANT_KILLER, NULL);
    int a = puzzle_add_cage(p, 3), b = puzzle_add_cage(p, 7);

    p->cage[0] = p->cage[1] = (int16_t)a;
    p->cage[2] = p->cage[3] = (int16_t)b;
    tap_ok(finish(p, &err) && count_kind(p, GROUP_CAGE) == 2, "a Killer with two cages checks");
    tap_ok(p->groups[12].kind == GROUP_CAGE && p->groups[12].clue == 0 && p->groups[12].sum == 3
           && puzzle_group_has_sum(&p->groups[12]) && !puzzle_group_is_unit(p, &p->groups[12]),
           "a cage is a group with a sum, its first cell its clue, no unit");
    tap_ok(puzzle_candidates(p, p->given, 1) == ((1u << 1) | (1u << 2)), "cage 3 in 2 cells allows 1 and 2");
    tap_ok(puzzle_candidates(p, p->given, 3) == ((1u << 3) | (1u << 4)), "cage 7 of 4x4 allows 3 and 4");
    {
        uint8_t grid[16] = { 1, 1 }, bad[16];
        tap_ok(puzzle_conflicts(p, grid, bad) == 2 && bad[0] && bad[1], "a digit repeated in a cage (and row)");
        grid[1] = 0;
        grid[2] = 1;
        tap_ok(puzzle_conflicts(p, grid, bad) == 2 && bad[2], "a cage digit its sum cannot use is a conflict");
    }
    p->cage[3] = -1;
    p->cage[5] = (int16_t)b;
    tap_ok(!finish(p, &err) && strstr(err.message, "not contiguous") != NULL && err.cell == 2,
           "a cage in two pieces: %s", err.message);
    p->cage[5] = -1;
    p->cage[3] = (int16_t)b;
    p->cage_sum[b] = 9;
    tap_ok(!finish(p, &err) && strstr(err.message, "cage sum 9") != NULL, "a sum no two digits 1-4 make: %s",
           err.message);
    puzzle_free(p);

    p = variant_new(9, VARIANT_KILLER | VARIANT_X, NULL);
    a = puzzle_add_cage(p, 10);
    p->cage[0] = p->cage[1] = (int16_t)a;
    p->given[0] = 3;
    p->given[1] = 6;
    tap_ok(!finish(p, &err) && strstr(err.message, "cage at r1c1 cannot make its sum 10") != NULL,
           "givens a cage sum cannot take: %s", err.message);
    p->given[1] = 7;
    p->given[80] = 3;
    tap_ok(!finish(p, &err) && strstr(err.message, "diagonal") != NULL, "givens repeated on a diagonal: %s",
           err.message);
    puzzle_free(p);
}

/* Every set of len distinct digits 1..max adding to sum, the union of their digits
 * holding used: by brute force over subsets. */
static digitset brute_sum_digits(int len, int sum, digitset used, int max)
{
    digitset out = 0;

    for (unsigned m = 0; m < (1u << max); m++) {
        digitset set = (digitset)m << 1;
        int total = 0;

        if (popcount32(m) != len || (set & used) != used)
            continue;
        for (int d = 1; d <= max; d++)
            total += (set >> d & 1) * d;
        if (total == sum)
            out |= set & ~used;
    }
    return out;
}

static bool brute_feasible(int len, int sum, digitset used, int max)
{
    for (unsigned m = 0; m < (1u << max); m++) {
        digitset set = (digitset)m << 1;
        int total = 0;

        if (popcount32(m) != len || (set & used) != used)
            continue;
        for (int d = 1; d <= max; d++)
            total += (set >> d & 1) * d;
        if (total == sum)
            return true;
    }
    return false;
}

static void test_sum_digits(void)
{
    int bad = 0, checked = 0;

    for (int max = 4; max <= 16; max += max == 4 ? 5 : 7)
        for (int len = 1; len <= 6; len++)
            for (int sum = 1; sum <= 80; sum += 3)
                for (digitset used = 0; used < (1u << 6); used += 5) {
                    digitset u = (used << 1) & ((used & 1) ? 0x1e : 0x92);
                    if (popcount32(u) > len)
                        continue;
                    checked++;
                    bad += sum_digits(len, sum, u, max) != brute_sum_digits(len, sum, u, max)
                           || sum_feasible(len, sum, u, max) != brute_feasible(len, sum, u, max);
                }
    tap_ok(bad == 0, "cage digit sets (9 and 16 digits) agree with a brute force (%d of %d differ)", bad, checked);
    tap_ok(sum_digits(2, 31, 0, 16) == ((1u << 15) | (1u << 16)), "16x16: 31 in two cells is 15+16");
    tap_ok(sum_digits(3, 6, 1u << 2, 16) == ((1u << 1) | (1u << 3)), "6 in three with a 2 placed: 1 and 3");
}

/* An empty variant of size 9 has solutions; the smallest is the plain search's first,
 * and obeys every group. */
static void check_empty(struct puzzle *p, const char *what)
{
    uint8_t sol[81], first[81], grid[81] = { 0 };
    enum solve_outcome out = solve(p, grid, sol);

    tap_ok(out == SOLVE_SEVERAL && grid_obeys(p, sol) && puzzle_is_solved(p, sol),
           "%s: an empty grid has several solutions, the one given obeys the rules", what);
    tap_ok(plain_first(p, grid, first) == 1 && memcmp(first, sol, 81) == 0,
           "%s: the smallest solution is the plain search's first", what);
}

/* A Killer whose cages are the dominoes of each row pair (cells 2k and 2k+1 of a row,
 * the last cell of the row alone), sums from solution: solved from no givens at all. */
static void test_killer_from(const uint8_t *solution, unsigned extra, const char *regions, const char *what)
{
    struct puzzle_error err;
    struct puzzle *p = variant_new(9, VARIANT_KILLER | extra, regions);
    uint8_t sol[81], grid[81] = { 0 };
    enum solve_outcome out;

    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c += 2) {
            int k = puzzle_add_cage(p, solution[r * 9 + c] + (c < 8 ? solution[r * 9 + c + 1] : 0));
            p->cage[r * 9 + c] = (int16_t)k;
            if (c < 8)
                p->cage[r * 9 + c + 1] = (int16_t)k;
        }
    tap_ok(finish(p, &err), "%s: the domino Killer checks: %s", what, err.message);
    out = solve(p, grid, sol);
    tap_ok((out == SOLVE_UNIQUE || out == SOLVE_SEVERAL) && grid_obeys(p, sol),
           "%s: solved from cages alone (outcome %d), every cage makes its sum", what, (int)out);
    if (out == SOLVE_UNIQUE)
        tap_ok(memcmp(sol, solution, 81) == 0, "%s: the unique solution is the one the cages came from", what);
    else
        tap_ok(plain_first(p, grid, grid) == 1 && memcmp(grid, sol, 81) == 0,
               "%s: several: the smallest, as the plain search finds it", what);
    puzzle_free(p);
}

static void test_search(void)
{
    struct puzzle_error err;
    struct puzzle *x = variant_new(9, VARIANT_X, NULL), *j = variant_new(9, VARIANT_JIGSAW, jigsaw9);
    struct puzzle *jx = variant_new(9, VARIANT_JIGSAW | VARIANT_X, jigsaw9);
    uint8_t sol[81], sol2[81], grid[81];

    finish(x, &err);
    finish(j, &err);
    tap_ok(finish(jx, &err), "Jigsaw X checks: %s", err.message);
    check_empty(x, "Sudoku X");
    check_empty(j, "Jigsaw");
    check_empty(jx, "Jigsaw X");

    /* A full solution less one cell is unique; two clashing candidates make none. */
    memset(grid, 0, sizeof grid);
    solve(x, grid, sol);
    memcpy(grid, sol, 81);
    grid[40] = 0;
    tap_ok(solve(x, grid, sol2) == SOLVE_UNIQUE && memcmp(sol, sol2, 81) == 0, "Sudoku X: one cell left is unique");
    grid[40] = sol[0] == sol[40] ? 0 : sol[0];  /* the digit of r1c1 at the centre: both on the main diagonal */
    tap_ok(solve(x, grid, sol2) == SOLVE_NONE, "Sudoku X: a digit repeated on the diagonal has no solution");

    test_killer_from(sol, VARIANT_X, NULL, "Killer X");
    memset(grid, 0, sizeof grid);
    solve(j, grid, sol);
    test_killer_from(sol, VARIANT_JIGSAW, jigsaw9, "Killer Jigsaw");
    puzzle_free(x);
    puzzle_free(j);
    puzzle_free(jx);
}

/* 16x16 Killer: cages that need digits past 9, solved. */
static void test_big_killer(void)
{
    struct puzzle_error err;
    struct puzzle *plain = sudoku_new(4, 4), *p;
    uint8_t *grid = xcalloc(256, 1), *sol = xmalloc(256), *sol2 = xmalloc(256);
    enum solve_outcome out;

    solve(plain, grid, sol);
    p = variant_new(16, VARIANT_KILLER, NULL);
    for (int cell = 0; cell < 256; cell += 2) {
        int k = puzzle_add_cage(p, sol[cell] + sol[cell + 1]);
        p->cage[cell] = p->cage[cell + 1] = (int16_t)k;
    }
    for (int cell = 0; cell < 256; cell += 3)
        grid[cell] = sol[cell];
    tap_ok(finish(p, &err), "16x16 Killer of dominoes checks: %s", err.message);
    out = solve(p, grid, sol2);
    tap_ok((out == SOLVE_UNIQUE || out == SOLVE_SEVERAL) && grid_obeys(p, sol2),
           "16x16 Killer solved (outcome %d), its cages make their sums", (int)out);
    puzzle_free(p);
    puzzle_free(plain);
    free(grid);
    free(sol);
    free(sol2);
}

/* The observer's steps replayed on a grid of our own: places and guesses fill cells,
 * backtracks empty them; at each solution the replayed grid is the search's, solved. */
struct replay {
    const struct puzzle *p;
    uint8_t grid[81];
    int steps, solved, bad;
};

static int replay_step(const struct solve_step *st, void *user)
{
    struct replay *r = user;

    r->steps++;
    if (st->kind == STEP_PLACE || st->kind == STEP_GUESS)
        r->grid[st->cell] = (uint8_t)st->digit;
    else if (st->kind == STEP_BACKTRACK)
        r->bad += r->grid[st->cell] != st->digit, r->grid[st->cell] = 0;
    else if (st->kind == STEP_SOLVED) {
        r->solved++;
        r->bad += memcmp(r->grid, st->grid, 81) != 0 || !puzzle_is_solved(r->p, r->grid);
    }
    return 0;
}

static void test_observer(void)
{
    struct puzzle_error err;
    struct puzzle *p = variant_new(9, VARIANT_JIGSAW | VARIANT_X, jigsaw9);
    struct replay r = { .p = p };
    struct solve_observer obs = { replay_step, &r };
    struct solve_request req = { .limit = 3, .observer = &obs };
    uint8_t sol[81];
    struct solve_result res = { .solution = sol };

    finish(p, &err);
    memcpy(r.grid, p->given, 81);
    puzzle_solve(p, p->given, &req, &res);
    tap_ok(res.count == 3 && r.solved == 3 && r.bad == 0 && r.steps > 81,
           "Jigsaw X watched: %d steps replay to each of the %d solutions", r.steps, r.solved);
    puzzle_free(p);
}

static void test_clone(void)
{
    struct puzzle_error err;
    struct puzzle *p = variant_new(9, VARIANT_KILLER | VARIANT_JIGSAW, jigsaw9), *q;
    int k = puzzle_add_cage(p, 17);

    p->cage[0] = p->cage[1] = (int16_t)k;
    finish(p, &err);
    q = puzzle_clone(p);
    tap_ok(q->variant == p->variant && q->ngroups == p->ngroups && q->ncages == 1 && q->cage_sum[0] == 17
           && memcmp(q->region, p->region, 81) == 0 && q->cage[1] == 0 && q->cage[2] == -1,
           "a clone keeps the variant, its maps and sums");
    tap_ok(strcmp(puzzle_variant_name(q->variant), "killer-jigsaw") == 0, "the variant's name");
    {
        unsigned flags = 0;
        tap_ok(puzzle_variant_by_name("jigsaw-x", &flags) && flags == (VARIANT_JIGSAW | VARIANT_X)
               && puzzle_variant_by_name("x", &flags) && flags == VARIANT_X
               && !puzzle_variant_by_name("samurai", &flags), "variants by name");
    }
    puzzle_free(p);
    puzzle_free(q);
}

/* Whether a and b are the same puzzle: givens, variant, the same regions and cages (by
 * their cells) with the same sums. */
static bool same_puzzle(const struct puzzle *a, const struct puzzle *b)
{
    if (a->ncells != b->ncells || a->variant != b->variant || a->ngroups != b->ngroups
        || memcmp(a->given, b->given, (size_t)a->ncells) != 0)
        return false;
    for (int g = 0; g < a->ngroups; g++) {
        const struct puzzle_group *x = &a->groups[g], *y = &b->groups[g];
        if (x->kind != y->kind || x->sum != y->sum || x->ncells != y->ncells
            || memcmp(x->cells, y->cells, (size_t)x->ncells * sizeof *x->cells) != 0)
            return false;
    }
    return true;
}

/* p written in format id, as text (caller frees). */
static char *written(const struct puzzle *p, enum format_id id)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    struct format_style style = { .id = id, .empty = '.' };

    format_write(f, p, p->given, &style);
    fclose(f);
    return text;
}

/* The first puzzle of text read in format id (FORMAT_AUTO: detected), or NULL. */
static struct puzzle *read_text(const char *text, enum format_id id, enum format_id *found)
{
    FILE *f = fmemopen((void *)(uintptr_t)text, strlen(text), "r");
    struct reader *r = reader_open(f, "text", id);
    struct puzzle *p = NULL;
    struct format_error err;

    if (reader_next(r, &p, NULL, &err) <= 0)
        tap_diag("read: %s:%ld:%ld: %s", err.file, err.line, err.col, err.message);
    if (found != NULL)
        *found = reader_format(r);
    reader_close(r);
    fclose(f);
    return p;
}

/* Written in id, read back (detected) and written again: the same puzzle and text. */
static void round_trip(const struct puzzle *p, enum format_id id, const char *what)
{
    char *text = written(p, id), *again;
    enum format_id found = FORMAT_AUTO;
    struct puzzle *q = read_text(text, FORMAT_AUTO, &found);

    tap_ok(q != NULL && found == id && same_puzzle(p, q), "%s: written as %s, read back (detected) the same",
           what, format_name(id));
    again = q != NULL ? written(q, id) : NULL;
    tap_ok(again != NULL && strcmp(text, again) == 0, "%s: written again, the same text", what);
    puzzle_free(q);
    free(text);
    free(again);
}

/* A Jigsaw's region symbols in any order read as the same regions, numbered in order of
 * first appearance, and are written '1' on in that order whatever the numbers of its
 * regions (the reader's and writer's fast path for maps so numbered already, and the
 * table for the others). */
static void test_region_symbols(void)
{
    static const char *const rows[] = {
        "6......2.", "..65..41.", ".....5.9.", "...69..87", "...2.8...",
        "59..32...", ".2.9.....", ".14..69..", ".6......5",
    };
    static const char *const map[] = {
        "111111233", "144441233", "145222223", "445555223", "445665333",
        "777665588", "779966668", "779999688", "779998888",
    };
    /* '1' on in order; letters; '1' on with 2 and 3 met the other way round. */
    static const char *const names[] = { "in order", "letters", "2 and 3 swapped" };
    const char *const symbols[] = { "123456789", "ZYXWVUTSR", "132456789" };
    char text[400], *first = NULL;
    struct puzzle *p0 = NULL;

    for (int k = 0; k < 3; k++) {
        size_t len = (size_t)snprintf(text, sizeof text, "jigsaw\n");
        struct puzzle *p;
        char *out;

        for (int r = 0; r < 9; r++) {
            len += (size_t)snprintf(text + len, sizeof text - len, "%s ", rows[r]);
            for (int c = 0; c < 9; c++)
                text[len++] = symbols[k][map[r][c] - '1'];
            text[len++] = '\n';
        }
        text[len] = '\0';
        p = read_text(text, FORMAT_VARIANT, NULL);
        out = p != NULL ? written(p, FORMAT_VARIANT) : NULL;
        if (k == 0) {
            first = out;
            p0 = p;
            tap_ok(p != NULL && p->region[0] == 0 && p->region[8] == 2 && p->region[80] == 7,
                   "region symbols %s: regions 0-8 in order of first appearance", names[k]);
            continue;
        }
        tap_ok(p != NULL && p0 != NULL && memcmp(p->region, p0->region, 81) == 0
               && out != NULL && first != NULL && strcmp(out, first) == 0,
               "region symbols %s: the same regions as '1' on in order, written the same", names[k]);
        puzzle_free(p);
        free(out);
    }
    if (p0 != NULL) {
        char *out;

        /* Numbered the other way round: written renumbered, as read. */
        for (int cell = 0; cell < 81; cell++)
            p0->region[cell] = (uint8_t)(8 - p0->region[cell]);
        out = written(p0, FORMAT_VARIANT);
        tap_ok(first != NULL && strcmp(out, first) == 0,
               "regions numbered 8 down to 0 are written '1' on in order of first appearance");
        free(out);
    }
    puzzle_free(p0);
    free(first);
}

static void test_formats(void)
{
    FILE *f = fopen(tap_data_path("variant/variants.txt"), "r");
    struct reader *r = reader_open(f, "variants.txt", FORMAT_AUTO);
    struct format_style style;
    struct format_error err;
    struct puzzle *p;
    int n = 0;

    while (reader_next(r, &p, &style, &err) > 0) {
        char what[64];

        snprintf(what, sizeof what, "%s", puzzle_variant_name(p->variant));
        tap_ok(style.id == FORMAT_VARIANT && p->name != NULL && strcmp(p->name, what + (p->variant == VARIANT_X ? 7 : 0)) == 0,
               "%s: read as the variant format, named by its comment", what);
        round_trip(p, FORMAT_VARIANT, what);
        if (p->variant == VARIANT_JIGSAW)
            round_trip(p, FORMAT_JIGSAW_LINE, what);
        n++;
        puzzle_free(p);
    }
    tap_ok(n == 5, "five variant puzzles in one file");
    reader_close(r);
    fclose(f);

    {
        char *line = NULL, *text;
        size_t cap = 0;
        FILE *k = fopen(tap_data_path("variant/killer_wiki.txt"), "r");
        enum format_id found;

        tap_ok(k != NULL && getline(&line, &cap, k) > 0, "the Killer line");
        p = read_text(line, FORMAT_AUTO, &found);
        tap_ok(p != NULL && found == FORMAT_KILLER_LINE && p->ncages == 29 && p->variant == VARIANT_KILLER,
               "Killer line: detected, 29 cages");
        text = p != NULL ? written(p, FORMAT_KILLER_LINE) : NULL;
        tap_ok(text != NULL && strcmp(text, line) == 0, "Killer line: written back as it was");
        if (p != NULL) {
            round_trip(p, FORMAT_VARIANT, "Killer");
            round_trip(p, FORMAT_KILLER_LINE, "Killer");
        }
        free(text);
        free(line);
        puzzle_free(p);
        fclose(k);
    }
}

/* The puzzles of the file at path appended to out (up to max in all); the new count. */
static int load_path(const char *path, struct puzzle **out, int n, int max)
{
    FILE *f = fopen(path, "r");
    struct reader *r;
    struct format_error err;
    struct puzzle *p;

    if (f == NULL)
        return n;
    r = reader_open(f, path, FORMAT_AUTO);
    while (n < max && reader_next(r, &p, NULL, &err) > 0)
        out[n++] = p;
    reader_close(r);
    fclose(f);
    return n;
}

/* The puzzles of a test data file appended to out (up to max in all); the new count. */
static int load_file(const char *name, struct puzzle **out, int n, int max)
{
    return load_path(tap_data_path(name), out, n, max);
}

/* Every puzzle of the test set, read whole (caller frees each). */
static int load_set(struct puzzle **out, int max)
{
    int n = load_file("variant/variants.txt", out, 0, max);

    return load_file("variant/killer_wiki.txt", out, n, max);
}

/* A game on each variant: a digit, a mark and an undo, saved, loaded: the same puzzle
 * (variant, maps, sums), grid and history. */
static void test_saves(struct puzzle **set, int n)
{
    char dir[64], path[128], err[256];

    tu_make_tmpdir(dir, sizeof dir, "/tmp/kakudo-variant.XXXXXX");
    snprintf(path, sizeof path, "%s/game.save", dir);
    for (int i = 0; i < n; i++) {
        const struct puzzle *p = set[i];
        struct game *g = game_new(p, NULL), *h;
        const char *why;
        int empty = 0;
        bool ok;

        while (p->given[empty] != 0)
            empty++;
        ok = game_set(g, empty, 1 + (p->given[empty + 1] == 1), &why)
             && game_toggle_mark(g, empty + 1 + (p->given[empty + 1] != 0), 2, &why)
             && game_set(g, empty, 3, &why) && game_undo(g);
        ok = ok && game_save(g, path, err, sizeof err);
        h = ok ? game_load(path, err, sizeof err) : NULL;
        tap_ok(h != NULL && same_puzzle(p, h->puzzle) && h->puzzle->variant == p->variant
               && memcmp(h->grid, g->grid, (size_t)p->ncells) == 0 && h->nmoves == g->nmoves && h->pos == g->pos
               && memcmp(h->marks, g->marks, (size_t)p->ncells * sizeof *g->marks) == 0,
               "%s: a game saved and loaded is the same game %s", puzzle_variant_name(p->variant), err);
        game_free(g);
        game_free(h);
    }
    {
        /* The same givens as a plain Sudoku or another variant: another puzzle's key. */
        struct puzzle *q = puzzle_clone(set[0]);
        char *a = game_puzzle_key(set[0]), *b;
        struct puzzle_error perr;

        q->variant = 0;
        puzzle_finish(q, &perr);
        b = game_puzzle_key(q);
        tap_ok(strcmp(a, b) != 0, "Sudoku X and the plain Sudoku of the same givens have different keys");
        free(a);
        free(b);
        puzzle_free(q);
    }
    tu_remove_tree(dir);
}

struct walk {
    const uint8_t *solution;
    int wrong, checked;
    char first_wrong[HINT_TEXT_MAX];
    int *found;                 /* per technique: hints found (NULL: not counted) */
};

static bool check_hint(const struct hint *h, void *user)
{
    struct walk *w = user;

    if (w->found != NULL)
        w->found[h->id]++;
    for (int i = 0; i < h->nplace; i++) {
        w->checked++;
        if (w->solution[h->place[i].cell] != h->place[i].digit && w->wrong++ == 0)
            snprintf(w->first_wrong, sizeof w->first_wrong, "%s", h->text);
    }
    for (int i = 0; i < h->nelim; i++) {
        w->checked++;
        if (w->solution[h->elim[i].cell] == h->elim[i].digit && w->wrong++ == 0)
            snprintf(w->first_wrong, sizeof w->first_wrong, "%s", h->text);
    }
    return true;
}

/* Every step of the rating walk, and every hint every technique finds at each step's
 * position, agrees with the solution. */
static bool check_step(const struct hint *h, int rating, const struct hint_position *pos, void *user)
{
    (void)rating;
    check_hint(h, user);
    hint_all(pos, check_hint, user);
    return true;
}

static void test_hints_counted(struct puzzle **set, int n, int *found)
{
    for (int i = 0; i < n; i++) {
        const struct puzzle *p = set[i];
        uint8_t *solution = xmalloc((size_t)p->ncells);
        struct solve_stats stats = { 0 };
        struct walk w = { .solution = solution, .found = found };
        struct grade g;
        int rc;

        puzzle_solve_first(p, p->given, true, solution, NULL, &stats);
        rc = grade_puzzle_walk(p, &g, 0, NULL, check_step, &w);
        tap_ok(rc == 1 && g.unique && w.wrong == 0 && w.checked > 0,
               "%s %dx%d: every hint of every technique along the rating walk agrees with the "
               "solution (%d conclusions, %d wrong%s%s)", puzzle_variant_name(p->variant), p->width,
               p->height, w.checked, w.wrong, w.wrong ? ": " : "", w.first_wrong);
        free(solution);
    }
}

static void test_hints(struct puzzle **set, int n)
{
    test_hints_counted(set, n, NULL);
}

/* No variant puzzle of the tests needs Trial: the chains and forcing chains, which work
 * on every variant's groups, finish each (a guess would hide a technique left off). */
static void test_no_trial(struct puzzle **set, int n, const char *what)
{
    int trials = 0, rated = 0;

    for (int i = 0; i < n; i++) {
        struct grade g;
        if (grade_puzzle_walk(set[i], &g, 0, NULL, NULL, NULL) == 1 && g.unique) {
            rated++;
            trials += g.counts[TECH_TRIAL];
        }
    }
    tap_ok(rated == n && trials == 0, "%s: every puzzle rated without Trial (%d rated, %d trials)",
           what, rated, trials);
}

/* The next solution line of a .sol file of 81-digit lines ('#' comments); false at its end. */
static bool read_solution_line(FILE *f, uint8_t *out, int ncells)
{
    char line[256];

    while (fgets(line, sizeof line, f) != NULL) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        for (int i = 0; i < ncells; i++)
            out[i] = (uint8_t)(line[i] - '0');
        return strlen(line) >= (size_t)ncells;
    }
    return false;
}

static int rect_regions(const struct puzzle *p, const int *corners)
{
    int seen[4], n = 0;

    for (int i = 0; i < 4; i++) {
        int g = hint_group_of_kind(p, corners[i], GROUP_BOX), j = 0;
        while (j < n && seen[j] != g)
            j++;
        if (j == n)
            seen[n++] = g;
    }
    return n;
}

/* A deadly pattern must survive every group: where its swap would break a diagonal, a
 * region or a cage, the uniqueness techniques must not use the rectangle. */
static void test_rectangle_swaps(struct puzzle **set)
{
    const struct puzzle *x = set[0], *jigsaw = set[1], *killer = set[5];
    int diag[4] = { 0, 1, 9, 10 }, off[4] = { 1, 2, 28, 29 };   /* r1c1 r1c2 r2c1 r2c2; r1c2 r1c3 r4c2 r4c3 */
    int accepted = 0, wrong = 0;

    tap_ok(x->variant == VARIANT_X && !hint_rectangle_can_swap(x, diag),
           "X: no deadly rectangle with a corner on a diagonal");
    tap_ok(hint_rectangle_can_swap(x, off), "X: a rectangle off the diagonals in two boxes can swap");
    for (int r1 = 0; r1 < 9; r1++)
        for (int r2 = r1 + 1; r2 < 9; r2++)
            for (int c1 = 0; c1 < 9; c1++)
                for (int c2 = c1 + 1; c2 < 9; c2++) {
                    int corners[4] = { r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2 };
                    bool can = hint_rectangle_can_swap(jigsaw, corners);
                    accepted += can;
                    wrong += can && rect_regions(jigsaw, corners) != 2;
                }
    tap_ok(jigsaw->variant == VARIANT_JIGSAW && accepted > 0 && wrong == 0,
           "Jigsaw: the rectangles that can swap span exactly two regions (%d of them, %d wrong)", accepted, wrong);
    accepted = wrong = 0;
    for (int g = 0; g < killer->ngroups; g++) {
        const struct puzzle_group *grp = &killer->groups[g];
        if (grp->kind != GROUP_CAGE || grp->ncells < 2)
            continue;
        /* A rectangle with one corner in this cage and the rest outside it cannot swap. */
        int a = grp->cells[0], r2 = (a / 9 + 4) % 9, c2 = (a % 9 + 4) % 9;
        int corners[4] = { a, a - a % 9 + c2, r2 * 9 + a % 9, r2 * 9 + c2 };
        bool alone = true;
        for (int i = 1; i < 4; i++)
            alone &= !hint_in_group(killer, corners[i], g);
        if (alone) {
            accepted++;
            wrong += hint_rectangle_can_swap(killer, corners);
        }
    }
    tap_ok(killer->variant == VARIANT_KILLER && accepted > 0 && wrong == 0,
           "Killer: no rectangle swaps with a cage holding one corner (%d tried, %d wrong)", accepted, wrong);
}

struct chain_step {
    enum technique want;
    const char *elims;          /* "r7c5-7 ...": what the step looked for removes */
    bool found;
};

static bool catch_step(const struct hint *h, int rating, const struct hint_position *pos, void *user)
{
    struct chain_step *f = user;
    char elims[256];
    size_t len = 0;

    int width = pos->p->width;      /* cells named on the puzzle's own grid, any size */

    (void)rating;
    if (f->found || h->id != f->want)
        return true;
    elims[0] = '\0';
    for (int i = 0; i < h->nelim && len < sizeof elims - 16; i++)
        len += (size_t)snprintf(elims + len, sizeof elims - len, "%sr%dc%d-%d", i ? " " : "",
                                h->elim[i].cell / width + 1, h->elim[i].cell % width + 1, h->elim[i].digit);
    f->found = strcmp(elims, f->elims) == 0;
    return true;
}

/* A step of a chain technique along a variant's rating walk removes exactly these
 * candidates: a chain through a diagonal (X), a region (Jigsaw).  (The Killer walks no
 * longer reach a chain: the cage techniques, tried first, finish them.) */
static void test_chain_steps(struct puzzle **walk)
{
    static const struct {
        int puzzle;
        enum technique t;
        const char *elims;
        const char *what;
    } cases[] = {
        { 0, TECH_AIC, "r7c5-7", "X: an AIC with a strong link in the main diagonal" },
        { 2, TECH_AIC, "r4c8-4", "Jigsaw X: an AIC with a strong link in region 3" },
        { 2, TECH_AIC, "r3c2-7", "Jigsaw X: an AIC with a strong link in the main diagonal" },
    };

    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct chain_step f = { .want = cases[i].t, .elims = cases[i].elims };
        struct grade g;

        grade_puzzle_walk(walk[cases[i].puzzle], &g, 0, NULL, catch_step, &f);
        tap_ok(f.found, "%s: removes %s", cases[i].what, cases[i].elims);
    }
}

/* Published Sudoku X and Jigsaw puzzles (tests/data/variant/README): each has one
 * solution, the published one, a level and a rating, and a sound hint walk. */
static void test_public(void)
{
    struct puzzle *set[8];
    int n = load_file("variant/public.txt", set, 0, 8);
    FILE *f = fopen(tap_data_path("variant/public.sol"), "r");

    tap_ok(n == 4 && f != NULL, "four published X and Jigsaw puzzles and their solutions");
    for (int i = 0; i < n && f != NULL; i++) {
        const struct puzzle *p = set[i];
        uint8_t *published = xmalloc((size_t)p->ncells), *solution = xmalloc((size_t)p->ncells);
        struct solve_stats stats = { 0 };
        struct grade g;
        bool read = read_solution_line(f, published, p->ncells);
        enum solve_outcome out = puzzle_solve_first(p, p->given, true, solution, NULL, &stats);
        int rc = grade_puzzle_walk(p, &g, 0, NULL, NULL, NULL);

        tap_ok(read && out == SOLVE_UNIQUE && memcmp(solution, published, (size_t)p->ncells) == 0,
               "public %d (%s): one solution, the published one", i + 1, puzzle_variant_name(p->variant));
        tap_ok(rc == 1 && g.unique && g.level >= LEVEL_BEGINNER && g.rating >= 10 && g.score > 0
               && !g.gave_up && g.counts[TECH_TRIAL] == 0,
               "public %d (%s): rated %s, %d.%d, score %ld, without Trial", i + 1,
               puzzle_variant_name(p->variant), hint_level_name(g.level), g.rating / 10, g.rating % 10,
               g.score);
        free(published);
        free(solution);
    }
    if (f != NULL)
        fclose(f);
    test_hints(set, n);
    for (int i = 0; i < n; i++)
        puzzle_free(set[i]);
}

/* Generated variants of every size but 9x9 (tests/data/variant/sizes.txt): the chains,
 * the turbot fish and grouped X-chains work on them, soundly, and are found on them. */
static void test_sizes(void)
{
    struct puzzle *set[32];
    int n = load_file("variant/sizes.txt", set, 0, 32), found[TECH_COUNT] = { 0 };
    int sizes = 0, chains = 0;

    for (int i = 0; i < n; i++)
        sizes += set[i]->max_digit != 9;
    tap_ok(n >= 12 && sizes == n, "%d variant puzzles of sizes other than 9x9 to walk", n);
    test_hints_counted(set, n, found);
    test_no_trial(set, n, "sizes.txt");
    for (int t = TECH_X_CHAIN; t <= TECH_GROUPED_X_CHAIN; t++)
        chains += found[t];
    tap_ok(found[TECH_GROUPED_X_CHAIN] > 0 && found[TECH_TURBOT_FISH] > 0 && chains > 0,
           "found along those walks: grouped X-chains %d, turbot fish %d, X-chains to nice loops %d",
           found[TECH_GROUPED_X_CHAIN], found[TECH_TURBOT_FISH], chains);
    if (n >= 5) {
        struct chain_step f = { .want = TECH_AIC, .elims = "r6c8-4" };
        struct grade g;

        grade_puzzle_walk(set[4], &g, 0, NULL, catch_step, &f);
        tap_ok(f.found, "8x8 X: an AIC (strong link on the main diagonal) removes r6c8-4, named on the "
               "8x8 grid");
    }
    for (int i = 0; i < n; i++)
        puzzle_free(set[i]);
}

/* Every format each variant has, at the sizes of the test files (4x4 to 16x16): the
 * variant format, a Jigsaw's and a Killer's line (detected), a Sudoku X's line (read as
 * --format=x-line): written, read back the same, written again the same.  A Killer of
 * more than 52 cages has a line too (its cages past z take the variant format's other
 * symbols; it was written in the variant format when asked for a line). */
static void test_formats_sizes(void)
{
    static const char *const files[] = { "variant/sizes.txt", "variant/wide.txt" };
    int long_killers = 0, sizes_seen = 0;

    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        struct puzzle *set[32];
        int n = load_file(files[f], set, 0, 32);

        for (int i = 0; i < n; i++) {
            const struct puzzle *p = set[i];
            char what[64];

            snprintf(what, sizeof what, "%s %dx%d", puzzle_variant_name(p->variant), p->width, p->height);
            sizes_seen |= 1 << (p->width < 31 ? p->width : 0);
            round_trip(p, FORMAT_VARIANT, what);
            if (p->variant == VARIANT_JIGSAW)
                round_trip(p, FORMAT_JIGSAW_LINE, what);
            if (p->variant == VARIANT_KILLER) {
                round_trip(p, FORMAT_KILLER_LINE, what);
                long_killers += p->ncages > 52;
            }
            if (p->variant == VARIANT_X) {
                char *text = written(p, FORMAT_X_LINE);
                struct puzzle *q = read_text(text, FORMAT_X_LINE, NULL);

                tap_ok(q != NULL && same_puzzle(p, q) && strchr(text, '\n') == text + p->ncells,
                       "%s: written as one line, read back with --format=x-line the same", what);
                puzzle_free(q);
                free(text);
            }
            puzzle_free(set[i]);
        }
    }
    tap_ok(long_killers >= 1, "among them %d Killers of more than 52 cages, as Killer lines", long_killers);
    tap_ok((sizes_seen & (1 << 4 | 1 << 6 | 1 << 12 | 1 << 16)) == (1 << 4 | 1 << 6 | 1 << 12 | 1 << 16),
           "sizes 4x4, 6x6, 12x12 and 16x16 among them (9x9: test_formats)");
}

/* Counts the observed search's steps: an observer that never stops. */
static int count_step(const struct solve_step *st, void *user)
{
    (void)st;
    ++*(long *)user;
    return 0;
}

/* The observed search (what watch and solve --trace run) on p from grid: up to limit
 * solutions, the first in solution, giving up after max_nodes nodes. */
static struct solve_result watched(const struct puzzle *p, const uint8_t *grid, long limit,
                                   uint64_t max_nodes, uint8_t *solution)
{
    long steps = 0;
    struct solve_observer obs = { count_step, &steps };
    struct solve_request req = { .limit = limit, .observer = &obs, .budget = { .nodes = max_nodes } };
    struct solve_result res = { .solution = solution };

    puzzle_solve(p, grid, &req, &res);
    return res;
}

/* The batch search's count (up to 2) and first solution, to set the observed one against. */
static long batch_count(const struct puzzle *p, const uint8_t *grid, uint8_t *solution)
{
    struct solve_request req = { .limit = 2 };
    struct solve_result res = { .solution = solution };

    puzzle_solve(p, grid, &req, &res);
    return res.count;
}

/* The observed search narrows a cage by its empty cells' candidates (the digit sets that
 * fit them), not by its placed digits alone: each bundled Killer is solved, and proved
 * unique, within WATCHED_KILLER_NODES nodes (before, Killer Hard took 470,314, Killer X
 * Medium 37,891, Killer X Hard gave up after 1,000,000), its solution the batch search's. */
#define WATCHED_KILLER_NODES 20000
static void test_watched_killers(void)
{
    static const char *const names[] = {
        "16-killer9-easy.txt", "17-killer9-hard.txt", "22-killer-x9-medium.txt",
        "23-killer-jigsaw9-medium.txt", "25-killer-x9-hard.txt", "26-killer-jigsaw9-hard.txt",
        "27-killer-jigsaw-x9-easy.txt", "28-killer-jigsaw-x9-hard.txt",
    };
    const char *srcdir = getenv("srcdir") != NULL ? getenv("srcdir") : ".";

    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char path[4096];
        struct puzzle *read[1] = { NULL }, *p;
        uint8_t sol[81], fast[81];
        struct solve_result res;

        snprintf(path, sizeof path, "%s/data/%s", srcdir, names[i]);
        if (load_path(path, read, 0, 1) != 1 || read[0] == NULL) {
            tap_ok(false, "%s read", names[i]);
            continue;
        }
        p = read[0];
        res = watched(p, p->given, 2, WATCHED_KILLER_NODES, sol);
        tap_ok(p->ncells == 81 && res.count == 1 && !res.gave_up && batch_count(p, p->given, fast) == 1
               && memcmp(sol, fast, 81) == 0,
               "%s watched: unique in %llu nodes (at most %d), the batch search's solution",
               names[i], (unsigned long long)res.stats.nodes, WATCHED_KILLER_NODES);
        puzzle_free(p);
    }
}

/* On generated and published Killers the observed search counts as the batch one does
 * and finds its solution. */
static void test_watched_sets(void)
{
    static const char *const files[] = {
        "variant/killer_master.txt", "variant/killer_krazydad.txt", "variant/killer_45.txt",
        "variant/variants.txt",
    };

    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        struct puzzle *set[16];
        int n = load_file(files[f], set, 0, 16), same = 0;

        for (int i = 0; i < n; i++) {
            uint8_t *sol = xmalloc((size_t)set[i]->ncells), *fast = xmalloc((size_t)set[i]->ncells);
            struct solve_result res = watched(set[i], set[i]->given, 2, 200000, sol);

            same += !res.gave_up && res.count == batch_count(set[i], set[i]->given, fast)
                    && memcmp(sol, fast, (size_t)set[i]->ncells) == 0;
            free(sol);
            free(fast);
            puzzle_free(set[i]);
        }
        tap_ok(n > 0 && same == n, "%s: the observed search counts and solves as the batch one (%d of %d)",
               files[f], same, n);
    }
}

/* Counting in the observed search: a Killer of whole-row cages has several solutions, one
 * whose first row needs 1 and 2 twice none. */
static void test_watched_counts(void)
{
    struct puzzle_error err;
    struct puzzle *several = variant_new(9, VARIANT_KILLER, NULL), *none = variant_new(9, VARIANT_KILLER, NULL);
    uint8_t grid[81] = { 0 }, sol[81];
    struct solve_result res;

    for (int r = 0; r < 9; r++) {
        int k = puzzle_add_cage(several, 45), k2 = r > 0 ? puzzle_add_cage(none, 45) : -1;

        for (int c = 0; c < 9; c++) {
            several->cage[r * 9 + c] = (int16_t)k;
            if (r > 0)
                none->cage[r * 9 + c] = (int16_t)k2;
        }
    }
    for (int c = 0, k = -1; c < 9; c++) {
        if (c == 0 || c == 2 || c == 4)
            k = puzzle_add_cage(none, c < 4 ? 3 : 35);
        none->cage[c] = (int16_t)k;
    }
    tap_ok(finish(several, &err) && finish(none, &err), "row-cage Killers check: %s", err.message);
    res = watched(several, grid, 2, 0, sol);
    tap_ok(res.count == 2 && grid_obeys(several, sol), "watched: whole-row cages, several solutions");
    res = watched(none, grid, 2, 0, sol);
    tap_ok(res.count == 0 && !res.gave_up, "watched: 1 and 2 needed twice in a row, no solution");
    puzzle_free(several);
    puzzle_free(none);
}

int main(void)
{
    test_groups();
    test_cages();
    test_sum_digits();
    test_search();
    test_big_killer();
    test_clone();
    test_observer();
    test_watched_killers();
    test_watched_sets();
    test_watched_counts();
    test_formats();
    test_region_symbols();
    {
        struct puzzle *set[8];
        int n = load_set(set, 8);

        tap_ok(n == 6, "six variant puzzles to play and hint");
        test_saves(set, n);
        test_hints(set, n);
        test_no_trial(set, n, "variants.txt and killer_wiki.txt");
        test_rectangle_swaps(set);
        for (int i = 0; i < n; i++)
            puzzle_free(set[i]);
    }
    {
        struct puzzle *set[16];
        int n = load_file("variant/walk.txt", set, 0, 16);

        tap_ok(n == 15, "fifteen more variant puzzles to walk");
        test_hints(set, n);
        test_no_trial(set, n, "walk.txt");
        test_chain_steps(set);
        for (int i = 0; i < n; i++)
            puzzle_free(set[i]);
    }
    {
        /* Every variant at 6x6 and 12x12, and the two 9x9 ones the sets above lack. */
        struct puzzle *set[16];
        int n = load_file("variant/walk_sizes.txt", set, 0, 16);

        tap_ok(n == 16, "sixteen variant puzzles of 6x6, 9x9 and 12x12 to walk");
        test_hints(set, n);
        for (int i = 0; i < n; i++)
            puzzle_free(set[i]);
    }
    test_public();
    test_sizes();
    test_formats_sizes();
    return tap_done();
}
