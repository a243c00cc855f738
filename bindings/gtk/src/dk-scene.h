/* What the components tell their window's pipeline, in types: their presentations, their
 * geometry, the window's scene. dk-scene.c gives them to the pipeline through the C library's
 * typed fields, so the library writes no JSON of its own. Internal to the library. */
#pragma once

#include "dismisskit-gtk/dk-pipeline.h"

G_BEGIN_DECLS

/* Where a popover is, in the screen's points. */
typedef struct {
    graphene_rect_t frame;
    gboolean has_anchor;
    graphene_rect_t anchor;
    GArray *passthrough; /* graphene_rect_t: the pass-through widgets' regions */
} DkSceneGeometry;

typedef enum { DK_SCENE_SHEET, DK_SCENE_POPOVER } DkSceneStyle;

/* A presentation as a component presents it. */
typedef struct {
    DkSceneStyle style;
    gboolean unsaved;
    const char *const *detents;      /* a sheet's: "medium", "large" or heights in points ("412.5") */
    const char *selected_detent;     /* a sheet's */
    gboolean scrolls;                /* a sheet's content is host-owned scrolling, */
    double content_offset;           /* scrolled this far down */
    const DkSceneGeometry *geometry; /* a popover's (non-modal) */
} DkScenePresentation;

/* The window's own pipeline: no presentations yet, the scene's defaults (dismisskit-scene(5)). */
DkPipeline *dk_scene_window_pipeline(void);

/* Presents it under id, at the pipeline's time now (dk_gtk_pipeline_get_time()). */
gboolean dk_scene_present(DkPipeline *pipeline, const char *id, const DkScenePresentation *presentation, GError **error);

/* Tells the pipeline where the popover id is now. */
gboolean dk_scene_move(DkPipeline *pipeline, const char *id, const DkSceneGeometry *geometry, GError **error);

gboolean dk_scene_geometry_equal(const DkSceneGeometry *a, const DkSceneGeometry *b);

/* Frees its pass-through regions. */
void dk_scene_geometry_clear(DkSceneGeometry *geometry);

G_END_DECLS
