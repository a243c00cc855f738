/// A host command the pipeline could not apply; the pipeline is unchanged.
public struct HostCommandError: Error, Sendable, Hashable, CustomStringConvertible {
    public var reason: String
    public init(reason: String) { self.reason = reason }
    public var description: String { reason }
}

/// The pure core of DismissKit: the scene, the gesture recogniser and the dismissal
/// policy, driven by touch events, key and device events and host commands.
///
/// Values in, intents out; no clock, no I/O. Time arrives inside the events, so the
/// same inputs always give the same intents.
///
/// The pipeline keeps its scene in step with its own decisions: a `dismiss` removes
/// the presentation (the host is expected to close it; a later `remove` for it is
/// then an error that changes nothing), a `save` clears its unsaved changes, and a
/// `setDetent` selects the new detent.
public struct DismissalPipeline: Sendable {
    /// What is on screen now.
    public private(set) var scene: Scene
    /// The gesture state machine (read-only, for inspection and tests).
    public private(set) var recogniser: GestureRecogniser
    /// The dismissal gate (read-only, for inspection and tests).
    public private(set) var policy = DismissalPolicy()
    /// The recogniser's outputs for the event at hand; reused so steady-state events allocate nothing.
    private var recognised: [RecogniserOutput] = []

    /// - Parameter scene: the starting scene, already validated (``Scene/validate()``).
    public init(scene: Scene, configuration: GestureConfiguration = GestureConfiguration()) {
        self.scene = scene
        recogniser = GestureRecogniser(configuration: configuration)
        recognised.reserveCapacity(16)
    }

    /// Feeds one touch event (down, motion, up, cancel or frame).
    public mutating func handle(_ event: TouchEvent, into intents: inout [Intent]) {
        recogniser.handle(event, in: scene, into: &recognised)
        judgeRecognised(into: &intents)
    }

    /// The Escape key was pressed.
    public mutating func handleEscapeKey(time: Int64, into intents: inout [Intent]) {
        recogniser.handleEscapeKey(time: time, in: scene, into: &recognised)
        judgeRecognised(into: &intents)
    }

    /// The touch device went away: a gesture in progress is cancelled.
    public mutating func handleDeviceRemoved(time: Int64, into intents: inout [Intent]) {
        recogniser.handleDeviceRemoved(time: time, into: &recognised)
        judgeRecognised(into: &intents)
    }

    /// Applies a host command (SPEC section 7).
    /// - Throws: ``HostCommandError`` when the command would break the stack rules or
    ///   names a presentation that is not there; nothing changes then.
    public mutating func apply(_ command: HostCommand, time: Int64, into intents: inout [Intent]) throws(HostCommandError) {
        switch command {
        case .scene(let newScene):
            try changeScene(to: newScene, time: time, into: &intents)
        case .present(let presentation):
            var newScene = scene
            newScene.presentations.append(presentation)
            try changeScene(to: newScene, time: time, into: &intents)
        case .remove(let id):
            let index = try indexOfPresentation(id)
            var newScene = scene
            newScene.presentations.remove(at: index)
            try changeScene(to: newScene, time: time, into: &intents)
        case .update(let id, let update):
            let index = try indexOfPresentation(id)
            var newScene = scene
            if let unsavedChanges = update.unsavedChanges { newScene.presentations[index].unsavedChanges = unsavedChanges }
            if let contentOffset = update.contentOffset { newScene.presentations[index].contentOffset = contentOffset }
            if let selectedDetent = update.selectedDetent { newScene.presentations[index].selectedDetent = selectedDetent }
            if let dismissible = update.dismissible { newScene.presentations[index].dismissible = dismissible }
            try changeScene(to: newScene, time: time, into: &intents)
        case .confirm(let id, let choice):
            let decisions = policy.handleConfirmation(presentation: id, choice: choice, time: time, in: scene)
            guard !decisions.isEmpty else {
                throw HostCommandError(reason: "no confirmation is open for presentation \"\(id)\"")
            }
            for intent in decisions { perform(intent, into: &intents) }
        case .button(let id, let role):
            let source: DismissalSource = switch role {
            case .cancel: .cancelButton
            case .done: .doneButton
            }
            judge(DismissalAttempt(time: time, presentation: id, source: source), into: &intents)
        case .accessibility(let id, let action):
            _ = try indexOfPresentation(id)
            recogniser.handleAccessibility(action, presentation: id, time: time, in: scene, into: &recognised)
            judgeRecognised(into: &intents)
        case .dismiss(let id):
            judge(DismissalAttempt(time: time, presentation: id, source: .programmatic), into: &intents)
        }
    }

    // MARK: - Private

    private func indexOfPresentation(_ id: String) throws(HostCommandError) -> Int {
        guard let index = scene.presentations.firstIndex(where: { $0.id == id }) else {
            throw HostCommandError(reason: "no presentation \"\(id)\" in the scene")
        }
        return index
    }

    /// Validates and installs a scene from the host; a gesture on a presentation that
    /// left or changed shape is cancelled, and questions about departed presentations are forgotten.
    private mutating func changeScene(to newScene: Scene, time: Int64, into intents: inout [Intent]) throws(HostCommandError) {
        do {
            try newScene.validate()
        } catch {
            throw HostCommandError(reason: error.description)
        }
        scene = newScene
        policy.sceneChanged(to: newScene)
        recogniser.handleSceneChange(to: newScene, time: time, into: &recognised)
        judgeRecognised(into: &intents)
    }

    /// Passes geometry intents through and every dismissal attempt to the policy, in order.
    private mutating func judgeRecognised(into intents: inout [Intent]) {
        guard !recognised.isEmpty else { return }
        for output in recognised {
            switch output {
            case .intent(let intent): perform(intent, into: &intents)
            case .attempt(let attempt): judge(attempt, into: &intents)
            }
        }
        recognised.removeAll(keepingCapacity: true)
    }

    private mutating func judge(_ attempt: DismissalAttempt, into intents: inout [Intent]) {
        for intent in policy.handle(attempt, in: scene) { perform(intent, into: &intents) }
    }

    /// Emits an intent and keeps the scene in step with it.
    private mutating func perform(_ intent: Intent, into intents: inout [Intent]) {
        intents.append(intent)
        switch intent.kind {
        case .dismiss(let id, _, _):
            scene.presentations.removeAll { $0.id == id }
            policy.presentationRemoved(id)
        case .save(let id):
            if let index = scene.presentations.firstIndex(where: { $0.id == id }) {
                scene.presentations[index].unsavedChanges = false
            }
        case .setDetent(let id, let detent, _):
            if let index = scene.presentations.firstIndex(where: { $0.id == id }) {
                scene.presentations[index].selectedDetent = detent
            }
        case .dragBegan, .dragChanged, .dragEnded, .passthroughTap, .confirmationRequested, .cancelled, .rejected:
            break
        }
    }
}
