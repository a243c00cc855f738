/// The ranges of evdev numbers (`linux/input-event-codes.h`) that recordings are checked
/// against, and the sizes of the tables indexed by code.
///
/// With the codes of ``EventType``, ``SynchronizationCode``, ``AbsoluteAxis``, ``KeyCode``,
/// ``MultitouchTool`` and ``InputProperty``, every one is checked against the kernel's header
/// by `EvdevCodeTests`.
package enum EvdevLimits {
    /// `EV_MAX`.
    package static let maximumType: Int64 = 0x1f
    /// `KEY_MAX`, the largest code of any event type.
    package static let maximumCode: Int64 = 0x2ff
    /// `ABS_MAX`.
    package static let maximumAbsoluteAxis: Int64 = 0x3f
    /// `INPUT_PROP_MAX`.
    package static let maximumProperty: Int64 = 0x1f
    /// `KEY_CNT`: the number of `EV_KEY` codes.
    package static let keyCount = Int(maximumCode) + 1
    /// `ABS_CNT`: the number of `EV_ABS` codes.
    package static let absoluteAxisCount = Int(maximumAbsoluteAxis) + 1
}

/// The `EV_SYN` codes of multitouch protocol A and of a device's configuration change.
extension SynchronizationCode {
    /// `SYN_CONFIG`.
    package static let config: UInt16 = 1
    /// `SYN_MT_REPORT`: the end of one protocol A contact.
    package static let multitouchReport: UInt16 = 2
}

/// The multitouch axes mtdev reads besides the position.
extension AbsoluteAxis {
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
    /// `ABS_MT_DISTANCE`, the last axis of mtdev's slot data.
    package static let multitouchDistance: UInt16 = 0x3b
    /// The kernel's multitouch axes after `ABS_MT_SLOT` (`ABS_MT_FIRST` ... `ABS_MT_LAST`).
    package static let multitouchAxes: ClosedRange<UInt16> = firstMultitouch...lastMultitouch
}
