import DismissKitCore
import DismissKitWire

// The WebAssembly module's exports: dismisskit.h's pipeline calls over the wasm32 C ABI, in
// numbers and memory, for dismisskit.js. Each is a thin shell over ``HostedPipeline``, which the
// C library shares, so a page gets the native bytes. Texts cross as UTF-8 in the module's
// memory: the caller writes them into blocks it takes with `dk_alloc`, and reads what the module
// answers (an intent's line, an error, the session) from `dk_text`, for the length the call
// returned or `dk_text_length`. A pipeline is a handle, a number above 0. Times are microseconds
// as doubles (exact to 2^53, the range every input keeps to). The module runs on one thread:
// the page's.

/// The pipelines alive, by handle − 1 (nil once freed). A new pipeline takes the lowest place
/// freed, and freed places at the end are given back, so that making and freeing pipelines
/// runs in the memory of the most alive at once.
nonisolated(unsafe) private var pipelines: [HostedPipeline?] = []
/// The last text handed out: an intent's line or an error message.
nonisolated(unsafe) private var text: [UInt8] = []

/// The release, into `dk_text`; returns its length.
@_cdecl("dk_version")
public func dk_version() -> Int32 {
    setText(DismissKitVersion.release)
}

/// A block of `size` bytes of the module's memory for the caller to write a text into.
@_cdecl("dk_alloc")
public func dk_alloc(_ size: Int32) -> UnsafeMutableRawPointer? {
    UnsafeMutableRawPointer.allocate(byteCount: Int(max(size, 1)), alignment: 1)
}

@_cdecl("dk_free")
public func dk_free(_ block: UnsafeMutableRawPointer?) {
    block?.deallocate()
}

/// Where the last text handed out begins (`dk_text_length` bytes, no terminator).
@_cdecl("dk_text")
public func dk_text() -> UnsafeRawPointer? {
    text.withUnsafeBytes { $0.baseAddress }
}

/// The length of the last text handed out.
@_cdecl("dk_text_length")
public func dk_text_length() -> Int32 {
    Int32(text.count)
}

/// A pipeline on the scene file's text (`length` bytes at `scene`): its handle, or 0 with the
/// error (the file's line and reason, as `dk_pipeline_new` gives it) in `dk_text`.
@_cdecl("dk_pipeline_new")
public func dk_pipeline_new(_ scene: UnsafePointer<UInt8>?, _ length: Int32) -> Int32 {
    guard let sceneText = string(scene, length, named: "scene_json", limit: InputLimits.maximumSceneFileSize) else { return 0 }
    do throws(InputFileError) {
        let hosted = try HostedPipeline(sceneText: sceneText, path: "scene_json")
        guard let free = pipelines.firstIndex(where: { $0 == nil }) else {
            pipelines.append(hosted)
            return Int32(pipelines.count)
        }
        pipelines[free] = hosted
        return Int32(free + 1)
    } catch {
        _ = setText(error.description)
        return 0
    }
}

@_cdecl("dk_pipeline_free")
public func dk_pipeline_free(_ handle: Int32) {
    guard let index = index(of: handle) else { return }
    pipelines[index] = nil
    while let last = pipelines.last, last == nil { pipelines.removeLast() }
}

/// A touch: `type` as `dk_touch_type` numbers it (0 down, 1 motion, 2 up, 3 cancel, 4 frame).
/// Returns 0, or -1 for a refused event or a bad handle or type.
@_cdecl("dk_pipeline_touch")
public func dk_pipeline_touch(_ handle: Int32, _ type: Int32, _ seatSlot: Int32, _ x: Double, _ y: Double,
                              _ time: Double) -> Int32 {
    guard let microseconds = Int64(exactly: time) else { return -1 }
    let kind: TouchEvent.Kind
    switch type {
    case 0: kind = .down
    case 1: kind = .motion
    case 2: kind = .up
    case 3: kind = .cancel
    case 4: kind = .frame
    default: return -1
    }
    let taken = withPipeline(handle) { hosted in
        hosted.touch(TouchEvent(kind, seatSlot: seatSlot, x: x, y: y, time: microseconds, on: hosted.pipeline.scene.screen)) == nil
    }
    return taken == true ? 0 : -1
}

/// A host command's JSON text (`length` bytes at `command`) at `time`: 0, or -1 with the C
/// library's message in `dk_text`.
@_cdecl("dk_pipeline_command")
public func dk_pipeline_command(_ handle: Int32, _ command: UnsafePointer<UInt8>?, _ length: Int32, _ time: Double) -> Int32 {
    guard givenPipeline(handle),
          let commandText = string(command, length, named: "command_json", limit: InputLimits.maximumLineLength) else { return -1 }
    return apply(commandText, to: handle, time: time, typed: false)
}

// Typed commands, as dismisskit.h's: the command is written by the wire codec (``TypedCommand``),
// never by the page. A presentation's id is a text (`length` bytes at `id`); a closed set's
// value is its name as a text, refused in `dk_text` when it is not one; each returns 0, or -1
// with the message in `dk_text`.

/// The presentation's fields that `dk_pipeline_present` and `dk_pipeline_update` give, gathered
/// by the `dk_fields_` calls since `dk_fields_clear` (the module runs on one thread: the page
/// gathers and gives them in one call of its own).
nonisolated(unsafe) private var fields = PresentationFields()

@_cdecl("dk_fields_clear")
public func dk_fields_clear() {
    fields = PresentationFields()
}

/// `style`, by name.
@_cdecl("dk_fields_set_style")
public func dk_fields_set_style(_ name: UnsafePointer<UInt8>?, _ length: Int32) {
    guard let style: PresentationStyle = member(name, length, named: "style", of: "PresentationStyle") else { return refuseLastText() }
    fields.setStyle(style)
}

/// Adds a detent to `detents`: "medium" or "large" by name, or (`name` null) `height` points.
@_cdecl("dk_fields_add_detent")
public func dk_fields_add_detent(_ name: UnsafePointer<UInt8>?, _ length: Int32, _ height: Double) {
    guard let detent = detent(name, length, height, named: "detents") else { return refuseLastText() }
    fields.addDetent(detent, named: "detents")
}

/// `selectedDetent`, as `dk_fields_add_detent` gives a detent.
@_cdecl("dk_fields_set_selected_detent")
public func dk_fields_set_selected_detent(_ name: UnsafePointer<UInt8>?, _ length: Int32, _ height: Double) {
    guard let detent = detent(name, length, height, named: "selectedDetent") else { return refuseLastText() }
    fields.setSelectedDetent(detent, named: "selectedDetent")
}

@_cdecl("dk_fields_set_grabber")
public func dk_fields_set_grabber(_ grabber: Int32) {
    fields.setGrabber(grabber != 0)
}

@_cdecl("dk_fields_set_header_height")
public func dk_fields_set_header_height(_ height: Double) {
    fields.setHeaderHeight(height, named: "headerHeight")
}

@_cdecl("dk_fields_set_content_offset")
public func dk_fields_set_content_offset(_ offset: Double) {
    fields.setContentOffset(offset, named: "contentOffset")
}

@_cdecl("dk_fields_set_modal")
public func dk_fields_set_modal(_ modal: Int32) {
    fields.setModal(modal != 0)
}

@_cdecl("dk_fields_set_unsaved_changes")
public func dk_fields_set_unsaved_changes(_ unsaved: Int32) {
    fields.setUnsavedChanges(unsaved != 0)
}

@_cdecl("dk_fields_set_dismissible")
public func dk_fields_set_dismissible(_ dismissible: Int32) {
    fields.setDismissible(dismissible != 0)
}

/// `tapOutside`, by name; `name` null removes it.
@_cdecl("dk_fields_set_tap_outside")
public func dk_fields_set_tap_outside(_ name: UnsafePointer<UInt8>?, _ length: Int32) {
    guard name != nil else { return fields.setTapOutside(nil) }
    guard let action: TapOutsideAction = member(name, length, named: "tapOutside", of: "TapOutside") else { return refuseLastText() }
    fields.setTapOutside(action)
}

/// `frame` (`which` 0) or `anchor` (1); `present` 0 removes it.
@_cdecl("dk_fields_set_rectangle")
public func dk_fields_set_rectangle(_ which: Int32, _ present: Int32, _ x: Double, _ y: Double, _ width: Double, _ height: Double) {
    let key = which == 0 ? "frame" : "anchor"
    fields.setRectangle(key, present == 0 ? nil : .init(x: x, y: y, width: width, height: height), named: key + ".")
}

/// Adds a region to `passthrough`.
@_cdecl("dk_fields_add_passthrough")
public func dk_fields_add_passthrough(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
    fields.addPassthrough(.init(x: x, y: y, width: width, height: height), named: "passthrough.")
}

/// No regions in `passthrough`.
@_cdecl("dk_fields_clear_passthrough")
public func dk_fields_clear_passthrough() {
    fields.clearPassthrough()
}

/// Presents the presentation `id` with the fields gathered.
@_cdecl("dk_pipeline_present")
public func dk_pipeline_present(_ handle: Int32, _ id: UnsafePointer<UInt8>?, _ length: Int32, _ time: Double) -> Int32 {
    guard let id = givenID(handle, id, length), givenFields() else { return -1 }
    return apply(TypedCommand.present(id, fields), to: handle, time: time)
}

/// Updates the presentation `id` with the fields gathered.
@_cdecl("dk_pipeline_update")
public func dk_pipeline_update(_ handle: Int32, _ id: UnsafePointer<UInt8>?, _ length: Int32, _ time: Double) -> Int32 {
    guard let id = givenID(handle, id, length), givenFields() else { return -1 }
    return apply(TypedCommand.update(id, fields), to: handle, time: time)
}

/// The answer to a confirmationRequested, by name (a Choice).
@_cdecl("dk_pipeline_confirm")
public func dk_pipeline_confirm(_ handle: Int32, _ id: UnsafePointer<UInt8>?, _ length: Int32, _ choice: UnsafePointer<UInt8>?,
                                _ choiceLength: Int32, _ time: Double) -> Int32 {
    guard let id = givenID(handle, id, length),
          let value: ConfirmationChoice = member(choice, choiceLength, named: "choice", of: "Choice") else { return -1 }
    return apply(TypedCommand.confirm(id, value), to: handle, time: time)
}

/// A presentation's own button, by name (a ButtonRole).
@_cdecl("dk_pipeline_button")
public func dk_pipeline_button(_ handle: Int32, _ id: UnsafePointer<UInt8>?, _ length: Int32, _ role: UnsafePointer<UInt8>?,
                               _ roleLength: Int32, _ time: Double) -> Int32 {
    guard let id = givenID(handle, id, length),
          let value: ButtonRole = member(role, roleLength, named: "role", of: "ButtonRole") else { return -1 }
    return apply(TypedCommand.button(id, value), to: handle, time: time)
}

/// An assistive technology's action, by name (an AccessibilityAction).
@_cdecl("dk_pipeline_accessibility")
public func dk_pipeline_accessibility(_ handle: Int32, _ id: UnsafePointer<UInt8>?, _ length: Int32,
                                      _ action: UnsafePointer<UInt8>?, _ actionLength: Int32, _ time: Double) -> Int32 {
    guard let id = givenID(handle, id, length),
          let value: AccessibilityAction = member(action, actionLength, named: "action", of: "AccessibilityAction") else { return -1 }
    return apply(TypedCommand.accessibility(id, value), to: handle, time: time)
}

@_cdecl("dk_pipeline_dismiss")
public func dk_pipeline_dismiss(_ handle: Int32, _ id: UnsafePointer<UInt8>?, _ length: Int32, _ time: Double) -> Int32 {
    guard let id = givenID(handle, id, length) else { return -1 }
    return apply(TypedCommand.dismiss(id), to: handle, time: time)
}

@_cdecl("dk_pipeline_remove")
public func dk_pipeline_remove(_ handle: Int32, _ id: UnsafePointer<UInt8>?, _ length: Int32, _ time: Double) -> Int32 {
    guard let id = givenID(handle, id, length) else { return -1 }
    return apply(TypedCommand.remove(id), to: handle, time: time)
}

@_cdecl("dk_pipeline_set_unsaved_changes")
public func dk_pipeline_set_unsaved_changes(_ handle: Int32, _ id: UnsafePointer<UInt8>?, _ length: Int32, _ unsaved: Int32,
                                            _ time: Double) -> Int32 {
    guard let id = givenID(handle, id, length) else { return -1 }
    return apply(TypedCommand.setUnsavedChanges(id, unsaved != 0), to: handle, time: time)
}

@_cdecl("dk_pipeline_report_content_offset")
public func dk_pipeline_report_content_offset(_ handle: Int32, _ id: UnsafePointer<UInt8>?, _ length: Int32, _ offset: Double,
                                              _ time: Double) -> Int32 {
    guard let id = givenID(handle, id, length), finite([("offset", offset)]) else { return -1 }
    return apply(TypedCommand.reportContentOffset(id, offset), to: handle, time: time)
}

@_cdecl("dk_pipeline_escape_key")
public func dk_pipeline_escape_key(_ handle: Int32, _ time: Double) -> Int32 {
    guard givenPipeline(handle) else { return -1 }
    return apply(TypedCommand.escapeKey(), to: handle, time: time)
}

/// The screen's size: `width` and `height` in points, `widthMM` and `heightMM` in millimetres.
@_cdecl("dk_pipeline_screen")
public func dk_pipeline_screen(_ handle: Int32, _ width: Double, _ height: Double, _ widthMM: Double, _ heightMM: Double,
                               _ time: Double) -> Int32 {
    guard givenPipeline(handle),
          finite([("width", width), ("height", height), ("widthMM", widthMM), ("heightMM", heightMM)]) else { return -1 }
    return apply(TypedCommand.screen(width: width, height: height, widthMM: widthMM, heightMM: heightMM), to: handle, time: time)
}

/// The on-screen keyboard docked at the bottom: its `height` in points, 0 when hidden.
@_cdecl("dk_pipeline_keyboard")
public func dk_pipeline_keyboard(_ handle: Int32, _ height: Double, _ time: Double) -> Int32 {
    guard givenPipeline(handle), finite([("height", height)]) else { return -1 }
    return apply(TypedCommand.keyboard(height: height), to: handle, time: time)
}

/// The host's clock, for the scene's idle rule: `time` is now, on the clock of the touches' times.
@_cdecl("dk_pipeline_tick")
public func dk_pipeline_tick(_ handle: Int32, _ time: Double) -> Int32 {
    guard givenPipeline(handle) else { return -1 }
    return apply(TypedCommand.tick(), to: handle, time: time)
}

/// When the pipeline next needs a tick (``DismissalPipeline/nextTick``), in µs; NaN when it needs none.
@_cdecl("dk_pipeline_next_tick")
public func dk_pipeline_next_tick(_ handle: Int32) -> Double {
    guard let next = withPipeline(handle, { $0.pipeline.nextTick }), let next else { return .nan }
    return Double(next)
}

/// The numbers of the last layout `dk_pipeline_layout` filled, for dismisskit.js to read from
/// `dk_layout_values`: dk_layout's fields in its order, a rectangle as its x, y, width and height,
/// a role as dk_presentation_role numbers it, a flag as 0 or 1; then whether a sheet rests at its
/// largest detent (``PresentationLayout/isAtLargestDetent``).
nonisolated(unsafe) private var layoutValues: [Double] = []

/// Where the presentation `id` is drawn now (``DismissalPipeline/layout(of:)``), into
/// `dk_layout_values`: 1, 0 when no presentation has that id, or -1 with the message in `dk_text`.
@_cdecl("dk_pipeline_layout")
public func dk_pipeline_layout(_ handle: Int32, _ id: UnsafePointer<UInt8>?, _ length: Int32) -> Int32 {
    guard let id = givenID(handle, id, length) else { return -1 }
    guard let found = withPipeline(handle, { $0.pipeline.layout(of: id) }), let layout = found else { return 0 }
    let role: Double = switch layout.role {
    case .sheet: 0
    case .popover: 1
    case .fullScreen: 2
    case .alert: 3
    }
    let absent = Rect(x: 0, y: 0, width: 0, height: 0)
    layoutValues.removeAll(keepingCapacity: true)
    layoutValues.append(contentsOf: [role, layout.isAdapted ? 1 : 0])
    for rect in [layout.frame, layout.restingFrame] { appendLayoutValues(of: rect) }
    layoutValues.append(layout.dragOffset)
    layoutValues.append(layout.detents.first { $0.detent == layout.selectedDetent }?.height ?? 0)
    layoutValues.append(layout.grabber == nil ? 0 : 1)
    for rect in [layout.grabber ?? absent, layout.grabberHitTarget ?? absent] { appendLayoutValues(of: rect) }
    layoutValues.append(layout.header == nil ? 0 : 1)
    for rect in [layout.header ?? absent, layout.questionAnchor] { appendLayoutValues(of: rect) }
    layoutValues.append(layout.isAtLargestDetent ? 1 : 0)
    return 1
}

/// Where the numbers of the last layout begin (see `layoutValues`).
@_cdecl("dk_layout_values")
public func dk_layout_values() -> UnsafeRawPointer? {
    layoutValues.withUnsafeBytes { $0.baseAddress }
}

/// The next intent's (or, explaining, decision's) JSON line into `dk_text`: its length, or -1
/// when there is none.
@_cdecl("dk_pipeline_next_intent")
public func dk_pipeline_next_intent(_ handle: Int32) -> Int32 {
    guard withPipeline(handle, { $0.nextLine(into: &text) }) == true else { return -1 }
    return Int32(text.count)
}

/// Starts recording the session in memory, before the first touch or command, up to
/// `limit` bytes (a whole number from 1 to 2^31 − 1): 0, or -1 with the reason in `dk_text`.
/// A line that would pass the limit stops the recording (`dk_pipeline_recording`).
@_cdecl("dk_pipeline_record")
public func dk_pipeline_record(_ handle: Int32, _ limit: Double) -> Int32 {
    guard let index = index(of: handle) else {
        _ = setText("pipeline is NULL")
        return -1
    }
    guard let bytes = Int32(exactly: limit), bytes > 0 else {
        _ = setText("the recording's limit \(limit) is not a whole number of bytes from 1 to 2147483647")
        return -1
    }
    do throws(HostedPipeline.RecordingRefusal) {
        try pipelines[index]!.startRecording(limit: Int(bytes))
        return 0
    } catch {
        switch error {
        case .alreadyRecording: _ = setText("the pipeline is already recording")
        case .started: _ = setText("a recording begins before the first touch or command")
        case .limitBelowScene(let sceneBytes):
            _ = setText("the recording's limit, \(bytes) bytes, is below its header and scene lines' \(sceneBytes)")
        }
        return -1
    }
}

/// What became of the recording, as `dk_recording_state` numbers it: 0 off, 1 recording, 2
/// stopped at its limit (with the reason in `dk_text`).
@_cdecl("dk_pipeline_recording")
public func dk_pipeline_recording(_ handle: Int32) -> Int32 {
    guard let index = index(of: handle), let session = pipelines[index]!.session else { return 0 }
    guard pipelines[index]!.sessionFull else { return 1 }
    _ = setText("the recording reached its limit of \(pipelines[index]!.sessionLimit) bytes and stopped; "
        + "it holds the \(session.count) bytes before, up to its last whole frame or command")
    return 2
}

/// The length of the session recorded so far; 0 when the pipeline is not recording.
@_cdecl("dk_pipeline_recorded_bytes")
public func dk_pipeline_recorded_bytes(_ handle: Int32) -> Int32 {
    guard let index = index(of: handle), let session = pipelines[index]!.session else { return 0 }
    return Int32(session.count)
}

/// The session recorded so far, a session file's text, into `dk_text`: its length, or -1 when
/// the pipeline is not recording.
@_cdecl("dk_pipeline_session")
public func dk_pipeline_session(_ handle: Int32) -> Int32 {
    guard let index = index(of: handle), let session = pipelines[index]?.session else { return -1 }
    text = session
    return Int32(text.count)
}

@_cdecl("dk_pipeline_explain")
public func dk_pipeline_explain(_ handle: Int32, _ on: Int32) {
    _ = withPipeline(handle) { $0.explains = on != 0 }
}

/// Applies the command's JSON text to the pipeline of `handle` at `time`: 0, or -1 with the
/// message in `dk_text`. A typed command's refusal of a value names the field alone: the page
/// wrote no command_json.
private func apply(_ text: String, to handle: Int32, time: Double, typed: Bool = true) -> Int32 {
    guard let microseconds = Int64(exactly: time) else {
        // Beyond Int64 the C library's int64_t cannot hold it either: out of range, as it says
        // of every whole number beyond 2^53.
        _ = setText(time.isNaN || time.rounded(.towardZero) != time ? "time_us \(time) is not a whole number of microseconds"
            : HostedPipeline.timeOutOfRange("\(time)"))
        return -1
    }
    let refusal = withPipeline(handle) { hosted -> HostedPipeline.Refusal? in
        do throws(HostedPipeline.Refusal) {
            try hosted.command(text, time: microseconds)
            return nil
        } catch {
            return error
        }
    }
    guard let refusal = refusal ?? nil else { return 0 }
    _ = setText(typed ? TypedCommand.message(of: refusal) : refusal.message)
    return -1
}

/// Appends `rect` to `layoutValues`: its x, y, width and height.
private func appendLayoutValues(of rect: Rect) {
    layoutValues.append(contentsOf: [rect.x, rect.y, rect.width, rect.height])
}

/// Whether `handle` is a pipeline alive; if not, says so in `dk_text`.
private func givenPipeline(_ handle: Int32) -> Bool {
    guard index(of: handle) != nil else {
        _ = setText("pipeline is NULL")
        return false
    }
    return true
}

/// The presentation's id of a typed command, or nil with the message in `dk_text` when the
/// pipeline or the id is bad.
private func givenID(_ handle: Int32, _ id: UnsafePointer<UInt8>?, _ length: Int32) -> String? {
    guard givenPipeline(handle) else { return nil }
    return string(id, length, named: "presentation", limit: InputLimits.maximumLineLength)
}

/// Keeps the refusal in `dk_text` as the problem of the fields gathered.
private func refuseLastText() {
    fields.refuse(String(decoding: text, as: UTF8.self))
}

/// Whether the fields gathered hold no refused value; if they do, it is in `dk_text`.
private func givenFields() -> Bool {
    guard let problem = fields.problem else { return true }
    _ = setText(problem)
    return false
}

/// Whether `numbers` are finite; if one is not, it is named in `dk_text`.
private func finite(_ numbers: [(name: String, value: Double)]) -> Bool {
    guard let message = TypedCommand.nonFiniteNumber(among: numbers) else { return true }
    _ = setText(message)
    return false
}

/// The member of the closed set `Value` (named `set` in dismisskit.d.ts) that the text at `name`
/// names, or nil with the refusal in `dk_text`.
private func member<Value: RawRepresentable & CaseIterable>(_ name: UnsafePointer<UInt8>?, _ length: Int32, named field: String,
                                                            of set: String) -> Value? where Value.RawValue == String {
    guard let text = string(name, length, named: field, limit: InputLimits.maximumLineLength) else { return nil }
    guard let value = Value(rawValue: text) else {
        let article = set.first.map { "AEIOU".contains($0) } == true ? "an" : "a"
        _ = setText("\(field): \"\(text)\" is not \(article) \(set) (\(Value.allCases.map { $0.rawValue }.joined(separator: ", ")))")
        return nil
    }
    return value
}

/// A detent by name ("medium" or "large"), or of `height` points when `name` is null; nil
/// with the refusal in `dk_text` when the name is neither.
private func detent(_ name: UnsafePointer<UInt8>?, _ length: Int32, _ height: Double, named field: String) -> Detent? {
    guard name != nil else { return .custom(height) }
    guard let text = string(name, length, named: field, limit: InputLimits.maximumLineLength) else { return nil }
    switch text {
    case "medium": return .medium
    case "large": return .large
    default:
        _ = setText("\(field): \"\(text)\" is not a detent (medium, large or a height in points)")
        return nil
    }
}

/// Where the pipeline of `handle` is in `pipelines`, if it is alive.
private func index(of handle: Int32) -> Int? {
    guard handle > 0, Int(handle) <= pipelines.count, pipelines[Int(handle) - 1] != nil else { return nil }
    return Int(handle) - 1
}

/// What `body` gives of the pipeline of `handle`, changed in place; nil when there is none.
private func withPipeline<Result>(_ handle: Int32, _ body: (inout HostedPipeline) -> Result) -> Result? {
    guard let index = index(of: handle) else { return nil }
    return body(&pipelines[index]!)
}

/// Puts `message` in `dk_text`; returns its length.
private func setText(_ message: String) -> Int32 {
    text.removeAll(keepingCapacity: true)
    text.append(contentsOf: message.utf8)
    return Int32(text.count)
}

/// The UTF-8 text of `length` bytes at `bytes`, or nil with the C library's message in `dk_text`.
private func string(_ bytes: UnsafePointer<UInt8>?, _ length: Int32, named name: String, limit: Int) -> String? {
    guard let bytes, length >= 0 else {
        _ = setText("\(name) is NULL")
        return nil
    }
    guard Int(length) <= limit else {
        _ = setText("\(name): the text is longer than \(limit) bytes")
        return nil
    }
    guard let value = String(validating: UnsafeBufferPointer(start: bytes, count: Int(length)), as: UTF8.self) else {
        _ = setText("\(name): the text is not valid UTF-8")
        return nil
    }
    return value
}
