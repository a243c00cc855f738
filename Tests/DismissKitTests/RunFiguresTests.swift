import DismissKitService
import Testing

/// The latency histogram of `gesturectl run --figures`: exact below 64 µs, then within 1.6 %.
@Suite struct RunFiguresTests {
    @Test func smallValuesAreExact() {
        var histogram = LatencyHistogram()
        for value in 1...10 { histogram.record(Int64(value)) }
        #expect(histogram.count == 10)
        #expect(histogram.percentile(0.5) == 5)
        #expect(histogram.percentile(0.99) == 10)
        #expect(histogram.percentile(1) == 10)
        #expect(histogram.percentile(0.01) == 1)
    }

    @Test func largeValuesAreWithinTheBucketWidth() {
        for value: Int64 in [64, 65, 127, 128, 1000, 4321, 99_999, 1_234_567, 987_654_321] {
            var histogram = LatencyHistogram()
            histogram.record(value)
            let found = Double(histogram.percentile(0.5) ?? 0)
            #expect(abs(found - Double(value)) <= Double(value) / 64, "\(value) read as \(found)")
        }
    }

    @Test func percentilesRankTheValues() {
        var histogram = LatencyHistogram()
        for _ in 0..<97 { histogram.record(500) }
        histogram.record(20_000)
        histogram.record(20_000)
        histogram.record(-3)  // a clock read before the event's stamp counts as 0
        #expect(histogram.percentile(0.5).map { abs($0 - 500) <= 8 } == true)
        #expect(histogram.percentile(0.99).map { abs($0 - 20_000) <= 313 } == true)
        #expect(histogram.percentile(0.001) == 0)
    }

    @Test func nothingRecordedHasNoPercentile() {
        #expect(LatencyHistogram().percentile(0.5) == nil)
    }
}
