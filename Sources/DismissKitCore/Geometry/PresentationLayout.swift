/// Where one presentation of the stack is on the current screen, and what it is: what a host
/// draws. Made from the layout the recogniser hit-tests with (``PresentationGeometry``), moved
/// by the drag as ``PresentationGeometry/dragged(by:)`` moves it, so what the user sees is what a
/// touch finds. Plain numbers, rectangles and a closed role, in points, origin top-left, y down.
///
/// The question's anchor, chosen here: a confirmation is asked about what the user tried to
/// dismiss, where it rests (a drag on it has ended by then, SPEC 4.9):
/// - a sheet (an adapted popover or current-context presentation, a form or page sheet with its
///   own frame included): its frame at its detent;
/// - a popover: its frame; without one (a scene that does not validate) its anchor, or the screen;
/// - a full-screen presentation or an alert: the screen.
public struct PresentationLayout: Sendable, Hashable {
    /// The presentation, as intents name it.
    public var presentation: PresentationID
    /// How it behaves and is drawn at this width (``Scene/role(of:)``): a popover or
    /// current-context presentation in a compact width is a sheet.
    public var role: PresentationRole
    /// Whether the role is the compact width's adaptation (``Scene/isAdapted(_:)``): a modal
    /// sheet at the large detent, whatever the presentation's own detents and frame.
    public var isAdapted: Bool
    /// Where to draw it now: at rest, or while a drag holds it, moved by ``dragOffset`` (down the
    /// sheet moves, up it grows with its bottom edge fixed).
    public var frame: Rect
    /// Where it rests: a sheet at its selected detent, a popover at its frame, the screen otherwise.
    public var restingFrame: Rect
    /// How far below its detent a drag holds the sheet (the latest `dragChanged`'s offset, rubber
    /// band included); 0 at rest and for anything but the sheet a drag holds.
    public var dragOffset: Double
    /// The selected detent (sheets; the presentation's own otherwise).
    public var selectedDetent: Detent
    /// A sheet's detents in the host's order, each with its height and where the sheet rests at
    /// it; empty for anything but a sheet. An adapted presentation has `large` only, a form or
    /// page sheet with its own frame one custom detent, its frame's height.
    public var detents: [DetentLayout]
    /// The visible grabber, 36 × 5, moved by the drag (a sheet with a grabber only).
    public var grabber: Rect?
    /// The grabber's hit target, moved by the drag (a sheet with a grabber only).
    public var grabberHitTarget: Rect?
    /// The band `headerHeight` below a sheet's top edge that starts a swipe, moved by the drag
    /// (sheets only).
    public var header: Rect?
    /// Where a confirmation about it is shown (see the type's documentation).
    public var questionAnchor: Rect

    /// Lays out `presentation` on the scene's screen, its sheet `dragOffset` points below its detent.
    public init(of presentation: borrowing Presentation, in scene: borrowing Scene,
                configuration: GestureConfiguration = GestureConfiguration(), dragOffset: Double = 0) {
        let resting = PresentationGeometry(presentation: presentation, in: scene, configuration: configuration)
        let offset = resting.shape == .sheet ? dragOffset : 0
        let shown = resting.dragged(by: offset)
        let screen = Rect(x: 0, y: 0, width: scene.screen.width, height: scene.screen.height)
        self.presentation = presentation.presentationID
        role = resting.shape
        isAdapted = scene.isAdapted(presentation)
        frame = shown.frame
        restingFrame = resting.frame
        self.dragOffset = offset
        selectedDetent = resting.selectedDetent
        detents = []
        for detent in resting.detents {
            guard let frame = resting.frame(at: detent) else { continue }
            detents.append(DetentLayout(detent: detent, height: resting.height(of: detent), frame: frame))
        }
        grabber = shown.grabber
        grabberHitTarget = shown.grabberHitTarget
        header = shown.topRegion
        switch resting.shape {
        case .sheet: questionAnchor = resting.frame
        case .popover: questionAnchor = presentation.frame ?? presentation.anchor ?? screen
        case .fullScreen, .alert: questionAnchor = screen
        }
    }

    /// Whether it rests at its largest detent, where a drag up on its content scrolls the content
    /// instead of growing the sheet; true for anything but a sheet.
    public var isAtLargestDetent: Bool {
        guard let selected = detents.first(where: { $0.detent == selectedDetent }) else { return true }
        return detents.allSatisfy { $0.height <= selected.height }
    }
}

/// One of a sheet's detents, laid out.
public struct DetentLayout: Sendable, Hashable {
    public var detent: Detent
    /// Its height in points (``PresentationGeometry/height(of:largeHeight:roomHeight:)``).
    public var height: Double
    /// Where the sheet rests at it (``PresentationGeometry/frame(at:)``).
    public var frame: Rect

    public init(detent: Detent, height: Double, frame: Rect) {
        self.detent = detent
        self.height = height
        self.frame = frame
    }
}
