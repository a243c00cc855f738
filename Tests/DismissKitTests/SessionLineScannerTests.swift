import Foundation
import Glibc
@testable import DismissKit
import Testing
import DismissKitTestSupport

/// The session line scanner reads what a recorder writes as the general JSON parser does, to the
/// bit, and leaves every other line to that parser.
@Suite struct SessionLineScannerTests {
    static func scan(_ line: String) -> SessionLineScanner.Line? {
        var line = line
        return line.withUTF8 { SessionLineScanner.scan($0) }
    }

    /// The `x` of a touch line as the general parser reads it (`null` as NaN, as a session's
    /// reader takes it); nil when it refuses the line.
    static func parsedX(_ line: String) -> Double? {
        guard let value = try? JSONValue(parsing: line), var object = try? JSONObjectReader(value, path: ""),
              let x = try? object.required("x") else { return nil }
        return x.isNull ? .nan : try? x.number(at: "x")
    }

    static func touchLine(x: String) -> String {
        #"{"event":"down","seatSlot":0,"time":5,"type":"touch","x":"# + x + #","y":1}"#
    }

    /// A number's text of every shape JSON has and some it has not: signs, leading zeros,
    /// fractions, exponents of every case and sign, up to 20 digits each.
    static func numberText(_ random: inout SeededGenerator) -> String {
        func digits(_ count: Int) -> String { String((0..<count).map { _ in Character(String(random.next() % 10)) }) }
        var text = random.next() % 4 == 0 ? "-" : ""
        text += digits(Int(random.next() % 21))
        if random.next() % 2 == 0 { text += "." + digits(Int(random.next() % 21)) }
        if random.next() % 3 == 0 {
            text += ["e", "E", "e+", "e-", "E-"][Int(random.next() % 5)] + digits(Int(random.next() % 5))
        }
        return text
    }

    @Test func aCoordinateReadsAsTheParserReadsItOrIsLeftToIt() {
        var random = SeededGenerator(seed: 7)
        var candidates = ["0", "-0", "0.0", "1", "-1", "344.609375", "525.2685546875", "1e-05", "1E22", "1e23", "9007199254740991",
                          "9007199254740993", "0.1", "1.7976931348623157e308", "5e-324", "01", "1.", ".5", "-", "1e", "1e+", "00.5",
                          "123456789012345.6", "1234567890123456.7", "0.000000000000000000001", "4.35"]
        candidates += (0..<20_000).map { _ in Self.numberText(&random) }
        // What a recorder writes: every digit of doubles of every magnitude, and of a touchscreen's points.
        candidates += (0..<5_000).map { _ in JSONLine.formatExactNumber(Double(bitPattern: random.next())) }
        candidates += (0..<5_000).map { _ in JSONLine.formatExactNumber(Double(random.next() % 32768) * 1280 / 32768) }
        var scanned = 0
        for text in candidates {
            let line = Self.touchLine(x: text)
            let parsed = Self.parsedX(line)
            guard case .touch(let event) = Self.scan(line) else { continue }
            scanned += 1
            #expect(parsed != nil, "\(text): taken by the scanner, refused by the parser")
            #expect(event.point?.x.bitPattern == parsed?.bitPattern, "\(text)")
            #expect(event.point?.y == 1 && event.kind == .down && event.time == 5 && event.seatSlot == 0)
        }
        #expect(scanned > 10_000)
        // A touchscreen's points, as a recorder spells them, are all the scanner's.
        for raw in stride(from: 0, to: 32768, by: 7) {
            let x = Double(raw) * 1280 / 32768
            guard case .touch(let event) = Self.scan(Self.touchLine(x: JSONLine.formatExactNumber(x))) else {
                Issue.record("\(x) is left to the parser")
                continue
            }
            #expect(event.point?.x == x)
        }
    }

    @Test func everyKindOfTouchLineIsTheOneTheRecorderWrote() {
        var random = SeededGenerator(seed: 11)
        for kind in [TouchEvent.Kind.down, .motion, .up, .cancel, .frame] {
            for _ in 0..<200 {
                var event = TouchEvent(kind: kind, time: Int64(bitPattern: random.next()) % (1 << 53 + 1))
                if kind != .frame {
                    event.seatSlot = Int32(truncatingIfNeeded: random.next() % 64)
                    event.slot = event.seatSlot
                }
                if kind == .down || kind == .motion {
                    event.point = TouchPoint(xMM: 0, yMM: 0, x: Double(random.next() % 1_000_000) / 64, y: -Double(random.next() % 999) / 8)
                }
                #expect(Self.scan(SessionLines.touchLine(event)) == .touch(event), "\(SessionLines.touchLine(event))")
            }
        }
        #expect(Self.scan(#"{"event":"motion","seatSlot":2,"time":9,"type":"touch","x":null,"y":3}"#).map {
            if case .touch(let event) = $0 { event.point?.x.isNaN == true } else { false }
        } == true)
    }

    @Test(arguments: [
        #"{"event": "frame","time":1,"type":"touch"}"#,
        #"{"event":"frame","time":1,"type":"touch"} "#,
        #"{"event":"frame","type":"touch","time":1}"#,
        #"{"event":"frame","time":1,"type":"touch","x":1,"y":2}"#,
        #"{"event":"frame","seatSlot":0,"time":1,"type":"touch"}"#,
        #"{"event":"frame","time":1,"type":"touch","extra":1}"#,
        #"{"event":"hover","seatSlot":0,"time":1,"type":"touch"}"#,
        #"{"event":"up","seatSlot":2147483648,"time":1,"type":"touch"}"#,
        #"{"event":"up","seatSlot":01,"time":1,"type":"touch"}"#,
        #"{"event":"up","seatSlot":0,"time":9007199254740993,"type":"touch"}"#,
        #"{"event":"up","seatSlot":0,"time":12345678901234567,"type":"touch"}"#,
        #"{"event":"up","seatSlot":0,"time":1.5,"type":"touch"}"#,
        #"{"event":"up","seatSlot":0,"time":1,"type":"touches"}"#,
        #"{"event":"down","seatSlot":0,"time":1,"type":"touch","x":1}"#,
        #"{"event":"down","seatSlot":0,"time":1,"type":"touch","x":1,"y":"2"}"#,
        #"{"event":"down","seatSlot":0,"time":1,"type":"touch","x":1,"y":2"#,
        #"{"event":"down","seatSlot":0,"time":1,"type":"touch","x":1,"y":2}}"#,
        #"{"event":"frame","time":1,"type":"touch""#,
        #"{"command":"{}","time":1,"type":"command"}"#,
        "",
    ])
    func anyOtherSpellingIsLeftToTheParser(line: String) {
        #expect(Self.scan(line) == nil)
    }

    @Test func everyGoldenIntentIsReadAsItIs() throws {
        let goldens = try FileManager.default.contentsOfDirectory(atPath: "Recordings").filter { $0.hasSuffix(".intents.jsonl") }
        #expect(goldens.count > 50)
        var intents = 0
        for name in goldens {
            for intent in try String(contentsOfFile: "Recordings/" + name, encoding: .utf8).split(separator: "\n") {
                let line = SessionLines.intentLine(String(intent))
                guard case .intent(let range) = Self.scan(line) else {
                    Issue.record("\(name): \(intent) is left to the parser")
                    continue
                }
                #expect(String(decoding: Array(line.utf8)[range], as: UTF8.self) == intent)
                intents += 1
            }
        }
        #expect(intents > 500)
    }

    @Test(arguments: [
        #"{"a":1,"a":2}"#,
        #"{"b":1,"a":2}"#,
        #"{"a\"":1}"#,
        #"{"a":"\u0041"}"#,
        #"{"a":"\x"}"#,
        "{\"a\":\"tab\there\"}",
        #"{"a":1e400}"#,
        #"{"a":01}"#,
        #"{"a":1.}"#,
        #"{"a":{"b":{"c":{"d":1}}}}"#,
        #"{"a":[1,2,]}"#,
        #"{"a":tru}"#,
        #"{"a" :1}"#,
        #"["a"]"#,
    ])
    func anIntentTheParserCouldReadOtherwiseIsLeftToIt(intent: String) {
        #expect(Self.scan(SessionLines.intentLine(intent)) == nil)
    }

    /// A session whose touch lines are spelled with a space, which only the general parser reads,
    /// gives the same entries on the same lines as the session the recorder wrote.
    @Test func aSessionReadsTheSameThroughTheScannerAndThroughTheParser() throws {
        let path = SessionFileTests.temporaryPath("scanned")
        let spaced = SessionFileTests.temporaryPath("spaced")
        defer {
            unlink(path)
            unlink(spaced)
        }
        _ = try SessionFileTests.record("gesture-gated-swipe-confirm-discard", to: path)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        // A space after the brace: the same object, which the scanner leaves to the parser.
        let respelled = lines.map { $0.hasPrefix(#"{"event":"#) ? "{ " + $0.dropFirst() : String($0) }
        try respelled.joined(separator: "\n").write(toFile: spaced, atomically: true, encoding: .utf8)
        func entries(_ path: String) throws -> [String] {
            let reader = try SessionFile.Reader(path: path)
            var entries: [String] = []
            while let entry = try reader.next() { entries.append("\(reader.lineOfEntry) \(entry)") }
            return entries
        }
        let scanned = try entries(path)
        #expect(scanned.count > 40)
        #expect(scanned == (try entries(spaced)))
    }
}
