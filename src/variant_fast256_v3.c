/* variant_fast256_v3.c: the 256-bit batch search again, compiled for x86-64-v3 CPUs (POPCNT, LZCNT, BMI1/2, AVX2); variant_fast.c runs it where the CPU has them. */
#include "config.h"

/* As variant_fast128_v3.c: empty where configure found no FAST_V3_CFLAGS. */
#ifdef HAVE_FAST_V3
#define FAST_SOLVE variant_fast256_v3_solve
#include "variant_fast256.c"
#endif
