/* A DkPipeline's presentations given through the C library's typed fields (dk_presentation_fields):
 * no JSON is written, so no number passes through the user's locale. Internal to the library:
 * dk-scene.c uses them. */
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

G_END_DECLS
