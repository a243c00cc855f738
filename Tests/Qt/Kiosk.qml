// The QtTest suite's kiosk: a DismissArea over the window holding a sheet whose content is a
// Flickable that reports its offset to the pipeline (host-owned scrolling); while the sheet has
// the finger, the area has the touches and the Flickable stops.
import QtQuick
import DismissKit

DismissArea {
    id: area
    objectName: "area"
    width: 800
    height: 600

    Rectangle {
        objectName: "sheet"
        y: 40 + area.sheetOffset
        width: parent.width
        height: parent.height - 40
        color: "white"

        Flickable {
            id: list
            objectName: "list"
            y: 56
            width: parent.width
            height: parent.height - 56
            contentHeight: 4000
            boundsBehavior: Flickable.StopAtBounds
            onContentYChanged: area.reportContentOffset("compose", Math.max(0, contentY))
            Column {
                Repeater {
                    model: 100
                    Rectangle { width: 800; height: 40; color: index % 2 ? "#eee" : "#ddd" }
                }
            }
        }
    }
}
