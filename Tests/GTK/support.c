/* The windows Tests/GTK's drivers drive: see support.h. */
#include "support.h"

#include <stdio.h>

const char *nick(GType type, int value) {
    GEnumClass *class = g_type_class_ref(type);
    const GEnumValue *found = g_enum_get_value(class, value);
    g_type_class_unref(class);
    return found ? found->value_nick : "?";
}

void test_window_new(TestWindow *test, GtkApplication *application) {
    test->window = gtk_application_window_new(application);
    gtk_window_set_decorated(GTK_WINDOW(test->window), FALSE);
    gtk_window_set_default_size(GTK_WINDOW(test->window), test->width, test->height);
}

static void run_command(TestWindow *test, char *line) {
    char **words = g_strsplit(g_strstrip(line), " ", -1);
    GError *error = NULL;
    if (g_strcmp0(words[0], "state") && !test->run(test, words, &error))
        fprintf(stderr, "%s: unknown command: %s\n", test->name, line);
    if (error) {
        fprintf(stderr, "%s: %s\n", test->name, error->message);
        g_error_free(error);
    }
    g_strfreev(words);
}

/* A command is answered once GTK has laid out and drawn what it changed. */
static void answer_after_paint(GdkFrameClock *clock, gpointer data) {
    TestWindow *test = data;
    g_signal_handlers_disconnect_by_func(clock, answer_after_paint, test);
    GString *state = g_string_new(NULL);
    test->write_state(test, state);
    puts(state->str);
    fflush(stdout);
    g_string_free(state, TRUE);
}

static gboolean on_stdin(GIOChannel *channel, GIOCondition condition, gpointer data) {
    (void)condition;
    TestWindow *test = data;
    char *line = NULL;
    const GIOStatus status = g_io_channel_read_line(channel, &line, NULL, NULL, NULL);
    if (status == G_IO_STATUS_EOF || status == G_IO_STATUS_ERROR) {
        gtk_window_destroy(GTK_WINDOW(test->window));
        return G_SOURCE_REMOVE;
    }
    if (line) {
        run_command(test, line);
        GdkFrameClock *clock = gtk_widget_get_frame_clock(test->window);
        g_signal_connect(clock, "after-paint", G_CALLBACK(answer_after_paint), test);
        gtk_widget_queue_draw(test->window);
    }
    g_free(line);
    return G_SOURCE_CONTINUE;
}

static gboolean count_lifts(GtkEventControllerLegacy *controller, GdkEvent *event, gpointer data) {
    (void)controller;
    const GdkEventType type = gdk_event_get_event_type(event);
    if (type == GDK_TOUCH_END || type == GDK_TOUCH_CANCEL || type == GDK_BUTTON_RELEASE) ((TestWindow *)data)->lifts++;
    return FALSE;
}

static void on_hover(GtkEventControllerMotion *motion, double x, double y, gpointer data) {
    (void)motion;
    TestWindow *test = data;
    test->hover_x = x;
    test->hover_y = y;
}

void test_window_watch(TestWindow *test) {
    GtkEventController *lifts = gtk_event_controller_legacy_new();
    gtk_event_controller_set_propagation_phase(lifts, GTK_PHASE_CAPTURE);
    g_signal_connect(lifts, "event", G_CALLBACK(count_lifts), test);
    gtk_widget_add_controller(test->window, lifts);
    GtkEventController *hover = gtk_event_controller_motion_new();
    gtk_event_controller_set_propagation_phase(hover, GTK_PHASE_CAPTURE);
    g_signal_connect(hover, "motion", G_CALLBACK(on_hover), test);
    gtk_widget_add_controller(test->window, hover);
    GIOChannel *in = g_io_channel_unix_new(0);
    g_io_add_watch(in, G_IO_IN | G_IO_HUP, on_stdin, test);
    g_io_channel_unref(in);
}

static void present_when_it_fits(GObject *monitor, GParamSpec *spec, gpointer data) {
    (void)spec;
    TestWindow *test = data;
    GdkRectangle area;
    gdk_monitor_get_geometry(GDK_MONITOR(monitor), &area);
    if (area.width >= test->width && area.height >= test->height && !gtk_widget_get_visible(test->window)) {
        g_signal_handlers_disconnect_by_func(monitor, present_when_it_fits, test);
        gtk_window_present(GTK_WINDOW(test->window));
    }
}

void test_window_present_when_it_fits(TestWindow *test) {
    GdkMonitor *monitor = g_list_model_get_item(gdk_display_get_monitors(gdk_display_get_default()), 0);
    g_signal_connect(monitor, "notify::geometry", G_CALLBACK(present_when_it_fits), test);
    present_when_it_fits(G_OBJECT(monitor), NULL, test);
    g_object_unref(monitor);
}

int test_window_run(TestWindow *test, void (*activate)(GtkApplication *application, gpointer test), char *program) {
    GtkApplication *application = gtk_application_new(NULL, G_APPLICATION_NON_UNIQUE);
    g_signal_connect(application, "activate", G_CALLBACK(activate), test);
    const int status = g_application_run(G_APPLICATION(application), 1, (char *[]){program, NULL});
    g_object_unref(application);
    return status;
}
