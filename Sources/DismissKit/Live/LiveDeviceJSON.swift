extension LiveDevice {
    /// The protocol's line for a device that came or went:
    /// `{"change":"added"|"removed","keyboard":…,"name":…,"node":…,"touch":…,"type":"device"}`.
    public func changeJSONLine(added: Bool) -> JSONLine {
        var line = JSONLine()
        line.set("type", .string("device"))
        line.set("change", .string(added ? "added" : "removed"))
        line.set("name", .string(name))
        line.set("node", .string(node))
        line.set("touch", .bool(isTouch))
        line.set("keyboard", .bool(isKeyboard))
        return line
    }
}
