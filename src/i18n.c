/* i18n.c: gettext's set-up, done once and only when a message is first translated. */
#include "config.h"
#include "i18n.h"

#include <locale.h>
#include <pthread.h>
#include <stdlib.h>

#ifndef LOCALEDIR
#define LOCALEDIR "/usr/local/share/locale"
#endif

#ifdef ENABLE_NLS
#include <libintl.h>

/* LC_MESSAGES picks the catalogue, LC_CTYPE the character set gettext converts it to.
 * LC_NUMERIC stays "C": ratings and times print with a '.' in every locale, and puzzle
 * output never depends on the locale.  KAKUDO_LOCALEDIR lets the tests use catalogues
 * compiled in the build tree before anything is installed. */
static void set_up(void)
{
    const char *dir = getenv("KAKUDO_LOCALEDIR");

    setlocale(LC_MESSAGES, "");
    setlocale(LC_CTYPE, "");
    bindtextdomain(PACKAGE, dir != NULL && *dir != '\0' ? dir : LOCALEDIR);
}

static pthread_once_t set_up_once = PTHREAD_ONCE_INIT;

void i18n_init(void)
{
    pthread_once(&set_up_once, set_up);
}

const char *i18n_gettext(const char *msgid)
{
    i18n_init();
    return dgettext(PACKAGE, msgid);
}

const char *i18n_ngettext(const char *one, const char *many, unsigned long n)
{
    i18n_init();
    return dngettext(PACKAGE, one, many, n);
}
#else
void i18n_init(void)
{
}
#endif
