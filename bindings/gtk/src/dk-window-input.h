/* A window's own pipeline (dk_gtk_pipeline_for_window(), defined in dk-window-input.c), what
 * the window's pointers and keys give it (SPEC section 9), and the presentations it holds. It
 * uses DkPipeline; dk-pipeline.c does not use it. Internal to the library. */
#pragma once

#include "dismisskit-gtk/dk-pipeline.h"

G_BEGIN_DECLS

/* The widget whose size is the pipeline's screen and whose origin is the screen's (the window's child). */
GtkWidget *dk_window_input_screen_widget(GtkWindow *window);

/* Sends the window's size as a screen command, if it changed. */
void dk_window_input_follow_screen(GtkWindow *window);

/* A free presentation id from name ("compose", "compose-2", ...), now held by presentation. */
char *dk_window_input_hold(GtkWindow *window, const char *name, GtkWidget *presentation);

/* The id is free again. */
void dk_window_input_release(GtkWindow *window, const char *id);

/* The widgets holding the window's presentations, in no order (g_list_free() it). */
GList *dk_window_input_presenters(GtkWindow *window);

G_END_DECLS
