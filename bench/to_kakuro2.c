/* to_kakuro2.c: writes the Kakuro puzzles that fit the KAKURO2 seed program (N <= 20) as KAKURO2 files, one case each. */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "puzzle.h"

/*
 * Usage: to_kakuro2 [--max-side N] [--max-cases C] DIR FILE...
 *
 * Reads Kakuro puzzles from each FILE (any format kakudo reads) and writes each one the
 * seed can take to DIR/NNN.in as a KAKURO2 file of one case, the board padded square
 * with black cells; at most C of them (default 50, the problem's limit on cases).  The
 * seed takes sides up to N (default 20, its array size) and needs a clue across and
 * down for every white cell (a lone cell without one sends it out of its arrays), and
 * KAKURO2 has no run without a clue.  Prints one line per file written:
 * "NNN.in NAME WIDTHxHEIGHT".  Puzzles that do not read are passed over.
 */

struct options {
    int max_side;
    int max_cases;
    const char *dir;
};

static bool seed_can_take(const struct options *opt, const struct puzzle *p)
{
    if (p->ops->kind != PUZZLE_KAKURO || p->width > opt->max_side || p->height > opt->max_side)
        return false;
    for (int cell = 0; cell < p->ncells; cell++)
        if (!p->block[cell] && p->cell_groups[cell][1] < 0)
            return false;
    /* A run without a clue has no KAKURO2 form. */
    for (int g = 0; g < p->ngroups; g++)
        if (!puzzle_group_has_sum(&p->groups[g]))
            return false;
    return true;
}

static int write_case(const struct options *opt, const struct puzzle *p, int index)
{
    char path[4200];
    char why[200];
    FILE *f;

    snprintf(path, sizeof path, "%s/%03d.in", opt->dir, index);
    f = fopen(path, "w");
    if (f == NULL) {
        fprintf(stderr, "to_kakuro2: %s: %s\n", path, strerror(errno));
        return -1;
    }
    format_write_kakuro2_header(f, 1);
    if (!format_write_kakuro2_case(f, p, why, sizeof why)) {
        fprintf(stderr, "to_kakuro2: %s: %s\n", path, why);
        fclose(f);
        return -1;
    }
    if (fclose(f) != 0) {
        fprintf(stderr, "to_kakuro2: %s: %s\n", path, strerror(errno));
        return -1;
    }
    printf("%03d.in %s %dx%d\n", index, p->name != NULL ? p->name : "-", p->width, p->height);
    return 0;
}

/* Converts the fitting puzzles of one file; returns the number written so far, or -1. */
static int convert_file(const struct options *opt, const char *path, int written)
{
    FILE *f = fopen(path, "rb");
    struct reader *r;
    struct puzzle *p;
    struct format_error err;
    int got;

    if (f == NULL) {
        fprintf(stderr, "to_kakuro2: %s: %s\n", path, strerror(errno));
        return -1;
    }
    r = reader_open(f, path, FORMAT_AUTO);
    while (written < opt->max_cases && (got = reader_next(r, &p, NULL, &err)) != 0) {
        if (got < 0)
            continue;
        if (seed_can_take(opt, p)) {
            if (write_case(opt, p, written + 1) < 0)
                written = -1;
            else
                written++;
        }
        puzzle_free(p);
        if (written < 0)
            break;
    }
    reader_close(r);
    fclose(f);
    return written;
}

int main(int argc, char **argv)
{
    struct options opt = { .max_side = 20, .max_cases = 50 };
    int a = 1, written = 0;

    for (; a + 1 < argc && strncmp(argv[a], "--", 2) == 0; a += 2) {
        if (strcmp(argv[a], "--max-side") == 0)
            opt.max_side = atoi(argv[a + 1]);
        else if (strcmp(argv[a], "--max-cases") == 0)
            opt.max_cases = atoi(argv[a + 1]);
        else
            break;
    }
    if (argc - a < 2 || strncmp(argv[a], "--", 2) == 0) {
        fprintf(stderr, "usage: to_kakuro2 [--max-side N] [--max-cases C] DIR FILE...\n");
        return 2;
    }
    opt.dir = argv[a++];
    for (; a < argc && written >= 0; a++)
        written = convert_file(&opt, argv[a], written);
    return written < 0 ? 1 : 0;
}
