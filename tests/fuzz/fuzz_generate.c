/* fuzz_generate.c: fuzz target: the generator's requests, sound or not, stopped after a few steps. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "generate.h"
#include "hint.h"
#include "puzzle.h"
#include "util.h"

/*
 * The input's bytes make a gen_request: kind, sizes, level and symmetry anywhere in
 * their types' range (most are refused, with a message), a seed, and how many progress
 * ticks to allow before cancelling and the attempts to make at most (so a run is short
 * and the same on every machine).
 * Then the level and symmetry names from the rest of the input.  A puzzle the generator
 * hands out must be what was asked for: the size, exactly one solution, givens without
 * conflict, the symmetry, and the level when it says GEN_OK.
 */

const struct fuzz_replay fuzz_replay = {
    .dirs = { "tests/fuzz/corpus/generate" },
    .mutants = 300,
};

/* Boards larger than this are checked but not generated: the fuzzer's time goes further. */
#define MAX_SUDOKU 9
#define MAX_KAKURO_SIDE 10

struct ticks {
    int left;
};

static bool stop_after(const struct gen_progress *progress, void *user)
{
    struct ticks *t = user;

    (void)progress;
    return --t->left < 0;
}

/* An int from the bytes: mostly near the sizes that matter, sometimes anything. */
static int fuzz_int(struct fuzz_bytes *b)
{
    unsigned sel = fuzz_byte(b);

    if (sel < 200)
        return (int)(sel % 40) - 4;
    return (int)(uint32_t)(fuzz_u64(b) >> 32);
}

static void check_result(const struct gen_request *req, const struct gen_result *res)
{
    const struct puzzle *p = res->puzzle;
    uint8_t *solution, *bad;

    if (res->status == GEN_INVALID && res->message[0] == '\0')
        fuzz_fail("an invalid request without a message");
    if (res->status == GEN_INVALID || res->status == GEN_CANCELLED || res->status == GEN_GAVE_UP) {
        if (p != NULL)
            fuzz_fail("a puzzle handed out with status %d", (int)res->status);
        return;
    }
    if (p == NULL)
        fuzz_fail("no puzzle with status %d", (int)res->status);
    if (p->ops->kind != req->kind
        || (req->kind == PUZZLE_SUDOKU ? p->width != req->size
                                       : p->width != req->width || p->height != req->height))
        fuzz_fail("a puzzle of another kind or size");
    solution = xmalloc((size_t)p->ncells);
    bad = xmalloc((size_t)p->ncells);
    if (hint_count_solutions(p, p->given, solution) != 1)
        fuzz_fail("a generated puzzle without exactly one solution");
    if (puzzle_conflicts(p, p->given, bad) != 0)
        fuzz_fail("a generated puzzle whose givens conflict");
    if (req->kind == PUZZLE_SUDOKU && !gen_is_symmetric(p, req->symmetry))
        fuzz_fail("a generated Sudoku without the symmetry asked for");
    if (res->status == GEN_OK && req->level != GEN_ANY_LEVEL && (int)res->grade.level != req->level)
        fuzz_fail("GEN_OK at level %d, asked for %d", (int)res->grade.level, req->level);
    free(bad);
    free(solution);
}

/* The rest of the input as names, as the command line would pass them. */
static void check_names(struct fuzz_bytes *b)
{
    char name[64];
    size_t n = b->size - b->at < sizeof name - 1 ? b->size - b->at : sizeof name - 1;
    enum gen_symmetry sym;
    int level;

    memcpy(name, b->data + b->at, n);
    name[n] = '\0';
    if (gen_symmetry_by_name(name, &sym) && ((int)sym < 0 || sym >= GEN_SYM_COUNT))
        fuzz_fail("the symmetry \"%s\" is %d", name, (int)sym);
    if (gen_level_by_name(name, &level) && level != GEN_ANY_LEVEL && (level < 0 || level >= LEVEL_COUNT))
        fuzz_fail("the level \"%s\" is %d", name, level);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct fuzz_bytes b = { .data = data, .size = size };
    struct gen_request req = { .kind = fuzz_byte(&b) & 1 ? PUZZLE_KAKURO : PUZZLE_SUDOKU };
    struct ticks ticks;
    struct gen_result res;
    char why[200];
    bool small;

    req.size = fuzz_int(&b);
    req.width = fuzz_int(&b);
    req.height = fuzz_int(&b);
    req.level = fuzz_int(&b) % (LEVEL_COUNT + 2) - 1;
    req.symmetry = (enum gen_symmetry)(fuzz_int(&b) % (GEN_SYM_COUNT + 1));
    req.seed = fuzz_u64(&b);
    req.progress = stop_after;
    req.user = &ticks;
    ticks.left = 1 + fuzz_below(&b, 40);
    req.max_attempts = fuzz_below(&b, 4);
    small = req.kind == PUZZLE_SUDOKU ? req.size <= MAX_SUDOKU
                                      : req.width <= MAX_KAKURO_SIDE && req.height <= MAX_KAKURO_SIDE;
    if (gen_check_request(&req, why, sizeof why) && small) {
        gen_generate(&req, &res);
        check_result(&req, &res);
        puzzle_free(res.puzzle);
    } else if (!gen_check_request(&req, why, sizeof why) && why[0] == '\0') {
        fuzz_fail("a request refused without a message");
    }
    check_names(&b);
    return 0;
}
