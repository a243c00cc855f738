import DismissKit
import DismissKitService
import Glibc

/// `gesturectl replay`: decodes a recording and prints touch events or intents.
enum ReplayCommand: Subcommand {
    static let name = "replay"
    static let summary = "Replay a recording and print touch events or intents."
    static let usage = "gesturectl \(name) <trace> [<events-file>] [--scene <file>] [--config <file>] [--device-index <n>] [--calibration \"<a b c d e f>\"] [--touch-events [--exact]] [--explain] [--format json|text] [--verify]"

    static let help = """
        OVERVIEW: Replay a recorded touchscreen trace, deterministically.

        Reads a `libinput record` YAML (version 1) or evemu recording (one `.evemu`
        file, or a `.desc` + `.events` pair), decodes it by libinput's touchscreen
        rules and prints JSON Lines on standard output. A session file (recorded with
        `dk_pipeline_record`) replays with the scene and touches it holds.

        USAGE: \(usage)

        ARGUMENTS:
          <trace>                 The recording. For the old evemu split format, either file of the pair.
          <events-file>           The other file of a `.desc` + `.events` pair (optional).

        OPTIONS:
          --scene <file>          The scene (JSON): screen, presentations, timeline, gestures. Without one
                                  the screen is 1280 x 800 points on a 217 x 136 mm panel.
          --config <file>         Gesture thresholds: a JSON object with the fields of a scene's
                                  'gestures', over the scene's.
          --device-index <n>      The device of a multi-device recording (0-based); default: the first touchscreen.
          --calibration <matrix>  libinput calibration matrix "a b c d e f"; default: the recorded
                                  LIBINPUT_CALIBRATION_MATRIX udev property, or none.
          --touch-events          Print touch events (down, motion, up, cancel, frame) instead of intents; with a
                                  scene, each mapped onto the screen in force at its time (the timeline's 'screen'
                                  commands).
          --exact                 With touch events, print positions with every digit needed to read back
                                  the values the pipeline gets, instead of rounding them to 0.001.
          --explain               With intents, print the gesture thresholds in force on standard error, and
                                  add the figures and the rule behind every decision: a release's projection
                                  against the threshold, a rejection's policy rule, and a line
                                  ("type":"decision") for each decision of the recogniser (a drag that starts, a
                                  tap, a tap held too long or moved past the slop, a cross-axis contact, a second
                                  contact), before the intents it caused.
          --format <format>       json (the default): JSON Lines; text: one aligned line per touch (frames
                                  left out), command, decision and intent, as a person reads them, in
                                  colour on a terminal.
          --verify                For a session file: replay it and compare the intents with the ones
                                  it recorded, printing nothing else; exit 0 when they are the same,
                                  1 with the first difference named (or the first intent that breaks
                                  the drag rule or the unsaved-content invariant).
          -h, --help              Show help information.
        """

    static func run(_ arguments: [String]) -> Int32 {
        let options: CommandLineArguments
        let trace: TraceOptions
        let text: StepText?
        do throws(CommandLineArguments.UsageError) {
            options = try CommandLineArguments(
                arguments,
                valueOptions: TraceOptions.valueOptions + ["format"],
                flagOptions: ["touch-events", "exact", "explain", "help", "verify"]
            )
            if options.flag("help") {
                printToStandardOutput(help)
                return ExitStatus.success
            }
            trace = try TraceOptions(options)
            switch try options.value("format") {
            case nil, "json": text = nil
            case "text": text = StepText(colour: isatty(STDOUT_FILENO) == 1)
            case let other?: throw CommandLineArguments.UsageError(message: "'--format' is json or text, got '\(other)'")
            }
            if text != nil && options.flag("exact") {
                throw CommandLineArguments.UsageError(message: "'--exact' is for JSON touch events")
            }
            if options.flag("exact") && !options.flag("touch-events") {
                throw CommandLineArguments.UsageError(message: "'--exact' is for touch events: give it with '--touch-events'")
            }
            if options.flag("verify") && (options.flag("touch-events") || options.flag("explain") || text != nil) {
                throw CommandLineArguments.UsageError(message: "'--verify' compares intents and prints nothing else: "
                    + "give it without '--touch-events', '--explain' or '--format'")
            }
            if trace.configPath != nil && options.flag("touch-events") {
                throw CommandLineArguments.UsageError(message: "'--config' is for intents; touch events use no thresholds")
            }
        } catch {
            return usageError(error.message)
        }

        if trace.paths.count == 1, SessionFile.isSession(path: trace.paths[0]) {
            if trace.scenePath != nil {
                return usageError("a session file carries its scene: give no '--scene'")
            }
            if options.flag("verify") { return verifySession(trace) }
            return replaySession(trace, touchEvents: options.flag("touch-events"), exact: options.flag("exact"),
                                 explain: options.flag("explain"), text: text)
        }
        if options.flag("verify") {
            // A file that cannot be read is named for what it is, as a plain replay names it.
            do throws(InputFileError) {
                _ = try trace.openRecording()
            } catch where error.kind == .unreadable {
                StandardError.report(error.description)
                return TraceOptions.exitStatus(for: error)
            } catch {}
            return usageError("'--verify' is for session files (from 'gesturectl run --record' or dk_pipeline_record), "
                + "which hold the intents to compare")
        }
        if let text { return replayAsText(trace, touchEvents: options.flag("touch-events"), text: text) }
        let scenePath = trace.scenePath
        let calibration = trace.calibration
        if scenePath == nil && !options.flag("touch-events") {
            // A trace that cannot be read is named for what it is, not taken for a usage error.
            do throws(InputFileError) {
                _ = try trace.openRecording()
            } catch {
                StandardError.report(error.description)
                return TraceOptions.exitStatus(for: error)
            }
            return usageError("intents need a scene: give '--scene <file>', or '--touch-events' for touch events")
        }
        let explain = options.flag("explain")
        let exact = options.flag("exact")
        return writingOutput { output throws(InputFileError) in
            let sceneFile = try scenePath.map { path throws(InputFileError) in try SceneFile.load(path: path) }
            let reader = try trace.openRecording()
            if let sceneFile, let scenePath, !options.flag("touch-events") {
                let configuration = try trace.configuration(over: sceneFile)
                if explain {
                    StandardError.write("gesturectl: gestures: \(configuration.jsonLine.text)")
                    try Replay.steps(from: reader, scene: sceneFile, scenePath: scenePath, configuration: configuration,
                                     calibration: calibration) { step, names in
                        switch step {
                        case .touch, .command: break
                        case .decision(let decision): output.write(line: decision.jsonLine(names: names).text)
                        case .intent(let intent): output.write { intent.appendJSONLine(to: &$0, explain: true, names: names) }
                        }
                    }
                } else {
                    try Replay.intents(from: reader, scene: sceneFile, scenePath: scenePath, configuration: configuration,
                                       calibration: calibration) { intent, names in
                        output.write { intent.appendJSONLine(to: &$0, names: names) }
                    }
                }
            } else if let sceneFile, let scenePath {
                try Replay.touchEvents(from: reader, scene: sceneFile, scenePath: scenePath, calibration: calibration) { event in
                    output.write { event.appendJSONLine(to: &$0, exact: exact) }
                }
            } else {
                try Replay.touchEvents(from: reader, screen: .standard, calibration: calibration) { event in
                    output.write { event.appendJSONLine(to: &$0, exact: exact) }
                }
            }
        }
    }

    /// Runs `body` with standard output, then flushes it: 0, or the error reported and its exit status.
    private static func writingOutput(_ body: (inout LineWriter) throws(InputFileError) -> Void) -> Int32 {
        var output = LineWriter.standardOutput()
        do throws(InputFileError) {
            try body(&output)
            output.flush()
            return ExitStatus.success
        } catch {
            output.flush()
            StandardError.report(error.description)
            return TraceOptions.exitStatus(for: error)
        }
    }

    /// Replays a recording and prints its steps as text: the touches alone with `--touch-events`
    /// (or without a scene), and with a scene also the commands, decisions and intents.
    private static func replayAsText(_ trace: TraceOptions, touchEvents: Bool, text: StepText) -> Int32 {
        return writingOutput { output throws(InputFileError) in
            let reader = try trace.openRecording()
            if let scenePath = trace.scenePath {
                let sceneFile = try SceneFile.load(path: scenePath)
                try Replay.steps(from: reader, scene: sceneFile, scenePath: scenePath,
                                 configuration: try trace.configuration(over: sceneFile), calibration: trace.calibration) { step, names in
                    if let line = text.line(step, names: names), !touchEvents || step.isTouch { output.write(line: line) }
                }
            } else {
                try Replay.touchEvents(from: reader, screen: .standard, calibration: trace.calibration) { event in
                    if let line = text.line(.touch(event), names: PresentationNames()) { output.write(line: line) }
                }
            }
        }
    }

    /// Replays a session file (Docs/tuning.md, "Session files") through a new pipeline on its scene.
    private static func replaySession(_ trace: TraceOptions, touchEvents: Bool, exact: Bool, explain: Bool, text: StepText?) -> Int32 {
        return writingOutput { output throws(InputFileError) in
            let reader = try SessionFile.Reader(path: trace.paths[0])
            if let line = reader.endsBeforeSceneAtLine {
                StandardError.write("gesturectl: \(trace.paths[0]):\(line): the session ends before its scene: nothing to replay")
            }
            let configuration = try reader.sceneFile.map { sceneFile throws(InputFileError) in try trace.configuration(over: sceneFile) }
            if explain, let configuration { StandardError.write("gesturectl: gestures: \(configuration.jsonLine.text)") }
            try SessionFile.steps(of: reader, configuration: configuration) { step, names in
                if let text {
                    if let line = text.line(step, names: names), !touchEvents || step.isTouch { output.write(line: line) }
                    return
                }
                switch step {
                case .touch(let event): if touchEvents { output.write { event.appendJSONLine(to: &$0, exact: exact) } }
                case .command: break
                case .decision(let decision): if explain { output.write(line: decision.jsonLine(names: names).text) }
                case .intent(let intent): if !touchEvents { output.write { intent.appendJSONLine(to: &$0, explain: explain, names: names) } }
                }
            }
        }
    }
    /// `--verify`: replays a session file and compares its intents, as JSON text, with those
    /// it recorded: 0 when they are the same (a note says how many), 1 with the first difference.
    private static func verifySession(_ trace: TraceOptions) -> Int32 {
        let path = trace.paths[0]
        do throws(InputFileError) {
            let reader = try SessionFile.Reader(path: path)
            guard let sceneFile = reader.sceneFile else {
                let line = reader.endsBeforeSceneAtLine.map { ":\($0)" } ?? ""
                StandardError.write("gesturectl: \(path)\(line): the session ends before its scene: nothing to verify")
                return ExitStatus.success
            }
            let verification = try SessionFile.verify(reader, configuration: try trace.configuration(over: sceneFile))
            if let difference = verification.difference {
                StandardError.write("gesturectl: \(path): \(difference)")
                return ExitStatus.failure
            }
            var note = "the \(verification.compared) recorded intents replay the same"
            if verification.notRecordedAtTheEnd > 0 {
                note += "; the file ends before the last \(verification.notRecordedAtTheEnd) the replay gives (cut short, "
                    + "as when power is lost mid-frame)"
            }
            StandardError.write("gesturectl: \(path): \(note)")
            return ExitStatus.success
        } catch {
            StandardError.report(error.description)
            return TraceOptions.exitStatus(for: error)
        }
    }
}

extension Replay.Step {
    /// Whether the step is a touch event.
    fileprivate var isTouch: Bool {
        if case .touch = self { true } else { false }
    }
}
