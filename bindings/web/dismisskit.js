// DismissKit for the browser and Node: the same Swift core and wire codec as the native
// library, compiled to WebAssembly (dismisskit.wasm, beside this module). The calls mirror
// dismisskit.h: a pipeline takes touches and host commands (typed calls, whose command the
// module's wire codec writes, or a command's JSON text) and hands out intents as the JSON lines
// dk_pipeline_next_intent gives, byte for byte. This module only moves values and texts in and
// out of the module's memory; every decision and every byte of output is the module's.

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
// dk_presentation_role's names, by number.
const presentationRoles = ["sheet", "popover", "fullScreen", "alert"];
// END of what script/protocol writes.
/** An in-memory recording's limit unless `record` is given one: 16 MiB. */
export const defaultRecordingLimit = 16 * 1024 * 1024;
// How many numbers dk_pipeline_layout fills: dk_layout's (a rectangle four), then one of the module's own.
const layoutValueCount = 31;
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
        this.#check(withText(this.#wasm, commandText, "command_json", (pointer, length) =>
            this.#wasm.dk_pipeline_command(handle, pointer, length, timeUs)));
    }

    // Typed commands, as dismisskit.h's dk_pipeline_present, dk_pipeline_confirm, …: the module
    // writes the command. Each throws an Error with the module's message when the pipeline
    // refuses it or a value (NaN, a name outside its set) cannot be one, and a TypeError for a
    // value of the wrong JavaScript type.

    /** Presents the presentation `id` with `fields` (PresentationFields; `style` is needed). */
    present(id, fields, timeUs) {
        this.#withFields(id, fields, (pointer, length) => this.#wasm.dk_pipeline_present(this.#handle, pointer, length, timeUs));
    }

    /** Changes the fields given of the presentation `id`; the others keep their values. */
    update(id, fields, timeUs) {
        this.#withFields(id, fields, (pointer, length) => this.#wasm.dk_pipeline_update(this.#handle, pointer, length, timeUs));
    }

    /** Answers a confirmationRequested of `id` with `choice` (a Choice). */
    confirm(id, choice, timeUs) {
        this.#named(id, choice, "choice", (pointer, length, name, nameLength) =>
            this.#wasm.dk_pipeline_confirm(this.#handle, pointer, length, name, nameLength, timeUs));
    }

    /** The presentation's own button `role` (a ButtonRole) was pressed. */
    button(id, role, timeUs) {
        this.#named(id, role, "role", (pointer, length, name, nameLength) =>
            this.#wasm.dk_pipeline_button(this.#handle, pointer, length, name, nameLength, timeUs));
    }

    /** An assistive technology's `action` (an AccessibilityAction) on `id`. */
    accessibility(id, action, timeUs) {
        this.#named(id, action, "action", (pointer, length, name, nameLength) =>
            this.#wasm.dk_pipeline_accessibility(this.#handle, pointer, length, name, nameLength, timeUs));
    }

    /** Asks to dismiss `id`, as the host's own code would. */
    dismiss(id, timeUs) {
        this.#withID(id, (pointer, length) => this.#wasm.dk_pipeline_dismiss(this.#handle, pointer, length, timeUs));
    }

    /** Takes `id` off the screen without a dismissal. */
    remove(id, timeUs) {
        this.#withID(id, (pointer, length) => this.#wasm.dk_pipeline_remove(this.#handle, pointer, length, timeUs));
    }

    /** Whether `id` holds unsaved work. */
    setUnsavedChanges(id, unsaved, timeUs) {
        const flag = boolean(unsaved, "unsaved");
        this.#withID(id, (pointer, length) => this.#wasm.dk_pipeline_set_unsaved_changes(this.#handle, pointer, length, flag, timeUs));
    }

    /** How far the content of `id` is scrolled down from its top, in points. */
    reportContentOffset(id, offset, timeUs) {
        number(offset, "offset");
        this.#withID(id, (pointer, length) => this.#wasm.dk_pipeline_report_content_offset(this.#handle, pointer, length, offset, timeUs));
    }

    /** The Escape key. */
    escapeKey(timeUs) {
        this.#check(this.#wasm.dk_pipeline_escape_key(this.#live(), timeUs));
    }

    /** A new screen: `width` and `height` in points, `widthMM` and `heightMM` in millimetres. */
    screen({ width, height, widthMM, heightMM }, timeUs) {
        for (const [name, value] of Object.entries({ width, height, widthMM, heightMM })) number(value, name);
        this.#check(this.#wasm.dk_pipeline_screen(this.#live(), width, height, widthMM, heightMM, timeUs));
    }

    /** The on-screen keyboard docked at the bottom: its `height` in points, 0 when hidden. */
    keyboard(height, timeUs) {
        number(height, "height");
        this.#check(this.#wasm.dk_pipeline_keyboard(this.#live(), height, timeUs));
    }

    /** The host's clock, for the scene's idle rule: `timeUs` is now, on the touches' clock. */
    tick(timeUs) {
        this.#check(this.#wasm.dk_pipeline_tick(this.#live(), timeUs));
    }

    /** When the pipeline next needs a tick(), in µs on the touches' clock; null when it needs none. */
    nextTick() {
        const next = this.#wasm.dk_pipeline_next_tick(this.#live());
        return Number.isNaN(next) ? null : next;
    }

    /**
     * Where the presentation `id` is drawn now, as dk_pipeline_layout gives it: the figures the
     * pipeline hit-tests with, a plain object (dismisskit.d.ts's PresentationLayout); null when
     * no presentation has that id.
     */
    layout(id) {
        let found = 0;
        this.#withID(id, (pointer, length) => {
            found = this.#wasm.dk_pipeline_layout(this.#handle, pointer, length);
            return found < 0 ? found : 0;
        });
        return found === 1 ? readLayout(this.#wasm) : null;
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

    /** Throws the module's message when a call's `status` is not 0. */
    #check(status) {
        if (status !== 0) throw new Error(readText(this.#wasm, this.#wasm.dk_text_length()));
    }

    /** Calls `body(pointer, length)` with the presentation's id in the module's memory. */
    #withID(id, body) {
        this.#live();
        if (typeof id !== "string") throw new TypeError(`presentation ${describe(id)} is not a string`);
        this.#check(withText(this.#wasm, id, "presentation", body));
    }

    /** As #withID, with the name of a closed set's value (`field`) too. */
    #named(id, name, field, body) {
        if (typeof name !== "string") throw new TypeError(`${field} ${describe(name)} is not a string`);
        this.#withID(id, (pointer, length) => withText(this.#wasm, name, field, (namePointer, nameLength) =>
            body(pointer, length, namePointer, nameLength)));
    }

    /** As #withID, with `fields` gathered in the module first. */
    #withFields(id, fields, body) {
        this.#live();
        if (typeof fields !== "object" || fields === null) throw new TypeError(`fields ${describe(fields)} is not an object`);
        this.#wasm.dk_fields_clear();
        for (const [key, value] of Object.entries(fields)) {
            const set = fieldSetters.get(key);
            if (set === undefined) throw new TypeError(`${describe(key)} is not a presentation field (${[...fieldSetters.keys()].join(", ")})`);
            if (value !== undefined) set(this.#wasm, value);
        }
        this.#withID(id, body);
    }
}

// How each of a presentation's fields is given to the module: by its dk_fields_ call. A Map, so
// that only these names are fields.
const fieldSetters = new Map([
    ["style", (wasm, value) => withName(wasm, value, "style", (pointer, length) => wasm.dk_fields_set_style(pointer, length))],
    ["detents", (wasm, value) => {
        if (!Array.isArray(value)) throw new TypeError(`detents ${describe(value)} is not an array`);
        for (const detent of value) withDetent(wasm, detent, "detents", (pointer, length, height) => wasm.dk_fields_add_detent(pointer, length, height));
    }],
    ["selectedDetent", (wasm, value) =>
        withDetent(wasm, value, "selectedDetent", (pointer, length, height) => wasm.dk_fields_set_selected_detent(pointer, length, height))],
    ["grabber", (wasm, value) => wasm.dk_fields_set_grabber(boolean(value, "grabber"))],
    ["headerHeight", (wasm, value) => wasm.dk_fields_set_header_height(number(value, "headerHeight"))],
    ["contentOffset", (wasm, value) => wasm.dk_fields_set_content_offset(number(value, "contentOffset"))],
    ["modal", (wasm, value) => wasm.dk_fields_set_modal(boolean(value, "modal"))],
    ["unsavedChanges", (wasm, value) => wasm.dk_fields_set_unsaved_changes(boolean(value, "unsavedChanges"))],
    ["dismissible", (wasm, value) => wasm.dk_fields_set_dismissible(boolean(value, "dismissible"))],
    ["tapOutside", (wasm, value) => value === null ? wasm.dk_fields_set_tap_outside(0, 0)
        : withName(wasm, value, "tapOutside", (pointer, length) => wasm.dk_fields_set_tap_outside(pointer, length))],
    ["frame", (wasm, value) => setRectangle(wasm, 0, value, "frame")],
    ["anchor", (wasm, value) => setRectangle(wasm, 1, value, "anchor")],
    ["passthrough", (wasm, value) => {
        if (!Array.isArray(value)) throw new TypeError(`passthrough ${describe(value)} is not an array`);
        if (value.length === 0) wasm.dk_fields_clear_passthrough();
        for (const region of value) wasm.dk_fields_add_passthrough(...rectangle(region, "passthrough"));
    }],
]);

/** A name of a closed set (`field`), in the module's memory for `body(pointer, length)`. */
function withName(wasm, value, field, body) {
    if (typeof value !== "string") throw new TypeError(`${field} ${describe(value)} is not a string`);
    return withText(wasm, value, field, body);
}

/** A detent: "medium" or "large" by name, or a height in points; for `body(pointer, length, height)`. */
function withDetent(wasm, detent, field, body) {
    if (typeof detent === "number") return body(0, 0, detent);
    if (typeof detent !== "string") throw new TypeError(`${field} ${describe(detent)} is not a detent's name or height`);
    return withText(wasm, detent, field, (pointer, length) => body(pointer, length, 0));
}

/** `frame` (0) or `anchor` (1) of `which`; null removes it. */
function setRectangle(wasm, which, value, field) {
    if (value === null) wasm.dk_fields_set_rectangle(which, 0, 0, 0, 0, 0);
    else wasm.dk_fields_set_rectangle(which, 1, ...rectangle(value, field));
}

/** A rectangle's x, y, width and height, each a number. */
function rectangle(value, field) {
    if (typeof value !== "object" || value === null) throw new TypeError(`${field} ${describe(value)} is not a rectangle`);
    return ["x", "y", "width", "height"].map((key) => number(value[key], `${field}.${key}`));
}

/** `value`, a number (NaN and infinities are the module's to refuse, by name). */
function number(value, name) {
    if (typeof value !== "number") throw new TypeError(`${name} ${describe(value)} is not a number`);
    return value;
}

/** `value`, true or false, as the module's 1 or 0. */
function boolean(value, name) {
    if (typeof value !== "boolean") throw new TypeError(`${name} ${describe(value)} is not true or false`);
    return value ? 1 : 0;
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

/** The numbers of the layout dk_pipeline_layout filled, as a PresentationLayout (DismissKitWeb.swift's layoutValues). */
function readLayout(wasm) {
    const values = new Float64Array(wasm.memory.buffer, wasm.dk_layout_values(), layoutValueCount);
    let next = 0;
    const take = () => values[next++];
    const rect = () => ({ x: take(), y: take(), width: take(), height: take() });
    const role = presentationRoles[take()];
    const adapted = take() === 1;
    const frame = rect();
    const restingFrame = rect();
    const dragOffset = take();
    const detentHeight = take();
    const hasGrabber = take() === 1;
    const grabber = rect();
    const grabberHitTarget = rect();
    const hasHeader = take() === 1;
    const header = rect();
    const questionAnchor = rect();
    const atLargestDetent = take() === 1;
    return { role, adapted, frame, restingFrame, dragOffset, detentHeight, grabber: hasGrabber ? grabber : null,
             grabberHitTarget: hasGrabber ? grabberHitTarget : null, header: hasHeader ? header : null, questionAnchor,
             atLargestDetent };
}

/** A value as a message shows it: a string quoted, anything else as String() gives it. */
function describe(value) {
    return typeof value === "string" ? JSON.stringify(value) : String(value);
}

/** The module's last text, `length` bytes at dk_text(). */
function readText(wasm, length) {
    return decoder.decode(new Uint8Array(wasm.memory.buffer, wasm.dk_text(), length));
}
