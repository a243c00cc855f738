import CSystemCalls
import DismissKit
import Glibc

/// The listening Unix stream socket of `gesturectl run`: bound at a path, or inherited from
/// systemd's socket activation. It accepts clients and checks who they are; the clients
/// themselves are ``ProtocolClient``s.
package final class CommandSocket {
    /// Why the socket could not be set up.
    package struct SetupError: Error, CustomStringConvertible {
        package var description: String

        package init(description: String) {
            self.description = description
        }
    }

    /// What one `accept` came to.
    enum Acceptance {
        /// A client the access rules let in.
        case accepted(descriptor: Int32, peer: PeerCredentials?)
        /// A client the rules keep out: it gets an error reply with the reason, then is closed.
        case refused(descriptor: Int32, peer: PeerCredentials?, reason: String)
        /// Nothing to accept after all (the client gave up, or a signal interrupted).
        case none
        /// `accept` failed for want of descriptors or memory: the listener is not watched for
        /// ``backOffMilliseconds``, so the loop does not spin on it. `isFirst` for the first
        /// failure since the last `accept` that worked.
        case backingOff(Errno, isFirst: Bool)
    }

    /// How long the listener rests after a failing `accept`.
    package static let backOffMilliseconds: Int64 = 100

    package let listener: Int32
    /// The path, or what systemd passed, for messages.
    package let name: String
    private let access: PeerAccess
    /// A socket file with its identity.
    private typealias SocketFile = (path: String, device: UInt, inode: UInt)
    /// The socket file this process created and removes at exit, with its identity, so that a
    /// socket someone else put at the path later is left alone.
    private let created: SocketFile?
    /// When the listener is watched again after a failed `accept` (`CLOCK_MONOTONIC`, ms).
    private var restingUntil: Int64?
    /// Whether the last `accept` failed for want of descriptors or memory.
    private var lastAcceptFailed = false

    /// Creates the socket at `path`. A socket there that still answers is someone else's and is
    /// never taken over; one that refuses connections is stale and replaced; any other file is
    /// left alone. The socket is created with the umask 0177, so it is 0600 from the start;
    /// nothing is done to the path after `bind`.
    package convenience init(path: String, access: PeerAccess) throws(SetupError) {
        let (listener, created) = try Self.makeListener(at: path)
        self.init(listener: listener, name: path, access: access, created: created)
    }

    /// Binds and listens at `path` before the object exists: Embedded Swift never frees an object
    /// whose designated initializer fails.
    private static func makeListener(at path: String) throws(SetupError) -> (listener: Int32, created: SocketFile) {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard path.utf8.count < capacity else {
            throw SetupError(description: "socket path '\(path)' is longer than \(capacity - 1) bytes")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (index, byte) in path.utf8.enumerated() { bytes[index] = byte }
        }
        var status = stat()
        if lstat(path, &status) == 0 {
            guard FileType(status) == .socket else {
                throw SetupError(description: "'\(path)' exists and is not a socket; not replacing it")
            }
            switch Self.probe(&address) {
            case nil:
                throw SetupError(description: "'\(path)' is in use: another process answers on it; not taking it over")
            case .connectionRefused?:
                unlink(path)  // stale: nobody listens any more
            case let error?:
                throw SetupError(description: "cannot tell whether '\(path)' is in use: \(error)")
            }
        }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard descriptor >= 0 else { throw SetupError(description: "cannot create a socket: \(Errno.current)") }
        let previousMask = umask(0o177)
        let bound = Self.withSocketAddress(&address) { bind(descriptor, $0, $1) }
        umask(previousMask)
        guard bound == 0, listen(descriptor, 16) == 0, lstat(path, &status) == 0 else {
            let reason = Errno.current
            close(descriptor)
            throw SetupError(description: "cannot listen on '\(path)': \(reason)")
        }
        return (descriptor, (path, UInt(status.st_dev), UInt(status.st_ino)))
    }

    /// The listening socket systemd passed (`LISTEN_PID` is this process, `LISTEN_FDS` is 1:
    /// descriptor 3), or nil when it passed none. The variables are removed from the
    /// environment, as `sd_listen_fds` does, so that no child takes them for its own.
    package static func inherited(access: PeerAccess) throws(SetupError) -> CommandSocket? {
        guard let pidText = getenv("LISTEN_PID").map({ String(cString: $0) }),
              let countText = getenv("LISTEN_FDS").map({ String(cString: $0) }) else { return nil }
        for variable in ["LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES"] { unsetenv(variable) }
        guard Int32(pidText) == getpid() else { return nil }
        guard countText == "1" else {
            throw SetupError(description: "systemd passed \(countText) descriptors (LISTEN_FDS); expected one listening socket")
        }
        let descriptor: Int32 = 3  // SD_LISTEN_FDS_START
        var accepting: Int32 = 0
        var type: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_ACCEPTCONN, &accepting, &length) == 0,
              getsockopt(descriptor, SOL_SOCKET, SO_TYPE, &type, &length) == 0,
              accepting == 1, type == Int32(SOCK_STREAM.rawValue) else {
            throw SetupError(description: "the descriptor systemd passed is not a listening stream socket")
        }
        _ = dk_fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        _ = dk_fcntl(descriptor, F_SETFL, dk_fcntl(descriptor, F_GETFL, 0) | O_NONBLOCK)
        return CommandSocket(listener: descriptor, name: "the socket systemd passed", access: access, created: nil)
    }

    private init(listener: Int32, name: String, access: PeerAccess, created: SocketFile?) {
        self.listener = listener
        self.name = name
        self.access = access
        self.created = created
    }

    deinit {
        close(listener)
        // Only the socket this process created, and only while it is still the one at the path.
        var status = stat()
        if let created, lstat(created.path, &status) == 0,
           UInt(status.st_dev) == created.device, UInt(status.st_ino) == created.inode {
            unlink(created.path)
        }
    }

    /// Whether to watch the listener now (not while resting after a failed `accept`).
    package var isAccepting: Bool {
        guard let restingUntil else { return true }
        if monotonicMilliseconds() >= restingUntil { self.restingUntil = nil }
        return self.restingUntil == nil
    }

    /// How long until the listener is watched again; nil when it is watched now.
    package var millisecondsUntilAccepting: Int64? {
        isAccepting ? nil : restingUntil.map { max(0, $0 - monotonicMilliseconds()) }
    }

    /// Accepts the next client, after the listener became readable, and checks who it is.
    func accept(admittingMore: Bool) -> Acceptance {
        let descriptor = Glibc.accept(listener, nil, nil)
        guard descriptor >= 0 else {
            let error = Errno.current
            switch error {
            case .processOutOfDescriptors, .systemOutOfDescriptors, .noBufferSpace, .outOfMemory:
                restingUntil = monotonicMilliseconds() + Self.backOffMilliseconds
                defer { lastAcceptFailed = true }
                return .backingOff(error, isFirst: !lastAcceptFailed)
            default:
                return .none  // EAGAIN, ECONNABORTED, EINTR, EPROTO: nothing to do
            }
        }
        lastAcceptFailed = false
        _ = dk_fcntl(descriptor, F_SETFD, FD_CLOEXEC)  // a single thread forks nothing in between
        let peer = PeerCredentials(of: descriptor)
        if let reason = access.refusal(of: peer) {
            return .refused(descriptor: descriptor, peer: peer, reason: reason)
        }
        guard admittingMore else {
            return .refused(descriptor: descriptor, peer: peer,
                            reason: "too many clients (\(RunLimits.maximumClients) at once); try again later")
        }
        return .accepted(descriptor: descriptor, peer: peer)
    }

    /// Connects to the socket at `address` without blocking: nil when someone answers (or would,
    /// once its queue has room), otherwise why not (``Errno/connectionRefused``: nobody listens).
    private static func probe(_ address: inout sockaddr_un) -> Errno? {
        let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard probe >= 0 else { return .current }
        defer { close(probe) }
        if withSocketAddress(&address, { connect(probe, $0, $1) }) == 0 { return nil }
        let error = Errno.current
        return error == .wouldBlock || error == .inProgress ? nil : error
    }

    private static func withSocketAddress(_ address: inout sockaddr_un, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Int32 {
        withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}

/// The bounds of `gesturectl run`'s clients (Docs/limits.md, "Limits").
package enum RunLimits {
    /// The most socket clients connected at once; the next one is refused with a reason.
    package static let maximumClients = 32
    /// While more bytes than this (256 KiB, beyond what the kernel's socket or pipe buffer
    /// holds) wait for a client, its commands are not read: its replies cannot pile up.
    package static let pauseReadingBytes = 1 << 18
    /// A client for which more bytes than this (4 MiB) wait has stopped reading and is
    /// disconnected. Only intents and device lines count against it: the reply to a command,
    /// a `query`'s state too, is always queued, as commands are read only below
    /// ``pauseReadingBytes``.
    package static let disconnectBytes = 1 << 22
    /// A client that takes no byte of what waits for it in this long has stopped reading and
    /// is disconnected (the default of `run --client-stall`).
    package static let stallSeconds: Int64 = 10
    /// The most commands applied between two reads of the touches: a client that pipelines
    /// thousands never holds up touch input (libinput warns past 20 ms).
    package static let commandsPerPass = 32
}

/// Who is at the other end of a Unix socket, as the kernel tells (`SO_PEERCRED`, `SO_PEERGROUPS`).
package struct PeerCredentials {
    package var pid: Int32
    package var uid: uid_t
    package var gid: gid_t
    /// The supplementary groups; empty when the kernel cannot tell (before Linux 4.13).
    package var groups: [gid_t]

    /// The credentials of the process that connected on `descriptor`; nil when the kernel gives none.
    package init?(of descriptor: Int32) {
        // struct ucred: pid, uid, gid (Glibc declares it only with _GNU_SOURCE).
        var credentials: (Int32, UInt32, UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return nil }
        (pid, uid, gid) = (credentials.0, credentials.1, credentials.2)
        groups = Self.peerGroups(of: descriptor)
    }

    /// The peer's supplementary groups, however many: a buffer too small gets `ERANGE` and the
    /// size the kernel needs, and the call is made again with that size.
    package static func peerGroups(of descriptor: Int32) -> [gid_t] {
        let peerGroups: Int32 = 59  // SO_PEERGROUPS, not in Glibc's module
        var groups = [gid_t](repeating: 0, count: 64)
        while true {
            var length = socklen_t(groups.count * MemoryLayout<gid_t>.size)
            if getsockopt(descriptor, SOL_SOCKET, peerGroups, &groups, &length) == 0 {
                return Array(groups.prefix(Int(length) / MemoryLayout<gid_t>.size))
            }
            let needed = Int(length) / MemoryLayout<gid_t>.size
            guard Errno.current.code == ERANGE, needed > groups.count else { return [] }
            groups = [gid_t](repeating: 0, count: needed)
        }
    }
}

/// Who may connect to the socket: root and the service's own user always, and the users and
/// groups of `--allow-uid` and `--allow-group` (a group counts as the peer's primary or a
/// supplementary group).
package struct PeerAccess {
    package var uids: Set<uid_t> = [0, geteuid()]
    package var groups: Set<gid_t> = []

    /// Root and the service's own user only.
    package init() {}

    /// Why `peer` may not connect, or nil when it may.
    func refusal(of peer: PeerCredentials?) -> String? {
        guard let peer else { return "the kernel does not say who connected (SO_PEERCRED); refused" }
        if uids.contains(peer.uid) { return nil }
        if groups.contains(peer.gid) || peer.groups.contains(where: groups.contains) { return nil }
        let allowedUIDs = uids.sorted().map(String.init).joined(separator: ", ")
        let allowedGroups = groups.isEmpty ? "" : "; groups \(groups.sorted().map(String.init).joined(separator: ", "))"
        return "uid \(peer.uid) may not connect (allowed: uids \(allowedUIDs)\(allowedGroups); see --allow-uid, --allow-group)"
    }
}

/// `CLOCK_MONOTONIC` in milliseconds.
package func monotonicMilliseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
}
