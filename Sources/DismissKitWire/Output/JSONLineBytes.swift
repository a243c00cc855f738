import DismissKitCore

/// Writes JSON Lines straight into a byte buffer: the output path of `gesturectl` and the C
/// library, where every touch event or intent is one line.
///
/// Each line is composed in a scratch area on the stack and appended to the caller's buffer in
/// one copy; numbers are formatted here (``JSONLine/formatNumber(_:)``'s digits, exactly, without
/// printf), so a line costs no allocation and no locale look-up. The bytes are the same as
/// ``JSONLine/text`` gives for the same value, plus a newline; lines that could be longer than the
/// scratch area (very long presentation ids or reasons, numbers beyond 2⁶³) go through
/// ``JSONLine`` instead.
struct JSONLineBytes {
    /// The scratch area: ample for every line of known shape, and small enough to be on the
    /// stack (`withUnsafeTemporaryAllocation` goes to the heap beyond 1 KiB).
    /// The digits of numbers are stored 8 bytes at a time (``storeWord(_:)``), up to 7 past the
    /// last digit kept; every line of known shape ends far enough before the area's end for them.
    static let scratchSize = 1024

    private var cursor: UnsafeMutablePointer<UInt8>

    private init(_ start: UnsafeMutablePointer<UInt8>) {
        cursor = start
    }

    /// Composes one line in the scratch area with `body` and appends it, with its newline, to
    /// `bytes`. `body` returns false when the line does not fit the scratch area's rules (see
    /// ``fits(_:)``); then `fallback` gives the line's text.
    static func append(to bytes: inout [UInt8], _ body: (inout JSONLineBytes) -> Bool, fallback: () -> String) {
        let appended = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: scratchSize) { scratch -> Bool in
            guard let start = scratch.baseAddress else { return false }
            var writer = JSONLineBytes(start)
            guard body(&writer) else { return false }
            writer.byte(0x0A)
            bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: writer.cursor - start))
            return true
        }
        if !appended {
            bytes.append(contentsOf: fallback().utf8)
            bytes.append(0x0A)
        }
    }

    /// Whether a string is short enough for a scratch line: a line holds at most two strings
    /// (escaped, each byte takes at most 6) beside its keys and at most six numbers.
    static func fits(_ string: String) -> Bool {
        string.utf8.count <= longestString
    }

    /// The longest string (in UTF-8 bytes) a scratch line takes.
    static let longestString = 48

    /// Whether ``number(_:)`` formats the number here (its magnitude is below 2⁶³, or it is not finite).
    static func fits(_ number: Double) -> Bool {
        !number.isFinite || number.magnitude < 9.2e18
    }

    // MARK: - Pieces

    @inline(__always)
    mutating func byte(_ value: UInt8) {
        cursor.pointee = value
        cursor += 1
    }

    /// Copies `count` bytes to the cursor and moves past them, as one memory copy (the typed
    /// `update(from:count:)` is a loop over the bytes in the WebAssembly build).
    @inline(__always)
    private mutating func copy(_ source: UnsafePointer<UInt8>, count: Int) {
        UnsafeMutableRawPointer(cursor).copyMemory(from: source, byteCount: count)
        cursor += count
    }

    /// ASCII text known at compile time: keys, punctuation, enum names.
    @inline(__always)
    mutating func ascii(_ text: StaticString) {
        let count = text.utf8CodeUnitCount
        copy(text.utf8Start, count: count)
    }

    /// A `String`, quoted and escaped as ``JSONLine`` escapes it.
    mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { string($0) }
    }

    /// UTF-8 text, quoted and escaped as ``JSONLine`` escapes it.
    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) {
        byte(0x22)
        escaped(bytes)
        byte(0x22)
    }

    /// UTF-8 text escaped as ``JSONLine`` escapes it, without quotes.
    mutating func escaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        for value in bytes {
            switch value {
            case 0x22: ascii(#"\""#)
            case 0x5C: ascii(#"\\"#)
            case 0x0A: ascii(#"\n"#)
            case 0x0D: ascii(#"\r"#)
            case 0x09: ascii(#"\t"#)
            case 0..<0x20:
                ascii(#"\u00"#)
                byte(Self.hexDigits[Int(value >> 4)])
                byte(Self.hexDigits[Int(value & 0xF)])
            default: byte(value)
            }
        }
    }

    /// ASCII text that needs no escaping (an enum's raw value), quoted.
    @inline(__always)
    mutating func name(_ text: String) {
        byte(0x22)
        var text = text
        text.withUTF8 { bytes in
            copy(bytes.baseAddress!, count: bytes.count)
        }
        byte(0x22)
    }

    /// A presentation id held in the value, quoted; false for a numbered one, whose text is
    /// its pipeline's.
    mutating func presentation(_ id: PresentationID) -> Bool {
        id.withInlineUTF8 { bytes in
            string(bytes)
            return true
        } ?? false
    }

    /// A rejection's reason, quoted; false when it is too long for a scratch line.
    mutating func reason(_ reason: RejectionReason) -> Bool {
        if let text = reason.fixedText {
            byte(0x22)
            ascii(text)
            byte(0x22)
            return true
        }
        guard case .coveredBy(let above) = reason else { return false }
        return above.withInlineUTF8 { bytes in
            ascii(#""covered by \""#)
            escaped(bytes)
            ascii(#"\"""#)
            return true
        } ?? false
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// A decimal integer.
    @inline(__always)
    mutating func integer(_ value: Int64) {
        if value < 0 { byte(0x2D) }
        unsigned(value.magnitude)
    }

    /// "00" to "99", for two digits at a time.
    private static let digitPairs: StaticString = """
        0001020304050607080910111213141516171819202122232425262728293031323334353637383940414243444546474849\
        5051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899
        """

    @inline(__always)
    private static func digitCount(_ value: UInt64) -> Int {
        var count = 1
        var rest = value
        while rest >= 10_000 {
            count += 4
            rest /= 10_000
        }
        if rest >= 100 { return rest >= 1000 ? count + 3 : count + 2 }
        return rest >= 10 ? count + 1 : count
    }

    /// Writes `value` in decimal: below 10⁸ as one word of digits (``eightDigits(_:)``), below
    /// 10¹⁶ as two, beyond that two digits at a time.
    @inline(__always)
    private mutating func unsigned(_ value: UInt64) {
        if value < 10 {
            byte(0x30 &+ UInt8(truncatingIfNeeded: value))
        } else if value < 100_000_000 {
            leadingDigits(Self.eightDigits(value), count: 8)
        } else if value < 10_000_000_000_000_000 {
            leadingDigits(Self.eightDigits(value / 100_000_000), count: 8)
            storeWord(Self.eightDigits(value % 100_000_000) | Self.asciiZeros)
            cursor += 8
        } else {
            longUnsigned(value)
        }
    }

    /// Writes `value` two digits at a time, from the last.
    private mutating func longUnsigned(_ value: UInt64) {
        let count = Self.digitCount(value)
        let pairs = Self.digitPairs.utf8Start
        var position = cursor + count
        var rest = value
        while rest >= 100 {
            let pair = Int(rest % 100) &* 2
            rest /= 100
            position -= 2
            position[0] = pairs[pair]
            position[1] = pairs[pair &+ 1]
        }
        if rest >= 10 {
            let pair = Int(rest) &* 2
            position[-2] = pairs[pair]
            position[-1] = pairs[pair &+ 1]
        } else {
            position[-1] = 0x30 &+ UInt8(truncatingIfNeeded: rest)
        }
        cursor += count
    }

    private static let asciiZeros: UInt64 = 0x3030_3030_3030_3030

    /// The 8 decimal digits of `value` (below 10⁸, leading zeros included) as the values 0 to 9
    /// of one word's bytes, the most significant digit in the lowest byte, as memory holds
    /// text on a little-endian machine: the value split into halves of four digits, pairs,
    /// then single digits, each split for all lanes at once with one multiplication (the
    /// quotients by 100 and by 10 by reciprocal, exact for numbers that small).
    @inline(__always)
    private static func eightDigits(_ value: UInt64) -> UInt64 {
        var lanes = value / 10_000 | (value % 10_000) << 32
        let hundreds = (lanes &* 5243) >> 19 & 0x0000_007F_0000_007F
        lanes = hundreds | (lanes &- hundreds &* 100) << 16
        let tens = (lanes &* 103) >> 10 & 0x000F_000F_000F_000F
        return tens | (lanes &- tens &* 10) << 8
    }

    /// Stores 8 bytes at the cursor without moving it (see ``scratchSize``).
    @inline(__always)
    private func storeWord(_ word: UInt64) {
        UnsafeMutableRawPointer(cursor).storeBytes(of: word.littleEndian, as: UInt64.self)
    }

    /// Writes the first `count` (1 to 8) of the digits of ``eightDigits(_:)`` without their
    /// leading zeros, keeping the last of them.
    @inline(__always)
    private mutating func leadingDigits(_ digits: UInt64, count: Int) {
        // The high bit of each byte that is not 0 (a digit is at most 9, so no byte carries).
        let nonZero = (digits &+ 0x7F7F_7F7F_7F7F_7F7F) & 0x8080_8080_8080_8080
        let zeros = min(nonZero.trailingZeroBitCount / 8, count &- 1)
        storeWord(digits >> UInt64(8 &* zeros) | Self.asciiZeros)
        cursor += count &- zeros
    }

    /// A number with at most three decimals, trailing zeros removed, `null` when not finite: the
    /// digits C's `%.3f` gives for the exact binary value (ties to even), computed here in
    /// integers. The magnitude must be below 2⁶³ (see ``fits(_:)``).
    mutating func number(_ value: Double) {
        guard value.isFinite else {
            ascii("null")
            return
        }
        // value = significand · 2^exponent, exactly.
        let biased = Int(value.exponentBitPattern)
        let significand = biased == 0 ? value.significandBitPattern : value.significandBitPattern | (1 << 52)
        let exponent = (biased == 0 ? 1 : biased) - 1075
        if exponent >= 0 {
            // A whole number: no decimals.
            let whole = significand << UInt64(exponent)
            if value < 0 && whole > 0 { byte(0x2D) }
            unsigned(whole)
            return
        }
        // Thousandths, rounded half to even: significand · 1000 is below 2^63.
        let shift = -exponent
        var thousandths: UInt64 = 0
        if shift < 64 {
            let scaled = significand &* 1000
            thousandths = scaled >> UInt64(shift)
            let remainder = scaled & ((1 << UInt64(shift)) &- 1)
            let half: UInt64 = 1 << UInt64(shift &- 1)
            if remainder > half || (remainder == half && thousandths & 1 == 1) { thousandths += 1 }
        }
        if value < 0 && thousandths > 0 { byte(0x2D) }
        guard thousandths < 100_000_000 else {
            unsigned(thousandths / 1000)
            fraction(Int(thousandths % 1000))
            return
        }
        // Below 100,000: the whole part is the first 5 of the 8 digits, the decimals the last 3.
        let digits = Self.eightDigits(thousandths)
        leadingDigits(digits, count: 5)
        let decimals = digits >> 40
        guard decimals != 0 else { return }
        storeWord((decimals | Self.asciiZeros) << 8 | 0x2E)
        // The point and the decimals up to the last that is not 0.
        cursor += 4 - (decimals << 40).leadingZeroBitCount / 8
    }

    /// The point and 1 to 3 decimals of a fraction in thousandths (none for 0), trailing zeros dropped.
    private mutating func fraction(_ fraction: Int) {
        guard fraction > 0 else { return }
        let pairs = Self.digitPairs.utf8Start
        let tens = (fraction % 100) &* 2
        cursor[0] = 0x2E
        cursor[1] = 0x30 &+ UInt8(truncatingIfNeeded: fraction / 100)
        cursor[2] = pairs[tens]
        cursor[3] = pairs[tens &+ 1]
        // Trailing zeros dropped.
        cursor += fraction % 100 == 0 ? 2 : fraction % 10 == 0 ? 3 : 4
    }

    /// A number in the shortest form that reads back as the same `Double` (``JSONLine/formatExactNumber(_:)``).
    mutating func exactNumber(_ value: Double) {
        var text = JSONLine.formatExactNumber(value)
        text.withUTF8 { bytes in
            copy(bytes.baseAddress!, count: bytes.count)
        }
    }
}

extension JSONLine {
    /// Formats a number as ``JSONLineBytes/number(_:)`` does, as a `String`.
    static func formatRoundedNumber(_ number: Double) -> String? {
        guard JSONLineBytes.fits(number) else { return nil }
        var line: [UInt8] = []
        JSONLineBytes.append(to: &line, { writer in
            writer.number(number)
            return true
        }, fallback: { "" })
        return String(decoding: line.dropLast(), as: UTF8.self)
    }
}

extension TouchEvent {
    /// Appends the event's line (``jsonLine(exact:)``'s text and a newline) to `bytes`.
    public func appendJSONLine(to bytes: inout [UInt8], exact: Bool = false) {
        JSONLineBytes.append(to: &bytes, { writer in
            guard kind != .frame else {
                writer.ascii(#"{"time":"#)
                writer.integer(time)
                writer.ascii(#","type":"frame"}"#)
                return true
            }
            if let point, !exact {
                guard JSONLineBytes.fits(point.x), JSONLineBytes.fits(point.xMM), JSONLineBytes.fits(point.y),
                    JSONLineBytes.fits(point.yMM)
                else { return false }
            }
            writer.ascii(#"{"seatSlot":"#)
            writer.integer(Int64(seatSlot))
            writer.ascii(#","slot":"#)
            writer.integer(Int64(slot))
            writer.ascii(#","time":"#)
            writer.integer(time)
            switch kind {
            case .down: writer.ascii(#","type":"down""#)
            case .motion: writer.ascii(#","type":"motion""#)
            case .up: writer.ascii(#","type":"up""#)
            case .cancel: writer.ascii(#","type":"cancel""#)
            case .frame: break
            }
            if let point {
                if exact {
                    writer.ascii(#","x":"#)
                    writer.exactNumber(point.x)
                    writer.ascii(#","xMM":"#)
                    writer.exactNumber(point.xMM)
                    writer.ascii(#","y":"#)
                    writer.exactNumber(point.y)
                    writer.ascii(#","yMM":"#)
                    writer.exactNumber(point.yMM)
                } else {
                    writer.ascii(#","x":"#)
                    writer.number(point.x)
                    writer.ascii(#","xMM":"#)
                    writer.number(point.xMM)
                    writer.ascii(#","y":"#)
                    writer.number(point.y)
                    writer.ascii(#","yMM":"#)
                    writer.number(point.yMM)
                }
            }
            writer.byte(0x7D)
            return true
        }, fallback: { jsonLine(exact: exact).text })
    }
}

extension Intent {
    /// Appends the intent's line (``jsonLine(explain:names:)``'s text and a newline) to `bytes`;
    /// `names` are its pipeline's (``DismissalPipeline/names``).
    public func appendJSONLine(to bytes: inout [UInt8], explain: Bool = false, names: PresentationNames) {
        JSONLineBytes.append(to: &bytes, { line in
            var fields = ScratchLineFields(line: line)
            writeFields(to: &fields, explain: explain)
            line = fields.line
            line.byte(0x7D)
            return fields.fits
        }, fallback: { jsonLine(explain: explain, names: names).text })
    }
}

/// ``IntentFieldWriter`` into a scratch line: `fits` turns false at the first field it does not
/// take (a text beyond ``JSONLineBytes/longestString``, a numbered presentation id, a number
/// beyond 2⁶³), and the line is then written through ``JSONLine`` instead.
private struct ScratchLineFields: IntentFieldWriter {
    var line: JSONLineBytes
    private(set) var fits = true
    /// `{` before an object's first field, `,` before the others.
    private var separator: UInt8 = 0x7B

    init(line: JSONLineBytes) {
        self.line = line
    }

    @inline(__always)
    private mutating func key(_ key: StaticString) {
        line.byte(separator)
        separator = 0x2C
        line.byte(0x22)
        line.ascii(key)
        line.byte(0x22)
        line.byte(0x3A)
    }

    @inline(__always)
    mutating func integer(_ key: StaticString, _ value: Int64) {
        self.key(key)
        line.integer(value)
    }

    @inline(__always)
    mutating func number(_ key: StaticString, _ value: Double) {
        guard JSONLineBytes.fits(value) else {
            fits = false
            return
        }
        self.key(key)
        line.number(value)
    }

    @inline(__always)
    mutating func name(_ key: StaticString, _ value: StaticString) {
        self.key(key)
        line.byte(0x22)
        line.ascii(value)
        line.byte(0x22)
    }

    @inline(__always)
    mutating func name(_ key: StaticString, _ value: String) {
        self.key(key)
        line.name(value)
    }

    @inline(__always)
    mutating func text(_ key: StaticString, _ value: String) {
        guard JSONLineBytes.fits(value) else {
            fits = false
            return
        }
        self.key(key)
        line.string(value)
    }

    @inline(__always)
    mutating func presentation(_ key: StaticString, _ id: PresentationID) {
        self.key(key)
        if !line.presentation(id) { fits = false }
    }

    @inline(__always)
    mutating func reason(_ key: StaticString, _ reason: RejectionReason) {
        self.key(key)
        if !line.reason(reason) { fits = false }
    }

    @inline(__always)
    mutating func options(_ key: StaticString, _ options: ConfirmationOptions) {
        self.key(key)
        line.byte(0x5B)
        for (index, option) in options.enumerated() {
            if index > 0 { line.byte(0x2C) }
            line.name(option.rawValue)
        }
        line.byte(0x5D)
    }

    @inline(__always)
    mutating func beginObject(_ key: StaticString) {
        self.key(key)
        separator = 0x7B
    }

    @inline(__always)
    mutating func endObject() {
        line.byte(0x7D)
        separator = 0x2C
    }
}

extension PresentationID {
    /// Runs `body` with the UTF-8 bytes of an id held in the value; nil for a numbered one.
    package func withInlineUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        guard let bytes = inlineUTF8 else { return nil }
        // The value's own words hold the bytes, first byte lowest, as memory holds them on a
        // little-endian machine.
        var words = (bytes.low.littleEndian, bytes.high.littleEndian)
        return withUnsafeBytes(of: &words) { raw in
            body(UnsafeBufferPointer(start: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), count: bytes.count))
        }
    }
}
