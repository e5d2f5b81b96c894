/* fuzz.h: what every fuzz target (tests/fuzz/fuzz_*.c) shares: the libFuzzer entry point,
 * its replay settings, and small helpers to turn fuzzer bytes into puzzles and values. */
#ifndef KAKUDO_FUZZ_H
#define KAKUDO_FUZZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "puzzle.h"

/*
 * Each target is built two ways from the same source: with clang's -fsanitize=fuzzer
 * (`make fuzz`: libFuzzer supplies main), and with replay.c (`make check`: the corpus
 * files and fixed-seed mutations of them, so every finding stays fixed).  A target
 * reports a fault by printing what is wrong and calling abort(), as libFuzzer expects.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* How replay.c runs a target: its corpus folders (relative to the source tree, the
 * first being its own tests/fuzz/corpus/NAME) and how many mutants of each file. */
#define FUZZ_MAX_DIRS 4
struct fuzz_replay {
    const char *dirs[FUZZ_MAX_DIRS];
    int mutants;
};
extern const struct fuzz_replay fuzz_replay;

/* Prints "fuzz: what" to stderr and aborts: the finding a fuzzer keeps. */
void fuzz_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

/* Bytes consumed from the front of an input; reads past the end give zeros. */
struct fuzz_bytes {
    const uint8_t *data;
    size_t size, at;
};
unsigned fuzz_byte(struct fuzz_bytes *b);
/* A value in 0..n-1 (n >= 1) from one or two bytes. */
int fuzz_below(struct fuzz_bytes *b, int n);
uint64_t fuzz_u64(struct fuzz_bytes *b);

/* Splits the input at the first line "%%": the text before (a puzzle file) and the bytes
 * after (what the target does with it); no "%%" line: all is text, nothing after. */
void fuzz_split(const uint8_t *data, size_t size, const uint8_t **text, size_t *text_len,
                struct fuzz_bytes *rest);
/* The first puzzle of text in any format (detected), or NULL when it has none or it is
 * larger than max_cells. */
struct puzzle *fuzz_first_puzzle(const uint8_t *text, size_t len, int max_cells);

#endif
