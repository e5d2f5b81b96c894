/* fuzz_moves.c: fuzz target: move strings, undo and redo on a puzzle read from the input. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "game.h"
#include "puzzle.h"
#include "util.h"

/*
 * The input is a puzzle file, a line "%%", then one move per line (game.h's move
 * strings), "<" for undo and ">" for redo.  After every step the game must be sane:
 * givens and black cells untouched, digits and marks in range, undo possible exactly
 * when some move is done.  At the end, undoing everything gives the givens without
 * marks, and redoing everything gives the last position back.
 */

const struct fuzz_replay fuzz_replay = {
    .dirs = { "tests/fuzz/corpus/moves" },
    .mutants = 1000,
};

#define MAX_CELLS 400
#define MAX_STEPS 2000

static void check_sane(const struct game *g)
{
    const struct puzzle *p = g->puzzle;
    digitset all = (digitset)(((uint64_t)2 << p->max_digit) - 2);

    /* A game the player solved is over: nothing can be undone or redone any more. */
    if (g->pos < 0 || g->pos > g->nmoves || game_can_undo(g) != (g->pos > 0 && !g->solved)
        || game_can_redo(g) != (g->pos < g->nmoves && !g->solved))
        fuzz_fail("history position %d of %d", g->pos, g->nmoves);
    for (int cell = 0; cell < p->ncells; cell++) {
        if (p->block[cell] && (g->grid[cell] != 0 || g->marks[cell] != 0))
            fuzz_fail("a digit or mark in the black cell %d", cell);
        if (p->given[cell] != 0 && g->grid[cell] != p->given[cell])
            fuzz_fail("the given of cell %d changed", cell);
        if (g->grid[cell] > p->max_digit || (g->marks[cell] & ~all) != 0)
            fuzz_fail("cell %d holds a digit or mark out of range", cell);
    }
}

static void play(struct game *g, struct fuzz_bytes *moves)
{
    char line[4096];
    int steps = 0;

    while (moves->at < moves->size && steps++ < MAX_STEPS) {
        const char *s = (const char *)moves->data + moves->at, *why = NULL;
        const char *nl = memchr(s, '\n', moves->size - moves->at);
        size_t len = nl != NULL ? (size_t)(nl - s) : moves->size - moves->at;

        moves->at += len + (nl != NULL);
        if (len >= sizeof line)
            len = sizeof line - 1;
        memcpy(line, s, len);
        line[len] = '\0';
        if (strcmp(line, "<") == 0)
            game_undo(g);
        else if (strcmp(line, ">") == 0)
            game_redo(g);
        else if (!game_move(g, line, &why) && why == NULL)
            fuzz_fail("the move \"%.40s\" refused without a reason", line);
        check_sane(g);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *text;
    size_t text_len;
    struct fuzz_bytes moves;
    struct puzzle *p;
    struct game *g;
    uint8_t *last, *start;
    int n;

    fuzz_split(data, size, &text, &text_len, &moves);
    if ((p = fuzz_first_puzzle(text, text_len, MAX_CELLS)) == NULL)
        return 0;
    g = game_new(p, NULL);
    n = p->ncells;
    play(g, &moves);
    last = xmalloc((size_t)n);
    start = xmalloc((size_t)n);
    puzzle_start_grid(p, start);
    memcpy(last, g->grid, (size_t)n);
    if (g->solved) {
        /* The player's solve stands: no undo, no redo, the board as it is. */
        if (game_undo(g) || game_redo(g) || memcmp(g->grid, last, (size_t)n) != 0)
            fuzz_fail("a solved game moved through its history");
    } else {
        while (game_redo(g))
            ;
        memcpy(last, g->grid, (size_t)n);
        while (game_undo(g))
            ;
        if (memcmp(g->grid, start, (size_t)n) != 0)
            fuzz_fail("undoing every move does not give the givens");
        for (int cell = 0; cell < n; cell++)
            if (g->marks[cell] != 0)
                fuzz_fail("undoing every move leaves a pencil mark");
        while (game_redo(g))
            ;
        if (memcmp(g->grid, last, (size_t)n) != 0)
            fuzz_fail("redoing every move does not give the last position");
    }
    free(last);
    free(start);
    game_free(g);
    puzzle_free(p);
    return 0;
}
