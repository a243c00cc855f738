import CLibinput
import CSystemCalls
import Glibc
import Synchronization

/// Live touch and keyboard input read from real libinput.
///
/// This is the only place in the project that talks to libinput. It opens a udev seat or
/// named device nodes, keeps the touch devices and keyboards, and turns libinput's events
/// into ``LiveEvent``s with the same coordinates the replay decoder computes.
public final class LibinputSource {
    /// What ``waitForEvents(timeout:alsoWatching:waitingToWrite:into:)`` found. Keep one and pass
    /// it to every wait: its arrays keep their storage, so a steady stream of wakeups allocates nothing.
    public struct Wakeup: Sendable, Hashable {
        /// The events that arrived, in libinput's order.
        public var events: [LiveEvent] = []
        /// The other watched descriptors that are readable (or hung up).
        public var readable: [Int32] = []
        /// The descriptors watched for writing that can take bytes now (or failed).
        public var writable: [Int32] = []

        public init() {
            events.reserveCapacity(256)
            readable.reserveCapacity(16)
            writable.reserveCapacity(16)
        }

        /// Empties the arrays, keeping their storage.
        mutating func removeAll() {
            events.removeAll(keepingCapacity: true)
            readable.removeAll(keepingCapacity: true)
            writable.removeAll(keepingCapacity: true)
        }
    }

    /// The touch devices and keyboards currently open.
    public var devices: [LiveDevice] { trackedDevices.values.sorted { $0.node < $1.node } }

    /// libinput's file descriptor, readable when ``waitForEvents(timeout:alsoWatching:waitingToWrite:into:)`` has work.
    ///
    /// The corresponding libinput function is `libinput_get_fd`.
    public var fileDescriptor: Int32 { libinput_get_fd(context) }

    /// How many of libinput's log messages have been written in this process, by every source:
    /// a wait that raises it spent time and memory writing one (a lag note, say).
    public static var logMessagesWritten: Int { libinputLogMessages.load(ordering: .relaxed) }

    /// The screen that transformed coordinates are scaled to (points): the touches read from
    /// then on are mapped onto a new one.
    public var screen: ScreenSize

    private let context: OpaquePointer
    private let interface: UnsafeMutablePointer<libinput_interface>
    private let openFailures: OpenFailureLog
    private let calibration: CalibrationMatrix?
    private var trackedDevices: [OpaquePointer: LiveDevice] = [:]
    /// The devices announced while opening, given by the first wait.
    private var announced: [LiveEvent] = []
    /// The descriptors of one `poll(2)`, reused from wait to wait.
    private var polled: [pollfd] = []

    /// Opens the devices of `backend` and checks that at least one of them is a touch device.
    ///
    /// - Parameters:
    ///   - backend: a udev seat or a list of device nodes.
    ///   - screen: the screen that transformed coordinates are scaled to (points).
    ///   - calibration: libinput's matrix, applied to every touch device; nil keeps each
    ///     device's own (udev `LIBINPUT_CALIBRATION_MATRIX` or identity).
    ///   - requiringTouchDevice: whether a seat without a touch device now is an error; when
    ///     false, the seat's touch devices may come later (`deviceAdded`). Device nodes must
    ///     always hold one.
    ///   - logLevel: the least severe of libinput's own log messages to print on standard error.
    ///   - logPrefix: what those lines start with, before `libinput PRIORITY: message`
    ///     (`gesturectl: `, say); the last one given holds for the process.
    /// - Throws: ``LiveInputError`` when a device cannot be opened or no touch device exists.
    public convenience init(backend: LiveInputBackend, screen: ScreenSize, calibration: CalibrationMatrix? = nil,
                            requiringTouchDevice: Bool = true, logLevel: LibinputLogLevel = .error,
                            logPrefix: String = "") throws(LiveInputError) {
        let openFailures = OpenFailureLog()
        let (context, interface) = try Self.makeContext(backend, openFailures: openFailures)
        self.init(context: context, interface: interface, openFailures: openFailures, screen: screen, calibration: calibration)
        // From here a failure releases the object, whose deinit frees the context.
        libinputLogPrefix.withLock { $0 = logPrefix }
        dk_libinput_log_to(context, logLevel.priority, printLibinputMessage)

        switch backend {
        case .seat(let seat):
            if libinput_udev_assign_seat(context, seat) != 0 { throw .seatUnavailable(seat: seat) }
        case .devices(let paths):
            for path in paths where libinput_path_add_device(context, path) == nil {
                throw Self.whyUnopened(path, failures: openFailures)
            }
        }
        // The initial devices are announced before any dispatch; take them now.
        polled.reserveCapacity(32)
        try drain(into: &announced)
        let mayWait: Bool = switch backend {
        case .seat: !requiringTouchDevice
        case .devices: false
        }
        if !mayWait && !trackedDevices.values.contains(where: { $0.isTouch }) {
            // Device nodes libinput took, but not as touch devices: say why, by its rules.
            if case .devices(let paths) = backend {
                for path in paths {
                    if let reason = Self.whyNoTouches(from: path) { throw .notTouchscreen(path: path, reason: reason) }
                }
            }
            let searched = switch backend {
            case .seat(let seat): "seat '\(seat)'"
            case .devices(let paths): paths.joined(separator: ", ")
            }
            throw .noTouchDevice(searched: searched)
        }
    }

    private init(context: OpaquePointer, interface: UnsafeMutablePointer<libinput_interface>, openFailures: OpenFailureLog,
                 screen: ScreenSize, calibration: CalibrationMatrix?) {
        self.context = context
        self.interface = interface
        self.openFailures = openFailures
        self.screen = screen
        self.calibration = calibration
    }

    /// libinput's context for `backend`, made before the object exists: Embedded Swift never
    /// frees an object whose designated initializer fails.
    private static func makeContext(_ backend: LiveInputBackend, openFailures: OpenFailureLog)
        throws(LiveInputError) -> (OpaquePointer, UnsafeMutablePointer<libinput_interface>)
    {
        // libinput and libudev are opened here, the first time live input is used, not at start-up.
        var loadError = [CChar](repeating: 0, count: 512)
        guard dk_live_input_load(&loadError, loadError.count) == 0 else {
            let reason = String(decoding: loadError.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .contextUnavailable(reason: "cannot load libinput and libudev: \(reason)")
        }
        let interface = UnsafeMutablePointer<libinput_interface>.allocate(capacity: 1)
        interface.initialize(to: libinput_interface(open_restricted: openRestricted, close_restricted: closeRestricted))
        let userData = Unmanaged.passUnretained(openFailures).toOpaque()
        let created: OpaquePointer?
        switch backend {
        case .seat:
            guard let udev = udev_new() else {
                interface.deallocate()
                throw .contextUnavailable(reason: "udev_new failed (is /sys mounted?)")
            }
            created = libinput_udev_create_context(interface, userData, udev)
            udev_unref(udev)
        case .devices:
            created = libinput_path_create_context(interface, userData)
        }
        guard let created else {
            interface.deallocate()
            throw .contextUnavailable(reason: "could not create the libinput context")
        }
        return (created, interface)
    }

    deinit {
        libinput_unref(context)
        interface.deinitialize(count: 1)
        interface.deallocate()
    }

    /// Blocks until input arrives, the timeout passes, a signal interrupts, one of `others` is
    /// readable or one of `waitingToWrite` writable, and puts what it found in `wakeup`, whose
    /// arrays are emptied first and keep their storage.
    ///
    /// Uses `poll(2)` on libinput's descriptor (and `others`), then `libinput_dispatch`; the
    /// devices announced while opening are returned at once by the first wait. An interrupted
    /// wait returns no events.
    /// - Parameters:
    ///   - timeout: the longest wait; nil waits without limit.
    ///   - others: more descriptors to watch in the same wait, such as stdin or a signal pipe.
    ///   - waitingToWrite: descriptors to watch for room to write, such as a client's socket.
    ///   - wakeup: receives the events and the ready descriptors.
    public func waitForEvents(timeout: Duration? = nil, alsoWatching others: [Int32] = [],
                              waitingToWrite: [Int32] = [], into wakeup: inout Wakeup) throws(LiveInputError) {
        wakeup.removeAll()
        if !announced.isEmpty {
            swap(&wakeup.events, &announced)
            return
        }
        polled.removeAll(keepingCapacity: true)
        polled.append(pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0))
        for descriptor in others { polled.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
        for descriptor in waitingToWrite { polled.append(pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)) }
        let milliseconds = timeout.map { duration -> Int32 in
            let (seconds, attoseconds) = duration.components
            return Int32(clamping: max(0, seconds * 1000 + attoseconds / 1_000_000_000_000_000))
        } ?? -1
        do {
            _ = try SystemCall.checked(retryingOnInterrupt: false) {
                polled.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), milliseconds) }
            }
        } catch {
            if error == .interrupted { return }
            throw .waitFailed(errno: error)
        }
        for descriptor in polled.dropFirst() where descriptor.revents != 0 {
            if descriptor.events == Int16(POLLIN) {
                wakeup.readable.append(descriptor.fd)
            } else {
                wakeup.writable.append(descriptor.fd)
            }
        }
        if polled[0].revents != 0 {
            let status = libinput_dispatch(context)
            if status < 0 { throw .waitFailed(errno: Errno(code: -status)) }
        }
        try drain(into: &wakeup.events)
    }

    /// Appends every event libinput has queued to `events`, tracking devices on the way.
    private func drain(into events: inout [LiveEvent]) throws(LiveInputError) {
        while let event = libinput_get_event(context) {
            defer { libinput_event_destroy(event) }
            try translate(event, into: &events)
        }
    }

    private func translate(_ event: OpaquePointer, into events: inout [LiveEvent]) throws(LiveInputError) {
        let type = libinput_event_get_type(event)
        guard let device = libinput_event_get_device(event) else { return }
        switch type {
        case LIBINPUT_EVENT_DEVICE_ADDED:
            let description = Self.describe(device)
            guard description.isTouch || description.isKeyboard else { return }
            if description.isTouch, let calibration { try apply(calibration, to: device, named: description.node) }
            trackedDevices[device] = description
            events.append(.deviceAdded(description))
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            if let removed = trackedDevices.removeValue(forKey: device) {
                events.append(.deviceRemoved(removed))
            }
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION, LIBINPUT_EVENT_TOUCH_UP,
             LIBINPUT_EVENT_TOUCH_CANCEL, LIBINPUT_EVENT_TOUCH_FRAME:
            guard let touch = libinput_event_get_touch_event(event) else { return }
            events.append(.touch(touchEvent(touch, type: type)))
        case LIBINPUT_EVENT_KEYBOARD_KEY:
            guard let key = libinput_event_get_keyboard_event(event),
                  libinput_event_keyboard_get_key(key) == UInt32(KeyCode.escape),
                  libinput_event_keyboard_get_key_state(key) == LIBINPUT_KEY_STATE_PRESSED
            else { return }
            events.append(.escapeKey(time: Int64(clamping: libinput_event_keyboard_get_time_usec(key))))
        default:
            return  // pointer, tablet, gesture and switch events are not used
        }
    }

    private func touchEvent(_ touch: OpaquePointer, type: libinput_event_type) -> TouchEvent {
        let time = Int64(clamping: libinput_event_touch_get_time_usec(touch))
        let kind: TouchEvent.Kind
        switch type {
        case LIBINPUT_EVENT_TOUCH_DOWN: kind = .down
        case LIBINPUT_EVENT_TOUCH_MOTION: kind = .motion
        case LIBINPUT_EVENT_TOUCH_UP: kind = .up
        case LIBINPUT_EVENT_TOUCH_CANCEL: kind = .cancel
        default: return TouchEvent(kind: .frame, time: time)
        }
        let slot = libinput_event_touch_get_slot(touch)
        let seatSlot = libinput_event_touch_get_seat_slot(touch)
        guard kind == .down || kind == .motion else {
            return TouchEvent(kind: kind, time: time, slot: slot, seatSlot: seatSlot)
        }
        let point = TouchPoint(
            xMM: libinput_event_touch_get_x(touch),
            yMM: libinput_event_touch_get_y(touch),
            x: Self.transformed(touch, to: screen.width, libinput_event_touch_get_x_transformed),
            y: Self.transformed(touch, to: screen.height, libinput_event_touch_get_y_transformed))
        return TouchEvent(kind: kind, time: time, slot: slot, seatSlot: seatSlot, point: point)
    }

    /// libinput scales by an integer size; a fractional size is scaled from a fine integer one.
    private static func transformed(_ touch: OpaquePointer, to size: Double,
                                    _ scale: (OpaquePointer, UInt32) -> Double) -> Double {
        if size >= 1, size <= Double(UInt32.max), size.rounded() == size {
            return scale(touch, UInt32(size))
        }
        return scale(touch, fineScale) * size / Double(fineScale)
    }

    private func apply(_ matrix: CalibrationMatrix, to device: OpaquePointer, named node: String) throws(LiveInputError) {
        guard libinput_device_config_calibration_has_matrix(device) != 0 else {
            throw .calibrationRejected(device: node)
        }
        let status = matrix.values.withUnsafeBufferPointer { values in
            libinput_device_config_calibration_set_matrix(device, values.baseAddress)
        }
        if status != LIBINPUT_CONFIG_STATUS_SUCCESS { throw .calibrationRejected(device: node) }
    }

    private static func describe(_ device: OpaquePointer) -> LiveDevice {
        var width = 0.0
        var height = 0.0
        let hasSize = libinput_device_get_size(device, &width, &height) == 0
        let isTouch = libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TOUCH) != 0
        let count = isTouch ? libinput_device_touch_get_touch_count(device) : 0
        return LiveDevice(
            node: node(of: device),
            name: String(cString: libinput_device_get_name(device)),
            widthMM: hasSize ? width : nil,
            heightMM: hasSize ? height : nil,
            touchCount: count > 0 ? Int(count) : nil,
            isTouch: isTouch,
            isKeyboard: libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_KEYBOARD) != 0)
    }

    private static func node(of device: OpaquePointer) -> String {
        let sysname = String(cString: libinput_device_get_sysname(device))
        guard let udevDevice = libinput_device_get_udev_device(device) else { return sysname }
        defer { udev_device_unref(udevDevice) }
        guard let devnode = udev_device_get_devnode(udevDevice) else { return sysname }
        return String(cString: devnode)
    }

    /// Explains a failed `libinput_path_add_device`: the `open(2)` error if there was one.
    private static func whyUnopened(_ path: String, failures: OpenFailureLog) -> LiveInputError {
        if let error = failures.errnoByPath[path] { return .cannotOpen(path: path, errno: error) }
        // libinput looks the node up in udev before opening it; report why that failed.
        var status = stat()
        if stat(path, &status) != 0 { return .cannotOpen(path: path, errno: .current) }
        if access(path, R_OK) != 0 { return .cannotOpen(path: path, errno: .current) }
        if let reason = whyNoTouches(from: path) { return .notTouchscreen(path: path, reason: reason) }
        return .notAnInputDevice(path: path)
    }

    /// Why libinput takes no touches from the evdev device at `path`, by the rules it applies
    /// (``DeviceRules``, read off the device's own description and udev properties); nil when
    /// they allow touches, or the node cannot be read.
    private static func whyNoTouches(from path: String) -> String? {
        guard let capture = try? EvdevCapture(node: path) else { return nil }
        do {
            try DeviceRules.check(capture.device)
            return nil
        } catch {
            return error.reason
        }
    }

    /// The integer size used to scale to fractional screen sizes.
    private static let fineScale: UInt32 = 1_000_000
}

/// The `open(2)` errors libinput met, kept for error messages; libinput only logs them.
private final class OpenFailureLog {
    var errnoByPath: [String: Errno] = [:]
}

/// libinput's `open_restricted`: plain `open(2)`, returning a negative errno on failure.
private func openRestricted(_ path: UnsafePointer<CChar>?, _ flags: Int32, _ userData: UnsafeMutableRawPointer?) -> Int32 {
    guard let path else { return -Errno.invalidArgument.code }
    let descriptor = dk_open(path, flags | O_CLOEXEC, 0)
    if descriptor >= 0 { return descriptor }
    let error = Errno.current
    if let userData {
        Unmanaged<OpenFailureLog>.fromOpaque(userData).takeUnretainedValue().errnoByPath[String(cString: path)] = error
    }
    return -error.code
}

/// libinput's `close_restricted`: plain `close(2)`.
private func closeRestricted(_ descriptor: Int32, _ userData: UnsafeMutableRawPointer?) {
    close(descriptor)
}

/// How much of libinput's own log to print.
public enum LibinputLogLevel: Sendable, Hashable, CaseIterable {
    /// Errors only (libinput's default), such as `client bug: …`.
    case error
    /// Errors and information (devices libinput ignores, and why).
    case info
    /// Everything, libinput's debug messages included.
    case debug

    fileprivate var priority: libinput_log_priority {
        switch self {
        case .error: LIBINPUT_LOG_PRIORITY_ERROR
        case .info: LIBINPUT_LOG_PRIORITY_INFO
        case .debug: LIBINPUT_LOG_PRIORITY_DEBUG
        }
    }
}

/// What libinput's log lines start with; written as each context is created and read on the
/// thread that dispatches it, behind a lock, since sources may be created on several threads.
private let libinputLogPrefix = LockedValue<String>("")

/// The count behind ``LibinputSource/logMessagesWritten``.
private let libinputLogMessages = Atomic<Int>(0)

/// libinput's log handler (through `dk_libinput_log_to`): one line on standard error,
/// `PREFIXlibinput PRIORITY: message`, through ``MessageWriter`` (libinput's messages quote
/// device names, which a device chooses).
private func printLibinputMessage(_ priority: libinput_log_priority, _ message: UnsafePointer<CChar>?) {
    guard let message else { return }
    let name = switch priority {
    case LIBINPUT_LOG_PRIORITY_DEBUG: "debug"
    case LIBINPUT_LOG_PRIORITY_INFO: "info"
    default: "error"
    }
    MessageWriter.write(libinputLogPrefix.withLock { $0 } + "libinput \(name): " + String(cString: message))
    libinputLogMessages.add(1, ordering: .relaxed)
}
