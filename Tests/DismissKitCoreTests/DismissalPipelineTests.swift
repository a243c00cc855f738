import Testing
@testable import DismissKitCore

/// The pipeline's contract with the host: one door for the scene, decisions that end gestures,
/// and host commands checked before they change anything.
@Suite struct DismissalPipelineTests {
    static func sheet(_ id: String = "compose", detents: [Detent] = [.large], selected: Detent? = nil,
                      unsavedChanges: Bool = false) -> Presentation {
        Presentation(id: id, style: .sheet, detents: detents, selectedDetent: selected, unsavedChanges: unsavedChanges)
    }

    /// A pipeline with a drag in progress on the topmost sheet: down on its header, 200 points down.
    static func dragging(_ presentations: Presentation...) -> DismissalPipeline {
        var pipeline = DismissalPipeline(scene: Scene(presentations: presentations))
        let strokes = StrokeBuilder(screen: .standard)
        var intents: [Intent] = []
        for event in strokes.down(300, 70, at: 0) + strokes.motion(300, 270, at: 100_000) { pipeline.take(event, into: &intents) }
        return pipeline
    }

    /// What the rest of the drag (more motion, then the lift) produces.
    static func finishDrag(_ pipeline: inout DismissalPipeline) -> [Intent] {
        let strokes = StrokeBuilder(screen: .standard)
        var intents: [Intent] = []
        for event in strokes.motion(300, 470, at: 200_000) + strokes.up(at: 300_000) { pipeline.take(event, into: &intents) }
        return intents
    }

    static func kinds(_ intents: [Intent]) -> [Intent.Kind] { intents.map(\.kind) }

    @Test("a dismissal by something else ends the drag: nothing more is said about it",
          arguments: [("done button", HostCommand.button(presentation: "compose", .done), DismissalSource.doneButton),
                      ("programmatic", .dismiss(presentation: "compose"), .programmatic),
                      ("Escape from the host", .key(.escape), .escapeKey),
                      ("accessibility escape", .accessibility(presentation: "compose", .escape), .accessibilityEscape)])
    func dismissalEndsTheDrag(name: String, command: HostCommand, source: DismissalSource) throws {
        var pipeline = Self.dragging(Self.sheet())
        var intents: [Intent] = []
        try pipeline.apply(command, time: 150_000, into: &intents)
        #expect(Self.kinds(intents) == [.dismiss(presentation: "compose", source: source, resolution: .direct)])
        #expect(pipeline.scene.presentations.isEmpty)
        #expect(pipeline.recogniser.phase == .ignoringUntilLift)
        #expect(Self.finishDrag(&pipeline).isEmpty)
        #expect(pipeline.recogniser.phase == .idle)
    }

    @Test("a question opened for the dragged sheet ends the drag, dragEnded cancel first; the answer comes later")
    func questionEndsTheDrag() throws {
        var pipeline = Self.dragging(Self.sheet(unsavedChanges: true))
        var intents: [Intent] = []
        try pipeline.apply(.button(presentation: "compose", .cancel), time: 150_000, into: &intents)
        #expect(Self.kinds(intents) == [.dragEnded(presentation: "compose", outcome: .cancel, detent: .large),
                                        .confirmationRequested(presentation: "compose", source: .cancelButton,
                                                               options: [.discard, .save, .keepEditing])])
        #expect(Self.finishDrag(&pipeline).isEmpty)
        intents = []
        try pipeline.apply(.confirm(presentation: "compose", .save), time: 400_000, into: &intents)
        #expect(Self.kinds(intents) == [.save(presentation: "compose"),
                                        .dismiss(presentation: "compose", source: .cancelButton, resolution: .saved)])
    }

    @Test("while a question is open, a new contact on its presentation starts no gesture")
    func questionCoversItsPresentation() throws {
        var pipeline = DismissalPipeline(scene: Scene(presentations: [Self.sheet(unsavedChanges: true)]))
        var intents: [Intent] = []
        try pipeline.apply(.dismiss(presentation: "compose"), time: 0, into: &intents)
        #expect(pipeline.policy.isAsking(about: "compose"))
        let strokes = StrokeBuilder(screen: .standard)
        intents = []
        for event in strokes.stroke(from: (300, 70), to: (300, 400), start: 10_000, duration: 100_000) {
            pipeline.take(event, into: &intents)
        }
        #expect(intents.isEmpty)
        try pipeline.apply(.button(presentation: "compose", .done), time: 200_000, into: &intents)
        #expect(Self.kinds(intents) == [.rejected(presentation: "compose", source: .doneButton, reason: .confirmationOpen)])
    }

    @Test("a save during a drag changes the resistance from the next event on")
    func saveChangesTheGate() throws {
        var pipeline = Self.dragging(Self.sheet(unsavedChanges: true))
        var intents: [Intent] = []
        try pipeline.apply(.update(presentation: "compose", PresentationUpdate(unsavedChanges: false)), time: 150_000, into: &intents)
        #expect(intents.isEmpty)
        let rest = Self.finishDrag(&pipeline)
        // 400 points of travel, no longer rubber-banded, and a dismissal without a question.
        #expect(rest.first?.kind == .dragChanged(presentation: "compose", offset: 400, velocity: rest.first.flatMap {
            if case .dragChanged(_, _, let velocity) = $0.kind { velocity } else { nil }
        } ?? 0))
        #expect(rest.last?.kind == .dismiss(presentation: "compose", source: .swipeFromTop, resolution: .direct))
    }

    @Test("an accessibility detent step during a drag cancels the drag first, then changes the detent")
    func detentStepCancelsFirst() throws {
        var pipeline = Self.dragging(Self.sheet(detents: [.medium, .large], selected: .large))
        var intents: [Intent] = []
        try pipeline.apply(.accessibility(presentation: "compose", .previousDetent), time: 150_000, into: &intents)
        #expect(Self.kinds(intents) == [.dragEnded(presentation: "compose", outcome: .cancel, detent: .large),
                                        .setDetent(presentation: "compose", detent: .medium, cause: .accessibility)])
        #expect(pipeline.scene.presentations.first?.selectedDetent == .medium)
        #expect(Self.finishDrag(&pipeline).isEmpty)
    }

    @Test("an attempt on a covered presentation is rejected from every source, and the stack stays whole")
    func coveredPresentation() throws {
        var pipeline = DismissalPipeline(scene: Scene(presentations: [Self.sheet("base"), Self.sheet("top", unsavedChanges: true)]))
        for command in [HostCommand.dismiss(presentation: "base"), .button(presentation: "base", .done),
                        .button(presentation: "base", .cancel), .accessibility(presentation: "base", .escape)] {
            var intents: [Intent] = []
            try pipeline.apply(command, time: 1, into: &intents)
            #expect(intents.count == 1)
            #expect({ if case .rejected(_, _, .coveredBy("top")) = intents.first?.kind { true } else { false } }())
        }
        #expect(pipeline.scene.presentations.map(\.id) == ["base", "top"])
    }

    @Test("Escape goes to the topmost presentation; a modal popover refuses it; with nothing presented it does nothing")
    func escape() throws {
        let popover = Presentation(id: "share", style: .popover, modal: true, frame: Rect(x: 900, y: 60, width: 320, height: 400))
        var pipeline = DismissalPipeline(scene: Scene(presentations: [popover]))
        var intents: [Intent] = []
        pipeline.handleEscapeKey(time: 1, into: &intents)
        #expect(Self.kinds(intents) == [.rejected(presentation: "share", source: .escapeKey,
                                                  reason: .modalPopoverNeedsItsButtons)])
        var empty = DismissalPipeline(scene: Scene())
        intents = []
        try empty.apply(.key(.escape), time: 2, into: &intents)
        #expect(intents.isEmpty)
    }

    @Test("host commands the scene cannot take change nothing",
          arguments: [("another screen", HostCommand.scene(Scene(screen: ScreenSize(width: 640, height: 400, widthMM: 100, heightMM: 60))),
                       "a scene cannot change the screen (1280 x 800 points, 217 x 136 mm); send a screen command for that"),
                      ("a selected detent it does not have", .update(presentation: "compose", PresentationUpdate(selectedDetent: .medium)),
                       "presentation \"compose\": selectedDetent must be one of its detents"),
                      ("a negative content offset", .update(presentation: "compose", PresentationUpdate(contentOffset: -1)),
                       "presentation \"compose\": content.offset must be 0 or more, up to 1000000000"),
                      ("a second popover", .present(Presentation(id: "p2", style: .popover, frame: Rect(x: 0, y: 0, width: 9, height: 9))),
                       "presentation \"p2\": at most one popover may be presented, and \"p1\" is one"),
                      ("a full-screen presentation above a popover", .present(Presentation(id: "f", style: .fullScreen)),
                       "presentation \"f\": nothing but an alert may be presented above a popover (\"p1\")"),
                      ("an unknown presentation", .remove(presentation: "ghost"), "no presentation \"ghost\" in the scene")])
    func refusedCommands(name: String, command: HostCommand, reason: String) {
        let popover = Presentation(id: "p1", style: .popover, frame: Rect(x: 900, y: 60, width: 320, height: 400))
        var pipeline = DismissalPipeline(scene: Scene(presentations: [Self.sheet(), popover]))
        let before = pipeline.scene
        var intents: [Intent] = []
        #expect(throws: HostCommandError(reason: reason)) { try pipeline.apply(command, time: 1, into: &intents) }
        #expect(intents.isEmpty)
        #expect(pipeline.scene == before)
    }

    @Test("stack rules judge the role at this width: in a compact width a sheet may go above a popover")
    func compactPopoverIsASheet() throws {
        let compact = ScreenSize(width: 500, height: 800, widthMM: 85, heightMM: 136)
        let popover = Presentation(id: "share", style: .popover, frame: Rect(x: 0, y: 60, width: 320, height: 400))
        var pipeline = DismissalPipeline(scene: Scene(screen: compact, presentations: [popover]))
        var intents: [Intent] = []
        try pipeline.apply(.present(Self.sheet("picker")), time: 1, into: &intents)
        #expect(pipeline.scene.presentations.map(\.id) == ["share", "picker"])
        var regular = DismissalPipeline(scene: Scene(presentations: [popover]))
        #expect(throws: HostCommandError(reason: "presentation \"picker\": nothing but an alert may be presented above a popover (\"share\")")) {
            try regular.apply(.present(Self.sheet("picker")), time: 2, into: &intents)
        }
    }

    @Test("update changes every field but the id, and keeps the selected detent when it is still one of the detents")
    func updateEveryField() throws {
        var pipeline = DismissalPipeline(scene: Scene(presentations: [Self.sheet()]))
        var update = PresentationUpdate()
        update.style = .formSheet
        update.detents = [.medium, .large]
        update.grabber = true
        update.headerHeight = 30
        update.modal = false
        update.frame = .some(Rect(x: 340, y: 100, width: 600, height: 600))
        var intents: [Intent] = []
        try pipeline.apply(.update(presentation: "compose", update), time: 1, into: &intents)
        let expected = Presentation(id: "compose", style: .formSheet, detents: [.medium, .large], selectedDetent: .large,
                                    grabber: true, headerHeight: 30, modal: false,
                                    frame: Rect(x: 340, y: 100, width: 600, height: 600))
        #expect(pipeline.scene.presentations == [expected])
        update = PresentationUpdate()
        update.detents = [.medium]
        update.frame = .some(nil)
        try pipeline.apply(.update(presentation: "compose", update), time: 2, into: &intents)
        #expect(pipeline.scene.presentations.first?.selectedDetent == .medium)
        #expect(pipeline.scene.presentations.first?.frame == nil)
    }

    // MARK: Host-owned scrolling

    @Test("an update with content.offset mid-gesture is the host's report: the hand-off is where it says 0")
    func hostReportsTheOffset() throws {
        var pipeline = DismissalPipeline(scene: Scene(presentations: [
            Presentation(id: "compose", style: .sheet, contentOffset: 200)]))
        let s = StrokeBuilder(screen: .standard)
        var intents: [Intent] = []
        for event in s.down(300, 300, at: 0) + s.motion(300, 350, at: 20_000) { pipeline.take(event, into: &intents) }
        #expect(Self.kinds(intents) == [.contentScrolled(presentation: "compose", offset: 150)])
        // The pipeline keeps its scene in step with the offset it assumes.
        #expect(pipeline.scene.presentations[0].contentOffset == 150)
        intents = []
        try pipeline.apply(.update(presentation: "compose", PresentationUpdate(contentOffset: 90)), time: 30_000, into: &intents)
        for event in s.motion(300, 560, at: 40_000) { pipeline.take(event, into: &intents) }
        #expect(intents.isEmpty)
        try pipeline.apply(.update(presentation: "compose", PresentationUpdate(contentOffset: 0)), time: 50_000, into: &intents)
        for event in s.motion(300, 600, at: 60_000) { pipeline.take(event, into: &intents) }
        #expect(Self.kinds(intents).first == .dragBegan(presentation: "compose", origin: .scrolledContent))
        #expect(pipeline.recogniser.phase == .dragging(presentation: "compose", origin: .scrolledContent, offset: 40))
        // While the sheet holds the finger, a report is stored in the scene and takes nothing away.
        intents = []
        try pipeline.apply(.update(presentation: "compose", PresentationUpdate(contentOffset: 12)), time: 70_000, into: &intents)
        #expect(intents.isEmpty)
        #expect(pipeline.scene.presentations[0].contentOffset == 12)
        #expect(pipeline.recogniser.phase == .dragging(presentation: "compose", origin: .scrolledContent, offset: 40))
        // The finger back up past where the host said 0 hands it back, at once.
        for event in s.motion(300, 550, at: 80_000) { pipeline.take(event, into: &intents) }
        #expect(Self.kinds(intents) == [.dragChanged(presentation: "compose", offset: 0, velocity: 0),
                                        .dragHandedBack(presentation: "compose")])
    }

    @Test("a scene whose topmost content offset differs mid-gesture reports it too")
    func sceneReportsTheOffset() throws {
        var pipeline = DismissalPipeline(scene: Scene(presentations: [
            Presentation(id: "compose", style: .sheet, contentOffset: 200)]))
        let s = StrokeBuilder(screen: .standard)
        var intents: [Intent] = []
        for event in s.down(300, 300, at: 0) + s.motion(300, 350, at: 20_000) { pipeline.take(event, into: &intents) }
        var scene = pipeline.scene
        scene.presentations[0].contentOffset = 0
        try pipeline.apply(.scene(scene), time: 30_000, into: &intents)
        intents = []
        for event in s.motion(300, 380, at: 40_000) { pipeline.take(event, into: &intents) }
        #expect(Self.kinds(intents).first == .dragBegan(presentation: "compose", origin: .scrolledContent))
    }

    // MARK: Screen changes

    static let rotated = ScreenSize(width: 800, height: 1280, widthMM: 136, heightMM: 217)
    static let compact = ScreenSize(width: 500, height: 800, widthMM: 85, heightMM: 136)

    @Test("a screen change cancels the drag and keeps the presentations, their detents, unsaved work and questions")
    func screenChangeCancelsAndKeeps() throws {
        var pipeline = Self.dragging(Self.sheet("below", unsavedChanges: true),
                                     Self.sheet(detents: [.medium, .large], selected: .large, unsavedChanges: true))
        var intents: [Intent] = []
        try pipeline.apply(.button(presentation: "below", .cancel), time: 120_000, into: &intents)
        #expect(Self.kinds(intents) == [.rejected(presentation: "below", source: .cancelButton, reason: .coveredBy("compose"))])
        intents = []
        let before = pipeline.scene
        try pipeline.apply(.screen(Self.rotated), time: 150_000, into: &intents)
        #expect(Self.kinds(intents) == [.dragEnded(presentation: "compose", outcome: .cancel, detent: .large)])
        #expect(pipeline.scene.presentations == before.presentations)
        #expect(pipeline.scene.screen == Self.rotated)
        #expect(Self.finishDrag(&pipeline).isEmpty)
        // A question opened before a screen change is still open after it.
        intents = []
        try pipeline.apply(.button(presentation: "compose", .cancel), time: 400_000, into: &intents)
        try pipeline.apply(.screen(.standard), time: 450_000, into: &intents)
        #expect(pipeline.policy.isAsking(about: "compose"))
        try pipeline.apply(.confirm(presentation: "compose", .discard), time: 500_000, into: &intents)
        #expect(Self.kinds(intents).last == .dismiss(presentation: "compose", source: .cancelButton, resolution: .discarded))
    }

    @Test("adaptivity follows the width: a popover is a sheet in a compact width, and a popover again after")
    func screenChangeAdapts() throws {
        let popover = Presentation(id: "share", style: .popover, modal: false,
                                   frame: Rect(x: 100, y: 60, width: 320, height: 400))
        var pipeline = DismissalPipeline(scene: Scene(presentations: [popover]))
        var intents: [Intent] = []
        try pipeline.apply(.screen(Self.compact), time: 0, into: &intents)
        #expect(intents.isEmpty)
        let s = StrokeBuilder(screen: Self.compact)
        for event in s.stroke(from: (250, 60), to: (250, 500), start: 10_000, duration: 100_000) { pipeline.take(event, into: &intents) }
        #expect(Self.kinds(intents).last == .dismiss(presentation: "share", source: .swipeFromTop, resolution: .direct))
        // Back at a regular width a swipe on a popover does nothing.
        var again = DismissalPipeline(scene: Scene(screen: Self.compact, presentations: [popover]))
        try again.apply(.screen(.standard), time: 0, into: &intents)
        intents = []
        let r = StrokeBuilder(screen: .standard)
        for event in r.stroke(from: (250, 70), to: (250, 500), start: 10_000, duration: 100_000) { again.take(event, into: &intents) }
        #expect(intents.isEmpty)
    }

    @Test("a stack the new width makes invalid is kept; commands may not add a problem to it")
    func screenChangeKeepsAnInvalidStack() throws {
        // In a compact width the popover is a sheet, so a sheet may go above it; back at a regular
        // width the sheet above the popover breaks a rule, and the stack is kept as it is.
        let popover = Presentation(id: "share", style: .popover, modal: false, unsavedChanges: true,
                                   frame: Rect(x: 100, y: 60, width: 320, height: 400))
        var pipeline = DismissalPipeline(scene: Scene(screen: Self.compact, presentations: [popover, Self.sheet(unsavedChanges: true)]))
        var intents: [Intent] = []
        try pipeline.apply(.screen(.standard), time: 0, into: &intents)
        #expect(pipeline.scene.presentations.map(\.id) == ["share", "compose"])
        #expect(throws: SceneValidationError.self) { try pipeline.scene.validate() }
        // An update that leaves the same problem goes through; one that adds another is refused.
        try pipeline.apply(.update(presentation: "compose", PresentationUpdate(unsavedChanges: false)), time: 10, into: &intents)
        #expect(pipeline.scene.presentations[1].unsavedChanges == false)
        #expect(throws: HostCommandError.self) {
            try pipeline.apply(.update(presentation: "compose", PresentationUpdate(selectedDetent: .medium)), time: 20, into: &intents)
        }
        // Dismissing the sheet above clears the problem.
        try pipeline.apply(.dismiss(presentation: "compose"), time: 30, into: &intents)
        #expect(Self.kinds(intents).last == .dismiss(presentation: "compose", source: .programmatic, resolution: .direct))
        try pipeline.scene.validate()
    }

    @Test("a screen out of range, or one the top inset does not fit, is refused and changes nothing",
          arguments: [ScreenSize(width: 0, height: 800, widthMM: 217, heightMM: 136),
                      ScreenSize(width: 1e300, height: 1e300, widthMM: 217, heightMM: 136),
                      ScreenSize(width: 1280, height: 30, widthMM: 217, heightMM: 136)])
    func screenOutOfRange(_ screen: ScreenSize) {
        var pipeline = Self.dragging(Self.sheet())
        let before = pipeline.scene
        var intents: [Intent] = []
        #expect(throws: HostCommandError.self) { try pipeline.apply(.screen(screen), time: 150_000, into: &intents) }
        #expect(intents.isEmpty)
        #expect(pipeline.scene == before)
        #expect(pipeline.recogniser.phase == .dragging(presentation: "compose", origin: .topRegion, offset: 200))
    }

    // MARK: Programmatic and accessibility escape (SPEC 3)

    @Test("programmatic and accessibilityEscape reach the gate for every style: dismissed when clean, asked when unsaved",
          arguments: [PresentationStyle.sheet, .popover, .fullScreen, .alert, .currentContext, .formSheet])
    func everyStyleReachesTheGate(style: PresentationStyle) throws {
        for command in [HostCommand.dismiss(presentation: "p"), .accessibility(presentation: "p", .escape)] {
            for unsaved in [false, true] {
                let presentation = Presentation(id: "p", style: style, modal: true, unsavedChanges: unsaved,
                                                frame: style == .popover ? Rect(x: 100, y: 60, width: 320, height: 400) : nil)
                var pipeline = DismissalPipeline(scene: Scene(presentations: [presentation]))
                var intents: [Intent] = []
                try pipeline.apply(command, time: 0, into: &intents)
                let source: DismissalSource = if case .dismiss = command { .programmatic } else { .accessibilityEscape }
                #expect(Self.kinds(intents) == [unsaved
                    ? .confirmationRequested(presentation: "p", source: source, options: [.discard, .save, .keepEditing])
                    : .dismiss(presentation: "p", source: source, resolution: .direct)], "\(style) \(command) unsaved \(unsaved)")
            }
        }
    }
}
