// A Sheet whose content is Popup's `contentItem` (Sheet is a Qt Quick Controls Popup) rather than
// children: presented like any other, so a tap above it, Escape and its Cancel button close it. Driven by
// QtQuickTest's touch and key events (Tests/Qt/run: offscreen, at scale 1 and 2).
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
        name: "content-item"
        title: "Settings"
        cancelText: "Cancel"
        onDismissed: (source, resolution) => root.order.push(root.dismissal(source, resolution))
        contentItem: ListView {
            clip: true
            model: 30
            delegate: ItemDelegate { width: ListView.view.width; height: 44; text: "Setting " + (index + 1) }
        }
    }

    TestCase {
        name: "SheetContentItem"
        when: windowShown

        // How long a wait may last before the run counts as stuck (each wait ends once it holds).
        readonly property int stall: 60000

        function init() { root.order = [] }

        function cleanup() {
            sheet.close()
            tryCompare(sheet, "visible", false, stall)
        }

        function openSheet() {
            sheet.open()
            verify(sheet.presentation.presented, sheet.presentation.lastError)
            tryVerify(() => Math.abs(sheet.y - 40) < 1, stall, "the sheet settles at its large detent")
        }

        function tap(x, y) {
            const touch = touchEvent(root)
            touch.press(0, root, x, y).commit()
            wait(30)
            touch.release(0, root, x, y).commit()
        }

        function test_tapAboveCloses() {
            openSheet()
            tap(400, 20)
            tryCompare(sheet, "visible", false, stall)
            compare(root.order, [root.dismissal(Pipeline.DismissalSource.TapOutside, Pipeline.Resolution.Direct)])
        }

        function test_escapeCloses() {
            openSheet()
            keyClick(Qt.Key_Escape)
            tryCompare(sheet, "visible", false, stall)
            compare(root.order, [root.dismissal(Pipeline.DismissalSource.EscapeKey, Pipeline.Resolution.Direct)])
        }

        // Its header is drawn over the content item, and its Cancel is pressed there.
        function test_cancelButtonCloses() {
            openSheet()
            const cancel = findChild(root.Overlay.overlay, "cancelButton")
            verify(cancel !== null && cancel.visible, "the header shows Cancel")
            const centre = cancel.mapToItem(root, cancel.width / 2, cancel.height / 2)
            verify(centre.y > sheet.y && centre.y < sheet.y + sheet.topPadding, "Cancel is in the header at " + centre.y)
            tap(centre.x, centre.y)
            tryCompare(sheet, "visible", false, stall)
            compare(root.order, [root.dismissal(Pipeline.DismissalSource.CancelButton, Pipeline.Resolution.Direct)])
        }
    }
}
