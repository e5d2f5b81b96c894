/* tui_harness.c: forks the player on a pty, feeds its output to libvterm, waits for screens. */
#include "config.h"
#include "tui_harness.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

long th_now_ms(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

/* Terminal replies (cursor position reports and the like) go back to the program. */
static void vt_output(const char *s, size_t len, void *user)
{
    struct th *t = user;

    while (len > 0) {
        ssize_t n = write(t->fd, s, len);
        if (n <= 0)
            return;
        s += n;
        len -= (size_t)n;
    }
}

struct th *th_start(char *const argv[], const char *const env[], int rows, int cols)
{
    struct winsize ws = { .ws_row = (unsigned short)rows, .ws_col = (unsigned short)cols };
    struct th *t = calloc(1, sizeof *t);
    pid_t pid;

    if (t == NULL)
        return NULL;
    pid = forkpty(&t->fd, NULL, NULL, &ws);
    if (pid < 0) {
        free(t);
        return NULL;
    }
    if (pid == 0) {
        setenv("TERM", "xterm-256color", 1);
        setenv("LANG", "C.UTF-8", 1);
        unsetenv("LC_ALL");
        unsetenv("NO_COLOR");
        for (int i = 0; env != NULL && env[i] != NULL; i++) {
            const char *eq = strchr(env[i], '=');
            if (eq == NULL) {
                unsetenv(env[i]);
            } else {
                char name[256];
                snprintf(name, sizeof name, "%.*s", (int)(eq - env[i]), env[i]);
                setenv(name, eq + 1, 1);
            }
        }
        execv(argv[0], argv);
        fprintf(stderr, "cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    t->pid = pid;
    t->rows = rows;
    t->cols = cols;
    fcntl(t->fd, F_SETFL, fcntl(t->fd, F_GETFL) | O_NONBLOCK);
    t->vt = vterm_new(rows, cols);
    vterm_set_utf8(t->vt, 1);
    vterm_output_set_callback(t->vt, vt_output, t);
    t->screen = vterm_obtain_screen(t->vt);
    vterm_screen_enable_altscreen(t->screen, 1);
    vterm_screen_reset(t->screen, 1);
    return t;
}

void th_send_n(struct th *t, const char *keys, size_t n)
{
    while (n > 0 && !t->exited) {
        ssize_t w = write(t->fd, keys, n);
        if (w < 0 && errno == EAGAIN) {
            th_pump(t, 5);      /* let the program drain its input */
            continue;
        }
        if (w <= 0)
            return;
        keys += w;
        n -= (size_t)w;
    }
}

void th_send(struct th *t, const char *keys)
{
    th_send_n(t, keys, strlen(keys));
}

static void check_exit(struct th *t)
{
    int status;

    if (!t->exited && waitpid(t->pid, &status, WNOHANG) == t->pid) {
        t->exited = true;
        t->status = status;
    }
}

/* Reads what is there within ms; returns whether anything was read. */
static bool read_some(struct th *t, int ms)
{
    struct pollfd pfd = { .fd = t->fd, .events = POLLIN };
    char buf[8192];
    bool any = false;

    if (poll(&pfd, 1, ms) <= 0) {
        check_exit(t);
        return false;
    }
    for (;;) {
        ssize_t n = read(t->fd, buf, sizeof buf);
        if (n <= 0)
            break;
        vterm_input_write(t->vt, buf, (size_t)n);
        any = true;
    }
    vterm_screen_flush_damage(t->screen);
    if (!any)
        check_exit(t);     /* EIO: the program has closed the pty */
    if (!any && !t->exited)
        usleep(1000);
    return any;
}

void th_pump(struct th *t, int ms)
{
    long end = th_now_ms() + ms;

    while (th_now_ms() < end && !t->exited)
        read_some(t, (int)(end - th_now_ms()));
}

bool th_find(struct th *t, const char *text, int *row, int *col)
{
    char buf[4096];

    for (int r = 0; r < t->rows; r++) {
        const char *hit = strstr(th_row(t, r, buf, sizeof buf), text);
        if (hit != NULL) {
            if (row != NULL)
                *row = r;
            if (col != NULL) {
                /* Count characters, not bytes, before the hit. */
                int c = 0;
                for (const char *p = buf; p < hit; p++)
                    c += ((unsigned char)*p & 0xC0) != 0x80;
                *col = c;
            }
            return true;
        }
    }
    return false;
}

static bool wait_for(struct th *t, const char *text, bool present, int timeout_ms)
{
    long end = th_now_ms() + timeout_ms;

    for (;;) {
        if (th_find(t, text, NULL, NULL) == present) {
            /* Let the rest of the frame arrive before the caller looks at it. */
            for (int i = 0; i < 100 && read_some(t, 30); i++)
                ;
            return th_find(t, text, NULL, NULL) == present;
        }
        if (th_now_ms() >= end || t->exited)
            return th_find(t, text, NULL, NULL) == present;
        read_some(t, (int)(end - th_now_ms()) < 50 ? (int)(end - th_now_ms()) : 50);
    }
}

bool th_wait_text(struct th *t, const char *text, int timeout_ms)
{
    return wait_for(t, text, true, timeout_ms);
}

bool th_wait_gone(struct th *t, const char *text, int timeout_ms)
{
    return wait_for(t, text, false, timeout_ms);
}

static size_t put_utf8(char *out, uint32_t c)
{
    if (c < 0x80) {
        out[0] = (char)c;
        return 1;
    }
    if (c < 0x800) {
        out[0] = (char)(0xC0 | (c >> 6));
        out[1] = (char)(0x80 | (c & 0x3F));
        return 2;
    }
    if (c < 0x10000) {
        out[0] = (char)(0xE0 | (c >> 12));
        out[1] = (char)(0x80 | ((c >> 6) & 0x3F));
        out[2] = (char)(0x80 | (c & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (c >> 18));
    out[1] = (char)(0x80 | ((c >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((c >> 6) & 0x3F));
    out[3] = (char)(0x80 | (c & 0x3F));
    return 4;
}

char *th_row(struct th *t, int row, char *buf, size_t size)
{
    size_t n = 0;

    for (int c = 0; c < t->cols && n + 5 < size; c++) {
        VTermScreenCell cell;
        VTermPos pos = { .row = row, .col = c };
        if (!vterm_screen_get_cell(t->screen, pos, &cell))
            break;
        if (cell.chars[0] == (uint32_t)-1)
            continue;   /* the right half of a wide character */
        n += put_utf8(buf + n, cell.chars[0] ? cell.chars[0] : ' ');
    }
    buf[n] = '\0';
    return buf;
}

bool th_cell(struct th *t, int row, int col, VTermScreenCell *cell)
{
    VTermPos pos = { .row = row, .col = col };

    return vterm_screen_get_cell(t->screen, pos, cell) != 0;
}

int th_fg_index(struct th *t, int row, int col)
{
    VTermScreenCell cell;

    if (!th_cell(t, row, col, &cell) || VTERM_COLOR_IS_DEFAULT_FG(&cell.fg))
        return -1;
    return VTERM_COLOR_IS_INDEXED(&cell.fg) ? cell.fg.indexed.idx : -2;
}

void th_resize(struct th *t, int rows, int cols)
{
    struct winsize ws = { .ws_row = (unsigned short)rows, .ws_col = (unsigned short)cols };

    t->rows = rows;
    t->cols = cols;
    vterm_set_size(t->vt, rows, cols);
    ioctl(t->fd, TIOCSWINSZ, &ws);  /* the kernel sends SIGWINCH to the foreground group */
}

int th_wait_exit(struct th *t, int timeout_ms)
{
    long end = th_now_ms() + timeout_ms;

    while (!t->exited && th_now_ms() < end)
        read_some(t, 50);
    return t->exited ? t->status : -1;
}

void th_dump(struct th *t)
{
    char buf[4096];

    for (int r = 0; r < t->rows; r++)
        printf("# |%s|\n", th_row(t, r, buf, sizeof buf));
    fflush(stdout);
}

void th_free(struct th *t)
{
    if (t == NULL)
        return;
    if (!t->exited) {
        kill(t->pid, SIGKILL);
        waitpid(t->pid, &t->status, 0);
    }
    close(t->fd);
    vterm_free(t->vt);
    free(t);
}
