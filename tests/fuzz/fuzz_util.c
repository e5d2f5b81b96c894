/* fuzz_util.c: helpers the fuzz targets share (fuzz.h): failing, bytes to values, a puzzle from text. */
#include "config.h"
#include "fuzz.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"

void fuzz_fail(const char *fmt, ...)
{
    va_list ap;

    fputs("fuzz: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    abort();
}

unsigned fuzz_byte(struct fuzz_bytes *b)
{
    return b->at < b->size ? b->data[b->at++] : 0;
}

int fuzz_below(struct fuzz_bytes *b, int n)
{
    unsigned v = fuzz_byte(b);

    if (n > 256)
        v = v << 8 | fuzz_byte(b);
    return n > 0 ? (int)(v % (unsigned)n) : 0;
}

uint64_t fuzz_u64(struct fuzz_bytes *b)
{
    uint64_t v = 0;

    for (int i = 0; i < 8; i++)
        v = v << 8 | fuzz_byte(b);
    return v;
}

void fuzz_split(const uint8_t *data, size_t size, const uint8_t **text, size_t *text_len,
                struct fuzz_bytes *rest)
{
    static const char mark[] = "\n%%\n";
    size_t n = sizeof mark - 1;

    *text = data;
    *text_len = size;
    *rest = (struct fuzz_bytes){ .data = data + size, .size = 0 };
    if (size >= n - 1 && memcmp(data, mark + 1, n - 1) == 0) {
        *text_len = 0;
        *rest = (struct fuzz_bytes){ .data = data + n - 1, .size = size - (n - 1) };
        return;
    }
    for (size_t i = 0; i + n <= size; i++)
        if (memcmp(data + i, mark, n) == 0) {
            *text_len = i + 1;
            *rest = (struct fuzz_bytes){ .data = data + i + n, .size = size - i - n };
            return;
        }
}

struct puzzle *fuzz_first_puzzle(const uint8_t *text, size_t len, int max_cells)
{
    FILE *f;
    struct reader *r;
    struct puzzle *p = NULL;
    struct format_error err;

    if (len == 0)
        return NULL;
    f = fmemopen((void *)(uintptr_t)text, len, "rb");
    if (f == NULL)
        return NULL;
    r = reader_open(f, "fuzz", FORMAT_AUTO);
    if (reader_next(r, &p, NULL, &err) != 1)
        p = NULL;
    reader_close(r);
    fclose(f);
    if (p != NULL && p->ncells > max_cells) {
        puzzle_free(p);
        p = NULL;
    }
    return p;
}
