import DismissKit
import Glibc

/// JSON Lines written the way `gesturectl` writes them: into one reused buffer, one `write` per 64 KiB.
enum JSONOutput {
    /// Writes `lines` lines of `values` (round-robin), each appended by `appendLine`; returns
    /// the bytes written.
    @inline(__always)
    static func writeLines<Value>(
        _ values: [Value], lines: Int, to descriptor: Int32, _ appendLine: (Value, inout [UInt8]) -> Void
    ) -> Int {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 16)
        var total = 0
        var index = 0
        for _ in 0..<lines {
            appendLine(values[index], &buffer)
            index = index + 1 == values.count ? 0 : index + 1
            if buffer.count >= 1 << 16 {
                total += flush(&buffer, to: descriptor)
            }
        }
        return total + flush(&buffer, to: descriptor)
    }

    private static func flush(_ buffer: inout [UInt8], to descriptor: Int32) -> Int {
        let count = buffer.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        buffer.removeAll(keepingCapacity: true)
        return max(count, 0)
    }
}
