// Written by script/protocol from protocol/dismisskit.xml: edit that.
import DismissKitCore
import Testing

/// The core's closed sets are the ones protocol/dismisskit.xml describes: the same JSON names, in
/// the order of the C library's numbers.
@Suite struct ProtocolVocabularyTests {
    @Test func confirmationChoiceIsTheChoiceOfTheDescription() {
        #expect(ConfirmationChoice.allCases.map(\.rawValue) == ["discard", "save", "keepEditing"])
    }

    @Test func buttonRoleIsTheButtonRoleOfTheDescription() {
        #expect(ButtonRole.allCases.map(\.rawValue) == ["cancel", "done"])
    }

    @Test func accessibilityActionIsTheAccessibilityActionOfTheDescription() {
        #expect(AccessibilityAction.allCases.map(\.rawValue) == ["escape", "nextDetent", "previousDetent"])
    }

    @Test func idleUnsavedRuleIsTheIdleUnsavedOfTheDescription() {
        #expect(IdleUnsavedRule.allCases.map(\.rawValue) == ["save", "discard", "keep"])
    }

    @Test func dragOriginIsTheDragOriginOfTheDescription() {
        #expect(DragOrigin.allCases.map(\.rawValue) == ["topRegion", "scrolledContent", "grabber"])
    }

    @Test func dragOutcomeIsTheDragOutcomeOfTheDescription() {
        #expect(DragOutcome.allCases.map(\.rawValue) == ["dismissAttempt", "settle", "cancel"])
    }

    @Test func detentCauseIsTheDetentCauseOfTheDescription() {
        #expect(DetentCause.allCases.map(\.rawValue) == ["grabberTap", "grabberDrag", "swipe", "scrollExpand", "accessibility", "keyboard"])
    }

    @Test func keyboardHidingReasonIsTheKeyboardHidingReasonOfTheDescription() {
        #expect(KeyboardHidingReason.allCases.map(\.rawValue) == ["drag", "question", "escapeKey"])
    }

    @Test func dismissalSourceIsTheDismissalSourceOfTheDescription() {
        #expect(DismissalSource.allCases.map(\.rawValue) == ["swipeFromTop", "swipeScrolledContent", "grabberDrag", "tapOutside", "escapeKey", "cancelButton", "doneButton", "accessibilityEscape", "programmatic", "idle"])
    }

    @Test func dismissResolutionIsTheDismissResolutionOfTheDescription() {
        #expect(DismissResolution.allCases.map(\.rawValue) == ["direct", "discarded", "saved", "autosaved"])
    }

    @Test func presentationStyleIsThePresentationStyleOfTheDescription() {
        #expect(PresentationStyle.allCases.map(\.rawValue) == ["sheet", "pageSheet", "formSheet", "automatic", "popover", "fullScreen", "currentContext", "alert"])
    }

    @Test func tapOutsideActionIsTheTapOutsideOfTheDescription() {
        #expect(TapOutsideAction.allCases.map(\.rawValue) == ["dismiss", "ignore", "passthrough"])
    }

    @Test func presentationRoleIsThePresentationRoleOfTheDescription() {
        #expect(PresentationRole.allCases.map(\.rawValue) == ["sheet", "popover", "fullScreen", "alert"])
    }
}
