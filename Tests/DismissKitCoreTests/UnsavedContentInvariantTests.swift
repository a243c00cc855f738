import Testing
@testable import DismissKitCore
import DismissKitTestSupport

/// The invariants of SPEC sections 5.5 and 4.9, hammered with generated sessions: nothing with
/// unsaved changes is ever dismissed unless the host answered `discard` or `save`, or the
/// source was the done button, or a non-modal popover autosaved (a `save` first) on a tap
/// outside, or the scene's idle rule said `save` or `discard` after its warning (half the
/// scenes have one, and the host ticks between and during strokes); and every `dragBegan` is closed by exactly one `dragEnded` or `dragHandedBack`, or
/// by its presentation's `dismiss`, with `dragEnded` before any question or rejection for it
/// (``DragRuleChecker``). Host commands and answers arrive at any time, during drags too, and aim
/// at covered presentations as often as at the topmost one.
///
/// The check keeps its own model of the stack (what the host presented, updated and removed,
/// and what the pipeline saved and dismissed), so it does not trust the pipeline's scene. It
/// also checks that no intent names a presentation after its dismissal, and that the
/// pipeline's scene passes the stack rules after every step.
@Suite struct UnsavedContentInvariantTests {
    /// The ids of the base sheet and of a sheet presented later: longer than an id held in the
    /// value, so that the pipeline numbers them (``PresentationNames``) in every session.
    static let sheetID = "the-base-sheet-whose-id-is-long", extraID = "an-extra-sheet-presented-later"

    /// The generated panel: 217 × 136 mm at 20 units/mm, 10 slots, like the project's recordings.
    static let device: DeviceDescription = {
        let axes: [UInt16: AbsoluteAxisInfo] = [
            AbsoluteAxis.multitouchSlot: AbsoluteAxisInfo(minimum: 0, maximum: 9),
            AbsoluteAxis.multitouchPositionX: AbsoluteAxisInfo(minimum: 0, maximum: 4339, resolution: 20),
            AbsoluteAxis.multitouchPositionY: AbsoluteAxisInfo(minimum: 0, maximum: 2719, resolution: 20),
            AbsoluteAxis.multitouchToolType: AbsoluteAxisInfo(minimum: 0, maximum: 2),
            AbsoluteAxis.multitouchTrackingID: AbsoluteAxisInfo(minimum: 0, maximum: 65535),
        ]
        return DeviceDescription(name: "generated", codes: [EventType.absolute: Set(axes.keys)], absoluteAxes: axes,
                                 properties: [InputProperty.direct])
    }()

    static let regular = ScreenSize(width: 1280, height: 800, widthMM: 217, heightMM: 136)
    static let compact = ScreenSize(width: 540, height: 800, widthMM: 92, heightMM: 136)

    /// Scenes whose topmost presentation (and some below it) hold unsaved work.
    static func scenes(_ random: inout SeededGenerator) -> Scene {
        let screen = Bool.random(using: &random) ? regular : compact
        let popoverFrame = Rect(x: 700, y: 80, width: 320, height: 400)
        let anchor = Rect(x: 1000, y: 10, width: 44, height: 44)
        let passthrough = [Rect(x: 0, y: 0, width: 600, height: 60)]
        let offset = [0, 0, 40, 300].randomElement(using: &random) ?? 0
        let detents: [[Detent]] = [[.large], [.medium, .large], [.medium], [.custom(250), .large]]
        let chosen = detents.randomElement(using: &random) ?? [.large]
        let sheet = Presentation(
            id: Self.sheetID, style: [.sheet, .pageSheet, .formSheet, .automatic, .currentContext].randomElement(using: &random) ?? .sheet,
            detents: chosen, selectedDetent: chosen.randomElement(using: &random), grabber: Bool.random(using: &random),
            contentOffset: Double(offset), modal: true, unsavedChanges: true,
            dismissible: Int.random(in: 0..<5, using: &random) > 0,
            tapOutside: [nil, .dismiss, .passthrough].randomElement(using: &random) ?? nil
        )
        let top: Presentation
        switch Int.random(in: 0..<7, using: &random) {
        case 0, 1, 2: top = sheet
        case 3:
            top = Presentation(id: "popover", style: .popover, modal: false, unsavedChanges: true,
                               frame: popoverFrame, anchor: anchor, passthrough: passthrough)
        case 4:
            top = Presentation(id: "popover", style: .popover, modal: true, unsavedChanges: true, frame: popoverFrame, anchor: anchor)
        case 5:
            top = Presentation(id: "full", style: .fullScreen, unsavedChanges: true)
        default:
            top = Presentation(id: "nonmodal", style: .sheet, detents: [.medium, .large], selectedDetent: .medium,
                               grabber: true, modal: false, unsavedChanges: true)
        }
        var stack = top.id == Self.sheetID ? [top] : [sheet, top]
        if Int.random(in: 0..<6, using: &random) == 0 {
            stack.append(Presentation(id: "alert", style: .alert, unsavedChanges: true))
        }
        var scene = Scene(screen: screen, presentations: stack)
        if Bool.random(using: &random) {
            let after = Int64.random(in: 200_000...1_500_000, using: &random)
            scene.idle = IdleRule(after: after, warning: Int64.random(in: 0..<after, using: &random),
                                  unsaved: IdleUnsavedRule.allCases.randomElement(using: &random) ?? .keep)
        }
        return scene
    }

    /// One input step of a generated session.
    enum Step {
        case kernel([InputEvent])
        case escape(Int64)
        /// The touch device went away: libinput cancels its touches.
        case deviceRemoved(Int64)
        case command(HostCommand, Int64)
    }

    /// A random host command; `ids` are the presentations it may name.
    static func command(_ random: inout SeededGenerator, ids: [String]) -> HostCommand {
        let id = ids.randomElement(using: &random) ?? Self.sheetID
        switch Int.random(in: 0..<13, using: &random) {
        case 0: return .button(presentation: id, .cancel)
        case 1: return .button(presentation: id, .done)
        case 2: return .accessibility(presentation: id, [.escape, .nextDetent, .previousDetent].randomElement(using: &random) ?? .escape)
        case 3, 4: return .confirm(presentation: id, [.discard, .save, .keepEditing].randomElement(using: &random) ?? .keepEditing)
        case 5: return .update(presentation: id, PresentationUpdate(unsavedChanges: Bool.random(using: &random)))
        case 6: return .dismiss(presentation: id)
        case 7: return .update(presentation: id, PresentationUpdate(contentOffset: Double(Int.random(in: 0...200, using: &random))))
        case 8: return .key(.escape)
        case 9:
            // Something new on top: it covers what was there.
            let style = [PresentationStyle.sheet, .formSheet, .alert].randomElement(using: &random) ?? .sheet
            return .present(Presentation(id: Self.extraID, style: style, unsavedChanges: Bool.random(using: &random)))
        case 10: return .update(presentation: id, PresentationUpdate(selectedDetent: [.medium, .large].randomElement(using: &random)))
        case 11:
            // A resize or rotation: compact and regular widths, and back.
            let rotated = ScreenSize(width: 800, height: 1280, widthMM: 136, heightMM: 217)
            return .screen([regular, compact, rotated].randomElement(using: &random) ?? regular)
        default: return .remove(presentation: id)
        }
    }

    /// A session: random strokes (fingers, speed, rate 30–240 Hz, jitter, rests, palms, device
    /// removals) with keys and host commands between them and in the middle of them.
    static func session(_ random: inout SeededGenerator, scene: Scene) -> [Step] {
        var steps: [Step] = []
        var time: Int64 = 0
        var trackingID: Int32 = 1
        let ids = scene.presentations.map(\.id) + [Self.extraID, "missing"]
        func frame(_ events: [(UInt16, Int32)]) -> Step {
            .kernel(events.map { InputEvent(time: time, type: EventType.absolute, code: $0.0, value: $0.1) }
                + [InputEvent(time: time, type: EventType.synchronization, code: 0, value: 0)])
        }
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            time += Int64.random(in: 1_000...600_000, using: &random)
            switch Int.random(in: 0..<11, using: &random) {
            case 0:
                steps.append(.escape(time))
            case 3:
                // The host's clock over a while without a touch: ticks up to 2 s apart.
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    time += Int64.random(in: 1_000...2_000_000, using: &random)
                    steps.append(.command(.tick, time))
                }
            case 1, 2:
                steps.append(.command(command(&random, ids: ids), time))
            default:
                // A stroke, sometimes with a second finger or a palm, sometimes cut by a removal,
                // sometimes with host commands while the finger moves.
                let rate = Double(Int.random(in: 30...240, using: &random))
                let interval = Int64(1_000_000 / rate)
                let startX = Double.random(in: 0..<4340, using: &random)
                let startY = Bool.random(using: &random) ? Double.random(in: 0..<900, using: &random) : Double.random(in: 0..<2720, using: &random)
                let endX = startX + Double.random(in: -600...600, using: &random)
                let endY = startY + Double.random(in: -800...2400, using: &random)
                let samples = Int.random(in: 1...60, using: &random)
                let jitter = Double.random(in: 0...3, using: &random)
                let slot: Int32 = 0
                steps.append(frame([(AbsoluteAxis.multitouchSlot, slot), (AbsoluteAxis.multitouchTrackingID, trackingID),
                                    (AbsoluteAxis.multitouchPositionX, Int32(startX)), (AbsoluteAxis.multitouchPositionY, Int32(startY))]))
                trackingID += 1
                let secondFingerAt = Int.random(in: 0..<4, using: &random) == 0 ? Int.random(in: 0..<samples, using: &random) : -1
                let palmAt = Int.random(in: 0..<8, using: &random) == 0 ? Int.random(in: 0..<samples, using: &random) : -1
                let removedAt = Int.random(in: 0..<12, using: &random) == 0 ? Int.random(in: 0..<samples, using: &random) : -1
                let commandChance = [0, 0, 8, 30].randomElement(using: &random) ?? 0
                var removed = false
                for index in 1...samples {
                    time += interval + Int64.random(in: -Int64(interval / 5)...Int64(interval / 5), using: &random)
                    let progress = Double(index) / Double(samples)
                    let x = startX + (endX - startX) * progress + Double.random(in: -jitter...jitter, using: &random)
                    let y = startY + (endY - startY) * progress + Double.random(in: -jitter...jitter, using: &random)
                    steps.append(frame([(AbsoluteAxis.multitouchSlot, slot),
                                        (AbsoluteAxis.multitouchPositionX, Int32(x)), (AbsoluteAxis.multitouchPositionY, Int32(y))]))
                    if Int.random(in: 0..<100, using: &random) < commandChance {
                        switch Int.random(in: 0..<5, using: &random) {
                        case 0, 1: steps.append(.command(command(&random, ids: ids), time))
                        case 2, 3: steps.append(.escape(time))
                        default: steps.append(.command(.tick, time))  // no warning, no reset: a finger is down
                        }
                    }
                    if index == secondFingerAt {
                        steps.append(frame([(AbsoluteAxis.multitouchSlot, 1), (AbsoluteAxis.multitouchTrackingID, trackingID),
                                            (AbsoluteAxis.multitouchPositionX, Int32(x + 300)), (AbsoluteAxis.multitouchPositionY, Int32(y))]))
                        trackingID += 1
                    }
                    if index == palmAt {
                        steps.append(frame([(AbsoluteAxis.multitouchSlot, slot), (AbsoluteAxis.multitouchToolType, MultitouchTool.palm)]))
                    }
                    if index == removedAt {
                        steps.append(.deviceRemoved(time))
                        removed = true
                        break
                    }
                }
                if removed { return steps }
                if Bool.random(using: &random) { time += Int64.random(in: 0...120_000, using: &random) }
                steps.append(frame([(AbsoluteAxis.multitouchSlot, 1), (AbsoluteAxis.multitouchTrackingID, -1),
                                    (AbsoluteAxis.multitouchSlot, slot), (AbsoluteAxis.multitouchToolType, 0),
                                    (AbsoluteAxis.multitouchTrackingID, -1)]))
            }
        }
        return steps
    }

    /// What one session did, for the invariant and for proof that it reached the cases that matter.
    struct Outcome {
        var problems: [String] = []
        var dismissals = 0
        var confirmations = 0
        var commandsDuringDrags = 0
        var screenChangesDuringDrags = 0
        var offsetsReportedDuringGestures = 0
        var coveredRejections = 0
        var gesturesEndedByDecisions = 0
        var questionsDuringDrags = 0
        var idleDismissalsOfUnsavedWork = 0

        static func + (a: Outcome, b: Outcome) -> Outcome {
            Outcome(problems: a.problems + b.problems, dismissals: a.dismissals + b.dismissals,
                    confirmations: a.confirmations + b.confirmations,
                    commandsDuringDrags: a.commandsDuringDrags + b.commandsDuringDrags,
                    screenChangesDuringDrags: a.screenChangesDuringDrags + b.screenChangesDuringDrags,
                    offsetsReportedDuringGestures: a.offsetsReportedDuringGestures + b.offsetsReportedDuringGestures,
                    coveredRejections: a.coveredRejections + b.coveredRejections,
                    gesturesEndedByDecisions: a.gesturesEndedByDecisions + b.gesturesEndedByDecisions,
                    questionsDuringDrags: a.questionsDuringDrags + b.questionsDuringDrags,
                    idleDismissalsOfUnsavedWork: a.idleDismissalsOfUnsavedWork + b.idleDismissalsOfUnsavedWork)
        }
    }

    /// Runs one generated session.
    static func run(seed: UInt64) -> Outcome {
        var random = SeededGenerator(seed: seed)
        let scene = scenes(&random)
        let steps = session(&random, scene: scene)
        var pipeline = DismissalPipeline(scene: scene)
        var unsavedWork = UnsavedWorkChecker(scene: scene)
        var outcome = Outcome()
        guard var decoder = try? TouchDecoder(device: device, screen: scene.screen) else {
            outcome.problems.append("no decoder")
            return outcome
        }
        var touches: [TouchEvent] = []
        var intents: [Intent] = []
        var screenLeftInvalidStack = false
        var dragRule = DragRuleChecker()
        var pending = steps[...]
        while let step = pending.popFirst() {
            intents.removeAll()
            let dragging: Bool
            if case .dragging = pipeline.recogniser.phase { dragging = true } else { dragging = false }
            switch step {
            case .kernel(let events):
                touches.removeAll()
                for event in events { decoder.decode(event, into: &touches) }
                // A report that gives no touch (a palm's motion) is nothing the pipeline hears.
                if touches.contains(where: { $0.kind != .frame }) { unsavedWork.tookDeviceInput() }
                for touch in touches { pipeline.take(touch, into: &intents) }
            case .escape(let time):
                unsavedWork.tookDeviceInput()
                pipeline.handleEscapeKey(time: time, into: &intents)
            case .deviceRemoved(let time):
                touches.removeAll()
                decoder.cancelAll(time: time, into: &touches)
                if touches.contains(where: { $0.kind != .frame }) { unsavedWork.tookDeviceInput() }
                for touch in touches { pipeline.take(touch, into: &intents) }
            case .command(let command, let time):
                if dragging { outcome.commandsDuringDrags += 1 }
                if dragging, case .screen = command { outcome.screenChangesDuringDrags += 1 }
                if case .update(_, let update) = command, update.contentOffset != nil, pipeline.recogniser.gesturePresentation != nil {
                    outcome.offsetsReportedDuringGestures += 1
                }
                // The checker hears a command once the pipeline took it; a refused one decides nothing.
                if (try? pipeline.apply(command, time: time, into: &intents)) != nil { unsavedWork.took(command) }
            }
            if dragging, pipeline.recogniser.phase == .ignoringUntilLift {
                let decided = intents.contains { if case .dismiss = $0.kind { true } else { false } }
                let asked = intents.contains { if case .confirmationRequested = $0.kind { true } else { false } }
                if decided || asked { outcome.gesturesEndedByDecisions += 1 }
                if asked { outcome.questionsDuringDrags += 1 }
            }
            for intent in intents {
                dragRule.take(intent)
                unsavedWork.take(intent, names: pipeline.names)
            }
            // A screen change may leave a stack that breaks a rule at the new width (kept as it is,
            // Docs/protocol.md "Screen changes"); anything else must keep the scene valid.
            if case .command(.screen, _) = step, (try? pipeline.scene.validate()) == nil { screenLeftInvalidStack = true }
            do {
                try pipeline.scene.validate()
                screenLeftInvalidStack = false
            } catch {
                if !screenLeftInvalidStack {
                    outcome.problems.append("seed \(seed): the pipeline's scene breaks a stack rule: \(error)")
                }
            }
            for intent in intents {
                switch intent.kind {
                case .dismiss(_, let source, let resolution):
                    outcome.dismissals += 1
                    if source == .idle, resolution != .direct { outcome.idleDismissalsOfUnsavedWork += 1 }
                case .rejected(_, _, .coveredBy): outcome.coveredRejections += 1
                case .confirmationRequested(let id, _, _):
                    outcome.confirmations += 1
                    // Like a host, usually answer the question before the next input.
                    if Int.random(in: 0..<5, using: &random) > 0 {
                        let choice = [ConfirmationChoice.discard, .save, .keepEditing].randomElement(using: &random) ?? .keepEditing
                        pending.insert(.command(.confirm(presentation: pipeline.names.name(of: id), choice), intent.time + 1), at: pending.startIndex)
                    }
                default: break
                }
            }
        }
        if let violation = unsavedWork.violation {
            outcome.problems.append("seed \(seed): intent \(violation.index): \(violation.reason)")
        }
        // Every session ends with its contacts lifted or cancelled.
        if let violation = dragRule.finished() {
            outcome.problems.append("seed \(seed): intent \(violation.index) breaks the drag rule: "
                + violation.reason.description(names: pipeline.names))
        }
        return outcome
    }

    static let sessions: UInt64 = 20_000

    @Test func noUnsavedWorkIsEverDismissedSilentlyAndEveryDragEnds() {
        let outcome = (UInt64(1)...Self.sessions).map(Self.run(seed:)).reduce(Outcome(), +)
        #expect(outcome.problems.isEmpty, "\(outcome.problems.count) violations, first: \(outcome.problems.prefix(5))")
        // The generated sessions must actually reach the gate and the hard cases, or the test proves nothing.
        #expect(outcome.dismissals > 3_000, "only \(outcome.dismissals) dismissals")
        #expect(outcome.confirmations > 3_000, "only \(outcome.confirmations) confirmations")
        #expect(outcome.commandsDuringDrags > 1_000, "only \(outcome.commandsDuringDrags) commands during drags")
        #expect(outcome.coveredRejections > 1_000, "only \(outcome.coveredRejections) attempts on covered presentations")
        #expect(outcome.gesturesEndedByDecisions > 100, "only \(outcome.gesturesEndedByDecisions) drags ended by a decision")
        #expect(outcome.questionsDuringDrags > 100, "only \(outcome.questionsDuringDrags) questions opened during drags")
        #expect(outcome.screenChangesDuringDrags > 100, "only \(outcome.screenChangesDuringDrags) screen changes during drags")
        #expect(outcome.idleDismissalsOfUnsavedWork > 100, "only \(outcome.idleDismissalsOfUnsavedWork) idle dismissals of unsaved work")
        #expect(outcome.offsetsReportedDuringGestures > 100,
                "only \(outcome.offsetsReportedDuringGestures) content offsets reported during gestures")
    }
}
