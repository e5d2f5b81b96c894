/* grade.c: rating a puzzle by solving it with the techniques, easiest step first. */
#include "config.h"
#include "hint.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

static void grade_count(struct grade *g, const struct hint *h)
{
    const struct technique_info *info = hint_technique(h->id);

    g->counts[h->id]++;
    g->steps++;
    g->score += info->weight;
    if (g->hardest == TECH_MISTAKE || info->level > hint_technique(g->hardest)->level
        || (info->level == hint_technique(g->hardest)->level && h->id > g->hardest))
        g->hardest = h->id;
}

bool grade_puzzle(const struct puzzle *p, struct grade *g)
{
    struct hint_start s;
    int count = hint_start_open(&s, p);
    struct hint h;

    s.pos.quiet = true;
    memset(g, 0, sizeof *g);
    g->hardest = TECH_MISTAKE;
    g->unique = s.pos.unique;
    if (count > 0) {
        while (hint_next(&s.pos, &h)) {
            grade_count(g, &h);
            hint_apply(p, &h, s.grid, s.cands);
        }
        g->level = hint_technique(g->hardest)->level;
    }
    hint_start_close(&s);
    return count > 0;
}

void grade_describe(const struct grade *g, char *buf, size_t size)
{
    size_t len;

    snprintf(buf, size, "%s, hardest %s, score %ld:", hint_level_name(g->level),
             g->hardest == TECH_MISTAKE ? "none" : hint_technique(g->hardest)->name, g->score);
    for (int t = 0; t < TECH_COUNT; t++) {
        if (g->counts[t] == 0)
            continue;
        len = strlen(buf);
        if (len + 1 >= size)
            break;
        snprintf(buf + len, size - len, " %s %d,", hint_technique((enum technique)t)->name,
                 g->counts[t]);
    }
    len = strlen(buf);
    if (len > 0 && buf[len - 1] == ',')
        buf[len - 1] = '\0';
}
