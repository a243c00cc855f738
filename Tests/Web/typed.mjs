// The WebAssembly module's typed commands, in Node: each gives the intents its JSON command gives
// (side by side, on two pipelines of one scene, a session through every call: presenting,
// updating, the question and its answers, buttons, accessibility, the Escape key, a new screen,
// taps, the on-screen keyboard, the idle clock's ticks and nextTick()); a value the command cannot take (NaN, an infinity, a name outside its set, a field
// that is not one) is refused with a message naming it, and presents nothing; and the page layer
// (dismisskit-page.js) gives its commands by the typed calls, never a JSON text it wrote.
//
// Usage: node Tests/Web/typed.mjs MODULE_DIR
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

import { Checks, expect, tap, thrown } from "./support.mjs";

const [moduleDirectory] = process.argv.slice(2);
const { load } = await import(pathToFileURL(resolve(moduleDirectory, "dismisskit.js")).href);
const dk = await load();
const checks = new Checks();
const check = checks.check.bind(checks);
const scene = JSON.stringify({ screen: { width: 800, height: 1280, widthMM: 135, heightMM: 216 }, presentations: [] });
const intentsOf = (pipeline) => {
    const intents = [];
    for (let line = pipeline.nextIntent(); line !== null; line = pipeline.nextIntent()) intents.push(line);
    return intents;
};
/** What a call gave: its intents, or its error's message. */
const outcome = (pipeline, body) => {
    try {
        body();
    } catch (error) {
        return { error: error.message, intents: intentsOf(pipeline) };
    }
    return { intents: intentsOf(pipeline) };
};
const rect = (x, y, width, height) => ({ x, y, width, height });

// Each step: the JSON command, and the typed call that stands for it (or touches, given to both).
const steps = [
    [{ type: "present", presentation: { id: "compose", style: "sheet", detents: ["medium", "large", 300], selectedDetent: "large",
                                        grabber: true, headerHeight: 44, content: { offset: 0 }, modal: true, unsavedChanges: true,
                                        dismissible: true, tapOutside: "dismiss" } },
     (p, t) => p.present("compose", { style: "sheet", detents: ["medium", "large", 300], selectedDetent: "large", grabber: true,
                                      headerHeight: 44, contentOffset: 0, modal: true, unsavedChanges: true, dismissible: true,
                                      tapOutside: "dismiss" }, t)],
    [{ type: "update", presentation: "compose", selectedDetent: "medium", tapOutside: null },
     (p, t) => p.update("compose", { selectedDetent: "medium", tapOutside: null }, t)],
    [{ type: "update", presentation: "compose", content: { offset: 12.5 } }, (p, t) => p.reportContentOffset("compose", 12.5, t)],
    [{ type: "update", presentation: "compose", content: { offset: 0 } }, (p, t) => p.update("compose", { contentOffset: 0 }, t)],
    [{ type: "accessibility", presentation: "compose", action: "nextDetent" }, (p, t) => p.accessibility("compose", "nextDetent", t)],
    [{ type: "key", key: "escape" }, (p, t) => p.escapeKey(t)],
    [{ type: "confirm", presentation: "compose", choice: "keepEditing" }, (p, t) => p.confirm("compose", "keepEditing", t)],
    ["tap", (p, t) => tap(p, 400, 100, t)],
    [{ type: "confirm", presentation: "compose", choice: "save" }, (p, t) => p.confirm("compose", "save", t)],
    [{ type: "update", presentation: "compose", unsavedChanges: true }, (p, t) => p.setUnsavedChanges("compose", true, t)],
    [{ type: "button", presentation: "compose", role: "cancel" }, (p, t) => p.button("compose", "cancel", t)],
    [{ type: "confirm", presentation: "compose", choice: "discard" }, (p, t) => p.confirm("compose", "discard", t)],
    [{ type: "present", presentation: { id: "share", style: "popover", modal: false, tapOutside: "passthrough",
                                        frame: rect(500, 120, 280, 300), anchor: rect(700, 40, 60, 60),
                                        passthrough: [rect(0, 0, 100, 60), rect(100, 0, 100, 60)] } },
     (p, t) => p.present("share", { style: "popover", modal: false, tapOutside: "passthrough", frame: rect(500, 120, 280, 300),
                                    anchor: rect(700, 40, 60, 60), passthrough: [rect(0, 0, 100, 60), rect(100, 0, 100, 60)] }, t)],
    [{ type: "update", presentation: "share", passthrough: [], anchor: rect(690, 40, 60, 60) },
     (p, t) => p.update("share", { passthrough: [], anchor: rect(690, 40, 60, 60) }, t)],
    [{ type: "screen", width: 1280, height: 800, widthMM: 216, heightMM: 135 },
     (p, t) => p.screen({ width: 1280, height: 800, widthMM: 216, heightMM: 135 }, t)],
    ["tap", (p, t) => tap(p, 20, 700, t)],
    [{ type: "present", presentation: { id: "alert", style: "alert", dismissible: false } },
     (p, t) => p.present("alert", { style: "alert", dismissible: false }, t)],
    [{ type: "dismiss", presentation: "alert" }, (p, t) => p.dismiss("alert", t)],
    [{ type: "remove", presentation: "alert" }, (p, t) => p.remove("alert", t)],
    [{ type: "button", presentation: "nowhere", role: "done" }, (p, t) => p.button("nowhere", "done", t)],
    [{ type: "present", presentation: { id: "share", style: "sheet" } }, (p, t) => p.present("share", { style: "sheet" }, t)],
    [{ type: "remove", presentation: "share" }, (p, t) => p.remove("share", t)],
    [{ type: "present", presentation: { id: "notes", style: "sheet", detents: ["medium", "large"], selectedDetent: "medium" } },
     (p, t) => p.present("notes", { style: "sheet", detents: ["medium", "large"], selectedDetent: "medium" }, t)],
    [{ type: "keyboard", height: 300.5 }, (p, t) => p.keyboard(300.5, t)],
    [{ type: "keyboard", height: 801 }, (p, t) => p.keyboard(801, t)],
    [{ type: "keyboard", height: 0 }, (p, t) => p.keyboard(0, t)],
];

check("each typed call gives the intents (or the refusal) its JSON command gives", () => {
    const byText = dk.pipeline(scene);
    const typed = dk.pipeline(scene);
    let time = 1_000_000;
    let intents = 0;
    let refusals = 0;
    for (const [command, call] of steps) {
        const fromText = outcome(byText, () => command === "tap" ? call(byText, time) : byText.command(JSON.stringify(command), time));
        const fromCall = outcome(typed, () => call(typed, time));
        expect(JSON.stringify(fromCall) === JSON.stringify(fromText),
            `${JSON.stringify(command)}:\n  typed ${JSON.stringify(fromCall)}\n  text  ${JSON.stringify(fromText)}`);
        intents += fromText.intents.length;
        if (fromText.error) refusals++;
        time += 200_000;
    }
    expect(intents === 9 && refusals === 4, `the session decided ${intents} intents and ${refusals} refusals: not the session meant`);
    byText.free();
    typed.free();
});

check("tick() gives the intents of the tick command, and nextTick() names the warning's time, then the deadline, then none", () => {
    const idleScene = JSON.stringify({ ...JSON.parse(scene), idle: { after: 10_000_000, warning: 4_000_000, unsaved: "discard" } });
    const byText = dk.pipeline(idleScene);
    const typed = dk.pipeline(idleScene);
    const nextTicks = [];
    const both = (call, command, time) => {
        const fromText = outcome(byText, () => byText.command(JSON.stringify(command), time));
        const fromCall = outcome(typed, () => call(typed, time));
        expect(JSON.stringify(fromCall) === JSON.stringify(fromText),
            `${JSON.stringify(command)} at ${time}:\n  typed ${JSON.stringify(fromCall)}\n  text  ${JSON.stringify(fromText)}`);
        expect(typed.nextTick() === byText.nextTick(), `nextTick() ${typed.nextTick()} and ${byText.nextTick()} after the same call`);
        nextTicks.push(typed.nextTick());
        return fromCall.intents.map((line) => JSON.parse(line).type);
    };
    expect(typed.nextTick() === null, `nothing presented, yet nextTick() is ${typed.nextTick()}`);
    both((p, t) => p.present("compose", { style: "sheet", unsavedChanges: true }, t),
         { type: "present", presentation: { id: "compose", style: "sheet", unsavedChanges: true } }, 1_000_000);
    const ticks = [5_000_000, 7_000_000, 9_000_000, 11_000_000, 12_000_000]
        .map((time) => both((p, t) => p.tick(t), { type: "tick" }, time));
    expect(JSON.stringify(ticks) === JSON.stringify([[], ["idleWarning"], [], ["dismiss", "idleReset"], []]),
           `the ticks gave ${JSON.stringify(ticks)}`);
    expect(JSON.stringify(nextTicks) === JSON.stringify([7_000_000, 7_000_000, 11_000_000, 11_000_000, null, null]),
           `nextTick() after each call: ${JSON.stringify(nextTicks)}`);
    byText.free();
    typed.free();
});

/** The message of a refused call, which presents nothing: the same id presents after it. */
const refusal = (call) => {
    const pipeline = dk.pipeline(scene);
    const error = thrown(() => call(pipeline));
    expect(pipeline.nextIntent() === null, "a refused call decided an intent");
    pipeline.present("compose", { style: "sheet" }, 10);  // the fields of the refused call are not kept
    pipeline.update("compose", {}, 10);
    pipeline.free();
    return error;
};
const refusals = [
    [(p) => p.present("compose", { style: "bubble" }, 0), Error, 'style: "bubble" is not a PresentationStyle (sheet, '],
    [(p) => p.present("compose", { style: "sheet", headerHeight: NaN }, 0), Error, "headerHeight: NaN is not a finite number"],
    [(p) => p.present("compose", { style: "sheet", detents: ["medium", Infinity] }, 0), Error, "detents: inf is not a finite number"],
    [(p) => p.present("compose", { style: "sheet", detents: ["huge"] }, 0), Error, 'detents: "huge" is not a detent'],
    [(p) => p.present("compose", { style: "sheet", selectedDetent: -Infinity }, 0), Error, "selectedDetent: -inf is not a finite number"],
    [(p) => p.present("compose", { style: "sheet", contentOffset: NaN }, 0), Error, "contentOffset: NaN is not a finite number"],
    [(p) => p.present("compose", { style: "popover", frame: rect(NaN, 0, 10, 10) }, 0), Error, "frame.x: NaN is not a finite number"],
    [(p) => p.present("compose", { style: "popover", anchor: rect(0, 0, 10, Infinity) }, 0), Error, "anchor.height: inf is not a finite number"],
    [(p) => p.present("compose", { style: "popover", passthrough: [rect(0, NaN, 1, 1)] }, 0), Error, "passthrough.y: NaN is not a finite number"],
    [(p) => p.present("compose", { style: "sheet", tapOutside: "close" }, 0), Error, 'tapOutside: "close" is not a TapOutside'],
    [(p) => p.present("compose", { style: "sheet", grabber: "yes" }, 0), TypeError, 'grabber "yes" is not true or false'],
    [(p) => p.present("compose", { style: "sheet", colour: "red" }, 0), TypeError, '"colour" is not a presentation field'],
    [(p) => p.present("compose", { style: "sheet", headerHeight: "44" }, 0), TypeError, 'headerHeight "44" is not a number'],
    [(p) => p.present("compose", {}, 0), Error, "style"],
    [(p) => { p.present("c", { style: "sheet" }, 0); intentsOf(p); p.remove("c", 0); intentsOf(p); p.confirm("c", "maybe", 0); },
     Error, 'choice: "maybe" is not a Choice (discard, save, keepEditing)'],
    [(p) => p.button("compose", "ok", 0), Error, 'role: "ok" is not a ButtonRole (cancel, done)'],
    [(p) => p.accessibility("compose", "zoom", 0), Error, 'action: "zoom" is not an AccessibilityAction'],
    [(p) => p.reportContentOffset("compose", NaN, 0), Error, "offset: NaN is not a finite number"],
    [(p) => p.screen({ width: 800, height: 1280, widthMM: -Infinity, heightMM: 216 }, 0), Error, "widthMM: -inf is not a finite number"],
    [(p) => p.keyboard(NaN, 0), Error, "height: NaN is not a finite number"],
    [(p) => p.keyboard(Infinity, 0), Error, "height: inf is not a finite number"],
    [(p) => p.keyboard(-1, 0), Error, "height"],
    [(p) => p.keyboard("300", 0), TypeError, 'height "300" is not a number'],
    [(p) => p.escapeKey(NaN), Error, "time_us nan is not a whole number of microseconds"],
    [(p) => p.tick(Infinity), Error, "time_us inf is out of range"],
    [(p) => p.tick(NaN), Error, "time_us nan is not a whole number of microseconds"],
    [(p) => p.dismiss(7, 0), TypeError, "presentation 7 is not a string"],
];
for (const [call, type, message] of refusals) {
    check(`refused: ${message}`, () => {
        const error = refusal(call);
        expect(error instanceof type && error.message.startsWith(message) || (message === "style" && error.message.includes(message)),
               `${error.constructor.name}: ${error.message}`);
        expect(!error.message.includes("command_json"), `the message speaks of a JSON text the caller never wrote: ${error.message}`);
    });
}

check("the page layer gives its commands by the typed calls, writing no JSON command", () => {
    const page = readFileSync(resolve(moduleDirectory, "dismisskit-page.js"), "utf8");
    expect(!/\.command\s*\(/.test(page), "dismisskit-page.js gives a JSON command (pipeline.command)");
    const stringified = page.split("\n").filter((line) => line.includes("JSON.stringify"));
    // The scene at the pipeline's creation is the only JSON it writes: dk.pipeline takes a scene file's text.
    expect(stringified.length === 1 && /dk\.pipeline\(JSON\.stringify\(scene\)\)/.test(stringified[0]),
           `dismisskit-page.js writes JSON beyond the scene: ${stringified.join(" | ")}`);
});

checks.finish("typed.mjs");
