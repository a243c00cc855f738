/// Checks the drag rule of SPEC 4.9 over a stream of intents, one intent at a time: every
/// `dragBegan` is closed by exactly one `dragEnded` or `dragHandedBack` for its presentation, or
/// by that presentation's `dismiss`; while a drag is open, a `dragChanged` belongs to it, and a
/// decision that leaves its presentation in place (`confirmationRequested`, `rejected`,
/// `cancelled`) comes only after the drag's `dragEnded`.
///
/// A plain value: feed it every intent of one pipeline, in order, with ``take(_:)``; it keeps the
/// first violation (``violation``) and ignores what follows it. A pipeline drags one sheet at a
/// time, so a `dragBegan` while a drag is open is a violation too. The removal of a dragged
/// presentation is not an intent: the pipeline closes that drag with `dragEnded` `cancel`, which
/// the check requires. A stream may end while a finger still drags; a caller that knows every
/// contact has lifted asks ``finished()``.
public struct DragRuleChecker: Sendable, Hashable {
    /// The first intent that breaks the rule: its index in the stream (from 0) and why.
    public struct Violation: Sendable, Hashable {
        public let index: Int
        public let reason: Reason
    }

    /// Why an intent breaks the rule. `openedAt` is the index of the open drag's `dragBegan`.
    public enum Reason: Sendable, Hashable {
        /// A `dragBegan` while another drag is open.
        case beganWhileOpen(PresentationID, open: PresentationID, openedAt: Int)
        /// A `dragChanged`, `dragEnded` or `dragHandedBack` with no open drag of its presentation.
        case noOpenDrag(Intent.TypeName, PresentationID)
        /// A decision that leaves the dragged presentation in place came before the drag's `dragEnded`.
        case decisionWhileOpen(Intent.TypeName, PresentationID, openedAt: Int)
        /// The stream ended, with every contact lifted, while a drag was open.
        case neverClosed(PresentationID, openedAt: Int)

        /// The reason in words; `names` gives the text of a long id.
        public func description(names: PresentationNames) -> String {
            func name(_ id: PresentationID) -> String { quoted(names.name(of: id)) }
            switch self {
            case .beganWhileOpen(let id, let open, let openedAt):
                return "dragBegan for \(name(id)) while the drag of \(name(open)) begun at intent \(openedAt) is open"
            case .noOpenDrag(let type, let id):
                return "\(type.name) for \(name(id)), which has no drag open"
            case .decisionWhileOpen(let type, let id, let openedAt):
                return "\(type.name) for \(name(id)) while its drag begun at intent \(openedAt) is open: "
                    + "dragEnded cancel must come first"
            case .neverClosed(let id, let openedAt):
                return "the drag of \(name(id)) begun at intent \(openedAt) never ended"
            }
        }
    }

    /// The first violation met, or nil.
    public private(set) var violation: Violation?
    /// How many intents were taken.
    public private(set) var count = 0
    /// The open drag: its presentation and the index of its `dragBegan`.
    private struct OpenDrag: Sendable, Hashable {
        let presentation: PresentationID
        let index: Int
    }
    private var open: OpenDrag?

    public init() {}

    /// The first violation in `intents`, a whole stream; `finished` when it ends with every contact lifted.
    public static func firstViolation(in intents: [Intent], finished: Bool) -> Violation? {
        var checker = DragRuleChecker()
        for intent in intents { checker.take(intent) }
        return finished ? checker.finished() : checker.violation
    }

    /// Takes the next intent of the stream.
    public mutating func take(_ intent: Intent) {
        defer { count += 1 }
        guard violation == nil else { return }
        switch intent.kind {
        case .dragBegan(let id, _):
            if let open { return fail(.beganWhileOpen(id, open: open.presentation, openedAt: open.index)) }
            open = OpenDrag(presentation: id, index: count)
        case .dragChanged(let id, _, _):
            if open?.presentation != id { fail(.noOpenDrag(.dragChanged, id)) }
        case .dragEnded(let id, _, _), .dragHandedBack(let id):
            guard open?.presentation == id else { return fail(.noOpenDrag(intent.kind.typeName, id)) }
            open = nil
        case .dismiss(let id, _, _):
            if open?.presentation == id { open = nil }
        case .confirmationRequested(let id, _, _), .rejected(let id, _, _), .cancelled(let id):
            if let open, open.presentation == id { fail(.decisionWhileOpen(intent.kind.typeName, id, openedAt: open.index)) }
        case .contentScrolled, .setDetent, .passthroughTap, .save, .hideKeyboard, .idleWarning, .idleCancelled, .idleReset:
            break
        }
    }

    /// The first violation, counting a drag still open as one: for a stream that ended with every
    /// contact lifted (and every command applied).
    public func finished() -> Violation? {
        if let violation { return violation }
        guard let open else { return nil }
        return Violation(index: count, reason: .neverClosed(open.presentation, openedAt: open.index))
    }

    private mutating func fail(_ reason: Reason) {
        violation = Violation(index: count, reason: reason)
    }
}
