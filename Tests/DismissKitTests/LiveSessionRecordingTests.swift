import Foundation
import Glibc
@testable import DismissKit
@testable import DismissKitCore
import Testing

/// Recordings of `gesturectl run --record`: a `libinput record` file of the touch device with
/// the session in its `dismisskit` keys. The live side is played here by a golden recording's
/// kernel frames, decoded as libinput would and handed to the recorder as the device node would
/// give them; the VM stage records real `run` sessions on a real kernel.
@Suite struct LiveSessionRecordingTests {
    /// A device node that gives a recording's frames as the test hands them over.
    final class RecordedFrames: KernelFrameSource {
        let node = "/dev/input/event7"
        let device: DeviceDescription
        let identity: [UInt16] = [3, 0x1234, 0x5678, 1]
        var arrived: [[InputEvent]] = []

        init(device: DeviceDescription) { self.device = device }

        func readFrames() -> [[InputEvent]] {
            defer { arrived = [] }
            return arrived
        }
    }

    static let name = "gesture-gated-swipe-confirm-discard"
    static let answer = #"{"type": "confirm", "presentation": "compose", "choice": "discard"}"#

    /// Runs a live-like session on the golden's frames, recording it to `path`: a socket client
    /// answers the confirmation 1 ms after it is asked, and a line that does not parse comes
    /// from standard input before the first touch. Returns the intents sent, as JSON text.
    /// With `reconfigured`, the thresholds change (as SIGHUP changes them) once the device is there.
    static func record(to path: String, maximumSize: Int? = nil,
                       reconfigured: GestureConfiguration? = nil) throws -> (intents: [String], recorder: LiveSessionRecorder) {
        let sceneFile = try SceneFile.load(path: "Recordings/\(name).scene.json")
        let reader = try Recording.open(paths: ["Recordings/\(name).evemu"])
        let frames = RecordedFrames(device: reader.device)
        let recorder = try LiveSessionRecorder(path: path, scene: sceneFile.scene, configuration: sceneFile.configuration,
                                               calibration: nil, maximumSize: maximumSize) { _ throws(Errno) in frames }
        let same: (Int64) -> Int64 = { $0 }
        let device = LiveDevice(node: frames.node, name: reader.device.name, widthMM: nil, heightMM: nil, touchCount: 10,
                                isTouch: true, isKeyboard: false)
        recorder.recordCommand("not json", source: "stdin", time: 0, after: nil, sessionTime: same)
        recorder.record(.deviceAdded(device), time: 0)
        var pipeline = DismissalPipeline(scene: sceneFile.scene, configuration: sceneFile.configuration)
        if let reconfigured {
            recorder.recordGestures(reconfigured, after: nil, sessionTime: same)
            pipeline.reconfigure(reconfigured)
        }
        var decoder = try TouchDecoder(device: reader.device, screen: sceneFile.scene.screen)
        var intents: [Intent] = []
        var frame: [InputEvent] = []
        var touches: [TouchEvent] = []
        var latestTouchTime: Int64?
        while let recorded = try reader.next() {
            frame.append(recorded.event)
            decoder.decode(recorded.event, into: &touches)
            guard recorded.event.type == EventType.synchronization && recorded.event.code == SynchronizationCode.report else { continue }
            frames.arrived.append(frame)
            frame = []
            let before = intents.count
            for touch in touches {
                latestTouchTime = touch.time
                try? pipeline.handle(touch, into: &intents)
            }
            touches = []
            recorder.flush(after: latestTouchTime, sessionTime: same)
            recorder.record(intents: Array(intents[before...]), names: pipeline.names)
            recorder.flush(after: latestTouchTime, sessionTime: same)
            if let asked = intents[before...].first(where: { if case .confirmationRequested = $0.kind { true } else { false } }) {
                let time = asked.time + 1000
                recorder.recordCommand(answer, source: "socket client 1", time: time, after: latestTouchTime, sessionTime: same)
                let start = intents.count
                try pipeline.apply(HostCommandParser.parse(answer), time: time, into: &intents)
                recorder.record(intents: Array(intents[start...]), names: pipeline.names)
                recorder.flush(after: latestTouchTime, sessionTime: same)
            }
        }
        return (intents.map { $0.jsonLine(explain: false, names: pipeline.names).text }, recorder)
    }

    static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(getpid()).yaml").path
    }

    static func replayedIntents(_ path: String) throws(InputFileError) -> [String] {
        var intents: [String] = []
        try SessionFile.steps(of: SessionFile.Reader(path: path)) { step, names in
            if case .intent(let intent) = step { intents.append(intent.jsonLine(explain: false, names: names).text) }
        }
        return intents
    }

    @Test func aRecordedLiveSessionReplaysToTheIntentsSent() throws {
        let path = Self.temporaryPath("live-session")
        defer { unlink(path) }
        // A file that was there, writable by all, is replaced by a private one.
        #expect(FileManager.default.createFile(atPath: path, contents: Data("old".utf8)) && chmod(path, 0o666) == 0)
        let sent = try Self.record(to: path).intents
        #expect(sent.contains { $0.contains(#""resolution":"discarded""#) })
        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_mode & 0o777 == 0o600)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("# libinput record\n"))
        #expect(text.contains(#"  - dismisskit: '{"command":"{\"type\": \"confirm\", \"presentation\": \"compose\", \"choice\": \"discard\"}","source":"socket client 1","#))

        let replay = try runGesturectl(["replay", path])
        #expect(replay.status == 0, "\(replay.standardError)")
        #expect(replay.standardOutput.split(separator: "\n").map(String.init) == sent)
        // The recorded intents are the ones sent, and `analyze` finds the session matching them.
        var recorded: [String] = []
        let reader = try SessionFile.Reader(path: path)
        while let entry = try reader.next() { if case .intent(let intent) = entry { recorded.append(intent) } }
        #expect(recorded == sent)
        let analysis = try runGesturectl(["analyze", path])
        #expect(analysis.status == 0, "\(analysis.standardError)")
        #expect(analysis.standardOutput.contains("expected intents matched: 1 of 1"))
        let plot = try runGesturectl(["plot", path])
        #expect(plot.status == 0 && plot.standardOutput.contains("discarded"), "\(plot.standardError)")
        // Its touches are the golden's, as a replay of the golden decodes them.
        let touches = try runGesturectl(["replay", path, "--touch-events"])
        let goldenTouches = try runGesturectl(["replay", "Recordings/\(Self.name).evemu", "--scene", "Recordings/\(Self.name).scene.json",
                                               "--touch-events"])
        #expect(touches.status == 0 && touches.standardOutput == goldenTouches.standardOutput)
    }

    @Test func thresholdsGivenMidSessionAreRecordedAndReplayed() throws {
        let path = Self.temporaryPath("reconfigured")
        defer { unlink(path) }
        // A 50 mm slop: the swipe is no drag, so nothing asks to discard the unsaved work.
        var thresholds = GestureConfiguration()
        thresholds.slopMM = 50
        let sent = try Self.record(to: path, reconfigured: thresholds).intents
        let asks: ([String]) -> Bool = { $0.contains { $0.contains(#""type":"confirmationRequested""#) } }
        #expect(!asks(sent))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(#"  - dismisskit: '{"gestures":{"decelerationPerMillisecond":"#))
        #expect(try Self.replayedIntents(path) == sent)
        // Without its gestures line, the session replays to what the scene's thresholds decide.
        let withoutLine = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains(#""type":"gestures""#) }
        try withoutLine.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(asks(try Self.replayedIntents(path)))
    }

    @Test func aRecordingCutAnywhereReplaysToAPrefix() throws {
        let path = Self.temporaryPath("live-session-whole")
        let cutPath = Self.temporaryPath("live-session-cut")
        defer { unlink(path); unlink(cutPath) }
        let sent = try Self.record(to: path).intents
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        // From the end of the scene: the lines before the device are cut too.
        let header = try Data(contentsOf: URL(fileURLWithPath: path)).range(of: Data(#""type":"scene"}'"#.utf8 + [0x0A]))!.upperBound
        var lengths = [bytes.count / 2, bytes.count * 3 / 4]
        lengths += stride(from: header, to: bytes.count, by: max(1, (bytes.count - header) / 97)).map { $0 }
        for length in lengths {
            try bytes.prefix(length).write(to: URL(fileURLWithPath: cutPath))
            let replayed = try Self.replayedIntents(cutPath)
            #expect(Array(sent.prefix(replayed.count)) == replayed, "cut at byte \(length)")
        }
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: cutPath))
        let half = try runGesturectl(["replay", cutPath])
        #expect(half.status == 0, "\(half.standardError)")
        let halfIntents = half.standardOutput.split(separator: "\n").map(String.init)
        #expect(halfIntents.count < sent.count && Array(sent.prefix(halfIntents.count)) == halfIntents)
    }

    /// A kiosk may start before its touchscreen: what happens before libinput opens one is
    /// written as it happens, and a session that never met one replays too.
    /// What a live `gesturectl run` has written to its standard output so far.
    final class LiveOutput: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""
        func append(_ data: Data) { lock.withLock { text += String(decoding: data, as: UTF8.self) } }
        var lines: [String] { lock.withLock { text.split(separator: "\n").map(String.init) } }
    }

    @Test func anIdleResetRecordedLiveReplaysWithVerify() throws {
        let path = Self.temporaryPath("live-idle")
        let scenePath = FileManager.default.temporaryDirectory.appendingPathComponent("live-idle-\(getpid()).json").path
        defer { unlink(path); unlink(scenePath) }
        // A second without a touch resets: the warning after half of it.
        try #"{"idle": {"after": 1000000, "warning": 500000, "unsaved": "discard"}, "presentations": [{"id": "compose", "style": "sheet", "unsavedChanges": true}, {"id": "attach", "style": "sheet"}]}"#
            .write(toFile: scenePath, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = TestPaths.gesturectl
        // On seat0 with no touchscreen the service waits for one; its own clock ticks it.
        process.arguments = ["run", "--scene", scenePath, "--record", path]
        let output = Pipe(), input = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = input
        let written = LiveOutput()
        output.fileHandleForReading.readabilityHandler = { written.append($0.availableData) }
        try process.run()
        // Waits on the service's own progress, with a deadline only against a stall.
        let deadline = Date().addingTimeInterval(120)
        while !written.lines.contains(where: { $0.contains(#""type":"idleReset""#) }), process.isRunning, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        process.terminate()
        process.waitUntilExit()
        output.fileHandleForReading.readabilityHandler = nil
        let intents = written.lines.filter { !$0.contains(#""type":"hello""#) }
        let types = intents.map { line in line.split(separator: #""type":""#).last.map { String($0.prefix { $0 != "\"" }) } ?? "" }
        #expect(types == ["idleWarning", "dismiss", "dismiss", "idleReset"], "\(intents)")
        #expect(intents.contains { $0.contains(#""presentation":"compose","resolution":"discarded","source":"idle""#) })
        let verify = try runGesturectl(["replay", "--verify", path])
        #expect(verify.status == 0, "\(verify.standardError)")
        #expect(verify.standardError.contains("the 4 recorded intents replay the same"), "\(verify.standardError)")
    }

    @Test func aSessionBeforeAnyTouchDeviceIsWrittenAsItHappens() throws {
        let path = Self.temporaryPath("live-session-no-device")
        defer { unlink(path) }
        let sceneFile = try SceneFile.load(path: "Recordings/\(Self.name).scene.json")
        let recorder = try LiveSessionRecorder(path: path, scene: sceneFile.scene, configuration: sceneFile.configuration,
                                               calibration: nil, maximumSize: nil) { _ throws(Errno) in throw Errno(code: ENOENT) }
        var pipeline = DismissalPipeline(scene: sceneFile.scene, configuration: sceneFile.configuration)
        var sent: [String] = []
        let same: (Int64) -> Int64 = { $0 }
        for (index, command) in [#"{"type": "button", "presentation": "compose", "role": "cancel"}"#, Self.answer].enumerated() {
            let time = Int64(index) * 1000
            recorder.recordCommand(command, source: "stdin", time: time, after: nil, sessionTime: same)
            var intents: [Intent] = []
            try pipeline.apply(HostCommandParser.parse(command), time: time, into: &intents)
            recorder.record(intents: intents, names: pipeline.names)
            recorder.flush(after: nil, sessionTime: same)
            sent += intents.map { $0.jsonLine(explain: false, names: pipeline.names).text }
            // Each command and its intents are on disk once it is applied.
            let written = try String(contentsOfFile: path, encoding: .utf8)
            #expect(written.contains(#""source":"stdin","time":\#(time),"type":"command"}'"#))
        }
        #expect(sent.count == 2 && sent[1].contains(#""resolution":"discarded""#))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!text.contains("\ndevices:"))
        let replay = try runGesturectl(["replay", path])
        #expect(replay.status == 0, "\(replay.standardError)")
        #expect(replay.standardOutput.split(separator: "\n").map(String.init) == sent)
        let verify = try runGesturectl(["replay", "--verify", path])
        #expect(verify.status == 0, "\(verify.standardError)")
    }

    @Test func aBrokenLineExits65WithItsFileAndLine() throws {
        let path = Self.temporaryPath("live-session-broken")
        defer { unlink(path) }
        _ = try Self.record(to: path)
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let command = lines.firstIndex { $0.contains(#""source":"socket client 1""#) }!
        lines[command] = #"  - dismisskit: '{"command":"x","time":"soon","type":"command"}'"#
        try lines.joined(separator: "\n").write(toFile: path, atomically: false, encoding: .utf8)
        let result = try runGesturectl(["replay", path])
        #expect(result.status == 65)
        #expect(result.standardError.contains("\(path):\(command + 1): "), "\(result.standardError)")

        lines[command] = "  - evdev: [[0, 1, 2"
        try lines.joined(separator: "\n").write(toFile: path, atomically: false, encoding: .utf8)
        let yaml = try runGesturectl(["replay", path])
        #expect(yaml.status == 65)
        #expect(yaml.standardError.contains("\(path):"), "\(yaml.standardError)")
    }

    @Test func aRecordingOfAnotherVersionIsRefusedWithItsLine() throws {
        let path = Self.temporaryPath("live-session-version")
        defer { unlink(path) }
        _ = try Self.record(to: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let header = lines.firstIndex { $0.contains(#""format":"dismisskit-session""#) }!
        try text.replacing(#""version":1}"#, with: #""version":9}"#).write(toFile: path, atomically: false, encoding: .utf8)
        let result = try runGesturectl(["replay", path])
        #expect(result.status == 65)
        #expect(result.standardError.contains("\(path):\(header + 1): session version 9"), "\(result.standardError)")
    }

    @Test func theLargestSizeStopsTheRecordingAtAWholeFrame() throws {
        let whole = Self.temporaryPath("live-session-unbounded")
        let path = Self.temporaryPath("live-session-bounded")
        defer { unlink(whole); unlink(path) }
        let sent = try Self.record(to: whole).intents
        let size = try Data(contentsOf: URL(fileURLWithPath: whole)).count
        let (_, recorder) = try Self.record(to: path, maximumSize: size / 2)
        #expect(recorder.reachedMaximumSize)
        #expect(recorder.takeNotes().contains { $0.contains("reached its largest size") })
        let bounded = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bounded.count <= size / 2 && bounded.last == UInt8(ascii: "\n"))
        let replayed = try Self.replayedIntents(path)
        #expect(!replayed.isEmpty && replayed.count < sent.count && Array(sent.prefix(replayed.count)) == replayed)
    }
}
