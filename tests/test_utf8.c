/* test_utf8.c: the core's UTF-8 checks (util.c) against libunistring's, on every sequence of one to three bytes and a sample of four. */
#include "config.h"

#include <unistr.h>

#include "tap.h"
#include "util.h"

/* Whether util_utf8_len agrees with u8_mblen on the n bytes at s (u8_mblen says 0 for a
 * NUL, a character of length 1 here). */
static bool agrees(const uint8_t *s, size_t n)
{
    int want = u8_mblen(s, n), got = util_utf8_len(s, n);

    return got == (want == 0 ? 1 : want);
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
    return tap_done();
}
