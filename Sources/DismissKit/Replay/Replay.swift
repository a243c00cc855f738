/// Replays recordings through the pipeline, streaming, in constant memory.
public enum Replay {
    /// Decodes every event of the recording into touch events, in order.
    /// - Parameters:
    ///   - calibration: overrides the recorded `LIBINPUT_CALIBRATION_MATRIX`.
    ///   - body: called with each touch event as soon as its frame ends.
    /// - Throws: ``InputFileError`` for a malformed recording or a device that is not a touchscreen.
    public static func touchEvents(
        from reader: any RecordingReader,
        screen: ScreenSize,
        calibration: CalibrationMatrix? = nil,
        _ body: (TouchEvent) -> Void
    ) throws(InputFileError) {
        try forEachFrame(of: reader, screen: screen, calibration: calibration) { _ in screen } _: { touches in
            for touch in touches { body(touch) }
        }
    }

    /// Decodes the recording against a scene as ``intents(from:scene:scenePath:configuration:calibration:_:)``
    /// replays it, giving the touch events the pipeline gets: each mapped onto the screen in force
    /// at its time, so after a timeline `screen` command onto the new screen.
    /// - Throws: as ``intents(from:scene:scenePath:configuration:calibration:_:)``.
    public static func touchEvents(
        from reader: any RecordingReader,
        scene file: SceneFile,
        scenePath: String,
        calibration: CalibrationMatrix? = nil,
        _ body: (TouchEvent) -> Void
    ) throws(InputFileError) {
        let replay = SceneReplay(scene: file, scenePath: scenePath, configuration: file.configuration)
        try replay.run(reader, calibration: calibration) { _ in } applied: {
            replay.deliver { _, _ in }
        } frame: { touches in
            for touch in touches {
                body(touch)
                replay.handle(touch)
            }
            replay.deliver { _, _ in }
        }
    }

    /// Replays a recording against a scene and its timeline, giving the intents in order.
    ///
    /// Timeline commands are applied before the first kernel frame at or after their time is
    /// decoded, so the touches of that frame and those after it are mapped onto the screen of
    /// the last `screen` command; commands later than the last frame are applied, in order,
    /// once the recording ends.
    /// - Parameters:
    ///   - scenePath: the scene file's path, for errors about its timeline.
    ///   - configuration: the gesture thresholds; by default the scene file's `gestures`.
    ///   - body: called with each intent as soon as it is decided, and the pipeline's names
    ///     (``DismissalPipeline/names``) that its long presentation ids need.
    /// - Throws: ``InputFileError`` for a malformed recording, a device that is not a
    ///   touchscreen, or a timeline command the scene cannot take (naming the scene file's line).
    public static func intents(
        from reader: any RecordingReader,
        scene file: SceneFile,
        scenePath: String,
        configuration: GestureConfiguration? = nil,
        calibration: CalibrationMatrix? = nil,
        _ body: (Intent, PresentationNames) -> Void
    ) throws(InputFileError) {
        let replay = SceneReplay(scene: file, scenePath: scenePath, configuration: configuration ?? file.configuration)
        try replay.run(reader, calibration: calibration) { _ in } applied: {
            replay.deliver(body)
        } frame: { touches in
            for touch in touches { replay.handle(touch) }
            replay.deliver(body)
        }
    }

    /// One step of a replay against a scene: what went in and what the pipeline decided.
    public enum Step: Sendable, Hashable {
        /// A touch event (frames included), before the pipeline has it.
        case touch(TouchEvent)
        /// A timeline command, before the pipeline applies it.
        case command(TimedCommand)
        /// A decision of the recogniser, before the intents of the event that caused it.
        case decision(GestureDecision)
        case intent(Intent)
    }

    /// Replays a recording against a scene as ``intents(from:scene:scenePath:configuration:calibration:_:)``
    /// does, giving every step in order: each touch event and timeline command, then the
    /// recogniser's decisions and the intents it caused, each with the pipeline's names. What
    /// `--explain` and `gesturectl plot` read.
    /// - Throws: as ``intents(from:scene:scenePath:configuration:calibration:_:)``.
    public static func steps(
        from reader: any RecordingReader,
        scene file: SceneFile,
        scenePath: String,
        configuration: GestureConfiguration? = nil,
        calibration: CalibrationMatrix? = nil,
        _ body: (Step, PresentationNames) -> Void
    ) throws(InputFileError) {
        let replay = SceneReplay(scene: file, scenePath: scenePath, configuration: configuration ?? file.configuration,
                                 notesDecisions: true)
        var decisions: [GestureDecision] = []
        func deliver() {
            replay.takeDecisions(into: &decisions)
            for decision in decisions { body(.decision(decision), replay.names) }
            decisions.removeAll(keepingCapacity: true)
            replay.deliver { body(.intent($0), $1) }
        }
        try replay.run(reader, calibration: calibration) { body(.command($0), replay.names) } applied: {
            deliver()
        } frame: { touches in
            for touch in touches {
                body(.touch(touch), replay.names)
                replay.handle(touch)
                deliver()
            }
        }
    }

    /// A replay against a scene: the pipeline, and the timeline's commands still to come. A
    /// class, so that the frame loop's closures share it without the run-time exclusivity
    /// checks that variables captured by closures cost.
    private final class SceneReplay {
        /// Unchecked at run time: the accesses are the methods' own, none reaching back into another.
        @exclusivity(unchecked) private var pipeline: DismissalPipeline
        @exclusivity(unchecked) private var timeline: ArraySlice<TimedCommand>
        @exclusivity(unchecked) private var intents: [Intent] = []
        private let scenePath: String

        init(scene file: SceneFile, scenePath: String, configuration: GestureConfiguration, notesDecisions: Bool = false) {
            pipeline = DismissalPipeline(scene: file.scene, configuration: configuration)
            pipeline.notesDecisions = notesDecisions
            timeline = file.timeline[...]
            self.scenePath = scenePath
            intents.reserveCapacity(16)
        }

        /// Decodes the recording, each frame onto the screen in force, and gives `frame` its
        /// touch events; applies each timeline command before the first frame at or after its
        /// time, and those later than the last frame once the recording ends, calling `command`
        /// before and `applied` after each.
        func run(
            _ reader: any RecordingReader, calibration: CalibrationMatrix?,
            command: (TimedCommand) -> Void, applied: () -> Void, frame: ([TouchEvent]) -> Void
        ) throws(InputFileError) {
            let screenForFrame = { (time: Int64) throws(InputFileError) in
                try self.applyTimeline(through: time, command, applied)
                return self.pipeline.scene.screen
            }
            try Replay.forEachFrame(of: reader, screen: pipeline.scene.screen, calibration: calibration,
                                    screenForFrame: screenForFrame, frame)
            try applyTimeline(through: nil, command, applied)
        }

        /// Applies the timeline's commands up to `time` (all of them when nil).
        private func applyTimeline(
            through time: Int64?, _ command: (TimedCommand) -> Void, _ applied: () -> Void
        ) throws(InputFileError) {
            while let next = timeline.first, time.map({ next.time <= $0 }) ?? true {
                timeline.removeFirst()
                command(next)
                do {
                    try pipeline.applyHostCommand(next.command, time: next.time, into: &intents)
                } catch {
                    throw Replay.timelineFailure(of: next, scenePath: scenePath, error)
                }
                applied()
            }
        }

        /// Feeds one touch event; the decoder's are always taken (a refusal would be noted as a decision).
        func handle(_ touch: TouchEvent) {
            try? pipeline.handle(touch, into: &intents)
        }

        /// Moves the recogniser's decisions noted so far to the end of `decisions`.
        func takeDecisions(into decisions: inout [GestureDecision]) {
            pipeline.takeDecisions(into: &decisions)
        }

        /// The pipeline's names.
        var names: PresentationNames { pipeline.names }

        /// Gives the intents decided since the last call to `body`, with the pipeline's names.
        func deliver(_ body: (Intent, PresentationNames) -> Void) {
            guard !intents.isEmpty else { return }
            for intent in intents { body(intent, pipeline.names) }
            intents.removeAll(keepingCapacity: true)
        }
    }

    /// The error for a timeline command the scene cannot take, naming the scene file's line.
    private static func timelineFailure(of command: TimedCommand, scenePath: String, _ error: HostCommandError) -> InputFileError {
        InputFileError(.malformed, path: scenePath, line: command.line > 0 ? command.line : nil,
                       reason: "timeline command at \(command.time) µs: \(error.reason)")
    }

    /// Decodes the recording, calling `body` with the touch events of each kernel frame that gives any.
    ///
    /// A protocol A device's events go through libmtdev first (``MtdevConverter``), as libinput
    /// reads them; the decoder reads what mtdev gives at each `SYN_REPORT`.
    /// - Parameters:
    ///   - screen: the screen the first frames are mapped onto.
    ///   - screenForFrame: called with the time of each `SYN_REPORT` before it is decoded; gives
    ///     the screen that frame's touches are mapped onto.
    /// - Throws: ``InputFileError`` for a malformed recording, a device that is not a
    ///   touchscreen, a protocol A report mtdev cannot read, or what the closures throw.
    private static func forEachFrame(
        of reader: any RecordingReader, screen: ScreenSize, calibration: CalibrationMatrix?,
        screenForFrame: (_ time: Int64) throws(InputFileError) -> ScreenSize,
        _ body: ([TouchEvent]) throws(InputFileError) -> Void
    ) throws(InputFileError) {
        var decoder = try RecordedDeviceDecoder(device: reader.device, path: reader.path, screen: screen,
                                                calibration: calibration)
        var touches: [TouchEvent] = []
        touches.reserveCapacity(64)
        while let recorded = try reader.next() {
            try decoder.decode(recorded, into: &touches, screenAtFrame: screenForFrame)
            guard !touches.isEmpty else { continue }
            try body(touches)
            touches.removeAll(keepingCapacity: true)
        }
    }
}
