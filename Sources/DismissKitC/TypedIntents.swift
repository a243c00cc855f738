import CDismissKit
import DismissKit
import Glibc

// Typed intents (dk_intent in dismisskit.h): the fields of an intent's JSON form, for hosts that
// would rather not parse JSON.

/// The strings of one typed intent, before they are copied for C.
struct TypedIntentFields {
    var presentation: String?
    var origin: String?
    var outcome: String?
    var detent: String?
    var cause: String?
    var source: String?
    var resolution: String?
    var reason: String?
    var json: String?
    var options: [String] = []

    /// The fields of `entry`, whose long presentation ids are in `names`.
    init(_ entry: HostedPipeline.Entry, names: PresentationNames, into intent: inout dk_intent) {
        switch entry {
        case .decision(let decision):
            intent.type = DK_INTENT_DECISION
            intent.time_us = decision.time
            presentation = decision.presentation.map { names.name(of: $0) }
            json = decision.jsonLine(names: names).text
        case .intent(let value):
            intent.time_us = value.time
            fill(value.kind, names: names, into: &intent)
        }
    }

    private mutating func fill(_ kind: Intent.Kind, names: PresentationNames, into intent: inout dk_intent) {
        func detentFields(_ value: Detent) {
            switch value {
            case .medium:
                detent = "medium"
                intent.detent_kind = DK_DETENT_MEDIUM
            case .large:
                detent = "large"
                intent.detent_kind = DK_DETENT_LARGE
            case .custom(let height):
                detent = "custom"
                intent.detent_kind = DK_DETENT_CUSTOM
                intent.detent_height = height
            }
        }
        switch kind {
        case .dragBegan(let id, let origin):
            intent.type = DK_INTENT_DRAG_BEGAN
            presentation = names.name(of: id)
            self.origin = origin.rawValue
            intent.drag_origin = origin.cValue
        case .dragChanged(let id, let offset, let velocity):
            intent.type = DK_INTENT_DRAG_CHANGED
            presentation = names.name(of: id)
            intent.offset = offset
            intent.velocity = velocity
        case .dragEnded(let id, let outcome, let detent):
            intent.type = DK_INTENT_DRAG_ENDED
            presentation = names.name(of: id)
            self.outcome = outcome.rawValue
            intent.drag_outcome = outcome.cValue
            detentFields(detent)
        case .dragHandedBack(let id):
            intent.type = DK_INTENT_DRAG_HANDED_BACK
            presentation = names.name(of: id)
        case .contentScrolled(let id, let offset):
            intent.type = DK_INTENT_CONTENT_SCROLLED
            presentation = names.name(of: id)
            intent.offset = offset
        case .setDetent(let id, let detent, let cause):
            intent.type = DK_INTENT_SET_DETENT
            presentation = names.name(of: id)
            detentFields(detent)
            self.cause = cause.rawValue
            intent.detent_cause = cause.cValue
        case .passthroughTap(let x, let y):
            intent.type = DK_INTENT_PASSTHROUGH_TAP
            intent.x = x
            intent.y = y
        case .confirmationRequested(let id, let source, let options):
            intent.type = DK_INTENT_CONFIRMATION_REQUESTED
            presentation = names.name(of: id)
            self.source = source.rawValue
            intent.dismissal_source = source.cValue
            self.options = options.map(\.rawValue)
            withUnsafeMutableBytes(of: &intent.choices) { choices in
                let slots = choices.bindMemory(to: dk_choice.self)
                for (index, option) in options.enumerated() { slots[index] = option.cValue }
            }
        case .save(let id):
            intent.type = DK_INTENT_SAVE
            presentation = names.name(of: id)
        case .dismiss(let id, let source, let resolution):
            intent.type = DK_INTENT_DISMISS
            presentation = names.name(of: id)
            self.source = source.rawValue
            intent.dismissal_source = source.cValue
            self.resolution = resolution.rawValue
            intent.dismiss_resolution = resolution.cValue
        case .cancelled(let id):
            intent.type = DK_INTENT_CANCELLED
            presentation = names.name(of: id)
        case .rejected(let id, let source, let reason):
            intent.type = DK_INTENT_REJECTED
            presentation = names.name(of: id)
            self.source = source.rawValue
            intent.dismissal_source = source.cValue
            self.reason = reason.text(names: names)
        }
    }
}

/// The C strings of the last typed intent, one after another in one malloc'd buffer that a
/// pipeline reuses (and grows) from one intent to the next.
final class TypedIntentText {
    private var buffer: UnsafeMutablePointer<CChar>?
    private var capacity = 0

    deinit { free(buffer) }

    /// Copies `fields`' strings into the buffer and points `intent`'s string fields at them.
    func store(_ fields: TypedIntentFields, into intent: inout dk_intent) {
        let texts = [fields.presentation, fields.origin, fields.outcome, fields.detent, fields.cause, fields.source,
                     fields.resolution, fields.reason, fields.json] + fields.options.map { Optional($0) }
        let size = texts.reduce(0) { $0 + ($1?.utf8.count ?? -1) + 1 }
        if size > capacity {
            guard let grown = realloc(buffer, size) else { return }
            buffer = grown.assumingMemoryBound(to: CChar.self)
            capacity = size
        }
        guard let buffer else { return }
        var end = 0
        let pointers: [UnsafePointer<CChar>?] = texts.map { text in
            guard let text else { return nil }
            let start = buffer + end
            for byte in text.utf8 {
                buffer[end] = CChar(bitPattern: byte)
                end += 1
            }
            buffer[end] = 0
            end += 1
            return UnsafePointer(start)
        }
        intent.presentation = pointers[0]
        intent.origin = pointers[1]
        intent.outcome = pointers[2]
        intent.detent = pointers[3]
        intent.cause = pointers[4]
        intent.source = pointers[5]
        intent.resolution = pointers[6]
        intent.reason = pointers[7]
        intent.json = pointers[8]
        intent.option_count = Int32(fields.options.count)
        withUnsafeMutableBytes(of: &intent.options) { options in
            let slots = options.bindMemory(to: UnsafePointer<CChar>?.self)
            for (index, pointer) in pointers.dropFirst(9).enumerated() { slots[index] = pointer }
        }
    }
}

@c @implementation
public func dk_pipeline_next_typed_intent(_ pipeline: OpaquePointer?, _ out: UnsafeMutablePointer<dk_intent>?) -> Int32 {
    guard let handle = PipelineHandle.from(pipeline), let out else { return -1 }
    guard let entry = handle.hosted.next() else { return 0 }
    var intent = dk_intent()
    handle.typedText.store(TypedIntentFields(entry, names: handle.hosted.pipeline.names, into: &intent), into: &intent)
    out.pointee = intent
    return 1
}

@c @implementation
public func dk_intent_type_name(_ type: dk_intent_type) -> UnsafePointer<CChar>? {
    // dk_intent_type lists Intent.TypeName's cases in order, then the decision line's type.
    let name: StaticString
    if let intentType = Intent.TypeName(rawValue: Int(type.rawValue)) {
        name = intentType.name
    } else if type == DK_INTENT_DECISION {
        name = GestureDecision.lineType
    } else {
        return nil
    }
    // A string literal is stored with a terminating NUL.
    return UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
}

// The core's names as dismisskit.h's enums.

extension DragOrigin {
    var cValue: dk_drag_origin {
        switch self {
        case .topRegion: DK_ORIGIN_TOP_REGION
        case .scrolledContent: DK_ORIGIN_SCROLLED_CONTENT
        case .grabber: DK_ORIGIN_GRABBER
        }
    }
}

extension DragOutcome {
    var cValue: dk_drag_outcome {
        switch self {
        case .dismissAttempt: DK_OUTCOME_DISMISS_ATTEMPT
        case .settle: DK_OUTCOME_SETTLE
        case .cancel: DK_OUTCOME_CANCEL
        }
    }
}

extension DetentCause {
    var cValue: dk_detent_cause {
        switch self {
        case .grabberTap: DK_CAUSE_GRABBER_TAP
        case .grabberDrag: DK_CAUSE_GRABBER_DRAG
        case .swipe: DK_CAUSE_SWIPE
        case .scrollExpand: DK_CAUSE_SCROLL_EXPAND
        case .accessibility: DK_CAUSE_ACCESSIBILITY
        }
    }
}

extension DismissalSource {
    var cValue: dk_dismissal_source {
        switch self {
        case .swipeFromTop: DK_SOURCE_SWIPE_FROM_TOP
        case .swipeScrolledContent: DK_SOURCE_SWIPE_SCROLLED_CONTENT
        case .grabberDrag: DK_SOURCE_GRABBER_DRAG
        case .tapOutside: DK_SOURCE_TAP_OUTSIDE
        case .escapeKey: DK_SOURCE_ESCAPE_KEY
        case .cancelButton: DK_SOURCE_CANCEL_BUTTON
        case .doneButton: DK_SOURCE_DONE_BUTTON
        case .accessibilityEscape: DK_SOURCE_ACCESSIBILITY_ESCAPE
        case .programmatic: DK_SOURCE_PROGRAMMATIC
        }
    }
}

extension DismissResolution {
    var cValue: dk_dismiss_resolution {
        switch self {
        case .direct: DK_RESOLUTION_DIRECT
        case .discarded: DK_RESOLUTION_DISCARDED
        case .saved: DK_RESOLUTION_SAVED
        case .autosaved: DK_RESOLUTION_AUTOSAVED
        }
    }
}

extension ConfirmationChoice {
    var cValue: dk_choice {
        switch self {
        case .discard: DK_CHOICE_DISCARD
        case .save: DK_CHOICE_SAVE
        case .keepEditing: DK_CHOICE_KEEP_EDITING
        }
    }
}
