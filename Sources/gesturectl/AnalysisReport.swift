import DismissKit

/// What `gesturectl analyze` prints: a table a person reads, or JSON Lines.
struct AnalysisReport {
    let outcomes: [AnalyzeCommand.Outcome]
    /// Recordings of a folder left out for want of a scene.
    let skipped: [(path: String, reason: String)]
    /// Whether a second configuration was analysed (`--compare-config`).
    let comparing: Bool
    /// Whether the table has every column and whole names (`--wide`) rather than fitting `narrowWidth`.
    let wide: Bool

    /// The columns the table fits by default.
    static let narrowWidth = 100

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
    private var changes: [(path: String, change: GestureAnalysis.Change)] {
        analysed.flatMap { entry in
            entry.analysed.second.map { second in
                GestureAnalysis.changes(from: entry.analysed.first, to: second).map { (entry.path, $0) }
            } ?? []
        }
    }

    /// The folder every path named shares ("" when none), which the text names once.
    private var folder: String {
        let paths = outcomes.map { $0.entry.path } + skipped.map { $0.path }
        guard var common = paths.first.map({ String($0[...($0.lastIndex(of: "/") ?? $0.startIndex)]) }), common.hasSuffix("/") else {
            return ""
        }
        for path in paths.dropFirst() {
            while !common.isEmpty && !path.hasPrefix(common) {
                common.removeLast()
                common = common.lastIndex(of: "/").map { String(common[...$0]) } ?? ""
            }
        }
        return common
    }

    /// A path as the text names it: within the shared folder.
    private func named(_ path: String) -> String {
        let folder = folder
        return path.hasPrefix(folder) ? String(path.dropFirst(folder.count)) : path
    }

    // MARK: - Table

    func tableLines() -> [String] {
        var header = wide
            ? ["recording", "drags", "dismiss", "settle", "cancel", "handed back", "taps", "median velocity",
               "at 0 pt/s", "median rest", "near misses", "rejected", "cancelled", "expected"]
            : comparing ? ["recording", "drags", "dismiss", "settle", "cancel", "near", "expected"]
            : ["recording", "drags", "dismiss", "settle", "cancel", "taps", "near", "rejected", "expected"]
        if comparing { header += ["changes", "compared"] }
        var rows = [header]
        for (path, analysed) in analysed {
            let analysis = analysed.first
            let ends = Self.ends(of: analysis)
            let velocities = analysis.releases.map { $0.velocity }
            var row = [escapingControlCharacters(named(path)), String(ends.values.reduce(0, +)), String(ends[.dismissAttempt] ?? 0), String(ends[.settle] ?? 0),
                       String(ends[.cancel] ?? 0)]
            if wide {
                row += [String(ends[.handedBack] ?? 0), String(analysis.taps.count),
                        velocities.isEmpty ? "-" : figure(Spread(velocities).median) + " pt/s",
                        String(velocities.filter { $0 == 0 }.count),
                        analysis.releases.isEmpty ? "-" : figure(Spread(analysis.releases.map { Double($0.rest) / 1000 }).median) + " ms",
                        String(analysis.nearMisses.count), String(analysis.rejections.values.reduce(0, +)), String(analysis.cancellations)]
            } else if comparing {
                row += [String(analysis.nearMisses.count)]
            } else {
                row += [String(analysis.taps.count), String(analysis.nearMisses.count), String(analysis.rejections.values.reduce(0, +))]
            }
            row.append(Self.mark(analysed.firstMatches))
            if comparing {
                row.append(String(analysed.second.map { GestureAnalysis.changes(from: analysis, to: $0).count } ?? 0))
                row.append(Self.mark(analysed.secondMatches))
            }
            rows.append(row)
        }
        if !wide {
            // The names give way: the other columns and their gaps, and the rest for the names.
            let others = header.indices.dropFirst().map { column in rows.map { $0[column].count }.max() ?? 0 }.reduce(0, +)
            let room = max(Self.narrowWidth - others - 2 * (header.count - 1), 12)
            for index in rows.indices { rows[index][0] = Self.shortened(rows[index][0], to: room) }
        }
        var lines = folder.isEmpty ? [] : ["recordings in \(folder)"]
        lines += Self.aligned(rows)
        if !wide {
            lines.append("near: near misses (within 10 %); expected: gives the intents beside it"
                + (comparing ? "; compared: with --compare-config" : "") + "; --wide: every column")
        }
        lines.append("")
        lines += corpusLines()
        return wide ? lines : lines.flatMap { Self.wrapped($0, to: Self.narrowWidth) }
    }

    /// A line broken at spaces to fit `width`, each further part indented 4 more than the line.
    private static func wrapped(_ line: String, to width: Int) -> [String] {
        guard line.count > width else { return [line] }
        let margin = String(line.prefix { $0 == " " })
        var parts: [String] = []
        var current = margin
        for word in line.dropFirst(margin.count).split(separator: " ") {
            if current.count > margin.count && current.count + 1 + word.count > width {
                parts.append(current)
                current = margin + "    " + word
            } else {
                current += (current.count > margin.count ? " " : "") + word
            }
        }
        return parts + [current]
    }

    /// A name cut in its middle to `width` characters, with an ellipsis where it is cut.
    private static func shortened(_ name: String, to width: Int) -> String {
        guard name.count > width else { return name }
        let kept = width - 1
        return String(name.prefix(kept - kept / 2)) + "…" + String(name.suffix(kept / 2))
    }

    private func corpusLines() -> [String] {
        let analyses = analysed.map { $0.analysed.first }
        let failed = outcomes.count - analysed.count
        var lines = ["corpus: \(analysed.count) recordings analysed, \(failed) could not be, \(skipped.count) skipped"]
        for (path, reason) in skipped { lines.append("  skipped \(named(path)): \(reason)") }
        lines.append("drags by origin and end:")
        for origin in [DragOrigin.topRegion, .scrolledContent, .grabber] {
            let ends = analyses.reduce(into: [GestureAnalysis.DragEnd: Int]()) { total, analysis in
                for (end, count) in analysis.drags[origin] ?? [:] { total[end, default: 0] += count }
            }
            lines.append("  \(origin.rawValue): " + GestureAnalysis.DragEnd.allCases.map { "\($0.rawValue) \(ends[$0] ?? 0)" }
                .joined(separator: ", "))
        }
        let releases = analyses.flatMap { $0.releases }
        lines.append("release velocity (pt/s): " + Spread(releases.map { $0.velocity }).text
            + "; at 0 pt/s: \(releases.filter { $0.velocity == 0 }.count)")
        lines.append("rest before a release (ms): " + Spread(releases.map { Double($0.rest) / 1000 }).text)
        lines.append("projected margin against the threshold (pt): " + Spread(releases.map { $0.margin }).text)
        let taps = analyses.flatMap { $0.taps }
        for kind in Set(taps.map { $0.kind }).sorted() {
            lines.append("\(kind) durations (ms): " + Spread(taps.filter { $0.kind == kind }.map { Double($0.duration) / 1000 }).text)
        }
        let nearMisses = analysed.flatMap { entry in entry.analysed.first.nearMisses.map { (entry.path, $0) } }
        lines.append("near misses (within 10 % of a threshold): \(nearMisses.count)")
        for setting in Set(nearMisses.map { $0.1.setting ?? "" }).sorted() {
            let group = nearMisses.filter { ($0.1.setting ?? "") == setting }
            lines.append("  " + (setting.isEmpty ? "decided by a rule, no setting" : "decided by \(setting)") + ": \(group.count)")
            for (path, miss) in group {
                lines.append("    \(named(path)) at \(Self.milliseconds(miss.time)): \(miss.description)")
                lines.append("      \(miss.turn)")
            }
        }
        let rejections = analyses.reduce(into: [String: Int]()) { total, analysis in
            for (reason, count) in analysis.rejections { total[reason, default: 0] += count }
        }
        lines.append("rejections: \(rejections.values.reduce(0, +))")
        for (reason, count) in rejections.sorted(by: { $0.key < $1.key }) { lines.append("  \(reason): \(count)") }
        lines.append("cancellations (keepEditing): \(analyses.map { $0.cancellations }.reduce(0, +))")
        let hidings = Self.keyboardHidings(of: analyses)
        lines.append("keyboard hidden first (hideKeyboard): \(hidings.values.reduce(0, +))")
        for reason in KeyboardHidingReason.allCases { if let count = hidings[reason] { lines.append("  \(reason.rawValue): \(count)") } }
        let expected = analysed.filter { $0.analysed.firstMatches != nil }
        if !expected.isEmpty {
            var line = "expected intents matched: \(expected.filter { $0.analysed.firstMatches == true }.count) of \(expected.count)"
            if comparing { line += "; with --compare-config: \(expected.filter { $0.analysed.secondMatches == true }.count) of \(expected.count)" }
            lines.append(line)
        }
        if comparing {
            let changes = changes
            let knockOn = changes.filter { $0.change.isKnockOn }
            lines.append("decisions that change with --compare-config: \(changes.count) in \(Set(changes.map { $0.path }).count) recordings, "
                + "\(changes.count - knockOn.count) direct and \(knockOn.count) knock-on")
            for (title, part) in [("direct", changes.filter { !$0.change.isKnockOn }),
                                  ("knock-on (after a direct change, the sessions present different things)", knockOn)] where !part.isEmpty {
                lines.append("  \(title):")
                for (path, change) in part {
                    lines.append("    \(named(path)) at \(Self.milliseconds(change.time)): \(Self.listed(change.before)) → \(Self.listed(change.after))")
                }
            }
        }
        return lines
    }

    /// A time in µs as the text gives every time: milliseconds.
    private static func milliseconds(_ microseconds: Int64) -> String {
        figure(Double(microseconds) / 1000) + " ms"
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
        for (path, change) in changes {
            var line = JSONLine()
            line.set("type", .string("change"))
            line.set("recording", .string(path))
            line.set("time", .integer(change.time))
            line.set("before", .strings(change.before))
            line.set("after", .strings(change.after))
            line.set("knockOn", .bool(change.isKnockOn))
            lines.append(line.text)
        }
        var corpus = Self.json(of: analysed.map { $0.analysed.first })
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
            corpus.set("knockOnChanges", .integer(Int64(changes.filter { $0.change.isKnockOn }.count)))
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
        let releases = analyses.flatMap { $0.releases }
        line.set("releaseVelocity", Spread(releases.map { $0.velocity }).json)
        line.set("releasesAtZeroVelocity", .integer(Int64(releases.filter { $0.velocity == 0 }.count)))
        line.set("restMilliseconds", Spread(releases.map { Double($0.rest) / 1000 }).json)
        line.set("margin", Spread(releases.map { $0.margin }).json)
        var taps = JSONLine()
        let allTaps = analyses.flatMap { $0.taps }
        for kind in Set(allTaps.map { $0.kind }).sorted() {
            taps.set(kind, Spread(allTaps.filter { $0.kind == kind }.map { Double($0.duration) / 1000 }).json)
        }
        line.set("tapMilliseconds", .object(taps))
        line.set("nearMisses", .array(analyses.flatMap { $0.nearMisses }.map { miss in
            var object = JSONLine()
            object.set("time", .integer(miss.time))
            object.set("description", .string(miss.description))
            object.set("setting", miss.setting.map { .string($0) } ?? .null)
            object.set("turn", .string(miss.turn))
            return .object(object)
        }))
        var rejections = JSONLine()
        let reasons = analyses.reduce(into: [String: Int]()) { total, analysis in
            for (reason, count) in analysis.rejections { total[reason, default: 0] += count }
        }
        for (reason, count) in reasons { rejections.set(reason, .integer(Int64(count))) }
        line.set("rejections", .object(rejections))
        line.set("cancellations", .integer(Int64(analyses.map { $0.cancellations }.reduce(0, +))))
        var hidings = JSONLine()
        for (reason, count) in Self.keyboardHidings(of: analyses) { hidings.set(reason.rawValue, .integer(Int64(count))) }
        line.set("hideKeyboard", .object(hidings))
        return line
    }

    /// The `hideKeyboard` intents of every recording, by reason.
    private static func keyboardHidings(of analyses: [GestureAnalysis]) -> [KeyboardHidingReason: Int] {
        analyses.reduce(into: [:]) { total, analysis in
            for (reason, count) in analysis.keyboardHidings { total[reason, default: 0] += count }
        }
    }
}

/// A figure as a person reads it: to 0.1 below 100, to 1 above.
private func figure(_ value: Double) -> String {
    GestureAnalysis.rounded(value)
}
