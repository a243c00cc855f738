/* DkSheet: a sheet that slides up over a page, dismissed by the pipeline's gestures and gate. */
#pragma once

#include <gtk/gtk.h>

#include "dk-enums.h"

G_BEGIN_DECLS

#define DK_TYPE_SHEET (dk_gtk_sheet_get_type())
G_DECLARE_FINAL_TYPE(DkSheet, dk_gtk_sheet, DK, SHEET, GtkWidget)

GtkWidget *dk_gtk_sheet_new(void);

void dk_gtk_sheet_set_content(DkSheet *self, GtkWidget *content);
GtkWidget *dk_gtk_sheet_get_content(DkSheet *self);
void dk_gtk_sheet_set_child(DkSheet *self, GtkWidget *child);
GtkWidget *dk_gtk_sheet_get_child(DkSheet *self);
void dk_gtk_sheet_set_title(DkSheet *self, const char *title);
const char *dk_gtk_sheet_get_title(DkSheet *self);
void dk_gtk_sheet_set_detents(DkSheet *self, const char *const *detents);
const char *const *dk_gtk_sheet_get_detents(DkSheet *self);
void dk_gtk_sheet_set_selected_detent(DkSheet *self, const char *detent);
const char *dk_gtk_sheet_get_selected_detent(DkSheet *self);
void dk_gtk_sheet_set_unsaved_changes(DkSheet *self, gboolean unsaved);
gboolean dk_gtk_sheet_get_unsaved_changes(DkSheet *self);
void dk_gtk_sheet_set_cancel_label(DkSheet *self, const char *label);
const char *dk_gtk_sheet_get_cancel_label(DkSheet *self);
void dk_gtk_sheet_set_done_label(DkSheet *self, const char *label);
const char *dk_gtk_sheet_get_done_label(DkSheet *self);
void dk_gtk_sheet_set_show_cancel_button(DkSheet *self, gboolean show);
gboolean dk_gtk_sheet_get_show_cancel_button(DkSheet *self);
void dk_gtk_sheet_set_show_done_button(DkSheet *self, gboolean show);
gboolean dk_gtk_sheet_get_show_done_button(DkSheet *self);

gboolean dk_gtk_sheet_present(DkSheet *self, GError **error);
gboolean dk_gtk_sheet_dismiss(DkSheet *self, GError **error);
void dk_gtk_sheet_close(DkSheet *self);
gboolean dk_gtk_sheet_answer(DkSheet *self, DkChoice choice, GError **error);

gboolean dk_gtk_sheet_get_presented(DkSheet *self);
const char *dk_gtk_sheet_get_detent(DkSheet *self);
DkChoices dk_gtk_sheet_get_question(DkSheet *self);
double dk_gtk_sheet_get_offset(DkSheet *self);
const char *dk_gtk_sheet_get_presentation_id(DkSheet *self);

G_END_DECLS
