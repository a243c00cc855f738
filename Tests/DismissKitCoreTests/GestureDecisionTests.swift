import Testing
@testable import DismissKitCore

/// The recogniser's decisions, noted only when asked: the ones that end a gesture in silence
/// show here with their figures and rule.
@Suite struct GestureDecisionTests {
    static let popover = Scene(presentations: [
        Presentation(id: "share", style: .popover, modal: false, frame: Rect(x: 900, y: 60, width: 320, height: 400)),
    ])
    static let sheet = Scene(presentations: [Presentation(id: "compose", style: .sheet, grabber: true)])

    static func touch(_ kind: TouchEvent.Kind, _ time: Int64, x: Double = 0, y: Double = 0, seatSlot: Int32 = 0) -> TouchEvent {
        let point = kind == .down || kind == .motion ? TouchPoint(xMM: 0, yMM: 0, x: x, y: y) : nil
        return TouchEvent(kind: kind, time: time, slot: seatSlot, seatSlot: seatSlot, point: point)
    }

    /// Feeds the events and gives what the pipeline decided and the intents.
    static func feed(_ events: [TouchEvent], in scene: Scene, noting: Bool = true) -> ([GestureDecision], [Intent]) {
        var pipeline = DismissalPipeline(scene: scene)
        pipeline.notesDecisions = noting
        var intents: [Intent] = []
        var decisions: [GestureDecision] = []
        for event in events {
            pipeline.take(event, into: &intents)
            pipeline.takeDecisions(into: &decisions)
        }
        return (decisions, intents)
    }

    @Test func aTapOutsideHeldTooLongIsNoTap() {
        let (decisions, intents) = Self.feed([Self.touch(.down, 0, x: 300, y: 400), Self.touch(.up, 500_000)], in: Self.popover)
        #expect(intents.isEmpty)
        #expect(decisions == [GestureDecision(time: 500_000, presentation: "share", seatSlot: 0, x: 300, y: 400,
                                              kind: .tapTooLong(duration: 500_000, limit: 400_000))])
        #expect(decisions[0].rule == "held past tapMaxDuration: not a tap")
    }

    @Test func aTapOutsideThatMovesPastTheSlopIsNoTap() throws {
        let (decisions, intents) = Self.feed([Self.touch(.down, 0, x: 300, y: 400), Self.touch(.motion, 10_000, x: 330, y: 440),
                                              Self.touch(.up, 20_000)], in: Self.popover)
        #expect(intents.isEmpty)
        let decision = try #require(decisions.first)
        #expect(decisions.count == 1)
        #expect(decision.x == 330 && decision.y == 440)
        guard case .tapMovedPastSlop(let distance, let slop) = decision.kind else {
            Issue.record("not tapMovedPastSlop: \(decision)")
            return
        }
        #expect(distance == 50)
        #expect(slop == 2 * ScreenSize.standard.pointsPerMillimetre)
    }

    @Test func aCompletedTapOutsideComesBeforeItsDismissal() {
        let (decisions, intents) = Self.feed([Self.touch(.down, 0, x: 300, y: 400), Self.touch(.up, 80_000)], in: Self.popover)
        #expect(decisions.map(\.kind) == [.tapOutside(duration: 80_000, limit: 400_000)])
        #expect(intents.map(\.kind) == [.dismiss(presentation: "share", source: .tapOutside, resolution: .direct)])
    }

    @Test func aCrossAxisContactIsNoDrag() throws {
        let (decisions, intents) = Self.feed([Self.touch(.down, 0, x: 300, y: 70), Self.touch(.motion, 10_000, x: 340, y: 80),
                                              Self.touch(.up, 20_000)], in: Self.sheet)
        #expect(intents.isEmpty)
        #expect(decisions.count == 1)
        guard case .crossAxis(let dx, let dy, _) = try #require(decisions.first).kind else {
            Issue.record("not crossAxis: \(decisions)")
            return
        }
        #expect(dx == 40 && dy == 10)
    }

    @Test func aSecondContactCancelsTheDragAndSaysSo() {
        let (decisions, intents) = Self.feed([
            Self.touch(.down, 0, x: 300, y: 70), Self.touch(.motion, 10_000, x: 300, y: 100),
            Self.touch(.down, 20_000, x: 800, y: 500, seatSlot: 1),
        ], in: Self.sheet)
        #expect(decisions.map(\.name) == ["dragStarted", "secondContact"])
        #expect(decisions.last?.kind == .secondContact(ended: .drag))
        #expect(decisions.last?.seatSlot == 1 && decisions.last?.x == 800)
        #expect(intents.last?.kind == .dragEnded(presentation: "compose", outcome: .cancel, detent: .large))
    }

    @Test func aGrabberHeldTooLongIsNoTap() {
        let (decisions, intents) = Self.feed([Self.touch(.down, 0, x: 640, y: 48), Self.touch(.up, 450_000)], in: Self.sheet)
        #expect(intents.isEmpty)
        #expect(decisions.map(\.kind) == [.grabberTapTooLong(duration: 450_000, limit: 400_000)])
    }

    @Test func nothingIsNotedUnlessAsked() {
        let events = [Self.touch(.down, 0, x: 300, y: 70), Self.touch(.motion, 10_000, x: 340, y: 80), Self.touch(.up, 20_000),
                      Self.touch(.down, 30_000, x: 300, y: 70), Self.touch(.motion, 40_000, x: 300, y: 120),
                      Self.touch(.down, 50_000, x: 800, y: 500, seatSlot: 1)]
        let (quiet, quietIntents) = Self.feed(events, in: Self.sheet, noting: false)
        let (noted, notedIntents) = Self.feed(events, in: Self.sheet)
        #expect(quiet.isEmpty)
        #expect(noted.count == 3)
        // Noting changes no intent.
        #expect(quietIntents == notedIntents)
    }
}
