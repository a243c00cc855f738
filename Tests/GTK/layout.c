/* The window Tests/GTK/layout.py drives to compare where GTK draws a DkSheet and a DkPopover
 * with where the window's pipeline has them (dk_gtk_pipeline_get_layout()): a page (Share, the
 * popover's anchor, in its top bar), a DkSheet over it and a DkPopover over both, in an
 * undecorated window of WIDTH x HEIGHT points.
 *
 * It reads commands on stdin, one a line, and answers each with one JSON line of state on stdout
 * once GTK has laid out and drawn what the command changed:
 *   state                    nothing more
 *   sheet SELECTED DETENT... presents the sheet at SELECTED, with those detents
 *   popover                  pops the popover up over Share
 *   close                    closes both without asking
 * The state: for the sheet and the popover, their id in the pipeline, where GTK draws their frame
 * and grabber (found by their CSS classes, dk-sheet, dk-popover and dk-grabber: the widgets'
 * bounds in the pipeline's screen, the window's child) and where the pipeline has them (its
 * layout: role, adapted, frame, grabber, top region), the sheet's detent; every drag-began the
 * pipeline emitted and every presentation dismissed; how many touches and buttons have lifted
 * and where the mouse last moved (for the driver: see components.c).
 * Usage: layout WIDTH HEIGHT */
#include <dismisskit-gtk/dismisskit-gtk.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    GtkWidget *window, *share;
    DkSheet *sheet;
    DkPopover *popover;
    int width, height;
    int lifts;
    double hover_x, hover_y;
    GString *drags;     /* "sheet top-region", ..., as a JSON list's items */
    GString *dismissed; /* "popover tap-outside", ... */
} App;

static const char *nick(GType type, int value) {
    GEnumClass *class = g_type_class_ref(type);
    const GEnumValue *found = g_enum_get_value(class, value);
    g_type_class_unref(class);
    return found ? found->value_nick : "?";
}

static void listed(GString *list, const char *first, const char *second) {
    g_string_append_printf(list, "%s\"%s %s\"", list->len ? ", " : "", first, second);
}

static void on_drag_began(DkPipeline *pipeline, const char *id, DkDragOrigin origin, gpointer data) {
    (void)pipeline;
    listed(((App *)data)->drags, id, nick(DK_TYPE_DRAG_ORIGIN, origin));
}

static void on_dismissed(DkPipeline *pipeline, const char *id, DkDismissalSource source, DkResolution resolution,
                         gpointer data) {
    (void)pipeline;
    (void)resolution;
    listed(((App *)data)->dismissed, id, nick(DK_TYPE_DISMISSAL_SOURCE, source));
}

/* Appends value with a decimal point, whatever the locale. */
static void number(GString *out, const char *separator, double value) {
    char text[G_ASCII_DTOSTR_BUF_SIZE];
    g_string_append_printf(out, "%s%s", separator, g_ascii_formatd(text, sizeof text, "%.3f", value));
}

static void rect(GString *out, const char *key, const graphene_rect_t *bounds) {
    g_string_append_printf(out, "\"%s\": ", key);
    if (!bounds) {
        g_string_append(out, "null");
        return;
    }
    number(out, "[", bounds->origin.x);
    number(out, ", ", bounds->origin.y);
    number(out, ", ", bounds->size.width);
    number(out, ", ", bounds->size.height);
    g_string_append_c(out, ']');
}

/* The first mapped widget under root with the CSS class, depth first. */
static GtkWidget *find_drawn(GtkWidget *root, const char *css_class) {
    if (!gtk_widget_get_mapped(root)) return NULL;
    if (gtk_widget_has_css_class(root, css_class)) return root;
    for (GtkWidget *child = gtk_widget_get_first_child(root); child; child = gtk_widget_get_next_sibling(child)) {
        GtkWidget *found = find_drawn(child, css_class);
        if (found) return found;
    }
    return NULL;
}

/* Where GTK draws the widget with the CSS class under root, in the pipeline's screen. */
static void drawn(GString *out, const char *key, GtkWidget *root, const char *css_class, GtkWidget *screen) {
    GtkWidget *widget = find_drawn(root, css_class);
    graphene_rect_t bounds;
    rect(out, key, widget && gtk_widget_compute_bounds(widget, screen, &bounds) ? &bounds : NULL);
}

/* A presentation's id, where GTK draws it and where its window's pipeline has it: a JSON object's
 * first members. */
static void presentation(GString *out, App *app, const char *id, GtkWidget *root, const char *frame_class) {
    GtkWidget *screen = gtk_window_get_child(GTK_WINDOW(app->window));
    g_string_append_printf(out, "{\"id\": %s%s%s, \"drawn\": {", id ? "\"" : "", id ? id : "null", id ? "\"" : "");
    drawn(out, "frame", root, frame_class, screen);
    g_string_append(out, ", ");
    GtkWidget *frame = find_drawn(root, frame_class);
    drawn(out, "grabber", frame ? frame : root, "dk-grabber", screen);
    g_string_append(out, "}, ");
    g_autoptr(DkLayout) layout = id ? dk_gtk_pipeline_get_layout(dk_gtk_pipeline_for_window(GTK_WINDOW(app->window)), id) : NULL;
    if (!layout) {
        g_string_append(out, "\"layout\": null");
        return;
    }
    g_string_append_printf(out, "\"layout\": {\"role\": \"%s\", \"adapted\": %s, ", nick(DK_TYPE_PRESENTATION_ROLE, layout->role),
                           layout->adapted ? "true" : "false");
    rect(out, "frame", &layout->frame);
    g_string_append(out, ", ");
    rect(out, "grabber", layout->has_grabber ? &layout->grabber : NULL);
    g_string_append(out, ", ");
    rect(out, "header", layout->has_header ? &layout->header : NULL);
    g_string_append(out, "}");
}

static void print_state(App *app) {
    GString *out = g_string_new("{\"sheet\": ");
    presentation(out, app, dk_gtk_sheet_get_presentation_id(app->sheet), GTK_WIDGET(app->sheet), "dk-sheet");
    const char *detent = dk_gtk_sheet_get_detent(app->sheet);
    g_string_append_printf(out, ", \"detent\": %s%s%s}, \"popover\": ", detent ? "\"" : "", detent ? detent : "null",
                           detent ? "\"" : "");
    presentation(out, app, dk_gtk_popover_get_presentation_id(app->popover), GTK_WIDGET(app->popover), "dk-popover");
    g_string_append_printf(out, "}, \"drags\": [%s], \"dismissed\": [%s], \"size\": [%d, %d], \"lifts\": %d",
                           app->drags->str, app->dismissed->str, gtk_widget_get_width(app->window),
                           gtk_widget_get_height(app->window), app->lifts);
    number(out, ", \"hover\": [", app->hover_x);
    number(out, ", ", app->hover_y);
    g_string_append(out, "]}");
    puts(out->str);
    fflush(stdout);
    g_string_free(out, TRUE);
}

static void run(App *app, char *line) {
    char **words = g_strsplit(g_strstrip(line), " ", -1);
    GError *error = NULL;
    if (!g_strcmp0(words[0], "sheet") && words[1] && words[2]) {
        dk_gtk_sheet_set_detents(app->sheet, (const char *const *)&words[2]);
        dk_gtk_sheet_set_selected_detent(app->sheet, words[1]);
        dk_gtk_sheet_present(app->sheet, &error);
    } else if (!g_strcmp0(words[0], "popover")) {
        dk_gtk_popover_popup(app->popover, &error);
    } else if (!g_strcmp0(words[0], "close")) {
        dk_gtk_popover_close(app->popover);
        dk_gtk_sheet_close(app->sheet);
    } else if (g_strcmp0(words[0], "state")) {
        fprintf(stderr, "layout: unknown command: %s\n", line);
    }
    if (error) {
        fprintf(stderr, "layout: %s\n", error->message);
        g_error_free(error);
    }
    g_strfreev(words);
}

static void answer_after_paint(GdkFrameClock *clock, gpointer data) {
    App *app = data;
    g_signal_handlers_disconnect_by_func(clock, answer_after_paint, app);
    print_state(app);
}

static gboolean on_stdin(GIOChannel *channel, GIOCondition condition, gpointer data) {
    (void)condition;
    App *app = data;
    char *line = NULL;
    const GIOStatus status = g_io_channel_read_line(channel, &line, NULL, NULL, NULL);
    if (status == G_IO_STATUS_EOF || status == G_IO_STATUS_ERROR) {
        gtk_window_destroy(GTK_WINDOW(app->window));
        return G_SOURCE_REMOVE;
    }
    if (line) {
        run(app, line);
        GdkFrameClock *clock = gtk_widget_get_frame_clock(app->window);
        g_signal_connect(clock, "after-paint", G_CALLBACK(answer_after_paint), app);
        gtk_widget_queue_draw(app->window);
    }
    g_free(line);
    return G_SOURCE_CONTINUE;
}

static gboolean count_lifts(GtkEventControllerLegacy *controller, GdkEvent *event, gpointer data) {
    (void)controller;
    const GdkEventType type = gdk_event_get_event_type(event);
    if (type == GDK_TOUCH_END || type == GDK_TOUCH_CANCEL || type == GDK_BUTTON_RELEASE) ((App *)data)->lifts++;
    return FALSE;
}

static void on_hover(GtkEventControllerMotion *motion, double x, double y, gpointer data) {
    (void)motion;
    App *app = data;
    app->hover_x = x;
    app->hover_y = y;
}

static GtkWidget *page(App *app) {
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    GtkWidget *bar = gtk_center_box_new();
    app->share = gtk_button_new_with_label("Share");
    gtk_widget_set_size_request(app->share, 120, 56);
    gtk_center_box_set_center_widget(GTK_CENTER_BOX(bar), app->share);
    GtkWidget *rest = gtk_label_new("Page");
    gtk_widget_set_vexpand(rest, TRUE);
    gtk_box_append(GTK_BOX(box), bar);
    gtk_box_append(GTK_BOX(box), rest);
    return box;
}

/* GTK fits a new window to its monitor, which on Broadway is 1024 x 768 until the page gives
 * its size: the window is shown once its monitor holds it. */
static void present_when_it_fits(GObject *monitor, GParamSpec *spec, gpointer data) {
    (void)spec;
    App *app = data;
    GdkRectangle area;
    gdk_monitor_get_geometry(GDK_MONITOR(monitor), &area);
    if (area.width >= app->width && area.height >= app->height && !gtk_widget_get_visible(app->window)) {
        g_signal_handlers_disconnect_by_func(monitor, present_when_it_fits, app);
        gtk_window_present(GTK_WINDOW(app->window));
    }
}

static void activate(GtkApplication *application, gpointer data) {
    App *app = data;
    app->window = gtk_application_window_new(application);
    gtk_window_set_decorated(GTK_WINDOW(app->window), FALSE);
    gtk_window_set_default_size(GTK_WINDOW(app->window), app->width, app->height);
    app->sheet = DK_SHEET(dk_gtk_sheet_new());
    dk_gtk_sheet_set_title(app->sheet, "Draft");
    dk_gtk_sheet_set_content(app->sheet, page(app));
    dk_gtk_sheet_set_child(app->sheet, gtk_label_new("The draft"));
    app->popover = DK_POPOVER(dk_gtk_popover_new());
    dk_gtk_popover_set_content(app->popover, GTK_WIDGET(app->sheet));
    GtkWidget *share_text = gtk_label_new("Share to…");
    gtk_widget_set_size_request(share_text, 300, 200);
    dk_gtk_popover_set_child(app->popover, share_text);
    dk_gtk_popover_set_anchor(app->popover, app->share);
    gtk_window_set_child(GTK_WINDOW(app->window), GTK_WIDGET(app->popover));
    DkPipeline *pipeline = dk_gtk_pipeline_for_window(GTK_WINDOW(app->window));
    g_signal_connect(pipeline, "drag-began", G_CALLBACK(on_drag_began), app);
    g_signal_connect(pipeline, "dismissed", G_CALLBACK(on_dismissed), app);
    GtkEventController *lifts = gtk_event_controller_legacy_new();
    gtk_event_controller_set_propagation_phase(lifts, GTK_PHASE_CAPTURE);
    g_signal_connect(lifts, "event", G_CALLBACK(count_lifts), app);
    gtk_widget_add_controller(app->window, lifts);
    GtkEventController *hover = gtk_event_controller_motion_new();
    gtk_event_controller_set_propagation_phase(hover, GTK_PHASE_CAPTURE);
    g_signal_connect(hover, "motion", G_CALLBACK(on_hover), app);
    gtk_widget_add_controller(app->window, hover);
    GdkMonitor *monitor = g_list_model_get_item(gdk_display_get_monitors(gdk_display_get_default()), 0);
    g_signal_connect(monitor, "notify::geometry", G_CALLBACK(present_when_it_fits), app);
    present_when_it_fits(G_OBJECT(monitor), NULL, app);
    g_object_unref(monitor);
    GIOChannel *in = g_io_channel_unix_new(0);
    g_io_add_watch(in, G_IO_IN | G_IO_HUP, on_stdin, app);
    g_io_channel_unref(in);
}

int main(int argc, char **argv) {
    if (argc != 3 || atoi(argv[1]) <= 0 || atoi(argv[2]) <= 0) {
        fprintf(stderr, "Usage: layout WIDTH HEIGHT\n");
        return 64;
    }
    App app = {.width = atoi(argv[1]), .height = atoi(argv[2]), .drags = g_string_new(""), .dismissed = g_string_new("")};
    GtkApplication *application = gtk_application_new(NULL, G_APPLICATION_NON_UNIQUE);
    g_signal_connect(application, "activate", G_CALLBACK(activate), &app);
    const int status = g_application_run(G_APPLICATION(application), 1, argv);
    g_object_unref(application);
    g_string_free(app.drags, TRUE);
    g_string_free(app.dismissed, TRUE);
    return status;
}
