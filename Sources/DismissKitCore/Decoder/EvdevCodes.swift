/// The evdev event types (`linux/input-event-codes.h`) that the project reads.
///
/// Every evdev number the project uses is written in this file, and `EvdevCodeTests` checks each
/// against the kernel's header.
public enum EventType {
    public static let synchronization: UInt16 = 0x00
    public static let key: UInt16 = 0x01
    public static let absolute: UInt16 = 0x03
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
