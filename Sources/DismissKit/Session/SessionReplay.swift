// Replaying a session file (``SessionFile``): its steps through a new pipeline, and
// `replay --verify`'s comparison of the intents it recorded with those it replays to.

extension SessionFile {
    /// Replays a session through a new pipeline with the session's scene: each touch and
    /// command as the host gave it, then the recogniser's decisions and the intents they caused,
    /// in order, each with the pipeline's names. A command that does not parse or apply changes
    /// nothing, as it did live.
    /// - Parameter configuration: thresholds instead of the session's own.
    /// A session cut short within its scene gives nothing.
    ///
    /// The `evdev` frames of a recording of `gesturectl run` are decoded as a replay decodes a
    /// recording, each onto the screen in force, and their touches handled one by one.
    /// - Throws: ``InputFileError`` for a line that is not an entry, or a recorded device that
    ///   is not a touchscreen.
    /// - Parameter recorded: called with each intent the session recorded, its JSON text and line,
    ///   where it is in the file.
    public static func steps(
        of reader: Reader, configuration: GestureConfiguration? = nil, recorded: (String, Int) -> Void = { _, _ in },
        _ body: (Replay.Step, PresentationNames) -> Void
    ) throws(InputFileError) {
        guard let sceneFile = reader.sceneFile else { return }
        var pipeline = DismissalPipeline(scene: sceneFile.scene, configuration: configuration ?? sceneFile.configuration)
        pipeline.notesDecisions = true
        // Made when the reader reaches the recorded device: a live session may run a while before one appears.
        var decoder: RecordedDeviceDecoder?
        var touches: [TouchEvent] = []
        var intents: [Intent] = []
        var decisions: [GestureDecision] = []
        func deliver() {
            pipeline.takeDecisions(into: &decisions)
            for decision in decisions { body(.decision(decision), pipeline.names) }
            decisions.removeAll(keepingCapacity: true)
            for intent in intents { body(.intent(intent), pipeline.names) }
            intents.removeAll(keepingCapacity: true)
        }
        while let entry = try reader.next() {
            switch entry {
            case .touch(var event):
                if let point = event.point { event.point = TouchPoint(x: point.x, y: point.y, on: pipeline.scene.screen) }
                body(.touch(event), pipeline.names)
                try? pipeline.handle(event, into: &intents)
            case .command(let text, let time, let line):
                guard let command = try? HostCommandParser.parse(text) else { continue }
                body(.command(TimedCommand(time: time, command: command, line: line)), pipeline.names)
                try? pipeline.applyHostCommand(command, time: time, into: &intents)
            case .escapeKey(let time):
                pipeline.handleEscapeKey(time: time, into: &intents)
            case .gestures(let configuration):
                pipeline.reconfigure(configuration)
            case .evdev(let recorded):
                if decoder == nil, let device = reader.device {
                    decoder = try RecordedDeviceDecoder(device: device, path: reader.path, screen: pipeline.scene.screen)
                }
                guard decoder != nil else { continue }
                try decoder?.decode(recorded, into: &touches) { _ in pipeline.scene.screen }
                for touch in touches {
                    body(.touch(touch), pipeline.names)
                    try? pipeline.handle(touch, into: &intents)
                    deliver()
                }
                touches.removeAll(keepingCapacity: true)
            case .intent(let text):
                recorded(text, reader.lineOfEntry)
                continue
            }
            deliver()
        }
    }
}

extension SessionFile {
    /// What ``verify(_:configuration:)`` found: how many intents were compared, the first
    /// difference, and how many replayed intents the file ends before (a cut).
    public struct Verification: Sendable, Hashable {
        public var compared = 0
        /// The first difference, in words, naming the recorded intent's line.
        public var difference: String?
        /// Intents the replay gives after the last one recorded: the file was cut before them
        /// (power lost mid-frame), which is a prefix, not a difference.
        public var notRecordedAtTheEnd = 0
    }

    /// Replays the session and compares each intent with the one it recorded, as both come: in
    /// one pass, holding only the intents of the entry at hand.
    public static func verify(_ reader: Reader, configuration: GestureConfiguration? = nil) throws(InputFileError) -> Verification {
        var result = Verification()
        var recorded: [(text: String, line: Int)] = [], replayed: [String] = []
        func compare() {
            let count = min(recorded.count, replayed.count)
            guard result.difference == nil, count > 0 else { return }
            for index in 0..<count where recorded[index].text != replayed[index] {
                result.difference = "intent \(result.compared + index + 1) (line \(recorded[index].line)) differs; "
                    + "recorded \(recorded[index].text), replayed \(replayed[index])"
                return
            }
            result.compared += count
            recorded.removeFirst(count)
            replayed.removeFirst(count)
        }
        var line: [UInt8] = []
        try steps(of: reader, configuration: configuration, recorded: { text, line in
            recorded.append((text, line))
            compare()
        }) { step, names in
            guard case .intent(let intent) = step else { return }
            line.removeAll(keepingCapacity: true)
            intent.appendJSONLine(to: &line, names: names)
            replayed.append(String(decoding: line.dropLast(), as: UTF8.self))
            compare()
        }
        if result.difference == nil, let first = recorded.first {
            result.difference = "intent \(result.compared + 1) (line \(first.line)) was recorded but not replayed: \(first.text)"
        }
        if result.difference == nil { result.notRecordedAtTheEnd = replayed.count }
        return result
    }
}
