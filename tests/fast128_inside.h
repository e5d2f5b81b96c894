/* fast128_inside.h: the variants' batch search at variant_fast128.c's width, compiled into a test under another name so that its shapes and rules can be looked into and called one by one; FAST128_INSIDE is defined where it is built (128-bit integers). */
#ifndef KAKUDO_FAST128_INSIDE_H
#define KAKUDO_FAST128_INSIDE_H

#ifdef __SIZEOF_INT128__
#define FAST128_INSIDE 1

#include "variant_cells128.h"

#define FAST_SOLVE test_fast128_solve
#define FAST_MAX_CELLS 128
#define FAST_MAX_DIGIT 11
#define FAST_WORDS 2
#define FAST_MAX_COMBOS 8192
#define FAST_MAX_SUM_GROUPS 256

bool test_fast128_solve(const struct puzzle *p, const uint8_t *grid, const uint8_t *avoid,
                        const struct solve_request *req, struct solve_result *res,
                        bool reading_order);

#include "variant_fast_body.h"
#endif

#endif
