import Testing
@testable import DismissKitCore

/// The host's `screen` command (SPEC section 7) through the pipeline: a gesture in progress is
/// cancelled, the rest of the scene is kept, and the new width judges. Through a replay's
/// timeline: `ScreenChangeReplayTests` in the edges' tests.
@Suite struct ScreenChangeTests {
    static let landscape = ScreenSize(width: 1280, height: 800, widthMM: 217, heightMM: 136)
    static let portrait = ScreenSize(width: 800, height: 1280, widthMM: 136, heightMM: 217)
    static let phone = ScreenSize(width: 390, height: 844, widthMM: 64, heightMM: 139)

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
}
