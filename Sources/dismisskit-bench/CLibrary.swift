import DismissKit
import Glibc

/// The C library's pace beside the core's, on the same touch events: `Benchmarks/anchors/c-api.c`,
/// built against the installed library (or an Embedded build's), gives each event with
/// `dk_pipeline_touch` and, after each frame, reads every intent with
/// `dk_pipeline_next_typed_intent`, as the Qt integration does;
/// here the core (`DismissalPipeline`) takes the same events and its intents are read from its
/// buffer. Both answer each question `keepEditing`, and
/// must read as many intents, or the figure is not given.
enum CLibrary {
    /// Touch events with the scene they are given on.
    struct Workload {
        var name: String
        var description: String
        var sceneText: String
        var events: [TouchEvent]
    }

    /// The Dell Canvas recording's touch events on `sceneText`'s screen, `repetitions` times, each
    /// a second after the last ended.
    static func recording(_ path: String, sceneText: String, repetitions: Int) -> Workload? {
        guard let scene = try? SceneFile.parse(sceneText, path: "scene"),
              let once = RecordedTouches.once(path, screen: scene.scene.screen) else { return nil }
        guard let first = once.first?.time, let last = once.last?.time else { return nil }
        let period = last - first + 1_000_000
        var events: [TouchEvent] = []
        events.reserveCapacity(once.count * repetitions)
        for repetition in 0..<repetitions {
            for var event in once {
                event.time += Int64(repetition) * period
                events.append(event)
            }
        }
        return Workload(name: "dell", description: "the Dell Canvas recording ×\(repetitions) (\(events.count) touch events, up to "
                            + "five fingers), " + "scene S", sceneText: sceneText, events: events)
    }

    /// `count` drags of a sheet's grabber at 120 Hz: down, 30 moves of 1.5 pt and up, each with its frame.
    static func drags(_ count: Int) -> Workload {
        let sceneText = #"{"presentations": [{"id": "compose", "style": "sheet", "detents": ["medium", "large"], "grabber": true}]}"#
        let screen = ScreenSize.standard
        var events: [TouchEvent] = []
        var time: Int64 = 0
        func add(_ kind: TouchEvent.Kind, y: Double) {
            events.append(TouchEvent(kind, seatSlot: 0, x: 300, y: y, time: time, on: screen))
            events.append(TouchEvent(.frame, seatSlot: 0, x: 0, y: 0, time: time, on: screen))
        }
        for _ in 0..<count {
            add(.down, y: 40)
            for move in 1...30 {
                time += 8_333
                add(.motion, y: 40 + Double(move) * 1.5)
            }
            time += 8_333
            add(.up, y: 0)
            time += 300_000
        }
        return Workload(name: "drags", description: "\(count) drags of a sheet at 120 Hz (\(events.count) touch events)",
                        sceneText: sceneText, events: events)
    }

    /// The core's ns an event and the intents it gave, best of three runs.
    static func core(_ workload: Workload) -> (nanoseconds: Double, intents: Int)? {
        guard let scene = try? SceneFile.parse(workload.sceneText, path: "scene") else { return nil }
        var intents: [Intent] = []
        intents.reserveCapacity(1100)
        let measured = bestOf(3) { () -> Int in
            var pipeline = DismissalPipeline(scene: scene.scene, configuration: scene.configuration)
            return feed(&pipeline, workload.events, intents: &intents)
        }
        return (measured.seconds / Double(workload.events.count) * 1e9, measured.result)
    }

    /// Gives every event to the pipeline and reads its intents as they come, answering each
    /// question `keepEditing`; returns the intents read. Out of line, as the core's own figure is.
    @inline(never)
    static func feed(_ pipeline: inout DismissalPipeline, _ events: [TouchEvent], intents: inout [Intent]) -> Int {
        var total = 0
        var read = 0
        for event in events {
            try? pipeline.handle(event, into: &intents)
            while read < intents.count {
                if case .confirmationRequested(let id, _, _) = intents[read].kind {
                    try? pipeline.apply(.confirm(presentation: pipeline.names.name(of: id), .keepEditing),
                                        time: intents[read].time, into: &intents)
                }
                read += 1
            }
            if read >= 1024 {
                total += read
                intents.removeAll(keepingCapacity: true)
                read = 0
            }
        }
        intents.removeAll(keepingCapacity: true)
        return total + read
    }

    /// Writes the events as `c-api.c` reads them: type, seat slot, x, y, time; 32 bytes each.
    static func write(_ events: [TouchEvent], to path: String) -> Bool {
        guard var file = OutputFile(path: path) else { return false }
        for event in events {
            let type: Int32 = switch event.kind {
            case .down: 0
            case .motion: 1
            case .up: 2
            case .cancel: 3
            case .frame: 4
            }
            var record = (type, event.seatSlot, event.point?.x ?? 0, event.point?.y ?? 0, event.time)
            withUnsafeBytes(of: &record) { file.append(bytes: $0) }
        }
        file.close()
        return true
    }

    /// The figure of one workload: the C program's ns an event as a ratio to the core's.
    static func figure(_ workload: Workload, build: MeasuredBuild, program: String, scratch: String, runs: Int) -> (Figure?, String) {
        let scenePath = scratch + "/c-api-\(workload.name).json"
        let eventsPath = scratch + "/c-api-\(workload.name).events"
        defer {
            unlink(scenePath)
            unlink(eventsPath)
        }
        guard var sceneFile = OutputFile(path: scenePath), write(workload.events, to: eventsPath) else {
            return (nil, "cannot write in \(scratch)")
        }
        sceneFile.append(workload.sceneText)
        sceneFile.close()
        // The program and the core take turns, so that a change in the machine's pace reaches both
        // sides of the ratio; each turn is the best of three runs, the first of which warms up.
        var library = Double.infinity
        var libraryIntents = 0
        var core = Double.infinity
        for _ in 0..<runs {
            let run = runProcess([program, scenePath, eventsPath, "3"], captureOutput: true, scratch: scratch)
            let numbers = run.output.split(whereSeparator: { $0 == " " || $0 == "\n" })
            guard run.status == 0, numbers.count == 2, let nanoseconds = Double(numbers[0]), let intents = Int(numbers[1]) else {
                return (nil, "the C program failed (\(run.status)): \(run.errors)")
            }
            guard let coreRun = Self.core(workload) else { return (nil, "the scene is refused") }
            guard coreRun.intents == intents else {
                return (nil, "the C library read \(intents) intents, the core gave \(coreRun.intents)")
            }
            library = min(library, nanoseconds)
            core = min(core, coreRun.nanoseconds)
            libraryIntents = intents
        }
        let ratio = library / core
        return (Figure(
            id: "c-api-\(workload.name)" + build.idSuffix,
            label: "C library: touch + typed intents (\(workload.name == "dell" ? "Dell Canvas" : "drags"))" + build.labelSuffix,
            value: library, unit: "ns/event",
            text: "\(decimal(library, digits: 1)) ns/event, \(decimal(ratio, digits: 2))× the core's",
            input: workload.description + ", \(libraryIntents) intents read as `dk_intent`s after each frame, every question "
                + "answered, " + (build.embedded ? "the Embedded build's library" : "the installed library")
                + ", \(runs) turns with the core's of the best of 3 runs, CPU time",
            anchor: "the core on the same events: \(decimal(core, digits: 1)) ns/event",
            comparison: "\(decimal(ratio, digits: 2))× the core's time",
            target: "≤ 2× the core's time", met: ratio <= 2,
            details: [("coreNanoseconds", .number(core)), ("ratio", .number(ratio)),
                      ("intents", .integer(Int64(libraryIntents)))]), "")
    }
}
