/* fuzz_save.c: fuzz target: the save loader, past its puzzle key; a loaded game undoes, redoes and saves back. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "game.h"
#include "puzzle.h"
#include "util.h"

/*
 * The input is a save file.  Built with KAKUDO_FUZZING, game.c does not refuse a save
 * whose key line does not match its puzzle (a fuzzer cannot forge an FNV hash), so the
 * moves behind it are reached.  A save that loads must be a consistent game: undoing every
 * move gives the givens without marks, redoing them gives the same position, and it
 * saves to a file that loads as the same game.
 */

const struct fuzz_replay fuzz_replay = {
    .dirs = { "tests/fuzz/corpus/save" },
    .mutants = 1000,
};

static char dir[64], in_path[96], out_path[96];

static void remove_paths(void)
{
    unlink(in_path);
    unlink(out_path);
    rmdir(dir);
}

/* A private folder for the two files, on tmpfs when there is one (saves fsync). */
static void make_paths(void)
{
    const char *base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";

    if (dir[0] != '\0')
        return;
    snprintf(dir, sizeof dir, "%s/kakudo-fuzz-XXXXXX", base);
    if (mkdtemp(dir) == NULL)
        fuzz_fail("cannot make a folder in %s", base);
    snprintf(in_path, sizeof in_path, "%s/in.save", dir);
    snprintf(out_path, sizeof out_path, "%s/out.save", dir);
    atexit(remove_paths);
}


static void write_input(const uint8_t *data, size_t size)
{
    FILE *f = fopen(in_path, "wb");

    if (f == NULL || fwrite(data, 1, size, f) != size || fclose(f) != 0)
        fuzz_fail("cannot write %s", in_path);
}

static bool same_position(const struct game *a, const struct game *b)
{
    size_t n = (size_t)a->puzzle->ncells;

    return a->puzzle->ncells == b->puzzle->ncells && a->pos == b->pos && a->nmoves == b->nmoves
           && memcmp(a->grid, b->grid, n) == 0 && memcmp(a->marks, b->marks, n * sizeof *a->marks) == 0
           && a->completed == b->completed && a->hints_used == b->hints_used;
}

/* Undo to the start, redo to the end and back to where it was: the history holds. */
static void check_history(struct game *g)
{
    int n = g->puzzle->ncells, pos = g->pos;
    uint8_t *now = xmalloc((size_t)n), *start = xmalloc((size_t)n);

    memcpy(now, g->grid, (size_t)n);
    puzzle_start_grid(g->puzzle, start);
    while (game_undo(g))
        ;
    if (g->pos != 0 || memcmp(g->grid, start, (size_t)n) != 0)
        fuzz_fail("undoing every move does not give the givens");
    for (int cell = 0; cell < n; cell++)
        if (g->marks[cell] != 0)
            fuzz_fail("undoing every move leaves a pencil mark");
    while (game_redo(g))
        ;
    if (g->pos != g->nmoves)
        fuzz_fail("redo stops at %d of %d moves", g->pos, g->nmoves);
    while (g->pos > pos)
        game_undo(g);
    if (memcmp(g->grid, now, (size_t)n) != 0)
        fuzz_fail("undo and redo do not come back to the position");
    free(now);
    free(start);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[600];
    struct game *g, *again;

    make_paths();
    write_input(data, size);
    g = game_load(in_path, err, sizeof err);
    if (g == NULL) {
        if (err[0] == '\0')
            fuzz_fail("a save refused without a message");
        return 0;
    }
    if (g->pos < 0 || g->pos > g->nmoves)
        fuzz_fail("position %d of %d moves", g->pos, g->nmoves);
    check_history(g);
    if (!game_save(g, out_path, err, sizeof err))
        fuzz_fail("a loaded game does not save: %s", err);
    again = game_load(out_path, err, sizeof err);
    if (again == NULL)
        fuzz_fail("a saved game does not load: %s", err);
    if (!same_position(g, again))
        fuzz_fail("a saved game loads as another");
    game_free(again);
    game_free(g);
    return 0;
}
