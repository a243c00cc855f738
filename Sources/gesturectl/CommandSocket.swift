import DismissKit
import Glibc

/// A Unix stream socket serving the host protocol of `gesturectl run`: commands in, intents out,
/// one client at a time (the next waits in the listen queue until the current one leaves).
final class CommandSocket {
    /// Why the socket could not be set up.
    struct SetupError: Error, CustomStringConvertible {
        var description: String
    }

    let path: String
    let listener: Int32
    /// The connected client, if any.
    private(set) var client: Int32?
    /// The client's commands, line by line.
    private(set) var commands: CommandLineReader?

    /// Creates the socket at `path` with mode 0600 (a stale socket there is replaced; any other file is not).
    init(path: String) throws(SetupError) {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard path.utf8.count < capacity else {
            throw SetupError(description: "socket path '\(path)' is longer than \(capacity - 1) bytes")
        }
        var status = stat()
        if lstat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFSOCK else {
                throw SetupError(description: "'\(path)' exists and is not a socket; not replacing it")
            }
            unlink(path)
        }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw SetupError(description: "cannot create a socket: \(Self.reason())") }
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (index, byte) in path.utf8.enumerated() { bytes[index] = byte }
        }
        // Created with no permissions for others, then opened to the owner only.
        let previousMask = umask(0o177)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        umask(previousMask)
        guard bound == 0, chmod(path, 0o600) == 0, listen(descriptor, 4) == 0 else {
            let reason = Self.reason()
            close(descriptor)
            throw SetupError(description: "cannot listen on '\(path)': \(reason)")
        }
        self.path = path
        listener = descriptor
    }

    deinit {
        if let client { close(client) }
        close(listener)
        unlink(path)
    }

    /// The descriptors to poll: the client while one is connected, otherwise the listener.
    var watched: [Int32] { client.map { [$0] } ?? [listener] }

    /// Accepts the next client after the listener became readable.
    func acceptClient() {
        let descriptor = accept(listener, nil, nil)
        guard descriptor >= 0 else { return }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        client = descriptor
        commands = CommandLineReader(descriptor: descriptor)
    }

    /// Reads the client's complete command lines; forgets the client when it has gone.
    func readCommands() -> [CommandLineReader.Line] {
        guard var reader = commands else { return [] }
        let lines = reader.readLines()
        commands = reader
        if !reader.isOpen { disconnect() }
        return lines
    }

    /// Sends one line, its newline included, to the client; a client that cannot take it is disconnected.
    func send(bytes: [UInt8]) {
        guard let client else { return }
        do {
            try SystemCall.writeAll(bytes) { start, count in Glibc.send(client, start, count, Int32(MSG_NOSIGNAL)) }
        } catch {
            disconnect()
        }
    }

    private func disconnect() {
        if let client { close(client) }
        client = nil
        commands = nil
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}
