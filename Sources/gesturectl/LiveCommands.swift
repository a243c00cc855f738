import Dispatch
import DismissKit
import Glibc

// `gesturectl devices` and `gesturectl run --touch-events`: live input through libinput.

private let devicesUsage = "USAGE: gesturectl devices [--seat <name> | --device <path> ...]"
private let runUsage = "USAGE: gesturectl run [--seat <name> | --device <path> ...] [--screen <width>x<height>] [--calibration <a,b,c,d,e,f>] --touch-events"

private let devicesHelp = """
    OVERVIEW: List the touch devices libinput sees.

    \(devicesUsage)

    OPTIONS:
      --seat <name>           Use every device of this udev seat (default: seat0).
      --device <path>         Use this device node instead of a seat (repeatable).
      -h, --help              Show help information.

    Prints one block per touch device: name, node, size in mm, touch slots and capabilities.
    Exits 69 when there is no touch device.
    """

private let runHelp = """
    OVERVIEW: Print live touch events as JSON lines, as 'gesturectl replay --touch-events' does.

    \(runUsage)

    OPTIONS:
      --seat <name>           Use every device of this udev seat (default: seat0).
      --device <path>         Use this device node instead of a seat (repeatable).
      --screen <width>x<height>
                              Screen size in points for x and y (default: 1280x800).
      --calibration <a,b,c,d,e,f>
                              libinput's calibration matrix for the touch devices (default:
                              each device's udev LIBINPUT_CALIBRATION_MATRIX, or identity);
                              e.g. -1,0,1,0,-1,1 turns the touchscreen by 180 degrees.
      --touch-events          Print libinput's touch events (down, motion, up, cancel, frame).
      -h, --help              Show help information.

    One JSON object per line, keys sorted: type, time, and for down/motion slot, seatSlot,
    xMM, yMM, x, y; for up/cancel slot and seatSlot; for frame only type and time.
    time is in microseconds since the first touch event (libinput's clock otherwise starts
    at boot), so live output lines up with a replay, whose clock starts at its first event.
    Device changes are noted on stderr. SIGINT or SIGTERM ends the run (exit 0).
    Exits 69 when there is no touch device or a device cannot be opened.
    """

/// Runs `gesturectl devices`: one block per touch device, like `libinput list-devices`.
func runDevicesCommand(_ arguments: [String]) -> Int32 {
    let options: LiveOptions
    switch LiveOptions.parse(arguments, allowsRunFlags: false) {
    case .success(let parsed): options = parsed
    case .failure(let error): return usageError(error.message, usage: devicesUsage)
    }
    if options.wantsHelp {
        writeAll(STDOUT_FILENO, devicesHelp + "\n")
        return 0
    }
    let source: LibinputSource
    do {
        source = try LibinputSource(backend: options.backend, screen: options.screen)
    } catch {
        return unavailable(error)
    }
    var text = ""
    for device in source.devices where device.isTouch {
        text += field("Device", device.name)
        text += field("Kernel", device.node)
        if let width = device.widthMM, let height = device.heightMM {
            text += field("Size", "\(JSONLine.formatNumber(width))x\(JSONLine.formatNumber(height))mm")
        } else {
            text += field("Size", "unknown (the device reports no resolution)")
        }
        text += field("Touch slots", device.touchCount.map(String.init) ?? "unknown")
        text += field("Capabilities", device.isKeyboard ? "touch keyboard" : "touch")
        text += "\n"
    }
    writeAll(STDOUT_FILENO, text)
    return 0
}

/// Runs `gesturectl run --touch-events`: live touch events as JSON lines until SIGINT or SIGTERM.
func runLiveTouchEvents(_ arguments: [String]) -> Int32 {
    let options: LiveOptions
    switch LiveOptions.parse(arguments, allowsRunFlags: true) {
    case .success(let parsed): options = parsed
    case .failure(let error): return usageError(error.message, usage: runUsage)
    }
    if options.wantsHelp {
        writeAll(STDOUT_FILENO, runHelp + "\n")
        return 0
    }
    guard options.touchEvents else {
        return usageError("'run' needs --touch-events (the dismissal pipeline is not available live yet)", usage: runUsage)
    }
    // SIGINT and SIGTERM write to a pipe that is polled together with libinput.
    var stopPipe: [Int32] = [-1, -1]
    guard pipe(&stopPipe) == 0 else {
        return unavailable(LiveInputError.waitFailed(errno: errno))
    }
    let stopWriter = stopPipe[1]
    let stopSources = [SIGINT, SIGTERM].map { number in
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
        source.setEventHandler { _ = write(stopWriter, "x", 1) }
        source.resume()
        return source
    }
    defer {
        stopSources.forEach { $0.cancel() }
        close(stopPipe[0])
        close(stopPipe[1])
    }

    do {
        let source = try LibinputSource(backend: options.backend, screen: options.screen,
                                        calibrationMatrix: options.calibration)
        var timeOrigin: Int64?
        while true {
            let wakeup = try source.waitForEvents(alsoWatching: stopPipe[0])
            var text = ""
            for event in wakeup.events {
                switch event {
                case .touch(let touch):
                    let origin = timeOrigin ?? touch.time
                    timeOrigin = origin
                    text += touchLine(touch, timeOrigin: origin).text + "\n"
                case .escapeKey:
                    continue
                case .deviceAdded(let name):
                    writeAll(STDERR_FILENO, "gesturectl: device added: \(name)\n")
                case .deviceRemoved(let name):
                    writeAll(STDERR_FILENO, "gesturectl: device removed: \(name)\n")
                }
            }
            writeAll(STDOUT_FILENO, text)
            if wakeup.otherIsReadable { return 0 }
        }
    } catch {
        return unavailable(error)
    }
}

/// The JSON line for one touch event; `time` relative to `timeOrigin`.
private func touchLine(_ event: TouchEvent, timeOrigin: Int64) -> JSONLine {
    var line = JSONLine()
    line.set("type", .string(event.kind.rawValue))
    line.set("time", .integer(event.time - timeOrigin))
    switch event.kind {
    case .down, .motion, .up, .cancel:
        line.set("slot", .integer(Int64(event.slot)))
        line.set("seatSlot", .integer(Int64(event.seatSlot)))
    case .frame:
        break
    }
    if let point = event.point {
        line.set("xMM", .number(point.xMM))
        line.set("yMM", .number(point.yMM))
        line.set("x", .number(point.x))
        line.set("y", .number(point.y))
    }
    return line
}

/// The options shared by `devices` and `run`.
private struct LiveOptions {
    var backend = LiveInputBackend.defaultSeat
    var screen = ScreenSize.standard
    var calibration: [Double]?
    var touchEvents = false
    var wantsHelp = false

    struct ParseError: Error {
        var message: String
    }

    static func parse(_ arguments: [String], allowsRunFlags: Bool) -> Result<LiveOptions, ParseError> {
        var options = LiveOptions()
        var seat: String?
        var devices: [String] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help":
                options.wantsHelp = true
            case "--calibration" where allowsRunFlags:
                guard let value = remaining.popFirst() else {
                    return .failure(ParseError(message: "missing value for '--calibration'"))
                }
                let numbers = value.split(separator: ",").compactMap { Double($0) }.filter(\.isFinite)
                guard numbers.count == 6, value.split(separator: ",", omittingEmptySubsequences: false).count == 6 else {
                    return .failure(ParseError(message: "invalid calibration '\(value)' (expected six numbers a,b,c,d,e,f)"))
                }
                options.calibration = numbers
            case "--seat", "--device", "--screen":
                guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
                    return .failure(ParseError(message: "missing value for '\(argument)'"))
                }
                if argument == "--seat" {
                    seat = value
                } else if argument == "--device" {
                    devices.append(value)
                } else if allowsRunFlags, let screen = parseScreen(value) {
                    options.screen = screen
                } else {
                    return .failure(ParseError(message: allowsRunFlags
                        ? "invalid screen size '\(value)' (expected <width>x<height> in points, e.g. 1280x800)"
                        : "unknown option '--screen'"))
                }
            case "--touch-events" where allowsRunFlags:
                options.touchEvents = true
            default:
                return .failure(ParseError(message: "unexpected argument '\(argument)'"))
            }
        }
        if let seat, !devices.isEmpty {
            return .failure(ParseError(message: "use either --seat '\(seat)' or --device, not both"))
        }
        if !devices.isEmpty {
            options.backend = .devices(devices)
        } else if let seat {
            options.backend = .seat(seat)
        }
        return .success(options)
    }

    /// Parses `WxH` in points; the physical size keeps the standard screen's density.
    private static func parseScreen(_ text: String) -> ScreenSize? {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
              width > 0, height > 0, width.isFinite, height.isFinite else { return nil }
        let standard = ScreenSize.standard
        return ScreenSize(width: width, height: height,
                          widthMM: width * standard.widthMM / standard.width,
                          heightMM: height * standard.heightMM / standard.height)
    }
}

private func field(_ name: String, _ value: String) -> String {
    (name + ":").padding(toLength: 18) + value + "\n"
}

private extension String {
    func padding(toLength length: Int) -> String {
        count >= length ? self + " " : self + String(repeating: " ", count: length - count)
    }
}

private func usageError(_ message: String, usage: String) -> Int32 {
    writeAll(STDERR_FILENO, "Error: \(message)\n\(usage)\nSee 'gesturectl --help' for more information.\n")
    return 64
}

private func unavailable(_ error: any Error) -> Int32 {
    writeAll(STDERR_FILENO, "Error: \(error)\n")
    return 69
}

/// Writes all of `text`, retrying after interruptions; output errors end the write silently.
private func writeAll(_ descriptor: Int32, _ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written < 0 {
            if errno == EINTR { continue }
            return
        }
        bytes = bytes.dropFirst(written)
    }
}
