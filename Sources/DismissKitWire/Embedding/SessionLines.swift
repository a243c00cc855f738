import DismissKitCore

/// The lines of a session file (``SessionFile`` in DismissKit reads them, and says what each
/// holds): what a recorder writes, whether it writes a file (the C library, `gesturectl run
/// --record`) or keeps the text in memory (``HostedPipeline``, the web module).
public enum SessionLines {
    /// The `format` of the header.
    public static let format = "dismisskit-session"
    /// The `version` of the header this build writes and reads.
    public static let version = 1

    /// The header line.
    public static var headerLine: String {
        var line = JSONLine()
        line.set("type", .string("session"))
        line.set("format", .string(format))
        line.set("version", .integer(Int64(version)))
        line.set("dismisskit", .string(DismissKitVersion.release))
        return line.text
    }

    /// The starting scene's line.
    public static func sceneLine(_ scene: Scene, configuration: GestureConfiguration) -> String {
        var line = JSONLine()
        line.set("type", .string("scene"))
        line.set("scene", .object(scene.jsonLine))
        line.set("gestures", .object(configuration.jsonLine))
        return line.text
    }

    /// A touch's line; positions with every digit, so that they read back as the same values.
    public static func touchLine(_ event: TouchEvent) -> String {
        var line = JSONLine()
        line.set("type", .string("touch"))
        line.set("event", .string(event.kind.rawValue))
        line.set("time", .integer(event.time))
        if event.kind != .frame { line.set("seatSlot", .integer(Int64(event.seatSlot))) }
        if let point = event.point {
            line.set("x", .exactNumber(point.x))
            line.set("y", .exactNumber(point.y))
        }
        return line.text
    }

    /// A host command's line; `source` names who sent it (`stdin`, `socket client 2`) when
    /// there can be more than one.
    public static func commandLine(_ text: String, time: Int64, source: String? = nil) -> String {
        var line = JSONLine()
        line.set("type", .string("command"))
        line.set("command", .string(text))
        line.set("time", .integer(time))
        if let source { line.set("source", .string(source)) }
        return line.text
    }

    /// An intent's line, around its JSON text (without a newline).
    public static func intentLine(_ intentText: String) -> String {
        // The keys sorted, "intent" before "type", as JSONLine writes them.
        #"{"intent":"# + intentText + #","type":"intent"}"#
    }
}
