// ConfirmationDialog: the question DismissKit's pipeline asks before unsaved work is lost, as an
// action sheet at the bottom of what it is about (the layout's `questionAnchor`: the sheet at
// its detent, the popover's frame): "Discard your changes?" over full-width rows in one panel,
// Discard Changes (destructive) and Save, and Keep Editing, bold, in a panel of its own below. A Sheet shows it by itself; an app gives its own through the
// Sheet's `confirmation` (any component with `presentation` and `sheet` that opens itself and
// answers with `presentation.confirm(choice)`). Its buttons are labelled and at least 44 pt
// tall; Escape goes through the pipeline, as every other way out does.
import QtQuick
import QtQuick.Controls
import DismissKit

Popup {
    id: dialog

    // The presentation asking, and the sheet it is shown on.
    property Presentation presentation
    property Popup sheet
    //: The question asked before unsaved changes are lost, as the title of an action sheet.
    property string message: qsTr("Discard your changes?")
    //: The question's destructive answer: the changes are thrown away and the sheet or popover closes.
    property string discardText: qsTr("Discard Changes")
    //: The question's answer that saves the changes, then closes.
    property string saveText: qsTr("Save")
    //: The question's answer that keeps the sheet or popover open, changes and all.
    property string keepEditingText: qsTr("Keep Editing")
    property real buttonHeight: Math.max(56, presentation ? presentation.touchTarget : 0)
    property real cornerRadius: 14
    property color groupColor: "#f9f9f9"
    property color separatorColor: "#d1d1d6"
    property color tintColor: "#007aff"
    property color destructiveColor: "#c8102e"
    property color messageColor: "#505055"

    // The answers asked for, in the pipeline's order.
    readonly property var options: presentation ? presentation.question : []

    parent: sheet ? sheet.parent : Overlay.overlay
    modal: true
    dim: true
    closePolicy: Popup.NoAutoClose
    padding: 0
    // Where the pipeline shows the question (in the window's points, as the parent's are): the
    // whole window until it says.
    readonly property rect anchor: presentation && presentation.layout.questionAnchor !== undefined
                                   ? presentation.layout.questionAnchor
                                   : Qt.rect(0, 0, parent ? parent.width : 0, parent ? parent.height : 0)
    width: Math.min(anchor.width - 16, 420)
    x: anchor.x + (anchor.width - width) / 2
    // At the anchor's bottom, and never above the window's top.
    y: Math.max(8, anchor.y + anchor.height - height - 8)
    Overlay.modal: Rectangle { color: "#33000000" }
    background: null
    visible: true

    contentItem: Column {
        spacing: 8
        LayoutMirroring.enabled: Translation.rightToLeft
        LayoutMirroring.childrenInherit: true

        Rectangle {
            width: parent.width
            height: group.height
            radius: dialog.cornerRadius
            color: dialog.groupColor
            clip: true

            Column {
                id: group
                width: parent.width

                Label {
                    objectName: "confirmation-prompt"
                    width: parent.width
                    visible: dialog.message !== ""
                    topPadding: 14
                    bottomPadding: 14
                    leftPadding: 16
                    rightPadding: 16
                    wrapMode: Text.Wrap
                    horizontalAlignment: Text.AlignHCenter
                    font.pixelSize: 15
                    color: dialog.messageColor
                    text: dialog.message
                }
                Repeater {
                    model: dialog.options.filter(choice => choice !== Pipeline.Choice.KeepEditing)
                    delegate: Answer {
                        required property int modelData
                        choice: modelData
                        showsSeparator: true
                    }
                }
            }
        }
        Answer {
            visible: dialog.options.indexOf(Pipeline.Choice.KeepEditing) >= 0
            choice: Pipeline.Choice.KeepEditing
            width: parent.width
            font.weight: Font.DemiBold
            background: Rectangle {
                radius: dialog.cornerRadius
                color: parent.pressed ? Qt.darker(dialog.groupColor, 1.08) : dialog.groupColor
            }
        }
    }

    // One answer: labelled for people, a Pipeline.Choice for the pipeline.
    component Answer: AbstractButton {
        property int choice
        property bool showsSeparator: false
        objectName: "confirmation-" + ["discard", "save", "keepEditing"][choice]
        width: parent ? parent.width : 0
        implicitHeight: dialog.buttonHeight
        font.pixelSize: 20
        text: [dialog.discardText, dialog.saveText, dialog.keepEditingText][choice]
        contentItem: Text {
            text: parent.text
            font: parent.font
            color: parent.choice === Pipeline.Choice.Discard ? dialog.destructiveColor : dialog.tintColor
            horizontalAlignment: Text.AlignHCenter
            verticalAlignment: Text.AlignVCenter
        }
        background: Rectangle {
            color: parent.pressed ? Qt.darker(dialog.groupColor, 1.08) : "transparent"
            Rectangle {
                visible: parent.parent.showsSeparator
                width: parent.width
                height: 1
                color: dialog.separatorColor
            }
        }
        onClicked: dialog.presentation.confirm(choice)
    }
}
