/* DkPipeline: dismisskit.h's pipeline, its commands as methods, its intents as signals.
 * It knows nothing of windows: a window's own pipeline, and the input that feeds it, are
 * dk-window-input.c's (dk_gtk_pipeline_for_window()), which uses this file and not the other
 * way round. */
#include "dismisskit-gtk/dk-pipeline.h"
#include "dk-pipeline-calls.h"

#include <dismisskit.h>

/**
 * DkPipeline:
 *
 * A scene, the gesture recogniser and the dismissal policy: touches and host commands in,
 * intents out as signals, emitted before the call that caused them returns.
 *
 * Times are microseconds on one clock that does not go back, shared by touches and commands.
 * A refused touch or command is a #GError in %DK_PIPELINE_ERROR and changes nothing.
 *
 * A recording (dk_gtk_pipeline_record()) that can no longer be written, on a full disk say,
 * stops while the pipeline goes on: #DkPipeline:recording turns %FALSE,
 * #DkPipeline:recording-failure says why, and #DkPipeline::recording-failed is emitted, once.
 *
 * GTK 4 tells nothing of an on-screen keyboard: a kiosk that draws its own sets
 * #DkPipeline:keyboard-height on its window's pipeline whenever that keyboard shows, hides or
 * changes height, and hides it on #DkPipeline::keyboard-hiding-requested.
 *
 * Idle (the scene's idle rule, dk_gtk_pipeline_set_idle_rule()): the pipeline ticks itself from
 * one GLib timeout, at the time dk_pipeline_next_tick() names (at least once a second until
 * then), and only while it names one: after each touch or command it took, the timeout is armed
 * again or removed (#DkPipeline:ticking). Its ticks are on the pipeline's own clock,
 * dk_gtk_pipeline_get_time(): the latest time it took, moved on by the time passed since on
 * g_get_monotonic_time(). A window's pipeline shows the warning itself, as the question "Are you
 * still there?" with a countdown and Continue, and on #DkPipeline::idle-reset every component
 * has closed: the kiosk shows its start screen then.
 */
struct _DkPipeline {
    GObject parent_instance;
    dk_pipeline *pipeline;
    gint64 latest_time;
    gboolean recording;
    char *recording_failure;
    double keyboard_height;
    gint64 latest_monotonic;  /* g_get_monotonic_time() when latest_time was taken */
    guint tick_source;        /* the timeout of the next tick, while one is needed */
};

G_DEFINE_TYPE(DkPipeline, dk_gtk_pipeline, G_TYPE_OBJECT)
G_DEFINE_QUARK(dk-pipeline-error-quark, dk_gtk_pipeline_error)

enum {
    DRAG_BEGAN,
    DRAG_CHANGED,
    DRAG_ENDED,
    DRAG_HANDED_BACK,
    CONTENT_SCROLLED,
    DETENT_SET,
    PASSTHROUGH_TAP,
    CONFIRMATION_REQUESTED,
    SAVE,
    DISMISSED,
    CANCELLED,
    REJECTED,
    KEYBOARD_HIDING_REQUESTED,
    IDLE_WARNING,
    IDLE_CANCELLED,
    IDLE_RESET,
    RECORDING_FAILED,
    SIGNAL_COUNT
};
static guint signals[SIGNAL_COUNT];

enum { PROP_RECORDING = 1, PROP_RECORDING_FAILURE, PROP_KEYBOARD_HEIGHT, PROP_TICKING, PROP_COUNT };
static GParamSpec *properties[PROP_COUNT];

static void dk_gtk_pipeline_finalize(GObject *object) {
    DkPipeline *self = DK_PIPELINE(object);
    g_clear_handle_id(&self->tick_source, g_source_remove);
    dk_pipeline_free(self->pipeline);
    g_free(self->recording_failure);
    G_OBJECT_CLASS(dk_gtk_pipeline_parent_class)->finalize(object);
}

static void dk_gtk_pipeline_get_property(GObject *object, guint id, GValue *value, GParamSpec *spec) {
    DkPipeline *self = DK_PIPELINE(object);
    switch (id) {
    case PROP_RECORDING: g_value_set_boolean(value, self->recording); break;
    case PROP_RECORDING_FAILURE: g_value_set_string(value, self->recording_failure); break;
    case PROP_KEYBOARD_HEIGHT: g_value_set_double(value, self->keyboard_height); break;
    case PROP_TICKING: g_value_set_boolean(value, self->tick_source != 0); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, spec);
    }
}

static void dk_gtk_pipeline_set_property(GObject *object, guint id, const GValue *value, GParamSpec *spec) {
    DkPipeline *self = DK_PIPELINE(object);
    switch (id) {
    case PROP_KEYBOARD_HEIGHT: dk_gtk_pipeline_set_keyboard_height(self, g_value_get_double(value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, spec);
    }
}

static void dk_gtk_pipeline_init(DkPipeline *self) {
    self->latest_monotonic = g_get_monotonic_time();
}

static guint new_signal(const char *name, guint arguments, ...) {
    va_list types;
    va_start(types, arguments);
    const guint id = g_signal_new_valist(name, DK_TYPE_PIPELINE, G_SIGNAL_RUN_LAST, NULL, NULL, NULL, NULL,
                                         G_TYPE_NONE, arguments, types);
    va_end(types);
    return id;
}

static void dk_gtk_pipeline_class_init(DkPipelineClass *class) {
    G_OBJECT_CLASS(class)->finalize = dk_gtk_pipeline_finalize;
    G_OBJECT_CLASS(class)->get_property = dk_gtk_pipeline_get_property;
    G_OBJECT_CLASS(class)->set_property = dk_gtk_pipeline_set_property;
    /**
     * DkPipeline:recording: (getter get_recording)
     *
     * Whether the session is being recorded: %TRUE once dk_gtk_pipeline_record() succeeded,
     * %FALSE again when a write failed (every frame and command before it is on disk, up to
     * the last one written whole). The C library's dk_pipeline_recording() answers
     * DK_RECORDING_ON while it is %TRUE.
     */
    properties[PROP_RECORDING] = g_param_spec_boolean("recording", NULL, NULL, FALSE,
                                                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
    /**
     * DkPipeline:recording-failure: (getter get_recording_failure)
     *
     * Why the recording stopped (dk_pipeline_recording()'s DK_RECORDING_FAILED message: the
     * file, the error, and the bytes it holds), or %NULL while it records or never did.
     */
    properties[PROP_RECORDING_FAILURE] = g_param_spec_string("recording-failure", NULL, NULL, NULL,
                                                             G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
    /**
     * DkPipeline:keyboard-height: (setter set_keyboard_height) (getter get_keyboard_height)
     *
     * The height in points of the on-screen keyboard docked at the bottom of the screen, 0 while
     * it is hidden (a floating keyboard counts as hidden). Each change is sent to the pipeline
     * as a keyboard command (dk_pipeline_keyboard()), at dk_gtk_pipeline_get_time(): sheets are
     * laid out in the room above the keyboard, a sheet below its largest detent grows to it
     * (#DkPipeline::detent-set, cause %DK_GTK_DETENT_CAUSE_KEYBOARD), touches in its band are
     * the keyboard's, and #DkPipeline::keyboard-hiding-requested asks for it to be hidden
     * before a drag, a question or an Escape. A height the pipeline refuses (below 0, or taller
     * than the screen) is a warning that names it and why, and the property keeps its value.
     */
    properties[PROP_KEYBOARD_HEIGHT] =
        g_param_spec_double("keyboard-height", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0,
                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
    /**
     * DkPipeline:ticking: (getter get_ticking)
     *
     * Whether a timeout is armed for the pipeline's next tick: while the scene has an idle rule,
     * something is presented, no finger is down and the deadline is not met
     * (dk_pipeline_next_tick()). An idle kiosk with nothing presented has none, and wakes up for
     * nothing.
     */
    properties[PROP_TICKING] = g_param_spec_boolean("ticking", NULL, NULL, FALSE,
                                                    G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
    g_object_class_install_properties(G_OBJECT_CLASS(class), PROP_COUNT, properties);
    /**
     * DkPipeline::drag-began:
     * @pipeline: the pipeline
     * @presentation: the presentation's id
     * @origin: where the drag began
     *
     * A presentation follows the finger from now on.
     */
    signals[DRAG_BEGAN] = new_signal("drag-began", 2, G_TYPE_STRING, DK_TYPE_DRAG_ORIGIN);
    /**
     * DkPipeline::drag-changed:
     * @pipeline: the pipeline
     * @presentation: the presentation's id
     * @offset: points the sheet is moved down from its detent (negative: grown up), rubber band included
     * @velocity: points per second, downward
     *
     * The dragged sheet moved.
     */
    signals[DRAG_CHANGED] = new_signal("drag-changed", 3, G_TYPE_STRING, G_TYPE_DOUBLE, G_TYPE_DOUBLE);
    /**
     * DkPipeline::drag-ended:
     * @pipeline: the pipeline
     * @presentation: the presentation's id
     * @outcome: how it ended
     * @detent: the detent it settles at: "medium", "large" or a custom height in points
     *
     * The finger lifted, or the gesture was taken away.
     */
    signals[DRAG_ENDED] = new_signal("drag-ended", 3, G_TYPE_STRING, DK_TYPE_DRAG_OUTCOME, G_TYPE_STRING);
    /**
     * DkPipeline::drag-handed-back:
     * @pipeline: the pipeline
     * @presentation: the presentation's id
     *
     * The content took the finger back: the sheet is at its detent, and no drag-ended follows.
     */
    signals[DRAG_HANDED_BACK] = new_signal("drag-handed-back", 1, G_TYPE_STRING);
    /**
     * DkPipeline::content-scrolled:
     * @pipeline: the pipeline
     * @presentation: the presentation's id
     * @offset: points the content is scrolled down from its top
     *
     * The pipeline scrolled the content: show it there.
     */
    signals[CONTENT_SCROLLED] = new_signal("content-scrolled", 2, G_TYPE_STRING, G_TYPE_DOUBLE);
    /**
     * DkPipeline::detent-set:
     * @pipeline: the pipeline
     * @presentation: the presentation's id
     * @detent: "medium", "large" or a custom height in points
     * @cause: why
     *
     * A sheet's detent changed.
     */
    signals[DETENT_SET] = new_signal("detent-set", 3, G_TYPE_STRING, G_TYPE_STRING, DK_TYPE_DETENT_CAUSE);
    /**
     * DkPipeline::passthrough-tap:
     * @pipeline: the pipeline
     * @x: points from the screen's left
     * @y: points from the screen's top
     *
     * A tap in a pass-through region: deliver it to what is there.
     */
    signals[PASSTHROUGH_TAP] = new_signal("passthrough-tap", 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);
    /**
     * DkPipeline::confirmation-requested:
     * @pipeline: the pipeline
     * @presentation: the presentation's id
     * @source: what asked for the dismissal
     * @options: the answers to offer
     *
     * The presentation holds unsaved work: ask, and answer with dk_gtk_pipeline_confirm().
     */
    signals[CONFIRMATION_REQUESTED] =
        new_signal("confirmation-requested", 3, G_TYPE_STRING, DK_TYPE_DISMISSAL_SOURCE, DK_TYPE_CHOICES);
    /**
     * DkPipeline::save:
     * @pipeline: the pipeline
     * @presentation: the presentation's id
     *
     * Save the presentation's work now: its dismissal follows.
     */
    signals[SAVE] = new_signal("save", 1, G_TYPE_STRING);
    /**
     * DkPipeline::dismissed:
     * @pipeline: the pipeline
     * @presentation: the presentation's id
     * @source: what asked for it
     * @resolution: how the unsaved work was resolved
     *
     * Close the presentation: it is no longer in the scene.
     */
    signals[DISMISSED] =
        new_signal("dismissed", 3, G_TYPE_STRING, DK_TYPE_DISMISSAL_SOURCE, DK_TYPE_RESOLUTION);
    /**
     * DkPipeline::cancelled:
     * @pipeline: the pipeline
     * @presentation: the presentation's id
     *
     * The question was answered Keep Editing: the presentation stays.
     */
    signals[CANCELLED] = new_signal("cancelled", 1, G_TYPE_STRING);
    /**
     * DkPipeline::rejected:
     * @pipeline: the pipeline
     * @presentation: the presentation's id
     * @source: what asked for the dismissal
     * @reason: why it was not done, in words
     *
     * A dismissal the policy refused (a presentation that is not dismissible, or covered).
     */
    signals[REJECTED] = new_signal("rejected", 3, G_TYPE_STRING, DK_TYPE_DISMISSAL_SOURCE, G_TYPE_STRING);
    /**
     * DkPipeline::keyboard-hiding-requested:
     * @pipeline: the pipeline
     * @presentation: the presentation the drag, the question or the Escape is about
     * @reason: why
     *
     * Hide the on-screen keyboard (take the focus from the text field) and report its height 0:
     * the keyboard goes before a drag, a question or an Escape.
     */
    signals[KEYBOARD_HIDING_REQUESTED] =
        new_signal("keyboard-hiding-requested", 2, G_TYPE_STRING, DK_TYPE_KEYBOARD_HIDING_REASON);
    /**
     * DkPipeline::idle-warning:
     * @pipeline: the pipeline
     * @deadline: the idle deadline, in microseconds on the touches' clock
     * @remaining: the microseconds from now to the deadline
     *
     * Nobody has touched the kiosk for a while (the scene's idle rule): ask "Are you still
     * there?" with a countdown to the deadline.
     */
    signals[IDLE_WARNING] = new_signal("idle-warning", 2, G_TYPE_INT64, G_TYPE_INT64);
    /**
     * DkPipeline::idle-cancelled:
     * @pipeline: the pipeline
     *
     * Someone is there: close the idle warning.
     */
    signals[IDLE_CANCELLED] = new_signal("idle-cancelled", 0);
    /**
     * DkPipeline::idle-reset:
     * @pipeline: the pipeline
     *
     * The idle deadline dismissed everything presented: show the start screen.
     */
    signals[IDLE_RESET] = new_signal("idle-reset", 0);
    /**
     * DkPipeline::recording-failed:
     * @pipeline: the pipeline
     * @reason: why, as #DkPipeline:recording-failure says it
     * @bytes_written: the bytes the file holds: every frame and command up to the last written whole
     *
     * A write of the recording failed (the disk is full, the file too large): the recording
     * stopped there, and the pipeline goes on deciding. Emitted once, after
     * #DkPipeline:recording turned %FALSE, at the end of the touch or command whose write failed.
     */
    signals[RECORDING_FAILED] = new_signal("recording-failed", 2, G_TYPE_STRING, G_TYPE_INT64);
}

/* After a call that may have written the recording: when a write failed, says so, once. */
static void watch_recording(DkPipeline *self) {
    if (!self->recording) return;
    gint64 bytes_written = 0;
    char *message = NULL;
    if (dk_pipeline_recording(self->pipeline, &bytes_written, &message) != DK_RECORDING_FAILED) {
        dk_string_free(message);
        return;
    }
    self->recording = FALSE;
    self->recording_failure = g_strdup(message ? message : "a write failed");
    dk_string_free(message);
    g_object_ref(self);
    g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_RECORDING]);
    g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_RECORDING_FAILURE]);
    g_signal_emit(self, signals[RECORDING_FAILED], 0, self->recording_failure, bytes_written);
    g_object_unref(self);
}

/* One intent, its strings copied: a handler may call the pipeline, which would end them. */
typedef struct {
    dk_intent fields;
    char *presentation, *detent, *reason;
} Intent;

static void intent_clear(gpointer data) {
    Intent *intent = data;
    g_free(intent->presentation);
    g_free(intent->detent);
    g_free(intent->reason);
}

/* A detent's name: a custom one's height as "412.5" in every locale, as the components name it. */
static char *detent_text(const dk_intent *intent) {
    if (!intent->detent) return NULL;
    if (intent->detent_kind != DK_DETENT_CUSTOM) return g_strdup(intent->detent);
    char height[G_ASCII_DTOSTR_BUF_SIZE];
    return g_strdup(g_ascii_formatd(height, sizeof height, "%g", intent->detent_height));
}

static void emit_intent(DkPipeline *self, const Intent *intent) {
    const dk_intent *f = &intent->fields;
    const char *id = intent->presentation;
    switch (f->type) {
    case DK_INTENT_DRAG_BEGAN: g_signal_emit(self, signals[DRAG_BEGAN], 0, id, f->drag_origin); break;
    case DK_INTENT_DRAG_CHANGED: g_signal_emit(self, signals[DRAG_CHANGED], 0, id, f->offset, f->velocity); break;
    case DK_INTENT_DRAG_ENDED: g_signal_emit(self, signals[DRAG_ENDED], 0, id, f->drag_outcome, intent->detent); break;
    case DK_INTENT_DRAG_HANDED_BACK: g_signal_emit(self, signals[DRAG_HANDED_BACK], 0, id); break;
    case DK_INTENT_CONTENT_SCROLLED: g_signal_emit(self, signals[CONTENT_SCROLLED], 0, id, f->offset); break;
    case DK_INTENT_SET_DETENT: g_signal_emit(self, signals[DETENT_SET], 0, id, intent->detent, f->detent_cause); break;
    case DK_INTENT_PASSTHROUGH_TAP: g_signal_emit(self, signals[PASSTHROUGH_TAP], 0, f->x, f->y); break;
    case DK_INTENT_CONFIRMATION_REQUESTED: {
        guint options = 0;
        for (int i = 0; i < f->option_count; i++) options |= 1u << f->choices[i];
        g_signal_emit(self, signals[CONFIRMATION_REQUESTED], 0, id, f->dismissal_source, options);
        break;
    }
    case DK_INTENT_SAVE: g_signal_emit(self, signals[SAVE], 0, id); break;
    case DK_INTENT_DISMISS: g_signal_emit(self, signals[DISMISSED], 0, id, f->dismissal_source, f->dismiss_resolution); break;
    case DK_INTENT_CANCELLED: g_signal_emit(self, signals[CANCELLED], 0, id); break;
    case DK_INTENT_REJECTED: g_signal_emit(self, signals[REJECTED], 0, id, f->dismissal_source, intent->reason); break;
    case DK_INTENT_HIDE_KEYBOARD:
        g_signal_emit(self, signals[KEYBOARD_HIDING_REQUESTED], 0, id, f->keyboard_hiding_reason);
        break;
    case DK_INTENT_IDLE_WARNING: g_signal_emit(self, signals[IDLE_WARNING], 0, f->deadline_us, f->remaining_us); break;
    case DK_INTENT_IDLE_CANCELLED: g_signal_emit(self, signals[IDLE_CANCELLED], 0); break;
    case DK_INTENT_IDLE_RESET: g_signal_emit(self, signals[IDLE_RESET], 0); break;
    case DK_INTENT_DECISION: break; /* explanations are off */
    }
}

/* Reads every intent the last call produced, then emits them in order. */
static void emit_intents(DkPipeline *self) {
    g_autoptr(GArray) intents = g_array_new(FALSE, TRUE, sizeof(Intent));
    g_array_set_clear_func(intents, intent_clear);
    Intent intent = {0};
    while (dk_pipeline_next_typed_intent(self->pipeline, &intent.fields) == 1) {
        intent.presentation = g_strdup(intent.fields.presentation);
        intent.detent = detent_text(&intent.fields);
        intent.reason = g_strdup(intent.fields.reason);
        g_array_append_val(intents, intent);
    }
    g_object_ref(self);
    for (guint i = 0; i < intents->len; i++) emit_intent(self, &g_array_index(intents, Intent, i));
    g_object_unref(self);
}

static void arm_tick(DkPipeline *self);

/* A touch or command at time_us was taken: notes its time and emits what it produced, then
 * whether its recording failed, and arms the next tick. */
static gboolean took(DkPipeline *self, gint64 time_us) {
    if (time_us > self->latest_time) {
        self->latest_time = time_us;
        self->latest_monotonic = g_get_monotonic_time();
    }
    g_object_ref(self);
    emit_intents(self);
    watch_recording(self);
    arm_tick(self);
    g_object_unref(self);
    return TRUE;
}

static gboolean tick(gpointer data) {
    DkPipeline *self = data;
    self->tick_source = 0;
    char *message = NULL;
    const gint64 now = dk_gtk_pipeline_get_time(self);
    if (dk_pipeline_tick(self->pipeline, now, &message) == 0) {
        took(self, now);
    } else {
        /* Only a time out of range is refused: ticking stops until the next touch or command. */
        g_warning("DkPipeline: a tick at %" G_GINT64_FORMAT " was refused: %s", now, message ? message : "refused");
        dk_string_free(message);
        g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_TICKING]);
    }
    return G_SOURCE_REMOVE;
}

/* One timeout at the time the pipeline next needs a tick, at most a second away; none while it
 * needs none. */
static void arm_tick(DkPipeline *self) {
    const gboolean was_ticking = self->tick_source != 0;
    g_clear_handle_id(&self->tick_source, g_source_remove);
    gint64 at = 0;
    if (dk_pipeline_next_tick(self->pipeline, &at) == 1) {
        const gint64 wait_us = CLAMP(at - dk_gtk_pipeline_get_time(self), 0, G_USEC_PER_SEC);
        self->tick_source = g_timeout_add_full(G_PRIORITY_DEFAULT, (guint)((wait_us + 999) / 1000), tick, self, NULL);
        g_source_set_name_by_id(self->tick_source, "[dismisskit-gtk] idle tick");
    }
    if (was_ticking != (self->tick_source != 0))
        g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_TICKING]);
}

/* Turns dismisskit.h's answer to a command into a GError, or takes the command. A refused
 * command may be recorded too (a replay refuses it again), so its write is watched as well. */
static gboolean answered(DkPipeline *self, int result, char *message, DkPipelineError code, gint64 time_us,
                         GError **error) {
    if (result == 0) return took(self, time_us);
    g_set_error_literal(error, DK_PIPELINE_ERROR, code, message ? message : "refused");
    dk_string_free(message);
    watch_recording(self);
    return FALSE;
}

/**
 * dk_gtk_pipeline_new: (constructor)
 * @scene_json: a scene file's JSON text
 * @error: where to put why the scene was refused
 *
 * Makes a pipeline on a scene. A pipeline that a window's touches feed is made with
 * dk_gtk_pipeline_for_window().
 *
 * Returns: (transfer full) (nullable): the pipeline, or %NULL with @error set
 */
DkPipeline *dk_gtk_pipeline_new(const char *scene_json, GError **error) {
    char *message = NULL;
    dk_pipeline *pipeline = dk_pipeline_new(scene_json, &message);
    if (!pipeline) {
        g_set_error_literal(error, DK_PIPELINE_ERROR, DK_GTK_PIPELINE_ERROR_SCENE, message ? message : "refused");
        dk_string_free(message);
        return NULL;
    }
    DkPipeline *self = g_object_new(DK_TYPE_PIPELINE, NULL);
    self->pipeline = pipeline;
    return self;
}

/**
 * dk_gtk_pipeline_touch:
 * @self: the pipeline
 * @type: the event's type
 * @seat_slot: the contact's seat slot, 0 to 31, the lowest free while it is down
 * @x: points from the screen's left (ignored for up, cancel and frame)
 * @y: points from the screen's top
 * @time_us: the event's time
 * @error: where to put why the touch was refused
 *
 * Feeds one touch event; a frame ends the events of one moment.
 *
 * Returns: whether the touch was taken
 */
gboolean dk_gtk_pipeline_touch(DkPipeline *self, DkTouchType type, int seat_slot, double x, double y, gint64 time_us,
                               GError **error) {
    g_return_val_if_fail(DK_IS_PIPELINE(self), FALSE);
    const dk_touch_result result = dk_pipeline_touch(self->pipeline, (dk_touch_type)type, seat_slot, x, y, time_us);
    if (result != DK_TOUCH_TAKEN) {
        g_set_error(error, DK_PIPELINE_ERROR, DK_GTK_PIPELINE_ERROR_TOUCH, "touch refused: %s",
                    dk_touch_result_name(result));
        watch_recording(self); /* a refused touch is recorded too */
        return FALSE;
    }
    return took(self, time_us);
}

/**
 * dk_gtk_pipeline_command:
 * @self: the pipeline
 * @command_json: one host command's JSON object
 * @time_us: its time
 * @error: where to put why it was refused
 *
 * Applies one host command ("present", "update", "scene", ...), as gesturectl run reads it.
 *
 * Returns: whether it was taken
 */
gboolean dk_gtk_pipeline_command(DkPipeline *self, const char *command_json, gint64 time_us, GError **error) {
    g_return_val_if_fail(DK_IS_PIPELINE(self), FALSE);
    char *message = NULL;
    const int result = dk_pipeline_command(self->pipeline, command_json, time_us, &message);
    return answered(self, result, message, DK_GTK_PIPELINE_ERROR_COMMAND, time_us, error);
}

gboolean dk_gtk_pipeline_present_fields(DkPipeline *self, const char *presentation, const dk_presentation_fields *fields,
                                        gint64 time_us, GError **error) {
    g_return_val_if_fail(DK_IS_PIPELINE(self), FALSE);
    char *message = NULL;
    const int result = dk_pipeline_present(self->pipeline, presentation, fields, time_us, &message);
    return answered(self, result, message, DK_GTK_PIPELINE_ERROR_COMMAND, time_us, error);
}

gboolean dk_gtk_pipeline_update_fields(DkPipeline *self, const char *presentation, const dk_presentation_fields *fields,
                                       gint64 time_us, GError **error) {
    g_return_val_if_fail(DK_IS_PIPELINE(self), FALSE);
    char *message = NULL;
    const int result = dk_pipeline_update(self->pipeline, presentation, fields, time_us, &message);
    return answered(self, result, message, DK_GTK_PIPELINE_ERROR_COMMAND, time_us, error);
}

gboolean dk_gtk_pipeline_layout(DkPipeline *self, const char *presentation, dk_layout *layout) {
    g_return_val_if_fail(DK_IS_PIPELINE(self), FALSE);
    return dk_pipeline_layout(self->pipeline, presentation, layout) == 1;
}

static graphene_rect_t graphene_rect(dk_rect rect) {
    return GRAPHENE_RECT_INIT((float)rect.x, (float)rect.y, (float)rect.width, (float)rect.height);
}

/**
 * dk_gtk_pipeline_get_layout:
 * @self: the pipeline
 * @presentation: the presentation's id
 *
 * Where a presentation is drawn now, and what it is shown as: the figures the pipeline
 * hit-tests with (dk_pipeline_layout()), in its screen points. Ask again after the calls that
 * change them: a present, update or screen command, and #DkPipeline::drag-began,
 * #DkPipeline::drag-changed, #DkPipeline::drag-ended, #DkPipeline::drag-handed-back,
 * #DkPipeline::detent-set and #DkPipeline::dismissed. #DkSheet and #DkPopover are drawn from it:
 * dk_gtk_sheet_get_presentation_id() and dk_gtk_popover_get_presentation_id() name them in
 * their window's pipeline.
 *
 * Returns: (transfer full) (nullable): the layout, freed with dk_gtk_layout_free(), or %NULL
 * when no presentation has that id
 */
DkLayout *dk_gtk_pipeline_get_layout(DkPipeline *self, const char *presentation) {
    g_return_val_if_fail(DK_IS_PIPELINE(self), NULL);
    g_return_val_if_fail(presentation != NULL, NULL);
    dk_layout c;
    if (!dk_gtk_pipeline_layout(self, presentation, &c)) return NULL;
    DkLayout *layout = g_new(DkLayout, 1);
    *layout = (DkLayout){.role = (DkPresentationRole)c.role,
                         .adapted = c.adapted != 0,
                         .frame = graphene_rect(c.frame),
                         .resting_frame = graphene_rect(c.resting_frame),
                         .drag_offset = c.drag_offset,
                         .detent_height = c.detent_height,
                         .has_grabber = c.has_grabber != 0,
                         .grabber = graphene_rect(c.grabber),
                         .grabber_hit_target = graphene_rect(c.grabber_hit_target),
                         .has_header = c.has_header != 0,
                         .header = graphene_rect(c.header),
                         .question_anchor = graphene_rect(c.question_anchor)};
    return layout;
}

/**
 * dk_gtk_pipeline_confirm:
 * @self: the pipeline
 * @presentation: the presentation asked about
 * @choice: the answer
 * @time_us: its time
 * @error: where to put why it was refused
 *
 * Answers a #DkPipeline::confirmation-requested.
 *
 * Returns: whether it was taken
 */
gboolean dk_gtk_pipeline_confirm(DkPipeline *self, const char *presentation, DkChoice choice, gint64 time_us,
                                 GError **error) {
    g_return_val_if_fail(DK_IS_PIPELINE(self), FALSE);
    char *message = NULL;
    const int result = dk_pipeline_confirm(self->pipeline, presentation, (dk_choice)choice, time_us, &message);
    return answered(self, result, message, DK_GTK_PIPELINE_ERROR_COMMAND, time_us, error);
}

/**
 * dk_gtk_pipeline_button:
 * @self: the pipeline
 * @presentation: the presentation
 * @role: its button that was pressed
 * @time_us: its time
 * @error: where to put why it was refused
 *
 * A presentation's own Cancel or Done button was pressed: the gate decides.
 *
 * Returns: whether it was taken
 */
gboolean dk_gtk_pipeline_button(DkPipeline *self, const char *presentation, DkButtonRole role, gint64 time_us,
                                GError **error) {
    g_return_val_if_fail(DK_IS_PIPELINE(self), FALSE);
    char *message = NULL;
    const int result = dk_pipeline_button(self->pipeline, presentation, (dk_button_role)role, time_us, &message);
    return answered(self, result, message, DK_GTK_PIPELINE_ERROR_COMMAND, time_us, error);
}

/**
 * dk_gtk_pipeline_accessibility:
 * @self: the pipeline
 * @presentation: the presentation
 * @action: the assistive technology's action
 * @time_us: its time
 * @error: where to put why it was refused
 *
 * An assistive technology's action on a presentation.
 *
 * Returns: whether it was taken
 */
gboolean dk_gtk_pipeline_accessibility(DkPipeline *self, const char *presentation, DkAccessibilityAction action,
                                       gint64 time_us, GError **error) {
    g_return_val_if_fail(DK_IS_PIPELINE(self), FALSE);
    char *message = NULL;
    const int result =
        dk_pipeline_accessibility(self->pipeline, presentation, (dk_accessibility_action)action, time_us, &message);
    return answered(self, result, message, DK_GTK_PIPELINE_ERROR_COMMAND, time_us, error);
}

/**
 * dk_gtk_pipeline_dismiss:
 * @self: the pipeline
 * @presentation: the presentation
 * @time_us: its time
 * @error: where to put why it was refused
 *
 * The host's own request to close a presentation: an unsaved one is asked about first.
 *
 * Returns: whether it was taken
 */
gboolean dk_gtk_pipeline_dismiss(DkPipeline *self, const char *presentation, gint64 time_us, GError **error) {
    g_return_val_if_fail(DK_IS_PIPELINE(self), FALSE);
    char *message = NULL;
    const int result = dk_pipeline_dismiss(self->pipeline, presentation, time_us, &message);
    return answered(self, result, message, DK_GTK_PIPELINE_ERROR_COMMAND, time_us, error);
}

/**
 * dk_gtk_pipeline_remove:
 * @self: the pipeline
 * @presentation: the presentation
 * @time_us: its time
 * @error: where to put why it was refused
 *
 * The host took a presentation away, without asking.
 *
 * Returns: whether it was taken
 */
gboolean dk_gtk_pipeline_remove(DkPipeline *self, const char *presentation, gint64 time_us, GError **error) {
    g_return_val_if_fail(DK_IS_PIPELINE(self), FALSE);
    char *message = NULL;
    const int result = dk_pipeline_remove(self->pipeline, presentation, time_us, &message);
    return answered(self, result, message, DK_GTK_PIPELINE_ERROR_COMMAND, time_us, error);
}

/**
 * dk_gtk_pipeline_set_unsaved_changes:
 * @self: the pipeline
 * @presentation: the presentation
 * @unsaved: whether it holds unsaved work
 * @time_us: its time
 * @error: where to put why it was refused
 *
 * Whether a presentation holds unsaved work: a dismissal of one that does asks first.
 *
 * Returns: whether it was taken
 */
gboolean dk_gtk_pipeline_set_unsaved_changes(DkPipeline *self, const char *presentation, gboolean unsaved,
                                             gint64 time_us, GError **error) {
    g_return_val_if_fail(DK_IS_PIPELINE(self), FALSE);
    char *message = NULL;
    const int result = dk_pipeline_set_unsaved_changes(self->pipeline, presentation, unsaved, time_us, &message);
    return answered(self, result, message, DK_GTK_PIPELINE_ERROR_COMMAND, time_us, error);
}

/**
 * dk_gtk_pipeline_report_content_offset:
 * @self: the pipeline
 * @presentation: the sheet whose content scrolled
 * @offset: points the content is scrolled down from its top
 * @time_us: its time
 * @error: where to put why it was refused
 *
 * A host-owned scroll view's offset, sent whenever it scrolls, also while the finger is down:
 * 0 while the finger moves down hands the finger to the sheet.
 *
 * Returns: whether it was taken
 */
gboolean dk_gtk_pipeline_report_content_offset(DkPipeline *self, const char *presentation, double offset,
                                               gint64 time_us, GError **error) {
    g_return_val_if_fail(DK_IS_PIPELINE(self), FALSE);
    char *message = NULL;
    const int result = dk_pipeline_report_content_offset(self->pipeline, presentation, offset, time_us, &message);
    return answered(self, result, message, DK_GTK_PIPELINE_ERROR_COMMAND, time_us, error);
}

/**
 * dk_gtk_pipeline_escape_key:
 * @self: the pipeline
 * @time_us: its time
 * @error: where to put why it was refused
 *
 * The Escape key: the topmost presentation's gate decides.
 *
 * Returns: whether it was taken
 */
gboolean dk_gtk_pipeline_escape_key(DkPipeline *self, gint64 time_us, GError **error) {
    g_return_val_if_fail(DK_IS_PIPELINE(self), FALSE);
    char *message = NULL;
    const int result = dk_pipeline_escape_key(self->pipeline, time_us, &message);
    return answered(self, result, message, DK_GTK_PIPELINE_ERROR_COMMAND, time_us, error);
}

/**
 * dk_gtk_pipeline_screen:
 * @self: the pipeline
 * @width: the screen's width in points
 * @height: its height in points
 * @width_mm: its width in millimetres
 * @height_mm: its height in millimetres
 * @time_us: its time
 * @error: where to put why it was refused
 *
 * The window was resized, or the display rotated or rescaled: a gesture in progress is
 * cancelled, every presentation kept.
 *
 * Returns: whether it was taken
 */
gboolean dk_gtk_pipeline_screen(DkPipeline *self, double width, double height, double width_mm, double height_mm,
                                gint64 time_us, GError **error) {
    g_return_val_if_fail(DK_IS_PIPELINE(self), FALSE);
    char *message = NULL;
    const int result = dk_pipeline_screen(self->pipeline, width, height, width_mm, height_mm, time_us, &message);
    return answered(self, result, message, DK_GTK_PIPELINE_ERROR_COMMAND, time_us, error);
}

/**
 * dk_gtk_pipeline_record:
 * @self: the pipeline
 * @path: the session file to write
 * @error: where to put why it cannot record
 *
 * Records the session (the scene, every touch and command, every intent) to a file that
 * gesturectl replay replays; an earlier file at @path is kept as PATH.1. Call it before the
 * first touch or command. #DkPipeline:recording turns %TRUE; a write that fails later stops
 * the recording (#DkPipeline::recording-failed), not the pipeline.
 *
 * Returns: whether it records
 */
gboolean dk_gtk_pipeline_record(DkPipeline *self, const char *path, GError **error) {
    g_return_val_if_fail(DK_IS_PIPELINE(self), FALSE);
    char *message = NULL;
    const int result = dk_pipeline_record(self->pipeline, path, &message);
    if (!answered(self, result, message, DK_GTK_PIPELINE_ERROR_RECORDING, self->latest_time, error)) return FALSE;
    self->recording = TRUE;
    g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_RECORDING]);
    return TRUE;
}

/**
 * dk_gtk_pipeline_get_recording:
 * @self: the pipeline
 *
 * Whether the session is being recorded: #DkPipeline:recording.
 *
 * Returns: %TRUE from a dk_gtk_pipeline_record() that succeeded until a write fails
 */
gboolean dk_gtk_pipeline_get_recording(DkPipeline *self) {
    g_return_val_if_fail(DK_IS_PIPELINE(self), FALSE);
    return self->recording;
}

/**
 * dk_gtk_pipeline_get_recording_failure:
 * @self: the pipeline
 *
 * Why the recording stopped: #DkPipeline:recording-failure.
 *
 * Returns: (nullable): the reason, owned by the pipeline, or %NULL when no write failed
 */
const char *dk_gtk_pipeline_get_recording_failure(DkPipeline *self) {
    g_return_val_if_fail(DK_IS_PIPELINE(self), NULL);
    return self->recording_failure;
}

/**
 * dk_gtk_pipeline_set_keyboard_height:
 * @self: the pipeline
 * @height: the keyboard's height in points, 0 when it is hidden
 *
 * Tells the pipeline that the on-screen keyboard showed, hid or changed height:
 * #DkPipeline:keyboard-height, at dk_gtk_pipeline_get_time(). A height it refuses is a warning, and changes nothing.
 */
void dk_gtk_pipeline_set_keyboard_height(DkPipeline *self, double height) {
    g_return_if_fail(DK_IS_PIPELINE(self));
    if (height == self->keyboard_height) return;
    char *message = NULL;
    const gint64 now = dk_gtk_pipeline_get_time(self);
    const int result = dk_pipeline_keyboard(self->pipeline, height, now, &message);
    if (result != 0) {
        char text[G_ASCII_DTOSTR_BUF_SIZE];
        g_warning("DkPipeline:keyboard-height %s refused: %s", g_ascii_dtostr(text, sizeof text, height),
                  message ? message : "refused");
        dk_string_free(message);
        watch_recording(self); /* a refused command is recorded too */
        return;
    }
    self->keyboard_height = height;
    g_object_ref(self);
    g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_KEYBOARD_HEIGHT]);
    took(self, now);
    g_object_unref(self);
}

/**
 * dk_gtk_pipeline_get_keyboard_height:
 * @self: the pipeline
 *
 * The on-screen keyboard's height as last taken: #DkPipeline:keyboard-height.
 *
 * Returns: points, 0 while it is hidden
 */
double dk_gtk_pipeline_get_keyboard_height(DkPipeline *self) {
    g_return_val_if_fail(DK_IS_PIPELINE(self), 0);
    return self->keyboard_height;
}

/**
 * dk_gtk_pipeline_get_latest_time:
 * @self: the pipeline
 *
 * The latest time of a touch, command or tick it took. A command that has no time of its own,
 * such as a button's answer, is given dk_gtk_pipeline_get_time(), which moves on from it.
 *
 * Returns: microseconds
 */
gint64 dk_gtk_pipeline_get_latest_time(DkPipeline *self) {
    g_return_val_if_fail(DK_IS_PIPELINE(self), 0);
    return self->latest_time;
}

/**
 * dk_gtk_pipeline_get_time:
 * @self: the pipeline
 *
 * The pipeline's clock now: the latest time it took (dk_gtk_pipeline_get_latest_time()), moved
 * on by the time passed since then on g_get_monotonic_time(). Its ticks are at this time, and it
 * is the time to give a command that has none of its own: a command at the latest time would
 * tell the idle rule that nobody has touched the kiosk since then.
 *
 * Returns: microseconds, on the clock of the touches' times
 */
gint64 dk_gtk_pipeline_get_time(DkPipeline *self) {
    g_return_val_if_fail(DK_IS_PIPELINE(self), 0);
    return self->latest_time + (g_get_monotonic_time() - self->latest_monotonic);
}

/**
 * dk_gtk_pipeline_get_ticking:
 * @self: the pipeline
 *
 * Whether a timeout is armed for the next tick: #DkPipeline:ticking.
 *
 * Returns: %TRUE while the pipeline needs a tick
 */
gboolean dk_gtk_pipeline_get_ticking(DkPipeline *self) {
    g_return_val_if_fail(DK_IS_PIPELINE(self), FALSE);
    return self->tick_source != 0;
}

/**
 * dk_gtk_pipeline_set_idle_rule:
 * @self: the pipeline
 * @after_us: microseconds without a touch or command until everything presented is dismissed
 * @warning_us: how long before that #DkPipeline::idle-warning comes: 0 or more, less than @after_us
 * @unsaved: what the reset does with unsaved work
 * @error: where to put why it was refused
 *
 * Sets the scene's idle rule (dismisskit-scene(5), "idle"): back to the start screen when nobody
 * has touched the kiosk for a while, through the same gate as every dismissal. From then on the
 * pipeline ticks itself while something is presented (#DkPipeline:ticking), a window's pipeline
 * shows its warning as the question "Are you still there?" with a countdown, and at the deadline
 * every presentation is dismissed from the top down (source %DK_GTK_DISMISSAL_SOURCE_IDLE), unsaved
 * work by @unsaved, then #DkPipeline::idle-reset says to show the start screen.
 *
 * The rule is part of the scene, which only a scene command changes: the C library writes one of
 * the pipeline's scene as it is, with this rule (dk_pipeline_set_idle_rule()), so it may be set
 * at any time; like every command but a tick, it is activity.
 *
 * Returns: whether it was taken: %FALSE, with @error set, for a rule the pipeline refuses (@after_us
 * not above @warning_us, a negative time, an @unsaved outside #DkIdleUnsaved)
 */
gboolean dk_gtk_pipeline_set_idle_rule(DkPipeline *self, gint64 after_us, gint64 warning_us, DkIdleUnsaved unsaved,
                                       GError **error) {
    g_return_val_if_fail(DK_IS_PIPELINE(self), FALSE);
    char *message = NULL;
    const gint64 now = dk_gtk_pipeline_get_time(self);
    const int result = dk_pipeline_set_idle_rule(self->pipeline, after_us, warning_us, (dk_idle_unsaved)unsaved, now, &message);
    return answered(self, result, message, DK_GTK_PIPELINE_ERROR_COMMAND, now, error);
}

/**
 * dk_gtk_pipeline_clear_idle_rule:
 * @self: the pipeline
 * @error: where to put why it was refused
 *
 * Takes the scene's idle rule away: nothing presented is dismissed for want of a touch, and the
 * pipeline no longer ticks.
 *
 * Returns: whether it was taken
 */
gboolean dk_gtk_pipeline_clear_idle_rule(DkPipeline *self, GError **error) {
    g_return_val_if_fail(DK_IS_PIPELINE(self), FALSE);
    char *message = NULL;
    const gint64 now = dk_gtk_pipeline_get_time(self);
    const int result = dk_pipeline_clear_idle_rule(self->pipeline, now, &message);
    return answered(self, result, message, DK_GTK_PIPELINE_ERROR_COMMAND, now, error);
}

gboolean dk_gtk_pipeline_continue(DkPipeline *self) {
    g_return_val_if_fail(DK_IS_PIPELINE(self), FALSE);
    char *message = NULL;
    const gint64 now = dk_gtk_pipeline_get_time(self);
    const int result = dk_pipeline_keyboard(self->pipeline, self->keyboard_height, now, &message);
    return answered(self, result, message, DK_GTK_PIPELINE_ERROR_COMMAND, now, NULL);
}
