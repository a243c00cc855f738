import Testing
@testable import DismissKit
@testable import DismissKitCore

/// The host's `screen` command (SPEC section 7) in a replay's timeline: later touches map onto
/// the new screen and a gesture in progress is cancelled. Through the pipeline alone:
/// `ScreenChangeTests` in the core's tests.
@Suite struct ScreenChangeReplayTests {
    static let portraitCommand = #"{"type": "screen", "width": 800, "height": 1280, "widthMM": 136, "heightMM": 217}"#

    @Test func aRotationInTheTimelineMapsLaterTouchesOntoTheNewScreen() throws {
        let recording = PanelRecording()
        recording.tap(x: 1085, y: 680, at: 0)
        recording.tap(x: 1085, y: 680, at: 100_000)
        let file = try Self.sceneFile(presentations: "[]", timeline: [(50_000, Self.portraitCommand)])
        var downs: [TouchPoint] = []
        try Replay.steps(from: recording, scene: file, scenePath: "scene.json") { step, _ in
            if case .touch(let touch) = step, touch.kind == .down, let point = touch.point { downs.append(point) }
        }
        #expect(downs.map { [$0.x, $0.y] } == [[640, 400], [400, 640]])
        // The millimetres are the device's own, whatever the screen.
        #expect(downs[0].xMM == downs[1].xMM && downs[0].yMM == downs[1].yMM)
    }

    @Test func touchEventsWithASceneAreMappedOntoTheScreenInForce() throws {
        let recording = PanelRecording()
        recording.tap(x: 1085, y: 680, at: 0)
        recording.tap(x: 1085, y: 680, at: 100_000)
        let file = try Self.sceneFile(presentations: "[]", timeline: [(50_000, Self.portraitCommand)])
        var downs: [TouchPoint] = []
        try Replay.touchEvents(from: recording, scene: file, scenePath: "scene.json") { touch in
            if touch.kind == .down, let point = touch.point { downs.append(point) }
        }
        #expect(downs.map { [$0.x, $0.y] } == [[640, 400], [400, 640]])
    }

    @Test func aScreenCommandAtAFramesTimeMapsThatFrame() throws {
        let recording = PanelRecording()
        recording.tap(x: 1085, y: 680, at: 0)
        recording.tap(x: 1085, y: 680, at: 100_000)
        let file = try Self.sceneFile(presentations: "[]", timeline: [(100_000, Self.portraitCommand)])
        var downs: [TouchPoint] = []
        try Replay.steps(from: recording, scene: file, scenePath: "scene.json") { step, _ in
            if case .touch(let touch) = step, touch.kind == .down, let point = touch.point { downs.append(point) }
        }
        #expect(downs.map(\.x) == [640, 400])
    }

    @Test func aRotationMidDragCancelsItAndTheRestOfTheFingerDismissesNothing() throws {
        let recording = PanelRecording()
        recording.drag(x: 1085, fromY: 119, steps: 12, stepY: 34, startingAt: 0, stepTime: 8_000)
        let file = try Self.sceneFile(presentations: #"[{"id": "compose", "style": "sheet"}]"#,
                                      timeline: [(40_000, Self.portraitCommand)])
        var intents: [Intent] = []
        try Replay.intents(from: recording, scene: file, scenePath: "scene.json") { intent, _ in intents.append(intent) }
        let id: PresentationID = "compose"
        #expect(intents.first?.kind == .dragBegan(presentation: id, origin: .topRegion))
        let ended = intents.filter { if case .dragEnded = $0.kind { true } else { false } }
        #expect(ended == [Intent(time: 40_000, kind: .dragEnded(presentation: id, outcome: .cancel, detent: .large))])
        #expect(!intents.contains { if case .dismiss = $0.kind { true } else { false } })
        #expect(!intents.contains { $0.time > 40_000 && { if case .dragChanged = $0.kind { true } else { false } }($0) })
    }

    @Test func aSceneWithAnotherScreenInTheTimelineStopsTheReplay() throws {
        let recording = PanelRecording()
        recording.tap(x: 1085, y: 680, at: 0)
        let scene = #"{"type": "scene", "scene": {"screen": {"width": 800, "height": 1280, "widthMM": 136, "heightMM": 217}, "presentations": []}}"#
        let file = try Self.sceneFile(presentations: "[]", timeline: [(0, scene)])
        let error = ReplayTestSupport.error { () throws(InputFileError) in
            try Replay.intents(from: recording, scene: file, scenePath: "scene.json") { _, _ in }
        }
        #expect(error?.kind == .malformed)
        #expect(error?.description.contains("a scene cannot change the screen") == true)
    }

    @Test func anOutOfRangeScreenInTheTimelineStopsTheReplay() throws {
        let recording = PanelRecording()
        recording.tap(x: 1085, y: 680, at: 0)
        let file = try Self.sceneFile(
            presentations: "[]", timeline: [(0, #"{"type": "screen", "width": 200000, "height": 1280, "widthMM": 136, "heightMM": 217}"#)])
        let error = ReplayTestSupport.error { () throws(InputFileError) in
            try Replay.intents(from: recording, scene: file, scenePath: "scene.json") { _, _ in }
        }
        #expect(error?.description.contains("screen width must be a number from 1 to 100000") == true)
    }

    // MARK: - Helpers

    /// A scene file on the landscape screen with `presentations` (JSON) and a timeline of
    /// (time, command JSON) entries.
    static func sceneFile(presentations: String, timeline: [(Int64, String)]) throws -> SceneFile {
        let entries = timeline.map { #"{"time": \#($0.0), "command": \#($0.1)}"# }.joined(separator: ", ")
        let text = #"{"screen": {"width": 1280, "height": 800, "widthMM": 217, "heightMM": 136}, "presentations": \#(presentations), "timeline": [\#(entries)]}"#
        return try SceneFile.parse(text, path: "scene.json")
    }
}

/// A recorded protocol B panel, 217 x 136 mm at 10 units per millimetre, built event by event.
private final class PanelRecording: RecordingReader {
    let path = "panel.evemu"
    let device = DeviceDescription(
        name: "panel",
        codes: [EventType.absolute: [AbsoluteAxis.multitouchSlot, AbsoluteAxis.multitouchPositionX,
                                     AbsoluteAxis.multitouchPositionY, AbsoluteAxis.multitouchTrackingID]],
        absoluteAxes: [
            AbsoluteAxis.multitouchSlot: AbsoluteAxisInfo(minimum: 0, maximum: 9),
            AbsoluteAxis.multitouchPositionX: AbsoluteAxisInfo(minimum: 0, maximum: 2169, resolution: 10),
            AbsoluteAxis.multitouchPositionY: AbsoluteAxisInfo(minimum: 0, maximum: 1359, resolution: 10),
            AbsoluteAxis.multitouchTrackingID: AbsoluteAxisInfo(minimum: 0, maximum: 65535),
        ],
        properties: [InputProperty.direct])
    private var events: [InputEvent] = []
    private var nextIndex = 0
    private var nextTrackingID: Int32 = 1

    func next() -> RecordedEvent? {
        guard nextIndex < events.count else { return nil }
        defer { nextIndex += 1 }
        return RecordedEvent(event: events[nextIndex], line: nextIndex + 1)
    }

    /// A contact down at (x, y) at `time`, lifted 10 ms later.
    func tap(x: Int32, y: Int32, at time: Int64) {
        down(x: x, y: y, at: time)
        up(at: time + 10_000)
    }

    /// A contact down at (x, fromY) that moves `steps` times by `stepY`, one step every `stepTime`, then lifts.
    func drag(x: Int32, fromY: Int32, steps: Int, stepY: Int32, startingAt time: Int64, stepTime: Int64) {
        down(x: x, y: fromY, at: time)
        for step in 1...steps {
            append(time + Int64(step) * stepTime, AbsoluteAxis.multitouchPositionY, fromY + Int32(step) * stepY)
            report(at: time + Int64(step) * stepTime)
        }
        up(at: time + Int64(steps + 1) * stepTime)
    }

    private func down(x: Int32, y: Int32, at time: Int64) {
        append(time, AbsoluteAxis.multitouchSlot, 0)
        append(time, AbsoluteAxis.multitouchTrackingID, nextTrackingID)
        nextTrackingID += 1
        append(time, AbsoluteAxis.multitouchPositionX, x)
        append(time, AbsoluteAxis.multitouchPositionY, y)
        report(at: time)
    }

    private func up(at time: Int64) {
        append(time, AbsoluteAxis.multitouchTrackingID, -1)
        report(at: time)
    }

    private func append(_ time: Int64, _ code: UInt16, _ value: Int32) {
        events.append(InputEvent(time: time, type: EventType.absolute, code: code, value: value))
    }

    private func report(at time: Int64) {
        events.append(InputEvent(time: time, type: EventType.synchronization, code: SynchronizationCode.report, value: 0))
    }
}
