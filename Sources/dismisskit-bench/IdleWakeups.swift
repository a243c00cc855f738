import DismissKit
import Glibc

/// `gesturectl run`'s wake-ups while idle, with the scene's idle rule: the run of ``IdleService``
/// with `--scene` (the rule, with nothing presented or with an unsaved sheet), its voluntary
/// context switches counted over a window once its client has its `state`. A process asleep in
/// poll(2) is switched out voluntarily only after something woke it (its timeout, a signal, an
/// event on one of its descriptors); a neighbour's load preempts a running process (involuntary
/// switches, counted apart) but wakes no sleeping one. So the count is the run's wake-ups.
enum IdleWakeups {
    /// What the scene presents under its idle rule.
    enum Presented {
        /// Nothing: the rule has nothing to reset, and no tick is pending.
        case nothing
        /// An unsaved sheet: the rule's warning is due in 9.5 minutes, a tick pending the whole window.
        case unsavedSheet
    }

    /// The scene's idle rule: a reset 10 minutes after the last activity, warned 30 s before, far
    /// beyond any window.
    static let rule = #""idle": {"after": 600000000, "warning": 30000000, "unsaved": "keep"}"#
    static let ruleDescription = "an idle rule (`after` 10 min, `warning` 30 s, `unsaved` `keep`)"

    /// How long after the `state` reply the count starts: the run has gone back to sleep by then
    /// (the reply is written before its loop waits again), so the query is not counted.
    static let settle = 1.0

    /// Voluntary and involuntary context switches of every thread of a process.
    struct Switches {
        var voluntary: Int
        var involuntary: Int
    }

    /// The figure of one run, its scene written at `scenePath`: its wake-ups per minute over
    /// `window` seconds, with a target of none when nothing is presented; nil and the reason when
    /// the run fails.
    static func figure(id: String, label: String, gesturectl: String, scenePath: String, presented: Presented,
                       window: Double, scratch: String) -> (Figure?, String) {
        guard var scene = OutputFile(path: scenePath) else { return (nil, "cannot write the scene \(scenePath)") }
        let presentations = presented == .nothing ? "[]" : #"[{"id": "compose", "style": "sheet", "unsavedChanges": true}]"#
        scene.append(#"{"presentations": \#(presentations), \#(rule)}"#)
        scene.close()
        let (measured, reason) = IdleService.run(gesturectl: gesturectl, arguments: ["--scene", scenePath], scratch: scratch) {
            (pid: pid_t, state: String) -> ((Switches, seconds: Double)?, String) in
            guard state.contains(#""idle":{"after":600000000"#) else { return (nil, "did not take the scene's idle rule: \(state)") }
            sleep(seconds: settle)
            guard let before = switches(of: pid) else { return (nil, "has no readable /proc/\(pid)/task/*/status") }
            let start = monotonicSeconds()
            sleep(seconds: window)
            let seconds = monotonicSeconds() - start
            guard let after = switches(of: pid) else { return (nil, "has no readable /proc/\(pid)/task/*/status") }
            return ((Switches(voluntary: after.voluntary - before.voluntary, involuntary: after.involuntary - before.involuntary),
                     seconds), "")
        }
        guard let (counted, seconds) = measured else { return (nil, reason) }
        let perMinute = Double(counted.voluntary) * 60 / seconds
        let what = presented == .nothing ? "\(ruleDescription) and nothing presented"
            : "\(ruleDescription) and an unsaved sheet (its warning 9.5 min away: a tick pending all along)"
        return (Figure(
            id: id, label: label, value: perMinute, unit: "wake-ups/minute",
            text: "\(decimal(perMinute, digits: 0)) a minute (\(counted.voluntary) in \(decimal(seconds, digits: 1)) s)",
            input: "`gesturectl run --socket PATH --scene FILE` on seat0 (no touchscreen: it waits for one), FILE: \(what); "
                + "one client that sent `{\"type\":\"query\"}`, read its `state` and stayed connected, silent; the voluntary "
                + "context switches of /proc/PID/task/*/status over \(decimal(window, digits: 0)) s from \(decimal(settle, digits: 0)) s "
                + "after that reply, one run",
            target: presented == .nothing
                ? "0 a minute (met only at 0: a neighbour's load cannot wake a sleeping process, so any count is a wake-up)" : nil,
            met: presented == .nothing ? counted.voluntary == 0 : nil,
            details: [("voluntarySwitches", .integer(Int64(counted.voluntary))),
                      ("involuntarySwitches", .integer(Int64(counted.involuntary))), ("windowSeconds", .number(seconds))]), "")
    }

    /// The sums of `voluntary_ctxt_switches` and `nonvoluntary_ctxt_switches` over
    /// /proc/PID/task/*/status; nil when the process has no readable task.
    private static func switches(of pid: pid_t) -> Switches? {
        guard let directory = opendir("/proc/\(pid)/task") else { return nil }
        defer { closedir(directory) }
        var total = Switches(voluntary: 0, involuntary: 0)
        var tasks = 0
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard Int(name) != nil else { continue }
            for line in readText("/proc/\(pid)/task/\(name)/status").split(separator: "\n") {
                let parts = line.split(whereSeparator: { $0 == ":" || $0 == " " || $0 == "\t" })
                guard parts.count >= 2, let count = Int(parts[1]) else { continue }
                if parts[0] == "voluntary_ctxt_switches" {
                    total.voluntary += count
                    tasks += 1
                } else if parts[0] == "nonvoluntary_ctxt_switches" {
                    total.involuntary += count
                }
            }
        }
        return tasks > 0 ? total : nil
    }

    /// Sleeps `seconds` on the monotonic clock, however often a signal interrupts the sleep.
    private static func sleep(seconds: Double) {
        let end = monotonicSeconds() + seconds
        while true {
            let left = end - monotonicSeconds()
            guard left > 0 else { return }
            var request = timespec(tv_sec: Int(left), tv_nsec: Int((left - Double(Int(left))) * 1e9))
            nanosleep(&request, nil)
        }
    }
}
