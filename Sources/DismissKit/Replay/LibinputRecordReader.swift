/// A streaming reader of one device of a `libinput record` YAML file (format version 1).
///
/// It parses with libyaml's event parser and stops at the end of the chosen device's
/// `events`, so memory stays constant whatever the file size. The description of each
/// device must come before its `events`; unknown keys are skipped with their subtrees.
final class LibinputRecordReader: RecordingReader {
    let path: String
    /// The chosen device; in a session read before its device (``nextTopLevelSessionItem()``),
    /// a device with no axes until `devices` is reached.
    private(set) var device: DeviceDescription
    /// Whether the chosen device has been read (false only in a session before its `devices`).
    private(set) var hasDevice: Bool

    /// Where the reader is inside the chosen device's `events` list.
    private enum State {
        /// Among the top-level `dismisskit` strings after a session's header and scene, which
        /// `gesturectl run --record` writes before a touch device appears.
        case inTopLevelSessionList
        /// Between items of the `events` list.
        case betweenItems
        /// Among the keys of one `events` item.
        case inItem
        /// Inside the `evdev` list of one item.
        case inEvdevList
        /// Among the events of one item that the scanner read (``EvdevLineScanner``): those left.
        /// A payload of plain values, taken apart and put back at every event.
        case inScannedEvents(Range<Int>)
        /// The same, when libyaml met an error after them: it is thrown once they are taken.
        case inScannedEventsBeforeError(Range<Int>, InputFileError)
        case finished
        case failed(InputFileError)
    }

    private let yaml: YAMLEventReader
    private var state: State
    /// How many of the events came from ``EvdevLineScanner`` rather than libyaml.
    private(set) var scannedEventCount = 0
    /// Whether reading failed on a byte libyaml cannot decode (``YAMLEventReader/failedOnUndecodableByte``).
    var failedOnUndecodableByte: Bool { yaml.failedOnUndecodableByte }
    private var clock = FirstEventClock()

    /// The strings of a top-level `dismisskit` list, with their lines: the session header and
    /// scene of a recording `gesturectl run --record` wrote (Docs/tuning.md, "Session files"); empty
    /// in a recording `libinput record` wrote. The rest of a session's list is read item by
    /// item (``nextTopLevelSessionItem()``).
    let sessionHeader: [(text: String, line: Int)]

    /// Opens `path` and reads up to the chosen device's events.
    /// - Parameters:
    ///   - deviceIndex: the 0-based index in `devices`; nil picks the first touchscreen.
    ///   - readChunkSize: the most bytes read from the file at once.
    ///   - scansEventLines: whether event lines in libinput's shape are read by
    ///     ``EvdevLineScanner`` (false: libyaml reads everything, for the differential checks).
    ///   - session: whether the file is a session (``SessionFile``): the reader stops after the
    ///     top-level `dismisskit` list's header and scene, and reads the rest of the list, then
    ///     the device, as ``nextTopLevelSessionItem()`` is called.
    convenience init(path: String, deviceIndex: Int? = nil, readChunkSize: Int = FileInput.defaultChunkSize,
                     scansEventLines: Bool = true, session: Bool = false) throws(InputFileError) {
        let yaml = try YAMLEventReader(input: FileInput(path: path, chunkSize: readChunkSize), maximumBytesBetweenEvents: session
                                           ? InputLimits.maximumSessionLineLength : InputLimits.maximumYAMLBytesBetweenEvents)
        let header = try LibinputRecordHeaderParser(yaml: yaml, deviceIndex: deviceIndex).parse(stoppingAfterSessionHeader: session)
        self.init(path: path, yaml: yaml, header: header, scansEventLines: scansEventLines)
    }

    /// Takes the header read before the object exists: Embedded Swift never frees an object
    /// whose designated initializer fails.
    private init(path: String, yaml: YAMLEventReader, header: LibinputRecordHeaderParser.Parsed, scansEventLines: Bool) {
        self.path = path
        self.yaml = yaml
        self.scansEventLines = scansEventLines
        switch header {
        case .device(let header):
            device = header.device
            hasDevice = true
            sessionHeader = header.sessionHeader
            state = header.hasEvents ? .betweenItems : .finished
            if header.hasEvents && scansEventLines { yaml.startScanningEvdevLines() }
        case .sessionList(let header):
            device = DeviceDescription(name: "")
            hasDevice = false
            sessionHeader = header
            state = .inTopLevelSessionList
        }
    }

    private let scansEventLines: Bool

    /// Whether the reader is among a session's top-level `dismisskit` strings, before its device.
    var isInTopLevelSessionList: Bool {
        if case .inTopLevelSessionList = state { true } else { false }
    }

    /// The next string of a session's top-level `dismisskit` list, with its line; nil once the
    /// list ends, the reader then at the device's events (``hasDevice``), or at the end of a
    /// session that never met a touch device.
    func nextTopLevelSessionItem() throws(InputFileError) -> (text: String, line: Int)? {
        guard isInTopLevelSessionList else { return nil }
        do throws(InputFileError) {
            switch try yaml.next() {
            case .scalar:
                return (yaml.scalarText, yaml.line)
            case .sequenceEnd:
                let found: LibinputRecordHeaderParser.Header?
                do throws(InputFileError) {
                    found = try LibinputRecordHeaderParser(yaml: yaml, deviceIndex: nil).parseKeys()
                } catch {
                    // The recorder writes a device's description and its `events:` at once: a
                    // description that runs to the end of the file without them is one cut short,
                    // and the session ends before it.
                    guard try yaml.isAtEnd() else { throw error }
                    state = .finished
                    return nil
                }
                if let header = found {
                    device = header.device
                    hasDevice = true
                    state = header.hasEvents ? .betweenItems : .finished
                    if header.hasEvents && scansEventLines { yaml.startScanningEvdevLines() }
                } else {
                    state = .finished
                }
                return nil
            default:
                throw yaml.malformed("`dismisskit` must be a list of strings of JSON")
            }
        } catch {
            state = .failed(error)
            throw error
        }
    }

    /// What the chosen device's `events` hold next, in file order.
    enum Item {
        case event(RecordedEvent)
        /// A `dismisskit` string of an `events` item (a session's line), with its line.
        case sessionText(String, line: Int)
    }

    /// The next kernel event; `dismisskit` strings are skipped.
    func next() throws(InputFileError) -> RecordedEvent? {
        while let item = try nextItem() {
            if case .event(let event) = item { return event }
        }
        return nil
    }

    /// The next kernel event or `dismisskit` string, each given as it is read: a session holds
    /// none of its lines, however many come between two events.
    func nextItem() throws(InputFileError) -> Item? {
        do throws(InputFileError) {
            return try advance()
        } catch {
            state = .failed(error)
            throw error
        }
    }

    private func advance() throws(InputFileError) -> Item? {
        while true {
            switch state {
            case .finished, .inTopLevelSessionList:
                return nil
            case .failed(let error):
                throw error
            case .betweenItems:
                switch try yaml.next() {
                case .sequenceEnd:
                    try readToTheEnd()
                    state = .finished
                case .mappingStart: state = .inItem
                default: throw yaml.malformed("each item of `events` must be a map")
                }
            case .inItem:
                switch try yaml.next() {
                case .mappingEnd:
                    state = .betweenItems
                case .scalar where yaml.scalarIs("dismisskit"):
                    try yaml.next()
                    guard yaml.kind == .scalar else { throw yaml.malformed("`dismisskit` must be a string of JSON") }
                    return .sessionText(yaml.scalarText, line: yaml.line)
                case .scalar where yaml.scalarIs("evdev"):
                    let keyLine = yaml.line
                    do throws(InputFileError) {
                        try yaml.next()
                    } catch {
                        // libyaml met the error after the list. It would have given the list's
                        // events but the last: that one could still have been a key, which
                        // libyaml learns only past the error.
                        guard let scanned = yaml.takeScannedEvents(keyLine: keyLine) else { throw error }
                        state = .inScannedEventsBeforeError(scanned.dropLast(), error)
                        continue
                    }
                    if yaml.kind == .sequenceStart {
                        state = .inEvdevList
                    } else if !yaml.isNull {
                        throw yaml.malformed("`evdev` must be a list of [sec, usec, type, code, value] events")
                    } else if let scanned = yaml.takeScannedEvents(keyLine: keyLine) {
                        state = .inScannedEvents(scanned)
                    }
                case .scalar:
                    try yaml.skipNextNode()
                default:
                    throw yaml.malformed("expected a key of an `events` item")
                }
            case .inEvdevList:
                switch try yaml.next() {
                case .sequenceEnd:
                    state = .inItem
                case .sequenceStart:
                    return .event(try readEvent())
                default:
                    throw yaml.malformed("an evdev event must be a list [sec, usec, type, code, value]")
                }
            case .inScannedEvents(let remaining):
                guard let index = remaining.first else {
                    state = .inItem
                    continue
                }
                state = .inScannedEvents(remaining.dropFirst())
                return .event(try scannedEvent(at: index))
            case .inScannedEventsBeforeError(let remaining, let error):
                guard let index = remaining.first else { throw error }
                state = .inScannedEventsBeforeError(remaining.dropFirst(), error)
                return .event(try scannedEvent(at: index))
            }
        }
    }

    /// Reads the rest of the file after the chosen device's events, which must be the rest of
    /// its one YAML document: a second document (a `---` or `...` line, as one inside `events`
    /// would begin) is refused at its line rather than let end the recording early.
    private func readToTheEnd() throws(InputFileError) {
        yaml.stopScanningEvdevLines()
        while true {
            switch try yaml.next() {
            case .documentEnd:
                guard try yaml.next() == .streamEnd else {
                    throw yaml.malformed("a second YAML document begins here (after a `---` or `...` line); "
                        + "a libinput record file is one document")
                }
                return
            case .streamEnd:
                return
            default:
                continue
            }
        }
    }

    /// The scanner's event at `index`, its numbers checked.
    private func scannedEvent(at index: Int) throws(InputFileError) -> RecordedEvent {
        scannedEventCount += 1
        let scanned = yaml.scannedEvent(at: index)
        return try event(scanned.numbers, line: scanned.line)
    }

    /// Reads one `[sec, usec, type, code, value]` list; the reader is at its start.
    private func readEvent() throws(InputFileError) -> RecordedEvent {
        let line = yaml.line
        var numbers = InlineArray<5, Int64>(repeating: 0)
        guard try yaml.readIntegers(into: &numbers) == 5 else {
            throw InputFileError(.malformed, path: path, line: line,
                                 reason: "an evdev event must be exactly 5 integers [sec, usec, type, code, value]")
        }
        return try event(numbers, line: line)
    }

    /// The event `[sec, usec, type, code, value]` on `line`, its numbers checked.
    private func event(_ numbers: InlineArray<5, Int64>, line: Int) throws(InputFileError) -> RecordedEvent {
        func malformed(_ reason: String) -> InputFileError {
            InputFileError(.malformed, path: path, line: line, reason: reason)
        }
        let (seconds, microseconds, type, code, value) = (numbers[0], numbers[1], numbers[2], numbers[3], numbers[4])
        guard (0...(Int64.max / 1_000_000 - 1)).contains(seconds) else { throw malformed("seconds \(seconds) out of range") }
        guard (0...999_999).contains(microseconds) else {
            throw malformed("microseconds \(microseconds) out of range 0...999999")
        }
        guard (0...EvdevLimits.maximumType).contains(type) else { throw malformed("event type \(type) out of range") }
        guard (0...EvdevLimits.maximumCode).contains(code) else { throw malformed("event code \(code) out of range") }
        guard let value = Int32(exactly: value) else { throw malformed("event value \(value) out of range") }
        guard let time = clock.sinceFirst(inOrder: seconds * 1_000_000 + microseconds) else {
            throw malformed("the event is earlier than the one before it; a recording's time never goes back")
        }
        return RecordedEvent(
            event: InputEvent(time: time, type: UInt16(type), code: UInt16(code), value: value), line: line)
    }
}

/// Reads a `libinput record` file up to the `events` of the chosen device.
private struct LibinputRecordHeaderParser {
    /// The chosen device and whether an `events` list follows.
    struct Header {
        var device: DeviceDescription
        var hasEvents: Bool
        var sessionHeader: [(text: String, line: Int)] = []
    }

    let yaml: YAMLEventReader
    let deviceIndex: Int?

    /// What ``parse(stoppingAfterSessionHeader:)`` read up to.
    enum Parsed {
        /// The chosen device, the reader at its events.
        case device(Header)
        /// A session's header and scene, the reader among the rest of its top-level `dismisskit` list.
        case sessionList([(text: String, line: Int)])
    }

    /// Reads the top level up to the chosen device; with `stoppingAfterSessionHeader`, up to
    /// the second string of a top-level `dismisskit` list, when the file has one.
    func parse(stoppingAfterSessionHeader: Bool = false) throws(InputFileError) -> Parsed {
        guard try yaml.next() == .streamStart, try yaml.next() == .documentStart else {
            throw InputFileError(
                .malformed, path: yaml.path, line: yaml.kind == .streamEnd ? nil : yaml.line,
                reason: "no `version:` line found: not a libinput record file")
        }
        guard try yaml.next() == .mappingStart else { throw yaml.malformed("a libinput record file must be a map") }
        var versionSeen = false
        var sessionHeader: [(text: String, line: Int)] = []
        while true {
            switch try yaml.next() {
            case .scalar:
                switch yaml.scalarText {
                case "version":
                    try yaml.next()
                    guard yaml.kind == .scalar, yaml.scalarInteger == 1 else {
                        let found = yaml.kind == .scalar ? "`\(yaml.scalarText)`" : "a collection"
                        throw yaml.malformed("unsupported libinput record version \(found); only version 1 is supported")
                    }
                    versionSeen = true
                case "dismisskit":
                    try yaml.next()
                    guard yaml.kind == .sequenceStart else { throw yaml.malformed("`dismisskit` must be a list of strings of JSON") }
                    while try yaml.next() != .sequenceEnd {
                        guard yaml.kind == .scalar else { throw yaml.malformed("`dismisskit` must be a list of strings of JSON") }
                        sessionHeader.append((yaml.scalarText, yaml.line))
                        if stoppingAfterSessionHeader && sessionHeader.count == 2 { return .sessionList(sessionHeader) }
                    }
                case "devices":
                    guard versionSeen else { throw yaml.malformed("`devices` comes before `version: 1`") }
                    var header = try parseDevices(keyLine: yaml.line)
                    header.sessionHeader = sessionHeader
                    return .device(header)
                default:
                    try yaml.skipNextNode()
                }
            case .mappingEnd:
                throw yaml.malformed(versionSeen ? "the file has no `devices`" : "the file has no `version: 1`")
            default:
                throw yaml.malformed("expected a key at the top level")
            }
        }
    }

    /// Reads the rest of the top level's keys after a session's `dismisskit` list, up to the
    /// chosen device; nil when the file ends without `devices` (a session that met no touch
    /// device).
    func parseKeys() throws(InputFileError) -> Header? {
        while true {
            switch try yaml.next() {
            case .scalar:
                switch yaml.scalarText {
                case "devices":
                    return try parseDevices(keyLine: yaml.line)
                default:
                    try yaml.skipNextNode()
                }
            case .mappingEnd:
                return nil
            default:
                throw yaml.malformed("expected a key at the top level")
            }
        }
    }

    private func parseDevices(keyLine: Int) throws(InputFileError) -> Header {
        try yaml.next()
        var count = 0
        var firstSkipped: SkippedDevice?
        if yaml.kind == .sequenceStart {
            while try yaml.next() != .sequenceEnd {
                guard yaml.kind == .mappingStart else { throw yaml.malformed("each item of `devices` must be a map") }
                switch try parseDevice(index: count) {
                case .chosen(let header): return header
                case .skipped(let skipped): if firstSkipped == nil { firstSkipped = skipped }
                }
                count += 1
            }
        } else if !yaml.isNull {
            throw yaml.malformed("`devices` must be a list")
        }
        let devices = count == 1 ? "1 device" : "\(count) devices"
        if let deviceIndex {
            throw InputFileError(
                .malformed, path: yaml.path, line: keyLine,
                reason: "device index \(deviceIndex) is out of range: the recording has \(devices)")
        }
        // The one device of a recording is refused for what the decoder finds, at its line, as an
        // evemu file's device is.
        if count == 1, let only = firstSkipped {
            try InputFileError.checkDecodable(only.device, path: yaml.path, axisLines: only.axisLines, line: only.line)
        }
        throw InputFileError(
            .malformed, path: yaml.path, line: keyLine, reason: "no touchscreen among the recording's \(devices)")
    }

    /// A device map read to its end without being chosen: what the decoder would say of it.
    private struct SkippedDevice {
        let device: DeviceDescription
        let axisLines: [UInt16: Int]
        /// The line of the device's map.
        let line: Int
    }

    /// What reading one device map found.
    private enum ParsedDevice {
        /// The chosen device, the reader left at its events.
        case chosen(Header)
        case skipped(SkippedDevice)
    }

    /// Reads one device map: the chosen one's header, leaving the reader at its events, or the
    /// device skipped.
    private func parseDevice(index: Int) throws(InputFileError) -> ParsedDevice {
        var device = DeviceDescription(name: "")
        var axisLines: [UInt16: Int] = [:]
        func isChosen() -> Bool { deviceIndex.map { $0 == index } ?? device.isTouchscreen }
        func checkedChoice(line: Int) throws(InputFileError) -> DeviceDescription {
            try InputFileError.checkDecodable(device, path: yaml.path, axisLines: axisLines, line: line)
            return device
        }
        let mapLine = yaml.line
        while true {
            switch try yaml.next() {
            case .mappingEnd:
                guard isChosen() else { return .skipped(SkippedDevice(device: device, axisLines: axisLines, line: mapLine)) }
                return .chosen(Header(device: try checkedChoice(line: mapLine), hasEvents: false))
            case .scalar:
                switch yaml.scalarText {
                case "evdev":
                    try parseEvdev(into: &device, axisLines: &axisLines)
                case "udev":
                    try parseUdev(into: &device)
                case "events":
                    guard isChosen() else {
                        try yaml.skipNextNode()
                        continue
                    }
                    let chosen = try checkedChoice(line: mapLine)
                    try yaml.next()
                    if yaml.kind == .sequenceStart { return .chosen(Header(device: chosen, hasEvents: true)) }
                    guard yaml.isNull else { throw yaml.malformed("`events` must be a list") }
                    return .chosen(Header(device: chosen, hasEvents: false))
                default:
                    try yaml.skipNextNode()
                }
            default:
                throw yaml.malformed("expected a key of a device")
            }
        }
    }

    /// Reads a device's `evdev` map; `axisLines` gets the line of each `absinfo` entry.
    private func parseEvdev(into device: inout DeviceDescription, axisLines: inout [UInt16: Int]) throws(InputFileError) {
        try forEachMapEntry("evdev") { (key) throws(InputFileError) in
            switch key {
            case "name":
                try yaml.next()
                guard yaml.kind == .scalar else { throw yaml.malformed("`name` must be a string") }
                device.name = yaml.scalarText
            case "codes":
                device.codes = [:]
                try forEachMapEntry("codes") { (typeText) throws(InputFileError) in
                    guard let type = DecimalParser.integer(typeText.utf8), (0...EvdevLimits.maximumType).contains(type) else {
                        throw yaml.malformed("event type `\(typeText)` is not an integer in 0...\(EvdevLimits.maximumType)")
                    }
                    try forEachInteger(in: "codes", range: 0...EvdevLimits.maximumCode) { code in
                        device.codes[UInt16(type), default: []].insert(UInt16(code))
                    }
                }
            case "absinfo":
                device.absoluteAxes = [:]
                axisLines = [:]
                try forEachMapEntry("absinfo") { (codeText) throws(InputFileError) in
                    let keyLine = yaml.line
                    guard let code = DecimalParser.integer(codeText.utf8),
                        (0...EvdevLimits.maximumAbsoluteAxis).contains(code)
                    else {
                        throw yaml.malformed(
                            "absolute axis `\(codeText)` is not an integer in 0...\(EvdevLimits.maximumAbsoluteAxis)")
                    }
                    var values: [Int64] = []
                    try forEachInteger(in: "absinfo", range: Int64(Int32.min)...Int64(Int32.max)) { (value) throws(InputFileError) in
                        guard values.count < 5 else { throw yaml.malformed("absinfo must be 5 integers [min, max, fuzz, flat, resolution]") }
                        values.append(value)
                    }
                    guard values.count == 5 else {
                        throw yaml.malformed("absinfo must be 5 integers [min, max, fuzz, flat, resolution]")
                    }
                    device.absoluteAxes[UInt16(code)] = AbsoluteAxisInfo(
                        minimum: Int32(values[0]), maximum: Int32(values[1]), fuzz: Int32(values[2]),
                        flat: Int32(values[3]), resolution: Int32(values[4]))
                    axisLines[UInt16(code)] = keyLine
                }
            case "properties":
                device.properties = []
                try forEachInteger(in: "properties", range: 0...EvdevLimits.maximumProperty) { property in
                    device.properties.insert(UInt16(property))
                }
            default:
                try yaml.skipNextNode()
            }
        }
    }

    private func parseUdev(into device: inout DeviceDescription) throws(InputFileError) {
        try forEachMapEntry("udev") { (key) throws(InputFileError) in
            guard key == "properties" else { return try yaml.skipNextNode() }
            try yaml.next()
            if yaml.isNull { return }
            guard yaml.kind == .sequenceStart else { throw yaml.malformed("udev `properties` must be a list") }
            while try yaml.next() != .sequenceEnd {
                guard yaml.kind == .scalar else { throw yaml.malformed("a udev property must be a `KEY=value` string") }
                let text = yaml.scalarText
                guard let separator = text.firstIndex(of: "="), Self.keepsUdevProperty(text[..<separator]) else { continue }
                let value = text[text.index(after: separator)...]
                if value.utf8.count <= Self.longestUdevValue { device.udevProperties[String(text[..<separator])] = String(value) }
            }
        }
    }

    /// The udev properties that tell what a device is (udev's `input_id` ones) and those its
    /// decoding reads (`LIBINPUT_CALIBRATION_MATRIX`, `LIBINPUT_FUZZ_<code>`): the only ones
    /// kept, so that a recording's properties take a few kilobytes however many it lists.
    static func keepsUdevProperty(_ key: Substring) -> Bool {
        if keptUdevProperties.contains(key) { return true }
        guard key.hasPrefix("LIBINPUT_FUZZ_") else { return false }
        let code = key.dropFirst("LIBINPUT_FUZZ_".count)
        return (1...2).contains(code.count) && code.allSatisfy { $0.isHexDigit }
    }

    private static let keptUdevProperties: Set<Substring> = [
        "ID_INPUT", "ID_INPUT_ACCELEROMETER", "ID_INPUT_JOYSTICK", "ID_INPUT_KEY", "ID_INPUT_KEYBOARD", "ID_INPUT_MOUSE",
        "ID_INPUT_POINTINGSTICK", "ID_INPUT_SWITCH", "ID_INPUT_TABLET", "ID_INPUT_TABLET_PAD", "ID_INPUT_TOUCHPAD",
        "ID_INPUT_TOUCHSCREEN", "ID_INPUT_TRACKBALL", "LIBINPUT_CALIBRATION_MATRIX",
    ]

    /// The longest udev property value kept (none that is read is longer).
    static let longestUdevValue = 256

    /// Reads the next node as a map (or null) and calls `body` with each key, the reader at the key.
    ///
    /// `body` must consume the key's value.
    private func forEachMapEntry(
        _ name: String, _ body: (String) throws(InputFileError) -> Void
    ) throws(InputFileError) {
        try yaml.next()
        if yaml.isNull { return }
        guard yaml.kind == .mappingStart else { throw yaml.malformed("`\(name)` must be a map") }
        while try yaml.next() != .mappingEnd {
            guard yaml.kind == .scalar else { throw yaml.malformed("expected a key in `\(name)`") }
            try body(yaml.scalarText)
        }
    }

    /// Reads the next node as a list of integers in `range` (null is an empty list), handing
    /// each to `body` as it is read: a list costs no memory of its own, however long.
    private func forEachInteger(
        in name: String, range: ClosedRange<Int64>, _ body: (Int64) throws(InputFileError) -> Void
    ) throws(InputFileError) {
        try yaml.next()
        if yaml.isNull { return }
        guard yaml.kind == .sequenceStart else { throw yaml.malformed("`\(name)` must be a list of integers") }
        while try yaml.next() != .sequenceEnd {
            guard let value = yaml.scalarInteger, range.contains(value) else {
                throw yaml.malformed("`\(name)` must hold integers in \(range.lowerBound)...\(range.upperBound)")
            }
            try body(value)
        }
    }
}

/// Every event of a `libinput record` file and the error that ended it, read with the event-line
/// scanner or by libyaml alone, for the differential fuzz target and tests.
///
/// The two agree (``Outcome/agrees(with:)``): the same device, events and error; except that
/// when a byte libyaml cannot decode ends the reading, where the events stop before it (and so
/// which error comes first) depends on how far ahead libyaml had decoded, as it does for
/// libyaml alone with another read size. Both then stop on an error, at or before that byte's
/// line, one's events a prefix of the other's, and when both stop on the byte, at its line.
package enum LibinputRecordDifferential {
    package struct Outcome {
        package var device: DeviceDescription?
        package var events: [RecordedEvent] = []
        package var error: InputFileError?
        package var failedOnUndecodableByte = false
        /// How many of the events the scanner read.
        package var scannedEventCount = 0

        package func agrees(with other: Outcome) -> Bool {
            guard failedOnUndecodableByte || other.failedOnUndecodableByte else {
                return device == other.device && events == other.events && error == other.error
            }
            guard device == other.device, let error, let otherError = other.error else { return false }
            let shorter = min(events.count, other.events.count)
            guard events[..<shorter] == other.events[..<shorter] else { return false }
            if failedOnUndecodableByte && other.failedOnUndecodableByte { return error == otherError }
            let byteLine = failedOnUndecodableByte ? error.line : otherError.line
            let otherLine = failedOnUndecodableByte ? otherError.line : error.line
            return (otherLine ?? 0) <= (byteLine ?? 0)
        }
    }

    package static func read(path: String, scansEventLines: Bool, readChunkSize: Int = FileInput.defaultChunkSize) -> Outcome {
        var outcome = Outcome()
        var reader: LibinputRecordReader?
        do throws(InputFileError) {
            reader = try LibinputRecordReader(path: path, readChunkSize: readChunkSize, scansEventLines: scansEventLines)
            outcome.device = reader?.device
            while let event = try reader?.next() { outcome.events.append(event) }
        } catch {
            outcome.error = error
        }
        outcome.scannedEventCount = reader?.scannedEventCount ?? 0
        outcome.failedOnUndecodableByte = reader?.failedOnUndecodableByte ?? false
        return outcome
    }
}
