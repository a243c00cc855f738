// The WebAssembly module's layout(), in Node: where a sheet is at each of its detents and under
// a drag, a popover in a regular and a compact width, in the numbers dk_pipeline_layout gives
// (DismissKitCoreTests' PresentationLayout figures, on a 390 × 844 and a 1280 × 800 screen); null
// for an id not presented; a bad id or a freed pipeline refused.
//
// Usage: node Tests/Web/layout.mjs MODULE_DIR
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { deepStrictEqual } from "node:assert/strict";

import { Checks, expect, thrown } from "./support.mjs";

const [moduleDirectory] = process.argv.slice(2);
const { load } = await import(pathToFileURL(resolve(moduleDirectory, "dismisskit.js")).href);
const dk = await load();
const checks = new Checks();
const check = checks.check.bind(checks);
const rect = (x, y, width, height) => ({ x, y, width, height });
const phone = { width: 390, height: 844, widthMM: 66, heightMM: 143 };
const desk = { width: 1280, height: 800, widthMM: 217, heightMM: 136 };
const pipelineOn = (screen) => dk.pipeline(JSON.stringify({ screen, presentations: [] }));
const drain = (pipeline) => {
    while (pipeline.nextIntent() !== null);
};

/** A sheet's layout at rest with the top inset 40: large is the screen's height − 40, medium half of it. */
const restingSheet = (screen, height, { grabber = true, atLargestDetent }) => {
    const frame = rect(0, screen.height - height, screen.width, height);
    return {
        role: "sheet", adapted: false, frame, restingFrame: frame, dragOffset: 0, detentHeight: height,
        grabber: grabber ? rect(screen.width / 2 - 18, frame.y + 5.5, 36, 5) : null,
        grabberHitTarget: grabber ? rect(screen.width / 2 - 22, frame.y - 14, 44, 44) : null,
        header: rect(0, frame.y, screen.width, 56), questionAnchor: frame, atLargestDetent,
    };
};

for (const screen of [phone, desk]) {
    const large = screen.height - 40;
    for (const [detent, height, atLargestDetent] of [["medium", large / 2, false], ["large", large, true], [300, 300, false]]) {
        check(`a sheet at ${detent} on ${screen.width} × ${screen.height}`, () => {
            const pipeline = pipelineOn(screen);
            pipeline.present("compose", { style: "sheet", detents: ["medium", "large", 300], selectedDetent: detent, grabber: true,
                                          headerHeight: 56 }, 0);
            deepStrictEqual(pipeline.layout("compose"), restingSheet(screen, height, { atLargestDetent }));
            pipeline.free();
        });
    }
}

check("a drag moves the frame, the grabber and the header, not the resting frame", () => {
    const pipeline = pipelineOn(phone);
    pipeline.present("compose", { style: "sheet", grabber: true, headerHeight: 56 }, 0);
    let time = 1_000_000;
    const touch = (type, y) => {
        pipeline.touch(type, 0, 195, y, time);
        pipeline.touch("frame", 0, 0, 0, time);
        time += 16_000;
    };
    touch("down", 80);
    for (let y = 100; y <= 300; y += 20) touch("motion", y);
    let offset = null;
    for (let line = pipeline.nextIntent(); line !== null; line = pipeline.nextIntent()) {
        const intent = JSON.parse(line);
        if (intent.type === "dragChanged") offset = intent.offset;
    }
    expect(offset > 0, `no dragChanged: ${offset}`);
    const layout = pipeline.layout("compose");
    const resting = restingSheet(phone, 804, { atLargestDetent: true });
    deepStrictEqual(layout.restingFrame, resting.frame);
    deepStrictEqual(layout.dragOffset, offset);
    deepStrictEqual(layout.frame, { ...resting.frame, y: resting.frame.y + offset });
    deepStrictEqual(layout.grabber, { ...resting.grabber, y: resting.grabber.y + offset });
    deepStrictEqual(layout.header, { ...resting.header, y: resting.header.y + offset });
    deepStrictEqual(layout.questionAnchor, resting.frame);
    pipeline.free();
});

check("a popover at its frame in a regular width, and a modal sheet at the large detent in a compact one", () => {
    const frame = rect(300, 64, 320, 200);
    const anchor = rect(540, 8, 80, 44);
    const regular = pipelineOn(desk);
    regular.present("share", { style: "popover", modal: false, frame, anchor }, 0);
    deepStrictEqual(regular.layout("share"), {
        role: "popover", adapted: false, frame, restingFrame: frame, dragOffset: 0, detentHeight: 0, grabber: null,
        grabberHitTarget: null, header: null, questionAnchor: frame, atLargestDetent: true,
    });
    const compact = pipelineOn(phone);
    compact.present("share", { style: "popover", modal: false, frame, anchor }, 0);
    const sheet = rect(0, 40, 390, 804);
    const layout = compact.layout("share");
    deepStrictEqual({ ...layout, header: null }, {
        role: "sheet", adapted: true, frame: sheet, restingFrame: sheet, dragOffset: 0, detentHeight: 804, grabber: null,
        grabberHitTarget: null, header: null, questionAnchor: sheet, atLargestDetent: true,
    });
    deepStrictEqual(layout.header, rect(0, 40, 390, layout.header.height));
    // A new screen changes the role: the regular width's popover again.
    compact.screen(desk, 10);
    deepStrictEqual(compact.layout("share").role, "popover");
    deepStrictEqual(compact.layout("share").frame, frame);
    regular.free();
    compact.free();
});

check("an id not presented has no layout; a bad id and a freed pipeline are refused", () => {
    const pipeline = pipelineOn(phone);
    expect(pipeline.layout("nothing") === null, "a layout for an id not presented");
    pipeline.present("gone", { style: "sheet" }, 0);
    pipeline.remove("gone", 0);
    drain(pipeline);
    expect(pipeline.layout("gone") === null, "a layout for a removed presentation");
    const error = thrown(() => pipeline.layout(7));
    expect(error instanceof TypeError && error.message === "presentation 7 is not a string", String(error));
    pipeline.free();
    expect(thrown(() => pipeline.layout("gone")).message === "the pipeline was freed", "a freed pipeline's layout");
});

checks.finish("layout.mjs");
