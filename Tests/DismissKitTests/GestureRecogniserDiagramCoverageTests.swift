import Foundation
import Testing

/// Every row of the recogniser's transition tables (`GestureRecogniser.md`: the states' own rows
/// and the rows every gesture state shares) has one test in the core's tests that quotes it
/// whole in a `/// Diagram row: ` line, and every such quote is a row of those tables: a row
/// added, changed or left without its test fails here.
@Suite struct GestureRecogniserDiagramCoverageTests {
    /// The headers of the two transition tables.
    static let headers: Set<String> = ["| state | input | to | output |", "| input | when | to | output |"]
    static let quotePrefix = "/// Diagram row: "

    /// The rows of the transition tables in `diagram`, as written.
    static func rows(in diagram: String) -> [String] {
        var rows: [String] = []
        var inTable = false
        for line in diagram.components(separatedBy: "\n") {
            if headers.contains(line) {
                inTable = true
            } else if !line.hasPrefix("|") {
                inTable = false
            } else if inTable && !line.hasPrefix("|---") {
                rows.append(line)
            }
        }
        return rows
    }

    /// The rows that `source` quotes.
    static func quotedRows(in source: String) -> [String] {
        source.components(separatedBy: "\n").compactMap { line in
            let text = line.trimmingCharacters(in: .whitespaces)
            return text.hasPrefix(quotePrefix) ? String(text.dropFirst(quotePrefix.count)) : nil
        }
    }

    @Test func theCheckReadsOnlyTheTransitionTables() {
        let diagram = """
            | travel | sheet offset | content |
            |---|---|---|
            | `t > h` | `t − h` | at its top |

            | state | input | to | output |
            |---|---|---|---|
            | `idle` | `down` | `pressed` | |
            | `pressed` | `up` | resting | |
            Every touch is checked.

            | input | when | to | output |
            |---|---|---|---|
            | `cancelGesture` | the screen changed | resting | |
            """
        #expect(Self.rows(in: diagram) == ["| `idle` | `down` | `pressed` | |", "| `pressed` | `up` | resting | |",
                                           "| `cancelGesture` | the screen changed | resting | |"])
        #expect(Self.quotedRows(in: "    /// Diagram row: | `idle` | `down` | `pressed` | |\n    /// Diagram rows") == ["| `idle` | `down` | `pressed` | |"])
    }

    @Test func everyRowOfTheDiagramHasTheTestThatNamesIt() throws {
        let diagram = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("Sources/DismissKitCore/Recogniser/GestureRecogniser.md"),
                                 encoding: .utf8)
        let rows = Self.rows(in: diagram)
        #expect(rows.count > 20)
        let tests = TestPaths.packageRoot.appendingPathComponent("Tests/DismissKitCoreTests")
        var quotes: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: tests.path).sorted() where file.hasSuffix(".swift") {
            quotes += Self.quotedRows(in: try String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8))
        }
        for row in rows {
            #expect(quotes.filter { $0 == row }.count == 1, "quoted \(quotes.filter { $0 == row }.count) times: \(row)")
        }
        for quote in quotes where !rows.contains(quote) {
            Issue.record("a quote that is no row of the diagram: \(quote)")
        }
    }
}
