/* variant_fast128.c: the variants' batch search for grids of up to 128 cells (up to 11x11), a 128-bit word per digit. */
#include "config.h"

#ifdef __SIZEOF_INT128__

#include "variant_cells128.h"

/* A test compiles this width under its own name (test_variant_geometry.c, fast128_inside.h). */
#ifndef FAST_SOLVE
#define FAST_SOLVE variant_fast128_solve
#endif
#define FAST_MAX_CELLS 128
#define FAST_MAX_DIGIT 11
#define FAST_WORDS 2
#define FAST_MAX_COMBOS 8192
/* The puzzle's cages and those the rule of 45 adds. */
#define FAST_MAX_SUM_GROUPS 256

#include "variant_fast_body.h"

#endif
