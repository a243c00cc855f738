import Foundation
import Testing
@testable import DismissKit
@testable import DismissKitCore

@Suite struct EvemuReaderTests {
    /// An evemu 2.x style recording: header comments, a 12-line `B: 01` key mask, A: lines with
    /// and without resolution, and events with zero-padded values and trailing comments.
    static let recording = """
        # EVEMU 1.3
        # Input device name: "Test Panel"
        N: Test Panel # the name keeps its hash
        I: 0018 0000 0000 0000
        P: 02 00 00 00 00 00 00 00
        B: 00 0b 00 00 00 00 00 00 00
        B: 01 02 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 04 00 00 00 00 00 00
        B: 02 00 00 00 00 00 00 00 00
        B: 03 03 00 00 00 00 80 60 02
        B: 14 00 00 00 00 00 00 00 00
        A: 00 0 1279 0 0 12
        A: 01 0 767 0 0 12
        A: 2f 0 4 0 0
        A: 35 0 1279 0 0 12 # position x
        A: 36 0 767 0 0 12
        A: 39 0 65535 0 0 0
        L: 00 0
        ################################
        #      Waiting for events      #
        ################################
        E: 0.000001 0003 002f 0000\t# EV_ABS / ABS_MT_SLOT              0
        E: 0.000001 0003 0039 0013\t# EV_ABS / ABS_MT_TRACKING_ID      13
        E: 0.000001 0003 0035 0930\t# EV_ABS / ABS_MT_POSITION_X      930

        E: 0.000001 0001 014a 0001\t# EV_KEY / BTN_TOUCH                 1
        E: 0.000001 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +0ms
        # a comment between frames
        E: 0.007800 0003 0039 -001\t# EV_ABS / ABS_MT_TRACKING_ID      -1
        E: 0.007800 0001 014a 0000
        E: 0.007800 0000 0000 0000
        """

    static let expectedEvents: [InputEvent] = [
        InputEvent(time: 0, type: 3, code: 0x2f, value: 0),
        InputEvent(time: 0, type: 3, code: 0x39, value: 13),
        InputEvent(time: 0, type: 3, code: 0x35, value: 930),
        InputEvent(time: 0, type: 1, code: 0x14a, value: 1),
        InputEvent(time: 0, type: 0, code: 0, value: 0),
        InputEvent(time: 7799, type: 3, code: 0x39, value: -1),
        InputEvent(time: 7799, type: 1, code: 0x14a, value: 0),
        InputEvent(time: 7799, type: 0, code: 0, value: 0),
    ]

    @Test func decodesTheDescription() throws {
        let reader = try EvemuReader(path: ReplayTestSupport.write(Self.recording))
        let device = reader.device
        #expect(device.name == "Test Panel # the name keeps its hash")
        #expect(device.properties == [InputProperty.direct])
        // KEY_ESC is bit 1 of byte 0; BTN_TOUCH (0x14a = 330) is bit 2 of byte 41, on the sixth B: 01 line.
        #expect(device.codes == [
            0: [0, 1, 3], 1: [1, 330], 3: [0x00, 0x01, 0x2f, 0x35, 0x36, 0x39],
        ])
        #expect(device.absoluteAxes[0x35] == AbsoluteAxisInfo(minimum: 0, maximum: 1279, resolution: 12))
        #expect(device.absoluteAxes[0x2f] == AbsoluteAxisInfo(minimum: 0, maximum: 4))
        #expect(device.absoluteAxes.count == 6)
        #expect(device.isTouchscreen)
    }

    @Test func readsEventsWithLinesAndRebasedTimes() throws {
        let reader = try EvemuReader(path: ReplayTestSupport.write(Self.recording))
        let events = try ReplayTestSupport.readAll(reader)
        #expect(events.map(\.event) == Self.expectedEvents)
        #expect(events.map(\.line) == ReplayTestSupport.lines(of: Self.recording, containing: "E: "))
    }

    @Test(arguments: [
        ("short microseconds", "E: 0.00780 0003 0039 1"),
        ("no value", "E: 0.007800 0003 0039"),
        ("extra field", "E: 0.007800 0003 0039 1 2"),
        ("bad code", "E: 0.007800 0003 zz 1"),
        ("type out of range", "E: 0.007800 0020 0000 0"),
        ("bad value", "E: 0.007800 0003 0039 12x"),
        ("no time dot", "E: 7800 0003 0039 1"),
        ("description after events", "A: 30 0 255 0 0 0"),
    ])
    func badEventLineNamesItsLine(name: String, badLine: String) throws {
        let content = Self.recording + "\n" + badLine + "\n"
        let path = try ReplayTestSupport.write(content)
        let reader = try EvemuReader(path: path)
        var error: InputFileError?
        do {
            while try reader.next() != nil {}
        } catch let caught {
            error = caught
        }
        #expect(error?.kind == .malformed)
        #expect(error?.path == path)
        #expect(error?.line == ReplayTestSupport.lines(of: content, containing: badLine).last)
    }

    @Test(arguments: [
        ("A: with 3 numbers", "A: 00 0 1279 0"),
        ("B: with a bad byte", "B: 03 0g"),
        ("unknown line", "X: 1 2 3"),
        ("I: with 3 numbers", "I: 0018 0000 0000"),
    ])
    func badDescriptionLineNamesItsLine(name: String, badLine: String) throws {
        let content = "# EVEMU 1.3\nN: Panel\n\(badLine)\nE: 0.000001 0000 0000 0000\n"
        let path = try ReplayTestSupport.write(content)
        let error = ReplayTestSupport.error { () throws(InputFileError) in try EvemuReader(path: path) }
        #expect(error?.kind == .malformed)
        #expect(error?.line == 3)
    }

    @Test func unsupportedFormatVersion() throws {
        let path = try ReplayTestSupport.write("# EVEMU 2.0\nN: Panel\n")
        let error = ReplayTestSupport.error { () throws(InputFileError) in try EvemuReader(path: path) }
        #expect(error?.line == 1)
        #expect(error?.reason.contains("2.0") == true)
    }

    static let description = """
        N: Split Panel
        I: 0003 0408 3001 0110
        P: 02 00 00 00 00 00 00 00
        B: 00 0b 00 00 00 00 00 00 00
        B: 03 03 00 00 00 00 80 60 02
        A: 00 0 1920 0 0
        A: 01 0 1080 0 0
        A: 2f 0 9 0 0
        A: 35 0 1920 0 0
        A: 36 0 1080 0 0
        A: 39 0 65535 0 0
        """

    static let events = """
        E: 1350644052.895553 0003 0039 35
        E: 1350644052.895558 0003 0035 513
        E: 1350644052.895587 0000 0000 0
        E: 1350644053.000000 0003 0039 -1
        E: 1350644053.000000 0000 0000 0
        """

    static let expectedSplitEvents: [InputEvent] = [
        InputEvent(time: 0, type: 3, code: 0x39, value: 35),
        InputEvent(time: 5, type: 3, code: 0x35, value: 513),
        InputEvent(time: 34, type: 0, code: 0, value: 0),
        InputEvent(time: 104_447, type: 3, code: 0x39, value: -1),
        InputEvent(time: 104_447, type: 0, code: 0, value: 0),
    ]

    /// Writes the split pair as `panel.desc` and `panel.1-finger-tap.events` in a new directory.
    static func writePair() throws -> (description: String, events: String) {
        let directory = try ReplayTestSupport.makeDirectory()
        return (
            try ReplayTestSupport.write(description, name: "panel.desc", in: directory),
            try ReplayTestSupport.write(events, name: "panel.1-finger-tap.events", in: directory)
        )
    }

    @Test(arguments: ["description first", "events first", "events alone", "description alone"])
    func readsTheSplitPair(given: String) throws {
        let pair = try Self.writePair()
        let reader: EvemuReader
        switch given {
        case "description first": reader = try EvemuReader(pairedPaths: pair.description, pair.events)
        case "events first": reader = try EvemuReader(pairedPaths: pair.events, pair.description)
        case "events alone": reader = try EvemuReader(path: pair.events)
        default: reader = try EvemuReader(path: pair.description)
        }
        #expect(reader.path == pair.events)
        #expect(reader.device.name == "Split Panel")
        #expect(reader.device.properties == [InputProperty.direct])
        #expect(reader.device.hasSlots)
        let events = try ReplayTestSupport.readAll(reader)
        #expect(events.map(\.event) == Self.expectedSplitEvents)
        #expect(events.map(\.line) == [1, 2, 3, 4, 5])
    }

    @Test func eventsWithoutTheirDescriptionFile() throws {
        let directory = try ReplayTestSupport.makeDirectory()
        let events = try ReplayTestSupport.write(Self.events, name: "panel.tap.events", in: directory)
        let error = ReplayTestSupport.error { () throws(InputFileError) in try EvemuReader(path: events) }
        #expect(error?.kind == .unreadable)
        #expect(error?.path == directory.appendingPathComponent("panel.desc").path)
        #expect(error?.reason.contains(events) == true)
    }

    @Test func descriptionWithSeveralEventsFilesIsAmbiguous() throws {
        let pair = try Self.writePair()
        let directory = URL(fileURLWithPath: pair.description).deletingLastPathComponent()
        try ReplayTestSupport.write(Self.events, name: "panel.2-finger-tap.events", in: directory)
        let error = ReplayTestSupport.error { () throws(InputFileError) in try EvemuReader(path: pair.description) }
        #expect(error?.reason.contains("several events files") == true)
    }

    @Test func descriptionAloneWithoutEventsIsAMissingFile() throws {
        let path = try ReplayTestSupport.write(Self.description, name: "lonely.desc")
        #expect(throws: InputFileError(.unreadable, path: path,
                                       reason: "no events file beside this description (lonely.events or lonely.*.events)")) {
            try EvemuReader(path: path)
        }
    }

    @Test func twoDescriptionsAreNotAPair() throws {
        let pair = try Self.writePair()
        let error = ReplayTestSupport.error { () throws(InputFileError) in
            try EvemuReader(pairedPaths: pair.description, pair.description)
        }
        #expect(error?.kind == .malformed)
    }

    @Test func protocolADescriptionIsRead() throws {
        let content = "N: Old Panel\nP: 00 00 00 00 00 00 00 00\nA: 35 0 9600 0 0\nA: 36 0 7200 0 0\nE: 0.000001 0003 0035 1\n"
        let reader = try EvemuReader(path: ReplayTestSupport.write(content))
        #expect(reader.device.usesProtocolA)
        #expect(try ReplayTestSupport.readAll(reader).map(\.event.value) == [1])
    }

    @Test func aProtocolAAxisMtdevCannotTakeIsRejectedAtTheFirstAxis() throws {
        let content = "N: Old Panel\nA: 35 -2147483648 2147483647 0 0\nA: 36 0 7200 0 0\nE: 0.000001 0003 0035 1\n"
        let path = try ReplayTestSupport.write(content)
        let error = ReplayTestSupport.error { () throws(InputFileError) in try EvemuReader(path: path) }
        #expect(error?.line == 2)
        #expect(error?.reason.contains("ABS_MT_POSITION_X spans -2147483648...2147483647") == true)
    }

    /// A device the decoder refuses is refused at the line that declares the axis at fault, in
    /// an evemu file and in a `libinput record` file alike.
    @Test(arguments: [
        ("min > max", "A: 35 1279 0 0 0 12", "A: 36 0 767 0 0 12", 3, "empty range"),
        ("too many slots", "A: 35 0 1279 0 0 12", "A: 36 0 767 0 0 12", 4, "touch slots"),
        ("one axis with a resolution", "A: 35 0 1279 0 0 12", "A: 36 0 767 0 0", 3, "only one position axis"),
    ])
    func aDeviceErrorNamesTheAxisLine(name: String, xLine: String, yLine: String, line: Int, reason: String) throws {
        let slots = name == "too many slots" ? "A: 2f 0 299 0 0" : "A: 2f 0 4 0 0"
        let evemu = "# EVEMU 1.3\nN: Panel\n\(xLine)\n\(slots)\n\(yLine)\nA: 39 0 65535 0 0\nE: 0.000001 0000 0000 0000\n"
        let evemuError = ReplayTestSupport.error { () throws(InputFileError) in try EvemuReader(path: try! ReplayTestSupport.write(evemu)) }
        #expect(evemuError?.line == line, "\(evemuError.map(String.init(describing:)) ?? "no error")")
        #expect(evemuError?.reason.contains(reason) == true)
        // The same axes in a libinput record file, one absinfo entry a line.
        func absinfo(_ line: String) -> String {
            let fields = line.split(separator: " ").dropFirst()
            let numbers = fields.dropFirst().map(String.init) + (fields.count == 5 ? ["0"] : [])
            return "      \(Int(fields.first!, radix: 16)!): [\(numbers.joined(separator: ", "))]"
        }
        let yaml = """
            version: 1
            ndevices: 1
            devices:
            - node: /dev/input/event5
              evdev:
                name: "Panel"
                codes:
                  3: [47, 53, 54, 57]
                absinfo:
            \(absinfo(xLine))
            \(absinfo(slots))
            \(absinfo(yLine))
                  57: [0, 65535, 0, 0, 0]
                properties: [1]
              events: []
            """
        let yamlError = ReplayTestSupport.error { () throws(InputFileError) in
            try LibinputRecordReader(path: try! ReplayTestSupport.write(yaml))
        }
        #expect(yamlError?.line == line + 7, "\(yamlError.map(String.init(describing:)) ?? "no error")")
        #expect(yamlError?.reason.contains(reason) == true)
    }

    @Test(arguments: [1, 2, 3, 7, 16, 31, 64, 4096])
    func readChunkSizeDoesNotChangeTheResult(chunkSize: Int) throws {
        let path = try ReplayTestSupport.write(Self.recording)
        let reference = try ReplayTestSupport.readAll(EvemuReader(path: path))
        let reader = try EvemuReader(path: path, readChunkSize: chunkSize)
        #expect(reader.device == (try EvemuReader(path: path)).device)
        #expect(try ReplayTestSupport.readAll(reader) == reference)
    }

    @Test func longLineIsRejectedRatherThanBuffered() throws {
        let content = "N: Panel\n# " + String(repeating: "x", count: InputLimits.maximumLineLength) + "\n"
        let path = try ReplayTestSupport.write(content)
        let error = ReplayTestSupport.error { () throws(InputFileError) in try EvemuReader(path: path) }
        #expect(error?.line == 2)
        #expect(error?.reason.contains("longer than") == true)
    }
}

/// The one-pass reading of event lines must agree with the general reader on every line it takes.
@Suite struct EvemuEventLineTests {
    @Test func agreesWithTheGeneralReader() {
        var generator = SeededGenerator(seed: 3)
        let pieces: [String] = ["E:", "E: ", "E:\t", " E: ", "e: ", "0", "00", "12", "999999999999", "9999999999999", "1234567",
                                ".", "000001", "123456", "12345", "+12345", "-00001", " ", "\t", "  ", "0003", "03", "3", "1f",
                                "20", "0000001f", "000000003", "02ff", "2FF", "300", "-1", "-", "+1", "2147483647", "2147483648",
                                "-2147483648", "-2147483649", "00000000001", "#", "# EV_ABS", "x", "\r", "0x3"]
        let valid = ["E: 13.859210 0003 0035 16652\t# EV_ABS / ABS_MT_POSITION_X    16652",
                     "E: 0.000001 0000 0000 0000", "E: 999999999999.999999 001f 02ff -2147483648 # end",
                     "E:\t1.000000\t3\t35\t-1#comment", "E: 1.000000 03 0035 7   "]
        var fast = 0
        for index in 0..<200_000 {
            var line: String
            if index < valid.count {
                line = valid[index]
            } else if index % 2 == 0 {
                // A valid line with one piece changed.
                var fields = ["E:", " ", "\(Int.random(in: 0...99999, using: &generator))", ".", "123456", " ", "0003", " ", "0035", " ",
                              "\(Int.random(in: -70000...70000, using: &generator))", " ", "# comment"]
                fields[Int.random(in: 0..<fields.count, using: &generator)] = pieces.randomElement(using: &generator)!
                if Bool.random(using: &generator) { fields.removeLast(Int.random(in: 0...3, using: &generator)) }
                line = fields.joined()
            } else {
                line = (0..<Int.random(in: 1...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            }
            let bytes = Array(line.utf8)
            guard let event = bytes.withUnsafeBufferPointer(EvemuEventLine.parse) else { continue }
            fast += 1
            #expect(EvemuEventLine.parseGenerally(bytes[...]) == event, "\(line)")
        }
        #expect(fast > 10_000)
    }
}
