import DismissKit

/// A recording replayed against its scene, kept for drawing (`gesturectl plot`): the starting
/// scene, and in order every touch, timeline command, recogniser decision and intent.
///
/// It draws what the pipeline decided and never decides anything itself: feed it the steps of
/// ``Replay/steps(from:scene:scenePath:configuration:calibration:_:)``. ``svg()`` and ``html()``
/// are pure: values in, text out.
public struct RecordingPlot: Sendable {
    /// Shown above the pictures (the recording's name, say).
    public var title: String
    /// The scene when the recording starts.
    public let scene: Scene
    public let configuration: GestureConfiguration
    /// Touch events, without frames.
    public private(set) var touches: [TouchEvent] = []
    public private(set) var commands: [TimedCommand] = []
    public private(set) var decisions: [GestureDecision] = []
    public private(set) var intents: [Intent] = []
    /// The texts of the pipeline's long presentation ids, which the intents and decisions name.
    public private(set) var names = PresentationNames()
    /// The stretch of time drawn, in µs from the first event: all of it, unless ``restrict(from:to:touch:)`` narrowed it.
    public private(set) var window: ClosedRange<Int64>?
    /// The one contact drawn (its number, from 0), when ``restrict(from:to:touch:)`` asked for one.
    private var onlyContact: Int?

    public init(title: String, scene: Scene, configuration: GestureConfiguration = GestureConfiguration()) {
        self.title = title
        self.scene = scene
        self.configuration = configuration
    }

    /// Keeps one step of the replay, and its pipeline's names.
    public mutating func record(_ step: Replay.Step, names: PresentationNames) {
        if names.count != self.names.count { self.names = names }
        switch step {
        case .touch(let event): if event.kind != .frame { touches.append(event) }
        case .command(let command): commands.append(command)
        case .decision(let decision): decisions.append(decision)
        case .intent(let intent): intents.append(intent)
        }
    }

    /// Why ``restrict(from:to:touch:)`` cannot draw what it was asked for.
    public struct WindowError: Error, Sendable {
        public let message: String
    }

    /// Keeps what happened from `from` to `to` (µs from the first event), or while touch number
    /// `touch` (from 1, as the picture numbers them) was down, or both: its contact, its
    /// decisions and every intent and host command of that time. A drag that began before the
    /// window is kept whole.
    public mutating func restrict(from: Int64?, to: Int64?, touch: Int?) throws(WindowError) {
        let end = endTime
        if let from, from >= end {
            throw WindowError(message: "nothing to draw from \(Figure.milliseconds(from)) ms: the recording ends at \(Figure.milliseconds(end)) ms")
        }
        var lower = from ?? 0, upper = to ?? end
        var seatSlot: Int32?
        if let touch {
            let all = contacts
            guard touch >= 1 && touch <= all.count else {
                throw WindowError(message: "there is no touch \(touch): the recording has \(all.count == 1 ? "1 touch" : "\(all.count) touches")")
            }
            let contact = all[touch - 1]
            lower = max(lower, contact.points[0].time)
            upper = min(upper, max(contact.endTime, contact.points[0].time + 1000))
            seatSlot = contact.seatSlot
            onlyContact = contact.number
        }
        guard lower < upper else {
            throw WindowError(message: "nothing to draw: touch \(touch ?? 0) was not down from \(Figure.milliseconds(from ?? 0)) ms to \(Figure.milliseconds(to ?? end)) ms")
        }
        let window = lower...upper
        decisions = decisions.filter { window.contains($0.time) && (seatSlot == nil || $0.seatSlot == seatSlot) }
        commands = commands.filter { window.contains($0.time) }
        var kept: [Intent] = []
        var dragBegan: Intent?
        for intent in intents {
            if case .dragBegan = intent.kind { dragBegan = intent }
            guard window.contains(intent.time) else { continue }
            switch intent.kind {
            case .dragChanged, .dragEnded:
                // The drag's start, before the window, so that the drag is drawn.
                if let began = dragBegan, !window.contains(began.time) {
                    kept.append(began)
                    dragBegan = nil
                }
            default:
                break
            }
            kept.append(intent)
        }
        intents = kept
        self.window = window
    }

    // MARK: - What the pictures are made of

    /// One contact from its down to its up or cancel (or the end of the recording).
    struct Contact {
        enum End { case up, cancel, none }
        var number: Int
        var seatSlot: Int32
        var points: [(time: Int64, x: Double, y: Double)]
        var end: End = .none
        var endTime: Int64
    }

    /// A sheet drag as the intents tell it, with the contact that made it.
    struct DragTrace {
        var presentation: PresentationID
        var origin: DragOrigin
        var began: Int64
        /// `dragChanged`: the offset shown (after resistance) and the velocity.
        var samples: [(time: Int64, offset: Double, velocity: Double)] = []
        var ended: (time: Int64, outcome: DragOutcome, explanation: Explanation?)?
        /// The contact's number, from the `dragStarted` decision before it.
        var contact: Int?
        /// Where the contact went down (the finger's travel is measured from there).
        var startY: Double?
    }

    /// The contacts in the order they went down (those of the window, when narrowed).
    var contacts: [Contact] {
        let all = allContacts
        guard let window else { return all }
        return all.filter { contact in
            contact.points[0].time <= window.upperBound && contact.endTime >= window.lowerBound
                && (onlyContact == nil || contact.number == onlyContact)
        }
    }

    /// Every contact, in the order they went down.
    private var allContacts: [Contact] {
        var contacts: [Contact] = []
        var active: [Int32: Int] = [:]
        for event in touches {
            switch event.kind {
            case .down:
                guard let point = event.point else { continue }
                active[event.seatSlot] = contacts.count
                contacts.append(Contact(number: contacts.count, seatSlot: event.seatSlot,
                                        points: [(event.time, point.x, point.y)], endTime: event.time))
            case .motion:
                guard let point = event.point, let index = active[event.seatSlot] else { continue }
                contacts[index].points.append((event.time, point.x, point.y))
                contacts[index].endTime = event.time
            case .up, .cancel:
                guard let index = active.removeValue(forKey: event.seatSlot) else { continue }
                contacts[index].end = event.kind == .up ? .up : .cancel
                contacts[index].endTime = event.time
            case .frame:
                continue
            }
        }
        return contacts
    }

    /// The drags, each linked to the contact whose `dragStarted` decision came last before its `dragBegan`.
    /// Where everything goes: the timeline's panels folded where there is nothing to draw.
    func layout(contacts: [Contact]) -> PlotLayout {
        PlotLayout(scene: scene, startTime: startTime, endTime: endTime, activity: activity, touches: contacts.count,
                   sheetDragged: !drags(contacts: contacts).isEmpty, tapsDecided: !tapDecisions.isEmpty)
    }

    /// The decisions the taps lane draws: a tap outside or on the grabber, and one held too long.
    var tapDecisions: [GestureDecision] {
        decisions.filter { decision in
            switch decision.kind {
            case .tapOutside, .grabberTap, .tapTooLong, .grabberTapTooLong: true
            case .dragStarted, .crossAxis, .tapMovedPastSlop, .secondContact, .keyboardTouch, .touchRefused: false
            }
        }
    }

    func drags(contacts: [Contact]) -> [DragTrace] {
        var drags: [DragTrace] = []
        var open: Int?
        var decisionIndex = 0
        var lastStart: GestureDecision?
        for intent in intents {
            while decisionIndex < decisions.count && decisions[decisionIndex].time <= intent.time {
                if case .dragStarted = decisions[decisionIndex].kind { lastStart = decisions[decisionIndex] }
                decisionIndex += 1
            }
            switch intent.kind {
            case .dragBegan(let presentation, let origin):
                var drag = DragTrace(presentation: presentation, origin: origin, began: intent.time)
                if let start = lastStart, start.presentation == presentation,
                   let contact = contacts.last(where: { $0.seatSlot == start.seatSlot && $0.points[0].time <= start.time }) {
                    drag.contact = contact.number
                    drag.startY = contact.points[0].y
                }
                open = drags.count
                drags.append(drag)
            case .dragChanged(_, let offset, let velocity):
                if let open { drags[open].samples.append((intent.time, offset, velocity)) }
            case .dragEnded(_, let outcome, _):
                if let index = open {
                    drags[index].ended = (intent.time, outcome, intent.explanation)
                    open = nil
                }
            case .confirmationRequested, .dismiss, .dragHandedBack:
                open = nil  // a decision made elsewhere, or the content taking the finger back, ends the drag silently
            case .setDetent, .passthroughTap, .save, .cancelled, .rejected, .contentScrolled, .hideKeyboard, .idleWarning, .idleCancelled,
                 .idleReset:
                break
            }
        }
        return drags
    }

    /// Each question asked: from `confirmationRequested` to the host's answer or removal (or the
    /// end of the picture), for whom, what asked it and the answers offered.
    var questionSpans: [(start: Int64, end: Int64, presentation: String, source: String, choices: [String])] {
        intents.compactMap { intent in
            guard case .confirmationRequested(let id, let source, let options) = intent.kind else { return nil }
            let answer = commands.first { command in
                guard command.time >= intent.time else { return false }
                switch command.command {
                case .confirm(let answered, _), .remove(let answered): return names.isID(id, of: answered)
                default: return false
                }
            }
            return (intent.time, answer?.time ?? endTime, names.name(of: id), source.rawValue, options.map { $0.rawValue })
        }
    }

    /// When something happened, in µs: every touch event, host command, decision and intent,
    /// and the whole time each tap could have lasted.
    var activity: [ClosedRange<Int64>] {
        var spans = touches.map { $0.time...$0.time } + commands.map { $0.time...$0.time }
            + decisions.map { $0.time...$0.time } + intents.map { $0.time...$0.time }
        for decision in decisions {
            switch decision.kind {
            case .tapOutside(let duration, let limit), .tapTooLong(let duration, let limit),
                 .grabberTap(let duration, let limit), .grabberTapTooLong(let duration, let limit):
                spans.append((decision.time - duration)...max(decision.time, decision.time - duration + limit))
            case .dragStarted, .crossAxis, .tapMovedPastSlop, .secondContact, .keyboardTouch, .touchRefused:
                break
            }
        }
        return spans
    }

    /// The time the pictures start at, in µs.
    var startTime: Int64 { window?.lowerBound ?? 0 }

    /// The time the pictures end at, in µs: the last thing that happened, or the end of the
    /// longest a tap could have lasted, if later.
    var endTime: Int64 {
        if let window { return window.upperBound }
        var end = max(touches.last?.time ?? 0, commands.last?.time ?? 0, intents.last?.time ?? 0, decisions.last?.time ?? 0)
        for decision in decisions {
            switch decision.kind {
            case .tapOutside(let duration, let limit), .tapTooLong(let duration, let limit),
                 .grabberTap(let duration, let limit), .grabberTapTooLong(let duration, let limit):
                end = max(end, decision.time - duration + limit)
            case .dragStarted, .crossAxis, .tapMovedPastSlop, .secondContact, .keyboardTouch, .touchRefused:
                break
            }
        }
        return end
    }

    /// Where each presentation of the starting scene stands over time, for the HTML scrubber:
    /// points below its starting position, and whether it is still presented.
    func positions(of presentation: Presentation) -> [(time: Int64, offset: Double, presented: Bool)] {
        let geometry = PresentationGeometry(presentation: presentation, in: scene, configuration: configuration)
        var base = 0.0
        var track: [(time: Int64, offset: Double, presented: Bool)] = [(0, 0, true)]
        for intent in intents {
            switch intent.kind {
            case .dragChanged(let id, let offset, _) where names.isID(id, of: presentation.id):
                track.append((intent.time, base + offset, true))
            case .dragEnded(let id, _, _) where names.isID(id, of: presentation.id),
                 .confirmationRequested(let id, _, _) where names.isID(id, of: presentation.id):
                track.append((intent.time, base, true))
            case .setDetent(let id, let detent, _) where names.isID(id, of: presentation.id):
                base = geometry.selectedHeight - geometry.height(of: detent)
                track.append((intent.time, base, true))
            case .dismiss(let id, _, _) where names.isID(id, of: presentation.id):
                track.append((intent.time, base, false))
            default:
                break
            }
        }
        for command in commands {
            if case .remove(let id) = command.command, id == presentation.id {
                track.append((command.time, base, false))
            }
        }
        return track.sorted { $0.time < $1.time }
    }
}

extension HostCommand {
    /// A short label for the timeline: the command's type and what it says.
    var label: String {
        switch self {
        case .scene: "scene"
        case .present(let presentation): "present \(presentation.id)"
        case .remove(let id): "remove \(id)"
        case .update(let id, _): "update \(id)"
        case .confirm(let id, let choice): "confirm \(id): \(choice.rawValue)"
        case .button(let id, let role): "button \(role.rawValue) on \(id)"
        case .accessibility(let id, let action): "accessibility \(action.rawValue) on \(id)"
        case .dismiss(let id): "dismiss \(id)"
        case .key(let key): "key \(key.rawValue)"
        case .screen(let screen): "screen \(JSONLine.formatNumber(screen.width)) x \(JSONLine.formatNumber(screen.height))"
        case .keyboard(let height): "keyboard \(JSONLine.formatNumber(height))"
        case .tick: "tick"
        }
    }
}

extension Intent {
    /// A step of a movement (`dragChanged`, `contentScrolled`): drawn as a tick on the timeline,
    /// not labelled, and left out of the lists of what was decided.
    var isStep: Bool {
        switch kind {
        case .dragChanged, .contentScrolled: true
        default: false
        }
    }

    /// The name of the intent's type, as its JSON line gives it.
    var typeName: String { kind.typeName.name.description }

    /// Its type, and its outcome or detent when it has one: for a timeline too crowded for ``label``.
    var shortLabel: String {
        switch kind {
        case .dragEnded(_, let outcome, _): "\(typeName): \(outcome.rawValue)"
        case .setDetent(_, let detent, _): "\(typeName): \(detent.label)"
        case .dismiss(_, _, let resolution): "\(typeName): \(resolution.rawValue)"
        default: typeName
        }
    }

    /// A short label for the timeline.
    var label: String {
        switch kind {
        case .dragBegan(let id, let origin): "\(typeName) \(id) (\(origin.rawValue))"
        case .dragChanged(let id, _, _): "\(typeName) \(id)"
        case .dragEnded(let id, let outcome, _): "\(typeName) \(id): \(outcome.rawValue)"
        case .setDetent(let id, let detent, let cause): "\(typeName) \(id): \(detent.label) (\(cause.rawValue))"
        case .passthroughTap: typeName
        case .confirmationRequested(let id, let source, _): "\(typeName) \(id) (\(source.rawValue))"
        case .save(let id): "\(typeName) \(id)"
        case .dismiss(let id, _, let resolution): "\(typeName) \(id): \(resolution.rawValue)"
        case .cancelled(let id): "\(typeName) \(id)"
        case .rejected(let id, _, let reason): "\(typeName) \(id): \(reason)"
        case .hideKeyboard(let id, let reason): "\(typeName) \(id) (\(reason.rawValue))"
        case .dragHandedBack(let id): "\(typeName) \(id)"
        case .contentScrolled(let id, let offset): "\(typeName) \(id): \(Figure.points(offset)) pt"
        case .idleWarning(_, let remaining, _): "\(typeName): \(Figure.duration(Double(remaining) / 1000)) left"
        case .idleCancelled, .idleReset: typeName
        }
    }
}

extension Detent {
    /// `medium`, `large`, or the height in points.
    var label: String {
        switch self {
        case .medium: "medium"
        case .large: "large"
        case .custom(let height): "\(JSONLine.formatNumber(height)) pt"
        }
    }
}
