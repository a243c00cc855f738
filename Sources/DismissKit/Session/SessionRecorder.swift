import Glibc

/// Writes a session file (``SessionFile``) as the session happens: the lines wait in memory
/// until ``flush()``, which the caller calls at each frame and after each command, so a kiosk
/// that loses power loses at most the frame in progress.
///
/// The file is created with mode 0600, and a file that was there is given that mode: it holds
/// what people did. When a write fails, the
/// recorder stops and keeps the error (``failure``); the session itself goes on. So it does
/// when the file would grow past its largest size (``reachedMaximumSize``): what waits is
/// dropped, and the file ends at its last whole frame.
public final class SessionRecorder {
    public let path: String
    /// The error that stopped the recording, if one did.
    public private(set) var failure: Errno?
    /// Whether the recording stopped because the file reached its largest size.
    public private(set) var reachedMaximumSize = false
    private var descriptor: Int32
    private var pending: [UInt8] = []
    private let maximumSize: Int?
    private var written = 0
    /// Whether the lines are `dismisskit` items of a `libinput record` file's `events`.
    private let inLibinputRecord: Bool

    /// Creates (or replaces) the file and writes the header and the starting scene.
    /// - Throws: ``Errno`` when the file cannot be created or written.
    public convenience init(path: String, scene: Scene, configuration: GestureConfiguration) throws(Errno) {
        try self.init(path: path, opening: SessionLines.headerLine + "\n" + SessionLines.sceneLine(scene, configuration: configuration) + "\n",
                      inLibinputRecord: false, maximumSize: nil)
    }

    /// Creates (or replaces) the file and writes `opening` (which ends with a line break).
    /// - Parameter inLibinputRecord: whether the lines go into a `libinput record` file, as
    ///   `dismisskit` items of its device's `events`.
    init(path: String, opening: String, inLibinputRecord: Bool, maximumSize: Int?) throws(Errno) {
        self.path = path
        self.inLibinputRecord = inLibinputRecord
        self.maximumSize = maximumSize
        descriptor = try SystemCall.checked { open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600) }
        // A file that was there keeps its mode through open: it is made private too.
        do throws(Errno) {
            _ = try SystemCall.checked { fchmod(descriptor, 0o600) }
        } catch {
            close(descriptor)
            throw error
        }
        append(text: opening)
        flush()
        if let failure { throw failure }
        if reachedMaximumSize { throw Errno(code: EFBIG) }
    }

    deinit {
        flush()
        close(descriptor)
    }

    /// Whether the recorder has stopped (a failed write, or the largest size reached).
    public var hasStopped: Bool { failure != nil || reachedMaximumSize }

    /// Records a touch as the host gave it.
    public func record(touch event: TouchEvent) {
        append(SessionLines.touchLine(event))
    }

    /// Records a host command's text and time, and who sent it when there can be more than one.
    public func record(command text: String, time: Int64, source: String? = nil) {
        append(SessionLines.commandLine(text, time: time, source: source))
    }

    /// Records the intents the pipeline decided, in order; `names` are its names.
    public func record(intents: some Sequence<Intent>, names: PresentationNames) {
        var bytes: [UInt8] = []
        for intent in intents {
            bytes.removeAll(keepingCapacity: true)
            intent.appendJSONLine(to: &bytes, names: names)
            append(SessionLines.intentLine(String(decoding: bytes.dropLast(), as: UTF8.self)))
        }
    }

    /// Writes out the lines that wait, unless the file would grow past its largest size.
    public func flush() {
        guard !hasStopped, !pending.isEmpty else { return }
        defer { pending.removeAll(keepingCapacity: true) }
        if let maximumSize, written + pending.count > maximumSize {
            reachedMaximumSize = true
            return
        }
        do throws(Errno) {
            try SystemCall.writeAll(pending) { start, count in write(descriptor, start, count) }
            written += pending.count
        } catch {
            failure = error
        }
    }

    /// Adds a line of the session file (``SessionFile``) to those that wait.
    func append(_ line: String) {
        append(text: inLibinputRecord ? SessionFile.libinputRecordItem(line) : line + "\n")
    }

    /// Adds text as it is to what waits.
    func append(text: String) {
        guard !hasStopped else { return }
        pending.append(contentsOf: text.utf8)
    }
}

extension SessionFile {
    /// Replays a session through a new pipeline with the session's scene: each touch and
    /// command as the host gave it, then the recogniser's decisions and the intents they caused,
    /// in order, each with the pipeline's names. A command that does not parse or apply changes
    /// nothing, as it did live.
    /// - Parameter configuration: thresholds instead of the session's own.
    /// A session cut short within its scene gives nothing.
    ///
    /// The `evdev` frames of a recording of `gesturectl run` are decoded as a replay decodes a
    /// recording, each onto the screen in force, and their touches handled one by one.
    /// - Throws: ``InputFileError`` for a line that is not an entry, or a recorded device that
    ///   is not a touchscreen.
    public static func steps(
        of reader: Reader, configuration: GestureConfiguration? = nil, _ body: (Replay.Step, PresentationNames) -> Void
    ) throws(InputFileError) {
        guard let sceneFile = reader.sceneFile else { return }
        var pipeline = DismissalPipeline(scene: sceneFile.scene, configuration: configuration ?? sceneFile.configuration)
        pipeline.notesDecisions = true
        var decoder = try reader.device.map { device throws(InputFileError) in
            try RecordedDeviceDecoder(device: device, path: reader.path, screen: pipeline.scene.screen)
        }
        var touches: [TouchEvent] = []
        var intents: [Intent] = []
        var decisions: [GestureDecision] = []
        func deliver() {
            pipeline.takeDecisions(into: &decisions)
            for decision in decisions { body(.decision(decision), pipeline.names) }
            decisions.removeAll(keepingCapacity: true)
            for intent in intents { body(.intent(intent), pipeline.names) }
            intents.removeAll(keepingCapacity: true)
        }
        while let entry = try reader.next() {
            switch entry {
            case .touch(var event):
                if let point = event.point { event.point = TouchPoint(x: point.x, y: point.y, on: pipeline.scene.screen) }
                body(.touch(event), pipeline.names)
                try? pipeline.handle(event, into: &intents)
            case .command(let text, let time, let line):
                guard let command = try? HostCommandParser.parse(text) else { continue }
                body(.command(TimedCommand(time: time, command: command, line: line)), pipeline.names)
                try? pipeline.apply(command, time: time, into: &intents)
            case .escapeKey(let time):
                pipeline.handleEscapeKey(time: time, into: &intents)
            case .evdev(let recorded):
                guard decoder != nil else { continue }
                try decoder?.decode(recorded, into: &touches) { _ in pipeline.scene.screen }
                for touch in touches {
                    body(.touch(touch), pipeline.names)
                    try? pipeline.handle(touch, into: &intents)
                    deliver()
                }
                touches.removeAll(keepingCapacity: true)
            case .intent:
                continue
            }
            deliver()
        }
    }
}
