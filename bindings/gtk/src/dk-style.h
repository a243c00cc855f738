/* The components' look: cards, the grabber, the dimmed backdrop. Internal to the library. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Adds the components' style sheet to the display, once: above the theme's (which GTK 4 gives the
 * settings' priority), below an app's own style sheet, which wins. */
void dk_style_ensure(GtkWidget *widget);

/* Draws the dimmed backdrop behind a modal presentation: fraction 0 (hidden) to 1 (shown). */
void dk_style_dim(GtkSnapshot *snapshot, double width, double height, double fraction);

G_END_DECLS
