// The web module's pace, for dismisskit-bench's `web` figure: the bench's touch events (one
// round, as JSON lines in EVENTS_FILE) fed ROUNDS times through dismisskit.wasm as a page feeds
// it, every intent read as its JSON text and every question answered keepEditing, as the bench
// does natively through HostedPipeline. Prints the best of RUNS runs in touch events per second
// of this process's CPU time.
// Usage: node bench.mjs MODULE_DIR EVENTS_FILE ROUNDS SPAN_US RUNS
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [moduleDirectory, eventsFile, rounds, span, runs] = process.argv.slice(2);
const { load } = await import(pathToFileURL(resolve(moduleDirectory, "dismisskit.js")).href);
const dk = await load();
const round = readFileSync(eventsFile, "utf8").split("\n").filter((line) => line).map((line) => JSON.parse(line));
const scene = JSON.stringify({ presentations: [{ id: "compose", style: "sheet", detents: ["large"], unsavedChanges: true }] });
const answer = JSON.stringify({ type: "confirm", presentation: "compose", choice: "keepEditing" });

let best = 0;
for (let run = 0; run < Number(runs); run++) {
    const pipeline = dk.pipeline(scene);
    let events = 0;
    const started = process.cpuUsage();
    for (let index = 0; index < Number(rounds); index++) {
        const offset = index * Number(span);
        for (const event of round) {
            const time = event.time + offset;
            pipeline.touch(event.type, event.seatSlot ?? -1, event.x ?? 0, event.y ?? 0, time);
            for (let line = pipeline.nextIntent(); line !== null; line = pipeline.nextIntent()) {
                if (line.includes('"type":"confirmationRequested"')) pipeline.command(answer, time);
            }
        }
        events += round.length;
    }
    const used = process.cpuUsage(started);
    best = Math.max(best, events / ((used.user + used.system) / 1e6));
    pipeline.free();
}
console.log(Math.round(best));
