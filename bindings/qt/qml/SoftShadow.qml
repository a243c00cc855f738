// SoftShadow (internal to the module): a soft shadow around a rounded panel, the size of this
// item, a little below it: rings of faint black, fainter outward (Qt 6.4's software renderer,
// which the offscreen platform uses, has no blur).
import QtQuick

Item {
    id: shadow

    property real radius: 0
    // How far it reaches beyond the panel, and how dark it is at the panel's edge.
    property real spread: 12
    property real strength: 0.18

    Repeater {
        model: 8
        Rectangle {
            required property int index
            readonly property real grow: shadow.spread * (index + 1) / 8
            x: -grow
            y: -grow + shadow.spread / 4
            width: shadow.width + 2 * grow
            height: shadow.height + 2 * grow
            radius: shadow.radius + grow
            color: "#000000"
            opacity: shadow.strength / 8
        }
    }
}
