import CSystemCalls
import Glibc

/// A read-only file read in chunks of at most `chunkSize` bytes, closed when released.
final class FileInput {
    /// The default number of bytes asked of the system per read.
    static let defaultChunkSize = 64 * 1024

    let path: String
    /// The most bytes one ``read(into:)`` takes from the file.
    let chunkSize: Int
    /// The file's size when it was opened, for a regular file: what a reader's first buffer needs
    /// (a small file then costs a page, not a chunk). Nil for a pipe or a device.
    let sizeWhenOpened: Int?
    private let descriptor: Int32

    /// Opens `path` for reading; a pipe is read from its copy (``StreamSpool``), from the start.
    /// - Throws: ``InputFileError`` of kind `.unreadable` when the file is missing, a directory,
    ///   a device or socket, or not readable.
    convenience init(path: String, chunkSize: Int = FileInput.defaultChunkSize) throws(InputFileError) {
        let (descriptor, sizeWhenOpened) = try Self.open(path)
        self.init(path: path, chunkSize: chunkSize, descriptor: descriptor, sizeWhenOpened: sizeWhenOpened)
    }

    private init(path: String, chunkSize: Int, descriptor: Int32, sizeWhenOpened: Int?) {
        self.path = path
        self.chunkSize = max(1, chunkSize)
        self.descriptor = descriptor
        self.sizeWhenOpened = sizeWhenOpened
    }

    /// Opens `path` before the object exists: Embedded Swift never frees an object whose
    /// designated initializer fails.
    private static func open(_ path: String) throws(InputFileError) -> (descriptor: Int32, sizeWhenOpened: Int?) {
        let descriptor: Int32
        if let copy = try StreamSpool.openCopy(of: path) {
            descriptor = copy
        } else {
            do {
                descriptor = try SystemCall.checked { dk_open(path, O_RDONLY | O_CLOEXEC, 0) }
            } catch {
                throw InputFileError(.unreadable, path: path, reason: FileInput.describe(error))
            }
        }
        var status = stat()
        let known = fstat(descriptor, &status) == 0
        if known, FileType(status) == .directory {
            close(descriptor)
            throw InputFileError(.unreadable, path: path, reason: "is a directory")
        }
        return (descriptor, known && FileType(status) == .regular ? Int(status.st_size) : nil)
    }

    deinit {
        close(descriptor)
    }

    /// The size of a reader's first buffer: a chunk (at most 64 KiB), or less for a small regular
    /// file (its size and a byte to see the end, at least a page), so that a small file costs a
    /// page rather than a chunk. A reader's buffer grows if the file does.
    var firstBufferSize: Int {
        let chunk = min(chunkSize, 1 << 16)
        guard let size = sizeWhenOpened else { return max(4096, chunk) }
        return max(4096, min(chunk, size + 1))
    }

    /// Reads into `buffer` as many bytes as fit, and at most ``chunkSize``; returns 0 at the end of the file.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(InputFileError) -> Int {
        do {
            return try SystemCall.checked { Glibc.read(descriptor, buffer.baseAddress, min(buffer.count, chunkSize)) }
        } catch {
            throw InputFileError(.unreadable, path: path, reason: FileInput.describe(error))
        }
    }

    private static func describe(_ error: Errno) -> String {
        switch error {
        case .noSuchFile: return "no such file"
        case .permissionDenied: return "permission denied"
        case .isDirectory: return "is a directory"
        default: return error.description
        }
    }
}

/// The lines of a ``FileInput``, holding only the current line and one chunk in memory.
final class LineReader {
    let path: String
    /// The 1-based number of the line most recently returned.
    var lineNumber: Int { lines.lineNumber }
    private let input: FileInput
    /// Unchecked at run time: the only accesses are in ``nextLine()``, whose reads from the file
    /// never reach back into the reader.
    @exclusivity(unchecked) private var lines: LineSplitter
    private var reachedEnd = false

    /// The longest line read; a longer one is refused.
    private let maximumLineLength: Int

    init(input: FileInput, maximumLineLength: Int = InputLimits.maximumLineLength) {
        self.input = input
        self.path = input.path
        self.maximumLineLength = maximumLineLength
        lines = LineSplitter(capacity: input.firstBufferSize)
    }

    /// Opens `path` and reads its lines.
    /// - Throws: ``InputFileError`` of kind `.unreadable` when the file cannot be opened.
    convenience init(path: String, chunkSize: Int, maximumLineLength: Int = InputLimits.maximumLineLength) throws(InputFileError) {
        self.init(input: try FileInput(path: path, chunkSize: chunkSize), maximumLineLength: maximumLineLength)
    }

    /// The next line without its line break (`\n` or `\r\n`), or nil at the end of the file.
    func nextLine() throws(InputFileError) -> ArraySlice<UInt8>? {
        while true {
            if let line = lines.nextLine(inputEnded: reachedEnd) { return line }
            if reachedEnd { return nil }
            try readMore()
        }
    }

    /// Hands the next lines to `take` straight from the read buffer, as
    /// ``LineSplitter/takeLines(inputEnded:_:)`` does, reading more of the file only when no
    /// complete line is left: it stops at the first line `take` declines (which ``nextLine()``
    /// then gives), or at the end of what was read once some line was taken.
    /// - Returns: false at the end of the file, every line taken; true otherwise.
    func takeLines(_ take: (_ line: UnsafeBufferPointer<UInt8>, _ number: Int) -> Bool) throws(InputFileError) -> Bool {
        let before = lineNumber
        while true {
            if lines.takeLines(inputEnded: reachedEnd, take) { return true }
            if reachedEnd { return false }
            if lineNumber > before { return true }
            try readMore()
        }
    }

    /// Appends the file's next chunk to the bytes not yet handed out.
    /// - Throws: when the unfinished line is already `maximumLineLength` long.
    private func readMore() throws(InputFileError) {
        guard lines.unfinishedLineLength < maximumLineLength else {
            throw InputFileError(
                .malformed, path: path, line: lineNumber + 1,
                reason: "line is longer than \(maximumLineLength) bytes")
        }
        reachedEnd = try lines.append { buffer throws(InputFileError) in try input.read(into: buffer) } == 0
    }
}
