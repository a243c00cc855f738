import Testing
@testable import DismissKitCore
@testable import DismissKitWire

/// A noted decision's line (`--explain`): its name, figures and rule. What the recogniser notes:
/// `GestureDecisionTests` in the core's tests.
@Suite struct GestureDecisionJSONTests {
    @Test func aDecisionLineNamesItsRuleAndFigures() {
        let decision = GestureDecision(time: 500_000, presentation: "share", seatSlot: 0, x: 300, y: 400,
                                       kind: .tapTooLong(duration: 500_000, limit: 400_000))
        #expect(decision.jsonLine(names: PresentationNames()).text == #"{"decision":"tapTooLong","duration":500000,"presentation":"share","#
            + #""rule":"held past tapMaxDuration: not a tap","seatSlot":0,"tapMaxDuration":400000,"time":500000,"#
            + #""type":"decision","x":300,"y":400}"#)
    }
}
