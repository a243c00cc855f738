/* The scene's JSON for what the components present, and the detents' geometry. Internal to the library. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The window pipeline's layout constants (the scene it is made with): below compact_width points
 * a popover is a sheet; the large detent leaves top_inset points above it. */
#define DK_COMPACT_WIDTH 600.0
#define DK_TOP_INSET 40.0

/* Appends text as a JSON string. */
void dk_json_string(GString *json, const char *text);

/* Appends "key": {"x": ..., "y": ..., "width": ..., "height": ...}. */
void dk_json_rect(GString *json, const char *key, const graphene_rect_t *rect);

/* Appends a detent: a number as a number ("320"), a name ("medium", "large") as a string. */
void dk_json_detent(GString *json, const char *detent);

/* A detent's height on a screen screen_height points tall (SPEC 3: large is the screen less the top
 * inset, medium half of it, a custom height at most large). */
double dk_detent_height(const char *detent, double screen_height);

G_END_DECLS
