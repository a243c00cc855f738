/// What a presentation id is, the same at every door (a scene, a command, a typed call of the C
/// library, the WebAssembly module and every binding built on them):
///
/// - its text is 1 to ``InputLimits/maximumPresentationIDLength`` bytes of UTF-8;
/// - it holds no control character (U+0000 to U+001F, U+007F to U+009F), so that a C string, a
///   log line or a message carries it whole;
/// - two ids are the same id when their bytes are the same: no Unicode normalization, so `café`
///   written with U+00E9 and `café` written with `e` and U+0301 are two ids, as they are to
///   every host (a C string, a `QString`, a JavaScript string, a Python `str`).
///
/// Swift's `String` compares by canonical equivalence, so the core never compares or hashes ids
/// as `String`s: it uses ``isSamePresentationID(as:)`` and ``PresentationIDKey``.
public enum PresentationIDRule {
    /// What is wrong with `text` as a presentation id, or nil when it is one.
    public static func problem(with text: String) -> String? {
        let length = text.utf8.count
        if length == 0 {
            return "a presentation id must not be empty"
        }
        if length > InputLimits.maximumPresentationIDLength {
            return "a presentation id is at most \(InputLimits.maximumPresentationIDLength) bytes, this one \(length)"
        }
        if let control = text.unicodeScalars.first(where: { $0.isControlCharacter }) {
            return "a presentation id holds no control character, this one has \(codePoint(control))"
        }
        return nil
    }

    /// `U+0000`: a code point as messages name it.
    private static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

extension String {
    /// Whether this text and `other` are the same presentation id: the same UTF-8 bytes
    /// (``PresentationIDRule``), not merely canonically equivalent text.
    public func isSamePresentationID(as other: String) -> Bool {
        utf8.elementsEqual(other.utf8)
    }
}

/// A presentation id's text as a set or dictionary key: equal and hashed by its UTF-8 bytes
/// (``PresentationIDRule``).
public struct PresentationIDKey: Hashable, Sendable {
    public let text: String

    public init(_ text: String) { self.text = text }

    public static func == (lhs: PresentationIDKey, rhs: PresentationIDKey) -> Bool {
        lhs.text.isSamePresentationID(as: rhs.text)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text.utf8.count)
        for byte in text.utf8 { hasher.combine(byte) }
    }
}
