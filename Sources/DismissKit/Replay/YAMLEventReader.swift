import CYAML

/// A pull reader of libyaml parser events from a file, fed in chunks, that skips
/// any non-YAML text before the first `version:` or `# libinput record` line.
///
/// Only the current event is held in memory. Lines are 1-based and count the skipped text.
/// Nesting deeper than ``InputLimits/maximumDepth`` and more than
/// ``InputLimits/maximumYAMLBytesBetweenEvents`` of input between two events (a huge scalar, say)
/// are errors: libyaml would otherwise hold the scalar whole, and its scanner slows with depth.
final class YAMLEventReader {
    /// The kind of a libyaml parser event.
    enum Kind {
        case streamStart, streamEnd, documentStart, documentEnd
        case sequenceStart, sequenceEnd, mappingStart, mappingEnd
        case scalar, alias
    }

    let path: String
    /// The kind of the current event.
    private(set) var kind: Kind = .streamStart
    /// The 1-based line where the current event starts (1 before the first event); worked out
    /// when asked, from the event held.
    var line: Int {
        holdsEvent ? Int(event.pointee.start_mark.line) + 1 + source.skippedLineCount : 1
    }

    private let source: YAMLInputSource
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let event: UnsafeMutablePointer<yaml_event_t>
    private var holdsEvent = false
    private var failure: InputFileError?
    /// How many collections the current event is inside.
    private var depth = 0
    /// Whether reading failed on a byte libyaml cannot decode (bad UTF-8, a control character).
    /// libyaml finds one while it decodes ahead, by as much as its buffer holds, so which
    /// events still came before the failure depends on how the input was cut.
    private(set) var failedOnUndecodableByte = false

    /// - Parameter maximumBytesBetweenEvents: the most input one event may take.
    convenience init(input: FileInput, maximumBytesBetweenEvents: Int = InputLimits.maximumYAMLBytesBetweenEvents) throws(InputFileError) {
        self.init(input: input, maximumBytesBetweenEvents: maximumBytesBetweenEvents, parser: try Self.makeParser(path: input.path))
    }

    private init(input: FileInput, maximumBytesBetweenEvents: Int, parser: UnsafeMutablePointer<yaml_parser_t>) {
        path = input.path
        source = YAMLInputSource(input: input, maximumBytesBetweenEvents: maximumBytesBetweenEvents)
        self.parser = parser
        event = .allocate(capacity: 1)
        yaml_parser_set_input(parser, { data, buffer, size, sizeRead in
            guard let data, let buffer, let sizeRead else { return 0 }
            let source = Unmanaged<YAMLInputSource>.fromOpaque(data).takeUnretainedValue()
            guard let count = source.fill(buffer, capacity: size) else { return 0 }
            sizeRead.pointee = count
            return 1
        }, Unmanaged.passUnretained(source).toOpaque())
    }

    /// An initialised libyaml parser, made before the object exists: Embedded Swift never frees an
    /// object whose designated initializer fails.
    private static func makeParser(path: String) throws(InputFileError) -> UnsafeMutablePointer<yaml_parser_t> {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        guard yaml_parser_initialize(parser) != 0 else {
            parser.deallocate()
            throw InputFileError(.unreadable, path: path, reason: "cannot initialise the YAML parser")
        }
        return parser
    }

    deinit {
        if holdsEvent { yaml_event_delete(event) }
        yaml_parser_delete(parser)
        parser.deallocate()
        event.deallocate()
    }

    /// Parses the next event and returns its kind.
    /// - Throws: ``InputFileError`` with libyaml's problem and line, or the file's read error.
    @discardableResult
    func next() throws(InputFileError) -> Kind {
        try pull()
    }

    /// From the first line libyaml has not begun on, event lines in the shape libinput writes
    /// them are decoded without libyaml (``EvdevLineScanner``): an `evdev:` whose block was taken
    /// reads as empty, and ``takeScannedEvents(keyLine:)`` gives its events.
    func startScanningEvdevLines() {
        source.startScanning()
    }

    /// Hands the rest of the file to libyaml as it is.
    func stopScanningEvdevLines() {
        source.stopScanning()
    }

    /// The indices of the events of the block taken whose `- evdev:` is on `keyLine`, for
    /// ``scannedEvent(at:)``; nil if that block was not taken.
    func takeScannedEvents(keyLine: Int) -> Range<Int>? {
        source.takeScannedGroup(keyLine: keyLine)
    }

    func scannedEvent(at index: Int) -> EvdevLineScanner.Event {
        source.scannedEvent(at: index)
    }

    /// Reads the items of a flow sequence of integers, the reader at its start, into `values`:
    /// their number, or nil as soon as an item is not an integer scalar or there are more than
    /// five (the reader then stands at that item, as ``next()`` would leave it).
    func readIntegers(into values: inout InlineArray<5, Int64>) throws(InputFileError) -> Int? {
        var count = 0
        while try pull() != .sequenceEnd {
            guard count < 5, let number = scalarInteger else { return nil }
            values[count] = number
            count += 1
        }
        return count
    }

    /// ``next()``, inlined into the loops that read many events.
    @inline(__always)
    private func pull() throws(InputFileError) -> Kind {
        if failure != nil { try rethrowFailure() }
        if holdsEvent {
            yaml_event_delete(event)
            holdsEvent = false
        }
        source.startEvent()
        guard yaml_parser_parse(parser, event) != 0 else { throw parseFailure() }
        holdsEvent = true
        let kind = YAMLEventReader.kind(of: event.pointee.type)
        self.kind = kind
        switch kind {
        case .sequenceStart, .mappingStart:
            depth += 1
            if depth > InputLimits.maximumDepth { throw tooDeep() }
        case .sequenceEnd, .mappingEnd:
            depth -= 1
        case .streamStart, .streamEnd, .documentStart, .documentEnd, .scalar, .alias:
            break
        }
        return kind
    }

    // The failures, out of the way of the path every event takes.

    @inline(never)
    private func rethrowFailure() throws(InputFileError) {
        if let failure { throw failure }
    }

    @inline(never)
    private func parseFailure() -> InputFileError {
        failedOnUndecodableByte = source.failure == nil && !source.overLimit && parser.pointee.error == YAML_READER_ERROR
        let error = source.failure ?? (source.overLimit ? overLimitError() : parseError())
        failure = error
        return error
    }

    @inline(never)
    private func tooDeep() -> InputFileError {
        let error = malformed("nesting deeper than \(InputLimits.maximumDepth) levels")
        failure = error
        return error
    }

    private func overLimitError() -> InputFileError {
        InputFileError(.malformed, path: path, line: Int(parser.pointee.mark.line) + 1 + source.skippedLineCount,
                       reason: "more than \(source.maximumBytesBetweenEvents) bytes without a complete YAML event "
                           + "(a scalar or key that long has no place in a recording)")
    }

    /// The text of the current scalar event.
    var scalarText: String {
        String(decoding: scalarBytes, as: UTF8.self)
    }

    /// Whether the current event is a scalar whose text is `text`.
    func scalarIs(_ text: StaticString) -> Bool {
        guard kind == .scalar else { return false }
        let bytes = scalarBytes
        return bytes.count == text.utf8CodeUnitCount
            && (bytes.count == 0 || memcmp(bytes.baseAddress!, text.utf8Start, bytes.count) == 0)
    }

    /// The current scalar as a decimal integer, or nil if it is not one.
    var scalarInteger: Int64? {
        guard kind == .scalar else { return nil }
        return DecimalParser.integer(scalarBytes)
    }

    /// Whether the current event is a plain null scalar (nothing, `~` or `null`).
    var isNull: Bool {
        guard kind == .scalar, event.pointee.data.scalar.style == YAML_PLAIN_SCALAR_STYLE else { return false }
        switch scalarText {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }

    /// Whether nothing but the ends of open collections and of the document follows: reads them.
    func isAtEnd() throws(InputFileError) -> Bool {
        while kind != .streamEnd {
            switch try next() {
            case .sequenceEnd, .mappingEnd, .documentEnd, .streamEnd: continue
            default: return false
            }
        }
        return true
    }

    /// Reads and skips the next node (a map value, a list item) with its whole subtree.
    func skipNextNode() throws(InputFileError) {
        var depth = 0
        while true {
            switch try next() {
            case .sequenceStart, .mappingStart: depth += 1
            case .sequenceEnd, .mappingEnd: depth -= 1
            case .streamEnd: throw malformed("unexpected end of the YAML stream")
            case .streamStart, .documentStart, .documentEnd, .scalar, .alias: break
            }
            if depth <= 0 { return }
        }
    }

    /// A malformed-file error at the current event's line.
    func malformed(_ reason: String) -> InputFileError {
        InputFileError(.malformed, path: path, line: line, reason: reason)
    }

    private var scalarBytes: UnsafeBufferPointer<UInt8> {
        let scalar = event.pointee.data.scalar
        return UnsafeBufferPointer(start: scalar.value, count: scalar.length)
    }

    private func parseError() -> InputFileError {
        let state = parser.pointee
        let problem = state.problem.map { String(cString: $0) } ?? "unknown problem"
        var reason = "invalid YAML: \(problem)"
        if let context = state.context.map({ String(cString: $0) }) {
            reason += " (\(context) at line \(Int(state.context_mark.line) + 1 + source.skippedLineCount))"
        }
        // A byte libyaml cannot read is told at its own line: libyaml finds it while decoding
        // ahead, so where its parser stands then depends on how the input was cut.
        if state.error == YAML_READER_ERROR, let line = source.line(atOffset: Int(state.problem_offset)) {
            return InputFileError(.malformed, path: path, line: line, reason: reason)
        }
        let mark = state.error == YAML_READER_ERROR ? state.mark : state.problem_mark
        return InputFileError(.malformed, path: path, line: Int(mark.line) + 1 + source.skippedLineCount, reason: reason)
    }

    private static func kind(of type: yaml_event_type_t) -> Kind {
        switch type {
        case YAML_STREAM_START_EVENT: return .streamStart
        case YAML_DOCUMENT_START_EVENT: return .documentStart
        case YAML_DOCUMENT_END_EVENT: return .documentEnd
        case YAML_ALIAS_EVENT: return .alias
        case YAML_SCALAR_EVENT: return .scalar
        case YAML_SEQUENCE_START_EVENT: return .sequenceStart
        case YAML_SEQUENCE_END_EVENT: return .sequenceEnd
        case YAML_MAPPING_START_EVENT: return .mappingStart
        case YAML_MAPPING_END_EVENT: return .mappingEnd
        default: return .streamEnd  // YAML_STREAM_END_EVENT, or YAML_NO_EVENT after the end
        }
    }
}

/// The bytes libyaml reads: the file from its first `version:` or `# libinput record` line on.
///
/// Lines before that are dropped and counted, so event lines still match the file.
private final class YAMLInputSource {
    private static let startMarkers: [[UInt8]] = [Array("version:".utf8), Array("# libinput record".utf8)]

    private let input: FileInput
    private(set) var skippedLineCount = 0
    /// The read error, reported instead of libyaml's generic "input error".
    private(set) var failure: InputFileError?
    /// The most bytes libyaml may ask for one event.
    let maximumBytesBetweenEvents: Int
    /// Whether libyaml asked for more than `maximumBytesBetweenEvents` for one event.
    private(set) var overLimit = false
    /// The bytes handed to libyaml since the current event was asked for.
    private var bytesThisEvent = 0
    private var searchingForStart = true
    /// The first bytes of the current skipped line, kept while they could still begin a marker.
    private var lineHead: [UInt8] = []
    private var lineCanMatch = true
    /// Bytes already read but not yet handed to libyaml.
    private var pending: [UInt8] = []
    private var pendingOffset = 0

    init(input: FileInput, maximumBytesBetweenEvents: Int) {
        self.input = input
        self.maximumBytesBetweenEvents = maximumBytesBetweenEvents
    }

    /// Notes that libyaml starts on a new event: the count of bytes per event starts again.
    func startEvent() {
        bytesThisEvent = 0
    }

    /// Fills `buffer` with up to `capacity` bytes; 0 at the end of the file, nil on a read
    /// error or once one event has taken more than its share.
    func fill(_ buffer: UnsafeMutablePointer<UInt8>, capacity: Int) -> Int? {
        guard bytesThisEvent <= maximumBytesBetweenEvents else {
            overLimit = true
            return nil
        }
        do throws(InputFileError) {
            if scanning { return try fillScanned(buffer, capacity: capacity) }
            let count: Int
            if pendingOffset < pending.count {
                count = takePending(buffer, capacity: capacity)
            } else if searchingForStart {
                count = try skipToStart(buffer, capacity: capacity)
            } else {
                count = try input.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: capacity))
            }
            remember(UnsafeBufferPointer(start: buffer, count: count))
            bytesThisEvent += count
            return count
        } catch {
            failure = error
            return nil
        }
    }

    // MARK: - Event lines, scanned (EvdevLineScanner)

    /// The scanner of event lines, used once ``startScanning()`` was called.
    private var scanner = EvdevLineScanner(firstLine: 1)
    private var scanning = false
    /// What libyaml is to read next, from the scanner, and how much of it it has read.
    private var scanned: [UInt8] = []
    private var scannedOffset = 0
    /// Input not yet scanned: the bytes of a line whose newline has not been read yet.
    private var unscanned: [UInt8] = []
    /// What the bytes before the next newline are.
    private enum LineStart {
        case lineStart
        /// The rest of a line libyaml began before the scanner started: handed on as it is.
        case restOfLineBegun
        /// The rest of a line too long to hold: handed on through the scanner, which counts it.
        case restOfLongLine
    }
    private var lineStart = LineStart.lineStart
    private var inputEnded = false
    private lazy var readChunk = [UInt8](repeating: 0, count: input.firstBufferSize)
    /// The most bytes handed to libyaml at once while scanning, so that it reads (and the
    /// scanner holds events) only a little ahead of the reader.
    private static let scannedHandOut = 4096

    /// Starts scanning event lines at the first line libyaml has not begun.
    func startScanning() {
        guard !scanning, !searchingForStart else { return }
        scanning = true
        let endsMidLine = recent.last.map { $0 != UInt8(ascii: "\n") } ?? false
        scanner = EvdevLineScanner(firstLine: (line(atOffset: recentStartOffset + recent.count) ?? 1) + (endsMidLine ? 1 : 0))
        lineStart = endsMidLine ? .restOfLineBegun : .lineStart
        unscanned = Array(pending[pendingOffset...])
        pending = []
        pendingOffset = 0
    }

    /// Stops taking blocks: the rest of the file goes to libyaml as it is.
    func stopScanning() {
        if scanning { scanner.stop(into: &scanned) }
    }

    /// The events of the block taken whose `- evdev:` is on `keyLine`.
    func takeScannedGroup(keyLine: Int) -> Range<Int>? {
        scanning ? scanner.takeGroup(keyLine: keyLine) : nil
    }

    func scannedEvent(at index: Int) -> EvdevLineScanner.Event {
        scanner.event(at: index)
    }

    // MARK: - Lines of offsets

    /// The latest bytes handed to libyaml (at least as many as its buffer holds), the offset in
    /// what was handed of the first, and its line, so that a byte's line can be told.
    private var recent: [UInt8] = []
    private var recentStartOffset = 0
    private var recentStartLine: Int?
    private static let recentBytes = 64 * 1024

    private func remember(_ bytes: UnsafeBufferPointer<UInt8>) {
        if recentStartLine == nil { recentStartLine = skippedLineCount + 1 }
        recent.append(contentsOf: bytes)
        guard recent.count > 2 * Self.recentBytes else { return }
        let dropped = recent.count - Self.recentBytes
        recentStartLine! += recent[..<dropped].count { $0 == UInt8(ascii: "\n") }
        recentStartOffset += dropped
        recent.removeSubrange(..<dropped)
    }

    /// The line of the byte at `offset` in what was handed to libyaml (the line after the last
    /// byte handed, at the end); nil if that byte is no longer remembered.
    func line(atOffset offset: Int) -> Int? {
        guard let start = recentStartLine, offset >= recentStartOffset, offset <= recentStartOffset + recent.count else {
            return offset == 0 ? skippedLineCount + 1 : nil
        }
        return start + recent[..<(offset - recentStartOffset)].count { $0 == UInt8(ascii: "\n") }
    }

    private func fillScanned(_ buffer: UnsafeMutablePointer<UInt8>, capacity: Int) throws(InputFileError) -> Int {
        while scannedOffset == scanned.count {
            scanned.removeAll(keepingCapacity: true)
            scannedOffset = 0
            if inputEnded { return 0 }
            try scanMore()
        }
        let count = min(capacity, scanned.count - scannedOffset, Self.scannedHandOut)
        scanned.withUnsafeBufferPointer { bytes in
            buffer.update(from: bytes.baseAddress! + scannedOffset, count: count)
        }
        scannedOffset += count
        remember(UnsafeBufferPointer(start: buffer, count: count))
        bytesThisEvent += count + scanner.takeRemovedByteCount()
        return count
    }

    /// Reads a chunk and scans the whole lines read (at the end of the file, the rest).
    private func scanMore() throws(InputFileError) {
        let count = try readChunk.withUnsafeMutableBytes { bytes in
            Result { () throws(InputFileError) in try input.read(into: bytes) }
        }.get()
        unscanned.append(contentsOf: readChunk[0..<count])
        scanWholeLines()
        guard count == 0 else { return }
        unscanned.withUnsafeBufferPointer { scanner.finish(lastLine: $0, into: &scanned) }
        unscanned = []
        inputEnded = true
    }

    /// Scans the whole lines of ``unscanned`` and keeps the rest there.
    ///
    /// The scanner and its output are moved into locals for the loop, so that it makes no
    /// exclusivity checks on this object's properties.
    private func scanWholeLines() {
        var scanner = EvdevLineScanner(firstLine: 0)
        var output: [UInt8] = []
        var lineStart = self.lineStart
        swap(&scanner, &self.scanner)
        swap(&output, &scanned)
        defer {
            swap(&scanner, &self.scanner)
            swap(&output, &scanned)
            self.lineStart = lineStart
        }
        let consumed = unscanned.withUnsafeBufferPointer { bytes -> Int in
            guard let base = bytes.baseAddress else { return 0 }
            var start = 0
            while start < bytes.count,
                  let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start) {
                let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                let line = UnsafeBufferPointer(start: base + start, count: end + 1 - start)
                switch lineStart {
                case .lineStart: scanner.process(line: line, into: &output)
                case .restOfLineBegun: output.append(contentsOf: line)
                case .restOfLongLine: scanner.process(longLinePart: line, endsLine: true, into: &output)
                }
                lineStart = .lineStart
                start = end + 1
            }
            // A line too long to hold goes on as it is (libyaml bounds what one event may take).
            if bytes.count - start > EvdevLineScanner.maximumBlockBytes {
                let part = UnsafeBufferPointer(rebasing: bytes[start...])
                switch lineStart {
                case .restOfLineBegun: output.append(contentsOf: part)
                case .lineStart, .restOfLongLine:
                    scanner.process(longLinePart: part, endsLine: false, into: &output)
                    lineStart = .restOfLongLine
                }
                return bytes.count
            }
            return start
        }
        unscanned.removeSubrange(0..<consumed)
    }

    private func takePending(_ buffer: UnsafeMutablePointer<UInt8>, capacity: Int) -> Int {
        let count = min(capacity, pending.count - pendingOffset)
        pending.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            buffer.update(from: base + pendingOffset, count: count)
        }
        pendingOffset += count
        if pendingOffset == pending.count {
            pending = []
            pendingOffset = 0
        }
        return count
    }

    /// Reads and drops whole lines until one starts with a marker, then hands out that line onwards.
    private func skipToStart(_ buffer: UnsafeMutablePointer<UInt8>, capacity: Int) throws(InputFileError) -> Int {
        var chunk = [UInt8](repeating: 0, count: input.firstBufferSize)
        while true {
            let count = try chunk.withUnsafeMutableBytes { bytes in
                Result { () throws(InputFileError) in try input.read(into: bytes) }
            }.get()
            if count == 0 { return 0 }
            for index in 0..<count {
                let byte = chunk[index]
                if byte == UInt8(ascii: "\n") {
                    skippedLineCount += 1
                    lineHead.removeAll(keepingCapacity: true)
                    lineCanMatch = true
                    continue
                }
                guard lineCanMatch else { continue }
                lineHead.append(byte)
                if YAMLInputSource.startMarkers.contains(lineHead) {
                    searchingForStart = false
                    pending = lineHead + chunk[(index + 1)..<count]
                    pendingOffset = 0
                    lineHead = []
                    return takePending(buffer, capacity: capacity)
                }
                lineCanMatch = YAMLInputSource.startMarkers.contains { $0.starts(with: lineHead) }
            }
        }
    }
}

/// Parses signed decimal integers from ASCII bytes.
enum DecimalParser {
    /// ``integer(_:)`` for bytes in memory, such as a libyaml scalar: up to 18 digits cannot
    /// overflow, so they are summed without checks.
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return nil }
        var start = 0
        let sign = base[0]
        if sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { start = 1 }
        let digits = bytes.count - start
        guard digits > 0, digits <= 18 else { return integer(bytes[...]) }
        var value: Int64 = 0
        for index in start..<bytes.count {
            let digit = base[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int64(digit)
        }
        return sign == UInt8(ascii: "-") ? -value : value
    }

    /// The value of `bytes` as an optionally signed decimal integer, or nil if it is not one or overflows.
    static func integer<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Int64? {
        var index = bytes.startIndex
        guard index != bytes.endIndex else { return nil }
        var negative = false
        if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index = bytes.index(after: index)
            guard index != bytes.endIndex else { return nil }
        }
        var value: Int64 = 0
        while index != bytes.endIndex {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = shifted.addingReportingOverflow(Int64(digit))
            guard !overflow1, !overflow2 else { return nil }
            value = sum
            index = bytes.index(after: index)
        }
        return negative ? -value : value
    }
}
