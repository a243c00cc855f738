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
    /// The on-screen keyboard showed while the sheet was below its largest detent (SPEC 10.4).
    case keyboard
}

/// Why the pipeline asks the host to hide the on-screen keyboard (SPEC 10.5): the keyboard goes
/// before anything the user would otherwise see under it.
public enum KeyboardHidingReason: String, Sendable, Hashable, CaseIterable {
    /// A drag of the topmost sheet began.
    case drag
    /// A confirmation is about to be asked.
    case question
    /// Escape was pressed: it hides the keyboard and attempts nothing.
    case escapeKey

    /// The rule that asked, in words (`--explain`).
    public var rule: String {
        switch self {
        case .drag: "the keyboard goes first: a drag of the topmost sheet hides it as it begins"
        case .question: "the keyboard goes first: a question is never asked under it"
        case .escapeKey: "the keyboard goes first: Escape hides it and attempts nothing"
        }
    }
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
