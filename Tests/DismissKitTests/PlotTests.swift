import Foundation
import Testing
@testable import DismissKit
@testable import DismissKitCore
@testable import DismissKitPlot

/// `gesturectl plot`: the picture holds every decision `replay` prints, parses as XML with an
/// element for each presentation, contact and intent, and bad input fails as `replay` fails.
@Suite struct PlotTests {
    /// The `data-line` attributes of the SVG, in document order, unescaped: each decision's and
    /// each intent's `--explain` line.
    static func dataLines(in svg: String) -> [String] {
        var lines: [String] = []
        var rest = svg[...]
        while let start = rest.range(of: "data-line=\"") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { break }
            lines.append(String(rest[..<end])
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&#10;", with: "\n").replacingOccurrences(of: "&amp;", with: "&"))
            rest = rest[end...]
        }
        return lines
    }

    static func isDecision(_ line: String) -> Bool { line.contains(#""type":"decision""#) }

    @Test(arguments: GoldenRecordingTests.gestureNames())
    func plotAndReplayAgreeOnEveryDecision(_ name: String) throws {
        let base = "Recordings/gesture-\(name)"
        let plot = try runGesturectl(["plot", "\(base).evemu", "--scene", "\(base).scene.json"])
        #expect(plot.status == 0)
        #expect(plot.standardError.isEmpty)
        let replay = try runGesturectl(["replay", "\(base).evemu", "--scene", "\(base).scene.json", "--explain"])
        #expect(replay.status == 0)
        let drawn = Self.dataLines(in: plot.standardOutput)
        let printed = replay.standardOutput.split(separator: "\n").map(String.init)
        #expect(drawn.filter(Self.isDecision) == printed.filter(Self.isDecision))
        #expect(drawn.filter { !Self.isDecision($0) } == printed.filter { !Self.isDecision($0) })
        // The intents drawn are the reviewed golden, which the plain replay gives.
        let golden = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("\(base).intents.jsonl"), encoding: .utf8)
        #expect(drawn.filter { !Self.isDecision($0) } == golden.split(separator: "\n").map(String.init))
    }

    @Test(arguments: ["gated-swipe-confirm-discard", "popover-tap-passthrough-dismiss-then-deliver", "cancel-second-finger-mid-drag",
                      "grabber-tap-cycles-medium-large-medium"])
    func svgParsesAndHoldsAnElementForEachPresentationContactDecisionAndIntent(_ name: String) throws {
        let base = TestPaths.recordings.appendingPathComponent("gesture-\(name)")
        let scenePath = base.appendingPathExtension("scene.json").path
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("plot-\(name)-\(getpid()).svg")
        defer { try? FileManager.default.removeItem(at: output) }
        let plot = try runGesturectl(["plot", base.appendingPathExtension("evemu").path, "--scene", scenePath, "-o", output.path])
        #expect(plot.status == 0)
        #expect(plot.standardOutput.isEmpty)
        #expect(try run("xmllint", ["--noout", output.path]).status == 0)
        func count(_ expression: String) throws -> Int {
            let result = try run("xmllint", ["--xpath", "count(\(expression))", output.path])
            #expect(result.status == 0, "xmllint: \(result.standardError)")
            return Int(result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        }
        func withClass(_ name: String) -> String { "//*[contains(concat(' ', @class, ' '), ' \(name) ')]" }

        let scene = try SceneFile.load(path: scenePath).scene
        #expect(try count(withClass("presentation")) == scene.presentations.count)
        for presentation in scene.presentations {
            #expect(try count("//*[@id='presentation-\(presentation.id)']") == 1)
        }
        var downs = 0
        try Replay.touchEvents(from: Recording.open(paths: [base.appendingPathExtension("evemu").path]), screen: scene.screen) {
            if $0.kind == .down { downs += 1 }
        }
        #expect(downs > 0)
        #expect(try count(withClass("contact")) == downs)
        #expect(try count(withClass("landing")) == downs)
        var intents = 0, decisions = 0
        try Replay.steps(from: Recording.open(paths: [base.appendingPathExtension("evemu").path]),
                         scene: SceneFile.load(path: scenePath), scenePath: scenePath) { step, _ in
            switch step {
            case .intent: intents += 1
            case .decision: decisions += 1
            case .touch, .command: break
            }
        }
        #expect(intents > 0 && decisions > 0)
        #expect(try count(withClass("intent")) == intents)
        #expect(try count(withClass("decision")) == decisions)
    }

    @Test func aReleaseShowsItsThresholdAndProjection() throws {
        let base = "Recordings/gesture-gated-swipe-confirm-discard"
        let svg = try runGesturectl(["plot", "\(base).evemu", "--scene", "\(base).scene.json"]).standardOutput
        // The figures of the golden's dragEnded explanation, labelled as a person reads them, at
        // full precision on hover.
        #expect(svg.contains("dismiss threshold 380 pt"))
        #expect(svg.contains("projection 792 pt, margin +412: dismissAttempt<title>projection 791.782 pt, margin +411.782 pt</title>"))
        #expect(svg.contains("release 1290 pt/s<title>release 1286.136 pt/s"))
        #expect(svg.contains(#"class="question-open""#))
        #expect(svg.contains("confirmationRequested compose (swipeFromTop)"))
        #expect(svg.contains("host: confirm compose: discard"))
        #expect(svg.contains("dismiss compose: discarded"))
        #expect(svg.contains(#"class="travel""#) && svg.contains(#"class="sheet-offset""#) && svg.contains(#"class="velocity""#))
    }

    @Test func figuresAreRoundedAsAPersonReadsThem() {
        #expect(Figure.milliseconds(16_667) == "16.7")
        #expect(Figure.milliseconds(125_000) == "125")
        #expect(Figure.points(791.782) == "792")
        #expect(Figure.points(-0.3) == "0")
        #expect(Figure.signedPoints(-480.597) == "-481")
        #expect(Figure.signedPoints(411.782) == "+412")
        #expect(Figure.velocity(1289.4) == "1290")
    }

    @Test func theHTMLPageStandsAlone() throws {
        let base = "Recordings/gesture-gated-swipe-confirm-discard"
        let page = try runGesturectl(["plot", "\(base).evemu", "--scene", "\(base).scene.json", "--format", "html"])
        #expect(page.status == 0)
        let html = page.standardOutput
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains(#"<input type="range" id="scrubber""#))
        #expect(html.contains("<script>") && html.contains(#"<svg xmlns="http://www.w3.org/2000/svg""#))
        // Nothing is fetched: the SVG namespace is the only address, and nothing names another file.
        #expect(html.components(separatedBy: "http").count - 1 == html.components(separatedBy: "http://www.w3.org/2000/svg").count - 1)
        #expect(!html.contains("src=") && !html.contains("href=") && !html.contains("@import") && !html.contains("url(http"))
    }

    @Test func anOutputFileEndingInHTMLGetsThePage() throws {
        let base = "Recordings/gesture-gated-swipe-confirm-discard"
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("plot-\(getpid()).html")
        defer { try? FileManager.default.removeItem(at: output) }
        #expect(try runGesturectl(["plot", "\(base).evemu", "--scene", "\(base).scene.json", "-o", output.path]).status == 0)
        #expect(try String(contentsOf: output, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
    }

    @Test func anOutputFileEndingInPNGGetsAPNGOfThePicture() throws {
        let base = "Recordings/gesture-gated-swipe-confirm-discard"
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("plot-\(getpid()).png")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try runGesturectl(["plot", "\(base).evemu", "--scene", "\(base).scene.json", "-o", output.path])
        #expect(result.status == 0, "\(result.standardError)")
        let png = try Data(contentsOf: output)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        // The IHDR chunk's width and height: the SVG's size, 1000 points wide.
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 1000)
    }

    @Test func anOutputFileOfAnotherKindIsAUsageError() throws {
        let result = try runGesturectl(["plot", "Recordings/rules-seat-slots.evemu", "-o", "/tmp/plot.pdf"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("cannot tell the format of '/tmp/plot.pdf'"))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/plot.pdf"))
    }

    @Test func withoutASceneTheContactsAloneAreDrawn() throws {
        let plot = try runGesturectl(["plot", "Recordings/rules-seat-slots.evemu"])
        #expect(plot.status == 0)
        #expect(plot.standardOutput.contains(#"class="contact""#))
        #expect(!plot.standardOutput.contains(#"class="presentation "#))
    }

    @Test(arguments: [
        ("missing recording", ["Recordings/no-such-recording.evemu", "--scene", "Recordings/gesture-gated-swipe-confirm-discard.scene.json"]),
        ("missing scene", ["Recordings/gesture-gated-swipe-confirm-discard.evemu", "--scene", "Recordings/no-such.scene.json"]),
        ("malformed scene", ["Recordings/gesture-gated-swipe-confirm-discard.evemu", "--scene", "Recordings/README.md"]),
        ("malformed recording", ["Recordings/README.md", "--scene", "Recordings/gesture-gated-swipe-confirm-discard.scene.json"]),
        ("bad device index", ["Recordings/gesture-gated-swipe-confirm-discard.evemu", "--scene",
                              "Recordings/gesture-gated-swipe-confirm-discard.scene.json", "--device-index", "3"]),
    ])
    func badInputGetsReplaysErrorAndStatus(name: String, arguments: [String]) throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("plot-bad-\(getpid()).svg")
        defer { try? FileManager.default.removeItem(at: output) }
        let replay = try runGesturectl(["replay"] + arguments)
        let plot = try runGesturectl(["plot"] + arguments + ["-o", output.path])
        #expect(replay.status == 65 || replay.status == 66)
        #expect(plot.status == replay.status)
        #expect(plot.standardError == replay.standardError)
        #expect(plot.standardError.hasPrefix("Error: Recordings/"))
        #expect(!FileManager.default.fileExists(atPath: output.path), "no picture is written for bad input")
    }

    @Test(arguments: [
        ("no trace", ["plot"]),
        ("unknown format", ["plot", "Recordings/rules-seat-slots.evemu", "--format", "pdf"]),
        ("unknown option", ["plot", "Recordings/rules-seat-slots.evemu", "--explain"]),
        ("bad calibration", ["plot", "Recordings/rules-seat-slots.evemu", "--calibration", "1 2"]),
        ("time not a number", ["plot", "Recordings/rules-seat-slots.evemu", "--from", "soon"]),
        ("negative time", ["plot", "Recordings/rules-seat-slots.evemu", "--to", "-5"]),
        ("window backwards", ["plot", "Recordings/rules-seat-slots.evemu", "--from", "50", "--to", "20"]),
        ("window after the end", ["plot", "Recordings/rules-seat-slots.evemu", "--from", "100000"]),
        ("touch zero", ["plot", "Recordings/rules-seat-slots.evemu", "--touch", "0"]),
        ("touch not a number", ["plot", "Recordings/rules-seat-slots.evemu", "--touch", "first"]),
        ("no such touch", ["plot", "Recordings/rules-seat-slots.evemu", "--touch", "40"]),
    ])
    func usageErrorsExit64(name: String, arguments: [String]) throws {
        let result = try runGesturectl(arguments)
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: "))
        #expect(result.standardError.contains("Usage: gesturectl plot"))
        #expect(result.standardOutput.isEmpty)
    }

    @Test func aWindowDrawsItsStretchOfTimeAndNothingElse() throws {
        let trace = ["Recordings/third-party/evemu/quanta-optical.desc", "Recordings/third-party/evemu/quanta-optical.events",
                     "--scene", "Recordings/real-quanta-optical.scene.json"]
        let whole = try runGesturectl(["plot"] + trace)
        let window = try runGesturectl(["plot"] + trace + ["--from", "4000", "--to", "6000"])
        #expect(whole.status == 0 && window.status == 0)
        let drawn = Self.dataLines(in: window.standardOutput)
        #expect(!drawn.isEmpty && drawn.count < Self.dataLines(in: whole.standardOutput).count)
        // Every decision drawn lies in the window (the drag that began in it is drawn whole).
        for line in drawn where Self.isDecision(line) {
            let time = try #require(line.firstMatch(of: /"time":(\d+)/).flatMap { Int64($0.1) })
            #expect((4_000_000...6_000_000).contains(time), "\(line)")
        }
        // The time axis starts at the window, not at the first event.
        #expect(window.standardOutput.contains(#"text-anchor="middle">4000</text>"#))
        #expect(!window.standardOutput.contains(#"text-anchor="middle">0</text>"#))
    }

    /// The atmel drag (up, then down) `times` times over, each 2 s after the last began.
    static func repeatedDrag(times: Int) throws -> String {
        let lines = try String(contentsOfFile: "Recordings/third-party/evemu/atmel-maxtouch.1-finger-drag-up-down.evemu", encoding: .utf8)
            .split(separator: "\n")
        let header = lines.prefix { !$0.hasPrefix("E: ") }
        let events = lines.drop { !$0.hasPrefix("E: ") }.compactMap { line -> (seconds: Int, rest: Substring)? in
            guard let dot = line.firstIndex(of: "."), let seconds = Int(line.dropFirst(3)[..<dot]) else { return nil }
            return (seconds, line[dot...])
        }
        let period = events.last!.seconds - events.first!.seconds + 2
        var text = header.joined(separator: "\n") + "\n"
        for repetition in 0..<times {
            for event in events { text += "E: \(event.seconds + repetition * period)\(event.rest)\n" }
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("plot-drags-\(times)-\(getpid()).evemu").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aPicturesSizeFollowsWhatIsDrawnNotTheRecording() throws {
        let scene = FileManager.default.temporaryDirectory.appendingPathComponent("plot-drags-\(getpid()).scene.json").path
        try #"{"presentations":[{"id":"compose","style":"sheet","detents":["medium","large"],"grabber":true}]}"#
            .write(toFile: scene, atomically: true, encoding: .utf8)
        let (few, many) = (try Self.repeatedDrag(times: 6), try Self.repeatedDrag(times: 24))
        defer { for path in [scene, few, many] { unlink(path) } }
        func size(_ path: String, _ options: [String] = []) throws -> Int {
            let plot = try runGesturectl(["plot", path, "--scene", scene] + options)
            #expect(plot.status == 0, "\(plot.standardError)")
            return plot.standardOutput.utf8.count
        }
        // One touch, or 300 ms, of a recording four times as long: the same picture, near enough
        // (its numbers have more digits). The whole of it: at most four times the picture.
        let (oneTouch, oneTouchOfMany) = (try size(few, ["--touch", "3"]), try size(many, ["--touch", "3"]))
        #expect(Double(oneTouchOfMany) < 1.1 * Double(oneTouch), "\(oneTouch) bytes, then \(oneTouchOfMany)")
        let (window, windowOfMany) = (try size(few, ["--from", "4200", "--to", "4500"]), try size(many, ["--from", "4200", "--to", "4500"]))
        #expect(Double(windowOfMany) < 1.1 * Double(window), "\(window) bytes, then \(windowOfMany)")
        let (whole, wholeOfMany) = (try size(few), try size(many))
        #expect(wholeOfMany <= 4 * whole, "\(whole) bytes, then \(wholeOfMany)")
    }

    @Test func aStretchWithNothingInItIsDrawnNarrow() {
        // The gated swipe: a drag to 125 ms, then nothing until the host answers at 600 ms.
        let layout = PlotLayout(scene: Scene(), startTime: 0, endTime: 600_000, activity: [0...0, 16_667...125_000, 600_000...600_000])
        #expect(layout.segments.count == 2)
        let width = layout.plotRight - layout.plotLeft
        #expect(layout.x(milliseconds: 125) - layout.plotLeft > 0.6 * width, "the drag takes most of the axis, not 125/600 of it")
        #expect(abs(layout.x(milliseconds: 600) - layout.plotRight) < 0.01)
        let xs = stride(from: 0.0, through: 600, by: 5).map { layout.x(milliseconds: $0) }
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 <= $1 }, "time runs left to right")
        // Activity throughout: one scale.
        #expect(PlotLayout(scene: Scene(), endTime: 600_000, activity: stride(from: 0, through: 600_000, by: 50_000).map { $0...$0 }).segments.count == 1)
    }

    @Test func oneTouchIsDrawnAlone() throws {
        let trace = ["Recordings/third-party/evemu/3m-microtouch-usb.evemu-data.evemu", "--scene", "Recordings/real-3m-microtouch-usb.evemu-data.scene.json"]
        let result = try runGesturectl(["plot"] + trace + ["--touch", "2"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.components(separatedBy: #"class="contact""#).count - 1 == 1)
        #expect(result.standardOutput.contains(#"id="contact-1""#), "touch 2 keeps its number")
    }

    @Test func eachTouchHasItsRowOnTheTimeline() throws {
        let trace = ["Recordings/third-party/evemu/3m-microtouch-usb.evemu-data.evemu", "--scene", "Recordings/real-3m-microtouch-usb.evemu-data.scene.json"]
        let svg = try runGesturectl(["plot"] + trace).standardOutput
        let contacts = svg.components(separatedBy: #"<g class="contact""#).count - 1
        #expect(contacts == 34)
        #expect(svg.components(separatedBy: #"<g class="touch-row""#).count - 1 == contacts)
        // Its drags (two, by touch 2) are drawn thick on its row.
        #expect(svg.components(separatedBy: #"class="touch-drag""#).count - 1 == 2)
    }

    @Test func anOutputFileThatCannotBeCreatedExits73() throws {
        let base = "Recordings/gesture-gated-swipe-confirm-discard"
        let result = try runGesturectl(["plot", "\(base).evemu", "--scene", "\(base).scene.json", "-o", "/nonexistent-directory/x.svg"])
        #expect(result.status == 73)
        #expect(result.standardError == "Error: /nonexistent-directory/x.svg: No such file or directory\n")
    }

    @Test func textIsEscapedForXML() {
        #expect(xmlEscaped(#"a<b>&"c" 'd'"#) == "a&lt;b&gt;&amp;&quot;c&quot; &apos;d&apos;")
        #expect(xmlEscaped("bell\u{7}") == "bell\u{FFFD}")
        #expect(jsString("</script>\"\\\u{2028}") == #""\u003c/script>\"\\\u2028""#)
    }
}

