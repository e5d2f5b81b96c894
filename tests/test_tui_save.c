/* test_tui_save.c: the player's saves under attack, on a pseudo-terminal: SIGKILL while
 * saving, a FIFO or a foreign state directory, set-aside copies, a save of another puzzle,
 * "FILE:N" names, one puzzle in two players. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "format.h"
#include "game.h"
#include "tap.h"
#include "tui_test.h"
#include "util.h"

static char sudoku_path[300], state_dir[512], save_path[768];

/* The state directory the player uses, and the save of tt_sudoku in it. */
static void setup(void)
{
    struct format_error err;
    struct puzzle *p;
    char *key, state[400];

    tt_write_file(tt_scratch_path(sudoku_path, sizeof sudoku_path, "sudoku.txt"), tt_sudoku);
    p = format_load(sudoku_path, FORMAT_AUTO, NULL, &err);
    if (p == NULL)
        fatal("cannot read %s: %s", sudoku_path, err.message);
    key = game_puzzle_key(p);
    snprintf(state, sizeof state, "%s/state", tt_dir());
    snprintf(state_dir, sizeof state_dir, "%s/kakudo", state);
    snprintf(save_path, sizeof save_path, "%s/%s.save", state_dir, key);
    free(key);
    puzzle_free(p);
}

static void make_state_dir(void)
{
    char state[400];

    snprintf(state, sizeof state, "%s/state", tt_dir());
    mkdir(state, 0700);
    mkdir(state_dir, 0700);
}

static struct th *start(const char *file)
{
    const char *args[] = { file, NULL };

    return tt_start(file != NULL ? args : NULL, NULL, 24, 80);
}

/* The entries of the state directory: how many, and how many are not the save or one of
 * its set-aside copies (named in the diagnostics unless quiet). */
static int count_state(int *foreign, bool quiet)
{
    DIR *d = opendir(state_dir);
    struct dirent *e;
    const char *base = strrchr(save_path, '/') + 1;
    size_t blen = strlen(base);
    int n = 0;

    *foreign = 0;
    while (d != NULL && (e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        n++;
        if (strcmp(e->d_name, base) != 0
            && !(strncmp(e->d_name, base, blen) == 0 && strncmp(e->d_name + blen, ".corrupt", 8) == 0)) {
            (*foreign)++;
            if (!quiet)
                tap_diag("left in the state directory: %s", e->d_name);
        }
    }
    if (d != NULL)
        closedir(d);
    return n;
}

/* ---------------------------------------------------------------- crash safety */

/* A save with a long history, so that writing it takes a while: a digit, then fills and
 * clears of the marks. */
static bool write_long_save(int moves)
{
    struct format_style style;
    struct format_error err;
    struct puzzle *p = format_load(sudoku_path, FORMAT_AUTO, &style, &err);
    struct game *g = game_new(p, &style);
    char msg[512];
    const char *why;
    bool ok = game_set(g, 2, 4, &why);

    for (int i = 0; ok && i < moves; i++)
        ok = i % 2 == 0 ? game_fill_marks(g, &why) : game_clear_marks(g, &why);
    ok = ok && game_save(g, save_path, msg, sizeof msg);
    game_free(g);
    puzzle_free(p);
    return ok;
}

static unsigned rng_state = 2026;

static unsigned rng(void)
{
    rng_state = rng_state * 1103515245u + 12345u;
    return (rng_state >> 8) & 0xffff;
}

/* The player resumes the save, then is killed with SIGKILL while it saves move after move
 * (each key is a move and a save of a long history, so it is saving nearly all the time),
 * after a random wait.  Every time, the save on disk loads, in the player as with
 * game_load; the next save removes what the killed ones left; in the end nothing but the
 * save is in the state directory. */
static void test_kill_while_saving(void)
{
    enum { KILLS = 40 };
    int loaded = 0, resumed = 0, left_max = 0, in_save = 0, n, foreign;
    char err[512];

    tt_fresh_state();
    make_state_dir();
    tap_ok(write_long_save(20000), "a save with a long history (20,001 moves)");
    for (int k = 0; k < KILLS; k++) {
        struct th *t = start(sudoku_path);
        struct game *g;
        int status;

        if (!tt_wait_text(t, "saved game")) {
            th_free(t);
            break;
        }
        th_send(t, "r");
        resumed += tt_wait_text(t, "Resumed");
        for (int i = 0; i < 40; i++)
            th_send(t, "fx");
        th_pump(t, (int)(rng() % 40));
        kill(t->pid, SIGKILL);
        status = th_wait_exit(t, tt_wait_ms);
        th_free(t);
        if (status == -1 || !WIFSIGNALED(status))
            tap_diag("kill %d: the player was not killed (status %d)", k, status);
        g = game_load(save_path, err, sizeof err);
        if (g == NULL)
            tap_diag("kill %d: %s", k, err);
        loaded += g != NULL;
        game_free(g);
        n = count_state(&foreign, true);
        in_save += foreign > 0;
        if (foreign > left_max)
            left_max = foreign;
    }
    tap_ok(resumed == KILLS, "the player resumed the save after each of %d kills", resumed);
    tap_ok(loaded == KILLS, "after each kill the save loads (%d of %d; %d kills left a temporary, "
           "at most %d at once)", loaded, KILLS, in_save, left_max);
    {
        struct th *t = start(sudoku_path);
        tt_wait_text(t, "saved game");
        th_send(t, "r");
        tt_wait_text(t, "Resumed");
        th_send(t, "xf");     /* one of them at least is a move, and a save */
        tt_wait_text(t, "Filled in every candidate");
        tap_ok(tt_quit_cleanly(t), "the player resumes and saves once more");
        th_free(t);
    }
    n = count_state(&foreign, false);
    tap_ok(n == 1 && foreign == 0, "then nothing but the save is left (%d entries, %d others)", n, foreign);
}

/* The picker shows a recent game from the head of its save alone: one whose history would
 * not load (here: text after its last line) is still listed with its progress. */
static void test_picker_reads_head(void)
{
    struct th *t;
    FILE *f;

    tt_fresh_state();
    make_state_dir();
    tap_ok(write_long_save(0), "a save with one digit placed");
    f = fopen(save_path, "a");
    fputs("this line is not read by the picker\n", f);
    fclose(f);
    t = start(NULL);
    tap_ok(tt_wait_text(t, "Recent games") && tt_wait_text(t, "Sudoku 9x9             1% done"),
           "the picker lists it from its head, with its progress");
    tap_ok(tt_quit_cleanly(t), "and quits");
    th_free(t);
}

/* ---------------------------------------------------------------- bad save paths */

/* Quits a game that could not be saved: the player says so and ends with status 1. */
static bool quits_unsaved(struct th *t)
{
    int status;

    th_send(t, "q");
    status = th_wait_exit(t, tt_wait_ms);
    return status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 1;
}

/* A FIFO at the save's name: the player does not hang on it, says so, and leaves it. */
static void test_fifo_save(void)
{
    struct th *t;
    struct stat st;

    tt_fresh_state();
    make_state_dir();
    tap_ok(mkfifo(save_path, 0600) == 0, "a FIFO where the save would be");
    t = start(sudoku_path);
    tap_ok(tt_wait_text(t, "Cannot read the saved game"), "the player opens the puzzle and says the save cannot be read");
    th_send(t, "4");
    tap_ok(tt_wait_text(t, "  3  " LV "  4  ") && quits_unsaved(t),
           "and plays on, and says at the end that the game was not saved");
    th_free(t);
    tap_ok(lstat(save_path, &st) == 0 && S_ISFIFO(st.st_mode), "the FIFO is neither moved nor replaced");
    unlink(save_path);
}

/* A state directory others can write to is refused, with the reason. */
static void test_open_state_dir(void)
{
    struct th *t;
    int n, foreign;

    tt_fresh_state();
    make_state_dir();
    chmod(state_dir, 0777);
    t = start(sudoku_path);
    tap_ok(tt_wait_text(t, "writable by others"), "a state directory writable by others is refused, saying why");
    th_send(t, "4");
    tt_wait_text(t, "  3  " LV "  4  ");
    tap_ok(quits_unsaved(t), "the game plays on without saving, and says so at the end");
    th_free(t);
    n = count_state(&foreign, false);
    tap_ok(n == 0, "nothing was written there (%d entries)", n);
    chmod(state_dir, 0700);
}


static char *slurp(const char *path)
{
    static char buf[8192];
    FILE *f = fopen(path, "rb");
    size_t n;

    if (f == NULL)
        return NULL;
    n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    return buf;
}

/* A corrupt save that cannot be set aside (every name for a copy taken): it was saved over
 * by the first move, the status line having said only that it could not be moved.  It is
 * kept as it is now, and the game plays without saving, saying so. */
static void test_corrupt_kept_in_place(void)
{
    char name[800];
    const char *now;
    struct th *t;

    tt_fresh_state();
    make_state_dir();
    tt_write_file(save_path, "my damaged game\n");
    for (int n = 1; n <= GAME_ASIDE_MAX; n++) {
        if (n == 1)
            snprintf(name, sizeof name, "%s.corrupt", save_path);
        else
            snprintf(name, sizeof name, "%s.corrupt.%d", save_path, n);
        tt_write_file(name, "");
    }
    t = start(sudoku_path);
    tap_ok(tt_wait_text(t, "could not be moved") && tt_wait_text(t, "not saved over."),
           "a corrupt save with no name left to move it to: said, and that it is kept");
    th_send(t, "4");
    tap_ok(tt_wait_text(t, "Progress not saved: the saved game already there is kept, not"),
           "the move's save says plainly why it is not saved");
    tap_ok(tt_wait_text(t, "  3  " LV "  4  ") && quits_unsaved(t),
           "the game plays on, and says at the end that it was not saved");
    th_free(t);
    now = slurp(save_path);
    tap_ok(now != NULL && strcmp(now, "my damaged game\n") == 0, "the corrupt save is as it was");
}

/* A save of another puzzle under this one's name (a Kakuro's, copied or renamed by hand):
 * it was resumed as this puzzle's game, the Kakuro on the board under the Sudoku's title,
 * and saved there as the Sudoku's.  Now it is set aside, kept as it was, and the Sudoku
 * plays and saves. */
/* A Kakuro's game, one digit in, saved under the Sudoku's name; its text into text. */
static void write_foreign_save(char *text, size_t size)
{
    char kakuro_path[300], err[512] = "";
    struct format_error ferr;
    struct puzzle *k;
    struct game *g;
    const char *was;

    tt_write_file(tt_scratch_path(kakuro_path, sizeof kakuro_path, "kakuro.txt"), tt_kakuro);
    k = format_load(kakuro_path, FORMAT_AUTO, NULL, &ferr);
    g = game_new(k, NULL);
    tap_ok(game_set(g, 5, 9, NULL) && game_save(g, save_path, err, sizeof err),
           "a Kakuro's game, one digit in, saved under the Sudoku's name (%s)", err);
    game_free(g);
    puzzle_free(k);
    was = slurp(save_path);
    snprintf(text, size, "%s", was != NULL ? was : "");
}

static void test_foreign_save(void)
{
    char aside[800], text[8192], err[512] = "", *key, *saved_key;
    struct format_error ferr;
    struct puzzle *s;
    struct game *g;
    struct th *t;
    const char *was;

    tt_fresh_state();
    make_state_dir();
    write_foreign_save(text, sizeof text);
    t = start(sudoku_path);
    /* "KEY.save.corrupt." is wrapped after "KEY.save." at 80 columns. */
    snprintf(aside, sizeof aside, "set aside as %s.", strrchr(save_path, '/') + 1);
    tap_ok(tt_wait_text(t, "The saved game holds another puzzle; it was set aside as")
           && tt_wait_text(t, aside) && !th_find(t, "was corrupt", NULL, NULL),
           "opening the Sudoku says its save holds another puzzle, and where it went, not "
           "that it was corrupt");
    tap_ok(tt_wait_text(t, "Filled 30/81") && !th_find(t, "resume", NULL, NULL),
           "the Sudoku is on the board, with no offer to resume the Kakuro");
    th_send(t, "4");
    tap_ok(tt_wait_text(t, "  3  " LV "  4  ") && tt_quit_cleanly(t), "it plays and quits");
    th_free(t);
    snprintf(aside, sizeof aside, "%s.corrupt", save_path);
    was = slurp(aside);
    tap_ok(text[0] != '\0' && was != NULL && strcmp(was, text) == 0,
           "the Kakuro's save is kept, byte for byte");
    s = format_load(sudoku_path, FORMAT_AUTO, NULL, &ferr);
    g = game_load(save_path, err, sizeof err);
    key = game_puzzle_key(s);
    saved_key = g != NULL ? game_puzzle_key(g->puzzle) : NULL;
    tap_ok(saved_key != NULL && strcmp(key, saved_key) == 0 && g->grid[2] == 4,
           "the save there now is the Sudoku's, with its digit (%s)", err);
    free(key);
    free(saved_key);
    game_free(g);
    puzzle_free(s);
}

/* ---------------------------------------------------------------- two players */

/* The digit of cell c in the save on disk, or -1 when it does not load. */
static int saved_digit(int c)
{
    char err[512];
    struct game *g = game_load(save_path, err, sizeof err);
    int d = g != NULL ? g->grid[c] : -1;

    if (g == NULL)
        tap_diag("%s", err);
    game_free(g);
    return d;
}

/* One puzzle open in two players: the second says its moves are not saved and leaves the
 * first one's save alone (it saved over it, and the first saved over that in turn); once
 * the first has quit, the puzzle resumes and saves as ever, and no lock is left behind. */
static void test_two_players(void)
{
    struct th *first, *second, *third;
    int n, foreign;

    tt_fresh_state();
    make_state_dir();
    first = start(sudoku_path);
    tt_wait_text(first, "Cell r1c3");
    th_send(first, "4");
    tap_ok(tt_wait_text(first, "  3  " LV "  4  ") && saved_digit(2) == 4, "the first player saves its move");
    second = start(sudoku_path);
    tt_wait_text(second, "saved game");
    th_send(second, "r");
    tap_ok(tt_wait_text(second, "open in another kakudo: your moves here are not saved."),
           "a second player of the puzzle says its moves are not saved");
    th_send(second, "8");      /* at r1c3, where the first one's cursor was when it saved */
    tap_ok(tt_wait_text(second, "Progress not saved: the puzzle is open in another kakudo.")
           && saved_digit(2) == 4, "its move is not saved, and says so");
    tap_ok(quits_unsaved(second), "it quits saying the game was not saved");
    th_free(second);
    th_send(first, "l6");
    tap_ok(tt_wait_text(first, "  4  " HV "  6  ") && !th_find(first, "not saved", NULL, NULL)
           && tt_quit_cleanly(first), "the first one saves on, and quits");
    th_free(first);
    tap_ok(saved_digit(2) == 4 && saved_digit(3) == 6, "its save holds its moves");
    third = start(sudoku_path);
    tt_wait_text(third, "saved game");
    th_send(third, "r");
    tap_ok(tt_wait_text(third, "Resumed the saved game.") && tt_wait_text(third, "  4  " HV "  6  "),
           "once it has quit, the puzzle resumes in another player");
    th_send(third, "ll1");     /* from r1c4, where the first one left its cursor, to r1c6 */
    tap_ok(tt_wait_text(third, "  7  " LV "  1  ") && tt_quit_cleanly(third) && saved_digit(5) == 1,
           "which saves its moves");
    th_free(third);
    n = count_state(&foreign, false);
    tap_ok(n == 1 && foreign == 0, "nothing but the save is left (%d entries, %d others)", n, foreign);
}

/* A save of another puzzle while another kakudo holds the puzzle's lock: it was set aside
 * all the same, under the lock's holder.  It is that kakudo's: left alone, and this one
 * plays without saving, saying so. */
static void test_foreign_save_busy(void)
{
    char text[8192], aside[800];
    const char *now;
    struct th *first, *second;

    tt_fresh_state();
    make_state_dir();
    first = start(sudoku_path);
    tt_wait_text(first, "Cell r1c3");
    write_foreign_save(text, sizeof text);
    second = start(sudoku_path);
    tap_ok(tt_wait_text(second, "open in another kakudo: your moves here are not saved.")
           && !th_find(second, "another puzzle", NULL, NULL),
           "the second player says the puzzle is open in another, and sets nothing aside");
    th_send(second, "4");
    tap_ok(tt_wait_text(second, "Progress not saved: the puzzle is") && quits_unsaved(second),
           "it plays without saving, and says so");
    th_free(second);
    now = slurp(save_path);
    snprintf(aside, sizeof aside, "%s.corrupt", save_path);
    tap_ok(now != NULL && strcmp(now, text) == 0 && access(aside, F_OK) != 0,
           "the save is where it was, as it was, and not set aside");
    tap_ok(tt_quit_cleanly(first), "the first one quits");
    th_free(first);
}

/* A player resumed from a save at a long path, made in two nested directories of 200-digit
 * names numbered first and first + 1 (the save's own name of name_digits digits, numbered
 * first + 2) from a game with one digit set, saved to scratch in the tests' directory and
 * renamed there: path receives the save's path. */
static struct th *resume_at_long_path(char *path, size_t size, int first, int name_digits,
                                      const char *scratch)
{
    char dir[1024], made[300], err[512] = "";
    struct format_error ferr;
    struct puzzle *p = format_load(sudoku_path, FORMAT_AUTO, NULL, &ferr);
    struct game *g = game_new(p, NULL);
    const char *argv[2];
    struct th *t;

    snprintf(dir, sizeof dir, "%s/%0200d", tt_dir(), first);
    mkdir(dir, 0700);
    snprintf(dir + strlen(dir), sizeof dir - strlen(dir), "/%0200d", first + 1);
    mkdir(dir, 0700);
    snprintf(path, size, "%s/%0*d.save", dir, name_digits, first + 2);
    tap_ok(game_set(g, 2, 4, NULL)
           && game_save(g, tt_scratch_path(made, sizeof made, scratch), err, sizeof err)
           && rename(made, path) == 0, "a save at a path of %zu bytes (%s)", strlen(path), err);
    game_free(g);
    puzzle_free(p);
    argv[0] = path;
    argv[1] = NULL;
    t = tt_start(argv, NULL, 24, 80);
    tt_wait_text(t, "Resumed the saved game.");
    return t;
}

/* A save whose path is long (some 700 bytes) and whose temporary's name is one byte too
 * long for the file system: the error was cut inside the path, "File name too long"
 * lost, on the board and on quitting.  The path is cut now, the reason whole. */
static void test_long_path_reason(void)
{
    char path[1024];
    struct th *t;
    int status;

    tt_fresh_state();
    make_state_dir();
    /* 245 bytes: the name fits, its temporary ("NAME.tmp.XXXXXX", 256) does not. */
    t = resume_at_long_path(path, sizeof path, 0, 240, "long.save");
    th_send(t, "6");        /* at r1c4, the first empty cell */
    tap_ok(tt_wait_text(t, "Progress not saved: File name too long."),
           "the failed save's reason is said on the board");
    th_send(t, "q");
    status = th_wait_exit(t, tt_wait_ms);
    tap_ok(status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 1
           && tt_wait_text(t, "...: File name too long"),
           "and on quitting, after the path cut (status %d)", status);
    th_free(t);
}

/* A save at a long path (some 690 bytes) that fails once and then works: the failed
 * save's path was kept cut to 599 bytes, so the save that worked, at the whole path, did
 * not make up for it, and quitting said the game was not saved. */
static void test_long_path_saved_later(void)
{
    char path[1024], inside[1100];
    struct th *t;
    int status;

    tt_fresh_state();
    t = resume_at_long_path(path, sizeof path, 3, 200, "later.save");
    /* A directory, not empty, where the save is: renaming the new save there fails. */
    snprintf(inside, sizeof inside, "%s/x", path);
    unlink(path);
    mkdir(path, 0700);
    tt_write_file(inside, "");
    th_send(t, "6");        /* at r1c4, the first empty cell */
    tap_ok(tt_wait_text(t, "Progress not saved:"), "the save fails once");
    unlink(inside);
    rmdir(path);
    th_send(t, "u");
    tap_ok(tt_wait_text(t, "Undone.") && !th_find(t, "not saved", NULL, NULL),
           "then works");
    th_send(t, "q");
    status = th_wait_exit(t, tt_wait_ms);
    tap_ok(status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0
           && !th_find(t, "not saved", NULL, NULL),
           "quitting says nothing of the failure made up for (status %d)", status);
    th_free(t);
}

/* The solver's solution kept (k after a watch) in a player that cannot save (the puzzle
 * open in another one): "Progress not saved" was replaced at once by "Kept the solver's
 * solution", so the failed save went unsaid; both show now. */
static void test_kept_solution_unsaved(void)
{
    struct th *first, *second;

    tt_fresh_state();
    make_state_dir();
    first = start(sudoku_path);
    tt_wait_text(first, "Cell r1c3");
    second = start(sudoku_path);
    tt_wait_text(second, "open in another kakudo");
    th_send(second, "w");
    tt_see(second, "Solver: smart");
    for (int i = 0; i < 25; i++)
        th_send(second, "+");
    tt_wait_text(second, "k keeps it");
    th_send(second, "k");
    tap_ok(tt_wait_text(second, "Kept the solver's solution")
           && tt_wait_text(second, "Progress not saved: the puzzle is"),
           "the solution kept but not saved: both are said");
    tap_ok(quits_unsaved(second), "it quits saying the game was not saved");
    th_free(second);
    tap_ok(tt_quit_cleanly(first), "the first one quits");
    th_free(first);
}

/* The state directory removed while a game is played (rm -r, a clean-up): the next move's
 * save failed, and quitting said the save "keeps the game as saved before them", a save
 * gone with its directory.  Now the directory is made again and the game saved there. */
static void test_state_dir_removed(void)
{
    struct th *t;
    int n, foreign;

    tt_fresh_state();
    make_state_dir();
    t = start(sudoku_path);
    tt_wait_text(t, "Cell r1c3");
    th_send(t, "4");
    tap_ok(tt_wait_text(t, "  3  " LV "  4  ") && saved_digit(2) == 4, "a move is saved");
    tt_fresh_state();       /* the state directory and all in it, lock included, gone */
    th_send(t, "l6");
    tap_ok(tt_wait_text(t, "  4  " HV "  6  ") && !th_find(t, "not saved", NULL, NULL),
           "the next move is made, and no failed save is said");
    tap_ok(tt_quit_cleanly(t), "the player quits with status 0");
    th_free(t);
    tap_ok(saved_digit(2) == 4 && saved_digit(3) == 6, "the save, made again, holds both moves");
    n = count_state(&foreign, false);
    tap_ok(n == 1 && foreign == 0, "and no lock is left behind (%d entries, %d others)", n, foreign);
}

/* A save named on the command line whose directory is removed during the game, with the
 * state directory gone too: the save's directory is the user's to make, and the state
 * directory, where this game is not saved, was made again by the next save all the same. */
static void test_named_save_dir_removed(void)
{
    char dir[600], named[700], lock[720];
    struct stat st;
    struct th *t;
    int status;

    tt_fresh_state();
    make_state_dir();
    t = start(sudoku_path);
    tt_wait_text(t, "Cell r1c3");
    th_send(t, "4");
    tt_wait_text(t, "  3  " LV "  4  ");
    tt_quit_cleanly(t);
    th_free(t);
    snprintf(dir, sizeof dir, "%s/named", tt_dir());
    snprintf(named, sizeof named, "%s/game.save", dir);
    snprintf(lock, sizeof lock, "%s.lock", named);
    mkdir(dir, 0700);
    if (rename(save_path, named) != 0) {
        tap_ok(false, "the save is moved out of the state directory");
        return;
    }
    tt_fresh_state();       /* no state directory at all */
    t = start(named);
    tt_wait_text(t, "Cell r1c3");
    unlink(named);
    unlink(lock);
    rmdir(dir);
    th_send(t, "l6");
    tt_wait_text(t, "  4  " HV "  6  ");
    th_send(t, "q");
    status = th_wait_exit(t, 5000);
    th_free(t);
    tap_ok(stat(dir, &st) != 0 && stat(state_dir, &st) != 0,
           "a named save's directory removed: neither it nor the state directory is made "
           "(status %d)", status);
}

/* From the picker's first row, the one recent game (the rows below it: New game, Open a
 * file, Paste a puzzle), and d on it. */
static void delete_recent(struct th *t)
{
    th_send(t, "\033OF\033OA\033OA\033OA");    /* End, then up to the recent game */
    th_send(t, "d");
}

/* A save whose game is open in another kakudo is not deleted from the picker, whether it
 * was open before d or only before the answer: that kakudo would lose its game. */
static void test_delete_in_use(void)
{
    struct th *player, *picker;
    struct stat st;

    tt_fresh_state();
    make_state_dir();
    player = start(sudoku_path);
    tt_wait_text(player, "Cell r1c3");
    th_send(player, "4");
    tap_ok(tt_wait_text(player, "  3  " LV "  4  ") && saved_digit(2) == 4, "a player saves its move");
    picker = start(NULL);
    tt_wait_text(picker, "Recent games");
    delete_recent(picker);
    tap_ok(tt_wait_text(picker, "Not deleted: this game is open in another kakudo. Quit it there first.")
           && !th_find(picker, "Delete the saved game", NULL, NULL) && stat(save_path, &st) == 0,
           "the picker of another kakudo refuses to delete its save, and says why");
    tap_ok(tt_quit_cleanly(player), "the player quits");
    th_free(player);
    delete_recent(picker);
    tap_ok(tt_wait_text(picker, "Delete the saved game"), "then d asks");
    player = start(sudoku_path);
    tt_wait_text(player, "saved game");
    th_send(player, "r");
    tt_wait_text(player, "Resumed the saved game.");
    th_send(picker, "y");
    tap_ok(tt_wait_text(picker, "Not deleted: this game is open in another kakudo.") && stat(save_path, &st) == 0,
           "the game opened meanwhile elsewhere: yes is refused too");
    th_send(player, "l6");
    tap_ok(tt_wait_text(player, "  4  " HV "  6  ") && !th_find(player, "not saved", NULL, NULL)
           && tt_quit_cleanly(player) && saved_digit(3) == 6, "and that player saves on, and quits");
    th_free(player);
    delete_recent(picker);
    tt_wait_text(picker, "Delete the saved game");
    th_send(picker, "y");
    tap_ok(tt_wait_text(picker, "Deleted the saved game") && stat(save_path, &st) != 0,
           "once no kakudo has it open, it is deleted");
    tap_ok(tt_quit_cleanly(picker), "the picker quits");
    th_free(picker);
}

/* Two corrupt saves in turn: both copies are kept. */
static void test_corrupt_copies(void)
{
    char first[800], second[800];
    struct stat st;

    tt_fresh_state();
    make_state_dir();
    for (int i = 0; i < 2; i++) {
        struct th *t;
        char aside[800];
        tt_write_file(save_path, i == 0 ? "first bad save\n" : "second bad save\n");
        t = start(sudoku_path);
        /* The message (longer than 80 columns) wraps onto the rows above the bottom one,
         * its end, the name it was moved to, not cut off. */
        snprintf(aside, sizeof aside, "moved to %s.corrupt%s.", strrchr(save_path, '/') + 1, i == 0 ? "" : ".2");
        tap_ok(tt_wait_text(t, "corrupt") && tt_wait_text(t, aside), "corrupt save %d is reported, whole", i + 1);
        th_send(t, "\033");
        tap_ok(th_wait_gone(t, "corrupt", tt_wait_ms) && tt_wait_text(t, "m mark") && tt_quit_cleanly(t),
               "Esc clears it: the panel's last row is seen again");
        th_free(t);
    }
    snprintf(first, sizeof first, "%s.corrupt", save_path);
    snprintf(second, sizeof second, "%s.corrupt.2", save_path);
    tap_ok(stat(first, &st) == 0 && st.st_size == 15 && stat(second, &st) == 0 && st.st_size == 16,
           "each was set aside under its own name, none overwritten");
}

/* ---------------------------------------------------------------- FILE:N names */

/* A puzzle chosen in a browsed file is puzzle N of that file, even when a file literally
 * called FILE:N lies next to it. */
static void test_colon_names(void)
{
    char many[512], many_path[300], decoy_path[320], decoy[128];
    struct th *t;

    tt_fresh_state();
    snprintf(many, sizeof many, "%s%s", tt_sudoku, tt_sudoku);
    many[82 + 2] = '4';     /* puzzle 2 gives r1c3 = 4 */
    tt_write_file(tt_scratch_path(many_path, sizeof many_path, "many.txt"), many);
    snprintf(decoy, sizeof decoy, "%s", tt_sudoku);
    decoy[2] = '2';         /* the file "many.txt:2" gives r1c3 = 2 */
    snprintf(decoy_path, sizeof decoy_path, "%s:2", many_path);
    tt_write_file(decoy_path, decoy);
    t = start(NULL);
    tt_wait_text(t, "choose a puzzle");
    th_send(t, "o");
    tt_wait_text(t, "File");
    th_send(t, many_path);
    th_send(t, "\r");
    tt_wait_text(t, "Puzzles in the file");
    th_send(t, "j\r");
    tap_ok(tt_wait_text(t, "  3  " LV "  4  " HV) && !th_find(t, "  3  " LV "  2  " HV, NULL, NULL),
           "choosing #2 of many.txt opens its second puzzle, not the file many.txt:2");
    th_free(t);
}

/* ---------------------------------------------------------------- the cursor */

/* Whether the save on disk holds a "cursor" line. */
static bool save_has_cursor(void)
{
    FILE *f = fopen(save_path, "r");
    char line[256];
    bool found = false;

    while (f != NULL && !found && fgets(line, sizeof line, f) != NULL)
        found = strncmp(line, "cursor ", 7) == 0;
    if (f != NULL)
        fclose(f);
    return found;
}

/* Opens tt_sudoku and resumes its saved game. */
static struct th *resume_saved(void)
{
    struct th *t = start(sudoku_path);

    tt_wait_text(t, "saved game");
    th_send(t, "r");
    tt_wait_text(t, "Resumed the saved game.");
    return t;
}

/* A game resumed has the cursor where the player left it, and the panel names its cell; a
 * save without one (made before saves kept it) puts it where it always went, on the first
 * empty cell. */
static void test_cursor_kept(void)
{
    struct th *t;
    struct game *g;
    char err[512];

    tt_fresh_state();
    make_state_dir();
    t = start(sudoku_path);
    tt_wait_text(t, "Cell r1c3");
    th_send(t, "4jjjlll");
    tap_ok(tt_wait_text(t, "Filled 31/81") && tt_wait_text(t, "Cell r4c6"),
           "a digit in r1c3, then the cursor moved to r4c6");
    tap_ok(tt_quit_cleanly(t), "quitting saves the game");
    th_free(t);
    g = game_load(save_path, err, sizeof err);
    tap_ok(g != NULL && g->cursor == 32, "the save keeps the cursor's cell, 32 (%d) %s",
           g != NULL ? g->cursor : -1, g != NULL ? "" : err);
    game_free(g);
    t = resume_saved();
    tap_ok(tt_wait_text(t, "Cell r4c6"),
           "resumed, the panel's cell is the one left: r4c6");
    th_send(t, "5");
    tap_ok(tt_wait_text(t, "Filled 32/81") && tt_quit_cleanly(t) && saved_digit(32) == 5,
           "and a digit typed goes there: the board's cursor is on it too");
    th_free(t);

    tt_fresh_state();
    make_state_dir();
    tap_ok(write_long_save(0) && !save_has_cursor(), "a save without a cursor, as older ones");
    t = resume_saved();
    tap_ok(tt_wait_text(t, "Cell r1c4"),
           "resumed, its cursor is on the first empty cell, as before");
    tap_ok(tt_quit_cleanly(t), "and it quits");
    th_free(t);
}

/* `kakudo SAVE`: a save file named on the command line opens as the game it holds (it was
 * refused as "a saved game, not a puzzle"): its digits, marks, undo history, timer and
 * cursor; its progress is saved back to it, not to the state directory. */
static void test_play_save_file(void)
{
    char mine[300], err[512] = "";
    struct format_error ferr;
    struct puzzle *p = format_load(sudoku_path, FORMAT_AUTO, NULL, &ferr);
    struct game *g = game_new(p, NULL);
    struct stat st;
    struct th *t;
    const char *argv[2];

    tt_fresh_state();
    make_state_dir();
    game_pause(g);
    tap_ok(game_set(g, 2, 4, NULL) && game_toggle_mark(g, 3, 6, NULL),
           "a game: 4 in r1c3, a mark 6 in r1c4");
    g->elapsed_ms = 3723000;    /* 1:02:03 */
    g->cursor = 3;
    tap_ok(game_save(g, tt_scratch_path(mine, sizeof mine, "mine.save"), err, sizeof err),
           "saved to a file of the user's (%s)", err);
    game_free(g);
    puzzle_free(p);
    argv[0] = mine;
    argv[1] = NULL;
    t = tt_start_timed(argv, NULL, 24, 80);
    tap_ok(tt_wait_text(t, "Resumed the saved game.") && tt_wait_text(t, "Filled 31/81")
           && tt_wait_text(t, "Cell r1c4"), "kakudo SAVE resumes it, the cursor where it was");
    tap_ok(tt_see(t, "Time 1:02:0"), "with its time");
    th_send(t, "u");
    tap_ok(tt_wait_text(t, "Undone.") && tt_wait_text(t, "Filled 31/81"), "undo takes the mark away");
    th_send(t, "u");
    tap_ok(tt_wait_text(t, "Filled 30/81"), "and then the digit: its history came with it");
    tap_ok(tt_quit_cleanly(t), "it quits");
    th_free(t);
    g = game_load(mine, err, sizeof err);
    tap_ok(g != NULL && g->nmoves == 2 && g->pos == 0 && game_filled_cells(g) == 0
           && g->marks[3] == 0 && game_elapsed_ms(g) >= 3723000,
           "its progress went back to the file: two moves, both undone (%s)", g != NULL ? "" : err);
    game_free(g);
    tap_ok(stat(save_path, &st) != 0, "and not to the state directory");
}

int main(void)
{
    if (!tt_init("save", 20000))
        return 0;
    setup();
    test_colon_names();
    test_cursor_kept();
    test_play_save_file();
    test_picker_reads_head();
    test_corrupt_copies();
    test_foreign_save();
    test_corrupt_kept_in_place();
    test_fifo_save();
    test_open_state_dir();
    test_two_players();
    test_kept_solution_unsaved();
    test_foreign_save_busy();
    test_long_path_reason();
    test_long_path_saved_later();
    test_state_dir_removed();
    test_named_save_dir_removed();
    test_delete_in_use();
    test_kill_while_saving();
    tt_cleanup();
    return tap_done();
}
