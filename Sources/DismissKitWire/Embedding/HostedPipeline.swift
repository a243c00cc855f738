import DismissKitCore

/// A pipeline as a host that embeds it speaks to it: touches as values, the scene and commands
/// as JSON text, and what the pipeline decided read back one JSON line at a time (with
/// explaining on, the recogniser's decisions before the intents of the call that made them, in
/// `gesturectl replay --explain`'s order). The C library and the WebAssembly module are thin
/// shells over it, so both give the same lines for the same calls.
public final class HostedPipeline {
    public private(set) var pipeline: DismissalPipeline
    /// Intents decided, in order; those before `nextIntent` have been read.
    public private(set) var intents: [Intent] = []
    private var nextIntent = 0
    /// Where the intents the latest touch or command decided begin in `intents`.
    private var latestCallStart = 0
    /// With explaining on: the recogniser's decisions not yet read, each before the intent at
    /// index `before` of `intents` (the first its call decided).
    private var decisions: [(before: Int, decision: GestureDecision)] = []
    private var nextDecision = 0
    /// Where a call's decisions are taken to, reused from one call to the next.
    private var taken: [GestureDecision] = []
    /// Whether a touch or command has been given: a recording must begin before.
    public private(set) var started = false
    /// The time of the latest command or taken touch: a command is not taken earlier, as a
    /// touch is not.
    public private(set) var latestTime = -InputLimits.largestTime
    /// The session recorded in memory since ``startRecording()``: a session file's text
    /// (``SessionLines``), which `gesturectl replay --verify` replays; nil when not recording.
    public private(set) var session: [UInt8]?

    public init(scene: Scene, configuration: GestureConfiguration) {
        pipeline = DismissalPipeline(scene: scene, configuration: configuration)
        intents.reserveCapacity(16)
    }

    /// A pipeline on the scene file's text: its scene and `gestures`; a timeline is checked and
    /// ignored, as `gesturectl run --scene` does. `path` names the text in errors.
    public convenience init(sceneText: String, path: String) throws(InputFileError) {
        let file = try SceneFile.parse(sceneText, path: path)
        self.init(scene: file.scene, configuration: file.configuration)
    }

    /// Whether the recogniser's decisions are read too.
    public var explains: Bool {
        get { pipeline.notesDecisions }
        set { pipeline.notesDecisions = newValue }
    }

    /// Takes a touch event, as the host saw it at `time`: down and motion at `x`, `y` in points
    /// on the scene's screen. Returns nil when it is taken, or why the pipeline refused it,
    /// changing nothing.
    @discardableResult
    public func touch(_ kind: TouchEvent.Kind, seatSlot: Int32, x: Double, y: Double, time: Int64) -> TouchRefusal? {
        var event = TouchEvent(kind: kind, time: time)
        if kind != .frame {
            event.slot = seatSlot
            event.seatSlot = seatSlot
        }
        if kind == .down || kind == .motion { event.point = TouchPoint(x: x, y: y, on: pipeline.scene.screen) }
        startCall()
        record(SessionLines.touchLine(event))
        defer { endCall() }
        do throws(TouchRefusal) {
            try pipeline.handle(event, into: &intents)
            latestTime = max(latestTime, time)
            return nil
        } catch {
            return error
        }
    }

    /// Applies a host command given as its JSON text at `time`.
    /// - Throws: ``HostedPipeline/Refusal`` with the message a host shows: the line and reason of
    ///   a malformed command (`command_json:LINE: …`), a time out of range or earlier than the
    ///   latest touch or command, or the pipeline's reason; nothing changes then.
    public func command(_ text: String, time: Int64) throws(Refusal) {
        try check(commandTime: time)
        latestTime = time
        startCall()
        record(SessionLines.commandLine(text, time: time))
        defer { endCall() }
        let command: HostCommand
        do throws(JSONInputError) {
            command = try HostCommandParser.parse(text)
        } catch {
            throw Refusal(message: "command_json:\(error.line): \(error.reason)")
        }
        do throws(HostCommandError) {
            try pipeline.applyHostCommand(command, time: time, into: &intents)
        } catch {
            throw Refusal(message: error.reason)
        }
    }

    /// Refuses a command's time out of the range every input keeps to, or earlier than the
    /// latest touch or command taken.
    public func check(commandTime time: Int64) throws(Refusal) {
        guard (-InputLimits.largestTime...InputLimits.largestTime).contains(time) else {
            throw Refusal(message: "time_us \(time) is out of range (at most 2^53 microseconds either side of 0)")
        }
        guard time >= latestTime else {
            throw Refusal(message: "time_us \(time) is earlier than the previous event's, \(latestTime)")
        }
    }

    /// The intents the latest touch or command decided (for a recorder).
    public var latestDecided: ArraySlice<Intent> { intents[latestCallStart...] }

    /// Starts recording the session in memory (``session``): false when a touch or command was
    /// already given, or it is recording.
    public func startRecording() -> Bool {
        guard !started, session == nil else { return false }
        session = Array((SessionLines.headerLine + "\n" + SessionLines.sceneLine(pipeline.scene, configuration:
            pipeline.recogniser.configuration) + "\n").utf8)
        return true
    }

    /// A refused command and its message.
    public struct Refusal: Error {
        public var message: String
    }

    /// What is read next: a decision, an intent, or nothing.
    public enum Entry {
        case decision(GestureDecision)
        case intent(Intent)
    }

    /// The next entry not read yet, now marked read.
    public func next() -> Entry? {
        if nextDecision < decisions.count && decisions[nextDecision].before <= nextIntent {
            nextDecision += 1
            return .decision(decisions[nextDecision - 1].decision)
        }
        guard nextIntent < intents.count else { return nil }
        nextIntent += 1
        return .intent(intents[nextIntent - 1])
    }

    /// Replaces `line` with the next entry's JSON text, without a newline (an intent with its
    /// `explain` figures when explaining); false, leaving `line` empty, when there is none.
    public func nextLine(into line: inout [UInt8]) -> Bool {
        line.removeAll(keepingCapacity: true)
        guard let entry = next() else { return false }
        switch entry {
        case .intent(let intent):
            intent.appendJSONLine(to: &line, explain: explains, names: pipeline.names)
            line.removeLast()  // the newline
        case .decision(let decision):
            line.append(contentsOf: decision.jsonLine(names: pipeline.names).text.utf8)
        }
        return true
    }

    /// Begins a touch or command: forgets what was read, and marks where its intents begin; its
    /// decisions are queued ahead of them as it ends (``endCall()``).
    private func startCall() {
        compact()
        latestCallStart = intents.count
        started = true
    }

    /// Adds a line to the session being recorded, if one is; the line is written only then.
    private func record(_ line: @autoclosure () -> String) {
        guard session != nil else { return }
        session?.append(contentsOf: line().utf8)
        session?.append(0x0A)
    }

    /// Forgets the intents already read, once they are the larger part of the buffer, so a
    /// caller that reads as it goes keeps the buffer small.
    private func compact() {
        let read = nextIntent
        if nextIntent == intents.count {
            intents.removeAll(keepingCapacity: true)
            nextIntent = 0
        } else if nextIntent >= 64 && nextIntent * 2 >= intents.count {
            intents.removeFirst(nextIntent)
            nextIntent = 0
        } else {
            return
        }
        if !decisions.isEmpty {
            // Every decision not read comes before an intent not read yet (or after the last).
            decisions.removeFirst(nextDecision)
            nextDecision = 0
            for index in decisions.indices { decisions[index].before -= read }
        }
    }

    /// Ends a touch or command: queues its decisions ahead of its intents, as `Replay.steps`
    /// orders them.
    private func endCall() {
        if session != nil {
            var bytes: [UInt8] = []
            for intent in latestDecided {
                bytes.removeAll(keepingCapacity: true)
                intent.appendJSONLine(to: &bytes, names: pipeline.names)
                record(SessionLines.intentLine(String(decoding: bytes.dropLast(), as: UTF8.self)))
            }
        }
        guard explains else { return }
        pipeline.takeDecisions(into: &taken)
        for decision in taken { decisions.append((latestCallStart, decision)) }
        taken.removeAll(keepingCapacity: true)
    }
}

extension TouchPoint {
    /// A touch an embedding host gives in screen points: its millimetres follow from the screen's size.
    public init(x: Double, y: Double, on screen: ScreenSize) {
        self.init(xMM: x * screen.widthMM / screen.width, yMM: y * screen.heightMM / screen.height, x: x, y: y)
    }
}
