/* util.h: allocation that never returns NULL, and small helpers shared by every module. */
#ifndef KAKUDO_UTIL_H
#define KAKUDO_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

void *xmalloc(size_t size);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *ptr, size_t size);
/* How many allocations this thread has made through the three above (for tests). */
unsigned long util_alloc_calls(void);
/* Grows an array of count items of size bytes to at least need items, doubling. */
void *xgrow(void *ptr, size_t *count, size_t need, size_t size);
char *xstrdup(const char *s);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Where each value below nvalues (at most 16) lies in bytes[0..n) (n at most 256): bit i
 * % 64 of masks[v][i / 64] set where bytes[i] is v, in the (n + 63) / 64 words written
 * of each row: a Jigsaw's region masks, sixteen cells a comparison where SSE2 is there. */
void util_byte_value_masks(const uint8_t *bytes, size_t n, int nvalues, uint64_t masks[][4]);

/* How many things bytes[0..n) number (first to the greatest byte) where they number them
 * in order of first appearance from first, as a Jigsaw's region map read from text does:
 * the first byte is first, each other at most one above the greatest before it, and none
 * below first or above last (at most 254); -1 where they do not.  Sixteen bytes at a time
 * where SSE2 is there (310 instructions a 9x9 map), where the Jigsaw reader and writer
 * went through a table of the numbers met a byte at a time (650 and 820). */
int util_numbered_in_order(const uint8_t *bytes, size_t n, uint8_t first, uint8_t last);

/* Zeroed room of size bytes (aligned for any type) that lasts as long as the calling
 * thread: freed when the thread ends.  For a module's large per-thread scratch, kept as a
 * _Thread_local pointer and made on first use: a _Thread_local object itself is zeroed
 * for every thread and every process at start-up, used or not. */
void *util_thread_room(size_t size);

/* Called before exiting on a fatal error, so the terminal can be restored first. */
void util_set_fatal_hook(void (*hook)(void));
_Noreturn void fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Monotonic time in nanoseconds. */
uint64_t util_now_ns(void);
/* The calling thread's CPU time in nanoseconds (a monotonic count of the work it did). */
uint64_t util_thread_cpu_ns(void);

/* UTF-8, for the readers (the command-line program links no text library): the length
 * of the well-formed character at s (1-4), or -1 when the bytes there (n of them, n > 0)
 * are not one; a NUL byte is a character of length 1. */
int util_utf8_len(const uint8_t *s, size_t n);
/* The first byte of s[0..n) that does not start a well-formed character, or NULL. */
const uint8_t *util_utf8_check(const uint8_t *s, size_t n);
/* The characters in s[0..n), a byte that starts none counting as one. */
size_t util_utf8_count(const uint8_t *s, size_t n);
/* s with each control character (a byte below 0x20, 0x7f, U+0080-U+009F, or a byte
 * 0x80-0x9f outside a well-formed character) written as \xNN per byte: text of the
 * user's (a file's name, an option's value, a puzzle's name) that a message quotes, so
 * that an escape sequence in it (ESC [ or the C1 CSI) cannot clear or recolour the
 * terminal, nor a newline forge a line of its own.  Other text, well-formed UTF-8 or
 * not, is kept as it is.  Returns a copy the caller frees. */
char *util_escape_controls(const char *s);
/* The same for the n bytes at s (which hold no NUL). */
char *util_escape_controls_n(const char *s, size_t n);
/* Text quoted in a message (a token of a file, a config value): whole up to
 * UTIL_QUOTE_WHOLE characters, else its first UTIL_QUOTE_HEAD and "... (N characters)";
 * controls escaped as util_escape_controls does (8 bytes for U+0080-U+009F).  buf of
 * UTIL_QUOTE_SIZE holds either; returns buf. */
enum { UTIL_QUOTE_WHOLE = 32, UTIL_QUOTE_HEAD = 20, UTIL_QUOTE_SIZE = 8 * UTIL_QUOTE_WHOLE + 80 };
const char *util_quote(const char *s, size_t len, char *buf, size_t size);

/* Writes all n bytes at buf to fd: a write cut short goes on from where it stopped, and
 * one a signal interrupts (EINTR: a handler without SA_RESTART, as ncurses' SIGWINCH
 * and the player's own have) is made again.  false with errno set on any other error.
 * Async-signal-safe. */
bool util_write_all(int fd, const void *buf, size_t n);
/* fsync(fd), made again when a signal interrupts it (EINTR), as util_write_all writes on:
 * a save must not be told lost for a signal that came while the disk caught up.  false
 * with errno set on any other error. */
bool util_fsync(int fd);

/* Text put in a buffer of size bytes (a message, a file's name in struct format_error):
 * whole when it fits, else cut at the end of a character, never inside a UTF-8 sequence
 * (a byte that starts none counts as a character of its own), and ended with "..." to
 * mark the cut (a size below 5 leaves no room for it). */
void util_copy_cut(char *buf, size_t size, const char *s);
/* vsnprintf into buf, cut as util_copy_cut cuts. */
void util_vformat_cut(char *buf, size_t size, const char *fmt, va_list ap)
    __attribute__((format(printf, 3, 0)));
void util_format_cut(char *buf, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Bits set in x.  Without -mpopcnt, __builtin_popcount is a call into libgcc, which the
 * hint searches make millions of times; these few inline operations are cheaper. */
static inline int popcount32(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    return (int)((x * 0x01010101u) >> 24);
}
static inline int lowest_bit(uint32_t x) { return __builtin_ctz(x); }

/* The top bit of each byte of word that is not zero, exactly (no carry runs between
 * bytes): eight bytes looked at with a few word operations. */
static inline uint64_t util_nonzero_byte_tops(uint64_t word)
{
    return (((word & 0x7f7f7f7f7f7f7f7full) + 0x7f7f7f7f7f7f7f7full) | word) & 0x8080808080808080ull;
}

/* The eight top bits of a word's bytes (the others clear) gathered into bits 0-7 by one
 * multiply: the byte at the lowest address to bit 0 where the byte order is
 * little-endian. */
static inline unsigned util_byte_tops_gather(uint64_t tops)
{
    return (unsigned)((tops >> 7) * 0x0102040810204080ull >> 56);
}

/* The nonzero bytes of bytes[0..n) as bits, byte i at bit i % 64 of mask[i / 64] (mask
 * has room for n bits).  A grid's givens are then visited with no branch per empty cell:
 * a branch on each of 81 cells, taken at random, cost more than the work on the givens.
 * Eight bytes at a time where the byte order is known to be little-endian. */
static inline void util_nonzero_bytes(const uint8_t *bytes, size_t n, uint64_t *mask)
{
    size_t i = 0;

    for (size_t w = 0; w < (n + 63) / 64; w++)
        mask[w] = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    for (; i + 8 <= n; i += 8) {
        uint64_t word;

        __builtin_memcpy(&word, bytes + i, 8);
        mask[i / 64] |= (uint64_t)util_byte_tops_gather(util_nonzero_byte_tops(word)) << (i % 64);
    }
#endif
    for (; i < n; i++)
        mask[i / 64] |= (uint64_t)(bytes[i] != 0) << (i % 64);
}

#endif
