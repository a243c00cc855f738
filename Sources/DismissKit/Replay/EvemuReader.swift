import Glibc

/// A streaming reader of an evemu recording: one `evemu-record` file, or the older
/// pair of a description file (`.desc`) and an events-only file (`.events`).
///
/// Given one file of a pair, it finds the other in the same directory by the device-name
/// prefix (the file name up to its first dot): `<prefix>.desc` for an events file, and the one
/// `<prefix>.events` or `<prefix>.*.events` for a description file.
final class EvemuReader: RecordingReader {
    /// The file the events come from.
    let path: String
    let device: DeviceDescription

    private let events: LineReader
    private var pending: RecordedEvent?
    private var clock = FirstEventClock()
    private var failure: InputFileError?
    /// Events read ahead by the one-pass reading of event lines (``EvemuEventLine``), in file
    /// order: `batch[batchNext..<batchCount]` are still to be given.
    private let batch = UnsafeMutableBufferPointer<RecordedEvent>.allocate(capacity: EvemuReader.batchCapacity)
    private var batchNext = 0
    private var batchCount = 0
    private static let batchCapacity = 256

    /// Opens one evemu file, and its partner if it is half of a `.desc` + `.events` pair.
    convenience init(path: String, readChunkSize: Int = FileInput.defaultChunkSize) throws(InputFileError) {
        let lines = try LineReader(path: path, chunkSize: readChunkSize)
        let part = try EvemuDescriptionParser.parse(lines)
        if part.hasDescription {
            if part.firstEvent == nil, let eventsPath = try EvemuReader.eventsPartner(ofDescription: path) {
                let eventLines = try LineReader(path: eventsPath, chunkSize: readChunkSize)
                let eventsPart = try EvemuDescriptionParser.parse(eventLines)
                try EvemuReader.requireEventsOnly(eventsPart, path: eventsPath)
                self.init(description: part, events: eventLines, eventsPart: eventsPart)
            } else if part.firstEvent == nil && path.hasSuffix(".desc") {
                let (_, prefix) = EvemuReader.splitPrefix(path)
                throw InputFileError(.unreadable, path: path,
                                     reason: "no events file beside this description (\(prefix).events or \(prefix).*.events)")
            } else {
                self.init(description: part, events: lines, eventsPart: part)
            }
            return
        }
        guard part.firstEvent != nil else {
            throw InputFileError(.malformed, path: path, line: 1, reason: "no evemu device description or events")
        }
        let descriptionPath = EvemuReader.descriptionPartner(ofEvents: path)
        guard descriptionPath != path else {
            throw InputFileError(.malformed, path: path, line: 1, reason: "events without a device description")
        }
        let descriptionInput: FileInput
        do {
            descriptionInput = try FileInput(path: descriptionPath, chunkSize: readChunkSize)
        } catch {
            throw InputFileError(
                error.kind, path: descriptionPath,
                reason: "\(error.reason) (the device description for the events in \(path))")
        }
        let description = try EvemuDescriptionParser.parse(LineReader(input: descriptionInput))
        try EvemuReader.requireDescriptionOnly(description, path: descriptionPath)
        self.init(description: description, events: lines, eventsPart: part)
    }

    /// Opens a description file and an events-only file, given in either order.
    convenience init(pairedPaths first: String, _ second: String, readChunkSize: Int = FileInput.defaultChunkSize)
        throws(InputFileError)
    {
        let firstLines = try LineReader(path: first, chunkSize: readChunkSize)
        let secondLines = try LineReader(path: second, chunkSize: readChunkSize)
        let firstPart = try EvemuDescriptionParser.parse(firstLines)
        let secondPart = try EvemuDescriptionParser.parse(secondLines)
        switch (firstPart.hasDescription, secondPart.hasDescription) {
        case (true, false):
            try EvemuReader.requireDescriptionOnly(firstPart, path: first)
            self.init(description: firstPart, events: secondLines, eventsPart: secondPart)
        case (false, true):
            try EvemuReader.requireDescriptionOnly(secondPart, path: second)
            self.init(description: secondPart, events: firstLines, eventsPart: firstPart)
        case (true, true), (false, false):
            throw InputFileError(
                .malformed, path: second, line: 1,
                reason: "two evemu files must be a device description (.desc) and its events (.events); got \(first) and \(second)")
        }
    }

    private init(description: EvemuDescriptionParser.Part, events: LineReader, eventsPart: EvemuDescriptionParser.Part) {
        path = events.path
        device = description.device
        self.events = events
        pending = eventsPart.firstEvent
    }

    deinit {
        batch.deallocate()
    }

    func next() throws(InputFileError) -> RecordedEvent? {
        if batchNext < batchCount {
            defer { batchNext += 1 }
            return batch[batchNext]
        }
        if let failure { throw failure }
        do throws(InputFileError) {
            var recorded: RecordedEvent
            if let waiting = pending {
                recorded = waiting
                pending = nil
            } else if try readAhead() {
                return try next()
            } else if let read = try readGeneralLine() {
                recorded = read
            } else {
                return nil
            }
            guard let time = clock.sinceFirst(inOrder: recorded.event.time) else {
                throw InputFileError(.malformed, path: events.path, line: recorded.line,
                                     reason: "the event is earlier than the one before it; a recording's time never goes back")
            }
            recorded.event.time = time
            return recorded
        } catch {
            failure = error
            throw error
        }
    }

    /// Reads the event lines of the usual shape that come next into the batch, straight from
    /// the read buffer, their times rebased; comments and blank lines are skipped.
    ///
    /// It stops before the first line it cannot take (another shape, a mistake, a description
    /// line, a time that goes back), which the general reader reads once the events before it
    /// are given, so that every line gives what the general reader alone gives.
    /// - Returns: whether the batch holds events.
    private func readAhead() throws(InputFileError) -> Bool {
        let batch = self.batch
        var count = 0
        var clock = self.clock
        _ = try events.takeLines { line, number in
            guard count < batch.count else { return false }
            switch EvemuEventLine.read(line) {
            case .event(var event):
                guard let time = clock.sinceFirst(inOrder: event.time) else { return false }
                event.time = time
                batch.initializeElement(at: count, to: RecordedEvent(event: event, line: number))
                count += 1
                return true
            case .blank:
                return true
            case .other:
                return false
            }
        }
        self.clock = clock
        (batchNext, batchCount) = (0, count)
        return count > 0
    }

    /// The next `E:` line's event with its absolute time, read by the general reader; comments
    /// and blank lines are skipped.
    private func readGeneralLine() throws(InputFileError) -> RecordedEvent? {
        while let line = try events.nextLine() {
            switch EvemuLine(line) {
            case .blank:
                continue
            case .event(let fields):
                return try EvemuDescriptionParser.event(fields, path: events.path, line: events.lineNumber)
            case .description:
                throw InputFileError(
                    .malformed, path: events.path, line: events.lineNumber,
                    reason: "expected an `E:` event line; description lines must come before the events")
            }
        }
        return nil
    }

    private static func requireDescriptionOnly(_ part: EvemuDescriptionParser.Part, path: String) throws(InputFileError) {
        if let event = part.firstEvent {
            throw InputFileError(
                .malformed, path: path, line: event.line,
                reason: "the device description file holds events; pass it alone as a full evemu recording")
        }
    }

    private static func requireEventsOnly(_ part: EvemuDescriptionParser.Part, path: String) throws(InputFileError) {
        if part.hasDescription {
            throw InputFileError(
                .malformed, path: path, line: 1, reason: "expected an events-only file, found a device description")
        }
    }

    /// `<dir>/<prefix>.desc` for `<dir>/<prefix>.<anything>`.
    private static func descriptionPartner(ofEvents path: String) -> String {
        let (directory, prefix) = splitPrefix(path)
        return directory + prefix + ".desc"
    }

    /// The single `<prefix>.events` or `<prefix>.*.events` beside a `.desc` file, if there is one.
    private static func eventsPartner(ofDescription path: String) throws(InputFileError) -> String? {
        guard path.hasSuffix(".desc") else { return nil }
        let (directory, prefix) = splitPrefix(path)
        let names = directoryEntries(directory.isEmpty ? "." : directory)
        let candidates = names.filter { name in
            name.hasSuffix(".events") && (name == prefix + ".events" || name.hasPrefix(prefix + "."))
        }.sorted()
        guard candidates.count <= 1 else {
            throw InputFileError(
                .malformed, path: path,
                reason: "several events files share this description (\(candidates.joined(separator: ", "))); "
                    + "pass the events file to replay")
        }
        return candidates.first.map { directory + $0 }
    }

    /// The names in a directory but `.` and `..`, in no particular order; none when it cannot be read.
    private static func directoryEntries(_ path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// The directory (with its trailing slash, or empty) and the file name up to its first dot.
    private static func splitPrefix(_ path: String) -> (directory: String, prefix: String) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { path[path.index(after: $0)...] } ?? path[...]
        let prefix = name.firstIndex(of: ".").map { name[..<$0] } ?? name
        return (directory, String(prefix))
    }
}

extension StringProtocol {
    /// The text without the whitespace at either end, as Foundation's `CharacterSet.whitespaces`
    /// defines it: the tab and the space separators (Unicode category Zs).
    fileprivate func trimmingWhitespace() -> String {
        func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
        }
        let scalars = Substring(self).unicodeScalars
        guard let first = scalars.firstIndex(where: { !isWhitespace($0) }),
            let last = scalars.lastIndex(where: { !isWhitespace($0) })
        else { return "" }
        return String(Substring(scalars[first...last]))
    }
}

/// The event lines of an evemu recording in their usual shape, read in one pass over the bytes.
///
/// `E: <sec>.<usec> <type> <code> <value>`, optionally followed by a `#` comment: `E:` at the
/// start of the line, at most 12 digits of seconds, exactly 6 of microseconds, hex type and
/// code of at most 8 digits, a decimal value with an optional `-`, fields apart by spaces or tabs.
/// Every line of that shape whose numbers are in range gives exactly what
/// ``EvemuDescriptionParser/event(_:path:line:)`` gives for it; any other line (other spacing,
/// a sign, a value out of range, not an event) is left to the general reader, which says what
/// is wrong with it.
///
/// The shape `evemu-record` writes, `E: %lu.%06u %04x %04x %04d` (``parseFixedWidth(_:)``), is
/// read at fixed offsets first; the other lines of the usual shape are read field by field.
enum EvemuEventLine {
    /// What ``read(_:)`` made of a line.
    enum Reading {
        case event(InputEvent)
        /// Empty, blanks, or a comment: a line the reader skips.
        case blank
        /// A line for the general reader: an event line of another shape, a mistake, a description line.
        case other
    }

    static func read(_ line: UnsafeBufferPointer<UInt8>) -> Reading {
        if let event = parse(line) { return .event(event) }
        for byte in line where byte != 0x20 && byte != 0x09 {
            return byte == UInt8(ascii: "#") ? .blank : .other
        }
        return .blank
    }

    static func parse(_ line: UnsafeBufferPointer<UInt8>) -> InputEvent? {
        parseFixedWidth(line) ?? parseFieldByField(line)
    }

    /// A line as `evemu-record` writes it: `E: `, 1 to 12 digits of seconds, `.`, 6 digits of
    /// microseconds, one space, 4 hex digits of type, one space, 4 of code, one space, the
    /// decimal value (an optional `-` and 1 to 10 digits), then the end, or blanks and the end
    /// or a `#` comment. Nil for any other line, and for numbers out of range.
    ///
    /// The fixed fields are read 8 bytes at a time (``ByteWord``): the microseconds, the type
    /// and the code in two loads, the seconds and the value in one each.
    static func parseFixedWidth(_ line: UnsafeBufferPointer<UInt8>) -> InputEvent? {
        // The shortest such line: `E: 0.000000 0000 0000 0`.
        guard line.count >= 23, let base = line.baseAddress, base[0] == UInt8(ascii: "E"), base[1] == UInt8(ascii: ":"),
            base[2] == 0x20
        else { return nil }
        let end = base + line.count
        // 8 bytes after `E: ` are in the line: 1 to 7 digits of seconds, or 8 and up to 4 more.
        var (secondsDigits, seconds) = ByteWord(base + 3).leadingDigits()
        var dot = base + 3 + secondsDigits
        if secondsDigits == 8 {
            while dot < base + 15, case let digit = dot.pointee &- 0x30, digit < 10 {
                seconds = seconds &* 10 &+ Int64(digit)
                dot += 1
            }
        }
        // What follows the dot: `uuuuuu tttt cccc v`, 19 bytes at least.
        guard secondsDigits > 0, dot.pointee == UInt8(ascii: "."), end - dot >= 19 else { return nil }
        let fields = dot + 1
        // `uuuuuu t` and `ttt cccc`, then the blank before the value.
        let first = ByteWord(fields)
        let second = ByteWord(fields + 8)
        guard fields[16] == 0x20, first.byte(6) == 0x20, second.byte(3) == 0x20,
            let microseconds = first.digits(6),
            let (type, code) = ByteWord(first.bits >> 56 | (second.bits & 0xFF_FFFF) << 8 | second.bits & ~0xFFFF_FFFF)
                .hexDigits4Pair(),
            type <= EvdevLimits.maximumType, code <= EvdevLimits.maximumCode
        else { return nil }
        var cursor = fields + 17
        let negative = cursor.pointee == UInt8(ascii: "-")
        if negative { cursor += 1 }
        var magnitude: Int64 = 0
        let digitsStart = cursor
        if end - cursor >= 8 {
            let (count, value) = ByteWord(cursor).leadingDigits()
            (magnitude, cursor) = (value, cursor + count)
        }
        // Fewer than 8 bytes left, or 8 digits and up to 2 more.
        if cursor == digitsStart || cursor - digitsStart == 8 {
            let digitsEnd = min(end, digitsStart + 10)
            while cursor < digitsEnd, case let digit = cursor.pointee &- 0x30, digit < 10 {
                magnitude = magnitude &* 10 &+ Int64(digit)
                cursor += 1
            }
        }
        guard cursor > digitsStart else { return nil }
        guard let value = Int32(exactly: negative ? -magnitude : magnitude) else { return nil }
        // The end, or blanks and then the end or a comment.
        if cursor < end {
            guard cursor.pointee == 0x20 || cursor.pointee == 0x09 else { return nil }
            repeat { cursor += 1 } while cursor < end && (cursor.pointee == 0x20 || cursor.pointee == 0x09)
            guard cursor == end || cursor.pointee == UInt8(ascii: "#") else { return nil }
        }
        return InputEvent(time: seconds &* 1_000_000 &+ microseconds, type: UInt16(type), code: UInt16(code), value: value)
    }

    /// A line of the usual shape read field by field: blanks of any length between the fields,
    /// and type and code of 1 to 8 hex digits.
    static func parseFieldByField(_ line: UnsafeBufferPointer<UInt8>) -> InputEvent? {
        guard line.count >= 16, let base = line.baseAddress, base[0] == UInt8(ascii: "E"), base[1] == UInt8(ascii: ":") else {
            return nil
        }
        let end = base + line.count
        var cursor = base + 2
        func skipBlanks() {
            while cursor < end && (cursor.pointee == 0x20 || cursor.pointee == 0x09) { cursor += 1 }
        }
        /// Decimal digits, at most `limit`; nil when there are none or too many.
        func decimal(limit: Int) -> Int64? {
            let start = cursor
            var value: Int64 = 0
            while cursor < end, case let digit = cursor.pointee &- 0x30, digit < 10 {
                value = value &* 10 &+ Int64(digit)
                cursor += 1
            }
            let count = cursor - start
            return count > 0 && count <= limit ? value : nil
        }
        /// Hex digits, at most 8, then a blank.
        func hex() -> Int64? {
            let start = cursor
            var value: Int64 = 0
            while cursor < end {
                let byte = cursor.pointee
                let digit: UInt8
                switch byte {
                case 0x30...0x39: digit = byte &- 0x30
                case 0x61...0x66: digit = byte &- 0x61 &+ 10
                case 0x41...0x46: digit = byte &- 0x41 &+ 10
                default: digit = 0xFF
                }
                guard digit != 0xFF else { break }
                value = value << 4 | Int64(digit)
                cursor += 1
            }
            let count = cursor - start
            guard count > 0, count <= 8, cursor < end, cursor.pointee == 0x20 || cursor.pointee == 0x09 else { return nil }
            return value
        }
        skipBlanks()
        guard let seconds = decimal(limit: 12), cursor < end, cursor.pointee == UInt8(ascii: ".") else { return nil }
        cursor += 1
        let microsecondsStart = cursor
        guard let microseconds = decimal(limit: 6), cursor - microsecondsStart == 6,
            cursor < end, cursor.pointee == 0x20 || cursor.pointee == 0x09
        else { return nil }
        skipBlanks()
        guard let type = hex(), type <= EvdevLimits.maximumType else { return nil }
        skipBlanks()
        guard let code = hex(), code <= EvdevLimits.maximumCode else { return nil }
        skipBlanks()
        let negative = cursor < end && cursor.pointee == UInt8(ascii: "-")
        if negative { cursor += 1 }
        guard let magnitude = decimal(limit: 10), let value = Int32(exactly: negative ? -magnitude : magnitude) else { return nil }
        // The end of the line, or blanks and then the end or a comment.
        skipBlanks()
        guard cursor == end || cursor.pointee == UInt8(ascii: "#") else { return nil }
        if cursor > base && cursor < end && cursor[-1] != 0x20 && cursor[-1] != 0x09 { return nil }
        return InputEvent(time: seconds * 1_000_000 + microseconds, type: UInt16(type), code: UInt16(code), value: value)
    }
}

extension EvemuEventLine {
    /// The general reader's event for a line, or nil when it is not an event line or is
    /// malformed: for tests that hold the two readings side by side.
    static func parseGenerally(_ line: ArraySlice<UInt8>) -> InputEvent? {
        guard case .event(let fields) = EvemuLine(line) else { return nil }
        return try? EvemuDescriptionParser.event(fields, path: "", line: 0).event
    }
}

/// 8 bytes of text in one word, the first byte in the lowest bits, read several at a time:
/// decimal and hex digits tested and summed without a loop (SIMD within a register).
struct ByteWord {
    var bits: UInt64

    @inline(__always)
    init(_ bits: UInt64) {
        self.bits = bits
    }

    /// The 8 bytes at `bytes`, which must all be readable.
    @inline(__always)
    init(_ bytes: UnsafePointer<UInt8>) {
        bits = UInt64(littleEndian: UnsafeRawPointer(bytes).loadUnaligned(as: UInt64.self))
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits = 0x80 &* ones

    @inline(__always)
    func byte(_ index: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: bits >> (8 * index))
    }

    /// The high bit of each byte from `0` to `9`. (For a byte under 0x80, `byte + 0x50` has its
    /// high bit from `0` up and `byte + 0x46` from past `9`; a byte from 0x80 up, and the carry
    /// it can pass to the byte after it, fall outside every run of digits this is used for.)
    @inline(__always)
    private var decimalDigitBits: UInt64 {
        (bits &+ 0x50 &* ByteWord.ones) & ~(bits &+ 0x46 &* ByteWord.ones) & ~bits & ByteWord.highBits
    }

    /// How many of the bytes, from the first, are decimal digits (0 to 8), and their value.
    @inline(__always)
    func leadingDigits() -> (count: Int, value: Int64) {
        let notDigits = ~decimalDigitBits & ByteWord.highBits
        let count = notDigits.trailingZeroBitCount / 8
        guard count > 0 else { return (0, 0) }
        // The digits moved to the high bytes, behind zeros: the 8-digit number with leading zeros.
        return (count, ByteWord(bits << (64 - 8 * count)).eightDigitsValue)
    }

    /// The value of the first `count` bytes (1 to 8) when they are all decimal digits.
    @inline(__always)
    func digits(_ count: Int) -> Int64? {
        let mask: UInt64 = count == 8 ? ~0 : (1 << (8 * count)) - 1
        guard decimalDigitBits & mask == ByteWord.highBits & mask else { return nil }
        return ByteWord(bits << (64 - 8 * count)).eightDigitsValue
    }

    /// The value of 8 decimal digits, the first the most significant: pairs, then fours, then
    /// the eight summed with one multiplication each.
    @inline(__always)
    private var eightDigitsValue: Int64 {
        var value = bits & 0x0F0F_0F0F_0F0F_0F0F
        value = (value &* (10 << 8 + 1)) >> 8 & 0x00FF_00FF_00FF_00FF
        value = (value &* (100 << 16 + 1)) >> 16 & 0x0000_FFFF_0000_FFFF
        value = (value &* (10_000 << 32 + 1)) >> 32
        return Int64(value & 0xFFFF_FFFF)
    }

    /// The values of the first and the last 4 bytes as hex numbers of 4 digits (`0`-`9`, `a`-`f`,
    /// `A`-`F`), the first digit the most significant; nil when a byte is not a hex digit.
    @inline(__always)
    func hexDigits4Pair() -> (first: Int64, last: Int64)? {
        let ones = ByteWord.ones
        // Letters to lower case; digits, which have the 0x20 bit already, stay as they are.
        let lower = bits | 0x20 &* ones
        let digit = (bits &+ 0x50 &* ones) & ~(bits &+ 0x46 &* ones)
        let letter = (lower &+ 0x1F &* ones) & ~(lower &+ 0x19 &* ones)
        guard bits & ByteWord.highBits == 0, (digit | letter) & ByteWord.highBits == ByteWord.highBits else { return nil }
        // `0`-`9` are 0x30-0x39, the letters 0x41-0x46 and 0x61-0x66: the low 4 bits, and 9 more for a letter.
        let nibbles = (bits & 0x0F0F_0F0F_0F0F_0F0F) &+ (bits >> 6 & ones) &* 9
        // Bytes 0, 2, 4, 6 each hold two digits, the more significant in the high nibble.
        let pairs = (nibbles << 4 | nibbles >> 8) & 0x00FF_00FF_00FF_00FF
        return (Int64((pairs & 0xFF) << 8 | pairs >> 16 & 0xFF), Int64(pairs >> 24 & 0xFF00 | pairs >> 48 & 0xFF))
    }
}

/// What one line of an evemu file is.
private enum EvemuLine {
    /// Empty, or a comment only.
    case blank
    /// An `E:` line; the fields after `E:`, comment removed.
    case event(ArraySlice<UInt8>)
    /// Any other line: a description line, without the blanks before it.
    case description(ArraySlice<UInt8>)

    init(_ line: ArraySlice<UInt8>) {
        let content = line.drop(while: FieldScanner.isSpace)
        guard let first = content.first, first != UInt8(ascii: "#") else {
            self = .blank
            return
        }
        if first == UInt8(ascii: "E"), content.dropFirst().first == UInt8(ascii: ":") {
            let fields = content.dropFirst(2)
            self = .event(fields.firstIndex(of: UInt8(ascii: "#")).map { fields[..<$0] } ?? fields)
        } else {
            self = .description(content)
        }
    }
}

/// Parses the description lines of an evemu file up to its first `E:` line.
private enum EvemuDescriptionParser {
    /// The description part of one evemu file.
    struct Part {
        var device = DeviceDescription(name: "")
        /// Whether any description line (`N:`, `I:`, `P:`, `B:`, `A:`, `L:`, `S:`) was read.
        var hasDescription = false
        /// The line of each `A:` declaration.
        var axisLines: [UInt16: Int] = [:]
        /// The first `E:` line's event (absolute time), read while looking for the description's end.
        var firstEvent: RecordedEvent?
    }

    /// Reads the file's description; a device the decoder cannot read is refused here, before
    /// anything else (such as the other file of a pair) is looked at.
    static func parse(_ lines: LineReader) throws(InputFileError) -> Part {
        let part = try readDescription(lines)
        if part.hasDescription {
            try InputFileError.checkDecodable(part.device, path: lines.path, axisLines: part.axisLines, line: 1)
        }
        return part
    }

    private static func readDescription(_ lines: LineReader) throws(InputFileError) -> Part {
        var part = Part()
        var propertyBytes = 0
        var codeBytes: [UInt16: Int] = [:]
        while let line = try lines.nextLine() {
            let number = lines.lineNumber
            func malformed(_ reason: String) -> InputFileError {
                InputFileError(.malformed, path: lines.path, line: number, reason: reason)
            }
            let content: ArraySlice<UInt8>
            switch EvemuLine(line) {
            case .blank:
                if number == 1 { try checkVersion(line, malformed: malformed) }
                continue
            case .event(let fields):
                part.firstEvent = try event(fields, path: lines.path, line: number)
                return part
            case .description(let described):
                content = described
            }
            part.hasDescription = true
            let tag = content.prefix(2)
            var fields = FieldScanner(content.dropFirst(2).prefix { $0 != UInt8(ascii: "#") })
            switch String(decoding: tag, as: UTF8.self) {
            case "N:":
                let name = String(decoding: content.dropFirst(2), as: UTF8.self)
                part.device.name = name.trimmingWhitespace()
            case "I:":
                for _ in 0..<4 {
                    guard let field = fields.next(), FieldScanner.hex(field) != nil else {
                        throw malformed("`I:` must hold 4 hex numbers: bus, vendor, product, version")
                    }
                }
                guard fields.next() == nil else { throw malformed("`I:` must hold 4 hex numbers") }
            case "P:":
                part.device.properties.formUnion(
                    try setBits(
                        in: &fields, bytesBefore: &propertyBytes, maximum: EvdevLimits.maximumProperty,
                        tag: "P:", item: "property", malformed: malformed))
            case "B:":
                guard let typeField = fields.next(), let type = FieldScanner.hex(typeField),
                    type <= EvdevLimits.maximumType
                else { throw malformed("`B:` must start with an event type in hex (00...1f)") }
                let codes = try setBits(
                    in: &fields, bytesBefore: &codeBytes[UInt16(type), default: 0], maximum: EvdevLimits.maximumCode,
                    tag: "B:", item: "event code", malformed: malformed)
                if !codes.isEmpty { part.device.codes[UInt16(type), default: []].formUnion(codes) }
            case "A:":
                guard let codeField = fields.next(), let code = FieldScanner.hex(codeField),
                    code <= EvdevLimits.maximumAbsoluteAxis
                else { throw malformed("`A:` must start with an absolute axis code in hex (00...3f)") }
                var values: [Int32] = []
                while let field = fields.next() {
                    guard let value = DecimalParser.integer(field).flatMap({ Int32(exactly: $0) }) else {
                        throw malformed("`A:` values must be decimal integers")
                    }
                    values.append(value)
                }
                guard values.count == 4 || values.count == 5 else {
                    throw malformed("`A:` must hold an axis code and 4 or 5 numbers: min max fuzz flat [resolution]")
                }
                part.axisLines[UInt16(code)] = number
                part.device.absoluteAxes[UInt16(code)] = AbsoluteAxisInfo(
                    minimum: values[0], maximum: values[1], fuzz: values[2], flat: values[3],
                    resolution: values.count == 5 ? values[4] : 0)
            case "L:", "S:":
                continue
            default:
                throw malformed("unrecognised evemu line")
            }
        }
        return part
    }

    /// Parses the fields of an `E: <sec>.<usec> <type hex> <code hex> <value>` line.
    static func event(_ fields: ArraySlice<UInt8>, path: String, line: Int) throws(InputFileError) -> RecordedEvent {
        func malformed(_ reason: String) -> InputFileError {
            InputFileError(.malformed, path: path, line: line, reason: reason)
        }
        var scanner = FieldScanner(fields)
        guard let timeField = scanner.next(), let typeField = scanner.next(), let codeField = scanner.next(),
            let valueField = scanner.next(), scanner.next() == nil
        else { throw malformed("an event line must be `E: <sec>.<usec> <type> <code> <value>`") }
        guard let dot = timeField.firstIndex(of: UInt8(ascii: ".")),
            let seconds = DecimalParser.integer(timeField[..<dot]), (0...999_999_999_999).contains(seconds),
            timeField.index(after: dot) < timeField.endIndex, timeField[timeField.index(after: dot)...].count == 6,
            let microseconds = DecimalParser.integer(timeField[timeField.index(after: dot)...]),
            microseconds >= 0
        else { throw malformed("event time must be <seconds>.<6-digit microseconds>") }
        guard let type = FieldScanner.hex(typeField), type <= EvdevLimits.maximumType else {
            throw malformed("event type must be hex in 00...1f")
        }
        guard let code = FieldScanner.hex(codeField), code <= EvdevLimits.maximumCode else {
            throw malformed("event code must be hex in 000...2ff")
        }
        guard let value = DecimalParser.integer(valueField).flatMap({ Int32(exactly: $0) }) else {
            throw malformed("event value must be a signed 32-bit decimal integer")
        }
        let event = InputEvent(
            time: seconds * 1_000_000 + microseconds, type: UInt16(type), code: UInt16(code), value: value)
        return RecordedEvent(event: event, line: line)
    }

    /// Checks a `# EVEMU <major>.<minor>` header: only file format 1.x is read.
    private static func checkVersion(
        _ line: ArraySlice<UInt8>, malformed: (String) -> InputFileError
    ) throws(InputFileError) {
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("# EVEMU ") else { return }
        let version = text.dropFirst("# EVEMU ".count).trimmingWhitespace()
        guard version.hasPrefix("1.") else {
            throw malformed("unsupported evemu file format version \(version); only 1.x is supported")
        }
    }

    /// The bits set in the hex bytes of a `P:` or `B:` line, numbered from the first byte of a
    /// bitmask of which `bytesBefore` bytes came on earlier lines; `bytesBefore` counts this line's too.
    /// - Throws: for a field that is not a hex byte, or a set bit above `maximum` (an `item` out of range).
    private static func setBits(
        in fields: inout FieldScanner, bytesBefore: inout Int, maximum: Int64, tag: String, item: String,
        malformed: (String) -> InputFileError
    ) throws(InputFileError) -> Set<UInt16> {
        var bits: Set<UInt16> = []
        while let field = fields.next() {
            guard let byte = FieldScanner.hex(field), byte <= 0xff else { throw malformed("`\(tag)` must hold hex bytes") }
            for bit in 0..<8 where byte & (1 << bit) != 0 {
                let number = Int64(bytesBefore * 8 + bit)
                guard number <= maximum else { throw malformed("\(item) \(number) out of range") }
                bits.insert(UInt16(number))
            }
            bytesBefore += 1
        }
        return bits
    }
}

/// Splits bytes into fields separated by spaces or tabs.
private struct FieldScanner {
    private var rest: ArraySlice<UInt8>

    init(_ bytes: ArraySlice<UInt8>) {
        rest = bytes
    }

    mutating func next() -> ArraySlice<UInt8>? {
        rest = rest.drop { FieldScanner.isSpace($0) }
        guard !rest.isEmpty else { return nil }
        let field = rest.prefix { !FieldScanner.isSpace($0) }
        rest = rest[field.endIndex...]
        return field
    }

    /// The value of a hex number without `0x` (at most 8 digits), or nil.
    static func hex(_ field: ArraySlice<UInt8>) -> UInt64? {
        guard !field.isEmpty, field.count <= 8 else { return nil }
        var value: UInt64 = 0
        for byte in field {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt64(digit)
        }
        return value
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }
}
