// What the module's Node tests share: checks counted and named when they fail, and the touches
// they give a pipeline.

/** Named checks: each runs its body, and a throw is its failure, printed with its stack. */
export class Checks {
    failures = 0;
    count = 0;

    check(name, body) {
        this.count++;
        try {
            body();
        } catch (error) {
            this.failures++;
            console.error(`FAIL ${name}: ${error.stack ?? error}`);
        }
    }

    /** Prints how many passed under `title`, and ends the process: status 1 when one failed. */
    finish(title) {
        console.log(`${title}: ${this.count - this.failures} of ${this.count} checks passed`);
        process.exit(this.failures ? 1 : 0);
    }
}

export const expect = (condition, message) => {
    if (!condition) throw new Error(message);
};

/** The error `body` throws; fails when it throws nothing. */
export const thrown = (body) => {
    try {
        body();
    } catch (error) {
        return error;
    }
    throw new Error("no error");
};

/** A tap at `x`, `y` from `time`, each event with its frame; the time after it. */
export const tap = (pipeline, x, y, time) => {
    for (const [type, at] of [["down", time], ["up", time + 50_000]]) {
        pipeline.touch(type, 0, x, y, at);
        pipeline.touch("frame", 0, 0, 0, at);
    }
    return time + 100_000;
};
