/// A presentation's id as intents and dismissal attempts carry it: a 16-byte value that is
/// copied, compared and hashed without touching a `String`, so that the core's intents are plain
/// values (copying one is copying bytes; an array of them is freed without visiting each).
///
/// An id of up to 15 UTF-8 bytes (`compose`, `share-sheet`) is held in the value itself. A longer
/// one is numbered by the pipeline that meets it (``PresentationNames``), and the value holds its
/// number: its text is then the pipeline's to give (``DismissalPipeline/names``).
public struct PresentationID: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The text's bytes, zero-padded, in `low` then `high`, with the length in the top byte of
    /// `high`; or, for a numbered id, its number in `low` and ``numberedMarker`` in the top byte.
    private let low: UInt64
    private let high: UInt64

    private static let numberedMarker: UInt64 = 0xFF
    /// The most UTF-8 bytes an id held in the value may have.
    public static let inlineCapacity = 15

    /// The id of the presentation with this text, when it fits in the value (at most
    /// ``inlineCapacity`` UTF-8 bytes); nil for a longer one, which ``PresentationNames`` numbers.
    public init?(inline text: String) {
        let bytes = text.utf8.span
        guard bytes.count <= Self.inlineCapacity else { return nil }
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

    /// The id numbered `number` by a ``PresentationNames``.
    init(number: Int) {
        low = UInt64(truncatingIfNeeded: number)
        high = Self.numberedMarker << 56
    }

    /// An id in code: a literal of at most ``inlineCapacity`` UTF-8 bytes.
    public init(stringLiteral text: String) {
        guard let id = PresentationID(inline: text) else {
            preconditionFailure("a presentation id literal has at most \(Self.inlineCapacity) UTF-8 bytes")
        }
        self = id
    }

    /// The id of a long text that no ``PresentationNames`` has numbered yet: a presentation's
    /// until the pipeline takes its scene.
    static let unnumbered = PresentationID(number: -1)

    /// The number a ``PresentationNames`` gave a long id (nil for an id held in the value).
    var number: Int? {
        high >> 56 == Self.numberedMarker ? Int(truncatingIfNeeded: low) : nil
    }

    /// The text of an id held in the value (nil for a numbered one).
    public var inlineName: String? {
        guard let bytes = inlineUTF8 else { return nil }
        var copied = InlineArray<16, UInt8>(repeating: 0)
        for index in bytes.indices { copied[index] = bytes[index] }
        // The bytes came from a String, so they are valid UTF-8.
        guard let text = try? UTF8Span(validating: copied.span.extracting(0..<bytes.count)) else {
            return String(decoding: bytes, as: UTF8.self)
        }
        return String(copying: text)
    }

    /// The text of an id held in the value, or the number of a long one (`long id 3`), whose
    /// text only its pipeline has: for messages and debugging, not for output.
    public var description: String {
        inlineName ?? "long id \(number ?? 0)"
    }

    /// The UTF-8 bytes of an id held in the value (nil for a numbered one): read without making
    /// a `String`.
    package var inlineUTF8: InlineUTF8? {
        high >> 56 == Self.numberedMarker ? nil : InlineUTF8(low: low, high: high)
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

}

/// The texts of a pipeline's ids longer than ``PresentationID/inlineCapacity`` bytes, numbered in
/// the order the pipeline first meets them and kept for its life: a host that makes up a new long
/// id for every presentation grows its pipeline's table (Docs/limits.md, "Known limits").
public struct PresentationNames: Sendable {
    private var numbers: [PresentationIDKey: Int] = [:]
    private var texts: [String] = []

    public init() {}

    /// The id of the presentation whose id is `text`, numbering it first if it is long and new.
    public mutating func id(for text: String) -> PresentationID {
        if let id = PresentationID(inline: text) { return id }
        if let number = numbers[PresentationIDKey(text)] { return PresentationID(number: number) }
        texts.append(text)
        numbers[PresentationIDKey(text)] = texts.count - 1
        return PresentationID(number: texts.count - 1)
    }

    /// The id's text.
    public func name(of id: PresentationID) -> String {
        if let text = id.inlineName { return text }
        guard let number = id.number, texts.indices.contains(number) else { return "(an id of another pipeline)" }
        return texts[number]
    }

    /// Whether `id` is the id of the presentation whose id is `text`.
    public func isID(_ id: PresentationID, of text: String) -> Bool {
        guard let number = id.number else { return PresentationID(inline: text) == id }
        return texts.indices.contains(number) && texts[number].isSamePresentationID(as: text)
    }

    /// Gives each presentation of `scene` its id.
    mutating func number(_ scene: inout Scene) {
        for index in scene.presentations.indices where scene.presentations[index].presentationID.number != nil {
            scene.presentations[index].presentationID = id(for: scene.presentations[index].id)
        }
    }

    /// How many long ids are numbered.
    public var count: Int { texts.count }
}
