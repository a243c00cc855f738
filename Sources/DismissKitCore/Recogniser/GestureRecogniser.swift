/// What the recogniser emits: a geometry intent for the host, or a dismissal attempt for the policy.
public enum RecogniserOutput: Sendable, Hashable {
    case intent(Intent)
    case attempt(DismissalAttempt)
}

/// Where the recogniser appends its outputs, in order: an array of them, or the pipeline's own
/// buffers (which pass plain intents straight to its caller).
public protocol RecogniserOutputs {
    mutating func append(_ output: RecogniserOutput)
}

extension Array: RecogniserOutputs where Element == RecogniserOutput {}

/// Turns touch events into sheet drags, detent changes, pass-through taps and dismissal attempts (SPEC section 4).
///
/// A pure state machine: time arrives only inside events and nothing is read from a clock. Its
/// states are the cases of one private enum, and each case carries everything its gesture needs
/// by value (the presentation's figures, the contact, the drag). The state diagram is
/// `GestureRecogniser.md`, beside this file: **the two change together.** Each input has one
/// mutating entry point, which appends what it causes to the caller's buffer:
/// ``handle(_:in:topIsAsking:into:)`` for a touch event, ``sceneChanged(to:time:into:)`` and
/// ``cancelGesture(time:into:)`` for scene and screen changes; ``decisionMade(about:dismissed:time:)``
/// (a decision made elsewhere) returns the `dragEnded` that closes a drag on a presentation that
/// stays; ``contentOffsetReported(_:of:time:)`` (the host's scroll view) causes nothing at once.
///
/// Outside the state enum it keeps only what is the screen's rather than a gesture's (the
/// contacts down and the time of the latest event, ``Contacts``) and the finger's ``Track`` in
/// the drag in progress: the velocity samples (a ring of 64, a kilobyte) and where the finger
/// and the sheet are now, which is all a motion changes. In the `dragging` payload they would be
/// copied out of the state and back at every motion; beside it, a motion moves only the track,
/// and the payload (the drag's rules) is written only when they change. The track is reset when
/// a drag starts and its samples whenever the sheet takes the finger, so nothing of one drag
/// reaches the next. It also keeps the layout of the presentation the latest gesture began on
/// (``LaidOut``), which a `down` reuses only while everything it was laid out from compares equal:
/// a cache, never a source of answers the scene would not give.
///
/// Rules chosen where SPEC is silent:
/// - A gesture starts only when the first contact goes down while no other contact is down. It is
///   aimed at the topmost presentation of the scene passed with that `down`, laid out then;
///   scene changes in between are announced with ``sceneChanged(to:time:into:)``.
/// - Every other contact is ignored until all contacts have lifted, as is a contact that lands
///   where no gesture can start: inside a popover, alert or full-screen presentation, outside a
///   non-modal sheet, outside a presentation whose tap does nothing, or anywhere while the topmost
///   presentation has a confirmation open.
/// - A second contact cancels a gesture in progress when it lands on the presentation: anywhere
///   for a modal presentation (its dimmed backdrop is part of it), on a non-modal sheet where it
///   is drawn, moved by the drag (touches outside belong to the parent). It always spoils a tap
///   outside.
/// - Distances are measured from where the contact went down: the slop counts towards a drag, so
///   the decision does not depend on which sample crossed the slop.
/// - A drag from the top region or the grabber follows the finger both ways; upward it grows the
///   sheet and rubber-bands past the largest detent.
/// - A contact on content splits its vertical travel between the content and the sheet at the
///   hand-off point (``Drag/handOffTravel``): beyond it the sheet follows, short of it the content
///   has the finger. The pipeline places the point where its 1:1 model of the content reaches the
///   top, until the host reports an offset during the gesture; from then on the host's scroll
///   view owns the content and the point is where the finger was when the host reported 0
///   (SPEC 4.2, host-owned scrolling). Up from content that was at its top when the contact
///   landed, the sheet grows to its largest detent, then the content scrolls.
/// - When the sheet takes the finger it says `dragBegan`; when it gives it back to the content
///   (its offset returns to 0) it says `dragHandedBack`, and a later hand-off begins a new drag.
///   While the pipeline models the content it reports the offset it assumes (`contentScrolled`).
/// - The release velocity is the sheet's own, measured from the instant the sheet took the
///   finger (interpolated between two samples): the time the content spent scrolling neither
///   adds to nor dilutes it (SPEC 4.6).
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
/// - A touch that no hardware sends (``TouchRefusal``) is refused: it changes nothing and throws.
public struct GestureRecogniser: Sendable {
    /// What the recogniser is doing, for tests and diagnostics: one case per state of the diagram.
    public enum Phase: Sendable, Hashable {
        /// No contact is down.
        case idle
        /// Nothing happens until every contact has lifted.
        case ignoringUntilLift
        /// A contact went down outside the topmost presentation and may become a tap.
        case tapOutside(presentation: PresentationID)
        /// A contact went down on a sheet and has not passed the slop yet.
        case pressed(presentation: PresentationID, region: PresentationGeometry.Region)
        /// The finger moves the sheet's content; the sheet rests at its detent. `contentOffset` is
        /// the content's offset as last known: the host's latest report, or the pipeline's model.
        case scrollingContent(presentation: PresentationID, contentOffset: Double)
        /// The sheet follows the finger; `offset` is the sheet's share of the travel below the
        /// detent, before resistance.
        case dragging(presentation: PresentationID, origin: DragOrigin, offset: Double)
    }

    public var configuration: GestureConfiguration {
        didSet { laidOut.isValid = false }
    }

    /// Whether the recogniser notes its decisions in ``decisions`` (for `--explain` and
    /// `gesturectl plot`); off, it notes nothing and the hot paths pay one test per decision.
    public var notesDecisions = false
    /// The decisions noted since the caller last took them (``takeDecisions(into:)``).
    public private(set) var decisions: [GestureDecision] = []

    private enum State: Sendable {
        case idle
        case ignoringUntilLift
        case tapOutside(TapCandidate)
        case pressed(Press)
        case scrollingContent(Drag)
        case dragging(Drag)
    }

    private var state: State = .idle
    @usableFromInline var contacts = Contacts()
    /// The finger's track in the drag in progress (see the type's documentation for why here).
    private var track = Track()
    /// The layout of the presentation the latest gesture began on (``LaidOut``).
    private var laidOut = LaidOut()

    public init(configuration: GestureConfiguration = GestureConfiguration()) {
        self.configuration = configuration
    }

    // MARK: - The states' payloads

    /// The seat slots down and the time of the latest event: the screen's, not a gesture's.
    @usableFromInline struct Contacts: Sendable {
        /// One bit per seat slot, `0 ..< InputLimits.seatSlots`: the contacts down but the keyboard's.
        var down: UInt32 = 0
        /// The contacts that landed on the on-screen keyboard (SPEC 10.3), one bit per seat slot:
        /// down too, but the keyboard's until they lift, so no gesture ever counts them.
        var onKeyboard: UInt32 = 0
        /// The time of the latest event taken (at first the earliest time there may be).
        @usableFromInline var latestTime = -InputLimits.largestTime

        @inline(__always)
        static func bit(_ seatSlot: Int32) -> UInt32 { 1 << UInt32(seatSlot) }
        @inline(__always)
        func isDown(_ seatSlot: Int32) -> Bool { down & Self.bit(seatSlot) != 0 }
        @inline(__always)
        var noneDown: Bool { down == 0 }
        func isOnKeyboard(_ seatSlot: Int32) -> Bool { onKeyboard & Self.bit(seatSlot) != 0 }

        /// True only when ``refusal(of:)`` is nil: the quick test a motion passes without the
        /// full one (a false here just sends the event to the full test, so it never refuses alone).
        @inline(__always)
        func takes(_ event: TouchEvent) -> Bool {
            guard event.time >= latestTime, event.time <= InputLimits.largestTime,
                  UInt32(bitPattern: event.seatSlot) < UInt32(InputLimits.seatSlots) else { return false }
            switch event.kind {
            case .motion:
                guard let point = event.point else { return false }
                return isDown(event.seatSlot) && Self.fits(point)
            case .down, .up, .cancel, .frame:
                return false  // the full test decides
            }
        }

        /// Whether a position is finite and within ``InputLimits/largestCoordinate``.
        @inline(__always)
        static func fits(_ point: TouchPoint) -> Bool {
            abs(point.x) <= InputLimits.largestCoordinate && abs(point.y) <= InputLimits.largestCoordinate
        }

        /// Why `event` cannot be taken, or nil when it can.
        func refusal(of event: TouchEvent) -> TouchRefusal? {
            // A range, not abs(): abs(Int64.min) traps.
            guard (-InputLimits.largestTime...InputLimits.largestTime).contains(event.time) else { return .timeOutOfRange(event.time) }
            guard event.time >= latestTime else { return .timeWentBack(time: event.time, previous: latestTime) }
            if event.kind == .frame { return nil }
            guard event.seatSlot >= 0 && event.seatSlot < InputLimits.seatSlots else { return .seatSlotOutOfRange(event.seatSlot) }
            switch event.kind {
            case .down, .motion:
                guard let point = event.point, Self.fits(point) else { return .positionOutOfRange }
                let isTaken = isDown(event.seatSlot) || isOnKeyboard(event.seatSlot)
                if event.kind == .down && isTaken { return .seatSlotAlreadyDown(event.seatSlot) }
                if event.kind == .motion && !isTaken { return .seatSlotNotDown(event.seatSlot) }
            case .up, .cancel:
                if !isDown(event.seatSlot) && !isOnKeyboard(event.seatSlot) { return .seatSlotNotDown(event.seatSlot) }
            case .frame:
                break
            }
            return nil
        }
    }

    /// The presentation a gesture acts on and the figures a drag reads at every motion, laid out
    /// when the contact went down: plain values, fixed for the gesture, and few, so that a state
    /// payload is copied in a handful of moves.
    private struct Target: Sendable, Hashable {
        let presentation: PresentationID
        let selectedDetent: Detent
        /// The height of the selected detent.
        let selectedHeight: Double
        /// The offset at which the sheet reaches its largest detent (zero or negative).
        let largestOffset: Double
        /// The offset at which the sheet reaches its smallest detent (zero or positive).
        let smallestOffset: Double

        init(_ geometry: borrowing PresentationGeometry, of presentation: PresentationID) {
            let height = geometry.selectedHeight
            self.presentation = presentation
            selectedDetent = geometry.selectedDetent
            selectedHeight = height
            largestOffset = height - geometry.height(of: geometry.largestDetent)
            smallestOffset = height - geometry.height(of: geometry.smallestDetent)
        }
    }

    /// A presentation's layout and everything it was laid out from, kept for the next gesture: a
    /// kiosk's gestures mostly land on the same presentation in the same scene, and laying it out
    /// costs about a thousand instructions a `down`. It stands for a layout only while the
    /// presentation and the scene's figures compare equal to those kept (the whole presentation,
    /// so that no field the layout reads is missed; a changed content offset just lays it out
    /// again), and it is dropped when the configuration changes. Not optional, and read in place:
    /// a copy of it would copy the presentation and its layout, the very cost it saves.
    private struct LaidOut: Sendable {
        /// Whether it holds a layout (at first, and after a configuration change, it does not).
        var isValid: Bool
        let presentation: Presentation
        let screen: ScreenSize
        let compactWidth: Double
        let topInset: Double
        let keyboardHeight: Double
        let geometry: PresentationGeometry
        let target: Target

        /// Holds no layout.
        init() {
            self.init(Presentation(id: "", style: .sheet), in: Scene(), configuration: GestureConfiguration())
            isValid = false
        }

        init(_ presentation: borrowing Presentation, in scene: borrowing Scene, configuration: GestureConfiguration) {
            let geometry = PresentationGeometry(presentation: presentation, in: scene, configuration: configuration)
            isValid = true
            self.presentation = copy presentation
            screen = scene.screen
            compactWidth = scene.compactWidth
            topInset = scene.topInset
            keyboardHeight = scene.keyboardHeight
            target = Target(geometry, of: presentation.presentationID)
            self.geometry = geometry
        }

        @inline(__always)
        func isLayout(of presentation: borrowing Presentation, in scene: borrowing Scene) -> Bool {
            isValid && screen == scene.screen && compactWidth == scene.compactWidth && topInset == scene.topInset
                && keyboardHeight == scene.keyboardHeight && self.presentation == presentation
        }
    }

    /// What a tap outside will do if it completes.
    private enum TapEffect: Sendable, Hashable {
        case dismiss, dismissThenDeliver, deliver
    }

    /// Where and when a gesture's contact went down, and on what.
    private struct Landing: Sendable {
        var target: Target
        let slopSquared: Double
        let seatSlot: Int32
        let x: Double
        let y: Double
        let time: Int64

        var slop: Double { slopSquared.squareRoot() }

        /// Whether the contact is now past the slop, and by how much it moved.
        func movement(to point: TouchPoint) -> (dx: Double, dy: Double, pastSlop: Bool) {
            let dx = point.x - x
            let dy = point.y - y
            return (dx, dy, dx * dx + dy * dy > slopSquared)
        }
    }

    /// A contact outside the topmost presentation that may become a tap.
    private struct TapCandidate: Sendable {
        var landing: Landing
        let effect: TapEffect
    }

    /// A contact on a sheet that has not passed the slop.
    private struct Press: Sendable {
        var landing: Landing
        let region: PresentationGeometry.Region
        /// Whether dismissal is gated (unsaved changes or not dismissible): the sheet resists below
        /// its smallest detent. Refreshed when the scene changes.
        var gated: Bool
        /// The content's offset as last known (0 outside the content): the scene's when the
        /// contact landed, or the host's report since.
        var contentOffset: Double
        /// Whether the host reported the content's offset since the contact landed.
        var hostScrolls: Bool
    }

    /// Where the finger of the drag in progress is, and the sheet's recent offsets: what every
    /// motion changes. Reset when a drag starts (its samples again whenever the sheet takes the
    /// finger).
    private struct Track: Sendable {
        /// The sheet's offsets over the last moments, for the release velocity.
        var samples = VelocityTracker()
        /// The finger's latest travel, down positive, from where it landed.
        var travel = 0.0
        var lastTime: Int64 = 0
        /// The sheet's share of the travel: points below its detent, before resistance.
        var offset = 0.0
        /// The offset the sheet shows, after resistance, as last emitted.
        var shownOffset = 0.0
        /// The content's offset as last known: reported by the host, or assumed and reported by
        /// the pipeline.
        var contentOffset = 0.0

        /// The finger moved to `travel` at `time`, the sheet's share of it `offset`; a sample of
        /// the sheet's velocity when the sheet holds the finger.
        @inline(__always)
        mutating func moveFinger(travel: Double, offset: Double, time: Int64, sheetHolds: Bool) {
            if sheetHolds { samples.push(time: time, offset: offset) }
            self.travel = travel
            lastTime = time
            self.offset = offset
        }
    }

    /// A contact past the slop moving the sheet, its content, or both in turn: the drag's rules,
    /// which change only when the sheet takes or gives back the finger, the host reports, or the
    /// gate changes. Where the finger is lives in ``Track``.
    private struct Drag: Sendable {
        var target: Target
        let seatSlot: Int32
        let origin: DragOrigin
        var gated: Bool
        /// Where the contact went down.
        let startY: Double
        /// The finger's travel (down positive, from where it landed) beyond which the sheet
        /// follows: 0 for the top region and the grabber; for content, where the content reaches
        /// its top. Infinite while the host reports its content scrolled: the content has the
        /// finger until the host reports 0.
        var handOffTravel: Double
        /// Whether moving up past the hand-off point grows the sheet (SPEC 4.2: growing wins below
        /// the largest detent): the content is at its top there, because it was when the drag
        /// started, the host said so, or the sheet has held the finger since.
        var growsUp: Bool
        /// Whether the host reported the content's offset during the gesture: its scroll view
        /// owns the content, and the pipeline no longer reports `contentScrolled`.
        var hostScrolls: Bool

        /// The sheet's share of `travel`.
        @inline(__always)
        func sheetOffset(travel: Double) -> Double {
            guard origin == .scrolledContent else { return travel }
            let handOff = handOffTravel
            if travel > handOff { return travel - handOff }
            if growsUp && travel < handOff && handOff.isFinite { return max(travel - handOff, target.largestOffset) }
            return 0
        }

        /// The content's offset the pipeline's 1:1 model gives after `travel` (content drags
        /// whose hand-off point is known; `known` otherwise): what the sheet does not take, the
        /// content does.
        @inline(__always)
        func modelledContentOffset(travel: Double, known: Double) -> Double {
            guard handOffTravel.isFinite else { return known }
            return max(0, handOffTravel - travel + sheetOffset(travel: travel))
        }

        /// Whether the sheet holds the finger at this share of the travel: always once a top region
        /// or grabber drag started; for content, while the sheet is off its detent.
        @inline(__always)
        func sheetHolds(offset: Double) -> Bool {
            origin != .scrolledContent || offset != 0
        }

        /// The drag once the sheet has taken the finger: the content is at its top at the hand-off
        /// point, so coming back up past it grows the sheet.
        var heldBySheet: Drag {
            var drag = self
            drag.growsUp = true
            return drag
        }
    }

    // MARK: - Reading

    /// Moves the decisions noted so far to the end of `taken`.
    public mutating func takeDecisions(into taken: inout [GestureDecision]) {
        guard !decisions.isEmpty else { return }
        taken.append(contentsOf: decisions)
        decisions.removeAll(keepingCapacity: true)
    }

    /// The recogniser's current phase.
    public var phase: Phase {
        switch state {
        case .idle: .idle
        case .ignoringUntilLift: .ignoringUntilLift
        case .tapOutside(let candidate): .tapOutside(presentation: candidate.landing.target.presentation)
        case .pressed(let press): .pressed(presentation: press.landing.target.presentation, region: press.region)
        case .scrollingContent(let drag): .scrollingContent(presentation: drag.target.presentation, contentOffset: track.contentOffset)
        case .dragging(let drag): .dragging(presentation: drag.target.presentation, origin: drag.origin, offset: track.offset)
        }
    }

    /// The sheet a drag holds and the offset it shows below its detent (the latest `dragChanged`'s,
    /// rubber band included), or nil while no sheet follows a finger.
    public var heldSheet: (presentation: PresentationID, offset: Double)? {
        guard case .dragging(let drag) = state else { return nil }
        return (drag.target.presentation, track.shownOffset)
    }

    /// Whether any finger is down, on the on-screen keyboard or anywhere else.
    public var anyContactDown: Bool { contacts.down != 0 || contacts.onKeyboard != 0 }

    /// The presentation the gesture in progress acts on, or nil.
    public var gesturePresentation: PresentationID? { gesture?.target.presentation }

    /// The gesture in progress: what it acts on, its contact, and what a second contact would
    /// end. For the inputs that treat every gesture state alike (a motion and a lift do not).
    private var gesture: (target: Target, seatSlot: Int32, kind: GestureDecision.EndedGesture)? {
        switch state {
        case .idle, .ignoringUntilLift: nil
        case .tapOutside(let candidate): (candidate.landing.target, candidate.landing.seatSlot, .tapOutside)
        case .pressed(let press): (press.landing.target, press.landing.seatSlot, .press)
        case .scrollingContent(let drag): (drag.target, drag.seatSlot, .contentScroll)
        case .dragging(let drag): (drag.target, drag.seatSlot, .drag)
        }
    }

    /// Where the recogniser rests once a gesture is over.
    private var restingState: State { contacts.noneDown ? .idle : .ignoringUntilLift }

    /// Notes a decision, when decisions are noted.
    @inline(__always)
    private mutating func note(_ kind: @autoclosure () -> GestureDecision.Kind, on presentation: PresentationID?,
                               time: Int64, seatSlot: Int32, x: Double, y: Double) {
        guard notesDecisions else { return }
        decisions.append(GestureDecision(time: time, presentation: presentation, seatSlot: seatSlot, x: x, y: y, kind: kind()))
    }

    // MARK: - Touch events

    /// Processes one touch event against the scene, appending what it causes to `output`.
    /// - Parameter topIsAsking: whether the topmost presentation has a confirmation open; a
    ///   contact that lands then starts no gesture (read for `down` events only).
    /// - Throws: ``TouchRefusal`` for an event no hardware sends (a time out of range or earlier
    ///   than the last, a seat slot out of range, a down on a slot already down, a motion, up or
    ///   cancel on a slot not down, a down or motion without a usable position). Nothing changes
    ///   then; the refusal is noted as a decision when decisions are noted.
    @inline(__always)
    public mutating func handle<Output: RecogniserOutputs>(_ event: TouchEvent, in scene: Scene, topIsAsking: Bool = false,
                                                           into output: inout Output) throws(TouchRefusal) {
        if event.kind == .frame, takeFrame(at: event.time) { return }
        try handleContact(event, in: scene, topIsAsking: topIsAsking, into: &output)
    }

    /// A frame in order: its only effect is the time, and it is half of all events. Returns
    /// false, changing nothing, for a frame out of order (which ``handle(_:in:topIsAsking:into:)``
    /// refuses). Inlinable, so that a host's loop moves a frame's time on without a call.
    @inlinable
    mutating func takeFrame(at time: Int64) -> Bool {
        guard time >= contacts.latestTime, time <= InputLimits.largestTime else { return false }
        contacts.latestTime = time
        return true
    }

    /// ``handle(_:in:topIsAsking:into:)`` for every event but a frame in order. Inlined: its
    /// caller (the pipeline's own path for such events) then pays one call per event, not two.
    @inline(__always)
    private mutating func handleContact<Output: RecogniserOutputs>(_ event: TouchEvent, in scene: Scene, topIsAsking: Bool,
                                                                   into output: inout Output) throws(TouchRefusal) {
        if !contacts.takes(event), let refusal = contacts.refusal(of: event) {
            noteRefusal(refusal, of: event)
            throw refusal
        }
        contacts.latestTime = event.time
        if contacts.onKeyboard != 0 || (event.kind == .down && scene.keyboardIsShown), takeKeyboardContact(event, in: scene) { return }
        switch event.kind {
        case .down: handleDown(event, at: event.point!, in: scene, topIsAsking: topIsAsking, into: &output)
        case .motion: handleMotion(of: event.seatSlot, to: event.point!, at: event.time, into: &output)
        case .up: handleLift(event, in: scene, into: &output)
        case .cancel: handleCancel(event, into: &output)
        case .frame: break
        }
    }

    /// Takes a contact that is the keyboard's (SPEC 10.3): one that lands in the keyboard's band,
    /// and every later event of it until it lifts, wherever it moves. Returns false for any other
    /// contact. It is no touch on any presentation, no tap outside, and cancels nothing.
    @inline(never)
    private mutating func takeKeyboardContact(_ event: TouchEvent, in scene: Scene) -> Bool {
        let bit = Contacts.bit(event.seatSlot)
        switch event.kind {
        case .down:
            guard let point = event.point, scene.isOnKeyboard(y: point.y) else { return false }
            contacts.onKeyboard |= bit
            note(.keyboardTouch(keyboardTop: scene.roomHeight), on: gesturePresentation, time: event.time, seatSlot: event.seatSlot,
                 x: point.x, y: point.y)
        case .motion:
            guard contacts.isOnKeyboard(event.seatSlot) else { return false }
        case .up, .cancel:
            guard contacts.isOnKeyboard(event.seatSlot) else { return false }
            contacts.onKeyboard &= ~bit
        case .frame:
            return false
        }
        return true
    }

    @inline(never)
    private mutating func noteRefusal(_ refusal: TouchRefusal, of event: TouchEvent) {
        note(.touchRefused(refusal), on: gesturePresentation, time: event.time, seatSlot: event.seatSlot,
             x: event.point?.x ?? 0, y: event.point?.y ?? 0)
    }

    private mutating func handleDown<Output: RecogniserOutputs>(_ event: TouchEvent, at point: TouchPoint, in scene: Scene, topIsAsking: Bool,
                                     into output: inout Output) {
        contacts.down |= Contacts.bit(event.seatSlot)
        guard let gesture else {
            if case .idle = state {
                if topIsAsking {
                    state = .ignoringUntilLift
                } else {
                    begin(at: point, time: event.time, seatSlot: event.seatSlot, in: scene)
                }
            }
            return
        }
        // A second contact always spoils a tap outside; it ends another gesture when it counts.
        guard gesture.kind == .tapOutside || secondContactCounts(at: point, on: gesture.target, in: scene) else { return }
        note(.secondContact(ended: gesture.kind), on: gesture.target.presentation, time: event.time, seatSlot: event.seatSlot,
             x: point.x, y: point.y)
        if gesture.kind == .drag { output.append(.intent(Self.cancellation(of: gesture.target, time: event.time))) }
        state = restingState
    }

    /// Whether another contact at `point` ends the gesture on `target`: anywhere for a modal
    /// presentation, on it for a non-modal sheet (touches outside belong to the parent), where it
    /// is drawn: moved by the drag.
    private func secondContactCounts(at point: TouchPoint, on target: Target, in scene: Scene) -> Bool {
        guard let geometry = layout(of: target.presentation, in: scene) else { return true }
        let shown = geometry.dragged(by: heldSheet?.offset ?? 0)
        return !shown.outsideTouchesGoToParent || shown.covers(x: point.x, y: point.y)
    }

    /// Puts the recogniser in the state a first contact starts.
    private mutating func begin(at point: TouchPoint, time: Int64, seatSlot: Int32, in scene: Scene) {
        // The topmost presentation is read in place, by index: a copy would retain its fields.
        let topIndex = scene.presentations.count - 1
        guard topIndex >= 0 else {
            state = .ignoringUntilLift
            return
        }
        if !laidOut.isLayout(of: scene.presentations[topIndex], in: scene) {
            laidOut = LaidOut(scene.presentations[topIndex], in: scene, configuration: configuration)
        }
        let slop = configuration.slopMM * scene.screen.pointsPerMillimetre
        let region = laidOut.geometry.region(x: point.x, y: point.y)
        let landing = Landing(target: laidOut.target, slopSquared: slop * slop, seatSlot: seatSlot, x: point.x, y: point.y,
                              time: time)
        switch region {
        case .grabber, .topRegion, .content:
            state = .pressed(Press(landing: landing, region: region, gated: scene.presentations[topIndex].isGated,
                                   contentOffset: region == .content ? scene.presentations[topIndex].contentOffset : 0,
                                   hostScrolls: false))
        case .anchor, .passthrough, .outside:
            if let effect = Self.tapEffect(of: region, geometry: laidOut.geometry) {
                state = .tapOutside(TapCandidate(landing: landing, effect: effect))
            } else {
                state = .ignoringUntilLift
            }
        case .inside:
            state = .ignoringUntilLift
        }
    }

    private static func tapEffect(of region: PresentationGeometry.Region, geometry: PresentationGeometry) -> TapEffect? {
        if geometry.outsideTouchesGoToParent { return nil }
        switch (region, geometry.tapOutside) {
        case (.anchor, .dismiss): return .dismiss
        case (.anchor, .ignore), (.anchor, .passthrough): return nil
        case (.passthrough, .dismiss): return .dismissThenDeliver
        case (.passthrough, .ignore), (.passthrough, .passthrough): return .deliver
        case (.outside, .dismiss): return .dismiss
        case (.outside, .passthrough): return .deliver
        case (.outside, .ignore): return nil
        case (.grabber, _), (.topRegion, _), (.content, _), (.inside, _): return nil
        }
    }

    /// The most frequent contact event, a motion of the contact of a drag from the top region or
    /// the grabber, taken as ``handle(_:in:topIsAsking:into:)`` takes it, with its one possible
    /// output (a `dragChanged`, which needs nothing performed) appended straight to the caller's
    /// intents. Returns false, changing nothing, for every other event, which then goes to
    /// `handle`. The pipeline's path for it: no output buffer to lend, no scene to pass.
    @inline(__always)
    mutating func followSheetDrag(_ event: TouchEvent, into intents: inout [Intent]) -> Bool {
        guard case .dragging(let drag) = state, drag.origin != .scrolledContent, drag.seatSlot == event.seatSlot,
              contacts.takes(event), let point = event.point else { return false }
        contacts.latestTime = event.time
        if let changed = moveHeldSheet(drag, toY: point.y, time: event.time) { intents.append(changed) }
        return true
    }

    /// A motion of a drag from the top region or the grabber: the sheet holds the finger to the
    /// end, so the track moves and the sheet follows; the `dragChanged` to emit, if the offset it
    /// shows changed. The one site of this transition, whichever path the motion came by
    /// (``followSheetDrag(_:into:)`` or ``handle(_:in:topIsAsking:into:)``).
    @inline(__always)
    private mutating func moveHeldSheet(_ drag: Drag, toY y: Double, time: Int64) -> Intent? {
        let travel = y - drag.startY
        track.moveFinger(travel: travel, offset: drag.sheetOffset(travel: travel), time: time, sheetHolds: true)
        return Self.sheetMoved(drag, on: &track, time: time, always: false, configuration: configuration)
    }

    /// A motion: the only event that carries the sheet along, the most frequent with frames.
    @inline(__always)
    private mutating func handleMotion<Output: RecogniserOutputs>(of seatSlot: Int32, to point: TouchPoint, at time: Int64,
                                                                  into output: inout Output) {
        // The most frequent motion on its own: a switch over every state would load the largest
        // payload before it branches.
        if case .dragging(let drag) = state {
            guard drag.seatSlot == seatSlot else { return }
            // The drag's rules stay as they are; only the track moves.
            if drag.origin == .scrolledContent {
                moveContentDrag(toY: point.y, time: time, into: &output)
            } else if let changed = moveHeldSheet(drag, toY: point.y, time: time) {
                output.append(.intent(changed))
            }
            return
        }
        switch state {
        case .dragging:
            break  // taken above, before the switch
        case .scrollingContent(let drag):
            guard drag.seatSlot == seatSlot else { return }
            if Self.follow(drag, on: &track, toY: point.y, time: time, sheetHeld: false, configuration: configuration,
                           into: &output) {
                state = .dragging(drag.heldBySheet)
            }
        case .pressed(let press):
            guard press.landing.seatSlot == seatSlot else { return }
            passSlop(press, at: point, time: time, into: &output)
        case .tapOutside(let candidate):
            guard candidate.landing.seatSlot == seatSlot else { return }
            let (dx, dy, pastSlop) = candidate.landing.movement(to: point)
            guard pastSlop else { return }
            note(.tapMovedPastSlop(distance: (dx * dx + dy * dy).squareRoot(), slop: candidate.landing.slop),
                 on: candidate.landing.target.presentation, time: time, seatSlot: seatSlot, x: point.x, y: point.y)
            state = restingState
        case .idle, .ignoringUntilLift:
            break
        }
    }

    /// A motion of a content drag whose sheet holds the finger; when the sheet is back at its
    /// detent, the drag goes on as the content's. Out of line, and reading the drag from the
    /// state again, so that the path of the other drags loads only the drag's fields it uses.
    @inline(never)
    private mutating func moveContentDrag<Output: RecogniserOutputs>(toY y: Double, time: Int64, into output: inout Output) {
        guard case .dragging(let drag) = state else { return }
        if !Self.follow(drag, on: &track, toY: y, time: time, sheetHeld: true, configuration: configuration, into: &output) {
            state = .scrollingContent(drag)
        }
    }

    /// A pressed contact's motion: past the slop it is a drag (or, more horizontal than vertical,
    /// the content's).
    private mutating func passSlop<Output: RecogniserOutputs>(_ press: Press, at point: TouchPoint, time: Int64, into output: inout Output) {
        let (dx, dy, pastSlop) = press.landing.movement(to: point)
        guard pastSlop else { return }
        let target = press.landing.target
        let slop = press.landing.slop
        guard abs(dx) <= abs(dy) else {
            note(.crossAxis(dx: dx, dy: dy, slop: slop), on: target.presentation, time: time, seatSlot: press.landing.seatSlot,
                 x: point.x, y: point.y)
            state = restingState
            return
        }
        let origin: DragOrigin
        switch press.region {
        case .grabber: origin = .grabber
        case .topRegion: origin = .topRegion
        case .content: origin = .scrolledContent
        case .inside, .anchor, .passthrough, .outside:
            state = restingState
            return
        }
        note(.dragStarted(origin: origin, dx: dx, dy: dy, slop: slop), on: target.presentation, time: time,
             seatSlot: press.landing.seatSlot, x: point.x, y: point.y)
        // Host-owned content that is not at its top keeps the finger until the host says it is.
        let handOff = origin != .scrolledContent ? 0
            : press.hostScrolls ? (press.contentOffset == 0 ? 0 : .infinity) : press.contentOffset
        let drag = Drag(target: target, seatSlot: press.landing.seatSlot, origin: origin, gated: press.gated, startY: press.landing.y,
                        handOffTravel: handOff, growsUp: press.contentOffset == 0, hostScrolls: press.hostScrolls)
        track.samples.reset()
        track.travel = 0
        track.lastTime = press.landing.time
        track.offset = 0
        track.shownOffset = 0
        track.contentOffset = press.contentOffset
        state = Self.follow(drag, on: &track, toY: point.y, time: time, sheetHeld: false, configuration: configuration,
                            into: &output)
            ? .dragging(drag.heldBySheet) : .scrollingContent(drag)
    }

    /// Moves the finger of a drag to `y`: splits the travel between content and sheet, and emits
    /// what changed: the content's modelled offset (`contentScrolled`), the sheet taking the
    /// finger (`dragBegan`, the velocity samples restarting at that instant), moving
    /// (`dragChanged`), or giving it back (`dragHandedBack`). Returns whether the sheet holds the
    /// finger afterwards.
    @inline(__always)
    private static func follow<Output: RecogniserOutputs>(_ drag: Drag, on track: inout Track, toY y: Double, time: Int64,
                                                          sheetHeld: Bool, configuration: GestureConfiguration,
                                                          into output: inout Output) -> Bool {
        let travel = y - drag.startY
        let offset = drag.sheetOffset(travel: travel)
        let holds = drag.sheetHolds(offset: offset)
        let id = drag.target.presentation
        if holds && !sheetHeld {
            // The sheet takes the finger: its velocity counts from the instant its share left 0,
            // interpolated between the two samples (clamped: a toolkit may send any number).
            let boundary = drag.handOffTravel.isFinite ? drag.handOffTravel : track.travel
            let fraction = (boundary - track.travel) / (travel - track.travel)
            let share = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
            track.samples.reset()
            track.samples.push(time: track.lastTime + Int64((Double(time - track.lastTime) * share).rounded()), offset: 0)
        }
        track.moveFinger(travel: travel, offset: offset, time: time, sheetHolds: holds)
        let contentMoves = drag.origin == .scrolledContent && !drag.hostScrolls
        if contentMoves && !sheetHeld { reportContent(of: drag, on: &track, into: &output) }
        if holds {
            if !sheetHeld { output.append(.intent(Intent(time: time, kind: .dragBegan(presentation: id, origin: drag.origin)))) }
            if let changed = sheetMoved(drag, on: &track, time: time, always: !sheetHeld, configuration: configuration) {
                output.append(.intent(changed))
            }
        } else if sheetHeld {
            handBack(drag.target.presentation, on: &track, time: time, into: &output)
        }
        if contentMoves && sheetHeld { reportContent(of: drag, on: &track, into: &output) }
        return holds
    }

    /// The sheet holds the finger at its share `track.offset`, sampled: the `dragChanged` to emit
    /// when the offset it shows changed, or in any case when `always` (the sheet just took the finger).
    @inline(__always)
    private static func sheetMoved(_ drag: Drag, on track: inout Track, time: Int64, always: Bool,
                                   configuration: GestureConfiguration) -> Intent? {
        let shown = shownOffset(track.offset, on: drag.target, gated: drag.gated, configuration: configuration)
        guard always || shown != track.shownOffset else { return nil }
        track.shownOffset = shown
        let velocity = track.samples.velocity(at: time, window: configuration.velocityWindow, restCutoff: configuration.restCutoff)
        return Intent(time: time, kind: .dragChanged(presentation: drag.target.presentation, offset: shown, velocity: velocity.pointsPerSecond))
    }

    /// Emits `contentScrolled` when the modelled content offset changed.
    @inline(__always)
    private static func reportContent<Output: RecogniserOutputs>(of drag: Drag, on track: inout Track, into output: inout Output) {
        let modelled = drag.modelledContentOffset(travel: track.travel, known: track.contentOffset)
        guard modelled != track.contentOffset else { return }
        track.contentOffset = modelled
        output.append(.intent(Intent(time: track.lastTime, kind: .contentScrolled(presentation: drag.target.presentation,
                                                                                  offset: modelled))))
    }

    /// The sheet is back at its detent and the content has the finger again.
    private static func handBack<Output: RecogniserOutputs>(_ id: PresentationID, on track: inout Track, time: Int64,
                                                            into output: inout Output) {
        track.offset = 0
        if track.shownOffset != 0 {
            track.shownOffset = 0
            output.append(.intent(Intent(time: time, kind: .dragChanged(presentation: id, offset: 0, velocity: 0))))
        }
        output.append(.intent(Intent(time: time, kind: .dragHandedBack(presentation: id))))
    }

    /// The offset the sheet shows for `offset` points of finger travel: rubber-banded past the largest
    /// detent, and past the smallest when dismissal is gated.
    private static func shownOffset(_ offset: Double, on target: Target, gated: Bool,
                                    configuration: GestureConfiguration) -> Double {
        let height = target.selectedHeight
        if offset < target.largestOffset {
            return target.largestOffset - configuration.rubberBand(target.largestOffset - offset, sheetHeight: height)
        }
        if gated && offset > target.smallestOffset {
            return target.smallestOffset + configuration.rubberBand(offset - target.smallestOffset, sheetHeight: height)
        }
        return offset
    }

    private mutating func handleLift<Output: RecogniserOutputs>(_ event: TouchEvent, in scene: Scene, into output: inout Output) {
        contacts.down &= ~Contacts.bit(event.seatSlot)
        switch state {
        case .idle:
            break
        case .ignoringUntilLift:
            state = restingState
        case .tapOutside(let candidate):
            guard candidate.landing.seatSlot == event.seatSlot else { return }
            let duration = event.time - candidate.landing.time
            let limit = configuration.tapMaxDuration
            let id = candidate.landing.target.presentation
            if duration <= limit {
                note(.tapOutside(duration: duration, limit: limit), on: id, time: event.time, seatSlot: event.seatSlot,
                     x: candidate.landing.x, y: candidate.landing.y)
                let attempt = RecogniserOutput.attempt(DismissalAttempt(time: event.time, presentation: id, source: .tapOutside))
                let delivery = RecogniserOutput.intent(Intent(time: event.time, kind: .passthroughTap(x: candidate.landing.x, y: candidate.landing.y)))
                switch candidate.effect {
                case .dismiss: output.append(attempt)
                case .dismissThenDeliver: output.append(attempt); output.append(delivery)
                case .deliver: output.append(delivery)
                }
            } else {
                note(.tapTooLong(duration: duration, limit: limit), on: id, time: event.time, seatSlot: event.seatSlot,
                     x: candidate.landing.x, y: candidate.landing.y)
            }
            state = restingState
        case .pressed(let press):
            guard press.landing.seatSlot == event.seatSlot else { return }
            state = restingState
            guard press.region == .grabber else { return }
            let duration = event.time - press.landing.time
            let limit = configuration.tapMaxDuration
            let id = press.landing.target.presentation
            guard duration <= limit else {
                note(.grabberTapTooLong(duration: duration, limit: limit), on: id, time: event.time, seatSlot: event.seatSlot,
                     x: press.landing.x, y: press.landing.y)
                return
            }
            note(.grabberTap(duration: duration, limit: limit), on: id, time: event.time, seatSlot: event.seatSlot,
                 x: press.landing.x, y: press.landing.y)
            guard let geometry = layout(of: press.landing.target.presentation, in: scene) else { return }
            let next = geometry.nextLargerDetent ?? geometry.smallestDetent
            guard geometry.height(of: next) != geometry.selectedHeight else { return }
            output.append(.intent(Intent(time: event.time, kind: .setDetent(presentation: id, detent: next, cause: .grabberTap))))
        case .scrollingContent(let drag):
            guard drag.seatSlot == event.seatSlot else { return }
            state = restingState
        case .dragging(let drag):
            guard drag.seatSlot == event.seatSlot else { return }
            state = restingState
            release(drag, in: scene, time: event.time, into: &output)
        }
    }

    /// The gesture's presentation laid out in `scene`, when it is still the topmost (the
    /// pipeline makes sure of it: a scene change that moves it cancels the gesture).
    private func layout(of presentation: PresentationID, in scene: Scene) -> PresentationGeometry? {
        guard let top = scene.presentations.last, top.presentationID == presentation else { return nil }
        if laidOut.isLayout(of: top, in: scene) { return laidOut.geometry }
        return PresentationGeometry(presentation: top, in: scene, configuration: configuration)
    }

    /// The release rule (SPEC 4.6): dismiss when the projected height falls below half of the
    /// smallest detent, otherwise settle on the detent nearest the projected height.
    private mutating func release<Output: RecogniserOutputs>(_ drag: Drag, in scene: Scene, time: Int64,
                                                              into output: inout Output) {
        let target = drag.target
        let id = target.presentation
        let velocity = track.samples.velocity(at: time, window: configuration.velocityWindow, restCutoff: configuration.restCutoff)
        let projected = track.offset + velocity.pointsPerMillisecond * configuration.projectionMilliseconds
        // The release threshold (SPEC 4.6, one rule for every origin): the height left is below
        // `dismissFraction` of the smallest detent.
        let smallestHeight = target.selectedHeight - target.smallestOffset
        let threshold = target.selectedHeight - configuration.dismissFraction * smallestHeight
        let explanation = Explanation(projectedOffset: projected, threshold: threshold, velocity: velocity.pointsPerSecond,
                                      margin: projected - threshold)
        if projected > threshold {
            output.append(.intent(Intent(time: time, kind: .dragEnded(presentation: id, outcome: .dismissAttempt,
                                                                      detent: target.selectedDetent),
                                         explanation: explanation)))
            let source: DismissalSource = switch drag.origin {
            case .grabber: .grabberDrag
            case .topRegion: .swipeFromTop
            case .scrolledContent: .swipeScrolledContent
            }
            output.append(.attempt(DismissalAttempt(time: time, presentation: id, source: source)))
            return
        }
        // A sheet whose detents all have its selected height settles there; otherwise the nearest
        // detent is looked up in its layout.
        guard target.largestOffset != 0 || target.smallestOffset != 0 else {
            output.append(.intent(Intent(time: time, kind: .dragEnded(presentation: id, outcome: .settle, detent: target.selectedDetent),
                                         explanation: explanation)))
            return
        }
        guard let geometry = layout(of: target.presentation, in: scene) else {
            output.append(.intent(Self.cancellation(of: target, time: time)))
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

    private mutating func handleCancel<Output: RecogniserOutputs>(_ event: TouchEvent, into output: inout Output) {
        contacts.down &= ~Contacts.bit(event.seatSlot)
        // Another contact's cancel leaves a gesture alone; with none in progress the recogniser rests.
        if let gesture, gesture.seatSlot != event.seatSlot { return }
        cancelGesture(time: event.time, into: &output)
    }

    /// The end of a cancelled drag: the sheet returns to its detent, nothing is committed.
    private static func cancellation(of target: Target, time: Int64) -> Intent {
        Intent(time: time, kind: .dragEnded(presentation: target.presentation, outcome: .cancel, detent: target.selectedDetent))
    }

    // MARK: - The host's scroll view

    /// The host reported the content offset of `presentation` (SPEC 4.2, host-owned scrolling):
    /// from now on its scroll view owns the content of the gesture in progress. While the content
    /// has the finger, an offset above 0 keeps it there until the host reports 0, and 0 places the
    /// hand-off point where the finger is now (unless the content was already at its top there).
    /// While the sheet has the finger, a report is stored and takes nothing away: the host was
    /// told to hold its scroll view, and the finger goes back only by the hand-back rule or at the
    /// lift. The same offset reported again changes nothing; so do reports about another
    /// presentation, or while no contact on content is down. Never an output: what a report
    /// changes shows at the finger's next move.
    public mutating func contentOffsetReported(_ offset: Double, of presentation: PresentationID, time: Int64) {
        switch state {
        case .pressed(var press):
            guard press.landing.target.presentation == presentation, press.region == .content else { return }
            press.contentOffset = offset
            press.hostScrolls = true
            state = .pressed(press)
        case .dragging(var drag):
            guard drag.target.presentation == presentation, drag.origin == .scrolledContent else { return }
            drag.hostScrolls = true
            track.contentOffset = offset
            state = .dragging(drag)
        case .scrollingContent(var drag):
            guard drag.target.presentation == presentation, drag.origin == .scrolledContent,
                  !drag.hostScrolls || offset != track.contentOffset else { return }
            drag.hostScrolls = true
            track.contentOffset = offset
            track.lastTime = max(track.lastTime, time)
            if offset > 0 {
                drag.handOffTravel = .infinity
            } else {
                drag.handOffTravel = min(drag.handOffTravel, track.travel)
                drag.growsUp = true
            }
            state = .scrollingContent(drag)
        case .idle, .ignoringUntilLift, .tapOutside:
            break
        }
    }

    // MARK: - Decisions made elsewhere

    /// The scene changed. A gesture whose presentation is no longer topmost, or is laid out
    /// differently, ends (a drag with `dragEnded` `cancel`, appended to `output`); otherwise the
    /// dismissal gate (unsaved changes, `dismissible`) takes effect from the next event.
    public mutating func sceneChanged(to scene: Scene, time: Int64, into output: inout [RecogniserOutput]) {
        guard let id = gesturePresentation else { return }
        let geometry = layout(of: id, in: scene)
        let top = geometry.flatMap { _ in scene.presentations.last }
        let target = geometry.map { Target($0, of: id) }
        switch state {
        case .idle, .ignoringUntilLift:
            break
        case .tapOutside(let candidate):
            let effect = geometry.flatMap { Self.tapEffect(of: $0.region(x: candidate.landing.x, y: candidate.landing.y), geometry: $0) }
            if target != candidate.landing.target || effect != candidate.effect { state = restingState }
        case .pressed(var press):
            guard let top, target == press.landing.target else {
                state = restingState
                return
            }
            press.gated = top.isGated
            state = .pressed(press)
        case .scrollingContent(var drag), .dragging(var drag):
            guard let top, target == drag.target else {
                cancelGesture(time: time, into: &output)
                return
            }
            let wasHeld = isDragging
            drag.gated = top.isGated
            state = wasHeld ? .dragging(drag) : .scrollingContent(drag)
        }
    }

    /// The on-screen keyboard's height changed (SPEC 10.2): the room changed, and nothing is
    /// cancelled. The gesture in progress keeps its contact and goes on with its presentation laid
    /// out in the new room; a drag's offsets are measured from the detent's new height.
    public mutating func keyboardChanged(to scene: Scene) {
        guard let id = gesturePresentation, let geometry = layout(of: id, in: scene) else { return }
        let target = Target(geometry, of: id)
        switch state {
        case .idle, .ignoringUntilLift:
            break
        case .tapOutside(var candidate):
            candidate.landing.target = target
            state = .tapOutside(candidate)
        case .pressed(var press):
            press.landing.target = target
            state = .pressed(press)
        case .scrollingContent(var drag):
            drag.target = target
            state = .scrollingContent(drag)
        case .dragging(var drag):
            drag.target = target
            state = .dragging(drag)
        }
    }

    /// Ends the gesture in progress: its contact was cancelled, or what it was made in changed (a
    /// screen change, SPEC 7). A drag ends with `dragEnded` `cancel`, any other gesture in
    /// silence; the contacts down are ignored until they lift.
    public mutating func cancelGesture<Output: RecogniserOutputs>(time: Int64, into output: inout Output) {
        if let gesture, gesture.kind == .drag { output.append(.intent(Self.cancellation(of: gesture.target, time: time))) }
        state = restingState
    }

    private var isDragging: Bool {
        if case .dragging = state { true } else { false }
    }

    /// A decision about `presentation` was made elsewhere (SPEC 4.9): the gesture on it ends at
    /// once, and its contact is ignored until every contact has lifted. When the presentation
    /// stays (a question opened for it, an attempt on it was rejected, a question about it was
    /// closed), a drag ends with `dragEnded` `cancel` at its detent, at `time`, which the caller
    /// emits before the decision; when it was dismissed, the `dismiss` closes the drag and
    /// nothing more follows for it. A decision about another presentation changes nothing.
    /// - Returns: the `dragEnded` that closes the drag, if one was in progress and the
    ///   presentation stays.
    public mutating func decisionMade(about presentation: PresentationID, dismissed: Bool, time: Int64) -> Intent? {
        guard let gesture, gesture.target.presentation == presentation else { return nil }
        state = restingState
        guard gesture.kind == .drag, !dismissed else { return nil }
        return Self.cancellation(of: gesture.target, time: time)
    }
}

extension Presentation {
    /// Whether dismissal by gesture is gated: unsaved changes ask first, and `dismissible: false` refuses.
    var isGated: Bool { unsavedChanges || !dismissible }
}
