/* fuzz_grade.c: fuzz target: the grader on every small puzzle of a file. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "fuzz.h"
#include "hint.h"
#include "puzzle.h"
#include "util.h"

/*
 * The input is a puzzle file; its first few puzzles of up to MAX_CELLS cells are rated.
 * What must hold: the rating ends, it says a puzzle is rated exactly when it has a
 * solution, its uniqueness agrees with the solver's count, its level is the hardest
 * technique's, its counts add up to its steps, and its description is a sentence.
 */

const struct fuzz_replay fuzz_replay = {
    .dirs = { "tests/fuzz/corpus/grade" },
    .mutants = 300,
};

#define MAX_CELLS 100
#define MAX_PUZZLES 4

static void check_grade(const struct puzzle *p)
{
    struct grade g;
    uint8_t *solution = xmalloc((size_t)p->ncells);
    int count = hint_count_solutions(p, p->given, solution), steps = 0;
    bool rated = grade_puzzle(p, &g);
    char buf[1000];

    /* A search that ran out of its budget (count -1) settles nothing to compare with. */
    if (count >= 0 && rated != (count > 0))
        fuzz_fail("rated %d with %d solutions", rated, count);
    if (count >= 0 && rated && !g.gave_up && g.unique != (count == 1))
        fuzz_fail("unique %d with %d solutions", g.unique, count);
    for (int t = 0; t < TECH_COUNT; t++) {
        if (g.counts[t] < 0)
            fuzz_fail("a negative count");
        steps += g.counts[t];
    }
    if (steps != g.steps || g.score < 0)
        fuzz_fail("%d steps counted as %d, score %ld", steps, g.steps, g.score);
    if (rated && hint_technique(g.hardest)->level != g.level)
        fuzz_fail("level %d, hardest technique's %d", (int)g.level, (int)hint_technique(g.hardest)->level);
    grade_describe(&g, buf, sizeof buf);
    if (buf[0] == '\0')
        fuzz_fail("an empty description");
    free(solution);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f;
    struct reader *r;
    struct puzzle *p;
    struct format_error err;
    int rc, puzzles = 0;

    if (size == 0 || (f = fmemopen((void *)(uintptr_t)data, size, "rb")) == NULL)
        return 0;
    r = reader_open(f, "fuzz", FORMAT_AUTO);
    while (puzzles < MAX_PUZZLES && (rc = reader_next(r, &p, NULL, &err)) != 0) {
        puzzles++;
        if (rc < 0)
            continue;
        if (p->ncells <= MAX_CELLS)
            check_grade(p);
        puzzle_free(p);
    }
    reader_close(r);
    fclose(f);
    return 0;
}
