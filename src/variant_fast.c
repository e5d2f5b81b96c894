/* variant_fast.c: the variants' batch search, by the grid's size: a 128-bit word per digit up to 128 cells, four 64-bit words up to 256. */
#include "config.h"
#include "variant_fast.h"

#include <stddef.h>

/* The search itself is variant_fast_body.h, compiled once per width: the 9x9 grids that
 * most puzzles are keep the 128-bit words, whose steps cost half the wider ones'. */
static bool fast_solve(const struct puzzle *p, const uint8_t *grid, const uint8_t *avoid,
                       const struct solve_request *req, struct solve_result *res,
                       bool reading_order)
{
#ifdef __SIZEOF_INT128__
    if (p->ncells <= 128 && p->max_digit <= 11)
        return variant_fast128_solve(p, grid, avoid, req, res, reading_order);
    return variant_fast256_solve(p, grid, avoid, req, res, reading_order);
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
