// The on-screen keyboard (Docs/gestures.md "The on-screen keyboard"), with Qt Virtual Keyboard's
// InputPanel as a kiosk shows it and no keyboard code of the kiosk's own: the components report
// the keyboard from Qt.inputMethod and hide it when the pipeline asks. Everything is touched as
// a person would: at a phone's window (390 × 844) and a landscape one (1280 × 800), a tap on a
// text field in a Sheet at medium focuses it and the keyboard comes up by itself, the sheet
// grows to large (cause keyboard) and sits on the keyboard's top, taps on keys type into the
// field; a swipe down hides the keyboard before the drag begins; with unsaved changes a swipe
// and the Cancel button hide the keyboard before the question is asked; Escape only hides the
// keyboard; a tap on a key over an unsaved non-modal Popover types and does not autosave it.
// Run by Tests/Qt/run with QT_IM_MODULE=qtvirtualkeyboard.
import QtQuick
import QtQuick.Controls
import QtQuick.VirtualKeyboard
import QtTest
import DismissKit

// A Rectangle: the window's white is in the pictures too (an item's picture leaves out the
// window's own colour).
Rectangle {
    id: root
    color: "#ffffff"
    width: 390
    height: 844
    property var order: []
    // Where the sheet's question was to be drawn when it was asked.
    property var askedAnchor

    Rectangle {
        id: settingsButton
        x: 20
        y: 6
        width: 100
        height: 44
        color: "#d1d1d6"
    }

    Sheet {
        id: sheet
        name: "keyboard-sheet"
        title: "New Message"
        cancelText: "Cancel"
        detents: ["medium", "large"]
        selectedDetent: "medium"
        TextField { id: draft; objectName: "draft"; x: 16; y: 16; width: parent.width - 32; placeholderText: "Message" }
        onDismissed: (source, resolution) => root.order.push("dismissed")
    }

    Popover {
        id: settings
        name: "keyboard-popover"
        anchorItem: settingsButton
        implicitWidth: 320
        implicitHeight: 160
        onSaveRequested: root.order.push("saved")
        onDismissed: (source, resolution) => root.order.push("dismissed")
        TextField { id: nickname; x: 16; y: 16; width: parent.width - 32; placeholderText: "Nickname" }
    }

    // Put above the popups' overlay and not in it by initTestCase, as a kiosk puts it
    // (Docs/embedding-qt.md "The on-screen keyboard"): its keys take touches while a sheet is
    // open, and a modal sheet's overlay does not take the keyboard's items for ones to block.
    InputPanel {
        id: panel
        width: parent ? parent.width : 0
        y: Qt.inputMethod.visible && parent ? parent.height - height : (parent ? parent.height : 0)
    }

    Connections {
        target: sheet.presentation
        function onKeyboardHidingRequested(reason) { root.order.push("hideKeyboard " + reason + " " + Qt.inputMethod.visible) }
        function onDragBegan(origin) { root.order.push("dragBegan") }
        function onConfirmationRequested(source, options) {
            root.order.push("confirmationRequested " + Qt.inputMethod.visible)
            root.askedAnchor = sheet.presentation.layout.questionAnchor
        }
    }
    SignalSpy { id: detentSet; target: sheet.presentation; signalName: "detentSet" }

    TestCase {
        name: "Keyboard"
        when: windowShown

        readonly property int stall: 60000
        readonly property real tolerance: 0.5
        readonly property var windows: [{tag: "phone", width: 390, height: 844},
                                        {tag: "landscape", width: 1280, height: 800}]

        function initTestCase() {
            panel.parent = root.Overlay.overlay.parent
            panel.z = root.Overlay.overlay.z + 1
        }

        function init() {
            root.order = []
            root.askedAnchor = undefined
            detentSet.clear()
            sheet.unsavedChanges = false
            settings.unsavedChanges = false
            draft.text = ""
            nickname.text = ""
        }

        function cleanup() {
            Qt.inputMethod.hide()
            sheet.close()
            settings.close()
            tryCompare(sheet, "visible", false, stall)
            tryCompare(settings, "visible", false, stall)
            tryCompare(Qt.inputMethod, "visible", false, stall)
        }

        function cleanupTestCase() { useWindow(390, 844) }

        function useWindow(width, height) {
            const window = root.Window.window
            window.width = width
            window.height = height
            tryVerify(() => root.Overlay.overlay.width === width && root.Overlay.overlay.height === height, stall,
                      "the window is " + width + " × " + height)
        }

        function drawn(item) { return item.mapToItem(null, 0, 0, item.width, item.height) }

        // The keyboard's top edge in the window, once it has slid up.
        function keyboardUp(what) {
            tryVerify(() => Qt.inputMethod.visible && panel.active, stall, what + ": the keyboard comes up")
            tryVerify(() => Math.abs(drawn(panel).y + drawn(panel).height - root.Overlay.overlay.height) < tolerance
                            && Math.abs(Qt.inputMethod.keyboardRectangle.y - drawn(panel).y) < tolerance,
                      stall, what + ": the keyboard is docked at the bottom")
            return drawn(panel).y
        }

        function tap(x, y) {
            const touch = touchEvent(root)
            touch.press(0, root, x, y).commit()
            wait(30)
            touch.release(0, root, x, y).commit()
        }

        function tapItem(item) {
            const r = drawn(item)
            tap(r.x + r.width / 2, r.y + r.height / 2)
        }

        function swipeDown(x, y, to) {
            const touch = touchEvent(root)
            touch.press(0, root, x, y).commit()
            for (let i = 1; i <= 24; i++) {
                wait(8)
                touch.move(0, root, x, y + (to - y) * i / 24).commit()
            }
            wait(60)
            touch.release(0, root, x, to).commit()
        }

        // A text field tapped in the sheet at medium: the keyboard comes up by itself and the
        // sheet grows to large, sitting on the keyboard's top.
        function openSheetWithKeyboard(what) {
            sheet.open()
            verify(sheet.presentation.presented, sheet.presentation.lastError)
            tryVerify(() => sheet.presentation.layout.frame !== undefined
                            && Math.abs(drawn(sheet.background).y - sheet.presentation.layout.frame.y) < tolerance, stall,
                      what + ": the sheet settles")
            compare(sheet.detent, "medium")
            tapItem(draft)
            tryVerify(() => draft.activeFocus, stall, what + ": the tapped text field has the focus")
            const keyboardTop = keyboardUp(what)
            tryCompare(detentSet, "count", 1, stall)
            compare(detentSet.signalArguments[0][0], "large")
            compare(detentSet.signalArguments[0][1], Pipeline.DetentCause.Keyboard)
            compare(sheet.detent, "large")
            const frame = sheet.presentation.layout.frame
            verify(Math.abs(frame.y + frame.height - keyboardTop) < tolerance,
                   what + ": the sheet's bottom " + (frame.y + frame.height) + " is the keyboard's top " + keyboardTop)
            tryVerify(() => Math.abs(drawn(sheet.background).y - frame.y) < tolerance
                            && Math.abs(drawn(sheet.background).y + drawn(sheet.background).height - keyboardTop) < tolerance,
                      stall, what + ": the sheet is drawn on the keyboard's top")
            return keyboardTop
        }

        function test_sheetMakesRoom_data() { return windows.map(window => ({tag: window.tag, window: window})) }

        // The sheet grows and sits on the keyboard; a swipe down hides the keyboard first, then
        // drags and closes the sheet.
        function test_sheetMakesRoom(data) {
            useWindow(data.window.width, data.window.height)
            const what = "a sheet in the " + data.tag + " window"
            openSheetWithKeyboard(what)
            typeKeys("hi")
            compare(draft.text, "Hi", what + ": the keys tapped type into the field (the first letter capitalised)")
            if (data.tag === "phone") savePicture("qt-keyboard-sheet-phone.png")
            const top = drawn(sheet.background)
            swipeDown(top.x + top.width * 0.75, top.y + 20, root.Overlay.overlay.height - 12)
            tryCompare(sheet, "visible", false, stall)
            compare(root.order, ["hideKeyboard " + Pipeline.KeyboardHidingReason.Drag + " true", "dragBegan", "dismissed"])
            tryCompare(Qt.inputMethod, "visible", false, stall)
            verify(!draft.activeFocus, what + ": the text field has given up the focus")
        }

        function test_questionAboveTheKeyboard_data() { return windows.map(window => ({tag: window.tag, window: window})) }

        // With unsaved changes (a draft typed), the swipe hides the keyboard first: the question
        // is asked with the keyboard gone, never under it.
        function test_questionAboveTheKeyboard(data) {
            useWindow(data.window.width, data.window.height)
            const what = "an unsaved sheet in the " + data.tag + " window"
            sheet.unsavedChanges = true
            openSheetWithKeyboard(what)
            typeKeys("hi")
            compare(draft.text, "Hi", what + ": the draft is typed")
            const top = drawn(sheet.background)
            swipeDown(top.x + top.width * 0.75, top.y + 20, root.Overlay.overlay.height - 12)
            questionWithKeyboardGone(what, ["hideKeyboard " + Pipeline.KeyboardHidingReason.Drag + " true", "dragBegan"],
                                     data.tag === "phone" ? "qt-keyboard-question-phone.png" : "")
        }

        function test_questionByCancelButton_data() { return windows.map(window => ({tag: window.tag, window: window})) }

        // The Cancel button tapped while the keyboard is up: the keyboard goes first (reason
        // question), then the question is asked with the keyboard gone.
        function test_questionByCancelButton(data) {
            useWindow(data.window.width, data.window.height)
            const what = "an unsaved sheet's Cancel button in the " + data.tag + " window"
            sheet.unsavedChanges = true
            const keyboardTop = openSheetWithKeyboard(what)
            tapItem(findChild(sheet.contentItem.parent, "cancelButton"))
            questionWithKeyboardGone(what, ["hideKeyboard " + Pipeline.KeyboardHidingReason.Question + " true"], "")
            const asked = root.askedAnchor
            verify(asked.y + asked.height <= keyboardTop + tolerance,
                   what + ": the question was asked in the room above the keyboard's top " + keyboardTop + ", ending at " + (asked.y + asked.height))
        }

        // Escape while the keyboard is up only hides the keyboard: a clean sheet stays open, and
        // nothing is asked.
        function test_escapeKey() {
            useWindow(390, 844)
            const what = "Escape on a clean sheet with the keyboard up"
            openSheetWithKeyboard(what)
            keyClick(Qt.Key_Escape)
            tryCompare(Qt.inputMethod, "visible", false, stall)
            verify(!draft.activeFocus, what + ": the text field has given up the focus")
            compare(root.order, ["hideKeyboard " + Pipeline.KeyboardHidingReason.EscapeKey + " true"])
            verify(sheet.visible && sheet.presentation.presented, what + ": the sheet stays")
            compare(sheet.presentation.question, [])
            compare(findChild(root.Overlay.overlay, "confirmation-keepEditing"), null)
        }

        // The question the keyboard went first for: `before` is what came before
        // confirmationRequested, when the keyboard had already been hidden; its answers are
        // drawn clear of the keyboard, which has slid away.
        function questionWithKeyboardGone(what, before, picture) {
            let keep = null
            tryVerify(() => (keep = findChild(root.Overlay.overlay, "confirmation-keepEditing")) !== null && keep.visible,
                      stall, what + " asks its question")
            compare(root.order, before.concat(["confirmationRequested false"]))
            tryCompare(Qt.inputMethod, "visible", false, stall)
            tryVerify(() => drawn(panel).y >= root.Overlay.overlay.height - tolerance, stall, what + ": the keyboard has slid away")
            const discard = findChild(root.Overlay.overlay, "confirmation-discard")
            for (const answer of [discard, keep]) {
                const r = drawn(answer)
                verify(r.y + r.height <= drawn(panel).y + tolerance,
                       what + ": the answer's bottom " + (r.y + r.height) + " is above the keyboard's top " + drawn(panel).y)
            }
            if (!picture) return
            tryVerify(() => Math.abs(drawn(sheet.background).y - sheet.presentation.layout.frame.y) < tolerance, stall,
                      what + ": the sheet settles behind the question")
            savePicture(picture)
        }

        // A tap on a key over an unsaved non-modal popover types into its field and is no tap
        // outside: the popover is not autosaved.
        function test_keyOverPopover() {
            useWindow(1280, 800)
            settings.unsavedChanges = true
            settings.open()
            verify(settings.presentation.presented, settings.presentation.lastError)
            compare(settings.presentation.layout.adapted, false)
            tapItem(nickname)
            tryVerify(() => nickname.activeFocus, stall, "the popover's tapped text field has the focus")
            keyboardUp("a popover")
            typeKeys("q")
            compare(nickname.text, "Q", "the key tapped types into the popover's field")
            verify(settings.visible, "a tap on a key leaves the popover open")
            compare(root.order, [])
        }

        // Taps the keys that type `letters`, one after the other.
        function typeKeys(letters) {
            for (const letter of letters) {
                let key = null
                tryVerify(() => (key = findKey(panel, letter)) !== null, stall, "the keyboard has a " + letter + " key")
                tapItem(key)
            }
        }

        // The window as drawn, in its points: at QT_SCALE_FACTOR 2, grabImage's picture would
        // hold only its top left quarter (it cuts the window's pixels by the item's points).
        function savePicture(name) {
            const content = root.Window.contentItem
            let saved = false
            verify(content.grabToImage(result => saved = result.saveToFile(name), Qt.size(content.width, content.height)),
                   name + " is taken")
            tryVerify(() => saved, stall, name + " is saved")
        }

        // The key that types `text` in the keyboard, breadth first.
        function findKey(item, text) {
            const queue = [item]
            while (queue.length) {
                const next = queue.shift()
                if (next && next.key !== undefined && next.text === text && next.visible && next.width > 0) return next
                for (let i = 0; next.children && i < next.children.length; i++) queue.push(next.children[i])
            }
            return null
        }
    }
}
