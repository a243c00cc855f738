import CSystemCalls
import DismissKit
import Glibc

/// One party to the protocol of `gesturectl run`: the host on standard input and output, or a
/// client of the socket. Its command lines are read in arrival order, and each gets its reply
/// on this client's own output, followed by the intents, which every client receives.
///
/// Backpressure (Docs/protocol.md, "The protocol"): while more than ``RunLimits/pauseReadingBytes``
/// wait for the client, its commands are not read; it is disconnected only when it takes no
/// byte for ``RunLimits/stallSeconds``, or when intents pass ``RunLimits/disconnectBytes``.
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
    /// Whether it is sent the protocol's lines; the host of `run --format text` is sent the text view instead.
    let speaksProtocol: Bool
    /// The client's command lines; nil once no more are read.
    private var commands: CommandLineReader?
    private var output: Output
    /// The socket, closed with the client; nil for the host.
    private let socket: Int32?
    /// The host's input and output (standard input and output in `gesturectl run`), replaced
    /// with `/dev/null` when the client is disconnected or closed; nil for a socket client.
    private let hostStreams: (input: Int32, output: Int32)?
    /// The service's clock (ms): when the client last took a byte, for stall detection.
    private let clock: () -> Int64
    /// Set once the client is disconnected: only the rest of the line it was in the middle of
    /// is still written, then it is closed.
    private(set) var isLeaving = false
    /// Set once the socket client's input ended: it is closed when its last reply is out.
    private var inputEnded = false

    /// The host, on `input` and `output` (standard input and output in `gesturectl run`):
    /// output to a pipe or a socket is queued, to a file or a terminal written as it comes.
    static func host(input: Int32, output: Int32, speaksProtocol: Bool, clock: @escaping () -> Int64) -> ProtocolClient {
        var status = stat()
        let kind = fstat(output, &status) == 0 ? FileType(status) : .unknown
        let writer: Output = kind == .fifo || kind == .socket
            ? .bounded(BoundedOutput(descriptor: output)) : .blocking(LineWriter(descriptor: output))
        return ProtocolClient(name: "stdin", source: "stdin", speaksProtocol: speaksProtocol, input: input, output: writer,
                              socket: nil, hostStreams: (input, output), clock: clock)
    }

    /// A client of the command socket, which it owns from now on.
    static func socketClient(_ descriptor: Int32, number: Int, peer: PeerCredentials?, clock: @escaping () -> Int64) -> ProtocolClient {
        let who = peer.map { " (uid \($0.uid), pid \($0.pid))" } ?? ""
        return ProtocolClient(name: "socket client \(number)\(who)", source: "socket client \(number)", speaksProtocol: true,
                              input: descriptor,
                              output: .bounded(BoundedOutput(descriptor: descriptor)), socket: descriptor, hostStreams: nil,
                              clock: clock)
    }

    private init(name: String, source: String, speaksProtocol: Bool, input: Int32, output: Output, socket: Int32?,
                 hostStreams: (input: Int32, output: Int32)?, clock: @escaping () -> Int64) {
        self.name = name
        self.source = source
        self.speaksProtocol = speaksProtocol
        self.commands = CommandLineReader(descriptor: input)
        self.output = output
        self.socket = socket
        self.hostStreams = hostStreams
        self.clock = clock
    }

    deinit {
        if let socket { Glibc.close(socket) }
    }

    /// Whether this is a client of the socket (not the host).
    var isSocketClient: Bool { socket != nil }

    /// Whether anything is still read from or written to the client; a gone client is dropped.
    var isConnected: Bool {
        if case .closed = output { return commands != nil }
        return true
    }

    /// Whether the client receives lines and has its commands applied (connected, not leaving).
    var isActive: Bool { isConnected && !isLeaving }

    /// The descriptor to watch for command lines: while they are read, none read is waiting to
    /// be applied, and the client keeps up with its output.
    var inputDescriptor: Int32? {
        guard let commands, commands.isOpen, !commands.holdsLines, !isPaused else { return nil }
        return commands.descriptor
    }

    /// The descriptor to watch for room to write, while lines wait for it.
    var waitingDescriptor: Int32? {
        if case .bounded(let queue) = output, queue.isWaiting { return queue.descriptor }
        return nil
    }

    /// Whether command lines read from the client may be waiting to be applied now.
    var hasCommandsWaiting: Bool {
        guard let commands, !isLeaving, !isPaused else { return false }
        return commands.holdsLines
    }

    /// Whether so much waits for the client that its commands are not read for now.
    private var isPaused: Bool {
        if case .bounded(let queue) = output { return queue.queuedCount > RunLimits.pauseReadingBytes }
        return false
    }

    /// The bytes waiting for the client.
    var queuedCount: Int {
        if case .bounded(let queue) = output { return queue.queuedCount }
        return 0
    }

    /// How long what waits for the client has waited without the client taking a byte.
    func millisecondsWithoutProgress(now: Int64) -> Int64 {
        if case .bounded(let queue) = output { return queue.millisecondsWithoutProgress(now: now) }
        return 0
    }

    /// Reads what has arrived (one `read`, so it does not block after `poll` said readable).
    func read() {
        commands?.read()
    }

    /// The next command line to apply; nil when none has been read, or while the client is
    /// paused. The end of a socket client's input, once every line before it is applied,
    /// closes the client when its replies are out.
    func nextCommand() -> CommandLineReader.Line? {
        guard !isLeaving, !isPaused, var reader = commands else { return nil }
        let line = reader.nextLine()
        commands = reader
        if line == nil, !reader.isOpen {
            commands = nil
            if socket != nil { inputEnded = true }
        }
        return line
    }

    /// Queues the reply to one of the client's commands (or its hello line): always, whatever waits.
    func send(reply line: [UInt8]) {
        switch output {
        case .bounded(var queue):
            queue.append(line, now: clock())
            output = .bounded(queue)
        case .blocking(var writer):
            writer.write(bytes: line)
            output = .blocking(writer)
        case .closed:
            break
        }
    }

    /// Queues an intent or device line; false, queueing nothing, when that would pass
    /// ``RunLimits/disconnectBytes``: the caller disconnects the client.
    func send(broadcast line: [UInt8]) -> Bool {
        if case .bounded(let queue) = output, queue.queuedCount + line.count > RunLimits.disconnectBytes { return false }
        send(reply: line)
        return true
    }

    /// Writes what the descriptor takes now; the reason when the client cannot be written.
    /// A leaving client whose last line is out, and a socket client whose input ended and
    /// whose replies are out, are closed.
    func flush() -> Errno? {
        var failure: Errno?
        switch output {
        case .bounded(var queue):
            let progress = queue.flush(now: clock())
            output = .bounded(queue)
            if case .failed(let error) = progress {
                // A socket client that closed its connection, or one already leaving, is just gone.
                let gone = socket != nil && (error == .brokenPipe || error.code == ECONNRESET)
                if gone || inputEnded || isLeaving || commands?.isOpen == false {
                    close()
                } else {
                    failure = error
                }
            } else if progress == .drained, isLeaving || inputEnded && commands == nil {
                close()
            }
        case .blocking(var writer):
            writer.flush()
            output = .blocking(writer)
            if isLeaving { close() }
        case .closed:
            break
        }
        return failure
    }

    /// Stops reading the client and writing it anything new. What is queued is still written
    /// (with `keepingQueued`, every line, such as the reply that says why; otherwise only the
    /// rest of the line the client is in the middle of), while the client takes it within
    /// ``RunLimits/stallSeconds``; then it is closed.
    func disconnect(keepingQueued: Bool) {
        commands = nil
        isLeaving = true
        if let socket {
            shutdown(socket, Int32(SHUT_RD))
        } else if let hostStreams {
            Self.replaceWithNull(hostStreams.input, mode: O_RDONLY)  // the host's writer sees its pipe closed now
        }
        if case .bounded(var queue) = output, !keepingQueued {
            queue.keepOnlyLineInProgress(now: clock())
            output = .bounded(queue)
        }
        _ = flush()
    }

    /// Closes the client: the socket is shut down, or the host's input and output are replaced
    /// with `/dev/null`, so the host's writer and reader see their pipes closed.
    func close() {
        commands = nil
        output = .closed
        if let socket {
            shutdown(socket, Int32(SHUT_RDWR))
        } else if let hostStreams {
            Self.replaceWithNull(hostStreams.input, mode: O_RDONLY)
            Self.replaceWithNull(hostStreams.output, mode: O_WRONLY)
        }
    }

    private static func replaceWithNull(_ descriptor: Int32, mode: Int32) {
        let null = dk_open("/dev/null", mode | O_CLOEXEC, 0)
        if null >= 0 {
            dup2(null, descriptor)
            Glibc.close(null)
        }
    }
}

/// Host command lines read from a descriptor as they arrive, numbered from 1; blank lines are skipped.
package struct CommandLineReader {
    /// A command line, or why it cannot be one.
    package struct Line {
        package var number: Int
        package var text: String
        /// Set when the line is skipped: the reason, for the error line.
        package var problem: String?
        /// Whether the line was longer than ``InputLimits/maximumLineLength`` (and not kept).
        package var isOverlong = false
    }

    package let descriptor: Int32
    package private(set) var isOpen = true
    /// Whether the bytes read may hold a line not yet handed out.
    package private(set) var holdsLines = false
    private var lines = LineSplitter(capacity: 1 << 16)

    package init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Reads what is available with one `read`; a failed read, like the end, ends the input.
    package mutating func read() {
        guard isOpen else { return }
        let count: Int
        do {
            count = try lines.append { buffer throws(Errno) in
                try SystemCall.checked { Glibc.read(descriptor, buffer.baseAddress, buffer.count) }
            }
        } catch {
            if error == .wouldBlock { return }
            count = 0
        }
        if count == 0 { isOpen = false }
        holdsLines = true
    }

    /// The next line read and not yet handed out (at the end of the input, its unterminated
    /// last line too); nil when there is none.
    package mutating func nextLine() -> Line? {
        while let line = lines.nextLine(inputEnded: !isOpen) {
            // However the bytes arrived: a line read whole in one go is held to the limit too.
            guard line.count <= InputLimits.maximumLineLength else {
                return Line(number: lines.lineNumber, text: "",
                            problem: "the command is longer than \(InputLimits.maximumLineLength) bytes", isOverlong: true)
            }
            guard let text = String(validating: line, as: UTF8.self) else {
                return Line(number: lines.lineNumber, text: "", problem: "the command is not valid UTF-8 text")
            }
            if !text.allSatisfy({ $0.isWhitespace }) { return Line(number: lines.lineNumber, text: text) }
        }
        holdsLines = false
        if lines.unfinishedLineLength > InputLimits.maximumLineLength {
            lines.skipUnfinishedLine()
            return Line(number: lines.lineNumber + 1, text: "",
                        problem: "the command is longer than \(InputLimits.maximumLineLength) bytes", isOverlong: true)
        }
        return nil
    }
}
