/* test_save.c: save files under attack: long histories, the picker's header-only reading,
 * temporaries and planted links, set-aside copies, non-files, counters at their limits. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "format.h"
#include "game.h"
#include "puzzle.h"
#include "solve.h"
#include "tap.h"
#include "test_util.h"
#include "util.h"

static char tmpdir[64];

/* ---------------------------------------------------------------- helpers */

static char *tmp_path(const char *name)
{
    return xasprintf("%s/%s", tmpdir, name);
}

static struct puzzle *load_puzzle(const char *name)
{
    char *path = xasprintf("%s%s", tap_data_path("game/"), name);
    struct format_error err;
    struct puzzle *p = format_load(path, FORMAT_AUTO, NULL, &err);

    if (p == NULL)
        fatal("cannot read %s: %s", path, err.message);
    free(path);
    return p;
}

/* An empty n x n Sudoku (boxes as the reader chooses them). */
static struct puzzle *empty_sudoku(int n)
{
    size_t cells = (size_t)n * (size_t)n;
    char *line = xmalloc(cells + 2);
    struct format_error err;
    struct reader *r;
    struct puzzle *p = NULL;
    FILE *f;

    memset(line, '.', cells);
    line[cells] = '\n';
    line[cells + 1] = '\0';
    f = fmemopen(line, cells + 1, "r");
    r = reader_open(f, "empty", FORMAT_SUDOKU_LINE);
    if (reader_next(r, &p, NULL, &err) <= 0)
        fatal("cannot make an empty %dx%d Sudoku: %s", n, n, err.message);
    reader_close(r);
    fclose(f);
    free(line);
    return p;
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");

    if (f == NULL)
        fatal("cannot write %s", path);
    fputs(text, f);
    fclose(f);
}

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *buf = xmalloc(1 << 20);
    size_t n = f != NULL ? fread(buf, 1, (1 << 20) - 1, f) : 0;

    buf[n] = '\0';
    if (f != NULL)
        fclose(f);
    return buf;
}

static long file_size(const char *path)
{
    struct stat st;

    return stat(path, &st) == 0 ? (long)st.st_size : -1;
}

/* The entries of tmpdir/sub other than . and .., counted; those containing `part` too. */
static int count_entries(const char *sub, const char *part, int *with_part)
{
    char *dir = tmp_path(sub);
    DIR *d = opendir(dir);
    struct dirent *e;
    int n = 0;

    *with_part = 0;
    while (d != NULL && (e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        n++;
        *with_part += strstr(e->d_name, part) != NULL;
    }
    if (d != NULL)
        closedir(d);
    free(dir);
    return n;
}

/* A copy of the board, to compare positions of the history. */
struct board {
    uint8_t *grid;
    digitset *marks;
};

static struct board board_of(const struct game *g)
{
    size_t n = (size_t)g->puzzle->ncells;
    struct board b = { xmalloc(n), xmalloc(n * sizeof *b.marks) };

    memcpy(b.grid, g->grid, n);
    memcpy(b.marks, g->marks, n * sizeof *b.marks);
    return b;
}

static bool board_is(const struct game *g, const struct board *b)
{
    size_t n = (size_t)g->puzzle->ncells;

    return memcmp(g->grid, b->grid, n) == 0 && memcmp(g->marks, b->marks, n * sizeof *b->marks) == 0;
}

static void board_free(struct board *b)
{
    free(b->grid);
    free(b->marks);
}

/* A small fixed-seed generator, so the random play is the same on every run. */
static uint32_t rng_state = 12345;

static uint32_t rng(void)
{
    rng_state = rng_state * 1103515245u + 12345u;
    return rng_state >> 8;
}

/* One random move of any kind; false if the game refused it. */
static bool random_move(struct game *g)
{
    const struct puzzle *p = g->puzzle;
    int cell = (int)(rng() % (uint32_t)p->ncells), d = 1 + (int)(rng() % (uint32_t)p->max_digit);
    const char *why;

    switch (rng() % 8) {
    case 0: return game_fill_marks(g, &why);
    case 1: return game_clear_marks(g, &why);
    case 2: case 3: return game_toggle_mark(g, cell, d, &why);
    case 4: return game_erase(g, cell, &why);
    default: return game_set(g, cell, d, &why);
    }
}

/* The memory a game's history holds, as its arrays are allocated. */
static size_t history_bytes(const struct game *g)
{
    const struct game_history *h = &g->hist;

    return h->cap + h->start_cap * sizeof *h->start
           + h->snap_cap * (1 + sizeof *h->snap_marks) + h->changes_cap * sizeof *h->changes;
}

/* ---------------------------------------------------------------- defect 2: history */

/* Hundreds of moves, far past the snapshots undo starts from: every position comes back
 * exactly, by undo, by redo, and after saving and loading at any position. */
static void test_long_history(void)
{
    struct puzzle *p = load_puzzle("sudoku9.txt");
    struct game *g = game_new(p, NULL), *h;
    enum { MOVES = 700 };
    struct board *boards = xcalloc(MOVES + 1, sizeof *boards);
    char *path = tmp_path("long.save"), err[512] = "";
    bool ok = true;
    int n = 0;

    boards[0] = board_of(g);
    while (n < MOVES)
        if (random_move(g))
            boards[++n] = board_of(g);
    tap_ok(g->nmoves == MOVES && g->hist.every < MOVES / 4,
           "%d moves made (a snapshot every %d)", g->nmoves, g->hist.every);
    for (int i = MOVES - 1; i >= 0 && ok; i--)
        ok = game_undo(g) && g->pos == i && board_is(g, &boards[i]);
    tap_ok(ok && !game_can_undo(g), "undo walks back through every position to the start");
    for (int i = 1; i <= MOVES && ok; i++)
        ok = game_redo(g) && g->pos == i && board_is(g, &boards[i]);
    tap_ok(ok && !game_can_redo(g), "redo walks forward through every position to the end");
    for (int pos = 0; pos <= MOVES && ok; pos += 97) {
        while (g->pos > pos)
            game_undo(g);
        ok = game_save(g, path, err, sizeof err) && (h = game_load(path, err, sizeof err)) != NULL;
        if (!ok)
            break;
        ok = h->pos == pos && h->nmoves == MOVES && board_is(h, &boards[pos]);
        while (ok && game_redo(h))
            ok = board_is(h, &boards[h->pos]);
        ok = ok && h->pos == MOVES;
        game_free(h);
        while (game_redo(g))
            ;
    }
    tap_ok(ok, "saved at positions 0, 97, ... the game loads there and redoes to the end %s", err);
    while (g->pos > MOVES / 2 + 3)
        game_undo(g);
    ok = random_move(g) || random_move(g) || random_move(g);
    tap_ok(ok && g->nmoves == g->pos && g->pos <= MOVES / 2 + 4, "a move after undos drops the redo tail");
    {
        struct board now = board_of(g);
        int pos = g->pos;
        ok = game_undo(g) && board_is(g, &boards[pos - 1]) && game_redo(g) && board_is(g, &now);
        board_free(&now);
    }
    tap_ok(ok, "and the history goes on from there");
    for (int i = 0; i <= MOVES; i++)
        board_free(&boards[i]);
    free(boards);
    free(path);
    game_free(g);
    puzzle_free(p);
}

/* The save of issue 12: an empty 25x25 Sudoku with moves alternating fill-all and clear-all.
 * Each move changes every cell; the history must not keep those changes per move. */
static void test_history_memory(void)
{
    struct puzzle *p = empty_sudoku(25);
    struct game *g = game_new(p, NULL), *h;
    char *path = tmp_path("fills.save"), err[512] = "";
    const char *why;
    enum { MOVES = 20000 };
    bool ok = true;
    long size;

    for (int i = 0; i < MOVES && ok; i++)
        ok = i % 2 == 0 ? game_fill_marks(g, &why) : game_clear_marks(g, &why);
    tap_ok(ok && game_save(g, path, err, sizeof err), "%d fills and clears saved %s", MOVES, err);
    size = file_size(path);
    h = game_load(path, err, sizeof err);
    tap_ok(h != NULL, "and load %s", h == NULL ? err : "");
    if (h != NULL) {
        size_t bytes = history_bytes(h);
        tap_ok(bytes < (size_t)size * 10, "the loaded history holds %zu bytes for a %ld-byte save "
               "(under 10x)", bytes, size);
        tap_ok(game_undo(h) && h->marks[0] != 0 && game_undo(h) && h->marks[0] == 0
               && game_redo(h) && h->marks[0] != 0, "undo and redo work at the end of it");
    }
    game_free(h);
    game_free(g);
    free(path);
    puzzle_free(p);
}

/* The picker reads a save's head only: it answers even when the moves after it would not
 * load, and says how far the game went. */
static void test_peek(void)
{
    struct puzzle *p = load_puzzle("sudoku9.txt");
    struct game *g = game_new(p, NULL);
    char *path = tmp_path("peek.save"), err[512] = "";
    struct game_summary sum;
    const char *why;
    char *text, *bad;
    int filled;

    puzzle_set_name(g->puzzle, "peeked");
    while (g->nmoves < 30)
        random_move(g);
    game_fill_marks(g, &why);
    filled = game_filled_cells(g);
    game_save(g, path, err, sizeof err);
    tap_ok(game_peek(path, &sum, err, sizeof err) && sum.puzzle->width == 9 && !sum.completed
           && sum.filled == filled && strcmp(sum.puzzle->name, "peeked") == 0,
           "game_peek: the name, size and %d filled cells from the head (%s)", filled, err);
    game_summary_free(&sum);
    text = read_text(path);
    bad = xasprintf("%s%s", text, "move this is not a move\n");
    write_text(path, bad);
    tap_ok(game_load(path, err, sizeof err) == NULL, "a save with a bad move after the head does not load");
    tap_ok(game_peek(path, &sum, err, sizeof err) && sum.filled == filled,
           "but its head is read without reading the moves");
    game_summary_free(&sum);
    {
        /* The filled count is checked when the game is loaded. */
        char *at = strstr(text, "\nfilled ");
        char *wrong;
        tap_ok(at != NULL, "a save says how many cells are filled");
        if (at != NULL) {
            at[1] = '\0';
            wrong = xasprintf("%sfilled %d\n%s", text, filled + 1, strchr(at + 2, '\n') + 1);
            write_text(path, wrong);
            tap_ok(game_load(path, err, sizeof err) == NULL && strstr(err, "filled") != NULL,
                   "a filled count the grid does not have is refused (%s)", err);
            free(wrong);
        }
    }
    free(bad);
    free(text);
    free(path);
    game_free(g);
    puzzle_free(p);
}

/* ---------------------------------------------------------------- defects 3 and 4: temporaries */

static bool is_regular_0600(const char *path)
{
    struct stat st;

    return lstat(path, &st) == 0 && S_ISREG(st.st_mode) && (st.st_mode & 0777) == 0600;
}

/* A link planted where the temporary used to go is neither followed nor left. */
static void test_planted_links(void)
{
    struct puzzle *p = load_puzzle("sudoku4.txt");
    struct game *g = game_new(p, NULL);
    char *dir = tmp_path("links"), *path, *victim, *planted;
    char err[512] = "", *text;
    const char *why;
    int n, tmps;

    mkdir(dir, 0700);
    path = xasprintf("%s/x.save", dir);
    victim = tmp_path("victim");
    write_text(victim, "precious\n");
    planted = xasprintf("%s.tmp.%ld", path, (long)getpid());
    tap_ok(symlink(victim, planted) == 0, "a link planted at the old temporary's name");
    while (g->nmoves < 3)
        random_move(g);
    (void)why;
    tap_ok(game_save(g, path, err, sizeof err), "the game saves %s", err);
    text = read_text(victim);
    tap_ok(strcmp(text, "precious\n") == 0, "the link's target is untouched");
    tap_ok(is_regular_0600(path), "the save is a regular file of mode 0600, not the link");
    free(text);
    /* A link at the save's own name is replaced, not written through. */
    unlink(path);
    symlink(victim, path);
    tap_ok(game_save(g, path, err, sizeof err) && is_regular_0600(path), "a link at the save's name is replaced");
    text = read_text(victim);
    tap_ok(strcmp(text, "precious\n") == 0, "and its target is untouched");
    free(text);
    n = count_entries("links", ".tmp.", &tmps);
    tap_ok(n == 1 && tmps == 0, "only the save is left (%d entries, %d temporaries)", n, tmps);
    free(planted);
    free(victim);
    free(path);
    free(dir);
    game_free(g);
    puzzle_free(p);
}

/* Temporaries of interrupted saves (of this save or another in the directory) go at the
 * next save; one being written (locked) stays, and so do files that are not temporaries. */
static void test_stale_temps(void)
{
    struct puzzle *p = load_puzzle("sudoku4.txt");
    struct game *g = game_new(p, NULL);
    char *dir = tmp_path("stale"), *path, *busy, *other, *unrelated, err[512] = "";
    int fds[2], n, tmps;
    pid_t child;
    char c;

    mkdir(dir, 0700);
    path = xasprintf("%s/y.save", dir);
    busy = xasprintf("%s.tmp.BUSY01", path);
    other = xasprintf("%s/z.save.tmp.123", dir);
    unrelated = xasprintf("%s/notes.tmp.1", dir);
    for (int i = 0; i < 5; i++) {
        char *stale = xasprintf("%s.tmp.%s%d", path, i % 2 ? "Ab3dE" : "", 4000 + i);
        write_text(stale, "kakudo-save 2\nkind");
        free(stale);
    }
    write_text(other, "another save's");
    write_text(unrelated, "not a save's temporary");
    write_text(busy, "being written");
    /* A writer still at work holds its temporary's lock. */
    if (pipe(fds) != 0)
        fatal("pipe");
    child = fork();
    if (child == 0) {
        int fd = open(busy, O_RDONLY);
        flock(fd, LOCK_EX);
        if (write(fds[1], "x", 1) != 1)
            _exit(1);
        pause();
        _exit(0);
    }
    close(fds[1]);
    tap_ok(read(fds[0], &c, 1) == 1, "a writer holds its temporary");
    random_move(g);
    tap_ok(game_save(g, path, err, sizeof err), "the game saves %s", err);
    n = count_entries("stale", ".tmp.", &tmps);
    tap_ok(n == 3 && tmps == 2 && access(busy, F_OK) == 0 && access(other, F_OK) != 0
           && access(unrelated, F_OK) == 0,
           "the stale temporaries (5 of this save, 1 of another) are gone; the busy one and "
           "an unrelated file stay (%d entries)", n);
    kill(child, SIGKILL);
    waitpid(child, NULL, 0);
    close(fds[0]);
    tap_ok(game_save(g, path, err, sizeof err) && access(busy, F_OK) != 0,
           "once its writer is gone, the next save removes it too");
    free(unrelated);
    free(other);
    free(busy);
    free(path);
    free(dir);
    game_free(g);
    puzzle_free(p);
}

/* The state directory must be the user's own and not writable by others. */
static void test_state_dir_checks(void)
{
    char *state = tmp_path("state"), *dir = xasprintf("%s/kakudo", state), *got, err[512] = "";
    char *old = getenv("XDG_STATE_HOME") ? xstrdup(getenv("XDG_STATE_HOME")) : NULL;

    setenv("XDG_STATE_HOME", state, 1);
    got = game_find_state_dir(err, sizeof err);
    tap_ok(got != NULL, "a new state directory is accepted %s", err);
    free(got);
    chmod(dir, 0777);
    got = game_find_state_dir(err, sizeof err);
    tap_ok(got == NULL && strstr(err, "writable by others") != NULL,
           "one writable by others is refused (%s)", err);
    free(got);
    chmod(dir, 0770);
    got = game_state_dir();
    tap_ok(got == NULL, "so is one writable by its group");
    free(got);
    chmod(dir, 0700);
    if (geteuid() == 0) {
        tap_ok(chown(dir, 4242, 4242) == 0, "the directory given to another user");
        got = game_find_state_dir(err, sizeof err);
        tap_ok(got == NULL && strstr(err, "another user") != NULL, "one owned by another user is refused (%s)", err);
        free(got);
        chown(dir, 0, 0);
    } else {
        tap_diag("not root: the other owner case is skipped");
    }
    got = game_state_dir();
    tap_ok(got != NULL, "the user's own private directory is fine again");
    free(got);
    if (old != NULL)
        setenv("XDG_STATE_HOME", old, 1);
    else
        unsetenv("XDG_STATE_HOME");
    free(old);
    free(dir);
    free(state);
}

/* ---------------------------------------------------------------- defects 5 and 6 */

/* Corrupt saves set aside keep every earlier copy; unreadable ones are told apart. */
static void test_set_aside(void)
{
    char *dir = tmp_path("aside"), *path, *a, *b, *c, err[512] = "";
    enum game_load_status st;
    struct game *g;
    int n, copies;

    mkdir(dir, 0700);
    path = xasprintf("%s/k.save", dir);
    write_text(path, "first bad\n");
    g = game_load_status(path, &st, err, sizeof err);
    tap_ok(g == NULL && st == GAME_LOAD_CORRUPT, "a malformed save is corrupt (%s)", err);
    a = game_set_aside(path, err, sizeof err);
    write_text(path, "second bad\n");
    b = game_set_aside(path, err, sizeof err);
    write_text(path, "third bad\n");
    c = game_set_aside(path, err, sizeof err);
    tap_ok(a != NULL && b != NULL && c != NULL && strcmp(a, b) != 0 && strcmp(b, c) != 0,
           "three set-aside copies get three names (%s, %s, %s)", a ? a : err, b ? b : "", c ? c : "");
    if (a != NULL && b != NULL && c != NULL) {
        char *ta = read_text(a), *tb = read_text(b), *tc = read_text(c);
        tap_ok(strcmp(ta, "first bad\n") == 0 && strcmp(tb, "second bad\n") == 0
               && strcmp(tc, "third bad\n") == 0, "each keeps its own content");
        free(ta);
        free(tb);
        free(tc);
    }
    n = count_entries("aside", ".corrupt", &copies);
    tap_ok(n == 3 && copies == 3 && access(path, F_OK) != 0, "the save itself is gone, its 3 copies stay");
    free(a);
    free(b);
    free(c);

    g = game_load_status(path, &st, err, sizeof err);
    tap_ok(g == NULL && st == GAME_LOAD_UNREADABLE, "a missing save cannot be read, it is not corrupt");
    mkdir(path, 0700);
    g = game_load_status(path, &st, err, sizeof err);
    tap_ok(g == NULL && st == GAME_LOAD_UNREADABLE, "nor is a directory at its name (%s)", err);
    rmdir(path);
    if (geteuid() != 0) {
        write_text(path, "kakudo-save 2\n");
        chmod(path, 0);
        g = game_load_status(path, &st, err, sizeof err);
        tap_ok(g == NULL && st == GAME_LOAD_UNREADABLE, "a save without read permission cannot be read (%s)", err);
        unlink(path);
    } else {
        tap_diag("root reads any file: the permission case is skipped");
    }
    free(path);
    free(dir);
}

/* A save of a newer kakudo (a newer version number, or a line whose keyword this one does
 * not know) is refused as such with its line, and kept: corrupt, it was set aside by the
 * player, where the newer kakudo would not find it.  The line was "expected elapsed". */
static void test_newer_kept(void)
{
    static const char *const cases[][4] = {
        { "kakudo-save", "kakudo-save 3", "version 3",
          ":1: expected \"kakudo-save 2\" or older: saved by a newer kakudo" },
        { "elapsed", "theme dark\nelapsed 0", "a 'theme' line in the header",
          "expected \"elapsed MILLISECONDS\", found \"theme\", a line this kakudo does not know: "
          "saved by a newer kakudo" },
        { "position", "note x\nposition 0", "a 'note' line among the moves",
          "expected \"move TEXT\" or \"position K\", found \"note\"" },
    };
    struct puzzle *p = load_puzzle("sudoku9.txt");
    struct game *g = game_new(p, NULL);
    char *path = tmp_path("future.save"), err[512] = "", *text;
    enum game_load_status st;

    game_save(g, path, err, sizeof err);
    text = read_text(path);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *at = strstr(text, cases[i][0]), *end = strchr(at, '\n');
        char *newer = xasprintf("%.*s%s%s", (int)(at - text), text, cases[i][1], end);

        write_text(path, newer);
        tap_ok(game_load_status(path, &st, err, sizeof err) == NULL && st == GAME_LOAD_UNREADABLE
               && strstr(err, cases[i][3]) != NULL, "%s: a newer kakudo's save, kept (%s)",
               cases[i][2], err);
        free(newer);
    }
    /* A known keyword out of place is no newer kakudo's: the file is corrupt. */
    write_text(path, "kakudo-save 2\nkind sudoku\nelapsed 0\n");
    tap_ok(game_load_status(path, &st, err, sizeof err) == NULL && st == GAME_LOAD_CORRUPT
           && strstr(err, ":3: expected \"format ") != NULL && strstr(err, "newer") == NULL,
           "a known line out of place is corrupt (%s)", err);
    free(text);
    free(path);
    game_free(g);
    puzzle_free(p);
}

/* A FIFO (or a device) at the save's name is refused at once, not read from. */
static void test_not_a_file(void)
{
    char *path = tmp_path("fifo.save"), err[512] = "";
    enum game_load_status st;
    struct game_summary sum;
    struct game *g;

    tap_ok(mkfifo(path, 0600) == 0, "a FIFO where a save would be");
    alarm(20);      /* a hang is a failure, not a stuck test run */
    g = game_load_status(path, &st, err, sizeof err);
    tap_ok(g == NULL && st == GAME_LOAD_UNREADABLE && strstr(err, "not a regular file") != NULL,
           "loading it is refused without waiting (%s)", err);
    tap_ok(!game_peek(path, &sum, err, sizeof err), "and so is reading its head");
    g = game_load_status("/dev/zero", &st, err, sizeof err);
    tap_ok(g == NULL && st == GAME_LOAD_UNREADABLE, "a device is not read either (%s)", err);
    alarm(0);
    unlink(path);
    free(path);
}

/* A save past 64 MB is refused by its size, before any of it is read (it was read, 64 MB,
 * then refused; and its head alone, read by the picker's game_peek, passed). */
static void test_too_large(void)
{
    struct puzzle *p = load_puzzle("sudoku9.txt");
    struct game *g = game_new(p, NULL);
    char *path = tmp_path("large.save"), err[512] = "";
    struct game_summary sum;
    FILE *f;

    game_save(g, path, err, sizeof err);
    tap_ok(truncate(path, 65L * 1024 * 1024) == 0, "a save grown to 65 MB (sparse)");
    tap_ok(game_load(path, err, sizeof err) == NULL
           && strstr(err, "too large for a save file (68157440 bytes; at most 67108864)") != NULL,
           "loading it is refused by its size (%s)", err);
    err[0] = '\0';
    tap_ok(!game_peek(path, &sum, err, sizeof err) && strstr(err, "too large") != NULL,
           "and its head is not read either (%s)", err);
    f = fopen(path, "rb");
    tap_ok(f != NULL && game_load_stream(f, "<stdin>", err, sizeof err) == NULL
           && strstr(err, "<stdin>: too large for a save file") != NULL,
           "nor is it read as standard input (%s)", err);
    if (f != NULL)
        fclose(f);
    err[0] = '\0';
    tap_ok(game_load(tmpdir, err, sizeof err) == NULL
           && strstr(err, ": a directory, not a regular file") != NULL,
           "a directory is refused as one (%s)", err);
    unlink(path);
    free(path);
    game_free(g);
    puzzle_free(p);
}

/* A save that cannot be written (no file may grow: RLIMIT_FSIZE 0, which holds even for
 * root) is told with the save's name, not that of its temporary, which is gone by then. */
static void test_failed_save_named(void)
{
    struct puzzle *p = load_puzzle("sudoku9.txt");
    struct game *g = game_new(p, NULL);
    char *path = tmp_path("failing.save"), *want = xasprintf("%s: ", path), err[512] = "";
    struct rlimit old, none;
    bool saved = true;

    if (getrlimit(RLIMIT_FSIZE, &old) == 0) {
        none = old;
        none.rlim_cur = 0;
        signal(SIGXFSZ, SIG_IGN);
        setrlimit(RLIMIT_FSIZE, &none);
        saved = game_save(g, path, err, sizeof err);
        setrlimit(RLIMIT_FSIZE, &old);
        signal(SIGXFSZ, SIG_DFL);
    }
    tap_ok(!saved && strncmp(err, want, strlen(want)) == 0 && strstr(err, ".tmp.") == NULL,
           "a failed save names the save, not its temporary (%s)", err);
    free(want);
    free(path);
    game_free(g);
    puzzle_free(p);
}

/* ---------------------------------------------------------------- defect 7: counters */

static char *replace_line(const char *text, const char *key, const char *line)
{
    const char *at = strstr(text, key), *end = at != NULL ? strchr(at + 1, '\n') : NULL;

    if (end == NULL)
        return xstrdup(text);
    return xasprintf("%.*s%s%s", (int)(at - text), text, line, end);
}

static void test_counters(void)
{
    struct puzzle *p = load_puzzle("sudoku4.txt");
    struct game *g = game_new(p, NULL), *h;
    char *path = tmp_path("count.save"), err[512] = "", *text, *edited;

    random_move(g);
    game_save(g, path, err, sizeof err);
    text = read_text(path);
    edited = replace_line(text, "\nhints ", "\nhints 2147483647 2147483647 0 0 0 0");
    write_text(path, edited);
    free(edited);
    h = game_load(path, err, sizeof err);
    tap_ok(h != NULL && h->hints_used == INT_MAX, "a save with INT_MAX hints loads %s", h ? "" : err);
    if (h != NULL) {
        game_note_hint(h, 1);
        game_note_hint(h, 2);
        game_note_hint(h, 1);
        tap_ok(h->hints_used == INT_MAX && h->hint_rungs[0] + h->hint_rungs[1] == INT_MAX,
               "more hints saturate the count without overflow, the rungs within it");
        tap_ok(game_save(h, path, err, sizeof err) && (game_free(h), h = game_load(path, err, sizeof err)) != NULL
               && h->hints_used == INT_MAX, "and the saturated counts save and load again %s", err);
    }
    game_free(h);
    edited = replace_line(text, "\nhints ", "\nhints 2147483648 0 0 0 0 0");
    write_text(path, edited);
    free(edited);
    tap_ok(game_load(path, err, sizeof err) == NULL, "a hint count past INT_MAX is refused (%s)", err);

    g->elapsed_ms = GAME_ELAPSED_MAX - 1;
    g->started_ns = 1;      /* running since the clock's start: far past the maximum */
    tap_ok(game_elapsed_ms(g) == GAME_ELAPSED_MAX, "the timer stops at its maximum");
    h = game_save(g, path, err, sizeof err) ? game_load(path, err, sizeof err) : NULL;
    tap_ok(h != NULL && game_elapsed_ms(h) == GAME_ELAPSED_MAX,
           "a time at the maximum saves and loads back %s", h == NULL ? err : "");
    game_free(h);
    {
        char line[64];
        snprintf(line, sizeof line, "\nelapsed %llu", (unsigned long long)GAME_ELAPSED_MAX + 1);
        edited = replace_line(text, "\nelapsed ", line);
        write_text(path, edited);
        free(edited);
        tap_ok(game_load(path, err, sizeof err) == NULL, "a time past it is refused (%s)", err);
        edited = replace_line(text, "\nelapsed ", "\nelapsed 18446744073709551615");
        write_text(path, edited);
        free(edited);
        tap_ok(game_load(path, err, sizeof err) == NULL, "as is UINT64_MAX");
    }
    /* Every numeric field in its range, whatever sscanf would have made of it. */
    {
        static const struct { const char *key, *line; } bad[] = {
            { "\nformat ", "\nformat line 4294967297 0 0 ." },
            { "\nformat ", "\nformat line 0 0 0 . extra" },
            { "\nformat ", "\nformat line 00 0 0 ." },
            { "\nboxes ", "\nboxes 4294967298 2" },
            { "\nboxes ", "\nboxes -2 2" },
            { "\nboxes ", "\nboxes 2  2" },
            { "\nfilled ", "\nfilled 99999999999999999999" },
            { "\nposition ", "\nposition 4294967297" },
        };
        int refused = 0;
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
            edited = replace_line(text, bad[i].key, bad[i].line);
            write_text(path, edited);
            free(edited);
            h = game_load(path, err, sizeof err);
            if (h == NULL)
                refused++;
            else
                tap_diag("accepted: %s", bad[i].line + 1);
            game_free(h);
        }
        tap_ok(refused == (int)(sizeof bad / sizeof bad[0]), "out-of-range and malformed numbers are "
               "refused (%d of %zu)", refused, sizeof bad / sizeof bad[0]);
    }
    free(text);
    free(path);
    game_free(g);
    puzzle_free(p);
}

/* ---------------------------------------------------------------- the cursor */

/* The cell the player's cursor was on saves and loads back; a save without it (older ones)
 * loads with none; one past the grid's cells, or not a number, is refused on its line. */
static void test_cursor(void)
{
    struct puzzle *p = load_puzzle("sudoku4.txt");
    struct game *g = game_new(p, NULL), *h;
    char *path = tmp_path("cursor.save"), err[512] = "", *text, *edited;

    random_move(g);
    tap_ok(g->cursor == -1, "a new game knows no cursor");
    g->cursor = 13;
    h = game_save(g, path, err, sizeof err) ? game_load(path, err, sizeof err) : NULL;
    tap_ok(h != NULL && h->cursor == 13, "the cursor saves and loads back %s", h == NULL ? err : "");
    game_free(h);
    text = read_text(path);
    tap_ok(strstr(text, "\ncursor 13\nhints ") != NULL, "as \"cursor 13\" after \"filled\"");
    edited = replace_line(text, "\ncursor ", "");
    write_text(path, edited);
    free(edited);
    h = game_load(path, err, sizeof err);
    tap_ok(h != NULL && h->cursor == -1, "a save without it (an older one) loads with none %s",
           h == NULL ? err : "");
    game_free(h);
    edited = replace_line(text, "\ncursor ", "\ncursor 16");
    write_text(path, edited);
    free(edited);
    tap_ok(game_load(path, err, sizeof err) == NULL && strstr(err, ":8: expected \"cursor CELL\" with CELL from 0 to 15") != NULL,
           "a cursor past the 16 cells is refused on its line (%s)", err);
    edited = replace_line(text, "\ncursor ", "\ncursor -1");
    write_text(path, edited);
    free(edited);
    tap_ok(game_load(path, err, sizeof err) == NULL && strstr(err, ":8: expected \"cursor N\"") != NULL,
           "so is one that is not a number (%s)", err);
    free(text);
    unlink(path);
    free(path);
    game_free(g);
    puzzle_free(p);
}

/* ---------------------------------------------------------------- who completed the grid */

/* The picker's summary of the save at path: completed, and by kakudo. */
static bool peek_completed_by(const char *path, bool *by_kakudo)
{
    struct game_summary sum;
    char err[512];
    bool completed;

    if (!game_peek(path, &sum, err, sizeof err))
        return false;
    completed = sum.completed;
    *by_kakudo = sum.by_kakudo;
    game_summary_free(&sum);
    return completed;
}

/* A grid completed by keeping the solver's solution is saved as such ("completed-by
 * kakudo"), and the picker's summary says so: it is not the player's solve. */
static void test_completed_by(void)
{
    struct puzzle *p = load_puzzle("sudoku4.txt");
    struct game *g = game_new(p, NULL), *h;
    char *path = tmp_path("by.save"), err[512] = "", *text, *edited;
    uint8_t *sol = xmalloc((size_t)p->ncells);
    const char *why;
    bool by = false, ok = true;

    if (puzzle_solve_first(p, p->given, true, sol, NULL, NULL) != SOLVE_UNIQUE)
        fatal("sudoku4.txt has no unique solution");
    tap_ok(game_set_grid(g, sol, &why) && g->completed && !g->solved
           && game_save(g, path, err, sizeof err), "the solver's solution kept completes the grid %s", err);
    text = read_text(path);
    tap_ok(strstr(text, "\ncompleted 1\ncompleted-by kakudo\nfilled ") != NULL,
           "saved with \"completed-by kakudo\" after \"completed 1\"");
    tap_ok(peek_completed_by(path, &by) && by, "the picker's summary: completed by kakudo");
    h = game_load(path, err, sizeof err);
    tap_ok(h != NULL && h->completed && !h->solved, "it loads back, not solved by the player %s",
           h == NULL ? err : "");
    game_free(h);
    /* An older save of the same (no such line) still loads, and says nothing of who. */
    edited = replace_line(text, "\ncompleted-by ", "");
    write_text(path, edited);
    free(edited);
    h = game_load(path, err, sizeof err);
    tap_ok(h != NULL && !h->solved && peek_completed_by(path, &by) && !by,
           "without the line (an older kakudo's save) it loads all the same %s", h == NULL ? err : "");
    game_free(h);
    edited = replace_line(text, "\ncompleted-by ", "\ncompleted-by me");
    write_text(path, edited);
    free(edited);
    tap_ok(game_load(path, err, sizeof err) == NULL && strstr(err, ":7: expected \"completed-by kakudo\"") != NULL,
           "another value is refused on its line (%s)", err);
    free(text);
    game_free(g);

    /* The player's own solve says nothing, and a save claiming the solver's is refused. */
    g = game_new(p, NULL);
    err[0] = '\0';
    for (int c = 0; c < p->ncells; c++)
        if (p->given[c] == 0)
            ok &= game_set(g, c, sol[c], &why);
    tap_ok(ok && g->solved && game_save(g, path, err, sizeof err) && peek_completed_by(path, &by) && !by,
           "the player's solve is saved without it %s", err);
    text = read_text(path);
    tap_ok(strstr(text, "completed-by") == NULL, "no \"completed-by\" line in it");
    edited = replace_line(text, "\ncompleted 1", "\ncompleted 1\ncompleted-by kakudo");
    write_text(path, edited);
    free(edited);
    tap_ok(game_load(path, err, sizeof err) == NULL && strstr(err, ":7: expected no \"completed-by kakudo\"") != NULL,
           "one claiming the solver's solution over the player's solve is refused (%s)", err);
    free(text);
    game_free(g);
    g = game_new(p, NULL);
    random_move(g);
    game_save(g, path, err, sizeof err);
    text = read_text(path);
    edited = replace_line(text, "\ncompleted 0", "\ncompleted 0\ncompleted-by kakudo");
    write_text(path, edited);
    free(edited);
    tap_ok(!game_peek(path, &(struct game_summary){ 0 }, err, sizeof err)
           && strstr(err, ":7: expected no \"completed-by\" line after \"completed 0\"") != NULL,
           "and one after \"completed 0\" (%s)", err);
    free(text);
    unlink(path);
    free(path);
    free(sol);
    game_free(g);
    puzzle_free(p);
}

/* A save's text quoted in an error is cut at a character's end, and the cut marked. */
static void test_quoted_cut(void)
{
    struct puzzle *p = load_puzzle("sudoku4.txt");
    struct game *g = game_new(p, NULL);
    char *path = tmp_path("quoted.save"), err[512] = "", *text, *edited, move[80] = "move ";

    random_move(g);
    game_save(g, path, err, sizeof err);
    text = read_text(path);
    for (int i = 0; i < 20; i++)
        strcat(move, "\xea\xb0\x80");      /* 60 bytes of Hangul: cut at 40 bytes */
    edited = replace_line(text, "\nposition ", "");
    free(text);
    text = xasprintf("%s%s\nposition 2\n", edited, move);
    write_text(path, text);
    tap_ok(game_load(path, err, sizeof err) == NULL && strstr(err, "cannot be made") != NULL
           && util_utf8_check((const uint8_t *)err, strlen(err)) == NULL
           && strstr(err, "\xea\xb0\x80...\" cannot") != NULL,
           "a move quoted in an error is cut at a character's end, marked (%s)", err);
    free(edited);
    free(text);
    unlink(path);
    free(path);
    game_free(g);
    puzzle_free(p);
}

/* ---------------------------------------------------------------- writes through signals */

static volatile sig_atomic_t interruptions;

static void count_interruption(int sig)
{
    (void)sig;
    interruptions++;
}

/* The byte at offset i of the written pattern (no period a short write could hide). */
static unsigned char pattern_byte(size_t i)
{
    return (unsigned char)(i * 7 + i / 251);
}

/* Reads fd to its end in small sips, a signal to the writer after each; exits 0 when every
 * byte is the pattern's and there were want of them. */
static _Noreturn void slow_reader(int fd, size_t want)
{
    unsigned char buf[512];
    size_t got = 0;
    bool same = true;
    ssize_t n;

    while ((n = read(fd, buf, sizeof buf)) != 0) {
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            _exit(2);
        for (ssize_t i = 0; i < n; i++)
            same &= buf[i] == pattern_byte(got + (size_t)i);
        got += (size_t)n;
        kill(getppid(), SIGUSR1);
    }
    _exit(same && got == want ? 0 : 1);
}

/* util_write_all, which every save and the player's writes past curses go through: a big
 * write to a pipe read slowly, interrupted over and over by a signal whose handler has no
 * SA_RESTART (as ncurses' SIGWINCH and the player's own), arrives whole and in order. */
static void test_write_through_signals(void)
{
    const size_t size = (size_t)8 << 20;
    unsigned char *buf = xmalloc(size);
    struct sigaction sa = { .sa_handler = count_interruption }, old;
    int fds[2], status = -1;
    bool written;
    pid_t pid;

    for (size_t i = 0; i < size; i++)
        buf[i] = pattern_byte(i);
    sigemptyset(&sa.sa_mask);
    sigaction(SIGUSR1, &sa, &old);      /* sa_flags 0: no SA_RESTART */
    if (pipe(fds) != 0)
        fatal("pipe: %s", strerror(errno));
    pid = fork();
    if (pid == 0) {
        close(fds[1]);
        slow_reader(fds[0], size);
    }
    close(fds[0]);
    interruptions = 0;
    written = util_write_all(fds[1], buf, size);
    close(fds[1]);
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    sigaction(SIGUSR1, &old, NULL);
    tap_ok(written && interruptions > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0,
           "8 MB written to a pipe read slowly, through %d signals, arrive whole and in order",
           (int)interruptions);
    free(buf);
}

int main(void)
{
    tu_make_tmpdir(tmpdir, sizeof tmpdir, "/tmp/kakudo-test-save.XXXXXX");
    test_long_history();
    test_history_memory();
    test_peek();
    test_planted_links();
    test_stale_temps();
    test_state_dir_checks();
    test_set_aside();
    test_newer_kept();
    test_not_a_file();
    test_too_large();
    test_failed_save_named();
    test_counters();
    test_cursor();
    test_completed_by();
    test_quoted_cut();
    test_write_through_signals();
    tu_remove_tree(tmpdir);
    return tap_done();
}
