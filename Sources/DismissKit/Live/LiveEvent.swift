import Glibc

/// One event from live input, as ``LibinputSource`` delivers it.
public enum LiveEvent: Sendable, Hashable {
    /// A touch event from a touch device (down, motion, up, cancel or frame).
    case touch(TouchEvent)
    /// The Escape key was pressed on a keyboard; `time` is in microseconds.
    case escapeKey(time: Int64)
    /// A touch device or keyboard appeared.
    case deviceAdded(LiveDevice)
    /// A touch device or keyboard went away (libinput has cancelled the touches of a touch device).
    case deviceRemoved(LiveDevice)
}

/// Where ``LibinputSource`` finds its devices.
public enum LiveInputBackend: Sendable, Hashable {
    /// Every device udev assigns to the named seat, hotplug included (libinput's udev backend).
    case seat(String)
    /// Exactly these device nodes, such as `/dev/input/event3` (libinput's path backend).
    case devices([String])

    /// The seat used when none is named.
    public static let defaultSeat = LiveInputBackend.seat("seat0")
}

/// A touch device or keyboard that libinput reports.
public struct LiveDevice: Sendable, Hashable {
    /// The device node, such as `/dev/input/event3`, or its kernel name when udev has no node.
    public var node: String
    /// The kernel's device name.
    public var name: String
    /// The sensor's width in millimetres; nil when libinput does not know it.
    public var widthMM: Double?
    /// The sensor's height in millimetres; nil when libinput does not know it.
    public var heightMM: Double?
    /// How many touches the device tracks at once; nil when unknown (0 from libinput).
    public var touchCount: Int?
    /// Whether the device has libinput's touch capability.
    public var isTouch: Bool
    /// Whether the device has libinput's keyboard capability.
    public var isKeyboard: Bool

    public init(node: String, name: String, widthMM: Double?, heightMM: Double?, touchCount: Int?,
                isTouch: Bool, isKeyboard: Bool) {
        self.node = node
        self.name = name
        self.widthMM = widthMM
        self.heightMM = heightMM
        self.touchCount = touchCount
        self.isTouch = isTouch
        self.isKeyboard = isKeyboard
    }
}

/// Why live input could not be started or read.
public enum LiveInputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// libinput or udev could not be initialised.
    case contextUnavailable(reason: String)
    /// udev could not assign the seat.
    case seatUnavailable(seat: String)
    /// A device node could not be opened; `errno` says why.
    case cannotOpen(path: String, errno: Errno)
    /// A device node opened, but libinput would not use it as an input device.
    case notAnInputDevice(path: String)
    /// libinput takes no touches from the device at `path`: it rejects it, or it is not a
    /// touchscreen (``DeviceRules``); `reason` says which rule, as a replay of it would.
    case notTouchscreen(path: String, reason: String)
    /// No device with touch capability was found.
    case noTouchDevice(searched: String)
    /// libinput refused the calibration matrix for a device.
    case calibrationRejected(device: String)
    /// Waiting on the libinput file descriptor failed.
    case waitFailed(errno: Errno)

    public var description: String {
        switch self {
        case .contextUnavailable(let reason):
            return "cannot start libinput: \(reason)"
        case .seatUnavailable(let seat):
            return "udev cannot assign seat '\(seat)'; is /sys mounted and udev running?"
        case .cannotOpen(let path, let error):
            let reason = error.description
            switch error {
            case .permissionDenied, .notPermitted:
                return "cannot open \(path): \(reason). Add the user to the 'input' group "
                    + "(or grant access with a udev rule) and log in again, or run as root."
            case .noSuchFile:
                return "cannot open \(path): \(reason). List the input devices with 'gesturectl devices'."
            default:
                return "cannot open \(path): \(reason)"
            }
        case .notAnInputDevice(let path):
            return "libinput cannot use \(path): it is not an evdev input device, or udev has not "
                + "tagged it (is systemd-udevd running?)"
        case .notTouchscreen(let path, let reason):
            return "libinput takes no touches from \(path): \(reason)"
        case .noTouchDevice(let searched):
            return "no touch device found on \(searched). Connect a touchscreen, check that "
                + "'libinput list-devices' shows it with the touch capability, and that this user "
                + "may read /dev/input/event* (the 'input' group)."
        case .calibrationRejected(let device):
            return "libinput rejected the calibration matrix for \(device)"
        case .waitFailed(let error):
            return "waiting for input failed: \(error)"
        }
    }
}
