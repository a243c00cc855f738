import DismissKit
import Glibc

/// Exit statuses (sysexits.h), as swift-argument-parser tools use them.
package enum ExitStatus {
    package static let success: Int32 = 0
    package static let failure: Int32 = 1
    package static let usage: Int32 = 64
    package static let dataError: Int32 = 65
    package static let noInput: Int32 = 66
    package static let unavailable: Int32 = 69
    /// An output file that cannot be created or written.
    package static let cannotCreate: Int32 = 73
    package static let ioError: Int32 = 74
    /// What a shell reports for a process that SIGPIPE ended: the reader of standard output went away.
    package static let brokenPipe: Int32 = 128 + SIGPIPE
}

/// Lines written to a file descriptor through a buffer, flushed when it fills
/// and on ``flush()``.
///
/// Output that cannot be written ends the process: nothing the tool decided may vanish
/// silently. A reader that went away (`EPIPE`, when SIGPIPE is ignored) ends it quietly with
/// 141, as SIGPIPE would; any other failure says so on standard error and exits 74 (`EX_IOERR`).
package struct LineWriter {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private let capacity: Int

    package init(descriptor: Int32, capacity: Int = 1 << 16) {
        self.descriptor = descriptor
        self.capacity = capacity
        buffer.reserveCapacity(capacity)
    }

    /// Standard output, buffered.
    package static func standardOutput() -> LineWriter { LineWriter(descriptor: STDOUT_FILENO) }

    /// Appends the line and a newline.
    package mutating func write(line: String) {
        buffer.append(contentsOf: line.utf8)
        buffer.append(0x0A)
        if buffer.count >= capacity { flush() }
    }

    /// Appends the lines `append` writes straight into the buffer, each with its newline (such
    /// as ``Intent/appendJSONLine(to:explain:)``): no `String` on the way.
    package mutating func write(_ append: (inout [UInt8]) -> Void) {
        append(&buffer)
        if buffer.count >= capacity { flush() }
    }

    /// Appends bytes that end with a newline.
    package mutating func write(bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= capacity { flush() }
    }

    /// Writes out everything buffered.
    package mutating func flush() {
        do {
            try SystemCall.writeAll(buffer) { start, count in Glibc.write(descriptor, start, count) }
        } catch {
            if error == .brokenPipe { exit(ExitStatus.brokenPipe) }
            MessageWriter.write("Error: \(descriptor == STDOUT_FILENO ? "standard output" : "descriptor \(descriptor)"): \(error)")
            exit(ExitStatus.ioError)
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
