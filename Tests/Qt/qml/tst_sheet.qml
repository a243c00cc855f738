// The QML components as a kiosk uses them, with nothing but `import DismissKit`: a Sheet with a
// list, driven by QtQuickTest's touch and mouse events on the offscreen platform (Tests/Qt/run
// runs it at scale 1 and 2). Touches are timed by the platform's own clock; each gesture rests
// 60 ms before it lifts, so its release is decided by position (a rest of more than 40 ms is
// no velocity), whatever the machine's pace.
import QtQuick
import QtQuick.Controls
import QtTest
import DismissKit

Item {
    id: root
    width: 800
    height: 600
    property var order: []

    // How a dismissal is written in `order`: its Pipeline.DismissalSource and Pipeline.Resolution.
    function dismissal(source, resolution) { return "dismissed " + source + " " + resolution }

    Sheet {
        id: sheet
        name: "compose"
        title: "New Message"
        cancelText: "Cancel"
        detents: ["medium", "large"]
        property bool edited: false
        unsavedChanges: edited
        onSaveRequested: root.order.push("save")
        onDismissed: (source, resolution) => root.order.push(root.dismissal(source, resolution))

        ListView {
            id: list
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

    SignalSpy { id: detentSet; target: sheet.presentation; signalName: "detentSet" }

    TestCase {
        name: "Sheet"
        when: windowShown

        // How long a wait may last before the run counts as stuck: each wait ends as soon as
        // what it waits for holds, so a slow machine stays far below it.
        readonly property int stall: 60000

        readonly property real large: root.height - 40

        function topOf(detent) {
            return root.height - (detent === "large" ? large : detent === "medium" ? large / 2 : detent)
        }

        function init() {
            root.order = []
            detentSet.clear()
            sheet.edited = false
            sheet.style = "sheet"
            sheet.detents = ["medium", "large"]
            sheet.selectedDetent = undefined
        }

        function cleanup() {
            sheet.close()
            tryCompare(sheet, "visible", false, stall)
            verify(!sheet.presentation.presented)
        }

        function openAt(detent) {
            sheet.selectedDetent = detent
            sheet.open()
            tryVerify(() => Math.abs(sheet.y - topOf(detent)) < 1, stall, "the sheet settles at " + detent)
            verify(sheet.presentation.presented, sheet.presentation.lastError)
        }

        // A finger down at (x, y), moved by dy in `steps`, resting, then lifted (unless `lifts` is false).
        function swipe(x, y, dy, steps, lifts) {
            const touch = touchEvent(root)
            touch.press(0, root, x, y).commit()
            for (let i = 1; i <= steps; i++) {
                wait(8)
                touch.move(0, root, x, y + dy * i / steps).commit()
            }
            wait(60)
            if (lifts !== false) touch.release(0, root, x, y + dy).commit()
            return touch
        }

        // The question's button for `choice`, or null while none is shown.
        function answer(choice) {
            return findChild(root.Overlay.overlay, "confirmation-" + choice)
        }

        function waitForAnswer(choice) {
            tryVerify(() => answer(choice) !== null && answer(choice).visible, stall, "the question offers " + choice)
            return answer(choice)
        }

        function test_cleanSwipeCloses() {
            openAt("large")
            swipe(400, topOf("large") + 30, 480, 20)
            tryCompare(sheet, "visible", false, stall)
            compare(root.order, [root.dismissal(Pipeline.DismissalSource.SwipeFromTop, Pipeline.Resolution.Direct)])
        }

        function test_unsavedSwipeAsksThenDiscardCloses() {
            openAt("large")
            sheet.edited = true
            swipe(400, topOf("large") + 30, 480, 20)
            tryCompare(sheet.presentation, "question", [Pipeline.Choice.Discard, Pipeline.Choice.Save, Pipeline.Choice.KeepEditing], stall)
            waitForAnswer("discard")
            verify(sheet.visible)
            // The sheet springs back to its detent while it asks.
            tryVerify(() => Math.abs(sheet.y - topOf("large")) < 1, stall)
            mouseClick(answer("discard"))
            tryCompare(sheet, "visible", false, stall)
            compare(root.order, [root.dismissal(Pipeline.DismissalSource.SwipeFromTop, Pipeline.Resolution.Discarded)])
        }

        function test_saveIsAskedForBeforeTheSheetCloses() {
            openAt("large")
            sheet.edited = true
            swipe(400, topOf("large") + 30, 480, 20)
            waitForAnswer("save")
            mouseClick(answer("save"))
            tryCompare(sheet, "visible", false, stall)
            compare(root.order, ["save", root.dismissal(Pipeline.DismissalSource.SwipeFromTop, Pipeline.Resolution.Saved)])
        }

        function test_keepEditingKeepsTheSheet() {
            openAt("large")
            sheet.edited = true
            keyClick(Qt.Key_Escape)
            waitForAnswer("keepEditing")
            mouseClick(answer("keepEditing"))
            tryCompare(sheet.presentation, "question", [], stall)
            wait(50)
            verify(sheet.visible)
            compare(root.order, [])
        }

        function test_answersAreTouchSized() {
            openAt("large")
            sheet.edited = true
            keyClick(Qt.Key_Escape)
            // The least a finger hits: 44 pt, or 7 mm of this screen when that is more.
            const target = sheet.presentation.touchTarget
            verify(target >= 44 && target >= 7 * Screen.pixelDensity - 1e-9, target + " pt, " + Screen.pixelDensity + " pt/mm")
            for (const choice of ["discard", "save", "keepEditing"]) {
                const button = waitForAnswer(choice)
                verify(button.height >= target, choice + " is " + button.height + " pt tall")
                verify(button.text.length > 0 && button.text !== choice, "labelled: " + button.text)
            }
            const cancel = findChild(sheet.contentItem.parent, "cancelButton")
            verify(cancel.height >= target && cancel.width >= target)
        }

        // A custom detent of 412.5 pt reaches the pipeline as that number, whatever the locale
        // (Tests/Qt/run runs this suite under de_DE.UTF-8 too, whose decimal separator is a comma):
        // the sheet rests there, the grabber takes it to large, and a swipe closes it.
        // The question is one wording in every toolkit, as an action sheet: "Discard your
        // changes?" readable (15 px at least, dark), Discard Changes (destructive) and Save as
        // full-width rows of one panel, Keep Editing bold in a panel of its own below it.
        function test_questionIsAnActionSheet() {
            openAt("large")
            sheet.edited = true
            swipe(400, topOf("large") + 30, 480, 20)
            const discard = waitForAnswer("discard"), save = answer("save"), keepEditing = answer("keepEditing")
            const prompt = findChild(root.Overlay.overlay, "confirmation-prompt")
            verify(prompt !== null && prompt.visible, "the question has a prompt")
            compare(prompt.text, qsTranslate("ConfirmationDialog", "Discard your changes?"))
            verify(prompt.font.pixelSize >= 15, "the prompt is " + prompt.font.pixelSize + " px")
            const ink = prompt.color
            verify(0.2126 * ink.r + 0.7152 * ink.g + 0.0722 * ink.b < 0.4, "the prompt is dark enough to read: " + ink)
            const panel = discard.parent.parent
            compare(save.parent.parent, panel)
            verify(keepEditing.parent !== discard.parent, "Keep Editing is in a panel of its own")
            compare(discard.width, panel.width)
            compare(save.width, panel.width)
            const rowTop = row => row.mapToItem(root, 0, 0).y
            verify(rowTop(prompt) < rowTop(discard) && rowTop(discard) < rowTop(save)
                   && rowTop(save) + save.height <= rowTop(keepEditing), "prompt, Discard, Save, then Keep Editing below")
            verify(keepEditing.font.weight >= Font.DemiBold)
            const red = discard.contentItem.color
            verify(red.r > 0.6 && red.g < 0.3 && red.b < 0.3, "Discard Changes is in the destructive colour: " + red)
            mouseClick(keepEditing)
            tryCompare(sheet.presentation, "question", [], stall)
        }

        function test_fractionalCustomDetent() {
            sheet.detents = [412.5, "large"]
            openAt(412.5)
            compare(sheet.detent, 412.5)
            const touch = touchEvent(root)
            touch.press(0, root, 400, topOf(412.5) + 8).commit()
            wait(30)
            touch.release(0, root, 400, topOf(412.5) + 8).commit()
            tryCompare(sheet, "detent", "large", stall)
            tryVerify(() => Math.abs(sheet.y - topOf("large")) < 1, stall, "the sheet settles at large")
            swipe(400, topOf("large") + 30, 480, 20)
            tryCompare(sheet, "visible", false, stall)
            compare(root.order, [root.dismissal(Pipeline.DismissalSource.SwipeFromTop, Pipeline.Resolution.Direct)])
        }

        // The header's Cancel button takes a finger's tap: the clean sheet closes by it.
        function test_cancelButtonTapCloses() {
            openAt("large")
            const cancel = findChild(sheet.contentItem.parent, "cancelButton")
            const at = cancel.mapToItem(root, cancel.width / 2, cancel.height / 2)
            const touch = touchEvent(root)
            touch.press(0, root, at.x, at.y).commit()
            wait(30)
            touch.release(0, root, at.x, at.y).commit()
            tryCompare(sheet, "visible", false, stall)
            compare(root.order, [root.dismissal(Pipeline.DismissalSource.CancelButton, Pipeline.Resolution.Direct)])
        }

        function test_grabberTapCyclesTheDetents() {
            openAt("large")
            const touch = touchEvent(root)
            touch.press(0, root, 400, topOf("large") + 8).commit()
            wait(30)
            touch.release(0, root, 400, topOf("large") + 8).commit()
            tryCompare(sheet, "detent", "medium", stall)
            compare(detentSet.signalArguments[0][1], Pipeline.DetentCause.GrabberTap)
            tryVerify(() => Math.abs(sheet.y - topOf("medium")) < 1, stall, "the sheet settles at medium")
        }

        // An assistive technology's increase and decrease on the grabber (what Orca sends through
        // AT-SPI) move the sheet between its detents, as the accessibility command does.
        function test_grabberAccessibleActionsChangeTheDetent() {
            openAt("medium")
            const grabber = findChild(sheet.background, "grabber")
            compare(grabber.Accessible.role, Accessible.Button)
            grabber.Accessible.increaseAction()
            tryVerify(() => Math.abs(sheet.y - topOf("large")) < 1, stall, "the sheet grows to large")
            compare(detentSet.signalArguments[0][1], Pipeline.DetentCause.Accessibility)
            grabber.Accessible.decreaseAction()
            tryVerify(() => Math.abs(sheet.y - topOf("medium")) < 1, stall, "the sheet shrinks to medium")
        }

        function test_grabberDragResizes() {
            openAt("medium")
            swipe(400, topOf("medium") + 8, -230, 20)
            tryCompare(sheet, "detent", "large", stall)
            compare(detentSet.signalArguments[0][1], Pipeline.DetentCause.GrabberDrag)
            tryVerify(() => Math.abs(sheet.y - topOf("large")) < 1, stall, "the sheet settles at large")
        }

        function test_scrolledListHandsOffAndBack() {
            openAt("large")
            list.contentY = 200
            const x = 400, y = topOf("large") + 200
            const touch = swipe(x, y, 400, 40, false)
            // The list scrolled to its top, and the rest of the movement drags the sheet.
            compare(list.contentY, 0)
            verify(sheet.dragging)
            verify(sheet.presentation.offset > 100, "offset " + sheet.presentation.offset)
            // Back up past the detent: the list takes the finger again.
            for (let i = 1; i <= 40; i++) {
                wait(8)
                touch.move(0, root, x, y + 400 - 500 * i / 40).commit()
            }
            verify(!sheet.dragging)
            compare(sheet.presentation.offset, 0)
            verify(list.contentY > 0, "the list scrolls again: " + list.contentY)
            wait(60)
            touch.release(0, root, x, y - 100).commit()
            wait(50)
            verify(sheet.visible)
        }

        function test_fullScreenIsClosedByEscapeNotBySwipes() {
            sheet.style = "fullScreen"
            sheet.open()
            tryVerify(() => Math.abs(sheet.y) < 1, stall, "a full-screen sheet covers the window")
            swipe(400, 30, 480, 20)
            wait(100)
            verify(sheet.visible)
            compare(root.order, [])
            keyClick(Qt.Key_Escape)
            tryCompare(sheet, "visible", false, stall)
            compare(root.order, [root.dismissal(Pipeline.DismissalSource.EscapeKey, Pipeline.Resolution.Direct)])
        }

        // In a regular width (the window is 800 pt), a formSheet is a centred card and a
        // pageSheet a centred column from the top inset: drawn where the pipeline hit-tests them,
        // a swipe from their top closes them and a touch beside them does not.
        function test_formAndPageSheetsAreCentred_data() {
            return [{tag: "formSheet", width: 540, height: 520, top: 40},
                    {tag: "pageSheet", width: 700, height: 560, top: 40}]
        }

        function test_formAndPageSheetsAreCentred(data) {
            sheet.style = data.tag
            sheet.open()
            tryVerify(() => Math.abs(sheet.y - data.top) < 1, stall, data.tag + " settles at " + data.top)
            compare(sheet.width, data.width)
            compare(sheet.height, data.height)
            compare(sheet.x, (root.width - data.width) / 2)
            if (data.tag === "formSheet") grabImage(root.Window.contentItem).save("qt-form-sheet.png")
            swipe(sheet.x / 2, data.top + 30, 400, 20)  // beside it
            wait(100)
            verify(sheet.visible)
            compare(root.order, [])
            swipe(400, data.top + 30, 400, 20)
            tryCompare(sheet, "visible", false, stall)
            compare(root.order, [root.dismissal(Pipeline.DismissalSource.SwipeFromTop, Pipeline.Resolution.Direct)])
        }

        function test_mouseSwipeCloses() {
            openAt("large")
            const x = 400, y = topOf("large") + 30
            mousePress(root, x, y)
            for (let i = 1; i <= 20; i++) mouseMove(root, x, y + 24 * i, 8)
            wait(60)
            mouseRelease(root, x, y + 480)
            tryCompare(sheet, "visible", false, stall)
            compare(root.order, [root.dismissal(Pipeline.DismissalSource.SwipeFromTop, Pipeline.Resolution.Direct)])
        }

        function test_resizeKeepsTheQuestion() {
            openAt("large")
            sheet.edited = true
            swipe(400, topOf("large") + 30, 480, 20)
            waitForAnswer("discard")
            const window = root.Window.window
            const width = window.width
            window.width = width - 100
            tryCompare(root.Overlay.overlay, "width", width - 100, stall)
            compare(sheet.presentation.question, [Pipeline.Choice.Discard, Pipeline.Choice.Save, Pipeline.Choice.KeepEditing])
            verify(answer("discard").visible)
            window.width = width
            mouseClick(answer("keepEditing"))
            tryCompare(sheet.presentation, "question", [], stall)
        }

        // The pictures of Docs/embedding-qt.md, made in the working folder (Tests/Qt/run --pictures Docs keeps
        // scale 1's).
        function test_pictures() {
            openAt("large")
            wait(100)
            grabImage(root.Window.contentItem).save("qt-sheet.png")
            sheet.edited = true
            keyClick(Qt.Key_Escape)
            waitForAnswer("keepEditing")
            wait(100)
            grabImage(root.Window.contentItem).save("qt-confirmation-dialog.png")
            mouseClick(answer("keepEditing"))
        }
    }
}
