import Testing
@testable import DismissKitCore

@Suite("GestureRecogniser")
struct GestureRecogniserTests {
    // The standard screen: 1280 × 800 points, 5.89 points per mm, so the slop is 11.78 points.
    // A large sheet is 760 points high (top edge at y 40), a medium one 380 (top edge at y 420).
    static let slop = 2 * ScreenSize.standard.pointsPerMillimetre

    static func sheet(_ id: String = "sheet", detents: [Detent] = [.large], selected: Detent? = nil, grabber: Bool = false,
                      contentOffset: Double = 0, unsavedChanges: Bool = false, dismissible: Bool = true,
                      modal: Bool = true, tapOutside: TapOutsideAction? = nil) -> Presentation {
        Presentation(id: id, style: .sheet, detents: detents, selectedDetent: selected, grabber: grabber,
                     contentOffset: contentOffset, modal: modal, unsavedChanges: unsavedChanges, dismissible: dismissible,
                     tapOutside: tapOutside)
    }

    static func scene(_ presentations: Presentation...) -> Scene { Scene(presentations: presentations) }

    static func popover(modal: Bool) -> Presentation {
        Presentation(id: "share", style: .popover, modal: modal,
                     frame: Rect(x: 900, y: 60, width: 320, height: 400),
                     anchor: Rect(x: 1180, y: 10, width: 44, height: 44),
                     passthrough: [Rect(x: 1000, y: 10, width: 150, height: 44)])
    }

    // MARK: Swipe from the top

    /// Diagram row: | `pressed` | `motion` past the slop, vertical, the sheet's share ≠ 0 | `dragging` | (`contentScrolled`), `dragBegan`, `dragChanged` |
    @Test("a swipe from the top follows the finger and reports each step")
    func swipeFromTopSteps() {
        var h = Harness(Self.scene(Self.sheet()))
        let s = h.strokes
        h.feed(s.down(640, 80, at: 0))
        #expect(h.recogniser.phase == .pressed(presentation: "sheet", region: .topRegion))
        #expect(h.feed(s.motion(640, 90, at: 10_000)).isEmpty)
        #expect(h.recogniser.phase == .pressed(presentation: "sheet", region: .topRegion))
        let began = h.feed(s.motion(640, 100, at: 20_000))
        #expect(decisions(began) == ["dragBegan sheet topRegion"])
        #expect(shownOffsets(began) == [20])
        #expect(h.recogniser.phase == .dragging(presentation: "sheet", origin: .topRegion, offset: 20))
        let changed = h.feed(s.motion(640, 130, at: 30_000))
        #expect(changed.count == 1)
        guard case .intent(let intent) = changed.first, case .dragChanged("sheet", let offset, let velocity) = intent.kind else {
            Issue.record("expected dragChanged, got \(changed)")
            return
        }
        #expect(offset == 50)
        // Samples (0 ms, 0), (20 ms, 20), (30 ms, 50): mean t 50/3, mean y 70/3,
        // Σ(t − t̄)(y − ȳ) = 1900 − 3500/3 = 2200/3, Σ(t − t̄)² = 1300 − 2500/3 = 1400/3: slope 11/7 points/ms.
        #expect(close(velocity, 11_000.0 / 7))
        #expect(intent.time == 30_000)
        // Rest 200 ms: zero velocity, projected 50, below 380: settle at large.
        let ended = h.feed(s.up(at: 230_000))
        #expect(decisions(ended) == ["dragEnded sheet settle large"])
        #expect(h.recogniser.phase == .idle)
    }

    @Test("a down lays the presentation out again when anything it is laid out from changed between gestures")
    func layoutFollowsTheSceneBetweenGestures() {
        // The same point, (640, 90), on the same presentation: the top region at a 56-point
        // header, content at a 20-point one (the grabber's hit target, 26 to 70, misses it), outside
        // a medium sheet or a sheet 110 points lower, on the grabber of a sheet 35 points lower, and
        // on the grabber after the configuration widens its hit target to 100 points.
        var h = Harness(Self.scene(Self.sheet()))
        let s = h.strokes
        var time: Int64 = 0
        func region(after change: (inout Harness) -> Void) -> GestureRecogniser.Phase {
            change(&h)
            time += 1_000_000
            h.feed(s.down(640, 90, at: time))
            let phase = h.recogniser.phase
            h.feed(s.up(at: time + 500_000))
            return phase
        }
        #expect(region { _ in } == .pressed(presentation: "sheet", region: .topRegion))
        #expect(region { _ in } == .pressed(presentation: "sheet", region: .topRegion))
        #expect(region { $0.scene.presentations[0].headerHeight = 20 } == .pressed(presentation: "sheet", region: .content))
        #expect(region { $0.scene.presentations[0].grabber = true } == .pressed(presentation: "sheet", region: .content))
        #expect(region { $0.scene.presentations[0].headerHeight = 60 } == .pressed(presentation: "sheet", region: .topRegion))
        #expect(region { $0.scene.presentations[0].detents = [.medium]; $0.scene.presentations[0].selectedDetent = .medium }
            == .tapOutside(presentation: "sheet"))
        #expect(region { $0.scene.presentations[0].detents = [.large]; $0.scene.presentations[0].selectedDetent = .large }
            == .pressed(presentation: "sheet", region: .topRegion))
        #expect(region { $0.scene.topInset = 150 } == .tapOutside(presentation: "sheet"))
        #expect(region { $0.scene.topInset = 75 } == .pressed(presentation: "sheet", region: .grabber))
        #expect(region { $0.scene.topInset = 40 } == .pressed(presentation: "sheet", region: .topRegion))
        #expect(region { $0.recogniser.configuration.grabberHitTargetMinimumPoints = 100 }
            == .pressed(presentation: "sheet", region: .grabber))
        #expect(region { $0.scene.presentations[0].id = "other" } == .pressed(presentation: "other", region: .grabber))
    }

    @Test("dismiss fraction by distance", arguments: [("370 points settles", 370.0, false), ("390 points dismisses", 390.0, true)])
    func dismissByDistance(name: String, distance: Double, dismisses: Bool) {
        var h = Harness(Self.scene(Self.sheet()))
        let out = h.feed(h.strokes.stroke(from: (640, 60), to: (640, 60 + distance), duration: 600_000, rest: 100_000))
        #expect(decisions(out) == (dismisses
            ? ["dragBegan sheet topRegion", "dragEnded sheet dismissAttempt large", "attempt sheet swipeFromTop"]
            : ["dragBegan sheet topRegion", "dragEnded sheet settle large"]))
        let explanation = releaseExplanation(out)
        #expect(explanation?.velocity == 0)
        #expect(explanation?.threshold == 380)
        #expect(explanation.map { close($0.projectedOffset, distance) } == true)
    }

    // 100 points in T ms: projected 100 + 499 · 100 / T passes 380 when T < 178.2 ms.
    @Test("dismiss fraction by velocity", arguments: [("170 ms flick dismisses", Int64(170_000), true), ("190 ms flick settles", Int64(190_000), false)])
    func dismissByVelocity(name: String, duration: Int64, dismisses: Bool) {
        var h = Harness(Self.scene(Self.sheet()))
        let out = h.feed(h.strokes.stroke(from: (640, 60), to: (640, 160), duration: duration))
        #expect(decisions(out).contains("attempt sheet swipeFromTop") == dismisses)
        let expectedVelocity = 100 / (Double(duration) / 1000)
        let explanation = releaseExplanation(out)
        #expect(explanation.map { close($0.velocity, expectedVelocity * 1000) } == true)
        #expect(explanation.map { close($0.projectedOffset, 100 + expectedVelocity * 499) } == true)
        #expect(explanation.map { close($0.margin, $0.projectedOffset - 380) } == true)
    }

    @Test("rest cut-off", arguments: [("39 ms rest keeps the velocity", Int64(39_000), true), ("41 ms rest zeroes it", Int64(41_000), false)])
    func restCutoff(name: String, rest: Int64, dismisses: Bool) {
        var h = Harness(Self.scene(Self.sheet()))
        // 1 point/ms: projected 100 + 499 = 599 with velocity, 100 without.
        let out = h.feed(h.strokes.stroke(from: (640, 60), to: (640, 160), duration: 100_000, rest: rest))
        #expect(decisions(out).contains("attempt sheet swipeFromTop") == dismisses)
        #expect(releaseExplanation(out).map { close($0.velocity, dismisses ? 1000 : 0) } == true)
    }

    @Test("touch slop", arguments: [("within the slop", -0.5, false), ("past the slop", 0.5, true)])
    func touchSlop(name: String, beyond: Double, drags: Bool) {
        var h = Harness(Self.scene(Self.sheet()))
        let s = h.strokes
        let y = 80 + Self.slop + beyond
        h.feed(s.down(640, 80, at: 0) + s.motion(640, y, at: 50_000))
        #expect(h.recogniser.phase == (drags
            ? .dragging(presentation: "sheet", origin: .topRegion, offset: y - 80)
            : .pressed(presentation: "sheet", region: .topRegion)))
        let out = h.feed(s.up(at: 500_000))
        #expect(decisions(h.outputs) == (drags ? ["dragBegan sheet topRegion", "dragEnded sheet settle large"] : []))
        #expect(out.isEmpty != drags)
    }

    /// Diagram row: | `pressed` | `motion` of the contact past the slop, more horizontal than vertical | resting | |
    @Test("cross-axis", arguments: [("more horizontal fails", 20.0, 10.0, false), ("more vertical drags", 10.0, 20.0, true)])
    func crossAxis(name: String, dx: Double, dy: Double, drags: Bool) {
        var h = Harness(Self.scene(Self.sheet()))
        let s = h.strokes
        h.feed(s.down(640, 300, at: 0) + s.motion(640 + dx, 300 + dy, at: 30_000))
        #expect(h.recogniser.phase == (drags
            ? .dragging(presentation: "sheet", origin: .scrolledContent, offset: dy)
            : .ignoringUntilLift))
        // Once failed, a later vertical move changes nothing.
        h.feed(s.motion(640, 700, at: 60_000) + s.up(at: 300_000))
        #expect(decisions(h.outputs) == (drags
            ? ["dragBegan sheet scrolledContent", "dragEnded sheet dismissAttempt large", "attempt sheet swipeScrolledContent"]
            : []))
        #expect(h.recogniser.phase == .idle)
    }

    @Test("an upward swipe from the top of a medium sheet settles on large")
    func swipeUpToLarge() {
        var h = Harness(Self.scene(Self.sheet(detents: [.medium, .large], selected: .medium)))
        let out = h.feed(h.strokes.stroke(from: (300, 440), to: (300, 200), duration: 400_000, rest: 100_000))
        #expect(decisions(out) == ["dragBegan sheet topRegion", "dragEnded sheet settle large", "setDetent sheet large swipe"])
    }

    @Test("a swipe down from a large sheet settles on medium when that is nearest")
    func swipeDownToMedium() {
        var h = Harness(Self.scene(Self.sheet(detents: [.medium, .large])))
        // Projected 250: a height of 510, nearer medium (380) than large (760).
        let out = h.feed(h.strokes.stroke(from: (300, 60), to: (300, 310), duration: 500_000, rest: 100_000))
        #expect(decisions(out) == ["dragBegan sheet topRegion", "dragEnded sheet settle medium", "setDetent sheet medium swipe"])
    }

    @Test("the same stroke at 30, 60, 120 and 240 Hz gives the same decisions",
          arguments: [("flick", 120.0, Int64(90_000), Int64(0)), ("slow drag", 300.0, Int64(900_000), Int64(0)),
                      ("long drag rested", 420.0, Int64(700_000), Int64(60_000)), ("short flick", 60.0, Int64(70_000), Int64(0)),
                      ("slow short drag settles", 150.0, Int64(1_000_000), Int64(0)),
                      ("short drag rested settles", 300.0, Int64(300_000), Int64(45_000))])
    func timingJitter(name: String, distance: Double, duration: Int64, rest: Int64) {
        var results: [[String]] = []
        var margins: [Double] = []
        for rate in [30.0, 60.0, 120.0, 240.0] {
            var h = Harness(Self.scene(Self.sheet()))
            var s = h.strokes
            s.rate = rate
            let out = h.feed(s.stroke(from: (640, 60), to: (640, 60 + distance), duration: duration, rest: rest))
            results.append(decisions(out))
            margins.append(releaseExplanation(out)?.margin ?? .nan)
        }
        #expect(Set(results.map { $0.joined(separator: "|") }).count == 1, "\(results)")
        #expect(results[0].count >= 2)
        // A straight stroke gives the same figures whatever the rate.
        #expect(margins.allSatisfy { close($0, margins[0], tolerance: 1e-3) }, "\(margins)")
    }

    // MARK: Content and hand-off

    /// Diagram row: | `scrollingContent` | `motion` of the contact, the sheet's share ≠ 0 (hand-off) | `dragging` | (`contentScrolled` 0), `dragBegan`, `dragChanged`; the velocity samples restart at the hand-off instant |
    @Test("content at its top drags the sheet; scrolled content scrolls first and hands off")
    func handOffSteps() {
        var h = Harness(Self.scene(Self.sheet(contentOffset: 100)))
        let s = h.strokes
        h.feed(s.down(640, 300, at: 0) + s.motion(640, 350, at: 20_000))
        #expect(h.recogniser.phase == .scrollingContent(presentation: "sheet", contentOffset: 50))
        // The pipeline scrolls the content 1:1 and says where it assumes it is.
        #expect(decisions(h.outputs).isEmpty)
        #expect(contentOffsets(h.outputs) == [50])
        let handOff = h.feed(s.motion(640, 420, at: 40_000))
        #expect(contentOffsets(handOff) == [0])
        #expect(decisions(handOff) == ["dragBegan sheet scrolledContent"])
        #expect(shownOffsets(handOff) == [20])
        #expect(h.recogniser.phase == .dragging(presentation: "sheet", origin: .scrolledContent, offset: 20))
    }

    @Test("a fast scroll that reaches the top does not dismiss")
    func fastScrollToTop() {
        var h = Harness(Self.scene(Self.sheet(contentOffset: 300)))
        // 300 points in 60 ms: 5 points/ms, exactly to the top.
        let out = h.feed(h.strokes.stroke(from: (640, 200), to: (640, 500), duration: 60_000))
        #expect(decisions(out) == [])
    }

    @Test("velocity counts from the hand-off: the scroll neither adds to nor dilutes it")
    func velocityAfterHandOff() {
        var h = Harness(Self.scene(Self.sheet(contentOffset: 200)))
        let s = h.strokes
        // 200 points of scroll in 100 ms (2 points/ms), then 20 points of sheet in 60 ms (1/3 point/ms).
        let events = s.down(640, 200, at: 0)
            + s.segment(from: (640, 200), to: (640, 400), start: 0, duration: 100_000)
            + s.segment(from: (640, 400), to: (640, 420), start: 100_000, duration: 60_000)
            + s.up(at: 160_000)
        let out = h.feed(events)
        #expect(decisions(out) == ["dragBegan sheet scrolledContent", "dragEnded sheet settle large"])
        // The sheet's own velocity (SPEC 4.6): the fit starts at the hand-off, so it is the 1/3
        // point/ms the sheet followed at, not the 2 points/ms scroll and not a blend of the two.
        let explanation = releaseExplanation(out)
        #expect(explanation.map { close($0.velocity, 1000.0 / 3, tolerance: 0.5) } == true)
        #expect(explanation.map { close($0.projectedOffset, 20 + $0.velocity * 0.499, tolerance: 1e-3) } == true)
    }

    @Test("a flick right after the content reaches its top is as fast as the same flick from the top region")
    func flickAfterHandOff() {
        // Content scrolled 100 points, scrolled to its top slowly (100 points in 500 ms), then a
        // 1,800 points/s flick for 50 ms and a lift.
        var content = Harness(Self.scene(Self.sheet(contentOffset: 100)))
        let s = content.strokes
        let flicked = content.feed(s.down(640, 300, at: 0)
            + s.segment(from: (640, 300), to: (640, 400), start: 0, duration: 500_000)
            + s.segment(from: (640, 400), to: (640, 490), start: 500_000, duration: 50_000)
            + s.up(at: 550_000))
        #expect(decisions(flicked) == ["dragBegan sheet scrolledContent", "dragEnded sheet dismissAttempt large",
                                       "attempt sheet swipeScrolledContent"])
        // The same 90 points in 50 ms from the top region.
        var top = Harness(Self.scene(Self.sheet()))
        let t = top.strokes
        let fromTop = top.feed(t.down(640, 60, at: 500_000)
            + t.segment(from: (640, 60), to: (640, 150), start: 500_000, duration: 50_000) + t.up(at: 550_000))
        let afterHandOff = releaseExplanation(flicked)
        let fromTopRegion = releaseExplanation(fromTop)
        #expect(afterHandOff.map { close($0.velocity, 1800, tolerance: 1) } == true)
        #expect(afterHandOff.flatMap { a in fromTopRegion.map { close(a.velocity, $0.velocity) } } == true)
    }

    @Test("a fast scroll that stops at the top and lifts does not dismiss")
    func scrollStopsAtTheTop() {
        var h = Harness(Self.scene(Self.sheet(contentOffset: 200)))
        // 2 points/ms to the top, 4 more points, then the finger rests 50 ms before it lifts.
        let out = h.feed(h.strokes.stroke(from: (640, 200), to: (640, 404), duration: 102_000, rest: 50_000))
        #expect(decisions(out) == ["dragBegan sheet scrolledContent", "dragEnded sheet settle large"])
        #expect(releaseExplanation(out).map { $0.velocity == 0 && $0.projectedOffset < $0.threshold } == true)
    }

    @Test("movement after the hand-off dismisses")
    func movementAfterHandOffDismisses() {
        var h = Harness(Self.scene(Self.sheet(contentOffset: 200)))
        let out = h.feed(h.strokes.stroke(from: (640, 100), to: (640, 700), duration: 800_000, rest: 100_000))
        #expect(decisions(out) == ["dragBegan sheet scrolledContent", "dragEnded sheet dismissAttempt large",
                                   "attempt sheet swipeScrolledContent"])
        // The finger's 600 points minus the 200 points of scroll.
        #expect(releaseExplanation(out).map { close($0.projectedOffset, 400) } == true)
    }

    @Test("content moved up at a smaller detent grows the sheet with the finger, then the content takes the movement")
    func growingFromContent() {
        // Medium (380 points, top edge y 420) with a large detent (760): the sheet can grow 380 points.
        var h = Harness(Self.scene(Self.sheet(detents: [.medium, .large], selected: .medium)))
        let s = h.strokes
        let began = h.feed(s.down(640, 600, at: 0) + s.motion(640, 570, at: 30_000))
        #expect(decisions(began) == ["dragBegan sheet scrolledContent"])
        #expect(shownOffsets(began) == [-30])
        let grown = h.feed(s.motion(640, 300, at: 60_000) + s.motion(640, 150, at: 90_000) + s.motion(640, 100, at: 120_000))
        // The sheet stops at the large detent, without a rubber band; the content scrolls on.
        #expect(shownOffsets(grown) == [-300, -380])
        #expect(h.recogniser.phase == .dragging(presentation: "sheet", origin: .scrolledContent, offset: -380))
        let released = h.feed(s.up(at: 200_000))
        #expect(decisions(released) == ["dragEnded sheet settle large", "setDetent sheet large scrollExpand"])
    }

    /// Diagram row: | `pressed` | `motion` past the slop, vertical, the sheet's share 0 | `scrollingContent` | `contentScrolled` (pipeline-scrolled content) |
    @Test("content moved up at the largest detent, or scrolled content moved up, only scrolls",
          arguments: [("large at the top", Detent.large, 0.0, 30.0), ("scrolled content at medium", Detent.medium, 40.0, 70.0)])
    func contentScrollsUp(name: String, selected: Detent, contentOffset: Double, scrolled: Double) {
        var h = Harness(Self.scene(Self.sheet(detents: [.medium, .large], selected: selected, contentOffset: contentOffset)))
        let s = h.strokes
        h.feed(s.down(640, 600, at: 0) + s.motion(640, 570, at: 30_000))
        #expect(h.recogniser.phase == .scrollingContent(presentation: "sheet", contentOffset: scrolled))
        h.feed(s.motion(640, 450, at: 60_000) + s.up(at: 90_000))
        #expect(decisions(h.outputs).isEmpty)
        #expect(contentOffsets(h.outputs) == [scrolled, scrolled + 120])
        #expect(h.recogniser.phase == .idle)
    }

    /// Diagram row: | `dragging` | `motion` of a content contact, the share back to 0 (hand-back) | `scrollingContent` | `dragChanged` 0, `dragHandedBack`, `contentScrolled` |
    @Test("after the hand-off, coming back up gives the movement back to the content (hand-back)")
    func handBack() {
        var h = Harness(Self.scene(Self.sheet(contentOffset: 100)))
        let s = h.strokes
        let down = h.feed(s.down(640, 300, at: 0) + s.motion(640, 350, at: 20_000) + s.motion(640, 450, at: 40_000))
        #expect(decisions(down) == ["dragBegan sheet scrolledContent"])
        #expect(shownOffsets(down) == [50])
        let back = h.feed(s.motion(640, 380, at: 60_000) + s.motion(640, 320, at: 80_000) + s.motion(640, 250, at: 100_000))
        // The sheet returns to its detent, says it gave the finger back, and the content scrolls
        // back (to 150 points).
        #expect(shownOffsets(back) == [0])
        #expect(decisions(back) == ["dragHandedBack sheet"])
        #expect(contentOffsets(back) == [20, 80, 150])
        #expect(h.recogniser.phase == .scrollingContent(presentation: "sheet", contentOffset: 150))
        // Down again past the hand-off point: a new drag.
        let again = h.feed(s.motion(640, 420, at: 120_000))
        #expect(decisions(again) == ["dragBegan sheet scrolledContent"])
        #expect(shownOffsets(again) == [20])
        let released = h.feed(s.up(at: 300_000))
        #expect(decisions(released) == ["dragEnded sheet settle large"])
        #expect(shownOffsets(h.outputs).allSatisfy { $0 >= 0 })
    }

    /// Diagram row: | `scrollingContent` | the host reports an offset | `scrollingContent` | none; above 0 the content keeps the finger until a report of 0, which puts the hand-off point at the finger (and lets the sheet grow from there); the same offset again changes nothing |
    @Test("host-owned scrolling: the offset the host reports is the truth, and the hand-off is where it reports 0")
    func hostOwnedScrolling() {
        var h = Harness(Self.scene(Self.sheet(contentOffset: 200)))
        let s = h.strokes
        h.feed(s.down(640, 300, at: 0) + s.motion(640, 350, at: 20_000))
        #expect(contentOffsets(h.outputs) == [150])
        // The host's scroll view, with its own slop, is behind the 1:1 model.
        h.recogniser.contentOffsetReported(170, of: "sheet", time: 25_000)
        #expect(h.recogniser.phase == .scrollingContent(presentation: "sheet", contentOffset: 170))
        // Past where the model would have handed off (travel 200): the content still has the finger,
        // and the pipeline no longer reports offsets of its own.
        let stillContent = h.feed(s.motion(640, 550, at: 60_000))
        #expect(stillContent.isEmpty)
        h.recogniser.contentOffsetReported(0, of: "sheet", time: 70_000)
        // The finger's position at the report (travel 250) is the hand-off point.
        let handOff = h.feed(s.motion(640, 600, at: 80_000))
        #expect(decisions(handOff) == ["dragBegan sheet scrolledContent"])
        #expect(shownOffsets(handOff) == [50])
        // The velocity starts at the report: 50 points in 10 ms.
        #expect(handOff.contains { if case .intent(let i) = $0, case .dragChanged(_, _, let v) = i.kind { close(v, 5000) } else { false } })
        // The host says its content scrolled (a fling it kept): the sheet holds the finger, the
        // report is only stored.
        h.recogniser.contentOffsetReported(30, of: "sheet", time: 90_000)
        #expect(h.recogniser.phase == .dragging(presentation: "sheet", origin: .scrolledContent, offset: 50))
        let held = h.feed(s.motion(640, 700, at: 100_000))
        #expect(shownOffsets(held) == [150])
        #expect(decisions(held).isEmpty)
        // Back up past the hand-off point: the hand-back rule gives the content the finger, at the
        // offset the host reported last.
        let back = h.feed(s.motion(640, 540, at: 110_000))
        #expect(decisions(back) == ["dragHandedBack sheet"])
        #expect(shownOffsets(back) == [0])
        #expect(h.recogniser.phase == .scrollingContent(presentation: "sheet", contentOffset: 30))
        #expect(h.feed(s.up(at: 120_000)).isEmpty)
        #expect(h.recogniser.phase == .idle)
    }

    @Test("host-owned scrolling: the same offset reported again changes nothing")
    func hostRepeatsItself() {
        var h = Harness(Self.scene(Self.sheet(contentOffset: 200)))
        let s = h.strokes
        h.feed(s.down(640, 300, at: 0) + s.motion(640, 350, at: 20_000))
        h.recogniser.contentOffsetReported(0, of: "sheet", time: 25_000)
        // The hand-off point is at travel 50: 30 points past it, then back up above it.
        let pulled = h.feed(s.motion(640, 380, at: 40_000) + s.motion(640, 340, at: 60_000))
        #expect(decisions(pulled) == ["dragBegan sheet scrolledContent", "dragHandedBack sheet"])
        // The host's scroll view, held at its top, says 0 again: the hand-off point stays at travel
        // 50 and is not moved to the finger (travel 40).
        h.recogniser.contentOffsetReported(0, of: "sheet", time: 70_000)
        let again = h.feed(s.motion(640, 360, at: 80_000))
        #expect(decisions(again) == ["dragBegan sheet scrolledContent"])
        #expect(shownOffsets(again) == [10])
    }

    @Test("host-owned scrolling while the sheet grows: reports of 0, and of the content scrolling at large, take nothing away",
          arguments: [("pinned at its top", [0.0, 0, 0, 0, 0, 0]), ("scrolling once the sheet is large", [0.0, 0, 0, 40, 80, 120])])
    func hostReportsWhileGrowing(name: String, reports: [Double]) {
        // Medium (380 points, top edge y 420) with a large detent: the sheet grows 380 points.
        var h = Harness(Self.scene(Self.sheet(detents: [.medium, .large], selected: .medium)))
        let s = h.strokes
        h.feed(s.down(640, 700, at: 0))
        var shown: [Double] = []
        // 100 points up every 100 ms, the host reporting after each move.
        for (step, offset) in reports.enumerated() {
            let time = Int64(step + 1) * 100_000
            let moved = h.feed(s.motion(640, 700 - Double(step + 1) * 100, at: time))
            shown += shownOffsets(moved)
            h.recogniser.contentOffsetReported(offset, of: "sheet", time: time + 50_000)
            #expect(h.recogniser.phase == .dragging(presentation: "sheet", origin: .scrolledContent, offset: max(-Double(step + 1) * 100, -380)))
        }
        #expect(shown == [-100, -200, -300, -380])
        let released = h.feed(s.up(at: 700_000))
        #expect(decisions(h.outputs) == ["dragBegan sheet scrolledContent", "dragEnded sheet settle large",
                                         "setDetent sheet large scrollExpand"])
        #expect(decisions(released).last == "setDetent sheet large scrollExpand")
    }

    @Test("after a hand-off at a smaller detent, coming back up grows the sheet past its detent")
    func growingAfterHandOff() {
        var h = Harness(Self.scene(Self.sheet(detents: [.medium, .large], selected: .medium, contentOffset: 100)))
        let s = h.strokes
        // The content scrolls 100 points to its top, the sheet takes 50.
        let down = h.feed(s.down(640, 500, at: 0) + s.motion(640, 550, at: 20_000) + s.motion(640, 650, at: 40_000))
        #expect(decisions(down) == ["dragBegan sheet scrolledContent"])
        #expect(shownOffsets(down) == [50])
        // Back up 300 points: the sheet passes its detent and grows; the content stays at its top.
        let up = h.feed(s.motion(640, 500, at: 60_000) + s.motion(640, 350, at: 80_000))
        #expect(decisions(up).isEmpty)
        #expect(shownOffsets(up) == [-100, -250])
        #expect(contentOffsets(up).isEmpty)
        let released = h.feed(s.up(at: 200_000))
        #expect(decisions(released) == ["dragEnded sheet settle large", "setDetent sheet large scrollExpand"])
    }

    /// Diagram row: | `pressed` | the host reports the content offset (content contacts) | `pressed` | |
    @Test("a host report before the slop, or about another presentation, is taken as it says")
    func hostReportBeforeTheSlop() {
        var h = Harness(Self.scene(Self.sheet(contentOffset: 80)))
        let s = h.strokes
        h.feed(s.down(640, 300, at: 0))
        h.recogniser.contentOffsetReported(500, of: "other", time: 1_000)
        h.recogniser.contentOffsetReported(0, of: "sheet", time: 2_000)
        #expect(h.outputs.isEmpty)
        #expect(h.recogniser.phase == .pressed(presentation: "sheet", region: .content))
        // Content at its top by the host's word: the swipe drags the sheet at once.
        let out = h.feed(s.motion(640, 340, at: 20_000))
        #expect(decisions(out) == ["dragBegan sheet scrolledContent"])
        #expect(shownOffsets(out) == [40])
        #expect(contentOffsets(out).isEmpty)
    }

    @Test("content scrolled up and brought back down past where it started hands off to the sheet")
    func scrollUpThenPullDown() {
        var h = Harness(Self.scene(Self.sheet()))
        let s = h.strokes
        h.feed(s.down(640, 400, at: 0) + s.motion(640, 300, at: 50_000))
        #expect(h.recogniser.phase == .scrollingContent(presentation: "sheet", contentOffset: 100))
        let pulled = h.feed(s.motion(640, 380, at: 100_000) + s.motion(640, 460, at: 150_000))
        #expect(decisions(pulled) == ["dragBegan sheet scrolledContent"])
        #expect(shownOffsets(pulled) == [60])
        #expect(h.recogniser.phase == .dragging(presentation: "sheet", origin: .scrolledContent, offset: 60))
    }

    // MARK: Grabber

    /// Diagram row: | `pressed` | `up` of the contact on the grabber within `tapMaxDuration` | resting | `setDetent grabberTap` (next larger, wrapping) |
    @Test("a grabber tap cycles the detents",
          arguments: [("medium to large", [Detent.medium, .large], Detent.medium, ["setDetent sheet large grabberTap"]),
                      ("large wraps to medium", [.medium, .large], .large, ["setDetent sheet medium grabberTap"]),
                      ("one detent does nothing", [.medium], .medium, [])])
    func grabberTap(name: String, detents: [Detent], selected: Detent, expected: [String]) {
        var h = Harness(Self.scene(Self.sheet(detents: detents, selected: selected, grabber: true)))
        let top = selected == .large ? 40.0 : 420.0
        h.feed(h.strokes.down(650, top + 20, at: 0))
        #expect(h.recogniser.phase == .pressed(presentation: "sheet", region: .grabber))
        h.feed(h.strokes.up(at: 150_000))
        #expect(decisions(h.outputs) == expected)
        #expect(h.recogniser.phase == .idle)
    }

    @Test("a grabber press longer than the tap duration does nothing")
    func grabberLongPress() {
        var h = Harness(Self.scene(Self.sheet(detents: [.medium, .large], selected: .medium, grabber: true)))
        h.feed(h.strokes.tap(640, 428, duration: 400_001))
        #expect(h.outputs.isEmpty)
    }

    @Test("a grabber drag settles on the nearest detent or dismisses below half the smallest",
          arguments: [("small drag stays large", 100.0, ["dragBegan sheet grabber", "dragEnded sheet settle large"]),
                      ("to medium", 400.0, ["dragBegan sheet grabber", "dragEnded sheet settle medium", "setDetent sheet medium grabberDrag"]),
                      ("just above half of medium", 560.0, ["dragBegan sheet grabber", "dragEnded sheet settle medium", "setDetent sheet medium grabberDrag"]),
                      ("below half of medium", 580.0, ["dragBegan sheet grabber", "dragEnded sheet dismissAttempt large", "attempt sheet grabberDrag"])])
    func grabberDrag(name: String, distance: Double, expected: [String]) {
        var h = Harness(Self.scene(Self.sheet(detents: [.medium, .large], grabber: true)))
        let out = h.feed(h.strokes.stroke(from: (640, 48), to: (640, 48 + distance), duration: 800_000, rest: 100_000))
        #expect(decisions(out) == expected)
        // Threshold: 760 − 0.5 · 380.
        #expect(releaseExplanation(out)?.threshold == 570)
    }

    // MARK: Tap outside

    @Test("tap outside a regular-width sheet dismisses; compact width ignores")
    func tapOutsideSheet() {
        var regular = Harness(Self.scene(Self.sheet(detents: [.medium], selected: .medium)))
        #expect(decisions(regular.feed(regular.strokes.tap(640, 200))) == ["attempt sheet tapOutside"])
        var compactScene = Self.scene(Self.sheet(detents: [.medium], selected: .medium))
        compactScene.screen = ScreenSize(width: 500, height: 800, widthMM: 85, heightMM: 136)
        var compact = Harness(compactScene)
        compact.feed(compact.strokes.down(250, 200, at: 0))
        #expect(compact.recogniser.phase == .ignoringUntilLift)
        #expect(compact.feed(compact.strokes.up(at: 80_000)).isEmpty)
    }

    /// Diagram row: | `tapOutside` | `up` of the contact after `tapMaxDuration` | resting | |
    @Test("tap duration", arguments: [("400 ms is a tap", Int64(400_000), true), ("401 ms is not", Int64(400_001), false)])
    func tapDuration(name: String, duration: Int64, taps: Bool) {
        var h = Harness(Self.scene(Self.popover(modal: false)))
        let out = h.feed(h.strokes.tap(100, 500, duration: duration))
        #expect(decisions(out) == (taps ? ["attempt share tapOutside"] : []))
    }

    /// Diagram row: | `tapOutside` | `motion` of the contact past the slop | resting | |
    @Test("tap slop", arguments: [("within the slop", -0.5, true), ("past the slop", 0.5, false)])
    func tapSlop(name: String, beyond: Double, taps: Bool) {
        var h = Harness(Self.scene(Self.popover(modal: false)))
        let s = h.strokes
        h.feed(s.down(100, 500, at: 0) + s.motion(100 + Self.slop + beyond, 500, at: 50_000))
        #expect(h.recogniser.phase == (taps ? .tapOutside(presentation: "share") : .ignoringUntilLift))
        h.feed(s.motion(100, 500, at: 60_000) + s.up(at: 100_000))
        #expect(decisions(h.outputs) == (taps ? ["attempt share tapOutside"] : []))
    }

    /// Diagram row: | `tapOutside` | `up` of the contact within `tapMaxDuration` | resting | attempt `tapOutside` and/or `passthroughTap` |
    @Test("popover taps: anchor swallowed, pass-through after the dismissal, modal ignores",
          arguments: [("non-modal elsewhere", false, 100.0, 500.0, ["attempt share tapOutside"]),
                      ("non-modal anchor", false, 1200.0, 30.0, ["attempt share tapOutside"]),
                      ("non-modal pass-through", false, 1050.0, 30.0, ["attempt share tapOutside", "passthroughTap 1050.0 30.0"]),
                      ("non-modal inside", false, 1000.0, 200.0, []),
                      ("modal elsewhere", true, 100.0, 500.0, []),
                      ("modal anchor", true, 1200.0, 30.0, []),
                      ("modal pass-through", true, 1050.0, 30.0, ["passthroughTap 1050.0 30.0"])])
    func popoverTaps(name: String, modal: Bool, x: Double, y: Double, expected: [String]) {
        var h = Harness(Self.scene(Self.popover(modal: modal)))
        #expect(decisions(h.feed(h.strokes.tap(x, y))) == expected)
        #expect(h.recogniser.phase == .idle)
    }

    @Test("tapOutside passthrough delivers the tap and dismisses nothing; a non-modal sheet leaves it to the parent")
    func passthroughOverride() {
        var h = Harness(Self.scene(Self.sheet(detents: [.medium], selected: .medium, tapOutside: .passthrough)))
        #expect(decisions(h.feed(h.strokes.tap(300, 100))) == ["passthroughTap 300.0 100.0"])
        var nonModal = Harness(Self.scene(Self.sheet(detents: [.medium], selected: .medium, modal: false, tapOutside: .dismiss)))
        #expect(nonModal.feed(nonModal.strokes.tap(300, 100)).isEmpty)
    }

    @Test("a second contact during a tap makes it not a tap")
    func secondContactSpoilsTap() {
        var h = Harness(Self.scene(Self.popover(modal: false)))
        var second = h.strokes
        second.seatSlot = 1
        h.feed(h.strokes.down(100, 500, at: 0) + second.tap(600, 600, at: 10_000, duration: 20_000))
        #expect(h.recogniser.phase == .ignoringUntilLift)
        h.feed(h.strokes.up(at: 60_000))
        #expect(h.outputs.isEmpty)
        #expect(h.recogniser.phase == .idle)
    }

    @Test("alerts and full-screen presentations start no gesture")
    func coveredScreen() {
        for style in [PresentationStyle.alert, .fullScreen] {
            var h = Harness(Self.scene(Presentation(id: "a", style: style)))
            #expect(h.feed(h.strokes.stroke(from: (640, 60), to: (640, 700), duration: 100_000)).isEmpty)
            #expect(h.feed(h.strokes.tap(10, 10, at: 2_000_000)).isEmpty)
        }
    }

    @Test("a compact popover is a sheet that swipes")
    func compactPopover() {
        var scene = Self.scene(Self.popover(modal: false))
        scene.screen = ScreenSize(width: 500, height: 800, widthMM: 85, heightMM: 136)
        var h = Harness(scene)
        let out = h.feed(h.strokes.stroke(from: (250, 60), to: (250, 500), duration: 500_000, rest: 100_000))
        #expect(decisions(out) == ["dragBegan share topRegion", "dragEnded share dismissAttempt large", "attempt share swipeFromTop"])
    }

    // MARK: Resistance

    @Test("a gated sheet rubber-bands below its smallest detent and still attempts the dismissal",
          arguments: [("unsaved changes", true, true), ("not dismissible", false, false)])
    func gatedRubberBand(name: String, unsaved: Bool, dismissible: Bool) {
        var h = Harness(Self.scene(Self.sheet(unsavedChanges: unsaved, dismissible: dismissible)))
        let s = h.strokes
        h.feed(s.down(640, 60, at: 0) + s.motion(640, 260, at: 200_000))
        // 0.55 · 200 · 760 / (760 + 0.55 · 200) = 83600 / 870.
        #expect(shownOffsets(h.outputs).last.map { close($0, 83_600.0 / 870) } == true)
        #expect(h.recogniser.phase == .dragging(presentation: "sheet", origin: .topRegion, offset: 200))
        h.feed(s.motion(640, 460, at: 400_000) + s.up(at: 600_000))
        #expect(decisions(h.outputs) == ["dragBegan sheet topRegion", "dragEnded sheet dismissAttempt large", "attempt sheet swipeFromTop"])
        #expect(releaseExplanation(h.outputs).map { close($0.projectedOffset, 400) } == true)
    }

    @Test("an ungated sheet follows the finger down but rubber-bands above its largest detent")
    func rubberBandAboveLargest() {
        var h = Harness(Self.scene(Self.sheet()))
        let s = h.strokes
        h.feed(s.down(640, 90, at: 0) + s.motion(640, 290, at: 100_000) + s.motion(640, -10, at: 200_000))
        // Down 200: no resistance. Up 100 past large: −0.55 · 100 · 760 / (760 + 55).
        let offsets = shownOffsets(h.outputs)
        #expect(offsets.count == 2)
        #expect(offsets.first == 200)
        #expect(offsets.last.map { close($0, -41_800.0 / 815) } == true)
    }

    @Test("a medium sheet grows freely up to large, then resists")
    func mediumGrowsThenResists() {
        var h = Harness(Self.scene(Self.sheet(detents: [.medium, .large], selected: .medium, unsavedChanges: true)))
        let s = h.strokes
        h.feed(s.down(640, 430, at: 0) + s.motion(640, 130, at: 100_000) + s.motion(640, -70, at: 200_000))
        let offsets = shownOffsets(h.outputs)
        #expect(offsets.first == -300)
        // 500 up: 380 free, 120 past large.
        #expect(offsets.last.map { close($0, -380 - 0.55 * 120 * 380 / (380 + 0.55 * 120)) } == true)
    }

    // MARK: Cancellation

    @Test("a second contact on the presentation cancels a drag; everything is ignored until all lift")
    func secondContactCancels() {
        var h = Harness(Self.scene(Self.sheet()))
        let first = h.strokes
        var second = h.strokes
        second.seatSlot = 1
        h.feed(first.down(640, 60, at: 0) + first.motion(640, 200, at: 50_000))
        let cancelled = h.feed(second.down(300, 500, at: 60_000))
        #expect(decisions(cancelled) == ["dragEnded sheet cancel large"])
        #expect(h.recogniser.phase == .ignoringUntilLift)
        // The first finger keeps moving and lifts: nothing. The second one swipes: nothing.
        h.feed(first.motion(640, 700, at: 70_000) + first.up(at: 80_000))
        h.feed(second.motion(300, 700, at: 90_000) + second.up(at: 100_000))
        #expect(decisions(h.outputs) == ["dragBegan sheet topRegion", "dragEnded sheet cancel large"])
        #expect(h.recogniser.phase == .idle)
        // The next gesture works again.
        #expect(decisions(h.feed(first.stroke(from: (640, 60), to: (640, 600), start: 200_000, duration: 300_000)))
            .contains("attempt sheet swipeFromTop"))
    }

    @Test("a second contact before the drag starts fails the gesture quietly",
          arguments: [("possible top-region drag", 0.0, 60.0, 65.0), ("scrolling content", 150.0, 300.0, 400.0)])
    func secondContactBeforeDrag(name: String, contentOffset: Double, startY: Double, movedY: Double) {
        var h = Harness(Self.scene(Self.sheet(contentOffset: contentOffset)))
        let first = h.strokes
        var second = h.strokes
        second.seatSlot = 1
        h.feed(first.down(640, startY, at: 0) + first.motion(640, movedY, at: 20_000))
        #expect(h.recogniser.phase != .ignoringUntilLift)
        h.feed(second.down(200, 500, at: 30_000))
        #expect(h.recogniser.phase == .ignoringUntilLift)
        h.feed(first.motion(640, 790, at: 40_000) + first.up(at: 50_000) + second.up(at: 60_000))
        #expect(decisions(h.outputs).isEmpty)
        #expect(shownOffsets(h.outputs).isEmpty)
        #expect(h.recogniser.phase == .idle)
    }

    @Test("a second contact outside a non-modal sheet belongs to the parent")
    func nonModalParentContact() {
        var h = Harness(Self.scene(Self.sheet(detents: [.medium, .large], selected: .medium, modal: false)))
        let first = h.strokes
        var second = h.strokes
        second.seatSlot = 1
        h.feed(first.down(640, 440, at: 0) + first.motion(640, 480, at: 50_000) + second.tap(100, 100, at: 60_000, duration: 10_000))
        #expect(h.recogniser.phase == .dragging(presentation: "sheet", origin: .topRegion, offset: 40))
        h.feed(second.down(100, 600, at: 80_000))
        #expect(decisions(h.outputs) == ["dragBegan sheet topRegion", "dragEnded sheet cancel medium"])
    }

    @Test("a cancel event for the tracked contact cancels; a cancelled drag never commits")
    func touchCancel() {
        var h = Harness(Self.scene(Self.sheet()))
        let s = h.strokes
        h.feed(s.down(640, 60, at: 0) + s.motion(640, 700, at: 50_000))
        #expect(decisions(h.feed(s.cancel(at: 60_000))) == ["dragEnded sheet cancel large"])
        #expect(h.recogniser.phase == .idle)
        // The cancelled contact is gone: an up for it is refused.
        #expect(h.refusals(s.up(at: 70_000)) == [.seatSlotNotDown(0)])
    }

    @Test("a cancel event ends a tap candidate without a tap")
    func touchCancelTap() {
        var h = Harness(Self.scene(Self.popover(modal: false)))
        let s = h.strokes
        h.feed(s.down(100, 500, at: 0) + s.cancel(at: 30_000))
        #expect(h.outputs.isEmpty)
        #expect(h.recogniser.phase == .idle)
    }

    @Test("only the cancel of the gesture's own contact cancels it")
    func onlyTheGestureContactsCancel() {
        // A non-modal medium sheet: a second contact outside it belongs to the parent (another
        // device's touch, say) and leaves the drag alone, and so does its cancel.
        var h = Harness(Self.scene(Self.sheet(detents: [.medium], modal: false)))
        var other = h.strokes
        other.seatSlot = 1
        let s = h.strokes
        h.feed(s.down(640, 450, at: 0) + s.motion(640, 500, at: 20_000) + other.down(100, 100, at: 30_000))
        #expect(h.feed(other.cancel(at: 40_000)).isEmpty)
        #expect(h.recogniser.phase == .dragging(presentation: "sheet", origin: .topRegion, offset: 50))
        #expect(decisions(h.feed(s.cancel(at: 50_000))) == ["dragEnded sheet cancel medium"])
        #expect(h.recogniser.phase == .idle)
        #expect(h.refusals(s.motion(640, 710, at: 70_000) + s.up(at: 80_000)) == [.seatSlotNotDown(0), .seatSlotNotDown(0)])
        #expect(h.outputs.count == 3)
    }

    @Test("a scene change that removes or reshapes the presentation cancels; a gate update does not",
          arguments: [("removed", 0), ("replaced", 1), ("detent changed", 2), ("unsaved changes set", 3)])
    func sceneChange(name: String, change: Int) {
        var h = Harness(Self.scene(Self.sheet(detents: [.medium, .large])))
        let s = h.strokes
        h.feed(s.down(640, 60, at: 0) + s.motion(640, 260, at: 50_000))
        var scene = h.scene
        switch change {
        case 0: scene.presentations = []
        case 1: scene.presentations = [Self.sheet("other")]
        case 2: scene.presentations[0].selectedDetent = .medium
        default: scene.presentations[0].unsavedChanges = true
        }
        let out = h.announce(scene, at: 60_000)
        if change == 3 {
            #expect(out.isEmpty)
            // The gate now applies: 500 points of travel is 120 past the smallest detent (medium, offset 380).
            let moved = h.feed(s.motion(640, 560, at: 70_000))
            #expect(shownOffsets(moved).first.map { close($0, 380 + 0.55 * 120 * 760 / (760 + 0.55 * 120)) } == true)
        } else {
            #expect(decisions(out) == ["dragEnded sheet cancel large"])
            #expect(h.recogniser.phase == .ignoringUntilLift)
            #expect(h.feed(s.up(at: 70_000)).isEmpty)
        }
    }

    // MARK: Robustness

    @Test("events no hardware sends are refused and change nothing")
    func refusedEvents() {
        var h = Harness(Self.scene(Self.sheet()))
        let s = h.strokes
        var other = h.strokes
        other.seatSlot = 1
        #expect(h.refusals([TouchEvent(kind: .down, time: 0, seatSlot: 3)]) == [.positionOutOfRange])
        #expect(h.refusals(s.up(at: 1) + [TouchEvent(kind: .motion, time: 2, seatSlot: 0, point: s.point(640, 60))])
            == [.seatSlotNotDown(0), .seatSlotNotDown(0)])
        #expect(h.recogniser.phase == .idle)
        h.feed(s.down(640, 60, at: 10))
        // A second down on the same slot, slots out of range, positions and times out of range,
        // and a time that goes back: all refused, and the drag goes on as if they never came.
        var outOfRange = s
        outOfRange.seatSlot = InputLimits.seatSlots
        var negative = s
        negative.seatSlot = -1
        let refused = h.refusals(s.down(640, 500, at: 20) + outOfRange.down(640, 500, at: 20) + negative.down(640, 500, at: 20)
            + [TouchEvent(kind: .motion, time: 20, seatSlot: 0, point: s.point(640, .nan)),
               TouchEvent(kind: .motion, time: 20, seatSlot: 0, point: s.point(2e9, 100)),
               TouchEvent(kind: .motion, time: InputLimits.largestTime + 1, seatSlot: 0, point: s.point(640, 100)),
               TouchEvent(kind: .frame, time: .min),
               TouchEvent(kind: .frame, time: 5)])
        #expect(refused == [.seatSlotAlreadyDown(0), .seatSlotOutOfRange(32), .seatSlotOutOfRange(-1), .positionOutOfRange,
                            .positionOutOfRange, .timeOutOfRange(InputLimits.largestTime + 1), .timeOutOfRange(.min), .timeWentBack(time: 5, previous: 20)])
        #expect(h.outputs.isEmpty)
        #expect(h.recogniser.phase == .pressed(presentation: "sheet", region: .topRegion))
        // Slot 0 and slot 32 are different contacts (no aliasing): the refused one never cancelled the drag.
        h.feed(s.motion(640, 600, at: 30_000) + s.up(at: 300_000))
        #expect(decisions(h.outputs) == ["dragBegan sheet topRegion", "dragEnded sheet dismissAttempt large", "attempt sheet swipeFromTop"])
        // Every seat slot in range is tracked: a second contact on the highest one cancels a drag.
        var highest = h.strokes
        highest.seatSlot = InputLimits.seatSlots - 1
        h.feed(s.down(640, 60, at: 400_000) + s.motion(640, 300, at: 420_000))
        #expect(decisions(h.feed(highest.down(640, 500, at: 430_000))) == ["dragEnded sheet cancel large"])
    }

    @Test("a refused touch is noted as a decision when decisions are noted")
    func refusalIsNoted() {
        var h = Harness(Self.scene(Self.sheet()))
        h.recogniser.notesDecisions = true
        #expect(h.refusals(h.strokes.up(at: 5)) == [.seatSlotNotDown(0)])
        var noted: [GestureDecision] = []
        h.recogniser.takeDecisions(into: &noted)
        #expect(noted.map(\.name) == ["touchRefused"])
        #expect(noted.first?.presentation == nil)
        #expect(noted.first?.rule == "refused, nothing changed: seat slot 0 is not down")
    }

    @Test("an empty scene starts no gesture")
    func emptyScene() {
        var h = Harness(Scene())
        #expect(h.feed(h.strokes.stroke(from: (640, 60), to: (640, 700), duration: 100_000)).isEmpty)
        #expect(h.recogniser.phase == .idle)
    }
}
