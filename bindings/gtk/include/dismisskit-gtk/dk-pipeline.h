/* DkPipeline: a DismissKit pipeline as a GObject. */
#pragma once

#include <gtk/gtk.h>

#include "dk-enums.h"
#include "dk-layout.h"

G_BEGIN_DECLS

/**
 * DK_PIPELINE_ERROR:
 *
 * The error domain of #DkPipeline: a #DkPipelineError, with dismisskit.h's message.
 */
#define DK_PIPELINE_ERROR (dk_gtk_pipeline_error_quark())
GQuark dk_gtk_pipeline_error_quark(void);

/**
 * DkPipelineError:
 * @DK_GTK_PIPELINE_ERROR_SCENE: the scene was refused
 * @DK_GTK_PIPELINE_ERROR_COMMAND: a host command was refused: malformed, or the scene cannot take it
 * @DK_GTK_PIPELINE_ERROR_TOUCH: a touch was refused (the host's own bug: hardware sends none)
 * @DK_GTK_PIPELINE_ERROR_RECORDING: the session cannot be recorded
 *
 * Why a #DkPipeline refused what it was given. Nothing changes when it refuses.
 */
typedef enum {
    DK_GTK_PIPELINE_ERROR_SCENE,
    DK_GTK_PIPELINE_ERROR_COMMAND,
    DK_GTK_PIPELINE_ERROR_TOUCH,
    DK_GTK_PIPELINE_ERROR_RECORDING
} DkPipelineError;

#define DK_TYPE_PIPELINE (dk_gtk_pipeline_get_type())
G_DECLARE_FINAL_TYPE(DkPipeline, dk_gtk_pipeline, DK, PIPELINE, GObject)

DkPipeline *dk_gtk_pipeline_new(const char *scene_json, GError **error);
DkPipeline *dk_gtk_pipeline_for_window(GtkWindow *window);

gboolean dk_gtk_pipeline_touch(DkPipeline *self, DkTouchType type, int seat_slot, double x, double y, gint64 time_us,
                               GError **error);
gboolean dk_gtk_pipeline_command(DkPipeline *self, const char *command_json, gint64 time_us, GError **error);
gboolean dk_gtk_pipeline_confirm(DkPipeline *self, const char *presentation, DkChoice choice, gint64 time_us,
                                 GError **error);
gboolean dk_gtk_pipeline_button(DkPipeline *self, const char *presentation, DkButtonRole role, gint64 time_us,
                                GError **error);
gboolean dk_gtk_pipeline_accessibility(DkPipeline *self, const char *presentation, DkAccessibilityAction action,
                                       gint64 time_us, GError **error);
gboolean dk_gtk_pipeline_dismiss(DkPipeline *self, const char *presentation, gint64 time_us, GError **error);
gboolean dk_gtk_pipeline_remove(DkPipeline *self, const char *presentation, gint64 time_us, GError **error);
gboolean dk_gtk_pipeline_set_unsaved_changes(DkPipeline *self, const char *presentation, gboolean unsaved,
                                             gint64 time_us, GError **error);
gboolean dk_gtk_pipeline_report_content_offset(DkPipeline *self, const char *presentation, double offset,
                                               gint64 time_us, GError **error);
gboolean dk_gtk_pipeline_escape_key(DkPipeline *self, gint64 time_us, GError **error);
gboolean dk_gtk_pipeline_screen(DkPipeline *self, double width, double height, double width_mm, double height_mm,
                                gint64 time_us, GError **error);
DkLayout *dk_gtk_pipeline_get_layout(DkPipeline *self, const char *presentation);
gboolean dk_gtk_pipeline_record(DkPipeline *self, const char *path, GError **error);
/* Whether the recording still writes (the property "recording"); when a write fails, it turns
 * FALSE, "recording-failure" says why and "recording-failed" is emitted, once. */
gboolean dk_gtk_pipeline_get_recording(DkPipeline *self);
const char *dk_gtk_pipeline_get_recording_failure(DkPipeline *self);
gint64 dk_gtk_pipeline_get_latest_time(DkPipeline *self);
gint64 dk_gtk_pipeline_get_time(DkPipeline *self);
/* The scene's idle rule (dismisskit-scene(5)), for a pipeline made on the empty scene, set
 * while nothing is presented; the pipeline ticks itself while a tick is pending (the property
 * "ticking"). */
gboolean dk_gtk_pipeline_set_idle_rule(DkPipeline *self, gint64 after_us, gint64 warning_us, DkIdleUnsaved unsaved,
                                       GError **error);
gboolean dk_gtk_pipeline_clear_idle_rule(DkPipeline *self, GError **error);
gboolean dk_gtk_pipeline_get_ticking(DkPipeline *self);
/* The on-screen keyboard's height (the property "keyboard-height"), which GTK 4 does not know:
 * the kiosk sets it from its own keyboard; 0 is hidden. */
void dk_gtk_pipeline_set_keyboard_height(DkPipeline *self, double height);
double dk_gtk_pipeline_get_keyboard_height(DkPipeline *self);

G_END_DECLS
