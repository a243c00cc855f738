/// The host's answer to a confirmation.
public enum ConfirmationChoice: String, Sendable, Hashable {
    case discard, save, keepEditing
}

/// A button of a presentation that closes it.
public enum ButtonRole: String, Sendable, Hashable {
    case cancel, done
}

/// An accessibility action aimed at a presentation.
public enum AccessibilityAction: String, Sendable, Hashable {
    case escape, nextDetent, previousDetent
}

/// Fields a host `update` may change; nil leaves a field as it is.
public struct PresentationUpdate: Sendable, Hashable {
    public var unsavedChanges: Bool?
    public var contentOffset: Double?
    public var selectedDetent: Detent?
    public var dismissible: Bool?

    public init(unsavedChanges: Bool? = nil, contentOffset: Double? = nil, selectedDetent: Detent? = nil, dismissible: Bool? = nil) {
        self.unsavedChanges = unsavedChanges
        self.contentOffset = contentOffset
        self.selectedDetent = selectedDetent
        self.dismissible = dismissible
    }
}

/// A command from the host (SPEC section 7).
public enum HostCommand: Sendable, Hashable {
    /// Replace the whole scene.
    case scene(Scene)
    /// Push a presentation on top of the stack.
    case present(Presentation)
    /// Remove a presentation (the host closed it itself).
    case remove(presentation: String)
    case update(presentation: String, PresentationUpdate)
    case confirm(presentation: String, ConfirmationChoice)
    case button(presentation: String, ButtonRole)
    case accessibility(presentation: String, AccessibilityAction)
    /// A programmatic dismissal request from the host.
    case dismiss(presentation: String)
}

/// A host command delivered at a given time of a replayed recording.
public struct TimedCommand: Sendable, Hashable {
    /// Microseconds on the recording's clock.
    public var time: Int64
    public var command: HostCommand
    /// The line of the scene file the command came from (0 when it has none).
    public var line: Int

    public init(time: Int64, command: HostCommand, line: Int = 0) {
        self.time = time
        self.command = command
        self.line = line
    }
}
