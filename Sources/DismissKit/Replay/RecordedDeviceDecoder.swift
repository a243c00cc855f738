/// A recorded touchscreen's evdev events turned into touch events as libinput turns a kernel
/// device's: through mtdev first for a multitouch protocol A device, then the touch decoder,
/// each frame mapped onto the screen in force when the frame is decoded. A replay and a session
/// replay decode their recordings with it.
struct RecordedDeviceDecoder {
    private var decoder: TouchDecoder
    private let mtdev: MtdevConverter?
    private var mappedScreen: ScreenSize
    private var converted: [InputEvent] = []
    private let path: String

    /// - Throws: ``InputFileError`` `.malformed` naming the device when it is not a touchscreen
    ///   the decoder supports.
    init(device: DeviceDescription, path: String, screen: ScreenSize,
         calibration: CalibrationMatrix? = nil) throws(InputFileError) {
        do {
            decoder = try TouchDecoder(device: device, screen: screen, calibration: calibration)
            mtdev = decoder.reporting == .protocolA ? try MtdevConverter(device: device) : nil
        } catch {
            throw InputFileError(.malformed, path: path, reason: "device \"\(device.name)\": \(error.reason)")
        }
        mappedScreen = screen
        self.path = path
    }

    /// Decodes one recorded event and appends the touch events it completes.
    /// - Parameter screenAtFrame: the screen in force at a frame's time.
    /// - Throws: ``InputFileError`` naming the event's line when mtdev refuses it, or what
    ///   `screenAtFrame` throws.
    @inline(__always)
    mutating func decode(_ recorded: RecordedEvent, into touches: inout [TouchEvent],
                         screenAtFrame: (_ time: Int64) throws(InputFileError) -> ScreenSize) throws(InputFileError) {
        guard let mtdev else { return try decodeKernelEvent(recorded.event, into: &touches, screenAtFrame: screenAtFrame) }
        do {
            try mtdev.convert(recorded.event, into: &converted)
        } catch {
            throw InputFileError(.malformed, path: path, line: recorded.line, reason: error.reason)
        }
        for event in converted { try decodeKernelEvent(event, into: &touches, screenAtFrame: screenAtFrame) }
        converted.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    private mutating func decodeKernelEvent(_ event: InputEvent, into touches: inout [TouchEvent],
                                            screenAtFrame: (_ time: Int64) throws(InputFileError) -> ScreenSize) throws(InputFileError) {
        if event.type == EventType.synchronization && event.code == SynchronizationCode.report {
            let screen = try screenAtFrame(event.time)
            if screen != mappedScreen {
                decoder.mapOnto(screen: screen)
                mappedScreen = screen
            }
        }
        decoder.decode(event, into: &touches)
    }
}
