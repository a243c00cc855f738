import DismissKit
import DismissKitService
import Glibc
import Synchronization

/// `gesturectl analyze`: replays a corpus of recordings and reports what their gestures came to,
/// for one configuration or two side by side: the tuning loop over recordings from the field.
enum AnalyzeCommand: Subcommand {
    static let name = "analyze"
    static let summary = "Analyse the gestures of recordings, and compare two configurations over them."
    static let usage = "gesturectl \(name) <recording-or-folder>... [--scene <file>] [--config <file>] [--compare-config <file>] [--wide | --json]"

    static let help = """
        OVERVIEW: Replay recordings and report what their gestures came to.

        For each recording, and for all of them together: the drags by origin and how they
        ended, the release velocities, the rests before a release, the projected margins
        against the threshold, the taps and their durations, the near misses (decisions within
        10 % of their threshold, each with the setting that decides it and the value that would
        turn it), the rejections and the cancellations. With '--compare-config', every decision
        that changes under the other thresholds: the direct changes, then their knock-on effects
        (changes after one that made the sessions present different things). Where
        NAME.intents.jsonl lies beside a recording, how many recordings still give exactly those
        intents. Times are in milliseconds from the recording's start.

        USAGE: \(usage)

        ARGUMENTS:
          <recording-or-folder>   A recording (libinput record YAML or evemu) or a session file, or a
                                  folder: its session files (.jsonl), and its .evemu, .yml, .yaml and
                                  .events files with a NAME.scene.json beside them (all of them with
                                  '--scene'; the others, and what is not a regular file, are listed
                                  as skipped). A session (also a 'run --record' .yaml) holds its own
                                  scene, and its intents are the ones expected.

        OPTIONS:
          --scene <file>          The scene for every recording, instead of NAME.scene.json beside each.
          --config <file>         Gesture thresholds over each scene's (as replay's '--config').
          --compare-config <file> Other thresholds over each scene's, compared with the first.
          --wide                  Every column of the table of recordings (velocities, rests, cancellations),
                                  and names uncut; by default it fits 100 columns.
          --json                  One JSON object per line: each recording, each change, each error,
                                  then the corpus.
          -h, --help              Show help information.

        Recordings are analysed in parallel, one per core, with a progress line on a terminal.
        A recording that cannot be read is reported and the others are still analysed.

        EXIT STATUS: 0 when every recording was analysed, 65 when one or more could not be (each
        is reported), 64 for a usage error.
        """

    static func run(_ arguments: [String]) -> Int32 {
        let options: CommandLineArguments
        do throws(CommandLineArguments.UsageError) {
            options = try CommandLineArguments(arguments, valueOptions: ["scene", "config", "compare-config"],
                                               flagOptions: ["json", "wide", "help"])
            if options.flag("help") {
                printToStandardOutput(help)
                return ExitStatus.success
            }
            guard !options.positional.isEmpty else {
                throw CommandLineArguments.UsageError(message: "missing expected argument '<recording-or-folder>'")
            }
            if options.flag("wide") && options.flag("json") {
                throw CommandLineArguments.UsageError(message: "'--wide' widens the table, which '--json' replaces")
            }
        } catch {
            return usageError(error.message)
        }
        let sceneOverride = try? options.value("scene")
        let configPath = try? options.value("config")
        let comparePath = try? options.value("compare-config")
        // A configuration that does not read is one error, not one per recording.
        for path in [configPath, comparePath].compactMap({ $0 ?? nil }) {
            do throws(InputFileError) {
                _ = try GestureConfigurationReader.load(path: path)
            } catch {
                StandardError.report(error.description)
                return TraceOptions.exitStatus(for: error)
            }
        }
        let corpus = Corpus(arguments: options.positional, sceneOverride: sceneOverride ?? nil)
        let outcomes = analyse(corpus.recordings, configPath: configPath ?? nil, comparePath: comparePath ?? nil)
        var output = LineWriter.standardOutput()
        let report = AnalysisReport(outcomes: outcomes, skipped: corpus.skipped, comparing: comparePath != nil, wide: options.flag("wide"))
        // Paths come from outside: a name holding ESC or BEL is written escaped, as in messages.
        for line in options.flag("json") ? report.jsonLines() : report.tableLines() { output.write(line: escapingControlCharacters(line)) }
        output.flush()
        for outcome in outcomes {
            if case .failure(let error) = outcome.result { StandardError.report(error.description) }
        }
        return outcomes.contains { if case .failure = $0.result { true } else { false } } ? ExitStatus.dataError : ExitStatus.success
    }

    /// Analyses every recording, one per core, in the order given.
    private static func analyse(_ recordings: [Corpus.Entry], configPath: String?, comparePath: String?) -> [Outcome] {
        let results = LockedValue([Outcome?](repeating: nil, count: recordings.count))
        let done = Atomic(0)
        let showsProgress = isatty(STDERR_FILENO) == 1
        ParallelWork.perform(iterations: recordings.count) { index in
            let outcome = Outcome(entry: recordings[index],
                                  result: analyse(recordings[index], configPath: configPath, comparePath: comparePath))
            results.withLock { $0[index] = outcome }
            let finished = done.add(1, ordering: .relaxed).newValue
            if showsProgress { StandardError.write("\rgesturectl: analysed \(finished) of \(recordings.count)") }
        }
        if showsProgress { StandardError.write("\r\u{1B}[K") }
        return results.withLock { $0.compactMap { $0 } }
    }

    private static func analyse(_ entry: Corpus.Entry, configPath: String?, comparePath: String?) -> Result<Analysed, InputFileError> {
        Result { () throws(InputFileError) -> Analysed in
            if entry.isSession { return try analyseSession(at: entry.path, configPath: configPath, comparePath: comparePath) }
            _ = try Recording.open(paths: [entry.path])
            guard let scenePath = entry.scenePath else {
                throw InputFileError(.unreadable, path: entry.path,
                                     reason: "no scene: \(Corpus.scenePath(besides: entry.path)) is not there; give '--scene <file>'")
            }
            let sceneFile = try SceneFile.load(path: scenePath)
            let configuration = try configPath.map { path throws(InputFileError) in
                try GestureConfigurationReader.load(path: path, base: sceneFile.configuration)
            } ?? sceneFile.configuration
            let expected = try entry.expectedIntentsPath.map { path throws(InputFileError) in try expectedIntents(path: path) }
            let first = try replay(entry, scene: sceneFile, scenePath: scenePath, configuration: configuration)
            let second = try comparePath.map { path throws(InputFileError) in
                try replay(entry, scene: sceneFile, scenePath: scenePath,
                           configuration: GestureConfigurationReader.load(path: path, base: sceneFile.configuration))
            }
            return Analysed(first: first.analysis, second: second?.analysis,
                            firstMatches: expected.map { $0 == first.intentLines },
                            secondMatches: expected.flatMap { lines in second.map { $0.intentLines == lines } })
        }
    }

    /// A session file analysed: its scene and thresholds are its own, and the intents it
    /// recorded are the ones expected.
    private static func analyseSession(at path: String, configPath: String?, comparePath: String?) throws(InputFileError) -> Analysed {
        func replay(_ overPath: String?) throws(InputFileError) -> (analysis: GestureAnalysis, intentLines: [String], recorded: [String]) {
            let reader = try SessionFile.Reader(path: path)
            let configuration = try reader.sceneFile.flatMap { sceneFile throws(InputFileError) in
                try overPath.map { path throws(InputFileError) in try GestureConfigurationReader.load(path: path, base: sceneFile.configuration) }
            }
            var analysis = GestureAnalysis(configuration: configuration ?? reader.sceneFile?.configuration ?? GestureConfiguration())
            var intentLines: [String] = []
            try SessionFile.steps(of: reader, configuration: configuration) { step, names in
                analysis.add(step, names: names)
                if case .intent(let intent) = step { intentLines.append(intent.jsonLine(explain: false, names: names).text) }
            }
            return (analysis, intentLines, try SessionFile.recordedIntents(path: path))
        }
        let first = try replay(configPath)
        let second = try comparePath.map { path throws(InputFileError) in try replay(path) }
        return Analysed(first: first.analysis, second: second?.analysis, firstMatches: first.intentLines == first.recorded,
                        secondMatches: second.map { $0.intentLines == $0.recorded })
    }

    /// The lines of an expected-intents file as they are compared: without the figures of
    /// `--explain` (the goldens carry them), which any change of threshold moves.
    private static func expectedIntents(path: String) throws(InputFileError) -> [String] {
        try TextLines.read(path: path).map(withoutExplanation)
    }

    /// A line of JSON without its `"explain"` object (and the comma after it).
    static func withoutExplanation(_ line: String) -> String {
        let bytes = Array(line.utf8)
        let key = Array(#""explain":{"#.utf8)
        guard let start = bytes.indices.first(where: { bytes[$0...].starts(with: key) }) else { return line }
        // The object's end: the brace that closes it, outside strings.
        var index = start + key.count
        var depth = 1
        var inString = false
        while index < bytes.count && depth > 0 {
            switch bytes[index] {
            case UInt8(ascii: "\\") where inString: index += 1
            case UInt8(ascii: "\""): inString.toggle()
            case UInt8(ascii: "{") where !inString: depth += 1
            case UInt8(ascii: "}") where !inString: depth -= 1
            default: break
            }
            index += 1
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: ",") { index += 1 }
        return String(decoding: bytes[..<start] + bytes[index...], as: UTF8.self)
    }

    /// One replay of a recording: its analysis and its intents as the goldens write them.
    private static func replay(_ entry: Corpus.Entry, scene: SceneFile, scenePath: String, configuration: GestureConfiguration)
        throws(InputFileError) -> (analysis: GestureAnalysis, intentLines: [String]) {
        var analysis = GestureAnalysis(configuration: configuration)
        var intentLines: [String] = []
        try Replay.steps(from: Recording.open(paths: [entry.path]), scene: scene, scenePath: scenePath,
                         configuration: configuration) { step, names in
            analysis.add(step, names: names)
            if case .intent(let intent) = step {
                var bytes: [UInt8] = []
                intent.appendJSONLine(to: &bytes, names: names)
                intentLines.append(String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self))
            }
        }
        return (analysis, intentLines)
    }

    /// A recording analysed under one or two configurations.
    struct Analysed {
        var first: GestureAnalysis
        var second: GestureAnalysis?
        /// Whether each configuration gave exactly the intents beside the recording (nil: none there).
        var firstMatches: Bool?
        var secondMatches: Bool?
    }

    struct Outcome {
        var entry: Corpus.Entry
        var result: Result<Analysed, InputFileError>
    }
}

/// The recordings named on the command line, folders expanded, each with its scene.
struct Corpus {
    struct Entry {
        var path: String
        /// Nil for a session, and for a named recording without a scene (its analysis reports it).
        var scenePath: String? = nil
        /// `NAME.intents.jsonl` beside the recording, when there is one.
        var expectedIntentsPath: String? = nil
        /// A session file, which holds its own scene and intents.
        var isSession = false
    }

    private(set) var recordings: [Entry] = []
    /// Files of a folder that are not analysed, and why: a recording without a scene beside it,
    /// or what is not a regular file (a FIFO would wait for a writer for ever).
    private(set) var skipped: [(path: String, reason: String)] = []

    /// The extensions of the recordings a folder is searched for.
    private static let extensions = [".evemu", ".yml", ".yaml", ".events"]

    init(arguments: [String], sceneOverride: String?) {
        for argument in arguments {
            if let names = Self.directoryEntries(argument) {
                for name in names {
                    let path = argument.hasSuffix("/") ? argument + name : argument + "/" + name
                    let isSessionName = name.hasSuffix(".jsonl")
                    guard isSessionName || Self.extensions.contains(where: name.hasSuffix) else { continue }
                    var status = stat()
                    guard stat(path, &status) == 0 else {
                        // A dangling link or a file that cannot be looked at: its analysis says why.
                        recordings.append(Entry(path: path, isSession: isSessionName))
                        continue
                    }
                    let type = FileType(status)
                    guard type == .regular else {
                        let kind = type == .fifo ? "a FIFO" : type == .directory ? "a folder" : "a device"
                        skipped.append((path, "\(kind), not a regular file"))
                        continue
                    }
                    if SessionFile.isSession(path: path) {
                        recordings.append(Entry(path: path, isSession: true))
                    } else if isSessionName {
                        // NAME.intents.jsonl and other JSON Lines that are not sessions: not recordings.
                        if access(path, R_OK) != 0 { recordings.append(Entry(path: path, isSession: true)) }
                    } else if let entry = Self.entry(path, sceneOverride: sceneOverride) {
                        recordings.append(entry)
                    } else {
                        skipped.append((path, "no scene beside it"))
                    }
                }
            } else if SessionFile.isSession(path: argument) {
                recordings.append(Entry(path: argument, isSession: true))
            } else {
                // A named file always counts: without a scene its replay reports the missing file.
                recordings.append(Self.entry(argument, sceneOverride: sceneOverride)
                    ?? Entry(path: argument, scenePath: nil, expectedIntentsPath: nil))
            }
        }
    }

    /// The recording with its scene (`--scene`, or NAME.scene.json beside it), or nil when it has none.
    private static func entry(_ path: String, sceneOverride: String?) -> Entry? {
        let scenePath = sceneOverride ?? scenePath(besides: path)
        // A scene named with --scene is taken as it is: its own load says what is wrong with it.
        guard sceneOverride != nil || access(scenePath, F_OK) == 0 else { return nil }
        let intents = stem(of: path) + ".intents.jsonl"
        return Entry(path: path, scenePath: scenePath, expectedIntentsPath: access(intents, F_OK) == 0 ? intents : nil)
    }

    /// NAME.scene.json for the recording NAME.evemu (or .yml, .yaml, .events).
    static func scenePath(besides path: String) -> String {
        stem(of: path) + ".scene.json"
    }

    /// The path without its recording extension.
    private static func stem(of path: String) -> String {
        guard let suffix = extensions.first(where: path.hasSuffix) else { return path }
        return String(path.dropLast(suffix.count))
    }

    /// The names in a folder, sorted; nil when `path` is not a folder.
    private static func directoryEntries(_ path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }
}

/// Runs a loop's iterations on one thread per core, each thread taking the next iteration not
/// yet taken, and returns when all are done. (POSIX threads rather than Dispatch's
/// `concurrentPerform`: Dispatch would be linked into gesturectl, and every start-up, a replay's
/// too, would pay for its initialisation.)
final class ParallelWork: Sendable {
    private let iterations: Int
    private let body: @Sendable (Int) -> Void
    private let nextIteration = Atomic(0)

    private init(iterations: Int, body: @escaping @Sendable (Int) -> Void) {
        self.iterations = iterations
        self.body = body
    }

    /// Calls `body` once for each of `0..<iterations`, on the calling thread and up to one
    /// thread more per further core; a thread that cannot be started leaves its share to the others.
    static func perform(iterations: Int, _ body: @Sendable (Int) -> Void) {
        // The threads are joined before this returns, so `body` outlives none of its calls.
        withoutActuallyEscaping(body) { body in
            let work = ParallelWork(iterations: iterations, body: body)
            let cores = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
            var threads: [pthread_t] = []
            for _ in 1..<min(cores, max(1, iterations)) {
                var thread = pthread_t()
                let context = Unmanaged.passRetained(work).toOpaque()
                let started = pthread_create(&thread, nil, { context in
                    Unmanaged<ParallelWork>.fromOpaque(context!).takeRetainedValue().run()
                    return nil
                }, context)
                if started == 0 {
                    threads.append(thread)
                } else {
                    Unmanaged<ParallelWork>.fromOpaque(context).release()
                }
            }
            work.run()
            for thread in threads { pthread_join(thread, nil) }
        }
    }

    private func run() {
        while case let iteration = nextIteration.add(1, ordering: .relaxed).oldValue, iteration < iterations {
            body(iteration)
        }
    }
}
