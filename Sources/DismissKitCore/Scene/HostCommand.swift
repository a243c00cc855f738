/// A button of a presentation that closes it.
public enum ButtonRole: String, Sendable, Hashable, CaseIterable {
    case cancel, done
}

/// An accessibility action aimed at a presentation.
public enum AccessibilityAction: String, Sendable, Hashable, CaseIterable {
    case escape, nextDetent, previousDetent
}

/// A key a host that owns the keyboard (a compositor, say) reports.
public enum HostKey: String, Sendable, Hashable, CaseIterable {
    case escape
}

/// The fields a host `update` changes: every presentation field but `id`; nil leaves a field
/// as it is. For the fields that may be absent from a presentation (`tapOutside`, `frame`,
/// `anchor`), `.some(nil)` removes the value (JSON `null`).
public struct PresentationUpdate: Sendable, Hashable {
    public var style: PresentationStyle?
    public var detents: [Detent]?
    public var selectedDetent: Detent?
    public var grabber: Bool?
    public var headerHeight: Double?
    public var contentOffset: Double?
    public var modal: Bool?
    public var unsavedChanges: Bool?
    public var dismissible: Bool?
    public var tapOutside: TapOutsideAction??
    public var frame: Rect??
    public var anchor: Rect??
    public var passthrough: [Rect]?

    public init(unsavedChanges: Bool? = nil, contentOffset: Double? = nil, selectedDetent: Detent? = nil, dismissible: Bool? = nil) {
        self.unsavedChanges = unsavedChanges
        self.contentOffset = contentOffset
        self.selectedDetent = selectedDetent
        self.dismissible = dismissible
    }

    /// `presentation` with these fields changed.
    ///
    /// When the detents change and no `selectedDetent` is given, the selected detent stays if it
    /// is still one of them, and becomes the last of the new detents otherwise.
    public func applied(to presentation: Presentation) -> Presentation {
        var result = presentation
        if let style { result.style = style }
        if let detents {
            result.detents = detents
            if selectedDetent == nil && !detents.contains(result.selectedDetent) {
                result.selectedDetent = detents.last ?? .large
            }
        }
        if let selectedDetent { result.selectedDetent = selectedDetent }
        if let grabber { result.grabber = grabber }
        if let headerHeight { result.headerHeight = headerHeight }
        if let contentOffset { result.contentOffset = contentOffset }
        if let modal { result.modal = modal }
        if let unsavedChanges { result.unsavedChanges = unsavedChanges }
        if let dismissible { result.dismissible = dismissible }
        if let tapOutside { result.tapOutside = tapOutside }
        if let frame { result.frame = frame }
        if let anchor { result.anchor = anchor }
        if let passthrough { result.passthrough = passthrough }
        return result
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
    /// A key the host read itself: Escape is the same as Escape from a libinput keyboard.
    case key(HostKey)
    /// The window was resized, or the display rotated or rescaled (SPEC section 7): a gesture in
    /// progress is cancelled, everything else is kept, and the new width judges from then on.
    case screen(ScreenSize)
    /// The on-screen keyboard docked at the bottom is `height` points tall, 0 when hidden
    /// (SPEC section 10): the room for presentations changes, and nothing is cancelled.
    case keyboard(height: Double)
    /// The host's clock (SPEC 11.2): the only event that is no activity, and the only one that can
    /// find the kiosk idle.
    case tick
}

/// A host command the pipeline could not apply; the pipeline is unchanged.
public struct HostCommandError: Error, Sendable, Hashable, CustomStringConvertible {
    public var reason: String
    public init(reason: String) { self.reason = reason }
    public var description: String { reason }
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
