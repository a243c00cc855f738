import Foundation

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
        case string(String)
        case bool(Bool)
        case strings([String])
        case object(JSONLine)
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
        case .string(let string): writeString(string, to: &output)
        case .bool(let bool): output.append(bool ? "true" : "false")
        case .strings(let strings):
            output.append("[")
            for (index, string) in strings.enumerated() {
                if index > 0 { output.append(",") }
                writeString(string, to: &output)
            }
            output.append("]")
        case .object(let object): object.write(to: &output)
        }
    }

    /// Formats a number with at most three decimals and no trailing zeros; `null` when not finite.
    public static func formatNumber(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        var text = String(format: "%.3f", number)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    private static func writeString(_ string: String, to output: inout String) {
        output.append("\"")
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output.append("\\\"")
            case "\\": output.append("\\\\")
            case "\n": output.append("\\n")
            case "\r": output.append("\\r")
            case "\t": output.append("\\t")
            case _ where scalar.value < 0x20:
                output.append(String(format: "\\u%04x", scalar.value))
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
