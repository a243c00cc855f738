// Types of dismisskit.js: DismissKit's pipeline compiled to WebAssembly, its calls those of
// dismisskit.h. Intents are JSON texts, the bytes dk_pipeline_next_intent gives.

/** What a touch event is, as dk_touch_type names it. */
export type TouchType = "down" | "motion" | "up" | "cancel" | "frame";

export interface Pipeline {
    /** A touch at `x`, `y` in points on the scene's screen, at `timeUs` microseconds; false when refused. */
    touch(type: TouchType, seatSlot: number, x: number, y: number, timeUs: number): boolean;
    /** A host command's JSON text; throws an Error with the C library's message when refused. */
    command(commandText: string, timeUs: number): void;
    /** The next intent's JSON text, or null when none is waiting. */
    nextIntent(): string | null;
    /** Records the session in memory from here on; throws when a touch or command came first. */
    record(): void;
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
    /** A pipeline on a scene file's JSON text; throws an Error naming the field at fault. */
    pipeline(sceneText: string): Pipeline;
}

/** Loads dismisskit.wasm: beside this module by default, or from `source`. */
export function load(source?: URL | string | Response | BufferSource | WebAssembly.Module): Promise<DismissKit>;
