import CDismissKit
import DismissKit
import Glibc

// A presentation's fields without JSON (dk_presentation_fields in dismisskit.h): the host sets
// them one call at a time into a ``PresentationFields``; dk_pipeline_present and
// dk_pipeline_update give them to the pipeline as the command ``TypedCommand`` writes.

/// What a `dk_presentation_fields *` points to: the fields, shared with the WebAssembly module.
enum PresentationFieldsPointer {
    /// The fields behind a `dk_presentation_fields *`, or nil for NULL.
    static func from(_ pointer: OpaquePointer?) -> UnsafeMutablePointer<PresentationFields>? {
        pointer.map { UnsafeMutablePointer<PresentationFields>($0) }
    }
}

@c @implementation
public func dk_presentation_fields_new() -> OpaquePointer? {
    let fields = UnsafeMutablePointer<PresentationFields>.allocate(capacity: 1)
    fields.initialize(to: PresentationFields())
    return OpaquePointer(fields)
}

@c @implementation
public func dk_presentation_fields_free(_ fields: OpaquePointer?) {
    guard let pointee = PresentationFieldsPointer.from(fields) else { return }
    pointee.deinitialize(count: 1)
    pointee.deallocate()
}

/// Changes the fields behind `pointer`; nothing for NULL.
private func change(_ pointer: OpaquePointer?, _ body: (inout PresentationFields) -> Void) {
    guard let fields = PresentationFieldsPointer.from(pointer) else { return }
    body(&fields.pointee)
}

@c @implementation
public func dk_presentation_fields_set_style(_ fields: OpaquePointer?, _ style: dk_presentation_style) {
    change(fields) { fields in
        guard let value = PresentationStyle(style) else {
            fields.refuse("style: \(Int32(bitPattern: style.rawValue)) is not a dk_presentation_style of dismisskit.h")
            return
        }
        fields.setStyle(value)
    }
}

/// The detent a `dk_detent_kind` and height name, or nil (with the problem kept) for a kind
/// outside the enum.
private func detent(_ kind: dk_detent_kind, _ height: Double, in fields: inout PresentationFields) -> Detent? {
    switch kind {
    case DK_DETENT_MEDIUM: return .medium
    case DK_DETENT_LARGE: return .large
    case DK_DETENT_CUSTOM: return .custom(height)
    default:
        fields.refuse("kind: \(Int32(bitPattern: kind.rawValue)) is not a dk_detent_kind of dismisskit.h")
        return nil
    }
}

@c @implementation
public func dk_presentation_fields_add_detent(_ fields: OpaquePointer?, _ kind: dk_detent_kind, _ height: Double) {
    change(fields) { fields in
        guard let value = detent(kind, height, in: &fields) else { return }
        fields.addDetent(value, named: "height")
    }
}

@c @implementation
public func dk_presentation_fields_set_selected_detent(_ fields: OpaquePointer?, _ kind: dk_detent_kind, _ height: Double) {
    change(fields) { fields in
        guard let value = detent(kind, height, in: &fields) else { return }
        fields.setSelectedDetent(value, named: "height")
    }
}

@c @implementation
public func dk_presentation_fields_set_grabber(_ fields: OpaquePointer?, _ grabber: Int32) {
    change(fields) { $0.setGrabber(grabber != 0) }
}

@c @implementation
public func dk_presentation_fields_set_header_height(_ fields: OpaquePointer?, _ height: Double) {
    change(fields) { $0.setHeaderHeight(height, named: "height") }
}

@c @implementation
public func dk_presentation_fields_set_content_offset(_ fields: OpaquePointer?, _ offset: Double) {
    change(fields) { $0.setContentOffset(offset, named: "offset") }
}

@c @implementation
public func dk_presentation_fields_set_modal(_ fields: OpaquePointer?, _ modal: Int32) {
    change(fields) { $0.setModal(modal != 0) }
}

@c @implementation
public func dk_presentation_fields_set_unsaved_changes(_ fields: OpaquePointer?, _ unsaved: Int32) {
    change(fields) { $0.setUnsavedChanges(unsaved != 0) }
}

@c @implementation
public func dk_presentation_fields_set_dismissible(_ fields: OpaquePointer?, _ dismissible: Int32) {
    change(fields) { $0.setDismissible(dismissible != 0) }
}

@c @implementation
public func dk_presentation_fields_set_tap_outside(_ fields: OpaquePointer?, _ action: dk_tap_outside) {
    change(fields) { fields in
        guard let value = TapOutsideAction(action) else {
            fields.refuse("action: \(Int32(bitPattern: action.rawValue)) is not a dk_tap_outside of dismisskit.h")
            return
        }
        fields.setTapOutside(value)
    }
}

@c @implementation
public func dk_presentation_fields_remove_tap_outside(_ fields: OpaquePointer?) {
    change(fields) { $0.setTapOutside(nil) }
}

@c @implementation
public func dk_presentation_fields_set_frame(_ fields: OpaquePointer?, _ x: Double, _ y: Double, _ width: Double, _ height: Double) {
    change(fields) { $0.setRectangle("frame", .init(x: x, y: y, width: width, height: height), named: "") }
}

@c @implementation
public func dk_presentation_fields_remove_frame(_ fields: OpaquePointer?) {
    change(fields) { $0.setRectangle("frame", nil, named: "") }
}

@c @implementation
public func dk_presentation_fields_set_anchor(_ fields: OpaquePointer?, _ x: Double, _ y: Double, _ width: Double, _ height: Double) {
    change(fields) { $0.setRectangle("anchor", .init(x: x, y: y, width: width, height: height), named: "") }
}

@c @implementation
public func dk_presentation_fields_remove_anchor(_ fields: OpaquePointer?) {
    change(fields) { $0.setRectangle("anchor", nil, named: "") }
}

@c @implementation
public func dk_presentation_fields_add_passthrough(_ fields: OpaquePointer?, _ x: Double, _ y: Double, _ width: Double,
                                                  _ height: Double) {
    change(fields) { $0.addPassthrough(.init(x: x, y: y, width: width, height: height), named: "") }
}

@c @implementation
public func dk_presentation_fields_clear_passthrough(_ fields: OpaquePointer?) {
    change(fields) { $0.clearPassthrough() }
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
    guard let fields = PresentationFieldsPointer.from(pointer) else {
        report("fields is NULL", to: errorOut)
        return nil
    }
    if let problem = fields.pointee.problem {
        report(problem, to: errorOut)
        return nil
    }
    return fields.pointee
}

@c @implementation
public func dk_pipeline_present(
    _ pipeline: OpaquePointer?, _ presentation: UnsafePointer<CChar>?, _ fields: OpaquePointer?, _ time: Int64,
    _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    guard let given = givenFields(fields, pipeline, errorOut: errorOut) else { return -1 }
    return typedCommand(pipeline, presentation: presentation, time: time, errorOut: errorOut) { TypedCommand.present($0, given) }
}

@c @implementation
public func dk_pipeline_update(
    _ pipeline: OpaquePointer?, _ presentation: UnsafePointer<CChar>?, _ fields: OpaquePointer?, _ time: Int64,
    _ errorOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    guard let given = givenFields(fields, pipeline, errorOut: errorOut) else { return -1 }
    return typedCommand(pipeline, presentation: presentation, time: time, errorOut: errorOut) { TypedCommand.update($0, given) }
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
