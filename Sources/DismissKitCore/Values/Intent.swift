/// How a dismissal was resolved.
public enum DismissResolution: String, Sendable, Hashable, CaseIterable {
    case direct, discarded, saved, autosaved
}

/// An output of the pipeline (SPEC section 6).
///
/// A plain value: presentations are named by ``PresentationID``, reasons and options are small
/// enums, so intents are copied as bytes and a buffer of them is emptied without visiting each.
public struct Intent: Sendable, Hashable {
    /// The intent types and their fields.
    public enum Kind: Sendable, Hashable {
        case dragBegan(presentation: PresentationID, origin: DragOrigin)
        /// `offset`: points the sheet moved down from its detent, after resistance; `velocity`: points/s.
        case dragChanged(presentation: PresentationID, offset: Double, velocity: Double)
        case dragEnded(presentation: PresentationID, outcome: DragOutcome, detent: Detent)
        /// The sheet of a drag from its content is back at its detent and the content has the finger
        /// again (hand-back, SPEC 4.2): the drag is over without a release, and no `dragEnded`
        /// follows. If the finger comes back down past the hand-off point, a new `dragBegan` starts.
        case dragHandedBack(presentation: PresentationID)
        /// The content offset the pipeline assumes while it scrolls a sheet's content itself, 1:1
        /// with the finger (SPEC 4.2): a host that lets the pipeline scroll sets its scroll view's
        /// offset to it. Never given once the host has reported an offset during the gesture.
        case contentScrolled(presentation: PresentationID, offset: Double)
        case setDetent(presentation: PresentationID, detent: Detent, cause: DetentCause)
        case passthroughTap(x: Double, y: Double)
        case confirmationRequested(presentation: PresentationID, source: DismissalSource, options: ConfirmationOptions)
        case save(presentation: PresentationID)
        case dismiss(presentation: PresentationID, source: DismissalSource, resolution: DismissResolution)
        case cancelled(presentation: PresentationID)
        case rejected(presentation: PresentationID, source: DismissalSource, reason: RejectionReason)
        /// The host should hide the on-screen keyboard (by taking the focus away from the text it
        /// types into) and report its height 0 (SPEC 10.5). `presentation`: the one the drag, the
        /// question or the Escape is about.
        case hideKeyboard(presentation: PresentationID, reason: KeyboardHidingReason)
        /// Nobody has touched the kiosk for a while (SPEC 11.3): the host asks "Are you still
        /// there?" with a countdown to `deadline`, `remaining` µs after the intent's time.
        /// `lastActivity`: when the idle period began (shown with `--explain`).
        case idleWarning(deadline: Int64, remaining: Int64, lastActivity: Int64)
        /// Activity before the deadline: the host closes the warning; the clock starts again.
        case idleCancelled(deadline: Int64, lastActivity: Int64)
        /// The idle reset left nothing presented (SPEC 11.4): the host shows its start screen.
        case idleReset(deadline: Int64, lastActivity: Int64)
    }

    /// Microseconds of the event that caused it.
    public var time: Int64
    public var kind: Kind
    /// The figures behind the decision, when it came from a release.
    public var explanation: Explanation?

    public init(time: Int64, kind: Kind, explanation: Explanation? = nil) {
        self.time = time
        self.kind = kind
        self.explanation = explanation
    }
}

extension Intent {
    /// The intent types, each with its number in `dismisskit.h`'s `dk_intent_type` (12 is the
    /// decision line's, which came before `hideKeyboard`): ``name`` is the one spelling of each,
    /// which JSON lines, the text view, the plot and the C library read.
    public enum TypeName: Int, Sendable, Hashable, CaseIterable {
        case dragBegan, dragChanged, dragEnded, dragHandedBack, contentScrolled, setDetent, passthroughTap,
             confirmationRequested, save, dismiss, cancelled, rejected
        case hideKeyboard = 13, idleWarning, idleCancelled, idleReset

        /// The type's name in an intent's JSON line (SPEC section 6).
        public var name: StaticString {
            switch self {
            case .dragBegan: "dragBegan"
            case .dragChanged: "dragChanged"
            case .dragEnded: "dragEnded"
            case .dragHandedBack: "dragHandedBack"
            case .contentScrolled: "contentScrolled"
            case .setDetent: "setDetent"
            case .passthroughTap: "passthroughTap"
            case .confirmationRequested: "confirmationRequested"
            case .save: "save"
            case .dismiss: "dismiss"
            case .cancelled: "cancelled"
            case .rejected: "rejected"
            case .hideKeyboard: "hideKeyboard"
            case .idleWarning: "idleWarning"
            case .idleCancelled: "idleCancelled"
            case .idleReset: "idleReset"
            }
        }
    }
}

extension Intent.Kind {
    /// The presentation the intent names (all but `passthroughTap` and the idle clock's name one).
    public var presentationID: PresentationID? {
        switch self {
        case .dragBegan(let id, _), .dragChanged(let id, _, _), .dragEnded(let id, _, _), .setDetent(let id, _, _),
             .confirmationRequested(let id, _, _), .save(let id), .dismiss(let id, _, _), .cancelled(let id),
             .rejected(let id, _, _), .dragHandedBack(let id), .contentScrolled(let id, _), .hideKeyboard(let id, _):
            id
        case .passthroughTap, .idleWarning, .idleCancelled, .idleReset:
            nil
        }
    }

    /// The kind's type, without its fields.
    public var typeName: Intent.TypeName {
        switch self {
        case .dragBegan: .dragBegan
        case .dragChanged: .dragChanged
        case .dragEnded: .dragEnded
        case .dragHandedBack: .dragHandedBack
        case .contentScrolled: .contentScrolled
        case .setDetent: .setDetent
        case .passthroughTap: .passthroughTap
        case .confirmationRequested: .confirmationRequested
        case .save: .save
        case .dismiss: .dismiss
        case .cancelled: .cancelled
        case .rejected: .rejected
        case .hideKeyboard: .hideKeyboard
        case .idleWarning: .idleWarning
        case .idleCancelled: .idleCancelled
        case .idleReset: .idleReset
        }
    }
}

/// Why the policy rejected a dismissal attempt (``DismissalPolicy``'s rules 1 to 4).
public enum RejectionReason: Sendable, Hashable {
    /// The presentation is not in the scene.
    case notPresented
    /// A confirmation question is open for it.
    case confirmationOpen
    /// It is not the topmost: this one is above it.
    case coveredBy(PresentationID)
    case popoverCannotBeSwiped
    case fullScreenCannotBeSwiped
    case alertCannotBeSwiped
    case noGrabber
    case notDismissibleByGestures
    case tapOutsideIgnored
    case tapOutsidePassesThrough
    case modalPopoverNeedsItsButtons

    /// The reason as the intent's `reason` field gives it; `names` gives a long id's text.
    public func text(names: PresentationNames) -> String {
        switch self {
        case .coveredBy(let above): "covered by \(quoted(names.name(of: above)))"
        default: fixedText!.description
        }
    }

    /// The text of every reason but ``coveredBy(_:)``.
    package var fixedText: StaticString? {
        switch self {
        case .notPresented: "not presented"
        case .confirmationOpen: "a confirmation is open"
        case .coveredBy: nil
        case .popoverCannotBeSwiped: "a popover cannot be swiped away"
        case .fullScreenCannotBeSwiped: "a full-screen presentation cannot be swiped away"
        case .alertCannotBeSwiped: "an alert cannot be swiped away"
        case .noGrabber: "the sheet has no grabber"
        case .notDismissibleByGestures: "not dismissible by gestures"
        case .tapOutsideIgnored: "a tap outside is ignored"
        case .tapOutsidePassesThrough: "a tap outside passes through to the content below"
        case .modalPopoverNeedsItsButtons: "a modal popover closes only with its buttons"
        }
    }
}

/// The host's answer to a confirmation.
public enum ConfirmationChoice: String, Sendable, Hashable, CaseIterable {
    case discard, save, keepEditing

    /// In the order of the cases: the number ``ConfirmationOptions`` packs.
    static let all: [ConfirmationChoice] = [.discard, .save, .keepEditing]

    var index: Int {
        switch self {
        case .discard: 0
        case .save: 1
        case .keepEditing: 2
        }
    }
}

/// The answers a confirmation offers, in order: a small value that reads as a collection of
/// ``ConfirmationChoice`` (and can be written as an array literal).
public struct ConfirmationOptions: Sendable, Hashable, RandomAccessCollection, ExpressibleByArrayLiteral, CustomStringConvertible {
    /// Two bits per choice, the first in the lowest bits.
    private let packed: UInt16
    public let count: Int

    /// The most choices it holds.
    public static let capacity = 8

    /// - Precondition: at most ``capacity`` choices.
    public init<Choices: Sequence<ConfirmationChoice>>(_ choices: Choices) {
        var packed: UInt16 = 0
        var count = 0
        for choice in choices {
            precondition(count < Self.capacity, "a confirmation offers at most \(Self.capacity) choices")
            packed |= UInt16(choice.index) << UInt16(2 * count)
            count += 1
        }
        self.packed = packed
        self.count = count
    }

    public init(arrayLiteral choices: ConfirmationChoice...) {
        self.init(choices)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> ConfirmationChoice {
        precondition(position >= 0 && position < count, "index out of range")
        return ConfirmationChoice.all[Int(packed >> UInt16(2 * position)) & 3]
    }

    public var description: String { "[" + map { ".\($0.rawValue)" }.joined(separator: ", ") + "]" }
}
