import CSystemCalls
import DismissKit
import DismissKitService
import DismissKitPlot
import Glibc

/// `gesturectl plot`: replays a recording against its scene and draws it, with every decision.
enum PlotCommand: Subcommand {
    static let name = "plot"
    static let summary = "Draw a recording and every decision made on it (SVG, HTML or PNG)."
    static let usage = "gesturectl \(name) <trace> [<events-file>] [--scene <file>] [--config <file>] [--device-index <n>] [--calibration \"<a b c d e f>\"] [--from <ms>] [--to <ms>] [--touch <n>] [-o <file>] [--format svg|html|png]"

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
          --from <ms>             Draw from this time on, in ms from the first event (the replay still
                                  runs from the start, so what is drawn was decided as it was).
          --to <ms>               Draw up to this time, in ms from the first event; after --from.
          --touch <n>             Draw only touch n (from 1, as the picture numbers them): its contact,
                                  its decisions, and the intents and host commands while it was down.
          -o, --output <file>     Where to write the picture; default: standard output.
          --format <format>       svg, html (one self-contained page with both pictures and a scrubber that
                                  steps through time) or png (the SVG rendered by librsvg's rsvg-convert,
                                  from Debian's librsvg2-bin). Default: from the output file's extension
                                  (.svg, .html or .png; another is a usage error), svg on standard output.
          -h, --help              Show help information.
        """

    /// What the plot is written as.
    enum Format: String, CaseIterable {
        case svg, html, png
    }

    static func run(_ arguments: [String]) -> Int32 {
        let trace: TraceOptions
        let outputPath: String?
        let format: Format
        let from: Int64?, to: Int64?, touch: Int?
        do throws(CommandLineArguments.UsageError) {
            let options = try CommandLineArguments(
                arguments,
                valueOptions: TraceOptions.valueOptions + ["output", "format", "from", "to", "touch"],
                flagOptions: ["help"],
                shortNames: ["-o": "output", "-h": "help"]
            )
            if options.flag("help") {
                printToStandardOutput(help)
                return ExitStatus.success
            }
            trace = try TraceOptions(options)
            outputPath = try options.value("output")
            from = try time(options, "from")
            to = try time(options, "to")
            if let from, let to, from >= to {
                throw CommandLineArguments.UsageError(message: "'--to' must come after '--from'")
            }
            if let text = try options.value("touch") {
                guard let number = Int(text), number >= 1 else {
                    throw CommandLineArguments.UsageError(message: "'--touch' is a touch's number, from 1, got '\(text)'")
                }
                touch = number
            } else {
                touch = nil
            }
            if let text = try options.value("format") {
                guard let given = Format(rawValue: text) else {
                    throw CommandLineArguments.UsageError(message: "'--format' is svg, html or png, got '\(text)'")
                }
                format = given
            } else if let outputPath {
                guard let inferred = Format.allCases.first(where: { outputPath.hasSuffix("." + $0.rawValue) }) else {
                    throw CommandLineArguments.UsageError(
                        message: "cannot tell the format of '\(outputPath)': name it .svg, .html or .png, or give '--format'")
                }
                format = inferred
            } else {
                format = .svg
            }
        } catch {
            return usageError(error.message)
        }

        var plot: RecordingPlot
        do throws(InputFileError) {
            if trace.paths.count == 1, SessionFile.isSession(path: trace.paths[0]) {
                guard trace.scenePath == nil else { return usageError("a session file carries its scene: give no '--scene'") }
                let reader = try SessionFile.Reader(path: trace.paths[0])
                let sceneFile = reader.sceneFile ?? SceneFile(scene: Scene())
                let configuration = try trace.configuration(over: sceneFile)
                var recorded = RecordingPlot(title: title(of: trace.paths[0]), scene: sceneFile.scene, configuration: configuration)
                try SessionFile.steps(of: reader, configuration: configuration) { recorded.record($0, names: $1) }
                plot = recorded
            } else {
                plot = try recordingPlot(of: trace)
            }
        } catch {
            StandardError.report(error.description)
            return TraceOptions.exitStatus(for: error)
        }
        if from != nil || to != nil || touch != nil {
            do throws(RecordingPlot.WindowError) {
                try plot.restrict(from: from, to: to, touch: touch)
            } catch {
                return usageError(error.message)
            }
        }
        switch format {
        case .svg: return emit(plot.svg(), to: outputPath)
        case .html: return emit(plot.html(), to: outputPath)
        case .png: return renderPNG(plot.svg(), to: outputPath)
        }
    }

    /// The time of `--from` or `--to`, given in ms, in µs.
    private static func time(_ options: CommandLineArguments, _ name: String) throws(CommandLineArguments.UsageError) -> Int64? {
        guard let text = try options.value(name) else { return nil }
        guard let milliseconds = Double(text), milliseconds.isFinite, milliseconds >= 0, milliseconds < 1e12 else {
            throw CommandLineArguments.UsageError(message: "'--\(name)' is a time in ms from the first event, got '\(text)'")
        }
        return Int64((milliseconds * 1000).rounded())
    }

    /// Renders the SVG to PNG with `rsvg-convert`, into `outputPath` or onto standard output.
    private static func renderPNG(_ svg: String, to outputPath: String?) -> Int32 {
        var template = Array("/tmp/gesturectl-plot-XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else {
            StandardError.report("cannot create a temporary file for the SVG: \(Errno.current)")
            return ExitStatus.cannotCreate
        }
        let svgPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(svgPath) }
        do throws(Errno) {
            try SystemCall.writeAll(Array(svg.utf8)) { start, count in Glibc.write(descriptor, start, count) }
            close(descriptor)
        } catch {
            close(descriptor)
            StandardError.report("\(svgPath): \(error)")
            return ExitStatus.cannotCreate
        }
        let arguments = ["rsvg-convert", "--format", "png"] + (outputPath.map { ["--output", $0] } ?? []) + [svgPath]
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var child = pid_t()
        let spawned = posix_spawnp(&child, "rsvg-convert", nil, nil, &argv, dk_environment())
        guard spawned == 0 else {
            StandardError.report("cannot run rsvg-convert (\(Errno(code: spawned))): PNG needs librsvg's rsvg-convert "
                + "(Debian's librsvg2-bin)")
            return ExitStatus.unavailable
        }
        var status: Int32 = 0
        while waitpid(child, &status, 0) == -1 && Errno.current == .interrupted {}
        guard status == 0 else {
            StandardError.report("rsvg-convert could not write \(outputPath ?? "the PNG") (status \(status))")
            return ExitStatus.cannotCreate
        }
        return ExitStatus.success
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
            recorded.record($0, names: $1)
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
        let descriptor = try SystemCall.checked { dk_open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        defer { close(descriptor) }
        try SystemCall.writeAll(Array(text.utf8)) { start, count in Glibc.write(descriptor, start, count) }
    }
}
