/// Checks the invariant of SPEC 5.5 over a pipeline's stream, keeping its own model of the stack
/// (what the host presented, updated and removed, and what the pipeline saved and dismissed), so
/// that it does not trust the pipeline's scene: nothing with unsaved changes is dismissed unless
/// the host answered `discard` or `save` for it, the source was its done button, it is a
/// non-modal popover that a tap outside saved first, or a tick met the idle deadline of a scene
/// whose idle rule says `discard` or `save` (and `save` saved it first) after an `idleWarning`
/// with no activity since; and no intent names a presentation after its dismissal (but a
/// `rejected` "not presented").
///
/// A plain value: give it, in order, each host command the pipeline took (``took(_:)``), each
/// touch event but a frame and each key from a device (``tookDeviceInput()``), and after each of
/// them the intents it caused
/// (``take(_:names:)``). It keeps the first violation and ignores what follows it.
public struct UnsavedWorkChecker: Sendable {
    /// The first intent that breaks the invariant: its index in the stream (from 0) and why.
    public struct Violation: Sendable, Hashable {
        public let index: Int
        public let reason: String
    }

    /// The first violation met, or nil.
    public private(set) var violation: Violation?
    /// How many intents were taken.
    public private(set) var count = 0
    /// The presented presentations, as the host's commands made them.
    private var presented: [PresentationIDKey: Presentation] = [:]
    /// Ids the pipeline dismissed and the host has not presented again.
    private var dismissed: Set<PresentationIDKey> = []
    /// The host command whose intents come now; nil for a touch or a device's key.
    private var cause: HostCommand?
    /// The presentations the pipeline saved since the last command or touch.
    private var savedNow: Set<PresentationIDKey> = []
    /// The screen and the compact width, with no presentations: what decides a presentation's
    /// role (a popover in a compact width is a sheet).
    private var layout = Scene()
    /// The idle rule of the latest scene.
    private var idleRule: IdleRule?
    /// Whether an `idleWarning` came since the latest activity (a touch, a key, a command but `tick`).
    private var warnedSinceActivity = false

    /// A checker of a pipeline that starts with `scene`.
    public init(scene: Scene) {
        start(scene)
    }

    /// A host command the pipeline took, before the intents it causes.
    public mutating func took(_ command: HostCommand) {
        cause = command
        savedNow = []
        if command != .tick { warnedSinceActivity = false }
        switch command {
        case .scene(let scene):
            start(scene)
        case .present(let presentation):
            let key = PresentationIDKey(presentation.id)
            presented[key] = presentation
            dismissed.remove(key)
        case .remove(let id):
            presented[PresentationIDKey(id)] = nil
        case .update(let id, let update):
            guard let presentation = presented[PresentationIDKey(id)] else { return }
            presented[PresentationIDKey(id)] = update.applied(to: presentation)
        case .screen(let screen):
            layout.screen = screen
        case .confirm, .button, .accessibility, .dismiss, .key, .keyboard, .tick:
            break
        }
    }

    /// A touch event but a frame, or a key from a device, before the intents it causes: activity,
    /// for the idle rule (a frame alone is none).
    public mutating func tookDeviceInput() {
        cause = nil
        savedNow = []
        warnedSinceActivity = false
    }

    /// Takes the next intent; `names` are its pipeline's names.
    public mutating func take(_ intent: Intent, names: PresentationNames) {
        defer { count += 1 }
        guard violation == nil else { return }
        if let id = intent.kind.presentationID, dismissed.contains(PresentationIDKey(names.name(of: id))) {
            if case .rejected(_, _, .notPresented) = intent.kind {} else {
                return fail("\(intent.kind.typeName.name) names \(quoted(names.name(of: id))) after its dismissal")
            }
        }
        switch intent.kind {
        case .save(let id):
            let key = PresentationIDKey(names.name(of: id))
            savedNow.insert(key)
            presented[key]?.unsavedChanges = false
        case .dismiss(let id, let source, let resolution):
            let text = names.name(of: id)
            let key = PresentationIDKey(text)
            guard let presentation = presented.removeValue(forKey: key) else {
                return fail("dismiss of \(quoted(text)), which is not presented")
            }
            dismissed.insert(key)
            let saved = savedNow.contains(key)
            guard presentation.unsavedChanges || saved else { return }
            if !allowed(text, source: source, resolution: resolution, saved: saved, presentation: presentation) {
                fail("dismiss of \(quoted(text)) with unsaved changes: source \(source.rawValue), resolution \(resolution.rawValue)")
            }
        case .idleWarning:
            warnedSinceActivity = true
        case .dragBegan, .dragChanged, .dragEnded, .dragHandedBack, .contentScrolled, .setDetent, .passthroughTap,
             .confirmationRequested, .cancelled, .rejected, .hideKeyboard, .idleCancelled, .idleReset:
            break
        }
    }

    /// Whether a dismissal of unsaved work has what SPEC 5.5 asks: the host's answer, its done
    /// button, a non-modal popover's autosave on a tap outside, or the idle rule after its warning.
    private func allowed(_ id: String, source: DismissalSource, resolution: DismissResolution, saved: Bool,
                         presentation: Presentation) -> Bool {
        if cause == .tick {
            guard source == .idle, warnedSinceActivity, let idleRule else { return false }
            switch resolution {
            case .discarded: return idleRule.unsaved == .discard
            case .saved: return idleRule.unsaved == .save && saved
            case .direct, .autosaved: return false
            }
        }
        switch resolution {
        case .direct:
            guard case .button(let named, .done) = cause else { return false }
            return named.isSamePresentationID(as: id) && source == .doneButton
        case .discarded:
            guard case .confirm(let named, .discard) = cause else { return false }
            return named.isSamePresentationID(as: id)
        case .saved:
            guard case .confirm(let named, .save) = cause else { return false }
            return named.isSamePresentationID(as: id) && saved
        case .autosaved:
            return cause == nil && source == .tapOutside && saved && layout.role(of: presentation) == .popover && !presentation.modal
        }
    }

    /// The model of a new scene: its presentations, none dismissed.
    private mutating func start(_ scene: Scene) {
        presented = [:]
        dismissed = []
        for presentation in scene.presentations { presented[PresentationIDKey(presentation.id)] = presentation }
        layout = Scene(screen: scene.screen, compactWidth: scene.compactWidth, topInset: scene.topInset)
        idleRule = scene.idle
    }

    private mutating func fail(_ reason: String) {
        violation = Violation(index: count, reason: reason)
    }
}
