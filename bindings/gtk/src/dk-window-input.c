/* A window's own pipeline (dk_gtk_pipeline_for_window()), and its pointers and keys, fed to it
 * by SPEC section 9's rules. The dependency goes one way: this file makes the window's
 * DkPipeline and feeds it through its public methods; dk-pipeline.c knows nothing of windows.
 * The rules:
 * - each contact (a touch sequence of a device; a mouse's or pen's primary button, down to up)
 *   gets the lowest free seat slot until it lifts or is cancelled;
 * - GDK's 32-bit millisecond times become microseconds once, carried over the clock's wrap;
 * - every event GTK delivers is one frame, its motion history fed first as motions of their own;
 * - logical pixels are points; millimetres come from the window's monitor (96 px an inch when
 *   it gives none); the screen is the window's child, which it follows as it resizes;
 * - the Escape key goes to the topmost presentation's gate while the window presents one;
 * - a contact that begins on the idle question (dk-idle.c) is the question's, not fed. */
#include "dk-window-input.h"

#include "dk-idle.h"
#include "dk-scene.h"

#include <dismisskit.h>

typedef struct {
    DkPipeline *pipeline; /* the window owns it */
    GtkWindow *window;    /* owns this */
    const void *devices[DK_SEAT_SLOTS], *sequences[DK_SEAT_SLOTS]; /* device NULL: the slot is free */
    guint32 last_ms;
    gint64 wraps;
    gboolean timed;
    double width, height, width_mm, height_mm; /* the screen last sent */
    GHashTable *presentations;                 /* id -> widget */
} WindowInput;

static WindowInput *input_of(GtkWindow *window) { return g_object_get_data(G_OBJECT(window), "dk-window-input"); }

static void window_input_free(gpointer data) {
    WindowInput *input = data;
    g_hash_table_unref(input->presentations);
    g_free(input);
}

static gint64 microseconds(WindowInput *input, guint32 ms) {
    if (input->timed && ms < input->last_ms && input->last_ms - ms > 0x80000000u) input->wraps++;
    input->timed = TRUE;
    input->last_ms = ms;
    return ((input->wraps << 32) + ms) * 1000;
}

static int seat_slot(WindowInput *input, const void *device, const void *sequence, gboolean take) {
    for (int slot = 0; slot < DK_SEAT_SLOTS; slot++)
        if (input->devices[slot] == device && input->sequences[slot] == sequence) return slot;
    for (int slot = 0; take && slot < DK_SEAT_SLOTS; slot++) {
        if (!input->devices[slot]) {
            input->devices[slot] = device;
            input->sequences[slot] = sequence;
            return slot;
        }
    }
    return -1;
}

GtkWidget *dk_window_input_screen_widget(GtkWindow *window) {
    GtkWidget *child = gtk_window_get_child(window);
    return child ? child : GTK_WIDGET(window);
}

/* A surface position in the window's points. */
static graphene_point_t window_point(GtkWindow *window, double x, double y) {
    double surface_x = 0, surface_y = 0;
    gtk_native_get_surface_transform(GTK_NATIVE(window), &surface_x, &surface_y);
    return GRAPHENE_POINT_INIT((float)(x - surface_x), (float)(y - surface_y));
}

/* A surface position in the screen widget's points. */
static graphene_point_t screen_point(GtkWindow *window, double x, double y) {
    const graphene_point_t in_window = window_point(window, x, y);
    graphene_point_t in_screen = in_window;
    if (!gtk_widget_compute_point(GTK_WIDGET(window), dk_window_input_screen_widget(window), &in_window, &in_screen))
        in_screen = in_window;
    return in_screen;
}

/* One contact's change; a refused down frees its slot again (SPEC 9: refuse the event, go on). */
static void feed(WindowInput *input, DkTouchType type, int slot, double x, double y, gint64 time) {
    const graphene_point_t point = screen_point(input->window, x, y);
    const gboolean taken = dk_gtk_pipeline_touch(input->pipeline, type, slot, point.x, point.y, time, NULL);
    if ((!taken && type == DK_GTK_TOUCH_DOWN) || type == DK_GTK_TOUCH_UP || type == DK_GTK_TOUCH_CANCEL)
        input->devices[slot] = input->sequences[slot] = NULL;
}

/* The event's coalesced motions, each with its own time, before the event itself. */
static void feed_history(WindowInput *input, GdkEvent *event, int slot) {
    guint count = 0;
    GdkTimeCoord *history = gdk_event_get_history(event, &count);
    for (guint i = 0; i < count; i++) {
        /* A sample with no position, or no time of its own (Broadway's), is not a motion to feed. */
        if (!(history[i].flags & (GDK_AXIS_FLAG_X | GDK_AXIS_FLAG_Y)) || history[i].time == 0) continue;
        feed(input, DK_GTK_TOUCH_MOTION, slot, history[i].axes[GDK_AXIS_X], history[i].axes[GDK_AXIS_Y],
             microseconds(input, history[i].time));
    }
    g_free(history);
}

static gboolean on_event(GtkEventControllerLegacy *controller, GdkEvent *event, gpointer data) {
    (void)controller;
    WindowInput *input = data;
    const GdkEventType kind = gdk_event_get_event_type(event);
    DkTouchType type;
    const void *sequence = NULL; /* a mouse or pen: one contact per device */
    switch (kind) {
    case GDK_TOUCH_BEGIN: type = DK_GTK_TOUCH_DOWN; break;
    case GDK_TOUCH_UPDATE: type = DK_GTK_TOUCH_MOTION; break;
    case GDK_TOUCH_END: type = DK_GTK_TOUCH_UP; break;
    case GDK_TOUCH_CANCEL: type = DK_GTK_TOUCH_CANCEL; break;
    case GDK_BUTTON_PRESS:
    case GDK_BUTTON_RELEASE:
        if (gdk_button_event_get_button(event) != GDK_BUTTON_PRIMARY) return FALSE;
        type = kind == GDK_BUTTON_PRESS ? DK_GTK_TOUCH_DOWN : DK_GTK_TOUCH_UP;
        break;
    case GDK_MOTION_NOTIFY: type = DK_GTK_TOUCH_MOTION; break;
    default: return FALSE;
    }
    const gboolean touch = kind == GDK_TOUCH_BEGIN || kind == GDK_TOUCH_UPDATE || kind == GDK_TOUCH_END
                           || kind == GDK_TOUCH_CANCEL;
    /* A pointer event the windowing system made from a touch: the touch itself was fed. (A touch
     * event's own flag says that it drives the pointer: it is fed.) */
    if (!touch && gdk_event_get_pointer_emulated(event)) return FALSE;
    if (touch) sequence = gdk_event_get_event_sequence(event);
    double x = 0, y = 0;
    gdk_event_get_position(event, &x, &y);
    if (type == DK_GTK_TOUCH_DOWN) {
        const graphene_point_t in_window = window_point(input->window, x, y);
        if (dk_idle_covers(input->window, in_window.x, in_window.y)) return FALSE; /* its motions and lift find no slot */
    }
    const int slot = seat_slot(input, gdk_event_get_device(event), sequence, type == DK_GTK_TOUCH_DOWN);
    if (slot < 0) return FALSE; /* hover, a contact that began elsewhere, or more than a seat's slots */
    dk_window_input_follow_screen(input->window);
    const gint64 time = microseconds(input, gdk_event_get_time(event));
    if (kind == GDK_MOTION_NOTIFY) feed_history(input, event, slot); /* GDK keeps no history of touches */
    feed(input, type, slot, x, y, time);
    dk_gtk_pipeline_touch(input->pipeline, DK_GTK_TOUCH_FRAME, 0, 0, 0, time, NULL);
    return FALSE; /* the widgets beneath get it too: the pipeline takes nothing away */
}

static gboolean on_key(GtkEventControllerKey *controller, guint keyval, guint keycode, GdkModifierType state,
                       gpointer data) {
    (void)keycode;
    (void)state;
    WindowInput *input = data;
    if (keyval != GDK_KEY_Escape || g_hash_table_size(input->presentations) == 0) return FALSE;
    const guint32 ms = gtk_event_controller_get_current_event_time(GTK_EVENT_CONTROLLER(controller));
    dk_gtk_pipeline_escape_key(input->pipeline, microseconds(input, ms), NULL);
    return TRUE;
}

/* Feeds the window's touches, mouse, pens and Escape key to the pipeline from now on. */
static void attach(DkPipeline *pipeline, GtkWindow *window) {
    WindowInput *input = g_new0(WindowInput, 1);
    input->pipeline = pipeline;
    input->window = window;
    input->presentations = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    g_object_set_data_full(G_OBJECT(window), "dk-window-input", input, window_input_free);
    GtkEventController *pointers = gtk_event_controller_legacy_new();
    gtk_event_controller_set_propagation_phase(pointers, GTK_PHASE_CAPTURE);
    g_signal_connect(pointers, "event", G_CALLBACK(on_event), input);
    gtk_widget_add_controller(GTK_WIDGET(window), pointers);
    GtkEventController *keys = gtk_event_controller_key_new();
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE);
    g_signal_connect(keys, "key-pressed", G_CALLBACK(on_key), input);
    gtk_widget_add_controller(GTK_WIDGET(window), keys);
    dk_window_input_follow_screen(window);
    dk_idle_attach(window, pipeline);
}

/**
 * dk_gtk_pipeline_for_window:
 * @window: a window
 *
 * The window's own pipeline, made on first use with an empty scene and the window's size: its
 * touches, mouse, pens and Escape key feed it (SPEC section 9), and #DkSheet and #DkPopover
 * present themselves in it. It lives as long as the window.
 *
 * Returns: (transfer none): the window's pipeline
 */
DkPipeline *dk_gtk_pipeline_for_window(GtkWindow *window) {
    DkPipeline *self = g_object_get_data(G_OBJECT(window), "dk-pipeline");
    if (self) return self;
    self = dk_scene_window_pipeline();
    g_object_set_data_full(G_OBJECT(window), "dk-pipeline", self, g_object_unref);
    attach(self, window);
    return self;
}

/* Millimetres a point is on the window's monitor. */
static void millimetres_per_point(GtkWindow *window, double *across, double *down) {
    *across = *down = 25.4 / 96;
    GdkSurface *surface = gtk_native_get_surface(GTK_NATIVE(window));
    GdkMonitor *monitor = surface ? gdk_display_get_monitor_at_surface(gdk_surface_get_display(surface), surface) : NULL;
    if (!monitor) return;
    GdkRectangle area;
    gdk_monitor_get_geometry(monitor, &area);
    double width_mm = gdk_monitor_get_width_mm(monitor), height_mm = gdk_monitor_get_height_mm(monitor);
    if (area.width <= 0 || area.height <= 0 || width_mm <= 0 || height_mm <= 0) return;
    /* Some outputs keep the panel's size as mounted when the screen is rotated. */
    if ((area.width > area.height) != (width_mm > height_mm)) {
        const double swap = width_mm;
        width_mm = height_mm;
        height_mm = swap;
    }
    *across = width_mm / area.width;
    *down = height_mm / area.height;
}

void dk_window_input_follow_screen(GtkWindow *window) {
    WindowInput *input = input_of(window);
    if (!input) return;
    GtkWidget *screen = dk_window_input_screen_widget(window);
    const double width = gtk_widget_get_width(screen), height = gtk_widget_get_height(screen);
    if (width < 1 || height < 1) return;
    double across, down;
    millimetres_per_point(window, &across, &down);
    if (width == input->width && height == input->height && width * across == input->width_mm
        && height * down == input->height_mm)
        return;
    if (dk_gtk_pipeline_screen(input->pipeline, width, height, width * across, height * down,
                               dk_gtk_pipeline_get_time(input->pipeline), NULL)) {
        input->width = width;
        input->height = height;
        input->width_mm = width * across;
        input->height_mm = height * down;
    }
}

char *dk_window_input_hold(GtkWindow *window, const char *name, GtkWidget *presentation) {
    WindowInput *input = input_of(window);
    char *id = g_strdup(name);
    for (int number = 2; g_hash_table_contains(input->presentations, id); number++) {
        g_free(id);
        id = g_strdup_printf("%s-%d", name, number);
    }
    g_hash_table_insert(input->presentations, g_strdup(id), presentation);
    return id;
}

void dk_window_input_release(GtkWindow *window, const char *id) {
    WindowInput *input = input_of(window);
    if (input) g_hash_table_remove(input->presentations, id);
}

GList *dk_window_input_presenters(GtkWindow *window) {
    WindowInput *input = input_of(window);
    return input ? g_hash_table_get_values(input->presentations) : NULL;
}
