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
/// `setDetent` selects the new detent. A dismissal or a question that lands on the
/// presentation being dragged ends the gesture silently (SPEC 4.9).
///
/// Host commands are validated before they reach the door (the stack rules, and a screen
/// that stays the same for the whole run); the pipeline's own decisions keep a valid scene
/// valid (they only remove the topmost presentation, clear unsaved changes, or select one of
/// a sheet's own detents).
public struct DismissalPipeline: Sendable {
    /// What is on screen now.
    public private(set) var scene: Scene
    /// The gesture state machine (read-only, for inspection and tests).
    public private(set) var recogniser: GestureRecogniser
    /// The dismissal gate (read-only, for inspection and tests).
    public private(set) var policy = DismissalPolicy()
    /// The recogniser's outputs for the event at hand, and the policy's for the attempt at hand:
    /// reused, so that steady-state events and gestures allocate nothing.
    private var recognised: [RecogniserOutput] = []
    private var judged: [Intent] = []
    /// Counts the scene's changes, so that the recogniser knows when a layout it made still holds.
    private var sceneGeneration: UInt64 = 0

    /// - Parameter scene: the starting scene, already validated (``Scene/validate()``); its
    ///   screen is the screen for the whole run.
    public init(scene: Scene, configuration: GestureConfiguration = GestureConfiguration()) {
        self.scene = scene
        recogniser = GestureRecogniser(configuration: configuration)
        recognised.reserveCapacity(16)
        judged.reserveCapacity(4)
    }

    /// Whether the recogniser notes its decisions (``GestureDecision``), for `--explain` and
    /// `gesturectl plot`: read them with ``takeDecisions(into:)`` after each call.
    public var notesDecisions: Bool {
        get { recogniser.notesDecisions }
        set { recogniser.notesDecisions = newValue }
    }

    /// Moves the recogniser's decisions noted so far to the end of `decisions`.
    public mutating func takeDecisions(into decisions: inout [GestureDecision]) {
        recogniser.takeDecisions(into: &decisions)
    }

    /// Feeds one touch event (down, motion, up, cancel or frame).
    public mutating func handle(_ event: TouchEvent, into intents: inout [Intent]) {
        switch event.kind {
        case .frame:
            return  // the recogniser acts on each contact's own events
        case .motion:
            // A motion only moves a sheet: its intents change nothing and pass straight on.
            recogniser.handleMotion(event, into: &intents)
            return
        case .down, .up, .cancel:
            break
        }
        let topIsAsking = event.kind == .down && !policy.openQuestions.isEmpty && !scene.presentations.isEmpty
            && policy.isAsking(about: PresentationID(scene.presentations[scene.presentations.count - 1].id))
        recogniser.handle(event, in: scene, generation: sceneGeneration, topIsAsking: topIsAsking, into: &recognised)
        guard !recognised.isEmpty else { return }
        var index = 0
        while index < recognised.count {
            switch recognised[index] {
            case .intent(let intent): perform(intent, into: &intents)
            case .attempt(let attempt): judge(attempt, into: &intents)
            }
            index += 1
        }
        // Emptied one by one: for these few plain values, cheaper than removeAll(keepingCapacity:).
        while !recognised.isEmpty { recognised.removeLast() }
    }

    /// The Escape key was pressed (on a libinput keyboard, or reported by the host): a
    /// dismissal attempt on the topmost presentation. With nothing presented it does nothing.
    public mutating func handleEscapeKey(time: Int64, into intents: inout [Intent]) {
        guard let top = scene.presentations.last else { return }
        judge(DismissalAttempt(time: time, presentation: PresentationID(top.id), source: .escapeKey), into: &intents)
    }

    /// Applies a host command (SPEC section 7).
    /// - Throws: ``HostCommandError`` when the command names a presentation that is not there,
    ///   would break the stack rules or change the screen, or answers no open question (or
    ///   would dismiss a covered presentation); nothing changes then.
    public mutating func apply(_ command: HostCommand, time: Int64, into intents: inout [Intent]) throws(HostCommandError) {
        switch command {
        case .scene(let newScene):
            let checkedScene = try checked(newScene)
            changeScene(time: time, into: &intents) { $0 = checkedScene }
        case .present(let presentation):
            do {
                try scene.validate(appending: presentation)
            } catch {
                throw HostCommandError(reason: error.description)
            }
            changeScene(time: time, into: &intents) { $0.presentations.append(presentation) }
        case .remove(let id):
            // Taking a presentation out of a valid stack leaves it valid.
            let index = try indexOfPresentation(id)
            changeScene(time: time, into: &intents) { $0.presentations.remove(at: index) }
        case .update(let id, let update):
            let index = try indexOfPresentation(id)
            var newScene = scene
            newScene.presentations[index] = update.applied(to: newScene.presentations[index])
            let checkedScene = try checked(newScene)
            changeScene(time: time, into: &intents) { $0 = checkedScene }
        case .confirm(let id, let choice):
            try policy.handleConfirmation(presentation: PresentationID(id), choice: choice, time: time, in: scene, into: &judged)
            performJudged(into: &intents)
        case .button(let id, let role):
            let source: DismissalSource = switch role {
            case .cancel: .cancelButton
            case .done: .doneButton
            }
            judge(DismissalAttempt(time: time, presentation: PresentationID(id), source: source), into: &intents)
        case .accessibility(let id, let action):
            let presentation = scene.presentations[try indexOfPresentation(id)]
            switch action {
            case .escape:
                judge(DismissalAttempt(time: time, presentation: PresentationID(id), source: .accessibilityEscape), into: &intents)
            case .nextDetent, .previousDetent:
                let geometry = PresentationGeometry(presentation: presentation, in: scene, configuration: recogniser.configuration)
                let target = action == .nextDetent ? geometry.nextLargerDetent : geometry.nextSmallerDetent
                guard geometry.shape == .sheet, let target else { return }
                perform(Intent(time: time, kind: .setDetent(presentation: PresentationID(id), detent: target, cause: .accessibility)),
                        into: &intents)
            }
        case .dismiss(let id):
            judge(DismissalAttempt(time: time, presentation: PresentationID(id), source: .programmatic), into: &intents)
        case .key(let key):
            switch key {
            case .escape: handleEscapeKey(time: time, into: &intents)
            }
        }
    }

    // MARK: - Private

    private func indexOfPresentation(_ id: String) throws(HostCommandError) -> Int {
        guard let index = scene.presentations.firstIndex(where: { $0.id == id }) else {
            throw HostCommandError(reason: "no presentation \(quoted(id)) in the scene")
        }
        return index
    }

    /// A scene from the host, once it keeps the run's screen and passes the stack rules.
    private func checked(_ newScene: Scene) throws(HostCommandError) -> Scene {
        if newScene.screen != scene.screen {
            throw HostCommandError(reason: "the screen cannot change while running "
                + "(\(describedNumber(scene.screen.width)) x \(describedNumber(scene.screen.height)) points, "
                + "\(describedNumber(scene.screen.widthMM)) x \(describedNumber(scene.screen.heightMM)) mm)")
        }
        do {
            try newScene.validate()
        } catch {
            throw HostCommandError(reason: error.description)
        }
        return newScene
    }

    /// The one door of the scene: makes a change that keeps it valid, in place, and tells the
    /// policy (questions about departed presentations are forgotten) and the recogniser (a
    /// gesture on a presentation that left or changed shape is cancelled; a changed gate
    /// takes effect).
    private mutating func changeScene(time: Int64, into intents: inout [Intent], _ change: (inout Scene) -> Void) {
        change(&scene)
        sceneGeneration &+= 1
        policy.sceneChanged(to: scene)
        if let cancellation = recogniser.sceneChanged(to: scene, time: time) { intents.append(cancellation) }
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
            recogniser.endGesture(on: id)
            intents.append(intent)
            changeScene(time: intent.time, into: &intents) { $0.presentations.removeAll { id.isID(of: $0.id) } }
        case .confirmationRequested(let id, _, _):
            recogniser.endGesture(on: id)
            intents.append(intent)
        case .save(let id):
            intents.append(intent)
            guard let index = scene.presentations.firstIndex(where: { id.isID(of: $0.id) }) else { return }
            changeScene(time: intent.time, into: &intents) { $0.presentations[index].unsavedChanges = false }
        case .setDetent(let id, let detent, _):
            if let index = scene.presentations.firstIndex(where: { id.isID(of: $0.id) }) {
                changeScene(time: intent.time, into: &intents) { $0.presentations[index].selectedDetent = detent }
            }
            intents.append(intent)
        case .dragBegan, .dragChanged, .dragEnded, .passthroughTap, .cancelled, .rejected:
            intents.append(intent)
        }
    }
}
