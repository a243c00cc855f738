/// A scene that breaks a rule of SPEC section 3, naming the presentation at fault.
public struct SceneValidationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The offending presentation's index in the stack (bottom first); nil for a problem with the screen.
    public var presentationIndex: Int?
    /// The offending presentation's id; nil for a problem with the screen.
    public var presentationID: String?
    public var reason: String

    public init(presentationIndex: Int?, presentationID: String?, reason: String) {
        self.presentationIndex = presentationIndex
        self.presentationID = presentationID
        self.reason = reason
    }

    /// `presentation "share": reason`, or the reason alone for a problem with the screen.
    public var description: String {
        if let presentationID { return "presentation \(quoted(presentationID)): \(reason)" }
        return reason
    }
}

extension Scene {
    /// Checks the screen, every presentation and the stack rules, reporting the first
    /// problem bottom to top.
    ///
    /// Stack rules judge each presentation by the role it has on this screen
    /// (``role(of:)``): a popover in a compact width is a sheet, so a sheet may go above it.
    /// The screen is fixed for a run, so the roles are too.
    public func validate() throws(SceneValidationError) {
        if let problem = screenProblem() ?? keyboardProblem(height: keyboardHeight) ?? idle?.problem {
            throw SceneValidationError(presentationIndex: nil, presentationID: nil, reason: problem)
        }
        if presentations.count > InputLimits.maximumPresentations {
            let index = InputLimits.maximumPresentations
            throw SceneValidationError(presentationIndex: index, presentationID: presentations[index].id,
                                       reason: "at most \(InputLimits.maximumPresentations) presentations may be stacked")
        }
        // One pass, linear in the stack: what the presentations below have shown so far.
        var idsBelow: Set<PresentationIDKey> = []
        var popoverBelow: Presentation?
        for (index, presentation) in presentations.enumerated() {
            let problem = problem(with: presentation, idIsTaken: idsBelow.contains(PresentationIDKey(presentation.id)), popoverBelow: popoverBelow)
            if let problem {
                throw SceneValidationError(presentationIndex: index, presentationID: presentation.id, reason: problem)
            }
            idsBelow.insert(PresentationIDKey(presentation.id))
            if popoverBelow == nil && role(of: presentation) == .popover { popoverBelow = presentation }
        }
    }

    /// Checks `presentation` as a new topmost presentation of this scene, which is valid: the
    /// rules for the newcomer alone, so that presenting one more costs one look down the stack.
    public func validate(appending presentation: Presentation) throws(SceneValidationError) {
        let index = presentations.count
        if index >= InputLimits.maximumPresentations {
            throw SceneValidationError(presentationIndex: index, presentationID: presentation.id,
                                       reason: "at most \(InputLimits.maximumPresentations) presentations may be stacked")
        }
        let problem = problem(with: presentation, idIsTaken: presentations.contains { $0.id.isSamePresentationID(as: presentation.id) },
                              popoverBelow: presentations.first { role(of: $0) == .popover })
        if let problem {
            throw SceneValidationError(presentationIndex: index, presentationID: presentation.id, reason: problem)
        }
    }

    /// The largest screen side, in points and in millimetres: no panel is 100 metres wide.
    public static let largestScreenSide = 100_000.0
    /// The largest length or coordinate a presentation may give, in points: far past any
    /// screen or content, small enough that every sum and square stays finite.
    public static let largestLength = InputLimits.largestCoordinate

    /// What is wrong with the screen, its compact width or its top inset, or nil.
    func screenProblem() -> String? {
        let lengths = [("width", screen.width), ("height", screen.height), ("widthMM", screen.widthMM), ("heightMM", screen.heightMM)]
        for (name, length) in lengths where !(length >= 1 && length <= Self.largestScreenSide) {
            return "screen \(name) must be a number from 1 to 100000"
        }
        if !(compactWidth >= 0 && compactWidth <= Self.largestLength) {
            return "compactWidth must be 0 or more, up to 1000000000"
        }
        if !(topInset.isFinite && topInset >= 0 && topInset < screen.height) {
            return "topInset must be 0 or more and less than the screen height"
        }
        return nil
    }

    /// What is wrong with a keyboard height on this screen, or nil (SPEC 10.1: from 0, hidden, to
    /// the screen's height).
    public func keyboardProblem(height: Double) -> String? {
        guard height >= 0 && height <= screen.height else {
            return "keyboard height \(describedNumber(height)) must be from 0 (hidden) to the screen's height (\(describedNumber(screen.height)) points)"
        }
        return nil
    }

    private func problem(with presentation: Presentation, idIsTaken: Bool, popoverBelow: Presentation?) -> String? {
        if let problem = PresentationIDRule.problem(with: presentation.id) {
            return problem
        }
        if idIsTaken {
            return "the id is already used by a presentation below it"
        }
        if let problem = presentation.ownProblem() {
            return problem
        }
        let role = role(of: presentation)
        if role == .popover, let popoverBelow {
            return "at most one popover may be presented, and \(quoted(popoverBelow.id)) is one"
        }
        if role != .alert, let popoverBelow {
            return "nothing but an alert may be presented above a popover (\(quoted(popoverBelow.id)))"
        }
        if presentation.tapOutside != nil {
            if role == .fullScreen { return "a full-screen presentation has nothing outside it to tap; remove tapOutside" }
            if role == .alert { return "an alert ignores taps outside it; remove tapOutside" }
            if isNonModalSheet(presentation) {
                return "touches outside a non-modal sheet belong to the content below it; remove tapOutside"
            }
        }
        return nil
    }
}

extension Presentation {
    /// The first problem with this presentation's own fields, or nil.
    package func ownProblem() -> String? {
        if detents.isEmpty {
            return "detents must not be empty"
        }
        for detent in detents {
            if case .custom(let height) = detent, !(height > 0 && height <= Scene.largestLength) {
                return "a custom detent must be a positive height, up to 1000000000"
            }
        }
        if !detents.contains(selectedDetent) {
            return "selectedDetent must be one of its detents"
        }
        if !(headerHeight >= 0 && headerHeight <= Scene.largestLength) {
            return "headerHeight must be 0 or more, up to 1000000000"
        }
        if !(contentOffset >= 0 && contentOffset <= Scene.largestLength) {
            return "content.offset must be 0 or more, up to 1000000000"
        }
        let rectangles = [("frame", frame), ("anchor", anchor)] + passthrough.map { ("passthrough", Optional($0)) }
        for case let (name, rect?) in rectangles where !rect.isWellFormed {
            return "\(name) must have coordinates within ±1000000000 and a positive width and height"
        }
        switch style {
        case .sheet, .pageSheet, .formSheet, .automatic, .currentContext:
            if !modal && !detents.contains(.medium) {
                return "a non-modal sheet needs a medium detent"
            }
        case .popover:
            if frame == nil {
                return "a popover needs a frame"
            }
        case .alert, .fullScreen:
            break
        }
        return nil
    }
}

extension Rect {
    fileprivate var isWellFormed: Bool {
        let limit = Scene.largestLength
        return abs(x) <= limit && abs(y) <= limit && width > 0 && width <= limit && height > 0 && height <= limit
    }
}
