/// Where a sheet drag started.
public enum DragOrigin: String, Sendable, Hashable, CaseIterable {
    case topRegion, scrolledContent, grabber
}

/// How a sheet drag ended.
public enum DragOutcome: String, Sendable, Hashable, CaseIterable {
    case dismissAttempt, settle, cancel
}

/// A height a sheet can rest at.
public enum Detent: Sendable, Hashable {
    /// Half of large.
    case medium
    /// The screen height minus the top inset.
    case large
    /// A custom height in points.
    case custom(Double)
}

/// Why a sheet changed detent.
public enum DetentCause: String, Sendable, Hashable, CaseIterable {
    case grabberTap, grabberDrag, swipe, scrollExpand, accessibility
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
