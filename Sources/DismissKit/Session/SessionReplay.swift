// Replaying a session file (``SessionFile``): its steps through a new pipeline, and
// `replay --verify`'s comparison of the intents it recorded with those it replays to.

extension SessionFile {
    /// Replays a session through a new pipeline with the session's scene: each touch and
    /// command as the host gave it, then the recogniser's decisions and the intents they caused,
    /// in order, each with the pipeline's names. A command that does not parse or apply changes
    /// nothing, as it did live, and is not a step.
    /// - Parameter configuration: thresholds instead of the session's own.
    /// A session cut short within its scene gives nothing.
    ///
    /// The `evdev` frames of a recording of `gesturectl run` are decoded as a replay decodes a
    /// recording, each onto the screen in force, and their touches handled one by one.
    /// The intents the session recorded are not steps: ``verify(_:configuration:)`` reads them.
    /// - Throws: ``InputFileError`` for a line that is not an entry, or a recorded device that
    ///   is not a touchscreen.
    public static func steps(
        of reader: Reader, configuration: GestureConfiguration? = nil, _ body: (Replay.Step, PresentationNames) -> Void
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
                guard let command = try? HostCommandParser.parse(text),
                      (try? pipeline.applyHostCommand(command, time: time, into: &intents)) != nil else { continue }
                body(.command(TimedCommand(time: time, command: command, line: line)), pipeline.names)
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
            case .intent:
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

    /// Replays the session and compares each intent with the one it recorded, in one pass over
    /// the file for the replay and another, beside it, for the recorded intents: each recorded
    /// intent is read when its replayed one comes, so nothing is held, wherever in the file the
    /// intents were written. The intents are held to the drag rule (``DragRuleChecker``: every
    /// drag ends exactly once) and the unsaved-content invariant (``UnsavedWorkChecker``) too, so
    /// a host's recorded session checks its own stream. The comparison stops at the first
    /// difference.
    public static func verify(_ reader: Reader, configuration: GestureConfiguration? = nil) throws(InputFileError) -> Verification {
        var result = Verification()
        let recorded = RecordedIntents(try Reader(path: reader.path))
        var bytes: [UInt8] = []
        var dragRule = DragRuleChecker()
        var unsavedWork = UnsavedWorkChecker(scene: reader.sceneFile?.scene ?? Scene())
        var latestNames = PresentationNames()
        try steps(of: reader, configuration: configuration) { step, names in
            guard result.difference == nil else { return }
            switch step {
            case .touch(let event): if event.kind != .frame { unsavedWork.tookDeviceInput() }
            case .command(let timed): unsavedWork.took(timed.command)
            case .decision: break
            case .intent(let intent):
                dragRule.take(intent)
                unsavedWork.take(intent, names: names)
            }
            guard case .intent(let intent) = step else { return }
            latestNames = names
            bytes.removeAll(keepingCapacity: true)
            intent.appendJSONLine(to: &bytes, names: names)
            let replayed = String(decoding: bytes.dropLast(), as: UTF8.self)
            // The one place each replayed intent meets the recorded one at its place.
            guard let (text, line) = recorded.next() else {
                result.notRecordedAtTheEnd += 1
                return
            }
            if text == replayed {
                result.compared += 1
            } else {
                result.difference = "intent \(result.compared + 1) (line \(line)) differs; recorded \(text), replayed \(replayed)"
            }
        }
        if result.difference == nil, let (text, line) = recorded.next() {
            result.difference = "intent \(result.compared + 1) (line \(line)) was recorded but not replayed: \(text)"
        }
        // A session may end while a finger still drags (a cut file), so a drag left open is not
        // a violation here; an intent out of the rule's order is.
        if result.difference == nil, let violation = dragRule.violation {
            result.difference = "intent \(violation.index + 1) breaks the drag rule: \(violation.reason.description(names: latestNames))"
        }
        if result.difference == nil, let violation = unsavedWork.violation {
            result.difference = "intent \(violation.index + 1) breaks the unsaved-content invariant: \(violation.reason)"
        }
        if let failure = recorded.failure { throw failure }
        return result
    }

    /// The intents a session recorded, read one at a time from their own reader of the file.
    private final class RecordedIntents {
        private let reader: Reader
        /// What reading the file met, kept to be thrown once the replay has stopped.
        private(set) var failure: InputFileError?

        init(_ reader: Reader) { self.reader = reader }

        /// The next recorded intent's JSON text and line; nil at the end of the file or after a failure.
        func next() -> (text: String, line: Int)? {
            guard failure == nil else { return nil }
            do throws(InputFileError) {
                while let entry = try reader.next() {
                    if case .intent(let text) = entry { return (text, reader.lineOfEntry) }
                }
            } catch {
                failure = error
            }
            return nil
        }
    }
}
