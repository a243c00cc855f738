/* The closed sets a DkPipeline's signals and methods carry: dismisskit.h's, numbered the same,
 * as GObject enums (their values are prefixed DK_GTK_ so that a file may include both headers). */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * DkTouchType:
 * @DK_GTK_TOUCH_DOWN: a contact goes down
 * @DK_GTK_TOUCH_MOTION: a contact moves
 * @DK_GTK_TOUCH_UP: a contact lifts
 * @DK_GTK_TOUCH_CANCEL: a contact is taken away
 * @DK_GTK_TOUCH_FRAME: the end of one moment's events
 *
 * libinput's touch event types: a frame follows the events of one moment.
 */
typedef enum {
    DK_GTK_TOUCH_DOWN,
    DK_GTK_TOUCH_MOTION,
    DK_GTK_TOUCH_UP,
    DK_GTK_TOUCH_CANCEL,
    DK_GTK_TOUCH_FRAME
} DkTouchType;

/**
 * DkDragOrigin:
 * @DK_GTK_DRAG_ORIGIN_TOP_REGION: the sheet's top region
 * @DK_GTK_DRAG_ORIGIN_SCROLLED_CONTENT: content at its top, handed off
 * @DK_GTK_DRAG_ORIGIN_GRABBER: the grabber
 *
 * Where a drag began.
 */
typedef enum {
    DK_GTK_DRAG_ORIGIN_TOP_REGION,
    DK_GTK_DRAG_ORIGIN_SCROLLED_CONTENT,
    DK_GTK_DRAG_ORIGIN_GRABBER
} DkDragOrigin;

/**
 * DkDragOutcome:
 * @DK_GTK_DRAG_OUTCOME_DISMISS_ATTEMPT: the policy judges it next
 * @DK_GTK_DRAG_OUTCOME_SETTLE: back to a detent
 * @DK_GTK_DRAG_OUTCOME_CANCEL: the gesture was taken away
 *
 * How a drag ended.
 */
typedef enum {
    DK_GTK_DRAG_OUTCOME_DISMISS_ATTEMPT,
    DK_GTK_DRAG_OUTCOME_SETTLE,
    DK_GTK_DRAG_OUTCOME_CANCEL
} DkDragOutcome;

/**
 * DkDetentCause:
 * @DK_GTK_DETENT_CAUSE_GRABBER_TAP: a tap on the grabber
 * @DK_GTK_DETENT_CAUSE_GRABBER_DRAG: a drag of the grabber
 * @DK_GTK_DETENT_CAUSE_SWIPE: a swipe
 * @DK_GTK_DETENT_CAUSE_SCROLL_EXPAND: content scrolled at a smaller detent
 * @DK_GTK_DETENT_CAUSE_ACCESSIBILITY: an assistive technology's action
 *
 * Why a sheet's detent changed.
 */
typedef enum {
    DK_GTK_DETENT_CAUSE_GRABBER_TAP,
    DK_GTK_DETENT_CAUSE_GRABBER_DRAG,
    DK_GTK_DETENT_CAUSE_SWIPE,
    DK_GTK_DETENT_CAUSE_SCROLL_EXPAND,
    DK_GTK_DETENT_CAUSE_ACCESSIBILITY
} DkDetentCause;

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
 * @DK_GTK_DISMISSAL_SOURCE_PROGRAMMATIC: the host's own dismiss command
 *
 * What asked for a dismissal.
 */
typedef enum {
    DK_GTK_DISMISSAL_SOURCE_SWIPE_FROM_TOP,
    DK_GTK_DISMISSAL_SOURCE_SWIPE_SCROLLED_CONTENT,
    DK_GTK_DISMISSAL_SOURCE_GRABBER_DRAG,
    DK_GTK_DISMISSAL_SOURCE_TAP_OUTSIDE,
    DK_GTK_DISMISSAL_SOURCE_ESCAPE_KEY,
    DK_GTK_DISMISSAL_SOURCE_CANCEL_BUTTON,
    DK_GTK_DISMISSAL_SOURCE_DONE_BUTTON,
    DK_GTK_DISMISSAL_SOURCE_ACCESSIBILITY_ESCAPE,
    DK_GTK_DISMISSAL_SOURCE_PROGRAMMATIC
} DkDismissalSource;

/**
 * DkResolution:
 * @DK_GTK_RESOLUTION_DIRECT: nothing was unsaved
 * @DK_GTK_RESOLUTION_DISCARDED: the user chose to discard
 * @DK_GTK_RESOLUTION_SAVED: the user chose to save
 * @DK_GTK_RESOLUTION_AUTOSAVED: a non-modal popover saved by itself
 *
 * How a dismissal was resolved.
 */
typedef enum {
    DK_GTK_RESOLUTION_DIRECT,
    DK_GTK_RESOLUTION_DISCARDED,
    DK_GTK_RESOLUTION_SAVED,
    DK_GTK_RESOLUTION_AUTOSAVED
} DkResolution;

/**
 * DkChoice:
 * @DK_GTK_CHOICE_DISCARD: throw the unsaved work away and dismiss
 * @DK_GTK_CHOICE_SAVE: save, then dismiss
 * @DK_GTK_CHOICE_KEEP_EDITING: stay
 *
 * An answer to a confirmation.
 */
typedef enum {
    DK_GTK_CHOICE_DISCARD,
    DK_GTK_CHOICE_SAVE,
    DK_GTK_CHOICE_KEEP_EDITING
} DkChoice;

/**
 * DkChoices:
 * @DK_GTK_CHOICES_NONE: none
 * @DK_GTK_CHOICES_DISCARD: Discard is offered
 * @DK_GTK_CHOICES_SAVE: Save is offered
 * @DK_GTK_CHOICES_KEEP_EDITING: Keep Editing is offered
 *
 * The answers a confirmation offers: bit N is #DkChoice N.
 */
typedef enum /*< flags >*/ {
    DK_GTK_CHOICES_NONE = 0,
    DK_GTK_CHOICES_DISCARD = 1 << DK_GTK_CHOICE_DISCARD,
    DK_GTK_CHOICES_SAVE = 1 << DK_GTK_CHOICE_SAVE,
    DK_GTK_CHOICES_KEEP_EDITING = 1 << DK_GTK_CHOICE_KEEP_EDITING
} DkChoices;

/**
 * DkButtonRole:
 * @DK_GTK_BUTTON_ROLE_CANCEL: Cancel
 * @DK_GTK_BUTTON_ROLE_DONE: Done
 *
 * A presentation's own buttons.
 */
typedef enum {
    DK_GTK_BUTTON_ROLE_CANCEL,
    DK_GTK_BUTTON_ROLE_DONE
} DkButtonRole;

/**
 * DkAccessibilityAction:
 * @DK_GTK_ACCESSIBILITY_ACTION_ESCAPE: dismiss, as the Escape key
 * @DK_GTK_ACCESSIBILITY_ACTION_NEXT_DETENT: the next larger detent
 * @DK_GTK_ACCESSIBILITY_ACTION_PREVIOUS_DETENT: the next smaller detent
 *
 * An assistive technology's actions.
 */
typedef enum {
    DK_GTK_ACCESSIBILITY_ACTION_ESCAPE,
    DK_GTK_ACCESSIBILITY_ACTION_NEXT_DETENT,
    DK_GTK_ACCESSIBILITY_ACTION_PREVIOUS_DETENT
} DkAccessibilityAction;

#define DK_TYPE_TOUCH_TYPE (dk_gtk_touch_type_get_type())
GType dk_gtk_touch_type_get_type(void);
#define DK_TYPE_DRAG_ORIGIN (dk_gtk_drag_origin_get_type())
GType dk_gtk_drag_origin_get_type(void);
#define DK_TYPE_DRAG_OUTCOME (dk_gtk_drag_outcome_get_type())
GType dk_gtk_drag_outcome_get_type(void);
#define DK_TYPE_DETENT_CAUSE (dk_gtk_detent_cause_get_type())
GType dk_gtk_detent_cause_get_type(void);
#define DK_TYPE_DISMISSAL_SOURCE (dk_gtk_dismissal_source_get_type())
GType dk_gtk_dismissal_source_get_type(void);
#define DK_TYPE_RESOLUTION (dk_gtk_resolution_get_type())
GType dk_gtk_resolution_get_type(void);
#define DK_TYPE_CHOICE (dk_gtk_choice_get_type())
GType dk_gtk_choice_get_type(void);
#define DK_TYPE_CHOICES (dk_gtk_choices_get_type())
GType dk_gtk_choices_get_type(void);
#define DK_TYPE_BUTTON_ROLE (dk_gtk_button_role_get_type())
GType dk_gtk_button_role_get_type(void);
#define DK_TYPE_ACCESSIBILITY_ACTION (dk_gtk_accessibility_action_get_type())
GType dk_gtk_accessibility_action_get_type(void);

G_END_DECLS
