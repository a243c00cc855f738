import CSystemCalls
import Glibc

/// Input given as a pipe (`cat s.jsonl | gesturectl replay /dev/stdin`, a FIFO) read once, into
/// an unnamed temporary file, and read from there by every reader that opens the same path:
/// a session is opened to see what it is and again to read it, and a `--compare-config` file
/// once per recording, where a pipe gives its bytes only once.
///
/// What is neither a regular file nor a pipe (a terminal, a device, a socket) is refused: it
/// is not a recording, and reading it could wait for ever or never end.
enum StreamSpool {
    /// The spooled copy of each pipe opened so far, by the path it was given as.
    private static let copies = LockedValue<[String: Int32]>([:])

    /// A new descriptor for reading `path` from its start: the file itself, or the copy of a
    /// pipe. `nil` for a path that does not name a pipe, which the caller then opens.
    /// - Throws: ``InputFileError`` `.unreadable` for something that is neither a regular file,
    ///   a folder nor a pipe, or a pipe that cannot be copied.
    static func openCopy(of path: String) throws(InputFileError) -> Int32? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        switch FileType(status) {
        case .regular, .directory: return nil
        case .fifo: break
        case .characterDevice, .blockDevice: throw InputFileError(.unreadable, path: path, reason: "is a device, not a file or a pipe")
        default: throw InputFileError(.unreadable, path: path, reason: "is a socket, not a file or a pipe")
        }
        let copy = try copies.withLock { copies throws(InputFileError) -> Int32 in
            if let copy = copies[path] { return copy }
            let copy = try spool(path)
            copies[path] = copy
            return copy
        }
        // Its own open file, with its own offset: readers of the same path do not move each other.
        guard let descriptor = try? SystemCall.checked({ dk_open("/proc/self/fd/\(copy)", O_RDONLY | O_CLOEXEC, 0) }) else {
            throw InputFileError(.unreadable, path: path, reason: "cannot reopen the copy of the pipe (\(Errno.current))")
        }
        return descriptor
    }

    /// Copies the pipe at `path` to its end into an unnamed temporary file; its descriptor.
    private static func spool(_ path: String) throws(InputFileError) -> Int32 {
        func failure(_ what: String, _ error: Errno) -> InputFileError {
            InputFileError(.unreadable, path: path, reason: "\(what) (\(error))")
        }
        let input: Int32
        do {
            input = try SystemCall.checked { dk_open(path, O_RDONLY | O_CLOEXEC, 0) }
        } catch {
            throw failure("cannot open the pipe", error)
        }
        defer { close(input) }
        let folder = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        // O_TMPFILE (Linux's __O_TMPFILE with O_DIRECTORY), which Glibc's module does not spell.
        var copy = dk_open(folder, Int32(0o20000000) | O_DIRECTORY | O_RDWR | O_CLOEXEC, 0o600)
        if copy < 0 {
            // A file system without unnamed files: a named one, unlinked at once.
            var template = Array("\(folder)/gesturectl-pipe-XXXXXX".utf8CString)
            copy = mkstemp(&template)
            if copy >= 0 {
                unlink(template)
                _ = dk_fcntl(copy, F_SETFD, FD_CLOEXEC)
            }
        }
        guard copy >= 0 else {
            throw failure("cannot make a temporary file in \(folder) to hold what the pipe gives", .current)
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { bytes in
                var count = read(input, bytes.baseAddress, bytes.count)
                while count < 0 && Errno.current == .interrupted { count = read(input, bytes.baseAddress, bytes.count) }
                return count
            }
            if count < 0 {
                let error = Errno.current
                close(copy)
                throw failure("cannot read the pipe", error)
            }
            if count == 0 { return copy }
            do throws(Errno) {
                try SystemCall.writeAll(Array(buffer[..<count])) { start, length in write(copy, start, length) }
            } catch {
                close(copy)
                throw failure("cannot copy the pipe into \(folder)", error)
            }
        }
    }
}
