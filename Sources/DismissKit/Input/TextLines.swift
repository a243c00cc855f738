/// The lines of a text file, such as a recording's expected intents (`NAME.intents.jsonl`).
public enum TextLines {
    /// Every line of the file at `path`, without its newline.
    /// - Throws: ``InputFileError`` for a file that cannot be read.
    public static func read(path: String) throws(InputFileError) -> [String] {
        let reader = try LineReader(path: path, chunkSize: FileInput.defaultChunkSize)
        var lines: [String] = []
        while let line = try reader.nextLine() { lines.append(String(decoding: line, as: UTF8.self)) }
        return lines
    }
}
