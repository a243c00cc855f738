import Foundation
import Testing

/// The pure core holds no state outside its values: no global or static stored variable, no
/// lock, no atomic, nothing shared between pipelines (STYLE.md, "Avoid").
@Suite struct CoreStateTests {
    /// The lines whose declarations would give the core shared mutable state, numbered.
    static func sharedState(in source: String) -> [String] {
        let patterns = [
            #"^\s*(public |package |private |fileprivate |internal )?(static |class )?var \w+\s*(:[^{=]*)?=[^{]*$"#,
            #"^\s*(public |package |private |fileprivate |internal )*static var \w+\s*:[^{]*$"#,
            #"^var "#, #"nonisolated\(unsafe\)"#, #"\bMutex\b"#, #"\bAtomic\b"#, #"^import Synchronization"#,
            #"@unchecked Sendable"#,
        ].map { try! NSRegularExpression(pattern: $0) }
        var found: [String] = []
        var depth = 0
        for (number, line) in source.components(separatedBy: "\n").enumerated() {
            let text = line.components(separatedBy: "//")[0]
            // A stored `var` is state only at the top level or when static; inside a type it is
            // a value's own field.
            let atTopLevel = depth == 0
            let range = NSRange(text.startIndex..., in: text)
            let matches = patterns.indices.filter { index in
                guard patterns[index].firstMatch(in: text, range: range) != nil else { return false }
                return index != 0 || atTopLevel || text.contains("static var") || text.contains("class var")
            }
            if !matches.isEmpty { found.append("\(number + 1): \(line.trimmingCharacters(in: .whitespaces))") }
            depth += text.filter { $0 == "{" }.count - text.filter { $0 == "}" }.count
        }
        return found
    }

    @Test func theCheckFindsSharedState() {
        #expect(Self.sharedState(in: "var counter = 0").count == 1)
        #expect(Self.sharedState(in: "struct A {\n    static var table: [String: Int] = [:]\n}").count == 1)
        #expect(Self.sharedState(in: "enum B {\n    nonisolated(unsafe) static var x: Int\n}").count == 1)
        #expect(Self.sharedState(in: "import Synchronization\nfinal class C: @unchecked Sendable { let m = Mutex(0) }").count == 2)
        // A value's own fields, computed statics and constants are not state.
        #expect(Self.sharedState(in: "struct D {\n    var offset = 0.0\n    static var limit: Int { 3 }\n    static let names = [1]\n}").isEmpty)
    }

    @Test func theCoreHoldsNoSharedState() throws {
        let core = TestPaths.packageRoot.appendingPathComponent("Sources/DismissKitCore")
        let files = try #require(FileManager.default.enumerator(atPath: core.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 20)
        for file in files {
            let source = try String(contentsOf: core.appendingPathComponent(file), encoding: .utf8)
            #expect(Self.sharedState(in: source).isEmpty, "Sources/DismissKitCore/\(file): \(Self.sharedState(in: source))")
        }
    }
}
