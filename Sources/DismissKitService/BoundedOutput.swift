import CSystemCalls
import DismissKit
import Glibc

/// Lines queued for one reader of the protocol and written without ever blocking: the
/// descriptor is non-blocking, and what it cannot take now waits here.
///
/// Every line is queued whole or not at all. How much may wait is the caller's rule
/// (``ProtocolClient``): ``queuedCount`` and ``millisecondsWithoutProgress`` tell it how the
/// reader keeps up.
package struct BoundedOutput {
    /// What writing out the queue came to.
    package enum Progress: Equatable {
        /// Everything queued was written.
        case drained
        /// The descriptor is full for now; the rest waits for it to become writable.
        case waiting
        /// The descriptor cannot be written (the reader went away, or another error).
        case failed(Errno)
    }

    package let descriptor: Int32
    /// Sockets are written with `send(2)` and `MSG_NOSIGNAL`, pipes with `write(2)`.
    private let isSocket: Bool
    private var queue: [UInt8] = []
    /// The bytes of `queue` already written.
    private var written = 0
    /// Whether the last byte written ends a line (or nothing was written yet).
    private var atLineStart = true
    /// When the reader last took a byte, or the queue last began to wait for it (the service's clock, ms).
    private var lastProgress: Int64 = 0

    /// - Parameter descriptor: made non-blocking here. A pipe's reader that goes away must come
    ///   back from `write(2)` as `EPIPE` (its client gone), not end the process: `write` has no
    ///   `MSG_NOSIGNAL`, so SIGPIPE is ignored from the first queue on a pipe on.
    package init(descriptor: Int32) {
        self.descriptor = descriptor
        var status = stat()
        isSocket = fstat(descriptor, &status) == 0 && FileType(status) == .socket
        if !isSocket { _ = dk_set_signal_action(SIGPIPE, 1) }
        let flags = dk_fcntl(descriptor, F_GETFL, 0)
        if flags >= 0 { _ = dk_fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) }
    }

    /// Whether bytes are waiting for the descriptor to become writable.
    package var isWaiting: Bool { written < queue.count }

    /// The bytes waiting.
    package var queuedCount: Int { queue.count - written }

    /// How long bytes have waited without the reader taking any; 0 when nothing waits.
    package func millisecondsWithoutProgress(now: Int64) -> Int64 {
        isWaiting ? now - lastProgress : 0
    }

    /// Queues a whole line (its newline included) at `now` (ms).
    package mutating func append(_ line: [UInt8], now: Int64) {
        if !isWaiting { lastProgress = now }
        if written > 0 && written >= queue.count / 2 {
            queue.removeFirst(written)
            written = 0
        }
        queue.append(contentsOf: line)
    }

    /// Forgets every queued line but the rest of the one the reader is in the middle of, so
    /// that the reader, once disconnected, never sees a line cut short; the wait for progress
    /// starts again, at `now` (ms).
    package mutating func keepOnlyLineInProgress(now: Int64) {
        lastProgress = now
        guard !atLineStart, let newline = queue[written...].firstIndex(of: 0x0A) else {
            queue.removeAll()
            written = 0
            return
        }
        queue.removeSubrange((newline + 1)...)
    }

    /// Writes as much of the queue as the descriptor takes now, at `now` (ms).
    package mutating func flush(now: Int64) -> Progress {
        while written < queue.count {
            let count = queue.withUnsafeBytes { bytes in
                let (start, remaining) = (bytes.baseAddress! + written, bytes.count - written)
                return isSocket ? send(descriptor, start, remaining, Int32(MSG_NOSIGNAL)) : write(descriptor, start, remaining)
            }
            if count > 0 {
                written += count
                atLineStart = queue[written - 1] == 0x0A
                lastProgress = now
                continue
            }
            let error = count < 0 ? Errno.current : .inputOutput
            if error == .interrupted { continue }
            if error == .wouldBlock { return .waiting }
            return .failed(error)
        }
        queue.removeAll(keepingCapacity: queue.capacity <= RunLimits.pauseReadingBytes)
        written = 0
        return .drained
    }
}
