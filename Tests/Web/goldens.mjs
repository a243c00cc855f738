// Every golden gesture recording (Recordings/gesture-*.evemu with its .scene.json) through the
// WebAssembly module, as a web page would feed it: its touch events (from `gesturectl replay
// --touch-events --exact`, positions with every digit) through p.touch and its timeline's
// commands through p.command (a tick through p.tick in the first pass), each before the touch
// events of the first frame at or after its time and the rest after the last frame, as the
// replay applies them. The intents must be
// gesturectl replay's, byte for byte, and with p.explain(true) its --explain lines. Then the
// errors: bad scenes and bad commands throw the C library's messages. The first pass is also
// recorded (p.record), and `gesturectl replay SESSION --verify` must find its intents again.
//
// Usage: node Tests/Web/goldens.mjs MODULE_DIR GESTURECTL RECORDINGS_DIR
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [moduleDirectory, gesturectl, recordings] = process.argv.slice(2);
const { load } = await import(pathToFileURL(resolve(moduleDirectory, "dismisskit.js")).href);
const dk = await load();
let failures = 0;
const fail = (message) => {
    failures++;
    console.error(`FAIL ${message}`);
};

const release = execFileSync(gesturectl, ["--version"], { encoding: "utf8" }).split(" ")[1];
if (dk.version !== release) fail(`version ${dk.version}, gesturectl ${release}`);
const packageVersion = JSON.parse(readFileSync(join(moduleDirectory, "package.json"), "utf8")).version;
if (packageVersion !== release) fail(`package.json version ${packageVersion}, the release ${release}`);

const lines = (text) => text.split("\n").filter((line) => line.length > 0);
const replay = (...args) => lines(execFileSync(gesturectl, ["replay", ...args], { encoding: "utf8", maxBuffer: 1 << 26, stdio: ["ignore", "pipe", "ignore"] }));

let compared = 0;
let verified = 0;
let ticks = 0;
let idleRules = 0;
const scratch = mkdtempSync(join(tmpdir(), "dismisskit-web-"));
const names = readdirSync(recordings).filter((file) => file.startsWith("gesture-") && file.endsWith(".evemu")).sort();
for (const file of names) {
    const recording = join(recordings, file);
    const scenePath = recording.replace(/\.evemu$/, ".scene.json");
    const sceneText = readFileSync(scenePath, "utf8");
    const timeline = JSON.parse(sceneText).timeline ?? [];
    if (JSON.parse(sceneText).idle !== undefined) idleRules++;
    const touches = replay(recording, "--scene", scenePath, "--touch-events", "--exact").map((line) => JSON.parse(line));
    for (const explaining of [false, true]) {
        const pipeline = dk.pipeline(sceneText);
        pipeline.explain(explaining);
        if (!explaining) pipeline.record();
        const actual = [];
        const drain = () => {
            for (let line = pipeline.nextIntent(); line !== null; line = pipeline.nextIntent()) actual.push(line);
        };
        let next = 0;
        // The idle clock's ticks: by the typed tick() in the first pass, by their JSON command in the explained one.
        const apply = (entry) => {
            if (entry.command.type === "tick" && !explaining) pipeline.tick(entry.time);
            else pipeline.command(JSON.stringify(entry.command), entry.time);
            if (entry.command.type === "tick") ticks++;
            drain();
        };
        for (const touch of touches) {
            while (next < timeline.length && timeline[next].time <= touch.time) apply(timeline[next++]);
            pipeline.touch(touch.type, touch.seatSlot ?? -1, touch.x ?? 0, touch.y ?? 0, touch.time);
            drain();
        }
        while (next < timeline.length) apply(timeline[next++]);
        if (!explaining) {
            const session = join(scratch, file.replace(/\.evemu$/, ".session.jsonl"));
            writeFileSync(session, pipeline.session());
            try {
                execFileSync(gesturectl, ["replay", session, "--verify"], { stdio: ["ignore", "ignore", "pipe"] });
                verified++;
            } catch (error) {
                fail(`${file}: gesturectl replay --verify of its recorded session: ${String(error.stderr).trim()}`);
            }
        }
        pipeline.free();
        const expected = replay(recording, "--scene", scenePath, ...(explaining ? ["--explain"] : []));
        const first = expected.findIndex((line, index) => line !== actual[index]);
        if (first >= 0 || expected.length !== actual.length) {
            const at = first >= 0 ? first : Math.min(expected.length, actual.length);
            fail(`${file}${explaining ? " (explained)" : ""}: line ${at + 1} differs\n  gesturectl: ${expected[at]}\n  module:     ${actual[at]}`);
        }
        compared += expected.length;
    }
}

// Bad input: the C library's messages.
const throws = (body, part, what) => {
    try {
        body();
        fail(`${what}: no error`);
    } catch (error) {
        if (!String(error.message).includes(part)) fail(`${what}: "${error.message}" does not say "${part}"`);
    }
};
throws(() => dk.pipeline("{"), "scene_json:1:", "a scene cut short");
throws(() => dk.pipeline('{"presentations": [{"id": "a", "style": "sheet", "detents": ["tall"]}]}'), "detents", "a bad detent");
rmSync(scratch, { recursive: true });
const pipeline = dk.pipeline('{"presentations": [{"id": "compose", "style": "sheet", "unsavedChanges": true}]}');
if (pipeline.session() !== null) fail("a pipeline not recording has a session");
throws(() => pipeline.command('{"type": "confirm", "presentation": "compose", "choice": "discard"}', 0), "no confirmation is open for presentation \"compose\"", "an answer to no question");
throws(() => pipeline.command('{"type": "remove"', 0), "command_json:1:", "a command cut short");
throws(() => pipeline.command('{"type": "remove", "presentation": "nothing"}', 0), "no presentation \"nothing\"", "an unknown id");
if (pipeline.touch("up", 0, 0, 0, 10)) fail("an up without a down was taken");
throws(() => pipeline.record(), "a recording begins before the first touch or command", "a recording after a touch");
throws(() => pipeline.touch("hover", 0, 0, 0, 10), "touch type \"hover\" is not one of down, motion, up, cancel, frame", "an unknown touch type");
pipeline.free();
throws(() => pipeline.nextIntent(), "freed", "a freed pipeline");

console.log(`WebAssembly module: ${names.length}/${names.length} golden gesture recordings give gesturectl's intents and --explain lines `
    + `(${compared} lines compared; ${idleRules} with an idle rule, ${ticks} ticks given), and their recorded sessions replay `
    + `(${verified} verified)${failures ? `; ${failures} failures` : ""}`);
process.exit(failures ? 1 : 0);
