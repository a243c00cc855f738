import DismissKitCore

/// A presentation's fields as a host gives them one call at a time, without JSON (the C
/// library's `dk_presentation_fields`, the WebAssembly module's present and update): kept as the
/// scene file's keys and values, written by the wire codec into the present or update command
/// (``TypedCommand``). A value the command cannot take (a number that is not finite, a name
/// outside its set) is not kept: the first becomes ``problem``, which the command is refused with.
/// Number arguments are named in messages as the caller named them (`named:`).
public struct PresentationFields {
    /// The fields set, in the order first set.
    public private(set) var fields: [(key: String, value: JSONLine.Value)] = []
    /// Why the fields cannot be given: the first value refused, said as the caller gave it.
    public private(set) var problem: String?
    /// Whether a call has started the detents or pass-through list since the fields were made:
    /// the first replaces the list, the next ones add to it.
    private var detentsStarted = false
    private var passthroughStarted = false

    public init() {}

    /// Keeps the first problem: the one a caller fixes first.
    public mutating func refuse(_ message: String) {
        if problem == nil { problem = message }
    }

    public mutating func setStyle(_ style: PresentationStyle) {
        set("style", .string(style.rawValue))
    }

    /// Adds a detent; the first call replaces the default, ["large"]. A custom height is named
    /// `name` if it is not finite.
    public mutating func addDetent(_ detent: Detent, named name: String) {
        guard let value = value(of: detent, named: name) else { return }
        append(value, toList: "detents", replacing: !detentsStarted)
        detentsStarted = true
    }

    public mutating func setSelectedDetent(_ detent: Detent, named name: String) {
        guard let value = value(of: detent, named: name) else { return }
        set("selectedDetent", value)
    }

    public mutating func setGrabber(_ grabber: Bool) {
        set("grabber", .bool(grabber))
    }

    public mutating func setHeaderHeight(_ height: Double, named name: String) {
        guard finite([(name, height)]) else { return }
        set("headerHeight", .exactNumber(height))
    }

    /// How far the content is scrolled ("content": {"offset": …}).
    public mutating func setContentOffset(_ offset: Double, named name: String) {
        guard finite([(name, offset)]) else { return }
        set("content", .object(Self.content(offset: offset)))
    }

    public mutating func setModal(_ modal: Bool) {
        set("modal", .bool(modal))
    }

    public mutating func setUnsavedChanges(_ unsaved: Bool) {
        set("unsavedChanges", .bool(unsaved))
    }

    public mutating func setDismissible(_ dismissible: Bool) {
        set("dismissible", .bool(dismissible))
    }

    /// What a tap outside does; nil goes back to the style's default (null, for an update).
    public mutating func setTapOutside(_ action: TapOutsideAction?) {
        set("tapOutside", action.map { .string($0.rawValue) } ?? .null)
    }

    /// The rectangle `key` ("frame" or "anchor"); nil removes it (null, for an update). Its
    /// numbers are named `prefix` + x, y, width, height if one is not finite.
    public mutating func setRectangle(_ key: String, _ rectangle: Rectangle?, named prefix: String) {
        guard let rectangle else {
            set(key, .null)
            return
        }
        guard let value = value(of: rectangle, named: prefix) else { return }
        set(key, value)
    }

    /// Adds a pass-through region; the first call replaces the list.
    public mutating func addPassthrough(_ rectangle: Rectangle, named prefix: String) {
        guard let value = value(of: rectangle, named: prefix) else { return }
        append(value, toList: "passthrough", replacing: !passthroughStarted)
        passthroughStarted = true
    }

    /// No pass-through regions.
    public mutating func clearPassthrough() {
        set("passthrough", .array([]))
        passthroughStarted = true
    }

    /// The fields as one JSON object.
    public var object: JSONLine {
        var object = JSONLine()
        for (key, value) in fields { object.set(key, value) }
        return object
    }

    /// A rectangle in points as the caller gives it.
    public struct Rectangle {
        public var x, y, width, height: Double

        public init(x: Double, y: Double, width: Double, height: Double) {
            (self.x, self.y, self.width, self.height) = (x, y, width, height)
        }
    }

    /// "content"'s object for `offset`.
    static func content(offset: Double) -> JSONLine {
        var content = JSONLine()
        content.set("offset", .exactNumber(offset))
        return content
    }

    /// Sets `key`, replacing what it held.
    private mutating func set(_ key: String, _ value: JSONLine.Value) {
        if let index = fields.firstIndex(where: { $0.key == key }) {
            fields[index].value = value
        } else {
            fields.append((key, value))
        }
    }

    /// Appends `value` to the list `key`, or with `replacing` starts the list anew with it.
    private mutating func append(_ value: JSONLine.Value, toList key: String, replacing: Bool) {
        var values: [JSONLine.Value] = []
        if !replacing, let index = fields.firstIndex(where: { $0.key == key }), case .array(let current) = fields[index].value {
            values = current
        }
        set(key, .array(values + [value]))
    }

    /// Whether `numbers` are all finite; the first that is not becomes the problem.
    private mutating func finite(_ numbers: [(name: String, value: Double)]) -> Bool {
        guard let message = TypedCommand.nonFiniteNumber(among: numbers) else { return true }
        refuse(message)
        return false
    }

    /// A detent as the scene spells it, or nil (with the problem kept) for a height not finite.
    private mutating func value(of detent: Detent, named name: String) -> JSONLine.Value? {
        switch detent {
        case .medium: return .string("medium")
        case .large: return .string("large")
        case .custom(let height): return finite([(name, height)]) ? .exactNumber(height) : nil
        }
    }

    /// A rectangle as the scene spells it, or nil (with the problem kept) for a number not finite.
    private mutating func value(of rectangle: Rectangle, named prefix: String) -> JSONLine.Value? {
        guard finite([(prefix + "x", rectangle.x), (prefix + "y", rectangle.y), (prefix + "width", rectangle.width),
                      (prefix + "height", rectangle.height)]) else { return nil }
        var object = JSONLine()
        object.set("x", .exactNumber(rectangle.x))
        object.set("y", .exactNumber(rectangle.y))
        object.set("width", .exactNumber(rectangle.width))
        object.set("height", .exactNumber(rectangle.height))
        return .object(object)
    }
}
