/* The components' words in the user's language: gettext's domain "dismisskit", its catalogs
 * (built from the project's po/) under the library's install prefix. Internal to the library.
 *   _("Save")                           a word, translated
 *   g_dngettext(dk_i18n_domain(), "…%d second.", "…%d seconds.", n)   a plural, the language's own forms */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The gettext domain, bound to the installed catalogs (in UTF-8) the first time it is asked for. */
const char *dk_i18n_domain(void);

#define _(String) g_dgettext(dk_i18n_domain(), String)

G_END_DECLS
