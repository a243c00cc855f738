import DismissKit
import Glibc

let usage = """
    USAGE: dismisskit-bench [--json] [--quick] [--only <groups>] [--gesturectl <path>] [--project <dir>] [--work <dir>]
                            [--web-module <dir>] [--c-library <dir>] [--embedded <dir>]

    Measures DismissKit: the core, the web module and the C library beside it, its heap allocations, the touch decoder, the readers, the JSON
    Lines writer, whole `gesturectl replay` runs beside libyaml, libevemu and PyYAML in the same
    run, start-up, peak memory and `gesturectl run`'s resident memory and wake-ups when idle; with --embedded, the
    Embedded build's gesturectl and C library beside the native ones. Prints a Markdown table, or one JSON object per figure with --json.
    Run from the package root after `swift build -c release` (./script/bench does both).

    OPTIONS:
      --json               One JSON object per line and figure, instead of the table.
      --quick              Smaller inputs and fewer runs (a minute instead of a few).
      --only <groups>      Comma-separated: core,web,c,allocations,decoder,readers,output,replay,pyyaml,startup,memory,growth,
                           sessions,idle.
      --gesturectl <path>  The gesturectl to measure (default: beside this executable).
      --project <dir>      The package root, for Recordings/ and Benchmarks/anchors/ (default: .).
      --work <dir>         Where to generate the large recordings (default: a new directory in $TMPDIR or /tmp).
      --web-module <dir>   Where dismisskit.wasm and dismisskit.js are, for the web group (default: .build/wasm,
                           where script/wasm writes them).
      --c-library <dir>    The root the C library is installed in (its usr/include and usr/lib/<triplet>), for the
                           c group: script/bench unpacks the packages' there.
      --embedded <dir>     An Embedded build (gesturectl and libdismisskit.so.0, as script/embedded writes them): the c,
                           replay, startup, memory and idle groups measure it too, in the same run, each figure's id
                           ending in -embedded.
      --rounds <n>         Core rounds of 4,096 touch events (default 1,000).
      --core-only          Run the core once and print nothing (for profiling under callgrind).
      --count-allocations  Count the core's steady-state allocations (run under the alloc-count preload).
    """

struct Options {
    var json = false
    var quick = false
    var only: Set<String>?
    var gesturectl: String?
    var project = "."
    var work: String?
    var webModule: String?
    var cLibrary: String?
    var embedded: String?
    var rounds = 1_000
    var coreOnly = false
    var countAllocations = false

    static let groups: Set<String> = ["core", "web", "c", "allocations", "decoder", "readers", "output", "replay", "pyyaml", "startup", "memory", "growth", "sessions", "idle"]

    init(_ arguments: [String]) {
        var index = 0
        func value() -> String {
            index += 1
            guard index < arguments.count else { Options.fail("\(arguments[index - 1]) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            switch arguments[index] {
            case "--json": json = true
            case "--quick": quick = true
            case "--only":
                let names = Set(value().split(separator: ",").map(String.init))
                if let unknown = names.subtracting(Options.groups).first { Options.fail("unknown group '\(unknown)'") }
                only = names
            case "--gesturectl": gesturectl = value()
            case "--project": project = value()
            case "--work": work = value()
            case "--web-module": webModule = value()
            case "--c-library": cLibrary = value()
            case "--embedded": embedded = value()
            case "--rounds":
                guard let number = Int(value()), number > 0 else { Options.fail("--rounds needs a positive number") }
                rounds = number
            case "--core-only": coreOnly = true
            case "--count-allocations": countAllocations = true
            case "-h", "--help":
                print(usage)
                exit(0)
            default: Options.fail("unknown argument '\(arguments[index])'")
            }
            index += 1
        }
    }

    func wants(_ group: String) -> Bool { only?.contains(group) ?? true }

    static func fail(_ message: String) -> Never {
        writeStandardError("Error: \(message)\n\(usage)\n")
        exit(64)
    }
}

let options = Options(Array(CommandLine.arguments.dropFirst()))

if options.countAllocations {
    exit(InProcess.countAllocations(rounds: options.quick ? 20 : 100))
}
if options.coreOnly {
    let (round, span) = CoreWorkload.round()
    var pipeline = DismissalPipeline(scene: CoreWorkload.scene)
    var intents: [Intent] = []
    var answers: [Intent] = []
    intents.reserveCapacity(1100)
    let tally = CoreWorkload.run(&pipeline, round: round, span: span, rounds: 0..<options.rounds, intents: &intents, answers: &answers)
    exit(tally.intents > 0 ? 0 : 1)
}

// MARK: - Setting up

let started = monotonicSeconds()
let project = options.project
let thirdParty = project + "/Recordings/third-party"
let gesturectl = options.gesturectl ?? executableDirectory() + "/gesturectl"
guard isExecutable(gesturectl) else { Options.fail("no gesturectl at \(gesturectl): build it first (swift build -c release)") }
if let embedded = options.embedded, !isExecutable(embedded + "/gesturectl") {
    Options.fail("no gesturectl in \(embedded): build it first (script/embedded --arch amd64 --output \(embedded))")
}

let workDirectory: String = {
    if let work = options.work {
        mkdir(work, 0o755)
        return work
    }
    let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = Array((base + "/dismisskit-bench.XXXXXX").utf8CString)
    guard let path = mkdtemp(&template) else { Options.fail("cannot create a directory in \(base)") }
    return String(cString: path)
}()

/// Everything the bench creates, removed at the end (and on SIGINT or SIGTERM).
nonisolated(unsafe) var createdPaths: [UnsafeMutablePointer<CChar>] = []
nonisolated(unsafe) var workDirectoryPath = strdup(workDirectory)!
let removeOwnWork = options.work == nil
func created(_ path: String) -> String {
    createdPaths.append(strdup(path))
    return path
}
func removeCreated() {
    for path in createdPaths { unlink(path) }
    unlink(workDirectory + "/stdout")
    unlink(workDirectory + "/stderr")
    if removeOwnWork { rmdir(workDirectory) }
}
for signalNumber in [SIGINT, SIGTERM] {
    signal(signalNumber) { number in
        for path in createdPaths { unlink(path) }
        if idleServiceProcess > 0 { kill(idleServiceProcess, SIGTERM) }
        _exit(128 + number)
    }
}

var report = Report(json: options.json)
let quick = options.quick

/// Compiles one of the C anchors; nil (with the reason) when it cannot be built.
func compileAnchor(_ source: String, output: String, flags: [String]) -> (path: String?, reason: String) {
    guard let compiler = findProgram(["cc", "gcc", "clang"]) else { return (nil, "no C compiler") }
    let sourcePath = project + "/Benchmarks/anchors/" + source
    guard fileSize(sourcePath) > 0 else { return (nil, "\(sourcePath) not found") }
    let path = created(workDirectory + "/" + output)
    let run = runProcess([compiler, "-O2", "-o", path, sourcePath] + flags, scratch: workDirectory)
    guard run.status == 0 else { return (nil, "\(source) does not build: \(run.errors.split(separator: "\n").first ?? "")") }
    return (path, "")
}

let measure = compileAnchor("measure.c", output: "measure", flags: [])
if measure.path == nil { progress("whole processes measured without `measure` (\(measure.reason)): peak RSS includes the bench's") }
let whole = WholeProcess(gesturectl: gesturectl, scratch: workDirectory, measure: measure.path)
/// The builds the whole-process and C library figures measure, the native one first.
let builds = [MeasuredBuild.native(whole, cLibraryRoot: options.cLibrary)] + (options.embedded.map { directory in
    [MeasuredBuild.embedded(WholeProcess(gesturectl: directory + "/gesturectl", scratch: workDirectory, measure: measure.path),
                            directory: directory, project: project)]
} ?? [])

// MARK: - In process

let runs = quick ? 3 : 5
if options.wants("core") {
    progress("core")
    // Three times the runs of the other figures: each is a tenth of a second, and on a shared
    // machine a neighbour can slow a whole second of them; the best of a longer series is the
    // code's own pace (every run's time is in the JSON).
    report.add(InProcess.core(rounds: quick ? options.rounds / 4 : options.rounds, runs: 3 * runs))
}

if options.wants("web") {
    progress("web module")
    let directory = options.webModule ?? project + "/.build/wasm"
    let (figure, reason) = WebModule.figure(moduleDirectory: directory, project: project,
                                            eventsFile: created(workDirectory + "/web-round.jsonl"), scratch: workDirectory,
                                            rounds: quick ? options.rounds / 16 : options.rounds / 4, runs: runs)
    if let figure { report.add(figure) } else { report.skip("web-module", label: "web module", reason: reason) }
}

if options.wants("allocations") {
    progress("allocations")
    let (counter, reason) = compileAnchor("alloc-count.c", output: "alloc-count.so", flags: ["-shared", "-fPIC", "-ldl"])
    if let counter {
        let run = runProcess([executablePath(), "--count-allocations"] + (quick ? ["--quick"] : []), captureOutput: true,
                             environment: ["LD_PRELOAD": counter], scratch: workDirectory)
        let numbers = run.output.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int($0) }
        if run.status == 0, numbers.count == 4 {
            let (allocations, events, gestures, judged) = (numbers[0], numbers[1], numbers[2], numbers[3])
            let perEvent = Double(allocations) / Double(events)
            let perGesture = Double(allocations) / Double(gestures)
            let perJudged = Double(allocations) / Double(max(judged, 1))
            report.add(Figure(
                id: "core-allocations", label: "heap allocations of the core, steady state", value: perEvent,
                unit: "allocations/touch event",
                text: "\(allocations) for \(events) touch events and \(gestures) gestures (\(judged) judged): "
                    + "\(decimal(perEvent, digits: 2)) per event, \(decimal(perGesture, digits: 2)) per gesture, "
                    + "\(decimal(perJudged, digits: 2)) per judged gesture",
                input: "the core's workload after two warm-up rounds; every malloc, calloc, realloc and aligned allocation "
                    + "counted by a preloaded wrapper (`Benchmarks/anchors/alloc-count.c`)",
                target: "0 per event, 0 per judged gesture", met: allocations == 0,
                details: [("allocations", .integer(Int64(allocations))), ("events", .integer(Int64(events))),
                          ("gestures", .integer(Int64(gestures))), ("judgedGestures", .integer(Int64(judged))),
                          ("perGesture", .number(perGesture)), ("perJudgedGesture", .number(perJudged))]))
        } else {
            report.skip("core-allocations", label: "heap allocations of the core", reason: "the counting run failed: \(run.errors)")
        }
    } else {
        report.skip("core-allocations", label: "heap allocations of the core", reason: reason)
    }
}

if options.wants("decoder") {
    progress("touch decoder")
    let path = thirdParty + "/evemu/3m-microtouch-usb.evemu-data.evemu"
    if let figure = InProcess.decoder(recording: path, runs: runs) {
        report.add(figure)
    } else {
        report.skip("touch-decoder", label: "touch decoder", reason: "\(path) not found")
    }
}

// MARK: - Generated recordings

let dellEvemu = thirdParty + "/evemu/dell-canvas-advanced-silicon-cooltouch.evemu"
let dellYAML = thirdParty + "/libinput-record-converted/dell-canvas-advanced-silicon-cooltouch.CONVERTED.yml"
let megabyte = 1_000_000
let bigSize = (quick ? 20 : 100) * megabyte
let smallSize = (quick ? 5 : 10) * megabyte
let hugeSize = (quick ? 100 : 1_000) * megabyte

/// Generates a recording once; nil when the source is missing.
nonisolated(unsafe) var generated: [String: String] = [:]
func recording(_ format: String, bytes: Int) -> String? {
    let name = "dell-\(bytes / megabyte)MB.\(format == "yaml" ? "yml" : "evemu")"
    if let path = generated[name] { return path }
    let path = created(workDirectory + "/" + name)
    progress("generating \(name)")
    let count = format == "yaml"
        ? BigRecording.yaml(from: dellYAML, to: path, bytes: bytes)
        : BigRecording.evemu(from: dellEvemu, to: path, bytes: bytes)
    guard count != nil else { return nil }
    generated[name] = path
    return path
}
func dropRecording(_ path: String) {
    unlink(path)
    generated = generated.filter { $0.value != path }
}

/// The scene of the intents runs: a medium sheet with unsaved work whose tall top region the
/// recording's fingers land in, so every repetition drags it (up, rubber-banded) and lets go.
let sceneText = #"{"presentations": [{"id": "compose", "style": "sheet", "detents": ["medium"], "headerHeight": 300, "unsavedChanges": true}]}"#
let scenePath = created(workDirectory + "/scene.json")
do {
    var file = OutputFile(path: scenePath)
    file?.append(sceneText)
    file?.close()
}
let sceneDescription = "scene S: a medium sheet with unsaved work and a 300 pt top region"

if options.wants("c") {
    progress("C library")
    let workloads = [CLibrary.recording(dellEvemu, sceneText: sceneText, repetitions: quick ? 20 : 100), CLibrary.drags(1_000)]
    for build in builds {
        let program = build.cLibraryFlags.flags.map { compileAnchor("c-api.c", output: "c-api" + build.idSuffix, flags: $0) }
        for workload in workloads {
            guard let workload else {
                report.skip("c-api-dell" + build.idSuffix, label: "C library (Dell Canvas)" + build.labelSuffix,
                            reason: "the Dell Canvas recording was not found")
                continue
            }
            let id = "c-api-\(workload.name)" + build.idSuffix
            guard let path = program?.path else {
                report.skip(id, label: "C library" + build.labelSuffix, reason: program?.reason ?? build.cLibraryFlags.reason)
                continue
            }
            let (figure, reason) = CLibrary.figure(workload, build: build, program: path, scratch: workDirectory, runs: runs)
            if let figure { report.add(figure) } else { report.skip(id, label: "C library" + build.labelSuffix, reason: reason) }
        }
    }
}

if options.wants("readers") {
    progress("readers")
    for (format, id, label) in [("evemu", "reader-evemu", "evemu reader"), ("yaml", "reader-yaml", "`libinput record` YAML reader (libyaml)")] {
        if let path = recording(format, bytes: smallSize), let figure = InProcess.reader(id: id, label: label, path: path, runs: runs) {
            report.add(figure)
        } else {
            report.skip(id, label: label, reason: "the Dell Canvas recording was not found")
        }
    }
}

if options.wants("output") {
    progress("JSON Lines output")
    let figures = InProcess.output(recording: thirdParty + "/evemu/3m-microtouch-usb.evemu-data.evemu", runs: runs)
    if figures.isEmpty {
        report.skip("json-lines", label: "JSON Lines output", reason: "the 3M MicroTouch recording was not found")
    }
    figures.forEach { report.add($0) }
}

// MARK: - Whole processes

if options.wants("replay") {
    let yamlAnchor = compileAnchor("yaml-parse.c", output: "yaml-parse", flags: ["-lyaml"])
    let evemuAnchor = compileAnchor("evemu-read.c", output: "evemu-read", flags: ["-levemu"])
    let pairs = quick ? 2 : 3
    let sizeText = "\(bigSize / megabyte) MB"
    if let anchor = evemuAnchor.path, let big = recording("evemu", bytes: bigSize) {
        let megabytes = Double(fileSize(big)) / 1e6
        let input = "\(sizeText) evemu recording (the Dell Canvas recording repeated)"
        for build in builds {
            progress("replay \(sizeText) evemu beside libevemu" + build.labelSuffix)
            if let figure = build.whole.figure(
                id: "replay-evemu-intents" + build.idSuffix, label: "`replay big.evemu --scene S` (intents)" + build.labelSuffix,
                replay: [build.gesturectl, "replay", big, "--scene", scenePath], anchor: [anchor, big],
                anchorName: "libevemu", anchorTitle: "libevemu's `evemu_read_event` loop", comparison: .speed(atLeast: 4.5),
                input: input + ", " + sceneDescription, megabytes: megabytes, pairs: pairs + 2) { report.add(figure) }
            if let figure = build.whole.figure(
                id: "replay-evemu-touch-events" + build.idSuffix, label: "`replay big.evemu --touch-events`" + build.labelSuffix,
                replay: [build.gesturectl, "replay", big, "--touch-events"], anchor: [anchor, big],
                anchorName: "libevemu", anchorTitle: "libevemu's `evemu_read_event` loop", comparison: .time(atMost: 0.25),
                input: input, megabytes: megabytes, pairs: pairs + 4) { report.add(figure) }
        }
    } else {
        report.skip("replay-evemu", label: "`replay big.evemu`",
                    reason: evemuAnchor.path == nil ? "libevemu anchor: \(evemuAnchor.reason) (Debian: libevemu-dev)" : "no recording")
    }
    if let anchor = yamlAnchor.path, let big = recording("yaml", bytes: bigSize) {
        let megabytes = Double(fileSize(big)) / 1e6
        let input = "\(sizeText) `libinput record` YAML (the Dell Canvas recording repeated)"
        for build in builds {
            progress("replay \(sizeText) YAML beside libyaml" + build.labelSuffix)
            if let figure = build.whole.figure(
                id: "replay-yaml-intents" + build.idSuffix, label: "`replay big.yml --scene S` (intents)" + build.labelSuffix,
                replay: [build.gesturectl, "replay", big, "--scene", scenePath], anchor: [anchor, big],
                anchorName: "libyaml", anchorTitle: "libyaml's bare event parse", comparison: .speed(atLeast: 5),
                input: input + ", " + sceneDescription, megabytes: megabytes, pairs: quick ? 3 : 7) { report.add(figure) }
            if let figure = build.whole.figure(
                id: "replay-yaml-touch-events" + build.idSuffix, label: "`replay big.yml --touch-events`" + build.labelSuffix,
                replay: [build.gesturectl, "replay", big, "--touch-events"], anchor: [anchor, big],
                anchorName: "libyaml", anchorTitle: "libyaml's bare event parse", comparison: .speed(atLeast: 5),
                input: input, megabytes: megabytes, pairs: quick ? 3 : 7) { report.add(figure) }
        }
    } else {
        report.skip("replay-yaml", label: "`replay big.yml`", reason: yamlAnchor.path == nil ? "libyaml anchor: \(yamlAnchor.reason)" : "no recording")
    }
    if let big = generated.values.first(where: { $0.hasSuffix("\(bigSize / megabyte)MB.yml") }) { dropRecording(big) }
}

if options.wants("pyyaml") {
    let python = findProgram(["/usr/bin/python3", "python3"])
    let check = python.map { runProcess([$0, "-c", "import yaml; yaml.CLoader"], scratch: workDirectory) }
    if let python, check?.status == 0, let small = recording("yaml", bytes: smallSize) {
        progress("replay \(smallSize / megabyte) MB YAML beside PyYAML")
        if let figure = whole.figure(
            id: "replay-yaml-pyyaml", label: "`replay small.yml --scene S` (intents)",
            replay: [gesturectl, "replay", small, "--scene", scenePath],
            anchor: [python, project + "/Benchmarks/anchors/pyyaml-load.py", small],
            anchorName: "PyYAML", anchorTitle: "PyYAML's C loader (`yaml.CLoader`)", comparison: .speed(atLeast: 30),
            input: "\(smallSize / megabyte) MB `libinput record` YAML, " + sceneDescription,
            megabytes: Double(fileSize(small)) / 1e6, pairs: quick ? 1 : 3, replayRepeats: 5) { report.add(figure) }
    } else {
        report.skip("replay-yaml-pyyaml", label: "`replay small.yml` beside PyYAML", reason: "python3 with PyYAML's CLoader (Debian: python3-yaml) not found")
    }
}

if options.wants("startup") {
    progress("start-up")
    let small = project + "/Recordings/gesture-gated-swipe-confirm-discard"
    // `libinput --version`: a C program of the stack the replay stands on, which only starts and prints.
    let libinput = findProgram(["libinput"]).map { [$0, "--version"] }
    if libinput == nil { progress("start-up measured without its anchor: no `libinput` on PATH (Debian: libinput-tools)") }
    for build in builds {
        // The Embedded build, with no Swift runtime to load and set up, aims at half the anchor's time and 3.5 MB.
        if let figure = build.whole.startup(
            id: "startup" + build.idSuffix, label: "start-up: a small replay, whole process" + build.labelSuffix,
            recording: small + ".evemu", scene: small + ".scene.json", anchor: libinput, runs: quick ? 10 : 30,
            ratioLimit: build.embedded ? 0.5 : 1.1, peakLimitMB: build.embedded ? 3.5 : 9) {
            report.add(figure)
        } else {
            report.skip("startup" + build.idSuffix, label: "start-up" + build.labelSuffix, reason: "\(small).evemu did not replay")
        }
    }
}

if options.wants("memory") {
    if let small = recording("evemu", bytes: smallSize), let huge = recording("evemu", bytes: hugeSize) {
        let (smallMB, hugeMB) = (decimal(Double(fileSize(small)) / 1e6, digits: 0), decimal(Double(fileSize(huge)) / 1e6, digits: 0))
        for build in builds {
            progress("peak RSS, \(smallSize / megabyte) MB and \(hugeSize / megabyte) MB" + build.labelSuffix)
            if let figure = build.whole.peakMemory(
                id: "peak-rss-growth" + build.idSuffix, label: "peak RSS from a \(smallMB) MB to a \(hugeMB) MB recording" + build.labelSuffix,
                small: small, large: huge, input: "`gesturectl replay <evemu> --scene S`, generated recordings",
                limit: 2, arguments: { ["replay", $0, "--scene", scenePath] }) {
                report.add(figure)
            }
        }
        dropRecording(huge)
    } else {
        report.skip("peak-rss-growth", label: "peak RSS growth", reason: "the Dell Canvas recording was not found")
    }
}

if options.wants("idle") {
    for build in builds {
        progress("`gesturectl run` idle with one client" + build.labelSuffix)
        let id = "run-idle-rss" + build.idSuffix
        let label = "`gesturectl run` idle with one client: resident memory" + build.labelSuffix
        // Touchégg's daemon holds about 2.3–2.8 MB: the Embedded build aims below 3 MB.
        let (figure, reason) = IdleService.figure(id: id, label: label, gesturectl: build.gesturectl, scratch: workDirectory,
                                                  limitMB: build.embedded ? 3 : nil, runs: quick ? 3 : 5)
        if let figure { report.add(figure) } else { report.skip(id, label: label, reason: reason) }
        // 20 s: at one tick a second, 20 wake-ups (60 a minute, give or take 3 for where the window
        // falls); with nothing pending, any timer of 20 s or less shows at least once.
        let window = quick ? 10.0 : 20.0
        for (presented, name, what) in [(IdleWakeups.Presented.nothing, "nothing-pending", "nothing pending"),
                                        (.unsavedSheet, "deadline-pending", "a deadline pending")] {
            progress("`gesturectl run` idle with \(what): wake-ups over \(decimal(window, digits: 0)) s" + build.labelSuffix)
            let id = "run-idle-wakeups-\(name)" + build.idSuffix
            let label = "`gesturectl run` idle with \(what): wake-ups" + build.labelSuffix
            let (figure, reason) = IdleWakeups.figure(id: id, label: label, gesturectl: build.gesturectl,
                                                      scenePath: created(workDirectory + "/idle-\(name).scene.json"),
                                                      presented: presented, window: window, scratch: workDirectory)
            if let figure { report.add(figure) } else { report.skip(id, label: label, reason: reason) }
        }
    }
}

if options.wants("growth") {
    // `plot` draws every drag: the atmel drag (up, then down) every 20 s, 4× as many the second time.
    let drag = thirdParty + "/evemu/atmel-maxtouch.1-finger-drag-up-down.evemu"
    let plotScene = created(workDirectory + "/plot-scene.json")
    var sceneFile = OutputFile(path: plotScene)
    sceneFile?.append(#"{"presentations": [{"id": "compose", "style": "sheet", "detents": ["medium", "large"], "grabber": true}]}"#)
    sceneFile?.close()
    let dragBytes = (quick ? 1 : 2) * megabyte
    let (fewDrags, manyDrags) = (created(workDirectory + "/drags-1.evemu"), created(workDirectory + "/drags-4.evemu"))
    if let few = BigRecording.evemu(from: drag, to: fewDrags, bytes: dragBytes),
       BigRecording.evemu(from: drag, to: manyDrags, bytes: 4 * dragBytes) != nil {
        progress("plot, \(dragBytes / megabyte) MB and \(4 * dragBytes / megabyte) MB")
        let input = "`gesturectl plot` of the atmel drag repeated (\(few) and about \(4 * few) evdev events), a sheet, to /dev/null, median of 3"
        if let figure = whole.growth(id: "plot-growth", label: "plot: time and peak RSS, 4× the recording", small: fewDrags, large: manyDrags,
                                     input: input, flatMemory: false, runs: 3,
                                     arguments: { ["plot", $0, "--scene", plotScene, "--format", "svg", "-o", "/dev/null"] }) {
            report.add(figure)
        } else {
            report.skip("plot-growth", label: "plot growth", reason: "a plot failed")
        }
    } else {
        report.skip("plot-growth", label: "plot growth", reason: "\(drag) not found")
    }
}

if options.wants("sessions") {
    // Session files as a host records them (through the C library's recorder), read by `replay`
    // beside a parse of every line from Python, and by `replay --verify` beside `replay`.
    let python = findProgram(["/usr/bin/python3", "python3"])
    let simdjson = python.map { runProcess([$0, "-c", "import simdjson"], scratch: workDirectory).status == 0 } ?? false
    let sessionSize = (quick ? 20 : 100) * megabyte
    let (smallSession, bigSession, hugeSession) = (created(workDirectory + "/small.jsonl"), created(workDirectory + "/big.jsonl"),
                                                  created(workDirectory + "/huge.jsonl"))
    if let scene = try? SceneFile.load(path: scenePath) {
        progress("sessions of \(smallSize / megabyte), \(sessionSize / megabyte) and \(hugeSize / megabyte) MB")
        let written = [(smallSession, smallSize), (bigSession, sessionSize), (hugeSession, hugeSize)].allSatisfy { path, bytes in
            BigSession.write(from: dellEvemu, scene: scene, to: path, bytes: bytes) != nil
        }
        if written {
            let megabytes = Double(fileSize(bigSession)) / 1e6
            let input = "a \(decimal(megabytes, digits: 0)) MB session a host recorded through the C library's recorder "
                + "(the Dell Canvas recording's touches again and again on \(sceneDescription), every question answered)"
            if let python {
                let (name, title) = simdjson ? ("pysimdjson", "pysimdjson parsing every line from Python")
                    : ("Python's json", "Python's `json` parsing every line (pysimdjson is not installed)")
                progress("replay a \(decimal(megabytes, digits: 0)) MB session beside \(name)")
                if let figure = whole.figure(
                    id: "replay-session", label: "`replay big.jsonl` (a session)", replay: [gesturectl, "replay", bigSession],
                    anchor: [python, project + "/Benchmarks/anchors/session-lines.py", bigSession], anchorName: name,
                    anchorTitle: title, comparison: .speed(atLeast: 1), input: input, megabytes: megabytes, pairs: quick ? 2 : 5) {
                    report.add(figure)
                }
            } else {
                report.skip("replay-session", label: "`replay big.jsonl`", reason: "no python3")
            }
            progress("replay --verify beside replay")
            if let figure = whole.figure(
                id: "verify-session", label: "`replay --verify big.jsonl`", replay: [gesturectl, "replay", bigSession, "--verify"],
                anchor: [gesturectl, "replay", bigSession], anchorName: "`replay`", anchorTitle: "`replay big.jsonl`",
                comparison: .speed(atLeast: 0.8), input: input, megabytes: megabytes, pairs: quick ? 2 : 5) {
                report.add(figure)
            }
            progress("replay --verify's peak RSS, \(smallSize / megabyte) and \(hugeSize / megabyte) MB")
            let (smallMB, hugeMB) = (decimal(Double(fileSize(smallSession)) / 1e6, digits: 0),
                                     decimal(Double(fileSize(hugeSession)) / 1e6, digits: 0))
            if let figure = whole.peakMemory(
                id: "verify-peak-rss", label: "`replay --verify`: peak RSS from a \(smallMB) MB to a \(hugeMB) MB session",
                small: smallSession, large: hugeSession, input: "`gesturectl replay --verify` of sessions recorded as above",
                limit: 1, arguments: { ["replay", $0, "--verify"] }) {
                report.add(figure)
            }
        } else {
            report.skip("replay-session", label: "sessions", reason: "the sessions could not be written (the Dell Canvas recording?)")
        }
    }
    for path in [smallSession, bigSession, hugeSession] { unlink(path) }
}

removeCreated()
progress("done in \(decimal(monotonicSeconds() - started, digits: 0)) s")
