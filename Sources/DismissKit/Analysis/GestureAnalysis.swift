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
///   cross-axis contact whose vertical travel is within 10 % of its horizontal travel.
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
    }

    /// What was decided at one time: the recogniser's decisions and the intents that end or
    /// change something (every intent but `dragChanged` and `contentScrolled`), in order.
    public struct Moment: Sendable, Hashable {
        public var time: Int64
        public var decisions: [String]
    }

    /// Drags by origin and how they ended.
    public private(set) var drags: [DragOrigin: [DragEnd: Int]] = [:]
    public private(set) var releases: [Release] = []
    public private(set) var taps: [Tap] = []
    public private(set) var nearMisses: [NearMiss] = []
    /// Rejections by reason, as the intent's `reason` gives it.
    public private(set) var rejections: [String: Int] = [:]
    /// `cancelled` intents: questions answered `keepEditing`.
    public private(set) var cancellations = 0
    public private(set) var moments: [Moment] = []

    /// A drag begun and not yet ended: its origin and the time the sheet last moved.
    private struct DragInProgress: Sendable, Hashable {
        let origin: DragOrigin
        var lastMove: Int64
    }

    private var dragsInProgress: [PresentationID: DragInProgress] = [:]

    public init() {}

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
            case .dragStarted, .crossAxis, .tapMovedPastSlop, .secondContact, .touchRefused:
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
                    nearMisses.append(NearMiss(time: intent.time, description: "release \(outcome.rawValue): projection "
                        + "\(Self.rounded(explanation.margin)) pt from the threshold \(Self.rounded(explanation.threshold)) pt"))
                }
            }
        case .dragHandedBack(let id):
            guard let drag = dragsInProgress.removeValue(forKey: id) else { break }
            drags[drag.origin, default: [:]][.handedBack, default: 0] += 1
        case .rejected(_, _, let reason):
            rejections[reason.text(names: names), default: 0] += 1
        case .cancelled:
            cancellations += 1
        case .setDetent, .passthroughTap, .confirmationRequested, .save, .dismiss:
            break
        }
        note(intent.kind.summary(names: names), at: intent.time)
    }

    private mutating func note(_ decision: String, at time: Int64) {
        if let last = moments.indices.last, moments[last].time == time {
            moments[last].decisions.append(decision)
        } else {
            moments.append(Moment(time: time, decisions: [decision]))
        }
    }

    private mutating func noteNearMiss(of decision: GestureDecision) {
        let description: String? = switch decision.kind {
        case .tapOutside(let duration, let limit), .tapTooLong(let duration, let limit),
             .grabberTap(let duration, let limit), .grabberTapTooLong(let duration, let limit):
            abs(Double(duration - limit)) <= 0.1 * Double(limit)
                ? "\(decision.name): \(Self.rounded(Double(duration) / 1000)) ms against \(Self.rounded(Double(limit) / 1000)) ms" : nil
        case .tapMovedPastSlop(let distance, let slop):
            distance <= 1.1 * slop ? "\(decision.name): \(Self.rounded(distance)) pt against a slop of \(Self.rounded(slop)) pt" : nil
        case .crossAxis(let dx, let dy, _):
            abs(abs(dx) - abs(dy)) <= 0.1 * abs(dx)
                ? "\(decision.name): \(Self.rounded(abs(dy))) pt down against \(Self.rounded(abs(dx))) pt across" : nil
        case .dragStarted, .secondContact, .touchRefused:
            nil
        }
        if let description { nearMisses.append(NearMiss(time: decision.time, description: description)) }
    }

    /// The figures a decision is told apart by when two configurations are compared.
    private static func figures(of kind: GestureDecision.Kind) -> String {
        switch kind {
        case .dragStarted(let origin, _, _, _): " \(origin.rawValue)"
        case .secondContact(let ended): " \(ended.rawValue)"
        case .crossAxis, .tapOutside, .tapMovedPastSlop, .tapTooLong, .grabberTap, .grabberTapTooLong, .touchRefused: ""
        }
    }

    /// A figure as a person reads it: to 0.1 below 100, to 1 above.
    public static func rounded(_ value: Double) -> String {
        abs(value) < 100 ? describedNumber((value * 10).rounded() / 10) : describedNumber(value.rounded())
    }
}

extension GestureAnalysis {
    /// The moments whose decisions differ between two analyses of the same recording: the time,
    /// and what each decided then (empty when it decided nothing).
    public static func changes(from before: GestureAnalysis, to after: GestureAnalysis)
        -> [(time: Int64, before: [String], after: [String])] {
        var changes: [(time: Int64, before: [String], after: [String])] = []
        var left = before.moments[...]
        var right = after.moments[...]
        while !left.isEmpty || !right.isEmpty {
            let time = min(left.first?.time ?? .max, right.first?.time ?? .max)
            let was = left.first?.time == time ? left.removeFirst().decisions : []
            let now = right.first?.time == time ? right.removeFirst().decisions : []
            if was != now { changes.append((time, was, now)) }
        }
        return changes
    }
}
