/* A window's idle warning. The question is drawn by the outermost component presented in the
 * window (dk_presentation_set_cover()), which draws over everything the others draw, at the
 * bottom of the room above the on-screen keyboard. Its countdown is in whole seconds to the
 * deadline on the pipeline's clock (dk_gtk_pipeline_get_time()), updated as each second passes.
 * A press on it is Continue: activity the pipeline takes (dk_gtk_pipeline_continue()), which
 * answers with idle-cancelled. The widgets follow the warning once the event that changed it has
 * been dispatched, as the components' own do (dk-presentation.c says why). */
#include "dk-idle.h"

#include "dk-pipeline-calls.h"
#include "dk-presentation.h"
#include "dk-question.h"
#include "dk-window-input.h"

typedef struct {
    GtkWindow *window;    /* owns this */
    DkPipeline *pipeline; /* the window's (a reference) */
    GtkWidget *question;  /* made at the first warning, kept (a reference) */
    gboolean warned;      /* between an idle-warning and what ends it */
    gint64 deadline;      /* the warning's, on the pipeline's clock */
    guint countdown;      /* the timeout of the countdown's next second, while warned */
    guint follow;         /* the widgets are still to follow a change */
} Idle;

static Idle *idle_of(GtkWindow *window) { return g_object_get_data(G_OBJECT(window), "dk-idle"); }

static void idle_free(gpointer data) {
    Idle *idle = data;
    g_clear_handle_id(&idle->countdown, g_source_remove);
    g_clear_handle_id(&idle->follow, g_source_remove);
    g_clear_object(&idle->question);
    g_signal_handlers_disconnect_by_data(idle->pipeline, idle);
    g_object_unref(idle->pipeline);
    g_free(idle);
}

static gint64 microseconds_left(Idle *idle) {
    return MAX(0, idle->deadline - dk_gtk_pipeline_get_time(idle->pipeline));
}

/* Shows the seconds left, rounded up (0 only at the deadline), and returns the microseconds left. */
static gint64 show_seconds(Idle *idle) {
    const gint64 left = microseconds_left(idle);
    if (idle->question) dk_question_idle_set_seconds(idle->question, (int)((left + G_USEC_PER_SEC - 1) / G_USEC_PER_SEC));
    return left;
}

static gboolean count_down(gpointer data) {
    Idle *idle = data;
    idle->countdown = 0;
    const gint64 left = show_seconds(idle);
    const gint64 seconds = (left + G_USEC_PER_SEC - 1) / G_USEC_PER_SEC;
    if (seconds > 0) { /* again when the shown second has passed */
        const gint64 wait_us = left - (seconds - 1) * G_USEC_PER_SEC;
        idle->countdown = g_timeout_add_full(G_PRIORITY_DEFAULT, (guint)((wait_us + 999) / 1000), count_down, idle, NULL);
        g_source_set_name_by_id(idle->countdown, "[dismisskit-gtk] idle countdown");
    }
    return G_SOURCE_REMOVE;
}

/* The component presented in the window that holds the others: the one no other holds, the
 * largest if they stand side by side. */
static GtkWidget *outermost_presented(Idle *idle) {
    GList *owners = dk_window_input_presenters(idle->window);
    GtkWidget *outermost = NULL;
    for (GList *l = owners; l; l = l->next) {
        GtkWidget *owner = l->data;
        gboolean held = FALSE;
        for (GList *m = owners; m && !held; m = m->next) held = m->data != owner && gtk_widget_is_ancestor(owner, m->data);
        if (held) continue;
        if (!outermost || gtk_widget_get_width(owner) * gtk_widget_get_height(owner)
                              > gtk_widget_get_width(outermost) * gtk_widget_get_height(outermost))
            outermost = owner;
    }
    g_list_free(owners);
    return outermost;
}

static void continued(gpointer data) {
    Idle *idle = data;
    if (idle->warned) dk_gtk_pipeline_continue(idle->pipeline);
}

static gboolean follow_warning(gpointer data) {
    Idle *idle = data;
    idle->follow = 0;
    GtkWidget *host = idle->warned ? outermost_presented(idle) : NULL;
    if (host && !idle->question) {
        idle->question = g_object_ref_sink(dk_question_idle_new(continued, idle));
        gtk_widget_set_visible(idle->question, FALSE);
    }
    if (!idle->question) return G_SOURCE_REMOVE;
    GtkWidget *parent = gtk_widget_get_parent(idle->question);
    if (host && parent != host) {
        if (parent) dk_presentation_set_cover(dk_presentation_of(parent), NULL);
        dk_presentation_set_cover(dk_presentation_of(host), idle->question);
    }
    /* A question answered is hidden and kept: taken out under the pointer, GTK's pointer state
     * would stay aimed at it. */
    if (host) show_seconds(idle);
    gtk_widget_set_visible(idle->question, host != NULL);
    return G_SOURCE_REMOVE;
}

static void schedule_follow(Idle *idle) {
    if (!idle->follow) idle->follow = g_idle_add_full(G_PRIORITY_HIGH_IDLE, follow_warning, idle, NULL);
}

static void end_warning(Idle *idle) {
    if (!idle->warned) return;
    idle->warned = FALSE;
    g_clear_handle_id(&idle->countdown, g_source_remove);
    schedule_follow(idle);
}

static void on_idle_warning(DkPipeline *pipeline, gint64 deadline, gint64 remaining, gpointer data) {
    (void)pipeline;
    (void)remaining; /* the countdown runs to the deadline on the pipeline's clock */
    Idle *idle = data;
    idle->warned = TRUE;
    idle->deadline = deadline;
    g_clear_handle_id(&idle->countdown, g_source_remove);
    schedule_follow(idle);
    count_down(idle);
}

static void on_idle_ended(DkPipeline *pipeline, gpointer data) {
    (void)pipeline;
    end_warning(data);
}

/* The deadline came: what it dismisses, or the question it asks for work the rule keeps, ends the warning. */
static void on_dismissed(DkPipeline *pipeline, const char *id, DkDismissalSource source, DkResolution resolution,
                         gpointer data) {
    (void)pipeline;
    (void)id;
    (void)resolution;
    if (source == DK_GTK_DISMISSAL_SOURCE_IDLE) end_warning(data);
}

static void on_confirmation_requested(DkPipeline *pipeline, const char *id, DkDismissalSource source,
                                      DkChoices options, gpointer data) {
    (void)pipeline;
    (void)id;
    (void)options;
    if (source == DK_GTK_DISMISSAL_SOURCE_IDLE) end_warning(data);
}

void dk_idle_attach(GtkWindow *window, DkPipeline *pipeline) {
    Idle *idle = g_new0(Idle, 1);
    idle->window = window;
    idle->pipeline = g_object_ref(pipeline);
    g_object_set_data_full(G_OBJECT(window), "dk-idle", idle, idle_free);
    g_signal_connect(pipeline, "idle-warning", G_CALLBACK(on_idle_warning), idle);
    g_signal_connect(pipeline, "idle-cancelled", G_CALLBACK(on_idle_ended), idle);
    g_signal_connect(pipeline, "idle-reset", G_CALLBACK(on_idle_ended), idle);
    g_signal_connect(pipeline, "dismissed", G_CALLBACK(on_dismissed), idle);
    g_signal_connect(pipeline, "confirmation-requested", G_CALLBACK(on_confirmation_requested), idle);
}

gboolean dk_idle_covers(GtkWindow *window, double x, double y) {
    Idle *idle = idle_of(window);
    if (!idle || !idle->question || !gtk_widget_get_mapped(idle->question)) return FALSE;
    const graphene_point_t in_window = GRAPHENE_POINT_INIT((float)x, (float)y);
    graphene_point_t in_question;
    return gtk_widget_compute_point(GTK_WIDGET(window), idle->question, &in_window, &in_question)
           && gtk_widget_contains(idle->question, in_question.x, in_question.y);
}
