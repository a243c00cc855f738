import DismissKit
import Glibc

/// The web module's pace beside the native code it is compiled from, in one run: the core's
/// workload fed through ``HostedPipeline`` as the C library feeds it (every intent read as its
/// JSON line, every question answered `keepEditing` with a command's text), natively here and
/// through dismisskit.wasm in Node (`Benchmarks/web/bench.mjs`). The module's speed is given as
/// a ratio to the native one.
enum WebModule {
    /// The figure; nil, with the reason, when Node or the module is missing or its run fails.
    static func figure(moduleDirectory: String, project: String, eventsFile: String, scratch: String, rounds: Int,
                       runs: Int) -> (Figure?, String) {
        guard let node = findProgram(["node"]) else { return (nil, "no node") }
        guard fileSize(moduleDirectory + "/dismisskit.wasm") > 0 else { return (nil, "no \(moduleDirectory)/dismisskit.wasm") }
        let (round, span) = CoreWorkload.round()
        var lines: [UInt8] = []
        for event in round { event.appendJSONLine(to: &lines, exact: true) }
        guard let file = fopen(eventsFile, "w") else { return (nil, "cannot write \(eventsFile)") }
        let written = fwrite(lines, 1, lines.count, file)
        fclose(file)
        guard written == lines.count else { return (nil, "cannot write \(eventsFile)") }
        let run = runProcess([node, project + "/Benchmarks/web/bench.mjs", moduleDirectory, eventsFile, String(rounds),
                              String(span), String(runs)], captureOutput: true, scratch: scratch)
        guard run.status == 0, let moduleRate = Double(run.output.split(separator: "\n").first ?? "") else {
            return (nil, "the module's run failed: \(run.errors)")
        }
        let native = bestOf(runs) { () -> Int in
            var hosted = HostedPipeline(scene: CoreWorkload.scene, configuration: GestureConfiguration())
            return feed(&hosted, round: round, span: span, rounds: rounds)
        }
        let nativeRate = Double(native.result) / native.seconds
        let ratio = moduleRate / nativeRate
        return (Figure(
            id: "web-module", label: "web module: dismisskit.wasm in Node, through `HostedPipeline`", value: moduleRate,
            unit: "touch events/s",
            text: "\(formatCount(moduleRate)) touch events/s, \(decimal(ratio, digits: 2))× the native build",
            input: "the core's workload, \(formatCount(Double(native.result))) touch events, every intent read as JSON "
                + "and every question answered, best of \(runs), CPU time",
            anchor: "the same calls natively (`HostedPipeline`, as the C library makes them): \(formatCount(nativeRate)) touch events/s",
            comparison: "\(decimal(ratio, digits: 2))× the native build",
            target: "≥ 0.3× the native build", met: ratio >= 0.3,
            details: [("nativeRate", .number(nativeRate)), ("ratio", .number(ratio))]), "")
    }

    /// Feeds the rounds as ``WebModule`` describes; returns the touch events fed.
    @inline(never)
    static func feed(_ hosted: inout HostedPipeline, round: [TouchEvent], span: Int64, rounds: Int) -> Int {
        let answer = #"{"type":"confirm","presentation":"compose","choice":"keepEditing"}"#
        let question = Array(#","type":""#.utf8) + Array(Intent.TypeName.confirmationRequested.name.description.utf8) + Array(#""}"#.utf8)
        var line: [UInt8] = []
        var events = 0
        for index in 0..<rounds {
            let offset = Int64(index) * span
            for event in round {
                let time = event.time + offset
                hosted.touch(TouchEvent(event.kind, seatSlot: event.seatSlot, x: event.point?.x ?? 0, y: event.point?.y ?? 0,
                                        time: time, on: CoreWorkload.scene.screen))
                while hosted.nextLine(into: &line) {
                    if line.count > question.count && line.suffix(question.count).elementsEqual(question) {
                        try? hosted.command(answer, time: time)
                    }
                }
            }
            events += round.count
        }
        return events
    }
}
