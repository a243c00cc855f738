// The on-screen keyboard (Docs/gestures.md "The on-screen keyboard"), with Qt Virtual Keyboard's
// InputPanel as a kiosk shows it and no keyboard code of the kiosk's own: the components report
// the keyboard from Qt.inputMethod and hide it when the pipeline asks. At a phone's window
// (390 × 844) and a landscape one (1280 × 800): a text field focused in a Sheet at medium brings
// the keyboard up, the sheet grows to large (cause keyboard) and sits on the keyboard's top; a
// swipe down hides the keyboard before the drag begins; with unsaved changes the question is
// asked above the keyboard's top; a tap on a key over an unsaved non-modal Popover does not
// autosave it. Run by Tests/Qt/run with QT_IM_MODULE=qtvirtualkeyboard.
import QtQuick
import QtQuick.Controls
import QtQuick.VirtualKeyboard
import QtTest
import DismissKit

Item {
    id: root
    width: 390
    height: 844
    property var order: []

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

    // Above the popups, as a kiosk puts it, so that its keys take touches while one is open.
    InputPanel {
        id: panel
        z: 1000
        width: parent ? parent.width : 0
        y: Qt.inputMethod.visible && parent ? parent.height - height : (parent ? parent.height : 0)
    }

    Connections {
        target: sheet.presentation
        function onKeyboardHidingRequested(reason) { root.order.push("hideKeyboard " + reason + " " + Qt.inputMethod.visible) }
        function onDragBegan(origin) { root.order.push("dragBegan") }
        function onConfirmationRequested(source, options) { root.order.push("confirmationRequested") }
    }
    SignalSpy { id: detentSet; target: sheet.presentation; signalName: "detentSet" }

    TestCase {
        name: "Keyboard"
        when: windowShown

        readonly property int stall: 60000
        readonly property real tolerance: 0.5
        readonly property var windows: [{tag: "phone", width: 390, height: 844},
                                        {tag: "landscape", width: 1280, height: 800}]

        function initTestCase() { panel.parent = root.Overlay.overlay }

        function init() {
            root.order = []
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

        // A text field tapped in the sheet at medium: the keyboard comes up and the sheet grows
        // to large, sitting on the keyboard's top.
        function openSheetWithKeyboard(what, picture) {
            sheet.open()
            verify(sheet.presentation.presented, sheet.presentation.lastError)
            tryVerify(() => sheet.presentation.layout.frame !== undefined
                            && Math.abs(drawn(sheet.background).y - sheet.presentation.layout.frame.y) < tolerance, stall,
                      what + ": the sheet settles")
            compare(sheet.detent, "medium")
            draft.forceActiveFocus()
            tryVerify(() => draft.activeFocus, stall, what + ": the text field has the focus")
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
            if (picture) grabImage(root.Window.contentItem).save(picture)
            return keyboardTop
        }

        function test_sheetMakesRoom_data() { return windows.map(window => ({tag: window.tag, window: window})) }

        // The sheet grows and sits on the keyboard; a swipe down hides the keyboard first, then
        // drags and closes the sheet.
        function test_sheetMakesRoom(data) {
            useWindow(data.window.width, data.window.height)
            const what = "a sheet in the " + data.tag + " window"
            const keyboardTop = openSheetWithKeyboard(what, "qt-keyboard-sheet-" + data.tag + ".png")
            const top = drawn(sheet.background)
            swipeDown(top.x + 60, top.y + 20, root.Overlay.overlay.height - 12)
            tryCompare(sheet, "visible", false, stall)
            compare(root.order, ["hideKeyboard " + Pipeline.KeyboardHidingReason.Drag + " true", "dragBegan", "dismissed"])
            tryCompare(Qt.inputMethod, "visible", false, stall)
            verify(!draft.activeFocus, what + ": the text field has given up the focus")
        }

        function test_questionAboveTheKeyboard_data() { return windows.map(window => ({tag: window.tag, window: window})) }

        // With unsaved changes, the swipe hides the keyboard first: the question is asked with
        // the keyboard gone, never under it.
        function test_questionAboveTheKeyboard(data) {
            useWindow(data.window.width, data.window.height)
            const what = "an unsaved sheet in the " + data.tag + " window"
            sheet.unsavedChanges = true
            const keyboardTop = openSheetWithKeyboard(what, "")
            const top = drawn(sheet.background)
            swipeDown(top.x + 60, top.y + 20, root.Overlay.overlay.height - 12)
            let keep = null
            tryVerify(() => (keep = findChild(root.Overlay.overlay, "confirmation-keepEditing")) !== null && keep.visible,
                      stall, what + " asks its question")
            compare(root.order, ["hideKeyboard " + Pipeline.KeyboardHidingReason.Drag + " true", "dragBegan", "confirmationRequested"])
            tryCompare(Qt.inputMethod, "visible", false, stall)
            tryVerify(() => drawn(panel).y >= root.Overlay.overlay.height - tolerance, stall, what + ": the keyboard has slid away")
            const discard = findChild(root.Overlay.overlay, "confirmation-discard")
            for (const answer of [discard, keep]) {
                const r = drawn(answer)
                verify(r.y + r.height <= drawn(panel).y + tolerance,
                       what + ": the answer's bottom " + (r.y + r.height) + " is above the keyboard's top " + drawn(panel).y)
            }
            grabImage(root.Window.contentItem).save("qt-keyboard-question-" + data.tag + ".png")
        }

        // A tap on a key over an unsaved non-modal popover is no tap outside: the popover is not
        // autosaved.
        function test_keyOverPopover() {
            useWindow(1280, 800)
            settings.unsavedChanges = true
            settings.open()
            verify(settings.presentation.presented, settings.presentation.lastError)
            compare(settings.presentation.layout.adapted, false)
            nickname.forceActiveFocus()
            tryVerify(() => nickname.activeFocus, stall, "the popover's text field has the focus")
            keyboardUp("a popover")
            let key = null
            tryVerify(() => (key = findKey(panel, "q")) !== null, stall, "the keyboard has a q key")
            tapItem(key)
            wait(100)
            verify(settings.visible, "a tap on a key leaves the popover open")
            compare(root.order, [])
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
