import Glibc

/// The one writer of messages for people: each is one line on standard error (which the
/// journal records under systemd), written at once, unbuffered.
///
/// Messages quote what came from outside (a recording's version line, a device name, a scene
/// id, a command's presentation id, a path), so every control character in a message is
/// written escaped (``escaped(_:)``): no input can start a line of its own, forge a
/// `gesturectl:` or `Error:` line, or send an escape sequence to a terminal.
public enum MessageWriter {
    /// Writes `message` and a newline to standard error (one trailing newline of `message` is
    /// dropped first); a standard error that cannot be written is left at that.
    public static func write(_ message: String) {
        let text = message.hasSuffix("\n") ? String(message.dropLast()) : message
        var line = Array(escaped(text).utf8)
        line.append(0x0A)
        try? SystemCall.writeAll(line) { start, count in Glibc.write(STDERR_FILENO, start, count) }
    }

    /// `text` with each C0 control character (tab and newline among them), DEL and each C1
    /// control character (its CSI, U+009B, among them) written as `\u{XX}`, as Swift spells it.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u{" + (hex.count < 2 ? "0" + hex : hex) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
