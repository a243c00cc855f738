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
 * and where the mouse last moved (for the driver: see support.h).
 * Usage: layout WIDTH HEIGHT */
#include "support.h"
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    TestWindow test;
    GtkWidget *share;
    DkSheet *sheet;
    DkPopover *popover;
    GString *drags;     /* "sheet top-region", ..., as a JSON list's items */
    GString *dismissed; /* "popover tap-outside", ... */
} App;

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
    GtkWidget *screen = gtk_window_get_child(GTK_WINDOW(app->test.window));
    g_string_append_printf(out, "{\"id\": %s%s%s, \"drawn\": {", id ? "\"" : "", id ? id : "null", id ? "\"" : "");
    drawn(out, "frame", root, frame_class, screen);
    g_string_append(out, ", ");
    GtkWidget *frame = find_drawn(root, frame_class);
    drawn(out, "grabber", frame ? frame : root, "dk-grabber", screen);
    g_string_append(out, "}, ");
    g_autoptr(DkLayout) layout = id ? dk_gtk_pipeline_get_layout(dk_gtk_pipeline_for_window(GTK_WINDOW(app->test.window)), id) : NULL;
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

static void write_state(TestWindow *test, GString *out) {
    App *app = (App *)test;
    g_string_append(out, "{\"sheet\": ");
    presentation(out, app, dk_gtk_sheet_get_presentation_id(app->sheet), GTK_WIDGET(app->sheet), "dk-sheet");
    const char *detent = dk_gtk_sheet_get_detent(app->sheet);
    g_string_append_printf(out, ", \"detent\": %s%s%s}, \"popover\": ", detent ? "\"" : "", detent ? detent : "null",
                           detent ? "\"" : "");
    presentation(out, app, dk_gtk_popover_get_presentation_id(app->popover), GTK_WIDGET(app->popover), "dk-popover");
    g_string_append_printf(out, "}, \"drags\": [%s], \"dismissed\": [%s], \"size\": [%d, %d], \"lifts\": %d",
                           app->drags->str, app->dismissed->str, gtk_widget_get_width(app->test.window),
                           gtk_widget_get_height(app->test.window), app->test.lifts);
    number(out, ", \"hover\": [", app->test.hover_x);
    number(out, ", ", app->test.hover_y);
    g_string_append(out, "]}");
}

static gboolean run(TestWindow *test, char **words, GError **error) {
    App *app = (App *)test;
    if (!g_strcmp0(words[0], "sheet") && words[1] && words[2]) {
        dk_gtk_sheet_set_detents(app->sheet, (const char *const *)&words[2]);
        dk_gtk_sheet_set_selected_detent(app->sheet, words[1]);
        dk_gtk_sheet_present(app->sheet, error);
    } else if (!g_strcmp0(words[0], "popover")) {
        dk_gtk_popover_popup(app->popover, error);
    } else if (!g_strcmp0(words[0], "close")) {
        dk_gtk_popover_close(app->popover);
        dk_gtk_sheet_close(app->sheet);
    } else {
        return FALSE;
    }
    return TRUE;
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

static void activate(GtkApplication *application, gpointer data) {
    App *app = data;
    test_window_new(&app->test, application);
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
    gtk_window_set_child(GTK_WINDOW(app->test.window), GTK_WIDGET(app->popover));
    DkPipeline *pipeline = dk_gtk_pipeline_for_window(GTK_WINDOW(app->test.window));
    g_signal_connect(pipeline, "drag-began", G_CALLBACK(on_drag_began), app);
    g_signal_connect(pipeline, "dismissed", G_CALLBACK(on_dismissed), app);
    test_window_watch(&app->test);
    test_window_present_when_it_fits(&app->test);
}

int main(int argc, char **argv) {
    if (argc != 3 || atoi(argv[1]) <= 0 || atoi(argv[2]) <= 0) {
        fprintf(stderr, "Usage: layout WIDTH HEIGHT\n");
        return 64;
    }
    App app = {.test = {.name = "layout", .width = atoi(argv[1]), .height = atoi(argv[2]), .run = run,
                        .write_state = write_state},
               .drags = g_string_new(""), .dismissed = g_string_new("")};
    const int status = test_window_run(&app.test, activate, argv[0]);
    g_string_free(app.drags, TRUE);
    g_string_free(app.dismissed, TRUE);
    return status;
}
