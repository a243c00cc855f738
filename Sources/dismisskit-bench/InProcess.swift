import DismissKit
import Glibc

/// The core's workload: a kiosk session in touch events. Swipes down from a sheet's top region
/// at 120 Hz, half of them far enough to dismiss, on a sheet with unsaved changes, so half the
/// gestures end in a dismissal attempt that asks for confirmation (answered `keepEditing`).
enum CoreWorkload {
    static let strokes = 64
    /// Events per stroke: down, 30 motions and up, each followed by a frame.
    static let eventsPerStroke = 64
    static let sampleInterval: Int64 = 8_333

    /// One round of strokes (4,096 touch events) and the time it spans.
    static func round() -> (events: [TouchEvent], span: Int64) {
        var events: [TouchEvent] = []
        events.reserveCapacity(strokes * eventsPerStroke)
        var time: Int64 = 0
        for stroke in 0..<strokes {
            let length = stroke % 2 == 0 ? 120.0 : 420.0
            let samples = 30
            func point(_ y: Double) -> TouchPoint { TouchPoint(xMM: 100, yMM: y / 5.9, x: 640, y: y) }
            events.append(TouchEvent(kind: .down, time: time, slot: 0, seatSlot: 0, point: point(70)))
            events.append(TouchEvent(kind: .frame, time: time))
            for index in 1...samples {
                time += sampleInterval
                events.append(TouchEvent(kind: .motion, time: time, slot: 0, seatSlot: 0,
                                         point: point(70 + length * Double(index) / Double(samples))))
                events.append(TouchEvent(kind: .frame, time: time))
            }
            time += sampleInterval
            events.append(TouchEvent(kind: .up, time: time, slot: 0, seatSlot: 0))
            events.append(TouchEvent(kind: .frame, time: time))
            time += 500_000
        }
        return (events, time)
    }

    /// The scene's only presentation, by the name the host knows it by: every question is about it.
    static let presentation = "compose"

    static let scene = Scene(presentations: [
        Presentation(id: presentation, style: .sheet, detents: [.large], unsavedChanges: true),
    ])

    /// What a run of the core gave.
    struct Tally {
        var events = 0
        var intents = 0
        /// Gestures the policy judged (dismissal attempts), each answered by the host.
        var judged = 0
    }

    /// Every intent of one round, answers included.
    static func intentsOfOneRound() -> [Intent] {
        let (round, _) = self.round()
        var pipeline = DismissalPipeline(scene: scene)
        var intents: [Intent] = []
        for event in round {
            let start = intents.count
            try? pipeline.handle(event, into: &intents)
            for position in start..<intents.count {
                guard case .confirmationRequested(let id, _, _) = intents[position].kind else { continue }
                try? pipeline.apply(.confirm(presentation: pipeline.names.name(of: id), .keepEditing), time: intents[position].time, into: &intents)
            }
        }
        return intents
    }

    /// Feeds `rounds` rounds through `pipeline`, each round's times moved past the last, as a
    /// host would: every intent is looked at, and each question is answered `keepEditing`.
    ///
    /// The intents accumulate in `intents` and are read as they come; the buffer is emptied once
    /// it holds a thousand (emptying it after every event would cost a call into the standard
    /// library's generic `removeAll(keepingCapacity:)` each time). A question is recognised by its
    /// type alone, as a host with one presentation would: it can only be about ``presentation``.
    /// Out of line, so that the loop keeps its own registers.
    @inline(never)
    static func run(_ pipeline: inout DismissalPipeline, round: [TouchEvent], span: Int64,
                    rounds: Range<Int>, intents: inout [Intent], answers: inout [Intent]) -> Tally {
        var tally = Tally()
        var read = intents.count
        for index in rounds {
            let offset = Int64(index) * span
            for var event in round {
                event.time &+= offset
                try? pipeline.handle(event, into: &intents)
                while read < intents.count {
                    if case .confirmationRequested = intents[read].kind {
                        tally.judged += 1
                        try? pipeline.apply(.confirm(presentation: presentation, .keepEditing), time: intents[read].time, into: &answers)
                        tally.intents += answers.count
                        answers.removeAll(keepingCapacity: true)
                    }
                    read += 1
                }
                if read >= 1024 {
                    tally.intents += read
                    intents.removeAll(keepingCapacity: true)
                    read = 0
                }
            }
            tally.events += round.count
        }
        tally.intents += read
        intents.removeAll(keepingCapacity: true)
        return tally
    }
}

/// Runs `body` `times` times; returns the shortest run in seconds of this thread's CPU time
/// (user and system: on a machine shared with other work, the time the code ran, not the time it
/// waited for a core), every run's CPU and wall seconds, and the body's last result.
func bestOf<Result>(_ times: Int, _ body: () -> Result) -> (seconds: Double, all: [Double], wall: [Double], result: Result) {
    var all: [Double] = []
    var wall: [Double] = []
    var result: Result?
    for _ in 0..<times {
        let start = threadCPUSeconds()
        let wallStart = monotonicSeconds()
        result = body()
        all.append(threadCPUSeconds() - start)
        wall.append(monotonicSeconds() - wallStart)
    }
    return (all.min() ?? 0, all, wall, result!)
}

/// This thread's CPU time, in seconds.
func threadCPUSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

enum InProcess {
    /// Core speed: the best of `runs` runs of `rounds` rounds each, on a fresh pipeline.
    static func core(rounds: Int, runs: Int) -> Figure {
        let (round, span) = CoreWorkload.round()
        var intents: [Intent] = []
        var answers: [Intent] = []
        intents.reserveCapacity(1100)
        answers.reserveCapacity(64)
        let measured = bestOf(runs) { () -> CoreWorkload.Tally in
            var pipeline = DismissalPipeline(scene: CoreWorkload.scene)
            return CoreWorkload.run(&pipeline, round: round, span: span, rounds: 0..<rounds, intents: &intents, answers: &answers)
        }
        let tally = measured.result
        let rate = Double(tally.events) / measured.seconds
        return Figure(
            id: "core", label: "core: recogniser + policy (`DismissalPipeline`)", value: rate, unit: "touch events/s",
            text: "\(formatCount(rate)) touch events/s, \(decimal(1e9 / rate, digits: 1)) ns/event",
            input: "\(formatCount(Double(tally.events))) synthetic touch events (120 Hz swipes on a sheet with unsaved work, "
                + "half asking for confirmation), best of \(runs), CPU time",
            target: "≥ 40 M/s", met: rate >= 40e6,
            details: [("nsPerEvent", .number(1e9 / rate)), ("events", .integer(Int64(tally.events))),
                      ("intents", .integer(Int64(tally.intents))), ("judgedGestures", .integer(Int64(tally.judged))),
                      ("runsCPUSeconds", .strings(measured.all.map { decimal($0, digits: 4) })),
                      ("runsWallSeconds", .strings(measured.wall.map { decimal($0, digits: 4) })),
                      ("medianRate", .number(Double(tally.events) / median(measured.all))),
                      ("bestWallRate", .number(Double(tally.events) / (measured.wall.min() ?? 1)))])
    }

    /// Counts the heap allocations of the core in steady state; run under the `alloc-count`
    /// preload. Prints `allocations events gestures judged`.
    static func countAllocations(rounds: Int) -> Int32 {
        typealias Counter = @convention(c) () -> Int
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "dk_bench_allocations") else {
            progress("--count-allocations needs the alloc-count preload")
            return 69
        }
        let counter = unsafeBitCast(symbol, to: Counter.self)
        let (round, span) = CoreWorkload.round()
        var intents: [Intent] = []
        var answers: [Intent] = []
        intents.reserveCapacity(1100)
        answers.reserveCapacity(64)
        var pipeline = DismissalPipeline(scene: CoreWorkload.scene)
        // Warm up: the buffers and the policy's tables reach their working size.
        _ = CoreWorkload.run(&pipeline, round: round, span: span, rounds: 0..<2, intents: &intents, answers: &answers)
        let before = counter()
        let tally = CoreWorkload.run(&pipeline, round: round, span: span, rounds: 2..<(2 + rounds),
                                     intents: &intents, answers: &answers)
        let after = counter()
        print(after - before, tally.events, rounds * CoreWorkload.strokes, tally.judged)
        return 0
    }

    /// Reads every event of a recording into memory.
    static func loadEvents(_ path: String) -> (DeviceDescription, [InputEvent])? {
        guard let reader = try? Recording.open(paths: [path]) else { return nil }
        var events: [InputEvent] = []
        while let recorded = try? reader.next() { events.append(recorded.event) }
        return (reader.device, events)
    }

    static func decoder(recording path: String, runs: Int) -> Figure? {
        guard let (device, events) = loadEvents(path), let decoder = try? TouchDecoder(device: device, screen: .standard) else {
            return nil
        }
        let repeats = max(1, 4_000_000 / max(events.count, 1))
        var output: [TouchEvent] = []
        output.reserveCapacity(256)
        let measured = bestOf(runs) { () -> Int in
            var touchCount = 0
            for _ in 0..<repeats {
                var fresh = decoder
                for event in events {
                    fresh.decode(event, into: &output)
                    touchCount += output.count
                    output.removeAll(keepingCapacity: true)
                }
            }
            return touchCount
        }
        let rate = Double(events.count * repeats) / measured.seconds
        return Figure(
            id: "touch-decoder", label: "touch decoder (`TouchDecoder`)", value: rate, unit: "evdev events/s",
            text: "\(formatCount(rate)) evdev events/s", input: "the 3M MicroTouch recording (\(events.count) events, up to 10 fingers), "
                + "in memory, ×\(repeats), best of \(runs), CPU time",
            details: [("touchEvents", .integer(Int64(measured.result)))])
    }

    /// A reader over a whole file, from disk (the page cache): events/s and MB/s.
    static func reader(id: String, label: String, path: String, runs: Int) -> Figure? {
        guard (try? Recording.open(paths: [path])) != nil else { return nil }
        let measured = bestOf(runs) { () -> Int in
            guard let reader = try? Recording.open(paths: [path]) else { return 0 }
            var count = 0
            while (try? reader.next()) != nil { count += 1 }
            return count
        }
        let rate = Double(measured.result) / measured.seconds
        let megabytes = Double(fileSize(path)) / 1e6
        return Figure(
            id: id, label: label, value: rate, unit: "evdev events/s",
            text: "\(formatCount(rate)) evdev events/s (\(decimal(megabytes / measured.seconds, digits: 0)) MB/s)",
            input: "\(decimal(megabytes, digits: 0)) MB generated from the Dell Canvas recording, \(measured.result) events, best of \(runs), CPU time",
            details: [("megabytesPerSecond", .number(megabytes / measured.seconds))])
    }

    /// JSON Lines output: touch events (rounded positions) and intents formatted and written to /dev/null.
    static func output(recording path: String, runs: Int) -> [Figure] {
        guard let reader = try? Recording.open(paths: [path]) else { return [] }
        var touches: [TouchEvent] = []
        try? Replay.touchEvents(from: reader, screen: .standard) { touches.append($0) }
        guard !touches.isEmpty else { return [] }
        let intents = CoreWorkload.intentsOfOneRound()
        guard !intents.isEmpty else { return [] }
        let descriptor = open("/dev/null", O_WRONLY)
        defer { close(descriptor) }

        let lines = 2_000_000
        let touchRun = bestOf(runs) { JSONOutput.writeLines(touches, lines: lines, to: descriptor) { $0.appendJSONLine(to: &$1) } }
        let names = PresentationNames()
        let intentRun = bestOf(runs) { JSONOutput.writeLines(intents, lines: lines, to: descriptor) { $0.appendJSONLine(to: &$1, names: names) } }
        let touchRate = Double(lines) / touchRun.seconds
        let intentRate = Double(lines) / intentRun.seconds
        return [
            Figure(id: "json-lines-touch-events", label: "JSON Lines output: touch events", value: touchRate, unit: "lines/s",
                   text: "\(formatCount(touchRate)) lines/s, \(decimal(1e9 / touchRate, digits: 0)) ns/line, "
                       + "\(decimal(Double(touchRun.result) / touchRun.seconds / 1e6, digits: 0)) MB/s",
                   input: "the 3M MicroTouch recording's \(touches.count) touch events, \(formatCount(Double(lines))) lines to /dev/null, best of \(runs), CPU time",
                   target: "≥ 5 M lines/s", met: touchRate >= 5e6,
                   details: [("nsPerLine", .number(1e9 / touchRate)), ("bytes", .integer(Int64(touchRun.result)))]),
            Figure(id: "json-lines-intents", label: "JSON Lines output: intents", value: intentRate, unit: "lines/s",
                   text: "\(formatCount(intentRate)) lines/s, \(decimal(1e9 / intentRate, digits: 0)) ns/line",
                   input: "the core's intents (mostly `dragChanged`), \(formatCount(Double(lines))) lines to /dev/null, best of \(runs), CPU time",
                   details: [("nsPerLine", .number(1e9 / intentRate)), ("bytes", .integer(Int64(intentRun.result)))]),
        ]
    }
}
