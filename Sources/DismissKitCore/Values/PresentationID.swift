import Synchronization

/// A presentation's id as intents and dismissal attempts carry it: a 16-byte value that is
/// copied, compared and hashed without touching a `String`, so that the core's intents are plain
/// values (copying one is copying bytes; an array of them is freed without visiting each).
///
/// An id of up to 15 UTF-8 bytes (`compose`, `share-sheet`) is held in the value itself. A longer
/// one is interned: its text is stored once, for the life of the process, in a table shared by
/// every pipeline, and the value holds its number. Each distinct long id therefore costs its
/// length and about 50 bytes once; a host that makes up a new long id for every presentation
/// grows that table (README, "Known limits").
public struct PresentationID: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The text's bytes, zero-padded, in `low` then `high`, with the length in the top byte of
    /// `high`; or, for an interned id, its number in `low` and ``internedMarker`` in the top byte.
    private let low: UInt64
    private let high: UInt64

    private static let internedMarker: UInt64 = 0xFF
    /// The most UTF-8 bytes an id held in the value may have.
    static let inlineCapacity = 15

    /// The id of the presentation with this text.
    public init(_ text: String) {
        let bytes = text.utf8.span
        guard bytes.count <= Self.inlineCapacity else {
            low = UInt64(PresentationNames.shared.number(of: text))
            high = Self.internedMarker << 56
            return
        }
        // Byte k of the text is byte k of (low, high), least significant first.
        var words: (low: UInt64, high: UInt64) = (0, UInt64(bytes.count) << 56)
        for index in bytes.indices {
            let byte = UInt64(bytes[index])
            if index < 8 {
                words.low |= byte << UInt64(8 * index)
            } else {
                words.high |= byte << UInt64(8 * (index - 8))
            }
        }
        low = words.low
        high = words.high
    }

    public init(stringLiteral text: String) {
        self.init(text)
    }

    /// The id's text.
    public var name: String {
        guard let bytes = inlineUTF8 else { return PresentationNames.shared.name(number: Int(low)) }
        var copied = InlineArray<16, UInt8>(repeating: 0)
        for index in bytes.indices { copied[index] = bytes[index] }
        // The bytes came from a String, so they are valid UTF-8.
        guard let text = try? UTF8Span(validating: copied.span.extracting(0..<bytes.count)) else {
            return String(decoding: bytes, as: UTF8.self)
        }
        return String(copying: text)
    }

    public var description: String { name }

    /// The UTF-8 bytes of an id held in the value (nil for an interned one): read without making
    /// a `String`.
    package var inlineUTF8: InlineUTF8? {
        high >> 56 == Self.internedMarker ? nil : InlineUTF8(low: low, high: high)
    }

    /// The bytes of an id held in the value, as a collection.
    package struct InlineUTF8: RandomAccessCollection {
        /// Bytes 0 to 7, then 8 to 14 and the count in the top byte.
        package let low: UInt64
        package let high: UInt64

        package var startIndex: Int { 0 }
        package var endIndex: Int { Int(high >> 56) }

        package subscript(position: Int) -> UInt8 {
            position < 8 ? UInt8(truncatingIfNeeded: low >> UInt64(8 * position))
                : UInt8(truncatingIfNeeded: high >> UInt64(8 * (position - 8)))
        }
    }

    /// Whether this is the id of a presentation whose id is `text`.
    public func isID(of text: String) -> Bool {
        guard high >> 56 != Self.internedMarker else { return name == text }
        // An id held in the value names only texts that fit in it: compare them as values.
        return text.utf8.count <= Self.inlineCapacity && PresentationID(text) == self
    }
}

/// The interned ids longer than ``PresentationID/inlineCapacity`` bytes: numbered in the order
/// they are first seen, kept for the life of the process, behind a mutex.
final class PresentationNames: Sendable {
    static let shared = PresentationNames()

    private struct Table {
        var numbers: [String: Int] = [:]
        var names: [String] = []
    }

    #if hasFeature(Embedded)
    private let table = OneThreadBox(Table())
    #else
    private let table = Mutex(Table())
    #endif

    /// The number of `name`, interning it first if it is new.
    func number(of name: String) -> Int {
        table.withLock { table in
            if let number = table.numbers[name] { return number }
            table.names.append(name)
            table.numbers[name] = table.names.count - 1
            return table.names.count - 1
        }
    }

    func name(number: Int) -> String {
        table.withLock { $0.names[number] }
    }

    /// How many ids are interned (for tests).
    var count: Int {
        table.withLock { $0.names.count }
    }
}

#if hasFeature(Embedded)
/// A value behind `Mutex`'s `withLock`, for the embedded build (WebAssembly without threads): one
/// thread runs it, and Embedded Swift's `Synchronization` has no `Mutex`.
final class OneThreadBox<Value>: @unchecked Sendable {
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        body(&value)
    }
}
#endif
