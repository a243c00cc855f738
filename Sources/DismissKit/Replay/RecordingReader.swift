/// An input event read from a recording, with the line it came from.
public struct RecordedEvent: Sendable, Hashable {
    public var event: InputEvent
    /// 1-based line in the recording file.
    public var line: Int

    public init(event: InputEvent, line: Int) {
        self.event = event
        self.line = line
    }
}

/// A streaming reader of one recorded device: its description, then its events
/// in file order, in constant memory whatever the file size.
///
/// Times are rebased so that the first event of the device is at 0 µs.
public protocol RecordingReader: AnyObject {
    /// The file the events come from (for error messages).
    var path: String { get }
    /// The recorded device.
    var device: DeviceDescription { get }
    /// The next event, or nil at the end of the recording.
    /// - Throws: ``InputFileError`` naming the file, line and reason.
    func next() throws(InputFileError) -> RecordedEvent?
}

extension InputFileError {
    /// Refuses a recorded device the decoder cannot read (one libinput gives no touch events, by
    /// ``DeviceRules``, or a multitouch device that is neither protocol B nor readable by mtdev),
    /// as a malformed recording at the line that declares the axis at fault (``TouchDeviceError/axis``);
    /// otherwise at the first axis line (`axisLines`: the line of each absolute axis; `line`
    /// without any).
    ///
    /// The decision is ``TouchDecoder``'s; the readers call this as soon as they have read
    /// the description of the device they will read events from.
    /// A device without position axes (a keyboard picked by its index) is only checked for its
    /// multitouch protocol.
    static func checkDecodable(_ device: DeviceDescription, path: String, axisLines: [UInt16: Int], line: Int) throws(InputFileError) {
        do {
            _ = try TouchDecoder.checkMultitouchProtocol(of: device)
            let (x, y) = positionAxes(of: device)
            if device.absoluteAxes[x] != nil && device.absoluteAxes[y] != nil {
                _ = try TouchDecoder(device: device, screen: .standard)
            }
        } catch {
            let blamed = error.axis.flatMap { axisLines[$0] }
            throw InputFileError(.malformed, path: path, line: blamed ?? axisLines.values.min() ?? line, reason: error.reason)
        }
    }

    /// The codes of the axes the decoder takes positions from.
    private static func positionAxes(of device: DeviceDescription) -> (x: UInt16, y: UInt16) {
        device.hasMultitouchPositions
            ? (AbsoluteAxis.multitouchPositionX, AbsoluteAxis.multitouchPositionY) : (AbsoluteAxis.x, AbsoluteAxis.y)
    }
}
