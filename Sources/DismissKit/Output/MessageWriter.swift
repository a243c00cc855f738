import Glibc

/// The one writer of messages for people: each is one line on standard error (which the
/// journal records under systemd), written at once, unbuffered.
///
/// Messages quote what came from outside (a recording's version line, a device name, a scene
/// id, a command's presentation id, a path), so every control character in a message is
/// written escaped (``DismissKitCore/escapingControlCharacters(_:)``): no input can start a line of its own, forge a
/// `gesturectl:` or `Error:` line, or send an escape sequence to a terminal.
public enum MessageWriter {
    /// Writes `message` and a newline to standard error (one trailing newline of `message` is
    /// dropped first); a standard error that cannot be written is left at that.
    public static func write(_ message: String) {
        let text = message.hasSuffix("\n") ? String(message.dropLast()) : message
        var line = Array(escapingControlCharacters(text).utf8)
        line.append(0x0A)
        try? SystemCall.writeAll(line) { start, count in Glibc.write(STDERR_FILENO, start, count) }
    }
}
