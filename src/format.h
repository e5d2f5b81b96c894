/* format.h: reading and writing puzzle files in every format kakudo knows, streaming. */
#ifndef KAKUDO_FORMAT_H
#define KAKUDO_FORMAT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "puzzle.h"

enum format_id {
    FORMAT_AUTO,            /* detect from the content */
    FORMAT_SUDOKU_LINE,     /* one puzzle per line: N*N symbols, '0' or '.' empty */
    FORMAT_SUDOKU_GRID,     /* N lines of N symbols, spaced (BOJ 2580) or not (BOJ 2239) */
    FORMAT_KAKURO2,         /* algospot KAKURO2: cases, 0/1 board, clues "y x dir sum" */
    FORMAT_KAKURO_GRID,     /* kakudo's readable grid: \ _ D\ \A D\A tokens */
    FORMAT_PENCILMARKS,     /* the forums' pencil-mark grid: N rows of N candidate sets */
    FORMAT_VARIANT,         /* kakudo's variant format: a variant's name, rows of digits
                             * with region and cage maps beside them, cage sums */
    FORMAT_JIGSAW_LINE,     /* N*N digits then N*N region symbols */
    FORMAT_KILLER_LINE,     /* [N*N digits] N*N cage letters, then the sums A-Z, a-z */
    FORMAT_X_LINE,          /* a one-line Sudoku read as Sudoku X (only when forced) */
};

/* How a puzzle was written, so its solution is written back the same way. */
struct format_style {
    enum format_id id;
    bool spaced;            /* FORMAT_SUDOKU_GRID: symbols separated by spaces */
    bool boxed;             /* FORMAT_SUDOKU_GRID: with | - + box separators */
    bool numbers;           /* FORMAT_SUDOKU_GRID, spaced: 10, 11... rather than A, B... */
    char empty;             /* Sudoku: the symbol of an empty cell, '0' or '.' ('\0' = '.') */
};

/* A bad file: where and what was expected.  Printed as "file:line:col: message". */
struct format_error {
    char file[256];
    long line;              /* 1-based, 0 if unknown */
    long col;               /* 1-based, 0 if unknown */
    char message[256];
};

struct reader;

/* Reads puzzles from f one at a time (constant memory for a file of a million puzzles).
 * name is used in error messages.  forced is FORMAT_AUTO or the format to assume. */
struct reader *reader_open(FILE *f, const char *name, enum format_id forced);
/* Returns 1 and a new puzzle (caller frees) with its style, 0 at the end of the input,
 * -1 on an error (err filled).  After an error the reader skips to the next puzzle where
 * the format allows it (one-line Sudoku: the next line; grids: past the next blank line;
 * KAKURO2: the next case when the bad one was read whole), so calling again continues;
 * where it cannot, the next call returns 0.  In the multi-line formats a comment line
 * right before a puzzle ("# NAME ...") names it.  A Kakuro grid without any clue whose
 * runs are all filled in (a solution file) gets the clues its digits add up to. */
int reader_next(struct reader *r, struct puzzle **out, struct format_style *style,
                struct format_error *err);
/* The format detected (or forced); FORMAT_AUTO before the first puzzle is read. */
enum format_id reader_format(const struct reader *r);
/* The pencil marks of the last puzzle read when it was a pencil-mark grid or a Kakuro
 * grid with candidates (p->ncells sets, 0 for a digit or a cell without any), else NULL;
 * valid until the next reader_next or reader_close. */
const digitset *reader_marks(const struct reader *r);
/* Whether an error lost the reader's place, so that nothing more can be read. */
bool reader_lost(const struct reader *r);
/* For a caller whose search finds clashing givens as it starts (solve): the givens of
 * one-line Sudoku, and of Sudoku X and Jigsaw whose rows are one a line as kakudo writes
 * them, and of one-line Sudoku X and Jigsaw whose digits start their line, are then not
 * checked by the reader; reader_givens_unchecked gives the line of the last puzzle read
 * so (its first row; else 0) and reader_givens_in_rows whether its digits are in rows
 * from that line on (else all on it), and format_check_givens, given them, checks them and
 * says what the reader would have said (false when they clash). */
void reader_leave_givens(struct reader *r);
long reader_givens_unchecked(const struct reader *r);
bool reader_givens_in_rows(const struct reader *r);
bool format_check_givens(const struct puzzle *p, const char *file, long line, bool rows,
                         struct format_error *err);
/* Hands back a puzzle this reader read and the caller is done with: the reader fills it
 * in again for a later 9x9 one-line puzzle rather than allocate one (a file of a million
 * lines), or frees it. */
void reader_give_back(struct reader *r, struct puzzle *p);
void reader_close(struct reader *r);
/* Passes over the puzzles before the index-th (1-based), bad ones too where the reader
 * resumes past them, as FILE:N asks: true when the next reader_next reads the index-th;
 * false with err filled when index is below 1, the input ends first or a bad puzzle
 * loses the reader's place. */
bool reader_skip_to(struct reader *r, long index, struct format_error *err);
/* The error for an input named name that ended after seen puzzles, before the one asked
 * for ("FILE has only 3 puzzles"). */
void format_error_too_few(struct format_error *err, const char *name, long seen);
/* Whether puzzle index (1-based, of FILE:N) is one of the count an input holds; if not,
 * err says why, named name ("puzzle numbers start at 1", "FILE has only 1 puzzle"). */
bool format_index_exists(const char *name, long index, long count, struct format_error *err);
/* Splits a command-line argument "FILE:N" into the file (*path, the caller frees) and N
 * (*index; a negative N is 0, which no puzzle has): true when it held a :N, false (the
 * whole argument, *index 1) when not or when the argument names an existing file itself. */
bool format_split_spec(const char *spec, char **path, long *index);

/* Writes grid (p->ncells digits) in the given style: a Sudoku line or grid, a KAKURO2
 * case (N lines of N numbers, 0 for black and clue cells), the readable Kakuro grid
 * with the digits filled in, or a pencil-mark grid ('.' for the empty cells).  grid may
 * be p->given to write the puzzle itself. */
void format_write(FILE *out, const struct puzzle *p, const uint8_t *grid,
                  const struct format_style *style);
/* The one-line style that holds p whole, for lists of puzzles (rate --format=se): a
 * Sudoku's or Sudoku X's line, a Jigsaw's digits and regions, a Killer's cages and sums.
 * False for a Kakuro and for the combinations (Killer X, Jigsaw X...), which no one-line
 * form holds. */
bool format_line_style(const struct puzzle *p, struct format_style *style);
/* Writes the KAKURO2 case count line that starts such a file. */
void format_write_kakuro2_header(FILE *out, long cases);
/* Writes p as one whole KAKURO2 case (size, 0/1 board, clue count, clues), which reads
 * back as p; a board that is not square is padded with black cells.  Givens are lost:
 * the format has none.  A run without a clue cannot be written (the format would read
 * it back with one): then nothing is written, why (size bytes) says which run (and the
 * puzzle's name) and the result is false. */
bool format_write_kakuro2_case(FILE *out, const struct puzzle *p, char *why, size_t size);

/* Writes a Sudoku position as the forums' pencil-mark grid (format_marks.c): each cell
 * its digit or its candidates (cands; NULL: those the grid leaves it), '.' with none,
 * cells padded to their column's widest, boxes between '|', borders of '-' with '.'
 * corners on top, ':' and '+' between bands, "'" at the bottom.  A Kakuro is written as
 * format_write does.  A cell left one candidate is written in brackets ("[5]"): the
 * forums write a bare digit, which reads as placed.  The reader reads it back
 * (FORMAT_PENCILMARKS): a lone symbol is a digit, several or any in brackets candidates. */
void format_write_pencilmarks(FILE *out, const struct puzzle *p, const uint8_t *grid,
                              const digitset *cands);
/* A Kakuro position the same way: its clue cells as the Kakuro grid writes them ("16\\7",
 * "\\"), each white cell its digit or its candidates ("279"; a lone one in brackets,
 * "[7]", as a lone digit is a placed one), columns padded to their widest.  The Kakuro
 * grid reader reads it back, candidates as marks. */
void format_write_kakuro_marks(FILE *out, const struct puzzle *p, const uint8_t *grid,
                               const digitset *cands);

/* Looks up a format by name ("line", "grid", "kakuro2", "kakuro"...); FORMAT_AUTO and
 * false when the name is unknown. */
bool format_by_name(const char *name, enum format_id *id);
const char *format_name(enum format_id id);

/* Error text "file:line:col: message" into buf. */
void format_error_string(const struct format_error *err, char *buf, size_t size);

/* The name messages and output give a command-line argument: "<stdin>" for "-" (standard
 * input), as every command says it, else arg with its control characters as \xNN
 * (util_escape_controls).  Returns a copy the caller frees. */
char *format_input_name(const char *arg);

/* Opens FILE or FILE:N (the Nth puzzle, 1-based; a file whose name holds the colon
 * wins) and returns that puzzle, or NULL with err filled. */
struct puzzle *format_load(const char *spec, enum format_id forced,
                           struct format_style *style, struct format_error *err);
/* format_load, also giving the puzzle's pencil marks as format_load_arg_marks does. */
struct puzzle *format_load_marks(const char *spec, enum format_id forced,
                                 struct format_style *style, digitset **marks,
                                 struct format_error *err);
/* Puzzle index (1-based) of the file at path, which is a name and never read as FILE:N;
 * its pencil marks into *marks as format_load_marks gives them (marks may be NULL). */
struct puzzle *format_load_index(const char *path, long index, enum format_id forced,
                                 struct format_style *style, digitset **marks,
                                 struct format_error *err);
/* format_load_marks for a command-line argument, where "-" (or "-:N") is standard input:
 * the puzzle's pencil marks when it was a pencil-mark grid (*marks, p->ncells sets the
 * caller frees), else *marks = NULL. */
struct puzzle *format_load_arg_marks(const char *spec, enum format_id forced,
                                     struct format_style *style, digitset **marks,
                                     struct format_error *err);

#endif
