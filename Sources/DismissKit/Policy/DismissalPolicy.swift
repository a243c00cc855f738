/// The one gate every dismissal attempt goes through (SPEC section 5).
///
/// A pure state machine: the caller passes each attempt or host answer together with
/// the current scene and performs the returned intents; it applies a `dismiss` to its
/// scene and tells the policy when the scene changes.
///
/// Rules, in order; every attempt ends in `dismiss`, `confirmationRequested`, `save` then
/// `dismiss`, or `rejected`, never in silence:
/// 1. An attempt on a presentation that is not in the scene is `rejected` ("not presented").
/// 2. While a confirmation question is open for a presentation it covers it: any further
///    attempt on it is `rejected` ("a confirmation is open").
/// 3. An attempt on a presentation that is not the topmost is `rejected`, from every source,
///    programmatic included: the host closes what is above it first.
/// 4. A source the presentation does not allow is `rejected` with a reason:
///    - swipes (`swipeFromTop`, `swipeScrolledContent`, `grabberDrag`) only dismiss a sheet
///      (its role, see ``Scene/role(of:)``), `grabberDrag` only one with a grabber;
///    - `tapOutside` only dismisses when ``Scene/tapOutsideAction(of:)`` is `dismiss`;
///    - `dismissible: false` rejects those four gesture sources;
///    - `escapeKey` does not close a modal popover: only its buttons do;
///    - `cancelButton`, `doneButton`, `accessibilityEscape` and `programmatic` are allowed
///      for every style (assistive technology always has a way out).
/// 5. Without unsaved changes: `dismiss` (`direct`).
/// 6. With unsaved changes: a tap outside a non-modal popover gives `save` then `dismiss`
///    (`autosaved`); `doneButton` gives `dismiss` (`direct`); anything else gives
///    `confirmationRequested` (`discard`, `save`, `keepEditing`) and opens a question.
/// 7. The host's answer closes the question: `discard` gives `dismiss` (`discarded`),
///    `save` gives `save` then `dismiss` (`saved`), `keepEditing` gives `cancelled`;
///    the dismissal names the source of the attempt that asked. An answer with no open
///    question is an error, and so is `discard` or `save` while something covers the
///    presentation (the question stays open): nothing is ever dismissed from under another.
///
/// The state is a dictionary rather than a single state enum because a question can stay
/// open under a presentation the host put above it, while the new one asks too; each
/// entry is one small state machine.
public struct DismissalPolicy: Sendable, Hashable {
    /// The open questions: presentation id → the source of the attempt that asked.
    public private(set) var openQuestions: [String: DismissalSource] = [:]

    /// The options every confirmation offers, in this order.
    public static let confirmationOptions: [ConfirmationChoice] = [.discard, .save, .keepEditing]

    public init() {}

    /// Judges one dismissal attempt against the current scene.
    public mutating func handle(_ attempt: DismissalAttempt, in scene: Scene) -> [Intent] {
        let id = attempt.presentation
        func rejection(_ reason: String) -> [Intent] {
            [Intent(time: attempt.time, kind: .rejected(presentation: id, source: attempt.source, reason: reason))]
        }
        guard let presentation = scene.presentation(withID: id) else { return rejection("not presented") }
        if openQuestions[id] != nil { return rejection("a confirmation is open") }
        if let above = scene.presentations.last, above.id != id {
            return rejection("covered by \(quoted(above.id))")
        }
        if let reason = Self.rejectionReason(for: attempt.source, on: presentation, in: scene) { return rejection(reason) }
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
    /// - Throws: ``HostCommandError`` when no question is open for it, or when the answer would
    ///   dismiss it while another presentation covers it; the question then stays as it was.
    public mutating func handleConfirmation(
        presentation id: String, choice: ConfirmationChoice, time: Int64, in scene: Scene
    ) throws(HostCommandError) -> [Intent] {
        guard let source = openQuestions[id] else {
            throw HostCommandError(reason: "no confirmation is open for presentation \(quoted(id))")
        }
        guard scene.presentation(withID: id) != nil else {
            throw HostCommandError(reason: "no presentation \(quoted(id)) in the scene")
        }
        if choice != .keepEditing, let above = scene.presentations.last, above.id != id {
            throw HostCommandError(reason: "presentation \(quoted(id)) is covered by \(quoted(above.id)); "
                + "remove what is above it before answering \(choice.rawValue)")
        }
        openQuestions[id] = nil
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

    /// Whether a confirmation is open for `presentation`.
    public func isAsking(about presentation: String) -> Bool {
        openQuestions[presentation] != nil
    }

    /// Forgets the open questions about presentations that are not in `scene`.
    public mutating func sceneChanged(to scene: Scene) {
        openQuestions = openQuestions.filter { scene.presentation(withID: $0.key) != nil }
    }

    /// Why `source` may not dismiss the topmost `presentation`, or nil when it may.
    static func rejectionReason(for source: DismissalSource, on presentation: Presentation, in scene: Scene) -> String? {
        switch source {
        case .swipeFromTop, .swipeScrolledContent, .grabberDrag:
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
            switch scene.tapOutsideAction(of: presentation) {
            case .dismiss: break
            case .ignore: return "a tap outside is ignored"
            case .passthrough: return "a tap outside passes through to the content below"
            }
            if !presentation.dismissible { return "not dismissible by gestures" }
            return nil
        case .escapeKey:
            if scene.role(of: presentation) == .popover && presentation.modal {
                return "a modal popover closes only with its buttons"
            }
            return nil
        case .cancelButton, .doneButton, .accessibilityEscape, .programmatic:
            return nil
        }
    }
}
