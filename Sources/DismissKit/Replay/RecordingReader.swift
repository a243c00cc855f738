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
    /// Refuses a recorded device whose contacts libinput could not read (a multitouch device
    /// that is neither protocol B nor readable by mtdev), as a malformed recording at `line`
    /// of `path`: the line that declares the device's axes.
    ///
    /// The decision is ``TouchDecoder/checkMultitouchProtocol(of:)``'s; the readers call this as
    /// soon as they have read the description of the device they will read events from.
    static func checkDecodable(_ device: DeviceDescription, path: String, line: Int) throws(InputFileError) {
        do {
            _ = try TouchDecoder.checkMultitouchProtocol(of: device)
        } catch {
            throw InputFileError(.malformed, path: path, line: line, reason: error.reason)
        }
    }
}
