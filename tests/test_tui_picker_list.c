/* test_tui_picker_list.c: the picker's list on a pseudo-terminal: however many puzzles are
 * bundled, the recent games and "New game", "Open a file", "Paste a puzzle" stay on the
 * screen; the bundled puzzles scroll with the cursor under "more" marks, every one of them
 * reachable and opened, at 80x24 and on small terminals, in ASCII and without colour. */
#include "config.h"

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "test_util.h"
#include "tui_test.h"

#define KEY_UP "\033OA"
#define KEY_DOWN "\033OB"
#define KEY_HOME "\033OH"
#define KEY_END "\033OF"
#define KEY_PGDN "\033[6~"

#define UP_MARK "\xe2\x86\x91 "     /* "↑ 3 more" */
#define DOWN_MARK "\xe2\x86\x93 "

#define BUNDLED_MAX 64

/* The bundled puzzles as the picker lists them ("Sudoku 9x9             easy"), in the
 * order of their files in data/, what the board calls each ("Sudoku 9x9 (easy)"), and
 * their names ("Sudoku 9x9"). */
static char labels[BUNDLED_MAX][128], titles[BUNDLED_MAX][128], names[BUNDLED_MAX][128];
static int nbundled;

/* The last bundled puzzle, a 9x9 variant: its kind ("jigsaw-x") and region letters. */
#define N 9
static char last_kind[64], last_regions[N * N + 1];

/* Reads the region map of a 9x9 Jigsaw in kakudo's variant format: after the variant's
 * name, rows of nine digits and nine region letters. */
static void read_regions(const char *path)
{
    FILE *f = fopen(path, "r");
    char line[512], digits[32], regions[32];
    int r = -1;

    while (f != NULL && r < N && fgets(line, sizeof line, f) != NULL) {
        if (line[0] == '#')
            continue;
        if (r >= 0 && sscanf(line, "%31s %31s", digits, regions) == 2 && strlen(regions) == N)
            memcpy(last_regions + r * N, regions, N);
        r++;
    }
    if (f != NULL)
        fclose(f);
}

/* Reads the names and levels of the .txt files in data/, in file order (the picker's order). */
static void read_bundled(void)
{
    const char *srcdir = getenv("srcdir");
    char dir[4096], path[8192], name[64], level[32];
    char *files[BUNDLED_MAX];
    int n = 0;
    DIR *d;
    struct dirent *e;

    snprintf(dir, sizeof dir, "%s/data", srcdir != NULL ? srcdir : ".");
    if ((d = opendir(dir)) == NULL) {
        printf("Bail out! cannot open %s\n", dir);
        exit(99);
    }
    while ((e = readdir(d)) != NULL && n < BUNDLED_MAX) {
        size_t len = strlen(e->d_name);
        if (len > 4 && strcmp(e->d_name + len - 4, ".txt") == 0)
            files[n++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(files, (size_t)n, sizeof *files, tu_compare_names);
    for (int i = 0; i < n; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        if (tu_header_field(path, "name", name, sizeof name) && tu_header_field(path, "level", level, sizeof level)) {
            snprintf(labels[nbundled], sizeof labels[nbundled], "%-22s %s", name, level);
            snprintf(titles[nbundled], sizeof titles[nbundled], "%s (%s)", name, level);
            snprintf(names[nbundled], sizeof names[nbundled], "%s", name);
            nbundled++;
            if (tu_header_field(path, "kind", last_kind, sizeof last_kind) && strstr(last_kind, "jigsaw"))
                read_regions(path);
            else
                last_regions[0] = '\0';
        }
        free(files[i]);
    }
}

/* Whether the board shows the last puzzle's variant as drawn at 80x24 (a cell one row by
 * five columns between lines): a Jigsaw's regions parted by heavy lines down, the light
 * ones inside a region; a Sudoku X's diagonals marked where the lines cross. */
static bool variant_drawn(struct th *t, const void *arg)
{
    (void)arg;
    for (int r = 0; last_regions[0] != '\0' && r < N; r++)
        for (int c = 1; c < N; c++) {
            bool parted = last_regions[r * N + c - 1] != last_regions[r * N + c];
            if (tt_char_at(t, 2 * r + 1, 6 * c) != (parted ? 0x2503u : 0x2502u))
                return false;
        }
    for (int i = 1; strstr(last_kind, "x") != NULL && i < N; i++)
        if (tt_char_at(t, 2 * i, 6 * i) != 0x2572u || tt_char_at(t, 2 * i, 6 * (N - i)) != 0x2571u)
            return false;
    return true;
}

/* Whether the short sections are all on the screen. */
static bool short_sections_shown(struct th *t, const char *recent)
{
    return th_find(t, "Recent games", NULL, NULL) && th_find(t, recent, NULL, NULL)
           && th_find(t, "New game:", NULL, NULL) && th_find(t, "Open a file...", NULL, NULL)
           && th_find(t, "Paste a puzzle...", NULL, NULL);
}

/* Plays a move in bundled puzzle i (from the top of the list) and goes back, so that it
 * is among the recent games. */
static void play_bundled(struct th *t, int i)
{
    th_send(t, KEY_HOME);
    tt_wait_reversed(t, labels[0]);
    for (int k = 0; k < i; k++)
        th_send(t, KEY_DOWN);
    tt_wait_reversed(t, labels[i]);
    th_send(t, "\r");
    tt_wait_text(t, "Cell r");
    tt_send_settled(t, "1");
    th_send(t, "q");
    tt_wait_text(t, "Recent games");
}

/* Down from the first bundled puzzle to the last: each is selected in its turn, in the
 * order of data/, while the recent games and the other items stay on the screen; the list
 * is marked where it goes on. */
static void walk_down(struct th *t, const char *recent, const char *up, const char *down,
                      const char *mode)
{
    int selected = 0, kept = 0;

    th_send(t, KEY_HOME);
    tap_ok(tt_wait_reversed(t, labels[0]) && th_find(t, down, NULL, NULL) && !th_find(t, up, NULL, NULL),
           "%s: Home selects the first puzzle; the list says there is more below, nothing above", mode);
    for (int i = 0; i < nbundled; i++) {
        if (i > 0)
            th_send(t, KEY_DOWN);
        selected += tt_wait_reversed(t, labels[i]);
        kept += short_sections_shown(t, recent);
    }
    tap_ok(selected == nbundled, "%s: Down goes through all %d bundled puzzles in order (%d seen)",
           mode, nbundled, selected);
    tap_ok(kept == nbundled, "%s: the recent games and Open a file stay on the screen meanwhile", mode);
    tap_ok(th_find(t, up, NULL, NULL) && !th_find(t, down, NULL, NULL),
           "%s: at the last puzzle the list says there is more above, nothing below", mode);
    th_send(t, KEY_DOWN);
    tap_ok(tt_wait_reversed(t, recent) && th_find(t, labels[nbundled - 1], NULL, NULL),
           "%s: Down from the last puzzle goes to the recent games; the puzzles stay scrolled", mode);
}

/* At 80x24 with recent games: every bundled puzzle in reach, the rest in view. */
static void test_scrolling(void)
{
    const char *env[] = { "NO_COLOR=1", NULL };
    char recent[160];
    struct th *t = tt_start(NULL, env, 24, 80);

    tt_wait_text(t, "choose a puzzle");
    play_bundled(t, 1);
    play_bundled(t, 0);
    snprintf(recent, sizeof recent, "%s  ", titles[0]);
    tap_ok(tt_wait_reversed(t, recent) && short_sections_shown(t, titles[1]),
           "80x24: back from a game, its recent game is selected, with Open a file in view");
    tap_ok(th_find(t, "New game: Sudoku, Kakuro, Killer, Sudoku X, Jigsaw and mixes (n)", NULL, NULL),
           "80x24: New game names the variants, whole");
    tap_ok(th_find(t, "Open a file... (o)", NULL, NULL) && th_find(t, "Paste a puzzle... (p)", NULL, NULL),
           "80x24: Open a file names its key, as New game and Paste do");
    tap_ok(th_find(t, "Puzzles", NULL, NULL) && th_find(t, labels[0], NULL, NULL)
           && th_find(t, DOWN_MARK, NULL, NULL), "80x24: the bundled puzzles' window, marked below");
    {
        int shown = 0;
        while (shown < nbundled && th_find(t, labels[shown], NULL, NULL))
            shown++;
        th_send(t, KEY_HOME);
        tt_wait_reversed(t, labels[0]);
        tap_ok(shown < nbundled && tt_mouse_on(t, DOWN_MARK, 0) && tt_wait_reversed(t, labels[shown])
               && th_find(t, UP_MARK, NULL, NULL),
               "a click on the 'more below' row selects the first puzzle hidden there (%d shown)", shown);
        tap_ok(tt_mouse_on(t, UP_MARK, 0) && tt_wait_reversed(t, labels[1]),
               "a click on the 'more above' row selects the nearest puzzle hidden there");
        for (int k = 0; k < nbundled && th_find(t, UP_MARK, NULL, NULL); k++) {
            tt_mouse_on(t, UP_MARK, 0);
            th_settle(t, tt_wait_ms);
        }
        tap_ok(tt_wait_reversed(t, labels[0]) && !th_find(t, UP_MARK, NULL, NULL),
               "clicks there go on up to the first");
    }
    walk_down(t, recent, UP_MARK, DOWN_MARK, "80x24");
    th_send(t, KEY_UP);
    tap_ok(tt_wait_reversed(t, labels[nbundled - 1]), "Up from the recent games: the last puzzle");
    th_send(t, KEY_END);
    tap_ok(tt_wait_reversed(t, "Paste a puzzle...") && th_find(t, labels[nbundled - 1], NULL, NULL),
           "End: the last item");
    th_send(t, KEY_HOME KEY_PGDN);
    tap_ok(tt_wait_reversed(t, labels[10 < nbundled ? 10 : nbundled - 1]), "PgDn moves ten items down");
    th_send(t, KEY_END KEY_UP KEY_UP KEY_UP KEY_UP KEY_UP);   /* past 3 items, 2 games */
    tt_wait_reversed(t, labels[nbundled - 1]);
    th_send(t, "\r");
    /* (The panel may wrap the title after the name.) */
    tap_ok(tt_wait_text(t, names[nbundled - 1]) && tt_wait_text(t, "Cell r"),
           "the last bundled puzzle opens: %s", titles[nbundled - 1]);
    tap_ok(tt_count_on_screen(t, "9x9") == 1, "the board says its kind and size once, in the title");
    tap_ok(last_regions[0] != '\0' || strstr(last_kind, "x") != NULL,
           "the last bundled puzzle is a Jigsaw or a Sudoku X (%s)", last_kind);
    if (!tap_ok(th_wait_until(t, variant_drawn, NULL, true, tt_wait_ms),
                "its board shows the %s's regions and diagonals", last_kind))
        th_dump(t);
    th_send(t, "q");
    tap_ok(tt_wait_reversed(t, labels[nbundled - 1]) && short_sections_shown(t, recent),
           "back without a move: the puzzle is still selected, in view with the rest");
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
}

/* In ASCII the marks are ^ and v; the walk is the same. */
static void test_ascii(void)
{
    const char *args[] = { "--ascii", NULL };
    const char *env[] = { "NO_COLOR=1", NULL };
    char recent[160];
    struct th *t = tt_start(args, env, 24, 80);

    snprintf(recent, sizeof recent, "%s  ", titles[0]);
    tt_wait_text(t, "choose a puzzle");
    walk_down(t, recent, "   ^ ", "   v ", "ASCII");
    tap_ok(!th_find(t, "\xe2", NULL, NULL), "ASCII: nothing but ASCII on the screen");
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
}

/* Small terminals: the selection and the short sections stay in view as far as they fit. */
static void test_small(int rows, int cols)
{
    const char *env[] = { "NO_COLOR=1", NULL };
    char recent[160];
    struct th *t = tt_start(NULL, env, rows, cols);

    snprintf(recent, sizeof recent, "%s  ", titles[0]);
    tt_wait_text(t, "choose a puzzle");
    tap_ok(th_find(t, labels[0], NULL, NULL) && short_sections_shown(t, recent),
           "%dx%d: the first puzzle, the recent games and Open a file in view", cols, rows);
    walk_down(t, recent, UP_MARK, DOWN_MARK, cols == 80 ? "80x14" : "44x16");
    th_send(t, KEY_END);
    tap_ok(tt_wait_reversed(t, "Paste a puzzle..."), "%dx%d: End selects the last item", cols, rows);
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
}

/* A terminal too short for every item of the short sections: a window of two rows shows
 * one item and one mark, and the selection is always in view. */
static void test_tiny(int rows, int cols)
{
    const char *env[] = { "NO_COLOR=1", NULL };
    char more[64];
    struct th *t = tt_start(NULL, env, rows, cols);

    snprintf(more, sizeof more, DOWN_MARK "%d more", nbundled - 1);
    tt_wait_text(t, "choose a puzzle");
    tap_ok(tt_wait_reversed(t, labels[0]) && tt_wait_text(t, more) && th_find(t, "Recent games", NULL, NULL),
           "%dx%d: the first puzzle and '%s' under it, the recent games", cols, rows, more);
    th_send(t, KEY_END);
    tap_ok(tt_wait_reversed(t, "Paste a puzzle...") && tt_wait_text(t, UP_MARK "2 more"),
           "%dx%d: End selects the last item, marked as having two above", cols, rows);
    th_send(t, KEY_UP KEY_UP);
    tap_ok(tt_wait_reversed(t, "New game:") && tt_wait_text(t, DOWN_MARK "2 more"),
           "%dx%d: Up twice, New game, marked as having two below", cols, rows);
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
}

/* A label wider than the screen ends in an ellipsis where it is cut (it was cut bare:
 * "New game: Sudoku, Kakuro, Killer, Sud" read as a whole label), in ASCII "..."; the
 * title too.  At 20 columns. */
static void test_cut(const char *glyphs, const char *title, const char *item)
{
    const char *args[] = { glyphs, NULL };
    const char *env[] = { "NO_COLOR=1", NULL };
    struct th *t = tt_start(args, env, 12, 20);

    tap_ok(tt_wait_text(t, title), "%s 20x12: the title is cut with an ellipsis", glyphs);
    tap_ok(tt_wait_text(t, item), "%s 20x12: New game's label is cut with an ellipsis", glyphs);
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
}

int main(void)
{
    if (!tt_init("picker-list", 30000))
        return 0;
    read_bundled();
    if (nbundled < 2) {
        printf("Bail out! no bundled puzzles read\n");
        return 99;
    }
    tt_fresh_state();
    test_scrolling();
    test_ascii();
    test_small(14, 80);
    test_small(16, 44);
    test_tiny(12, 44);
    test_cut("--glyphs=unicode", " kakudo - choose a \xe2\x80\xa6", "   New game: Sudoku\xe2\x80\xa6");
    test_cut("--ascii", " kakudo - choose ...", "   New game: Sudo...");
    tt_cleanup();
    return tap_done();
}
