/* A GTK 4 mail kiosk on libdismisskit-gtk: Compose presents a sheet with a draft, which a swipe
 * down dismisses (asking first once the draft is edited: Discard Changes, Save, Keep Editing);
 * Share pops up a popover that a tap outside closes, and Compose stays usable through it.
 * Touches, the mouse and pens all work; the window's pipeline does the rest.
 *   cc gtk_kiosk.c $(pkg-config --cflags --libs dismisskit-gtk) -o gtk_kiosk
 * Tests/GTK/run builds it with -Werror and runs it on GTK's Broadway backend. */
#include <dismisskit-gtk/dismisskit-gtk.h>
#include <stdio.h>

typedef struct {
    DkSheet *compose;
    DkPopover *share;
    GtkTextBuffer *draft;
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
    (void)sheet;
    (void)source;
    Kiosk *kiosk = data;
    if (resolution == DK_GTK_RESOLUTION_DISCARDED) gtk_text_buffer_set_text(kiosk->draft, "", -1);
    gtk_text_buffer_set_modified(kiosk->draft, FALSE);
}

static GtkWidget *button(const char *label, GCallback clicked, Kiosk *kiosk) {
    GtkWidget *widget = gtk_button_new_with_label(label);
    gtk_widget_set_size_request(widget, 120, 56); /* touch-sized */
    g_signal_connect(widget, "clicked", clicked, kiosk);
    return widget;
}

static void activate(GtkApplication *application, gpointer data) {
    Kiosk *kiosk = data;
    GtkWidget *window = gtk_application_window_new(application);
    gtk_window_fullscreen(GTK_WINDOW(window));

    GtkWidget *bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8), *compose = button("Compose", G_CALLBACK(on_compose), kiosk),
              *share = button("Share", G_CALLBACK(on_share), kiosk);
    gtk_widget_set_hexpand(compose, TRUE);
    gtk_widget_set_halign(compose, GTK_ALIGN_START);
    gtk_box_append(GTK_BOX(bar), compose);
    gtk_box_append(GTK_BOX(bar), share);

    /* The draft: a text view in a scrolled window, the sheet's host-owned scrolling. */
    GtkWidget *text = gtk_text_view_new(), *scrolled = gtk_scrolled_window_new();
    kiosk->draft = gtk_text_view_get_buffer(GTK_TEXT_VIEW(text));
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), text);
    g_signal_connect(kiosk->draft, "modified-changed", G_CALLBACK(on_draft_modified), kiosk);

    kiosk->compose = DK_SHEET(dk_gtk_sheet_new());
    dk_gtk_sheet_set_title(kiosk->compose, "New Message");
    dk_gtk_sheet_set_content(kiosk->compose, bar);
    dk_gtk_sheet_set_child(kiosk->compose, scrolled);
    g_signal_connect(kiosk->compose, "save-requested", G_CALLBACK(on_save), kiosk);
    g_signal_connect(kiosk->compose, "dismissed", G_CALLBACK(on_dismissed), kiosk);

    kiosk->share = DK_POPOVER(dk_gtk_popover_new());
    dk_gtk_popover_set_content(kiosk->share, GTK_WIDGET(kiosk->compose));
    GtkWidget *targets = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    for (const char *const *target = (const char *const[]){"Mail", "Print", "Save to USB", NULL}; *target; target++) {
        GtkWidget *row = gtk_button_new_with_label(*target);
        gtk_widget_set_size_request(row, 280, 56);
        gtk_box_append(GTK_BOX(targets), row);
    }
    dk_gtk_popover_set_child(kiosk->share, targets);
    dk_gtk_popover_set_anchor(kiosk->share, share);
    dk_gtk_popover_add_passthrough(kiosk->share, compose);

    gtk_window_set_child(GTK_WINDOW(window), GTK_WIDGET(kiosk->share));
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
