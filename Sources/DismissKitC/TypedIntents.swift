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

    init(_ entry: HostedPipeline.Entry, into intent: inout dk_intent) {
        switch entry {
        case .decision(let decision):
            intent.type = DK_INTENT_DECISION
            intent.time_us = decision.time
            presentation = decision.presentation?.name
            json = decision.jsonLine.text
        case .intent(let value):
            intent.time_us = value.time
            fill(value.kind, into: &intent)
        }
    }

    private mutating func fill(_ kind: Intent.Kind, into intent: inout dk_intent) {
        func detentFields(_ value: Detent) {
            switch value {
            case .medium: detent = "medium"
            case .large: detent = "large"
            case .custom(let height):
                detent = "custom"
                intent.detent_height = height
            }
        }
        switch kind {
        case .dragBegan(let id, let origin):
            intent.type = DK_INTENT_DRAG_BEGAN
            presentation = id.name
            self.origin = origin.rawValue
        case .dragChanged(let id, let offset, let velocity):
            intent.type = DK_INTENT_DRAG_CHANGED
            presentation = id.name
            intent.offset = offset
            intent.velocity = velocity
        case .dragEnded(let id, let outcome, let detent):
            intent.type = DK_INTENT_DRAG_ENDED
            presentation = id.name
            self.outcome = outcome.rawValue
            detentFields(detent)
        case .dragHandedBack(let id):
            intent.type = DK_INTENT_DRAG_HANDED_BACK
            presentation = id.name
        case .contentScrolled(let id, let offset):
            intent.type = DK_INTENT_CONTENT_SCROLLED
            presentation = id.name
            intent.offset = offset
        case .setDetent(let id, let detent, let cause):
            intent.type = DK_INTENT_SET_DETENT
            presentation = id.name
            detentFields(detent)
            self.cause = cause.rawValue
        case .passthroughTap(let x, let y):
            intent.type = DK_INTENT_PASSTHROUGH_TAP
            intent.x = x
            intent.y = y
        case .confirmationRequested(let id, let source, let options):
            intent.type = DK_INTENT_CONFIRMATION_REQUESTED
            presentation = id.name
            self.source = source.rawValue
            self.options = options.map(\.rawValue)
        case .save(let id):
            intent.type = DK_INTENT_SAVE
            presentation = id.name
        case .dismiss(let id, let source, let resolution):
            intent.type = DK_INTENT_DISMISS
            presentation = id.name
            self.source = source.rawValue
            self.resolution = resolution.rawValue
        case .cancelled(let id):
            intent.type = DK_INTENT_CANCELLED
            presentation = id.name
        case .rejected(let id, let source, let reason):
            intent.type = DK_INTENT_REJECTED
            presentation = id.name
            self.source = source.rawValue
            self.reason = reason.description
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
    handle.typedText.store(TypedIntentFields(entry, into: &intent), into: &intent)
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
