/* format_internal.h: the reader's line source and messages, for the format files beside format.c. */
#ifndef KAKUDO_FORMAT_INTERNAL_H
#define KAKUDO_FORMAT_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "format.h"

/* One line of the reader's lookahead, as a format file sees it. */
struct fmt_line {
    const char *text;       /* without the line end, NUL-terminated */
    size_t len;
    long number;            /* 1-based */
    bool blank, comment;    /* only spaces; a '#' comment */
    bool faulty;            /* too long, binary or not UTF-8: fmt_fail_fault says which */
};

/* Line k (0 = the next) of the lookahead; false at the end of the input. */
bool fmt_peek(struct reader *r, int k, struct fmt_line *out);
/* Consumes the next line. */
void fmt_drop(struct reader *r);
/* Fills err with "file:line:col: message" parts; returns -1. */
int fmt_fail(const struct reader *r, struct format_error *err, long line, long col,
             const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* The fault of the next line (fmt_line.faulty); returns -1. */
int fmt_fail_fault(struct reader *r, struct format_error *err);
/* "unexpected end of file: expected WHAT" at the end of the input; returns -1. */
int fmt_fail_at_end(struct reader *r, struct format_error *err, const char *what);
/* Skips blank and comment lines to the next content line; a comment right before it
 * names the puzzle (*name, caller frees, or NULL).  False at the end of the input. */
bool fmt_reach_puzzle(struct reader *r, char **name);
/* Builds the groups of a Sudoku variant whose maps are checked, and checks its givens
 * (puzzle_finish_maps_checked), sharing the groups of the last one of the same layout
 * where every puzzle of a size has the same (Sudoku X).  Its givens may be left to the
 * caller (reader_leave_givens) where the place of a clash follows from a line alone:
 * rows_line, when not 0, is the line of the first of its rows, read one a line with cell
 * c of a row at column c + 1; digits_line, when not 0, the line that holds all its
 * digits, cell i at column i + 1 (a one-line form). */
bool fmt_finish_variant_groups(struct reader *r, struct puzzle *p, long rows_line, long digits_line,
                               struct puzzle_error *err);
/* Room for a reader's work on one puzzle, at least size bytes, its contents undefined:
 * kept across the puzzles of a file and freed with the reader, valid until the next call. */
void *fmt_scratch(struct reader *r, size_t size);
/* The symbols of n digits of grid into out ('.' or '0', as empty says, for an empty
 * cell), eight at a time where they are 1-9. */
void fmt_digit_symbols(const uint8_t *grid, int n, char empty, char *out);
/* 0 for an empty cell ('0', '.'), the digit of a Sudoku symbol, -1 for anything else. */
int fmt_symbol_value(int ch);

/* format_variant.c: the variants' formats. */

/* The variant format a first content line can only be (FORMAT_VARIANT for a variant's
 * name alone, FORMAT_JIGSAW_LINE, FORMAT_KILLER_LINE), or FORMAT_AUTO. */
enum format_id fmt_variant_detect(const char *text, size_t len);
/* For a first content line no format reads: the one-line variant it is but for a count
 * (a Jigsaw line's digits or map, a Killer line's cage letters or givens), whose reader
 * then says which count is wrong and where; or FORMAT_AUTO. */
enum format_id fmt_variant_detect_miscount(const char *text, size_t len);
/* Whether a line is a few words of letters and '-', as a mistyped variant header is
 * ("kiler-x", "Killer Sudoku"), and whether a line is a variant's row: digits, then a map
 * of 4 to 16 symbols: together FORMAT_VARIANT's reader says which names it takes. */
bool fmt_variant_near_header(const char *text, size_t len);
bool fmt_variant_row_with_map(const char *text, size_t len);
/* A Killer or Killer Jigsaw in the variant format without its header line, from
 * lookahead line k on: its variant's flags, or 0. */
unsigned fmt_variant_headerless(struct reader *r, int k);
/* Whether lookahead lines k and k + 1 are a Jigsaw written as two lines: N*N digits, then
 * N*N symbols of N contiguous regions of N cells (FORMAT_JIGSAW_LINE reads it). */
bool fmt_variant_jigsaw_pair(struct reader *r, int k);
int fmt_read_variant(struct reader *r, struct puzzle **out, struct format_error *err);
int fmt_read_jigsaw_line(struct reader *r, struct puzzle **out, struct format_error *err);
int fmt_read_killer_line(struct reader *r, struct puzzle **out, struct format_error *err);
/* Whether a puzzle of this variant can be written in format id (the one-line forms
 * hold one variant each; FORMAT_VARIANT holds every one). */
bool fmt_variant_fits(const struct puzzle *p, enum format_id id);
void fmt_write_variant(FILE *out, const struct puzzle *p, const uint8_t *grid, char empty);
void fmt_write_jigsaw_line(FILE *out, const struct puzzle *p, const uint8_t *grid, char empty);
void fmt_write_killer_line(FILE *out, const struct puzzle *p, const uint8_t *grid, char empty);

#endif
