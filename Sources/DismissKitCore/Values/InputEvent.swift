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

/// evdev event types (`linux/input-event-codes.h`) that the project reads.
public enum EventType {
    public static let synchronization: UInt16 = 0x00
    public static let key: UInt16 = 0x01
    public static let absolute: UInt16 = 0x03
}

/// `EV_SYN` codes.
public enum SynchronizationCode {
    public static let report: UInt16 = 0
}

/// `EV_ABS` codes.
public enum AbsoluteAxis {
    public static let x: UInt16 = 0x00
    public static let y: UInt16 = 0x01
    public static let multitouchSlot: UInt16 = 0x2f
    public static let multitouchPositionX: UInt16 = 0x35
    public static let multitouchPositionY: UInt16 = 0x36
    public static let multitouchToolType: UInt16 = 0x37
    public static let multitouchTrackingID: UInt16 = 0x39
    /// The first multitouch axis code after `ABS_MT_SLOT` (`ABS_MT_TOUCH_MAJOR`).
    public static let firstMultitouch: UInt16 = 0x30
    /// The last multitouch axis code (`ABS_MT_TOOL_Y`).
    public static let lastMultitouch: UInt16 = 0x3d
}

/// `EV_KEY` codes.
public enum KeyCode {
    public static let escape: UInt16 = 1
    public static let touch: UInt16 = 0x14a
    public static let toolFinger: UInt16 = 0x145
}

/// `ABS_MT_TOOL_TYPE` values.
public enum MultitouchTool {
    public static let palm: Int32 = 2
}

/// `INPUT_PROP_*` bits.
public enum InputProperty {
    public static let pointer: UInt16 = 0
    public static let direct: UInt16 = 1
}
