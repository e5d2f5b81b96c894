/* ui_draw.c: the player's colours and monochrome attributes, box-drawing glyphs, and text. */
#include "config.h"
#include "ui.h"

#include <langinfo.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unictype.h>
#include <unilbrk.h>
#include <unistr.h>
#include <uniwidth.h>
#include <wchar.h>

#include "util.h"

enum { PAIR_USER = 1, PAIR_MARK, PAIR_CONFLICT, PAIR_CLUE_HI, PAIR_RUN_HI, PAIR_BOX,
       PAIR_TITLE, PAIR_MESSAGE, PAIR_WRONG, PAIR_LINE, PAIR_HINT_AREA, PAIR_HINT_PATTERN,
       PAIR_HINT_TARGET, PAIR_DIAGONAL, NPAIRS };

#define BRIGHT 0x100    /* the bright variant of a colour, where the terminal has 16 */
#define DEF (-1)        /* the terminal's own colour */

/* A colour theme: each pair's foreground and background, and attributes added to roles. */
struct theme {
    short pair[NPAIRS][2];
    attr_t extra[ROLE_COUNT];
};

static const struct theme themes[PREFS_NTHEMES] = {
    [PREFS_THEME_DEFAULT] = { .pair = {
        [PAIR_USER] = { COLOR_CYAN, DEF }, [PAIR_MARK] = { COLOR_GREEN, DEF },
        [PAIR_CONFLICT] = { COLOR_RED, DEF }, [PAIR_CLUE_HI] = { COLOR_BLACK, COLOR_YELLOW },
        [PAIR_RUN_HI] = { COLOR_WHITE, COLOR_BLUE }, [PAIR_BOX] = { COLOR_YELLOW, DEF },
        [PAIR_TITLE] = { COLOR_YELLOW, DEF }, [PAIR_MESSAGE] = { COLOR_MAGENTA, DEF },
        [PAIR_WRONG] = { COLOR_WHITE, COLOR_RED }, [PAIR_LINE] = { COLOR_BLUE, DEF },
        [PAIR_HINT_AREA] = { COLOR_BLACK, COLOR_CYAN },
        [PAIR_HINT_PATTERN] = { COLOR_BLACK, COLOR_GREEN },
        [PAIR_HINT_TARGET] = { COLOR_WHITE, COLOR_MAGENTA },
        [PAIR_DIAGONAL] = { COLOR_MAGENTA, DEF } } },
    /* Bright colours on strong backgrounds, and bold wherever it helps. */
    [PREFS_THEME_HIGH_CONTRAST] = { .pair = {
        [PAIR_USER] = { COLOR_CYAN | BRIGHT, DEF }, [PAIR_MARK] = { COLOR_YELLOW | BRIGHT, DEF },
        [PAIR_CONFLICT] = { COLOR_WHITE | BRIGHT, COLOR_RED },
        [PAIR_CLUE_HI] = { COLOR_BLACK, COLOR_YELLOW | BRIGHT },
        [PAIR_RUN_HI] = { COLOR_WHITE | BRIGHT, COLOR_BLUE },
        [PAIR_BOX] = { COLOR_WHITE | BRIGHT, DEF }, [PAIR_TITLE] = { COLOR_YELLOW | BRIGHT, DEF },
        [PAIR_MESSAGE] = { COLOR_YELLOW | BRIGHT, DEF },
        [PAIR_WRONG] = { COLOR_WHITE | BRIGHT, COLOR_RED }, [PAIR_LINE] = { COLOR_WHITE, DEF },
        [PAIR_HINT_AREA] = { COLOR_BLACK, COLOR_CYAN | BRIGHT },
        [PAIR_HINT_PATTERN] = { COLOR_BLACK, COLOR_YELLOW | BRIGHT },
        [PAIR_HINT_TARGET] = { COLOR_WHITE | BRIGHT, COLOR_MAGENTA },
        [PAIR_DIAGONAL] = { COLOR_MAGENTA | BRIGHT, DEF } },
      .extra = { [ROLE_USER] = A_BOLD, [ROLE_CONFLICT] = A_UNDERLINE, [ROLE_WRONG] = A_UNDERLINE,
                 [ROLE_LINE] = A_BOLD, [ROLE_HINT_AREA] = A_BOLD } },
    /* Safe for red-green colour blindness: no red and no green at all; conflicts are
     * yellow and underlined, hints blue and cyan, so they differ in hue (blue against
     * yellow) and in attributes. */
    [PREFS_THEME_COLORBLIND] = { .pair = {
        [PAIR_USER] = { COLOR_CYAN, DEF }, [PAIR_MARK] = { COLOR_BLUE | BRIGHT, DEF },
        [PAIR_CONFLICT] = { COLOR_YELLOW | BRIGHT, DEF },
        [PAIR_CLUE_HI] = { COLOR_BLACK, COLOR_YELLOW }, [PAIR_RUN_HI] = { COLOR_WHITE, COLOR_BLUE },
        [PAIR_BOX] = { COLOR_WHITE | BRIGHT, DEF }, [PAIR_TITLE] = { COLOR_YELLOW, DEF },
        [PAIR_MESSAGE] = { COLOR_MAGENTA, DEF }, [PAIR_WRONG] = { COLOR_BLACK, COLOR_YELLOW },
        [PAIR_LINE] = { COLOR_BLUE, DEF }, [PAIR_HINT_AREA] = { COLOR_BLACK, COLOR_CYAN },
        [PAIR_HINT_PATTERN] = { COLOR_WHITE | BRIGHT, COLOR_BLUE },
        [PAIR_HINT_TARGET] = { COLOR_BLACK, COLOR_WHITE },
        [PAIR_DIAGONAL] = { COLOR_MAGENTA | BRIGHT, DEF } },
      .extra = { [ROLE_CONFLICT] = A_UNDERLINE, [ROLE_WRONG] = A_UNDERLINE,
                 [ROLE_HINT_TARGET] = A_UNDERLINE } },
};

static enum prefs_theme theme_of(const struct ui *ui)
{
    enum prefs_theme t = ui->opt.prefs.theme;

    return t >= 0 && t < PREFS_NTHEMES && t != PREFS_THEME_MONO ? t : PREFS_THEME_DEFAULT;
}

/* A theme's colour on this terminal: bright ones only where there are 16. */
static short theme_color(short c)
{
    if (c == DEF || !(c & BRIGHT))
        return c;
    return (short)((c & ~BRIGHT) + (COLORS >= 16 ? 8 : 0));
}

void ui_colors_init(struct ui *ui)
{
    const struct theme *th;

    ui->color = !ui->opt.no_color && ui->opt.prefs.theme != PREFS_THEME_MONO && has_colors();
    if (!ui->color)
        return;
    th = &themes[theme_of(ui)];
    start_color();
    use_default_colors();
    for (int i = 1; i < NPAIRS; i++)
        init_pair((short)i, theme_color(th->pair[i][0]), theme_color(th->pair[i][1]));
}

/* Without colours every role that must stay distinguishable gets its own attributes:
 * givens bold, user digits plain, marks dim, conflicts underlined, blocks reversed; the
 * cursor (reverse, added by the caller) flips whatever is under it.  A conflict is not
 * bold of itself: a given in conflict keeps its bold (ui_view.c), so that it still
 * differs from the user's digit it clashes with. */
attr_t ui_attr(const struct ui *ui, enum ui_role role)
{
    static const attr_t mono[ROLE_COUNT] = {
        [ROLE_NORMAL] = A_NORMAL, [ROLE_GIVEN] = A_BOLD, [ROLE_USER] = A_NORMAL,
        [ROLE_MARK] = A_DIM, [ROLE_CONFLICT] = A_UNDERLINE, [ROLE_BLOCK] = A_REVERSE,
        [ROLE_CLUE] = A_REVERSE, [ROLE_CLUE_HI] = A_REVERSE | A_BOLD | A_UNDERLINE,
        [ROLE_RUN_HI] = A_NORMAL, [ROLE_LINE] = A_NORMAL, [ROLE_BOX_LINE] = A_BOLD,
        [ROLE_TITLE] = A_BOLD, [ROLE_DIM] = A_DIM, [ROLE_MESSAGE] = A_BOLD,
        [ROLE_WRONG] = A_UNDERLINE | A_BOLD, [ROLE_SELECTED] = A_REVERSE,
        /* A hint's area underlined, its pattern reversed, its conclusion both; their
         * cells also point inwards with '>' and '<' (ui_view.c). */
        [ROLE_HINT_AREA] = A_UNDERLINE, [ROLE_HINT_PATTERN] = A_REVERSE | A_BOLD,
        [ROLE_HINT_TARGET] = A_REVERSE | A_UNDERLINE | A_BOLD,
        /* Cage outlines as plain as the grid (their dashes tell them), sums and the
         * diagonals' marks bold. */
        [ROLE_CAGE] = A_NORMAL, [ROLE_CAGE_SUM] = A_BOLD, [ROLE_DIAGONAL] = A_BOLD,
    };
    static const attr_t colour[ROLE_COUNT] = {
        [ROLE_NORMAL] = A_NORMAL, [ROLE_GIVEN] = A_BOLD, [ROLE_USER] = COLOR_PAIR(PAIR_USER),
        [ROLE_MARK] = COLOR_PAIR(PAIR_MARK), [ROLE_CONFLICT] = COLOR_PAIR(PAIR_CONFLICT),
        [ROLE_BLOCK] = A_REVERSE, [ROLE_CLUE] = A_REVERSE,
        [ROLE_CLUE_HI] = COLOR_PAIR(PAIR_CLUE_HI) | A_BOLD, [ROLE_RUN_HI] = COLOR_PAIR(PAIR_RUN_HI),
        [ROLE_LINE] = COLOR_PAIR(PAIR_LINE), [ROLE_BOX_LINE] = COLOR_PAIR(PAIR_BOX) | A_BOLD,
        [ROLE_TITLE] = COLOR_PAIR(PAIR_TITLE) | A_BOLD, [ROLE_DIM] = A_DIM,
        [ROLE_MESSAGE] = COLOR_PAIR(PAIR_MESSAGE) | A_BOLD,
        [ROLE_WRONG] = COLOR_PAIR(PAIR_WRONG) | A_BOLD, [ROLE_SELECTED] = A_REVERSE,
        [ROLE_HINT_AREA] = COLOR_PAIR(PAIR_HINT_AREA),
        [ROLE_HINT_PATTERN] = COLOR_PAIR(PAIR_HINT_PATTERN) | A_BOLD,
        [ROLE_HINT_TARGET] = COLOR_PAIR(PAIR_HINT_TARGET) | A_BOLD,
        /* Cage outlines and sums in the terminal's own colour, against the coloured
         * grid and box lines. */
        [ROLE_CAGE] = A_NORMAL, [ROLE_CAGE_SUM] = A_BOLD,
        [ROLE_DIAGONAL] = COLOR_PAIR(PAIR_DIAGONAL) | A_BOLD,
    };

    if (role < 0 || role >= ROLE_COUNT)
        return A_NORMAL;
    return ui->color ? colour[role] | themes[theme_of(ui)].extra[role] : mono[role];
}

/* A box-drawing character by its arms' weights (0 none, 1 light, 2 heavy or double). */
struct box_char { uint16_t cp; uint8_t u, d, l, r; };

/* The light lines, which every set that draws boxes has. */
static const struct box_char light_chars[] = {
    {0x2500, 0, 0, 1, 1}, {0x2502, 1, 1, 0, 0}, {0x250C, 0, 1, 0, 1}, {0x2510, 0, 1, 1, 0},
    {0x2514, 1, 0, 0, 1}, {0x2518, 1, 0, 1, 0}, {0x251C, 1, 1, 0, 1}, {0x2524, 1, 1, 1, 0},
    {0x252C, 0, 1, 1, 1}, {0x2534, 1, 0, 1, 1}, {0x253C, 1, 1, 1, 1},
};

/* Unicode's heavy lines and all their mixes with light ones (U+2501-254B): a Jigsaw
 * region's corner has a heavy arm beside light ones, and drawn all heavy it would show
 * its border running on where none runs. */
static const struct box_char heavy_chars[] = {
    {0x2501, 0, 0, 2, 2}, {0x2503, 2, 2, 0, 0},
    {0x250D, 0, 1, 0, 2}, {0x250E, 0, 2, 0, 1}, {0x250F, 0, 2, 0, 2},
    {0x2511, 0, 1, 2, 0}, {0x2512, 0, 2, 1, 0}, {0x2513, 0, 2, 2, 0},
    {0x2515, 1, 0, 0, 2}, {0x2516, 2, 0, 0, 1}, {0x2517, 2, 0, 0, 2},
    {0x2519, 1, 0, 2, 0}, {0x251A, 2, 0, 1, 0}, {0x251B, 2, 0, 2, 0},
    {0x251D, 1, 1, 0, 2}, {0x251E, 2, 1, 0, 1}, {0x251F, 1, 2, 0, 1}, {0x2520, 2, 2, 0, 1},
    {0x2521, 2, 1, 0, 2}, {0x2522, 1, 2, 0, 2}, {0x2523, 2, 2, 0, 2},
    {0x2525, 1, 1, 2, 0}, {0x2526, 2, 1, 1, 0}, {0x2527, 1, 2, 1, 0}, {0x2528, 2, 2, 1, 0},
    {0x2529, 2, 1, 2, 0}, {0x252A, 1, 2, 2, 0}, {0x252B, 2, 2, 2, 0},
    {0x252D, 0, 1, 2, 1}, {0x252E, 0, 1, 1, 2}, {0x252F, 0, 1, 2, 2}, {0x2530, 0, 2, 1, 1},
    {0x2531, 0, 2, 2, 1}, {0x2532, 0, 2, 1, 2}, {0x2533, 0, 2, 2, 2},
    {0x2535, 1, 0, 2, 1}, {0x2536, 1, 0, 1, 2}, {0x2537, 1, 0, 2, 2}, {0x2538, 2, 0, 1, 1},
    {0x2539, 2, 0, 2, 1}, {0x253A, 2, 0, 1, 2}, {0x253B, 2, 0, 2, 2},
    {0x253D, 1, 1, 2, 1}, {0x253E, 1, 1, 1, 2}, {0x253F, 1, 1, 2, 2}, {0x2540, 2, 1, 1, 1},
    {0x2541, 1, 2, 1, 1}, {0x2542, 2, 2, 1, 1}, {0x2543, 2, 1, 2, 1}, {0x2544, 2, 1, 1, 2},
    {0x2545, 1, 2, 2, 1}, {0x2546, 1, 2, 1, 2}, {0x2547, 2, 1, 2, 2}, {0x2548, 1, 2, 2, 2},
    {0x2549, 2, 2, 2, 1}, {0x254A, 2, 2, 1, 2}, {0x254B, 2, 2, 2, 2},
};

/* The double lines and their mixes with light ones (U+2550-256C), which the Linux
 * console's fonts have where they lack the heavy ones. */
static const struct box_char double_chars[] = {
    {0x2550, 0, 0, 2, 2}, {0x2551, 2, 2, 0, 0}, {0x2552, 0, 1, 0, 2}, {0x2553, 0, 2, 0, 1},
    {0x2554, 0, 2, 0, 2}, {0x2555, 0, 1, 2, 0}, {0x2556, 0, 2, 1, 0}, {0x2557, 0, 2, 2, 0},
    {0x2558, 1, 0, 0, 2}, {0x2559, 2, 0, 0, 1}, {0x255A, 2, 0, 0, 2}, {0x255B, 1, 0, 2, 0},
    {0x255C, 2, 0, 1, 0}, {0x255D, 2, 0, 2, 0}, {0x255E, 1, 1, 0, 2}, {0x255F, 2, 2, 0, 1},
    {0x2560, 2, 2, 0, 2}, {0x2561, 1, 1, 2, 0}, {0x2562, 2, 2, 1, 0}, {0x2563, 2, 2, 2, 0},
    {0x2564, 0, 1, 2, 2}, {0x2565, 0, 2, 1, 1}, {0x2566, 0, 2, 2, 2}, {0x2567, 1, 0, 2, 2},
    {0x2568, 2, 0, 1, 1}, {0x2569, 2, 0, 2, 2}, {0x256A, 1, 1, 2, 2}, {0x256B, 2, 2, 1, 1},
    {0x256C, 2, 2, 2, 2},
};

#define COUNT(a) (sizeof (a) / sizeof (a)[0])

static bool box_char_find(const struct box_char *set, size_t n, int up, int down, int left,
                          int right, char *buf, size_t size)
{
    for (size_t i = 0; i < n; i++) {
        if (set[i].u == up && set[i].d == down && set[i].l == left && set[i].r == right) {
            int len = u8_uctomb((uint8_t *)buf, set[i].cp, (int)size - 1);
            buf[len > 0 ? len : 0] = '\0';
            return true;
        }
    }
    return false;
}

/* ASCII's junctions: any crossing is a plus. */
static const char *ascii_glyph(int up, int down, int left, int right)
{
    if ((up || down) && (left || right))
        return "+";
    if (left || right)
        return (left == 2 || right == 2) ? "=" : "-";
    if (up || down)
        return (up == 2 || down == 2) ? "|" : ":";
    return " ";
}

const char *ui_glyph(const struct ui *ui, int up, int down, int left, int right)
{
    static char buf[8];
    bool console = ui->glyphs == UI_GLYPHS_CONSOLE;
    const struct box_char *strong = console ? double_chars : heavy_chars;
    size_t nstrong = console ? COUNT(double_chars) : COUNT(heavy_chars);

    if (ui->glyphs == UI_GLYPHS_ASCII)
        return ascii_glyph(up, down, left, right);
    for (int pass = 0; pass < 2; pass++) {
        if (box_char_find(light_chars, COUNT(light_chars), up, down, left, right, buf, sizeof buf) ||
            box_char_find(strong, nstrong, up, down, left, right, buf, sizeof buf))
            return buf;
        /* A mix the set lacks: draw every present arm heavy. */
        up = up ? 2 : 0;
        down = down ? 2 : 0;
        left = left ? 2 : 0;
        right = right ? 2 : 0;
    }
    return "+";
}

/*
 * Text on the screen is in the locale's character set: gettext converts the catalogues to
 * it (LC_CTYPE, i18n.c) and curses writes it as it is, so a Korean EUC-KR terminal gets
 * EUC-KR.  The functions below step through it a character at a time, with libunistring
 * in UTF-8 and with the C library's multibyte functions in any other set (glibc's wchar_t
 * is a Unicode code point, __STDC_ISO_10646__), and take widths from libunistring in the
 * locale's encoding (where an East Asian set counts the ambiguous characters two wide, as
 * those terminals and wcwidth do).
 */
static bool text_utf8(void)
{
    static int utf8 = -1;

    if (utf8 < 0) {
        const char *codeset = nl_langinfo(CODESET);
        utf8 = codeset != NULL && strcmp(codeset, "UTF-8") == 0;
    }
    return utf8;
}

static const char *text_encoding(void)
{
    return text_utf8() ? "UTF-8" : locale_charset();
}

/* The character at s (n bytes there): its length into *len (at least 1), its code point
 * into *uc; false for a byte that starts no character (a stray byte, a cut one). */
static bool next_char(const char *s, size_t n, int *len, ucs4_t *uc)
{
    if (text_utf8()) {
        *len = u8_mbtouc(uc, (const uint8_t *)s, n);
        if (*len < 1)
            *len = 1;
        return *uc != 0xFFFD || (*len >= 3 && memcmp(s, "\xEF\xBF\xBD", 3) == 0);
    } else {
        mbstate_t st;
        wchar_t wc;
        size_t k;

        memset(&st, 0, sizeof st);
        k = mbrtowc(&wc, s, n, &st);
        if (k == (size_t)-1 || k == (size_t)-2 || k == 0) {
            *len = 1;
            *uc = (ucs4_t)(unsigned char)s[0];
            return k == 0;
        }
        *len = (int)k;
        *uc = (ucs4_t)wc;
        return true;
    }
}

/* The width of the character at s (n bytes there), its length into *len. */
static int char_width(const char *s, size_t n, int *len)
{
    ucs4_t uc;
    int cw;

    if (!next_char(s, n, len, &uc))
        return 1;       /* drawn as '?' */
    cw = uc_width(uc, text_encoding());
    return cw < 0 ? 1 : cw;
}

void ui_trim_utf8(char *s)
{
    size_t n = strlen(s), start = n;

    if (!text_utf8()) {
        /* Forward to the last character; a cut one at the end goes. */
        for (size_t at = 0; at < n;) {
            mbstate_t st;
            size_t k;
            memset(&st, 0, sizeof st);
            k = mbrtowc(NULL, s + at, n - at, &st);
            if (k == (size_t)-2) {
                s[at] = '\0';
                return;
            }
            at += k == (size_t)-1 || k == 0 ? 1 : k;
        }
        return;
    }
    /* Back to the start of the last character (at most 3 continuation bytes). */
    while (start > 0 && n - start < 4 && ((uint8_t)s[start - 1] & 0xC0) == 0x80)
        start--;
    if (start > 0 && (uint8_t)s[start - 1] >= 0xC0) {
        start--;
        if (u8_mblen((const uint8_t *)s + start, n - start) != (int)(n - start))
            s[start] = '\0';
    }
}

int ui_width(const char *s)
{
    size_t n = strlen(s);
    int w = 0;

    if (text_utf8()) {
        w = u8_strwidth((const uint8_t *)s, "UTF-8");
        return w < 0 ? (int)n : w;
    }
    for (size_t at = 0; at < n;) {
        int len;
        w += char_width(s + at, n - at, &len);
        at += (size_t)len;
    }
    return w;
}

const char *ui_pad(char *buf, size_t size, const char *s, int w)
{
    size_t n = strlen(s), at = 0, out = 0;
    int used = 0;

    if (size == 0)
        return "";
    /* Whole characters as far as they fit in w columns and in buf, then spaces. */
    while (at < n) {
        int len, cw = char_width(s + at, n - at, &len);
        if (used + cw > w || out + (size_t)len >= size)
            break;
        memcpy(buf + out, s + at, (size_t)len);
        out += (size_t)len;
        at += (size_t)len;
        used += cw;
    }
    for (; used < w && out + 1 < size; used++)
        buf[out++] = ' ';
    buf[out] = '\0';
    return buf;
}

/* What stands for the cut part of a text: the Linux console's fonts and ASCII have no
 * U+2026. */
static const char *ellipsis(const struct ui *ui)
{
    return ui->glyphs == UI_GLYPHS_UNICODE ? "\xe2\x80\xa6" : "...";
}

const char *ui_fit(const struct ui *ui, char *buf, size_t size, const char *s, int w)
{
    const char *more = ellipsis(ui);
    int more_w = ui_width(more);
    size_t n;

    if (ui_width(s) <= w || w <= more_w)
        return ui_pad(buf, size, s, w);
    ui_pad(buf, size, s, w - more_w);
    n = strlen(buf);
    if (n + strlen(more) < size)
        memcpy(buf + n, more, strlen(more) + 1);
    return buf;
}

const char *ui_fit_tail(const struct ui *ui, char *buf, size_t size, const char *s, int w)
{
    const char *more = ellipsis(ui);
    int more_w = ui_width(more);

    if (ui_width(s) <= w || w <= more_w)
        snprintf(buf, size, "%s", s);
    else
        snprintf(buf, size, "%s%s", more, ui_tail(s, w - more_w));
    ui_trim_utf8(buf);
    return buf;
}

const char *ui_tail(const char *s, int w)
{
    size_t n = strlen(s), start = 0;
    int total = ui_width(s);

    /* Forward a character at a time (only a UTF-8 string can be read backwards) until
     * the rest fits. */
    while (start < n && total > w) {
        int len;
        total -= char_width(s + start, n - start, &len);
        start += (size_t)len;
    }
    return s + start;
}

int ui_print(int y, int x, int w, const char *s, attr_t attr)
{
    const uint8_t *p = (const uint8_t *)s;
    int used = 0;

    if (y < 0 || y >= LINES || w <= 0)
        return 0;
    if (x < 0) {
        w += x;
        x = 0;
    }
    if (x + w > COLS)
        w = COLS - x;
    attrset(attr);
    while (*p && used < w) {
        ucs4_t uc;
        int n, cw = char_width((const char *)p, strlen((const char *)p), &n);

        if (used + cw > w)
            break;
        if (!next_char((const char *)p, strlen((const char *)p), &n, &uc))
            mvaddstr(y, x + used, "?");     /* a stray byte from a file name, a cut character */
        else
            mvaddnstr(y, x + used, (const char *)p, n);
        used += cw;
        p += n;
    }
    attrset(A_NORMAL);
    return used;
}

int ui_print_cut(const struct ui *ui, int y, int x, int w, const char *s, attr_t attr)
{
    const char *more = ellipsis(ui);
    int more_w = ui_width(more), used;

    if (x >= 0 && x + w > COLS)
        w = COLS - x;
    if (ui_width(s) <= w || w <= more_w)
        return ui_print(y, x, w, s, attr);
    used = ui_print(y, x, w - more_w, s, attr);
    return used + ui_print(y, x + used, more_w, more, attr);
}

/* Where a line from start to end (a break) must end to fit w columns: end itself when it
 * fits (spaces at its end need no room), else after the whole characters that fit, at
 * least one, so that a word wider than the line is split rather than cut. */
static size_t line_fit(const char *s, size_t start, size_t end, int w)
{
    size_t at = start;
    int used = 0;

    while (at < end) {
        int len, cw = char_width(s + at, end - at, &len);
        if (s[at] != ' ' && used + cw > w && at > start)
            break;
        used += cw;
        at += (size_t)len;
    }
    return at < end ? at : end;
}

/*
 * Whether a line may not break between prev and uc, Korean being written with spaces
 * between words: UAX #14 lets Korean take either style, and libunistring's breaks between
 * any two syllables are the other one ("Esc 뒤" / "로").  So Hangul counts as letters, as
 * UAX #14 says for this style: no break inside a word of syllables, letters and digits,
 * before an opening bracket after one, nor before a particle after a closing bracket or
 * quote ("(r1c3)에").
 */
static bool korean_keeps_together(ucs4_t prev, ucs4_t uc)
{
    static const uc_script_t *hangul;

    if (hangul == NULL)
        hangul = uc_script_byname("Hangul");
    if (uc_is_script(uc, hangul))
        return uc_is_alnum(prev) || uc_is_general_category(prev, UC_CATEGORY_Pe)
               || uc_is_general_category(prev, UC_CATEGORY_Pf);
    return uc_is_script(prev, hangul)
           && (uc_is_alnum(uc) || uc_is_general_category(uc, UC_CATEGORY_Ps));
}

/* libunistring's override array for s: the breaks Korean keeps together prohibited. */
static void korean_overrides(const char *s, size_t n, char *override)
{
    ucs4_t prev = 0;

    memset(override, UC_BREAK_UNDEFINED, n);
    for (size_t at = 0; at < n;) {
        int len;
        ucs4_t uc;

        if (!next_char(s + at, n - at, &len, &uc))
            uc = 0xFFFD;
        if (at > 0 && korean_keeps_together(prev, uc))
            override[at] = UC_BREAK_PROHIBITED;
        prev = uc;
        at += (size_t)len;
    }
}

int ui_wrap_lines(const char *s, int w, struct ui_line *lines, int max)
{
    size_t n = strlen(s), start = 0;
    char *breaks, *override;
    int count = 0;

    if (w <= 0)
        return 0;
    breaks = xmalloc(n + 1);
    override = xmalloc(n + 1);
    korean_overrides(s, n, override);
    if (text_utf8())
        u8_width_linebreaks((const uint8_t *)s, n, w, 0, 0, override, "UTF-8", breaks);
    else
        ulc_width_linebreaks(s, n, w, 0, 0, override, locale_charset(), breaks);
    free(override);
    while (start < n) {
        size_t end = start;

        /* breaks[i] says whether a line may end before byte i; at a newline it must. */
        if (s[end] != '\n')
            end++;
        while (end < n && breaks[end] != UC_BREAK_POSSIBLE && breaks[end] != UC_BREAK_MANDATORY)
            end++;
        end = line_fit(s, start, end, w);
        if (count < max)
            lines[count] = (struct ui_line){ start, end - start };
        count++;
        start = end;
        if (start < n && s[start] == '\n')
            start++;
        while (start < n && s[start] == ' ')
            start++;
    }
    free(breaks);
    return count;
}

int ui_print_line(int y, int x, int w, const char *s, struct ui_line line, attr_t attr)
{
    char *text = xmalloc(line.len + 1);
    int used;

    memcpy(text, s + line.start, line.len);
    text[line.len] = '\0';
    used = ui_print(y, x, w, text, attr);
    free(text);
    return used;
}

int ui_print_wrapped(int y, int x, int w, int maxlines, const char *s, attr_t attr)
{
    struct ui_line *lines;
    int n;

    if (w <= 0 || maxlines <= 0)
        return 0;
    lines = xmalloc((size_t)maxlines * sizeof *lines);
    n = ui_wrap_lines(s, w, lines, maxlines);
    if (n > maxlines)
        n = maxlines;
    for (int i = 0; i < n; i++)
        ui_print_line(y + i, x, w, s, lines[i], attr);
    free(lines);
    return n;
}

int ui_print_wrapped_above(int bottom, int x, int w, int maxlines, const char *s, attr_t attr)
{
    int n = w > 0 ? ui_wrap_lines(s, w, NULL, 0) : 0;

    if (n > maxlines)
        n = maxlines;
    if (n > bottom + 1)
        n = bottom + 1;
    for (int i = 0; i < n; i++) {
        move(bottom - i, 0);
        clrtoeol();
    }
    return ui_print_wrapped(bottom - n + 1, x, w, n, s, attr);
}

void ui_draw_message(const struct ui *ui)
{
    ui_print_wrapped_above(LINES - 1, 0, COLS, UI_MESSAGE_ROWS_MAX, ui->message, ui_attr(ui, ROLE_MESSAGE));
}

void ui_print_centered(int y, const char *s, attr_t attr)
{
    int w = ui_width(s);
    int x = (COLS - w) / 2;

    ui_print(y, x < 0 ? 0 : x, COLS, s, attr);
}

/* Whether a message ends as a sentence does: '.', '!' or '?' (an ellipsis too), or an
 * aside in parentheses after one ("Done. (u undoes it)"); a sentence that ends in an
 * aside of its own ("line too long (more than 1048576 bytes)") still wants its period. */
static bool ends_sentence(const char *s, size_t n)
{
    size_t open = n;

    if (n == 0 || s[n - 1] != ')')
        return n > 0 && strchr(".!?", s[n - 1]) != NULL;
    while (open > 0 && s[open - 1] != '(')
        open--;
    if (open-- == 0)
        return false;
    while (open > 0 && s[open - 1] == ' ')
        open--;
    return open > 0 && strchr(".!?", s[open - 1]) != NULL;
}

void ui_message(struct ui *ui, const char *fmt, ...)
{
    va_list ap;
    size_t n;

    /* fmt is translated here: xgettext takes the callers' messages (po/Makevars). */
    va_start(ap, fmt);
    vsnprintf(ui->message, sizeof ui->message, _(fmt), ap);
    va_end(ap);
    ui_trim_utf8(ui->message);
    /* The status line speaks in sentences, however a message was put together (reasons
     * from the core, file errors, strerror): one convention, a final period. */
    n = strlen(ui->message);
    while (n > 0 && ui->message[n - 1] == ' ')
        ui->message[--n] = '\0';
    if (n > 0 && !ends_sentence(ui->message, n) && n + 1 < sizeof ui->message) {
        ui->message[n] = '.';
        ui->message[n + 1] = '\0';
    }
}

/* Spaces across columns [x0, x1) of row y. */
static void clear_span(int y, int x0, int x1, attr_t attr)
{
    attrset(attr);
    for (int x = x0 < 0 ? 0 : x0; x < x1 && x < COLS; x++)
        if (y >= 0 && y < LINES)
            mvaddch(y, x, ' ');
    attrset(A_NORMAL);
}

/* Widens [*x0, *x1) on row r to the panel's whole width where it overlaps the panel: a
 * panel line cut by a dialog's margin would leave pieces of its words and digit sets (a
 * cage's "147 156") beside the frame, which read as part of the dialog. */
static void widen_to_panel(const struct ui_geometry *geo, int r, int *x0, int *x1)
{
    int left = geo->panel_left, right = geo->panel_left + geo->panel_w;

    if (r < geo->panel_top || r >= geo->panel_top + geo->panel_h || *x1 <= left || *x0 >= right)
        return;
    *x0 = left < *x0 ? left : *x0;
    *x1 = right > *x1 ? right : *x1;
}

void ui_dialog_box(const struct ui *ui, bool over_board, int y, int x, int h, int w, attr_t attr)
{
    /* Light lines, but ASCII's light vertical (':') is too faint for a frame. */
    int v = ui->utf8 ? 1 : 2;
    const char *hl = ui_glyph(ui, 0, 0, 1, 1);
    int x0 = x - 2, x1 = x + w + 2;

    if (over_board && ui->game != NULL)
        ui_view_widen_to_cells(ui, &x0, &x1);
    for (int r = y - 2; r < y + h + 2; r++) {
        int a = x0, b = x1;
        if (over_board && ui->game != NULL)
            widen_to_panel(&ui->geo, r, &a, &b);
        clear_span(r, a, b, A_NORMAL);
    }
    for (int r = y; r < y + h; r++)
        clear_span(r, x, x + w, attr);
    for (int i = 0; i < w; i++) {
        ui_print(y - 1, x + i, 1, hl, A_NORMAL);
        ui_print(y + h, x + i, 1, hl, A_NORMAL);
    }
    for (int r = y; r < y + h; r++) {
        ui_print(r, x - 1, 1, ui_glyph(ui, v, v, 0, 0), A_NORMAL);
        ui_print(r, x + w, 1, ui_glyph(ui, v, v, 0, 0), A_NORMAL);
    }
    ui_print(y - 1, x - 1, 1, ui_glyph(ui, 0, v, 0, 1), A_NORMAL);
    ui_print(y - 1, x + w, 1, ui_glyph(ui, 0, v, 1, 0), A_NORMAL);
    ui_print(y + h, x - 1, 1, ui_glyph(ui, v, 0, 0, 1), A_NORMAL);
    ui_print(y + h, x + w, 1, ui_glyph(ui, v, 0, 1, 0), A_NORMAL);
}
