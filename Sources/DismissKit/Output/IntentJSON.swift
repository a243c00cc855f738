extension Intent {
    /// The intent as one output line (SPEC section 6): `type`, `time` and the type's fields,
    /// plus, when `explain` is set, an `explain` object: the figures behind a release (when the
    /// intent has an ``Intent/explanation``), the policy's rule behind a rejection.
    public func jsonLine(explain: Bool) -> JSONLine {
        var line = JSONLine()
        line.set("time", .integer(time))
        switch kind {
        case .dragBegan(let presentation, let origin):
            line.set("type", .string("dragBegan"))
            line.set("presentation", .string(presentation.name))
            line.set("origin", .string(origin.rawValue))
        case .dragChanged(let presentation, let offset, let velocity):
            line.set("type", .string("dragChanged"))
            line.set("presentation", .string(presentation.name))
            line.set("offset", .number(offset))
            line.set("velocity", .number(velocity))
        case .dragEnded(let presentation, let outcome, let detent):
            line.set("type", .string("dragEnded"))
            line.set("presentation", .string(presentation.name))
            line.set("outcome", .string(outcome.rawValue))
            line.set("detent", detent.jsonValue)
        case .setDetent(let presentation, let detent, let cause):
            line.set("type", .string("setDetent"))
            line.set("presentation", .string(presentation.name))
            line.set("detent", detent.jsonValue)
            line.set("cause", .string(cause.rawValue))
        case .passthroughTap(let x, let y):
            line.set("type", .string("passthroughTap"))
            line.set("x", .number(x))
            line.set("y", .number(y))
        case .confirmationRequested(let presentation, let source, let options):
            line.set("type", .string("confirmationRequested"))
            line.set("presentation", .string(presentation.name))
            line.set("source", .string(source.rawValue))
            line.set("options", .strings(options.map(\.rawValue)))
        case .save(let presentation):
            line.set("type", .string("save"))
            line.set("presentation", .string(presentation.name))
        case .dismiss(let presentation, let source, let resolution):
            line.set("type", .string("dismiss"))
            line.set("presentation", .string(presentation.name))
            line.set("source", .string(source.rawValue))
            line.set("resolution", .string(resolution.rawValue))
        case .cancelled(let presentation):
            line.set("type", .string("cancelled"))
            line.set("presentation", .string(presentation.name))
        case .dragHandedBack(let presentation):
            line.set("type", .string("dragHandedBack"))
            line.set("presentation", .string(presentation.name))
        case .contentScrolled(let presentation, let offset):
            line.set("type", .string("contentScrolled"))
            line.set("presentation", .string(presentation.name))
            line.set("offset", .number(offset))
        case .rejected(let presentation, let source, let reason):
            line.set("type", .string("rejected"))
            line.set("presentation", .string(presentation.name))
            line.set("source", .string(source.rawValue))
            line.set("reason", .string(reason.description))
        }
        if explain, case .rejected(_, _, let reason) = kind {
            var figures = JSONLine()
            figures.set("rule", .string(reason.policyRule))
            line.set("explain", .object(figures))
        }
        if explain, let explanation {
            var figures = JSONLine()
            figures.set("projectedOffset", .number(explanation.projectedOffset))
            figures.set("threshold", .number(explanation.threshold))
            figures.set("velocity", .number(explanation.velocity))
            figures.set("margin", .number(explanation.margin))
            line.set("explain", .object(figures))
        }
        return line
    }
}

extension Detent {
    /// `"medium"`, `"large"`, or the custom height in points.
    var jsonValue: JSONLine.Value {
        switch self {
        case .medium: .string("medium")
        case .large: .string("large")
        case .custom(let height): .number(height)
        }
    }
}
