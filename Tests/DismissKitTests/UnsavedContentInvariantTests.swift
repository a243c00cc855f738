import Testing
@testable import DismissKit

/// A small deterministic random number generator (SplitMix64), so that every run
/// generates the same recordings and a failure names a seed that reproduces it.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The invariant of SPEC section 5.5, hammered with generated recordings: nothing
/// with unsaved changes is ever dismissed unless the host answered `discard` or
/// `save`, or the source was the done button, or a non-modal popover autosaved
/// (a `save` first) on a tap outside.
@Suite struct UnsavedContentInvariantTests {
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
            id: "sheet", style: [.sheet, .pageSheet, .formSheet, .automatic, .currentContext].randomElement(using: &random) ?? .sheet,
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
        var stack = top.id == "sheet" ? [top] : [sheet, top]
        if Int.random(in: 0..<6, using: &random) == 0 {
            stack.append(Presentation(id: "alert", style: .alert, unsavedChanges: true))
        }
        return Scene(screen: screen, presentations: stack)
    }

    /// One input step of a generated session.
    enum Step {
        case kernel([InputEvent])
        case escape(Int64)
        case deviceRemoved(Int64)
        case command(HostCommand, Int64)
    }

    /// A session: random strokes (fingers, speed, rate 30–240 Hz, jitter, rests, palms)
    /// interleaved with keys, device removals and host commands.
    static func session(_ random: inout SeededGenerator, scene: Scene) -> [Step] {
        var steps: [Step] = []
        var time: Int64 = 0
        var trackingID: Int32 = 1
        let ids = scene.presentations.map(\.id) + ["missing"]
        func frame(_ events: [(UInt16, Int32)]) -> Step {
            .kernel(events.map { InputEvent(time: time, type: EventType.absolute, code: $0.0, value: $0.1) }
                + [InputEvent(time: time, type: EventType.synchronization, code: 0, value: 0)])
        }
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            time += Int64.random(in: 1_000...600_000, using: &random)
            switch Int.random(in: 0..<10, using: &random) {
            case 0:
                steps.append(.escape(time))
            case 1:
                let id = ids.randomElement(using: &random) ?? "sheet"
                let command: HostCommand
                switch Int.random(in: 0..<8, using: &random) {
                case 0: command = .button(presentation: id, .cancel)
                case 1: command = .button(presentation: id, .done)
                case 2: command = .accessibility(presentation: id, [.escape, .nextDetent, .previousDetent].randomElement(using: &random) ?? .escape)
                case 3: command = .confirm(presentation: id, [.discard, .save, .keepEditing].randomElement(using: &random) ?? .keepEditing)
                case 4: command = .update(presentation: id, PresentationUpdate(unsavedChanges: Bool.random(using: &random)))
                case 5: command = .dismiss(presentation: id)
                case 6: command = .update(presentation: id, PresentationUpdate(contentOffset: Double(Int.random(in: 0...200, using: &random))))
                default: command = .remove(presentation: id)
                }
                steps.append(.command(command, time))
            default:
                // A stroke, sometimes with a second finger or a palm, sometimes cut by a removal.
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
                var removed = false
                for index in 1...samples {
                    time += interval + Int64.random(in: -Int64(interval / 5)...Int64(interval / 5), using: &random)
                    let progress = Double(index) / Double(samples)
                    let x = startX + (endX - startX) * progress + Double.random(in: -jitter...jitter, using: &random)
                    let y = startY + (endY - startY) * progress + Double.random(in: -jitter...jitter, using: &random)
                    steps.append(frame([(AbsoluteAxis.multitouchSlot, slot),
                                        (AbsoluteAxis.multitouchPositionX, Int32(x)), (AbsoluteAxis.multitouchPositionY, Int32(y))]))
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

    /// Checks every dismissal of one step against the invariant.
    static func violations(of intents: [Intent], step: Step, before scene: Scene) -> [String] {
        var problems: [String] = []
        var saved: Set<String> = []
        for intent in intents {
            switch intent.kind {
            case .save(let id):
                saved.insert(id)
            case .dismiss(let id, let source, let resolution):
                guard let presentation = scene.presentation(withID: id) else {
                    problems.append("dismissed \"\(id)\", which was not presented")
                    continue
                }
                guard presentation.unsavedChanges else { continue }
                let allowed: Bool
                switch resolution {
                case .direct:
                    if case .command(.button(id, .done), _) = step { allowed = source == .doneButton } else { allowed = false }
                case .discarded:
                    if case .command(.confirm(id, .discard), _) = step { allowed = true } else { allowed = false }
                case .saved:
                    if case .command(.confirm(id, .save), _) = step { allowed = saved.contains(id) } else { allowed = false }
                case .autosaved:
                    allowed = source == .tapOutside && saved.contains(id) && scene.role(of: presentation) == .popover && !presentation.modal
                }
                if !allowed { problems.append("dismissed \"\(id)\" with unsaved changes: source \(source), resolution \(resolution)") }
            case .dragBegan, .dragChanged, .dragEnded, .setDetent, .passthroughTap, .confirmationRequested, .cancelled, .rejected:
                break
            }
        }
        return problems
    }

    /// Runs one generated session and returns what broke the invariant, with the dismissals seen.
    static func run(seed: UInt64) -> (problems: [String], dismissals: Int, confirmations: Int) {
        var random = SeededGenerator(seed: seed)
        let scene = scenes(&random)
        let steps = session(&random, scene: scene)
        var pipeline = DismissalPipeline(scene: scene)
        guard var decoder = try? TouchDecoder(device: device, screen: scene.screen) else { return (["no decoder"], 0, 0) }
        var touches: [TouchEvent] = []
        var intents: [Intent] = []
        var problems: [String] = []
        var dismissals = 0, confirmations = 0
        var pending = steps[...]
        while let step = pending.popFirst() {
            let before = pipeline.scene
            intents.removeAll()
            switch step {
            case .kernel(let events):
                touches.removeAll()
                for event in events { decoder.decode(event, into: &touches) }
                for touch in touches { pipeline.handle(touch, into: &intents) }
            case .escape(let time):
                pipeline.handleEscapeKey(time: time, into: &intents)
            case .deviceRemoved(let time):
                touches.removeAll()
                decoder.cancelAll(time: time, into: &touches)
                for touch in touches { pipeline.handle(touch, into: &intents) }
                pipeline.handleDeviceRemoved(time: time, into: &intents)
            case .command(let command, let time):
                try? pipeline.apply(command, time: time, into: &intents)
            }
            problems += violations(of: intents, step: step, before: before).map { "seed \(seed): \($0)" }
            for intent in intents {
                if case .dismiss = intent.kind { dismissals += 1 }
                guard case .confirmationRequested(let id, _, _) = intent.kind else { continue }
                confirmations += 1
                // Like a host, usually answer the question before the next input.
                if Int.random(in: 0..<5, using: &random) > 0 {
                    let choice = [ConfirmationChoice.discard, .save, .keepEditing].randomElement(using: &random) ?? .keepEditing
                    pending.insert(.command(.confirm(presentation: id, choice), intent.time + 1), at: pending.startIndex)
                }
            }
        }
        return (problems, dismissals, confirmations)
    }

    @Test func noUnsavedWorkIsEverDismissedSilently() {
        var problems: [String] = []
        var dismissals = 0, confirmations = 0
        for seed in UInt64(1)...4_000 {
            let result = Self.run(seed: seed)
            problems += result.problems
            dismissals += result.dismissals
            confirmations += result.confirmations
        }
        #expect(problems.isEmpty, "\(problems.count) violations, first: \(problems.prefix(5))")
        // The generated sessions must actually reach the gate, or the test proves nothing.
        #expect(dismissals > 200, "only \(dismissals) dismissals in 4000 sessions")
        #expect(confirmations > 400, "only \(confirmations) confirmations in 4000 sessions")
    }

    @Test func theCheckCatchesASilentDismissal() {
        let scene = Scene(presentations: [Presentation(id: "sheet", style: .sheet, unsavedChanges: true)])
        let silent = [Intent(time: 1, kind: .dismiss(presentation: "sheet", source: .escapeKey, resolution: .direct))]
        #expect(Self.violations(of: silent, step: .escape(1), before: scene).count == 1)
        let done = [Intent(time: 1, kind: .dismiss(presentation: "sheet", source: .doneButton, resolution: .direct))]
        #expect(Self.violations(of: done, step: .command(.button(presentation: "sheet", .done), 1), before: scene).isEmpty)
        let saved = [Intent(time: 1, kind: .save(presentation: "sheet")),
                     Intent(time: 1, kind: .dismiss(presentation: "sheet", source: .escapeKey, resolution: .saved))]
        #expect(Self.violations(of: saved, step: .command(.confirm(presentation: "sheet", .save), 1), before: scene).isEmpty)
        #expect(Self.violations(of: saved, step: .escape(1), before: scene).count == 1)
    }
}
