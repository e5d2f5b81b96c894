/* fuzz_prefs.c: fuzz target: the config file's reader on any bytes. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "prefs.h"

/*
 * The input is a config file.  What must hold: reading it ends, every bad line is
 * reported once (as "cfg:LINE: ..."), the settings it leaves are whole (a theme, a rung
 * and a speed in range, no key bound twice), and they print in a form that reads back
 * without a bad line as the same settings.
 */

const struct fuzz_replay fuzz_replay = {
    .dirs = { "tests/fuzz/corpus/prefs" },
    .mutants = 300,
};

static void count_report(const char *message, void *user)
{
    if (strncmp(message, "cfg:", 4) != 0)
        fuzz_fail("a report without the file and line: %s", message);
    ++*(int *)user;
}

static void check_whole(const struct prefs *p)
{
    if (p->theme < 0 || p->theme >= PREFS_NTHEMES || p->hint_start < PREFS_HINT_WHERE
        || p->hint_start > PREFS_HINT_CONCLUSION || p->watch_speed < 0)
        fuzz_fail("settings out of range");
    for (int a = 0; a < PREFS_NACTIONS; a++) {
        if (p->nkeys[a] < 0 || p->nkeys[a] > PREFS_KEYS_MAX)
            fuzz_fail("action %d has %d keys", a, p->nkeys[a]);
        for (int i = 0; i < p->nkeys[a]; i++)
            if (prefs_scope_key_action(p, prefs_action_scope((enum prefs_action)a),
                                       p->keys[a][i]) != a)
                fuzz_fail("a key bound twice");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct prefs p, q;
    char *out = NULL, *again = NULL;
    size_t len = 0, len2 = 0;
    int reports = 0, bad;
    FILE *f;

    if (size == 0 || (f = fmemopen((void *)(uintptr_t)data, size, "rb")) == NULL)
        return 0;
    prefs_defaults(&p, false);
    bad = prefs_read(&p, f, "cfg", count_report, &reports);
    fclose(f);
    if (bad != reports)
        fuzz_fail("%d bad lines, %d reports", bad, reports);
    check_whole(&p);
    f = open_memstream(&out, &len);
    if (f == NULL)
        return 0;
    prefs_write(f, &p);
    fclose(f);
    f = fmemopen(out, len, "rb");
    prefs_defaults(&q, false);
    if (f != NULL && prefs_read(&q, f, "cfg", NULL, NULL) != 0)
        fuzz_fail("the settings printed do not read back");
    if (f != NULL)
        fclose(f);
    /* The same settings print the same (unused key slots may differ). */
    f = open_memstream(&again, &len2);
    if (f == NULL)
        return 0;
    prefs_write(f, &q);
    fclose(f);
    if (len != len2 || memcmp(out, again, len) != 0)
        fuzz_fail("the settings printed read back as others");
    free(out);
    free(again);
    return 0;
}
