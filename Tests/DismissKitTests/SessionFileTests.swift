import Foundation
import Glibc
@testable import DismissKit
import Testing

/// Session files: recorded as a host drives a pipeline, replayed by `gesturectl replay` to the
/// same intents, cut short to a prefix, and refused with their line when broken.
@Suite struct SessionFileTests {
    /// Drives a pipeline with a golden recording's touches and a confirmation answer, recording
    /// the session to `path` as the C library does; returns the intents handed out, as JSON text.
    static func record(_ name: String, to path: String) throws -> [String] {
        let scenePath = "Recordings/\(name).scene.json"
        let sceneFile = try SceneFile.load(path: scenePath)
        var pipeline = DismissalPipeline(scene: sceneFile.scene, configuration: sceneFile.configuration)
        let recorder = try SessionRecorder(path: path, scene: sceneFile.scene, configuration: sceneFile.configuration)
        var intents: [Intent] = []
        var events: [TouchEvent] = []
        try Replay.touchEvents(from: Recording.open(paths: ["Recordings/\(name).evemu"]), scene: sceneFile, scenePath: scenePath) {
            events.append($0)
        }
        for event in events {
            var touch = event
            if let point = event.point { touch.point = TouchPoint(x: point.x, y: point.y, on: pipeline.scene.screen) }
            recorder.record(touch: touch)
            let before = intents.count
            try? pipeline.handle(touch, into: &intents)
            recorder.record(intents: intents[before...], names: pipeline.names)
            if touch.kind == .frame { recorder.flush() }
            if let asked = intents[before...].first(where: { if case .confirmationRequested = $0.kind { true } else { false } }) {
                let command = #"{"type": "confirm", "presentation": "compose", "choice": "discard"}"#
                recorder.record(command: command, time: asked.time + 1)
                let start = intents.count
                try pipeline.apply(HostCommandParser.parse(command), time: asked.time + 1, into: &intents)
                recorder.record(intents: intents[start...], names: pipeline.names)
                recorder.flush()
            }
        }
        return intents.map { $0.jsonLine(explain: false, names: PresentationNames()).text }
    }

    static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(getpid()).jsonl").path
    }

    @Test func aRecordedSessionReplaysToTheIntentsHandedOut() throws {
        let path = Self.temporaryPath("session")
        defer { unlink(path) }
        // A file that was there, readable by all, is replaced by a private one.
        #expect(FileManager.default.createFile(atPath: path, contents: Data("old".utf8)) && chmod(path, 0o644) == 0)
        let handedOut = try Self.record("gesture-gated-swipe-confirm-discard", to: path)
        #expect(handedOut.contains { $0.contains(#""resolution":"discarded""#) })
        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_mode & 0o777 == 0o600)
        let result = try runGesturectl(["replay", path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.split(separator: "\n").map(String.init) == handedOut)

        let plot = try runGesturectl(["plot", path])
        #expect(plot.status == 0, "\(plot.standardError)")
        #expect(plot.standardOutput.hasPrefix("<svg") || plot.standardOutput.contains("<svg"))
        #expect(plot.standardOutput.contains("discarded"))

        let analysis = try runGesturectl(["analyze", path, "--json"])
        #expect(analysis.status == 0, "\(analysis.standardError)")
        #expect(analysis.standardOutput.contains(#""matchesExpected":true"#))
    }

    /// `replay --verify` says the recorded intents replay the same, and names the first one
    /// that does not in a file whose intents were changed, dropped or added.
    @Test func verifyComparesTheReplayWithTheRecordedIntents() throws {
        let path = Self.temporaryPath("verify")
        defer { unlink(path) }
        let handedOut = try Self.record("gesture-gated-swipe-confirm-discard", to: path)
        let same = try runGesturectl(["replay", path, "--verify"])
        #expect(same.status == 0, "\(same.standardError)")
        #expect(same.standardOutput.isEmpty)
        #expect(same.standardError == "gesturectl: \(path): the \(handedOut.count) recorded intents replay the same\n")

        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let intentLines = lines.indices.filter { lines[$0].hasPrefix(#"{"intent":"#) }
        try #require(intentLines.count == handedOut.count && handedOut.count > 3)
        func verify(_ edited: [Substring]) throws -> CommandResult {
            let editedPath = Self.temporaryPath("verify-edited")
            defer { unlink(editedPath) }
            try edited.joined(separator: "\n").write(toFile: editedPath, atomically: true, encoding: .utf8)
            return try runGesturectl(["replay", editedPath, "--verify"])
        }
        var changed = lines
        changed[intentLines[2]] = Substring(lines[intentLines[2]].replacingOccurrences(of: #""time":"#, with: #""time":1"#))
        let differs = try verify(changed)
        #expect(differs.status == 1)
        #expect(differs.standardError.contains(": intent 3 (line \(intentLines[2] + 1)) differs; recorded "), "\(differs.standardError)")
        var dropped = lines
        dropped.remove(at: intentLines[1])
        let skipped = try verify(dropped)
        #expect(skipped.status == 1)
        // The line named is where the recorded intent is: the one after the line taken out.
        #expect(skipped.standardError.contains(": intent 2 (line \(intentLines[2])) differs; "), "\(skipped.standardError)")
        // Cut between a touch and its intents (power lost mid-frame): a prefix, not a difference.
        let cut = try verify(Array(lines[..<intentLines[2]]))
        #expect(cut.status == 0, "\(cut.standardError)")
        #expect(cut.standardError.contains("the 2 recorded intents replay the same; the file ends before the last "), "\(cut.standardError)")
        var added = lines
        added.insert(lines[intentLines.last!], at: intentLines.last! + 1)
        let missing = try verify(added)
        #expect(missing.status == 1)
        #expect(missing.standardError.contains(": intent \(handedOut.count + 1) (line \(intentLines.last! + 2)) was recorded but not replayed: "),
                "\(missing.standardError)")

        let notASession = try runGesturectl(["replay", "Recordings/gesture-gated-swipe-confirm-discard.evemu", "--scene",
                                             "Recordings/gesture-gated-swipe-confirm-discard.scene.json", "--verify"])
        #expect(notASession.status == 64)
        #expect(notASession.standardError.hasPrefix("Error: '--verify' is for session files"))
    }

    /// Whatever the recorder writes, the replay reads back to the same intents: touches the
    /// pipeline refused (a position that is not a number, a time far out of range), and a
    /// command as long as the host may send, escaped to several times its length.
    /// Read back and written again, the session is the same bytes.
    @Test func whatTheRecorderWritesTheReplayReadsBack() throws {
        let path = Self.temporaryPath("round-trip"), again = Self.temporaryPath("round-trip-again")
        defer { unlink(path); unlink(again); unlink(again + ".1") }
        var scene = Scene(presentations: [Presentation(id: "compose", style: .sheet, unsavedChanges: true)])
        scene.presentations += (0..<3).map { Presentation(id: "p\($0)", style: .formSheet, passthrough: []) }
        scene.presentations.reverse()
        let recorder = try SessionRecorder(path: path, scene: scene, configuration: GestureConfiguration())
        var pipeline = DismissalPipeline(scene: scene)
        var intents: [Intent] = []
        func touch(_ event: TouchEvent) {
            recorder.record(touch: event)
            let before = intents.count
            try? pipeline.handle(event, into: &intents)
            recorder.record(intents: intents[before...], names: pipeline.names)
            if event.kind == .frame { recorder.flush() }
        }
        func command(_ text: String, _ time: Int64) throws {
            recorder.record(command: text, time: time)
            let before = intents.count
            if let parsed = try? HostCommandParser.parse(text) { try? pipeline.apply(parsed, time: time, into: &intents) }
            recorder.record(intents: intents[before...], names: pipeline.names)
            recorder.flush()
        }
        var refused = TouchEvent(kind: .down, time: 1000)
        refused.point = TouchPoint(xMM: 0, yMM: 0, x: .nan, y: .infinity)
        touch(refused)
        var far = TouchEvent(kind: .down, time: Int64(1) << 62)
        far.point = TouchPoint(xMM: 0, yMM: 0, x: 10, y: 10)
        touch(far)
        // 1 MiB of command whose every character is escaped when written.
        let padding = String(repeating: "\u{1}\"", count: (InputLimits.maximumLineLength - 80) / 7)
        try command(#"{"type": "dismiss", "presentation": "p0", "x": "\#(padding)"}"#, 2000)
        try command(#"{"type": "dismiss", "presentation": "p0"}"#, 3000)
        #expect(intents.count == 1)
        let handedOut = intents.map { $0.jsonLine(explain: false, names: pipeline.names).text }

        let reader = try SessionFile.Reader(path: path)
        var replayed: [String] = []
        try SessionFile.steps(of: reader) { step, names in
            if case .intent(let intent) = step { replayed.append(intent.jsonLine(explain: false, names: names).text) }
        }
        #expect(replayed == handedOut)
        let verify = try runGesturectl(["replay", "--verify", path])
        #expect(verify.status == 0, "\(verify.standardError)")

        // Read back, written again: the same bytes.
        let copy = try SessionRecorder(path: again, scene: try #require(SessionFile.Reader(path: path).sceneFile).scene,
                                       configuration: GestureConfiguration())
        let entries = try SessionFile.Reader(path: path)
        while let entry = try entries.next() {
            switch entry {
            case .touch(let event): copy.record(touch: event)
            case .command(let text, let time, _): copy.record(command: text, time: time)
            case .intent(let text): copy.append(SessionLines.intentLine(text))
            case .escapeKey, .gestures, .evdev: Issue.record("a session of the C library has no \(entry)")
            }
        }
        copy.flush()
        #expect(try Data(contentsOf: URL(fileURLWithPath: again)) == Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// An earlier recording is never lost: kept under the first free `PATH.N`; an empty file is
    /// written over; what is not a regular file is refused without being opened (a FIFO with no
    /// reader would block an open for writing for ever).
    @Test func recordingNeverDestroysWhatWasThereNorBlocks() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keep-\(getpid())").path
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/session.jsonl"
        func record() throws(RecordingFileError) -> SessionRecorder {
            try SessionRecorder(path: path, scene: Scene(), configuration: GestureConfiguration())
        }
        #expect(FileManager.default.createFile(atPath: path, contents: Data("yesterday".utf8)))
        #expect(FileManager.default.createFile(atPath: path + ".1", contents: Data("the day before".utf8)))
        let first = try record()
        #expect(first.keptEarlierAs == path + ".2")
        #expect(try String(contentsOfFile: path + ".2", encoding: .utf8) == "yesterday")
        #expect(try String(contentsOfFile: path + ".1", encoding: .utf8) == "the day before")
        let second = try record()
        #expect(second.keptEarlierAs == path + ".3")
        #expect(try String(contentsOfFile: path + ".3", encoding: .utf8).hasPrefix(#"{"dismisskit":"#))
        // An empty file holds nothing to keep.
        #expect(FileManager.default.createFile(atPath: path, contents: Data()) && chmod(path, 0o644) == 0)
        #expect(try record().keptEarlierAs == nil)
        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_mode & 0o777 == 0o600 && status.st_size > 0)
        // Not regular files: refused, and left as they were.
        let fifo = folder + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        for (target, kind) in [(fifo, "a FIFO"), (folder, "a folder"), ("/dev/null", "a device")] {
            #expect(throws: RecordingFileError.notARegularFile(target, kind)) {
                try SessionRecorder(path: target, scene: Scene(), configuration: GestureConfiguration())
            }
        }
        #expect(stat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        // A largest size below the header is refused before the path is touched.
        #expect(FileManager.default.createFile(atPath: path, contents: Data("keep me".utf8)))
        #expect(throws: RecordingFileError.system(Errno(code: EFBIG))) {
            try LiveSessionRecorder(path: path, scene: Scene(), configuration: GestureConfiguration(), calibration: nil, maximumSize: 10)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep me")
        #expect(!FileManager.default.fileExists(atPath: path + ".4"))
    }

    @Test func aSessionCutAnywhereReplaysToAPrefix() throws {
        let path = Self.temporaryPath("session-whole")
        let cut = Self.temporaryPath("session-cut")
        defer { unlink(path); unlink(cut) }
        let handedOut = try Self.record("gesture-gated-swipe-confirm-discard", to: path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        // Past the header, every tenth of the file, and one byte short of the end.
        var lengths = stride(from: bytes.count / 10, to: bytes.count, by: bytes.count / 10).map { $0 }
        lengths.append(bytes.count - 1)
        var longest = 0
        for length in lengths {
            try bytes.prefix(length).write(to: URL(fileURLWithPath: cut))
            let result = try runGesturectl(["replay", cut])
            #expect(result.status == 0, "cut at \(length): \(result.standardError)")
            let replayed = result.standardOutput.split(separator: "\n").map(String.init)
            #expect(Array(handedOut.prefix(replayed.count)) == replayed, "cut at \(length)")
            #expect(replayed.count >= longest, "a longer cut gives no fewer intents")
            longest = replayed.count
        }
        #expect(longest > 0 && longest < handedOut.count + 1)
    }

    @Test func aBrokenLineOrAnotherVersionIsRefusedWithItsLine() throws {
        let path = Self.temporaryPath("session-broken")
        defer { unlink(path) }
        _ = try Self.record("gesture-gated-swipe-confirm-discard", to: path)
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let original = lines

        lines[4] = #"{"event":"down","time":"soon","type":"touch"}"#
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        var result = try runGesturectl(["replay", path])
        #expect(result.status == 65)
        #expect(result.standardError.contains("\(path):5:"), "\(result.standardError)")

        lines = original
        lines[3] = "not json"
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        result = try runGesturectl(["replay", path])
        #expect(result.status == 65)
        #expect(result.standardError.contains("\(path):4:"), "\(result.standardError)")

        lines = original
        lines[0] = Substring(lines[0].replacingOccurrences(of: #""version":1"#, with: #""version":2"#))
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        result = try runGesturectl(["replay", path])
        #expect(result.status == 65)
        #expect(result.standardError.contains("\(path):1: session version 2"), "\(result.standardError)")
    }
}
