/* ui_bindings.c: the keys of the picker, the solver animation and the dialogs, as the
 * preferences bind them (key.picker.ACTION, key.watch.ACTION, key.dialog.ACTION), and
 * their names for the footers, help lines and messages that mention them. */
#include "config.h"
#include "ui.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int ui_bind_action(enum prefs_scope s, int key, bool is_code)
{
    const struct prefs *km = ui_keys_prefs();
    int a;

    if (is_code) {
        key = ui_keys_of_code(key);
        return key != 0 ? prefs_scope_key_action(km, s, key) : -1;
    }
    a = prefs_scope_key_action(km, s, key);
    /* Backspace arrives as DEL or Ctrl-H, as the terminal has it. */
    if (a < 0 && (key == 127 || key == 8))
        a = prefs_scope_key_action(km, s, PREFS_KEY_BACKSPACE);
    /* Dialogs take answers in either case (capitals cannot be bound there). */
    if (a < 0 && s == PREFS_SCOPE_DIALOG && key >= 'A' && key <= 'Z')
        a = prefs_scope_key_action(km, s, key - 'A' + 'a');
    return a;
}

bool ui_bind_has_key(enum prefs_action a)
{
    return ui_keys_prefs()->nkeys[a] > 0;
}

const char *ui_bind_key(enum prefs_action a, const char *fixed, char *buf, size_t size)
{
    const struct prefs *km = ui_keys_prefs();

    if (km->nkeys[a] > 0)
        return prefs_key_label(km->keys[a][0], buf, size);
    snprintf(buf, size, "%s", fixed != NULL ? fixed : _("(no key)"));
    ui_trim_utf8(buf);
    return buf;
}

const char *ui_bind_keys(enum prefs_action a, const char *fixed, char *buf, size_t size)
{
    const struct prefs *km = ui_keys_prefs();
    size_t n = 0;

    buf[0] = '\0';
    for (int i = 0; i < km->nkeys[a] && n + 1 < size; i++) {
        char name[PREFS_KEY_NAME_MAX];
        prefs_key_label(km->keys[a][i], name, sizeof name);
        n += (size_t)snprintf(buf + n, size - n, "%s%s", n > 0 ? " " : "", name);
    }
    if (fixed != NULL && n + 1 < size)
        snprintf(buf + n, size - n, "%s%s", n > 0 ? " " : "", fixed);
    ui_trim_utf8(buf);
    return buf;
}

/* fmt, a translated text with one %s, with key in its place. */
static void format_key(char *buf, size_t size, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(buf, size, fmt, ap);
    va_end(ap);
    ui_trim_utf8(buf);
}

bool ui_bind_item_text(enum prefs_action a, const char *fmt, char *buf, size_t size)
{
    char key[PREFS_KEY_NAME_MAX];

    buf[0] = '\0';
    if (!ui_bind_has_key(a))
        return false;
    format_key(buf, size, fmt, ui_bind_key(a, NULL, key, sizeof key));
    return true;
}

void ui_bind_item(char lines[][UI_KEYS_LINE_MAX], int *n, int max, int w, enum prefs_action a,
                  const char *fmt)
{
    char item[UI_KEYS_LINE_MAX];

    if (ui_bind_item_text(a, fmt, item, sizeof item))
        ui_keys_flow(lines, n, max, w, item);
}
