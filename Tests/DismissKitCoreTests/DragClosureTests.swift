import Testing
@testable import DismissKitCore

/// SPEC 4.9: a decision made while a sheet is dragged closes its drag exactly once. When the
/// sheet stays (a question opens, an attempt is rejected) `dragEnded` `cancel` at its detent
/// comes first, at the decision's time; when it is dismissed, nothing more follows for it.
@Suite struct DragClosureTests {
    /// A medium + large sheet at medium with unsaved work, or clean.
    static func sheet(_ id: String = "compose", unsavedChanges: Bool = true) -> Presentation {
        Presentation(id: id, style: .sheet, detents: [.medium, .large], selectedDetent: .medium, unsavedChanges: unsavedChanges)
    }

    /// Everything a pipeline said, in order, with the drag rule checked over it as it grows.
    struct Run {
        var pipeline: DismissalPipeline
        var stream: [Intent] = []
        let strokes = StrokeBuilder(screen: .standard)

        /// A drag in progress on the topmost sheet: down on its header (at medium its top is at 420), 150 points down.
        init(_ presentations: Presentation...) {
            pipeline = DismissalPipeline(scene: Scene(presentations: presentations))
            _ = touches(strokes.down(300, 440, at: 0) + strokes.motion(300, 590, at: 100_000))
        }

        mutating func touches(_ events: [TouchEvent]) -> [Intent.Kind] {
            var intents: [Intent] = []
            for event in events { pipeline.take(event, into: &intents) }
            stream += intents
            return intents.map(\.kind)
        }

        mutating func command(_ command: HostCommand, at time: Int64) throws -> [Intent] {
            var intents: [Intent] = []
            try pipeline.apply(command, time: time, into: &intents)
            stream += intents
            return intents
        }

        mutating func escapeKey(at time: Int64) -> [Intent] {
            var intents: [Intent] = []
            pipeline.handleEscapeKey(time: time, into: &intents)
            stream += intents
            return intents
        }

        /// More motion, then the lift.
        mutating func finishDrag() -> [Intent.Kind] {
            touches(strokes.motion(300, 720, at: 200_000) + strokes.up(at: 300_000))
        }

        /// The first violation of the drag rule in the whole stream, once every contact has lifted.
        var violation: String? {
            DragRuleChecker.firstViolation(in: stream, finished: true).map {
                "intent \($0.index): \($0.reason.description(names: pipeline.names))"
            }
        }
    }

    static let cancelAtMedium = Intent.Kind.dragEnded(presentation: "compose", outcome: .cancel, detent: .medium)

    static func asked(_ source: DismissalSource) -> Intent.Kind {
        .confirmationRequested(presentation: "compose", source: source, options: [.discard, .save, .keepEditing])
    }

    @Test("each request that asks during a drag closes the drag first, at its own time; the lift and Keep Editing add nothing",
          arguments: [("dismiss command", HostCommand.dismiss(presentation: "compose"), DismissalSource.programmatic),
                      ("cancel button", .button(presentation: "compose", .cancel), .cancelButton),
                      ("accessibility escape", .accessibility(presentation: "compose", .escape), .accessibilityEscape),
                      ("Escape from the host", .key(.escape), .escapeKey)])
    func questionClosesTheDrag(name: String, command: HostCommand, source: DismissalSource) throws {
        var run = Run(Self.sheet())
        let asked = try run.command(command, at: 150_000)
        #expect(asked.map(\.kind) == [Self.cancelAtMedium, Self.asked(source)])
        #expect(asked.map(\.time) == [150_000, 150_000])
        #expect(run.pipeline.recogniser.phase == .ignoringUntilLift)
        #expect(run.finishDrag().isEmpty)
        #expect(try run.command(.confirm(presentation: "compose", .keepEditing), at: 400_000).map(\.kind)
            == [.cancelled(presentation: "compose")])
        #expect(run.violation == nil)
    }

    @Test("the Escape key from a libinput keyboard during a drag closes the drag first")
    func escapeKeyClosesTheDrag() throws {
        var run = Run(Self.sheet())
        let asked = run.escapeKey(at: 150_000)
        #expect(asked.map(\.kind) == [Self.cancelAtMedium, Self.asked(.escapeKey)])
        #expect(asked.first?.time == 150_000)
        #expect(run.finishDrag().isEmpty)
        #expect(try run.command(.confirm(presentation: "compose", .keepEditing), at: 400_000).map(\.kind)
            == [.cancelled(presentation: "compose")])
        #expect(run.violation == nil)
    }

    @Test("after Keep Editing a new drag begins and ends on its own")
    func keepEditingThenANewDrag() throws {
        var run = Run(Self.sheet())
        _ = try run.command(.button(presentation: "compose", .cancel), at: 150_000)
        _ = run.finishDrag()
        _ = try run.command(.confirm(presentation: "compose", .keepEditing), at: 400_000)
        let next = run.touches(run.strokes.stroke(from: (300, 440), to: (300, 500), start: 500_000, duration: 300_000))
        #expect(next.first == .dragBegan(presentation: "compose", origin: .topRegion))
        #expect(next.filter { if case .dragEnded = $0 { true } else { false } }.count == 1)
        #expect(run.violation == nil)
    }

    @Test("an answer that dismisses after the drag was closed adds nothing for the drag")
    func answerAfterTheLift() throws {
        var run = Run(Self.sheet())
        _ = try run.command(.dismiss(presentation: "compose"), at: 150_000)
        _ = run.finishDrag()
        #expect(try run.command(.confirm(presentation: "compose", .discard), at: 400_000).map(\.kind)
            == [.dismiss(presentation: "compose", source: .programmatic, resolution: .discarded)])
        #expect(run.violation == nil)
    }

    @Test("a decision that keeps the dragged presentation ends the drag with dragEnded cancel at its detent; a dismissal silently")
    func decisionsMadeElsewhere() {
        var recogniser = GestureRecogniser()
        let scene = Scene(presentations: [Self.sheet()])
        let strokes = StrokeBuilder(screen: .standard)
        var output: [RecogniserOutput] = []
        for event in strokes.down(300, 440, at: 0) + strokes.motion(300, 590, at: 100_000) {
            recogniser.take(event, in: scene, into: &output)
        }
        var dismissed = recogniser
        #expect(recogniser.decisionMade(about: "other", dismissed: false, time: 150_000) == nil)
        #expect(recogniser.decisionMade(about: "compose", dismissed: false, time: 150_000)
            == Intent(time: 150_000, kind: Self.cancelAtMedium))
        #expect(recogniser.phase == .ignoringUntilLift)
        #expect(recogniser.decisionMade(about: "compose", dismissed: false, time: 160_000) == nil)
        #expect(dismissed.decisionMade(about: "compose", dismissed: true, time: 150_000) == nil)
        #expect(dismissed.phase == .ignoringUntilLift)
    }
}
