import DismissKitCore

/// Reads the session lines a recorder writes (``SessionLines``) straight from their bytes: a
/// touch's line and an intent's, in the one spelling a recorder gives them (keys sorted, no
/// spaces, numbers as it writes them). A line it does not take, in any other spelling or of
/// another type, is for the general JSON parser, which gives the same entry, or the error with
/// its line: whatever this scanner takes, that parser takes too and reads the same.
public enum SessionLineScanner {
    /// A line the scanner took.
    public enum Line: Equatable {
        /// A touch as the host gave it: its position in points, its millimetres not yet known.
        case touch(TouchEvent)
        /// An intent line: where the intent's JSON text is in the line.
        case intent(Range<Int>)
    }

    /// The line's entry, or nil for a line the general parser is to read.
    public static func scan(_ line: UnsafeBufferPointer<UInt8>) -> Line? {
        var cursor = Cursor(bytes: line)
        if cursor.skip(#"{"event":""#) { return touch(&cursor) }
        if cursor.skip(#"{"intent":"#) { return intent(&cursor) }
        return nil
    }

    /// `{"event":"…",["seatSlot":…,]"time":…,"type":"touch"[,"x":…,"y":…]}`, after `{"event":"`.
    private static func touch(_ cursor: inout Cursor) -> Line? {
        let kind: TouchEvent.Kind
        if cursor.skip(#"motion""#) {
            kind = .motion
        } else if cursor.skip(#"frame""#) {
            kind = .frame
        } else if cursor.skip(#"down""#) {
            kind = .down
        } else if cursor.skip(#"up""#) {
            kind = .up
        } else if cursor.skip(#"cancel""#) {
            kind = .cancel
        } else {
            return nil
        }
        var seatSlot: Int32 = 0
        if kind != .frame {
            guard cursor.skip(#","seatSlot":"#), let value = cursor.integer(digits: 10), let slot = Int32(exactly: value) else { return nil }
            seatSlot = slot
        }
        // A time within 2^53 of 0 is a whole number JSON holds exactly.
        guard cursor.skip(#","time":"#), let time = cursor.integer(digits: 16), time.magnitude <= 1 << 53,
              cursor.skip(#","type":"touch""#) else { return nil }
        var event = TouchEvent(kind: kind, time: time)
        if kind != .frame {
            event.slot = seatSlot
            event.seatSlot = seatSlot
        }
        if kind == .down || kind == .motion {
            guard cursor.skip(#","x":"#), let x = cursor.coordinate(), cursor.skip(#","y":"#), let y = cursor.coordinate() else { return nil }
            event.point = TouchPoint(xMM: 0, yMM: 0, x: x, y: y)
        }
        guard cursor.skip("}"), cursor.atEnd else { return nil }
        return .touch(event)
    }

    /// `{"intent":{…},"type":"intent"}`, after `{"intent":`: the intent an object of strings,
    /// numbers, literals, arrays and objects of them, its keys without escapes and in order (so
    /// none is repeated).
    private static func intent(_ cursor: inout Cursor) -> Line? {
        let start = cursor.index
        guard cursor.object(depth: 1) else { return nil }
        let end = cursor.index
        guard cursor.skip(#","type":"intent"}"#), cursor.atEnd else { return nil }
        return .intent(start..<end)
    }

    /// A place in a line's bytes.
    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        var atEnd: Bool { index == bytes.count }

        /// Steps over `text` when the bytes here are it.
        @inline(__always)
        mutating func skip(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard bytes.count - index >= count else { return false }
            let start = text.utf8Start
            for offset in 0..<count where bytes[index + offset] != start[offset] { return false }
            index += count
            return true
        }

        private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        private static func isDigit(_ byte: UInt8?) -> Bool {
            guard let byte else { return false }
            return byte >= 0x30 && byte <= 0x39
        }

        /// A JSON integer of at most `digits` digits, without a leading zero.
        mutating func integer(digits: Int) -> Int64? {
            let negative = skip("-")
            guard let first = current, Self.isDigit(first) else { return nil }
            var value: Int64 = 0
            var count = 0
            while let byte = current, Self.isDigit(byte) {
                count += 1
                guard count <= digits, count == 1 || first != 0x30 else { return nil }
                value = value * 10 + Int64(byte - 0x30)
                index += 1
            }
            return negative ? -value : value
        }

        /// A touch's coordinate: `null` (a position that was not a number, read as NaN) or a
        /// number that ``exactNumber()`` reads.
        mutating func coordinate() -> Double? {
            skip("null") ? .nan : exactNumber()
        }

        /// The powers of ten a `Double` holds exactly.
        private static let exactPowersOfTen: [Double] = [
            1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
            1e20, 1e21, 1e22,
        ]

        /// A JSON number whose digits, read as a whole number, are below 2^53 and whose power of
        /// ten is within 22 of 0: both are then exact doubles, and one multiplication or division
        /// of them rounds once, to the double nearest the decimal (Clinger's fast path), as a
        /// correctly rounding parser reads it. Nil for another number.
        mutating func exactNumber() -> Double? {
            let negative = skip("-")
            guard let first = current, Self.isDigit(first) else { return nil }
            var digits: UInt64 = 0
            var significant = 0
            var exponent = 0
            var integerDigits = 0
            while let byte = current, Self.isDigit(byte) {
                guard integerDigits == 0 || first != 0x30 else { return nil }  // no leading zero
                integerDigits += 1
                if digits != 0 || byte != 0x30 { significant += 1 }
                guard significant <= 16 else { return nil }
                digits = digits * 10 + UInt64(byte - 0x30)
                index += 1
            }
            if skip(".") {
                guard Self.isDigit(current) else { return nil }
                while let byte = current, Self.isDigit(byte) {
                    if digits != 0 || byte != 0x30 { significant += 1 }
                    guard significant <= 16 else { return nil }
                    digits = digits * 10 + UInt64(byte - 0x30)
                    exponent -= 1
                    index += 1
                }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                index += 1
                let negativeExponent = skip("-")
                if !negativeExponent { _ = skip("+") }
                guard Self.isDigit(current) else { return nil }
                var written = 0
                var count = 0
                while let byte = current, Self.isDigit(byte) {
                    count += 1
                    guard count <= 3 else { return nil }
                    written = written * 10 + Int(byte - 0x30)
                    index += 1
                }
                exponent += negativeExponent ? -written : written
            }
            guard digits < 1 << 53, (-22...22).contains(exponent) else { return nil }
            let value = exponent >= 0 ? Double(digits) * Self.exactPowersOfTen[exponent]
                : Double(digits) / Self.exactPowersOfTen[-exponent]
            return negative ? -value : value
        }

        /// An object of the intent's kind (``SessionLineScanner/intent(_:)``), at most 3 deep.
        mutating func object(depth: Int) -> Bool {
            guard depth <= 3, skip("{") else { return false }
            if skip("}") { return true }
            var previousKey: UnsafeBufferPointer<UInt8>?
            repeat {
                guard let key = name() else { return false }
                if let previousKey, !Self.precedes(previousKey, key) { return false }
                previousKey = key
                guard skip(":"), value(depth: depth) else { return false }
            } while skip(",")
            return skip("}")
        }

        /// A string, number, literal, array or object.
        private mutating func value(depth: Int) -> Bool {
            switch current {
            case UInt8(ascii: "\""): return string()
            case UInt8(ascii: "{"): return object(depth: depth + 1)
            case UInt8(ascii: "["):
                guard depth < 3 else { return false }
                index += 1
                if skip("]") { return true }
                repeat {
                    guard value(depth: depth + 1) else { return false }
                } while skip(",")
                return skip("]")
            case UInt8(ascii: "t"): return skip("true")
            case UInt8(ascii: "f"): return skip("false")
            case UInt8(ascii: "n"): return skip("null")
            default: return number()
            }
        }

        /// A string without control characters whose escapes are of one character (not `\u`).
        private mutating func string() -> Bool {
            guard skip("\"") else { return false }
            while let byte = current, byte != UInt8(ascii: "\"") {
                guard byte >= 0x20 else { return false }
                index += 1
                guard byte == UInt8(ascii: "\\") else { continue }
                switch current {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                     UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index += 1
                default:
                    return false
                }
            }
            return skip("\"")
        }

        /// A key: a string without escapes or control characters; its bytes, between the quotes.
        private mutating func name() -> UnsafeBufferPointer<UInt8>? {
            guard skip("\"") else { return nil }
            let start = index
            while let byte = current, byte != UInt8(ascii: "\"") {
                guard byte >= 0x20, byte != UInt8(ascii: "\\") else { return nil }
                index += 1
            }
            guard skip("\"") else { return nil }
            return UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)])
        }

        /// A JSON number of at most 40 digits before its point and an exponent of at most two
        /// digits: finite, as the general parser requires.
        private mutating func number() -> Bool {
            _ = skip("-")
            guard let first = current, Self.isDigit(first) else { return false }
            var count = 0
            while Self.isDigit(current) {
                count += 1
                guard count <= 40, count == 1 || first != 0x30 else { return false }
                index += 1
            }
            if skip(".") {
                guard Self.isDigit(current) else { return false }
                while Self.isDigit(current) { index += 1 }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                index += 1
                if !skip("-") { _ = skip("+") }
                guard Self.isDigit(current) else { return false }
                var digits = 0
                while Self.isDigit(current) {
                    digits += 1
                    guard digits <= 2 else { return false }
                    index += 1
                }
            }
            return true
        }

        /// Whether key `first` sorts strictly before `second`, byte by byte.
        private static func precedes(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) -> Bool {
            for (a, b) in zip(first, second) where a != b { return a < b }
            return first.count < second.count
        }
    }
}
