/// A rectangle in screen points, origin top-left, y down.
public struct Rect: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Whether the point lies inside (edges at the origin side included, far edges excluded).
    public func contains(x px: Double, y py: Double) -> Bool {
        px >= x && px < x + width && py >= y && py < y + height
    }
}

/// How a presentation is shown (SPEC section 3).
public enum PresentationStyle: String, Sendable, Hashable, CaseIterable {
    case sheet, pageSheet, formSheet, automatic, popover, fullScreen, currentContext, alert
}

/// What a tap outside the topmost presentation does.
public enum TapOutsideAction: String, Sendable, Hashable, CaseIterable {
    case dismiss, ignore, passthrough
}

/// One presentation of the stack, as the host describes it. Lengths in points.
public struct Presentation: Sendable, Hashable {
    public var id: String {
        didSet { presentationID = PresentationID(inline: id) ?? .unnumbered }
    }
    /// The id as intents carry it, kept beside the text so that finding a presentation by an
    /// intent's id compares two 16-byte values. A long id is numbered when a pipeline takes the
    /// presentation (``PresentationNames``).
    public internal(set) var presentationID: PresentationID
    public var style: PresentationStyle
    /// Sheet detents, smallest first or in any order; `[.large]` by default.
    public var detents: [Detent]
    public var selectedDetent: Detent
    public var grabber: Bool
    /// The height of the top region below the sheet's top edge (default 56).
    public var headerHeight: Double
    /// How far the content is scrolled down from its top (0 = at the top).
    public var contentOffset: Double
    public var modal: Bool
    public var unsavedChanges: Bool
    /// false: every gesture attempt is rejected; buttons still work.
    public var dismissible: Bool
    /// Overrides the style's default tap-outside action.
    public var tapOutside: TapOutsideAction?
    /// A popover's frame, or a regular-width form or page sheet's own frame.
    public var frame: Rect?
    /// A popover's anchor (the control that opened it).
    public var anchor: Rect?
    /// Regions where a tap outside also reaches the control below.
    public var passthrough: [Rect]

    public init(
        id: String,
        style: PresentationStyle,
        detents: [Detent] = [.large],
        selectedDetent: Detent? = nil,
        grabber: Bool = false,
        headerHeight: Double = 56,
        contentOffset: Double = 0,
        modal: Bool = true,
        unsavedChanges: Bool = false,
        dismissible: Bool = true,
        tapOutside: TapOutsideAction? = nil,
        frame: Rect? = nil,
        anchor: Rect? = nil,
        passthrough: [Rect] = []
    ) {
        self.id = id
        presentationID = PresentationID(inline: id) ?? .unnumbered
        self.style = style
        self.detents = detents
        self.selectedDetent = selectedDetent ?? detents.last ?? .large
        self.grabber = grabber
        self.headerHeight = headerHeight
        self.contentOffset = contentOffset
        self.modal = modal
        self.unsavedChanges = unsavedChanges
        self.dismissible = dismissible
        self.tapOutside = tapOutside
        self.frame = frame
        self.anchor = anchor
        self.passthrough = passthrough
    }
}

/// What is on screen: the screen and the presentation stack, bottom to top.
public struct Scene: Sendable, Hashable {
    public var screen: ScreenSize
    /// Bottom to top; the last one receives the gestures.
    public var presentations: [Presentation]
    /// Widths below this are compact (default 600 points).
    public var compactWidth: Double
    /// The gap above a large sheet (default 40 points).
    public var topInset: Double
    /// The height of the on-screen keyboard docked at the screen's bottom, in points; 0 while it
    /// is hidden or floating (SPEC section 10).
    public var keyboardHeight: Double
    /// What happens when nobody has touched the kiosk for a while (SPEC section 11); nil: nothing.
    public var idle: IdleRule?

    public init(screen: ScreenSize = .standard, presentations: [Presentation] = [], compactWidth: Double = 600, topInset: Double = 40,
                keyboardHeight: Double = 0, idle: IdleRule? = nil) {
        self.screen = screen
        self.presentations = presentations
        self.compactWidth = compactWidth
        self.topInset = topInset
        self.keyboardHeight = keyboardHeight
        self.idle = idle
    }
}

extension Scene {
    /// Whether the on-screen keyboard is shown.
    public var keyboardIsShown: Bool { keyboardHeight > 0 }

    /// The height of the room for presentations: the screen above the keyboard's band (SPEC 10.2).
    /// A keyboard taller than a screen it was reported on before a screen change takes the whole screen.
    public var roomHeight: Double { max(0, screen.height - keyboardHeight) }

    /// Whether a point is in the keyboard's band, where touches are the keyboard's (SPEC 10.3).
    @inline(__always)
    public func isOnKeyboard(y: Double) -> Bool { keyboardHeight > 0 && y >= roomHeight }
}

extension Scene {
    /// The index in the stack of the presentation whose id is `id`, or nil when it is not there.
    /// Searched from the top, where the presentations that gestures and decisions name are.
    public func index(ofPresentation id: PresentationID) -> Int? {
        presentations.lastIndex { $0.presentationID == id }
    }

    /// The index of the presentation whose id is `id`, or nil when it is not there.
    public func index(ofPresentation id: String) -> Int? {
        presentations.lastIndex { $0.id.isSamePresentationID(as: id) }
    }

    /// The presentation whose id is `id`, or nil when it is not in the stack.
    public func presentation(withID id: PresentationID) -> Presentation? {
        index(ofPresentation: id).map { presentations[$0] }
    }

    /// The presentation whose id is `id`, or nil when it is not in the stack.
    public func presentation(withID id: String) -> Presentation? {
        index(ofPresentation: id).map { presentations[$0] }
    }
}
