import DismissKit

/// Where everything goes, in SVG pixels.
struct PlotLayout {
    static let width = 1000.0

    struct Band {
        var top: Double
        var height: Double
    }

    /// Points to pixels on the screen picture.
    let scale: Double
    /// The screen picture.
    let screen: Rect
    /// The left and right edges of the timeline's panels.
    static let plotLeft = 90.0, plotRight = 980.0
    var plotLeft: Double { Self.plotLeft }
    var plotRight: Double { Self.plotRight }
    let offsetPanel: Band
    let velocityPanel: Band
    let eventsLane: Band
    /// One row per touch: the small multiples that keep many touches apart.
    let touchesLane: Band
    let tapsLane: Band
    static let touchRowHeight = 14.0
    let height: Double
    /// The start and the end of the time axis, whole numbers of ticks.
    let startMilliseconds: Double
    let endMilliseconds: Double
    let tickStepMilliseconds: Double
    /// The stretches of the time axis drawn to one scale, in ms and px; between two, a gap in
    /// which nothing happened is drawn ``gapWidth`` wide.
    let segments: [TimeSegment]
    static let gapWidth = 26.0

    struct TimeSegment {
        var start: Double
        var end: Double
        var left: Double
        var right: Double
    }

    /// `activity`: when something happened (µs), each an instant or a stretch; a longer stretch
    /// of nothing is drawn as a gap.
    /// `touches`: how many rows the touches lane holds. Without a sheet drag the offset and
    /// velocity panels fold into one line, and without a tap decision the taps lane does.
    init(scene: Scene, startTime: Int64 = 0, endTime: Int64, activity: [ClosedRange<Int64>] = [], touches: Int = 0,
         sheetDragged: Bool = true, tapsDecided: Bool = true) {
        let screenSize = scene.screen
        scale = min(620 / max(screenSize.width, 1), 440 / max(screenSize.height, 1))
        screen = Rect(x: 20, y: 44, width: screenSize.width * scale, height: screenSize.height * scale)
        let timelineTop = screen.y + screen.height + 44
        offsetPanel = Band(top: timelineTop, height: sheetDragged ? 200 : 0)
        velocityPanel = sheetDragged ? Band(top: offsetPanel.top + offsetPanel.height + 26, height: 100) : offsetPanel
        eventsLane = Band(top: velocityPanel.top + velocityPanel.height + 26, height: 112)
        touchesLane = Band(top: eventsLane.top + eventsLane.height + 26, height: Double(max(touches, 1)) * Self.touchRowHeight + 8)
        tapsLane = Band(top: touchesLane.top + touchesLane.height + 26, height: tapsDecided ? 52 : 0)
        height = (tapsLane.top + tapsLane.height + 54).rounded(.up)
        let start = Double(startTime) / 1000
        let end = max(Double(endTime) / 1000, start + 1)
        // The gaps: stretches of nothing longer than a tenth of the whole (at most 1 s, at least 100 ms).
        let shortest = max(min((end - start) / 10, 1000), 100)
        var gaps: [(start: Double, end: Double)] = []
        var reached = start
        // Only what happened within the axis counts (a window drawn of a longer recording).
        let within = activity.filter { $0.upperBound >= startTime && $0.lowerBound <= endTime }
        for span in within.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            let from = max(Double(span.lowerBound) / 1000, start), to = min(Double(span.upperBound) / 1000, end)
            if from - reached > shortest { gaps.append((reached + shortest / 4, from - shortest / 4)) }
            reached = max(reached, to)
        }
        if end - reached > shortest && !within.isEmpty { gaps.append((reached + shortest / 4, end)) }
        let shown = (end - start) - gaps.reduce(0) { $0 + $1.end - $1.start }
        let step = [0.1, 0.2, 0.5, 1.0, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000]
            .first { shown / $0 <= 10 } ?? (shown / 10).rounded(.up)
        tickStepMilliseconds = step
        let axisStart: Double, axisEnd: Double
        if gaps.isEmpty {
            axisStart = (start / step).rounded(.down) * step
            axisEnd = max((end / step).rounded(.up), (start / step).rounded(.down) + 1) * step
        } else {
            axisStart = start
            axisEnd = gaps.last.map { $0.end >= end ? end : (end / step).rounded(.up) * step } ?? end
        }
        startMilliseconds = axisStart
        endMilliseconds = axisEnd
        // Each stretch between gaps gets its share of the width left after the gaps.
        var bounds: [(start: Double, end: Double)] = []
        var from = axisStart
        for gap in gaps {
            bounds.append((from, gap.start))
            from = gap.end
        }
        if from < axisEnd { bounds.append((from, axisEnd)) }
        let total = bounds.reduce(0) { $0 + $1.end - $1.start }
        let trailingGap = gaps.last.map { $0.end >= axisEnd } ?? false
        let gapCount = Double(bounds.count - 1 + (trailingGap ? 1 : 0))
        let pixels = (Self.plotRight - Self.plotLeft) - Self.gapWidth * gapCount
        var left = Self.plotLeft
        var segments: [TimeSegment] = []
        for bound in bounds {
            let width = total > 0 ? (bound.end - bound.start) / total * pixels : pixels
            segments.append(TimeSegment(start: bound.start, end: bound.end, left: left, right: left + width))
            left += width + Self.gapWidth
        }
        if trailingGap, let last = segments.last {
            // Nothing happened after the last segment: its gap runs to the end of the axis.
            segments.append(TimeSegment(start: axisEnd, end: axisEnd, left: last.right + Self.gapWidth, right: last.right + Self.gapWidth))
        }
        self.segments = segments
    }

    /// Where a time (ms) is on the time axis: in a segment to its scale, in a gap pro rata.
    func x(milliseconds: Double) -> Double {
        guard let first = segments.first else { return plotLeft }
        if milliseconds <= first.start || segments.count == 1 {
            let scale = first.end > first.start ? (first.right - first.left) / (first.end - first.start) : 0
            return first.left + (milliseconds - first.start) * scale
        }
        // The first segment that ends at or after the time (else the last), found by halving.
        var (index, high) = (0, segments.count - 1)
        while index < high {
            let middle = (index + high) / 2
            if milliseconds <= segments[middle].end { high = middle } else { index = middle + 1 }
        }
        let segment = segments[index]
        if milliseconds >= segment.start {
            let scale = segment.end > segment.start ? (segment.right - segment.left) / (segment.end - segment.start) : 0
            return segment.left + (milliseconds - segment.start) * scale
        }
        let before = segments[index - 1]
        return before.right + (milliseconds - before.end) / (segment.start - before.end) * (segment.left - before.right)
    }

    func x(time: Int64) -> Double { x(milliseconds: Double(time) / 1000) }

    func onScreen(x: Double, y: Double) -> (x: Double, y: Double) {
        (screen.x + x * scale, screen.y + y * scale)
    }

    func onScreen(_ rect: Rect) -> Rect {
        Rect(x: screen.x + rect.x * scale, y: screen.y + rect.y * scale, width: rect.width * scale, height: rect.height * scale)
    }
}

/// A value axis over a band: `downward` puts larger values lower (offsets, as the sheet moves).
struct ValueScale {
    let low: Double
    let high: Double
    let top: Double
    let height: Double
    let downward: Bool

    init(values: [Double], top: Double, height: Double, downward: Bool) {
        let finite = values.filter { $0.isFinite }
        let low = finite.min() ?? 0, high = finite.max() ?? 0
        let pad = max((high - low) * 0.06, 1)
        self.low = low - (low < 0 ? pad : 0)
        self.high = high + pad
        self.top = top
        self.height = height
        self.downward = downward
    }

    /// Round values from `low` to `high`, about five of them, 0 among them.
    var ticks: [Double] {
        let wanted = (high - low) / 5
        var step = 1.0
        while step * 10 <= wanted { step *= 10 }
        while step > wanted && step > 1e-6 { step /= 10 }
        step = [1.0, 2, 5, 10].map { $0 * step }.first { $0 >= wanted } ?? step * 10
        var ticks: [Double] = []
        var value = (low / step).rounded(.up) * step
        while value <= high + step * 1e-9 {
            ticks.append(value + 0)
            value += step
        }
        return ticks
    }

    func y(_ value: Double) -> Double {
        let clamped = min(max(value.isFinite ? value : 0, low), high)
        let fraction = (clamped - low) / (high - low)
        return downward ? top + fraction * height : top + height - fraction * height
    }
}
