/// How long the kiosk has gone unused, on the times the events carry (SPEC section 11): the core
/// keeps no clock of its own, so only a `tick` can find the kiosk idle.
///
/// An idle period starts at each activity (any touch, key or host command but `tick`) and ends
/// at the next one. Within it, the warning comes once, with the first tick at or after
/// `after − warning`, and the reset once, with the first tick at or after the deadline. The clock
/// starts at the pipeline's first event, whatever it is: a pipeline has no time before it.
struct IdleClock: Sendable {
    /// The time of the latest activity, or of the first event; nil before any event.
    private(set) var lastActivity: Int64?
    /// The deadline this idle period's warning announced, or nil before the warning.
    private(set) var warnedDeadline: Int64?
    /// Whether this idle period's deadline was met: the reset was done, or stopped at work the
    /// rule keeps. Nothing more happens until the next activity.
    private(set) var isSpent = false

    /// What a tick finds: the idle period's figures, and what to do now.
    struct Step {
        var lastActivity: Int64
        var deadline: Int64
        /// Whether the warning is given now.
        var warns: Bool
        /// Whether the deadline is met: the reset follows the warning.
        var resets: Bool
    }

    /// Activity at `time`: a new idle period starts. Returns the figures of the one it ends
    /// when that one's warning was given and its deadline not met (`idleCancelled`).
    @inline(__always)
    mutating func activity(at time: Int64) -> (lastActivity: Int64, deadline: Int64)? {
        var cancelled: (Int64, Int64)?
        if let warnedDeadline, let lastActivity, !isSpent { cancelled = (lastActivity, warnedDeadline) }
        lastActivity = time
        warnedDeadline = nil
        isSpent = false
        return cancelled
    }

    /// A tick at `time`: what it finds, or nil for nothing. `canReset`: whether something is
    /// presented and no finger is down (SPEC 11.3 and 11.5).
    mutating func tick(at time: Int64, under rule: IdleRule?, canReset: Bool) -> Step? {
        guard let lastActivity else {
            self.lastActivity = time
            return nil
        }
        guard let rule, canReset, !isSpent else { return nil }
        let deadline = lastActivity + rule.after
        guard time >= deadline - rule.warning else { return nil }
        let step = Step(lastActivity: lastActivity, deadline: deadline, warns: warnedDeadline == nil, resets: time >= deadline)
        guard step.warns || step.resets else { return nil }
        warnedDeadline = deadline
        isSpent = step.resets
        return step
    }

    /// The time of the next tick that finds something under `rule`, or nil when none would. Before
    /// the first event it is the earliest time there is: the first tick starts the clock.
    func nextTick(under rule: IdleRule?, canReset: Bool) -> Int64? {
        guard let rule, canReset, !isSpent else { return nil }
        guard let lastActivity else { return -InputLimits.largestTime }
        let deadline = lastActivity + rule.after
        return warnedDeadline == nil ? deadline - rule.warning : deadline
    }
}
