import DismissKitCore

extension GestureDecision {
    /// The decision as one `--explain` line: `type` `decision`, its `decision` name, `time`,
    /// `presentation`, `seatSlot`, the point (`x`, `y`), its figures and the `rule` in words;
    /// `names` are its pipeline's (``DismissalPipeline/names``).
    public func jsonLine(names: PresentationNames) -> JSONLine {
        var line = JSONLine()
        line.set("type", .string(GestureDecision.lineType.description))
        line.set("decision", .string(name))
        line.set("time", .integer(time))
        if let presentation { line.set("presentation", .string(names.name(of: presentation))) }
        line.set("seatSlot", .integer(Int64(seatSlot)))
        line.set("x", .number(x))
        line.set("y", .number(y))
        line.set("rule", .string(rule))
        switch kind {
        case .dragStarted(let origin, let dx, let dy, let slop):
            line.set("origin", .string(origin.rawValue))
            line.set("dx", .number(dx))
            line.set("dy", .number(dy))
            line.set("slop", .number(slop))
        case .crossAxis(let dx, let dy, let slop):
            line.set("dx", .number(dx))
            line.set("dy", .number(dy))
            line.set("slop", .number(slop))
        case .tapMovedPastSlop(let distance, let slop):
            line.set("distance", .number(distance))
            line.set("slop", .number(slop))
        case .tapOutside(let duration, let limit), .tapTooLong(let duration, let limit),
             .grabberTap(let duration, let limit), .grabberTapTooLong(let duration, let limit):
            line.set("duration", .integer(duration))
            line.set("tapMaxDuration", .integer(limit))
        case .secondContact(let ended):
            line.set("ended", .string(ended.rawValue))
        case .keyboardTouch(let keyboardTop):
            line.set("keyboardTop", .number(keyboardTop))
        case .touchRefused:
            break  // the rule says why
        }
        return line
    }
}
