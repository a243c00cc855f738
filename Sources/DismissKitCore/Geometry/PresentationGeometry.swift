/// Where a presentation lies on screen after adaptivity, and the regions the recogniser hit-tests.
///
/// Rules beyond SPEC section 3, chosen here:
/// - A popover or current-context presentation in a compact width is a modal sheet at the large
///   detent (its own `detents`, `frame`, `anchor` and `modal` flag no longer apply).
/// - A regular-width `formSheet` or `pageSheet` with a `frame` is that frame (SPEC section 3): its
///   top edge is the frame's top, its only detent the frame's height (a custom detent), and a
///   touch above or beside it is outside.
/// - A custom detent is clamped to `0 ... room height`; a sheet without detents has `[.large]`.
/// - While the on-screen keyboard is shown (SPEC section 10), sheets are laid out in the room above
///   it: `large` is the room less the top inset, `medium` half of it, and a bottom sheet's bottom
///   edge sits on the keyboard's top. A form or page sheet with its own frame keeps its size and
///   moves up until its bottom edge is on the keyboard's top, never above the screen's top.
///   Popovers, alerts and full-screen presentations keep their frames: the host places them.
/// - A popover without a `frame` covers nothing, so every touch is outside it.
/// - Roles and tap-outside actions are the scene's own (``Scene/role(of:)``,
///   ``Scene/tapOutsideAction(of:)``), the answers the policy uses too.
public struct PresentationGeometry: Sendable, Hashable {
    /// Where a point falls relative to the presentation.
    public enum Region: Sendable, Hashable {
        /// The grabber's hit target.
        case grabber
        /// The band `headerHeight` below the sheet's top edge.
        case topRegion
        /// The sheet below its top region.
        case content
        /// Inside a presentation that is not a sheet.
        case inside
        /// The popover's own anchor.
        case anchor
        /// A pass-through region outside the presentation.
        case passthrough
        /// Anywhere else.
        case outside
    }

    /// How the presentation is laid out once adaptivity has been applied.
    public var shape: PresentationRole
    /// Whether the scene's width is compact (below `compactWidth`).
    public var isCompact: Bool
    /// The area the presentation covers at rest.
    public var frame: Rect
    /// The sheet detents in the host's order (sheets only; empty otherwise).
    public var detents: [Detent]
    public var selectedDetent: Detent
    /// The height of the large detent: the room's height minus the top inset.
    public var largeHeight: Double
    /// The height of the room above the keyboard (the screen's while it is hidden): the limit of
    /// a custom detent, and where a bottom sheet's bottom edge sits.
    public var roomHeight: Double
    /// The band below a sheet's top edge that starts a swipe (sheets only).
    public var topRegion: Rect?
    /// The visible grabber, 36 × 5 points (sheets with a grabber only).
    public var grabber: Rect?
    /// The grabber's hit target, at least 44 × 44 points and 7 × 7 mm, centred on the grabber.
    public var grabberHitTarget: Rect?
    /// The sheet below its top region (sheets only).
    public var content: Rect?
    /// The popover's anchor (popovers only).
    public var anchor: Rect?
    /// Regions where a tap outside also reaches the control below.
    public var passthrough: [Rect]
    /// What a tap outside does, after the override and the style's default.
    public var tapOutside: TapOutsideAction
    /// Whether touches outside belong to the parent (a non-modal sheet).
    public var outsideTouchesGoToParent: Bool

    /// The size of the visible grabber, in points.
    public static let grabberWidth = 36.0
    public static let grabberHeight = 5.0
    /// The distance from a sheet's top edge to the grabber's centre, in points.
    public static let grabberCentreDepth = 8.0

    /// Lays out `presentation` on the scene's screen.
    public init(presentation: borrowing Presentation, in scene: borrowing Scene, configuration: GestureConfiguration = GestureConfiguration()) {
        let screen = scene.screen
        let compact = screen.width < scene.compactWidth
        let fullScreen = Rect(x: 0, y: 0, width: screen.width, height: screen.height)
        isCompact = compact
        let room = scene.roomHeight
        largeHeight = max(0, room - scene.topInset)
        roomHeight = room
        anchor = nil
        passthrough = presentation.passthrough
        topRegion = nil
        grabber = nil
        grabberHitTarget = nil
        content = nil
        outsideTouchesGoToParent = false
        detents = []
        selectedDetent = presentation.selectedDetent

        tapOutside = scene.tapOutsideAction(of: presentation)
        let adapted = scene.isAdapted(presentation)
        switch scene.role(of: presentation) {
        case .sheet:
            break
        case .popover:
            shape = .popover
            frame = presentation.frame ?? Rect(x: 0, y: 0, width: 0, height: 0)
            anchor = presentation.anchor
            return
        case .alert:
            shape = .alert
            frame = fullScreen
            return
        case .fullScreen:
            shape = .fullScreen
            frame = fullScreen
            return
        }

        shape = .sheet
        let sheet: Rect
        if let own = Self.ownFrame(of: presentation, compact: compact).map({ Self.lifted($0, above: room) }) {
            detents = [.custom(own.height)]
            selectedDetent = .custom(own.height)
            sheet = own
        } else {
            if adapted {
                detents = [.large]
                selectedDetent = .large
            } else {
                detents = presentation.detents.isEmpty ? [.large] : presentation.detents
            }
            let height = Self.height(of: selectedDetent, largeHeight: largeHeight, roomHeight: room)
            sheet = Self.sheetFrame(height: height, bottom: room, x: 0, width: screen.width)
        }
        let height = sheet.height
        frame = sheet
        let header = min(max(0, presentation.headerHeight), height)
        topRegion = Rect(x: sheet.x, y: sheet.y, width: sheet.width, height: header)
        content = Rect(x: sheet.x, y: sheet.y + header, width: sheet.width, height: height - header)
        if presentation.grabber {
            let centreX = sheet.x + sheet.width / 2
            let centreY = sheet.y + Self.grabberCentreDepth
            grabber = Rect(x: centreX - Self.grabberWidth / 2, y: centreY - Self.grabberHeight / 2,
                           width: Self.grabberWidth, height: Self.grabberHeight)
            let side = max(configuration.grabberHitTargetMinimumPoints,
                           configuration.grabberHitTargetMinimumMM * screen.pointsPerMillimetre,
                           Self.grabberWidth)
            grabberHitTarget = Rect(x: centreX - side / 2, y: centreY - side / 2, width: side, height: side)
        }
        outsideTouchesGoToParent = scene.isNonModalSheet(presentation)
    }

    /// The frame a regular-width form or page sheet gives itself, or nil when it is bottom-anchored.
    static func ownFrame(of presentation: Presentation, compact: Bool) -> Rect? {
        switch presentation.style {
        case .formSheet, .pageSheet: compact ? nil : presentation.frame
        case .sheet, .automatic, .popover, .fullScreen, .currentContext, .alert: nil
        }
    }

    /// `frame` moved up until its bottom edge is at most `bottom`, its top at least 0: a form or page
    /// sheet's own frame above the keyboard.
    static func lifted(_ frame: Rect, above bottom: Double) -> Rect {
        let overlap = frame.y + frame.height - bottom
        guard overlap > 0 else { return frame }
        return Rect(x: frame.x, y: max(0, frame.y - overlap), width: frame.width, height: frame.height)
    }

    /// A sheet's frame `height` points tall whose bottom edge is at `bottom`: how every sheet sits at
    /// a detent (a bottom sheet's bottom is the screen's).
    static func sheetFrame(height: Double, bottom: Double, x: Double, width: Double) -> Rect {
        Rect(x: x, y: bottom - height, width: width, height: height)
    }

    /// Where a sheet rests at `detent`: as tall as the detent, its bottom edge where its frame's is;
    /// nil for a presentation that is not a sheet. At the selected detent it is ``frame``.
    public func frame(at detent: Detent) -> Rect? {
        guard shape == .sheet else { return nil }
        return Self.sheetFrame(height: height(of: detent), bottom: frame.y + frame.height, x: frame.x, width: frame.width)
    }

    /// The presentation as it is while a drag moves its sheet `offset` points below its detent (the
    /// offset a `dragChanged` carries, rubber band included): the top edge, the top region, the grabber
    /// and its hit target follow the offset; down the whole sheet moves, up it grows, its bottom edge
    /// staying where it is. Anything but a sheet, and a sheet at offset 0, is returned as it is. What a
    /// host draws during a drag and what a second contact is hit-tested against (one source).
    public func dragged(by offset: Double) -> PresentationGeometry {
        guard shape == .sheet, offset != 0 else { return self }
        var moved = self
        moved.frame = Self.stretched(frame, by: offset)
        moved.content = content.map { Self.stretched($0, by: offset) }
        moved.topRegion = topRegion.map { Self.moved($0, by: offset) }
        moved.grabber = grabber.map { Self.moved($0, by: offset) }
        moved.grabberHitTarget = grabberHitTarget.map { Self.moved($0, by: offset) }
        return moved
    }

    /// `rect` moved down by `offset` when it is positive; grown upward by it, its bottom edge fixed, when negative.
    private static func stretched(_ rect: Rect, by offset: Double) -> Rect {
        Rect(x: rect.x, y: rect.y + offset, width: rect.width, height: rect.height - min(offset, 0))
    }

    /// `rect` moved down by `offset` (up when negative).
    private static func moved(_ rect: Rect, by offset: Double) -> Rect {
        Rect(x: rect.x, y: rect.y + offset, width: rect.width, height: rect.height)
    }

    /// The height of a detent in a room `roomHeight` points tall whose large detent is `largeHeight`
    /// points: a custom detent is laid out at most as tall as the room, and keeps its own height for
    /// when the room grows again.
    public static func height(of detent: Detent, largeHeight: Double, roomHeight: Double) -> Double {
        switch detent {
        case .large: largeHeight
        case .medium: largeHeight / 2
        case .custom(let points): min(max(0, points), max(0, roomHeight))
        }
    }

    /// The height of one of this sheet's detents.
    public func height(of detent: Detent) -> Double {
        Self.height(of: detent, largeHeight: largeHeight, roomHeight: roomHeight)
    }

    /// The height of the selected detent.
    public var selectedHeight: Double { height(of: selectedDetent) }

    /// The smallest detent, by height (the selected one when there are none).
    public var smallestDetent: Detent {
        var best = selectedDetent
        var bestHeight = height(of: best)
        for detent in detents where height(of: detent) < bestHeight {
            best = detent
            bestHeight = height(of: detent)
        }
        return best
    }

    /// The largest detent, by height (the selected one when there are none).
    public var largestDetent: Detent {
        var best = selectedDetent
        var bestHeight = height(of: best)
        for detent in detents where height(of: detent) > bestHeight {
            best = detent
            bestHeight = height(of: detent)
        }
        return best
    }

    /// The smallest detent taller than the selected one, or nil at the largest.
    public var nextLargerDetent: Detent? {
        let current = selectedHeight
        var best: Detent?
        var bestHeight = Double.infinity
        for detent in detents {
            let candidate = height(of: detent)
            if candidate > current && candidate < bestHeight {
                best = detent
                bestHeight = candidate
            }
        }
        return best
    }

    /// The largest detent shorter than the selected one, or nil at the smallest.
    public var nextSmallerDetent: Detent? {
        let current = selectedHeight
        var best: Detent?
        var bestHeight = -Double.infinity
        for detent in detents {
            let candidate = height(of: detent)
            if candidate < current && candidate > bestHeight {
                best = detent
                bestHeight = candidate
            }
        }
        return best
    }

    /// The detent whose height is nearest `targetHeight`; on a tie the selected detent, then the earlier one, wins.
    public func nearestDetent(toHeight targetHeight: Double) -> Detent {
        var best = selectedDetent
        var bestDistance = abs(selectedHeight - targetHeight)
        for detent in detents {
            let distance = abs(height(of: detent) - targetHeight)
            if distance < bestDistance {
                best = detent
                bestDistance = distance
            }
        }
        return best
    }

    /// Whether the point lies on the presentation (its frame, or a sheet's grabber hit target).
    public func covers(x: Double, y: Double) -> Bool {
        frame.contains(x: x, y: y) || (grabberHitTarget?.contains(x: x, y: y) ?? false)
    }

    /// Classifies a point: grabber before top region before content; anchor before pass-through.
    @inline(__always)
    public func region(x: Double, y: Double) -> Region {
        if let grabberHitTarget, grabberHitTarget.contains(x: x, y: y) { return .grabber }
        if let topRegion, topRegion.contains(x: x, y: y) { return .topRegion }
        if let content, content.contains(x: x, y: y) { return .content }
        if frame.contains(x: x, y: y) { return .inside }
        if let anchor, anchor.contains(x: x, y: y) { return .anchor }
        for region in passthrough where region.contains(x: x, y: y) { return .passthrough }
        return .outside
    }
}
