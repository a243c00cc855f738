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
        var text = text
        let inline: (UInt64, UInt64)? = text.withUTF8 { bytes in
            guard bytes.count <= Self.inlineCapacity else { return nil }
            var words: (UInt64, UInt64) = (0, UInt64(bytes.count) << 56)
            withUnsafeMutableBytes(of: &words) { raw in
                if let base = bytes.baseAddress { raw.baseAddress!.copyMemory(from: base, byteCount: bytes.count) }
            }
            // The length byte was overwritten only if the text reached it, which it cannot.
            return words
        }
        if let (low, high) = inline {
            self.low = low
            self.high = high
        } else {
            low = UInt64(PresentationNames.shared.number(of: text))
            high = Self.internedMarker << 56
        }
    }

    public init(stringLiteral text: String) {
        self.init(text)
    }

    /// The id's text.
    public var name: String {
        guard high >> 56 != Self.internedMarker else { return PresentationNames.shared.name(number: Int(low)) }
        let length = Int(high >> 56)
        var words = (low, high)
        return withUnsafeBytes(of: &words) { raw in
            String(decoding: UnsafeRawBufferPointer(rebasing: raw[0..<length]), as: UTF8.self)
        }
    }

    public var description: String { name }

    /// Runs `body` with the id's UTF-8 bytes, without making a `String` for an id held in the value.
    package func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        guard high >> 56 != Self.internedMarker else {
            var name = self.name
            return name.withUTF8(body)
        }
        let length = Int(high >> 56)
        var words = (low, high)
        return withUnsafeBytes(of: &words) { raw in
            body(UnsafeBufferPointer(start: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), count: length))
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

    private let table = Mutex(Table())

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
