/// What the gestures of one replay came to, for tuning the thresholds over a corpus
/// (`gesturectl analyze`): the drags by origin and outcome, the releases' figures, the taps, the
/// near misses, the rejections and cancellations, and the decisions in order, so that two
/// configurations can be compared.
///
/// Built from the steps of ``Replay/steps(from:scene:scenePath:configuration:calibration:_:)``
/// (``add(_:)``), values in and values out. Rules:
/// - A drag is counted from its `dragBegan` to the `dragEnded` or `dragHandedBack` that ends it.
/// - A release's rest is the time from the sheet's last move (its last `dragChanged`) to the
///   release: the time the rest cut-off measures.
/// - A near miss is a decision within 10 % of its threshold: a release whose projection is within
///   10 % of the threshold offset; a tap, grabber tap or tap held too long whose duration is within
///   10 % of `tapMaxDuration`; a contact that moved past the slop by less than 10 % of it; a
///   cross-axis contact whose vertical travel is within 10 % of its horizontal travel. Each names
///   the setting that decides it and the value at which the decision would turn (a release that
///   moved: `decelerationPerMillisecond`, which scales its projection; one after a rest, which
///   projects nothing: `dismissFraction`, which places the threshold; a cross-axis contact: no
///   setting, the rule compares the travel down with the travel across).
/// - Comparing two configurations, a change is *direct* until a change in the recording makes the
///   two sessions differ in what is presented (a dismissal, a detent, a question, a save, an
///   answer); every later change is a *knock-on* effect, the gestures meeting another scene.
public struct GestureAnalysis: Sendable, Hashable {
    /// How a counted drag ended.
    public enum DragEnd: String, Sendable, Hashable, CaseIterable {
        case dismissAttempt, settle, cancel, handedBack
    }

    /// One release of a sheet.
    public struct Release: Sendable, Hashable {
        public var time: Int64
        public var origin: DragOrigin
        public var outcome: DragOutcome
        /// Points per second, down positive.
        public var velocity: Double
        /// `projectedOffset - threshold`, points: positive dismisses.
        public var margin: Double
        public var threshold: Double
        /// Microseconds from the sheet's last move to the release.
        public var rest: Int64
    }

    /// One tap decision: a tap outside or on the grabber, or one held too long.
    public struct Tap: Sendable, Hashable {
        public var time: Int64
        /// `tapOutside`, `tapTooLong`, `grabberTap` or `grabberTapTooLong`.
        public var kind: String
        public var duration: Int64
        public var limit: Int64
    }

    /// A decision within 10 % of its threshold.
    public struct NearMiss: Sendable, Hashable {
        public var time: Int64
        /// What was decided and how close it came, in words.
        public var description: String
        /// The setting that decides it (a key of a scene's `gestures`); nil when a fixed rule does.
        public var setting: String?
        /// The setting's value now and the value that would turn the decision, in words.
        public var turn: String
    }

    /// What was decided at one time: the recogniser's decisions and the intents that end or
    /// change something (every intent but `dragChanged` and `contentScrolled`), in order.
    public struct Moment: Sendable, Hashable {
        public var time: Int64
        public var decisions: [String]
        /// Whether an intent then changed what is presented: a dismissal, a detent, a question, a
        /// save or an answer.
        public var changesScene = false
    }

    /// A moment whose decisions differ between two analyses of the same recording.
    public struct Change: Sendable, Hashable {
        public var time: Int64
        /// What each configuration decided then (empty when it decided nothing).
        public var before: [String]
        public var after: [String]
        /// Whether it follows from an earlier change that made the sessions present different things.
        public var isKnockOn: Bool
    }

    /// The thresholds the replay ran with, for naming the setting behind a near miss.
    public let configuration: GestureConfiguration

    /// Drags by origin and how they ended.
    public private(set) var drags: [DragOrigin: [DragEnd: Int]] = [:]
    public private(set) var releases: [Release] = []
    public private(set) var taps: [Tap] = []
    public private(set) var nearMisses: [NearMiss] = []
    /// Rejections by reason, as the intent's `reason` gives it.
    public private(set) var rejections: [String: Int] = [:]
    /// `cancelled` intents: questions answered `keepEditing`.
    public private(set) var cancellations = 0
    /// `hideKeyboard` intents by reason: how often the on-screen keyboard had to go first.
    public private(set) var keyboardHidings: [KeyboardHidingReason: Int] = [:]
    public private(set) var moments: [Moment] = []

    /// A drag begun and not yet ended: its origin and the time the sheet last moved.
    private struct DragInProgress: Sendable, Hashable {
        let origin: DragOrigin
        var lastMove: Int64
    }

    private var dragsInProgress: [PresentationID: DragInProgress] = [:]

    public init(configuration: GestureConfiguration) {
        self.configuration = configuration
    }

    /// Counts one step of a replay; `names` are its pipeline's.
    public mutating func add(_ step: Replay.Step, names: PresentationNames) {
        switch step {
        case .touch, .command:
            break
        case .decision(let decision):
            note(decision.name + Self.figures(of: decision.kind), at: decision.time)
            noteNearMiss(of: decision)
            switch decision.kind {
            case .tapOutside(let duration, let limit), .tapTooLong(let duration, let limit),
                 .grabberTap(let duration, let limit), .grabberTapTooLong(let duration, let limit):
                taps.append(Tap(time: decision.time, kind: decision.name, duration: duration, limit: limit))
            case .dragStarted, .crossAxis, .tapMovedPastSlop, .secondContact, .keyboardTouch, .touchRefused:
                break
            }
        case .intent(let intent):
            add(intent, names: names)
        }
    }

    private mutating func add(_ intent: Intent, names: PresentationNames) {
        switch intent.kind {
        case .dragBegan(let id, let origin):
            dragsInProgress[id] = DragInProgress(origin: origin, lastMove: intent.time)
        case .dragChanged(let id, _, _):
            dragsInProgress[id]?.lastMove = intent.time
            return
        case .contentScrolled:
            return
        case .dragEnded(let id, let outcome, _):
            guard let drag = dragsInProgress.removeValue(forKey: id) else { break }
            let end: DragEnd = switch outcome {
            case .dismissAttempt: .dismissAttempt
            case .settle: .settle
            case .cancel: .cancel
            }
            drags[drag.origin, default: [:]][end, default: 0] += 1
            if let explanation = intent.explanation {
                releases.append(Release(time: intent.time, origin: drag.origin, outcome: outcome, velocity: explanation.velocity,
                                        margin: explanation.margin, threshold: explanation.threshold,
                                        rest: intent.time - drag.lastMove))
                if abs(explanation.margin) <= 0.1 * abs(explanation.threshold) {
                    nearMisses.append(nearMiss(of: outcome, explanation, at: intent.time))
                }
            }
        case .dragHandedBack(let id):
            guard let drag = dragsInProgress.removeValue(forKey: id) else { break }
            drags[drag.origin, default: [:]][.handedBack, default: 0] += 1
        case .rejected(_, _, let reason):
            rejections[reason.text(names: names), default: 0] += 1
        case .cancelled:
            cancellations += 1
        case .hideKeyboard(_, let reason):
            keyboardHidings[reason, default: 0] += 1
        case .setDetent, .passthroughTap, .confirmationRequested, .save, .dismiss, .idleWarning, .idleCancelled, .idleReset:
            break
        }
        let changesScene = switch intent.kind {
        case .dismiss, .setDetent, .confirmationRequested, .save, .cancelled: true
        default: false
        }
        note(intent.kind.summary(names: names), at: intent.time, changesScene: changesScene)
    }

    private mutating func note(_ decision: String, at time: Int64, changesScene: Bool = false) {
        if let last = moments.indices.last, moments[last].time == time {
            moments[last].decisions.append(decision)
            moments[last].changesScene = moments[last].changesScene || changesScene
        } else {
            moments.append(Moment(time: time, decisions: [decision], changesScene: changesScene))
        }
    }

    /// A release within 10 % of its threshold, and what would turn it.
    private func nearMiss(of outcome: DragOutcome, _ explanation: Explanation, at time: Int64) -> NearMiss {
        let description = "release \(outcome.rawValue): projection \(Self.rounded(explanation.margin)) pt from the threshold "
            + "\(Self.rounded(explanation.threshold)) pt"
        let other = outcome == .dismissAttempt ? "settle" : "dismiss"
        let projection = configuration.projectionMilliseconds
        // The projection is `velocity × projectionMilliseconds`: the one that meets the threshold
        // is `projection − margin / velocity`, and `r / (1 − r)` of it gives `r`.
        let velocity = explanation.velocity / 1000
        let meeting = velocity == 0 ? -1 : projection - explanation.margin / velocity
        guard meeting >= 0, projection > 0 else {
            return NearMiss(time: time, description: description, setting: "dismissFraction",
                            turn: "dismissFraction \(describedNumber(configuration.dismissFraction)): the finger rested, so only the "
                                + "threshold can turn it; moving it \(Self.rounded(abs(explanation.margin))) pt "
                                + (explanation.margin > 0 ? "down (a smaller dismissFraction)" : "up (a larger dismissFraction)")
                                + " would \(other)")
        }
        let turning = meeting / (1 + meeting)
        return NearMiss(time: time, description: description, setting: "decelerationPerMillisecond",
                        turn: "decelerationPerMillisecond \(describedNumber(configuration.decelerationPerMillisecond)): "
                            + (explanation.margin > 0 ? "below " : "above ") + Self.distinguished(turning, from: configuration.decelerationPerMillisecond)
                            + " it would \(other)")
    }

    private mutating func noteNearMiss(of decision: GestureDecision) {
        let name = decision.name
        let miss: NearMiss? = switch decision.kind {
        case .tapOutside(let duration, let limit), .tapTooLong(let duration, let limit),
             .grabberTap(let duration, let limit), .grabberTapTooLong(let duration, let limit):
            abs(Double(duration - limit)) <= 0.1 * Double(limit)
                ? NearMiss(time: decision.time, description: "\(name): \(Self.milliseconds(duration)) against \(Self.milliseconds(limit))",
                           setting: "tapMaxDuration",
                           turn: "tapMaxDuration \(Self.milliseconds(limit)): " + (duration <= limit
                               ? "below \(Self.milliseconds(duration)) it would be held too long"
                               : "at \(Self.milliseconds(duration)) it would be a tap"))
                : nil
        case .tapMovedPastSlop(let distance, let slop):
            distance <= 1.1 * slop
                ? NearMiss(time: decision.time, description: "\(name): \(Self.rounded(distance)) pt against a slop of \(Self.rounded(slop)) pt",
                           setting: "slopMM",
                           turn: "slopMM \(describedNumber(configuration.slopMM)): at "
                               + Self.distinguished(configuration.slopMM * distance / slop, from: configuration.slopMM)
                               + " this move would stay within the slop")
                : nil
        case .crossAxis(let dx, let dy, _):
            abs(abs(dx) - abs(dy)) <= 0.1 * abs(dx)
                ? NearMiss(time: decision.time, description: "\(name): \(Self.rounded(abs(dy))) pt down against \(Self.rounded(abs(dx))) pt across",
                           setting: nil, turn: "no setting: a contact drags the sheet when it moves more down than across")
                : nil
        case .dragStarted, .secondContact, .keyboardTouch, .touchRefused:
            nil
        }
        if let miss { nearMisses.append(miss) }
    }

    private static func milliseconds(_ microseconds: Int64) -> String {
        "\(rounded(Double(microseconds) / 1000)) ms"
    }

    /// `value` with one decimal more than it takes to tell it from `other` (at most 7), rounded
    /// away from `other`, so that the figure shown is on the far side of the turn.
    private static func distinguished(_ value: Double, from other: Double) -> String {
        func scale(_ decimals: Int) -> Double { (0..<decimals).reduce(1.0) { product, _ in product * 10 } }
        let decimals = (1...6).first { (value * scale($0)).rounded() != (other * scale($0)).rounded() } ?? 6
        let rule: FloatingPointRoundingRule = value > other ? .up : .down
        return describedNumber((value * scale(decimals + 1)).rounded(rule) / scale(decimals + 1))
    }

    /// The figures a decision is told apart by when two configurations are compared.
    private static func figures(of kind: GestureDecision.Kind) -> String {
        switch kind {
        case .dragStarted(let origin, _, _, _): " \(origin.rawValue)"
        case .secondContact(let ended): " \(ended.rawValue)"
        case .crossAxis, .tapOutside, .tapMovedPastSlop, .tapTooLong, .grabberTap, .grabberTapTooLong, .keyboardTouch, .touchRefused: ""
        }
    }

    /// A figure as a person reads it: to 0.1 below 100, to 1 above.
    public static func rounded(_ value: Double) -> String {
        abs(value) < 100 ? describedNumber((value * 10).rounded() / 10) : describedNumber(value.rounded())
    }
}

extension GestureAnalysis {
    /// The moments whose decisions differ between two analyses of the same recording, in order,
    /// each direct or a knock-on effect of an earlier one.
    public static func changes(from before: GestureAnalysis, to after: GestureAnalysis) -> [Change] {
        var changes: [Change] = []
        var left = before.moments[...]
        var right = after.moments[...]
        var diverged = false
        while !left.isEmpty || !right.isEmpty {
            let time = min(left.first?.time ?? .max, right.first?.time ?? .max)
            let was = left.first?.time == time ? left.removeFirst() : Moment(time: time, decisions: [])
            let now = right.first?.time == time ? right.removeFirst() : Moment(time: time, decisions: [])
            guard was.decisions != now.decisions else { continue }
            changes.append(Change(time: time, before: was.decisions, after: now.decisions, isKnockOn: diverged))
            diverged = diverged || was.changesScene || now.changesScene
        }
        return changes
    }
}
