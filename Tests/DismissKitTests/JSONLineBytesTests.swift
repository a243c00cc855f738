import Glibc
import Testing
@testable import DismissKit
@testable import DismissKitCore
@testable import DismissKitWire
import DismissKitTestSupport

/// C's `%.3f` of `number`, trailing zeros and a bare point dropped, `-0` as `0`: what
/// ``JSONLine/formatNumber(_:)`` must give.
func formattedByPrintf(_ number: Double) -> String {
    guard number.isFinite else { return "null" }
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 352) { buffer in
        guard let start = buffer.baseAddress else { return "null" }
        let written = withVaList([number]) { vsnprintf(start, buffer.count, "%.3f", $0) }
        var end = Int(min(max(written, 0), Int32(buffer.count - 1)))
        while end > 0 && buffer[end - 1] == 0x30 { end -= 1 }  // trailing "0"
        if end > 0 && buffer[end - 1] == 0x2E { end -= 1 }     // a bare "."
        let text = String(decoding: UnsafeRawBufferPointer(start: start, count: end).bindMemory(to: UInt8.self), as: UTF8.self)
        return text == "-0" ? "0" : text
    }
}

/// The byte writer of the output path must give exactly the text of ``JSONLine`` (and, for
/// numbers, of C's `%.3f`), so that it can stand in for it everywhere.
@Suite struct JSONLineBytesTests {
    /// Numbers of every kind a line carries, and the awkward ones: ties at the third decimal,
    /// tiny and subnormal values, both zeros, magnitudes up to 2⁶³ and beyond.
    static func awkwardNumbers() -> [Double] {
        var numbers: [Double] = [0, -0.0, 1, -1, 0.5, 0.0005, -0.0005, 0.0015, 0.0025, 1.0005, 2.0625, 0.0625, 0.1875,
                                 -0.0625, 1e-300, -1e-300, .leastNonzeroMagnitude, -.leastNormalMagnitude,
                                 4503599627370495.5, 4503599627370496, 9007199254740994, 9.2e18, -9.2e18, 9.3e18, 1e300,
                                 -.greatestFiniteMagnitude, .infinity, -.infinity, .nan, 294.93087557603684, 0.1 + 0.2]
        // Exact ties: k / 2^n with the tie at the fourth decimal.
        for k in 0..<2000 {
            numbers.append(Double(k) / 16)
            numbers.append(Double(k) / 2048)
            numbers.append(-Double(k) * 0.0005)
            numbers.append(Double(k) * 0.001 + 0.0005)
        }
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<20_000 {
            numbers.append(Double.random(in: -2000...2000, using: &generator))
            numbers.append(Double.random(in: -1...1, using: &generator) * 1e-3)
            numbers.append(Double(bitPattern: generator.next()))  // any double at all
            let magnitude = Double(sign: .plus, exponent: Int.random(in: -80...70, using: &generator), significand: 1)
            numbers.append(Double.random(in: -1...1, using: &generator) * magnitude)
        }
        return numbers
    }

    @Test func roundedNumbersAreThoseOfPrintf() {
        var differences: [String] = []
        for number in Self.awkwardNumbers() where JSONLine.formatNumber(number) != formattedByPrintf(number) {
            differences.append("\(number): \(JSONLine.formatNumber(number)) vs \(formattedByPrintf(number))")
        }
        #expect(differences.isEmpty, "\(differences.prefix(10))")
        #expect(JSONLine.formatNumber(0.0625) == "0.062")
        #expect(JSONLine.formatNumber(0.1875) == "0.188")
        #expect(JSONLine.formatNumber(-0.0004) == "0")
        #expect(JSONLine.formatNumber(-2.5) == "-2.5")
    }

    /// Integers and numbers at every change in their count of digits, where the writer moves
    /// from one word of digits to two and to its general path.
    @Test func numbersAtEachDigitCountAreThoseOfPrintf() {
        var differences: [String] = []
        var power: Int64 = 1
        for _ in 0...18 {
            for integer in [power - 1, power, power + 1, -power, -(power - 1)] {
                let event = TouchEvent(kind: .frame, time: integer, slot: 0, seatSlot: 0, point: nil)
                var bytes: [UInt8] = []
                event.appendJSONLine(to: &bytes)
                if bytes != Array((event.jsonLine.text + "\n").utf8) { differences.append("\(integer)") }
                for number in [Double(integer) / 1000, Double(integer) / 1000 - 0.0005, Double(integer) / 1000 + 0.0015]
                where JSONLine.formatNumber(number) != formattedByPrintf(number) {
                    differences.append("\(number): \(JSONLine.formatNumber(number))")
                }
            }
            if power <= Int64.max / 10 { power *= 10 }
        }
        #expect(differences.isEmpty, "\(differences.prefix(10))")
        #expect(JSONLine.formatNumber(99_999.9995) == formattedByPrintf(99_999.9995))
        #expect(JSONLine.formatNumber(0.001) == "0.001")
        #expect(JSONLine.formatNumber(12_345.6) == "12345.6")
    }

    @Test func touchEventLinesAreJSONLineText() {
        var generator = SeededGenerator(seed: 5)
        let numbers = Self.awkwardNumbers()
        func number() -> Double { numbers[Int.random(in: 0..<numbers.count, using: &generator)] }
        var mismatches: [String] = []
        for index in 0..<20_000 {
            let kind = [TouchEvent.Kind.down, .motion, .up, .cancel, .frame][index % 5]
            let point = kind == .down || kind == .motion ? TouchPoint(xMM: number(), yMM: number(), x: number(), y: number()) : nil
            let event = TouchEvent(kind: kind, time: Int64.random(in: Int64.min...Int64.max, using: &generator),
                                   slot: Int32.random(in: Int32.min...Int32.max, using: &generator),
                                   seatSlot: Int32.random(in: -1...9, using: &generator), point: point)
            for exact in [false, true] {
                var bytes: [UInt8] = [0x41]
                event.appendJSONLine(to: &bytes, exact: exact)
                let expected = "A" + event.jsonLine(exact: exact).text + "\n"
                if bytes != Array(expected.utf8) { mismatches.append(expected) }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test func intentLinesAreJSONLineText() {
        var generator = SeededGenerator(seed: 7)
        let numbers = Self.awkwardNumbers()
        func number() -> Double { numbers[Int.random(in: 0..<numbers.count, using: &generator)] }
        let ids = ["compose", "", "a\"b\\c\n\r\t\u{1}\u{1f}é€😀", "fifteen-bytes-!", "sixteen-bytes-!!", String(repeating: "long-", count: 30),
                   String(repeating: "x", count: JSONLineBytes.longestString), String(repeating: "y", count: JSONLineBytes.longestString + 1)]
        var names = PresentationNames()
        func id() -> PresentationID { names.id(for: ids[Int.random(in: 0..<ids.count, using: &generator)]) }
        func detent() -> Detent { [Detent.medium, .large, .custom(number())][Int.random(in: 0..<3, using: &generator)] }
        func source() -> DismissalSource { DismissalSource.allCases.randomElement(using: &generator)! }
        var mismatches: [String] = []
        for index in 0..<20_000 {
            let kind: Intent.Kind = switch index % 12 {
            case 0: .dragBegan(presentation: id(), origin: [.topRegion, .scrolledContent, .grabber][index / 10 % 3])
            case 1: .dragChanged(presentation: id(), offset: number(), velocity: number())
            case 2: .dragEnded(presentation: id(), outcome: [.dismissAttempt, .settle, .cancel][index / 10 % 3], detent: detent())
            case 3: .setDetent(presentation: id(), detent: detent(),
                               cause: [.grabberTap, .grabberDrag, .swipe, .scrollExpand, .accessibility][index / 10 % 5])
            case 4: .passthroughTap(x: number(), y: number())
            case 5: .confirmationRequested(presentation: id(), source: source(), options: [.discard, .save, .keepEditing])
            case 6: .save(presentation: id())
            case 7: .dismiss(presentation: id(), source: source(), resolution: [.direct, .discarded, .saved, .autosaved][index / 10 % 4])
            case 8: .cancelled(presentation: id())
            case 9: .dragHandedBack(presentation: id())
            case 10: .contentScrolled(presentation: id(), offset: number())
            default: .rejected(presentation: id(), source: source(),
                               reason: [.coveredBy(id()), .notPresented, .tapOutsidePassesThrough][index / 10 % 3])
            }
            let explanation = index % 3 == 0 ? nil
                : Explanation(projectedOffset: number(), threshold: number(), velocity: number(), margin: number())
            let intent = Intent(time: Int64.random(in: Int64.min...Int64.max, using: &generator), kind: kind, explanation: explanation)
            for explain in [false, true] {
                var bytes: [UInt8] = []
                intent.appendJSONLine(to: &bytes, explain: explain, names: names)
                let expected = intent.jsonLine(explain: explain, names: names).text + "\n"
                if bytes != Array(expected.utf8) { mismatches.append(expected) }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test func presentationIDsReadBackTheirText() {
        let texts = ["", "compose", "fifteen-bytes-!", "sixteen-bytes-!!", "é€😀", String(repeating: "long-", count: 30), "a\u{0}b"]
        var names = PresentationNames()
        for text in texts {
            let id = names.id(for: text)
            #expect(names.name(of: id) == text)
            #expect(names.isID(id, of: text))
            #expect(!names.isID(id, of: text + "x"))
            #expect(id == names.id(for: text))
            #expect((id.withInlineUTF8 { Array($0) } ?? Array(names.name(of: id).utf8)) == Array(text.utf8))
            #expect((id.inlineName != nil) == (text.utf8.count <= PresentationID.inlineCapacity))
        }
        #expect(names.id(for: "compose") != names.id(for: "compos"))
        #expect(names.id(for: "sixteen-bytes-!!") != names.id(for: "sixteen-bytes-!?"))
        // Ids of up to 15 bytes are held in the value: only longer ones are numbered, once each.
        var fresh = PresentationNames()
        _ = fresh.id(for: "not-numbered-15")
        #expect(fresh.count == 0)
        let long = fresh.id(for: "numbered: sixteen bytes and more")
        #expect(fresh.count == 1)
        #expect(fresh.id(for: "numbered: sixteen bytes and more") == long)
        #expect(fresh.count == 1)
        // Numbers are the pipeline's own: another table does not know them.
        #expect(PresentationNames().name(of: long) != "numbered: sixteen bytes and more")
    }

    /// Each pipeline numbers its own long ids: two pipelines that meet them in another order
    /// give the same intents, and nothing is shared between them.
    @Test func pipelinesNumberTheirOwnLongIDs() throws {
        let first = String(repeating: "first-sheet-", count: 3), second = String(repeating: "second-sheet-", count: 3)
        func lines(order: [String]) throws -> [String] {
            var scene = Scene()
            scene.presentations = order.map { Presentation(id: $0, style: .sheet) }
            var pipeline = DismissalPipeline(scene: Scene())
            var intents: [Intent] = []
            for presentation in scene.presentations {
                try pipeline.apply(.present(presentation), time: 0, into: &intents)
            }
            try pipeline.apply(.dismiss(presentation: order[0]), time: 1, into: &intents)
            try pipeline.apply(.dismiss(presentation: order[1]), time: 2, into: &intents)
            return intents.map { $0.jsonLine(explain: false, names: pipeline.names).text }
        }
        let one = try lines(order: [first, second]), other = try lines(order: [second, first])
        #expect(one == [#"{"presentation":"\#(first)","reason":"covered by \"\#(second)\"","source":"programmatic","time":1,"type":"rejected"}"#,
                        #"{"presentation":"\#(second)","resolution":"direct","source":"programmatic","time":2,"type":"dismiss"}"#])
        #expect(other[0].contains(#""covered by \"\#(first)\"""#))
    }

    @Test func rejectionReasonsReadAsTheSpecificationWordsThem() {
        let expected: [(RejectionReason, String)] = [
            (.notPresented, "not presented"), (.confirmationOpen, "a confirmation is open"),
            (.coveredBy("warn"), "covered by \"warn\""),
            (.popoverCannotBeSwiped, "a popover cannot be swiped away"),
            (.fullScreenCannotBeSwiped, "a full-screen presentation cannot be swiped away"),
            (.alertCannotBeSwiped, "an alert cannot be swiped away"), (.noGrabber, "the sheet has no grabber"),
            (.notDismissibleByGestures, "not dismissible by gestures"), (.tapOutsideIgnored, "a tap outside is ignored"),
            (.tapOutsidePassesThrough, "a tap outside passes through to the content below"),
            (.modalPopoverNeedsItsButtons, "a modal popover closes only with its buttons"),
        ]
        for (reason, text) in expected { #expect(reason.text(names: PresentationNames()) == text) }
    }

    @Test func confirmationOptionsKeepTheirOrder() {
        let options: ConfirmationOptions = [.keepEditing, .discard, .save, .save]
        #expect(Array(options) == [.keepEditing, .discard, .save, .save])
        #expect(ConfirmationOptions([]).isEmpty)
        #expect(DismissalPolicy.confirmationOptions.map(\.rawValue) == ["discard", "save", "keepEditing"])
    }
}
