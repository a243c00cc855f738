import Foundation
import Testing
@testable import DismissKit
@testable import DismissKitCore
import DismissKitTestSupport

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
        let content = "N: Old Panel\nP: 02 00 00 00 00 00 00 00\nA: 35 0 9600 0 0\nA: 36 0 7200 0 0\nE: 0.000001 0003 0035 1\n"
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
        ("one axis with a resolution", "A: 35 0 1279 0 0 12", "A: 36 0 767 0 0", 3, "kernel has only x or y MT resolution"),
    ])
    func aDeviceErrorNamesTheAxisLine(name: String, xLine: String, yLine: String, line: Int, reason: String) throws {
        let slots = name == "too many slots" ? "A: 2f 0 299 0 0" : "A: 2f 0 4 0 0"
        let evemu = "# EVEMU 1.3\nN: Panel\n\(xLine)\n\(slots)\n\(yLine)\nA: 39 0 65535 0 0\nP: 02 00 00 00 00 00 00 00\n"
            + "E: 0.000001 0000 0000 0000\n"
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

/// The shape `evemu-record` writes, read at fixed offsets, must agree with the general reader
/// on every line it takes, and decline the rest (which the other readings then take or refuse).
@Suite struct EvemuFixedWidthLineTests {
    @Test func agreesWithTheGeneralReader() {
        var generator = SeededGenerator(seed: 11)
        let pieces: [String] = ["", " ", "  ", "\t", "0", "9", "a", "F", "g", "-", "+", ".", "#", "x", "\r", "00", "0000", "001f",
                                "0020", "02ff", "02FF", "0300", "ffff", "000001", "12345", "1234567", "2147483647", "2147483648",
                                "-2147483648", "-2147483649", "9999999999", "999999999999", "9999999999999", "# comment", "\t#"]
        var taken = 0
        for _ in 0..<200_000 {
            // `E: <sec>.<usec> <type> <code> <value>` and a comment, one piece replaced or left out.
            var fields = ["E:", " ", "\(Int.random(in: 0...999_999, using: &generator))", ".",
                          padded(Int.random(in: 0...999_999, using: &generator), 6), " ",
                          padded(Int.random(in: 0...0x1f, using: &generator), 4, radix: 16), " ",
                          padded(Int.random(in: 0...0x2ff, using: &generator), 4, radix: 16), " ",
                          padded(Int.random(in: -70_000...70_000, using: &generator), 4), "\t", "# EV_ABS / ABS_MT_SLOT 0"]
            for _ in 0..<Int.random(in: 0...2, using: &generator) {
                fields[Int.random(in: 0..<fields.count, using: &generator)] = pieces.randomElement(using: &generator)!
            }
            if Bool.random(using: &generator) { fields.removeLast(Int.random(in: 0...3, using: &generator)) }
            let line = fields.joined()
            let bytes = Array(line.utf8)
            let general = EvemuEventLine.parseGenerally(bytes[...])
            if let event = bytes.withUnsafeBufferPointer(EvemuEventLine.parseFixedWidth) {
                taken += 1
                #expect(general == event, "\(line)")
            }
            #expect(bytes.withUnsafeBufferPointer(EvemuEventLine.parse).map { $0 == general } ?? true, "\(line)")
        }
        #expect(taken > 50_000)
    }

    @Test(arguments: [
        ("E: 0.000000 0000 0000 0", InputEvent(time: 0, type: 0, code: 0, value: 0)),
        ("E: 999999999999.999999 001F 02fF -2147483648\t# end",
         InputEvent(time: 999_999_999_999_999_999, type: 0x1f, code: 0x2ff, value: -2_147_483_648)),
        ("E: 13.859210 0003 0035 16652 \t # EV_ABS", InputEvent(time: 13_859_210, type: 3, code: 0x35, value: 16652)),
        ("E: 1.000001 0003 0039 -001   ", InputEvent(time: 1_000_001, type: 3, code: 0x39, value: -1)),
    ])
    func readsTheShapeEvemuWrites(line: String, expected: InputEvent) {
        #expect(Array(line.utf8).withUnsafeBufferPointer(EvemuEventLine.parseFixedWidth) == expected)
    }

    @Test(arguments: [
        "E: 0.000000 0000 0000",              // no value
        "E: 0.000000 0000 0000 ",             // a blank where the value is
        "E:  1.000000 0003 0035 7",           // two spaces after `E:`
        "E:\t1.000000 0003 0035 7",           // a tab after `E:`
        " E: 1.000000 0003 0035 7",           // a blank before `E:`
        "E: .000000 0003 0035 7",             // no seconds
        "E: 1234567890123.000000 0003 0035 7", // 13 digits of seconds
        "E: 1.00000 0003 0035 7",             // 5 digits of microseconds
        "E: 1.000000  0003 0035 7",           // two spaces
        "E: 1.000000 03 0035 7",              // a 2-digit type
        "E: 1.000000 0020 0035 7",            // type out of range
        "E: 1.000000 0003 0300 7",            // code out of range
        "E: 1.000000 0003 003g 7",            // not hex
        "E: 1.000000 0003 0035 +7",           // a plus sign
        "E: 1.000000 0003 0035 2147483648",   // value out of range
        "E: 1.000000 0003 0035 00000000001",  // 11 digits
        "E: 1.000000 0003 0035 7#",           // a comment without a blank before it
        "E: 1.000000 0003 0035 7 8",          // a fifth field
        "E: 1.000000 0003 0035 7\r",          // a carriage return the line splitter did not remove
    ])
    func declinesEveryOtherShape(line: String) {
        #expect(Array(line.utf8).withUnsafeBufferPointer(EvemuEventLine.parseFixedWidth) == nil)
    }
}

/// The reader takes lines straight from its read buffer, a batch at a time; wherever a line
/// the one-pass reading declines falls (a batch's or a read chunk's end, or inside either), it
/// must give what the general reader gives for every line, and each error at its line.
@Suite struct EvemuReaderReadAheadTests {
    /// The description part of ``EvemuReaderTests/recording``, up to its first event line.
    static let header: String = {
        let text = EvemuReaderTests.recording
        return String(text[..<text.range(of: "E: ")!.lowerBound])
    }()
    static let headerLines = header.split(separator: "\n", omittingEmptySubsequences: false).count - 1

    /// Event lines in every shape, for one event at `time` µs: as evemu writes it, with other
    /// blanks, with what only the general reader takes, with a CRLF; with comment and blank lines.
    static func lines(count: Int, seed: UInt64) -> [String] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { index in
            let time = 1_000_000 + Int64(index) * 250
            let (seconds, microseconds) = (time / 1_000_000, padded(Int(time % 1_000_000), 6))
            let value = Int.random(in: -9...30_000, using: &generator)
            switch Int.random(in: 0..<20, using: &generator) {
            case 0: return "E:\t\(seconds).\(microseconds)\t3\t35\t\(value)"
            case 1: return "E: \(seconds).\(microseconds) 0003 0035 +\(abs(value))\r"
            case 2: return " E: \(seconds).\(microseconds) 0003 0036 \(value)#no blank before the comment"
            case 3: return "# a comment\n\nE: \(seconds).\(microseconds) 0000 0000 0000"
            case 4: return "E: \(seconds).\(microseconds) 0003 0039 \(padded(value, 4))\r"
            default: return "E: \(seconds).\(microseconds) 0003 0035 \(padded(value, 4))\t# EV_ABS / ABS_MT_POSITION_X"
            }
        }
    }

    /// The events the general reader gives for a recording's lines, numbered as in the file,
    /// with times from the first event.
    static func expected(_ text: String) -> [RecordedEvent] {
        // Split as bytes: as characters, `\r\n` is one.
        let events = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated().compactMap {
            index, line in
            var bytes = Array(line)
            if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
            return EvemuEventLine.parseGenerally(bytes[...]).map { RecordedEvent(event: $0, line: index + 1) }
        }
        return events.map { RecordedEvent(event: InputEvent(time: $0.event.time - events[0].event.time, type: $0.event.type,
                                                              code: $0.event.code, value: $0.event.value), line: $0.line) }
    }

    @Test(arguments: [1, 13, 64, 4096, FileInput.defaultChunkSize])
    func everyShapeGivesTheGeneralReadersEvents(chunkSize: Int) throws {
        // No line break at the end: the last line is read when the file ends.
        let text = Self.header + Self.lines(count: 2_000, seed: UInt64(chunkSize)).joined(separator: "\n")
        let expected = Self.expected(text)
        #expect(expected.count >= 1_900)
        let reader = try EvemuReader(path: ReplayTestSupport.write(text), readChunkSize: chunkSize)
        #expect(try ReplayTestSupport.readAll(reader) == expected)
    }

    @Test(arguments: [1, 255, 256, 257, 511, 512, 513, 1_500])
    func aBadLineAfterGoodOnesIsNamedAfterThemAll(goodLines: Int) throws {
        for (badLine, reason) in [("E: 1.000000 0003 zz 1", "event code"), ("N: late", "description lines"),
                                  ("E: 0.000001 0003 0035 1", "earlier than the one before it"),
                                  ("# " + String(repeating: "x", count: InputLimits.maximumLineLength), "longer than")] {
            let good = (0..<goodLines).map { "E: 1.\(padded($0, 6)) 0003 0035 0001\t# EV_ABS" }
            let text = Self.header + good.joined(separator: "\n") + "\n" + badLine + "\nE: 9.000000 0000 0000 0000\n"
            for chunkSize in [29, FileInput.defaultChunkSize] {
                let reader = try EvemuReader(path: ReplayTestSupport.write(text), readChunkSize: chunkSize)
                var events: [RecordedEvent] = []
                let error = ReplayTestSupport.error { () throws(InputFileError) in
                    while let event = try reader.next() { events.append(event) }
                }
                #expect(events.count == goodLines, "\(reason), chunks of \(chunkSize)")
                #expect(error?.line == Self.headerLines + goodLines + 1, "\(reason), chunks of \(chunkSize)")
                #expect(error?.reason.contains(reason) == true, "\(error?.reason ?? "no error")")
                // The error stays: the reader gives it again rather than reading on.
                #expect(ReplayTestSupport.error { () throws(InputFileError) in try reader.next() } == error)
            }
        }
    }
}

/// `value` in `radix` with zeros before it to `width` characters, as C's `%0*d` and `%0*x` write it
/// (a minus sign counts in the width).
private func padded(_ value: Int, _ width: Int, radix: Int = 10) -> String {
    let digits = String(value.magnitude, radix: radix)
    let sign = value < 0 ? "-" : ""
    return sign + String(repeating: "0", count: max(0, width - sign.count - digits.count)) + digits
}
