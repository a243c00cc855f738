/// A decision of the recogniser with the figures and the rule behind it, where it was made: what
/// `gesturectl replay --explain` prints beside the intents and `gesturectl plot` draws.
///
/// Some decisions give intents too (a drag that starts, a tap outside that completes); the others
/// end a gesture in silence (a tap held too long, a cross-axis contact, a second contact), and this
/// is where they show. Noted only when asked (``GestureRecogniser/notesDecisions``), so the plain
/// pipeline pays nothing for them.
public struct GestureDecision: Sendable, Hashable {
    /// The `type` of a decision's line, beside the intents' (``Intent/TypeName``).
    public static let lineType: StaticString = "decision"

    /// What was decided, with its figures.
    public enum Kind: Sendable, Hashable {
        /// The contact passed the slop at least as vertically as horizontally on a sheet: a drag
        /// from `origin` starts (from scrolled content the sheet moves once the content is at its
        /// top). `dx`, `dy`: the travel from where it went down, in points.
        case dragStarted(origin: DragOrigin, dx: Double, dy: Double, slop: Double)
        /// The contact passed the slop more horizontally than vertically: not a sheet drag, the
        /// content keeps it.
        case crossAxis(dx: Double, dy: Double, slop: Double)
        /// A tap outside completed: up within the slop, `duration` µs after its down.
        case tapOutside(duration: Int64, limit: Int64)
        /// A contact outside moved `distance` points, past the slop: no tap.
        case tapMovedPastSlop(distance: Double, slop: Double)
        /// A contact outside lifted `duration` µs after its down, past `tapMaxDuration`: no tap.
        case tapTooLong(duration: Int64, limit: Int64)
        /// A tap on the grabber completed.
        case grabberTap(duration: Int64, limit: Int64)
        /// A contact on the grabber lifted within the slop but past `tapMaxDuration`: no tap.
        case grabberTapTooLong(duration: Int64, limit: Int64)
        /// A second contact landed at the decision's point and ended the gesture in progress.
        case secondContact(ended: EndedGesture)
        /// A contact landed in the on-screen keyboard's band, at or below `keyboardTop` (SPEC 10.3):
        /// it is the keyboard's, and touches no presentation until it lifts.
        case keyboardTouch(keyboardTop: Double)
        /// A touch event the pipeline could not take (an embedding host's bug): it changed nothing.
        case touchRefused(TouchRefusal)
    }

    /// The gesture a second contact ended.
    public enum EndedGesture: String, Sendable, Hashable {
        /// A contact outside that could have become a tap.
        case tapOutside
        /// A contact on a sheet before the slop.
        case press
        /// A contact scrolling the sheet's content.
        case contentScroll
        /// A sheet drag: it is cancelled (`dragEnded` with outcome `cancel`).
        case drag
    }

    /// Microseconds of the event that decided.
    public var time: Int64
    /// The presentation the gesture was aimed at; nil for a refused touch outside any gesture.
    public var presentation: PresentationID?
    /// The seat slot of the contact that decided (for a second contact, the new one).
    public var seatSlot: Int32
    /// Where it was decided, in screen points: the deciding contact's position then (for a tap,
    /// where it went down).
    public var x: Double
    public var y: Double
    public var kind: Kind

    public init(time: Int64, presentation: PresentationID?, seatSlot: Int32, x: Double, y: Double, kind: Kind) {
        self.time = time
        self.presentation = presentation
        self.seatSlot = seatSlot
        self.x = x
        self.y = y
        self.kind = kind
    }

    /// The decision's name, as `--explain` prints it.
    public var name: String {
        switch kind {
        case .dragStarted: "dragStarted"
        case .crossAxis: "crossAxis"
        case .tapOutside: "tapOutside"
        case .tapMovedPastSlop: "tapMovedPastSlop"
        case .tapTooLong: "tapTooLong"
        case .grabberTap: "grabberTap"
        case .grabberTapTooLong: "grabberTapTooLong"
        case .secondContact: "secondContact"
        case .keyboardTouch: "keyboardTouch"
        case .touchRefused: "touchRefused"
        }
    }

    /// The rule that decided, in words.
    public var rule: String {
        switch kind {
        case .dragStarted: "past the slop, at least as vertical as horizontal: the sheet drags"
        case .crossAxis: "past the slop, more horizontal than vertical: not a sheet drag, the content keeps it"
        case .tapOutside: "up within the slop and tapMaxDuration: a tap outside"
        case .tapMovedPastSlop: "moved past the slop: not a tap"
        case .tapTooLong: "held past tapMaxDuration: not a tap"
        case .grabberTap: "up within the slop and tapMaxDuration: a grabber tap"
        case .grabberTapTooLong: "held past tapMaxDuration: not a grabber tap"
        case .secondContact(let ended):
            switch ended {
            case .tapOutside: "a second contact spoils a tap outside"
            case .press, .contentScroll: "a second contact on the presentation ends the gesture"
            case .drag: "a second contact on the presentation cancels the drag"
            }
        case .keyboardTouch: "on the on-screen keyboard: the keyboard's touch, no presentation's"
        case .touchRefused(let refusal): "refused, nothing changed: \(refusal)"
        }
    }
}
