/* tap.h: a minimal Test Anything Protocol writer shared by the unit test programs. */
#ifndef KAKUDO_TAP_H
#define KAKUDO_TAP_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int tap_count_;
static int tap_failed_;

/* Checks cond, printing "ok N - description" or "not ok N - description". */
static inline bool tap_ok(bool cond, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static inline bool tap_ok(bool cond, const char *fmt, ...)
{
    va_list ap;

    tap_count_++;
    if (!cond)
        tap_failed_++;
    printf("%sok %d - ", cond ? "" : "not ", tap_count_);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
    fflush(stdout);
    return cond;
}

/* A diagnostic line, shown in the test log. */
static inline void tap_diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static inline void tap_diag(const char *fmt, ...)
{
    va_list ap;

    fputs("# ", stdout);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
}

/* Prints the plan and returns the exit status: 1 if anything failed. */
static inline int tap_done(void)
{
    printf("1..%d\n", tap_count_);
    return tap_failed_ ? 1 : 0;
}

/* $srcdir/PATH into buf (srcdir defaults to "."): a file of the source tree, as the bundled
 * puzzles under data/; buf is returned. */
static inline char *tap_src_path(char *buf, size_t size, const char *path)
{
    const char *srcdir = getenv("srcdir");

    snprintf(buf, size, "%s/%s", srcdir != NULL ? srcdir : ".", path);
    return buf;
}

/* Path of a test data file: $srcdir/tests/data/NAME (srcdir defaults to "."). */
static inline const char *tap_data_path(const char *name)
{
    static char buf[4096];
    char path[4000];

    snprintf(path, sizeof path, "tests/data/%s", name);
    return tap_src_path(buf, sizeof buf, path);
}

#endif
