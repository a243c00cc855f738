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

    /// Replays a recording against a scene and its timeline, giving the intents in order.
    ///
    /// Timeline commands are applied before the first kernel frame at or after their time is
    /// decoded, so the touches of that frame and those after it are mapped onto the screen of
    /// the last `screen` command; commands later than the last frame are applied, in order,
    /// once the recording ends.
    /// - Parameters:
    ///   - scenePath: the scene file's path, for errors about its timeline.
    ///   - configuration: the gesture thresholds; by default the scene file's `gestures`.
    ///   - body: called with each intent as soon as it is decided.
    /// - Throws: ``InputFileError`` for a malformed recording, a device that is not a
    ///   touchscreen, or a timeline command the scene cannot take (naming the scene file's line).
    public static func intents(
        from reader: any RecordingReader,
        scene file: SceneFile,
        scenePath: String,
        configuration: GestureConfiguration? = nil,
        calibration: CalibrationMatrix? = nil,
        _ body: (Intent) -> Void
    ) throws(InputFileError) {
        let replay = IntentsReplay(scene: file, scenePath: scenePath, configuration: configuration ?? file.configuration)
        try forEachFrame(of: reader, screen: file.scene.screen, calibration: calibration) { time throws(InputFileError) in
            try replay.applyTimeline(through: time, body)
            return replay.screen
        } _: { touches in
            replay.handle(touches, body)
        }
        try replay.applyTimeline(through: nil, body)
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
    /// recogniser's decisions and the intents it caused. What `--explain` and `gesturectl plot` read.
    /// - Throws: as ``intents(from:scene:scenePath:configuration:calibration:_:)``.
    public static func steps(
        from reader: any RecordingReader,
        scene file: SceneFile,
        scenePath: String,
        configuration: GestureConfiguration? = nil,
        calibration: CalibrationMatrix? = nil,
        _ body: (Step) -> Void
    ) throws(InputFileError) {
        var pipeline = DismissalPipeline(scene: file.scene, configuration: configuration ?? file.configuration)
        pipeline.notesDecisions = true
        var timeline = file.timeline[...]
        var intents: [Intent] = []
        var decisions: [GestureDecision] = []
        func deliver() {
            pipeline.takeDecisions(into: &decisions)
            for decision in decisions { body(.decision(decision)) }
            for intent in intents { body(.intent(intent)) }
            decisions.removeAll(keepingCapacity: true)
            intents.removeAll(keepingCapacity: true)
        }
        func applyTimeline(through time: Int64?) throws(InputFileError) {
            while let next = timeline.first, time.map({ next.time <= $0 }) ?? true {
                timeline.removeFirst()
                body(.command(next))
                do {
                    try pipeline.apply(next.command, time: next.time, into: &intents)
                } catch {
                    throw Replay.timelineFailure(of: next, scenePath: scenePath, error)
                }
                deliver()
            }
        }
        try forEachFrame(of: reader, screen: file.scene.screen, calibration: calibration) { time throws(InputFileError) in
            try applyTimeline(through: time)
            return pipeline.scene.screen
        } _: { touches in
            for touch in touches {
                body(.touch(touch))
                // The decoder's touches are always taken; a refusal would be noted as a decision.
                try? pipeline.handle(touch, into: &intents)
                deliver()
            }
        }
        try applyTimeline(through: nil)
    }

    /// The state of a replay against a scene: a class, so that the frame loop's closure shares it
    /// without the run-time exclusivity checks that variables captured by closures cost.
    private final class IntentsReplay {
        /// Unchecked at run time: the accesses are the methods' own, none reaching back into another.
        @exclusivity(unchecked) private var pipeline: DismissalPipeline
        @exclusivity(unchecked) private var timeline: ArraySlice<TimedCommand>
        @exclusivity(unchecked) private var intents: [Intent] = []
        private let scenePath: String

        init(scene file: SceneFile, scenePath: String, configuration: GestureConfiguration) {
            pipeline = DismissalPipeline(scene: file.scene, configuration: configuration)
            timeline = file.timeline[...]
            self.scenePath = scenePath
            intents.reserveCapacity(16)
        }

        /// The screen touches are mapped onto now.
        var screen: ScreenSize { pipeline.scene.screen }

        /// Applies the timeline's commands up to `time` (all of them when nil).
        func applyTimeline(through time: Int64?, _ body: (Intent) -> Void) throws(InputFileError) {
            while let next = timeline.first, time.map({ next.time <= $0 }) ?? true {
                timeline.removeFirst()
                do {
                    try pipeline.apply(next.command, time: next.time, into: &intents)
                } catch {
                    throw Replay.timelineFailure(of: next, scenePath: scenePath, error)
                }
                deliver(body)
            }
        }

        /// Feeds one frame's touch events.
        func handle(_ touches: [TouchEvent], _ body: (Intent) -> Void) {
            for touch in touches { try? pipeline.handle(touch, into: &intents) }
            deliver(body)
        }

        private func deliver(_ body: (Intent) -> Void) {
            guard !intents.isEmpty else { return }
            for intent in intents { body(intent) }
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
        var mappedScreen = screen
        /// Feeds one event, mapping a frame onto the screen in force when it is decoded.
        func decode(_ event: InputEvent, with decoder: inout TouchDecoder, into touches: inout [TouchEvent]) throws(InputFileError) {
            if event.type == EventType.synchronization && event.code == SynchronizationCode.report {
                let frameScreen = try screenForFrame(event.time)
                if frameScreen != mappedScreen {
                    decoder.mapOnto(screen: frameScreen)
                    mappedScreen = frameScreen
                }
            }
            decoder.decode(event, into: &touches)
        }
        var decoder: TouchDecoder
        let mtdev: MtdevConverter?
        do {
            decoder = try TouchDecoder(device: reader.device, screen: screen, calibration: calibration)
            mtdev = decoder.reporting == .protocolA ? try MtdevConverter(device: reader.device) : nil
        } catch {
            throw InputFileError(.malformed, path: reader.path, reason: "device \"\(reader.device.name)\": \(error.reason)")
        }
        var touches: [TouchEvent] = []
        touches.reserveCapacity(64)
        var converted: [InputEvent] = []
        while let recorded = try reader.next() {
            if let mtdev {
                do {
                    try mtdev.convert(recorded.event, into: &converted)
                } catch {
                    throw InputFileError(.malformed, path: reader.path, line: recorded.line, reason: error.reason)
                }
                for event in converted { try decode(event, with: &decoder, into: &touches) }
                converted.removeAll(keepingCapacity: true)
            } else {
                try decode(recorded.event, with: &decoder, into: &touches)
            }
            guard !touches.isEmpty else { continue }
            try body(touches)
            touches.removeAll(keepingCapacity: true)
        }
    }
}
