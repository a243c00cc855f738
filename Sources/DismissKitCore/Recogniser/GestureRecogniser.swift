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
/// A gesture's fixed target (its presentation and geometry, ``GestureTarget``) and a drag's
/// changing data (``Drag``) sit in a copy-on-write box (``GestureBox``) that the state's case
/// holds, so that each motion updates the drag in place: the velocity samples alone are a
/// kilobyte, too much to copy out of the state and back for every event, and the state stays a
/// few words. When a gesture ends, its box is emptied and kept for the next gesture; a copy of
/// the recogniser that shares a box gets its own before either changes it.
///
/// Outputs are appended to a caller-owned buffer; in steady state nothing is allocated, neither
/// per event nor per gesture.
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

    /// Whether the recogniser notes its decisions in ``decisions`` (for `--explain` and
    /// `gesturectl plot`); off, it notes nothing and the hot paths pay one test per decision.
    public var notesDecisions = false
    /// The decisions noted since the caller last took them (``takeDecisions(into:)``).
    public private(set) var decisions: [GestureDecision] = []

    /// The states; every gesture's data is in its case: the contact's own values, and the box with
    /// the gesture's target (and, for a drag, the drag).
    private enum State: Sendable {
        case idle
        case ignoringUntilLift
        case tapOutside(TapCandidate, GestureBox)
        case pressed(Press, GestureBox)
        case scrollingContent(GestureBox)
        case dragging(GestureBox)
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
    }

    /// A contact on a sheet that has not passed the slop.
    private struct Press: Sendable {
        var seatSlot: Int32
        var x: Double
        var y: Double
        var time: Int64
        var region: PresentationGeometry.Region
        /// Whether dismissal is gated (unsaved changes or not dismissible): the sheet resists below
        /// its smallest detent. Refreshed when the scene changes.
        var gated: Bool
        /// The content's scroll offset when the contact landed (0 outside the content).
        var contentOffset: Double
    }

    /// A contact past the slop moving the sheet, its content, or both in turn.
    private struct Drag: Sendable {
        var seatSlot: Int32
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

        /// What a box holds outside a drag.
        static let none = Drag(seatSlot: -1, gated: false, origin: .topRegion, startY: 0, contentOffset: 0, travel: 0,
                               lastTime: 0, offset: 0, shownOffset: 0, samples: VelocityTracker())

        /// Becomes ``none`` in place (the samples' storage is not rewritten, only forgotten).
        mutating func clear() {
            seatSlot = -1
            gated = false
            origin = .topRegion
            startY = 0
            contentOffset = 0
            travel = 0
            lastTime = 0
            offset = 0
            shownOffset = 0
            samples.reset()
        }
    }

    /// The presentation a gesture acts on, laid out when its contact went down: fixed for the gesture.
    private struct GestureTarget: Sendable {
        let geometry: PresentationGeometry
        /// The figures a drag reads at every motion, apart from the geometry so that they are read
        /// without copying it.
        let sheet: Sheet
        var presentation: PresentationID { sheet.presentation }
        var slopSquared: Double { sheet.slopSquared }

        init(_ presentation: Presentation, in scene: Scene, configuration: GestureConfiguration) {
            let geometry = PresentationGeometry(presentation: presentation, in: scene, configuration: configuration)
            let slop = configuration.slopMM * scene.screen.pointsPerMillimetre
            self.geometry = geometry
            let height = geometry.selectedHeight
            let smallestHeight = geometry.height(of: geometry.smallestDetent)
            sheet = Sheet(presentation: PresentationID(presentation.id), selectedHeight: height,
                          largestOffset: height - geometry.height(of: geometry.largestDetent),
                          smallestOffset: height - smallestHeight,
                          dismissOffset: height - configuration.dismissFraction * smallestHeight,
                          slopSquared: slop * slop)
        }

    }

    /// A gesture's presentation and the figures of its sheet: plain values.
    private struct Sheet: Sendable {
        let presentation: PresentationID
        /// The height of the selected detent.
        let selectedHeight: Double
        /// The offset at which the sheet reaches its largest detent (zero or negative).
        let largestOffset: Double
        /// The offset at which the sheet reaches its smallest detent (zero or positive).
        let smallestOffset: Double
        /// The projected offset beyond which a release dismisses: the height left is below
        /// `dismissFraction` of the smallest detent (SPEC 4.6, one rule for every origin).
        let dismissOffset: Double
        let slopSquared: Double
    }

    /// A gesture's target and drag, boxed so that they are updated in place. Before it changes a
    /// box the recogniser makes sure that no copy of it shares the box (``ownBoxes()``), so that
    /// the recogniser stays a value.
    private final class GestureBox: @unchecked Sendable {
        /// Unchecked at run time: the write accesses are ``start(_:)``, ``startDrag(_:)``,
        /// ``empty()`` and ``update(_:)``, whose bodies never reach back into the box, so the
        /// dynamic check could only cost time.
        @exclusivity(unchecked) private(set) var target: GestureTarget
        @exclusivity(unchecked) private(set) var drag: Drag
        /// The pipeline's scene generation the target was laid out for (nil when not known): a
        /// gesture on the top of the same generation reuses the layout.
        @exclusivity(unchecked) private(set) var layoutGeneration: UInt64?

        init(target: GestureTarget, drag: Drag, generation: UInt64?) {
            self.target = target
            self.drag = drag
            layoutGeneration = generation
        }

        /// A box of its own for a copy of the recogniser that shared this one.
        func copy() -> GestureBox { GestureBox(target: target, drag: drag, generation: layoutGeneration) }

        /// Starts a gesture on `target`, laid out for the scene of `generation`.
        func start(_ target: GestureTarget, generation: UInt64?) {
            self.target = target
            layoutGeneration = generation
        }

        /// Where a point falls on the box's presentation.
        func region(x: Double, y: Double) -> PresentationGeometry.Region {
            target.geometry.region(x: x, y: y)
        }

        /// Starts the gesture's drag, in place.
        func startDrag(seatSlot: Int32, gated: Bool, origin: DragOrigin, startY: Double, contentOffset: Double, time: Int64) {
            drag.clear()
            drag.seatSlot = seatSlot
            drag.gated = gated
            drag.origin = origin
            drag.startY = startY
            drag.contentOffset = contentOffset
            drag.lastTime = time
            drag.samples.push(time: time, offset: 0)
        }

        /// Lets go of the gesture's data, so that nothing of the gesture outlives it in a kept box:
        /// only the layout of its presentation stays, for the next gesture on it.
        func empty() {
            drag.clear()
        }

        /// Runs `body` on the drag, in place: one exclusive access for the whole update.
        func update<Result>(_ body: (inout Drag, Sheet) -> Result) -> Result { body(&drag, target.sheet) }
    }

    private var state: State = .idle
    /// Seat slots currently down, one bit per slot modulo 64.
    private var contactsDown: UInt64 = 0
    /// The box of the last gesture, emptied, kept for the next one so that gestures do not allocate.
    private var spareBox: GestureBox?
    /// Shared by the copies of a recogniser, and only by them, like its boxes: while this
    /// recogniser holds the only reference, no copy shares its boxes either.
    private var boxOwner = BoxOwner()

    private final class BoxOwner: Sendable {}

    public init(configuration: GestureConfiguration = GestureConfiguration()) {
        self.configuration = configuration
    }

    /// Moves the decisions noted so far to the end of `taken`.
    public mutating func takeDecisions(into taken: inout [GestureDecision]) {
        guard !decisions.isEmpty else { return }
        taken.append(contentsOf: decisions)
        decisions.removeAll(keepingCapacity: true)
    }

    /// Notes a decision on the gesture of `target`, when decisions are noted.
    @inline(__always)
    private mutating func note(_ kind: @autoclosure () -> GestureDecision.Kind, on target: GestureTarget, time: Int64,
                               seatSlot: Int32, x: Double, y: Double) {
        guard notesDecisions else { return }
        decisions.append(GestureDecision(time: time, presentation: target.presentation, seatSlot: seatSlot, x: x, y: y,
                                         kind: kind()))
    }

    /// The recogniser's current phase.
    public var phase: Phase {
        switch state {
        case .idle: .idle
        case .ignoringUntilLift: .failedUntilAllLifted
        case .tapOutside(_, let box): .tapOutsideCandidate(presentation: box.target.presentation.name)
        case .pressed(let press, let box): .possibleDrag(presentation: box.target.presentation.name, region: press.region)
        case .scrollingContent(let box):
            .scrollingContent(presentation: box.target.presentation.name,
                              contentOffset: Self.contentOffset(travel: box.drag.travel, of: box.drag, on: box.target.sheet))
        case .dragging(let box):
            .dragging(presentation: box.target.presentation.name, origin: box.drag.origin, offset: box.drag.offset)
        }
    }

    /// The presentation the gesture in progress acts on, or nil.
    public var gesturePresentation: PresentationID? {
        switch state {
        case .idle, .ignoringUntilLift: nil
        case .tapOutside(_, let box), .pressed(_, let box), .scrollingContent(let box), .dragging(let box): box.target.presentation
        }
    }

    // MARK: - Touch events

    /// Processes one touch event against the scene, appending what it causes to `output`.
    /// - Parameter topIsAsking: whether the topmost presentation has a confirmation open; a
    ///   contact that lands then starts no gesture (read for `down` events only).
    public mutating func handle(_ event: TouchEvent, in scene: Scene, topIsAsking: Bool = false,
                                into output: inout [RecogniserOutput]) {
        handle(event, in: scene, generation: nil, topIsAsking: topIsAsking, into: &output)
    }

    /// ``handle(_:in:topIsAsking:into:)`` for the pipeline, which numbers its scenes: `generation`
    /// changes whenever the scene does, so a presentation laid out for a gesture need not be laid
    /// out again for the next one while it stays the same.
    mutating func handle(_ event: TouchEvent, in scene: Scene, generation: UInt64?, topIsAsking: Bool,
                         into output: inout [RecogniserOutput]) {
        ownBoxes()
        switch event.kind {
        case .down: handleDown(event, in: scene, generation: generation, topIsAsking: topIsAsking, into: &output)
        case .motion:
            var sink = OutputSink()
            swap(&sink.outputs, &output)
            handleMotion(event, into: &sink)
            swap(&sink.outputs, &output)
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

    private mutating func handleDown(_ event: TouchEvent, in scene: Scene, generation: UInt64?, topIsAsking: Bool,
                                     into output: inout [RecogniserOutput]) {
        let bit = Self.bit(event.seatSlot)
        // A second down for a slot already down is an impossible pair from the hardware: ignored.
        guard contactsDown & bit == 0, let point = event.point else { return }
        contactsDown |= bit
        switch state {
        case .idle:
            if topIsAsking {
                state = .ignoringUntilLift
            } else {
                begin(at: point, time: event.time, seatSlot: event.seatSlot, in: scene, generation: generation)
            }
        case .ignoringUntilLift:
            break
        case .tapOutside(_, let box):
            note(.secondContact(ended: .tapOutside), on: box.target, time: event.time, seatSlot: event.seatSlot,
                 x: point.x, y: point.y)
            end(box)
        case .pressed(_, let box), .scrollingContent(let box):
            if Self.secondContactCounts(on: box.target.geometry, x: point.x, y: point.y) {
                let ended: GestureDecision.EndedGesture = if case .pressed = state { .press } else { .contentScroll }
                note(.secondContact(ended: ended), on: box.target, time: event.time, seatSlot: event.seatSlot,
                     x: point.x, y: point.y)
                end(box)
            }
        case .dragging(let box):
            if Self.secondContactCounts(on: box.target.geometry, x: point.x, y: point.y) {
                note(.secondContact(ended: .drag), on: box.target, time: event.time, seatSlot: event.seatSlot,
                     x: point.x, y: point.y)
                output.append(.intent(Self.cancellation(of: box.target, time: event.time)))
                end(box)
            }
        }
    }

    private static func secondContactCounts(on geometry: PresentationGeometry, x: Double, y: Double) -> Bool {
        !geometry.outsideTouchesGoToParent || geometry.covers(x: x, y: y)
    }

    /// Puts the recogniser in the state a first contact starts.
    private mutating func begin(at point: TouchPoint, time: Int64, seatSlot: Int32, in scene: Scene, generation: UInt64?) {
        guard !scene.presentations.isEmpty else {
            state = .ignoringUntilLift
            return
        }
        let topIndex = scene.presentations.count - 1
        let box = box(for: scene.presentations[topIndex], in: scene, generation: generation)
        let region = box.region(x: point.x, y: point.y)
        switch region {
        case .grabber, .topRegion, .content:
            let top = scene.presentations[topIndex]
            let press = Press(seatSlot: seatSlot, x: point.x, y: point.y, time: time, region: region, gated: top.isGated,
                              contentOffset: region == .content ? top.contentOffset : 0)
            state = .pressed(press, box)
            return
        case .inside:
            break
        case .anchor, .passthrough, .outside:
            if let effect = Self.tapEffect(of: region, geometry: box.target.geometry) {
                state = .tapOutside(TapCandidate(seatSlot: seatSlot, x: point.x, y: point.y, time: time, effect: effect), box)
                return
            }
        }
        // No gesture: the box goes back, keeping the layout.
        spareBox = box
        state = .ignoringUntilLift
    }

    /// A box laid out for a gesture on `presentation`, the topmost of `scene`: the kept one, laid
    /// out again unless it was laid out for this scene generation, or a new one.
    private mutating func box(for presentation: Presentation, in scene: Scene, generation: UInt64?) -> GestureBox {
        if let spare = spareBox {
            spareBox = nil
            if generation == nil || spare.layoutGeneration != generation {
                spare.start(GestureTarget(presentation, in: scene, configuration: configuration), generation: generation)
            }
            return spare
        }
        return GestureBox(target: GestureTarget(presentation, in: scene, configuration: configuration), drag: .none,
                          generation: generation)
    }

    /// Ends the gesture whose box is `box`, bound from the state: the recogniser rests until every
    /// contact has lifted, and keeps the box, emptied, for the next gesture.
    private mutating func end(_ box: GestureBox) {
        state = restingState
        box.empty()
        spareBox = box
    }

    /// Ends the gesture in progress, if any, as ``end(_:)`` does.
    private mutating func rest() {
        switch state {
        case .idle, .ignoringUntilLift:
            state = restingState
        case .tapOutside(_, let box), .pressed(_, let box), .scrollingContent(let box), .dragging(let box):
            end(box)
        }
    }

    /// Makes sure that no copy of the recogniser shares its boxes, so that they can be changed in
    /// place: every entry point that may change a box calls it first.
    @inline(__always)
    private mutating func ownBoxes() {
        if !isKnownUniquelyReferenced(&boxOwner) { unshare() }
    }

    /// Gives this recogniser boxes of its own, leaving the shared ones to its copy.
    @inline(never)
    private mutating func unshare() {
        boxOwner = BoxOwner()
        spareBox = nil
        switch state {
        case .idle, .ignoringUntilLift: break
        case .tapOutside(let candidate, let box): state = .tapOutside(candidate, box.copy())
        case .pressed(let press, let box): state = .pressed(press, box.copy())
        case .scrollingContent(let box): state = .scrollingContent(box.copy())
        case .dragging(let box): state = .dragging(box.copy())
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

    /// The recogniser's outputs, as a motion's intents reach them.
    private struct OutputSink: IntentSink {
        var outputs: [RecogniserOutput] = []
        mutating func emit(_ intent: Intent) { outputs.append(.intent(intent)) }
    }

    /// A motion event: the only events that carry the sheet along, the most frequent with frames.
    /// It gives at most a `dragBegan` and a `dragChanged`, nothing else (no attempt, nothing that
    /// changes the scene), so that the pipeline hands them straight to its caller.
    mutating func handleMotion<Sink: IntentSink>(_ event: TouchEvent, into moved: inout Sink) {
        guard let point = event.point else { return }
        ownBoxes()
        // The drag in progress, on its own: the state is only read on this path.
        if case .dragging(let box) = state {
            guard box.drag.seatSlot == event.seatSlot else { return }
            follow(box, wasDragging: true, toY: point.y, time: event.time, into: &moved)
            return
        }
        switch state {
        case .idle, .ignoringUntilLift:
            break
        case .tapOutside(let candidate, let box):
            guard candidate.seatSlot == event.seatSlot else { return }
            let dx = point.x - candidate.x
            let dy = point.y - candidate.y
            if dx * dx + dy * dy > box.target.slopSquared {
                note(.tapMovedPastSlop(distance: (dx * dx + dy * dy).squareRoot(), slop: box.target.slopSquared.squareRoot()),
                     on: box.target, time: event.time, seatSlot: event.seatSlot, x: point.x, y: point.y)
                end(box)
            }
        case .pressed(let press, let box):
            guard press.seatSlot == event.seatSlot else { return }
            passSlop(press, box: box, at: point, time: event.time, into: &moved)
        case .scrollingContent(let box):
            guard box.drag.seatSlot == event.seatSlot else { return }
            if follow(box, wasDragging: false, toY: point.y, time: event.time, into: &moved) { state = .dragging(box) }
        case .dragging(let box):
            guard box.drag.seatSlot == event.seatSlot else { return }
            follow(box, wasDragging: true, toY: point.y, time: event.time, into: &moved)
        }
    }

    private mutating func passSlop<Sink: IntentSink>(_ press: Press, box: GestureBox, at point: TouchPoint, time: Int64,
                                                     into moved: inout Sink) {
        let dx = point.x - press.x
        let dy = point.y - press.y
        guard dx * dx + dy * dy > box.target.slopSquared else { return }
        guard abs(dx) <= abs(dy) else {
            // Cross-axis: not a sheet drag; the content keeps the contact.
            note(.crossAxis(dx: dx, dy: dy, slop: box.target.slopSquared.squareRoot()), on: box.target, time: time,
                 seatSlot: press.seatSlot, x: point.x, y: point.y)
            end(box)
            return
        }
        let origin: DragOrigin
        switch press.region {
        case .grabber: origin = .grabber
        case .topRegion: origin = .topRegion
        case .content: origin = .scrolledContent
        case .inside, .anchor, .passthrough, .outside:
            end(box)
            return
        }
        note(.dragStarted(origin: origin, dx: dx, dy: dy, slop: box.target.slopSquared.squareRoot()), on: box.target,
             time: time, seatSlot: press.seatSlot, x: point.x, y: point.y)
        box.startDrag(seatSlot: press.seatSlot, gated: press.gated, origin: origin, startY: press.y,
                      contentOffset: press.contentOffset, time: press.time)
        let dragging = follow(box, wasDragging: false, toY: point.y, time: time, into: &moved)
        state = dragging ? .dragging(box) : .scrollingContent(box)
    }

    /// Moves the finger of a drag to `y`: splits the travel between content and sheet, records the
    /// sheet's offset, and emits `dragBegan` when the sheet first moves and `dragChanged` when it
    /// moves. Returns whether the sheet has moved (the drag is then `dragging`); the caller puts
    /// the box in that state.
    @discardableResult
    private func follow<Sink: IntentSink>(_ box: GestureBox, wasDragging: Bool, toY y: Double, time: Int64,
                                          into moved: inout Sink) -> Bool {
        let configuration = configuration
        return box.update { drag, sheet -> Bool in
            let travel = y - drag.startY
            let offset = drag.origin == .scrolledContent
                ? Self.sheetOffset(travel: travel, contentOffset: drag.contentOffset, largestOffset: sheet.largestOffset)
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
            let shown = Self.shownOffset(offset, on: sheet, gated: drag.gated, configuration: configuration)
            if !wasDragging {
                moved.emit(Intent(time: time, kind: .dragBegan(presentation: sheet.presentation, origin: drag.origin)))
            }
            if !wasDragging || shown != drag.shownOffset {
                drag.shownOffset = shown
                let velocity = drag.samples.velocity(at: time, window: configuration.velocityWindow,
                                                     restCutoff: configuration.restCutoff)
                moved.emit(Intent(time: time, kind: .dragChanged(presentation: sheet.presentation, offset: shown,
                                                                 velocity: velocity * 1000)))
            }
            return true
        }
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
    private static func contentOffset(travel: Double, of drag: Drag, on sheet: Sheet) -> Double {
        let sheetShare = sheetOffset(travel: travel, contentOffset: drag.contentOffset, largestOffset: sheet.largestOffset)
        return drag.contentOffset - (travel - sheetShare)
    }

    /// The offset the sheet shows for `offset` points of finger travel: rubber-banded past the largest
    /// detent, and past the smallest when dismissal is gated.
    private static func shownOffset(_ offset: Double, on sheet: Sheet, gated: Bool,
                                    configuration: GestureConfiguration) -> Double {
        let height = sheet.selectedHeight
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
        case .tapOutside(let candidate, let box):
            guard candidate.seatSlot == event.seatSlot else { return }
            let duration = event.time - candidate.time
            let limit = configuration.tapMaxDuration
            if duration <= limit {
                note(.tapOutside(duration: duration, limit: limit), on: box.target, time: event.time,
                     seatSlot: event.seatSlot, x: candidate.x, y: candidate.y)
                completeTap(candidate, on: box.target, time: event.time, into: &output)
            } else {
                note(.tapTooLong(duration: duration, limit: limit), on: box.target, time: event.time,
                     seatSlot: event.seatSlot, x: candidate.x, y: candidate.y)
            }
            end(box)
        case .pressed(let press, let box):
            guard press.seatSlot == event.seatSlot else { return }
            if press.region == .grabber {
                let duration = event.time - press.time
                let limit = configuration.tapMaxDuration
                if duration <= limit {
                    note(.grabberTap(duration: duration, limit: limit), on: box.target, time: event.time,
                         seatSlot: event.seatSlot, x: press.x, y: press.y)
                    cycleDetent(of: box.target, time: event.time, into: &output)
                } else {
                    note(.grabberTapTooLong(duration: duration, limit: limit), on: box.target, time: event.time,
                         seatSlot: event.seatSlot, x: press.x, y: press.y)
                }
            }
            end(box)
        case .scrollingContent(let box):
            guard box.drag.seatSlot == event.seatSlot else { return }
            end(box)
        case .dragging(let box):
            guard box.drag.seatSlot == event.seatSlot else { return }
            let configuration = configuration
            let geometry = box.target.geometry
            box.update { drag, sheet in
                Self.release(&drag, on: sheet, geometry: geometry, time: event.time, configuration: configuration, into: &output)
            }
            end(box)
        }
    }

    private func completeTap(_ candidate: TapCandidate, on target: GestureTarget, time: Int64,
                             into output: inout [RecogniserOutput]) {
        let attempt = RecogniserOutput.attempt(DismissalAttempt(time: time, presentation: target.presentation, source: .tapOutside))
        let delivery = RecogniserOutput.intent(Intent(time: time, kind: .passthroughTap(x: candidate.x, y: candidate.y)))
        switch candidate.effect {
        case .dismiss:
            output.append(attempt)
        case .dismissThenDeliver:
            output.append(attempt)
            output.append(delivery)
        case .deliver:
            output.append(delivery)
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
    private static func release(_ drag: inout Drag, on sheet: Sheet, geometry: PresentationGeometry, time: Int64,
                                configuration: GestureConfiguration, into output: inout [RecogniserOutput]) {
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
        case .tapOutside(let candidate, let box):
            if candidate.seatSlot == event.seatSlot { end(box) }
        case .pressed(let press, let box):
            if press.seatSlot == event.seatSlot { end(box) }
        case .scrollingContent(let box):
            if box.drag.seatSlot == event.seatSlot { end(box) }
        case .dragging(let box):
            guard box.drag.seatSlot == event.seatSlot else { return }
            output.append(.intent(Self.cancellation(of: box.target, time: event.time)))
            end(box)
        }
    }

    /// The end of a cancelled drag: the sheet returns to its detent, nothing is committed.
    private static func cancellation(of sheet: GestureTarget, time: Int64) -> Intent {
        Intent(time: time, kind: .dragEnded(presentation: sheet.presentation, outcome: .cancel,
                                            detent: sheet.geometry.selectedDetent))
    }

    // MARK: - Decisions made elsewhere

    /// The scene changed. A gesture whose presentation is no longer topmost, or whose geometry
    /// changed, is cancelled (a drag ends with the returned `dragEnded` `cancel`); otherwise the
    /// dismissal gate (unsaved changes, `dismissible`) takes effect from the next event.
    public mutating func sceneChanged(to scene: Scene, time: Int64) -> Intent? {
        guard let id = gesturePresentation else { return nil }
        ownBoxes()
        let top = scene.presentations.last.flatMap { id.isID(of: $0.id) ? $0 : nil }
        let geometry = top.map { PresentationGeometry(presentation: $0, in: scene, configuration: configuration) }
        switch state {
        case .idle, .ignoringUntilLift:
            return nil
        case .tapOutside(_, let box):
            if geometry != box.target.geometry { end(box) }
            return nil
        case .pressed(var press, let box):
            guard let top, geometry == box.target.geometry else {
                end(box)
                return nil
            }
            press.gated = top.isGated
            state = .pressed(press, box)
            return nil
        case .scrollingContent(let box), .dragging(let box):
            guard let top, geometry == box.target.geometry else {
                let cancellation = isDragging ? Self.cancellation(of: box.target, time: time) : nil
                end(box)
                return cancellation
            }
            box.update { drag, _ in drag.gated = top.isGated }
            return nil
        }
    }

    private var isDragging: Bool {
        if case .dragging = state { true } else { false }
    }

    /// Ends the gesture on `presentation` at once and silently: it was dismissed, or a question
    /// opened for it (SPEC 4.9). Its contact is ignored until every contact has lifted.
    public mutating func endGesture(on presentation: PresentationID) {
        guard gesturePresentation == presentation else { return }
        ownBoxes()
        rest()
    }
}

/// Where a motion's intents go: the recogniser's outputs, or straight to the pipeline's caller.
protocol IntentSink {
    mutating func emit(_ intent: Intent)
}

extension Array: IntentSink where Element == Intent {
    mutating func emit(_ intent: Intent) { append(intent) }
}

extension Presentation {
    /// Whether dismissal by gesture is gated: unsaved changes ask first, and `dismissible: false` refuses.
    var isGated: Bool { unsavedChanges || !dismissible }
}
