import DismissKit
import Glibc

/// One measured figure: a JSON object with `--json`, a row of the table otherwise.
struct Figure {
    /// A stable name, such as `core` or `replay-evemu-touch-events`.
    var id: String
    /// What is measured, for people.
    var label: String
    var value: Double
    var unit: String
    /// The result as the table shows it.
    var text: String
    /// What the figure is measured on.
    var input: String
    /// What it was measured beside in the same run, and how it compares (`1.05× libyaml's speed`).
    var anchor: String?
    var comparison: String?
    /// The figure's goal and whether this run met it.
    var target: String?
    var met: Bool?
    /// More numbers for the JSON object.
    var details: [(String, JSONLine.Value)] = []

    var json: String {
        var line = JSONLine()
        line.set("figure", .string(id))
        line.set("label", .string(label))
        line.set("value", .number(value))
        line.set("unit", .string(unit))
        line.set("input", .string(input))
        if let anchor { line.set("anchor", .string(anchor)) }
        if let comparison { line.set("comparison", .string(comparison)) }
        if let target { line.set("target", .string(target)) }
        if let met { line.set("met", .bool(met)) }
        for (key, value) in details { line.set(key, value) }
        return line.text
    }
}

/// Prints figures as they come: JSON Lines, or the rows of a Markdown table.
struct Report {
    let json: Bool
    private var headerPrinted = false
    private(set) var figures: [Figure] = []

    init(json: Bool) {
        self.json = json
    }

    mutating func add(_ figure: Figure) {
        figures.append(figure)
        if json {
            writeStandardOutput(figure.json + "\n")
        } else {
            if !headerPrinted {
                writeStandardOutput("| figure | result | beside it, same run | target | input |\n|---|---|---|---|---|\n")
                headerPrinted = true
            }
            let beside = [figure.anchor, figure.comparison].compactMap { $0 }.joined(separator: ": ")
            let target = figure.target.map { "\($0) \(figure.met == true ? "✓" : figure.met == false ? "✗" : "")" } ?? ""
            writeStandardOutput("| \(figure.label) | \(figure.text) | \(beside) | \(target) | \(figure.input) |\n")
        }
    }

    /// A figure that could not be measured, and why.
    mutating func skip(_ id: String, label: String, reason: String) {
        add(Figure(id: id, label: label, value: 0, unit: "", text: "skipped: \(reason)", input: "",
                   details: [("skipped", .string(reason))]))
    }
}

/// Progress for people, on standard error.
func progress(_ message: String) {
    writeStandardError("dismisskit-bench: \(message)\n")
}

func writeStandardOutput(_ text: String) { writeAll(text, to: STDOUT_FILENO) }
func writeStandardError(_ text: String) { writeAll(text, to: STDERR_FILENO) }

private func writeAll(_ text: String, to descriptor: Int32) {
    try? SystemCall.writeAll(Array(text.utf8)) { write(descriptor, $0, $1) }
}

/// `12.3 M`, `456 k` or `789`.
func formatCount(_ value: Double) -> String {
    if value >= 1e6 { return "\(decimal(value / 1e6, digits: value >= 1e8 ? 0 : 1)) M" }
    if value >= 1e4 { return "\(decimal(value / 1e3, digits: 0)) k" }
    return decimal(value, digits: value >= 100 ? 0 : 1)
}

/// `value` with `digits` decimals.
func decimal(_ value: Double, digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    guard digits > 0 else { return String(Int(rounded)) }
    let text = String(rounded)
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    let fraction = parts.count > 1 ? String(parts[1].prefix(digits)) : ""
    return parts[0] + "." + fraction + String(repeating: "0", count: max(0, digits - fraction.count))
}

/// Seconds as `1.23 s`, `45.6 ms` or `789 µs`.
func formatSeconds(_ seconds: Double) -> String {
    if seconds >= 1 { return "\(decimal(seconds, digits: 2)) s" }
    if seconds >= 1e-3 { return "\(decimal(seconds * 1e3, digits: seconds >= 0.1 ? 0 : 1)) ms" }
    return "\(decimal(seconds * 1e6, digits: 0)) µs"
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}
