/* game_hint.c: many cells changed as one move: a hint applied (its marks removed, its digits
 * placed), a position's pencil marks taken in. */
#include "config.h"
#include "game.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hint.h"
#include "util.h"

/* A move string being built; parts are joined by ';'. */
struct move_text {
    char *s;
    size_t len, cap;
};

static void add_part(struct move_text *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void add_part(struct move_text *m, const char *fmt, ...)
{
    char part[64];
    va_list ap;
    size_t n;

    va_start(ap, fmt);
    vsnprintf(part, sizeof part, fmt, ap);
    va_end(ap);
    n = strlen(part);
    m->s = xgrow(m->s, &m->cap, m->len + n + 2, 1);
    if (m->len > 0)
        m->s[m->len++] = ';';
    memcpy(m->s + m->len, part, n + 1);
    m->len += n;
}

/* "K<cell>,<symbols>": the cell's marks set to exactly marks. */
static void add_marks(struct move_text *m, const struct puzzle *p, int cell, digitset marks)
{
    char symbols[PUZZLE_MAX_DIGIT + 1];
    int n = 0;

    for (int d = 1; d <= p->max_digit; d++)
        if (marks & (1u << d))
            symbols[n++] = sudoku_symbol(d);
    symbols[n] = '\0';
    add_part(m, "K%d,%s", cell, symbols);
}

/* The candidates the hint reasoned from: the player's marks, or (none pencilled) what the
 * digits alone allow; so the marks left are exactly what the hint proved, no more. */
static digitset shown_marks(const struct game *g, int cell)
{
    digitset basic = hint_basic_candidates(g->puzzle, g->grid, cell);

    return g->marks[cell] != 0 ? g->marks[cell] & basic : basic;
}

/* A mistake: a wrong digit is erased; a cell whose marks lost a possible digit gets its
 * candidates back. */
static void mistake_move(struct move_text *m, const struct game *g, const struct hint *h)
{
    int cell = h->cells[0];

    if (g->grid[cell] != 0)
        add_part(m, "E%d", cell);
    else
        add_marks(m, g->puzzle, cell, g->marks[cell] | puzzle_candidates(g->puzzle, g->grid, cell));
}

/* Eliminations first (one K per cell), then placements, which also clear their digit
 * from the marks of the cells they see. */
static void step_move(struct move_text *m, const struct game *g, const struct hint *h)
{
    const struct puzzle *p = g->puzzle;
    bool *done = xcalloc((size_t)p->ncells, sizeof *done);

    for (int i = 0; i < h->nelim; i++) {
        int cell = h->elim[i].cell;
        digitset removed = 0;

        if (done[cell] || g->grid[cell] != 0)
            continue;
        done[cell] = true;
        for (int j = i; j < h->nelim; j++)
            if (h->elim[j].cell == cell)
                removed |= 1u << h->elim[j].digit;
        add_marks(m, p, cell, shown_marks(g, cell) & ~removed);
    }
    for (int i = 0; i < h->nplace; i++)
        add_part(m, "S%d,%d", h->place[i].cell, h->place[i].digit);
    free(done);
}

/* Makes the move built (freeing its text); one without parts is refused with nothing. */
static bool make_built_move(struct game *g, struct move_text *m, const char *nothing,
                            const char **why)
{
    bool ok;

    if (m->s == NULL) {
        if (why != NULL)
            *why = nothing;
        return false;
    }
    ok = game_move(g, m->s, why);
    free(m->s);
    return ok;
}

bool game_apply_hint(struct game *g, const struct hint *h, const char **why)
{
    struct move_text m = { .s = NULL };

    if (h->id == TECH_MISTAKE && h->ncells > 0)
        mistake_move(&m, g, h);
    else
        step_move(&m, g, h);
    return make_built_move(g, &m, "That hint changes nothing", why);
}

bool game_take_marks(struct game *g, const digitset *marks, const char **why)
{
    const struct puzzle *p = g->puzzle;
    struct move_text m = { .s = NULL };
    digitset digits = ((digitset)2 << p->max_digit) - 2;

    for (int cell = 0; cell < p->ncells; cell++)
        if (game_cell_editable(g, cell) && g->grid[cell] == 0
            && (marks[cell] & digits) != g->marks[cell])
            add_marks(&m, p, cell, marks[cell] & digits);
    return make_built_move(g, &m, "Those marks change nothing", why);
}
