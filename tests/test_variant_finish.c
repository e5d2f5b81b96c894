/* test_variant_finish.c: what `kakudo solve` pays for a variant outside the search (groups, givens, maps, reading, writing) gives what the slower ways gave. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "format_internal.h"
#include "puzzle.h"
#include "tap.h"
#include "test_util.h"
#include "variant.h"

/* A 9x9 Jigsaw layout: the boxes with cells traded across their borders. */
static const char jigsaw9[] =
    "112222333" "111222333" "111125663" "444525633" "447555666"
    "447555996" "447789966" "777888999" "778888899";

/* The digit of a plain Sudoku solution of p's box shape at a cell: rows shifted by the
 * box width, bands by one. */
static int pattern_digit(const struct puzzle *p, int cell)
{
    int n = p->max_digit, r = cell / n, c = cell % n;

    return (r % p->box_rows * p->box_cols + r / p->box_rows + c) % n + 1;
}

/* A Sudoku of size n (one with a box shape) with flags: its regions the boxes, numbered
 * in a shuffled order (seeded), and its cages the row's dominoes (a last single cell on
 * an odd size), with the sums of the pattern solution. */
static struct puzzle *variant_of_size(int n, unsigned flags, unsigned seed)
{
    struct puzzle *p = sudoku_new_unfinished(n);
    int label[SUDOKU_MAX_SIZE];

    puzzle_set_variant(p, flags);
    for (int i = 0; i < n; i++)
        label[i] = i;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)((seed = seed * 1103515245u + 12345u) >> 16) % (i + 1), t = label[i];
        label[i] = label[j];
        label[j] = t;
    }
    for (int cell = 0; cell < p->ncells && (flags & VARIANT_JIGSAW); cell++) {
        int r = cell / n, c = cell % n;
        p->region[cell] = (uint8_t)label[r / p->box_rows * (n / p->box_cols) + c / p->box_cols];
    }
    for (int cell = 0; cell < p->ncells && (flags & VARIANT_KILLER); cell++) {
        if (cell % n % 2 == 0) {
            int two = cell % n + 1 < n;
            puzzle_add_cage(p, pattern_digit(p, cell) + (two ? pattern_digit(p, cell + 1) : 0));
        }
        p->cage[cell] = (int16_t)(p->ncages - 1);
    }
    return p;
}

/* Whether group g holds cell. */
static bool group_has(const struct puzzle_group *grp, int cell)
{
    for (int i = 0; i < grp->ncells; i++)
        if (grp->cells[i] == cell)
            return true;
    return false;
}

/* Whether p's groups are what they are by definition, worked out here without the
 * builder: rows, columns, regions (region r's cells in reading order) or boxes, the
 * diagonals, the cages; each cell's slots listing the groups holding it in order. */
static bool groups_as_defined(const struct puzzle *p)
{
    int n = p->max_digit, g = 0;

    for (int r = 0; r < n; r++, g++)
        for (int c = 0; c < n; c++)
            if (p->groups[g].kind != GROUP_ROW || p->groups[g].cells[c] != r * n + c)
                return false;
    for (int c = 0; c < n; c++, g++)
        for (int r = 0; r < n; r++)
            if (p->groups[g].kind != GROUP_COLUMN || p->groups[g].cells[r] != r * n + c)
                return false;
    for (int r = 0; r < n && (p->variant & VARIANT_JIGSAW); r++, g++) {
        int k = 0;
        for (int cell = 0; cell < p->ncells; cell++)
            if (p->region[cell] == r && (k >= p->groups[g].ncells || p->groups[g].cells[k++] != cell))
                return false;
        if (p->groups[g].kind != GROUP_REGION || k != n || p->groups[g].ncells != n)
            return false;
    }
    if (!(p->variant & VARIANT_JIGSAW))
        g += n;
    g += (p->variant & VARIANT_X) ? 2 : 0;
    for (int k = 0; k < p->ncages; k++, g++)
        for (int cell = 0; cell < p->ncells; cell++)
            if ((p->cage[cell] == k) != group_has(&p->groups[g], cell))
                return false;
    if (g != p->ngroups)
        return false;
    for (int cell = 0; cell < p->ncells; cell++) {
        int slot = 0;
        for (int k = 0; k < p->ngroups; k++)
            if (group_has(&p->groups[k], cell) && slot < PUZZLE_MAX_CELL_GROUPS
                && p->cell_groups[cell][slot++] != k)
                return false;
        if (slot < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][slot] != -1)
            return false;
    }
    return true;
}

/* Every variant at every size with boxes: the groups as defined, and the same from
 * puzzle_finish and from puzzle_finish_maps_checked. */
static void test_groups_every_size(void)
{
    static const unsigned kinds[] = {
        VARIANT_X, VARIANT_JIGSAW, VARIANT_KILLER, VARIANT_JIGSAW | VARIANT_X,
        VARIANT_KILLER | VARIANT_X, VARIANT_KILLER | VARIANT_JIGSAW,
        VARIANT_KILLER | VARIANT_JIGSAW | VARIANT_X,
    };
    int checked = 0, as_defined = 0, same = 0;

    for (int n = SUDOKU_MIN_SIZE; n <= 16; n++) {
        int rows, cols;
        if (!sudoku_box_shape(n, &rows, &cols))
            continue;
        for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
            struct puzzle *a = variant_of_size(n, kinds[k], (unsigned)(n * 7 + k));
            struct puzzle *b = variant_of_size(n, kinds[k], (unsigned)(n * 7 + k));
            struct puzzle_error err;
            bool ok = puzzle_finish(a, &err) && variant_check(b, &err)
                      && puzzle_finish_maps_checked(b, true, &err);

            checked++;
            as_defined += ok && groups_as_defined(a) && groups_as_defined(b);
            same += ok && tu_same_groups(a, b);
            if (!ok)
                tap_diag("%dx%d %s: %s", n, n, puzzle_variant_name(kinds[k]), err.message);
            puzzle_free(a);
            puzzle_free(b);
        }
    }
    tap_ok(checked > 50 && as_defined == checked,
           "every variant 4x4-16x16: rows, columns, regions (reading order), diagonals, cages and each "
           "cell's slots as defined (%d of %d)", as_defined, checked);
    tap_ok(same == checked, "puzzle_finish_maps_checked builds what puzzle_finish builds (%d of %d)",
           same, checked);
}

/* The lines (and boxes) kept from the last puzzle built are copied only where they are
 * the new puzzle's: a sequence of sizes and kinds, A A B C A ..., each puzzle's groups as
 * defined, the same as a puzzle built after one of another shape. */
static void test_lines_kept(void)
{
    static const struct { int n; unsigned flags; } seq[] = {
        { 9, VARIANT_X }, { 9, VARIANT_X }, { 9, VARIANT_JIGSAW }, { 9, VARIANT_JIGSAW },
        { 6, VARIANT_X }, { 9, VARIANT_X }, { 9, VARIANT_KILLER }, { 6, VARIANT_JIGSAW },
        { 9, VARIANT_KILLER | VARIANT_JIGSAW | VARIANT_X }, { 9, VARIANT_JIGSAW }, { 8, 0 },
        { 9, 0 }, { 9, VARIANT_KILLER | VARIANT_X }, { 16, VARIANT_X }, { 9, VARIANT_X },
    };
    int good = 0, total = (int)(sizeof seq / sizeof seq[0]);

    for (int i = 0; i < total; i++) {
        struct puzzle *p = variant_of_size(seq[i].n, seq[i].flags, (unsigned)i);
        struct puzzle *q = variant_of_size(seq[i].n == 9 ? 6 : 9, VARIANT_JIGSAW, 1);
        struct puzzle *again = variant_of_size(seq[i].n, seq[i].flags, (unsigned)i);
        struct puzzle_error err;

        /* p after the sequence's last, again after a puzzle of another shape. */
        good += puzzle_finish(p, &err) && groups_as_defined(p) && puzzle_finish(q, &err)
                && puzzle_finish(again, &err) && tu_same_groups(p, again);
        puzzle_free(p);
        puzzle_free(q);
        puzzle_free(again);
    }
    tap_ok(good == total, "lines kept between puzzles: the groups of a sequence of sizes and kinds "
           "as defined and as after another shape (%d of %d)", good, total);
}

/* A 9x9 Jigsaw (jigsaw9) with flags and a cage r1c3, r2c2, r2c3 for Killer. */
static struct puzzle *jigsaw_with(unsigned flags)
{
    struct puzzle *p = sudoku_new_unfinished(9);

    puzzle_set_variant(p, flags);
    for (int cell = 0; cell < 81 && (flags & VARIANT_JIGSAW); cell++)
        p->region[cell] = (uint8_t)(jigsaw9[cell] - '1');
    if (flags & VARIANT_KILLER) {
        int cage = puzzle_add_cage(p, 12);
        p->cage[2] = p->cage[10] = p->cage[11] = (int16_t)cage;
    }
    return p;
}

/* The message puzzle_finish gives for the givens (cell, digit)... ended by a cell of -1. */
static const char *givens_message(unsigned flags, const int *givens, char *buf, size_t size)
{
    struct puzzle *p = jigsaw_with(flags);
    struct puzzle_error err;

    for (int i = 0; givens[i] >= 0; i += 2)
        p->given[givens[i]] = (uint8_t)givens[i + 1];
    snprintf(buf, size, "%s", puzzle_finish(p, &err) ? "ok" : err.message);
    puzzle_free(p);
    return buf;
}

/* Givens that clash are found given by given now: the messages are those of the group
 * by group check, which still says them (the first group at fault, in group order). */
static void test_givens_messages(void)
{
    char buf[300];
    static const int region[] = { 0, 5, 10, 5, -1 }, row_and_region[] = { 0, 5, 1, 5, -1 },
                     diagonal[] = { 0, 5, 80, 5, -1 }, cage[] = { 2, 5, 10, 5, -1 },
                     too_big[] = { 40, 10, -1 }, fine[] = { 0, 1, 1, 2, 10, 3, 80, 9, -1 };

    tap_ok(strcmp(givens_message(VARIANT_JIGSAW, region, buf, sizeof buf),
                  "the givens at r1c1 and r2c2 are both 5") == 0, "a clash in a region: %s", buf);
    tap_ok(strcmp(givens_message(VARIANT_JIGSAW, row_and_region, buf, sizeof buf),
                  "the givens at r1c1 and r1c2 are both 5") == 0,
           "a clash in a row and a region: the row's: %s", buf);
    tap_ok(strcmp(givens_message(VARIANT_JIGSAW | VARIANT_X, diagonal, buf, sizeof buf),
                  "the givens at r1c1 and r9c9 are both 5, on one diagonal") == 0,
           "a clash on a diagonal: %s", buf);
    tap_ok(strcmp(givens_message(VARIANT_KILLER | VARIANT_JIGSAW, cage, buf, sizeof buf),
                  "the givens at r1c3 and r2c2 are both 5, in one cage") == 0,
           "a clash in a cage alone: %s", buf);
    tap_ok(strcmp(givens_message(VARIANT_JIGSAW, too_big, buf, sizeof buf),
                  "r5c5 holds 10; this puzzle takes digits 1-9") == 0, "a digit out of range: %s", buf);
    tap_ok(strcmp(givens_message(VARIANT_KILLER | VARIANT_JIGSAW | VARIANT_X, fine, buf, sizeof buf),
                  "ok") == 0, "distinct givens check: %s", buf);
}

/* The 9x9 variants' givens are checked against masks of their units (a region in place of
 * a box, the diagonals of an X): a clash in a unit of each kind, where no other unit holds
 * both givens, is still found and said as the group by group check says it. */
static void test_givens_units_9(void)
{
    static const struct { unsigned flags; int givens[5]; const char *want; } cases[] = {
        { VARIANT_JIGSAW, { 0, 5, 21, 5, -1 }, "the givens at r1c1 and r3c4 are both 5" },
        { VARIANT_JIGSAW, { 2, 5, 18, 5, -1 }, "ok" },      /* one box, two regions */
        { VARIANT_X, { 8, 4, 72, 4, -1 }, "the givens at r1c9 and r9c1 are both 4, on one diagonal" },
        { VARIANT_X | VARIANT_JIGSAW, { 40, 6, 72, 6, -1 },
          "the givens at r5c5 and r9c1 are both 6, on one diagonal" },
        { VARIANT_X | VARIANT_JIGSAW, { 0, 6, 40, 6, -1 },
          "the givens at r1c1 and r5c5 are both 6, on one diagonal" },
        { VARIANT_X, { 0, 6, 72, 6, -1 }, "the givens at r1c1 and r9c1 are both 6" },
    };
    char buf[300];

    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        givens_message(cases[k].flags, cases[k].givens, buf, sizeof buf);
        tap_ok(strcmp(buf, cases[k].want) == 0, "9x9 %s, givens at cells %d and %d: %s",
               puzzle_variant_name(cases[k].flags), cases[k].givens[0], cases[k].givens[2], buf);
    }
}

/* Everything a reader makes of text: each puzzle written back, each error as
 * "file:line:col: message". */
static char *read_all(const char *text)
{
    FILE *f = fmemopen((void *)(uintptr_t)text, strlen(text), "rb");
    struct reader *r = reader_open(f, "t", FORMAT_AUTO);
    char *out = NULL;
    size_t len = 0;
    FILE *o = open_memstream(&out, &len);
    struct puzzle *p;
    struct format_style style;
    struct format_error err;
    int rc;

    while ((rc = reader_next(r, &p, &style, &err)) != 0) {
        if (rc < 0) {
            char msg[600];
            format_error_string(&err, msg, sizeof msg);
            fprintf(o, "%s\n", msg);
            if (reader_lost(r))
                break;
            continue;
        }
        format_write(o, p, p->given, &style);
        puzzle_free(p);
    }
    reader_close(r);
    fclose(f);
    fclose(o);
    return out;
}

#define JIGSAW_ROW2_TO_6 \
    "......... 111222333\n" "......... 111125663\n" "......... 444525633\n" \
    "......... 447555666\n" "......... 447555996\n" "......... 447789966\n"
#define JIGSAW_ROWS(first) \
    first "\n" JIGSAW_ROW2_TO_6 "......... 777888999\n" "......... 778888899\n"

/* Faults after good puzzles, and good puzzles after faults: each fault's message and
 * place as a reader alone gave it (kakudo solve before these changes said the same), the
 * good ones read whole. */
static void test_reader_faults(void)
{
    static const char text[] =
        "jigsaw\n" JIGSAW_ROWS("5........ 112222333") "\n"
        "jigsaw\n" JIGSAW_ROWS("5........ 111222333") "\n"         /* region 1 of 10 cells */
        "jigsaw\n" JIGSAW_ROWS("5...5.... 112222333") "\n"         /* two 5s in row 1 */
        /* r1c9 and r8c9 traded: regions 3 (the third symbol) and 9 each in two pieces */
        "jigsaw\n" "5........ 112222339\n" JIGSAW_ROW2_TO_6 "......... 777888993\n"
        "......... 778888899\n\n"
        "jigsaw\n" JIGSAW_ROWS("..3...... 112222333") "\n";
    static const char *const want[] = {
        "jigsaw\n5........ 112222333\n",
        "t:13:11: region '1' has 10 cells; each region of a 9x9 Jigsaw has 9\n",
        "t:24:5: the givens at r1c1 and r1c5 are both 5\n",
        "t:35:17: region '3' (from r1c7) is not contiguous\n",
        "jigsaw\n..3...... 112222333\n",
    };
    char *out = read_all(text);
    const char *at = out;
    bool all = true;

    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        const char *found = at != NULL ? strstr(at, want[k]) : NULL;

        all &= tap_ok(found != NULL, "fault or puzzle %zu of 5 as before, in order: %.*s", k + 1,
                      (int)strcspn(want[k], "\n"), want[k]);
        at = found != NULL ? found + strlen(want[k]) : at;
    }
    if (!all && out != NULL)
        tap_diag("the reader gave:\n%s", out);
    free(out);
}

/* Regions checked as cell sets on grids up to 128 cells: a region whose cells follow one
 * another in reading order across a row's end (r1c4 then r2c1, or r2c4 then r3c1 from
 * below) is still two pieces; a region of 2x2 blocks is one. */
static void test_regions_across_row_ends(void)
{
    char *out = read_all("jigsaw\n.... 1221\n.... 1223\n.... 1443\n.... 4433\n\n"
                         "jigsaw\n.... 1222\n.... 1231\n.... 1433\n.... 4443\n\n"
                         "jigsaw\n.... 1122\n.... 1122\n.... 3344\n.... 3344\n");

    tap_ok(out != NULL && strcmp(out, "t:2:6: region '1' (from r1c1) is not contiguous\n"
                                      "t:8:6: region '1' (from r1c1) is not contiguous\n"
                                      "jigsaw\n.... 1122\n.... 1122\n.... 3344\n.... 3344\n") == 0,
           "regions joined only across a row's end are split; 2x2 blocks are not: %s", out != NULL ? out : "");
    free(out);
}

#define EMPTY9 ".........\n"
#define EMPTY9_ROWS7 EMPTY9 EMPTY9 EMPTY9 EMPTY9 EMPTY9 EMPTY9 EMPTY9

/* Every Sudoku X of a size has the same groups: a reader shares the last one's.  Read in
 * turn, 9x9, 9x9 whose givens clash, 9x9, 4x4, 9x9: each puzzle read has its groups as
 * defined, the clash is said where it was, and the first and third share one set. */
static void test_x_groups_shared(void)
{
    static const char text[] =
        "sudoku-x\n1........\n" EMPTY9_ROWS7 EMPTY9 "\n"
        "sudoku-x\n5........\n" EMPTY9_ROWS7 "........5\n\n"
        "sudoku-x\n" EMPTY9_ROWS7 EMPTY9 "........2\n\n"
        "sudoku-x\n1...\n....\n....\n....\n\n"
        "sudoku-x\n" EMPTY9_ROWS7 EMPTY9 "3........\n";
    FILE *f = fmemopen((void *)(uintptr_t)text, strlen(text), "rb");
    struct reader *r = reader_open(f, "t", FORMAT_AUTO);
    struct puzzle *read[5] = { NULL };
    struct format_error err;
    char msg[600] = "";
    int n = 0, rc, defined = 0;

    while (n < 5 && (rc = reader_next(r, &read[n], NULL, &err)) != 0) {
        if (rc < 0)
            format_error_string(&err, msg, sizeof msg);
        else
            defined += groups_as_defined(read[n]);
        n++;
    }
    tap_ok(n == 5 && defined == 4, "Sudoku X 9x9, 9x9, 9x9, 4x4, 9x9 read in turn: groups as defined (%d of 4)",
           defined);
    tap_ok(strcmp(msg, "t:21:9: the givens at r1c1 and r9c9 are both 5, on one diagonal") == 0,
           "a clash said as before: %s", msg);
    tap_ok(read[0] != NULL && read[2] != NULL && read[0]->groups == read[2]->groups,
           "the first and third 9x9 share their groups");
    for (int i = 0; i < 5; i++)
        puzzle_free(read[i]);
    reader_close(r);
    fclose(f);
}

/* The message of the first puzzle of text, read in format (FORMAT_AUTO: the one found),
 * as a reader says it, "" for none; with leave_givens, the reader leaves the givens to
 * the caller (as kakudo solve asks) and format_check_givens says it from the line the
 * reader gives, which *left holds (0: the reader checked them itself). */
static void message_leaving_givens(const char *text, enum format_id format, bool leave_givens, char *msg,
                                   size_t size, long *left)
{
    FILE *f = fmemopen((void *)(uintptr_t)text, strlen(text), "rb");
    struct reader *r = reader_open(f, "t", format);
    struct puzzle *p = NULL;
    struct format_error err;
    int rc;

    if (leave_givens)
        reader_leave_givens(r);
    rc = reader_next(r, &p, NULL, &err);
    *left = rc > 0 ? reader_givens_unchecked(r) : 0;
    msg[0] = '\0';
    if (rc < 0 || (*left > 0 && !format_check_givens(p, "t", *left, reader_givens_in_rows(r), &err)))
        format_error_string(&err, msg, size);
    puzzle_free(p);
    reader_close(r);
    fclose(f);
}

/* Sudoku X and Jigsaw whose rows are one a line as kakudo writes them, and one-line
 * Jigsaws (on one line or two) and Sudoku X (x-line) whose digits start their line, have
 * their givens left to kakudo solve's search, which finds a clash as it starts; the
 * message then said is the reader's, at the same line and column.  Rows with anything between them or read
 * token by token, rows followed by more content (which the reader skips after a fault in
 * a puzzle) or by input not read yet (the end of the input's last chunk, where the reader
 * would have to wait for more to know), and Killers (whose cages' sums a search may take
 * long to find unreachable), are checked by the reader as before. */
static void test_givens_left_to_search(void)
{
#define J9(r1, r2, r3, r4, r5, r6, r7, r8, r9) \
    "jigsaw\n" r1 " 112222333\n" r2 " 111222333\n" r3 " 111125663\n" r4 " 444525633\n" \
    r5 " 447555666\n" r6 " 447555996\n" r7 " 447789966\n" r8 " 777888999\n" r9 " 778888899\n"
#define E ".........\n"
#define MAP "112222333111222333111125663444525633447555666447555996447789966777888999778888899"
#define D9 "........."
    static const struct { const char *text; bool left; enum format_id format; } cases[] = {
        { "sudoku-x\n1........\n" E E E E E E E "........1\n" "\n", true, FORMAT_AUTO },
        { "sudoku-x\n........2\n" E E E E E E E "2........\n" "\n", true, FORMAT_AUTO },
        { "sudoku-x\n" E E E E "..3...3..\n" E E E E "\n", true, FORMAT_AUTO },
        { "sudoku-x\n" E E "....7....\n" E E E E "....7....\n" E "\n", true, FORMAT_AUTO },
        { "sudoku-x\n" E E E E "....4....\n" E E E E "\n", true, FORMAT_AUTO },
        { "sudoku-x\n# a comment\n1........\n" E E E E E E E "........1\n" "\n", true, FORMAT_AUTO },
        { "sudoku-x\n1........\n" E E E "# between rows\n" E E E E "........1\n", false, FORMAT_AUTO },
        { "sudoku-x\n1........\n" E E E E E E E "........ 1\n", false, FORMAT_AUTO },
        { "sudoku-x\n1........\n" E E E E E E E "........1\n" E, false, FORMAT_AUTO },
        { "sudoku-x\n1........\n" E E E E E E E "........1\n# next\nsudoku-x\n", true, FORMAT_AUTO },
        { "sudoku-x\n1........\n" E E E E E E E "........1\n", false, FORMAT_AUTO },
        { "sudoku-x\n1...\n....\n....\n...1\n" "\n", true, FORMAT_AUTO },
        { "sudoku-x\n.2..\n....\n.2..\n....\n" "\n", true, FORMAT_AUTO },
        { "\n\n# name\nsudoku-x\n" E E E E E E "......5..\n" E "..5......\n" "\n", true, FORMAT_AUTO },
        { J9("5........", "..5......", ".........", ".........", ".........", ".........", ".........", ".........", ".........") "\n", true, FORMAT_AUTO },
        { J9(".........", ".........", ".....6...", "...6.....", ".........", ".........", ".........", ".........", ".........") "\n", true, FORMAT_AUTO },
        { J9(".........", ".........", ".........", "...4.....", ".........", ".........", ".........", ".........", "...4.....") "\n", true, FORMAT_AUTO },
        { J9(".........", ".........", ".........", ".........", ".........", ".........", "9.......9", ".........", ".........") "\n", true, FORMAT_AUTO },
        { J9(".........", ".........", ".........", ".........", ".........", ".........", "1.......2", ".........", ".........") "\n", true, FORMAT_AUTO },
        { J9("5........", ".5.......", ".........", ".........", ".........", ".........", ".........", ".........", "........ 8"), false, FORMAT_AUTO },
        { "jigsaw-x\n1... 1122\n.... 1122\n.... 3344\n...1 3344\n" "\n", true, FORMAT_AUTO },
        { "killer\n1..1 aabb\n.... ccdd\n.... eeff\n.... gghh\na=3 b=7 c=3 d=7 e=3 f=7 g=3 h=7\n", false, FORMAT_AUTO },
        { "5.......5" D9 D9 D9 D9 D9 D9 D9 D9 " " MAP "\n", true, FORMAT_JIGSAW_LINE },
        { "6........" ".6......." D9 D9 D9 D9 D9 D9 D9 " " MAP "\n", true, FORMAT_JIGSAW_LINE },
        { D9 D9 D9 D9 D9 D9 "9.......9" D9 D9 MAP "\n", true, FORMAT_JIGSAW_LINE },
        { "5........" D9 D9 D9 D9 D9 D9 D9 D9 "\n" MAP "\n", true, FORMAT_AUTO },
        { "5........" "5........" D9 D9 D9 D9 D9 D9 D9 "\n" MAP "\n", true, FORMAT_AUTO },
        { "5........" D9 D9 D9 D9 D9 D9 D9 D9 " " MAP "\n", true, FORMAT_AUTO },
        { "  5.......5" D9 D9 D9 D9 D9 D9 D9 D9 " " MAP "\n", false, FORMAT_JIGSAW_LINE },
        { "1........" D9 D9 D9 D9 D9 D9 D9 "........1\n", true, FORMAT_X_LINE },
        { "........2" D9 D9 D9 D9 D9 D9 D9 "2........\n", true, FORMAT_X_LINE },
        { ".3......3" D9 D9 D9 D9 D9 D9 D9 D9 "\n", true, FORMAT_X_LINE },
        { "1........" D9 D9 D9 D9 D9 D9 D9 D9 "\n", true, FORMAT_X_LINE },
    };
#undef E
#undef J9
#undef MAP
#undef D9
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char checked[600], left[600];
        long line_checked, line_left;

        message_leaving_givens(cases[k].text, cases[k].format, false, checked, sizeof checked, &line_checked);
        message_leaving_givens(cases[k].text, cases[k].format, true, left, sizeof left, &line_left);
        tap_ok(line_checked == 0 && (line_left > 0) == cases[k].left && strcmp(checked, left) == 0,
               "case %zu: givens %s, message '%s' (left to the search: '%s')", k + 1,
               line_left > 0 ? "left to the search" : "checked by the reader", checked, left);
    }
}

/* The text with each grid row's first symbol followed by a space (rows: content lines
 * but a variant's name and the sums), which the reader takes token by token, not
 * straight: the same puzzles, read the general way. */
static char *rows_spaced(const char *text)
{
    size_t len = strlen(text);
    char *out = xmalloc(2 * len + 1), *o = out;

    for (const char *line = text; *line != '\0';) {
        size_t n = strcspn(line, "\n");
        char word[32];
        unsigned flags;
        bool name = n < sizeof word && (memcpy(word, line, n), word[n] = '\0', puzzle_variant_by_name(word, &flags));
        bool row = n > 1 && line[0] != '#' && !name && memchr(line, '=', n) == NULL;

        memcpy(o, line, 1);
        o += n > 0;
        if (row)
            *o++ = ' ';
        memcpy(o, line + (n > 0), n - (n > 0));
        o += n - (n > 0);
        line += n;
        if (*line == '\n')
            *o++ = *line++;
    }
    *o = '\0';
    return out;
}

/* Whether a and b are the same puzzle: size, variant, givens, regions, cages and sums. */
static bool same_puzzle(const struct puzzle *a, const struct puzzle *b)
{
    return a->max_digit == b->max_digit && a->ncells == b->ncells && variant_same(a, b)
           && memcmp(a->given, b->given, (size_t)a->ncells) == 0;
}

/* Up to max puzzles read from text into out; how many. */
static int read_text(const char *text, struct puzzle **out, int max)
{
    FILE *f = fmemopen((void *)(uintptr_t)text, strlen(text), "rb");
    struct reader *r = reader_open(f, "t", FORMAT_AUTO);
    struct format_error err;
    int n = 0;

    while (n < max && reader_next(r, &out[n], NULL, &err) > 0)
        n++;
    reader_close(r);
    fclose(f);
    return n;
}

/* Rows as kakudo writes them are read straight: the generated puzzles of every variant at
 * sizes 4 to 16 in tests/data are the same puzzles as when read token by token. */
static void test_straight_rows_same(void)
{
    static const char *const files[] = { "sizes.txt", "walk_sizes.txt", "variants.txt", "public.txt", "walk.txt" };
    const char *srcdir = getenv("srcdir") != NULL ? getenv("srcdir") : ".";

    for (size_t k = 0; k < sizeof files / sizeof files[0]; k++) {
        char path[4096], *text, *spaced;
        struct puzzle *straight[64], *general[64];
        int n, m, same = 0;

        snprintf(path, sizeof path, "%s/tests/data/variant/%s", srcdir, files[k]);
        text = tu_read_file(path, NULL);
        spaced = text != NULL ? rows_spaced(text) : NULL;
        n = text != NULL ? read_text(text, straight, 64) : 0;
        m = spaced != NULL ? read_text(spaced, general, 64) : 0;
        for (int i = 0; i < n && i < m; i++)
            same += same_puzzle(straight[i], general[i]);
        tap_ok(n > 0 && n == m && same == n, "%s: %d puzzles read straight, %d token by token, %d the same",
               files[k], n, m, same);
        for (int i = 0; i < n; i++)
            puzzle_free(straight[i]);
        for (int i = 0; i < m; i++)
            puzzle_free(general[i]);
        free(text);
        free(spaced);
    }
}

/* A 9x9 Jigsaw (jigsaw9, 5 at r1c1) with row k replaced by row: what the reader makes of
 * it, its message or its first row written back. */
static char *jigsaw_with_row(int k, const char *row)
{
    static const char *const rows[] = {
        "5........ 112222333", "......... 111222333", "......... 111125663", "......... 444525633",
        "......... 447555666", "......... 447555996", "......... 447789966", "......... 777888999",
        "......... 778888899",
    };
    char text[512] = "jigsaw\n", *out;

    for (int i = 0; i < 9; i++) {
        strcat(text, i == k ? row : rows[i]);
        strcat(text, "\n");
    }
    out = read_all(text);
    if (out != NULL && strncmp(out, "jigsaw\n", 7) == 0)
        out[7 + strcspn(out + 7, "\n")] = '\0';
    else if (out != NULL)
        out[strcspn(out, "\n")] = '\0';
    return out;
}

/* Any row not as kakudo writes it goes to the general reading: its messages at their
 * places (those kakudo solve gave before rows were read straight), or the puzzle. */
static void test_straight_rows_fall_back(void)
{
    static const struct { int row; const char *text, *want; } cases[] = {
        { 0, "5.......A 112222333", "t:2:9: expected a digit 1-9 or '.' for an empty cell, got 'A'" },
        { 0, "5........  112222333", "jigsaw\n5........ 112222333" },
        { 0, "5........\t112222333", "jigsaw\n5........ 112222333" },
        { 0, "5........ 11222233", "t:2:11: expected a region map of 9 symbols, got 8" },
        { 0, "5........ 1122223333", "t:2:11: expected a region map of 9 symbols, got 10" },
        { 0, "5........ 11222233\xc3\xa9",
          "t:2:19: expected a region symbol in ASCII (a letter, digit or punctuation), got '\xc3\xa9'" },
        { 0, "5........", "t:2:1: expected a row's digits, then its map" },
        { 0, "5........ 112222333 x", "t:2:21: expected a region map of 18 symbols, got 1" },
        { 0, "5.......: 112222333", "t:2:9: expected a digit 1-9 or '.' for an empty cell, got ':'" },
        { 0, " 5........ 112222333", "jigsaw\n5........ 112222333" },
        { 0, "5........ 112222333 ", "jigsaw\n5........ 112222333" },
        /* A map of the row's length whose last symbol is a blank: not a map read straight
         * (nor is one whose last eight symbols are looked at again as a word). */
        { 0, "5........ 11222233 ", "t:2:11: expected a region map of 9 symbols, got 8" },
        { 0, "5........ 11222233\t", "t:2:11: expected a region map of 9 symbols, got 8" },
        { 0, "0........ 112222333", "jigsaw\n......... 112222333" },
        { 4, "........A 447555666", "t:6:9: expected a digit 1-9 or '.' for an empty cell, got 'A'" },
        { 4, "......... 44755566", "t:6:11: expected a region map of 9 symbols, got 8" },
        { 4, "......... 4475556666", "t:6:11: expected a region map of 9 symbols, got 10" },
        { 4, "......... 44755566 ", "t:6:11: expected a region map of 9 symbols, got 8" },
        { 4, ".........", "t:6:1: expected a row's digits, then its map" },
        { 4, "......... 447555666 x", "t:6:11: expected 9 digits before the maps, got more" },
        { 4, ".......... 447555666", "t:6:10: expected 9 digits before the maps, got more" },
        { 4, "........ 447555666", "t:6:1: expected 9 digits, got 8" },
        { 4, "....|.... 447555666", "t:6:1: expected 9 digits, got 8" },
        { 4, "...|...|... 447555666", "jigsaw\n5........ 112222333" },
        { 4, "......... 447555666\r", "jigsaw\n5........ 112222333" },
        { 4, "......... 447 555666", "t:6:11: expected 9 digits before the maps, got more" },
    };

    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char *out = jigsaw_with_row(cases[k].row, cases[k].text);

        tap_ok(out != NULL && strcmp(out, cases[k].want) == 0, "row %d '%s': %s", cases[k].row + 1,
               cases[k].text, out != NULL ? out : "(nothing)");
        free(out);
    }
}

/* out with each message's "LINE:COL: " dropped, in place: a row spaced out moves columns. */
static void drop_places(char *out)
{
    char *o = out;

    for (const char *s = out; *s != '\0';) {
        if (strncmp(s, "t:", 2) == 0 && (s == out || s[-1] == '\n')) {
            const char *after = strstr(s, ": ");

            *o++ = 't';
            s = after != NULL ? after : s + 2;
        }
        *o++ = *s++;
    }
    *o = '\0';
}

/* Whether text and its rows spaced (read token by token) read as the same puzzles, or
 * give the same messages but for their places. */
static bool straight_same_as_spaced(const char *text)
{
    char *spaced = rows_spaced(text), *a = read_all(text), *b = read_all(spaced);
    bool same = a != NULL && b != NULL && (drop_places(a), drop_places(b), strcmp(a, b) == 0);

    free(a);
    free(b);
    free(spaced);
    return same;
}

/* A row's digits are read eight at a time where the side is 9 or less: every byte (but a
 * line's end) at every column of the first row of a 9x9 Jigsaw, a 9x9 and an 8x8 Sudoku X
 * reads as the same puzzle as when read token by token, or gives the same message. */
static void test_straight_digits_every_byte(void)
{
    static const struct { const char *name, *map; int n; } kinds[] = {
        { "jigsaw", " 112222333", 9 }, { "sudoku-x", "", 9 }, { "sudoku-x", "", 8 },
    };
    int good = 0, total = 0, read = 0;

    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        int n = kinds[k].n;
        static const char *const jigsaw_rows =
            "......... 111222333\n" "......... 111125663\n" "......... 444525633\n"
            "......... 447555666\n" "......... 447555996\n" "......... 447789966\n"
            "......... 777888999\n" "......... 778888899\n";

        for (int col = 0; col < n; col++)
            for (int byte = 1; byte < 256; byte++) {
                char text[512], row[32];
                size_t len;

                if (byte == '\n')
                    continue;
                memset(row, '.', (size_t)n);
                row[col] = (char)byte;
                row[n] = '\0';
                len = (size_t)snprintf(text, sizeof text, "%s\n%s%s\n", kinds[k].name, row, kinds[k].map);
                for (int r = 1; r < n && k > 0; r++)
                    len += (size_t)snprintf(text + len, sizeof text - len, "%.*s\n", n, ".........");
                if (k == 0)
                    snprintf(text + len, sizeof text - len, "%s", jigsaw_rows);
                good += straight_same_as_spaced(text);
                read += strchr(".0123456789", byte) != NULL && byte - '0' <= n;
                total++;
            }
    }
    tap_ok(good == total, "every byte at every column of a row's digits read as token by token "
           "(%d of %d rows, %d of them digits)", good, total, read);
}

/* Digits written eight at a time where they are 1-9, one by one elsewhere: each symbol
 * is sudoku_symbol's (or the empty cell's), at every length and alignment. */
static void test_digit_symbols(void)
{
    uint8_t grid[SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE];
    char out[SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE + 1];
    int good = 0, total = 0;

    for (int n = 1; n <= 40; n++)
        for (int kind = 0; kind < 4; kind++) {
            bool same = true;
            char empty = kind % 2 ? '0' : '.';

            /* all 1-9; with a 0 every 7th cell; with digits to 25 every 5th */
            for (int i = 0; i < n; i++)
                grid[i] = (uint8_t)(kind < 2 ? i % 9 + 1 : i % 7 == 3 ? 0 : i % 5 == 1 ? 10 + i % 16 : i % 9 + 1);
            fmt_digit_symbols(grid, n, empty, out);
            for (int i = 0; i < n; i++)
                same &= out[i] == (grid[i] == 0 ? empty : sudoku_symbol(grid[i]));
            good += same;
            total++;
        }
    tap_ok(good == total, "digit symbols written as sudoku_symbol's (%d of %d grids)", good, total);
}

/* The first message a reader gives for the len bytes of text. */
static void first_message(const char *text, size_t len, char *msg, size_t size)
{
    FILE *f = fmemopen((void *)(uintptr_t)text, len, "rb");
    struct reader *r = reader_open(f, "t", FORMAT_AUTO);
    struct puzzle *p;
    struct format_error err;
    int rc;

    snprintf(msg, size, "(none)");
    while ((rc = reader_next(r, &p, NULL, &err)) != 0) {
        if (rc < 0) {
            format_error_string(&err, msg, size);
            break;
        }
        puzzle_free(p);
    }
    reader_close(r);
    fclose(f);
}

/* Lines are checked for NUL bytes and bytes beyond ASCII a word at a time: either, at any
 * place in a line's words or its tail, is still found at its column. */
static void test_line_faults(void)
{
    int good = 0, total = 0;

    for (int len = 1; len <= 21; len += 4)
        for (int at = 0; at < len; at++)
            for (int kind = 0; kind < 2; kind++) {
                char text[32], msg[600], want[100];

                memset(text, '5', (size_t)len);
                text[at] = kind == 0 ? '\0' : '\xff';
                text[len] = '\n';
                snprintf(want, sizeof want, kind == 0 ? "t:1:%d: binary data (a NUL byte)" : "t:1:%d: not UTF-8 text",
                         at + 1);
                first_message(text, (size_t)len + 1, msg, sizeof msg);
                good += strncmp(msg, want, strlen(want)) == 0;
                total++;
                if (strncmp(msg, want, strlen(want)) != 0)
                    tap_diag("%d bytes, %s at %d: %s", len, kind == 0 ? "NUL" : "0xff", at, msg);
            }
    tap_ok(good == total, "a NUL byte or a byte beyond ASCII found at its column (%d of %d lines)", good, total);
}

/* A map symbol of two bytes is refused at its own column, counted in characters: map
 * symbols are ASCII (a map is read one byte a cell). */
static void test_columns_after_utf8(void)
{
    char *out = read_all("killer-jigsaw\n123456789 \xc3\xa4" "1111111 abc\n");

    tap_ok(out != NULL && strstr(out, "t:2:11: expected a region symbol in ASCII") != NULL,
           "a two-byte region symbol refused at its column: %s", out != NULL ? out : "");
    free(out);
}

/* Written and read back, a 9x9 Killer Jigsaw X, a 16x16 Jigsaw X and a 25x25 Jigsaw (the
 * largest) are the same puzzles: rows written whole keep every symbol. */
static void test_write_round_trip(void)
{
    static const unsigned flags[] = {
        VARIANT_KILLER | VARIANT_JIGSAW | VARIANT_X, VARIANT_JIGSAW | VARIANT_X, VARIANT_JIGSAW,
    };
    static const int sizes[] = { 9, 16, 25 };

    for (int k = 0; k < 3; k++) {
        struct puzzle *p = variant_of_size(sizes[k], flags[k], 3);
        struct puzzle_error err;
        char *text = NULL, *again;
        size_t len = 0;
        FILE *o = open_memstream(&text, &len);
        struct format_style style = { .id = FORMAT_VARIANT, .empty = '.' };

        /* Givens of the pattern solution, off the diagonals (where it may repeat). */
        for (int cell = 0; cell < p->ncells; cell += 7)
            if (cell / p->width != cell % p->width && cell / p->width + cell % p->width != p->width - 1)
                p->given[cell] = (uint8_t)pattern_digit(p, cell);
        if (!puzzle_finish(p, &err))
            tap_diag("%s", err.message);
        format_write(o, p, p->given, &style);
        fclose(o);
        again = read_all(text);
        tap_ok(again != NULL && strcmp(again, text) == 0, "%dx%d %s written and read back writes the same",
               sizes[k], sizes[k], puzzle_variant_name(flags[k]));
        free(again);
        free(text);
        puzzle_free(p);
    }
}

int main(void)
{
    test_groups_every_size();
    test_lines_kept();
    test_givens_messages();
    test_givens_units_9();
    test_regions_across_row_ends();
    test_x_groups_shared();
    test_givens_left_to_search();
    test_straight_rows_same();
    test_straight_rows_fall_back();
    test_straight_digits_every_byte();
    test_digit_symbols();
    test_line_faults();
    test_reader_faults();
    test_columns_after_utf8();
    test_write_round_trip();
    return tap_done();
}
