// The Popover and the Alert as a kiosk uses them, with nothing but `import DismissKit`, driven
// by QtQuickTest's touch and mouse events (Tests/Qt/run: offscreen, at scale 1 and 2).
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
    property int behindTaps: 0
    property int otherClicks: 0
    property int shareClicks: 0

    // What is under the popover: a tap that reaches it is counted.
    MouseArea { anchors.fill: parent; onClicked: root.behindTaps++ }

    Rectangle {
        id: toolbar
        width: parent.width
        height: 56
        color: "#f2f2f7"
        Button { id: other; x: 100; y: 6; width: 120; height: 44; text: "Other"; onClicked: root.otherClicks++ }
        Button { id: shareButton; x: 680; y: 6; width: 100; height: 44; text: "Share"; onClicked: root.shareClicks++ }
    }

    Popover {
        id: share
        name: "share"
        title: "Share"
        anchorItem: shareButton
        passthroughItems: [other]
        unsavedChanges: true
        implicitWidth: 320
        implicitHeight: 300
        onSaveRequested: root.order.push("save")
        onDismissed: (source, resolution) => root.order.push(root.dismissal(source, resolution))
        Label { anchors.centerIn: parent; text: "Share settings" }
    }

    Alert {
        id: alert
        title: "Remove the profile?"
        message: "Its saved drafts are removed too."
        confirmText: "Remove"
        destructive: true
        onConfirmed: root.order.push("confirmed")
        onCancelled: root.order.push("cancelled")
    }

    TestCase {
        name: "PopoverAndAlert"
        when: windowShown

        // How long a wait may last before the run counts as stuck: each wait ends as soon as
        // what it waits for holds, so a slow machine stays far below it.
        readonly property int stall: 60000

        function init() {
            root.order = []
            root.behindTaps = 0
            root.otherClicks = 0
            root.shareClicks = 0
        }

        function cleanup() {
            share.close()
            alert.close()
            tryCompare(share, "visible", false, stall)
            tryCompare(alert, "visible", false, stall)
        }

        function tap(x, y) {
            const touch = touchEvent(root)
            touch.press(0, root, x, y).commit()
            wait(30)
            touch.release(0, root, x, y).commit()
        }

        function openShare() {
            share.open()
            verify(share.presentation.presented, share.presentation.lastError)
            // Below its anchor, its arrow to the anchor's middle.
            compare(share.y, shareButton.y + shareButton.height + share.arrowSize)
        }

        function test_tapOutsideAutosavesAndCloses() {
            openShare()
            tap(200, 400)
            tryCompare(share, "visible", false, stall)
            compare(root.order, ["save", root.dismissal(Pipeline.DismissalSource.TapOutside, Pipeline.Resolution.Autosaved)])
            wait(50)
            compare(root.behindTaps, 0)  // the tap closed the popover and went no further
        }

        function test_passThroughTapReachesTheItem() {
            openShare()
            tap(other.x + 60, other.y + 22)
            tryCompare(share, "visible", false, stall)
            tryCompare(root, "otherClicks", 1, stall)
            compare(root.order, ["save", root.dismissal(Pipeline.DismissalSource.TapOutside, Pipeline.Resolution.Autosaved)])
        }

        function test_anchorTapClosesWithoutReopening() {
            openShare()
            tap(shareButton.x + 50, shareButton.y + 22)
            tryCompare(share, "visible", false, stall)
            wait(50)
            compare(root.shareClicks, 0)
        }

        // A frame of fractional points reaches the pipeline as those numbers, whatever the locale
        // (Tests/Qt/run runs this suite under de_DE.UTF-8 too): a tap inside it, just above its
        // bottom edge, stays the popover's; a tap just below closes it.
        function test_fractionalFrame() {
            share.implicitWidth = 320.25
            share.implicitHeight = 300.5
            openShare()
            const bottom = share.y + 300.5, x = share.x + 160
            tap(x, bottom - 0.75)
            wait(50)
            verify(share.visible)
            compare(root.order, [])
            tap(x, bottom + 0.75)
            tryCompare(share, "visible", false, stall)
            compare(root.order, ["save", root.dismissal(Pipeline.DismissalSource.TapOutside, Pipeline.Resolution.Autosaved)])
            share.implicitWidth = 320
            share.implicitHeight = 300
        }

        function test_mouseClickOutsideCloses() {
            openShare()
            mouseClick(root, 200, 400)
            tryCompare(share, "visible", false, stall)
            compare(root.order, ["save", root.dismissal(Pipeline.DismissalSource.TapOutside, Pipeline.Resolution.Autosaved)])
        }

        function test_compactWidthMakesItASheet() {
            const window = root.Window.window
            const width = window.width
            window.width = 500
            tryCompare(root.Overlay.overlay, "width", 500, stall)
            share.open()
            verify(share.presentation.presented, share.presentation.lastError)
            verify(share.compact)
            compare(share.x, 0)
            compare(share.width, 500)
            compare(share.y, 40)  // the large detent's top
            share.close()
            window.width = width
            tryCompare(root.Overlay.overlay, "width", width, stall)
        }

        // As a sheet it shows a way out: a grabber, its title and a Done button at least 44 points
        // square, and a tap on Done is the pipeline's done button (it closes at once).
        function test_compactSheetHasGrabberTitleAndDone() {
            const window = root.Window.window
            const width = window.width
            window.width = 500
            tryCompare(root.Overlay.overlay, "width", 500, stall)
            share.open()
            verify(share.presentation.presented, share.presentation.lastError)
            verify(share.compact)
            const grabber = findChild(share.background, "grabber")
            verify(grabber !== null && grabber.visible && grabber.width > 0, "the adapted popover draws a grabber")
            const title = findChild(root.Overlay.overlay, "sheetTitle")
            verify(title !== null && title.visible, "the adapted popover shows its title")
            compare(title.text, "Share")
            const done = findChild(root.Overlay.overlay, "doneButton")
            verify(done !== null && done.visible, "the adapted popover shows Done")
            verify(done.width >= 44 && done.height >= 44, "Done is " + done.width + " × " + done.height)
            const centre = done.mapToItem(root, done.width / 2, done.height / 2)
            verify(centre.y > share.y && centre.y < share.y + share.topPadding, "Done is in the header")
            tap(centre.x, centre.y)
            tryCompare(share, "visible", false, stall)
            compare(root.order, [root.dismissal(Pipeline.DismissalSource.DoneButton, Pipeline.Resolution.Direct)])
            window.width = width
            tryCompare(root.Overlay.overlay, "width", width, stall)
        }

        function test_alertClosesByItsButtonsOnly() {
            alert.open()
            verify(alert.presentation.presented, alert.presentation.lastError)
            tap(50, 550)
            const touch = touchEvent(root)
            touch.press(0, root, 400, alert.y + 10).commit()
            for (let i = 1; i <= 20; i++) {
                wait(8)
                touch.move(0, root, 400, alert.y + 10 + 20 * i).commit()
            }
            touch.release(0, root, 400, alert.y + 410).commit()
            wait(100)
            verify(alert.visible)
            const confirm = findChild(root.Overlay.overlay, "alert-confirm")
            verify(confirm.height >= 44)
            mouseClick(confirm)
            tryCompare(alert, "visible", false, stall)
            compare(root.order, ["confirmed"])
        }

        function test_escapeCancelsTheAlert() {
            alert.open()
            keyClick(Qt.Key_Escape)
            tryCompare(alert, "visible", false, stall)
            compare(root.order, ["cancelled"])
        }

        function test_pictures() {
            openShare()
            wait(100)
            grabImage(root.Window.contentItem).save("qt-popover.png")
            share.close()
            alert.open()
            wait(100)
            grabImage(root.Window.contentItem).save("qt-alert.png")
        }
    }
}
