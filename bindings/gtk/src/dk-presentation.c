/* One presentation in a window's pipeline: its page and frame, its id, the intents addressed to
 * it, its question. */
#include "dk-presentation.h"

#include "dk-i18n.h"
#include "dk-question.h"
#include "dk-style.h"
#include "dk-pipeline-calls.h"
#include "dk-window-input.h"

void dk_presentation_init(DkPresentation *presentation, GtkWidget *owner, const DkPresentationEvents *events,
                          const char *frame_class) {
    *presentation = (DkPresentation){.owner = owner, .events = events};
    presentation->frame = g_object_new(GTK_TYPE_BOX, "orientation", GTK_ORIENTATION_VERTICAL, "accessible-role",
                                       GTK_ACCESSIBLE_ROLE_DIALOG, "visible", FALSE, NULL);
    gtk_widget_add_css_class(presentation->frame, frame_class);
    gtk_widget_set_parent(presentation->frame, owner);
    g_object_set_data(G_OBJECT(owner), "dk-presentation", presentation);
    dk_style_ensure(owner);
}

DkPresentation *dk_presentation_of(GtkWidget *owner) { return g_object_get_data(G_OBJECT(owner), "dk-presentation"); }

void dk_presentation_set_cover(DkPresentation *presentation, GtkWidget *cover) {
    if (presentation->cover == cover) return;
    g_clear_pointer(&presentation->cover, gtk_widget_unparent);
    presentation->cover = cover;
    if (cover) gtk_widget_set_parent(cover, presentation->owner); /* the last child: picked first */
}

gboolean dk_presentation_set_content(DkPresentation *presentation, GtkWidget *content) {
    if (presentation->content == content) return FALSE;
    g_clear_pointer(&presentation->content, gtk_widget_unparent);
    presentation->content = content;
    if (content) gtk_widget_insert_after(content, presentation->owner, NULL);
    return TRUE;
}

gboolean dk_presentation_set_child(DkPresentation *presentation, GtkWidget *child) {
    if (presentation->child == child) return FALSE;
    if (presentation->child) gtk_box_remove(GTK_BOX(presentation->frame), presentation->child);
    presentation->child = child;
    if (child) gtk_box_append(GTK_BOX(presentation->frame), child);
    return TRUE;
}

static void schedule_sync(DkPresentation *presentation);

static gboolean addressed(DkPresentation *presentation, const char *id) {
    return presentation->id && g_strcmp0(presentation->id, id) == 0;
}

static void take_drag(DkPresentation *presentation, gboolean dragging, double offset) {
    presentation->dragging = dragging;
    presentation->offset = offset;
    schedule_sync(presentation);
}

static void answered_by_question(DkChoice choice, gpointer data) { dk_presentation_answer(data, choice, NULL); }

/* Brings the owner's widgets in line with the presentation: its question's widgets, its layout.
 * It runs once the event that changed them has been dispatched: widgets added, hidden or made
 * untargetable under the pointer while GTK still delivers that event (a mouse button's release)
 * leave GTK's pointer state aimed at the widgets of before, and the next click would miss. */
/* The page under a presented presentation takes no input. Set at once when it is presented or
 * ends, not at the next idle: an event that arrives in between (a tap on a loaded machine) would
 * reach the page while the pipeline already holds the presentation. */
static void follow_presence(DkPresentation *presentation) {
    if (presentation->content) gtk_widget_set_can_target(presentation->content, presentation->id == NULL);
}

static gboolean follow_change(gpointer data) {
    DkPresentation *presentation = data;
    presentation->sync_idle = 0;
    /* A question answered is hidden and kept for the next one: taking a widget out of the tree
     * under the pointer leaves GTK's pointer state aimed at it. */
    if (presentation->question_widget && presentation->question != presentation->question_shown) {
        gtk_widget_set_visible(presentation->question_widget, FALSE);
        presentation->question_spare = presentation->question_widget;
        presentation->question_widget = NULL;
    }
    if (presentation->question && !presentation->question_widget) {
        if (presentation->question_spare && presentation->question_spare_offers != presentation->question)
            g_clear_pointer(&presentation->question_spare, gtk_widget_unparent);
        if (!presentation->question_spare) {
            /* TRANSLATORS: the question asked before a sheet or popover with unsaved edits closes. */
            presentation->question_spare = dk_question_new(_("Discard your changes?"), presentation->question,
                                                           answered_by_question, presentation);
            presentation->question_spare_offers = presentation->question;
            gtk_widget_set_parent(presentation->question_spare, presentation->owner);
        }
        presentation->question_widget = presentation->question_spare;
        presentation->question_spare = NULL;
        gtk_widget_set_visible(presentation->question_widget, TRUE);
    }
    presentation->question_shown = presentation->question;
    presentation->events->changed(presentation->owner);
    const gboolean presented = presentation->id != NULL;
    follow_presence(presentation);
    gtk_widget_set_visible(presentation->frame, presented);
    gtk_widget_set_can_target(presentation->frame, presentation->question_widget == NULL);
    gtk_widget_queue_allocate(presentation->owner);
    return G_SOURCE_REMOVE;
}

static void schedule_sync(DkPresentation *presentation) {
    if (!presentation->sync_idle) presentation->sync_idle = g_idle_add_full(G_PRIORITY_HIGH_IDLE, follow_change, presentation, NULL);
}

static void ask(DkPresentation *presentation, DkChoices options) {
    presentation->question = options;
    schedule_sync(presentation);
}

static void end(DkPresentation *presentation) {
    for (guint i = 0; i < G_N_ELEMENTS(presentation->handlers); i++)
        g_clear_signal_handler(&presentation->handlers[i], presentation->pipeline);
    if (presentation->id) dk_window_input_release(presentation->window, presentation->id);
    g_clear_pointer(&presentation->id, g_free);
    presentation->pipeline = NULL;
    presentation->window = NULL;
    presentation->dragging = FALSE;
    presentation->offset = 0;
    follow_presence(presentation);
    ask(presentation, DK_GTK_CHOICES_NONE);
}

static void on_drag_began(DkPipeline *pipeline, const char *id, DkDragOrigin origin, gpointer data) {
    (void)pipeline;
    (void)origin;
    if (addressed(data, id)) take_drag(data, TRUE, 0);
}

static void on_drag_changed(DkPipeline *pipeline, const char *id, double offset, double velocity, gpointer data) {
    (void)pipeline;
    (void)velocity;
    if (addressed(data, id)) take_drag(data, TRUE, offset);
}

static void on_drag_ended(DkPipeline *pipeline, const char *id, DkDragOutcome outcome, const char *detent,
                          gpointer data) {
    (void)pipeline;
    (void)outcome;
    (void)detent;
    if (addressed(data, id)) take_drag(data, FALSE, 0);
}

static void on_drag_handed_back(DkPipeline *pipeline, const char *id, gpointer data) {
    (void)pipeline;
    if (addressed(data, id)) take_drag(data, FALSE, 0);
}

static void on_content_scrolled(DkPipeline *pipeline, const char *id, double offset, gpointer data) {
    (void)pipeline;
    DkPresentation *presentation = data;
    if (addressed(presentation, id) && presentation->events->content_scrolled)
        presentation->events->content_scrolled(presentation->owner, offset);
}

static void on_detent_set(DkPipeline *pipeline, const char *id, const char *detent, DkDetentCause cause,
                          gpointer data) {
    (void)pipeline;
    (void)cause;
    DkPresentation *presentation = data;
    if (!addressed(presentation, id)) return;
    g_free(presentation->detent);
    presentation->detent = g_strdup(detent);
    schedule_sync(presentation);
}

static void on_confirmation_requested(DkPipeline *pipeline, const char *id, DkDismissalSource source,
                                      DkChoices options, gpointer data) {
    (void)pipeline;
    (void)source;
    if (!addressed(data, id)) return;
    DkPresentation *presentation = data;
    presentation->dragging = FALSE;
    presentation->offset = 0;
    ask(presentation, options);
}

static void on_save(DkPipeline *pipeline, const char *id, gpointer data) {
    (void)pipeline;
    DkPresentation *presentation = data;
    if (addressed(presentation, id)) presentation->events->save(presentation->owner);
}

static void on_cancelled(DkPipeline *pipeline, const char *id, gpointer data) {
    (void)pipeline;
    if (addressed(data, id)) ask(data, DK_GTK_CHOICES_NONE);
}

static void on_dismissed(DkPipeline *pipeline, const char *id, DkDismissalSource source, DkResolution resolution,
                         gpointer data) {
    (void)pipeline;
    DkPresentation *presentation = data;
    if (!addressed(presentation, id)) return;
    end(presentation);
    presentation->events->dismissed(presentation->owner, source, resolution);
}

/* The keyboard goes first: the text widget that has the focus loses it, so that the keyboard a
 * toolkit shows for it hides; a kiosk's own keyboard widget hides on the same signal. */
static void on_keyboard_hiding_requested(DkPipeline *pipeline, const char *id, DkKeyboardHidingReason reason,
                                         gpointer data) {
    (void)pipeline;
    (void)reason;
    DkPresentation *presentation = data;
    if (addressed(presentation, id)) gtk_window_set_focus(presentation->window, NULL);
}

static void on_keyboard_height(GObject *pipeline, GParamSpec *spec, gpointer data) {
    (void)pipeline;
    (void)spec;
    schedule_sync(data); /* the question moves above the keyboard, or back down */
}

gboolean dk_presentation_present(DkPresentation *presentation, const char *name, DkScenePresentation *description,
                                 const char *detent, GError **error) {
    if (presentation->id) return TRUE;
    GtkRoot *root = gtk_widget_get_root(presentation->owner);
    if (!GTK_IS_WINDOW(root)) {
        g_set_error(error, DK_PIPELINE_ERROR, DK_GTK_PIPELINE_ERROR_COMMAND, "%s is not in a window", name);
        return FALSE;
    }
    GtkWindow *window = GTK_WINDOW(root);
    DkPipeline *pipeline = dk_gtk_pipeline_for_window(window);
    dk_window_input_follow_screen(window);
    char *id = dk_window_input_hold(window, name, presentation->owner);
    /* Connected first: presenting may answer at once (a detent). */
    presentation->window = window;
    presentation->pipeline = pipeline;
    presentation->id = id;
    gulong *h = presentation->handlers;
    h[0] = g_signal_connect(pipeline, "drag-began", G_CALLBACK(on_drag_began), presentation);
    h[1] = g_signal_connect(pipeline, "drag-changed", G_CALLBACK(on_drag_changed), presentation);
    h[2] = g_signal_connect(pipeline, "drag-ended", G_CALLBACK(on_drag_ended), presentation);
    h[3] = g_signal_connect(pipeline, "drag-handed-back", G_CALLBACK(on_drag_handed_back), presentation);
    h[4] = g_signal_connect(pipeline, "content-scrolled", G_CALLBACK(on_content_scrolled), presentation);
    h[5] = g_signal_connect(pipeline, "detent-set", G_CALLBACK(on_detent_set), presentation);
    h[6] = g_signal_connect(pipeline, "confirmation-requested", G_CALLBACK(on_confirmation_requested), presentation);
    h[7] = g_signal_connect(pipeline, "save", G_CALLBACK(on_save), presentation);
    h[8] = g_signal_connect(pipeline, "cancelled", G_CALLBACK(on_cancelled), presentation);
    h[9] = g_signal_connect(pipeline, "dismissed", G_CALLBACK(on_dismissed), presentation);
    h[10] = g_signal_connect(pipeline, "keyboard-hiding-requested", G_CALLBACK(on_keyboard_hiding_requested),
                             presentation);
    h[11] = g_signal_connect(pipeline, "notify::keyboard-height", G_CALLBACK(on_keyboard_height), presentation);
    g_free(presentation->detent);
    presentation->detent = g_strdup(detent);
    description->unsaved = presentation->unsaved;
    const gboolean presented = dk_scene_present(pipeline, id, description, error);
    if (!presented) end(presentation);
    follow_presence(presentation);
    schedule_sync(presentation);
    return presented;
}

static gboolean not_presented(GError **error) {
    g_set_error_literal(error, DK_PIPELINE_ERROR, DK_GTK_PIPELINE_ERROR_COMMAND, "not presented");
    return FALSE;
}

gboolean dk_presentation_set_unsaved(DkPresentation *presentation, gboolean unsaved) {
    unsaved = !!unsaved;
    if (presentation->unsaved == unsaved) return FALSE;
    presentation->unsaved = unsaved;
    DkPipeline *pipeline = presentation->pipeline;
    if (presentation->id)
        dk_gtk_pipeline_set_unsaved_changes(pipeline, presentation->id, unsaved,
                                            dk_gtk_pipeline_get_time(pipeline), NULL);
    return TRUE;
}

static void shift(dk_rect *rect, double dx, double dy) {
    rect->x += dx;
    rect->y += dy;
}

gboolean dk_presentation_layout(DkPresentation *presentation, dk_layout *layout) {
    if (!presentation->id || !dk_gtk_pipeline_layout(presentation->pipeline, presentation->id, layout)) return FALSE;
    /* The pipeline's screen is the window's screen widget; the owner may sit elsewhere in it. */
    graphene_point_t origin = GRAPHENE_POINT_INIT(0, 0), in_screen;
    GtkWidget *screen = dk_window_input_screen_widget(presentation->window);
    if (!gtk_widget_compute_point(presentation->owner, screen, &origin, &in_screen)) return TRUE;
    const double dx = -in_screen.x, dy = -in_screen.y;
    dk_rect *rects[] = {&layout->frame, &layout->resting_frame, &layout->grabber, &layout->grabber_hit_target,
                        &layout->header, &layout->question_anchor};
    for (guint i = 0; i < G_N_ELEMENTS(rects); i++) shift(rects[i], dx, dy);
    return TRUE;
}

gboolean dk_presentation_move(DkPresentation *presentation, const DkSceneGeometry *geometry) {
    return presentation->id && dk_scene_move(presentation->pipeline, presentation->id, geometry, NULL);
}

gboolean dk_presentation_dismiss(DkPresentation *presentation, GError **error) {
    if (!presentation->id) return not_presented(error);
    DkPipeline *pipeline = presentation->pipeline;
    return dk_gtk_pipeline_dismiss(pipeline, presentation->id, dk_gtk_pipeline_get_time(pipeline), error);
}

gboolean dk_presentation_answer(DkPresentation *presentation, DkChoice choice, GError **error) {
    if (!presentation->id) return not_presented(error);
    DkPipeline *pipeline = presentation->pipeline;
    return dk_gtk_pipeline_confirm(pipeline, presentation->id, choice, dk_gtk_pipeline_get_time(pipeline),
                                   error);
}

gboolean dk_presentation_button(DkPresentation *presentation, DkButtonRole role, GError **error) {
    if (!presentation->id) return not_presented(error);
    DkPipeline *pipeline = presentation->pipeline;
    return dk_gtk_pipeline_button(pipeline, presentation->id, role, dk_gtk_pipeline_get_time(pipeline), error);
}

gboolean dk_presentation_report_content_offset(DkPresentation *presentation, double offset) {
    if (!presentation->id) return FALSE;
    DkPipeline *pipeline = presentation->pipeline;
    return dk_gtk_pipeline_report_content_offset(pipeline, presentation->id, offset,
                                                 dk_gtk_pipeline_get_time(pipeline), NULL);
}

void dk_presentation_measure(DkPresentation *presentation, GtkOrientation orientation, int for_size, int *minimum,
                             int *natural, int *minimum_baseline, int *natural_baseline) {
    *minimum = *natural = 0;
    *minimum_baseline = *natural_baseline = -1;
    if (presentation->content)
        gtk_widget_measure(presentation->content, orientation, for_size, minimum, natural, NULL, NULL);
}

/* The owner's height less what of it the on-screen keyboard covers: the keyboard's band is the
 * bottom of the pipeline's screen. */
static double above_keyboard(DkPresentation *presentation, int height) {
    const double keyboard = presentation->id ? dk_gtk_pipeline_get_keyboard_height(presentation->pipeline) : 0;
    if (keyboard <= 0) return height;
    GtkWidget *screen = dk_window_input_screen_widget(presentation->window);
    const graphene_point_t room_bottom = GRAPHENE_POINT_INIT(0, (float)(gtk_widget_get_height(screen) - keyboard));
    graphene_point_t in_owner;
    if (!gtk_widget_compute_point(screen, presentation->owner, &room_bottom, &in_owner)) return height;
    return CLAMP(in_owner.y, 0, height);
}

/* An action sheet at the bottom of the owner, above the keyboard, at most 560 points wide. */
static void allocate_question(DkPresentation *presentation, GtkWidget *question, int width, int height) {
    const int question_width = MIN(width, 560);
    int question_height;
    gtk_widget_measure(question, GTK_ORIENTATION_VERTICAL, question_width, &question_height, NULL, NULL, NULL);
    const graphene_point_t at = GRAPHENE_POINT_INIT((float)(width - question_width) / 2,
                                                    (float)(above_keyboard(presentation, height) - question_height));
    gtk_widget_allocate(question, question_width, question_height, -1, gsk_transform_translate(NULL, &at));
}

void dk_presentation_allocate(DkPresentation *presentation, int width, int height, const graphene_rect_t *frame) {
    if (presentation->content) gtk_widget_allocate(presentation->content, width, height, -1, NULL);
    if (gtk_widget_get_visible(presentation->frame))
        gtk_widget_allocate(presentation->frame, (int)frame->size.width, (int)frame->size.height, -1,
                            gsk_transform_translate(NULL, &frame->origin));
    if (presentation->question_widget) allocate_question(presentation, presentation->question_widget, width, height);
    if (presentation->cover && gtk_widget_get_visible(presentation->cover))
        allocate_question(presentation, presentation->cover, width, height);
    if (presentation->id) dk_window_input_follow_screen(presentation->window);
}

void dk_presentation_snapshot(DkPresentation *presentation, GtkSnapshot *snapshot, double dim, double shift) {
    GtkWidget *owner = presentation->owner;
    const double width = gtk_widget_get_width(owner), height = gtk_widget_get_height(owner);
    if (presentation->content) gtk_widget_snapshot_child(owner, presentation->content, snapshot);
    if (!presentation->id) return;
    dk_style_dim(snapshot, width, height, dim);
    gtk_snapshot_save(snapshot);
    gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT(0, (float)shift));
    gtk_widget_snapshot_child(owner, presentation->frame, snapshot);
    if (presentation->arrow) gtk_widget_snapshot_child(owner, presentation->arrow, snapshot);
    gtk_snapshot_restore(snapshot);
    if (presentation->question_widget) {
        dk_style_dim(snapshot, width, height, 1);
        gtk_widget_snapshot_child(owner, presentation->question_widget, snapshot);
    }
    if (presentation->cover && gtk_widget_get_visible(presentation->cover)) {
        dk_style_dim(snapshot, width, height, 1);
        gtk_widget_snapshot_child(owner, presentation->cover, snapshot);
    }
}

void dk_presentation_remove(DkPresentation *presentation) {
    if (!presentation->id) return;
    DkPipeline *pipeline = presentation->pipeline;
    dk_gtk_pipeline_remove(pipeline, presentation->id, dk_gtk_pipeline_get_time(pipeline), NULL);
    end(presentation);
}

void dk_presentation_clear(DkPresentation *presentation) {
    dk_presentation_remove(presentation);
    g_clear_handle_id(&presentation->sync_idle, g_source_remove);
    g_clear_pointer(&presentation->question_widget, gtk_widget_unparent);
    g_clear_pointer(&presentation->question_spare, gtk_widget_unparent);
    dk_presentation_set_cover(presentation, NULL);
    g_clear_pointer(&presentation->detent, g_free);
    g_clear_pointer(&presentation->content, gtk_widget_unparent);
    g_clear_pointer(&presentation->frame, gtk_widget_unparent);
    g_clear_pointer(&presentation->arrow, gtk_widget_unparent);
    presentation->child = NULL;
}
