import CDismissKit
import DismissKit
import Glibc

// A presentation's fields without JSON (dk_presentation_fields in dismisskit.h): the host sets
// them one call at a time; dk_pipeline_present and dk_pipeline_update give them to the pipeline
// as the scene's JSON, written by the wire codec.

/// The fields set so far, as the scene file's keys and values, and the first argument the
/// library could not take, which the command they are given to refuses.
struct PresentationFields {
    private(set) var fields: [(key: String, value: JSONLine.Value)] = []
    /// Why the fields cannot be given: the first value that JSON cannot carry or that is outside
    /// its enum, said as the caller passed it.
    private(set) var problem: String?

    /// Sets `key`, replacing what it held.
    mutating func set(_ key: String, _ value: JSONLine.Value) {
        if let index = fields.firstIndex(where: { $0.key == key }) {
            fields[index].value = value
        } else {
            fields.append((key, value))
        }
    }

    /// Appends `value` to the list `key`; the first call (`started` false) starts the list anew.
    mutating func append(_ value: JSONLine.Value, toList key: String, started: inout Bool) {
        var values: [JSONLine.Value] = []
        if started, let index = fields.firstIndex(where: { $0.key == key }), case .array(let current) = fields[index].value {
            values = current
        }
        started = true
        set(key, .array(values + [value]))
    }

    /// Keeps the first problem: the one a caller fixes first.
    mutating func refuse(_ message: String) {
        if problem == nil { problem = message }
    }

    /// Whether `numbers` are all finite; the first that is not becomes the problem.
    mutating func finite(_ numbers: [(name: String, value: Double)]) -> Bool {
        guard let message = nonFiniteNumber(among: numbers) else { return true }
        refuse(message)
        return false
    }

    /// The fields as one JSON object.
    var object: JSONLine {
        var object = JSONLine()
        for (key, value) in fields { object.set(key, value) }
        return object
    }
}

/// The fields and which of their lists a call has started since they were made.
struct PresentationFieldsState {
    var fields = PresentationFields()
    var detentsStarted = false
    var passthroughStarted = false

    /// The state behind a `dk_presentation_fields *`, or nil for NULL.
    static func from(_ pointer: OpaquePointer?) -> UnsafeMutablePointer<PresentationFieldsState>? {
        pointer.map { UnsafeMutablePointer<PresentationFieldsState>($0) }
    }
}

@c @implementation
public func dk_presentation_fields_new() -> OpaquePointer? {
    let state = UnsafeMutablePointer<PresentationFieldsState>.allocate(capacity: 1)
    state.initialize(to: PresentationFieldsState())
    return OpaquePointer(state)
}

@c @implementation
public func dk_presentation_fields_free(_ fields: OpaquePointer?) {
    guard let state = PresentationFieldsState.from(fields) else { return }
    state.deinitialize(count: 1)
    state.deallocate()
}

/// Changes the fields behind `pointer`; nothing for NULL.
private func change(_ pointer: OpaquePointer?, _ body: (inout PresentationFieldsState) -> Void) {
    guard let state = PresentationFieldsState.from(pointer) else { return }
    body(&state.pointee)
}

@c @implementation
public func dk_presentation_fields_set_style(_ fields: OpaquePointer?, _ style: dk_presentation_style) {
    change(fields) { state in
        guard let value = PresentationStyle(style) else {
            state.fields.refuse("style: \(Int32(bitPattern: style.rawValue)) is not a dk_presentation_style of dismisskit.h")
            return
        }
        state.fields.set("style", .string(value.rawValue))
    }
}

/// A detent as the scene spells it, or nil (with the problem kept) when the caller's kind or
/// height cannot be one.
private func detent(_ kind: dk_detent_kind, _ height: Double, in fields: inout PresentationFields) -> JSONLine.Value? {
    switch kind {
    case DK_DETENT_MEDIUM: return .string("medium")
    case DK_DETENT_LARGE: return .string("large")
    case DK_DETENT_CUSTOM: return fields.finite([("height", height)]) ? .exactNumber(height) : nil
    default:
        fields.refuse("kind: \(Int32(bitPattern: kind.rawValue)) is not a dk_detent_kind of dismisskit.h")
        return nil
    }
}

@c @implementation
public func dk_presentation_fields_add_detent(_ fields: OpaquePointer?, _ kind: dk_detent_kind, _ height: Double) {
    change(fields) { state in
        guard let value = detent(kind, height, in: &state.fields) else { return }
        state.fields.append(value, toList: "detents", started: &state.detentsStarted)
    }
}

@c @implementation
public func dk_presentation_fields_set_selected_detent(_ fields: OpaquePointer?, _ kind: dk_detent_kind, _ height: Double) {
    change(fields) { state in
        guard let value = detent(kind, height, in: &state.fields) else { return }
        state.fields.set("selectedDetent", value)
    }
}

@c @implementation
public func dk_presentation_fields_set_grabber(_ fields: OpaquePointer?, _ grabber: Int32) {
    change(fields) { $0.fields.set("grabber", .bool(grabber != 0)) }
}

@c @implementation
public func dk_presentation_fields_set_header_height(_ fields: OpaquePointer?, _ height: Double) {
    change(fields) { state in
        guard state.fields.finite([("height", height)]) else { return }
        state.fields.set("headerHeight", .exactNumber(height))
    }
}

@c @implementation
public func dk_presentation_fields_set_content_offset(_ fields: OpaquePointer?, _ offset: Double) {
    change(fields) { state in
        guard state.fields.finite([("offset", offset)]) else { return }
        var content = JSONLine()
        content.set("offset", .exactNumber(offset))
        state.fields.set("content", .object(content))
    }
}

@c @implementation
public func dk_presentation_fields_set_modal(_ fields: OpaquePointer?, _ modal: Int32) {
    change(fields) { $0.fields.set("modal", .bool(modal != 0)) }
}

@c @implementation
public func dk_presentation_fields_set_unsaved_changes(_ fields: OpaquePointer?, _ unsaved: Int32) {
    change(fields) { $0.fields.set("unsavedChanges", .bool(unsaved != 0)) }
}

@c @implementation
public func dk_presentation_fields_set_dismissible(_ fields: OpaquePointer?, _ dismissible: Int32) {
    change(fields) { $0.fields.set("dismissible", .bool(dismissible != 0)) }
}

@c @implementation
public func dk_presentation_fields_set_tap_outside(_ fields: OpaquePointer?, _ action: dk_tap_outside) {
    change(fields) { state in
        guard let value = TapOutsideAction(action) else {
            state.fields.refuse("action: \(Int32(bitPattern: action.rawValue)) is not a dk_tap_outside of dismisskit.h")
            return
        }
        state.fields.set("tapOutside", .string(value.rawValue))
    }
}

@c @implementation
public func dk_presentation_fields_remove_tap_outside(_ fields: OpaquePointer?) {
    change(fields) { $0.fields.set("tapOutside", .null) }
}

/// A rectangle as the scene spells it, or nil (with the problem kept) when a number is not finite.
private func rectangle(_ x: Double, _ y: Double, _ width: Double, _ height: Double,
                       in fields: inout PresentationFields) -> JSONLine.Value? {
    guard fields.finite([("x", x), ("y", y), ("width", width), ("height", height)]) else { return nil }
    var rectangle = JSONLine()
    rectangle.set("x", .exactNumber(x))
    rectangle.set("y", .exactNumber(y))
    rectangle.set("width", .exactNumber(width))
    rectangle.set("height", .exactNumber(height))
    return .object(rectangle)
}

@c @implementation
public func dk_presentation_fields_set_frame(_ fields: OpaquePointer?, _ x: Double, _ y: Double, _ width: Double, _ height: Double) {
    change(fields) { state in
        guard let value = rectangle(x, y, width, height, in: &state.fields) else { return }
        state.fields.set("frame", value)
    }
}

@c @implementation
public func dk_presentation_fields_remove_frame(_ fields: OpaquePointer?) {
    change(fields) { $0.fields.set("frame", .null) }
}

@c @implementation
public func dk_presentation_fields_set_anchor(_ fields: OpaquePointer?, _ x: Double, _ y: Double, _ width: Double, _ height: Double) {
    change(fields) { state in
        guard let value = rectangle(x, y, width, height, in: &state.fields) else { return }
        state.fields.set("anchor", value)
    }
}

@c @implementation
public func dk_presentation_fields_remove_anchor(_ fields: OpaquePointer?) {
    change(fields) { $0.fields.set("anchor", .null) }
}

@c @implementation
public func dk_presentation_fields_add_passthrough(_ fields: OpaquePointer?, _ x: Double, _ y: Double, _ width: Double,
                                                  _ height: Double) {
    change(fields) { state in
        guard let value = rectangle(x, y, width, height, in: &state.fields) else { return }
        state.fields.append(value, toList: "passthrough", started: &state.passthroughStarted)
    }
}

@c @implementation
public func dk_presentation_fields_clear_passthrough(_ fields: OpaquePointer?) {
    change(fields) { state in
        state.fields.set("passthrough", .array([]))
        state.passthroughStarted = true
    }
}

/// The fields a present or update command is given, or nil with `*errorOut` set when they are
/// NULL or hold a value the library could not take.
private func givenFields(_ pointer: OpaquePointer?, _ pipeline: OpaquePointer?,
                         errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> PresentationFields? {
    errorOut?.pointee = nil
    guard PipelineState.from(pipeline) != nil else {
        report("pipeline is NULL", to: errorOut)
        return nil
    }
    guard let state = PresentationFieldsState.from(pointer) else {
        report("fields is NULL", to: errorOut)
        return nil
    }
    if let problem = state.pointee.fields.problem {
        report(problem, to: errorOut)
        return nil
    }
    return state.pointee.fields
}

@c @implementation
public func dk_pipeline_present(
    _ pipeline: OpaquePointer?, _ presentation: UnsafePointer<CChar>?, _ fields: OpaquePointer?, _ time: Int64,
    _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    guard let given = givenFields(fields, pipeline, errorOut: errorOut) else { return -1 }
    return typedCommand(pipeline, type: "present", presentation: presentation, presentationFields: given.object, [],
                        time: time, errorOut: errorOut)
}

@c @implementation
public func dk_pipeline_update(
    _ pipeline: OpaquePointer?, _ presentation: UnsafePointer<CChar>?, _ fields: OpaquePointer?, _ time: Int64,
    _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    guard let given = givenFields(fields, pipeline, errorOut: errorOut) else { return -1 }
    return typedCommand(pipeline, type: "update", presentation: presentation, given.fields.map { ($0.key, $0.value) },
                        time: time, errorOut: errorOut)
}

extension PresentationStyle {
    /// The style a `dk_presentation_style` names, or nil for a value outside the enum.
    init?(_ style: dk_presentation_style) {
        switch style {
        case DK_STYLE_SHEET: self = .sheet
        case DK_STYLE_PAGE_SHEET: self = .pageSheet
        case DK_STYLE_FORM_SHEET: self = .formSheet
        case DK_STYLE_AUTOMATIC: self = .automatic
        case DK_STYLE_POPOVER: self = .popover
        case DK_STYLE_FULL_SCREEN: self = .fullScreen
        case DK_STYLE_CURRENT_CONTEXT: self = .currentContext
        case DK_STYLE_ALERT: self = .alert
        default: return nil
        }
    }
}

extension TapOutsideAction {
    /// The action a `dk_tap_outside` names, or nil for a value outside the enum.
    init?(_ action: dk_tap_outside) {
        switch action {
        case DK_TAP_OUTSIDE_DISMISS: self = .dismiss
        case DK_TAP_OUTSIDE_IGNORE: self = .ignore
        case DK_TAP_OUTSIDE_PASSTHROUGH: self = .passthrough
        default: return nil
        }
    }
}
