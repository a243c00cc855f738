// Alert: a centred question that only its buttons (and Escape, as Cancel) close, on Qt Quick
// Controls' Popup; DismissKit's pipeline holds it above everything, and no swipe or tap outside
// closes it.
//
//   Alert {
//       id: removeAlert
//       title: "Remove the kiosk's profile?"
//       message: "Its saved drafts are removed too."
//       confirmText: "Remove"
//       destructive: true
//       onConfirmed: profile.remove()
//   }
import QtQuick
import QtQuick.Controls
import DismissKit

Popup {
    id: alert

    property string title
    property string message
    //: A sheet's or an alert's button that leaves without finishing the task.
    property string cancelText: qsTr("Cancel")
    //: An alert's button that confirms.
    property string confirmText: qsTr("OK")
    // Whether the confirming button destroys something (drawn in the destructive colour).
    property bool destructive: false
    property string name: "alert"
    property real buttonHeight: Math.max(48, held.touchTarget)
    property color alertColor: "#f2f2f2"
    property color tintColor: "#007aff"
    property color destructiveColor: "#ff3b30"
    property color separatorColor: "#d1d1d6"

    readonly property Presentation presentation: held

    // The confirming button closed it.
    signal confirmed()
    // Cancel or Escape closed it.
    signal cancelled()

    parent: Overlay.overlay
    modal: true
    dim: true
    closePolicy: Popup.NoAutoClose
    padding: 0
    width: Math.min(parent ? parent.width - 32 : 0, 300)
    x: parent ? (parent.width - width) / 2 : 0
    y: parent ? (parent.height - height) / 2 : 0
    Overlay.modal: Rectangle { color: "#66000000" }

    background: Rectangle {
        radius: 14
        color: alert.alertColor
    }

    // Cancel at the leading side, the confirming button at the trailing: mirrored in a
    // right-to-left language.
    contentItem: Column {
        LayoutMirroring.enabled: Translation.rightToLeft
        LayoutMirroring.childrenInherit: true

        Column {
            width: parent.width
            padding: 16
            spacing: 4
            Label {
                width: parent.width - 32
                horizontalAlignment: Text.AlignHCenter
                wrapMode: Text.Wrap
                font.pixelSize: 17
                font.weight: Font.DemiBold
                text: alert.title
            }
            Label {
                width: parent.width - 32
                visible: alert.message !== ""
                horizontalAlignment: Text.AlignHCenter
                wrapMode: Text.Wrap
                font.pixelSize: 13
                text: alert.message
            }
        }
        Rectangle { width: parent.width; height: 1; color: alert.separatorColor }
        Row {
            width: parent.width
            AlertButton {
                objectName: "alert-cancel"
                text: alert.cancelText
                role: Pipeline.ButtonRole.Cancel
                font.weight: Font.DemiBold
            }
            Rectangle { width: 1; height: alert.buttonHeight; color: alert.separatorColor }
            AlertButton {
                objectName: "alert-confirm"
                text: alert.confirmText
                role: Pipeline.ButtonRole.Done
                textColor: alert.destructive ? alert.destructiveColor : alert.tintColor
            }
        }
    }

    component AlertButton: AbstractButton {
        property int role
        property color textColor: alert.tintColor
        width: (alert.width - 1) / 2
        implicitHeight: alert.buttonHeight
        font.pixelSize: 17
        contentItem: Text {
            text: parent.text
            font: parent.font
            color: parent.textColor
            horizontalAlignment: Text.AlignHCenter
            verticalAlignment: Text.AlignVCenter
        }
        background: Rectangle { color: parent.pressed ? Qt.darker(alert.alertColor, 1.08) : "transparent" }
        onClicked: held.button(role)
    }

    Presentation {
        id: held
        item: alert.contentItem
        name: alert.name
        fields: ({style: "alert"})
        onDismissed: (source, resolution) => {
            alert.close()
            if (source === Pipeline.DismissalSource.DoneButton) alert.confirmed()
            else alert.cancelled()
        }
    }

    onAboutToShow: {
        if (!held.present()) {
            console.warn("DismissKit Alert:", held.lastError)
            close()
        }
    }
    onClosed: held.remove()
}
