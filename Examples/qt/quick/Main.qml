// A QML kiosk: a sheet ("compose") with a grabber, a list and unsaved text; a popover
// ("share") whose toolbar strip passes taps through; a confirmation dialog that answers the
// pipeline's question. The DismissArea takes the window's touches and decides.
import QtQuick
import DismissKit

Window {
    width: 1280
    height: 800
    visible: true
    visibility: Window.FullScreen

    DismissArea {
        id: area
        anchors.fill: parent
        scene: ({presentations: [{id: "compose", style: "sheet", grabber: true, detents: ["medium", "large"],
                                  headerHeight: 56}]})
        property bool sharing: false

        onConfirmationRequested: (id, source, options) => question.presentation = id
        onSaved: id => console.log("saving", id, id === "compose" ? draft.text : "the share settings")
        onDismissed: (id, source, resolution) => {
            if (id === "compose") sheet.visible = false
            else sharing = false
        }
        onPassthroughTap: point => console.log("the toolbar gets the tap at", point.x, point.y)

        // The toolbar under everything: its strip stays usable while the popover is open.
        Rectangle {
            width: parent.width
            height: 44
            color: "#333"
            Text { x: 16; anchors.verticalCenter: parent.verticalCenter; color: "white"; text: "Kiosk" }
            Rectangle {
                id: shareButton
                x: parent.width - 60; width: 44; height: 44; color: "#555"
                Text { anchors.centerIn: parent; color: "white"; text: "⇪" }
                TapHandler {
                    onTapped: if (!area.sharing && area.present({
                        id: "share", style: "popover", modal: false, unsavedChanges: true,
                        frame: {x: area.width - 340, y: 60, width: 320, height: 400},
                        anchor: {x: shareButton.x, y: 0, width: 44, height: 44},
                        passthrough: [{x: 0, y: 0, width: area.width - 80, height: 44}]})) area.sharing = true
                }
            }
        }

        Rectangle {
            id: sheet
            readonly property bool dragged: area.draggedPresentation === "compose"
            property var detent: "large"
            x: 0
            y: (detent === "medium" ? area.height / 2 + 20 : 40) + (dragged ? area.sheetOffset : 0)
            width: area.width
            height: area.height - y
            radius: 12
            color: "white"
            Behavior on y { enabled: !sheet.dragged; NumberAnimation { duration: 200 } }
            Connections {
                target: area
                function onDetentChanged(id, detent) { if (id === "compose") sheet.detent = detent }
            }

            Rectangle { id: grabber; y: 8; width: 40; height: 5; radius: 2.5; color: "#bbb"; anchors.horizontalCenter: parent.horizontalCenter }
            TextEdit {
                id: draft
                x: 16; y: 20; width: parent.width - 32; height: 36
                font.pixelSize: 20
                text: ""
                onTextChanged: area.update("compose", {unsavedChanges: text.length > 0})
            }
            // Host-owned scrolling: the list reports its offset, and waits at its top while the
            // sheet has the finger.
            ListView {
                y: 56; width: parent.width; height: parent.height - 56
                clip: true
                model: 60
                boundsBehavior: Flickable.StopAtBounds
                onContentYChanged: area.reportContentOffset("compose", Math.max(0, contentY))
                delegate: Text { x: 16; height: 44; verticalAlignment: Text.AlignVCenter; text: "Message " + (index + 1) }
            }
        }

        Rectangle {
            visible: area.sharing
            x: area.width - 340; y: 60; width: 320; height: 400; radius: 8
            color: "#f4f4f4"; border.color: "#999"
            Text { anchors.centerIn: parent; text: "Share (a tap outside saves and closes)" }
        }

        // The question: it does not block anything; the answer is a host command.
        Rectangle {
            id: question
            property string presentation: ""
            visible: presentation !== ""
            anchors.fill: parent
            color: "#80000000"
            TapHandler {}  // the dialog is modal: taps behind it do nothing
            Column {
                anchors.centerIn: parent
                spacing: 12
                Text { color: "white"; font.pixelSize: 24; text: "Discard the draft?" }
                Repeater {
                    model: [["Discard", "discard"], ["Save", "save"], ["Keep editing", "keepEditing"]]
                    Rectangle {
                        width: 240; height: 48; radius: 6; color: "white"
                        Text { anchors.centerIn: parent; text: modelData[0] }
                        TapHandler {
                            onTapped: {
                                area.confirm(question.presentation, modelData[1])
                                question.presentation = ""
                            }
                        }
                    }
                }
            }
        }
    }
}
