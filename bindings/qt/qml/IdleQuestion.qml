// IdleQuestion: the window's idle rule and its question. When nobody has touched the kiosk for
// `after` less `warning` milliseconds with something presented, it asks "Are you still there?"
// with the whole seconds left to the deadline and a Continue button; a touch, a click or a key
// anywhere answers it (and does nothing else), and it closes. With no answer, at the deadline
// the pipeline dismisses everything presented through the gate, by the rule's `unsaved`
// (Docs/gestures.md "Idle"), and `reset()` says to show the start screen.
//
//   IdleQuestion {
//       rule: ({after: 120000, warning: 20000, unsaved: "keep"})   // milliseconds
//       onReset: stack.pop(null)
//   }
//
// It is drawn above every presentation and an on-screen keyboard put in the overlay (z 1000),
// in the window's room above the keyboard. Its button is at least 56 pt tall (44 at every scale).
import QtQuick
import QtQuick.Controls
import DismissKit

Popup {
    id: question

    // {after, warning: milliseconds; unsaved: "save", "discard" or "keep"}, as the scene's idle
    // rule (whose times are µs): the pipeline checks it, and `lastError` says why it refused one.
    property alias rule: watch.rule
    readonly property alias lastError: watch.lastError
    readonly property alias secondsLeft: watch.secondsLeft
    //: The title of the question a kiosk asks when nobody has touched it for a while.
    property string title: qsTr("Are you still there?")
    // The countdown's words for n seconds: the language's plural, its number in ASCII digits.
    //: Under "Are you still there?": the seconds left before the kiosk closes everything and starts over for the next person.
    property var countdownText: seconds => qsTr("Starting over in %n seconds.", "", seconds)
    //: The idle question's button: the person is still there and goes on.
    property string continueText: qsTr("Continue")
    property real buttonHeight: Math.max(56, watch.touchTarget)
    property real cornerRadius: 14
    property color panelColor: "#f9f9f9"
    property color tintColor: "#007aff"
    property color textColor: "#000000"
    property color messageColor: "#3c3c43"

    // Everything presented was dismissed at the deadline: show the start screen.
    signal reset()

    parent: Overlay.overlay
    z: 2000
    modal: true
    dim: true
    closePolicy: Popup.NoAutoClose
    enter: Transition {}
    exit: Transition {}
    visible: watch.asking
    padding: 20
    width: Math.min(parent ? parent.width - 32 : 0, 360)
    x: parent ? (parent.width - width) / 2 : 0
    // Centred in the room above the on-screen keyboard.
    y: parent ? Math.max(8, (parent.height - watch.keyboardHeight - height) / 2) : 0
    Overlay.modal: Rectangle { color: "#66000000" }
    background: Rectangle {
        radius: question.cornerRadius
        color: question.panelColor
        Accessible.role: Accessible.AlertMessage
        Accessible.name: question.title
    }

    contentItem: Column {
        spacing: 12
        LayoutMirroring.enabled: Translation.rightToLeft
        LayoutMirroring.childrenInherit: true

        Label {
            objectName: "idleTitle"
            width: parent.width
            wrapMode: Text.Wrap
            horizontalAlignment: Text.AlignHCenter
            font.pixelSize: 22
            font.weight: Font.DemiBold
            color: question.textColor
            text: question.title
        }
        Label {
            objectName: "idleCountdown"
            width: parent.width
            wrapMode: Text.Wrap
            horizontalAlignment: Text.AlignHCenter
            font.pixelSize: 17
            color: question.messageColor
            text: question.countdownText(watch.secondsLeft)
        }
        AbstractButton {
            objectName: "idleContinue"
            width: parent.width
            implicitHeight: question.buttonHeight
            font.pixelSize: 20
            font.weight: Font.DemiBold
            text: question.continueText
            // A touch or a click here reaches the window's host first, which answers; this is
            // for the keyboard's and assistive technologies' press.
            onClicked: watch.stay()
            contentItem: Text {
                text: parent.text
                font: parent.font
                color: "#ffffff"
                horizontalAlignment: Text.AlignHCenter
                verticalAlignment: Text.AlignVCenter
            }
            background: Rectangle {
                radius: question.cornerRadius - 4
                color: question.tintColor
            }
        }
    }

    IdleRule {
        id: watch
        item: question.parent
        onReset: question.reset()
    }
}
