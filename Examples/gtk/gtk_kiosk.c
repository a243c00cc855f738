/* A GTK 4 kiosk on libdismisskit: a sheet with unsaved text that a swipe down dismisses after
 * asking. The window's touch events (a GtkEventControllerLegacy) feed dk_pipeline_touch; a
 * (device, event sequence) pair is a contact, with the lowest free seat slot until it lifts;
 * GTK's 32-bit millisecond times become microseconds, carried over the clock's wrap.
 *   cc gtk_kiosk.c $(pkg-config --cflags --libs gtk4 dismisskit) -o gtk_kiosk
 *   ./gtk_kiosk              the window
 *   ./gtk_kiosk --self-test  no display: the calls the event handler makes, for a swipe across
 *                            the clock's wrap (it must ask, and "discard" dismiss) and for two
 *                            devices whose touches have the same sequence
 * Tests/GTK/run builds it with -Werror and runs both. */
#include <dismisskit.h>
#include <gtk/gtk.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    dk_pipeline *pipeline;
    GtkWidget *window, *sheet, *question; /* sheet and question NULL in the self-test */
    const void *devices[DK_SEAT_SLOTS];   /* (device, sequence) of each seat slot; device NULL: free */
    const void *sequences[DK_SEAT_SLOTS];
    guint32 last_ms;
    gint64 wraps, last_us;
    gboolean timed;
    double offset;                        /* the sheet's drag offset, in points */
    int asked, dismissed, cancelled_drags, refused;
} Kiosk;

/* GTK's times are a 32-bit millisecond clock: a step back of more than half of it is a wrap. */
static gint64 microseconds(Kiosk *kiosk, guint32 ms) {
    if (kiosk->timed && ms < kiosk->last_ms && kiosk->last_ms - ms > 0x80000000u) kiosk->wraps++;
    kiosk->timed = TRUE;
    kiosk->last_ms = ms;
    gint64 us = ((kiosk->wraps << 32) + ms) * 1000;
    if (us > kiosk->last_us) kiosk->last_us = us; /* never before the last time */
    return kiosk->last_us;
}

static int seat_slot(Kiosk *kiosk, const void *device, const void *sequence, gboolean take) {
    for (int slot = 0; slot < DK_SEAT_SLOTS; slot++)
        if (kiosk->devices[slot] == device && kiosk->sequences[slot] == sequence) return slot;
    for (int slot = 0; take && slot < DK_SEAT_SLOTS; slot++) {
        if (!kiosk->devices[slot]) {
            kiosk->devices[slot] = device;
            kiosk->sequences[slot] = sequence;
            return slot;
        }
    }
    return -1;
}

static void on_answer(GtkDialog *dialog, int response, gpointer data);

static void read_intents(Kiosk *kiosk) {
    dk_intent intent;
    while (dk_pipeline_next_typed_intent(kiosk->pipeline, &intent) == 1) {
        printf("%s %s\n", dk_intent_type_name(intent.type), intent.presentation ? intent.presentation : "");
        if (intent.type == DK_INTENT_DRAG_CHANGED) kiosk->offset = intent.offset;
        if (intent.type == DK_INTENT_DRAG_ENDED) {
            kiosk->offset = 0;
            kiosk->cancelled_drags += strcmp(intent.outcome, "cancel") == 0;
        }
        if (intent.type == DK_INTENT_DISMISS) kiosk->dismissed++;
        if (intent.type == DK_INTENT_CONFIRMATION_REQUESTED) {
            kiosk->asked++;
            if (kiosk->window) { /* not modal to the touches: the handler returns at once */
                kiosk->question = gtk_message_dialog_new(GTK_WINDOW(kiosk->window), GTK_DIALOG_DESTROY_WITH_PARENT,
                                                         GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE, "Discard the draft?");
                for (int i = 0; i < intent.option_count; i++)
                    gtk_dialog_add_button(GTK_DIALOG(kiosk->question), intent.options[i], i);
                g_object_set_data_full(G_OBJECT(kiosk->question), "presentation", g_strdup(intent.presentation), g_free);
                g_signal_connect(kiosk->question, "response", G_CALLBACK(on_answer), kiosk);
                gtk_window_present(GTK_WINDOW(kiosk->question));
            }
        }
    }
    fflush(stdout);
    if (kiosk->sheet) {
        gtk_widget_set_visible(kiosk->sheet, kiosk->dismissed == 0);
        gtk_widget_set_margin_top(kiosk->sheet, 40 + (int)kiosk->offset);
    }
}

/* One contact's change, and its frame: what the event handler and the self-test both call. */
static void touch(Kiosk *kiosk, dk_touch_type type, const void *device, const void *sequence, double x, double y,
                  guint32 ms) {
    const gint64 time = microseconds(kiosk, ms);
    const int slot = seat_slot(kiosk, device, sequence, type == DK_TOUCH_DOWN);
    if (slot < 0) return; /* more contacts than a seat has slots, or one that began elsewhere */
    kiosk->refused += dk_pipeline_touch(kiosk->pipeline, type, slot, x, y, time) != 0;
    if (type == DK_TOUCH_UP || type == DK_TOUCH_CANCEL) kiosk->devices[slot] = kiosk->sequences[slot] = NULL;
    dk_pipeline_touch(kiosk->pipeline, DK_TOUCH_FRAME, 0, 0, 0, time);
    read_intents(kiosk);
}

/* The answer named by one of the question's options ("discard", "save", "keepEditing"). */
static void answer(Kiosk *kiosk, const char *presentation, const char *option) {
    const dk_choice choice = strcmp(option, "discard") == 0 ? DK_CHOICE_DISCARD
                             : strcmp(option, "save") == 0  ? DK_CHOICE_SAVE
                                                            : DK_CHOICE_KEEP_EDITING;
    char *error = NULL;
    if (dk_pipeline_confirm(kiosk->pipeline, presentation, choice, kiosk->last_us, &error) != 0) {
        fprintf(stderr, "gtk_kiosk: %s\n", error);
        dk_string_free(error);
    }
    read_intents(kiosk);
}

static void on_answer(GtkDialog *dialog, int response, gpointer data) {
    Kiosk *kiosk = data;
    GtkWidget *button = gtk_dialog_get_widget_for_response(dialog, response);
    const char *presentation = g_object_get_data(G_OBJECT(dialog), "presentation");
    answer(kiosk, presentation, button ? gtk_button_get_label(GTK_BUTTON(button)) : "keepEditing");
    gtk_window_destroy(GTK_WINDOW(dialog));
    kiosk->question = NULL;
}

static gboolean on_event(GtkEventControllerLegacy *controller, GdkEvent *event, gpointer data) {
    (void)controller;
    dk_touch_type type;
    switch (gdk_event_get_event_type(event)) {
    case GDK_TOUCH_BEGIN: type = DK_TOUCH_DOWN; break;
    case GDK_TOUCH_UPDATE: type = DK_TOUCH_MOTION; break;
    case GDK_TOUCH_END: type = DK_TOUCH_UP; break;
    case GDK_TOUCH_CANCEL: type = DK_TOUCH_CANCEL; break;
    default: return FALSE;
    }
    double x = 0, y = 0; /* the window's surface coordinates */
    gdk_event_get_position(event, &x, &y);
    touch(data, type, gdk_event_get_device(event), gdk_event_get_event_sequence(event), x, y, gdk_event_get_time(event));
    return TRUE;
}

static const char *scene = "{\"presentations\":[{\"id\":\"compose\",\"style\":\"sheet\",\"grabber\":true,"
                           "\"unsavedChanges\":true}]";

static dk_pipeline *new_pipeline(const char *screen) {
    char json[512], *error = NULL;
    snprintf(json, sizeof json, "%s%s}", scene, screen);
    dk_pipeline *pipeline = dk_pipeline_new(json, &error);
    if (!pipeline) {
        fprintf(stderr, "gtk_kiosk: %s\n", error);
        dk_string_free(error);
    }
    return pipeline;
}

/* Two swipes down the sheet's top, 12 moves of 8 ms. The first starts 40 ms before the 32-bit clock
 * wraps: it must ask, and "discard" must dismiss. In the second, a second device's touch with
 * the same sequence comes and goes: another contact, which cancels the drag, not the first
 * finger lifting (that would ask). */
static int self_test(void) {
    int first, second, sequence; /* their addresses stand for GdkDevices and a GdkEventSequence */
    Kiosk wrap = {.pipeline = new_pipeline("")}, devices = {.pipeline = new_pipeline("")};
    if (!wrap.pipeline || !devices.pipeline) return 1;
    guint32 ms = 0xffffffffu - 39;
    touch(&wrap, DK_TOUCH_DOWN, &first, &sequence, 300, 60, ms);
    for (int i = 1; i <= 12; i++) touch(&wrap, DK_TOUCH_MOTION, &first, &sequence, 300, 60 + 12.5 * i, ms += 8);
    touch(&wrap, DK_TOUCH_UP, &first, &sequence, 300, 210, ms += 8);
    const int asked = wrap.asked;
    answer(&wrap, "compose", "discard");
    ms = 1000;
    touch(&devices, DK_TOUCH_DOWN, &first, &sequence, 300, 60, ms);
    for (int i = 1; i <= 12; i++) {
        touch(&devices, DK_TOUCH_MOTION, &first, &sequence, 300, 60 + 12.5 * i, ms += 8);
        if (i == 6) touch(&devices, DK_TOUCH_DOWN, &second, &sequence, 900, 700, ms);
        if (i == 7) touch(&devices, DK_TOUCH_UP, &second, &sequence, 900, 700, ms);
    }
    touch(&devices, DK_TOUCH_UP, &first, &sequence, 300, 210, ms += 8);
    dk_pipeline_free(wrap.pipeline);
    dk_pipeline_free(devices.pipeline);
    if (asked != 1 || wrap.dismissed != 1 || wrap.wraps != 1 || devices.cancelled_drags != 1 || devices.asked != 0
        || wrap.refused + devices.refused != 0) {
        fprintf(stderr,
                "gtk_kiosk: self-test: across the wrap asked %d, dismissed %d, wraps %d (want 1, 1, 1); two devices: "
                "drags cancelled %d, asked %d (want 1, 0); touches refused %d (want 0)\n",
                asked, wrap.dismissed, (int)wrap.wraps, devices.cancelled_drags, devices.asked,
                wrap.refused + devices.refused);
        return 1;
    }
    puts("gtk_kiosk: self-test: asked once across the clock's wrap and dismissed after discard; a second device's "
         "touch with the same sequence cancelled the drag without asking");
    return 0;
}

static void activate(GtkApplication *application, gpointer data) {
    Kiosk *kiosk = data;
    kiosk->window = gtk_application_window_new(application);
    gtk_window_fullscreen(GTK_WINDOW(kiosk->window));
    /* The screen: the monitor the full-screen window fills, in points and millimetres. */
    char screen[160] = "";
    GdkMonitor *monitor = g_list_model_get_item(gdk_display_get_monitors(gtk_widget_get_display(kiosk->window)), 0);
    if (monitor) {
        GdkRectangle area;
        gdk_monitor_get_geometry(monitor, &area);
        const int width_mm = gdk_monitor_get_width_mm(monitor), height_mm = gdk_monitor_get_height_mm(monitor);
        if (area.width > 0 && area.height > 0 && width_mm > 0 && height_mm > 0) {
            snprintf(screen, sizeof screen, ",\"screen\":{\"width\":%d,\"height\":%d,\"widthMM\":%d,\"heightMM\":%d}",
                     area.width, area.height, width_mm, height_mm);
        }
        g_object_unref(monitor);
    }
    kiosk->pipeline = new_pipeline(screen);
    if (!kiosk->pipeline) {
        g_application_quit(G_APPLICATION(application));
        return;
    }
    kiosk->sheet = gtk_label_new("Draft: unsaved text\n\nSwipe down from the top to close");
    gtk_widget_set_valign(kiosk->sheet, GTK_ALIGN_START);
    gtk_window_set_child(GTK_WINDOW(kiosk->window), kiosk->sheet);
    GtkEventController *legacy = gtk_event_controller_legacy_new();
    g_signal_connect(legacy, "event", G_CALLBACK(on_event), kiosk);
    gtk_widget_add_controller(kiosk->window, legacy);
    read_intents(kiosk);
    gtk_window_present(GTK_WINDOW(kiosk->window));
}

int main(int argc, char **argv) {
    if (argc == 2 && strcmp(argv[1], "--self-test") == 0) return self_test();
    Kiosk kiosk = {0};
    GtkApplication *application = gtk_application_new("org.example.DismissKitGtk", G_APPLICATION_DEFAULT_FLAGS);
    g_signal_connect(application, "activate", G_CALLBACK(activate), &kiosk);
    const int status = g_application_run(G_APPLICATION(application), argc, argv);
    g_object_unref(application);
    if (kiosk.pipeline) dk_pipeline_free(kiosk.pipeline);
    return status;
}
