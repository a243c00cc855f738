import Testing
@testable import DismissKitCore

extension Intent.Kind {
    /// The dismissal source of a `dismiss`, nil for other kinds.
    fileprivate var source: DismissalSource? {
        if case .dismiss(_, let source, _) = self { source } else { nil }
    }
}

/// Drives a policy step by step and checks the whole observable state after each step.
private struct PolicyStore {
    var policy = DismissalPolicy()
    var scene: Scene

    /// Sends an attempt and checks the exact intents and the open questions afterwards.
    mutating func attempt(
        _ source: DismissalSource, on id: PresentationID, at time: Int64,
        produces expected: [Intent.Kind], openQuestions: [PresentationID: DismissalSource],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let intents = policy.handle(DismissalAttempt(time: time, presentation: id, source: source), in: scene)
        #expect(intents == expected.map { Intent(time: time, kind: $0) }, sourceLocation: sourceLocation)
        #expect(policy.openQuestions == openQuestions, sourceLocation: sourceLocation)
    }

    /// Sends the host's answer and checks the exact intents and the open questions afterwards.
    mutating func confirm(
        _ choice: ConfirmationChoice, on id: PresentationID, at time: Int64,
        produces expected: [Intent.Kind], openQuestions: [PresentationID: DismissalSource],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(throws: Never.self, sourceLocation: sourceLocation) {
            let intents = try policy.handleConfirmation(presentation: id, choice: choice, time: time, in: scene)
            #expect(intents == expected.map { Intent(time: time, kind: $0) }, sourceLocation: sourceLocation)
        }
        #expect(policy.openQuestions == openQuestions, sourceLocation: sourceLocation)
    }

    /// Sends an answer the policy must refuse, and checks the reason and that the open questions are unchanged.
    mutating func confirm(
        _ choice: ConfirmationChoice, on id: PresentationID, at time: Int64, isRefusedWith reason: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let before = policy.openQuestions
        #expect(throws: HostCommandError(reason: reason), sourceLocation: sourceLocation) {
            try policy.handleConfirmation(presentation: id, choice: choice, time: time, in: scene)
        }
        #expect(policy.openQuestions == before, sourceLocation: sourceLocation)
    }
}

@Suite struct DismissalPolicyTests {
    static let regularScreen = ScreenSize(width: 1280, height: 800, widthMM: 217, heightMM: 136)
    static let compactScreen = ScreenSize(width: 390, height: 844, widthMM: 64, heightMM: 139)
    static let popoverFrame = Rect(x: 900, y: 60, width: 320, height: 400)
    static let options: ConfirmationOptions = [.discard, .save, .keepEditing]

    static func compose(unsavedChanges: Bool) -> Presentation {
        Presentation(id: "compose", style: .sheet, detents: [.medium, .large], grabber: true, unsavedChanges: unsavedChanges)
    }

    // MARK: - Without unsaved changes

    @Test func cleanSheetIsDismissedDirectly() {
        var store = PolicyStore(scene: Scene(screen: Self.regularScreen, presentations: [Self.compose(unsavedChanges: false)]))
        store.attempt(.swipeFromTop, on: "compose", at: 10, produces: [
            .dismiss(presentation: "compose", source: .swipeFromTop, resolution: .direct),
        ], openQuestions: [:])
    }

    // MARK: - The confirmation round trip

    @Test func discardDismissesWithTheAskingSource() {
        var store = PolicyStore(scene: Scene(screen: Self.regularScreen, presentations: [Self.compose(unsavedChanges: true)]))
        store.attempt(.swipeScrolledContent, on: "compose", at: 100, produces: [
            .confirmationRequested(presentation: "compose", source: .swipeScrolledContent, options: Self.options),
        ], openQuestions: ["compose": .swipeScrolledContent])
        store.confirm(.discard, on: "compose", at: 2_500_000, produces: [
            .dismiss(presentation: "compose", source: .swipeScrolledContent, resolution: .discarded),
        ], openQuestions: [:])
    }

    @Test func saveSavesThenDismisses() {
        var store = PolicyStore(scene: Scene(screen: Self.regularScreen, presentations: [Self.compose(unsavedChanges: true)]))
        store.attempt(.escapeKey, on: "compose", at: 5, produces: [
            .confirmationRequested(presentation: "compose", source: .escapeKey, options: Self.options),
        ], openQuestions: ["compose": .escapeKey])
        store.confirm(.save, on: "compose", at: 9, produces: [
            .save(presentation: "compose"),
            .dismiss(presentation: "compose", source: .escapeKey, resolution: .saved),
        ], openQuestions: [:])
    }

    @Test func keepEditingCancelsAndTheNextAttemptAsksAgain() {
        var store = PolicyStore(scene: Scene(screen: Self.regularScreen, presentations: [Self.compose(unsavedChanges: true)]))
        store.attempt(.grabberDrag, on: "compose", at: 1, produces: [
            .confirmationRequested(presentation: "compose", source: .grabberDrag, options: Self.options),
        ], openQuestions: ["compose": .grabberDrag])
        store.confirm(.keepEditing, on: "compose", at: 2, produces: [.cancelled(presentation: "compose")], openQuestions: [:])
        store.attempt(.cancelButton, on: "compose", at: 3, produces: [
            .confirmationRequested(presentation: "compose", source: .cancelButton, options: Self.options),
        ], openQuestions: ["compose": .cancelButton])
        store.confirm(.discard, on: "compose", at: 4, produces: [
            .dismiss(presentation: "compose", source: .cancelButton, resolution: .discarded),
        ], openQuestions: [:])
    }

    @Test(arguments: DismissalSource.allCases.map(\.rawValue))
    func attemptsAreRejectedWhileTheQuestionIsOpen(source: String) throws {
        let other = try #require(DismissalSource(rawValue: source))
        var store = PolicyStore(scene: Scene(screen: Self.regularScreen, presentations: [Self.compose(unsavedChanges: true)]))
        store.attempt(.swipeFromTop, on: "compose", at: 1, produces: [
            .confirmationRequested(presentation: "compose", source: .swipeFromTop, options: Self.options),
        ], openQuestions: ["compose": .swipeFromTop])
        for time: Int64 in [2, 3] {
            store.attempt(other, on: "compose", at: time, produces: [
                .rejected(presentation: "compose", source: other, reason: .confirmationOpen),
            ], openQuestions: ["compose": .swipeFromTop])
        }
        store.confirm(.discard, on: "compose", at: 4, produces: [
            .dismiss(presentation: "compose", source: .swipeFromTop, resolution: .discarded),
        ], openQuestions: [:])
    }

    @Test(arguments: ["discard", "save", "keepEditing"])
    func answerWithoutQuestionIsRefused(choice: String) throws {
        let answer = try #require(ConfirmationChoice(rawValue: choice))
        var store = PolicyStore(scene: Scene(screen: Self.regularScreen, presentations: [Self.compose(unsavedChanges: true)]))
        store.confirm(answer, on: "compose", at: 1, isRefusedWith: "no confirmation is open for presentation \"compose\"")
        store.confirm(answer, on: "nobody", at: 2, isRefusedWith: "no confirmation is open for presentation \"nobody\"")
        store.attempt(.programmatic, on: "compose", at: 3, produces: [
            .confirmationRequested(presentation: "compose", source: .programmatic, options: Self.options),
        ], openQuestions: ["compose": .programmatic])
        store.confirm(.keepEditing, on: "compose", at: 4, produces: [.cancelled(presentation: "compose")], openQuestions: [:])
        store.confirm(answer, on: "compose", at: 5, isRefusedWith: "no confirmation is open for presentation \"compose\"")
    }

    @Test func doneButtonDismissesDespiteUnsavedChanges() {
        var store = PolicyStore(scene: Scene(screen: Self.regularScreen, presentations: [Self.compose(unsavedChanges: true)]))
        store.attempt(.doneButton, on: "compose", at: 7, produces: [
            .dismiss(presentation: "compose", source: .doneButton, resolution: .direct),
        ], openQuestions: [:])
    }

    @Test func nonModalPopoverAutosavesOnTapOutside() {
        let popover = Presentation(id: "share", style: .popover, modal: false, unsavedChanges: true, frame: Self.popoverFrame)
        var store = PolicyStore(scene: Scene(screen: Self.regularScreen, presentations: [popover]))
        store.attempt(.tapOutside, on: "share", at: 3, produces: [
            .save(presentation: "share"),
            .dismiss(presentation: "share", source: .tapOutside, resolution: .autosaved),
        ], openQuestions: [:])
        store.attempt(.cancelButton, on: "share", at: 4, produces: [
            .confirmationRequested(presentation: "share", source: .cancelButton, options: Self.options),
        ], openQuestions: ["share": .cancelButton])
    }

    @Test func modalPopoverWithTapOutsideOverrideAsksInsteadOfAutosaving() {
        let popover = Presentation(id: "share", style: .popover, modal: true, unsavedChanges: true, tapOutside: .dismiss, frame: Self.popoverFrame)
        var store = PolicyStore(scene: Scene(screen: Self.regularScreen, presentations: [popover]))
        store.attempt(.tapOutside, on: "share", at: 3, produces: [
            .confirmationRequested(presentation: "share", source: .tapOutside, options: Self.options),
        ], openQuestions: ["share": .tapOutside])
    }

    @Test func adaptedPopoverDoesNotAutosave() {
        let popover = Presentation(id: "share", style: .popover, modal: false, unsavedChanges: true, tapOutside: .dismiss, frame: Self.popoverFrame)
        var store = PolicyStore(scene: Scene(screen: Self.compactScreen, presentations: [popover]))
        store.attempt(.tapOutside, on: "share", at: 3, produces: [
            .confirmationRequested(presentation: "share", source: .tapOutside, options: Self.options),
        ], openQuestions: ["share": .tapOutside])
    }

    // MARK: - Stack and bookkeeping

    @Test func unknownPresentationIsRejected() {
        var store = PolicyStore(scene: Scene(screen: Self.regularScreen, presentations: [Self.compose(unsavedChanges: true)]))
        store.attempt(.programmatic, on: "ghost", at: 1, produces: [
            .rejected(presentation: "ghost", source: .programmatic, reason: .notPresented),
        ], openQuestions: [:])
    }

    @Test func aCoveredPresentationRejectsEverySource() {
        let alert = Presentation(id: "warn", style: .alert)
        var store = PolicyStore(scene: Scene(screen: Self.regularScreen, presentations: [Self.compose(unsavedChanges: false), alert]))
        for source in DismissalSource.allCases {
            store.attempt(source, on: "compose", at: 1, produces: [
                .rejected(presentation: "compose", source: source, reason: .coveredBy("warn")),
            ], openQuestions: [:])
        }
        store.attempt(.escapeKey, on: "warn", at: 3, produces: [
            .dismiss(presentation: "warn", source: .escapeKey, resolution: .direct),
        ], openQuestions: [:])
    }

    @Test func aQuestionStaysOpenUnderAPresentationPutAboveIt() {
        let note = Presentation(id: "note", style: .formSheet, unsavedChanges: true)
        var store = PolicyStore(scene: Scene(screen: Self.regularScreen, presentations: [Self.compose(unsavedChanges: true)]))
        store.attempt(.swipeFromTop, on: "compose", at: 1, produces: [
            .confirmationRequested(presentation: "compose", source: .swipeFromTop, options: Self.options),
        ], openQuestions: ["compose": .swipeFromTop])
        store.scene.presentations.append(note)
        store.policy.sceneChanged(to: store.scene)
        store.attempt(.cancelButton, on: "note", at: 2, produces: [
            .confirmationRequested(presentation: "note", source: .cancelButton, options: Self.options),
        ], openQuestions: ["compose": .swipeFromTop, "note": .cancelButton])
        // Nothing is dismissed from under another presentation; keeping on editing is always possible.
        for choice in [ConfirmationChoice.discard, .save] {
            store.confirm(choice, on: "compose", at: 3, isRefusedWith: "presentation \"compose\" is covered by \"note\"; "
                + "remove what is above it before answering \(choice.rawValue)")
        }
        store.confirm(.save, on: "note", at: 4, produces: [
            .save(presentation: "note"),
            .dismiss(presentation: "note", source: .cancelButton, resolution: .saved),
        ], openQuestions: ["compose": .swipeFromTop])
        store.confirm(.keepEditing, on: "compose", at: 5, produces: [.cancelled(presentation: "compose")], openQuestions: [:])
    }

    @Test func sceneChangeForgetsQuestionsAboutVanishedPresentations() {
        var store = PolicyStore(scene: Scene(screen: Self.regularScreen, presentations: [Self.compose(unsavedChanges: true)]))
        store.attempt(.programmatic, on: "compose", at: 1, produces: [
            .confirmationRequested(presentation: "compose", source: .programmatic, options: Self.options),
        ], openQuestions: ["compose": .programmatic])
        store.scene.presentations.append(Presentation(id: "note", style: .formSheet, unsavedChanges: true))
        store.policy.sceneChanged(to: store.scene)
        store.attempt(.escapeKey, on: "note", at: 2, produces: [
            .confirmationRequested(presentation: "note", source: .escapeKey, options: Self.options),
        ], openQuestions: ["compose": .programmatic, "note": .escapeKey])
        store.scene.presentations.removeLast()
        store.policy.sceneChanged(to: store.scene)
        #expect(store.policy.openQuestions == ["compose": .programmatic])
        store.confirm(.discard, on: "note", at: 3, isRefusedWith: "no confirmation is open for presentation \"note\"")
        store.scene.presentations = []
        store.policy.sceneChanged(to: store.scene)
        #expect(store.policy.openQuestions.isEmpty)
        store.confirm(.discard, on: "compose", at: 4, isRefusedWith: "no confirmation is open for presentation \"compose\"")
    }

    @Test func answerForAPresentationThatLeftWithoutNoticeDoesNotDismiss() {
        var store = PolicyStore(scene: Scene(screen: Self.regularScreen, presentations: [Self.compose(unsavedChanges: true)]))
        store.attempt(.swipeFromTop, on: "compose", at: 1, produces: [
            .confirmationRequested(presentation: "compose", source: .swipeFromTop, options: Self.options),
        ], openQuestions: ["compose": .swipeFromTop])
        store.scene.presentations = []
        store.confirm(.discard, on: "compose", at: 2, isRefusedWith: "no presentation \"compose\" in the scene")
    }

    // MARK: - Rejection per style and source

    /// A presentation on a screen and the sources it rejects, with the reasons; every
    /// other source dismisses it directly (no unsaved changes, topmost).
    static let rejectionTable: [(name: String, presentation: Presentation, screen: ScreenSize, rejected: [DismissalSource: RejectionReason])] = {
        let swipes = ["swipeFromTop", "swipeScrolledContent", "grabberDrag"].compactMap(DismissalSource.init(rawValue:))
        func swipeReasons(_ reason: RejectionReason) -> [DismissalSource: RejectionReason] {
            Dictionary(uniqueKeysWithValues: swipes.map { ($0, reason) })
        }
        let ignored = RejectionReason.tapOutsideIgnored
        let notDismissible = RejectionReason.notDismissibleByGestures
        var table: [(name: String, presentation: Presentation, screen: ScreenSize, rejected: [DismissalSource: RejectionReason])] = []
        for style in [PresentationStyle.sheet, .pageSheet, .formSheet, .automatic, .currentContext] {
            table.append(("regular \(style.rawValue)", Presentation(id: "p", style: style, grabber: true), regularScreen, [:]))
            table.append(("compact \(style.rawValue)", Presentation(id: "p", style: style, grabber: true), compactScreen, [.tapOutside: ignored]))
        }
        table += [
            ("compact sheet with tap override", Presentation(id: "p", style: .sheet, grabber: true, tapOutside: .dismiss), compactScreen, [:]),
            ("regular sheet ignoring taps", Presentation(id: "p", style: .sheet, grabber: true, tapOutside: .ignore), regularScreen, [.tapOutside: ignored]),
            ("sheet without grabber", Presentation(id: "p", style: .sheet), regularScreen, [.grabberDrag: .noGrabber]),
            ("non-modal sheet", Presentation(id: "p", style: .sheet, detents: [.medium, .large], grabber: true, modal: false), regularScreen,
             [.tapOutside: ignored]),
            ("not dismissible sheet", Presentation(id: "p", style: .sheet, grabber: true, dismissible: false), regularScreen,
             swipeReasons(notDismissible).merging([.tapOutside: notDismissible]) { first, _ in first }),
            ("regular modal popover", Presentation(id: "p", style: .popover, grabber: true, modal: true, frame: popoverFrame), regularScreen,
             swipeReasons(.popoverCannotBeSwiped).merging([
                 .tapOutside: ignored, .escapeKey: .modalPopoverNeedsItsButtons,
             ]) { first, _ in first }),
            ("regular non-modal popover", Presentation(id: "p", style: .popover, grabber: true, modal: false, frame: popoverFrame), regularScreen,
             swipeReasons(.popoverCannotBeSwiped)),
            ("not dismissible non-modal popover", Presentation(id: "p", style: .popover, modal: false, dismissible: false, frame: popoverFrame), regularScreen,
             swipeReasons(.popoverCannotBeSwiped).merging([.tapOutside: notDismissible]) { first, _ in first }),
            ("compact modal popover", Presentation(id: "p", style: .popover, grabber: true, modal: true, frame: popoverFrame), compactScreen,
             [.tapOutside: ignored]),
            ("compact non-modal popover", Presentation(id: "p", style: .popover, detents: [.medium, .large], grabber: true, modal: false, frame: popoverFrame), compactScreen,
             [.tapOutside: ignored]),
            ("full screen", Presentation(id: "p", style: .fullScreen, grabber: true), regularScreen,
             swipeReasons(.fullScreenCannotBeSwiped).merging([.tapOutside: ignored]) { first, _ in first }),
            ("alert", Presentation(id: "p", style: .alert, grabber: true), regularScreen,
             swipeReasons(.alertCannotBeSwiped).merging([.tapOutside: ignored]) { first, _ in first }),
            ("not dismissible alert", Presentation(id: "p", style: .alert, dismissible: false), compactScreen,
             swipeReasons(.alertCannotBeSwiped).merging([.tapOutside: ignored]) { first, _ in first }),
        ]
        return table
    }()

    @Test(arguments: rejectionTable.map(\.name))
    func rejectsSourcesTheStyleDoesNotAllow(name: String) throws {
        let row = try #require(Self.rejectionTable.first { $0.name == name })
        let scene = Scene(screen: row.screen, presentations: [row.presentation])
        for source in DismissalSource.allCases {
            var store = PolicyStore(scene: scene)
            let expected: Intent.Kind = if let reason = row.rejected[source] {
                .rejected(presentation: "p", source: source, reason: reason)
            } else {
                .dismiss(presentation: "p", source: source, resolution: .direct)
            }
            store.attempt(source, on: "p", at: 42, produces: [expected], openQuestions: [:])
        }
    }

    @Test(arguments: rejectionTable.map(\.name))
    func rejectionComesBeforeTheConfirmationQuestion(name: String) throws {
        let row = try #require(Self.rejectionTable.first { $0.name == name })
        var presentation = row.presentation
        presentation.unsavedChanges = true
        let scene = Scene(screen: row.screen, presentations: [presentation])
        for (source, reason) in row.rejected {
            var store = PolicyStore(scene: scene)
            store.attempt(source, on: "p", at: 1, produces: [.rejected(presentation: "p", source: source, reason: reason)], openQuestions: [:])
        }
    }

    // MARK: - The unsaved-content invariant

    /// One case of the invariant sweep, named so that it can be re-run alone.
    struct Combination: CustomStringConvertible {
        var style: PresentationStyle
        var source: DismissalSource
        var unsavedChanges: Bool
        var modal: Bool
        var compact: Bool
        var dismissible: Bool
        var tapOutside: TapOutsideAction?

        var description: String {
            "\(style.rawValue)/\(source.rawValue)/unsaved=\(unsavedChanges)/modal=\(modal)/compact=\(compact)"
                + "/dismissible=\(dismissible)/tap=\(tapOutside?.rawValue ?? "default")"
        }
    }

    static let combinations: [Combination] = {
        var combinations: [Combination] = []
        for style in PresentationStyle.allCases {
            for source in DismissalSource.allCases {
                for unsavedChanges in [false, true] {
                    for modal in [false, true] {
                        for compact in [false, true] {
                            for dismissible in [false, true] {
                                for tapOutside in [nil, TapOutsideAction.dismiss, .ignore, .passthrough] {
                                    combinations.append(Combination(
                                        style: style, source: source, unsavedChanges: unsavedChanges, modal: modal,
                                        compact: compact, dismissible: dismissible, tapOutside: tapOutside
                                    ))
                                }
                            }
                        }
                    }
                }
            }
        }
        return combinations
    }()

    @Test func unsavedWorkIsNeverDismissedWithoutConsent() {
        for combination in Self.combinations {
            checkInvariant(combination)
        }
    }

    private func checkInvariant(_ combination: Combination) {
        let presentation = Presentation(
            id: "p", style: combination.style, detents: [.medium, .large], grabber: true, modal: combination.modal,
            unsavedChanges: combination.unsavedChanges, dismissible: combination.dismissible,
            tapOutside: combination.tapOutside, frame: Self.popoverFrame
        )
        let scene = Scene(screen: combination.compact ? Self.compactScreen : Self.regularScreen, presentations: [presentation])
        let comment = Comment(rawValue: combination.description)
        var policy = DismissalPolicy()
        let intents = policy.handle(DismissalAttempt(time: 1, presentation: "p", source: combination.source), in: scene)
        let dismissals = intents.filter { if case .dismiss = $0.kind { true } else { false } }
        #expect(intents.count == 1 || intents.count == 2, comment)

        if !combination.unsavedChanges {
            // A clean presentation is dismissed directly or rejected, and nothing is asked.
            let allowed = dismissals == [Intent(time: 1, kind: .dismiss(presentation: "p", source: combination.source, resolution: .direct))]
            let rejected = intents.count == 1 && { if case .rejected = intents[0].kind { true } else { false } }()
            #expect(allowed != rejected, comment)
            #expect(policy.openQuestions.isEmpty, comment)
            return
        }

        // With unsaved changes, the only immediate dismissals are Done and a non-modal popover's autosave.
        for dismissal in dismissals {
            #expect(dismissal.kind.source == combination.source, comment)
            switch dismissal.kind {
            case .dismiss(_, .doneButton, .direct):
                break
            case .dismiss(_, .tapOutside, .autosaved):
                #expect(combination.style == .popover && !combination.modal && !combination.compact, comment)
                #expect(intents.first?.kind == .save(presentation: "p"), comment)
            default:
                Issue.record(Comment(rawValue: "unsaved work dismissed by \(dismissal.kind) in \(combination)"))
            }
        }
        guard dismissals.isEmpty else { return }

        // Otherwise it was rejected, or a question is open and keeps every other attempt out.
        if case .confirmationRequested(_, let source, let options) = intents.first?.kind {
            #expect(source == combination.source && options == [.discard, .save, .keepEditing], comment)
            #expect(policy.openQuestions == ["p": combination.source], comment)
            for other in DismissalSource.allCases {
                #expect(policy.handle(DismissalAttempt(time: 2, presentation: "p", source: other), in: scene) == [
                    Intent(time: 2, kind: .rejected(presentation: "p", source: other, reason: .confirmationOpen)),
                ], comment)
            }
            #expect((try? policy.handleConfirmation(presentation: "p", choice: .keepEditing, time: 3, in: scene)) == [
                Intent(time: 3, kind: .cancelled(presentation: "p")),
            ], comment)
            #expect((try? policy.handleConfirmation(presentation: "p", choice: .discard, time: 4, in: scene)) == nil, comment)
        } else {
            #expect(intents.count == 1, comment)
            #expect({ if case .rejected = intents.first?.kind { true } else { false } }(), comment)
            #expect(policy.openQuestions.isEmpty, comment)
        }
    }
}
