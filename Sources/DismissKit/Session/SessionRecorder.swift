import CSystemCalls
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
    convenience init(path: String, opening: String, inLibinputRecord: Bool, maximumSize: Int?) throws(RecordingFileError) {
        // Refused before anything at the path is touched.
        if let maximumSize, opening.utf8.count > maximumSize { throw .system(Errno(code: EFBIG)) }
        // Created before the object is: Embedded Swift's runtime never frees an object whose
        // designated initializer throws (its swift_deallocPartialClassInstance only destroys fields).
        let (descriptor, keptEarlierAs) = try Self.create(path)
        self.init(path: path, descriptor: descriptor, keptEarlierAs: keptEarlierAs, inLibinputRecord: inLibinputRecord,
                  maximumSize: maximumSize)
        append(text: opening)
        flush()
        if let failure { throw .system(failure) }
    }

    private init(path: String, descriptor: Int32, keptEarlierAs: String?, inLibinputRecord: Bool, maximumSize: Int?) {
        self.path = path
        self.descriptor = descriptor
        self.keptEarlierAs = keptEarlierAs
        self.inLibinputRecord = inLibinputRecord
        self.maximumSize = maximumSize
    }

    /// Opens a new file at `path`, mode 0600, keeping what was there (``keptEarlierAs``).
    private static func create(_ path: String) throws(RecordingFileError) -> (descriptor: Int32, keptAs: String?) {
        var keptAs: String?
        // Another process may take the name between the calls: a few tries, then its error.
        for _ in 0..<8 {
            let descriptor = dk_open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if descriptor >= 0 { return (descriptor, keptAs) }
            guard Errno.current.code == EEXIST else { throw .system(.current) }
            var status = stat()
            guard stat(path, &status) == 0 else {
                if Errno.current == .noSuchFile { throw .notARegularFile(path, "a dangling symbolic link") }
                throw .system(.current)
            }
            switch FileType(status) {
            case .regular where status.st_size == 0:
                // Nothing to keep: written over, and made private.
                let descriptor = dk_open(path, O_WRONLY | O_TRUNC | O_CLOEXEC, 0)
                guard descriptor >= 0 else { throw .system(.current) }
                guard fchmod(descriptor, 0o600) == 0 else {
                    let error = Errno.current
                    close(descriptor)
                    throw .system(error)
                }
                return (descriptor, keptAs)
            case .regular:
                let kept = firstFreeName(after: path)
                guard rename(path, kept) == 0 else { throw .system(.current) }
                keptAs = kept
            case .directory: throw .notARegularFile(path, "a folder")
            case .fifo: throw .notARegularFile(path, "a FIFO")
            case .socket: throw .notARegularFile(path, "a socket")
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
