import Foundation
import DismissKit
import Testing
@testable import gesturectl

/// `gesturectl analyze` and the analysis behind it, checked against the goldens' own intents.
@Suite struct AnalyzeTests {
    /// The analysis of one golden recording replayed with its scene.
    static func analysis(of name: String, configuration: GestureConfiguration? = nil) throws -> GestureAnalysis {
        let scenePath = "Recordings/\(name).scene.json"
        var analysis = GestureAnalysis()
        try Replay.steps(from: Recording.open(paths: ["Recordings/\(name).evemu"]), scene: SceneFile.load(path: scenePath),
                         scenePath: scenePath, configuration: configuration) { analysis.add($0, names: $1) }
        return analysis
    }

    @Test func aReleaseAfterARestLongerThanTheCutOffHasNoVelocity() throws {
        let analysis = try Self.analysis(of: "gesture-swipe-top-rest-60ms-settles")
        #expect(analysis.drags == [.topRegion: [.settle: 1]])
        #expect(analysis.releases.count == 1)
        #expect(analysis.releases.first?.velocity == 0)
        #expect(analysis.releases.first?.rest == 60_000)
        let moving = try Self.analysis(of: "gesture-swipe-top-rest-25ms-dismisses")
        #expect(moving.drags == [.topRegion: [.dismissAttempt: 1]])
        #expect(moving.releases.first?.rest == 25_000)
        #expect((moving.releases.first?.velocity ?? 0) > 0)
    }

    @Test func tapsAndNearMissesAreCounted() throws {
        let analysis = try Self.analysis(of: "gesture-tap-outside-sheet-390ms-dismiss")
        #expect(analysis.taps.map(\.kind) == ["tapOutside"])
        #expect(analysis.taps.first?.duration == 390_000)
        // 390 ms against a 400 ms limit is within 10 %.
        #expect(analysis.nearMisses.count == 1)
        let farFromTheLimit = try Self.analysis(of: "gesture-tap-outside-sheet-regular-dismiss")
        #expect(farFromTheLimit.taps.count == 1)
        #expect(farFromTheLimit.nearMisses.isEmpty)
    }

    @Test func aStricterDismissFractionTurnsADismissalByDistanceIntoASettle() throws {
        let name = "gesture-swipe-top-dismiss-by-distance"
        let before = try Self.analysis(of: name)
        let after = try Self.analysis(of: name, configuration: GestureConfiguration(dismissFraction: 0.4))
        let changes = GestureAnalysis.changes(from: before, to: after)
        #expect(changes.count == 1)
        #expect(changes.first?.before.first?.hasPrefix("dragEnded(compose, dismissAttempt") == true)
        #expect(changes.first?.after == ["dragEnded(compose, settle, large)"])
        #expect(GestureAnalysis.changes(from: before, to: before).isEmpty)
    }

    /// The corpus figures over `Recordings/`, each counted again from the goldens' intents.
    @Test func theCorpusOfTheGoldensAddsUpToTheirIntents() throws {
        let result = try runGesturectl(["analyze", "Recordings", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        let corpus = try #require(lines.last.map { try JSONValue(parsing: $0) })
        let recordingLines = lines.filter { $0.contains(#""type":"recording""#) }

        let names = try FileManager.default.contentsOfDirectory(atPath: "Recordings").sorted()
        let withScenes = names.filter { $0.hasSuffix(".evemu") || $0.hasSuffix(".yml") }
            .filter { names.contains(($0 as NSString).deletingPathExtension + ".scene.json") }
        #expect(recordingLines.count == withScenes.count)
        var expectedLines: [String] = []
        for name in withScenes {
            let stem = (name as NSString).deletingPathExtension
            if let text = try? String(contentsOfFile: "Recordings/\(stem).intents.jsonl", encoding: .utf8) {
                expectedLines += text.split(separator: "\n").map(String.init)
            }
        }
        func count(_ fragment: String) -> Int64 { Int64(expectedLines.filter { $0.contains(fragment) }.count) }
        #expect(corpus.wholeNumber("analysed") == Int64(withScenes.count))
        #expect(corpus.wholeNumber("failed") == 0)
        #expect(corpus.wholeNumber("matchExpected") == corpus.wholeNumber("withExpected"))
        let drags = try #require(corpus.member("drags"))
        let origins = ["topRegion", "scrolledContent", "grabber"]
        func total(_ end: String) -> Int64 { origins.compactMap { drags.member($0)?.wholeNumber(end) }.reduce(0, +) }
        #expect(total("dismissAttempt") == count(#""outcome":"dismissAttempt""#))
        #expect(total("settle") == count(#""outcome":"settle""#))
        #expect(total("handedBack") == count(#""type":"dragHandedBack""#))
        #expect(corpus.member("releaseVelocity")?.wholeNumber("count")
            == count(#""outcome":"dismissAttempt""#) + count(#""outcome":"settle""#))
        #expect(corpus.wholeNumber("cancellations") == count(#""type":"cancelled""#))
        let rejections = try #require(corpus.member("rejections"))
        guard case .object(let reasons) = rejections.kind else { Issue.record("rejections: not an object"); return }
        #expect(reasons.compactMap { rejections.wholeNumber($0.key) }.reduce(0, +) == count(#""type":"rejected""#))
    }

    @Test func comparingAConfigurationWithItselfChangesNothing() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("analyze-\(getpid()).json")
        try #"{"dismissFraction": 0.4}"#.write(to: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: config) }
        let same = try runGesturectl(["analyze", "Recordings", "--config", config.path, "--compare-config", config.path, "--json"])
        #expect(same.status == 0)
        #expect(!same.standardOutput.contains(#""type":"change""#))
        let other = try runGesturectl(["analyze", "Recordings", "--compare-config", config.path, "--json"])
        #expect(other.status == 0)
        let changes = other.standardOutput.split(separator: "\n").filter { $0.contains(#""type":"change""#) }
        #expect(changes.contains { $0.contains("gesture-swipe-top-dismiss-by-distance.evemu") })
        #expect(changes.allSatisfy { $0.contains("dismissAttempt") })
    }

    @Test func aBadRecordingIsReportedAndTheOthersAreStillAnalysed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("analyze-bad-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = "gesture-swipe-top-rest-60ms-settles"
        for suffix in [".evemu", ".scene.json"] {
            try FileManager.default.copyItem(atPath: "Recordings/\(good)\(suffix)", toPath: folder.appendingPathComponent(good + suffix).path)
        }
        try "N: broken\nnot an evemu line\n".write(to: folder.appendingPathComponent("broken.evemu"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: "Recordings/\(good).scene.json", toPath: folder.appendingPathComponent("broken.scene.json").path)
        try "N: lonely\n".write(to: folder.appendingPathComponent("lonely.evemu"), atomically: true, encoding: .utf8)

        let result = try runGesturectl(["analyze", folder.path])
        #expect(result.status == 65)
        #expect(result.standardError.contains("broken.evemu:"))
        #expect(result.standardOutput.contains(good + ".evemu"))
        #expect(result.standardOutput.contains("corpus: 1 recordings analysed, 1 could not be, 1 skipped\n"))
        #expect(result.standardOutput.contains("  skipped \(folder.path)/lonely.evemu: no scene: \(folder.path)/lonely.scene.json is not there"))
    }

    /// A folder's hostile entries: a FIFO is skipped and named (reading it would wait for a
    /// writer for ever), a dangling link is reported whatever its name, a `run --record` file is
    /// analysed with its own scene, a name holding ESC and BEL is written escaped, and options
    /// read from a pipe are read once for all the recordings.
    @Test func aFolderIsReadForWhatEachEntryIs() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("analyze-hostile-\(getpid())").path
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/waiting.jsonl", 0o600) == 0)
        #expect(symlink("/nonexistent", folder + "/dangling.jsonl") == 0)
        _ = try LiveSessionRecordingTests.record(to: folder + "/live.yaml")
        _ = try SessionFileTests.record("gesture-gated-swipe-confirm-discard", to: folder + "/e\u{1B}[31mvil\u{7}.jsonl")

        let result = try runGesturectl(["analyze", folder, "--compare-config", "/dev/stdin"], input: #"{"dismissFraction": 0.6}"#)
        #expect(result.status == 65, "\(result.standardError)")
        #expect(result.standardError.contains("\(folder)/dangling.jsonl: "), "\(result.standardError)")
        #expect(result.standardOutput.contains("corpus: 2 recordings analysed, 1 could not be, 1 skipped\n"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("  skipped \(folder)/waiting.jsonl: a FIFO, not a regular file"))
        #expect(result.standardOutput.contains("\(folder)/live.yaml "))
        #expect(result.standardOutput.contains("e\\u{1B}[31mvil\\u{07}.jsonl") && !result.standardOutput.contains("\u{1B}"))
        #expect(result.standardOutput.contains("expected intents matched: 2 of 2; with --compare-config: "))
    }

    @Test func theExpectedIntentsAreComparedWithoutTheirExplanation() {
        let line = #"{"detent":"large","explain":{"margin":-104.563,"threshold":380},"outcome":"settle","time":1,"type":"dragEnded"}"#
        #expect(AnalyzeCommand.withoutExplanation(line) == #"{"detent":"large","outcome":"settle","time":1,"type":"dragEnded"}"#)
        let rule = #"{"explain":{"rule":"a \"}\" in words"},"type":"rejected"}"#
        #expect(AnalyzeCommand.withoutExplanation(rule) == #"{"type":"rejected"}"#)
        #expect(AnalyzeCommand.withoutExplanation(#"{"type":"dismiss"}"#) == #"{"type":"dismiss"}"#)
    }
}

extension JSONValue {
    /// The member `key` of an object.
    fileprivate func member(_ key: String) -> JSONValue? {
        guard case .object(let members) = kind else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The member `key` of an object, when it is a whole number.
    fileprivate func wholeNumber(_ key: String) -> Int64? {
        guard case .number(let number)? = member(key)?.kind, number == number.rounded() else { return nil }
        return Int64(number)
    }
}
