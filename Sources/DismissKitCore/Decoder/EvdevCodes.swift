/// The evdev event types (`linux/input-event-codes.h`) that the project reads.
///
/// Every evdev number the project uses is written in this file, and `EvdevCodeTests` checks each
/// against the kernel's header.
public enum EventType {
    public static let synchronization: UInt16 = 0x00
    public static let key: UInt16 = 0x01
    /// `EV_REL`.
    package static let relative: UInt16 = 0x02
    public static let absolute: UInt16 = 0x03
}

/// `EV_REL` codes.
package enum RelativeAxis {
    package static let x: UInt16 = 0x00
    package static let y: UInt16 = 0x01
}

/// `EV_SYN` codes.
public enum SynchronizationCode {
    /// `SYN_REPORT`: the end of a frame.
    public static let report: UInt16 = 0
    /// `SYN_CONFIG`.
    package static let config: UInt16 = 1
    /// `SYN_MT_REPORT`: the end of one multitouch protocol A contact.
    package static let multitouchReport: UInt16 = 2
}

/// `EV_ABS` codes.
public enum AbsoluteAxis {
    public static let x: UInt16 = 0x00
    public static let y: UInt16 = 0x01
    /// `ABS_Z`.
    package static let z: UInt16 = 0x02
    /// `ABS_MISC`.
    package static let misc: UInt16 = 0x28
    /// `ABS_RESERVED`, the code below `ABS_MT_SLOT`: a device that advertises both is not
    /// multitouch to libevdev ("fake multitouch").
    package static let reserved: UInt16 = 0x2e
    public static let multitouchSlot: UInt16 = 0x2f
    /// `ABS_MT_TOUCH_MAJOR`.
    package static let multitouchTouchMajor: UInt16 = 0x30
    /// `ABS_MT_TOUCH_MINOR`.
    package static let multitouchTouchMinor: UInt16 = 0x31
    /// `ABS_MT_WIDTH_MAJOR`.
    package static let multitouchWidthMajor: UInt16 = 0x32
    /// `ABS_MT_WIDTH_MINOR`.
    package static let multitouchWidthMinor: UInt16 = 0x33
    /// `ABS_MT_ORIENTATION`.
    package static let multitouchOrientation: UInt16 = 0x34
    public static let multitouchPositionX: UInt16 = 0x35
    public static let multitouchPositionY: UInt16 = 0x36
    public static let multitouchToolType: UInt16 = 0x37
    public static let multitouchTrackingID: UInt16 = 0x39
    /// `ABS_MT_DISTANCE`, the last axis of mtdev's slot data.
    package static let multitouchDistance: UInt16 = 0x3b
    /// The first multitouch axis code after `ABS_MT_SLOT` (`ABS_MT_TOUCH_MAJOR`).
    public static let firstMultitouch: UInt16 = 0x30
    /// The last multitouch axis code (`ABS_MT_TOOL_Y`).
    public static let lastMultitouch: UInt16 = 0x3d
    /// The kernel's multitouch axes after `ABS_MT_SLOT` (`ABS_MT_FIRST` ... `ABS_MT_LAST`).
    package static let multitouchAxes: ClosedRange<UInt16> = firstMultitouch...lastMultitouch

    /// The kernel's names of the `EV_ABS` codes (`linux/input-event-codes.h`), as libevdev gives
    /// them to libinput's log.
    package static let names: [UInt16: String] = [
        0x00: "ABS_X", 0x01: "ABS_Y", 0x02: "ABS_Z", 0x03: "ABS_RX", 0x04: "ABS_RY", 0x05: "ABS_RZ",
        0x06: "ABS_THROTTLE", 0x07: "ABS_RUDDER", 0x08: "ABS_WHEEL", 0x09: "ABS_GAS", 0x0a: "ABS_BRAKE",
        0x10: "ABS_HAT0X", 0x11: "ABS_HAT0Y", 0x12: "ABS_HAT1X", 0x13: "ABS_HAT1Y", 0x14: "ABS_HAT2X",
        0x15: "ABS_HAT2Y", 0x16: "ABS_HAT3X", 0x17: "ABS_HAT3Y", 0x18: "ABS_PRESSURE", 0x19: "ABS_DISTANCE",
        0x1a: "ABS_TILT_X", 0x1b: "ABS_TILT_Y", 0x1c: "ABS_TOOL_WIDTH", 0x20: "ABS_VOLUME", 0x21: "ABS_PROFILE", 0x28: "ABS_MISC",
        0x2e: "ABS_RESERVED", 0x2f: "ABS_MT_SLOT", 0x30: "ABS_MT_TOUCH_MAJOR", 0x31: "ABS_MT_TOUCH_MINOR",
        0x32: "ABS_MT_WIDTH_MAJOR", 0x33: "ABS_MT_WIDTH_MINOR", 0x34: "ABS_MT_ORIENTATION", 0x35: "ABS_MT_POSITION_X",
        0x36: "ABS_MT_POSITION_Y", 0x37: "ABS_MT_TOOL_TYPE", 0x38: "ABS_MT_BLOB_ID", 0x39: "ABS_MT_TRACKING_ID",
        0x3a: "ABS_MT_PRESSURE", 0x3b: "ABS_MT_DISTANCE", 0x3c: "ABS_MT_TOOL_X", 0x3d: "ABS_MT_TOOL_Y",
    ]

    /// The kernel's name of `code`, or `EV_ABS 0xNN` for a code it has none for.
    package static func name(of code: UInt16) -> String {
        names[code] ?? "EV_ABS 0x" + String(code, radix: 16)
    }
}

/// `EV_KEY` codes.
public enum KeyCode {
    public static let escape: UInt16 = 1
    public static let touch: UInt16 = 0x14a
    public static let toolFinger: UInt16 = 0x145
    /// `BTN_MOUSE`, the first mouse button.
    package static let firstMouseButton: UInt16 = 0x110
    /// `BTN_JOYSTICK`, the first code after the mouse buttons.
    package static let joystick: UInt16 = 0x120
    /// `BTN_TOOL_PEN`.
    package static let toolPen: UInt16 = 0x140
    /// `BTN_STYLUS`.
    package static let stylus: UInt16 = 0x14b
}

/// `ABS_MT_TOOL_TYPE` values.
public enum MultitouchTool {
    public static let palm: Int32 = 2
}

/// `INPUT_PROP_*` bits.
public enum InputProperty {
    public static let direct: UInt16 = 1
    /// `INPUT_PROP_ACCELEROMETER`.
    package static let accelerometer: UInt16 = 6
}

/// The ranges of evdev numbers that recordings are checked against, and the sizes of the tables
/// indexed by code.
package enum EvdevLimits {
    /// `EV_MAX`. (Inlinable, as `maximumCode`: the readers check every event against both, and a
    /// stored constant of another module would be read through its accessor each time.)
    @inlinable package static var maximumType: Int64 { 0x1f }
    /// `KEY_MAX`, the largest code of any event type.
    @inlinable package static var maximumCode: Int64 { 0x2ff }
    /// `ABS_MAX`.
    package static let maximumAbsoluteAxis: Int64 = 0x3f
    /// `INPUT_PROP_MAX`.
    package static let maximumProperty: Int64 = 0x1f
    /// `KEY_CNT`: the number of `EV_KEY` codes.
    package static let keyCount = Int(maximumCode) + 1
    /// `ABS_CNT`: the number of `EV_ABS` codes.
    package static let absoluteAxisCount = Int(maximumAbsoluteAxis) + 1
}
