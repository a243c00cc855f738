import Foundation
import Testing
@testable import DismissKit
@testable import DismissKitCore

/// Replays the reviewed golden recordings in `Recordings/` through the library and compares
/// the output with the goldens beside them (`DISMISSKIT_REGENERATE_GOLDENS=1` rewrites them and fails).
@Suite struct GoldenRecordingTests {
    /// The project's gesture recordings: `gesture-<name>.evemu` with `.scene.json` and `.intents.jsonl`.
    static func gestureNames() -> [String] {
        names(in: TestPaths.recordings, prefix: "gesture-", suffixes: [".evemu"])
    }

    /// The libinput rule recordings: `rules-<name>.evemu` or `.yml` with `.touch.jsonl`.
    static func ruleRecordingFiles() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: TestPaths.recordings.path)) ?? []
        return files.filter { $0.hasPrefix("rules-") && ($0.hasSuffix(".evemu") || $0.hasSuffix(".yml")) }.sorted()
    }

    /// The device rule recordings: `device-<rule>.evemu` with `.refusal.txt`, the line and the
    /// reason the replay refuses the device for.
    static func deviceRuleNames() -> [String] {
        names(in: TestPaths.recordings, prefix: "device-", suffixes: [".evemu"])
    }

    /// The real recordings given a scene: `real-<recording stem>.scene.json`.
    static func realStems() -> [String] {
        names(in: TestPaths.recordings, prefix: "real-", suffixes: [".scene.json"])
    }

    private static func names(in directory: URL, prefix: String, suffixes: [String]) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var names: [String] = []
        for file in files where file.hasPrefix(prefix) {
            for suffix in suffixes where file.hasSuffix(suffix) {
                names.append(String(file.dropFirst(prefix.count).dropLast(suffix.count)))
            }
        }
        return names.sorted()
    }

    @Test func recordingsAreFound() {
        #expect(!Self.gestureNames().isEmpty, "no gesture-*.evemu in \(TestPaths.recordings.path)")
        #expect(!Self.ruleRecordingFiles().isEmpty, "no rules-*.evemu or rules-*.yml in \(TestPaths.recordings.path)")
        #expect(!Self.realStems().isEmpty, "no real-*.scene.json in \(TestPaths.recordings.path)")
        #expect(!Self.deviceRuleNames().isEmpty, "no device-*.evemu in \(TestPaths.recordings.path)")
    }

    @Test(arguments: gestureNames())
    func gestureRecording(_ name: String) throws {
        let base = TestPaths.recordings.appendingPathComponent("gesture-\(name)")
        let output = try Self.intentLines(
            recording: [base.appendingPathExtension("evemu").path],
            scenePath: base.appendingPathExtension("scene.json").path
        )
        Golden.check(output, against: base.appendingPathExtension("intents.jsonl"))
    }

    @Test(arguments: ruleRecordingFiles())
    func ruleRecordingTouchEvents(_ file: String) throws {
        let url = TestPaths.recordings.appendingPathComponent(file)
        let reader = try Recording.open(paths: [url.path])
        var lines = ""
        try Replay.touchEvents(from: reader, screen: .standard) { event in
            lines += event.jsonLine.text + "\n"
        }
        Golden.check(lines, against: url.deletingPathExtension().appendingPathExtension("touch.jsonl"))
    }

    @Test(arguments: deviceRuleNames())
    func deviceRuleRecording(_ name: String) throws {
        let base = TestPaths.recordings.appendingPathComponent("device-\(name)")
        let error = ReplayTestSupport.error { () throws(InputFileError) in
            try Recording.open(paths: [base.appendingPathExtension("evemu").path])
        }
        #expect(error?.kind == .malformed)
        let refusal = error.map { "\($0.line.map(String.init) ?? "no line"): \($0.reason)\n" } ?? "not refused\n"
        Golden.check(refusal, against: base.appendingPathExtension("refusal.txt"))
    }

    @Test(arguments: realStems())
    func realRecording(_ stem: String) throws {
        let recording = try #require(Self.realRecordingPaths(stem: stem), "no recording \(stem) in \(TestPaths.thirdPartyRecordings.path)/evemu")
        let base = TestPaths.recordings.appendingPathComponent("real-\(stem)")
        let output = try Self.intentLines(recording: recording, scenePath: base.appendingPathExtension("scene.json").path)
        Golden.check(output, against: base.appendingPathExtension("intents.jsonl"))
    }

    @Test func replayIsDeterministic() throws {
        let base = TestPaths.recordings.appendingPathComponent("gesture-gated-swipe-while-asking-ignored")
        let recording = [base.appendingPathExtension("evemu").path]
        let scenePath = base.appendingPathExtension("scene.json").path
        let first = try Self.intentLines(recording: recording, scenePath: scenePath)
        let second = try Self.intentLines(recording: recording, scenePath: scenePath)
        #expect(!first.isEmpty)
        #expect(Array(first.utf8) == Array(second.utf8))
    }

    /// The `.evemu` file, or the `.desc` + `.events` pair, of a third-party recording.
    static func realRecordingPaths(stem: String) -> [String]? {
        let directory = TestPaths.thirdPartyRecordings.appendingPathComponent("evemu")
        let single = directory.appendingPathComponent("\(stem).evemu").path
        if FileManager.default.fileExists(atPath: single) { return [single] }
        let pair = [directory.appendingPathComponent("\(stem).desc").path, directory.appendingPathComponent("\(stem).events").path]
        return pair.allSatisfy { FileManager.default.fileExists(atPath: $0) } ? pair : nil
    }

    /// What `gesturectl replay … --scene … --explain` prints: one explained intent per line. The
    /// drag rule (SPEC 4.9, ``DragRuleChecker``) and the unsaved-content invariant (SPEC 5.5,
    /// ``UnsavedWorkChecker``) are checked over the intents as they come: a violation fails the
    /// test, naming the intent's line.
    static func intentLines(recording: [String], scenePath: String,
                            sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let scene = try SceneFile.load(path: scenePath)
        let reader = try Recording.open(paths: recording)
        var lines = ""
        var dragRule = DragRuleChecker()
        var unsavedWork = UnsavedWorkChecker(scene: scene.scene)
        var names = PresentationNames()
        try Replay.steps(from: reader, scene: scene, scenePath: scenePath) { step, stepNames in
            switch step {
            case .touch(let event): if event.kind != .frame { unsavedWork.tookDeviceInput() }
            case .command(let timed): unsavedWork.took(timed.command)  // a replay stops on a refused one
            case .decision: break
            case .intent(let intent):
                lines += intent.jsonLine(explain: true, names: stepNames).text + "\n"
                dragRule.take(intent)
                unsavedWork.take(intent, names: stepNames)
            }
            names = stepNames
        }
        // A replay ends with every contact lifted or cancelled, and every timeline command applied.
        if let violation = dragRule.finished() {
            let reason = violation.reason.description(names: names)
            Issue.record("\(recording.last ?? ""): line \(violation.index + 1) breaks the drag rule: \(reason)",
                         sourceLocation: sourceLocation)
        }
        if let violation = unsavedWork.violation {
            Issue.record("\(recording.last ?? ""): line \(violation.index + 1) breaks the unsaved-content invariant: \(violation.reason)",
                         sourceLocation: sourceLocation)
        }
        return lines
    }
}
