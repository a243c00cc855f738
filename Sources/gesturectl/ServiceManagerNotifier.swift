import DismissKit
import Glibc

/// Tells systemd how the service is doing, by the `NOTIFY_SOCKET` protocol (`sd_notify(3)`):
/// one datagram of `KEY=value` lines per message to the Unix socket named in the environment.
///
/// `READY=1` once the seat is open and the socket served (`Type=notify`), `WATCHDOG=1` at half
/// the `WatchdogSec=` interval systemd passes in `WATCHDOG_USEC`, `STOPPING=1` on the way out.
/// Outside systemd (no `NOTIFY_SOCKET`) it does nothing.
final class ServiceManagerNotifier {
    private let descriptor: Int32
    private var address: sockaddr_un
    private let addressLength: socklen_t
    /// Half the watchdog interval, when systemd asked for pings (and asked this process).
    private let watchdogInterval: Duration?
    /// When the next `WATCHDOG=1` is due, on ``now``'s clock.
    private var nextPing: Duration

    /// Nil outside systemd; throws when `NOTIFY_SOCKET` is set but unusable.
    convenience init?() throws(ServiceManagerNotifierError) {
        guard let path = Self.environment("NOTIFY_SOCKET"), !path.isEmpty else { return nil }
        // Checked and opened before the object exists: Embedded Swift never frees an object whose
        // designated initializer fails.
        let (address, addressLength) = try Self.socketAddress(of: path)
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else {
            throw ServiceManagerNotifierError(message: "cannot make a socket to tell systemd: \(Errno.current)")
        }
        let watchdogMicroseconds = Self.environment("WATCHDOG_USEC").flatMap { Int64($0) } ?? 0
        let watchdogProcess = Self.environment("WATCHDOG_PID").flatMap { Int32($0) }
        let asksThisProcess = watchdogMicroseconds > 0 && (watchdogProcess == nil || watchdogProcess == getpid())
        self.init(descriptor: descriptor, address: address, addressLength: addressLength,
                  watchdogInterval: asksThisProcess ? .microseconds(watchdogMicroseconds / 2) : nil)
    }

    private init(descriptor: Int32, address: sockaddr_un, addressLength: socklen_t, watchdogInterval: Duration?) {
        self.descriptor = descriptor
        self.address = address
        self.addressLength = addressLength
        self.watchdogInterval = watchdogInterval
        nextPing = Self.now
    }

    private static func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

    /// The socket address `NOTIFY_SOCKET` names: a path, or "@name" in the abstract namespace.
    private static func socketAddress(of path: String) throws(ServiceManagerNotifierError) -> (sockaddr_un, socklen_t) {
        var address = sockaddr_un()
        // "@name" is in the abstract namespace: the name starts with a zero byte.
        var bytes = Array(path.utf8)
        guard bytes.first == UInt8(ascii: "/") || bytes.first == UInt8(ascii: "@") else {
            throw ServiceManagerNotifierError(message: "NOTIFY_SOCKET '\(path)' is neither a path nor an abstract name (@...)")
        }
        if bytes[0] == UInt8(ascii: "@") { bytes[0] = 0 }
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw ServiceManagerNotifierError(message: "NOTIFY_SOCKET '\(path)' is longer than a socket address takes")
        }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        return (address, socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (bytes[0] == 0 ? 0 : 1)))
    }

    deinit {
        close(descriptor)
    }

    /// Sends one message (`READY=1`, `STATUS=...`, lines joined by newlines).
    /// - Throws: when the datagram cannot be sent; systemd then never hears it.
    func send(_ message: String) throws(ServiceManagerNotifierError) {
        let bytes = Array(message.utf8)
        let sent = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                sendto(descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL), address, addressLength)
            }
        }
        guard sent == bytes.count else {
            throw ServiceManagerNotifierError(message: "cannot tell systemd '\(message)': \(Errno.current)")
        }
    }

    /// How long the loop may wait before the next `WATCHDOG=1` is due; nil without a watchdog.
    var untilNextPing: Duration? {
        watchdogInterval.map { _ in max(.zero, nextPing - Self.now) }
    }

    /// Sends `WATCHDOG=1` when it is due (the loop calls this after every wake-up).
    func pingIfDue() throws(ServiceManagerNotifierError) {
        guard let watchdogInterval, Self.now >= nextPing else { return }
        try send("WATCHDOG=1")
        nextPing = Self.now + watchdogInterval
    }

    /// The time on `CLOCK_MONOTONIC`, the clock systemd keeps the watchdog on. (Read directly:
    /// `ContinuousClock` would link the concurrency runtime, and libdispatch with it, into
    /// gesturectl, whose start-up then pays for their initialisation.)
    private static var now: Duration {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
}

/// Why systemd cannot be told something.
struct ServiceManagerNotifierError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
