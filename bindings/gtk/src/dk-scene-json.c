/* Writing the components' presentations as the scene's JSON. */
#include "dk-scene-json.h"


void dk_json_string(GString *json, const char *text) {
    g_string_append_c(json, '"');
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        if (*c == '"' || *c == '\\') g_string_append_printf(json, "\\%c", *c);
        else if (*c < 0x20) g_string_append_printf(json, "\\u%04x", *c);
        else g_string_append_c(json, (char)*c);
    }
    g_string_append_c(json, '"');
}

void dk_json_rect(GString *json, const char *key, const graphene_rect_t *rect) {
    dk_json_string(json, key);
    g_string_append_printf(json, ": {\"x\": %.3f, \"y\": %.3f, \"width\": %.3f, \"height\": %.3f}",
                           rect->origin.x, rect->origin.y, rect->size.width, rect->size.height);
}

/* A custom detent's height, or 0 for a name. */
static double custom_height(const char *detent) {
    char *end = NULL;
    const double height = g_ascii_strtod(detent, &end);
    return end && end != detent && *end == '\0' ? height : 0;
}

void dk_json_detent(GString *json, const char *detent) {
    const double height = custom_height(detent);
    if (height > 0) g_string_append_printf(json, "%g", height);
    else dk_json_string(json, detent);
}

double dk_detent_height(const char *detent, double screen_height) {
    const double large = MAX(screen_height - DK_TOP_INSET, 0);
    if (g_strcmp0(detent, "medium") == 0) return large / 2;
    const double height = detent ? custom_height(detent) : 0;
    return height > 0 ? MIN(height, large) : large;
}
