// A QML kiosk on DismissKit's components: a mail kiosk whose compose sheet has a grabber, two
// detents, a draft and a list of earlier messages. A swipe down, a tap above the sheet, Escape
// or Cancel closes it; with a draft written, the sheet asks first (Discard, Save, Keep Editing).
// The Share popover saves its settings by itself when a tap outside closes it, and a tap on
// Compose closes it and opens the sheet at once (a pass-through item). Left alone for two
// minutes with something open, it asks "Are you still there?" for its last 20 seconds, then
// closes everything, keeping a written draft (its question is asked), and scrolls the inbox back
// to the top. The mouse drives it all like a finger, for trying it at a desk.
import QtQuick
import QtQuick.Controls
import DismissKit

ApplicationWindow {
    id: window
    width: 1280
    height: 800
    visible: true
    visibility: Window.FullScreen
    title: "Mail"

    property var drafts: []
    property bool signatureSaved: false

    header: ToolBar {
        height: 56
        Label {
            x: 16
            anchors.verticalCenter: parent.verticalCenter
            font.pixelSize: 22
            text: window.drafts.length > 0 ? "Inbox (" + window.drafts.length + " saved drafts)" : "Inbox"
        }
        Row {
            anchors.right: parent.right
            anchors.rightMargin: 8
            anchors.verticalCenter: parent.verticalCenter
            spacing: 8
            Button {
                id: shareButton
                height: 44
                font.pixelSize: 17
                text: "Share"
                onClicked: share.open()
            }
            Button {
                id: composeButton
                height: 44
                font.pixelSize: 17
                text: "Compose"
                onClicked: compose.open()
            }
        }
    }

    Popover {
        id: share
        name: "share"
        anchorItem: shareButton
        passthroughItems: [composeButton]
        unsavedChanges: signature.checked !== window.signatureSaved
        onSaveRequested: window.signatureSaved = signature.checked
        implicitWidth: 320
        implicitHeight: 120

        Column {
            anchors.fill: parent
            anchors.margins: 16
            Label { font.pixelSize: 17; font.weight: Font.DemiBold; text: "Sharing" }
            Switch { id: signature; height: 44; font.pixelSize: 17; text: "Add my signature" }
        }
    }

    // Back to the start screen for the next person: a draft is kept, and asked about.
    IdleQuestion {
        rule: ({after: 120000, warning: 20000, unsaved: "keep"})
        onReset: inbox.positionViewAtBeginning()
    }

    ListView {
        id: inbox
        anchors.fill: parent
        model: 40
        delegate: ItemDelegate {
            width: ListView.view.width
            height: 56
            font.pixelSize: 17
            text: "Message " + (index + 1)
        }
    }

    Sheet {
        id: compose
        name: "compose"
        title: "New Message"
        // Cancel in the system's language (or Qt.uiLanguage's), as the question's words are.
        cancelButton: true
        detents: ["medium", "large"]
        unsavedChanges: draft.text.length > 0
        onSaveRequested: window.drafts = window.drafts.concat([draft.text])
        onClosed: draft.clear()

        Column {
            anchors.fill: parent

            TextArea {
                id: draft
                width: parent.width
                height: 120
                leftPadding: 16
                rightPadding: 16
                font.pixelSize: 20
                wrapMode: TextEdit.Wrap
                placeholderText: "Write a message"
            }
            // The sheet's scrolling content: scrolled to its top, a swipe down moves the sheet.
            ListView {
                width: parent.width
                height: parent.height - draft.height
                clip: true
                model: 60
                delegate: ItemDelegate {
                    width: ListView.view.width
                    height: 44
                    font.pixelSize: 17
                    text: "Earlier message " + (index + 1)
                }
            }
        }
    }
}
