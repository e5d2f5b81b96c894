/* test_hint.c: the technique engine: each technique on a known position, soundness over
 * public puzzle sets, the player's mistakes, and ratings. */
#include "config.h"
#include "hint.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "game.h"
#include "solve.h"
#include "tap.h"
#include "tap_puzzle.h"
#include "util.h"

/* --- Small helpers --- */

/* "r12c3" -> cell index, or -1. */
static int parse_cell(const struct puzzle *p, const char *s, const char **end)
{
    int r, c, n;

    if (sscanf(s, "r%dc%d%n", &r, &c, &n) != 2 || r < 1 || c < 1 || r > p->height || c > p->width)
        return -1;
    *end = s + n;
    return (r - 1) * p->width + (c - 1);
}

/* A one-line Sudoku of any size (N*N symbols), for the sizes file. */
static struct puzzle *parse_sudoku_line(const char *s)
{
    int len = (int)strcspn(s, " \r\n"), n = 0, br, bc;
    struct puzzle_error err;
    struct puzzle *p;

    while (n * n < len)
        n++;
    if (n * n != len || !sudoku_box_shape(n, &br, &bc) || (p = sudoku_new(br, bc)) == NULL)
        return NULL;
    for (int i = 0; i < len; i++)
        p->given[i] = (uint8_t)sudoku_symbol_value(s[i]);
    if (!puzzle_finish(p, &err)) {
        puzzle_free(p);
        return NULL;
    }
    return p;
}

/* A position under test: the puzzle, its solution, the grid and candidates. */
struct pos_state {
    struct puzzle *p;
    struct hint_start s;
};

static bool state_open(struct pos_state *st, struct puzzle *p)
{
    st->p = p;
    return hint_start_open(&st->s, p) > 0;
}

static void state_close(struct pos_state *st)
{
    hint_start_close(&st->s);
    puzzle_free(st->p);
}

/* --- Soundness: every placement and elimination agrees with the solution --- */

struct soundness {
    const uint8_t *solution;
    long checked, wrong;
    char first_wrong[HINT_TEXT_MAX];
    int seen[TECH_COUNT];
};

static bool check_hint(const struct hint *h, void *user)
{
    struct soundness *sd = user;
    bool bad = false;

    sd->seen[h->id]++;
    for (int i = 0; i < h->nplace && h->id != TECH_TRIAL; i++)  /* trial: apply_checked */
        bad |= sd->solution[h->place[i].cell] != h->place[i].digit;
    for (int i = 0; i < h->nelim; i++)
        bad |= sd->solution[h->elim[i].cell] == h->elim[i].digit;
    if (!h->quiet)
        bad |= h->text[0] == '\0' || strncmp(h->text, h->name, strlen(h->name)) != 0;
    sd->checked += h->nplace + h->nelim;
    if (bad && sd->wrong++ == 0)
        snprintf(sd->first_wrong, sizeof sd->first_wrong, "%s", h->text);
    return true;
}

/* Checks every step available: hint_all's, and those of the forcing chains, which it
 * lists only where nothing else applies. */
static void check_all_steps(const struct hint_position *pos, struct soundness *sd)
{
    hint_all(pos, check_hint, sd);
    for (int t = TECH_CONTRADICTION_CHAIN; t <= TECH_UNIT_FORCING_CHAIN; t++)
        hint_find_all(pos, (enum technique)t, check_hint, sd);
}

/* Applies a step of the walk, checked against the solution.  A trial step may take a
 * digit of another solution (where there are several, it follows the first it finds by
 * search): it is right if the grid still has a solution, which becomes the one the next
 * steps are checked against. */
static void apply_checked(const struct puzzle *p, const struct hint *h, uint8_t *grid,
                          digitset *cands, uint8_t *solution, struct soundness *sd)
{
    if (h->id != TECH_TRIAL) {
        check_hint(h, sd);
        hint_apply(p, h, grid, cands);
        return;
    }
    struct solve_request req = { .limit = 1, .budget = solve_budget_nodes(SOLVE_DEFAULT_NODES) };
    struct solve_result res = { .solution = solution };
    bool agrees = true;

    sd->seen[h->id]++;
    for (int i = 0; i < h->nplace; i++)
        agrees &= solution[h->place[i].cell] == h->place[i].digit;
    hint_apply(p, h, grid, cands);
    sd->checked += h->nplace;
    if (agrees)
        return;
    puzzle_solve(p, grid, &req, &res);
    if (res.count == 0 && sd->wrong++ == 0)
        snprintf(sd->first_wrong, sizeof sd->first_wrong, "%s", h->text);
}

/* Walks the easiest-first path, checking each step (and, if all, every step available);
 * returns the level reached, or -1 if the walk does not end solved. */
static int walk(struct pos_state *st, struct soundness *sd, bool all)
{
    int level = LEVEL_BEGINNER, steps = 0;
    struct hint h;

    sd->solution = st->s.solution;
    st->s.pos.quiet = true;       /* the text is checked on check_all_steps' steps */
    while (hint_next(&st->s.pos, &h)) {
        if (all && steps % 4 == 0) {
            st->s.pos.quiet = false;
            check_all_steps(&st->s.pos, sd);
            st->s.pos.quiet = true;
        }
        if ((int)hint_technique(h.id)->level > level)
            level = (int)hint_technique(h.id)->level;
        apply_checked(st->p, &h, st->s.grid, st->s.cands, st->s.solution, sd);
        steps++;
    }
    return memcmp(st->s.grid, st->s.solution, (size_t)st->p->ncells) == 0 ? level : -1;
}

static long sample_limit(void)
{
    const char *env = getenv("KAKUDO_HINT_SAMPLE");
    long n = env != NULL ? atol(env) : 0;

    return n > 0 ? n : 1000000;
}

/* Walks every puzzle of a file; reports soundness and the distribution of levels.  The
 * first all_first puzzles also have every available step checked along the way. */
static double check_set(const char *name, long limit, int all_first)
{
    FILE *f = fopen(tap_data_path(name), "r");
    struct reader *r;
    struct soundness sd = { 0 };
    int levels[LEVEL_COUNT] = { 0 }, unsolved = 0, count = 0, rc;
    struct puzzle *p;
    struct format_style style;
    struct format_error err;
    double mean = 0;

    if (!tap_ok(f != NULL, "%s opens", name))
        return -1;
    r = reader_open(f, name, FORMAT_AUTO);
    while (count < limit && (rc = reader_next(r, &p, &style, &err)) != 0) {
        struct pos_state st;
        int level;

        if (rc < 0)
            continue;
        if (!state_open(&st, p)) {
            state_close(&st);
            continue;
        }
        level = walk(&st, &sd, count < all_first);
        if (level < 0)
            unsolved++;
        else
            levels[level]++;
        mean += level;
        count++;
        state_close(&st);
    }
    reader_close(r);
    fclose(f);
    tap_ok(sd.wrong == 0 && unsolved == 0 && count > 0,
           "%s: %d puzzles solved by the techniques; %ld placements and eliminations agree with "
           "the solution", name, count, sd.checked);
    if (sd.wrong)
        tap_diag("%ld wrong, first: %s", sd.wrong, sd.first_wrong);
    tap_diag("%s levels: Beginner %d, Easy %d, Medium %d, Hard %d, Expert %d, Master %d", name,
             levels[0], levels[1], levels[2], levels[3], levels[4], levels[5]);
    return count > 0 ? mean / count : -1;
}

/* --- Each technique on a known position (tests/data/hint/steps.txt) --- */

struct step_case {
    char comment[256];
    char puzzle[256];
    char grid[1024];
    char minus[4096];
    char mode[16];          /* "next" or "find" */
    char technique[64];
    char cells[1024], place[1024], elim[4096];
    char says[512];         /* words the hint's text must hold, if any */
};

/* If line is "key value...", copies the value (cut to size) into dst. */
static bool copy_field(const char *line, const char *key, char *dst, size_t size)
{
    size_t k = strlen(key), n;

    if (strncmp(line, key, k) != 0 || (line[k] != ' ' && line[k] != '\0'))
        return false;
    line += line[k] == ' ' ? k + 1 : k;
    n = strlen(line);
    if (n >= size)
        n = size - 1;
    memcpy(dst, line, n);
    dst[n] = '\0';
    return true;
}

/* Reads "key value" lines up to a blank line; false at the end of the file. */
static bool read_case(FILE *f, struct step_case *c)
{
    char line[8192];

    memset(c, 0, sizeof *c);
    while (fgets(line, sizeof line, f) != NULL) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '\0') {
            if (c->puzzle[0] != '\0')
                return true;
            memset(c, 0, sizeof *c);    /* a block of comments only */
            continue;
        }
        if (line[0] == '#') {
            if (c->comment[0] == '\0')
                copy_field(line, "#", c->comment, sizeof c->comment);
            continue;
        }
        if (!copy_field(line, "puzzle", c->puzzle, sizeof c->puzzle)
            && !copy_field(line, "grid", c->grid, sizeof c->grid)
            && !copy_field(line, "minus", c->minus, sizeof c->minus)
            && !copy_field(line, "cells", c->cells, sizeof c->cells)
            && !copy_field(line, "place", c->place, sizeof c->place)
            && !copy_field(line, "elim", c->elim, sizeof c->elim)
            && !copy_field(line, "says", c->says, sizeof c->says)
            && (strncmp(line, "next ", 5) == 0 || strncmp(line, "find ", 5) == 0
                || strncmp(line, "none ", 5) == 0)) {
            memcpy(c->mode, line, 4);
            copy_field(line, c->mode, c->technique, sizeof c->technique);
        }
    }
    return c->puzzle[0] != '\0';
}

/* Sorts a short list in place (insertion sort: the lists hold a few moves). */
static void sort_ints(int *v, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
            int t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
        }
}

/* "r1c2:37 r4c4:5" -> a sorted list of cell*32+digit; -1 on a syntax error. */
static int parse_moves(const struct puzzle *p, const char *s, int *out, int max)
{
    int n = 0;

    while (*s != '\0') {
        const char *end;
        int cell;
        while (*s == ' ')
            s++;
        if (*s == '\0')
            break;
        if ((cell = parse_cell(p, s, &end)) < 0)
            return -1;
        s = end;
        if (*s == ':') {
            for (s++; *s != '\0' && *s != ' '; s++)
                if (n < max)
                    out[n++] = cell * 32 + sudoku_symbol_value(*s);
        } else if (n < max) {
            out[n++] = cell * 32;
        }
    }
    sort_ints(out, n);
    return n;
}

static bool same_list(const int *a, int na, const int *b, int nb)
{
    return na == nb && memcmp(a, b, (size_t)na * sizeof *a) == 0;
}

static int sorted_moves(const struct hint_move *m, int n, int *out)
{
    for (int i = 0; i < n; i++)
        out[i] = m[i].cell * 32 + m[i].digit;
    sort_ints(out, n);
    return n;
}

static int sorted_cells(const int *cells, int n, int *out)
{
    struct hint_move m[HINT_MAX_CELLS];

    for (int i = 0; i < n; i++)
        m[i] = (struct hint_move){ cells[i], 0 };
    return sorted_moves(m, n, out);
}

/* Sets the case's grid and candidates (the basic ones less "minus") into st. */
static bool case_position(struct pos_state *st, const struct step_case *c)
{
    const struct puzzle *p = st->p;
    int minus[4096], n;

    if ((int)strlen(c->grid) != p->ncells)
        return false;
    for (int i = 0; i < p->ncells; i++)
        st->s.grid[i] = (uint8_t)(c->grid[i] == '#' || c->grid[i] == '.' ? 0 : sudoku_symbol_value(c->grid[i]));
    hint_fill_candidates(p, st->s.grid, NULL, st->s.cands);
    if ((n = parse_moves(p, c->minus, minus, 4096)) < 0)
        return false;
    for (int i = 0; i < n; i++)
        st->s.cands[minus[i] / 32] &= ~(1u << (minus[i] % 32));
    return true;
}

static bool case_matches(const struct step_case *c, const struct puzzle *p, const struct hint *h)
{
    int want[4096], got[4096], nw, ng;

    if (strcmp(hint_technique(h->id)->key, c->technique) != 0)
        return false;
    nw = parse_moves(p, c->cells, want, 4096);
    ng = sorted_cells(h->cells, h->ncells, got);
    if (!same_list(want, nw, got, ng))
        return false;
    nw = parse_moves(p, c->place, want, 4096);
    ng = sorted_moves(h->place, h->nplace, got);
    if (!same_list(want, nw, got, ng))
        return false;
    nw = parse_moves(p, c->elim, want, 4096);
    ng = sorted_moves(h->elim, h->nelim, got);
    return same_list(want, nw, got, ng);
}

/* For "find": the instance with these cells among all the technique finds.  For "none":
 * whether any instance has all these cells among its own (whatever it concludes). */
struct find_ctx {
    const struct step_case *c;
    const struct puzzle *p;
    struct hint found;
    bool matched;
};

static bool has_cells(const struct step_case *c, const struct puzzle *p, const struct hint *h)
{
    int want[4096], nw = parse_moves(p, c->cells, want, 4096);

    for (int i = 0; i < nw; i++) {
        bool in = false;
        for (int j = 0; j < h->ncells && !in; j++)
            in = h->cells[j] == want[i] / 32;
        if (!in)
            return false;
    }
    return true;
}

static bool find_match(const struct hint *h, void *user)
{
    struct find_ctx *fc = user;

    if (strcmp(fc->c->mode, "none") == 0 ? has_cells(fc->c, fc->p, h) : case_matches(fc->c, fc->p, h)) {
        fc->found = *h;
        fc->matched = true;
        return false;
    }
    return true;
}

/* "cells r1c2 r3c4", "place r1c2:5" or "elim ...": a hint's lists as steps.txt has them. */
static void diag_moves(const struct hint *h)
{
    char buf[4096], name[PUZZLE_CELL_NAME_MAX];
    size_t len = 0;

    len += (size_t)snprintf(buf + len, sizeof buf - len, "cells");
    for (int i = 0; i < h->ncells && len < sizeof buf - 40; i++)
        len += (size_t)snprintf(buf + len, sizeof buf - len, " %s", puzzle_cell_name(h->puzzle, h->cells[i], name));
    len += (size_t)snprintf(buf + len, sizeof buf - len, " | place");
    for (int i = 0; i < h->nplace && len < sizeof buf - 40; i++)
        len += (size_t)snprintf(buf + len, sizeof buf - len, " %s:%d", puzzle_cell_name(h->puzzle, h->place[i].cell, name), h->place[i].digit);
    len += (size_t)snprintf(buf + len, sizeof buf - len, " | elim");
    for (int i = 0; i < h->nelim && len < sizeof buf - 40; i++)
        snprintf(buf + len, sizeof buf - len, " %s:%d", puzzle_cell_name(h->puzzle, h->elim[i].cell, name), h->elim[i].digit),
        len = strlen(buf);
    tap_diag("%s", buf);
}

/* For a "find" case that fails: what the technique does find (the first few). */
static bool diag_instance(const struct hint *h, void *user)
{
    int *shown = user;

    tap_diag("found: %s", h->text);
    diag_moves(h);
    return ++*shown < 4;
}

static void run_case(const struct step_case *c, int covered[TECH_COUNT])
{
    struct puzzle *p = tap_load_puzzle(c->puzzle);
    struct pos_state st;
    enum technique id;
    struct hint h;
    bool ok = false;

    if (p == NULL || !hint_technique_by_key(c->technique, &id)) {
        tap_ok(false, "%s: puzzle %s and technique %s exist", c->comment, c->puzzle, c->technique);
        if (p != NULL)
            puzzle_free(p);
        return;
    }
    if (state_open(&st, p) && case_position(&st, c)) {
        if (strcmp(c->mode, "next") == 0) {
            ok = hint_next(&st.s.pos, &h) && case_matches(c, p, &h);
        } else if (strcmp(c->mode, "none") == 0) {
            struct find_ctx fc = { .c = c, .p = p };
            hint_find_all(&st.s.pos, id, find_match, &fc);
            tap_ok(!fc.matched, "none %s: %s", c->technique, c->comment);
            if (fc.matched)
                tap_diag("found: %s", fc.found.text);
            state_close(&st);
            return;
        } else {
            struct find_ctx fc = { .c = c, .p = p };
            hint_find_all(&st.s.pos, id, find_match, &fc);
            ok = fc.matched;
            h = fc.found;
        }
        if (ok) {
            struct soundness sd = { .solution = st.s.solution };
            check_hint(&h, &sd);
            ok = sd.wrong == 0;
        }
        if (ok && c->says[0] != '\0' && strstr(h.text, c->says) == NULL) {
            tap_diag("the text lacks \"%s\": %s", c->says, h.text);
            ok = false;
        }
    }
    covered[id] += ok;
    tap_ok(ok, "%s %s: %s", c->mode, c->technique, c->comment);
    if (!ok && strcmp(c->mode, "find") == 0) {
        int shown = 0;
        hint_find_all(&st.s.pos, id, diag_instance, &shown);
    } else if (!ok && hint_next(&st.s.pos, &h)) {
        tap_diag("got: %s", h.text);
        diag_moves(&h);
    }
    state_close(&st);
}

/* The cases of one file; false if it cannot be read. */
static bool run_cases(const char *name, int covered[TECH_COUNT])
{
    FILE *f = fopen(tap_data_path(name), "r");
    struct step_case c;

    if (!tap_ok(f != NULL, "%s opens", name))
        return false;
    while (read_case(f, &c))
        run_case(&c, covered);
    fclose(f);
    return true;
}

static void test_steps(void)
{
    int covered[TECH_COUNT] = { 0 }, missing = 0;

    if (!run_cases("hint/steps.txt", covered) || !run_cases("hint/steps_als.txt", covered))
        return;
    for (int t = TECH_FULL_HOUSE; t < TECH_COUNT; t++) {
        if (!covered[t]) {
            tap_diag("no passing position for %s", hint_technique((enum technique)t)->key);
            missing++;
        }
    }
    tap_ok(missing == 0, "every technique has a position where it is found");
}

/* --- Kakuro has no ALS: N cells of a run with N+1 digits need not hold all but one of
 * them once the run's sum is counted, so those techniques are Sudoku's only --- */

static void test_kakuro_left_out(void)
{
    static const enum technique sudoku_only[] = {
        TECH_MULTI_COLOURING, TECH_SUE_DE_COQ, TECH_ALIGNED_PAIR, TECH_WXYZ_WING,
        TECH_BENT_SET, TECH_ALS_XZ, TECH_ALS_XY_WING, TECH_DEATH_BLOSSOM,
        TECH_ALIGNED_TRIPLE, TECH_ALS_CHAIN,
    };
    struct puzzle *p = tap_load_puzzle("hint/kakuro_sources.txt:2");
    struct pos_state st;
    int found = 0;
    bool kinds = true;

    if (!tap_ok(p != NULL && state_open(&st, p), "a Kakuro opens for the ALS family")) {
        if (p != NULL)
            state_close(&st);
        return;
    }
    for (size_t i = 0; i < sizeof sudoku_only / sizeof *sudoku_only; i++) {
        struct hint h;
        kinds &= hint_technique(sudoku_only[i])->kinds == HINT_KIND_SUDOKU;
        found += hint_find(&st.s.pos, sudoku_only[i], &h);
    }
    tap_ok(kinds && found == 0, "ALS, Sue de Coq, bent sets, aligned exclusions and "
           "multi-colouring are not offered for Kakuro");
    state_close(&st);
}

/* --- The table --- */

static void test_table(void)
{
    bool ok = true;
    enum technique id;

    for (int t = 0; t < TECH_COUNT; t++) {
        const struct technique_info *info = hint_technique((enum technique)t);
        ok &= info != NULL && (int)info->id == t && info->name != NULL && info->definition != NULL;
        ok &= hint_technique_by_key(info->key, &id) && (int)id == t;
        if (t > TECH_FULL_HOUSE)
            ok &= info->level >= hint_technique((enum technique)(t - 1))->level;
    }
    tap_ok(ok, "the technique table is complete, keyed, and in order of level");
    tap_ok(hint_technique(TECH_COUNT) == NULL && !hint_technique_by_key("nonsense", &id),
           "unknown techniques are refused");
}

/* --- The player's position --- */

static int first_empty(const struct puzzle *p, const uint8_t *grid)
{
    for (int cell = 0; cell < p->ncells; cell++)
        if (!p->block[cell] && !grid[cell])
            return cell;
    return -1;
}

static void test_player(const char *spec, const char *what)
{
    struct puzzle *p = tap_load_puzzle(spec);
    struct pos_state st;
    digitset *marks;
    struct hint h;
    int cell;

    if (!tap_ok(p != NULL && state_open(&st, p), "%s: puzzle loads and solves", what)) {
        if (p != NULL)
            state_close(&st);
        return;
    }
    marks = xcalloc((size_t)p->ncells, sizeof *marks);
    cell = first_empty(p, st.s.grid);
    tap_ok(!hint_check_position(p, st.s.grid, NULL, st.s.solution, &h), "%s: the givens are no mistake", what);
    tap_ok(hint_for_player(p, st.s.grid, NULL, &h, NULL, NULL) && h.id != TECH_MISTAKE,
           "%s: from the givens the player gets a step: %s", what, h.text);

    st.s.grid[cell] = (uint8_t)(st.s.solution[cell] % 9 + 1);  /* a wrong digit */
    tap_ok(hint_for_player(p, st.s.grid, NULL, &h, NULL, NULL) && h.id == TECH_MISTAKE && h.ncells == 1
           && h.cells[0] == cell && h.nelim == 1, "%s: a wrong digit is pointed out: %s", what, h.text);
    st.s.grid[cell] = 0;

    hint_fill_candidates(p, st.s.grid, NULL, marks);
    marks[cell] &= ~(1u << st.s.solution[cell]);
    if (marks[cell] == 0)
        marks[cell] = 1u << (st.s.solution[cell] % 9 + 1);
    tap_ok(hint_for_player(p, st.s.grid, marks, &h, NULL, NULL) && h.id == TECH_MISTAKE && h.cells[0] == cell,
           "%s: a candidate removed by mistake is pointed out: %s", what, h.text);

    st.s.grid[cell] = st.s.solution[cell];
    tap_ok(!hint_check_position(p, st.s.grid, NULL, st.s.solution, &h), "%s: a right digit is no mistake", what);
    free(marks);
    state_close(&st);
}

/* --- Ratings --- */

static void test_grade(void)
{
    struct puzzle *p = tap_load_puzzle("hint/sudoku_sources.txt:1");
    struct grade g;
    char buf[1024];
    int total = 0;

    if (!tap_ok(p != NULL && grade_puzzle(p, &g), "grade_puzzle rates a puzzle"))
        return;
    for (int t = 0; t < TECH_COUNT; t++)
        total += g.counts[t];
    grade_describe(&g, buf, sizeof buf);
    tap_ok(total == g.steps && g.unique && g.level == hint_technique(g.hardest)->level && g.score > 0,
           "the rating adds up: %s", buf);
    tap_ok(!g.gave_up, "  within the default budget");
    puzzle_free(p);
}

/* The grading walk keeps to its budget of work (the candidates its steps look over),
 * and so does the search for a solution before it. */
static void test_grade_budget(void)
{
    struct puzzle *p = tap_load_puzzle("hint/sudoku_sources.txt:1");
    struct solve_budget one_node = solve_budget_nodes(1);
    struct grade whole, cut;
    int rated;

    if (!tap_ok(p != NULL && grade_puzzle(p, &whole), "a puzzle to rate within budgets"))
        return;
    rated = grade_puzzle_within(p, &cut, 2000, NULL);
    tap_ok(rated == 1 && cut.gave_up && cut.steps > 0 && cut.steps < whole.steps
           && cut.level <= whole.level,
           "a walk of 2000 candidates stops after %d steps of %d: a lower bound, said so",
           cut.steps, whole.steps);
    rated = grade_puzzle_within(p, &cut, 0, &one_node);
    tap_ok(rated < 0 && cut.gave_up && cut.steps == 0,
           "a search of one node finds no solution: gave up, no steps");
    puzzle_free(p);
}

/* The player's hint keeps to the budget it is given, and says it gave up. */
static void test_player_hint_budget(void)
{
    struct puzzle *p = tap_load_puzzle("hint/sudoku_sources.txt:1");
    struct solve_budget one_node = solve_budget_nodes(1);
    struct hint h;
    bool gave_up = false, found;

    if (!tap_ok(p != NULL, "a puzzle to hint within a budget"))
        return;
    found = hint_for_player(p, p->given, NULL, &h, &one_node, &gave_up);
    tap_ok(!found && gave_up, "a search of one node: no hint, and it gave up");
    found = hint_for_player(p, p->given, NULL, &h, NULL, &gave_up);
    tap_ok(found && !gave_up, "the default budget: a hint");
    puzzle_free(p);
}

/* --- Every size, on many positions --- */

/* A small fixed random sequence (the tests must not depend on the clock). */
static unsigned long rng_next(unsigned long *state)
{
    *state = *state * 6364136223846793005UL + 1442695040888963407UL;
    return *state >> 33;
}

/* The solutions of tests/data/sudoku_sizes/puzzles.txt (unique puzzles), one per shape. */
static int load_size_solutions(struct puzzle **shapes, uint8_t **solutions, int max)
{
    FILE *f = fopen(tap_data_path("sudoku_sizes/puzzles.txt"), "r");
    char line[2048];
    int n = 0;

    if (f == NULL)
        return 0;
    while (n < max && fgets(line, sizeof line, f) != NULL) {
        int br, bc, count, len;
        char givens[700], sol[700];
        if (line[0] == '#' || sscanf(line, "%d %d %d %699s %699s", &br, &bc, &count, givens, sol) != 5
            || count != 1 || (shapes[n] = sudoku_new(br, bc)) == NULL)
            continue;
        len = shapes[n]->ncells;
        solutions[n] = xmalloc((size_t)len);
        for (int i = 0; i < len; i++)
            solutions[n][i] = (uint8_t)sudoku_symbol_value((unsigned char)sol[i]);
        n++;
    }
    fclose(f);
    return n;
}

/* A puzzle keeping each digit of the solution with probability keep/100: usually several
 * solutions, so no uniqueness techniques, but every technique's conclusions must hold for
 * all of them, the solution kept included. */
static struct puzzle *sparse_puzzle(const struct puzzle *shape, const uint8_t *solution, int keep,
                                    unsigned long *rng)
{
    struct puzzle *p = sudoku_new(shape->box_rows, shape->box_cols);
    struct puzzle_error err;

    for (int i = 0; i < p->ncells; i++)
        p->given[i] = rng_next(rng) % 100 < (unsigned long)keep ? solution[i] : 0;
    if (!puzzle_finish(p, &err)) {
        puzzle_free(p);
        return NULL;
    }
    return p;
}

/* Walks sparse puzzles of every size, checking every step every technique offers (at every
 * 2nd position up to 9x9, every 4th on 12x12, every 8th on 16x16, every 16th on 25x25, to
 * stay quick: sparse grids with several solutions keep the chain techniques busy); reports
 * which techniques were met on each size. */
static void test_sizes_sparse(void)
{
    struct puzzle *shapes[16];
    uint8_t *solutions[16];
    int nshapes = load_size_solutions(shapes, solutions, 16);
    unsigned long rng = 12345;

    tap_ok(nshapes >= 7, "sudoku_sizes: %d shapes with a solution", nshapes);
    for (int k = 0; k < nshapes; k++) {
        const struct puzzle *shape = shapes[k];
        struct soundness sd = { 0 };
        int walks = shape->width <= 9 ? 25 : shape->width <= 16 ? 8 : 2;
        int every = shape->width <= 9 ? 2 : shape->width <= 12 ? 4 : shape->width <= 16 ? 8 : 16;
        int done = 0, stuck = 0;
        char met[1024] = "";
        size_t len = 0;

        for (int w = 0; w < walks; w++) {
            struct puzzle *p = sparse_puzzle(shape, solutions[k], 25 + (int)(rng_next(&rng) % 30), &rng);
            struct pos_state st;
            int steps = 0;
            struct hint h;

            if (p == NULL || !state_open(&st, p)) {
                if (p != NULL)
                    state_close(&st);
                continue;
            }
            /* A trial step may pick another solution: apply_checked follows it. */
            memcpy(st.s.solution, solutions[k], (size_t)p->ncells);
            sd.solution = st.s.solution;
            while (hint_next(&st.s.pos, &h)) {
                if (steps % every == 0)
                    check_all_steps(&st.s.pos, &sd);
                apply_checked(p, &h, st.s.grid, st.s.cands, st.s.solution, &sd);
                steps++;
            }
            stuck += memcmp(st.s.grid, st.s.solution, (size_t)p->ncells) != 0;
            done++;
            state_close(&st);
        }
        for (int t = TECH_FULL_HOUSE; t < TECH_COUNT; t++)
            if (sd.seen[t] && len + 40 < sizeof met)
                len += (size_t)snprintf(met + len, sizeof met - len, " %s", hint_technique((enum technique)t)->key);
        tap_ok(done == walks && sd.wrong == 0 && stuck == 0,
               "%dx%d: %d sparse puzzles walked, %ld conclusions of every technique agree with the "
               "solution", shape->width, shape->width, done, sd.checked);
        if (sd.wrong)
            tap_diag("%ld wrong, first: %s", sd.wrong, sd.first_wrong);
        tap_diag("%dx%d techniques met:%s", shape->width, shape->width, met);
        puzzle_free(shapes[k]);
        free(solutions[k]);
    }
}

/* --- Hints applied through the game, as the player's fifth rung does --- */

/* Plays a puzzle to the end by applying hints to a game (a wrong digit first, to be put
 * right), then undoes every move: each hint one move, back to the givens. */
static void test_game_hints(struct puzzle *p, const char *what)
{
    struct pos_state st;
    struct game *g;
    struct hint h;
    const char *why = NULL;
    int moves = 0, cell;
    bool ok = true;

    if (!tap_ok(p != NULL && state_open(&st, p), "%s: loads and solves", what)) {
        if (p != NULL)
            state_close(&st);
        return;
    }
    g = game_new(p, NULL);
    cell = first_empty(p, g->grid);
    game_set(g, cell, st.s.solution[cell] % 9 + 1, &why);
    ok = hint_for_player(p, g->grid, g->marks, &h, NULL, NULL) && h.id == TECH_MISTAKE && game_apply_hint(g, &h, &why)
         && g->grid[cell] == 0;
    tap_ok(ok, "%s: the wrong digit is put right through the game", what);
    while (ok && hint_for_player(p, g->grid, g->marks, &h, NULL, NULL) && moves < 5000) {
        if (h.id == TECH_MISTAKE || !game_apply_hint(g, &h, &why)) {
            tap_diag("step %d: %s (%s)", moves, h.text, why != NULL ? why : "");
            ok = false;
        }
        moves++;
    }
    tap_ok(ok && g->completed && memcmp(g->grid, st.s.solution, (size_t)p->ncells) == 0,
           "%s: %d hints applied as moves solve it, with no mistake on the way", what, moves);
    /* The player's solve ends the game (no undo); to check that each hint undoes as one
     * move, the game is made unfinished again by hand. */
    tap_ok(g->solved && !game_undo(g), "%s: solved with hints, the game is over", what);
    g->solved = false;
    while (game_undo(g))
        ;
    tap_ok(memcmp(g->grid, p->given, (size_t)p->ncells) == 0 && g->nmoves == moves + 2,
           "%s: each hint was one move, and undoing them all gives the givens back", what);
    game_free(g);
    state_close(&st);
}

/* --- The rungs before the conclusion --- */

static void test_rungs(void)
{
    struct puzzle *p = tap_load_puzzle("hint/sudoku_sources.txt:1");
    struct pos_state st;
    struct hint h;
    char buf[512];

    if (!tap_ok(p != NULL && state_open(&st, p) && hint_next(&st.s.pos, &h), "a first step to describe")) {
        if (p != NULL)
            state_close(&st);
        return;
    }
    hint_where(&h, buf, sizeof buf);
    tap_ok(strcmp(buf, "Look at column 9.") == 0, "where to look: %s", buf);
    hint_pattern(&h, buf, sizeof buf);
    tap_ok(strcmp(buf, "The pattern: r1c9, with 2.") == 0, "the pattern: %s", buf);
    tap_ok(strncmp(hint_reason(&h), "in column 9, 2 fits only r1c9", 29) == 0, "the reason: %s",
           hint_reason(&h));
    st.s.grid[0] = (uint8_t)(st.s.solution[0] % 9 + 1);
    tap_ok(hint_for_player(p, st.s.grid, NULL, &h, NULL, NULL), "a mistake to describe");
    hint_where(&h, buf, sizeof buf);
    tap_ok(strcmp(buf, "Something in row 1, column 1 or box 1 is not right.") == 0, "a mistake's place: %s", buf);
    hint_pattern(&h, buf, sizeof buf);
    tap_ok(strcmp(buf, "It is r1c1.") == 0, "a mistake's cell: %s", buf);
    state_close(&st);
}

/* The puzzle of hint/sizes.txt with n x n cells, or NULL. */
static struct puzzle *size_puzzle(int n)
{
    FILE *f = fopen(tap_data_path("hint/sizes.txt"), "r");
    struct puzzle *p = NULL;
    char line[1024];

    while (f != NULL && p == NULL && fgets(line, sizeof line, f) != NULL) {
        if (line[0] == '#' || (int)strcspn(line, " \r\n") != n * n)
            continue;
        p = parse_sudoku_line(line);
    }
    if (f != NULL)
        fclose(f);
    return p;
}

/* Every size, from 4x4 to 25x25: sound, and solved to the end. */
static void test_sizes(void)
{
    FILE *f = fopen(tap_data_path("hint/sizes.txt"), "r");
    char line[1024];

    if (!tap_ok(f != NULL, "hint/sizes.txt opens"))
        return;
    while (fgets(line, sizeof line, f) != NULL) {
        struct puzzle *p;
        struct pos_state st;
        struct soundness sd = { 0 };
        int level;

        if (line[0] == '#' || (p = parse_sudoku_line(line)) == NULL)
            continue;
        if (!state_open(&st, p)) {
            tap_ok(false, "%dx%d Sudoku solves", p->width, p->width);
            state_close(&st);
            continue;
        }
        level = walk(&st, &sd, p->width <= 16);
        tap_ok(level >= 0 && sd.wrong == 0, "%dx%d Sudoku (%dx%d boxes): solved at level %s, "
               "%ld moves checked", p->width, p->width, p->box_rows, p->box_cols,
               hint_level_name(level), sd.checked);
        state_close(&st);
    }
    fclose(f);
}

int main(void)
{
    long limit = sample_limit();
    double m17, mtop, mhard;

    test_table();
    test_steps();
    test_kakuro_left_out();
    test_player("hint/sudoku_sources.txt:1", "Sudoku");
    test_player("hint/kakuro_sources.txt:1", "Kakuro");
    test_grade();
    test_grade_budget();
    test_player_hint_budget();
    test_rungs();
    test_sizes();
    test_sizes_sparse();
    test_game_hints(tap_load_puzzle("hint/sudoku_sources.txt:3"), "Sudoku 9x9");
    test_game_hints(tap_load_puzzle("hint/sudoku_sources.txt:24"), "Sudoku 9x9 needing forcing chains");
    test_game_hints(size_puzzle(12), "Sudoku 12x12");
    test_game_hints(tap_load_puzzle("hint/kakuro_sources.txt:2"), "Kakuro");
    m17 = check_set("hint/sample_17_clue.txt", limit, 20);
    mtop = check_set("hint/sample_top1465.txt", limit, 20);
    mhard = check_set("hint/sample_forum_hardest.txt", limit, 8);
    check_set("hint/sample_serg.txt", limit, 20);
    check_set("hint/kakuro_sample.txt", limit, 3);
    check_set("hint/kakuro_sample2.txt", limit, 3);
    check_set("hint/kakuro_sumless.txt", limit, 9);
    tap_diag("mean level: 17-clue %.2f, top1465 %.2f, forum hardest %.2f", m17, mtop, mhard);
    tap_ok(m17 < mhard && mtop < mhard, "17-clue and top1465 puzzles rate lower than forum_hardest");
    return tap_done();
}
