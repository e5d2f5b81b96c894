/* tui_harness.c: forks the player on a pty, feeds its output to libvterm, waits for screens. */
#include "config.h"
#include "tui_harness.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <iconv.h>
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

/* The emulated terminal, rows x cols, before any program runs on it. */
static struct th *new_terminal(int rows, int cols)
{
    struct th *t = calloc(1, sizeof *t);

    if (t == NULL)
        return NULL;
    t->fd = -1;
    t->slave = -1;
    t->rows = rows;
    t->cols = cols;
    t->vt = vterm_new(rows, cols);
    vterm_set_utf8(t->vt, 1);
    vterm_output_set_callback(t->vt, vt_output, t);
    t->screen = vterm_obtain_screen(t->vt);
    vterm_screen_enable_altscreen(t->screen, 1);
    vterm_screen_reset(t->screen, 1);
    return t;
}

struct th *th_new_terminal(int rows, int cols)
{
    struct th *t = new_terminal(rows, cols);

    if (t != NULL)
        t->exited = true;   /* nothing to wait for, read or kill */
    return t;
}

struct th *th_start(char *const argv[], const char *const env[], int rows, int cols)
{
    struct winsize ws = { .ws_row = (unsigned short)rows, .ws_col = (unsigned short)cols };
    struct th *t = new_terminal(rows, cols);
    pid_t pid;

    if (t == NULL)
        return NULL;
    pid = forkpty(&t->fd, NULL, NULL, &ws);
    if (pid < 0) {
        th_free(t);
        return NULL;
    }
    if (pid == 0) {
        setenv("TERM", "xterm-256color", 1);
        setenv("LANG", "C.UTF-8", 1);
        unsetenv("LC_ALL");
        unsetenv("LC_MESSAGES");
        unsetenv("LANGUAGE");       /* C.UTF-8 would honour it: the tests read English */
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
    fcntl(t->fd, F_SETFL, fcntl(t->fd, F_GETFL) | O_NONBLOCK);
    fcntl(t->fd, F_SETFD, FD_CLOEXEC);
    /* Keys not yet read by the program wait on the slave side, where only a handle on it
     * can see them.  (Holding it also means the master never reads EIO: an exit is seen
     * by waitpid, after the last output.) */
    t->slave = open(ptsname(t->fd), O_RDWR | O_NOCTTY | O_CLOEXEC);
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

static void feed_converted(struct th *t, const char *bytes, size_t n);

/* Reads what the program wrote before it ended and no read has taken yet: its last
 * writes (the terminal's modes restored) may still be in the pty when the exit is seen,
 * above all on a busy machine, where the harness can lose the CPU between a read that
 * found nothing and waitpid.  Polling the master moves the kernel's buffered output to
 * where read finds it; the program has ended, so nothing more comes. */
static void drain_after_exit(struct th *t)
{
    char buf[8192];

    for (;;) {
        struct pollfd pfd = { .fd = t->fd, .events = POLLIN };
        ssize_t n;
        if (poll(&pfd, 1, 0) <= 0 || !(pfd.revents & POLLIN))
            break;
        n = read(t->fd, buf, sizeof buf);
        if (n <= 0)
            break;
        feed_converted(t, buf, (size_t)n);
    }
}

static void check_exit(struct th *t)
{
    int status;

    if (!t->exited && waitpid(t->pid, &status, WNOHANG) == t->pid) {
        t->exited = true;
        t->status = status;
        if (t->fd >= 0)
            drain_after_exit(t);
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

/* Where the output is in the terminal's grammar, as libvterm's parser sees it (ECMA-48 in
 * UTF-8): between sequences, or inside an escape sequence, a control sequence, a control
 * string (OSC, DCS, APC, PM, SOS: up to BEL or ST) or a UTF-8 character. */
enum { SEQ_GROUND, SEQ_ESC, SEQ_ESC_INTERMEDIATE, SEQ_CSI, SEQ_STRING, SEQ_STRING_ESC, SEQ_UTF8 };

/* The scanner's next state after byte c. */
static void seq_step(struct th *t, unsigned char c)
{
    switch (t->seq_state) {
    case SEQ_UTF8:
        if (c >= 0x80 && c < 0xc0) {
            if (--t->utf8_left == 0)
                t->seq_state = SEQ_GROUND;
            return;
        }
        t->seq_state = SEQ_GROUND;      /* a broken character ends here; c starts anew */
        break;
    case SEQ_ESC:
        if (c == '[')
            t->seq_state = SEQ_CSI;
        else if (c == ']' || c == 'P' || c == 'X' || c == '^' || c == '_')
            t->seq_state = SEQ_STRING;
        else if (c >= 0x20 && c < 0x30)
            t->seq_state = SEQ_ESC_INTERMEDIATE;
        else if (c >= 0x30 && c < 0x7f)
            t->seq_state = SEQ_GROUND;
        return;     /* controls are obeyed inside a sequence without ending it */
    case SEQ_ESC_INTERMEDIATE:
        if (c == 0x1b)
            t->seq_state = SEQ_ESC;
        else if (c >= 0x30 && c < 0x7f)
            t->seq_state = SEQ_GROUND;
        return;
    case SEQ_CSI:
        if (c == 0x1b)
            t->seq_state = SEQ_ESC;
        else if (c >= 0x40 && c < 0x7f)
            t->seq_state = SEQ_GROUND;
        return;
    case SEQ_STRING:
        if (c == 0x07)
            t->seq_state = SEQ_GROUND;
        else if (c == 0x1b)
            t->seq_state = SEQ_STRING_ESC;
        return;
    case SEQ_STRING_ESC:
        t->seq_state = c == '\\' ? SEQ_GROUND : SEQ_ESC;
        if (t->seq_state == SEQ_ESC)
            seq_step(t, c);
        return;
    default:
        break;
    }
    if (c == 0x1b) {
        t->seq_state = SEQ_ESC;
    } else if (c >= 0xc0 && c < 0xf8) {
        t->seq_state = SEQ_UTF8;
        t->utf8_left = c < 0xe0 ? 1 : c < 0xf0 ? 2 : 3;
    }
}

/* Whether libvterm may draw code point c two columns wide: all from U+1100 on, but for the
 * punctuation, arrows, operators, box drawing and shapes the player draws. */
static bool maybe_wide(uint32_t c)
{
    return c >= 0x1100 && !(c >= 0x2000 && c < 0x2300) && !(c >= 0x2500 && c < 0x25fd);
}

/* Replaces each character that may be wide in buf by a '?', in place; returns the new
 * length.  libvterm (0.1.4) writes through a null pointer when a wide character meets a
 * screen one column wide, which output for an older size brings after a resize. */
static size_t narrow_characters(char *buf, size_t n)
{
    size_t out = 0;

    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)buf[i];
        size_t len = c >= 0xf0 && c < 0xf8 ? 4 : c >= 0xe0 && c < 0xf0 ? 3 : 1;
        uint32_t cp = len == 4 ? c & 0x07u : c & 0x0fu;
        bool whole = len > 1 && i + len <= n;

        for (size_t k = 1; whole && k < len; k++) {
            whole = ((unsigned char)buf[i + k] & 0xc0) == 0x80;
            cp = cp << 6 | ((unsigned char)buf[i + k] & 0x3fu);
        }
        if (whole && maybe_wide(cp)) {
            buf[out++] = '?';
            i += len;
        } else {
            buf[out++] = buf[i++];
        }
    }
    return out;
}

/* Passes the first n held bytes, whole sequences and characters, to libvterm. */
static void pass_held(struct th *t, size_t n)
{
    size_t len = t->cols == 1 ? narrow_characters(t->held, n) : n;

    vterm_input_write(t->vt, t->held, len);
    memmove(t->held, t->held + n, t->n_held - n);
    t->n_held -= n;
}

/* Scans the held bytes from index from on, and passes those up to the last end of a
 * sequence or character to libvterm; a sequence too long to hold goes as it comes. */
static void pass_whole(struct th *t, size_t from)
{
    size_t whole = 0;

    for (size_t i = from; i < t->n_held; i++) {
        seq_step(t, (unsigned char)t->held[i]);
        if (t->seq_state == SEQ_GROUND)
            whole = i + 1;
    }
    if (whole == 0 && t->n_held == sizeof t->held)
        whole = t->n_held;
    if (whole > 0)
        pass_held(t, whole);
}

void th_feed(struct th *t, const char *bytes, size_t n)
{
    scan_modes(t, bytes, n);
    keep_output(t, bytes, n);
    while (n > 0) {
        size_t from = t->n_held, take = sizeof t->held - from;
        if (take > n)
            take = n;
        memcpy(t->held + from, bytes, take);
        t->n_held += take;
        pass_whole(t, from);
        bytes += take;
        n -= take;
    }
    vterm_screen_flush_damage(t->screen);
}

bool th_output_charset(struct th *t, const char *charset)
{
    iconv_t cd = iconv_open("UTF-8", charset);

    if (cd == (iconv_t)-1)
        return false;
    t->conv = cd;
    t->n_pending = 0;
    return true;
}

/* Output in the program's character set, as UTF-8 to th_feed: a character cut at the end
 * waits for the rest, a byte iconv cannot read becomes '?'. */
static void feed_converted(struct th *t, const char *bytes, size_t n)
{
    char in[8192 + sizeof t->pending], out[4 * sizeof in];
    char *ip = in, *op = out;
    size_t il = t->n_pending + n, ol = sizeof out;

    if (t->conv == NULL) {
        th_feed(t, bytes, n);
        return;
    }
    memcpy(in, t->pending, t->n_pending);
    memcpy(in + t->n_pending, bytes, n);
    t->n_pending = 0;
    while (il > 0) {
        if (iconv((iconv_t)t->conv, &ip, &il, &op, &ol) != (size_t)-1)
            break;
        if (errno == EINVAL && il < sizeof t->pending) {
            memcpy(t->pending, ip, il);
            t->n_pending = il;
            break;
        }
        if (ol == 0)
            break;
        *op++ = '?';
        ol--;
        ip++;
        il--;
    }
    th_feed(t, out, (size_t)(op - out));
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
        feed_converted(t, buf, (size_t)n);
        any = true;
    }
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

/* Whether the state in a /proc stat file ("tid (name) S ...") is asleep (or stopped):
 * not running, waiting for the CPU or for the disk.  The name may hold anything, so the
 * state follows the last ')'. */
static bool stat_asleep(const char *path)
{
    char stat[512];
    const char *paren;
    FILE *f = fopen(path, "r");
    size_t n;

    if (f == NULL)
        return true;        /* the thread has just ended */
    n = fread(stat, 1, sizeof stat - 1, f);
    fclose(f);
    stat[n] = '\0';
    paren = strrchr(stat, ')');
    return paren == NULL || paren[1] != ' ' || strchr("RDW", paren[2]) == NULL;
}

/* How deep threads_asleep follows children: a shell, the program, a helper of its own. */
#define TH_MAX_DEPTH 4

/* Whether every thread of pid, and of the processes it started, is asleep.  The program
 * on the pty may be a shell or a launcher that waits for the real one (as bash in the job
 * control test); kakudo itself execs kakudo-player in its own process.  Without /proc,
 * assumed asleep. */
static bool threads_asleep(pid_t pid, int depth)
{
    char path[96];
    DIR *dir;
    struct dirent *e;
    bool asleep = true;

    snprintf(path, sizeof path, "/proc/%d/task", (int)pid);
    dir = opendir(path);
    if (dir == NULL)
        return true;
    while (asleep && (e = readdir(dir)) != NULL) {
        FILE *f;
        int child;

        if (e->d_name[0] == '.')
            continue;
        snprintf(path, sizeof path, "/proc/%d/task/%.20s/stat", (int)pid, e->d_name);
        asleep = stat_asleep(path);
        if (!asleep || depth >= TH_MAX_DEPTH)
            continue;
        snprintf(path, sizeof path, "/proc/%d/task/%.20s/children", (int)pid, e->d_name);
        f = fopen(path, "r");
        if (f == NULL)
            continue;       /* no such file before Linux 3.5 (CONFIG_PROC_CHILDREN) */
        while (asleep && fscanf(f, "%d", &child) == 1)
            asleep = threads_asleep(child, depth + 1);
        fclose(f);
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
    return threads_asleep(t->pid, 0);
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

/* Makes the whole screen the scrolling region again, the cursor staying where it is.
 * libvterm (0.1.4 at least) keeps the region's top across a resize: shrunk past it, the
 * next line feed at the bottom scrolls a region of negative height and corrupts memory. */
static void reset_scrolling_region(struct th *t)
{
    char seq[64];
    VTermPos cursor;
    int n;

    vterm_state_get_cursorpos(vterm_obtain_state(t->vt), &cursor);
    n = snprintf(seq, sizeof seq, "\033[r\033[%d;%dH", cursor.row + 1, cursor.col + 1);
    vterm_input_write(t->vt, seq, (size_t)n);   /* between sequences: see pass_whole */
}

void th_resize(struct th *t, int rows, int cols)
{
    struct winsize ws = { .ws_row = (unsigned short)rows, .ws_col = (unsigned short)cols };

    read_some(t, 0);
    t->rows = rows;
    t->cols = cols;
    vterm_set_size(t->vt, rows, cols);
    reset_scrolling_region(t);
    vterm_screen_flush_damage(t->screen);
    if (t->fd >= 0)
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
    if (!t->exited && t->pid > 0) {
        kill(t->pid, SIGKILL);
        waitpid(t->pid, &t->status, 0);
    }
    if (t->fd >= 0)
        close(t->fd);
    if (t->slave >= 0)
        close(t->slave);
    if (t->conv != NULL)
        iconv_close((iconv_t)t->conv);
    vterm_free(t->vt);
    free(t->output);
    free(t);
}
