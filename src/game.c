/* game.c: a game in progress - moves as strings, undo/redo, the timer, and save files. */
#include "config.h"
#include "game.h"

#include <assert.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "i18n.h"
#include "util.h"

static void set_err(char *err, size_t errsize, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#define SAVE_MAGIC "kakudo-save 2"
#define SAVE_MAGIC_V1 "kakudo-save 1"   /* hints without rung counts */
#define SAVE_MAX_BYTES (64L * 1024 * 1024)
#define MOVE_MAX_NUMBER 1000000     /* far above any cell index or digit */

/* ===================================================================================
 * Creating and freeing
 * =================================================================================== */

static struct format_style default_style(const struct puzzle *p)
{
    return (struct format_style){
        .id = p->variant != 0 ? FORMAT_VARIANT
              : p->ops->kind == PUZZLE_SUDOKU ? FORMAT_SUDOKU_LINE : FORMAT_KAKURO_GRID,
        .empty = '.',
    };
}

/* Moves between two snapshots of the board, so undo replays at most that many.  A
 * snapshot costs about as much memory as that many short moves' text (16 bytes a move),
 * so the history stays proportional to the moves however large the grid. */
static int snapshot_interval(const struct puzzle *p)
{
    size_t every = (size_t)p->ncells * (1 + sizeof(digitset)) / 16;

    return every < 64 ? 64 : (int)every;
}

/* Records the current board as snapshot number hist.nsnaps. */
static void take_snapshot(struct game *g)
{
    struct game_history *h = &g->hist;
    size_t n = (size_t)g->puzzle->ncells, at = (size_t)h->nsnaps * n;
    size_t cap = h->snap_cap;   /* both arrays hold the same count: they grow alike */

    h->snap_grid = xgrow(h->snap_grid, &cap, at + n, 1);
    h->snap_marks = xgrow(h->snap_marks, &h->snap_cap, at + n, sizeof *h->snap_marks);
    memcpy(h->snap_grid + at, g->grid, n);
    memcpy(h->snap_marks + at, g->marks, n * sizeof *g->marks);
    h->nsnaps++;
}

struct game *game_new(const struct puzzle *p, const struct format_style *style)
{
    struct game *g = xcalloc(1, sizeof *g);

    g->puzzle = puzzle_clone(p);
    g->style = style != NULL && style->id != FORMAT_AUTO ? *style : default_style(p);
    g->grid = xmalloc((size_t)p->ncells);
    puzzle_start_grid(g->puzzle, g->grid);
    g->marks = xcalloc((size_t)p->ncells, sizeof *g->marks);
    /* A puzzle given complete is already solved: nothing to play, no time to count. */
    g->completed = puzzle_is_solved(g->puzzle, g->grid);
    g->hist.every = snapshot_interval(p);
    g->cursor = -1;
    take_snapshot(g);
    return g;
}

void game_free(struct game *g)
{
    if (g == NULL)
        return;
    free(g->hist.text);
    free(g->hist.start);
    free(g->hist.snap_grid);
    free(g->hist.snap_marks);
    free(g->hist.changes);
    puzzle_free(g->puzzle);
    free(g->grid);
    free(g->marks);
    free(g->save_path);
    free(g);
}

/* ===================================================================================
 * Timer
 * =================================================================================== */

/* The play clock: the monotonic clock, or, when the environment variable
 * KAKUDO_TEST_CLOCK names a file, the number of milliseconds written in that file.  The
 * terminal tests move time by rewriting the file, so what they check about the timer
 * (it stops in the help, while suspended...) does not depend on how fast the machine is.
 * An unreadable file reads as the time last read.  The file's times are counted from one
 * second, so that its 0 is not the 0 that means "paused" (now_ns). */
static uint64_t clock_ns(void)
{
    static const char *test_clock;
    static bool looked;
    static uint64_t last_ns;
    unsigned long long ms;
    FILE *f;

    if (!looked) {
        test_clock = getenv("KAKUDO_TEST_CLOCK");
        looked = true;
    }
    if (test_clock == NULL || test_clock[0] == '\0')
        return util_now_ns();
    f = fopen(test_clock, "r");
    if (f != NULL) {
        if (fscanf(f, "%llu", &ms) == 1 && ms < UINT64_MAX / 1000000u - 1000)
            last_ns = ((uint64_t)ms + 1000) * 1000000u;
        fclose(f);
    }
    return last_ns;
}

/* Never 0, which stands for "paused". */
static uint64_t now_ns(void)
{
    uint64_t t = clock_ns();
    return t != 0 ? t : 1;
}

uint64_t game_elapsed_ms(const struct game *g)
{
    uint64_t ms = g->elapsed_ms;

    if (g->completed)
        return g->completed_ms;
    if (g->started_ns != 0) {
        uint64_t now = clock_ns();
        if (now > g->started_ns)
            ms += (now - g->started_ns) / 1000000u;
    }
    return ms < GAME_ELAPSED_MAX ? ms : GAME_ELAPSED_MAX;   /* what a save can hold */
}

void game_pause(struct game *g)
{
    if (g->started_ns == 0)
        return;
    g->elapsed_ms = game_elapsed_ms(g);
    g->started_ns = 0;
}

void game_resume(struct game *g)
{
    if (g->completed || g->started_ns != 0)
        return;
    g->started_ns = now_ns();
}

bool game_is_paused(const struct game *g)
{
    return g->started_ns == 0;
}

/* Whether the solver's solution was kept on the way to this position: a "G" move among the
 * moves done (the only move that sets the whole grid). */
static bool solver_in_history(const struct game *g)
{
    for (int i = 0; i < g->pos; i++)
        if (game_move_text(g, i)[0] == 'G')
            return true;
    return false;
}

/* After every change: completing the puzzle freezes the timer, and is the player's solve
 * unless the solver's solution was kept on the way.  Breaking a solution again can only
 * happen to the solver's (the player's solve takes no more moves; old saves replayed may
 * break one too): the player is playing again, so the timer runs on. */
static void update_completion(struct game *g)
{
    bool solved = puzzle_is_solved(g->puzzle, g->grid);

    if (solved && !g->completed) {
        g->completed_ms = game_elapsed_ms(g);
        g->elapsed_ms = g->completed_ms;
        g->started_ns = 0;
        g->completed = true;
        g->solved = !solver_in_history(g);
    } else if (!solved && g->completed) {
        g->completed = false;
        g->solved = false;
        g->elapsed_ms = g->completed_ms;
        g->completed_ms = 0;
        g->started_ns = now_ns();
    }
}

/* ===================================================================================
 * Moves: parsing, checking, applying
 * =================================================================================== */

/* The changes of the move being built; each one is applied as it is recorded, so a cell
 * reached twice (a Sudoku peer in both the row and the box) is seen already changed. */
struct change_list {
    struct game_change *items;
    int n;
    size_t cap;
};

static void change_cell(struct game *g, struct change_list *cl, int cell, int digit, digitset marks)
{
    struct game_change c = {
        .cell = cell,
        .old_digit = g->grid[cell], .new_digit = (uint8_t)digit,
        .old_marks = g->marks[cell], .new_marks = marks,
    };

    if (c.old_digit == c.new_digit && c.old_marks == c.new_marks)
        return;
    cl->items = xgrow(cl->items, &cl->cap, (size_t)cl->n + 1, sizeof *cl->items);
    cl->items[cl->n++] = c;
    g->grid[cell] = c.new_digit;
    g->marks[cell] = c.new_marks;
}

/* A decimal number without sign or leading zeros; advances *s.  -1 if there is none. */
static long parse_number(const char **s)
{
    const char *p = *s;
    long v = 0;

    if (*p < '0' || *p > '9' || (*p == '0' && p[1] >= '0' && p[1] <= '9'))
        return -1;
    while (*p >= '0' && *p <= '9') {
        v = v * 10 + (*p++ - '0');
        if (v > MOVE_MAX_NUMBER)
            return -1;
    }
    *s = p;
    return v;
}

static const char *why_not_editable(const struct game *g, int cell)
{
    const struct puzzle *p = g->puzzle;

    if (cell < 0 || cell >= p->ncells)
        return N_("There is no such cell");
    if (p->block[cell])
        return p->down[cell] || p->across[cell] ? N_("Clue cells cannot be changed")
                                                : N_("Black cells cannot be changed");
    if (p->given[cell])
        return N_("That cell is a given");
    return NULL;
}

bool game_cell_editable(const struct game *g, int cell)
{
    return why_not_editable(g, cell) == NULL;
}

static bool digit_in_range(const struct game *g, long d)
{
    return d >= 1 && d <= g->puzzle->max_digit;
}

static const char *do_set(struct game *g, struct change_list *cl, int cell, int d)
{
    const struct puzzle *p = g->puzzle;
    const char *why = why_not_editable(g, cell);

    if (why != NULL)
        return why;
    if (!digit_in_range(g, d))
        return N_("That digit is not used in this puzzle");
    if (g->grid[cell] == d)
        return N_("That cell already holds that digit");
    change_cell(g, cl, cell, d, g->marks[cell]);
    for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][k] >= 0; k++) {
        const struct puzzle_group *grp = &p->groups[p->cell_groups[cell][k]];
        for (int i = 0; i < grp->ncells; i++) {
            int peer = grp->cells[i];
            if (peer != cell)
                change_cell(g, cl, peer, g->grid[peer], g->marks[peer] & ~(1u << d));
        }
    }
    return NULL;
}

static const char *do_erase(struct game *g, struct change_list *cl, int cell)
{
    const char *why = why_not_editable(g, cell);

    if (why != NULL)
        return why;
    if (g->grid[cell] == 0)
        return N_("That cell is already empty");
    change_cell(g, cl, cell, 0, g->marks[cell]);
    return NULL;
}

static const char *do_mark(struct game *g, struct change_list *cl, int cell, int d)
{
    const char *why = why_not_editable(g, cell);

    if (why != NULL)
        return why;
    if (!digit_in_range(g, d))
        return N_("That digit is not used in this puzzle");
    if (g->grid[cell] != 0)
        return N_("That cell holds a digit; erase it before marking it");
    change_cell(g, cl, cell, 0, g->marks[cell] ^ (1u << d));
    return NULL;
}

/* Each group's allowed digits once, then every empty cell's candidates from its groups:
 * a fill costs a pass over the groups, not one per cell (a save may hold many fills). */
static const char *do_fill(struct game *g, struct change_list *cl)
{
    const struct puzzle *p = g->puzzle;
    digitset all = ((1u << (p->max_digit + 1)) - 1) & ~1u;
    digitset *allowed = xmalloc(((size_t)p->ngroups + 1) * sizeof *allowed);   /* + 1: never 0 */

    /* Candidates come from the digits placed before this move; marks do not affect them. */
    for (int k = 0; k < p->ngroups; k++) {
        const struct puzzle_group *grp = &p->groups[k];
        digitset used = 0;
        for (int i = 0; i < grp->ncells; i++)
            used |= g->grid[grp->cells[i]] ? 1u << g->grid[grp->cells[i]] : 0;
        allowed[k] = puzzle_group_allows(p, grp, used);
    }
    for (int cell = 0; cell < p->ncells; cell++) {
        digitset cand = all;
        if (p->block[cell] || g->grid[cell] != 0)
            continue;
        for (int k = 0; k < PUZZLE_MAX_CELL_GROUPS && p->cell_groups[cell][k] >= 0; k++)
            cand &= allowed[p->cell_groups[cell][k]];
        change_cell(g, cl, cell, 0, cand);
    }
    free(allowed);
    return cl->n > 0 ? NULL : N_("Every empty cell already shows its candidates");
}

static const char *do_clear(struct game *g, struct change_list *cl)
{
    for (int cell = 0; cell < g->puzzle->ncells; cell++)
        change_cell(g, cl, cell, g->grid[cell], 0);
    return cl->n > 0 ? NULL : N_("There are no marks to clear");
}

/* "<symbols>" in ascending order, each a digit of the puzzle; false if malformed. */
static bool parse_marks(const struct game *g, const char *s, digitset *marks)
{
    int last = 0;

    *marks = 0;
    for (; *s != '\0'; s++) {
        int d = sudoku_symbol_value((unsigned char)*s);
        if (d <= last || d > g->puzzle->max_digit || *s != sudoku_symbol(d))
            return false;
        *marks |= 1u << d;
        last = d;
    }
    return true;
}

static const char *do_set_marks(struct game *g, struct change_list *cl, int cell, const char *s)
{
    const char *why = why_not_editable(g, cell);
    digitset marks;

    if (why != NULL)
        return why;
    if (!parse_marks(g, s, &marks))
        return N_("Those are not digits of this puzzle in ascending order");
    if (g->grid[cell] != 0)
        return N_("That cell holds a digit; erase it before marking it");
    change_cell(g, cl, cell, 0, marks);
    return NULL;
}

/* Checks the whole grid before changing anything: a refused move leaves no trace. */
static const char *check_grid_text(const struct game *g, const char *s)
{
    const struct puzzle *p = g->puzzle;

    if (strlen(s) != (size_t)p->ncells)
        return N_("The grid does not have one symbol per cell");
    for (int cell = 0; cell < p->ncells; cell++) {
        int d = s[cell] == '.' ? 0 : sudoku_symbol_value((unsigned char)s[cell]);
        if (s[cell] != '.' && (d == 0 || d > p->max_digit || s[cell] != sudoku_symbol(d)))
            return N_("The grid holds a symbol that is not a digit of this puzzle");
        if (p->block[cell] && d != 0)
            return N_("The grid puts a digit in a black cell");
        if (p->given[cell] && d != p->given[cell])
            return N_("The grid changes a given");
    }
    return NULL;
}

static const char *do_grid(struct game *g, struct change_list *cl, const char *s)
{
    const char *why = check_grid_text(g, s);

    if (why != NULL)
        return why;
    for (int cell = 0; cell < g->puzzle->ncells; cell++) {
        int d = s[cell] == '.' ? 0 : sudoku_symbol_value((unsigned char)s[cell]);
        change_cell(g, cl, cell, d, g->marks[cell]);
    }
    return cl->n > 0 ? NULL : N_("The grid is already like that");
}

/* "<cell>,<digit>" and nothing after it; false if malformed. */
static bool parse_cell_digit(const char *s, long *cell, long *digit)
{
    *cell = parse_number(&s);
    if (*cell < 0 || *s++ != ',')
        return false;
    *digit = parse_number(&s);
    return *digit >= 0 && *s == '\0';
}

static bool parse_cell(const char *s, long *cell)
{
    *cell = parse_number(&s);
    return *cell >= 0 && *s == '\0';
}

/* "<cell>,<rest>": the cell and where the rest starts; false if malformed. */
static bool parse_cell_rest(const char *s, long *cell, const char **rest)
{
    *cell = parse_number(&s);
    if (*cell < 0 || *s != ',')
        return false;
    *rest = s + 1;
    return true;
}

static const char *apply_one_move(struct game *g, const char *move, struct change_list *cl);

/* Several moves joined by ';', applied in order into one change list. */
static const char *apply_compound(struct game *g, const char *move, struct change_list *cl)
{
    size_t len = strlen(move);
    char *copy, *part;
    const char *why = NULL;

    /* An empty part is malformed, whatever the parts before it would do. */
    if (move[0] == ';' || move[len - 1] == ';' || strstr(move, ";;") != NULL)
        return N_("That is not a move");
    copy = part = xstrdup(move);
    for (;;) {
        char *semi = strchr(part, ';');
        if (semi != NULL)
            *semi = '\0';
        why = part[0] == '\0' ? N_("That is not a move") : apply_one_move(g, part, cl);
        if (why != NULL || semi == NULL)
            break;
        part = semi + 1;
    }
    free(copy);
    return why;
}

/* Parses and applies a move, recording its changes; a reason if it is refused. */
static const char *apply_move_text(struct game *g, const char *move, struct change_list *cl)
{
    return strchr(move, ';') != NULL ? apply_compound(g, move, cl) : apply_one_move(g, move, cl);
}

static const char *apply_one_move(struct game *g, const char *move, struct change_list *cl)
{
    static const char *const malformed = N_("That is not a move");
    const char *rest;
    long cell, d;

    switch (move[0]) {
    case 'S':
        return parse_cell_digit(move + 1, &cell, &d) ? do_set(g, cl, (int)cell, (int)d) : malformed;
    case 'E':
        return parse_cell(move + 1, &cell) ? do_erase(g, cl, (int)cell) : malformed;
    case 'M':
        return parse_cell_digit(move + 1, &cell, &d) ? do_mark(g, cl, (int)cell, (int)d) : malformed;
    case 'F':
        return move[1] == '\0' ? do_fill(g, cl) : malformed;
    case 'C':
        return move[1] == '\0' ? do_clear(g, cl) : malformed;
    case 'G':
        return do_grid(g, cl, move + 1);
    case 'K':
        return parse_cell_rest(move + 1, &cell, &rest) ? do_set_marks(g, cl, (int)cell, rest) : malformed;
    default:
        return malformed;
    }
}

/* A move after undos replaces the moves that could have been redone. */
static void drop_redo_tail(struct game *g)
{
    if (g->pos == g->nmoves)
        return;
    g->hist.len = g->hist.start[g->pos];
    g->nmoves = g->pos;
    g->hist.nsnaps = g->pos / g->hist.every + 1;
}

static void push_move(struct game *g, const char *text)
{
    struct game_history *h = &g->hist;
    size_t n = strlen(text) + 1;

    drop_redo_tail(g);
    h->text = xgrow(h->text, &h->cap, h->len + n, 1);
    memcpy(h->text + h->len, text, n);
    h->start = xgrow(h->start, &h->start_cap, (size_t)g->nmoves + 1, sizeof *h->start);
    h->start[g->nmoves++] = h->len;
    h->len += n;
    g->pos = g->nmoves;
    if (g->nmoves % h->every == 0)
        take_snapshot(g);
}

const char *game_move_text(const struct game *g, int i)
{
    return g->hist.text + g->hist.start[i];
}

static void revert_changes(struct game *g, const struct game_change *c, int n)
{
    for (int i = n - 1; i >= 0; i--) {
        g->grid[c[i].cell] = c[i].old_digit;
        g->marks[c[i].cell] = c[i].old_marks;
    }
}

/* Applies a move's text to the board; the reason if it is refused (and nothing changed). */
static const char *apply_move(struct game *g, const char *move)
{
    struct change_list cl = { .items = g->hist.changes, .cap = g->hist.changes_cap };
    const char *reason = apply_move_text(g, move, &cl);

    if (reason == NULL && cl.n == 0)
        reason = N_("That changes nothing");
    if (reason != NULL)
        revert_changes(g, cl.items, cl.n);
    g->hist.changes = cl.items;     /* the scratch list is kept for the next move */
    g->hist.changes_cap = cl.cap;
    return reason;
}

/* Makes a move, even in a solved game (replaying an old save that went on after it). */
static bool make_move(struct game *g, const char *move, const char **why)
{
    const char *reason = apply_move(g, move);

    if (reason != NULL) {
        if (why != NULL)
            *why = reason;
        return false;
    }
    push_move(g, move);
    update_completion(g);
    return true;
}

/* The player's solve is the end of the game: its record (time, hints) stands. */
static const char *const solved_why = N_("The puzzle is solved: the game is over");

bool game_move(struct game *g, const char *move, const char **why)
{
    if (g->solved) {
        if (why != NULL)
            *why = solved_why;
        return false;
    }
    return make_move(g, move, why);
}

static bool move_fmt(struct game *g, const char **why, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static bool move_fmt(struct game *g, const char **why, const char *fmt, ...)
{
    char buf[64];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return game_move(g, buf, why);
}

bool game_set(struct game *g, int cell, int digit, const char **why)
{
    return move_fmt(g, why, "S%d,%d", cell, digit);
}

bool game_erase(struct game *g, int cell, const char **why)
{
    return move_fmt(g, why, "E%d", cell);
}

bool game_toggle_mark(struct game *g, int cell, int digit, const char **why)
{
    return move_fmt(g, why, "M%d,%d", cell, digit);
}

bool game_fill_marks(struct game *g, const char **why)
{
    return game_move(g, "F", why);
}

bool game_clear_marks(struct game *g, const char **why)
{
    return game_move(g, "C", why);
}

bool game_set_grid(struct game *g, const uint8_t *grid, const char **why)
{
    const struct puzzle *p = g->puzzle;
    char *text = xmalloc((size_t)p->ncells + 2);
    bool ok;

    text[0] = 'G';
    for (int cell = 0; cell < p->ncells; cell++)
        text[cell + 1] = grid[cell] == 0 ? '.' : sudoku_symbol(grid[cell]);
    text[p->ncells + 1] = '\0';
    ok = game_move(g, text, why);
    free(text);
    return ok;
}

bool game_set_marks(struct game *g, int cell, digitset marks, const char **why)
{
    char text[64];
    int n = snprintf(text, sizeof text, "K%d,", cell);

    for (int d = 1; d <= g->puzzle->max_digit && n + 1 < (int)sizeof text; d++)
        if (marks & (1u << d))
            text[n++] = sudoku_symbol(d);
    text[n] = '\0';
    return game_move(g, text, why);
}

bool game_at_start(const struct game *g)
{
    const struct puzzle *p = g->puzzle;

    for (int cell = 0; cell < p->ncells; cell++)
        if (g->marks[cell] != 0 || (g->grid[cell] != 0 && !p->given[cell] && !p->block[cell]))
            return false;
    return true;
}

bool game_restart(struct game *g, const char **why)
{
    const struct puzzle *p = g->puzzle;
    /* "E<cell>;" for every cell, "C" after them: the longest move this makes. */
    char *text = xmalloc((size_t)p->ncells * 8 + 2);
    size_t n = 0;
    bool ok;

    if (game_at_start(g)) {
        if (why != NULL)
            *why = N_("The board holds only the puzzle's givens");
        free(text);
        return false;
    }
    for (int cell = 0; cell < p->ncells; cell++)
        if (g->grid[cell] != 0 && !p->given[cell] && !p->block[cell])
            n += (size_t)sprintf(text + n, "E%d;", cell);
    /* Clearing marks last: the erased cells' own marks show again until then, and "C"
     * after the erasures never finds the move empty. */
    strcpy(text + n, "C");
    ok = game_move(g, text, why);
    free(text);
    return ok;
}

void game_note_hint(struct game *g, int rung)
{
    if (rung < 1 || rung > GAME_HINT_RUNGS || g->solved)
        return;
    if (rung > 1 && g->hint_rungs[rung - 2] > 0) {
        g->hint_rungs[rung - 2]--;      /* the last hint went one rung further */
    } else if (g->hints_used < INT_MAX) {
        g->hints_used++;
    } else {
        return;     /* counted out: the count stays at its maximum (and the rungs within it) */
    }
    g->hint_rungs[rung - 1]++;
}

/* ===================================================================================
 * Undo and redo
 * =================================================================================== */

bool game_can_undo(const struct game *g)
{
    return g->pos > 0 && !g->solved;
}

bool game_can_redo(const struct game *g)
{
    return g->pos < g->nmoves && !g->solved;
}

/* Puts the board at history position target: the nearest snapshot at or before it, then
 * the moves after that snapshot replayed. */
static void seek(struct game *g, int target)
{
    struct game_history *h = &g->hist;
    int k = target / h->every;
    size_t n = (size_t)g->puzzle->ncells;

    memcpy(g->grid, h->snap_grid + (size_t)k * n, n);
    memcpy(g->marks, h->snap_marks + (size_t)k * n, n * sizeof *g->marks);
    for (int i = k * h->every; i < target; i++) {
        const char *why = apply_move(g, game_move_text(g, i));
        assert(why == NULL);    /* each move applied here before */
        (void)why;
    }
    g->pos = target;
    update_completion(g);
}

/* Takes back the last move done, even in a solved game. */
static bool step_back(struct game *g)
{
    if (g->pos == 0)
        return false;
    seek(g, g->pos - 1);
    return true;
}

bool game_undo(struct game *g)
{
    return game_can_undo(g) && step_back(g);
}

bool game_redo(struct game *g)
{
    const char *why;

    if (!game_can_redo(g))
        return false;
    why = apply_move(g, game_move_text(g, g->pos));
    assert(why == NULL);
    (void)why;
    g->pos++;
    update_completion(g);
    return true;
}

int game_filled_cells(const struct game *g)
{
    const struct puzzle *p = g->puzzle;
    int n = 0;

    for (int cell = 0; cell < p->ncells; cell++)
        n += !p->block[cell] && !p->given[cell] && g->grid[cell] != 0;
    return n;
}

int game_wrong_cells(const struct game *g, const uint8_t *solution, uint8_t *bad)
{
    const struct puzzle *p = g->puzzle;
    int n = 0;

    for (int cell = 0; cell < p->ncells; cell++) {
        bool wrong = !p->block[cell] && g->grid[cell] != 0 && g->grid[cell] != solution[cell];
        if (bad != NULL)
            bad[cell] = wrong;
        n += wrong;
    }
    return n;
}

/* ===================================================================================
 * Puzzle keys and the state directory
 * =================================================================================== */

#define FNV_OFFSET UINT64_C(0xcbf29ce484222325)
#define FNV_PRIME UINT64_C(0x100000001b3)

static uint64_t fnv_bytes(uint64_t h, const uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= FNV_PRIME;
    }
    return h;
}

/* Integers are hashed as 4 little-endian bytes, so the key is the same on every host. */
static uint64_t fnv_int(uint64_t h, int v)
{
    uint32_t u = (uint32_t)v;
    uint8_t b[4] = { (uint8_t)u, (uint8_t)(u >> 8), (uint8_t)(u >> 16), (uint8_t)(u >> 24) };

    return fnv_bytes(h, b, sizeof b);
}

char *game_puzzle_key(const struct puzzle *p)
{
    size_t n = (size_t)p->ncells;
    uint64_t h = FNV_OFFSET;

    h = fnv_int(h, (int)p->ops->kind);
    h = fnv_int(h, p->width);
    h = fnv_int(h, p->height);
    h = fnv_int(h, p->box_rows);
    h = fnv_int(h, p->box_cols);
    h = fnv_bytes(h, p->given, n);
    h = fnv_bytes(h, p->block, n);
    h = fnv_bytes(h, p->down, n);
    h = fnv_bytes(h, p->across, n);
    if (p->variant != 0) {      /* a plain puzzle's key stays what older saves hold */
        h = fnv_int(h, (int)p->variant);
        if (p->region != NULL)
            h = fnv_bytes(h, p->region, n);
        for (size_t i = 0; p->cage != NULL && i < n; i++)
            h = fnv_int(h, p->cage[i] < 0 ? -1 : p->cage_sum[p->cage[i]]);
        for (size_t i = 0; p->cage != NULL && i < n; i++)
            h = fnv_int(h, p->cage[i]);
    }
    return xasprintf("%016" PRIx64, h);
}

/* mkdir -p: every missing component is created private to the user (0700). */
static bool make_dirs(char *path)
{
    struct stat st;

    for (char *s = path + 1; ; s++) {
        if (*s != '/' && *s != '\0')
            continue;
        char saved = *s;
        *s = '\0';
        if (mkdir(path, 0700) != 0 && errno != EEXIST) {
            *s = saved;
            return false;
        }
        *s = saved;
        if (saved == '\0')
            break;
    }
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* A directory another user could write into could hold their links and files under our
 * saves' names: only one of ours, not writable by group or others, is used. */
static bool state_dir_is_private(const char *dir, char *err, size_t errsize)
{
    struct stat st;

    if (stat(dir, &st) != 0) {
        set_err(err, errsize, "%s: %s", dir, strerror(errno));
        return false;
    }
    if (!S_ISDIR(st.st_mode)) {
        set_err(err, errsize, _("the state directory is not a directory (%s)"), dir);
        return false;
    }
    if (st.st_uid != geteuid()) {
        set_err(err, errsize, _("the state directory is owned by another user (%s)"), dir);
        return false;
    }
    if (st.st_mode & (S_IWGRP | S_IWOTH)) {
        set_err(err, errsize, _("the state directory is writable by others (chmod go-w %s)"), dir);
        return false;
    }
    return true;
}

char *game_state_dir_name(void)
{
    const char *xdg = getenv("XDG_STATE_HOME");
    const char *home = getenv("HOME");

    if (xdg != NULL && xdg[0] == '/')
        return xasprintf("%s/kakudo", xdg);
    if (home != NULL && home[0] == '/')
        return xasprintf("%s/.local/state/kakudo", home);
    return NULL;
}

char *game_find_state_dir(char *err, size_t errsize)
{
    char *dir = game_state_dir_name();

    if (dir == NULL) {
        set_err(err, errsize, _("neither $XDG_STATE_HOME nor $HOME is set to an absolute path"));
        return NULL;
    }
    errno = 0;
    if (!make_dirs(dir)) {
        set_err(err, errsize, _("cannot create the directory %s: %s"), dir,
                strerror(errno != 0 && errno != EEXIST ? errno : ENOTDIR));
        free(dir);
        return NULL;
    }
    if (!state_dir_is_private(dir, err, errsize)) {
        free(dir);
        return NULL;
    }
    return dir;
}

char *game_state_dir(void)
{
    return game_find_state_dir(NULL, 0);
}

/* ===================================================================================
 * Saving
 * =================================================================================== */

/* The messages name the user's files: their control characters are shown as \xNN
 * (util_escape_controls), as every message that quotes a file's name shows them. */
static void set_err(char *err, size_t errsize, const char *fmt, ...)
{
    va_list ap;
    char *shown;

    if (err == NULL || errsize == 0)
        return;
    va_start(ap, fmt);
    util_vformat_cut(err, errsize, fmt, ap);
    va_end(ap);
    shown = util_escape_controls(err);
    util_copy_cut(err, errsize, shown);
    free(shown);
}

/* "PATH: REASON", an error about the file path: a path too long for err (one of some
 * 4000 bytes in a message of 512) is cut, never the reason, which is what the message is
 * for ("File name too long" was lost past the cut). */
static void set_path_err(char *err, size_t errsize, const char *path, const char *reason)
{
    size_t tail = strlen(reason) + 2;       /* ": REASON" */
    char *shown, *cut;

    if (err == NULL || errsize == 0)
        return;
    if (tail + 8 > errsize) {               /* no room for a path worth the name */
        set_err(err, errsize, "%s: %s", path, reason);
        return;
    }
    shown = util_escape_controls(path);
    cut = xmalloc(errsize - tail);
    util_copy_cut(cut, errsize - tail, shown);
    snprintf(err, errsize, "%s: %s", cut, reason);
    free(cut);
    free(shown);
}

/* The name on one line: control characters (a newline would end the line) become spaces. */
static void write_name(FILE *f, const char *name)
{
    fputs("name ", f);
    for (const unsigned char *s = (const unsigned char *)name; *s; s++)
        putc(*s < 0x20 || *s == 0x7f ? ' ' : *s, f);
    putc('\n', f);
}

/* How the puzzle itself is stored: forms that keep every clue and read back exactly. */
static struct format_style storage_style(const struct puzzle *p)
{
    return default_style(p);
}

static void write_save(FILE *f, const struct game *g)
{
    const struct puzzle *p = g->puzzle;
    struct format_style st = storage_style(p);
    char *key = game_puzzle_key(p);

    fprintf(f, "%s\n", SAVE_MAGIC);
    fprintf(f, "kind %s\n", p->ops->name);
    fprintf(f, "format %s %d %d %d %c\n", format_name(g->style.id), g->style.spaced,
            g->style.boxed, g->style.numbers, g->style.empty == '0' ? '0' : '.');
    fprintf(f, "boxes %d %d\n", p->box_rows, p->box_cols);
    if (p->name != NULL)
        write_name(f, p->name);
    fprintf(f, "elapsed %" PRIu64 "\n", game_elapsed_ms(g));
    fprintf(f, "completed %d\n", g->completed);
    /* Only then, so that older kakudos read every other save: to them it is a line of a
     * newer kakudo's, refused cleanly and kept. */
    if (g->completed && !g->solved)
        fputs("completed-by kakudo\n", f);
    fprintf(f, "filled %d\n", game_filled_cells(g));
    if (g->cursor >= 0)
        fprintf(f, "cursor %d\n", g->cursor);
    fprintf(f, "hints %d", g->hints_used);
    for (int k = 0; k < GAME_HINT_RUNGS; k++)
        fprintf(f, " %d", g->hint_rungs[k]);
    putc('\n', f);
    fprintf(f, "key %s\n", key);
    fputs("puzzle\n", f);
    format_write(f, p, p->given, &st);
    fputs("end\n", f);
    for (int i = 0; i < g->nmoves; i++)
        fprintf(f, "move %s\n", game_move_text(g, i));
    fprintf(f, "position %d\n", g->pos);
    free(key);
}

/* Makes the rename itself durable; a directory that cannot be synced is not an error. */
static void sync_parent_dir(const char *path)
{
    char *dir = xstrdup(path);
    char *slash = strrchr(dir, '/');
    int fd;

    if (slash == dir)
        slash[1] = '\0';
    else if (slash != NULL)
        *slash = '\0';
    else
        strcpy(dir, ".");
    fd = open(dir, O_RDONLY | O_DIRECTORY);
    if (fd >= 0) {
        util_fsync(fd);
        close(fd);
    }
    free(dir);
}

/* Temporary files: PATH.tmp.XXXXXX, created by mkstemp (O_EXCL, mode 0600: never through
 * a planted link, never an existing file) and locked while being written.  One left by an
 * interrupted save is unlocked (a lock dies with its process), so the next save of the
 * same file removes it. */
#define SAVE_TMP_SUFFIX ".tmp."

/* Creates and locks a new temporary for path; its fd, or -1 with a message.  *tmp: its
 * name (caller frees).  The messages of a save name the save the user knows, never its
 * temporary, a name that is gone once the save fails. */
static int create_temp(const char *path, char **tmp, char *err, size_t errsize)
{
    for (int tries = 0; tries < 100; tries++) {
        struct stat st;
        int fd;

        *tmp = xasprintf("%s" SAVE_TMP_SUFFIX "XXXXXX", path);
        fd = mkstemp(*tmp);
        if (fd < 0) {
            set_path_err(err, errsize, path, strerror(errno));
            free(*tmp);
            *tmp = NULL;
            return -1;
        }
        /* A cleaner may have taken it for stale between mkstemp and the lock: then it
         * has no name any more, and another one is made. */
        if (flock(fd, LOCK_EX) != 0 || fstat(fd, &st) != 0 || st.st_nlink > 0)
            return fd;      /* (without locks, a concurrent clean-up can fail this save) */
        close(fd);
        free(*tmp);
    }
    *tmp = NULL;
    set_path_err(err, errsize, path, _("cannot make a temporary file"));
    return -1;
}

/* Whether a directory entry is a temporary of path's save (prefix: its name and the
 * temporary suffix) or of another save beside it. */
static bool is_save_temp(const char *name, const char *prefix, size_t plen)
{
    const char *mark = strstr(name, ".save" SAVE_TMP_SUFFIX);

    if (strncmp(name, prefix, plen) == 0)
        return name[plen] != '\0';
    return mark != NULL && mark != name && mark[strlen(".save" SAVE_TMP_SUFFIX)] != '\0';
}

/* Removes the temporaries of path's save, and of the other saves in its directory, that
 * no save is writing any more (see above). */
static void remove_stale_temps(const char *path)
{
    char *dir = xstrdup(path), *slash = strrchr(dir, '/');
    const char *base = slash != NULL ? slash + 1 : path;
    char *prefix = xasprintf("%s" SAVE_TMP_SUFFIX, base);
    size_t plen = strlen(prefix);
    DIR *d;
    struct dirent *e;

    if (slash == dir)
        slash[1] = '\0';
    else if (slash != NULL)
        *slash = '\0';
    else
        strcpy(dir, ".");
    d = opendir(dir);
    while (d != NULL && (e = readdir(d)) != NULL) {
        char *tmp;
        struct stat st;
        int fd;

        if (!is_save_temp(e->d_name, prefix, plen))
            continue;
        tmp = xasprintf("%s/%s", dir, e->d_name);
        if (lstat(tmp, &st) == 0 && S_ISLNK(st.st_mode)) {
            unlink(tmp);    /* a link is never ours to write through: gone */
            free(tmp);
            continue;
        }
        fd = open(tmp, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
        if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid()
            && flock(fd, LOCK_EX | LOCK_NB) == 0)
            unlink(tmp);
        if (fd >= 0)
            close(fd);      /* the lock goes with it */
        free(tmp);
    }
    if (d != NULL)
        closedir(d);
    free(prefix);
    free(dir);
}

/* The save's text, made in memory: written to the file by util_write_all, which goes on
 * through a signal (stdio gives up on EINTR, and the player's handlers interrupt). */
static char *save_text(const struct game *g, size_t *len)
{
    char *text = NULL;
    FILE *f = open_memstream(&text, len);

    if (f == NULL)
        fatal("out of memory");
    write_save(f, g);
    if (fclose(f) != 0)
        fatal("out of memory");
    return text;
}

bool game_save(const struct game *g, const char *path, char *err, size_t errsize)
{
    char *tmp, *text;
    size_t len;
    int fd;
    bool ok;

    remove_stale_temps(path);
    fd = create_temp(path, &tmp, err, errsize);
    if (fd < 0)
        return false;
    text = save_text(g, &len);
    /* Every step is checked: a full disk must not leave a truncated file in place. */
    errno = 0;
    ok = util_write_all(fd, text, len) && util_fsync(fd);
    free(text);
    if (!ok) {
        set_path_err(err, errsize, path, strerror(errno ? errno : EIO));
    } else if (rename(tmp, path) != 0) {    /* replaces a link at path, never follows it */
        set_path_err(err, errsize, path, strerror(errno));
        ok = false;
    }
    if (!ok)
        unlink(tmp);
    /* Closed only now: until the temporary is renamed or removed, its lock says it is
     * being written. */
    if (close(fd) != 0 && ok) {
        set_path_err(err, errsize, path, strerror(errno));
        ok = false;
    }
    if (ok)
        sync_parent_dir(path);
    free(tmp);
    return ok;
}

/* The n-th name for a set-aside copy: PATH.corrupt, then PATH.corrupt.2, .3 ... */
static char *aside_name(const char *path, int n)
{
    return n == 1 ? xasprintf("%s.corrupt", path) : xasprintf("%s.corrupt.%d", path, n);
}

char *game_set_aside(const char *path, char *err, size_t errsize)
{
    for (int n = 1; n <= GAME_ASIDE_MAX; n++) {
        char *aside = aside_name(path, n);
        struct stat st;
        /* link() never replaces an existing name; where links are not supported, a name
         * that is free now is taken by rename. */
        if (link(path, aside) == 0) {
            unlink(path);
            return aside;
        }
        if (errno != EEXIST && lstat(aside, &st) != 0 && errno == ENOENT) {
            if (rename(path, aside) == 0)
                return aside;
            set_path_err(err, errsize, path, strerror(errno));
            free(aside);
            return NULL;
        }
        free(aside);
    }
    set_path_err(err, errsize, path, _("too many set-aside copies already"));
    return NULL;
}

/* ===================================================================================
 * Loading
 * =================================================================================== */

struct save_reader {
    const char *path;
    char *buf;              /* the whole file, lines NUL-terminated in place */
    size_t len, at;         /* at: start of the next line */
    long line;              /* number of the line last taken */
    char *err;
    size_t errsize;
    bool newer;             /* refused as a newer kakudo's: not corrupt, to be kept */
};

static bool load_fail(struct save_reader *sr, long line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static bool load_fail(struct save_reader *sr, long line, const char *fmt, ...)
{
    char msg[512];
    va_list ap;

    /* fmt is translated here: xgettext takes the callers' messages (po/Makevars). */
    va_start(ap, fmt);
    util_vformat_cut(msg, sizeof msg, _(fmt), ap);
    va_end(ap);
    set_err(sr->err, sr->errsize, "%s:%ld: %s", sr->path, line, msg);
    return false;
}

/* A file's text quoted in a message ("%.40s" in its format): at most 40 bytes, cut at
 * the end of a character and marked "..." when it is longer.  Returns buf. */
enum { QUOTED_MAX = 40 };
static const char *quoted(const char *s, char buf[QUOTED_MAX + 1])
{
    util_copy_cut(buf, QUOTED_MAX + 1, s);
    return buf;
}

/* The next line (without its '\n'), or NULL at the end of the file.  A last line
 * without a newline means the file was cut short. */
static char *next_line(struct save_reader *sr, bool *ok)
{
    char *start = sr->buf + sr->at, *nl;

    *ok = true;
    if (sr->at >= sr->len)
        return NULL;
    sr->line++;
    nl = memchr(start, '\n', sr->len - sr->at);
    if (nl == NULL) {
        *ok = load_fail(sr, sr->line, "expected a complete line, the file ends in the middle of one");
        return NULL;
    }
    *nl = '\0';
    if (strlen(start) != (size_t)(nl - start)) {
        *ok = load_fail(sr, sr->line, "expected text, found a NUL byte");
        return NULL;
    }
    sr->at = (size_t)(nl - sr->buf) + 1;
    return start;
}

/* The first words of a save's lines, in every version this kakudo reads. */
static const char *const save_keywords[] = {
    "kind", "format", "boxes", "name", "elapsed", "completed", "completed-by", "filled", "cursor",
    "hints",
    "key", "puzzle", "end", "move", "position",
};

/* The length of the keyword line s starts with (a lowercase word, then a blank or the
 * end) when it is none of save_keywords, else 0: a line of a newer kakudo's. */
static size_t unknown_keyword(const char *s)
{
    size_t n = strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789_-");

    if (n == 0 || s[0] < 'a' || s[0] > 'z' || (s[n] != ' ' && s[n] != '\0'))
        return 0;
    for (size_t i = 0; i < sizeof save_keywords / sizeof save_keywords[0]; i++)
        if (strlen(save_keywords[i]) == n && strncmp(s, save_keywords[i], n) == 0)
            return 0;
    return n;
}

/* The line s (the one last taken) is not the one expected: said as a newer kakudo's line
 * when its keyword is unknown (sr->newer), as one out of place otherwise. */
static bool unexpected_line(struct save_reader *sr, const char *s, const char *expected)
{
    size_t n = unknown_keyword(s);

    if (n == 0)
        return load_fail(sr, sr->line, "expected %s", expected);
    sr->newer = true;
    return load_fail(sr, sr->line, "expected %s, found \"%.*s\", a line this kakudo does not "
                     "know: saved by a newer kakudo", expected, n > 40 ? 40 : (int)n, s);
}

/* The value after "KEY " on the next line, or NULL after reporting what was expected. */
static const char *expect_key(struct save_reader *sr, const char *key, const char *what)
{
    bool ok;
    const char *s = next_line(sr, &ok);
    size_t n = strlen(key);
    char expected[80];

    snprintf(expected, sizeof expected, "\"%s%s%s\"", key, what[0] ? " " : "", what);
    if (!ok)
        return NULL;
    if (s == NULL) {
        load_fail(sr, sr->line + 1, "expected %s, the file ends here", expected);
        return NULL;
    }
    if (strncmp(s, key, n) != 0 || (s[n] != ' ' && s[n] != '\0')) {
        unexpected_line(sr, s, expected);
        return NULL;
    }
    return s[n] == ' ' ? s + n + 1 : s + n;
}

/* A whole-line decimal in [min, max]. */
static bool parse_value(const char *s, long long min, long long max, long long *v)
{
    char *end;

    if (*s < '0' || *s > '9')
        return false;
    errno = 0;
    *v = strtoll(s, &end, 10);
    return errno == 0 && *end == '\0' && *v >= min && *v <= max;
}

static bool expect_number(struct save_reader *sr, const char *key, const char *what,
                          long long min, long long max, long long *v)
{
    const char *s = expect_key(sr, key, what);
    char q[QUOTED_MAX + 1];

    if (s == NULL)
        return false;
    if (!parse_value(s, min, max, v))
        return load_fail(sr, sr->line, "expected \"%s %s\", got \"%s %.40s\"", key, what, key,
                         quoted(s, q));
    return true;
}

struct save_header {
    enum puzzle_kind kind;
    struct format_style style;
    int box_rows, box_cols;
    char *name;
    uint64_t elapsed;
    bool completed;
    bool by_kakudo;             /* "completed-by kakudo": the solver's solution was kept */
    long completed_line, by_line, key_line, filled_line, cursor_line;
    int filled;                 /* -1: the save does not say (older saves) */
    int cursor;                 /* -1: the save does not say (older saves) */
    int version;
    int hints, rungs[GAME_HINT_RUNGS];
    char key[17];
};

static bool parse_kind(struct save_reader *sr, struct save_header *h)
{
    const char *s = expect_key(sr, "kind", "sudoku|kakuro");

    if (s == NULL)
        return false;
    if (strcmp(s, "sudoku") == 0)
        h->kind = PUZZLE_SUDOKU;
    else if (strcmp(s, "kakuro") == 0)
        h->kind = PUZZLE_KAKURO;
    else
        return load_fail(sr, sr->line, "expected \"kind sudoku|kakuro\"");
    return true;
}

/* Splits s at single spaces into at most max words of fewer than SAVE_WORD characters;
 * their count, or -1 if a word is empty or too long, or there are more. */
#define SAVE_WORD 32
static int split_words(const char *s, char words[][SAVE_WORD], int max)
{
    int n = 0;

    for (;;) {
        size_t len = strcspn(s, " ");
        if (len == 0 || len >= SAVE_WORD || n == max)
            return -1;
        memcpy(words[n], s, len);
        words[n++][len] = '\0';
        s += len;
        if (*s == '\0')
            return n;
        s++;
    }
}

/* "0" or "1", nothing else. */
static int parse_flag(const char *w)
{
    return strcmp(w, "0") == 0 ? 0 : strcmp(w, "1") == 0 ? 1 : -1;
}

static bool parse_format(struct save_reader *sr, struct save_header *h)
{
    const char *s = expect_key(sr, "format", "NAME SPACED BOXED NUMBERS EMPTY");
    char w[5][SAVE_WORD];
    int spaced, boxed, numbers;

    if (s == NULL)
        return false;
    if (split_words(s, w, 5) != 5 || !format_by_name(w[0], &h->style.id)
        || h->style.id == FORMAT_AUTO || (spaced = parse_flag(w[1])) < 0
        || (boxed = parse_flag(w[2])) < 0 || (numbers = parse_flag(w[3])) < 0
        || (strcmp(w[4], ".") != 0 && strcmp(w[4], "0") != 0))
        return load_fail(sr, sr->line, "expected \"format NAME SPACED BOXED NUMBERS EMPTY\" "
                         "(a format name, three 0|1 and . or 0)");
    h->style.spaced = spaced;
    h->style.boxed = boxed;
    h->style.numbers = numbers;
    h->style.empty = w[4][0];
    return true;
}

static bool parse_boxes(struct save_reader *sr, struct save_header *h)
{
    const char *s = expect_key(sr, "boxes", "ROWS COLS");
    char w[2][SAVE_WORD];
    long long rows, cols;

    if (s == NULL)
        return false;
    if (split_words(s, w, 2) != 2 || !parse_value(w[0], 0, SUDOKU_MAX_SIZE, &rows)
        || !parse_value(w[1], 0, SUDOKU_MAX_SIZE, &cols))
        return load_fail(sr, sr->line, "expected \"boxes ROWS COLS\" (0 to %d)", SUDOKU_MAX_SIZE);
    h->box_rows = (int)rows;
    h->box_cols = (int)cols;
    return true;
}

/* An optional line: the text after "KEY " if the next line is one (taken), else NULL
 * (the line is left for the next reader).  *ok is false on a broken line. */
static const char *optional_key(struct save_reader *sr, const char *key, bool *ok)
{
    size_t at = sr->at, n = strlen(key);
    long line = sr->line;
    char *s = next_line(sr, ok);

    if (s != NULL && strncmp(s, key, n) == 0 && s[n] == ' ')
        return s + n + 1;
    /* Not that line: put it back (restoring the newline next_line cut off). */
    if (s != NULL)
        s[strlen(s)] = '\n';
    sr->at = at;
    sr->line = line;
    return NULL;
}

static bool parse_name(struct save_reader *sr, struct save_header *h)
{
    bool ok;
    const char *s = optional_key(sr, "name", &ok);

    if (s != NULL)
        h->name = util_escape_controls(s);  /* as a puzzle file's names: shown as read */
    return ok;
}

/* An optional "KEY N" line with N from 0 to the most cells a grid has: N in *v and its
 * line in *line, or -1 in *v when the save has no such line. */
static bool parse_optional_count(struct save_reader *sr, const char *key, int *v, long *line)
{
    bool ok;
    const char *s = optional_key(sr, key, &ok);
    long long n;
    char q[QUOTED_MAX + 1];

    *v = -1;
    if (s == NULL)
        return ok;
    if (!parse_value(s, 0, KAKURO_MAX_SIDE * KAKURO_MAX_SIDE, &n))
        return load_fail(sr, sr->line, "expected \"%s N\", got \"%s %.40s\"", key, key,
                         quoted(s, q));
    *v = (int)n;
    *line = sr->line;
    return true;
}

/* "completed-by kakudo" after "completed 1": the grid was completed by keeping the solver's
 * solution, which the picker must not show as the player's solve (older saves lack it). */
static bool parse_completed_by(struct save_reader *sr, struct save_header *h)
{
    bool ok;
    const char *s = optional_key(sr, "completed-by", &ok);
    char q[QUOTED_MAX + 1];

    if (s == NULL)
        return ok;
    if (strcmp(s, "kakudo") != 0)
        return load_fail(sr, sr->line, "expected \"completed-by kakudo\", got \"completed-by "
                         "%.40s\"", quoted(s, q));
    if (!h->completed)
        return load_fail(sr, sr->line, "expected no \"completed-by\" line after \"completed 0\"");
    h->by_kakudo = true;
    h->by_line = sr->line;
    return true;
}

/* "filled N": what the picker shows without replaying the moves; "cursor CELL": where the
 * player left the cursor (older saves lack both). */
static bool parse_filled_cursor(struct save_reader *sr, struct save_header *h)
{
    return parse_optional_count(sr, "filled", &h->filled, &h->filled_line)
        && parse_optional_count(sr, "cursor", &h->cursor, &h->cursor_line);
}

/* "hints N" (version 1) or "hints N R1 .. R5" with the rungs adding up to at most N. */
static bool parse_hints(struct save_reader *sr, struct save_header *h)
{
    const char *s = expect_key(sr, "hints", h->version == 1 ? "N" : "N R1 R2 R3 R4 R5");
    long long v[GAME_HINT_RUNGS + 1], sum = 0;
    int want = h->version == 1 ? 1 : GAME_HINT_RUNGS + 1;

    if (s == NULL)
        return false;
    for (int i = 0; i < want; i++) {
        char num[24];
        size_t len = strcspn(s, " ");
        if (len == 0 || len >= sizeof num)
            break;
        memcpy(num, s, len);
        num[len] = '\0';
        if (!parse_value(num, 0, INT_MAX, &v[i]))
            break;
        sum += i > 0 ? v[i] : 0;
        s += len;
        if (i + 1 == want) {
            if (*s != '\0')
                break;
            if (sum > v[0])
                return load_fail(sr, sr->line, "expected the rungs of the hints to add up to at "
                                 "most the %lld hints", v[0]);
            h->hints = (int)v[0];
            for (int k = 0; k < GAME_HINT_RUNGS; k++)
                h->rungs[k] = want > 1 ? (int)v[k + 1] : 0;
            return true;
        }
        if (*s++ != ' ')
            break;
    }
    return load_fail(sr, sr->line, "expected \"hints %s\" (whole numbers)",
                     h->version == 1 ? "N" : "N R1 R2 R3 R4 R5");
}

static bool parse_header(struct save_reader *sr, struct save_header *h)
{
    bool ok;
    const char *s = next_line(sr, &ok);
    long long v;

    if (!ok)
        return false;
    if (s != NULL && strcmp(s, SAVE_MAGIC) == 0)
        h->version = 2;
    else if (s != NULL && strcmp(s, SAVE_MAGIC_V1) == 0)
        h->version = 1;
    else if (s != NULL && strncmp(s, "kakudo-save ", 12) == 0 && s[12] != '\0'
             && strspn(s + 12, "0123456789") == strlen(s + 12)) {
        sr->newer = true;
        return load_fail(sr, 1, "expected \"%s\" or older: saved by a newer kakudo", SAVE_MAGIC);
    }
    else
        return load_fail(sr, 1, "expected \"%s\": not a kakudo save file", SAVE_MAGIC);
    if (!parse_kind(sr, h) || !parse_format(sr, h) || !parse_boxes(sr, h) || !parse_name(sr, h))
        return false;
    if (!expect_number(sr, "elapsed", "MILLISECONDS", 0, GAME_ELAPSED_MAX, &v))
        return false;
    h->elapsed = (uint64_t)v;
    if (!expect_number(sr, "completed", "0|1", 0, 1, &v))
        return false;
    h->completed = v;
    h->completed_line = sr->line;
    if (!parse_completed_by(sr, h) || !parse_filled_cursor(sr, h) || !parse_hints(sr, h))
        return false;
    s = expect_key(sr, "key", "HEX");
    if (s == NULL)
        return false;
    if (strlen(s) != 16 || strspn(s, "0123456789abcdef") != 16)
        return load_fail(sr, sr->line, "expected \"key\" and 16 hex digits");
    memcpy(h->key, s, 17);
    h->key_line = sr->line;
    return expect_key(sr, "puzzle", "") != NULL;
}

/* Whether text's first line is a variant's name alone (what the variant format starts
 * with). */
static bool starts_with_variant(const char *text, size_t size)
{
    char name[32];
    size_t len = 0;
    unsigned flags;

    while (len < size && len < sizeof name - 1 && text[len] != '\n')
        len++;
    memcpy(name, text, len);
    name[len] = '\0';
    return puzzle_variant_by_name(name, &flags);
}

/* The lines up to "end", handed to the puzzle reader as a file of their own. */
static struct puzzle *parse_puzzle(struct save_reader *sr, const struct save_header *h)
{
    long first = sr->line + 1;
    size_t start = sr->at;
    enum format_id id = h->kind == PUZZLE_SUDOKU ? FORMAT_SUDOKU_LINE : FORMAT_KAKURO_GRID;
    struct puzzle *p = NULL;
    struct format_error ferr;
    struct reader *r;
    size_t size;
    bool ok;
    char *s;
    FILE *f;
    int rc;

    while ((s = next_line(sr, &ok)) != NULL && strcmp(s, "end") != 0)
        s[strlen(s)] = '\n';    /* keep the section's text whole for the reader */
    if (!ok)
        return NULL;
    if (s == NULL) {
        load_fail(sr, sr->line + 1, "expected \"end\" after the puzzle, the file ends here");
        return NULL;
    }
    size = (size_t)(s - (sr->buf + start));
    if (size == 0) {
        load_fail(sr, sr->line, "expected the puzzle before \"end\"");
        return NULL;
    }
    if (h->kind == PUZZLE_SUDOKU && starts_with_variant(sr->buf + start, size))
        id = FORMAT_VARIANT;    /* a variant is stored in kakudo's variant format */
    f = fmemopen(sr->buf + start, size, "r");
    if (f == NULL) {
        load_fail(sr, first, "cannot read the puzzle: %s", strerror(errno));
        return NULL;
    }
    r = reader_open(f, sr->path, id);
    rc = reader_next(r, &p, NULL, &ferr);
    if (rc > 0) {
        struct puzzle *extra = NULL;
        if (reader_next(r, &extra, NULL, &ferr) != 0) {
            puzzle_free(extra);
            puzzle_free(p);
            p = NULL;
            rc = 0;
            snprintf(ferr.message, sizeof ferr.message, "%s", _("expected one puzzle before \"end\""));
            ferr.line = 0;
        }
    } else if (rc == 0) {
        snprintf(ferr.message, sizeof ferr.message, "%s", _("expected a puzzle before \"end\""));
        ferr.line = 0;
    }
    reader_close(r);
    fclose(f);
    if (p == NULL)
        load_fail(sr, ferr.line > 0 ? first + ferr.line - 1 : first, "%s", ferr.message);
    return p;
}

/* The stored puzzle with the header's box shape and name, checked against its key. */
static bool fix_puzzle(struct save_reader *sr, const struct save_header *h, long line,
                       struct puzzle *p)
{
    struct puzzle_error perr;
    char *key;
    bool same;

    if (p->ops->kind != h->kind)
        return h->kind == PUZZLE_SUDOKU ? load_fail(sr, line, "expected a Sudoku puzzle")
                                        : load_fail(sr, line, "expected a Kakuro puzzle");
    if (p->ops->kind == PUZZLE_SUDOKU
        && (p->box_rows != h->box_rows || p->box_cols != h->box_cols)) {
        if (h->box_rows * h->box_cols != p->max_digit)
            return load_fail(sr, line, "expected boxes of %d cells for this %dx%d Sudoku",
                             p->max_digit, p->width, p->height);
        p->box_rows = h->box_rows;
        p->box_cols = h->box_cols;
        if (!puzzle_finish(p, &perr))
            return load_fail(sr, line, "%s", perr.message);
    }
    puzzle_set_name(p, h->name);
    key = game_puzzle_key(p);
    same = strcmp(key, h->key) == 0;
#ifdef KAKUDO_FUZZING
    same = true;    /* the fuzz targets' build: a fuzzer cannot forge the key, so it is not
                     * checked, and the moves behind it are reached (tests/fuzz/fuzz_save.c) */
#endif
    free(key);
    if (!same)
        return load_fail(sr, h->key_line, "expected the key of the puzzle below: the puzzle or the "
                         "key was changed");
    return true;
}

/* The moves and the position; every move must apply where it stands in the history. */
static bool replay(struct save_reader *sr, struct game *g)
{
    bool ok;
    char *s;
    long long pos;

    while ((s = next_line(sr, &ok)) != NULL && strncmp(s, "move ", 5) == 0) {
        const char *why = NULL;
        char q[QUOTED_MAX + 1];
        if (!make_move(g, s + 5, &why))
            return load_fail(sr, sr->line, "the move \"%.40s\" cannot be made: %s",
                             quoted(s + 5, q), _(why));
    }
    if (!ok)
        return false;
    if (s == NULL)
        return load_fail(sr, sr->line + 1, "expected \"move TEXT\" or \"position K\", the file ends here");
    if (strncmp(s, "position ", 9) != 0)
        return unexpected_line(sr, s, _("\"move TEXT\" or \"position K\""));
    if (!parse_value(s + 9, 0, g->nmoves, &pos))
        return load_fail(sr, sr->line, "expected \"position K\" with K from 0 to %d", g->nmoves);
    if (pos < g->nmoves)
        seek(g, (int)pos);      /* in a solved game too */
    if (sr->at < sr->len)
        return load_fail(sr, sr->line + 1, "expected the end of the file after \"position\"");
    return true;
}

static struct game *load_game(struct save_reader *sr)
{
    struct save_header h = { .name = NULL };
    struct puzzle *p = NULL;
    struct game *g = NULL;
    long puzzle_line;

    if (!parse_header(sr, &h))
        goto fail;
    puzzle_line = sr->line + 1;
    p = parse_puzzle(sr, &h);
    if (p == NULL || !fix_puzzle(sr, &h, puzzle_line, p))
        goto fail;
    g = game_new(p, &h.style);
    if (!replay(sr, g))
        goto fail;
    if (h.filled >= 0 && h.filled != game_filled_cells(g)) {
        load_fail(sr, h.filled_line, "expected \"filled %d\": the grid has that many digits",
                  game_filled_cells(g));
        goto fail;
    }
    if (h.cursor >= g->puzzle->ncells) {
        load_fail(sr, h.cursor_line, "expected \"cursor CELL\" with CELL from 0 to %d",
                  g->puzzle->ncells - 1);
        goto fail;
    }
    g->cursor = h.cursor;
    if (g->completed != h.completed) {
        if (g->completed)
            load_fail(sr, h.completed_line, "expected \"completed 1\": the grid is solved");
        else
            load_fail(sr, h.completed_line, "expected \"completed 0\": the grid is not solved");
        goto fail;
    }
    if (h.by_kakudo && g->solved) {
        load_fail(sr, h.by_line, "expected no \"completed-by kakudo\": the player solved the "
                  "grid (no solution of the solver's kept)");
        goto fail;
    }
    /* The time is the file's; replaying may have started or frozen the timer. */
    g->started_ns = 0;
    g->elapsed_ms = h.elapsed;
    g->completed_ms = g->completed ? h.elapsed : 0;
    g->hints_used = h.hints;
    memcpy(g->hint_rungs, h.rungs, sizeof g->hint_rungs);
    puzzle_free(p);
    free(h.name);
    return g;
fail:
    game_free(g);
    puzzle_free(p);
    free(h.name);
    return NULL;
}

/* Whether the file behind fd, by its size, may be a save: one past SAVE_MAX_BYTES is
 * refused before any of it is read (it was read, 64 MB of it, and then refused). */
static bool size_fits(int fd, const char *path, char *err, size_t errsize)
{
    struct stat st;
    off_t at = lseek(fd, 0, SEEK_CUR);     /* standard input is read from where it stands */

    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)
        || st.st_size - (at > 0 ? at : 0) <= SAVE_MAX_BYTES)
        return true;
    set_err(err, errsize, _("%s: too large for a save file (%jd bytes; at most %ld)"), path,
            (intmax_t)st.st_size, SAVE_MAX_BYTES);
    return false;
}

/* What a file that is no regular one is, for the message that refuses it. */
static const char *file_type(mode_t mode)
{
    return S_ISDIR(mode) ? N_("a directory") : S_ISFIFO(mode) ? N_("a FIFO")
           : S_ISCHR(mode) || S_ISBLK(mode) ? N_("a device") : S_ISSOCK(mode) ? N_("a socket")
           : N_("a special file");
}

/* Opens a save for reading: a regular file only (a FIFO would block the player, a device
 * would never end), opened without blocking and checked before anything is read. */
static FILE *open_regular(const char *path, char *err, size_t errsize)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    FILE *f;

    if (fd < 0) {
        set_err(err, errsize, "%s: %s", path, strerror(errno));
        return NULL;
    }
    if (fstat(fd, &st) != 0) {
        set_err(err, errsize, "%s: %s", path, strerror(errno));
        close(fd);
        return NULL;
    }
    if (!S_ISREG(st.st_mode)) {
        set_err(err, errsize, _("%s: %s, not a regular file"), path, _(file_type(st.st_mode)));
        close(fd);
        return NULL;
    }
    if (!size_fits(fd, path, err, errsize)) {
        close(fd);
        return NULL;
    }
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    f = fdopen(fd, "rb");
    if (f == NULL) {
        set_err(err, errsize, "%s: %s", path, strerror(errno));
        close(fd);
    }
    return f;
}

/* Where the head of a save (its header and puzzle) ends in buf[0, n): just after the
 * "end" line, or 0 if it is not there yet.  from: where to start looking. */
static size_t head_end(const char *buf, size_t n, size_t from)
{
    static const char mark[] = "\nend\n";
    size_t m = sizeof mark - 1;

    for (size_t i = from; i + m <= n; i++)
        if (buf[i] == '\n' && memcmp(buf + i, mark, m) == 0)
            return i + m;
    return 0;
}

/* buf[0, n) with each CR before a LF taken out (a save that went through an editor or a
 * checkout writing CRLF still reads, its lines numbered as before); the new length. */
static size_t drop_carriage_returns(char *buf, size_t n)
{
    size_t out = 0;

    for (size_t i = 0; i < n; i++)
        if (buf[i] != '\r' || i + 1 == n || buf[i + 1] != '\n')
            buf[out++] = buf[i];
    return out;
}

/* The rest of the open file f, read as path, into memory, at most SAVE_MAX_BYTES: all of
 * it, or (head_only) up to the end of its puzzle, so that a long history is not even read. */
static char *read_stream(FILE *f, const char *path, bool head_only, size_t *len, char *err,
                         size_t errsize)
{
    char *buf = NULL;
    size_t cap = 0, n = 0, head = 0;

    for (;;) {
        size_t got, from = n > 4 ? n - 4 : 0;
        if (n + 65536 > cap)
            buf = xgrow(buf, &cap, n + 65536, 1);
        got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (head_only && (head = head_end(buf, n, from)) != 0) {
            n = head;
            break;
        }
        if (n > (size_t)SAVE_MAX_BYTES) {
            set_err(err, errsize, _("%s: too large for a save file"), path);
            break;
        }
        if (got == 0)
            break;
    }
    if (head == 0 && n <= (size_t)SAVE_MAX_BYTES && ferror(f))
        set_err(err, errsize, "%s: %s", path, strerror(errno ? errno : EIO));
    if (head == 0 && (n > (size_t)SAVE_MAX_BYTES || ferror(f))) {
        free(buf);
        return NULL;
    }
    *len = drop_carriage_returns(buf, n);
    return buf;
}

static char *read_file(const char *path, bool head_only, size_t *len, char *err, size_t errsize)
{
    FILE *f = open_regular(path, err, errsize);
    char *buf;

    if (f == NULL)
        return NULL;
    buf = read_stream(f, path, head_only, len, err, errsize);
    fclose(f);
    return buf;
}

/* The game in sr's buffer (freed here), or NULL with *status saying why: a newer kakudo's
 * save cannot be read here, but it is no corrupt one to set aside, away from that kakudo. */
static struct game *load_buffer(struct save_reader *sr, enum game_load_status *status)
{
    struct game *g;

    *status = GAME_LOAD_CORRUPT;
    if (sr->len == 0) {
        free(sr->buf);
        set_err(sr->err, sr->errsize, _("%s:1: expected \"%s\": the file is empty"), sr->path,
                SAVE_MAGIC);
        return NULL;
    }
    g = load_game(sr);
    free(sr->buf);
    if (g != NULL)
        *status = GAME_LOAD_OK;
    else if (sr->newer)
        *status = GAME_LOAD_UNREADABLE;
    return g;
}

struct game *game_load_status(const char *path, enum game_load_status *status, char *err,
                              size_t errsize)
{
    struct save_reader sr = { .path = path, .err = err, .errsize = errsize };
    enum game_load_status dummy;
    struct game *g;

    if (status == NULL)
        status = &dummy;
    *status = GAME_LOAD_UNREADABLE;
    sr.buf = read_file(path, false, &sr.len, err, errsize);
    if (sr.buf == NULL)
        return NULL;
    g = load_buffer(&sr, status);
    if (g != NULL)
        g->save_path = xstrdup(path);
    return g;
}

struct game *game_load_stream(FILE *f, const char *name, char *err, size_t errsize)
{
    struct save_reader sr = { .path = name, .err = err, .errsize = errsize };
    enum game_load_status status;

    if (!size_fits(fileno(f), name, err, errsize))
        return NULL;
    sr.buf = read_stream(f, name, false, &sr.len, err, errsize);
    return sr.buf != NULL ? load_buffer(&sr, &status) : NULL;
}

struct game *game_load(const char *path, char *err, size_t errsize)
{
    return game_load_status(path, NULL, err, errsize);
}

bool game_peek(const char *path, struct game_summary *sum, char *err, size_t errsize)
{
    struct save_reader sr = { .path = path, .err = err, .errsize = errsize };
    struct save_header h = { .name = NULL };
    struct puzzle *p = NULL;
    long puzzle_line;

    memset(sum, 0, sizeof *sum);
    sr.buf = read_file(path, true, &sr.len, err, errsize);
    if (sr.buf == NULL)
        return false;
    if (sr.len == 0)
        set_err(err, errsize, _("%s:1: expected \"%s\": the file is empty"), path, SAVE_MAGIC);
    else if (parse_header(&sr, &h)) {
        puzzle_line = sr.line + 1;
        p = parse_puzzle(&sr, &h);
        if (p != NULL && !fix_puzzle(&sr, &h, puzzle_line, p)) {
            puzzle_free(p);
            p = NULL;
        }
    }
    free(sr.buf);
    free(h.name);
    if (p == NULL)
        return false;
    sum->puzzle = p;
    sum->completed = h.completed;
    sum->by_kakudo = h.by_kakudo;
    sum->filled = h.filled;
    sum->elapsed_ms = h.elapsed;
    sum->hints = h.hints;
    return true;
}

void game_summary_free(struct game_summary *sum)
{
    puzzle_free(sum->puzzle);
    sum->puzzle = NULL;
}
