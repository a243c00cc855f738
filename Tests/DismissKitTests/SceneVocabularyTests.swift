// Written by script/protocol from protocol/dismisskit.xml: edit that.
import DismissKitCore
import DismissKitWire
import Testing

/// The scene files SceneReader takes are the ones protocol/dismisskit.xml describes: every field
/// it declares is taken, a near miss of its name is refused, a required one is needed, and a
/// state's scene is spelled with the declared fields and no others.
@Suite struct SceneVocabularyTests {
    /// A scene file with each declared field (and the required ones of its object), by field.
    static let taken: [String: String] = [
        "scene.screen": #"{"screen": {"width": 800, "height": 1280, "widthMM": 136, "heightMM": 217}}"#,
        "scene.compactWidth": #"{"compactWidth": 700}"#,
        "scene.topInset": #"{"topInset": 20}"#,
        "scene.keyboard": #"{"keyboard": {"height": 300}}"#,
        "scene.idle": #"{"idle": {"after": 120000000, "warning": 20000000, "unsaved": "keep"}}"#,
        "scene.presentations": #"{"presentations": [{"id": "compose", "style": "sheet"}]}"#,
        "scene.timeline": #"{"timeline": [{"time": 0, "command": {"type": "dismiss", "presentation": "compose"}}]}"#,
        "scene.gestures": #"{"gestures": {"slopMM": 3}}"#,
        "screen.width": #"{"screen": {"width": 1280, "height": 800, "widthMM": 217, "heightMM": 136}}"#,
        "screen.height": #"{"screen": {"width": 1280, "height": 800, "widthMM": 217, "heightMM": 136}}"#,
        "screen.widthMM": #"{"screen": {"width": 1280, "height": 800, "widthMM": 217, "heightMM": 136}}"#,
        "screen.heightMM": #"{"screen": {"width": 1280, "height": 800, "widthMM": 217, "heightMM": 136}}"#,
        "keyboard.height": #"{"keyboard": {"height": 280}}"#,
        "idle.after": #"{"idle": {"after": 120000000, "warning": 20000000, "unsaved": "keep"}}"#,
        "idle.warning": #"{"idle": {"after": 120000000, "warning": 20000000, "unsaved": "keep"}}"#,
        "idle.unsaved": #"{"idle": {"after": 120000000, "warning": 20000000, "unsaved": "keep"}}"#,
        "presentation.id": #"{"presentations": [{"id": "compose", "style": "sheet"}]}"#,
        "presentation.style": #"{"presentations": [{"id": "compose", "style": "sheet"}]}"#,
        "presentation.detents": #"{"presentations": [{"id": "compose", "style": "sheet", "detents": ["medium", "large"]}]}"#,
        "presentation.selectedDetent": #"{"presentations": [{"id": "compose", "style": "sheet", "selectedDetent": "large"}]}"#,
        "presentation.grabber": #"{"presentations": [{"id": "compose", "style": "sheet", "grabber": true}]}"#,
        "presentation.headerHeight": #"{"presentations": [{"id": "compose", "style": "sheet", "headerHeight": 64}]}"#,
        "presentation.content": #"{"presentations": [{"id": "compose", "style": "sheet", "content": {"offset": 120}}]}"#,
        "presentation.contentOffset": #"{"presentations": [{"id": "compose", "style": "sheet", "contentOffset": 120}]}"#,
        "presentation.modal": #"{"presentations": [{"id": "compose", "style": "sheet", "modal": true}]}"#,
        "presentation.unsavedChanges": #"{"presentations": [{"id": "compose", "style": "sheet", "unsavedChanges": true}]}"#,
        "presentation.dismissible": #"{"presentations": [{"id": "compose", "style": "sheet", "dismissible": false}]}"#,
        "presentation.tapOutside": #"{"presentations": [{"id": "compose", "style": "sheet", "tapOutside": "ignore"}]}"#,
        "presentation.frame": #"{"presentations": [{"id": "compose", "style": "sheet", "frame": {"x": 900, "y": 60, "width": 320, "height": 400}}]}"#,
        "presentation.anchor": #"{"presentations": [{"id": "compose", "style": "sheet", "anchor": {"x": 1180, "y": 10, "width": 44, "height": 44}}]}"#,
        "presentation.passthrough": #"{"presentations": [{"id": "compose", "style": "sheet", "passthrough": [{"x": 1100, "y": 10, "width": 180, "height": 44}]}]}"#,
        "content.offset": #"{"presentations": [{"id": "compose", "style": "sheet", "content": {"offset": 0}}]}"#,
        "rect.x": #"{"presentations": [{"id": "share", "style": "popover", "frame": {"x": 900, "y": 60, "width": 320, "height": 400}}]}"#,
        "rect.y": #"{"presentations": [{"id": "share", "style": "popover", "frame": {"x": 900, "y": 60, "width": 320, "height": 400}}]}"#,
        "rect.width": #"{"presentations": [{"id": "share", "style": "popover", "frame": {"x": 900, "y": 60, "width": 320, "height": 400}}]}"#,
        "rect.height": #"{"presentations": [{"id": "share", "style": "popover", "frame": {"x": 900, "y": 60, "width": 320, "height": 400}}]}"#,
        "timeline.time": #"{"presentations": [{"id": "compose", "style": "sheet"}], "timeline": [{"time": 2500000, "command": {"type": "dismiss", "presentation": "compose"}}]}"#,
        "timeline.command": #"{"presentations": [{"id": "compose", "style": "sheet"}], "timeline": [{"time": 2500000, "command": {"type": "dismiss", "presentation": "compose"}}]}"#,
        "gestures.slopMM": #"{"gestures": {"slopMM": 3}}"#,
        "gestures.tapMaxDuration": #"{"gestures": {"tapMaxDuration": 300000}}"#,
        "gestures.velocityWindow": #"{"gestures": {"velocityWindow": 80000}}"#,
        "gestures.restCutoff": #"{"gestures": {"restCutoff": 50000}}"#,
        "gestures.decelerationPerMillisecond": #"{"gestures": {"decelerationPerMillisecond": 0.99}}"#,
        "gestures.dismissFraction": #"{"gestures": {"dismissFraction": 0.4}}"#,
        "gestures.rubberBandCoefficient": #"{"gestures": {"rubberBandCoefficient": 0.6}}"#,
        "gestures.grabberHitTargetMinimumPoints": #"{"gestures": {"grabberHitTargetMinimumPoints": 48}}"#,
        "gestures.grabberHitTargetMinimumMM": #"{"gestures": {"grabberHitTargetMinimumMM": 8}}"#,
    ]

    /// A scene file with a near miss of each declared field's name, by the near miss.
    static let misspelled: [String: String] = [
        "scene.screens": #"{"screens": {"width": 800, "height": 1280, "widthMM": 136, "heightMM": 217}}"#,
        "scene.compactWidths": #"{"compactWidths": 700}"#,
        "scene.topInsets": #"{"topInsets": 20}"#,
        "scene.keyboards": #"{"keyboards": {"height": 300}}"#,
        "scene.idles": #"{"idles": {"after": 120000000, "warning": 20000000, "unsaved": "keep"}}"#,
        "scene.presentation": #"{"presentation": [{"id": "compose", "style": "sheet"}]}"#,
        "scene.timelines": #"{"timelines": [{"time": 0, "command": {"type": "dismiss", "presentation": "compose"}}]}"#,
        "scene.gesture": #"{"gesture": {"slopMM": 3}}"#,
        "screen.widths": #"{"screen": {"width": 1280, "height": 800, "widthMM": 217, "heightMM": 136, "widths": 1280}}"#,
        "screen.heights": #"{"screen": {"width": 1280, "height": 800, "widthMM": 217, "heightMM": 136, "heights": 800}}"#,
        "screen.widthMMs": #"{"screen": {"width": 1280, "height": 800, "widthMM": 217, "heightMM": 136, "widthMMs": 217}}"#,
        "screen.heightMMs": #"{"screen": {"width": 1280, "height": 800, "widthMM": 217, "heightMM": 136, "heightMMs": 136}}"#,
        "keyboard.heights": #"{"keyboard": {"height": 280, "heights": 280}}"#,
        "idle.afters": #"{"idle": {"after": 120000000, "warning": 20000000, "unsaved": "keep", "afters": 120000000}}"#,
        "idle.warnings": #"{"idle": {"after": 120000000, "warning": 20000000, "unsaved": "keep", "warnings": 20000000}}"#,
        "idle.unsaveds": #"{"idle": {"after": 120000000, "warning": 20000000, "unsaved": "keep", "unsaveds": "keep"}}"#,
        "presentation.ids": #"{"presentations": [{"id": "compose", "style": "sheet", "ids": "compose"}]}"#,
        "presentation.styles": #"{"presentations": [{"id": "compose", "style": "sheet", "styles": "sheet"}]}"#,
        "presentation.detent": #"{"presentations": [{"id": "compose", "style": "sheet", "detent": ["medium", "large"]}]}"#,
        "presentation.selectedDetents": #"{"presentations": [{"id": "compose", "style": "sheet", "selectedDetents": "large"}]}"#,
        "presentation.grabbers": #"{"presentations": [{"id": "compose", "style": "sheet", "grabbers": true}]}"#,
        "presentation.headerHeights": #"{"presentations": [{"id": "compose", "style": "sheet", "headerHeights": 64}]}"#,
        "presentation.contents": #"{"presentations": [{"id": "compose", "style": "sheet", "contents": {"offset": 120}}]}"#,
        "presentation.contentOffsets": #"{"presentations": [{"id": "compose", "style": "sheet", "contentOffsets": 120}]}"#,
        "presentation.modals": #"{"presentations": [{"id": "compose", "style": "sheet", "modals": true}]}"#,
        "presentation.unsavedChange": #"{"presentations": [{"id": "compose", "style": "sheet", "unsavedChange": true}]}"#,
        "presentation.dismissibles": #"{"presentations": [{"id": "compose", "style": "sheet", "dismissibles": false}]}"#,
        "presentation.tapOutsides": #"{"presentations": [{"id": "compose", "style": "sheet", "tapOutsides": "ignore"}]}"#,
        "presentation.frames": #"{"presentations": [{"id": "compose", "style": "sheet", "frames": {"x": 900, "y": 60, "width": 320, "height": 400}}]}"#,
        "presentation.anchors": #"{"presentations": [{"id": "compose", "style": "sheet", "anchors": {"x": 1180, "y": 10, "width": 44, "height": 44}}]}"#,
        "presentation.passthroughs": #"{"presentations": [{"id": "compose", "style": "sheet", "passthroughs": [{"x": 1100, "y": 10, "width": 180, "height": 44}]}]}"#,
        "content.offsets": #"{"presentations": [{"id": "compose", "style": "sheet", "content": {"offset": 0, "offsets": 0}}]}"#,
        "rect.xs": #"{"presentations": [{"id": "share", "style": "popover", "frame": {"x": 900, "y": 60, "width": 320, "height": 400, "xs": 900}}]}"#,
        "rect.ys": #"{"presentations": [{"id": "share", "style": "popover", "frame": {"x": 900, "y": 60, "width": 320, "height": 400, "ys": 60}}]}"#,
        "rect.widths": #"{"presentations": [{"id": "share", "style": "popover", "frame": {"x": 900, "y": 60, "width": 320, "height": 400, "widths": 320}}]}"#,
        "rect.heights": #"{"presentations": [{"id": "share", "style": "popover", "frame": {"x": 900, "y": 60, "width": 320, "height": 400, "heights": 400}}]}"#,
        "timeline.times": #"{"presentations": [{"id": "compose", "style": "sheet"}], "timeline": [{"time": 2500000, "command": {"type": "dismiss", "presentation": "compose"}, "times": 2500000}]}"#,
        "timeline.commands": #"{"presentations": [{"id": "compose", "style": "sheet"}], "timeline": [{"time": 2500000, "command": {"type": "dismiss", "presentation": "compose"}, "commands": {"type": "dismiss", "presentation": "compose"}}]}"#,
        "gestures.slopMMs": #"{"gestures": {"slopMMs": 3}}"#,
        "gestures.tapMaxDurations": #"{"gestures": {"tapMaxDurations": 300000}}"#,
        "gestures.velocityWindows": #"{"gestures": {"velocityWindows": 80000}}"#,
        "gestures.restCutoffs": #"{"gestures": {"restCutoffs": 50000}}"#,
        "gestures.decelerationPerMilliseconds": #"{"gestures": {"decelerationPerMilliseconds": 0.99}}"#,
        "gestures.dismissFractions": #"{"gestures": {"dismissFractions": 0.4}}"#,
        "gestures.rubberBandCoefficients": #"{"gestures": {"rubberBandCoefficients": 0.6}}"#,
        "gestures.grabberHitTargetMinimumPoint": #"{"gestures": {"grabberHitTargetMinimumPoint": 48}}"#,
        "gestures.grabberHitTargetMinimumMMs": #"{"gestures": {"grabberHitTargetMinimumMMs": 8}}"#,
    ]

    /// A scene file without each required field, by field.
    static let withoutRequired: [String: String] = [
        "screen.width": #"{"screen": {"height": 800, "widthMM": 217, "heightMM": 136}}"#,
        "screen.height": #"{"screen": {"width": 1280, "widthMM": 217, "heightMM": 136}}"#,
        "screen.widthMM": #"{"screen": {"width": 1280, "height": 800, "heightMM": 136}}"#,
        "screen.heightMM": #"{"screen": {"width": 1280, "height": 800, "widthMM": 217}}"#,
        "keyboard.height": #"{"keyboard": {}}"#,
        "idle.after": #"{"idle": {"warning": 20000000, "unsaved": "keep"}}"#,
        "idle.warning": #"{"idle": {"after": 120000000, "unsaved": "keep"}}"#,
        "idle.unsaved": #"{"idle": {"after": 120000000, "warning": 20000000}}"#,
        "presentation.id": #"{"presentations": [{"style": "sheet"}]}"#,
        "presentation.style": #"{"presentations": [{"id": "compose"}]}"#,
        "content.offset": #"{"presentations": [{"id": "compose", "style": "sheet", "content": {}}]}"#,
        "rect.x": #"{"presentations": [{"id": "share", "style": "popover", "frame": {"y": 60, "width": 320, "height": 400}}]}"#,
        "rect.y": #"{"presentations": [{"id": "share", "style": "popover", "frame": {"x": 900, "width": 320, "height": 400}}]}"#,
        "rect.width": #"{"presentations": [{"id": "share", "style": "popover", "frame": {"x": 900, "y": 60, "height": 400}}]}"#,
        "rect.height": #"{"presentations": [{"id": "share", "style": "popover", "frame": {"x": 900, "y": 60, "width": 320}}]}"#,
        "timeline.time": #"{"presentations": [{"id": "compose", "style": "sheet"}], "timeline": [{"command": {"type": "dismiss", "presentation": "compose"}}]}"#,
        "timeline.command": #"{"presentations": [{"id": "compose", "style": "sheet"}], "timeline": [{"time": 2500000}]}"#,
    ]

    /// A scene command with each field only a scene file has, by field.
    static let sceneCommands: [String: String] = [
        "timeline": #"{"type": "scene", "scene": {"timeline": [{"time": 0, "command": {"type": "dismiss", "presentation": "compose"}}]}}"#,
        "gestures": #"{"type": "scene", "scene": {"gestures": {"slopMM": 3}}}"#,
    ]

    /// An update command with each value of a presentation field's closed set.
    static let choices: [String: String] = [
        "style: sheet": #"{"type": "update", "presentation": "compose", "style": "sheet"}"#,
        "style: pageSheet": #"{"type": "update", "presentation": "compose", "style": "pageSheet"}"#,
        "style: formSheet": #"{"type": "update", "presentation": "compose", "style": "formSheet"}"#,
        "style: automatic": #"{"type": "update", "presentation": "compose", "style": "automatic"}"#,
        "style: popover": #"{"type": "update", "presentation": "compose", "style": "popover"}"#,
        "style: fullScreen": #"{"type": "update", "presentation": "compose", "style": "fullScreen"}"#,
        "style: currentContext": #"{"type": "update", "presentation": "compose", "style": "currentContext"}"#,
        "style: alert": #"{"type": "update", "presentation": "compose", "style": "alert"}"#,
        "tapOutside: dismiss": #"{"type": "update", "presentation": "compose", "tapOutside": "dismiss"}"#,
        "tapOutside: ignore": #"{"type": "update", "presentation": "compose", "tapOutside": "ignore"}"#,
        "tapOutside: passthrough": #"{"type": "update", "presentation": "compose", "tapOutside": "passthrough"}"#,
    ]

    @Test(arguments: taken.keys.sorted())
    func takesTheDeclaredField(field: String) throws {
        _ = try SceneFile.parse(try #require(Self.taken[field]), path: "scene.json")
    }

    @Test(arguments: misspelled.keys.sorted())
    func refusesANearMiss(field: String) throws {
        let (document, key) = (try #require(Self.misspelled[field]), try #require(field.split(separator: ".").last))
        let error = #expect(throws: InputFileError.self) { try SceneFile.parse(document, path: "scene.json") }
        #expect(error?.reason.hasSuffix("unknown key \"\(key)\"") == true)
    }

    @Test(arguments: withoutRequired.keys.sorted())
    func needsTheRequiredField(field: String) throws {
        let (document, key) = (try #require(Self.withoutRequired[field]), try #require(field.split(separator: ".").last))
        let error = #expect(throws: InputFileError.self) { try SceneFile.parse(document, path: "scene.json") }
        #expect(error?.reason.hasSuffix("missing key \"\(key)\"") == true)
    }

    @Test(arguments: sceneCommands.keys.sorted())
    func aSceneCommandRefusesTheFileOnlyField(field: String) throws {
        let command = try #require(Self.sceneCommands[field])
        let error = #expect(throws: JSONInputError.self) { try HostCommandParser.parse(command) }
        #expect(error?.reason == "scene: unknown key \"\(field)\"")
    }

    @Test(arguments: choices.keys.sorted())
    func takesEachValueOfTheClosedSet(choice: String) throws {
        _ = try HostCommandParser.parse(try #require(Self.choices[choice]))
    }

    @Test func aStateSpellsTheSceneWithTheDeclaredFields() throws {
        let file = try SceneFile.parse(#"{"screen": {"width": 1280, "height": 800, "widthMM": 217, "heightMM": 136}, "compactWidth": 700, "topInset": 20, "keyboard": {"height": 280}, "idle": {"after": 120000000, "warning": 20000000, "unsaved": "keep"}, "presentations": [{"id": "compose", "style": "sheet", "detents": ["medium", "large"], "selectedDetent": "large", "grabber": true, "headerHeight": 64, "contentOffset": 120, "modal": true, "unsavedChanges": true, "dismissible": false, "tapOutside": "ignore", "frame": {"x": 900, "y": 60, "width": 320, "height": 400}, "anchor": {"x": 900, "y": 60, "width": 320, "height": 400}, "passthrough": [{"x": 900, "y": 60, "width": 320, "height": 400}]}]}"#, path: "scene.json")
        let written = try JSONValue(parsing: file.scene.jsonLine.text)
        #expect(Self.keys(at: [], in: written) == ["compactWidth", "idle", "keyboard", "presentations", "screen", "topInset"])
        #expect(Self.keys(at: ["screen"], in: written) == ["height", "heightMM", "width", "widthMM"])
        #expect(Self.keys(at: ["keyboard"], in: written) == ["height"])
        #expect(Self.keys(at: ["idle"], in: written) == ["after", "unsaved", "warning"])
        #expect(Self.keys(at: ["presentations"], in: written) == ["anchor", "contentOffset", "detents", "dismissible", "frame", "grabber", "headerHeight", "id", "modal", "passthrough", "selectedDetent", "style", "tapOutside", "unsavedChanges"])
        #expect(Self.keys(at: ["presentations", "frame"], in: written) == ["height", "width", "x", "y"])
        #expect(Self.keys(at: ["presentations", "anchor"], in: written) == ["height", "width", "x", "y"])
        #expect(Self.keys(at: ["presentations", "passthrough"], in: written) == ["height", "width", "x", "y"])
    }

    @Test func explainSpellsTheDeclaredThresholds() throws {
        let written = try JSONValue(parsing: GestureConfiguration().jsonLine.text)
        #expect(Self.keys(at: [], in: written) == ["decelerationPerMillisecond", "dismissFraction", "grabberHitTargetMinimumMM", "grabberHitTargetMinimumPoints", "restCutoff", "rubberBandCoefficient", "slopMM", "tapMaxDuration", "velocityWindow"])
    }

    /// The keys, sorted, of the object at `path` in `value` (an array's first element on the way).
    static func keys(at path: [String], in value: JSONValue) -> [String] {
        var value = value
        for key in path {
            guard let member = members(of: value).first(where: { $0.key == key }) else { return [] }
            value = member.value
        }
        return members(of: value).map { $0.key }.sorted()
    }

    /// An object's members, or an array's first element's.
    static func members(of value: JSONValue) -> [JSONValue.Member] {
        if case .array(let elements) = value.kind, let first = elements.first { return members(of: first) }
        if case .object(let members) = value.kind { return members }
        return []
    }
}
