import Testing
@testable import DismissKitCore

/// Builds touch events for one finger: straight segments sampled at a fixed rate.
struct StrokeBuilder {
    var screen: ScreenSize
    var seatSlot: Int32 = 0
    /// Samples per second.
    var rate: Double = 120

    func point(_ x: Double, _ y: Double) -> TouchPoint {
        let perMM = screen.pointsPerMillimetre
        return TouchPoint(xMM: x / perMM, yMM: y / perMM, x: x, y: y)
    }

    func down(_ x: Double, _ y: Double, at time: Int64) -> [TouchEvent] {
        [TouchEvent(kind: .down, time: time, slot: seatSlot, seatSlot: seatSlot, point: point(x, y)),
         TouchEvent(kind: .frame, time: time)]
    }

    func motion(_ x: Double, _ y: Double, at time: Int64) -> [TouchEvent] {
        [TouchEvent(kind: .motion, time: time, slot: seatSlot, seatSlot: seatSlot, point: point(x, y)),
         TouchEvent(kind: .frame, time: time)]
    }

    func up(at time: Int64) -> [TouchEvent] {
        [TouchEvent(kind: .up, time: time, slot: seatSlot, seatSlot: seatSlot), TouchEvent(kind: .frame, time: time)]
    }

    func cancel(at time: Int64) -> [TouchEvent] {
        [TouchEvent(kind: .cancel, time: time, slot: seatSlot, seatSlot: seatSlot), TouchEvent(kind: .frame, time: time)]
    }

    /// Motion from `from` to `to` in `duration` microseconds starting at `start`, sampled at `rate`;
    /// the last sample lands exactly on `to` at `start + duration`. No down or up.
    func segment(from: (Double, Double), to: (Double, Double), start: Int64, duration: Int64) -> [TouchEvent] {
        let period = 1_000_000 / rate
        var events: [TouchEvent] = []
        var k = 1.0
        while true {
            let elapsed = Int64((k * period).rounded())
            if elapsed >= duration { break }
            let f = Double(elapsed) / Double(duration)
            events += motion(from.0 + (to.0 - from.0) * f, from.1 + (to.1 - from.1) * f, at: start + elapsed)
            k += 1
        }
        events += motion(to.0, to.1, at: start + duration)
        return events
    }

    /// A whole stroke: down at `from`, a straight move to `to` in `duration`, and a lift after `rest`.
    func stroke(from: (Double, Double), to: (Double, Double), start: Int64 = 1_000_000, duration: Int64,
                rest: Int64 = 0) -> [TouchEvent] {
        down(from.0, from.1, at: start)
            + segment(from: from, to: to, start: start, duration: duration)
            + up(at: start + duration + rest)
    }

    /// A tap: down and up without moving.
    func tap(_ x: Double, _ y: Double, at start: Int64 = 1_000_000, duration: Int64 = 80_000) -> [TouchEvent] {
        down(x, y, at: start) + up(at: start + duration)
    }
}

/// Feeds events to a recogniser and keeps every output.
struct Harness {
    var scene: Scene
    var recogniser = GestureRecogniser()
    var outputs: [RecogniserOutput] = []

    init(_ scene: Scene, configuration: GestureConfiguration = GestureConfiguration()) {
        self.scene = scene
        recogniser = GestureRecogniser(configuration: configuration)
    }

    var strokes: StrokeBuilder { StrokeBuilder(screen: scene.screen) }

    /// Feeds the events and returns what they produced.
    @discardableResult
    mutating func feed(_ events: [TouchEvent]) -> [RecogniserOutput] {
        var produced: [RecogniserOutput] = []
        for event in events { recogniser.take(event, in: scene, into: &produced) }
        outputs += produced
        return produced
    }

    /// Announces `scene` to the recogniser as the pipeline does and makes it the harness's scene;
    /// returns what that produced.
    @discardableResult
    mutating func announce(_ scene: Scene, at time: Int64) -> [RecogniserOutput] {
        var produced: [RecogniserOutput] = []
        recogniser.sceneChanged(to: scene, time: time, into: &produced)
        self.scene = scene
        outputs += produced
        return produced
    }

    /// Feeds events the recogniser is expected to refuse, and returns the refusals; refused
    /// events must produce nothing.
    mutating func refusals(_ events: [TouchEvent]) -> [TouchRefusal] {
        var refused: [TouchRefusal] = []
        for event in events {
            var produced: [RecogniserOutput] = []
            do throws(TouchRefusal) {
                try recogniser.handle(event, in: scene, into: &produced)
            } catch {
                refused.append(error)
            }
            outputs += produced
        }
        return refused
    }
}

/// The `contentScrolled` offsets, in order.
func contentOffsets(_ outputs: [RecogniserOutput]) -> [Double] {
    outputs.compactMap { output in
        if case .intent(let intent) = output, case .contentScrolled(_, let offset) = intent.kind { offset } else { nil }
    }
}

/// Everything but `dragChanged`, as short readable lines.
func decisions(_ outputs: [RecogniserOutput]) -> [String] {
    outputs.compactMap { output in
        switch output {
        case .attempt(let attempt):
            return "attempt \(attempt.presentation) \(attempt.source.rawValue)"
        case .intent(let intent):
            switch intent.kind {
            case .dragBegan(let presentation, let origin): return "dragBegan \(presentation) \(origin.rawValue)"
            case .dragChanged, .contentScrolled: return nil
            case .dragHandedBack(let presentation): return "dragHandedBack \(presentation)"
            case .dragEnded(let presentation, let outcome, let detent): return "dragEnded \(presentation) \(outcome.rawValue) \(detent)"
            case .setDetent(let presentation, let detent, let cause): return "setDetent \(presentation) \(detent) \(cause.rawValue)"
            case .passthroughTap(let x, let y): return "passthroughTap \(x) \(y)"
            case .confirmationRequested, .save, .dismiss, .cancelled, .rejected, .hideKeyboard, .idleWarning, .idleCancelled, .idleReset:
                return "unexpected \(intent.kind)"
            }
        }
    }
}

/// The `dragChanged` offsets, in order.
func shownOffsets(_ outputs: [RecogniserOutput]) -> [Double] {
    outputs.compactMap { output in
        if case .intent(let intent) = output, case .dragChanged(_, let offset, _) = intent.kind { return offset }
        return nil
    }
}

/// The explanation attached to the first `dragEnded`.
func releaseExplanation(_ outputs: [RecogniserOutput]) -> Explanation? {
    for case .intent(let intent) in outputs {
        if case .dragEnded = intent.kind { return intent.explanation }
    }
    return nil
}

func close(_ a: Double, _ b: Double, tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }

extension DismissalPipeline {
    /// Feeds a touch the test expects the pipeline to take: a refusal fails the test.
    mutating func take(_ event: TouchEvent, into intents: inout [Intent], sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            try handle(event, into: &intents)
        } catch {
            Issue.record("refused \(event): \(error)", sourceLocation: sourceLocation)
        }
    }
}

extension GestureRecogniser {
    /// Feeds a touch the test expects the recogniser to take: a refusal fails the test.
    mutating func take(_ event: TouchEvent, in scene: Scene, topIsAsking: Bool = false, into output: inout [RecogniserOutput],
                       sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            try handle(event, in: scene, topIsAsking: topIsAsking, into: &output)
        } catch {
            Issue.record("refused \(event): \(error)", sourceLocation: sourceLocation)
        }
    }
}
