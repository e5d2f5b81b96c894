/* variant.h: the variants' internals the model, formats and saves share (puzzle.h has the public part). */
#ifndef KAKUDO_VARIANT_H
#define KAKUDO_VARIANT_H

#include <stdbool.h>

#include "puzzle.h"

/* Copies from's variant (flags, region and cage maps, sums) onto to, of the same size. */
void variant_copy(struct puzzle *to, const struct puzzle *from);
/* The room a Sudoku's own block keeps for its region map (ncells bytes, after its other
 * arrays), NULL for a Kakuro's: puzzle_set_variant puts a Jigsaw's map there rather than
 * allocating it apart (an allocation and a free a puzzle were a twentieth of what solve
 * spends reading and writing an Easy Jigsaw), and variant_free does not free it. */
uint8_t *puzzle_region_room(struct puzzle *p);
/* Frees the variant's maps (puzzle_free does). */
void variant_free(struct puzzle *p);
/* Whether a and b (of the same size) have the same variant, maps and sums. */
bool variant_same(const struct puzzle *a, const struct puzzle *b);
/* Checks the variant's geometry before its groups are built: regions in range, of N
 * contiguous cells; cages contiguous, of at most N cells, with sums distinct digits can
 * make.  false with err filled (the cell concerned) on the first fault. */
bool variant_check(const struct puzzle *p, struct puzzle_error *err);
/* Its two halves, for a format that says where each map was read. */
bool variant_check_regions(const struct puzzle *p, struct puzzle_error *err);
/* The same, a region named in its messages by the symbol its map gives it ("region 'c'"),
 * symbols[cell] for each cell, as the user wrote it: not by its order in the map. */
bool variant_check_regions_named(const struct puzzle *p, const char *symbols, struct puzzle_error *err);
/* Whether a Jigsaw's regions are right (as variant_check_regions), without a message. */
bool variant_regions_fine(const struct puzzle *p);
bool variant_check_cages(const struct puzzle *p, struct puzzle_error *err);
/* Whether a Killer's cages cover every cell, as the usual Killer requires (formats ask
 * this where their variant says so), with sums adding up to the grid's digits; true for
 * other variants. */
bool variant_check_cover(const struct puzzle *p, struct puzzle_error *err);
/* The number of cells of a cage. */
int variant_cell_count(const struct puzzle *p, int cage);

#endif
