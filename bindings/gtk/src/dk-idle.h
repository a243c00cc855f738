/* A window's idle warning: the question "Are you still there?" with a live countdown to the
 * deadline and Continue, shown on its pipeline's idle-warning over everything presented, closed
 * on idle-cancelled, at the deadline and on idle-reset. Internal to the library. */
#pragma once

#include "dismisskit-gtk/dk-pipeline.h"

G_BEGIN_DECLS

/* Shows the window's pipeline's idle warnings from now on, for as long as the window lives. */
void dk_idle_attach(GtkWindow *window, DkPipeline *pipeline);

/* Whether a contact beginning at (x, y), in the window's points, lands on the idle question: it is
 * the question's (a press on it is Continue), not a touch for the pipeline, which would take it
 * for a tap outside a popover. */
gboolean dk_idle_covers(GtkWindow *window, double x, double y);

G_END_DECLS
