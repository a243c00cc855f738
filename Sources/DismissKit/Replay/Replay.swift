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
        try forEachFrame(of: reader, screen: screen, calibration: calibration) { touches in
            for touch in touches { body(touch) }
        }
    }

    /// Replays a recording against a scene and its timeline, giving the intents in order.
    ///
    /// Timeline commands are applied before the touch events of the first frame at or
    /// after their time; those later than the last frame are applied, in order, once the
    /// recording ends.
    /// - Parameters:
    ///   - scenePath: the scene file's path, for errors about its timeline.
    ///   - body: called with each intent as soon as it is decided.
    /// - Throws: ``InputFileError`` for a malformed recording, a device that is not a
    ///   touchscreen, or a timeline command the scene cannot take (naming the scene file's line).
    public static func intents(
        from reader: any RecordingReader,
        scene file: SceneFile,
        scenePath: String,
        configuration: GestureConfiguration = GestureConfiguration(),
        calibration: CalibrationMatrix? = nil,
        _ body: (Intent) -> Void
    ) throws(InputFileError) {
        let replay = IntentsReplay(scene: file, scenePath: scenePath, configuration: configuration)
        try forEachFrame(of: reader, screen: file.scene.screen, calibration: calibration) { touches throws(InputFileError) in
            try replay.applyTimeline(through: touches[0].time, body)
            replay.handle(touches, body)
        }
        try replay.applyTimeline(through: nil, body)
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

        /// Applies the timeline's commands up to `time` (all of them when nil).
        func applyTimeline(through time: Int64?, _ body: (Intent) -> Void) throws(InputFileError) {
            while let next = timeline.first, time.map({ next.time <= $0 }) ?? true {
                timeline.removeFirst()
                do {
                    try pipeline.apply(next.command, time: next.time, into: &intents)
                } catch {
                    throw InputFileError(.malformed, path: scenePath, line: next.line > 0 ? next.line : nil,
                                         reason: "timeline command at \(next.time) µs: \(error.reason)")
                }
                deliver(body)
            }
        }

        /// Feeds one frame's touch events.
        func handle(_ touches: [TouchEvent], _ body: (Intent) -> Void) {
            for touch in touches { pipeline.handle(touch, into: &intents) }
            deliver(body)
        }

        private func deliver(_ body: (Intent) -> Void) {
            guard !intents.isEmpty else { return }
            for intent in intents { body(intent) }
            intents.removeAll(keepingCapacity: true)
        }
    }

    /// Decodes the recording, calling `body` with the touch events of each kernel frame that gives any.
    ///
    /// A protocol A device's events go through libmtdev first (``MtdevConverter``), as libinput
    /// reads them; the decoder reads what mtdev gives at each `SYN_REPORT`.
    /// - Throws: ``InputFileError`` for a malformed recording, a device that is not a
    ///   touchscreen, a protocol A report mtdev cannot read, or what `body` throws.
    private static func forEachFrame(
        of reader: any RecordingReader, screen: ScreenSize, calibration: CalibrationMatrix?,
        _ body: ([TouchEvent]) throws(InputFileError) -> Void
    ) throws(InputFileError) {
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
                for event in converted { decoder.decode(event, into: &touches) }
                converted.removeAll(keepingCapacity: true)
            } else {
                decoder.decode(recorded.event, into: &touches)
            }
            guard !touches.isEmpty else { continue }
            try body(touches)
            touches.removeAll(keepingCapacity: true)
        }
    }
}
