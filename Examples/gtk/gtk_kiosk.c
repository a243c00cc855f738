/* A GTK 4 mail kiosk on libdismisskit-gtk: Compose presents a sheet with a draft, which a swipe
 * down dismisses (asking first once the draft is edited: Discard Changes, Save, Keep Editing);
 * Cancel in the sheet's header closes it the same way, Done closes it as finished (saving it);
 * Share pops up a popover that a tap outside closes, and Compose stays usable through it.
 * The window fills the screen: full screen where the windowing system does it, maximized where
 * it does not (GTK's Broadway backend), 1280 x 800 points where it does neither.
 * Touches, the mouse and pens all work; the window's pipeline does the rest.
 * The kiosk draws its own on-screen keyboard, docked at the bottom of the window: it shows when
 * the draft takes the focus, and the window's pipeline is told its allocated height
 * (DkPipeline:keyboard-height), so the sheet grows and is drawn above it and a tap on a key is
 * never a tap outside the popover. On keyboard-hiding-requested (a swipe, a question, Escape)
 * the sheet takes the focus from the draft and the kiosk hides its keyboard.
 * After two minutes without a touch the kiosk goes back to its start screen (the idle rule): the
 * last 20 seconds ask "Are you still there?", and an edited draft is kept and asked about.
 *   cc gtk_kiosk.c $(pkg-config --cflags --libs dismisskit-gtk) -o gtk_kiosk
 * Tests/GTK/run builds it with -Werror and runs it on GTK's Broadway backend. */
#include <dismisskit-gtk/dismisskit-gtk.h>
#include <stdio.h>

typedef struct {
    DkSheet *compose;
    DkPopover *share;
    GtkTextBuffer *draft;
    GtkWidget *keyboard; /* the on-screen keyboard, an overlay child of the window's child */
    DkPipeline *pipeline; /* the window's */
} Kiosk;

static void report(GError *error) {
    if (!error) return;
    fprintf(stderr, "gtk_kiosk: %s\n", error->message);
    g_error_free(error);
}

static void on_compose(GtkButton *button, gpointer data) {
    (void)button;
    Kiosk *kiosk = data;
    GError *error = NULL;
    if (!dk_gtk_sheet_present(kiosk->compose, &error)) report(error);
}

static void on_share(GtkButton *button, gpointer data) {
    (void)button;
    Kiosk *kiosk = data;
    GError *error = NULL;
    if (!dk_gtk_popover_popup(kiosk->share, &error)) report(error);
}

/* The draft is unsaved work from its first edit until it is saved or thrown away. */
static void on_draft_modified(GtkTextBuffer *draft, gpointer data) {
    dk_gtk_sheet_set_unsaved_changes(((Kiosk *)data)->compose, gtk_text_buffer_get_modified(draft));
}

static void on_save(DkSheet *sheet, gpointer data) {
    (void)sheet;
    Kiosk *kiosk = data;
    GtkTextIter start, end;
    gtk_text_buffer_get_bounds(kiosk->draft, &start, &end);
    char *text = gtk_text_buffer_get_text(kiosk->draft, &start, &end, FALSE);
    printf("saved a draft of %ld characters\n", g_utf8_strlen(text, -1));
    fflush(stdout);
    g_free(text);
    gtk_text_buffer_set_modified(kiosk->draft, FALSE);
}

static void on_dismissed(DkSheet *sheet, DkDismissalSource source, DkResolution resolution, gpointer data) {
    Kiosk *kiosk = data;
    if (source == DK_GTK_DISMISSAL_SOURCE_DONE_BUTTON) on_save(sheet, kiosk); /* Done: finished, saved */
    if (resolution == DK_GTK_RESOLUTION_DISCARDED) gtk_text_buffer_set_text(kiosk->draft, "", -1);
    gtk_text_buffer_set_modified(kiosk->draft, FALSE);
}

/* The on-screen keyboard. It hides with the height 0 told at once; it shows by being laid out
 * (on_place_keyboard() tells its height). */
static void hide_keyboard(Kiosk *kiosk) {
    gtk_widget_set_visible(kiosk->keyboard, FALSE);
    dk_gtk_pipeline_set_keyboard_height(kiosk->pipeline, 0);
}

static void on_draft_focused(GtkEventControllerFocus *focus, gpointer data) {
    (void)focus;
    gtk_widget_set_visible(((Kiosk *)data)->keyboard, TRUE);
}

/* The keyboard goes first: the sheet has taken the focus from the draft; the kiosk hides the keyboard. */
static void on_keyboard_hiding_requested(DkPipeline *pipeline, const char *presentation, DkKeyboardHidingReason reason,
                                         gpointer data) {
    (void)pipeline;
    (void)presentation;
    (void)reason;
    hide_keyboard(data);
}

/* Docks the keyboard at the bottom of the window at its natural height, and tells the pipeline
 * that height: the window's child is the pipeline's screen. */
static gboolean on_place_keyboard(GtkOverlay *overlay, GtkWidget *widget, GdkRectangle *allocation, gpointer data) {
    Kiosk *kiosk = data;
    if (widget != kiosk->keyboard) return FALSE;
    const int width = gtk_widget_get_width(GTK_WIDGET(overlay)), height = gtk_widget_get_height(GTK_WIDGET(overlay));
    int natural = 0;
    gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, width, NULL, &natural, NULL, NULL);
    natural = MIN(natural, height);
    *allocation = (GdkRectangle){.x = 0, .y = height - natural, .width = width, .height = natural};
    dk_gtk_pipeline_set_keyboard_height(kiosk->pipeline, natural);
    return TRUE;
}

/* Nobody touched the kiosk for two minutes: everything presented has closed; the start screen
 * is the page with Compose, and the keyboard hides. */
static void on_idle_reset(DkPipeline *pipeline, gpointer data) {
    (void)pipeline;
    hide_keyboard(data);
    printf("back to the start screen\n");
    fflush(stdout);
}

static void on_key(GtkButton *key, gpointer data) {
    gtk_text_buffer_insert_at_cursor(((Kiosk *)data)->draft, gtk_button_get_label(key), -1);
}

static void on_hide_key(GtkButton *key, gpointer data) {
    (void)key;
    Kiosk *kiosk = data;
    gtk_window_set_focus(GTK_WINDOW(gtk_widget_get_root(kiosk->keyboard)), NULL);
    hide_keyboard(kiosk);
}

/* Rows of keys that type into the draft without taking its focus, and a key that hides it. */
static GtkWidget *keyboard_new(Kiosk *kiosk) {
    GtkWidget *keys = gtk_grid_new();
    gtk_widget_add_css_class(keys, "osd");
    gtk_grid_set_row_homogeneous(GTK_GRID(keys), TRUE);
    gtk_grid_set_column_homogeneous(GTK_GRID(keys), TRUE);
    const char *const rows[] = {"qwertyuiop", "asdfghjkl", "zxcvbnm"};
    for (int row = 0; row < 3; row++) {
        for (int column = 0; rows[row][column]; column++) {
            const char label[] = {rows[row][column], '\0'};
            GtkWidget *key = gtk_button_new_with_label(label);
            gtk_widget_set_focus_on_click(key, FALSE);
            gtk_widget_set_size_request(key, -1, 64);
            g_signal_connect(key, "clicked", G_CALLBACK(on_key), kiosk);
            gtk_grid_attach(GTK_GRID(keys), key, column, row, 1, 1);
        }
    }
    GtkWidget *space = gtk_button_new_with_label(" "), *hide = gtk_button_new_with_label("Hide");
    gtk_widget_set_focus_on_click(space, FALSE);
    g_signal_connect(space, "clicked", G_CALLBACK(on_key), kiosk);
    g_signal_connect(hide, "clicked", G_CALLBACK(on_hide_key), kiosk);
    gtk_grid_attach(GTK_GRID(keys), space, 2, 3, 6, 1);
    gtk_grid_attach(GTK_GRID(keys), hide, 8, 3, 2, 1);
    gtk_widget_set_visible(keys, FALSE);
    return keys;
}

static GtkWidget *button(const char *label, GCallback clicked, Kiosk *kiosk) {
    GtkWidget *widget = gtk_button_new_with_label(label);
    gtk_widget_set_size_request(widget, 120, 56); /* touch-sized */
    g_signal_connect(widget, "clicked", clicked, kiosk);
    return widget;
}

/* The placeholder shows while the draft is empty. */
static void on_draft_changed(GtkTextBuffer *draft, gpointer placeholder) {
    gtk_widget_set_visible(placeholder, gtk_text_buffer_get_char_count(draft) == 0);
}

/* The draft: a bordered, padded text view with a placeholder, in a scrolled window (the sheet's
 * host-owned scrolling). */
static GtkWidget *draft_new(Kiosk *kiosk, GtkWidget **text) {
    *text = gtk_text_view_new();
    gtk_text_view_set_wrap_mode(GTK_TEXT_VIEW(*text), GTK_WRAP_WORD_CHAR);
    gtk_text_view_set_left_margin(GTK_TEXT_VIEW(*text), 12);
    gtk_text_view_set_right_margin(GTK_TEXT_VIEW(*text), 12);
    gtk_text_view_set_top_margin(GTK_TEXT_VIEW(*text), 12);
    gtk_text_view_set_bottom_margin(GTK_TEXT_VIEW(*text), 12);
    gtk_widget_add_css_class(*text, "kiosk-draft");
    kiosk->draft = gtk_text_view_get_buffer(GTK_TEXT_VIEW(*text));
    GtkWidget *scrolled = gtk_scrolled_window_new(), *area = gtk_overlay_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), *text);
    gtk_overlay_set_child(GTK_OVERLAY(area), scrolled);
    GtkWidget *placeholder = gtk_label_new("Write your message");
    gtk_widget_add_css_class(placeholder, "kiosk-placeholder");
    gtk_widget_set_halign(placeholder, GTK_ALIGN_START);
    gtk_widget_set_valign(placeholder, GTK_ALIGN_START);
    gtk_widget_set_can_target(placeholder, FALSE);
    gtk_overlay_add_overlay(GTK_OVERLAY(area), placeholder);
    g_signal_connect(kiosk->draft, "changed", G_CALLBACK(on_draft_changed), placeholder);
    gtk_widget_add_css_class(area, "kiosk-draft-area");
    return area;
}

/* The page's look: the toolbar, the draft's border and padding, the placeholder's grey, Share's rows. */
static const char style_sheet[] =
    ".kiosk-toolbar { padding: 12px; border-bottom: 1px solid alpha(black, 0.12); }\n"
    ".kiosk-toolbar button { font-size: 17px; }\n"
    ".kiosk-draft-area { margin: 4px 16px 16px; border: 1px solid alpha(black, 0.25); border-radius: 10px; }\n"
    ".kiosk-draft-area scrolledwindow { border-radius: 10px; }\n"
    ".kiosk-draft { font-size: 17px; }\n"
    ".kiosk-placeholder { margin: 12px; font-size: 17px; color: alpha(@theme_fg_color, 0.55); }\n"
    ".kiosk-page-text { font-size: 17px; color: alpha(@theme_fg_color, 0.6); }\n"
    ".kiosk-targets button { background: none; border: none; box-shadow: none; border-radius: 0; font-size: 17px; }\n"
    ".kiosk-targets button:not(:last-child) { border-bottom: 1px solid alpha(black, 0.12); }\n"
    ".kiosk-targets button:active { background: alpha(black, 0.1); }\n";

/* A kiosk fills its screen: full screen where the windowing system does it, maximized where it
 * ignores full screen (GTK's Broadway backend), and 1280 x 800 points where it does neither. */
static GtkWidget *kiosk_window_new(GtkApplication *application) {
    GtkWidget *window = gtk_application_window_new(application);
    gtk_window_set_decorated(GTK_WINDOW(window), FALSE);
    gtk_window_set_default_size(GTK_WINDOW(window), 1280, 800);
    gtk_window_maximize(GTK_WINDOW(window));
    gtk_window_fullscreen(GTK_WINDOW(window));
    GtkCssProvider *style = gtk_css_provider_new();
    gtk_css_provider_load_from_data(style, style_sheet, -1);
    gtk_style_context_add_provider_for_display(gtk_widget_get_display(window), GTK_STYLE_PROVIDER(style),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    g_object_unref(style);
    return window;
}

static void activate(GtkApplication *application, gpointer data) {
    Kiosk *kiosk = data;
    GtkWidget *window = kiosk_window_new(application);

    /* The page: a toolbar of touch-sized buttons at its top, Compose and Share. */
    GtkWidget *page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0), *bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8),
              *compose = button("Compose", G_CALLBACK(on_compose), kiosk), *share = button("Share", G_CALLBACK(on_share), kiosk);
    gtk_widget_add_css_class(bar, "kiosk-toolbar");
    gtk_widget_set_hexpand(compose, TRUE);
    gtk_widget_set_halign(compose, GTK_ALIGN_START);
    gtk_box_append(GTK_BOX(bar), compose);
    gtk_box_append(GTK_BOX(bar), share);
    GtkWidget *inbox = gtk_label_new("No messages yet. Compose one, or Share this kiosk.");
    gtk_label_set_wrap(GTK_LABEL(inbox), TRUE);
    gtk_widget_add_css_class(inbox, "kiosk-page-text");
    gtk_widget_set_vexpand(inbox, TRUE);
    gtk_box_append(GTK_BOX(page), bar);
    gtk_box_append(GTK_BOX(page), inbox);

    GtkWidget *text, *draft = draft_new(kiosk, &text);
    g_signal_connect(kiosk->draft, "modified-changed", G_CALLBACK(on_draft_modified), kiosk);
    GtkEventController *focus = gtk_event_controller_focus_new();
    g_signal_connect(focus, "enter", G_CALLBACK(on_draft_focused), kiosk);
    gtk_widget_add_controller(text, focus);

    kiosk->compose = DK_SHEET(dk_gtk_sheet_new());
    dk_gtk_sheet_set_title(kiosk->compose, "New Message");
    /* Cancel and Done in the user's language (dk_gtk_sheet_set_cancel_label() would set the kiosk's own). */
    dk_gtk_sheet_set_show_cancel_button(kiosk->compose, TRUE);
    dk_gtk_sheet_set_show_done_button(kiosk->compose, TRUE);
    dk_gtk_sheet_set_content(kiosk->compose, page);
    dk_gtk_sheet_set_child(kiosk->compose, draft);
    g_signal_connect(kiosk->compose, "save-requested", G_CALLBACK(on_save), kiosk);
    g_signal_connect(kiosk->compose, "dismissed", G_CALLBACK(on_dismissed), kiosk);

    kiosk->share = DK_POPOVER(dk_gtk_popover_new());
    dk_gtk_popover_set_content(kiosk->share, GTK_WIDGET(kiosk->compose));
    GtkWidget *targets = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_widget_add_css_class(targets, "kiosk-targets");
    for (const char *const *target = (const char *const[]){"Mail", "Print", "Save to USB", NULL}; *target; target++) {
        GtkWidget *row = gtk_button_new_with_label(*target);
        gtk_widget_set_size_request(row, 280, 56);
        gtk_box_append(GTK_BOX(targets), row);
    }
    dk_gtk_popover_set_child(kiosk->share, targets);
    dk_gtk_popover_set_anchor(kiosk->share, share);
    dk_gtk_popover_add_passthrough(kiosk->share, compose);

    /* The keyboard over everything, docked at the bottom of the window's child. */
    GtkWidget *overlay = gtk_overlay_new();
    gtk_overlay_set_child(GTK_OVERLAY(overlay), GTK_WIDGET(kiosk->share));
    kiosk->keyboard = keyboard_new(kiosk);
    gtk_overlay_add_overlay(GTK_OVERLAY(overlay), kiosk->keyboard);
    g_signal_connect(overlay, "get-child-position", G_CALLBACK(on_place_keyboard), kiosk);
    gtk_window_set_child(GTK_WINDOW(window), overlay);
    kiosk->pipeline = dk_gtk_pipeline_for_window(GTK_WINDOW(window));
    g_signal_connect(kiosk->pipeline, "keyboard-hiding-requested", G_CALLBACK(on_keyboard_hiding_requested), kiosk);
    /* Back to the start screen after two minutes without a touch, asking first in the last 20 seconds. */
    GError *error = NULL;
    if (!dk_gtk_pipeline_set_idle_rule(kiosk->pipeline, 120 * G_USEC_PER_SEC, 20 * G_USEC_PER_SEC,
                                       DK_GTK_IDLE_UNSAVED_KEEP, &error))
        report(error);
    g_signal_connect(kiosk->pipeline, "idle-reset", G_CALLBACK(on_idle_reset), kiosk);
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    Kiosk kiosk = {0};
    GtkApplication *application = gtk_application_new("org.example.DismissKitGtk", G_APPLICATION_DEFAULT_FLAGS);
    g_signal_connect(application, "activate", G_CALLBACK(activate), &kiosk);
    const int status = g_application_run(G_APPLICATION(application), argc, argv);
    g_object_unref(application);
    return status;
}
