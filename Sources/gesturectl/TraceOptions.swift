import DismissKit
import DismissKitService

/// The options `replay` and `plot` share to name a recording and read it: the trace (one file,
/// or an evemu `.desc` + `.events` pair), `--scene`, `--config`, `--device-index` and
/// `--calibration`.
struct TraceOptions {
    /// The value options the trace takes, for ``CommandLineArguments``.
    static let valueOptions = ["scene", "config", "device-index", "calibration"]

    var paths: [String]
    var scenePath: String?
    /// Gesture thresholds over the scene's (`--config`).
    var configPath: String?
    var deviceIndex: Int?
    var calibration: CalibrationMatrix?

    /// Reads the trace options from parsed arguments; a usage error for a missing trace, too many
    /// files, or a bad device index or calibration.
    init(_ options: CommandLineArguments) throws(CommandLineArguments.UsageError) {
        guard (1...2).contains(options.positional.count) else {
            throw CommandLineArguments.UsageError(
                message: options.positional.isEmpty ? "missing expected argument '<trace>'" : "too many arguments")
        }
        paths = options.positional
        scenePath = try options.value("scene")
        configPath = try options.value("config")
        calibration = try options.calibration()
        if let text = try options.value("device-index") {
            guard let index = Int(text), index >= 0 else {
                throw CommandLineArguments.UsageError(message: "'--device-index' needs a number from 0, got '\(text)'")
            }
            deviceIndex = index
        }
    }

    /// Opens the recording for reading.
    func openRecording() throws(InputFileError) -> any RecordingReader {
        try Recording.open(paths: paths, deviceIndex: deviceIndex)
    }

    /// The gesture thresholds in force: the scene's, with `--config`'s fields over them.
    func configuration(over sceneFile: SceneFile) throws(InputFileError) -> GestureConfiguration {
        guard let configPath else { return sceneFile.configuration }
        return try GestureConfigurationReader.load(path: configPath, base: sceneFile.configuration)
    }

    /// The exit status for an error reading the trace or the scene: 66 for a file that cannot be
    /// read, 65 for bad data.
    static func exitStatus(for error: InputFileError) -> Int32 {
        error.kind == .unreadable ? ExitStatus.noInput : ExitStatus.dataError
    }
}
