import DismissKit
import Glibc

/// JSON Lines written the way `gesturectl` writes them: into one reused buffer, one `write` per 64 KiB.
enum JSONOutput {
    /// Writes `lines` lines of `touches` (round-robin); returns the bytes written.
    static func writeTouchEvents(_ touches: [TouchEvent], lines: Int, to descriptor: Int32) -> Int {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 16)
        var total = 0
        var index = 0
        for _ in 0..<lines {
            touches[index].appendJSONLine(to: &buffer)
            index = index + 1 == touches.count ? 0 : index + 1
            if buffer.count >= 1 << 16 {
                total += flush(&buffer, to: descriptor)
            }
        }
        return total + flush(&buffer, to: descriptor)
    }

    /// Writes `lines` lines of `intents` (round-robin); returns the bytes written.
    static func writeIntents(_ intents: [Intent], lines: Int, to descriptor: Int32) -> Int {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 16)
        var total = 0
        var index = 0
        for _ in 0..<lines {
            intents[index].appendJSONLine(to: &buffer)
            index = index + 1 == intents.count ? 0 : index + 1
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
