import DismissKitCore

/// Reads host commands (SPEC section 7) from JSON.
///
/// Shapes, one object each, unknown keys rejected:
/// - `{"type": "scene", "scene": {"screen": …, "presentations": […]}}` (a scene without a timeline)
/// - `{"type": "present", "presentation": {"id": …, "style": …}}`
/// - `{"type": "remove", "presentation": "share"}`
/// - `{"type": "update", "presentation": "compose", "unsavedChanges": false, "content": {"offset": 0}, …}`:
///   any presentation field but `id`, as in a scene file (`contentOffset` is accepted for
///   `content.offset`; `null` removes `tapOutside`, `frame` or `anchor`)
/// - `{"type": "confirm", "presentation": "compose", "choice": "discard" | "save" | "keepEditing"}`
/// - `{"type": "button", "presentation": "compose", "role": "cancel" | "done"}`
/// - `{"type": "accessibility", "presentation": "compose", "action": "escape" | "nextDetent" | "previousDetent"}`
/// - `{"type": "dismiss", "presentation": "compose"}` (a programmatic dismissal request)
/// - `{"type": "key", "key": "escape"}` (Escape read by a host that owns the keyboard)
/// - `{"type": "screen", "width": 800, "height": 1280, "widthMM": 136, "heightMM": 217}` (the
///   window was resized, the display rotated or rescaled)
/// - `{"type": "keyboard", "height": 280}` (the on-screen keyboard docked at the bottom, 0 when hidden)
/// - `{"type": "tick"}` (the host's clock, for the scene's idle rule)
public enum HostCommandParser {
    /// Parses one line of JSON Lines input.
    ///
    /// - Throws: ``JSONInputError`` whose `reason` says what is wrong; the caller names
    ///   the line it read (for example `stdin:12: reason`).
    public static func parse(_ line: String) throws(JSONInputError) -> HostCommand {
        try command(from: try JSONValue(parsing: line), path: "")
    }

    /// Parses one line of the live protocol: a host command, or `{"type": "query"}`, which asks
    /// `gesturectl run` for the pipeline's state and is no command (a scene's timeline has none).
    ///
    /// - Throws: ``JSONInputError`` as ``parse(_:)`` does.
    public static func parseRequest(_ line: String) throws(JSONInputError) -> HostRequest {
        let value = try JSONValue(parsing: line)
        if case .object(let members) = value.kind,
           members.contains(where: { $0.key == "type" && $0.value.kind == .string("query") }) {
            var reader = try JSONObjectReader(value, path: "")
            _ = reader.optional("type")
            try reader.rejectUnknownKeys()
            return .query
        }
        return .command(try command(from: value, path: ""))
    }

    /// The command types, spelled as in the `type` field.
    private enum CommandType: String, CaseIterable {
        case scene, present, remove, update, confirm, button, accessibility, dismiss, key, screen, keyboard, tick
    }

    /// Reads a command object; `path` locates it in a larger document (a scene file's timeline).
    static func command(from value: JSONValue, path: String) throws(JSONInputError) -> HostCommand {
        var reader = try JSONObjectReader(value, path: path)
        let command: HostCommand
        switch try reader.choice("type", from: CommandType.allCases) {
        case .scene:
            var sceneReader = try JSONObjectReader(try reader.required("scene"), path: reader.path(of: "scene"))
            let scene = try SceneReader.scene(from: &sceneReader)
            try sceneReader.rejectUnknownKeys()
            command = .scene(try scene.validated())
        case .present:
            command = .present(try SceneReader.presentation(from: try reader.required("presentation"), path: reader.path(of: "presentation")))
        case .remove:
            command = .remove(presentation: try reader.presentationID("presentation"))
        case .update:
            let id = try reader.presentationID("presentation")
            if reader.contains("id") {
                throw JSONInputError(line: reader.line, reason: JSONValue.prefixed(reader.path, "an update cannot change a presentation's id"))
            }
            if reader.contains("idle") {
                throw JSONInputError(line: reader.line, reason: JSONValue.prefixed(
                    reader.path, "an update changes a presentation, and the idle rule is the scene's: give it in a scene command"))
            }
            command = .update(presentation: id, try SceneReader.presentationFields(from: &reader, includingStyle: true))
        case .confirm:
            let id = try reader.presentationID("presentation")
            command = .confirm(presentation: id, try reader.choice("choice", from: [ConfirmationChoice.discard, .save, .keepEditing]))
        case .button:
            let id = try reader.presentationID("presentation")
            command = .button(presentation: id, try reader.choice("role", from: [ButtonRole.cancel, .done]))
        case .accessibility:
            let id = try reader.presentationID("presentation")
            command = .accessibility(
                presentation: id,
                try reader.choice("action", from: [AccessibilityAction.escape, .nextDetent, .previousDetent])
            )
        case .dismiss:
            command = .dismiss(presentation: try reader.presentationID("presentation"))
        case .key:
            command = .key(try reader.choice("key", from: HostKey.allCases))
        case .screen:
            command = .screen(try SceneReader.screenSize(from: &reader))
        case .keyboard:
            command = .keyboard(height: try SceneReader.keyboardHeight(from: &reader))
        case .tick:
            command = .tick
        }
        try reader.rejectUnknownKeys()
        return command
    }
}

/// One line a host sends to `gesturectl run`.
public enum HostRequest: Sendable, Hashable {
    /// A command for the pipeline.
    case command(HostCommand)
    /// A request for the pipeline's state (``DismissalPipeline/stateJSONLine``).
    case query
}
