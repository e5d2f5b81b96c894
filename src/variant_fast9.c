/* variant_fast9.c: the variants' batch search for puzzles of 9 digits (9x9 grids), a 128-bit word per digit, its loops over the digits of constant length. */
#include "config.h"

#ifdef __SIZEOF_INT128__

#include "variant_cells128.h"

#ifndef FAST_SOLVE
#define FAST_SOLVE variant_fast9_solve
#endif
/* variant_fast128.c's width and room, for 9 digits alone: the compiler unrolls the loops
 * over them, and a branch copies a smaller state. */
#define FAST_MAX_CELLS 128
#define FAST_DIGITS 9
#define FAST_MAX_DIGIT FAST_DIGITS
#define FAST_WORDS 2
#define FAST_MAX_COMBOS 8192
#define FAST_MAX_SUM_GROUPS 256

#include "variant_fast_body.h"

#endif
