/* se_agreement.c: the agreement of kakudo's ratings with Sudoku Explainer's (se_agreement.h). */
#include "config.h"
#include "se_agreement.h"

#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "rating.h"
#include "util.h"

bool se_parse_line(const char *line, char *puzzle, size_t size, int *se)
{
    char word[128];
    const char *er;
    double value;
    int used = 0;

    if (line[0] == '#' || sscanf(line, "%127s %n", word, &used) != 1 || used == 0)
        return false;
    er = line + used;
    if (strncmp(er, "ED=", 3) == 0)
        er += 3;
    if (sscanf(er, "%lf", &value) != 1 || value < 0.9 || value > 20)
        return false;
    snprintf(puzzle, size, "%s\n", word);
    *se = (int)(value * 10 + 0.5);
    return true;
}

struct puzzle *se_puzzle_of(const char *line)
{
    FILE *f = fmemopen((void *)(uintptr_t)line, strlen(line), "rb");
    struct reader *r;
    struct puzzle *p = NULL;
    struct format_error err;

    if (f == NULL)
        return NULL;
    r = reader_open(f, "se", FORMAT_AUTO);
    if (reader_next(r, &p, NULL, &err) <= 0)
        p = NULL;
    reader_close(r);
    fclose(f);
    return p;
}

/* Ranks of v (1-based, ties sharing their mean rank) into rank. */
struct ranked {
    int value, index;
};

static int compare_ranked(const void *a, const void *b)
{
    const struct ranked *x = a, *y = b;

    return x->value != y->value ? (x->value > y->value) - (x->value < y->value)
                                : x->index - y->index;
}

static void rank_values(const int *v, int n, double *rank)
{
    struct ranked *r = xmalloc((size_t)n * sizeof *r);

    for (int i = 0; i < n; i++)
        r[i] = (struct ranked){ v[i], i };
    qsort(r, (size_t)n, sizeof *r, compare_ranked);
    for (int i = 0; i < n;) {
        int j = i;

        while (j + 1 < n && r[j + 1].value == r[i].value)
            j++;
        for (int k = i; k <= j; k++)
            rank[r[k].index] = (i + j) / 2.0 + 1;
        i = j + 1;
    }
    free(r);
}

/* Square root by Newton's steps (the core links without libm). */
static double root(double x)
{
    double r = x > 1 ? x : 1;

    for (int i = 0; i < 200 && x > 0; i++)
        r = (r + x / r) / 2;
    return x > 0 ? r : 0;
}

static double pearson(const double *x, const double *y, int n)
{
    double mx = 0, my = 0, sxy = 0, sxx = 0, syy = 0;

    for (int i = 0; i < n; i++) {
        mx += x[i] / n;
        my += y[i] / n;
    }
    for (int i = 0; i < n; i++) {
        sxy += (x[i] - mx) * (y[i] - my);
        sxx += (x[i] - mx) * (x[i] - mx);
        syy += (y[i] - my) * (y[i] - my);
    }
    return sxx > 0 && syy > 0 ? sxy / root(sxx * syy) : 0;
}

static double spearman(const struct se_pair *pairs, int n)
{
    int *a = xmalloc((size_t)n * sizeof *a), *b = xmalloc((size_t)n * sizeof *b);
    double *ra = xmalloc((size_t)n * sizeof *ra), *rb = xmalloc((size_t)n * sizeof *rb);
    double rho;

    for (int i = 0; i < n; i++) {
        a[i] = pairs[i].se;
        b[i] = pairs[i].ours;
    }
    rank_values(a, n, ra);
    rank_values(b, n, rb);
    rho = pearson(ra, rb, n);
    free(a);
    free(b);
    free(ra);
    free(rb);
    return rho;
}

void se_agreement_compute(const struct se_pair *pairs, int n, struct se_agreement *a)
{
    long abs_sum = 0, signed_sum = 0;

    memset(a, 0, sizeof *a);
    a->n = n;
    a->spearman = n > 1 ? spearman(pairs, n) : 0;
    for (int i = 0; i < n; i++) {
        int d = pairs[i].ours - pairs[i].se;

        if (pairs[i].se < 70)
            continue;
        a->nhigh++;
        a->high_within2 += abs(d) <= 2;
        a->high_within5 += abs(d) <= 5;
        abs_sum += abs(d);
        signed_sum += d;
    }
    if (a->nhigh > 0) {
        a->high_mean_abs = abs_sum / 10.0 / a->nhigh;
        a->high_mean_signed = signed_sum / 10.0 / a->nhigh;
    }
}

/* One line of a table: the rows whose key is key. */
struct tally {
    int n, within2, within5;
    long diff;
};

static void tally_add(struct tally *t, const struct se_pair *p)
{
    int d = p->ours - p->se;

    t->n++;
    t->within2 += abs(d) <= 2;
    t->within5 += abs(d) <= 5;
    t->diff += d;
}

static void tally_print(FILE *out, const char *prefix, const char *label, const struct tally *t)
{
    if (t->n > 0)
        fprintf(out, "%s  %-30s %4d  %+5.2f  %4d  %4d\n", prefix, label, t->n,
                t->diff / 10.0 / t->n, t->within2, t->within5);
}

void se_agreement_print(FILE *out, const char *prefix, const struct se_pair *pairs, int n)
{
    struct se_agreement a;
    struct tally band[40] = { { 0 } }, tech[TECH_COUNT] = { { 0 } };
    char label[64];

    se_agreement_compute(pairs, n, &a);
    fprintf(out, "%s%d puzzles: Spearman %.3f; SE 7.0 and up: %d, within 0.2: %d (%.0f%%), "
            "within 0.5: %d (%.0f%%), mean |difference| %.2f, mean difference %+.2f\n", prefix,
            a.n, a.spearman, a.nhigh, a.high_within2,
            a.nhigh > 0 ? 100.0 * a.high_within2 / a.nhigh : 0.0, a.high_within5,
            a.nhigh > 0 ? 100.0 * a.high_within5 / a.nhigh : 0.0, a.high_mean_abs,
            a.high_mean_signed);
    for (int i = 0; i < n; i++) {
        int b = pairs[i].se / 5;

        tally_add(&band[b < 40 ? b : 39], &pairs[i]);
        if ((int)pairs[i].tech >= 0 && pairs[i].tech < TECH_COUNT)
            tally_add(&tech[pairs[i].tech], &pairs[i]);
    }
    fprintf(out, "%s  %-30s %4s  %5s  %4s  %4s\n", prefix, "SE band", "n", "mean", "0.2", "0.5");
    for (int b = 0; b < 40; b++) {
        snprintf(label, sizeof label, "%d.%d-%d.%d", b / 2, b % 2 * 5, b / 2, b % 2 * 5 + 4);
        tally_print(out, prefix, label, &band[b]);
    }
    fprintf(out, "%s  %-30s %4s  %5s  %4s  %4s\n", prefix, "kakudo's hardest step", "n",
            "mean", "0.2", "0.5");
    for (int t = 0; t < TECH_COUNT; t++)
        tally_print(out, prefix, t == TECH_MISTAKE ? "(none)" : hint_technique((enum technique)t)->name,
                    &tech[t]);
}
