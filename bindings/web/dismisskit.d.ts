// Types of dismisskit.js: DismissKit's pipeline compiled to WebAssembly, its calls those of
// dismisskit.h. Intents are JSON texts, the bytes dk_pipeline_next_intent gives.

// Written by script/protocol from protocol/dismisskit.xml, to the END line: edit that.
/** dk_touch_type: libinput's touch event types. */
export type TouchType = "down" | "motion" | "up" | "cancel" | "frame";
/** dk_choice: the answers to a confirmationRequested. */
export type Choice = "discard" | "save" | "keepEditing";
/** dk_button_role: a presentation's own buttons. */
export type ButtonRole = "cancel" | "done";
/** dk_accessibility_action: an assistive technology's actions. */
export type AccessibilityAction = "escape" | "nextDetent" | "previousDetent";
/** dk_idle_unsaved: what an idle reset does with unsaved work. */
export type IdleUnsaved = "save" | "discard" | "keep";
/** dk_drag_origin: where a drag began. */
export type DragOrigin = "topRegion" | "scrolledContent" | "grabber";
/** dk_drag_outcome: how a drag ended. */
export type DragOutcome = "dismissAttempt" | "settle" | "cancel";
/** dk_detent_kind: a detent's kind. */
export type DetentKind = "medium" | "large" | "custom";
/** dk_detent_cause: why a sheet's detent changed. */
export type DetentCause = "grabberTap" | "grabberDrag" | "swipe" | "scrollExpand" | "accessibility" | "keyboard";
/** dk_keyboard_hiding_reason: why the on-screen keyboard should hide. */
export type KeyboardHidingReason = "drag" | "question" | "escapeKey";
/** dk_dismissal_source: what asked for a dismissal. */
export type DismissalSource =
    | "swipeFromTop"
    | "swipeScrolledContent"
    | "grabberDrag"
    | "tapOutside"
    | "escapeKey"
    | "cancelButton"
    | "doneButton"
    | "accessibilityEscape"
    | "programmatic"
    | "idle";
/** dk_dismiss_resolution: how a dismissal was resolved. */
export type DismissResolution = "direct" | "discarded" | "saved" | "autosaved";
/** dk_presentation_style: how a presentation is shown. */
export type PresentationStyle =
    | "sheet"
    | "pageSheet"
    | "formSheet"
    | "automatic"
    | "popover"
    | "fullScreen"
    | "currentContext"
    | "alert";
/** dk_tap_outside: what a tap outside a presentation does. */
export type TapOutside = "dismiss" | "ignore" | "passthrough";
/** dk_presentation_role: what a presentation is shown as at the current width. */
export type PresentationRole = "sheet" | "popover" | "fullScreen" | "alert";
/** dk_recording_state: what became of a pipeline's recording. */
export type RecordingState = "off" | "on" | "failed";
// END of what script/protocol writes.

/** A rectangle in points from the screen's top left corner. */
export interface Rectangle {
    x: number;
    y: number;
    width: number;
    height: number;
}

/** A detent: half of large, the screen's height minus the top inset, or a height in points. */
export type Detent = "medium" | "large" | number;

/**
 * A presentation's fields, as dismisskit-scene(5) describes them (a field left out keeps its
 * default, or in an update its value). Numbers must be finite: NaN or an infinity is refused,
 * named by its field.
 */
export interface PresentationFields {
    /** How it is shown; present needs it. */
    style?: PresentationStyle;
    /** Its detents: the first replaces the default, ["large"]. */
    detents?: Detent[];
    /** The detent the sheet is at, one of its detents. */
    selectedDetent?: Detent;
    grabber?: boolean;
    /** The top region's height below the sheet's top edge, in points. */
    headerHeight?: number;
    /** How far the content is scrolled down from its top, in points (the scene's content.offset). */
    contentOffset?: number;
    modal?: boolean;
    unsavedChanges?: boolean;
    /** false: every gesture's attempt is rejected (its buttons still work). */
    dismissible?: boolean;
    /** What a tap outside does instead of the style's default; null goes back to it. */
    tapOutside?: TapOutside | null;
    /** A popover's frame, or a regular-width form or page sheet's own; null removes it. */
    frame?: Rectangle | null;
    /** The control a popover points at; null removes it. */
    anchor?: Rectangle | null;
    /** Regions a tap outside reaches through to; [] clears them. */
    passthrough?: Rectangle[];
}

/** A screen's size: points and millimetres. */
export interface ScreenSize {
    width: number;
    height: number;
    widthMM: number;
    heightMM: number;
}

/**
 * Where a presentation is drawn, and what it is: dk_layout of dismisskit.h, the figures the
 * pipeline hit-tests with, in points from the screen's top left corner. Draw from it rather than
 * working out a detent's height, the compact width or the top inset: what a person sees is then
 * what a touch finds.
 */
export interface PresentationLayout {
    /** What it is shown as at this width: a popover in a compact width is a sheet. */
    role: PresentationRole;
    /** Whether the role is a compact width's adaptation (a modal sheet at the large detent). */
    adapted: boolean;
    /** Where to draw it now: at rest, or moved by the drag that holds it (down the sheet moves, up it grows from its bottom edge). */
    frame: Rectangle;
    /** Where it rests: a sheet at its selected detent, a popover at its frame, the screen otherwise. */
    restingFrame: Rectangle;
    /** How far below its detent a drag holds the sheet (dragChanged's offset); 0 at rest. */
    dragOffset: number;
    /** A sheet's selected detent's height; 0 for anything but a sheet. */
    detentHeight: number;
    /** The visible grabber, moved by the drag; null without one. */
    grabber: Rectangle | null;
    /** Where a touch finds the grabber; null without one. */
    grabberHitTarget: Rectangle | null;
    /** A sheet's top region (headerHeight tall), where a swipe starts, moved by the drag; null for anything but a sheet. */
    header: Rectangle | null;
    /** Where a question about it is shown: a sheet's or popover's resting frame, the screen otherwise. */
    questionAnchor: Rectangle;
    /** Whether a sheet rests at its largest detent (a drag up on its content at its top scrolls it); true for anything but a sheet. */
    atLargestDetent: boolean;
}

/** An in-memory recording's limit in bytes unless `record` is given one: 16 MiB. */
export const defaultRecordingLimit: number;

/** What became of a recording, as dk_pipeline_recording tells it. */
export interface RecordingStatus {
    /** "off" when not recording, "on", or "failed" once it reached its limit and stopped. */
    state: RecordingState;
    /** The session's length in bytes; once failed, up to its last whole frame or command. */
    bytes: number;
    /** Why it stopped, when it did; null otherwise. */
    error: string | null;
}

export interface Pipeline {
    /**
     * A touch at `x`, `y` in points on the scene's screen, at `timeUs` microseconds; false when
     * the pipeline refused it. Throws a TypeError for a type that is not a TouchType, and a
     * RangeError for a seat slot that is not a whole number from 0 to 31 (a frame's is ignored).
     */
    touch(type: TouchType, seatSlot: number, x: number, y: number, timeUs: number): boolean;
    /**
     * A host command's JSON text; throws an Error with the C library's message when refused. A
     * surrogate without its pair, which UTF-8 cannot carry, is refused as its `\u` escape is:
     * `command_json:LINE: unpaired surrogate …`.
     */
    command(commandText: string, timeUs: number): void;
    // Typed commands, as dismisskit.h's dk_pipeline_present, dk_pipeline_confirm, …: the module's
    // wire codec writes the command, so the page writes no JSON. Each throws an Error with the
    // module's message when refused (a value NaN or outside its set is named: "headerHeight: NaN
    // is not a finite number"), and a TypeError for a value of the wrong JavaScript type or a
    // field that is not one.
    /** Presents the presentation `id` with `fields` (`style` is needed). */
    present(id: string, fields: PresentationFields, timeUs: number): void;
    /** Changes the fields given of the presentation `id`; the others keep their values. */
    update(id: string, fields: PresentationFields, timeUs: number): void;
    /** Answers a confirmationRequested of `id`. */
    confirm(id: string, choice: Choice, timeUs: number): void;
    /** The presentation's own Cancel or Done button was pressed. */
    button(id: string, role: ButtonRole, timeUs: number): void;
    /** An assistive technology's action on `id`. */
    accessibility(id: string, action: AccessibilityAction, timeUs: number): void;
    /** Asks to dismiss `id`, as the page's own code would. */
    dismiss(id: string, timeUs: number): void;
    /** Takes `id` off the screen without a dismissal. */
    remove(id: string, timeUs: number): void;
    /** Whether `id` holds unsaved work. */
    setUnsavedChanges(id: string, unsaved: boolean, timeUs: number): void;
    /** How far the content of `id` is scrolled down from its top, in points. */
    reportContentOffset(id: string, offset: number, timeUs: number): void;
    /** The Escape key. */
    escapeKey(timeUs: number): void;
    /** A new screen size (a resize or rotation). */
    screen(size: ScreenSize, timeUs: number): void;
    /**
     * The on-screen keyboard docked at the bottom showed, hid or changed height: its `height` in
     * points, from 0 (hidden) to the screen's height. While it shows, sheets are laid out in the
     * room above it and its band's touches are its own; a hideKeyboard intent asks the page to
     * hide it (take the focus from the text field), and then to report 0.
     */
    keyboard(height: number, timeUs: number): void;
    /**
     * The host's clock, for the scene's idle rule: every touch and command is activity, and only
     * a tick finds the kiosk idle (idleWarning, then at the deadline the reset and idleReset).
     * Tick at nextTick(), and at least once a second while it is not null.
     */
    tick(timeUs: number): void;
    /** When the pipeline next needs a tick(), in µs on the touches' clock; null when it needs none. */
    nextTick(): number | null;
    /**
     * Where the presentation `id` is drawn now, as dk_pipeline_layout gives it; null when no
     * presentation has that id. Ask again after a present, update or screen command and after the
     * intents of a drag, setDetent and dismiss, and after a keyboard command.
     */
    layout(id: string): PresentationLayout | null;
    /** The next intent's JSON text, or null when none is waiting. */
    nextIntent(): string | null;
    /**
     * Records the session in memory from here on, up to `maxBytes` (a whole number from 1 to
     * 2^31 - 1; defaultRecordingLimit when left out). A line that would pass it stops the
     * recording, cut back to its last whole frame or command, and the pipeline goes on deciding:
     * `recording()` says so. Throws when a touch or command came first, it already records, or
     * the session's header and scene lines alone pass the limit.
     */
    record(options?: { maxBytes?: number }): void;
    /** Whether the recording is off, on, or stopped at its limit, and its length. */
    recording(): RecordingStatus;
    /** The session recorded so far, a session file's text for `gesturectl replay`; null when not recording. */
    session(): string | null;
    /** Whether the recogniser's decisions are read too (as `gesturectl replay --explain`). */
    explain(on: boolean): void;
    /** Frees the pipeline; its calls throw afterwards. */
    free(): void;
}

export interface DismissKit {
    /** The release, as `gesturectl --version` prints it. */
    readonly version: string;
    /** The module's memory in bytes: it grows as the pipelines need, and never shrinks. */
    readonly memoryBytes: number;
    /** A pipeline on a scene file's JSON text; throws an Error naming the field at fault. */
    pipeline(sceneText: string): Pipeline;
}

/** Loads dismisskit.wasm: beside this module by default, or from `source`. */
export function load(source?: URL | string | Response | BufferSource | WebAssembly.Module): Promise<DismissKit>;
