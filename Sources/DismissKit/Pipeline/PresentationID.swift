import Glibc

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
    func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
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
        var text = text
        let length = Int(high >> 56)
        var words = (low, high)
        return text.withUTF8 { bytes in
            bytes.count == length && withUnsafeBytes(of: &words) { raw in
                length == 0 || memcmp(raw.baseAddress!, bytes.baseAddress!, length) == 0
            }
        }
    }
}

/// The interned ids longer than ``PresentationID/inlineCapacity`` bytes: numbered in the order
/// they are first seen, kept for the life of the process, behind a lock.
final class PresentationNames: @unchecked Sendable {
    static let shared = PresentationNames()

    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    private var numbers: [String: Int] = [:]
    private var names: [String] = []

    private init() {
        lock = .allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
    }

    /// The number of `name`, interning it first if it is new.
    func number(of name: String) -> Int {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        if let number = numbers[name] { return number }
        names.append(name)
        numbers[name] = names.count - 1
        return names.count - 1
    }

    func name(number: Int) -> String {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return names[number]
    }

    /// How many ids are interned (for tests).
    var count: Int {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return names.count
    }
}
