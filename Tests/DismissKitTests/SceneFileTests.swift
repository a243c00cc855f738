import Foundation
import Testing
@testable import DismissKit
@testable import DismissKitCore

@Suite struct SceneFileTests {
    /// The example of SPEC section 3, laid out one presentation per line range.
    static let specExample = """
    {
      "screen": {"width": 1280, "height": 800, "widthMM": 217, "heightMM": 136},
      "presentations": [
        {"id": "compose", "style": "sheet", "detents": ["medium", "large"],
         "selectedDetent": "large", "grabber": true, "headerHeight": 56,
         "content": {"offset": 0}, "modal": true, "unsavedChanges": true},
        {"id": "share", "style": "popover", "frame": {"x": 900, "y": 60, "width": 320, "height": 400},
         "anchor": {"x": 1180, "y": 10, "width": 44, "height": 44}, "modal": false,
         "passthrough": [{"x": 1100, "y": 10, "width": 180, "height": 44}]}
      ],
      "timeline": [{"time": 2500000, "command": {"type": "confirm", "presentation": "compose", "choice": "discard"}}]
    }
    """

    @Test func parsesTheSpecExample() throws {
        let file = try SceneFile.parse(Self.specExample, path: "example.json")
        let compose = Presentation(
            id: "compose", style: .sheet, detents: [.medium, .large], selectedDetent: .large, grabber: true,
            headerHeight: 56, contentOffset: 0, modal: true, unsavedChanges: true
        )
        let share = Presentation(
            id: "share", style: .popover, modal: false,
            frame: Rect(x: 900, y: 60, width: 320, height: 400),
            anchor: Rect(x: 1180, y: 10, width: 44, height: 44),
            passthrough: [Rect(x: 1100, y: 10, width: 180, height: 44)]
        )
        #expect(file.scene == Scene(
            screen: ScreenSize(width: 1280, height: 800, widthMM: 217, heightMM: 136),
            presentations: [compose, share]
        ))
        #expect(file.timeline == [TimedCommand(time: 2_500_000, command: .confirm(presentation: "compose", .discard), line: 11)])
    }

    @Test func appliesDefaultsWhenFieldsAreAbsent() throws {
        let file = try SceneFile.parse(#"{"presentations": [{"id": "a", "style": "formSheet"}]}"#, path: "s.json")
        #expect(file.scene.screen == .standard)
        #expect(file.scene.compactWidth == 600)
        #expect(file.scene.topInset == 40)
        #expect(file.timeline.isEmpty)
        let presentation = try #require(file.scene.presentations.first)
        #expect(presentation == Presentation(id: "a", style: .formSheet))
        #expect(presentation.detents == [.large])
        #expect(presentation.selectedDetent == .large)
        #expect(presentation.headerHeight == 56)
        #expect(presentation.modal && presentation.dismissible && !presentation.unsavedChanges && !presentation.grabber)
        #expect(presentation.tapOutside == nil)
        #expect(try SceneFile.parse("{}", path: "s.json") == SceneFile(scene: Scene()))
    }

    @Test func readsEveryOptionalField() throws {
        let text = """
        {"screen": {"width": 390, "height": 844, "widthMM": 64, "heightMM": 139},
         "compactWidth": 500, "topInset": 50,
         "presentations": [{"id": "p", "style": "pageSheet", "detents": [200, "medium"], "selectedDetent": 200,
           "contentOffset": 12.5, "dismissible": false, "tapOutside": "passthrough", "modal": true, "headerHeight": 0}]}
        """
        let scene = try SceneFile.parse(text, path: "s.json").scene
        #expect(scene.compactWidth == 500)
        #expect(scene.topInset == 50)
        #expect(scene.presentations == [Presentation(
            id: "p", style: .pageSheet, detents: [.custom(200), .medium], selectedDetent: .custom(200), headerHeight: 0,
            contentOffset: 12.5, modal: true, dismissible: false, tapOutside: .passthrough
        )])
    }

    @Test func selectedDetentDefaultsToTheLastListed() throws {
        let scene = try SceneFile.parse(#"{"presentations": [{"id": "a", "style": "sheet", "detents": ["large", "medium"]}]}"#, path: "s").scene
        #expect(scene.presentations.first?.selectedDetent == .medium)
    }

    /// Bad scene files: the line of the error and its exact reason.
    static let malformed: [(name: String, text: String, line: Int, reason: String)] = [
        ("not an object", "[]", 1, "expected an object, found an array"),
        ("unknown top-level key", "{\n\"screen\": {\"width\": 1, \"height\": 1, \"widthMM\": 1, \"heightMM\": 1},\n\"presentation\": []}", 3,
         "unknown key \"presentation\""),
        ("unknown presentation key", "{\"presentations\": [\n{\"id\": \"a\", \"style\": \"sheet\",\n \"detent\": \"large\"}]}", 3,
         "presentations[0]: unknown key \"detent\""),
        ("missing id", "{\"presentations\": [\n{\"style\": \"sheet\"}]}", 2, "presentations[0]: missing key \"id\""),
        ("unknown style", "{\"presentations\": [{\"id\": \"a\",\n\"style\": \"drawer\"}]}", 2,
         "presentations[0].style: expected \"sheet\", \"pageSheet\", \"formSheet\", \"automatic\", \"popover\", \"fullScreen\", \"currentContext\" or \"alert\", found \"drawer\""),
        ("bad detent", "{\"presentations\": [{\"id\": \"a\", \"style\": \"sheet\"},\n{\"id\": \"b\", \"style\": \"sheet\", \"detents\": [\n\"small\"]}]}", 3,
         "presentations[1].detents[0]: expected \"medium\", \"large\" or a number"),
        ("zero custom detent", "{\"presentations\": [{\"id\": \"a\", \"style\": \"sheet\", \"detents\": [0]}]}", 1,
         "presentations[0].detents[0]: a custom detent must be a positive height"),
        ("string for a number", "{\"presentations\": [{\"id\": \"a\", \"style\": \"sheet\",\n\"headerHeight\": \"56\"}]}", 2,
         "presentations[0].headerHeight: expected a number, found a string"),
        ("bad tapOutside", "{\"presentations\": [{\"id\": \"a\", \"style\": \"sheet\", \"tapOutside\": \"close\"}]}", 1,
         "presentations[0].tapOutside: expected \"dismiss\", \"ignore\" or \"passthrough\", found \"close\""),
        ("unknown content key", "{\"presentations\": [{\"id\": \"a\", \"style\": \"sheet\", \"content\": {\"offset\": 0,\n\"inset\": 3}}]}", 2,
         "presentations[0].content: unknown key \"inset\""),
        ("both offset spellings", "{\"presentations\": [\n{\"id\": \"a\", \"style\": \"sheet\", \"content\": {\"offset\": 0}, \"contentOffset\": 0}]}", 2,
         "presentations[0]: give either content.offset or contentOffset, not both"),
        ("rect missing a field", "{\"presentations\": [{\"id\": \"a\", \"style\": \"popover\",\n\"frame\": {\"x\": 0, \"y\": 0, \"width\": 10}}]}", 2,
         "presentations[0].frame: missing key \"height\""),
        ("negative screen width", "{\"screen\": {\"width\": 1280, \"height\": 800,\n\"widthMM\": -1, \"heightMM\": 136}}", 2,
         "screen.widthMM: expected a positive number"),
        ("unknown screen key", "{\"screen\": {\"width\": 1280, \"height\": 800, \"widthMM\": 217, \"heightMM\": 136,\n\"dpi\": 160}}", 2,
         "screen: unknown key \"dpi\""),
        ("timeline out of order", "{\"timeline\": [\n{\"time\": 20, \"command\": {\"type\": \"dismiss\", \"presentation\": \"a\"}},\n{\"time\": 10, \"command\": {\"type\": \"dismiss\", \"presentation\": \"a\"}}]}", 3,
         "timeline[1].time: 10 is earlier than the entry before it (20); list the timeline in time order"),
        ("negative time", "{\"timeline\": [{\"time\": -1, \"command\": {\"type\": \"dismiss\", \"presentation\": \"a\"}}]}", 1,
         "timeline[0].time: expected a time of 0 or more microseconds"),
        ("fractional time", "{\"timeline\": [{\"time\": 2.5, \"command\": {\"type\": \"dismiss\", \"presentation\": \"a\"}}]}", 1,
         "timeline[0].time: expected a whole number, found 2.5"),
        ("bad timeline command", "{\"timeline\": [{\"time\": 1,\n\"command\": {\"type\": \"confirm\", \"presentation\": \"a\",\n\"choice\": \"yes\"}}]}", 3,
         "timeline[0].command.choice: expected \"discard\", \"save\" or \"keepEditing\", found \"yes\""),
        ("unknown timeline entry key", "{\"timeline\": [{\"time\": 1, \"at\": 2, \"command\": {\"type\": \"dismiss\", \"presentation\": \"a\"}}]}", 1,
         "timeline[0]: unknown key \"at\""),
        ("JSON syntax", "{\"presentations\": [\n{\"id\": \"a\", \"style\": \"sheet\"}\n{\"id\": \"b\"}]}", 3, "expected ',' or ']', found '{'"),
    ]

    @Test(arguments: malformed.map(\.name))
    func rejectsMalformedFiles(name: String) throws {
        let example = try #require(Self.malformed.first { $0.name == name })
        #expect(throws: InputFileError(.malformed, path: "bad.json", line: example.line, reason: example.reason)) {
            try SceneFile.parse(example.text, path: "bad.json")
        }
    }

    /// Stack and presentation rule violations: the presentations (one per line, the
    /// offending one on `line`) and the exact message naming it.
    static let violations: [(name: String, presentations: [String], line: Int, reason: String)] = [
        ("two popovers", [
            #"{"id": "a", "style": "popover", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}"#,
            #"{"id": "b", "style": "popover", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}"#,
        ], 3, #"presentation "b": at most one popover may be presented, and "a" is one"#),
        ("sheet above a popover", [
            #"{"id": "root", "style": "fullScreen"}"#,
            #"{"id": "share", "style": "popover", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}"#,
            #"{"id": "compose", "style": "sheet"}"#,
        ], 4, #"presentation "compose": nothing but an alert may be presented above a popover ("share")"#),
        ("non-modal sheet without medium", [
            #"{"id": "drawer", "style": "sheet", "modal": false, "detents": ["large"]}"#,
        ], 2, #"presentation "drawer": a non-modal sheet needs a medium detent"#),
        ("non-modal current context without medium", [
            #"{"id": "ctx", "style": "currentContext", "modal": false}"#,
        ], 2, #"presentation "ctx": a non-modal sheet needs a medium detent"#),
        ("duplicate id", [
            #"{"id": "a", "style": "sheet"}"#,
            #"{"id": "b", "style": "sheet"}"#,
            #"{"id": "a", "style": "alert"}"#,
        ], 4, #"presentation "a": the id is already used by a presentation below it"#),
        ("selected detent not offered", [
            #"{"id": "a", "style": "sheet", "detents": ["medium"], "selectedDetent": "large"}"#,
        ], 2, #"presentation "a": selectedDetent must be one of its detents"#),
        ("empty detents", [
            #"{"id": "a", "style": "sheet", "detents": []}"#,
        ], 2, #"presentation "a": detents must not be empty"#),
        ("negative header height", [
            #"{"id": "a", "style": "sheet", "headerHeight": -1}"#,
        ], 2, #"presentation "a": headerHeight must be 0 or more, up to 1000000000"#),
        ("negative content offset", [
            #"{"id": "a", "style": "sheet", "content": {"offset": -3}}"#,
        ], 2, #"presentation "a": content.offset must be 0 or more, up to 1000000000"#),
        ("popover without frame", [
            #"{"id": "p", "style": "popover"}"#,
        ], 2, #"presentation "p": a popover needs a frame"#),
        ("empty frame", [
            #"{"id": "f", "style": "formSheet", "frame": {"x": 0, "y": 0, "width": 0, "height": 10}}"#,
        ], 2, #"presentation "f": frame must have coordinates within ±1000000000 and a positive width and height"#),
        ("alert dismissed by tap outside", [
            #"{"id": "warn", "style": "alert", "tapOutside": "dismiss"}"#,
        ], 2, #"presentation "warn": an alert ignores taps outside it; remove tapOutside"#),
        ("alert told to ignore taps outside", [
            #"{"id": "warn", "style": "alert", "tapOutside": "ignore"}"#,
        ], 2, #"presentation "warn": an alert ignores taps outside it; remove tapOutside"#),
        ("full screen with a tap override", [
            #"{"id": "player", "style": "fullScreen", "tapOutside": "dismiss"}"#,
        ], 2, #"presentation "player": a full-screen presentation has nothing outside it to tap; remove tapOutside"#),
        ("non-modal sheet with a tap override", [
            #"{"id": "list", "style": "sheet", "detents": ["medium"], "modal": false, "tapOutside": "dismiss"}"#,
        ], 2, #"presentation "list": touches outside a non-modal sheet belong to the content below it; remove tapOutside"#),
        ("empty id", [
            #"{"id": "", "style": "sheet"}"#,
        ], 2, #"presentations[0].id: a presentation id must not be empty"#),
    ]

    @Test(arguments: violations.map(\.name))
    func namesThePresentationThatBreaksARule(name: String) throws {
        let example = try #require(Self.violations.first { $0.name == name })
        let text = "{\"presentations\": [\n" + example.presentations.joined(separator: ",\n") + "\n]}"
        #expect(throws: InputFileError(.malformed, path: "scene.json", line: example.line, reason: example.reason)) {
            try SceneFile.parse(text, path: "scene.json")
        }
    }

    @Test func allowsAnAlertAbovePopover() throws {
        let text = """
        {"presentations": [
          {"id": "share", "style": "popover", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}},
          {"id": "warn", "style": "alert"}
        ]}
        """
        #expect(try SceneFile.parse(text, path: "s").scene.presentations.map(\.id) == ["share", "warn"])
    }

    @Test func validatesScenesBuiltInSwift() {
        var scene = Scene(presentations: [Presentation(id: "a", style: .sheet), Presentation(id: "a", style: .sheet)])
        #expect(throws: SceneValidationError(presentationIndex: 1, presentationID: "a", reason: "the id is already used by a presentation below it")) {
            try scene.validate()
        }
        scene.presentations = [Presentation(id: "a", style: .sheet, detents: [.custom(-5)], selectedDetent: .custom(-5))]
        #expect(throws: SceneValidationError(presentationIndex: 0, presentationID: "a", reason: "a custom detent must be a positive height, up to 1000000000")) {
            try scene.validate()
        }
        scene = Scene(screen: ScreenSize(width: 0, height: 800, widthMM: 217, heightMM: 136))
        #expect(throws: SceneValidationError(presentationIndex: nil, presentationID: nil, reason: "screen width must be a number from 1 to 100000")) {
            try scene.validate()
        }
        scene = Scene(topInset: 900)
        #expect(throws: SceneValidationError.self) { try scene.validate() }
        #expect(SceneValidationError(presentationIndex: 0, presentationID: "share", reason: "x").description == #"presentation "share": x"#)
        #expect(SceneValidationError(presentationIndex: nil, presentationID: nil, reason: "y").description == "y")
    }

    @Test func reportsATopInsetOnTheScreenLine() {
        let text = "{\n\"screen\": {\"width\": 1280, \"height\": 800, \"widthMM\": 217, \"heightMM\": 136},\n\"topInset\": 800}"
        #expect(throws: InputFileError(.malformed, path: "s", line: 2, reason: "topInset must be 0 or more and less than the screen height")) {
            try SceneFile.parse(text, path: "s")
        }
    }

    @Test func loadsFromDiskAndReportsMissingFiles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scenefile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let good = directory.appendingPathComponent("good.json")
        try Data(Self.specExample.utf8).write(to: good)
        #expect(try SceneFile.load(path: good.path) == SceneFile.parse(Self.specExample, path: "other"))

        let missing = directory.appendingPathComponent("missing.json").path
        #expect(throws: InputFileError(.unreadable, path: missing, reason: "no such file")) {
            try SceneFile.load(path: missing)
        }

        let binary = directory.appendingPathComponent("binary.json")
        try Data([0x7B, 0xFF, 0x7D]).write(to: binary)
        #expect(throws: InputFileError(.malformed, path: binary.path, reason: "the scene file is not valid UTF-8 text")) {
            try SceneFile.load(path: binary.path)
        }
    }
}
