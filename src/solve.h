/* solve.h: solving either kind of puzzle, counting solutions, and watching the search. */
#ifndef KAKUDO_SOLVE_H
#define KAKUDO_SOLVE_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "puzzle.h"
#include "util.h"

enum solve_step_kind {
    STEP_PLACE,         /* a digit forced by propagation */
    STEP_ELIMINATE,     /* a candidate removed (the 9x9 search leaves out those the rules
                         * remove anyway when a digit is placed in one of the cell's groups) */
    STEP_GUESS,         /* a digit tried at a branch point */
    STEP_BACKTRACK,     /* a cell emptied again as the search backs up */
    STEP_CONTRADICTION, /* a dead end: cell has no digit left, or (cell -1) group cannot
                         * be completed, digit (when not 0) being the one with no place */
    STEP_SOLVED,        /* the grid is a solution */
};

struct solve_step {
    enum solve_step_kind kind;
    int cell;           /* -1 when the step concerns no single cell */
    int digit;          /* 0 when none */
    int depth;          /* number of guesses on the current branch */
    int choice;         /* STEP_GUESS: 1-based rank of the digit among the cell's candidates */
    int nchoices;       /* STEP_GUESS: how many candidates the cell had */
    int group;          /* STEP_CONTRADICTION: the group found broken (a digit with no place
                         * left, a Kakuro sum that cannot be made), or -1 */
    const uint8_t *grid;        /* working grid, ncells digits, read-only */
};

/* Called for every step; a non-zero return stops the search. */
struct solve_observer {
    int (*step)(const struct solve_step *step, void *user);
    void *user;
};

enum solve_strategy {
    SOLVE_SMART,    /* propagation and the most constrained cell first */
    SOLVE_PLAIN,    /* the seeds' plain backtracking: cells in reading order, digits ascending */
};

/* How much a search may do before it gives up (a field of 0: no bound).  Nodes make the
 * bound reproducible, the same on every machine; a deadline caps the wait where a user
 * waits, checked every SOLVE_CLOCK_EVERY nodes. */
struct solve_budget {
    uint64_t nodes;         /* search nodes (guesses) at most */
    uint64_t deadline_ns;   /* give up once solve_budget_now() reaches this */
    bool cpu_clock;         /* the deadline counts the calling thread's CPU time, not the
                               wall clock: batch work (rate) keeps its bound on a busy
                               machine, where a wall-clock ceiling would cut the same
                               work short one run in many */
};

#define SOLVE_CLOCK_EVERY 256

/* The budget of `kakudo solve`, rate and hint: a few seconds on a 25x25 or a 128x128
 * Kakuro, far more than any puzzle meant for people needs. */
#define SOLVE_DEFAULT_NODES 1000000u
/* The same for the plain strategy, whose nodes (a digit tried, nothing propagated) cost
 * a hundred times less: the hardest 9x9 of a known hard set takes 63 million. */
#define SOLVE_DEFAULT_PLAIN_NODES 100000000u

/* Where a player waits on a search (a hint, a check): nodes (0: the default) and a
 * deadline SOLVE_INTERACTIVE_MS from now, whichever comes first. */
#define SOLVE_INTERACTIVE_MS 3000u
struct solve_budget solve_budget_interactive(uint64_t nodes);

/* A budget of nodes only (0: none), and no deadline. */
static inline struct solve_budget solve_budget_nodes(uint64_t nodes)
{
    return (struct solve_budget){ .nodes = nodes };
}

/* Whether a search that has visited nodes nodes has spent budget (NULL: no bound). */
bool solve_budget_spent(const struct solve_budget *budget, uint64_t nodes);
/* The clock budget->deadline_ns is read on: this thread's CPU time or the wall clock. */
uint64_t solve_budget_now(const struct solve_budget *budget);

/* What is left of budget after nodes were spent (at least one node, so that a search
 * given it still gives up rather than running unbounded). */
struct solve_budget solve_budget_left(const struct solve_budget *budget, uint64_t nodes);

/* A search's storage kept from one search to the next, so that a caller running many
 * (the generator, a batch) does not allocate and fault in a board's worth of arrays each
 * time.  One per thread: a scratch serves one search at a time.  The Kakuro search uses
 * it today; the others ignore it. */
struct solve_scratch;
struct solve_scratch *solve_scratch_new(void);
void solve_scratch_free(struct solve_scratch *scratch);

struct solve_request {
    long limit;     /* stop after this many solutions: 1 = any, 2 = prove uniqueness */
    const struct solve_observer *observer;     /* NULL costs nothing */
    enum solve_strategy strategy;
    struct solve_budget budget;     /* all 0: no bound */
    struct solve_scratch *scratch;  /* NULL: the search allocates its own */
};

struct solve_stats {
    uint64_t nodes;         /* search nodes visited */
    uint64_t guesses;       /* digits tried at branch points */
    uint64_t backtracks;    /* branches that failed */
};

/* Adds the counts of more to total. */
static inline void solve_stats_add(struct solve_stats *total, const struct solve_stats *more)
{
    total->nodes += more->nodes;
    total->guesses += more->guesses;
    total->backtracks += more->backtracks;
}

struct solve_result {
    long count;             /* solutions found, at most limit */
    bool stopped;           /* the observer stopped the search */
    bool gave_up;           /* the budget ran out before the search was over: count
                             * is what was found by then */
    uint8_t *solution;      /* caller's buffer of ncells: the first solution found */
    struct solve_stats stats;
};

/* For the searches: a solution found is counted, and the first kept in res->solution. */
static inline void solve_keep_solution(struct solve_result *res, const uint8_t *grid, int ncells)
{
    if (res->count++ == 0 && res->solution != NULL)
        memcpy(res->solution, grid, (size_t)ncells);
}

/* For the searches: the next digit a branch tries, taken from its untried digits (lowest
 * first) and counted as a guess and a node; -1, taking none, once budget is spent
 * (*gave_up then set). */
static inline int solve_take_guess(digitset *untried, int *choice, struct solve_stats *stats,
                                   const struct solve_budget *budget, bool *gave_up)
{
    int d;

    if (solve_budget_spent(budget, stats->nodes)) {
        *gave_up = true;
        return -1;
    }
    d = lowest_bit(*untried);
    *untried &= *untried - 1;
    ++*choice;
    stats->guesses++;
    stats->nodes++;
    return d;
}

/* Runs the kind's search from grid (which need not be the givens).  res->solution must
 * point at ncells bytes; count, stopped and stats are filled in. */
void puzzle_solve(const struct puzzle *p, const uint8_t *grid,
                  const struct solve_request *req, struct solve_result *res);

enum solve_outcome {
    SOLVE_NONE, SOLVE_UNIQUE, SOLVE_SEVERAL, SOLVE_FOUND, SOLVE_STOPPED,
    SOLVE_SEVERAL_UNORDERED,    /* several, and the one written may not be the smallest:
                                 * a search deciding a digit ran out of its budget */
    SOLVE_UNPROVEN,     /* one written, but the budget ran out before it was known
                         * whether there are others */
    SOLVE_GAVE_UP,      /* the budget ran out before any solution was found: none
                         * written, and whether there is one is not known */
};

/* Solves as `kakudo solve` does: with check_unique, counts up to two solutions and, when
 * there are several, writes the lexicographically smallest (cells in reading order,
 * digits ascending) to solution; without, writes any one (SOLVE_FOUND).  budget (NULL:
 * SOLVE_DEFAULT_NODES) bounds all the searches together. */
enum solve_outcome puzzle_solve_first(const struct puzzle *p, const uint8_t *grid,
                                      bool check_unique, uint8_t *solution,
                                      const struct solve_budget *budget,
                                      struct solve_stats *stats);

/* The seeds' plain backtracking, for any kind (used for SOLVE_PLAIN). */
void solve_plain(const struct puzzle *p, const uint8_t *grid,
                 const struct solve_request *req, struct solve_result *res);

/* Kind-specific searches behind puzzle_ops.solve. */
void sudoku_solve(const struct puzzle *p, const uint8_t *grid,
                  const struct solve_request *req, struct solve_result *res);
void kakuro_solve(const struct puzzle *p, const uint8_t *grid,
                  const struct solve_request *req, struct solve_result *res);
/* kakuro_solve with only the nopen cells listed open: grid holds 0 in each of them and a
 * digit in every other white cell, and the runs without an open cell are taken to keep
 * their rules unchecked (the caller's own fill), so a search costs the size of the open
 * area, not of the board.  res is filled in as by puzzle_solve. */
void kakuro_solve_open(const struct puzzle *p, const uint8_t *grid, const int *open, int nopen,
                       const struct solve_request *req, struct solve_result *res);
/* Kakuro's puzzle_ops.smallest: the prefix kept propagated, each digit decided by a
 * search of the cell's independent part alone, within a budget. */
int kakuro_solve_smallest(const struct puzzle *p, const uint8_t *grid, const uint8_t *known,
                          uint8_t *solution, const struct solve_budget *budget,
                          struct solve_stats *stats);
/* Sudoku's puzzle_ops.smallest: the general search branching on the first empty cell in
 * reading order, digits ascending, so its first solution is the smallest. */
int sudoku_solve_smallest(const struct puzzle *p, const uint8_t *grid, const uint8_t *known,
                          uint8_t *solution, const struct solve_budget *budget,
                          struct solve_stats *stats);

/* The search over any Sudoku's groups, which sudoku_solve and sudoku_solve_smallest
 * take for a variant (X, Jigsaw, Killer and their combinations; variant_solve.c). */
void variant_solve(const struct puzzle *p, const uint8_t *grid,
                   const struct solve_request *req, struct solve_result *res);
int variant_solve_smallest(const struct puzzle *p, const uint8_t *grid, const uint8_t *known,
                           uint8_t *solution, const struct solve_budget *budget,
                           struct solve_stats *stats);

/* The fast 9x9 search with an observer: steps as the general search reports them, from
 * the same propagation and branching as sudoku9_solve. */
void sudoku9_solve_observed(const struct puzzle *p, const uint8_t *grid,
                            const struct solve_request *req, struct solve_result *res);
/* The general Sudoku search alone: sudoku_solve takes the 9x9 path below instead when
 * there is no observer; the benchmark compares the two. */
void sudoku_solve_general(const struct puzzle *p, const uint8_t *grid,
                          const struct solve_request *req, struct solve_result *res);

/* The fast 9x9 path (no observer): returns the number of solutions found up to limit,
 * the first written to solution; nodes and guesses are added to stats if non-NULL. */
long sudoku9_solve(const uint8_t *grid, long limit, uint8_t *solution,
                   struct solve_stats *stats);
/* The same within budget (NULL: none); *gave_up tells whether it ran out. */
long sudoku9_solve_within(const uint8_t *grid, long limit, uint8_t *solution,
                          struct solve_stats *stats, const struct solve_budget *budget,
                          bool *gave_up);

#endif
