// Types of dismisskit-page.js: the page layer that drives <dialog> and popover elements from
// Pointer Events through a DismissKit pipeline.

import type {
    AccessibilityAction, ButtonRole, Detent, DismissKit, IdleUnsaved, PresentationFields, PresentationLayout, PresentationStyle, RecordingStatus,
    TapOutside,
} from "./dismisskit.js";

/** The page's fields of a presentation: the scene file's, with elements where it has rectangles. */
export interface PagePresentation {
    /** The presentation's id; the element's id when left out. */
    id?: string;
    style?: PresentationStyle;
    detents?: Detent[];
    selectedDetent?: Detent;
    grabber?: boolean;
    headerHeight?: number;
    modal?: boolean;
    unsavedChanges?: boolean;
    dismissible?: boolean;
    tapOutside?: TapOutside;
    /** The sheet's scrollable element: its scrollTop is reported as the content offset. */
    content?: Element;
    /** The element the popover points at. */
    anchor?: Element;
    /** Elements whose taps reach them while a non-modal popover is open (and close it). */
    passthrough?: Element[];
}

/** The scene file's idle rule (SPEC section 11): times in µs, `after` > `warning` >= 0. */
export interface IdleRule {
    /** How long without a touch or a command before the reset. */
    after: number;
    /** How long before the reset the warning shows its countdown. */
    warning: number;
    /** What the reset does with unsaved work. */
    unsaved: IdleUnsaved;
}

export interface KioskOptions {
    /** The physical size of the whole display (window.screen); 96 CSS px per inch without it. */
    display?: { widthMM: number; heightMM: number };
    /** The scene file's gap above a large sheet; its default (40) when left out. */
    topInset?: number;
    /** The scene file's width below which a width is compact; its default (600) when left out. */
    compactWidth?: number;
    /** The scene file's `gestures` (thresholds). */
    gestures?: Record<string, number>;
    /**
     * Keeps the session for `session()`, up to dismisskit.js's defaultRecordingLimit or
     * `maxBytes`. A recording that reaches its limit stops (the presentations go on) and the
     * window hears `dismisskit-recording-stopped`, its RecordingStatus in `detail`.
     */
    record?: boolean | { maxBytes?: number };
    /**
     * The idle rule: the layer ticks the pipeline from one timer while nextTick() names a time,
     * shows the warning's countdown and tells the window of the reset (`dismisskit-idle-reset`).
     */
    idle?: IdleRule;
    /**
     * The language of the layer's words, a BCP 47 tag ("ru", "pt-BR"): the best match among the
     * catalog's languages, before <html lang>'s; English when neither matches.
     */
    language?: string;
    /**
     * Texts that replace the catalog's: the question's (`question`, `discard`, `save`,
     * `keepEditing`) and the idle warning's, `stillThere` ("Are you still there?"), `startingOver`
     * (the text for the whole seconds left: "Starting over in 18 seconds.") and `continue`.
     */
    labels?: {
        question?: string; discard?: string; save?: string; keepEditing?: string;
        stillThere?: string; startingOver?: (seconds: number) => string; continue?: string;
    };
}

/**
 * A web kiosk's presentations, driven by one pipeline, and drawn after each event and command
 * where its layout() puts them: a sheet (a popover adapted to one in a compact width too) at its
 * frame by its inline left, top, width and height, its grabber inside it, its header band's
 * height as the CSS variable `--dk-header-height`; a popover where the page's CSS placed it (the
 * frame the layer gives); the question over its anchor. The presented elements receive
 * `dismisskit-save`, `dismisskit-dismiss` and `dismisskit-rejected` events (the intent in
 * `detail`); the window receives every intent as `dismisskit-intent`, in the pipeline's order
 * even when a listener calls the kiosk back, and `dismisskit-recording-stopped` once if the
 * recording reaches its limit. Pointers beyond the 32 seat slots held at once are not fed.
 * The browser's on-screen keyboard is reported to the pipeline as it shows, hides and changes
 * height (navigator.virtualKeyboard with overlaysContent set, or the visual viewport's loss at
 * the bottom); on a hideKeyboard intent the focused element is blurred, so the browser hides it.
 * With an idle rule, one timer ticks the pipeline (at nextTick(), at least once a second, on the
 * clock of the events' timeStamp) and none while nextTick() is null; idleWarning shows
 * `.dk-still-there`, "Are you still there?" with the seconds left and Continue, a popover above
 * everything and the keyboard that leaves the focus where it is; a touch on it is activity like
 * any, and idleCancelled or the deadline closes it. The window receives `dismisskit-idle-reset` (the idleReset intent in
 * `detail`) when the reset has dismissed everything: the page shows its start screen then.
 * The words are the catalog's, in the `language` option's language or <html lang>'s (else
 * English); for Arabic and Hebrew, <html> gets dir="rtl" while the page gives it no dir.
 */
export class Kiosk {
    constructor(dk: DismissKit, options?: KioskOptions);
    /**
     * Shows and presents the element; throws with the pipeline's message when refused, and then
     * shows nothing new (an element already presented stays as it is).
     */
    present(element: HTMLElement, presentation?: PagePresentation): void;
    /** Changes the presentation's fields, as the pipeline's typed update takes them. */
    update(element: HTMLElement | string, fields: PresentationFields): void;
    button(element: HTMLElement | string, role: ButtonRole): void;
    dismiss(element: HTMLElement | string): void;
    accessibility(element: HTMLElement | string, action: AccessibilityAction): void;
    /** Where the presented element is drawn, as the pipeline lays it out. */
    layout(element: HTMLElement | string): PresentationLayout | null;
    /** The recorded session's text (with `record`), for `gesturectl replay`; null otherwise. */
    session(): string | null;
    /** The recording's state (with `record`): on, or failed once it reached its limit. */
    recording(): RecordingStatus;
    /** Stops listening, closes the question and every presentation it shows, and frees the pipeline. */
    destroy(): void;
}
