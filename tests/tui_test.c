/* tui_test.c: the scenario helpers the player's pty tests share (see tui_test.h). */
#include "config.h"
#include "tui_test.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Only tap_diag is used here: tap.h keeps its counters per program file, so the checks
 * themselves (tap_ok) stay in the test programs. */
#include "tap.h"

#define TT_MAX_ARGS 8
#define TT_MAX_ENV 8

const char tt_sudoku[] =
    "530070000600195000098000060800060003400803001700020006060000280000419005000080079\n";
const char tt_kakuro[] =
    "\\ 17\\ 10\\ \\\n"
    "\\16 _ _ 11\\\n"
    "\\13 _ 1 _\n"
    "\\ \\9 _ _\n";

int tt_wait_ms = 8000;

static const char *tt_bin;
static char tt_tmpdir[256];
static char tt_state_env[300];

bool tt_init(const char *name, int wait_ms)
{
    tt_bin = getenv("KAKUDO_BIN");
    if (tt_bin == NULL || access(tt_bin, X_OK) != 0) {
        printf("1..0 # SKIP KAKUDO_BIN is not set to the kakudo binary\n");
        return false;
    }
    tt_wait_ms = wait_ms;
    signal(SIGPIPE, SIG_IGN);
    snprintf(tt_tmpdir, sizeof tt_tmpdir, "/tmp/kakudo-%s-XXXXXX", name);
    if (mkdtemp(tt_tmpdir) == NULL) {
        perror("mkdtemp");
        exit(99);
    }
    snprintf(tt_state_env, sizeof tt_state_env, "XDG_STATE_HOME=%s/state", tt_tmpdir);
    return true;
}

const char *tt_dir(void)
{
    return tt_tmpdir;
}

char *tt_scratch_path(char *path, size_t size, const char *name)
{
    snprintf(path, size, "%s/%s", tt_tmpdir, name);
    return path;
}

void tt_write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");

    if (f == NULL) {
        perror(path);
        exit(99);
    }
    fputs(text, f);
    fclose(f);
}

/* rm -rf of what, reported (not fatal) when it fails. */
static void remove_tree(const char *what)
{
    char cmd[400];

    snprintf(cmd, sizeof cmd, "rm -rf '%s'", what);
    if (system(cmd) != 0)
        tap_diag("could not remove %s", what);
}

void tt_fresh_state(void)
{
    char state[300];

    snprintf(state, sizeof state, "%s/state", tt_tmpdir);
    remove_tree(state);
}

void tt_cleanup(void)
{
    remove_tree(tt_tmpdir);
}

struct th *tt_start(const char *const args[], const char *const env[], int rows, int cols)
{
    char *argv[TT_MAX_ARGS + 3];
    const char *envp[TT_MAX_ENV + 2];
    int n = 0, e = 0;
    struct th *t;

    argv[n++] = (char *)tt_bin;
    argv[n++] = (char *)"--no-timer";
    for (int i = 0; args != NULL && args[i] != NULL && i < TT_MAX_ARGS; i++)
        argv[n++] = (char *)args[i];
    argv[n] = NULL;
    envp[e++] = tt_state_env;
    for (int i = 0; env != NULL && env[i] != NULL && i < TT_MAX_ENV; i++)
        envp[e++] = env[i];
    envp[e] = NULL;
    t = th_start(argv, envp, rows, cols);
    if (t == NULL) {
        printf("Bail out! cannot start %s\n", tt_bin);
        exit(99);
    }
    return t;
}

bool tt_wait_text(struct th *t, const char *text)
{
    bool ok = th_wait_text(t, text, tt_wait_ms);

    if (!ok) {
        tap_diag("expected \"%s\" on the screen:", text);
        th_dump(t);
    }
    return ok;
}

bool tt_exited_cleanly(int status)
{
    return status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

bool tt_quit_cleanly(struct th *t)
{
    int status;

    th_send(t, "q");
    status = th_wait_exit(t, tt_wait_ms);
    if (!tt_exited_cleanly(status)) {
        tap_diag("exit status %d", status);
        th_dump(t);
        return false;
    }
    return true;
}

bool tt_cell_at(struct th *t, const char *text, int offset, VTermScreenCell *cell)
{
    int row, col;

    return th_find(t, text, &row, &col) && th_cell(t, row, col + offset, cell);
}

int tt_random_keys(struct th *t, const struct tt_monkey *m, unsigned seed, int rows, int cols)
{
    int status;

    srand(seed);
    th_pump(t, 300);
    for (int i = 0; i < m->presses; i++) {
        const char *key = m->keys[rand() % (int)m->n_keys];
        if (m->choose != NULL)
            key = m->choose(t, key);
        th_send(t, key);
        if (i % m->resize_every == 0)
            th_resize(t, 3 + rand() % 40, 5 + rand() % 100);
        if (i % m->pump_every == 0)
            th_pump(t, m->pump_ms);
    }
    th_resize(t, rows, cols);
    th_pump(t, 200);
    /* Leave whatever screen it is on: Escape closes dialogs, q quits. */
    for (int i = 0; i < 10 && !t->exited; i++) {
        th_send(t, "\033");
        th_pump(t, m->escape_ms);
        th_send(t, "q");
        th_pump(t, 200);
    }
    status = th_wait_exit(t, tt_wait_ms);
    if (!tt_exited_cleanly(status))
        th_dump(t);
    return status;
}
