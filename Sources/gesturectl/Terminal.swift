import DismissKit
import Glibc

/// Exit statuses (sysexits.h), as swift-argument-parser tools use them.
enum ExitStatus {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 64
    static let dataError: Int32 = 65
    static let noInput: Int32 = 66
    static let unavailable: Int32 = 69
}

/// Lines written to a file descriptor through a buffer, flushed when it fills
/// and on ``flush()``.
struct LineWriter {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private let capacity: Int

    init(descriptor: Int32, capacity: Int = 1 << 16) {
        self.descriptor = descriptor
        self.capacity = capacity
        buffer.reserveCapacity(capacity)
    }

    /// Standard output, buffered.
    static func standardOutput() -> LineWriter { LineWriter(descriptor: STDOUT_FILENO) }

    /// Appends the line and a newline.
    mutating func write(line: String) {
        buffer.append(contentsOf: line.utf8)
        buffer.append(0x0A)
        if buffer.count >= capacity { flush() }
    }

    /// Writes out everything buffered.
    mutating func flush() {
        SystemCall.writeAll(buffer) { start, count in Glibc.write(descriptor, start, count) }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Messages for people, on standard error, unbuffered.
enum StandardError {
    static func write(_ text: String) {
        var writer = LineWriter(descriptor: STDERR_FILENO, capacity: 0)
        writer.write(line: text.hasSuffix("\n") ? String(text.dropLast()) : text)
        writer.flush()
    }

    /// `Error: message`, then optionally the usage line and the help hint.
    static func report(_ message: String, usage: String? = nil) {
        write("Error: \(message)")
        if let usage {
            write("Usage: \(usage)")
            write("  See 'gesturectl --help' for more information.")
        }
    }
}

/// Writes help or other text to standard output at once.
func printToStandardOutput(_ text: String) {
    var writer = LineWriter.standardOutput()
    writer.write(line: text)
    writer.flush()
}
