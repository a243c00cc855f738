/// What an idle reset does with a presentation that holds unsaved work (SPEC 11.1). There is no
/// default: the operator chooses between privacy and drafts.
public enum IdleUnsavedRule: String, Sendable, Hashable, CaseIterable {
    /// The work is saved, then the presentation dismissed (`saved`).
    case save
    /// The work is discarded with the presentation (`discarded`).
    case discard
    /// Nothing unsaved goes: the reset stops there and asks the question instead.
    case keep
}

/// The scene's idle rule (SPEC section 11): after `after` microseconds without activity, the
/// kiosk goes back to its start screen, the last `warning` of them announced by `idleWarning`.
public struct IdleRule: Sendable, Hashable {
    /// Microseconds from the last activity to the reset.
    public var after: Int64
    /// Microseconds before the reset that the warning comes.
    public var warning: Int64
    public var unsaved: IdleUnsavedRule

    public init(after: Int64, warning: Int64, unsaved: IdleUnsavedRule) {
        self.after = after
        self.warning = warning
        self.unsaved = unsaved
    }

    /// The longest `after`, 2⁵³ µs like the latest time an event may carry: a deadline then never
    /// overflows.
    public static let longest: Int64 = 1 << 53

    /// What is wrong with the rule, or nil (SPEC 11.1: `after` > `warning` >= 0).
    public var problem: String? {
        if warning < 0 { return "idle.warning \(warning) must be 0 or more microseconds" }
        if after > Self.longest { return "idle.after \(after) must be at most \(Self.longest) microseconds" }
        if after <= warning { return "idle.after (\(after) µs) must be longer than idle.warning (\(warning) µs)" }
        return nil
    }
}
