/* test_tui_variant.c: the variants on the player's board at 80x24: Killer cages as dashed
 * outlines with their sums, Sudoku X's diagonals, Jigsaw regions, in UTF-8 and ASCII, with
 * and without colour; the cursor's cage and its combinations in the panel; conflicts on a
 * cage and a diagonal; watching the solver on a Killer, a Sudoku X and a Jigsaw; opening,
 * pasting and resuming; a dialog over a Killer clearing the panel lines it cuts. */
#include "config.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "tui_test.h"

/*
 * The puzzles: Wikipedia's Sudoku (its givens and solution) as a Killer with the cages
 * below, as a Sudoku X without givens, and as a Jigsaw without givens whose first two
 * regions traded a cell.  The test knows their geometry from these maps, not from the
 * player, and checks every line piece of the board against it.
 */
#define N 9
static const char solution[] =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
static const char givens[] =
    "530070000600195000098000060800060003400803001700020006060000280000419005000080079";
static const char cage_map[] =
    "aabbccddd" "efbgghdii" "jffkkhlii" "jmmknolip" "qmmrroosp"
    "qttrrrusv" "wtxxyyuzv" "AAxBBCCzv" "AAADDECFv";
static const char box_map[] =
    "000111222" "000111222" "000111222" "333444555" "333444555"
    "333444555" "666777888" "666777888" "666777888";
static const char region_map[] =
    "000011222" "000111222" "001111222" "333444555" "333444555"
    "333444555" "666777888" "666777888" "666777888";

static char killer_path[600], x_path[600], jigsaw_path[600];
static char killer_text[2048];

/* kakudo's variant format: the variant's name, the rows of digits with the region and
 * cage maps beside them, then each cage's symbol and sum. */
static void variant_text(char *buf, size_t size, const char *variant, const char *digits,
                         const char *regions, const char *cages)
{
    size_t n = (size_t)snprintf(buf, size, "# %s test\n%s\n", variant, variant);

    for (int r = 0; r < N; r++) {
        n += (size_t)snprintf(buf + n, size - n, "%.9s", digits + r * N);
        if (regions != NULL)
            n += (size_t)snprintf(buf + n, size - n, " %.9s", regions + r * N);
        if (cages != NULL)
            n += (size_t)snprintf(buf + n, size - n, " %.9s", cages + r * N);
        n += (size_t)snprintf(buf + n, size - n, "\n");
    }
    for (int cell = 0; cages != NULL && cell < N * N; cell++) {
        int sum = 0;
        if (memchr(cages, cages[cell], (size_t)cell) != NULL)
            continue;
        for (int i = cell; i < N * N; i++)
            sum += cages[i] == cages[cell] ? solution[i] - '0' : 0;
        n += (size_t)snprintf(buf + n, size - n, "%c=%d ", cages[cell], sum);
    }
    snprintf(buf + n, size - n, "\n");
}

/* At 80x24 a 9x9 variant has cells of one row and five columns between lines: */
static int line_row(int r) { return 2 * r; }        /* the line above cell row r */
static int cell_row(int r) { return 2 * r + 1; }
static int line_col(int c) { return 6 * c; }        /* the line left of cell column c */
static int cell_col(int c) { return 6 * c + 1; }

/* What the test's maps say parts two cells (-1: outside); vertical for a line down. */
enum piece { NONE, LIGHT, HEAVY, CAGE, CROSSED };

static enum piece parting(const char *cages, const char *regions, int a, int b)
{
    if (a < 0 || b < 0)
        return HEAVY;
    if (regions[a] != regions[b])
        return cages != NULL && cages[a] == cages[b] ? CROSSED : HEAVY;
    if (cages == NULL)
        return LIGHT;
    return cages[a] != cages[b] ? CAGE : NONE;
}

/* The glyph sets: a UTF-8 terminal's, the Linux console's (double lines for heavy ones,
 * dots and colons for cages, ASCII diagonals), plain ASCII's. */
enum glyphs { UNICODE, CONSOLE, ASCII };

/* The character the player draws for a piece; i: the column within a piece across. */
static uint32_t piece_char(enum piece p, bool vertical, enum glyphs set, int i)
{
    static const uint32_t down[][5] = {
        [UNICODE] = { ' ', 0x2502, 0x2503, 0x2506, 0x254F },
        [CONSOLE] = { ' ', 0x2502, 0x2551, ':', 0x2591 },
        [ASCII] = { ' ', ':', '|', ':', '!' },
    };
    static const uint32_t across[][5][2] = {
        [UNICODE] = { { ' ', ' ' }, { 0x2500, 0x2500 }, { 0x2501, 0x2501 }, { 0x2504, 0x2504 },
                      { 0x254D, 0x254D } },
        [CONSOLE] = { { ' ', ' ' }, { 0x2500, 0x2500 }, { 0x2550, 0x2550 }, { 0xB7, 0xB7 },
                      { 0x2550, ' ' } },
        [ASCII] = { { ' ', ' ' }, { '-', '-' }, { '=', '=' }, { '-', ' ' }, { '=', ' ' } },
    };

    return vertical ? down[set][p] : across[set][p][i % 2];
}

/* The board a check expects. */
struct board {
    const char *cages, *regions;    /* cages may be NULL */
    enum glyphs set;
};

static bool mismatch(struct th *t, bool report, const char *what, int row, int col, uint32_t want)
{
    if (report) {
        tap_diag("%s at row %d, column %d: U+%04X, not U+%04X", what, row, col,
                 (unsigned)tt_char_at(t, row, col), (unsigned)want);
        th_dump(t);
    }
    return false;
}

/* Every piece of line between two cells is what the maps say: heavy between regions,
 * dashed between cages, nothing inside a cage, broken where a cage crosses a region. */
static bool check_lines(struct th *t, void *arg, bool report)
{
    const struct board *b = arg;

    for (int r = 0; r < N; r++)
        for (int c = 0; c <= N; c++) {
            enum piece p = parting(b->cages, b->regions, c > 0 ? r * N + c - 1 : -1,
                                   c < N ? r * N + c : -1);
            uint32_t want = piece_char(p, true, b->set, 0);
            if (tt_char_at(t, cell_row(r), line_col(c)) != want)
                return mismatch(t, report, "a line down", cell_row(r), line_col(c), want);
        }
    for (int r = 0; r <= N; r++)
        for (int c = 0; c < N; c++) {
            enum piece p = parting(b->cages, b->regions, r > 0 ? (r - 1) * N + c : -1,
                                   r < N ? r * N + c : -1);
            uint32_t want = piece_char(p, false, b->set, 4);
            /* The last column of the piece: a cage's sum stands at its start. */
            if (tt_char_at(t, line_row(r), cell_col(c) + 4) != want)
                return mismatch(t, report, "a line across", line_row(r), cell_col(c) + 4, want);
        }
    return true;
}

/* Each cage's sum stands on the top edge of its first cell. */
static bool check_sums(struct th *t, void *arg, bool report)
{
    const struct board *b = arg;
    char row[4096], want[8];

    for (int cell = 0; cell < N * N; cell++) {
        int sum = 0, r = cell / N, c = cell % N;
        if (memchr(b->cages, b->cages[cell], (size_t)cell) != NULL)
            continue;       /* not the cage's first cell */
        for (int i = cell; i < N * N; i++)
            sum += b->cages[i] == b->cages[cell] ? solution[i] - '0' : 0;
        snprintf(want, sizeof want, "%d", sum);
        th_row(t, line_row(r), row, sizeof row);
        /* th_row gives UTF-8: find the column by counting characters. */
        {
            const char *s = row;
            for (int col = 0; col < cell_col(c) && *s; col++) {
                s++;
                while ((*s & 0xC0) == 0x80)
                    s++;
            }
            if (strncmp(s, want, strlen(want)) != 0 || (s[strlen(want)] >= '0' && s[strlen(want)] <= '9')) {
                if (report) {
                    tap_diag("cage %c: its sum %s is not on row %d at column %d", b->cages[cell], want,
                             line_row(r), cell_col(c));
                    th_dump(t);
                }
                return false;
            }
        }
    }
    return true;
}

/* The diagonals are marked where the lines cross inside the frame: the main one down to
 * the right, the other down to the left. */
static bool check_diagonals(struct th *t, void *arg, bool report)
{
    const struct board *b = arg;
    uint32_t main_glyph = b->set == UNICODE ? 0x2572 : '\\', anti_glyph = b->set == UNICODE ? 0x2571 : '/';

    for (int i = 1; i < N; i++) {
        if (tt_char_at(t, line_row(i), line_col(i)) != main_glyph)
            return mismatch(t, report, "the main diagonal", line_row(i), line_col(i), main_glyph);
        if (tt_char_at(t, line_row(i), line_col(N - i)) != anti_glyph)
            return mismatch(t, report, "the anti-diagonal", line_row(i), line_col(N - i), anti_glyph);
    }
    return true;
}

/* Where four lines meet inside a Jigsaw drawn in Unicode, each arm is as heavy as the line
 * it ends: a region's corner is a mix (U+253C-254B), not a crossing all heavy, which would
 * draw its border on for half a character where no border runs. */
static bool check_junctions(struct th *t, void *arg, bool report)
{
    /* Indexed by the arms up, down, left, right: 1 for heavy, 0 for light. */
    static const uint32_t crossing[2][2][2][2] = {
        { { { 0x253C, 0x253E }, { 0x253D, 0x253F } }, { { 0x2541, 0x2546 }, { 0x2545, 0x2548 } } },
        { { { 0x2540, 0x2544 }, { 0x2543, 0x2547 } }, { { 0x2542, 0x254A }, { 0x2549, 0x254B } } },
    };
    const struct board *b = arg;

    for (int r = 1; r < N; r++)
        for (int c = 1; c < N; c++) {
            int up = parting(NULL, b->regions, (r - 1) * N + c - 1, (r - 1) * N + c) == HEAVY;
            int down = parting(NULL, b->regions, r * N + c - 1, r * N + c) == HEAVY;
            int left = parting(NULL, b->regions, (r - 1) * N + c - 1, r * N + c - 1) == HEAVY;
            int right = parting(NULL, b->regions, (r - 1) * N + c, r * N + c) == HEAVY;
            uint32_t want = crossing[up][down][left][right];
            if (tt_char_at(t, line_row(r), line_col(c)) != want)
                return mismatch(t, report, "a junction", line_row(r), line_col(c), want);
        }
    return true;
}

/* A character of the Linux console's fonts (the kernel's CP437 one, Lat15, Lat2): ASCII,
 * Latin-1, the light and double lines, the blocks, a few arrows and triangles. */
static bool in_console_font(uint32_t ch)
{
    static const uint32_t light[] = { 0x2500, 0x2502, 0x250C, 0x2510, 0x2514, 0x2518, 0x251C,
                                      0x2524, 0x252C, 0x2534, 0x253C };
    static const uint32_t other[] = { 0x2580, 0x2584, 0x2588, 0x258C, 0x2590, 0x2591, 0x2592,
                                      0x2593, 0x25A0, 0x2190, 0x2191, 0x2192, 0x2193, 0x25B2,
                                      0x25BA, 0x25BC, 0x25C4 };

    if (ch < 0x7F || (ch >= 0xA0 && ch <= 0xFF) || (ch >= 0x2550 && ch <= 0x256C))
        return true;
    for (size_t i = 0; i < sizeof light / sizeof light[0]; i++)
        if (ch == light[i])
            return true;
    for (size_t i = 0; i < sizeof other / sizeof other[0]; i++)
        if (ch == other[i])
            return true;
    return false;
}

/* Every character on the 80x24 screen is one the console can show. */
static bool check_console_font(struct th *t, void *arg, bool report)
{
    (void)arg;
    for (int row = 0; row < 24; row++)
        for (int col = 0; col < 80; col++)
            if (!in_console_font(tt_char_at(t, row, col))) {
                if (report) {
                    tap_diag("U+%04X at row %d, column %d is not in the console's fonts",
                             (unsigned)tt_char_at(t, row, col), row, col);
                    th_dump(t);
                }
                return false;
            }
    return true;
}

typedef bool screen_check(struct th *t, void *arg, bool report);

/* Waits until check holds; false, reported, if it does not by the deadline. */
static bool eventually(struct th *t, screen_check *check, void *arg)
{
    long end = th_now_ms() + tt_wait_ms;

    while (!check(t, arg, false)) {
        if (th_now_ms() >= end)
            return check(t, arg, true);
        th_pump(t, 50);
    }
    return true;
}

static struct th *start(const char *path, const char *env1, const char *env2)
{
    const char *args[] = { path, NULL };
    const char *env[] = { env1, env2, NULL };

    return tt_start(args, env, 24, 80);
}

static const char *mode_name(const char *env1, const char *env2)
{
    static char buf[64];

    snprintf(buf, sizeof buf, "%s%s%s", env1 ? env1 : "UTF-8, colour", env2 ? ", " : "", env2 ? env2 : "");
    return buf;
}

/* The Killer's cages and sums, the Sudoku X's diagonals and the Jigsaw's regions, in one
 * mode of the terminal. */
static void test_drawn(const char *env1, const char *env2, enum glyphs set)
{
    const char *mode = mode_name(env1, env2);
    struct board killer = { cage_map, box_map, set };
    struct board x = { NULL, box_map, set };
    struct board jigsaw = { NULL, region_map, set };
    struct th *t;

    tt_fresh_state();
    t = start(killer_path, env1, env2);
    tap_ok(tt_wait_text(t, "Killer Sudoku") && eventually(t, check_lines, &killer),
           "%s: a Killer's cages are outlined, dashed, inside the heavy box lines", mode);
    tap_ok(eventually(t, check_sums, &killer), "%s: each cage's sum is on its first cell's top edge", mode);
    tap_ok(tt_wait_text(t, "Cage 12 in 3"), "%s: the panel names the cursor's cage", mode);
    if (set == CONSOLE)
        tap_ok(check_console_font(t, NULL, true), "%s: a Killer is drawn in the console's glyphs", mode);
    tt_quit_cleanly(t);
    th_free(t);

    t = start(x_path, env1, env2);
    tap_ok(tt_wait_text(t, "Sudoku X") && eventually(t, check_diagonals, &x) && eventually(t, check_lines, &x),
           "%s: a Sudoku X's diagonals are marked at their cells' corners", mode);
    if (set == CONSOLE)
        tap_ok(check_console_font(t, NULL, true), "%s: a Sudoku X is drawn in the console's glyphs", mode);
    tt_quit_cleanly(t);
    th_free(t);

    t = start(jigsaw_path, env1, env2);
    tap_ok(tt_wait_text(t, "Jigsaw") && eventually(t, check_lines, &jigsaw),
           "%s: a Jigsaw's regions are parted by heavy lines", mode);
    if (set == UNICODE)
        tap_ok(eventually(t, check_junctions, &jigsaw),
               "%s: where a Jigsaw's lines meet, each arm is as heavy as its line", mode);
    if (set == CONSOLE)
        tap_ok(check_console_font(t, NULL, true), "%s: a Jigsaw is drawn in the console's glyphs", mode);
    tt_quit_cleanly(t);
    th_free(t);
}


/* A glyph set asked for over the terminal's: --glyphs=console under xterm, --glyphs=unicode
 * (a console font with heavy lines) and --ascii under TERM=linux. */
static void test_forced(const char *option, const char *term, enum glyphs set)
{
    const char *args[] = { option, killer_path, NULL };
    const char *env[] = { term, NULL };
    struct board killer = { cage_map, box_map, set };
    struct th *t;

    tt_fresh_state();
    t = tt_start(args, env, 24, 80);
    tap_ok(tt_wait_text(t, "Killer Sudoku") && eventually(t, check_lines, &killer),
           "%s, %s: the cages and boxes in the set asked for", option, term);
    tt_quit_cleanly(t);
    th_free(t);
}

/* The screen cell of the digit of board cell (r, c). */
static bool digit_cell(struct th *t, int r, int c, VTermScreenCell *cell)
{
    return th_cell(t, cell_row(r), cell_col(c) + 2, cell);
}

static bool shown_as_conflict(struct th *t, int r, int c, bool color)
{
    VTermScreenCell cell;

    if (!digit_cell(t, r, c, &cell))
        return false;
    if (color)
        return VTERM_COLOR_IS_INDEXED(&cell.fg) && cell.fg.indexed.idx == 1;
    return cell.attrs.underline;
}

/* Waits until the digit of (r, c) shows as a conflict (or not, when want is false). */
static bool wait_conflict(struct th *t, int r, int c, bool color, bool want)
{
    long end = th_now_ms() + tt_wait_ms;

    while (shown_as_conflict(t, r, c, color) != want) {
        if (th_now_ms() >= end) {
            th_dump(t);
            return false;
        }
        th_pump(t, 50);
    }
    return true;
}

/* The panel lists the cursor's cage, its combinations, those a digit rules out struck
 * (dimmed, or in brackets without colour); a cage over its sum and a digit repeated on a
 * diagonal are conflicts. */
static void test_panel_and_conflicts(const char *env1, bool color)
{
    const char *mode = mode_name(env1, NULL);
    struct th *t;

    tt_fresh_state();
    t = start(killer_path, env1, NULL);
    tap_ok(tt_wait_text(t, "Cell r1c3") && tt_wait_text(t, "Cage 12 in 3") &&
           tt_wait_text(t, "left 12 in 3 cells") && tt_wait_text(t, "129") && tt_wait_text(t, "345"),
           "%s: the panel shows the cursor's cage, its sum and its combinations", mode);
    th_send(t, "4");
    /* (libvterm keeps no dim attribute: with colours, that the list stays is all there
     * is to see here; the brackets are the same code's.) */
    tap_ok(tt_wait_text(t, "left 8 in 2 cells") && tt_wait_text(t, "138") && tt_wait_text(t, "147") &&
           (color || (tt_wait_text(t, "(138)") && !th_find(t, "(147)", NULL, NULL))),
           "%s: a digit placed strikes out the combinations without it", mode);
    /* 4 + 6 + 7: each digit fits its row, column and box, not the cage's sum. */
    th_send(t, "l6hj7");
    tap_ok(tt_wait_text(t, "Cell r2c3") && tt_wait_text(t, "full, wrong sum") &&
           wait_conflict(t, 0, 2, color, true) && wait_conflict(t, 0, 3, color, true) &&
           wait_conflict(t, 1, 2, color, true),
           "%s: a cage whose digits miss its sum is shown in conflict", mode);
    th_send(t, "0");
    tap_ok(wait_conflict(t, 0, 2, color, false) && wait_conflict(t, 0, 3, color, false),
           "%s: and no longer once a digit is erased", mode);
    /* 4 twice in the cage: no combination can hold it, those with a 4 no more than the rest. */
    th_send(t, "kl4");
    tap_ok(tt_wait_text(t, "Cell r1c4") && wait_conflict(t, 0, 3, color, true) &&
           (color || (tt_wait_text(t, "(147)") && tt_wait_text(t, "(345)") && tt_wait_text(t, "(129)"))),
           "%s: a digit twice in a cage strikes out every combination", mode);
    /* 4 + 9 with a cell still empty: past the cage's 12, not a negative amount left. */
    th_send(t, "9");
    tap_ok(tt_wait_text(t, "over the sum by 1") && !th_find(t, "left -1", NULL, NULL),
           "%s: a cage whose digits pass its sum says by how much", mode);
    /* So the watch panel's "left %d" is never negative: the solver does not start from
     * digits that pass a cage's sum, as they are in conflict. */
    th_send(t, "w");
    tap_ok(tt_wait_text(t, "digits clash") && !th_find(t, "left -", NULL, NULL),
           "%s: the solver is not watched from a cage past its sum", mode);
    tt_quit_cleanly(t);
    th_free(t);

    t = start(x_path, env1, NULL);
    tt_wait_text(t, "Cell r1c1");
    th_send(t, "1jjjjllll1");
    tap_ok(tt_wait_text(t, "Cell r5c5") && wait_conflict(t, 0, 0, color, true) &&
           wait_conflict(t, 4, 4, color, true),
           "%s: a digit twice on a diagonal is shown as a conflict", mode);
    tt_quit_cleanly(t);
    th_free(t);
}

/* Watching the solver on one variant: w starts it, it solves the puzzle with the
 * variant's geometry still drawn (check on board), and k keeps its solution. */
static void test_watch(const char *path, const char *title, const char *name, screen_check *check,
                       struct board *board)
{
    struct th *t;

    tt_fresh_state();
    t = start(path, NULL, NULL);
    tt_wait_text(t, title);
    th_send(t, "w");
    tap_ok(tt_see(t, "Solver: smart"), "w watches the solver on a %s", name);
    for (int i = 0; i < 25; i++)
        th_send(t, "+");
    tap_ok(tt_wait_text(t, "Solved in") && eventually(t, check, board),
           "the search solves the %s, its %s still drawn", name,
           check == check_sums ? "cages" : check == check_diagonals ? "diagonals" : "regions");
    th_send(t, "k");
    tap_ok(tt_wait_text(t, "Filled 81/81"), "k keeps the solver's solution of the %s", name);
    tt_quit_cleanly(t);
    th_free(t);
}

/* Opening a Killer from the picker's "open a file" line, and pasting one. */
static void test_open_and_paste(void)
{
    const char *args[] = { NULL };
    struct board killer = { cage_map, box_map, UNICODE };
    struct th *t;
    char keys[2048];

    tt_fresh_state();
    t = tt_start(args, NULL, 24, 80);
    tt_wait_text(t, "choose a puzzle");
    snprintf(keys, sizeof keys, "o%s\r", killer_path);
    th_send(t, keys);
    tap_ok(tt_wait_text(t, "Killer Sudoku") && eventually(t, check_lines, &killer) &&
           eventually(t, check_sums, &killer), "a Killer opened from the picker's file line is drawn with its cages");
    th_send(t, "q");
    tt_wait_text(t, "choose a puzzle");
    th_send(t, "p");
    tt_wait_text(t, "Paste a puzzle now");
    /* A terminal pastes line ends as carriage returns. */
    for (char *nl = strchr(keys, '\0'), *s = strcpy(keys, killer_text); (nl = strchr(s, '\n')) != NULL; s = nl)
        *nl = '\r';
    th_send(t, "\033[200~");
    th_send(t, keys);
    th_send(t, "\033[201~");
    tap_ok(tt_wait_text(t, "Killer Sudoku") && eventually(t, check_lines, &killer) &&
           eventually(t, check_sums, &killer), "a Killer pasted in the picker opens with its cages");
    th_send(t, "q");
    tt_wait_text(t, "choose a puzzle");
    tt_quit_cleanly(t);
    th_free(t);
}

/* A Killer's game is saved and resumed as a Killer, and not offered for the plain Sudoku
 * with the same givens. */
static void test_resume(void)
{
    struct board killer = { cage_map, box_map, UNICODE };
    char plain_path[600];
    VTermScreenCell cell;
    struct th *t;

    tt_fresh_state();
    t = start(killer_path, NULL, NULL);
    tt_wait_text(t, "Cell r1c3");
    th_send(t, "4");
    tap_ok(tt_wait_text(t, "Filled 31/81"), "a digit entered in a Killer");
    tt_quit_cleanly(t);
    th_free(t);

    tt_write_file(tt_scratch_path(plain_path, sizeof plain_path, "plain.txt"), tt_sudoku);
    t = start(plain_path, NULL, NULL);
    tap_ok(tt_wait_text(t, "Filled 30/81") && !th_find(t, "saved game", NULL, NULL),
           "the plain Sudoku with the same givens has no saved game");
    tt_quit_cleanly(t);
    th_free(t);

    t = start(killer_path, NULL, NULL);
    tap_ok(tt_wait_text(t, "saved game"), "the Killer offers its saved game");
    th_send(t, "r");
    tap_ok(tt_wait_text(t, "Filled 31/81") && digit_cell(t, 0, 2, &cell) && cell.chars[0] == '4' &&
           eventually(t, check_sums, &killer) && eventually(t, check_lines, &killer),
           "resumed: the digit is back, on the Killer's cages");
    tt_quit_cleanly(t);
    th_free(t);
}
/* The colour index of the screen cell's foreground, -1 for the terminal's own. */
static int fg_at(struct th *t, int row, int col)
{
    VTermScreenCell cell;

    if (!th_cell(t, row, col, &cell) || !VTERM_COLOR_IS_INDEXED(&cell.fg))
        return -1;
    return cell.fg.indexed.idx;
}

/* Every theme draws the same lines and sums (they are glyphs, not colours), and marks a
 * diagonal in magenta, or bold in the mono theme. */
static void test_themes(void)
{
    static const char *const themes[] = { "default", "high-contrast", "colorblind", "mono" };
    struct board killer = { cage_map, box_map, UNICODE };
    struct board x = { NULL, box_map, UNICODE };

    for (size_t i = 0; i < sizeof themes / sizeof themes[0]; i++) {
        char opt[64];
        const char *args[] = { opt, killer_path, NULL };
        struct th *t;
        VTermScreenCell cell;
        int fg;

        snprintf(opt, sizeof opt, "--theme=%s", themes[i]);
        t = tt_start(args, NULL, 24, 80);
        tap_ok(tt_wait_text(t, "Killer Sudoku") && eventually(t, check_lines, &killer) &&
               eventually(t, check_sums, &killer), "theme %s: the cages and their sums", themes[i]);
        tt_quit_cleanly(t);
        th_free(t);
        args[1] = x_path;
        t = tt_start(args, NULL, 24, 80);
        bool drawn = tt_wait_text(t, "Sudoku X") && eventually(t, check_diagonals, &x) &&
                     th_cell(t, line_row(1), line_col(1), &cell) && cell.attrs.bold;
        /* Read before tap_ok: its arguments print fg too, in no set order. */
        fg = drawn ? fg_at(t, line_row(1), line_col(1)) : -2;
        tap_ok(drawn && (fg == -1) == (strcmp(themes[i], "mono") == 0) &&
               (fg == -1 || fg == 5 || fg == 13),
               "theme %s: the diagonals marked, bold, %s (colour %d)", themes[i],
               strcmp(themes[i], "mono") == 0 ? "without colour" : "in magenta", fg);
        tt_quit_cleanly(t);
        th_free(t);
    }
}

/* --- 16x16 --- */

#define N16 16

/* A 16x16 Killer's cage map and each cell's cage sum, read from kakudo's variant format. */
struct killer16 {
    char cages[N16 * N16 + 1];
    int sum[128];
};

static void read_killer16(const char *path, struct killer16 *k)
{
    FILE *f = fopen(path, "r");
    char line[512], digits[64], map[64];
    int rows = 0;

    if (f == NULL) {
        perror(path);
        exit(99);
    }
    while (fgets(line, sizeof line, f) != NULL) {
        if (rows < N16 && sscanf(line, "%63s %63s", digits, map) == 2 && strlen(map) == N16)
            memcpy(k->cages + N16 * rows++, map, N16);
        else if (rows == N16)
            for (char *tok = strtok(line, " \n"); tok != NULL; tok = strtok(NULL, " \n"))
                if (tok[1] == '=')
                    k->sum[(unsigned char)tok[0] & 127] = atoi(tok + 2);
    }
    k->cages[N16 * N16] = '\0';
    fclose(f);
}

/* The cages whose first cells are on cell rows r0..r1 have their sums on the screen, the
 * line above cell row r being at screen row top + 2 (r - r0), cells two columns wide. */
struct sums16 { const struct killer16 *k; int r0, r1, top; };

static bool check_sums16(struct th *t, void *arg, bool report)
{
    const struct sums16 *v = arg;

    for (int cell = v->r0 * N16; cell < (v->r1 + 1) * N16; cell++) {
        char want[8];
        int r = cell / N16, c = cell % N16, row = v->top + 2 * (r - v->r0), n;
        if (memchr(v->k->cages, v->k->cages[cell], (size_t)cell) != NULL)
            continue;
        n = snprintf(want, sizeof want, "%d", v->k->sum[(unsigned char)v->k->cages[cell] & 127]);
        for (int i = 0; i < n; i++)
            if (tt_char_at(t, row, 3 * c + 1 + i) != (uint32_t)want[i]) {
                if (report) {
                    tap_diag("cage %c: its sum %s is not on row %d at column %d", v->k->cages[cell],
                             want, row, 3 * c + 1);
                    th_dump(t);
                }
                return false;
            }
    }
    return true;
}

/* A 16x16 Killer at 80x24: cells two columns wide with every line, the panel beside; the
 * board scrolls up and down only, its sums whole at the top and at the bottom. */
static void test_killer16(const char *path)
{
    struct killer16 k;
    struct sums16 top, bottom;
    struct th *t;

    memset(&k, 0, sizeof k);
    read_killer16(path, &k);
    /* Scrolled, the window's first row is an edge mark's and 21 rows show ten cell rows
     * and their lines: rows 0-9 at first, rows 6-15 at the bottom, from screen row 1. */
    top = (struct sums16){ &k, 0, 9, 1 };
    bottom = (struct sums16){ &k, 6, 15, 1 };
    tt_fresh_state();
    t = start(path, NULL, NULL);
    tap_ok(tt_wait_text(t, "Killer Sudoku 16x16") && tt_wait_text(t, "Cage ") &&
           eventually(t, check_sums16, &top),
           "16x16 Killer at 80x24: the top rows with their cages' sums, the panel beside");
    tap_ok(th_find(t, "\xe2\x96\xbc", NULL, NULL) && !th_find(t, "\xe2\x96\xb6", NULL, NULL),
           "it scrolls up and down only: a mark below, none on the right");
    th_send(t, "jjjjjjjjjjjjjjj");
    tap_ok(tt_wait_text(t, "Cell r16c") && eventually(t, check_sums16, &bottom) &&
           th_find(t, "\xe2\x96\xb2", NULL, NULL),
           "at the last row the bottom rows are shown, sums whole, a mark above");
    tt_quit_cleanly(t);
    th_free(t);
}

/* The rightmost column of a dialog's frame on the screen (its top right corner), -1 if none. */
static int frame_right(struct th *t, int *top, int *bottom)
{
    *top = *bottom = -1;
    for (int row = 0; row < 24; row++)
        for (int col = 79; col >= 0; col--)
            if (tt_char_at(t, row, col) == 0x2510 || tt_char_at(t, row, col) == 0x2518) {
                *top = *top < 0 ? row : *top;
                *bottom = row;
                break;
            }
    for (int col = 79; *top >= 0 && col >= 0; col--)
        if (tt_char_at(t, *top, col) == 0x2510)
            return col;
    return -1;
}

/* Whether the rows of a dialog's frame, and the one above and below it, are blank right of
 * the frame: no piece of the panel's lines (a cage's digit sets) cut off beside it. */
static bool nothing_beside_frame(struct th *t, const void *arg)
{
    int top, bottom, right = frame_right(t, &top, &bottom);

    (void)arg;
    if (right < 0)
        return false;
    for (int row = top - 1; row <= bottom + 1; row++)
        for (int col = right + 1; col < 80; col++)
            if (tt_char_at(t, row, col) != ' ')
                return false;
    return true;
}

/* A dialog opened over a Killer board at 80x24 clears the panel lines it covers to their
 * end: the cursor's cage lists its digit sets there, which a frame cut into pieces. */
static void test_dialog_over_panel(void)
{
    struct th *t;

    tt_fresh_state();
    t = start(killer_path, NULL, NULL);
    tt_wait_text(t, "Cage 12 in 3");
    tap_ok(tt_wait_text(t, "147"), "the panel lists the cursor's cage's digit sets");
    th_send(t, "n");
    tap_ok(th_wait_until(t, nothing_beside_frame, NULL, true, tt_wait_ms),
           "a dialog over the Killer's panel leaves no piece of it beside its frame");
    if (!nothing_beside_frame(t, NULL))
        th_dump(t);
    th_send(t, "\033");
    th_free(t);
}

int main(void)
{
    char text[2048], empty[N * N + 1], killer16_path[600];
    const char *srcdir = getenv("srcdir");

    memset(empty, '.', N * N);
    empty[N * N] = '\0';
    if (!tt_init("variant", 30000))
        return 0;
    variant_text(killer_text, sizeof killer_text, "killer", givens, NULL, cage_map);
    tt_write_file(tt_scratch_path(killer_path, sizeof killer_path, "killer.txt"), killer_text);
    variant_text(text, sizeof text, "sudoku-x", empty, NULL, NULL);
    tt_write_file(tt_scratch_path(x_path, sizeof x_path, "x.txt"), text);
    variant_text(text, sizeof text, "jigsaw", empty, region_map, NULL);
    tt_write_file(tt_scratch_path(jigsaw_path, sizeof jigsaw_path, "jigsaw.txt"), text);
    test_drawn(NULL, NULL, UNICODE);
    test_drawn("NO_COLOR=1", NULL, UNICODE);
    test_drawn("LANG=C", "LC_ALL=C", ASCII);
    /* The Linux console, in colour and without: its fonts' glyphs only. */
    test_drawn("TERM=linux", NULL, CONSOLE);
    test_drawn("TERM=linux", "NO_COLOR=1", CONSOLE);
    test_forced("--glyphs=console", "TERM=xterm-256color", CONSOLE);
    test_forced("--glyphs=unicode", "TERM=linux", UNICODE);
    test_forced("--ascii", "TERM=linux", ASCII);
    test_themes();
    test_panel_and_conflicts(NULL, true);
    test_panel_and_conflicts("NO_COLOR=1", false);
    /* Watch on every kind of group: cages, diagonals, regions. */
    test_watch(killer_path, "Cage 12 in 3", "Killer", check_sums, &(struct board){ cage_map, box_map, UNICODE });
    test_watch(x_path, "Sudoku X", "Sudoku X", check_diagonals, &(struct board){ NULL, box_map, UNICODE });
    test_watch(jigsaw_path, "Jigsaw", "Jigsaw", check_lines, &(struct board){ NULL, region_map, UNICODE });
    test_open_and_paste();
    test_resume();
    test_dialog_over_panel();
    snprintf(killer16_path, sizeof killer16_path, "%s/tests/data/tui/killer16.txt", srcdir ? srcdir : ".");
    test_killer16(killer16_path);
    tt_cleanup();
    return tap_done();
}
