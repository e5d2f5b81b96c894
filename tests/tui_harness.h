/* tui_harness.h: runs the real player on a pseudo-terminal and reads its screen through libvterm. */
#ifndef KAKUDO_TUI_HARNESS_H
#define KAKUDO_TUI_HARNESS_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>
#include <vterm.h>

/* DEC private modes whose last setting th_mode reports (see th_mode). */
enum { TH_MAX_MODES = 16 };
/* How much output th_feed holds at once: the longest unfinished escape sequence (or
 * string) held back from libvterm; a longer one is passed on as it comes. */
enum { TH_MAX_HELD = 4096 };

struct th {
    pid_t pid;
    int fd;                 /* the pty master */
    int slave;              /* our own handle on the pty's slave side, to see unread input */
    VTerm *vt;
    VTermScreen *screen;
    int rows, cols;
    bool exited;
    int status;             /* waitpid status once exited */
    /* The raw output's DEC private mode settings (CSI ? Pn h / l), as the program left
     * them: libvterm keeps some of them to itself (1006) or not at all. */
    struct { int mode; bool set; } modes[TH_MAX_MODES];
    int n_modes;
    int csi_state;          /* where the mode scanner is in an escape sequence */
    int csi_param;
    int csi_params[8];
    int csi_n;
    bool sent_escape;       /* an Escape or a non-ASCII byte sent since the last settle */
    /* Output that ends inside an escape sequence or a UTF-8 character waits here for its
     * end, so that libvterm's parser is between sequences whenever the harness itself
     * speaks to it (see th_resize). */
    char held[TH_MAX_HELD];
    size_t n_held;
    int seq_state;          /* where the sequence scanner is */
    int utf8_left;          /* continuation bytes still expected */
    /* Everything the program wrote, for sequences the screen does not keep (OSC 52). */
    char *output;
    size_t output_len, output_cap;
    /* A program writing another character set (th_output_charset): the converter to
     * UTF-8, and the start of a character a read cut off, kept for the next. */
    void *conv;
    char pending[8];
    size_t n_pending;
};

/* Starts argv[0] with its arguments on a rows x cols pty; env holds "NAME=value" to set
 * and "NAME" to unset in the child (NULL-terminated, may be NULL).  NULL on failure. */
struct th *th_start(char *const argv[], const char *const env[], int rows, int cols);
/* An emulated rows x cols terminal with no program on it, fed with th_feed: for tests of
 * the harness itself.  NULL on failure. */
struct th *th_new_terminal(int rows, int cols);
/* Passes bytes to the emulated terminal as if the program had written them. */
void th_feed(struct th *t, const char *bytes, size_t n);
/* A monotonic clock in milliseconds, for the tests' own deadlines. */
long th_now_ms(void);
/* Sends bytes as if typed. */
void th_send(struct th *t, const char *keys);
void th_send_n(struct th *t, const char *keys, size_t n);
/* Reads the program's output for up to ms milliseconds (until it exits). */
void th_pump(struct th *t, int ms);
/* Whether the program is idle now: every thread asleep (its children's too), every key
 * sent read, every byte of output read (true once it has exited). */
bool th_idle(struct th *t);
/* Reads output until the program has stayed idle for a while, i.e. it has answered every
 * key and resize sent so far and finished drawing; false if that does not happen within
 * timeout_ms (a program that keeps working, as the solver animation, never settles). */
bool th_settle(struct th *t, int timeout_ms);
/* Waits until pred holds on the screen, reading output as it comes; with settle, only a
 * settled screen counts (see th_settle).  Whether pred held at the end. */
bool th_wait_until(struct th *t, bool (*pred)(struct th *t, const void *arg), const void *arg,
                   bool settle, int timeout_ms);
/* The longest any th_wait_until took so far, in milliseconds (to see how close waits come
 * to their deadlines on a slow machine). */
long th_longest_wait_ms(void);
/* Waits until text appears anywhere on the settled screen (or disappears with
 * th_wait_gone); false on timeout. */
bool th_wait_text(struct th *t, const char *text, int timeout_ms);
bool th_wait_gone(struct th *t, const char *text, int timeout_ms);
/* Waits until text appears, without waiting for the program to settle: for screens that
 * keep changing (the solver animation, a puzzle being made). */
bool th_see(struct th *t, const char *text, int timeout_ms);
/* Where text is on the screen now; false if absent. */
bool th_find(struct th *t, const char *text, int *row, int *col);
/* Row text as UTF-8 (blank cells as spaces), into buf. */
char *th_row(struct th *t, int row, char *buf, size_t size);
bool th_cell(struct th *t, int row, int col, VTermScreenCell *cell);
/* Indexed foreground colour of a cell, or -1 for the default colour. */
int th_fg_index(struct th *t, int row, int col);
/* Whether the program is still running (it may have ended since the last read). */
bool th_alive(struct th *t);
/* Resizes the pty and the emulated screen (the program gets SIGWINCH), after reading the
 * output written so far for the old size.  As st and tmux do, the scrolling region
 * becomes the whole screen again.  On a screen one column wide, a character that may be
 * two columns wide shows as '?' (libvterm 0.1.4 crashed on one). */
void th_resize(struct th *t, int rows, int cols);
/* The last setting of a DEC private mode in the program's output: 1 set, 0 reset, -1 never
 * touched (1049: alternate screen, 1000/1002/1003: mouse reports, 1006: their SGR form,
 * 25: cursor shown). */
int th_mode(const struct th *t, int mode);
/* Waits for the program to exit; its waitpid status, or -1 on timeout. */
int th_wait_exit(struct th *t, int timeout_ms);
/* Everything the program has written so far (read by the waits and pumps), NUL-ended;
 * its length in *len if len is not NULL.  th_forget_output empties it. */
const char *th_output(const struct th *t, size_t *len);
void th_forget_output(struct th *t);
/* Prints the screen as TAP comments, for failures. */
void th_dump(struct th *t);
/* Kills the program if still running, and frees everything. */
void th_free(struct th *t);
/* The program writes in charset (a locale that is not UTF-8, "EUC-KR"): its output is
 * turned into UTF-8 for the screen.  Call it before reading anything; false if iconv
 * does not know charset. */
bool th_output_charset(struct th *t, const char *charset);

#endif
