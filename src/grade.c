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

/* The candidates left in the position: what a step's techniques look over, so a step's
 * cost grows with it. */
static uint64_t candidates_left(const struct puzzle *p, const uint8_t *grid, const digitset *cands)
{
    uint64_t n = 0;

    for (int cell = 0; cell < p->ncells; cell++)
        if (!p->block[cell] && grid[cell] == 0)
            n += (uint64_t)popcount32(cands[cell]);
    return n;
}

/* Whether the walk, having done done work so far, may make one more step. */
static bool walk_may_go_on(uint64_t work, uint64_t done, const struct solve_budget *budget)
{
    if (work != 0 && done >= work)
        return false;
    return budget == NULL || budget->deadline_ns == 0 || util_now_ns() < budget->deadline_ns;
}

int grade_puzzle_within(const struct puzzle *p, struct grade *g, uint64_t work,
                         const struct solve_budget *budget)
{
    struct hint_start s;
    int count;
    struct hint h;
    uint64_t done = 0;

    memset(g, 0, sizeof *g);
    g->hardest = TECH_MISTAKE;
    count = hint_start_open_within(&s, p, budget);
    s.pos.quiet = true;
    g->unique = s.pos.unique;
    g->gave_up = count < 0;    /* no solution found within the budget */
    if (count > 0) {
        while (!(g->gave_up = !walk_may_go_on(work, done, budget))) {
            uint64_t cands = candidates_left(p, s.grid, s.cands);

            if (!hint_next(&s.pos, &h))
                break;
            done += cands;     /* what the step's techniques looked over */
            grade_count(g, &h);
            hint_apply(p, &h, s.grid, s.cands);
        }
        /* A walk cut short still rates what it met: the level is a lower bound. */
        g->level = hint_technique(g->hardest)->level;
    }
    hint_start_close(&s);
    return count > 0 ? 1 : count;
}

bool grade_puzzle(const struct puzzle *p, struct grade *g)
{
    return grade_puzzle_within(p, g, GRADE_DEFAULT_WORK, NULL) != 0;
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
