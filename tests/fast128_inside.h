/* fast128_inside.h: the variants' batch search at variant_fast128.c's width, compiled into a test under another name so that its shapes and rules can be looked into and called one by one; FAST128_INSIDE is defined where it is built (128-bit integers). */
#ifndef KAKUDO_FAST128_INSIDE_H
#define KAKUDO_FAST128_INSIDE_H

#ifdef __SIZEOF_INT128__
#define FAST128_INSIDE 1

/* variant_fast128.c itself, its width and room, under the test's name. */
#define FAST_SOLVE test_fast128_solve

bool test_fast128_solve(const struct puzzle *p, const uint8_t *grid, const uint8_t *avoid,
                        const struct solve_request *req, struct solve_result *res,
                        bool reading_order);

#include "variant_fast128.c"
#endif

#endif
