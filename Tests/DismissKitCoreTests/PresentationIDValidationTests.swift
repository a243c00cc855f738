import Testing
@testable import DismissKitCore

/// ``PresentationIDRule`` on a scene built in Swift, and the messages that name such an id. At
/// the doors of text (a scene's, a command's): `PresentationIDRuleTests` in the edges' tests.
@Suite struct PresentationIDValidationTests {
    @Test func aSceneBuiltInSwiftIsHeldToTheSameRule() {
        let scene = Scene(presentations: [Presentation(id: "a", style: .sheet), Presentation(id: "a\u{0}b", style: .sheet)])
        #expect(throws: SceneValidationError(presentationIndex: 1, presentationID: "a\u{0}b",
                                             reason: "a presentation id holds no control character, this one has U+0000")) {
            try scene.validate()
        }
    }

    @Test func messagesCarryAControlCharacterWhole() {
        let error = SceneValidationError(presentationIndex: 0, presentationID: "a\u{0}b\u{1B}", reason: "r")
        #expect(error.description == #"presentation "a\u{00}b\u{1B}": r"#)
        #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 })
    }
}
