import DismissKit
import Glibc

/// One party to the protocol of `gesturectl run`: the host on standard input and output, or a
/// client of the socket. Its command lines are read in arrival order, and each gets its reply
/// on this client's own output, followed by the intents, which every client receives.
final class ProtocolClient {
    /// How lines reach the client.
    private enum Output {
        /// A pipe or a socket: queued and written without blocking (``BoundedOutput``).
        case bounded(BoundedOutput)
        /// Standard output on a file or a terminal, which cannot refuse to take a line:
        /// written in blocks as ``LineWriter`` writes.
        case blocking(LineWriter)
        /// Nothing more is written.
        case closed
    }

    /// Names the client in notes on standard error: `stdin` or `socket client N (uid U, pid P)`.
    let name: String
    /// Names where its commands come from in error lines: `stdin` or `socket client N`.
    let source: String
    /// The client's command lines; nil once they are no longer read.
    private(set) var commands: CommandLineReader?
    private var output: Output
    /// The socket, closed with the client; nil for standard input and output.
    private let socket: Int32?

    /// The host on standard input and output.
    static func standardStreams() -> ProtocolClient {
        var status = stat()
        let kind = fstat(STDOUT_FILENO, &status) == 0 ? status.st_mode & S_IFMT : 0
        let output: Output = kind == S_IFIFO || kind == S_IFSOCK
            ? .bounded(BoundedOutput(descriptor: STDOUT_FILENO)) : .blocking(LineWriter.standardOutput())
        return ProtocolClient(name: "stdin", source: "stdin", input: STDIN_FILENO, output: output, socket: nil)
    }

    /// A client of the command socket, which it owns from now on.
    static func socketClient(_ descriptor: Int32, number: Int, peer: PeerCredentials?, capacity: Int) -> ProtocolClient {
        let who = peer.map { " (uid \($0.uid), pid \($0.pid))" } ?? ""
        return ProtocolClient(name: "socket client \(number)\(who)", source: "socket client \(number)", input: descriptor,
                              output: .bounded(BoundedOutput(descriptor: descriptor, capacity: capacity)), socket: descriptor)
    }

    private init(name: String, source: String, input: Int32, output: Output, socket: Int32?) {
        self.name = name
        self.source = source
        self.commands = CommandLineReader(descriptor: input)
        self.output = output
        self.socket = socket
    }

    deinit {
        if let socket { close(socket) }
    }

    /// Whether this is a client of the socket (not the host on standard input and output).
    var isSocketClient: Bool { socket != nil }

    /// The descriptor to watch for command lines, while they are read.
    var inputDescriptor: Int32? { commands?.descriptor }

    /// The descriptor to watch for room to write, while lines wait for it.
    var waitingDescriptor: Int32? {
        if case .bounded(let queue) = output, queue.isWaiting { return queue.descriptor }
        return nil
    }

    /// Whether the client still reads or receives anything; a gone client is dropped.
    var isConnected: Bool {
        if case .closed = output { return commands != nil }
        return true
    }

    /// Reads what has arrived and returns the complete command lines.
    ///
    /// A socket client that closed its end is disconnected; standard input that ended is only
    /// no longer read.
    func readCommands() -> [CommandLineReader.Line] {
        guard var reader = commands else { return [] }
        let lines = reader.readLines()
        commands = reader.isOpen ? reader : nil
        if !reader.isOpen && socket != nil { disconnect() }
        return lines
    }

    /// Queues a line (its newline included); false when the client has stopped reading (its
    /// queue is full) or cannot be written: the caller disconnects it.
    func send(_ line: [UInt8]) -> Bool {
        switch output {
        case .bounded(var queue):
            let queued = queue.append(line)
            output = .bounded(queue)
            return queued
        case .blocking(var writer):
            writer.write(bytes: line)
            output = .blocking(writer)
            return true
        case .closed:
            return true
        }
    }

    /// Writes what the descriptor takes now; the reason when the client cannot be written.
    func flush() -> Errno? {
        switch output {
        case .bounded(var queue):
            let progress = queue.flush()
            output = .bounded(queue)
            if case .failed(let error) = progress { return error }
            return nil
        case .blocking(var writer):
            writer.flush()
            output = .blocking(writer)
            return nil
        case .closed:
            return nil
        }
    }

    /// Stops reading and writing: one last write of what is queued, if the descriptor takes it
    /// now, then the socket is shut down, or standard input and output are replaced with
    /// `/dev/null`, so the host's writer and reader see their pipes closed.
    func disconnect() {
        _ = flush()
        commands = nil
        output = .closed
        if let socket {
            shutdown(socket, Int32(SHUT_RDWR))
        } else {
            for (descriptor, mode) in [(STDIN_FILENO, O_RDONLY), (STDOUT_FILENO, O_WRONLY)] {
                let null = open("/dev/null", mode | O_CLOEXEC)
                if null >= 0 {
                    dup2(null, descriptor)
                    close(null)
                }
            }
        }
    }
}
