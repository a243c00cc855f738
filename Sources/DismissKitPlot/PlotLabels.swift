import DismissKit

/// Where a label's `x` is: its start, its middle or its end (SVG's `text-anchor`).
enum TextAnchor: String {
    case start, middle, end
}

/// How much room DejaVu Sans, the plot's first font, gives a text: labels are placed before any
/// browser lays them out, so their boxes are measured from the font's own advance widths.
enum TextMetrics {
    /// Advance widths of ASCII 32...126 in thousandths of an em, regular then bold.
    private static let regular: [Int] = [
        318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636, 636, 636, 636, 636, 636, 636,
        636, 636, 337, 337, 838, 838, 838, 531, 1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787,
        603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500, 500, 613, 635, 550, 635, 615, 352, 635,
        634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
    ]
    private static let bold: [Int] = [
        348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696, 696, 696, 696, 696, 696, 696,
        696, 696, 400, 400, 838, 838, 838, 580, 1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850,
        733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 500, 500, 675, 716, 593, 716, 678, 435, 716,
        712, 343, 343, 665, 343, 1042, 712, 687, 716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838,
    ]
    /// Advance widths of the other signs the plot writes, regular and bold.
    private static let signs: [Character: (regular: Int, bold: Int)] = [
        "×": (838, 838), "·": (318, 380), "≤": (838, 838), "≥": (838, 838), "…": (1000, 1000), "µ": (636, 736), "→": (838, 838),
    ]
    /// The font's ascent and descent, in ems: a text's box reaches this far above and below its baseline.
    static let ascent = 0.928, descent = 0.236

    /// The width of `text` at `size` px.
    static func width(_ text: String, size: Double, bold isBold: Bool = false) -> Double {
        let table = isBold ? bold : regular
        var thousandths = 0
        for character in text {
            if let value = character.asciiValue, (32...126).contains(value) {
                thousandths += table[Int(value) - 32]
            } else if let sign = signs[character] {
                thousandths += isBold ? sign.bold : sign.regular
            } else {
                thousandths += 1000 * character.unicodeScalars.count  // as wide as the widest sign, to be safe
            }
        }
        return Double(thousandths) / 1000 * size
    }

    /// The box a text with its baseline at `y` covers.
    static func box(_ text: String, x: Double, y: Double, size: Double, bold: Bool = false, anchor: TextAnchor = .start) -> Rect {
        let width = width(text, size: size, bold: bold)
        let left = switch anchor {
        case .start: x
        case .middle: x - width / 2
        case .end: x - width
        }
        return Rect(x: left, y: y - ascent * size, width: width, height: (ascent + descent) * size)
    }
}

/// A label's text and how it is drawn.
struct Label {
    var text: String
    var size = 11.0
    var bold = false
    var colour = PlotPalette.ink
    /// Other attributes of the `text` element (a class, say).
    var attributes: [(String, String)] = []
    /// Shown on hover: the figures at full precision, say.
    var hover: String?
    /// What the notes say when the label finds no place (the text, without one).
    var note: String?
    /// A shorter text, tried where the whole one finds no place (the whole one then shows on hover).
    var short: String?

    /// The label with its short text and the whole one on hover; itself when it has no short text.
    var shortened: Label {
        guard let short else { return self }
        var label = self
        label.text = short
        label.hover = hover ?? text
        return label
    }
}

/// A place a label may go: `x` and the baseline `y`, with the anchor `x` is given for.
struct LabelSpot {
    var x: Double
    var y: Double
    var anchor: TextAnchor = .start
}

/// Every label of a picture, each placed where it overlaps no label placed before it and no
/// line it was told to keep off; a label with no free place goes into the numbered notes under
/// the picture, and its number takes its place.
struct LabelBoard {
    /// Labels must stay inside this box.
    private(set) var bounds: Rect
    /// The labels and marks placed.
    private var placed: BoxGrid<Void>
    /// The lines that lead to placed labels: kept free of other labels, though they may meet one another.
    private var leaders: BoxGrid<Void>
    /// The straight pieces of the lines no label may cross, each filed by the box around it.
    private var lines: BoxGrid<[(x: Double, y: Double)]>
    /// The labels that found no place, in order; note `n` is `notes[n - 1]`.
    private(set) var notes: [(text: String, colour: String)] = []
    /// Room kept free around every label, in px.
    private let margin = 1.0

    /// A board for a picture of `bounds`.
    init(bounds: Rect) {
        self.bounds = bounds
        placed = BoxGrid(area: bounds)
        leaders = BoxGrid(area: bounds)
        lines = BoxGrid(area: bounds)
    }

    /// The same board, for labels that must stay inside `bounds`.
    func within(_ bounds: Rect) -> LabelBoard {
        var board = self
        board.bounds = bounds
        return board
    }

    /// Takes over what a board made by ``within(_:)`` placed and noted.
    mutating func adopt(_ board: LabelBoard) {
        placed = board.placed
        leaders = board.leaders
        lines = board.lines
        notes = board.notes
    }

    /// Draws a label that stays where it is (a title, an axis mark) and keeps others off it.
    mutating func fixed(_ label: Label, at spot: LabelSpot, into document: inout SVGDocument) {
        placed.insert(box(label, spot), ())
        emit(label, at: spot, into: &document)
    }

    /// Keeps labels off a mark.
    mutating func avoid(_ box: Rect) { placed.insert(box, ()) }

    /// Keeps labels from being crossed by a line through `points`.
    mutating func avoid(line points: [(x: Double, y: Double)]) {
        for (p, q) in zip(points, points.dropFirst()) {
            let bounds = Rect(x: min(p.x, q.x), y: min(p.y, q.y), width: abs(q.x - p.x), height: abs(q.y - p.y))
            lines.insert(bounds, [p, q])
        }
    }

    /// Whether no label or mark lies in `box` (a label's leader, say).
    func isFree(_ box: Rect) -> Bool {
        !placed.contains(near: box) { placedBox, _ in Self.overlap(placedBox, box) }
    }

    /// Whether a label would fit at `spot`.
    func isFree(_ label: Label, at spot: LabelSpot) -> Bool {
        let box = box(label, spot)
        // The text itself must be inside the bounds; the margin around it may pass them.
        guard box.x + margin >= bounds.x, box.y + margin >= bounds.y, box.x + box.width - margin <= bounds.x + bounds.width,
              box.y + box.height - margin <= bounds.y + bounds.height else { return false }
        return isFree(box) && !leaders.contains(near: box) { leader, _ in Self.overlap(leader, box) }
            && !lines.contains(near: box) { bounds, points in Self.touches(bounds, box) && Self.crosses(points, box) }
    }

    /// Draws a label at the first free spot (its short text at the first free for that, when it has
    /// one and the whole text found none); with none, its note number goes at the first spot free
    /// for it (or nowhere) and the label into the notes. Returns the spot used for the label, if any.
    /// Without `noting`, a label with no place is left out (one the picture tells otherwise).
    /// `leader`, when given, is the box of the line that leads from what the label names to the
    /// label at a spot: it must be free too, and is kept free of later labels.
    @discardableResult
    mutating func place(_ label: Label, at spots: [LabelSpot], into document: inout SVGDocument, noting: Bool = true,
                        leader: ((LabelSpot) -> Rect)? = nil) -> LabelSpot? {
        let shortened = label.shortened
        // The short text may also go a row above or below a spot (unless a leader reaches the spot).
        let nearer = spots + spots.flatMap { [LabelSpot(x: $0.x, y: $0.y - 12, anchor: $0.anchor), LabelSpot(x: $0.x, y: $0.y + 12, anchor: $0.anchor)] }
        for (candidate, at) in label.short == nil ? [(label, spots)] : [(label, spots), (shortened, leader == nil ? nearer : spots)] {
            if let spot = at.first(where: { spot in isFree(candidate, at: spot) && (leader.map { isFree($0(spot)) } ?? true) }) {
                placed.insert(box(candidate, spot), ())
                if let leader { leaders.insert(leader(spot), ()) }
                emit(candidate, at: spot, into: &document)
                return spot
            }
        }
        guard noting else { return nil }
        notes.append((label.note ?? label.text, label.colour))
        let marker = Label(text: "[\(notes.count)]", size: 10, bold: true, colour: label.colour, attributes: [("class", "note-mark")])
        let markerSpots = spots.map { spot -> LabelSpot in
            // The number stands where the label would have begun.
            let start = switch spot.anchor {
            case .start: spot.x
            case .middle: spot.x - TextMetrics.width(label.text, size: label.size, bold: label.bold) / 2
            case .end: spot.x - TextMetrics.width(label.text, size: label.size, bold: label.bold)
            }
            return LabelSpot(x: max(start, spot.x - 40), y: spot.y)
        }
        let nearby = markerSpots.flatMap { spot in
            [spot, LabelSpot(x: spot.x, y: spot.y - 12), LabelSpot(x: spot.x, y: spot.y + 12), LabelSpot(x: spot.x + 24, y: spot.y)]
        }
        if let spot = nearby.first(where: { isFree(marker, at: $0) }) {
            placed.insert(box(marker, spot), ())
            emit(marker, at: spot, into: &document)
        }
        return nil
    }

    /// Draws a label (its short text, when it has one) further from the mark at `point`, in the
    /// nearest free place whose leader, a thin line from the mark to the label, crosses no label;
    /// the leader is kept free of later labels. Returns whether it found a place.
    mutating func placeLed(_ label: Label, from point: (x: Double, y: Double), radius: Double, colour: String,
                           into document: inout SVGDocument) -> Bool {
        let shown = label.shortened
        for distance in stride(from: 24.0, through: 200, by: 14) {
            for direction in Self.directions {
                let centre = (x: point.x + distance * direction.x, y: point.y + distance * direction.y)
                let spot = LabelSpot(x: centre.x, y: centre.y + shown.size * 0.35, anchor: .middle)
                guard isFree(shown, at: spot) else { continue }
                let box = self.box(shown, spot)
                // From the mark's edge to the nearest point of the label's box.
                let end = (x: min(max(point.x, box.x), box.x + box.width), y: min(max(point.y, box.y), box.y + box.height))
                let length = ((end.x - point.x) * (end.x - point.x) + (end.y - point.y) * (end.y - point.y)).squareRoot()
                guard length > radius else { continue }
                let start = (x: point.x + (end.x - point.x) * radius / length, y: point.y + (end.y - point.y) * radius / length)
                let leader = [start, end]
                let reach = Rect(x: min(start.x, end.x), y: min(start.y, end.y), width: abs(end.x - start.x), height: abs(end.y - start.y))
                guard !placed.contains(near: reach, where: { placedBox, _ in Self.crosses(leader, placedBox) }) else { continue }
                placed.insert(box, ())
                avoid(line: leader)
                document.element("line", [("class", "leader"), ("x1", svgNumber(start.x)), ("y1", svgNumber(start.y)), ("x2", svgNumber(end.x)),
                                          ("y2", svgNumber(end.y)), ("stroke", colour), ("stroke-width", "0.75")])
                emit(shown, at: spot, into: &document)
                return true
            }
        }
        return false
    }

    /// Sixteen directions around a point, a sixteenth of a turn apart, as unit vectors.
    private static let directions: [(x: Double, y: Double)] = {
        let steps = [1.0, 0.92388, 0.70711, 0.38268, 0, -0.38268, -0.70711, -0.92388]
        let cosines = steps + steps.map { -$0 }
        return (0..<16).map { (cosines[$0], cosines[($0 + 12) % 16]) }
    }()

    private func box(_ label: Label, _ spot: LabelSpot) -> Rect {
        let box = TextMetrics.box(label.text, x: spot.x, y: spot.y, size: label.size, bold: label.bold, anchor: spot.anchor)
        return Rect(x: box.x - margin, y: box.y - margin, width: box.width + 2 * margin, height: box.height + 2 * margin)
    }

    private func emit(_ label: Label, at spot: LabelSpot, into document: inout SVGDocument) {
        var attributes = label.attributes + [("x", svgNumber(spot.x)), ("y", svgNumber(spot.y)), ("fill", label.colour)]
        if label.size != 11 { attributes.append(("font-size", svgNumber(label.size))) }
        if label.bold { attributes.append(("font-weight", "bold")) }
        if spot.anchor != .start { attributes.append(("text-anchor", spot.anchor.rawValue)) }
        document.text(attributes, label.text, title: label.hover)
    }

    private static func overlap(_ a: Rect, _ b: Rect) -> Bool {
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    }

    /// Whether two boxes meet (one may be as thin as a straight line).
    private static func touches(_ a: Rect, _ b: Rect) -> Bool {
        a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height
    }

    /// Whether the line through `points` passes through the inside of `box` (each segment
    /// clipped to the box, as Liang and Barsky do).
    private static func crosses(_ points: [(x: Double, y: Double)], _ box: Rect) -> Bool {
        for (p, q) in zip(points, points.dropFirst()) {
            var enter = 0.0, leave = 1.0
            let dx = q.x - p.x, dy = q.y - p.y
            var inside = true
            for (distance, delta) in [(p.x - box.x, -dx), (box.x + box.width - p.x, dx), (p.y - box.y, -dy), (box.y + box.height - p.y, dy)] {
                if delta == 0 {
                    if distance < 0 { inside = false; break }
                    continue
                }
                let t = distance / delta
                if delta < 0 { enter = max(enter, t) } else { leave = min(leave, t) }
                if enter >= leave { inside = false; break }
            }
            if inside && enter < leave { return true }
        }
        return false
    }
}

extension LabelSpot {
    /// Spots around a point, nearest first: right, left, above and below, then further out.
    static func around(x: Double, y: Double, gap: Double = 10, rows: Int = 4) -> [LabelSpot] {
        var spots = [LabelSpot(x: x + gap, y: y + 4), LabelSpot(x: x - gap, y: y + 4, anchor: .end),
                     LabelSpot(x: x, y: y - gap - 2, anchor: .middle), LabelSpot(x: x, y: y + gap + 11, anchor: .middle)]
        for row in 1..<max(rows, 1) {
            for lift in [Double(row) * 13, -Double(row) * 13] {
                spots += [LabelSpot(x: x + gap, y: y + 4 + lift), LabelSpot(x: x - gap, y: y + 4 + lift, anchor: .end)]
            }
        }
        return spots
    }
}

/// Figures as a person reads them: times to 0.1 ms, distances to 1 pt, velocities to 10 pt/s.
enum Figure {
    /// A time in µs, in ms to 0.1 ms.
    static func milliseconds(_ time: Int64) -> String {
        JSONLine.formatNumber((Double(time) / 100).rounded() / 10)
    }

    /// A length of time in ms, as ms (to 1 ms) below a second, as s (to 0.1 s) from one.
    static func duration(_ milliseconds: Double) -> String {
        milliseconds < 1000 ? "\(JSONLine.formatNumber(milliseconds.rounded())) ms" : "\(JSONLine.formatNumber((milliseconds / 100).rounded() / 10)) s"
    }

    /// A distance or an offset, to 1 pt.
    static func points(_ value: Double) -> String {
        JSONLine.formatNumber(value.rounded() + 0)  // + 0 turns -0 into 0
    }

    /// A velocity, to 10 pt/s.
    static func velocity(_ value: Double) -> String {
        JSONLine.formatNumber((value / 10).rounded() * 10 + 0)
    }

    /// A signed distance: +12 or -3.
    static func signedPoints(_ value: Double) -> String {
        (value.rounded() > 0 ? "+" : "") + points(value)
    }
}
