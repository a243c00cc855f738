// Types of dismisskit-page.js: the page layer that drives <dialog> and popover elements from
// Pointer Events through a DismissKit pipeline.

import type {
    AccessibilityAction, ButtonRole, Detent, DismissKit, PresentationFields, PresentationLayout, PresentationStyle, RecordingStatus,
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
    /** The question's texts. */
    labels?: { question?: string; discard?: string; save?: string; keepEditing?: string };
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
