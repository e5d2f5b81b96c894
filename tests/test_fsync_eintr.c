/* test_fsync_eintr.c: a save and the config are written whole when a signal interrupts
 * their fsync (EINTR), as when their writes are interrupted.  This program defines fsync
 * itself, so the core linked in calls it: each file's first two calls fail with EINTR. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "format.h"
#include "game.h"
#include "prefs.h"
#include "tap.h"
#include "test_util.h"
#include "util.h"

static int interrupted, calls_this_file;

/* fsync as a signal arriving while the disk catches up makes it: EINTR twice, then the
 * real call. */
int fsync(int fd)
{
    if (calls_this_file++ < 2) {
        interrupted++;
        errno = EINTR;
        return -1;
    }
    return (int)syscall(SYS_fsync, fd);
}

static void test_save(const char *dir)
{
    char *path = xasprintf("%s/game.save", dir), err[600] = "";
    struct format_error ferr;
    struct puzzle *p = format_load(tap_data_path("game/sudoku4.txt"), FORMAT_AUTO, NULL, &ferr);
    struct game *g = p != NULL ? game_new(p, NULL) : NULL;
    struct game *back;
    bool saved;

    if (g == NULL) {
        tap_ok(false, "the 4x4 loads");
        return;
    }
    game_set(g, 0, 3, NULL);
    calls_this_file = interrupted = 0;
    saved = game_save(g, path, err, sizeof err);
    back = saved ? game_load(path, err, sizeof err) : NULL;
    tap_ok(saved && back != NULL && back->grid[0] == 3 && interrupted >= 2,
           "a save whose fsync is interrupted twice is written and loads (%d interruptions%s%s)",
           interrupted, err[0] ? ": " : "", err);
    game_free(back);
    game_free(g);
    puzzle_free(p);
    free(path);
}

static void test_config(const char *dir)
{
    char *path = xasprintf("%s/config", dir), err[600] = "", *text;
    bool kept;

    calls_this_file = interrupted = 0;
    kept = prefs_keep(path, "timer", "hidden", err, sizeof err);
    text = tu_read_file(path, NULL);
    tap_ok(kept && text != NULL && strcmp(text, "timer = hidden\n") == 0 && interrupted >= 2,
           "the config kept when its fsync is interrupted twice (%d interruptions%s%s)",
           interrupted, err[0] ? ": " : "", err);
    free(text);
    free(path);
}

int main(void)
{
    char dir[64];

    tu_make_tmpdir(dir, sizeof dir, "/tmp/kakudo-test-fsync.XXXXXX");
    test_save(dir);
    test_config(dir);
    tu_remove_tree(dir);
    return tap_done();
}
