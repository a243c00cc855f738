import Foundation
import DismissKit
import Testing
@testable import gesturectl

/// `gesturectl analyze` and the analysis behind it, checked against the goldens' own intents.
@Suite struct AnalyzeTests {
    /// The analysis of one golden recording replayed with its scene.
    static func analysis(of name: String, configuration: GestureConfiguration? = nil) throws -> GestureAnalysis {
        let scenePath = "Recordings/\(name).scene.json"
        let sceneFile = try SceneFile.load(path: scenePath)
        var analysis = GestureAnalysis(configuration: configuration ?? sceneFile.configuration)
        try Replay.steps(from: Recording.open(paths: ["Recordings/\(name).evemu"]), scene: sceneFile,
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

        let result = try runGesturectl(["analyze", folder.path, "--wide"])
        #expect(result.status == 65)
        #expect(result.standardError.contains("broken.evemu:"))
        #expect(result.standardOutput.contains(good + ".evemu"))
        #expect(result.standardOutput.contains("corpus: 1 recordings analysed, 1 could not be, 1 skipped\n"))
        #expect(result.standardOutput.contains("  skipped lonely.evemu: no scene beside it"))
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
        #expect(result.standardOutput.hasPrefix("recordings in \(folder)/\n"))
        #expect(result.standardOutput.contains("  skipped waiting.jsonl: a FIFO, not a regular file"))
        #expect(result.standardOutput.contains("\nlive.yaml "))
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

    /// The text fits 100 columns; `--wide` gives every column and whole names; every skipped
    /// file is named with its reason.
    @Test func theTableFitsAHundredColumnsAndWideGivesEveryColumn() throws {
        let narrow = try runGesturectl(["analyze", "Recordings"])
        #expect(narrow.status == 0, "\(narrow.standardError)")
        let lines = narrow.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.count <= 100 }, "\(lines.filter { $0.count > 100 })")
        #expect(lines.first == "recordings in Recordings/")
        let wide = try runGesturectl(["analyze", "Recordings", "--wide"])
        #expect(wide.standardOutput.contains("\ngesture-accessibility-detent-mid-drag-cancels-first.evemu "))
        #expect(wide.standardOutput.contains("median velocity") && !narrow.standardOutput.contains("median velocity"))
        #expect(wide.standardOutput.split(separator: "\n").contains { $0.count > 100 })
        let skipped = try FileManager.default.contentsOfDirectory(atPath: "Recordings")
            .filter { ($0.hasSuffix(".evemu") || $0.hasSuffix(".yml")) && !FileManager.default.fileExists(atPath: "Recordings/" + $0.prefix { $0 != "." } + ".scene.json") }
        #expect(!skipped.isEmpty)
        for name in skipped {
            #expect(narrow.standardOutput.contains("  skipped \(name): no scene beside it\n"), "\(name)")
        }
        #expect(try runGesturectl(["analyze", "Recordings", "--wide", "--json"]).status == 64)
    }

    /// A near miss names the setting that decides it and the value that would turn it.
    @Test func aNearMissNamesItsSettingAndTheValueThatTurnsIt() throws {
        let tap = try Self.analysis(of: "gesture-tap-outside-sheet-390ms-dismiss").nearMisses
        #expect(tap.map(\.setting) == ["tapMaxDuration"])
        #expect(tap.first?.turn == "tapMaxDuration 400 ms: below 390 ms it would be held too long")
        let slop = try Self.analysis(of: "gesture-tap-outside-moved-past-slop-nothing").nearMisses
        #expect(slop.map(\.setting) == ["slopMM"])
        // Turning it: under the slop the turn names, the same move stays within it.
        let turned = try #require(slop.first?.turn.split(separator: " ").dropFirst(3).first.flatMap { Double($0) })
        let within = try Self.analysis(of: "gesture-tap-outside-moved-past-slop-nothing", configuration: GestureConfiguration(slopMM: turned))
        #expect(!within.moments.contains { $0.time == slop.first?.time && $0.decisions.contains("tapMovedPastSlop") })
        let rested = try Self.analysis(of: "gesture-grabber-drag-dismiss-below-half-smallest").nearMisses
        #expect(rested.map(\.setting) == ["dismissFraction"])
        let text = try runGesturectl(["analyze", "Recordings"]).standardOutput
        #expect(text.contains("  decided by tapMaxDuration: 1\n    gesture-tap-outside-sheet-390ms-dismiss.evemu at 390 ms: tapOutside: 390 ms against 400 ms\n"
            + "      tapMaxDuration 400 ms: below 390 ms it would be held too long\n"))
    }

    /// A moving release's near miss: the deceleration it names turns the release.
    @Test func aMovingReleaseNearMissNamesTheDecelerationThatTurnsIt() throws {
        // A threshold near the slow pull's projection: it settles 13 pt short of it.
        let name = "gesture-gated-slow-pull-settles-no-question"
        let configuration = GestureConfiguration(dismissFraction: 0.62)
        let analysis = try Self.analysis(of: name, configuration: configuration)
        let miss = try #require(analysis.nearMisses.first { $0.setting == "decelerationPerMillisecond" })
        let words = miss.turn.split(separator: " ")
        let value = try #require(Double(words[3]))
        let outcome = try #require(analysis.releases.first?.outcome)
        var turned = configuration
        turned.decelerationPerMillisecond = value
        #expect(try Self.analysis(of: name, configuration: turned).releases.first?.outcome != outcome)
    }

    /// `--compare-config` splits the changes: the first that makes the sessions present different
    /// things is direct, and what follows from it is knock-on.
    @Test func comparedChangesAreSplitIntoDirectAndKnockOn() throws {
        let arguments = ["analyze", "Recordings/third-party/evemu/quanta-optical.events", "--scene", "Recordings/real-quanta-optical.scene.json",
                         "--compare-config", "/dev/stdin"]
        let text = try runGesturectl(arguments, input: #"{"restCutoff": 120000}"#).standardOutput
        #expect(text.contains("decisions that change with --compare-config: 12 in 1 recordings, 1 direct and 11 knock-on\n  direct:\n"
            + "    quanta-optical.events at 2544 ms: dragEnded(compose, settle, large) → dragEnded(compose, settle,\n"
            + "        medium); setDetent(compose, medium, swipe)\n"
            + "  knock-on (after a direct change, the sessions present different things):\n"
            + "    quanta-optical.events at 3168 ms: nothing → tapOutside; dismiss(compose, tapOutside, direct)\n"), "\(text)")
        let json = try runGesturectl(arguments + ["--json"], input: #"{"restCutoff": 120000}"#).standardOutput
        let changes = json.split(separator: "\n").filter { $0.contains(#""type":"change""#) }
        #expect(changes.map { $0.contains(#""knockOn":true"#) } == [false] + Array(repeating: true, count: 11))
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
