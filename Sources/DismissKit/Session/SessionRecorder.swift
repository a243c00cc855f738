import Glibc

/// Writes a session file (``SessionFile``) as the session happens: the lines wait in memory
/// until ``flush()``, which the caller calls at each frame and after each command, so a kiosk
/// that loses power loses at most the frame in progress.
///
/// The file is created with mode 0600: it holds what people did. When a write fails, the
/// recorder stops and keeps the error (``failure``); the session itself goes on.
public final class SessionRecorder {
    public let path: String
    /// The error that stopped the recording, if one did.
    public private(set) var failure: Errno?
    private var descriptor: Int32
    private var pending: [UInt8] = []

    /// Creates (or replaces) the file and writes the header and the starting scene.
    /// - Throws: ``Errno`` when the file cannot be created or written.
    public init(path: String, scene: Scene, configuration: GestureConfiguration) throws(Errno) {
        self.path = path
        descriptor = try SystemCall.checked { open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600) }
        append(SessionFile.headerLine)
        append(SessionFile.sceneLine(scene, configuration: configuration))
        flush()
        if let failure { throw failure }
    }

    deinit {
        flush()
        close(descriptor)
    }

    /// Records a touch as the host gave it.
    public func record(touch event: TouchEvent) {
        append(SessionFile.touchLine(event))
    }

    /// Records a host command's text and time.
    public func record(command text: String, time: Int64) {
        append(SessionFile.commandLine(text, time: time))
    }

    /// Records the intents the pipeline decided, in order.
    public func record(intents: some Sequence<Intent>) {
        var bytes: [UInt8] = []
        for intent in intents {
            bytes.removeAll(keepingCapacity: true)
            intent.appendJSONLine(to: &bytes)
            append(SessionFile.intentLine(String(decoding: bytes.dropLast(), as: UTF8.self)))
        }
    }

    /// Writes out the lines that wait.
    public func flush() {
        guard failure == nil, !pending.isEmpty else { return }
        do throws(Errno) {
            try SystemCall.writeAll(pending) { start, count in write(descriptor, start, count) }
        } catch {
            failure = error
        }
        pending.removeAll(keepingCapacity: true)
    }

    private func append(_ line: String) {
        guard failure == nil else { return }
        pending.append(contentsOf: line.utf8)
        pending.append(UInt8(ascii: "\n"))
    }
}

extension SessionFile {
    /// Replays a session through a new pipeline with the session's scene: each touch and
    /// command as the host gave it, then the recogniser's decisions and the intents they caused,
    /// in order. A command that does not parse or apply changes nothing, as it did live.
    /// - Parameter configuration: thresholds instead of the session's own.
    /// A session cut short within its scene gives nothing.
    /// - Throws: ``InputFileError`` for a line that is not an entry.
    public static func steps(
        of reader: Reader, configuration: GestureConfiguration? = nil, _ body: (Replay.Step) -> Void
    ) throws(InputFileError) {
        guard let sceneFile = reader.sceneFile else { return }
        var pipeline = DismissalPipeline(scene: sceneFile.scene, configuration: configuration ?? sceneFile.configuration)
        pipeline.notesDecisions = true
        var intents: [Intent] = []
        var decisions: [GestureDecision] = []
        func deliver() {
            pipeline.takeDecisions(into: &decisions)
            for decision in decisions { body(.decision(decision)) }
            decisions.removeAll(keepingCapacity: true)
            for intent in intents { body(.intent(intent)) }
            intents.removeAll(keepingCapacity: true)
        }
        while let entry = try reader.next() {
            switch entry {
            case .touch(var event):
                if let point = event.point { event.point = TouchPoint(x: point.x, y: point.y, on: pipeline.scene.screen) }
                body(.touch(event))
                try? pipeline.handle(event, into: &intents)
            case .command(let text, let time, let line):
                guard let command = try? HostCommandParser.parse(text) else { continue }
                body(.command(TimedCommand(time: time, command: command, line: line)))
                try? pipeline.apply(command, time: time, into: &intents)
            case .intent:
                continue
            }
            deliver()
        }
    }
}

extension TouchPoint {
    /// A touch an embedding host gives in screen points: its millimetres follow from the screen's size.
    public init(x: Double, y: Double, on screen: ScreenSize) {
        self.init(xMM: x * screen.widthMM / screen.width, yMM: y * screen.heightMM / screen.height, x: x, y: y)
    }
}
