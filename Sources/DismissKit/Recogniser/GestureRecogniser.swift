/// What the recogniser emits: a geometry intent for the host, or a dismissal attempt for the policy.
public enum RecogniserOutput: Sendable, Hashable {
    case intent(Intent)
    case attempt(DismissalAttempt)
}

/// Turns touch events into sheet drags, detent changes, pass-through taps and dismissal attempts (SPEC section 4).
///
/// A pure state machine: time arrives only inside events and nothing is read from a clock. Its
/// states are one private enum whose cases carry everything their gesture needs (the
/// presentation, its geometry, the velocity samples), so nothing outlives its gesture. The state
/// diagram is `GestureRecogniser.md`, beside this file: **the two change together.**
///
/// A drag's data sits in a copy-on-write box (``DragStorage``) so that each motion updates it in
/// place: the velocity samples alone are a kilobyte, too much to copy out of the state and back
/// for every event.
///
/// Outputs are appended to a caller-owned buffer; in steady state (motion of a tracked contact)
/// nothing is allocated.
///
/// Rules chosen where SPEC is silent:
/// - A gesture starts only when the first contact goes down while no other contact is down. It is
///   aimed at the topmost presentation of the scene passed with that `down`, and keeps that
///   presentation's geometry; scene changes in between are announced with ``sceneChanged(to:time:)``.
/// - Every other contact is ignored until all contacts have lifted, as is a contact that lands
///   where no gesture can start: inside a popover, alert or full-screen presentation, outside a
///   non-modal sheet, outside a presentation whose tap does nothing, or anywhere while the topmost
///   presentation has a confirmation open.
/// - A second contact cancels a gesture in progress when it lands on the presentation: anywhere
///   for a modal presentation (its dimmed backdrop is part of it), inside the frame for a
///   non-modal sheet (touches outside belong to the parent). It always spoils a tap outside.
/// - Distances are measured from where the contact went down: the slop counts towards a drag, so
///   the decision does not depend on which sample crossed the slop.
/// - A drag from the top region or the grabber follows the finger both ways; upward it grows the
///   sheet and rubber-bands past the largest detent.
/// - A contact on content splits its vertical travel between the content and the sheet as a
///   function of the travel alone (``sheetOffset(travel:contentOffset:largestOffset:)``): down,
///   the content scrolls to its top, then the sheet follows (hand-off); back up, the sheet returns
///   to its detent, then the content scrolls again (hand-back). Up from content at its top, the
///   sheet grows to its largest detent, then the content scrolls. Content that was scrolled when
///   the contact landed never grows the sheet.
/// - While the content holds the movement the sheet stands still: the velocity samples of that
///   time are at offset 0, and the interpolated instant the content reached its top is one more.
///   The release velocity is the sheet's own (least squares over the last 100 ms), so the
///   finger's scroll speed never counts.
/// - `dragChanged` is emitted when the sheet moves; the rest cut-off measures the time since the
///   sheet last moved.
/// - `tapOutside: passthrough` delivers the tap to the control below (`passthroughTap`) and
///   dismisses nothing. A pass-through region always delivers its tap; it is preceded by a
///   dismissal attempt when the action is `dismiss`. A tap on a popover's anchor is always
///   swallowed: a dismissal attempt when the action is `dismiss`, nothing otherwise. The tap is
///   delivered at the point where the contact went down.
/// - A tap on the grabber (within the slop and `tapMaxDuration`) selects the next larger detent,
///   wrapping from the largest to the smallest; a sheet with one detent does nothing.
/// - A settled drag that changes the detent names its cause by origin: `grabberDrag` from the
///   grabber, `swipe` from the top region, and from content `scrollExpand` when the sheet grew,
///   `swipe` when it shrank.
public struct GestureRecogniser: Sendable {
    /// What the recogniser is doing, for tests and diagnostics.
    public enum Phase: Sendable, Hashable {
        /// No contact is down.
        case idle
        /// A contact went down outside the topmost presentation and may become a tap.
        case tapOutsideCandidate(presentation: String)
        /// A contact went down on a sheet and has not passed the slop yet.
        case possibleDrag(presentation: String, region: PresentationGeometry.Region)
        /// The finger moves the sheet's content; the sheet rests at its detent. `contentOffset` is
        /// how far the content is scrolled now.
        case scrollingContent(presentation: String, contentOffset: Double)
        /// The sheet follows the finger; `offset` is the finger's share of the travel below the
        /// detent, before resistance.
        case dragging(presentation: String, origin: DragOrigin, offset: Double)
        /// Nothing happens until every contact has lifted.
        case failedUntilAllLifted
    }

    public var configuration: GestureConfiguration

    private enum State: Sendable {
        case idle
        case ignoringUntilLift
        case tapOutside(TapCandidate)
        case pressed(Press)
        case scrollingContent(DragStorage)
        case dragging(DragStorage)
    }

    /// What a tap outside will do if it completes.
    private enum TapEffect: Sendable {
        case dismiss, dismissThenDeliver, deliver
    }

    /// A contact outside the topmost presentation that may become a tap.
    private struct TapCandidate: Sendable {
        var seatSlot: Int32
        var x: Double
        var y: Double
        var time: Int64
        var effect: TapEffect
        var target: GestureTarget
    }

    /// A contact on a sheet that has not passed the slop.
    private struct Press: Sendable {
        var seatSlot: Int32
        var x: Double
        var y: Double
        var time: Int64
        var region: PresentationGeometry.Region
        var sheet: GestureTarget
        /// Whether dismissal is gated (unsaved changes or not dismissible): the sheet resists below
        /// its smallest detent. Refreshed when the scene changes.
        var gated: Bool
        /// The content's scroll offset when the contact landed (0 outside the content).
        var contentOffset: Double
    }

    /// A contact past the slop moving the sheet, its content, or both in turn.
    private struct Drag: Sendable {
        var seatSlot: Int32
        var sheet: GestureTarget
        var gated: Bool
        var origin: DragOrigin
        /// Where the contact went down.
        var startY: Double
        /// The content's scroll offset when the contact landed (0 for the top region and grabber).
        var contentOffset: Double
        /// The finger's latest vertical travel, down positive.
        var travel: Double
        var lastTime: Int64
        /// The sheet's share of the travel: points below its detent, before resistance.
        var offset: Double
        /// The offset the sheet shows, after resistance, as last emitted.
        var shownOffset: Double
        var samples: VelocityTracker
    }

    /// A drag, boxed so that it is updated in place; copied first when another copy of the
    /// recogniser shares it, so the recogniser stays a value.
    private final class DragStorage: @unchecked Sendable {
        /// Unchecked at run time: the one write access is ``update(_:)``, whose body never reaches
        /// back into the box, so the dynamic check could only cost time.
        @exclusivity(unchecked) private(set) var drag: Drag

        init(_ drag: Drag) { self.drag = drag }

        /// Runs `body` on the drag, in place: one exclusive access for the whole update.
        func update<Result>(_ body: (inout Drag) -> Result) -> Result { body(&drag) }
    }

    /// The presentation a gesture acts on, laid out when its contact went down: fixed for the
    /// gesture, so shared by reference as the gesture moves from state to state.
    private final class GestureTarget: Sendable {
        let presentation: String
        let geometry: PresentationGeometry
        /// The offset at which the sheet reaches its largest detent (zero or negative).
        let largestOffset: Double
        /// The offset at which the sheet reaches its smallest detent (zero or positive).
        let smallestOffset: Double
        /// The projected offset beyond which a release dismisses: the height left is below
        /// `dismissFraction` of the smallest detent (SPEC 4.6, one rule for every origin).
        let dismissOffset: Double
        let slopSquared: Double

        init(_ presentation: Presentation, geometry: PresentationGeometry, slop: Double, configuration: GestureConfiguration) {
            self.presentation = presentation.id
            self.geometry = geometry
            let height = geometry.selectedHeight
            let smallestHeight = geometry.height(of: geometry.smallestDetent)
            largestOffset = height - geometry.height(of: geometry.largestDetent)
            smallestOffset = height - smallestHeight
            dismissOffset = height - configuration.dismissFraction * smallestHeight
            slopSquared = slop * slop
        }
    }

    private var state: State = .idle
    /// Seat slots currently down, one bit per slot modulo 64.
    private var contactsDown: UInt64 = 0

    public init(configuration: GestureConfiguration = GestureConfiguration()) {
        self.configuration = configuration
    }

    /// The recogniser's current phase.
    public var phase: Phase {
        switch state {
        case .idle: .idle
        case .ignoringUntilLift: .failedUntilAllLifted
        case .tapOutside(let candidate): .tapOutsideCandidate(presentation: candidate.target.presentation)
        case .pressed(let press): .possibleDrag(presentation: press.sheet.presentation, region: press.region)
        case .scrollingContent(let storage):
            .scrollingContent(presentation: storage.drag.sheet.presentation,
                              contentOffset: Self.contentOffset(travel: storage.drag.travel, of: storage.drag))
        case .dragging(let storage):
            .dragging(presentation: storage.drag.sheet.presentation, origin: storage.drag.origin, offset: storage.drag.offset)
        }
    }

    /// The presentation the gesture in progress acts on, or nil.
    public var gesturePresentation: String? {
        switch state {
        case .idle, .ignoringUntilLift: nil
        case .tapOutside(let candidate): candidate.target.presentation
        case .pressed(let press): press.sheet.presentation
        case .scrollingContent(let storage), .dragging(let storage): storage.drag.sheet.presentation
        }
    }

    // MARK: - Touch events

    /// Processes one touch event against the scene, appending what it causes to `output`.
    /// - Parameter topIsAsking: whether the topmost presentation has a confirmation open; a
    ///   contact that lands then starts no gesture (read for `down` events only).
    public mutating func handle(_ event: TouchEvent, in scene: Scene, topIsAsking: Bool = false,
                                into output: inout [RecogniserOutput]) {
        switch event.kind {
        case .down: handleDown(event, in: scene, topIsAsking: topIsAsking, into: &output)
        case .motion: handleMotion(event, into: &output)
        case .up: handleLift(event, into: &output)
        case .cancel: handleCancel(event, into: &output)
        case .frame: break
        }
    }

    private static func bit(_ seatSlot: Int32) -> UInt64 {
        1 << UInt64(UInt32(bitPattern: seatSlot) & 63)
    }

    /// Where the recogniser rests once a gesture is over.
    private var restingState: State { contactsDown == 0 ? .idle : .ignoringUntilLift }

    private mutating func handleDown(_ event: TouchEvent, in scene: Scene, topIsAsking: Bool,
                                     into output: inout [RecogniserOutput]) {
        let bit = Self.bit(event.seatSlot)
        // A second down for a slot already down is an impossible pair from the hardware: ignored.
        guard contactsDown & bit == 0, let point = event.point else { return }
        contactsDown |= bit
        switch state {
        case .idle:
            state = topIsAsking ? .ignoringUntilLift : begin(at: point, time: event.time, seatSlot: event.seatSlot, in: scene)
        case .ignoringUntilLift, .tapOutside:
            state = .ignoringUntilLift
        case .pressed(let press):
            if Self.secondContactCounts(on: press.sheet.geometry, x: point.x, y: point.y) { state = .ignoringUntilLift }
        case .scrollingContent(let storage):
            if Self.secondContactCounts(on: storage.drag.sheet.geometry, x: point.x, y: point.y) { state = .ignoringUntilLift }
        case .dragging(let storage):
            if Self.secondContactCounts(on: storage.drag.sheet.geometry, x: point.x, y: point.y) {
                state = .ignoringUntilLift
                output.append(.intent(Self.cancellation(of: storage.drag, time: event.time)))
            }
        }
    }

    private static func secondContactCounts(on geometry: PresentationGeometry, x: Double, y: Double) -> Bool {
        !geometry.outsideTouchesGoToParent || geometry.covers(x: x, y: y)
    }

    /// The state a first contact puts the recogniser in.
    private func begin(at point: TouchPoint, time: Int64, seatSlot: Int32, in scene: Scene) -> State {
        guard let top = scene.presentations.last else { return .ignoringUntilLift }
        let geometry = PresentationGeometry(presentation: top, in: scene, configuration: configuration)
        let slop = configuration.slopMM * scene.screen.pointsPerMillimetre
        let region = geometry.region(x: point.x, y: point.y)
        let target = GestureTarget(top, geometry: geometry, slop: slop, configuration: configuration)
        switch region {
        case .grabber, .topRegion, .content:
            return .pressed(Press(seatSlot: seatSlot, x: point.x, y: point.y, time: time, region: region, sheet: target,
                                  gated: top.isGated, contentOffset: region == .content ? top.contentOffset : 0))
        case .inside:
            return .ignoringUntilLift
        case .anchor, .passthrough, .outside:
            guard let effect = Self.tapEffect(of: region, geometry: geometry) else { return .ignoringUntilLift }
            return .tapOutside(TapCandidate(seatSlot: seatSlot, x: point.x, y: point.y, time: time, effect: effect, target: target))
        }
    }

    private static func tapEffect(of region: PresentationGeometry.Region, geometry: PresentationGeometry) -> TapEffect? {
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
        case .idle, .ignoringUntilLift:
            break
        case .tapOutside(let candidate):
            guard candidate.seatSlot == event.seatSlot else { return }
            let dx = point.x - candidate.x
            let dy = point.y - candidate.y
            if dx * dx + dy * dy > candidate.target.slopSquared { state = .ignoringUntilLift }
        case .pressed(let press):
            guard press.seatSlot == event.seatSlot else { return }
            passSlop(press, at: point, time: event.time, into: &output)
        case .scrollingContent(var storage), .dragging(var storage):
            guard storage.drag.seatSlot == event.seatSlot else { return }
            let wasDragging = isDragging
            state = .idle  // the state lets go of the box, so that it is unique unless a copy of the recogniser shares it
            if !isKnownUniquelyReferenced(&storage) { storage = DragStorage(storage.drag) }
            follow(storage, wasDragging: wasDragging, toY: point.y, time: event.time, into: &output)
        }
    }

    private mutating func passSlop(_ press: Press, at point: TouchPoint, time: Int64, into output: inout [RecogniserOutput]) {
        let dx = point.x - press.x
        let dy = point.y - press.y
        guard dx * dx + dy * dy > press.sheet.slopSquared else { return }
        guard abs(dx) <= abs(dy) else {
            // Cross-axis: not a sheet drag; the content keeps the contact.
            state = .ignoringUntilLift
            return
        }
        let origin: DragOrigin
        switch press.region {
        case .grabber: origin = .grabber
        case .topRegion: origin = .topRegion
        case .content: origin = .scrolledContent
        case .inside, .anchor, .passthrough, .outside:
            state = .ignoringUntilLift
            return
        }
        var drag = Drag(seatSlot: press.seatSlot, sheet: press.sheet, gated: press.gated, origin: origin, startY: press.y,
                        contentOffset: press.contentOffset, travel: 0, lastTime: press.time, offset: 0, shownOffset: 0,
                        samples: VelocityTracker())
        drag.samples.push(time: press.time, offset: 0)
        follow(DragStorage(drag), wasDragging: false, toY: point.y, time: time, into: &output)
    }

    private var isDragging: Bool {
        if case .dragging = state { true } else { false }
    }

    /// Moves the finger of a drag to `y`: splits the travel between content and sheet, records the
    /// sheet's offset, and emits `dragBegan` when the sheet first moves and `dragChanged` when it
    /// moves. Puts the drag back in the state: `dragging` once the sheet has moved.
    private mutating func follow(_ storage: DragStorage, wasDragging: Bool, toY y: Double, time: Int64,
                                 into output: inout [RecogniserOutput]) {
        let configuration = configuration
        let dragging = storage.update { drag -> Bool in
            let travel = y - drag.startY
            let offset = drag.origin == .scrolledContent
                ? Self.sheetOffset(travel: travel, contentOffset: drag.contentOffset, largestOffset: drag.sheet.largestOffset)
                : travel
            if drag.offset == 0 && drag.travel < drag.contentOffset && travel > drag.contentOffset {
                // The content reached its top between two samples: the sheet started from rest then.
                // Clamped: touches from an embedding toolkit may carry any number, infinities included.
                let fraction = (drag.contentOffset - drag.travel) / (travel - drag.travel)
                let share = fraction.isNaN ? 1 : min(max(fraction, 0), 1)
                drag.samples.push(time: drag.lastTime + Int64((Double(time - drag.lastTime) * share).rounded()), offset: 0)
            }
            drag.samples.push(time: time, offset: offset)
            drag.travel = travel
            drag.lastTime = time
            drag.offset = offset
            guard wasDragging || offset != 0 else { return false }
            let shown = Self.shownOffset(offset, on: drag.sheet, gated: drag.gated, configuration: configuration)
            if !wasDragging {
                output.append(.intent(Intent(time: time, kind: .dragBegan(presentation: drag.sheet.presentation, origin: drag.origin))))
            }
            if !wasDragging || shown != drag.shownOffset {
                drag.shownOffset = shown
                let velocity = drag.samples.velocity(at: time, window: configuration.velocityWindow,
                                                     restCutoff: configuration.restCutoff)
                output.append(.intent(Intent(time: time, kind: .dragChanged(presentation: drag.sheet.presentation, offset: shown,
                                                                            velocity: velocity * 1000))))
            }
            return true
        }
        state = dragging ? .dragging(storage) : .scrollingContent(storage)
    }

    /// The sheet's share of a content contact's travel (down positive); the content takes the rest.
    ///
    /// Down, the content first scrolls to its top, then the sheet follows; up from content at its
    /// top, the sheet grows to its largest detent (`largestOffset`, zero or negative), then the
    /// content scrolls. A function of the travel alone, so the way back retraces the way out.
    static func sheetOffset(travel: Double, contentOffset: Double, largestOffset: Double) -> Double {
        if travel > contentOffset { return travel - contentOffset }
        if travel < 0 && contentOffset == 0 { return max(travel, largestOffset) }
        return 0
    }

    /// How far the content of a content contact's sheet is scrolled after `travel`.
    private static func contentOffset(travel: Double, of drag: Drag) -> Double {
        let sheet = sheetOffset(travel: travel, contentOffset: drag.contentOffset, largestOffset: drag.sheet.largestOffset)
        return drag.contentOffset - (travel - sheet)
    }

    /// The offset the sheet shows for `offset` points of finger travel: rubber-banded past the largest
    /// detent, and past the smallest when dismissal is gated.
    private static func shownOffset(_ offset: Double, on sheet: GestureTarget, gated: Bool,
                                    configuration: GestureConfiguration) -> Double {
        let height = sheet.geometry.selectedHeight
        if offset < sheet.largestOffset {
            return sheet.largestOffset - configuration.rubberBand(sheet.largestOffset - offset, sheetHeight: height)
        }
        if gated && offset > sheet.smallestOffset {
            return sheet.smallestOffset + configuration.rubberBand(offset - sheet.smallestOffset, sheetHeight: height)
        }
        return offset
    }

    private mutating func handleLift(_ event: TouchEvent, into output: inout [RecogniserOutput]) {
        let bit = Self.bit(event.seatSlot)
        guard contactsDown & bit != 0 else { return }
        contactsDown &= ~bit
        switch state {
        case .idle:
            break
        case .ignoringUntilLift:
            if contactsDown == 0 { state = .idle }
        case .tapOutside(let candidate):
            guard candidate.seatSlot == event.seatSlot else { return }
            state = restingState
            if event.time - candidate.time <= configuration.tapMaxDuration { completeTap(candidate, time: event.time, into: &output) }
        case .pressed(let press):
            guard press.seatSlot == event.seatSlot else { return }
            state = restingState
            if press.region == .grabber, event.time - press.time <= configuration.tapMaxDuration {
                cycleDetent(of: press.sheet, time: event.time, into: &output)
            }
        case .scrollingContent(let storage):
            guard storage.drag.seatSlot == event.seatSlot else { return }
            state = restingState
        case .dragging(let storage):
            guard storage.drag.seatSlot == event.seatSlot else { return }
            state = restingState
            var drag = storage.drag
            release(&drag, time: event.time, into: &output)
        }
    }

    private func completeTap(_ candidate: TapCandidate, time: Int64, into output: inout [RecogniserOutput]) {
        let attempt = RecogniserOutput.attempt(DismissalAttempt(time: time, presentation: candidate.target.presentation,
                                                                source: .tapOutside))
        let delivery = RecogniserOutput.intent(Intent(time: time, kind: .passthroughTap(x: candidate.x, y: candidate.y)))
        switch candidate.effect {
        case .dismiss: output.append(attempt)
        case .dismissThenDeliver: output.append(contentsOf: [attempt, delivery])
        case .deliver: output.append(delivery)
        }
    }

    private func cycleDetent(of sheet: GestureTarget, time: Int64, into output: inout [RecogniserOutput]) {
        let geometry = sheet.geometry
        let next = geometry.nextLargerDetent ?? geometry.smallestDetent
        guard geometry.height(of: next) != geometry.selectedHeight else { return }
        output.append(.intent(Intent(time: time, kind: .setDetent(presentation: sheet.presentation, detent: next, cause: .grabberTap))))
    }

    /// The release rule (SPEC 4.6): dismiss when the projected height falls below half of the
    /// smallest detent, otherwise settle on the detent nearest the projected height.
    private func release(_ drag: inout Drag, time: Int64, into output: inout [RecogniserOutput]) {
        let sheet = drag.sheet
        let geometry = sheet.geometry
        let id = sheet.presentation
        let velocity = drag.samples.velocity(at: time, window: configuration.velocityWindow, restCutoff: configuration.restCutoff)
        let projected = drag.offset + velocity * configuration.projectionMilliseconds
        let explanation = Explanation(projectedOffset: projected, threshold: sheet.dismissOffset, velocity: velocity * 1000,
                                      margin: projected - sheet.dismissOffset)
        if projected > sheet.dismissOffset {
            output.append(.intent(Intent(time: time, kind: .dragEnded(presentation: id, outcome: .dismissAttempt,
                                                                      detent: geometry.selectedDetent),
                                         explanation: explanation)))
            let source: DismissalSource = switch drag.origin {
            case .grabber: .grabberDrag
            case .topRegion: .swipeFromTop
            case .scrolledContent: .swipeScrolledContent
            }
            output.append(.attempt(DismissalAttempt(time: time, presentation: id, source: source)))
            return
        }
        let detent = geometry.nearestDetent(toHeight: geometry.selectedHeight - projected)
        output.append(.intent(Intent(time: time, kind: .dragEnded(presentation: id, outcome: .settle, detent: detent),
                                     explanation: explanation)))
        guard detent != geometry.selectedDetent else { return }
        let cause: DetentCause = switch drag.origin {
        case .grabber: .grabberDrag
        case .topRegion: .swipe
        case .scrolledContent: geometry.height(of: detent) > geometry.selectedHeight ? .scrollExpand : .swipe
        }
        output.append(.intent(Intent(time: time, kind: .setDetent(presentation: id, detent: detent, cause: cause))))
    }

    private mutating func handleCancel(_ event: TouchEvent, into output: inout [RecogniserOutput]) {
        let bit = Self.bit(event.seatSlot)
        guard contactsDown & bit != 0 else { return }
        contactsDown &= ~bit
        switch state {
        case .idle:
            break
        case .ignoringUntilLift:
            if contactsDown == 0 { state = .idle }
        case .tapOutside(let candidate):
            if candidate.seatSlot == event.seatSlot { state = restingState }
        case .pressed(let press):
            if press.seatSlot == event.seatSlot { state = restingState }
        case .scrollingContent(let storage):
            if storage.drag.seatSlot == event.seatSlot { state = restingState }
        case .dragging(let storage):
            guard storage.drag.seatSlot == event.seatSlot else { return }
            state = restingState
            output.append(.intent(Self.cancellation(of: storage.drag, time: event.time)))
        }
    }

    /// The end of a cancelled drag: the sheet returns to its detent, nothing is committed.
    private static func cancellation(of drag: Drag, time: Int64) -> Intent {
        Intent(time: time, kind: .dragEnded(presentation: drag.sheet.presentation, outcome: .cancel,
                                            detent: drag.sheet.geometry.selectedDetent))
    }

    // MARK: - Decisions made elsewhere

    /// The scene changed. A gesture whose presentation is no longer topmost, or whose geometry
    /// changed, is cancelled (a drag ends with the returned `dragEnded` `cancel`); otherwise the
    /// dismissal gate (unsaved changes, `dismissible`) takes effect from the next event.
    public mutating func sceneChanged(to scene: Scene, time: Int64) -> Intent? {
        guard let id = gesturePresentation else { return nil }
        let top = scene.presentations.last.flatMap { $0.id == id ? $0 : nil }
        let geometry = top.map { PresentationGeometry(presentation: $0, in: scene, configuration: configuration) }
        switch state {
        case .idle, .ignoringUntilLift:
            return nil
        case .tapOutside(let candidate):
            if geometry != candidate.target.geometry { state = restingState }
            return nil
        case .pressed(var press):
            guard let top, geometry == press.sheet.geometry else {
                state = restingState
                return nil
            }
            press.gated = top.isGated
            state = .pressed(press)
            return nil
        case .scrollingContent(let storage), .dragging(let storage):
            let wasDragging = isDragging
            guard let top, geometry == storage.drag.sheet.geometry else {
                state = restingState
                return wasDragging ? Self.cancellation(of: storage.drag, time: time) : nil
            }
            // A new box: a scene change is rare, and the recogniser's copies must not share the change.
            let refreshed = DragStorage(storage.drag)
            refreshed.update { $0.gated = top.isGated }
            state = wasDragging ? .dragging(refreshed) : .scrollingContent(refreshed)
            return nil
        }
    }

    /// Ends the gesture on `presentation` at once and silently: it was dismissed, or a question
    /// opened for it (SPEC 4.9). Its contact is ignored until every contact has lifted.
    public mutating func endGesture(on presentation: String) {
        if gesturePresentation == presentation { state = restingState }
    }
}

extension Presentation {
    /// Whether dismissal by gesture is gated: unsaved changes ask first, and `dismissible: false` refuses.
    var isGated: Bool { unsavedChanges || !dismissible }
}
