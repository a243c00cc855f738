import Foundation
import Testing
@testable import DismissKit
@testable import DismissKitCore
import DismissKitTestSupport

/// The `libinput record` reader with its event-line scanner gives what libyaml alone gives:
/// the same device, events with their lines, and the same error at the same line.
@Suite struct EvdevLineScannerTests {
    /// Reads `path` both ways at `chunkSize` and expects the same outcome; returns the scanned one.
    @discardableResult
    static func expectSameBothWays(_ path: String, chunkSize: Int = FileInput.defaultChunkSize,
                                   sourceLocation: SourceLocation = #_sourceLocation) -> LibinputRecordDifferential.Outcome {
        let alone = LibinputRecordDifferential.read(path: path, scansEventLines: false, readChunkSize: chunkSize)
        let scanned = LibinputRecordDifferential.read(path: path, scansEventLines: true, readChunkSize: chunkSize)
        #expect(scanned.agrees(with: alone), "\(scanned) disagrees with \(alone)", sourceLocation: sourceLocation)
        #expect(alone.scannedEventCount == 0, sourceLocation: sourceLocation)
        return scanned
    }

    static var yamlRecordings: [String] {
        let project = (try? FileManager.default.contentsOfDirectory(atPath: TestPaths.recordings.path)) ?? []
        let converted = TestPaths.thirdPartyRecordings.appendingPathComponent("libinput-record-converted")
        let third = (try? FileManager.default.contentsOfDirectory(atPath: converted.path)) ?? []
        return project.filter { $0.hasSuffix(".yml") }.map { TestPaths.recordings.appendingPathComponent($0).path }
            + third.filter { $0.hasSuffix(".yml") }.map { converted.appendingPathComponent($0).path }
    }

    @Test func everyYAMLRecordingReadsTheSameAndMostlyThroughTheScanner() throws {
        let paths = Self.yamlRecordings
        #expect(paths.count == 7)
        for path in paths {
            for chunkSize in [FileInput.defaultChunkSize, 97, 1] {
                let scanned = Self.expectSameBothWays(path, chunkSize: chunkSize)
                #expect(scanned.error == nil, "\(path)")
                // All but the events libyaml read ahead before the scanner started (its buffer
                // holds 16 KiB, and an event line takes more than 20 bytes).
                #expect(scanned.events.count - scanned.scannedEventCount <= 16384 / 20, "\(path) at \(chunkSize)")
            }
        }
    }

    /// A touchscreen whose events are `events` (lines, each indented for the events list).
    static func recording(_ events: String, trailingNewline: Bool = true) -> String {
        let text = """
            version: 1
            devices:
            - evdev:
                name: "T"
                absinfo: {47: [0, 9, 0, 0, 0], 53: [0, 100, 0, 0, 0], 54: [0, 100, 0, 0, 0]}
                properties: [1]
              events:
            \(events)
            """
        return trailingNewline ? text + "\n" : text
    }

    static let frame = """
          - evdev:
            - [  0,      0,   3,  47,      0] # EV_ABS / ABS_MT_SLOT 0
            - [  0,      0,   3,  53,     10]
            - [  0,      0,   0,   0,      0] # ------------ SYN_REPORT (0) ---------- +0ms
        """

    @Test(arguments: [
        ("plain frames", frame + "\n" + frame),
        ("type out of range", frame + "\n  - evdev:\n    - [0, 0, 32, 0, 1]"),
        ("code out of range", frame + "\n  - evdev:\n    - [0, 0, 3, 768, 1]"),
        ("value out of range", frame + "\n  - evdev:\n    - [0, 0, 3, 53, 2147483648]"),
        ("negative seconds", frame + "\n  - evdev:\n    - [-1, 0, 3, 53, 1]"),
        ("microseconds out of range", frame + "\n  - evdev:\n    - [0, 1000000, 3, 53, 1]"),
        ("time going back", frame + "\n  - evdev:\n    - [0, 5, 3, 53, 1]\n    - [0, 4, 3, 53, 1]"),
        ("signs and zeros", "  - evdev:\n    - [+0, 007, 3, -0, -12]"),
        ("nineteen digits", "  - evdev:\n    - [0, 0, 3, 53, 1000000000000000000]"),
        ("too few", "  - evdev:\n    - [0, 0, 3, 53]"),
        ("too many", "  - evdev:\n    - [0, 0, 3, 53, 1, 2]"),
        ("spaces around", "  - evdev:\n    - [ 0 , 0 , 3 , 53 , 1 ]   "),
        ("comment without a space", "  - evdev:\n    - [0, 0, 3, 53, 1]# no space"),
        ("comment with a tab", "  - evdev:\n    - [0, 0, 3, 53, 1] # a\ttab"),
        ("comment not ASCII", "  - evdev:\n    - [0, 0, 3, 53, 1] # é"),
        ("control character", "  - evdev:\n    - [0, 0, 3, 53, 1] # \u{1}"),
        ("blank and comment lines inside", "  - evdev:\n    - [0, 0, 3, 53, 1]\n\n    # a note\n    - [0, 0, 0, 0, 0]\n  # between\n" + frame),
        ("a key after the list", "  - evdev:\n    - [0, 0, 3, 53, 1]\n    libinput: {a: 1}\n" + frame),
        ("a deeper line after the list", "  - evdev:\n    - [0, 0, 3, 53, 1]\n      - [0, 0, 0, 0, 0]"),
        ("an item that is not an event", "  - evdev:\n    - [0, 0, 3, 53, 1]\n    - 5"),
        ("list one space in", "  - evdev:\n   - [0, 0, 3, 53, 1]\n  - evdev:\n     - [0, 0, 0, 0, 0]"),
        ("a tab in the indentation", "  - evdev:\n\t- [0, 0, 3, 53, 1]"),
        ("an anchor on the key", "  - evdev: &frames\n    - [0, 0, 3, 53, 1]"),
        ("evdev in a literal scalar", "  - note: |\n      - evdev:\n        - [0, 0, 3, 53, 1]\n" + frame),
        ("evdev in a quoted scalar", "  - note: \"\n    - evdev:\n      - [0, 0, 3, 53, 1]\n    \"\n" + frame),
        ("a bad line after", frame + "\n bad: [\n"),
        ("a second document after", frame + "\n---\n" + frame),
        ("a document end after", frame + "\n...\n"),
        ("CRLF line ends", frame.replacingOccurrences(of: "\n", with: "\r\n")),
        ("empty evdev", "  - evdev:\n  - evdev:\n    - [0, 0, 3, 53, 1]"),
        ("a second device after", frame + "\n- evdev:\n    name: \"K\"\n  events:\n" + frame),
    ])
    func handWrittenEventsReadTheSame(name: String, events: String) throws {
        for trailingNewline in [true, false] {
            let path = try ReplayTestSupport.write(Self.recording(events, trailingNewline: trailingNewline))
            for chunkSize in [FileInput.defaultChunkSize, 1, 13] {
                Self.expectSameBothWays(path, chunkSize: chunkSize)
            }
        }
    }

    /// The scanner is no mere pass-through on these: it reads their events itself.
    @Test func theScannerTakesBlocksInLibinputsShape() throws {
        let frames = Array(repeating: Self.frame, count: 200).joined(separator: "\n")
        let path = try ReplayTestSupport.write(Self.recording(frames))
        let outcome = Self.expectSameBothWays(path)
        #expect(outcome.events.count == 600)
        #expect(outcome.events.count - outcome.scannedEventCount <= 16384 / 20)
    }

    /// A block over the scanner's bound, and a line longer than it, go to libyaml as they are.
    @Test func aHugeBlockAndAHugeLineReadTheSame() throws {
        let huge = "  - evdev:\n" + Array(repeating: "    - [0, 0, 3, 53, 1] # padding padding padding", count: 3000)
            .joined(separator: "\n")
        let longComment = "  - evdev:\n    - [0, 0, 3, 53, 1] # " + String(repeating: "x", count: 100_000) + "\n" + Self.frame
        for events in [huge + "\n" + Self.frame, longComment] {
            let path = try ReplayTestSupport.write(Self.recording(events))
            for chunkSize in [FileInput.defaultChunkSize, 4093] {
                let outcome = Self.expectSameBothWays(path, chunkSize: chunkSize)
                #expect(outcome.error == nil)
            }
        }
    }

    /// Deterministic mutations of a real recording (a byte replaced, inserted or deleted, a
    /// line duplicated or dropped) read the same both ways.
    @Test func mutatedRecordingsReadTheSame() throws {
        let original = try Data(contentsOf: URL(fileURLWithPath: ReplayTestSupport.converted("atmel-maxtouch.1-finger-fast-taps.CONVERTED.yml")))
        let bytes = [UInt8](original.prefix(12_000))
        let alphabet = Array(" -[],#:\n\t0123456789e\u{7f}".utf8) + [0xC3]
        var random = SeededGenerator(seed: 0x5EED)
        let directory = try ReplayTestSupport.makeDirectory()
        var scannedSome = 0
        for index in 0..<600 {
            var mutant = bytes
            for _ in 0..<(1 + Int(random.next() % 3)) {
                let position = Int(random.next() % UInt64(mutant.count))
                let byte = alphabet[Int(random.next() % UInt64(alphabet.count))]
                switch random.next() % 5 {
                case 0: mutant[position] = byte
                case 1: mutant.insert(byte, at: position)
                case 2: mutant.remove(at: position)
                case 3:
                    let end = mutant[position...].firstIndex(of: 10) ?? mutant.count - 1
                    let start = mutant[..<position].lastIndex(of: 10).map { $0 + 1 } ?? 0
                    mutant.insert(contentsOf: mutant[start...end], at: start)
                default:
                    let end = mutant[position...].firstIndex(of: 10) ?? mutant.count - 1
                    let start = mutant[..<position].lastIndex(of: 10).map { $0 + 1 } ?? 0
                    mutant.removeSubrange(start...end)
                }
            }
            let url = directory.appendingPathComponent("mutant-\(index).yml")
            try Data(mutant).write(to: url)
            let outcome = Self.expectSameBothWays(url.path, chunkSize: index % 2 == 0 ? FileInput.defaultChunkSize : 61)
            if outcome.scannedEventCount > 0 { scannedSome += 1 }
        }
        #expect(scannedSome > 200)
    }
}
