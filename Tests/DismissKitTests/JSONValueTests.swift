import Testing
@testable import DismissKit
@testable import DismissKitCore

@Suite struct JSONValueTests {
    @Test func parsesEveryKindAndRemembersLines() throws {
        let text = """
        {
          "a": null,
          "b": [true, false,
                -12.5e1],
          "c": {"d": "x\\ny \\u00e9\\ud83d\\ude00 \\/"}
        }
        """
        let value = try JSONValue(parsing: text)
        #expect(value.line == 1)
        guard case .object(let members) = value.kind else {
            Issue.record("expected an object")
            return
        }
        #expect(members.map(\.key) == ["a", "b", "c"])
        #expect(members[0].value == JSONValue(line: 2, kind: .null))
        #expect(members[1].value == JSONValue(line: 3, kind: .array([
            JSONValue(line: 3, kind: .bool(true)),
            JSONValue(line: 3, kind: .bool(false)),
            JSONValue(line: 4, kind: .number(-125)),
        ])))
        #expect(members[2].value == JSONValue(line: 5, kind: .object([
            JSONValue.Member(key: "d", value: JSONValue(line: 5, kind: .string("x\ny é😀 /"))),
        ])))
    }

    /// Numbers too small for a Double read as 0 or the nearest subnormal, as every build
    /// reads them (the WebAssembly module's `strtod` too: Tests/Web/borders.mjs); too large
    /// ones are refused.
    /// `bits`: the Double's bit pattern (1 is the least subnormal; the top bit alone is -0).
    @Test(arguments: [("1e-400", 0), ("-1e-400", 1 << 63), ("2.4703282292062327e-324", 0),
                      ("2.4703282292062328e-324", 1)] as [(String, UInt64)])
    func numbersThatUnderflowAreZeroOrTheNearestSubnormal(text: String, bits: UInt64) throws {
        let value = try JSONValue(parsing: text)
        guard case .number(let number) = value.kind else {
            Issue.record("expected a number, got \(value)")
            return
        }
        #expect(number.bitPattern == bits)
    }

    @Test func aNumberThatOverflowsIsRefused() {
        #expect(throws: JSONInputError(line: 1, reason: "number 1e400 is out of range")) { try JSONValue(parsing: "1e400") }
    }

    @Test func countsCarriageReturnLineEndings() throws {
        let value = try JSONValue(parsing: "[1,\r\n2,\r3]")
        guard case .array(let elements) = value.kind else {
            Issue.record("expected an array")
            return
        }
        #expect(elements.map(\.line) == [1, 2, 3])
    }

    @Test func acceptsByteOrderMarkAndSurroundingWhitespace() throws {
        #expect(try JSONValue(parsing: "\u{FEFF} \n 7 \n").kind == .number(7))
    }

    /// Malformed texts, the line of the error and words its reason must contain.
    static let malformed: [(name: String, text: String, line: Int, reason: String)] = [
        ("empty", "", 1, "expected a JSON value, found end of input"),
        ("only whitespace", "\n\n  ", 3, "found end of input"),
        ("missing comma in object", "{\n\"a\": 1\n\"b\": 2}", 3, "expected ',' or '}', found '\"'"),
        ("missing comma in array", "[1,\n2\n3]", 3, "expected ',' or ']', found '3'"),
        ("trailing comma in object", "{\"a\": 1,\n}", 2, "expected a string key, found '}'"),
        ("trailing comma in array", "[1,\n\n]", 3, "expected a JSON value, found ']'"),
        ("missing colon", "{\n\"a\" 1}", 2, "expected ':' after key \"a\", found '1'"),
        ("unquoted key", "{\n a: 1}", 2, "expected a string key or '}', found 'a'"),
        ("unterminated string at end", "{\"a\":\n\"abc", 2, "unterminated string"),
        ("unterminated string at newline", "[\n\"abc\n\"]", 2, "unterminated string"),
        ("control character", "[\n\"a\u{01}b\"]", 2, "control character"),
        ("bad escape", "\n\"\\q\"", 2, "invalid escape '\\q'"),
        ("short unicode escape", "\"\\u12\"", 1, "four hexadecimal digits"),
        ("lone high surrogate", "\"\\ud83d x\"", 1, "unpaired surrogate"),
        ("lone low surrogate", "\"\\ude00\"", 1, "unpaired surrogate"),
        ("duplicate key", "{\"a\": 1,\n\n\"a\": 2}", 3, "duplicate key \"a\""),
        ("leading zero", "\n[01]", 2, "leading zero"),
        ("bare minus", "[-]", 1, "expected a digit after '-'"),
        ("no fraction digits", "[1.]", 1, "after the decimal point"),
        ("no exponent digits", "[1e+]", 1, "after the exponent"),
        ("number too large", "\n\n1e999", 3, "out of range"),
        ("misspelt literal", "[\ntru]", 2, "found 'tru'"),
        ("capitalised literal", "True", 1, "found 'True'"),
        ("comment", "{} // done", 1, "unexpected '/' after the JSON value"),
        ("two values", "{}\n{}", 2, "unexpected '{' after the JSON value"),
        ("single quotes", "['a']", 1, "found '''"),
        ("unclosed object", "{\"a\": [1, 2]\n", 2, "expected ',' or '}', found end of input"),
        ("unclosed array", "[[1]\n\n", 3, "expected ',' or ']', found end of input"),
    ]

    @Test(arguments: malformed.map(\.name))
    func reportsLineAndReason(name: String) throws {
        let example = try #require(Self.malformed.first { $0.name == name })
        #expect {
            try JSONValue(parsing: example.text)
        } throws: { error in
            guard let error = error as? JSONInputError else { return false }
            return error.line == example.line && error.reason.contains(example.reason)
        }
    }

    @Test func everyTruncationFailsOnItsLastLine() throws {
        let bytes = Array(SceneFileTests.specExample.utf8)
        #expect(throws: Never.self) { try JSONValue(parsing: SceneFileTests.specExample) }
        for length in 0..<bytes.count {
            let prefix = String(decoding: bytes[..<length], as: UTF8.self)
            let lastLine = bytes[..<length].filter { $0 == UInt8(ascii: "\n") }.count + 1
            #expect("truncated after \(length) bytes", performing: { try JSONValue(parsing: prefix) }, throws: { error in
                (error as? JSONInputError)?.line == lastLine
            })
        }
    }

    @Test func limitsNestingDepth() throws {
        let deepest = String(repeating: "[", count: InputLimits.maximumDepth) + String(repeating: "]", count: InputLimits.maximumDepth)
        #expect(throws: Never.self) { try JSONValue(parsing: deepest) }
        let tooDeep = String(repeating: "[", count: InputLimits.maximumDepth + 1) + String(repeating: "]", count: InputLimits.maximumDepth + 1)
        #expect(throws: JSONInputError(line: 1, reason: "nesting deeper than 64 levels")) { try JSONValue(parsing: tooDeep) }
        let hostile = String(repeating: "{\"a\":", count: 100_000)
        #expect(throws: JSONInputError.self) { try JSONValue(parsing: hostile) }
    }

    @Test func objectReaderNamesPathsAndUnknownKeys() throws {
        let value = try JSONValue(parsing: "{\n\"size\": \"big\",\n\"colour\": 1,\n\"extra\": true\n}")
        var reader = try JSONObjectReader(value, path: "things[2]")
        #expect(throws: JSONInputError(line: 2, reason: "things[2].size: expected a number, found a string")) {
            try reader.optionalNumber("size")
        }
        #expect(try reader.optionalNumber("colour") == 1)
        #expect(try reader.optionalBool("missing") == nil)
        #expect(throws: JSONInputError(line: 1, reason: "things[2]: missing key \"name\"")) {
            try reader.required("name")
        }
        #expect(throws: JSONInputError(line: 4, reason: "things[2]: unknown key \"extra\"")) {
            try reader.rejectUnknownKeys()
        }
    }

    @Test func typedReadersDescribeWhatTheyFound() throws {
        let value = try JSONValue(parsing: "[null, 1.5, \"up\", {}]")
        let elements = try value.array(at: "")
        #expect(throws: JSONInputError(line: 1, reason: "x: expected true or false, found null")) { try elements[0].bool(at: "x") }
        #expect(throws: JSONInputError(line: 1, reason: "x: expected a whole number, found 1.5")) { try elements[1].integer(at: "x") }
        #expect(throws: JSONInputError(line: 1, reason: "x: expected \"cancel\" or \"done\", found \"up\"")) {
            try elements[2].choice(at: "x", from: [ButtonRole.cancel, .done])
        }
        #expect(throws: JSONInputError(line: 1, reason: "x: expected an array, found an object")) { try elements[3].array(at: "x") }
        #expect(throws: JSONInputError(line: 1, reason: "expected an object, found an array")) { try JSONObjectReader(value, path: "") }
    }
}
