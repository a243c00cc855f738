/* The window Tests/GTK/keyboard.py drives to test the on-screen keyboard as a GTK kiosk reports
 * it: a page (Share, the popover's anchor, in its top bar), a DkSheet over it holding a text
 * entry, a DkPopover over both, and the kiosk's keyboard, a band docked at the bottom of the
 * window over all, in an undecorated window of 1280 x 800 points. Like a kiosk, it sets its
 * window's DkPipeline:keyboard-height to the band's height when it shows the band, and on
 * DkPipeline::keyboard-hiding-requested hides the band and sets the height 0 (unless told not to:
 * a kiosk slow to hide it).
 *
 * It reads commands on stdin, one a line, and answers each with one JSON line of state on stdout
 * once GTK has laid out and drawn what the command changed:
 *   state            nothing more
 *   sheet DETENT     presents the sheet, unsaved, with the detents medium and large, at DETENT
 *   focus            gives the sheet's entry the focus
 *   keyboard HEIGHT  shows the keyboard band HEIGHT points tall (0: hides it)
 *   popover          pops the popover up over Share, unsaved
 *   kiosk-hides 0|1  whether it hides the keyboard when asked (at first 1)
 *   close            closes both without asking
 * The state: the sheet's id, detent, where GTK draws its frame (the widget's bounds in the
 * window's child, the pipeline's screen) and where the pipeline has it, and where its question is
 * drawn (null while it asks nothing); whether the entry has the
 * focus; the popover's id; every detent-set, keyboard-hiding-requested and drag-began in order
 * (the keyboard and drag ones with whether the entry had the focus then); how many times the
 * popover saved; every presentation dismissed; keyboard-height; the window's size; how many
 * touches and buttons have lifted and where the mouse last moved (for the driver: see
 * support.h).
 * Usage: keyboard */
#include "support.h"
#include <stdio.h>

enum { WIDTH = 1280, HEIGHT = 800 };

typedef struct {
    TestWindow test;
    GtkWidget *share, *entry, *keyboard;
    DkSheet *sheet;
    DkPopover *popover;
    DkPipeline *pipeline;
    int saved;
    gboolean kiosk_hides;
    GString *events;    /* "detent-set sheet large keyboard", ..., as a JSON list's items */
    GString *dismissed; /* "popover tap-outside", ... */
} App;

static gboolean entry_focused(App *app) {
    GtkWidget *focus = gtk_window_get_focus(GTK_WINDOW(app->test.window));
    return focus && (focus == app->entry || gtk_widget_is_ancestor(focus, app->entry));
}

static void listed(GString *list, const char *item) {
    g_string_append_printf(list, "%s\"%s\"", list->len ? ", " : "", item);
}

static void on_detent_set(DkPipeline *pipeline, const char *id, const char *detent, DkDetentCause cause, gpointer data) {
    (void)pipeline;
    g_autofree char *item = g_strdup_printf("detent-set %s %s %s", id, detent, nick(DK_TYPE_DETENT_CAUSE, cause));
    listed(((App *)data)->events, item);
}

/* The kiosk's part: its keyboard hides, and it says so. (The sheet takes the entry's focus.) */
static void on_keyboard_hiding_requested(DkPipeline *pipeline, const char *id, DkKeyboardHidingReason reason,
                                         gpointer data) {
    App *app = data;
    g_autofree char *item = g_strdup_printf("keyboard-hiding-requested %s %s", id,
                                            nick(DK_TYPE_KEYBOARD_HIDING_REASON, reason));
    listed(app->events, item);
    if (!app->kiosk_hides) return;
    gtk_widget_set_visible(app->keyboard, FALSE);
    dk_gtk_pipeline_set_keyboard_height(pipeline, 0);
}

static void on_drag_began(DkPipeline *pipeline, const char *id, DkDragOrigin origin, gpointer data) {
    (void)pipeline;
    App *app = data;
    g_autofree char *item = g_strdup_printf("drag-began %s %s, focused %s", id, nick(DK_TYPE_DRAG_ORIGIN, origin),
                                            entry_focused(app) ? "yes" : "no");
    listed(app->events, item);
}

static void on_dismissed(DkPipeline *pipeline, const char *id, DkDismissalSource source, DkResolution resolution,
                         gpointer data) {
    (void)pipeline;
    g_autofree char *item = g_strdup_printf("%s %s %s", id, nick(DK_TYPE_DISMISSAL_SOURCE, source),
                                            nick(DK_TYPE_RESOLUTION, resolution));
    listed(((App *)data)->dismissed, item);
}

static void on_popover_save(DkPopover *popover, gpointer data) {
    (void)popover;
    ((App *)data)->saved++;
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

static void string_or_null(GString *out, const char *key, const char *value) {
    g_string_append_printf(out, "\"%s\": %s%s%s", key, value ? "\"" : "", value ? value : "null", value ? "\"" : "");
}

static void write_state(TestWindow *test, GString *out) {
    App *app = (App *)test;
    g_string_append(out, "{\"sheet\": {");
    const char *id = dk_gtk_sheet_get_presentation_id(app->sheet);
    string_or_null(out, "id", id);
    g_string_append(out, ", ");
    string_or_null(out, "detent", dk_gtk_sheet_get_detent(app->sheet));
    g_string_append(out, ", ");
    GtkWidget *screen = gtk_window_get_child(GTK_WINDOW(app->test.window));
    GtkWidget *frame = find_drawn(GTK_WIDGET(app->sheet), "dk-sheet");
    graphene_rect_t bounds;
    rect(out, "drawn", frame && gtk_widget_compute_bounds(frame, screen, &bounds) ? &bounds : NULL);
    g_string_append(out, ", ");
    g_autoptr(DkLayout) layout = id ? dk_gtk_pipeline_get_layout(app->pipeline, id) : NULL;
    rect(out, "layout", layout ? &layout->frame : NULL);
    g_string_append(out, ", ");
    GtkWidget *question = find_drawn(GTK_WIDGET(app->sheet), "dk-question");
    rect(out, "question", question && gtk_widget_compute_bounds(question, screen, &bounds) ? &bounds : NULL);
    g_string_append_printf(out, "}, \"focused\": %s, \"popover\": {", entry_focused(app) ? "true" : "false");
    string_or_null(out, "id", dk_gtk_popover_get_presentation_id(app->popover));
    g_string_append_printf(out, "}, \"events\": [%s], \"saved\": %d, \"dismissed\": [%s]", app->events->str,
                           app->saved, app->dismissed->str);
    number(out, ", \"keyboard\": ", dk_gtk_pipeline_get_keyboard_height(app->pipeline));
    g_string_append_printf(out, ", \"size\": [%d, %d], \"lifts\": %d", gtk_widget_get_width(app->test.window),
                           gtk_widget_get_height(app->test.window), app->test.lifts);
    number(out, ", \"hover\": [", app->test.hover_x);
    number(out, ", ", app->test.hover_y);
    g_string_append(out, "]}");
}

static gboolean run(TestWindow *test, char **words, GError **error) {
    App *app = (App *)test;
    if (!g_strcmp0(words[0], "sheet") && words[1]) {
        const char *detents[] = {"medium", "large", NULL};
        dk_gtk_sheet_set_detents(app->sheet, detents);
        dk_gtk_sheet_set_selected_detent(app->sheet, words[1]);
        dk_gtk_sheet_set_unsaved_changes(app->sheet, TRUE);
        dk_gtk_sheet_present(app->sheet, error);
    } else if (!g_strcmp0(words[0], "focus")) {
        gtk_widget_grab_focus(app->entry);
    } else if (!g_strcmp0(words[0], "keyboard") && words[1]) {
        /* A kiosk sets the height it allocates its keyboard; this one is exactly as tall as asked. */
        const double height = g_ascii_strtod(words[1], NULL);
        gtk_widget_set_size_request(app->keyboard, -1, (int)height);
        gtk_widget_set_visible(app->keyboard, height > 0);
        dk_gtk_pipeline_set_keyboard_height(app->pipeline, height);
    } else if (!g_strcmp0(words[0], "popover")) {
        dk_gtk_popover_set_unsaved_changes(app->popover, TRUE);
        dk_gtk_popover_popup(app->popover, error);
    } else if (!g_strcmp0(words[0], "kiosk-hides") && words[1]) {
        app->kiosk_hides = !g_strcmp0(words[1], "1");
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

/* The kiosk's keyboard: a dark band with a label, docked at the bottom, hidden at first. */
static GtkWidget *keyboard_band(void) {
    GtkWidget *band = gtk_label_new("On-screen keyboard");
    gtk_widget_add_css_class(band, "osd");
    gtk_widget_set_valign(band, GTK_ALIGN_END);
    gtk_widget_set_visible(band, FALSE);
    return band;
}

static void activate(GtkApplication *application, gpointer data) {
    App *app = data;
    test_window_new(&app->test, application);
    app->sheet = DK_SHEET(dk_gtk_sheet_new());
    dk_gtk_sheet_set_title(app->sheet, "Draft");
    dk_gtk_sheet_set_content(app->sheet, page(app));
    app->entry = gtk_entry_new();
    gtk_widget_set_valign(app->entry, GTK_ALIGN_START);
    dk_gtk_sheet_set_child(app->sheet, app->entry);
    app->popover = DK_POPOVER(dk_gtk_popover_new());
    dk_gtk_popover_set_content(app->popover, GTK_WIDGET(app->sheet));
    GtkWidget *share_text = gtk_label_new("Share to…");
    gtk_widget_set_size_request(share_text, 300, 200);
    dk_gtk_popover_set_child(app->popover, share_text);
    dk_gtk_popover_set_anchor(app->popover, app->share);
    g_signal_connect(app->popover, "save-requested", G_CALLBACK(on_popover_save), app);
    /* The window's child is the pipeline's screen: the overlay, the whole window. */
    GtkWidget *overlay = gtk_overlay_new();
    gtk_overlay_set_child(GTK_OVERLAY(overlay), GTK_WIDGET(app->popover));
    app->keyboard = keyboard_band();
    gtk_overlay_add_overlay(GTK_OVERLAY(overlay), app->keyboard);
    gtk_window_set_child(GTK_WINDOW(app->test.window), overlay);
    app->pipeline = dk_gtk_pipeline_for_window(GTK_WINDOW(app->test.window));
    g_signal_connect(app->pipeline, "detent-set", G_CALLBACK(on_detent_set), app);
    g_signal_connect(app->pipeline, "keyboard-hiding-requested", G_CALLBACK(on_keyboard_hiding_requested), app);
    g_signal_connect(app->pipeline, "drag-began", G_CALLBACK(on_drag_began), app);
    g_signal_connect(app->pipeline, "dismissed", G_CALLBACK(on_dismissed), app);
    test_window_watch(&app->test);
    test_window_present_when_it_fits(&app->test);
}

int main(int argc, char **argv) {
    if (argc != 1) {
        fprintf(stderr, "Usage: keyboard\n");
        return 64;
    }
    App app = {.test = {.name = "keyboard", .width = WIDTH, .height = HEIGHT, .run = run, .write_state = write_state},
               .kiosk_hides = TRUE, .events = g_string_new(""), .dismissed = g_string_new("")};
    const int status = test_window_run(&app.test, activate, argv[0]);
    g_string_free(app.events, TRUE);
    g_string_free(app.dismissed, TRUE);
    return status;
}
