/// `string` in double quotes, as messages name ids, files and values, with its control
/// characters escaped (``escapingControlCharacters(_:)``): a message carries whatever a caller
/// sent whole, as one line, through a C string too.
package func quoted(_ string: String) -> String {
    "\"" + escapingControlCharacters(string) + "\""
}

/// `text` with each C0 control character (tab and newline among them), DEL and each C1 control
/// character (its CSI, U+009B, among them) written as `\u{XX}`, as Swift spells it: no input can
/// start a line of its own, end a C string early, or send an escape sequence to a terminal.
public func escapingControlCharacters(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0.isControlCharacter }) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
        if scalar.isControlCharacter {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            result += "\\u{" + (hex.count < 2 ? "0" + hex : hex) + "}"
        } else {
            result.unicodeScalars.append(scalar)
        }
    }
    return result
}

extension Unicode.Scalar {
    /// Whether this is a control character (Unicode's general category Cc: U+0000 to U+001F,
    /// U+007F to U+009F).
    public var isControlCharacter: Bool {
        value < 0x20 || (value >= 0x7F && value < 0xA0)
    }
}

/// `number` as messages show it: Swift's shortest form that reads back the same, without a
/// trailing `.0`.
package func describedNumber(_ number: Double) -> String {
    let text = number.description
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
}
