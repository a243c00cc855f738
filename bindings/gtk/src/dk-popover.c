/* DkPopover: a page, and a popover over it anchored to one of its widgets. */
#include "dismisskit-gtk/dk-popover.h"

#include "dk-presentation.h"
#include "dk-window-input.h"

/**
 * DkPopover:
 *
 * A page (#DkPopover:content) and a non-modal popover over it (#DkPopover:child), anchored
 * below (or, with no room, above) #DkPopover:anchor. A tap outside closes it through the
 * window's #DkPipeline, saving its unsaved work first (#DkPopover::save-requested, then
 * #DkPopover::dismissed with %DK_GTK_RESOLUTION_AUTOSAVED); a tap on a pass-through widget
 * closes it and activates that widget (gtk_widget_activate(): GTK has no public way to
 * deliver a click again); a tap elsewhere outside reaches nothing beneath, and a tap on the
 * anchor does not open it again. It is drawn inside the window: over its anchor when there is
 * room neither below nor above it. An arrow on its edge points at the anchor's middle (right to
 * left, the page's layout mirrors the anchor, and the popover and its arrow follow it). In a
 * compact width (below 600 points) it is drawn as the pipeline treats it: a sheet at the large
 * detent, dismissed by a swipe down.
 *
 * Like #DkSheet, it fills its window.
 */
struct _DkPopover {
    GtkWidget parent_instance;
    DkPresentation presentation; /* the page, the frame and the child */
    GtkWidget *anchor;
    GPtrArray *passthrough; /* widgets, weakly held */
    DkSceneGeometry geometry_sent; /* the frame, anchor and pass-through rectangles the pipeline has */
    guint geometry_idle;
    DkPipeline *tap_source; /* the pipeline whose pass-through taps it takes (the window's lives as long as it) */
};

G_DEFINE_TYPE(DkPopover, dk_gtk_popover, GTK_TYPE_WIDGET)

enum { PROP_0, PROP_CONTENT, PROP_CHILD, PROP_ANCHOR, PROP_UNSAVED_CHANGES, PROP_PRESENTED, PROP_COUNT };
static GParamSpec *properties[PROP_COUNT];

enum { SAVE_REQUESTED, DISMISSED, SIGNAL_COUNT };
static guint signals[SIGNAL_COUNT];

/**
 * dk_gtk_popover_get_compact:
 * @self: the popover
 *
 * Returns: whether it is presented as a sheet: the pipeline adapts a popover to a sheet in a
 * compact width
 */
gboolean dk_gtk_popover_get_compact(DkPopover *self) {
    dk_layout layout;
    return dk_presentation_layout(&self->presentation, &layout) && layout.role == DK_ROLE_SHEET;
}

/* Where the popover goes as a popover, in its own points: its natural size by its anchor. The
 * pipeline is given this frame (and keeps it for a regular width while it adapts the popover). */
static graphene_rect_t popover_rect(DkPopover *self) {
    const float width = (float)gtk_widget_get_width(GTK_WIDGET(self)), height = (float)gtk_widget_get_height(GTK_WIDGET(self));
    int natural_width, natural_height;
    gtk_widget_measure(self->presentation.frame, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural_width, NULL, NULL);
    const float frame_width = CLAMP((float)natural_width, MIN(280, width - 16), width - 16);
    gtk_widget_measure(self->presentation.frame, GTK_ORIENTATION_VERTICAL, (int)frame_width, NULL, &natural_height, NULL, NULL);
    const float frame_height = MIN((float)natural_height, height - 16);
    graphene_rect_t anchor = GRAPHENE_RECT_INIT(width / 2, 0, 0, 0);
    if (self->anchor && !gtk_widget_compute_bounds(self->anchor, GTK_WIDGET(self), &anchor))
        anchor = GRAPHENE_RECT_INIT(width / 2, 0, 0, 0);
    const float x = CLAMP(anchor.origin.x + anchor.size.width / 2 - frame_width / 2, 8, width - frame_width - 8);
    float y = anchor.origin.y + anchor.size.height + 8;
    if (y + frame_height > height - 8 && anchor.origin.y - 8 - frame_height >= 8) y = anchor.origin.y - 8 - frame_height;
    /* With room neither below nor above (an anchor as tall as the window), over it, in the window. */
    y = CLAMP(y, 8, height - frame_height - 8);
    return GRAPHENE_RECT_INIT(x, y, frame_width, frame_height);
}

/* Where the popover is drawn, in its own points: where the pipeline has it as a sheet in a compact
 * width (its layout, moved by the drag), its popover frame otherwise. */
static graphene_rect_t frame_rect(DkPopover *self) {
    dk_layout layout;
    if (dk_presentation_layout(&self->presentation, &layout) && layout.role == DK_ROLE_SHEET)
        return GRAPHENE_RECT_INIT((float)layout.frame.x, (float)layout.frame.y, (float)layout.frame.width,
                                  (float)layout.frame.height);
    return popover_rect(self);
}

/* A rectangle of widget's, in the screen's points. */
static graphene_rect_t on_screen(GtkWidget *widget, const graphene_rect_t *rect) {
    GtkRoot *root = gtk_widget_get_root(widget);
    graphene_point_t origin = rect->origin;
    if (GTK_IS_WINDOW(root)
        && !gtk_widget_compute_point(widget, dk_window_input_screen_widget(GTK_WINDOW(root)), &rect->origin, &origin))
        origin = rect->origin;
    return GRAPHENE_RECT_INIT(origin.x, origin.y, rect->size.width, rect->size.height);
}

/* Where the frame, the anchor and the pass-through widgets are on the screen now. */
static DkSceneGeometry geometry(DkPopover *self) {
    const graphene_rect_t frame = popover_rect(self);
    DkSceneGeometry now = {.frame = on_screen(GTK_WIDGET(self), &frame),
                           .passthrough = g_array_new(FALSE, FALSE, sizeof(graphene_rect_t))};
    graphene_rect_t bounds;
    if (self->anchor && gtk_widget_compute_bounds(self->anchor, self->anchor, &bounds)) {
        now.has_anchor = TRUE;
        now.anchor = on_screen(self->anchor, &bounds);
    }
    for (guint i = 0; i < self->passthrough->len; i++) {
        GtkWidget *widget = g_weak_ref_get(g_ptr_array_index(self->passthrough, i));
        if (widget && gtk_widget_get_mapped(widget) && gtk_widget_compute_bounds(widget, widget, &bounds)) {
            const graphene_rect_t region = on_screen(widget, &bounds);
            g_array_append_val(now.passthrough, region);
        }
        g_clear_object(&widget);
    }
    return now;
}

/* Tells the pipeline where things are now, if they moved. */
static gboolean send_geometry(gpointer data) {
    DkPopover *self = data;
    self->geometry_idle = 0;
    if (!self->presentation.id) return G_SOURCE_REMOVE;
    DkSceneGeometry now = geometry(self);
    if (!dk_scene_geometry_equal(&now, &self->geometry_sent) && dk_presentation_move(&self->presentation, &now)) {
        dk_scene_geometry_clear(&self->geometry_sent);
        self->geometry_sent = now;
    } else {
        dk_scene_geometry_clear(&now);
    }
    return G_SOURCE_REMOVE;
}

static void presentation_changed(GtkWidget *owner) {
    g_object_notify_by_pspec(G_OBJECT(owner), properties[PROP_PRESENTED]);
}

/* A pass-through tap comes after the dismissal that ended the presentation: the popover
 * listens to its window's pipeline for as long as it lives. */
static void on_passthrough_tap(DkPipeline *pipeline, double x, double y, gpointer data) {
    (void)pipeline;
    DkPopover *self = data;
    for (guint i = 0; i < self->passthrough->len; i++) {
        GtkWidget *widget = g_weak_ref_get(g_ptr_array_index(self->passthrough, i));
        graphene_rect_t bounds;
        if (widget && gtk_widget_compute_bounds(widget, widget, &bounds)) {
            const graphene_rect_t region = on_screen(widget, &bounds);
            if (graphene_rect_contains_point(&region, &GRAPHENE_POINT_INIT((float)x, (float)y))) {
                gtk_widget_activate(widget);
                g_object_unref(widget);
                return;
            }
        }
        g_clear_object(&widget);
    }
}

static void presentation_save(GtkWidget *owner) { g_signal_emit(owner, signals[SAVE_REQUESTED], 0); }

static void presentation_dismissed(GtkWidget *owner, DkDismissalSource source, DkResolution resolution) {
    DkPopover *self = DK_POPOVER(owner);
    dk_scene_geometry_clear(&self->geometry_sent);
    g_signal_emit(owner, signals[DISMISSED], 0, source, resolution);
}

static const DkPresentationEvents events = {
    .changed = presentation_changed,
    .save = presentation_save,
    .dismissed = presentation_dismissed,
};

static void dk_gtk_popover_measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                                   int *natural, int *minimum_baseline, int *natural_baseline) {
    dk_presentation_measure(&DK_POPOVER(widget)->presentation, orientation, for_size, minimum, natural,
                            minimum_baseline, natural_baseline);
}

/* The arrow's side, in points: turned 45 degrees, its tip reaches 7.8 points out of the frame's
 * edge, within the 8 points between the frame and its anchor. */
#define ARROW_SIZE 11

/* How far the arrow keeps from the frame's sides: clear of its 12-point rounded corners. */
#define ARROW_INSET 20

/* The arrow on the frame's edge that faces the anchor, under the anchor's middle; none as a sheet
 * or over the anchor. */
static void allocate_arrow(DkPopover *self, const graphene_rect_t *frame) {
    GtkWidget *arrow = self->presentation.arrow;
    graphene_rect_t anchor;
    const gboolean beside = gtk_widget_get_visible(self->presentation.frame) && !dk_gtk_popover_get_compact(self)
                            && self->anchor && gtk_widget_compute_bounds(self->anchor, GTK_WIDGET(self), &anchor);
    const gboolean below = beside && frame->origin.y >= anchor.origin.y + anchor.size.height;
    const gboolean above = beside && frame->origin.y + frame->size.height <= anchor.origin.y;
    gtk_widget_set_child_visible(arrow, below || above);
    if (!below && !above) return;
    gtk_widget_remove_css_class(arrow, below ? "dk-popover-arrow-down" : "dk-popover-arrow-up");
    gtk_widget_add_css_class(arrow, below ? "dk-popover-arrow-up" : "dk-popover-arrow-down");
    const float x = CLAMP(anchor.origin.x + anchor.size.width / 2, frame->origin.x + ARROW_INSET,
                          frame->origin.x + frame->size.width - ARROW_INSET);
    const float y = below ? frame->origin.y : frame->origin.y + frame->size.height;
    GskTransform *at = gsk_transform_translate(NULL, &GRAPHENE_POINT_INIT(x, y));
    at = gsk_transform_rotate(at, 45);
    at = gsk_transform_translate(at, &GRAPHENE_POINT_INIT(-ARROW_SIZE / 2.0f, -ARROW_SIZE / 2.0f));
    gtk_widget_allocate(arrow, ARROW_SIZE, ARROW_SIZE, -1, at);
}

static void dk_gtk_popover_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
    (void)baseline;
    DkPopover *self = DK_POPOVER(widget);
    const graphene_rect_t frame = frame_rect(self);
    dk_presentation_allocate(&self->presentation, width, height, &frame);
    allocate_arrow(self, &frame);
    if (self->presentation.id && !self->geometry_idle)
        self->geometry_idle = g_idle_add_full(G_PRIORITY_HIGH_IDLE, send_geometry, self, NULL);
}

/* In a compact width it is a sheet: the page dimmed. */
static void dk_gtk_popover_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
    DkPopover *self = DK_POPOVER(widget);
    dk_presentation_snapshot(&self->presentation, snapshot, dk_gtk_popover_get_compact(self) ? 1 : 0, 0);
}

static void dk_gtk_popover_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec) {
    DkPopover *self = DK_POPOVER(object);
    switch (id) {
    case PROP_CONTENT: g_value_set_object(value, self->presentation.content); break;
    case PROP_CHILD: g_value_set_object(value, self->presentation.child); break;
    case PROP_ANCHOR: g_value_set_object(value, self->anchor); break;
    case PROP_UNSAVED_CHANGES: g_value_set_boolean(value, self->presentation.unsaved); break;
    case PROP_PRESENTED: g_value_set_boolean(value, dk_gtk_popover_get_presented(self)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void dk_gtk_popover_set_property(GObject *object, guint id, const GValue *value, GParamSpec *pspec) {
    DkPopover *self = DK_POPOVER(object);
    switch (id) {
    case PROP_CONTENT: dk_gtk_popover_set_content(self, g_value_get_object(value)); break;
    case PROP_CHILD: dk_gtk_popover_set_child(self, g_value_get_object(value)); break;
    case PROP_ANCHOR: dk_gtk_popover_set_anchor(self, g_value_get_object(value)); break;
    case PROP_UNSAVED_CHANGES: dk_gtk_popover_set_unsaved_changes(self, g_value_get_boolean(value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void free_weak_ref(gpointer data) {
    g_weak_ref_clear(data);
    g_free(data);
}

static void dk_gtk_popover_dispose(GObject *object) {
    DkPopover *self = DK_POPOVER(object);
    g_clear_handle_id(&self->geometry_idle, g_source_remove);
    dk_presentation_clear(&self->presentation);
    g_clear_weak_pointer(&self->anchor);
    G_OBJECT_CLASS(dk_gtk_popover_parent_class)->dispose(object);
}

static void dk_gtk_popover_finalize(GObject *object) {
    DkPopover *self = DK_POPOVER(object);
    g_ptr_array_unref(self->passthrough);
    dk_scene_geometry_clear(&self->geometry_sent);
    G_OBJECT_CLASS(dk_gtk_popover_parent_class)->finalize(object);
}

static void dk_gtk_popover_class_init(DkPopoverClass *class) {
    GObjectClass *object_class = G_OBJECT_CLASS(class);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(class);
    object_class->get_property = dk_gtk_popover_get_property;
    object_class->set_property = dk_gtk_popover_set_property;
    object_class->dispose = dk_gtk_popover_dispose;
    object_class->finalize = dk_gtk_popover_finalize;
    widget_class->measure = dk_gtk_popover_measure;
    widget_class->size_allocate = dk_gtk_popover_size_allocate;
    widget_class->snapshot = dk_gtk_popover_snapshot;
    const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
    /**
     * DkPopover:content:
     *
     * The page the popover comes up over.
     */
    properties[PROP_CONTENT] = g_param_spec_object("content", NULL, NULL, GTK_TYPE_WIDGET, rw);
    /**
     * DkPopover:child:
     *
     * What the popover holds.
     */
    properties[PROP_CHILD] = g_param_spec_object("child", NULL, NULL, GTK_TYPE_WIDGET, rw);
    /**
     * DkPopover:anchor:
     *
     * The widget of the page it points at (the button that opened it).
     */
    properties[PROP_ANCHOR] = g_param_spec_object("anchor", NULL, NULL, GTK_TYPE_WIDGET, rw);
    /**
     * DkPopover:unsaved-changes:
     *
     * Whether it holds unsaved work: a tap outside saves it first.
     */
    properties[PROP_UNSAVED_CHANGES] = g_param_spec_boolean("unsaved-changes", NULL, NULL, FALSE, rw);
    /**
     * DkPopover:presented:
     *
     * Whether it is shown (in the window's pipeline).
     */
    properties[PROP_PRESENTED] = g_param_spec_boolean("presented", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
    g_object_class_install_properties(object_class, PROP_COUNT, properties);
    /**
     * DkPopover::save-requested:
     * @popover: the popover
     *
     * Save its work now: its dismissal follows.
     */
    signals[SAVE_REQUESTED] = g_signal_new("save-requested", DK_TYPE_POPOVER, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                           G_TYPE_NONE, 0);
    /**
     * DkPopover::dismissed:
     * @popover: the popover
     * @source: what dismissed it
     * @resolution: how its unsaved work was resolved
     *
     * It closed.
     */
    signals[DISMISSED] = g_signal_new("dismissed", DK_TYPE_POPOVER, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                      G_TYPE_NONE, 2, DK_TYPE_DISMISSAL_SOURCE, DK_TYPE_RESOLUTION);
    gtk_widget_class_set_css_name(widget_class, "dk-popover-host");
}

static void dk_gtk_popover_init(DkPopover *self) {
    dk_presentation_init(&self->presentation, GTK_WIDGET(self), &events, "dk-popover");
    self->presentation.arrow = g_object_new(GTK_TYPE_BOX, "can-target", FALSE, NULL);
    gtk_widget_add_css_class(self->presentation.arrow, "dk-popover-arrow");
    gtk_widget_set_parent(self->presentation.arrow, GTK_WIDGET(self));
    self->passthrough = g_ptr_array_new_with_free_func(free_weak_ref);
}

/**
 * dk_gtk_popover_new:
 *
 * Returns: a popover, not presented
 */
GtkWidget *dk_gtk_popover_new(void) { return g_object_new(DK_TYPE_POPOVER, NULL); }

/**
 * dk_gtk_popover_set_content:
 * @self: the popover
 * @content: (nullable): the page
 *
 * Sets the page the popover comes up over.
 */
void dk_gtk_popover_set_content(DkPopover *self, GtkWidget *content) {
    g_return_if_fail(DK_IS_POPOVER(self));
    if (dk_presentation_set_content(&self->presentation, content))
        g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_CONTENT]);
}

/**
 * dk_gtk_popover_get_content:
 * @self: the popover
 *
 * Returns: (transfer none) (nullable): the page
 */
GtkWidget *dk_gtk_popover_get_content(DkPopover *self) { return self->presentation.content; }

/**
 * dk_gtk_popover_set_child:
 * @self: the popover
 * @child: (nullable): what the popover holds
 *
 * Sets what the popover holds.
 */
void dk_gtk_popover_set_child(DkPopover *self, GtkWidget *child) {
    g_return_if_fail(DK_IS_POPOVER(self));
    if (dk_presentation_set_child(&self->presentation, child))
        g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_CHILD]);
}

/**
 * dk_gtk_popover_get_child:
 * @self: the popover
 *
 * Returns: (transfer none) (nullable): what the popover holds
 */
GtkWidget *dk_gtk_popover_get_child(DkPopover *self) { return self->presentation.child; }

/**
 * dk_gtk_popover_set_anchor:
 * @self: the popover
 * @anchor: (nullable): a widget of the page
 *
 * Sets the widget the popover points at: a tap on it while the popover is open is swallowed.
 */
void dk_gtk_popover_set_anchor(DkPopover *self, GtkWidget *anchor) {
    g_return_if_fail(DK_IS_POPOVER(self));
    if (g_set_weak_pointer(&self->anchor, anchor)) {
        gtk_widget_queue_allocate(GTK_WIDGET(self));
        g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_ANCHOR]);
    }
}

/**
 * dk_gtk_popover_get_anchor:
 * @self: the popover
 *
 * Returns: (transfer none) (nullable): the widget it points at
 */
GtkWidget *dk_gtk_popover_get_anchor(DkPopover *self) { return self->anchor; }

/**
 * dk_gtk_popover_add_passthrough:
 * @self: the popover
 * @widget: a widget of the page
 *
 * A tap on @widget while the popover is open closes the popover and activates @widget.
 */
void dk_gtk_popover_add_passthrough(DkPopover *self, GtkWidget *widget) {
    g_return_if_fail(DK_IS_POPOVER(self));
    GWeakRef *ref = g_new0(GWeakRef, 1);
    g_weak_ref_init(ref, widget);
    g_ptr_array_add(self->passthrough, ref);
    gtk_widget_queue_allocate(GTK_WIDGET(self));
}

/**
 * dk_gtk_popover_set_unsaved_changes:
 * @self: the popover
 * @unsaved: whether it holds unsaved work
 *
 * Sets whether a dismissal saves first; a presented popover tells its pipeline at once.
 */
void dk_gtk_popover_set_unsaved_changes(DkPopover *self, gboolean unsaved) {
    g_return_if_fail(DK_IS_POPOVER(self));
    if (dk_presentation_set_unsaved(&self->presentation, unsaved))
        g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_UNSAVED_CHANGES]);
}

/**
 * dk_gtk_popover_get_unsaved_changes:
 * @self: the popover
 *
 * Returns: whether it holds unsaved work
 */
gboolean dk_gtk_popover_get_unsaved_changes(DkPopover *self) { return self->presentation.unsaved; }

/**
 * dk_gtk_popover_popup:
 * @self: the popover, in a window
 * @error: where to put why it cannot be presented
 *
 * Shows the popover at its anchor, in its window's pipeline.
 *
 * Returns: whether it is presented
 */
gboolean dk_gtk_popover_popup(DkPopover *self, GError **error) {
    g_return_val_if_fail(DK_IS_POPOVER(self), FALSE);
    if (self->presentation.id) return TRUE;
    gtk_widget_set_visible(self->presentation.frame, TRUE);
    DkSceneGeometry where = geometry(self);
    DkScenePresentation popover = {.style = DK_SCENE_POPOVER, .geometry = &where};
    const gboolean presented = dk_presentation_present(&self->presentation, "popover", &popover, "large", error);
    if (presented) {
        dk_scene_geometry_clear(&self->geometry_sent);
        self->geometry_sent = where;
        if (self->tap_source != self->presentation.pipeline) {
            g_signal_connect_object(self->presentation.pipeline, "passthrough-tap", G_CALLBACK(on_passthrough_tap), self, 0);
            self->tap_source = self->presentation.pipeline;
        }
    } else {
        dk_scene_geometry_clear(&where);
    }
    return presented;
}

/**
 * dk_gtk_popover_dismiss:
 * @self: the popover
 * @error: where to put why it was refused
 *
 * Asks to close the popover, through the gate.
 *
 * Returns: whether the request was taken
 */
gboolean dk_gtk_popover_dismiss(DkPopover *self, GError **error) {
    g_return_val_if_fail(DK_IS_POPOVER(self), FALSE);
    return dk_presentation_dismiss(&self->presentation, error);
}

/**
 * dk_gtk_popover_close:
 * @self: the popover
 *
 * Closes the popover at once, without saving: the app's own decision.
 */
void dk_gtk_popover_close(DkPopover *self) {
    g_return_if_fail(DK_IS_POPOVER(self));
    dk_presentation_remove(&self->presentation);
    dk_scene_geometry_clear(&self->geometry_sent);
}

/**
 * dk_gtk_popover_get_presented:
 * @self: the popover
 *
 * Returns: whether it is shown
 */
gboolean dk_gtk_popover_get_presented(DkPopover *self) { return self->presentation.id != NULL; }

/**
 * dk_gtk_popover_get_presentation_id:
 * @self: the popover
 *
 * Its id in its window's pipeline, for dk_gtk_pipeline_get_layout() (where the popover is drawn).
 *
 * Returns: (nullable): the id while presented, %NULL otherwise
 */
const char *dk_gtk_popover_get_presentation_id(DkPopover *self) {
    g_return_val_if_fail(DK_IS_POPOVER(self), NULL);
    return self->presentation.id;
}
