import Foundation
import Glibc
import DismissKit
import Testing
import DismissKitService
@testable import gesturectl

/// The command-line tool, run as users run it: stdout, stderr and exit status.
@Suite struct GesturectlTests {
    static let recording = "Recordings/rules-seat-slots.evemu"

    @Test func replayPrintsTouchEventsAsSortedJSONLines() throws {
        let result = try runGesturectl(["replay", Self.recording, "--touch-events"])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.first == #"{"seatSlot":0,"slot":0,"time":0,"type":"down","x":294.931,"xMM":50,"y":294.118,"yMM":50}"#)
        #expect(lines.last == #"{"time":50000,"type":"frame"}"#)
    }

    @Test func exactTouchEventsGiveThePositionsThePipelineGets() throws {
        let result = try runGesturectl(["replay", Self.recording, "--touch-events", "--exact"])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.first == #"{"seatSlot":0,"slot":0,"time":0,"type":"down","x":294.93087557603684,"xMM":50,"y":294.11764705882354,"yMM":50}"#)
        var events: [TouchEvent] = []
        try Replay.touchEvents(from: Recording.open(paths: [Self.recording]), screen: .standard) { events.append($0) }
        #expect(lines.count == events.count)
        for (line, event) in zip(lines, events) {
            #expect(String(line) == event.jsonLine(exact: true).text)
            if let point = event.point {
                let value = try JSONValue(parsing: String(line))
                guard case .object(let members) = value.kind else { Issue.record("not an object: \(line)"); continue }
                for (key, expected) in [("x", point.x), ("y", point.y), ("xMM", point.xMM), ("yMM", point.yMM)] {
                    guard case .number(let number)? = members.first(where: { $0.key == key })?.value.kind else {
                        Issue.record("no \(key) in \(line)")
                        continue
                    }
                    #expect(number == expected, "\(key) in \(line)")
                }
            }
        }
        // Without --exact the same events are rounded to 0.001.
        let rounded = try runGesturectl(["replay", Self.recording, "--touch-events"]).standardOutput.split(separator: "\n")
        #expect(rounded.first == #"{"seatSlot":0,"slot":0,"time":0,"type":"down","x":294.931,"xMM":50,"y":294.118,"yMM":50}"#)
    }

    @Test func theSceneGivesTheScreenForTouchEvents() throws {
        let scene = FileManager.default.temporaryDirectory.appendingPathComponent("gesturectl-screen-\(getpid()).json")
        try #"{"screen": {"width": 640, "height": 400, "widthMM": 217, "heightMM": 136}, "presentations": []}"#
            .write(to: scene, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: scene) }
        let result = try runGesturectl(["replay", Self.recording, "--scene", scene.path, "--touch-events"])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix(#"{"seatSlot":0,"slot":0,"time":0,"type":"down","x":147.465,"xMM":50,"y":147.059,"yMM":50}"#))
    }

    @Test func touchEventsWithASceneFollowItsTimelinesScreen() throws {
        let base = "Recordings/gesture-screen-rotation-mid-drag-cancels"
        let result = try runGesturectl(["replay", base + ".evemu", "--scene", base + ".scene.json", "--touch-events", "--exact"])
        #expect(result.status == 0)
        // The timeline turns the screen to portrait at 300 ms: the frames from then on are mapped
        // as a replay onto the portrait screen maps them, those before as one onto the scene's own.
        let rotation: Int64 = 300_000
        var expected: [String] = []
        let landscape = ScreenSize(width: 1280, height: 800, widthMM: 217, heightMM: 136)
        let portrait = ScreenSize(width: 800, height: 1280, widthMM: 136, heightMM: 217)
        for (screen, fromRotation) in [(landscape, false), (portrait, true)] {
            try Replay.touchEvents(from: Recording.open(paths: [base + ".evemu"]), screen: screen) { event in
                if (event.time >= rotation) == fromRotation { expected.append(event.jsonLine(exact: true).text) }
            }
        }
        #expect(expected.filter { $0.contains(#""type":"motion""#) }.count > 10)
        #expect(result.standardOutput.split(separator: "\n").map(String.init) == expected)
    }

    @Test func helpExitsZero() throws {
        let result = try runGesturectl(["replay", "--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("USAGE: gesturectl replay <trace>"))
        #expect(try runGesturectl(["--help"]).standardOutput.contains("SUBCOMMANDS:"))
        // The build's gesturectl has no manual page installed beside it: it says so, then helps.
        let help = try runGesturectl(["help", "plot"])
        #expect(help.status == 0 && help.standardOutput.contains("USAGE: gesturectl plot <trace>"))
        #expect(help.standardError.contains("gesturectl-plot") && help.standardError.contains("the built-in help follows"),
                "\(help.standardError)")
        let unknown = try runGesturectl(["help", "plots"])
        #expect(unknown.status == 64 && unknown.standardError.contains("unknown subcommand 'plots'"))
    }

    /// The release is written once (Version.swift); the tool and the scripts that stamp the
    /// packages, dismisskit.pc and the man page read that one place.
    @Test func theVersionIsReadFromVersionSwiftByTheToolAndTheScripts() throws {
        let result = try runGesturectl(["--version"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "gesturectl \(DismissKitVersion.release) (protocol \(DismissKitVersion.protocolNumber))\n")
        let script = Process()
        script.executableURL = TestPaths.packageRoot.appendingPathComponent("script/version")
        let output = Pipe()
        script.standardOutput = output
        try script.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        script.waitUntilExit()
        #expect(script.terminationStatus == 0)
        #expect(printed == DismissKitVersion.release + "\n")
    }

    @Test(arguments: [
        ("no subcommand", [String](), "gesturectl --help"),
        ("unknown subcommand", ["frobnicate"], "gesturectl --help"),
        ("no trace", ["replay", "--touch-events"], "gesturectl replay --help"),
        ("unknown option", ["replay", recording, "--touch-events", "--fast"], "gesturectl replay --help"),
        ("bad calibration", ["replay", recording, "--touch-events", "--calibration", "1 2 3"], "gesturectl replay --help"),
        ("bad device index", ["replay", recording, "--touch-events", "--device-index", "-1"], "gesturectl replay --help"),
        ("intents without a scene", ["replay", recording], "gesturectl replay --help"),
        ("exact without touch events", ["replay", recording, "--scene", "Recordings/gesture-gated-swipe-confirm-discard.scene.json", "--exact"],
         "gesturectl replay --help"),
        ("plot format", ["plot", recording, "--format", "pdf"], "gesturectl plot --help"),
        ("run option", ["run", "--screen", "wide"], "gesturectl run --help"),
        ("run screen past a scene's bounds", ["run", "--screen", "1e300x1e300"], "gesturectl run --help"),
        ("run client stall of 0", ["run", "--client-stall", "0"], "gesturectl run --help"),
        ("run client stall not a number", ["run", "--client-stall", "1.5"], "gesturectl run --help"),
        ("run record size without a record", ["run", "--record-max-size", "1M"], "gesturectl run --help"),
        ("devices argument", ["devices", "extra"], "gesturectl devices --help"),
    ])
    func usageErrorsExit64WithTheUsageLineAndTheHelpOfTheSubcommand(name: String, arguments: [String], help: String) throws {
        let result = try runGesturectl(arguments)
        #expect(result.status == 64)
        if arguments.contains("1e300x1e300") {
            #expect(result.standardError.hasPrefix("Error: '--screen 1e300x1e300': screen width must be a number from 1 to 100000\n"))
        }
        #expect(result.standardError.hasPrefix("Error: "))
        #expect(result.standardError.contains("\nUsage: gesturectl"))
        #expect(result.standardError.hasSuffix("\n  See '\(help)' for more information.\n"))
        #expect(result.standardOutput.isEmpty)
    }

    @Test func aMissingFileExits66() throws {
        let result = try runGesturectl(["replay", "Recordings/no-such-recording.evemu", "--touch-events"])
        #expect(result.status == 66)
        #expect(result.standardError.hasPrefix("Error: Recordings/no-such-recording.evemu"))
    }

    /// What cannot be read is named for what it is, with or without a scene: 66 for a path that
    /// cannot be read, 65 for a file of another format; never a usage error (64).
    @Test func pathsAreReadForWhatTheyAre() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("paths-\(getpid())").path
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(symlink(folder + "/loop", folder + "/loop") == 0)
        #expect(FileManager.default.createFile(atPath: folder + "/other.evemu", contents: Data("hello\n".utf8)))
        for (path, status) in [(folder + "/missing.evemu", Int32(66)), (folder, 66), (folder + "/loop", 66), (folder + "/other.evemu", 65),
                               ("/dev/null", 66)] {
            let result = try runGesturectl(["replay", path])
            #expect(result.status == status, "\(path): \(result.standardError)")
            #expect(result.standardError.hasPrefix("Error: \(path)"), "\(result.standardError)")
        }
        // `--verify` names a path it cannot read as a plain replay does, not as a usage error.
        for path in [folder + "/missing.jsonl", folder, folder + "/loop"] {
            let result = try runGesturectl(["replay", "--verify", path])
            #expect(result.status == 66, "\(path): \(result.standardError)")
            #expect(result.standardError.hasPrefix("Error: \(path): "), "\(result.standardError)")
        }
        // A session cut within its header holds nothing to replay, as one cut within its scene.
        _ = try SessionFileTests.record("gesture-gated-swipe-confirm-discard", to: folder + "/session.jsonl")
        let session = try String(contentsOfFile: folder + "/session.jsonl", encoding: .utf8)
        let header = session.prefix { $0 != "\n" }
        for length in [2, 10, header.count / 2, header.count, header.count + 1] {
            let cut = folder + "/cut.jsonl"
            #expect(FileManager.default.createFile(atPath: cut, contents: Data(session.utf8.prefix(length))))
            let result = try runGesturectl(["replay", cut])
            #expect(result.status == 0 && result.standardOutput.isEmpty, "cut at \(length): \(result.standardError)")
            #expect(result.standardError.contains("the session ends before its scene: nothing to replay"), "\(result.standardError)")
        }
        // So does a `run --record` file cut within its opening lines: its comments, the keys after
        // them, its `dismisskit` list; a cut is named with the file's last line.
        _ = try LiveSessionRecordingTests.record(to: folder + "/session.yaml")
        let recording = try String(contentsOfFile: folder + "/session.yaml", encoding: .utf8)
        let opening = try #require(recording.range(of: #""type":"scene"}'"#)).lowerBound
        let openingLength = recording[..<opening].utf8.count
        for length in [2, 10, 17, 18, 30, 60, 100, 140] + stride(from: 150, to: openingLength, by: 23) {
            let cut = folder + "/cut.yaml"
            let text = Data(recording.utf8.prefix(length))
            #expect(FileManager.default.createFile(atPath: cut, contents: text))
            let line = text.count { $0 == UInt8(ascii: "\n") } + (text.last == UInt8(ascii: "\n") ? 0 : 1)
            for verify in [false, true] {
                let result = try runGesturectl(["replay", cut] + (verify ? ["--verify"] : []))
                #expect(result.status == 0 && result.standardOutput.isEmpty, "cut at \(length): \(result.standardError)")
                #expect(result.standardError == "gesturectl: \(cut):\(line): the session ends before its scene: nothing to \(verify ? "verify" : "replay")\n",
                        "cut at \(length)")
            }
        }
    }

    /// A pipe is read once and replayed: a session or a recording given on standard input, and a
    /// `run --record` session written into a FIFO.
    @Test func aPipeIsReplayedAsAFile() throws {
        let session = SessionFileTests.temporaryPath("piped"), yaml = LiveSessionRecordingTests.temporaryPath("piped")
        defer { unlink(session); unlink(yaml) }
        _ = try SessionFileTests.record("gesture-gated-swipe-confirm-discard", to: session)
        _ = try LiveSessionRecordingTests.record(to: yaml)
        let expected = try runGesturectl(["replay", session])
        #expect(expected.status == 0 && !expected.standardOutput.isEmpty)
        let piped = try runGesturectl(["replay", "/dev/stdin"], input: try String(contentsOfFile: session, encoding: .utf8))
        #expect(piped.status == 0, "\(piped.standardError)")
        #expect(piped.standardOutput == expected.standardOutput)
        let verified = try runGesturectl(["replay", "--verify", "/dev/stdin"], input: try String(contentsOfFile: session, encoding: .utf8))
        #expect(verified.status == 0, "\(verified.standardError)")

        let name = "Recordings/gesture-gated-swipe-confirm-discard"
        let recording = try runGesturectl(["replay", name + ".evemu", "--scene", name + ".scene.json"])
        let pipedRecording = try runGesturectl(["replay", "/dev/stdin", "--scene", name + ".scene.json"],
                                               input: try String(contentsOfFile: name + ".evemu", encoding: .utf8))
        #expect(pipedRecording.status == 0 && pipedRecording.standardOutput == recording.standardOutput, "\(pipedRecording.standardError)")

        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("session-fifo-\(getpid())").path
        unlink(fifo)
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let text = try Data(contentsOf: URL(fileURLWithPath: yaml))
        let writer = Thread { try? text.write(to: URL(fileURLWithPath: fifo)) }
        writer.start()
        let fromFIFO = try runGesturectl(["replay", fifo])
        #expect(fromFIFO.status == 0, "\(fromFIFO.standardError)")
        #expect(fromFIFO.standardOutput == (try runGesturectl(["replay", yaml])).standardOutput)
    }

    @Test func aMalformedRecordingExits65NamingFileAndLine() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("gesturectl-broken-\(getpid()).evemu")
        let original = try String(contentsOf: TestPaths.recordings.appendingPathComponent("rules-seat-slots.evemu"), encoding: .utf8)
        var lines = original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let firstEvent = try #require(lines.firstIndex { $0.hasPrefix("E:") })
        lines[firstEvent + 2] = "E: 0.000001 0003 zz 0001"
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try runGesturectl(["replay", file.path, "--touch-events"])
        #expect(result.status == 65)
        #expect(result.standardError.hasPrefix("Error: \(file.path):\(firstEvent + 3): "))
    }

    /// The three real protocol A recordings replay through mtdev: touch events, exit 0.
    @Test(arguments: [
        "ntrig-dell-xt2.protocolA.evemu",
        "ntrig-multitouch.1-finger-drag-NW-SE.events",
        "ntrig-multitouch.2-fingers-touch-release.events",
    ])
    func aProtocolARecordingReplays(name: String) throws {
        let path = TestPaths.thirdPartyRecordings.appendingPathComponent("evemu/\(name)").path
        let result = try runGesturectl(["replay", path, "--touch-events"])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        #expect(result.standardOutput.contains(#""type":"down""#))
        #expect(result.standardOutput.contains(#""type":"up""#))
    }

    @Test func aProtocolADescriptionMtdevCannotReadIsRefusedNamingTheFileAndLine() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("gesturectl-protocol-a-\(getpid()).evemu")
        try "N: Old Panel\nA: 30 0 255 0 0\nA: 39 0 65535 0 0\nE: 0.000001 0003 0030 1\nE: 0.000001 0000 0000 0\n"
            .write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try runGesturectl(["replay", file.path, "--touch-events"])
        #expect(result.status == 65)
        #expect(result.standardError.hasPrefix("Error: \(file.path):2: multitouch axes without ABS_MT_SLOT (protocol A)"))
        #expect(result.standardError.contains("mtdev cannot read the device"))
    }

    /// A recording of a device libinput gives no touch events (``DeviceRules``) is refused with
    /// exit 65, naming the file, the line of the axis at fault and the reason its golden holds.
    @Test(arguments: GoldenRecordingTests.deviceRuleNames())
    func aDeviceLibinputTakesNoTouchesFromIsRefused(name: String) throws {
        let path = "Recordings/device-\(name).evemu"
        let refusal = try String(contentsOf: TestPaths.recordings.appendingPathComponent("device-\(name).refusal.txt"), encoding: .utf8)
        let result = try runGesturectl(["replay", path, "--touch-events"])
        #expect(result.status == 65)
        #expect(result.standardError == "Error: \(path):\(refusal)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test func aBadTimelineCommandStopsTheReplayNamingTheSceneLine() throws {
        let scene = FileManager.default.temporaryDirectory.appendingPathComponent("gesturectl-timeline-\(getpid()).json")
        try """
            {"presentations": [{"id": "compose", "style": "sheet"}],
             "timeline": [
               {"time": 0, "command": {"type": "remove", "presentation": "nothing"}}
             ]}
            """.write(to: scene, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: scene) }
        let result = try runGesturectl(["replay", Self.recording, "--scene", scene.path])
        #expect(result.status == 65)
        #expect(result.standardError == "Error: \(scene.path):3: timeline command at 0 µs: no presentation \"nothing\" in the scene\n")
    }

    @Test func aTimelineSceneWithAnotherScreenStopsTheReplay() throws {
        let scene = FileManager.default.temporaryDirectory.appendingPathComponent("gesturectl-screen-change-\(getpid()).json")
        try """
            {"presentations": [{"id": "compose", "style": "sheet"}],
             "timeline": [
               {"time": 0, "command": {"type": "scene", "scene": {"screen": {"width": 640, "height": 400, "widthMM": 217, "heightMM": 136}}}}
             ]}
            """.write(to: scene, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: scene) }
        let result = try runGesturectl(["replay", Self.recording, "--scene", scene.path])
        #expect(result.status == 65)
        #expect(result.standardError == "Error: \(scene.path):3: timeline command at 0 µs: a scene cannot change the screen "
            + "(1280 x 800 points, 217 x 136 mm); send a screen command for that\n")
    }
}

/// Live commands on a machine without a touchscreen (this one has no /dev/input).
@Suite struct GesturectlLiveTests {
    @Test(arguments: [["run", "--require-device"], ["run", "--device", "/dev/input/event99"], ["devices"]])
    func noTouchDeviceExits69SayingWhatToDo(arguments: [String]) throws {
        let result = try runGesturectl(arguments)
        #expect(result.status == 69)
        #expect(result.standardError.contains("Error: "))
        #expect(result.standardError.contains("touch") || result.standardError.contains("No such file"))
        #expect(result.standardOutput.isEmpty)
    }

    @Test func seatAndDeviceTogetherIsAUsageError() throws {
        let result = try runGesturectl(["run", "--seat", "seat0", "--device", "/dev/input/event0"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("not both"))
    }
}

/// Host command lines as `gesturectl run` reads them from stdin or its socket.
@Suite struct CommandLineReaderTests {
    /// A pipe: the reader reads one end, the test writes the other and closes it.
    final class CommandPipe {
        let reading: Int32
        private var writing: Int32?

        init() throws {
            var ends: [Int32] = [-1, -1]
            try #require(pipe(&ends) == 0)
            (reading, writing) = (ends[0], ends[1])
        }

        func write(_ text: String) { write(bytes: Array(text.utf8)) }

        func write(bytes: [UInt8]) {
            guard let writing else { return }
            _ = Glibc.write(writing, bytes, bytes.count)
        }

        func closeWriting() {
            if let writing { close(writing) }
            writing = nil
        }

        deinit {
            closeWriting()
            close(reading)
        }
    }

    /// Zero or one `read`, then every line it completed, as the run takes them one by one.
    static func readLines(_ reader: inout CommandLineReader) -> [CommandLineReader.Line] {
        reader.read()
        var lines: [CommandLineReader.Line] = []
        while let line = reader.nextLine() { lines.append(line) }
        return lines
    }

    static func numbered(_ lines: [CommandLineReader.Line]) -> [String] {
        lines.map { "\($0.number): \($0.problem ?? $0.text)" }
    }

    @Test func aLineThatIsNotUTF8IsReportedNotRepaired() throws {
        let pipe = try CommandPipe()
        var reader = CommandLineReader(descriptor: pipe.reading)
        pipe.write(bytes: Array(#"{"type": "dismiss", "presentation": "a"#.utf8) + [0xFF, 0xFE] + Array("\"}\n{}\n".utf8))
        #expect(Self.numbered(Self.readLines(&reader)) == ["1: the command is not valid UTF-8 text", "2: {}"])
    }

    @Test func anOverlongLineIsSkippedWithoutHoldingItAndCountingGoesOn() throws {
        // A file, read to its end one `read` at a time, as stdin redirected from a file is.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gesturectl-long-\(getpid()).jsonl").path
        let long = [UInt8](repeating: UInt8(ascii: "x"), count: 2_400_000)
        try Data(Array("{}\n".utf8) + long + Array("\n{\"after\": 1}\n".utf8)).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var reader = CommandLineReader(descriptor: descriptor)
        var seen: [CommandLineReader.Line] = []
        var reads = 0
        while reader.isOpen && reads < 10_000 {
            seen += Self.readLines(&reader)
            reads += 1
        }
        #expect(Self.numbered(seen) == ["1: {}", "2: the command is longer than 1048576 bytes", #"3: {"after": 1}"#])
    }

    @Test func theLimitHoldsHoweverTheBytesArrive() throws {
        // One byte past the limit is refused even when the read that ends it holds the newline
        // (after 16 reads of 64 KiB, a line of 2^20 + 1 bytes was whole before it was looked at);
        // a line of the limit's own length is a command like any other.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gesturectl-limit-\(getpid()).jsonl").path
        let limit = InputLimits.maximumLineLength
        try Data([UInt8](repeating: UInt8(ascii: "x"), count: limit + 1) + [0x0A] + [UInt8](repeating: UInt8(ascii: "y"), count: limit)
            + Array("\n{}\n".utf8)).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var reader = CommandLineReader(descriptor: descriptor)
        var seen: [CommandLineReader.Line] = []
        var reads = 0
        while reader.isOpen && reads < 10_000 {
            seen += Self.readLines(&reader)
            reads += 1
        }
        #expect(seen.map(\.number) == [1, 2, 3])
        #expect(seen.map(\.isOverlong) == [true, false, false])
        #expect(seen.map(\.text.utf8.count) == [0, limit, 2])
    }

    @Test func linesAreNumberedCountingBlankOnesWhichAreSkipped() throws {
        let pipe = try CommandPipe()
        var reader = CommandLineReader(descriptor: pipe.reading)
        pipe.write("{\"a\": 1}\n\n  \r\n{\"b\": 2}\r\n{\"c\": 3}")
        #expect(Self.numbered(Self.readLines(&reader)) == [#"1: {"a": 1}"#, #"4: {"b": 2}"#])
        #expect(reader.isOpen)
        pipe.closeWriting()
        #expect(Self.numbered(Self.readLines(&reader)) == [#"5: {"c": 3}"#])
        #expect(!reader.isOpen)
    }

    @Test func aLineSplitAcrossReadsIsReturnedOnceComplete() throws {
        let pipe = try CommandPipe()
        var reader = CommandLineReader(descriptor: pipe.reading)
        pipe.write("{\"type\": ")
        #expect(Self.readLines(&reader).isEmpty)
        pipe.write("\"dismiss\"}\n")
        #expect(Self.numbered(Self.readLines(&reader)) == [#"1: {"type": "dismiss"}"#])
    }
}

/// `--config` and `--explain` on a replay (and `--config` on a plot): the thresholds in force are
/// printed and used.
@Suite struct GesturectlConfigurationTests {
    static let recording = "Recordings/gesture-gated-swipe-confirm-discard.evemu"
    static let scene = "Recordings/gesture-gated-swipe-confirm-discard.scene.json"

    @Test func aConfigFileChangesTheThresholdsAndExplainPrintsThem() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("gesturectl-config-\(getpid()).json")
        try #"{"dismissFraction": 0.95}"#.write(to: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: config) }
        let standard = try runGesturectl(["replay", Self.recording, "--scene", Self.scene, "--explain"])
        let tuned = try runGesturectl(["replay", Self.recording, "--scene", Self.scene, "--config", config.path, "--explain"])
        #expect(standard.status == 0 && tuned.status == 0)
        #expect(standard.standardError.contains(#""dismissFraction":0.5,"#))
        #expect(tuned.standardError.contains(#""dismissFraction":0.95,"#))
        // The sheet is 760 points high: a release dismisses once less than the fraction of it is left.
        #expect(standard.standardOutput.contains(#""threshold":380,"#))
        #expect(tuned.standardOutput.contains(#""threshold":38,"#))
        // plot reads the same options, and draws what the tuned replay decided.
        let plot = try runGesturectl(["plot", Self.recording, "--scene", Self.scene, "--config", config.path])
        #expect(plot.status == 0)
        #expect(plot.standardOutput.contains("dismiss threshold 38 pt"))
    }

    @Test func aBadConfigFileIsADataError() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("gesturectl-bad-config-\(getpid()).json")
        try "{\n  \"slopMM\": -1\n}".write(to: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: config) }
        let result = try runGesturectl(["replay", Self.recording, "--scene", Self.scene, "--config", config.path])
        #expect(result.status == 65)
        #expect(result.standardError == "Error: \(config.path):2: slopMM: must be a number more than 0, up to 50\n")
    }
}

/// libinput's own log, through the log handler.
@Suite struct LibinputLogTests {
    @Test func libinputsMessagesArePrefixedWithTheirPriority() throws {
        let result = try runGesturectl(["run", "--device", "/dev/null"])
        #expect(result.status == 69)
        let libinputLines = result.standardError.split(separator: "\n").filter { $0.contains("libinput error:") }
        #expect(!libinputLines.isEmpty, "\(result.standardError)")
        #expect(libinputLines.allSatisfy { $0.hasPrefix("gesturectl: libinput error: ") }, "\(libinputLines)")
    }
}
