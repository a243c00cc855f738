/// The one gate every dismissal attempt goes through (SPEC section 5).
///
/// A pure state machine: the caller passes each attempt or host answer together with
/// the current scene and performs the returned intents; it also applies a `dismiss`
/// to its scene and tells the policy when presentations leave the stack.
///
/// Rules, in order:
/// 1. An attempt on a presentation that is not in the scene is `rejected` ("not presented").
/// 2. While a confirmation question is open for a presentation, further attempts on it
///    are absorbed: no output at all.
/// 3. A source the presentation does not allow is `rejected` with a reason:
///    - swipes (`swipeFromTop`, `swipeScrolledContent`, `grabberDrag`) only dismiss the
///      topmost presentation, only when its role is a sheet (see ``Scene/role(of:)``),
///      `grabberDrag` only when it has a grabber;
///    - `tapOutside` only dismisses the topmost presentation, only when
///      ``Scene/tapOutsideAction(of:)`` is `dismiss`;
///    - `dismissible: false` rejects those four gesture sources;
///    - `escapeKey` only reaches the topmost presentation, whatever its style;
///    - `cancelButton`, `doneButton`, `accessibilityEscape` and `programmatic` are allowed
///      for every style and every position in the stack.
/// 4. Without unsaved changes: `dismiss` (`direct`).
/// 5. With unsaved changes: a tap outside a non-modal popover gives `save` then `dismiss`
///    (`autosaved`); `doneButton` gives `dismiss` (`direct`); anything else gives
///    `confirmationRequested` (`discard`, `save`, `keepEditing`) and opens a question.
/// 6. The host's answer closes the question: `discard` gives `dismiss` (`discarded`),
///    `save` gives `save` then `dismiss` (`saved`), `keepEditing` gives `cancelled`;
///    the dismissal names the source of the attempt that asked. An answer with no open
///    question (or for a presentation no longer in the scene) gives nothing: it never dismisses.
///
/// The state is a dictionary rather than a single state enum because several
/// presentations of one stack can each have a question open at once (a button on a
/// lower sheet while the top one is asking); each entry is one small state machine.
public struct DismissalPolicy: Sendable, Hashable {
    /// The open questions: presentation id → the source of the attempt that asked.
    public private(set) var openQuestions: [String: DismissalSource] = [:]

    /// The options every confirmation offers, in this order.
    public static let confirmationOptions: [ConfirmationChoice] = [.discard, .save, .keepEditing]

    public init() {}

    /// Judges one dismissal attempt against the current scene.
    public mutating func handle(_ attempt: DismissalAttempt, in scene: Scene) -> [Intent] {
        let id = attempt.presentation
        guard let presentation = scene.presentation(withID: id) else {
            openQuestions[id] = nil
            return [Intent(time: attempt.time, kind: .rejected(presentation: id, source: attempt.source, reason: "not presented"))]
        }
        if openQuestions[id] != nil {
            return []
        }
        if let reason = Self.rejectionReason(for: attempt.source, on: presentation, in: scene) {
            return [Intent(time: attempt.time, kind: .rejected(presentation: id, source: attempt.source, reason: reason))]
        }
        guard presentation.unsavedChanges else {
            return [Intent(time: attempt.time, kind: .dismiss(presentation: id, source: attempt.source, resolution: .direct))]
        }
        let isNonModalPopover = scene.role(of: presentation) == .popover && !presentation.modal
        switch attempt.source {
        case .tapOutside where isNonModalPopover:
            return [
                Intent(time: attempt.time, kind: .save(presentation: id)),
                Intent(time: attempt.time, kind: .dismiss(presentation: id, source: .tapOutside, resolution: .autosaved)),
            ]
        case .doneButton:
            return [Intent(time: attempt.time, kind: .dismiss(presentation: id, source: .doneButton, resolution: .direct))]
        case .swipeFromTop, .swipeScrolledContent, .grabberDrag, .tapOutside,
             .escapeKey, .cancelButton, .accessibilityEscape, .programmatic:
            openQuestions[id] = attempt.source
            return [Intent(
                time: attempt.time,
                kind: .confirmationRequested(presentation: id, source: attempt.source, options: Self.confirmationOptions)
            )]
        }
    }

    /// Applies the host's answer to the open question about `presentation`.
    public mutating func handleConfirmation(
        presentation id: String, choice: ConfirmationChoice, time: Int64, in scene: Scene
    ) -> [Intent] {
        guard let source = openQuestions.removeValue(forKey: id), scene.presentation(withID: id) != nil else {
            return []
        }
        switch choice {
        case .discard:
            return [Intent(time: time, kind: .dismiss(presentation: id, source: source, resolution: .discarded))]
        case .save:
            return [
                Intent(time: time, kind: .save(presentation: id)),
                Intent(time: time, kind: .dismiss(presentation: id, source: source, resolution: .saved)),
            ]
        case .keepEditing:
            return [Intent(time: time, kind: .cancelled(presentation: id))]
        }
    }

    /// Forgets the open question about a presentation that left the stack.
    public mutating func presentationRemoved(_ id: String) {
        openQuestions[id] = nil
    }

    /// Forgets the open questions about presentations that are not in `scene`.
    public mutating func sceneChanged(to scene: Scene) {
        openQuestions = openQuestions.filter { scene.presentation(withID: $0.key) != nil }
    }

    /// Why `source` may not dismiss `presentation`, or nil when it may.
    static func rejectionReason(for source: DismissalSource, on presentation: Presentation, in scene: Scene) -> String? {
        let isTopmost = scene.presentations.last?.id == presentation.id
        switch source {
        case .swipeFromTop, .swipeScrolledContent, .grabberDrag:
            if !isTopmost { return "not the topmost presentation" }
            switch scene.role(of: presentation) {
            case .sheet: break
            case .popover: return "a popover cannot be swiped away"
            case .fullScreen: return "a full-screen presentation cannot be swiped away"
            case .alert: return "an alert cannot be swiped away"
            }
            if source == .grabberDrag && !presentation.grabber { return "the sheet has no grabber" }
            if !presentation.dismissible { return "not dismissible by gestures" }
            return nil
        case .tapOutside:
            if !isTopmost { return "not the topmost presentation" }
            switch scene.tapOutsideAction(of: presentation) {
            case .dismiss: break
            case .ignore: return "a tap outside is ignored"
            case .passthrough: return "a tap outside passes through to the content below"
            }
            if !presentation.dismissible { return "not dismissible by gestures" }
            return nil
        case .escapeKey:
            return isTopmost ? nil : "not the topmost presentation"
        case .cancelButton, .doneButton, .accessibilityEscape, .programmatic:
            return nil
        }
    }
}
