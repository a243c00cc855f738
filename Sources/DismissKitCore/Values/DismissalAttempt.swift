/// Where a dismissal attempt came from (SPEC section 5).
public enum DismissalSource: String, Sendable, Hashable, CaseIterable {
    case swipeFromTop, swipeScrolledContent, grabberDrag, tapOutside
    case escapeKey, cancelButton, doneButton, accessibilityEscape, programmatic
    /// The scene's idle rule, at its deadline (SPEC section 11).
    case idle
}

/// A request to dismiss a presentation, before the policy has judged it.
public struct DismissalAttempt: Sendable, Hashable {
    public var time: Int64
    public var presentation: PresentationID
    public var source: DismissalSource

    public init(time: Int64, presentation: PresentationID, source: DismissalSource) {
        self.time = time
        self.presentation = presentation
        self.source = source
    }
}
