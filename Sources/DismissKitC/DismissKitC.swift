import CDismissKit
import DismissKit
import Glibc

// The C interface declared in dismisskit.h (target CDismissKit). Each function is
// `@c @implementation`: the compiler checks its signature against the header's declaration.
// The rules of the interface (ownership, errors, what is dropped) are in the header.

/// What a `dk_pipeline *` points to: the hosted pipeline (the intents and decisions not read
/// yet, shared with the WebAssembly module), and what only the C library has: the session file
/// being written and the strings of the last typed intent. It lives in memory of its own, which
/// the pointer is, so a call reaches all of it through the pointer in one step: a class's
/// properties would each be checked for overlapping access at every call (exclusivity checks
/// were half of a touch's cost).
struct PipelineState {
    var hosted: HostedPipeline
    /// The line of the entry being read, reused from one to the next.
    var line: [UInt8] = []
    /// The session file being written (`dk_pipeline_record`), if any.
    var recorder: SessionRecorder?
    /// The strings of the last typed intent (`dk_pipeline_next_typed_intent`).
    var typedText = TypedIntentText()

    init(_ hosted: HostedPipeline) {
        self.hosted = hosted
        line.reserveCapacity(256)
    }

    /// A new pipeline's state in memory of its own: the `dk_pipeline *` handed out.
    static func allocate(_ hosted: HostedPipeline) -> OpaquePointer {
        let state = UnsafeMutablePointer<PipelineState>.allocate(capacity: 1)
        state.initialize(to: PipelineState(hosted))
        return OpaquePointer(state)
    }

    /// The state a `dk_pipeline *` points to.
    static func from(_ pointer: OpaquePointer?) -> UnsafeMutablePointer<PipelineState>? {
        pointer.map { UnsafeMutablePointer<PipelineState>($0) }
    }

    /// Frees what ``allocate(_:)`` made.
    static func free(_ state: UnsafeMutablePointer<PipelineState>) {
        state.pointee.typedText.free()
        state.deinitialize(count: 1)
        state.deallocate()
    }
}

/// A copy of `message` in malloc'd memory, for the caller to free with `dk_string_free`.
private func allocatedCString(_ message: String) -> UnsafeMutablePointer<CChar>? {
    strdup(message)
}

/// Stores `message` in `*error` when the caller asked for errors.
func report(_ message: String, to error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) {
    error?.pointee = allocatedCString(message)
}

/// The text of a C string argument, or the message saying why there is none.
/// The UTF-8 text of a C string argument of at most `limit` bytes; a longer one is refused
/// before it is read further, as a file past its bound is.
func text(of argument: UnsafePointer<CChar>?, named name: String, limit: Int) -> Result<String, ArgumentError> {
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
) -> (UnsafeMutablePointer<PipelineState>, String)? {
    errorOut?.pointee = nil
    guard let handle = PipelineState.from(pipeline) else {
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
        return PipelineState.allocate(try HostedPipeline(sceneText: text, path: "scene_json"))
    } catch {
        report(error.description, to: errorOut)
        return nil
    }
}

@c @implementation
public func dk_pipeline_free(_ pipeline: OpaquePointer?) {
    guard let state = PipelineState.from(pipeline) else { return }
    PipelineState.free(state)
}

@c @implementation
public func dk_pipeline_touch(
    _ pipeline: OpaquePointer?, _ type: dk_touch_type, _ seatSlot: Int32,
    _ x: Double, _ y: Double, _ time: Int64
) -> dk_touch_result {
    guard let state = PipelineState.from(pipeline) else { return DK_TOUCH_REFUSED_NO_PIPELINE }
    let kind: TouchEvent.Kind
    switch type {
    case DK_TOUCH_DOWN: kind = .down
    case DK_TOUCH_MOTION: kind = .motion
    case DK_TOUCH_UP: kind = .up
    case DK_TOUCH_CANCEL: kind = .cancel
    case DK_TOUCH_FRAME: kind = .frame
    default: return DK_TOUCH_REFUSED_UNKNOWN_TYPE
    }
    let event = TouchEvent(kind, seatSlot: seatSlot, x: x, y: y, time: time, on: state.pointee.hosted.pipeline.scene.screen)
    let refusal = state.pointee.hosted.touch(event)
    if let recorder = state.pointee.recorder {
        recorder.record(touch: event)
        recorder.record(intents: state.pointee.hosted.latestDecided, names: state.pointee.hosted.pipeline.names)
        if kind == .frame { recorder.flush() }
    }
    switch refusal {
    case nil: return DK_TOUCH_TAKEN
    case .timeOutOfRange: return DK_TOUCH_REFUSED_TIME_OUT_OF_RANGE
    case .timeWentBack: return DK_TOUCH_REFUSED_TIME_WENT_BACK
    case .seatSlotOutOfRange: return DK_TOUCH_REFUSED_SEAT_SLOT_OUT_OF_RANGE
    case .positionOutOfRange: return DK_TOUCH_REFUSED_POSITION_OUT_OF_RANGE
    case .seatSlotAlreadyDown: return DK_TOUCH_REFUSED_SEAT_SLOT_ALREADY_DOWN
    case .seatSlotNotDown: return DK_TOUCH_REFUSED_SEAT_SLOT_NOT_DOWN
    }
}

@c @implementation
public func dk_touch_result_name(_ result: dk_touch_result) -> UnsafePointer<CChar>? {
    let name: StaticString
    switch result {
    case DK_TOUCH_TAKEN: name = "taken"
    case DK_TOUCH_REFUSED_NO_PIPELINE: name = "noPipeline"
    case DK_TOUCH_REFUSED_UNKNOWN_TYPE: name = "unknownType"
    case DK_TOUCH_REFUSED_TIME_OUT_OF_RANGE: name = "timeOutOfRange"
    case DK_TOUCH_REFUSED_TIME_WENT_BACK: name = "timeWentBack"
    case DK_TOUCH_REFUSED_SEAT_SLOT_OUT_OF_RANGE: name = "seatSlotOutOfRange"
    case DK_TOUCH_REFUSED_POSITION_OUT_OF_RANGE: name = "positionOutOfRange"
    case DK_TOUCH_REFUSED_SEAT_SLOT_ALREADY_DOWN: name = "seatSlotAlreadyDown"
    case DK_TOUCH_REFUSED_SEAT_SLOT_NOT_DOWN: name = "seatSlotNotDown"
    default: return nil
    }
    return UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
}

@c @implementation
public func dk_pipeline_command(
    _ pipeline: OpaquePointer?, _ commandJSON: UnsafePointer<CChar>?, _ time: Int64,
    _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    guard let (state, text) = handleAndText(pipeline, commandJSON, named: "command_json", limit: InputLimits.maximumLineLength,
                                            errorOut: errorOut) else { return -1 }
    return apply(text, to: state, time: time, errorOut: errorOut)
}

/// Applies a command's JSON text, recording it with the intents it decided; 0, or -1 with the
/// refusal's message. When the library wrote the text from a typed call's arguments
/// (`typed`), a refusal of a value in it names the field alone: the caller wrote no
/// command_json.
private func apply(_ text: String, to state: UnsafeMutablePointer<PipelineState>, time: Int64, typed: Bool = false,
                   errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    do throws(HostedPipeline.Refusal) {
        try state.pointee.hosted.command(text, time: time)
        record(command: text, time: time, of: state)
        return 0
    } catch {
        if error.taken { record(command: text, time: time, of: state) }
        report(typed ? TypedCommand.message(of: error) : error.message, to: errorOut)
        return -1
    }
}

/// Writes a command the pipeline took in, and the intents it decided, to the session file being
/// recorded, if there is one.
private func record(command text: String, time: Int64, of state: UnsafeMutablePointer<PipelineState>) {
    guard let recorder = state.pointee.recorder else { return }
    recorder.record(command: text, time: time)
    recorder.record(intents: state.pointee.hosted.latestDecided, names: state.pointee.hosted.pipeline.names)
    recorder.flush()
}

/// A typed command: the JSON text `command` writes for the presentation named by the C string
/// `presentation` (given "" when `named` is false), applied as ``dk_pipeline_command`` applies it.
/// `numbers` are the call's number arguments, by name: one that JSON cannot carry is refused as
/// the caller passed it, before any JSON is written.
func typedCommand(
    _ pipeline: OpaquePointer?, presentation: UnsafePointer<CChar>? = nil, named: Bool = true,
    numbers: [(name: String, value: Double)] = [], time: Int64, errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ command: (String) -> String
) -> Int32 {
    errorOut?.pointee = nil
    guard let state = PipelineState.from(pipeline) else {
        report("pipeline is NULL", to: errorOut)
        return -1
    }
    if let message = TypedCommand.nonFiniteNumber(among: numbers) {
        report(message, to: errorOut)
        return -1
    }
    var id = ""
    if named {
        switch text(of: presentation, named: "presentation", limit: InputLimits.maximumLineLength) {
        case .success(let value): id = value
        case .failure(let failure):
            report(failure.message, to: errorOut)
            return -1
        }
    }
    return apply(command(id), to: state, time: time, typed: true, errorOut: errorOut)
}

/// Reports the argument `name`, a value outside its C enum `type`, as the C caller wrote it: a
/// C enum is an `int`, which Swift imports as the `UInt32` of the same bits; -1.
func outsideEnum(_ value: UInt32, named name: String, of type: String,
                 errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    errorOut?.pointee = nil
    report("\(name): \(Int32(bitPattern: value)) is not a \(type) of dismisskit.h", to: errorOut)
    return -1
}

@c @implementation
public func dk_pipeline_confirm(
    _ pipeline: OpaquePointer?, _ presentation: UnsafePointer<CChar>?, _ choice: dk_choice, _ time: Int64,
    _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    let value: ConfirmationChoice
    switch choice {
    case DK_CHOICE_DISCARD: value = .discard
    case DK_CHOICE_SAVE: value = .save
    case DK_CHOICE_KEEP_EDITING: value = .keepEditing
    default: return outsideEnum(choice.rawValue, named: "choice", of: "dk_choice", errorOut: errorOut)
    }
    return typedCommand(pipeline, presentation: presentation, time: time, errorOut: errorOut) { TypedCommand.confirm($0, value) }
}

@c @implementation
public func dk_pipeline_button(
    _ pipeline: OpaquePointer?, _ presentation: UnsafePointer<CChar>?, _ role: dk_button_role, _ time: Int64,
    _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    let value: ButtonRole
    switch role {
    case DK_BUTTON_CANCEL: value = .cancel
    case DK_BUTTON_DONE: value = .done
    default: return outsideEnum(role.rawValue, named: "role", of: "dk_button_role", errorOut: errorOut)
    }
    return typedCommand(pipeline, presentation: presentation, time: time, errorOut: errorOut) { TypedCommand.button($0, value) }
}

@c @implementation
public func dk_pipeline_accessibility(
    _ pipeline: OpaquePointer?, _ presentation: UnsafePointer<CChar>?, _ action: dk_accessibility_action, _ time: Int64,
    _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    let value: AccessibilityAction
    switch action {
    case DK_ACCESSIBILITY_ESCAPE: value = .escape
    case DK_ACCESSIBILITY_NEXT_DETENT: value = .nextDetent
    case DK_ACCESSIBILITY_PREVIOUS_DETENT: value = .previousDetent
    default: return outsideEnum(action.rawValue, named: "action", of: "dk_accessibility_action", errorOut: errorOut)
    }
    return typedCommand(pipeline, presentation: presentation, time: time, errorOut: errorOut) {
        TypedCommand.accessibility($0, value)
    }
}

@c @implementation
public func dk_pipeline_dismiss(
    _ pipeline: OpaquePointer?, _ presentation: UnsafePointer<CChar>?, _ time: Int64,
    _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    typedCommand(pipeline, presentation: presentation, time: time, errorOut: errorOut) { TypedCommand.dismiss($0) }
}

@c @implementation
public func dk_pipeline_remove(
    _ pipeline: OpaquePointer?, _ presentation: UnsafePointer<CChar>?, _ time: Int64,
    _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    typedCommand(pipeline, presentation: presentation, time: time, errorOut: errorOut) { TypedCommand.remove($0) }
}

@c @implementation
public func dk_pipeline_set_unsaved_changes(
    _ pipeline: OpaquePointer?, _ presentation: UnsafePointer<CChar>?, _ unsaved: Int32, _ time: Int64,
    _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    typedCommand(pipeline, presentation: presentation, time: time, errorOut: errorOut) {
        TypedCommand.setUnsavedChanges($0, unsaved != 0)
    }
}

@c @implementation
public func dk_pipeline_report_content_offset(
    _ pipeline: OpaquePointer?, _ presentation: UnsafePointer<CChar>?, _ offset: Double, _ time: Int64,
    _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    typedCommand(pipeline, presentation: presentation, numbers: [("offset", offset)], time: time, errorOut: errorOut) {
        TypedCommand.reportContentOffset($0, offset)
    }
}

@c @implementation
public func dk_pipeline_escape_key(_ pipeline: OpaquePointer?, _ time: Int64,
                                   _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    typedCommand(pipeline, named: false, time: time, errorOut: errorOut) { _ in TypedCommand.escapeKey() }
}

@c @implementation
public func dk_pipeline_screen(
    _ pipeline: OpaquePointer?, _ width: Double, _ height: Double, _ widthMM: Double, _ heightMM: Double, _ time: Int64,
    _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    typedCommand(pipeline, named: false, numbers: [("width", width), ("height", height), ("width_mm", widthMM), ("height_mm", heightMM)],
                 time: time, errorOut: errorOut) { _ in
        TypedCommand.screen(width: width, height: height, widthMM: widthMM, heightMM: heightMM)
    }
}

@c @implementation
public func dk_pipeline_keyboard(_ pipeline: OpaquePointer?, _ height: Double, _ time: Int64,
                                 _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    typedCommand(pipeline, named: false, numbers: [("height", height)], time: time, errorOut: errorOut) { _ in
        TypedCommand.keyboard(height: height)
    }
}

@c @implementation
public func dk_pipeline_set_idle_rule(_ pipeline: OpaquePointer?, _ after: Int64, _ warning: Int64, _ unsaved: dk_idle_unsaved,
                                      _ time: Int64, _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    let value: IdleUnsavedRule
    switch unsaved {
    case DK_IDLE_UNSAVED_SAVE: value = .save
    case DK_IDLE_UNSAVED_DISCARD: value = .discard
    case DK_IDLE_UNSAVED_KEEP: value = .keep
    default: return outsideEnum(unsaved.rawValue, named: "unsaved", of: "dk_idle_unsaved", errorOut: errorOut)
    }
    return idleRuleCommand(pipeline, IdleRule(after: after, warning: warning, unsaved: value), time: time, errorOut: errorOut)
}

@c @implementation
public func dk_pipeline_clear_idle_rule(_ pipeline: OpaquePointer?, _ time: Int64,
                                        _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    idleRuleCommand(pipeline, nil, time: time, errorOut: errorOut)
}

/// The `scene` command of the pipeline's scene with the idle rule `rule`.
private func idleRuleCommand(_ pipeline: OpaquePointer?, _ rule: IdleRule?, time: Int64,
                             errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    let scene = PipelineState.from(pipeline)?.pointee.hosted.pipeline.scene ?? Scene()
    return typedCommand(pipeline, named: false, time: time, errorOut: errorOut) { _ in TypedCommand.idleRule(rule, in: scene) }
}

@c @implementation
public func dk_pipeline_tick(_ pipeline: OpaquePointer?, _ time: Int64,
                             _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    typedCommand(pipeline, named: false, time: time, errorOut: errorOut) { _ in TypedCommand.tick() }
}

@c @implementation
public func dk_pipeline_next_tick(_ pipeline: OpaquePointer?, _ time: UnsafeMutablePointer<Int64>?) -> Int32 {
    guard let state = PipelineState.from(pipeline), let time else { return -1 }
    guard let next = state.pointee.hosted.pipeline.nextTick else { return 0 }
    time.pointee = next
    return 1
}

@c @implementation
public func dk_pipeline_next_intent(_ pipeline: OpaquePointer?) -> UnsafeMutablePointer<CChar>? {
    guard let state = PipelineState.from(pipeline), state.pointee.hosted.nextLine(into: &state.pointee.line) else { return nil }
    state.pointee.line.append(0)
    return state.pointee.line.withUnsafeBytes { bytes in
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
    guard let (state, filePath) = handleAndText(pipeline, path, named: "path", limit: Int(PATH_MAX), errorOut: errorOut) else {
        return -1
    }
    guard state.pointee.recorder == nil else {
        report("the pipeline is already recording to \(state.pointee.recorder!.path)", to: errorOut)
        return -1
    }
    guard !state.pointee.hosted.started else {
        report("a recording begins before the first touch or command", to: errorOut)
        return -1
    }
    do throws(RecordingFileError) {
        state.pointee.recorder = try SessionRecorder(path: filePath, scene: state.pointee.hosted.pipeline.scene,
                                              configuration: state.pointee.hosted.pipeline.recogniser.configuration)
        return 0
    } catch {
        report("\(filePath): \(error)", to: errorOut)
        return -1
    }
}

@c @implementation
public func dk_pipeline_recording(
    _ pipeline: OpaquePointer?, _ bytesWritten: UnsafeMutablePointer<Int64>?,
    _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> dk_recording_state {
    errorOut?.pointee = nil
    guard let recorder = PipelineState.from(pipeline)?.pointee.recorder else {
        bytesWritten?.pointee = 0
        return DK_RECORDING_OFF
    }
    bytesWritten?.pointee = Int64(recorder.bytesWritten)
    guard let failure = recorder.failure else { return DK_RECORDING_ON }
    report("\(recorder.path): \(failure); the file holds the \(recorder.bytesWritten) bytes written before, "
        + "up to its last whole frame or command", to: errorOut)
    return DK_RECORDING_FAILED
}

@c @implementation
public func dk_pipeline_explain(_ pipeline: OpaquePointer?, _ on: Int32) {
    PipelineState.from(pipeline)?.pointee.hosted.explains = on != 0
}
