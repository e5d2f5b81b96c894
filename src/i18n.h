/* i18n.h: the gettext markers for user-visible text (identity until the build enables NLS). */
#ifndef KAKUDO_I18N_H
#define KAKUDO_I18N_H

/*
 * Every string a user reads goes through _() (translated where it is used) or N_() (marked
 * for the catalogue where it is defined in a table, translated with _() where it is
 * printed).  Puzzle files and the solve/generate output formats are never translated:
 * judges and other programs read them.  ENABLE_NLS comes from config.h once configure
 * finds gettext; without it the markers cost nothing.
 */
#ifdef ENABLE_NLS
#include <libintl.h>
#define _(text) gettext(text)
#define P_(one, many, n) ngettext(one, many, n)
#else
#define _(text) (text)
#define P_(one, many, n) ((n) == 1 ? (one) : (many))
#endif
#define N_(text) (text)

#endif
