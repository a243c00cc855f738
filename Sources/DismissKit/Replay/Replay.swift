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
        var decoder = try makeDecoder(for: reader, screen: screen, calibration: calibration)
        var events: [TouchEvent] = []
        events.reserveCapacity(64)
        while let recorded = try reader.next() {
            decoder.decode(recorded.event, into: &events)
            for event in events { body(event) }
            events.removeAll(keepingCapacity: true)
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
        var decoder = try makeDecoder(for: reader, screen: file.scene.screen, calibration: calibration)
        var pipeline = DismissalPipeline(scene: file.scene, configuration: configuration)
        var timeline = file.timeline[...]
        var touches: [TouchEvent] = []
        touches.reserveCapacity(64)
        var intents: [Intent] = []
        intents.reserveCapacity(16)

        func applyTimeline(through time: Int64?) throws(InputFileError) {
            while let next = timeline.first, time.map({ next.time <= $0 }) ?? true {
                timeline.removeFirst()
                do {
                    try pipeline.apply(next.command, time: next.time, into: &intents)
                } catch {
                    throw InputFileError(.malformed, path: scenePath, line: next.line > 0 ? next.line : nil,
                                         reason: "timeline command at \(next.time) µs: \(error.reason)")
                }
                for intent in intents { body(intent) }
                intents.removeAll(keepingCapacity: true)
            }
        }

        while let recorded = try reader.next() {
            decoder.decode(recorded.event, into: &touches)
            guard let frameTime = touches.first?.time else { continue }
            try applyTimeline(through: frameTime)
            for touch in touches { pipeline.handle(touch, into: &intents) }
            for intent in intents { body(intent) }
            intents.removeAll(keepingCapacity: true)
            touches.removeAll(keepingCapacity: true)
        }
        try applyTimeline(through: nil)
    }

    static func makeDecoder(for reader: any RecordingReader, screen: ScreenSize, calibration: CalibrationMatrix?) throws(InputFileError) -> TouchDecoder {
        do {
            return try TouchDecoder(device: reader.device, screen: screen, calibration: calibration)
        } catch {
            throw InputFileError(.malformed, path: reader.path, reason: "device \"\(reader.device.name)\": \(error.reason)")
        }
    }
}
