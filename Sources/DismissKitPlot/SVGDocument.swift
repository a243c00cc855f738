import DismissKit

/// An SVG (or XML) document written as text, escaped as it goes.
struct SVGDocument {
    private(set) var text = ""
    private var depth: Int

    /// A document whose elements are indented `depth` steps (for one written into another).
    init(depth: Int = 0) { self.depth = depth }

    mutating func open(_ name: String, _ attributes: [(String, String)]) {
        indent()
        text += "<\(name)\(Self.attributes(attributes))>\n"
        depth += 1
    }

    mutating func close(_ name: String) {
        depth -= 1
        indent()
        text += "</\(name)>\n"
    }

    mutating func element(_ name: String, _ attributes: [(String, String)], text content: String? = nil) {
        indent()
        if let content {
            text += "<\(name)\(Self.attributes(attributes))>\(xmlEscaped(content))</\(name)>\n"
        } else {
            text += "<\(name)\(Self.attributes(attributes))/>\n"
        }
    }

    /// A `text` element on one line (no white space of the document's own in it), with a
    /// `title` child shown on hover when given.
    mutating func text(_ attributes: [(String, String)], _ content: String, title: String? = nil) {
        indent()
        let hover = title.map { "<title>\(xmlEscaped($0))</title>" } ?? ""
        text += "<text\(Self.attributes(attributes))>\(xmlEscaped(content))\(hover)</text>\n"
    }

    /// Text written as it is (it must be well-formed already).
    mutating func raw(_ content: String) { text += content }

    private mutating func indent() { text += String(repeating: " ", count: depth) }

    private static func attributes(_ attributes: [(String, String)]) -> String {
        attributes.map { " \($0.0)=\"\(xmlEscaped($0.1))\"" }.joined()
    }
}

/// Text escaped for XML content and attribute values.
func xmlEscaped(_ text: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count)
    for character in text.unicodeScalars {
        switch character {
        case "&": escaped += "&amp;"
        case "<": escaped += "&lt;"
        case ">": escaped += "&gt;"
        case "\"": escaped += "&quot;"
        case "'": escaped += "&apos;"
        case "\n": escaped += "&#10;"
        case "\t": escaped += "&#9;"
        default:
            // Other control characters are not allowed in XML 1.0 at all.
            if character.value < 0x20 || (0xFFFE...0xFFFF).contains(character.value) {
                escaped += "\u{FFFD}"
            } else {
                escaped.unicodeScalars.append(character)
            }
        }
    }
    return escaped
}

/// A coordinate, to 0.1 px.
func svgNumber(_ value: Double) -> String {
    JSONLine.formatNumber((value * 10).rounded() / 10)
}

/// An × of half-size `size` centred on `point`, as path data.
func svgCross(at point: (x: Double, y: Double), size: Double) -> String {
    "M\(svgNumber(point.x - size)),\(svgNumber(point.y - size)) L\(svgNumber(point.x + size)),\(svgNumber(point.y + size)) "
        + "M\(svgNumber(point.x - size)),\(svgNumber(point.y + size)) L\(svgNumber(point.x + size)),\(svgNumber(point.y - size))"
}
