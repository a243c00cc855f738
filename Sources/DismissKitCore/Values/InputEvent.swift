/// One kernel input event, as evdev delivers it and recordings store it.
///
/// Time is in microseconds on the recording's (or the device's) clock.
public struct InputEvent: Sendable, Hashable {
    /// Microseconds.
    public var time: Int64
    /// The evdev event type (`EV_SYN`, `EV_KEY`, `EV_ABS`, ...).
    public var type: UInt16
    /// The event code within its type.
    public var code: UInt16
    /// The signed event value.
    public var value: Int32

    public init(time: Int64, type: UInt16, code: UInt16, value: Int32) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
    }
}
