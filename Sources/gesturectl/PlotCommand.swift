import DismissKit
import DismissKitPlot
import Glibc

/// `gesturectl plot`: replays a recording against its scene and draws it, with every decision.
enum PlotCommand: Subcommand {
    static let name = "plot"
    static let summary = "Draw a recording and every decision made on it (SVG or HTML)."
    static let usage = "gesturectl \(name) <trace> [<events-file>] [--scene <file>] [--config <file>] [--device-index <n>] [--calibration \"<a b c d e f>\"] [-o <file>] [--format svg|html]"

    static let help = """
        OVERVIEW: Draw a recording and every decision made on it.

        Replays the recording as `gesturectl replay` does and draws the screen (the scene's
        presentations to scale, every contact's path, each decision where it was made) and the
        timeline (the dragged finger's travel, the sheet's offset as shown, the velocity, each
        release's projection against the dismiss threshold, every intent and host command, taps
        against tapMaxDuration).

        USAGE: \(usage)

        ARGUMENTS:
          <trace>                 The recording. For the old evemu split format, either file of the pair.
          <events-file>           The other file of a `.desc` + `.events` pair (optional).

        OPTIONS:
          --scene <file>          The scene (JSON): screen, presentations, timeline, gestures. Without one, an
                                  empty 1280 x 800 point screen: the contacts alone.
          --config <file>         Gesture thresholds: a JSON object with the fields of a scene's
                                  'gestures', over the scene's.
          --device-index <n>      The device of a multi-device recording (0-based); default: the first touchscreen.
          --calibration <matrix>  libinput calibration matrix "a b c d e f"; default: the recorded
                                  LIBINPUT_CALIBRATION_MATRIX udev property, or none.
          -o, --output <file>     Where to write the picture; default: standard output.
          --format <format>       svg (the default, unless the output file ends in .html) or html: one
                                  self-contained page with both pictures and a scrubber that steps through time.
          -h, --help              Show help information.
        """

    /// What the plot is written as.
    enum Format: String {
        case svg, html
    }

    static func run(_ arguments: [String]) -> Int32 {
        let trace: TraceOptions
        let outputPath: String?
        let format: Format
        do throws(CommandLineArguments.UsageError) {
            let options = try CommandLineArguments(
                arguments,
                valueOptions: TraceOptions.valueOptions.union(["output", "format"]),
                flagOptions: ["help"],
                shortNames: ["-o": "output", "-h": "help"]
            )
            if options.flag("help") {
                printToStandardOutput(help)
                return ExitStatus.success
            }
            trace = try TraceOptions(options)
            outputPath = try options.value("output")
            if let text = try options.value("format") {
                guard let given = Format(rawValue: text) else {
                    throw CommandLineArguments.UsageError(message: "'--format' is svg or html, got '\(text)'")
                }
                format = given
            } else {
                format = outputPath?.hasSuffix(".html") == true ? .html : .svg
            }
        } catch {
            return usageError(error.message)
        }

        let plot: RecordingPlot
        do throws(InputFileError) {
            if trace.paths.count == 1, SessionFile.isSession(path: trace.paths[0]) {
                guard trace.scenePath == nil else { return usageError("a session file carries its scene: give no '--scene'") }
                let reader = try SessionFile.Reader(path: trace.paths[0])
                let sceneFile = reader.sceneFile ?? SceneFile(scene: Scene())
                let configuration = try trace.configuration(over: sceneFile)
                var recorded = RecordingPlot(title: title(of: trace.paths[0]), scene: sceneFile.scene, configuration: configuration)
                try SessionFile.steps(of: reader, configuration: configuration) { recorded.record($0) }
                plot = recorded
            } else {
                plot = try recordingPlot(of: trace)
            }
        } catch {
            StandardError.report(error.description)
            return TraceOptions.exitStatus(for: error)
        }
        return emit(format == .svg ? plot.svg() : plot.html(), to: outputPath)
    }

    /// The plot of a recording replayed against the scene of `--scene` (an empty one without).
    private static func recordingPlot(of trace: TraceOptions) throws(InputFileError) -> RecordingPlot {
        let sceneFile = try trace.scenePath.map { path throws(InputFileError) in try SceneFile.load(path: path) }
            ?? SceneFile(scene: Scene())
        let configuration = try trace.configuration(over: sceneFile)
        let reader = try trace.openRecording()
        var recorded = RecordingPlot(title: title(of: trace.paths[0]), scene: sceneFile.scene, configuration: configuration)
        try Replay.steps(from: reader, scene: sceneFile, scenePath: trace.scenePath ?? "", configuration: configuration,
                         calibration: trace.calibration) {
            recorded.record($0)
        }
        return recorded
    }

    /// Writes the plot to `outputPath`, or to standard output without one.
    private static func emit(_ text: String, to outputPath: String?) -> Int32 {
        guard let outputPath else {
            var output = LineWriter.standardOutput()
            output.write(bytes: Array(text.utf8))
            output.flush()
            return ExitStatus.success
        }
        do throws(Errno) {
            try write(text, to: outputPath)
            return ExitStatus.success
        } catch {
            StandardError.report("\(outputPath): \(error)")
            return ExitStatus.cannotCreate
        }
    }

    /// The recording's file name without its directory and extension.
    private static func title(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// Writes `text` to the file at `path`, replacing it.
    private static func write(_ text: String, to path: String) throws(Errno) {
        let descriptor = try SystemCall.checked { open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        defer { close(descriptor) }
        try SystemCall.writeAll(Array(text.utf8)) { start, count in Glibc.write(descriptor, start, count) }
    }
}
