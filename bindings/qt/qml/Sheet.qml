// Sheet: a bottom sheet that DismissKit's pipeline drives, on Qt Quick Controls' Popup.
//
//   Sheet {
//       id: compose
//       title: "New Message"
//       detents: ["medium", "large"]
//       unsavedChanges: draft.text.length > 0
//       onSaveRequested: drafts.save(draft.text)
//       ListView { anchors.fill: parent; model: 40; delegate: ItemDelegate { text: "Message " + index } }
//   }
//   Button { text: "Compose"; onClicked: compose.open() }
//
// Opened, it presents itself to its window's pipeline; it follows the finger (and the mouse, and
// a pen), with the rubber band the pipeline gives when dismissal is gated; it settles on its
// detents with a spring and dims what is behind it in proportion. A swipe, a tap outside, Escape
// or its Cancel button asks the pipeline, which closes it, or asks the question
// (`confirmation`, a ConfirmationDialog by default) when `unsavedChanges` is true. The first
// Flickable in its content is host-owned scrolling: scrolled to the top, it hands the finger to
// the sheet. `close()` closes it at once, without asking; `dismiss()` asks as the app's own
// request. A formSheet gives the pipeline a centred card as its frame, a pageSheet a centred
// column `frameMargin` from the top: in a regular width the pipeline takes that frame (one
// height, no other detent), in a compact width it makes both sheets. The sheet is drawn where the
// pipeline lays it out (`presentation.layout`): its detents' heights, the drag, the grabber and
// the compact width are the pipeline's, never worked out here. Sizes are in points: Qt's logical
// pixels.
import QtQuick
import QtQuick.Controls
import DismissKit

Popup {
    id: sheet

    // Its detents, smallest first: "medium", "large" or heights in points.
    property var detents: ["large"]
    // The detent it opens at (the largest when not given).
    property var selectedDetent: undefined
    property bool grabber: true
    property bool unsavedChanges: false
    // "sheet", "formSheet", "pageSheet" or "fullScreen" (which no swipe closes).
    property string style: "sheet"
    // The most a formSheet and a pageSheet take in a regular width, in points, and the least
    // room a formSheet keeps from the window's edges and a pageSheet from its top.
    property size formSheetSize: Qt.size(540, 620)
    property real pageSheetWidth: 700
    property real frameMargin: 40
    // What its presentation's id is made from.
    property string name: "sheet"
    property string title: ""
    // A Cancel or Done button in its header: shown when asked for, or when its text is set (a
    // kiosk's own label; the default is the kiosk's language's Cancel or Done).
    property bool cancelButton: false
    property bool doneButton: false
    property string cancelText: ""
    property string doneText: ""
    property real headerHeight: 56
    property real cornerRadius: 12
    property color sheetColor: "#ffffff"
    property color grabberColor: "#c7c7cc"
    property color tintColor: "#007aff"
    property color dimColor: "#000000"
    property real dimOpacity: 0.4
    // The question asked before unsaved work is lost: a component whose object has the
    // properties `presentation` and `sheet`, and opens itself.
    property Component confirmation: ConfirmationDialog {}

    readonly property var detent: presentation.detent
    readonly property bool dragging: presentation.dragging
    readonly property Presentation presentation: held

    // Saving is asked for (the user chose Save); the sheet then closes.
    signal saveRequested()
    // It was closed by the pipeline: `source` a Pipeline.DismissalSource (SwipeFromTop,
    // TapOutside, CancelButton, ...), `resolution` a Pipeline.Resolution (Direct, Discarded, Saved).
    signal dismissed(int source, int resolution)

    // Asks to close it as the app's own request: closed when clean, asked otherwise.
    function dismiss() { return held.dismiss() }

    parent: Overlay.overlay
    modal: true
    // Its text fields take the focus (and bring up the on-screen keyboard) when tapped.
    focus: true
    dim: true
    closePolicy: Popup.NoAutoClose
    enter: Transition {}
    exit: Transition {}
    padding: 0
    topPadding: internal.laidOut && internal.layout.header ? internal.layout.header.height : headerHeight
    x: internal.laidOut ? internal.layout.frame.x : 0
    width: internal.laidOut ? internal.layout.frame.width : internal.screenWidth
    y: internal.top
    // Down to the frame's bottom edge while it springs down to a smaller detent, so that no gap
    // opens below it.
    height: internal.laidOut ? Math.max(internal.layout.frame.height, internal.layout.frame.y + internal.layout.frame.height - internal.top) : 0

    Overlay.modal: Rectangle {
        color: Qt.rgba(sheet.dimColor.r, sheet.dimColor.g, sheet.dimColor.b, sheet.dimOpacity * internal.shown)
        objectName: "backdrop"
        // A tap on it asks to close the sheet, as Escape does.
        Accessible.role: Accessible.Button
        Accessible.ignored: sheet.style === "fullScreen"
        //: The accessible name of the dimmed area around a popover or sheet, when a tap there closes it.
        Accessible.name: qsTr("Dismiss")
        Accessible.onPressAction: held.accessibility(Pipeline.AccessibilityAction.Escape)
    }

    background: Rectangle {
        objectName: "sheetBackground"
        color: sheet.sheetColor
        Accessible.role: Accessible.Dialog
        Accessible.name: sheet.title
        //: The accessible description of a sheet that a downward swipe closes.
        Accessible.description: sheet.style === "fullScreen" ? "" : qsTr("Swipe down to close.")
        radius: sheet.style === "fullScreen" ? 0 : sheet.cornerRadius

        SoftShadow {
            anchors.fill: parent
            z: -1
            radius: parent.radius
            visible: sheet.style !== "fullScreen"
        }

        Grabber {
            visible: internal.laidOut && internal.layout.grabber !== undefined
            presentation: held
            layout: internal.layout
            color: sheet.grabberColor
        }
    }

    // The title, Cancel and Done, over the header at the sheet's top (the content item starts
    // below it).
    SheetHeader {
        id: header
        objectName: "sheetHeader"
        z: 1
        width: parent ? parent.width : 0
        height: sheet.topPadding
        presentation: held
        title: sheet.title
        //: A sheet's or an alert's button that leaves without finishing the task.
        cancelText: sheet.cancelText || (sheet.cancelButton ? qsTr("Cancel") : "")
        //: A sheet's or a popover's button that finishes the task and closes it.
        doneText: sheet.doneText || (sheet.doneButton ? qsTr("Done") : "")
        tintColor: sheet.tintColor
    }

    Presentation {
        id: held
        name: sheet.name
        fields: {
            const fields = {style: sheet.style, detents: sheet.detents, grabber: sheet.grabber,
                            headerHeight: sheet.headerHeight, modal: sheet.modal, unsavedChanges: sheet.unsavedChanges}
            if (sheet.selectedDetent !== undefined) fields.selectedDetent = sheet.selectedDetent
            if (internal.ownFrame) fields.frame = internal.ownFrame
            return fields
        }
        onLayoutChanged: if (layout.frame !== undefined) internal.layout = layout
        onSaveRequested: sheet.saveRequested()
        onDismissed: (source, resolution) => {
            internal.leaving = true
            sheet.dismissed(source, resolution)
        }
    }

    AskedQuestion { presentation: held; owner: sheet; confirmation: sheet.confirmation }

    onAboutToShow: {
        // Taken when it opens, not bound: Qt 6.4 does not notify a `contentItem` given in the
        // declaration, so a binding would keep the default one, which is never in the window. The
        // header goes on the popup's own item, above whichever content item it has.
        held.item = sheet.contentItem
        header.parent = sheet.contentItem.parent
        internal.leaving = false
        if (!held.present()) {
            console.warn("DismissKit Sheet:", held.lastError)
            close()
        }
    }
    onClosed: held.remove()

    QtObject {
        id: internal
        readonly property real screenWidth: sheet.parent ? sheet.parent.width : 0
        readonly property real screenHeight: sheet.parent ? sheet.parent.height : 0
        // Its frame as a formSheet or pageSheet (Docs/scene.md "Presentations"), given at every
        // width: the pipeline takes it in a regular width only. Null for the other styles, and
        // while the window is too small to hold it.
        readonly property var ownFrame: {
            let width = 0, height = 0, y = 0
            if (sheet.style === "formSheet") {
                width = Math.min(sheet.formSheetSize.width, screenWidth - 2 * sheet.frameMargin)
                height = Math.min(sheet.formSheetSize.height, screenHeight - 2 * sheet.frameMargin)
                y = (screenHeight - height) / 2
            } else if (sheet.style === "pageSheet") {
                width = Math.min(sheet.pageSheetWidth, screenWidth)
                height = screenHeight - sheet.frameMargin
                y = sheet.frameMargin
            }
            return width > 0 && height > 0 ? {x: (screenWidth - width) / 2, y: y, width: width, height: height} : null
        }
        // Where the pipeline has it: at its detent, moved by the drag; the last one kept while it
        // slides away, dismissed.
        property var layout: ({})
        readonly property bool laidOut: layout.frame !== undefined
        property bool leaving: false
        // Its top edge: below the screen while it comes and goes, else the pipeline's.
        property real top: sheet.opened && !leaving && laidOut ? layout.frame.y : screenHeight
        // How much of the way up to its rest it is, for the dimming.
        readonly property real shown: laidOut && layout.restingFrame.y < screenHeight
                                      ? Math.max(0, Math.min(1, (screenHeight - top) / (screenHeight - layout.restingFrame.y))) : 0

        Behavior on top {
            enabled: !held.dragging
            SpringAnimation { spring: 4.5; damping: 0.55; epsilon: 0.25 }
        }
        onTopChanged: if (leaving && top >= screenHeight - 0.5) sheet.close()
    }
}
