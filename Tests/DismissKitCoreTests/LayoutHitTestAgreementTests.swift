import Testing
@testable import DismissKitCore

/// What a host draws from ``PresentationLayout`` is what the pipeline hit-tests: at many points
/// of many scenes, a touch the pipeline takes as the grabber, the header or the sheet lies in
/// the layout's grabber hit target, header or frame, and a touch it takes as outside lies in
/// none of them; during a drag, a second contact on a non-modal sheet counts exactly where the
/// layout draws the dragged sheet.
@Suite("PresentationLayout agrees with the hit test")
struct LayoutHitTestAgreementTests {
    static let regular = ScreenSize.standard
    static let compact = ScreenSize(width: 500, height: 800, widthMM: 85, heightMM: 136)

    static let scenes: [(name: String, scene: Scene)] = {
        func sheet(_ detent: Detent, headerHeight: Double = 56, modal: Bool = true) -> Presentation {
            Presentation(id: "s", style: .sheet, detents: [.medium, .large, .custom(250)], selectedDetent: detent, grabber: true,
                         headerHeight: headerHeight, modal: modal)
        }
        let form = Presentation(id: "f", style: .formSheet, grabber: true, frame: Rect(x: 370, y: 90, width: 540, height: 620))
        let popover = Presentation(id: "p", style: .popover, grabber: true, modal: false,
                                   frame: Rect(x: 100, y: 300, width: 320, height: 400), anchor: Rect(x: 200, y: 240, width: 44, height: 44))
        var scenes: [(String, Scene)] = []
        for (width, screen) in [("regular", regular), ("compact", compact)] {
            scenes.append(("\(width) medium sheet", Scene(screen: screen, presentations: [sheet(.medium)])))
            scenes.append(("\(width) large sheet", Scene(screen: screen, presentations: [sheet(.large)])))
            scenes.append(("\(width) custom sheet", Scene(screen: screen, presentations: [sheet(.custom(250), headerHeight: 80)])))
            scenes.append(("\(width) non-modal sheet", Scene(screen: screen, presentations: [sheet(.medium, modal: false)])))
            scenes.append(("\(width) form sheet", Scene(screen: screen, presentations: [form])))
            scenes.append(("\(width) popover", Scene(screen: screen, presentations: [popover])))
        }
        return scenes
    }()

    /// A grid over the screen, and the corners of every rectangle of the layout and just inside and
    /// outside them.
    static func points(on screen: ScreenSize, around layout: PresentationLayout) -> [(x: Double, y: Double)] {
        var points: [(x: Double, y: Double)] = []
        var y = 1.0
        while y < screen.height {
            var x = 1.0
            while x < screen.width {
                points.append((x, y))
                x += 17
            }
            y += 9
        }
        for rect in [layout.frame, layout.header, layout.grabberHitTarget].compactMap({ $0 }) {
            let xs = [rect.x - 0.01, rect.x, rect.x + 0.01, rect.x + rect.width / 2, rect.x + rect.width - 0.01, rect.x + rect.width]
            let ys = [rect.y - 0.01, rect.y, rect.y + 0.01, rect.y + rect.height / 2, rect.y + rect.height - 0.01, rect.y + rect.height]
            for x in xs { for y in ys { points.append((x, y)) } }
        }
        return points
    }

    static func touch(_ kind: TouchEvent.Kind, seatSlot: Int32, x: Double, y: Double, time: Int64) -> TouchEvent {
        TouchEvent(kind: kind, time: time, slot: seatSlot, seatSlot: seatSlot, point: TouchPoint(xMM: 0, yMM: 0, x: x, y: y))
    }

    @Test("a first touch: grabber, header and sheet as hit-tested lie in the layout's grabber target, header and frame; outside in none",
          arguments: scenes.map(\.name))
    func firstTouch(name: String) throws {
        let scene = try #require(Self.scenes.first { $0.name == name }?.scene)
        let pipeline = DismissalPipeline(scene: scene)
        let layout = try #require(pipeline.layouts().last)
        var checked = (grabber: 0, header: 0, content: 0, inside: 0, outside: 0)
        for (x, y) in Self.points(on: scene.screen, around: layout) {
            var touched = pipeline
            var intents: [Intent] = []
            try touched.handle(Self.touch(.down, seatSlot: 0, x: x, y: y, time: 1_000), into: &intents)
            let inFrame = layout.frame.contains(x: x, y: y)
            let inHeader = layout.header?.contains(x: x, y: y) ?? false
            let inGrabber = layout.grabberHitTarget?.contains(x: x, y: y) ?? false
            switch touched.recogniser.phase {
            case .pressed(_, .grabber):
                #expect(inGrabber, "\(name): grabber at (\(x), \(y)) outside the layout's grabber target")
                checked.grabber += 1
            case .pressed(_, .topRegion):
                #expect(inHeader && !inGrabber, "\(name): header at (\(x), \(y)) outside the layout's header")
                checked.header += 1
            case .pressed(_, .content):
                #expect(inFrame && !inHeader && !inGrabber, "\(name): sheet at (\(x), \(y)) outside the layout's frame")
                checked.content += 1
            case .pressed:
                Issue.record("\(name): a press at (\(x), \(y)) on no region of a sheet")
            case .ignoringUntilLift where layout.role == .popover && inFrame:
                checked.inside += 1
            case .idle, .ignoringUntilLift, .tapOutside:
                #expect(!inFrame && !inGrabber, "\(name): (\(x), \(y)) in the layout but not hit-tested on the presentation")
                checked.outside += 1
            case .scrollingContent, .dragging:
                Issue.record("\(name): a first touch at (\(x), \(y)) started a drag")
            }
        }
        // Every kind of region was met.
        if layout.role == .sheet {
            #expect(checked.grabber > 0 && checked.header > 0 && checked.content > 0 && checked.outside > 0)
        } else {
            #expect(checked.inside > 0 && checked.outside > 0)
        }
    }

    @Test("during a drag, a second contact on a non-modal sheet ends it exactly where the layout draws the dragged sheet",
          arguments: [120.0, -300.0])
    func secondContactDuringDrag(travel: Double) throws {
        let sheet = Presentation(id: "s", style: .sheet, detents: [.medium, .large], selectedDetent: .medium, grabber: true, modal: false)
        let scene = Scene(screen: Self.regular, presentations: [sheet])
        var pipeline = DismissalPipeline(scene: scene)
        var intents: [Intent] = []
        var time: Int64 = 1_000
        try pipeline.handle(Self.touch(.down, seatSlot: 0, x: 100, y: 440, time: time), into: &intents)
        for step in 1 ... 20 {
            time += 10_000
            try pipeline.handle(Self.touch(.motion, seatSlot: 0, x: 100, y: 440 + travel * Double(step) / 20, time: time), into: &intents)
        }
        let layout = try #require(pipeline.layout(of: "s"))
        #expect(layout.dragOffset != 0)
        #expect(layout.frame != layout.restingFrame)
        var counted = (inside: 0, outside: 0)
        for (x, y) in Self.points(on: scene.screen, around: layout) {
            var touched = pipeline
            var ended: [Intent] = []
            try touched.handle(Self.touch(.down, seatSlot: 1, x: x, y: y, time: time + 1_000), into: &ended)
            let cancelled = ended.contains { if case .dragEnded(_, .cancel, _) = $0.kind { true } else { false } }
            let onSheet = layout.frame.contains(x: x, y: y) || (layout.grabberHitTarget?.contains(x: x, y: y) ?? false)
            #expect(cancelled == onSheet, "a second contact at (\(x), \(y)): cancelled \(cancelled), on the drawn sheet \(onSheet)")
            if onSheet { counted.inside += 1 } else { counted.outside += 1 }
        }
        #expect(counted.inside > 0 && counted.outside > 0)
    }
}
