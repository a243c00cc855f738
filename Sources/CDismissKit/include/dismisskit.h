/**
 * @file dismisskit.h
 * @brief touches and host commands in, modal-dismissal intents out
 *
 * A toolkit (Qt, GTK, SDL, Python, ...) gives a pipeline the touches it receives, in its own
 * screen points and times, and its kiosk's host commands; the pipeline answers with intents
 * (drag the sheet, ask for confirmation, save, dismiss). Every call is synchronous: read the
 * intents it produced with dk_pipeline_next_intent() or dk_pipeline_next_typed_intent() until
 * there are none. Scenes, commands and intents are the JSON that gesturectl(1) reads and
 * prints: dismisskit-scene(5) and dismisskit-protocol(7).
 *
 * @par Example
 * @code
 * // flick.c: cc flick.c $(pkg-config --cflags --libs dismisskit)
 * char *error = NULL, *intent;
 * dk_pipeline *p = dk_pipeline_new("{\"presentations\": [{\"id\": \"compose\", \"style\": \"sheet\"}]}", &error);
 * if (!p) { fprintf(stderr, "%s\n", error); dk_string_free(error); return 1; }
 * for (int i = 0; i <= 13; i++) {  // a flick down a sheet at 120 Hz
 *     dk_pipeline_touch(p, i == 0 ? DK_TOUCH_DOWN : i < 13 ? DK_TOUCH_MOTION : DK_TOUCH_UP, 0, 300, 70 + 12.5 * i, i * 8333);
 *     dk_pipeline_touch(p, DK_TOUCH_FRAME, 0, 0, 0, i * 8333);
 * }
 * while ((intent = dk_pipeline_next_intent(p))) { puts(intent); dk_string_free(intent); }
 * dk_pipeline_free(p);
 * @endcode
 */
#ifndef DISMISSKIT_H
#define DISMISSKIT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup pipeline Pipelines
 * A pipeline is a scene, the gesture recogniser and the dismissal policy.
 *
 * A pipeline is used from one thread at a time; several pipelines may live side by side, on
 * different threads too. dk_version() may be called from any thread.
 *
 * Strings the library returns (intents, errors) are allocated with malloc and belong to the
 * caller: free them with dk_string_free(). Strings given to it are only read during the call.
 *
 * Nothing the library is given crashes it: bad JSON, a command the scene cannot take or a
 * NULL string is an error with a message, and a NULL pipeline is a no-op that fails. (A
 * pointer that did not come from the library, or a pipeline already freed, cannot be
 * detected: as with free(), that is undefined.)
 *
 * An error message is "scene_json:LINE: reason" or "command_json:LINE: reason" for a problem
 * in the JSON text (syntax, an unknown key, a value, a stack rule of a scene), and the plain
 * reason for a well-formed command the scene cannot take ("no presentation "x" in the
 * scene"). When error is not NULL, *error is set to NULL on success.
 * @{
 */

/** @brief A pipeline: a scene, the gesture recogniser and the dismissal policy.
 *  @since 0.1.0 */
typedef struct dk_pipeline dk_pipeline;

/**
 * @brief The package version, "MAJOR.MINOR.PATCH", the same as pkg-config --modversion dismisskit.
 * @return the library's own string, the same pointer on every call: do not free it.
 * @since 0.1.0
 */
const char *dk_version(void);

/**
 * @brief Makes a pipeline on a scene.
 * @param scene_json a scene file's JSON text, at most 1 MiB: its "gestures" set the thresholds,
 *        and its "timeline", if any, is checked and ignored; its screen holds until a "screen"
 *        command changes it.
 * @param error NULL, or where to put a message on a bad scene, to free with dk_string_free().
 * @return the pipeline, or NULL on a bad scene.
 * @since 0.1.0
 */
dk_pipeline *dk_pipeline_new(const char *scene_json, char **error);

/**
 * @brief Frees a pipeline, the intents not yet read, and closes its recording.
 * @param pipeline the pipeline; NULL is fine.
 * @since 0.1.0
 */
void dk_pipeline_free(dk_pipeline *pipeline);

/**
 * @brief Frees a string the library returned.
 * @param string the string; NULL is fine.
 * @since 0.1.0
 */
void dk_string_free(char *string);

/** @} */

/**
 * @defgroup touches Touches
 * The touches a toolkit receives, as libinput's touch events: each contact goes down, moves
 * and goes up (or is cancelled), and a frame ends the events of one moment.
 *
 * A touch the pipeline cannot take is refused, with a reason, and changes nothing. A
 * refusal is the host's own bug: hardware sends none.
 * @{
 */

/** @brief libinput's touch event types. A frame follows the downs, motions and ups of the same
 *  moment, as libinput's do.
 *  @since 0.1.0 */
typedef enum {
    DK_TOUCH_DOWN = 0,   /**< "down": a contact goes down */
    DK_TOUCH_MOTION = 1, /**< "motion": a contact moves */
    DK_TOUCH_UP = 2,     /**< "up": a contact lifts */
    DK_TOUCH_CANCEL = 3, /**< "cancel": a contact is taken away (by another gesture, or a palm) */
    DK_TOUCH_FRAME = 4   /**< "frame": the end of one moment's events */
} dk_touch_type;

/** @brief The seat slots a contact may have: 0 to DK_SEAT_SLOTS - 1, libinput's (its seat's slot
 *  map is 32 bits). Map the toolkit's touch ids onto them, lowest free first, as libinput does.
 *  @since 0.1.0 */
#define DK_SEAT_SLOTS 32

/** @brief What dk_pipeline_touch() answers: DK_TOUCH_TAKEN, or why it refused the touch. Every
 *  refusal is negative, so a host that tests for a negative answer reads each as a refusal.
 *  @since 0.2.0 */
typedef enum {
    DK_TOUCH_TAKEN = 0,                           /**< "taken": the touch was taken */
    DK_TOUCH_REFUSED_NO_PIPELINE = -1,            /**< "noPipeline": the pipeline is NULL */
    DK_TOUCH_REFUSED_UNKNOWN_TYPE = -2,           /**< "unknownType": the type is not a dk_touch_type */
    DK_TOUCH_REFUSED_TIME_OUT_OF_RANGE = -3,      /**< "timeOutOfRange": time_us is beyond +-2^53 us */
    DK_TOUCH_REFUSED_TIME_WENT_BACK = -4,         /**< "timeWentBack": time_us is earlier than the previous touch's */
    DK_TOUCH_REFUSED_SEAT_SLOT_OUT_OF_RANGE = -5, /**< "seatSlotOutOfRange": seat_slot is outside 0 to DK_SEAT_SLOTS - 1 */
    DK_TOUCH_REFUSED_POSITION_OUT_OF_RANGE = -6,  /**< "positionOutOfRange": a down's or motion's x or y is not finite or beyond +-1e9 points */
    DK_TOUCH_REFUSED_SEAT_SLOT_ALREADY_DOWN = -7, /**< "seatSlotAlreadyDown": a down on a seat slot that is down */
    DK_TOUCH_REFUSED_SEAT_SLOT_NOT_DOWN = -8      /**< "seatSlotNotDown": a motion, up or cancel on a seat slot that is not down */
} dk_touch_result;

/**
 * @brief Feeds one touch event.
 * @param pipeline the pipeline.
 * @param type the event's type.
 * @param seat_slot the contact while it is down: libinput's seat slot, small numbers reused after
 *        the contact lifts (ignored for a frame).
 * @param x points from the top-left corner of the current screen (the last "screen" command's);
 *        ignored for up, cancel and frame.
 * @param y as x, downward.
 * @param time_us microseconds on any clock that does not go back (the toolkit's event time),
 *        shared with the commands'.
 * @return DK_TOUCH_TAKEN (0), or the reason the touch was refused: the first that applies, in
 *         dk_touch_result's order.
 * @since 0.1.0
 */
dk_touch_result dk_pipeline_touch(dk_pipeline *pipeline, dk_touch_type type, int32_t seat_slot, double x, double y,
                                  int64_t time_us);

/**
 * @brief Names an answer of dk_pipeline_touch(): "taken", "noPipeline", "unknownType",
 *        "timeOutOfRange", "timeWentBack", "seatSlotOutOfRange", "positionOutOfRange",
 *        "seatSlotAlreadyDown" or "seatSlotNotDown".
 * @param result the answer.
 * @return the library's own string, the same pointer on every call (do not free it), or NULL for a
 *         value outside the enum.
 * @since 0.2.0
 */
const char *dk_touch_result_name(dk_touch_result result);

/** @} */

/**
 * @defgroup commands Host commands
 * What the kiosk tells the pipeline (SPEC section 7), as one JSON object each: scene, present,
 * remove, update, confirm, button, accessibility, dismiss, key, screen, keyboard and tick.
 *
 * For example {"type": "confirm", "presentation": "compose", "choice": "discard"}.
 *
 * Each function here answers 0, or -1 with *error set (when error is not NULL) when the
 * command is malformed or the scene cannot take it: nothing changes then. A time beyond
 * +-2^53 us is an error, and so is one earlier than the latest command or taken touch (time
 * goes forward, for commands as for touches); a refused time is not recorded.
 *
 * The typed functions are each exactly the JSON command they name, written with the
 * presentation's id escaped (any UTF-8 id works, quotes and backslashes included), and
 * recorded as that JSON in a session. presentation is a presentation's id, not NULL. Their
 * errors name the argument as it was passed, never a command_json the caller did not write: a
 * value outside its enum is "choice: -1 is not a dk_choice of dismisskit.h", a NaN or infinite
 * number "offset: NaN is not a finite number" (neither is recorded), and a value the command's
 * rules refuse names its field ("width: expected a positive number").
 * @{
 */

/**
 * @brief Applies one host command.
 * @param pipeline the pipeline.
 * @param command_json one host-protocol JSON object, at most 1 MiB.
 * @param time_us the command's time, on the touches' clock.
 * @param error NULL, or where to put the reason the command was refused.
 * @return 0, or -1 when the command was refused.
 * @since 0.1.0
 */
int dk_pipeline_command(dk_pipeline *pipeline, const char *command_json, int64_t time_us, char **error);

/** @brief The answers to a confirmationRequested intent.
 *  @since 0.2.0 */
typedef enum {
    DK_CHOICE_DISCARD = 0,     /**< "discard": throw the unsaved work away and dismiss */
    DK_CHOICE_SAVE = 1,        /**< "save": save, then dismiss */
    DK_CHOICE_KEEP_EDITING = 2 /**< "keepEditing": stay */
} dk_choice;

/**
 * @brief Answers a confirmationRequested: {"type": "confirm"}.
 * @param pipeline the pipeline.
 * @param presentation the presentation asked about.
 * @param choice the answer.
 * @param time_us the command's time.
 * @param error NULL, or where to put the reason the command was refused.
 * @return 0, or -1 when the command was refused.
 * @since 0.2.0
 */
int dk_pipeline_confirm(dk_pipeline *pipeline, const char *presentation, dk_choice choice, int64_t time_us,
                        char **error);

/** @brief A presentation's own buttons.
 *  @since 0.2.0 */
typedef enum {
    DK_BUTTON_CANCEL = 0, /**< "cancel": the Cancel button */
    DK_BUTTON_DONE = 1    /**< "done": the Done button */
} dk_button_role;

/**
 * @brief A presentation's own button was pressed: {"type": "button"}.
 * @param pipeline the pipeline.
 * @param presentation the presentation.
 * @param role the button.
 * @param time_us the command's time.
 * @param error NULL, or where to put the reason the command was refused.
 * @return 0, or -1 when the command was refused.
 * @since 0.2.0
 */
int dk_pipeline_button(dk_pipeline *pipeline, const char *presentation, dk_button_role role, int64_t time_us,
                       char **error);

/** @brief An assistive technology's actions.
 *  @since 0.2.0 */
typedef enum {
    DK_ACCESSIBILITY_ESCAPE = 0,         /**< "escape": dismiss, as the Escape key */
    DK_ACCESSIBILITY_NEXT_DETENT = 1,    /**< "nextDetent": the next larger detent */
    DK_ACCESSIBILITY_PREVIOUS_DETENT = 2 /**< "previousDetent": the next smaller detent */
} dk_accessibility_action;

/** @brief What an idle reset does with unsaved work (the scene's idle "unsaved").
 *  @since 0.2.0 */
typedef enum {
    DK_IDLE_UNSAVED_SAVE = 0,    /**< "save": save it, then dismiss (resolution "saved") */
    DK_IDLE_UNSAVED_DISCARD = 1, /**< "discard": dismiss it unsaved (resolution "discarded") */
    DK_IDLE_UNSAVED_KEEP = 2     /**< "keep": keep it and everything below it, and ask the question (source "idle") */
} dk_idle_unsaved;

/**
 * @brief An assistive technology's action on a presentation: {"type": "accessibility"}.
 * @param pipeline the pipeline.
 * @param presentation the presentation.
 * @param action the action.
 * @param time_us the command's time.
 * @param error NULL, or where to put the reason the command was refused.
 * @return 0, or -1 when the command was refused.
 * @since 0.2.0
 */
int dk_pipeline_accessibility(dk_pipeline *pipeline, const char *presentation, dk_accessibility_action action,
                              int64_t time_us, char **error);

/**
 * @brief The host's own request to close a presentation: {"type": "dismiss"}. An unsaved one is
 *        asked about first.
 * @param pipeline the pipeline.
 * @param presentation the presentation.
 * @param time_us the command's time.
 * @param error NULL, or where to put the reason the command was refused.
 * @return 0, or -1 when the command was refused.
 * @since 0.2.0
 */
int dk_pipeline_dismiss(dk_pipeline *pipeline, const char *presentation, int64_t time_us, char **error);

/**
 * @brief The host took a presentation away: {"type": "remove"}.
 * @param pipeline the pipeline.
 * @param presentation the presentation.
 * @param time_us the command's time.
 * @param error NULL, or where to put the reason the command was refused.
 * @return 0, or -1 when the command was refused.
 * @since 0.2.0
 */
int dk_pipeline_remove(dk_pipeline *pipeline, const char *presentation, int64_t time_us, char **error);

/**
 * @brief Whether a presentation holds unsaved work: {"type": "update", "unsavedChanges": ...}.
 * @param pipeline the pipeline.
 * @param presentation the presentation.
 * @param unsaved 0 for none, anything else for some.
 * @param time_us the command's time.
 * @param error NULL, or where to put the reason the command was refused.
 * @return 0, or -1 when the command was refused.
 * @since 0.2.0
 */
int dk_pipeline_set_unsaved_changes(dk_pipeline *pipeline, const char *presentation, int unsaved, int64_t time_us,
                                    char **error);

/**
 * @brief A host-owned scroll view's offset (SPEC 4.2): {"type": "update", "content": {"offset":
 *        ...}}.
 *
 * Send it whenever the content scrolls, also while the finger is down: the latest offset is
 * the truth. 0 while the finger moves down hands the finger to the sheet where it is then
 * (dragBegan, origin "scrolledContent"); an offset above 0 after the hand-off gives it back to
 * the content (dragHandedBack: the sheet is back at its detent, and no dragEnded follows).
 * Only the movement after the hand-off counts toward the release velocity. A host that sends
 * no offsets during a gesture lets the pipeline scroll the content itself: it says where to
 * with contentScrolled intents.
 * @param pipeline the pipeline.
 * @param presentation the sheet whose content scrolled.
 * @param offset points the content is scrolled down from its top (0 at the top).
 * @param time_us the command's time.
 * @param error NULL, or where to put the reason the command was refused.
 * @return 0, or -1 when the command was refused.
 * @since 0.2.0
 */
int dk_pipeline_report_content_offset(dk_pipeline *pipeline, const char *presentation, double offset, int64_t time_us,
                                      char **error);

/**
 * @brief The Escape key, for a host that owns the keyboard: {"type": "key", "key": "escape"}.
 * @param pipeline the pipeline.
 * @param time_us the command's time.
 * @param error NULL, or where to put the reason the command was refused.
 * @return 0, or -1 when the command was refused.
 * @since 0.2.0
 */
int dk_pipeline_escape_key(dk_pipeline *pipeline, int64_t time_us, char **error);

/**
 * @brief The window was resized, or the display rotated or rescaled: {"type": "screen"}.
 *
 * Give the touches that follow in the new screen's points. A gesture in progress is cancelled
 * (a drag ends with dragEnded, outcome "cancel"); every presentation, its detent, its unsaved
 * changes and any open question are kept; adaptivity and the stack rules are judged at the
 * new width from then on (a popover is a sheet at a compact width). A stack the new width
 * makes invalid is kept as it is, and later commands may not add a problem to it.
 * @param pipeline the pipeline.
 * @param width the screen's width in points, 1 to 100000.
 * @param height its height in points, above the scene's topInset and at most 100000.
 * @param width_mm its width in millimetres, 1 to 100000.
 * @param height_mm its height in millimetres, 1 to 100000.
 * @param time_us the command's time.
 * @param error NULL, or where to put the reason the command was refused.
 * @return 0, or -1 when the command was refused.
 * @since 0.2.0
 */
int dk_pipeline_screen(dk_pipeline *pipeline, double width, double height, double width_mm, double height_mm,
                       int64_t time_us, char **error);

/**
 * @brief The on-screen keyboard docked at the bottom showed, hid or changed height: {"type":
 *        "keyboard"}.
 *
 * Report it whenever it shows, hides or changes height; a floating keyboard is hidden (0).
 * While it is shown, sheets are laid out in the room above it, a touch that lands on it is
 * the keyboard's (no tap outside, and it cancels nothing), a sheet below its largest detent
 * grows to it (setDetent, cause "keyboard"), and the keyboard goes first: hideKeyboard
 * comes before a drag's dragBegan and before a confirmationRequested, and Escape only asks
 * for it. Hide the keyboard then (take the focus from the text field) and report 0. A
 * change of height cancels nothing.
 * @param pipeline the pipeline.
 * @param height the keyboard's height in points, from 0 (hidden) to the screen's height.
 * @param time_us the command's time.
 * @param error NULL, or where to put the reason the command was refused.
 * @return 0, or -1 when the command was refused.
 * @since 0.2.0
 */
int dk_pipeline_keyboard(dk_pipeline *pipeline, double height, int64_t time_us, char **error);

/**
 * @brief The host's clock, for the scene's idle rule: {"type": "tick"}.
 *
 * Every touch and command is activity and restarts the idle clock; only a tick can find the
 * kiosk idle: it gives idleWarning at the warning's time and, at the deadline, the reset
 * (everything dismissed from the top down with source "idle", unsaved work by the scene's
 * rule, then idleReset). Tick at the time dk_pipeline_next_tick() gives, and at least once
 * a second while it gives one; a tick changes nothing else.
 * @param pipeline the pipeline.
 * @param time_us now, on the clock of the touches' times.
 * @param error NULL, or where to put the reason the command was refused.
 * @return 0, or -1 when the command was refused.
 * @since 0.2.0
 */
int dk_pipeline_tick(dk_pipeline *pipeline, int64_t time_us, char **error);

/**
 * @brief Sets the scene's idle rule: a {"type": "scene"} of the scene as it is, with this rule.
 *
 * Only a scene command changes the rule, so the library writes one from the pipeline's own
 * scene: the presentations, their detents, unsaved work and open questions stay as they are.
 * The call is activity, like every command but a tick.
 * @param pipeline the pipeline.
 * @param after_us microseconds without activity before the reset, more than warning_us, at most
 *        2^53.
 * @param warning_us microseconds before the reset that idleWarning comes, 0 or more.
 * @param unsaved what the reset does with unsaved work.
 * @param time_us the command's time.
 * @param error NULL, or where to put the reason the command was refused.
 * @return 0, or -1 when the command was refused.
 * @since 0.2.0
 */
int dk_pipeline_set_idle_rule(dk_pipeline *pipeline, int64_t after_us, int64_t warning_us, dk_idle_unsaved unsaved,
                              int64_t time_us, char **error);

/**
 * @brief Takes the scene's idle rule away: a {"type": "scene"} of the scene as it is, without one.
 * @param pipeline the pipeline.
 * @param time_us the command's time.
 * @param error NULL, or where to put the reason the command was refused.
 * @return 0, or -1 when the command was refused.
 * @since 0.2.0
 */
int dk_pipeline_clear_idle_rule(dk_pipeline *pipeline, int64_t time_us, char **error);

/**
 * @brief When the pipeline next needs a dk_pipeline_tick(), if it does.
 *
 * A tick is needed while the scene has an idle rule, something is presented, no finger is
 * down and this idle period's deadline is not met: then at the warning's time, then at the
 * deadline. None is needed otherwise, so a kiosk nobody uses wakes up for nothing. Ask
 * again after each call that feeds the pipeline. Before the pipeline's first event the
 * time is the earliest there is: tick at once, which starts its clock.
 * @param pipeline the pipeline.
 * @param time_us where to put the time of the tick, on the clock of the touches' times.
 * @return 1 when a tick is needed and *time_us is set, 0 when none is, -1 when pipeline or time_us
 *         is NULL.
 * @since 0.2.0
 */
int dk_pipeline_next_tick(dk_pipeline *pipeline, int64_t *time_us);

/** @} */

/**
 * @defgroup intents Intents
 * What the pipeline decided, in the order it decided it: one JSON object on one line, keys
 * sorted, exactly as gesturectl replay --scene prints it (dismisskit-protocol(7)), or the same as
 * a dk_intent. Both readers take from the same queue, so they may be mixed.
 * @{
 */

/**
 * @brief The next intent as one JSON object, without a newline.
 * @param pipeline the pipeline.
 * @return the intent, to free with dk_string_free(), or NULL when there is none (or pipeline is
 *         NULL).
 * @since 0.1.0
 */
char *dk_pipeline_next_intent(dk_pipeline *pipeline);

/**
 * @brief Turns explanations on or off (off by default).
 *
 * When on, the recogniser's decisions come out of the readers too, as {"type":"decision",...}
 * objects before the intents they caused, and intents carry their "explain" figures: the lines
 * gesturectl replay --explain prints. Decisions already made still come out after it is
 * turned off.
 * @param pipeline the pipeline; NULL is a no-op.
 * @param on 0 for off, anything else for on.
 * @since 0.2.0
 */
void dk_pipeline_explain(dk_pipeline *pipeline, int on);

/** @brief An intent's type: dismisskit-protocol(7)'s intent types, and a decision.
 *  @since 0.2.0 */
typedef enum {
    DK_INTENT_DRAG_BEGAN = 0,             /**< "dragBegan": presentation, origin */
    DK_INTENT_DRAG_CHANGED = 1,           /**< "dragChanged": presentation, offset, velocity */
    DK_INTENT_DRAG_ENDED = 2,             /**< "dragEnded": presentation, outcome, detent */
    DK_INTENT_DRAG_HANDED_BACK = 3,       /**< "dragHandedBack": presentation */
    DK_INTENT_CONTENT_SCROLLED = 4,       /**< "contentScrolled": presentation, offset */
    DK_INTENT_SET_DETENT = 5,             /**< "setDetent": presentation, detent, cause */
    DK_INTENT_PASSTHROUGH_TAP = 6,        /**< "passthroughTap": x, y */
    DK_INTENT_CONFIRMATION_REQUESTED = 7, /**< "confirmationRequested": presentation, source, options */
    DK_INTENT_SAVE = 8,                   /**< "save": presentation */
    DK_INTENT_DISMISS = 9,                /**< "dismiss": presentation, source, resolution */
    DK_INTENT_CANCELLED = 10,             /**< "cancelled": presentation */
    DK_INTENT_REJECTED = 11,              /**< "rejected": presentation, source, reason */
    DK_INTENT_DECISION = 12,              /**< "decision", with dk_pipeline_explain(): presentation, json */
    DK_INTENT_HIDE_KEYBOARD = 13,         /**< "hideKeyboard": presentation, reason */
    DK_INTENT_IDLE_WARNING = 14,          /**< "idleWarning": deadline, remaining */
    DK_INTENT_IDLE_CANCELLED = 15,        /**< "idleCancelled" */
    DK_INTENT_IDLE_RESET = 16             /**< "idleReset" */
} dk_intent_type;

/**
 * @brief The JSON "type" of an intent type ("dragBegan", ..., "decision").
 * @param type the type.
 * @return a string in static storage, or NULL for a value outside the enum.
 * @since 0.2.0
 */
const char *dk_intent_type_name(dk_intent_type type);

/** @brief The most answers a confirmation offers.
 *  @since 0.2.0 */
#define DK_CONFIRMATION_OPTIONS_MAX 8

/** @brief Where a drag began (dragBegan's "origin").
 *  @since 0.2.0 */
typedef enum {
    DK_ORIGIN_TOP_REGION = 0,       /**< "topRegion": the sheet's top region */
    DK_ORIGIN_SCROLLED_CONTENT = 1, /**< "scrolledContent": content at its top, handed off */
    DK_ORIGIN_GRABBER = 2           /**< "grabber": the grabber */
} dk_drag_origin;

/** @brief How a drag ended (dragEnded's "outcome").
 *  @since 0.2.0 */
typedef enum {
    DK_OUTCOME_DISMISS_ATTEMPT = 0, /**< "dismissAttempt": the policy judges it next */
    DK_OUTCOME_SETTLE = 1,          /**< "settle": back to a detent */
    DK_OUTCOME_CANCEL = 2           /**< "cancel": the gesture was taken away */
} dk_drag_outcome;

/** @brief A detent's kind.
 *  @since 0.2.0 */
typedef enum {
    DK_DETENT_MEDIUM = 0, /**< "medium": half the screen */
    DK_DETENT_LARGE = 1,  /**< "large": the full height */
    DK_DETENT_CUSTOM = 2  /**< "custom": a custom height, in dk_intent's detent_height */
} dk_detent_kind;

/** @brief Why the detent changed (setDetent's "cause").
 *  @since 0.2.0 */
typedef enum {
    DK_CAUSE_GRABBER_TAP = 0,   /**< "grabberTap": a tap on the grabber */
    DK_CAUSE_GRABBER_DRAG = 1,  /**< "grabberDrag": a drag of the grabber */
    DK_CAUSE_SWIPE = 2,         /**< "swipe": a swipe */
    DK_CAUSE_SCROLL_EXPAND = 3, /**< "scrollExpand": content scrolled at a smaller detent */
    DK_CAUSE_ACCESSIBILITY = 4, /**< "accessibility": an assistive technology's action */
    DK_CAUSE_KEYBOARD = 5       /**< "keyboard": the on-screen keyboard showed */
} dk_detent_cause;

/** @brief Why the on-screen keyboard should hide (hideKeyboard's "reason").
 *  @since 0.2.0 */
typedef enum {
    DK_KEYBOARD_HIDING_DRAG = 0,      /**< "drag": a drag of the topmost sheet began */
    DK_KEYBOARD_HIDING_QUESTION = 1,  /**< "question": a question is about to be asked */
    DK_KEYBOARD_HIDING_ESCAPE_KEY = 2 /**< "escapeKey": Escape was pressed, and attempts nothing while the keyboard is shown */
} dk_keyboard_hiding_reason;

/** @brief What asked for a dismissal ("source").
 *  @since 0.2.0 */
typedef enum {
    DK_SOURCE_SWIPE_FROM_TOP = 0,         /**< "swipeFromTop": a swipe down from the sheet's top */
    DK_SOURCE_SWIPE_SCROLLED_CONTENT = 1, /**< "swipeScrolledContent": a swipe down on content at its top */
    DK_SOURCE_GRABBER_DRAG = 2,           /**< "grabberDrag": the grabber dragged below the smallest detent */
    DK_SOURCE_TAP_OUTSIDE = 3,            /**< "tapOutside": a tap outside */
    DK_SOURCE_ESCAPE_KEY = 4,             /**< "escapeKey": the Escape key */
    DK_SOURCE_CANCEL_BUTTON = 5,          /**< "cancelButton": the presentation's Cancel button */
    DK_SOURCE_DONE_BUTTON = 6,            /**< "doneButton": the presentation's Done button */
    DK_SOURCE_ACCESSIBILITY_ESCAPE = 7,   /**< "accessibilityEscape": an assistive technology's escape */
    DK_SOURCE_PROGRAMMATIC = 8,           /**< "programmatic": the host's dismiss command */
    DK_SOURCE_IDLE = 9                    /**< "idle": the scene's idle rule, at its deadline */
} dk_dismissal_source;

/** @brief How a dismissal was resolved (dismiss's "resolution").
 *  @since 0.2.0 */
typedef enum {
    DK_RESOLUTION_DIRECT = 0,    /**< "direct": nothing was unsaved */
    DK_RESOLUTION_DISCARDED = 1, /**< "discarded": the user chose to discard */
    DK_RESOLUTION_SAVED = 2,     /**< "saved": the user chose to save */
    DK_RESOLUTION_AUTOSAVED = 3  /**< "autosaved": a non-modal popover saved by itself */
} dk_dismiss_resolution;

/** @brief One intent as fields: the values of its JSON form's keys.
 *
 * The fields its type does not have are NULL or 0. Names are the JSON's strings ("topRegion",
 * "dismissAttempt", "swipeFromTop", "discard", ...), and the same as enums in the last fields.
 * Numbers are the pipeline's own doubles (the JSON form rounds them to 0.001). The strings
 * belong to the pipeline and stay valid until the next call on it (any function but
 * dk_pipeline_explain()) or its dk_pipeline_free(): copy what you keep.
 *  @since 0.2.0 */
typedef struct {
    dk_intent_type type;      /**< the intent's type */
    int64_t time_us;          /**< "time" */
    const char *presentation; /**< NULL for passthroughTap (and a decision without one) */
    const char *origin;       /**< dragBegan */
    const char *outcome;      /**< dragEnded */
    const char *detent;       /**< dragEnded, setDetent: "medium", "large", or "custom" ... */
    double detent_height;     /**< ... with the custom height in points here */
    const char *cause;        /**< setDetent */
    const char *source;       /**< confirmationRequested, dismiss, rejected */
    const char *resolution;   /**< dismiss */
    const char *reason;       /**< rejected, in words; hideKeyboard, its name */
    double offset;            /**< dragChanged, contentScrolled: points */
    double velocity;          /**< dragChanged: points/s */
    double x, y;              /**< passthroughTap: points */
    int32_t option_count;     /**< confirmationRequested: how many answers, in order ... */
    const char *options[DK_CONFIRMATION_OPTIONS_MAX]; /**< ... and their names */
    const char *json;                                 /**< a decision: its JSON object, as dk_pipeline_next_intent() gives it */
    dk_drag_origin drag_origin;                       /**< origin, as an enum */
    dk_drag_outcome drag_outcome;                     /**< outcome, as an enum */
    dk_detent_kind detent_kind;                       /**< detent, as an enum */
    dk_detent_cause detent_cause;                     /**< cause, as an enum */
    dk_dismissal_source dismissal_source;             /**< source, as an enum */
    dk_dismiss_resolution dismiss_resolution;         /**< resolution, as an enum */
    dk_choice choices[DK_CONFIRMATION_OPTIONS_MAX];   /**< options, as enums */
    dk_keyboard_hiding_reason keyboard_hiding_reason; /**< hideKeyboard's reason, as an enum */
    int64_t deadline_us;                              /**< idleWarning: the deadline */
    int64_t remaining_us;                             /**< idleWarning: from "time" to the deadline */
} dk_intent;

/**
 * @brief Reads the next intent (or decision), the one dk_pipeline_next_intent() would give.
 * @param pipeline the pipeline.
 * @param intent where to put it.
 * @return 1 when *intent is filled, 0 when there is none, -1 when pipeline or intent is NULL.
 * @since 0.2.0
 */
int dk_pipeline_next_typed_intent(dk_pipeline *pipeline, dk_intent *intent);

/** @} */

/**
 * @defgroup presentations Presentations
 * What a host puts on the screen, without JSON: a presentation's fields, as a scene file
 * spells them (dismisskit-scene(5)), gathered in a dk_presentation_fields, then given to
 * dk_pipeline_present() or dk_pipeline_update(). The fields not set keep their defaults
 * (present) or their values (update); a field set twice keeps the last value.
 *
 * A dk_presentation_fields belongs to the host: it refers to no pipeline, and may be given
 * to several calls and pipelines, then freed. A value the library cannot take (a number
 * that is NaN or infinite, a value outside its enum) is kept as it was given, and the
 * dk_pipeline_present() or dk_pipeline_update() it is given to refuses it, naming the
 * setter's argument ("height: NaN is not a finite number"); the stack rules are judged as
 * for the JSON command.
 * @{
 */

/** @brief A presentation's fields, to present or update.
 *  @since 0.2.0 */
typedef struct dk_presentation_fields dk_presentation_fields;

/** @brief How a presentation is shown (a scene's "style").
 *  @since 0.2.0 */
typedef enum {
    DK_STYLE_SHEET = 0,           /**< "sheet": a sheet, bottom-anchored, with detents */
    DK_STYLE_PAGE_SHEET = 1,      /**< "pageSheet": a page sheet (its own frame at a regular width) */
    DK_STYLE_FORM_SHEET = 2,      /**< "formSheet": a form sheet (its own frame at a regular width) */
    DK_STYLE_AUTOMATIC = 3,       /**< "automatic": the platform's choice: a sheet */
    DK_STYLE_POPOVER = 4,         /**< "popover": a popover, anchored to a control; a sheet at a compact width */
    DK_STYLE_FULL_SCREEN = 5,     /**< "fullScreen": the whole screen */
    DK_STYLE_CURRENT_CONTEXT = 6, /**< "currentContext": over its context; a sheet at a compact width */
    DK_STYLE_ALERT = 7            /**< "alert": an alert */
} dk_presentation_style;

/** @brief What a tap outside a presentation does, instead of its style's default (a scene's
 *  "tapOutside").
 *  @since 0.2.0 */
typedef enum {
    DK_TAP_OUTSIDE_DISMISS = 0,    /**< "dismiss": attempts a dismissal */
    DK_TAP_OUTSIDE_IGNORE = 1,     /**< "ignore": does nothing */
    DK_TAP_OUTSIDE_PASSTHROUGH = 2 /**< "passthrough": reaches the control below too (a passthroughTap) */
} dk_tap_outside;

/**
 * @brief Makes an empty set of fields.
 * @return the fields, to free with dk_presentation_fields_free().
 * @since 0.2.0
 */
dk_presentation_fields *dk_presentation_fields_new(void);

/**
 * @brief Frees fields made by dk_presentation_fields_new().
 * @param fields the fields; NULL is fine.
 * @since 0.2.0
 */
void dk_presentation_fields_free(dk_presentation_fields *fields);

/**
 * @brief How the presentation is shown ("style"): present needs it.
 * @param fields the fields; NULL is a no-op.
 * @param style the style.
 * @since 0.2.0
 */
void dk_presentation_fields_set_style(dk_presentation_fields *fields, dk_presentation_style style);

/**
 * @brief Adds a detent ("detents"): the first call replaces the default, ["large"].
 * @param fields the fields; NULL is a no-op.
 * @param kind medium, large, or custom.
 * @param height a custom detent's height in points; ignored for medium and large.
 * @since 0.2.0
 */
void dk_presentation_fields_add_detent(dk_presentation_fields *fields, dk_detent_kind kind, double height);

/**
 * @brief The detent the sheet is at ("selectedDetent"), one of its detents.
 * @param fields the fields; NULL is a no-op.
 * @param kind medium, large, or custom.
 * @param height a custom detent's height in points; ignored for medium and large.
 * @since 0.2.0
 */
void dk_presentation_fields_set_selected_detent(dk_presentation_fields *fields, dk_detent_kind kind, double height);

/**
 * @brief Whether the sheet shows a grabber ("grabber").
 * @param fields the fields; NULL is a no-op.
 * @param grabber 0 for none, anything else for one.
 * @since 0.2.0
 */
void dk_presentation_fields_set_grabber(dk_presentation_fields *fields, int grabber);

/**
 * @brief The height of the top region below the sheet's top edge ("headerHeight").
 * @param fields the fields; NULL is a no-op.
 * @param height points.
 * @since 0.2.0
 */
void dk_presentation_fields_set_header_height(dk_presentation_fields *fields, double height);

/**
 * @brief How far the content is scrolled down from its top ("content": {"offset": ...}).
 * @param fields the fields; NULL is a no-op.
 * @param offset points, 0 at the top.
 * @since 0.2.0
 */
void dk_presentation_fields_set_content_offset(dk_presentation_fields *fields, double offset);

/**
 * @brief Whether the presentation is modal ("modal").
 * @param fields the fields; NULL is a no-op.
 * @param modal 0 for non-modal, anything else for modal.
 * @since 0.2.0
 */
void dk_presentation_fields_set_modal(dk_presentation_fields *fields, int modal);

/**
 * @brief Whether the presentation holds unsaved work ("unsavedChanges").
 * @param fields the fields; NULL is a no-op.
 * @param unsaved 0 for none, anything else for some.
 * @since 0.2.0
 */
void dk_presentation_fields_set_unsaved_changes(dk_presentation_fields *fields, int unsaved);

/**
 * @brief Whether gestures may dismiss it ("dismissible").
 * @param fields the fields; NULL is a no-op.
 * @param dismissible 0: every gesture attempt is rejected (its buttons still work); anything else:
 *        they may.
 * @since 0.2.0
 */
void dk_presentation_fields_set_dismissible(dk_presentation_fields *fields, int dismissible);

/**
 * @brief What a tap outside does ("tapOutside"), instead of the style's default.
 * @param fields the fields; NULL is a no-op.
 * @param action the action.
 * @since 0.2.0
 */
void dk_presentation_fields_set_tap_outside(dk_presentation_fields *fields, dk_tap_outside action);

/**
 * @brief Back to the style's default for a tap outside ("tapOutside": null, for an update).
 * @param fields the fields; NULL is a no-op.
 * @since 0.2.0
 */
void dk_presentation_fields_remove_tap_outside(dk_presentation_fields *fields);

/**
 * @brief A popover's frame, or a regular-width form or page sheet's own ("frame").
 * @param fields the fields; NULL is a no-op.
 * @param x the left edge, in points from the screen's.
 * @param y the top edge, in points from the screen's.
 * @param width its width in points.
 * @param height its height in points.
 * @since 0.2.0
 */
void dk_presentation_fields_set_frame(dk_presentation_fields *fields, double x, double y, double width, double height);

/**
 * @brief No frame of its own ("frame": null, for an update).
 * @param fields the fields; NULL is a no-op.
 * @since 0.2.0
 */
void dk_presentation_fields_remove_frame(dk_presentation_fields *fields);

/**
 * @brief A popover's anchor, the control that opened it ("anchor").
 * @param fields the fields; NULL is a no-op.
 * @param x the left edge, in points from the screen's.
 * @param y the top edge, in points from the screen's.
 * @param width its width in points.
 * @param height its height in points.
 * @since 0.2.0
 */
void dk_presentation_fields_set_anchor(dk_presentation_fields *fields, double x, double y, double width, double height);

/**
 * @brief No anchor ("anchor": null, for an update).
 * @param fields the fields; NULL is a no-op.
 * @since 0.2.0
 */
void dk_presentation_fields_remove_anchor(dk_presentation_fields *fields);

/**
 * @brief Adds a region where a tap outside also reaches the control below ("passthrough"): the
 *        first call replaces the presentation's regions.
 * @param fields the fields; NULL is a no-op.
 * @param x the left edge, in points from the screen's.
 * @param y the top edge, in points from the screen's.
 * @param width its width in points.
 * @param height its height in points.
 * @since 0.2.0
 */
void dk_presentation_fields_add_passthrough(dk_presentation_fields *fields, double x, double y, double width,
                                            double height);

/**
 * @brief No pass-through region ("passthrough": [], for an update).
 * @param fields the fields; NULL is a no-op.
 * @since 0.2.0
 */
void dk_presentation_fields_clear_passthrough(dk_presentation_fields *fields);

/**
 * @brief Puts a presentation on top of the stack: {"type": "present"}.
 * @param pipeline the pipeline.
 * @param presentation its id.
 * @param fields its fields: a style at least.
 * @param time_us the command's time.
 * @param error NULL, or where to put the reason the command was refused.
 * @return 0, or -1 when the command was refused.
 * @since 0.2.0
 */
int dk_pipeline_present(dk_pipeline *pipeline, const char *presentation, const dk_presentation_fields *fields,
                        int64_t time_us, char **error);

/**
 * @brief Changes a presentation's fields: {"type": "update"}, with the fields set and no others.
 * @param pipeline the pipeline.
 * @param presentation its id.
 * @param fields the fields to change.
 * @param time_us the command's time.
 * @param error NULL, or where to put the reason the command was refused.
 * @return 0, or -1 when the command was refused.
 * @since 0.2.0
 */
int dk_pipeline_update(dk_pipeline *pipeline, const char *presentation, const dk_presentation_fields *fields,
                       int64_t time_us, char **error);

/** @} */

/**
 * @defgroup layout Where presentations are drawn
 * The figures the pipeline hit-tests with, for the host to draw with: where a presentation is
 * at the current screen, width and detent, moved by the drag that holds it, what it is shown
 * as (a popover in a compact width is a sheet), and where a question about it goes. A host
 * that draws from them never works out a detent's height, the compact width or the top inset
 * itself, so what a person sees is what a touch finds. Ask after the calls that change them:
 * a present, update or screen command, and the intents of a drag (dragBegan, dragChanged,
 * dragEnded, dragHandedBack), setDetent and dismiss.
 * @{
 */

/** @brief A rectangle in points, from the screen's top-left corner, y down.
 *  @since 0.2.0 */
typedef struct {
    double x;      /**< its left edge */
    double y;      /**< its top edge */
    double width;  /**< its width */
    double height; /**< its height */
} dk_rect;

/** @brief What a presentation is shown as at the current width: its style, adapted.
 *  @since 0.2.0 */
typedef enum {
    DK_ROLE_SHEET = 0,       /**< "sheet": bottom-anchored and swipeable: the sheet styles, and in a compact width popovers and current-context presentations too */
    DK_ROLE_POPOVER = 1,     /**< "popover": a popover at its frame, in a regular width */
    DK_ROLE_FULL_SCREEN = 2, /**< "fullScreen": the whole screen */
    DK_ROLE_ALERT = 3        /**< "alert": an alert */
} dk_presentation_role;

/** @brief Where a presentation is drawn, and what it is: dk_pipeline_layout()'s answer.
 *  @since 0.2.0 */
typedef struct {
    dk_presentation_role role;  /**< what it is shown as */
    int32_t adapted;            /**< 1 when the role is a compact width's adaptation (a modal sheet at the large detent) */
    dk_rect frame;              /**< where to draw it now: at rest, or moved by the drag that holds it (down the sheet moves, up it grows from its bottom edge) */
    dk_rect resting_frame;      /**< where it rests: a sheet at its selected detent, a popover at its frame, the screen otherwise */
    double drag_offset;         /**< how far below its detent a drag holds the sheet (dragChanged's offset); 0 at rest */
    double detent_height;       /**< a sheet's selected detent's height; 0 for anything but a sheet */
    int32_t has_grabber;        /**< 1 when it shows a grabber ... */
    dk_rect grabber;            /**< ... drawn here, moved by the drag ... */
    dk_rect grabber_hit_target; /**< ... and touched here */
    int32_t has_header;         /**< 1 for a sheet, whose top region (headerHeight) starts a swipe ... */
    dk_rect header;             /**< ... here, moved by the drag */
    dk_rect question_anchor;    /**< where a question about it is shown: a sheet's or popover's resting frame, the screen otherwise */
} dk_layout;

/**
 * @brief Where a presentation is drawn now.
 * @param pipeline the pipeline.
 * @param presentation its id.
 * @param layout where to put it.
 * @return 1 when *layout is filled, 0 when no presentation has that id, -1 when an argument is
 *         NULL.
 * @since 0.2.0
 */
int dk_pipeline_layout(dk_pipeline *pipeline, const char *presentation, dk_layout *layout);

/** @} */

/**
 * @defgroup recording Recording
 * A session file is the scene, every touch as it is given, every command with its time and
 * every intent, as JSON Lines that gesturectl replay replays to the same intents
 * (gesturectl-replay(1)).
 * @{
 */

/**
 * @brief Records the session to a file.
 *
 * The file is created mode 0600, written at each frame and after each command, and closed by
 * dk_pipeline_free(). An earlier recording at the path is never lost: a file with anything in
 * it is kept as PATH.1 (or the first free PATH.N), an empty one is written over, and what is
 * not a regular file (a FIFO, a device, a folder) is refused without being opened. Call it
 * after dk_pipeline_new() and before the first touch or command. A write that fails later
 * ends the recording; the pipeline goes on.
 * @param pipeline the pipeline.
 * @param path the file.
 * @param error NULL, or where to put the reason it cannot record.
 * @return 0, or -1 when the file cannot be created, is not a regular file, the pipeline already
 *         records, or a touch or command came first.
 * @since 0.2.0
 */
int dk_pipeline_record(dk_pipeline *pipeline, const char *path, char **error);

/** @brief What became of a pipeline's recording.
 *  @since 0.2.0 */
typedef enum {
    DK_RECORDING_OFF = 0,   /**< "off": the pipeline does not record */
    DK_RECORDING_ON = 1,    /**< "on": every frame and command so far is on disk */
    DK_RECORDING_FAILED = 2 /**< "failed": a write failed (a full disk, say): the recording stopped there */
} dk_recording_state;

/**
 * @brief Whether the recording still writes, and what reached the disk.
 *
 * A write that fails (the disk is full, the file too large) stops the recording; the pipeline
 * goes on. The file is then cut back to the last frame or command written whole, so it
 * replays to there. Ask after each frame, or when the kiosk checks its health.
 * @param pipeline the pipeline.
 * @param bytes_written NULL, or where to put the bytes of the file on disk.
 * @param error NULL, or where to put why it failed (set to NULL otherwise).
 * @return the state of the recording.
 * @since 0.2.0
 */
dk_recording_state dk_pipeline_recording(dk_pipeline *pipeline, int64_t *bytes_written, char **error);

/** @} */

#ifdef __cplusplus
}
#endif

#endif /* DISMISSKIT_H */
