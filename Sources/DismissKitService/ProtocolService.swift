import DismissKit
import Glibc

/// The protocol side of `gesturectl run`: its clients (the host on standard input and output
/// first, then the socket's), their commands applied to the session and answered, and every
/// intent and device change sent to every client.
///
/// Nothing here waits for a client: output goes through each client's queue, written between
/// commands; a client that falls behind has its commands read no further until it catches up
/// (``ProtocolClient``), and one that stopped reading is disconnected with a note on standard error.
///
/// The service keeps no time of its own: the stall rule reads the clock it is given.
package struct ProtocolService {
    private let session: any CommandSession
    private let stallSeconds: Int64
    /// Milliseconds on a steady clock (`CLOCK_MONOTONIC` in `gesturectl run`).
    private let clock: () -> Int64
    /// Writes a note for people (standard error in `gesturectl run`).
    private let note: (String) -> Void
    private let explain: Bool
    /// `--touch-events`: touch events go out instead of intents and device lines.
    private let printTouchEvents: Bool
    /// `--format text`: the host is sent the text view instead of the protocol's lines.
    private let textView: StepText?
    private var clients: [ProtocolClient]
    private var nextClientNumber = 1
    /// The line being composed, reused.
    private var line: [UInt8] = []

    /// - Parameters:
    ///   - stallSeconds: how long a client may take none of the bytes waiting for it before it
    ///     is disconnected (`run --client-stall`).
    ///   - textView: the host's output is the text view (`run --format text`): touches,
    ///     decisions and intents, one line each, as `replay --format text` prints them; its
    ///     commands are still read, and answered only on standard error when refused.
    ///   - host: the host's command input and its output.
    ///   - clock: milliseconds on a steady clock.
    ///   - note: writes a note for people.
    package init(session: any CommandSession, explain: Bool, printTouchEvents: Bool, stallSeconds: Int64 = RunLimits.stallSeconds,
                 textView: StepText? = nil, host: (input: Int32, output: Int32) = (STDIN_FILENO, STDOUT_FILENO),
                 clock: @escaping () -> Int64 = monotonicMilliseconds, note: @escaping (String) -> Void = { MessageWriter.write($0) }) {
        self.session = session
        self.stallSeconds = stallSeconds
        self.clock = clock
        self.note = note
        clients = [ProtocolClient.host(input: host.input, output: host.output, speaksProtocol: textView == nil, clock: clock)]
        self.textView = textView
        self.explain = explain
        self.printTouchEvents = printTouchEvents
        line.reserveCapacity(4096)
        if textView == nil { clients[0].send(reply: Self.hello) }
    }

    /// The first line of every connection: `{"protocol":N,"type":"hello","version":"…"}`.
    package static let hello: [UInt8] = {
        var line = JSONLine()
        line.set("type", .string("hello"))
        line.set("version", .string(DismissKitVersion.release))
        line.set("protocol", .integer(Int64(DismissKitVersion.protocolNumber)))
        var bytes: [UInt8] = []
        line.append(to: &bytes)
        return bytes
    }()

    /// The descriptors to watch for command lines.
    package var inputDescriptors: [Int32] { clients.compactMap { $0.inputDescriptor } }

    /// Appends ``inputDescriptors`` to `descriptors`, which the loop reuses from wait to wait.
    package func appendInputDescriptors(to descriptors: inout [Int32]) {
        for client in clients { if let descriptor = client.inputDescriptor { descriptors.append(descriptor) } }
    }

    /// Appends the descriptors to watch for room to write to `descriptors`, which the loop reuses from wait to wait.
    package func appendWaitingDescriptors(to descriptors: inout [Int32]) {
        for client in clients { if let descriptor = client.waitingDescriptor { descriptors.append(descriptor) } }
    }

    /// How long the loop may wait for input (ms): 0 while commands read are waiting to be
    /// applied, else until a client's stall is due; nil while nothing is due.
    package var millisecondsUntilDue: Int64? {
        if clients.contains(where: { $0.hasCommandsWaiting }) { return 0 }
        let now = clock()
        var earliest: Int64?
        for client in clients where client.waitingDescriptor != nil {
            let due = max(0, stallSeconds * 1000 - client.millisecondsWithoutProgress(now: now))
            earliest = min(earliest ?? due, due)
        }
        return earliest
    }

    /// The bytes waiting for each connected client, by its name.
    package var queuedByteCounts: [(client: String, count: Int)] {
        clients.filter { $0.isConnected }.map { ($0.name, $0.queuedCount) }
    }

    /// Forgets the clients that have gone (their sockets close).
    package mutating func dropDisconnectedClients() {
        clients.removeAll { !$0.isConnected }
    }

    /// Notes device changes and sends every client the lines of what one wait produced.
    package mutating func handle(_ input: LiveDismissalSession.Input) {
        for change in input.deviceChanges {
            switch change {
            case .deviceAdded(let device):
                note("gesturectl: device added: \(device.name)")
                if !printTouchEvents { broadcast { device.changeJSONLine(added: true).append(to: &$0) } }
            case .deviceRemoved(let device):
                note("gesturectl: device removed: \(device.name)")
                if !printTouchEvents { broadcast { device.changeJSONLine(added: false).append(to: &$0) } }
            case .touch, .escapeKey: break
            }
        }
        if textView != nil {
            show(Self.steps(touches: input.touches, decisions: printTouchEvents ? [] : input.decisions,
                            intents: printTouchEvents ? [] : input.intents))
        }
        if printTouchEvents {
            for touch in input.touches { broadcast { touch.appendJSONLine(to: &$0) } }
        } else if explain {
            broadcast(input.intents, after: input.decisions)
        } else {
            broadcast(input.intents)
        }
    }

    /// Ticks the session when its idle rule needs it now (``LiveDismissalSession/tick()``), and
    /// sends every client what the tick caused.
    package mutating func tickIfDue() {
        guard session.microsecondsUntilTick == 0 else { return }
        let intents = session.tick()
        guard !printTouchEvents else { return }
        broadcast(intents)
        show(intents.map(Replay.Step.intent))
    }

    /// Reads what arrived from every client whose descriptor is readable, then applies and
    /// answers the commands (``flush()``).
    package mutating func readCommands(from readable: [Int32]) {
        for client in clients {
            if let descriptor = client.inputDescriptor, readable.contains(descriptor) { client.read() }
        }
        flush()
    }

    /// Accepts a client after the listener became readable, or refuses it with a reason.
    package mutating func accept(from socket: CommandSocket) {
        let admittingMore = clients.count(where: { $0.isSocketClient && $0.isConnected }) < RunLimits.maximumClients
        switch socket.accept(admittingMore: admittingMore) {
        case .accepted(let descriptor, let peer):
            connect(socketClient: descriptor, peer: peer)
        case .refused(let descriptor, let peer, let reason):
            let who = peer.map { "uid \($0.uid), pid \($0.pid)" } ?? "unknown peer"
            note("gesturectl: refused a socket client (\(who)): \(reason)")
            line = Self.hello
            HostReply.error(line: 0, reason: reason).appendJSONLine(to: &line)
            _ = line.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            close(descriptor)
        case .backingOff(let error, let isFirst):
            if isFirst {
                note("gesturectl: cannot accept a socket client (\(error)); trying again every \(CommandSocket.backOffMilliseconds) ms")
            }
        case .none:
            break
        }
    }

    /// Serves a socket client let in, on `descriptor`, which the service owns from now on: it
    /// is sent the hello line.
    package mutating func connect(socketClient descriptor: Int32, peer: PeerCredentials?) {
        let client = ProtocolClient.socketClient(descriptor, number: nextClientNumber, peer: peer, clock: clock)
        nextClientNumber += 1
        clients.append(client)
        client.send(reply: Self.hello)
        note("gesturectl: \(client.name) connected")
    }

    /// Writes to every client what its descriptor takes now, and applies the commands read and
    /// not yet applied, the clients' in turn, line by line, writing out after each, up to
    /// ``RunLimits/commandsPerPass`` (the rest wait for the next pass, after the loop has read
    /// the touches); then disconnects the clients that have taken nothing for ``stallSeconds``.
    package mutating func flush() {
        writeOut()
        var budget = RunLimits.commandsPerPass
        var applied = true
        while applied && budget > 0 {
            applied = false
            for client in clients where budget > 0 {
                guard let command = client.nextCommand() else { continue }
                apply(command, from: client)
                writeOut()
                applied = true
                budget -= 1
            }
        }
        let now = clock()
        for client in clients where client.millisecondsWithoutProgress(now: now) >= stallSeconds * 1000 {
            if client.isLeaving {
                client.close()
            } else {
                disconnect(client, because: "stopped reading (took none of the bytes waiting for it in \(stallSeconds) s)")
            }
        }
    }

    /// Writes to every client what its descriptor takes now; a client that cannot be written is disconnected.
    package func writeOut() {
        for client in clients where client.isConnected {
            if let error = client.flush() { disconnect(client, because: "cannot be written (\(error))") }
        }
    }

    // MARK: - Private

    private mutating func apply(_ command: CommandLineReader.Line, from client: ProtocolClient) {
        if let problem = command.problem {
            note("Error: \(client.source):\(command.number): \(problem)")
            reply(to: client, .error(line: command.number, reason: problem))
            if command.isOverlong {
                disconnect(client, because: "sent a command line longer than \(InputLimits.maximumLineLength) bytes", keepingQueued: true)
            }
            return
        }
        let request: HostRequest
        do {
            request = try HostCommandParser.parseRequest(command.text)
        } catch {
            session.recordUnparsedCommand(command.text, source: client.source)
            refuse(command, from: client, reason: error.reason)
            return
        }
        switch request {
        case .query:
            var state = session.stateJSONLine
            state.set("line", .integer(Int64(command.number)))
            if let textView, !client.isSocketClient {
                showText(textView.stateLine(state.text))
            } else {
                send(to: client) { state.append(to: &$0) }
            }
        case .command(let hostCommand):
            do {
                let intents = try session.apply(hostCommand, text: command.text, source: client.source)
                reply(to: client, .ok(line: command.number))
                if !printTouchEvents {
                    broadcast(intents)
                    show(intents.map(Replay.Step.intent))
                }
            } catch {
                refuse(command, from: client, reason: error.reason)
            }
        }
    }

    private mutating func refuse(_ command: CommandLineReader.Line, from client: ProtocolClient, reason: String) {
        note("Error: \(client.source):\(command.number): \(reason)")
        reply(to: client, .error(line: command.number, reason: reason))
    }

    private mutating func reply(to client: ProtocolClient, _ reply: HostReply) {
        send(to: client) { reply.appendJSONLine(to: &$0) }
    }

    /// Sends the recogniser's decisions and the intents, each decision before the intents of
    /// its time (the ones it caused), as `replay --explain` orders them.
    private mutating func broadcast(_ intents: [Intent], after decisions: [GestureDecision]) {
        var pending = decisions[...]
        let names = session.names
        for intent in intents {
            while let decision = pending.first, decision.time <= intent.time {
                broadcast { decision.jsonLine(names: names).append(to: &$0) }
                pending.removeFirst()
            }
            broadcast { intent.appendJSONLine(to: &$0, explain: true, names: names) }
        }
        for decision in pending { broadcast { decision.jsonLine(names: names).append(to: &$0) } }
    }

    private mutating func broadcast(_ intents: [Intent]) {
        let explain = explain
        let names = session.names
        for intent in intents { broadcast { intent.appendJSONLine(to: &$0, explain: explain, names: names) } }
    }

    /// Sends the line `write` appends (with its newline) to every client.
    private mutating func broadcast(_ write: (inout [UInt8]) -> Void) {
        line.removeAll(keepingCapacity: true)
        write(&line)
        for client in clients where client.isActive && client.speaksProtocol && !client.send(broadcast: line) {
            disconnect(client, because: Self.overflowReason)
        }
    }

    /// Sends the reply `write` appends (with its newline) to `client`: it is always queued.
    private mutating func send(to client: ProtocolClient, _ write: (inout [UInt8]) -> Void) {
        line.removeAll(keepingCapacity: true)
        write(&line)
        if client.isActive && client.speaksProtocol { client.send(reply: line) }
    }

    /// The live steps of one wait in the order a replay gives them (``Replay/Step``): at each
    /// time its touches, then the decisions, then the intents.
    package static func steps(touches: [TouchEvent], decisions: [GestureDecision], intents: [Intent]) -> [Replay.Step] {
        let timed = touches.map { ($0.time, 0, Replay.Step.touch($0)) } + decisions.map { ($0.time, 1, Replay.Step.decision($0)) }
            + intents.map { ($0.time, 2, Replay.Step.intent($0)) }
        return timed.enumerated()
            .sorted { ($0.element.0, $0.element.1, $0.offset) < ($1.element.0, $1.element.1, $1.offset) }
            .map { $0.element.2 }
    }

    /// Sends the text view's lines of `steps` to the host of `run --format text`.
    private mutating func show(_ steps: [Replay.Step]) {
        guard let textView else { return }
        let names = session.names
        for step in steps {
            guard let text = textView.line(step, names: names) else { continue }
            guard showText(text) else { return }
        }
    }

    /// Sends one line of the text view to the host; false when the host is gone or was
    /// disconnected for not reading.
    @discardableResult
    private mutating func showText(_ text: String) -> Bool {
        guard let host = clients.first(where: { !$0.isSocketClient }), host.isActive else { return false }
        line.removeAll(keepingCapacity: true)
        line.append(contentsOf: text.utf8)
        line.append(0x0A)
        guard host.send(broadcast: line) else {
            disconnect(host, because: Self.overflowReason)
            return false
        }
        return true
    }

    /// Why a client whose queue would pass ``RunLimits/disconnectBytes`` is disconnected.
    private static let overflowReason = "stopped reading (more than \(RunLimits.disconnectBytes) bytes waiting for it)"

    private func disconnect(_ client: ProtocolClient, because reason: String, keepingQueued: Bool = false) {
        note("gesturectl: \(client.name) disconnected: \(reason)")
        client.disconnect(keepingQueued: keepingQueued)
    }
}

/// What the service applies the clients' commands to: the live session in `gesturectl run`.
package protocol CommandSession: AnyObject {
    /// The pipeline's state, the reply to a `query`.
    var stateJSONLine: JSONLine { get }
    /// Applies a host command whose line is `text`, sent by `source` (`stdin`, `socket client 2`).
    func apply(_ command: HostCommand, text: String?, source: String?) throws(HostCommandError) -> [Intent]
    /// Notes a command line that did not parse, and changed nothing.
    func recordUnparsedCommand(_ text: String, source: String?)
    /// How long until the pipeline needs a tick (µs, at most a second); nil while it needs none.
    var microsecondsUntilTick: Int64? { get }
    /// Ticks the pipeline now, and returns what it caused.
    func tick() -> [Intent]
    /// The texts of the pipeline's long presentation ids, which its intents name.
    var names: PresentationNames { get }
}

extension LiveDismissalSession: CommandSession {
    package var stateJSONLine: JSONLine { pipeline.stateJSONLine }
    package var names: PresentationNames { pipeline.names }
}

extension JSONLine {
    /// Appends the line's text and a newline to `bytes`.
    package func append(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: text.utf8)
        bytes.append(0x0A)
    }
}
