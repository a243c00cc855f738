/// The fast path of the `libinput record` reader: event lines in the shape libinput writes them
/// are decoded here, and libyaml is handed an empty line in the place of each.
///
/// A block is an `events` item's key line, `- evdev:` after n spaces (trailing spaces allowed),
/// and the lines after it, each of them one of:
/// - an event line: n + 2 spaces, `- [`, five decimal integers (an optional sign, 1 to 18
///   digits, spaces around each) separated by commas, `]`, then spaces, optionally followed by a
///   comment (a space, `#`, and anything printable);
/// - a line of spaces, or of spaces and a comment.
///
/// Every byte but the newline must be printable ASCII (libyaml checks the rest). The block
/// ends at the first other line, or at the end of the file. It is taken, if it has an event
/// line, only when that line is indented by at most n + 1 spaces and is neither blank nor a
/// comment, or is the end of the file: past it, libyaml alone would have closed the `evdev`
/// list just as it closes the empty value it is handed instead. A block taken is handed on with
/// its event lines emptied; the reader then reads `evdev:` as empty and takes the block's events
/// from here, by the key line's number. Any other block, and one over ``maximumBlockBytes``, is
/// handed on as it is. Either way the reader gets the events, and the errors with their lines,
/// that libyaml alone gives.
struct EvdevLineScanner {
    /// One decoded event line: `[sec, usec, type, code, value]` and its 1-based line.
    struct Event {
        var numbers: InlineArray<5, Int64>
        var line: Int
    }

    /// The events of one block taken: the line of its `- evdev:` key and where they are.
    private struct Group {
        let keyLine: Int
        let range: Range<Int>
    }

    /// The most bytes a block may hold before it is handed on as it is.
    static let maximumBlockBytes = 64 * 1024

    /// The number of the line ``process(line:into:)`` reads next.
    private var lineNumber: Int
    /// The block being read: its key line's indentation and number.
    private var block: (indent: Int, keyLine: Int)?
    /// The block's lines as they came, and with their event lines emptied.
    private var heldAsTheyCame: [UInt8] = []
    private var heldEmptied: [UInt8] = []
    /// The events of the blocks taken, and of the block being read, from index ``firstEvent`` on.
    private var events: [Event] = []
    private var firstEvent = 0
    private var blockStart = 0
    private var groups: [Group] = []
    private var nextGroup = 0
    /// The bytes taken out of the input by emptying event lines, not yet reported.
    private var removedBytes = 0
    /// Whether blocks are still taken (until ``stop(into:)``).
    private var taking = true

    /// A scanner whose first line is line `firstLine` of the file.
    init(firstLine: Int) {
        lineNumber = firstLine
    }

    /// Reads one whole line (its newline included) and appends what libyaml is to read for it.
    mutating func process(line: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        defer { lineNumber += 1 }
        if let open = block {
            if let numbers = Self.eventNumbers(line, indent: open.indent + 2) {
                events.append(Event(numbers: numbers, line: lineNumber))
                heldAsTheyCame.append(contentsOf: line)
                heldEmptied.append(UInt8(ascii: "\n"))
            } else if Self.isBlankOrComment(line) {
                heldAsTheyCame.append(contentsOf: line)
                heldEmptied.append(contentsOf: line)
            } else {
                closeBlock(taken: Self.closesEvdevList(line, indent: open.indent), into: &output)
                startOrPass(line, into: &output)
                return
            }
            if heldAsTheyCame.count > Self.maximumBlockBytes { closeBlock(taken: false, into: &output) }
            return
        }
        startOrPass(line, into: &output)
    }

    /// The end of the input, after `lastLine` (the bytes after the last newline, maybe none).
    mutating func finish(lastLine: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        if block != nil { closeBlock(taken: lastLine.isEmpty, into: &output) }
        output.append(contentsOf: lastLine)
    }

    /// Reads part of a line too long to be held (its newline included if `endsLine`): it is
    /// handed on as it is, and closes a block being read, which is handed on as it came.
    mutating func process(longLinePart part: UnsafeBufferPointer<UInt8>, endsLine: Bool, into output: inout [UInt8]) {
        if block != nil { closeBlock(taken: false, into: &output) }
        output.append(contentsOf: part)
        if endsLine { lineNumber += 1 }
    }

    /// Hands on the block being read as it came, forgets every event, and takes no more blocks.
    mutating func stop(into output: inout [UInt8]) {
        if block != nil { closeBlock(taken: false, into: &output) }
        taking = false
        events = []
        groups = []
        nextGroup = 0
        firstEvent = 0
    }

    /// The bytes emptied out of the input since last asked (to count the input libyaml stands for).
    mutating func takeRemovedByteCount() -> Int {
        defer { removedBytes = 0 }
        return removedBytes
    }

    /// The events of the block whose key is on `keyLine`, if it was taken; the blocks before it
    /// that nobody asked for (inside a skipped value) are forgotten.
    mutating func takeGroup(keyLine: Int) -> Range<Int>? {
        while nextGroup < groups.count, groups[nextGroup].keyLine < keyLine { nextGroup += 1 }
        guard nextGroup < groups.count, groups[nextGroup].keyLine == keyLine else { return nil }
        let range = groups[nextGroup].range
        nextGroup += 1
        forgetEvents(before: range.lowerBound)
        return range
    }

    /// The event at `index`, an index of a range ``takeGroup(keyLine:)`` returned.
    func event(at index: Int) -> Event {
        events[index - firstEvent]
    }

    // MARK: - Blocks

    private mutating func startOrPass(_ line: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        if taking, let indent = Self.evdevKeyIndent(line) {
            block = (indent, lineNumber)
            blockStart = firstEvent + events.count
        }
        output.append(contentsOf: line)
    }

    private mutating func closeBlock(taken: Bool, into output: inout [UInt8]) {
        guard let open = block else { return }
        let end = firstEvent + events.count
        if taken && end > blockStart {
            output.append(contentsOf: heldEmptied)
            groups.append(Group(keyLine: open.keyLine, range: blockStart..<end))
            removedBytes += heldAsTheyCame.count - heldEmptied.count
        } else {
            output.append(contentsOf: heldAsTheyCame)
            events.removeSubrange((blockStart - firstEvent)...)
        }
        heldAsTheyCame.removeAll(keepingCapacity: true)
        heldEmptied.removeAll(keepingCapacity: true)
        block = nil
    }

    /// Drops the events before `index` once they are most of what is kept.
    private mutating func forgetEvents(before index: Int) {
        let dead = index - firstEvent
        guard dead > 4096, dead * 2 > events.count else { return }
        events.removeSubrange(0..<dead)
        firstEvent = index
        groups.removeSubrange(0..<nextGroup)
        nextGroup = 0
    }

    // MARK: - Line shapes

    private static let space = UInt8(ascii: " ")
    private static let newline = UInt8(ascii: "\n")

    /// The line's leading spaces, if the rest is `- evdev:`, spaces and the newline.
    static func evdevKeyIndent(_ line: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        while index < line.count, line[index] == space { index += 1 }
        let indent = index
        for byte in "- evdev:".utf8 {
            guard index < line.count, line[index] == byte else { return nil }
            index += 1
        }
        while index < line.count, line[index] == space { index += 1 }
        return index == line.count - 1 && line[index] == newline ? indent : nil
    }

    /// The five numbers of an event line indented by exactly `indent` spaces, or nil.
    static func eventNumbers(_ line: UnsafeBufferPointer<UInt8>, indent: Int) -> InlineArray<5, Int64>? {
        let count = line.count
        guard count > indent + 3, line[count - 1] == newline else { return nil }
        for index in 0..<indent where line[index] != space { return nil }
        guard line[indent] == UInt8(ascii: "-"), line[indent + 1] == space, line[indent + 2] == UInt8(ascii: "[") else {
            return nil
        }
        var index = indent + 3
        var numbers = InlineArray<5, Int64>(repeating: 0)
        for field in 0..<5 {
            while line[index] == space { index += 1 }
            var negative = false
            if line[index] == UInt8(ascii: "-") || line[index] == UInt8(ascii: "+") {
                negative = line[index] == UInt8(ascii: "-")
                index += 1
            }
            var value: Int64 = 0
            var digits = 0
            while digits <= 18 {
                let digit = line[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                value = value &* 10 &+ Int64(digit)
                digits += 1
                index += 1
            }
            guard (1...18).contains(digits) else { return nil }
            numbers[field] = negative ? -value : value
            while line[index] == space { index += 1 }
            guard line[index] == (field < 4 ? UInt8(ascii: ",") : UInt8(ascii: "]")) else { return nil }
            index += 1
        }
        // After `]`: spaces, then the newline, or a comment after at least one space.
        let afterList = index
        while line[index] == space { index += 1 }
        if line[index] == UInt8(ascii: "#") {
            guard index > afterList, isPrintable(line, from: index) else { return nil }
        } else if index != count - 1 {
            return nil
        }
        return numbers
    }

    /// Whether the line is spaces and the newline, or spaces and a printable comment.
    static func isBlankOrComment(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < line.count, line[index] == space { index += 1 }
        guard index < line.count else { return false }
        if line[index] == newline { return index == line.count - 1 }
        return line[index] == UInt8(ascii: "#") && isPrintable(line, from: index)
    }

    /// Whether the line, indented by at most `indent` + 1 spaces and neither blank nor a
    /// comment, closes an `evdev` list whose item's dash stands at `indent`.
    static func closesEvdevList(_ line: UnsafeBufferPointer<UInt8>, indent: Int) -> Bool {
        var index = 0
        while index < line.count, line[index] == space { index += 1 }
        guard index <= indent + 1, index < line.count else { return false }
        let first = line[index]
        return first > space && first != UInt8(ascii: "#") && first < 0x7F
    }

    /// Whether the bytes from `start` to the newline that ends the line are printable ASCII
    /// (0x20 to 0x7E), looked at eight at a time.
    private static func isPrintable(_ line: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        guard let base = line.baseAddress, line[line.count - 1] == newline else { return false }
        let end = line.count - 1
        var index = start
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        while end - index >= 8 {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            // A byte at or over 0x80, under 0x20, or equal to 0x7F sets its high bit here.
            let under = (word &- 0x20 &* ones) & ~word
            let del = word ^ (0x7F &* ones)
            let isDel = (del &- ones) & ~del
            if (word | under | isDel) & highBits != 0 { return false }
            index += 8
        }
        while index < end {
            guard line[index] &- 0x20 < 0x5F else { return false }
            index += 1
        }
        return true
    }
}
