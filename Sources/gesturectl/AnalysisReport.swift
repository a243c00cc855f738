import DismissKit

/// What `gesturectl analyze` prints: a table a person reads, or JSON Lines.
struct AnalysisReport {
    let outcomes: [AnalyzeCommand.Outcome]
    /// Recordings of a folder left out for want of a scene.
    let skipped: [(path: String, reason: String)]
    /// Whether a second configuration was analysed (`--compare-config`).
    let comparing: Bool

    /// The distribution of a figure: its count, least, median, 90th percentile and greatest.
    struct Spread {
        var count = 0
        var least = 0.0
        var median = 0.0
        var ninetieth = 0.0
        var greatest = 0.0

        init(_ values: [Double]) {
            let sorted = values.sorted()
            guard !sorted.isEmpty else { return }
            count = sorted.count
            least = sorted[0]
            median = sorted[(sorted.count - 1) / 2]
            ninetieth = sorted[(sorted.count - 1) * 9 / 10]
            greatest = sorted[sorted.count - 1]
        }

        var text: String {
            count == 0 ? "none" : "n \(count), least \(figure(least)), median \(figure(median)), "
                + "90th percentile \(figure(ninetieth)), greatest \(figure(greatest))"
        }

        var json: JSONLine.Value {
            var line = JSONLine()
            line.set("count", .integer(Int64(count)))
            if count > 0 {
                line.set("least", .number(least))
                line.set("median", .number(median))
                line.set("ninetieth", .number(ninetieth))
                line.set("greatest", .number(greatest))
            }
            return .object(line)
        }
    }

    /// The analyses that succeeded, with their recordings.
    private var analysed: [(path: String, analysed: AnalyzeCommand.Analysed)] {
        outcomes.compactMap { outcome in
            if case .success(let analysed) = outcome.result { (outcome.entry.path, analysed) } else { nil }
        }
    }

    /// Every recording's changes between the two configurations.
    private var changes: [(path: String, time: Int64, before: [String], after: [String])] {
        analysed.flatMap { entry in
            entry.analysed.second.map { second in
                GestureAnalysis.changes(from: entry.analysed.first, to: second).map { (entry.path, $0.time, $0.before, $0.after) }
            } ?? []
        }
    }

    // MARK: - Table

    func tableLines() -> [String] {
        var header = ["recording", "drags", "dismiss", "settle", "cancel", "handed back", "taps", "median velocity",
                      "at 0 pt/s", "median rest", "near misses", "rejected", "cancelled", "expected"]
        if comparing { header += ["changes", "expected (compared)"] }
        var rows = [header]
        for (path, analysed) in analysed {
            let analysis = analysed.first
            let ends = Self.ends(of: analysis)
            var row = [MessageWriter.escaped(path), String(ends.values.reduce(0, +)), String(ends[.dismissAttempt] ?? 0), String(ends[.settle] ?? 0),
                       String(ends[.cancel] ?? 0), String(ends[.handedBack] ?? 0), String(analysis.taps.count)]
            let velocities = analysis.releases.map(\.velocity)
            row.append(velocities.isEmpty ? "-" : figure(Spread(velocities).median) + " pt/s")
            row.append(String(velocities.filter { $0 == 0 }.count))
            row.append(analysis.releases.isEmpty ? "-" : figure(Spread(analysis.releases.map { Double($0.rest) / 1000 }).median) + " ms")
            row += [String(analysis.nearMisses.count), String(analysis.rejections.values.reduce(0, +)), String(analysis.cancellations),
                    Self.mark(analysed.firstMatches)]
            if comparing {
                row.append(String(analysed.second.map { GestureAnalysis.changes(from: analysis, to: $0).count } ?? 0))
                row.append(Self.mark(analysed.secondMatches))
            }
            rows.append(row)
        }
        var lines = Self.aligned(rows)
        lines.append("")
        lines += corpusLines()
        return lines
    }

    private func corpusLines() -> [String] {
        let analyses = analysed.map(\.analysed.first)
        let failed = outcomes.count - analysed.count
        var lines = ["corpus: \(analysed.count) recordings analysed, \(failed) could not be, \(skipped.count) skipped"]
        for (path, reason) in skipped { lines.append("  skipped \(path): \(reason)") }
        lines.append("drags by origin and end:")
        for origin in [DragOrigin.topRegion, .scrolledContent, .grabber] {
            let ends = analyses.reduce(into: [GestureAnalysis.DragEnd: Int]()) { total, analysis in
                for (end, count) in analysis.drags[origin] ?? [:] { total[end, default: 0] += count }
            }
            lines.append("  \(origin.rawValue): " + GestureAnalysis.DragEnd.allCases.map { "\($0.rawValue) \(ends[$0] ?? 0)" }
                .joined(separator: ", "))
        }
        let releases = analyses.flatMap(\.releases)
        lines.append("release velocity (pt/s): " + Spread(releases.map(\.velocity)).text
            + "; at 0 pt/s: \(releases.filter { $0.velocity == 0 }.count)")
        lines.append("rest before a release (ms): " + Spread(releases.map { Double($0.rest) / 1000 }).text)
        lines.append("projected margin against the threshold (pt): " + Spread(releases.map(\.margin)).text)
        let taps = analyses.flatMap(\.taps)
        for kind in Set(taps.map(\.kind)).sorted() {
            lines.append("\(kind) durations (ms): " + Spread(taps.filter { $0.kind == kind }.map { Double($0.duration) / 1000 }).text)
        }
        let nearMisses = analysed.flatMap { entry in entry.analysed.first.nearMisses.map { (entry.path, $0) } }
        lines.append("near misses (within 10 % of a threshold): \(nearMisses.count)")
        for (path, miss) in nearMisses { lines.append("  \(path) at \(miss.time) µs: \(miss.description)") }
        let rejections = analyses.reduce(into: [String: Int]()) { total, analysis in
            for (reason, count) in analysis.rejections { total[reason, default: 0] += count }
        }
        lines.append("rejections: \(rejections.values.reduce(0, +))")
        for (reason, count) in rejections.sorted(by: { $0.key < $1.key }) { lines.append("  \(reason): \(count)") }
        lines.append("cancellations (keepEditing): \(analyses.map(\.cancellations).reduce(0, +))")
        let expected = analysed.filter { $0.analysed.firstMatches != nil }
        if !expected.isEmpty {
            var line = "expected intents matched: \(expected.filter { $0.analysed.firstMatches == true }.count) of \(expected.count)"
            if comparing { line += "; with --compare-config: \(expected.filter { $0.analysed.secondMatches == true }.count) of \(expected.count)" }
            lines.append(line)
        }
        if comparing {
            let changes = changes
            lines.append("decisions that change with --compare-config: \(changes.count) in \(Set(changes.map(\.path)).count) recordings")
            for change in changes {
                lines.append("  \(change.path) at \(change.time) µs: \(Self.listed(change.before)) → \(Self.listed(change.after))")
            }
        }
        return lines
    }

    private static func ends(of analysis: GestureAnalysis) -> [GestureAnalysis.DragEnd: Int] {
        analysis.drags.values.reduce(into: [:]) { total, ends in
            for (end, count) in ends { total[end, default: 0] += count }
        }
    }

    private static func mark(_ matches: Bool?) -> String {
        matches.map { $0 ? "yes" : "no" } ?? "-"
    }

    private static func listed(_ decisions: [String]) -> String {
        decisions.isEmpty ? "nothing" : decisions.joined(separator: "; ")
    }

    /// The rows in columns, the first left-aligned and the others right-aligned.
    private static func aligned(_ rows: [[String]]) -> [String] {
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.indices.map { column in
                let padding = String(repeating: " ", count: widths[column] - row[column].count)
                return column == 0 ? row[column] + padding : padding + row[column]
            }.joined(separator: "  ")
        }
    }

    // MARK: - JSON Lines

    func jsonLines() -> [String] {
        var lines: [String] = []
        for outcome in outcomes {
            switch outcome.result {
            case .success(let analysed):
                var line = Self.json(of: analysed.first)
                line.set("type", .string("recording"))
                line.set("recording", .string(outcome.entry.path))
                if let scenePath = outcome.entry.scenePath { line.set("scene", .string(scenePath)) }
                if let matches = analysed.firstMatches { line.set("matchesExpected", .bool(matches)) }
                if let matches = analysed.secondMatches { line.set("comparedMatchesExpected", .bool(matches)) }
                lines.append(line.text)
            case .failure(let error):
                var line = JSONLine()
                line.set("type", .string("error"))
                line.set("recording", .string(outcome.entry.path))
                line.set("error", .string(error.description))
                lines.append(line.text)
            }
        }
        for (path, reason) in skipped {
            var line = JSONLine()
            line.set("type", .string("skipped"))
            line.set("recording", .string(path))
            line.set("reason", .string(reason))
            lines.append(line.text)
        }
        for change in changes {
            var line = JSONLine()
            line.set("type", .string("change"))
            line.set("recording", .string(change.path))
            line.set("time", .integer(change.time))
            line.set("before", .strings(change.before))
            line.set("after", .strings(change.after))
            lines.append(line.text)
        }
        var corpus = Self.json(of: analysed.map(\.analysed.first))
        corpus.set("type", .string("corpus"))
        corpus.set("analysed", .integer(Int64(analysed.count)))
        corpus.set("failed", .integer(Int64(outcomes.count - analysed.count)))
        corpus.set("skipped", .integer(Int64(skipped.count)))
        let expected = analysed.filter { $0.analysed.firstMatches != nil }
        corpus.set("withExpected", .integer(Int64(expected.count)))
        corpus.set("matchExpected", .integer(Int64(expected.filter { $0.analysed.firstMatches == true }.count)))
        if comparing {
            corpus.set("comparedMatchExpected", .integer(Int64(expected.filter { $0.analysed.secondMatches == true }.count)))
            corpus.set("changes", .integer(Int64(changes.count)))
        }
        lines.append(corpus.text)
        return lines
    }

    /// The figures of one analysis, or of several together.
    private static func json(of analyses: GestureAnalysis...) -> JSONLine { json(of: analyses) }

    private static func json(of analyses: [GestureAnalysis]) -> JSONLine {
        var line = JSONLine()
        var drags = JSONLine()
        for origin in [DragOrigin.topRegion, .scrolledContent, .grabber] {
            var ends = JSONLine()
            for end in GestureAnalysis.DragEnd.allCases {
                ends.set(end.rawValue, .integer(Int64(analyses.map { $0.drags[origin]?[end] ?? 0 }.reduce(0, +))))
            }
            drags.set(origin.rawValue, .object(ends))
        }
        line.set("drags", .object(drags))
        let releases = analyses.flatMap(\.releases)
        line.set("releaseVelocity", Spread(releases.map(\.velocity)).json)
        line.set("releasesAtZeroVelocity", .integer(Int64(releases.filter { $0.velocity == 0 }.count)))
        line.set("restMilliseconds", Spread(releases.map { Double($0.rest) / 1000 }).json)
        line.set("margin", Spread(releases.map(\.margin)).json)
        var taps = JSONLine()
        let allTaps = analyses.flatMap(\.taps)
        for kind in Set(allTaps.map(\.kind)).sorted() {
            taps.set(kind, Spread(allTaps.filter { $0.kind == kind }.map { Double($0.duration) / 1000 }).json)
        }
        line.set("tapMilliseconds", .object(taps))
        line.set("nearMisses", .array(analyses.flatMap(\.nearMisses).map { miss in
            var object = JSONLine()
            object.set("time", .integer(miss.time))
            object.set("description", .string(miss.description))
            return .object(object)
        }))
        var rejections = JSONLine()
        let reasons = analyses.reduce(into: [String: Int]()) { total, analysis in
            for (reason, count) in analysis.rejections { total[reason, default: 0] += count }
        }
        for (reason, count) in reasons { rejections.set(reason, .integer(Int64(count))) }
        line.set("rejections", .object(rejections))
        line.set("cancellations", .integer(Int64(analyses.map(\.cancellations).reduce(0, +))))
        return line
    }
}

/// A figure as a person reads it: to 0.1 below 100, to 1 above.
private func figure(_ value: Double) -> String {
    GestureAnalysis.rounded(value)
}
