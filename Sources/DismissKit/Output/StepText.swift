/// A replay's steps as a person reads them, one aligned line each, as `libinput debug-events`
/// prints events: the time in seconds, what it is, and its figures (`replay --format text`).
public struct StepText {
    /// Whether lines are coloured (ANSI escapes), for a terminal.
    public var colour: Bool

    public init(colour: Bool) {
        self.colour = colour
    }

    /// The step's line, or nil for a frame (the touches of one frame share its time); `names`
    /// are its pipeline's.
    public func line(_ step: Replay.Step, names: PresentationNames) -> String? {
        switch step {
        case .touch(let event):
            guard event.kind != .frame else { return nil }
            var what = pad(event.kind.rawValue, 14) + "seat \(event.seatSlot)"
            if let point = event.point {
                what = pad(what, 24) + pad("\(Self.tenths(point.x))/\(Self.tenths(point.y)) pt", 18)
                    + "\(Self.tenths(point.xMM))/\(Self.tenths(point.yMM)) mm"
            }
            return row(event.time, "touch", what, colour: nil)
        case .command(let command):
            return row(command.time, "command", command.command.summary, colour: "35")
        case .decision(let decision):
            let on = decision.presentation.map { names.name(of: $0) + ": " } ?? ""
            return row(decision.time, GestureDecision.lineType.description, pad(decision.name, 14) + on + decision.rule, colour: "36")
        case .intent(let intent):
            return row(intent.time, "intent", intent.kind.summary(names: names) + Self.figures(of: intent) + Self.meaning(of: intent.kind),
                       colour: Self.colour(of: intent.kind))
        }
    }

    /// The answer to a `query`, the state as the protocol gives it (`run --format text`).
    public func stateLine(_ state: String) -> String {
        row(nil, "state", state, colour: "35")
    }

    /// An intent's colour: red for a refusal, yellow for a question and its open ends (asked,
    /// kept editing), green for the rest; every line of one kind the same.
    private static func colour(of kind: Intent.Kind) -> String {
        switch kind {
        case .rejected: "31"
        case .confirmationRequested, .cancelled: "33"
        default: "32"
        }
    }

    /// What an intent means, where its name alone does not say it.
    private static func meaning(of kind: Intent.Kind) -> String {
        switch kind {
        case .cancelled: "  kept editing: the question is closed, nothing is dismissed"
        case .confirmationRequested(_, _, let options): "  asks: " + options.map { $0.rawValue }.joined(separator: ", ")
        case .save: "  save the content, then it is dismissed"
        default: ""
        }
    }

    /// What `--explain` adds to an intent's JSON, after its summary: a release's projection,
    /// threshold, margin and velocity, or the policy's rule behind a rejection; empty otherwise.
    static func figures(of intent: Intent) -> String {
        if let explanation = intent.explanation {
            let margin = (explanation.margin >= 0 ? "+" : "") + tenths(explanation.margin)
            return "  projected \(tenths(explanation.projectedOffset)) pt, threshold \(tenths(explanation.threshold)) pt, "
                + "margin \(margin) pt, \(describedNumber(explanation.velocity.rounded())) pt/s"
        }
        if case .rejected(_, _, let reason) = intent.kind { return "  " + reason.policyRule }
        return ""
    }

    /// The line's columns; what came from outside in `what` (an id, a command) has its control
    /// characters escaped as standard error's messages have (``DismissKitCore/escapingControlCharacters(_:)``), so
    /// that no input sends a terminal an escape sequence or starts a line of its own.
    private func row(_ time: Int64?, _ kind: String, _ what: String, colour code: String?) -> String {
        let text = pad(time.map(Self.seconds) ?? "", 12) + pad(kind, 10) + escapingControlCharacters(what)
        guard colour, let code else { return text }
        return "\u{1B}[\(code)m" + text + "\u{1B}[0m"
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    /// Microseconds as `+1.234s`.
    static func seconds(_ time: Int64) -> String {
        let sign = time < 0 ? "-" : "+"
        let magnitude = time.magnitude
        let milliseconds = String(magnitude / 1000 % 1000)
        return "\(sign)\(magnitude / 1_000_000).\(String(repeating: "0", count: 3 - milliseconds.count))\(milliseconds)s"
    }

    /// A figure to 0.1, without trailing zeros removed (`70.0`), for columns.
    static func tenths(_ value: Double) -> String {
        guard value.isFinite else { return describedNumber(value) }
        let tenths = Int64((value * 10).rounded())
        return "\(tenths < 0 ? "-" : "")\(tenths.magnitude / 10).\(tenths.magnitude % 10)"
    }

    /// A figure to 0.1, trailing zeros removed.
    static func figure(_ value: Double) -> String {
        describedNumber((value * 10).rounded() / 10)
    }
}

extension Intent.Kind {
    /// The intent in a few words: its type and its fields but the offsets and velocities that
    /// every threshold moves, such as `dismiss(compose, swipeFromTop, discarded)`; `names` are
    /// its pipeline's.
    public func summary(names: PresentationNames) -> String {
        func detent(_ detent: Detent) -> String {
            switch detent {
            case .medium: "medium"
            case .large: "large"
            case .custom(let height): describedNumber(height)
            }
        }
        let fields = switch self {
        case .dragBegan(let id, let origin): "\(names.name(of: id)), \(origin.rawValue)"
        case .dragChanged(let id, let offset, let velocity):
            "\(names.name(of: id)), \(StepText.figure(offset)) pt, \(describedNumber(velocity.rounded())) pt/s"
        case .dragEnded(let id, let outcome, let to): "\(names.name(of: id)), \(outcome.rawValue), \(detent(to))"
        case .dragHandedBack(let id), .save(let id), .cancelled(let id): "\(names.name(of: id))"
        case .contentScrolled(let id, let offset): "\(names.name(of: id)), \(StepText.figure(offset)) pt"
        case .setDetent(let id, let to, let cause): "\(names.name(of: id)), \(detent(to)), \(cause.rawValue)"
        case .passthroughTap(let x, let y): "\(StepText.figure(x)), \(StepText.figure(y))"
        case .confirmationRequested(let id, let source, _): "\(names.name(of: id)), \(source.rawValue)"
        case .dismiss(let id, let source, let resolution): "\(names.name(of: id)), \(source.rawValue), \(resolution.rawValue)"
        case .rejected(let id, let source, let reason): "\(names.name(of: id)), \(source.rawValue), \(reason.text(names: names))"
        case .hideKeyboard(let id, let reason): "\(names.name(of: id)), \(reason.rawValue)"
        case .idleWarning(let deadline, let remaining, _): "deadline \(deadline) µs, \(remaining) µs left"
        case .idleCancelled, .idleReset: ""
        }
        return "\(typeName.name)(\(fields))"
    }
}

extension HostCommand {
    /// The command in a few words, such as `confirm(compose, discard)`.
    public var summary: String {
        switch self {
        case .scene(let scene): "scene(\(scene.presentations.count) presentations)"
        case .present(let presentation): "present(\(presentation.id), \(presentation.style.rawValue))"
        case .remove(let id): "remove(\(id))"
        case .update(let id, _): "update(\(id))"
        case .confirm(let id, let choice): "confirm(\(id), \(choice.rawValue))"
        case .button(let id, let role): "button(\(id), \(role.rawValue))"
        case .accessibility(let id, let action): "accessibility(\(id), \(action.rawValue))"
        case .dismiss(let id): "dismiss(\(id))"
        case .key(let key): "key(\(key.rawValue))"
        case .screen(let screen): "screen(\(describedNumber(screen.width)) x \(describedNumber(screen.height)) pt)"
        case .keyboard(let height): "keyboard(\(describedNumber(height)) pt)"
        case .tick: "tick"
        }
    }
}
