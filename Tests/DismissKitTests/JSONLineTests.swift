import Testing
@testable import DismissKit
@testable import DismissKitCore

@Suite struct JSONLineTests {
    @Test func sortsKeysAndFormatsNumbers() {
        var line = JSONLine()
        line.set("type", .string("down"))
        line.set("time", .integer(1200))
        line.set("x", .number(12.5))
        line.set("a", .number(-0.0001))
        line.set("name", .string("a\"b\n"))
        #expect(line.text == #"{"a":0,"name":"a\"b\n","time":1200,"type":"down","x":12.5}"#)
    }

    @Test func roundsToThreeDecimals() {
        #expect(JSONLine.formatNumber(1.23456) == "1.235")
        #expect(JSONLine.formatNumber(2) == "2")
        #expect(JSONLine.formatNumber(.nan) == "null")
    }

    @Test func exactNumbersReadBackAsTheSameDouble() {
        for number in [294.93087557603684, 0.1 + 0.2, -1e-7, 123456789.125, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 50] {
            let text = JSONLine.formatExactNumber(number)
            #expect(Double(text) == number, "\(text)")
        }
        #expect(JSONLine.formatExactNumber(50) == "50")
        #expect(JSONLine.formatExactNumber(-0.0) == "0")
        #expect(JSONLine.formatExactNumber(.infinity) == "null")
        var line = JSONLine()
        line.set("x", .exactNumber(0.1 + 0.2))
        #expect(line.text == #"{"x":0.30000000000000004}"#)
    }
}
