import Testing
@testable import DismissKitCore

@Suite("PresentationGeometry")
struct PresentationGeometryTests {
    /// 1280 × 800 points on 217 × 136 mm: regular width, about 5.89 points per millimetre.
    let regular = Scene()
    /// 500 × 800 points on 85 × 136 mm: compact width.
    let compact = Scene(screen: ScreenSize(width: 500, height: 800, widthMM: 85, heightMM: 136))

    @Test("detent heights: large is the screen minus the top inset, medium half of it, custom its number")
    func detentHeights() {
        let geometry = PresentationGeometry(presentation: Presentation(id: "s", style: .sheet), in: regular)
        #expect(geometry.height(of: .large) == 760)
        #expect(geometry.height(of: .medium) == 380)
        #expect(geometry.height(of: .custom(250)) == 250)
        #expect(geometry.height(of: .custom(5000)) == 800)
        #expect(geometry.height(of: .custom(-3)) == 0)
    }

    @Test("a medium sheet is bottom-anchored, full width, with its top region, grabber and content")
    func mediumSheetRegions() {
        let sheet = Presentation(id: "s", style: .sheet, detents: [.medium, .large], selectedDetent: .medium, grabber: true)
        let geometry = PresentationGeometry(presentation: sheet, in: regular)
        #expect(geometry.shape == .sheet)
        #expect(geometry.frame == Rect(x: 0, y: 420, width: 1280, height: 380))
        #expect(geometry.topRegion == Rect(x: 0, y: 420, width: 1280, height: 56))
        #expect(geometry.content == Rect(x: 0, y: 476, width: 1280, height: 324))
        #expect(geometry.grabber == Rect(x: 622, y: 425.5, width: 36, height: 5))
        // 7 mm is 41.2 points here, so 44 points wins.
        #expect(geometry.grabberHitTarget == Rect(x: 618, y: 406, width: 44, height: 44))
        #expect(geometry.region(x: 640, y: 410) == .grabber)
        #expect(geometry.region(x: 100, y: 430) == .topRegion)
        #expect(geometry.region(x: 100, y: 480) == .content)
        #expect(geometry.region(x: 100, y: 300) == .outside)
        #expect(geometry.tapOutside == .dismiss)
    }

    @Test("the grabber hit target grows to 7 mm on a dense screen")
    func grabberHitTargetInMillimetres() {
        let dense = Scene(screen: ScreenSize(width: 2560, height: 1600, widthMM: 217, heightMM: 136))
        let geometry = PresentationGeometry(presentation: Presentation(id: "s", style: .sheet, grabber: true), in: dense)
        let side = 7 * dense.screen.pointsPerMillimetre
        #expect(side > 80)
        let target = geometry.grabberHitTarget
        #expect(target?.width == side)
        #expect(target?.height == side)
        #expect(abs((target.map { $0.x + $0.width / 2 } ?? 0) - 1280) < 1e-9)
        #expect(abs((target.map { $0.y + $0.height / 2 } ?? 0) - (40 + 8)) < 1e-9)
    }

    @Test("a popover keeps its frame and anchor in a regular width and becomes a large sheet in a compact one")
    func popoverAdaptivity() {
        let popover = Presentation(id: "p", style: .popover, modal: false,
                                   frame: Rect(x: 900, y: 60, width: 320, height: 400),
                                   anchor: Rect(x: 1180, y: 10, width: 44, height: 44))
        let wide = PresentationGeometry(presentation: popover, in: regular)
        #expect(wide.shape == .popover)
        #expect(wide.frame == Rect(x: 900, y: 60, width: 320, height: 400))
        #expect(wide.region(x: 1000, y: 100) == .inside)
        #expect(wide.region(x: 1200, y: 30) == .anchor)
        #expect(wide.tapOutside == .dismiss)

        let narrow = PresentationGeometry(presentation: popover, in: compact)
        #expect(narrow.shape == .sheet)
        #expect(narrow.selectedDetent == .large)
        #expect(narrow.detents == [.large])
        #expect(narrow.frame == Rect(x: 0, y: 40, width: 500, height: 760))
        #expect(narrow.anchor == nil)
        #expect(narrow.tapOutside == .ignore)
    }

    @Test("a current-context presentation is a sheet, and a large sheet in a compact width")
    func currentContext() {
        let presentation = Presentation(id: "c", style: .currentContext, detents: [.medium], selectedDetent: .medium)
        #expect(PresentationGeometry(presentation: presentation, in: regular).frame.height == 380)
        #expect(PresentationGeometry(presentation: presentation, in: compact).frame.height == 760)
    }

    @Test("alerts and full-screen presentations cover the whole screen and ignore taps outside")
    func fullScreenShapes() {
        for style in [PresentationStyle.alert, .fullScreen] {
            let geometry = PresentationGeometry(presentation: Presentation(id: "a", style: style, tapOutside: .dismiss), in: regular)
            #expect(geometry.frame == Rect(x: 0, y: 0, width: 1280, height: 800))
            #expect(geometry.region(x: 1, y: 1) == .inside)
            #expect(geometry.tapOutside == .ignore)
        }
    }

    @Test("a regular-width form sheet with a frame is that frame: its top, its height as its only detent")
    func formSheetFrame() {
        let form = Presentation(id: "f", style: .formSheet, detents: [.medium], frame: Rect(x: 340, y: 100, width: 600, height: 600))
        let regularGeometry = PresentationGeometry(presentation: form, in: regular)
        #expect(regularGeometry.frame == Rect(x: 340, y: 100, width: 600, height: 600))
        #expect(regularGeometry.detents == [.custom(600)])
        #expect(regularGeometry.selectedDetent == .custom(600))
        #expect(regularGeometry.topRegion == Rect(x: 340, y: 100, width: 600, height: 56))
        #expect(regularGeometry.region(x: 640, y: 120) == .topRegion)
        #expect(regularGeometry.region(x: 640, y: 400) == .content)
        #expect(regularGeometry.region(x: 640, y: 80) == .outside)
        #expect(regularGeometry.region(x: 200, y: 400) == .outside)
        // In a compact width the frame no longer applies: a bottom-anchored sheet at its detent.
        #expect(PresentationGeometry(presentation: form, in: compact).frame == Rect(x: 0, y: 420, width: 500, height: 380))
    }

    @Test("tap outside defaults follow the SPEC table, and overrides win except on a non-modal sheet")
    func tapOutsideDefaults() {
        func action(_ presentation: Presentation, _ scene: Scene) -> TapOutsideAction {
            PresentationGeometry(presentation: presentation, in: scene).tapOutside
        }
        let sheet = Presentation(id: "s", style: .sheet)
        #expect(action(sheet, regular) == .dismiss)
        #expect(action(sheet, compact) == .ignore)
        #expect(action(Presentation(id: "p", style: .popover, modal: true), regular) == .ignore)
        #expect(action(Presentation(id: "p", style: .popover, modal: false), regular) == .dismiss)
        #expect(action(Presentation(id: "s", style: .sheet, tapOutside: .passthrough), regular) == .passthrough)
        #expect(action(Presentation(id: "s", style: .sheet, tapOutside: .dismiss), compact) == .dismiss)
        let nonModal = Presentation(id: "n", style: .sheet, detents: [.medium], modal: false, tapOutside: .dismiss)
        #expect(action(nonModal, regular) == .ignore)
        #expect(PresentationGeometry(presentation: nonModal, in: regular).outsideTouchesGoToParent)
    }

    @Test("next, previous and nearest detents are ordered by height")
    func detentOrder() {
        let sheet = Presentation(id: "s", style: .sheet, detents: [.large, .custom(200), .medium], selectedDetent: .medium)
        let geometry = PresentationGeometry(presentation: sheet, in: regular)
        #expect(geometry.smallestDetent == .custom(200))
        #expect(geometry.largestDetent == .large)
        #expect(geometry.nextLargerDetent == .large)
        #expect(geometry.nextSmallerDetent == .custom(200))
        #expect(geometry.nearestDetent(toHeight: 280) == .custom(200))
        #expect(geometry.nearestDetent(toHeight: 300) == .medium)
        #expect(geometry.nearestDetent(toHeight: 700) == .large)
        let onlyMedium = PresentationGeometry(presentation: Presentation(id: "m", style: .sheet, detents: [.medium]), in: regular)
        #expect(onlyMedium.nextLargerDetent == nil)
        #expect(onlyMedium.largestDetent == .medium)
    }
}
