import Glibc

/// Writes a session file (``SessionFile``) as the session happens: the lines wait in memory
/// until ``flush()``, which the caller calls at each frame and after each command, so a kiosk
/// that loses power loses at most the frame in progress.
///
/// The file is created with mode 0600: it holds what people did. An earlier recording at the
/// path is never lost: a file with anything in it is kept under the first free name of
/// `PATH.1`, `PATH.2`, … (``keptEarlierAs``), and an empty one is replaced. What is not a
/// regular file (a FIFO, a device, a folder, a socket) is refused before it is opened, so
/// nothing blocks. When a write fails, the
/// recorder stops and keeps the error (``failure``), the file cut back to its last whole write
/// (``bytesWritten``); the session itself goes on. So it does
/// when the file would grow past its largest size (``reachedMaximumSize``): what waits is
/// dropped, and the file ends at its last whole frame.
public final class SessionRecorder {
    public let path: String
    /// Where the earlier recording at ``path`` was kept, if there was one.
    public let keptEarlierAs: String?
    /// The error that stopped the recording, if one did.
    public private(set) var failure: Errno?
    /// Whether the recording stopped because the file reached its largest size.
    public private(set) var reachedMaximumSize = false
    /// The bytes on disk: every line written whole. After a failed write the file is cut back
    /// to them, so it ends at its last whole frame or command.
    public var bytesWritten: Int { written }
    private var descriptor: Int32
    private var pending: [UInt8] = []
    private let maximumSize: Int?
    private var written = 0
    /// Whether the lines are `dismisskit` items of a `libinput record` file's `events`.
    private let inLibinputRecord: Bool

    /// Creates the file and writes the header and the starting scene.
    /// - Throws: ``RecordingFileError`` when the file cannot be created or written.
    public convenience init(path: String, scene: Scene, configuration: GestureConfiguration) throws(RecordingFileError) {
        try self.init(path: path, opening: SessionLines.headerLine + "\n" + SessionLines.sceneLine(scene, configuration: configuration) + "\n",
                      inLibinputRecord: false, maximumSize: nil)
    }

    /// Creates the file and writes `opening` (which ends with a line break).
    /// - Parameter inLibinputRecord: whether the lines go into a `libinput record` file, as
    ///   `dismisskit` items of its device's `events`.
    init(path: String, opening: String, inLibinputRecord: Bool, maximumSize: Int?) throws(RecordingFileError) {
        // Refused before anything at the path is touched.
        if let maximumSize, opening.utf8.count > maximumSize { throw .system(Errno(code: EFBIG)) }
        self.path = path
        self.inLibinputRecord = inLibinputRecord
        self.maximumSize = maximumSize
        (descriptor, keptEarlierAs) = try Self.create(path)
        append(text: opening)
        flush()
        if let failure { throw .system(failure) }
    }

    /// Opens a new file at `path`, mode 0600, keeping what was there (``keptEarlierAs``).
    private static func create(_ path: String) throws(RecordingFileError) -> (descriptor: Int32, keptAs: String?) {
        var keptAs: String?
        // Another process may take the name between the calls: a few tries, then its error.
        for _ in 0..<8 {
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if descriptor >= 0 { return (descriptor, keptAs) }
            guard errno == EEXIST else { throw .system(.current) }
            var status = stat()
            guard stat(path, &status) == 0 else {
                if errno == ENOENT { throw .notARegularFile(path, "a dangling symbolic link") }
                throw .system(.current)
            }
            switch status.st_mode & S_IFMT {
            case S_IFREG where status.st_size == 0:
                // Nothing to keep: written over, and made private.
                let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
                guard descriptor >= 0 else { throw .system(.current) }
                guard fchmod(descriptor, 0o600) == 0 else {
                    let error = Errno.current
                    close(descriptor)
                    throw .system(error)
                }
                return (descriptor, keptAs)
            case S_IFREG:
                let kept = firstFreeName(after: path)
                guard rename(path, kept) == 0 else { throw .system(.current) }
                keptAs = kept
            case S_IFDIR: throw .notARegularFile(path, "a folder")
            case S_IFIFO: throw .notARegularFile(path, "a FIFO")
            case S_IFSOCK: throw .notARegularFile(path, "a socket")
            default: throw .notARegularFile(path, "a device")
            }
        }
        throw .system(Errno(code: EEXIST))
    }

    /// The first of `path.1`, `path.2`, … that names nothing.
    private static func firstFreeName(after path: String) -> String {
        var number = 1
        var status = stat()
        while lstat("\(path).\(number)", &status) == 0 { number += 1 }
        return "\(path).\(number)"
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
            // Part of what waited may be on disk: the file ends at the last whole write instead.
            _ = ftruncate(descriptor, off_t(written))
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

/// Why a session file cannot be recorded.
public enum RecordingFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path names something other than a regular file, in words (`a FIFO`).
    case notARegularFile(String, String)
    /// A system call failed (EFBIG: the header alone is larger than the largest size allowed).
    case system(Errno)

    public var description: String {
        switch self {
        case .notARegularFile(_, let kind): "it is \(kind), not a regular file; give the path of a file to write"
        case .system(let error): error.code == EFBIG ? "the largest size allowed is less than the session's header" : "\(error)"
        }
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
    /// - Parameter recorded: called with each intent the session recorded, its JSON text and line,
    ///   where it is in the file.
    public static func steps(
        of reader: Reader, configuration: GestureConfiguration? = nil, recorded: (String, Int) -> Void = { _, _ in },
        _ body: (Replay.Step, PresentationNames) -> Void
    ) throws(InputFileError) {
        guard let sceneFile = reader.sceneFile else { return }
        var pipeline = DismissalPipeline(scene: sceneFile.scene, configuration: configuration ?? sceneFile.configuration)
        pipeline.notesDecisions = true
        // Made when the reader reaches the recorded device: a live session may run a while before one appears.
        var decoder: RecordedDeviceDecoder?
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
                try? pipeline.applyHostCommand(command, time: time, into: &intents)
            case .escapeKey(let time):
                pipeline.handleEscapeKey(time: time, into: &intents)
            case .gestures(let configuration):
                pipeline.reconfigure(configuration)
            case .evdev(let recorded):
                if decoder == nil, let device = reader.device {
                    decoder = try RecordedDeviceDecoder(device: device, path: reader.path, screen: pipeline.scene.screen)
                }
                guard decoder != nil else { continue }
                try decoder?.decode(recorded, into: &touches) { _ in pipeline.scene.screen }
                for touch in touches {
                    body(.touch(touch), pipeline.names)
                    try? pipeline.handle(touch, into: &intents)
                    deliver()
                }
                touches.removeAll(keepingCapacity: true)
            case .intent(let text):
                recorded(text, reader.lineOfEntry)
                continue
            }
            deliver()
        }
    }
}

extension SessionFile {
    /// What ``verify(_:configuration:)`` found: how many intents were compared, the first
    /// difference, and how many replayed intents the file ends before (a cut).
    public struct Verification: Sendable, Hashable {
        public var compared = 0
        /// The first difference, in words, naming the recorded intent's line.
        public var difference: String?
        /// Intents the replay gives after the last one recorded: the file was cut before them
        /// (power lost mid-frame), which is a prefix, not a difference.
        public var notRecordedAtTheEnd = 0
    }

    /// Replays the session and compares each intent with the one it recorded, as both come: in
    /// one pass, holding only the intents of the entry at hand.
    public static func verify(_ reader: Reader, configuration: GestureConfiguration? = nil) throws(InputFileError) -> Verification {
        var result = Verification()
        var recorded: [(text: String, line: Int)] = [], replayed: [String] = []
        func compare() {
            let count = min(recorded.count, replayed.count)
            guard result.difference == nil, count > 0 else { return }
            for index in 0..<count where recorded[index].text != replayed[index] {
                result.difference = "intent \(result.compared + index + 1) (line \(recorded[index].line)) differs; "
                    + "recorded \(recorded[index].text), replayed \(replayed[index])"
                return
            }
            result.compared += count
            recorded.removeFirst(count)
            replayed.removeFirst(count)
        }
        var line: [UInt8] = []
        try steps(of: reader, configuration: configuration, recorded: { text, line in
            recorded.append((text, line))
            compare()
        }) { step, names in
            guard case .intent(let intent) = step else { return }
            line.removeAll(keepingCapacity: true)
            intent.appendJSONLine(to: &line, names: names)
            replayed.append(String(decoding: line.dropLast(), as: UTF8.self))
            compare()
        }
        if result.difference == nil, let first = recorded.first {
            result.difference = "intent \(result.compared + 1) (line \(first.line)) was recorded but not replayed: \(first.text)"
        }
        if result.difference == nil { result.notRecordedAtTheEnd = replayed.count }
        return result
    }
}
