/* variant_fast128_v3.c: the 128-bit batch search again, compiled for x86-64-v3 CPUs (POPCNT, LZCNT, BMI1/2, AVX2); variant_fast.c runs it where the CPU has them. */
#include "config.h"

/* HAVE_FAST_V3 (config.h) where configure found the compiler takes FAST_V3_CFLAGS, given to
 * this file alone (Makefile.am): elsewhere this file is empty and the portable copy runs alone. */
#ifdef HAVE_FAST_V3
#define FAST_SOLVE variant_fast128_v3_solve
#include "variant_fast128.c"
#endif
