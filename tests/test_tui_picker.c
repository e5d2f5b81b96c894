/* test_tui_picker.c: the picker on a pseudo-terminal: what it shows after a game (no
 * message of the board, the game just left selected), deleting saved games, puzzle names
 * said once and alike however a puzzle is opened, and the "Open a file" prompt (which
 * says what is not a puzzle file rather than wait on a pipe). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tap.h"
#include "tui_test.h"

#define KEY_DOWN "\033OB"
#define KEY_HOME "\033OH"

/* The player on the picker, without colours (the selection is reversed). */
static struct th *start_picker(const char *home)
{
    const char *env[] = { "NO_COLOR=1", home, NULL };

    return tt_start(NULL, env, 24, 80);
}

/* A message said on the board stays there: back in the picker it is gone. */
static void test_messages_stay_on_their_screen(void)
{
    struct th *t = start_picker(NULL);

    tt_wait_text(t, "choose a puzzle");
    th_send(t, "\r");
    tt_wait_text(t, "Filled 8/16");
    th_send(t, "u");
    tap_ok(tt_wait_text(t, "Nothing to undo"), "the board says there is nothing to undo");
    th_send(t, "q");
    tap_ok(tt_wait_text(t, "choose a puzzle") && th_wait_gone(t, "Nothing to undo", tt_wait_ms),
           "back in the picker, the board's message is gone");
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
}

/* The panel says the puzzle's name once; Recent games says the size once; a bundled
 * puzzle opened as a file has its picker name. */
static void test_names(void)
{
    const char *srcdir = getenv("srcdir");
    char file[4096];
    const char *args[] = { file, NULL };
    struct th *t = start_picker(NULL);
    int n;

    tt_wait_text(t, "choose a puzzle");
    th_send(t, "\r");
    tt_wait_text(t, "Filled 8/16");
    n = tt_count_on_screen(t, "4x4");
    tap_ok(tt_wait_text(t, "Sudoku 4x4 (beginner)") && n == 1,
           "the panel names the bundled 4x4 once (4x4 is there %d times)", n);
    th_send(t, "1");
    tt_wait_text(t, "Filled 9/16");
    th_send(t, "q");
    tap_ok(tt_wait_text(t, "Recent games") && tt_wait_text(t, "Sudoku 4x4 (beginner)  ")
           && !th_find(t, "(beginner) 4x4", NULL, NULL), "Recent games says the size once");
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);

    snprintf(file, sizeof file, "%s/data/01-sudoku4-beginner.txt", srcdir != NULL ? srcdir : ".");
    tt_fresh_state();
    t = tt_start(args, NULL, 24, 80);
    tap_ok(tt_wait_text(t, "Filled 8/16") && tt_wait_text(t, "Sudoku 4x4 (beginner)"),
           "opened as a file, the bundled puzzle has the name the picker gives it");
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
}

/* Plays one digit into the bundled puzzle at index down of the picker and leaves it, back
 * in the picker: a recent game. */
static void play_one_digit(struct th *t, int down, const char *before, const char *after)
{
    th_send(t, KEY_HOME);
    for (int i = 0; i < down; i++)
        th_send(t, KEY_DOWN);
    th_send(t, "\r");
    tt_wait_text(t, before);
    th_send(t, "1");
    tt_wait_text(t, after);
    th_send(t, "q");
    tt_wait_text(t, "Recent games");
}

/* Recent games' progress stands in one column, that of the bundled puzzles' levels,
 * whatever the names' widths (it followed each name two spaces on), at 80 columns and
 * at 40. */
static void test_recent_aligned(void)
{
    static const int widths[] = { 80, 40 };

    for (size_t w = 0; w < sizeof widths / sizeof widths[0]; w++) {
        struct th *t;
        int r4, c4, r6, c6, rb, cb;
        bool found;

        tt_fresh_state();
        t = tt_start(NULL, (const char *const[]){ "NO_COLOR=1", NULL }, 24, widths[w]);
        tt_wait_text(t, "choose a puzzle");
        play_one_digit(t, 0, "Filled 8/16", "Filled 9/16");     /* 4x4: 1 of 8, 12% */
        play_one_digit(t, 1, "Filled 14/36", "Filled 15/36");   /* 6x6: 1 of 22, 4% */
        found = tt_wait_text(t, "12% done") && th_find(t, "12% done", &r4, &c4)
                && th_find(t, " 4% done", &r6, &c6) && th_find(t, "beginner", &rb, &cb);
        tap_ok(found && c4 == c6 + 1 && c4 == cb && r4 != r6 && rb < r4,
               "%d columns: recent games' progress lined up with the levels (columns %d, %d, %d)",
               widths[w], c4, c6 + 1, cb);
        tap_ok(tt_quit_cleanly(t), "q quits");
        th_free(t);
    }
}

/* A recent game's name wider than its column (38) ends in an ellipsis there (it was cut
 * bare, and read as a whole name), in ASCII "..."; its progress stays in the column. */
static void test_recent_long_name(void)
{
    static const char *const glyphs[] = { "--glyphs=unicode", "--ascii" };
    static const char *const shown[] = {
        "a-puzzle-file-whose-name-is-wider-tha\xe2\x80\xa6  ", "a-puzzle-file-whose-name-is-wider-t...  ",
    };
    char path[300];
    struct th *t;

    tt_write_file(tt_scratch_path(path, sizeof path, "a-puzzle-file-whose-name-is-wider-than-the-column.txt"),
                  ".....1.24.3.....\n");
    t = tt_start((const char *const[]){ path, NULL }, NULL, 24, 80);
    tt_wait_text(t, "Filled 5/16");
    th_send(t, "3");
    tt_wait_text(t, "Filled 6/16");
    tt_quit_cleanly(t);
    th_free(t);
    for (int i = 0; i < 2; i++) {
        char line[160];

        snprintf(line, sizeof line, "%s8%% done", shown[i]);
        t = tt_start((const char *const[]){ glyphs[i], NULL }, NULL, 24, 80);
        tap_ok(tt_wait_text(t, line), "%s: a recent game's long name ends in an ellipsis", glyphs[i]);
        tap_ok(tt_quit_cleanly(t), "q quits");
        th_free(t);
    }
}

/* After a game the picker selects it, wherever its save moved; d deletes a saved game
 * once confirmed. */
static void test_return_and_delete(void)
{
    struct th *t = start_picker(NULL);

    tt_wait_text(t, "choose a puzzle");
    th_send(t, "\r");                       /* Sudoku 4x4 */
    tt_wait_text(t, "Filled 8/16");
    th_send(t, "1");
    tt_wait_text(t, "Filled 9/16");
    th_send(t, "q");
    tap_ok(tt_wait_reversed(t, "Sudoku 4x4 (beginner)  "), "back from a game, its saved game is selected");
    th_send(t, KEY_HOME KEY_DOWN "\r");     /* Sudoku 6x6 */
    tt_wait_text(t, "Filled 14/36");
    th_send(t, "1");
    tt_wait_text(t, "Filled 15/36");
    th_send(t, "q");
    tap_ok(tt_wait_reversed(t, "Sudoku 6x6 (easy)  ") && !tt_shown_reversed(t, "Sudoku 4x4 (beginner)  "),
           "the newest game, at the top of Recent games, is selected");
    th_send(t, KEY_DOWN "\r");              /* the 4x4 again, from Recent games */
    tt_wait_text(t, "Filled 9/16");
    th_send(t, "2");
    tt_wait_text(t, "Filled 10/16");
    th_send(t, "q");
    tap_ok(tt_wait_reversed(t, "Sudoku 4x4 (beginner)  ") && !tt_shown_reversed(t, "Sudoku 6x6 (easy)  "),
           "the game just left is selected, not the one that moved into its row");

    th_send(t, "d");
    tap_ok(tt_wait_text(t, "Delete the saved game of Sudoku 4x4 (beginner)?"), "d asks before deleting");
    th_send(t, "n");
    tap_ok(th_wait_gone(t, "Delete the saved", tt_wait_ms) && tt_wait_text(t, "Sudoku 4x4 (beginner)  "),
           "n keeps it");
    th_send(t, "d");
    tt_wait_text(t, "Delete the saved game");
    th_send(t, "\r");
    tap_ok(th_wait_gone(t, "Delete the saved", tt_wait_ms) && tt_wait_text(t, "Sudoku 4x4 (beginner)  ")
           && !th_find(t, "Deleted", NULL, NULL), "Enter keeps it too: it picks \"no\", listed first");
    th_send(t, "d");
    tt_wait_text(t, "Delete the saved game");
    th_send(t, "\033");
    tap_ok(th_wait_gone(t, "Delete the saved", tt_wait_ms) && tt_wait_text(t, "Sudoku 4x4 (beginner)  ")
           && !th_find(t, "Deleted", NULL, NULL), "and so does Esc");
    th_send(t, "d");
    tt_wait_text(t, "Delete the saved game");
    th_send(t, "y");
    tap_ok(tt_wait_text(t, "Deleted the saved game") && th_wait_gone(t, "Sudoku 4x4 (beginner)  ", tt_wait_ms)
           && tt_wait_text(t, "Sudoku 6x6 (easy)  "), "y deletes it; the other stays");
    th_send(t, "\r");
    tap_ok(tt_wait_text(t, "Filled 15/36"), "the other still opens with its progress");
    th_send(t, "q");
    tt_wait_text(t, "choose a puzzle");
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
}

/* ? in the picker tells the picker's keys (how to delete a save, open a file) before
 * the board's; any key goes back to the picker. */
static void test_picker_help(void)
{
    struct th *t = start_picker(NULL);

    tt_wait_text(t, "choose a puzzle");
    th_send(t, "?");
    tap_ok(tt_wait_text(t, "kakudo - keys") && tt_wait_text(t, "In the picker")
           && tt_wait_text(t, "delete the saved game chosen") && tt_wait_text(t, "open a file by name")
           && tt_wait_text(t, "On the board"), "? in the picker shows the picker's keys first");
    th_send(t, " ");
    tap_ok(tt_wait_text(t, "choose a puzzle"), "and any key goes back to the picker");
    th_send(t, "\r");
    tt_wait_text(t, "Filled 8/16");
    th_send(t, "?");
    tap_ok(tt_wait_text(t, "kakudo - keys") && !th_find(t, "In the picker", NULL, NULL),
           "on the board, ? shows the board's keys alone");
    th_send(t, " ");
    tt_wait_text(t, "Filled 8/16");
    th_send(t, "q");
    tt_wait_text(t, "choose a puzzle");
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
}

/* "Open a file": the prompt has its lines to itself, ~ is the home directory, Tab
 * completes and lists. */
static void test_open_prompt(void)
{
    char home[400], dir[400], path[400], line[4096];
    struct th *t;

    snprintf(home, sizeof home, "HOME=%s", tt_dir());
    mkdir(tt_scratch_path(dir, sizeof dir, "puzzles"), 0700);
    tt_write_file(tt_scratch_path(path, sizeof path, "puzzles/wiki.txt"), tt_sudoku);
    tt_write_file(tt_scratch_path(path, sizeof path, "puzzles/wide.txt"), tt_sudoku);
    t = start_picker(home);
    tt_wait_text(t, "choose a puzzle");
    th_send(t, "o");
    tap_ok(tt_wait_text(t, "Tab completes") && strstr(th_row(t, 22, line, sizeof line), "quit") == NULL,
           "the prompt's line shows no footer text");
    th_send(t, "~/puz\t");
    tap_ok(tt_wait_text(t, "> ~/puzzles/"), "Tab completes a directory after ~/, with its /");
    th_send(t, "\t");
    tap_ok(tt_wait_text(t, "> ~/puzzles/wi_"), "Tab again completes as far as the names agree");
    th_send(t, "\t");
    tap_ok(tt_wait_text(t, "wide.txt  wiki.txt"), "and then lists the names to choose from");
    th_send(t, "k\t");
    tap_ok(tt_wait_text(t, "> ~/puzzles/wiki.txt"), "Tab completes a file name");
    th_send(t, "\r");
    tap_ok(tt_wait_text(t, "Filled 30/81") && tt_wait_text(t, "wiki.txt"), "Enter opens it, ~ expanded");
    th_send(t, "q");
    tt_wait_text(t, "choose a puzzle");
    th_send(t, "o~/puzzles/wide.txt\r");
    tap_ok(tt_wait_text(t, "Filled 30/81") && tt_wait_text(t, "wide.txt"), "~ typed out is expanded too");
    th_send(t, "q");
    tt_wait_text(t, "choose a puzzle");
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
}

/* What is not a puzzle file, typed at the prompt, is said on the picker, which goes on
 * answering: a named pipe no one writes to (opening it froze the player), a directory,
 * a device: the player's own terminal (reading it froze the player too, the keys typed
 * after taken for the file's lines), /dev/null. */
static void test_open_not_a_file(void)
{
    char home[400], fifo[400];
    struct th *t;

    snprintf(home, sizeof home, "HOME=%s", tt_dir());
    if (mkfifo(tt_scratch_path(fifo, sizeof fifo, "pipe"), 0600) != 0) {
        tap_ok(true, "# SKIP no named pipe here");
        return;
    }
    t = start_picker(home);
    tt_wait_text(t, "choose a puzzle");
    th_send(t, "o~/pipe\r");
    tap_ok(tt_wait_text(t, "is a pipe, not a file"), "a named pipe: said, not opened");
    th_send(t, "o~/\r");
    tap_ok(tt_wait_text(t, "a directory: expected a file of puzzles"), "a directory: said to be one");
    th_send(t, "o/dev/tty\r");
    tap_ok(tt_wait_text(t, "/dev/tty is a device, not a file"), "the terminal: said, not read");
    th_send(t, "o/dev/stdin\r");
    tap_ok(tt_wait_text(t, "/dev/stdin is a device, not a file"), "the terminal as /dev/stdin: said");
    th_send(t, "o/dev/null\r");
    tap_ok(tt_wait_text(t, "/dev/null is a device, not a file"), "/dev/null: said");
    tap_ok(tt_quit_cleanly(t), "and q still quits");
    th_free(t);
}

/* A file's name with control characters in it (an escape sequence, a newline) is shown
 * with them as \xNN, as messages quote names: on the prompt's line, in Tab's list and in
 * the board's title, where curses wrote ESC as ^[ and the newline broke the line (the
 * title ran onto the panel's next row). */
static void test_control_names(void)
{
    char home[400], path[400];
    struct th *t;

    snprintf(home, sizeof home, "HOME=%s", tt_dir());
    mkdir(tt_scratch_path(path, sizeof path, "ctl"), 0700);
    tt_write_file(tt_scratch_path(path, sizeof path, "ctl/a\033[7mq\nr.txt"), tt_sudoku);
    tt_write_file(tt_scratch_path(path, sizeof path, "ctl/a\033[7mz.txt"), tt_sudoku);
    tt_fresh_state();       /* no saved game of the puzzle to offer first */
    t = start_picker(home);
    tt_wait_text(t, "choose a puzzle");
    th_send(t, "o~/ctl/a\t");
    tap_ok(tt_wait_text(t, "> ~/ctl/a\\x1b[7m_"), "Tab completes the shared part, its ESC shown as \\x1b");
    th_send(t, "\t");
    tap_ok(tt_wait_text(t, "a\\x1b[7mq\\x0ar.txt  a\\x1b[7mz.txt"), "Tab lists the names escaped, on one line");
    th_send(t, "q\t\r");
    tap_ok(tt_wait_text(t, "Filled 30/81") && tt_wait_text(t, "a\\x1b[7mq\\x0ar.txt"),
           "the board's title shows the name escaped");
    th_send(t, "q");
    tt_wait_text(t, "choose a puzzle");
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
}

/* Tab's list of names shows whole names only, and how many more there are when the
 * line cannot hold them all. */
static void test_open_prompt_long_list(void)
{
    char home[400], dir[400], path[400], line[4096], name[64];
    struct th *t;
    bool whole = true;
    char *more;

    snprintf(home, sizeof home, "HOME=%s", tt_dir());
    mkdir(tt_scratch_path(dir, sizeof dir, "many"), 0700);
    for (int i = 10; i < 22; i++) {
        snprintf(name, sizeof name, "many/puzzle-number-%d.txt", i);
        tt_write_file(tt_scratch_path(path, sizeof path, name), tt_sudoku);
    }
    t = start_picker(home);
    tt_wait_text(t, "choose a puzzle");
    th_send(t, "o~/many/p\t");
    tt_wait_text(t, "> ~/many/puzzle-number-");
    th_send(t, "\t");
    tap_ok(tt_wait_text(t, "more)"), "Tab lists the names and says how many more there are");
    th_row(t, 22, line, sizeof line);
    more = strstr(line, "(+");
    if (more != NULL)
        *more = '\0';
    for (char *tok = strtok(line, " "); tok != NULL; tok = strtok(NULL, " "))
        if (strlen(tok) != strlen("puzzle-number-10.txt") || strncmp(tok, "puzzle-number-", 14) != 0)
            whole = false;
    tap_ok(more != NULL && whole, "and every name it shows is whole");
    th_send(t, "\033");
    tt_wait_text(t, "choose a puzzle");
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
}

/* A path of thousands of characters typed at the prompt (the line keeps its first 1023)
 * is quoted in the error as messages quote long text, its head and its length, on one
 * row: whole, it filled about four of them. */
static void test_open_long_path(void)
{
    char keys[3100], line[4096];
    struct th *t;
    int rows = 0;

    memset(keys, 'a', sizeof keys - 1);
    keys[0] = 'o';
    keys[1] = '/';
    keys[sizeof keys - 2] = '\r';
    keys[sizeof keys - 1] = '\0';
    t = start_picker(NULL);
    tt_wait_text(t, "choose a puzzle");
    th_send(t, keys);
    tap_ok(tt_wait_text(t, "/aaaaaaaaaaaaaaaaaaa... (1023 characters)"),
           "the error quotes the path's head and says how long it is");
    for (int r = 0; r < 24; r++)
        rows += strstr(th_row(t, r, line, sizeof line), "aaaaaaaaaa") != NULL;
    tap_ok(rows == 1, "on one row (%d)", rows);
    /* /dev/null by a name of 129 characters, wider than the screen */
    strcpy(keys, "o/dev/");
    for (int k = 0; k < 60; k++)
        strcat(keys, "./");
    strcat(keys, "null\r");
    th_send(t, keys);
    tap_ok(tt_wait_text(t, "/dev/./././././././.... (129 characters) is a device, not a file"),
           "a device by a long name: its name quoted the same way");
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
}

int main(void)
{
    if (!tt_init("picker", 30000))
        return 0;
    test_messages_stay_on_their_screen();
    tt_fresh_state();
    test_names();
    tt_fresh_state();
    test_return_and_delete();
    test_recent_aligned();
    tt_fresh_state();
    test_recent_long_name();
    tt_fresh_state();
    test_picker_help();
    tt_fresh_state();
    test_open_prompt();
    tt_fresh_state();
    test_open_prompt_long_list();
    tt_fresh_state();
    test_open_not_a_file();
    test_control_names();
    test_open_long_path();
    tt_cleanup();
    return tap_done();
}
