import DismissKitCore

/// A pipeline as a host that embeds it speaks to it: touches as values, the scene and commands
/// as JSON text, and what the pipeline decided read back one JSON line at a time (with
/// explaining on, the recogniser's decisions before the intents of the call that made them, in
/// `gesturectl replay --explain`'s order). The C library and the WebAssembly module are thin
/// shells over it, so both give the same lines for the same calls. A value: a host holds it in
/// one place and reaches all of it in one access per call.
///
/// A touch is taken by inlinable code, in the host's own call (half of what a host gives are
/// frames, which change little more than the time): what it changes is stored in internal
/// properties that such code may set (`core`, `hasStarted`, `intents`, `latestTime`), read
/// outside through public ones where a host needs them (`pipeline`, `started`).
public struct HostedPipeline {
    /// The pipeline.
    @inlinable public var pipeline: DismissalPipeline { core }
    @usableFromInline var core: DismissalPipeline
    /// Intents decided, in order; those before `nextIntent` have been read.
    @usableFromInline var intents: [Intent] = []
    @usableFromInline var nextIntent = 0
    /// Where the intents the latest touch or command decided begin in `intents`.
    @usableFromInline var latestCallStart = 0
    /// With explaining on: the recogniser's decisions not yet read, each before the intent at
    /// index `before` of `intents` (the first its call decided).
    @usableFromInline var decisions: [(before: Int, decision: GestureDecision)] = []
    @usableFromInline var nextDecision = 0
    /// Where a call's decisions are taken to, reused from one call to the next.
    private var taken: [GestureDecision] = []
    /// Whether a touch or command has been given: a recording must begin before.
    @inlinable public var started: Bool { hasStarted }
    @usableFromInline var hasStarted = false
    /// The time of the latest command or taken touch: a command is not taken earlier, as a
    /// touch is not.
    @usableFromInline var latestTime = -InputLimits.largestTime
    /// The session recorded in memory since ``startRecording(limit:)``: a session file's text
    /// (``SessionLines``), which `gesturectl replay --verify` replays; nil when not recording.
    public private(set) var session: [UInt8]?
    /// Whether ``session`` still grows: false before the recording starts and once it is full.
    @usableFromInline var recording = false
    /// The most bytes ``session`` may hold.
    public private(set) var sessionLimit = 0
    /// Whether the recording stopped because its next line would have passed ``sessionLimit``:
    /// ``session`` then ends at its last whole frame or command, and the pipeline goes on.
    public private(set) var sessionFull = false
    /// Where ``session``'s last whole frame or command, with its intents, ends.
    private var sessionWholeLength = 0

    public init(scene: Scene, configuration: GestureConfiguration) {
        core = DismissalPipeline(scene: scene, configuration: configuration)
        intents.reserveCapacity(16)
    }

    /// A pipeline on the scene file's text: its scene and `gestures`; a timeline is checked and
    /// ignored, as `gesturectl run --scene` does. `path` names the text in errors.
    public init(sceneText: String, path: String) throws(InputFileError) {
        let file = try SceneFile.parse(sceneText, path: path)
        self.init(scene: file.scene, configuration: file.configuration)
    }

    /// Whether the recogniser's decisions are read too.
    @inlinable public var explains: Bool {
        get { core.notesDecisions }
        set { core.notesDecisions = newValue }
    }

    /// Takes a touch event (as a host gives it: ``TouchEvent/init(_:seatSlot:x:y:time:on:)``).
    /// Returns nil when it is taken, or why the pipeline refused it, changing nothing.
    @discardableResult @inlinable @inline(__always)
    public mutating func touch(_ event: TouchEvent) -> TouchRefusal? {
        startCall()
        if recording { record(touch: event) }
        defer { endCall(whole: event.kind == .frame) }
        do throws(TouchRefusal) {
            try core.handle(event, into: &intents)
            latestTime = max(latestTime, event.time)
            return nil
        } catch {
            return error
        }
    }

    /// Applies a host command given as its JSON text at `time`.
    /// - Throws: ``HostedPipeline/Refusal`` with the message a host shows: the line and reason of
    ///   a malformed command (`command_json:LINE: …`), a time out of range or earlier than the
    ///   latest touch or command, or the pipeline's reason; nothing changes then.
    public mutating func command(_ text: String, time: Int64) throws(Refusal) {
        try check(commandTime: time)
        latestTime = time
        startCall()
        record(SessionLines.commandLine(text, time: time))
        defer { endCall(whole: true) }
        let command: HostCommand
        do throws(JSONInputError) {
            command = try HostCommandParser.parse(text)
        } catch {
            throw Refusal(message: "command_json:\(error.line): \(error.reason)", taken: true)
        }
        do throws(HostCommandError) {
            try core.applyHostCommand(command, time: time, into: &intents)
        } catch {
            throw Refusal(message: error.reason, taken: true)
        }
    }

    /// Refuses a command's time out of the range every input keeps to, or earlier than the
    /// latest touch or command taken.
    private func check(commandTime time: Int64) throws(Refusal) {
        guard (-InputLimits.largestTime...InputLimits.largestTime).contains(time) else {
            throw Refusal(message: Self.timeOutOfRange("\(time)"), taken: false)
        }
        guard time >= latestTime else {
            throw Refusal(message: "time_us \(time) is earlier than the previous event's, \(latestTime)", taken: false)
        }
    }

    /// The message for a command's time (`time`, as written) beyond the range every input keeps to.
    public static func timeOutOfRange(_ time: String) -> String {
        "time_us \(time) is out of range (at most 2^53 microseconds either side of 0)"
    }

    /// The intents the latest touch or command decided (for a recorder).
    @inlinable public var latestDecided: ArraySlice<Intent> { intents[latestCallStart...] }

    /// Starts recording the session in memory (``session``), up to `limit` bytes: a line that
    /// would pass it stops the recording (``sessionFull``), so that a long session cannot take
    /// all the memory the host has.
    /// - Throws: ``RecordingRefusal`` when a touch or command was already given, it is
    ///   recording, or the session's first lines (its header and scene) alone pass `limit`.
    public mutating func startRecording(limit: Int) throws(RecordingRefusal) {
        guard session == nil else { throw .alreadyRecording }
        guard !hasStarted else { throw .started }
        let start = Array((SessionLines.headerLine + "\n" + SessionLines.sceneLine(pipeline.scene, configuration:
            pipeline.recogniser.configuration) + "\n").utf8)
        guard start.count <= limit else { throw .limitBelowScene(sceneBytes: start.count) }
        session = start
        sessionLimit = limit
        sessionWholeLength = start.count
        recording = true
    }

    /// Why a recording cannot start.
    public enum RecordingRefusal: Error {
        case alreadyRecording
        case started
        /// The session's header and scene lines alone take `sceneBytes`.
        case limitBelowScene(sceneBytes: Int)
    }

    /// A refused command and its message.
    public struct Refusal: Error {
        public var message: String
        /// Whether the command was taken in, to be refused by its text or the pipeline, so that a
        /// recording holds it (a replay refuses it again); false when its time was refused,
        /// before anything was taken.
        public var taken: Bool
    }

    /// What is read next: a decision, an intent, or nothing.
    public enum Entry {
        case decision(GestureDecision)
        case intent(Intent)
    }

    /// The next entry not read yet, now marked read. Inlinable: a host asks after every call,
    /// most often to find nothing.
    @inlinable @inline(__always)
    public mutating func next() -> Entry? {
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
    public mutating func nextLine(into line: inout [UInt8]) -> Bool {
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
    @inlinable @inline(__always)
    mutating func startCall() {
        if nextIntent >= 64 || nextDecision >= 64 { compact() }
        latestCallStart = intents.count
        hasStarted = true
    }

    /// Adds a touch's line to the session being recorded.
    @usableFromInline
    mutating func record(touch event: TouchEvent) {
        record(SessionLines.touchLine(event))
    }

    /// Adds a line to the session being recorded, if one is; the line is written only then.
    /// A line that would pass the limit stops the recording instead, and cuts the session back
    /// to its last whole frame or command, which a replay replays to the end.
    private mutating func record(_ line: @autoclosure () -> String) {
        guard recording else { return }
        let text = line()
        let length = session!.count + text.utf8.count + 1  // with its newline
        guard length <= sessionLimit else {
            session!.removeSubrange(sessionWholeLength...)
            recording = false
            sessionFull = true
            return
        }
        if length > session!.capacity {
            // Doubled as an array grows, but never past the limit: a full recording holds no more.
            session!.reserveCapacity(min(sessionLimit, max(session!.capacity * 2, length)))
        }
        session!.append(contentsOf: text.utf8)
        session!.append(0x0A)
    }

    /// Forgets the intents and decisions already read, once there are 64 of them and they are the
    /// larger part of their buffer: a caller that reads as it goes keeps the buffers small, and
    /// they are not emptied at every call.
    @usableFromInline
    mutating func compact() {
        if nextIntent >= 64 && nextIntent * 2 >= intents.count {
            let read = nextIntent
            intents.removeFirst(read)
            nextIntent = 0
            // A decision not read comes before an intent not read yet (or after the last).
            for index in decisions.indices { decisions[index].before -= read }
        }
        if nextDecision >= 64 && nextDecision * 2 >= decisions.count {
            decisions.removeFirst(nextDecision)
            nextDecision = 0
        }
    }

    /// Ends a touch or command: records its intents, and after a frame or command (`whole`) marks
    /// the session whole to there; queues its decisions ahead of its intents, as `Replay.steps`
    /// orders them.
    @inlinable @inline(__always)
    mutating func endCall(whole: Bool) {
        if recording { recordLatestIntents(whole: whole) }
        if explains { queueLatestDecisions() }
    }

    /// Adds the intents the latest call decided to the session being recorded; with `whole`,
    /// the session is whole to there.
    @usableFromInline
    mutating func recordLatestIntents(whole: Bool) {
        var bytes: [UInt8] = []
        for index in latestCallStart..<intents.count {
            bytes.removeAll(keepingCapacity: true)
            intents[index].appendJSONLine(to: &bytes, names: pipeline.names)
            record(SessionLines.intentLine(String(decoding: bytes.dropLast(), as: UTF8.self)))
        }
        if whole && recording { sessionWholeLength = session!.count }
    }

    /// Queues the decisions of the latest call ahead of its intents.
    @usableFromInline
    mutating func queueLatestDecisions() {
        core.takeDecisions(into: &taken)
        for decision in taken { decisions.append((latestCallStart, decision)) }
        taken.removeAll(keepingCapacity: true)
    }
}

extension TouchEvent {
    /// The touch event a host gives as `kind` at `time`: down and motion at `x`, `y` in points on
    /// `screen`; a frame has no slot. Inlinable: every touch a host gives is made by it.
    @inlinable
    public init(_ kind: Kind, seatSlot: Int32, x: Double, y: Double, time: Int64, on screen: ScreenSize) {
        self.init(kind: kind, time: time)
        if kind != .frame {
            slot = seatSlot
            self.seatSlot = seatSlot
        }
        if kind == .down || kind == .motion { point = TouchPoint(x: x, y: y, on: screen) }
    }
}

extension TouchPoint {
    /// A touch an embedding host gives in screen points: its millimetres follow from the screen's size.
    @inlinable
    public init(x: Double, y: Double, on screen: ScreenSize) {
        self.init(xMM: x * screen.widthMM / screen.width, yMM: y * screen.heightMM / screen.height, x: x, y: y)
    }
}
