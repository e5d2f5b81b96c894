/* replay.c: runs a fuzz target without libFuzzer: its corpus, then fixed-seed mutations of each file (TAP). */
#include "config.h"

#include <dirent.h>
#include <inttypes.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"
#include "../tap.h"
#include "../test_util.h"
#include "util.h"

/*
 * Linked with one tests/fuzz/fuzz_NAME.c, this is `make check`'s replay of that target:
 * every file of its corpus folders (fuzz_replay.dirs, under $srcdir) as it is, then
 * fuzz_replay.mutants mutants of each: bytes changed to ones the parsers care about,
 * inserted, deleted, copied, long runs, numbers out of range, the end cut off (the
 * mutations test_fuzz.c made of the format files).  The generator is seeded and the
 * files are taken in sorted order, so every run makes the same mutants.  A fault aborts
 * the program; the file and seed it was on are printed first, and
 *     replay_NAME [--seed SEED] FILE...
 * replays those files (a crash file libFuzzer wrote, say), or one mutant of each.
 */

#define BASE_SEED UINT64_C(0x6b616b75646f)
#define MAX_INPUT_BYTES (1024 * 1024)

/* What is running now, for the abort handler. */
static const char *current_file = "", *program = "replay";
static uint64_t current_seed;

/* xorshift64*: small, deterministic on every platform. */
static uint64_t rng_state;

static uint64_t rng_next(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * UINT64_C(2685821657736338717);
}

static size_t rng_below(size_t n)
{
    return n > 0 ? (size_t)(rng_next() % n) : 0;
}

struct text {
    uint8_t *s;
    size_t len, cap;
};

static void text_insert(struct text *t, size_t at, const void *s, size_t n)
{
    if (t->len + n > MAX_INPUT_BYTES)
        return;
    t->s = xgrow(t->s, &t->cap, t->len + n + 1, 1);
    memmove(t->s + at + n, t->s + at, t->len - at);
    memcpy(t->s + at, s, n);
    t->len += n;
}

static void text_delete(struct text *t, size_t at, size_t n)
{
    if (n > t->len - at)
        n = t->len - at;
    memmove(t->s + at, t->s + at + n, t->len - at - n);
    t->len -= n;
}

/* Bytes the parsers treat specially, and some they must refuse. */
static const char interesting[] = "0123456789.\\_ \t\n\r#|-+=:;,ABCEFGKMSZaz%\0\xff\xc3\x80\xe2";

static void mutate_once(struct text *t)
{
    static const char *const numbers[] = { "99999999999", "-1", "-", "0", "4294967296", "128",
                                           "129", "2147483647", "18446744073709551615" };
    size_t at = rng_below(t->len + 1);
    char byte = interesting[rng_below(sizeof interesting - 1)];

    switch (rng_below(7)) {
    case 0:     /* change a byte */
        if (at < t->len)
            t->s[at] = (uint8_t)byte;
        break;
    case 1:     /* insert a byte */
        text_insert(t, at, &byte, 1);
        break;
    case 2:     /* delete a range */
        if (at < t->len)
            text_delete(t, at, 1 + rng_below(40));
        break;
    case 3: {   /* copy a range elsewhere */
        size_t from = rng_below(t->len), n = 1 + rng_below(200);
        uint8_t *copy;
        if (t->len == 0)
            break;
        if (n > t->len - from)
            n = t->len - from;
        copy = xmalloc(n);
        memcpy(copy, t->s + from, n);
        text_insert(t, at, copy, n);
        free(copy);
        break;
    }
    case 4: {   /* a long run of one byte */
        size_t n = 1 + rng_below(3000);
        char *run = xmalloc(n);
        memset(run, byte, n);
        text_insert(t, at, run, n);
        free(run);
        break;
    }
    case 5: {   /* a number out of every range */
        const char *num = numbers[rng_below(sizeof numbers / sizeof numbers[0])];
        text_insert(t, at, num, strlen(num));
        break;
    }
    default:    /* cut the end off */
        t->len = at;
        break;
    }
}

/* Runs the target on one mutant of data (seed 0: data itself). */
static void run_one(const uint8_t *data, size_t len, uint64_t seed)
{
    struct text t = { .len = len, .cap = len + 1 };
    int rounds;

    current_seed = seed;
    t.s = xmalloc(len + 1);
    memcpy(t.s, data, len);
    if (seed != 0) {
        rng_state = seed | 1;
        rounds = 1 + (int)rng_below(4);
        for (int i = 0; i < rounds; i++)
            mutate_once(&t);
    }
    LLVMFuzzerTestOneInput(t.s, t.len);
    free(t.s);
}

static void on_abort(int sig)
{
    char msg[600];
    int n = snprintf(msg, sizeof msg, "replay: fault on %s, seed %" PRIu64 " (replay: %s --seed %"
                     PRIu64 " FILE)\n", current_file, current_seed, program, current_seed);

    if (n > 0)
        (void)!write(STDERR_FILENO, msg, (size_t)n < sizeof msg ? (size_t)n : sizeof msg - 1);
    signal(sig, SIG_DFL);
    raise(sig);
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The regular files of dir, sorted; NULL if it cannot be opened. */
static char **list_dir(const char *dir, int *count)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char **names = NULL;
    size_t cap = 0;
    int n = 0;

    *count = 0;
    if (d == NULL)
        return NULL;
    while ((e = readdir(d)) != NULL) {
        char *path = xasprintf("%s/%s", dir, e->d_name);
        struct stat st;
        bool regular = e->d_name[0] != '.' && stat(path, &st) == 0 && S_ISREG(st.st_mode);
        free(path);
        if (!regular)
            continue;
        names = xgrow(names, &cap, (size_t)n + 1, sizeof *names);
        names[n++] = xstrdup(e->d_name);
    }
    closedir(d);
    if (n > 0)
        qsort(names, (size_t)n, sizeof *names, compare_names);
    *count = n;
    return names != NULL ? names : xcalloc(1, sizeof *names);
}

/* Every file of one corpus folder and its mutants; returns the files run. */
static int replay_dir(const char *srcdir, const char *dir, uint64_t *seed)
{
    char *path = xasprintf("%s/%s", srcdir, dir);
    int n, files = 0;
    char **names = list_dir(path, &n);

    if (!tap_ok(names != NULL, "%s opens", dir)) {
        free(path);
        return 0;
    }
    for (int i = 0; i < n; i++) {
        char *file = xasprintf("%s/%s", path, names[i]);
        size_t len;
        uint8_t *data;

        data = (uint8_t *)tu_read_file(file, &len);
        if (data != NULL) {
            current_file = file;
            run_one(data, len, 0);
            for (int k = 0; k < fuzz_replay.mutants; k++)
                run_one(data, len, (*seed)++);
            files++;
        }
        tap_ok(data != NULL, "%s/%s and %d mutants", dir, names[i], fuzz_replay.mutants);
        free(data);
        current_file = "";
        free(file);
        free(names[i]);
    }
    free(names);
    free(path);
    return files;
}

int main(int argc, char **argv)
{
    const char *srcdir = getenv("srcdir");
    uint64_t seed = BASE_SEED;
    int files = 0, first = 1;
    bool one_seed = false;

    program = argv[0];
    signal(SIGABRT, on_abort);
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc > 2 && strcmp(argv[1], "--seed") == 0) {
        seed = strtoull(argv[2], NULL, 10);
        one_seed = true;
        first = 3;
    }
    if (argc > first) {
        for (int i = first; i < argc; i++) {
            size_t len;
            uint8_t *data = (uint8_t *)tu_read_file(argv[i], &len);
            if (!tap_ok(data != NULL, "%s reads", argv[i]))
                continue;
            current_file = argv[i];
            run_one(data, len, one_seed ? seed : 0);
            tap_ok(true, "%s runs without fault", argv[i]);
            free(data);
        }
        return tap_done();
    }
    for (int i = 0; i < FUZZ_MAX_DIRS && fuzz_replay.dirs[i] != NULL; i++)
        files += replay_dir(srcdir != NULL ? srcdir : ".", fuzz_replay.dirs[i], &seed);
    /* An empty corpus (say, left out of the tarball) would test nothing. */
    tap_ok(files >= 3, "%d corpus files replayed", files);
    return tap_done();
}
