/// How a presentation behaves once adaptivity has been applied (SPEC section 3).
public enum PresentationRole: String, Sendable, Hashable, CaseIterable {
    /// Bottom-anchored and swipeable: the sheet styles, and in a compact width also popovers and current-context presentations.
    case sheet
    /// A popover in a regular width.
    case popover
    case fullScreen
    case alert
}

extension Scene {
    /// Whether the screen is narrower than ``compactWidth``.
    public var isCompact: Bool { screen.width < compactWidth }

    /// The presentation with `id`, or nil when it is not in the stack.
    public func presentation(withID id: String) -> Presentation? {
        presentations.first { $0.id == id }
    }

    /// The role `presentation` plays on this screen: a popover or current-context
    /// presentation in a compact width is handled as a sheet.
    public func role(of presentation: Presentation) -> PresentationRole {
        switch presentation.style {
        case .sheet, .pageSheet, .formSheet, .automatic, .currentContext: .sheet
        case .popover: isCompact ? .sheet : .popover
        case .fullScreen: .fullScreen
        case .alert: .alert
        }
    }

    /// What a tap outside `presentation` does here: the per-presentation override
    /// when one is given, otherwise the default of its role.
    ///
    /// Defaults: a modal sheet dismisses in a regular width and ignores the tap in a
    /// compact one; a non-modal sheet passes the tap to the content below (it
    /// dismisses nothing); a non-modal popover dismisses; a modal popover, a full-screen
    /// presentation and an alert ignore it. An alert always ignores it, override or not.
    public func tapOutsideAction(of presentation: Presentation) -> TapOutsideAction {
        let role = role(of: presentation)
        if role == .alert { return .ignore }
        if let override = presentation.tapOutside { return override }
        switch role {
        case .sheet:
            if !presentation.modal { return .passthrough }
            return isCompact ? .ignore : .dismiss
        case .popover:
            return presentation.modal ? .ignore : .dismiss
        case .fullScreen, .alert:
            return .ignore
        }
    }
}
