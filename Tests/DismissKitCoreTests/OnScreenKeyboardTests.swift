import Testing
@testable import DismissKitCore

/// SPEC section 10, the on-screen keyboard: one test (or more) per rule, on the standard screen
/// (1280 × 800 points, top inset 40) with a 300-point keyboard, which leaves a 500-point room.
@Suite struct OnScreenKeyboardTests {
    static let keyboard = 300.0
    static let strokes = StrokeBuilder(screen: .standard)

    static func sheet(_ id: String = "compose", detents: [Detent] = [.large], selected: Detent? = nil,
                      unsavedChanges: Bool = false) -> Presentation {
        Presentation(id: id, style: .sheet, detents: detents, selectedDetent: selected, unsavedChanges: unsavedChanges)
    }

    static func pipeline(_ presentations: Presentation..., keyboard: Double = keyboard) -> DismissalPipeline {
        DismissalPipeline(scene: Scene(presentations: presentations, keyboardHeight: keyboard))
    }

    static func feed(_ events: [TouchEvent], to pipeline: inout DismissalPipeline) -> [Intent.Kind] {
        var intents: [Intent] = []
        for event in events { pipeline.take(event, into: &intents) }
        return intents.map(\.kind)
    }

    /// A slow pull from (x, y) down by `distance` in 600 ms, resting 80 ms before the lift.
    static func pull(from y: Double, by distance: Double, x: Double = 300, start: Int64 = 0,
                     strokes: StrokeBuilder = strokes) -> [TouchEvent] {
        strokes.down(x, y, at: start)
            + strokes.segment(from: (x, y), to: (x, y + distance), start: start, duration: 600_000)
            + strokes.motion(x, y + distance, at: start + 600_000)
            + strokes.up(at: start + 680_000)
    }

    // MARK: - 10.1 Report

    @Test("a keyboard below 0 or taller than the screen is refused, naming the height, and nothing changes",
          arguments: [-1.0, 801, .nan, .infinity])
    func badHeightsAreRefused(height: Double) {
        var pipeline = Self.pipeline(Self.sheet(), keyboard: 0)
        var intents: [Intent] = []
        #expect(throws: HostCommandError.self) { try pipeline.apply(.keyboard(height: height), time: 0, into: &intents) }
        #expect(pipeline.scene.keyboardHeight == 0)
        #expect(intents.isEmpty)
        #expect(Scene(keyboardHeight: height).keyboardProblem(height: height)?.hasPrefix("keyboard height") == true)
    }

    @Test("a scene with a keyboard taller than its screen does not validate")
    func sceneKeyboardIsValidated() {
        #expect(throws: SceneValidationError.self) { try Scene(keyboardHeight: 900).validate() }
        #expect(throws: Never.self) { try Scene(keyboardHeight: 800).validate() }
    }

    // MARK: - 10.2 Room

    @Test("sheets are laid out in the room above the keyboard: large, medium, and a custom detent at most the room")
    func roomLayout() {
        let scene = Scene(presentations: [Self.sheet(detents: [.medium, .large, .custom(600)], selected: .large)], keyboardHeight: Self.keyboard)
        let geometry = PresentationGeometry(presentation: scene.presentations[0], in: scene)
        #expect(geometry.largeHeight == 460)
        #expect(geometry.height(of: .medium) == 230)
        #expect(geometry.height(of: .custom(600)) == 500)
        #expect(geometry.frame == Rect(x: 0, y: 40, width: 1280, height: 460))
        #expect(geometry.frame(at: .medium) == Rect(x: 0, y: 270, width: 1280, height: 230))
        var hidden = scene
        hidden.keyboardHeight = 0
        #expect(PresentationGeometry(presentation: hidden.presentations[0], in: hidden).height(of: .custom(600)) == 600)
    }

    @Test("a form sheet with its own frame moves up onto the keyboard's top, never above the screen's")
    func formSheetMovesUp() {
        let form = Presentation(id: "form", style: .formSheet, frame: Rect(x: 340, y: 150, width: 600, height: 500))
        let scene = Scene(presentations: [form], keyboardHeight: Self.keyboard)
        #expect(PresentationGeometry(presentation: form, in: scene).frame == Rect(x: 340, y: 0, width: 600, height: 500))
        let shorter = Presentation(id: "form", style: .formSheet, frame: Rect(x: 340, y: 150, width: 600, height: 300))
        #expect(PresentationGeometry(presentation: shorter, in: Scene(presentations: [shorter], keyboardHeight: Self.keyboard)).frame
            == Rect(x: 340, y: 150, width: 600, height: 300))
    }

    @Test("the release is measured in the room: a 250-point pull dismisses a large sheet above the keyboard (threshold 230)")
    func releaseMeasuredInRoom() {
        var shown = Self.pipeline(Self.sheet())
        let withKeyboard = Self.feed(Self.pull(from: 70, by: 250), to: &shown)
        #expect(withKeyboard.contains(.dismiss(presentation: "compose", source: .swipeFromTop, resolution: .direct)))
        var hidden = Self.pipeline(Self.sheet(), keyboard: 0)
        let without = Self.feed(Self.pull(from: 70, by: 250), to: &hidden)
        #expect(without.last == .dragEnded(presentation: "compose", outcome: .settle, detent: .large))
    }

    @Test("a change of the keyboard's height cancels nothing: a drag goes on, in the new room")
    func heightChangeCancelsNothing() throws {
        var pipeline = Self.pipeline(Self.sheet())
        var intents: [Intent] = []
        for event in Self.strokes.down(300, 70, at: 0) + Self.strokes.motion(300, 170, at: 100_000) { pipeline.take(event, into: &intents) }
        #expect(intents.map(\.kind).first == .hideKeyboard(presentation: "compose", reason: .drag))
        intents = []
        try pipeline.apply(.keyboard(height: 0), time: 150_000, into: &intents)
        #expect(intents.isEmpty)
        #expect(pipeline.recogniser.heldSheet?.presentation == "compose")
        let rest = Self.feed(Self.strokes.motion(300, 270, at: 200_000) + Self.strokes.motion(300, 270, at: 300_000)
                             + Self.strokes.up(at: 380_000), to: &pipeline)
        // 200 points in a full-height room (threshold 380): it settles, where the keyboard's room (230) would have dismissed.
        #expect(rest.last == .dragEnded(presentation: "compose", outcome: .settle, detent: .large))
    }

    @Test("the layout a host draws from is the room's")
    func layoutIsTheRooms() {
        let pipeline = Self.pipeline(Self.sheet(detents: [.medium], selected: .medium))
        #expect(pipeline.layout(of: "compose")?.frame == Rect(x: 0, y: 270, width: 1280, height: 230))
    }

    // MARK: - 10.3 Touches on the keyboard

    @Test("a tap on the keyboard is no tap outside: an unsaved non-modal popover is not autosaved")
    func keyboardTapIsNotOutside() {
        let popover = Presentation(id: "share", style: .popover, modal: false, unsavedChanges: true,
                                   frame: Rect(x: 900, y: 60, width: 320, height: 400))
        var pipeline = Self.pipeline(popover)
        #expect(Self.feed(Self.strokes.down(300, 650, at: 0) + Self.strokes.up(at: 80_000), to: &pipeline).isEmpty)
        #expect(pipeline.scene.presentations.count == 1)
        let above = Self.feed(Self.strokes.down(300, 300, at: 200_000) + Self.strokes.up(at: 280_000), to: &pipeline)
        #expect(above == [.save(presentation: "share"), .dismiss(presentation: "share", source: .tapOutside, resolution: .autosaved)])
    }

    @Test("a contact on the keyboard is the keyboard's until it lifts, wherever it moves")
    func keyboardContactStaysTheKeyboards() {
        var pipeline = Self.pipeline(Self.sheet())
        let events = Self.strokes.down(300, 700, at: 0) + Self.strokes.segment(from: (300, 700), to: (300, 100), start: 0, duration: 300_000)
            + Self.strokes.up(at: 320_000)
        #expect(Self.feed(events, to: &pipeline).isEmpty)
        #expect(pipeline.recogniser.phase == .idle)
    }

    @Test("a second contact on the keyboard cancels no drag in progress")
    func keyboardTouchCancelsNoDrag() {
        var pipeline = Self.pipeline(Self.sheet())
        var second = Self.strokes
        second.seatSlot = 1
        var intents = Self.feed(Self.strokes.down(300, 70, at: 0) + Self.strokes.motion(300, 120, at: 50_000), to: &pipeline)
        intents += Self.feed(second.down(600, 650, at: 60_000) + second.up(at: 120_000), to: &pipeline)
        #expect(!intents.contains { if case .dragEnded = $0 { true } else { false } })
        #expect(pipeline.recogniser.heldSheet?.presentation == "compose")
    }

    @Test("a touch event refused on a keyboard contact is refused as on any other: a second down on its slot")
    func keyboardContactIsStillChecked() {
        var pipeline = Self.pipeline(Self.sheet())
        var intents: [Intent] = []
        for event in Self.strokes.down(300, 700, at: 0) { pipeline.take(event, into: &intents) }
        #expect(throws: TouchRefusal.self) { try pipeline.handle(Self.strokes.down(300, 700, at: 10_000)[0], into: &intents) }
    }

    // MARK: - 10.4 Growing for the keyboard

    @Test("the keyboard showing grows the topmost sheet to its largest detent, cause keyboard; it stays there when it hides")
    func keyboardGrowsSheet() throws {
        var pipeline = Self.pipeline(Self.sheet(detents: [.medium, .large], selected: .medium), keyboard: 0)
        var intents: [Intent] = []
        try pipeline.apply(.keyboard(height: Self.keyboard), time: 0, into: &intents)
        #expect(intents.map(\.kind) == [.setDetent(presentation: "compose", detent: .large, cause: .keyboard)])
        intents = []
        try pipeline.apply(.keyboard(height: 320), time: 10, into: &intents)
        try pipeline.apply(.keyboard(height: 0), time: 20, into: &intents)
        #expect(intents.isEmpty)
        #expect(pipeline.scene.presentations[0].selectedDetent == .large)
    }

    @Test("a medium-only sheet does not grow: it stays at medium, measured in the room, on the keyboard")
    func mediumOnlyStays() throws {
        var pipeline = Self.pipeline(Self.sheet(detents: [.medium], selected: .medium), keyboard: 0)
        var intents: [Intent] = []
        try pipeline.apply(.keyboard(height: Self.keyboard), time: 0, into: &intents)
        #expect(intents.isEmpty)
        #expect(pipeline.layout(of: "compose")?.frame == Rect(x: 0, y: 270, width: 1280, height: 230))
    }

    @Test("only the topmost presentation grows, and a popover does not")
    func onlyTopmostSheetGrows() throws {
        let popover = Presentation(id: "share", style: .popover, modal: false, frame: Rect(x: 900, y: 60, width: 320, height: 400))
        var pipeline = Self.pipeline(Self.sheet(detents: [.medium, .large], selected: .medium), popover, keyboard: 0)
        var intents: [Intent] = []
        try pipeline.apply(.keyboard(height: Self.keyboard), time: 0, into: &intents)
        #expect(intents.isEmpty)
    }

    // MARK: - 10.5 The keyboard goes first

    @Test("a drag of the topmost sheet asks for the keyboard to hide just before its dragBegan")
    func dragHidesKeyboardFirst() {
        var pipeline = Self.pipeline(Self.sheet())
        let intents = Self.feed(Self.strokes.down(300, 70, at: 0) + Self.strokes.motion(300, 120, at: 50_000), to: &pipeline)
        #expect(Array(intents.prefix(2)) == [.hideKeyboard(presentation: "compose", reason: .drag),
                                             .dragBegan(presentation: "compose", origin: .topRegion)])
    }

    @Test("with the keyboard hidden, a drag asks nothing of it")
    func noKeyboardNoHiding() {
        var pipeline = Self.pipeline(Self.sheet(), keyboard: 0)
        let intents = Self.feed(Self.strokes.down(300, 70, at: 0) + Self.strokes.motion(300, 120, at: 50_000), to: &pipeline)
        #expect(intents.first == .dragBegan(presentation: "compose", origin: .topRegion))
    }

    @Test("a question is never asked under the keyboard: hideKeyboard comes just before confirmationRequested")
    func questionHidesKeyboardFirst() throws {
        var pipeline = Self.pipeline(Self.sheet(unsavedChanges: true))
        var intents: [Intent] = []
        try pipeline.apply(.button(presentation: "compose", .cancel), time: 0, into: &intents)
        #expect(intents.map(\.kind) == [.hideKeyboard(presentation: "compose", reason: .question),
                                        .confirmationRequested(presentation: "compose", source: .cancelButton,
                                                               options: [.discard, .save, .keepEditing])])
    }

    @Test("a swipe on an unsaved sheet with the keyboard up: hidden for the drag, and again for the question")
    func swipeUnsavedHidesTwice() {
        var pipeline = Self.pipeline(Self.sheet(unsavedChanges: true))
        let intents = Self.feed(Self.pull(from: 70, by: 300), to: &pipeline)
        let hidings = intents.filter { if case .hideKeyboard = $0 { true } else { false } }
        #expect(hidings == [.hideKeyboard(presentation: "compose", reason: .drag), .hideKeyboard(presentation: "compose", reason: .question)])
        let question = intents.firstIndex { if case .confirmationRequested = $0 { true } else { false } }
        #expect(question.map { intents[$0 - 1] } == .hideKeyboard(presentation: "compose", reason: .question))
    }

    @Test("Escape, from a key or an assistive technology, only hides the keyboard while it is shown",
          arguments: [HostCommand.key(.escape), .accessibility(presentation: "compose", .escape)])
    func escapeHidesKeyboardOnly(command: HostCommand) throws {
        var pipeline = Self.pipeline(Self.sheet())
        var intents: [Intent] = []
        try pipeline.apply(command, time: 0, into: &intents)
        #expect(intents.map(\.kind) == [.hideKeyboard(presentation: "compose", reason: .escapeKey)])
        #expect(pipeline.scene.presentations.count == 1)
        intents = []
        try pipeline.apply(.keyboard(height: 0), time: 10, into: &intents)
        try pipeline.apply(command, time: 20, into: &intents)
        #expect(intents.map(\.kind) == [.dismiss(presentation: "compose", source: command == .key(.escape) ? .escapeKey : .accessibilityEscape,
                                                 resolution: .direct)])
    }

    @Test("with nothing presented, Escape does nothing, the keyboard shown or not")
    func escapeWithNothingPresented() throws {
        var pipeline = Self.pipeline()
        var intents: [Intent] = []
        try pipeline.apply(.key(.escape), time: 0, into: &intents)
        #expect(intents.isEmpty)
    }

    @Test("a screen change keeps the keyboard, laid out on the new screen")
    func screenChangeKeepsKeyboard() throws {
        var pipeline = Self.pipeline(Self.sheet())
        var intents: [Intent] = []
        try pipeline.apply(.screen(ScreenSize(width: 800, height: 1280, widthMM: 136, heightMM: 217)), time: 0, into: &intents)
        #expect(pipeline.scene.keyboardHeight == Self.keyboard)
        #expect(pipeline.layout(of: "compose")?.frame == Rect(x: 0, y: 40, width: 800, height: 940))
    }
}
