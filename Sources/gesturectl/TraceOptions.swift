import DismissKit

/// The options `replay` and `plot` share to name a recording and read it: the trace (one file,
/// or an evemu `.desc` + `.events` pair), `--scene`, `--device-index` and `--calibration`.
struct TraceOptions {
    /// The value options the trace takes, for ``CommandLineArguments``.
    static let valueOptions: Set<String> = ["scene", "device-index", "calibration"]

    var paths: [String]
    var scenePath: String?
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

    /// The exit status for an error reading the trace or the scene: 66 for a file that cannot be
    /// read, 65 for bad data.
    static func exitStatus(for error: InputFileError) -> Int32 {
        error.kind == .unreadable ? ExitStatus.noInput : ExitStatus.dataError
    }
}
