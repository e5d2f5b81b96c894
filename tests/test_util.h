/* test_util.h: small helpers the unit test programs share: reading a whole file or its
 * puzzles, listing a data folder, a bundled file's header field, a scratch folder,
 * building a Kakuro or a 9x9 variant from maps, a 9x9 hint's conclusions as words and the
 * hints of a technique that conclude some, two puzzles' groups compared. */
#ifndef KAKUDO_TEST_UTIL_H
#define KAKUDO_TEST_UTIL_H

#include <dirent.h>
#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "format.h"
#include "hint.h"
#include "puzzle.h"
#include "util.h"

/* The whole of a file, NUL-terminated (it may hold other NULs: its length in *len, if
 * len is not NULL); NULL, and a length of 0, if it cannot be opened. */
static inline char *tu_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t cap = 0, n = 0, got;

    if (len != NULL)
        *len = 0;
    if (f == NULL)
        return NULL;
    do {
        buf = xgrow(buf, &cap, n + 4096 + 1, 1);
        got = fread(buf + n, 1, 4096, f);
        n += got;
    } while (got > 0);
    fclose(f);
    buf[n] = '\0';
    if (len != NULL)
        *len = n;
    return buf;
}

/* Up to max puzzles of the file at path (name in messages) into out, in any format
 * kakudo reads; the number read (0 if it cannot be opened). */
static inline int tu_read_puzzles(const char *path, const char *name, struct puzzle **out, int max)
{
    FILE *f = fopen(path, "r");
    struct reader *r;
    struct format_style style;
    struct format_error err;
    struct puzzle *p;
    int n = 0;

    if (f == NULL)
        return 0;
    r = reader_open(f, name, FORMAT_AUTO);
    while (n < max && reader_next(r, &p, &style, &err) > 0)
        out[n++] = p;
    reader_close(r);
    fclose(f);
    return n;
}

/* The value of a "# FIELD: value" line of the file (the bundled puzzles' headers), into
 * buf; false if there is none or the file cannot be read. */
static inline bool tu_header_field(const char *path, const char *field, char *buf, size_t size)
{
    FILE *f = fopen(path, "r");
    char line[512], prefix[64];
    bool found = false;

    if (f == NULL)
        return false;
    snprintf(prefix, sizeof prefix, "# %s: ", field);
    while (!found && fgets(line, sizeof line, f) != NULL)
        if (strncmp(line, prefix, strlen(prefix)) == 0) {
            snprintf(buf, size, "%s", line + strlen(prefix));
            buf[strcspn(buf, "\r\n")] = '\0';
            found = true;
        }
    fclose(f);
    return found;
}

static inline int tu_compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Whether name is longer than one of the suffixes (NULL-terminated) and ends in it. */
static inline bool tu_name_ends_in(const char *name, const char *const suffixes[])
{
    size_t len = strlen(name);

    for (int i = 0; suffixes[i] != NULL; i++) {
        size_t sl = strlen(suffixes[i]);
        if (len > sl && strcmp(name + len - sl, suffixes[i]) == 0)
            return true;
    }
    return false;
}

/* The names in dir ending in one of the suffixes (NULL-terminated), sorted, their number
 * in *n; NULL if dir cannot be opened.  Free with tu_free_list. */
static inline char **tu_list_files(const char *dir, const char *const suffixes[], int *n)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char **names = NULL;
    size_t cap = 0;

    *n = 0;
    if (d == NULL)
        return NULL;
    while ((e = readdir(d)) != NULL) {
        if (!tu_name_ends_in(e->d_name, suffixes))
            continue;
        names = xgrow(names, &cap, (size_t)*n + 1, sizeof *names);
        names[(*n)++] = xstrdup(e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)*n, sizeof *names, tu_compare_names);
    return names;
}

static inline void tu_free_list(char **names, int n)
{
    for (int i = 0; i < n; i++)
        free(names[i]);
    free(names);
}

/* Makes a fresh scratch folder from template (such as "/tmp/kakudo-test-x.XXXXXX",
 * whose Xs it replaces) in dir, which holds size bytes; a test cannot go on without it. */
static inline void tu_make_tmpdir(char *dir, size_t size, const char *template)
{
    snprintf(dir, size, "%s", template);
    if (mkdtemp(dir) == NULL)
        fatal("mkdtemp failed");
}

static inline int tu_remove_entry(const char *path, const struct stat *st, int flag,
                                  struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path);
}

/* Removes dir and everything below it, without following links. */
static inline void tu_remove_tree(const char *dir)
{
    nftw(dir, tu_remove_entry, 8, FTW_DEPTH | FTW_PHYS);
}

/* A Kakuro of w x h cells from tokens as in kakudo's grid format ("\\", "_", "D\\A",
 * digits), in reading order; not yet finished (puzzle_finish is the caller's). */
static inline struct puzzle *tu_kakuro_from_tokens(int w, int h, const char *const *tokens)
{
    struct puzzle *p = kakuro_new(w, h);

    for (int i = 0; i < w * h; i++) {
        const char *t = tokens[i];
        const char *slash = strchr(t, '\\');

        if (slash == NULL) {
            p->given[i] = (uint8_t)(t[0] == '_' ? 0 : t[0] - '0');
            continue;
        }
        p->block[i] = 1;
        p->down[i] = (uint8_t)atoi(t);
        p->across[i] = (uint8_t)atoi(slash + 1);
    }
    return p;
}

static inline int tu_word_cmp(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* A 9x9 hint's conclusions as sorted words, "r1c9=7 r2c8-9", so that a test compares
 * what a technique concluded with one string whatever order it found them in. */
static inline void tu_hint_conclusions(const struct hint *h, char *out, size_t size)
{
    char words[HINT_MAX_PLACE + HINT_MAX_ELIM][24];
    int n = 0;

    for (int i = 0; i < h->nplace; i++)
        snprintf(words[n++], sizeof words[0], "r%dc%d=%d", h->place[i].cell / 9 + 1, h->place[i].cell % 9 + 1,
                 h->place[i].digit);
    for (int i = 0; i < h->nelim; i++)
        snprintf(words[n++], sizeof words[0], "r%dc%d-%d", h->elim[i].cell / 9 + 1, h->elim[i].cell % 9 + 1,
                 h->elim[i].digit);
    qsort(words, (size_t)n, sizeof words[0], tu_word_cmp);
    out[0] = '\0';
    for (int i = 0; i < n; i++)
        snprintf(out + strlen(out), size - strlen(out), "%s%.23s", i ? " " : "", words[i]);
}

/* A 9x9 variant from a map of cage letters 'a'-'z' ('.' in no cage; NULL: no cages) with
 * their sums by letter, and, on a Jigsaw, a map of region digits 1-9; NULL (said as a
 * TAP comment) when the layout makes no puzzle. */
static inline struct puzzle *tu_variant9_new(unsigned variant, const char *cages, const int *sums,
                                             const char *regions)
{
    struct puzzle *p = sudoku_new_unfinished(9);
    struct puzzle_error err;
    int number[26];

    puzzle_set_variant(p, variant);
    for (int c = 0; (variant & VARIANT_JIGSAW) && c < 81; c++)
        p->region[c] = (uint8_t)(regions[c] - '1');
    for (int k = 0; k < 26; k++)
        number[k] = -1;
    for (int c = 0; cages != NULL && c < 81; c++) {
        int k = cages[c] - 'a';
        if (cages[c] == '.')
            continue;
        if (number[k] < 0)
            number[k] = puzzle_add_cage(p, sums[k]);
        p->cage[c] = (int16_t)number[k];
    }
    if (!puzzle_finish(p, &err)) {
        printf("# layout: %s\n", err.message);
        puzzle_free(p);
        return NULL;
    }
    return p;
}

/* "1234" -> {1,2,3,4} */
static inline digitset tu_digits(const char *digits)
{
    digitset d = 0;

    for (; *digits; digits++)
        d |= 1u << (*digits - '0');
    return d;
}

/* What the hints of one technique concluded, looking for one conclusion (want, as
 * tu_hint_conclusions words it). */
struct tu_found {
    const char *want;
    bool seen;
    int count;
    char text[HINT_TEXT_MAX];   /* the text of the hint that concluded want */
    char first[1024];           /* the first hint's conclusions, to say what was found */
};

static inline bool tu_found_match(const struct hint *h, void *user)
{
    struct tu_found *f = user;
    char got[1024];

    tu_hint_conclusions(h, got, sizeof got);
    if (f->count++ == 0)
        snprintf(f->first, sizeof f->first, "%s", got);
    if (!f->seen && strcmp(got, f->want) == 0) {
        f->seen = true;
        snprintf(f->text, sizeof f->text, "%s", h->text);
    }
    return true;
}

/* Whether technique t finds a hint concluding exactly want in pos ("" and no hint at
 * all: nothing, as wanted). */
static inline bool tu_finds(const struct hint_position *pos, enum technique t, const char *want,
                            struct tu_found *f)
{
    *f = (struct tu_found){ .want = want };
    hint_find_all(pos, t, tu_found_match, f);
    return f->seen || (want[0] == '\0' && f->count == 0);
}

/* Two finished puzzles have the same groups: kinds, sums, clues and cells, and the same
 * groups per cell. */
static inline bool tu_same_groups(const struct puzzle *a, const struct puzzle *b)
{
    if (a->ngroups != b->ngroups || a->nwhite != b->nwhite
        || memcmp(a->cell_groups, b->cell_groups, (size_t)a->ncells * sizeof *a->cell_groups) != 0)
        return false;
    for (int g = 0; g < a->ngroups; g++) {
        const struct puzzle_group *x = &a->groups[g], *y = &b->groups[g];
        if (x->kind != y->kind || x->sum != y->sum || x->clue != y->clue || x->ncells != y->ncells
            || memcmp(x->cells, y->cells, (size_t)x->ncells * sizeof *x->cells) != 0)
            return false;
    }
    return true;
}

/* What reading a text gave: the puzzle (or NULL), its pencil marks (NULL if none), the
 * format it was read in, the error and reader_next's result. */
struct tu_read_result {
    struct puzzle *p;
    digitset *marks;
    enum format_id format;
    struct format_error err;
    int rc;
};

/* Reads the first puzzle of text, as a file called name, in forced (FORMAT_AUTO: as
 * detected), into res; tu_read_result_free frees it. */
static inline void tu_read_text(const char *text, const char *name, enum format_id forced,
                                struct tu_read_result *res)
{
    FILE *f = fmemopen((void *)(uintptr_t)text, strlen(text), "rb");
    struct reader *r = reader_open(f, name, forced);
    struct format_style style;

    memset(res, 0, sizeof *res);
    res->rc = reader_next(r, &res->p, &style, &res->err);
    res->format = reader_format(r);
    if (res->rc > 0 && reader_marks(r) != NULL) {
        res->marks = xmalloc((size_t)res->p->ncells * sizeof *res->marks);
        memcpy(res->marks, reader_marks(r), (size_t)res->p->ncells * sizeof *res->marks);
    }
    reader_close(r);
    fclose(f);
}

static inline void tu_read_result_free(struct tu_read_result *res)
{
    puzzle_free(res->p);
    free(res->marks);
}

/* What a position writer (format_write_pencilmarks, format_write_kakuro_marks) writes of
 * p with grid and cands; the caller frees it. */
static inline char *tu_written(void (*write)(FILE *out, const struct puzzle *p, const uint8_t *grid,
                                             const digitset *cands),
                               const struct puzzle *p, const uint8_t *grid, const digitset *cands)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);

    write(f, p, grid, cands);
    fclose(f);
    return buf;
}

#endif
