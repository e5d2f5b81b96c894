/* test_utf8.c: the core's UTF-8 checks (util.c) against libunistring's, on every sequence of one to three bytes and a sample of four, its escaping of controls, and util.h's bytes looked at a word at a time. */
#include "config.h"

#include <pthread.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistr.h>

#include "format.h"
#include "tap.h"
#include "util.h"

/* Whether util_utf8_len agrees with u8_mblen on the n bytes at s (u8_mblen says 0 for a
 * NUL, a character of length 1 here). */
static bool agrees(const uint8_t *s, size_t n)
{
    int want = u8_mblen(s, n), got = util_utf8_len(s, n);

    return got == (want == 0 ? 1 : want);
}

/* util_escape_controls_n with one byte b at position at of a line of n letters: a byte
 * below 0x20, DEL and a lone 0x80-0x9f come out as \xNN, any other byte as itself, at
 * every place of the word-at-a-time look and of its tail. */
static bool escapes_one_byte(size_t n, size_t at, unsigned b)
{
    char in[32], want[40];
    char *got;
    bool control = b < 0x20 || b == 0x7f || (b >= 0x80 && b <= 0x9f), same;
    size_t w = at;

    memset(in, 'a', n);
    in[at] = (char)b;
    memset(want, 'a', at);
    if (control)
        w += (size_t)snprintf(want + at, sizeof want - at, "\\x%02x", b);
    else
        want[w++] = (char)b;
    memcpy(want + w, in + at + 1, n - at - 1);
    want[w + n - at - 1] = '\0';
    got = util_escape_controls_n(in, n);
    same = strcmp(got, want) == 0;
    free(got);
    return same;
}

static void check_escaping(void)
{
    long wrong = 0, tried = 0;
    char *korean = util_escape_controls("\xed\x95\x9c\xea\xb8\x80 name"),
         *c1 = util_escape_controls("a\xc2\x9b" "2Jb");

    for (size_t n = 1; n <= 24; n++)
        for (size_t at = 0; at < n; at++)
            for (unsigned b = 0; b < 256; b++, tried++)
                wrong += !escapes_one_byte(n, at, b);
    tap_ok(wrong == 0, "util_escape_controls_n escapes each control byte at every place of "
           "lines of 1 to 24 bytes and leaves other bytes (%ld tried, %ld wrong)", tried, wrong);
    tap_ok(strcmp(korean, "\xed\x95\x9c\xea\xb8\x80 name") == 0
           && strcmp(c1, "a\\xc2\\x9b2Jb") == 0,
           "util_escape_controls keeps Korean and writes a UTF-8 C1 control as \\xNN per byte");
    free(korean);
    free(c1);
}

/* util_nonzero_byte_tops on every byte value at every place of a word among other bytes, and
 * util_nonzero_bytes against a byte at a time on every length up to 200. */
static void check_nonzero_bytes(void)
{
    uint8_t bytes[200];
    long bad = 0;

    for (int at = 0; at < 8; at++)
        for (unsigned v = 0; v < 256; v++) {
            uint64_t others = 0x00ff0180007f0000ull, want = 0,     /* 0, 0x7f, 0x80, 1, 0xff */
                     word = (others & ~((uint64_t)0xff << (8 * at))) | (uint64_t)v << (8 * at);

            for (int k = 0; k < 8; k++)
                want |= (uint64_t)((word >> (8 * k) & 0xff) != 0) << (8 * k + 7);
            bad += util_nonzero_byte_tops(word) != want;
        }
    tap_ok(bad == 0, "util_nonzero_byte_tops: each byte's top bit when it is not zero (%ld wrong)", bad);
    bad = 0;
    for (size_t i = 0; i < sizeof bytes; i++)
        bytes[i] = (uint8_t)(i % 7 == 0 ? 0 : i * 37 % 256);
    for (size_t n = 0; n <= sizeof bytes; n++) {
        uint64_t mask[4] = { 0 };

        util_nonzero_bytes(bytes, n, mask);
        for (size_t i = 0; i < n; i++)
            bad += (mask[i / 64] >> (i % 64) & 1) != (bytes[i] != 0);
    }
    tap_ok(bad == 0, "util_nonzero_bytes: a bit for each nonzero byte, every length to 200 (%ld wrong)",
           bad);
}

/* util_byte_value_masks against a byte at a time, on every length to 256 of bytes that
 * are mostly values 0-15 and now and then above. */
static void check_byte_value_masks(void)
{
    uint8_t bytes[256];
    uint64_t masks[16][4];
    long bad = 0;

    for (size_t i = 0; i < sizeof bytes; i++)
        bytes[i] = (uint8_t)(i % 11 == 5 ? 0x80 + i % 7 : i * 7 % 17);
    for (size_t n = 0; n <= sizeof bytes; n++) {
        int nvalues = (int)(n % 16) + 1;

        memset(masks, 0xa5, sizeof masks);
        util_byte_value_masks(bytes, n, nvalues, masks);
        for (int v = 0; v < nvalues; v++)
            for (size_t i = 0; i < (n + 63) / 64 * 64; i++)
                bad += (masks[v][i / 64] >> (i % 64) & 1) != (i < n && bytes[i] == v);
    }
    tap_ok(bad == 0, "util_byte_value_masks: a bit where each value is, every length to 256 (%ld wrong)",
           bad);
}

/* util_numbered_in_order as a byte at a time would say. */
static int numbered_in_order_slowly(const uint8_t *bytes, size_t n, int first, int last)
{
    int most = first;

    for (size_t i = 0; i < n; i++) {
        if (bytes[i] < first || bytes[i] > last || bytes[i] > most)
            return -1;
        most = bytes[i] + 1 > most ? bytes[i] + 1 : most;
    }
    return most - first;
}

/* util_numbered_in_order on maps numbered in order of first appearance of every length to
 * 200, and on each with one byte changed to each of a few values: a jump of two, below
 * first, above last, one that comes before its turn. */
static void check_numbered_in_order(void)
{
    uint8_t bytes[200];
    long bad = 0, yes = 0, tried = 0;
    uint32_t seed = 12345;

    for (size_t n = 0; n <= sizeof bytes; n++)
        for (int first = 0; first <= 49; first += 49) {
            int most = first, last = first + 8;

            for (size_t i = 0; i < n; i++) {
                seed = seed * 1103515245u + 12345u;
                /* A new number now and then, else one met before. */
                bytes[i] = (uint8_t)(most <= last && (i == 0 || seed >> 28 == 0) ? most++
                                     : first + (int)(seed >> 16) % (most - first));
            }
            bad += util_numbered_in_order(bytes, n, (uint8_t)first, (uint8_t)last) != most - first;
            yes++;
            for (size_t at = 0; at < n; at += 1 + n / 13) {
                uint8_t keep = bytes[at];
                int values[] = { keep + 1, keep + 2, first - 1, last + 1, most - 1, 255 };

                for (size_t v = 0; v < sizeof values / sizeof values[0]; v++) {
                    if (values[v] < 0 || values[v] > 255)
                        continue;
                    bytes[at] = (uint8_t)values[v];
                    bad += util_numbered_in_order(bytes, n, (uint8_t)first, (uint8_t)last)
                           != numbered_in_order_slowly(bytes, n, first, last);
                    tried++;
                }
                bytes[at] = keep;
            }
        }
    bytes[0] = 3;
    bad += util_numbered_in_order(bytes, 1, 0, 255) != -1;     /* no room above last */
    tap_ok(bad == 0, "util_numbered_in_order: %ld maps in order of every length to 200 and their "
           "counts, %ld changed by a byte, as a byte at a time says (%ld wrong)", yes, tried, bad);
}

/* One thread's rooms: zeroed, aligned for any type, distinct; the sanitizers' leak check
 * finds them freed when the thread ends. */
static void *use_thread_rooms(void *arg)
{
    size_t sizes[] = { 1, 100, 300000 };
    unsigned char *room[3];
    long bad = 0;

    (void)arg;
    for (int k = 0; k < 3; k++) {
        room[k] = util_thread_room(sizes[k]);
        bad += (uintptr_t)room[k] % alignof(max_align_t) != 0;
        for (size_t i = 0; i < sizes[k]; i++)
            bad += room[k][i] != 0;
        memset(room[k], 0xa5, sizes[k]);
    }
    bad += room[0] == room[1] || room[1] == room[2];
    return (void *)(intptr_t)bad;
}

static void check_thread_rooms(void)
{
    pthread_t threads[4];
    long bad = 0;

    for (int t = 0; t < 4; t++)
        if (pthread_create(&threads[t], NULL, use_thread_rooms, NULL) != 0)
            bad++;
    for (int t = 0; t < 4; t++) {
        void *result = NULL;

        pthread_join(threads[t], &result);
        bad += (long)(intptr_t)result;
    }
    bad += (long)(intptr_t)use_thread_rooms(NULL);
    tap_ok(bad == 0, "util_thread_room: zeroed, aligned and distinct rooms on each of 5 threads (%ld wrong)", bad);
}

/* Whether cut is text cut as util_copy_cut cuts it into size bytes: well-formed UTF-8,
 * within size, and either text whole or a prefix of it ending at a character's end with
 * "..." after it (size > 4). */
static bool cut_well(const char *text, const char *cut, size_t size)
{
    size_t n = strlen(cut), keep;

    if (u8_check((const uint8_t *)cut, n) != NULL || n >= size)
        return false;
    if (strcmp(cut, text) == 0)
        return true;
    keep = size > 4 ? n - 3 : n;
    if (size > 4 && strcmp(cut + keep, "...") != 0)
        return false;
    return strncmp(cut, text, keep) == 0 && u8_check((const uint8_t *)text, keep) == NULL;
}

/* Text cut to a byte length (a message, a file's name in a struct format_error) is cut
 * at a character's end and marked, for every length, in characters of 1 to 4 bytes. */
static void check_cuts(void)
{
    static const char text[] = "a\xc3\xa9\xe2\x82\xac\xf0\x9d\x84\x9e\xea\xb0\x80\xeb\x82\x98" "b";
    char buf[sizeof text + 4], name[400], *path;
    struct format_error err;
    struct puzzle *loaded;
    int bad = 0;

    for (size_t size = 1; size <= sizeof text + 2; size++) {
        memset(buf, 'x', sizeof buf);
        util_copy_cut(buf, size, text);
        bad += !cut_well(text, buf, size);
    }
    tap_ok(bad == 0, "util_copy_cut cuts at a character's end, and marks the cut, at every "
           "length (%d wrong)", bad);
    util_format_cut(buf, 7, "%s!", "\xea\xb0\x80\xeb\x82\x98");
    tap_ok(strcmp(buf, "\xea\xb0\x80...") == 0, "util_format_cut too: \"%s\"", buf);

    /* A file's name longer than format_error's room: 120 Hangul syllables, 360 bytes. */
    name[0] = '\0';
    for (int i = 0; i < 120; i++)
        strcat(name, "\xea\xb0\x80");
    path = xasprintf("/nonexistent-dir/%s", name);
    loaded = format_load(path, FORMAT_AUTO, NULL, &err);
    tap_ok(loaded == NULL
           && u8_check((const uint8_t *)err.file, strlen(err.file)) == NULL
           && strlen(err.file) > 200 && strcmp(err.file + strlen(err.file) - 3, "...") == 0,
           "a long file name in a reading error is cut at a character's end, marked: ...%s",
           err.file + strlen(err.file) - 9);
    puzzle_free(loaded);
    free(path);
}

int main(void)
{
    uint8_t s[4];
    long bad = 0, checked = 0;
    static const struct {
        const char *bytes, *what;
        int len;
    } named[] = {
        { "a", "ASCII", 1 }, { "\xc3\xa9", "e acute", 2 }, { "\xe2\x82\xac", "euro sign", 3 },
        { "\xf0\x9d\x84\x9e", "G clef (4 bytes)", 4 }, { "\xc0\x80", "overlong NUL", -1 },
        { "\xed\xa0\x80", "a surrogate", -1 }, { "\xf4\x90\x80\x80", "above U+10FFFF", -1 },
        { "\xe2\x82", "cut short", -1 }, { "\x80", "a lone continuation byte", -1 },
    };

    check_cuts();
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
        tap_ok(util_utf8_len((const uint8_t *)named[i].bytes, strlen(named[i].bytes)) == named[i].len,
               "%s: length %d", named[i].what, named[i].len);
    for (unsigned a = 0; a < 256; a++)
        for (unsigned b = 0; b < 256; b++) {
            s[0] = (uint8_t)a;
            s[1] = (uint8_t)b;
            bad += !agrees(s, 1) + !agrees(s, 2);
            checked += 2;
            for (unsigned c = 0x70; a >= 0xe0 && c < 0xd0; c++) {
                s[2] = (uint8_t)c;
                bad += !agrees(s, 3);
                checked++;
                s[3] = (uint8_t)(c ^ 0x30);     /* in and out of the continuation range */
                bad += !agrees(s, 4);
                checked++;
            }
        }
    tap_ok(bad == 0, "util_utf8_len agrees with u8_mblen on %ld sequences (%ld differ)", checked, bad);
    tap_ok(util_utf8_check((const uint8_t *)"ab\xc3\xa9" "c\xff", 6) != NULL
           && *util_utf8_check((const uint8_t *)"ab\xc3\xa9" "c\xff", 6) == 0xff
           && util_utf8_check((const uint8_t *)"ab\xc3\xa9" "c", 5) == NULL,
           "util_utf8_check points at the first bad byte, NULL when there is none");
    tap_ok(util_utf8_count((const uint8_t *)"a\xc3\xa9\xe2\x82\xac" "b", 7) == 4
           && util_utf8_count((const uint8_t *)"\xff\xfe" "a", 3) == u8_mbsnlen((const uint8_t *)"\xff\xfe" "a", 3),
           "util_utf8_count counts characters as u8_mbsnlen does");
    check_escaping();
    check_nonzero_bytes();
    check_byte_value_masks();
    check_numbered_in_order();
    check_thread_rooms();
    return tap_done();
}
