/* test_game.c: the game state: moves and refusals, marks, undo/redo, completion, saves. */
#include "config.h"

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "format.h"
#include "game.h"
#include "puzzle.h"
#include "tap.h"
#include "test_util.h"
#include "util.h"

#define MAX_CASES 16

/* One puzzle of tests/data/game/cases.txt with its solution. */
struct test_case {
    char file[64];
    struct puzzle *p;
    struct format_style style;
    uint8_t *solution;
};

static struct test_case cases[MAX_CASES];
static int ncases;
static char tmpdir[64];

/* ---------------------------------------------------------------- helpers */

static bool parse_solution(const struct puzzle *p, const char *text, uint8_t *sol)
{
    if (strlen(text) != (size_t)p->ncells)
        return false;
    for (int c = 0; c < p->ncells; c++)
        sol[c] = (uint8_t)(text[c] == '.' ? 0 : sudoku_symbol_value((unsigned char)text[c]));
    return true;
}

static bool load_case(const char *file, const char *solution, struct test_case *tc)
{
    char *path = xasprintf("%s%s", tap_data_path("game/"), file);
    struct format_error err;

    snprintf(tc->file, sizeof tc->file, "%s", file);
    tc->p = format_load(path, FORMAT_AUTO, &tc->style, &err);
    free(path);
    if (tc->p == NULL) {
        char msg[600];
        format_error_string(&err, msg, sizeof msg);
        tap_diag("%s", msg);
        return false;
    }
    tc->solution = xmalloc((size_t)tc->p->ncells);
    return parse_solution(tc->p, solution, tc->solution);
}

static void load_cases(void)
{
    FILE *f = fopen(tap_data_path("game/cases.txt"), "r");
    char line[4096];
    bool ok = f != NULL;

    while (ok && fgets(line, sizeof line, f) != NULL && ncases < MAX_CASES) {
        char file[64], sol[1024];
        if (line[0] == '#' || sscanf(line, "%63s %1023s", file, sol) != 2)
            continue;
        ok = load_case(file, sol, &cases[ncases]);
        ncases += ok;
    }
    if (f != NULL)
        fclose(f);
    tap_ok(ok && ncases >= 5, "loaded %d test puzzles with their solutions", ncases);
}

static const struct test_case *find_case(const char *file)
{
    for (int i = 0; i < ncases; i++)
        if (strcmp(cases[i].file, file) == 0)
            return &cases[i];
    return NULL;
}

/* A copy of the board (any size up to the largest Kakuro), to compare states before and
 * after undo, redo, save and load. */
struct snapshot {
    uint8_t grid[KAKURO_MAX_SIDE * KAKURO_MAX_SIDE];
    digitset marks[KAKURO_MAX_SIDE * KAKURO_MAX_SIDE];
    int n;
};

static struct snapshot snap(const struct game *g)
{
    struct snapshot s = { .n = g->puzzle->ncells };

    memcpy(s.grid, g->grid, (size_t)s.n);
    memcpy(s.marks, g->marks, (size_t)s.n * sizeof *s.marks);
    return s;
}

static bool same(const struct game *g, const struct snapshot *s)
{
    return g->puzzle->ncells == s->n && memcmp(g->grid, s->grid, (size_t)s->n) == 0
           && memcmp(g->marks, s->marks, (size_t)s->n * sizeof *s->marks) == 0;
}

static int first_empty(const struct game *g)
{
    for (int c = 0; c < g->puzzle->ncells; c++)
        if (game_cell_editable(g, c) && g->grid[c] == 0)
            return c;
    return -1;
}

static int first_given(const struct puzzle *p)
{
    for (int c = 0; c < p->ncells; c++)
        if (p->given[c])
            return c;
    return -1;
}

static bool refused_with(struct game *g, const char *move, const char *reason)
{
    const char *why = NULL;
    int n = g->nmoves;
    struct snapshot before = snap(g);
    bool ok = !game_move(g, move, &why) && why != NULL && g->nmoves == n && same(g, &before);

    if (ok && reason != NULL && strcmp(why, reason) != 0) {
        tap_diag("move %s refused with \"%s\", expected \"%s\"", move, why, reason);
        return false;
    }
    return ok;
}

static void sleep_ms(long ms)
{
    struct timespec ts = { .tv_sec = 0, .tv_nsec = ms * 1000000L };
    nanosleep(&ts, NULL);
}

static char *tmp_path(const char *name)
{
    return xasprintf("%s/%s", tmpdir, name);
}

static void write_text(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (f == NULL)
        fatal("cannot write %s", path);
    fwrite(text, 1, len, f);
    fclose(f);
}

static char *read_text(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = xmalloc(1 << 20);

    *len = f != NULL ? fread(buf, 1, (1 << 20) - 1, f) : 0;
    buf[*len] = '\0';
    if (f != NULL)
        fclose(f);
    return buf;
}

/* ---------------------------------------------------------------- moves */

static void test_refusals(void)
{
    const struct test_case *s4 = find_case("sudoku4.txt"), *k8 = find_case("kakuro8.txt");
    struct game *g;
    const char *why = NULL;
    char mv[32];
    int empty, given;

    if (s4 == NULL || k8 == NULL) {
        tap_ok(false, "refusals: test puzzles missing");
        return;
    }
    g = game_new(s4->p, &s4->style);
    empty = first_empty(g);
    given = first_given(g->puzzle);
    snprintf(mv, sizeof mv, "S%d,1", given);
    tap_ok(refused_with(g, mv, "That cell is a given"), "setting a given is refused");
    snprintf(mv, sizeof mv, "E%d", given);
    tap_ok(refused_with(g, mv, "That cell is a given"), "erasing a given is refused");
    snprintf(mv, sizeof mv, "M%d,1", given);
    tap_ok(refused_with(g, mv, "That cell is a given"), "marking a given is refused");
    snprintf(mv, sizeof mv, "E%d", empty);
    tap_ok(refused_with(g, mv, "That cell is already empty"), "erasing an empty cell is refused");
    snprintf(mv, sizeof mv, "S%d,5", empty);
    tap_ok(refused_with(g, mv, NULL), "digit 5 in a 4x4 Sudoku is refused");
    snprintf(mv, sizeof mv, "S%d,0", empty);
    tap_ok(refused_with(g, mv, NULL), "digit 0 is refused (erasing is E)");
    tap_ok(game_set(g, empty, s4->solution[empty], &why) && g->nmoves == 1 && g->pos == 1,
           "a digit in an empty cell is a move");
    tap_ok(!game_set(g, empty, s4->solution[empty], &why)
           && strcmp(why, "That cell already holds that digit") == 0 && g->nmoves == 1,
           "setting the same digit again is refused");
    tap_ok(!game_toggle_mark(g, empty, 1, &why) && g->nmoves == 1, "marking a filled cell is refused (%s)",
           why);
    {
        static const char *const bad[] = {
            "", "S", "S1", "S1,", "S01,2", "S1,2x", "S-1,2", "S+1,2", "S 1,2", "X1",
            "F1", "Cx", "E", "E1,2", "M1", "S1,,2", "S99999999999999999,1", "s1,2",
        };
        bool all = true;
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
            if (!refused_with(g, bad[i], "That is not a move")) {
                tap_diag("\"%s\" was not refused as malformed", bad[i]);
                all = false;
            }
        tap_ok(all, "malformed move strings are refused and leave no trace");
    }
    tap_ok(refused_with(g, "S16,1", "There is no such cell") && refused_with(g, "E100", "There is no such cell"),
           "cells outside the board are refused");
    {
        static const char *const bad[] = { "K", "K1", "K1x", "K,12", ";", "E1;", ";E1", "E1;;E1" };
        bool all = true;
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
            if (!refused_with(g, bad[i], "That is not a move")) {
                tap_diag("\"%s\" was not refused as malformed", bad[i]);
                all = false;
            }
        tap_ok(all, "malformed mark-setting and compound moves are refused");
    }
    snprintf(mv, sizeof mv, "K%d,21", first_empty(g));
    tap_ok(refused_with(g, mv, "Those are not digits of this puzzle in ascending order"),
           "marks out of order are refused");
    snprintf(mv, sizeof mv, "K%d,11", first_empty(g));
    tap_ok(refused_with(g, mv, NULL), "a repeated mark is refused");
    snprintf(mv, sizeof mv, "K%d,15", first_empty(g));
    tap_ok(refused_with(g, mv, NULL), "mark 5 in a 4x4 Sudoku is refused");
    snprintf(mv, sizeof mv, "K%d,1", empty);
    tap_ok(refused_with(g, mv, "That cell holds a digit; erase it before marking it"),
           "setting the marks of a filled cell is refused");
    snprintf(mv, sizeof mv, "K%d,12;S%d,1", first_empty(g), given);
    tap_ok(refused_with(g, mv, "That cell is a given"),
           "a compound move with a refused part is refused whole, leaving no trace");
    game_free(g);

    g = game_new(k8->p, &k8->style);
    /* r1c1 is a plain black cell, r1c2 the clue 23\ (see tests/data/game/kakuro8.txt). */
    tap_ok(refused_with(g, "S0,1", "Black cells cannot be changed")
           && refused_with(g, "S1,1", "Clue cells cannot be changed")
           && refused_with(g, "M1,1", "Clue cells cannot be changed")
           && refused_with(g, "E1", "Clue cells cannot be changed"),
           "Kakuro black and clue cells cannot be changed");
    tap_ok(!game_cell_editable(g, 0) && !game_cell_editable(g, 1) && game_cell_editable(g, 9),
           "game_cell_editable: black and clue cells are not, white ones are");
    tap_ok(refused_with(g, "S9,10", NULL) && game_set(g, 9, 9, &why), "Kakuro takes digits 1-9 only");
    game_free(g);
}

static bool marks_without(const struct game *g, const struct snapshot *before, int cell, int d)
{
    const struct puzzle *p = g->puzzle;

    for (int c = 0; c < p->ncells; c++) {
        bool peer = false;
        digitset want;
        if (c == cell)
            continue;
        for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[c][k] >= 0; k++)
            for (int j = 0; j < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][j] >= 0; j++)
                peer |= p->cell_groups[c][k] == p->cell_groups[cell][j];
        want = peer ? before->marks[c] & ~(1u << d) : before->marks[c];
        if (g->marks[c] != want)
            return false;
    }
    return true;
}

/* Placing a digit removes it from the marks of the cells it sees, undoably. */
static void test_mark_removal(const struct test_case *tc)
{
    struct game *g = game_new(tc->p, &tc->style);
    const char *why = NULL;
    struct snapshot filled, placed;
    int cell, d;

    tap_ok(game_fill_marks(g, &why), "%s: fill marks", tc->file);
    filled = snap(g);
    cell = first_empty(g);
    d = tc->solution[cell];
    tap_ok(game_toggle_mark(g, cell, d, &why) && game_toggle_mark(g, cell, d, &why) && same(g, &filled)
           && g->nmoves == 3, "%s: a mark toggled twice is back where it was", tc->file);
    filled = snap(g);
    tap_ok(game_set(g, cell, d, &why) && g->grid[cell] == d && marks_without(g, &filled, cell, d)
           && g->marks[cell] == filled.marks[cell],
           "%s: a digit clears itself from its peers' marks (the cell keeps its own)", tc->file);
    tap_ok(g->nmoves == 4, "%s: the removals are part of the same move", tc->file);
    placed = snap(g);
    tap_ok(game_undo(g) && same(g, &filled), "%s: undo brings the marks back", tc->file);
    tap_ok(game_redo(g) && same(g, &placed), "%s: redo removes them again", tc->file);
    tap_ok(game_erase(g, cell, &why) && g->grid[cell] == 0 && g->marks[cell] == filled.marks[cell],
           "%s: erasing shows the cell's own marks again", tc->file);
    game_free(g);
}

static void test_fill_and_clear(const struct test_case *tc)
{
    struct game *g = game_new(tc->p, &tc->style);
    const char *why = NULL;
    struct snapshot empty = snap(g), filled;
    bool right = true;
    int cell = first_empty(g);

    tap_ok(!game_clear_marks(g, &why) && strcmp(why, "There are no marks to clear") == 0 && g->nmoves == 0,
           "%s: clearing no marks is refused", tc->file);
    tap_ok(game_set(g, cell, tc->solution[cell], &why) && game_fill_marks(g, &why) && g->nmoves == 2,
           "%s: fill marks is one move", tc->file);
    for (int c = 0; c < g->puzzle->ncells; c++) {
        digitset want = !g->puzzle->block[c] && g->grid[c] == 0 ? puzzle_candidates(g->puzzle, g->grid, c) : 0;
        right &= g->marks[c] == want;
    }
    tap_ok(right, "%s: the marks are the candidates of the empty cells", tc->file);
    filled = snap(g);
    tap_ok(!game_fill_marks(g, &why) && g->nmoves == 2, "%s: filling again changes nothing and is refused (%s)",
           tc->file, why);
    tap_ok(game_clear_marks(g, &why) && g->nmoves == 3, "%s: clear marks is one move", tc->file);
    right = true;
    for (int c = 0; c < g->puzzle->ncells; c++)
        right &= g->marks[c] == 0;
    tap_ok(right, "%s: no marks are left", tc->file);
    tap_ok(game_undo(g) && same(g, &filled), "%s: undo of clear brings every mark back", tc->file);
    tap_ok(game_undo(g) && game_undo(g) && same(g, &empty) && !game_can_undo(g),
           "%s: undo of fill and of the digit gives the empty board", tc->file);
    game_free(g);
}

/* Starting over: one move back to the givens, undone whole, saved and loaded as any move;
 * refused at the start, and by a solved game. */
static void test_restart(const struct test_case *tc)
{
    struct game *g = game_new(tc->p, &tc->style), *h;
    const char *why = NULL;
    struct snapshot start = snap(g), played;
    char path[600], err[512];
    int cell = first_empty(g);

    tap_ok(game_at_start(g) && !game_restart(g, &why) && g->nmoves == 0,
           "%s: a game at its start has nothing to start over (%s)", tc->file, why);
    tap_ok(game_set(g, cell, tc->solution[cell], &why) && game_fill_marks(g, &why)
           && !game_at_start(g), "%s: a digit and the marks", tc->file);
    played = snap(g);
    tap_ok(game_restart(g, &why) && same(g, &start) && g->nmoves == 3 && game_at_start(g),
           "%s: starting over is one move back to the givens", tc->file);
    tap_ok(game_undo(g) && same(g, &played), "%s: undo brings every digit and mark back", tc->file);
    tap_ok(game_redo(g), "%s: redo starts over again", tc->file);
    snprintf(path, sizeof path, "%s/restart.save", tmpdir);
    h = game_save(g, path, err, sizeof err) ? game_load(path, err, sizeof err) : NULL;
    tap_ok(h != NULL && same(h, &start) && game_undo(h) && same(h, &played),
           "%s: the move is saved and loaded, and undone after loading (%s)", tc->file,
           h != NULL ? "loaded" : err);
    game_free(h);
    tap_ok(game_set_grid(g, tc->solution, &why) && g->completed && game_restart(g, &why)
           && same(g, &start) && !g->completed, "%s: the solver's solution kept starts over too",
           tc->file);
    game_free(g);
}

static void test_undo_redo(const struct test_case *tc)
{
    struct game *g = game_new(tc->p, &tc->style);
    struct snapshot s[4];
    const char *why = NULL;
    int cells[3], n = 0;
    bool ok = true;

    for (int c = 0; c < g->puzzle->ncells && n < 3; c++)
        if (game_cell_editable(g, c) && g->grid[c] == 0)
            cells[n++] = c;
    s[0] = snap(g);
    tap_ok(!game_undo(g) && !game_redo(g) && !game_can_undo(g) && !game_can_redo(g),
           "%s: a new game has nothing to undo or redo", tc->file);
    ok &= game_set(g, cells[0], tc->solution[cells[0]], &why);
    s[1] = snap(g);
    ok &= game_toggle_mark(g, cells[1], 1, &why);
    s[2] = snap(g);
    ok &= game_set(g, cells[2], tc->solution[cells[2]], &why);
    s[3] = snap(g);
    tap_ok(ok && g->nmoves == 3 && g->pos == 3, "%s: three moves", tc->file);
    ok = game_undo(g) && same(g, &s[2]) && game_undo(g) && same(g, &s[1]) && game_can_redo(g);
    ok = ok && game_redo(g) && same(g, &s[2]) && game_undo(g) && game_undo(g) && same(g, &s[0]);
    ok = ok && !game_undo(g) && game_redo(g) && game_redo(g) && game_redo(g) && same(g, &s[3]) && !game_redo(g);
    tap_ok(ok, "%s: undo and redo walk the history both ways", tc->file);
    game_undo(g);
    game_undo(g);
    ok = game_toggle_mark(g, cells[2], 2, &why);
    tap_ok(ok && g->nmoves == 2 && g->pos == 2 && !game_can_redo(g) && game_move_text(g, 1)[0] == 'M', "%s: a move after undos drops the redo tail", tc->file);
    tap_ok(game_undo(g) && game_undo(g) && same(g, &s[0]), "%s: and undoes back to the start", tc->file);
    game_free(g);
}

static bool sees(const struct puzzle *p, int a, int b)
{
    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[a][k] >= 0; k++)
        for (int j = 0; j < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[b][j] >= 0; j++)
            if (p->cell_groups[a][k] == p->cell_groups[b][j])
                return true;
    return false;
}

/* "K" sets a cell's marks exactly; moves joined by ';' are one step of the history. */
static void test_compound(const struct test_case *tc)
{
    struct game *g = game_new(tc->p, &tc->style);
    struct snapshot before;
    const char *why = NULL;
    int a = first_empty(g), b = -1, d, e;
    char mv[64];

    for (int c = a + 1; c < g->puzzle->ncells && b < 0; c++)
        if (game_cell_editable(g, c) && g->grid[c] == 0)
            b = c;
    d = tc->solution[a];
    snprintf(mv, sizeof mv, "K%d,12", b);
    tap_ok(game_set_marks(g, b, (1u << 1) | (1u << 2), &why) && g->marks[b] == ((1u << 1) | (1u << 2))
           && g->nmoves == 1 && strcmp(game_move_text(g, 0), mv) == 0, "%s: K sets a cell's marks (%s)",
           tc->file, mv);
    tap_ok(game_set_marks(g, b, 0, &why) && g->marks[b] == 0, "%s: and K with no digits clears them", tc->file);
    before = snap(g);
    /* Marks on a peer that include the digit, then the digit placed: it leaves the marks. */
    e = d == 1 ? 2 : 1;
    snprintf(mv, sizeof mv, "K%d,%c%c;S%d,%d", b, sudoku_symbol(d < e ? d : e), sudoku_symbol(d < e ? e : d),
             a, d);
    tap_ok(game_move(g, mv, &why) && g->nmoves == 3 && g->grid[a] == d
           && g->marks[b] == (sees(g->puzzle, a, b) ? 1u << e : (1u << d) | (1u << e)),
           "%s: a compound move applies its parts in order (%s)", tc->file, mv);
    tap_ok(game_undo(g) && same(g, &before) && g->pos == 2, "%s: and is undone in one step", tc->file);
    tap_ok(game_redo(g) && g->grid[a] == d && g->pos == 3, "%s: and redone in one step", tc->file);
    game_free(g);
}

/* Plays the solution in digit by digit: completed exactly at the last one, time frozen. */
static void test_completion(const struct test_case *tc)
{
    struct game *g = game_new(tc->p, &tc->style);
    const char *why = NULL;
    bool early = false, ok = true;
    int last = -1;
    uint64_t t1, t2;

    game_resume(g);
    for (int c = 0; c < g->puzzle->ncells; c++) {
        if (!game_cell_editable(g, c))
            continue;
        early |= g->completed;
        ok &= game_set(g, c, tc->solution[c], &why);
        last = c;
    }
    tap_ok(ok && !early && g->completed, "%s: completed exactly when the last digit goes in", tc->file);
    t1 = game_elapsed_ms(g);
    sleep_ms(3);
    t2 = game_elapsed_ms(g);
    tap_ok(t1 == t2 && g->completed_ms == t1 && game_is_paused(g), "%s: the timer is frozen", tc->file);
    game_resume(g);
    sleep_ms(2);
    tap_ok(game_elapsed_ms(g) == t1, "%s: resuming a completed game does not start the timer", tc->file);
    tap_ok(g->solved && !game_can_undo(g) && !game_undo(g) && !game_redo(g) && g->completed
           && g->grid[last] == tc->solution[last] && game_elapsed_ms(g) == t1,
           "%s: the player's solve ends the game: no undo, the time stands", tc->file);
    why = NULL;
    tap_ok(!game_erase(g, last, &why) && why != NULL && strstr(why, "solved") != NULL
           && g->completed && g->nmoves == g->pos, "%s: a stray move after it is refused (%s)", tc->file,
           why != NULL ? why : "");
    game_note_hint(g, 1);
    tap_ok(g->hints_used == 0, "%s: and hints are no longer counted", tc->file);
    game_free(g);
}

static void test_wrong_digits(const struct test_case *tc)
{
    struct game *g = game_new(tc->p, &tc->style);
    uint8_t *bad = xmalloc((size_t)tc->p->ncells);
    int cell = first_empty(g);
    int wrong = tc->solution[cell] % tc->p->max_digit + 1;
    const char *why;

    game_set(g, cell, wrong, &why);
    tap_ok(game_wrong_cells(g, tc->solution, bad) == 1 && bad[cell] && !g->completed,
           "%s: a wrong digit is found by game_wrong_cells", tc->file);
    free(bad);
    game_free(g);
}

/* "G" keeps a whole grid (a solver's solution) as one undoable move. */
static void test_grid_move(const struct test_case *tc)
{
    struct game *g = game_new(tc->p, &tc->style);
    const struct puzzle *p = tc->p;
    uint8_t *grid = xmalloc((size_t)p->ncells);
    char *text = xmalloc((size_t)p->ncells + 2);
    const char *why = NULL;
    struct snapshot before;
    int given = first_given(p), black = -1;

    game_set(g, first_empty(g), tc->solution[first_empty(g)], &why);
    before = snap(g);
    tap_ok(game_set_grid(g, tc->solution, &why) && g->completed && g->nmoves == 2,
           "%s: G sets the solution in one move", tc->file);
    tap_ok(!g->solved && game_can_undo(g), "%s: the solver's solution kept is not the player's solve",
           tc->file);
    tap_ok(memcmp(g->grid, tc->solution, (size_t)p->ncells) == 0, "%s: the grid is the solution", tc->file);
    tap_ok(!game_set_grid(g, tc->solution, &why) && g->nmoves == 2, "%s: the same grid again is refused (%s)",
           tc->file, why);
    tap_ok(game_undo(g) && same(g, &before) && !g->completed, "%s: one undo takes it all back", tc->file);
    memcpy(grid, tc->solution, (size_t)p->ncells);
    if (given >= 0) {
        grid[given] = (uint8_t)(grid[given] % p->max_digit + 1);
        tap_ok(!game_set_grid(g, grid, &why) && strcmp(why, "The grid changes a given") == 0 && same(g, &before),
               "%s: a grid that changes a given is refused", tc->file);
        grid[given] = tc->solution[given];
    }
    for (int c = 0; c < p->ncells && black < 0; c++)
        if (p->block[c])
            black = c;
    if (black >= 0) {
        grid[black] = 1;
        tap_ok(!game_set_grid(g, grid, &why) && same(g, &before), "%s: a digit in a black cell is refused (%s)",
               tc->file, why);
    }
    tap_ok(refused_with(g, "G123", "The grid does not have one symbol per cell"),
           "%s: a grid of the wrong size is refused", tc->file);
    text[0] = 'G';
    for (int c = 0; c < p->ncells; c++)
        text[c + 1] = g->grid[c] ? sudoku_symbol(g->grid[c]) : '.';
    text[p->ncells + 1] = '\0';
    text[1 + first_empty(g)] = 'z';
    tap_ok(refused_with(g, text, "The grid holds a symbol that is not a digit of this puzzle"),
           "%s: a grid with a foreign symbol is refused", tc->file);
    free(text);
    free(grid);
    game_free(g);
}

static void test_timer(void)
{
    const struct test_case *tc = &cases[0];
    struct game *g = game_new(tc->p, &tc->style);
    uint64_t a, b, c;

    tap_ok(game_is_paused(g) && game_elapsed_ms(g) == 0, "a new game's timer is paused at 0");
    game_resume(g);
    a = game_elapsed_ms(g);
    sleep_ms(3);
    b = game_elapsed_ms(g);
    tap_ok(!game_is_paused(g) && b >= a, "a running timer does not go back");
    game_pause(g);
    c = game_elapsed_ms(g);
    sleep_ms(3);
    tap_ok(game_is_paused(g) && c >= b && game_elapsed_ms(g) == c, "a paused timer stands still");
    game_resume(g);
    tap_ok(game_elapsed_ms(g) >= c, "resuming goes on from where it stopped");
    game_free(g);
}

/* ---------------------------------------------------------------- keys, state dir */

static void test_keys(void)
{
    const struct test_case *tc = &cases[0];
    struct puzzle *q = puzzle_clone(tc->p);
    char *a = game_puzzle_key(tc->p), *b = game_puzzle_key(q), *c, *d, *e;
    struct puzzle *s32 = sudoku_new(3, 2), *s23 = sudoku_new(2, 3);
    int given = first_given(q);

    tap_ok(strlen(a) == 16 && strspn(a, "0123456789abcdef") == 16 && strcmp(a, b) == 0,
           "a puzzle's key is 16 hex digits and the same for a copy");
    q->given[given] = 0;
    c = game_puzzle_key(q);
    d = game_puzzle_key(s32);
    e = game_puzzle_key(s23);
    tap_ok(strcmp(a, c) != 0 && strcmp(d, e) != 0, "keys differ for other givens and other box shapes");
    free(a);
    free(b);
    free(c);
    free(d);
    free(e);
    puzzle_free(q);
    puzzle_free(s32);
    puzzle_free(s23);
}

static void test_state_dir(void)
{
    char *xdg = tmp_path("state/deeper"), *home = tmp_path("home"), *want, *dir;
    struct stat st;

    setenv("XDG_STATE_HOME", xdg, 1);
    want = xasprintf("%s/kakudo", xdg);
    dir = game_state_dir();
    tap_ok(dir != NULL && strcmp(dir, want) == 0 && stat(dir, &st) == 0 && S_ISDIR(st.st_mode)
           && (st.st_mode & 0777) == 0700, "$XDG_STATE_HOME/kakudo is created (mkdir -p, 0700)");
    free(dir);
    free(want);
    dir = game_state_dir();
    tap_ok(dir != NULL, "an existing state directory is fine");
    free(dir);
    setenv("XDG_STATE_HOME", "relative/path", 1);
    setenv("HOME", home, 1);
    want = xasprintf("%s/.local/state/kakudo", home);
    dir = game_state_dir();
    tap_ok(dir != NULL && strcmp(dir, want) == 0 && stat(dir, &st) == 0,
           "a relative $XDG_STATE_HOME is ignored for ~/.local/state/kakudo");
    free(dir);
    free(want);
    {
        char *file = tmp_path("a-file"), err[512] = "";
        write_text(file, "x", 1);
        setenv("XDG_STATE_HOME", file, 1);
        tap_ok(game_find_state_dir(err, sizeof err) == NULL && strstr(err, "a-file/kakudo") != NULL
               && strstr(err, "Not a directory") != NULL, "a file in the way: the reason names it (%s)", err);
        free(file);
    }
    unsetenv("XDG_STATE_HOME");
    unsetenv("HOME");
    tap_ok(game_state_dir() == NULL, "no state directory without $HOME");
    {
        char err[512] = "";
        tap_ok(game_find_state_dir(err, sizeof err) == NULL && strstr(err, "$HOME") != NULL,
               "and the reason says so (%s)", err);
    }
    free(xdg);
    free(home);
}

/* ---------------------------------------------------------------- saves */

static bool no_tmp_files(void)
{
    DIR *d = opendir(tmpdir);
    struct dirent *e;
    bool none = d != NULL;

    while (d != NULL && (e = readdir(d)) != NULL)
        if (strstr(e->d_name, ".tmp.") != NULL)
            none = false;
    if (d != NULL)
        closedir(d);
    return none;
}

static bool same_history(const struct game *a, const struct game *b)
{
    if (a->nmoves != b->nmoves || a->pos != b->pos)
        return false;
    for (int i = 0; i < a->nmoves; i++)
        if (strcmp(game_move_text(a, i), game_move_text(b, i)) != 0)
            return false;
    return true;
}

static bool same_puzzle(const struct puzzle *a, const struct puzzle *b)
{
    char *ka = game_puzzle_key(a), *kb = game_puzzle_key(b);
    bool eq = strcmp(ka, kb) == 0 && a->box_rows == b->box_rows && a->box_cols == b->box_cols
              && ((a->name == NULL && b->name == NULL)
                  || (a->name != NULL && b->name != NULL && strcmp(a->name, b->name) == 0));

    free(ka);
    free(kb);
    return eq;
}

/* Some play: digits, marks, a fill, two undos: a redo tail to keep. */
static void play_some(struct game *g, const uint8_t *solution)
{
    const char *why;
    int done = 0;

    for (int c = 0; c < g->puzzle->ncells && done < 3; c++)
        if (game_cell_editable(g, c) && g->grid[c] == 0) {
            game_set(g, c, solution[c], &why);
            done++;
        }
    game_fill_marks(g, &why);
    game_toggle_mark(g, first_empty(g), 1, &why);
    {
        /* A compound move, as an applied hint makes: marks set, then a digit placed. */
        char mv[64];
        int c = first_empty(g);
        snprintf(mv, sizeof mv, "K%d,%c;S%d,%d", c, sudoku_symbol(solution[c]), c, solution[c]);
        game_move(g, mv, &why);
    }
    game_set(g, first_empty(g), solution[first_empty(g)], &why);
    game_undo(g);
    game_undo(g);
    game_note_hint(g, 1);
    game_note_hint(g, 2);
    game_note_hint(g, 1);
}

static void test_round_trip(const struct test_case *tc)
{
    struct game *g = game_new(tc->p, &tc->style), *h;
    char *path = tmp_path("round.save"), err[512] = "";
    struct snapshot redone;

    play_some(g, tc->solution);
    g->elapsed_ms = 123456;
    tap_ok(game_save(g, path, err, sizeof err), "%s: saved %s", tc->file, err);
    tap_ok(no_tmp_files(), "%s: no temporary file is left behind", tc->file);
    h = game_load(path, err, sizeof err);
    tap_ok(h != NULL, "%s: loads back %s", tc->file, h == NULL ? err : "");
    if (h == NULL) {
        free(path);
        game_free(g);
        return;
    }
    {
        struct snapshot before = snap(g);
        tap_ok(same(h, &before), "%s: same digits and marks", tc->file);
    }
    tap_ok(same_history(g, h), "%s: same history (%d moves) and position (%d)", tc->file, h->nmoves, h->pos);
    tap_ok(same_puzzle(g->puzzle, h->puzzle), "%s: same puzzle, box shape and name (%s)", tc->file,
           h->puzzle->name != NULL ? h->puzzle->name : "none");
    tap_ok(h->style.id == g->style.id && h->style.spaced == g->style.spaced && h->style.boxed == g->style.boxed
           && h->style.numbers == g->style.numbers, "%s: same format style", tc->file);
    tap_ok(game_elapsed_ms(h) == 123456 && game_is_paused(h) && h->hints_used == 2 && !h->completed
           && h->hint_rungs[0] == 1 && h->hint_rungs[1] == 1 && h->hint_rungs[2] == 0,
           "%s: time, hints (and their rungs) and completion kept; loaded paused", tc->file);
    game_redo(g);
    redone = snap(g);
    tap_ok(game_redo(h) && same(h, &redone), "%s: redo works after loading", tc->file);
    tap_ok(h->save_path != NULL && strcmp(h->save_path, path) == 0, "%s: the game remembers its save file", tc->file);
    /* A completed game keeps its completion and frozen time. */
    {
        const char *why;
        game_set_grid(h, tc->solution, &why);
        h->completed_ms = 777;
        tap_ok(h->completed && game_save(h, path, err, sizeof err), "%s: a completed game saves", tc->file);
        game_free(h);
        h = game_load(path, err, sizeof err);
        tap_ok(h != NULL && h->completed && game_elapsed_ms(h) == 777, "%s: and loads completed at 777 ms",
               tc->file);
    }
    game_free(h);
    game_free(g);
    free(path);
}

/* A Sudoku whose boxes are not the usual shape for its size keeps them. */
static void test_round_trip_box_shape(void)
{
    struct puzzle *p = sudoku_new(3, 2);
    struct game *g, *h;
    char *path = tmp_path("boxes.save"), err[512] = "";
    const char *why;

    p->given[0] = 1;
    puzzle_set_name(p, "tall\nboxes");
    g = game_new(p, NULL);
    game_set(g, 1, 2, &why);
    game_fill_marks(g, &why);
    tap_ok(game_save(g, path, err, sizeof err), "3x2 boxes: saved %s", err);
    h = game_load(path, err, sizeof err);
    tap_ok(h != NULL && h->puzzle->box_rows == 3 && h->puzzle->box_cols == 2 && same_history(g, h)
           && memcmp(g->marks, h->marks, 36 * sizeof *g->marks) == 0,
           "3x2 boxes: loads with its box shape %s", h == NULL ? err : "");
    tap_ok(h != NULL && h->puzzle->name != NULL && strcmp(h->puzzle->name, "tall boxes") == 0,
           "a name with a newline is kept on one line");
    game_free(h);
    game_free(g);
    puzzle_free(p);
    free(path);
}

/* The largest Sudoku (letters up to P) and a Kakuro with a given digit round-trip too. */
static void test_round_trip_unusual(void)
{
    const struct test_case *k8 = find_case("kakuro8.txt");
    struct puzzle *big = sudoku_new(5, 5), *kg;
    struct puzzle_error perr;
    char *path = tmp_path("unusual.save"), err[512] = "";
    struct game *g, *h;
    const char *why;

    big->given[0] = 25;
    big->given[624] = 1;
    g = game_new(big, NULL);
    game_set(g, 1, 24, &why);
    h = game_save(g, path, err, sizeof err) ? game_load(path, err, sizeof err) : NULL;
    tap_ok(h != NULL && h->puzzle->given[0] == 25 && h->grid[1] == 24 && same_puzzle(g->puzzle, h->puzzle),
           "25x25 Sudoku round-trips %s", h == NULL ? err : "");
    game_free(g);
    game_free(h);
    puzzle_free(big);
    if (k8 == NULL)
        return;
    kg = puzzle_clone(k8->p);
    kg->given[9] = k8->solution[9];
    if (!puzzle_finish(kg, &perr))
        tap_diag("%s", perr.message);
    g = game_new(kg, NULL);
    tap_ok(refused_with(g, "S9,1", "That cell is a given") && game_set(g, 10, k8->solution[10], &why),
           "a Kakuro given cannot be changed");
    h = game_save(g, path, err, sizeof err) ? game_load(path, err, sizeof err) : NULL;
    tap_ok(h != NULL && h->puzzle->given[9] == k8->solution[9] && same_history(g, h) && same_puzzle(g->puzzle, h->puzzle),
           "a Kakuro with a given round-trips %s", h == NULL ? err : "");
    game_free(g);
    game_free(h);
    puzzle_free(kg);
    free(path);
}

/* Writes text as a save file and expects it rejected with "path:line: ...". */
static bool rejected(const char *text, size_t len, const char *what, int line)
{
    char *path = tmp_path("bad.save"), err[512] = "", *prefix;
    struct game *g;
    bool ok;

    write_text(path, text, len);
    g = game_load(path, err, sizeof err);
    prefix = line > 0 ? xasprintf("%s:%d: ", path, line) : xasprintf("%s:", path);
    ok = g == NULL && strncmp(err, prefix, strlen(prefix)) == 0 && strlen(err) > strlen(prefix) + 5;
    if (!ok)
        tap_diag("%s: got %s (%s)", what, g != NULL ? "a game" : "NULL", err);
    else if (line > 0)
        tap_diag("%s: %s", what, err + strlen(tmpdir) + 1);
    game_free(g);
    free(prefix);
    free(path);
    return ok;
}

/* The save text with line n (1-based) replaced by repl (NULL: removed). */
static char *replace_line(const char *text, int n, const char *repl)
{
    const char *s = text;
    char *out = xmalloc(strlen(text) + (repl != NULL ? strlen(repl) : 0) + 2), *o = out;

    for (int line = 1; *s; line++) {
        const char *nl = strchr(s, '\n');
        size_t len = nl != NULL ? (size_t)(nl - s) + 1 : strlen(s);
        if (line != n) {
            memcpy(o, s, len);
            o += len;
        } else if (repl != NULL) {
            o += sprintf(o, "%s\n", repl);
        }
        s += len;
    }
    *o = '\0';
    return out;
}

static int line_of(const char *text, const char *start)
{
    const char *at = strstr(text, start);
    int n = 1;

    if (at == NULL)
        return -1;
    for (const char *s = text; s < at; s++)
        n += *s == '\n';
    return n;
}

static void check_replaced(const char *text, const char *start, const char *repl, const char *what, int line_off)
{
    int n = line_of(text, start);
    char *bad = replace_line(text, n, repl);

    tap_ok(n > 0 && rejected(bad, strlen(bad), what, n + line_off), "rejected: %s", what);
    free(bad);
}

static void test_corrupt(const struct test_case *tc)
{
    struct game *g = game_new(tc->p, &tc->style);
    char *path = tmp_path("good.save"), err[512] = "", *text;
    size_t len;
    bool all = true;
    int cut_fail = 0;

    play_some(g, tc->solution);
    game_save(g, path, err, sizeof err);
    text = read_text(path, &len);
    /* Every proper prefix is a truncated file: none may load, not even half-way.  Long
     * files are cut at every line end and start and every 7th byte, to stay quick. */
    for (size_t n = 0; n < len; n++) {
        char *p2;
        struct game *h;
        if (len > 400 && n % 7 != 0 && text[n] != '\n' && text[n - 1] != '\n' && n != len - 1)
            continue;
        p2 = tmp_path("cut.save");
        write_text(p2, text, n);
        h = game_load(p2, err, sizeof err);
        if (h != NULL || strncmp(err, p2, strlen(p2)) != 0) {
            all = false;
            cut_fail++;
        }
        game_free(h);
        free(p2);
    }
    tap_ok(all, "%s: truncations of the %zu-byte save are rejected with a message (%d not)", tc->file, len,
           cut_fail);
    check_replaced(text, "kakudo-save", "kakudo-save 3", "a newer version", 0);
    check_replaced(text, "kind ", "kind chess", "an unknown kind", 0);
    check_replaced(text, "format ", "format line 2 0 0 .", "a bad format line", 0);
    check_replaced(text, "elapsed ", "elapsed -5", "a negative time", 0);
    check_replaced(text, "elapsed ", NULL, "a missing line", 0);
    check_replaced(text, "completed ", "completed 1", "a completion the grid does not have", 0);
    check_replaced(text, "hints ", "hints many", "bad hints", 0);
    check_replaced(text, "hints ", "hints 2", "hints without their rungs", 0);
    check_replaced(text, "hints ", "hints 2 1 1 1 0 0", "rungs adding up to more than the hints", 0);
    check_replaced(text, "hints ", "hints 2 1 1 0 0 0 0", "too many rungs", 0);
    check_replaced(text, "hints ", "hints 2 1 1 0 0 x", "a rung that is not a number", 0);
    check_replaced(text, "key ", "key 0123456789abcdef", "a key that does not match", 0);
    check_replaced(text, "move ", "move Q", "a malformed move", 0);
    check_replaced(text, "move F", "move C", "a move that cannot be made there", 0);
    check_replaced(text, "position ", "position 99", "a position past the history", 0);
    check_replaced(text, "position ", "position -1", "a negative position", 0);
    check_replaced(text, "position ", "position 1x", "a position with garbage", 0);
    check_replaced(text, "end", "end\nend", "a second end", 1);
    check_replaced(text, "position ", "position 0\nmove F", "text after the position", 1);
    {
        /* The puzzle itself edited: its first white empty cell gets a clashing digit. */
        int n = line_of(text, "puzzle") + 1;
        char *bad = replace_line(text, n, tc->p->ops->kind == PUZZLE_SUDOKU ? "garbage" : "\\ \\ x");
        tap_ok(rejected(bad, strlen(bad), "a puzzle that does not read", n), "rejected: a bad puzzle section");
        free(bad);
    }
    {
        static const char garbage[] = "\x7f" "ELF\x01\x02\0\0garbage\n\n";
        tap_ok(rejected(garbage, sizeof garbage - 1, "garbage", 1), "rejected: binary garbage");
        tap_ok(rejected("", 0, "an empty file", 1), "rejected: an empty file");
    }
    {
        char *missing = tmp_path("no-such.save");
        tap_ok(game_load(missing, err, sizeof err) == NULL && strstr(err, "no-such.save") != NULL,
               "a missing file is an error naming it");
        free(missing);
    }
    free(text);
    free(path);
    game_free(g);
}

/* Game notes: new hints and hints going deeper; version 1 saves (no rungs) still load. */
/* Saves from before a solve ended the game may go on after it (a stray digit, undone or
 * not): they load, solved only if the position is. */
static void test_old_save_after_solve(const struct test_case *tc)
{
    struct game *g = game_new(tc->p, &tc->style), *h;
    char *path = tmp_path("after-solve.save"), err[512] = "", stray[64], *text, *t1, *t2;
    const char *why;
    int last = -1;
    size_t len;

    for (int c = 0; c < g->puzzle->ncells; c++)
        if (game_cell_editable(g, c)) {
            game_set(g, c, tc->solution[c], &why);
            last = c;
        }
    g->completed_ms = 5000;
    game_save(g, path, err, sizeof err);
    text = read_text(path, &len);
    /* The stray erase that the old player took after the solve, then undone or not. */
    snprintf(stray, sizeof stray, "move E%d\nposition %d", last, g->nmoves + 1);
    t1 = replace_line(text, line_of(text, "position "), stray);
    t2 = replace_line(t1, line_of(t1, "completed 1"), "completed 0");
    {
        /* An old save: without the "filled" line, which came later. */
        char *t3 = replace_line(t2, line_of(t2, "filled "), NULL);
        free(t2);
        t2 = t3;
    }
    write_text(path, t2, strlen(t2));
    h = game_load(path, err, sizeof err);
    tap_ok(h != NULL && !h->completed && !h->solved && h->grid[last] == 0,
           "%s: an old save that went on after the solve loads, unsolved %s", tc->file, err);
    tap_ok(h != NULL && game_set(h, last, tc->solution[last], &why) && h->solved,
           "%s: and can be solved again", tc->file);
    game_free(h);
    free(t1);
    free(t2);
    snprintf(stray, sizeof stray, "move E%d\nposition %d", last, g->nmoves);
    t1 = replace_line(text, line_of(text, "position "), stray);
    t2 = xstrdup(t1);
    write_text(path, t2, strlen(t2));
    h = game_load(path, err, sizeof err);
    tap_ok(h != NULL && h->completed && h->solved && game_elapsed_ms(h) == 5000 && game_can_undo(h) == false,
           "%s: with the stray move undone, it loads solved, with its time %s", tc->file, err);
    game_free(h);
    free(t1);
    free(t2);
    free(text);
    free(path);
    game_free(g);
}

static void test_hint_notes(const struct test_case *tc)
{
    struct game *g = game_new(tc->p, &tc->style), *h;
    char *path = tmp_path("v1.save"), err[512] = "", *text, *v1;
    const char *why;
    size_t len;
    int hints_line;

    game_note_hint(g, 1);
    game_note_hint(g, 2);
    game_note_hint(g, 3);
    game_note_hint(g, 1);
    game_note_hint(g, 9);
    tap_ok(g->hints_used == 2 && g->hint_rungs[0] == 1 && g->hint_rungs[1] == 0 && g->hint_rungs[2] == 1,
           "%s: a hint counts once, at its deepest rung", tc->file);
    game_set(g, first_empty(g), tc->solution[first_empty(g)], &why);
    game_save(g, path, err, sizeof err);
    text = read_text(path, &len);
    hints_line = line_of(text, "hints ");
    v1 = replace_line(text, hints_line, "hints 7");
    v1[strlen("kakudo-save ")] = '1';
    write_text(path, v1, strlen(v1));
    h = game_load(path, err, sizeof err);
    tap_ok(h != NULL && h->hints_used == 7 && h->hint_rungs[0] == 0 && h->hint_rungs[2] == 0 && h->nmoves == 1,
           "%s: a version 1 save loads, its hints without rungs %s", tc->file, h == NULL ? err : "");
    if (h != NULL) {
        game_note_hint(h, 1);
        tap_ok(game_save(h, path, err, sizeof err) && (game_free(h), h = game_load(path, err, sizeof err)) != NULL
               && h->hints_used == 8 && h->hint_rungs[0] == 1, "%s: and saves again as version 2", tc->file);
    }
    game_free(h);
    free(v1);
    free(text);
    free(path);
    game_free(g);
}

static void test_save_errors(void)
{
    struct game *g = game_new(cases[0].p, &cases[0].style);
    char *path = tmp_path("no/such/dir/x.save"), err[512] = "";

    tap_ok(!game_save(g, path, err, sizeof err) && strstr(err, "no/such/dir") != NULL,
           "saving into a missing directory fails with a message (%s)", err + strlen(tmpdir) + 1);
    free(path);
    game_free(g);
}

int main(void)
{
    tu_make_tmpdir(tmpdir, sizeof tmpdir, "/tmp/kakudo-test-game.XXXXXX");
    load_cases();
    if (ncases == 0)
        return tap_done();
    test_refusals();
    for (int i = 0; i < ncases; i++) {
        test_mark_removal(&cases[i]);
        test_fill_and_clear(&cases[i]);
        test_undo_redo(&cases[i]);
        test_restart(&cases[i]);
        test_completion(&cases[i]);
        test_wrong_digits(&cases[i]);
        test_grid_move(&cases[i]);
        test_round_trip(&cases[i]);
        test_corrupt(&cases[i]);
        test_compound(&cases[i]);
        test_old_save_after_solve(&cases[i]);
    }
    test_round_trip_box_shape();
    test_round_trip_unusual();
    test_timer();
    test_keys();
    test_save_errors();
    test_hint_notes(&cases[0]);
    test_state_dir();
    for (int i = 0; i < ncases; i++) {
        puzzle_free(cases[i].p);
        free(cases[i].solution);
    }
    tu_remove_tree(tmpdir);
    return tap_done();
}
