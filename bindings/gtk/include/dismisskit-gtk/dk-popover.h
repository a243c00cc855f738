/* DkPopover: a non-modal popover anchored to a widget, closed by a tap outside with autosave. */
#pragma once

#include <gtk/gtk.h>

#include "dk-enums.h"

G_BEGIN_DECLS

#define DK_TYPE_POPOVER (dk_gtk_popover_get_type())
G_DECLARE_FINAL_TYPE(DkPopover, dk_gtk_popover, DK, POPOVER, GtkWidget)

GtkWidget *dk_gtk_popover_new(void);

void dk_gtk_popover_set_content(DkPopover *self, GtkWidget *content);
GtkWidget *dk_gtk_popover_get_content(DkPopover *self);
void dk_gtk_popover_set_child(DkPopover *self, GtkWidget *child);
GtkWidget *dk_gtk_popover_get_child(DkPopover *self);
void dk_gtk_popover_set_anchor(DkPopover *self, GtkWidget *anchor);
GtkWidget *dk_gtk_popover_get_anchor(DkPopover *self);
void dk_gtk_popover_add_passthrough(DkPopover *self, GtkWidget *widget);
void dk_gtk_popover_set_unsaved_changes(DkPopover *self, gboolean unsaved);
gboolean dk_gtk_popover_get_unsaved_changes(DkPopover *self);

gboolean dk_gtk_popover_popup(DkPopover *self, GError **error);
gboolean dk_gtk_popover_dismiss(DkPopover *self, GError **error);
void dk_gtk_popover_close(DkPopover *self);

gboolean dk_gtk_popover_get_presented(DkPopover *self);
gboolean dk_gtk_popover_get_compact(DkPopover *self);
const char *dk_gtk_popover_get_presentation_id(DkPopover *self);

G_END_DECLS
