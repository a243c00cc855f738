/// A position of a touch, in the sensor's millimetres and in screen points.
public struct TouchPoint: Sendable, Hashable {
    /// Millimetres from the sensor's top-left corner (libinput's `get_x`/`get_y`).
    public var xMM: Double
    public var yMM: Double
    /// Screen points (libinput's transformed coordinates scaled to the screen).
    public var x: Double
    public var y: Double

    public init(xMM: Double, yMM: Double, x: Double, y: Double) {
        self.xMM = xMM
        self.yMM = yMM
        self.x = x
        self.y = y
    }
}

/// One touch event, as libinput reports it for a touchscreen.
public struct TouchEvent: Sendable, Hashable {
    /// The libinput touch event types.
    public enum Kind: String, Sendable, Hashable {
        case down, motion, up, cancel, frame
    }

    public var kind: Kind
    /// Microseconds: the time of the kernel frame that produced the event.
    public var time: Int64
    /// The kernel slot, -1 for single-touch devices; unused for `frame`.
    public var slot: Int32
    /// The seat-wide touch identity; unused for `frame`.
    public var seatSlot: Int32
    /// The position for `down` and `motion`; nil otherwise (libinput gives none).
    public var point: TouchPoint?

    public init(kind: Kind, time: Int64, slot: Int32 = -1, seatSlot: Int32 = -1, point: TouchPoint? = nil) {
        self.kind = kind
        self.time = time
        self.slot = slot
        self.seatSlot = seatSlot
        self.point = point
    }
}

/// Why the pipeline refused a touch event: it changed nothing (SPEC: bad input never crashes
/// and never corrupts a gesture). Hardware never sends these; an embedding host that does has a
/// bug of its own, and is told.
public enum TouchRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// The time is beyond ``InputLimits/largestTime`` either side of 0.
    case timeOutOfRange(Int64)
    /// The time is earlier than the previous event's.
    case timeWentBack(time: Int64, previous: Int64)
    /// The seat slot is outside `0 ..< InputLimits.seatSlots`.
    case seatSlotOutOfRange(Int32)
    /// A down or motion without a position, or with a coordinate that is not finite or is beyond
    /// ``InputLimits/largestCoordinate``.
    case positionOutOfRange
    /// A down on a seat slot that is already down.
    case seatSlotAlreadyDown(Int32)
    /// A motion, up or cancel on a seat slot that is not down.
    case seatSlotNotDown(Int32)

    public var description: String {
        switch self {
        case .timeOutOfRange(let time): "time \(time) is out of range (at most 2^53 microseconds either side of 0)"
        case .timeWentBack(let time, let previous): "time \(time) is earlier than the previous event's, \(previous)"
        case .seatSlotOutOfRange(let slot): "seat slot \(slot) is outside 0...\(InputLimits.seatSlots - 1)"
        case .positionOutOfRange: "the position is missing, not finite, or beyond 1e9 points"
        case .seatSlotAlreadyDown(let slot): "seat slot \(slot) is already down"
        case .seatSlotNotDown(let slot): "seat slot \(slot) is not down"
        }
    }
}

/// The size of the screen the touchscreen is mapped to.
public struct ScreenSize: Sendable, Hashable {
    /// Points.
    public var width: Double
    public var height: Double
    /// Millimetres.
    public var widthMM: Double
    public var heightMM: Double

    public init(width: Double, height: Double, widthMM: Double, heightMM: Double) {
        self.width = width
        self.height = height
        self.widthMM = widthMM
        self.heightMM = heightMM
    }

    /// The screen used when no scene gives one: 1280 × 800 points on a 217 × 136 mm panel
    /// (a common 10.1" kiosk display).
    public static let standard = ScreenSize(width: 1280, height: 800, widthMM: 217, heightMM: 136)

    /// Points per millimetre, averaged over both axes.
    public var pointsPerMillimetre: Double { (width / widthMM + height / heightMM) / 2 }
}
