/* test_hint_chains.c: the grouped chains and loops report only what no ungrouped chain
 * proves, and name their groups; the dynamic cell and unit forcing chains. */
#include "config.h"
#include "hint.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "tap.h"
#include "util.h"

/* Conclusions as cell * 64 + digit (placements: negative), for a position. */
struct concl {
    int *v;
    size_t n, cap;
};

static int key_of(const struct hint_move *m, bool place)
{
    return place ? -(m->cell * 64 + m->digit) - 1 : m->cell * 64 + m->digit;
}

static bool concl_has(const struct concl *c, int k)
{
    for (size_t i = 0; i < c->n; i++)
        if (c->v[i] == k)
            return true;
    return false;
}

static bool collect_concl(const struct hint *h, void *user)
{
    struct concl *c = user;

    for (int i = 0; i < h->nplace + h->nelim; i++) {
        bool place = i < h->nplace;
        int k = key_of(place ? &h->place[i] : &h->elim[i - h->nplace], place);
        if (!concl_has(c, k)) {
            c->v = xgrow(c->v, &c->cap, c->n + 1, sizeof *c->v);
            c->v[c->n++] = k;
        }
    }
    return true;
}

struct grouped_check {
    const struct concl *plain;
    long found, proved_plain, unnamed;
    char first[2][HINT_TEXT_MAX];
};

/* A grouped chain's conclusions: none proved by an ungrouped chain; its text names a
 * group ("r4c78 holds 5"). */
static bool check_grouped(const struct hint *h, void *user)
{
    struct grouped_check *g = user;
    bool plain = false;

    g->found++;
    for (int i = 0; i < h->nplace + h->nelim; i++) {
        bool place = i < h->nplace;
        plain |= concl_has(g->plain, key_of(place ? &h->place[i] : &h->elim[i - h->nplace], place));
    }
    if (plain && g->proved_plain++ == 0)
        snprintf(g->first[0], sizeof g->first[0], "%s", h->text);
    if (strstr(h->text, " holds ") == NULL && g->unnamed++ == 0)
        snprintf(g->first[1], sizeof g->first[1], "%s", h->text);
    return true;
}

static void check_position(struct grouped_check *g, const struct hint_position *pos)
{
    struct concl plain = { 0 };

    hint_find_all(pos, TECH_AIC, collect_concl, &plain);
    hint_find_all(pos, TECH_NICE_LOOP, collect_concl, &plain);
    g->plain = &plain;
    hint_find_all(pos, TECH_GROUPED_AIC, check_grouped, g);
    hint_find_all(pos, TECH_GROUPED_NICE_LOOP, check_grouped, g);
    free(plain.v);
}

/* Every every-th position of the easiest-first paths of the first n puzzles of a set. */
static void walk_set(const char *name, int n, int every, void (*check)(void *, const struct hint_position *),
                     void *user)
{
    FILE *f = fopen(tap_data_path(name), "r");
    struct reader *r;
    struct puzzle *p;
    struct format_style style;
    struct format_error err;
    int rc, count = 0;

    if (!tap_ok(f != NULL, "%s opens", name))
        return;
    r = reader_open(f, name, FORMAT_AUTO);
    while (count < n && (rc = reader_next(r, &p, &style, &err)) != 0) {
        struct hint_start s;
        struct hint h;
        int steps = 0;

        if (rc < 0)
            continue;
        if (hint_start_open(&s, p) == 1) {
            while (hint_next(&s.pos, &h)) {
                if (steps++ % every == 0)
                    check(user, &s.pos);
                hint_apply(p, &h, s.grid, s.cands);
            }
            count++;
        }
        hint_start_close(&s);
        puzzle_free(p);
    }
    reader_close(r);
    fclose(f);
}

static void grouped_visit(void *user, const struct hint_position *pos)
{
    check_position(user, pos);
}

static void test_grouped_not_plain(void)
{
    struct grouped_check g = { 0 };

    walk_set("hint/sample_top1465.txt", 12, 3, grouped_visit, &g);
    walk_set("hint/sizes.txt", 4, 5, grouped_visit, &g);
    tap_ok(g.found > 0 && g.proved_plain == 0,
           "%ld grouped chains and loops, none concluding what an ungrouped one proves", g.found);
    if (g.proved_plain)
        tap_diag("%ld, first: %s", g.proved_plain, g.first[0]);
    tap_ok(g.unnamed == 0, "each grouped chain names a group");
    if (g.unnamed)
        tap_diag("%ld, first: %s", g.unnamed, g.first[1]);
}

int main(void)
{
    test_grouped_not_plain();
    return tap_done();
}
