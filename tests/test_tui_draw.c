/* test_tui_draw.c: what the board shows is what the puzzle says, on a pseudo-terminal:
 * whole clues when scrolled, the whole board when it can fit, legible pencil marks,
 * framed dialogs, and hints drawn without colour. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "tui_test.h"

#define DIAG "\xe2\x95\xb2"   /* the diagonal of a Kakuro clue */

/* The clue cells of a Kakuro file: down and across sums, 0 for none. */
struct clues {
    int n;
    int down[1024], across[1024];
};

static char kakuro15_path[600], kakuro12_path[600];

/* Reads the clue cells of a Kakuro file in kakudo's format ("d\a" tokens). */
static void read_clues(const char *path, struct clues *c)
{
    FILE *f = fopen(path, "r");
    char line[4096];

    c->n = 0;
    if (f == NULL) {
        perror(path);
        exit(99);
    }
    while (fgets(line, sizeof line, f) != NULL) {
        if (line[0] == '#')
            continue;
        for (char *tok = strtok(line, " \n"); tok != NULL; tok = strtok(NULL, " \n")) {
            char *slash = strchr(tok, '\\');
            if (slash == NULL || c->n == 1024)
                continue;
            c->down[c->n] = atoi(tok);
            c->across[c->n] = atoi(slash + 1);
            if (c->down[c->n] != 0 || c->across[c->n] != 0)
                c->n++;
        }
    }
    fclose(f);
}

static bool is_clue(const struct clues *c, int down, int across)
{
    for (int i = 0; i < c->n; i++)
        if (c->down[i] == down && c->across[i] == across)
            return true;
    return false;
}

/* The number of digits ending just before s (looking back no further than start). */
static int digits_before(const char *start, const char *s, int *value)
{
    int n = 0;

    while (s - n > start && s[-n - 1] >= '0' && s[-n - 1] <= '9')
        n++;
    *value = n > 0 ? atoi(s - n) : 0;
    return n;
}

/* Every clue drawn on the screen is whole: the numbers at each diagonal are the sums of
 * a clue cell of the puzzle, never a part of one or two run together.  Counts the clues
 * shown into *shown; on the first that is not whole, says which and dumps the screen. */
static bool clues_whole(struct th *t, const struct clues *c, const char *diag, int *shown)
{
    char row[4096];

    *shown = 0;
    for (int r = 0; r < t->rows; r++) {
        const char *s = th_row(t, r, row, sizeof row);
        for (const char *d = strstr(s, diag); d != NULL; d = strstr(d + 1, diag)) {
            const char *after = d + strlen(diag);
            int down, across, nd = digits_before(s, d, &down), na = 0;
            while (after[na] >= '0' && after[na] <= '9')
                na++;
            across = na > 0 ? atoi(after) : 0;
            if (nd > 2 || na > 2 || !is_clue(c, down, across)) {
                tap_diag("row %d shows the clue %.*s, not a clue of the puzzle", r,
                         (int)(na + (after - d) + nd), d - nd);
                th_dump(t);
                return false;
            }
            ++*shown;
        }
    }
    return true;
}

static struct th *start(const char *file, const char *env1, int rows, int cols)
{
    const char *args[] = { file, NULL };
    const char *env[] = { env1, NULL };

    return tt_start(args, env, rows, cols);
}

/* Walks the cursor over a Kakuro too large for the terminal: every clue shown at every
 * step is whole, and marks at the edges say where more of the board lies. */
static void test_scrolled_clues(const char *env, const char *diag, const char *left, const char *right)
{
    struct clues c;
    struct th *t;
    bool whole = true;
    int shown;
    char cell[32];

    read_clues(kakuro15_path, &c);
    tt_fresh_state();
    t = start(kakuro15_path, env, 20, 60);
    tap_ok(tt_wait_text(t, "Cell r2c2"), "%s: the 15x15 Kakuro opens at 60x20", env ? env : "UTF-8");
    tap_ok(th_find(t, right, NULL, NULL) && !th_find(t, left, NULL, NULL),
           "%s: a mark on the right edge says more of the board lies there", env ? env : "UTF-8");
    /* Right along row 2, down column 15, left along row 15. */
    for (int i = 0; i < 3 * 13 && whole; i++) {
        int leg = i / 13, k = i % 13;
        int r = leg == 0 ? 2 : leg == 1 ? 3 + k : 15, col = leg == 0 ? 3 + k : leg == 1 ? 15 : 14 - k;
        th_send(t, leg == 0 ? "l" : leg == 1 ? "j" : "h");
        snprintf(cell, sizeof cell, "Cell r%dc%d ", r, col);
        whole = tt_wait_text(t, cell) && clues_whole(t, &c, diag, &shown);
        if (i == 12)
            tap_ok(th_find(t, left, NULL, NULL), "%s: scrolled right, a mark on the left edge too",
                   env ? env : "UTF-8");
    }
    tap_ok(whole, "%s: scrolling over the whole board, every clue shown is a clue of the puzzle",
           env ? env : "UTF-8");
    tt_quit_cleanly(t);
    th_free(t);
}

/* The whole board is shown, with the panel beside, narrower or below it, whenever it can
 * fit: every clue cell of the puzzle is on the screen, and no edge says more lies beyond. */
static void test_whole_board(const char *path, const char *env, int rows, int cols, const char *diag,
                             const char *name)
{
    struct clues c;
    struct th *t;
    int shown = 0;
    bool ok;

    read_clues(path, &c);
    tt_fresh_state();
    t = start(path, env, rows, cols);
    ok = tt_wait_text(t, "Cell r") && tt_wait_text(t, name) && clues_whole(t, &c, diag, &shown);
    tap_ok(ok && shown == c.n && th_find(t, "Across", NULL, NULL),
           "%s at %dx%d%s%s: all %d clue cells shown (%d), with the panel", name, cols, rows,
           env ? ", " : "", env ? env : "", c.n, shown);
    tt_quit_cleanly(t);
    th_free(t);
}

int main(void)
{
    const char *srcdir = getenv("srcdir");

    if (!tt_init("draw", 8000))
        return 0;
    if (srcdir == NULL)
        srcdir = ".";
    snprintf(kakuro15_path, sizeof kakuro15_path, "%s/data/15-kakuro15-master.txt", srcdir);
    snprintf(kakuro12_path, sizeof kakuro12_path, "%s/data/14-kakuro12-hard.txt", srcdir);

    /* Issue 11, item 5: a scrolled Kakuro never cuts a clue. */
    test_scrolled_clues(NULL, DIAG, "\xe2\x97\x80", "\xe2\x96\xb6");
    test_scrolled_clues("LANG=C", "\\", "<", ">");
    /* Item 6: the space there is shows the whole board. */
    test_whole_board(kakuro15_path, NULL, 24, 80, DIAG, "Kakuro 15x15");
    test_whole_board(kakuro12_path, NULL, 24, 80, DIAG, "Kakuro 12x12");
    test_whole_board(kakuro15_path, NULL, 32, 100, DIAG, "Kakuro 15x15");
    test_whole_board(kakuro15_path, "LANG=C", 24, 80, "\\", "Kakuro 15x15");
    tt_cleanup();
    return tap_done();
}
