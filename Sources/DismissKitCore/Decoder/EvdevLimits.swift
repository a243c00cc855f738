/// The ranges of evdev numbers (`linux/input-event-codes.h`) that recordings are checked against.
package enum EvdevLimits {
    /// `EV_MAX`.
    package static let maximumType: Int64 = 0x1f
    /// `KEY_MAX`, the largest code of any event type.
    package static let maximumCode: Int64 = 0x2ff
    /// `ABS_MAX`.
    package static let maximumAbsoluteAxis: Int64 = 0x3f
    /// `INPUT_PROP_MAX`.
    package static let maximumProperty: Int64 = 0x1f
}
