/* The C library's calls a DkPipeline makes for the components, which its public API does not
 * offer: presentations given through typed fields (no JSON is written, so no number passes
 * through the user's locale), and where the pipeline has them. Internal to the library. */
#pragma once

#include "dismisskit-gtk/dk-pipeline.h"

#include <dismisskit.h>

G_BEGIN_DECLS

/* dk_pipeline_present() on the pipeline's own dk_pipeline, its intents emitted as signals. */
gboolean dk_gtk_pipeline_present_fields(DkPipeline *self, const char *presentation, const dk_presentation_fields *fields,
                                        gint64 time_us, GError **error);

/* dk_pipeline_update(), the same way. */
gboolean dk_gtk_pipeline_update_fields(DkPipeline *self, const char *presentation, const dk_presentation_fields *fields,
                                       gint64 time_us, GError **error);

/* dk_pipeline_layout(): whether presentation is in the pipeline, with *layout filled (in the
 * pipeline's screen points). */
gboolean dk_gtk_pipeline_layout(DkPipeline *self, const char *presentation, dk_layout *layout);

/* The idle question's Continue: activity that changes nothing else (a keyboard command at the
 * height the pipeline has), at dk_gtk_pipeline_get_time(); it cancels the idle warning. */
gboolean dk_gtk_pipeline_continue(DkPipeline *self);

G_END_DECLS
