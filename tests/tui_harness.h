/* tui_harness.h: runs the real player on a pseudo-terminal and reads its screen through libvterm. */
#ifndef KAKUDO_TUI_HARNESS_H
#define KAKUDO_TUI_HARNESS_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>
#include <vterm.h>

struct th {
    pid_t pid;
    int fd;                 /* the pty master */
    VTerm *vt;
    VTermScreen *screen;
    int rows, cols;
    bool exited;
    int status;             /* waitpid status once exited */
};

/* Starts argv[0] with its arguments on a rows x cols pty; env holds "NAME=value" to set
 * and "NAME" to unset in the child (NULL-terminated, may be NULL).  NULL on failure. */
struct th *th_start(char *const argv[], const char *const env[], int rows, int cols);
/* A monotonic clock in milliseconds, for the tests' own deadlines. */
long th_now_ms(void);
/* Sends bytes as if typed. */
void th_send(struct th *t, const char *keys);
void th_send_n(struct th *t, const char *keys, size_t n);
/* Reads the program's output for up to ms milliseconds (until it exits). */
void th_pump(struct th *t, int ms);
/* Waits until text appears anywhere on the screen (or disappears with th_wait_gone);
 * false on timeout. */
bool th_wait_text(struct th *t, const char *text, int timeout_ms);
bool th_wait_gone(struct th *t, const char *text, int timeout_ms);
/* Where text is on the screen now; false if absent. */
bool th_find(struct th *t, const char *text, int *row, int *col);
/* Row text as UTF-8 (blank cells as spaces), into buf. */
char *th_row(struct th *t, int row, char *buf, size_t size);
bool th_cell(struct th *t, int row, int col, VTermScreenCell *cell);
/* Indexed foreground colour of a cell, or -1 for the default colour. */
int th_fg_index(struct th *t, int row, int col);
/* Resizes the pty and the emulated screen (the program gets SIGWINCH). */
void th_resize(struct th *t, int rows, int cols);
/* Waits for the program to exit; its waitpid status, or -1 on timeout. */
int th_wait_exit(struct th *t, int timeout_ms);
/* Prints the screen as TAP comments, for failures. */
void th_dump(struct th *t);
/* Kills the program if still running, and frees everything. */
void th_free(struct th *t);

#endif
