/* format_variant.c: the Sudoku variants' formats: kakudo's readable one, and the community's Jigsaw and Killer lines. */
#include "config.h"
#include "format_internal.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "util.h"
#include "variant.h"

/*
 * kakudo's variant format (FORMAT_VARIANT), one or more puzzles a file:
 *
 *     # name                  (optional: a comment right before the header names it)
 *     killer-jigsaw           the variant's name alone on a line
 *     5.. ... ...  aaabbbccc  N rows: the digits ('.' or '0' empty, spaces and '|' as
 *     ...                     liked), then the region map (Jigsaw) and the cage map
 *                             (Killer), each N symbols without spaces
 *     a=12 b=7 c=15 ...       Killer: each cage's symbol and sum, on one line or more
 *
 * Regions are told apart by their symbols (any N of them); so are cages, whose symbols
 * (any but '#', '=' and '.', which marks a cell in no cage) each name one contiguous
 * cage.  The community's one-line forms: a Jigsaw as N*N digits then N*N region
 * symbols (SudokuWiki's layout strings, 1-9 per region); a Killer as N*N cage letters
 * then the cages' sums in the order of their letters (A-Z, then a-z), the form of the
 * Killer solver challenges, optionally after N*N givens; and a Killer (or Killer
 * Jigsaw) without its header line, CodinGame's Killer input.
 */

#define VTOK_MAX 64

struct vtok {
    const char *s;
    size_t len;
    long col;
    size_t symbols;     /* its characters, where next_token counted them; else 0 */
    bool ascii;         /* next_token found every byte of it ASCII */
};

/* A place in a line: its byte, and its column (characters from the line's start, plus
 * one), so that each token's column is counted from the last one's, not from the start. */
struct vcursor {
    size_t at;
    long col;
};

#define VCURSOR_START ((struct vcursor){ .at = 0, .col = 1 })

static bool is_blank(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r';
}

/* Where the token of text (of len bytes) from i on ends: its first blank, or the end;
 * *high has a top bit when a byte of it is beyond ASCII.  Eight bytes a step where the
 * byte order allows: a byte at a time was most of splitting a one-line Jigsaw's 163
 * bytes into its two tokens. */
static size_t token_end(const char *text, size_t i, size_t len, uint64_t *high)
{
    const uint64_t ones = 0x0101010101010101ull, tops = ones * 0x80;
    uint64_t bits = 0;

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    for (; i + 8 <= len; i += 8) {
        uint64_t w, blanks;

        memcpy(&w, text + i, 8);
        blanks = ~(util_nonzero_byte_tops(w ^ ones * ' ') & util_nonzero_byte_tops(w ^ ones * '\t')
                   & util_nonzero_byte_tops(w ^ ones * '\r')) & tops;
        if (blanks != 0) {
            int k = __builtin_ctzll(blanks) / 8;    /* the first blank's byte */

            *high = (bits | (w & ((1ull << (8 * k)) - 1))) & tops;
            return i + (size_t)k;
        }
        bits |= w;
    }
#endif
    for (; i < len && !is_blank(text[i]); i++)
        bits |= (unsigned char)text[i];
    *high = bits & tops;
    return i;
}

/* The next whitespace-separated token of the line from cur on; false at its end. */
static bool next_token(const struct fmt_line *ln, struct vcursor *cur, struct vtok *tok)
{
    size_t i = cur->at, start, symbols;
    long col = cur->col;
    uint64_t high;

    while (i < ln->len && is_blank(ln->text[i]))
        i++, col++;
    if (i >= ln->len)
        return false;
    start = i;
    i = token_end(ln->text, i, ln->len, &high);
    /* Blanks are single characters; a token of ASCII alone has one a byte. */
    symbols = high == 0 ? i - start : util_utf8_count((const uint8_t *)ln->text + start, i - start);
    *tok = (struct vtok){ .s = ln->text + start, .len = i - start, .col = col, .symbols = symbols,
                          .ascii = high == 0 };
    cur->col = col + (long)symbols;
    cur->at = i;
    return true;
}

/* The line's whitespace-separated tokens (at most max); their count. */
static int split_tokens(const struct fmt_line *ln, struct vtok *toks, int max)
{
    struct vcursor cur = VCURSOR_START;
    int n = 0;

    while (n < max && next_token(ln, &cur, &toks[n]))
        n++;
    return n;
}

/* Every token of the line, in *toks: room (of nroom) while they fit, else an allocation
 * the caller frees (*toks != room); their count.  Rows and one-line forms take them all,
 * so a message counts what the line really holds and a 16x16 Killer line keeps all of
 * its sums. */
static int split_all_tokens(const struct fmt_line *ln, struct vtok *room, int nroom, struct vtok **toks)
{
    struct vcursor cur = VCURSOR_START;
    size_t cap = (size_t)nroom;
    int n = 0;
    struct vtok tok;

    *toks = room;
    while (next_token(ln, &cur, &tok)) {
        if ((size_t)n == cap) {
            cap *= 2;
            if (*toks == room) {
                *toks = xmalloc(cap * sizeof **toks);
                memcpy(*toks, room, (size_t)n * sizeof **toks);
            } else {
                *toks = xrealloc(*toks, cap * sizeof **toks);
            }
        }
        (*toks)[n++] = tok;
    }
    return n;
}

static void free_tokens(struct vtok *toks, const struct vtok *room)
{
    if (toks != room)
        free(toks);
}

/* The side of a grid of count cells (4..SUDOKU_MAX_SIZE), or 0. */
static int side_of(size_t count)
{
    for (int n = SUDOKU_MIN_SIZE; n <= SUDOKU_MAX_SIZE; n++)
        if ((size_t)n * (size_t)n == count)
            return n;
    return 0;
}

/* Map symbols are ASCII: a map is read a byte to a cell, so a symbol beyond ASCII would
 * count as several cells (and its column and the map's length would be wrong).  1, or -1
 * with a message at the first symbol that is not. */
static int map_ascii(const struct reader *r, long line, const struct vtok *map, bool regions,
                     struct format_error *err)
{
    if (map->ascii)     /* as next_token found it */
        return 1;
    for (size_t i = 0; i < map->len; i++) {
        if ((unsigned char)map->s[i] >= 0x80) {
            char got[UTIL_QUOTE_SIZE];
            int len = util_utf8_len((const uint8_t *)map->s + i, map->len - i);

            util_quote(map->s + i, len > 0 ? (size_t)len : 1, got, sizeof got);
            return fmt_fail(r, err, line, map->col + (long)util_utf8_count((const uint8_t *)map->s, i),
                            regions ? _("expected a region symbol in ASCII (a letter, digit or punctuation), got '%s'")
                                    : _("expected a cage symbol in ASCII (a letter, digit or punctuation), got '%s'"),
                            got);
        }
    }
    return 1;
}

/* Whether the token is a number: ASCII digits, however many (a sum too large to be made
 * is still a sum, and gets the message that says so). */
static bool is_number(const struct vtok *t)
{
    if (t->len == 0)
        return false;
    for (size_t i = 0; i < t->len; i++)
        if (t->s[i] < '0' || t->s[i] > '9')
            return false;
    return true;
}

/* The most digits a cage sum is read with; a longer one is more than any cage makes. */
#define SUM_DIGITS_MAX 9

/* The cage sum the token gives, or -1 with err filled: when it is no number from 1, or
 * one of more than SUM_DIGITS_MAX digits, which no cage of digits 1-max_digit can make
 * (a shorter one too large is said by the cage's check, at its cells). */
static int cage_sum(const struct reader *r, long line, const struct vtok *t, int max_digit,
                    struct format_error *err)
{
    char got[UTIL_QUOTE_SIZE];
    size_t zeros = 0;

    while (zeros < t->len && t->s[zeros] == '0')
        zeros++;
    if (!is_number(t) || zeros == t->len)
        return fmt_fail(r, err, line, t->col, _("expected a cage sum (a number from 1), got '%s'"),
                        util_quote(t->s, t->len, got, sizeof got));
    if (t->len - zeros > SUM_DIGITS_MAX)
        return fmt_fail(r, err, line, t->col, _("the cage sum %1$s cannot be made from different "
                                                "digits 1-%2$d: they add up to %3$d at most"),
                        util_quote(t->s, t->len, got, sizeof got), max_digit, max_digit * (max_digit + 1) / 2);
    return atoi(t->s + zeros);
}

static bool token_is_variant(const struct vtok *t, unsigned *flags)
{
    char name[32];

    if (t->len == 0 || t->len >= sizeof name)
        return false;
    memcpy(name, t->s, t->len);
    name[t->len] = '\0';
    return puzzle_variant_by_name(name, flags);
}

/* Whether t names a variant with capitals ("Killer", "JIGSAW-X"): such a header was "not
 * a puzzle" (--format's names are taken in any case too).  Tried after token_is_variant,
 * so that a header as kakudo writes it costs nothing more. */
static __attribute__((cold, noinline)) bool token_is_variant_in_capitals(const struct vtok *t, unsigned *flags)
{
    char name[32];

    if (t->len == 0 || t->len >= sizeof name)
        return false;
    for (size_t i = 0; i < t->len; i++)
        name[i] = t->s[i] >= 'A' && t->s[i] <= 'Z' ? (char)(t->s[i] - 'A' + 'a') : t->s[i];
    name[t->len] = '\0';
    return puzzle_variant_by_name(name, flags);
}

static bool has_letter(const struct vtok *t)
{
    for (size_t i = 0; i < t->len; i++)
        if ((t->s[i] >= 'a' && t->s[i] <= 'z') || (t->s[i] >= 'A' && t->s[i] <= 'Z'))
            return true;
    return false;
}

/* A token's length in characters: a map in symbols beyond ASCII is still detected as one,
 * so that its reader says what is wrong with it. */
static size_t symbols_in(const struct vtok *t)
{
    return t->symbols != 0 ? t->symbols : util_utf8_count((const uint8_t *)t->s, t->len);
}

/* Where in the token its symbol number k starts (a byte that starts no character being
 * one symbol, as symbols_in counts). */
static size_t byte_of_symbol(const struct vtok *t, size_t k)
{
    size_t at = 0;

    for (; k > 0 && at < t->len; k--) {
        int len = util_utf8_len((const uint8_t *)t->s + at, t->len - at);
        at += len > 0 ? (size_t)len : 1;
    }
    return at;
}

/* How many cages a Killer line's map token names: its distinct symbols but '.'. */
static int cages_named(const struct vtok *map)
{
    bool seen[256] = { false };
    int count = 0;

    for (size_t i = 0; i < map->len; i++) {
        unsigned char ch = (unsigned char)map->s[i];
        count += !seen[ch] && ch != '.';
        seen[ch] = true;
    }
    return count;
}

/* Whether tokens t[sums] on, a Killer line's cages sums then more, end in a rating or
 * words (such as "3.3" or "ED=3.3/3.0/2.8", as rate --format=rating|se writes them):
 * the token after the cages' sums is no whole number (a whole number is one sum too many)
 * and no '#' (a comment goes on a line of its own, as the reader says). */
static bool rated_after_sums(const struct vtok *t, int sums, int n, int cages)
{
    return n - sums > cages && !is_number(&t[sums + cages]) && t[sums + cages].s[0] != '#';
}

/* Whether the tokens after a Killer line's map (t[0], or t[1] after the givens) are its
 * sums: all numbers; or one for each cage, most of them numbers, a few with faults ("#5",
 * "1O"); or a number for each cage and a '#' among or after them (no comment there); or
 * a number for each cage and a rating or words after them (read as after a one-line
 * Sudoku).  The reader then says the fault at its column: such a line was "not a
 * puzzle", without a column.  A one-line Sudoku with letters and words after it stays
 * one. */
static bool sums_follow(const struct vtok *t, int n)
{
    int first = n >= 2 && symbols_in(&t[1]) == symbols_in(&t[0]) ? 2 : 1, numbers = 0;
    int cages = cages_named(&t[first - 1]), hash = n, leading = 0;

    for (int i = first; i < n; i++) {
        numbers += is_number(&t[i]);
        leading += leading == i - first && is_number(&t[i]);
        if (hash == n && t[i].s[0] == '#')
            hash = i;
    }
    return numbers == n - first || (2 * numbers > n - first && n - first == cages)
           || (hash < n && numbers >= cages)
           || (leading >= cages && rated_after_sums(t, first, n, cages));
}

enum format_id fmt_variant_detect(const char *text, size_t len)
{
    struct fmt_line ln = { .text = text, .len = len };
    struct vtok t[VTOK_MAX];
    int n = split_tokens(&ln, t, VTOK_MAX);
    unsigned flags;

    if (n == 1 && (token_is_variant(&t[0], &flags) || token_is_variant_in_capitals(&t[0], &flags)))
        return FORMAT_VARIANT;
    /* Counted in characters: a digit beyond ASCII gets the Jigsaw reader's message. */
    if (n == 2 && symbols_in(&t[0]) == symbols_in(&t[1]) && side_of(symbols_in(&t[1])) != 0)
        return FORMAT_JIGSAW_LINE;
    if (n == 1 && symbols_in(&t[0]) % 2 == 0 && side_of(symbols_in(&t[0]) / 2) != 0)
        return FORMAT_JIGSAW_LINE;
    if (n >= 2 && side_of(symbols_in(&t[0])) != 0 && (has_letter(&t[0]) || has_letter(&t[1]))
        && sums_follow(t, n))
        return FORMAT_KILLER_LINE;
    return FORMAT_AUTO;
}

/* Whether a variant of side n has a Sudoku's units: boxes need a side they divide (a
 * Jigsaw's regions take any).  A 5x5 Killer or a 7x7 Sudoku X was read as a Latin square
 * with cages or diagonals, where a plain Sudoku of that side is refused and generate
 * makes none. */
static bool side_has_boxes(int n, unsigned flags)
{
    int rows, cols;

    return (flags & VARIANT_JIGSAW) != 0 || sudoku_box_shape(n, &rows, &cols);
}

/* The message for a side without boxes, at col; returns -1. */
static int no_boxes(struct reader *r, long line, long col, int n, struct format_error *err)
{
    return fmt_fail(r, err, line, col, _("a %1$dx%1$d grid has no boxes: expected a side that boxes "
                                         "divide (4, 6, 8, 9, 10, 12, ...), or a Jigsaw, whose regions "
                                         "take any"), n);
}

/* The fewest symbols of a one-line variant's digits or map (4x4). */
#define LINE_MAP_MIN 16

/* Whether t is as long as a one-line variant's digits or map, and no comment. */
static bool map_sized(const struct vtok *t)
{
    return symbols_in(t) >= LINE_MAP_MIN && t->s[0] != '#';
}

/* The side whose square is nearest count: where a count a few symbols off was headed. */
static int nearest_side(size_t count)
{
    int best = SUDOKU_MIN_SIZE;

    for (int n = SUDOKU_MIN_SIZE + 1; n <= SUDOKU_MAX_SIZE; n++)
        if (labs((long)n * n - (long)count) < labs((long)best * best - (long)count))
            best = n;
    return best;
}

/* The most symbols a count is off by to be taken for a miscount: more, and the line is
 * likelier a puzzle with words after it. */
#define MISCOUNT_MAX 2

/* Whether two counts are at most MISCOUNT_MAX apart. */
static bool near(size_t a, size_t b)
{
    return (a > b ? a - b : b - a) <= MISCOUNT_MAX;
}

/* The symbols of tokens t[from] to t[to - 1]. */
static size_t symbols_between(const struct vtok *t, int from, int to)
{
    size_t count = 0;

    for (int i = from; i < to; i++)
        count += symbols_in(&t[i]);
    return count;
}

/* A Jigsaw line that a stray space splits (its digits or its map): the token its map
 * starts at, the digits before it and the map from it on being as many symbols, a
 * square's; 0 if it is no such line. */
static int jigsaw_split(const struct vtok *t, int n)
{
    for (int k = 1; n >= 3 && k < n; k++) {
        size_t digits = symbols_between(t, 0, k);

        if (digits >= LINE_MAP_MIN && side_of(digits) != 0 && digits == symbols_between(t, k, n))
            return k;
    }
    return 0;
}

/* Whether tokens t[from] on are all numbers (a Killer line's sums). */
static bool numbers_from(const struct vtok *t, int from, int n)
{
    for (int i = from; i < n; i++)
        if (!is_number(&t[i]))
            return false;
    return from < n;
}

/* A Killer line that a stray space splits in two, its cage letters or its givens: true
 * with *at the token whose end is the space and *givens whether it split the givens. */
static bool killer_split(const struct vtok *t, int n, int *at, bool *givens)
{
    size_t a = n >= 3 ? symbols_in(&t[0]) : 0, b = n >= 3 ? symbols_in(&t[1]) : 0;
    size_t c = n >= 4 ? symbols_in(&t[2]) : 0;

    *givens = false;
    *at = 0;
    if (n >= 3 && !is_number(&t[1]) && (has_letter(&t[0]) || has_letter(&t[1]))
        && a + b >= LINE_MAP_MIN && side_of(a + b) != 0 && numbers_from(t, 2, n))
        return true;
    if (n >= 4 && side_of(a) != 0 && b + c == a && !is_number(&t[2])
        && (has_letter(&t[1]) || has_letter(&t[2])) && numbers_from(t, 3, n))
        return *at = 1, true;
    if (n >= 4 && side_of(c) != 0 && a + b == c && has_letter(&t[2]) && numbers_from(t, 3, n))
        return *givens = true, true;
    return false;
}

enum format_id fmt_variant_detect_miscount(const char *text, size_t len)
{
    struct fmt_line ln = { .text = text, .len = len };
    struct vtok t[VTOK_MAX];
    int n = split_tokens(&ln, t, VTOK_MAX), map, numbers = 0, side, at;
    bool givens;

    /* Digits and a region map a symbol or two apart, one of them the size of a square;
     * or both of it and more after them (a comment, a rating), which the reader says is
     * not read, where a one-line Sudoku would take the digits and drop the regions. */
    if (n >= 2 && map_sized(&t[0]) && map_sized(&t[1])
        && (n == 2 ? near(symbols_in(&t[0]), symbols_in(&t[1]))
                         && (side_of(symbols_in(&t[0])) != 0 || side_of(symbols_in(&t[1])) != 0)
                   : side_of(symbols_in(&t[0])) != 0 && symbols_in(&t[0]) == symbols_in(&t[1])))
        return FORMAT_JIGSAW_LINE;
    /* A stray space within a one-line form's digits or maps: its reader says where. */
    if (n < VTOK_MAX && killer_split(t, n, &at, &givens))
        return FORMAT_KILLER_LINE;
    if (n <= 4 && jigsaw_split(t, n) != 0)
        return FORMAT_JIGSAW_LINE;
    /* Cage letters a letter or two off a square (after givens, where the second token is
     * no number), then sums. */
    map = n >= 3 && !is_number(&t[1]) ? 1 : 0;
    for (int i = map + 1; i < n; i++)
        numbers += is_number(&t[i]);
    side = n >= 1 ? nearest_side(t[map].len) : 0;
    if (n >= map + 2 && numbers == n - map - 1 && map_sized(&t[map]) && has_letter(&t[map])
        && near(t[map].len, (size_t)(side * side)))
        return FORMAT_KILLER_LINE;
    return FORMAT_AUTO;
}

bool fmt_variant_near_header(const char *text, size_t len)
{
    size_t letters = 0;

    if (len >= 32)
        return false;
    for (size_t i = 0; i < len; i++) {
        bool letter = (text[i] >= 'a' && text[i] <= 'z') || (text[i] >= 'A' && text[i] <= 'Z');
        if (!letter && text[i] != '-' && !is_blank(text[i]))
            return false;
        letters += letter;
    }
    return letters >= 1;
}

bool fmt_variant_row_with_map(const char *text, size_t len)
{
    struct fmt_line ln = { .text = text, .len = len };
    struct vtok t[VTOK_MAX];
    int n = split_tokens(&ln, t, VTOK_MAX);

    return n >= 2 && ((t[0].s[0] >= '0' && t[0].s[0] <= '9') || t[0].s[0] == '.')
           && t[n - 1].len >= SUDOKU_MIN_SIZE && t[n - 1].len <= 16 && t[n - 1].ascii
           && memchr(t[n - 1].s, '|', t[n - 1].len) == NULL;
}

/* Says which count of a line read as a Jigsaw line is wrong, at the column where it goes
 * wrong (the first symbol too many, or where one is missing); returns -1. */
static int jigsaw_line_fault(struct reader *r, const struct fmt_line *ln, const struct vtok *t, int ntok,
                             struct format_error *err)
{
    size_t digits = ntok >= 2 ? symbols_in(&t[0]) : 0, map = ntok >= 2 ? symbols_in(&t[1]) : 0;
    long short_end = (long)(digits < map ? digits : map);
    int split = ntok <= 4 ? jigsaw_split(t, ntok) : 0;

    /* At the stray space: after the first token, or after the map's first. */
    if (split > 1)
        return fmt_fail(r, err, ln->number, t[0].col + (long)digits,
                        _("expected %1$d digits with no space among them, got a space after %2$d"),
                        (int)symbols_between(t, 0, split), (int)digits);
    if (split == 1)
        return fmt_fail(r, err, ln->number, t[1].col + (long)map,
                        _("expected a region map of %1$d symbols with no space among them, got a "
                          "space after %2$d"), (int)symbols_between(t, 1, ntok), (int)map);

    if (ntok >= 2 && digits != map && side_of(map) != 0)
        return fmt_fail(r, err, ln->number, t[0].col + short_end,
                        _("expected %1$d digits before the region map of %1$d symbols (a %2$dx%2$d "
                          "Jigsaw), got %3$d"), (int)map, side_of(map), (int)digits);
    if (ntok >= 2 && digits != map && side_of(digits) != 0)
        return fmt_fail(r, err, ln->number, t[1].col + short_end,
                        _("expected a region map of %1$d symbols after the %1$d digits, got %2$d"),
                        (int)digits, (int)map);
    if (ntok >= 3 && digits == map && side_of(map) != 0) {
        char got[UTIL_QUOTE_SIZE];
        return fmt_fail(r, err, ln->number, t[2].col,
                        _("expected the line to end after the region map (a comment goes on a "
                          "line of its own), got '%s'"), util_quote(t[2].s, t[2].len, got, sizeof got));
    }
    return fmt_fail(r, err, ln->number, 1, _("expected a Jigsaw line: N*N digits, then N*N region symbols (81 and 81 for 9x9)"));
}

/* Says which count of a line read as a Killer line is wrong: its cage letters (t[map]),
 * not a square's, or its givens before them (t[0]), not as many; at the column where it
 * goes wrong.  t is NULL for an empty line.  Returns -1. */
static int killer_line_fault(struct reader *r, const struct fmt_line *ln, const struct vtok *t, int map,
                             struct format_error *err)
{
    size_t letters = t != NULL ? t[map].len : 0, givens = t != NULL ? symbols_in(&t[0]) : 0;
    int side = nearest_side(letters), want = side * side;

    if (t != NULL && side_of(letters) == 0 && letters >= LINE_MAP_MIN)
        return fmt_fail(r, err, ln->number, t[map].col + (letters < (size_t)want ? (long)letters : want),
                        _("expected N*N cage letters (%1$d for %2$dx%2$d), got %3$d"), want, side,
                        (int)letters);
    if (t != NULL && side_of(letters) != 0 && map == 1)
        return fmt_fail(r, err, ln->number, t[0].col + (long)(givens < letters ? givens : letters),
                        _("expected %1$d givens before the %1$d cage letters, got %2$d"), (int)letters,
                        (int)givens);
    return fmt_fail(r, err, ln->number, 1, _("expected a Killer line: N*N cage letters (81 for 9x9), then the cages' sums"));
}

/* --- Maps: symbols to regions and cages --- */

/* Where each cell's digit and map symbols were read.  A row read straight (straight_row)
 * keeps its line alone, at its first cell with digit_col 0: its columns follow from the
 * size, and are worked out (cell_pos) only for a message. */
struct vpos {
    long line, digit_col, region_col, cage_col;
};

/* Where a cell of p was read. */
static struct vpos cell_pos(const struct puzzle *p, const struct vpos *pos, int cell)
{
    int n = p->max_digit, c = cell % n;
    const struct vpos *row = &pos[cell - c];
    bool two_maps = (p->variant & VARIANT_JIGSAW) && (p->variant & VARIANT_KILLER);

    if (row->digit_col != 0)
        return pos[cell];
    return (struct vpos){ .line = row->line, .digit_col = c + 1, .region_col = n + 2 + c,
                          .cage_col = two_maps ? 2 * n + 3 + c : n + 2 + c };
}

/* Numbers the distinct symbols of map in order of first appearance; '.' is -1 when
 * dot_is_none.  Cages are numbered in order of their first cells, whatever their symbols,
 * so that a puzzle written and read back is the same.  Returns how many, or -1 past max,
 * *bad being the cell of the first symbol too many (looked for only where a symbol is
 * new: a check a cell was a fifth of numbering a Jigsaw's regions). */
static int number_symbols(const char *map, int ncells, int16_t *out, int max, bool dot_is_none, int *bad)
{
    int16_t index[256];     /* -1: not seen (a memset, where a loop was a fifth of it) */
    int count = 0;

    memset(index, 0xff, sizeof index);
    for (int cell = 0; cell < ncells; cell++) {
        unsigned char ch = (unsigned char)map[cell];

        if (dot_is_none && ch == '.') {
            out[cell] = -1;
            continue;
        }
        if (index[ch] < 0) {
            if (count >= max) {
                *bad = cell;
                return -1;
            }
            index[ch] = (int16_t)count++;
        }
        out[cell] = index[ch];
    }
    return count;
}

/* The sums of a Killer's cages, by symbol. */
struct vsums {
    int sum[256];           /* 0: none given */
    long line[256], col[256];
};

/* '#' and '=' name no cage: a line of sums led by "#=5" is a comment, so the message
 * "expected #=SUM" would send the user round.  Said only where such a cage has no sum
 * (the reader has no other use for them), so no map is searched for them. */
static bool reserved_cage_symbol(char ch)
{
    return ch == '#' || ch == '=';
}

/* Gives the puzzle its cages from the cage symbols and their sums; -1 with err filled
 * at the map or the sum at fault. */
static int apply_cages(struct reader *r, struct puzzle *p, const char *map, const struct vsums *sums,
                       const struct vpos *pos, struct format_error *err)
{
    /* Numbered straight into the puzzle's cages (a puzzle that fails is freed, not
     * used), and its sums given room for them all at once: a room of numbers to copy and
     * a realloc a cage were all but a few of the allocations of reading a Killer. */
    int16_t *cage = p->cage;
    int bad = 0, ncages = number_symbols(map, p->ncells, cage, 32767, true, &bad);
    int rc = 1;

    p->cage_sum = xrealloc(p->cage_sum, (size_t)(ncages > 0 ? ncages : 1) * sizeof *p->cage_sum);
    for (int k = 0; k < ncages && rc > 0; k++) {
        int first = 0;

        while (cage[first] != k)
            first++;
        if (sums->sum[(unsigned char)map[first]] == 0)
            rc = fmt_fail(r, err, cell_pos(p, pos, first).line, cell_pos(p, pos, first).cage_col,
                          reserved_cage_symbol(map[first])
                              ? _("'%1$c' cannot name a cage ('#' starts a comment, '=' gives a sum): "
                                  "expected a letter, a digit or other punctuation")
                              : _("the cage '%1$c' has no sum: expected %1$c=SUM after the grid"), map[first]);
        else
            p->cage_sum[p->ncages++] = sums->sum[(unsigned char)map[first]];
    }
    for (int ch = 0; ch < 256 && rc > 0; ch++)
        if (sums->sum[ch] != 0 && memchr(map, ch, (size_t)p->ncells) == NULL)
            rc = fmt_fail(r, err, sums->line[ch], sums->col[ch],
                          _("a sum for the cage '%1$c', which the grid does not have"), ch);
    return rc;
}

/* out[i] = in[i] + delta for n bytes, eight at a time: a whole word's sum is each byte's,
 * as the callers' bytes neither carry nor borrow (regions 0-8 and their symbols '1' on,
 * one turned into the other).  Reading and writing a Jigsaw's region map both do it. */
static void bytes_offset(const void *in, int n, void *out, int delta)
{
    const uint64_t step = 0x0101010101010101ull * (uint64_t)(int64_t)delta;
    const uint8_t *from = in;
    uint8_t *to = out;
    int i = 0;

    for (; i + 8 <= n; i += 8) {
        uint64_t x;

        memcpy(&x, from + i, 8);
        x += step;
        memcpy(to + i, &x, 8);
    }
    for (; i < n; i++)
        to[i] = (uint8_t)(from[i] + delta);
}

/* number_symbols for a region map (no '.' for none, at most max <= SUDOKU_MAX_SIZE
 * regions), straight into the puzzle's bytes: numbering into 16 bits and then copying
 * them was two thirds of giving a Jigsaw its regions. */
static int number_regions(const char *map, int ncells, uint8_t *out, int max, int *bad)
{
    uint8_t index[256];     /* 0xff: not seen */
    int count = 0;

    /* Regions named '1' on in order of first appearance (as kakudo writes them): each
     * its symbol less '1'. */
    if (max <= 9 && (count = util_numbered_in_order((const uint8_t *)map, (size_t)ncells, '1',
                                                    (uint8_t)('0' + max))) >= 0) {
        bytes_offset(map, ncells, out, -'1');
        return count;
    }
    count = 0;
    memset(index, 0xff, sizeof index);
    for (int cell = 0; cell < ncells; cell++) {
        unsigned char ch = (unsigned char)map[cell];

        if (index[ch] == 0xff) {
            if (count >= max) {
                *bad = cell;
                return -1;
            }
            index[ch] = (uint8_t)count++;
        }
        out[cell] = index[ch];
    }
    return count;
}

static int apply_regions(struct reader *r, struct puzzle *p, const char *map, const struct vpos *pos,
                         struct format_error *err)
{
    int bad = 0;

    if (number_regions(map, p->ncells, p->region, p->max_digit, &bad) < 0)
        return fmt_fail(r, err, cell_pos(p, pos, bad).line, cell_pos(p, pos, bad).region_col,
                        _("'%1$c' would be region %2$d; a %3$dx%3$d Jigsaw has %3$d regions"),
                        map[bad], p->max_digit + 1, p->max_digit);
    return 1;
}

/* The line of the first row when every row was read straight (straight_row), one a line
 * with nothing between them, so that a cell's place follows from the line alone; else 0. */
static long straight_rows_line(const struct puzzle *p, const struct vpos *pos)
{
    int n = p->max_digit;

    for (int r = 0; r < n; r++)
        if (pos[r * n].digit_col != 0 || pos[r * n].line != pos[0].line + r)
            return 0;
    return pos[0].line;
}

/* Checks the finished variant, reporting a fault at the map or digit it concerns (its
 * regions not again when regions_checked; a region named by its symbol in region_map);
 * rows_line and digits_line as fmt_finish_variant_groups takes them. */
static int finish_variant(struct reader *r, struct puzzle *p, const struct vpos *pos, long rows_line,
                          long digits_line, bool regions_checked, const char *region_map,
                          struct puzzle **out, struct format_error *err)
{
    struct puzzle_error perr = { .cell = -1 };
    struct vpos at = { 0 };
    long col = 0;
    bool ok = true;

    if ((p->variant & VARIANT_JIGSAW) && !regions_checked && !variant_check_regions_named(p, region_map, &perr)) {
        ok = false;
        at = perr.cell >= 0 ? cell_pos(p, pos, perr.cell) : at;
        col = at.region_col;
    } else if ((p->variant & VARIANT_KILLER)
               && (!variant_check_cages(p, &perr) || !variant_check_cover(p, &perr))) {
        ok = false;
        at = perr.cell >= 0 ? cell_pos(p, pos, perr.cell) : at;
        col = at.cage_col;
    } else if (!fmt_finish_variant_groups(r, p, rows_line, digits_line, &perr)) {
        ok = false;
        at = perr.cell >= 0 ? cell_pos(p, pos, perr.cell) : at;
        col = at.digit_col;
    }
    if (!ok) {
        fmt_fail(r, err, at.line, col, "%s", perr.message);
        puzzle_free(p);
        return -1;
    }
    *out = p;
    return 1;
}

/* "expected a digit 1-n ..., got 'X'" for the character at s (of avail bytes), whole. */
static int bad_digit(const struct reader *r, long line, long col, int n, const char *s, size_t avail,
                     struct format_error *err)
{
    char got[UTIL_QUOTE_SIZE];
    int len = util_utf8_len((const uint8_t *)s, avail);

    util_quote(s, len > 0 ? (size_t)len : 1, got, sizeof got);
    return fmt_fail(r, err, line, col, _("expected a digit 1-%1$d or '.' for an empty cell, got '%2$s'"), n, got);
}

/* Reads the digits of a row from tokens (spaces and '|' between them ignored) into
 * given; -1 with err filled. */
static int read_digits(struct reader *r, const struct fmt_line *ln, const struct vtok *t, int ntok, int n,
                       uint8_t *given, struct vpos *pos, struct format_error *err)
{
    int count = 0;

    for (int i = 0; i < ntok; i++)
        for (size_t j = 0; j < t[i].len; j++) {
            int ch = (unsigned char)t[i].s[j], v;

            if (ch == '|')
                continue;
            v = fmt_symbol_value(ch);
            if (count >= n)
                return fmt_fail(r, err, ln->number, t[i].col + (long)j,
                                _("expected %1$d digits before the maps, got more"), n);
            if (v < 0 || v > n)
                return bad_digit(r, ln->number, t[i].col + (long)j, n, t[i].s + j, t[i].len - j, err);
            given[count] = (uint8_t)v;
            pos[count].line = ln->number;
            pos[count].digit_col = t[i].col + (long)j;
            count++;
        }
    if (count < n)
        return fmt_fail(r, err, ln->number, ntok > 0 ? t[0].col : 1,
                        _("expected %1$d digits, got %2$d"), n, count);
    return 1;
}

static bool is_separator(const struct fmt_line *ln)
{
    for (size_t i = 0; i < ln->len; i++)
        if (strchr("-+|= \t\r", ln->text[i]) == NULL)
            return false;
    return true;
}

/* A line of cage sums, "a=3 b=15 ...": every token a symbol, '=' and more.  Any number of
 * them (a 16x16 Killer has a hundred cages or so), so the line is walked, not split.  A
 * token led by '#' after sums is taken as the line's (a comment is a whole line: the
 * reader says so at its column, where "no line of sums" would point elsewhere). */
static bool is_sum_line(const struct fmt_line *ln)
{
    struct vtok t;
    struct vcursor cur = VCURSOR_START;
    int n = 0;

    for (; next_token(ln, &cur, &t); n++) {
        if (t.s[0] == '#' && n > 0)
            return true;
        if (t.len < 3 || t.s[1] != '=')
            return false;
    }
    return n > 0;
}

/* The most blank and comment lines looked past for a line of sums. */
#define SUM_GAP_MAX 8

/* Drops the blank and comment lines before a line of sums, as a Killer written by hand
 * may set its sums apart (a blank line, "# cage sums"): such a line was "no line of
 * sums", and the sums then a puzzle of their own.  Nothing is dropped when no line of
 * sums follows them: they end the puzzle, and a comment may name the next one. */
static void skip_to_sum_line(struct reader *r)
{
    struct fmt_line ln;
    int k = 0;

    while (k < SUM_GAP_MAX && fmt_peek(r, k, &ln) && !ln.faulty && (ln.blank || ln.comment))
        k++;
    if (k == 0 || !fmt_peek(r, k, &ln) || ln.faulty || ln.blank || ln.comment || !is_sum_line(&ln))
        return;
    while (k-- > 0)
        fmt_drop(r);
}

/* Whether no line of sums follows a Killer's rows (the last on line last_row): then err
 * says so at the line where it was expected; at the token that is no SYMBOL=SUM where a
 * line is there ("a = 12", "a:12": such a line was said to be missing, with no column). */
static bool no_sum_line(struct reader *r, long last_row, struct format_error *err)
{
    struct fmt_line ln;
    bool there = fmt_peek(r, 0, &ln);
    struct vtok t;
    struct vcursor cur = VCURSOR_START;

    if (there && (ln.blank || ln.comment)) {
        skip_to_sum_line(r);
        there = fmt_peek(r, 0, &ln);
    }
    if (there && !ln.blank && !ln.comment && !ln.faulty && is_sum_line(&ln))
        return false;
    while (there && !ln.blank && !ln.comment && !ln.faulty && next_token(&ln, &cur, &t))
        if (t.len < 3 || t.s[1] != '=') {
            char got[UTIL_QUOTE_SIZE];
            fmt_fail(r, err, ln.number, t.col, _("expected the cages' sums after the rows as "
                     "SYMBOL=SUM, without spaces (a=12 b=17 ...), got '%s'"),
                     util_quote(t.s, t.len, got, sizeof got));
            return true;
        }
    fmt_fail(r, err, there ? ln.number : last_row + 1, 0,
             _("cage letters but no line of sums: expected the cages' sums after the rows, "
               "as a=12 b=17 ..."));
    return true;
}

static int read_sum_lines(struct reader *r, int max_digit, struct vsums *sums, struct format_error *err)
{
    struct fmt_line ln;

    while (fmt_peek(r, 0, &ln) && !ln.blank && !ln.comment && !ln.faulty && is_sum_line(&ln)) {
        struct vtok t;
        struct vcursor cur = VCURSOR_START;

        while (next_token(&ln, &cur, &t)) {
            unsigned char ch = (unsigned char)t.s[0];
            struct vtok num = { .s = t.s + 2, .len = t.len - 2, .col = t.col + 2 };
            int sum;

            if (ch == '#')      /* "#=5" was taken as a sum for a cage '#' */
                return fmt_fail(r, err, ln.number, t.col, _("'#' starts a comment only at the "
                                "start of a line: expected SYMBOL=SUM tokens, as a=12"));
            if ((sum = cage_sum(r, ln.number, &num, max_digit, err)) < 0)
                return -1;
            if (sums->sum[ch] != 0)
                return fmt_fail(r, err, ln.number, t.col, _("a second sum for the cage '%1$c'"), ch);
            sums->sum[ch] = sum;
            sums->line[ch] = ln.number;
            sums->col[ch] = t.col;
        }
        fmt_drop(r);
        skip_to_sum_line(r);
    }
    return 1;
}

/* The puzzle of a variant being read, of side n, and room for its maps and the places
 * of its cells: the reader's, kept across the puzzles of a file (three allocations and
 * frees a puzzle were a twentieth of reading a Jigsaw). */
static void new_variant_puzzle(struct reader *r, int n, unsigned flags, struct puzzle **pp, char **region_map,
                               char **cage_map, struct vpos **posp)
{
    size_t ncells;
    char *room;

    *pp = sudoku_new_unfinished(n);
    puzzle_set_variant(*pp, flags);
    ncells = (size_t)(*pp)->ncells;
    room = fmt_scratch(r, ncells * sizeof **posp + 2 * (ncells + 1));
    /* Not cleared: each row sets its cells' line and digit column, and the column of
     * each map its variant has (those alone are read); clearing the room was a tenth of
     * reading a Jigsaw. */
    *posp = (struct vpos *)(void *)room;
    if (flags & VARIANT_JIGSAW)
        *region_map = memset(room + ncells * sizeof **posp, 0, ncells + 1);
    if (flags & VARIANT_KILLER)
        *cage_map = memset(room + ncells * sizeof **posp + ncells + 1, 0, ncells + 1);
}

/* Eight digit symbols of a grid of side n <= 9 ('.' or '0' for an empty cell, '1' to
 * '0' + n) as their values, a word's bytes at once, in place; false when any is not
 * such.  A byte at a time this was half of reading a row; inlined in each reader (a
 * call a row was a tenth of reading one). */
static inline __attribute__((always_inline)) bool small_digits8(uint64_t symbols, int n, uint64_t *values)
{
    const uint64_t ones = 0x0101010101010101ull, high = ones * 0x80;
    uint64_t dots = ~util_nonzero_byte_tops(symbols ^ ones * '.') & high;
    uint64_t w = symbols + (dots >> 6);     /* '.' + 2 is '0' */
    /* Each byte's top bit: below '0', above '0' + n, beyond ASCII (no borrow nor carry
     * runs between bytes in either sum). */
    uint64_t below = ~((w | high) - ones * '0') & high;
    uint64_t above = ((w & ~high) + ones * (uint64_t)(0x7f - '0' - n)) & high;

    if ((below | above | (w & high)) != 0)
        return false;
    *values = w - ones * '0';
    return true;
}

/* Whether the eight symbols at s are all 0x21-0x7f (no blank, nothing beyond ASCII). */
static bool printable8(const char *s)
{
    const uint64_t ones = 0x0101010101010101ull, high = ones * 0x80;
    uint64_t w;

    memcpy(&w, s, 8);
    return (w & high) == 0 && ((w + ones * (0x80 - 0x21)) & high) == high;
}

/* Whether none of the n symbols of a map is blank or beyond ASCII: eight at a time where
 * all are 0x21-0x7f, the last part as the map's last eight (some looked at again: a 9x9
 * row's last symbol alone was a third of the check), any other byte looked at alone.
 * The last eight stand for the last part only when every eight before were fine: after
 * eight that were not, they would pass over the bytes between (from 17 symbols a row). */
static bool map_symbols_straight(const char *map, int n)
{
    int c = 0;

    for (; c + 8 <= n; c += 8)
        if (!printable8(map + c))
            break;
    if (c + 8 > n && c < n && c >= 8 && printable8(map + n - 8))
        return true;
    for (; c < n; c++)
        if (is_blank(map[c]) || (unsigned char)map[c] >= 0x80)
            return false;
    return true;
}

/* The n symbols of a row from from to to: for 8 to 16 of them (a 9x9's rows), as two
 * words that overlap, where a memcpy of a length it cannot know was a third of writing a
 * row and a third of reading a map straight. */
static void copy_row(char *to, const char *from, int n)
{
    if (n >= 8 && n <= 16) {
        uint64_t head, tail;

        memcpy(&head, from, 8);
        memcpy(&tail, from + n - 8, 8);
        memcpy(to, &head, 8);
        memcpy(to + n - 8, &tail, 8);
        return;
    }
    memcpy(to, from, (size_t)n);
}

/* A row as kakudo writes it, read straight, without tokens: n digits ('.' or '0' for an
 * empty cell), then nmaps maps of n ASCII symbols each after one space, and nothing
 * else.  Splitting the row into tokens and reading them one by one was most of reading
 * a variant's rows.  False for any other row (given and the maps perhaps written in
 * part): the general reading then takes it (and says what is wrong with it). */
static bool straight_row(const struct fmt_line *ln, int n, int nmaps, uint8_t *given, char *maps[2])
{
    const char *text = ln->text;
    int c = 0;

    if (ln->len != (size_t)n + (size_t)nmaps * ((size_t)n + 1))
        return false;
    for (; n <= 9 && c + 8 <= n; c += 8) {
        uint64_t symbols, values;

        memcpy(&symbols, text + c, 8);
        if (!small_digits8(symbols, n, &values))
            return false;
        memcpy(given + c, &values, 8);
    }
    for (; c < n; c++) {
        int ch = (unsigned char)text[c], v = n <= 9 ? (ch == '.' ? 0 : ch - '0') : fmt_symbol_value(ch);

        if (v < 0 || v > n)
            return false;
        given[c] = (uint8_t)v;
    }
    for (int m = 0; m < nmaps; m++) {
        const char *map = text + n + m * (n + 1);

        if (map[0] != ' ' || !map_symbols_straight(map + 1, n))
            return false;
        copy_row(maps[m], map + 1, n);
    }
    return true;
}

/* Whether a token of the row is long enough to be a map: none is where the digits are
 * spaced out and no map stands beside them. */
static bool has_map_sized_token(const struct vtok *t, int ntok)
{
    for (int i = 0; i < ntok; i++)
        if (t[i].len >= SUDOKU_MIN_SIZE)
            return true;
    return false;
}

/* A first row none of whose tokens is long enough to be a map: spaced digits with no map
 * beside them, as where a collection's Jigsaw gives its regions as N more rows below.
 * Maps are read beside the digits only; this says so, where counting the spaced digits
 * less the last as the row would name a grid a size too small. */
static int map_not_beside(const struct reader *r, long line, const struct vtok *last, unsigned flags,
                          struct format_error *err)
{
    const char *msg = (flags & VARIANT_JIGSAW) && (flags & VARIANT_KILLER)
                          ? _("expected the region map and the cage map beside the row's digits, "
                              "each N symbols without spaces (maps below the grid are not read)")
                      : (flags & VARIANT_JIGSAW)
                          ? _("expected the region map beside the row's digits, N symbols without spaces "
                              "(a map below the grid is not read)")
                          : _("expected the cage map beside the row's digits, N symbols without spaces "
                              "(a map below the grid is not read)");

    return fmt_fail(r, err, line, last->col, "%s", msg);
}

/* Reads the header and rows of a variant puzzle; on success *pp holds it, its maps in
 * region_map and cage_map. */
/* One row of the grid from its tokens: digits, then nmaps maps; the puzzle is made at the
 * first row (its symbols give the size).  -1 with err filled. */
static int read_variant_row(struct reader *r, const struct fmt_line *ln, const struct vtok *t, int ntok,
                            unsigned flags, int rows, struct puzzle **pp, char **region_map, char **cage_map,
                            struct vpos **posp, struct format_error *err)
{
    int nmaps = !!(flags & VARIANT_JIGSAW) + !!(flags & VARIANT_KILLER), n;

    if (ntok < nmaps + 1)
        return fmt_fail(r, err, ln->number, 1, nmaps == 2 ? _("expected a row's digits, then its region map and its cage map")
                                               : nmaps == 1 ? _("expected a row's digits, then its map")
                                                            : _("expected a row of digits"));
    if (*pp == NULL) {
        size_t symbols = 0;

        if (nmaps > 0 && !has_map_sized_token(t, ntok))
            return map_not_beside(r, ln->number, &t[ntok - nmaps], flags, err);
        for (int i = 0; i < ntok - nmaps; i++)
            for (size_t j = 0; j < t[i].len; j++)     /* characters: a byte that starts one */
                symbols += t[i].s[j] != '|' && ((unsigned char)t[i].s[j] & 0xC0) != 0x80;
        if (symbols < SUDOKU_MIN_SIZE || symbols > SUDOKU_MAX_SIZE)
            return fmt_fail(r, err, ln->number, t[0].col,
                            _("expected a row of N symbols (N = 4 to %1$d), got %2$d"), SUDOKU_MAX_SIZE,
                            symbols > INT_MAX ? INT_MAX : (int)symbols);
        if (!side_has_boxes((int)symbols, flags))
            return no_boxes(r, ln->number, t[0].col, (int)symbols, err);
        new_variant_puzzle(r, (int)symbols, flags, pp, region_map, cage_map, posp);
    }
    n = (*pp)->max_digit;
    if (read_digits(r, ln, t, ntok - nmaps, n, (*pp)->given + rows * n, *posp + rows * n, err) < 0)
        return -1;
    for (int m = 0; m < nmaps; m++) {
        const struct vtok *map = &t[ntok - nmaps + m];
        bool regions = m == 0 && (flags & VARIANT_JIGSAW);
        char *dest = (regions ? *region_map : *cage_map) + rows * n;

        if (map_ascii(r, ln->number, map, regions, err) < 0)
            return -1;
        if ((int)map->len != n)
            return fmt_fail(r, err, ln->number, map->col, regions ? _("expected a region map of %1$d symbols, got %2$d")
                                                                  : _("expected a cage map of %1$d symbols, got %2$d"),
                            n, map->len > INT_MAX ? INT_MAX : (int)map->len);
        memcpy(dest, map->s, map->len);
        for (int c = 0; c < n; c++) {
            if (regions)
                (*posp)[rows * n + c].region_col = map->col + c;
            else
                (*posp)[rows * n + c].cage_col = map->col + c;
        }
    }
    return 1;
}

/* A row read straight (straight_row) as row number rows, the puzzle made at the first
 * row, whose length gives its size; false, nothing made, when it is not such.  Rows after
 * the first are read into the puzzle and its maps at once (through a row on the stack and
 * a copy, three copies a row were a fifth of reading one): one that turns out not to be
 * straight may be left written in part, which the general reading then writes whole
 * again or fails on. */
static bool straight_rows(struct reader *r, const struct fmt_line *ln, unsigned flags, int rows,
                          struct puzzle **pp, char **region_map, char **cage_map, struct vpos **posp)
{
    int nmaps = !!(flags & VARIANT_JIGSAW) + !!(flags & VARIANT_KILLER);
    int n = *pp != NULL ? (*pp)->max_digit : (int)((ln->len - (size_t)nmaps) / (size_t)(nmaps + 1));
    uint8_t given[SUDOKU_MAX_SIZE];
    char map[2][SUDOKU_MAX_SIZE], *maps[2] = { map[0], map[1] };

    bool made = *pp != NULL;

    /* A first row of a side without boxes: the general reading says so. */
    if (ln->len < (size_t)nmaps || n < SUDOKU_MIN_SIZE || n > SUDOKU_MAX_SIZE
        || (!made && !side_has_boxes(n, flags)))
        return false;
    for (int m = 0; made && m < nmaps; m++)
        maps[m] = (m == 0 && (flags & VARIANT_JIGSAW) ? *region_map : *cage_map) + rows * n;
    if (!straight_row(ln, n, nmaps, made ? (*pp)->given + rows * n : given, maps))
        return false;
    if (!made) {
        new_variant_puzzle(r, n, flags, pp, region_map, cage_map, posp);
        memcpy((*pp)->given, given, (size_t)n);
        for (int m = 0; m < nmaps; m++)
            memcpy(m == 0 && (flags & VARIANT_JIGSAW) ? *region_map : *cage_map, map[m], (size_t)n);
    }
    (*posp)[rows * n] = (struct vpos){ .line = ln->number, .digit_col = 0 };
    return true;
}

static int read_variant_rows(struct reader *r, unsigned flags, struct puzzle **pp, char **region_map,
                             char **cage_map, struct vpos **posp, struct format_error *err)
{
    int n = 0, rows = 0;
    struct fmt_line ln;
    long start = 0;

    while (*pp == NULL || rows < n) {
        struct vtok room[VTOK_MAX], *t;
        int ntok, rc;

        if (!fmt_peek(r, 0, &ln))
            return *pp == NULL ? fmt_fail_at_end(r, err, _("the rows of the grid"))
                               : fmt_fail_at_end(r, err, _("more rows of the grid"));
        if (ln.faulty)
            return fmt_fail_fault(r, err);
        if (ln.blank && *pp != NULL)
            return fmt_fail(r, err, start, 0, _("expected %1$d rows, got %2$d"), n, rows);
        /* A row read straight is no separator (its digits are none of a separator's
         * characters): looked at first, as most rows are. */
        if (!ln.blank && !ln.comment && straight_rows(r, &ln, flags, rows, pp, region_map, cage_map, posp)) {
            start = rows == 0 ? ln.number : start;
            n = (*pp)->max_digit;
            rows++;
            fmt_drop(r);
            continue;
        }
        if (ln.blank || ln.comment || is_separator(&ln)) {
            fmt_drop(r);
            continue;
        }
        if (*pp == NULL)
            start = ln.number;
        ntok = split_all_tokens(&ln, room, VTOK_MAX, &t);
        rc = read_variant_row(r, &ln, t, ntok, flags, rows, pp, region_map, cage_map, posp, err);
        free_tokens(t, room);
        if (rc < 0)
            return -1;
        n = (*pp)->max_digit;
        rows++;
        fmt_drop(r);
    }
    return 1;
}

/* The variant of a headerless Killer whose rows have ntok tokens: digits and cage map, or
 * digits, region map and cage map. */
static unsigned headerless_flags(int ntok)
{
    return ntok == 3 ? VARIANT_KILLER | VARIANT_JIGSAW : VARIANT_KILLER;
}

/* Whether the lookahead from line k on is a Killer without its header line, as
 * CodinGame's "Killer Sudoku Solver" gives one: N rows of N digits, each followed by its
 * cage map (a Killer Jigsaw: its region map, then its cage map), comments and separators
 * aside, then the line of cage sums.  Its variant's flags, or 0.  The sums line after
 * the rows is what no other format has, so nothing else is taken for one; rows whose
 * cage maps hold letters and then end (the file, or at a blank line) are one whose sums
 * line is missing, which its reader then reports. */
unsigned fmt_variant_headerless(struct reader *r, int k)
{
    struct fmt_line ln;
    struct vtok t[4];
    int ntok = 0, n = 0, rows = 0;
    bool letters = false;

    for (; fmt_peek(r, k, &ln) && !ln.blank && !ln.faulty; k++) {
        int m;

        if (ln.comment || is_separator(&ln))
            continue;
        if (rows == n && n > 0)
            return is_sum_line(&ln) ? headerless_flags(ntok) : 0;
        m = split_tokens(&ln, t, 4);
        if (rows == 0) {
            ntok = m;
            n = (int)t[0].len;
        }
        if ((m != 2 && m != 3) || m != ntok || n < SUDOKU_MIN_SIZE || n > SUDOKU_MAX_SIZE)
            return 0;
        for (int i = 0; i < m; i++)
            if ((int)t[i].len != n)
                return 0;
        letters |= has_letter(&t[m - 1]);
        rows++;
    }
    return rows == n && n > 0 && letters ? headerless_flags(ntok) : 0;
}

int fmt_read_variant(struct reader *r, struct puzzle **out, struct format_error *err)
{
    struct fmt_line ln;
    struct vtok t[VTOK_MAX];
    struct puzzle *p = NULL;
    struct vpos *pos = NULL;
    struct vsums *sums = NULL;
    char *name = NULL, *region_map = NULL, *cage_map = NULL;
    unsigned flags = 0;
    int rc, ntok;

    if (!fmt_reach_puzzle(r, &name))
        return 0;
    fmt_peek(r, 0, &ln);
    if (ln.faulty) {
        rc = fmt_fail_fault(r, err);
        goto out;
    }
    ntok = split_tokens(&ln, t, VTOK_MAX);
    if (ntok == 1 && (token_is_variant(&t[0], &flags) || token_is_variant_in_capitals(&t[0], &flags)))
        fmt_drop(r);
    else if ((flags = fmt_variant_headerless(r, 0)) == 0) {
        rc = fmt_fail(r, err, ln.number, t[0].col, _("expected a variant's name alone on the line (sudoku-x, jigsaw, "
                                                     "killer, killer-x, killer-jigsaw, jigsaw-x, killer-jigsaw-x)"));
        goto out;
    }
    rc = read_variant_rows(r, flags, &p, &region_map, &cage_map, &pos, err);
    if (rc > 0 && (flags & VARIANT_KILLER)) {
        sums = xcalloc(1, sizeof *sums);
        rc = no_sum_line(r, cell_pos(p, pos, p->ncells - 1).line, err) ? -1 : read_sum_lines(r, p->max_digit, sums, err);
    }
    if (rc > 0 && (flags & VARIANT_JIGSAW))
        rc = apply_regions(r, p, region_map, pos, err);
    if (rc > 0 && (flags & VARIANT_KILLER))
        rc = apply_cages(r, p, cage_map, sums, pos, err);
    if (rc > 0) {
        p->name = name;     /* handed over, not copied: the puzzle is new, nameless */
        name = NULL;
        rc = finish_variant(r, p, pos, straight_rows_line(p, pos), 0, false, region_map, out, err);
        p = NULL;   /* finish_variant freed it or handed it out */
    }
out:
    puzzle_free(p);     /* pos and the maps are the reader's room */
    free(sums);
    free(name);
    return rc;
}

/* The next content line of a one-line form, consumed; 0 at the end. */
static int next_line(struct reader *r, struct fmt_line *ln, struct format_error *err)
{
    while (fmt_peek(r, 0, ln) && (ln->blank || ln->comment))
        fmt_drop(r);
    if (!fmt_peek(r, 0, ln))
        return 0;
    if (ln->faulty) {
        int rc = fmt_fail_fault(r, err);
        fmt_drop(r);
        return rc;
    }
    return 1;
}

/* The digits of a one-line form from a token (or its first count symbols). */
static int line_digits(struct reader *r, const struct fmt_line *ln, const struct vtok *t, int n,
                       struct puzzle *p, struct vpos *pos, struct format_error *err)
{
    int ncells = p->ncells, cell = 0;

    (void)n;
    /* Eight digits at once while they are such (a symbol at a time through
     * fmt_symbol_value was a seventh of reading a one-line Jigsaw); the rest, and any
     * symbol that is not one, one at a time. */
    for (; p->max_digit <= 9 && cell + 8 <= ncells; cell += 8) {
        uint64_t symbols, values;

        memcpy(&symbols, t->s + cell, 8);
        if (!small_digits8(symbols, p->max_digit, &values))
            break;
        memcpy(p->given + cell, &values, 8);
    }
    for (; cell < ncells; cell++) {
        int ch = (unsigned char)t->s[cell], v = fmt_symbol_value(ch);

        if (v < 0 || v > p->max_digit)
            return bad_digit(r, ln->number, t->col + cell, p->max_digit, t->s + cell,
                             t->len - (size_t)cell, err);
        p->given[cell] = (uint8_t)v;
    }
    for (cell = 0; cell < ncells; cell++) {
        pos[cell].line = ln->number;
        pos[cell].digit_col = t->col + cell;
    }
    return 1;
}

/* --- A Jigsaw as two lines: N*N digits, then N*N region symbols on the next line --- */

/* The region map on lookahead line k, alone on it as a token of count symbols: a Jigsaw's
 * second line, as some collections print one.  False if the line is anything else. */
static bool region_line_at(struct reader *r, int k, size_t count, struct fmt_line *ln, struct vtok *map)
{
    struct vtok t[2];

    return fmt_peek(r, k, ln) && !ln->blank && !ln->comment && !ln->faulty
           && split_tokens(ln, t, 2) == 1 && symbols_in(&t[0]) == count && (*map = t[0], true);
}

/* Whether map (n*n symbols) makes n contiguous regions of n cells. */
static bool regions_fit(int n, const char *map)
{
    struct puzzle *p = sudoku_new_unfinished(n);
    struct puzzle_error perr;
    int bad;
    bool fit;

    puzzle_set_variant(p, VARIANT_JIGSAW);
    fit = number_regions(map, p->ncells, p->region, n, &bad) >= 0 && variant_check_regions(p, &perr);
    puzzle_free(p);
    return fit;
}

/* Line k of the lookahead holds a one-line Sudoku's N*N digits and line k + 1 a region
 * map of N contiguous regions of N cells each.  Read as a Sudoku, such a map always
 * clashes (two cells of a region side by side hold one symbol, in one row or column) or
 * is no Sudoku at all: the pair is one Jigsaw, nothing else. */
bool fmt_variant_jigsaw_pair(struct reader *r, int k)
{
    struct fmt_line digits, regions;
    struct vtok t[2], map;
    int n;

    if (!fmt_peek(r, k, &digits) || digits.blank || digits.comment || digits.faulty
        || split_tokens(&digits, t, 2) != 1 || (n = side_of(t[0].len)) == 0
        || !region_line_at(r, k + 1, t[0].len, &regions, &map) || map.len != t[0].len)
        return false;
    for (size_t i = 0; i < t[0].len; i++) {
        int v = fmt_symbol_value((unsigned char)t[0].s[i]);
        if (v < 0 || v > n)
            return false;
    }
    return regions_fit(n, map.s);
}

/* The Jigsaw whose digits are the token t of line ln and whose region map is the token
 * regions of line map_at (ln's own, or the next line's for a Jigsaw on two lines).  A map
 * of its own line has its faults said there: the cells' places give that line while the
 * regions are read and checked, then the digits' line again for the givens. */
static int jigsaw_from_parts(struct reader *r, const struct fmt_line *ln, const struct vtok *t,
                             long map_at, const struct vtok *regions, struct puzzle **out,
                             struct format_error *err)
{
    int n = side_of(regions->len);
    struct puzzle *p = sudoku_new_unfinished(n);
    struct vpos *pos;
    bool map_apart = map_at != ln->number;
    struct puzzle_error perr;
    int rc;

    puzzle_set_variant(p, VARIANT_JIGSAW);
    /* The reader's room, not cleared: the digits give each cell its line and digit
     * column, the map its region column, and nothing else is read (an allocation
     * cleared a puzzle was a tenth of reading a one-line Jigsaw). */
    pos = fmt_scratch(r, (size_t)p->ncells * sizeof *pos);
    rc = line_digits(r, ln, t, n, p, pos, err);
    for (int cell = 0; cell < p->ncells; cell++)
        pos[cell].region_col = regions->col + cell;
    for (int cell = 0; map_apart && cell < p->ncells; cell++)
        pos[cell].line = map_at;
    if (rc > 0)
        rc = apply_regions(r, p, regions->s, pos, err);
    if (rc > 0 && map_apart && !variant_check_regions_named(p, regions->s, &perr))
        rc = fmt_fail(r, err, map_at, cell_pos(p, pos, perr.cell).region_col, "%s", perr.message);
    for (int cell = 0; map_apart && cell < p->ncells; cell++)
        pos[cell].line = ln->number;
    /* Digits from the line's first column: a clash's place is the line and the cell, and
     * the givens may be left to the caller.  A map of its own line is checked already
     * (checking it again was a seventh of reading a Jigsaw on two lines). */
    if (rc > 0) {
        rc = finish_variant(r, p, pos, 0, t->col == 1 ? ln->number : 0, map_apart, regions->s, out, err);
        p = NULL;
    }
    puzzle_free(p);
    return rc;
}

int fmt_read_jigsaw_line(struct reader *r, struct puzzle **out, struct format_error *err)
{
    struct fmt_line ln, map_line;
    struct vtok t[VTOK_MAX], regions;
    int rc = next_line(r, &ln, err), ntok;
    long map_at;

    if (rc <= 0)
        return rc;
    fmt_drop(r);    /* whatever happens, the next call goes on with the next line */
    map_at = ln.number;
    ntok = split_tokens(&ln, t, VTOK_MAX);
    /* Symbols are counted in characters, so that a digit beyond ASCII is said at its
     * column as one that is not a digit. */
    if (ntok == 2 && symbols_in(&t[0]) == symbols_in(&t[1]) && side_of(symbols_in(&t[1])) != 0) {
        regions = t[1];
    } else if (ntok == 1 && symbols_in(&t[0]) % 2 == 0 && side_of(symbols_in(&t[0]) / 2) != 0) {
        size_t half = symbols_in(&t[0]) / 2, at = byte_of_symbol(&t[0], half);
        regions = (struct vtok){ .s = t[0].s + at, .len = t[0].len - at, .col = t[0].col + (long)half };
    } else if (ntok == 1 && side_of(symbols_in(&t[0])) != 0
               && region_line_at(r, 0, symbols_in(&t[0]), &map_line, &regions)) {
        /* A Jigsaw on two lines: the map's line is consumed too.  Both lines' text stays
         * as it is, as nothing is peeked before the puzzle is read (a peek refills a
         * dropped line's room only once the whole lookahead has moved on). */
        map_at = map_line.number;
        fmt_drop(r);
    } else {
        return jigsaw_line_fault(r, &ln, t, ntok, err);
    }
    if (map_ascii(r, map_at, &regions, true, err) < 0)
        return -1;
    return jigsaw_from_parts(r, &ln, &t[0], map_at, &regions, out, err);
}

int fmt_read_killer_line(struct reader *r, struct puzzle **out, struct format_error *err)
{
    struct fmt_line ln;
    struct vtok room[VTOK_MAX], *t;
    struct vsums sums;
    struct puzzle *p = NULL;
    struct vpos *pos = NULL;
    int rc = next_line(r, &ln, err), ntok, n, first_sum, cages_at, ncages = 0;
    bool seen[256] = { false }, stray_in_givens;
    char labels[256];

    if (rc <= 0)
        return rc;
    fmt_drop(r);
    ntok = split_all_tokens(&ln, room, VTOK_MAX, &t);
    if (killer_split(t, ntok, &cages_at, &stray_in_givens)) {
        size_t before = symbols_in(&t[cages_at]), want = before + symbols_in(&t[cages_at + 1]);

        rc = fmt_fail(r, err, ln.number, t[cages_at].col + (long)before,
                      stray_in_givens ? _("expected %1$d givens with no space among them, got a space after %2$d")
                                      : _("expected %1$d cage letters with no space among them, got a space "
                                          "after %2$d"), (int)want, (int)before);
        free_tokens(t, room);
        return rc;
    }
    /* The cage letters: the second token if it is not a sum (the first holds the givens). */
    if (ntok >= 1 && map_ascii(r, ln.number, &t[ntok >= 2 && !is_number(&t[1]) ? 1 : 0], false, err) < 0) {
        free_tokens(t, room);
        return -1;
    }
    /* Givens are counted in characters: one beyond ASCII is said at its column.  After
     * givens, the cage letters are the second token, as long as a map but not as long as
     * the givens: a map a letter short is said as such, not as a sum (a word for a sum,
     * shorter, still is). */
    cages_at = ntok >= 2 && (t[1].len == symbols_in(&t[0])
                             || (ntok >= 3 && !is_number(&t[1]) && t[1].len >= LINE_MAP_MIN)) ? 1 : 0;
    n = ntok >= 1 ? side_of(t[cages_at].len) : 0;
    if (n == 0 || (cages_at == 1 && symbols_in(&t[0]) != t[1].len)) {
        rc = killer_line_fault(r, &ln, ntok >= 1 ? t : NULL, cages_at, err);
        free_tokens(t, room);
        return rc;
    }
    if (!side_has_boxes(n, VARIANT_KILLER)) {
        /* Told before the tokens go: t may be a heap copy (a line of many sums). */
        rc = no_boxes(r, ln.number, t[0].col, n, err);
        free_tokens(t, room);
        return rc;
    }
    p = sudoku_new_unfinished(n);
    puzzle_set_variant(p, VARIANT_KILLER);
    /* The reader's room, as a Jigsaw line's, not a calloc a puzzle: each cell's line and
     * cage column are set below, its digit column by line_digits or below, and the places
     * are looked at only once they are (after a fault in the givens, never). */
    pos = fmt_scratch(r, (size_t)p->ncells * sizeof *pos);
    rc = cages_at == 1 ? line_digits(r, &ln, &t[0], n, p, pos, err) : 1;
    for (int cell = 0; cell < p->ncells; cell++) {
        unsigned char ch = (unsigned char)t[cages_at].s[cell];
        pos[cell].line = ln.number;
        pos[cell].cage_col = t[cages_at].col + cell;
        if (cages_at == 0)
            pos[cell].digit_col = pos[cell].cage_col;
        if (!seen[ch] && ch != '.')
            ncages++;
        seen[ch] = true;
    }
    /* The sums go with the cage symbols in their sorted order (A-Z, then a-z). */
    memset(&sums, 0, sizeof sums);
    first_sum = cages_at + 1;
    for (int ch = 0, k = 0; ch < 256; ch++)
        if (seen[ch] && ch != '.')
            labels[k++] = (char)ch;
    if (rated_after_sums(t, first_sum, ntok, ncages))
        ntok = first_sum + ncages;      /* the rest, a rating or words, is not read */
    for (int i = first_sum; i < ntok && rc > 0; i++) {
        int k = i - first_sum, sum = cage_sum(r, ln.number, &t[i], p->max_digit, err);
        if (sum < 0)
            rc = -1;
        else if (k >= ncages)
            rc = fmt_fail(r, err, ln.number, t[i].col, _("%1$d sums for %2$d cages"), ntok - first_sum, ncages);
        else
            sums.sum[(unsigned char)labels[k]] = sum;
    }
    if (rc > 0 && ntok - first_sum < ncages)
        rc = fmt_fail(r, err, ln.number, (long)ln.len + 1, _("%1$d sums for %2$d cages"), ntok - first_sum, ncages);
    if (rc > 0)
        rc = apply_cages(r, p, t[cages_at].s, &sums, pos, err);
    if (rc > 0) {
        rc = finish_variant(r, p, pos, 0, 0, false, NULL, out, err);
        p = NULL;
    }
    puzzle_free(p);     /* pos is the reader's room */
    free_tokens(t, room);
    return rc;
}

/* --- Writing --- */

/* Cage symbols in the order of the cages' numbers: enough for a 9x9 or a 12x12 Killer
 * and most 16x16 ones. */
static const char cage_symbols[] =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!$%&*+-/:;<>?@^_~";
#define CAGE_SYMBOLS (int)(sizeof cage_symbols - 1)
/* The Killer line's symbols in the order of the cages' numbers: the community's letters,
 * then, for a Killer of more than 52 cages (many 12x12 and 16x16 ones), the variant
 * format's other symbols, so that every Killer the variant format holds has a line too.
 * The reader takes the sums in the symbols' byte order, which the writer follows. */
static const char line_symbols[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!$%&*+-/:;<>?@^_~";
#define LINE_SYMBOLS (int)(sizeof line_symbols - 1)

bool fmt_variant_fits(const struct puzzle *p, enum format_id id)
{
    switch (id) {
    case FORMAT_VARIANT:
        return p->ops->kind == PUZZLE_SUDOKU && p->ncages <= CAGE_SYMBOLS;
    case FORMAT_JIGSAW_LINE:
        return p->variant == VARIANT_JIGSAW;
    case FORMAT_KILLER_LINE:
        return p->variant == VARIANT_KILLER && p->ncages <= LINE_SYMBOLS;
    case FORMAT_X_LINE:
        return p->variant == VARIANT_X;
    default:
        return p->variant == 0;
    }
}

/* Regions renumbered in order of first appearance, as the reader numbers them: each
 * region's symbol found once, not a cell's at a time. */
static void region_symbols(const struct puzzle *p, char *out)
{
    char symbol[256];
    /* Read into locals: a store through out, a char pointer, might change p's fields. */
    const uint8_t *region = p->region;
    int next = 0, ncells = p->ncells;

    /* Regions numbered 0-8 in order of first appearance (as read from text): each symbol
     * '1' on, eight at a time (no byte above 8 to carry). */
    if (p->max_digit <= 9 && util_numbered_in_order(region, (size_t)ncells, 0, 8) >= 0) {
        bytes_offset(region, ncells, out, '1');
        return;
    }
    memset(symbol, 0, sizeof symbol);
    for (int cell = 0; cell < ncells; cell++) {
        int r = region[cell];

        if (symbol[r] == 0)
            symbol[r] = sudoku_symbol(++next);
        out[cell] = symbol[r];
    }
}

/* The longest row the variant format writes: digits, region map and cage map, spaced. */
#define VARIANT_ROW_MAX (3 * (SUDOKU_MAX_SIZE + 1))

/* One row of the variant format into out (VARIANT_ROW_MAX bytes), from the symbols of
 * the grid's digits and its regions' (NULL: none); its length. */
static size_t variant_row(const struct puzzle *p, const char *digits, const char *regions, int r, char *out)
{
    int n = p->max_digit;
    size_t len = 0;

    copy_row(out, digits + r * n, n);
    len += (size_t)n;
    if (regions != NULL) {
        out[len++] = ' ';
        copy_row(out + len, regions + r * n, n);
        len += (size_t)n;
    }
    if (p->cage != NULL) {
        out[len++] = ' ';
        for (int c = 0; c < n; c++) {
            int k = p->cage[r * n + c];
            out[len++] = k < 0 ? '.' : k < CAGE_SYMBOLS ? cage_symbols[k] : '?';
        }
    }
    out[len++] = '\n';
    return len;
}

/* The decimal digits of v at out (room for 11); their count. */
static size_t put_int(char *out, int v)
{
    char digits[12];
    unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
    size_t n = 0, len = 0;

    do {
        digits[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u != 0);
    if (v < 0)
        out[len++] = '-';
    while (n > 0)
        out[len++] = digits[--n];
    return len;
}

/* The cages' "a=12 b=7 ..." lines, twelve a line, at out (14 bytes a cage); their
 * length.  An fprintf a cage was nearly half of writing a Killer. */
static size_t cage_sums_text(const struct puzzle *p, char *out)
{
    size_t len = 0;

    for (int k = 0; k < p->ncages && k < CAGE_SYMBOLS; k++) {
        out[len++] = cage_symbols[k];
        out[len++] = '=';
        len += put_int(out + len, p->cage_sum[k]);
        out[len++] = k == p->ncages - 1 || k % 12 == 11 ? '\n' : ' ';
    }
    return len;
}

/* The longest name puzzle_variant_name gives, with room to spare. */
#define VARIANT_NAME_MAX 32

void fmt_write_variant(FILE *out, const struct puzzle *p, const uint8_t *grid, char empty)
{
    int n = p->max_digit;
    const char *name = puzzle_variant_name(p->variant);
    size_t len = strlen(name);
    char digits[SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE], regions[SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE];
    char text[VARIANT_NAME_MAX + SUDOKU_MAX_SIZE * VARIANT_ROW_MAX + CAGE_SYMBOLS * 14];

    if (len >= VARIANT_NAME_MAX || n > SUDOKU_MAX_SIZE)
        return;
    memcpy(text, name, len);
    text[len++] = '\n';
    /* The grid's symbols at once, eight at a time across rows' ends: a row at a time,
     * its ninth alone, this was half of writing a Sudoku X. */
    fmt_digit_symbols(grid, p->ncells, empty, digits);
    if (p->region != NULL)
        region_symbols(p, regions);
    /* The name, rows and sums in one write: a character at a time through stdio was a
     * quarter of what solve spends writing and reading an Easy Jigsaw beyond its search,
     * and a write for each part a tenth of writing one. */
    for (int r = 0; r < n; r++)
        len += variant_row(p, digits, p->region != NULL ? regions : NULL, r, text + len);
    len += cage_sums_text(p, text + len);
    fwrite(text, 1, len, out);
}

void fmt_write_jigsaw_line(FILE *out, const struct puzzle *p, const uint8_t *grid, char empty)
{
    char line[2 * SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE + 2];
    size_t n = (size_t)p->ncells;

    if (n > SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE)
        return;
    fmt_digit_symbols(grid, (int)n, empty, line);
    line[n] = ' ';
    region_symbols(p, line + n + 1);
    line[2 * n + 1] = '\n';
    fwrite(line, 1, 2 * n + 2, out);
}

void fmt_write_killer_line(FILE *out, const struct puzzle *p, const uint8_t *grid, char empty)
{
    bool any = false;
    int cage_of_symbol[256];
    /* The line whole, written at once: the digits, the cage symbols, a sum a symbol. */
    char line[2 * SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE + 256 * 13 + 2];
    size_t len = 0;

    if (p->ncells > SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE)
        return;
    for (int cell = 0; cell < p->ncells; cell++)
        any |= grid[cell] != 0;
    if (any) {
        fmt_digit_symbols(grid, p->ncells, empty, line);
        len = (size_t)p->ncells;
        line[len++] = ' ';
    }
    for (int cell = 0; cell < p->ncells; cell++)
        line[len++] = p->cage[cell] < 0 ? '.' : line_symbols[p->cage[cell]];
    /* The sums in their symbols' byte order: the cages' order while they are letters. */
    for (int ch = 0; ch < 256; ch++)
        cage_of_symbol[ch] = -1;
    for (int k = 0; k < p->ncages; k++)
        cage_of_symbol[(unsigned char)line_symbols[k]] = k;
    for (int ch = 0; ch < 256; ch++)
        if (cage_of_symbol[ch] >= 0) {
            line[len++] = ' ';
            len += put_int(line + len, p->cage_sum[cage_of_symbol[ch]]);
        }
    line[len++] = '\n';
    fwrite(line, 1, len, out);
}
