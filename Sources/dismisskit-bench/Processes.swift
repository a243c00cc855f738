import DismissKit
import Glibc

/// What one whole-process run cost, from `wait4`'s resource usage and the monotonic clock.
struct ProcessRun {
    /// Seconds from just before `posix_spawn` to just after `wait4`.
    var wall: Double
    /// User plus system CPU seconds of the process.
    var cpu: Double
    /// Peak resident set size, in kilobytes (`ru_maxrss`).
    var peakKB: Int
    /// The exit status, or 128 + the signal that ended it.
    var status: Int32
    /// Standard output, when it was asked for.
    var output: String
    /// The last bytes of standard error.
    var errors: String
}

/// Seconds on the monotonic clock.
func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// Runs `arguments` (the first is the program's path) to its end, standard output to
/// `/dev/null` unless `captureOutput`, and measures it.
func runProcess(_ arguments: [String], captureOutput: Bool = false, environment extra: [String: String] = [:],
                scratch: String) -> ProcessRun {
    let outputPath = scratch + "/stdout"
    let errorPath = scratch + "/stderr"
    let start = monotonicSeconds()
    let started = startProcess(arguments, captureOutput: captureOutput, environment: extra, scratch: scratch)
    guard let pid = started.pid else {
        return ProcessRun(wall: 0, cpu: 0, peakKB: 0, status: 127, output: "", errors: started.error)
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) == -1 && Errno.current == .interrupted {}
    let wall = monotonicSeconds() - start
    let cpu = seconds(usage.ru_utime) + seconds(usage.ru_stime)
    return ProcessRun(wall: wall, cpu: cpu, peakKB: usage.ru_maxrss, status: exitStatus(status),
                      output: captureOutput ? readText(outputPath) : "", errors: String(readText(errorPath).suffix(2000)))
}

/// Starts `arguments` (the first is the program's path) without waiting for it: standard input
/// from `/dev/null`, standard output to `/dev/null` (or `scratch`/stdout when `captureOutput`),
/// standard error to `scratch`/stderr, the environment with `extra` over it.
/// - Returns: the process id, or nil and why it could not start.
func startProcess(_ arguments: [String], captureOutput: Bool = false, environment extra: [String: String] = [:],
                  scratch: String) -> (pid: pid_t?, error: String) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, captureOutput ? scratch + "/stdout" : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, scratch + "/stderr", O_WRONLY | O_CREAT | O_TRUNC, 0o600)

    var environment: [String] = []
    var index = 0
    while let entry = environ[index] {
        let text = String(cString: entry)
        let key = text.prefix { $0 != "=" }
        if extra[String(key)] == nil { environment.append(text) }
        index += 1
    }
    for (key, value) in extra { environment.append("\(key)=\(value)") }

    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer {
        argv.forEach { free($0) }
        envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
    guard spawned == 0 else { return (nil, "cannot run \(arguments[0]): \(Errno(code: spawned))") }
    return (pid, "")
}

/// The exit status `wait4` gives, or 128 + the signal that ended the process.
func exitStatus(_ status: Int32) -> Int32 {
    status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
}

/// Runs `arguments` through the `measure` program (Benchmarks/anchors/measure.c), which forks
/// the command from a small process so that its peak RSS is its own; without `measure`, runs it
/// directly (its peak RSS then includes the bench's own, which a spawned child starts inside).
func measureProcess(_ arguments: [String], captureOutput: Bool = false, environment: [String: String] = [:],
                    measure: String?, scratch: String) -> ProcessRun {
    guard let measure else {
        return runProcess(arguments, captureOutput: captureOutput, environment: environment, scratch: scratch)
    }
    let outputPath = scratch + "/measured-stdout"
    defer { unlink(outputPath) }
    let run = runProcess([measure, captureOutput ? outputPath : "/dev/null"] + arguments, captureOutput: true,
                         environment: environment, scratch: scratch)
    let fields = run.output.split(whereSeparator: { $0 == " " || $0 == "\n" })
    guard run.status == 0, fields.count == 5, let wall = Double(fields[0]), let user = Double(fields[1]),
        let system = Double(fields[2]), let peak = Int(fields[3]), let status = Int32(fields[4])
    else {
        return ProcessRun(wall: 0, cpu: 0, peakKB: 0, status: run.status == 0 ? 70 : run.status, output: "", errors: run.errors)
    }
    return ProcessRun(wall: wall, cpu: user + system, peakKB: peak, status: status,
                      output: captureOutput ? readText(outputPath) : "", errors: run.errors)
}

private func seconds(_ time: timeval) -> Double {
    Double(time.tv_sec) + Double(time.tv_usec) / 1e6
}

/// A file's text ("" when it cannot be read).
func readText(_ path: String) -> String {
    guard let file = fopen(path, "rb") else { return "" }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count <= 0 { break }
        bytes.append(contentsOf: chunk[0..<count])
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// Whether `path` names an executable file.
func isExecutable(_ path: String) -> Bool {
    access(path, X_OK) == 0
}

/// The first of `names` found on `PATH` (or given as a path), or nil.
func findProgram(_ names: [String]) -> String? {
    let directories = (getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
    for name in names {
        if name.contains("/") {
            if isExecutable(name) { return name }
            continue
        }
        for directory in directories where isExecutable(directory + "/" + name) {
            return directory + "/" + name
        }
    }
    return nil
}

/// The path of this executable.
func executablePath() -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return CommandLine.arguments[0] }
    return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// The directory this executable is in.
func executableDirectory() -> String {
    let path = executablePath()
    return path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
}

/// The size of a file in bytes, or 0.
func fileSize(_ path: String) -> Int {
    var status = stat()
    return stat(path, &status) == 0 ? Int(status.st_size) : 0
}

/// A file written in large chunks through `write(2)`.
struct OutputFile {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private(set) var written = 0

    init?(path: String) {
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
        buffer.reserveCapacity(1 << 20)
    }

    mutating func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 20 { flush() }
    }

    mutating func append<Bytes: Sequence<UInt8>>(bytes: Bytes) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 20 { flush() }
    }

    var size: Int { written + buffer.count }

    mutating func flush() {
        try? SystemCall.writeAll(buffer) { write(descriptor, $0, $1) }
        written += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }

    mutating func close() {
        flush()
        Glibc.close(descriptor)
    }
}
