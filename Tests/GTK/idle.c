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
#include "support.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    TestWindow test;
    DkSheet *sheet;
    DkPipeline *pipeline;
    GString *events, *dismissed, *refused;
} App;

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

static void write_state(TestWindow *test, GString *out) {
    App *app = (App *)test;
    g_string_append(out, "{");
    g_string_append_printf(out, "\"sheet\": {\"presented\": %s, \"question\": %d}",
                           dk_gtk_sheet_get_presented(app->sheet) ? "true" : "false",
                           (int)dk_gtk_sheet_get_question(app->sheet));
    g_string_append_printf(out, ", \"events\": [%s], \"dismissed\": [%s], \"ticking\": %s, \"refused\": [%s]",
                           app->events->str, app->dismissed->str,
                           dk_gtk_pipeline_get_ticking(app->pipeline) ? "true" : "false", app->refused->str);
    GtkWidget *question = find_class(app->test.window, "dk-idle-question");
    g_string_append(out, ", \"idle\": {\"_\": null");
    rect(out, "question", question, app->test.window);
    GtkWidget *countdown = question ? find_class(question, "dk-idle-countdown") : NULL;
    g_string_append_printf(out, ", \"countdown\": \"%s\"", countdown ? gtk_label_get_text(GTK_LABEL(countdown)) : "");
    rect(out, "continue", question ? find_button(question, "Continue") : NULL, app->test.window);
    g_string_append(out, "}, \"answers\": {\"_\": null");
    rect(out, "Discard Changes", find_button(app->test.window, "Discard Changes"), app->test.window);
    g_string_append_printf(out, "}, \"size\": [%d, %d], \"lifts\": %d}", gtk_widget_get_width(app->test.window),
                           gtk_widget_get_height(app->test.window), app->test.lifts);
}

static DkIdleUnsaved unsaved_rule(const char *name) {
    GEnumClass *class = g_type_class_ref(DK_TYPE_IDLE_UNSAVED);
    const GEnumValue *value = g_enum_get_value_by_nick(class, name);
    g_type_class_unref(class);
    return value ? (DkIdleUnsaved)value->value : (DkIdleUnsaved)-1;
}

static gboolean run(TestWindow *test, char **words, GError **error) {
    App *app = (App *)test;
    if (!g_strcmp0(words[0], "rule") && words[1] && words[2] && words[3]) {
        GError *refusal = NULL;
        if (!dk_gtk_pipeline_set_idle_rule(app->pipeline, atoll(words[1]) * 1000, atoll(words[2]) * 1000,
                                           unsaved_rule(words[3]), &refusal)) {
            /* Escaped for a JSON string: its UTF-8 (the message says "µs") is left as it is. */
            char high[129] = {0};
            for (int byte = 0x80; byte <= 0xff; byte++) high[byte - 0x80] = (char)byte;
            g_autofree char *escaped = g_strescape(refusal->message, high);
            note(app->refused, escaped);
            g_clear_error(&refusal);
        }
    } else if (!g_strcmp0(words[0], "sheet") && words[1]) {
        dk_gtk_sheet_set_unsaved_changes(app->sheet, atoi(words[1]));
        dk_gtk_sheet_present(app->sheet, error);
    } else if (!g_strcmp0(words[0], "keyboard") && words[1]) {
        dk_gtk_pipeline_set_keyboard_height(app->pipeline, g_ascii_strtod(words[1], NULL));
    } else if (!g_strcmp0(words[0], "sheet-close")) {
        dk_gtk_sheet_close(app->sheet);
    } else {
        return FALSE;
    }
    return TRUE;
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

static void activate(GtkApplication *application, gpointer data) {
    App *app = data;
    test_window_new(&app->test, application);
    GtkWidget *start = gtk_button_new_with_label("Start");
    gtk_widget_set_size_request(start, 160, 56);
    gtk_widget_set_halign(start, GTK_ALIGN_CENTER);
    gtk_widget_set_valign(start, GTK_ALIGN_CENTER);
    app->sheet = DK_SHEET(dk_gtk_sheet_new());
    dk_gtk_sheet_set_title(app->sheet, "Visitor Form");
    dk_gtk_sheet_set_content(app->sheet, start);
    dk_gtk_sheet_set_child(app->sheet, form());
    g_signal_connect(app->sheet, "dismissed", G_CALLBACK(on_dismissed), app);
    gtk_window_set_child(GTK_WINDOW(app->test.window), GTK_WIDGET(app->sheet));
    app->pipeline = dk_gtk_pipeline_for_window(GTK_WINDOW(app->test.window));
    g_signal_connect(app->pipeline, "idle-warning", G_CALLBACK(on_idle_warning), app);
    g_signal_connect(app->pipeline, "idle-cancelled", G_CALLBACK(on_idle_cancelled), app);
    g_signal_connect(app->pipeline, "idle-reset", G_CALLBACK(on_idle_reset), app);
    test_window_watch(&app->test);
    test_window_present_when_it_fits(&app->test);
}

int main(int argc, char **argv) {
    if (argc != 3 || atoi(argv[1]) <= 0 || atoi(argv[2]) <= 0) {
        fprintf(stderr, "Usage: idle WIDTH HEIGHT\n");
        return 64;
    }
    App app = {.test = {.name = "idle", .width = atoi(argv[1]), .height = atoi(argv[2]), .run = run,
                        .write_state = write_state},
               .events = g_string_new(""), .dismissed = g_string_new(""), .refused = g_string_new("")};
    const int status = test_window_run(&app.test, activate, argv[0]);
    g_string_free(app.events, TRUE);
    g_string_free(app.dismissed, TRUE);
    g_string_free(app.refused, TRUE);
    return status;
}
