/// The ranges of evdev numbers (`linux/input-event-codes.h`) that recordings are checked against.
enum EvdevLimits {
    /// `EV_MAX`.
    static let maximumType: Int64 = 0x1f
    /// `KEY_MAX`, the largest code of any event type.
    static let maximumCode: Int64 = 0x2ff
    /// `ABS_MAX`.
    static let maximumAbsoluteAxis: Int64 = 0x3f
    /// `INPUT_PROP_MAX`.
    static let maximumProperty: Int64 = 0x1f
}
