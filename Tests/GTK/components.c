/* The window Tests/GTK/components.py drives through GTK's own touch and mouse delivery: a page
 * (Share, the popover's anchor; Compose, its pass-through widget; Below, a button filling the
 * rest), a DkSheet over it holding a tall scrolled list, and a DkPopover over both.
 *
 * It reads commands on stdin, one a line, and answers each with one JSON line of its widgets'
 * state on stdout:
 *   state                     nothing more
 *   sheet UNSAVED [DETENT...] presents the sheet (UNSAVED 0 or 1) with those detents
 *   popover UNSAVED           pops the popover up over Share
 *   sheet-close, popover-close  closes one without asking
 *   scroll OFFSET             scrolls the sheet's list
 * The state: the sheet's (presented, detent, question, offset, scroll, its list's rectangle) and
 * the popover's (presented, its child's rectangle), how many touches and buttons have lifted,
 * where the mouse last moved, what was saved and dismissed, the page buttons' clicks, where to
 * touch: the page's buttons and the question's labelled answers, in the window's points, and
 * the locale GTK set for numbers. Its numbers have a decimal point in every locale.
 * Share is in the middle of the top bar, an odd number of points wide: the popover's frame
 * under it is at a fractional x. */
#include "support.h"
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    TestWindow test;
    GtkWidget *share, *compose, *below, *list;
    DkSheet *sheet;
    DkPopover *popover;
    GtkScrolledWindow *scrolled;
    int compose_clicks, below_clicks, saved;
    GString *dismissed; /* "sheet swipeFromTop discarded", ..., as a JSON list's items */
} App;

static void on_dismissed(GtkWidget *presentation, DkDismissalSource source, DkResolution resolution, gpointer data) {
    App *app = data;
    g_string_append_printf(app->dismissed, "%s\"%s %s %s\"", app->dismissed->len ? ", " : "",
                           DK_IS_SHEET(presentation) ? "sheet" : "popover", nick(DK_TYPE_DISMISSAL_SOURCE, source),
                           nick(DK_TYPE_RESOLUTION, resolution));
}

static void on_save(GtkWidget *presentation, gpointer data) {
    (void)presentation;
    ((App *)data)->saved++;
}

static void on_compose(GtkButton *button, gpointer data) {
    (void)button;
    ((App *)data)->compose_clicks++;
}

static void on_below(GtkButton *button, gpointer data) {
    (void)button;
    ((App *)data)->below_clicks++;
}

/* Appends value with a decimal point, whatever the locale, after separator. */
static void number(GString *out, const char *separator, double value) {
    char text[G_ASCII_DTOSTR_BUF_SIZE];
    g_string_append_printf(out, "%s%s", separator, g_ascii_formatd(text, sizeof text, "%.1f", value));
}

static void rect(GString *out, const char *key, GtkWidget *widget, GtkWidget *in) {
    graphene_rect_t bounds;
    if (!gtk_widget_get_mapped(widget) || !gtk_widget_compute_bounds(widget, in, &bounds)) {
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

/* The question's answers, found by their labels wherever they are drawn. */
static void answers(GString *out, GtkWidget *widget, GtkWidget *window) {
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child; child = gtk_widget_get_next_sibling(child)) {
        if (GTK_IS_BUTTON(child) && gtk_widget_get_mapped(child)) {
            const char *label = gtk_button_get_label(GTK_BUTTON(child));
            if (label && (!strcmp(label, "Discard Changes") || !strcmp(label, "Save") || !strcmp(label, "Keep Editing")))
                rect(out, label, child, window);
        }
        answers(out, child, window);
    }
}

static void write_state(TestWindow *test, GString *out) {
    App *app = (App *)test;
    g_string_append(out, "{");
    const char *detent = dk_gtk_sheet_get_detent(app->sheet);
    g_string_append_printf(out, "\"sheet\": {\"presented\": %s, \"detent\": %s%s%s, \"question\": %d",
                           dk_gtk_sheet_get_presented(app->sheet) ? "true" : "false", detent ? "\"" : "",
                           detent ? detent : "null", detent ? "\"" : "", (int)dk_gtk_sheet_get_question(app->sheet));
    number(out, ", \"offset\": ", dk_gtk_sheet_get_offset(app->sheet));
    number(out, ", \"scroll\": ", gtk_adjustment_get_value(gtk_scrolled_window_get_vadjustment(app->scrolled)));
    rect(out, "list", GTK_WIDGET(app->scrolled), app->test.window);
    g_string_append_printf(out, "}, \"popover\": {\"presented\": %s",
                           dk_gtk_popover_get_presented(app->popover) ? "true" : "false");
    rect(out, "child", dk_gtk_popover_get_child(app->popover), app->test.window);
    g_string_append_printf(out, "}, \"saved\": %d, \"dismissed\": [%s], \"clicks\": {\"compose\": %d, \"below\": %d}",
                           app->saved, app->dismissed->str, app->compose_clicks, app->below_clicks);
    g_string_append_printf(out, ", \"size\": [%d, %d]", gtk_widget_get_width(app->test.window),
                           gtk_widget_get_height(app->test.window));
    g_string_append_printf(out, ", \"lifts\": %d", app->test.lifts);
    number(out, ", \"hover\": [", app->test.hover_x);
    number(out, ", ", app->test.hover_y);
    g_string_append_printf(out, "], \"locale\": \"%s\"", setlocale(LC_NUMERIC, NULL));
    rect(out, "share", app->share, app->test.window);
    rect(out, "compose", app->compose, app->test.window);
    rect(out, "below", app->below, app->test.window);
    g_string_append(out, ", \"answers\": {\"_\": null");
    answers(out, app->test.window, app->test.window);
    g_string_append(out, "}}");
}

static gboolean run(TestWindow *test, char **words, GError **error) {
    App *app = (App *)test;
    if (!g_strcmp0(words[0], "sheet") && words[1]) {
        dk_gtk_sheet_set_unsaved_changes(app->sheet, atoi(words[1]));
        if (words[2]) dk_gtk_sheet_set_detents(app->sheet, (const char *const *)&words[2]);
        dk_gtk_sheet_present(app->sheet, error);
    } else if (!g_strcmp0(words[0], "popover") && words[1]) {
        dk_gtk_popover_set_unsaved_changes(app->popover, atoi(words[1]));
        dk_gtk_popover_popup(app->popover, error);
    } else if (!g_strcmp0(words[0], "sheet-close")) {
        dk_gtk_sheet_close(app->sheet);
    } else if (!g_strcmp0(words[0], "popover-close")) {
        dk_gtk_popover_close(app->popover);
    } else if (!g_strcmp0(words[0], "scroll") && words[1]) {
        gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(app->scrolled), g_ascii_strtod(words[1], NULL));
    } else {
        return FALSE;
    }
    return TRUE;
}

static GtkWidget *page(App *app) {
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8);
    GtkWidget *bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    app->compose = gtk_button_new_with_label("Compose");
    app->share = gtk_button_new_with_label("Share");
    gtk_widget_set_size_request(app->compose, 120, 56);
    gtk_widget_set_size_request(app->share, 121, 56);
    gtk_widget_set_hexpand(app->compose, TRUE);
    gtk_widget_set_halign(app->compose, GTK_ALIGN_START);
    GtkWidget *rest = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
    gtk_widget_set_hexpand(rest, TRUE);
    gtk_box_append(GTK_BOX(bar), app->compose);
    gtk_box_append(GTK_BOX(bar), app->share);
    gtk_box_append(GTK_BOX(bar), rest);
    app->below = gtk_button_new_with_label("Below");
    gtk_widget_set_vexpand(app->below, TRUE);
    gtk_box_append(GTK_BOX(box), bar);
    gtk_box_append(GTK_BOX(box), app->below);
    g_signal_connect(app->compose, "clicked", G_CALLBACK(on_compose), app);
    g_signal_connect(app->below, "clicked", G_CALLBACK(on_below), app);
    return box;
}

static GtkWidget *long_list(App *app) {
    GtkWidget *rows = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    for (int i = 1; i <= 80; i++) {
        char text[32];
        snprintf(text, sizeof text, "Message %d", i);
        GtkWidget *row = gtk_label_new(text);
        gtk_widget_set_size_request(row, -1, 44);
        gtk_box_append(GTK_BOX(rows), row);
    }
    app->scrolled = GTK_SCROLLED_WINDOW(gtk_scrolled_window_new());
    gtk_scrolled_window_set_child(app->scrolled, rows);
    gtk_scrolled_window_set_policy(app->scrolled, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_kinetic_scrolling(app->scrolled, FALSE);
    return GTK_WIDGET(app->scrolled);
}

static void activate(GtkApplication *application, gpointer data) {
    App *app = data;
    test_window_new(&app->test, application);
    app->sheet = DK_SHEET(dk_gtk_sheet_new());
    dk_gtk_sheet_set_title(app->sheet, "Draft");
    dk_gtk_sheet_set_content(app->sheet, page(app));
    dk_gtk_sheet_set_child(app->sheet, long_list(app));
    app->popover = DK_POPOVER(dk_gtk_popover_new());
    dk_gtk_popover_set_content(app->popover, GTK_WIDGET(app->sheet));
    GtkWidget *share_text = gtk_label_new("Share to…");
    gtk_widget_set_size_request(share_text, 300, 200);
    dk_gtk_popover_set_child(app->popover, share_text);
    dk_gtk_popover_set_anchor(app->popover, app->share);
    dk_gtk_popover_add_passthrough(app->popover, app->compose);
    g_signal_connect(app->sheet, "dismissed", G_CALLBACK(on_dismissed), app);
    g_signal_connect(app->popover, "dismissed", G_CALLBACK(on_dismissed), app);
    g_signal_connect(app->sheet, "save-requested", G_CALLBACK(on_save), app);
    g_signal_connect(app->popover, "save-requested", G_CALLBACK(on_save), app);
    gtk_window_set_child(GTK_WINDOW(app->test.window), GTK_WIDGET(app->popover));
    test_window_watch(&app->test);
    gtk_window_present(GTK_WINDOW(app->test.window));
    const char *session = g_getenv("COMPONENTS_SESSION");
    GError *error = NULL;
    if (session && !dk_gtk_pipeline_record(dk_gtk_pipeline_for_window(GTK_WINDOW(app->test.window)), session, &error)) {
        fprintf(stderr, "components: %s\n", error->message);
        g_error_free(error);
    }
}

int main(int argc, char **argv) {
    (void)argc;
    App app = {.test = {.name = "components", .width = 800, .height = 560, .run = run, .write_state = write_state},
               .dismissed = g_string_new("")};
    const int status = test_window_run(&app.test, activate, argv[0]);
    g_string_free(app.dismissed, TRUE);
    return status;
}
