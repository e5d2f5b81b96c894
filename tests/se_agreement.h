/* se_agreement.h: how kakudo's ratings agree with Sudoku Explainer's on puzzles SE rated: rank correlation, share within 0.2 and 0.5, by SE band and by the technique of kakudo's hardest step. */
#ifndef KAKUDO_SE_AGREEMENT_H
#define KAKUDO_SE_AGREEMENT_H

#include <stdio.h>

#include "hint.h"

/* One puzzle: SE's number and kakudo's, in tenths, and the technique of kakudo's hardest
 * step. */
struct se_pair {
    int se, ours;
    enum technique tech;
};

/* The figures over a set of pairs; "high" is SE 7.0 and up, where the chains are. */
struct se_agreement {
    int n;
    double spearman;                    /* rank correlation over all pairs */
    int nhigh, high_within2, high_within5;
    double high_mean_abs, high_mean_signed;     /* in rating points (kakudo - SE) */
};

/* Reads "PUZZLE ER" or "PUZZLE ED=ER/EP/ED" (SE's --format) from a line: the puzzle into
 * puzzle (a line kakudo's reader takes, newline-terminated, size >= 100) and ER in
 * tenths into *se; false for comments and lines of another shape. */
bool se_parse_line(const char *line, char *puzzle, size_t size, int *se);

/* The puzzle of a newline-terminated line; NULL if it is none. */
struct puzzle *se_puzzle_of(const char *line);

void se_agreement_compute(const struct se_pair *pairs, int n, struct se_agreement *a);
/* The figures, then a table by SE band (half points) and one by kakudo's hardest
 * technique, each line starting with prefix ("# " for TAP). */
void se_agreement_print(FILE *out, const char *prefix, const struct se_pair *pairs, int n);

#endif
