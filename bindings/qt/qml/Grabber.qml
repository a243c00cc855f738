// Grabber (internal to the module): a sheet's grabber (a Sheet's, an adapted Popover's), where
// the pipeline's layout has it (and takes a touch on it), on the sheet as drawn. For assistive
// technologies, as a tap and a drag are for a finger: pressing it goes to the next detent,
// increasing and decreasing to the next larger and smaller.
import QtQuick
import DismissKit

Rectangle {
    required property Presentation presentation
    // The presentation's layout as last drawn (its `frame` and `grabber`).
    required property var layout

    objectName: "grabber"
    Accessible.role: Accessible.Button
    //: The accessible name of a sheet's grabber, the short bar at its top edge.
    Accessible.name: qsTr("Resize")
    //: The accessible description of a sheet's grabber.
    Accessible.description: qsTr("Tap or drag to change the size.")
    Accessible.onPressAction: presentation.accessibility(Pipeline.AccessibilityAction.NextDetent)
    Accessible.onIncreaseAction: presentation.accessibility(Pipeline.AccessibilityAction.NextDetent)
    Accessible.onDecreaseAction: presentation.accessibility(Pipeline.AccessibilityAction.PreviousDetent)
    x: visible ? layout.grabber.x - layout.frame.x : 0
    y: visible ? layout.grabber.y - layout.frame.y : 0
    width: visible ? layout.grabber.width : 0
    height: visible ? layout.grabber.height : 0
    radius: height / 2
    color: "#c7c7cc"
}
