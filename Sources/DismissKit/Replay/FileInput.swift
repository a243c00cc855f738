import Glibc

/// A read-only file read in chunks of at most `chunkSize` bytes, closed when released.
final class FileInput {
    /// The default number of bytes asked of the system per read.
    static let defaultChunkSize = 64 * 1024

    let path: String
    /// The most bytes one ``read(into:maximumCount:)`` takes from the file.
    let chunkSize: Int
    private let descriptor: Int32

    /// Opens `path` for reading.
    /// - Throws: ``InputFileError`` of kind `.unreadable` when the file is missing, a directory or not readable.
    init(path: String, chunkSize: Int = FileInput.defaultChunkSize) throws(InputFileError) {
        self.path = path
        self.chunkSize = max(1, chunkSize)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw InputFileError(.unreadable, path: path, reason: FileInput.describe(errno: errno))
        }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            close(descriptor)
            throw InputFileError(.unreadable, path: path, reason: "is a directory")
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Reads up to `maximumCount` bytes (and at most ``chunkSize``) into `buffer`; returns 0 at the end of the file.
    func read(into buffer: UnsafeMutableRawPointer, maximumCount: Int) throws(InputFileError) -> Int {
        do {
            return try SystemCall.checked { Glibc.read(descriptor, buffer, min(maximumCount, chunkSize)) }
        } catch {
            throw InputFileError(.unreadable, path: path, reason: FileInput.describe(errno: error.code))
        }
    }

    private static func describe(errno code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES: return "permission denied"
        case EISDIR: return "is a directory"
        default: return String(cString: strerror(code))
        }
    }
}

/// Splits a ``FileInput`` into lines, holding only the current line and one chunk in memory.
final class LineReader {
    /// The longest line accepted; a longer one is reported as malformed rather than buffered.
    static let maximumLineLength = 1 << 20

    let path: String
    /// The 1-based number of the line most recently returned.
    private(set) var lineNumber = 0
    private let input: FileInput
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private var reachedEnd = false

    init(input: FileInput) {
        self.input = input
        self.path = input.path
        buffer = [UInt8](repeating: 0, count: max(4096, min(input.chunkSize, 1 << 16)))
    }

    /// The next line without its line break (`\n` or `\r\n`), or nil at the end of the file.
    func nextLine() throws(InputFileError) -> ArraySlice<UInt8>? {
        var searchFrom = start
        while true {
            if let newline = buffer[searchFrom..<end].firstIndex(of: UInt8(ascii: "\n")) {
                let lineStart = start
                start = newline + 1
                return takeLine(lineStart..<newline)
            }
            if reachedEnd {
                guard start < end else { return nil }
                let lineStart = start
                start = end
                return takeLine(lineStart..<end)
            }
            searchFrom = end - start
            try refill()
        }
    }

    private func takeLine(_ range: Range<Int>) -> ArraySlice<UInt8> {
        lineNumber += 1
        var line = buffer[range]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        return line
    }

    /// Moves the unread bytes to the front and reads one more chunk behind them.
    private func refill() throws(InputFileError) {
        if start > 0 {
            buffer.withUnsafeMutableBytes { bytes in
                guard let base = bytes.baseAddress else { return }
                memmove(base, base + start, end - start)
            }
            end -= start
            start = 0
        }
        if end == buffer.count {
            guard buffer.count < LineReader.maximumLineLength else {
                throw InputFileError(
                    .malformed, path: path, line: lineNumber + 1,
                    reason: "line is longer than \(LineReader.maximumLineLength) bytes")
            }
            buffer.append(contentsOf: repeatElement(0, count: buffer.count))
        }
        let filled = end
        let count = try buffer.withUnsafeMutableBytes { bytes -> Result<Int, InputFileError> in
            guard let base = bytes.baseAddress else { return .success(0) }
            return Result { () throws(InputFileError) in
                try input.read(into: base + filled, maximumCount: bytes.count - filled)
            }
        }.get()
        if count == 0 { reachedEnd = true }
        end += count
    }
}
