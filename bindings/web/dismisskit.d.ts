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
/** dk_drag_origin: where a drag began. */
export type DragOrigin = "topRegion" | "scrolledContent" | "grabber";
/** dk_drag_outcome: how a drag ended. */
export type DragOutcome = "dismissAttempt" | "settle" | "cancel";
/** dk_detent_kind: a detent's kind. */
export type DetentKind = "medium" | "large" | "custom";
/** dk_detent_cause: why a sheet's detent changed. */
export type DetentCause = "grabberTap" | "grabberDrag" | "swipe" | "scrollExpand" | "accessibility";
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
    | "programmatic";
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
