/*
 * dismisskit.h: DismissKit's C interface.
 *
 * A toolkit (Qt/QML, GTK, Flutter, SDL, Python, ...) gives the library the touches it
 * receives, in its own screen points and times, and the host commands of its kiosk; the
 * library answers with intents (drag the sheet, ask for confirmation, save, dismiss, ...).
 * Everything is synchronous and in-process: after each call, read the intents it produced
 * with dk_pipeline_next_intent() until it returns NULL.
 *
 * Formats (README.md): the scene JSON is a scene file (its "timeline", if any, is checked
 * and ignored, as `gesturectl run --scene` does; its "gestures" set the thresholds); a command is one host-protocol object,
 * e.g. {"type": "confirm", "presentation": "compose", "choice": "discard"}; an intent is
 * one JSON object on one line, keys sorted, exactly as `gesturectl replay --scene` prints it.
 *
 * Commands (SPEC section 7): scene, present, remove, update, confirm, button, accessibility,
 * dismiss, key, and screen:
 *   {"type": "screen", "width": 800, "height": 1280, "widthMM": 136, "heightMM": 217}
 * The window was resized or the display rotated or rescaled: give the touches that follow in
 * the new screen's points. A gesture in progress is cancelled (a drag ends with dragEnded,
 * outcome "cancel"); every presentation, its detent, its unsaved changes and any open question
 * are kept; adaptivity and the stack rules are judged at the new width from then on (a
 * popover is a sheet at a compact width, and a popover again at a regular one); a stack the
 * new width makes invalid (a sheet above what is a popover again) is kept as it is, and later
 * commands may not add a problem to it. Sizes out of range (1 to 100000 points and
 * millimetres, a height above the scene's topInset) are an error; so is a "scene" command with
 * another screen: a screen change is its own command.
 *
 * Scrolled content (SPEC 4.2): a sheet's content offset is the host's "content": {"offset"}.
 * While the pipeline scrolls the content with the finger itself, it says where to:
 *   {"type": "contentScrolled", "presentation": "list", "offset": 120, "time": ...}
 * and when the content reaches 0 the rest of the movement drags the sheet (dragBegan, origin
 * "scrolledContent"). A host whose scroll view scrolls itself sends "update" with
 * "content": {"offset": ...} at any time, also while the finger is down: the latest offset
 * reported is the truth (no contentScrolled follows in that gesture). 0 while the finger moves
 * down hands the finger to the sheet where it is then; an offset above 0 after the hand-off
 * gives it back to the content:
 *   {"type": "dragHandedBack", "presentation": "list", "time": ...}
 * (the sheet is back at its detent; no dragEnded follows). Only the movement after the
 * hand-off counts toward the release velocity.
 *
 * Rules:
 * - A pipeline is used from one thread at a time; several pipelines may live side by side,
 *   on different threads too. dk_version() may be called from any thread.
 * - Strings the library returns (intents, errors) are allocated with malloc and belong to
 *   the caller: free them with dk_string_free(). Strings given to it are only read during
 *   the call.
 * - Nothing the library is given crashes it: bad JSON, a command the scene cannot take or a
 *   NULL string is an error with a message; a NULL pipeline is a no-op that fails (-1).
 *   A touch event the pipeline cannot take is refused (dk_pipeline_touch returns why, a
 *   negative dk_touch_result) and changes nothing; see dk_pipeline_touch.
 *   (A pointer that did not come from the library, or a pipeline already freed, cannot be
 *   detected: as with free(), that is undefined.)
 * - Error messages: "scene_json:LINE: reason" or "command_json:LINE: reason" for a problem in
 *   the JSON text (syntax, an unknown key, a value, a stack rule of a scene), the plain reason
 *   for a well-formed command the scene cannot take (e.g. no presentation "x" in the scene).
 *   When error is not NULL, *error is set to NULL on success.
 *
 * Build: cc prog.c $(pkg-config --cflags --libs dismisskit)
 */
#ifndef DISMISSKIT_H
#define DISMISSKIT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A pipeline: a scene, the gesture recogniser and the dismissal policy. */
typedef struct dk_pipeline dk_pipeline;

/* libinput's touch event types. A touch sequence ends each frame with DK_TOUCH_FRAME, as
 * libinput's do: give one after the downs, motions and ups of the same moment. */
typedef enum {
    DK_TOUCH_DOWN = 0,
    DK_TOUCH_MOTION = 1,
    DK_TOUCH_UP = 2,
    DK_TOUCH_CANCEL = 3,
    DK_TOUCH_FRAME = 4
} dk_touch_type;

/* The package version ("MAJOR.MINOR.PATCH", e.g. "0.1.0"), the same as dismisskit.pc's: the
 * library's own copy, the same pointer on every call; do not free it. */
const char *dk_version(void);

/* A new pipeline on the scene scene_json (a scene file's JSON text, at most 1 MiB as a scene
 * file; its screen holds until a "screen" command changes it). NULL on a bad scene, with
 * *error (if error != NULL) set to a message to free with dk_string_free(). */
dk_pipeline *dk_pipeline_new(const char *scene_json, char **error);

/* Frees the pipeline and the intents not yet read. NULL is fine. */
void dk_pipeline_free(dk_pipeline *pipeline);

/* The seat slots a contact may have: 0 to DK_SEAT_SLOTS - 1, libinput's (its seat's slot map
 * is 32 bits). Map the toolkit's touch ids onto them, lowest free first, as libinput does. */
#define DK_SEAT_SLOTS 32

/* What dk_pipeline_touch answers: DK_TOUCH_TAKEN, or why it refused the touch, which then
 * changes nothing. Every refusal is negative, so a host that tests for a non-zero or negative
 * answer reads each as a refusal; dk_touch_result_name() names them. A refusal is the host's
 * own bug: hardware sends none. */
typedef enum {
    DK_TOUCH_TAKEN = 0,
    DK_TOUCH_REFUSED_NO_PIPELINE = -1,            /* the pipeline is NULL */
    DK_TOUCH_REFUSED_UNKNOWN_TYPE = -2,           /* the type is not a dk_touch_type */
    DK_TOUCH_REFUSED_TIME_OUT_OF_RANGE = -3,      /* time_us is beyond +-2^53 us */
    DK_TOUCH_REFUSED_TIME_WENT_BACK = -4,         /* time_us is earlier than the previous touch's */
    DK_TOUCH_REFUSED_SEAT_SLOT_OUT_OF_RANGE = -5, /* seat_slot is outside 0 to DK_SEAT_SLOTS - 1 */
    DK_TOUCH_REFUSED_POSITION_OUT_OF_RANGE = -6,  /* a down's or motion's x or y is not finite or beyond +-1e9 points */
    DK_TOUCH_REFUSED_SEAT_SLOT_ALREADY_DOWN = -7, /* a down on a seat slot that is down */
    DK_TOUCH_REFUSED_SEAT_SLOT_NOT_DOWN = -8      /* a motion, up or cancel on a seat slot that is not down */
} dk_touch_result;

/* Feeds one touch event. seat_slot identifies the contact while it is down (libinput's seat
 * slot: small numbers, reused after the contact lifts; ignored for frame); x, y are points from
 * the top-left corner of the current screen (the last "screen" command's), ignored for up,
 * cancel and frame; time_us is microseconds on any clock that does not go back (the
 * toolkit's event time), shared with the commands'.
 * Returns DK_TOUCH_TAKEN (0), or the reason it refused the touch (negative; the first that
 * applies, in the order of dk_touch_result). */
dk_touch_result dk_pipeline_touch(dk_pipeline *pipeline, dk_touch_type type, int32_t seat_slot,
                                  double x, double y, int64_t time_us);

/* The name of a dk_pipeline_touch answer: "taken", "noPipeline", "unknownType",
 * "timeOutOfRange", "timeWentBack", "seatSlotOutOfRange", "positionOutOfRange",
 * "seatSlotAlreadyDown" or "seatSlotNotDown"; NULL for another value. The library's own
 * string, the same pointer on every call: do not free it. */
const char *dk_touch_result_name(dk_touch_result result);

/* Applies one host command (JSON of at most 1 MiB, as a command line; see "Commands" above)
 * at time_us, a time beyond +-2^53 us being an error. 0 on success; -1 with *error (if error != NULL) when the command is
 * malformed or the scene cannot take it: nothing changes then. */
int dk_pipeline_command(dk_pipeline *pipeline, const char *command_json, int64_t time_us, char **error);

/* Typed forms of the commands a host sends most, beside dk_pipeline_command: each is exactly
 * the JSON command it names (written with the presentation's id escaped, so any id works, quotes
 * and backslashes included), recorded as that JSON in a session, and answers as
 * dk_pipeline_command does: 0, or -1 with *error (if error != NULL) when the pipeline refuses
 * it, changing nothing. presentation is a presentation's id (UTF-8, not NULL). A value outside
 * its enum is an error. */

/* The answer to a confirmationRequested: {"type": "confirm", "choice": "discard" | "save" | "keepEditing"}. */
typedef enum { DK_CHOICE_DISCARD = 0, DK_CHOICE_SAVE = 1, DK_CHOICE_KEEP_EDITING = 2 } dk_choice;
int dk_pipeline_confirm(dk_pipeline *pipeline, const char *presentation, dk_choice choice, int64_t time_us, char **error);

/* A presentation's own button: {"type": "button", "role": "cancel" | "done"}. */
typedef enum { DK_BUTTON_CANCEL = 0, DK_BUTTON_DONE = 1 } dk_button_role;
int dk_pipeline_button(dk_pipeline *pipeline, const char *presentation, dk_button_role role, int64_t time_us,
                       char **error);

/* An assistive technology's action: {"type": "accessibility", "action": "escape" | "nextDetent" | "previousDetent"}. */
typedef enum {
    DK_ACCESSIBILITY_ESCAPE = 0,
    DK_ACCESSIBILITY_NEXT_DETENT = 1,
    DK_ACCESSIBILITY_PREVIOUS_DETENT = 2
} dk_accessibility_action;
int dk_pipeline_accessibility(dk_pipeline *pipeline, const char *presentation, dk_accessibility_action action,
                              int64_t time_us, char **error);

/* The host's own request to close a presentation: {"type": "dismiss"} (asks when it is unsaved). */
int dk_pipeline_dismiss(dk_pipeline *pipeline, const char *presentation, int64_t time_us, char **error);

/* The host took a presentation away: {"type": "remove"}. */
int dk_pipeline_remove(dk_pipeline *pipeline, const char *presentation, int64_t time_us, char **error);

/* Whether a presentation holds unsaved work (0 or not): {"type": "update", "unsavedChanges": ...}. */
int dk_pipeline_set_unsaved_changes(dk_pipeline *pipeline, const char *presentation, int unsaved, int64_t time_us,
                                    char **error);

/* A host-owned scroll view's offset, in points (SPEC 4.2): {"type": "update", "content": {"offset": ...}}. */
int dk_pipeline_report_content_offset(dk_pipeline *pipeline, const char *presentation, double offset, int64_t time_us,
                                      char **error);

/* The Escape key, for a host that owns the keyboard: {"type": "key", "key": "escape"}. */
int dk_pipeline_escape_key(dk_pipeline *pipeline, int64_t time_us, char **error);

/* The window was resized or the display rotated: {"type": "screen"}, in points and millimetres. */
int dk_pipeline_screen(dk_pipeline *pipeline, double width, double height, double width_mm, double height_mm,
                       int64_t time_us, char **error);

/* Records the session to the file at path (created or replaced, mode 0600): the scene, every
 * touch as it is given, every command with its time and every intent, as JSON Lines that
 * `gesturectl replay path` replays to the same intents (README, "Session files"). The file is
 * written at each frame and after each command, and closed by dk_pipeline_free(). Call it after
 * dk_pipeline_new() and before the first touch or command. 0 on success; -1 with *error (if
 * error != NULL) when the file cannot be created, the pipeline already records, or a touch or
 * command came first. A write that fails later ends the recording; the pipeline goes on. */
int dk_pipeline_record(dk_pipeline *pipeline, const char *path, char **error);

/* The next intent as one JSON object (no newline), to free with dk_string_free(); NULL when
 * there is none (or pipeline is NULL). Intents come in the order they were decided. */
char *dk_pipeline_next_intent(dk_pipeline *pipeline);

/* Frees a string the library returned. NULL is fine. */
void dk_string_free(char *string);

/* --- Explanations and typed intents, for toolkits --- */

/* With on != 0, the recogniser's decisions come out of dk_pipeline_next_intent too, as
 * {"type":"decision",...} objects, and intents carry their "explain" figures: after each call,
 * its decisions, then the intents it caused, the lines `gesturectl replay --explain` prints
 * (README "Intents"). Off by default; 0 turns it off (decisions already decided still come out).
 * A NULL pipeline is a no-op. */
void dk_pipeline_explain(dk_pipeline *pipeline, int on);

/* The type of a dk_intent: the intent types of README "Intents", and a decision. */
typedef enum {
    DK_INTENT_DRAG_BEGAN = 0,             /* presentation, origin */
    DK_INTENT_DRAG_CHANGED = 1,           /* presentation, offset, velocity */
    DK_INTENT_DRAG_ENDED = 2,             /* presentation, outcome, detent */
    DK_INTENT_DRAG_HANDED_BACK = 3,       /* presentation */
    DK_INTENT_CONTENT_SCROLLED = 4,       /* presentation, offset */
    DK_INTENT_SET_DETENT = 5,             /* presentation, detent, cause */
    DK_INTENT_PASSTHROUGH_TAP = 6,        /* x, y */
    DK_INTENT_CONFIRMATION_REQUESTED = 7, /* presentation, source, options */
    DK_INTENT_SAVE = 8,                   /* presentation */
    DK_INTENT_DISMISS = 9,                /* presentation, source, resolution */
    DK_INTENT_CANCELLED = 10,             /* presentation */
    DK_INTENT_REJECTED = 11,              /* presentation, source, reason */
    DK_INTENT_DECISION = 12               /* with dk_pipeline_explain: presentation (or NULL), json */
} dk_intent_type;

/* The most answers a confirmation offers. */
#define DK_CONFIRMATION_OPTIONS_MAX 8

/* The closed sets of an intent's fields, as enums beside their names (dk_intent's last fields),
 * in the order README's "Intents" lists them. */
typedef enum { DK_ORIGIN_TOP_REGION = 0, DK_ORIGIN_SCROLLED_CONTENT = 1, DK_ORIGIN_GRABBER = 2 } dk_drag_origin;
typedef enum { DK_OUTCOME_DISMISS_ATTEMPT = 0, DK_OUTCOME_SETTLE = 1, DK_OUTCOME_CANCEL = 2 } dk_drag_outcome;
typedef enum { DK_DETENT_MEDIUM = 0, DK_DETENT_LARGE = 1, DK_DETENT_CUSTOM = 2 } dk_detent_kind;
typedef enum {
    DK_CAUSE_GRABBER_TAP = 0,
    DK_CAUSE_GRABBER_DRAG = 1,
    DK_CAUSE_SWIPE = 2,
    DK_CAUSE_SCROLL_EXPAND = 3,
    DK_CAUSE_ACCESSIBILITY = 4
} dk_detent_cause;
typedef enum {
    DK_SOURCE_SWIPE_FROM_TOP = 0,
    DK_SOURCE_SWIPE_SCROLLED_CONTENT = 1,
    DK_SOURCE_GRABBER_DRAG = 2,
    DK_SOURCE_TAP_OUTSIDE = 3,
    DK_SOURCE_ESCAPE_KEY = 4,
    DK_SOURCE_CANCEL_BUTTON = 5,
    DK_SOURCE_DONE_BUTTON = 6,
    DK_SOURCE_ACCESSIBILITY_ESCAPE = 7,
    DK_SOURCE_PROGRAMMATIC = 8
} dk_dismissal_source;
typedef enum {
    DK_RESOLUTION_DIRECT = 0,
    DK_RESOLUTION_DISCARDED = 1,
    DK_RESOLUTION_SAVED = 2,
    DK_RESOLUTION_AUTOSAVED = 3
} dk_dismiss_resolution;

/* One intent as fields, the values of its JSON form's keys. The fields its type does not have
 * are NULL or 0. Names are the JSON's strings ("topRegion", "dismissAttempt", "swipeFromTop",
 * "discard", ...), and the same as enums in the last fields. The strings belong to the pipeline
 * and stay valid until the next call on it (any function but dk_pipeline_explain) or its
 * dk_pipeline_free: copy what you keep. */
typedef struct {
    dk_intent_type type;
    int64_t time_us;              /* "time" */
    const char *presentation;     /* NULL for passthroughTap (and a decision without one) */
    const char *origin;           /* dragBegan */
    const char *outcome;          /* dragEnded */
    const char *detent;           /* dragEnded, setDetent: "medium", "large", or "custom" ... */
    double detent_height;         /* ... with the custom height in points here */
    const char *cause;            /* setDetent */
    const char *source;           /* confirmationRequested, dismiss, rejected */
    const char *resolution;       /* dismiss */
    const char *reason;           /* rejected, in words */
    double offset;                /* dragChanged, contentScrolled: points */
    double velocity;              /* dragChanged: points/s */
    double x, y;                  /* passthroughTap: points */
    int32_t option_count;         /* confirmationRequested: the answers, in order */
    const char *options[DK_CONFIRMATION_OPTIONS_MAX];
    const char *json;             /* a decision: its JSON object, as dk_pipeline_next_intent gives it */
    /* The names above as enums, for the types that have them (0 otherwise): */
    dk_drag_origin drag_origin;                         /* origin */
    dk_drag_outcome drag_outcome;                       /* outcome */
    dk_detent_kind detent_kind;                         /* detent */
    dk_detent_cause detent_cause;                       /* cause */
    dk_dismissal_source dismissal_source;               /* source */
    dk_dismiss_resolution dismiss_resolution;           /* resolution */
    dk_choice choices[DK_CONFIRMATION_OPTIONS_MAX];     /* options */
} dk_intent;

/* The next intent (or decision), the one dk_pipeline_next_intent would give, read into *intent.
 * 1 when *intent is filled, 0 when there is none, -1 when pipeline or intent is NULL. Numbers
 * are the pipeline's own doubles (the JSON form rounds them to 0.001). Both readers take from
 * the same queue, so they may be mixed. */
int dk_pipeline_next_typed_intent(dk_pipeline *pipeline, dk_intent *intent);

/* The JSON "type" of an intent type ("dragBegan", ..., "decision"), in static storage; NULL for
 * a value outside the enum. */
const char *dk_intent_type_name(dk_intent_type type);

#ifdef __cplusplus
}
#endif

#endif /* DISMISSKIT_H */
