/// Where a dismissal attempt came from (SPEC section 5).
public enum DismissalSource: String, Sendable, Hashable, CaseIterable {
    case swipeFromTop, swipeScrolledContent, grabberDrag, tapOutside
    case escapeKey, cancelButton, doneButton, accessibilityEscape, programmatic
}

/// A request to dismiss a presentation, before the policy has judged it.
public struct DismissalAttempt: Sendable, Hashable {
    public var time: Int64
    public var presentation: String
    public var source: DismissalSource

    public init(time: Int64, presentation: String, source: DismissalSource) {
        self.time = time
        self.presentation = presentation
        self.source = source
    }
}

/// Where a sheet drag started.
public enum DragOrigin: String, Sendable, Hashable {
    case topRegion, scrolledContent, grabber
}

/// How a sheet drag ended.
public enum DragOutcome: String, Sendable, Hashable {
    case dismissAttempt, settle, cancel
}

/// Why a sheet changed detent.
public enum DetentCause: String, Sendable, Hashable {
    case grabberTap, grabberDrag, swipe, scrollExpand, accessibility
}

/// How a dismissal was resolved.
public enum DismissResolution: String, Sendable, Hashable {
    case direct, discarded, saved, autosaved
}

/// The figures behind a decision, printed with `--explain`.
public struct Explanation: Sendable, Hashable {
    /// Where the sheet would come to rest, in points below its detent.
    public var projectedOffset: Double
    /// The offset beyond which the release dismisses.
    public var threshold: Double
    /// The release velocity, points per second (down is positive).
    public var velocity: Double
    /// `projectedOffset - threshold`: positive dismisses.
    public var margin: Double

    public init(projectedOffset: Double, threshold: Double, velocity: Double, margin: Double) {
        self.projectedOffset = projectedOffset
        self.threshold = threshold
        self.velocity = velocity
        self.margin = margin
    }
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
