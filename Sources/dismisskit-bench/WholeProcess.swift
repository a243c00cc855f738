import DismissKit
import Glibc

/// Whole-process figures: `gesturectl replay` beside the program it is compared with, run in
/// turns in the same session so that both see the same machine.
struct WholeProcess {
    let gesturectl: String
    let scratch: String
    /// The `measure` program, when it could be built.
    let measure: String?

    private func run(_ arguments: [String]) -> ProcessRun {
        measureProcess(arguments, measure: measure, scratch: scratch)
    }

    /// Runs `replay` and `anchor` `pairs` times each, alternating which goes first; in each pair
    /// the replay runs `replayRepeats` times and counts with its median run (for a replay much
    /// shorter than its anchor, whose few runs are at the mercy of a busy moment).
    /// - Returns: the runs, or the error of the first run that failed.
    func paired(replay: [String], anchor: [String], pairs: Int, replayRepeats: Int = 1)
        -> (replay: [ProcessRun], anchor: [ProcessRun])?
    {
        var replays: [ProcessRun] = []
        var anchors: [ProcessRun] = []
        for pair in 0..<pairs {
            for replayFirst in [pair % 2 == 0, pair % 2 != 0] {
                var runs: [ProcessRun] = []
                for _ in 0..<(replayFirst ? replayRepeats : 1) {
                    let run = self.run(replayFirst ? replay : anchor)
                    guard run.status == 0 else {
                        progress("\((replayFirst ? replay : anchor).joined(separator: " ")) failed (\(run.status)): \(run.errors)")
                        return nil
                    }
                    runs.append(run)
                }
                let median = runs.sorted { $0.cpu < $1.cpu }[runs.count / 2]
                if replayFirst { replays.append(median) } else { anchors.append(median) }
            }
        }
        return (replays, anchors)
    }

    /// How a replay compares with its anchor: either as a speed (anchor time / replay time,
    /// higher is faster) or as a time (replay time / anchor time).
    enum Comparison {
        case speed(atLeast: Double?)
        case time(atMost: Double?)
    }

    /// A replay beside its anchor. Times are CPU seconds (user + system, from `wait4`), the
    /// medians of `pairs` runs each; the ratio is the median of the pairs' ratios (the JSON
    /// object also gives every pair's ratio and the ratio of the two fastest runs).
    func figure(id: String, label: String, replay: [String], anchor: [String], anchorName: String, anchorTitle: String,
                comparison: Comparison, input: String, megabytes: Double, pairs: Int, replayRepeats: Int = 1) -> Figure? {
        guard let (replays, anchors) = paired(replay: replay, anchor: anchor, pairs: pairs, replayRepeats: replayRepeats) else {
            return nil
        }
        let ratios = zip(replays, anchors).map { run, anchor in
            switch comparison {
            case .speed: anchor.cpu / max(run.cpu, 1e-9)
            case .time: run.cpu / max(anchor.cpu, 1e-9)
            }
        }
        let ratio = median(ratios)
        let fastestReplay = replays.map(\.cpu).min() ?? 0
        let fastestAnchor = anchors.map(\.cpu).min() ?? 0
        let bestRatio = switch comparison {
        case .speed: fastestAnchor / max(fastestReplay, 1e-9)
        case .time: fastestReplay / max(fastestAnchor, 1e-9)
        }
        let replayCPU = median(replays.map(\.cpu))
        let anchorCPU = median(anchors.map(\.cpu))
        let comparisonText: String
        var target: String?
        var met: Bool?
        switch comparison {
        case .speed(let minimum):
            comparisonText = "\(decimal(ratio, digits: ratio >= 10 ? 0 : 2))× \(anchorName)'s speed"
            if let minimum {
                target = "≥ \(decimal(minimum, digits: minimum >= 10 ? 0 : 1))× \(anchorName)'s speed"
                met = ratio >= minimum
            }
        case .time(let maximum):
            comparisonText = "\(decimal(ratio, digits: 2))× \(anchorName)'s time"
            if let maximum {
                target = "≤ \(decimal(maximum, digits: maximum < 1 ? 2 : 1))× \(anchorName)'s time"
                met = ratio <= maximum
            }
        }
        return Figure(
            id: id, label: label, value: ratio, unit: comparisonText.split(separator: " ", maxSplits: 1).last.map(String.init) ?? "",
            text: "\(formatSeconds(replayCPU)) (\(decimal(megabytes / replayCPU, digits: 0)) MB/s), peak RSS \(decimal(Double(replays.map(\.peakKB).max() ?? 0) / 1024, digits: 1)) MB",
            input: input + ", \(pairs) pairs" + (replayRepeats > 1 ? " (the replay's median of \(replayRepeats) in each)" : "") + ", CPU time",
            anchor: "\(anchorTitle) \(formatSeconds(anchorCPU))", comparison: comparisonText, target: target, met: met,
            details: [
                ("replayCPUSeconds", .number(replayCPU)), ("anchorCPUSeconds", .number(anchorCPU)),
                ("replayWallSeconds", .number(median(replays.map(\.wall)))), ("anchorWallSeconds", .number(median(anchors.map(\.wall)))),
                ("replayPeakRSSKB", .integer(Int64(replays.map(\.peakKB).max() ?? 0))),
                ("anchorPeakRSSKB", .integer(Int64(anchors.map(\.peakKB).max() ?? 0))),
                ("pairRatios", .strings(ratios.map { decimal($0, digits: 3) })),
                ("ratioOfFastestRuns", .number(bestRatio)),
            ])
    }

    /// Start-up: a small replay, whole process, `runs` times, in turns with `anchor` (a program
    /// that only starts and prints, such as `libinput --version`) when there is one, the first
    /// of each pair alternating; the ratio is of the two medians of wall time, at most
    /// `ratioLimit`, and the largest peak RSS at most `peakLimitMB`.
    func startup(id: String, label: String, recording: String, scene: String, anchor: [String]?, runs: Int,
                 ratioLimit: Double, peakLimitMB: Double) -> Figure? {
        let arguments = [gesturectl, "replay", recording, "--scene", scene]
        var results: [ProcessRun] = []
        var anchors: [ProcessRun] = []
        for index in 0..<runs {
            for replayFirst in [index % 2 == 0, index % 2 != 0] {
                guard replayFirst || anchor != nil else { continue }
                let command = replayFirst ? arguments : anchor ?? []
                let run = self.run(command)
                guard run.status == 0 else {
                    progress("\(command.joined(separator: " ")) failed (\(run.status)): \(run.errors)")
                    return nil
                }
                if replayFirst { results.append(run) } else { anchors.append(run) }
            }
        }
        let wall = median(results.map(\.wall))
        let fastest = results.map(\.wall).min() ?? 0
        let peakKB = results.map(\.peakKB).max() ?? 0
        let peakMB = Double(peakKB) / 1024
        let anchorWall = median(anchors.map(\.wall))
        let ratio = anchors.isEmpty ? nil : wall / max(anchorWall, 1e-9)
        var details: [(String, JSONLine.Value)] = [
            ("fastestMilliseconds", .number(fastest * 1e3)), ("cpuMilliseconds", .number(median(results.map(\.cpu)) * 1e3)),
            ("peakRSSKB", .integer(Int64(peakKB))),
        ]
        if let ratio {
            details += [("anchorMilliseconds", .number(anchorWall * 1e3)), ("ratio", .number(ratio)),
                        ("anchorPeakRSSKB", .integer(Int64(anchors.map(\.peakKB).max() ?? 0)))]
        }
        let anchorName = anchor.map { ($0.first?.split(separator: "/").last.map(String.init) ?? "") + " " + $0.dropFirst().joined(separator: " ") }
        func limit(_ value: Double) -> String { decimal(value, digits: value == value.rounded() ? 0 : 1) }
        let peakTarget = "≤ \(limit(peakLimitMB)) MB"
        return Figure(
            id: id, label: label, value: wall * 1e3, unit: "ms",
            text: "\(decimal(wall * 1e3, digits: 1)) ms (fastest \(decimal(fastest * 1e3, digits: 1)) ms), peak RSS \(decimal(peakMB, digits: 1)) MB",
            input: "`gesturectl replay` of `\(recording.split(separator: "/").last ?? "")` with its scene, median of \(runs) runs"
                + (anchor == nil ? "" : " in turns with the anchor") + ", wall time",
            anchor: anchorName.map { "`\($0)` \(decimal(anchorWall * 1e3, digits: 1)) ms" },
            comparison: ratio.map { "\(decimal($0, digits: 2))× its time" },
            target: ratio == nil ? peakTarget : "≤ \(limit(ratioLimit))× its time, " + peakTarget,
            met: (ratio.map { $0 <= ratioLimit } ?? true) && peakMB <= peakLimitMB,
            details: details)
    }

    /// How a whole run grows with its input: its CPU time and peak RSS on an input and on one 4×
    /// as large, each the median of `runs`. Linear time is at most 5× (the start-up is paid
    /// once); `flatMemory` asks for a peak within 2 MB, otherwise at most 5× too.
    func growth(id: String, label: String, small: String, large: String, input: String, flatMemory: Bool, runs: Int,
                arguments: (String) -> [String]) -> Figure? {
        var medians: [ProcessRun] = []
        for path in [small, large] {
            var measured: [ProcessRun] = []
            for _ in 0..<runs {
                let run = self.run([gesturectl] + arguments(path))
                guard run.status == 0 else {
                    progress("\(([gesturectl] + arguments(path)).joined(separator: " ")) failed (\(run.status)): \(run.errors)")
                    return nil
                }
                measured.append(run)
            }
            medians.append(measured.sorted { $0.cpu < $1.cpu }[runs / 2])
        }
        let (before, after) = (medians[0], medians[1])
        let timeRatio = after.cpu / max(before.cpu, 1e-9)
        let memoryRatio = Double(after.peakKB) / Double(max(before.peakKB, 1))
        let memoryGrowth = Double(after.peakKB - before.peakKB) / 1024
        let memoryMet = flatMemory ? abs(memoryGrowth) <= 2 : memoryRatio <= 5
        func side(_ run: ProcessRun) -> String {
            "\(decimal(run.cpu, digits: 2)) s, \(decimal(Double(run.peakKB) / 1024, digits: 1)) MB"
        }
        return Figure(
            id: id, label: label, value: timeRatio, unit: "×",
            text: "\(side(before)) → \(side(after)): time ×\(decimal(timeRatio, digits: 2)), peak RSS "
                + (flatMemory ? "\(memoryGrowth >= 0 ? "+" : "")\(decimal(memoryGrowth, digits: 1)) MB" : "×\(decimal(memoryRatio, digits: 2))"),
            input: input,
            target: "time ≤ 5× for 4× the input, peak RSS " + (flatMemory ? "± 2 MB" : "≤ 5×"),
            met: timeRatio <= 5 && memoryMet,
            details: [("smallCPUSeconds", .number(before.cpu)), ("largeCPUSeconds", .number(after.cpu)),
                      ("smallPeakRSSKB", .integer(Int64(before.peakKB))), ("largePeakRSSKB", .integer(Int64(after.peakKB)))])
    }

    /// Peak RSS of the same run on a small and a large input: within `limit` MB of each other.
    func peakMemory(id: String, label: String, small: String, large: String, input: String, limit: Double,
                    arguments: (String) -> [String]) -> Figure? {
        var peaks: [Int] = []
        for path in [small, large] {
            let command = [gesturectl] + arguments(path)
            let run = self.run(command)
            guard run.status == 0 else {
                progress("\(command.joined(separator: " ")) failed (\(run.status)): \(run.errors)")
                return nil
            }
            peaks.append(run.peakKB)
        }
        let difference = Double(peaks[1] - peaks[0]) / 1024
        return Figure(
            id: id, label: label, value: difference, unit: "MB",
            text: "\(decimal(Double(peaks[0]) / 1024, digits: 1)) MB → \(decimal(Double(peaks[1]) / 1024, digits: 1)) MB "
                + "(\(difference >= 0 ? "+" : "")\(decimal(difference, digits: 1)) MB)",
            input: input,
            target: "± \(decimal(limit, digits: 0)) MB", met: abs(difference) <= limit,
            details: [("smallPeakRSSKB", .integer(Int64(peaks[0]))), ("largePeakRSSKB", .integer(Int64(peaks[1])))])
    }
}
