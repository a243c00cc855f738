import Testing
@testable import DismissKitCore

/// 1280 × 800 points on 217 × 136 mm: regular width.
private let regularScreen = ScreenSize.standard
/// 500 × 800 points on 85 × 136 mm: compact width.
private let compactScreen = ScreenSize(width: 500, height: 800, widthMM: 85, heightMM: 136)

/// A pipeline driven by one finger, for the layouts a drag gives.
private struct Finger {
    var pipeline: DismissalPipeline
    var time: Int64 = 1_000_000
    var intents: [Intent] = []

    init(_ presentations: [Presentation], screen: ScreenSize = regularScreen) {
        pipeline = DismissalPipeline(scene: Scene(screen: screen, presentations: presentations))
    }

    mutating func send(_ kind: TouchEvent.Kind, x: Double = 0, y: Double = 0) throws {
        time += 10_000
        let point = kind == .down || kind == .motion ? TouchPoint(xMM: 0, yMM: 0, x: x, y: y) : nil
        try pipeline.handle(TouchEvent(kind: kind, time: time, slot: 0, seatSlot: 0, point: point), into: &intents)
        try pipeline.handle(TouchEvent(kind: .frame, time: time), into: &intents)
    }

    /// Down at (`x`, `y`), then down (or up) in steps of 20 points to `y + travel`.
    mutating func drag(x: Double, y: Double, travel: Double) throws {
        try send(.down, x: x, y: y)
        let steps = Int((abs(travel) / 20).rounded(.up))
        for step in 1 ... steps {
            try send(.motion, x: x, y: y + travel * Double(step) / Double(steps))
        }
    }

    /// Holds still long enough for the release velocity to be 0.
    mutating func rest() {
        time += 500_000
    }

    /// The offset of the latest `dragChanged`.
    var lastDragOffset: Double? {
        for intent in intents.reversed() {
            if case .dragChanged(_, let offset, _) = intent.kind { return offset }
        }
        return nil
    }
}

@Suite("PresentationLayout")
struct PresentationLayoutTests {
    let sheet = Presentation(id: "s", style: .sheet, detents: [.medium, .large, .custom(250)], selectedDetent: .medium,
                             grabber: true)

    @Test("a regular-width sheet: each detent's height and frame, the frame at the selected one, its header, grabber and question anchor")
    func regularSheetAtEachDetent() {
        let scene = Scene(screen: regularScreen, presentations: [sheet])
        let expected: [(Detent, Double)] = [(.medium, 380), (.large, 760), (.custom(250), 250)]
        for (selected, height) in expected {
            var presentation = sheet
            presentation.selectedDetent = selected
            let layout = PresentationLayout(of: presentation, in: scene)
            let frame = Rect(x: 0, y: 800 - height, width: 1280, height: height)
            #expect(layout.role == .sheet)
            #expect(!layout.isAdapted)
            #expect(layout.selectedDetent == selected)
            #expect(layout.frame == frame)
            #expect(layout.restingFrame == frame)
            #expect(layout.dragOffset == 0)
            #expect(layout.header == Rect(x: 0, y: 800 - height, width: 1280, height: 56))
            #expect(layout.grabber == Rect(x: 622, y: 800 - height + 5.5, width: 36, height: 5))
            #expect(layout.grabberHitTarget == Rect(x: 618, y: 800 - height - 14, width: 44, height: 44))
            #expect(layout.questionAnchor == frame)
            #expect(layout.detents == [
                DetentLayout(detent: .medium, height: 380, frame: Rect(x: 0, y: 420, width: 1280, height: 380)),
                DetentLayout(detent: .large, height: 760, frame: Rect(x: 0, y: 40, width: 1280, height: 760)),
                DetentLayout(detent: .custom(250), height: 250, frame: Rect(x: 0, y: 550, width: 1280, height: 250)),
            ])
        }
    }

    @Test("a sheet is at its largest detent at the tallest of its detents only; an adapted popover and a full-screen presentation are")
    func atLargestDetent() {
        let scene = Scene(screen: regularScreen, presentations: [sheet])
        let expected: [(Detent, Bool)] = [(.medium, false), (.large, true), (.custom(250), false)]
        for (selected, atLargest) in expected {
            var presentation = sheet
            presentation.selectedDetent = selected
            #expect(PresentationLayout(of: presentation, in: scene).isAtLargestDetent == atLargest)
        }
        let popover = Presentation(id: "p", style: .popover, frame: Rect(x: 900, y: 60, width: 320, height: 400))
        #expect(PresentationLayout(of: popover, in: Scene(screen: compactScreen, presentations: [popover])).isAtLargestDetent)
        let full = Presentation(id: "f", style: .fullScreen)
        #expect(PresentationLayout(of: full, in: Scene(screen: regularScreen, presentations: [full])).isAtLargestDetent)
    }

    @Test("a compact-width sheet spans the compact screen; a custom detent taller than the screen is the screen")
    func compactSheet() {
        let scene = Scene(screen: compactScreen, presentations: [sheet])
        let layout = PresentationLayout(of: sheet, in: scene)
        #expect(layout.frame == Rect(x: 0, y: 420, width: 500, height: 380))
        #expect(layout.detents.map(\.height) == [380, 760, 250])
        #expect(layout.grabber == Rect(x: 232, y: 425.5, width: 36, height: 5))
        var tall = sheet
        tall.detents = [.custom(5000)]
        tall.selectedDetent = .custom(5000)
        #expect(PresentationLayout(of: tall, in: scene).frame == Rect(x: 0, y: 0, width: 500, height: 800))
    }

    @Test("the scene's own compact width and top inset decide the role and the large and medium detents")
    func sceneFigures() {
        // 1280 points is compact under a 1400-point compact width; the top inset is 100.
        let popover = Presentation(id: "p", style: .popover, frame: Rect(x: 900, y: 60, width: 320, height: 400))
        let scene = Scene(screen: regularScreen, presentations: [popover], compactWidth: 1400, topInset: 100)
        let adapted = PresentationLayout(of: popover, in: scene)
        #expect(adapted.role == .sheet)
        #expect(adapted.frame == Rect(x: 0, y: 100, width: 1280, height: 700))
        let medium = PresentationLayout(of: sheet, in: scene)
        #expect(medium.detents.map(\.height) == [350, 700, 250])
        #expect(medium.frame == Rect(x: 0, y: 450, width: 1280, height: 350))
    }

    @Test("a form or page sheet with its own frame is that frame in a regular width, one custom detent, and a bottom sheet in a compact one")
    func formSheetOwnFrame() {
        let own = Rect(x: 370, y: 90, width: 540, height: 620)
        for style in [PresentationStyle.formSheet, .pageSheet] {
            let form = Presentation(id: "f", style: style, detents: [.medium, .large], grabber: true, headerHeight: 60, frame: own)
            let wide = PresentationLayout(of: form, in: Scene(screen: regularScreen, presentations: [form]))
            #expect(wide.role == .sheet)
            #expect(wide.frame == own)
            #expect(wide.selectedDetent == .custom(620))
            #expect(wide.detents == [DetentLayout(detent: .custom(620), height: 620, frame: own)])
            #expect(wide.header == Rect(x: 370, y: 90, width: 540, height: 60))
            #expect(wide.grabber == Rect(x: 622, y: 95.5, width: 36, height: 5))
            #expect(wide.questionAnchor == own)
            let narrow = PresentationLayout(of: form, in: Scene(screen: compactScreen, presentations: [form]))
            #expect(narrow.frame == Rect(x: 0, y: 40, width: 500, height: 760))
            #expect(narrow.detents.map(\.detent) == [.medium, .large])
        }
    }

    @Test("a popover keeps its frame in a regular width; in a compact one it is a modal sheet at the large detent, its question on the sheet")
    func popoverAndAdaptedPopover() {
        let own = Rect(x: 900, y: 60, width: 320, height: 400)
        let popover = Presentation(id: "p", style: .popover, detents: [.medium], grabber: true, modal: false, frame: own,
                                   anchor: Rect(x: 1180, y: 10, width: 44, height: 44))
        let wide = PresentationLayout(of: popover, in: Scene(screen: regularScreen, presentations: [popover]))
        #expect(wide.role == .popover)
        #expect(!wide.isAdapted)
        #expect(wide.frame == own)
        #expect(wide.restingFrame == own)
        #expect(wide.detents.isEmpty)
        #expect(wide.header == nil)
        #expect(wide.grabber == nil)
        #expect(wide.questionAnchor == own)

        let narrow = PresentationLayout(of: popover, in: Scene(screen: compactScreen, presentations: [popover]))
        #expect(narrow.role == .sheet)
        #expect(narrow.isAdapted)
        #expect(narrow.selectedDetent == .large)
        #expect(narrow.frame == Rect(x: 0, y: 40, width: 500, height: 760))
        #expect(narrow.detents == [DetentLayout(detent: .large, height: 760, frame: Rect(x: 0, y: 40, width: 500, height: 760))])
        #expect(narrow.header == Rect(x: 0, y: 40, width: 500, height: 56))
        #expect(narrow.grabber == Rect(x: 232, y: 45.5, width: 36, height: 5))
        #expect(narrow.questionAnchor == narrow.frame)

        let context = Presentation(id: "c", style: .currentContext, detents: [.medium])
        let adaptedContext = PresentationLayout(of: context, in: Scene(screen: compactScreen, presentations: [context]))
        #expect(adaptedContext.isAdapted)
        #expect(adaptedContext.frame == Rect(x: 0, y: 40, width: 500, height: 760))
    }

    @Test("a full-screen presentation and an alert cover the screen, where their question is shown too")
    func fullScreenAndAlert() {
        let screen = Rect(x: 0, y: 0, width: 1280, height: 800)
        for style in [PresentationStyle.fullScreen, .alert] {
            let presentation = Presentation(id: "x", style: style)
            let layout = PresentationLayout(of: presentation, in: Scene(screen: regularScreen, presentations: [presentation]))
            #expect(layout.frame == screen)
            #expect(layout.questionAnchor == screen)
            #expect(layout.detents.isEmpty)
            #expect(layout.header == nil)
        }
    }

    @Test("the pipeline lays out every presentation bottom to top, and names none that is not there")
    func pipelineLayouts() {
        let popover = Presentation(id: "p", style: .popover, frame: Rect(x: 900, y: 60, width: 320, height: 400))
        let pipeline = DismissalPipeline(scene: Scene(screen: regularScreen, presentations: [sheet, popover]))
        let layouts = pipeline.layouts()
        #expect(layouts.map(\.presentation) == [sheet.presentationID, popover.presentationID])
        #expect(layouts.map(\.role) == [.sheet, .popover])
        #expect(pipeline.layout(of: "p") == layouts[1])
        #expect(pipeline.layout(of: sheet.presentationID) == layouts[0])
        #expect(pipeline.layout(of: "missing") == nil)
    }

    @Test("while dragged down, the frame, header and grabber follow the dragChanged offset; the resting frame and lower presentations stay")
    func dragDown() throws {
        let below = Presentation(id: "below", style: .sheet)
        var finger = Finger([below, sheet])
        try finger.drag(x: 100, y: 440, travel: 120)
        let offset = try #require(finger.lastDragOffset)
        #expect(offset == 120)
        let layout = try #require(finger.pipeline.layout(of: "s"))
        #expect(layout.dragOffset == offset)
        #expect(layout.restingFrame == Rect(x: 0, y: 420, width: 1280, height: 380))
        #expect(layout.frame == Rect(x: 0, y: 540, width: 1280, height: 380))
        #expect(layout.header == Rect(x: 0, y: 540, width: 1280, height: 56))
        #expect(layout.grabber == Rect(x: 622, y: 545.5, width: 36, height: 5))
        #expect(layout.questionAnchor == layout.restingFrame)
        #expect(finger.pipeline.layout(of: "below")?.dragOffset == 0)
        #expect(finger.pipeline.layout(of: "below")?.frame == Rect(x: 0, y: 40, width: 1280, height: 760))

        finger.rest()
        try finger.send(.up)
        let settled = try #require(finger.pipeline.layout(of: "s"))
        #expect(settled.dragOffset == 0)
        #expect(settled.frame == settled.restingFrame)
    }

    @Test("dragged up past the largest detent, the sheet grows from its fixed bottom by the rubber-banded offset, less than the finger's travel")
    func dragUpRubberBand() throws {
        var finger = Finger([sheet])
        try finger.drag(x: 100, y: 440, travel: -500)
        let offset = try #require(finger.lastDragOffset)
        // 380 points up reach the large detent; the other 120 are resisted.
        let expected = -380 - GestureConfiguration().rubberBand(120, sheetHeight: 380)
        #expect(abs(offset - expected) < 1e-9)
        #expect(offset > -500)
        let layout = try #require(finger.pipeline.layout(of: "s"))
        #expect(layout.dragOffset == offset)
        #expect(layout.frame == Rect(x: 0, y: 420 + offset, width: 1280, height: 380 - offset))
        #expect(layout.frame.y + layout.frame.height == 800)
        #expect(layout.header?.y == 420 + offset)
        #expect(layout.grabberHitTarget?.y == 406 + offset)
    }

    @Test("a gated sheet dragged below its smallest detent is drawn at the resisted offset")
    func gatedDragRubberBand() throws {
        var gated = sheet
        gated.unsavedChanges = true
        gated.detents = [.medium]
        var finger = Finger([gated])
        try finger.drag(x: 100, y: 440, travel: 200)
        let offset = try #require(finger.lastDragOffset)
        #expect(abs(offset - GestureConfiguration().rubberBand(200, sheetHeight: 380)) < 1e-9)
        #expect(offset < 200)
        #expect(finger.pipeline.layout(of: "s")?.frame == Rect(x: 0, y: 420 + offset, width: 1280, height: 380))
    }

    @Test("a drag on an adapted popover moves the large sheet it is drawn as")
    func adaptedPopoverDrag() throws {
        let popover = Presentation(id: "p", style: .popover, grabber: true, frame: Rect(x: 100, y: 60, width: 320, height: 400))
        var finger = Finger([popover], screen: compactScreen)
        try finger.drag(x: 100, y: 60, travel: 80)
        let layout = try #require(finger.pipeline.layout(of: "p"))
        #expect(layout.role == .sheet)
        #expect(layout.dragOffset == 80)
        #expect(layout.frame == Rect(x: 0, y: 120, width: 500, height: 760))
    }
}
