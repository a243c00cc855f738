/// What the recogniser emits: a geometry intent for the host, or a dismissal attempt for the policy.
public enum RecogniserOutput: Sendable, Hashable {
    case intent(Intent)
    case attempt(DismissalAttempt)
}

/// Turns touch events into sheet drags, detent changes, pass-through taps and dismissal attempts (SPEC section 4).
///
/// A pure state machine: time arrives only inside events and nothing is read from a clock.
/// Outputs are appended to a caller-owned buffer; in steady state (motion of a tracked contact)
/// nothing is allocated.
///
/// Rules chosen where SPEC is silent:
/// - A gesture starts only when the first contact goes down while no other contact is down. It is
///   aimed at the topmost presentation of the scene passed with that `down`; the presentation's
///   geometry is cached for the whole gesture, so scene changes in between must be announced
///   through `handleSceneChange(to:time:into:)`.
/// - Every other contact is ignored until all contacts have lifted ("failed until all lifted"),
///   as is a contact that lands where no gesture can start (inside a popover, alert or full-screen
///   presentation, outside a non-modal sheet, outside a presentation whose tap does nothing).
/// - A second contact cancels a gesture in progress when it lands on the presentation: anywhere
///   for a modal presentation (its dimmed backdrop is part of it), inside the frame for a
///   non-modal sheet (touches outside belong to the parent). It always spoils a tap outside.
/// - Distances are measured from where the contact went down: the slop counts towards a drag, so
///   the decision does not depend on which sample crossed the slop.
/// - A drag from the top region, the grabber or content at its top follows the finger both ways;
///   upward it grows the sheet and rubber-bands past the largest detent.
/// - Content moved up at a smaller detent emits `setDetent` (`scrollExpand`) when the contact
///   passes the slop; the content then keeps the contact.
/// - While the finger scrolls the content the sheet stands still: the velocity samples of that
///   time are at offset 0, and the interpolated instant the content reached its top is one more.
///   The release velocity is the sheet's own (least squares over the last 100 ms), so the
///   finger's scroll speed never counts, and a flick that barely passes the top cannot carry
///   the scroll's momentum into a dismissal.
/// - The rest cut-off measures the time since the finger last moved vertically.
/// - `tapOutside: passthrough` delivers the tap to the control below (`passthroughTap`) and
///   dismisses nothing. A pass-through region always delivers its tap; it is preceded by a
///   dismissal attempt when the action is `dismiss`. A tap on a popover's anchor is always
///   swallowed: a dismissal attempt when the action is `dismiss`, nothing otherwise.
/// - A pass-through tap is delivered at the point where the contact went down.
/// - A tap on the grabber (within the slop and `tapMaxDuration`) selects the next larger detent,
///   wrapping from the largest to the smallest; a sheet with one detent does nothing.
/// - Accessibility `nextDetent` / `previousDetent` do not wrap; at the end they do nothing.
/// - Escape, an accessibility action, a device removal or a scene change that removes the
///   presentation, replaces it or changes its geometry cancels a gesture in progress first.
public struct GestureRecogniser: Sendable {
    /// What the recogniser is doing, for tests and diagnostics.
    public enum Phase: Sendable, Hashable {
        /// No contact is down.
        case idle
        /// A contact went down outside the topmost presentation and may become a tap.
        case tapOutsideCandidate(presentation: String)
        /// A contact went down on a sheet and has not passed the slop yet.
        case possibleDrag(presentation: String, region: PresentationGeometry.Region)
        /// The finger scrolls the sheet's content; `remainingOffset` is left before the hand-off.
        case scrollingContent(presentation: String, remainingOffset: Double)
        /// The sheet follows the finger; `offset` is the finger's own travel below the detent.
        case dragging(presentation: String, origin: DragOrigin, offset: Double)
        /// Nothing happens until every contact has lifted.
        case failedUntilAllLifted
    }

    public var configuration: GestureConfiguration

    private enum State: Sendable {
        case idle
        case failed
        case tapCandidate(TapCandidate)
        case possible(PossibleDrag)
        case scrolling(ContentScroll)
        case dragging(SheetDrag)
    }

    /// What a tap outside will do if it completes.
    private enum TapEffect: Sendable {
        case dismiss, dismissThenDeliver, deliver
    }

    private struct TapCandidate: Sendable {
        var seatSlot: Int32
        var x: Double
        var y: Double
        var time: Int64
        var effect: TapEffect
    }

    private struct PossibleDrag: Sendable {
        var seatSlot: Int32
        var x: Double
        var y: Double
        var time: Int64
        var region: PresentationGeometry.Region
    }

    private struct ContentScroll: Sendable {
        var seatSlot: Int32
        /// Where the contact went down.
        var startY: Double
        /// The content offset when the contact went down.
        var contentOffset: Double
        var lastTime: Int64
        var lastTravel: Double
    }

    private struct SheetDrag: Sendable {
        var seatSlot: Int32
        var origin: DragOrigin
        /// The finger's y at which the sheet is at its detent.
        var zeroY: Double
        /// The finger's latest travel below the detent, before resistance.
        var offset: Double
    }

    /// Figures of the gesture's presentation, cached when its contact goes down.
    private struct DragLimits: Sendable {
        var sheetHeight = 0.0
        /// The offset at which the sheet reaches its largest detent (zero or negative).
        var largestOffset = 0.0
        /// The offset at which the sheet reaches its smallest detent (zero or positive).
        var smallestOffset = 0.0
        /// Whether dismissal is gated (unsaved changes or not dismissible).
        var gated = false
        var slopSquared = 0.0
    }

    private var state: State = .idle
    /// Seat slots currently down, one bit per slot modulo 64.
    private var contactsDown: UInt64 = 0
    private var presentationID = ""
    private var geometry: PresentationGeometry?
    private var limits = DragLimits()
    /// The content offset of the gesture's sheet when its contact went down.
    private var scrollContentOffset = 0.0
    private var samples = VelocityTracker()

    public init(configuration: GestureConfiguration = GestureConfiguration()) {
        self.configuration = configuration
    }

    /// The recogniser's current phase.
    public var phase: Phase {
        switch state {
        case .idle: .idle
        case .failed: .failedUntilAllLifted
        case .tapCandidate: .tapOutsideCandidate(presentation: presentationID)
        case .possible(let possible): .possibleDrag(presentation: presentationID, region: possible.region)
        case .scrolling(let scroll):
            .scrollingContent(presentation: presentationID,
                              remainingOffset: max(0, scroll.contentOffset - scroll.lastTravel))
        case .dragging(let drag): .dragging(presentation: presentationID, origin: drag.origin, offset: drag.offset)
        }
    }

    // MARK: - Touch events

    /// Processes one touch event against the scene, appending what it causes to `output`.
    public mutating func handle(_ event: TouchEvent, in scene: Scene, into output: inout [RecogniserOutput]) {
        switch event.kind {
        case .down: handleDown(event, in: scene, into: &output)
        case .motion: handleMotion(event, into: &output)
        case .up: handleLift(event, into: &output)
        case .cancel: handleCancel(event, into: &output)
        case .frame: break
        }
    }

    private static func bit(_ seatSlot: Int32) -> UInt64 {
        1 << UInt64(UInt32(bitPattern: seatSlot) & 63)
    }

    private var restingState: State { contactsDown == 0 ? .idle : .failed }

    private mutating func handleDown(_ event: TouchEvent, in scene: Scene, into output: inout [RecogniserOutput]) {
        let bit = Self.bit(event.seatSlot)
        // A second down for a slot already down is an impossible pair from the hardware: ignored.
        guard contactsDown & bit == 0, let point = event.point else { return }
        contactsDown |= bit
        switch state {
        case .idle:
            begin(at: point, time: event.time, seatSlot: event.seatSlot, in: scene, into: &output)
        case .failed:
            break
        case .tapCandidate:
            state = .failed
        case .possible, .scrolling, .dragging:
            if secondContactCounts(x: point.x, y: point.y) {
                cancelGesture(time: event.time, into: &output)
            }
        }
    }

    private func secondContactCounts(x: Double, y: Double) -> Bool {
        guard let geometry else { return true }
        return !geometry.outsideTouchesGoToParent || geometry.covers(x: x, y: y)
    }

    private mutating func begin(at point: TouchPoint, time: Int64, seatSlot: Int32, in scene: Scene,
                                into output: inout [RecogniserOutput]) {
        guard let top = scene.presentations.last else {
            state = .failed
            return
        }
        let layout = PresentationGeometry(presentation: top, in: scene, configuration: configuration)
        presentationID = top.id
        geometry = layout
        let slop = configuration.slopMM * scene.screen.pointsPerMillimetre
        let selectedHeight = layout.selectedHeight
        limits = DragLimits(
            sheetHeight: selectedHeight,
            largestOffset: selectedHeight - layout.height(of: layout.largestDetent),
            smallestOffset: selectedHeight - layout.height(of: layout.smallestDetent),
            gated: top.unsavedChanges || !top.dismissible,
            slopSquared: slop * slop
        )
        let region = layout.region(x: point.x, y: point.y)
        switch region {
        case .grabber, .topRegion, .content:
            state = .possible(PossibleDrag(seatSlot: seatSlot, x: point.x, y: point.y, time: time, region: region))
            if region == .content { scrollContentOffset = top.contentOffset }
        case .inside:
            state = .failed
        case .anchor, .passthrough, .outside:
            if let effect = tapEffect(of: region, geometry: layout) {
                state = .tapCandidate(TapCandidate(seatSlot: seatSlot, x: point.x, y: point.y, time: time, effect: effect))
            } else {
                state = .failed
            }
        }
    }

    private func tapEffect(of region: PresentationGeometry.Region, geometry: PresentationGeometry) -> TapEffect? {
        if geometry.outsideTouchesGoToParent { return nil }
        let action = geometry.tapOutside
        switch region {
        case .anchor:
            switch action {
            case .dismiss: return .dismiss
            case .ignore, .passthrough: return nil
            }
        case .passthrough:
            switch action {
            case .dismiss: return .dismissThenDeliver
            case .ignore, .passthrough: return .deliver
            }
        case .outside:
            switch action {
            case .dismiss: return .dismiss
            case .passthrough: return .deliver
            case .ignore: return nil
            }
        case .grabber, .topRegion, .content, .inside:
            return nil
        }
    }

    private mutating func handleMotion(_ event: TouchEvent, into output: inout [RecogniserOutput]) {
        guard let point = event.point else { return }
        switch state {
        case .idle, .failed:
            break
        case .tapCandidate(let candidate):
            guard candidate.seatSlot == event.seatSlot else { return }
            let dx = point.x - candidate.x
            let dy = point.y - candidate.y
            if dx * dx + dy * dy > limits.slopSquared { state = .failed }
        case .possible(let possible):
            guard possible.seatSlot == event.seatSlot else { return }
            passSlop(possible, at: point, time: event.time, into: &output)
        case .scrolling(var scroll):
            guard scroll.seatSlot == event.seatSlot else { return }
            let travel = point.y - scroll.startY
            if travel > scroll.contentOffset {
                handOff(scroll, travel: travel, time: event.time, into: &output)
            } else {
                scroll.lastTime = event.time
                scroll.lastTravel = travel
                state = .scrolling(scroll)
                samples.push(time: event.time, offset: 0)
            }
        case .dragging(var drag):
            guard drag.seatSlot == event.seatSlot else { return }
            drag.offset = point.y - drag.zeroY
            state = .dragging(drag)
            samples.push(time: event.time, offset: drag.offset)
            emitDragChanged(offset: drag.offset, time: event.time, into: &output)
        }
    }

    private mutating func passSlop(_ possible: PossibleDrag, at point: TouchPoint, time: Int64,
                                   into output: inout [RecogniserOutput]) {
        let dx = point.x - possible.x
        let dy = point.y - possible.y
        guard dx * dx + dy * dy > limits.slopSquared else { return }
        guard abs(dx) <= abs(dy) else {
            // Cross-axis: the content keeps the contact.
            state = .failed
            return
        }
        switch possible.region {
        case .grabber:
            startDrag(origin: .grabber, zeroY: possible.y, startTime: possible.time, at: point.y, time: time, into: &output)
        case .topRegion:
            startDrag(origin: .topRegion, zeroY: possible.y, startTime: possible.time, at: point.y, time: time, into: &output)
        case .content:
            let contentOffset = scrollContentOffset
            if dy > 0 {
                if contentOffset <= 0 {
                    startDrag(origin: .scrolledContent, zeroY: possible.y, startTime: possible.time, at: point.y,
                              time: time, into: &output)
                } else {
                    samples.reset()
                    samples.push(time: possible.time, offset: 0)
                    let scroll = ContentScroll(seatSlot: possible.seatSlot, startY: possible.y, contentOffset: contentOffset,
                                               lastTime: possible.time, lastTravel: 0)
                    state = .scrolling(scroll)
                    handleMotion(TouchEvent(kind: .motion, time: time, seatSlot: possible.seatSlot, point: point),
                                 into: &output)
                }
            } else {
                if contentOffset <= 0, let geometry, let larger = geometry.nextLargerDetent {
                    output.append(.intent(Intent(time: time, kind: .setDetent(presentation: presentationID, detent: larger,
                                                                              cause: .scrollExpand))))
                }
                state = .failed
            }
        case .inside, .anchor, .passthrough, .outside:
            state = .failed
        }
    }

    private mutating func startDrag(origin: DragOrigin, zeroY: Double, startTime: Int64, at y: Double, time: Int64,
                                    into output: inout [RecogniserOutput]) {
        samples.reset()
        samples.push(time: startTime, offset: 0)
        let offset = y - zeroY
        samples.push(time: time, offset: offset)
        state = .dragging(SheetDrag(seatSlot: seatSlotInProgress, origin: origin, zeroY: zeroY, offset: offset))
        output.append(.intent(Intent(time: time, kind: .dragBegan(presentation: presentationID, origin: origin))))
        emitDragChanged(offset: offset, time: time, into: &output)
    }

    private var seatSlotInProgress: Int32 {
        switch state {
        case .idle, .failed: -1
        case .tapCandidate(let candidate): candidate.seatSlot
        case .possible(let possible): possible.seatSlot
        case .scrolling(let scroll): scroll.seatSlot
        case .dragging(let drag): drag.seatSlot
        }
    }

    private mutating func handOff(_ scroll: ContentScroll, travel: Double, time: Int64,
                                  into output: inout [RecogniserOutput]) {
        // The instant the content reached its top, interpolated between the two samples around it.
        let span = travel - scroll.lastTravel
        let fraction = span > 0 ? (scroll.contentOffset - scroll.lastTravel) / span : 0
        let handOffTime = scroll.lastTime + Int64((Double(time - scroll.lastTime) * fraction).rounded())
        let zeroY = scroll.startY + scroll.contentOffset
        let offset = travel - scroll.contentOffset
        samples.push(time: handOffTime, offset: 0)
        samples.push(time: time, offset: offset)
        state = .dragging(SheetDrag(seatSlot: scroll.seatSlot, origin: .scrolledContent, zeroY: zeroY, offset: offset))
        output.append(.intent(Intent(time: time, kind: .dragBegan(presentation: presentationID, origin: .scrolledContent))))
        emitDragChanged(offset: offset, time: time, into: &output)
    }

    /// The offset the sheet shows for `offset` points of finger travel: rubber-banded past the largest
    /// detent, and past the smallest when dismissal is gated.
    private func shownOffset(_ offset: Double) -> Double {
        if offset < limits.largestOffset {
            return limits.largestOffset
                - configuration.rubberBand(limits.largestOffset - offset, sheetHeight: limits.sheetHeight)
        }
        if limits.gated && offset > limits.smallestOffset {
            return limits.smallestOffset
                + configuration.rubberBand(offset - limits.smallestOffset, sheetHeight: limits.sheetHeight)
        }
        return offset
    }

    private mutating func emitDragChanged(offset: Double, time: Int64, into output: inout [RecogniserOutput]) {
        let velocity = samples.velocity(at: time, window: configuration.velocityWindow, restCutoff: configuration.restCutoff)
        output.append(.intent(Intent(time: time, kind: .dragChanged(presentation: presentationID, offset: shownOffset(offset),
                                                                    velocity: velocity * 1000))))
    }

    private mutating func handleLift(_ event: TouchEvent, into output: inout [RecogniserOutput]) {
        let bit = Self.bit(event.seatSlot)
        guard contactsDown & bit != 0 else { return }
        contactsDown &= ~bit
        switch state {
        case .idle:
            break
        case .failed:
            if contactsDown == 0 { state = .idle }
        case .tapCandidate(let candidate):
            guard candidate.seatSlot == event.seatSlot else { return }
            state = restingState
            if event.time - candidate.time <= configuration.tapMaxDuration {
                completeTap(candidate, time: event.time, into: &output)
            }
        case .possible(let possible):
            guard possible.seatSlot == event.seatSlot else { return }
            state = restingState
            if possible.region == .grabber, event.time - possible.time <= configuration.tapMaxDuration {
                cycleDetent(time: event.time, into: &output)
            }
        case .scrolling(let scroll):
            guard scroll.seatSlot == event.seatSlot else { return }
            state = restingState
        case .dragging(let drag):
            guard drag.seatSlot == event.seatSlot else { return }
            state = restingState
            release(drag, time: event.time, into: &output)
        }
    }

    private func completeTap(_ candidate: TapCandidate, time: Int64, into output: inout [RecogniserOutput]) {
        switch candidate.effect {
        case .dismiss:
            output.append(.attempt(DismissalAttempt(time: time, presentation: presentationID, source: .tapOutside)))
        case .dismissThenDeliver:
            output.append(.attempt(DismissalAttempt(time: time, presentation: presentationID, source: .tapOutside)))
            output.append(.intent(Intent(time: time, kind: .passthroughTap(x: candidate.x, y: candidate.y))))
        case .deliver:
            output.append(.intent(Intent(time: time, kind: .passthroughTap(x: candidate.x, y: candidate.y))))
        }
    }

    private func cycleDetent(time: Int64, into output: inout [RecogniserOutput]) {
        guard let geometry else { return }
        let next = geometry.nextLargerDetent ?? geometry.smallestDetent
        guard geometry.height(of: next) != geometry.selectedHeight else { return }
        output.append(.intent(Intent(time: time, kind: .setDetent(presentation: presentationID, detent: next, cause: .grabberTap))))
    }

    private mutating func release(_ drag: SheetDrag, time: Int64, into output: inout [RecogniserOutput]) {
        guard let geometry else { return }
        let velocity = samples.velocity(at: time, window: configuration.velocityWindow, restCutoff: configuration.restCutoff)
        let projected = drag.offset + velocity * configuration.projectionMilliseconds
        let smallestHeight = geometry.height(of: geometry.smallestDetent)
        let threshold: Double
        let source: DismissalSource
        switch drag.origin {
        case .grabber:
            threshold = limits.sheetHeight - configuration.dismissFraction * smallestHeight
            source = .grabberDrag
        case .topRegion:
            threshold = configuration.dismissFraction * limits.sheetHeight
            source = .swipeFromTop
        case .scrolledContent:
            threshold = configuration.dismissFraction * limits.sheetHeight
            source = .swipeScrolledContent
        }
        let explanation = Explanation(projectedOffset: projected, threshold: threshold, velocity: velocity * 1000,
                                      margin: projected - threshold)
        if projected > threshold {
            output.append(.intent(Intent(time: time, kind: .dragEnded(presentation: presentationID, outcome: .dismissAttempt,
                                                                      detent: geometry.selectedDetent),
                                         explanation: explanation)))
            output.append(.attempt(DismissalAttempt(time: time, presentation: presentationID, source: source)))
            return
        }
        let detent = geometry.nearestDetent(toHeight: limits.sheetHeight - projected)
        output.append(.intent(Intent(time: time, kind: .dragEnded(presentation: presentationID, outcome: .settle, detent: detent),
                                     explanation: explanation)))
        if detent != geometry.selectedDetent {
            let cause: DetentCause = drag.origin == .grabber ? .grabberDrag : .swipe
            output.append(.intent(Intent(time: time, kind: .setDetent(presentation: presentationID, detent: detent, cause: cause))))
        }
    }

    private mutating func handleCancel(_ event: TouchEvent, into output: inout [RecogniserOutput]) {
        let bit = Self.bit(event.seatSlot)
        guard contactsDown & bit != 0 else { return }
        contactsDown &= ~bit
        if seatSlotInProgress == event.seatSlot {
            cancelGesture(time: event.time, into: &output)
        } else if contactsDown == 0 {
            switch state {
            case .failed: state = .idle
            case .idle, .tapCandidate, .possible, .scrolling, .dragging: break
            }
        }
    }

    /// Ends the gesture in progress without committing anything: a drag ends with `cancel` at its detent.
    private mutating func cancelGesture(time: Int64, into output: inout [RecogniserOutput]) {
        switch state {
        case .dragging:
            if let geometry {
                output.append(.intent(Intent(time: time, kind: .dragEnded(presentation: presentationID, outcome: .cancel,
                                                                          detent: geometry.selectedDetent))))
            }
        case .idle, .failed, .tapCandidate, .possible, .scrolling:
            break
        }
        state = restingState
    }

    // MARK: - Other inputs

    /// The Escape key: a dismissal attempt on the topmost presentation, after cancelling a gesture on it.
    public mutating func handleEscapeKey(time: Int64, in scene: Scene, into output: inout [RecogniserOutput]) {
        guard let top = scene.presentations.last else { return }
        cancelGesture(on: top.id, time: time, into: &output)
        output.append(.attempt(DismissalAttempt(time: time, presentation: top.id, source: .escapeKey)))
    }

    /// An accessibility action aimed at a presentation: escape attempts a dismissal, next and previous
    /// detent resize a sheet (without wrapping). A presentation not in the scene is ignored.
    public mutating func handleAccessibility(_ action: AccessibilityAction, presentation id: String, time: Int64,
                                             in scene: Scene, into output: inout [RecogniserOutput]) {
        guard let presentation = scene.presentations.last(where: { $0.id == id }) else { return }
        switch action {
        case .escape:
            cancelGesture(on: id, time: time, into: &output)
            output.append(.attempt(DismissalAttempt(time: time, presentation: id, source: .accessibilityEscape)))
        case .nextDetent, .previousDetent:
            let layout = PresentationGeometry(presentation: presentation, in: scene, configuration: configuration)
            guard layout.shape == .sheet else { return }
            let target = action == .nextDetent ? layout.nextLargerDetent : layout.nextSmallerDetent
            guard let target else { return }
            cancelGesture(on: id, time: time, into: &output)
            output.append(.intent(Intent(time: time, kind: .setDetent(presentation: id, detent: target, cause: .accessibility))))
        }
    }

    /// The touch device went away: any gesture is cancelled and every contact forgotten.
    public mutating func handleDeviceRemoved(time: Int64, into output: inout [RecogniserOutput]) {
        contactsDown = 0
        cancelGesture(time: time, into: &output)
        state = .idle
    }

    /// The host changed the scene: a gesture whose presentation is no longer topmost, or whose geometry
    /// changed, is cancelled; otherwise the dismissal gate (unsaved changes, dismissible) is refreshed.
    public mutating func handleSceneChange(to scene: Scene, time: Int64, into output: inout [RecogniserOutput]) {
        guard gestureInProgress, let geometry else { return }
        guard let top = scene.presentations.last, top.id == presentationID,
              PresentationGeometry(presentation: top, in: scene, configuration: configuration) == geometry else {
            cancelGesture(time: time, into: &output)
            return
        }
        limits.gated = top.unsavedChanges || !top.dismissible
    }

    private var gestureInProgress: Bool {
        switch state {
        case .idle, .failed: false
        case .tapCandidate, .possible, .scrolling, .dragging: true
        }
    }

    private mutating func cancelGesture(on id: String, time: Int64, into output: inout [RecogniserOutput]) {
        guard gestureInProgress, presentationID == id else { return }
        cancelGesture(time: time, into: &output)
    }
}
