// DismissKit for the browser and Node: the same Swift core and wire codec as the native
// library, compiled to WebAssembly (dismisskit.wasm, beside this module). The calls mirror
// dismisskit.h: a pipeline takes touches and host commands and hands out intents as the JSON
// lines dk_pipeline_next_intent gives, byte for byte. This module only moves texts in and out
// of the module's memory; every decision and every byte of output is the module's.

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const touchTypes = { down: 0, motion: 1, up: 2, cancel: 3, frame: 4 };

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

    /** A pipeline on a scene file's JSON text; throws an Error naming the field at fault. */
    pipeline(sceneText) {
        const handle = withText(this.#wasm, sceneText, (pointer, length) => this.#wasm.dk_pipeline_new(pointer, length));
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

    /** A touch: type "down" | "motion" | "up" | "cancel" | "frame"; true, or false when refused. */
    touch(type, seatSlot, x, y, timeUs) {
        const kind = touchTypes[type] ?? -1;
        return this.#wasm.dk_pipeline_touch(this.#live(), kind, seatSlot, x, y, timeUs) === 0;
    }

    /** A host command's JSON text at timeUs; throws an Error with the C library's message. */
    command(commandText, timeUs) {
        const handle = this.#live();
        const status = withText(this.#wasm, commandText, (pointer, length) =>
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
     * dk_pipeline_record writes a file; throws an Error saying why when it cannot.
     */
    record() {
        if (this.#wasm.dk_pipeline_record(this.#live()) !== 0) throw new Error(readText(this.#wasm, this.#wasm.dk_text_length()));
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

/** Calls `body(pointer, length)` with `text` as UTF-8 in a block of the module's memory. */
function withText(wasm, text, body) {
    const bytes = encoder.encode(text);
    const pointer = wasm.dk_alloc(bytes.length);
    new Uint8Array(wasm.memory.buffer, pointer, bytes.length).set(bytes);
    try {
        return body(pointer, bytes.length);
    } finally {
        wasm.dk_free(pointer);
    }
}

/** The module's last text, `length` bytes at dk_text(). */
function readText(wasm, length) {
    return decoder.decode(new Uint8Array(wasm.memory.buffer, wasm.dk_text(), length));
}
