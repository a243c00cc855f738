import Testing
@testable import DismissKitCore

/// SPEC section 11, idle: one test (or more) per rule. The rule resets 10 s after the last
/// activity and warns 3 s before; the clock starts with a tap at 0 that lifts at 80 ms, so the
/// warning is due at 7.08 s and the deadline is 10.08 s.
@Suite struct IdleTests {
    static let strokes = StrokeBuilder(screen: .standard)
    static let deadline: Int64 = 10_080_000

    static func rule(_ unsaved: IdleUnsavedRule = .discard) -> IdleRule {
        IdleRule(after: 10_000_000, warning: 3_000_000, unsaved: unsaved)
    }

    static func sheet(_ id: String = "compose", unsavedChanges: Bool = false) -> Presentation {
        Presentation(id: id, style: .sheet, unsavedChanges: unsavedChanges)
    }

    /// A pipeline on `presentations` whose clock started with a tap on the sheet's content.
    static func started(_ presentations: [Presentation], rule: IdleRule? = rule(), keyboard: Double = 0) -> DismissalPipeline {
        var pipeline = DismissalPipeline(scene: Scene(presentations: presentations, keyboardHeight: keyboard, idle: rule))
        var intents: [Intent] = []
        for event in strokes.tap(300, 300, at: 0) { pipeline.take(event, into: &intents) }
        #expect(intents.isEmpty)
        return pipeline
    }

    static func apply(_ command: HostCommand, at time: Int64, to pipeline: inout DismissalPipeline) -> [Intent.Kind] {
        var intents: [Intent] = []
        do {
            try pipeline.apply(command, time: time, into: &intents)
        } catch {
            Issue.record("\(command) refused: \(error)")
        }
        return intents.map(\.kind)
    }

    static func tick(at time: Int64, _ pipeline: inout DismissalPipeline) -> [Intent.Kind] {
        apply(.tick, at: time, to: &pipeline)
    }

    static let compose = PresentationID(inline: "compose")!
    static let attach = PresentationID(inline: "attach")!
    static let warning: Intent.Kind = .idleWarning(deadline: deadline, remaining: 0, lastActivity: 80_000)

    // MARK: - 11.1 Rule

    @Test("the rule needs after > warning >= 0, and after at most 2^53 µs", arguments: [
        (IdleRule(after: 3, warning: 3, unsaved: .keep), "must be longer than idle.warning"),
        (IdleRule(after: 3, warning: 4, unsaved: .keep), "must be longer than idle.warning"),
        (IdleRule(after: 3, warning: -1, unsaved: .keep), "must be 0 or more"),
        (IdleRule(after: (1 << 53) + 1, warning: 0, unsaved: .keep), "must be at most"),
    ])
    func badRulesAreRefused(rule: IdleRule, message: String) {
        #expect(rule.problem?.contains(message) == true)
        #expect(throws: SceneValidationError.self) { try Scene(idle: rule).validate() }
    }

    @Test("a rule with no warning and the longest after is valid")
    func edgeRulesAreValid() {
        #expect(IdleRule(after: 1, warning: 0, unsaved: .save).problem == nil)
        #expect(IdleRule(after: 1 << 53, warning: (1 << 53) - 1, unsaved: .save).problem == nil)
    }

    @Test("without a rule nothing happens, and no tick is asked for")
    func noRuleNoIdle() {
        var pipeline = Self.started([Self.sheet()], rule: nil)
        #expect(pipeline.nextTick == nil)
        #expect(Self.tick(at: 100_000_000, &pipeline).isEmpty)
        #expect(pipeline.scene.presentations.count == 1)
    }

    @Test("a scene command may change the rule; the change is activity")
    func sceneCommandChangesTheRule() {
        var pipeline = Self.started([Self.sheet()], rule: nil)
        _ = Self.apply(.scene(Scene(presentations: [Self.sheet()], idle: Self.rule())), at: 1_000_000, to: &pipeline)
        #expect(pipeline.nextTick == 8_000_000)
    }

    // MARK: - 11.2 Clock

    @Test("the clock starts at the first event, a tick included: before it the next tick is due at once")
    func clockStartsAtTheFirstEvent() {
        var pipeline = DismissalPipeline(scene: Scene(presentations: [Self.sheet()], idle: Self.rule()))
        #expect(pipeline.nextTick == -InputLimits.largestTime)
        #expect(Self.tick(at: 5_000_000, &pipeline).isEmpty)
        #expect(pipeline.nextTick == 12_000_000)
        #expect(Self.tick(at: 12_000_000, &pipeline) == [.idleWarning(deadline: 15_000_000, remaining: 3_000_000, lastActivity: 5_000_000)])
    }

    @Test("a tick is no activity: it moves nothing, and the deadline stays where the last activity put it")
    func tickIsNoActivity() {
        var pipeline = Self.started([Self.sheet()])
        for second in 1...7 { #expect(Self.tick(at: Int64(second) * 1_000_000, &pipeline).isEmpty) }
        #expect(pipeline.nextTick == 7_080_000)
    }

    @Test("touches, keys and host commands are activity: the next tick moves with them",
          arguments: [HostCommand.keyboard(height: 0), .update(presentation: "compose", PresentationUpdate(contentOffset: 10)),
                      .key(.escape), .screen(.standard)])
    func commandsAreActivity(command: HostCommand) {
        var pipeline = Self.started([Self.sheet(unsavedChanges: true)])
        _ = Self.apply(command, at: 5_000_000, to: &pipeline)
        #expect(pipeline.nextTick == 12_000_000)
    }

    @Test("a refused command is no activity")
    func refusedCommandIsNoActivity() {
        var pipeline = Self.started([Self.sheet()])
        var intents: [Intent] = []
        #expect(throws: HostCommandError.self) { try pipeline.apply(.remove(presentation: "nobody"), time: 5_000_000, into: &intents) }
        #expect(pipeline.nextTick == 7_080_000)
    }

    @Test("a frame alone is no activity: the clock runs from the last contact event")
    func frameAloneIsNoActivity() {
        var pipeline = Self.started([Self.sheet()])
        var intents: [Intent] = []
        pipeline.take(TouchEvent(kind: .frame, time: 5_000_000), into: &intents)
        #expect(pipeline.nextTick == 7_080_000)
    }

    // MARK: - 11.3 Warning

    @Test("the warning comes with the first tick at or after its time, remaining the deadline less the tick's time")
    func warningComesWithTheFirstTickAfterItsTime() {
        var pipeline = Self.started([Self.sheet()])
        #expect(Self.tick(at: 7_079_999, &pipeline).isEmpty)
        #expect(Self.tick(at: 7_080_000, &pipeline) == [.idleWarning(deadline: Self.deadline, remaining: 3_000_000, lastActivity: 80_000)])
        #expect(pipeline.nextTick == Self.deadline)
        #expect(Self.tick(at: 8_000_000, &pipeline).isEmpty)
    }

    @Test("a first tick after the deadline gives the warning, remaining the deadline less its time, then the reset, in that order")
    func lateTickWarnsThenResets() {
        var pipeline = Self.started([Self.sheet()])
        #expect(Self.tick(at: 60_000_000, &pipeline) == [
            .idleWarning(deadline: Self.deadline, remaining: Self.deadline - 60_000_000, lastActivity: 80_000),
            .dismiss(presentation: Self.compose, source: .idle, resolution: .direct),
            .idleReset(deadline: Self.deadline, lastActivity: 80_000),
        ])
    }

    @Test("with a warning of 0 the warning and the reset come with the same tick")
    func zeroWarningComesWithTheReset() {
        var pipeline = Self.started([Self.sheet()], rule: IdleRule(after: 10_000_000, warning: 0, unsaved: .keep))
        #expect(pipeline.nextTick == Self.deadline)
        #expect(Self.tick(at: Self.deadline, &pipeline).first == .idleWarning(deadline: Self.deadline, remaining: 0, lastActivity: 80_000))
    }

    @Test("activity during the warning gives idleCancelled before what it causes, and the clock starts again")
    func activityCancelsTheWarning() {
        var pipeline = Self.started([Self.sheet(unsavedChanges: true)])
        _ = Self.tick(at: 8_000_000, &pipeline)
        #expect(Self.apply(.button(presentation: "compose", .cancel), at: 9_000_000, to: &pipeline) == [
            .idleCancelled(deadline: Self.deadline, lastActivity: 80_000),
            .confirmationRequested(presentation: Self.compose, source: .cancelButton, options: DismissalPolicy.confirmationOptions),
        ])
        #expect(pipeline.nextTick == 16_000_000)
        #expect(Self.tick(at: Self.deadline, &pipeline).isEmpty)
    }

    @Test("a touch during the warning cancels it at its down")
    func touchCancelsTheWarning() {
        var pipeline = Self.started([Self.sheet()])
        _ = Self.tick(at: 8_000_000, &pipeline)
        var intents: [Intent] = []
        for event in Self.strokes.down(300, 300, at: 9_000_000) { pipeline.take(event, into: &intents) }
        #expect(intents.map(\.kind) == [.idleCancelled(deadline: Self.deadline, lastActivity: 80_000)])
    }

    @Test("activity with no warning given cancels nothing")
    func activityWithoutWarningCancelsNothing() {
        var pipeline = Self.started([Self.sheet()])
        #expect(Self.apply(.keyboard(height: 0), at: 5_000_000, to: &pipeline).isEmpty)
    }

    @Test("with nothing presented no warning and no reset come, and no tick is asked for")
    func nothingPresented() {
        var pipeline = Self.started([])
        #expect(pipeline.nextTick == nil)
        #expect(Self.tick(at: 60_000_000, &pipeline).isEmpty)
    }

    // MARK: - 11.4 Reset

    @Test("at the deadline everything is dismissed from the top down, unsaved work by the rule, then idleReset",
          arguments: [IdleUnsavedRule.save, .discard])
    func resetFromTheTopDown(rule: IdleUnsavedRule) {
        var pipeline = Self.started([Self.sheet(unsavedChanges: true), Self.sheet("attach")], rule: Self.rule(rule))
        let unsaved: [Intent.Kind] = rule == .save
            ? [.save(presentation: Self.compose), .dismiss(presentation: Self.compose, source: .idle, resolution: .saved)]
            : [.dismiss(presentation: Self.compose, source: .idle, resolution: .discarded)]
        #expect(Self.tick(at: Self.deadline, &pipeline) == [Self.warning, .dismiss(presentation: Self.attach, source: .idle, resolution: .direct)]
            + unsaved + [.idleReset(deadline: Self.deadline, lastActivity: 80_000)])
        #expect(pipeline.scene.presentations.isEmpty)
        #expect(pipeline.nextTick == nil)
    }

    @Test("keep: nothing unsaved or below it goes, its question is asked (source idle, after hideKeyboard), no idleReset")
    func keepAsksAndStops() {
        var pipeline = Self.started([Self.sheet("below"), Self.sheet(unsavedChanges: true), Self.sheet("attach")],
                                    rule: Self.rule(.keep), keyboard: 300)
        #expect(Self.tick(at: Self.deadline, &pipeline) == [
            Self.warning,
            .dismiss(presentation: Self.attach, source: .idle, resolution: .direct),
            .hideKeyboard(presentation: Self.compose, reason: .question),
            .confirmationRequested(presentation: Self.compose, source: .idle, options: DismissalPolicy.confirmationOptions),
        ])
        #expect(pipeline.scene.presentations.map(\.id) == ["below", "compose"])
        #expect(pipeline.policy.openQuestions == [Self.compose: .idle])
        #expect(pipeline.nextTick == nil)
        #expect(Self.tick(at: 20_000_000, &pipeline).isEmpty)
    }

    @Test("an open question is answered by the rule, its dismiss with source idle; keep leaves it open",
          arguments: [IdleUnsavedRule.save, .discard, .keep])
    func openQuestionIsAnsweredByTheRule(rule: IdleUnsavedRule) {
        var pipeline = Self.started([Self.sheet(unsavedChanges: true)], rule: Self.rule(rule))
        _ = Self.apply(.button(presentation: "compose", .cancel), at: 1_000_000, to: &pipeline)
        let deadline: Int64 = 11_000_000
        let intents = Self.tick(at: deadline, &pipeline)
        switch rule {
        case .save:
            #expect(intents.dropFirst() == [.save(presentation: Self.compose),
                                            .dismiss(presentation: Self.compose, source: .idle, resolution: .saved),
                                            .idleReset(deadline: deadline, lastActivity: 1_000_000)])
        case .discard:
            #expect(intents.dropFirst() == [.dismiss(presentation: Self.compose, source: .idle, resolution: .discarded),
                                            .idleReset(deadline: deadline, lastActivity: 1_000_000)])
        case .keep:
            #expect(intents.count == 1)
            #expect(pipeline.policy.openQuestions == [Self.compose: .cancelButton])
        }
    }

    @Test("the host answers the idle question as any other: discard dismisses it with source idle")
    func idleQuestionIsAnswered() {
        var pipeline = Self.started([Self.sheet(unsavedChanges: true)], rule: Self.rule(.keep))
        _ = Self.tick(at: Self.deadline, &pipeline)
        #expect(Self.apply(.confirm(presentation: "compose", .discard), at: 12_000_000, to: &pipeline)
            == [.dismiss(presentation: Self.compose, source: .idle, resolution: .discarded)])
    }

    @Test("every style goes, an alert and a sheet not dismissible by gestures included")
    func everyStyleGoes() {
        let alert = Presentation(id: "alert", style: .alert)
        let fixed = Presentation(id: "fixed", style: .sheet, dismissible: false)
        var pipeline = Self.started([fixed, alert])
        let intents = Self.tick(at: Self.deadline, &pipeline)
        #expect(intents.count == 4)
        #expect(pipeline.scene.presentations.isEmpty)
    }

    // MARK: - 11.5 A finger down

    @Test("no warning and no reset while a finger is down, on the keyboard too; its lift starts the clock again",
          arguments: [300.0, 700])
    func fingerDownHoldsIdle(y: Double) {
        var pipeline = Self.started([Self.sheet()], keyboard: 300)
        var intents: [Intent] = []
        for event in Self.strokes.down(300, y, at: 1_000_000) { pipeline.take(event, into: &intents) }
        #expect(pipeline.nextTick == nil)
        #expect(Self.tick(at: 60_000_000, &pipeline).isEmpty)
        for event in Self.strokes.up(at: 61_000_000) { pipeline.take(event, into: &intents) }
        #expect(intents.isEmpty)
        #expect(pipeline.nextTick == 68_000_000)
    }

    // MARK: - The pipeline's own

    @Test("new thresholds taken while idle keep the idle clock")
    func reconfigureKeepsTheClock() {
        var pipeline = Self.started([Self.sheet()])
        pipeline.reconfigure(GestureConfiguration(slopMM: 3))
        #expect(pipeline.nextTick == 7_080_000)
    }
}
