// Popover: a panel anchored to an item, with an arrow to it, that DismissKit's pipeline drives,
// on Qt Quick Controls' Popup.
//
//   Button { id: shareButton; text: "Share"; onClicked: share.open() }
//   Popover {
//       id: share
//       anchorItem: shareButton
//       passthroughItems: [toolbar]          // a tap there closes the popover and reaches the toolbar
//       unsavedChanges: settings.edited
//       onSaveRequested: settings.save()     // autosaved: a tap outside saves, then closes
//       width: 320; height: 400
//       SettingsForm { id: settings; anchors.fill: parent }
//   }
//
// A tap outside closes it (saving first, through `saveRequested()`, when `unsavedChanges`); a tap
// on one of `passthroughItems` closes it and reaches that item too; a tap on its anchor closes
// it and goes no further. With `tapOutsideCloses: false` only the app closes it (`dismiss()`,
// Escape). In a compact width (under 600 pt, `presentation.compactWidth`) it is a sheet at the large detent, as the
// pipeline handles it there. The anchor's and the items' places are read when it opens and when
// it or the window changes size.
import QtQuick
import QtQuick.Controls
import DismissKit

Popup {
    id: popover

    property Item anchorItem
    property list<Item> passthroughItems
    property bool unsavedChanges: false
    // Whether a tap outside closes it (a non-modal popover); false: only its buttons, Escape
    // and the app do.
    property bool tapOutsideCloses: true
    property string name: "popover"
    property color popoverColor: "#ffffff"
    property color borderColor: "#d1d1d6"
    property real cornerRadius: 13
    property real arrowSize: 12
    // The question asked when the pipeline asks rather than autosaves (Escape with unsaved
    // changes, say): as a Sheet's `confirmation`.
    property Component confirmation: ConfirmationDialog {}

    readonly property bool compact: internal.screenWidth < held.compactWidth
    readonly property Presentation presentation: held

    signal saveRequested()
    // As a Sheet's: a Pipeline.DismissalSource and a Pipeline.Resolution (Autosaved after a tap
    // outside with unsaved changes).
    signal dismissed(int source, int resolution)

    function dismiss() { return held.dismiss() }

    parent: Overlay.overlay
    // Qt's modal: what is outside takes no input of its own; the pipeline decides what a tap
    // there does (and delivers it to a pass-through item).
    modal: true
    dim: compact
    closePolicy: Popup.NoAutoClose
    padding: 0
    topPadding: compact ? 56 : 0
    x: compact ? 0 : internal.frameX
    y: compact ? internal.sheetTop : internal.frameY
    width: compact ? internal.screenWidth : implicitWidth
    height: compact ? internal.screenHeight - internal.sheetTop : implicitHeight
    implicitWidth: 320
    implicitHeight: 400

    Overlay.modal: Rectangle { color: Qt.rgba(0, 0, 0, popover.compact ? 0.4 : 0) }

    background: Item {
        Rectangle {
            id: arrow
            visible: !popover.compact && popover.anchorItem !== null
            width: popover.arrowSize * Math.SQRT2
            height: width
            rotation: 45
            x: internal.arrowX - width / 2
            y: internal.below ? -height / 2 : parent.height - height / 2
            color: popover.popoverColor
            border.color: popover.borderColor
        }
        Rectangle {
            anchors.fill: parent
            radius: popover.compact ? 12 : popover.cornerRadius
            color: popover.popoverColor
            border.color: popover.compact ? "transparent" : popover.borderColor
        }
        // The arrow's base, over the panel's border.
        Rectangle {
            visible: arrow.visible
            width: arrow.width - 2
            height: 2
            x: internal.arrowX - width / 2
            y: internal.below ? 0 : parent.height - height
            color: popover.popoverColor
        }
    }

    Presentation {
        id: held
        item: popover.contentItem
        name: popover.name
        fields: {
            const fields = {style: "popover", modal: !popover.tapOutsideCloses, unsavedChanges: popover.unsavedChanges,
                            frame: {x: internal.frameX, y: internal.frameY, width: popover.implicitWidth, height: popover.implicitHeight},
                            passthrough: internal.passthroughRects}
            if (internal.anchorRect) fields.anchor = internal.anchorRect
            return fields
        }
        onSaveRequested: popover.saveRequested()
        onDismissed: (source, resolution) => {
            popover.close()
            popover.dismissed(source, resolution)
        }
    }

    // The question, when autosaving is not what the pipeline chose (Escape or the app's
    // dismiss() with unsaved changes).
    AskedQuestion { presentation: held; owner: popover; confirmation: popover.confirmation }

    onAboutToShow: {
        internal.measure()
        if (!held.present()) {
            console.warn("DismissKit Popover:", held.lastError)
            close()
        }
    }
    onClosed: held.remove()
    onImplicitWidthChanged: internal.measure()
    onImplicitHeightChanged: internal.measure()

    Connections {
        target: popover.parent
        function onWidthChanged() { internal.measure() }
        function onHeightChanged() { internal.measure() }
    }

    QtObject {
        id: internal
        readonly property real screenWidth: popover.parent ? popover.parent.width : 0
        readonly property real screenHeight: popover.parent ? popover.parent.height : 0
        // The anchor and the pass-through items in window coordinates, as last measured.
        property var anchorRect: null
        property var passthroughRects: []
        // Below the anchor when it fits there, else above it.
        readonly property bool below: !anchorRect || anchorRect.y + anchorRect.height + popover.arrowSize + popover.implicitHeight <= screenHeight - 8
        readonly property real frameX: {
            const centre = anchorRect ? anchorRect.x + anchorRect.width / 2 : screenWidth / 2
            return Math.max(8, Math.min(screenWidth - popover.implicitWidth - 8, centre - popover.implicitWidth / 2))
        }
        readonly property real frameY: {
            if (!anchorRect) return (screenHeight - popover.implicitHeight) / 2
            return below ? anchorRect.y + anchorRect.height + popover.arrowSize : anchorRect.y - popover.arrowSize - popover.implicitHeight
        }
        readonly property real arrowX: {
            const centre = anchorRect ? anchorRect.x + anchorRect.width / 2 - frameX : popover.implicitWidth / 2
            return Math.max(popover.cornerRadius + popover.arrowSize, Math.min(popover.implicitWidth - popover.cornerRadius - popover.arrowSize, centre))
        }
        // As a sheet (compact width): the large detent's top, moved by the drag.
        readonly property real sheetTop: held.topInset + held.offset

        function rectOf(item) {
            const rect = item.mapToItem(null, 0, 0, item.width, item.height)
            return {x: rect.x, y: rect.y, width: rect.width, height: rect.height}
        }

        function measure() {
            anchorRect = popover.anchorItem ? rectOf(popover.anchorItem) : null
            const rects = []
            for (let index = 0; index < popover.passthroughItems.length; index++) rects.push(rectOf(popover.passthroughItems[index]))
            passthroughRects = rects
        }
    }
}
