/// A session file: what an embedding host gave a pipeline and what the pipeline decided, one
/// JSON object per line (Docs/tuning.md, "Session files"), so that a session from the field replays
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
///
/// `gesturectl run --record` writes the same lines into a `libinput record` file
/// (``LiveSessionRecorder``): the header and the scene in a top-level `dismisskit` list, the
/// other lines as `dismisskit` items of the touch device's `events`, between its `evdev`
/// frames, which stand for the `touch` lines; with four more kinds: `escapeKey`, `gestures`,
/// `device` and `clock` (Docs/tuning.md, "Session files").
public enum SessionFile {
    /// One line after the header and the scene.
    public enum Entry: Sendable, Hashable {
        case touch(TouchEvent)
        /// A host command's text, its time, and the file's line it is on.
        case command(text: String, time: Int64, line: Int)
        /// An intent as the pipeline handed it out: its JSON text.
        case intent(String)
        /// Escape pressed on a keyboard, at `time` (a recording of `gesturectl run`).
        case escapeKey(time: Int64)
        /// New gesture thresholds, given from then on (``DismissalPipeline/reconfigure(_:)``):
        /// `gesturectl run` rereading its `--config` file on SIGHUP.
        case gestures(GestureConfiguration)
        /// A kernel event of the recorded touch device, time on the session's clock, and its line
        /// (a recording of `gesturectl run`).
        case evdev(RecordedEvent)
    }

    // MARK: - Writing

    /// An Escape key's line.
    static func escapeKeyLine(time: Int64) -> String {
        var line = JSONLine()
        line.set("type", .string("escapeKey"))
        line.set("time", .integer(time))
        return line.text
    }

    /// The line of new gesture thresholds: every one, as a `gestures` object spells them.
    static func gesturesLine(_ configuration: GestureConfiguration) -> String {
        var line = JSONLine()
        line.set("type", .string("gestures"))
        line.set("gestures", .object(configuration.jsonLine))
        return line.text
    }

    /// The line that puts the `evdev` frames after it on the session's clock: the first of
    /// them is at `time`.
    static func clockLine(evdevTime time: Int64) -> String {
        var line = JSONLine()
        line.set("type", .string("clock"))
        line.set("evdevTime", .integer(time))
        return line.text
    }

    /// A line as a `dismisskit` item of a `libinput record` device's `events`, with its line
    /// break: a single-quoted YAML string, so that libinput's tools read it as a string they
    /// skip. The characters YAML would not keep as they are (C1 controls, DEL, line and
    /// paragraph separators, byte order marks), which only a JSON string can hold, are written
    /// as JSON escapes.
    static func libinputRecordItem(_ line: String) -> String {
        "  - dismisskit: " + yamlQuoted(line) + "\n"
    }

    /// A line as a single-quoted YAML string (``libinputRecordItem(_:)``).
    static func yamlQuoted(_ line: String) -> String {
        var item = "'"
        for scalar in line.unicodeScalars {
            switch scalar.value {
            case 0x27: item += "''"
            case 0x7F...0x9F, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF:
                item += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: item.unicodeScalars.append(scalar)
            }
        }
        return item + "'"
    }

    // MARK: - Reading

    /// The intents the session recorded, as their JSON text, in order (what a replay of it is
    /// compared with).
    public static func recordedIntents(path: String) throws(InputFileError) -> [String] {
        var recorded: [String] = []
        let reader = try Reader(path: path)
        while let entry = try reader.next() {
            if case .intent(let text) = entry { recorded.append(text) }
        }
        return recorded
    }

    /// Whether the file at `path` begins with a session header (of any version, or cut short
    /// within it), or is a `libinput record` file with a `dismisskit` key or the comment of
    /// `gesturectl run --record` among its first lines, or one cut within its opening comments;
    /// false when it cannot be read, which opening it then reports.
    public static func isSession(path: String) -> Bool {
        guard let lines = try? LineReader(path: path, chunkSize: 4096), let first = try? lines.nextLine() else { return false }
        // Compared as bytes: a String's `contains` would link the regex library into every program.
        let marker = Array(#""format":"dismisskit-session""#.utf8)
        let head = first.prefix(256)
        if head.count >= marker.count,
           (head.startIndex...(head.endIndex - marker.count)).contains(where: { head[$0..<($0 + marker.count)].elementsEqual(marker) }) {
            return true
        }
        // A header begins with its first key, sorted: a file cut before its format is one too.
        let opening = Array(#"{"dismisskit":""#.utf8)
        if first.starts(with: opening) { return true }
        if first.count >= 2, opening.starts(with: first), (try? lines.nextLine()) == nil { return true }
        let libinputRecord = Array("# libinput record".utf8)
        if first.count >= 2, first.count < libinputRecord.count, libinputRecord.starts(with: first) {
            return (try? lines.nextLine()) == nil  // cut within its first line
        }
        guard first.starts(with: libinputRecord) else { return false }
        // A recording `run --record` wrote, or one cut within its opening comments, which holds nothing.
        var onlyComments = true
        while lines.lineNumber < 16 {
            guard let line = try? lines.nextLine() else { return onlyComments }
            if line.starts(with: "dismisskit:".utf8) || line.starts(with: Self.recorderComment.utf8) { return true }
            if let byte = line.first, byte != UInt8(ascii: "#") { onlyComments = false }
        }
        return false
    }

    /// The start of the comment line `gesturectl run --record` writes second (``LiveSessionRecorder``).
    private static let recorderComment = "# Written by gesturectl run --record"

    /// Reads a session file line by line: the header and the scene when it opens, then each entry.
    /// A `libinput record` file that `gesturectl run --record` wrote is read the same way: its
    /// `dismisskit` strings are the lines, its `evdev` frames the touches (``Entry/evdev(_:)``).
    public final class Reader {
        public let path: String
        /// The starting scene and thresholds (no timeline: the commands are the session's own);
        /// nil for a file that ends within its scene line (a session cut short there), which
        /// has nothing to replay.
        public let sceneFile: SceneFile?
        /// The file's last line, when the session ends before its scene is whole (``sceneFile``
        /// is nil): within its header, its scene, or a `libinput record` file's opening lines.
        public let endsBeforeSceneAtLine: Int?
        /// The recorded touch device of a `libinput record` session, once the reader has reached
        /// it (after the session's lines that came before any touch device); nil before, and for
        /// a JSON Lines session.
        public var device: DeviceDescription? { records?.hasDevice == true ? records?.device : nil }
        private let lines: LineReader?
        private let records: LibinputRecordReader?
        /// Where the recording's first `evdev` event is on the session's clock (its `clock` line).
        private var evdevTime: Int64 = 0
        private var recordsEnded = false
        /// The line of the entry ``next()`` gave last.
        public private(set) var lineOfEntry = 0
        /// Entries of a JSON Lines session read ahead by ``SessionLineScanner``, with their lines,
        /// and how many of them were given.
        private var scanned: [(entry: Entry, line: Int)] = []
        private var givenScanned = 0
        /// Whether the scanner reads the lines it can (false: the general parser reads them all,
        /// as the fuzz target that compares the two does).
        private let scansLines: Bool

        /// Opens the file and reads its header and scene.
        /// - Throws: ``InputFileError``: `.unreadable` for a file that cannot be read, `.malformed`
        ///   with the line for a header of another format or version, or a bad scene.
        public convenience init(path: String, scansLines: Bool = true) throws(InputFileError) {
            self.init(path: path, opened: try Self.open(path), scansLines: scansLines)
        }

        private init(path: String, opened: Opened, scansLines: Bool) {
            self.path = path
            self.scansLines = scansLines
            lines = opened.lines
            records = opened.records
            sceneFile = opened.sceneFile
            endsBeforeSceneAtLine = opened.endsBeforeSceneAtLine
        }

        /// A session file read up to its entries, by ``open(_:)``.
        private struct Opened {
            var lines: LineReader?
            var records: LibinputRecordReader?
            var sceneFile: SceneFile?
            var endsBeforeSceneAtLine: Int?
        }

        /// Reads the header and scene before the object exists: Embedded Swift never frees an
        /// object whose designated initializer fails.
        private static func open(_ path: String) throws(InputFileError) -> Opened {
            let lines = try LineReader(path: path, chunkSize: FileInput.defaultChunkSize)
            if let first = try lines.nextLine(), first.first == UInt8(ascii: "#") {
                // A `libinput record` session cut short before its scene is whole, within its
                // comment lines or the keys after them, holds nothing to replay: it ends there.
                var endsWithinComments = true
                while let line = try lines.nextLine() {
                    if let byte = line.first, byte != UInt8(ascii: "#") {
                        endsWithinComments = false
                        break
                    }
                }
                var records: LibinputRecordReader?
                if !endsWithinComments {
                    do throws(InputFileError) {
                        records = try LibinputRecordReader(path: path, session: true)
                    } catch {
                        // A file whose YAML ends too soon is refused at (or past) its last line.
                        guard let line = error.line, line >= Self.lineCount(path) else { throw error }
                    }
                }
                let opened = try records.flatMap { (records) throws(InputFileError) in
                    try Self.sceneFile(ofSessionHeader: records.sessionHeader, path: path).map { (records: records, scene: $0) }
                }
                return Opened(lines: nil, records: opened?.records, sceneFile: opened?.scene,
                              endsBeforeSceneAtLine: opened != nil ? nil : endsWithinComments ? lines.lineNumber : Self.lineCount(path))
            }
            let jsonLines = try LineReader(path: path, chunkSize: FileInput.defaultChunkSize,
                                           maximumLineLength: InputLimits.maximumSessionLineLength)
            // A session cut within its header, as within its scene, holds nothing to replay.
            guard let header = try Self.object(jsonLines, path: path, expecting: "the session header", cutShortIsEnd: true) else {
                return Opened(lines: jsonLines, endsBeforeSceneAtLine: max(jsonLines.lineNumber, 1))
            }
            try Self.checkHeader(header, path: path, line: jsonLines.lineNumber)
            guard let scene = try Self.object(jsonLines, path: path, expecting: "the scene", cutShortIsEnd: true) else {
                return Opened(lines: jsonLines, endsBeforeSceneAtLine: max(jsonLines.lineNumber, 1))
            }
            return Opened(lines: jsonLines, sceneFile: try Self.sceneFile(scene, path: path, line: jsonLines.lineNumber))
        }

        /// The scene of a `libinput record` session, from the first two strings of its top-level
        /// `dismisskit` list: the header, checked, and the scene; nil when the file ends within
        /// one of them (cut short after `- ` or `-`, it is not JSON, on the file's last line).
        private static func sceneFile(ofSessionHeader strings: [(text: String, line: Int)], path: String) throws(InputFileError) -> SceneFile? {
            func object(_ string: (text: String, line: Int)) throws(InputFileError) -> JSONObjectReader? {
                do throws(InputFileError) {
                    return try Self.object(string.text, path: path, line: string.line)
                } catch {
                    guard string.line >= lineCount(path) else { throw error }
                    return nil
                }
            }
            var header = strings.makeIterator()
            guard let session = header.next() else {
                throw InputFileError(.malformed, path: path, line: 1,
                                     reason: "not a DismissKit session: the recording has no `dismisskit` list")
            }
            guard let sessionObject = try object(session) else { return nil }
            try checkHeader(sessionObject, path: path, line: session.line)
            guard let scene = header.next() else {
                throw InputFileError(.malformed, path: path, line: session.line + 1, reason: "the `dismisskit` list has no scene")
            }
            guard let sceneObject = try object(scene) else { return nil }
            return try sceneFile(sceneObject, path: path, line: scene.line)
        }

        private static func checkHeader(_ header: JSONObjectReader, path: String, line: Int) throws(InputFileError) {
            var header = header
            do throws(JSONInputError) {
                guard try header.string("type") == "session", try header.string("format") == SessionLines.format else {
                    throw JSONInputError(line: line, reason: "not a DismissKit session: the header's format is not \(quoted(SessionLines.format))")
                }
                let version = try header.required("version").integer(at: "version")
                guard version == Int64(SessionLines.version) else {
                    throw JSONInputError(line: line, reason: "session version \(version) is not one this build reads (\(SessionLines.version))")
                }
                _ = try header.string("dismisskit")
                try header.rejectUnknownKeys()
            } catch {
                throw InputFileError(.malformed, path: path, line: line, reason: error.reason)
            }
        }

        private static func sceneFile(_ scene: JSONObjectReader, path: String, line: Int) throws(InputFileError) -> SceneFile {
            var scene = scene
            do throws(JSONInputError) {
                guard try scene.string("type") == "scene" else {
                    throw JSONInputError(line: line, reason: "expected the scene after the header")
                }
                var sceneReader = try JSONObjectReader(try scene.required("scene"), path: "scene")
                let unchecked = try SceneReader.scene(from: &sceneReader)
                try sceneReader.rejectUnknownKeys()
                let configuration = try GestureConfigurationReader.configuration(from: try scene.required("gestures"), path: "gestures")
                try scene.rejectUnknownKeys()
                return SceneFile(scene: try unchecked.validated(), configuration: configuration)
            } catch {
                throw InputFileError(.malformed, path: path, line: line, reason: error.reason)
            }
        }

        /// The next entry, or nil at the end of the file. A last line cut short (a session whose
        /// writer stopped mid-line) ends the session there.
        /// - Throws: ``InputFileError`` `.malformed` with the line for a line that is not an entry.
        public func next() throws(InputFileError) -> Entry? {
            if let records { return try next(of: records) }
            guard let lines else { return nil }
            guard scansLines else { return try nextParsed(of: lines) }
            while true {
                if givenScanned < scanned.count {
                    givenScanned += 1
                    lineOfEntry = scanned[givenScanned - 1].line
                    return scanned[givenScanned - 1].entry
                }
                scanned.removeAll(keepingCapacity: true)
                givenScanned = 0
                // The lines a recorder writes are read by the scanner, a few dozen at a time,
                // straight from the read buffer; it declines any other line.
                let declined = try lines.takeLines { line, number in
                    guard scanned.count < 64 else { return false }
                    if line.isEmpty { return true }
                    guard let entry = Self.entry(scanning: line) else { return false }
                    scanned.append((entry, number))
                    return true
                }
                if !scanned.isEmpty { continue }
                return declined ? try nextParsed(of: lines) : nil
            }
        }

        /// The entry of a line as a recorder writes it, read by ``SessionLineScanner``; nil for
        /// another line.
        private static func entry(scanning line: UnsafeBufferPointer<UInt8>) -> Entry? {
            switch SessionLineScanner.scan(line) {
            case .touch(let event): .touch(event)
            case .intent(let range): .intent(String(decoding: UnsafeBufferPointer(rebasing: line[range]), as: UTF8.self))
            case nil: nil
            }
        }

        /// The entry of the next line that is not empty, read by the general JSON parser; nil at
        /// the end of the file, or for a last line cut short.
        private func nextParsed(of lines: LineReader) throws(InputFileError) -> Entry? {
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
                    if let entry = try entry(value, text: text, line: line) {
                        lineOfEntry = line
                        return entry
                    }
                } catch {
                    throw InputFileError(.malformed, path: path, line: line, reason: error.reason)
                }
            }
            return nil
        }

        /// The next entry of a `libinput record` session: its `dismisskit` items and `evdev`
        /// events in file order. A file whose last line is cut short ends before that line.
        private func next(of records: LibinputRecordReader) throws(InputFileError) -> Entry? {
            // The session's lines before any touch device, in the top-level `dismisskit` list.
            while records.isInTopLevelSessionList {
                let item: (text: String, line: Int)?
                do throws(InputFileError) {
                    item = try records.nextTopLevelSessionItem()
                } catch {
                    guard let line = error.line, line >= Self.lineCount(path) else { throw error }
                    recordsEnded = true  // cut short within its last line
                    return nil
                }
                guard let (text, line) = item else { break }
                if let entry = try entry(text, line: line, lastOfFile: { recordsEnded = true }) {
                    lineOfEntry = line
                    return entry
                }
                if recordsEnded { return nil }
            }
            // Then the device's `events`: its `dismisskit` items and kernel events, each taken as read.
            while !recordsEnded {
                let item: LibinputRecordReader.Item?
                do throws(InputFileError) {
                    item = try records.nextItem()
                } catch {
                    guard let line = error.line, line >= Self.lineCount(path) else { throw error }
                    recordsEnded = true  // cut short within its last line
                    return nil
                }
                switch item {
                case nil:
                    recordsEnded = true
                case .event(var event)?:
                    event.event.time += evdevTime
                    return .evdev(event)
                case .sessionText(let text, let line)?:
                    if let entry = try entry(text, line: line, lastOfFile: { recordsEnded = true }) {
                        lineOfEntry = line
                        return entry
                    }
                }
            }
            return nil
        }

        /// The entry of a `dismisskit` string of a `libinput record` session; nil for a string only
        /// the reader uses, or when the string is cut short within the file's last line, which
        /// ends the session (`lastOfFile` is called then).
        private func entry(_ text: String, line: Int, lastOfFile: () -> Void) throws(InputFileError) -> Entry? {
            do throws(JSONInputError) {
                return try entry(try JSONValue(parsing: text), text: text, line: line)
            } catch {
                guard line >= Self.lineCount(path) else {
                    throw InputFileError(.malformed, path: path, line: line, reason: error.reason)
                }
                lastOfFile()
                return nil
            }
        }

        /// How many lines the file has, the last counted whether or not a line break ends it.
        private static func lineCount(_ path: String) -> Int {
            guard let lines = try? LineReader(path: path, chunkSize: FileInput.defaultChunkSize) else { return 0 }
            while (try? lines.nextLine()) != nil {}
            return lines.lineNumber
        }

        /// The entry of a line; nil for a line only the reader uses (`clock`) or none does (`device`).
        private func entry(_ value: JSONValue, text: String, line: Int) throws(JSONInputError) -> Entry? {
            var reader = try JSONObjectReader(value, path: "")
            let type = try reader.string("type")
            let entry: Entry?
            switch type {
            case "touch":
                let name = try reader.string("event")
                guard let kind = TouchEvent.Kind(rawValue: name) else {
                    throw JSONInputError(line: line, reason: "event: expected down, motion, up, cancel or frame, found \(quoted(name))")
                }
                var event = TouchEvent(kind: kind, time: try Self.touchTime(try reader.required("time")))
                if kind != .frame {
                    let seatSlot = try reader.required("seatSlot").integer(at: "seatSlot")
                    guard let slot = Int32(exactly: seatSlot) else {
                        throw JSONInputError(line: line, reason: "seatSlot: \(seatSlot) is out of range")
                    }
                    event.slot = slot
                    event.seatSlot = slot
                }
                if kind == .down || kind == .motion {
                    let x = try Self.coordinate(try reader.required("x"), at: "x")
                    let y = try Self.coordinate(try reader.required("y"), at: "y")
                    event.point = TouchPoint(xMM: 0, yMM: 0, x: x, y: y)
                }
                entry = .touch(event)
            case "command":
                entry = .command(text: try reader.string("command"), time: try reader.required("time").integer(at: "time"), line: line)
                _ = try reader.optional("source").map { value throws(JSONInputError) in try value.string(at: "source") }
            case "intent":
                _ = try reader.required("intent")
                guard text.hasPrefix(#"{"intent":"#), text.hasSuffix(#","type":"intent"}"#) else {
                    throw JSONInputError(line: line, reason: #"an intent line is {"intent":{…},"type":"intent"}"#)
                }
                entry = .intent(String(text.dropFirst(#"{"intent":"#.count).dropLast(#","type":"intent"}"#.count)))
            case "escapeKey" where records != nil:
                entry = .escapeKey(time: try reader.required("time").integer(at: "time"))
            case "gestures" where records != nil:
                let gestures = try reader.required("gestures")
                entry = .gestures(try GestureConfigurationReader.configuration(from: gestures, path: "gestures"))
            case "clock" where records != nil:
                evdevTime = try reader.required("evdevTime").integer(at: "evdevTime")
                entry = nil
            case "device" where records != nil:
                return nil  // a note for people: devices come and go as libinput saw them
            default:
                let types = records == nil ? "touch, command or intent" : "command, intent, escapeKey, gestures, device or clock"
                throw JSONInputError(line: line, reason: "type: expected \(types), found \(quoted(type))")
            }
            try reader.rejectUnknownKeys()
            return entry
        }

        /// A touch's time. One beyond a whole number JSON holds exactly (±2⁵³) was refused by the
        /// pipeline as the host gave it: it is read as near as a `Double` holds it (the farthest
        /// time past `Int64`'s range), to be refused again.
        private static func touchTime(_ value: JSONValue) throws(JSONInputError) -> Int64 {
            let number = try value.number(at: "time")
            guard abs(number) > InputLimits.exactJSONInteger, number == number.rounded() else { return try value.integer(at: "time") }
            return Int64(exactly: number) ?? (number < 0 ? .min : .max)
        }

        /// A touch's coordinate: `null` is one the host gave that is not a number (JSON has no
        /// NaN or infinity), which the pipeline refused, read as NaN to be refused again.
        private static func coordinate(_ value: JSONValue, at path: String) throws(JSONInputError) -> Double {
            value.isNull ? .nan : try value.number(at: path)
        }

        /// A `dismisskit` string of a `libinput record` session as an object.
        private static func object(_ text: String, path: String, line: Int) throws(InputFileError) -> JSONObjectReader {
            do throws(JSONInputError) {
                return try JSONObjectReader(try JSONValue(parsing: text), path: "")
            } catch {
                throw InputFileError(.malformed, path: path, line: line, reason: error.reason)
            }
        }

        /// The next line as an object, which must be there; nil when `cutShortIsEnd` and it is the
        /// last line and does not parse.
        private static func object(
            _ lines: LineReader, path: String, expecting what: String, cutShortIsEnd: Bool
        ) throws(InputFileError) -> JSONObjectReader? {
            guard let bytes = try lines.nextLine() else {
                if cutShortIsEnd { return nil }
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
