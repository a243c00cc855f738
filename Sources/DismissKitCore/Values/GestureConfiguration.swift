/// The thresholds of the gesture recogniser (SPEC section 4), all configurable.
///
/// Distances are physical (millimetres) and converted to points with the scene's
/// `ScreenSize.pointsPerMillimetre`, so a gesture feels the same on any screen density.
/// Durations are microseconds, like every time in the pipeline.
public struct GestureConfiguration: Sendable, Hashable {
    /// How far a contact may move before it is a drag rather than a tap (default 2 mm).
    public var slopMM: Double
    /// The longest a tap may last, in microseconds (default 400 ms).
    public var tapMaxDuration: Int64
    /// How far back the release velocity looks, in microseconds (default 100 ms).
    public var velocityWindow: Int64
    /// A finger that rested longer than this before lifting releases with zero velocity (default 40 ms).
    public var restCutoff: Int64
    /// The sheet's deceleration per millisecond used to project a release (default 0.998).
    ///
    /// Values outside `0 ..< 1` project no travel at all.
    public var decelerationPerMillisecond: Double
    /// A release dismisses when the sheet would come to rest with less than this fraction of its smallest detent left (default 0.5): one rule for every origin (SPEC 4.6).
    public var dismissFraction: Double
    /// The rubber band coefficient `c` of `d = c·x·D / (D + c·x)` (default 0.55).
    public var rubberBandCoefficient: Double
    /// The smallest side of the grabber's hit target in points (default 44).
    public var grabberHitTargetMinimumPoints: Double
    /// The smallest side of the grabber's hit target in millimetres (default 7).
    public var grabberHitTargetMinimumMM: Double

    public init(
        slopMM: Double = 2,
        tapMaxDuration: Int64 = 400_000,
        velocityWindow: Int64 = 100_000,
        restCutoff: Int64 = 40_000,
        decelerationPerMillisecond: Double = 0.998,
        dismissFraction: Double = 0.5,
        rubberBandCoefficient: Double = 0.55,
        grabberHitTargetMinimumPoints: Double = 44,
        grabberHitTargetMinimumMM: Double = 7
    ) {
        self.slopMM = slopMM
        self.tapMaxDuration = tapMaxDuration
        self.velocityWindow = velocityWindow
        self.restCutoff = restCutoff
        self.decelerationPerMillisecond = decelerationPerMillisecond
        self.dismissFraction = dismissFraction
        self.rubberBandCoefficient = rubberBandCoefficient
        self.grabberHitTargetMinimumPoints = grabberHitTargetMinimumPoints
        self.grabberHitTargetMinimumMM = grabberHitTargetMinimumMM
    }

    /// The milliseconds of travel a release velocity projects: `r / (1 − r)` (499 ms by default).
    public var projectionMilliseconds: Double {
        let r = decelerationPerMillisecond
        return r > 0 && r < 1 ? r / (1 - r) : 0
    }

    /// The rubber band: how far the sheet moves, `c·x·D / (D + c·x)`, for `x` points of finger travel past a limit.
    ///
    /// `x` is the distance past the limit (non-negative) and `D` the sheet's height.
    public func rubberBand(_ x: Double, sheetHeight: Double) -> Double {
        let stretched = rubberBandCoefficient * x
        let denominator = sheetHeight + stretched
        return denominator > 0 ? stretched * sheetHeight / denominator : 0
    }
}
