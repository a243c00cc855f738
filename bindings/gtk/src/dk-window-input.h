/* What a window's pointers and keys give its pipeline (SPEC section 9), and the presentations
 * it holds. Internal to the library. */
#pragma once

#include "dismisskit-gtk/dk-pipeline.h"

G_BEGIN_DECLS

/* Feeds the window's touches, mouse, pens and Escape key to the pipeline from now on. */
void dk_window_input_attach(DkPipeline *pipeline, GtkWindow *window);

/* The widget whose size is the pipeline's screen and whose origin is the screen's (the window's child). */
GtkWidget *dk_window_input_screen_widget(GtkWindow *window);

/* Sends the window's size as a screen command, if it changed. */
void dk_window_input_follow_screen(GtkWindow *window);

/* A free presentation id from name ("compose", "compose-2", ...), now held by presentation. */
char *dk_window_input_hold(GtkWindow *window, const char *name, GtkWidget *presentation);

/* The id is free again. */
void dk_window_input_release(GtkWindow *window, const char *id);

G_END_DECLS
