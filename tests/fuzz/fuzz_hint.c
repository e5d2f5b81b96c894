/* fuzz_hint.c: fuzz target: the hint engine on arbitrary positions with pencil marks, checked against the solution. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "hint.h"
#include "puzzle.h"
#include "util.h"

/*
 * The input is a puzzle file, a line "%%", then bytes that make a position: a mode byte,
 * then per cell a digit byte and pencil-mark bytes.  In a consistent position (odd mode
 * byte, a puzzle with one solution) the digits are the solution's and the marks keep the
 * solution's digit, so every step a technique finds must agree with the solution: its
 * placements are the solution's digits and it removes no solution digit.  Any position
 * (even mode byte) may be nonsense: then the engine must only end without fault and say
 * something sane.
 */

const struct fuzz_replay fuzz_replay = {
    .dirs = { "tests/fuzz/corpus/hint" },
    .mutants = 300,
};

#define MAX_CELLS 100
#define MAX_VISITS 200

struct check {
    const struct puzzle *p;
    const uint8_t *solution;    /* NULL: no oracle */
    int visits;
};

static void check_hint(const struct hint *h, const struct check *c)
{
    const struct puzzle *p = c->p;
    char buf[HINT_TEXT_MAX];

    if (h->nplace < 0 || h->nplace > HINT_MAX_PLACE || h->nelim < 0 || h->nelim > HINT_MAX_ELIM
        || h->ncells < 0 || h->ncells > HINT_MAX_CELLS || h->ngroups < 0 || h->ngroups > HINT_MAX_GROUPS)
        fuzz_fail("%s: a list out of its array", h->name);
    if (hint_technique(h->id) == NULL)
        fuzz_fail("a hint of no technique (%d)", (int)h->id);
    for (int i = 0; i < h->nplace; i++)
        if (h->place[i].cell < 0 || h->place[i].cell >= p->ncells || h->place[i].digit < 1
            || h->place[i].digit > p->max_digit)
            fuzz_fail("%s: a placement out of range", h->name);
    for (int i = 0; i < h->nelim; i++)
        if (h->elim[i].cell < 0 || h->elim[i].cell >= p->ncells || h->elim[i].digit < 1
            || h->elim[i].digit > p->max_digit)
            fuzz_fail("%s: an elimination out of range", h->name);
    hint_where(h, buf, sizeof buf);
    hint_pattern(h, buf, sizeof buf);
    if (strlen(hint_reason(h)) >= HINT_TEXT_MAX)
        fuzz_fail("%s: a reason without its end", h->name);
    if (c->solution == NULL || h->id == TECH_MISTAKE)
        return;
    for (int i = 0; i < h->nplace; i++)
        if (c->solution[h->place[i].cell] != h->place[i].digit)
            fuzz_fail("%s places %d in cell %d, the solution has %d: %s", h->name, h->place[i].digit,
                      h->place[i].cell, c->solution[h->place[i].cell], h->text);
    for (int i = 0; i < h->nelim; i++)
        if (c->solution[h->elim[i].cell] == h->elim[i].digit)
            fuzz_fail("%s removes the solution's %d from cell %d: %s", h->name, h->elim[i].digit,
                      h->elim[i].cell, h->text);
}

static bool visit(const struct hint *h, void *user)
{
    struct check *c = user;

    check_hint(h, c);
    return ++c->visits < MAX_VISITS;
}

/* The position from the bytes; consistent with solution when it is not NULL. */
static void make_position(const struct puzzle *p, const uint8_t *solution, struct fuzz_bytes *b,
                          uint8_t *grid, digitset *marks)
{
    digitset all = (digitset)(((uint64_t)2 << p->max_digit) - 2);

    for (int cell = 0; cell < p->ncells; cell++) {
        unsigned d = fuzz_byte(b);
        digitset m = (digitset)(fuzz_byte(b) << 1 | fuzz_byte(b) << 9);

        if (p->max_digit > 16)
            m |= (digitset)fuzz_byte(b) << 17;
        grid[cell] = p->given[cell];
        marks[cell] = 0;
        if (p->block[cell] || p->given[cell] != 0)
            continue;
        if (solution != NULL) {
            grid[cell] = d & 1 ? solution[cell] : 0;
            /* No marks at all is "not marked yet"; marks are kept to the solution's. */
            if (grid[cell] == 0 && m != 0)
                marks[cell] = (m & all) | (digitset)1 << solution[cell];
        } else {
            grid[cell] = (uint8_t)(d % (unsigned)(p->max_digit + 1));
            marks[cell] = m & all;
        }
    }
}

static void run_engine(const struct puzzle *p, const uint8_t *grid, const digitset *marks,
                       const uint8_t *solution)
{
    digitset *cands = xmalloc((size_t)p->ncells * sizeof *cands);
    struct hint_position pos = {
        .p = p, .grid = grid, .cands = cands, .unique = solution != NULL, .solution = solution,
    };
    struct check c = { .p = p, .solution = solution };
    struct hint *h = xmalloc(sizeof *h);

    if (hint_for_player(p, grid, marks, h, NULL, NULL))
        check_hint(h, &c);
    hint_fill_candidates(p, grid, marks, cands);
    if (hint_next(&pos, h)) {
        uint8_t *g2 = xmalloc((size_t)p->ncells);
        memcpy(g2, grid, (size_t)p->ncells);
        check_hint(h, &c);
        hint_apply(p, h, g2, cands);
        free(g2);
        hint_fill_candidates(p, grid, marks, cands);
    }
    hint_all(&pos, visit, &c);
    free(h);
    free(cands);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *text;
    size_t text_len;
    struct fuzz_bytes b;
    struct puzzle *p;
    uint8_t *grid, *solution;
    digitset *marks;
    bool consistent;

    fuzz_split(data, size, &text, &text_len, &b);
    if ((p = fuzz_first_puzzle(text, text_len, MAX_CELLS)) == NULL)
        return 0;
    consistent = fuzz_byte(&b) & 1;
    grid = xmalloc((size_t)p->ncells);
    solution = xmalloc((size_t)p->ncells);
    marks = xmalloc((size_t)p->ncells * sizeof *marks);
    if (consistent && hint_count_solutions(p, p->given, solution) != 1)
        consistent = false;
    make_position(p, consistent ? solution : NULL, &b, grid, marks);
    run_engine(p, grid, marks, consistent ? solution : NULL);
    free(marks);
    free(solution);
    free(grid);
    puzzle_free(p);
    return 0;
}
