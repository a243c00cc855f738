// The WebAssembly module against a hostile caller, in Node: pipelines made and freed without
// end, a recording that reaches its limit, touch types and seat slots that are not ones, times
// beyond range, texts UTF-8 cannot carry, numbers that underflow. Each answer is the one the C
// library gives for the same call, and memory stays where it was. Sessions the module records
// here must replay with `gesturectl replay --verify`, so the native build agrees with it.
//
// Usage: node Tests/Web/borders.mjs MODULE_DIR GESTURECTL
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

import { Checks, expect, tap, thrown } from "./support.mjs";

const [moduleDirectory, gesturectl] = process.argv.slice(2);
const { load } = await import(pathToFileURL(resolve(moduleDirectory, "dismisskit.js")).href);
// The module's memory, as the engine holds it (dk.memoryBytes tells the same).
let memory;
const instantiate = WebAssembly.instantiate;
WebAssembly.instantiate = async (...args) => {
    const result = await instantiate(...args);
    memory = (result.instance ?? result).exports.memory;
    return result;
};
const dk = await load();
const memoryBytes = () => memory.buffer.byteLength;
const scratch = mkdtempSync(join(tmpdir(), "dismisskit-web-borders-"));
const checks = new Checks();
const check = checks.check.bind(checks);
/** Whether `gesturectl replay SESSION --verify` replays the session to the intents it holds. */
const verify = (name, session) => {
    const path = join(scratch, `${name}.session.jsonl`);
    writeFileSync(path, session);
    execFileSync(gesturectl, ["replay", path, "--verify"], { stdio: ["ignore", "ignore", "pipe"] });
};

const scene = JSON.stringify({
    presentations: [
        { id: "compose", style: "sheet", detents: ["medium", "large"], grabber: true, headerHeight: 56, unsavedChanges: true },
    ],
});
const intentsOf = (pipeline) => {
    const intents = [];
    for (let line = pipeline.nextIntent(); line !== null; line = pipeline.nextIntent()) intents.push(JSON.parse(line));
    return intents;
};
check("making and freeing pipelines runs in flat memory", () => {
    const cycles = (count) => {
        for (let index = 0; index < count; index++) dk.pipeline(scene).free();
    };
    cycles(2_000);  // the allocator's first blocks
    const after = memoryBytes();
    cycles(8_000);
    expect(memoryBytes() === after, `${after} bytes after 2,000 cycles, ${memoryBytes()} after 10,000`);
    expect(dk.memoryBytes === memoryBytes(), `dk.memoryBytes is ${dk.memoryBytes}`);
    // A handle freed is taken again, and a live pipeline beside the cycles keeps its own.
    const kept = dk.pipeline(scene);
    kept.command('{"type": "key", "key": "escape"}', 0);
    cycles(1_000);
    expect(intentsOf(kept).map((intent) => intent.type).join() === "confirmationRequested", "the kept pipeline lost its question");
    kept.free();
});

check("a recording that reaches its limit stops, and the pipeline goes on asking", () => {
    const pipeline = dk.pipeline(scene);
    pipeline.record({ maxBytes: 4096 });
    let time = 0;
    let taps = 0;
    while (pipeline.recording().state === "on") {
        time = tap(pipeline, 640, 700, time);
        intentsOf(pipeline);
        expect(++taps < 100, "4096 bytes of recording never filled");
    }
    const { state, bytes, error } = pipeline.recording();
    const session = pipeline.session();
    expect(state === "failed" && bytes === session.length && bytes <= 4096, `${state}, ${bytes} bytes, a session of ${session.length}`);
    expect(error.includes("limit of 4096 bytes") && error.includes(`${bytes} bytes before`), error);
    expect(session.endsWith("\n") && JSON.parse(session.trimEnd().split("\n").at(-1)).event === "frame",
        "the session does not end at a whole frame");
    verify("limit", session);
    // Many more taps change neither the recording nor the memory; Escape still asks.
    const before = memoryBytes();
    for (let index = 0; index < 2_000; index++) {
        time = tap(pipeline, 640, 700, time);
        intentsOf(pipeline);
    }
    expect(pipeline.session() === session && memoryBytes() === before, "the stopped recording or the memory grew");
    pipeline.command('{"type": "key", "key": "escape"}', time);
    const asked = intentsOf(pipeline);
    expect(asked.length === 1 && asked[0].type === "confirmationRequested" && asked[0].presentation === "compose",
        `Escape on the unsaved sheet gave ${JSON.stringify(asked)}`);
    pipeline.free();
});

check("a recording's limit is checked, and a recording without one is on", () => {
    const pipeline = dk.pipeline(scene);
    for (const maxBytes of [0, -1, 0.5, NaN, 2 ** 31]) {
        const message = thrown(() => pipeline.record({ maxBytes })).message;
        expect(message.includes("is not a whole number of bytes from 1 to 2147483647"), `${maxBytes}: ${message}`);
    }
    expect(/below its header and scene lines' \d+/.test(thrown(() => pipeline.record({ maxBytes: 10 })).message), "a limit below the scene");
    expect(pipeline.recording().state === "off", "a refused recording is on");
    pipeline.record();
    const status = pipeline.recording();
    expect(status.state === "on" && status.bytes === pipeline.session().length && status.error === null, JSON.stringify(status));
    pipeline.free();
});

check("only the five touch types are types", () => {
    const pipeline = dk.pipeline(scene);
    for (const type of ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf", "hover", "", undefined, 0]) {
        const error = thrown(() => pipeline.touch(type, 0, 640, 700, 10));
        expect(error instanceof TypeError && error.message.endsWith("is not one of down, motion, up, cancel, frame"), `${String(type)}: ${error}`);
    }
    // Nothing was taken: a down on slot 0 is the first.
    expect(pipeline.touch("down", 0, 640, 700, 10), "a down after the refused types was refused");
    pipeline.free();
});

check("a seat slot is a whole number from 0 to 31", () => {
    const pipeline = dk.pipeline(scene);
    for (const slot of [NaN, 0.5, 2 ** 32, Infinity, -Infinity, undefined, null, "0x0", "0", -1, 32, 2 ** 31]) {
        for (const type of ["down", "motion", "up", "cancel"]) {
            const error = thrown(() => pipeline.touch(type, slot, 640, 700, 10));
            expect(error instanceof RangeError && error.message.includes("is not a whole number from 0 to 31"), `${type} ${String(slot)}: ${error}`);
        }
    }
    // None was taken: slots 0 and 1 are free, and a frame's slot is not read.
    expect(pipeline.touch("down", 0, 640, 700, 10) && pipeline.touch("down", 1, 600, 700, 10), "slot 0 or 1 was taken");
    expect(pipeline.touch("frame", undefined, 0, 0, 10) && pipeline.touch("down", 31, 500, 700, 20), "a frame or slot 31");
    pipeline.free();
});

check("a time beyond range is out of range, as the C library says", () => {
    const pipeline = dk.pipeline(scene);
    for (const time of [1e308, 2 ** 64, -(2 ** 64), 2 ** 53 + 2, Infinity]) {
        const message = thrown(() => pipeline.command('{"type": "key", "key": "escape"}', time)).message;
        expect(/^time_us \S+ is out of range \(at most 2\^53 microseconds either side of 0\)$/.test(message), `${time}: ${message}`);
    }
    for (const time of [0.5, NaN]) {
        const message = thrown(() => pipeline.command('{"type": "key", "key": "escape"}', time)).message;
        expect(message.endsWith("is not a whole number of microseconds"), `${time}: ${message}`);
    }
    pipeline.free();
});

check("a surrogate without its pair is refused, raw as escaped", () => {
    const pipeline = dk.pipeline(scene);
    pipeline.record();
    const escaped = thrown(() => pipeline.command('{"type": "remove", "presentation": "a\\ud800"}', 0)).message;
    expect(escaped === "command_json:1: unpaired surrogate in a \\u escape", escaped);
    for (const [text, line] of [['{"type": "remove", "presentation": "a\ud800"}', 1], ['{"type": "remove",\n"presentation": "\udc00b"}', 2]]) {
        const message = thrown(() => pipeline.command(text, 0)).message;
        expect(message.startsWith(`command_json:${line}: unpaired surrogate U+D`), message);
    }
    const sceneError = thrown(() => dk.pipeline('{"presentations": [{"id": "\ud83d", "style": "sheet"}]}')).message;
    expect(sceneError.startsWith("scene_json:1: unpaired surrogate U+D83D"), sceneError);
    // A pair is a character: 😀 is an id.
    pipeline.command('{"type": "present", "presentation": {"id": "\ud83d\ude00", "style": "sheet"}}', 0);
    verify("surrogates", pipeline.session());
    pipeline.free();
});

check("numbers that underflow are 0 or the nearest subnormal, as in the native build", () => {
    const pipeline = dk.pipeline(scene);
    pipeline.record();
    // Both are 0: the header's height and the content offset are taken, and Escape asks.
    pipeline.command('{"type": "update", "presentation": "compose", "headerHeight": 1e-400}', 0);
    pipeline.command('{"type": "update", "presentation": "compose", "content": {"offset": 2.4703282292062327e-324}}', 0);
    pipeline.command('{"type": "key", "key": "escape"}', 0);
    expect(intentsOf(pipeline).map((intent) => intent.type).join() === "confirmationRequested", "Escape did not ask");
    // A custom detent of 0 is refused; the smallest subnormal is a positive height.
    const zero = thrown(() => pipeline.command('{"type": "present", "presentation": {"id": "tiny", "style": "sheet", "detents": [2.4703282292062327e-324]}}', 0)).message;
    expect(zero.includes("a custom detent must be a positive height"), zero);
    pipeline.command('{"type": "present", "presentation": {"id": "tiny", "style": "sheet", "detents": [2.4703282292062328e-324]}}', 0);
    const huge = thrown(() => pipeline.command('{"type": "key", "key": "escape", "x": 1e400}', 0)).message;
    expect(huge === "command_json:1: number 1e400 is out of range", huge);
    verify("underflow", pipeline.session());
    pipeline.free();
});

check("an id is its bytes and holds no control character, as in the C library", () => {
    // "café" with U+00E9 and with "e" + U+0301, short and past the 15 bytes an id holds in itself.
    for (const [composed, decomposed] of [["caf\u00e9", "cafe\u0301"], ["draft-message-caf\u00e9", "draft-message-cafe\u0301"]]) {
        const pipeline = dk.pipeline(JSON.stringify({ presentations: [{ id: composed, style: "sheet", unsavedChanges: true }] }));
        pipeline.record();
        pipeline.command(JSON.stringify({ type: "dismiss", presentation: decomposed }), 1000);
        const rejected = intentsOf(pipeline);
        expect(rejected.length === 1 && rejected[0].type === "rejected" && rejected[0].presentation === decomposed,
            JSON.stringify(rejected));
        thrown(() => pipeline.command(JSON.stringify({ type: "confirm", presentation: decomposed, choice: "discard" }), 2000));
        pipeline.command('{"type": "key", "key": "escape"}', 3000);
        const asked = intentsOf(pipeline);
        expect(asked.length === 1 && asked[0].type === "confirmationRequested" && asked[0].presentation === composed,
            JSON.stringify(asked));
        verify("ids", pipeline.session());
        pipeline.free();
    }
    const sceneError = thrown(() => dk.pipeline('{"presentations": [{"id": "a", "style": "sheet"}, {"id": "a\\u0000b", "style": "sheet"}]}')).message;
    expect(sceneError.endsWith("presentations[1].id: a presentation id holds no control character, this one has U+0000"), sceneError);
    const pipeline = dk.pipeline(scene);
    const commandError = thrown(() => pipeline.command(JSON.stringify({ type: "dismiss", presentation: "compose\u0000" }), 0)).message;
    expect(commandError.endsWith("a presentation id holds no control character, this one has U+0000"), commandError);
    expect(intentsOf(pipeline).length === 0, "a refused id decided something");
    pipeline.free();
});

rmSync(scratch, { recursive: true });
checks.finish("WebAssembly module at its borders");
