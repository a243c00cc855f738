/// Scene and configuration files read from disk; their text is parsed by the wire codec
/// (``SceneFile/parse(_:path:)``, ``GestureConfigurationReader/parse(_:path:base:)``).
extension SceneFile {
    /// Reads and parses the scene file at `path`.
    /// - Throws: ``InputFileError`` `.unreadable` when the file cannot be read, `.malformed` when its
    ///   content is bad or it is larger than ``InputLimits/maximumSceneFileSize``.
    public static func load(path: String) throws(InputFileError) -> SceneFile {
        try parse(try readText(path: path, describing: "scene file"), path: path)
    }

    /// The UTF-8 text of a JSON file of at most ``InputLimits/maximumSceneFileSize`` bytes;
    /// `kind` names the file in errors ("scene file").
    package static func readText(path: String, describing kind: String) throws(InputFileError) -> String {
        let input = try FileInput(path: path)
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: input.firstBufferSize)
        while true {
            let count = try chunk.withUnsafeMutableBytes { bytes in
                Result { () throws(InputFileError) in try input.read(into: bytes) }
            }.get()
            if count == 0 { break }
            data += chunk[..<count]
            if data.count > InputLimits.maximumSceneFileSize {
                throw InputFileError(.malformed, path: path,
                                     reason: "the \(kind) is larger than \(InputLimits.maximumSceneFileSize) bytes")
            }
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw InputFileError(.malformed, path: path, reason: "the \(kind) is not valid UTF-8 text")
        }
        return text
    }
}

extension GestureConfigurationReader {
    /// Reads and parses the `--config` file at `path` (at most ``InputLimits/maximumSceneFileSize`` bytes).
    public static func load(path: String, base: GestureConfiguration = GestureConfiguration()) throws(InputFileError) -> GestureConfiguration {
        try parse(try SceneFile.readText(path: path, describing: "configuration file"), path: path, base: base)
    }
}
