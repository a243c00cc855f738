/* The window Tests/GTK/languages.py drives in each language (the environment's LANGUAGE, nothing
 * in this program's code): an undecorated window of WIDTH x HEIGHT points, a page (Share at the
 * start of its top bar, the popover's anchor), a DkSheet over it with its header's Cancel and
 * Done in the user's language (show-cancel-button, show-done-button), and a DkPopover over both.
 *
 * It reads commands on stdin, one a line, and answers each with one JSON line of its widgets'
 * state on stdout once GTK has drawn what the command changed:
 *   state                  nothing more
 *   sheet UNSAVED          presents the sheet (UNSAVED 0 or 1)
 *   ask                    asks to dismiss it (with unsaved work, the question is asked)
 *   rule AFTER_MS WARNING_MS   the window's idle rule (discard)
 *   popover                pops the popover up over Share
 *   cancel-label [LABEL]   the kiosk's label for Cancel (none: NULL)
 *   show-cancel            shows Cancel (dk_gtk_sheet_set_show_cancel_button())
 *   sheet-close, popover-close  closes one without asking
 * The state: GTK's text direction; what is drawn, each as its text (or null) and its rectangle
 * in the window's points (or null while not drawn): the sheet's Cancel and Done, the question's
 * prompt and its answers in their order (Discard Changes, Save, Keep Editing), the idle
 * question's title, countdown and Continue, the popover's frame, its arrow and its anchor; the
 * window's size and how many touches have lifted in it. Its numbers have a decimal point in every
 * locale. */
#include "support.h"
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    TestWindow test;
    GtkWidget *share;
    DkSheet *sheet;
    DkPopover *popover;
} App;

static void number(GString *out, const char *separator, double value) {
    char text[G_ASCII_DTOSTR_BUF_SIZE];
    g_string_append_printf(out, "%s%s", separator, g_ascii_formatd(text, sizeof text, "%.2f", value));
}

/* text as a JSON string, its UTF-8 as it is. */
static void string(GString *out, const char *text) {
    g_string_append_c(out, '"');
    for (const char *c = text; *c; c++) {
        if (*c == '"' || *c == '\\') g_string_append_c(out, '\\');
        g_string_append_c(out, *c);
    }
    g_string_append_c(out, '"');
}

/* ", KEY: " before a value; a list's items have no key. */
static void key(GString *out, const char *name) {
    if (name) g_string_append_printf(out, ", \"%s\": ", name);
    else g_string_append(out, ", ");
}

/* {"text": TEXT, "rect": [x, y, width, height]} after the key (NULL in a list), or null for a
 * widget not drawn. */
static void drawn(GString *out, const char *name, GtkWidget *widget, const char *text, GtkWidget *window) {
    graphene_rect_t bounds;
    key(out, name);
    if (!widget || !gtk_widget_get_mapped(widget) || !gtk_widget_compute_bounds(widget, window, &bounds)) {
        g_string_append(out, "null");
        return;
    }
    g_string_append(out, "{\"text\": ");
    if (text) string(out, text);
    else g_string_append(out, "null");
    number(out, ", \"rect\": [", bounds.origin.x);
    number(out, ", ", bounds.origin.y);
    number(out, ", ", bounds.size.width);
    number(out, ", ", bounds.size.height);
    g_string_append(out, "]}");
}

/* The mapped widgets under widget with the CSS class, in the tree's order, appended to found. */
static void find_class(GtkWidget *widget, const char *class, GPtrArray *found) {
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child; child = gtk_widget_get_next_sibling(child)) {
        if (!gtk_widget_get_mapped(child)) continue;
        if (gtk_widget_has_css_class(child, class)) g_ptr_array_add(found, child);
        find_class(child, class, found);
    }
}

static GtkWidget *first_of_class(GtkWidget *widget, const char *class) {
    g_autoptr(GPtrArray) found = g_ptr_array_new();
    find_class(widget, class, found);
    return found->len ? g_ptr_array_index(found, 0) : NULL;
}

static void drawn_label(GString *out, const char *name, GtkWidget *label, GtkWidget *window) {
    drawn(out, name, label, label ? gtk_label_get_text(GTK_LABEL(label)) : NULL, window);
}

static void drawn_button(GString *out, const char *name, GtkWidget *button, GtkWidget *window) {
    drawn(out, name, button, button ? gtk_button_get_label(GTK_BUTTON(button)) : NULL, window);
}

static void write_state(TestWindow *test, GString *out) {
    App *app = (App *)test;
    GtkWidget *window = app->test.window;
    g_string_append_printf(out, "{\"direction\": \"%s\"",
                           gtk_widget_get_default_direction() == GTK_TEXT_DIR_RTL ? "rtl" : "ltr");
    drawn_button(out, "cancel", first_of_class(window, "dk-sheet-cancel"), window);
    drawn_button(out, "done", first_of_class(window, "dk-sheet-done"), window);
    GtkWidget *question = first_of_class(window, "dk-question");
    if (question && gtk_widget_has_css_class(question, "dk-idle-question")) question = NULL;
    drawn_label(out, "prompt", question ? first_of_class(question, "dk-question-prompt") : NULL, window);
    g_string_append(out, ", \"answers\": [null");
    g_autoptr(GPtrArray) rows = g_ptr_array_new();
    if (question) find_class(question, "dk-question-row", rows);
    for (guint i = 0; i < rows->len; i++) drawn_button(out, NULL, g_ptr_array_index(rows, i), window);
    g_string_append(out, "]");
    GtkWidget *idle = first_of_class(window, "dk-idle-question");
    drawn_label(out, "idle_title", idle ? first_of_class(idle, "dk-idle-title") : NULL, window);
    drawn_label(out, "countdown", idle ? first_of_class(idle, "dk-idle-countdown") : NULL, window);
    drawn_button(out, "continue", idle ? first_of_class(idle, "suggested-action") : NULL, window);
    drawn(out, "popover", first_of_class(window, "dk-popover"), NULL, window);
    drawn(out, "arrow", first_of_class(window, "dk-popover-arrow"), NULL, window);
    drawn(out, "anchor", app->share, NULL, window);
    g_string_append_printf(out, ", \"size\": [%d, %d], \"lifts\": %d}", gtk_widget_get_width(window),
                           gtk_widget_get_height(window), app->test.lifts);
}

static gboolean run(TestWindow *test, char **words, GError **error) {
    App *app = (App *)test;
    if (!g_strcmp0(words[0], "sheet") && words[1]) {
        dk_gtk_sheet_set_unsaved_changes(app->sheet, atoi(words[1]));
        dk_gtk_sheet_present(app->sheet, error);
    } else if (!g_strcmp0(words[0], "ask")) {
        dk_gtk_sheet_dismiss(app->sheet, error);
    } else if (!g_strcmp0(words[0], "rule") && words[1] && words[2]) {
        dk_gtk_pipeline_set_idle_rule(dk_gtk_pipeline_for_window(GTK_WINDOW(app->test.window)),
                                      atoll(words[1]) * 1000, atoll(words[2]) * 1000, DK_GTK_IDLE_UNSAVED_DISCARD, error);
    } else if (!g_strcmp0(words[0], "cancel-label")) {
        dk_gtk_sheet_set_cancel_label(app->sheet, words[1]);
    } else if (!g_strcmp0(words[0], "show-cancel")) {
        dk_gtk_sheet_set_show_cancel_button(app->sheet, TRUE);
    } else if (!g_strcmp0(words[0], "popover")) {
        dk_gtk_popover_popup(app->popover, error);
    } else if (!g_strcmp0(words[0], "sheet-close")) {
        dk_gtk_sheet_close(app->sheet);
    } else if (!g_strcmp0(words[0], "popover-close")) {
        dk_gtk_popover_close(app->popover);
    } else {
        return FALSE;
    }
    return TRUE;
}

/* The page: a top bar with Share at its start (the left, or the right right to left). */
static GtkWidget *page(App *app) {
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8);
    GtkWidget *bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    gtk_widget_set_margin_start(bar, 8);
    gtk_widget_set_margin_top(bar, 8);
    app->share = gtk_button_new_with_label("Share");
    gtk_widget_set_size_request(app->share, 120, 56);
    gtk_box_append(GTK_BOX(bar), app->share);
    gtk_box_append(GTK_BOX(box), bar);
    return box;
}

/* What the sheet holds: a draft's text area. */
static GtkWidget *draft(void) {
    GtkWidget *text = gtk_text_view_new();
    gtk_widget_set_margin_start(text, 16);
    gtk_widget_set_margin_end(text, 16);
    gtk_widget_set_margin_bottom(text, 16);
    return text;
}

static void activate(GtkApplication *application, gpointer data) {
    App *app = data;
    test_window_new(&app->test, application);
    app->sheet = DK_SHEET(dk_gtk_sheet_new());
    dk_gtk_sheet_set_show_cancel_button(app->sheet, TRUE);
    dk_gtk_sheet_set_show_done_button(app->sheet, TRUE);
    dk_gtk_sheet_set_content(app->sheet, page(app));
    dk_gtk_sheet_set_child(app->sheet, draft());
    app->popover = DK_POPOVER(dk_gtk_popover_new());
    dk_gtk_popover_set_content(app->popover, GTK_WIDGET(app->sheet));
    GtkWidget *inside = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_widget_set_size_request(inside, 300, 160);
    dk_gtk_popover_set_child(app->popover, inside);
    dk_gtk_popover_set_anchor(app->popover, app->share);
    gtk_window_set_child(GTK_WINDOW(app->test.window), GTK_WIDGET(app->popover));
    test_window_watch(&app->test);
    test_window_present_when_it_fits(&app->test);
}

int main(int argc, char **argv) {
    if (argc != 3 || atoi(argv[1]) <= 0 || atoi(argv[2]) <= 0) {
        fprintf(stderr, "Usage: languages WIDTH HEIGHT\n");
        return 64;
    }
    App app = {.test = {.name = "languages", .width = atoi(argv[1]), .height = atoi(argv[2]), .run = run,
                        .write_state = write_state}};
    return test_window_run(&app.test, activate, argv[0]);
}
