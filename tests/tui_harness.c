/* tui_harness.c: forks the player on a pty, feeds its output to libvterm, waits for screens. */
#include "config.h"
#include "tui_harness.h"

#include <ctype.h>
#include <dirent.h>
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
    fcntl(t->fd, F_SETFD, FD_CLOEXEC);
    /* Keys not yet read by the program wait on the slave side, where only a handle on it
     * can see them.  (Holding it also means the master never reads EIO: an exit is seen
     * by waitpid, after the last output.) */
    t->slave = open(ptsname(t->fd), O_RDWR | O_NOCTTY | O_CLOEXEC);
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
    for (size_t i = 0; i < n; i++)
        if (keys[i] == '\033' || (unsigned char)keys[i] >= 0x80)
            t->sent_escape = true;
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

/* Notes the DEC private mode settings in output, whatever the read boundaries: a small
 * scanner for ESC [ ? Pn ; ... h/l. */
static void note_mode(struct th *t, int mode, bool set)
{
    int i;

    for (i = 0; i < t->n_modes && t->modes[i].mode != mode; i++)
        ;
    if (i == t->n_modes) {
        if (t->n_modes == TH_MAX_MODES)
            return;
        t->n_modes++;
    }
    t->modes[i].mode = mode;
    t->modes[i].set = set;
}

enum { CSI_NONE, CSI_ESC, CSI_BRACKET, CSI_PRIVATE };

static void scan_modes(struct th *t, const char *buf, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)buf[i];
        if (c == 0x1b) {
            t->csi_state = CSI_ESC;
            continue;
        }
        switch (t->csi_state) {
        case CSI_ESC:
            t->csi_state = c == '[' ? CSI_BRACKET : CSI_NONE;
            break;
        case CSI_BRACKET:
            t->csi_state = c == '?' ? CSI_PRIVATE : CSI_NONE;
            t->csi_param = 0;
            t->csi_n = 0;
            break;
        case CSI_PRIVATE:
            if (isdigit(c)) {
                if (t->csi_param < 100000)
                    t->csi_param = t->csi_param * 10 + (c - '0');
            } else if (c == ';') {
                if (t->csi_n < 8)
                    t->csi_params[t->csi_n++] = t->csi_param;
                t->csi_param = 0;
            } else {
                if (t->csi_n < 8)
                    t->csi_params[t->csi_n++] = t->csi_param;
                for (int k = 0; (c == 'h' || c == 'l') && k < t->csi_n; k++)
                    note_mode(t, t->csi_params[k], c == 'h');
                t->csi_state = CSI_NONE;
            }
            break;
        default:
            break;
        }
    }
}

int th_mode(const struct th *t, int mode)
{
    for (int i = 0; i < t->n_modes; i++)
        if (t->modes[i].mode == mode)
            return t->modes[i].set;
    return -1;
}

/* The output kept for th_output: the last few megabytes of it (a long soak writes more). */
#define TH_OUTPUT_MAX (4u << 20)

static void keep_output(struct th *t, const char *buf, size_t n)
{
    if (t->output_len + n + 1 > TH_OUTPUT_MAX) {
        size_t drop = t->output_len < TH_OUTPUT_MAX / 2 ? t->output_len : TH_OUTPUT_MAX / 2;
        memmove(t->output, t->output + drop, t->output_len - drop);
        t->output_len -= drop;
        if (n + 1 > TH_OUTPUT_MAX - t->output_len)
            return;
    }
    if (t->output_len + n + 1 > t->output_cap) {
        size_t cap = t->output_cap ? t->output_cap : 65536;
        char *grown;
        while (cap < t->output_len + n + 1)
            cap *= 2;
        grown = realloc(t->output, cap);
        if (grown == NULL)
            return;
        t->output = grown;
        t->output_cap = cap;
    }
    memcpy(t->output + t->output_len, buf, n);
    t->output_len += n;
    t->output[t->output_len] = '\0';
}

const char *th_output(const struct th *t, size_t *len)
{
    if (len != NULL)
        *len = t->output_len;
    return t->output != NULL ? t->output : "";
}

void th_forget_output(struct th *t)
{
    t->output_len = 0;
    if (t->output != NULL)
        t->output[0] = '\0';
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
        scan_modes(t, buf, (size_t)n);
        keep_output(t, buf, (size_t)n);
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

/* Whether every thread of pid is asleep (or stopped): none running, waiting for the CPU
 * or for the disk.  Without /proc, assumed asleep. */
static bool threads_asleep(pid_t pid)
{
    char path[64];
    DIR *dir;
    struct dirent *e;
    bool asleep = true;

    snprintf(path, sizeof path, "/proc/%d/task", (int)pid);
    dir = opendir(path);
    if (dir == NULL)
        return true;
    while (asleep && (e = readdir(dir)) != NULL) {
        char stat[512];
        const char *paren;
        FILE *f;
        size_t n;

        if (e->d_name[0] == '.')
            continue;
        snprintf(path, sizeof path, "/proc/%d/task/%.20s/stat", (int)pid, e->d_name);
        f = fopen(path, "r");
        if (f == NULL)
            continue;       /* the thread has just ended */
        n = fread(stat, 1, sizeof stat - 1, f);
        fclose(f);
        stat[n] = '\0';
        /* "tid (name) S ...": the name may hold anything, so the state follows the last ')'. */
        paren = strrchr(stat, ')');
        if (paren != NULL && paren[1] == ' ')
            asleep = strchr("RDW", paren[2]) == NULL;
    }
    closedir(dir);
    return asleep;
}

bool th_idle(struct th *t)
{
    struct pollfd pfd[2] = { { .fd = t->fd, .events = POLLIN }, { .fd = t->slave, .events = POLLIN } };

    check_exit(t);
    if (t->exited)
        return true;
    /* Polling the slave first moves keys still in the kernel's buffers to where the
     * program reads them, so a key just written counts as unread. */
    if (poll(pfd, t->slave >= 0 ? 2 : 1, 0) > 0
        && ((pfd[0].revents & POLLIN) || (t->slave >= 0 && (pfd[1].revents & POLLIN))))
        return false;
    return threads_asleep(t->pid);
}

/* How long the program must stay idle to count as settled.  Not a guess at its speed: a
 * program slowed down by a busy machine is waiting for the CPU, which is not idle.  After
 * an Escape or a byte of a UTF-8 character it covers the program's own short sleeps before
 * it answers (ncurses waits 25 ms for the rest of an escape sequence, the board 30 ms for
 * an Alt-digit, the player 50 ms for the rest of a character); the quiet time is counted
 * from the first idle sight, after such a sleep began.  Otherwise two looks suffice. */
#define TH_QUIET_MS 20
#define TH_QUIET_AFTER_ESCAPE_MS 80

bool th_settle(struct th *t, int timeout_ms)
{
    long end = th_now_ms() + timeout_ms, quiet_since = -1;
    int quiet_ms = t->sent_escape ? TH_QUIET_AFTER_ESCAPE_MS : TH_QUIET_MS;

    for (;;) {
        bool output = read_some(t, 10);

        if (t->exited)
            return true;
        if (output || !th_idle(t))
            quiet_since = -1;
        else if (quiet_since < 0)
            quiet_since = th_now_ms();
        else if (th_now_ms() - quiet_since >= quiet_ms) {
            t->sent_escape = false;
            return true;
        }
        if (th_now_ms() >= end)
            return false;
    }
}

static long longest_wait_ms;

long th_longest_wait_ms(void)
{
    return longest_wait_ms;
}

static bool wait_until(struct th *t, bool (*pred)(struct th *t, const void *arg), const void *arg,
                       bool settle, long end)
{
    for (;;) {
        long left = end - th_now_ms();
        /* Settled first, so a key sent just before is answered before the screen is
         * judged: the text looked for may be there already, from before the key. */
        if (settle && !t->exited)
            th_settle(t, left > 0 ? (int)left : 0);
        if (pred(t, arg))
            return true;
        if (th_now_ms() >= end || t->exited)
            return false;
        if (!settle)
            read_some(t, 20);
    }
}

bool th_wait_until(struct th *t, bool (*pred)(struct th *t, const void *arg), const void *arg,
                   bool settle, int timeout_ms)
{
    long start = th_now_ms();
    bool ok = wait_until(t, pred, arg, settle, start + timeout_ms);

    if (ok && th_now_ms() - start > longest_wait_ms)
        longest_wait_ms = th_now_ms() - start;
    return ok;
}

static bool text_present(struct th *t, const void *text)
{
    return th_find(t, text, NULL, NULL);
}

static bool text_absent(struct th *t, const void *text)
{
    return !th_find(t, text, NULL, NULL);
}

bool th_wait_text(struct th *t, const char *text, int timeout_ms)
{
    return th_wait_until(t, text_present, text, true, timeout_ms);
}

bool th_wait_gone(struct th *t, const char *text, int timeout_ms)
{
    return th_wait_until(t, text_absent, text, true, timeout_ms);
}

bool th_see(struct th *t, const char *text, int timeout_ms)
{
    return th_wait_until(t, text_present, text, false, timeout_ms);
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

bool th_alive(struct th *t)
{
    check_exit(t);
    return !t->exited;
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
    if (t->slave >= 0)
        close(t->slave);
    vterm_free(t->vt);
    free(t->output);
    free(t);
}
