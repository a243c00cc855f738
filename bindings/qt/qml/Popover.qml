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
// Escape). It is drawn where the pipeline lays it out (`presentation.layout`): at its frame, or,
// where the pipeline adapts it in a compact width, as a sheet at the large detent that follows
// the finger (`compact` is then true), with a grabber, its `title` and a Done button (the
// pipeline's done button: it closes at once, the app saves) in a header. The anchor's and the items' places are read when it
// opens and when it or the window changes size.
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
    // Shown in its header when it is a sheet.
    property string title: ""
    //: A sheet's or a popover's button that finishes the task and closes it.
    property string doneText: qsTr("Done")
    property color tintColor: "#007aff"
    property color popoverColor: "#ffffff"
    property color borderColor: "#c7c7cc"
    property real cornerRadius: 13
    property real arrowSize: 14
    // The question asked when the pipeline asks rather than autosaves (Escape with unsaved
    // changes, say): as a Sheet's `confirmation`.
    property Component confirmation: ConfirmationDialog {}

    // Whether the pipeline shows it as a sheet: its adaptation to a compact width.
    readonly property bool compact: internal.laidOut && internal.layout.adapted
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
    // Its text fields take the focus (and bring up the on-screen keyboard) when tapped.
    focus: true
    // Dimmed as a sheet only; the pipeline says which it is once it is presented, so the dimmer
    // is always there, clear for a popover.
    dim: true
    closePolicy: Popup.NoAutoClose
    padding: 0
    topPadding: compact && internal.layout.header ? internal.layout.header.height : 0
    x: internal.laidOut ? internal.layout.frame.x : internal.frameX
    y: internal.laidOut ? internal.layout.frame.y : internal.frameY
    width: internal.laidOut ? internal.layout.frame.width : implicitWidth
    height: internal.laidOut ? internal.layout.frame.height : implicitHeight
    implicitWidth: 320
    implicitHeight: 400

    Overlay.modal: Rectangle {
        color: Qt.rgba(0, 0, 0, popover.compact ? 0.4 : 0)
        objectName: "backdrop"
        // A tap on it closes the popover, when one does.
        Accessible.role: Accessible.Button
        Accessible.ignored: !popover.tapOutsideCloses
        //: The accessible name of the dimmed area around a popover or sheet, when a tap there closes it.
        Accessible.name: qsTr("Dismiss")
        Accessible.onPressAction: held.accessibility(Pipeline.AccessibilityAction.Escape)
    }

    background: Item {
        // A soft shadow under the panel and its arrow, which sets them off a white window.
        SoftShadow {
            anchors.fill: parent
            radius: panel.radius
            visible: !popover.compact
        }
        SoftShadow {
            visible: arrow.visible
            x: arrow.x
            y: arrow.y
            width: arrow.width
            height: arrow.height
            rotation: 45
            spread: 8
            strength: 0.3
        }
        // At the anchor's middle in either direction of writing: the anchor is where it is.
        Rectangle {
            id: arrow
            objectName: "popoverArrow"
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
            id: panel
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
        // As a sheet: its grabber.
        Grabber {
            visible: popover.compact && internal.layout.grabber !== undefined
            presentation: held
            layout: internal.layout
        }
    }

    // As a sheet: its title and Done over the header at its top (the content item starts below it).
    SheetHeader {
        id: header
        visible: popover.compact
        z: 1
        width: parent ? parent.width : 0
        height: popover.topPadding
        presentation: held
        title: popover.title
        doneText: popover.doneText
        tintColor: popover.tintColor
    }

    Presentation {
        id: held
        name: popover.name
        fields: {
            const fields = {style: "popover", modal: !popover.tapOutsideCloses, unsavedChanges: popover.unsavedChanges, grabber: true,
                            frame: {x: internal.frameX, y: internal.frameY, width: popover.implicitWidth, height: popover.implicitHeight},
                            passthrough: internal.passthroughRects}
            if (internal.anchorRect) fields.anchor = internal.anchorRect
            return fields
        }
        onLayoutChanged: if (layout.frame !== undefined) internal.layout = layout
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
        // Taken when it opens, not bound: Qt 6.4 does not notify a `contentItem` given in the
        // declaration, so a binding would keep the default one, which is never in the window. The
        // header goes on the popup's own item, above whichever content item it has.
        held.item = popover.contentItem
        header.parent = popover.contentItem.parent
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
        // Where the pipeline has it (its frame, or as a sheet at its detent moved by the drag); the
        // last one kept while it closes.
        property var layout: ({})
        readonly property bool laidOut: layout.frame !== undefined

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
