/// How a dismissal was resolved.
public enum DismissResolution: String, Sendable, Hashable {
    case direct, discarded, saved, autosaved
}

/// An output of the pipeline (SPEC section 6).
public struct Intent: Sendable, Hashable {
    /// The intent types and their fields.
    public enum Kind: Sendable, Hashable {
        case dragBegan(presentation: String, origin: DragOrigin)
        /// `offset`: points the sheet moved down from its detent, after resistance; `velocity`: points/s.
        case dragChanged(presentation: String, offset: Double, velocity: Double)
        case dragEnded(presentation: String, outcome: DragOutcome, detent: Detent)
        case setDetent(presentation: String, detent: Detent, cause: DetentCause)
        case passthroughTap(x: Double, y: Double)
        case confirmationRequested(presentation: String, source: DismissalSource, options: [ConfirmationChoice])
        case save(presentation: String)
        case dismiss(presentation: String, source: DismissalSource, resolution: DismissResolution)
        case cancelled(presentation: String)
        case rejected(presentation: String, source: DismissalSource, reason: String)
    }

    /// Microseconds of the event that caused it.
    public var time: Int64
    public var kind: Kind
    /// The figures behind the decision, when it came from a release.
    public var explanation: Explanation?

    public init(time: Int64, kind: Kind, explanation: Explanation? = nil) {
        self.time = time
        self.kind = kind
        self.explanation = explanation
    }
}
