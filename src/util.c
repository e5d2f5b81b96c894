/* util.c: checked allocation, fatal errors that restore the terminal, a monotonic clock. */
#include "config.h"
#include "util.h"

#include <errno.h>
#include <pthread.h>
#include <stdalign.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "i18n.h"

static void (*fatal_hook)(void);

void util_set_fatal_hook(void (*hook)(void))
{
    fatal_hook = hook;
}

_Noreturn void fatal(const char *fmt, ...)
{
    va_list ap;

    if (fatal_hook != NULL) {
        void (*hook)(void) = fatal_hook;
        fatal_hook = NULL; /* a hook that fails must not recurse */
        hook();
    }
    fputs("kakudo: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(2);
}

/* This thread's allocations through xmalloc, xcalloc and xrealloc: a count for tests
 * that check a reader keeps its room across puzzles (per thread: the pool's workers
 * allocate too, and a count shared would race). */
static _Thread_local unsigned long alloc_calls;

unsigned long util_alloc_calls(void)
{
    return alloc_calls;
}

void *xmalloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    if (p == NULL)
        fatal("out of memory (%zu bytes)", size);
    alloc_calls++;
    return p;
}

void *xcalloc(size_t count, size_t size)
{
    void *p = calloc(count ? count : 1, size ? size : 1);
    if (p == NULL)
        fatal("out of memory (%zu x %zu bytes)", count, size);
    alloc_calls++;
    return p;
}

/* A thread's rooms, chained from the newest; the key's destructor frees them when the
 * thread ends (the main thread's go with the process). */
struct thread_room {
    struct thread_room *next;
    alignas(max_align_t) unsigned char data[];
};

static pthread_key_t thread_rooms;
static pthread_once_t thread_rooms_once = PTHREAD_ONCE_INIT;

static void free_thread_rooms(void *newest)
{
    for (struct thread_room *r = newest, *next; r != NULL; r = next) {
        next = r->next;
        free(r);
    }
}

static void make_thread_rooms_key(void)
{
    if (pthread_key_create(&thread_rooms, free_thread_rooms) != 0)
        fatal("cannot keep per-thread memory");
}

#if defined(__SSE2__)
/* The bytes of chunk equal to value's, as bits 0-15. */
static inline uint64_t equal_bytes(__m128i chunk, __m128i value)
{
    return (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(chunk, value));
}
#endif

void util_byte_value_masks(const uint8_t *bytes, size_t n, int nvalues, uint64_t masks[][4])
{
    size_t words = (n + 63) / 64;

#if defined(__SSE2__)
    /* Sixteen bytes compared with a value at once, four such a word; the last part
     * padded with 0xff, which no value takes, as are the parts past it in the last
     * word.  A call to copy the last part or each row cost a third of it. */
    __m128i chunks[16];
    uint8_t tail[16];
    size_t whole = n / 16;

    for (size_t k = 0; k < whole; k++)
        chunks[k] = _mm_loadu_si128((const __m128i *)(const void *)(bytes + 16 * k));
    memset(tail, 0xff, sizeof tail);
    for (size_t i = 0; i < n % 16; i++)
        tail[i] = bytes[16 * whole + i];
    for (size_t k = whole; k < 4 * words; k++)
        chunks[k] = k == whole ? _mm_loadu_si128((const __m128i *)(const void *)tail)
                               : _mm_set1_epi8((char)0xff);
    for (int v = 0; v < nvalues; v++) {
        __m128i value = _mm_set1_epi8((char)v);

        for (size_t w = 0; w < words; w++)
            masks[v][w] = equal_bytes(chunks[4 * w], value) | equal_bytes(chunks[4 * w + 1], value) << 16
                          | equal_bytes(chunks[4 * w + 2], value) << 32
                          | equal_bytes(chunks[4 * w + 3], value) << 48;
    }
#else
    for (int v = 0; v < nvalues; v++)
        memset(masks[v], 0, words * sizeof masks[v][0]);
    for (size_t i = 0; i < n; i++)
        if (bytes[i] < nvalues)
            masks[bytes[i]][i / 64] |= (uint64_t)1 << (i % 64);
#endif
}

#if defined(__SSE2__)
/* Each byte of x the greatest of it and those before it in memory (the lower lanes). */
static inline __m128i running_max(__m128i x)
{
    x = _mm_max_epu8(x, _mm_slli_si128(x, 1));
    x = _mm_max_epu8(x, _mm_slli_si128(x, 2));
    x = _mm_max_epu8(x, _mm_slli_si128(x, 4));
    return _mm_max_epu8(x, _mm_slli_si128(x, 8));
}

/* Every byte of x its last byte's value. */
static inline __m128i spread_last_byte(__m128i x)
{
    __m128i words = _mm_unpackhi_epi8(x, x);

    return _mm_shuffle_epi32(_mm_shufflehi_epi16(words, 0xff), 0xff);
}
#endif

int util_numbered_in_order(const uint8_t *bytes, size_t n, uint8_t first, uint8_t last)
{
    if (last == 0xff)
        return -1;
#if defined(__SSE2__)
    /* The most each byte may be is one above the greatest before it (first for the first):
     * the bytes one up, their running greatest, moved a byte on, with the greatest of the
     * parts before in front.  A last part is the last sixteen bytes, some looked at again:
     * those are below the one above the greatest before, so they fit and raise nothing
     * (copying the last part's bytes, padded with first, was a sixth of a 9x9 map's cost).
     * Fewer than sixteen in all are padded with first, which always fits. */
    const __m128i one = _mm_set1_epi8(1), low = _mm_set1_epi8((char)first),
                  high = _mm_set1_epi8((char)last), lane0 = _mm_cvtsi32_si128(0xff);
    __m128i before = low, bad = _mm_setzero_si128();

    for (size_t i = 0; i < n; i += 16) {
        __m128i x, most;

        if (i + 16 <= n) {
            x = _mm_loadu_si128((const __m128i *)(const void *)(bytes + i));
        } else if (n >= 16) {
            x = _mm_loadu_si128((const __m128i *)(const void *)(bytes + n - 16));
        } else {
            uint8_t tail[16];

            memset(tail, first, sizeof tail);
            for (size_t k = 0; k < n - i; k++)
                tail[k] = bytes[i + k];
            x = _mm_loadu_si128((const __m128i *)(const void *)tail);
        }
        most = _mm_max_epu8(running_max(_mm_adds_epu8(x, one)), before);
        bad = _mm_or_si128(bad, _mm_subs_epu8(x, _mm_or_si128(_mm_slli_si128(most, 1),
                                                             _mm_and_si128(before, lane0))));
        bad = _mm_or_si128(bad, _mm_or_si128(_mm_subs_epu8(low, x), _mm_subs_epu8(x, high)));
        before = spread_last_byte(most);
    }
    /* before holds one above the greatest byte (first when there is none). */
    if (_mm_movemask_epi8(_mm_cmpeq_epi8(bad, _mm_setzero_si128())) != 0xffff)
        return -1;
    return (_mm_cvtsi128_si32(before) & 0xff) - first;
#else
    int most = first;

    for (size_t i = 0; i < n; i++) {
        if (bytes[i] < first || bytes[i] > last || bytes[i] > most)
            return -1;
        most = bytes[i] + 1 > most ? bytes[i] + 1 : most;
    }
    return most - first;
#endif
}

void *util_thread_room(size_t size)
{
    struct thread_room *r;

    pthread_once(&thread_rooms_once, make_thread_rooms_key);
    r = xcalloc(1, sizeof *r + size);
    r->next = pthread_getspecific(thread_rooms);
    if (pthread_setspecific(thread_rooms, r) != 0)
        fatal("cannot keep per-thread memory");
    return r->data;
}

void *xrealloc(void *ptr, size_t size)
{
    void *p = realloc(ptr, size ? size : 1);
    if (p == NULL)
        fatal("out of memory (%zu bytes)", size);
    alloc_calls++;
    return p;
}

void *xgrow(void *ptr, size_t *count, size_t need, size_t size)
{
    size_t n = *count ? *count : 8;

    if (need <= *count)
        return ptr;
    while (n < need) {
        if (n > ((size_t)-1) / 2 / size)
            fatal("out of memory (array of %zu items)", need);
        n *= 2;
    }
    *count = n;
    return xrealloc(ptr, n * size);
}

char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xmalloc(n), s, n);
}

/* xasprintf with its arguments as a va_list, which is used once (a copy measures). */
static char *xvasprintf(const char *fmt, va_list ap)
{
    va_list again;
    int n;
    char *s;

    va_copy(again, ap);
    n = vsnprintf(NULL, 0, fmt, again);
    va_end(again);
    if (n < 0)
        fatal("bad format string");
    s = xmalloc((size_t)n + 1);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    return s;
}

char *xasprintf(const char *fmt, ...)
{
    va_list ap;
    char *s;

    va_start(ap, fmt);
    s = xvasprintf(fmt, ap);
    va_end(ap);
    return s;
}

uint64_t util_thread_cpu_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t util_now_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* The bytes after a lead byte: their count, and the range the first of them must be in
 * (which rules out overlong forms, surrogates and code points above U+10FFFF). */
int util_utf8_len(const uint8_t *s, size_t n)
{
    unsigned lead = s[0], lo = 0x80, hi = 0xbf;
    size_t more;

    if (lead < 0x80)
        return 1;
    if (lead >= 0xc2 && lead <= 0xdf)
        more = 1;
    else if (lead >= 0xe0 && lead <= 0xef)
        more = 2;
    else if (lead >= 0xf0 && lead <= 0xf4)
        more = 3;
    else
        return -1;
    if (lead == 0xe0)
        lo = 0xa0;
    else if (lead == 0xed)
        hi = 0x9f;
    else if (lead == 0xf0)
        lo = 0x90;
    else if (lead == 0xf4)
        hi = 0x8f;
    if (n < more + 1 || s[1] < lo || s[1] > hi)
        return -1;
    for (size_t i = 2; i <= more; i++)
        if (s[i] < 0x80 || s[i] > 0xbf)
            return -1;
    return (int)more + 1;
}

const uint8_t *util_utf8_check(const uint8_t *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        int len = util_utf8_len(s + i, n - i);

        if (len < 0)
            return s + i;
        i += (size_t)len;
    }
    return NULL;
}

size_t util_utf8_count(const uint8_t *s, size_t n)
{
    size_t count = 0;

    for (size_t i = 0; i < n; count++) {
        int len = util_utf8_len(s + i, n - i);

        i += len > 0 ? (size_t)len : 1;
    }
    return count;
}

/* The length of the character at s (n > 0 bytes left; a byte that starts no well-formed
 * character is one of its own), and in *control whether a terminal may act on it: C0
 * (below 0x20), DEL, C1 encoded (U+0080-U+009F), or a lone byte 0x80-0x9f, which an 8-bit
 * terminal takes as C1 (0x9b as ESC [). */
static size_t char_at(const uint8_t *s, size_t n, bool *control)
{
    int len = util_utf8_len(s, n);

    if (len <= 0) {
        *control = s[0] >= 0x80 && s[0] <= 0x9f;
        return 1;
    }
    *control = len == 1 ? s[0] < 0x20 || s[0] == 0x7f : len == 2 && s[0] == 0xc2 && s[1] <= 0x9f;
    return (size_t)len;
}

/* Writes the character s[0, len) at out: itself, or a control as \xNN for each of its
 * bytes; returns the bytes written (out has room for ESCAPED_MAX * len). */
enum { ESCAPED_MAX = 4 };
static size_t put_char(const uint8_t *s, size_t len, bool control, char *out)
{
    size_t w = 0;

    if (!control) {
        memcpy(out, s, len);
        return len;
    }
    for (size_t i = 0; i < len; i++)
        w += (size_t)snprintf(out + w, ESCAPED_MAX + 1, "\\x%02x", s[i]);
    return w;
}

char *util_escape_controls(const char *s)
{
    return util_escape_controls_n(s, strlen(s));
}

/* Whether s[0, n) is printable ASCII alone (0x20-0x7e), looked at a word at a time: a
 * named puzzle's name is escaped as it is read, and a character at a time cost a Jigsaw
 * batch a thousand instructions a puzzle for names that hold no control at all.  In each
 * word, a byte below 0x20 sets its top bit in word - 0x20.., a byte of 0x7f or more in
 * word + 0x01.. or in the word; a borrow or carry reaching another byte starts only at
 * such a byte, so the word has one exactly when a top bit is set. */
static bool printable_ascii(const uint8_t *s, size_t n)
{
    const uint64_t spaces = 0x2020202020202020ull, ones = 0x0101010101010101ull;
    uint64_t bad = 0;
    size_t i = 0;

    for (; i + 8 <= n; i += 8) {
        uint64_t word;
        memcpy(&word, s + i, 8);
        bad |= (word - spaces) | (word + ones) | word;
    }
    for (; i < n; i++)
        bad |= (uint64_t)(s[i] < 0x20 || s[i] >= 0x7f) << 7;
    return (bad & 0x8080808080808080ull) == 0;
}

char *util_escape_controls_n(const char *s, size_t n)
{
    const uint8_t *u = (const uint8_t *)s;
    char *copy;
    size_t out = 0;

    if (printable_ascii(u, n)) {
        copy = xmalloc(n + 1);
        memcpy(copy, s, n);
        copy[n] = '\0';
        return copy;
    }
    copy = xmalloc(ESCAPED_MAX * n + 1);
    for (size_t i = 0, len; i < n; i += len) {
        bool control;
        len = char_at(u + i, n - i, &control);
        out += put_char(u + i, len, control, copy + out);
    }
    copy[out] = '\0';
    return copy;
}

/* A number cut without a mark would read as another number: an elided text says so and
 * gives its length. */
const char *util_quote(const char *s, size_t len, char *buf, size_t size)
{
    size_t out = 0, i = 0, chars = util_utf8_count((const uint8_t *)s, len);
    size_t keep = chars > UTIL_QUOTE_WHOLE ? UTIL_QUOTE_HEAD : chars;

    for (size_t k = 0, n; k < keep; k++, i += n) {
        bool control;
        n = char_at((const uint8_t *)s + i, len - i, &control);
        if (out + ESCAPED_MAX * n >= size)
            break;
        out += put_char((const uint8_t *)s + i, n, control, buf + out);
    }
    buf[out] = '\0';
    if (keep < chars)
        snprintf(buf + out, size - out, _("... (%zu characters)"), chars);
    return buf;
}

/* The bytes of s's whole characters that fit in room bytes. */
static size_t whole_chars_within(const char *s, size_t room)
{
    const uint8_t *u = (const uint8_t *)s;
    size_t n = strlen(s), at = 0;

    while (at < n) {
        int len = util_utf8_len(u + at, n - at);
        size_t step = len > 0 ? (size_t)len : 1;

        if (at + step > room)
            break;
        at += step;
    }
    return at;
}

void util_copy_cut(char *buf, size_t size, const char *s)
{
    static const char mark[] = "...";
    size_t len = strlen(s), keep;

    if (len < size) {
        memmove(buf, s, len + 1);
        return;
    }
    if (size < sizeof mark + 1) {   /* no room for the mark: the cut alone */
        keep = size > 0 ? whole_chars_within(s, size - 1) : 0;
        if (size > 0) {
            memmove(buf, s, keep);
            buf[keep] = '\0';
        }
        return;
    }
    keep = whole_chars_within(s, size - sizeof mark);
    memmove(buf, s, keep);
    memcpy(buf + keep, mark, sizeof mark);
}

void util_vformat_cut(char *buf, size_t size, const char *fmt, va_list ap)
{
    char *whole = xvasprintf(fmt, ap);

    util_copy_cut(buf, size, whole);
    free(whole);
}

void util_format_cut(char *buf, size_t size, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    util_vformat_cut(buf, size, fmt, ap);
    va_end(ap);
}

bool util_write_all(int fd, const void *buf, size_t n)
{
    const char *at = buf;

    while (n > 0) {
        ssize_t w = write(fd, at, n);

        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0)
            return false;
        if (w == 0) {       /* no progress and no reason: as a full device */
            errno = EIO;
            return false;
        }
        at += w;
        n -= (size_t)w;
    }
    return true;
}

bool util_fsync(int fd)
{
    while (fsync(fd) != 0)
        if (errno != EINTR)
            return false;
    return true;
}
