/* test_tui_ko.c: the player in Korean (LANG=ko_KR.UTF-8 from tests/locpath, po/ko.po from
 * tests/locale) on a pseudo-terminal: the picker, its help, the board's panel and footer,
 * a dialog, the new-game form, the hint page and "too small" speak Korean, line up in
 * display columns (Hangul is two wide), stay inside their boxes, wrap between words, and
 * no character is cut. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tap.h"
#include "tui_test.h"

#define KEY_DOWN "\033OB"
#define KEY_HOME "\033OH"

static char lang_env[] = "LANG=ko_KR.UTF-8";
static char locpath_env[4200];

/* Whether the Korean locale and catalogue are there to test with. */
static bool korean_available(char *why, size_t size)
{
    const char *locpath = getenv("KAKUDO_LOCPATH"), *localedir = getenv("KAKUDO_LOCALEDIR");
    char path[4096];
    struct stat st;

    snprintf(path, sizeof path, "%s/ko_KR.UTF-8/LC_CTYPE", locpath != NULL ? locpath : "");
    if (locpath == NULL || stat(path, &st) != 0) {
        snprintf(why, size, "no ko_KR.UTF-8 locale under KAKUDO_LOCPATH (localedef failed?)");
        return false;
    }
    snprintf(path, sizeof path, "%s/ko/LC_MESSAGES/kakudo.mo", localedir != NULL ? localedir : "");
    if (localedir == NULL || stat(path, &st) != 0) {
        snprintf(why, size, "no Korean catalogue under KAKUDO_LOCALEDIR (built without NLS?)");
        return false;
    }
    snprintf(locpath_env, sizeof locpath_env, "LOCPATH=%s", locpath);
    return true;
}

static struct th *start_ko(const char *const args[], int rows, int cols)
{
    const char *env[] = { lang_env, locpath_env, "NO_COLOR=1", NULL };

    return tt_start(args, env, rows, cols);
}

/* Where text is on rows from..to of the screen, its column counted in screen cells (a
 * Hangul syllable takes two); false if absent. */
static bool find_cell_in(struct th *t, const char *text, int from, int to, int *row, int *col)
{
    for (int r = from; r <= to && r < t->rows; r++) {
        char buf[4096];
        int starts[1024], n = 0;
        size_t len = 0;

        /* The row as UTF-8, with the cell where each byte's character starts. */
        for (int c = 0; c < t->cols && len + 5 < sizeof buf; c++) {
            VTermScreenCell cell;
            uint32_t ch;
            char u[5];
            int k;
            if (!th_cell(t, r, c, &cell) || cell.chars[0] == (uint32_t)-1)
                continue;
            ch = cell.chars[0] ? cell.chars[0] : ' ';
            k = ch < 0x80 ? (u[0] = (char)ch, 1)
                : ch < 0x800 ? (u[0] = (char)(0xC0 | ch >> 6), u[1] = (char)(0x80 | (ch & 0x3F)), 2)
                : ch < 0x10000 ? (u[0] = (char)(0xE0 | ch >> 12), u[1] = (char)(0x80 | (ch >> 6 & 0x3F)),
                                  u[2] = (char)(0x80 | (ch & 0x3F)), 3)
                : (u[0] = (char)(0xF0 | ch >> 18), u[1] = (char)(0x80 | (ch >> 12 & 0x3F)),
                   u[2] = (char)(0x80 | (ch >> 6 & 0x3F)), u[3] = (char)(0x80 | (ch & 0x3F)), 4);
            for (int i = 0; i < k && n < 1024; i++) {
                buf[len++] = u[i];
                starts[n++] = c;
            }
        }
        buf[len] = '\0';
        const char *hit = strstr(buf, text);
        if (hit != NULL && hit - buf < n) {
            *row = r;
            *col = starts[hit - buf];
            return true;
        }
    }
    return false;
}

/* The column of the first letter on row from column col on (past spaces and the '<' of
 * the field chosen), or -1. */
static int value_after(struct th *t, int row, int col)
{
    for (; col < t->cols; col++) {
        VTermScreenCell cell;
        if (th_cell(t, row, col, &cell) && cell.chars[0] > ' ' && cell.chars[0] != '<')
            return col;
    }
    return -1;
}

static bool find_cell(struct th *t, const char *text, int *row, int *col)
{
    return find_cell_in(t, text, 0, t->rows - 1, row, col);
}

/* The screen is sane (no U+FFFD from a cut character, nothing unprintable) and holds no
 * '?' that stands for a cut character: one right before or after a Hangul syllable. */
static bool whole_characters(struct th *t, const char *where)
{
    char why[512];

    if (!tt_screen_sane(t, why, sizeof why)) {
        tap_diag("%s: %s", where, why);
        th_dump(t);
        return false;
    }
    for (int r = 0; r < t->rows; r++)
        for (int c = 0; c + 1 < t->cols; c++) {
            VTermScreenCell a, b;
            if (!th_cell(t, r, c, &a) || !th_cell(t, r, c + 1, &b))
                continue;
            if ((a.chars[0] == '?' && b.chars[0] >= 0xAC00 && b.chars[0] <= 0xD7A3 && c > 0)
                || (b.chars[0] == '?' && a.chars[0] == (uint32_t)-1 && c + 2 < t->cols)) {
                VTermScreenCell n;
                /* "? 도움말" is the help key; a cut character has no space beside it. */
                if (a.chars[0] == '?' && th_cell(t, r, c - 1, &n) && n.chars[0] == ' ')
                    continue;
                if (b.chars[0] == '?' && th_cell(t, r, c + 2, &n) && n.chars[0] == ' ')
                    continue;
                tap_diag("%s: a '?' against Hangul at row %d, column %d", where, r + 1, c + 1);
                th_dump(t);
                return false;
            }
        }
    return true;
}

/* Whether the cells of column col on rows top..bottom all hold the same character (a
 * dialog's right border, which text must not overwrite). */
static bool column_is(struct th *t, int col, int top, int bottom, uint32_t ch)
{
    for (int r = top; r <= bottom; r++) {
        VTermScreenCell cell;
        if (!th_cell(t, r, col, &cell) || cell.chars[0] != ch) {
            tap_diag("row %d, column %d: U+%04X, not U+%04X", r + 1, col + 1,
                     (unsigned)cell.chars[0], (unsigned)ch);
            th_dump(t);
            return false;
        }
    }
    return true;
}

static void test_picker_and_help(void)
{
    struct th *t = start_ko(NULL, 24, 80);
    int r1, c1, r2, c2;
    bool found;

    tap_ok(tt_wait_text(t, "kakudo - 퍼즐 고르기"), "the picker's title in Korean");
    tap_ok(tt_wait_text(t, "위/아래 고르기  Enter 열기"), "the picker's footer in Korean");
    tap_ok(tt_wait_text(t, "새 게임 또는 파일") && tt_wait_text(t, "파일 열기..."),
           "sections and items in Korean");
    tap_ok(tt_wait_text(t, "\xe2\x86\x93 ") && tt_wait_text(t, "개 더"),
           "the bundled puzzles' window says in Korean how many more lie below");
    tap_ok(whole_characters(t, "picker"), "picker: no character cut");
    /* Bundled rows: the (translated) level's column starts at the same cell on every row. */
    tap_ok(find_cell(t, "입문", &r1, &c1) && find_cell(t, "전문가", &r2, &c2) && c1 == c2 && r1 != r2,
           "bundled puzzles' levels in Korean, lined up");
    th_send(t, "?");
    tap_ok(tt_wait_text(t, "퍼즐 고르기 화면에서"), "the help from the picker, in Korean");
    /* The keys of "화살표, j k" are double width: the words after them must still start
     * in the column of the other lines' words. */
    c1 = c2 = -1;
    found = find_cell(t, "고르기 (마우스 휠도)", &r1, &c1) && find_cell(t, "처음이나 마지막", &r2, &c2);
    tap_ok(found && c1 == c2,
           "help: words after double-width keys line up with the others (columns %d, %d)", c1, c2);
    tap_ok(tt_wait_text(t, "이동") && tt_wait_text(t, "커서를 옮깁니다"), "the board's keys in Korean");
    tap_ok(whole_characters(t, "help"), "help: no character cut");
    th_send(t, "x");
    tap_ok(tt_wait_text(t, "kakudo - 퍼즐 고르기"), "any key goes back");
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
}

/* Recent games' progress in Korean stands in the column of the bundled levels, counted in
 * screen cells, at 80 columns and at 40. */
static void test_recent_aligned(void)
{
    static const int widths[] = { 80, 40 };

    for (size_t w = 0; w < sizeof widths / sizeof widths[0]; w++) {
        struct th *t = start_ko(NULL, 24, widths[w]);
        int r4 = -1, c4 = -1, r6 = -1, c6 = -1, rb = -1, cb = -1;
        bool found;

        tt_wait_text(t, "kakudo - 퍼즐 고르기");
        th_send(t, "\r");                       /* Sudoku 4x4: 1 digit of 8, 12% */
        tt_wait_text(t, "채움 8/16");
        th_send(t, "1");
        tt_wait_text(t, "채움 9/16");
        th_send(t, "q");
        tt_wait_text(t, "최근 게임");
        th_send(t, KEY_HOME KEY_DOWN "\r");     /* Sudoku 6x6: 1 digit of 22, 4% */
        tt_wait_text(t, "채움 14/36");
        th_send(t, "1");
        tt_wait_text(t, "채움 15/36");
        th_send(t, "q");
        tt_wait_text(t, "12% 완료");
        found = find_cell(t, "12% 완료", &r4, &c4) && find_cell(t, " 4% 완료", &r6, &c6)
                && find_cell(t, "입문", &rb, &cb);
        tap_ok(found && c4 == c6 + 1 && c4 == cb && rb < r4,
               "%d columns: recent games' progress lined up with the levels in Korean "
               "(cells %d, %d, %d)", widths[w], c4, c6 + 1, cb);
        tap_ok(tt_quit_cleanly(t), "q quits");
        th_free(t);
        tt_fresh_state();
    }
}

static void test_board_dialog_and_hint(void)
{
    struct th *t = start_ko(NULL, 24, 80);
    int row, col, top, bottom;

    tt_wait_text(t, "kakudo - 퍼즐 고르기");
    th_send(t, "\r");
    tap_ok(tt_wait_text(t, "모드: 숫자") && tt_wait_text(t, "채움 "), "the board's panel in Korean");
    tap_ok(tt_wait_text(t, "스도쿠 4x4 (입문)") && !th_find(t, "Sudoku", NULL, NULL),
           "the panel names the bundled puzzle once, in Korean: its kind, size and level");
    tap_ok(tt_wait_text(t, "메모") && tt_wait_text(t, "힌트"), "the footer's keys in Korean");
    tap_ok(whole_characters(t, "board"), "board: no character cut");
    th_send(t, "f");
    tap_ok(tt_wait_text(t, "모든 후보 숫자를 채웠습니다."), "a status message in Korean");
    th_send(t, "i");
    tap_ok(tt_wait_text(t, "힌트 1/5") && tt_wait_text(t, "i: 어떤 기법"), "the hint page's frame in Korean");
    th_send(t, "i");
    tap_ok(tt_wait_text(t, "힌트 2/5: ") && tt_wait_text(t, "i: 패턴 보기"), "the next rung in Korean");
    tap_ok(whole_characters(t, "hint"), "hint page: no character cut");
    tt_send_settled(t, "\033");
    th_send(t, "q");
    tt_wait_text(t, "kakudo - 퍼즐 고르기");
    tap_ok(tt_wait_text(t, "스도쿠 4x4 (입문)  ") && !th_find(t, "(입문) 4x4", NULL, NULL),
           "Recent games says the size once in Korean too");
    /* The game left is selected in Recent games; the bundled puzzle, opened again, has a
     * saved game to ask about. */
    tt_send_settled(t, "\033OH");
    th_send(t, "\r");
    tap_ok(tt_wait_text(t, "이 퍼즐에는 저장된 게임이 있습니다") && tt_wait_text(t, "r: 이어 하기"),
           "the saved-game dialog in Korean");
    tap_ok(whole_characters(t, "dialog"), "dialog: no character cut");
    /* The box's right border: the corner above the question, then the same column down to
     * the corner below the answers, untouched by the text. */
    if (find_cell(t, "┐", &top, &col) && find_cell(t, "┘", &bottom, &row) && row == col) {
        tap_ok(column_is(t, col, top + 1, bottom - 1, 0x2502), "dialog: the text stays inside its box");
    } else {
        tap_ok(false, "dialog: its box's corners not found");
        th_dump(t);
    }
    /* At 30x10 the start-over question wraps whole, its answers below it. */
    th_resize(t, 10, 30);
    th_send(t, "s");
    tap_ok(tt_wait_text(t, "대신합니다.") && tt_wait_text(t, "y: 예, 처음부터")
           && tt_wait_text(t, "Esc: 아니요, 그대로"), "30x10: the start-over question whole, and its answers");
    tap_ok(whole_characters(t, "30x10 dialog"), "30x10 dialog: no character cut");
    th_send(t, "\033");
    th_resize(t, 24, 80);
    tt_wait_text(t, "r: 이어 하기");
    th_send(t, "\033");
    tap_ok(tt_wait_text(t, "kakudo - 퍼즐 고르기"), "Esc goes back to the picker");
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
}

/* Selects the picker's row holding text with the Down key; false if none does. */
static bool select_row(struct th *t, const char *text)
{
    for (int i = 0; i < 60 && !tt_shown_reversed(t, text); i++)
        tt_send_settled(t, KEY_DOWN);
    return tt_wait_reversed(t, text);
}

/* The bundled puzzles' kinds are in Korean wherever their names are made of kind, size and
 * level, as their levels are: the picker's rows, the board's title, Recent games, a game
 * saved in English too. */
static void test_kind_names(void)
{
    struct th *t = tt_start(NULL, NULL, 24, 80);

    tt_wait_text(t, "kakudo - choose a puzzle");
    th_send(t, "\r");                           /* Sudoku 4x4 */
    tt_wait_text(t, "Filled 8/16");
    th_send(t, "1");
    tt_wait_text(t, "Filled 9/16");
    th_send(t, "q");
    tap_ok(tt_wait_text(t, "Sudoku 4x4 (beginner)  "), "a game saved in English");
    tt_quit_cleanly(t);
    th_free(t);

    t = start_ko(NULL, 24, 80);
    tap_ok(tt_wait_text(t, "최근 게임") && tt_wait_text(t, "스도쿠 4x4 (입문)  ")
           && !th_find(t, "Sudoku", NULL, NULL) && !th_find(t, "beginner", NULL, NULL),
           "Recent games names it in Korean, its kind and its level");
    tap_ok(tt_wait_text(t, "스도쿠 6x6") && !th_find(t, "Sudoku", NULL, NULL),
           "the bundled puzzles' rows name their kinds in Korean");
    tap_ok(select_row(t, "킬러 직소 9x9") && !th_find(t, "Killer", NULL, NULL),
           "Killer Jigsaw 9x9 too: 킬러 직소 9x9");
    th_send(t, "\r");
    tap_ok(tt_wait_text(t, "모드: 숫자") && tt_wait_text(t, "킬러 직소 9x9 (보통)")
           && !th_find(t, "Killer", NULL, NULL),
           "the board's title names it in Korean, its kind, size and level");
    tap_ok(whole_characters(t, "Killer Jigsaw's board"), "its board: no character cut");
    th_send(t, "q");
    tap_ok(tt_wait_text(t, "kakudo - 퍼즐 고르기") && tt_quit_cleanly(t), "q goes back, and quits");
    th_free(t);
}

/* A new game's name says its kind and its level in Korean: "스도쿠 9x9 보통 #2" (seed 2:
 * seed 1 makes the bundled 9x9 Medium, called by its bundled name). */
static void test_new_game_name(void)
{
    const char *env[] = { lang_env, locpath_env, "NO_COLOR=1", "KAKUDO_SEED=2", NULL };
    struct th *t = tt_start(NULL, env, 24, 80);

    tt_wait_text(t, "kakudo - 퍼즐 고르기");
    th_send(t, "n");
    tt_wait_text(t, "난이도");
    th_send(t, KEY_DOWN KEY_DOWN "\033[C\r");     /* Level: Medium */
    tap_ok(tt_wait_text(t, "모드: 숫자") && tt_wait_text(t, "스도쿠 9x9 보통 #2")
           && !th_find(t, "Medium", NULL, NULL), "a new game is named in Korean, its level too");
    th_send(t, "q");
    tap_ok(tt_wait_text(t, "kakudo - 퍼즐 고르기") && tt_quit_cleanly(t), "q goes back, and quits");
    th_free(t);
}

static void test_new_game_form(void)
{
    struct th *t = start_ko(NULL, 24, 80);
    int r1, c1, r2, c2, r3, c3;
    bool found;

    tt_wait_text(t, "kakudo - 퍼즐 고르기");
    th_send(t, "n");
    tap_ok(tt_wait_text(t, "새 게임") && tt_wait_text(t, "종류") && tt_wait_text(t, "난이도"),
           "the new-game form in Korean");
    /* "종류", "크기", "난이도": labels padded to six columns, so the values after them
     * start in one column, the first row's (with the "<" of the field chosen) too. */
    c1 = c2 = c3 = -1;
    found = find_cell(t, "종류", &r1, &c1) && (c1 = value_after(t, r1, c1 + 6)) >= 0
            && tt_char_at(t, r1, c1) == 0xC2A4      /* 스도쿠: the picker's rows behind say it too */
            && find_cell(t, "크기", &r2, &c2) && (c2 = value_after(t, r2, c2 + 6)) >= 0
            && tt_char_at(t, r2, c2) == '9'         /* 9x9 */
            && find_cell(t, "난이도", &r3, &c3) && (c3 = value_after(t, r3, c3 + 6)) >= 0;
    tap_ok(found && c1 == c2 && c2 == c3 && r2 == r1 + 1,
           "the form's values line up after double-width labels (columns %d, %d, %d)", c1, c2, c3);
    tap_ok(whole_characters(t, "new game"), "new game: no character cut");
    th_send(t, "\033");
    tap_ok(tt_wait_text(t, "kakudo - 퍼즐 고르기"), "Esc closes the form");
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
}

/* The text of rows from..to from screen column col on, every space left out: what a
 * wrapped panel line says, wherever it was broken. */
static void panel_text(struct th *t, int col, int from, int to, char *out, size_t size)
{
    size_t len = 0;

    out[0] = '\0';
    for (int r = from; r <= to && r < t->rows; r++)
        for (int c = col; c < t->cols && len + 5 < size; c++) {
            VTermScreenCell cell;
            uint32_t ch;
            if (!th_cell(t, r, c, &cell) || cell.chars[0] == (uint32_t)-1 || cell.chars[0] <= ' ')
                continue;
            ch = cell.chars[0];
            if (ch < 0x80) {
                out[len++] = (char)ch;
            } else if (ch < 0x800) {
                out[len++] = (char)(0xC0 | ch >> 6);
                out[len++] = (char)(0x80 | (ch & 0x3F));
            } else {
                out[len++] = (char)(0xE0 | ch >> 12);
                out[len++] = (char)(0x80 | (ch >> 6 & 0x3F));
                out[len++] = (char)(0x80 | (ch & 0x3F));
            }
            out[len] = '\0';
        }
}

/* A name longer than the panel is wide wraps onto the next lines in display columns, never
 * cut: the puzzle's title (a long Korean file name) and the hint's technique name. */
static void test_long_names(void)
{
    static const char name[] = "아주-긴-이름의-스도쿠-퍼즐-모음-가나다라마바사아자차카타파하.txt";
    char path[4096], text[8192], title[512];
    const char *args[] = { path, NULL };
    struct th *t;
    int row, col, end_row, end_col;

    tt_scratch_path(path, sizeof path, name);
    tt_write_file(path, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n");
    t = start_ko(args, 24, 80);
    tap_ok(tt_wait_text(t, "모드: 숫자"), "a puzzle with a long name opens");
    /* The title starts the panel, at its top, and goes on down to the kind's line. */
    if (find_cell(t, "아주-", &row, &col) && find_cell(t, "스도쿠 9x9", &end_row, &end_col)) {
        panel_text(t, col, row, end_row - 1, text, sizeof text);
        snprintf(title, sizeof title, "%s", name);
        tap_ok(strstr(text, title) != NULL && end_row - row >= 2,
               "80x24: the long title wraps whole onto %d lines (%s)", end_row - row, text);
    } else {
        tap_ok(false, "80x24: the title's start or the kind's line not found");
        th_dump(t);
    }
    th_send(t, "i");
    tt_wait_text(t, "힌트 1/5");
    th_send(t, "i");
    /* "힌트 2/5: " and the technique's whole name, however many lines it takes. */
    if (tt_wait_text(t, "i: 패턴 보기") && find_cell(t, "힌트 2/5:", &row, &col)
        && find_cell(t, "i: 패턴 보기", &end_row, &end_col)) {
        panel_text(t, col, row, end_row - 1, text, sizeof text);
        tap_ok(strstr(text, "힌트2/5:히든싱글") != NULL || strstr(text, "힌트2/5:네이키드싱글") != NULL
               || strstr(text, "힌트2/5:풀하우스") != NULL,
               "80x24: the technique's name whole in the hint's title (%s)", text);
    } else {
        tap_ok(false, "80x24: the hint's title not found");
        th_dump(t);
    }
    tap_ok(whole_characters(t, "long names"), "long names: no character cut");
    tt_send_settled(t, "\033");
    th_send(t, "q");
    th_wait_exit(t, tt_wait_ms);
    th_free(t);
}

/* Small terminals: the picker and the board keep whole characters; too small says so. */
static void test_small(void)
{
    struct th *t = start_ko(NULL, 14, 44);

    tap_ok(tt_wait_text(t, "퍼즐 고르기"), "44x14: the picker in Korean");
    tap_ok(whole_characters(t, "44x14 picker"), "44x14 picker: no character cut");
    th_send(t, "?");
    tap_ok(tt_wait_text(t, "퍼즐 고르기 화면에서"), "44x14: the help");
    tap_ok(whole_characters(t, "44x14 help"), "44x14 help: no character cut");
    th_send(t, "x");
    tt_wait_text(t, "kakudo - 퍼즐 고르기");
    th_send(t, "\r");
    tap_ok(tt_wait_text(t, "모드: 숫자"), "44x14: the board");
    tap_ok(whole_characters(t, "44x14 board"), "44x14 board: no character cut");
    th_resize(t, 6, 21);
    tap_ok(tt_wait_text(t, "터미널이 너무"), "21x6: too small, in Korean");
    tap_ok(whole_characters(t, "21x6"), "21x6: no character cut");
    for (int cols = 30; cols <= 60; cols += 3) {
        th_resize(t, 16, cols);
        th_settle(t, tt_wait_ms);
        if (!whole_characters(t, "resized")) {
            tap_ok(false, "%dx16: a character was cut", cols);
            break;
        }
    }
    th_resize(t, 24, 80);
    tap_ok(tt_wait_text(t, "모드: 숫자"), "back at 80x24");
    th_send(t, "q");
    tt_wait_text(t, "kakudo - 퍼즐 고르기");
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
}

/* Where a watch panel's cage line wrapped: "케이지 45: 남은 합 N," and the "M칸" of its
 * end on the next row, under it (the line was cut at the panel's 24 columns). */
static bool cage_line_wrapped(struct th *t, const void *arg)
{
    int row, col, row2, col2;

    (void)arg;
    return find_cell(t, "케이지 45: 남은 합", &row, &col) &&
           find_cell_in(t, "칸", row + 1, row + 1, &row2, &col2) && col2 > col && col2 <= col + 3;
}

/* A 9x9 Killer at 80x24 (its panel 24 columns wide): the board's keys take five rows in
 * Korean, all shown (redo, the fifth, was dropped); the watch's cage lines wrap whole. */
static void test_killer_keys_and_watch(void)
{
    char path[600], text[1024];
    size_t n = (size_t)snprintf(text, sizeof text, "# rows\nkiller\n");
    const char *args[] = { path, NULL };
    struct th *t;

    /* Wikipedia's Sudoku whose rows are its cages, of 45: two-digit sums left. */
    for (int r = 0; r < 9; r++)
        n += (size_t)snprintf(text + n, sizeof text - n, "%.9s %.9s\n", tt_sudoku + 9 * r,
                              "aaaaaaaaabbbbbbbbbcccccccccdddddddddeeeeeeeeefffffffffggggggggghhhhhhhhhiiiiiiiii" + 9 * r);
    snprintf(text + n, sizeof text - n, "a=45 b=45 c=45 d=45 e=45 f=45 g=45 h=45 i=45\n");
    tt_write_file(tt_scratch_path(path, sizeof path, "rows.txt"), text);
    t = start_ko(args, 24, 80);
    tap_ok(tt_wait_text(t, "모드: 숫자") && tt_wait_text(t, "c 검사") && tt_wait_text(t, "r 다시 하기"),
           "Killer at 80x24: the keys in Korean, redo too");
    th_send(t, "w");
    tap_ok(tt_wait_text(t, "풀이기") && th_wait_until(t, cage_line_wrapped, NULL, false, tt_wait_ms),
           "watching it: a cage's line wraps at the panel's 24 columns, its last word too");
    if (!cage_line_wrapped(t, NULL))
        th_dump(t);
    th_send(t, "q");
    tt_wait_text(t, "모드: 숫자");
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
}

/* Korean lines wrap at spaces, as English ones: a word is never split between two
 * syllables (libunistring breaks between any two unless told Hangul counts as letters).
 * The new-game form's keys at 44 columns ("Esc 뒤" / "로"), a hint's technique name in
 * the panel ("싱글(박" / "스)") and the board's help ("(마우" / "스도)") at 62. */
static void test_word_breaks(void)
{
    const char *srcdir = getenv("srcdir");
    char path[4096];
    const char *args[] = { path, NULL };
    struct th *t = start_ko(NULL, 24, 44);

    tt_wait_text(t, "kakudo - 퍼즐 고르기");
    th_send(t, "n");
    tap_ok(tt_wait_text(t, "새 게임") && tt_wait_text(t, "Esc") && tt_wait_text(t, "뒤로"),
           "44 columns: the new-game form's keys wrap between words (뒤로 whole)");
    th_send(t, "\033");
    tt_wait_text(t, "kakudo - 퍼즐 고르기");
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);

    /* 62 columns: the panel beside the board, 24 wide, has room for the whole hint. */
    snprintf(path, sizeof path, "%s/data/04-sudoku9-easy.txt", srcdir != NULL ? srcdir : ".");
    t = start_ko(args, 24, 62);
    tt_wait_text(t, "모드: 숫자");
    th_send(t, "i");
    tt_wait_text(t, "힌트 1/5");
    th_send(t, "i");
    tap_ok(tt_wait_text(t, "힌트 2/5") && tt_wait_text(t, "싱글(박스)"),
           "62 columns: the hint's technique name wraps between words");
    th_send(t, "?");
    tap_ok(tt_wait_text(t, "(마우스도)") && tt_wait_text(t, "(Alt+숫자도)"),
           "62 columns: the board's help wraps between words");
    th_send(t, "x");
    tt_wait_text(t, "모드: 숫자");
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
}

/* A Korean locale that is not UTF-8 (ko_KR.EUC-KR, made by localedef too): the catalogue
 * comes in EUC-KR and the player measures, pads, wraps and cuts it in that set; the
 * harness turns the output into UTF-8 for the screen it checks. */
static void test_euc_kr(void)
{
    static char lang[] = "LANG=ko_KR.EUC-KR";
    const char *env[] = { lang, locpath_env, "NO_COLOR=1", NULL };
    const char *locpath = getenv("KAKUDO_LOCPATH");
    char path[4096];
    struct stat st;
    struct th *t;
    int r1, c1, r2, c2;
    bool found;

    snprintf(path, sizeof path, "%s/ko_KR.EUC-KR/LC_CTYPE", locpath != NULL ? locpath : "");
    if (locpath == NULL || stat(path, &st) != 0) {
        tap_ok(true, "# SKIP no ko_KR.EUC-KR under KAKUDO_LOCPATH (localedef failed?)");
        return;
    }
    t = tt_start(NULL, env, 24, 80);
    if (!th_output_charset(t, "EUC-KR")) {
        tap_ok(true, "# SKIP iconv has no EUC-KR");
        th_free(t);
        return;
    }
    tap_ok(tt_wait_text(t, "kakudo - 퍼즐 고르기") && tt_wait_text(t, "위/아래 고르기  Enter 열기"),
           "EUC-KR: the picker in Korean");
    tap_ok(whole_characters(t, "EUC-KR picker"), "EUC-KR picker: no character cut");
    c1 = c2 = -1;
    found = find_cell(t, "입문", &r1, &c1) && find_cell(t, "전문가", &r2, &c2) && r1 != r2;
    tap_ok(found && c1 == c2, "EUC-KR: the levels' column lined up in display columns (%d, %d)", c1, c2);
    th_send(t, "?");
    tap_ok(tt_wait_text(t, "퍼즐 고르기 화면에서"), "EUC-KR: the help");
    c1 = c2 = -1;
    found = find_cell(t, "고르기 (마우스 휠도)", &r1, &c1) && find_cell(t, "처음이나 마지막", &r2, &c2);
    tap_ok(found && c1 == c2, "EUC-KR help: words after double-width keys line up (columns %d, %d)", c1, c2);
    th_send(t, "x");
    tt_wait_text(t, "kakudo - 퍼즐 고르기");
    th_send(t, "\r");
    tap_ok(tt_wait_text(t, "모드: 숫자") && tt_wait_text(t, "메모"), "EUC-KR: the board's panel and footer");
    th_send(t, "i");
    th_send(t, "i");
    tap_ok(tt_wait_text(t, "힌트 2/5: ") && tt_wait_text(t, "i: 패턴 보기"), "EUC-KR: the hint, wrapped in the panel");
    tap_ok(whole_characters(t, "EUC-KR board"), "EUC-KR board: no character cut");
    th_resize(t, 16, 44);
    th_settle(t, tt_wait_ms);
    tap_ok(whole_characters(t, "EUC-KR 44x16"), "EUC-KR at 44x16: no character cut");
    tt_send_settled(t, "\033");
    th_send(t, "q");
    th_wait_exit(t, tt_wait_ms);
    th_free(t);
}

/* Keys rebound in the config: the picker's footer and the watch's panel name them in
 * Korean too. */
static void test_rebound_keys(void)
{
    char dir[300], config[300];
    struct th *t;

    mkdir(tt_scratch_path(dir, sizeof dir, "config"), 0700);
    mkdir(tt_scratch_path(dir, sizeof dir, "config/kakudo"), 0700);
    tt_write_file(tt_scratch_path(config, sizeof config, "config/kakudo/config"),
                  "watch-speed = 2\nkey.picker.new-game = g\nkey.watch.pause = p\nkey.watch.quit = x\n");
    t = start_ko(NULL, 24, 80);
    tap_ok(tt_wait_text(t, "g 새 게임") && !th_find(t, "n 새 게임", NULL, NULL),
           "rebound: the picker's footer says g for a new game, in Korean");
    th_send(t, "\r");
    tt_wait_text(t, "모드: 숫자");
    th_send(t, "w");
    tap_ok(tt_see(t, "p 정지") && tt_see(t, "x 멈춤"), "rebound: the watch's panel says p and x, in Korean");
    th_send(t, "p");
    tap_ok(tt_wait_text(t, "p 계속"), "p pauses, and the panel says p resumes");
    th_send(t, "x");
    tap_ok(th_wait_gone(t, "p 계속", tt_wait_ms), "x stops");
    th_send(t, "q");
    tt_wait_text(t, "kakudo - 퍼즐 고르기");
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
    unlink(config);
}

/* A move the game refuses says why in Korean: the game's reasons were in English. */
static void test_refusal_reasons(void)
{
    char path[600];
    const char *args[] = { path, NULL };
    struct th *t;

    tt_write_file(tt_scratch_path(path, sizeof path, "refusals.txt"), tt_sudoku);
    t = start_ko(args, 24, 80);
    tt_wait_text(t, "모드: 숫자");
    th_send(t, "x");
    tap_ok(tt_wait_text(t, "지울 메모가 없습니다."), "clearing no marks: the reason in Korean");
    th_send(t, "ff");
    tap_ok(tt_wait_text(t, "빈칸마다 이미 후보 숫자가 있습니다."),
           "filling the marks twice: the reason in Korean");
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
}

/* The state directory's messages (game.c) are Korean too: here one writable by others,
 * refused with the reason on the board. */
static void test_state_dir_refused(void)
{
    char path[600], dir[600];
    const char *args[] = { path, NULL };
    struct th *t;

    tt_write_file(tt_scratch_path(path, sizeof path, "state-dir.txt"), tt_sudoku);
    mkdir(tt_scratch_path(dir, sizeof dir, "state"), 0700);
    mkdir(tt_scratch_path(dir, sizeof dir, "state/kakudo"), 0700);
    chmod(dir, 0777);
    t = start_ko(args, 24, 80);
    tap_ok(tt_wait_text(t, "상태 디렉터리에 다른 사용자도 쓸 수 있습니다"),
           "a state directory writable by others: the reason in Korean");
    tap_ok(tt_quit_cleanly(t), "q quits");
    th_free(t);
    chmod(dir, 0700);
}

int main(void)
{
    char why[200];

    if (!korean_available(why, sizeof why)) {
        printf("1..0 # SKIP %s\n", why);
        return 0;
    }
    if (!tt_init("ko", 30000))
        return 0;
    test_picker_and_help();
    tt_fresh_state();
    test_recent_aligned();
    test_board_dialog_and_hint();
    tt_fresh_state();
    test_new_game_form();
    tt_fresh_state();
    test_kind_names();
    tt_fresh_state();
    test_new_game_name();
    tt_fresh_state();
    test_word_breaks();
    tt_fresh_state();
    test_small();
    tt_fresh_state();
    test_long_names();
    tt_fresh_state();
    test_euc_kr();
    tt_fresh_state();
    test_rebound_keys();
    tt_fresh_state();
    test_refusal_reasons();
    tt_fresh_state();
    test_state_dir_refused();
    tt_fresh_state();
    test_killer_keys_and_watch();
    tt_cleanup();
    return tap_done();
}
