import Testing
@testable import DismissKitCore
@testable import DismissKitWire

/// ``PresentationIDRule`` at the doors every host goes through (a scene's text, a command's
/// text, as the C library, the WebAssembly module and the bindings give them): ids are their
/// bytes, with no normalization and no control character.
@Suite struct PresentationIDRuleTests {
    /// `café` with U+00E9, and with `e` and U+0301: canonically equivalent, different bytes.
    static let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
    /// The same two spellings past the 15 bytes an id holds in itself, so that the pipeline
    /// numbers them (``PresentationNames``).
    static let longComposed = "draft-message-caf\u{E9}", longDecomposed = "draft-message-cafe\u{301}"

    static func present(_ id: String, unsaved: Bool = true) -> String {
        #"{"type":"present","presentation":{"id":"\#(id)","style":"sheet","unsavedChanges":\#(unsaved)}}"#
    }

    /// The intents' lines since the last call.
    static func lines(_ hosted: inout HostedPipeline) -> [String] {
        var line: [UInt8] = [], lines: [String] = []
        while hosted.nextLine(into: &line) { lines.append(String(decoding: line, as: UTF8.self)) }
        return lines
    }

    static func refusal(_ body: () throws(HostedPipeline.Refusal) -> Void) -> String? {
        do { try body() } catch { return error.message }
        return nil
    }

    @Test(arguments: [(composed, decomposed), (longComposed, longDecomposed)])
    func idsThatDifferOnlyInNormalizationAreTwoPresentations(first: String, second: String) throws {
        #expect(first == second, "Swift's String calls them equal: the rule must not")
        var hosted = HostedPipeline(scene: Scene(presentations: []), configuration: GestureConfiguration())
        try hosted.command(Self.present(first), time: 0)
        // Before the second is presented, naming it names nothing: the unsaved first stays.
        try hosted.command(#"{"type":"dismiss","presentation":"\#(second)"}"#, time: 1)
        #expect(Self.lines(&hosted) == [#"{"presentation":"\#(second)","reason":"not presented","source":"programmatic","time":1,"type":"rejected"}"#])
        _ = Self.refusal { () throws(HostedPipeline.Refusal) in
            try hosted.command(#"{"type":"confirm","presentation":"\#(second)","choice":"discard"}"#, time: 2)
        }
        #expect(!Self.lines(&hosted).contains { $0.contains(#""type":"dismiss""#) })
        #expect(hosted.pipeline.scene.presentations.map(\.id.utf8.count) == [first.utf8.count])
        // Presented, the second is a presentation of its own above the first.
        try hosted.command(Self.present(second, unsaved: false), time: 3)
        #expect(hosted.pipeline.scene.presentations.map { Array($0.id.utf8) } == [Array(first.utf8), Array(second.utf8)])
        try hosted.command(#"{"type":"dismiss","presentation":"\#(second)"}"#, time: 4)
        #expect(Self.lines(&hosted) == [#"{"presentation":"\#(second)","resolution":"direct","source":"programmatic","time":4,"type":"dismiss"}"#])
        // The first, with its unsaved work, is asked about under its own spelling only.
        try hosted.command(#"{"type":"key","key":"escape"}"#, time: 5)
        let asked = Self.lines(&hosted)
        #expect(asked.count == 1 && asked[0].contains(#""presentation":"\#(first)""#) && asked[0].contains("confirmationRequested"))
        #expect(hosted.pipeline.scene.presentations.count == 1)
    }

    @Test func aSceneTakesBothSpellingsAndTheStateNamesEachAsSent() throws {
        let scene = #"{"presentations":[{"id":"\#(Self.longComposed)","style":"sheet"},{"id":"\#(Self.longDecomposed)","style":"sheet"}]}"#
        let hosted = try HostedPipeline(sceneText: scene, path: "scene.json")
        let ids = hosted.pipeline.scene.presentations.map { Array($0.id.utf8) }
        #expect(ids == [Array(Self.longComposed.utf8), Array(Self.longDecomposed.utf8)])
        #expect(hosted.pipeline.names.count == 2)
    }

    @Test(arguments: [
        (#"a\u0000b"#, "U+0000"), (#"tab\there"#, "U+0009"), (#"line\nbreak"#, "U+000A"), (#"del\u007f"#, "U+007F"), (#"c1\u0085"#, "U+0085"),
    ])
    func anIdWithAControlCharacterIsRefusedAtEveryDoor(escaped: String, codePoint: String) throws {
        let reason = "a presentation id holds no control character, this one has \(codePoint)"
        // A scene's text.
        let scene = #"{"presentations":[{"id":"a","style":"sheet"},{"id":"\#(escaped)","style":"sheet"}]}"#
        #expect(throws: InputFileError.self) { try HostedPipeline(sceneText: scene, path: "scene.json") }
        do {
            _ = try HostedPipeline(sceneText: scene, path: "scene.json")
        } catch {
            #expect(error.description == "scene.json:1: presentations[1].id: \(reason)")
        }
        // Each command that names a presentation, and present.
        var hosted = HostedPipeline(scene: Scene(presentations: []), configuration: GestureConfiguration())
        try hosted.command(Self.present("a"), time: 0)
        let commands = [
            #"{"type":"present","presentation":{"id":"\#(escaped)","style":"sheet"}}"#,
            #"{"type":"dismiss","presentation":"\#(escaped)"}"#,
            #"{"type":"remove","presentation":"\#(escaped)"}"#,
            #"{"type":"update","presentation":"\#(escaped)","unsavedChanges":false}"#,
            #"{"type":"confirm","presentation":"\#(escaped)","choice":"discard"}"#,
            #"{"type":"button","presentation":"\#(escaped)","role":"cancel"}"#,
            #"{"type":"accessibility","presentation":"\#(escaped)","action":"escape"}"#,
        ]
        for (index, command) in commands.enumerated() {
            let message = Self.refusal { () throws(HostedPipeline.Refusal) in try hosted.command(command, time: Int64(1 + index)) }
            #expect(message?.hasSuffix(reason) == true, "\(command): \(message ?? "taken")")
        }
        #expect(hosted.pipeline.scene.presentations.map(\.id) == ["a"])
        #expect(Self.lines(&hosted).isEmpty)
    }
}
