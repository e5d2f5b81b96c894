/* variant_fast256.c: the variants' batch search for grids of up to 256 cells (12x12 to 16x16), four 64-bit words per digit. */
#include "config.h"

#ifdef __SIZEOF_INT128__

#include "variant_cells256.h"

/* A test compiles this width under its own name (test_variant_geometry.c). */
#ifndef FAST_SOLVE
#define FAST_SOLVE variant_fast256_solve
#endif
#define FAST_MAX_CELLS 256
#define FAST_MAX_DIGIT 16
#define FAST_WORDS 4
/* A 16x16 Killer's 80-odd cages of up to 16 digits have more sets than a 9x9's. */
#define FAST_MAX_COMBOS 32768
#define FAST_MAX_SUM_GROUPS 512

#include "variant_fast_body.h"

#endif
