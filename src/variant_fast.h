/* variant_fast.h: the batch search for variants of up to 256 cells (per-digit bitboards), without an observer. */
#ifndef KAKUDO_VARIANT_FAST_H
#define KAKUDO_VARIANT_FAST_H

#include <stdbool.h>
#include <stdint.h>

#include "solve.h"

/* Counts p's solutions from grid up to req->limit as variant_solve does (the first one
 * found in res->solution; in reading order, digits ascending, when reading_order, so it
 * is the smallest).  false, with nothing done, when p does not fit this search (more
 * than 256 cells, digits above 16, or no 128-bit integers): the caller searches as
 * before.  Ignores req->observer: call it only without one. */
bool variant_fast_solve(const struct puzzle *p, const uint8_t *grid,
                        const struct solve_request *req, struct solve_result *res,
                        bool reading_order);

/* As variant_fast_solve (not in reading order), but res->solution gets the first solution
 * found that differs from avoid (avoid itself when no other is found): where a second
 * solution differs from the one meant. */
bool variant_fast_solve_other(const struct puzzle *p, const uint8_t *grid, const uint8_t *avoid,
                              const struct solve_request *req, struct solve_result *res);

/* The search at each width (variant_fast128.c: up to 128 cells and 11 digits,
 * variant_fast256.c: up to 256 and 16), as variant_fast_solve_other where avoid is not
 * NULL: variant_fast.c picks one by the grid's size. */
bool variant_fast128_solve(const struct puzzle *p, const uint8_t *grid, const uint8_t *avoid,
                           const struct solve_request *req, struct solve_result *res,
                           bool reading_order);
bool variant_fast256_solve(const struct puzzle *p, const uint8_t *grid, const uint8_t *avoid,
                           const struct solve_request *req, struct solve_result *res,
                           bool reading_order);

/* The same two compiled for x86-64-v3 CPUs (variant_fast128_v3.c, variant_fast256_v3.c),
 * where configure found the compiler takes their instructions (HAVE_FAST_V3):
 * variant_fast.c runs them where the CPU has those instructions too. */
#ifdef HAVE_FAST_V3
bool variant_fast128_v3_solve(const struct puzzle *p, const uint8_t *grid, const uint8_t *avoid,
                              const struct solve_request *req, struct solve_result *res,
                              bool reading_order);
bool variant_fast256_v3_solve(const struct puzzle *p, const uint8_t *grid, const uint8_t *avoid,
                              const struct solve_request *req, struct solve_result *res,
                              bool reading_order);
#endif

/* Whether the search runs its x86-64-v3 copies: built with them, on a CPU that has their
 * instructions, and not told otherwise ($KAKUDO_TEST_CPU=baseline).  Decided at the first
 * call, then kept. */
bool variant_fast_runs_v3(void);

#endif
