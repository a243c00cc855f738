/// The recent vertical positions of a dragging finger, and their least-squares velocity.
///
/// A fixed ring of samples stored inline, with running sums of the fit kept up to date as samples
/// enter and leave the window: pushing and asking for the velocity never allocate and cost the
/// same whatever the sampling rate. When more samples arrive within the window than the ring
/// holds, the oldest are forgotten.
struct VelocityTracker: Sendable {
    /// How many samples the ring holds (100 ms at up to 640 Hz).
    static let capacity = 64
    private static let mask = capacity - 1
    /// How far the newest sample may drift from the time origin of the sums before they are rebuilt.
    private static let rebaseAfter: Int64 = 1_000_000

    private var times = InlineArray<64, Int64>(repeating: 0)
    /// Each sample's time in milliseconds after ``base``, as the sums hold it (kept, so that a
    /// sample leaves the sums without being converted again).
    private var elapsed = InlineArray<64, Double>(repeating: 0)
    private var offsets = InlineArray<64, Double>(repeating: 0)
    /// The index of the oldest sample.
    private var oldest = 0
    private(set) var count = 0
    /// The time the finger last moved vertically.
    private(set) var lastMovementTime: Int64 = 0
    /// The time origin of the sums, so that the squares stay small.
    private var base: Int64 = 0
    private var sumT = 0.0
    private var sumY = 0.0
    private var sumTT = 0.0
    private var sumTY = 0.0

    /// Forgets every sample.
    mutating func reset() {
        oldest = 0
        count = 0
        lastMovementTime = 0
        base = 0
        sumT = 0
        sumY = 0
        sumTT = 0
        sumTY = 0
    }

    /// Records the finger's offset (points, down positive) at `time` (microseconds, never decreasing).
    ///
    /// The ring's arithmetic wraps (`&+`): its indices are masked, and times are bounded by
    /// ``InputLimits/largestTime``, so no overflow check is needed on the hottest path.
    @inline(__always)
    mutating func push(time: Int64, offset: Double) {
        if count == 0 {
            lastMovementTime = time
            base = time
        } else if offsets[(oldest &+ count &- 1) & Self.mask] != offset {
            lastMovementTime = time
        }
        if count == Self.capacity { dropOldest() }
        let index = (oldest &+ count) & Self.mask
        times[index] = time
        offsets[index] = offset
        count &+= 1
        let sinceBase = time &- base
        if sinceBase > Self.rebaseAfter {
            rebuildSums()
        } else {
            let t = Self.milliseconds(sinceBase)
            elapsed[index] = t
            sumT += t
            sumY += offset
            sumTT += t * t
            sumTY += t * offset
        }
    }

    /// The velocity in points per millisecond at `now` (never earlier than the newest sample).
    ///
    /// A least-squares fit over the samples no older than `window`; zero when the finger has not
    /// moved for longer than `restCutoff`, or when fewer than two distinct times remain. Samples
    /// older than the window are forgotten, so `now` must not go back in time.
    @inline(__always)
    mutating func velocity(at now: Int64, window: Int64, restCutoff: Int64) -> Double {
        let oldestAllowed = now &- window
        while count > 0 && times[oldest] < oldestAllowed { dropOldest() }
        guard count >= 2, now &- lastMovementTime <= restCutoff else { return 0 }
        let n = Double(count)
        let spread = n * sumTT - sumT * sumT
        guard spread > 1e-9 * n * n else { return 0 }
        return (n * sumTY - sumT * sumY) / spread
    }

    @inline(__always)
    private mutating func dropOldest() {
        let t = elapsed[oldest]
        let offset = offsets[oldest]
        oldest = (oldest &+ 1) & Self.mask
        count &-= 1
        if count == 0 {
            sumT = 0
            sumY = 0
            sumTT = 0
            sumTY = 0
        } else {
            sumT -= t
            sumY -= offset
            sumTT -= t * t
            sumTY -= t * offset
        }
    }

    @inline(__always)
    private static func milliseconds(_ microseconds: Int64) -> Double {
        Double(microseconds) / 1000
    }

    /// Moves the time origin to the oldest sample and sums every sample afresh.
    private mutating func rebuildSums() {
        base = times[oldest]
        sumT = 0
        sumY = 0
        sumTT = 0
        sumTY = 0
        for position in 0..<count {
            let index = (oldest + position) & Self.mask
            let t = Self.milliseconds(times[index] - base)
            elapsed[index] = t
            sumT += t
            sumY += offsets[index]
            sumTT += t * t
            sumTY += t * offsets[index]
        }
    }
}
