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

    /// Whether `presentation` is shown as a sheet because the width is compact
    /// (a popover or current-context presentation): a modal sheet at the large detent.
    public func isAdapted(_ presentation: Presentation) -> Bool {
        switch presentation.style {
        case .popover, .currentContext: isCompact
        case .sheet, .pageSheet, .formSheet, .automatic, .fullScreen, .alert: false
        }
    }

    /// Whether `presentation` is a non-modal sheet: touches outside it belong to the
    /// parent, undimmed, and dismiss nothing.
    public func isNonModalSheet(_ presentation: Presentation) -> Bool {
        role(of: presentation) == .sheet && !presentation.modal && !isAdapted(presentation)
    }

    /// What a tap outside `presentation` does here: the per-presentation override
    /// when one is given, otherwise the default of its role.
    ///
    /// Defaults: a modal sheet dismisses in a regular width and ignores the tap in a
    /// compact one (an adapted popover or current-context presentation is a modal
    /// sheet); a non-modal popover dismisses; a modal popover, a full-screen
    /// presentation and an alert ignore it. Alerts, full-screen presentations and
    /// non-modal sheets always ignore it: the first two have nothing outside them, and
    /// touches outside a non-modal sheet belong to the parent (a scene that gives them an
    /// override does not validate).
    public func tapOutsideAction(of presentation: Presentation) -> TapOutsideAction {
        let role = role(of: presentation)
        if role == .alert || role == .fullScreen || isNonModalSheet(presentation) { return .ignore }
        if let override = presentation.tapOutside { return override }
        switch role {
        case .sheet:
            return isCompact ? .ignore : .dismiss
        case .popover:
            return presentation.modal ? .ignore : .dismiss
        case .fullScreen, .alert:
            return .ignore
        }
    }
}
