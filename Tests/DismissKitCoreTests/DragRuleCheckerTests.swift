import Testing
@testable import DismissKitCore

/// The drag rule's check (SPEC 4.9) finds the first intent that breaks it, and passes the streams
/// the rule allows.
@Suite struct DragRuleCheckerTests {
    static func began(_ id: PresentationID = "sheet") -> Intent { Intent(time: 1, kind: .dragBegan(presentation: id, origin: .topRegion)) }
    static let changed = Intent(time: 2, kind: .dragChanged(presentation: "sheet", offset: 10, velocity: 0))
    static let cancel = Intent(time: 3, kind: .dragEnded(presentation: "sheet", outcome: .cancel, detent: .large))
    static let handedBack = Intent(time: 3, kind: .dragHandedBack(presentation: "sheet"))
    static let asked = Intent(time: 3, kind: .confirmationRequested(presentation: "sheet", source: .escapeKey,
                                                                   options: [.discard, .save, .keepEditing]))
    static let rejected = Intent(time: 3, kind: .rejected(presentation: "sheet", source: .cancelButton, reason: .confirmationOpen))
    static let dismissed = Intent(time: 3, kind: .dismiss(presentation: "sheet", source: .programmatic, resolution: .direct))

    static func violation(_ intents: [Intent], finished: Bool = true) -> DragRuleChecker.Violation? {
        DragRuleChecker.firstViolation(in: intents, finished: finished)
    }

    @Test("streams the rule allows: closed by dragEnded, dragHandedBack or dismiss, decisions after the close")
    func allowed() {
        #expect(Self.violation([Self.began(), Self.changed, Self.cancel, Self.asked, Self.rejected]) == nil)
        #expect(Self.violation([Self.began(), Self.changed, Self.handedBack, Self.began(), Self.cancel]) == nil)
        #expect(Self.violation([Self.began(), Self.changed, Self.dismissed]) == nil)
        #expect(Self.violation([Self.asked, Self.rejected, Self.dismissed]) == nil)
        #expect(Self.violation([Self.began(), Self.changed], finished: false) == nil)
    }

    @Test("the old order: a question while the drag is open, and no close ever after")
    func questionWhileOpen() {
        let violation = Self.violation([Self.began(), Self.changed, Self.asked, Self.began(), Self.cancel])
        #expect(violation == DragRuleChecker.Violation(index: 2, reason: .decisionWhileOpen(.confirmationRequested, "sheet", openedAt: 0)))
        #expect(violation?.reason.description(names: PresentationNames())
            == "confirmationRequested for \"sheet\" while its drag begun at intent 0 is open: dragEnded cancel must come first")
        #expect(Self.violation([Self.began(), Self.rejected])?.reason == .decisionWhileOpen(.rejected, "sheet", openedAt: 0))
    }

    @Test("every other break: a second dragBegan, a close or a change without a drag, a drag left open")
    func otherBreaks() {
        #expect(Self.violation([Self.began(), Self.began("other")])
            == DragRuleChecker.Violation(index: 1, reason: .beganWhileOpen("other", open: "sheet", openedAt: 0)))
        #expect(Self.violation([Self.began(), Self.cancel, Self.cancel])
            == DragRuleChecker.Violation(index: 2, reason: .noOpenDrag(.dragEnded, "sheet")))
        #expect(Self.violation([Self.began(), Self.dismissed, Self.changed])?.reason == .noOpenDrag(.dragChanged, "sheet"))
        #expect(Self.violation([Self.began("other"), Self.handedBack])?.reason == .noOpenDrag(.dragHandedBack, "sheet"))
        #expect(Self.violation([Self.began(), Self.changed])
            == DragRuleChecker.Violation(index: 2, reason: .neverClosed("sheet", openedAt: 0)))
    }

    @Test("the first violation is kept; later intents are counted but not judged")
    func firstOnly() {
        var checker = DragRuleChecker()
        for intent in [Self.cancel, Self.began(), Self.began()] { checker.take(intent) }
        #expect(checker.violation == DragRuleChecker.Violation(index: 0, reason: .noOpenDrag(.dragEnded, "sheet")))
        #expect(checker.count == 3)
    }
}
