import Testing
@testable import DismissKit
@testable import DismissKitCore

@Suite struct HostCommandParserTests {
    /// Well-formed commands and what they mean.
    static let commands: [(name: String, line: String, command: HostCommand)] = [
        ("remove", #"{"type": "remove", "presentation": "share"}"#, .remove(presentation: "share")),
        ("confirm discard", #"{"type": "confirm", "presentation": "compose", "choice": "discard"}"#, .confirm(presentation: "compose", .discard)),
        ("confirm save", #"{"type":"confirm","presentation":"compose","choice":"save"}"#, .confirm(presentation: "compose", .save)),
        ("confirm keep editing", #"{"choice":"keepEditing","presentation":"compose","type":"confirm"}"#, .confirm(presentation: "compose", .keepEditing)),
        ("cancel button", #"{"type": "button", "presentation": "compose", "role": "cancel"}"#, .button(presentation: "compose", .cancel)),
        ("done button", #"{"type": "button", "presentation": "compose", "role": "done"}"#, .button(presentation: "compose", .done)),
        ("accessibility escape", #"{"type": "accessibility", "presentation": "a", "action": "escape"}"#, .accessibility(presentation: "a", .escape)),
        ("next detent", #"{"type": "accessibility", "presentation": "a", "action": "nextDetent"}"#, .accessibility(presentation: "a", .nextDetent)),
        ("previous detent", #"{"type": "accessibility", "presentation": "a", "action": "previousDetent"}"#, .accessibility(presentation: "a", .previousDetent)),
        ("programmatic dismiss", #"{"type": "dismiss", "presentation": "compose"}"#, .dismiss(presentation: "compose")),
        ("screen", #"{"type": "screen", "width": 800, "height": 1280, "widthMM": 136, "heightMM": 217}"#,
         .screen(ScreenSize(width: 800, height: 1280, widthMM: 136, heightMM: 217))),
        ("update unsaved", #"{"type": "update", "presentation": "compose", "unsavedChanges": false}"#,
         .update(presentation: "compose", PresentationUpdate(unsavedChanges: false))),
        ("update nested offset", #"{"type": "update", "presentation": "c", "content": {"offset": 120.5}}"#,
         .update(presentation: "c", PresentationUpdate(contentOffset: 120.5))),
        ("update flat offset", #"{"type": "update", "presentation": "c", "contentOffset": 0}"#,
         .update(presentation: "c", PresentationUpdate(contentOffset: 0))),
        ("update everything", #"{"type": "update", "presentation": "c", "unsavedChanges": true, "selectedDetent": 300, "dismissible": false, "content": {"offset": 4}}"#,
         .update(presentation: "c", PresentationUpdate(unsavedChanges: true, contentOffset: 4, selectedDetent: .custom(300), dismissible: false))),
        ("update nothing", #"{"type": "update", "presentation": "c"}"#, .update(presentation: "c", PresentationUpdate())),
        ("update every other field", #"{"type": "update", "presentation": "c", "style": "formSheet", "detents": ["medium", 500], "grabber": true, "headerHeight": 30, "modal": false, "tapOutside": "passthrough", "frame": {"x": 1, "y": 2, "width": 3, "height": 4}, "anchor": {"x": 5, "y": 6, "width": 7, "height": 8}, "passthrough": [{"x": 0, "y": 0, "width": 9, "height": 9}]}"#,
         .update(presentation: "c", {
             var update = PresentationUpdate()
             update.style = .formSheet
             update.detents = [.medium, .custom(500)]
             update.grabber = true
             update.headerHeight = 30
             update.modal = false
             update.tapOutside = .some(.passthrough)
             update.frame = .some(Rect(x: 1, y: 2, width: 3, height: 4))
             update.anchor = .some(Rect(x: 5, y: 6, width: 7, height: 8))
             update.passthrough = [Rect(x: 0, y: 0, width: 9, height: 9)]
             return update
         }())),
        ("update removing overrides", #"{"type": "update", "presentation": "c", "tapOutside": null, "frame": null, "anchor": null}"#,
         .update(presentation: "c", {
             var update = PresentationUpdate()
             update.tapOutside = .some(nil)
             update.frame = .some(nil)
             update.anchor = .some(nil)
             return update
         }())),
        ("escape key", #"{"type": "key", "key": "escape"}"#, .key(.escape)),
        ("present", #"{"type": "present", "presentation": {"id": "warn", "style": "alert"}}"#,
         .present(Presentation(id: "warn", style: .alert))),
        ("present popover", #"{"type": "present", "presentation": {"id": "p", "style": "popover", "modal": false, "frame": {"x": 1, "y": 2, "width": 3, "height": 4}}}"#,
         .present(Presentation(id: "p", style: .popover, modal: false, frame: Rect(x: 1, y: 2, width: 3, height: 4)))),
        ("scene", #"{"type": "scene", "scene": {"compactWidth": 700, "presentations": [{"id": "s", "style": "sheet", "detents": ["medium"]}]}}"#,
         .scene(Scene(presentations: [Presentation(id: "s", style: .sheet, detents: [.medium])], compactWidth: 700))),
        ("empty scene", #"{"type": "scene", "scene": {}}"#, .scene(Scene())),
    ]

    @Test(arguments: commands.map(\.name))
    func parses(name: String) throws {
        let example = try #require(Self.commands.first { $0.name == name })
        #expect(try HostCommandParser.parse(example.line) == example.command)
    }

    /// Malformed commands and the exact reason given.
    static let malformed: [(name: String, line: String, reason: String)] = [
        ("not JSON", "confirm compose", "expected a JSON value, found 'confirm'"),
        ("truncated", #"{"type": "confirm", "presentation": "#, "expected a JSON value, found end of input"),
        ("not an object", "[]", "expected an object, found an array"),
        ("no type", #"{"presentation": "a"}"#, "missing key \"type\""),
        ("screen without a height", #"{"type": "screen", "width": 800, "widthMM": 136, "heightMM": 217}"#, "missing key \"height\""),
        ("screen of no width", #"{"type": "screen", "width": 0, "height": 1280, "widthMM": 136, "heightMM": 217}"#,
         "width: expected a positive number"),
        ("screen with an unknown key", #"{"type": "screen", "width": 8, "height": 12, "widthMM": 1, "heightMM": 2, "dpi": 3}"#,
         "unknown key \"dpi\""),
        ("unknown type", #"{"type": "close", "presentation": "a"}"#,
         #"type: expected "scene", "present", "remove", "update", "confirm", "button", "accessibility", "dismiss", "key", "screen", "keyboard" or "tick", found "close""#),
        ("no presentation", #"{"type": "dismiss"}"#, "missing key \"presentation\""),
        ("presentation not a string", #"{"type": "dismiss", "presentation": 3}"#, "presentation: expected a string, found a number"),
        ("bad choice", #"{"type": "confirm", "presentation": "a", "choice": "Discard"}"#,
         #"choice: expected "discard", "save" or "keepEditing", found "Discard""#),
        ("no choice", #"{"type": "confirm", "presentation": "a"}"#, "missing key \"choice\""),
        ("bad role", #"{"type": "button", "presentation": "a", "role": "ok"}"#, #"role: expected "cancel" or "done", found "ok""#),
        ("bad action", #"{"type": "accessibility", "presentation": "a", "action": 1}"#,
         #"action: expected "escape", "nextDetent" or "previousDetent", found a number"#),
        ("unknown key", #"{"type": "dismiss", "presentation": "a", "animated": true}"#, "unknown key \"animated\""),
        ("key of another command", #"{"type": "remove", "presentation": "a", "choice": "save"}"#, "unknown key \"choice\""),
        ("update unknown field", #"{"type": "update", "presentation": "a", "colour": "red"}"#, "unknown key \"colour\""),
        ("update of the id", #"{"type": "update", "presentation": "a", "id": "b"}"#, "an update cannot change a presentation's id"),
        ("update of the idle rule", #"{"type": "update", "presentation": "a", "idle": {"after": 5, "warning": 1, "unsaved": "keep"}}"#,
         "an update changes a presentation, and the idle rule is the scene's: give it in a scene command"),
        ("tick with a field", #"{"type": "tick", "time": 5}"#, "unknown key \"time\""),
        ("update bad style", #"{"type": "update", "presentation": "a", "style": "drawer"}"#,
         #"style: expected "sheet", "pageSheet", "formSheet", "automatic", "popover", "fullScreen", "currentContext" or "alert", found "drawer""#),
        ("unknown key name", #"{"type": "key", "key": "enter"}"#, #"key: expected "escape", found "enter""#),
        ("update bad detent", #"{"type": "update", "presentation": "a", "selectedDetent": "small"}"#,
         #"selectedDetent: expected "medium", "large" or a number"#),
        ("update both offsets", #"{"type": "update", "presentation": "a", "contentOffset": 1, "content": {"offset": 1}}"#,
         "give either content.offset or contentOffset, not both"),
        ("update bad bool", #"{"type": "update", "presentation": "a", "unsavedChanges": "yes"}"#,
         "unsavedChanges: expected true or false, found a string"),
        ("present by id", #"{"type": "present", "presentation": "a"}"#, "presentation: expected an object, found a string"),
        ("present bad presentation", #"{"type": "present", "presentation": {"id": "a", "style": "sheet", "detents": ["medium"], "selectedDetent": "large"}}"#,
         #"presentation "a": selectedDetent must be one of its detents"#),
        ("present unknown key", #"{"type": "present", "presentation": {"id": "a", "style": "sheet", "unsaved": true}}"#,
         "presentation: unknown key \"unsaved\""),
        ("scene breaking a stack rule", #"{"type": "scene", "scene": {"presentations": [{"id": "a", "style": "sheet"}, {"id": "a", "style": "sheet"}]}}"#,
         #"scene: presentation "a": the id is already used by a presentation below it"#),
        ("scene with a timeline", #"{"type": "scene", "scene": {"timeline": []}}"#, "scene: unknown key \"timeline\""),
        ("scene inline", #"{"type": "scene", "presentations": []}"#, "missing key \"scene\""),
        ("id too long", #"{"type": "dismiss", "presentation": "\#(String(repeating: "é", count: 129))"}"#,
         "presentation: a presentation id is at most 256 bytes, this one 258"),
        ("presented id too long", #"{"type": "present", "presentation": {"id": "\#(String(repeating: "x", count: 257))", "style": "sheet"}}"#,
         "presentation.id: a presentation id is at most 256 bytes, this one 257"),
    ]

    @Test func acceptsAnIDOfTheLongestLength() throws {
        let id = String(repeating: "x", count: InputLimits.maximumPresentationIDLength)
        #expect(try HostCommandParser.parse(#"{"type": "dismiss", "presentation": "\#(id)"}"#) == .dismiss(presentation: id))
    }

    @Test(arguments: malformed.map(\.name))
    func rejects(name: String) throws {
        let example = try #require(Self.malformed.first { $0.name == name })
        #expect(throws: JSONInputError(line: 1, reason: example.reason)) {
            try HostCommandParser.parse(example.line)
        }
    }
}
