import Testing
@testable import DismissKitCore

/// The unsaved-content invariant's check (SPEC 5.5) finds the dismissals it forbids, and passes
/// the ones the policy allows.
@Suite struct UnsavedWorkCheckerTests {
    static let sheetScene = Scene(presentations: [Presentation(id: "sheet", style: .sheet, unsavedChanges: true)])
    static let popoverScene = Scene(presentations: [
        Presentation(id: "share", style: .popover, modal: false, unsavedChanges: true, frame: Rect(x: 900, y: 60, width: 320, height: 400)),
    ])

    static func dismiss(_ id: PresentationID, _ source: DismissalSource, _ resolution: DismissResolution) -> Intent {
        Intent(time: 1, kind: .dismiss(presentation: id, source: source, resolution: resolution))
    }

    static func save(_ id: PresentationID) -> Intent { Intent(time: 1, kind: .save(presentation: id)) }

    /// The reason of the first violation when `intents` follow `cause` (nil: a touch or a device's key).
    static func violation(_ scene: Scene, after cause: HostCommand?, _ intents: [Intent],
                          before: [HostCommand] = []) -> String? {
        var checker = UnsavedWorkChecker(scene: scene)
        for command in before { checker.took(command) }
        if let cause { checker.took(cause) } else { checker.tookDeviceInput() }
        for intent in intents { checker.take(intent, names: PresentationNames()) }
        return checker.violation?.reason
    }

    @Test func aSilentDismissalOfUnsavedWorkIsFound() {
        #expect(Self.violation(Self.sheetScene, after: nil, [Self.dismiss("sheet", .escapeKey, .direct)])
            == #"dismiss of "sheet" with unsaved changes: source escapeKey, resolution direct"#)
        #expect(Self.violation(Self.sheetScene, after: .key(.escape), [Self.dismiss("sheet", .escapeKey, .discarded)]) != nil)
        // A save without the host's answer is not a save it asked for.
        #expect(Self.violation(Self.sheetScene, after: nil, [Self.save("sheet"), Self.dismiss("sheet", .escapeKey, .saved)]) != nil)
        // The answer must name the presentation dismissed.
        #expect(Self.violation(Self.sheetScene, after: .confirm(presentation: "other", .discard),
                               [Self.dismiss("sheet", .escapeKey, .discarded)]) != nil)
    }

    @Test func whatThePolicyAllowsPasses() {
        #expect(Self.violation(Self.sheetScene, after: .button(presentation: "sheet", .done), [Self.dismiss("sheet", .doneButton, .direct)]) == nil)
        #expect(Self.violation(Self.sheetScene, after: .confirm(presentation: "sheet", .discard),
                               [Self.dismiss("sheet", .escapeKey, .discarded)]) == nil)
        #expect(Self.violation(Self.sheetScene, after: .confirm(presentation: "sheet", .save),
                               [Self.save("sheet"), Self.dismiss("sheet", .escapeKey, .saved)]) == nil)
        // Work the host marked saved may go without a question.
        #expect(Self.violation(Self.sheetScene, after: nil, [Self.dismiss("sheet", .swipeFromTop, .direct)],
                               before: [.update(presentation: "sheet", PresentationUpdate(unsavedChanges: false))]) == nil)
    }

    @Test func theIdleRuleMayDismissUnsavedWorkOnlyAsItSaysAfterItsWarning() {
        func scene(_ unsaved: IdleUnsavedRule) -> Scene {
            var scene = Self.sheetScene
            scene.idle = IdleRule(after: 10, warning: 5, unsaved: unsaved)
            return scene
        }
        let warning = Intent(time: 1, kind: .idleWarning(deadline: 10, remaining: 0, lastActivity: 0))
        let discarded = Self.dismiss("sheet", .idle, .discarded)
        let saved = [Self.save("sheet"), Self.dismiss("sheet", .idle, .saved)]
        #expect(Self.violation(scene(.discard), after: .tick, [warning, discarded]) == nil)
        #expect(Self.violation(scene(.save), after: .tick, [warning] + saved) == nil)
        // A warning given before, with only ticks since.
        #expect(Self.violation(scene(.discard), after: .tick, [discarded], before: []) != nil)
        var checker = UnsavedWorkChecker(scene: scene(.discard))
        checker.took(.tick)
        checker.take(warning, names: PresentationNames())
        checker.took(.tick)
        checker.take(discarded, names: PresentationNames())
        #expect(checker.violation == nil)
        // Activity since the warning, another rule, an unsaved dismissal that is not the idle rule's, no rule at all.
        checker = UnsavedWorkChecker(scene: scene(.discard))
        checker.took(.tick)
        checker.take(warning, names: PresentationNames())
        checker.took(.keyboard(height: 0))
        checker.took(.tick)
        checker.take(discarded, names: PresentationNames())
        #expect(checker.violation != nil)
        #expect(Self.violation(scene(.save), after: .tick, [warning, discarded]) != nil)
        #expect(Self.violation(scene(.keep), after: .tick, [warning, discarded]) != nil)
        #expect(Self.violation(scene(.discard), after: .tick, [warning, Self.dismiss("sheet", .idle, .direct)]) != nil)
        #expect(Self.violation(scene(.discard), after: .tick, [warning, Self.dismiss("sheet", .programmatic, .discarded)]) != nil)
        #expect(Self.violation(Self.sheetScene, after: .tick, [warning, discarded]) != nil)
        #expect(Self.violation(scene(.save), after: .tick, [warning, Self.dismiss("sheet", .idle, .saved)]) != nil)
    }

    @Test func onlyANonModalPopoverInARegularWidthAutosaves() {
        let autosave = [Self.save("share"), Self.dismiss("share", .tapOutside, .autosaved)]
        #expect(Self.violation(Self.popoverScene, after: nil, autosave) == nil)
        var modal = PresentationUpdate()
        modal.modal = true
        #expect(Self.violation(Self.popoverScene, after: nil, autosave, before: [.update(presentation: "share", modal)]) != nil)
        // In a compact width a popover is a sheet, which asks.
        #expect(Self.violation(Self.popoverScene, after: nil, autosave,
                               before: [.screen(ScreenSize(width: 500, height: 900, widthMM: 70, heightMM: 130))]) != nil)
        #expect(Self.violation(Self.sheetScene, after: nil, [Self.save("sheet"), Self.dismiss("sheet", .tapOutside, .autosaved)]) != nil)
    }

    @Test func nothingNamesAPresentationAfterItsDismissal() {
        let done = Self.dismiss("sheet", .doneButton, .direct)
        let ghost = Intent(time: 2, kind: .dragChanged(presentation: "sheet", offset: 10, velocity: 0))
        #expect(Self.violation(Self.sheetScene, after: .button(presentation: "sheet", .done), [done, ghost])
            == #"dragChanged names "sheet" after its dismissal"#)
        let notPresented = Intent(time: 2, kind: .rejected(presentation: "sheet", source: .programmatic, reason: .notPresented))
        #expect(Self.violation(Self.sheetScene, after: .button(presentation: "sheet", .done), [done, notPresented]) == nil)
    }

    @Test func idsAreTheirBytes() {
        // "café" dismissed after an answer naming "cafe" + U+0301: not the host's answer for it.
        let scene = Scene(presentations: [Presentation(id: "caf\u{E9}", style: .sheet, unsavedChanges: true)])
        #expect(Self.violation(scene, after: .confirm(presentation: "cafe\u{301}", .discard),
                               [Self.dismiss("caf\u{E9}", .escapeKey, .discarded)]) != nil)
    }
}
