/* DkSheet: a page, and a sheet over it that the window's pipeline presents and dismisses. */
#include "dismisskit-gtk/dk-sheet.h"

#include "dk-i18n.h"
#include "dk-presentation.h"

#include <math.h>

/**
 * DkSheet:
 *
 * A page (#DkSheet:content) and a sheet over it (#DkSheet:child under a grabber and a header: a
 * title, with a Cancel and a Done button when #DkSheet:show-cancel-button and
 * #DkSheet:show-done-button are set, or #DkSheet:cancel-label and #DkSheet:done-label),
 * bottom-anchored at its detent, that a swipe down from its top, a swipe down on its content
 * scrolled to the top, or its grabber dragged below the smallest detent dismisses: through the
 * window's #DkPipeline, which asks first when #DkSheet:unsaved-changes is set (Discard Changes,
 * Save, Keep Editing). A tap on the grabber cycles the detents; the sheet follows the finger
 * and dims the page in proportion to how much of it shows.
 *
 * The first #GtkScrolledWindow in the child is host-owned scrolling: its offset is reported as
 * it scrolls, and a swipe down at its top hands the finger to the sheet.
 *
 * A kiosk's sheet fills its window: put it (or a container that fills the window) as the
 * window's child, since the pipeline's screen is the window's child.
 */
struct _DkSheet {
    GtkWidget parent_instance;
    DkPresentation presentation; /* the page, the frame and the child */
    GtkWidget *grabber, *title_label;
    GtkWidget *cancel_button, *done_button; /* in the header, at its start and end (mirrored right to left) */
    char *cancel_label, *done_label;        /* the kiosk's words for them, or NULL: the user's language's */
    GStrv detents;
    char *selected_detent;
    GtkAdjustment *scroll; /* the content's host-owned scrolling, while presented */
    gboolean scrolling_to; /* the pipeline is scrolling it: not the user's scroll */
    double drawn_top;      /* where the sheet was last drawn */
    guint settle_tick;     /* while it eases to where the pipeline has it */
    gint64 settle_start, settle_now;
    double settle_from;
};

/* The header buttons' least width and height, in points: touch targets. */
#define DK_SHEET_HEADER_BUTTON_SIZE 44

/* How long a sheet takes to settle at its detent, in microseconds. */
#define SETTLE_DURATION 250000

G_DEFINE_TYPE(DkSheet, dk_gtk_sheet, GTK_TYPE_WIDGET)

enum {
    PROP_0,
    PROP_CONTENT,
    PROP_CHILD,
    PROP_TITLE,
    PROP_DETENTS,
    PROP_SELECTED_DETENT,
    PROP_UNSAVED_CHANGES,
    PROP_CANCEL_LABEL,
    PROP_DONE_LABEL,
    PROP_SHOW_CANCEL_BUTTON,
    PROP_SHOW_DONE_BUTTON,
    PROP_PRESENTED,
    PROP_DETENT,
    PROP_QUESTION,
    PROP_OFFSET,
    PROP_COUNT
};
static GParamSpec *properties[PROP_COUNT];

enum { SAVE_REQUESTED, DISMISSED, SIGNAL_COUNT };
static guint signals[SIGNAL_COUNT];

/* Where the pipeline has the sheet (dk_pipeline_layout: its detent, moved by the drag, grown from
 * its bottom edge when dragged up): its top and height in the sheet widget's points, and its
 * detent's height when detent is not NULL; below the widget, 0 high, when it is not presented. */
static void sheet_rect(DkSheet *self, double *top, double *height, double *detent) {
    dk_layout layout;
    const gboolean presented = dk_presentation_layout(&self->presentation, &layout);
    *top = presented ? layout.frame.y : gtk_widget_get_height(GTK_WIDGET(self));
    *height = presented ? layout.frame.height : 0;
    if (detent) *detent = presented ? layout.detent_height : 0;
}

/* Where it is drawn: under the finger while dragged, easing to where the pipeline has it
 * otherwise (a settle, a new detent, coming up). Only the picture eases: the sheet is laid out
 * where the pipeline has it, so that the widgets under a finger are the ones the pipeline sees. */
static double shown_top(DkSheet *self) {
    double top, height;
    sheet_rect(self, &top, &height, NULL);
    if (self->presentation.dragging || self->settle_tick == 0) return top;
    const double progress = MIN(1.0, (double)(self->settle_now - self->settle_start) / SETTLE_DURATION);
    const double eased = 1 - pow(1 - progress, 3);
    return self->settle_from + (top - self->settle_from) * eased;
}

static gboolean settle(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
    (void)data;
    DkSheet *self = DK_SHEET(widget);
    self->settle_now = gdk_frame_clock_get_frame_time(clock);
    self->drawn_top = shown_top(self);
    gtk_widget_queue_draw(widget);
    if (self->settle_now - self->settle_start < SETTLE_DURATION) return G_SOURCE_CONTINUE;
    self->settle_tick = 0;
    return G_SOURCE_REMOVE;
}

/* Eases from where the sheet is drawn now to where the pipeline has it. */
static void start_settling(DkSheet *self, double from) {
    GdkFrameClock *clock = gtk_widget_get_frame_clock(GTK_WIDGET(self));
    if (!clock || !gtk_widget_get_mapped(GTK_WIDGET(self))) return;
    self->settle_from = from;
    self->settle_start = self->settle_now = gdk_frame_clock_get_frame_time(clock);
    if (!self->settle_tick) self->settle_tick = gtk_widget_add_tick_callback(GTK_WIDGET(self), settle, NULL, NULL);
}

static void presentation_changed(GtkWidget *owner) {
    DkSheet *self = DK_SHEET(owner);
    const gboolean presented = self->presentation.id != NULL;
    double top, height;
    sheet_rect(self, &top, &height, NULL);
    if (!presented || self->presentation.dragging) {
        if (self->settle_tick) gtk_widget_remove_tick_callback(owner, self->settle_tick);
        self->settle_tick = 0;
    } else if (!gtk_widget_get_visible(self->presentation.frame)) {
        start_settling(self, gtk_widget_get_height(owner)); /* comes up from the bottom edge */
    } else if (fabs(self->drawn_top - top) >= 1) {
        start_settling(self, self->drawn_top);
    }
    for (int property = PROP_PRESENTED; property <= PROP_OFFSET; property++)
        g_object_notify_by_pspec(G_OBJECT(self), properties[property]);
}

static void presentation_content_scrolled(GtkWidget *owner, double offset) {
    DkSheet *self = DK_SHEET(owner);
    if (!self->scroll) return;
    self->scrolling_to = TRUE;
    gtk_adjustment_set_value(self->scroll, offset);
    self->scrolling_to = FALSE;
}

static void presentation_save(GtkWidget *owner) { g_signal_emit(owner, signals[SAVE_REQUESTED], 0); }

static void stop_following_scroll(DkSheet *self);

static void presentation_dismissed(GtkWidget *owner, DkDismissalSource source, DkResolution resolution) {
    stop_following_scroll(DK_SHEET(owner));
    g_signal_emit(owner, signals[DISMISSED], 0, source, resolution);
}

static const DkPresentationEvents events = {
    .changed = presentation_changed,
    .content_scrolled = presentation_content_scrolled,
    .save = presentation_save,
    .dismissed = presentation_dismissed,
};

static void on_scrolled(GtkAdjustment *adjustment, gpointer data) {
    DkSheet *self = data;
    if (!self->scrolling_to) dk_presentation_report_content_offset(&self->presentation, gtk_adjustment_get_value(adjustment));
}

/* The first GtkScrolledWindow in the child, breadth first. */
static GtkScrolledWindow *first_scrolled_window(GtkWidget *root) {
    GQueue queue = G_QUEUE_INIT;
    g_queue_push_tail(&queue, root);
    GtkScrolledWindow *found = NULL;
    while (!found && !g_queue_is_empty(&queue)) {
        GtkWidget *widget = g_queue_pop_head(&queue);
        if (GTK_IS_SCROLLED_WINDOW(widget)) found = GTK_SCROLLED_WINDOW(widget);
        for (GtkWidget *child = gtk_widget_get_first_child(widget); child; child = gtk_widget_get_next_sibling(child))
            g_queue_push_tail(&queue, child);
    }
    g_queue_clear(&queue);
    return found;
}

static void stop_following_scroll(DkSheet *self) {
    if (!self->scroll) return;
    g_signal_handlers_disconnect_by_func(self->scroll, on_scrolled, self);
    g_clear_object(&self->scroll);
}

static void follow_scroll(DkSheet *self) {
    GtkScrolledWindow *scrolled = self->presentation.child ? first_scrolled_window(self->presentation.child) : NULL;
    if (!scrolled) return;
    self->scroll = g_object_ref(gtk_scrolled_window_get_vadjustment(scrolled));
    g_signal_connect(self->scroll, "value-changed", G_CALLBACK(on_scrolled), self);
}

static void dk_gtk_sheet_measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                                 int *natural, int *minimum_baseline, int *natural_baseline) {
    dk_presentation_measure(&DK_SHEET(widget)->presentation, orientation, for_size, minimum, natural,
                            minimum_baseline, natural_baseline);
}

static void dk_gtk_sheet_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
    (void)baseline;
    DkSheet *self = DK_SHEET(widget);
    double top, sheet_height;
    sheet_rect(self, &top, &sheet_height, NULL);
    if (gtk_widget_get_visible(self->presentation.frame)) self->drawn_top = shown_top(self);
    int minimum;
    gtk_widget_measure(self->presentation.frame, GTK_ORIENTATION_VERTICAL, width, &minimum, NULL, NULL, NULL);
    const graphene_rect_t frame = GRAPHENE_RECT_INIT(0, (float)top, (float)width, (float)MAX((int)sheet_height, minimum));
    dk_presentation_allocate(&self->presentation, width, height, &frame);
}

/* The page dimmed as much as the sheet shows; the sheet laid out where the pipeline has it
 * (where touches find it), drawn where it eases. */
static void dk_gtk_sheet_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
    DkSheet *self = DK_SHEET(widget);
    const double height = gtk_widget_get_height(widget);
    double top, sheet_height, detent;
    sheet_rect(self, &top, &sheet_height, &detent);
    dk_presentation_snapshot(&self->presentation, snapshot, detent > 0 ? (height - self->drawn_top) / detent : 0,
                             self->drawn_top - top);
}

static void set_string(char **field, const char *value) {
    g_free(*field);
    *field = g_strdup(value);
}

static void dk_gtk_sheet_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec) {
    DkSheet *self = DK_SHEET(object);
    switch (id) {
    case PROP_CONTENT: g_value_set_object(value, self->presentation.content); break;
    case PROP_CHILD: g_value_set_object(value, self->presentation.child); break;
    case PROP_TITLE: g_value_set_string(value, dk_gtk_sheet_get_title(self)); break;
    case PROP_DETENTS: g_value_set_boxed(value, self->detents); break;
    case PROP_SELECTED_DETENT: g_value_set_string(value, self->selected_detent); break;
    case PROP_UNSAVED_CHANGES: g_value_set_boolean(value, self->presentation.unsaved); break;
    case PROP_CANCEL_LABEL: g_value_set_string(value, dk_gtk_sheet_get_cancel_label(self)); break;
    case PROP_DONE_LABEL: g_value_set_string(value, dk_gtk_sheet_get_done_label(self)); break;
    case PROP_SHOW_CANCEL_BUTTON: g_value_set_boolean(value, dk_gtk_sheet_get_show_cancel_button(self)); break;
    case PROP_SHOW_DONE_BUTTON: g_value_set_boolean(value, dk_gtk_sheet_get_show_done_button(self)); break;
    case PROP_PRESENTED: g_value_set_boolean(value, dk_gtk_sheet_get_presented(self)); break;
    case PROP_DETENT: g_value_set_string(value, dk_gtk_sheet_get_detent(self)); break;
    case PROP_QUESTION: g_value_set_flags(value, self->presentation.question); break;
    case PROP_OFFSET: g_value_set_double(value, self->presentation.offset); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void dk_gtk_sheet_set_property(GObject *object, guint id, const GValue *value, GParamSpec *pspec) {
    DkSheet *self = DK_SHEET(object);
    switch (id) {
    case PROP_CONTENT: dk_gtk_sheet_set_content(self, g_value_get_object(value)); break;
    case PROP_CHILD: dk_gtk_sheet_set_child(self, g_value_get_object(value)); break;
    case PROP_TITLE: dk_gtk_sheet_set_title(self, g_value_get_string(value)); break;
    case PROP_DETENTS: dk_gtk_sheet_set_detents(self, g_value_get_boxed(value)); break;
    case PROP_SELECTED_DETENT: dk_gtk_sheet_set_selected_detent(self, g_value_get_string(value)); break;
    case PROP_UNSAVED_CHANGES: dk_gtk_sheet_set_unsaved_changes(self, g_value_get_boolean(value)); break;
    case PROP_CANCEL_LABEL: dk_gtk_sheet_set_cancel_label(self, g_value_get_string(value)); break;
    case PROP_DONE_LABEL: dk_gtk_sheet_set_done_label(self, g_value_get_string(value)); break;
    case PROP_SHOW_CANCEL_BUTTON: dk_gtk_sheet_set_show_cancel_button(self, g_value_get_boolean(value)); break;
    case PROP_SHOW_DONE_BUTTON: dk_gtk_sheet_set_show_done_button(self, g_value_get_boolean(value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void dk_gtk_sheet_dispose(GObject *object) {
    DkSheet *self = DK_SHEET(object);
    stop_following_scroll(self);
    dk_presentation_clear(&self->presentation);
    G_OBJECT_CLASS(dk_gtk_sheet_parent_class)->dispose(object);
}

static void dk_gtk_sheet_finalize(GObject *object) {
    DkSheet *self = DK_SHEET(object);
    g_strfreev(self->detents);
    g_free(self->selected_detent);
    g_free(self->cancel_label);
    g_free(self->done_label);
    G_OBJECT_CLASS(dk_gtk_sheet_parent_class)->finalize(object);
}

static void dk_gtk_sheet_class_init(DkSheetClass *class) {
    GObjectClass *object_class = G_OBJECT_CLASS(class);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(class);
    object_class->get_property = dk_gtk_sheet_get_property;
    object_class->set_property = dk_gtk_sheet_set_property;
    object_class->dispose = dk_gtk_sheet_dispose;
    object_class->finalize = dk_gtk_sheet_finalize;
    widget_class->measure = dk_gtk_sheet_measure;
    widget_class->size_allocate = dk_gtk_sheet_size_allocate;
    widget_class->snapshot = dk_gtk_sheet_snapshot;
    const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
    const GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;
    /**
     * DkSheet:content:
     *
     * The page the sheet comes up over.
     */
    properties[PROP_CONTENT] = g_param_spec_object("content", NULL, NULL, GTK_TYPE_WIDGET, rw);
    /**
     * DkSheet:child:
     *
     * What the sheet holds, below its grabber and title.
     */
    properties[PROP_CHILD] = g_param_spec_object("child", NULL, NULL, GTK_TYPE_WIDGET, rw);
    /**
     * DkSheet:title:
     *
     * The title in the sheet's top region, and its accessible name.
     */
    properties[PROP_TITLE] = g_param_spec_string("title", NULL, NULL, NULL, rw);
    /**
     * DkSheet:detents:
     *
     * The heights it may rest at, smallest first: "medium", "large", or points ("320").
     */
    properties[PROP_DETENTS] = g_param_spec_boxed("detents", NULL, NULL, G_TYPE_STRV, rw);
    /**
     * DkSheet:selected-detent:
     *
     * The detent it is presented at (%NULL: the largest).
     */
    properties[PROP_SELECTED_DETENT] = g_param_spec_string("selected-detent", NULL, NULL, NULL, rw);
    /**
     * DkSheet:unsaved-changes:
     *
     * Whether it holds unsaved work: a dismissal then asks first.
     */
    properties[PROP_UNSAVED_CHANGES] = g_param_spec_boolean("unsaved-changes", NULL, NULL, FALSE, rw);
    /**
     * DkSheet:cancel-label:
     *
     * The kiosk's label for the Cancel button (%NULL: none). Setting a label shows the button,
     * setting %NULL hides it (as #DkSheet:show-cancel-button does).
     */
    properties[PROP_CANCEL_LABEL] = g_param_spec_string("cancel-label", NULL, NULL, NULL, rw);
    /**
     * DkSheet:done-label:
     *
     * The kiosk's label for the Done button (%NULL: none). Setting a label shows the button,
     * setting %NULL hides it (as #DkSheet:show-done-button does).
     */
    properties[PROP_DONE_LABEL] = g_param_spec_string("done-label", NULL, NULL, NULL, rw);
    /**
     * DkSheet:show-cancel-button:
     *
     * Whether its header has a Cancel button, at its start (the right, right to left), labelled
     * #DkSheet:cancel-label or "Cancel" in the user's language. A press on it is the pipeline's
     * cancel button: it closes a clean sheet and asks first with unsaved work.
     */
    properties[PROP_SHOW_CANCEL_BUTTON] = g_param_spec_boolean("show-cancel-button", NULL, NULL, FALSE, rw);
    /**
     * DkSheet:show-done-button:
     *
     * Whether its header has a Done button, at its end (the left, right to left), labelled
     * #DkSheet:done-label or "Done" in the user's language. A press on it is the pipeline's done
     * button: it closes the sheet without asking, finishing the task being the app's save
     * (#DkSheet::dismissed with %DK_GTK_DISMISSAL_SOURCE_DONE_BUTTON).
     */
    properties[PROP_SHOW_DONE_BUTTON] = g_param_spec_boolean("show-done-button", NULL, NULL, FALSE, rw);
    /**
     * DkSheet:presented:
     *
     * Whether it is shown (in the window's pipeline).
     */
    properties[PROP_PRESENTED] = g_param_spec_boolean("presented", NULL, NULL, FALSE, ro);
    /**
     * DkSheet:detent:
     *
     * The detent it rests at while presented.
     */
    properties[PROP_DETENT] = g_param_spec_string("detent", NULL, NULL, NULL, ro);
    /**
     * DkSheet:question:
     *
     * The answers its open question offers (none: it is not asking).
     */
    properties[PROP_QUESTION] = g_param_spec_flags("question", NULL, NULL, DK_TYPE_CHOICES, 0, ro);
    /**
     * DkSheet:offset:
     *
     * Points a drag has moved it down from its detent (negative: grown).
     */
    properties[PROP_OFFSET] = g_param_spec_double("offset", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, ro);
    g_object_class_install_properties(object_class, PROP_COUNT, properties);
    /**
     * DkSheet::save-requested:
     * @sheet: the sheet
     *
     * Save its work now (the user chose Save): its dismissal follows.
     */
    signals[SAVE_REQUESTED] = g_signal_new("save-requested", DK_TYPE_SHEET, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                           G_TYPE_NONE, 0);
    /**
     * DkSheet::dismissed:
     * @sheet: the sheet
     * @source: what dismissed it
     * @resolution: how its unsaved work was resolved
     *
     * It closed.
     */
    signals[DISMISSED] = g_signal_new("dismissed", DK_TYPE_SHEET, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE,
                                      2, DK_TYPE_DISMISSAL_SOURCE, DK_TYPE_RESOLUTION);
    gtk_widget_class_set_css_name(widget_class, "dk-sheet-host");
}

/* The grabber's band, atop the sheet, asks for no size of its own (its height is requested). */
static void measure_band(GtkWidget *band, GtkOrientation orientation, int for_size, int *minimum, int *natural,
                         int *minimum_baseline, int *natural_baseline) {
    (void)band;
    (void)orientation;
    (void)for_size;
    *minimum = *natural = 0;
    *minimum_baseline = *natural_baseline = -1;
}

/* The grabber is laid out where the pipeline has it (dk_pipeline_layout), at a fractional point
 * too: the band is allocated after the frame it sits in, so where it is in the sheet is known. */
static void allocate_band(GtkWidget *band, int width, int height, int baseline) {
    (void)width;
    (void)height;
    (void)baseline;
    DkSheet *self = DK_SHEET(gtk_widget_get_ancestor(band, DK_TYPE_SHEET));
    dk_layout layout;
    graphene_point_t at = GRAPHENE_POINT_INIT(0, 0);
    if (!dk_presentation_layout(&self->presentation, &layout) || !layout.has_grabber) {
        gtk_widget_set_child_visible(self->grabber, FALSE);
        return;
    }
    gtk_widget_set_child_visible(self->grabber, TRUE);
    const graphene_point_t in_sheet = GRAPHENE_POINT_INIT((float)layout.grabber.x, (float)layout.grabber.y);
    if (!gtk_widget_compute_point(GTK_WIDGET(self), band, &in_sheet, &at)) at = in_sheet;
    gtk_widget_allocate(self->grabber, (int)layout.grabber.width, (int)layout.grabber.height, -1,
                        gsk_transform_translate(NULL, &at));
}

/* A header button: the pipeline's gate decides (the cancel button asks first with unsaved work). */
static void on_header_button(GtkButton *button, gpointer data) {
    DkSheet *self = data;
    const DkButtonRole role = GTK_WIDGET(button) == self->done_button ? DK_GTK_BUTTON_ROLE_DONE : DK_GTK_BUTTON_ROLE_CANCEL;
    GError *error = NULL;
    if (!dk_presentation_button(&self->presentation, role, &error)) {
        g_warning("DkSheet's %s button: %s", role == DK_GTK_BUTTON_ROLE_DONE ? "Done" : "Cancel", error->message);
        g_error_free(error);
    }
}

/* A header button, hidden until labelled: a touch target of 44 points at least, taking no focus
 * (a text field keeps its keyboard: the pipeline decides when it goes). */
static GtkWidget *header_button_new(DkSheet *self, const char *style) {
    GtkWidget *button = g_object_new(GTK_TYPE_BUTTON, "visible", FALSE, "focus-on-click", FALSE, "valign",
                                     GTK_ALIGN_CENTER, "width-request", DK_SHEET_HEADER_BUTTON_SIZE, "height-request",
                                     DK_SHEET_HEADER_BUTTON_SIZE, NULL);
    gtk_widget_add_css_class(button, "dk-sheet-header-button");
    gtk_widget_add_css_class(button, style);
    g_signal_connect(button, "clicked", G_CALLBACK(on_header_button), self);
    return button;
}

static void dk_gtk_sheet_init(DkSheet *self) {
    dk_presentation_init(&self->presentation, GTK_WIDGET(self), &events, "dk-sheet");
    self->detents = g_strdupv((char *[]){"medium", "large", NULL});
    /* The top region: the grabber's band and the title, 56 points as the scene's headerHeight. */
    GtkWidget *header = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_widget_set_size_request(header, -1, 56);
    gtk_widget_set_vexpand(header, FALSE);
    GtkWidget *band = g_object_new(GTK_TYPE_BOX, "layout-manager", gtk_custom_layout_new(NULL, measure_band, allocate_band),
                                   "height-request", 11, NULL);
    self->grabber = g_object_new(GTK_TYPE_BOX, "accessible-role", GTK_ACCESSIBLE_ROLE_BUTTON, NULL);
    gtk_widget_add_css_class(self->grabber, "dk-grabber");
    gtk_accessible_update_property(GTK_ACCESSIBLE(self->grabber),
                                   /* TRANSLATORS: the accessible name of the sheet's grabber, the bar atop it. */
                                   GTK_ACCESSIBLE_PROPERTY_LABEL, _("Resize"),
                                   /* TRANSLATORS: the accessible description of the sheet's grabber. */
                                   GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, _("Tap or drag to change the size."), -1);
    /* TRANSLATORS: the accessible description of a sheet. */
    gtk_accessible_update_property(GTK_ACCESSIBLE(self->presentation.frame), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                   _("Swipe down to close."), -1);
    gtk_box_append(GTK_BOX(band), self->grabber);
    self->title_label = gtk_label_new(NULL);
    gtk_label_set_ellipsize(GTK_LABEL(self->title_label), PANGO_ELLIPSIZE_END);
    gtk_widget_add_css_class(self->title_label, "dk-sheet-header");
    /* Below the band: Cancel, the title centred, Done. */
    GtkWidget *bar = gtk_center_box_new();
    gtk_widget_set_vexpand(bar, TRUE);
    gtk_widget_add_css_class(bar, "dk-sheet-header-bar");
    self->cancel_button = header_button_new(self, "dk-sheet-cancel");
    self->done_button = header_button_new(self, "dk-sheet-done");
    gtk_center_box_set_start_widget(GTK_CENTER_BOX(bar), self->cancel_button);
    gtk_center_box_set_center_widget(GTK_CENTER_BOX(bar), self->title_label);
    gtk_center_box_set_end_widget(GTK_CENTER_BOX(bar), self->done_button);
    gtk_box_append(GTK_BOX(header), band);
    gtk_box_append(GTK_BOX(header), bar);
    gtk_box_append(GTK_BOX(self->presentation.frame), header);
}

/**
 * dk_gtk_sheet_new:
 *
 * Returns: a sheet, not presented
 */
GtkWidget *dk_gtk_sheet_new(void) { return g_object_new(DK_TYPE_SHEET, NULL); }

/**
 * dk_gtk_sheet_set_content:
 * @self: the sheet
 * @content: (nullable): the page
 *
 * Sets the page the sheet comes up over.
 */
void dk_gtk_sheet_set_content(DkSheet *self, GtkWidget *content) {
    g_return_if_fail(DK_IS_SHEET(self));
    if (dk_presentation_set_content(&self->presentation, content))
        g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_CONTENT]);
}

/**
 * dk_gtk_sheet_get_content:
 * @self: the sheet
 *
 * Returns: (transfer none) (nullable): the page
 */
GtkWidget *dk_gtk_sheet_get_content(DkSheet *self) { return self->presentation.content; }

/**
 * dk_gtk_sheet_set_child:
 * @self: the sheet
 * @child: (nullable): what the sheet holds
 *
 * Sets what the sheet holds, below its grabber and title.
 */
void dk_gtk_sheet_set_child(DkSheet *self, GtkWidget *child) {
    g_return_if_fail(DK_IS_SHEET(self));
    if (child) gtk_widget_set_vexpand(child, TRUE);
    if (dk_presentation_set_child(&self->presentation, child))
        g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_CHILD]);
}

/**
 * dk_gtk_sheet_get_child:
 * @self: the sheet
 *
 * Returns: (transfer none) (nullable): what the sheet holds
 */
GtkWidget *dk_gtk_sheet_get_child(DkSheet *self) { return self->presentation.child; }

/**
 * dk_gtk_sheet_set_title:
 * @self: the sheet
 * @title: (nullable): the title
 *
 * Sets the title shown in the sheet's top region.
 */
void dk_gtk_sheet_set_title(DkSheet *self, const char *title) {
    g_return_if_fail(DK_IS_SHEET(self));
    gtk_label_set_text(GTK_LABEL(self->title_label), title ? title : "");
    gtk_accessible_update_property(GTK_ACCESSIBLE(self->presentation.frame), GTK_ACCESSIBLE_PROPERTY_LABEL, title ? title : "", -1);
    g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_TITLE]);
}

/**
 * dk_gtk_sheet_get_title:
 * @self: the sheet
 *
 * Returns: the title
 */
const char *dk_gtk_sheet_get_title(DkSheet *self) { return gtk_label_get_text(GTK_LABEL(self->title_label)); }

/* A header button shown or hidden, labelled with the kiosk's label or, with none, word (the
 * user's language's); notifies show_property when that changed. */
static void show_header_button(DkSheet *self, GtkWidget *button, gboolean shown, const char *label, const char *word,
                               int show_property) {
    gtk_button_set_label(GTK_BUTTON(button), label ? label : word);
    if (gtk_widget_get_visible(button) == !!shown) return;
    gtk_widget_set_visible(button, shown);
    g_object_notify_by_pspec(G_OBJECT(self), properties[show_property]);
}

/* TRANSLATORS: the sheet header's button that closes it, asking first about unsaved edits. */
static const char *cancel_word(void) { return _("Cancel"); }

/* TRANSLATORS: the sheet header's button that finishes the task and closes it. */
static const char *done_word(void) { return _("Done"); }

/**
 * dk_gtk_sheet_set_cancel_label:
 * @self: the sheet
 * @label: (nullable): the label, %NULL for no Cancel button
 *
 * Sets the kiosk's label of the Cancel button at the start of the sheet's header, and shows it
 * (%NULL hides it). dk_gtk_sheet_set_show_cancel_button() shows it in the user's language.
 */
void dk_gtk_sheet_set_cancel_label(DkSheet *self, const char *label) {
    g_return_if_fail(DK_IS_SHEET(self));
    g_free(self->cancel_label);
    self->cancel_label = g_strdup(label);
    show_header_button(self, self->cancel_button, label != NULL, label, cancel_word(), PROP_SHOW_CANCEL_BUTTON);
    g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_CANCEL_LABEL]);
}

/**
 * dk_gtk_sheet_get_cancel_label:
 * @self: the sheet
 *
 * Returns: (nullable): the kiosk's label of the Cancel button, %NULL when it gave none
 */
const char *dk_gtk_sheet_get_cancel_label(DkSheet *self) {
    g_return_val_if_fail(DK_IS_SHEET(self), NULL);
    return self->cancel_label;
}

/**
 * dk_gtk_sheet_set_show_cancel_button:
 * @self: the sheet
 * @show: whether the header has a Cancel button
 *
 * Shows or hides the Cancel button at the start of the sheet's header: labelled with the kiosk's
 * label (dk_gtk_sheet_set_cancel_label()), or "Cancel" in the user's language.
 */
void dk_gtk_sheet_set_show_cancel_button(DkSheet *self, gboolean show) {
    g_return_if_fail(DK_IS_SHEET(self));
    show_header_button(self, self->cancel_button, show, self->cancel_label, cancel_word(), PROP_SHOW_CANCEL_BUTTON);
}

/**
 * dk_gtk_sheet_get_show_cancel_button:
 * @self: the sheet
 *
 * Returns: whether the header has a Cancel button
 */
gboolean dk_gtk_sheet_get_show_cancel_button(DkSheet *self) {
    g_return_val_if_fail(DK_IS_SHEET(self), FALSE);
    return gtk_widget_get_visible(self->cancel_button);
}

/**
 * dk_gtk_sheet_set_done_label:
 * @self: the sheet
 * @label: (nullable): the label, %NULL for no Done button
 *
 * Sets the kiosk's label of the Done button at the end of the sheet's header, and shows it
 * (%NULL hides it). dk_gtk_sheet_set_show_done_button() shows it in the user's language.
 */
void dk_gtk_sheet_set_done_label(DkSheet *self, const char *label) {
    g_return_if_fail(DK_IS_SHEET(self));
    g_free(self->done_label);
    self->done_label = g_strdup(label);
    show_header_button(self, self->done_button, label != NULL, label, done_word(), PROP_SHOW_DONE_BUTTON);
    g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_DONE_LABEL]);
}

/**
 * dk_gtk_sheet_get_done_label:
 * @self: the sheet
 *
 * Returns: (nullable): the kiosk's label of the Done button, %NULL when it gave none
 */
const char *dk_gtk_sheet_get_done_label(DkSheet *self) {
    g_return_val_if_fail(DK_IS_SHEET(self), NULL);
    return self->done_label;
}

/**
 * dk_gtk_sheet_set_show_done_button:
 * @self: the sheet
 * @show: whether the header has a Done button
 *
 * Shows or hides the Done button at the end of the sheet's header: labelled with the kiosk's
 * label (dk_gtk_sheet_set_done_label()), or "Done" in the user's language.
 */
void dk_gtk_sheet_set_show_done_button(DkSheet *self, gboolean show) {
    g_return_if_fail(DK_IS_SHEET(self));
    show_header_button(self, self->done_button, show, self->done_label, done_word(), PROP_SHOW_DONE_BUTTON);
}

/**
 * dk_gtk_sheet_get_show_done_button:
 * @self: the sheet
 *
 * Returns: whether the header has a Done button
 */
gboolean dk_gtk_sheet_get_show_done_button(DkSheet *self) {
    g_return_val_if_fail(DK_IS_SHEET(self), FALSE);
    return gtk_widget_get_visible(self->done_button);
}

/**
 * dk_gtk_sheet_set_detents:
 * @self: the sheet
 * @detents: (array zero-terminated=1): "medium", "large" or heights in points, smallest first
 *
 * Sets the heights the sheet may rest at, for its next presentation.
 */
void dk_gtk_sheet_set_detents(DkSheet *self, const char *const *detents) {
    g_return_if_fail(DK_IS_SHEET(self));
    g_strfreev(self->detents);
    self->detents = g_strdupv((char **)detents);
    g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_DETENTS]);
}

/**
 * dk_gtk_sheet_get_detents:
 * @self: the sheet
 *
 * Returns: (array zero-terminated=1) (transfer none): the detents
 */
const char *const *dk_gtk_sheet_get_detents(DkSheet *self) { return (const char *const *)self->detents; }

/**
 * dk_gtk_sheet_set_selected_detent:
 * @self: the sheet
 * @detent: (nullable): one of the detents, %NULL for the largest
 *
 * Sets the detent the sheet is presented at.
 */
void dk_gtk_sheet_set_selected_detent(DkSheet *self, const char *detent) {
    g_return_if_fail(DK_IS_SHEET(self));
    set_string(&self->selected_detent, detent);
    g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_SELECTED_DETENT]);
}

/**
 * dk_gtk_sheet_get_selected_detent:
 * @self: the sheet
 *
 * Returns: (nullable): the detent it is presented at, %NULL for the largest
 */
const char *dk_gtk_sheet_get_selected_detent(DkSheet *self) { return self->selected_detent; }

/**
 * dk_gtk_sheet_set_unsaved_changes:
 * @self: the sheet
 * @unsaved: whether it holds unsaved work
 *
 * Sets whether a dismissal asks first; a presented sheet tells its pipeline at once.
 */
void dk_gtk_sheet_set_unsaved_changes(DkSheet *self, gboolean unsaved) {
    g_return_if_fail(DK_IS_SHEET(self));
    if (dk_presentation_set_unsaved(&self->presentation, unsaved))
        g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_UNSAVED_CHANGES]);
}

/**
 * dk_gtk_sheet_get_unsaved_changes:
 * @self: the sheet
 *
 * Returns: whether it holds unsaved work
 */
gboolean dk_gtk_sheet_get_unsaved_changes(DkSheet *self) { return self->presentation.unsaved; }

/**
 * dk_gtk_sheet_present:
 * @self: the sheet, in a window
 * @error: where to put why it cannot be presented
 *
 * Shows the sheet at its selected detent, in its window's pipeline.
 *
 * Returns: whether it is presented
 */
gboolean dk_gtk_sheet_present(DkSheet *self, GError **error) {
    g_return_val_if_fail(DK_IS_SHEET(self), FALSE);
    if (self->presentation.id) return TRUE;
    const guint count = self->detents ? g_strv_length(self->detents) : 0;
    const char *selected = self->selected_detent ? self->selected_detent : count ? self->detents[count - 1] : "large";
    follow_scroll(self);
    DkScenePresentation sheet = {.style = DK_SCENE_SHEET,
                                 .detents = (const char *const *)self->detents,
                                 .selected_detent = selected,
                                 .scrolls = self->scroll != NULL,
                                 .content_offset = self->scroll ? gtk_adjustment_get_value(self->scroll) : 0};
    const gboolean presented = dk_presentation_present(&self->presentation, "sheet", &sheet, selected, error);
    if (!presented) stop_following_scroll(self);
    return presented;
}

/**
 * dk_gtk_sheet_dismiss:
 * @self: the sheet
 * @error: where to put why it was refused
 *
 * Asks to close the sheet, through the gate: one with unsaved work asks first.
 *
 * Returns: whether the request was taken
 */
gboolean dk_gtk_sheet_dismiss(DkSheet *self, GError **error) {
    g_return_val_if_fail(DK_IS_SHEET(self), FALSE);
    return dk_presentation_dismiss(&self->presentation, error);
}

/**
 * dk_gtk_sheet_close:
 * @self: the sheet
 *
 * Closes the sheet at once, without asking: the app's own decision.
 */
void dk_gtk_sheet_close(DkSheet *self) {
    g_return_if_fail(DK_IS_SHEET(self));
    stop_following_scroll(self);
    dk_presentation_remove(&self->presentation);
}

/**
 * dk_gtk_sheet_answer:
 * @self: the sheet
 * @choice: the answer
 * @error: where to put why it was refused
 *
 * Answers the sheet's open question, as its buttons do.
 *
 * Returns: whether the answer was taken
 */
gboolean dk_gtk_sheet_answer(DkSheet *self, DkChoice choice, GError **error) {
    g_return_val_if_fail(DK_IS_SHEET(self), FALSE);
    return dk_presentation_answer(&self->presentation, choice, error);
}

/**
 * dk_gtk_sheet_get_presented:
 * @self: the sheet
 *
 * Returns: whether it is shown
 */
gboolean dk_gtk_sheet_get_presented(DkSheet *self) { return self->presentation.id != NULL; }

/**
 * dk_gtk_sheet_get_detent:
 * @self: the sheet
 *
 * Returns: (nullable): the detent it rests at, %NULL when not presented
 */
const char *dk_gtk_sheet_get_detent(DkSheet *self) { return self->presentation.id ? self->presentation.detent : NULL; }

/**
 * dk_gtk_sheet_get_question:
 * @self: the sheet
 *
 * Returns: the answers its open question offers, none when it is not asking
 */
DkChoices dk_gtk_sheet_get_question(DkSheet *self) { return self->presentation.question; }

/**
 * dk_gtk_sheet_get_offset:
 * @self: the sheet
 *
 * Returns: points a drag has moved it down from its detent
 */
double dk_gtk_sheet_get_offset(DkSheet *self) { return self->presentation.offset; }

/**
 * dk_gtk_sheet_get_presentation_id:
 * @self: the sheet
 *
 * Its id in its window's pipeline, for dk_gtk_pipeline_get_layout() (where the sheet is drawn).
 *
 * Returns: (nullable): the id while presented, %NULL otherwise
 */
const char *dk_gtk_sheet_get_presentation_id(DkSheet *self) {
    g_return_val_if_fail(DK_IS_SHEET(self), NULL);
    return self->presentation.id;
}
