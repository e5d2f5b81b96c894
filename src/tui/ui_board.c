/* ui_board.c: the board screen: opening and resuming games, keys, checking, saving. */
#include "config.h"
#include "ui.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "solve.h"
#include "util.h"

static void refresh_conflicts(struct ui *ui)
{
    puzzle_conflicts(ui->game->puzzle, ui->game->grid, ui->conflicts);
}

static int first_empty_cell(const struct game *g)
{
    const struct puzzle *p = g->puzzle;

    for (int c = 0; c < p->ncells; c++)
        if (!p->block[c] && g->grid[c] == 0)
            return c;
    for (int c = 0; c < p->ncells; c++)
        if (!p->block[c])
            return c;
    return 0;
}

/* Makes g the game on the board (taking it) and starts its timer. */
static void board_start(struct ui *ui, struct game *g)
{
    if (ui->game != NULL && ui->game != g)
        game_free(ui->game);
    ui->game = g;
    ui->opening_moves = 0;
    free(ui->conflicts);
    free(ui->wrong);
    game_check_free(ui->check);
    ui->conflicts = xcalloc((size_t)g->puzzle->ncells, 1);
    ui->wrong = xcalloc((size_t)g->puzzle->ncells, 1);
    ui->check = NULL;
    ui->show_wrong = false;
    ui->pencil = ui->mark_next = ui->command_next = ui->paused = false;
    ui->cursor = g->cursor >= 0 ? g->cursor : first_empty_cell(g);   /* a save's, or a new game's */
    ui->geo.sy = ui->geo.sx = ui->geo.r0 = ui->geo.c0 = 0;
    ui->was_completed = g->completed;
    ui_hint_forget(ui);
    refresh_conflicts(ui);
    if (!g->completed)
        game_resume(g);
    ui->screen = UI_BOARD;
}

/* Leaves the board: back to the picker when it came from there, else out of the program. */
static void leave_board(struct ui *ui)
{
    if (ui->from_picker) {
        char *left = ui->save_path != NULL ? xstrdup(ui->save_path) : NULL;
        /* The board's messages stay with it; what closing says (a failed save) shows. */
        ui->message[0] = '\0';
        ui_board_close(ui);
        ui_picker_return(ui, left);
        free(left);
    } else {
        ui->quit = true;
    }
}

static void say_opened(struct ui *ui, const struct game *g);

static void resume_pending(struct ui *ui)
{
    struct game *g = ui->pending;

    ui->pending = NULL;
    ui->save_holds_game = true;
    board_start(ui, g);
    say_opened(ui, g);
}

/* Says that another kakudo has the puzzle open, when it has: true then. */
static bool say_busy(struct ui *ui)
{
    if (ui->save_busy)
        ui_message(ui, "This puzzle is open in another kakudo: your moves here are not saved.");
    return ui->save_busy;
}

/* The fresh game on the board stays; the save file is replaced by its first move. */
static void start_over(struct ui *ui)
{
    game_free(ui->pending);
    ui->pending = NULL;
    ui->screen = UI_BOARD;
    if (!say_busy(ui))
        ui_message(ui, "Started over: your first move replaces the saved game.");
}

/* The save file of the puzzle; NULL with the reason in err when there is no state
 * directory. */
static char *state_file(const struct puzzle *p, char *err, size_t errsize)
{
    char *dir = game_find_state_dir(err, errsize);
    char *key, *path;

    if (dir == NULL)
        return NULL;
    key = game_puzzle_key(p);
    path = xasprintf("%s/%s.save", dir, key);
    free(key);
    free(dir);
    return path;
}

/* Whether two puzzles are the same one, as saves name them: by game_puzzle_key. */
static bool same_puzzle(const struct puzzle *a, const struct puzzle *b)
{
    char *ka = game_puzzle_key(a), *kb = game_puzzle_key(b);
    bool same = strcmp(ka, kb) == 0;

    free(ka);
    free(kb);
    return same;
}

/* --- One puzzle in two players ---
 * Two kakudo playing the same puzzle would each save over the other's progress.  The
 * first to open it holds a lock on SAVE.lock while the game is on its board (a lock dies
 * with its process); another one plays the puzzle without saving, and says so. */

static char *lock_name(const char *save_path)
{
    return xasprintf("%s.lock", save_path);
}

/* Takes the lock named name: its descriptor, or -1 (*busy when another kakudo holds it).
 * Where no lock can be had (a directory not writable), -1 and not busy. */
static int take_lock(const char *name, bool *busy)
{
    *busy = false;
    for (int tries = 0; tries < 100; tries++) {
        struct stat st;
        int fd = open(name, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);

        if (fd < 0)
            return -1;
        if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
            *busy = errno == EWOULDBLOCK;
            close(fd);
            return -1;
        }
        /* Its holder let it go and removed it between our open and our lock: another. */
        if (fstat(fd, &st) == 0 && st.st_nlink == 0) {
            close(fd);
            continue;
        }
        return fd;
    }
    return -1;
}

/* Lets the lock fd of name go, and its file (removed while held: one opened meanwhile is
 * seen to have no name once locked, and made again). */
static void drop_lock(const char *name, int fd)
{
    unlink(name);
    close(fd);
}

/* Takes the lock of the save; false when another kakudo holds it.  Where no lock can be
 * had, the game plays and saves as it did without them. */
static bool save_lock_take(struct ui *ui)
{
    char *name = lock_name(ui->save_path);
    bool busy;

    ui->save_lock = take_lock(name, &busy);
    free(name);
    return !busy;
}

static void save_lock_drop(struct ui *ui)
{
    char *name;

    if (ui->save_lock < 0)
        return;
    name = lock_name(ui->save_path);
    drop_lock(name, ui->save_lock);
    free(name);
    ui->save_lock = -1;
}

bool ui_save_in_use(const char *save_path)
{
    char *name = lock_name(save_path);
    bool busy;
    int fd = take_lock(name, &busy);

    if (fd >= 0)
        drop_lock(name, fd);
    free(name);
    return busy;
}

bool ui_save_delete(const char *save_path, bool *busy, int *err)
{
    char *name = lock_name(save_path);
    int fd = take_lock(name, busy);
    bool deleted = false;

    /* Held while the save goes, so that no kakudo opens the game meanwhile and plays it
     * on, saving, from a file deleted under it. */
    if (!*busy) {
        deleted = unlink(save_path) == 0 || errno == ENOENT;
        *err = deleted ? 0 : errno;
    }
    if (fd >= 0)
        drop_lock(name, fd);
    free(name);
    return deleted;
}

/* Makes path (taken; NULL for none) the save of the game on the board, locked. */
static void set_save_path(struct ui *ui, char *path)
{
    save_lock_drop(ui);
    free(ui->save_path);
    ui->save_path = path;
    ui->save_unreadable = false;
    ui->save_holds_game = false;
    ui->save_busy = path != NULL && !save_lock_take(ui);
}

/* A load error without the save's path in front ("path:3: what" -> "line 3: what"): the
 * status line is short, and the directory is in the manual. */
static const char *without_path(const char *why, const char *path)
{
    static char buf[512];
    size_t n = strlen(path);
    long line;
    int used = 0;

    if (strncmp(why, path, n) != 0 || why[n] != ':')
        return why;
    if (sscanf(why + n, ":%ld: %n", &line, &used) == 1 && used > 0)
        snprintf(buf, sizeof buf, _("line %ld: %s"), line, why + n + used);
    else
        snprintf(buf, sizeof buf, "%s", why + n + (why[n + 1] == ' ' ? 2 : 1));
    return buf;
}

/* The reason in game_save's or game_set_aside's error, past the name of the save it starts
 * with, whole or cut ("PATH...: REASON", a long one): a status line of 80 columns has no
 * room for a path, which what is told on quitting still names. */
static const char *save_reason(const char *err, const char *path)
{
    size_t n = 0;
    const char *colon;

    while (err[n] != '\0' && err[n] == path[n])
        n++;
    if (path[n] != '\0' && strncmp(err + n, "...: ", 5) == 0)
        return err + n + 5;     /* the path cut */
    colon = path[n] == '\0' ? strstr(err + n, ": ") : NULL;
    return colon != NULL ? colon + 2 : err;
}

/* What setting the save at path aside says: why (NULL: it holds another puzzle, a save
 * that is whole, not corrupt), and the name it went to (aside) or why it could not (err). */
static void say_set_aside(struct ui *ui, const char *why, const char *aside, const char *err,
                          const char *path)
{
    const char *name = aside != NULL && strrchr(aside, '/') != NULL ? strrchr(aside, '/') + 1
                                                                  : aside;

    if (why == NULL && aside != NULL)
        ui_message(ui, "The saved game holds another puzzle; it was set aside as %s.", name);
    else if (why == NULL)
        ui_message(ui, "The saved game holds another puzzle and could not be set aside (%s); "
                       "it is kept, not saved over.", save_reason(err, path));
    else if (aside != NULL)
        ui_message(ui, "The saved game was corrupt (%s); it was moved to %s.", why, name);
    else
        ui_message(ui, "The saved game was corrupt (%s) and could not be moved (%s); "
                       "it is kept, not saved over.", why, save_reason(err, path));
}

/* A save file that does not load (why), or that holds another puzzle (why NULL): a
 * corrupt or foreign one is renamed aside (a new name each time), so it is neither lost
 * nor read again; one that only cannot be read (permissions, not a regular file) is left
 * alone.  False when the file is still at path: then the game must not be saved over it
 * (ui_board_open). */
static bool set_aside(struct ui *ui, const char *path, enum game_load_status status,
                      const char *why)
{
    char err[512];
    char *aside;
    bool moved;

    if (why != NULL)
        why = without_path(why, path);
    if (status == GAME_LOAD_UNREADABLE) {
        ui_message(ui, "Cannot read the saved game (%s); it is kept, not saved over.", why);
        return false;
    }
    aside = game_set_aside(path, err, sizeof err);
    say_set_aside(ui, why, aside, err, path);
    moved = aside != NULL;
    free(aside);
    return moved;
}

/* The board's save that did not load (why) or holds another puzzle (why NULL) is set
 * aside; one that stays where it is (unreadable,
 * or a corrupt one that could not be moved) is not to be replaced by this game.  One that
 * another kakudo holds (its lock) is that kakudo's: left alone, and the game plays without
 * saving, as say_busy has said. */
static void keep_save_unless_aside(struct ui *ui, enum game_load_status status, const char *why)
{
    if (ui->save_busy)
        return;
    if (!set_aside(ui, ui->save_path, status, why)) {
        set_save_path(ui, NULL);
        ui->save_unreadable = true;
    }
}

static int filled_cells(const struct game *g)
{
    int n = 0;

    for (int c = 0; c < g->puzzle->ncells; c++)
        n += !g->puzzle->block[c] && g->grid[c] && !g->puzzle->given[c];
    return n;
}

static int marked_cells(const struct game *g)
{
    int n = 0;

    for (int c = 0; c < g->puzzle->ncells; c++)
        n += !g->puzzle->block[c] && !g->grid[c] && g->marks[c];
    return n;
}

/* "12 cells filled, marks in 3, 4:05 played" (", the solver's solution kept" when it was) */
static void describe_progress(const struct game *g, char *buf, size_t size)
{
    int filled = filled_cells(g), marked = marked_cells(g);
    char t[32], cells[64], marks[64] = "", played[64];

    ui_format_time(game_elapsed_ms(g), t, sizeof t);
    snprintf(cells, sizeof cells, P_("%d cell filled", "%d cells filled", (unsigned long)filled),
             filled);
    if (marked > 0)
        snprintf(marks, sizeof marks, _(", marks in %d"), marked);
    snprintf(played, sizeof played, _("%s played"), t);
    snprintf(buf, size, "%s%s%s, %s", cells, marks,
             g->completed ? _(", the solver's solution kept") : "", played);
}

/* "in 0:55 with 2 hints" */
static void describe_record(const struct game *g, char *buf, size_t size)
{
    char t[32];

    ui_format_time(game_elapsed_ms(g), t, sizeof t);
    if (g->hints_used > 0)
        snprintf(buf, size, P_("in %s with %d hint", "in %s with %d hints",
                               (unsigned long)g->hints_used), t, g->hints_used);
    else
        snprintf(buf, size, _("in %s without hints"), t);
}

/* What opening a saved game says: a solved one its record, else that it goes on. */
static void say_opened(struct ui *ui, const struct game *g)
{
    char about[320];

    if (g->solved) {
        describe_record(g, about, sizeof about);
        ui_message(ui, "You solved this puzzle %s.", about);
    } else if (!say_busy(ui)) {
        ui_message(ui, "Resumed the saved game.");
    }
}

static void offer_saved_game(struct ui *ui);

/* Starting over is asked twice: the saved game is the player's work.  Keeping it comes
 * first, so Enter keeps it too. */
static void confirm_start_over(struct ui *ui)
{
    static const struct ui_choice choices[] = {
        { PREFS_DIALOG_CANCEL, N_("no, keep it"), offer_saved_game },
        { PREFS_DIALOG_YES, N_("yes, start over"), start_over },
    };
    char q[600], about[320];

    if (ui->pending->solved) {
        describe_record(ui->pending, about, sizeof about);
        snprintf(q, sizeof q, _("Play it again? Your first move replaces the solved game (%s)."),
                 about);
    } else {
        describe_progress(ui->pending, about, sizeof about);
        snprintf(q, sizeof q, _("Start over? Your first move replaces the saved game (%s)."), about);
    }
    ui_choose(ui, q, choices, 2);
}

/* Asks what to do with the saved game: resume it (or see it, if solved), start over
 * (asked again), or go back, keeping it as it is. */
static void offer_saved_game(struct ui *ui)
{
    static const struct ui_choice resume[] = {
        { PREFS_DIALOG_RESUME, N_("resume"), resume_pending },
        { PREFS_DIALOG_START_OVER, N_("start over"), confirm_start_over },
        { PREFS_DIALOG_CANCEL, N_("back"), leave_board },
    };
    static const struct ui_choice solved[] = {
        { PREFS_DIALOG_RESUME, N_("see it"), resume_pending },
        { PREFS_DIALOG_START_OVER, N_("play again"), confirm_start_over },
        { PREFS_DIALOG_CANCEL, N_("back"), leave_board },
    };
    char q[600], about[320];

    if (ui->pending->solved) {
        describe_record(ui->pending, about, sizeof about);
        snprintf(q, sizeof q, _("You solved this puzzle %s."), about);
        ui_choose(ui, q, solved, 3);
    } else {
        describe_progress(ui->pending, about, sizeof about);
        snprintf(q, sizeof q, _("This puzzle has a saved game (%s)."), about);
        ui_choose(ui, q, resume, 3);
    }
}

/* A file's name may hold controls (an escape sequence, a newline): shown as \xNN, as
 * messages quote names, not as curses' ^[ nor as a line broken in two. */
static void set_title(struct ui *ui, const char *title)
{
    free(ui->title);
    ui->title = title != NULL ? util_escape_controls(title) : NULL;
}

/* The marks a puzzle came with, as the game's move, made by the opening (not the player's
 * work to save until they do more); undo takes them away like any move. */
static void take_opening_marks(struct ui *ui, const digitset *marks)
{
    if (marks != NULL && game_take_marks(ui->game, marks, NULL))
        ui->opening_moves = ui->game->nmoves;
}

void ui_board_open(struct ui *ui, const struct puzzle *p, const struct format_style *style,
                   const char *title, const digitset *marks)
{
    struct stat st;
    enum game_load_status status;
    char err[512];
    /* A bundled puzzle has its bundled name however it was opened (from a file too). */
    char *bundled = ui_bundled_title(p);
    const char *name = bundled != NULL ? bundled : p->name != NULL ? p->name : title;

    ui_board_close(ui);
    ui->message[0] = '\0';
    set_title(ui, name);
    set_save_path(ui, state_file(p, err, sizeof err));
    board_start(ui, game_new(p, style));
    take_opening_marks(ui, marks);
    /* The save says what the puzzle was called, as the panel does. */
    if (name != NULL && name != p->name)
        puzzle_set_name(ui->game->puzzle, name);
    free(bundled);
    if (ui->save_path == NULL) {
        ui_message(ui, "No state directory (%s): progress will not be saved.", err);
        return;
    }
    say_busy(ui);
    if (stat(ui->save_path, &st) != 0)
        return;
    ui->pending = game_load_status(ui->save_path, &status, err, sizeof err);
    if (ui->pending == NULL) {
        keep_save_unless_aside(ui, status, err);
        return;
    }
    /* A save copied or renamed by hand can hold another puzzle: resumed, that game would
     * play under this one's title and be saved as this puzzle's.  It is set aside, kept. */
    if (!same_puzzle(ui->pending->puzzle, p)) {
        game_free(ui->pending);
        ui->pending = NULL;
        keep_save_unless_aside(ui, GAME_LOAD_CORRUPT, NULL);
        return;
    }
    /* A save with nothing filled in is nothing to choose about: it goes on as it was,
     * with the marks the puzzle came with. */
    if (!ui->pending->completed && filled_cells(ui->pending) == 0 && marked_cells(ui->pending) == 0) {
        resume_pending(ui);
        take_opening_marks(ui, marks);
        return;
    }
    offer_saved_game(ui);
}

bool ui_board_open_save(struct ui *ui, const char *path)
{
    char err[512];
    enum game_load_status status;
    struct game *g = game_load_status(path, &status, err, sizeof err);

    if (g == NULL) {
        set_aside(ui, path, status, err);
        return false;
    }
    ui_board_resume(ui, g, path);
    return true;
}

void ui_board_resume(struct ui *ui, struct game *g, const char *path)
{
    char *bundled;

    ui_board_close(ui);
    bundled = ui_bundled_title(g->puzzle);    /* also for a save made before it was known */
    set_title(ui, bundled != NULL ? bundled
                  : g->puzzle->name != NULL ? g->puzzle->name : _("Saved game"));
    free(bundled);
    set_save_path(ui, path != NULL ? xstrdup(path) : NULL);
    ui->save_holds_game = path != NULL;
    board_start(ui, g);
    say_opened(ui, g);
}

void ui_board_close(struct ui *ui)
{
    if (ui->game != NULL) {
        ui_board_save(ui);
        game_free(ui->game);
    }
    game_free(ui->pending);
    ui->game = ui->pending = NULL;
    set_save_path(ui, NULL);
    free(ui->conflicts);
    free(ui->wrong);
    game_check_free(ui->check);
    ui->conflicts = ui->wrong = NULL;
    ui->check = NULL;
    ui_hint_forget(ui);
}

/* Remembers a failed save, what went wrong and whether the save file still holds the game
 * as saved before (kept), to be told again after the screen is gone (tui.c), and says why
 * on the status line; a save of the same game that works later makes up for it. */
static bool note_save(struct ui *ui, bool saved, bool kept, const char *what, const char *why)
{
    const char *path = ui->save_path != NULL ? ui->save_path : "";

    if (saved) {
        ui->save_holds_game = true;
        if (strcmp(ui->failed_save, path) == 0)
            ui->failed_save[0] = ui->save_error[0] = '\0';
        return true;
    }
    /* A save that failed on its way (rename is its last step) left the one before it. */
    ui->failed_save_kept = kept;
    snprintf(ui->failed_save, sizeof ui->failed_save, "%s", path);
    snprintf(ui->save_error, sizeof ui->save_error, "%s", what);
    ui_message(ui, "Progress not saved: %s.", why);
    return false;
}

/* Whether the directory path is in is gone (removed while the game was played). */
static bool dir_gone(const char *path)
{
    char *dir = xstrdup(path), *slash = strrchr(dir, '/');
    struct stat st;
    bool gone = false;

    if (slash != NULL && slash != dir) {
        *slash = '\0';
        gone = stat(dir, &st) != 0 && errno == ENOENT;
    }
    free(dir);
    return gone;
}

/* Whether path names a file right in the state directory (not made for the asking). */
static bool in_state_dir(const char *path)
{
    char *dir = game_state_dir_name();
    size_t n = dir != NULL ? strlen(dir) : 0;
    bool in = dir != NULL && strncmp(path, dir, n) == 0 && path[n] == '/'
              && strchr(path + n + 1, '/') == NULL;

    free(dir);
    return in;
}

/* The state directory removed under the game on the board (rm -r, a clean-up): made
 * again, and the save's lock in it, so that the game is saved there rather than lost with
 * it.  Only for the state directory's save: the directory of a save named on the command
 * line (kakudo SAVE) is the user's to make, and the state directory is not made for it. */
static void remake_state_dir(struct ui *ui)
{
    char err[512];
    char *path;

    if (!in_state_dir(ui->save_path) || !dir_gone(ui->save_path))
        return;
    path = state_file(ui->game->puzzle, err, sizeof err);     /* makes the directory */
    if (path != NULL && strcmp(path, ui->save_path) == 0)
        set_save_path(ui, path);
    else
        free(path);
}

/* Whether the save file is still there, to hold the game as last saved. */
static bool save_still_there(const struct ui *ui)
{
    struct stat st;

    return ui->save_holds_game && lstat(ui->save_path, &st) == 0;
}

bool ui_board_save(struct ui *ui)
{
    char err[512], what[700];
    const char *unreadable;

    /* Nothing to keep before the player's first move or hint, nor while a resume is
     * offered. */
    if (ui->game == NULL || ui->pending != NULL
        || (ui->game->nmoves == ui->opening_moves && ui->game->hints_used == 0))
        return true;
    if (ui->save_path != NULL && !ui->save_unreadable && !ui->save_busy)
        remake_state_dir(ui);
    if (ui->save_unreadable || ui->save_busy) {
        unreadable = ui->save_busy ? _("the puzzle is open in another kakudo")
                                   : _("the saved game already there is kept, not saved over");
        return note_save(ui, false, false, unreadable, unreadable);
    }
    if (ui->save_path == NULL) {
        /* Maybe there is one by now (a directory made meanwhile); if not, say why. */
        set_save_path(ui, state_file(ui->game->puzzle, err, sizeof err));
        if (ui->save_busy)
            return ui_board_save(ui);
        if (ui->save_path == NULL) {
            snprintf(what, sizeof what, _("no state directory: %s"), err);
            return note_save(ui, false, false, what, what);
        }
    }
    ui->game->cursor = ui->cursor;      /* resuming puts it back where it was */
    if (game_save(ui->game, ui->save_path, err, sizeof err))
        return note_save(ui, true, false, NULL, NULL);
    return note_save(ui, false, save_still_there(ui), err, save_reason(err, ui->save_path));  /* err names the save */
}

void ui_board_draw(struct ui *ui)
{
    const struct ui_geometry *geo = &ui->geo;
    int need_h, need_w;

    if (!ui_view_layout(ui, LINES, COLS, &need_h, &need_w)) {
        ui_too_small_draw(need_h, need_w);
        return;
    }
    if (ui->paused) {
        char key[24], s[64];
        snprintf(s, sizeof s, _("Paused - press %s"), ui_keys_name(ui, CMD_PAUSE, key, sizeof key));
        int y = ui->geo.top + ui->geo.view_h / 2;
        int x = ui->geo.left + (ui->geo.view_w - ui_width(s)) / 2;
        ui_print(y, x < 0 ? 0 : x, COLS, s, ui_attr(ui, ROLE_MESSAGE));
    } else {
        ui_view_draw_board(ui);
    }
    ui_view_draw_panel(ui, geo->panel_top, geo->panel_left, geo->panel_h, geo->panel_w);
    ui_draw_message(ui);
}

/* The play clock runs only while the board itself is on screen and not paused: the help,
 * dialogs, the solver and a suspended program (Ctrl-Z) all stop it.  Called every turn of
 * the main loop, so no screen has to remember to stop and restart it. */
void ui_board_sync_timer(struct ui *ui)
{
    if (ui->game == NULL)
        return;
    if (ui->screen == UI_BOARD && !ui->paused)
        game_resume(ui->game);
    else
        game_pause(ui->game);
}

/* Whether every cell that takes a digit has one. */
static bool grid_full(const struct game *g)
{
    for (int c = 0; c < g->puzzle->ncells; c++)
        if (!g->puzzle->block[c] && !g->grid[c])
            return false;
    return true;
}

/* A full grid that is not the solution is told, with the key that shows where: else the
 * last digit of a wrong grid met silence, and the game looked stuck. */
static void say_full_but_wrong(struct ui *ui)
{
    char check[24];

    ui_keys_name(ui, CMD_CHECK, check, sizeof check);
    ui_message(ui, "Every cell is filled, but not all are right: %s shows the wrong ones.", check);
}

/* After every change: conflicts, completion, and the save file; false when the save
 * failed (said on the status line). */
static bool after_move(struct ui *ui)
{
    ui->show_wrong = false;
    ui_hint_forget(ui);
    refresh_conflicts(ui);
    /* Only the player's own solve is praised (the solver's kept solution says so itself). */
    if (ui->game->solved && !ui->was_completed) {
        char t[32], quit[24];
        ui_format_time(game_elapsed_ms(ui->game), t, sizeof t);
        ui_keys_name(ui, CMD_QUIT, quit, sizeof quit);
        if (ui->game->hints_used > 0)
            ui_message(ui, P_("Solved in %1$s with %2$d hint. (%3$s quits)",
                              "Solved in %1$s with %2$d hints. (%3$s quits)",
                              (unsigned long)ui->game->hints_used), t, ui->game->hints_used, quit);
        else
            ui_message(ui, "Solved in %s! Well done. (%s quits)", t, quit);
    } else if (!ui->game->completed && grid_full(ui->game)) {
        say_full_but_wrong(ui);
    }
    ui->was_completed = ui->game->completed;
    ui->opening_moves = 0;      /* the player's change: the game is theirs to keep */
    return ui_board_save(ui);
}

bool ui_board_after_move(struct ui *ui)
{
    return after_move(ui);
}

static void move_cursor(struct ui *ui, int dr, int dc)
{
    const struct puzzle *p = ui->game->puzzle;
    int r = ui->cursor / p->width + dr, c = ui->cursor % p->width + dc;

    if (r < 0 || r >= p->height || c < 0 || c >= p->width)
        return;
    ui->cursor = puzzle_index(p, r, c);
}

/* Home/End and PgUp/PgDn: to an end of the cursor's row or column (dr, dc: which way). */
static void move_cursor_to_edge(struct ui *ui, int dr, int dc)
{
    const struct puzzle *p = ui->game->puzzle;
    int r = ui->cursor / p->width, c = ui->cursor % p->width;

    if (dr != 0)
        r = dr < 0 ? 0 : p->height - 1;
    if (dc != 0)
        c = dc < 0 ? 0 : p->width - 1;
    ui->cursor = puzzle_index(p, r, c);
}

static void refused(struct ui *ui, const char *why)
{
    char t[32];

    if (ui->game->solved) {
        /* Whatever was tried: the game is over and its record stands. */
        ui_format_time(game_elapsed_ms(ui->game), t, sizeof t);
        ui_message(ui, "Solved in %s: this game is over.", t);
        return;
    }
    /* The game's reasons are marked for translation where it makes them (game.c). */
    ui_message(ui, "%s", why != NULL ? _(why) : _("That changes nothing."));
}

/* A cell the player cannot change says why instead. */
static bool check_editable(struct ui *ui)
{
    const struct puzzle *p = ui->game->puzzle;
    int c = ui->cursor;

    if (ui->game->solved) {
        refused(ui, NULL);
        return false;
    }
    if (p->block[c]) {
        ui_message(ui, "%s", p->down[c] || p->across[c] ? _("A clue cell cannot be changed.")
                                                         : _("A black cell cannot be changed."));
        return false;
    }
    if (p->given[c]) {
        ui_message(ui, "This digit is given by the puzzle and cannot be changed.");
        return false;
    }
    return true;
}

static void enter_digit(struct ui *ui, int d, bool as_mark)
{
    const char *why = NULL;
    bool ok;

    if (d > ui->game->puzzle->max_digit) {
        ui_keys_symbols_message(ui);
        return;
    }
    if (!check_editable(ui))
        return;
    if (as_mark && ui->game->grid[ui->cursor]) {
        ui_message(ui, "Erase the digit first to pencil marks in this cell.");
        return;
    }
    ok = as_mark ? game_toggle_mark(ui->game, ui->cursor, d, &why)
                 : game_set(ui->game, ui->cursor, d, &why);
    if (!ok) {
        refused(ui, why);
        return;
    }
    ui->message[0] = '\0';
    after_move(ui);
}

/* Erases what the cell shows: its digit, or else its pencil marks (one undoable move). */
static void erase_digit(struct ui *ui)
{
    const struct game *g = ui->game;
    const char *why = NULL;
    bool ok;

    if (!check_editable(ui))
        return;
    if (g->grid[ui->cursor] == 0 && g->marks[ui->cursor] != 0)
        ok = game_set_marks(ui->game, ui->cursor, 0, &why);
    else
        ok = game_erase(ui->game, ui->cursor, &why);
    if (!ok) {
        refused(ui, why);
        return;
    }
    ui->message[0] = '\0';
    after_move(ui);
}

/* Names up to six of the wrong cells ui->wrong marks, n in all. */
static void say_wrong(struct ui *ui, int n)
{
    const struct puzzle *p = ui->game->puzzle;
    char where[256] = "";
    size_t len = 0;
    int shown = 0;

    for (int c = 0; c < p->ncells && shown < 6; c++) {
        char name[PUZZLE_CELL_NAME_MAX];
        if (!ui->wrong[c])
            continue;
        len += (size_t)snprintf(where + len, sizeof where - len, "%s%s", shown ? " " : "",
                                puzzle_cell_name(p, c, name));
        shown++;
    }
    ui_message(ui, P_("%d wrong: %s%s", "%d wrong: %s%s", (unsigned long)n), n, where,
               n > shown ? " ..." : "");
    ui->show_wrong = true;
}

/* A digit is wrong only when no solution of the puzzle has it there (game_check): on a
 * puzzle of several solutions, one the first solution found lacks may be another's. */
static void check_solution(struct ui *ui)
{
    struct solve_budget budget = solve_budget_interactive(ui_search_nodes(ui));
    int wrong;

    if (ui->check == NULL)      /* made once per game: what it learns makes checks instant */
        ui->check = game_check_new(ui->game->puzzle);
    switch (game_check(ui->check, ui->game, &budget, ui->wrong, &wrong)) {
    case GAME_CHECK_RIGHT:
        ui_message(ui, "No mistakes so far.");
        break;
    case GAME_CHECK_WRONG:
        say_wrong(ui, wrong);
        break;
    case GAME_CHECK_TOGETHER:
        ui_message(ui, "Each digit fits some solution, but no solution keeps them all together.");
        break;
    case GAME_CHECK_UNSOLVABLE:
        ui_message(ui, "This puzzle has no solution, so there is nothing to check against.");
        break;
    case GAME_CHECK_GAVE_UP:
        ui_message(ui, "Gave up looking for a solution to check against: the search "
                   "took too long.");
        break;
    }
}

static void toggle_pause(struct ui *ui)
{
    if (ui->game->completed)
        return;
    ui->paused = !ui->paused;
    if (ui->paused)
        game_pause(ui->game);
    else
        game_resume(ui->game);
}

static void mouse_click(struct ui *ui)
{
    MEVENT ev;
    int cell;

    if (getmouse(&ev) != OK || ui->paused)
        return;
    if (!(ev.bstate & UI_BUTTON1_ANY))
        return;
    cell = ui_view_cell_at(ui, ev.y, ev.x);
    if (cell >= 0)
        ui->cursor = cell;
}

static void history_step(struct ui *ui, bool undo)
{
    bool ok = undo ? game_undo(ui->game) : game_redo(ui->game);

    if (!ok && ui->game->solved) {
        refused(ui, NULL);
        return;
    }
    if (!ok) {
        ui_message(ui, "%s", undo ? _("Nothing to undo.") : _("Nothing to redo."));
        return;
    }
    ui_message(ui, "%s", undo ? _("Undone.") : _("Redone."));
    after_move(ui);
}

static void run_command(struct ui *ui, enum ui_cmd cmd);

/* A key that is no command (nor a symbol) here says so, and where letters are symbols,
 * which ones and how commands are typed. */
static void unknown_key(struct ui *ui, int key)
{
    if (key >= 'a' && key <= 'z' && ui_keys_letter_symbols(ui->game->puzzle))
        ui_keys_symbols_message(ui);
    else if (key >= ' ' && key < 127) {
        char help[24];
        ui_message(ui, "Unknown key '%c': press %s for help.", key,
                   ui_keys_name(ui, CMD_HELP, help, sizeof help));
    }
}

/* The key after Alt or ':', a command whatever the board (a key that is no letter keeps
 * its own meaning: ": ?" is the help). */
static void command_key(struct ui *ui, int key)
{
    const struct puzzle *p = ui->game->puzzle;
    bool letter = (key >= 'a' && key <= 'z') || (key >= 'A' && key <= 'Z');
    enum ui_cmd cmd = ui_keys_command(p, key, true);
    char help[24];

    if (cmd == CMD_NONE && !letter && key != UI_KEY_ESC)
        cmd = ui_keys_command(p, key, false);
    if (cmd != CMD_NONE)
        run_command(ui, cmd);
    else if (key == UI_KEY_ESC)
        ui->message[0] = '\0';
    else if (key >= ' ' && key < 127)
        ui_message(ui, "No command on '%c': press %s for the keys.", key,
                   ui_keys_name(ui, CMD_HELP, help, sizeof help));
}

/* Escape: alone it cancels what is under way; Alt+digit (or Alt+capital letter where
 * letters are symbols) arrives as Escape and the key at once, a direct mark toggle, and
 * Alt+small letter as Escape and a command key. */
static void escape_key(struct ui *ui)
{
    wint_t w;
    int r;

    /* Not waited for: curses gave the Esc alone only after ESCDELAY passed with nothing
     * after it, and the key of an Alt+key, sent with it, already waits in its queue. */
    timeout(0);
    r = ui_get_key(&w);
    timeout(250);
    if (r == OK && w >= 'a' && w <= 'z') {
        command_key(ui, (int)w);
        return;
    }
    if (r == OK && ui_keys_symbol(ui->game->puzzle, (int)w) > 0) {
        enter_digit(ui, ui_keys_symbol(ui->game->puzzle, (int)w), true);
        return;
    }
    if (r == KEY_CODE_YES)
        ungetch((int)w);
    else if (r == OK)
        unget_wch(w);
    /* Esc alone cancels what is under way: a mark or command prefix, a message, a hint. */
    ui->mark_next = ui->command_next = false;
    ui->message[0] = '\0';
    ui_hint_forget(ui);
}

static void quit_board(struct ui *ui)
{
    ui_board_save(ui);
    leave_board(ui);
}

static void toggle_pencil(struct ui *ui)
{
    ui->pencil = !ui->pencil;
    ui_message(ui, "%s", ui->pencil ? _("Pencil mode: digits toggle marks.") : _("Digit mode."));
}

static void all_marks(struct ui *ui, bool fill)
{
    const char *why = NULL;

    if (fill ? game_fill_marks(ui->game, &why) : game_clear_marks(ui->game, &why)) {
        ui_message(ui, "%s", fill ? _("Filled in every candidate.") : _("Cleared all marks."));
        after_move(ui);
    } else {
        refused(ui, why);
    }
}

/* --- Starting over on the board ---
 * A game in play starts over by one move that erases the player's digits and marks, which
 * undo brings back.  A solved game takes no more moves: playing it again is a fresh game,
 * as the saved game's "play again" is, whose first move replaces the solved one. */

static void restart_game(struct ui *ui)
{
    const char *why = NULL;
    char undo[24];

    if (!game_restart(ui->game, &why)) {
        refused(ui, why);
        return;
    }
    ui_message(ui, "Started over: every digit and mark cleared (%s brings them back).",
               ui_keys_name(ui, CMD_UNDO, undo, sizeof undo));
    after_move(ui);
}

static void play_again(struct ui *ui)
{
    struct game *g = game_new(ui->game->puzzle, &ui->game->style);

    board_start(ui, g);
    ui_message(ui, "Started over: your first move replaces the saved game.");
}

static void confirm_restart(struct ui *ui)
{
    char q[600], about[320];

    if (ui->game->solved) {
        describe_record(ui->game, about, sizeof about);
        snprintf(q, sizeof q, _("Play it again? Your first move replaces the solved game (%s)."),
                 about);
        ui_confirm(ui, q, play_again, NULL);
        return;
    }
    if (game_at_start(ui->game)) {
        ui_message(ui, "Nothing to start over: the board holds only the puzzle's givens.");
        return;
    }
    describe_progress(ui->game, about, sizeof about);
    snprintf(q, sizeof q, _("Start over, clearing every digit and mark (%s)?"), about);
    ui_confirm(ui, q, restart_game, NULL);
}

/* --- Watching the solver over a game in play ---
 * Watching shows the solution: a stray w (":wq", a vim user's save and quit) must not
 * spoil a game the player has begun, so it asks first, "no" first as every question
 * does.  A board as the puzzle gave it, or a completed one, has nothing to spoil. */

static void watch_now(struct ui *ui)
{
    ui_watch_start(ui);
}

static void confirm_watch(struct ui *ui)
{
    char q[600], about[320];

    if (ui_watch_refused(ui))   /* said before asking: the answer would change nothing */
        return;
    if (ui->game->completed || game_at_start(ui->game)) {
        ui_watch_start(ui);
        return;
    }
    describe_progress(ui->game, about, sizeof about);
    snprintf(q, sizeof q, _("Watch the solver solve it? It shows the solution; your game stays as "
                            "it is (%s)."), about);
    ui_confirm(ui, q, watch_now, NULL);
}

void ui_keep_setting(struct ui *ui, const char *name, const char *value, char *why, size_t size)
{
    char err[600];

    if (why != NULL)
        why[0] = '\0';
    if (ui->opt.config_path[0] == '\0')
        return;     /* no HOME: no config file to keep it in */
    if (prefs_keep(ui->opt.config_path, name, value, err, sizeof err))
        return;
    if (why != NULL)
        snprintf(why, size, _("This setting lasts until you quit: %s."), err);
    else
        ui_message(ui, "This setting lasts until you quit: %s.", err);
}

/* The timer's toggle lasts: kept in the config file as "timer = shown|hidden". */
static void toggle_timer(struct ui *ui)
{
    ui->show_timer = !ui->show_timer;
    ui->opt.prefs.show_timer = ui->show_timer;
    ui_keep_setting(ui, "timer", ui->show_timer ? "shown" : "hidden", NULL, 0);
}

static void toggle_conflicts(struct ui *ui)
{
    ui->show_conflicts = !ui->show_conflicts;
    ui_message(ui, "%s", ui->show_conflicts ? _("Conflicts shown.") : _("Conflicts hidden."));
}

/* Whether a command works while the game is paused (the board hidden). */
static bool works_paused(enum ui_cmd cmd)
{
    return cmd == CMD_QUIT || cmd == CMD_HELP || cmd == CMD_PAUSE || cmd == CMD_TIMER
           || cmd == CMD_NEWGAME || cmd == CMD_COPY_PUZZLE;
}

/* What a key the pause stops says: how to go on, with the pause key in force. */
static void say_paused(struct ui *ui)
{
    char key[24];

    ui_message(ui, "Paused: press %s to go on.", ui_keys_name(ui, CMD_PAUSE, key, sizeof key));
}

static void run_command(struct ui *ui, enum ui_cmd cmd)
{
    char help[24];

    if (cmd != CMD_MARK)
        ui->mark_next = false;
    if (ui->paused && !works_paused(cmd)) {
        say_paused(ui);
        return;
    }
    switch (cmd) {
    case CMD_QUIT: quit_board(ui); break;
    case CMD_HELP: ui_help_open(ui); break;
    case CMD_PAUSE: toggle_pause(ui); break;
    case CMD_TIMER: toggle_timer(ui); break;
    case CMD_NEWGAME: ui_newgame_open(ui); break;
    case CMD_PENCIL: toggle_pencil(ui); break;
    case CMD_MARK:
        ui->mark_next = true;
        ui_message(ui, "Mark: which digit?");
        break;
    case CMD_FILL: all_marks(ui, true); break;
    case CMD_CLEAR: all_marks(ui, false); break;
    case CMD_UNDO: history_step(ui, true); break;
    case CMD_REDO: history_step(ui, false); break;
    case CMD_RESTART: confirm_restart(ui); break;
    case CMD_CHECK: check_solution(ui); break;
    case CMD_WATCH: confirm_watch(ui); break;
    case CMD_HINT:
        if (ui_hint_next(ui))
            after_move(ui);
        break;
    case CMD_CONFLICTS: toggle_conflicts(ui); break;
    case CMD_LEFT: move_cursor(ui, 0, -1); break;
    case CMD_DOWN: move_cursor(ui, 1, 0); break;
    case CMD_UP: move_cursor(ui, -1, 0); break;
    case CMD_RIGHT: move_cursor(ui, 0, 1); break;
    case CMD_ROW_START: move_cursor_to_edge(ui, 0, -1); break;
    case CMD_ROW_END: move_cursor_to_edge(ui, 0, 1); break;
    case CMD_COLUMN_TOP: move_cursor_to_edge(ui, -1, 0); break;
    case CMD_COLUMN_BOTTOM: move_cursor_to_edge(ui, 1, 0); break;
    case CMD_COPY_PUZZLE: ui_share_copy(ui, false); break;
    case CMD_COPY_POSITION: ui_share_copy(ui, true); break;
    case CMD_ERASE: erase_digit(ui); break;
    case CMD_ESCAPE: escape_key(ui); break;
    case CMD_PREFIX:
        ui->command_next = true;
        ui_message(ui, "Command: which key? (%s lists them, Esc cancels)",
                   ui_keys_name(ui, CMD_HELP, help, sizeof help));
        break;
    case CMD_NONE: break;
    }
}

static void board_code_key(struct ui *ui, int key)
{
    enum ui_cmd cmd;

    if (key == KEY_MOUSE) {
        mouse_click(ui);
        return;
    }
    cmd = ui_keys_code_command(key);
    /* Paused, the keys that move or change the board do nothing. */
    if (cmd == CMD_NONE || (ui->paused && !works_paused(cmd)))
        return;
    run_command(ui, cmd);
}

void ui_board_key(struct ui *ui, int key, bool is_code)
{
    const struct puzzle *p = ui->game->puzzle;
    enum ui_cmd cmd;
    int d;

    if (is_code) {
        board_code_key(ui, key);
        return;
    }
    if (ui->command_next) {
        ui->command_next = false;
        command_key(ui, key);
        return;
    }
    /* What a key does depends on the board: where letters are symbols they enter them
     * and the letter commands take Alt or ':' (ui_keys.c). */
    cmd = ui_keys_command(p, key, false);
    d = cmd == CMD_NONE && !ui->paused ? ui_keys_symbol(p, key) : 0;
    if (d > 0) {
        bool as_mark = ui->pencil || ui->mark_next;
        ui->mark_next = false;
        enter_digit(ui, d, as_mark);
        return;
    }
    if (cmd == CMD_NONE) {
        ui->mark_next = false;
        if (ui->paused)
            say_paused(ui);
        else
            unknown_key(ui, key);
        return;
    }
    run_command(ui, cmd);
}
