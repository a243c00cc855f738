import DismissKitCore

/// Takes an intent line's fields one call a field, in the order ``Intent/writeFields(to:explain:)``
/// gives them: ascending key order, as JSON Lines output requires.
///
/// Two writers follow it: ``Intent/jsonLine(explain:names:)`` (a ``JSONLine``) and
/// ``Intent/appendJSONLine(to:explain:names:)`` (bytes straight into a buffer).
protocol IntentFieldWriter {
    mutating func integer(_ key: StaticString, _ value: Int64)
    /// A number with at most three decimals (``JSONLine/Value/number(_:)``).
    mutating func number(_ key: StaticString, _ value: Double)
    /// An ASCII name that needs no escaping: an intent's type or a detent.
    mutating func name(_ key: StaticString, _ value: StaticString)
    /// An enum's raw value, ASCII that needs no escaping.
    mutating func name(_ key: StaticString, _ value: String)
    /// Any text, escaped.
    mutating func text(_ key: StaticString, _ value: String)
    mutating func presentation(_ key: StaticString, _ id: PresentationID)
    mutating func reason(_ key: StaticString, _ reason: RejectionReason)
    /// The names of the answers, as an array.
    mutating func options(_ key: StaticString, _ options: ConfirmationOptions)
    /// Starts an object field; the fields up to ``endObject()`` are its own.
    mutating func beginObject(_ key: StaticString)
    mutating func endObject()
}

extension Intent {
    /// The one description of every intent kind's fields, in ascending key order (SPEC section 6):
    /// `type`, `time` and the kind's fields, plus, when `explain` is set, an `explain` object: the
    /// figures behind a release (when the intent has an ``Intent/explanation``), the policy's
    /// rule behind a rejection.
    @inline(__always)
    func writeFields(to writer: inout some IntentFieldWriter, explain: Bool) {
        // `explain` sorts after `cause` and `detent`, before every other key.
        func explainField() {
            guard explain else { return }
            if let explanation {
                writer.beginObject("explain")
                writer.number("margin", explanation.margin)
                writer.number("projectedOffset", explanation.projectedOffset)
                writer.number("threshold", explanation.threshold)
                writer.number("velocity", explanation.velocity)
                writer.endObject()
            } else if case .rejected(_, _, let reason) = kind {
                writer.beginObject("explain")
                writer.text("rule", reason.policyRule)
                writer.endObject()
            } else if case .hideKeyboard(_, let reason) = kind {
                writer.beginObject("explain")
                writer.text("rule", reason.rule)
                writer.endObject()
            } else if let (lastActivity, deadline, rule) = idleFigures {
                writer.beginObject("explain")
                writer.integer("deadline", deadline)
                writer.integer("lastActivity", lastActivity)
                writer.text("rule", rule)
                writer.endObject()
            }
        }
        func detentField(_ detent: Detent) {
            switch detent {
            case .medium: writer.name("detent", "medium" as StaticString)
            case .large: writer.name("detent", "large" as StaticString)
            case .custom(let height): writer.number("detent", height)
            }
        }
        func timeAndType() {
            writer.integer("time", time)
            writer.name("type", kind.typeName.name)
        }

        switch kind {
        case .dragBegan(let id, let origin):
            explainField()
            writer.name("origin", origin.rawValue)
            writer.presentation("presentation", id)
            timeAndType()
        case .dragChanged(let id, let offset, let velocity):
            explainField()
            writer.number("offset", offset)
            writer.presentation("presentation", id)
            timeAndType()
            writer.number("velocity", velocity)
        case .dragEnded(let id, let outcome, let detent):
            detentField(detent)
            explainField()
            writer.name("outcome", outcome.rawValue)
            writer.presentation("presentation", id)
            timeAndType()
        case .setDetent(let id, let detent, let cause):
            writer.name("cause", cause.rawValue)
            detentField(detent)
            explainField()
            writer.presentation("presentation", id)
            timeAndType()
        case .passthroughTap(let x, let y):
            explainField()
            timeAndType()
            writer.number("x", x)
            writer.number("y", y)
        case .confirmationRequested(let id, let source, let options):
            explainField()
            writer.options("options", options)
            writer.presentation("presentation", id)
            writer.name("source", source.rawValue)
            timeAndType()
        case .save(let id):
            explainField()
            writer.presentation("presentation", id)
            timeAndType()
        case .dismiss(let id, let source, let resolution):
            explainField()
            writer.presentation("presentation", id)
            writer.name("resolution", resolution.rawValue)
            writer.name("source", source.rawValue)
            timeAndType()
        case .cancelled(let id):
            explainField()
            writer.presentation("presentation", id)
            timeAndType()
        case .dragHandedBack(let id):
            explainField()
            writer.presentation("presentation", id)
            timeAndType()
        case .contentScrolled(let id, let offset):
            explainField()
            writer.number("offset", offset)
            writer.presentation("presentation", id)
            timeAndType()
        case .rejected(let id, let source, let reason):
            explainField()
            writer.presentation("presentation", id)
            writer.reason("reason", reason)
            writer.name("source", source.rawValue)
            timeAndType()
        case .hideKeyboard(let id, let reason):
            explainField()
            writer.presentation("presentation", id)
            writer.name("reason", reason.rawValue)
            timeAndType()
        case .idleWarning(let deadline, let remaining, _):
            writer.integer("deadline", deadline)
            explainField()
            writer.integer("remaining", remaining)
            timeAndType()
        case .idleCancelled, .idleReset:
            explainField()
            timeAndType()
        }
    }

    /// The idle clock's figures behind an idle intent, and its rule in words (SPEC section 11).
    private var idleFigures: (lastActivity: Int64, deadline: Int64, rule: String)? {
        switch kind {
        case .idleWarning(let deadline, _, let lastActivity):
            (lastActivity, deadline, "no activity since lastActivity: the warning comes at the idle rule's after less its warning")
        case .idleCancelled(let deadline, let lastActivity):
            (lastActivity, deadline, "activity before the deadline cancels the warning; the idle clock starts again")
        case .idleReset(let deadline, let lastActivity):
            (lastActivity, deadline, "at the deadline everything presented was dismissed, from the top down")
        default:
            nil
        }
    }
}
