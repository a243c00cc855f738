/* DkLayout: where a presentation is drawn, dk_gtk_pipeline_get_layout()'s answer. */
#pragma once

#include <gtk/gtk.h>

#include "dk-enums.h"

G_BEGIN_DECLS

/**
 * DkLayout:
 * @role: what it is shown as at the current width
 * @adapted: whether @role is a compact width's adaptation (a modal sheet at the large detent)
 * @frame: where to draw it now: at rest, or moved by the drag that holds it (down the sheet
 *   moves, up it grows from its bottom edge)
 * @resting_frame: where it rests: a sheet at its selected detent, a popover at its frame, the
 *   screen otherwise
 * @drag_offset: how far below its detent a drag holds the sheet (#DkPipeline::drag-changed's
 *   offset); 0 at rest
 * @detent_height: a sheet's selected detent's height; 0 for anything but a sheet
 * @has_grabber: whether it shows a grabber ...
 * @grabber: ... drawn here, moved by the drag ...
 * @grabber_hit_target: ... and touched here
 * @has_header: whether it is a sheet, whose top region starts a swipe ...
 * @header: ... here, moved by the drag
 * @question_anchor: where a question about it is shown: a sheet's or popover's resting frame,
 *   the screen otherwise
 *
 * Where a presentation is drawn, and what it is: the figures the pipeline hit-tests with (the C
 * library's dk_layout), in the pipeline's screen points, from the screen's top-left corner, y
 * down. A host that draws from them never works out a detent's height, the compact width or the
 * top inset itself, so what a person sees is what a touch finds.
 *
 * Since: 0.2.0
 */
typedef struct {
    DkPresentationRole role;
    gboolean adapted;
    graphene_rect_t frame;
    graphene_rect_t resting_frame;
    double drag_offset;
    double detent_height;
    gboolean has_grabber;
    graphene_rect_t grabber;
    graphene_rect_t grabber_hit_target;
    gboolean has_header;
    graphene_rect_t header;
    graphene_rect_t question_anchor;
} DkLayout;

#define DK_TYPE_LAYOUT (dk_gtk_layout_get_type())
GType dk_gtk_layout_get_type(void);
DkLayout *dk_gtk_layout_copy(const DkLayout *layout);
void dk_gtk_layout_free(DkLayout *layout);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(DkLayout, dk_gtk_layout_free)

G_END_DECLS
