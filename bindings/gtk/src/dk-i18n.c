/* The components' gettext domain. */
#include "dk-i18n.h"

#include <libintl.h>

const char *dk_i18n_domain(void) {
    static gsize bound = 0;
    if (g_once_init_enter(&bound)) {
        bindtextdomain(GETTEXT_PACKAGE, LOCALEDIR);
        bind_textdomain_codeset(GETTEXT_PACKAGE, "UTF-8");
        g_once_init_leave(&bound, 1);
    }
    return GETTEXT_PACKAGE;
}
