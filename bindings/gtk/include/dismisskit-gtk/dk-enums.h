/* The closed sets a DkPipeline's signals and methods carry: dismisskit.h's, numbered the same,
 * as GObject enums (their values are prefixed DK_GTK_ so that a file may include both headers).
 * Written by script/protocol from protocol/dismisskit.xml: edit that. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * DkTouchType:
 * @DK_GTK_TOUCH_DOWN: a contact goes down
 * @DK_GTK_TOUCH_MOTION: a contact moves
 * @DK_GTK_TOUCH_UP: a contact lifts
 * @DK_GTK_TOUCH_CANCEL: a contact is taken away (by another gesture, or a palm)
 * @DK_GTK_TOUCH_FRAME: the end of one moment's events
 *
 * libinput's touch event types. A frame follows the downs, motions and ups of the same moment, as
 * libinput's do.
 *
 * Since: 0.2.0
 */
typedef enum {
    DK_GTK_TOUCH_DOWN = 0,
    DK_GTK_TOUCH_MOTION = 1,
    DK_GTK_TOUCH_UP = 2,
    DK_GTK_TOUCH_CANCEL = 3,
    DK_GTK_TOUCH_FRAME = 4
} DkTouchType;

/**
 * DkChoice:
 * @DK_GTK_CHOICE_DISCARD: throw the unsaved work away and dismiss
 * @DK_GTK_CHOICE_SAVE: save, then dismiss
 * @DK_GTK_CHOICE_KEEP_EDITING: stay
 *
 * The answers to a confirmationRequested intent.
 *
 * Since: 0.2.0
 */
typedef enum {
    DK_GTK_CHOICE_DISCARD = 0,
    DK_GTK_CHOICE_SAVE = 1,
    DK_GTK_CHOICE_KEEP_EDITING = 2
} DkChoice;

/**
 * DkChoices:
 * @DK_GTK_CHOICES_NONE: none
 * @DK_GTK_CHOICES_DISCARD: "discard" is offered
 * @DK_GTK_CHOICES_SAVE: "save" is offered
 * @DK_GTK_CHOICES_KEEP_EDITING: "keepEditing" is offered
 *
 * A set of #DkChoice: bit N is #DkChoice N.
 *
 * Since: 0.2.0
 */
typedef enum /*< flags >*/ {
    DK_GTK_CHOICES_NONE = 0,
    DK_GTK_CHOICES_DISCARD = 1 << DK_GTK_CHOICE_DISCARD,
    DK_GTK_CHOICES_SAVE = 1 << DK_GTK_CHOICE_SAVE,
    DK_GTK_CHOICES_KEEP_EDITING = 1 << DK_GTK_CHOICE_KEEP_EDITING
} DkChoices;

/**
 * DkButtonRole:
 * @DK_GTK_BUTTON_ROLE_CANCEL: the Cancel button
 * @DK_GTK_BUTTON_ROLE_DONE: the Done button
 *
 * A presentation's own buttons.
 *
 * Since: 0.2.0
 */
typedef enum {
    DK_GTK_BUTTON_ROLE_CANCEL = 0,
    DK_GTK_BUTTON_ROLE_DONE = 1
} DkButtonRole;

/**
 * DkAccessibilityAction:
 * @DK_GTK_ACCESSIBILITY_ACTION_ESCAPE: dismiss, as the Escape key
 * @DK_GTK_ACCESSIBILITY_ACTION_NEXT_DETENT: the next larger detent
 * @DK_GTK_ACCESSIBILITY_ACTION_PREVIOUS_DETENT: the next smaller detent
 *
 * An assistive technology's actions.
 *
 * Since: 0.2.0
 */
typedef enum {
    DK_GTK_ACCESSIBILITY_ACTION_ESCAPE = 0,
    DK_GTK_ACCESSIBILITY_ACTION_NEXT_DETENT = 1,
    DK_GTK_ACCESSIBILITY_ACTION_PREVIOUS_DETENT = 2
} DkAccessibilityAction;

/**
 * DkIdleUnsaved:
 * @DK_GTK_IDLE_UNSAVED_SAVE: save it, then dismiss (resolution "saved")
 * @DK_GTK_IDLE_UNSAVED_DISCARD: dismiss it unsaved (resolution "discarded")
 * @DK_GTK_IDLE_UNSAVED_KEEP: keep it and everything below it, and ask the question (source "idle")
 *
 * What an idle reset does with unsaved work (the scene's idle "unsaved").
 *
 * Since: 0.2.0
 */
typedef enum {
    DK_GTK_IDLE_UNSAVED_SAVE = 0,
    DK_GTK_IDLE_UNSAVED_DISCARD = 1,
    DK_GTK_IDLE_UNSAVED_KEEP = 2
} DkIdleUnsaved;

/**
 * DkDragOrigin:
 * @DK_GTK_DRAG_ORIGIN_TOP_REGION: the sheet's top region
 * @DK_GTK_DRAG_ORIGIN_SCROLLED_CONTENT: content at its top, handed off
 * @DK_GTK_DRAG_ORIGIN_GRABBER: the grabber
 *
 * Where a drag began (dragBegan's "origin").
 *
 * Since: 0.2.0
 */
typedef enum {
    DK_GTK_DRAG_ORIGIN_TOP_REGION = 0,
    DK_GTK_DRAG_ORIGIN_SCROLLED_CONTENT = 1,
    DK_GTK_DRAG_ORIGIN_GRABBER = 2
} DkDragOrigin;

/**
 * DkDragOutcome:
 * @DK_GTK_DRAG_OUTCOME_DISMISS_ATTEMPT: the policy judges it next
 * @DK_GTK_DRAG_OUTCOME_SETTLE: back to a detent
 * @DK_GTK_DRAG_OUTCOME_CANCEL: the gesture was taken away
 *
 * How a drag ended (dragEnded's "outcome").
 *
 * Since: 0.2.0
 */
typedef enum {
    DK_GTK_DRAG_OUTCOME_DISMISS_ATTEMPT = 0,
    DK_GTK_DRAG_OUTCOME_SETTLE = 1,
    DK_GTK_DRAG_OUTCOME_CANCEL = 2
} DkDragOutcome;

/**
 * DkDetentCause:
 * @DK_GTK_DETENT_CAUSE_GRABBER_TAP: a tap on the grabber
 * @DK_GTK_DETENT_CAUSE_GRABBER_DRAG: a drag of the grabber
 * @DK_GTK_DETENT_CAUSE_SWIPE: a swipe
 * @DK_GTK_DETENT_CAUSE_SCROLL_EXPAND: content scrolled at a smaller detent
 * @DK_GTK_DETENT_CAUSE_ACCESSIBILITY: an assistive technology's action
 * @DK_GTK_DETENT_CAUSE_KEYBOARD: the on-screen keyboard showed
 *
 * Why the detent changed (setDetent's "cause").
 *
 * Since: 0.2.0
 */
typedef enum {
    DK_GTK_DETENT_CAUSE_GRABBER_TAP = 0,
    DK_GTK_DETENT_CAUSE_GRABBER_DRAG = 1,
    DK_GTK_DETENT_CAUSE_SWIPE = 2,
    DK_GTK_DETENT_CAUSE_SCROLL_EXPAND = 3,
    DK_GTK_DETENT_CAUSE_ACCESSIBILITY = 4,
    DK_GTK_DETENT_CAUSE_KEYBOARD = 5
} DkDetentCause;

/**
 * DkKeyboardHidingReason:
 * @DK_GTK_KEYBOARD_HIDING_REASON_DRAG: a drag of the topmost sheet began
 * @DK_GTK_KEYBOARD_HIDING_REASON_QUESTION: a question is about to be asked
 * @DK_GTK_KEYBOARD_HIDING_REASON_ESCAPE_KEY: Escape was pressed, and attempts nothing while the keyboard is shown
 *
 * Why the on-screen keyboard should hide (hideKeyboard's "reason").
 *
 * Since: 0.2.0
 */
typedef enum {
    DK_GTK_KEYBOARD_HIDING_REASON_DRAG = 0,
    DK_GTK_KEYBOARD_HIDING_REASON_QUESTION = 1,
    DK_GTK_KEYBOARD_HIDING_REASON_ESCAPE_KEY = 2
} DkKeyboardHidingReason;

/**
 * DkDismissalSource:
 * @DK_GTK_DISMISSAL_SOURCE_SWIPE_FROM_TOP: a swipe down from the sheet's top
 * @DK_GTK_DISMISSAL_SOURCE_SWIPE_SCROLLED_CONTENT: a swipe down on content at its top
 * @DK_GTK_DISMISSAL_SOURCE_GRABBER_DRAG: the grabber dragged below the smallest detent
 * @DK_GTK_DISMISSAL_SOURCE_TAP_OUTSIDE: a tap outside
 * @DK_GTK_DISMISSAL_SOURCE_ESCAPE_KEY: the Escape key
 * @DK_GTK_DISMISSAL_SOURCE_CANCEL_BUTTON: the presentation's Cancel button
 * @DK_GTK_DISMISSAL_SOURCE_DONE_BUTTON: the presentation's Done button
 * @DK_GTK_DISMISSAL_SOURCE_ACCESSIBILITY_ESCAPE: an assistive technology's escape
 * @DK_GTK_DISMISSAL_SOURCE_PROGRAMMATIC: the host's dismiss command
 * @DK_GTK_DISMISSAL_SOURCE_IDLE: the scene's idle rule, at its deadline
 *
 * What asked for a dismissal ("source").
 *
 * Since: 0.2.0
 */
typedef enum {
    DK_GTK_DISMISSAL_SOURCE_SWIPE_FROM_TOP = 0,
    DK_GTK_DISMISSAL_SOURCE_SWIPE_SCROLLED_CONTENT = 1,
    DK_GTK_DISMISSAL_SOURCE_GRABBER_DRAG = 2,
    DK_GTK_DISMISSAL_SOURCE_TAP_OUTSIDE = 3,
    DK_GTK_DISMISSAL_SOURCE_ESCAPE_KEY = 4,
    DK_GTK_DISMISSAL_SOURCE_CANCEL_BUTTON = 5,
    DK_GTK_DISMISSAL_SOURCE_DONE_BUTTON = 6,
    DK_GTK_DISMISSAL_SOURCE_ACCESSIBILITY_ESCAPE = 7,
    DK_GTK_DISMISSAL_SOURCE_PROGRAMMATIC = 8,
    DK_GTK_DISMISSAL_SOURCE_IDLE = 9
} DkDismissalSource;

/**
 * DkResolution:
 * @DK_GTK_RESOLUTION_DIRECT: nothing was unsaved
 * @DK_GTK_RESOLUTION_DISCARDED: the user chose to discard
 * @DK_GTK_RESOLUTION_SAVED: the user chose to save
 * @DK_GTK_RESOLUTION_AUTOSAVED: a non-modal popover saved by itself
 *
 * How a dismissal was resolved (dismiss's "resolution").
 *
 * Since: 0.2.0
 */
typedef enum {
    DK_GTK_RESOLUTION_DIRECT = 0,
    DK_GTK_RESOLUTION_DISCARDED = 1,
    DK_GTK_RESOLUTION_SAVED = 2,
    DK_GTK_RESOLUTION_AUTOSAVED = 3
} DkResolution;

/**
 * DkPresentationRole:
 * @DK_GTK_PRESENTATION_ROLE_SHEET: bottom-anchored and swipeable: the sheet styles, and in a compact width popovers and current-context presentations too
 * @DK_GTK_PRESENTATION_ROLE_POPOVER: a popover at its frame, in a regular width
 * @DK_GTK_PRESENTATION_ROLE_FULL_SCREEN: the whole screen
 * @DK_GTK_PRESENTATION_ROLE_ALERT: an alert
 *
 * What a presentation is shown as at the current width: its style, adapted.
 *
 * Since: 0.2.0
 */
typedef enum {
    DK_GTK_PRESENTATION_ROLE_SHEET = 0,
    DK_GTK_PRESENTATION_ROLE_POPOVER = 1,
    DK_GTK_PRESENTATION_ROLE_FULL_SCREEN = 2,
    DK_GTK_PRESENTATION_ROLE_ALERT = 3
} DkPresentationRole;

#define DK_TYPE_TOUCH_TYPE (dk_gtk_touch_type_get_type())
GType dk_gtk_touch_type_get_type(void);
#define DK_TYPE_CHOICE (dk_gtk_choice_get_type())
GType dk_gtk_choice_get_type(void);
#define DK_TYPE_CHOICES (dk_gtk_choices_get_type())
GType dk_gtk_choices_get_type(void);
#define DK_TYPE_BUTTON_ROLE (dk_gtk_button_role_get_type())
GType dk_gtk_button_role_get_type(void);
#define DK_TYPE_ACCESSIBILITY_ACTION (dk_gtk_accessibility_action_get_type())
GType dk_gtk_accessibility_action_get_type(void);
#define DK_TYPE_IDLE_UNSAVED (dk_gtk_idle_unsaved_get_type())
GType dk_gtk_idle_unsaved_get_type(void);
#define DK_TYPE_DRAG_ORIGIN (dk_gtk_drag_origin_get_type())
GType dk_gtk_drag_origin_get_type(void);
#define DK_TYPE_DRAG_OUTCOME (dk_gtk_drag_outcome_get_type())
GType dk_gtk_drag_outcome_get_type(void);
#define DK_TYPE_DETENT_CAUSE (dk_gtk_detent_cause_get_type())
GType dk_gtk_detent_cause_get_type(void);
#define DK_TYPE_KEYBOARD_HIDING_REASON (dk_gtk_keyboard_hiding_reason_get_type())
GType dk_gtk_keyboard_hiding_reason_get_type(void);
#define DK_TYPE_DISMISSAL_SOURCE (dk_gtk_dismissal_source_get_type())
GType dk_gtk_dismissal_source_get_type(void);
#define DK_TYPE_RESOLUTION (dk_gtk_resolution_get_type())
GType dk_gtk_resolution_get_type(void);
#define DK_TYPE_PRESENTATION_ROLE (dk_gtk_presentation_role_get_type())
GType dk_gtk_presentation_role_get_type(void);

G_END_DECLS
