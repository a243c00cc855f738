// What the components draw is where the pipeline has them: at a phone's window (390 × 844, a
// compact width) and a landscape one (1280 × 800, a regular width), a Sheet at each of its
// detents, a formSheet, and a Popover (adapted to a sheet, and as a popover) are drawn, in the
// window's points, at the pipeline's layout (Pipeline::layout: the frame, the grabber, the top
// region, the question's anchor), and a touch at what is drawn does what the pipeline decides
// there: the drawn grabber is the grabber, a swipe just inside the drawn top edge closes the
// sheet, one just outside it does nothing. Driven by QtQuickTest's touches (Tests/Qt/run:
// offscreen, at scale 1 and 2, and under de_DE.UTF-8).
import QtQuick
import QtQuick.Controls
import QtTest
import DismissKit

Item {
    id: root
    width: 390
    height: 844
    property var order: []

    // How a dismissal is written in `order`: its Pipeline.DismissalSource and Pipeline.Resolution.
    function dismissal(source, resolution) { return "dismissed " + source + " " + resolution }

    Rectangle {
        id: shareButton
        x: root.Window.width - 110
        y: 6
        width: 100
        height: 44
        color: "#d1d1d6"
    }

    Sheet {
        id: sheet
        name: "laid-out-sheet"
        title: "Layout"
        cancelText: "Cancel"
        onDismissed: (source, resolution) => root.order.push(root.dismissal(source, resolution))
    }

    Popover {
        id: share
        name: "laid-out-popover"
        title: "Share"
        anchorItem: shareButton
        implicitWidth: 320
        implicitHeight: 300
        onDismissed: (source, resolution) => root.order.push(root.dismissal(source, resolution))
        Label { anchors.centerIn: parent; text: "Share settings" }
    }

    SignalSpy { id: detentSet; target: sheet.presentation; signalName: "detentSet" }

    TestCase {
        name: "Layout"
        when: windowShown

        // How long a wait may last before the run counts as stuck: each wait ends as soon as
        // what it waits for holds, so a slow machine stays far below it.
        readonly property int stall: 60000
        // Half a point: what is drawn is where the pipeline has it.
        readonly property real tolerance: 0.5

        readonly property var windows: [{tag: "phone", width: 390, height: 844},
                                        {tag: "landscape", width: 1280, height: 800}]

        function init() {
            root.order = []
            detentSet.clear()
            sheet.style = "sheet"
            sheet.detents = [300, "medium", "large"]
            sheet.selectedDetent = undefined
            sheet.unsavedChanges = false
            share.unsavedChanges = false
        }

        function cleanup() {
            sheet.close()
            share.close()
            tryCompare(sheet, "visible", false, stall)
            tryCompare(share, "visible", false, stall)
        }

        function cleanupTestCase() { useWindow(390, 844) }

        function useWindow(width, height) {
            const window = root.Window.window
            window.width = width
            window.height = height
            tryVerify(() => root.Overlay.overlay.width === width && root.Overlay.overlay.height === height, stall,
                      "the window is " + width + " × " + height)
        }

        function text(r) { return "(" + r.x + ", " + r.y + ", " + r.width + " × " + r.height + ")" }

        // An item's rectangle in the window's points.
        function drawn(item) { return item.mapToItem(null, 0, 0, item.width, item.height) }

        function near(a, b) {
            return Math.abs(a.x - b.x) < tolerance && Math.abs(a.y - b.y) < tolerance
                && Math.abs(a.width - b.width) < tolerance && Math.abs(a.height - b.height) < tolerance
        }

        function compareRect(actual, expected, what) {
            verify(near(actual, expected), what + " is drawn at " + text(actual) + ", the pipeline has it at " + text(expected))
        }

        // The panel is drawn at the layout's frame, its grabber at the layout's grabber and its
        // content below the layout's top region.
        function compareWithLayout(popup, what) {
            const layout = popup.presentation.layout
            verify(layout.frame !== undefined, what + " has a layout")
            compareRect(drawn(popup.background), layout.frame, what)
            const grabber = findChild(popup.background, "grabber")
            if (layout.grabber !== undefined) {
                verify(grabber !== null && grabber.visible, what + " draws its grabber")
                compareRect(drawn(grabber), layout.grabber, what + "'s grabber")
            } else {
                verify(grabber === null || !grabber.visible, what + " draws no grabber")
            }
            if (layout.header !== undefined) {
                const content = drawn(popup.contentItem)
                verify(Math.abs(content.y - (layout.header.y + layout.header.height)) < tolerance,
                       what + "'s content starts at " + content.y + ", below the top region " + text(layout.header))
            }
        }

        // Waits until the popup rests where the pipeline has it.
        function settle(popup, what) {
            tryVerify(() => popup.presentation.layout.frame !== undefined
                            && Math.abs(drawn(popup.background).y - popup.presentation.layout.frame.y) < tolerance,
                      stall, what + " settles where the pipeline has it")
        }

        function tap(x, y) {
            const touch = touchEvent(root)
            touch.press(0, root, x, y).commit()
            wait(30)
            touch.release(0, root, x, y).commit()
        }

        // A finger down at (x, y), moved down to 12 pt above the window's bottom, resting, and
        // lifted; before it lifts, `whileHeld` runs.
        function swipeDown(x, y, whileHeld) {
            const touch = touchEvent(root)
            const to = root.Overlay.overlay.height - 12
            touch.press(0, root, x, y).commit()
            for (let i = 1; i <= 24; i++) {
                wait(8)
                touch.move(0, root, x, y + (to - y) * i / 24).commit()
            }
            wait(60)
            if (whileHeld) whileHeld()
            touch.release(0, root, x, to).commit()
        }

        // A sheet's drawn top edge: a swipe that starts just above it does nothing, one that
        // starts just inside it (on the drawn top region) closes the sheet.
        function swipeAtTheTopEdge(popup, x, what) {
            const top = drawn(popup.background).y
            swipeDown(x, top - 3)
            wait(100)
            verify(popup.visible, what + ": a swipe from above its drawn top edge leaves it")
            compare(root.order, [])
            swipeDown(x, top + 3, () => {
                // Held by the drag: drawn where the pipeline has it moved.
                verify(popup.presentation.dragging, what + " follows the finger")
                verify(popup.presentation.layout.dragOffset > 0, what + "'s drag offset " + popup.presentation.layout.dragOffset)
                compareWithLayout(popup, what + " under the finger")
            })
            tryCompare(popup, "visible", false, stall)
            compare(root.order, [root.dismissal(Pipeline.DismissalSource.SwipeFromTop, Pipeline.Resolution.Direct)])
        }

        function test_sheetAtEachDetent_data() {
            const rows = []
            for (const window of windows) {
                for (const detent of [300, "medium", "large"]) rows.push({tag: window.tag + " " + detent, window: window, detent: detent})
            }
            return rows
        }

        // At each detent the sheet is drawn where the pipeline has it; a tap on the drawn grabber
        // is the grabber's (the next detent), and the drawn top edge is the pipeline's.
        function test_sheetAtEachDetent(data) {
            useWindow(data.window.width, data.window.height)
            sheet.selectedDetent = data.detent
            sheet.open()
            verify(sheet.presentation.presented, sheet.presentation.lastError)
            const what = "a sheet at " + data.detent + " in the " + data.window.tag + " window"
            settle(sheet, what)
            compare(sheet.presentation.layout.role, Pipeline.PresentationRole.Sheet)
            compare(sheet.presentation.layout.adapted, false)
            compareWithLayout(sheet, what)
            if (data.detent === "large") grabImage(root.Window.contentItem).save("qt-sheet-" + data.window.tag + ".png")

            const grabber = drawn(findChild(sheet.background, "grabber"))
            tap(grabber.x + grabber.width / 2, grabber.y + grabber.height / 2)
            tryCompare(detentSet, "count", 1, stall)
            compare(detentSet.signalArguments[0][1], Pipeline.DetentCause.GrabberTap)
            settle(sheet, what + ", after the grabber's tap")
            compareWithLayout(sheet, what + ", after the grabber's tap")

            swipeAtTheTopEdge(sheet, drawn(sheet.background).x + 60, what)
        }

        function test_formSheet_data() { return windows.map(window => ({tag: window.tag, window: window})) }

        // A formSheet is a centred card in a regular width and a sheet at the bottom in a compact
        // one, as the pipeline lays it out; beside the drawn card is outside, just inside its
        // left edge is its top region; the question is asked at the bottom of what it is about.
        function test_formSheet(data) {
            useWindow(data.window.width, data.window.height)
            sheet.style = "formSheet"
            sheet.open()
            verify(sheet.presentation.presented, sheet.presentation.lastError)
            const what = "a formSheet in the " + data.tag + " window"
            settle(sheet, what)
            compareWithLayout(sheet, what)

            sheet.unsavedChanges = true
            keyClick(Qt.Key_Escape)
            compareQuestionWithLayout(sheet, what, "qt-form-sheet-question-" + data.tag + ".png")
            sheet.unsavedChanges = false

            const card = drawn(sheet.background)
            if (card.x > 3) {
                swipeDown(card.x - 3, card.y + 20)
                wait(100)
                verify(sheet.visible, what + ": a swipe beside it leaves it")
                compare(root.order, [])
            }
            swipeAtTheTopEdge(sheet, card.x + 3, what)
        }

        // The question (the Keep Editing answer ends it) lies at the bottom of the layout's
        // question anchor. The window is grabbed into `picture` while it asks.
        function compareQuestionWithLayout(popup, what, picture) {
            let keep = null
            tryVerify(() => (keep = findChild(root.Overlay.overlay, "confirmation-keepEditing")) !== null && keep.visible,
                      stall, what + " asks its question")
            grabImage(root.Window.contentItem).save(picture)
            const anchor = popup.presentation.layout.questionAnchor
            const group = findChild(root.Overlay.overlay, "confirmation-discard")
            for (const answer of [group, keep]) {
                const r = drawn(answer)
                verify(r.x >= anchor.x - tolerance && r.x + r.width <= anchor.x + anchor.width + tolerance
                       && r.y >= anchor.y - tolerance && r.y + r.height <= anchor.y + anchor.height + tolerance,
                       what + "'s question " + text(r) + " is within its anchor " + text(anchor))
            }
            verify(anchor.y + anchor.height - (drawn(keep).y + drawn(keep).height) < 16 + tolerance,
                   what + "'s question is at its anchor's bottom")
            mouseClick(keep)
            tryCompare(popup.presentation, "question", [], stall)
        }

        function test_popover_data() { return windows.map(window => ({tag: window.tag, window: window})) }

        // Adapted (a compact width): a sheet at the large detent, whose drawn top edge is the
        // pipeline's. As a popover: at its frame, a tap just inside its drawn edge stays, one just
        // outside closes it. Either way its question is asked at the bottom of its frame.
        function test_popover(data) {
            useWindow(data.window.width, data.window.height)
            share.open()
            verify(share.presentation.presented, share.presentation.lastError)
            const layout = share.presentation.layout
            const what = "a popover in the " + data.tag + " window"
            const adapted = data.window.width < 600
            compare(layout.adapted, adapted)
            compare(share.compact, adapted)
            compare(layout.role, adapted ? Pipeline.PresentationRole.Sheet : Pipeline.PresentationRole.Popover)
            settle(share, what)
            compareWithLayout(share, what)
            grabImage(root.Window.contentItem).save("qt-popover-" + data.tag + ".png")

            share.unsavedChanges = true
            keyClick(Qt.Key_Escape)
            compareQuestionWithLayout(share, what, "qt-popover-question-" + data.tag + ".png")
            share.unsavedChanges = false

            const frame = drawn(share.background)
            if (adapted) {
                swipeAtTheTopEdge(share, frame.x + 60, what)
            } else {
                tap(frame.x + 3, frame.y + frame.height / 2)
                wait(100)
                verify(share.visible, what + ": a tap just inside its drawn edge leaves it")
                compare(root.order, [])
                tap(frame.x - 3, frame.y + frame.height / 2)
                tryCompare(share, "visible", false, stall)
                compare(root.order, [root.dismissal(Pipeline.DismissalSource.TapOutside, Pipeline.Resolution.Direct)])
            }
        }
    }
}
