import DismissKitCore

/// One JSON object written on one line, keys sorted, numbers in a stable format.
///
/// Wire formats are written by hand so that their shape is the documented one:
/// add fields in any order; ``text`` sorts them by key.
public struct JSONLine: Sendable {
    /// A value that can appear in an output line.
    public indirect enum Value: Sendable, Hashable {
        case integer(Int64)
        /// Written with at most three decimals, trailing zeros removed.
        case number(Double)
        /// Written with every digit needed to read back the same `Double` (the shortest such form).
        case exactNumber(Double)
        case string(String)
        case bool(Bool)
        case strings([String])
        case object(JSONLine)
        case array([Value])
        case null
    }

    private var fields: [(key: String, value: Value)] = []

    public init() {}

    /// Adds (or replaces) a field.
    public mutating func set(_ key: String, _ value: Value) {
        if let index = fields.firstIndex(where: { $0.key == key }) {
            fields[index].value = value
        } else {
            fields.append((key, value))
        }
    }

    /// The object as compact JSON with its keys in ascending order.
    public var text: String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        output.append("{")
        for (index, field) in fields.sorted(by: { $0.key < $1.key }).enumerated() {
            if index > 0 { output.append(",") }
            JSONLine.writeString(field.key, to: &output)
            output.append(":")
            JSONLine.write(field.value, to: &output)
        }
        output.append("}")
    }

    private static func write(_ value: Value, to output: inout String) {
        switch value {
        case .integer(let integer): output.append(String(integer))
        case .number(let number): output.append(formatNumber(number))
        case .exactNumber(let number): output.append(formatExactNumber(number))
        case .string(let string): writeString(string, to: &output)
        case .bool(let bool): output.append(bool ? "true" : "false")
        case .strings(let strings): writeArray(strings, to: &output) { writeString($0, to: &$1) }
        case .object(let object): object.write(to: &output)
        case .array(let values): writeArray(values, to: &output) { write($0, to: &$1) }
        case .null: output.append("null")
        }
    }

    /// `[`, the elements separated by commas, `]`.
    private static func writeArray<Element>(
        _ elements: [Element], to output: inout String, _ writeElement: (Element, inout String) -> Void
    ) {
        output.append("[")
        for (index, element) in elements.enumerated() {
            if index > 0 { output.append(",") }
            writeElement(element, &output)
        }
        output.append("]")
    }

    /// Formats a number with at most three decimals and no trailing zeros; `null` when not finite.
    ///
    /// The digits are the ones C's `%.3f` gives (the exact binary value, rounded half to even),
    /// computed in integers: ``JSONLineBytes/number(_:)`` below 2⁶³, and beyond it, where every
    /// `Double` is a whole number, its exact decimal digits (``wholeNumberDigits(_:)``).
    public static func formatNumber(_ number: Double) -> String {
        formatRoundedNumber(number) ?? wholeNumberDigits(number)
    }

    /// The exact decimal digits of a whole `Double` of any magnitude (with its sign), as `%.3f`
    /// prints them before the point: the significand shifted left in base-10⁹ limbs.
    static func wholeNumberDigits(_ number: Double) -> String {
        let exponent = Int(number.exponentBitPattern) - 1075
        guard number.isFinite, exponent >= 0 else { return "null" }
        var limbs: [UInt64] = []  // base 10⁹, least significant first
        var significand = number.significandBitPattern | (1 << 52)
        while significand > 0 {
            limbs.append(significand % 1_000_000_000)
            significand /= 1_000_000_000
        }
        for _ in 0..<exponent {
            var carry: UInt64 = 0
            for index in limbs.indices {
                let doubled = limbs[index] * 2 + carry
                limbs[index] = doubled % 1_000_000_000
                carry = doubled / 1_000_000_000
            }
            if carry > 0 { limbs.append(carry) }
        }
        var text = number < 0 ? "-" : ""
        text += String(limbs[limbs.count - 1])
        for limb in limbs.dropLast().reversed() {
            let digits = String(limb)
            text += String(repeating: "0", count: 9 - digits.utf8.count) + digits
        }
        return text
    }

    /// Formats a number in the shortest decimal form that reads back as the same `Double`
    /// (Swift's own), without a trailing `.0`; `null` when not finite.
    public static func formatExactNumber(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        return number == 0 ? "0" : describedNumber(number)
    }

    private static func writeString(_ string: String, to output: inout String) {
        output.append("\"")
        // Keys and most values need no escaping: append them whole.
        if !string.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
            output.append(string)
            output.append("\"")
            return
        }
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output.append("\\\"")
            case "\\": output.append("\\\\")
            case "\n": output.append("\\n")
            case "\r": output.append("\\r")
            case "\t": output.append("\\t")
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
            default: output.unicodeScalars.append(scalar)
            }
        }
        output.append("\"")
    }
}

extension JSONLine: Hashable {
    public static func == (lhs: JSONLine, rhs: JSONLine) -> Bool { lhs.text == rhs.text }
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
