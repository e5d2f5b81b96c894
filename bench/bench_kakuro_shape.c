/* bench_kakuro_shape.c: how Kakuro boards look: the share of white cells inside the clue row and column, the mix of run lengths, and the mix of the rating walk's steps, for puzzle files (by size, and by size and level) and for boards the generator makes (by size and level). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "generate.h"
#include "hint.h"
#include "puzzle.h"
#include "util.h"

#include "bench_set.h"

/*
 * Usage: bench_kakuro_shape [--max=N] [FILE...] [--generate=WxH:LEVEL:COUNT...]
 * FILE: Kakuro puzzles, summed up by size class (the shorter side: 10-11, 12-13, 14-17,
 * 18-24, 25 and over).  --generate: COUNT boards of kakudo's generator at that size and
 * level (seeds 1 to COUNT), summed up together.  For each: white cells in percent of the
 * cells inside the border, runs of 2, 3, 4, 5 and 6-9 cells in percent of the runs, and
 * the share of the rating walk's steps that are lone squares or unique sums; then a
 * line of the step mix: lone squares, unique sums, the other Easy steps (cross
 * references, excluded and required digits) and the Medium or harder ones.  A file's
 * puzzles are also summed up by size class and the level kakudo rates them, so that
 * generated Easy boards compare with the published boards rated Easy.
 *
 * The boards of 12x12 and over of the files read before a --generate are its reference
 * (janko's, in bench/run.sh): each generated line is followed by how far its white share
 * and each run-length share lie from the reference's, in points, and a target line, pass
 * when every one is within 5 points (issue 13: boards like published ones).
 */

#define TARGET_POINTS 5.0

#define RUN_CLASSES 5
#define SIZE_CLASSES 5

struct shape {
    long puzzles, inside, white, runs, by_len[RUN_CLASSES], steps;
    long by_tech[TECH_COUNT];
};

/* The files' boards of 12x12 and over, the generated boards' reference. */
static struct shape reference;

static int size_class(const struct puzzle *p)
{
    int side = p->width < p->height ? p->width : p->height;

    return side < 12 ? 0 : side < 14 ? 1 : side < 18 ? 2 : side < 25 ? 3 : 4;
}

static const char *const size_names[SIZE_CLASSES] = {
    "10-11", "12-13", "14-17", "18-24", "25+",
};

/* Adds p (rated g, NULL: not rated) to s. */
static void shape_add(struct shape *s, const struct puzzle *p, const struct grade *g)
{
    s->puzzles++;
    s->inside += (long)(p->width - 1) * (p->height - 1);
    s->white += p->nwhite;
    for (int i = 0; i < p->ngroups; i++) {
        int len = p->groups[i].ncells;
        s->runs++;
        s->by_len[len >= 6 ? 4 : len - 2 < 0 ? 0 : len - 2]++;
    }
    if (g != NULL) {
        s->steps += g->steps;
        for (int t = 0; t < TECH_COUNT; t++)
            s->by_tech[t] += g->counts[t];
    }
}

/* The share of s's steps in percent of the techniques from first to last, or if level
 * is not -1, of every technique of that level or above. */
static double step_share(const struct shape *s, enum technique first, enum technique last,
                         int level)
{
    long n = 0;

    for (int t = 0; t < TECH_COUNT; t++)
        if (level >= 0 ? (int)hint_technique((enum technique)t)->level >= level
                       : t >= (int)first && t <= (int)last)
            n += s->by_tech[t];
    return s->steps ? 100.0 * n / s->steps : 0.0;
}

static void shape_print(const char *what, const struct shape *s)
{
    if (s->puzzles == 0)
        return;
    printf("%-28s %5ld boards: white %4.1f%%, runs of 2 %4.1f%%, 3 %4.1f%%, 4 %4.1f%%, "
           "5 %4.1f%%, 6-9 %4.1f%%; lone squares and unique sums %4.1f%% of steps\n",
           what, s->puzzles, 100.0 * s->white / s->inside, 100.0 * s->by_len[0] / s->runs,
           100.0 * s->by_len[1] / s->runs, 100.0 * s->by_len[2] / s->runs,
           100.0 * s->by_len[3] / s->runs, 100.0 * s->by_len[4] / s->runs,
           step_share(s, TECH_LONE_SQUARE, TECH_LONE_SQUARE, -1)
           + step_share(s, TECH_UNIQUE_SUM, TECH_UNIQUE_SUM, -1));
    printf("%-28s %5s  steps %5.1f a board: lone squares %4.1f%%, unique sums %4.1f%%, "
           "other singles %4.1f%%, other Easy %4.1f%%, Medium and harder %4.1f%%\n", "", "",
           (double)s->steps / s->puzzles, step_share(s, TECH_LONE_SQUARE, TECH_LONE_SQUARE, -1),
           step_share(s, TECH_UNIQUE_SUM, TECH_UNIQUE_SUM, -1),
           step_share(s, TECH_FULL_HOUSE, TECH_NAKED_SINGLE, -1)
           - step_share(s, TECH_LONE_SQUARE, TECH_LONE_SQUARE, -1),
           step_share(s, 0, 0, LEVEL_EASY) - step_share(s, 0, 0, LEVEL_MEDIUM)
           - step_share(s, TECH_UNIQUE_SUM, TECH_UNIQUE_SUM, -1),
           step_share(s, 0, 0, LEVEL_MEDIUM));
}

/* s's white share [0] and run-length shares [1..RUN_CLASSES], in percent. */
static void shape_shares(const struct shape *s, double share[RUN_CLASSES + 1])
{
    share[0] = s->inside ? 100.0 * s->white / s->inside : 0.0;
    for (int c = 0; c < RUN_CLASSES; c++)
        share[c + 1] = s->runs ? 100.0 * s->by_len[c] / s->runs : 0.0;
}

/* How far s lies from the reference, share by share, and whether all are within
 * TARGET_POINTS. */
static void shape_compare(const char *what, const struct shape *s)
{
    static const char *const names[RUN_CLASSES + 1] = {
        "white", "runs of 2", "3", "4", "5", "6-9",
    };
    double mine[RUN_CLASSES + 1], ref[RUN_CLASSES + 1], worst = 0.0;

    if (reference.puzzles == 0 || s->puzzles == 0)
        return;
    shape_shares(s, mine);
    shape_shares(&reference, ref);
    printf("%-28s %5s  against the reference's %ld boards of 12x12 and over, in points:", "", "",
           reference.puzzles);
    for (int i = 0; i <= RUN_CLASSES; i++) {
        double d = mine[i] - ref[i];

        printf("%s %s %+.1f", i ? "," : "", names[i], d);
        if (d < 0)
            d = -d;
        if (d > worst)
            worst = d;
    }
    printf("\n   target %s: white share and run lengths within %.0f points of the reference's "
           "(worst %.1f): %s\n", what, TARGET_POINTS, worst, worst <= TARGET_POINTS ? "pass" : "MISS");
}

static void shape_file(const char *path, size_t max)
{
    struct bench_set set = { 0 };
    struct shape by_size[SIZE_CLASSES] = { 0 }, by_level[SIZE_CLASSES][LEVEL_COUNT] = { { { 0 } } };
    const char *name = strrchr(path, '/') != NULL ? strrchr(path, '/') + 1 : path;
    char what[128];

    if (!bench_load(path, 1, max, &set)) {
        fprintf(stderr, "%s: no puzzle\n", path);
        bench_set_free(&set);
        return;
    }
    for (size_t i = 0; i < set.n; i++) {
        const struct puzzle *p = set.puzzles[i];
        struct grade g;
        bool rated;

        if (p->ops->kind != PUZZLE_KAKURO)
            continue;
        rated = grade_puzzle(p, &g);
        shape_add(&by_size[size_class(p)], p, rated ? &g : NULL);
        if (p->width >= 12 && p->height >= 12)
            shape_add(&reference, p, NULL);
        if (rated)
            shape_add(&by_level[size_class(p)][g.level], p, &g);
    }
    for (int c = 0; c < SIZE_CLASSES; c++) {
        snprintf(what, sizeof what, "%s %s", name, size_names[c]);
        shape_print(what, &by_size[c]);
        for (int l = 0; l < LEVEL_COUNT; l++) {
            snprintf(what, sizeof what, "%s %s %s", name, size_names[c],
                     hint_level_name((enum hint_level)l));
            shape_print(what, &by_level[c][l]);
        }
    }
    bench_set_free(&set);
}

/* "15x15:medium:20" */
static bool shape_generate(const char *spec)
{
    struct gen_request req = { .kind = PUZZLE_KAKURO, .max_attempts = 1000 };
    struct shape s = { 0 };
    char level[32], what[128];
    int count, at_level = 0;
    uint64_t start = bench_cpu_ns();

    if (sscanf(spec, "%dx%d:%31[a-z]:%d", &req.width, &req.height, level, &count) != 4
        || !gen_level_by_name(level, &req.level) || count < 1) {
        fprintf(stderr, "bad --generate=%s: expected WxH:LEVEL:COUNT\n", spec);
        return false;
    }
    for (int i = 1; i <= count; i++) {
        struct gen_result res;
        req.seed = (uint64_t)i;
        gen_generate(&req, &res);
        if (res.puzzle != NULL)
            shape_add(&s, res.puzzle, &res.grade);
        at_level += res.status == GEN_OK;
        puzzle_free(res.puzzle);
    }
    snprintf(what, sizeof what, "generated %dx%d %s", req.width, req.height, level);
    shape_print(what, &s);
    printf("%-28s %5s  %d of %d at the level asked, %.3f s CPU a board\n", "", "", at_level,
           count, (double)(bench_cpu_ns() - start) / 1e9 / count);
    shape_compare(what, &s);
    return true;
}

int main(int argc, char **argv)
{
    size_t max = (size_t)-1;
    int done = 0;

    for (int a = 1; a < argc; a++) {
        if (strncmp(argv[a], "--max=", 6) == 0) {
            max = (size_t)atol(argv[a] + 6);
        } else if (strncmp(argv[a], "--generate=", 11) == 0) {
            if (!shape_generate(argv[a] + 11))
                return 2;
            done++;
        } else {
            shape_file(argv[a], max);
            done++;
        }
    }
    if (done == 0) {
        fprintf(stderr, "usage: %s [--max=N] [FILE...] [--generate=WxH:LEVEL:COUNT...]\n", argv[0]);
        return 2;
    }
    return 0;
}
