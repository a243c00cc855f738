import DismissKit
import Glibc

/// Lines queued for one reader of the protocol and written without ever blocking: the
/// descriptor is non-blocking, and what it cannot take now waits here, up to `capacity` bytes.
///
/// A reader that lets more than `capacity` bytes pile up has stopped reading; the caller
/// disconnects it rather than wait for it.
struct BoundedOutput {
    /// What writing out the queue came to.
    enum Progress: Equatable {
        /// Everything queued was written.
        case drained
        /// The descriptor is full for now; the rest waits for it to become writable.
        case waiting
        /// The descriptor cannot be written (the reader went away, or another error).
        case failed(Errno)
    }

    /// The most bytes queued for one reader before it counts as having stopped reading (256 KiB,
    /// about 1,000 intents, beyond what the kernel's socket or pipe buffer already holds).
    static let standardCapacity = 1 << 18

    let descriptor: Int32
    let capacity: Int
    /// Sockets are written with `send(2)` and `MSG_NOSIGNAL`, pipes with `write(2)`.
    private let isSocket: Bool
    private var queue: [UInt8] = []
    /// The bytes of `queue` already written.
    private var written = 0

    /// - Parameter descriptor: made non-blocking here.
    init(descriptor: Int32, capacity: Int = standardCapacity) {
        self.descriptor = descriptor
        self.capacity = capacity
        var status = stat()
        isSocket = fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFSOCK
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) }
    }

    /// Whether bytes are waiting for the descriptor to become writable.
    var isWaiting: Bool { written < queue.count }

    /// Queues `bytes`; false, queueing nothing, when that would pass the capacity.
    mutating func append(_ bytes: [UInt8]) -> Bool {
        guard queue.count - written + bytes.count <= capacity else { return false }
        if written > 0 && written >= queue.count / 2 {
            queue.removeFirst(written)
            written = 0
        }
        queue.append(contentsOf: bytes)
        return true
    }

    /// Writes as much of the queue as the descriptor takes now.
    mutating func flush() -> Progress {
        while written < queue.count {
            let count = queue.withUnsafeBytes { bytes in
                let (start, remaining) = (bytes.baseAddress! + written, bytes.count - written)
                return isSocket ? send(descriptor, start, remaining, Int32(MSG_NOSIGNAL)) : write(descriptor, start, remaining)
            }
            if count > 0 {
                written += count
                continue
            }
            let error = count < 0 ? Errno.current : .inputOutput
            if error == .interrupted { continue }
            if error == .wouldBlock { return .waiting }
            return .failed(error)
        }
        queue.removeAll(keepingCapacity: true)
        written = 0
        return .drained
    }
}
