/// A session file: what an embedding host gave a pipeline and what the pipeline decided, one
/// JSON object per line (README, "Session files"), so that a session from the field replays
/// exactly.
///
/// Lines, each an object with a `type`:
/// 1. `{"dismisskit":"0.1.0","format":"dismisskit-session","type":"session","version":1}`: the
///    header; a reader refuses another `format` or a `version` it does not know.
/// 2. `{"gestures":{…},"scene":{…},"type":"scene"}`: the starting scene as a scene file spells
///    it (``Scene/jsonLine``) and the thresholds in force (``GestureConfiguration/jsonLine``).
/// 3. Then, in the order they happened:
///    - `{"event":"down","seatSlot":0,"time":…,"type":"touch","x":…,"y":…}`: a touch as the host
///      gave it, in screen points with every digit (`x` and `y` for `down` and `motion` only;
///      no `seatSlot` for `frame`);
///    - `{"command":"…","time":…,"type":"command"}`: a host command's JSON text as the host gave
///      it, and its time;
///    - `{"intent":{…},"type":"intent"}`: an intent the pipeline decided, as
///      `dk_pipeline_next_intent` hands it out.
public enum SessionFile {
    /// The `format` of the header.
    public static let format = "dismisskit-session"
    /// The `version` of the header this build writes and reads.
    public static let version = 1

    /// One line after the header and the scene.
    public enum Entry: Sendable, Hashable {
        case touch(TouchEvent)
        /// A host command's text, its time, and the file's line it is on.
        case command(text: String, time: Int64, line: Int)
        /// An intent as the pipeline handed it out: its JSON text.
        case intent(String)
    }

    // MARK: - Writing

    /// The header line.
    public static var headerLine: String {
        var line = JSONLine()
        line.set("type", .string("session"))
        line.set("format", .string(format))
        line.set("version", .integer(Int64(version)))
        line.set("dismisskit", .string(DismissKitVersion.release))
        return line.text
    }

    /// The starting scene's line.
    public static func sceneLine(_ scene: Scene, configuration: GestureConfiguration) -> String {
        var line = JSONLine()
        line.set("type", .string("scene"))
        line.set("scene", .object(scene.jsonLine))
        line.set("gestures", .object(configuration.jsonLine))
        return line.text
    }

    /// A touch's line; positions with every digit, so that they read back as the same values.
    public static func touchLine(_ event: TouchEvent) -> String {
        var line = JSONLine()
        line.set("type", .string("touch"))
        line.set("event", .string(event.kind.rawValue))
        line.set("time", .integer(event.time))
        if event.kind != .frame { line.set("seatSlot", .integer(Int64(event.seatSlot))) }
        if let point = event.point {
            line.set("x", .exactNumber(point.x))
            line.set("y", .exactNumber(point.y))
        }
        return line.text
    }

    /// A host command's line.
    public static func commandLine(_ text: String, time: Int64) -> String {
        var line = JSONLine()
        line.set("type", .string("command"))
        line.set("command", .string(text))
        line.set("time", .integer(time))
        return line.text
    }

    /// An intent's line, around its JSON text (without a newline).
    public static func intentLine(_ intentText: String) -> String {
        // The keys sorted, "intent" before "type", as JSONLine writes them.
        #"{"intent":"# + intentText + #","type":"intent"}"#
    }

    // MARK: - Reading

    /// Whether the file at `path` begins with a session header (of any version); false when it
    /// cannot be read, which opening it then reports.
    public static func isSession(path: String) -> Bool {
        guard let lines = try? LineReader(path: path, chunkSize: 4096), let first = try? lines.nextLine() else { return false }
        // Compared as bytes: a String's `contains` would link the regex library into every program.
        let marker = Array(#""format":"dismisskit-session""#.utf8)
        let head = first.prefix(256)
        guard head.count >= marker.count else { return false }
        return (head.startIndex...(head.endIndex - marker.count)).contains { head[$0..<($0 + marker.count)].elementsEqual(marker) }
    }

    /// Reads a session file line by line: the header and the scene when it opens, then each entry.
    public final class Reader {
        public let path: String
        /// The starting scene and thresholds (no timeline: the commands are the session's own);
        /// nil for a file that ends within its scene line (a session cut short there), which
        /// has nothing to replay.
        public let sceneFile: SceneFile?
        private let lines: LineReader

        /// Opens the file and reads its header and scene.
        /// - Throws: ``InputFileError``: `.unreadable` for a file that cannot be read, `.malformed`
        ///   with the line for a header of another format or version, or a bad scene.
        public init(path: String) throws(InputFileError) {
            self.path = path
            lines = try LineReader(path: path, chunkSize: FileInput.defaultChunkSize)
            guard var header = try Self.object(lines, path: path, expecting: "the session header", cutShortIsEnd: false) else {
                throw InputFileError(.malformed, path: path, line: 1, reason: "the file ends before the session header")
            }
            do throws(JSONInputError) {
                guard try header.string("type") == "session", try header.string("format") == SessionFile.format else {
                    throw JSONInputError(line: 1, reason: "not a DismissKit session: the header's format is not \(quoted(SessionFile.format))")
                }
                let version = try header.required("version").integer(at: "version")
                guard version == Int64(SessionFile.version) else {
                    throw JSONInputError(line: 1, reason: "session version \(version) is not one this build reads (\(SessionFile.version))")
                }
                _ = try header.string("dismisskit")
                try header.rejectUnknownKeys()
            } catch {
                throw InputFileError(.malformed, path: path, line: lines.lineNumber, reason: error.reason)
            }
            guard var scene = try Self.object(lines, path: path, expecting: "the scene", cutShortIsEnd: true) else {
                sceneFile = nil
                return
            }
            do throws(JSONInputError) {
                guard try scene.string("type") == "scene" else {
                    throw JSONInputError(line: scene.line, reason: "expected the scene after the header")
                }
                var sceneReader = try JSONObjectReader(try scene.required("scene"), path: "scene")
                let unchecked = try SceneReader.scene(from: &sceneReader)
                try sceneReader.rejectUnknownKeys()
                let configuration = try GestureConfigurationReader.configuration(from: try scene.required("gestures"), path: "gestures")
                try scene.rejectUnknownKeys()
                sceneFile = SceneFile(scene: try unchecked.validated(), configuration: configuration)
            } catch {
                throw InputFileError(.malformed, path: path, line: lines.lineNumber, reason: error.reason)
            }
        }

        /// The next entry, or nil at the end of the file. A last line cut short (a session whose
        /// writer stopped mid-line) ends the session there.
        /// - Throws: ``InputFileError`` `.malformed` with the line for a line that is not an entry.
        public func next() throws(InputFileError) -> Entry? {
            while let bytes = try lines.nextLine() {
                if bytes.isEmpty { continue }
                let text = String(decoding: bytes, as: UTF8.self)
                let line = lines.lineNumber
                let value: JSONValue
                do throws(JSONInputError) {
                    value = try JSONValue(parsing: text)
                } catch {
                    // Only the last line may be cut short: nothing follows it.
                    if try lines.nextLine() == nil { return nil }
                    throw InputFileError(.malformed, path: path, line: line, reason: error.reason)
                }
                do throws(JSONInputError) {
                    return try Self.entry(value, text: text, line: line)
                } catch {
                    throw InputFileError(.malformed, path: path, line: line, reason: error.reason)
                }
            }
            return nil
        }

        private static func entry(_ value: JSONValue, text: String, line: Int) throws(JSONInputError) -> Entry {
            var reader = try JSONObjectReader(value, path: "")
            let type = try reader.string("type")
            let entry: Entry
            switch type {
            case "touch":
                let name = try reader.string("event")
                guard let kind = TouchEvent.Kind(rawValue: name) else {
                    throw JSONInputError(line: line, reason: "event: expected down, motion, up, cancel or frame, found \(quoted(name))")
                }
                var event = TouchEvent(kind: kind, time: try reader.required("time").integer(at: "time"))
                if kind != .frame {
                    let seatSlot = try reader.required("seatSlot").integer(at: "seatSlot")
                    guard let slot = Int32(exactly: seatSlot) else {
                        throw JSONInputError(line: line, reason: "seatSlot: \(seatSlot) is out of range")
                    }
                    event.slot = slot
                    event.seatSlot = slot
                }
                if kind == .down || kind == .motion {
                    let x = try reader.required("x").number(at: "x")
                    let y = try reader.required("y").number(at: "y")
                    event.point = TouchPoint(xMM: 0, yMM: 0, x: x, y: y)
                }
                entry = .touch(event)
            case "command":
                entry = .command(text: try reader.string("command"), time: try reader.required("time").integer(at: "time"), line: line)
            case "intent":
                _ = try reader.required("intent")
                guard text.hasPrefix(#"{"intent":"#), text.hasSuffix(#","type":"intent"}"#) else {
                    throw JSONInputError(line: line, reason: #"an intent line is {"intent":{…},"type":"intent"}"#)
                }
                entry = .intent(String(text.dropFirst(#"{"intent":"#.count).dropLast(#","type":"intent"}"#.count)))
            default:
                throw JSONInputError(line: line, reason: "type: expected touch, command or intent, found \(quoted(type))")
            }
            try reader.rejectUnknownKeys()
            return entry
        }

        /// The next line as an object, which must be there; nil when `cutShortIsEnd` and it is the
        /// last line and does not parse.
        private static func object(
            _ lines: LineReader, path: String, expecting what: String, cutShortIsEnd: Bool
        ) throws(InputFileError) -> JSONObjectReader? {
            guard let bytes = try lines.nextLine() else {
                throw InputFileError(.malformed, path: path, line: lines.lineNumber + 1, reason: "the file ends before \(what)")
            }
            let line = lines.lineNumber
            let value: JSONValue
            do throws(JSONInputError) {
                value = try JSONValue(parsing: String(decoding: bytes, as: UTF8.self))
            } catch {
                if cutShortIsEnd, try lines.nextLine() == nil { return nil }
                throw InputFileError(.malformed, path: path, line: line, reason: error.reason)
            }
            do throws(JSONInputError) {
                return try JSONObjectReader(value, path: "")
            } catch {
                throw InputFileError(.malformed, path: path, line: line, reason: error.reason)
            }
        }
    }
}
