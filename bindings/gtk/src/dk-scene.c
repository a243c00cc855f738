/* The components' presentations and geometry given to the pipeline through the C library's
 * typed fields: the library writes the commands, so no number passes through the user's locale. */
#include "dk-scene.h"

#include "dk-pipeline-calls.h"

/* A custom detent's height, or 0 for a name. */
static double custom_height(const char *detent) {
    char *end = NULL;
    const double height = g_ascii_strtod(detent, &end);
    return end && end != detent && *end == '\0' ? height : 0;
}

/* A detent's kind and, for a custom one, its height: "medium", "large" or a height ("412.5"). */
static dk_detent_kind detent_kind(const char *detent, double *height) {
    *height = custom_height(detent);
    if (*height > 0) return DK_DETENT_CUSTOM;
    return g_strcmp0(detent, "medium") == 0 ? DK_DETENT_MEDIUM : DK_DETENT_LARGE;
}

/* The frame, the anchor if any, and every pass-through region (replacing the ones given before). */
static void set_geometry(dk_presentation_fields *fields, const DkSceneGeometry *geometry) {
    const graphene_rect_t *frame = &geometry->frame;
    dk_presentation_fields_set_frame(fields, frame->origin.x, frame->origin.y, frame->size.width, frame->size.height);
    if (geometry->has_anchor) {
        const graphene_rect_t *anchor = &geometry->anchor;
        dk_presentation_fields_set_anchor(fields, anchor->origin.x, anchor->origin.y, anchor->size.width,
                                          anchor->size.height);
    }
    dk_presentation_fields_clear_passthrough(fields);
    for (guint i = 0; geometry->passthrough && i < geometry->passthrough->len; i++) {
        const graphene_rect_t *region = &g_array_index(geometry->passthrough, graphene_rect_t, i);
        dk_presentation_fields_add_passthrough(fields, region->origin.x, region->origin.y, region->size.width,
                                               region->size.height);
    }
}

DkPipeline *dk_scene_window_pipeline(void) {
    return dk_gtk_pipeline_new("{}", NULL);
}

gboolean dk_scene_present(DkPipeline *pipeline, const char *id, const DkScenePresentation *presentation, GError **error) {
    dk_presentation_fields *fields = dk_presentation_fields_new();
    double height;
    if (presentation->style == DK_SCENE_SHEET) {
        dk_presentation_fields_set_style(fields, DK_STYLE_SHEET);
        dk_presentation_fields_set_grabber(fields, 1);
        for (guint i = 0; presentation->detents && presentation->detents[i]; i++) {
            const dk_detent_kind kind = detent_kind(presentation->detents[i], &height);
            dk_presentation_fields_add_detent(fields, kind, height);
        }
        const dk_detent_kind kind = detent_kind(presentation->selected_detent, &height);
        dk_presentation_fields_set_selected_detent(fields, kind, height);
    } else {
        dk_presentation_fields_set_style(fields, DK_STYLE_POPOVER);
        dk_presentation_fields_set_modal(fields, 0);
    }
    dk_presentation_fields_set_unsaved_changes(fields, presentation->unsaved);
    if (presentation->scrolls) dk_presentation_fields_set_content_offset(fields, presentation->content_offset);
    if (presentation->geometry) set_geometry(fields, presentation->geometry);
    const gboolean taken =
        dk_gtk_pipeline_present_fields(pipeline, id, fields, dk_gtk_pipeline_get_time(pipeline), error);
    dk_presentation_fields_free(fields);
    return taken;
}

gboolean dk_scene_move(DkPipeline *pipeline, const char *id, const DkSceneGeometry *geometry, GError **error) {
    dk_presentation_fields *fields = dk_presentation_fields_new();
    set_geometry(fields, geometry);
    const gboolean taken =
        dk_gtk_pipeline_update_fields(pipeline, id, fields, dk_gtk_pipeline_get_time(pipeline), error);
    dk_presentation_fields_free(fields);
    return taken;
}

gboolean dk_scene_geometry_equal(const DkSceneGeometry *a, const DkSceneGeometry *b) {
    if (!graphene_rect_equal(&a->frame, &b->frame) || a->has_anchor != b->has_anchor
        || (a->has_anchor && !graphene_rect_equal(&a->anchor, &b->anchor)))
        return FALSE;
    const guint count = a->passthrough ? a->passthrough->len : 0;
    if (count != (b->passthrough ? b->passthrough->len : 0)) return FALSE;
    for (guint i = 0; i < count; i++)
        if (!graphene_rect_equal(&g_array_index(a->passthrough, graphene_rect_t, i),
                                 &g_array_index(b->passthrough, graphene_rect_t, i)))
            return FALSE;
    return TRUE;
}

void dk_scene_geometry_clear(DkSceneGeometry *geometry) {
    g_clear_pointer(&geometry->passthrough, g_array_unref);
    *geometry = (DkSceneGeometry){0};
}
