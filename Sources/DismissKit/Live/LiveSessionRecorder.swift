import Glibc

/// Records a live session (`gesturectl run --record`) into one file that replays exactly: a
/// `libinput record` file (version 1) of the touch device, whose `dismisskit` keys, which
/// libinput's tools skip, hold the rest of the session (Docs/tuning.md, "Session files").
///
/// - The top level's `dismisskit` list holds the session header and the starting scene
///   (``SessionFile/headerLine`` and ``SessionFile/sceneLine(_:configuration:)``), then what
///   happened before libinput opened a touch device (a kiosk may start before its
///   touchscreen): each line written as it happens, as for the device's events. A session that
///   never met a touch device ends there, with no `devices`.
/// - The touch device's `events` hold its kernel frames as `libinput record` writes them, each
///   written once libinput has read it, and between them `dismisskit` items: each host
///   command where it came between the frames libinput read (its time and source), each
///   Escape key, each device change, and the intents decided.
///
/// The kernel frames are read from a second open file of the device node (``EvdevCapture``),
/// stamped on the session's clock. ``LiveDismissalSession`` calls the recorder as things
/// happen; the file is written at the end of each wait and after each command.
public final class LiveSessionRecorder {
    public var path: String { output.path }
    /// Where the earlier recording at ``path`` was kept, if there was one.
    public var keptEarlierAs: String? { output.keptEarlierAs }
    /// Whether the file reached its largest size, after which nothing more is written.
    public var reachedMaximumSize: Bool { output.reachedMaximumSize }
    /// The error that stopped the recording, if one did.
    public var failure: Errno? { output.failure }

    private let output: SessionRecorder
    private let calibration: CalibrationMatrix?
    /// The recorded touch device: the first one libinput opened.
    private var capture: (any KernelFrameSource)?
    /// Opens a touch device's node for reading: ``EvdevCapture``, or in tests frames of a recording.
    private let openDevice: (String) throws(Errno) -> any KernelFrameSource
    private var hasDevice = false
    /// Frames read from the device and not yet read by libinput.
    private var unreadFrames: [[InputEvent]] = []
    private var hasWrittenFrames = false
    private var notes: [String] = []

    /// Creates the file, mode 0600, and writes the header and the starting scene; an earlier
    /// recording at the path is kept (``SessionRecorder``, ``keptEarlierAs``).
    /// - Parameters:
    ///   - calibration: the matrix the session applies instead of each device's udev
    ///     `LIBINPUT_CALIBRATION_MATRIX`; it is recorded as that property.
    ///   - maximumSize: the largest size of the file in bytes; nil for no limit.
    /// - Throws: ``RecordingFileError`` when the file cannot be created or written.
    public convenience init(path: String, scene: Scene, configuration: GestureConfiguration, calibration: CalibrationMatrix?,
                            maximumSize: Int?) throws(RecordingFileError) {
        try self.init(path: path, scene: scene, configuration: configuration, calibration: calibration,
                      maximumSize: maximumSize) { node throws(Errno) in try EvdevCapture(node: node) }
    }

    /// The same, with a device node opened by `openDevice` (in tests, frames of a recording).
    convenience init(path: String, scene: Scene, configuration: GestureConfiguration, calibration: CalibrationMatrix?,
                     maximumSize: Int?, openDevice: @escaping (String) throws(Errno) -> any KernelFrameSource) throws(RecordingFileError) {
        // Created before the object exists: Embedded Swift never frees an object whose designated initializer fails.
        let output = try SessionRecorder(path: path, opening: Self.opening(scene: scene, configuration: configuration),
                                         inLibinputRecord: true, maximumSize: maximumSize)
        self.init(output: output, calibration: calibration, openDevice: openDevice)
    }

    private init(output: SessionRecorder, calibration: CalibrationMatrix?,
                 openDevice: @escaping (String) throws(Errno) -> any KernelFrameSource) {
        self.output = output
        self.calibration = calibration
        self.openDevice = openDevice
        if let kept = output.keptEarlierAs { notes.append("recording: the earlier \(output.path) is kept as \(kept)") }
    }

    /// The file's first lines: the `libinput record` header, then the session's header and scene.
    private static func opening(scene: Scene, configuration: GestureConfiguration) -> String {
        var name = utsname()
        uname(&name)
        let kernel = withUnsafeBytes(of: name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return """
            # libinput record
            # Written by gesturectl run --record (DismissKit \(DismissKitVersion.release)): the touch device as
            # libinput record writes it; the `dismisskit` keys hold the session (Docs/tuning.md, "Session files").
            version: 1
            ndevices: 1
            system:
              kernel: \(quoted(kernel))
            dismisskit:
            - \(SessionFile.yamlQuoted(SessionLines.headerLine))
            - \(SessionFile.yamlQuoted(SessionLines.sceneLine(scene, configuration: configuration)))

            """
    }

    /// The notes for standard error since the last call: a device that is not recorded, the
    /// largest size reached, a write that failed.
    public func takeNotes() -> [String] {
        defer { notes.removeAll() }
        return notes
    }

    // MARK: - What the session calls

    /// A device libinput opened or lost. The first touch device is the one recorded.
    func record(_ change: LiveEvent, time: Int64) {
        switch change {
        case .deviceAdded(let device):
            if device.isTouch && !hasDevice { startRecording(device) }
            if device.isTouch && hasDevice && capture?.node != device.node {
                notes.append("recording: the touches of \(device.name) are not recorded: the file holds one touch device")
            }
            append(deviceLine(device, added: true, time: time))
        case .deviceRemoved(let device):
            if device.node == capture?.node { capture = nil }
            append(deviceLine(device, added: false, time: time))
        case .touch, .escapeKey:
            break
        }
    }

    /// Escape on a keyboard, after the frames libinput read up to `latestTouchTime`.
    func recordEscapeKey(time: Int64, after latestTouchTime: Int64?, sessionTime: (Int64) -> Int64) {
        writeFrames(through: latestTouchTime, sessionTime: sessionTime)
        append(SessionFile.escapeKeyLine(time: time))
    }

    /// New gesture thresholds (SIGHUP's), given after the frames libinput read up to `latestTouchTime`.
    func recordGestures(_ configuration: GestureConfiguration, after latestTouchTime: Int64?, sessionTime: (Int64) -> Int64) {
        writeFrames(through: latestTouchTime, sessionTime: sessionTime)
        append(SessionFile.gesturesLine(configuration))
    }

    /// A host command line, applied or not, after the frames libinput read up to `latestTouchTime`.
    func recordCommand(_ text: String, source: String?, time: Int64, after latestTouchTime: Int64?,
                       sessionTime: (Int64) -> Int64) {
        writeFrames(through: latestTouchTime, sessionTime: sessionTime)
        append(SessionLines.commandLine(text, time: time, source: source))
    }

    /// The intents decided, in order; `names` are the pipeline's.
    func record(intents: [Intent], names: PresentationNames) {
        for intent in intents { append(SessionLines.intentLine(intent.jsonLine(explain: false, names: names).text)) }
    }

    /// Writes the frames libinput read up to `latestTouchTime` and everything that waits.
    func flush(after latestTouchTime: Int64?, sessionTime: (Int64) -> Int64) {
        writeFrames(through: latestTouchTime, sessionTime: sessionTime)
        let stopped = output.hasStopped
        output.flush()
        guard !stopped else { return }
        if output.reachedMaximumSize {
            notes.append("recording: \(path) reached its largest size (--record-max-size); it stops here, "
                + "at its last whole frame, and the session goes on")
        } else if let failure = output.failure {
            notes.append("recording: cannot write \(path) (\(failure)); it stops here, and the session goes on")
        }
    }

    // MARK: - Private

    private func append(_ line: String) {
        if hasDevice { output.append(line) } else { output.append(text: "- " + SessionFile.yamlQuoted(line) + "\n") }
    }

    private func deviceLine(_ device: LiveDevice, added: Bool, time: Int64) -> String {
        var line = device.changeJSONLine(added: added)
        line.set("time", .integer(time))
        return line.text
    }

    /// Opens the device node and writes its description, under `devices`.
    private func startRecording(_ device: LiveDevice) {
        let capture: any KernelFrameSource
        do throws(Errno) {
            capture = try openDevice(device.node)
        } catch {
            notes.append("recording: cannot read \(device.node) (\(error)); its touches are not recorded")
            return
        }
        self.capture = capture
        hasDevice = true
        output.append(text: "devices:\n" + description(of: capture))
    }

    /// The device's entry in `devices`, up to its `events:` line, as `libinput record` writes it.
    private func description(of capture: any KernelFrameSource) -> String {
        let device = capture.device
        var text = "- node: \(capture.node)\n  evdev:\n    # Name: \(device.name.filter { $0.isASCII && !$0.isNewline })\n"
        text += "    name: \(Self.quoted(device.name))\n"
        text += "    id: [\(capture.identity.map(String.init).joined(separator: ", "))]\n"
        text += "    codes:\n"
        for type in device.codes.keys.sorted() {
            // libevdev's codes of EV_SYN, whatever the kernel reports for it (its type bits).
            let codes = type == EventType.synchronization ? [0, 1, 2, 3] : device.codes[type]!.sorted().map(Int.init)
            text += "      \(type): [\(codes.map(String.init).joined(separator: ", "))]\n"
        }
        text += "    absinfo:\n"
        for (code, axis) in device.absoluteAxes.sorted(by: { $0.key < $1.key }) {
            text += "      \(code): [\(axis.minimum), \(axis.maximum), \(axis.fuzz), \(axis.flat), \(axis.resolution)]\n"
        }
        text += "    properties: [\(device.properties.sorted().map(String.init).joined(separator: ", "))]\n"
        var properties = device.udevProperties
        if let calibration {
            properties["LIBINPUT_CALIBRATION_MATRIX"] = calibration.values.map { "\($0)" }.joined(separator: " ")
        }
        text += "  udev:\n    properties:" + (properties.isEmpty ? " []\n" : "\n")
        for (key, value) in properties.sorted(by: { $0.key < $1.key }) { text += "    - \(Self.quoted(key + "=" + value))\n" }
        text += "  quirks:\n  events:\n"
        return text
    }

    /// Writes the frames read from the device whose `SYN_REPORT` is at or before `latestTouchTime`
    /// (libinput's time of the last touch it gave), on the session's clock.
    private func writeFrames(through latestTouchTime: Int64?, sessionTime: (Int64) -> Int64) {
        guard let capture else { return }
        unreadFrames += capture.readFrames()
        guard let latestTouchTime else { return }
        var written = 0
        for frame in unreadFrames {
            guard let last = frame.last, last.time <= latestTouchTime else { break }
            if !hasWrittenFrames {
                output.append(SessionFile.clockLine(evdevTime: sessionTime(frame[0].time)))
                hasWrittenFrames = true
            }
            var text = "  - evdev:\n"
            for event in frame {
                let time = sessionTime(event.time)
                text += "    - [\(time / 1_000_000), \(time % 1_000_000), \(event.type), \(event.code), \(event.value)]\n"
            }
            output.append(text: text)
            written += 1
        }
        unreadFrames.removeFirst(written)
    }

    /// `text` (a device's name, a udev property) as a single-quoted YAML scalar, without the
    /// control characters YAML would not keep.
    private static func quoted(_ text: String) -> String {
        // By hand rather than with `replacing(_:with:)`, which would link _StringProcessing
        // and _RegexParser into gesturectl.
        var quoted = "'"
        for scalar in text.unicodeScalars where scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value) {
            quoted.unicodeScalars.append(scalar)
            if scalar == "'" { quoted.unicodeScalars.append(scalar) }
        }
        return quoted + "'"
    }
}
