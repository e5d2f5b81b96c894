/* bench_se_agree.c: kakudo's ratings against Sudoku Explainer's: rank correlation, share within 0.2 and 0.5, tables by SE band and by technique, for files of SE-rated puzzles; and for a set known only to be rated at least some number (forum_hardest: 11+), how many kakudo rates that high. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "hint.h"
#include "puzzle.h"
#include "rating.h"
#include "util.h"

#include "bench_set.h"
#include "../tests/se_agreement.h"

/*
 * Usage: bench_se_agree [--every=K] [--max=N] [--list] [--at-least=R] FILE...
 * Each FILE holds lines "PUZZLE ER" or "PUZZLE ED=ER/EP/ED" (SE's serate format); every
 * Kth one (at most N) is rated with grade_puzzle and compared.  With --list, each puzzle's
 * line follows (SE's number, kakudo's, the technique of kakudo's hardest step, the
 * puzzle), to see where they part; and the figures of the odd and the even lines apart, so
 * that a change fitted to the sample shows as halves moving unlike.  With --at-least=R, the
 * FILEs after it are plain puzzle files whose SE rating is only known to be R or more:
 * each puzzle then counts with R as SE's number, and the share kakudo rates at R or more
 * (and within 0.5 below it) is printed with the median of kakudo's numbers.
 */

/* One puzzle's line of --list: SE's number, kakudo's, the technique that set it. */
static void list_pair(const struct se_pair *pair, const char *puzzle)
{
    char se[16], ours[16];

    printf("  %s %s %+.1f %-32s %s", rating_format(pair->se, se, sizeof se),
           rating_format(pair->ours, ours, sizeof ours), (pair->ours - pair->se) / 10.0,
           hint_technique_name(pair->tech, 0), puzzle);
}

/* The figures of the odd and the even pairs apart. */
static void print_halves(const struct se_pair *pairs, int n)
{
    struct se_pair *half = xmalloc(((size_t)n / 2 + 1) * sizeof *half);

    for (int parity = 0; parity < 2; parity++) {
        int m = 0;

        for (int i = parity; i < n; i += 2)
            half[m++] = pairs[i];
        printf("%s lines:", parity == 0 ? "odd" : "even");
        se_agreement_print(stdout, "  ", half, m);
    }
    free(half);
}

/* Whether --list was given. */
static bool list_each;

static struct se_pair *pairs_read(const char *path, long every, size_t max, int floor, int *n)
{
    FILE *f = fopen(path, "r");
    char line[512], text[128];
    struct se_pair *pairs = NULL;
    size_t cap = 0;
    long index = 0;
    int se;

    *n = 0;
    if (f == NULL) {
        perror(path);
        return NULL;
    }
    while (fgets(line, sizeof line, f) != NULL && (size_t)*n < max) {
        struct puzzle *p;
        struct grade g;

        if (floor > 0) {
            if (line[0] == '#' || sscanf(line, "%127s", text) != 1)
                continue;
            strcat(text, "\n");
            se = floor;
        } else if (!se_parse_line(line, text, sizeof text, &se)) {
            continue;
        }
        if (index++ % every != 0)
            continue;
        p = se_puzzle_of(text);
        if (p != NULL && grade_puzzle(p, &g)) {
            pairs = xgrow(pairs, &cap, (size_t)*n + 1, sizeof *pairs);
            pairs[(*n)++] = (struct se_pair){ se, g.rating, g.rated_hardest };
            if (list_each)
                list_pair(&pairs[*n - 1], text);
        }
        puzzle_free(p);
    }
    fclose(f);
    return pairs;
}

static int compare_ours(const void *a, const void *b)
{
    const struct se_pair *x = a, *y = b;

    return x->ours - y->ours;
}

static void print_floor(const char *name, struct se_pair *pairs, int n, int floor)
{
    int at = 0, near = 0;
    char buf[4][16];

    for (int i = 0; i < n; i++) {
        at += pairs[i].ours >= floor;
        near += pairs[i].ours >= floor - 5;
    }
    qsort(pairs, (size_t)n, sizeof *pairs, compare_ours);
    printf("%s: %d puzzles SE rates %s or more: kakudo %d at %s or more (%.0f%%), %d within 0.5 "
           "below or more (%.0f%%); kakudo's median %s, lowest %s, highest %s\n", name, n,
           rating_format(floor, buf[0], sizeof buf[0]), at, buf[0], n > 0 ? 100.0 * at / n : 0.0,
           near, n > 0 ? 100.0 * near / n : 0.0,
           rating_format(n > 0 ? pairs[n / 2].ours : 0, buf[1], sizeof buf[1]),
           rating_format(n > 0 ? pairs[0].ours : 0, buf[2], sizeof buf[2]),
           rating_format(n > 0 ? pairs[n - 1].ours : 0, buf[3], sizeof buf[3]));
}

int main(int argc, char **argv)
{
    long every = 1;
    size_t max = (size_t)-1;
    int files = 0, floor = 0;

    for (int a = 1; a < argc; a++) {
        if (strncmp(argv[a], "--every=", 8) == 0) {
            every = atol(argv[a] + 8) < 1 ? 1 : atol(argv[a] + 8);
        } else if (strncmp(argv[a], "--max=", 6) == 0) {
            max = (size_t)atol(argv[a] + 6);
        } else if (strcmp(argv[a], "--list") == 0) {
            list_each = true;
        } else if (strncmp(argv[a], "--at-least=", 11) == 0) {
            floor = (int)(atof(argv[a] + 11) * 10 + 0.5);
        } else {
            const char *name = strrchr(argv[a], '/') != NULL ? strrchr(argv[a], '/') + 1 : argv[a];
            int n;
            struct se_pair *pairs = pairs_read(argv[a], every, max, floor, &n);

            if (floor > 0) {
                se_agreement_print(stdout, "", pairs, n);
                print_floor(name, pairs, n, floor);
            } else {
                printf("%s:\n", name);
                se_agreement_print(stdout, "", pairs, n);
                if (list_each)
                    print_halves(pairs, n);
            }
            free(pairs);
            files++;
        }
    }
    if (files == 0) {
        fprintf(stderr, "usage: %s [--every=K] [--max=N] [--list] [--at-least=R] FILE...\n", argv[0]);
        return 2;
    }
    return 0;
}
