/// The pure core of DismissKit: the scene, the gesture recogniser and the dismissal
/// policy, driven by touch events, the Escape key and host commands.
///
/// Values in, intents out; no clock, no I/O. Time arrives inside the events, so the
/// same inputs always give the same intents.
///
/// The scene has one door, ``changeScene(time:into:_:)``: every change, whether a host command
/// or one of the pipeline's own decisions, passes through it, and it tells both the
/// recogniser and the policy. The pipeline keeps its scene in step with its decisions: a
/// `dismiss` removes the presentation (the host is expected to close it; a later `remove`
/// for it is then an error that changes nothing), a `save` clears its unsaved changes, and a
/// `setDetent` selects the new detent. A decision that lands on the presentation being dragged
/// ends the gesture (SPEC 4.9): a dismissal in silence (the `dismiss` closes the drag), anything
/// that leaves the presentation in place (a question, a rejection, a closed question) after a
/// `dragEnded` `cancel` that comes first. The content offset the
/// pipeline assumes while it scrolls content itself (`contentScrolled`) is written into the
/// scene without the door: it is the recogniser's own model, and changes no layout. So is the
/// on-screen keyboard's height (SPEC section 10): it changes the room the presentations are laid
/// out in, and cancels nothing, so the recogniser carries the gesture in progress over into the
/// new room instead of judging it against a changed scene.
///
/// The keyboard goes first (SPEC 10.5): while it is shown, `hideKeyboard` comes before a drag's
/// `dragBegan` and before every `confirmationRequested`, and Escape only asks for it. Rules chosen
/// where SPEC is silent: with nothing presented, Escape does nothing, the keyboard shown or not
/// (the keyboard is then the page's, not a presentation's); a sheet grows for the keyboard only
/// when the keyboard command shows it (a `scene` describes its detents as they are), and not while
/// a gesture holds the sheet (the drag's release decides its detent).
///
/// Idle (SPEC section 11) runs on the times the events carry: every touch, key and host command
/// but `tick` is activity, and only a `tick` finds the kiosk idle (``IdleClock``). An
/// `idleCancelled` comes before what the activity that cancels the warning causes. Rules chosen
/// where SPEC is silent: a frame alone is no activity (it ends a report of contacts that were),
/// nor is a touch or a command that is refused (it changes nothing); the clock starts at the
/// pipeline's first event, `tick` included; `remaining` is the deadline less the tick's time,
/// below 0 when the first tick that finds the warning due comes after the deadline;
/// a finger down on the on-screen keyboard is a finger down; and once a deadline is met, nothing
/// more happens until the next activity, even when the rule kept a presentation.
///
/// Host commands are validated before they reach the door. A command may not add a problem to
/// the stack; a `screen` change is applied whatever the stack rules say at the new width (the
/// window did change), and a stack it makes invalid is kept as it is until the host changes it
/// (Docs/protocol.md, "Screen changes"). The pipeline's own decisions keep a valid scene valid (they only
/// remove the topmost presentation, clear unsaved changes, or select one of a sheet's own
/// detents).
public struct DismissalPipeline: Sendable {
    /// What is on screen now.
    public private(set) var scene: Scene
    /// The texts of the long presentation ids the pipeline has met: what an intent's
    /// ``PresentationID`` names (``PresentationNames/name(of:)``).
    public private(set) var names = PresentationNames()
    /// The gesture state machine (read-only, for inspection and tests).
    public var recogniser: GestureRecogniser { gestures }
    /// The recogniser itself, under a name of its own so that the inlinable frame path of
    /// ``handle(_:into:)`` may move its time on (a `private(set)` setter cannot be inlined).
    @usableFromInline var gestures: GestureRecogniser
    /// The dismissal gate (read-only, for inspection and tests).
    public private(set) var policy = DismissalPolicy()
    /// The recogniser's outputs for the input at hand, and the policy's for the attempt at hand:
    /// reused, so that steady-state events and gestures allocate nothing.
    private var recognised = Outputs()
    private var judged: [Intent] = []
    /// Thresholds given by ``reconfigure(_:)`` that wait for the pipeline to be idle.
    public private(set) var nextConfiguration: GestureConfiguration?
    /// How long the kiosk has gone unused (SPEC section 11).
    private var idleClock = IdleClock()

    /// - Parameter scene: the starting scene, already validated (``Scene/validate()``).
    public init(scene: Scene, configuration: GestureConfiguration = GestureConfiguration()) {
        self.scene = scene
        names.number(&self.scene)
        gestures = GestureRecogniser(configuration: configuration)
        recognised.pending.reserveCapacity(16)
        judged.reserveCapacity(4)
    }

    /// Whether the recogniser notes its decisions (``GestureDecision``), for `--explain` and
    /// `gesturectl plot`: read them with ``takeDecisions(into:)`` after each call.
    public var notesDecisions: Bool {
        get { gestures.notesDecisions }
        set { gestures.notesDecisions = newValue }
    }

    /// Moves the recogniser's decisions noted so far to the end of `decisions`.
    public mutating func takeDecisions(into decisions: inout [GestureDecision]) {
        gestures.takeDecisions(into: &decisions)
    }

    /// Feeds one touch event (down, motion, up, cancel or frame).
    /// - Throws: ``TouchRefusal`` for an event no hardware sends; nothing changes then.
    @inlinable
    public mutating func handle(_ event: TouchEvent, into intents: inout [Intent]) throws(TouchRefusal) {
        // A frame changes nothing but the time (the recogniser acts on each contact's own events):
        // half of all events, so its path is a few instructions in the caller's own loop.
        if event.kind == .frame, gestures.takeFrame(at: event.time) { return }
        try handleContact(event, into: &intents)
    }

    /// New gesture thresholds, from the next gesture on: they take effect at once when no
    /// contact is down and no confirmation is open, otherwise at the first touch down after
    /// that. The pipeline holds its thresholds while anything is in progress, so taking them is
    /// starting afresh on the same scene, which loses nothing then.
    public mutating func reconfigure(_ configuration: GestureConfiguration) {
        nextConfiguration = configuration
        takeNextConfigurationIfIdle()
    }

    private mutating func takeNextConfigurationIfIdle() {
        guard let configuration = nextConfiguration, gestures.phase == .idle, policy.openQuestions.isEmpty else { return }
        let (notesDecisions, idleClock) = (self.notesDecisions, self.idleClock)
        self = DismissalPipeline(scene: scene, configuration: configuration)
        self.notesDecisions = notesDecisions
        self.idleClock = idleClock
    }

    /// ``handle(_:into:)`` for a contact's event, or a frame that is refused.
    @usableFromInline @inline(never)
    mutating func handleContact(_ event: TouchEvent, into intents: inout [Intent]) throws(TouchRefusal) {
        let first = intents.count
        try recogniseContact(event, into: &intents)
        noteActivity(at: event.time, into: &intents, before: first)
    }

    private mutating func recogniseContact(_ event: TouchEvent, into intents: inout [Intent]) throws(TouchRefusal) {
        if event.kind == .down, nextConfiguration != nil { takeNextConfigurationIfIdle() }
        if gestures.followSheetDrag(event, into: &intents) { return }
        recognised.keyboardIsShown = scene.keyboardIsShown
        let topIsAsking = event.kind == .down && policy.isAsking
            && scene.presentations.last.map { policy.isAsking(about: $0.presentationID) } == true
        // The caller's buffer lends its storage to the outputs for the call.
        swap(&recognised.intents, &intents)
        do {
            try gestures.handle(event, in: scene, topIsAsking: topIsAsking, into: &recognised)
        } catch {
            swap(&recognised.intents, &intents)
            throw error
        }
        swap(&recognised.intents, &intents)
        performRecognised(into: &intents)
    }

    /// The recogniser's outputs for a touch: an intent that needs nothing performed goes straight
    /// onto the caller's buffer (a motion's `dragChanged`, the most frequent), as long as nothing
    /// before it waits; the rest waits in `pending`, in order, to be performed.
    private struct Outputs: RecogniserOutputs {
        var intents: [Intent] = []
        var pending: [RecogniserOutput] = []
        /// Whether the on-screen keyboard is shown: a `dragBegan` then waits to be performed, which
        /// puts `hideKeyboard` before it.
        var keyboardIsShown = false

        mutating func append(_ output: RecogniserOutput) {
            if pending.isEmpty, case .intent(let intent) = output, intent.kind.passesStraightOn(keyboardIsShown: keyboardIsShown) {
                intents.append(intent)
            } else {
                pending.append(output)
            }
        }
    }

    /// The Escape key was pressed (on a libinput keyboard, or reported by the host): a
    /// dismissal attempt on the topmost presentation, or while the on-screen keyboard is shown only
    /// `hideKeyboard` (SPEC 10.5). With nothing presented it does nothing.
    public mutating func handleEscapeKey(time: Int64, into intents: inout [Intent]) {
        noteActivity(at: time, into: &intents, before: intents.count)
        guard let top = scene.presentations.last else { return }
        escape(top.presentationID, source: .escapeKey, time: time, into: &intents)
    }

    /// Escape aimed at `presentation`: the keyboard first, a dismissal attempt otherwise.
    private mutating func escape(_ presentation: PresentationID, source: DismissalSource, time: Int64, into intents: inout [Intent]) {
        if scene.keyboardIsShown {
            intents.append(Intent(time: time, kind: .hideKeyboard(presentation: presentation, reason: .escapeKey)))
            return
        }
        judge(DismissalAttempt(time: time, presentation: presentation, source: source), into: &intents)
    }

    /// Applies a host command (SPEC section 7).
    /// - Throws: ``HostCommandError`` when the command names a presentation that is not there,
    ///   would add a problem to the stack, give a `scene` another screen or a `screen` sizes out
    ///   of range, or answers no open question (or would dismiss a covered presentation);
    ///   nothing changes then.
    public mutating func apply(_ command: HostCommand, time: Int64, into intents: inout [Intent]) throws(HostCommandError) {
        if case .tick = command { return tick(at: time, into: &intents) }
        let first = intents.count
        try carryOut(command, time: time, into: &intents)
        noteActivity(at: time, into: &intents, before: first)
    }

    /// The time of the next `tick` that would find something (a warning or a deadline), or nil
    /// while none would: no idle rule, nothing presented, a finger down, or the deadline met. A
    /// host that has no event of its own then ticks at that time (or once a second until it).
    /// Before the pipeline's first event it is the earliest time there is: the first tick starts
    /// the clock.
    public var nextTick: Int64? {
        idleClock.nextTick(under: scene.idle, canReset: canResetForIdle)
    }

    /// Whether an idle deadline could reset anything now: something is presented, and no finger is down (SPEC 11.5).
    private var canResetForIdle: Bool { !scene.presentations.isEmpty && !gestures.anyContactDown }

    /// Activity at `time` (SPEC 11.2): the idle clock starts again, and a warning given is
    /// cancelled, its `idleCancelled` put at `index`, before what the activity caused.
    @inline(__always)
    private mutating func noteActivity(at time: Int64, into intents: inout [Intent], before index: Int) {
        guard let (lastActivity, deadline) = idleClock.activity(at: time) else { return }
        intents.insert(Intent(time: time, kind: .idleCancelled(deadline: deadline, lastActivity: lastActivity)), at: index)
    }

    /// The host's clock (SPEC 11.3): the warning, then at the deadline the reset.
    private mutating func tick(at time: Int64, into intents: inout [Intent]) {
        guard let step = idleClock.tick(at: time, under: scene.idle, canReset: canResetForIdle), let rule = scene.idle else { return }
        if step.warns {
            intents.append(Intent(time: time, kind: .idleWarning(deadline: step.deadline, remaining: step.deadline - time,
                                                                  lastActivity: step.lastActivity)))
        }
        guard step.resets else { return }
        // From the top down, each step dismissing the topmost or stopping at work the rule keeps.
        for _ in scene.presentations.indices {
            guard let top = scene.presentations.last else { break }
            let goes = policy.resetForIdle(top.presentationID, unsaved: rule.unsaved, time: time, in: scene, into: &judged)
            performJudged(into: &intents)
            guard goes else { return }
        }
        guard scene.presentations.isEmpty else { return }
        intents.append(Intent(time: time, kind: .idleReset(deadline: step.deadline, lastActivity: step.lastActivity)))
    }

    /// Applies a host command but `tick`.
    private mutating func carryOut(_ command: HostCommand, time: Int64, into intents: inout [Intent]) throws(HostCommandError) {
        switch command {
        case .scene(var newScene):
            names.number(&newScene)
            guard newScene.screen == scene.screen else {
                throw HostCommandError(reason: "a scene cannot change the screen "
                    + "(\(Self.describe(scene.screen))); send a screen command for that")
            }
            let checkedScene = try checked(newScene)
            let reported = scene.presentations.last.flatMap { top in
                checkedScene.presentation(withID: top.presentationID).map { (top.presentationID, $0.contentOffset, top.contentOffset) }
            }
            changeScene(time: time, into: &intents) { $0 = checkedScene }
            if let (id, offset, previous) = reported, offset != previous { gestures.contentOffsetReported(offset, of: id, time: time) }
        case .present(let presentation):
            do {
                try scene.validate(appending: presentation)
            } catch {
                throw HostCommandError(reason: error.description)
            }
            changeScene(time: time, into: &intents) { $0.presentations.append(presentation) }
        case .remove(let id):
            // Taking a presentation out of a stack adds no problem to it.
            let index = try indexOfPresentation(id)
            changeScene(time: time, into: &intents) { $0.presentations.remove(at: index) }
        case .update(let id, let update):
            let index = try indexOfPresentation(id)
            var newScene = scene
            newScene.presentations[index] = update.applied(to: newScene.presentations[index])
            let checkedScene = try checked(newScene)
            changeScene(time: time, into: &intents) { $0 = checkedScene }
            if let offset = update.contentOffset { gestures.contentOffsetReported(offset, of: names.id(for: id), time: time) }
        case .confirm(let id, let choice):
            try policy.handleConfirmation(presentation: names.id(for: id), choice: choice, time: time, in: scene, names: names,
                                          into: &judged)
            performJudged(into: &intents)
        case .button(let id, let role):
            let source: DismissalSource = switch role {
            case .cancel: .cancelButton
            case .done: .doneButton
            }
            judge(DismissalAttempt(time: time, presentation: names.id(for: id), source: source), into: &intents)
        case .accessibility(let id, let action):
            let presentation = scene.presentations[try indexOfPresentation(id)]
            switch action {
            case .escape:
                escape(presentation.presentationID, source: .accessibilityEscape, time: time, into: &intents)
            case .nextDetent, .previousDetent:
                let geometry = PresentationGeometry(presentation: presentation, in: scene, configuration: gestures.configuration)
                let target = action == .nextDetent ? geometry.nextLargerDetent : geometry.nextSmallerDetent
                guard geometry.shape == .sheet, let target else { return }
                perform(Intent(time: time, kind: .setDetent(presentation: presentation.presentationID, detent: target, cause: .accessibility)),
                        into: &intents)
            }
        case .dismiss(let id):
            judge(DismissalAttempt(time: time, presentation: names.id(for: id), source: .programmatic), into: &intents)
        case .key(let key):
            switch key {
            case .escape: handleEscapeKey(time: time, into: &intents)
            }
        case .screen(let screen):
            var newScene = scene
            newScene.screen = screen
            if let problem = newScene.screenProblem() { throw HostCommandError(reason: problem) }
            // The gesture was made in the old geometry: it ends first, whatever the new one is.
            gestures.cancelGesture(time: time, into: &recognised.pending)
            performRecognised(into: &intents)
            changeScene(time: time, into: &intents) { $0.screen = screen }
        case .keyboard(let height):
            if let problem = scene.keyboardProblem(height: height) { throw HostCommandError(reason: problem) }
            let shows = !scene.keyboardIsShown && height > 0
            scene.keyboardHeight = height
            gestures.keyboardChanged(to: scene)
            if shows { growTopSheetForKeyboard(time: time, into: &intents) }
        case .tick:
            break
        }
    }

    /// The keyboard just showed (SPEC 10.4): a topmost sheet below its largest detent goes to it,
    /// unless a gesture holds it.
    private mutating func growTopSheetForKeyboard(time: Int64, into intents: inout [Intent]) {
        guard let top = scene.presentations.last, gestures.gesturePresentation != top.presentationID else { return }
        let geometry = PresentationGeometry(presentation: top, in: scene, configuration: gestures.configuration)
        let largest = geometry.largestDetent
        guard geometry.shape == .sheet, geometry.height(of: largest) > geometry.selectedHeight else { return }
        perform(Intent(time: time, kind: .setDetent(presentation: top.presentationID, detent: largest, cause: .keyboard)), into: &intents)
    }

    // MARK: - Private

    private func indexOfPresentation(_ id: String) throws(HostCommandError) -> Int {
        guard let index = scene.index(ofPresentation: id) else {
            throw HostCommandError(reason: "no presentation \(quoted(id)) in the scene")
        }
        return index
    }

    /// A scene from the host, once it passes the stack rules, or breaks only a rule the current
    /// scene already breaks (a screen change can leave a stack that breaks one).
    private func checked(_ newScene: Scene) throws(HostCommandError) -> Scene {
        do {
            try newScene.validate()
        } catch {
            if case .failure(let standing) = Result(catching: { () throws(SceneValidationError) in try scene.validate() }),
               standing == error {
                return newScene
            }
            throw HostCommandError(reason: error.description)
        }
        return newScene
    }

    private static func describe(_ screen: ScreenSize) -> String {
        "\(describedNumber(screen.width)) x \(describedNumber(screen.height)) points, "
            + "\(describedNumber(screen.widthMM)) x \(describedNumber(screen.heightMM)) mm"
    }

    /// The one door of the scene: makes a change that keeps it valid, in place, and tells the
    /// policy (questions about departed presentations are forgotten) and the recogniser (a
    /// gesture on a presentation that left or changed shape is cancelled; a changed gate
    /// takes effect).
    private mutating func changeScene(time: Int64, into intents: inout [Intent], _ change: (inout Scene) -> Void) {
        change(&scene)
        names.number(&scene)
        policy.sceneChanged(to: scene)
        // Its own buffer: the door is also passed while `recognised.pending` is being performed. A scene
        // change gives at most a cancelled drag's `dragEnded`, which changes nothing further.
        var cancelled: [RecogniserOutput] = []
        gestures.sceneChanged(to: scene, time: time, into: &cancelled)
        for case .intent(let intent) in cancelled { intents.append(intent) }
    }

    /// Performs the recogniser's outputs that wait, in order, and empties their buffer.
    @inline(__always)
    private mutating func performRecognised(into intents: inout [Intent]) {
        if !recognised.pending.isEmpty { performPending(into: &intents) }
    }

    @inline(never)
    private mutating func performPending(into intents: inout [Intent]) {
        var index = 0
        while index < recognised.pending.count {
            switch recognised.pending[index] {
            case .intent(let intent): perform(intent, into: &intents)
            case .attempt(let attempt): judge(attempt, into: &intents)
            }
            index += 1
        }
        // Emptied one by one: for these few plain values, cheaper than removeAll(keepingCapacity:).
        while !recognised.pending.isEmpty { recognised.pending.removeLast() }
    }

    private mutating func judge(_ attempt: DismissalAttempt, into intents: inout [Intent]) {
        policy.handle(attempt, in: scene, into: &judged)
        performJudged(into: &intents)
    }

    /// Performs the policy's intents, in order, and empties its buffer.
    private mutating func performJudged(into intents: inout [Intent]) {
        var index = 0
        while index < judged.count {
            perform(judged[index], into: &intents)
            index += 1
        }
        judged.removeAll(keepingCapacity: true)
    }

    /// Emits an intent and keeps the scene in step with it, through the door.
    private mutating func perform(_ intent: Intent, into intents: inout [Intent]) {
        switch intent.kind {
        case .dismiss(let id, _, _):
            _ = gestures.decisionMade(about: id, dismissed: true, time: intent.time)
            intents.append(intent)
            guard let index = scene.index(ofPresentation: id) else { return }
            changeScene(time: intent.time, into: &intents) { $0.presentations.remove(at: index) }
        case .confirmationRequested(let id, _, _), .cancelled(let id), .rejected(let id, _, _):
            // The presentation stays: a drag on it is closed first, at the decision's time (SPEC 4.9).
            if let ended = gestures.decisionMade(about: id, dismissed: false, time: intent.time) { intents.append(ended) }
            if case .confirmationRequested = intent.kind, scene.keyboardIsShown {
                intents.append(Intent(time: intent.time, kind: .hideKeyboard(presentation: id, reason: .question)))
            }
            intents.append(intent)
        case .save(let id):
            intents.append(intent)
            guard let index = scene.index(ofPresentation: id) else { return }
            changeScene(time: intent.time, into: &intents) { $0.presentations[index].unsavedChanges = false }
        case .setDetent(let id, let detent, _):
            if let index = scene.index(ofPresentation: id) {
                changeScene(time: intent.time, into: &intents) { $0.presentations[index].selectedDetent = detent }
            }
            intents.append(intent)
        case .contentScrolled(let id, let offset):
            if let index = scene.index(ofPresentation: id) { scene.presentations[index].contentOffset = offset }
            intents.append(intent)
        case .dragBegan(let id, _):
            if scene.keyboardIsShown { intents.append(Intent(time: intent.time, kind: .hideKeyboard(presentation: id, reason: .drag))) }
            intents.append(intent)
        case .dragChanged, .dragEnded, .dragHandedBack, .passthroughTap, .hideKeyboard, .idleWarning, .idleCancelled, .idleReset:
            intents.append(intent)
        }
    }
}

extension Intent.Kind {
    /// Whether the pipeline performs the intent by passing it on, with no change to its scene.
    /// `dragBegan` does not while the on-screen keyboard is shown: `hideKeyboard` goes before it.
    fileprivate func passesStraightOn(keyboardIsShown: Bool) -> Bool {
        switch self {
        case .dragBegan: !keyboardIsShown
        case .dragChanged, .dragEnded, .dragHandedBack, .passthroughTap, .hideKeyboard, .idleWarning, .idleCancelled, .idleReset: true
        case .setDetent, .contentScrolled, .confirmationRequested, .save, .dismiss, .cancelled, .rejected: false
        }
    }
}
