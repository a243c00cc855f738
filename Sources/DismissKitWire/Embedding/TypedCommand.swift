import DismissKitCore

/// The host commands of an embedding's typed calls (the C library's `dk_pipeline_present`,
/// `dk_pipeline_confirm`, …, and the WebAssembly module's), as JSON text written by the wire
/// codec, which ``HostedPipeline/command(_:time:)`` takes: a host never writes JSON. `id` names
/// the presentation.
public enum TypedCommand {
    public static func present(_ id: String, _ fields: PresentationFields) -> String {
        var presentation = fields.object
        presentation.set("id", .string(id))
        return text("present", ("presentation", .object(presentation)))
    }

    public static func update(_ id: String, _ fields: PresentationFields) -> String {
        text("update", [("presentation", .string(id))] + fields.fields.map { ($0.key, $0.value) })
    }

    public static func confirm(_ id: String, _ choice: ConfirmationChoice) -> String {
        text("confirm", ("presentation", .string(id)), ("choice", .string(choice.rawValue)))
    }

    public static func button(_ id: String, _ role: ButtonRole) -> String {
        text("button", ("presentation", .string(id)), ("role", .string(role.rawValue)))
    }

    public static func accessibility(_ id: String, _ action: AccessibilityAction) -> String {
        text("accessibility", ("presentation", .string(id)), ("action", .string(action.rawValue)))
    }

    public static func dismiss(_ id: String) -> String {
        text("dismiss", ("presentation", .string(id)))
    }

    public static func remove(_ id: String) -> String {
        text("remove", ("presentation", .string(id)))
    }

    public static func setUnsavedChanges(_ id: String, _ unsaved: Bool) -> String {
        text("update", ("presentation", .string(id)), ("unsavedChanges", .bool(unsaved)))
    }

    /// The content's scroll offset: check it with ``nonFiniteNumber(among:)`` first.
    public static func reportContentOffset(_ id: String, _ offset: Double) -> String {
        text("update", ("presentation", .string(id)), ("content", .object(PresentationFields.content(offset: offset))))
    }

    public static func escapeKey() -> String {
        text("key", ("key", .string(HostKey.escape.rawValue)))
    }

    /// The screen's size: check its numbers with ``nonFiniteNumber(among:)`` first.
    public static func screen(width: Double, height: Double, widthMM: Double, heightMM: Double) -> String {
        text("screen", ("width", .exactNumber(width)), ("height", .exactNumber(height)), ("widthMM", .exactNumber(widthMM)),
             ("heightMM", .exactNumber(heightMM)))
    }

    /// The on-screen keyboard's height: check it with ``nonFiniteNumber(among:)`` first.
    public static func keyboard(height: Double) -> String {
        text("keyboard", ("height", .exactNumber(height)))
    }

    /// `scene` with the idle rule `rule` (nil: none), as a `scene` command: the one command that
    /// changes the rule, written from the pipeline's own scene, so nothing else changes.
    public static func idleRule(_ rule: IdleRule?, in scene: Scene) -> String {
        var changed = scene
        changed.idle = rule
        return text("scene", ("scene", .object(changed.jsonLine)))
    }

    /// The host's clock, for the scene's idle rule.
    public static func tick() -> String {
        text("tick")
    }

    /// The message for the first of `numbers` (arguments by name) that JSON cannot carry, NaN or
    /// infinite, said as a C caller would print it; nil when all are finite.
    public static func nonFiniteNumber(among numbers: [(name: String, value: Double)]) -> String? {
        guard let (name, value) = numbers.first(where: { !$0.value.isFinite }) else { return nil }
        let written = value.isNaN ? "NaN" : value < 0 ? "-inf" : "inf"
        return "\(name): \(written) is not a finite number"
    }

    /// A typed call's refusal as its caller reads it: a value of the command refused by the
    /// codec names the field alone, without the `command_json:1: ` of a text the caller never wrote.
    public static func message(of refusal: HostedPipeline.Refusal) -> String {
        let textPrefix = "command_json:1: "
        return refusal.message.hasPrefix(textPrefix) ? String(refusal.message.dropFirst(textPrefix.count)) : refusal.message
    }

    private static func text(_ type: String, _ fields: (String, JSONLine.Value)...) -> String {
        text(type, fields)
    }

    private static func text(_ type: String, _ fields: [(String, JSONLine.Value)]) -> String {
        var command = JSONLine()
        command.set("type", .string(type))
        for (key, value) in fields { command.set(key, value) }
        return command.text
    }
}
