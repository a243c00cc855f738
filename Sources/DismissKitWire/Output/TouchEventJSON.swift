import DismissKitCore

extension TouchEvent {
    /// The event as one output line: `type`, `time`, and for all but frames `slot`
    /// and `seatSlot`; `down` and `motion` add `xMM`, `yMM`, `x`, `y`, rounded to 0.001.
    public var jsonLine: JSONLine { jsonLine(exact: false) }

    /// The event as one output line; with `exact`, positions have every digit needed to read
    /// back the same `Double`, so a consumer gets the values the pipeline gets.
    public func jsonLine(exact: Bool) -> JSONLine {
        var line = JSONLine()
        line.set("type", .string(kind.rawValue))
        line.set("time", .integer(time))
        guard kind != .frame else { return line }
        line.set("slot", .integer(Int64(slot)))
        line.set("seatSlot", .integer(Int64(seatSlot)))
        if let point {
            let number: (Double) -> JSONLine.Value = exact ? { .exactNumber($0) } : { .number($0) }
            line.set("xMM", number(point.xMM))
            line.set("yMM", number(point.yMM))
            line.set("x", number(point.x))
            line.set("y", number(point.y))
        }
        return line
    }
}
