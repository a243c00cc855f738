/// The range and resolution of one absolute axis (`struct input_absinfo`, without the current value).
public struct AbsoluteAxisInfo: Sendable, Hashable {
    public var minimum: Int32
    public var maximum: Int32
    public var fuzz: Int32
    public var flat: Int32
    /// Units per millimetre; 0 when the device does not say.
    public var resolution: Int32

    public init(minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0) {
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
    }
}

/// What a recording (or a live device) says about an input device: its name,
/// the event codes it supports, its axes, properties and udev properties.
public struct DeviceDescription: Sendable, Hashable {
    public var name: String
    /// Supported event codes, by event type.
    public var codes: [UInt16: Set<UInt16>]
    /// Absolute axis information, by `EV_ABS` code.
    public var absoluteAxes: [UInt16: AbsoluteAxisInfo]
    /// `INPUT_PROP_*` bits that are set.
    public var properties: Set<UInt16>
    /// udev properties (`KEY=value`) recorded with the device; empty for evemu.
    public var udevProperties: [String: String]

    public init(
        name: String,
        codes: [UInt16: Set<UInt16>] = [:],
        absoluteAxes: [UInt16: AbsoluteAxisInfo] = [:],
        properties: Set<UInt16> = [],
        udevProperties: [String: String] = [:]
    ) {
        self.name = name
        self.codes = codes
        self.absoluteAxes = absoluteAxes
        self.properties = properties
        self.udevProperties = udevProperties
    }

    /// Whether the device advertises `code` of event type `type`.
    public func supports(type: UInt16, code: UInt16) -> Bool {
        codes[type]?.contains(code) ?? false
    }

    /// Whether the device reports multitouch positions.
    public var hasMultitouchPositions: Bool {
        absoluteAxes[AbsoluteAxis.multitouchPositionX] != nil && absoluteAxes[AbsoluteAxis.multitouchPositionY] != nil
    }

    /// Whether the device uses multitouch protocol B (slots): it advertises `ABS_MT_SLOT`, with
    /// or without its range (the kernel gives an axis recorded without one the range 0...0).
    public var hasSlots: Bool {
        absoluteAxes[AbsoluteAxis.multitouchSlot] != nil || supports(type: EventType.absolute, code: AbsoluteAxis.multitouchSlot)
    }

    /// Whether the device reports multitouch positions without slots (multitouch protocol A),
    /// so that libinput reads it through libmtdev.
    public var usesProtocolA: Bool { hasMultitouchPositions && !hasSlots }
}
