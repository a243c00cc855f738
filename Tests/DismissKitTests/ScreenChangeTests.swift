import Testing
@testable import DismissKit
@testable import DismissKitCore

/// The host's `screen` command (SPEC section 7) through the pipeline and through a replay's
/// timeline: later touches map onto the new screen, a gesture in progress is cancelled, the
/// rest of the scene is kept, and the new width judges.
@Suite struct ScreenChangeTests {
    static let landscape = ScreenSize(width: 1280, height: 800, widthMM: 217, heightMM: 136)
    static let portrait = ScreenSize(width: 800, height: 1280, widthMM: 136, heightMM: 217)
    static let phone = ScreenSize(width: 390, height: 844, widthMM: 64, heightMM: 139)
    static let portraitCommand = #"{"type": "screen", "width": 800, "height": 1280, "widthMM": 136, "heightMM": 217}"#

    // MARK: - Replay

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

    // MARK: - Pipeline

    @Test func anOpenConfirmationSurvivesAndItsAnswerStillDismisses() throws {
        var pipeline = DismissalPipeline(scene: Scene(screen: Self.landscape, presentations: [
            Presentation(id: "compose", style: .sheet, unsavedChanges: true),
        ]))
        var intents: [Intent] = []
        try pipeline.apply(.dismiss(presentation: "compose"), time: 0, into: &intents)
        #expect(intents.map(\.kind) == [.confirmationRequested(presentation: "compose", source: .programmatic,
                                                               options: [.discard, .save, .keepEditing])])
        intents.removeAll()
        try pipeline.apply(.screen(Self.portrait), time: 10, into: &intents)
        #expect(intents.isEmpty)
        #expect(pipeline.scene.screen == Self.portrait)
        #expect(pipeline.scene.presentations.map(\.unsavedChanges) == [true])
        try pipeline.apply(.confirm(presentation: "compose", .discard), time: 20, into: &intents)
        #expect(intents.map(\.kind) == [.dismiss(presentation: "compose", source: .programmatic, resolution: .discarded)])
    }

    @Test func aPopoverIsASheetAtACompactWidthAndAPopoverAgainAfter() throws {
        let popover = Presentation(id: "share", style: .popover, modal: false,
                                   frame: Rect(x: 900, y: 60, width: 320, height: 400))
        var pipeline = DismissalPipeline(scene: Scene(screen: Self.landscape, presentations: [popover]))
        var intents: [Intent] = []
        try pipeline.apply(.screen(Self.phone), time: 0, into: &intents)
        #expect(pipeline.scene.role(of: popover) == .sheet)
        // Compact: a swipe down from the sheet's top drags it.
        pipeline.take(Self.touch(.down, at: 10_000, x: 195, y: 70), into: &intents)
        for step in 1...4 { pipeline.take(Self.touch(.motion, at: 10_000 + Int64(step) * 8_000, x: 195, y: 70 + Double(step) * 20), into: &intents) }
        #expect(intents.first?.kind == .dragBegan(presentation: "share", origin: .topRegion))
        intents.removeAll()
        // Back to regular: the drag is cancelled, and the popover is dismissed by a tap outside.
        try pipeline.apply(.screen(Self.landscape), time: 50_000, into: &intents)
        #expect(intents.map(\.kind) == [.dragEnded(presentation: "share", outcome: .cancel, detent: .large)])
        #expect(pipeline.scene.role(of: popover) == .popover)
        intents.removeAll()
        pipeline.take(Self.touch(.up, at: 60_000), into: &intents)
        pipeline.take(Self.touch(.down, at: 100_000, x: 200, y: 600), into: &intents)
        pipeline.take(Self.touch(.up, at: 150_000), into: &intents)
        #expect(intents.map(\.kind) == [.dismiss(presentation: "share", source: .tapOutside, resolution: .direct)])
    }

    @Test func aSceneWithAnotherScreenIsRefused() {
        var pipeline = DismissalPipeline(scene: Scene(screen: Self.landscape))
        var intents: [Intent] = []
        #expect(throws: HostCommandError.self) { try pipeline.apply(.scene(Scene(screen: Self.portrait)), time: 0, into: &intents) }
        #expect(pipeline.scene.screen == Self.landscape)
        #expect(intents.isEmpty)
    }

    @Test(arguments: [
        ScreenSize(width: 0, height: 800, widthMM: 217, heightMM: 136),
        ScreenSize(width: 1280, height: .nan, widthMM: 217, heightMM: 136),
        ScreenSize(width: 1280, height: 800, widthMM: 200_000, heightMM: 136),
        ScreenSize(width: 1280, height: 800, widthMM: 217, heightMM: -1),
        ScreenSize(width: 1280, height: 30, widthMM: 217, heightMM: 136),  // not taller than the top inset
    ])
    func anOutOfRangeScreenIsRefusedAndTheDragGoesOn(screen: ScreenSize) throws {
        var pipeline = DismissalPipeline(scene: Scene(screen: Self.landscape, presentations: [Presentation(id: "compose", style: .sheet)]))
        var intents: [Intent] = []
        pipeline.take(Self.touch(.down, at: 0, x: 640, y: 70), into: &intents)
        pipeline.take(Self.touch(.motion, at: 8_000, x: 640, y: 100), into: &intents)
        let before = pipeline.scene
        intents.removeAll()
        #expect(throws: HostCommandError.self) { try pipeline.apply(.screen(screen), time: 10_000, into: &intents) }
        #expect(pipeline.scene == before)
        #expect(intents.isEmpty)
        pipeline.take(Self.touch(.motion, at: 16_000, x: 640, y: 120), into: &intents)
        #expect(intents.contains { if case .dragChanged = $0.kind { true } else { false } })
    }

    // MARK: - Helpers

    static func touch(_ kind: TouchEvent.Kind, at time: Int64, x: Double = 0, y: Double = 0) -> TouchEvent {
        let point = TouchPoint(xMM: x / 5.9, yMM: y / 5.9, x: x, y: y)
        return TouchEvent(kind: kind, time: time, slot: 0, seatSlot: 0, point: kind == .down || kind == .motion ? point : nil)
    }

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
