import Foundation
import Glibc
import Testing
@testable import DismissKit
@testable import DismissKitCore
@testable import DismissKitWire
import DismissKitTestSupport

/// What a run of `gesturectl` under attack did: its exit status, its standard error, and its
/// peak resident memory.
struct MeasuredRun {
    var status: Int32
    var standardError: String
    var peakKilobytes: Int
}

/// Runs the built `gesturectl` with standard output sent to `output` (a path, `/dev/null` by
/// default, or the write end of a pipe), and measures its peak memory with GNU time, whose
/// `fork` gives the tool its own memory account (a `posix_spawn` child's would start from
/// this test process's).
func runMeasured(_ arguments: [String], output: String = "/dev/null", outputDescriptor: Int32? = nil,
                 ignoreSIGPIPE: Bool = false) throws -> MeasuredRun {
    let errorPath = FileManager.default.temporaryDirectory.appendingPathComponent("gesturectl-stderr-\(UUID().uuidString)").path
    let memoryPath = errorPath + ".memory"
    defer {
        try? FileManager.default.removeItem(atPath: errorPath)
        try? FileManager.default.removeItem(atPath: memoryPath)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
    if let outputDescriptor {
        posix_spawn_file_actions_adddup2(&actions, outputDescriptor, STDOUT_FILENO)
    } else {
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    }
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var signals = sigset_t()
    sigemptyset(&signals)
    if !ignoreSIGPIPE { sigaddset(&signals, SIGPIPE) }
    posix_spawnattr_setsigdefault(&attributes, &signals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
    let timer = "/usr/bin/time"
    let argv = ([timer, "-f", "%M", "-o", memoryPath, TestPaths.gesturectl.path] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, timer, &actions, &attributes, argv, environ)
    try #require(spawned == 0, "posix_spawn of \(timer) failed: \(spawned)")
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    let memory = (try? String(contentsOfFile: memoryPath, encoding: .utf8)) ?? ""
    let peak = try #require(memory.split(separator: "\n").last.flatMap { Int($0) }, "no figure from \(timer): \(memory)")
    return MeasuredRun(status: exitStatus, standardError: (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "",
                       peakKilobytes: peak)
}

/// Inputs written to hurt: each ends with a clear status, in bounded memory, and nothing crashes.
/// (Run time is not asserted: it depends on the machine. Memory is, against the same build
/// replaying a small recording, so the figure does not depend on how the tool was built.)
@Suite struct HostileInputTests {
    /// The most memory an input may add to a small replay's peak.
    static let memoryAllowanceKilobytes = 30 * 1024

    /// A small replay's peak memory, the baseline.
    static let baselineKilobytes: Int = {
        (try? runMeasured(["replay", "Recordings/rules-seat-slots.evemu", "--touch-events"]).peakKilobytes) ?? 0
    }()

    static func withinMemory(_ run: MeasuredRun) -> Bool {
        run.peakKilobytes <= baselineKilobytes + memoryAllowanceKilobytes
    }

    /// The most a session four times as large may add to the peak memory of its replay: a
    /// session's memory is flat in its size (Docs/limits.md).
    static let flatMemoryAllowanceKilobytes = 2 * 1024

    /// `replay --verify` compares each intent as it comes, also when the session holds its
    /// intents far from the touches that caused them (here all after them, as a host that
    /// records them in a batch writes them): four times the intents take no more memory.
    @Test func verifyHoldsNoIntentsWhereverTheSessionWritesThem() throws {
        var peaks: [Int] = []
        for cycles in [1_500, 6_000] {
            let path = try Self.sessionOfDragsWithIntentsLast(cycles: cycles)
            defer { unlink(path) }
            let run = try runMeasured(["replay", "--verify", path])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.standardError.contains(": the \(cycles * 8) recorded intents replay the same"), "\(run.standardError)")
            peaks.append(run.peakKilobytes)
        }
        #expect(peaks[1] <= peaks[0] + Self.flatMemoryAllowanceKilobytes, "peak \(peaks[0]) kB, then \(peaks[1]) kB for 4 times the intents")
    }

    /// Records a JSON Lines session of `cycles` short drags of an unsaved sheet that settle back
    /// (8 intents each), the intents written after all the touches; returns its path.
    static func sessionOfDragsWithIntentsLast(cycles: Int) throws -> String {
        let path = try Self.write("", name: "drags-\(cycles).jsonl")
        let scene = Scene(presentations: [Presentation(id: "compose", style: .sheet, unsavedChanges: true)])
        let recorder = try SessionRecorder(path: path, scene: scene, configuration: GestureConfiguration())
        var pipeline = DismissalPipeline(scene: scene)
        var intents: [Intent] = []
        var time: Int64 = 0
        func touch(_ kind: TouchEvent.Kind, y: Double? = nil) {
            let event = TouchEvent(kind: kind, time: time, slot: 0, seatSlot: 0, point: y.map { TouchPoint(x: 640, y: $0, on: scene.screen) })
            for event in [event, TouchEvent(kind: .frame, time: time)] {
                recorder.record(touch: event)
                try? pipeline.handle(event, into: &intents)
            }
            recorder.flush()
        }
        for _ in 0..<cycles {
            touch(.down, y: 100)
            for step in 1...16 {
                time += 8000
                touch(.motion, y: 100 + 5 * Double(min(step, 8)))
            }
            time += 8000
            touch(.up)
            time += 200_000
        }
        #expect(intents.count == cycles * 8)
        recorder.record(intents: intents, names: pipeline.names)
        recorder.flush()
        return path
    }

    /// A `run --record` session reads the `dismisskit` items between two frames one by one:
    /// four times as many commands there take no more memory, and the replay is the same.
    @Test func aRecordedSessionHoldsNoneOfTheCommandsBetweenTwoFrames() throws {
        let recorded = LiveSessionRecordingTests.temporaryPath("commands-between-frames")
        defer { unlink(recorded) }
        let sent = try LiveSessionRecordingTests.record(to: recorded).intents
        let text = try String(contentsOfFile: recorded, encoding: .utf8)
        let firstFrame = try #require(text.range(of: "\n  - evdev:\n"))
        let secondFrame = try #require(text.range(of: "\n  - evdev:\n", range: firstFrame.upperBound..<text.endIndex)).lowerBound
        let command = #"  - dismisskit: '{"command":"not json","source":"stdin","time":0,"type":"command"}'"# + "\n"
        var peaks: [Int] = []
        for count in [10_000, 40_000] {
            let path = try Self.write(text[...secondFrame] + String(repeating: command, count: count) + text[text.index(after: secondFrame)...],
                                      name: "commands-\(count).yaml")
            let output = path + ".out"
            defer { unlink(path); unlink(output) }
            let run = try runMeasured(["replay", path], output: output)
            #expect(run.status == 0, "\(run.standardError)")
            #expect(try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map(String.init) == sent)
            peaks.append(run.peakKilobytes)
        }
        #expect(peaks[1] <= peaks[0] + Self.flatMemoryAllowanceKilobytes, "peak \(peaks[0]) kB, then \(peaks[1]) kB for 4 times the commands")
    }

    static func write(_ text: String, name: String) throws -> String {
        try ReplayTestSupport.write(text, name: name)
    }

    /// An evemu touchscreen with one slot axis pair, fuzz on x, and the given `E:` lines.
    static func evemu(_ events: [String], fuzz: Int = 16, xRange: String = "0 4339") -> String {
        (["# EVEMU 1.3", "N: hostile", "I: 0018 0000 0000 0000", "P: 02 00 00 00 00 00 00 00",
          "B: 00 0b 00 00 00 00 00 00 00", "B: 03 00 00 00 00 00 80 60 02",
          "A: 2f 0 9 0 0 0", "A: 35 \(xRange) \(fuzz) 0 20", "A: 36 0 2719 \(fuzz) 0 20", "A: 39 0 65535 0 0 0"]
            + events).joined(separator: "\n") + "\n"
    }

    @Test func aJumpAcrossTheWholeInt32AxisDoesNotOverflow() throws {
        let path = try Self.write(Self.evemu([
            "E: 0.000001 0003 0039 0001", "E: 0.000001 0003 0035 -2000000000", "E: 0.000001 0003 0036 0100",
            "E: 0.000001 0000 0000 0000", "E: 0.008001 0003 0035 2000000000", "E: 0.008001 0000 0000 0000",
        ]), name: "jump.evemu")
        let run = try runMeasured(["replay", path, "--touch-events"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(Self.withinMemory(run), "peak \(run.peakKilobytes) kB, a small replay \(Self.baselineKilobytes) kB")
    }

    /// An evemu protocol A touchscreen (no slots: read through libmtdev) and the given `E:` lines.
    static func protocolA(_ events: [String], trackingIDs: Bool = false) -> String {
        (["# EVEMU 1.3", "N: hostile protocol A", "I: 0018 0000 0000 0000", "P: 02 00 00 00 00 00 00 00",
          "B: 00 0b 00 00 00 00 00 00 00", "A: 35 0 4339 0 0 20", "A: 36 0 2719 0 0 20"]
            + (trackingIDs ? ["A: 39 0 65535 0 0 0"] : []) + events).joined(separator: "\n") + "\n"
    }

    @Test func protocolAReportsPastMtdevsBoundsDoNotCrashIt() throws {
        // 31 contacts at the Int32 extremes (libinput keeps 10 slots), then one report of
        // 13,854 events, of which mtdev's 512-event input ring keeps the last 30 (10 contacts),
        // then an empty report. (Memory is not measured: the converter holds none per event,
        // and under AddressSanitizer any long replay's peak is the allocator's quarantine.)
        var events: [String] = []
        for contact in 0..<31 {
            let value = contact % 2 == 0 ? "2147483647" : "-2147483648"
            events += ["E: 0.000001 0003 0035 \(value)", "E: 0.000001 0003 0036 \(value)", "E: 0.000001 0000 0002 0000"]
        }
        events.append("E: 0.000001 0000 0000 0000")
        for contact in 0..<4_618 {
            events += ["E: 0.010001 0003 0035 \(contact % 4340)", "E: 0.010001 0003 0036 \(contact % 2720)", "E: 0.010001 0000 0002 0000"]
        }
        events += ["E: 0.010001 0000 0000 0000", "E: 0.020001 0000 0002 0000", "E: 0.020001 0000 0000 0000"]
        let path = try Self.write(Self.protocolA(events), name: "protocol-a-flood.evemu")
        let output = path + ".out"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let run = try runMeasured(["replay", path, "--touch-events"], output: output)
        #expect(run.status == 0, "\(run.standardError)")
        let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
        #expect(lines.filter { $0.contains(#""type":"down""#) }.count == 10)
    }

    /// mtdev loops for ever on a 32nd contact in a report (its masks are 32 bits): the replay
    /// stops there with the reason instead of hanging as libinput would.
    @Test func aProtocolAReportOf32ContactsStopsTheReplayInsteadOfHangingIt() throws {
        var events: [String] = []
        for contact in 0..<40 {
            events += ["E: 0.000001 0003 0035 \(contact * 100)", "E: 0.000001 0003 0036 0100", "E: 0.000001 0000 0002 0000"]
        }
        events.append("E: 0.000001 0000 0000 0000")
        let path = try Self.write(Self.protocolA(events), name: "protocol-a-32.evemu")
        let run = try runMeasured(["replay", path, "--touch-events"])
        #expect(run.status == 65)
        #expect(run.standardError.hasPrefix("Error: \(path):128: this protocol A report has 32 contacts: "))
    }

    @Test func aProtocolAContactWithoutTheTrackingIDMtdevWouldReadStopsTheReplayAtItsReport() throws {
        let path = try Self.write(Self.protocolA([
            "E: 0.000001 0003 0039 0007", "E: 0.000001 0003 0035 0100", "E: 0.000001 0003 0036 0100", "E: 0.000001 0000 0002 0000",
            "E: 0.000001 0000 0000 0000",
            "E: 0.010001 0003 0035 0200", "E: 0.010001 0003 0036 0100", "E: 0.010001 0000 0002 0000",
            "E: 0.010001 0000 0000 0000",
        ], trackingIDs: true), name: "protocol-a-no-id.evemu")
        let run = try runMeasured(["replay", path, "--touch-events"])
        #expect(run.status == 65)
        #expect(run.standardError == "Error: \(path):17: contact 1 of this protocol A report has no ABS_MT_TRACKING_ID, "
            + "which mtdev would read uninitialised (the device declares that axis)\n")
    }

    @Test(arguments: [
        ("a screen 1e300 points high", #"{"screen": {"width": 1280, "height": 1e300, "widthMM": 217, "heightMM": 136}}"#,
         "screen height must be a number from 1 to 100000"),
        ("a panel 1e300 mm high", #"{"screen": {"width": 1280, "height": 800, "widthMM": 217, "heightMM": 1e300}}"#,
         "screen heightMM must be a number from 1 to 100000"),
        ("content scrolled 1e308 points", #"{"presentations": [{"id": "s", "style": "sheet", "content": {"offset": 1e308}}]}"#,
         "content.offset must be 0 or more, up to 1000000000"),
    ])
    func extremeSceneNumbersAreRefusedAtTheEdge(name: String, scene: String, reason: String) throws {
        let scenePath = try Self.write(scene, name: "extreme.json")
        let run = try runMeasured(["replay", "Recordings/gesture-scroll-long-pull-past-handoff-dismisses.evemu", "--scene", scenePath])
        #expect(run.status == 65)
        #expect(run.standardError.hasPrefix("Error: \(scenePath):1: "))
        #expect(run.standardError.contains(reason), "\(run.standardError)")
    }

    @Test func outputThatCannotBeWrittenIsAnError() throws {
        let run = try runMeasured(["replay", "Recordings/third-party/evemu/3m-microtouch-usb.evemu-data.evemu", "--touch-events"],
                                  output: "/dev/full")
        #expect(run.status == 74)
        #expect(run.standardError == "Error: standard output: No space left on device\n")
    }

    @Test func aReaderThatGoesAwayEndsTheRunQuietlyEvenWithSIGPIPEIgnored() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        close(ends[0])  // nobody will read
        defer { close(ends[1]) }
        let run = try runMeasured(["replay", "Recordings/third-party/evemu/3m-microtouch-usb.evemu-data.evemu", "--touch-events"],
                                  outputDescriptor: ends[1], ignoreSIGPIPE: true)
        #expect(run.status == 141)
        #expect(run.standardError.isEmpty)
    }

    @Test func timeGoingBackwardsIsRefused() throws {
        let path = try Self.write(Self.evemu([
            "E: 1.000000 0003 0039 0001", "E: 1.000000 0003 0035 0100", "E: 1.000000 0003 0036 0100", "E: 1.000000 0000 0000 0000",
            "E: 0.500000 0003 0035 0200", "E: 0.500000 0000 0000 0000",
        ]), name: "backwards.evemu")
        let run = try runMeasured(["replay", path, "--touch-events"])
        #expect(run.status == 65)
        #expect(run.standardError == "Error: \(path):15: the event is earlier than the one before it; a recording's time never goes back\n")
    }

    /// A real YAML recording with `extra` put in before its `ndevices:` key.
    static func yamlRecording(inserting extra: String) throws -> String {
        let original = try String(contentsOf: TestPaths.thirdPartyRecordings
            .appendingPathComponent("libinput-record-converted/atmel-maxtouch.1-finger-fast-taps.CONVERTED.yml"), encoding: .utf8)
        let insertion = try #require(original.range(of: "ndevices:"))
        return String(original[..<insertion.lowerBound]) + extra + "\n" + String(original[insertion.lowerBound...])
    }

    @Test func deepYAMLNestingStopsAtTheDepthLimit() throws {
        let path = try Self.write(try Self.yamlRecording(inserting: "x: " + String(repeating: "[", count: 80_000)
            + String(repeating: "]", count: 80_000)), name: "deep.yml")
        let run = try runMeasured(["replay", path, "--touch-events"])
        #expect(run.status == 65)
        #expect(run.standardError == "Error: \(path):8: nesting deeper than 64 levels\n")
    }

    @Test func aHugeYAMLScalarIsRefusedWithoutBeingHeld() throws {
        let path = try Self.write(try Self.yamlRecording(inserting: "x: \"" + String(repeating: "a", count: 20_000_000) + "\""),
                                  name: "scalar.yml")
        let run = try runMeasured(["replay", path, "--touch-events"])
        #expect(run.status == 65)
        #expect(run.standardError.hasPrefix("Error: \(path):8: more than 1048576 bytes without a complete YAML event"))
        #expect(Self.withinMemory(run), "peak \(run.peakKilobytes) kB, a small replay \(Self.baselineKilobytes) kB")
    }

    /// A device that lists a million udev properties and four million event codes replays in
    /// the memory of a small replay: the properties that do not matter are skipped as they are
    /// read, and the codes merged into the device's set as they come (103 MB and 55 MB once).
    @Test func aMillionUdevPropertiesAndFourMillionCodesAreNotHeld() throws {
        var text = try String(contentsOf: TestPaths.thirdPartyRecordings
            .appendingPathComponent("libinput-record-converted/atmel-maxtouch.1-finger-fast-taps.CONVERTED.yml"), encoding: .utf8)
        let codes = "      3: [0, 1, 47, 53, 54, 55, 57, 59] # EV_ABS"
        try #require(text.contains(codes))
        text = text.replacingOccurrences(of: codes, with: "      3: [0, 1, 47, 53, 54, 55, 57, 59"
            + String(repeating: ", 53, 54", count: 2_000_000) + "]")
        let events = "  events:\n"
        let insertion = try #require(text.range(of: events))
        let properties = (0..<1_000_000).map { "    - PROPERTY_\($0)=value" }.joined(separator: "\n")
        text.replaceSubrange(insertion, with: "  udev:\n    properties:\n" + properties + "\n    - ID_INPUT_TOUCHSCREEN=1\n" + events)
        let path = try Self.write(text, name: "many-properties.yml")
        let run = try runMeasured(["replay", path, "--touch-events"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(Self.withinMemory(run), "peak \(run.peakKilobytes) kB, a small replay \(Self.baselineKilobytes) kB")
    }

    /// The bound a pipeline checks before it spells a scene (as a command changes it) is never
    /// short, for scenes spelled at their longest: every number at its longest, every optional
    /// field there, ids of bytes that are each escaped, and of any other bytes.
    @Test func theSceneLengthBoundIsNeverShort() {
        var random = SeededGenerator(seed: 5)
        let longest: [Double] = [-2.2250738585072014e-308, -1.7976931348623157e308, -0.30000000000000004, .nan, -Double.leastNonzeroMagnitude]
        func number() -> Double { longest[Int(random.next() % UInt64(longest.count))] }
        func rectangle() -> Rect { Rect(x: number(), y: number(), width: number(), height: number()) }
        for _ in 0..<200 {
            let presentations = (0..<Int(random.next() % 8)).map { _ in
                let id = String(decoding: (0..<Int(random.next() % 40)).map { _ in UInt8(random.next() % 0x80) }, as: UTF8.self)
                return Presentation(
                    id: id, style: PresentationStyle.allCases.max { $0.rawValue.count < $1.rawValue.count }!,
                    detents: (0..<Int(random.next() % 20)).map { _ in .custom(number()) }, selectedDetent: .custom(number()),
                    grabber: true, headerHeight: number(), contentOffset: number(), modal: false, unsavedChanges: false,
                    dismissible: false, tapOutside: .passthrough, frame: rectangle(), anchor: rectangle(),
                    passthrough: (0..<Int(random.next() % 20)).map { _ in rectangle() })
            }
            let scene = Scene(screen: ScreenSize(width: number(), height: number(), widthMM: number(), heightMM: number()),
                              presentations: presentations, compactWidth: number(), topInset: number())
            #expect(scene.jsonLine.text.utf8.count <= scene.spelledLengthBound)
        }
    }

    @Test func whateverSceneAStateGivesAHostCanSendBack() throws {
        // Spelled with every default, a sheet grows by some 250 bytes: 1,000 of them with 150
        // detents each are sent in 0.94 MB and would be spelled in 1.19 MB.
        func sceneCommand(detentsEach: Int) -> String {
            let detents = Array(repeating: "100.5", count: detentsEach).joined(separator: ",")
            let presentations = (0..<1000).map { #"{"id":"p\#($0)","style":"sheet","detents":[\#(detents)]}"# }
            return #"{"type":"scene","scene":{"presentations":["# + presentations.joined(separator: ",") + "]}}"
        }
        func refusal(_ body: () throws(HostedPipeline.Refusal) -> Void) -> String? {
            do { try body() } catch { return error.message }
            return nil
        }
        var hosted = HostedPipeline(scene: Scene(presentations: []), configuration: GestureConfiguration())
        let tooLong = sceneCommand(detentsEach: 150)
        #expect(tooLong.utf8.count <= InputLimits.maximumLineLength)
        #expect(refusal { () throws(HostedPipeline.Refusal) in try hosted.command(tooLong, time: 0) }?
            .hasSuffix("spelled in 1089008 bytes with every field, more than the 1048544 a scene command can carry back") == true)
        #expect(hosted.pipeline.scene.presentations.isEmpty)
        try hosted.command(sceneCommand(detentsEach: 100), time: 0)
        // A presentation that would make the scene too long to send back is refused, changing nothing.
        let detents = Array(repeating: "100.5", count: 30_000).joined(separator: ",")
        let present = #"{"type":"present","presentation":{"id":"big","style":"sheet","detents":["# + detents + "]}}"
        let before = hosted.pipeline.scene
        #expect(refusal { () throws(HostedPipeline.Refusal) in try hosted.command(present, time: 1) } != nil)
        #expect(hosted.pipeline.scene == before)
        // The state's scene, sent back in a scene command, fits a command line and is taken.
        let state = hosted.pipeline.stateJSONLine.text
        let sceneText = try #require(state.firstRange(of: #""scene":"#).map { state[$0.upperBound...].dropLast(#","type":"state"}"#.count) })
        let back = #"{"type":"scene","scene":"# + sceneText + "}"
        #expect(back.utf8.count > 750_000 && back.utf8.count <= InputLimits.maximumLineLength)
        try hosted.command(back, time: 2)
        #expect(hosted.pipeline.scene == before)
    }

    @Test func aSceneFileOverTheSizeLimitIsRefusedBeforeItIsParsed() throws {
        let presentation = #"{"id": "p", "style": "sheet"}"#
        let path = try Self.write(#"{"presentations": ["# + Array(repeating: presentation, count: 100_000).joined(separator: ",") + "]}",
                                  name: "huge.json")
        let run = try runMeasured(["replay", "Recordings/rules-seat-slots.evemu", "--scene", path])
        #expect(run.status == 65)
        #expect(run.standardError == "Error: \(path): the scene file is larger than 1048576 bytes\n")
        #expect(Self.withinMemory(run), "peak \(run.peakKilobytes) kB, a small replay \(Self.baselineKilobytes) kB")
    }

    @Test func aStackHasAtMostAThousandPresentationsAndATimelineFillsItLinearly() throws {
        let presents = (0...1_000).map { index in
            #"{"time": \#(index), "command": {"type": "present", "presentation": {"id": "p\#(index)", "style": "sheet"}}}"#
        }
        let path = try Self.write(#"{"timeline": ["# + presents.joined(separator: ",\n") + "]}", name: "presents.json")
        let run = try runMeasured(["replay", "Recordings/rules-seat-slots.evemu", "--scene", path])
        #expect(run.status == 65)
        #expect(run.standardError == "Error: \(path):1001: timeline command at 1000 µs: presentation \"p1000\": "
            + "at most 1000 presentations may be stacked\n")
    }
}
