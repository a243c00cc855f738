import CDismissKit
import DismissKit
import Glibc

// The C interface declared in dismisskit.h (target CDismissKit). Each function is
// `@c @implementation`: the compiler checks its signature against the header's declaration.
// The rules of the interface (ownership, errors, what is dropped) are in the header.

/// What a `dk_pipeline *` points to: the pipeline and the intents it decided that the caller
/// has not read yet.
final class PipelineHandle {
    var pipeline: DismissalPipeline
    /// Intents decided, in order; those before `nextIntent` have been read.
    var intents: [Intent] = []
    var nextIntent = 0
    /// The line of the intent being read, reused from one to the next.
    var line: [UInt8] = []
    /// The session file being written (`dk_pipeline_record`), if any.
    var recorder: SessionRecorder?
    /// Whether a touch or command has been given: a recording must begin before.
    var started = false
    /// With `dk_pipeline_explain` on: the recogniser's decisions not yet read, each before the
    /// intent at index `before` of `intents` (the first its call decided).
    var decisions: [(before: Int, decision: GestureDecision)] = []
    var nextDecision = 0
    /// Where `takeDecisions` puts a call's decisions, reused from one call to the next.
    var taken: [GestureDecision] = []
    /// The strings of the last typed intent (`dk_pipeline_next_typed_intent`).
    var typedText = TypedIntentText()

    init(scene: Scene, configuration: GestureConfiguration) {
        pipeline = DismissalPipeline(scene: scene, configuration: configuration)
        intents.reserveCapacity(16)
        line.reserveCapacity(256)
    }

    /// Forgets the intents already read, once they are the larger part of the buffer, so a
    /// caller that reads as it goes keeps the buffer small.
    func compact() {
        let read = nextIntent
        if nextIntent == intents.count {
            intents.removeAll(keepingCapacity: true)
            nextIntent = 0
        } else if nextIntent >= 64 && nextIntent * 2 >= intents.count {
            intents.removeFirst(nextIntent)
            nextIntent = 0
        } else {
            return
        }
        if !decisions.isEmpty {
            // Every decision not read comes before an intent not read yet (or after the last).
            decisions.removeFirst(nextDecision)
            nextDecision = 0
            for index in decisions.indices { decisions[index].before -= read }
        }
    }

    /// Queues the decisions of the call that appended the intents from index `before` on, ahead
    /// of them, as `Replay.steps` orders them.
    func queueDecisions(before: Int) {
        guard pipeline.notesDecisions else { return }
        pipeline.takeDecisions(into: &taken)
        for decision in taken { decisions.append((before, decision)) }
        taken.removeAll(keepingCapacity: true)
    }

    /// What the readers give next: a decision, an intent, or nothing.
    enum Entry {
        case decision(GestureDecision)
        case intent(Intent)
    }

    func next() -> Entry? {
        if nextDecision < decisions.count && decisions[nextDecision].before <= nextIntent {
            nextDecision += 1
            return .decision(decisions[nextDecision - 1].decision)
        }
        guard nextIntent < intents.count else { return nil }
        nextIntent += 1
        return .intent(intents[nextIntent - 1])
    }

    static func from(_ pointer: OpaquePointer?) -> PipelineHandle? {
        guard let pointer else { return nil }
        return Unmanaged<PipelineHandle>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
    }
}

/// A copy of `message` in malloc'd memory, for the caller to free with `dk_string_free`.
private func allocatedCString(_ message: String) -> UnsafeMutablePointer<CChar>? {
    strdup(message)
}

/// Stores `message` in `*error` when the caller asked for errors.
private func report(_ message: String, to error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) {
    error?.pointee = allocatedCString(message)
}

/// The text of a C string argument, or the message saying why there is none.
/// The UTF-8 text of a C string argument of at most `limit` bytes; a longer one is refused
/// before it is read further, as a file past its bound is.
private func text(of argument: UnsafePointer<CChar>?, named name: String, limit: Int) -> Result<String, ArgumentError> {
    guard let argument else { return .failure(ArgumentError(message: "\(name) is NULL")) }
    guard strnlen(argument, limit + 1) <= limit else {
        return .failure(ArgumentError(message: "\(name): the text is longer than \(limit) bytes"))
    }
    guard let text = String(validatingCString: argument) else {
        return .failure(ArgumentError(message: "\(name): the text is not valid UTF-8"))
    }
    return .success(text)
}

/// The pipeline and the text argument of a call that reports errors, or nil with `*errorOut` set
/// (which is cleared first) when either is missing or the text is bad.
private func handleAndText(
    _ pipeline: OpaquePointer?, _ argument: UnsafePointer<CChar>?, named name: String, limit: Int,
    errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> (PipelineHandle, String)? {
    errorOut?.pointee = nil
    guard let handle = PipelineHandle.from(pipeline) else {
        report("pipeline is NULL", to: errorOut)
        return nil
    }
    switch text(of: argument, named: name, limit: limit) {
    case .success(let value): return (handle, value)
    case .failure(let failure):
        report(failure.message, to: errorOut)
        return nil
    }
}

struct ArgumentError: Error {
    var message: String
}

/// `DismissKitVersion.release` as a C string, made once (a global's initialiser runs once, on
/// whichever thread asks first) and never freed.
nonisolated(unsafe) private let versionCString: UnsafePointer<CChar> = UnsafePointer(strdup(DismissKitVersion.release)!)

@c @implementation
public func dk_version() -> UnsafePointer<CChar>? {
    versionCString
}

@c @implementation
public func dk_pipeline_new(
    _ sceneJSON: UnsafePointer<CChar>?,
    _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> OpaquePointer? {
    errorOut?.pointee = nil
    let text: String
    switch DismissKitC.text(of: sceneJSON, named: "scene_json", limit: InputLimits.maximumSceneFileSize) {
    case .success(let value): text = value
    case .failure(let failure):
        report(failure.message, to: errorOut)
        return nil
    }
    do throws(InputFileError) {
        // A scene file without a timeline; a timeline is checked and ignored, as `gesturectl run
        // --scene` does, and `gestures` are used.
        let file = try SceneFile.parse(text, path: "scene_json")
        let handle = PipelineHandle(scene: file.scene, configuration: file.configuration)
        return OpaquePointer(Unmanaged.passRetained(handle).toOpaque())
    } catch {
        report(error.description, to: errorOut)
        return nil
    }
}

@c @implementation
public func dk_pipeline_free(_ pipeline: OpaquePointer?) {
    guard let pipeline else { return }
    Unmanaged<PipelineHandle>.fromOpaque(UnsafeRawPointer(pipeline)).release()
}

@c @implementation
public func dk_pipeline_touch(
    _ pipeline: OpaquePointer?, _ type: dk_touch_type, _ seatSlot: Int32,
    _ x: Double, _ y: Double, _ time: Int64
) -> Int32 {
    guard let handle = PipelineHandle.from(pipeline) else { return -1 }
    let kind: TouchEvent.Kind
    switch type {
    case DK_TOUCH_DOWN: kind = .down
    case DK_TOUCH_MOTION: kind = .motion
    case DK_TOUCH_UP: kind = .up
    case DK_TOUCH_CANCEL: kind = .cancel
    case DK_TOUCH_FRAME: kind = .frame
    default: return -1
    }
    var event = TouchEvent(kind: kind, time: time)
    if kind != .frame {
        event.slot = seatSlot
        event.seatSlot = seatSlot
    }
    if kind == .down || kind == .motion { event.point = TouchPoint(x: x, y: y, on: handle.pipeline.scene.screen) }
    handle.compact()
    handle.started = true
    handle.recorder?.record(touch: event)
    let decided = handle.intents.count
    defer {
        handle.recorder?.record(intents: handle.intents[decided...])
        if kind == .frame { handle.recorder?.flush() }
    }
    let before = handle.intents.count
    defer { handle.queueDecisions(before: before) }
    do throws(TouchRefusal) {
        try handle.pipeline.handle(event, into: &handle.intents)
        return 0
    } catch {
        return -1
    }
}

@c @implementation
public func dk_pipeline_command(
    _ pipeline: OpaquePointer?, _ commandJSON: UnsafePointer<CChar>?, _ time: Int64,
    _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    guard let (handle, text) = handleAndText(pipeline, commandJSON, named: "command_json", limit: InputLimits.maximumLineLength,
                                             errorOut: errorOut) else { return -1 }
    guard (-InputLimits.largestTime...InputLimits.largestTime).contains(time) else {
        report("time_us \(time) is out of range (at most 2^53 microseconds either side of 0)", to: errorOut)
        return -1
    }
    handle.compact()
    handle.started = true
    handle.recorder?.record(command: text, time: time)
    let decided = handle.intents.count
    defer {
        handle.recorder?.record(intents: handle.intents[decided...])
        handle.recorder?.flush()
    }
    let command: HostCommand
    do throws(JSONInputError) {
        command = try HostCommandParser.parse(text)
    } catch {
        report("command_json:\(error.line): \(error.reason)", to: errorOut)
        return -1
    }
    let before = handle.intents.count
    defer { handle.queueDecisions(before: before) }
    do throws(HostCommandError) {
        try handle.pipeline.apply(command, time: time, into: &handle.intents)
    } catch {
        report(error.reason, to: errorOut)
        return -1
    }
    return 0
}

@c @implementation
public func dk_pipeline_next_intent(_ pipeline: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
    guard let handle = PipelineHandle.from(pipeline), let entry = handle.next() else { return nil }
    handle.line.removeAll(keepingCapacity: true)
    switch entry {
    case .intent(let intent):
        intent.appendJSONLine(to: &handle.line, explain: handle.pipeline.notesDecisions)
        handle.line[handle.line.count - 1] = 0  // the newline becomes the terminator
    case .decision(let decision):
        handle.line.append(contentsOf: decision.jsonLine.text.utf8)
        handle.line.append(0)
    }
    return handle.line.withUnsafeBytes { bytes in
        guard let copy = malloc(bytes.count) else { return nil }
        copy.copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
        return copy.assumingMemoryBound(to: CChar.self)
    }
}

@c @implementation
public func dk_string_free(_ string: UnsafeMutablePointer<CChar>?) {
    free(string)
}

@c @implementation
public func dk_pipeline_record(
    _ pipeline: OpaquePointer?, _ path: UnsafePointer<CChar>?,
    _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    guard let (handle, filePath) = handleAndText(pipeline, path, named: "path", limit: Int(PATH_MAX), errorOut: errorOut) else {
        return -1
    }
    guard handle.recorder == nil else {
        report("the pipeline is already recording to \(handle.recorder!.path)", to: errorOut)
        return -1
    }
    guard !handle.started else {
        report("a recording begins before the first touch or command", to: errorOut)
        return -1
    }
    do throws(Errno) {
        handle.recorder = try SessionRecorder(path: filePath, scene: handle.pipeline.scene,
                                              configuration: handle.pipeline.recogniser.configuration)
        return 0
    } catch {
        report("\(filePath): \(error)", to: errorOut)
        return -1
    }
}

@c @implementation
public func dk_pipeline_explain(_ pipeline: OpaquePointer?, _ on: Int32) {
    PipelineHandle.from(pipeline)?.pipeline.notesDecisions = on != 0
}
