import DismissKitCore

extension Intent {
    /// The intent as one output line (``writeFields(to:explain:)``'s fields); `names` are its
    /// pipeline's (``DismissalPipeline/names``).
    public func jsonLine(explain: Bool, names: PresentationNames) -> JSONLine {
        var fields = JSONLineFields(names: names)
        writeFields(to: &fields, explain: explain)
        return fields.line
    }
}

/// ``IntentFieldWriter`` into a ``JSONLine``, with one level of nested object.
private struct JSONLineFields: IntentFieldWriter {
    let names: PresentationNames
    var line = JSONLine()
    /// The line and key an open object goes back to.
    private var outer: (line: JSONLine, key: String)?

    init(names: PresentationNames) {
        self.names = names
    }

    mutating func integer(_ key: StaticString, _ value: Int64) { line.set(key.description, .integer(value)) }
    mutating func number(_ key: StaticString, _ value: Double) { line.set(key.description, .number(value)) }
    mutating func name(_ key: StaticString, _ value: StaticString) { line.set(key.description, .string(value.description)) }
    mutating func name(_ key: StaticString, _ value: String) { line.set(key.description, .string(value)) }
    mutating func text(_ key: StaticString, _ value: String) { line.set(key.description, .string(value)) }
    mutating func presentation(_ key: StaticString, _ id: PresentationID) { line.set(key.description, .string(names.name(of: id))) }
    mutating func reason(_ key: StaticString, _ reason: RejectionReason) { line.set(key.description, .string(reason.text(names: names))) }

    mutating func options(_ key: StaticString, _ options: ConfirmationOptions) {
        line.set(key.description, .strings(options.map { $0.rawValue }))
    }

    mutating func beginObject(_ key: StaticString) {
        outer = (line, key.description)
        line = JSONLine()
    }

    mutating func endObject() {
        guard let (outerLine, key) = outer else { return }
        let object = line
        line = outerLine
        line.set(key, .object(object))
        outer = nil
    }
}
