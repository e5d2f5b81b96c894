/* variant_fast.c: the variants' batch search, by the grid's size (a 128-bit word per digit up to 128 cells, four 64-bit words up to 256) and by the CPU (the x86-64-v3 copies where it has their instructions). */
#include "config.h"
#include "variant_fast.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#ifdef HAVE_FAST_V3
#include <cpuid.h>
#endif

/* One width's search: variant_fast128_solve and the others. */
typedef bool fast_width_solve(const struct puzzle *p, const uint8_t *grid, const uint8_t *avoid,
                              const struct solve_request *req, struct solve_result *res,
                              bool reading_order);

#ifdef HAVE_FAST_V3
/* LZCNT, which __builtin_cpu_supports does not name in every compiler (Clang 14): the
 * extended CPUID leaf's ABM bit. */
static bool cpu_has_lzcnt(void)
{
    unsigned a, b, c, d;

    return __get_cpuid(0x80000001, &a, &b, &c, &d) && (c & bit_LZCNT) != 0;
}

/* Whether the CPU has every instruction FAST_V3_CFLAGS lets the compiler use (AVX2's
 * test includes the system's saving the wide registers). */
static bool cpu_has_v3(void)
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi")
        && __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt")
        && cpu_has_lzcnt();
}

/* $KAKUDO_TEST_CPU=baseline: the tests' way to run the portable copy on any CPU, to
 * compare the two. */
static bool told_baseline(void)
{
    const char *s = getenv("KAKUDO_TEST_CPU");

    return s != NULL && strcmp(s, "baseline") == 0;
}

/* 0 until decided, then 1 for the portable copies, 2 for the v3 ones; threads that
 * decide at once decide the same. */
static int v3_choice;

bool variant_fast_runs_v3(void)
{
    int choice = __atomic_load_n(&v3_choice, __ATOMIC_RELAXED);

    if (choice == 0) {
        choice = cpu_has_v3() && !told_baseline() ? 2 : 1;
        __atomic_store_n(&v3_choice, choice, __ATOMIC_RELAXED);
    }
    return choice == 2;
}
#else
bool variant_fast_runs_v3(void)
{
    return false;
}
#endif

#ifdef __SIZEOF_INT128__
/* The search for p's width, on this CPU. */
static fast_width_solve *width_solve(const struct puzzle *p)
{
    bool narrow = p->ncells <= 128 && p->max_digit <= 11;

#ifdef HAVE_FAST_V3
    if (variant_fast_runs_v3())
        return narrow ? variant_fast128_v3_solve : variant_fast256_v3_solve;
#endif
    return narrow ? variant_fast128_solve : variant_fast256_solve;
}
#endif

/* The search itself is variant_fast_body.h, compiled once per width: the 9x9 grids that
 * most puzzles are keep the 128-bit words, whose steps cost half the wider ones'. */
static bool fast_solve(const struct puzzle *p, const uint8_t *grid, const uint8_t *avoid,
                       const struct solve_request *req, struct solve_result *res,
                       bool reading_order)
{
#ifdef __SIZEOF_INT128__
    return width_solve(p)(p, grid, avoid, req, res, reading_order);
#else
    (void)p, (void)grid, (void)avoid, (void)req, (void)res, (void)reading_order;
    return false;
#endif
}

bool variant_fast_solve(const struct puzzle *p, const uint8_t *grid,
                        const struct solve_request *req, struct solve_result *res,
                        bool reading_order)
{
    return fast_solve(p, grid, NULL, req, res, reading_order);
}

bool variant_fast_solve_other(const struct puzzle *p, const uint8_t *grid, const uint8_t *avoid,
                              const struct solve_request *req, struct solve_result *res)
{
    return fast_solve(p, grid, avoid, req, res, false);
}
