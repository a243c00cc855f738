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
/// The state is a list of questions rather than a single state enum because a question can
/// stay open under a presentation the host put above it, while the new one asks too; each
/// entry is one small state machine. The list is short (one question per presentation at
/// most), so it is searched in order rather than hashed.
public struct DismissalPolicy: Sendable, Hashable {
    /// An open question: the presentation asked about and the source of the attempt that asked.
    private struct Question: Sendable, Hashable {
        let presentation: PresentationID
        let source: DismissalSource
    }

    /// The open questions, in the order they were asked.
    private var questions: [Question] = []

    /// The open questions: presentation id → the source of the attempt that asked.
    public var openQuestions: [PresentationID: DismissalSource] {
        Dictionary(uniqueKeysWithValues: questions.map { ($0.presentation, $0.source) })
    }

    /// Whether any question is open.
    public var isAsking: Bool { !questions.isEmpty }

    /// The options every confirmation offers, in this order.
    public static let confirmationOptions: ConfirmationOptions = [.discard, .save, .keepEditing]

    public init() {}

    /// Judges one dismissal attempt against the current scene.
    public mutating func handle(_ attempt: DismissalAttempt, in scene: Scene) -> [Intent] {
        var intents: [Intent] = []
        handle(attempt, in: scene, into: &intents)
        return intents
    }

    /// Judges one dismissal attempt against the current scene, appending the intents it gives
    /// (one, or `save` then `dismiss`) to `intents`.
    public mutating func handle(_ attempt: DismissalAttempt, in scene: Scene, into intents: inout [Intent]) {
        let id = attempt.presentation
        let time = attempt.time
        func reject(_ reason: RejectionReason) {
            intents.append(Intent(time: time, kind: .rejected(presentation: id, source: attempt.source, reason: reason)))
        }
        guard let index = scene.index(ofPresentation: id) else { return reject(.notPresented) }
        if isAsking(about: id) { return reject(.confirmationOpen) }
        if index != scene.presentations.count - 1 {
            return reject(.coveredBy(scene.presentations[scene.presentations.count - 1].presentationID))
        }
        if let reason = Self.rejectionReason(for: attempt.source, on: scene.presentations[index], in: scene) { return reject(reason) }
        guard scene.presentations[index].unsavedChanges else {
            intents.append(Intent(time: time, kind: .dismiss(presentation: id, source: attempt.source, resolution: .direct)))
            return
        }
        let isNonModalPopover = scene.role(of: scene.presentations[index]) == .popover && !scene.presentations[index].modal
        switch attempt.source {
        case .tapOutside where isNonModalPopover:
            intents.append(Intent(time: time, kind: .save(presentation: id)))
            intents.append(Intent(time: time, kind: .dismiss(presentation: id, source: .tapOutside, resolution: .autosaved)))
        case .doneButton:
            intents.append(Intent(time: time, kind: .dismiss(presentation: id, source: .doneButton, resolution: .direct)))
        case .swipeFromTop, .swipeScrolledContent, .grabberDrag, .tapOutside,
             .escapeKey, .cancelButton, .accessibilityEscape, .programmatic, .idle:
            questions.append(Question(presentation: id, source: attempt.source))
            intents.append(Intent(
                time: time,
                kind: .confirmationRequested(presentation: id, source: attempt.source, options: Self.confirmationOptions)
            ))
        }
    }

    /// Applies the host's answer to the open question about `presentation`.
    /// - Throws: ``HostCommandError`` when no question is open for it, or when the answer would
    ///   dismiss it while another presentation covers it; the question then stays as it was.
    public mutating func handleConfirmation(
        presentation id: PresentationID, choice: ConfirmationChoice, time: Int64, in scene: Scene,
        names: PresentationNames = PresentationNames()
    ) throws(HostCommandError) -> [Intent] {
        var intents: [Intent] = []
        try handleConfirmation(presentation: id, choice: choice, time: time, in: scene, names: names, into: &intents)
        return intents
    }

    /// ``handleConfirmation(presentation:choice:time:in:names:)``, appending the intents to `intents`;
    /// `names` gives a long id's text to the errors.
    public mutating func handleConfirmation(
        presentation id: PresentationID, choice: ConfirmationChoice, time: Int64, in scene: Scene,
        names: PresentationNames, into intents: inout [Intent]
    ) throws(HostCommandError) {
        guard let position = questions.firstIndex(where: { $0.presentation == id }) else {
            throw HostCommandError(reason: "no confirmation is open for presentation \(quoted(names.name(of: id)))")
        }
        guard let index = scene.index(ofPresentation: id) else {
            throw HostCommandError(reason: "no presentation \(quoted(names.name(of: id))) in the scene")
        }
        if choice != .keepEditing, index != scene.presentations.count - 1 {
            throw HostCommandError(reason: "presentation \(quoted(names.name(of: id))) is covered by \(quoted(scene.presentations.last!.id)); "
                + "remove what is above it before answering \(choice.rawValue)")
        }
        let source = questions.remove(at: position).source
        switch choice {
        case .discard:
            intents.append(Intent(time: time, kind: .dismiss(presentation: id, source: source, resolution: .discarded)))
        case .save:
            intents.append(Intent(time: time, kind: .save(presentation: id)))
            intents.append(Intent(time: time, kind: .dismiss(presentation: id, source: source, resolution: .saved)))
        case .keepEditing:
            intents.append(Intent(time: time, kind: .cancelled(presentation: id)))
        }
    }

    /// The idle reset's step for the topmost presentation, `id` (SPEC 11.4), appending what it
    /// gives: a clean one is dismissed (`direct`); one with unsaved work, or with a question open,
    /// goes by the `unsaved` rule: `save` gives `save` then `dismiss` (`saved`), `discard` gives
    /// `dismiss` (`discarded`), and `keep` asks the question (source `idle`) unless it is open,
    /// and keeps the presentation. An open question is closed by the dismissal. Every style goes:
    /// the reset is the kiosk's, not a gesture. Returns whether the presentation goes.
    public mutating func resetForIdle(_ id: PresentationID, unsaved rule: IdleUnsavedRule, time: Int64, in scene: Scene,
                                      into intents: inout [Intent]) -> Bool {
        guard let presentation = scene.presentation(withID: id) else { return true }
        let question = questions.firstIndex { $0.presentation == id }
        guard presentation.unsavedChanges || question != nil else {
            intents.append(Intent(time: time, kind: .dismiss(presentation: id, source: .idle, resolution: .direct)))
            return true
        }
        switch rule {
        case .save:
            intents.append(Intent(time: time, kind: .save(presentation: id)))
            intents.append(Intent(time: time, kind: .dismiss(presentation: id, source: .idle, resolution: .saved)))
        case .discard:
            intents.append(Intent(time: time, kind: .dismiss(presentation: id, source: .idle, resolution: .discarded)))
        case .keep:
            if question == nil {
                questions.append(Question(presentation: id, source: .idle))
                intents.append(Intent(time: time, kind: .confirmationRequested(presentation: id, source: .idle, options: Self.confirmationOptions)))
            }
            return false
        }
        if let question { questions.remove(at: question) }
        return true
    }

    /// Whether a confirmation is open for `presentation`.
    public func isAsking(about presentation: PresentationID) -> Bool {
        questions.contains { $0.presentation == presentation }
    }

    /// Forgets the open questions about presentations that are not in `scene`.
    public mutating func sceneChanged(to scene: Scene) {
        questions.removeAll { scene.index(ofPresentation: $0.presentation) == nil }
    }

    /// Why `source` may not dismiss the topmost `presentation`, or nil when it may.
    static func rejectionReason(for source: DismissalSource, on presentation: Presentation, in scene: Scene) -> RejectionReason? {
        switch source {
        case .swipeFromTop, .swipeScrolledContent, .grabberDrag:
            switch scene.role(of: presentation) {
            case .sheet: break
            case .popover: return .popoverCannotBeSwiped
            case .fullScreen: return .fullScreenCannotBeSwiped
            case .alert: return .alertCannotBeSwiped
            }
            if source == .grabberDrag && !presentation.grabber { return .noGrabber }
            if !presentation.dismissible { return .notDismissibleByGestures }
            return nil
        case .tapOutside:
            switch scene.tapOutsideAction(of: presentation) {
            case .dismiss: break
            case .ignore: return .tapOutsideIgnored
            case .passthrough: return .tapOutsidePassesThrough
            }
            if !presentation.dismissible { return .notDismissibleByGestures }
            return nil
        case .escapeKey:
            if scene.role(of: presentation) == .popover && presentation.modal {
                return .modalPopoverNeedsItsButtons
            }
            return nil
        case .cancelButton, .doneButton, .accessibilityEscape, .programmatic, .idle:
            return nil
        }
    }
}

extension RejectionReason {
    /// The policy's rule that gave the rejection (``DismissalPolicy``'s rules 1 to 4), in words, as
    /// `--explain` prints it.
    public var policyRule: String {
        switch self {
        case .notPresented: "rule 1: an attempt on a presentation that is not in the scene is rejected"
        case .confirmationOpen: "rule 2: while a question is open for a presentation, it covers it"
        case .coveredBy: "rule 3: only the topmost presentation can be dismissed; the host closes what is above it first"
        case .popoverCannotBeSwiped, .fullScreenCannotBeSwiped, .alertCannotBeSwiped, .noGrabber, .notDismissibleByGestures,
             .tapOutsideIgnored, .tapOutsidePassesThrough, .modalPopoverNeedsItsButtons:
            "rule 4: a source the presentation does not allow is rejected"
        }
    }
}
