/* The window Tests/GTK/idle.py drives through GTK's own touch delivery: an undecorated window of
 * WIDTH x HEIGHT points, a page (Start) and a DkSheet over it holding a form, its pipeline's idle
 * rule set by the driver.
 *
 * It reads commands on stdin, one a line, and answers each with one JSON line of its state on
 * stdout once GTK has drawn what the command changed:
 *   state                          nothing more
 *   rule AFTER_MS WARNING_MS RULE  dk_gtk_pipeline_set_idle_rule() (RULE save, discard or keep);
 *                                  a refusal is the state's "refused"
 *   sheet UNSAVED                  presents the sheet (UNSAVED 0 or 1)
 *   keyboard HEIGHT                the kiosk's keyboard's height (DkPipeline:keyboard-height)
 *   sheet-close                    closes it without asking
 * The state: the sheet's (presented, question), the pipeline's idle signals in order
 * ("idle-warning", "idle-cancelled", "idle-reset") and whether it is ticking, what was dismissed,
 * the idle question as drawn (its rectangle, its countdown's text, Continue's rectangle, in the
 * window's points; null while it is not shown), the unsaved question's answers, the window's
 * size and how many touches have lifted in it. Its numbers have a decimal point in every locale. */
#include <dismisskit-gtk/dismisskit-gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int width, height;
    GtkWidget *window;
    DkSheet *sheet;
    DkPipeline *pipeline;
    int lifts;
    GString *events, *dismissed, *refused;
} App;

static const char *nick(GType type, int value) {
    GEnumClass *class = g_type_class_ref(type);
    const GEnumValue *found = g_enum_get_value(class, value);
    g_type_class_unref(class);
    return found ? found->value_nick : "?";
}

static void note(GString *list, const char *item) {
    g_string_append_printf(list, "%s\"%s\"", list->len ? ", " : "", item);
}

static void on_idle_warning(DkPipeline *pipeline, gint64 deadline, gint64 remaining, gpointer data) {
    (void)pipeline;
    (void)deadline;
    (void)remaining;
    note(((App *)data)->events, "idle-warning");
}

static void on_idle_cancelled(DkPipeline *pipeline, gpointer data) {
    (void)pipeline;
    note(((App *)data)->events, "idle-cancelled");
}

static void on_idle_reset(DkPipeline *pipeline, gpointer data) {
    (void)pipeline;
    note(((App *)data)->events, "idle-reset");
}

static void on_dismissed(DkSheet *sheet, DkDismissalSource source, DkResolution resolution, gpointer data) {
    (void)sheet;
    char *item = g_strdup_printf("sheet %s %s", nick(DK_TYPE_DISMISSAL_SOURCE, source), nick(DK_TYPE_RESOLUTION, resolution));
    note(((App *)data)->dismissed, item);
    g_free(item);
}

static void number(GString *out, const char *separator, double value) {
    char text[G_ASCII_DTOSTR_BUF_SIZE];
    g_string_append_printf(out, "%s%s", separator, g_ascii_formatd(text, sizeof text, "%.1f", value));
}

static void rect(GString *out, const char *key, GtkWidget *widget, GtkWidget *in) {
    graphene_rect_t bounds;
    if (!widget || !gtk_widget_get_mapped(widget) || !gtk_widget_compute_bounds(widget, in, &bounds)) {
        g_string_append_printf(out, ", \"%s\": null", key);
        return;
    }
    g_string_append_printf(out, ", \"%s\": ", key);
    number(out, "[", bounds.origin.x);
    number(out, ", ", bounds.origin.y);
    number(out, ", ", bounds.size.width);
    number(out, ", ", bounds.size.height);
    g_string_append_c(out, ']');
}

/* The first mapped widget under widget with the CSS class, or NULL. */
static GtkWidget *find_class(GtkWidget *widget, const char *class) {
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child; child = gtk_widget_get_next_sibling(child)) {
        if (!gtk_widget_get_mapped(child)) continue;
        if (gtk_widget_has_css_class(child, class)) return child;
        GtkWidget *found = find_class(child, class);
        if (found) return found;
    }
    return NULL;
}

/* The first mapped button under widget labelled label, or NULL. */
static GtkWidget *find_button(GtkWidget *widget, const char *label) {
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child; child = gtk_widget_get_next_sibling(child)) {
        if (!gtk_widget_get_mapped(child)) continue;
        if (GTK_IS_BUTTON(child) && !g_strcmp0(gtk_button_get_label(GTK_BUTTON(child)), label)) return child;
        GtkWidget *found = find_button(child, label);
        if (found) return found;
    }
    return NULL;
}

static void print_state(App *app) {
    GString *out = g_string_new("{");
    g_string_append_printf(out, "\"sheet\": {\"presented\": %s, \"question\": %d}",
                           dk_gtk_sheet_get_presented(app->sheet) ? "true" : "false",
                           (int)dk_gtk_sheet_get_question(app->sheet));
    g_string_append_printf(out, ", \"events\": [%s], \"dismissed\": [%s], \"ticking\": %s, \"refused\": [%s]",
                           app->events->str, app->dismissed->str,
                           dk_gtk_pipeline_get_ticking(app->pipeline) ? "true" : "false", app->refused->str);
    GtkWidget *question = find_class(app->window, "dk-idle-question");
    g_string_append(out, ", \"idle\": {\"_\": null");
    rect(out, "question", question, app->window);
    GtkWidget *countdown = question ? find_class(question, "dk-idle-countdown") : NULL;
    g_string_append_printf(out, ", \"countdown\": \"%s\"", countdown ? gtk_label_get_text(GTK_LABEL(countdown)) : "");
    rect(out, "continue", question ? find_button(question, "Continue") : NULL, app->window);
    g_string_append(out, "}, \"answers\": {\"_\": null");
    rect(out, "Discard Changes", find_button(app->window, "Discard Changes"), app->window);
    g_string_append_printf(out, "}, \"size\": [%d, %d], \"lifts\": %d}", gtk_widget_get_width(app->window),
                           gtk_widget_get_height(app->window), app->lifts);
    puts(out->str);
    fflush(stdout);
    g_string_free(out, TRUE);
}

static DkIdleUnsaved unsaved_rule(const char *name) {
    GEnumClass *class = g_type_class_ref(DK_TYPE_IDLE_UNSAVED);
    const GEnumValue *value = g_enum_get_value_by_nick(class, name);
    g_type_class_unref(class);
    return value ? (DkIdleUnsaved)value->value : (DkIdleUnsaved)-1;
}

static void run(App *app, char *line) {
    char **words = g_strsplit(g_strstrip(line), " ", -1);
    GError *error = NULL;
    if (!g_strcmp0(words[0], "rule") && words[1] && words[2] && words[3]) {
        if (!dk_gtk_pipeline_set_idle_rule(app->pipeline, atoll(words[1]) * 1000, atoll(words[2]) * 1000,
                                           unsaved_rule(words[3]), &error)) {
            /* Escaped for a JSON string: its UTF-8 (the message says "µs") is left as it is. */
            char high[129] = {0};
            for (int byte = 0x80; byte <= 0xff; byte++) high[byte - 0x80] = (char)byte;
            g_autofree char *escaped = g_strescape(error->message, high);
            note(app->refused, escaped);
            g_clear_error(&error);
        }
    } else if (!g_strcmp0(words[0], "sheet") && words[1]) {
        dk_gtk_sheet_set_unsaved_changes(app->sheet, atoi(words[1]));
        dk_gtk_sheet_present(app->sheet, &error);
    } else if (!g_strcmp0(words[0], "keyboard") && words[1]) {
        dk_gtk_pipeline_set_keyboard_height(app->pipeline, g_ascii_strtod(words[1], NULL));
    } else if (!g_strcmp0(words[0], "sheet-close")) {
        dk_gtk_sheet_close(app->sheet);
    } else if (g_strcmp0(words[0], "state")) {
        fprintf(stderr, "idle: unknown command: %s\n", line);
    }
    if (error) {
        fprintf(stderr, "idle: %s\n", error->message);
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

static GtkWidget *form(void) {
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12);
    gtk_widget_set_margin_start(box, 16);
    gtk_widget_set_margin_end(box, 16);
    gtk_widget_set_margin_top(box, 16);
    const char *const fields[] = {"Name", "Email", "Message"};
    for (guint i = 0; i < G_N_ELEMENTS(fields); i++) {
        GtkWidget *entry = gtk_entry_new();
        gtk_entry_set_placeholder_text(GTK_ENTRY(entry), fields[i]);
        gtk_widget_set_size_request(entry, -1, 48);
        gtk_box_append(GTK_BOX(box), entry);
    }
    return box;
}

/* GTK fits a new window to its monitor, which on Broadway is 1024 x 768 until the page gives
 * its size: the window is shown once its monitor holds it (as layout.c does). */
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
    GtkWidget *start = gtk_button_new_with_label("Start");
    gtk_widget_set_size_request(start, 160, 56);
    gtk_widget_set_halign(start, GTK_ALIGN_CENTER);
    gtk_widget_set_valign(start, GTK_ALIGN_CENTER);
    app->sheet = DK_SHEET(dk_gtk_sheet_new());
    dk_gtk_sheet_set_title(app->sheet, "Visitor Form");
    dk_gtk_sheet_set_content(app->sheet, start);
    dk_gtk_sheet_set_child(app->sheet, form());
    g_signal_connect(app->sheet, "dismissed", G_CALLBACK(on_dismissed), app);
    gtk_window_set_child(GTK_WINDOW(app->window), GTK_WIDGET(app->sheet));
    app->pipeline = dk_gtk_pipeline_for_window(GTK_WINDOW(app->window));
    g_signal_connect(app->pipeline, "idle-warning", G_CALLBACK(on_idle_warning), app);
    g_signal_connect(app->pipeline, "idle-cancelled", G_CALLBACK(on_idle_cancelled), app);
    g_signal_connect(app->pipeline, "idle-reset", G_CALLBACK(on_idle_reset), app);
    GtkEventController *lifts = gtk_event_controller_legacy_new();
    gtk_event_controller_set_propagation_phase(lifts, GTK_PHASE_CAPTURE);
    g_signal_connect(lifts, "event", G_CALLBACK(count_lifts), app);
    gtk_widget_add_controller(app->window, lifts);
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
        fprintf(stderr, "Usage: idle WIDTH HEIGHT\n");
        return 64;
    }
    App app = {.width = atoi(argv[1]), .height = atoi(argv[2]), .events = g_string_new(""),
               .dismissed = g_string_new(""), .refused = g_string_new("")};
    GtkApplication *application = gtk_application_new(NULL, G_APPLICATION_NON_UNIQUE);
    g_signal_connect(application, "activate", G_CALLBACK(activate), &app);
    const int status = g_application_run(G_APPLICATION(application), 1, argv);
    g_object_unref(application);
    g_string_free(app.events, TRUE);
    g_string_free(app.dismissed, TRUE);
    g_string_free(app.refused, TRUE);
    return status;
}
