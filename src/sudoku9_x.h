/* sudoku9_x.h: the batch search for 9x9 Sudoku X on the band bitboards of the plain 9x9 search. */
#ifndef KAKUDO_SUDOKU9_X_H
#define KAKUDO_SUDOKU9_X_H

#include <stdbool.h>
#include <stdint.h>

#include "solve.h"

/* Counts p's solutions from grid up to req->limit as variant_solve does, the first one
 * found in res->solution (unless NULL); in reading order, digits ascending, when
 * reading_order, so that it is the smallest.  false, with nothing done, when p is not a
 * 9x9 Sudoku X with 3x3 boxes and nothing else (no regions, no cages): the caller
 * searches as before.  Ignores req->observer: call it only without one. */
bool sudoku9_x_solve(const struct puzzle *p, const uint8_t *grid,
                     const struct solve_request *req, struct solve_result *res,
                     bool reading_order);

#endif
