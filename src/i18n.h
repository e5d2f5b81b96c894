/* i18n.h: the gettext markers for user-visible text (identity until the build enables NLS). */
#ifndef KAKUDO_I18N_H
#define KAKUDO_I18N_H

/*
 * Every string a user reads goes through _() (translated where it is used) or N_() (marked
 * for the catalogue where it is defined in a table, translated with _() where it is
 * printed).  Puzzle files and the solve/generate output formats are never translated:
 * judges and other programs read them.  ENABLE_NLS comes from config.h once configure
 * finds gettext; without it the markers cost nothing.
 *
 * With NLS the markers call i18n.c, which sets the locale (LC_MESSAGES and LC_CTYPE, never
 * LC_NUMERIC) and binds the catalogue the first time a message is translated: a command
 * that prints none (solve, --version) pays nothing for it.
 */
#ifdef ENABLE_NLS
const char *i18n_gettext(const char *msgid) __attribute__((format_arg(1)));
const char *i18n_ngettext(const char *one, const char *many, unsigned long n)
    __attribute__((format_arg(1), format_arg(2)));
#define _(text) i18n_gettext(text)
#define P_(one, many, n) i18n_ngettext(one, many, n)
#else
#define _(text) (text)
#define P_(one, many, n) ((n) == 1 ? (one) : (many))
#endif
#define N_(text) (text)

/* Sets the locale and binds the catalogue now, once: for a caller (the player) that
 * sets up the terminal before its first message, or starts threads that will translate. */
void i18n_init(void);

#endif
