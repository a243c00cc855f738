import DismissKitCore

/// A problem in JSON input: the 1-based line it was found on and why.
///
/// Parsing and typed reading both report this; a file reader turns it into an
/// ``InputFileError`` naming the file, a command reader prefixes its own line.
public struct JSONInputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 1-based line within the parsed text.
    public var line: Int
    public var reason: String

    public init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }

    /// `LINE: reason`.
    public var description: String { "\(line): \(reason)" }
}

/// A parsed JSON value that remembers the line it started on.
///
/// The parser is strict RFC 8259: no comments, no trailing commas, no
/// duplicate keys, no bare control characters in strings, nesting at most
/// ``InputLimits/maximumDepth`` levels deep.
public struct JSONValue: Sendable, Hashable {
    /// The kinds of JSON value.
    public enum Kind: Sendable, Hashable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONValue])
        /// Members in the order they appear; keys are unique.
        case object([Member])
    }

    /// One member of an object.
    public struct Member: Sendable, Hashable {
        public var key: String
        public var value: JSONValue

        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// 1-based line on which the value starts.
    public var line: Int
    public var kind: Kind

    public init(line: Int, kind: Kind) {
        self.line = line
        self.kind = kind
    }


    /// Parses one JSON text (a single value, whitespace around it allowed).
    public init(parsing text: String) throws(JSONInputError) {
        var parser = JSONParser(bytes: Array(text.utf8))
        self = try parser.parseDocument()
    }
}

/// A recursive-descent parser over UTF-8 bytes that counts lines as it goes.
private struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1

    init(bytes: [UInt8]) {
        self.bytes = bytes
        // A leading byte order mark is allowed and ignored (RFC 8259 section 8.1).
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    mutating func parseDocument() throws(JSONInputError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue(depth: 0)
        skipWhitespace()
        if index < bytes.count {
            throw JSONInputError(line: line, reason: "unexpected \(describeCurrent()) after the JSON value")
        }
        return value
    }

    private mutating func parseValue(depth: Int) throws(JSONInputError) -> JSONValue {
        guard index < bytes.count else {
            throw JSONInputError(line: line, reason: "expected a JSON value, found end of input")
        }
        let startLine = line
        switch bytes[index] {
        case UInt8(ascii: "{"):
            return JSONValue(line: startLine, kind: try parseObject(depth: depth + 1))
        case UInt8(ascii: "["):
            return JSONValue(line: startLine, kind: try parseArray(depth: depth + 1))
        case UInt8(ascii: "\""):
            return JSONValue(line: startLine, kind: .string(try parseString()))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(line: startLine, kind: .number(try parseNumber()))
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return JSONValue(line: startLine, kind: .bool(true))
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return JSONValue(line: startLine, kind: .bool(false))
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return JSONValue(line: startLine, kind: .null)
        default:
            throw JSONInputError(line: line, reason: "expected a JSON value, found \(describeWord())")
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONInputError) -> JSONValue.Kind {
        try checkDepth(depth)
        index += 1  // {
        var members: [JSONValue.Member] = []
        /// The keys, for finding a duplicate once the object is too long to search its members.
        var keys: Set<String> = []
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return .object(members) }
        while true {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                let expectation = members.isEmpty ? "expected a string key or '}'" : "expected a string key"
                throw JSONInputError(line: line, reason: "\(expectation), found \(describeCurrent())")
            }
            let keyLine = line
            let key = try parseString()
            if members.count == Self.membersSearched { keys = Set(members.lazy.map { $0.key }) }
            let duplicate = members.count < Self.membersSearched ? members.contains { $0.key == key } : !keys.insert(key).inserted
            guard !duplicate else {
                throw JSONInputError(line: keyLine, reason: "duplicate key \(quoted(key))")
            }
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else {
                throw JSONInputError(line: line, reason: "expected ':' after key \(quoted(key)), found \(describeCurrent())")
            }
            skipWhitespace()
            let value = try parseValue(depth: depth)
            members.append(JSONValue.Member(key: key, value: value))
            skipWhitespace()
            if consume(UInt8(ascii: "}")) { return .object(members) }
            guard consume(UInt8(ascii: ",")) else {
                throw JSONInputError(line: line, reason: "expected ',' or '}', found \(describeCurrent())")
            }
            skipWhitespace()
        }
    }

    /// Up to how many members an object's keys are compared one by one, before a set holds them:
    /// scenes and commands have a few, and hashing (with its set's allocation) would cost them more.
    private static let membersSearched = 16

    private mutating func parseArray(depth: Int) throws(JSONInputError) -> JSONValue.Kind {
        try checkDepth(depth)
        index += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return .array(elements) }
        while true {
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            if consume(UInt8(ascii: "]")) { return .array(elements) }
            guard consume(UInt8(ascii: ",")) else {
                throw JSONInputError(line: line, reason: "expected ',' or ']', found \(describeCurrent())")
            }
            skipWhitespace()
        }
    }

    private func checkDepth(_ depth: Int) throws(JSONInputError) {
        if depth > InputLimits.maximumDepth {
            throw JSONInputError(line: line, reason: "nesting deeper than \(InputLimits.maximumDepth) levels")
        }
    }

    private mutating func parseString() throws(JSONInputError) -> String {
        let startLine = line
        index += 1  // opening quote
        var text = ""
        var runStart = index
        while true {
            guard index < bytes.count else {
                throw JSONInputError(line: startLine, reason: "unterminated string")
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 {
                // The input came from a String, so every run between escapes is valid UTF-8.
                text += String(decoding: bytes[runStart..<index], as: UTF8.self)
            }
            if byte == UInt8(ascii: "\"") {
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                throw JSONInputError(line: startLine, reason: "unterminated string")
            }
            if byte < 0x20 {
                throw JSONInputError(line: line, reason: "control character in a string; write it as an escape")
            }
            if byte == UInt8(ascii: "\\") {
                index += 1
                text.unicodeScalars.append(try parseEscape())
                runStart = index
            } else {
                index += 1
            }
        }
    }

    private mutating func parseEscape() throws(JSONInputError) -> Unicode.Scalar {
        guard index < bytes.count else {
            throw JSONInputError(line: line, reason: "unterminated string")
        }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let first = try parseHexQuad()
            if (0xD800...0xDBFF).contains(first) {
                guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")) else {
                    throw JSONInputError(line: line, reason: "unpaired surrogate in a \\u escape")
                }
                let second = try parseHexQuad()
                guard (0xDC00...0xDFFF).contains(second),
                      let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
                else {
                    throw JSONInputError(line: line, reason: "unpaired surrogate in a \\u escape")
                }
                return scalar
            }
            guard let scalar = Unicode.Scalar(first) else {
                throw JSONInputError(line: line, reason: "unpaired surrogate in a \\u escape")
            }
            return scalar
        default:
            index -= 1
            throw JSONInputError(line: line, reason: "invalid escape '\\\(describeCurrent(quoting: false))' in a string")
        }
    }

    private mutating func parseHexQuad() throws(JSONInputError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = hexDigitValue(bytes[index]) else {
                throw JSONInputError(line: line, reason: "expected four hexadecimal digits after \\u")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private func hexDigitValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private mutating func parseNumber() throws(JSONInputError) -> Double {
        let start = index
        _ = consume(UInt8(ascii: "-"))
        if consume(UInt8(ascii: "0")) {
            if index < bytes.count, isDigit(bytes[index]) {
                throw JSONInputError(line: line, reason: "a number may not have a leading zero")
            }
        } else {
            try consumeDigits(after: "'-'")
        }
        if consume(UInt8(ascii: ".")) {
            try consumeDigits(after: "the decimal point")
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            try consumeDigits(after: "the exponent")
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let number = Double(text), number.isFinite else {
            throw JSONInputError(line: line, reason: "number \(text) is out of range")
        }
        return number
    }

    private mutating func consumeDigits(after what: String) throws(JSONInputError) {
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw JSONInputError(line: line, reason: "expected a digit after \(what), found \(describeCurrent())")
        }
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func expectLiteral(_ literal: String) throws(JSONInputError) {
        let start = index
        for expected in literal.utf8 {
            guard index < bytes.count, bytes[index] == expected else {
                index = start
                throw JSONInputError(line: line, reason: "expected a JSON value, found \(describeWord())")
            }
            index += 1
        }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Skips JSON whitespace, counting a line for each LF, CR LF or lone CR.
    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                index += 1
            case UInt8(ascii: "\n"):
                line += 1
                index += 1
            case UInt8(ascii: "\r"):
                line += 1
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "\n") { index += 1 }
            default:
                return
            }
        }
    }

    /// The character at the current position, for an error message.
    private func describeCurrent(quoting: Bool = true) -> String {
        guard index < bytes.count else { return "end of input" }
        let character = String(decoding: bytes[index...].prefix(4), as: UTF8.self).first.map(String.init) ?? "?"
        let visible = character.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
            ? character
            : "U+" + String(character.unicodeScalars.first?.value ?? 0, radix: 16, uppercase: true)
        return quoting ? "'\(visible)'" : visible
    }

    /// The run of letters at the current position, for a misspelt literal.
    private func describeWord() -> String {
        let word = bytes[index...].prefix { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        }
        guard !word.isEmpty else { return describeCurrent() }
        return "'\(String(decoding: word.prefix(20), as: UTF8.self))'"
    }
}
