// SheetHeader (internal to the module): a sheet's title and its Cancel and Done buttons, over the
// header at its top, for a Sheet and an adapted Popover. Not in a popup's background: the popup's
// own item, which takes every press it is given, is stacked above its background, so a button
// there is never pressed. Cancel and Done go through the pipeline (its cancel and done buttons).
// Cancel is at the leading side, Done at the trailing: mirrored in a right-to-left language.
import QtQuick
import QtQuick.Controls
import DismissKit

Item {
    id: header

    required property Presentation presentation
    property string title: ""
    // A button is shown when its text is set.
    property string cancelText: ""
    property string doneText: ""
    property color tintColor: "#007aff"

    LayoutMirroring.enabled: Translation.rightToLeft
    LayoutMirroring.childrenInherit: true

    Label {
        objectName: "sheetTitle"
        text: header.title
        anchors.horizontalCenter: parent.horizontalCenter
        anchors.verticalCenter: parent.verticalCenter
        anchors.verticalCenterOffset: 4
        font.pixelSize: 17
        font.weight: Font.DemiBold
        color: "#000000"
        Accessible.role: Accessible.Heading
    }
    HeaderButton {
        objectName: "cancelButton"
        text: header.cancelText
        anchors.left: parent.left
        anchors.leftMargin: 8
        onClicked: header.presentation.button(Pipeline.ButtonRole.Cancel)
    }
    HeaderButton {
        objectName: "doneButton"
        text: header.doneText
        anchors.right: parent.right
        anchors.rightMargin: 8
        font.weight: Font.DemiBold
        onClicked: header.presentation.button(Pipeline.ButtonRole.Done)
    }

    // A tap on it leaves the focus where it is (a text field keeps its keyboard): the pipeline
    // decides when the keyboard goes.
    component HeaderButton: AbstractButton {
        visible: text !== ""
        focusPolicy: Qt.NoFocus
        anchors.verticalCenter: parent.verticalCenter
        anchors.verticalCenterOffset: 4
        implicitWidth: Math.max(header.presentation.touchTarget, label.implicitWidth + 16)
        implicitHeight: header.presentation.touchTarget
        font.pixelSize: 17
        contentItem: Text {
            id: label
            text: parent.text
            font: parent.font
            color: header.tintColor
            opacity: parent.pressed ? 0.4 : 1
            horizontalAlignment: Text.AlignHCenter
            verticalAlignment: Text.AlignVCenter
        }
    }
}
