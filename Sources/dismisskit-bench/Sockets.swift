import DismissKit
import Glibc

/// A Unix socket of the bench's: the datagram socket `NOTIFY_SOCKET` names, or a client's
/// connection to a socket. The owner closes `descriptor`.
struct UnixSocket {
    enum Kind {
        /// A datagram socket bound at the path.
        case datagram
        /// A stream socket connected to the path.
        case connection
    }

    let descriptor: Int32

    /// The socket, or nil and why it could not be made.
    static func open(_ kind: Kind, at path: String) -> (UnixSocket?, String) {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            return (nil, "the path is longer than a socket address takes (\(MemoryLayout.size(ofValue: address.sun_path) - 1) bytes)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let type = kind == .datagram ? SOCK_DGRAM : SOCK_STREAM
        let descriptor = socket(AF_UNIX, Int32(type.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return (nil, "\(Errno.current)") }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                let length = socklen_t(MemoryLayout<sockaddr_un>.size)
                return kind == .datagram ? bind(descriptor, address, length) : connect(descriptor, address, length)
            }
        }
        guard result == 0 else {
            let error = Errno.current
            close(descriptor)
            return (nil, "\(error)")
        }
        return (UnixSocket(descriptor: descriptor), "")
    }

    /// One datagram's text, once one comes within `seconds`; nil otherwise.
    func receive(waitingAtMost seconds: Double) -> String? {
        guard waitForInput(descriptor, seconds: seconds) else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        return count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : nil
    }
}

/// The lines a client reads from its connection.
struct SocketLines {
    let descriptor: Int32
    private var pending: [UInt8] = []
    /// Whether the other end has closed the connection (or it failed).
    private(set) var closed = false

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The next line, without its newline, once it has come; nil at the deadline (on the
    /// monotonic clock, ``monotonicSeconds()``) or once the connection is closed.
    mutating func next(before deadline: Double) -> String? {
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            guard !closed else { return nil }
            guard waitForInput(descriptor, seconds: deadline - monotonicSeconds()) else { return nil }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if count > 0 {
                pending += buffer[0..<count]
            } else if count == 0 || (Errno.current != .wouldBlock && Errno.current != .interrupted) {
                closed = true
            }
        }
    }
}

/// Whether `descriptor` has something to read (or has reached its end) within `seconds`.
private func waitForInput(_ descriptor: Int32, seconds: Double) -> Bool {
    guard seconds > 0 else { return false }
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, Int32(min(seconds, 3600) * 1000)) > 0
}
