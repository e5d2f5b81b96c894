/* tap_puzzle.h: a unit test's puzzle from tests/data, with a TAP diagnostic when it does
 * not load (apart from test_util.h, which tests/fuzz/replay.c includes without tap.h). */
#ifndef KAKUDO_TAP_PUZZLE_H
#define KAKUDO_TAP_PUZZLE_H

#include "format.h"
#include "puzzle.h"
#include "tap.h"

/* The puzzle of $srcdir/tests/data/SPEC (FILE or FILE:N, any format), or NULL after a
 * diagnostic saying why: the test that uses it then fails on its own terms. */
static inline struct puzzle *tap_load_puzzle(const char *spec)
{
    struct format_style style;
    struct format_error err;
    struct puzzle *p = format_load(tap_data_path(spec), FORMAT_AUTO, &style, &err);

    if (p == NULL)
        tap_diag("cannot load %s: %s", spec, err.message);
    return p;
}

#endif
