/* util.c: checked allocation, fatal errors that restore the terminal, a monotonic clock. */
#include "config.h"
#include "util.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

void *xmalloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    if (p == NULL)
        fatal("out of memory (%zu bytes)", size);
    return p;
}

void *xcalloc(size_t count, size_t size)
{
    void *p = calloc(count ? count : 1, size ? size : 1);
    if (p == NULL)
        fatal("out of memory (%zu x %zu bytes)", count, size);
    return p;
}

void *xrealloc(void *ptr, size_t size)
{
    void *p = realloc(ptr, size ? size : 1);
    if (p == NULL)
        fatal("out of memory (%zu bytes)", size);
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

char *xasprintf(const char *fmt, ...)
{
    va_list ap;
    int n;
    char *s;

    va_start(ap, fmt);
    n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        fatal("bad format string");
    s = xmalloc((size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return s;
}

uint64_t util_now_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
