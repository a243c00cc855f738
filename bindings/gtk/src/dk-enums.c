/* The enums' GTypes, and the proof that their numbers are dismisskit.h's. Written by script/protocol from protocol/dismisskit.xml: edit that. */
#include "dismisskit-gtk/dk-enums.h"

#include <dismisskit.h>

_Static_assert((int)DK_GTK_TOUCH_DOWN == DK_TOUCH_DOWN, "dk_touch_type");
_Static_assert((int)DK_GTK_TOUCH_MOTION == DK_TOUCH_MOTION, "dk_touch_type");
_Static_assert((int)DK_GTK_TOUCH_UP == DK_TOUCH_UP, "dk_touch_type");
_Static_assert((int)DK_GTK_TOUCH_CANCEL == DK_TOUCH_CANCEL, "dk_touch_type");
_Static_assert((int)DK_GTK_TOUCH_FRAME == DK_TOUCH_FRAME, "dk_touch_type");
_Static_assert((int)DK_GTK_CHOICE_DISCARD == DK_CHOICE_DISCARD, "dk_choice");
_Static_assert((int)DK_GTK_CHOICE_SAVE == DK_CHOICE_SAVE, "dk_choice");
_Static_assert((int)DK_GTK_CHOICE_KEEP_EDITING == DK_CHOICE_KEEP_EDITING, "dk_choice");
_Static_assert((int)DK_GTK_BUTTON_ROLE_CANCEL == DK_BUTTON_CANCEL, "dk_button_role");
_Static_assert((int)DK_GTK_BUTTON_ROLE_DONE == DK_BUTTON_DONE, "dk_button_role");
_Static_assert((int)DK_GTK_ACCESSIBILITY_ACTION_ESCAPE == DK_ACCESSIBILITY_ESCAPE, "dk_accessibility_action");
_Static_assert((int)DK_GTK_ACCESSIBILITY_ACTION_NEXT_DETENT == DK_ACCESSIBILITY_NEXT_DETENT, "dk_accessibility_action");
_Static_assert((int)DK_GTK_ACCESSIBILITY_ACTION_PREVIOUS_DETENT == DK_ACCESSIBILITY_PREVIOUS_DETENT, "dk_accessibility_action");
_Static_assert((int)DK_GTK_IDLE_UNSAVED_SAVE == DK_IDLE_UNSAVED_SAVE, "dk_idle_unsaved");
_Static_assert((int)DK_GTK_IDLE_UNSAVED_DISCARD == DK_IDLE_UNSAVED_DISCARD, "dk_idle_unsaved");
_Static_assert((int)DK_GTK_IDLE_UNSAVED_KEEP == DK_IDLE_UNSAVED_KEEP, "dk_idle_unsaved");
_Static_assert((int)DK_GTK_DRAG_ORIGIN_TOP_REGION == DK_ORIGIN_TOP_REGION, "dk_drag_origin");
_Static_assert((int)DK_GTK_DRAG_ORIGIN_SCROLLED_CONTENT == DK_ORIGIN_SCROLLED_CONTENT, "dk_drag_origin");
_Static_assert((int)DK_GTK_DRAG_ORIGIN_GRABBER == DK_ORIGIN_GRABBER, "dk_drag_origin");
_Static_assert((int)DK_GTK_DRAG_OUTCOME_DISMISS_ATTEMPT == DK_OUTCOME_DISMISS_ATTEMPT, "dk_drag_outcome");
_Static_assert((int)DK_GTK_DRAG_OUTCOME_SETTLE == DK_OUTCOME_SETTLE, "dk_drag_outcome");
_Static_assert((int)DK_GTK_DRAG_OUTCOME_CANCEL == DK_OUTCOME_CANCEL, "dk_drag_outcome");
_Static_assert((int)DK_GTK_DETENT_CAUSE_GRABBER_TAP == DK_CAUSE_GRABBER_TAP, "dk_detent_cause");
_Static_assert((int)DK_GTK_DETENT_CAUSE_GRABBER_DRAG == DK_CAUSE_GRABBER_DRAG, "dk_detent_cause");
_Static_assert((int)DK_GTK_DETENT_CAUSE_SWIPE == DK_CAUSE_SWIPE, "dk_detent_cause");
_Static_assert((int)DK_GTK_DETENT_CAUSE_SCROLL_EXPAND == DK_CAUSE_SCROLL_EXPAND, "dk_detent_cause");
_Static_assert((int)DK_GTK_DETENT_CAUSE_ACCESSIBILITY == DK_CAUSE_ACCESSIBILITY, "dk_detent_cause");
_Static_assert((int)DK_GTK_DETENT_CAUSE_KEYBOARD == DK_CAUSE_KEYBOARD, "dk_detent_cause");
_Static_assert((int)DK_GTK_KEYBOARD_HIDING_REASON_DRAG == DK_KEYBOARD_HIDING_DRAG, "dk_keyboard_hiding_reason");
_Static_assert((int)DK_GTK_KEYBOARD_HIDING_REASON_QUESTION == DK_KEYBOARD_HIDING_QUESTION, "dk_keyboard_hiding_reason");
_Static_assert((int)DK_GTK_KEYBOARD_HIDING_REASON_ESCAPE_KEY == DK_KEYBOARD_HIDING_ESCAPE_KEY, "dk_keyboard_hiding_reason");
_Static_assert((int)DK_GTK_DISMISSAL_SOURCE_SWIPE_FROM_TOP == DK_SOURCE_SWIPE_FROM_TOP, "dk_dismissal_source");
_Static_assert((int)DK_GTK_DISMISSAL_SOURCE_SWIPE_SCROLLED_CONTENT == DK_SOURCE_SWIPE_SCROLLED_CONTENT, "dk_dismissal_source");
_Static_assert((int)DK_GTK_DISMISSAL_SOURCE_GRABBER_DRAG == DK_SOURCE_GRABBER_DRAG, "dk_dismissal_source");
_Static_assert((int)DK_GTK_DISMISSAL_SOURCE_TAP_OUTSIDE == DK_SOURCE_TAP_OUTSIDE, "dk_dismissal_source");
_Static_assert((int)DK_GTK_DISMISSAL_SOURCE_ESCAPE_KEY == DK_SOURCE_ESCAPE_KEY, "dk_dismissal_source");
_Static_assert((int)DK_GTK_DISMISSAL_SOURCE_CANCEL_BUTTON == DK_SOURCE_CANCEL_BUTTON, "dk_dismissal_source");
_Static_assert((int)DK_GTK_DISMISSAL_SOURCE_DONE_BUTTON == DK_SOURCE_DONE_BUTTON, "dk_dismissal_source");
_Static_assert((int)DK_GTK_DISMISSAL_SOURCE_ACCESSIBILITY_ESCAPE == DK_SOURCE_ACCESSIBILITY_ESCAPE, "dk_dismissal_source");
_Static_assert((int)DK_GTK_DISMISSAL_SOURCE_PROGRAMMATIC == DK_SOURCE_PROGRAMMATIC, "dk_dismissal_source");
_Static_assert((int)DK_GTK_DISMISSAL_SOURCE_IDLE == DK_SOURCE_IDLE, "dk_dismissal_source");
_Static_assert((int)DK_GTK_RESOLUTION_DIRECT == DK_RESOLUTION_DIRECT, "dk_dismiss_resolution");
_Static_assert((int)DK_GTK_RESOLUTION_DISCARDED == DK_RESOLUTION_DISCARDED, "dk_dismiss_resolution");
_Static_assert((int)DK_GTK_RESOLUTION_SAVED == DK_RESOLUTION_SAVED, "dk_dismiss_resolution");
_Static_assert((int)DK_GTK_RESOLUTION_AUTOSAVED == DK_RESOLUTION_AUTOSAVED, "dk_dismiss_resolution");
_Static_assert((int)DK_GTK_PRESENTATION_ROLE_SHEET == DK_ROLE_SHEET, "dk_presentation_role");
_Static_assert((int)DK_GTK_PRESENTATION_ROLE_POPOVER == DK_ROLE_POPOVER, "dk_presentation_role");
_Static_assert((int)DK_GTK_PRESENTATION_ROLE_FULL_SCREEN == DK_ROLE_FULL_SCREEN, "dk_presentation_role");
_Static_assert((int)DK_GTK_PRESENTATION_ROLE_ALERT == DK_ROLE_ALERT, "dk_presentation_role");

/* Nicks are the JSON's names in GObject's way ("swipeFromTop" is "swipe-from-top"), from which
 * introspection names the values (DismissKit.DismissalSource.SWIPE_FROM_TOP). */
G_DEFINE_ENUM_TYPE(DkTouchType, dk_gtk_touch_type,
    G_DEFINE_ENUM_VALUE(DK_GTK_TOUCH_DOWN, "down"),
    G_DEFINE_ENUM_VALUE(DK_GTK_TOUCH_MOTION, "motion"),
    G_DEFINE_ENUM_VALUE(DK_GTK_TOUCH_UP, "up"),
    G_DEFINE_ENUM_VALUE(DK_GTK_TOUCH_CANCEL, "cancel"),
    G_DEFINE_ENUM_VALUE(DK_GTK_TOUCH_FRAME, "frame"))
G_DEFINE_ENUM_TYPE(DkChoice, dk_gtk_choice,
    G_DEFINE_ENUM_VALUE(DK_GTK_CHOICE_DISCARD, "discard"),
    G_DEFINE_ENUM_VALUE(DK_GTK_CHOICE_SAVE, "save"),
    G_DEFINE_ENUM_VALUE(DK_GTK_CHOICE_KEEP_EDITING, "keep-editing"))
G_DEFINE_FLAGS_TYPE(DkChoices, dk_gtk_choices,
    G_DEFINE_ENUM_VALUE(DK_GTK_CHOICES_NONE, "none"),
    G_DEFINE_ENUM_VALUE(DK_GTK_CHOICES_DISCARD, "discard"),
    G_DEFINE_ENUM_VALUE(DK_GTK_CHOICES_SAVE, "save"),
    G_DEFINE_ENUM_VALUE(DK_GTK_CHOICES_KEEP_EDITING, "keep-editing"))
G_DEFINE_ENUM_TYPE(DkButtonRole, dk_gtk_button_role,
    G_DEFINE_ENUM_VALUE(DK_GTK_BUTTON_ROLE_CANCEL, "cancel"),
    G_DEFINE_ENUM_VALUE(DK_GTK_BUTTON_ROLE_DONE, "done"))
G_DEFINE_ENUM_TYPE(DkAccessibilityAction, dk_gtk_accessibility_action,
    G_DEFINE_ENUM_VALUE(DK_GTK_ACCESSIBILITY_ACTION_ESCAPE, "escape"),
    G_DEFINE_ENUM_VALUE(DK_GTK_ACCESSIBILITY_ACTION_NEXT_DETENT, "next-detent"),
    G_DEFINE_ENUM_VALUE(DK_GTK_ACCESSIBILITY_ACTION_PREVIOUS_DETENT, "previous-detent"))
G_DEFINE_ENUM_TYPE(DkIdleUnsaved, dk_gtk_idle_unsaved,
    G_DEFINE_ENUM_VALUE(DK_GTK_IDLE_UNSAVED_SAVE, "save"),
    G_DEFINE_ENUM_VALUE(DK_GTK_IDLE_UNSAVED_DISCARD, "discard"),
    G_DEFINE_ENUM_VALUE(DK_GTK_IDLE_UNSAVED_KEEP, "keep"))
G_DEFINE_ENUM_TYPE(DkDragOrigin, dk_gtk_drag_origin,
    G_DEFINE_ENUM_VALUE(DK_GTK_DRAG_ORIGIN_TOP_REGION, "top-region"),
    G_DEFINE_ENUM_VALUE(DK_GTK_DRAG_ORIGIN_SCROLLED_CONTENT, "scrolled-content"),
    G_DEFINE_ENUM_VALUE(DK_GTK_DRAG_ORIGIN_GRABBER, "grabber"))
G_DEFINE_ENUM_TYPE(DkDragOutcome, dk_gtk_drag_outcome,
    G_DEFINE_ENUM_VALUE(DK_GTK_DRAG_OUTCOME_DISMISS_ATTEMPT, "dismiss-attempt"),
    G_DEFINE_ENUM_VALUE(DK_GTK_DRAG_OUTCOME_SETTLE, "settle"),
    G_DEFINE_ENUM_VALUE(DK_GTK_DRAG_OUTCOME_CANCEL, "cancel"))
G_DEFINE_ENUM_TYPE(DkDetentCause, dk_gtk_detent_cause,
    G_DEFINE_ENUM_VALUE(DK_GTK_DETENT_CAUSE_GRABBER_TAP, "grabber-tap"),
    G_DEFINE_ENUM_VALUE(DK_GTK_DETENT_CAUSE_GRABBER_DRAG, "grabber-drag"),
    G_DEFINE_ENUM_VALUE(DK_GTK_DETENT_CAUSE_SWIPE, "swipe"),
    G_DEFINE_ENUM_VALUE(DK_GTK_DETENT_CAUSE_SCROLL_EXPAND, "scroll-expand"),
    G_DEFINE_ENUM_VALUE(DK_GTK_DETENT_CAUSE_ACCESSIBILITY, "accessibility"),
    G_DEFINE_ENUM_VALUE(DK_GTK_DETENT_CAUSE_KEYBOARD, "keyboard"))
G_DEFINE_ENUM_TYPE(DkKeyboardHidingReason, dk_gtk_keyboard_hiding_reason,
    G_DEFINE_ENUM_VALUE(DK_GTK_KEYBOARD_HIDING_REASON_DRAG, "drag"),
    G_DEFINE_ENUM_VALUE(DK_GTK_KEYBOARD_HIDING_REASON_QUESTION, "question"),
    G_DEFINE_ENUM_VALUE(DK_GTK_KEYBOARD_HIDING_REASON_ESCAPE_KEY, "escape-key"))
G_DEFINE_ENUM_TYPE(DkDismissalSource, dk_gtk_dismissal_source,
    G_DEFINE_ENUM_VALUE(DK_GTK_DISMISSAL_SOURCE_SWIPE_FROM_TOP, "swipe-from-top"),
    G_DEFINE_ENUM_VALUE(DK_GTK_DISMISSAL_SOURCE_SWIPE_SCROLLED_CONTENT, "swipe-scrolled-content"),
    G_DEFINE_ENUM_VALUE(DK_GTK_DISMISSAL_SOURCE_GRABBER_DRAG, "grabber-drag"),
    G_DEFINE_ENUM_VALUE(DK_GTK_DISMISSAL_SOURCE_TAP_OUTSIDE, "tap-outside"),
    G_DEFINE_ENUM_VALUE(DK_GTK_DISMISSAL_SOURCE_ESCAPE_KEY, "escape-key"),
    G_DEFINE_ENUM_VALUE(DK_GTK_DISMISSAL_SOURCE_CANCEL_BUTTON, "cancel-button"),
    G_DEFINE_ENUM_VALUE(DK_GTK_DISMISSAL_SOURCE_DONE_BUTTON, "done-button"),
    G_DEFINE_ENUM_VALUE(DK_GTK_DISMISSAL_SOURCE_ACCESSIBILITY_ESCAPE, "accessibility-escape"),
    G_DEFINE_ENUM_VALUE(DK_GTK_DISMISSAL_SOURCE_PROGRAMMATIC, "programmatic"),
    G_DEFINE_ENUM_VALUE(DK_GTK_DISMISSAL_SOURCE_IDLE, "idle"))
G_DEFINE_ENUM_TYPE(DkResolution, dk_gtk_resolution,
    G_DEFINE_ENUM_VALUE(DK_GTK_RESOLUTION_DIRECT, "direct"),
    G_DEFINE_ENUM_VALUE(DK_GTK_RESOLUTION_DISCARDED, "discarded"),
    G_DEFINE_ENUM_VALUE(DK_GTK_RESOLUTION_SAVED, "saved"),
    G_DEFINE_ENUM_VALUE(DK_GTK_RESOLUTION_AUTOSAVED, "autosaved"))
G_DEFINE_ENUM_TYPE(DkPresentationRole, dk_gtk_presentation_role,
    G_DEFINE_ENUM_VALUE(DK_GTK_PRESENTATION_ROLE_SHEET, "sheet"),
    G_DEFINE_ENUM_VALUE(DK_GTK_PRESENTATION_ROLE_POPOVER, "popover"),
    G_DEFINE_ENUM_VALUE(DK_GTK_PRESENTATION_ROLE_FULL_SCREEN, "full-screen"),
    G_DEFINE_ENUM_VALUE(DK_GTK_PRESENTATION_ROLE_ALERT, "alert"))
