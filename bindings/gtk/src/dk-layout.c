/* DkLayout as a boxed type: a plain struct, copied whole. */
#include "dismisskit-gtk/dk-layout.h"

G_DEFINE_BOXED_TYPE(DkLayout, dk_gtk_layout, dk_gtk_layout_copy, dk_gtk_layout_free)

/**
 * dk_gtk_layout_copy:
 * @layout: a layout
 *
 * Returns: (transfer full): a copy of @layout, freed with dk_gtk_layout_free()
 */
DkLayout *dk_gtk_layout_copy(const DkLayout *layout) {
    g_return_val_if_fail(layout != NULL, NULL);
    DkLayout *copy = g_new(DkLayout, 1);
    *copy = *layout;
    return copy;
}

/**
 * dk_gtk_layout_free:
 * @layout: (nullable): a layout from dk_gtk_pipeline_get_layout() or dk_gtk_layout_copy()
 *
 * Frees it.
 */
void dk_gtk_layout_free(DkLayout *layout) { g_free(layout); }
