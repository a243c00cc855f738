/* A probe that Tests/GTK/examples.py preloads (LD_PRELOAD) into the examples, Examples/gtk/gtk_kiosk.c
 * and Examples/gtk/kiosk.py, which have no test commands of their own: on the first window they
 * make it reads "state" on stdin and answers with one JSON line of what the window shows (see
 * support.h), in the window's points. It only looks: every change comes from the driver's touches.
 *
 * The state: the window's size, its lifts and the mouse; every labelled button drawn, by label;
 * the DkSheet's and the DkPopover's presentation (its id, its role, the frame the pipeline's
 * layout has and the frame drawn) and the dismissals seen ("source resolution"); the question
 * drawn: its prompt (text, font size in points, colour), its groups and their rows (label, colour). */
#include "support.h"

#include <string.h>

typedef struct {
    TestWindow test;
    GString *dismissed; /* "source resolution" of each dismissal, as JSON strings */
} Probe;

static Probe probe;

static void number(GString *out, double value) {
    char text[G_ASCII_DTOSTR_BUF_SIZE];
    g_string_append(out, g_ascii_formatd(text, sizeof text, "%.2f", value));
}

static void rect(GString *out, const graphene_rect_t *bounds) {
    if (!bounds) {
        g_string_append(out, "null");
        return;
    }
    const float values[] = {bounds->origin.x, bounds->origin.y, bounds->size.width, bounds->size.height};
    for (guint i = 0; i < G_N_ELEMENTS(values); i++) {
        g_string_append(out, i ? ", " : "[");
        number(out, values[i]);
    }
    g_string_append_c(out, ']');
}

/* A widget's bounds in the window, if it is drawn. */
static gboolean drawn(GtkWidget *widget, graphene_rect_t *bounds) {
    return widget && gtk_widget_is_drawable(widget) && gtk_widget_compute_bounds(widget, probe.test.window, bounds);
}

static void widget_rect(GString *out, GtkWidget *widget) {
    graphene_rect_t bounds;
    rect(out, drawn(widget, &bounds) ? &bounds : NULL);
}

static void quoted(GString *out, const char *text) {
    g_string_append_c(out, '"');
    for (const char *c = text; *c; c++) {
        if (*c == '"' || *c == '\\') g_string_append_c(out, '\\');
        if ((unsigned char)*c >= 0x20) g_string_append_c(out, *c);
    }
    g_string_append_c(out, '"');
}

/* The first widget under root (itself included) that test accepts, depth first. */
static GtkWidget *find(GtkWidget *root, gboolean (*test)(GtkWidget *widget, gconstpointer data), gconstpointer data) {
    if (test(root, data)) return root;
    for (GtkWidget *child = gtk_widget_get_first_child(root); child; child = gtk_widget_get_next_sibling(child)) {
        GtkWidget *found = find(child, test, data);
        if (found) return found;
    }
    return NULL;
}

static gboolean is_of_type(GtkWidget *widget, gconstpointer type) {
    return G_TYPE_CHECK_INSTANCE_TYPE(widget, GPOINTER_TO_SIZE(type));
}

static gboolean is_drawn_with_class(GtkWidget *widget, gconstpointer css_class) {
    return gtk_widget_is_drawable(widget) && gtk_widget_has_css_class(widget, css_class);
}

static void on_dismissed(GObject *component, DkDismissalSource source, DkResolution resolution, gpointer data) {
    (void)component;
    (void)data;
    g_string_append_printf(probe.dismissed, "%s\"%s %s\"", probe.dismissed->len ? ", " : "",
                           nick(DK_TYPE_DISMISSAL_SOURCE, source), nick(DK_TYPE_RESOLUTION, resolution));
}

/* A component's presentation: its id, its role, the frame its layout has (in the window's points:
 * the layout's are the screen's, the window's child) and the one drawn (its frame widget). */
static void presentation(GString *out, const char *key, GtkWidget *component, const char *id, const char *frame_class) {
    g_string_append_printf(out, ", \"%s\": ", key);
    if (!component) {
        g_string_append(out, "null");
        return;
    }
    if (!g_object_get_data(G_OBJECT(component), "probe-watched")) {
        g_object_set_data(G_OBJECT(component), "probe-watched", component);
        g_signal_connect(component, "dismissed", G_CALLBACK(on_dismissed), NULL);
    }
    g_autoptr(DkLayout) layout = id ? dk_gtk_pipeline_get_layout(dk_gtk_pipeline_for_window(GTK_WINDOW(probe.test.window)), id) : NULL;
    graphene_rect_t frame;
    graphene_point_t screen_origin = GRAPHENE_POINT_INIT(0, 0);
    if (layout) {
        GtkWidget *screen = gtk_window_get_child(GTK_WINDOW(probe.test.window));
        if (!gtk_widget_compute_point(screen, probe.test.window, &GRAPHENE_POINT_INIT(0, 0), &screen_origin))
            screen_origin = GRAPHENE_POINT_INIT(0, 0);
        graphene_rect_offset_r(&layout->frame, screen_origin.x, screen_origin.y, &frame);
    }
    g_string_append_printf(out, "{\"presented\": %s, \"role\": ", id ? "true" : "false");
    quoted(out, layout ? nick(DK_TYPE_PRESENTATION_ROLE, layout->role) : "");
    g_string_append(out, ", \"layout\": ");
    rect(out, layout ? &frame : NULL);
    g_string_append(out, ", \"drawn\": ");
    widget_rect(out, find(component, is_drawn_with_class, frame_class));
    g_string_append_c(out, '}');
}

/* Every labelled button drawn, by label. */
static void buttons(GString *out, GtkWidget *widget) {
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child; child = gtk_widget_get_next_sibling(child)) {
        const char *label = GTK_IS_BUTTON(child) ? gtk_button_get_label(GTK_BUTTON(child)) : NULL;
        if (label && gtk_widget_is_drawable(child)) {
            g_string_append(out, ", ");
            quoted(out, label);
            g_string_append(out, ": ");
            widget_rect(out, child);
        }
        buttons(out, child);
    }
}

/* A widget's text colour, as [red, green, blue] from 0 to 1. */
static void colour(GString *out, GtkWidget *widget) {
    GdkRGBA rgba;
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gtk_style_context_get_color(gtk_widget_get_style_context(widget), &rgba);
    G_GNUC_END_IGNORE_DEPRECATIONS
    const double channels[] = {rgba.red, rgba.green, rgba.blue};
    for (guint i = 0; i < G_N_ELEMENTS(channels); i++) {
        g_string_append(out, i ? ", " : "[");
        number(out, channels[i]);
    }
    g_string_append_c(out, ']');
}

/* The question drawn: its prompt, and each group with its rows. */
static void question(GString *out) {
    GtkWidget *drawn_question = find(probe.test.window, is_drawn_with_class, "dk-question");
    g_string_append(out, ", \"question\": ");
    if (!drawn_question) {
        g_string_append(out, "null");
        return;
    }
    GtkWidget *prompt = find(drawn_question, is_of_type, GSIZE_TO_POINTER(GTK_TYPE_LABEL));
    g_string_append(out, "{\"rect\": ");
    widget_rect(out, drawn_question);
    g_string_append(out, ", \"prompt\": {\"text\": ");
    quoted(out, prompt ? gtk_label_get_text(GTK_LABEL(prompt)) : "");
    const PangoFontDescription *font = prompt ? pango_context_get_font_description(gtk_widget_get_pango_context(prompt)) : NULL;
    g_string_append(out, ", \"size\": ");
    number(out, font ? pango_font_description_get_size(font) / (double)PANGO_SCALE : 0);
    g_string_append(out, ", \"colour\": ");
    if (prompt) colour(out, prompt);
    else g_string_append(out, "null");
    g_string_append(out, "}, \"groups\": [");
    gboolean first_group = TRUE;
    for (GtkWidget *group = gtk_widget_get_first_child(drawn_question); group; group = gtk_widget_get_next_sibling(group)) {
        if (!gtk_widget_is_drawable(group)) continue;
        g_string_append(out, first_group ? "{\"rect\": " : ", {\"rect\": ");
        first_group = FALSE;
        widget_rect(out, group);
        g_string_append(out, ", \"rows\": [");
        gboolean first_row = TRUE;
        for (GtkWidget *row = gtk_widget_get_first_child(group); row; row = gtk_widget_get_next_sibling(row)) {
            if (!GTK_IS_BUTTON(row) || !gtk_widget_is_drawable(row)) continue;
            g_string_append(out, first_row ? "{\"label\": " : ", {\"label\": ");
            first_row = FALSE;
            quoted(out, gtk_button_get_label(GTK_BUTTON(row)));
            g_string_append(out, ", \"rect\": ");
            widget_rect(out, row);
            g_string_append(out, ", \"colour\": ");
            colour(out, gtk_button_get_child(GTK_BUTTON(row)));
            g_string_append_c(out, '}');
        }
        g_string_append(out, "]}");
    }
    g_string_append(out, "]}");
}

static void write_state(TestWindow *test, GString *out) {
    GtkWidget *window = test->window;
    g_string_append_printf(out, "{\"size\": [%d, %d], \"lifts\": %d, \"hover\": [", gtk_widget_get_width(window),
                           gtk_widget_get_height(window), test->lifts);
    number(out, test->hover_x);
    g_string_append(out, ", ");
    number(out, test->hover_y);
    g_string_append(out, "], \"buttons\": {\"_\": null");
    buttons(out, window);
    g_string_append_c(out, '}');
    GtkWidget *sheet = find(window, is_of_type, GSIZE_TO_POINTER(DK_TYPE_SHEET));
    GtkWidget *popover = find(window, is_of_type, GSIZE_TO_POINTER(DK_TYPE_POPOVER));
    presentation(out, "sheet", sheet, sheet ? dk_gtk_sheet_get_presentation_id(DK_SHEET(sheet)) : NULL, "dk-sheet");
    presentation(out, "popover", popover, popover ? dk_gtk_popover_get_presentation_id(DK_POPOVER(popover)) : NULL,
                 "dk-popover");
    question(out);
    g_string_append_printf(out, ", \"dismissed\": [%s]}", probe.dismissed->str);
}

static gboolean runs_nothing(TestWindow *test, char **words, GError **error) {
    (void)test;
    (void)words;
    (void)error;
    return FALSE;
}

/* The example's first window: watched once its own set-up has run. */
static gboolean watch(gpointer data) {
    (void)data;
    test_window_watch(&probe.test);
    return G_SOURCE_REMOVE;
}

static void on_toplevels_changed(GListModel *toplevels, guint position, guint removed, guint added, gpointer data) {
    (void)removed;
    (void)data;
    if (probe.test.window || !added) return;
    probe.test.window = g_list_model_get_item(toplevels, position);
    g_object_unref(probe.test.window); /* the window keeps itself */
    g_idle_add(watch, NULL);
}

__attribute__((constructor)) static void probe_start(void) {
    probe = (Probe){.test = {.name = "probe", .run = runs_nothing, .write_state = write_state},
                    .dismissed = g_string_new(NULL)};
    g_signal_connect(gtk_window_get_toplevels(), "items-changed", G_CALLBACK(on_toplevels_changed), NULL);
}
