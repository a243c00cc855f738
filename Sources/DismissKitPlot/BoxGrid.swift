import DismissKit

/// Boxes filed under the cells of a grid over a picture, so that asking what lies near a box
/// looks only at the boxes in its cells: placing a label costs the same in a picture of ten
/// touches as in one of ten thousand. Each box keeps a value (a line's end points, say).
///
/// A cell that holds ``capacity`` boxes is full: a place where that much is drawn has no room
/// for a label that could be read, so anything near it is taken to meet what is there, and the
/// cell takes no more. So a crowd (a thousand drags along one path) costs no more to ask about
/// than a few.
struct BoxGrid<Value> {
    /// The picture: a box's part outside it is filed under its edge cells.
    private let area: Rect
    private let cellSize = 48.0
    private let columns: Int
    private let rows: Int
    private var cells: [Int: [Int]] = [:]
    private var fullCells: Set<Int> = []
    private var entries: [(box: Rect, value: Value)] = []
    static var capacity: Int { 256 }

    init(area: Rect) {
        self.area = area
        columns = max(1, Int((area.width / cellSize).rounded(.up)))
        rows = max(1, Int((area.height / cellSize).rounded(.up)))
    }

    mutating func insert(_ box: Rect, _ value: Value) {
        var filed = false
        forEachCell(of: box) { cell in
            guard !fullCells.contains(cell) else { return }
            if !filed {
                entries.append((box, value))
                filed = true
            }
            cells[cell, default: []].append(entries.count - 1)
            if cells[cell]?.count == Self.capacity {
                fullCells.insert(cell)
                cells[cell] = nil
            }
        }
    }

    /// Whether a box filed near `box` (in one of its cells) passes `test`, or one of those cells is full.
    func contains(near box: Rect, where test: (Rect, Value) -> Bool) -> Bool {
        var found = false
        forEachCell(of: box) { cell in
            guard !found else { return }
            if fullCells.contains(cell) {
                found = true
            } else if let indices = cells[cell] {
                found = indices.contains { test(entries[$0].box, entries[$0].value) }
            }
        }
        return found
    }

    /// Every cell `box` covers, its coordinates clamped to the picture (NaN to its corner).
    private func forEachCell(of box: Rect, _ body: (Int) -> Void) {
        func cell(_ coordinate: Double, from origin: Double, count: Int) -> Int {
            let index = ((coordinate - origin) / cellSize).rounded(.down)
            guard index.isFinite else { return 0 }
            return Int(min(max(index, 0), Double(count - 1)))
        }
        let (left, right) = (cell(box.x, from: area.x, count: columns), cell(box.x + box.width, from: area.x, count: columns))
        let (top, bottom) = (cell(box.y, from: area.y, count: rows), cell(box.y + box.height, from: area.y, count: rows))
        for row in top...max(top, bottom) {
            for column in left...max(left, right) { body(row * columns + column) }
        }
    }
}
