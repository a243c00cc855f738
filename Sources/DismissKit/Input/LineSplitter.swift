import Glibc

/// Bytes cut into numbered lines as they are read: the one line splitter of the recording
/// readers and of `gesturectl`'s host commands.
///
/// A line ends at `\n`, and a `\r` just before it is dropped; the input's last line needs no
/// `\n`. Lines are numbered from 1. Only the bytes not yet handed out are kept, so memory
/// grows with the longest line, not with the input. What to read, and how long a line may be,
/// is the caller's: recordings are read to the end in chunks, host commands one `read` per
/// `poll`.
public struct LineSplitter {
    /// The 1-based number of the line most recently returned; 0 before the first.
    public private(set) var lineNumber = 0

    private var buffer: [UInt8]
    /// The first byte not yet handed out.
    private var start = 0
    /// The end of the bytes read.
    private var end = 0
    /// Where the search for the next `\n` resumes: the bytes from `start` to here hold none.
    private var searched = 0
    /// Whether the unfinished line is being dropped (see ``skipUnfinishedLine()``).
    private var skipping = false

    /// - Parameter capacity: the bytes held before the buffer has to grow (at least 1).
    public init(capacity: Int) {
        buffer = [UInt8](repeating: 0, count: max(1, capacity))
    }

    /// The bytes read after the last line handed out: the start of a line whose end has not been read.
    public var unfinishedLineLength: Int { end - start }

    /// Lets `read` write the next bytes of the input behind those not yet handed out.
    /// - Parameter read: writes into the free space it is given and returns how many bytes it wrote.
    /// - Returns: what `read` returned; 0 means the end of the input.
    public mutating func append<Failure: Error>(
        reading read: (UnsafeMutableRawBufferPointer) throws(Failure) -> Int
    ) throws(Failure) -> Int {
        if start > 0 {
            let (unread, offset) = (end - start, start)
            buffer.withUnsafeMutableBytes { bytes in
                guard let base = bytes.baseAddress else { return }
                memmove(base, base + offset, unread)
            }
            (start, end, searched) = (0, unread, searched - offset)
        }
        if end == buffer.count { growBuffer() }
        let filled = end
        let count = try buffer.withUnsafeMutableBytes { bytes in
            Result { () throws(Failure) in try read(UnsafeMutableRawBufferPointer(rebasing: bytes[filled...])) }
        }.get()
        end += count
        return count
    }

    /// Doubles the buffer in one allocation, copying the bytes read. (Appending a
    /// `repeatElement` went element by element through generic code in debug builds.)
    private mutating func growBuffer() {
        let old = buffer
        buffer = [UInt8](unsafeUninitializedCapacity: old.count * 2) { grown, initialized in
            old.withUnsafeBufferPointer { bytes in
                _ = grown.initialize(fromContentsOf: bytes)
            }
            grown.baseAddress!.advanced(by: old.count).initialize(repeating: 0, count: old.count)
            initialized = old.count * 2
        }
    }

    /// The next line without its line break, or nil when the bytes read so far hold no more.
    /// - Parameter inputEnded: whether the input has ended, so its unfinished last line is a line too.
    public mutating func nextLine(inputEnded: Bool = false) -> ArraySlice<UInt8>? {
        if let newline = nextNewline() {
            guard skipping else { return takeLine(upTo: newline, next: newline + 1) }
            skipping = false
            _ = takeLine(upTo: newline, next: newline + 1)
            return nextLine(inputEnded: inputEnded)
        }
        searched = end
        if skipping { (start, searched) = (end, end) }
        guard inputEnded, start < end else { return nil }
        return takeLine(upTo: end, next: end)
    }

    /// Hands the complete lines read so far to `take`, in order and straight from the buffer,
    /// until `take` declines one or none is left; at the input's end its unfinished last line too.
    ///
    /// Each line comes without its line break and with its number, as ``nextLine(inputEnded:)``
    /// would give it; a declined line is not handed out, so the next call, or
    /// ``nextLine(inputEnded:)``, gives it again. The buffer's bytes are valid only during `take`.
    /// - Parameter inputEnded: whether the input has ended, so its unfinished last line is a line too.
    /// - Returns: whether `take` declined a line (or a line is being skipped, which only
    ///   ``nextLine(inputEnded:)`` does); false when every line read was taken.
    mutating func takeLines(
        inputEnded: Bool = false, _ take: (_ line: UnsafeBufferPointer<UInt8>, _ number: Int) -> Bool
    ) -> Bool {
        guard !skipping else { return true }
        var (start, searched, number) = (self.start, self.searched, lineNumber)
        let end = self.end
        let declined = buffer.withUnsafeBufferPointer { bytes -> Bool in
            guard let base = bytes.baseAddress else { return false }
            while start < end {
                let lineEnd: Int
                let next: Int
                if let found = memchr(base + searched, 0x0A, end - searched) {
                    lineEnd = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
                    next = lineEnd + 1
                } else if inputEnded {
                    (lineEnd, next) = (end, end)
                } else {
                    searched = end
                    return false
                }
                let length = lineEnd > start && base[lineEnd - 1] == UInt8(ascii: "\r") ? lineEnd - 1 - start : lineEnd - start
                guard take(UnsafeBufferPointer(start: base + start, count: length), number + 1) else {
                    searched = lineEnd
                    return true
                }
                number += 1
                (start, searched) = (next, next)
            }
            return false
        }
        (self.start, self.searched, lineNumber) = (start, searched, number)
        return declined
    }

    /// The index of the first `\n` from `searched` on, found with `memchr`.
    private func nextNewline() -> Int? {
        let (from, count) = (searched, end - searched)
        guard count > 0 else { return nil }
        return buffer.withUnsafeBufferPointer { bytes -> Int? in
            guard let base = bytes.baseAddress, let found = memchr(base + from, 0x0A, count) else { return nil }
            return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
        }
    }

    /// Drops the unfinished line, the bytes read of it and those still to come up to its line
    /// break, so that an overlong line costs no memory; it still counts in ``lineNumber``.
    public mutating func skipUnfinishedLine() {
        skipping = true
        (start, searched) = (end, end)
    }

    private mutating func takeLine(upTo lineEnd: Int, next: Int) -> ArraySlice<UInt8> {
        lineNumber += 1
        var line = buffer[start..<lineEnd]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        (start, searched) = (next, next)
        return line
    }
}
