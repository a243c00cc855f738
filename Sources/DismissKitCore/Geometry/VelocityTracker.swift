/// A sheet's speed along its axis, positive downwards: the recogniser projects in points per
/// millisecond (its deceleration is per millisecond) and reports points per second.
struct SheetVelocity: Sendable {
    var pointsPerMillisecond: Double

    static let zero = SheetVelocity(pointsPerMillisecond: 0)

    /// The unit of intents and `--explain` figures.
    var pointsPerSecond: Double { pointsPerMillisecond * 1000 }
}

/// The recent vertical positions of a dragging finger, and their least-squares velocity.
///
/// A fixed ring of samples stored inline, with running sums of the fit kept up to date as samples
/// enter and leave the window: pushing and asking for the velocity never allocate and cost the
/// same whatever the sampling rate. When more samples arrive within the window than the ring
/// holds, the oldest are forgotten.
///
/// The sums hold times as whole microseconds after ``base``, so a push divides nothing; while
/// the samples span at most about a second (the default window is 100 ms), the time sums and the
/// spread of the fit are integers below 2⁵³, so exact.
struct VelocityTracker: Sendable {
    /// How many samples the ring holds (100 ms at up to 640 Hz).
    static let capacity = 64
    private static let mask = capacity - 1
    /// How far the newest sample may drift from the time origin of the sums before they are
    /// rebuilt: a second, so that 64 squared times stay exact.
    private static let rebaseAfter: Int64 = 1_000_000

    private var times = InlineArray<64, Int64>(repeating: 0)
    private var offsets = InlineArray<64, Double>(repeating: 0)
    /// The index of the oldest sample.
    private var oldest = 0
    private(set) var count = 0
    /// The offset of the newest sample.
    private var newestOffset = 0.0
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
        } else if newestOffset != offset {
            lastMovementTime = time
        }
        if count == Self.capacity { dropOldest() }
        let index = (oldest &+ count) & Self.mask
        times[index] = time
        offsets[index] = offset
        newestOffset = offset
        count &+= 1
        let sinceBase = time &- base
        if sinceBase > Self.rebaseAfter {
            rebuildSums()
        } else {
            add(Double(sinceBase), offset)
        }
    }

    /// The velocity at `now` (never earlier than the newest sample).
    ///
    /// A least-squares fit over the samples no older than `window`; zero when the finger has not
    /// moved for longer than `restCutoff`, or when fewer than two distinct times remain. Samples
    /// older than the window are forgotten, so `now` must not go back in time.
    @inline(__always)
    mutating func velocity(at now: Int64, window: Int64, restCutoff: Int64) -> SheetVelocity {
        let oldestAllowed = now &- window
        while count > 0 && times[oldest & Self.mask] < oldestAllowed { dropOldest() }
        guard count >= 2, now &- lastMovementTime <= restCutoff else { return .zero }
        let n = Double(count)
        let spread = n * sumTT - sumT * sumT
        // 1e-9 ms², in µs²: distinct times give a spread of at least n − 1.
        guard spread > 1e-3 * n * n else { return .zero }
        // Points per microsecond, times 1,000.
        return SheetVelocity(pointsPerMillisecond: (n * sumTY - sumT * sumY) * 1000 / spread)
    }

    @inline(__always)
    private mutating func add(_ t: Double, _ offset: Double) {
        sumT += t
        sumY += offset
        sumTT += t * t
        sumTY += t * offset
    }

    @inline(__always)
    private mutating func dropOldest() {
        let index = oldest & Self.mask
        let t = Double(times[index] &- base)
        let offset = offsets[index]
        oldest = (index &+ 1) & Self.mask
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

    /// Moves the time origin to the oldest sample and sums every sample afresh.
    private mutating func rebuildSums() {
        base = times[oldest & Self.mask]
        sumT = 0
        sumY = 0
        sumTT = 0
        sumTY = 0
        for position in 0..<count {
            let index = (oldest &+ position) & Self.mask
            add(Double(times[index] &- base), offsets[index])
        }
    }
}
