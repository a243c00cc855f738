import Testing
@testable import DismissKitCore

/// The rows of `Sources/DismissKitCore/Recogniser/GestureRecogniser.md`'s transition tables that
/// no other test of the recogniser asserts on its own: one test a row, which quotes it in a
/// `Diagram row:` line (`GestureRecogniserDiagramCoverageTests` checks that every row is quoted
/// once). The standard screen: a medium sheet's top edge is at y 420 (its 56-point header down to
/// 476), a large one's at y 40.
@Suite("the recogniser's diagram, row by row")
struct GestureRecogniserDiagramTests {
    /// The states a gesture can be in, each reached by its contact on seat slot 0 before 60 ms.
    enum GestureState: CaseIterable, CustomStringConvertible {
        case tapOutside, pressed, scrollingContent, dragging

        var description: String {
            switch self {
            case .tapOutside: "tapOutside"
            case .pressed: "pressed"
            case .scrollingContent: "scrollingContent"
            case .dragging: "dragging"
            }
        }

        /// The states a contact on a non-modal sheet can start (outside it, nothing starts).
        static let onANonModalSheet: [GestureState] = [.pressed, .scrollingContent, .dragging]
    }

    /// A medium + large sheet at medium, its content scrolled 100 points.
    static func sheet(modal: Bool = true) -> Presentation {
        GestureRecogniserTests.sheet(detents: [.medium, .large], selected: .medium, contentOffset: 100, modal: modal)
    }

    /// A recogniser in `state` on ``sheet(modal:)``: a tap candidate above the sheet, a press on
    /// its header, content scrolled 50 points, or the sheet dragged 50 points down.
    static func harness(in state: GestureState, modal: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) -> Harness {
        var h = Harness(GestureRecogniserTests.scene(sheet(modal: modal)))
        let s = h.strokes
        let expected: GestureRecogniser.Phase
        switch state {
        case .tapOutside:
            h.feed(s.down(640, 200, at: 0))
            expected = .tapOutside(presentation: "sheet")
        case .pressed:
            h.feed(s.down(640, 440, at: 0))
            expected = .pressed(presentation: "sheet", region: .topRegion)
        case .scrollingContent:
            h.feed(s.down(640, 600, at: 0) + s.motion(640, 650, at: 50_000))
            expected = .scrollingContent(presentation: "sheet", contentOffset: 50)
        case .dragging:
            h.feed(s.down(640, 440, at: 0) + s.motion(640, 490, at: 50_000))
            expected = .dragging(presentation: "sheet", origin: .topRegion, offset: 50)
        }
        #expect(h.recogniser.phase == expected, "\(state)", sourceLocation: sourceLocation)
        return h
    }

    /// What ending `state` says: a drag's `dragEnded cancel` at its detent, nothing for the others.
    static func cancellation(of state: GestureState) -> [String] {
        state == .dragging ? ["dragEnded sheet cancel medium"] : []
    }

    /// Checks that `h` rests, ignoring its contact, and that the contact's move and lift then
    /// pass in silence to `idle`.
    static func expectRestingUntilTheLift(_ h: inout Harness, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(h.recogniser.phase == .ignoringUntilLift, "\(label)", sourceLocation: sourceLocation)
        #expect(h.feed(h.strokes.motion(640, 790, at: 70_000) + h.strokes.up(at: 80_000)).isEmpty, "\(label)", sourceLocation: sourceLocation)
        #expect(h.recogniser.phase == .idle, "\(label)", sourceLocation: sourceLocation)
    }

    /// A second finger, on seat slot 1.
    static func secondFinger(_ h: Harness) -> StrokeBuilder {
        var second = h.strokes
        second.seatSlot = 1
        return second
    }

    // MARK: The states' own rows

    /// Diagram row: | `idle` | `down`, topmost presentation asking, empty scene, or a region where nothing starts (inside a popover, alert or full-screen presentation; outside a non-modal sheet; outside where the tap does nothing) | `ignoringUntilLift` | |
    @Test("idle: a down where nothing can start ignores the contact until it lifts")
    func idleDownWhereNothingStarts() {
        let medium = GestureRecogniserTests.sheet(detents: [.medium], selected: .medium)
        var compact = GestureRecogniserTests.scene(medium)
        compact.screen = ScreenSize(width: 500, height: 800, widthMM: 85, heightMM: 136)
        let cases: [(name: String, scene: Scene, asking: Bool, x: Double, y: Double)] = [
            ("the topmost presentation asking", GestureRecogniserTests.scene(GestureRecogniserTests.sheet()), true, 640, 60),
            ("an empty scene", Scene(), false, 640, 60),
            ("inside a non-modal popover", GestureRecogniserTests.scene(GestureRecogniserTests.popover(modal: false)), false, 1000, 200),
            ("inside a modal popover", GestureRecogniserTests.scene(GestureRecogniserTests.popover(modal: true)), false, 1000, 200),
            ("an alert", GestureRecogniserTests.scene(Presentation(id: "a", style: .alert)), false, 640, 400),
            ("a full-screen presentation", GestureRecogniserTests.scene(Presentation(id: "a", style: .fullScreen)), false, 640, 60),
            ("outside a non-modal sheet", GestureRecogniserTests.scene(GestureRecogniserTests.sheet(detents: [.medium], selected: .medium, modal: false)), false, 640, 200),
            ("outside where the tap does nothing (compact width)", compact, false, 250, 200),
        ]
        for example in cases {
            var recogniser = GestureRecogniser()
            let s = StrokeBuilder(screen: example.scene.screen)
            var output: [RecogniserOutput] = []
            for event in s.down(example.x, example.y, at: 0) {
                recogniser.take(event, in: example.scene, topIsAsking: example.asking, into: &output)
            }
            #expect(recogniser.phase == .ignoringUntilLift, "\(example.name)")
            for event in s.motion(example.x, example.y + 300, at: 50_000) + s.up(at: 100_000) {
                recogniser.take(event, in: example.scene, topIsAsking: example.asking, into: &output)
            }
            #expect(output.isEmpty, "\(example.name): \(output)")
            #expect(recogniser.phase == .idle, "\(example.name)")
        }
    }

    /// Diagram row: | `idle` | `down` outside, where a tap dismisses and/or passes through | `tapOutside` | |
    @Test("idle: a down outside, where a tap does something, is a tap candidate")
    func idleDownOutside() {
        let cases: [(name: String, presentation: Presentation, x: Double, y: Double)] = [
            ("above a regular-width medium sheet: dismisses", GestureRecogniserTests.sheet(detents: [.medium], selected: .medium), 640, 200),
            ("above a pass-through sheet: passes through",
             GestureRecogniserTests.sheet(detents: [.medium], selected: .medium, tapOutside: .passthrough), 640, 200),
            ("outside a non-modal popover: dismisses", GestureRecogniserTests.popover(modal: false), 100, 500),
            ("on a modal popover's pass-through rectangle: passes through", GestureRecogniserTests.popover(modal: true), 1050, 30),
        ]
        for example in cases {
            var h = Harness(GestureRecogniserTests.scene(example.presentation))
            #expect(h.feed(h.strokes.down(example.x, example.y, at: 0)).isEmpty, "\(example.name)")
            #expect(h.recogniser.phase == .tapOutside(presentation: PresentationID(stringLiteral: example.presentation.id)), "\(example.name)")
        }
    }

    /// Diagram row: | `idle` | `down` on the grabber's hit target, the top region or the content | `pressed` | |
    @Test("idle: a down on the grabber, the top region or the content is a press there")
    func idleDownOnTheSheet() {
        let cases: [(grabber: Bool, x: Double, y: Double, region: PresentationGeometry.Region)] = [
            (true, 650, 60, .grabber), (false, 640, 60, .topRegion), (false, 640, 400, .content),
        ]
        for example in cases {
            var h = Harness(GestureRecogniserTests.scene(GestureRecogniserTests.sheet(grabber: example.grabber)))
            #expect(h.feed(h.strokes.down(example.x, example.y, at: 0)).isEmpty)
            #expect(h.recogniser.phase == .pressed(presentation: "sheet", region: example.region), "\(example.region)")
        }
    }

    /// Diagram row: | `pressed` | `up` of the contact elsewhere | resting | |
    @Test("pressed: a lift on the top region or the content, within the slop, ends the press in silence")
    func pressedUpElsewhere() {
        for (x, y, region) in [(640.0, 60.0, PresentationGeometry.Region.topRegion), (640.0, 400.0, .content)] {
            var h = Harness(GestureRecogniserTests.scene(GestureRecogniserTests.sheet(detents: [.medium, .large])))
            let s = h.strokes
            h.feed(s.down(x, y, at: 0) + s.motion(x + 3, y + 3, at: 40_000))
            #expect(h.recogniser.phase == .pressed(presentation: "sheet", region: region))
            #expect(h.feed(s.up(at: 80_000)).isEmpty)
            #expect(h.outputs.isEmpty)
            #expect(h.recogniser.phase == .idle)
        }
    }

    /// Diagram row: | `scrollingContent` | `motion` of the contact, the sheet's share still 0 | `scrollingContent` | `contentScrolled` when the modelled offset changes (pipeline-scrolled content) |
    @Test("scrollingContent: each move that changes the modelled offset says where the content is, and only those")
    func scrollingContentMotion() {
        var h = Harness(GestureRecogniserTests.scene(GestureRecogniserTests.sheet(contentOffset: 200)))
        let s = h.strokes
        h.feed(s.down(640, 300, at: 0) + s.motion(640, 350, at: 20_000))
        #expect(h.recogniser.phase == .scrollingContent(presentation: "sheet", contentOffset: 150))
        let scrolled = h.feed(s.motion(640, 400, at: 40_000))
        #expect(scrolled.count == 1 && contentOffsets(scrolled) == [100])
        #expect(h.recogniser.phase == .scrollingContent(presentation: "sheet", contentOffset: 100))
        // Across, not down: the offset stays, and nothing is said.
        #expect(h.feed(s.motion(700, 400, at: 60_000)).isEmpty)
        #expect(h.recogniser.phase == .scrollingContent(presentation: "sheet", contentOffset: 100))
    }

    /// Diagram row: | `scrollingContent` | `up` of the contact | resting | |
    @Test("scrollingContent: the lift ends the scroll in silence")
    func scrollingContentUp() {
        var h = Harness(GestureRecogniserTests.scene(GestureRecogniserTests.sheet(contentOffset: 200)))
        let s = h.strokes
        h.feed(s.down(640, 300, at: 0) + s.motion(640, 350, at: 20_000))
        #expect(h.recogniser.phase == .scrollingContent(presentation: "sheet", contentOffset: 150))
        #expect(h.feed(s.up(at: 30_000)).isEmpty)
        #expect(decisions(h.outputs).isEmpty)
        #expect(h.recogniser.phase == .idle)
    }

    /// Diagram row: | `dragging` | `motion` of the contact, the share ≠ 0 (or a top-region or grabber drag) | `dragging` | `dragChanged` when the shown offset changes; `contentScrolled` while the sheet is pinned at its largest detent |
    @Test("dragging: a move says where the sheet is when that changes, and where the content is once the sheet is pinned at its largest detent")
    func draggingMotion() {
        var top = Harness(GestureRecogniserTests.scene(GestureRecogniserTests.sheet()))
        let t = top.strokes
        top.feed(t.down(640, 60, at: 0) + t.motion(640, 100, at: 20_000))
        let moved = top.feed(t.motion(640, 130, at: 30_000))
        #expect(moved.count == 1 && shownOffsets(moved) == [70])
        #expect(top.recogniser.phase == .dragging(presentation: "sheet", origin: .topRegion, offset: 70))
        // Across, not down: the sheet stays where it is, and nothing is said.
        #expect(top.feed(t.motion(700, 130, at: 40_000)).isEmpty)
        // Content grows a medium sheet to large (380 points), then scrolls: 70 points, then 50 more.
        var content = Harness(GestureRecogniserTests.scene(GestureRecogniserTests.sheet(detents: [.medium, .large], selected: .medium)))
        let c = content.strokes
        content.feed(c.down(640, 600, at: 0) + c.motion(640, 570, at: 30_000) + c.motion(640, 300, at: 60_000))
        let pinned = content.feed(c.motion(640, 150, at: 90_000))
        #expect(shownOffsets(pinned) == [-380])
        #expect(contentOffsets(pinned) == [70])
        let scrolled = content.feed(c.motion(640, 100, at: 120_000))
        #expect(shownOffsets(scrolled).isEmpty)
        #expect(contentOffsets(scrolled) == [120])
        #expect(content.recogniser.phase == .dragging(presentation: "sheet", origin: .scrolledContent, offset: -380))
    }

    /// Diagram row: | `dragging` | the host reports an offset (content contacts) | `dragging` | none: stored, it takes nothing away (SPEC 4.2, who has the finger) |
    @Test("dragging: the host's offset report is stored and the sheet keeps the finger")
    func draggingHostReport() {
        func dragged(reporting: Bool) -> (Harness, [RecogniserOutput]) {
            var h = Harness(GestureRecogniserTests.scene(GestureRecogniserTests.sheet(contentOffset: 100)))
            let s = h.strokes
            h.feed(s.down(640, 300, at: 0) + s.motion(640, 350, at: 20_000) + s.motion(640, 450, at: 40_000))
            #expect(h.recogniser.phase == .dragging(presentation: "sheet", origin: .scrolledContent, offset: 50))
            if reporting {
                h.recogniser.contentOffsetReported(30, of: "sheet", time: 45_000)
                #expect(h.recogniser.phase == .dragging(presentation: "sheet", origin: .scrolledContent, offset: 50))
            }
            let moved = h.feed(s.motion(640, 500, at: 60_000))
            return (h, moved)
        }
        let (reported, afterReport) = dragged(reporting: true)
        let (_, unreported) = dragged(reporting: false)
        #expect(shownOffsets(afterReport) == [100])
        #expect(afterReport == unreported)
        #expect(reported.recogniser.phase == .dragging(presentation: "sheet", origin: .scrolledContent, offset: 100))
    }

    /// Diagram row: | `dragging` | `up` of the contact | resting | the release rule: `dragEnded dismissAttempt` and an attempt, or `dragEnded settle` and a `setDetent` when the detent changes |
    @Test("dragging: the lift applies the release rule")
    func draggingUp() {
        let cases: [(distance: Double, expected: [String])] = [
            (100, ["dragBegan sheet topRegion", "dragEnded sheet settle large"]),
            (300, ["dragBegan sheet topRegion", "dragEnded sheet settle medium", "setDetent sheet medium swipe"]),
            (600, ["dragBegan sheet topRegion", "dragEnded sheet dismissAttempt large", "attempt sheet swipeFromTop"]),
        ]
        for example in cases {
            var h = Harness(GestureRecogniserTests.scene(GestureRecogniserTests.sheet(detents: [.medium, .large])))
            let s = h.strokes
            h.feed(s.down(300, 60, at: 0) + s.segment(from: (300, 60), to: (300, 60 + example.distance), start: 0, duration: 500_000))
            #expect(h.recogniser.phase == .dragging(presentation: "sheet", origin: .topRegion, offset: example.distance))
            h.feed(s.up(at: 600_000))
            #expect(decisions(h.outputs) == example.expected, "\(example.distance)")
            #expect(h.recogniser.phase == .idle)
        }
    }

    /// Diagram row: | `ignoringUntilLift` | the last contact lifts or is cancelled | `idle` | |
    @Test("ignoringUntilLift: every input passes in silence until the last contact lifts or is cancelled")
    func ignoringUntilTheLastLift() {
        for cancelled in [false, true] {
            var h = Harness(GestureRecogniserTests.scene(GestureRecogniserTests.popover(modal: true)))
            let first = h.strokes
            let second = Self.secondFinger(h)
            h.feed(first.down(1000, 200, at: 0) + second.down(100, 500, at: 10_000))
            #expect(h.recogniser.phase == .ignoringUntilLift)
            h.feed(first.motion(1000, 700, at: 20_000) + second.motion(100, 100, at: 30_000) + first.up(at: 40_000))
            // One contact is still down.
            #expect(h.recogniser.phase == .ignoringUntilLift)
            h.feed(cancelled ? second.cancel(at: 50_000) : second.up(at: 50_000))
            #expect(h.outputs.isEmpty)
            #expect(h.recogniser.phase == .idle)
        }
    }

    // MARK: The rows every gesture state shares

    /// Diagram row: | `down` of another contact | on the presentation (a modal one: anywhere; a non-modal sheet: inside its frame); always for `tapOutside` | resting | `dragging` only: `dragEnded cancel` |
    @Test("every gesture state: another contact that counts ends the gesture, a drag with dragEnded cancel")
    func anotherContactDown() {
        let landings: [(modal: Bool, x: Double, y: Double)] = [(true, 640, 700), (true, 640, 100), (false, 640, 700)]
        for landing in landings {
            for state in GestureState.allCases where landing.modal || state != .tapOutside {
                var h = Self.harness(in: state, modal: landing.modal)
                let second = Self.secondFinger(h)
                #expect(decisions(h.feed(second.down(landing.x, landing.y, at: 60_000))) == Self.cancellation(of: state), "\(state) \(landing)")
                #expect(h.recogniser.phase == .ignoringUntilLift, "\(state) \(landing)")
                h.feed(h.strokes.motion(640, 790, at: 70_000) + h.strokes.up(at: 80_000) + second.up(at: 90_000))
                #expect(decisions(h.outputs) == (state == .dragging ? ["dragBegan sheet topRegion"] : []) + Self.cancellation(of: state))
                #expect(h.recogniser.phase == .idle)
            }
        }
        // A tap candidate above a non-modal popover: any other contact, even outside it.
        var h = Harness(GestureRecogniserTests.scene(GestureRecogniserTests.popover(modal: false)))
        h.feed(h.strokes.down(100, 500, at: 0))
        #expect(h.recogniser.phase == .tapOutside(presentation: "share"))
        h.feed(Self.secondFinger(h).down(100, 700, at: 10_000))
        #expect(h.recogniser.phase == .ignoringUntilLift)
    }

    /// Diagram row: | `down` of another contact | outside a non-modal sheet (it belongs to the parent) | unchanged | nothing |
    @Test("every gesture state on a non-modal sheet: another contact outside it belongs to the parent")
    func anotherContactOutsideANonModalSheet() {
        for state in GestureState.onANonModalSheet {
            var h = Self.harness(in: state, modal: false)
            let phase = h.recogniser.phase
            #expect(h.feed(Self.secondFinger(h).down(640, 100, at: 60_000)).isEmpty, "\(state)")
            #expect(h.recogniser.phase == phase, "\(state)")
        }
    }

    /// Diagram row: | `cancel` of the contact | libinput's TOUCH_CANCEL: a palm, or its device went away | resting | `dragging` only: `dragEnded cancel` |
    @Test("every gesture state: a cancel of its contact ends it, a drag with dragEnded cancel")
    func theContactCancelled() {
        for state in GestureState.allCases {
            var h = Self.harness(in: state)
            #expect(decisions(h.feed(h.strokes.cancel(at: 60_000))) == Self.cancellation(of: state), "\(state)")
            #expect(h.recogniser.phase == .idle, "\(state)")
        }
        // With the parent's contact still down, resting is ignoring until it lifts.
        for state in GestureState.onANonModalSheet {
            var h = Self.harness(in: state, modal: false)
            let parent = Self.secondFinger(h)
            h.feed(parent.down(640, 100, at: 60_000))
            #expect(decisions(h.feed(h.strokes.cancel(at: 70_000))) == Self.cancellation(of: state), "\(state)")
            #expect(h.recogniser.phase == .ignoringUntilLift, "\(state)")
            h.feed(parent.up(at: 80_000))
            #expect(h.recogniser.phase == .idle, "\(state)")
        }
    }

    /// Diagram row: | `cancel` or `up` of another contact | | unchanged | nothing |
    @Test("every gesture state on a non-modal sheet: the lift or cancel of another contact changes nothing")
    func anotherContactLiftsOrIsCancelled() {
        for state in GestureState.onANonModalSheet {
            var h = Self.harness(in: state, modal: false)
            let phase = h.recogniser.phase
            let parent = Self.secondFinger(h)
            h.feed(parent.down(640, 100, at: 60_000))
            #expect(h.feed(parent.up(at: 70_000)).isEmpty, "\(state)")
            #expect(h.recogniser.phase == phase, "\(state)")
            h.feed(parent.down(640, 100, at: 80_000))
            #expect(h.feed(parent.cancel(at: 90_000)).isEmpty, "\(state)")
            #expect(h.recogniser.phase == phase, "\(state)")
        }
    }

    /// Diagram row: | `sceneChanged` | the presentation is no longer topmost, or its figures (`Target`) or a tap's effect changed | resting | `dragging` only: `dragEnded cancel` |
    @Test("every gesture state: a scene that covers, removes or reshapes its presentation ends it, a drag with dragEnded cancel")
    func sceneChangedUnderTheGesture() {
        let covered: (inout Scene) -> Void = { $0.presentations.append(GestureRecogniserTests.sheet("other")) }
        let removed: (inout Scene) -> Void = { $0.presentations = [] }
        let reshaped: (inout Scene) -> Void = { $0.presentations[0].selectedDetent = .large }
        let tapPassesThrough: (inout Scene) -> Void = { $0.presentations[0].tapOutside = .passthrough }
        let changes = [("covered", covered), ("removed", removed), ("reshaped", reshaped)]
        for state in GestureState.allCases {
            for (name, change) in changes + (state == .tapOutside ? [("tap passes through", tapPassesThrough)] : []) {
                var h = Self.harness(in: state)
                var scene = h.scene
                change(&scene)
                let out = h.announce(scene, at: 60_000)
                #expect(decisions(out) == Self.cancellation(of: state), "\(state) \(name)")
                Self.expectRestingUntilTheLift(&h, "\(state) \(name)")
            }
        }
    }

    /// Diagram row: | `sceneChanged` | same presentation, same figures | unchanged (the gate, unsaved changes or `dismissible`, is refreshed) | nothing |
    @Test("every gesture state: a scene that changes only the gate keeps the gesture, and the gate applies from the next move")
    func sceneChangedOnlyTheGate() {
        for state in GestureState.allCases {
            var h = Self.harness(in: state)
            let phase = h.recogniser.phase
            var scene = h.scene
            scene.presentations[0].unsavedChanges = true
            #expect(h.announce(scene, at: 60_000).isEmpty, "\(state)")
            #expect(h.recogniser.phase == phase, "\(state)")
        }
        // Dragged 150 points below medium, its smallest detent: ungated it follows the finger, gated it resists.
        func shown(gated: Bool) -> Double? {
            var h = Self.harness(in: .dragging)
            var scene = h.scene
            scene.presentations[0].unsavedChanges = gated
            h.announce(scene, at: 60_000)
            return shownOffsets(h.feed(h.strokes.motion(640, 590, at: 70_000))).last
        }
        #expect(shown(gated: false) == 150)
        #expect(shown(gated: true).map { close($0, 0.55 * 150 * 380 / (380 + 0.55 * 150)) } == true)
    }

    /// Diagram row: | `cancelGesture` | the screen changed (SPEC 7) | resting | `dragging` only: `dragEnded cancel` |
    @Test("every gesture state: a screen change ends it, a drag with dragEnded cancel")
    func screenChanged() {
        for state in GestureState.allCases {
            var h = Self.harness(in: state)
            var out: [RecogniserOutput] = []
            h.recogniser.cancelGesture(time: 60_000, into: &out)
            #expect(decisions(out) == Self.cancellation(of: state), "\(state)")
            Self.expectRestingUntilTheLift(&h, "\(state)")
        }
    }

    /// Diagram row: | `decisionMade` | the gesture's presentation stays: a question opened for it, an attempt on it was rejected, a question about it closed | resting | `dragging` only: `dragEnded cancel` at its detent, at the decision's time, which the pipeline emits before the decision |
    @Test("every gesture state: a decision that keeps its presentation ends it, a drag with dragEnded cancel at the decision's time")
    func decisionKeepsThePresentation() {
        for state in GestureState.allCases {
            var h = Self.harness(in: state)
            let phase = h.recogniser.phase
            // A decision about another presentation changes nothing.
            #expect(h.recogniser.decisionMade(about: "other", dismissed: false, time: 55_000) == nil, "\(state)")
            #expect(h.recogniser.phase == phase, "\(state)")
            let closing = h.recogniser.decisionMade(about: "sheet", dismissed: false, time: 60_000)
            let expected = Intent(time: 60_000, kind: .dragEnded(presentation: "sheet", outcome: .cancel, detent: .medium))
            #expect(closing == (state == .dragging ? expected : nil), "\(state)")
            Self.expectRestingUntilTheLift(&h, "\(state)")
        }
    }

    /// Diagram row: | `decisionMade` | the gesture's presentation was dismissed | resting | nothing: its `dismiss` closes the drag |
    @Test("every gesture state: the dismissal of its presentation ends it in silence")
    func decisionDismissesThePresentation() {
        for state in GestureState.allCases {
            var h = Self.harness(in: state)
            #expect(h.recogniser.decisionMade(about: "sheet", dismissed: true, time: 60_000) == nil, "\(state)")
            Self.expectRestingUntilTheLift(&h, "\(state)")
        }
    }
}
