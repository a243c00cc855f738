/// Opens recordings of input devices for replay, whatever their format.
public enum Recording {
    /// A recording file format.
    enum Format {
        /// `libinput record` YAML, version 1.
        case libinputRecord
        /// `evemu-record` / `evemu-describe` text, or half of a `.desc` + `.events` pair.
        case evemu
    }

    /// How many lines ``detectFormat(path:readChunkSize:)`` looks at before giving up.
    private static let detectionLineLimit = 64

    /// Opens a recording and returns a streaming reader of one of its devices.
    ///
    /// The format is detected from the content: a `libinput record` YAML file, an evemu
    /// recording, or an evemu description (`.desc`) and events (`.events`) pair given as two
    /// paths in either order. Given only one file of such a pair, the other is found beside it.
    /// - Parameters:
    ///   - paths: one recording file, or the two files of an evemu pair.
    ///   - deviceIndex: the 0-based device to read from a multi-device `libinput record` file;
    ///     nil picks the first touchscreen. An evemu recording has only device 0.
    /// - Throws: ``InputFileError``: `.unreadable` for a missing or unreadable file, `.malformed`
    ///   naming the file, line and reason for bad or unsupported content (such as a multitouch
    ///   protocol A recording).
    public static func open(paths: [String], deviceIndex: Int? = nil) throws(InputFileError) -> any RecordingReader {
        try open(paths: paths, deviceIndex: deviceIndex, readChunkSize: FileInput.defaultChunkSize)
    }

    static func open(paths: [String], deviceIndex: Int?, readChunkSize: Int) throws(InputFileError) -> any RecordingReader {
        switch paths.count {
        case 1:
            let path = paths[0]
            switch try detectFormat(path: path, readChunkSize: readChunkSize) {
            case .libinputRecord:
                return try LibinputRecordReader(path: path, deviceIndex: deviceIndex, readChunkSize: readChunkSize)
            case .evemu:
                try checkSingleDevice(deviceIndex, path: path)
                return try EvemuReader(path: path, readChunkSize: readChunkSize)
            }
        case 2:
            for path in paths {
                switch try detectFormat(path: path, readChunkSize: readChunkSize) {
                case .evemu:
                    break
                case .libinputRecord:
                    throw InputFileError(
                        .malformed, path: path,
                        reason: "two files must be an evemu description (.desc) and events (.events) pair")
                }
            }
            try checkSingleDevice(deviceIndex, path: paths[1])
            return try EvemuReader(pairedPaths: paths[0], paths[1], readChunkSize: readChunkSize)
        default:
            throw InputFileError(
                .malformed, path: paths.joined(separator: " "),
                reason: "expected one recording file, or an evemu .desc and .events pair; got \(paths.count) files")
        }
    }

    /// Detects the format from the first lines, skipping blank lines, comments and (for YAML) leading junk.
    static func detectFormat(path: String, readChunkSize: Int = FileInput.defaultChunkSize) throws(InputFileError) -> Format {
        let lines = try LineReader(path: path, chunkSize: readChunkSize)
        while lines.lineNumber < detectionLineLimit, let line = try lines.nextLine() {
            let text = String(decoding: line.prefix(32), as: UTF8.self)
            if text.hasPrefix("# libinput record") || text.hasPrefix("version:") || text.hasPrefix("ndevices:") {
                return .libinputRecord
            }
            if text.hasPrefix("# EVEMU") { return .evemu }
            if ["N:", "I:", "P:", "B:", "A:", "E:"].contains(where: { text.hasPrefix($0) }) { return .evemu }
        }
        throw InputFileError(
            .malformed, path: path, line: 1,
            reason: "unrecognised recording format: expected libinput record YAML (`version: 1`) or an evemu recording")
    }

    private static func checkSingleDevice(_ deviceIndex: Int?, path: String) throws(InputFileError) {
        guard let deviceIndex, deviceIndex != 0 else { return }
        throw InputFileError(
            .malformed, path: path,
            reason: "device index \(deviceIndex) is out of range: an evemu recording holds 1 device")
    }
}
