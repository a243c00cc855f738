import DismissKit
import DismissKitService
import Glibc

/// Messages for people, on standard error, through ``MessageWriter``.
enum StandardError {
    static func write(_ text: String) {
        MessageWriter.write(text)
    }

    /// `Error: message`.
    static func report(_ message: String) {
        write("Error: \(message)")
    }

    /// `Error: message`, the usage line, and the command that shows the help.
    static func reportUsageError(_ message: String, usage: String, help: String) {
        report(message)
        write("Usage: \(usage)")
        write("  See '\(help)' for more information.")
    }
}

/// Writes help or other text to standard output at once.
func printToStandardOutput(_ text: String) {
    var writer = LineWriter.standardOutput()
    writer.write(line: text)
    writer.flush()
}
