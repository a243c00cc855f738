import Testing
@testable import DismissKitCore
import DismissKitTestSupport

/// The pipeline hands a motion of a top-region or grabber drag to `followSheetDrag` before
/// `handle`. These feed the same touches to two recognisers, one through `handle` alone and one
/// as the pipeline does, and require the same outputs and the same phase after every event: the
/// lift, judged from the drag's track, shows any difference the fast path left in it.
@Suite("the sheet drag's fast path against handle")
struct SheetDragPathTests {
    /// Both recognisers after every event, and the outputs each produced.
    struct Pair {
        var scene: Scene
        var general: GestureRecogniser
        var fast: GestureRecogniser
        /// How many motions the fast path took (so that a test cannot pass without it).
        var taken = 0

        init(_ scene: Scene) {
            self.scene = scene
            general = GestureRecogniser()
            fast = GestureRecogniser()
        }

        mutating func feed(_ events: [TouchEvent], sourceLocation: SourceLocation = #_sourceLocation) {
            for event in events {
                var generalOutputs: [RecogniserOutput] = []
                general.take(event, in: scene, into: &generalOutputs, sourceLocation: sourceLocation)
                var fastOutputs: [RecogniserOutput] = []
                var intents: [Intent] = []
                if fast.followSheetDrag(event, into: &intents) {
                    taken += 1
                    fastOutputs = intents.map(RecogniserOutput.intent)
                } else {
                    fast.take(event, in: scene, into: &fastOutputs, sourceLocation: sourceLocation)
                }
                #expect(fastOutputs == generalOutputs, "\(event)", sourceLocation: sourceLocation)
                #expect(fast.phase == general.phase, "\(event)", sourceLocation: sourceLocation)
            }
        }
    }

    static func sheet(detents: [Detent], grabber: Bool) -> Scene {
        GestureRecogniserTests.scene(GestureRecogniserTests.sheet(detents: detents, grabber: grabber))
    }

    /// A finger that wanders: down at `start`, then `steps` motions at irregular times and
    /// distances, down and back up past where it began, then a lift after `rest`.
    static func wanderingStroke(_ builder: StrokeBuilder, from start: (Double, Double), steps: Int, seed: UInt64,
                                rest: Int64) -> [TouchEvent] {
        var random = SeededGenerator(seed: seed)
        func next() -> Double { Double.random(in: 0..<1, using: &random) }
        var events = builder.down(start.0, start.1, at: 1_000_000)
        var (x, y, time) = (start.0, start.1, Int64(1_000_000))
        for step in 0..<steps {
            time += 4_000 + Int64(next() * 12_000)
            x += (next() - 0.5) * 6
            // Mostly down, then a stretch back up past the start (a rubber band above the largest detent).
            y += step < steps * 2 / 3 ? next() * 14 - 2 : -next() * 20
            events += builder.motion(x, y, at: time)
        }
        return events + builder.up(at: time + rest)
    }

    @Test("a top-region drag", arguments: [1 as UInt64, 7, 42, 1_000])
    func topRegionDrag(seed: UInt64) {
        var pair = Pair(Self.sheet(detents: [.medium, .large], grabber: false))
        let strokes = StrokeBuilder(screen: pair.scene.screen)
        pair.feed(Self.wanderingStroke(strokes, from: (640, 60), steps: 90, seed: seed, rest: 20_000))
        #expect(pair.taken > 60)
        #expect(pair.general.phase == .idle)
    }

    @Test("a grabber drag", arguments: [3 as UInt64, 11, 99])
    func grabberDrag(seed: UInt64) {
        var pair = Pair(Self.sheet(detents: [.medium, .large], grabber: true))
        let strokes = StrokeBuilder(screen: pair.scene.screen)
        pair.feed(Self.wanderingStroke(strokes, from: (640, 48), steps: 90, seed: seed, rest: 20_000))
        #expect(pair.taken > 60)
    }

    @Test("a second finger, and a cancel, during a top-region drag")
    func otherContactsDuringADrag() {
        var pair = Pair(Self.sheet(detents: [.large], grabber: false))
        let first = StrokeBuilder(screen: pair.scene.screen)
        var second = first
        second.seatSlot = 1
        pair.feed(first.down(640, 60, at: 0) + first.segment(from: (640, 60), to: (640, 200), start: 0, duration: 200_000))
        // The second finger's events are never the fast path's; its down ends the drag.
        pair.feed(second.down(300, 400, at: 210_000) + second.motion(300, 420, at: 220_000) + first.motion(640, 230, at: 230_000))
        pair.feed(second.up(at: 240_000) + first.up(at: 250_000))
        pair.feed(first.down(640, 60, at: 1_000_000) + first.segment(from: (640, 60), to: (640, 300), start: 1_000_000, duration: 150_000)
            + first.cancel(at: 1_200_000))
        #expect(pair.taken > 20)
        #expect(pair.general.phase == .idle)
    }
}
