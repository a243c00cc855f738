import CDismissKit
import DismissKit
import Glibc

// Typed intents (dk_intent in dismisskit.h): the fields of an intent's JSON form, for hosts that
// would rather not parse JSON.

/// The C strings of the last typed intent that are not names of a closed set (those are
/// ``CNames``): its presentation's id, a rejection's reason and a decision's JSON, one after
/// another in one malloc'd buffer that a pipeline reuses (and grows) from one intent to the next,
/// and frees with it (``free()``). The presentation's id stays at the buffer's start while the
/// intents are about the same presentation; the other strings are written after it, as offsets
/// (the buffer may move as it grows) made pointers once all are in.
struct TypedIntentText {
    private var buffer: UnsafeMutablePointer<CChar>?
    private var capacity = 0
    private var count = 0
    /// The presentation whose id is at the buffer's start, and the bytes it takes there.
    private var presentation: PresentationID?
    private var presentationSize = 0

    /// Fills `intent` with `entry`, whose long presentation ids are in `names` (asked for only
    /// when a long id or a text naming presentations is written): its numbers, its enums and
    /// their names, and its other strings copied into the buffer.
    mutating func fill(_ intent: inout dk_intent, with entry: HostedPipeline.Entry, names: () -> PresentationNames) {
        switch entry {
        case .intent(let value):
            intent.time_us = value.time
            guard let id = Self.fill(&intent, with: value.kind) else { return }
            keep(id, names: names)
            count = presentationSize
            if case .rejected(_, _, let why) = value.kind {
                let offset = add(why.text(names: names()))
                intent.reason = UnsafePointer(buffer! + offset)
            }
        case .decision(let decision):
            intent.type = DK_INTENT_DECISION
            intent.time_us = decision.time
            if let id = decision.presentation { keep(id, names: names) }
            count = presentationSize
            let offset = add(decision.jsonLine(names: names()).text)
            intent.json = UnsafePointer(buffer! + offset)
            guard decision.presentation != nil else { return }
        }
        intent.presentation = UnsafePointer(buffer)
    }

    /// Fills the numbers, enums and names of an intent of `kind`; returns the presentation it is
    /// about.
    private static func fill(_ intent: inout dk_intent, with kind: Intent.Kind) -> PresentationID? {
        func detentFields(_ value: Detent) {
            intent.detent_kind = value.cValue
            intent.detent = detentNames[value.cValue.rawValue]
            if case .custom(let height) = value { intent.detent_height = height }
        }
        switch kind {
        case .dragBegan(let id, let origin):
            intent.type = DK_INTENT_DRAG_BEGAN
            intent.drag_origin = origin.cValue
            intent.origin = originNames[origin.cValue.rawValue]
            return id
        case .dragChanged(let id, let offset, let velocity):
            intent.type = DK_INTENT_DRAG_CHANGED
            intent.offset = offset
            intent.velocity = velocity
            return id
        case .dragEnded(let id, let outcome, let detent):
            intent.type = DK_INTENT_DRAG_ENDED
            intent.drag_outcome = outcome.cValue
            intent.outcome = outcomeNames[outcome.cValue.rawValue]
            detentFields(detent)
            return id
        case .dragHandedBack(let id):
            intent.type = DK_INTENT_DRAG_HANDED_BACK
            return id
        case .contentScrolled(let id, let offset):
            intent.type = DK_INTENT_CONTENT_SCROLLED
            intent.offset = offset
            return id
        case .setDetent(let id, let detent, let cause):
            intent.type = DK_INTENT_SET_DETENT
            detentFields(detent)
            intent.detent_cause = cause.cValue
            intent.cause = causeNames[cause.cValue.rawValue]
            return id
        case .passthroughTap(let x, let y):
            intent.type = DK_INTENT_PASSTHROUGH_TAP
            intent.x = x
            intent.y = y
            return nil
        case .confirmationRequested(let id, let source, let options):
            intent.type = DK_INTENT_CONFIRMATION_REQUESTED
            intent.dismissal_source = source.cValue
            intent.source = sourceNames[source.cValue.rawValue]
            intent.option_count = Int32(options.count)
            withUnsafeMutableBytes(of: &intent.choices) { choices in
                let slots = choices.bindMemory(to: dk_choice.self)
                for (index, option) in options.enumerated() { slots[index] = option.cValue }
            }
            withUnsafeMutableBytes(of: &intent.options) { names in
                let slots = names.bindMemory(to: UnsafePointer<CChar>?.self)
                for (index, option) in options.enumerated() { slots[index] = choiceNames[option.cValue.rawValue] }
            }
            return id
        case .save(let id):
            intent.type = DK_INTENT_SAVE
            return id
        case .dismiss(let id, let source, let resolution):
            intent.type = DK_INTENT_DISMISS
            intent.dismissal_source = source.cValue
            intent.source = sourceNames[source.cValue.rawValue]
            intent.dismiss_resolution = resolution.cValue
            intent.resolution = resolutionNames[resolution.cValue.rawValue]
            return id
        case .cancelled(let id):
            intent.type = DK_INTENT_CANCELLED
            return id
        case .rejected(let id, let source, _):
            intent.type = DK_INTENT_REJECTED
            intent.dismissal_source = source.cValue
            intent.source = sourceNames[source.cValue.rawValue]
            return id
        case .hideKeyboard(let id, let reason):
            intent.type = DK_INTENT_HIDE_KEYBOARD
            intent.keyboard_hiding_reason = reason.cValue
            intent.reason = keyboardHidingNames[reason.cValue.rawValue]
            return id
        case .idleWarning(let deadline, let remaining, _):
            intent.type = DK_INTENT_IDLE_WARNING
            intent.deadline_us = deadline
            intent.remaining_us = remaining
            return nil
        case .idleCancelled:
            intent.type = DK_INTENT_IDLE_CANCELLED
            return nil
        case .idleReset:
            intent.type = DK_INTENT_IDLE_RESET
            return nil
        }
    }

    /// Puts the id of `id` at the buffer's start, unless it is there already.
    private mutating func keep(_ id: PresentationID, names: () -> PresentationNames) {
        guard id != presentation else { return }
        count = 0
        if id.withInlineUTF8({ add(bytes: $0) }) == nil {
            _ = add(names().name(of: id))
        }
        presentation = id
        presentationSize = count
    }

    /// Adds `text` and a terminating NUL; returns where they begin.
    private mutating func add(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { add(bytes: $0) }
    }

    /// Adds `bytes` and a terminating NUL; returns where they begin.
    private mutating func add(bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let start = reserve(bytes.count + 1)
        if let base = bytes.baseAddress { memcpy(buffer! + start, base, bytes.count) }
        buffer![start + bytes.count] = 0
        return start
    }

    /// Makes room for `size` more bytes; returns where they begin.
    private mutating func reserve(_ size: Int) -> Int {
        if count + size > capacity {
            let grown = max(capacity * 2, count + size, 256)
            // As Swift's own allocations do, running out of memory stops the program.
            guard let memory = realloc(buffer, grown) else { fatalError("out of memory for a typed intent's strings") }
            buffer = memory.assumingMemoryBound(to: CChar.self)
            capacity = grown
        }
        count += size
        return count - size
    }

    /// Frees the buffer, as the pipeline is freed.
    mutating func free() {
        Glibc.free(buffer)
        self = TypedIntentText()
    }
}

/// Each name of a closed set as a C string, by its number in dismisskit.h's enum: made once,
/// from the core's own names, and never freed. The typed intents' name fields point at them.
struct CNames: @unchecked Sendable {
    private let strings: [UnsafePointer<CChar>]

    init<Value: CaseIterable & RawRepresentable>(_ type: Value.Type, number: (Value) -> UInt32) where Value.RawValue == String {
        var strings = [UnsafePointer<CChar>?](repeating: nil, count: Value.allCases.count)
        for value in Value.allCases { strings[Int(number(value))] = UnsafePointer(strdup(value.rawValue)) }
        self.strings = strings.map { $0! }
    }

    init(_ names: [String]) {
        strings = names.map { UnsafePointer(strdup($0)!) }
    }

    subscript(number: UInt32) -> UnsafePointer<CChar> { strings[Int(number)] }
}

private let originNames = CNames(DragOrigin.self) { $0.cValue.rawValue }
private let outcomeNames = CNames(DragOutcome.self) { $0.cValue.rawValue }
private let causeNames = CNames(DetentCause.self) { $0.cValue.rawValue }
private let sourceNames = CNames(DismissalSource.self) { $0.cValue.rawValue }
private let resolutionNames = CNames(DismissResolution.self) { $0.cValue.rawValue }
private let choiceNames = CNames(ConfirmationChoice.self) { $0.cValue.rawValue }
private let keyboardHidingNames = CNames(KeyboardHidingReason.self) { $0.cValue.rawValue }
/// A detent's kind, as its JSON form names it.
private let detentNames = CNames(["medium", "large", "custom"])

@c @implementation
public func dk_pipeline_next_typed_intent(_ pipeline: OpaquePointer?, _ out: UnsafeMutablePointer<dk_intent>?) -> Int32 {
    guard let state = PipelineState.from(pipeline), let out else { return -1 }
    guard let entry = state.pointee.hosted.next() else { return 0 }
    out.pointee = dk_intent()
    state.pointee.typedText.fill(&out.pointee, with: entry, names: { state.pointee.hosted.pipeline.names })
    return 1
}

@c @implementation
public func dk_intent_type_name(_ type: dk_intent_type) -> UnsafePointer<CChar>? {
    // dk_intent_type numbers Intent.TypeName's cases as their raw values, and the decision line's
    // type between the first twelve and hideKeyboard. The
    // enum's bits are read as the C int they are: a negative one is no type, and the number fits
    // an Int where it is 32 bits too.
    let name: StaticString
    if let intentType = Intent.TypeName(rawValue: Int(Int32(bitPattern: type.rawValue))) {
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

extension Detent {
    var cValue: dk_detent_kind {
        switch self {
        case .medium: DK_DETENT_MEDIUM
        case .large: DK_DETENT_LARGE
        case .custom: DK_DETENT_CUSTOM
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
        case .keyboard: DK_CAUSE_KEYBOARD
        }
    }
}

extension KeyboardHidingReason {
    var cValue: dk_keyboard_hiding_reason {
        switch self {
        case .drag: DK_KEYBOARD_HIDING_DRAG
        case .question: DK_KEYBOARD_HIDING_QUESTION
        case .escapeKey: DK_KEYBOARD_HIDING_ESCAPE_KEY
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
        case .idle: DK_SOURCE_IDLE
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
