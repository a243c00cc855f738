/* The components' presentations and geometry written as the scene's JSON commands. Every number
 * goes through g_ascii_formatd: "412.5" under any locale, never printf's "412,5". */
#include "dk-scene-json.h"

/* Appends value in printf's format (%g, %.3f), with a decimal point whatever the locale. */
static void append_number(GString *json, const char *format, double value) {
    char text[G_ASCII_DTOSTR_BUF_SIZE];
    g_string_append(json, g_ascii_formatd(text, sizeof text, format, value));
}

static void append_string(GString *json, const char *text) {
    g_string_append_c(json, '"');
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        if (*c == '"' || *c == '\\') g_string_append_printf(json, "\\%c", *c);
        else if (*c < 0x20) g_string_append_printf(json, "\\u%04x", *c);
        else g_string_append_c(json, (char)*c);
    }
    g_string_append_c(json, '"');
}

/* {"x": ..., "y": ..., "width": ..., "height": ...} */
static void append_rect(GString *json, const graphene_rect_t *rect) {
    g_string_append(json, "{\"x\": ");
    append_number(json, "%.3f", rect->origin.x);
    g_string_append(json, ", \"y\": ");
    append_number(json, "%.3f", rect->origin.y);
    g_string_append(json, ", \"width\": ");
    append_number(json, "%.3f", rect->size.width);
    g_string_append(json, ", \"height\": ");
    append_number(json, "%.3f", rect->size.height);
    g_string_append_c(json, '}');
}

/* A custom detent's height, or 0 for a name. */
static double custom_height(const char *detent) {
    char *end = NULL;
    const double height = g_ascii_strtod(detent, &end);
    return end && end != detent && *end == '\0' ? height : 0;
}

/* A detent: a height as a number (320), a name ("medium", "large") as a string. */
static void append_detent(GString *json, const char *detent) {
    const double height = custom_height(detent);
    if (height > 0) append_number(json, "%g", height);
    else append_string(json, detent);
}

/* , "frame": {...}, "anchor": {...}, "passthrough": [{...}, ...] */
static void append_geometry(GString *json, const DkSceneGeometry *geometry) {
    g_string_append(json, ", \"frame\": ");
    append_rect(json, &geometry->frame);
    if (geometry->has_anchor) {
        g_string_append(json, ", \"anchor\": ");
        append_rect(json, &geometry->anchor);
    }
    g_string_append(json, ", \"passthrough\": [");
    for (guint i = 0; geometry->passthrough && i < geometry->passthrough->len; i++) {
        if (i) g_string_append(json, ", ");
        append_rect(json, &g_array_index(geometry->passthrough, graphene_rect_t, i));
    }
    g_string_append_c(json, ']');
}

/* Sends command (freed) at the pipeline's latest time. */
static gboolean send(DkPipeline *pipeline, GString *command, GError **error) {
    const gboolean taken =
        dk_gtk_pipeline_command(pipeline, command->str, dk_gtk_pipeline_get_latest_time(pipeline), error);
    g_string_free(command, TRUE);
    return taken;
}

DkPipeline *dk_scene_window_pipeline(void) {
    return dk_gtk_pipeline_new("{\"compactWidth\": 600, \"topInset\": 40, \"presentations\": []}", NULL);
}

gboolean dk_scene_present(DkPipeline *pipeline, const char *id, const DkScenePresentation *presentation, GError **error) {
    GString *json = g_string_new("{\"type\": \"present\", \"presentation\": {\"id\": ");
    append_string(json, id);
    if (presentation->style == DK_SCENE_SHEET) {
        g_string_append(json, ", \"style\": \"sheet\", \"grabber\": true, \"detents\": [");
        for (guint i = 0; presentation->detents && presentation->detents[i]; i++) {
            if (i) g_string_append(json, ", ");
            append_detent(json, presentation->detents[i]);
        }
        g_string_append(json, "], \"selectedDetent\": ");
        append_detent(json, presentation->selected_detent);
    } else {
        g_string_append(json, ", \"style\": \"popover\", \"modal\": false");
    }
    g_string_append_printf(json, ", \"unsavedChanges\": %s", presentation->unsaved ? "true" : "false");
    if (presentation->scrolls) {
        g_string_append(json, ", \"content\": {\"offset\": ");
        append_number(json, "%.3f", presentation->content_offset);
        g_string_append_c(json, '}');
    }
    if (presentation->geometry) append_geometry(json, presentation->geometry);
    g_string_append(json, "}}");
    return send(pipeline, json, error);
}

gboolean dk_scene_move(DkPipeline *pipeline, const char *id, const DkSceneGeometry *geometry, GError **error) {
    GString *json = g_string_new("{\"type\": \"update\", \"presentation\": ");
    append_string(json, id);
    append_geometry(json, geometry);
    g_string_append_c(json, '}');
    return send(pipeline, json, error);
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

double dk_detent_height(const char *detent, double screen_height) {
    const double large = MAX(screen_height - DK_TOP_INSET, 0);
    if (g_strcmp0(detent, "medium") == 0) return large / 2;
    const double height = detent ? custom_height(detent) : 0;
    return height > 0 ? MIN(height, large) : large;
}
