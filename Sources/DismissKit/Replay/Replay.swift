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

    static func makeDecoder(for reader: any RecordingReader, screen: ScreenSize, calibration: CalibrationMatrix?) throws(InputFileError) -> TouchDecoder {
        do {
            return try TouchDecoder(device: reader.device, screen: screen, calibration: calibration)
        } catch {
            throw InputFileError(.malformed, path: reader.path, reason: "device \"\(reader.device.name)\": \(error.reason)")
        }
    }
}
