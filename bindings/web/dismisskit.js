// DismissKit for the browser and Node: the same Swift core and wire codec as the native
// library, compiled to WebAssembly (dismisskit.wasm, beside this module). The calls mirror
// dismisskit.h: a pipeline takes touches and host commands and hands out intents as the JSON
// lines dk_pipeline_next_intent gives, byte for byte. This module only moves texts in and out
// of the module's memory; every decision and every byte of output is the module's.

const encoder = new TextEncoder();
const decoder = new TextDecoder();
// Written by script/protocol from protocol/dismisskit.xml, to the END line: edit that.
// dk_touch_type's numbers by name: a Map, so that only these names are types (an object would
// find "constructor" and "__proto__").
const touchTypes = new Map([["down", 0], ["motion", 1], ["up", 2], ["cancel", 3], ["frame", 4]]);
/** The seat slots a contact may have, as dismisskit.h's DK_SEAT_SLOTS. */
const seatSlots = 32;
// dk_recording_state's names, by number.
const recordingStates = ["off", "on", "failed"];
// END of what script/protocol writes.
/** An in-memory recording's limit unless `record` is given one: 16 MiB. */
export const defaultRecordingLimit = 16 * 1024 * 1024;
// A UTF-16 code unit of a surrogate without its pair (the `u` flag reads a pair as one code point).
const loneSurrogate = /[\uD800-\uDFFF]/u;

/**
 * Loads the module: in Node from dismisskit.wasm beside this file, in a browser with fetch and
 * WebAssembly.instantiateStreaming from the same place; or from `source` (a URL, a Response,
 * bytes or a WebAssembly.Module).
 */
export async function load(source) {
    const instance = await instantiate(source ?? new URL("./dismisskit.wasm", import.meta.url));
    instance.exports._initialize();
    return new DismissKit(instance.exports);
}

async function instantiate(source) {
    if (source instanceof WebAssembly.Module) return WebAssembly.instantiate(source, {});
    if (source instanceof URL && source.protocol === "file:") {
        const { readFile } = await import("node:fs/promises");
        source = await readFile(source);
    }
    if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
        return (await WebAssembly.instantiate(source, {})).instance;
    }
    const response = source instanceof Response ? source : fetch(source);
    return (await WebAssembly.instantiateStreaming(response, {})).instance;
}

class DismissKit {
    #wasm;

    constructor(wasm) {
        this.#wasm = wasm;
    }

    /** The release, as `gesturectl --version` prints it. */
    get version() {
        return readText(this.#wasm, this.#wasm.dk_version());
    }

    /** The module's memory in bytes: it grows as the pipelines need, and never shrinks. */
    get memoryBytes() {
        return this.#wasm.memory.buffer.byteLength;
    }

    /** A pipeline on a scene file's JSON text; throws an Error naming the field at fault. */
    pipeline(sceneText) {
        const handle = withText(this.#wasm, sceneText, "scene_json", (pointer, length) => this.#wasm.dk_pipeline_new(pointer, length));
        if (handle === 0) throw new Error(readText(this.#wasm, this.#wasm.dk_text_length()));
        return new Pipeline(this.#wasm, handle);
    }
}

class Pipeline {
    #wasm;
    #handle;

    constructor(wasm, handle) {
        this.#wasm = wasm;
        this.#handle = handle;
    }

    /**
     * A touch: type "down" | "motion" | "up" | "cancel" | "frame"; true, or false when the
     * pipeline refused it. Throws a TypeError for another type, and a RangeError for a seat slot
     * (ignored for a frame) that is not a whole number from 0 to 31.
     */
    touch(type, seatSlot, x, y, timeUs) {
        const kind = touchTypes.get(type);
        if (kind === undefined) {
            throw new TypeError(`touch type ${describe(type)} is not one of ${[...touchTypes.keys()].join(", ")}`);
        }
        if (type !== "frame" && !(Number.isInteger(seatSlot) && seatSlot >= 0 && seatSlot < seatSlots)) {
            throw new RangeError(`seat slot ${describe(seatSlot)} is not a whole number from 0 to ${seatSlots - 1}`);
        }
        return this.#wasm.dk_pipeline_touch(this.#live(), kind, type === "frame" ? 0 : seatSlot, x, y, timeUs) === 0;
    }

    /** A host command's JSON text at timeUs; throws an Error with the C library's message. */
    command(commandText, timeUs) {
        const handle = this.#live();
        const status = withText(this.#wasm, commandText, "command_json", (pointer, length) =>
            this.#wasm.dk_pipeline_command(handle, pointer, length, timeUs));
        if (status !== 0) throw new Error(readText(this.#wasm, this.#wasm.dk_text_length()));
    }

    /** The next intent's JSON text, as dk_pipeline_next_intent gives it; null when none. */
    nextIntent() {
        const length = this.#wasm.dk_pipeline_next_intent(this.#live());
        return length < 0 ? null : readText(this.#wasm, length);
    }

    /**
     * Records the session in memory from here on (before the first touch or command), as
     * dk_pipeline_record writes a file, up to `maxBytes` (defaultRecordingLimit unless given):
     * a line that would pass it stops the recording (see recording()), and the pipeline goes
     * on. Throws an Error saying why when it cannot record.
     */
    record({ maxBytes = defaultRecordingLimit } = {}) {
        if (this.#wasm.dk_pipeline_record(this.#live(), maxBytes) !== 0) throw new Error(readText(this.#wasm, this.#wasm.dk_text_length()));
    }

    /**
     * What became of the recording, as dk_pipeline_recording tells it: `state` "off", "on" or
     * "failed" (it reached its limit and stopped), `bytes` the session's length, and `error`
     * why it stopped (null otherwise).
     */
    recording() {
        const state = recordingStates[this.#wasm.dk_pipeline_recording(this.#live())];
        const error = state === "failed" ? readText(this.#wasm, this.#wasm.dk_text_length()) : null;
        return { state, bytes: this.#wasm.dk_pipeline_recorded_bytes(this.#handle), error };
    }

    /** The session recorded so far: a session file's text for `gesturectl replay`; null when not recording. */
    session() {
        const length = this.#wasm.dk_pipeline_session(this.#live());
        return length < 0 ? null : readText(this.#wasm, length);
    }

    /** With `on`, the recogniser's decisions are read too, before the intents of their call. */
    explain(on) {
        this.#wasm.dk_pipeline_explain(this.#live(), on ? 1 : 0);
    }

    free() {
        if (this.#handle === 0) return;
        this.#wasm.dk_pipeline_free(this.#handle);
        this.#handle = 0;
    }

    #live() {
        if (this.#handle === 0) throw new Error("the pipeline was freed");
        return this.#handle;
    }
}

/**
 * Calls `body(pointer, length)` with `text` as UTF-8 in a block of the module's memory. A text
 * with a surrogate that has no pair has no UTF-8: it is refused, as its escaped form is,
 * with the line where it is (`name`:LINE: …).
 */
function withText(wasm, text, name, body) {
    const surrogate = loneSurrogate.exec(text);
    if (surrogate !== null) {
        const line = text.slice(0, surrogate.index).split("\n").length;
        const code = surrogate[0].charCodeAt(0).toString(16).toUpperCase();
        throw new Error(`${name}:${line}: unpaired surrogate U+${code} in the text`);
    }
    const bytes = encoder.encode(text);
    const pointer = wasm.dk_alloc(bytes.length);
    new Uint8Array(wasm.memory.buffer, pointer, bytes.length).set(bytes);
    try {
        return body(pointer, bytes.length);
    } finally {
        wasm.dk_free(pointer);
    }
}

/** A value as a message shows it: a string quoted, anything else as String() gives it. */
function describe(value) {
    return typeof value === "string" ? JSON.stringify(value) : String(value);
}

/** The module's last text, `length` bytes at dk_text(). */
function readText(wasm, length) {
    return decoder.decode(new Uint8Array(wasm.memory.buffer, wasm.dk_text(), length));
}
