/* hint_links.h: a position's candidates as the nodes of chains, with their links
 * (shared by hint_aic.c and hint_forcing.c; not for callers). */
#ifndef KAKUDO_HINT_LINKS_H
#define KAKUDO_HINT_LINKS_H

#include "hint.h"
#include "util.h"

/*
 * A node is a candidate of an empty cell, numbered from 0 in reading order.  Two nodes are
 * strongly linked when one of them must be true (the two digits of a two-digit cell, the
 * two places of a digit in a unit), weakly linked when they cannot both be true (two
 * digits of one cell, one digit in two cells sharing a unit; in Kakuro also two digits
 * of a run's cells that no combination of its sum holds together).  A strong link here
 * is always weak as well.
 */
/* A cell's groups: row, column, box or region, two diagonals and a cage at most. */
#define LINKS_MAX_UNITS PUZZLE_MAX_CELL_GROUPS
/* The slots past row, column and box, where a variant's extra groups go. */
#define LINKS_FIRST_EXTRA 3

struct cand_links {
    struct hint_search *s;
    const struct hint_position *pos;
    const struct puzzle *p;
    int stride;                 /* max_digit + 1 */
    int nnodes;                 /* the position's candidates */
    int *node_first;            /* per cell: the node of its lowest candidate (the others
                                 * follow in digit order), or -1 for a filled cell */
    int *node_cell;             /* per node */
    uint8_t *node_digit;        /* per node */
    int (*unit)[LINKS_MAX_UNITS];       /* per cell: its row, column and box or region
                                 * (group indices), then a variant's diagonals and cage;
                                 * Kakuro: its across and down runs; -1 where it has none */
    int *peer_start;            /* the peers of cell c: peers[peer_start[c] .. peer_start[c + 1]) */
    int *peers;
    struct sum_links *sums;     /* Kakuro: the runs' sum links (hint_kakuro_links.c), or NULL */
    struct group_nodes *groups; /* Sudoku: the group nodes (links_groups), built on first use */
};

struct forcing_memo;

/* What the chain techniques keep in a search (hint_search.chains). */
struct hint_chains {
    struct cand_links links;
    struct forcing_memo *memo;  /* hint_forcing.c's */
    uint8_t *plain;             /* hint_aic.c's: per candidate, what ungrouped chains prove, */
    bool plain_done[2];         /* once the chains' [0] and loops' [1] search has run whole */
    bool plain_cut;             /* one of them ran out of effort (a large open grid) */
};

/*
 * Group nodes (Sudoku only): the two or more cells where a box and a row or column cross
 * that can hold a digit, standing for "the digit is in one of these cells".  They are
 * numbered after the candidates: nodes nnodes .. nnodes + links_groups() - 1.  A group
 * and a node of its digit are strongly linked in a unit holding both when every place of
 * the digit in that unit is in one of them, weakly linked when every cell of one sees
 * every cell of the other.  The functions below named *_any take either kind of node.
 */

/* Builds the group nodes on first use; their count (0 for Kakuro). */
int links_groups(struct cand_links *l);
static inline bool links_is_group(const struct cand_links *l, int node)
{
    return node >= l->nnodes;
}
/* The digit of any node; its cells (a candidate's one cell), and their count. */
int links_digit_any(const struct cand_links *l, int node);
int links_cells_any(const struct cand_links *l, int node, const int **cells);
/* Whether nodes a and b (different, either kind) cannot both be true. */
bool links_weak_any(const struct cand_links *l, int a, int b);
/* The nodes of either kind strongly linked with node, each once; their count (at most
 * LINKS_MAX_STRONG: the cell's other digit and one per unit). */
#define LINKS_MAX_STRONG (1 + LINKS_MAX_UNITS)
int links_strong_any(const struct cand_links *l, int node, int *out);
/* The nodes of either kind weakly linked with node; their count (at most
 * LINKS_MAX_WEAK_ANY). */
int links_weak_all_any(const struct cand_links *l, int node, int *out);
#define LINKS_MAX_WEAK_ANY (2 * PUZZLE_MAX_DIGIT + 3 * SUDOKU_MAX_SIZE + SUM_LINKS_MAX \
                            + 6 * SUDOKU_MAX_SIZE)
/* links_strong_reason for nodes of either kind. */
int links_strong_reason_any(const struct cand_links *l, int a, int b);
/* "r4c7" for a candidate's cell; for a group's, the line once and the numbers of its
 * cells along it: "r4c78", "r23c5" ("r12c10/11" where numbers have two digits). */
const char *links_cells_words(const struct hint *h, const struct cand_links *l, int node);

/* The search's candidate graph, built on first use. */
struct cand_links *links_get(struct hint_search *s);
void forcing_memo_free(struct forcing_memo *memo);      /* hint_forcing.c */

/* The node of digit d in cell, which must be one of the cell's candidates: after the
 * nodes of its lower candidates (no table per cell and digit: at 60x60 it took 144 kB). */
static inline int links_node(const struct cand_links *l, int cell, int digit)
{
    return l->node_first[cell] + popcount32(l->pos->cands[cell] & ((1u << digit) - 1));
}

static inline int links_cell(const struct cand_links *l, int node)
{
    return l->node_cell[node];
}

static inline int links_digit(const struct cand_links *l, int node)
{
    return l->node_digit[node];
}

/* Two different cells sharing a group: row, column, box, region, diagonal or cage. */
bool links_sees(const struct cand_links *l, int a, int b);
/* Whether nodes a and b (different) cannot both be true. */
bool links_weak(const struct cand_links *l, int a, int b);
/* The nodes strongly linked with node, each once; their count (at most LINKS_MAX_STRONG). */
int links_strong(const struct cand_links *l, int node, int *out);
/* The nodes weakly linked with node; their count. */
int links_weak_all(const struct cand_links *l, int node, int *out);
/* What makes the weak link from a to b a Kakuro sum link (two digits of a run that no
 * combination of its sum holds together): the run; -1 for a plain weak link. */
int links_weak_reason(const struct cand_links *l, int a, int b);
/* What makes the strong link from a to b: the unit where their digit has only those two
 * places, or -1 for a's cell holding only their two digits. */
int links_strong_reason(const struct cand_links *l, int a, int b);
/* The cells of a's peers that hold digit d; their count. */
int links_peers_with(const struct cand_links *l, int cell, int d, int *out);

#endif
