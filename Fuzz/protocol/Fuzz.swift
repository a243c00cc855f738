import DismissKit
import DismissKitService
import Glibc

/// The protocol service of `gesturectl run` (``ProtocolService``) driven by a script: the host
/// on a socket pair (its commands) and a pipe (its output), and up to four socket clients on
/// socket pairs, with small kernel buffers so that backpressure comes soon. The service's
/// clock is the script's, so stalls take no real time, and the passes of the service's loop
/// are run as `gesturectl run` runs them, with a `poll` that never waits.
///
/// The bytes: the first sets the options (bit 0: `--explain`); the rest is segments ended by
/// 0xFF, each a header byte and a payload. The header's low 3 bits are the operation, the
/// others pick the channel (0 the host, then the socket clients in the order they connected):
/// 0–2 send the payload, 3 run more passes, 4 stop or resume reading, 5 read a little once,
/// 6 half-close (a second time: close), 7 connect a client (even channel bits) or advance the
/// clock. One pass of the service follows each segment; at the end every channel reads and
/// half-closes, and the service runs until it has nothing left to do.
///
/// Checked (a violation stops the fuzzer): every line a channel receives is one JSON object
/// with a `type`, the first the hello line; no line is cut short, unless the channel was
/// disconnected for not reading; the replies' line numbers are those of the non-blank lines
/// sent, in order (all of them, at the end, for a channel never disconnected); every
/// channel's intents are a run of the host's; a channel that always read is never
/// disconnected; no client has more than ``RunLimits/disconnectBytes`` waiting; nothing hangs
/// (no byte moves for 1,000 passes while the service has work); no descriptor is left open;
/// no SIGPIPE. A script whose output passes 4 MiB ends there (``ProtocolScript/outputBudget``).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProtocol(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    _ = brokenPipeIsAFinding
    let lowestFreeDescriptor = lowestFree()
    do {
        var script = ProtocolScript(UnsafeBufferPointer(start: data, count: size))
        script.run()
    }
    guard lowestFree() == lowestFreeDescriptor else { violation("a descriptor is left open after the service ended") }
    return 0
}

/// A SIGPIPE (a write to a pipe whose reader went away, which the service must take as the
/// client gone) aborts with a message, so that libFuzzer keeps the input; unhandled, it would
/// end the process without one.
private let brokenPipeIsAFinding: Void = {
    signal(SIGPIPE) { _ in
        let message = Array("protocol invariant: the service was killed by SIGPIPE\n".utf8)
        _ = write(STDERR_FILENO, message, message.count)
        abort()
    }
}()

private func violation(_ message: String) -> Never {
    fatalError("protocol invariant: \(message)")
}

/// The client a note `gesturectl: NAME disconnected: REASON` names; nil for another note.
private func disconnectedClient(in note: String) -> String? {
    let marker = Array(" disconnected: ".utf8)
    let bytes = Array(note.utf8)
    let prefix = Array("gesturectl: ".utf8)
    guard bytes.starts(with: prefix), bytes.count > marker.count else { return nil }
    for start in prefix.count...(bytes.count - marker.count) where bytes[start..<(start + marker.count)].elementsEqual(marker) {
        return String(decoding: bytes[prefix.count..<start], as: UTF8.self)
    }
    return nil
}

/// The lowest descriptor number not in use.
private func lowestFree() -> Int32 {
    let descriptor = dup(0)
    close(descriptor)
    return descriptor
}

/// The session the commands are applied to: the real pipeline, on the script's clock.
private final class PipelineSession: CommandSession {
    var pipeline = DismissalPipeline(scene: Scene(presentations: [
        Presentation(id: "compose", style: .sheet, detents: [.medium, .large], grabber: true, unsavedChanges: true),
        Presentation(id: "share", style: .popover, modal: false, unsavedChanges: true,
                     frame: Rect(x: 900, y: 60, width: 320, height: 400)),
    ]))
    var microseconds: Int64 = 0

    var stateJSONLine: JSONLine { pipeline.stateJSONLine }
    var names: PresentationNames { pipeline.names }

    func apply(_ command: HostCommand, text: String?, source: String?) throws(HostCommandError) -> [Intent] {
        var intents: [Intent] = []
        try pipeline.apply(command, time: microseconds, into: &intents)
        return intents
    }

    func recordUnparsedCommand(_ text: String, source: String?) {}

    var microsecondsUntilTick: Int64? { pipeline.nextTick.map { max(0, $0 - microseconds) } }

    func tick() -> [Intent] {
        var intents: [Intent] = []
        try? pipeline.apply(.tick, time: microseconds, into: &intents)
        return intents
    }
}

/// One end of the protocol as a client sees it: what it sends, what it receives, and what it expects.
private final class Channel {
    /// The service's name for it, in notes: `stdin`, `socket client N`.
    let name: String
    /// Where the channel writes its commands, and where it reads what the service sends.
    let commandEnd: Int32
    let outputEnd: Int32
    private(set) var isReading = true
    /// Whether it has read everything after every pass since it connected.
    private(set) var alwaysRead = true
    private(set) var halfClosed = false
    /// Whether the end of its input was sent (after a half-close, once all was written).
    private var inputEnded = false
    private(set) var closed = false
    private(set) var outputEnded = false
    /// Set when the service noted its disconnection.
    var disconnected = false
    /// The command bytes not yet taken by the kernel, and whether the service refused more.
    private var outgoing: [UInt8] = []
    private var inputRefused = false
    /// The command lines sent: the line being written, how many lines ended, the numbers of the non-blank ones.
    private var unfinishedLine: [UInt8] = []
    private var linesSent = 0
    private var commandLines: [Int] = []
    private var received: [UInt8] = []
    private var greeted = false
    private(set) var repliesReceived = 0
    /// Every byte received, and every byte the kernel took from it.
    private(set) var bytesReceived = 0
    private(set) var bytesSent = 0
    private(set) var intents: [String] = []

    init(name: String, commandEnd: Int32, outputEnd: Int32) {
        self.name = name
        self.commandEnd = commandEnd
        self.outputEnd = outputEnd
        for descriptor in [commandEnd, outputEnd] { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) }
    }

    deinit {
        if !closed { closeBoth() }
    }

    var hasOutgoing: Bool { !outgoing.isEmpty && !inputRefused && !closed }

    func send(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !halfClosed, !closed else { return }
        outgoing.append(contentsOf: bytes)
        writeOutgoing()
    }

    /// Writes what the kernel takes now; the end of the input once all is written after a half-close.
    func writeOutgoing() {
        guard !closed else { return }
        while !outgoing.isEmpty && !inputRefused {
            let count = outgoing.withUnsafeBytes { Glibc.send(commandEnd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            if count < 0 {
                if errno == EAGAIN || errno == EINTR { return }
                inputRefused = true  // disconnected: the service reads no more
                break
            }
            noteSent(outgoing[..<count])
            outgoing.removeFirst(count)
        }
        if halfClosed && !inputEnded && (outgoing.isEmpty || inputRefused) {
            inputEnded = true
            if !unfinishedLine.isEmpty { endLine() }  // the last line, without its newline
            shutdown(commandEnd, Int32(SHUT_WR))
        }
    }

    private func noteSent(_ bytes: ArraySlice<UInt8>) {
        bytesSent += bytes.count
        for byte in bytes {
            if byte == 0x0A {
                endLine()
            } else {
                unfinishedLine.append(byte)
            }
        }
    }

    private func endLine() {
        linesSent += 1
        if unfinishedLine.last == 0x0D { unfinishedLine.removeLast() }
        let blank = String(validating: unfinishedLine, as: UTF8.self)?.allSatisfy(\.isWhitespace) ?? false
        if !blank { commandLines.append(linesSent) }
        unfinishedLine.removeAll(keepingCapacity: true)
    }

    func toggleReading() {
        isReading.toggle()
        alwaysRead = false
    }

    /// Half-closes the channel once what it sends is out; a second time, closes it.
    func halfClose() {
        guard !closed else { return }
        if halfClosed {
            closeBoth()
            return
        }
        halfClosed = true
        writeOutgoing()
    }

    private func closeBoth() {
        closed = true
        close(commandEnd)
        if outputEnd != commandEnd { close(outputEnd) }
    }

    /// Reads what has arrived, up to `limit` bytes.
    func read(limit: Int = .max) {
        guard !closed, !outputEnded else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        var total = 0
        while total < limit {
            let count = Glibc.read(outputEnd, &buffer, min(buffer.count, limit - total))
            if count == 0 {
                outputEnded = true
                if !received.isEmpty && !disconnected { violation("\(name): a line cut short at the end: \(String(decoding: received, as: UTF8.self))") }
                return
            }
            if count < 0 { return }  // EAGAIN; ECONNRESET once the service closed its end with bytes unread
            total += count
            bytesReceived += count
            received.append(contentsOf: buffer[..<count])
            takeLines()
        }
    }

    private func takeLines() {
        var start = received.startIndex
        while let newline = received[start...].firstIndex(of: 0x0A) {
            check(line: received[start..<newline])
            start = newline + 1
        }
        received.removeSubrange(..<start)
    }

    private func check(line bytes: ArraySlice<UInt8>) {
        guard let text = String(validating: bytes, as: UTF8.self) else { violation("\(name): a line not UTF-8") }
        if !greeted {
            guard bytes.elementsEqual(ProtocolService.hello.dropLast()) else { violation("\(name): began with \(text), not the hello line") }
            greeted = true
            return
        }
        let value: JSONValue
        do {
            value = try JSONValue(parsing: text)
        } catch {
            violation("\(name): not one JSON value (\(error)): \(text)")
        }
        guard case .object(let members) = value.kind,
              case .string(let type)? = members.first(where: { $0.key == "type" })?.value.kind else {
            violation("\(name): not an object with a type: \(text)")
        }
        switch type {
        case "ok", "error", "state":
            guard case .number(let number)? = members.first(where: { $0.key == "line" })?.value.kind else {
                violation("\(name): a reply without its line: \(text)")
            }
            guard repliesReceived < commandLines.count, Double(commandLines[repliesReceived]) == number else {
                violation("\(name): reply \(repliesReceived + 1) is for line \(number); the command lines sent: \(commandLines.prefix(repliesReceived + 1))")
            }
            repliesReceived += 1
        case "hello":
            violation("\(name): a second hello line")
        default:
            intents.append(text)
        }
    }

    /// At the end: a channel never disconnected got a reply to every command line it sent.
    func checkEveryCommandAnswered() {
        guard !disconnected, !closed, !inputRefused else { return }
        if repliesReceived != commandLines.count {
            violation("\(name): \(repliesReceived) replies to \(commandLines.count) command lines")
        }
    }
}

private struct ProtocolScript {
    static let stallSeconds: Int64 = 2
    static let maximumSocketClients = 4
    /// A script whose channels receive more than this ends there, unchecked at the end: a
    /// few `query`s of a large scene make output without bound, at the pace of the buffers.
    static let outputBudget = 4 << 20
    /// Passes in a row in which no byte moves while the service still has work: a hang.
    static let passesWithoutProgress = 1_000

    private var bytes: UnsafeBufferPointer<UInt8>
    private let explain: Bool
    private var channels: [Channel] = []
    private let session = PipelineSession()
    private let clock = Clock()
    private let notes = Notes()
    private var service: ProtocolService

    /// The script's time, in milliseconds.
    private final class Clock {
        var now: Int64 = 1_000
    }

    private final class Notes {
        var disconnected: [String] = []
    }

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        explain = (bytes.first ?? 0) & 1 == 1
        self.bytes = bytes.isEmpty ? bytes : UnsafeBufferPointer(rebasing: bytes.dropFirst())
        let host = Self.socketPair()
        var output: [Int32] = [-1, -1]
        guard pipe(&output) == 0 else { violation("no pipe: \(errno)") }
        _ = fcntl(output[1], 1031, 4096)  // F_SETPIPE_SZ: one page
        channels.append(Channel(name: "stdin", commandEnd: host.client, outputEnd: output[0]))
        let (clock, notes) = (clock, notes)
        service = ProtocolService(session: session, explain: explain, printTouchEvents: false, stallSeconds: Self.stallSeconds,
                                  host: (host.service, output[1]), clock: { clock.now }) { note in
            if let name = disconnectedClient(in: note) { notes.disconnected.append(name) }
        }
        hostDescriptors = (host.service, output[1])
    }

    /// The service's ends of the host's streams, which it never closes (standard input and
    /// output in `gesturectl run`).
    private let hostDescriptors: (input: Int32, output: Int32)

    /// A connected stream socket pair: the client's end and the service's (its send buffer small).
    private static func socketPair() -> (client: Int32, service: Int32) {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            violation("no socket pair: \(errno)")
        }
        var size: Int32 = 4096
        _ = setsockopt(ends[1], SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        return (ends[0], ends[1])
    }

    /// Runs the script; the host's ends of its streams are closed after it (the socket
    /// clients' close with the service).
    mutating func run() {
        defer {
            close(hostDescriptors.input)
            close(hostDescriptors.output)
        }
        var segments = bytes.split(separator: 0xFF, omittingEmptySubsequences: true)[...]
        while let segment = segments.popFirst() {
            perform(segment)
            pass()
            if bytesMoved.received > Self.outputBudget { return }
        }
        finish()
    }

    private mutating func perform(_ segment: Slice<UnsafeBufferPointer<UInt8>>) {
        let header = segment[segment.startIndex]
        let payload = UnsafeBufferPointer(rebasing: segment.dropFirst())
        let who = Int(header >> 3)
        let channel = channels[who % channels.count]
        let amount = Int(payload.first ?? 0)
        switch header & 7 {
        case 0, 1, 2: channel.send(payload)
        case 3: for _ in 0..<(amount % 16) { pass() }
        case 4: channel.toggleReading()
        case 5: channel.read(limit: (amount + 1) * 16)
        case 6: channel.halfClose()
        default:
            if who % 2 == 0 {
                connect()
            } else {
                clock.now += Int64(amount) * 16
            }
        }
    }

    private mutating func connect() {
        guard channels.count <= Self.maximumSocketClients else { return }
        let pair = Self.socketPair()
        channels.append(Channel(name: "socket client \(channels.count)", commandEnd: pair.client, outputEnd: pair.client))
        service.connect(socketClient: pair.service, peer: nil)
    }

    /// One pass of `gesturectl run`'s loop, then each channel writes and reads what it can.
    private mutating func pass() {
        session.microseconds = clock.now * 1000
        service.dropDisconnectedClients()
        service.tickIfDue()
        service.readCommands(from: readable(service.inputDescriptors))
        service.flush()
        for (client, count) in service.queuedByteCounts where count > RunLimits.disconnectBytes {
            violation("\(client): \(count) bytes waiting")
        }
        for name in notes.disconnected {
            guard let channel = channels.first(where: { name == $0.name }) else { violation("an unknown client disconnected: \(name)") }
            if channel.alwaysRead && !channel.closed { violation("\(name) was disconnected although it always read") }
            channel.disconnected = true
        }
        notes.disconnected.removeAll()
        for channel in channels {
            channel.writeOutgoing()
            if channel.isReading { channel.read() }
        }
    }

    /// Every channel reads again and ends its input; the service runs until it has nothing left to do.
    private mutating func finish() {
        for channel in channels {
            if !channel.isReading { channel.toggleReading() }
            if !channel.halfClosed { channel.halfClose() }
        }
        var idlePasses = 0
        repeat {
            let before = bytesMoved
            pass()
            if bytesMoved.received > Self.outputBudget { return }
            idlePasses = bytesMoved == before ? idlePasses + 1 : 0
            if idlePasses > Self.passesWithoutProgress { violation("the service has work but moves nothing") }
        } while channels.contains(where: \.hasOutgoing) || service.millisecondsUntilDue != nil
            || !readable(service.inputDescriptors).isEmpty
        for channel in channels { channel.checkEveryCommandAnswered() }
        let host = channels[0]
        guard !host.disconnected, !host.closed else { return }
        for channel in channels.dropFirst() where !channel.intents.isEmpty {
            let starts = host.intents.indices.filter { host.intents[$0...].starts(with: channel.intents) }
            if starts.isEmpty { violation("\(channel.name): its intents are not a run of the host's") }
        }
    }

    /// The bytes all channels have received and sent.
    private var bytesMoved: (received: Int, sent: Int) {
        channels.reduce((0, 0)) { ($0.0 + $1.bytesReceived, $0.1 + $1.bytesSent) }
    }

    /// The descriptors of `descriptors` that are readable now (or hung up).
    private func readable(_ descriptors: [Int32]) -> [Int32] {
        var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        guard poll(&entries, nfds_t(entries.count), 0) > 0 else { return [] }
        return entries.filter { $0.revents != 0 }.map(\.fd)
    }
}
