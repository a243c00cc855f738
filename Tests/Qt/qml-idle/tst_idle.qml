// The idle rule as a kiosk declares it (IdleQuestion, with nothing but `import DismissKit`): a
// Sheet left alone brings the question "Are you still there?" with its countdown; a touch on
// Continue, or anywhere, answers it and does nothing else; with no touch the deadline dismisses
// the sheet by the rule and reset() asks for the start screen. The rule's times are short
// (after 3 s, the warning 2.5 s before), and time is the platform's own clock: each wait ends
// when what it waits for holds, and no elapsed time is asserted. Tests/Qt/run runs it once, at
// scale 1 (its rule waits seconds of real time; the scales and the decimal comma are the other
// suites'), where it makes the pictures of Docs/embedding-qt.md.
import QtQuick
import QtQuick.Controls
import QtTest
import DismissKit

Item {
    id: root
    width: 390
    height: 844
    property var order: []
    property int resets: 0

    // How a dismissal is written in `order`: its Pipeline.DismissalSource and Pipeline.Resolution.
    function dismissal(source, resolution) { return "dismissed " + source + " " + resolution }

    Sheet {
        id: sheet
        name: "idle-sheet"
        title: "New Message"
        cancelText: "Cancel"
        detents: ["medium", "large"]
        property bool edited: false
        unsavedChanges: edited
        onSaveRequested: root.order.push("save")
        onDismissed: (source, resolution) => root.order.push(root.dismissal(source, resolution))

        ListView {
            anchors.fill: parent
            clip: true
            model: 60
            delegate: ItemDelegate {
                width: ListView.view.width
                height: 44
                text: "Message " + (index + 1)
            }
        }
    }

    IdleQuestion {
        id: idle
        rule: ({after: 3000, warning: 2500, unsaved: "discard"})
        onReset: root.resets++
    }

    TestCase {
        name: "Idle"
        when: windowShown

        // How long a wait may last before the run counts as stuck: each wait ends as soon as
        // what it waits for holds, so a slow machine stays far below it.
        readonly property int stall: 60000

        function init() {
            root.order = []
            root.resets = 0
            sheet.edited = false
            idle.rule = {after: 3000, warning: 2500, unsaved: "discard"}
            compare(idle.lastError, "")
        }

        function cleanup() {
            sheet.close()
            tryCompare(sheet, "visible", false, stall)
            tryCompare(idle, "visible", false, stall)
        }

        function cleanupTestCase() { useWindow(390, 844) }

        function useWindow(width, height) {
            const window = root.Window.window
            window.width = width
            window.height = height
            tryVerify(() => root.Overlay.overlay.width === width && root.Overlay.overlay.height === height, stall,
                      "the window is " + width + " × " + height)
        }

        function openAt(detent) {
            sheet.selectedDetent = detent
            sheet.open()
            tryVerify(() => sheet.presentation.presented && sheet.opened, stall, "the sheet is open")
        }

        function waitForQuestion() {
            tryCompare(idle, "visible", true, stall)
            const button = findChild(idle.contentItem, "idleContinue")
            verify(button !== null && button.visible)
            return button
        }

        // A tap at (x, y) in the window's points.
        function tap(x, y) {
            const touch = touchEvent(root)
            touch.press(0, root, x, y).commit()
            touch.release(0, root, x, y).commit()
        }

        function test_warningCountsDown() {
            openAt("large")
            const button = waitForQuestion()
            const countdown = findChild(idle.contentItem, "idleCountdown")
            const first = idle.secondsLeft
            verify(first >= 1 && first <= 3, "whole seconds left of the 2.5 s warning: " + first)
            compare(countdown.text, idle.countdownText(first))
            verify(countdown.text.indexOf(String(first)) >= 0)
            verify(button.height >= 44, "Continue is " + button.height + " pt tall")
            compare(button.text, qsTranslate("IdleQuestion", "Continue"))
            // Above the sheet (and an on-screen keyboard in the overlay, at z 1000).
            verify(idle.z > sheet.z && idle.z > 1000)
            // It counts down, live.
            tryVerify(() => idle.secondsLeft < first, stall, "the countdown goes on from " + first)
        }

        function test_continueCancels() {
            openAt("large")
            const button = waitForQuestion()
            const centre = button.mapToItem(root, button.width / 2, button.height / 2)
            tap(centre.x, centre.y)
            compare(idle.visible, false)
            verify(sheet.presentation.presented)
            // The clock started again: the warning comes again.
            waitForQuestion()
        }

        // Above a sheet at medium, a tap outside would dismiss it: while the question shows, it
        // only answers the question.
        function test_aTapAnywhereOnlyAnswers() {
            openAt("medium")
            waitForQuestion()
            tap(root.Overlay.overlay.width / 2, 20)
            compare(idle.visible, false)
            wait(50)
            verify(sheet.visible && sheet.presentation.presented)
            compare(root.order, [])
        }

        function test_resetClosesACleanSheet() {
            openAt("large")
            tryCompare(root, "resets", 1, stall)
            tryCompare(sheet, "visible", false, stall)
            compare(idle.visible, false)
            compare(root.order, [root.dismissal(Pipeline.DismissalSource.Idle, Pipeline.Resolution.Direct)])
        }

        function test_resetDiscardsUnsavedWork() {
            openAt("large")
            sheet.edited = true
            tryCompare(root, "resets", 1, stall)
            tryCompare(sheet, "visible", false, stall)
            compare(root.order, [root.dismissal(Pipeline.DismissalSource.Idle, Pipeline.Resolution.Discarded)])
        }

        function test_keepAsksInstead() {
            idle.rule = {after: 3000, warning: 2500, unsaved: "keep"}
            compare(idle.lastError, "")
            openAt("large")
            sheet.edited = true
            tryVerify(() => sheet.presentation.question.length > 0, stall, "the sheet's question is asked")
            tryCompare(idle, "visible", false, stall)
            verify(sheet.visible)
            compare(root.resets, 0)
            compare(root.order, [])
            sheet.presentation.confirm(Pipeline.Choice.Discard)
            tryCompare(sheet, "visible", false, stall)
            compare(root.order, [root.dismissal(Pipeline.DismissalSource.Idle, Pipeline.Resolution.Discarded)])
        }

        // A rule given, changed or taken away while the sheet is presented is the pipeline's at
        // once: the question comes by the new rule, and none after the rule is gone.
        function test_aRuleGivenWhilePresentedAppliesAtOnce() {
            idle.rule = {}
            openAt("large")
            idle.rule = {after: 3000, warning: 2500, unsaved: "discard"}
            compare(idle.lastError, "")
            waitForQuestion()
            idle.rule = {}
            compare(idle.lastError, "")
            tryCompare(idle, "visible", false, stall)
            // Past the deadline the rule had: nothing is dismissed.
            wait(3500)
            verify(sheet.visible && sheet.presentation.presented)
            compare(idle.visible, false)
            compare(root.resets, 0)
            compare(root.order, [])
        }

        function test_aRuleChangedWhilePresentedAppliesAtOnce() {
            idle.rule = {after: 600000, warning: 1000, unsaved: "discard"}
            openAt("large")
            idle.rule = {after: 3000, warning: 2500, unsaved: "discard"}
            compare(idle.lastError, "")
            waitForQuestion()
        }

        // The rule's fields are checked before the pipeline has it, naming the field.
        function test_aRuleOfTheWrongShapeIsSaid() {
            idle.rule = {after: "soon", warning: 2500, unsaved: "discard"}
            verify(idle.lastError.indexOf("after:") === 0, idle.lastError)
            idle.rule = {after: 3000, warning: 2500, unsaved: "forget"}
            verify(idle.lastError.indexOf("unsaved:") === 0, idle.lastError)
            idle.rule = {after: 3000, warning: 2500}
            compare(idle.lastError, "unsaved: required")
        }

        function test_aRefusedRuleIsSaid() {
            idle.rule = {after: 1000, warning: 2000, unsaved: "discard"}
            verify(idle.lastError.indexOf("warning") >= 0, idle.lastError)
        }

        function test_pictures_data() {
            return [{tag: "phone", width: 390, height: 844}, {tag: "landscape", width: 1280, height: 800}]
        }

        function test_pictures(data) {
            useWindow(data.width, data.height)
            openAt("large")
            waitForQuestion()
            wait(50)
            grabImage(root.Window.contentItem).save("qt-idle-question-" + data.tag + ".png")
            const button = findChild(idle.contentItem, "idleContinue")
            const centre = button.mapToItem(root, button.width / 2, button.height / 2)
            tap(centre.x, centre.y)
            compare(idle.visible, false)
        }
    }
}
