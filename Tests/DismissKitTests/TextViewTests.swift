import Foundation
import DismissKit
import Testing

/// `gesturectl replay --format text`: the steps as a person reads them, in step with the JSON.
@Suite struct TextViewTests {
    static let base = "Recordings/gesture-gated-swipe-confirm-discard"

    @Test func everyIntentAndDecisionHasALineInOrder() throws {
        let text = try runGesturectl(["replay", "\(Self.base).evemu", "--scene", "\(Self.base).scene.json", "--format", "text"])
        #expect(text.status == 0, "\(text.standardError)")
        let lines = text.standardOutput.split(separator: "\n").map(String.init)
        // Not a terminal: no colour.
        #expect(!text.standardOutput.contains("\u{1B}["))
        let json = try runGesturectl(["replay", "\(Self.base).evemu", "--scene", "\(Self.base).scene.json", "--explain"])
        let jsonLines = json.standardOutput.split(separator: "\n")
        let intentLines = lines.filter { $0.dropFirst(12).hasPrefix("intent") }
        #expect(intentLines.count == jsonLines.filter { !$0.contains(#""type":"decision""#) }.count)
        #expect(lines.filter { $0.dropFirst(12).hasPrefix("decision") }.count == jsonLines.filter { $0.contains(#""type":"decision""#) }.count)
        #expect(lines.first == "+0.000s     touch     down          seat 0    299.9/70.0 pt     50.9/11.9 mm")
        #expect(lines.suffix(2) == ["+0.600s     command   confirm(compose, discard)",
                                    "+0.600s     intent    dismiss(compose, swipeFromTop, discarded)"])
        // The release's --explain figures, as the JSON gives them (to 0.1).
        #expect(lines.contains("+0.125s     intent    dragEnded(compose, dismissAttempt, large)  projected 791.8 pt, "
                               + "threshold 380.0 pt, margin +411.8 pt, 1286 pt/s"))
        #expect(jsonLines.contains(#"{"detent":"large","explain":{"margin":411.782,"projectedOffset":791.782,"threshold":380,"#
                                   + #""velocity":1286.136},"outcome":"dismissAttempt","presentation":"compose","time":125000,"type":"dragEnded"}"#))
        let asked = try #require(lines.firstIndex { $0.contains("confirmationRequested(compose, swipeFromTop)") })
        let started = try #require(lines.firstIndex { $0.contains("dragStarted") })
        #expect(started < asked)
    }

    /// A rejection's line ends with the policy's rule behind it, which `--explain` gives.
    @Test func aRejectionSaysItsRule() throws {
        let base = "Recordings/gesture-covered-presentation-attempts-rejected"
        let text = try runGesturectl(["replay", "\(base).evemu", "--scene", "\(base).scene.json", "--format", "text"])
        #expect(text.status == 0, "\(text.standardError)")
        #expect(text.standardOutput.contains(#"+0.200s     intent    rejected(base, programmatic, covered by "top")  rule 3: only the "#
                                             + "topmost presentation can be dismissed; the host closes what is above it first\n"))
    }

    /// An id with control characters (an escape sequence, a line break) never reaches the text
    /// view: the scene is refused, and the message names the first one without writing it, so
    /// no scene can drive the terminal or forge a line.
    @Test func idsWithControlCharactersAreRefusedBeforeTheyReachTheTextView() throws {
        let scene = FileManager.default.temporaryDirectory.appendingPathComponent("text-view-\(getpid()).json")
        try #"{"presentations": [{"id": "a\u001b[31mb\nc", "style": "sheet"}]}"#.write(to: scene, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: scene) }
        let text = try runGesturectl(["replay", "Recordings/gesture-swipe-top-dismiss-by-velocity.evemu", "--scene", scene.path,
                                      "--format", "text"])
        #expect(text.status == 65)
        #expect(text.standardOutput.isEmpty)
        #expect(text.standardError == "Error: \(scene.path):1: presentations[0].id: a presentation id holds no control character, "
            + "this one has U+001B\n")
    }

    @Test func touchEventsAloneLeaveTheRestOut() throws {
        let text = try runGesturectl(["replay", "\(Self.base).evemu", "--scene", "\(Self.base).scene.json", "--format", "text",
                                      "--touch-events"])
        #expect(text.status == 0)
        let lines = text.standardOutput.split(separator: "\n")
        #expect(!lines.isEmpty && lines.allSatisfy { $0.dropFirst(12).hasPrefix("touch") })
    }

    @Test func badInputFailsAsTheJSONReplayFails() throws {
        let format = try runGesturectl(["replay", "\(Self.base).evemu", "--format", "xml"])
        #expect(format.status == 64)
        #expect(format.standardError.contains("'--format' is json or text"))
        let broken = try runGesturectl(["replay", "Recordings/README.md", "--scene", "\(Self.base).scene.json", "--format", "text"])
        #expect(broken.status == 65)
        #expect(broken.standardError.hasPrefix("Error: Recordings/README.md:"))
    }
}
