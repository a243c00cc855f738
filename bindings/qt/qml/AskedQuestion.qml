// AskedQuestion (internal to the module): shows the `confirmation` component's object while the
// presentation's pipeline asks its question, and takes it away once it is answered. Sheet and
// Popover each hold one.
import QtQml
import DismissKit

QtObject {
    id: asked

    required property Presentation presentation
    // What asks: the Sheet or Popover, given to the confirmation as its `sheet`.
    required property QtObject owner
    required property Component confirmation

    // The confirmation's object while the question is open.
    property QtObject shown: null

    readonly property Connections watching: Connections {
        target: asked.presentation
        function onQuestionChanged() {
            if (asked.presentation.question.length > 0 && !asked.shown) {
                asked.shown = asked.confirmation.createObject(asked.owner, {presentation: asked.presentation, sheet: asked.owner})
            } else if (asked.presentation.question.length === 0 && asked.shown) {
                asked.shown.close()
                asked.shown.destroy()
                asked.shown = null
            }
        }
    }
}
