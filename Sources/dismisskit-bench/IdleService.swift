import DismissKit
import Glibc

/// The process id of the `gesturectl run` being measured, for the bench's signal handler to end it.
nonisolated(unsafe) var idleServiceProcess: pid_t = 0

/// `gesturectl run` idle with one client: the service started with `--socket` (on seat0, which
/// it waits on when it has no touchscreen), its `READY=1` awaited through `NOTIFY_SOCKET` as
/// systemd would, one client connected that reads the greeting, sends `{"type":"query"}` and reads
/// the `state` reply; then a figure's measurement is made (the resident memory, `VmRSS` of
/// /proc/PID/status, here; the wake-ups over a window in ``IdleWakeups``) and the run ended with
/// SIGTERM. Every wait is for the run's next step, with a deadline: a run that stalls fails the
/// figure, and says where.
enum IdleService {
    /// What one idle run held, in kilobytes.
    struct Memory {
        var resident: Int
        var anonymous: Int
        var fileBacked: Int
        /// The resident kilobytes of each file mapped (its name) and of `[heap]`, `[stack]` and the
        /// other named regions, the largest first.
        var byMapping: [(name: String, kilobytes: Int)]
    }

    /// How long any one step may take on a slow, shared machine before the run counts as stalled.
    static let stepDeadline = 20.0

    /// The median of `runs` idle runs; nil and the reason when a run fails.
    static func figure(id: String, label: String, gesturectl: String, scratch: String, limitMB: Double?, runs: Int) -> (Figure?, String) {
        var measured: [Memory] = []
        for _ in 0..<runs {
            let (memory, reason) = measure(gesturectl: gesturectl, scratch: scratch)
            guard let memory else { return (nil, reason) }
            measured.append(memory)
        }
        let residents = measured.map(\.resident).sorted()
        let resident = residents[residents.count / 2]
        let megabytes = Double(resident) / 1024
        let typical = measured.first { $0.resident == resident } ?? measured[0]
        return (Figure(
            id: id, label: label, value: megabytes, unit: "MB",
            text: "\(decimal(megabytes, digits: 1)) MB resident (\(decimal(Double(typical.anonymous) / 1024, digits: 1)) MB anonymous, "
                + "\(decimal(Double(typical.fileBacked) / 1024, digits: 1)) MB mapped from files)",
            input: "`gesturectl run --socket PATH` on seat0 (no touchscreen: it waits for one), one client that sent "
                + "`{\"type\":\"query\"}` and read its `state`, `VmRSS` then, median of \(runs) runs",
            target: limitMB.map { "≤ \(decimal($0, digits: 1)) MB (Touchégg's daemon: about 2.3–2.8 MB)" },
            met: limitMB.map { megabytes <= $0 },
            details: [("residentKB", .integer(Int64(resident))), ("anonymousKB", .integer(Int64(typical.anonymous))),
                      ("fileKB", .integer(Int64(typical.fileBacked))),
                      ("runsResidentKB", .strings(residents.map { String($0) })),
                      ("residentByMapping", .strings(typical.byMapping.prefix(8).map { "\($0.name) \($0.kilobytes) kB" }))]), "")
    }

    /// One idle run's memory; nil and the step that failed, with the run's last standard error.
    static func measure(gesturectl: String, scratch: String) -> (Memory?, String) {
        run(gesturectl: gesturectl, scratch: scratch) { pid, _ in
            (memory(of: pid), "has no readable /proc/\(pid)/status")
        }
    }

    /// One idle run of `gesturectl run --socket PATH` and `arguments`: once its client has read
    /// the `state` reply, `measure` is given the run's process id and that reply, and gives what
    /// it measured, or nil and the step that failed ("has no readable …"). Nil and that step,
    /// with the run's last standard error, when the run or the measurement fails.
    static func run<Measured>(gesturectl: String, arguments: [String] = [], scratch: String,
                              measure: (pid_t, String) -> (Measured?, String)) -> (Measured?, String) {
        let socketPath = scratch + "/idle.sock"
        let notifyPath = scratch + "/idle.notify"
        unlink(socketPath)
        unlink(notifyPath)
        defer {
            unlink(socketPath)
            unlink(notifyPath)
        }
        let (notify, notifyError) = UnixSocket.open(.datagram, at: notifyPath)
        guard let notify else { return (nil, "cannot make the notification socket \(notifyPath): \(notifyError)") }
        defer { close(notify.descriptor) }
        let started = startProcess([gesturectl, "run", "--socket", socketPath] + arguments, environment: ["NOTIFY_SOCKET": notifyPath],
                                   scratch: scratch)
        guard let pid = started.pid else { return (nil, started.error) }
        idleServiceProcess = pid
        defer { idleServiceProcess = 0 }
        func failure(_ step: String, ended: Bool = false) -> (Measured?, String) {
            if !ended {
                kill(pid, SIGKILL)
                var status: Int32 = 0
                while waitpid(pid, &status, 0) == -1 && Errno.current == .interrupted {}
            }
            let errors = readText(scratch + "/stderr").split(separator: "\n").suffix(3).joined(separator: " / ")
            return (nil, "`gesturectl run --socket` \(step)" + (errors.isEmpty ? "" : " (its standard error: \(errors))"))
        }
        // READY=1 comes once the seat is open and the socket served.
        var ready = false
        let readyBy = monotonicSeconds() + stepDeadline
        while !ready {
            if let status = ended(pid) { return failure("ended (status \(status)) before it said READY=1", ended: true) }
            guard monotonicSeconds() < readyBy else { return failure("did not say READY=1 within \(Int(stepDeadline)) s") }
            guard let message = notify.receive(waitingAtMost: 0.1) else { continue }
            ready = message.split(separator: "\n").contains("READY=1")
        }
        let (client, clientError) = UnixSocket.open(.connection, at: socketPath)
        guard let client else { return failure("took no connection on its socket: \(clientError)") }
        defer { close(client.descriptor) }
        var lines = SocketLines(descriptor: client.descriptor)
        guard let hello = lines.next(before: monotonicSeconds() + stepDeadline), hello.contains(#""type":"hello""#) else {
            return failure("did not greet its client within \(Int(stepDeadline)) s")
        }
        let query = Array(#"{"type":"query"}"#.utf8) + [UInt8(ascii: "\n")]
        guard (try? SystemCall.writeAll(query, with: { send(client.descriptor, $0, $1, Int32(MSG_NOSIGNAL)) })) != nil else {
            return failure("did not take the query: \(Errno.current)")
        }
        let replyBy = monotonicSeconds() + stepDeadline
        var state: String?
        while state == nil {
            guard let line = lines.next(before: replyBy) else {
                return failure("sent no `state` reply within \(Int(stepDeadline)) s of the query")
            }
            if line.contains(#""type":"error""#) { return failure("refused the query: \(line)") }
            if line.contains(#""type":"state""#) { state = line }
        }
        let (measured, step) = measure(pid, state ?? "")
        if let status = ended(pid) { return failure("ended (status \(status)) while it was measured", ended: true) }
        guard let measured else { return failure(step) }
        // The run has ended once the client's end of the socket reads end-of-file.
        kill(pid, SIGTERM)
        let endBy = monotonicSeconds() + stepDeadline
        while lines.next(before: endBy) != nil {}
        guard lines.closed else { return failure("did not end within \(Int(stepDeadline)) s of SIGTERM") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && Errno.current == .interrupted {}
        guard exitStatus(status) == 0 else {
            return (nil, "`gesturectl run --socket` ended with status \(exitStatus(status)) on SIGTERM, not 0")
        }
        return (measured, "")
    }

    /// The exit status of `pid` when it has ended (and is reaped), nil while it runs.
    private static func ended(_ pid: pid_t) -> Int32? {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == pid ? exitStatus(status) : nil
    }

    /// `VmRSS`, `RssAnon` and `RssFile` of /proc/PID/status, and the `Rss` of /proc/PID/smaps by mapping.
    private static func memory(of pid: pid_t) -> Memory? {
        var fields: [String: Int] = [:]
        for line in readText("/proc/\(pid)/status").split(separator: "\n") {
            let parts = line.split(whereSeparator: { $0 == ":" || $0 == " " || $0 == "\t" })
            if parts.count >= 2, let kilobytes = Int(parts[1]) { fields[String(parts[0])] = kilobytes }
        }
        guard let resident = fields["VmRSS"] else { return nil }
        // smaps: a mapping's line (address range, permissions, offset, device, inode, name), then its fields.
        var byMapping: [String: Int] = [:]
        var mapping = ""
        for line in readText("/proc/\(pid)/smaps").split(separator: "\n") {
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            if parts.first == "Rss:", parts.count >= 2, let kilobytes = Int(parts[1]) {
                byMapping[mapping, default: 0] += kilobytes
            } else if parts.count >= 5, parts[0].contains("-"), !parts[0].hasSuffix(":") {
                mapping = parts.count > 5 ? String(parts[5].split(separator: "/").last ?? parts[5]) : "anonymous"
            }
        }
        return Memory(resident: resident, anonymous: fields["RssAnon"] ?? 0, fileBacked: fields["RssFile"] ?? 0,
                      byMapping: byMapping.map { (name: $0.key, kilobytes: $0.value) }.sorted { $0.kilobytes > $1.kilobytes })
    }
}
